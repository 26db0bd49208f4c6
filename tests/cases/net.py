"""Net's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase

from puzzlelab.solvers.net import PUZZLE

ALIASES = ("netgame", "NET")

# squares, rectangles, wrapping and barriers, from his least size up
TATHAM_IDS = TathamIds("net_tatham.txt", count=23, cpsat_every=4)

# squares, a rectangle and a strip, wrapping too
OUR_IDS = OurIds(({"size": 2}, {"size": 5}, {"width": 7, "height": 4}, {"width": 1, "height": 6},
                  {"size": 5, "wrapping": 1}, {"width": 6, "height": 3, "wrapping": 1}))

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")

# (text, line[, message])
BAD_INPUTS = [
    ("4d8\n3f\n834", 2, "row 2 has 2 tiles, expected 3"),
    ("4d8\n3g1\n834", 2, "bad tile 'g'"),
    ("4d8\n301\n834", 2, "bad tile '0'"),
    ("4d8v\n3f1\n834", 1, "a barrier on the rim"),
    ("v4d8\n3f1\n834", 1, "before any tile"),
    ("4", 1, "too small"),
    ("wrapping", None, "no rows of tiles"),
    (EXAMPLE_JSON.replace('"width": 3', '"width": 4'), 1, "width '4' but the tiles make it 3"),
    ('{"tiles": ["4d8", 5]}', 1, "list of strings"),
    ("3x3:0382de2c1", 1, "a tile with no link"),
]

OVERSIZED = Oversized(
    ("\n".join(["1" * 41] * 2), "41x41:" + "1" * 41, '{"width": 41, "height": 41, "tiles": ["1"]}',
     '{"tiles": ["' + "1" * 41 + '"]}'),
    r"net board \d+x\d+ is too large: at most 40x40",
)

BOM_BOARD = PUZZLE.example


def tiles(text: str) -> tuple[tuple[int, ...], ...]:
    """Rows of hex digits, one tile a digit, as a solution."""
    return tuple(tuple(int(ch, 16) for ch in line.strip()) for line in text.strip().splitlines())


# the example's one solution
EXAMPLE_SOLUTION = tiles("1d4\n9f4\n234")
OPEN = "...\n...\n..."

VERIFY_CASES = [VerifyCase(board, bad, problem, "is") for board, bad, problem in [
    (PUZZLE.example, tiles("1d4\n9f4\n238"), "r3c3 links D off the board"),
    (PUZZLE.example, tiles("1d4\n9f4\n236"), "r3c3 holds a corner, its tile is an end"),
    (OPEN, tiles("1d4\n9f4\n230"), "r3c3 has no link"),
    (OPEN, tiles("1d4\n9f4\n224"), "r3c3 links L to r3c2, which does not link back"),
    (OPEN, tiles("9c8\n3e6\n200"), "the links form a loop through r1c1, r1c2, r2c1, r2c2"),
    (OPEN, tiles("1d4\n9f4\n230"), "the network is in 2 parts"),
    ("6v6\n33", tiles("14\n14"), "r1c1 links R across a barrier"),
    (OPEN, tiles("1d4\n9f4"), "solution is not 3 rows of 3 tiles"),
    (OPEN, ((1, 13, 4), (9, 15, 4), (2, 3, 99)), "r3c3: '99' is no tile"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"size": 5}, 20, 11),
    ({"size": 7, "wrapping": 1}, 5, 12),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 41}, "--size must be at most 40"),
    ({"width": 0}, "--width must be at least 1"),
    ({"wrapping": 2}, "--wrapping must be at most 1"),
]

BAD_GENERATOR_PARAMS = [
    ({"size": 2, "wrapping": 1}, "no unique solution"),
    ({"size": 1}, "too small"),
]

GENERATE_RUNS = [GenerateRun(("--size", "5", "--count", "2"), "n.jsonl", 2, has=('"puzzle": "net"',))]
