"""Slitherlink's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase

from puzzlelab.solvers.slitherlink import PUZZLE

ALIASES = ("slither",)

# every difficulty, squares and a rectangle
TATHAM_IDS = TathamIds("slitherlink_tatham.txt", count=26, cpsat_every=4)

# squares and rectangles from his least size up
OUR_IDS = OurIds(({"size": 3}, {"size": 7}, {"size": 10}, {"width": 9, "height": 4}, {"width": 3, "height": 12}))

# (text, line[, message])
BAD_INPUTS = [
    ("31.\n..\n...", 2),  # ragged
    ("31.\n.5.\n...", 2, "a number 0 to 4"),  # a square has four edges
    ("31.\n.x.\n...", 2),  # a cell that is no number
    ('{"grid": ["31", ".3"], "width": 3}', 1),
    ("https://puzz.link/p?slither/3/3/3.g", 1, "without a number"),
    ("https://puzz.link/p?slither/f/3/3/3g", 1, "the loop through every dot"),
    ("https://puzz.link/p?slither/3/3/3p1", 1, "goes on after"),
]

OVERSIZED = Oversized(
    ("\n".join(["." * 41] * 2), "41x41t0:" + "z" * 64 + "q", '{"width": 41, "height": 41, "grid": ["."]}',
     "https://puzz.link/p?slither/41/41/zzz"),
    "slitherlink board 41x(41|2) is too large: at most 40x40",
)

BOM_BOARD = PUZZLE.example


def picture(text: str) -> tuple[tuple[str, ...], ...]:
    """A loop drawn as `+` dots joined by `-` and `|` (the text form's solution) as dot
    shapes; the numbers between them are ignored."""
    lines = text.strip("\n").splitlines()
    dot_rows, edge_rows = lines[0::2], lines[1::2] + [""]
    width = len(dot_rows[0]) // 2

    def at(line: str, i: int) -> str:
        return line[i] if 0 <= i < len(line) else " "

    out = []
    for r, line in enumerate(dot_rows):
        row = []
        for c in range(width + 1):
            dirs = ""
            if r and at(edge_rows[r - 1], 2 * c) == "|":
                dirs += "U"
            if at(edge_rows[r], 2 * c) == "|":
                dirs += "D"
            if at(line, 2 * c - 1) == "-":
                dirs += "L"
            if at(line, 2 * c + 1) == "-":
                dirs += "R"
            row.append(dirs)
        out.append(tuple(row))
    return tuple(out)


# the example's one solution
EXAMPLE_SOLUTION = picture("""
+-+-+-+-+
|3 1 1  |
+-+ + + +
  |    2|
+ +-+ +-+
 0  | |2
+ + + + +
    |3|
+ + +-+ +
""")
EMPTY = "...\n...\n..."
TWO_LOOPS = picture("""
+-+ + +
| |
+-+ +-+
    | |
+ + +-+
""")
BRANCH = picture("""
+-+-+ +
| | |
+-+-+ +
""")

VERIFY_CASES = [VerifyCase(board, bad, problem) for bad, board, problem in [
    (EXAMPLE_SOLUTION, "211.\n...2\n0..2\n..3.", "r1c1 says 2, the loop uses 3 of its edges"),
    (EXAMPLE_SOLUTION, "310.\n...2\n0..2\n..3.", "r1c3 says 0, the loop uses 1 of its edges"),
    (TWO_LOOPS, "...\n...", "the line forms 2 separate loops, not one"),
    (BRANCH, "...", "dot r1c2: the line has 3 ends here, not 0 or 2"),
    (picture("+ + + +\n\n+ + + +\n\n+ + + +\n\n+ + + +"), EMPTY, "no loop is drawn"),
    ((("R", "L", "", ""),) + picture("+ + + +\n\n+ + + +\n\n+ + + +")[:-1] + (("", "", "", "R"),), EMPTY,
     "dot r4c4: the line leaves the grid going R"),
    ((("R", "", "", ""),) + ((("",) * 4),) * 3, EMPTY, "dot r1c1: the line goes R but dot r1c2 does not join it"),
    ((("RX", "", "", ""),) + ((("",) * 4),) * 3, EMPTY, "dot r1c1: 'RX' is not a set of directions in UDLR order"),
    ((("",),), EMPTY, "solution is not 4 rows of 4 dots"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"size": 5}, 30, 11),
    ({"size": 10}, 6, 12),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 41}, "--size must be at most 40"),
]

GENERATE_RUNS = [GenerateRun(("--size", "5", "--count", "2"), "s.jsonl", 2)]
