"""Towers' declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import DATA, GenerateRun, OurIds, Oversized, Seed, TathamIds, VerifyCase, data_text, digit_grid

ALIASES = ("skyscrapers", "Towers")

# Seed 000, Towers (puzzle type #9), as the seed gives it.
SEED_BOARD = (DATA / "towers_seed.txt").read_text()

# sizes 5 and 6, his four difficulties; the lines start with the difficulty, not the parameters
TATHAM_IDS = TathamIds("towers_tatham.txt", count=24, as_asked=False)

OUR_IDS = OurIds(tuple({"size": size} for size in (3, 4, 5, 6, 9)))

# (text, line)
BAD_INPUTS = [
    (". . .\n. 1 .", 2),  # too few rows
    (". . . .\n. 1 . .\n. . .\n. . . .", 3),  # ragged
    ("1 . . .\n. 1 . .\n. . 1 .\n. . . .", 1),  # a corner with a clue
    (". . . .\n. 3 . .\n. . 1 .\n. . . .", 2),  # a height above n
    (". . . .\n. x . .\n. . 1 .\n. . . .", 2),  # not a height
    (". 3 . .\n. . . .\n. . 1 .\n. . . .", 1),  # a clue above n
    (". .\n. .", 1),  # no cell at all
    ("board = np.array([[' ', '5'], [' ', ' ']])\nt = np.array([1, -1])", 1),
    ("board = np.array([[' ', ' '], [' ']])", 1),
    ("board = np.array([[' ', ' '], [' ', ' ']])\nt = np.array([1, 2, 3])", 2),
    ("board = np.array([[' ', ' '],\n [' ', ' ']]\nt = 3", 1),
    ("x = [[1]]", None),
    ('{"grid": [[1, 2], [3, 4]]}', None),
    ('{"grid": ["..", ".."], "top": 3}', 1),  # the field's line
    ('{"grid": ["..", ".."], "size": 3}', 1),
    ('{"top": [1]}', 1),
]

OVERSIZED = Oversized(
    ("\n".join([" ".join(["."] * 19)] * 19), "board = np.array([" + ("[" + "' ', " * 17 + "],\n") * 17 + "])",
     '{"grid": [' + ",".join(['"' + "." * 17 + '"'] * 17) + "]}"),
    "towers board 17x17 is too large: at most 16x16",
)

BOM_BOARD = SEED_BOARD

grid = digit_grid

GOOD = "1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3"
EMPTY = ". . . . . .\n" * 6
VERIFY_CASES = [VerifyCase(board, grid(bad), problem, "is") for bad, board, problem in [
    (GOOD, ". . . . . .\n. 2 . . . .\n" + ". . . . . .\n" * 4, "r1c1 is 1, the given is 2"),
    (GOOD, ". 3 . . . .\n" + ". . . . . .\n" * 5, "the clue 3 above column 1 sees 4 towers"),
    (GOOD, ". . . . . .\n" * 5 + ". 2 . . . .", "the clue 2 below column 1 sees 1 towers"),
    (GOOD, ". . . . . .\n" * 2 + "4 . . . . .\n" + ". . . . . .\n" * 3, "the clue 4 left of row 2 sees 3 towers"),
    (GOOD, ". . . . . .\n" * 4 + ". . . . . 3\n. . . . . .", "the clue 3 right of row 4 sees 2 towers"),
    ("1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 3 2", EMPTY, "column 3 does not hold each height 1..4 once"),
    ("1 2 3 3\n2 3 4 1\n3 4 1 2\n4 1 2 4", EMPTY, "row 1 does not hold each height 1..4 once"),
    ("1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 5", EMPTY, "row 4 does not hold each height 1..4 once"),
    ("1 2\n2 1", EMPTY, "solution is not 4x4"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"size": 7}, 20, 11),
    ({"size": 9}, 5, 12),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 17}, "--size must be at most 16"),
]

GENERATE_RUNS = [GenerateRun(("--size", "4", "--count", "2"), "t.jsonl", 2, called="skyscrapers")]

SEED = Seed(SEED_BOARD, data_text("towers_seed_solution.txt"), grid)
