"""Loopy's (Slitherlink on Tatham's grids) declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase

from puzzlelab.lab.toolkit.tilings import tiling
from puzzlelab.solvers.loopy import PUZZLE, loop_around

ALIASES = ("loopy-grids", "Loopy")

# two of each grid type (today's triangles, the 7x7 twice; the Penrose ones 10x10 with their patches),
# every difficulty among them
TATHAM_IDS = TathamIds("loopy_tatham.txt", count=34, cpsat_every=3)

# every grid at his least size, and a bigger board of a few
OUR_IDS = OurIds(tuple({"grid": grid, "size": size} for grid, size in (
    ("square", 3), ("triangular", 3), ("honeycomb", 3), ("snubsquare", 3), ("cairo", 4), ("greathexagonal", 3),
    ("octagonal", 3), ("kites", 3), ("floret", 2), ("dodecagonal", 2), ("greatdodecagonal", 2),
    ("greatgreatdodecagonal", 2), ("kagome", 3), ("compassdodecagonal", 2), ("oldtriangular", 3),
    ("honeycomb", 6), ("triangular", 5), ("kitedart", 3), ("rhombs", 3), ("kitedart", 8), ("rhombs", 8))), each=1)

# (text, line[, message])
BAD_INPUTS = [
    ("hexagons 3x2\n4.1\n.2.", 1, "known: square"),
    ("3x2\n4.1\n.2.", 1, "GRID WxH"),
    ("honeycomb\n4.1\n.2.", 1, "GRID WxH"),
    ("honeycomb 3x2\n4.1\n.2", 3, "5 faces given"),
    ("honeycomb 3x2\n4.1\n.7.", None, "face 5 says 7, but it has only 6 edges"),
    ("honeycomb 3x2\n4.1\n.x.", 3, "bad face 'x'"),
    ("cairo 1x1\n", 1, "has no face"),
    ('{"grid": "honeycomb", "width": 3, "height": 2, "clues": [4, null, 1]}', 1, "faces"),
    ('{"grid": "honeycomb", "width": 3, "height": 2, "clues": [9, null, 1, null, 2, null]}', 1, "not a number 0 to 6"),
    ("3x2t11:abc", 1, "at least 3x3"),
    ("5x5t12:abc", 1, "Missing grid description string"),
    ("kitedart 5x5\n" + "." * 10, 1, "needs its patch"),
    ("kitedart 5x5 G99610,-184,288\n" + "." * 10, 1, "Patch offset out of bounds"),
    ("rhombs 5x5 G0,0,37\n" + "." * 10, 1, "Angle offset out of bounds"),
    ("kitedart 3x3 G1974,0,0\n.", 1, "do not identify a usable grid fragment"),
    ("kitedart 5x5 G2610,-184\n" + "." * 10, 1, "Invalid format grid description"),
    ("square 3x3 G0,0,0\n...\n...\n...", 1, "has no patch"),
    ("kitedart 5x5 G2610,-184,288\n" + "." * 9, 2, "9 faces given, a kitedart 5x5 grid has 10"),
    ('{"grid": "rhombs", "width": 5, "height": 5, "patch": "G0,0", "clues": []}', 1, "Invalid format grid"),
    ("3x3t2:0_i", 1, "not used with this grid type"),
]

OVERSIZED = Oversized(
    ("square 31x31\n" + "." * 961, "31x31t2:" + "z" * 37 + "e", '{"grid": "square", "width": 31, "height": 31}'),
    "loopy board 31x31 is too large: at most 30x30",
)

BOM_BOARD = PUZZLE.example
BOM_FORMATS = ("text", "json")  # his grids are at least 3x3: the example has no game ID

SQUARE = "square 3x3\n...\n...\n..."
_GRID = tiling("square", 3, 3)
CORNER = loop_around(_GRID, [f == 0 for f in range(9)])
TWO_LOOPS = loop_around(_GRID, [f in (0, 8) for f in range(9)])
BRANCH = tuple(max(a, b) for a, b in zip(loop_around(_GRID, [f in (0, 1) for f in range(9)]), CORNER))

VERIFY_CASES = [
    VerifyCase("square 3x3\n2..\n...\n...", CORNER, "face 1 says 2, the loop uses 4 of its edges"),
    VerifyCase(SQUARE, TWO_LOOPS, "the line forms 2 separate loops, not one"),
    VerifyCase(SQUARE, BRANCH, "the line has 3 ends here, not 0 or 2"),
    VerifyCase(SQUARE, (0,) * len(_GRID.edges), "no loop is drawn"),
    VerifyCase(SQUARE, (1,), "solution is not 24 edges each 0 or 1"),
]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"grid": "honeycomb", "size": 4}, 6, 11),
    ({"grid": "cairo", "size": 4}, 4, 12),
    ({"grid": "kites", "size": 2}, 4, 13),
    ({"grid": "kitedart", "size": 4}, 2, 14),
    ({"grid": "rhombs", "size": 4}, 2, 15),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 31}, "--size must be at most 30"),
    ({"grid": "penrose"}, "unknown loopy grid"),
    ({"grid": "square", "patch": "G0,0,0"}, "--patch is for the Penrose grids"),
    ({"grid": "rhombs", "patch": "0,0,0"}, "Invalid format grid description"),
    ({"grid": "kitedart", "size": 2}, "at least 3x3"),
]

GENERATE_RUNS = [GenerateRun(("--grid", "triangular", "--size", "3", "--count", "2"), "l.jsonl", 2)]
