"""Double Choco's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.dbchoco import PUZZLE, first_cell_labels

ALIASES = ("Double Choco", "double-choco", "DoubleChoco")

# (text, line, words of the message)
BAD_INPUTS = [
    (". #\n. # .", 2, "row 2 has 3 cells, expected 2"),
    (". x\n# .", 1, "bad cell 'x'"),
    (". 3\n# .", 1, "number 3 out of range 1..2"),  # half the board at most
    (". #0\n# .", 1, "number 0 out of range 1..2"),
    ("https://puzz.link/p?dbchoco/2/2/63", 1, "r1c1 holds the number 3, out of range 1..2"),
    ("https://puzz.link/p?dbchoco/2/2/6!", 1, "'!' is not a number or a run of empty cells"),
    ("https://puzz.link/p?dbchoco/2/2/611111", 1, "goes on after"),
    ("https://puzz.link/p?dbchoco/x/2/2/6", 1, "flags 'x'"),
    ("https://puzz.link/p?dbchoco/2/2/!", 1, "'!' is not a base-32 digit"),
    ("pzprv3/dbchoco/2/2/. x /- . /0 /0 /0 0 /", 5, "'x' is no Double Choco cell"),
    ("pzprv3/dbchoco/2/2/. -9 /- . /0 /0 /0 0 /", 5, "holds the number 9, out of range 1..2"),
    ('{"width": 2, "height": 1, "grid": [[".", 1]]}', 1, "row 1 holds 1"),
    ('{"width": 2, "height": 1, "grid": [[".", "#x"]]}', 1, "row 1 holds '#x'"),
]

OVERSIZED = Oversized((" ".join(["."] * 11) + "\n. .", '{"width": 11, "height": 11, "grid": [["."]]}',
                       "https://puzz.link/p?dbchoco/11/2/zz", "pzprv3/dbchoco/2/11/"),
                      "dbchoco board 11x.* is too large: at most 10x10")

BOM_BOARD = PUZZLE.example


def labels(text: str) -> tuple[tuple[int, ...], ...]:
    """A division from rows of region names, as a solution: each region labelled by the number
    of its first cell."""
    return first_cell_labels([line.split() for line in text.strip().splitlines()])


# the example's one solution
EXAMPLE_SOLUTION = labels("1 2 3 3\n1 2 3 3\n4 2 2 5\n4 6 6 5")

VERIFY_CASES = [
    VerifyCase(". # .\n# . #", labels("1 1 1\n2 2 2"),
               "the region from r1c1 holds 3 one-coloured pieces", "starts"),
    VerifyCase(". .\n# #", labels("1 1\n2 2"), "the region from r1c1 (2 cells) is all white", "starts"),
    VerifyCase("# . . .\n# # . #", labels("1 1 1 1\n1 1 1 2"), "the region from r1c1: its white and gray halves are "
               "not the same shape", "is"),
    VerifyCase(PUZZLE.example.replace("#1", "#2"), EXAMPLE_SOLUTION,
               "the gray piece of the number at r2c1 has 1 cells, its number says 2", "is"),
    VerifyCase(". # .\n# . #", labels("1 1 2\n2 2 1"), "the region labelled 1 is in two pieces", "starts",
               rule="a label in two pieces"),
    VerifyCase(PUZZLE.example, ((1, 2, 3, 3), (1, 2, 3, 3), (4, 2, 2, 5), (4, 6, 6, 0)),
               "r4c4 holds '0': labels are whole numbers from 1", "is"),
    VerifyCase(PUZZLE.example, EXAMPLE_SOLUTION[:2], "solution is not 4x4", "is"),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 9}, "--size must be at most 8"),
    ({"most": 0}, "--most must be at least 1"),
]

BAD_GENERATOR_PARAMS = [
    ({"size": 3}, "a 3x3 board has an odd number of cells"),
    ({"size": 2, "most": 3}, "--most 3 is more than half the 2x2 board"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "4", "--count", "2", "--seed", "3"), "d.jsonl", 2,
                has=('"puzzle": "dbchoco"', '"unique": true', '"puzzlink_url": "https://puzz.link/p?dbchoco/4/4/')),
    GenerateRun(("--width", "4", "--height", "3", "--count", "1"), "d.csv", 1, called="double-choco"),
]

# (generator options, how many, seed)
MANY_GENERATED = [({}, 10, 11), ({"size": 4}, 20, 12), ({"width": 6, "height": 3}, 10, 13)]
