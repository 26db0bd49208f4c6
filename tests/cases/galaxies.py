"""Galaxies' declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase

from puzzlelab.solvers.galaxies import PUZZLE

ALIASES = ("tentaisho", "spiral-galaxies", "Galaxies")

# Normal and Unreasonable, squares and rectangles; a line's first word is the parameters asked for
TATHAM_IDS = TathamIds("galaxies_tatham.txt", count=28, cpsat_every=4)

# his least size, the default, the presets 10 and 15, a rectangle
OUR_IDS = OurIds(({"size": 3}, {}, {"size": 10}, {"width": 12, "height": 5}, {"size": 15}))

# (text, line[, message])
BAD_INPUTS = [
    (".o...\n....\n.....", 2),  # ragged
    (".o..\n....\n....", 1, "lines of 2w-1"),  # a doubled grid is odd both ways
    (".o...\n.....", 1, "odd both ways"),
    (".....\n..x..\n.....", 2, "bad spot 'x'"),
    (".#...\n.....\n.....", 1, "bad spot '#' at an edge or corner"),  # an empty cell sits at a cell's centre
    ("#o...\n.....\n.....", None, "touches an empty cell"),
    ('{"width": 3, "height": 3, "dots": [[1, 1, "red"]]}', 1, "a dot is [row, column"),
    ('{"width": 3, "height": 3, "dots": [[1.25, 1, "white"]]}', 1, "a half between two"),
    ('{"width": 3, "height": 3, "dots": [], "holes": [[4, 1]]}', 1, "a cell is [row, column]"),
    ("https://puzz.link/p?tentaisho/3/3/!", 1, "'!' is not a dot"),
    ("https://puzz.link/p?tentaisho/3/3/vmh000", 1, "goes on after"),  # 25 spots, 9 cells' bits, one more
]

OVERSIZED = Oversized(
    ("\n".join(["." * 61] * 61), "31x31:a", "https://puzz.link/p?tentaisho/31/31/g",
     '{"width": 31, "height": 31, "dots": []}'),
    "galaxies board 31x31 is too large: at most 30x30",
)

BOM_BOARD = PUZZLE.example


def labels(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(t) for t in line.split()) for line in text.strip().splitlines())


NO_DOTS = ".....\n.....\n.....\n.....\n....."
ONE_CORNER_DOT = "o....\n.....\n.....\n.....\n....."
# the example's solution is 1 1 2 / 3 3 2 / 3 3 4
VERIFY_CASES = [VerifyCase(board, labels(bad), problem) for board, bad, problem in [
    (PUZZLE.example, "1 2 3\n4 4 3\n4 4 5", "a line passes through the dot at r1c1.5"),  # its cells in its region
    (NO_DOTS, "1 1 1\n1 1 1\n1 1 1", "the region of r1c1 holds no dot"),  # one dot a region
    (PUZZLE.example, "1 1 1\n3 3 1\n3 3 4", "the region of r1c1 holds 2 dots: r1c1.5, r1.5c3"),
    (ONE_CORNER_DOT, "1 1 1\n1 1 1\n1 1 1", "the region of r1c1 is not symmetric about its dot at r1c1"),
    ("..o..", "1 2 1", "the region of r1c1 is in 2 pieces"),  # connected
    ("#.o..", "1 1 2", "r1c1 is an empty cell, in no region (0), not 1"),
    (PUZZLE.example, "0 0 2\n3 3 2\n3 3 4", "r1c1 is in no region"),
    (PUZZLE.example, "1 1\n1 1", "solution is not 3x3"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({}, 30, 11),
    ({"size": 10}, 10, 12),
    ({"width": 12, "height": 6}, 10, 13),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 16}, "--size must be at most 15"),
    ({"most": 0}, "--most must be at least 1"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2", "--seed", "3"), "g.jsonl", 2,
                has=('"tatham_id": "5x5:', '"unique": true', '"puzzlink_url": "https://puzz.link/p?tentaisho/5/5/')),
]
