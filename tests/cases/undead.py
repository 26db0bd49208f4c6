"""Undead's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import OurIds, Oversized, Seed, TathamIds, VerifyCase, data_text

from puzzlelab.solvers.undead import PUZZLE

ALIASES = ("spukschloss", "Haunted-Mirror-Maze")

# 4x4 and 5x5 at easy, normal and tricky
TATHAM_IDS = TathamIds("undead_tatham.txt", count=24)

# every edge number kept, at Tatham's preset sizes and a rectangle
OUR_IDS = OurIds(({"size": 4, "all_counts": 1}, {"size": 5, "diff": "t", "all_counts": 1},
                  {"size": 7, "diff": "e", "all_counts": 1}, {"width": 6, "height": 3, "diff": "any", "all_counts": 1}),
                 each=3)

# (text, line, message)
BAD_INPUTS = [
    ("G: 3 V: 2\n  3 1 ? 2\n2 . . . / 2\n  ? 1 ? ?", 1, "totals"),
    ("G: 3 V: 2 Q: 3\n  3 1 ? 2\n2 . . . / 2\n  ? 1 ? ?", 1, "expected G, V or Z"),
    ("G: 3 V: 2 Z: 3\n  3 1 ? 2\n2 . . . / 2\n? . / . ?\n  ? 1 ? ?", 4, "found 5 words"),
    ("G: 3 V: 2 Z: 3\n  3 1 ? 2\n2 . . x / 2\n  ? 1 ? ?", 3, "bad cell 'x'"),
    ("G: 3 V: 2 Z: 3\n  3 1 ? 2\n2 . . . / 2\n  ? 1 ?", 4, "3 bottom numbers"),
    ("G: 0 V: 2 Z: 1\n  3 1 ? 2\n2 . . . / 2\n  ? one ? ?", 4, "bad edge number 'one'"),
    ("G: 1 V: 1 Z: 0\n  3 1 ? 2\n2 . . . / 2\n  ? 1 ? ?", 2, "do not fill the 3 cells"),
    ("board = [['  ', 'Q']]\nt = [0, 0]\nb = [0, 0]\nr = [0]\nl = [0]\ncounts = {'ghost': 1}", None,
     "needs the totals"),
    ("board = [['  ', 'Q']]\nt = [0, 0]\nb = [0, 0]\nr = [0]\nl = [0]\ncounts = {'ghost': 1, 'vampire': 0, "
     "'zombie': 0}", 1, "bad cell 'Q'"),
    ("board = [['  ', '//']]\nt = [0, 0]\nb = [0]\nr = [0]\nl = [0]\ncounts = {'ghost': 1, 'vampire': 0, "
     "'zombie': 0}", 3, "'b' has 1 numbers, expected 2"),
    ('{"grid": [".", "/"], "ghosts": 1, "vampires": 0, "zombies": 0}', 1, "undead JSON needs 'top'"),
]

OVERSIZED = Oversized(
    ("G: 15 V: 0 Z: 0\n" + " ".join("0" * 15) + "\n0 " + " ".join("." * 15) + " 0\n" + " ".join("0" * 15),
     "15x3:0,0,45,zs" + ",0" * 36),
    "undead board 15x.* is too large: at most 14x14",
)

BOM_BOARD = PUZZLE.example
BOM_FORMATS = ("text", "array", "json")

def grid(text: str) -> tuple[tuple[str, ...], ...]:
    """The seed's printed solution (or rows of G V Z / \\) as a solution."""
    cells = {"VA": "V", "GH": "G", "ZO": "Z", "//": "/", "\\\\": "\\", "\\": "\\"}
    rows = []
    for line in text.strip().splitlines():
        if "'" in line:
            rows.append(tuple(cells[t] for t in line.split("'")[1::2]))
        elif line.strip() not in ("", "[", "]"):
            rows.append(tuple(line.split()))
    return tuple(rows)

VERIFY_CASES = [VerifyCase(PUZZLE.example, grid(bad), problem) for bad, problem in [
    ("Z G V /\nZ / G G\nV \\ \\ \\\n/ Z \\ /", "r3c4 is '\\', the board has the mirror / there"),
    ("Z G V /\nZ / G G\nV \\ \\ /\n/ Z \\ /".replace("Z G V", "Z . V"), "r1c2 is '.', not a ghost"),
    ("Z G V /\nZ / G G\nV \\ \\ /\n/ V \\ /", "2 zombies, the board says 3"),
    ("Z G V /\nZ / G G\nV \\ \\ /\n/ V \\ /", "3 vampires, the board says 2"),
    ("Z V G /\nZ / G G\nV \\ \\ /\n/ Z \\ /", "right 1 sees 3 monsters, its number says 2"),
    ("Z G\nV /", "solution is not 4x4"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"size": 7}, 5, 11),
    ({"size": 7, "diff": "t", "all_counts": 1}, 5, 12),
    ({"size": 5}, 30, 14),
    ({"size": 12, "diff": "any"}, 3, 13),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"all-counts": 2}, "--all-counts must be at most 1"),
]

# (generator parameters, message)
BAD_GENERATOR_PARAMS = [
    ({"diff": "x"}, "--diff must be e, n, t"),
    ({"size": 15}, "too large"),
    ({"width": 1, "height": 2}, "no room"),
]

SEED = Seed(data_text("undead_seed.txt"), data_text("undead_seed_solution.txt"), grid,
            array_row=r"  ['VA', '//', 'GH', 'GH', 'ZO', 'GH', '\\'],",
            text_row="V / G G Z G \\")
