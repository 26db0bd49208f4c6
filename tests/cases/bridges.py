"""Bridges' declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase

from puzzlelab.solvers.bridges import PUZZLE

ALIASES = ("hashi", "hashiwokakero")

# 7x7 and 10x10, every grade
TATHAM_IDS = TathamIds("bridges_tatham.txt", count=24)

OUR_IDS = OurIds(({"size": 3}, {"size": 7}, {"width": 10, "height": 6}, {"size": 8, "max-bridges": 3},
                  {"size": 7, "loops": 0}, {"size": 6, "max-bridges": 4, "expansion": 60}))

# (text, line)
BAD_INPUTS = [
    ("1.1\n..", 2),  # ragged
    ("1.1\n.x.", 2),  # a bad cell
    ("1..\n...", 1),  # one island
    ("max 9\n1.1", 1),  # too many bridges
    ("max two\n1.1", 1),
    ("\n\nmax 2\n", 3),  # a header and no rows
    ("board = [['1', ' '], [' ', 'x']]", 1),
    ("board = [['1', ' '], [' ', None]]", 1),
    ('{"grid": ["1.", ".1"], "max": 0}', 1),
    ('{"grid": ["1.1"], "width": 4}', 1),
    ('{"grid": ["1.1"], "loops": "no"}', 1),
]

OVERSIZED = Oversized(
    ("1" + "." * 40 + "1\n" + "." * 42, "42x42:1" + "z" * 67 + "l1", "board = [['1'" + ", ' '" * 40 + ", '1']]"),
    "bridges board 42x.* is too large: at most 40x40",
)

BOM_BOARD = PUZZLE.example

CROSS = "..1..\n.....\n1...1\n.....\n..1.."  # a horizontal and a vertical pair that cross

VERIFY_CASES = [VerifyCase(board, bridges, problem) for board, bridges, problem in [
    ("2.2\n...\n1.1", (1, 1, 1), "solution gives 3 bridge counts for 4 pairs"),
    ("2.2\n...\n1.1", (3, 0, 0, 0), "r1c1-r1c3: 3 bridges, not 0 to 2"),
    (CROSS, (1, 1), "bridges r3c1-r3c5 and r1c3-r5c3 cross at r3c3"),
    ("2.2\n...\n1.1", (2, 1, 0, 0), "the islands form 2 separate groups, not one"),
    ("noloops\n1.1\n...\n1.1", (1, 1, 1, 1), "the bridges form a loop: r1c1-r1c3, r3c1-r3c3, r1c1-r3c1"),
    ("2.2\n...\n1.1", (1, 0, 0, 1), "island r1c1 has 1 bridges, its number says 2"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"size": 15}, 15, 11),
    ({"size": 10, "strip-counts": 1}, 15, 12),
    ({"size": 10, "max-bridges": 4, "loops": 0}, 15, 13),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"max-bridges": 5}, "--max-bridges must be at most 4"),
    ({"islands": 31}, "--islands must be at most 30"),
]

# (generator parameters, message)
BAD_GENERATOR_PARAMS = [
    ({"size": 2}, "too small"),
    ({"size": 41}, "too large"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "10", "--islands", "30", "--expansion", "10", "--max-bridges", "2", "--count", "3",
                 "--seed", "1"), "b.jsonl", 3, has=('"tatham_id": "10x10m2:',)),
    GenerateRun(("--size", "6", "--strip-counts", "1", "--count", "2"), "s.csv", 2, has=("?",)),
]
