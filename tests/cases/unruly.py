"""Unruly's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import OurIds, Oversized, Seed, TathamIds, VerifyCase, data_text

ALIASES = ("takuzu", "Binairo")

TATHAM_IDS = TathamIds("unruly_tatham.txt", count=28)

# squares and rectangles, with and without `unique`
OUR_IDS = OurIds(({"size": 6}, {"size": 8}, {"size": 8, "unique": 1}, {"width": 10, "height": 6},
                  {"width": 6, "height": 12, "unique": 1}))

# (text, line)
BAD_INPUTS = [
    ("W..\n...", 1),  # odd width
    ("W...\n....\n....", 1),  # odd height
    ("W...\n...\n....\n....", 2),  # ragged
    ("W...\n.X..\n....\n....", 2),  # a cell that is no colour
    ("unique", None),  # no rows
    ("[['W', ' '],\n ['B', 'Q']]", 2),
    ('{"grid": ["W.", ".B"], "unique": "yes"}', 1),  # the field's line
    ('{"grid": ["W.", ".B"], "width": 4}', 1),
]

OVERSIZED = Oversized(
    ("\n".join(["." * 42] * 2), "42x42:" + "z" * 70 + "o", "[[" + "' ', " * 42 + "]]"),
    "unruly board 42x.* is too large: at most 40x40",
)

BOM_BOARD = "W.....\n" * 5 + ".....B"

def grid(text: str) -> tuple[tuple[bool, ...], ...]:
    """Rows of W and B (anything else between them ignored) as a solution."""
    rows = ["".join(ch for ch in line if ch in "WB") for line in text.strip().splitlines()]
    return tuple(tuple(ch == "B" for ch in row) for row in rows if row)

VERIFY_CASES = [VerifyCase(board, grid(bad), problem, "is") for bad, board, problem in [
    ("WBBW\nBWWB\nWBWB\nBWBW", "B...\n....\n....\n....", "r1c1 is white, the clue says black"),
    ("WBBB\nBWWB\nWBWW\nBWBW", "....\n....\n....\n....", "row 1 has 3 black cells of 4"),
    ("WBBB\nBWWB\nWBWW\nBWBW", "....\n....\n....\n....", "row 1: three black from cell 2"),
    ("WBBW\nWBWB\nWWBB\nBWWB", "....\n....\n....\n....", "column 1: three white from cell 1"),
    ("WBBW\nWBBW\nBWWB\nBWWB", "unique\n....\n....\n....\n....", "rows 1 and 2 are alike"),
    ("WBWB\nBWBW\nWBWB\nBWBW", "unique\n....\n....\n....\n....", "columns 1 and 3 are alike"),
    ("WB\nBW", "....\n....\n....\n....", "solution is not 4x4"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"size": 10}, 50, 11),
    ({"size": 10, "unique": 1}, 50, 12),
    ({"size": 14}, 10, 13),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"unique": 2}, "--unique must be at most 1"),
]

# (generator parameters, message)
BAD_GENERATOR_PARAMS = [
    ({"size": 7}, "must be even"),
    ({"width": 4, "height": 8, "unique": 1}, "too few distinct lines"),
]

SEED = Seed(data_text("unruly_seed.txt"), data_text("unruly_seed_solution.txt"), grid,
            array_row="  ['W', 'W', 'B', 'B', 'W', 'B', 'W', 'B', 'B', 'W', 'B', 'W', 'W', 'B'],",
            text_row="WWBBWBWBBWBWWB")
