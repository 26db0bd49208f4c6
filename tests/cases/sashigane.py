"""Sashigane's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.sashigane import PUZZLE, first_cell_labels

ALIASES = ("L-shapes", "Sashigane")

# (text, line, words of the message)
BAD_INPUTS = [
    (". .\n. . .", 2, "row 2 has 3 cells, expected 2"),
    (". x\n. .", 1, "bad cell 'x'"),
    ("2 .\n. .", 1, "number 2 out of range 3..3"),  # no L has fewer than 3 cells
    (". 9\n. .\n. .", 1, "number 9 out of range 3..4"),  # nor more than a row and a column
    ("https://puzz.link/p?sashigane/3/2/7k", 1, "r1c1 holds the number 7, out of range 3..4"),
    ("https://puzz.link/p?sashigane/3/2/!", 1, "'!' is not a clue or a run of empty cells"),
    ("https://puzz.link/p?sashigane/3/2/-3", 1, "not 2 hex digits"),
    ("https://puzz.link/p?sashigane/3/2/zg", 1, "goes on after"),
    ("https://puzz.link/p?sashigane/x/3/2/g", 1, "flags 'x'"),
    ("pzprv3/sashigane/2/3/o x . /. . . /0 0 /0 0 /0 0 0 /", 5, "'x' is no Sashigane cell"),
    ("pzprv3/sashigane/2/3/o9 . . /. . . /0 0 /0 0 /0 0 0 /", 5, "holds the number 9, out of range 3..4"),
    ('{"width": 2, "height": 1, "grid": [[null, true]]}', 1, "row 1 holds true"),
    ('{"width": 2, "height": 1, "grid": [[null, "5"]]}', 1, "row 1 holds '5'"),  # a number is a JSON number
    ("https://puzz.link/p?sashigane/1/3/g", 1, "too small: at least 2x2"),
]

OVERSIZED = Oversized((" ".join(["."] * 31) + "\n. .", '{"width": 31, "height": 31, "grid": [[null]]}',
                       "https://puzz.link/p?sashigane/31/2/zz", "pzprv3/sashigane/2/31/"),
                      "sashigane board 31x.* is too large: at most 30x30")

BOM_BOARD = PUZZLE.example


def labels(text: str) -> tuple[tuple[int, ...], ...]:
    """A division from rows of region names, as a solution: each region labelled by the number
    of its first cell."""
    return first_cell_labels([line.split() for line in text.strip().splitlines()])


# the example's one solution
EXAMPLE_SOLUTION = labels("1 1 2 2\n1 3 3 2\n4 3 5 2\n4 4 5 5")

VERIFY_CASES = [
    VerifyCase(PUZZLE.example.replace("3", "4", 1), EXAMPLE_SOLUTION,
               "the region of the circle at r1c1 has 3 cells, its number says 4", "is"),
    VerifyCase("3 o . .\n. . . .\n. . . .\n. . . <", EXAMPLE_SOLUTION, "the circle at r1c2 is not the corner of its L",
               "is"),
    VerifyCase("3 . . .\n. o . .\n. . . .\n. . < .", EXAMPLE_SOLUTION,
               "the arrow at r4c3 is not at the end of an arm of its L", "is"),  # at its corner
    VerifyCase("3 . . .\n. o . .\n. . . .\n. . . ^", EXAMPLE_SOLUTION,
               "the arrow at r4c4 does not point along its arm to the corner", "is"),
    VerifyCase(". . .\n. . .", labels("1 1 1\n2 2 2"),
               "the region from r1c1 (3 cells) is not an L of two straight arms, each at least two cells long", "is"),
    VerifyCase(". . . . . .\n. . . . . .", labels("1 1 2 1 1 3\n1 2 2 1 3 3"),
               "the region from r1c1 (6 cells) is not an L", "starts", rule="a region in two pieces"),
    VerifyCase(PUZZLE.example, ((1, 1, 2, 2), (1, 3, 3, 2), (4, 3, 5, 2), (4, 4, 5, 0)),
               "r4c4 holds '0': labels are whole numbers from 1", "is"),
    VerifyCase(PUZZLE.example, EXAMPLE_SOLUTION[:2], "solution is not 4x4", "is"),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 31}, "--size must be at most 30"),
    ({"most": 3}, "--most must be at least 4"),
    ({"plain": 2}, "--plain must be at most 1"),
]

BAD_GENERATOR_PARAMS = [
    ({"size": 3}, "a 3x3 board cannot be divided into L's"),
    ({"size": 2}, "a 2x2 board cannot be divided into L's"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "6", "--count", "2", "--seed", "3"), "s.jsonl", 2,
                has=('"puzzle": "sashigane"', '"unique": true', '"puzzlink_url": "https://puzz.link/p?sashigane/6/6/')),
    GenerateRun(("--width", "7", "--height", "5", "--plain", "0", "--count", "1"), "s.csv", 1, called="l-shapes"),
]

# (generator options, how many, seed)
MANY_GENERATED = [({}, 20, 11), ({"size": 10}, 10, 12), ({"width": 12, "height": 7, "plain": 0}, 10, 13)]
