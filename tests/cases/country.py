"""Country Road's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.country import PUZZLE
from puzzlelab.solvers.pearl import PIECES

ALIASES = ("country-road", "Country")

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")


def picture(text: str) -> tuple[tuple[str, ...], ...]:
    """A loop from rows of cells separated by spaces: a piece of line (`┌`, `─`) a cell on it,
    anything else (`·`) a cell it does not visit."""
    return tuple(tuple(PIECES.get(t, "") for t in line.split()) for line in text.strip("\n").splitlines())


# the example's one solution
EXAMPLE_SOLUTION = picture("""
· · ┌ ┐
· ┌ ┘ │
┌ ┘ · │
└ ─ ─ ┘
""")
RING = picture("┌ ─ ┐\n│ · │\n└ ─ ┘")

# (text, line, words of the message)
BAD_INPUTS = [
    ("AAB\nABA\nBBB", 2, "room 'B' is in two pieces (r2c2 is cut off)"),
    ("AB\nABA", 2, "row has 3 cells, expected 2"),
    ("A$\nAB", 1, "bad region name '$'"),
    ("AB\nAB\nnumbers C=1", 3, "no room is named 'C'"),
    ("AB\nAB\nnumbers A=1 A=2", 3, "room 'A' is given two numbers"),
    ("AB\nAB\nnumbers A=3", 3, "number 3 in a room of 2 cells (1 to 2"),
    ("AB\nAB\nnumbers A=0", 3, "number 0 in a room of 2 cells (1 to 2: the loop visits every room)"),
    ("AB\nAB\nnumbers A:1", 3, "bad number 'A:1'"),
    ("numbers A=1", 1, "no rows of regions"),
    ("https://puzz.link/p?country/2/2/o0.", 1, "room 1 holds a number not shown (.)"),
    ("https://puzz.link/p?country/2/2/o09", 1, "number 9 in a room of 2 cells"),
    ("https://puzz.link/p?country/2/2/o0120", 1, "goes on after the board's last cell"),
    ("https://puzz.link/p?country/e/2/2/o01g", 1, "flags 'e': rooms the loop may leave out is another rule"),
    ("https://puzz.link/p?country/x/2/2/o01g", 1, "flags 'x': Country Road reads none"),
    ("pzprv3/country/2/2/2/0 1 /0 1 /- . /. . /", 8, "'-' is a number not shown"),
    ("pzprv3/country/2/2/2/0 1 /0 1 /1 . /1 . /", 9, "'1' is a second number in the room of r1c1"),
    ("pzprv3/country/2/2/2/0 1 /0 1 /x . /. . /", 8, "'x' is no Country Road number"),
    ("pzprv3.2/country/2/2/country_empty/1 /1 /0 0 /", 5, "rooms the loop may leave out is another rule"),
    (EXAMPLE_JSON.replace('"numbers": [[4, 1, 2]', '"numbers": [[9, 1, 2]'), 1, "off the 4x4 board"),
    (EXAMPLE_JSON.replace('"numbers": [[4, 1, 2]', '"numbers": [[4, 1, 5]'), 1, "number 5 in a room of 2 cells"),
    (EXAMPLE_JSON.replace('"numbers": [[4, 1, 2]', '"numbers": [[4, 1, true]'), 1, "a number is [row, column, number]"),
    (EXAMPLE_JSON.replace("[3, 3, 2, 4]", "[3, 3, 2, 0]"), None, "room '0' is in two pieces"),
]

OVERSIZED = Oversized(("\n".join(["A" * 31] * 2), "A " * 31, "https://puzz.link/p?country/31/4/00",
                       '{"width": 31, "regions": [[0]]}', "pzprv3/country/4/31/1/"),
                      "country board 31x.* is too large: at most 30x30")

BOM_BOARD = PUZZLE.example

VERIFY_CASES = [
    VerifyCase(PUZZLE.example.replace("D=2", "D=1"), EXAMPLE_SOLUTION,
               "the loop visits 2 cells of the room of r4c1, its number says 1", "is"),
    VerifyCase("ABC\nABC\nABC", RING, "the loop crosses the border of the room of r1c2 4 times, not twice", "is"),
    VerifyCase("AAB\nAAB", picture("┌ ┐ ·\n└ ┘ ·"), "the loop does not visit the room of r1c3", "is"),
    VerifyCase(PUZZLE.example, picture("┌ ┐ · ·\n└ ┘ · ·\n· · · ·\n· · · ·"),
               "r3c2 and r3c3 either side of a room border are both unvisited"),
    VerifyCase("AABB\nAABB", picture("┌ ┐ ┌ ┐\n└ ┘ └ ┘"), "the line forms 2 separate loops, not one", "is"),
    VerifyCase("AB\nAB", (("DR", "L"), ("UR", "UL")), "r1c2: the line has 1 ends here, not 0 or 2"),
    VerifyCase("AB\nAB", (("DR", "DL"), ("UR", "UD")), "r2c2: the line leaves the grid going D"),
    VerifyCase("AB\nAB", (("DR", "X"), ("UR", "UL")), "r1c2: 'X' is not a set of directions in UDLR order"),
    VerifyCase("AB\nAB", (("", ""), ("", "")), "no loop is drawn"),
    VerifyCase(PUZZLE.example, RING, "solution is not 4 rows of 4 cells", "is"),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 21}, "--size must be at most 20"),
    ({"height": 1}, "--height must be at least 2"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2"), "c.jsonl", 2, has=('"puzzle": "country"',)),
    GenerateRun(("--width", "6", "--height", "4", "--count", "1"), "c.csv", 1, called="country-road",
                header_starts="id,puzzle,question,answer,clues,solution"),
]

# (generator options, how many, seed)
MANY_GENERATED = [({}, 20, 11), ({"size": 5}, 30, 12), ({"width": 12, "height": 8}, 5, 13)]
