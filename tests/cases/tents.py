"""Tents' declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, Seed, TathamIds, VerifyCase, data_text

from puzzlelab.solvers.tents import PUZZLE

ALIASES = ("tents-and-trees",)

TATHAM_IDS = TathamIds("tents_tatham.txt", count=20)

OUR_IDS = OurIds(({"size": 4}, {"size": 8}, {"width": 12, "height": 10}, {"width": 5, "height": 9}))

# (text, line)
BAD_INPUTS = [
    ("T... 1\n... 0\n1 0 0 0", 2),  # ragged
    ("T..X 1\n.... 0\n1 0 0 0", 1),  # a cell that is no tree
    ("T... 1\n.... x\n1 0 0 0", 2),  # a bad count
    ("T... 1\n.... 0\n1 0 0", 3),  # a column count short
    ("T... 1 2\n.... 0\n1 0 0 0", 1),  # a row of three words
    ("T... 9\n.... 0\n1 0 0 0", 1),  # more than the cells
    ("T... 1", 1),  # no column counts
    ("board = [['T', ' '], [' ', ' ']]\nside = [1, 0]\ntop = [1, 'x']", 3),
    ("board = [['T', ' '], [' ', 'Q']]\nside = [1, 0]\ntop = [1, 0]", 1),
    ("board = [['T', ' '], [' ', ' ']]\nside = [1, 0]", None),  # no top
    ('{"grid": ["T.", ".."], "rows": [1, 0], "cols": [1, true]}', 1),  # the field's line
    ('{"grid": ["T.", ".."], "rows": [1, 0], "cols": [1, 0], "width": 4}', 1),
]

OVERSIZED = Oversized(
    ("\n".join(["." * 42 + " 0"] * 2) + "\n" + "0 " * 42, "42x42:" + "z" * 70 + "f" + ",0" * 84,
     "board = [[" + "' ', " * 42 + "]]\nside = [0]\ntop = [" + "0, " * 42 + "]"),
    "tents board 42x.* is too large: at most 40x40",
)

BOM_BOARD = PUZZLE.example

def grid(text: str) -> tuple[tuple[bool, ...], ...]:
    """Rows of quoted cells (numpy's print) or of plain characters, 'E' a tent, as a solution."""
    rows = []
    quoted = "'" in text
    for line in text.strip().splitlines():
        cells = line.split("'")[1::2] if quoted else list(line.strip())
        if cells:
            rows.append(tuple(ch == "E" for ch in cells))
    return tuple(rows)

FREE = "? ? ? ?"  # no column counts: each case below breaks one rule only
# (solution, board, problem)
VERIFY_TEXTS = [
    ("E...\n....\n....\n....", "T... ?\n.... ?\n.... ?\n.... ?\n" + FREE, "r1c1: a tent on a tree"),
    (".E..\nE...\n....\n....", "T... ?\n.T.. ?\n.... ?\n.... ?\n" + FREE, "tents r1c2 and r2c1 touch"),
    (".E..\n....\n....\n....", "T... 0\n.... ?\n.... ?\n.... ?\n" + FREE, "row 1 has 1 tents, the count says 0"),
    (".E..\n....\n....\n....", "T... ?\n.... ?\n.... ?\n.... ?\n? 0 ? ?",
     "column 2 has 1 tents, the count says 0"),
    ("....\n....\n....\n....", "T... ?\n.... ?\n.... ?\n.... ?\n" + FREE, "0 tents for 1 trees"),
    ("....\n....\n..E.\n....", "T... ?\n.... ?\n.... ?\n.... ?\n" + FREE, "cannot be paired"),
    ("EE\nEE", "T... ?\n.... ?\n.... ?\n.... ?\n" + FREE, "solution is not 4x4"),
]
VERIFY_CASES = [VerifyCase(board, grid(bad), problem) for bad, board, problem in VERIFY_TEXTS]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"size": 15}, 20, 11),
    ({"size": 12, "strip-counts": 1}, 20, 12),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"strip-counts": 2}, "--strip-counts must be at most 1"),
]

# (generator parameters, message)
BAD_GENERATOR_PARAMS = [
    ({"size": 41}, "too large"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "6", "--strip-counts", "1", "--count", "2"), "t.jsonl", 2, has=("?",),
                lacks=('"tatham_id": "',)),
    GenerateRun(("--size", "6", "--count", "2"), "full.jsonl", 2, has=('"tatham_id": "6x6:',)),
]

SEED = Seed(data_text("tents_seed.txt"), data_text("tents_seed_solution.txt"), grid,
            array_row=("  [' ', 'T', 'E', ' ', ' ', ' ', ' ', 'E', 'T', ' ', 'T', 'E', 'T', "
                       "'E', ' '],"),
            text_row=".TE....ET.TETE.")
