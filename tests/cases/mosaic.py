"""Mosaic's declarations for the shared rituals (tests/test_rituals.py)."""

import re

from declarations import GenerateRun, OurIds, Oversized, Seed, TathamIds, VerifyCase, data_text

from puzzlelab.solvers.mosaic import PUZZLE

ALIASES = ("fillapix", "Fill-a-Pix")

# one game ID a line
TATHAM_IDS = TathamIds("mosaic_tatham.txt", count=22)

# squares and rectangles
OUR_IDS = OurIds(({"size": 3}, {"size": 5}, {"size": 10}, {"width": 12, "height": 4}, {"width": 3, "height": 30}))

# (text, line)
BAD_INPUTS = [
    ("4..\n..\n...", 2),  # ragged
    ("4..\n.x.\n...", 2),  # a cell that is no number
    ("[['4', ' '],\n [' ', '10']]", 2),  # two digits in a cell
    ('{"grid": ["4.", ".3"], "width": 3}', 1),
    ('{"grid": "4."}', 1),  # the field's line
    ('["4."]', 1),  # brackets: read as the seed's array
]

OVERSIZED = Oversized(
    ("\n".join(["." * 101] * 2), "101x101:" + "z" * 392 + "i", "[[" + "' ', " * 101 + "]]"),
    "mosaic board 101x.* is too large: at most 100x100",
)

BOM_BOARD = "1....\n..9..\n....0"

def grid(text: str) -> tuple[tuple[bool, ...], ...]:
    """The quoted cells of a printed array ('B' black, anything else white), or rows of B
    and W, as a solution."""
    rows = []
    for line in text.strip().splitlines():
        cells = re.findall(r"'(.)'", line) if "'" in line else [ch for ch in line if ch in "BW"]
        if cells:
            rows.append(tuple(ch == "B" for ch in cells))
    return tuple(rows)

VERIFY_CASES = [VerifyCase(board, grid(bad), problem, "is") for bad, board, problem in [
    ("WBWB\nBBWW\nBBBW\nBWWW", PUZZLE.example, "r1c2 says 4, its block has 3 black"),  # an inner block
    ("BBWB\nBBWW\nBBBW\nBWWW", "...\n...\n..9", "solution is not 3x3"),
    ("BBW\nBBW\nWWW", "4..\n...\n..2", "r3c3 says 2, its block has 1 black"),  # a corner block is 2x2
    ("BBW\nBBW\nWWW", "...\n...\n.3.", "r3c2 says 3, its block has 2 black"),  # an edge block is 2x3
    ("BBB\nBBB\nBBB", "...\n.8.\n...", "r2c2 says 8, its block has 9 black"),  # its own cell counts
    ("BBW\nBBW\nWWW", "7..\n...\n...", "r1c1 says 7, its block has 4 black"),  # more than a corner holds
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"size": 8}, 40, 11),
    ({"size": 15}, 10, 12),
    ({"size": 25}, 3, 13),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 101}, "--size must be at most 100"),
]

GENERATE_RUNS = [GenerateRun(("--size", "6", "--count", "2"), "m.jsonl", 2)]

SEED = Seed(data_text("mosaic_seed.txt"), data_text("mosaic_seed_solution.txt"), grid,
            array_row="  [' ', 'B', ' ', ' ', ' ', ' ', ' ', ' ', 'B', ' ', 'B', ' ', ' ', 'B', 'B'],",
            text_row="WBWWWWWWBWBWWBB")
