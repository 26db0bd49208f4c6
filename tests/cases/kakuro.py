"""Kakuro's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.kakuro import PUZZLE

ALIASES = ("cross-sums", "Kakuro", "crosssums")

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")
SOLVED = ((0, 0, 0), (0, 1, 7), (0, 3, 9))  # the example's solution

# (text, line, words of the message)
BAD_INPUTS = [
    ("# 4\\\n\\3 x", 2, "bad cell 'x'"),
    ("# 4\\\n\\3 .\n# #\n.  #", 4, "r4c1 is white: the first row and column are black"),
    ("# 50\\\n\\3 .", 1, "r1c2 down sum 50: a run adds up to 1..45"),
    ("# 0\\\n\\3 .", 1, "r1c2 down sum 0"),
    ("# 4\\\n\\3 .\n\\5 #", 3, "r3c1 across sum 5 has no run of white cells after it"),
    ("# 4\\ #\n\\3 .", 2, "row 2 has 2 cells, expected 3"),
    ("#\\ 4\\\n\\3 .", 1, "bad cell '#\\'"),
    ("https://puzz.link/p?kakuro/2/2/4", 1, "'4' is not a cell's two sums"),
    ("https://puzz.link/p?kakuro/2/2/n", 1, "ends before the sum of r1c2 down"),
    ("https://puzz.link/p?kakuro/2/2/n4g8c1", 1, "'1' goes on after the board's last cell"),
    ("https://puzz.link/p?kakuro/2/2/n4g!c", 1, "'!' is not a sum"),
    ("https://puzz.link/p?kakuro/2/2/.", 1, "ends after 1 of the 4 cells"),
    ("https://puzz.link/p?kakuro/3/3/m", 1, "ends after 3 of the 9 cells"),
    ("https://puzz.link/p?kakuro/f/2/2/n4g8c", 1, "with the flags 'f'"),
    (EXAMPLE_JSON.replace('"4\\\\"', '"x"'), 1, "'grid' row 1 has 'x': a cell is"),
    (EXAMPLE_JSON.replace('"4\\\\"', "4"), 1, "'grid' row 1 has 4: a cell is"),
]

OVERSIZED = Oversized(("\n".join(["# " * 41] * 2), "https://puzz.link/p?kakuro/40/4/n",
                       '{"puzzle": "kakuro", "width": 41, "grid": [["#"]]}'),
                      "kakuro board 41x.* is too large: at most 40x40")

BOM_BOARD = PUZZLE.example

VERIFY_CASES = [
    VerifyCase(PUZZLE.example, ((0, 0, 0), (0, 4, 4), (0, 3, 9)), "run r2c1 across holds 4 twice", "is"),
    VerifyCase(PUZZLE.example, ((0, 0, 0), (0, 1, 7), (0, 3, 8)), "run r1c3 down adds up to 15, not 16", "is"),
    VerifyCase(PUZZLE.example, ((0, 0, 0), (0, 0, 7), (0, 3, 9)), "r2c2 holds 0, not a digit 1-9", "is"),
    VerifyCase(PUZZLE.example, ((5, 0, 0), (0, 1, 7), (0, 3, 9)), "r1c1 is black, not a digit", "is"),
    VerifyCase(PUZZLE.example, ((0, 0, 0),), "solution is not 3x3", "is"),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 21}, "--size must be at most 20"),
    ({"size": 2}, "--size must be at least 3"),
    ({"longest": 10}, "--longest must be at most 9"),
    ({"black": 61}, "--black must be at most 60"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "6", "--count", "2"), "k.jsonl", 2, has=('"puzzle": "kakuro"', '"repairs": ')),
    GenerateRun(("--size", "5", "--count", "1"), "k.csv", 1, called="cross-sums",
                header_starts="id,puzzle,question,answer,clues,solution"),
]

# (generator options, how many, seed)
MANY_GENERATED = [({}, 10, 11), ({"size": 6}, 20, 12), ({"size": 14}, 3, 13)]
