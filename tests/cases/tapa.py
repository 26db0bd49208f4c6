"""Tapa's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.tapa import PUZZLE

ALIASES = ("Tapa", "TAPA")

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")

# (text, line, words of the message)
BAD_INPUTS = [
    (". 3\n. . .", 2, "row"),  # ragged
    (". 9\n. .", 1, "bad cell '9'"),
    (". x\n. .", 1, "bad cell 'x'"),
    (". .\n. 3,0", 2, "0 stands only alone"),
    (". .\n. 5,3", 2, "more than the 8 cells of a ring"),
    (". .\n. 1,1,1,1,1", 2, "bad cell"),
    (". .\n. 2,2,2", 2, "more than the 8 cells"),
    ("https://puzz.link/p?tapa/2/2/A", 1, "'A' is not a clue or a run of cells without one"),
    ("https://puzz.link/p?tapa/2/2/f0", 1, "'f0' is no clue"),
    ("https://puzz.link/p?tapa/2/2/a", 1, "'a' is not a two-character clue"),
    ("https://puzz.link/p?tapa/2/2/11111", 1, "goes on after the board's last cell"),
    ("https://puzz.link/p?tapa/2/2/ax", 1, "no Tapa clue"),  # 5 and 3: no room around a ring
    ("https://puzz.link/p?tapa/x/2/2/1", 1, "with the flags 'x'"),
    (EXAMPLE_JSON.replace('"5"', "true"), 1, "row 1 has true: a cell is null or a clue"),
    (EXAMPLE_JSON.replace('"5"', '"55"'), None, "more than the 8 cells"),
]

OVERSIZED = Oversized(("\n".join([" ".join("." * 31)] * 2), "https://puzz.link/p?tapa/31/4/",
                       '{"width": 31, "grid": [[null]]}'),
                      "tapa board 31x.* is too large: at most 30x30")

BOM_BOARD = PUZZLE.example


def shading(text: str) -> tuple[tuple[bool, ...], ...]:
    """Rows of `#` (shaded) and anything else (unshaded), cells separated by spaces."""
    return tuple(tuple(t == "#" for t in line.split()) for line in text.strip().splitlines())


SOLVED = "# 5 # .\n# # # #\n. # . #\n2 # 2,1 ."
VERIFY_CASES = [VerifyCase(board, shading(bad), problem, "is") for board, bad, problem in [
    (PUZZLE.example, "# # # .\n# # . #\n. # . #\n. # . .", "r1c2 holds the clue 5 but is shaded"),
    (PUZZLE.example, "# . # .\n# # # #\n. # # #\n. . . .", "r4c3 says 2,1, its ring has runs 3"),
    (PUZZLE.example, "# . # #\n# # # #\n. # . #\n. # . .", "the 2x2 block at r1c3 is all shaded"),
    (PUZZLE.example, "# . # .\n# # # .\n. # . .\n. # . #", "shaded cells form 2 groups, not one"),
    (". .\n. .", ". .\n. .", "no cell is shaded"),
    (PUZZLE.example, "# .\n. .", "solution is not 4x4"),
]]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 31}, "--size must be at most 30"),
    ({"height": 0}, "--height must be at least 1"),
    ({"shaded": 80}, "--shaded must be at most 75"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2", "--seed", "2"), "t.jsonl", 2, has=('"puzzle": "tapa"',)),
    GenerateRun(("--width", "6", "--height", "4", "--count", "2", "--symmetric"), "t.csv", 2, has=(",tapa,",)),
]

# (generator options, how many, seed)
MANY_GENERATED = [({}, 10, 11), ({"size": 5}, 30, 12), ({"width": 12, "height": 7}, 5, 13)]
