"""Signpost's declarations for the shared rituals (tests/test_rituals.py)."""

import re

from declarations import GenerateRun, OurIds, Oversized, Seed, TathamIds, VerifyCase, data_text

from puzzlelab.solvers.signpost import PUZZLE

ALIASES = ("arrowpath", "Signpost")

# corners and free ends, 4x4 to 7x7 ('c' is how a board was made, not a rule)
TATHAM_IDS = TathamIds("signpost_tatham.txt", count=30)

OUR_IDS = OurIds(({"size": 4}, {"size": 5, "corners": 0}, {"size": 6}, {"width": 7, "height": 3, "corners": 0},
                  {"width": 2, "height": 5}))

# (text, line, message)
BAD_INPUTS = [
    ("E S\nE", 2, "row 2 has 1 cells"),
    ("E S\nE X", 2, "bad arrow 'X'"),
    ("E S\nE 5*", 2, "number 5 is out of range 1..4"),
    ("E S\n0E *", 2, "number 0"),
    ("E *\nE *", 1, "two cells without an arrow"),
    ("E S\nE ?", 2, "bad cell '?'"),
    ("[['D', 'Q'],\n ['D', 'K']]", 2, "bad arrow 'K'"),
    ("[['D', 'Q'],\n ['D', ' ']]\n[[1, 0],\n [0, 'x']]", 4, "bad number 'x'"),
    ("[['D', 'Q'],\n ['D', ' ']]\n[[1, 0]]", 3, "grid has 1 rows, expected 2"),
    ('{"arrows": [["E", "S"], ["E", "*"]], "numbers": [[1, 0], [0, true]]}', None,
     "bad number 'True' in numbers row 2"),
    ('{"arrows": [["E", "S"], ["E", "*"]], "width": 3}', 1, "JSON says width '3' but the grid has 2"),
    ('{"numbers": [[1]]}', 1, "signpost JSON needs 'arrows'"),
]

OVERSIZED = Oversized(
    ("\n".join([" ".join(["E"] * 10)] * 2), "10x2:" + "c" * 20, "[[" + "'D', " * 10 + "]]"),
    "signpost board 10x.* is too large: at most 9x9",
)

BOM_BOARD = PUZZLE.example

def grid(text: str) -> tuple[tuple[int, ...], ...]:
    """Rows of numbers (anything else between them ignored) as a solution."""
    rows = [[int(n) for n in re.findall(r"\d+", line)] for line in text.strip().splitlines()]
    return tuple(tuple(row) for row in rows if row)

VERIFY_CASES = [VerifyCase(board, grid(bad), problem, "is") for bad, board, problem in [
    ("1 2\n3 4", "2E SW\nE  *", "r1c1 is 1, the clue says 2"),
    ("1 2\n2 4", "E  SW\nE  *", "number 3 is missing"),
    ("1 2\n2 4", "E  SW\nE  *", "number 2 is in 2 cells: r1c2, r2c1"),
    ("1 2\n3 5", "E  SW\nE  *", "r2c2 holds 5, not a number from 1 to 4"),
    ("2 1\n3 4", "E  SW\nE  *", "1 at r1c2 points SW, not at 2 at r1c1"),
    ("1 2\n4 3", "E  SW\nE  *", "r2c2 has no arrow, so it is the last (4), not 3"),
    ("1 2 3", "E  SW\nE  *", "solution is not 2x2"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"size": 7}, 20, 11),
    ({"size": 8, "corners": 0}, 5, 12),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"ends": 2}, "--ends must be at most 1"),
    ({"corners": 2}, "--corners must be at most 1"),
    ({"size": 13}, "--size must be at most 9"),
]

# (generator parameters, message)
BAD_GENERATOR_PARAMS = [
    ({"size": 1}, "at least two cells"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--corners", "0", "--count", "3"), "s.jsonl", 3, has=('"tatham_id": "5x5:',)),
    GenerateRun(("--size", "4", "--count", "2"), "s.csv", 2, header_has=("clues", "solution")),
]

SEED = Seed(data_text("signpost_seed.txt"), data_text("signpost_seed_solution.txt"), grid,
            array_row="  [1, 42, 23, 7, 43, 44, 24],",
            text_row="1SE  42E  23E  7S   43E  44SW 24S")
