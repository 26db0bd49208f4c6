"""Yajilin's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.pearl import PIECES
from puzzlelab.solvers.yajilin import PUZZLE

ALIASES = ("yajirin", "Yajilin")

# (text, line, words of the message)
BAD_INPUTS = [
    (". .\n. . .", 2, "row 2 has 3 cells, expected 2"),
    (". x\n. .", 1, "bad cell 'x'"),
    (". <9\n. .", 1, "more than a line of the board holds"),
    (". <1234\n. .", 1, "is too large"),
    ("https://puzz.link/p?yajilin/2/2/01c", 1, "a number with no arrow"),
    ("https://puzz.link/p?yajilin/2/2/1.c", 1, "an arrow with no number"),
    ("https://puzz.link/p?yajilin/o/2/2/10c", 1, "shaded cells outside the loop"),
    ("https://puzz.link/p?yajilin/2/2/10c10", 1, "goes on after"),
    ('{"width": 2, "height": 1, "grid": [[".", 1]]}', 1, "not a text"),
]

OVERSIZED = Oversized((" ".join(["."] * 21) + "\n.", '{"width": 21, "height": 21, "grid": [["."]]}',
                       "https://puzz.link/p?yajilin/21/21/zz"),
                      "yajilin board 21x.* is too large: at most 20x20")

BOM_BOARD = PUZZLE.example


def picture(text: str) -> tuple[tuple[str, ...], ...]:
    """A solution from rows of cells separated by spaces: `#` shaded, a piece of line (`┌`,
    `─`) a cell on the loop, anything else (a clue, `.`) a cell with neither."""
    return tuple(tuple("#" if t == "#" else PIECES.get(t, "") for t in line.split())
                 for line in text.strip("\n").splitlines())


# the example's one solution
EXAMPLE_SOLUTION = picture("""
 ?  ┌  ┐ v1
 ┌  ┘  └  ┐
 └  ┐  ┌  ┘
>1  └  ┘  #
""")
OPEN = ". . .\n. . .\n. . ."
TWO_LOOPS_BOARD = ". . ? . .\n. . ? . ."
TWO_LOOPS = picture("┌ ┐ . ┌ ┐\n└ ┘ . └ ┘")
RING = picture("┌ ─ ┐\n│ # │\n└ ─ ┘")  # the open board's solutions: a ring around a shaded centre

VERIFY_CASES = [
    VerifyCase(PUZZLE.example.replace("v1", "v0"), EXAMPLE_SOLUTION, "r1c4 says 0 shaded D, there are 1", "is"),
    VerifyCase(OPEN, picture("┌ ─ ┐\n│ # │\n└ ─ #"), "r3c2: the line goes R but r3c3 does not join it"),
    VerifyCase(OPEN, picture("# # .\n. . .\n. . ."), "shaded r1c1 and r1c2 touch", "is"),
    VerifyCase(OPEN, picture("┌ ─ ┐\n│ . │\n└ ─ ┘"), "r2c2 is neither shaded nor on the loop", "is"),
    VerifyCase("? . .\n. . .\n. . .", picture("# ─ ┐\n│ # │\n└ ─ ┘"), "r1c1 is a clue cell, but it is shaded"),
    VerifyCase("? . .\n. . .\n. . .", RING, "r1c1 is a clue cell, but it is on the loop"),
    VerifyCase(TWO_LOOPS_BOARD, TWO_LOOPS, "the line forms 2 separate loops, not one", "is"),
    VerifyCase(OPEN, (("DR", "LR", "DL"), ("UD", "#", "UDR"), ("UR", "LR", "UL")),
               "r2c3: the line has 3 ends here, not 2"),
    VerifyCase(OPEN, (("DR", "LR", "DL"), ("UD", "#", "UD"), ("UR", "LR", "UD")),
               "r3c3: the line leaves the grid going D"),
    VerifyCase(OPEN, (("DR", "LR", "DL"), ("UD", "X", "UD"), ("UR", "LR", "UL")),
               "r2c2: 'X' is not '#' or a set of directions in UDLR order", "is"),
    VerifyCase(OPEN, RING[:2], "solution is not 3 rows of 3 cells", "is"),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 21}, "--size must be at most 20"),
    ({"size": 2}, "yajilin generation needs at least 3x3 cells"),
]

GENERATE_RUNS = [GenerateRun(("--size", "5", "--count", "2"), "y.jsonl", 2, has=('"puzzle": "yajilin"',)),
                 GenerateRun(("--width", "6", "--height", "4", "--count", "1"), "y.csv", 1, called="yajirin",
                             header_starts="id,puzzle")]

# (generator options, how many, seed)
MANY_GENERATED = [({"size": 5}, 20, 11), ({"size": 7}, 6, 12)]
