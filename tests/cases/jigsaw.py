"""Jigsaw sudoku's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase, digit_grid

from puzzlelab.solvers.jigsaw import PUZZLE

ALIASES = ("jigsaw-sudoku", "irregular-sudoku", "Jigsaw")

# his 4, 6 and 9 boards, the 9 ones at each of his six difficulties and with X's diagonals
TATHAM_IDS = TathamIds("jigsaw_tatham.txt", count=27, cpsat_every=4)

# from his least size up, and with the diagonals
OUR_IDS = OurIds(({"size": 2}, {"size": 5}, {"size": 9}, {"size": 6, "diagonals": 1}))

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")
DIGITS = ". . . 2\n. . 1 .\n. . . .\n. . . 4\n"

# (text, line, words of the message)
BAD_INPUTS = [
    (DIGITS + "ABBC\nABBC\nAADC", 7, "7 lines: a 4x4 jigsaw is 4 rows of digits, then 4 rows of regions"),
    (DIGITS + "ABBC\nABBC\nAADC\nDDCC", 8, "region 'C' has more than 4 cells"),
    (DIGITS + "ABBC\nABBC\nAADC\nDDD", 8, "row has 3 cells, expected 4"),
    (DIGITS + "ABBC\nABBC\nAADC\nDADC", 8, "region 'A' has more than 4 cells"),
    (DIGITS + "AB!C\nABBC\nAADC\nDDDC", 5, "bad region name '!'"),
    (DIGITS.replace("4\n", "5\n") + "ABBC\nABBC\nAADC\nDDDC", 4, "digit 5 out of range 1..4"),
    (". . . 2\n. . 1 .\n. . . .\n. . . 4\nABBA\nCBBC\nDDEE\nFFEE", 5, "6 regions on a 4x4 board"),
    (". .\n. .\nAB\nBA", 4, "region 'B' is in two pieces"),
    ("diagonals", None, "no rows of digits"),
    ("4j:p,aaa__cb__b__", 1, "a block structure of 22 of the 25 line places"),
    ("4j:p,aa!", 1, "unexpected '!' in a block structure"),
    ("4j:p," + "_" * 25, 1, "a 4x4 jigsaw has 4 blocks of 4 cells"),
    ("3x3:p", 1, "is a sudoku of boxes"),
    ("4jk:p,a,b,c", 1, "is a killer sudoku"),
    (EXAMPLE_JSON.replace('"diagonals": false', '"diagonals": 0'), 1, "'diagonals' must be true or false"),
    (EXAMPLE_JSON.replace("[[0, 1, 1, 2]", "[[1, 0, 1, 2]"), 1, "region '1' is in two pieces (r1c3 is cut off)"),
]

OVERSIZED = Oversized(("\n".join([". " * 17] * 34), "17j:a,b", "4x5j:a,b",
                       '{"grid": [], "regions": ["' + "A" * 17 + '"]}'),
                      r"jigsaw board \d+x\d+ is too large: at most 16x16")

BOM_BOARD = PUZZLE.example

grid = digit_grid
REGIONS = "ABBC\nABBC\nAADC\nDDDC"
EMPTY = ". . . .\n" * 4 + REGIONS
VERIFY_CASES = [VerifyCase(board, grid(bad), problem, "is") for board, bad, problem in [
    (PUZZLE.example, "2 4 3 1\n4 1 2 3\n1 3 4 2\n3 2 1 4", "r1c4 is 1, the given is 2"),
    (EMPTY, "1 2 3 4\n2 3 4 1\n4 1 2 3\n3 4 1 2", "region 1 does not hold each digit 1..4 once"),
    (EMPTY, "1 4 3 2\n4 2 1 3\n2 3 4 1\n3 1 2 2", "row 4 does not hold each digit 1..4 once"),
    (EMPTY, "1 4 3 2\n4 2 1 3\n2 3 4 1\n3 1 2 5", "r4c4 holds 5, not a digit 1..4"),
    (EMPTY + "\ndiagonals", "1 4 3 2\n4 2 1 3\n2 3 4 1\n3 1 2 4",
     "the main diagonal does not hold each digit 1..4 once"),
    (EMPTY, "1 4 3 2", "solution is not 4x4"),
]]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 13}, "--size must be at most 12"),
    ({"size": 1}, "--size must be at least 2"),
    ({"size": 3, "diagonals": 1}, "--diagonals needs a board of at least 4x4"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "6", "--count", "2"), "j.jsonl", 2, has=('"puzzle": "jigsaw"', '"tatham_id": "6j:')),
    GenerateRun(("--size", "5", "--count", "1"), "j.csv", 1, called="irregular-sudoku",
                header_starts="id,puzzle,question,answer,clues,solution"),
]

# (generator options, how many, seed)
MANY_GENERATED = [({"size": 6}, 20, 11), ({}, 10, 12), ({"diagonals": 1}, 5, 13)]
