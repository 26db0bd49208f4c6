"""X sudoku's declarations for the shared rituals (tests/test_rituals.py). The module is named as
the puzzle is, `sudoku-x`: import it with importlib (tests/test_sudoku_x.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase, digit_grid

from puzzlelab.solvers.sudoku_x import PUZZLE

ALIASES = ("x-sudoku", "sudokux", "Diagonal-Sudoku")

# his 2x2, 2x3 and 3x3 boards, the 3x3 ones at each of his six difficulties
TATHAM_IDS = TathamIds("sudoku-x_tatham.txt", count=24, cpsat_every=4)

# every box shape up to 3x3, and the 3x2 one (boxes taller than wide)
OUR_IDS = OurIds(({"size": 4}, {"size": 6}, {"size": 6, "box": "3x2"}, {"size": 9}))

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")

# (text, line, words of the message)
BAD_INPUTS = [
    (". 3  . 4\n. .  1\n\n. .  . .\n. .  . .", 2, "row has 3 cells, expected 4"),
    (". 3  . 4\n. .  1 .\n\n. .  . .\n. .  . 5", 5, "digit 5 out of range 1..4"),
    (". 3  . x\n. .  1 .\n\n. .  . .\n. .  . .", 1, "bad cell 'x'"),
    ("boxes 3x2\n. 3  . 4\n. .  1 .\n\n. .  . .\n. .  . .", 1, "boxes 3x2 make a 6x6 grid, not 4x4"),
    ("boxes 1x4\n....\n....\n....\n....", 1, "at least 2x2"),
    (".....\n.....\n.....\n.....\n.....", 1, "a 5x5 grid has no box shape"),
    (".3.4..1........", 1, "a grid on one line needs a square number"),
    ("boxes 2x2", 1, "no rows of digits"),
    ("3x3:p", 1, "has no 'x': a plain sudoku"),
    ("9jx:p,a", 1, "is a jigsaw sudoku"),
    ("3x3xk:p,a,b", 1, "is a killer sudoku"),
    ("2x2x:3o5", 1, "game description is longer than 16 cells"),
    (EXAMPLE_JSON.replace('"box": [2, 2]', '"box": [2, 3]'), 1, "'box' must be [rows, cols]"),
    (EXAMPLE_JSON.replace("[[0, 3, 0, 4]", "[[0, 3, 0, 9]"), 1, "'grid' has 9 at row 1, column 4"),
]

OVERSIZED = Oversized(("\n".join(["." * 17] * 17), "17x1x:a", "4x5x:a", '{"grid": [' + ",".join(["[0]"] * 17) + "]}",
                       "boxes 5x4\n" + ". " * 20),
                      r"sudoku-x board \d+x\d+ is too large: at most 16x16")

BOM_BOARD = PUZZLE.example

grid = digit_grid
SOLVED = "1 3 2 4\n2 4 1 3\n4 2 3 1\n3 1 4 2"  # the example's one solution
EMPTY = ". .  . .\n. .  . .\n\n. .  . .\n. .  . ."
VERIFY_CASES = [VerifyCase(board, grid(bad), problem, "is") for board, bad, problem in [
    (PUZZLE.example, "3 1 2 4\n2 4 3 1\n4 2 1 3\n1 3 4 2", "r1c2 is 1, the given is 3"),
    (EMPTY, "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1", "the main diagonal does not hold each digit 1..4 once"),
    (EMPTY, "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1", "the anti-diagonal does not hold each digit 1..4 once"),
    (EMPTY, "2 3 1 4\n4 1 3 2\n1 4 2 3\n3 2 1 4", "column 3 does not hold each digit 1..4 once"),
    (EMPTY, "2 3 1 4\n4 1 3 2\n1 4 2 3\n3 2 4 4", "row 4 does not hold each digit 1..4 once"),
    (EMPTY, "1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3", "box 1 does not hold each digit 1..4 once"),
    (EMPTY, "2 3 1 4\n4 1 3 2\n1 4 2 3\n3 2 4 5", "r4c4 holds 5, not a digit 1..4"),
    (EMPTY, "2 3 1 4", "solution is not 4x4"),
]]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 17}, "--size must be at most 16"),
    ({"size": 7}, "a 7x7 grid has no box shape"),
    ({"size": 6, "box": "3x"}, "--box must look like 3x3"),
    ({"size": 6, "box": "2x2"}, "box 2x2 makes 4x4, not 6x6"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "6", "--count", "2"), "x.jsonl", 2, has=('"puzzle": "sudoku-x"', '"tatham_id": "2x3x:')),
    GenerateRun(("--size", "4", "--count", "1"), "x.csv", 1, called="x-sudoku",
                header_starts="id,puzzle,question,answer,clues,solution"),
]

# (generator options, how many, seed)
MANY_GENERATED = [({"size": 6}, 20, 11), ({}, 10, 12)]
