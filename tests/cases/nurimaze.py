"""Nurimaze's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.nurimaze import PUZZLE

ALIASES = ("Nurimaze", "NURIMAZE")

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")

# (text, line, words of the message)
BAD_INPUTS = [
    ("AB\nAB", 2, "no line 'marks'"),
    ("marks\nS.", 1, "no rows of rooms before 'marks'"),
    ("AB\nmarks\nS.\n.G", 3, "2 rows of marks for 1 rows of rooms"),
    ("AB\nmarks\nSx", 3, "bad mark 'x'"),
    ("AB\nmarks\nSS", 3, "a second start S (the first at r1c1)"),
    ("AB\nmarks\n.G", 2, "the marks have no start S"),
    ("AB\nmarks\nS.G", 3, "a row of marks has 3 cells, expected 2"),
    ("ABA\nmarks\nS.G", 1, "room 'A' is in two pieces (r1c3 is cut off)"),
    ("A$\nmarks\nSG", 1, "bad room name '$'"),
    ("AB\nAB\nmarks\nS.\n.S", 5, "a second start S"),
    ("https://puzz.link/p?nurimaze/2/1/0!", 1, "'!' is no nurimaze cell"),
    ("https://puzz.link/p?nurimaze/2/1/011", 1, "2 cells are the start"),
    ("https://puzz.link/p?nurimaze/2/1/013", 1, "the goal r1c2 holds a circle"),
    ("https://puzz.link/p?nurimaze/2/1/0125", 1, "goes on after the board's last cell"),
    ("https://puzz.link/p?nurimaze/1/1/", 1, "the start and the goal are both r1c1"),
    ("https://puzz.link/p?nurimaze/x/2/1/012", 1, "with the flags 'x'"),
    (EXAMPLE_JSON.replace('"marks": [".oG."', '"marks": [".oGG"'), 1, "a second goal G"),
    (EXAMPLE_JSON.replace('"marks": [".oG."', '"marks": [".oG"'), 1, "must be 4 rows of 4"),
    (EXAMPLE_JSON.replace('"rooms": [[0, 1', '"rooms": [[true, 1'), 1, "a room is a name or a number"),
]

OVERSIZED = Oversized(("\n".join(["A" * 31] * 2) + "\nmarks\n" + "\n".join(["S" + "." * 29 + "G"] * 2),
                       "https://puzz.link/p?nurimaze/31/4/00", '{"width": 31, "rooms": [[0]], "marks": ["S"]}'),
                      "nurimaze board 31x.* is too large: at most 30x30")

BOM_BOARD = PUZZLE.example


def shading(text: str) -> tuple[tuple[bool, ...], ...]:
    """Rows of cells, '#' shaded, '.' unshaded."""
    return tuple(tuple(t == "#" for t in row.split()) for row in text.strip().splitlines())


RING = "ABC\nDEF\nGHI\nmarks\nS..\n...\n..G"  # a ring of rooms round one: unshaded, a loop
LINE = "ABC\nmarks\nStG"  # the way from S to G runs through the triangle

# the example's solution: # . . # / # . # # / # . . # / . . # #
VERIFY_CASES = [VerifyCase(board, shading(bad), problem, match) for board, bad, problem, match in [
    (PUZZLE.example, "# . . #\n. . # #\n# . . #\n. . # #", "the room of r1c1 is part shaded, part unshaded", "is"),
    (PUZZLE.example, "# . . #\n# . # #\n# . . #\n# # # #", "the triangle at r4c2 is shaded", "is"),
    ("ABC\nmarks\nS.G", ". # .", "unshaded cells form 2 regions, not one", "is"),
    (PUZZLE.example, "# . . #\n# . # #\n# . # #\n. . # #", "2x2 block of shaded cells at r2c3", "is"),
    (PUZZLE.example, ". . . #\n. . # #\n. . . #\n. . # #", "2x2 block of unshaded cells at r1c1", "is"),
    (RING, ". . .\n. # .\n. . .", "the unshaded cells form a loop (closed at r3c3)", "is"),
    (PUZZLE.example, "# . . #\n# . . #\n# . . #\n. . # #", "the circle at r1c2 is off the way from S to G", "is"),
    (LINE, ". . .", "the triangle at r1c2 is on the way from S to G", "is"),
    (PUZZLE.example, ". .\n. .", "solution is not 4x4", "is"),
]]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 21}, "--size must be at most 20"),
    ({"height": 1}, "--height must be at least 2"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2"), "n.jsonl", 2, has=('"puzzle": "nurimaze"',)),
]

# (generator options, how many, seed)
MANY_GENERATED = [({}, 10, 11), ({"size": 5}, 20, 12), ({"width": 10, "height": 6}, 5, 13)]
