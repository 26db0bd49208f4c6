"""Unequal's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import OurIds, Oversized, TathamIds, VerifyCase, digit_grid

from puzzlelab.solvers.unequal import PUZZLE

ALIASES = ("futoshiki",)

# sizes 4, 5 and 6, his five difficulties; the lines start with the difficulty, not the parameters
TATHAM_IDS = TathamIds("unequal_tatham.txt", count=45, as_asked=False)

OUR_IDS = OurIds(tuple({"size": size} for size in (3, 4, 5, 7, 9)))

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")

# (text, line, the message from its start): the text form is a lattice, its marks between the cells
BAD_INPUTS = [
    (". .\n\n. . .", 3, "line 3: row has 3 cells, expected 2"),
    (". .\n. .", 2, "line 2, column 1: '.' on a line of marks between two rows: expected one of ^ v ∧ ∨ or a space"),
    (".x.\n\n. .", 1, "line 1, column 2: 'x' between two cells: expected one of < > or a space"),
    (". .<\n\n. .", 1, "line 1, column 4: '<' after the last cell of the row"),
    (".  .\n\n. .", 1, "line 1, column 3: no cell here"),
    (". .\n v\n. .", 2, "line 2, column 2: 'v' between two columns"),
    (". .\n   v\n. .", 2, "line 2, column 4: 'v' past the last column of cells"),
    (". .\n\n. .\nv", 4, "line 4: the last line is a line of marks"),
    (". .\n\n\n\n. .", 3, "line 3: a blank line where a row of cells belongs"),
    (". 5\n\n. .", 1, "line 1, column 3: r1c2: '5' is not a digit 1..2"),
    (". . .\n\n. . .", 1, "line 1: the grid must be 2 rows of 2"),
    # JSON: a sign is checked where it stands
    (EXAMPLE_JSON.replace('"right": [[null', '"right": [["v"'), 1,
     "line 1: the sign right of r1c1: 'v' is not one of < >"),
    (EXAMPLE_JSON.replace("[[null, 3,", '[[null, "3",'), None, "r1c2: '3' is not a digit 1..4"),
]

OVERSIZED = Oversized(("10:" + "0," * 100,), "unequal board 10x10 is too large: at most 9x9")

BOM_BOARD = PUZZLE.example

grid = digit_grid

VERIFY_CASES = [VerifyCase(board, grid(bad), problem, "is") for board, bad, problem in [
    ("2 .\n\n. .", "1 2\n2 1", "r1c1 is 1, the given is 2"),
    ("1>.\n\n. .", "1 2\n2 1", "the sign r1c1>r1c2 is broken: 1 and 2"),
    (". .\n^\n. .", "2 1\n1 2", "the sign r1c1<r2c1 is broken: 2 and 1"),
    (". .\n\n. .", "1 1\n2 2", "row 1 does not hold each digit 1..2 once"),
    (". .\n\n. .", "1 2\n1 2", "column 1 does not hold each digit 1..2 once"),
    (". .\n\n. .", "1 2", "solution is not 2x2"),
]]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 10}, "--size must be at most 9"),
    ({"size": 0}, "--size must be at least 1"),
]
