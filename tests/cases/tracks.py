"""Tracks' declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import DATA, GenerateRun, OurIds, Oversized, TathamIds, VerifyCase

ALIASES = ("train-tracks", "Tracks")

SEED_BOARD = (DATA / "tracks_seed.txt").read_text()

# every grade
TATHAM_IDS = TathamIds("tracks_tatham.txt", count=24, cpsat_every=4)

# squares and rectangles
OUR_IDS = OurIds(({"size": 4}, {"size": 8}, {"width": 10, "height": 6}, {"width": 5, "height": 9},
                  {"size": 6, "single-ones": 0}))

# (text, line[, message])
BAD_INPUTS = [
    ("  1 2\nA . . 1\n  . . 2", 3),  # no exit line
    ("  1 2 3\nA . . 1\n  . . 2\n  . . B", 3),  # rows of 2 cells under 3 counts
    ("  1 2\nA . X 1\n  . . 2\n  . B", 2),  # a cell that is no piece
    ("  1 2\n  . . 1\n  . . 2\n  . B", 2),  # no entrance
    ("  1 2\nA . . 1\nA . . 2\n  . B", 3),  # two entrances
    ("  1 2\nA . . 1\n  . . 2\n  B B", 4),  # two exits
    ("  1 2\nA . . 1\n  . . x\n  . B", 3),  # a count that is no number
    ("  1 2\nA . . 3\n  . . 2\n  . B", 2),  # a count over the line's cells
    ("board = [['UL', '  '], ['  ', 'UR']]\nside = [1, 1]\ntop = [1, 1]", 1),  # no exit piece
    ("board = [['UL', 'QQ'], ['  ', 'UD']]\nside = [1, 1]\ntop = [1, 1]", 1),
    ('{"grid": ["..", ".."], "rows": [1, 1], "cols": [1, 1], "entrance": 3, "exit": 1}', None,
     "the entrance is in row 3"),
    ('{"grid": ["..", ".."], "rows": [1, 1], "cols": [1, 1], "entrance": 1}', None, "tracks JSON needs"),
    ('{"grid": ["..", ".."], "rows": [1, true], "cols": [1, 1], "entrance": 1, "exit": 1}', None,
     "'rows' has true: a count is a number"),
    ('{"grid": ["..", ".."], "rows": [1, 1], "cols": [1, 1], "entrance": 1, "exit": 1, "width": 3}', None,
     "JSON says width"),
    ("board = [['UL', '  '], ['  ', 'DL']]\ntop = [1, 1]", None, "needs 'side"),
]

OVERSIZED = Oversized(
    ("  " + " 1" * 21 + "\nA" + " ." * 21 + " 1\n" + ("  " + " ." * 21 + " 1\n") * 20 + "  B" + " ." * 20,
     "21x21:" + "z" * 16 + "i" + ",S1" + ",1" * 40 + ",S1"),
    "tracks board 21x21 is too large: at most 20x20",
)

BOM_BOARD = SEED_BOARD

# The example's one solution: A in row 2, B under column 3.
EXAMPLE_SOLUTION = (("", "", "DR", "DL"), ("DL", "DR", "UL", "UD"), ("UD", "UD", "DR", "UL"), ("UR", "UL", "UD", ""))

def changed(**cells: str) -> list[list[str]]:
    """The example's solution with some cells (r1c2=...) replaced."""
    out = [list(row) for row in EXAMPLE_SOLUTION]
    for name, piece in cells.items():
        r, c = name[1:].split("c")
        out[int(r) - 1][int(c) - 1] = piece
    return out

# A board without clues, for the rules of the track alone.
EMPTY = "  ? ? ? ?\n  . . . . ?\nA . . . . ?\n  . . . . ?\n  . . . . ?\n  . . B ."
# A path from A to B with a loop beside it: every count and join fine but the loop.
WITH_LOOP = (("", "", "DR", "DL"), ("LR", "DL", "UR", "UL"), ("", "UD", "", ""), ("", "UR", "DL", ""))

def cells(rows) -> tuple[tuple[str, ...], ...]:
    """Rows of pieces as a solution."""
    return tuple(tuple(row) for row in rows)

VERIFY_CASES = [VerifyCase(board, cells(bad), problem) for bad, board, problem in [
    (changed(r1c3="DX"), EMPTY, "r1c3: 'DX' is not a piece"),
    (changed(r1c3="DLR"), EMPTY, "r1c3: 'DLR' is not a piece"),  # a branch
    (changed(r1c4="LR"), EMPTY, "r1c4: the line leaves the grid going R"),
    (changed(r1c3="LR"), EMPTY, "r1c3: the line goes L but r1c2 does not join it"),  # a dead end
    (changed(r2c1="UD"), EMPTY, "r2c1: the line does not enter at A"),
    (changed(r4c3="UR"), EMPTY, "r4c3: the line does not leave at B"),
    (WITH_LOOP, EMPTY, "track off the line from A to B: a loop through r1c3"),
    (EXAMPLE_SOLUTION, EMPTY.replace("A . .", "A . ┐"), "r2c2 holds DR, the given piece is DL"),
    (EXAMPLE_SOLUTION, EMPTY.replace(". . . . ?\nA", ". . . . 3\nA"), "row 1 has 2 track cells, the count says 3"),
    (EXAMPLE_SOLUTION, EMPTY.replace("? ? ? ?", "? 4 ? ?"), "column 2 has 3 track cells, the count says 4"),
    ((("",),), EMPTY, "solution is not 4 rows of 4 cells"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"size": 10}, 20, 11),
    ({"size": 15}, 3, 12),
    ({"size": 8, "strip_counts": 1}, 10, 13),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"strip-counts": 2}, "--strip-counts must be at most 1"),
]

# (generator parameters, message)
BAD_GENERATOR_PARAMS = [
    ({"size": 21}, "too large"),
]

GENERATE_RUNS = [GenerateRun(("--size", "6", "--count", "3", "--seed", "2"), "t.csv", 3, has=("6x6:",))]
