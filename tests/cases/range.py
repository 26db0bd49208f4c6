"""Range's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import DATA, GenerateRun, OurIds, Oversized, Seed, TathamIds, VerifyCase, data_text

from puzzlelab.lab.engine.generator import GenerateOptions
from puzzlelab.solvers.range import PUZZLE

ALIASES = ("kurodoko", "Range")

SEED_BOARD = (DATA / "range_seed.txt").read_text()

# two sizes and more (Range has no grades); a line's first word is the size asked for
TATHAM_IDS = TathamIds("range_tatham.txt", count=28, cpsat_every=4, as_asked=False)

# several sizes, symmetric or not
OUR_IDS = OurIds(({}, ({"size": 5}, GenerateOptions(symmetric=True)), {"width": 12, "height": 8},
                  {"width": 3, "height": 7}, {"size": 2}))

# (text, line)
BAD_INPUTS = [
    (". 3\n. . .", 2),  # ragged
    (". 9\n. .", 1),  # a number out of range on a 2x2 board (at most 3)
    (". x\n. .", 1),
    (". .\n. 0", 2),
    ("[[-1, 3],\n [-1, 'a']]", 2),
    ("[[-1, 3],\n [-1, True]]", 2),
    ("[[-1, 3],\n [None, 2]]", 2),
    ('{"grid": [[null, 3], [null, "2"]]}', 1),  # the field's line
    ('{"grid": [[null, 3], [null, 2]], "width": 3}', 1),  # the field's line
]

OVERSIZED = Oversized(
    ("\n".join([" ".join("." * 31)] * 2), "31x31:" + "z" * 36 + "y", "[[" + "-1, " * 31 + "]]"),
    "range board 31x.* is too large: at most 30x30",
)

BOM_BOARD = SEED_BOARD

def shading(text: str) -> tuple[tuple[bool, ...], ...]:
    """Rows of cells, 'B' or '#' shaded, anything else white (the seed's output, our text)."""
    rows = [line.split() for line in text.strip().splitlines() if line.strip()]
    return tuple(tuple(t in ("B", "#") for t in row) for row in rows)

VERIFY_CASES = [VerifyCase(PUZZLE.example, shading(bad), problem, "is") for bad, problem in [
    ("# . # .\n. . . .\n. 5 # .\n# . 2 #", "r1c3 holds 3 but is shaded"),  # rule 1: numbers stay white
    ("# . 3 .\n. . . #\n. 5 # .\n# . 2 #", "r1c3 sees 4 white cells, its number says 3"),  # rule 1: the count
    ("# . 3 #\n. . . .\n. 5 # #\n# . 2 .", "shaded r3c3 and r3c4 touch"),  # rule 2
    ("# . 3 #\n# . . .\n. 5 # .\n# . 2 #", "shaded r1c1 and r2c1 touch"),  # rule 2, down
    ("# . 3 .\n. . # .\n# 5 . .\n. # 2 #", "white cells form 2 regions, not one"),  # rule 3
    ("# .\n. .", "solution is not 4x4"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({}, 50, 11),
    ({"width": 16, "height": 11}, 10, 12),
    ({"size": 3}, 30, 13),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 31}, "--size must be at most 30"),
    ({"height": 0}, "--height must be at least 1"),
]

GENERATE_RUNS = [
    GenerateRun(("--width", "7", "--height", "5", "--count", "3", "--seed", "2", "--symmetric"), "r.csv", 3,
                has=(",range,", "7x5:")),  # 7x5: the Tatham ID column
]

SEED = Seed(SEED_BOARD, data_text("range_seed_solution.txt"), shading)
