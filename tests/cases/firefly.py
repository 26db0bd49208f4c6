"""Firefly's (Hotaru Beam's) declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.firefly import PUZZLE

ALIASES = ("hotaru-beam", "Hotaru Beam", "Firefly", "hotarubeam")


def lines(text: str) -> tuple[tuple[str, ...], ...]:
    """A solution from rows of cells separated by spaces: each cell's line directions in
    UDLR order, `.` for none."""
    return tuple(tuple("" if t == "." else t for t in row.split()) for row in text.strip("\n").splitlines())


# (text, line, words of the message)
BAD_INPUTS = [
    ("> .\n. . .", 2, "row 2 has 3 cells, expected 2"),
    ("> x\n. .", 1, "bad cell 'x'"),
    ("< .\n. .", 1, "has its dot (L) on the board's edge"),
    (">9 .\n. .", 1, "more turns than this puzzle counts"),
    (">1234 .\n. .", 1, "is too large"),
    (". .\n. .", 1, "the board has no firefly"),
    ("https://puzz.link/p?firefly/2/2/00c", 1, "has no dot"),
    ("https://puzz.link/p?firefly/2/2/40c0", 1, "goes on after"),
    ("https://puzz.link/p?firefly/x/2/2/40c", 1, "flags 'x'"),
    ("pzprv3/firefly/1/2/0,1 . /0 /", 5, "a circle without a dot"),
    ('{"width": 2, "height": 1, "grid": [[">", 1]]}', 1, "not a text"),
]

OVERSIZED = Oversized((" ".join(["."] * 16) + "\n.", '{"width": 16, "height": 16, "grid": [["."]]}',
                       "https://puzz.link/p?firefly/16/16/zz"),
                      "firefly board 16x.* is too large: at most 15x15")

BOM_BOARD = PUZZLE.example

# the example's one solution: v5's beam turns five times, <0 and ^0 go straight, two beams end in v
EXAMPLE_SOLUTION = lines("""
 .  .  DR DL
 DR LR UL UD
 UD DR DL UD
 UR UL UR UL
""")
PAIR = "> v\n. ."  # r1c1 beams into r1c2's left; r1c2's beam turns twice back into r1c1 from below
PAIR_SOLUTION = lines("DR DL\nUR UL")

VERIFY_CASES = [
    VerifyCase(PUZZLE.example.replace("v5", "v4"), EXAMPLE_SOLUTION, "r2c1 says 4 turns, its line turns 5 times",
               "is"),
    VerifyCase(PAIR, lines(". .\n. ."), "no line is drawn", "is"),
    VerifyCase(PAIR, lines("DR L\nUR UL"), "r1c2: no line leaves the firefly's dot (D)", "is"),
    VerifyCase(PAIR, lines("R DL\nU UL"), "r2c1: a line ends here, away from any firefly (a dead end)", "is"),
    VerifyCase("> . v\n. . .\n. . .", lines("R DL DL\n. UDR .\n. U ."), "r2c2: the line has 3 ends here (a branch)",
               "is"),
    VerifyCase("> . v\n. . .\n. . .", lines("R DL DL\nR UDLR L\n. U ."), "r2c2: the line has 4 ends here (a crossing)",
               "is"),
    VerifyCase("> <", lines("R L"), "the line from r1c1 to r1c2 joins two dots", "starts"),
    VerifyCase("v v\n. .", lines("DR DL\nUR UL"), "the line between r1c1 and r1c2 leaves neither firefly's dot", "is"),
    VerifyCase("> v > v\n. . . .", lines("DR DL DR DL\nUR UL UR UL"), "the lines form 2 separate networks, not one",
               "is"),
    VerifyCase(PAIR, lines("DR DL\nUR UDL"), "r2c2: the line leaves the grid going D", "is"),
    VerifyCase(PAIR, lines("DR DL\nUR U"), "r2c1: the line goes R but r2c2 does not join it", "is"),
    VerifyCase(PAIR, lines("DR DL\nUR X"), "r2c2: 'X' is not a set of directions in UDLR order", "is"),
    VerifyCase(PAIR, PAIR_SOLUTION[:1], "solution is not 2 rows of 2 cells", "is"),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 13}, "--size must be at most 12"),  # the solver reads up to 15x15
    ({"size": 1}, "firefly generation needs at least 2x2 cells"),
    ({"share": 41}, "--share must be at most 40"),
]

GENERATE_RUNS = [GenerateRun(("--size", "4", "--count", "2"), "f.jsonl", 2, has=('"puzzle": "firefly"',)),
                 GenerateRun(("--width", "5", "--height", "3", "--count", "1"), "f.csv", 1, called="hotaru-beam",
                             header_starts="id,puzzle")]

# (generator options, how many, seed)
MANY_GENERATED = [({"size": 4}, 10, 11), ({"size": 5}, 4, 12)]
