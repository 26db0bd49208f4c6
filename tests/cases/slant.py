"""Slant's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase

from puzzlelab.solvers.slant import PUZZLE

ALIASES = ("gokigen", "Gokigen-Naname")

# both difficulties, squares and a rectangle, from his least size up
TATHAM_IDS = TathamIds("slant_tatham.txt", count=26, cpsat_every=4)

# squares and rectangles from his least size up
OUR_IDS = OurIds(({"size": 2}, {"size": 5}, {"size": 8}, {"width": 9, "height": 4}, {"width": 3, "height": 12}))

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")

# (text, line[, message])
BAD_INPUTS = [
    (".1.\n..\n...", 2),  # ragged
    (".1.\n.5.\n...", 2, "a number 0 to 4"),  # a point has four cells round it
    (".1.\n.x.\n...", 2, "bad point 'x'"),
    ("...", 1, "too small"),  # one row of points: no cell
    (EXAMPLE_JSON.replace('"width": 3', '"width": 4'), 1, "width '4' but the points make it 3"),
    ('{"points": [".1.", ".."]}', 1),
    ("https://puzz.link/p?gokigen/2/2/.", 1, "without a number"),
    ("https://puzz.link/p?gokigen/d/2/2/0", 1, "old encoding"),
    ("https://puzz.link/p?gokigen/2/2/0z0", 1, "goes on after"),
    ("https://puzz.link/p?gokigen/2/2/0!", 1, "'!'"),
    ("pzprv3/gokigen/2/2/. - . /. . . /. . . /. . /. . /", 5, "without a number"),
    ("pzprv3/gokigen/2/2/. 7 . /. . . /. . . /. . /. . /", 5, "a number 0 to 4"),
]

OVERSIZED = Oversized(
    ("\n".join(["." * 42] * 2), "41x41:" + "z" * 67, '{"width": 41, "height": 41, "points": ["."]}',
     '{"points": ["' + "." * 42 + '"]}', "https://puzz.link/p?gokigen/41/41/zzz", "pzprv3/gokigen/41/2/"),
    r"slant board \d+x\d+ is too large: at most 40x40",
)

BOM_BOARD = PUZZLE.example


def diagonals(text: str) -> tuple[tuple[str, ...], ...]:
    """Rows of `\\` and `/` (and `.`, a cell left empty), one cell a character, as a solution."""
    return tuple(tuple(line.strip()) for line in text.strip().splitlines())


# the example's one solution
EXAMPLE_SOLUTION = diagonals(r"""
//\
/\\
///
""")
EMPTY = "...\n...\n..."

VERIFY_CASES = [VerifyCase(board, bad, problem, "is") for board, bad, problem in [
    (".2.0\n13..\n..2.\n...0", EXAMPLE_SOLUTION, "point r1c2 says 2, 1 diagonals touch it"),
    (EMPTY, diagonals("/\\\n\\/"), "the diagonals form a loop through r1c1, r1c2, r2c1, r2c2"),
    (EMPTY, diagonals("/.\n\\/"), "r1c2 holds no diagonal"),
    (EMPTY, diagonals("/x\n\\/"), "r1c2: 'x' is no diagonal (\\ or /)"),
    (EMPTY, diagonals("/\\"), "solution is not 2 rows of 2 cells"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"size": 5}, 30, 11),
    ({"size": 8}, 8, 12),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 41}, "--size must be at most 40"),
    ({"width": 0}, "--width must be at least 1"),
]

GENERATE_RUNS = [GenerateRun(("--size", "5", "--count", "2"), "s.jsonl", 2, has=('"puzzle": "slant"',))]
