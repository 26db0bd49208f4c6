"""Star Battle's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.starbattle import PUZZLE

ALIASES = ("star-battle", "StarBattle")

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")

# (text, line, words of the message)
BAD_INPUTS = [
    ("stars 1\nAAB\nABA\nBBB", 3, "region 'B' is in two pieces (r2c2 is cut off)"),
    ("stars 1\nA B\nB A", 3, "region 'B' is in two pieces"),
    ("stars 0\nAB\nAB", 1, "stars per line '0': a whole number from 1"),
    ("stars x\nAB", 1, "stars per line 'x'"),
    ("AB\nABA", 2, "row has 3 cells, expected 2"),
    ("A$\nAB", 1, "bad region name '$'"),
    ("AB\nAB\ngiven r3c1", 3, "given 'r3c1' is off the 2x2 board"),
    ("AB\nAB\ngiven r1c1 -r1c1", 3, "r1c1 is given both with and without a star"),
    ("AB\nAB\ngiven x1", 3, "bad given 'x1'"),
    ("stars 2", 1, "no rows of regions"),
    ("https://puzz.link/p?starbattle/4/4/1/zzz", 1, "'z' is not a base-32 digit"),
    ("https://puzz.link/p?starbattle/4/4/x/000", 1, "stars per line 'x'"),
    ("https://puzz.link/p?starbattle/4/4/1/0000000", 1, "goes on after the board's last cell"),
    ("https://puzz.link/p?starbattle/f/4/4/1/00", 1, "with the flags 'f'"),
    (EXAMPLE_JSON.replace('"stars": 1', '"stars": 0'), 1, "'stars' must be at least 1, got 0"),
    (EXAMPLE_JSON.replace("[[1, 2, true]", "[[1, 9, true]"), 1, "'given' has [1, 9, true]: off the 4x4 board"),
    (EXAMPLE_JSON.replace("[[1, 2, true]", "[[1, 2, 1]"), 1, "a given is [row, column, true or false]"),
    (EXAMPLE_JSON.replace('"regions": [[0, 0', '"regions": [[0, 3'), None,
     "region '3' is in two pieces (r3c3 is cut off)"),
]

OVERSIZED = Oversized(("\n".join(["A" * 41] * 2), "stars 1\n" + "A " * 41,
                       "https://puzz.link/p?starbattle/41/4/1/00", '{"width": 41, "regions": [[0]]}'),
                      "starbattle board 41x.* is too large: at most 40x40")

BOM_BOARD = PUZZLE.example
BOM_FORMATS = ("text", "json")  # a puzz.link address holds no givens


def grid(text: str) -> tuple[tuple[bool, ...], ...]:
    """A solution from rows of `*` (a star) and `.`."""
    return tuple(tuple(ch == "*" for ch in row) for row in text.split())


QUADRANTS = "stars 1\nAABB\nAABB\nCCDD\nCCDD"
VERIFY_CASES = [
    VerifyCase(PUZZLE.example, grid("..*. *... ...* .*.."), "r1c2 is empty, the given says a star"),
    VerifyCase(PUZZLE.example, grid(".**. *... ...* .*.."), "r1c3 is a star, the given says empty"),
    VerifyCase(QUADRANTS, grid("*... *... .... ...."), "row 3 holds 0 stars, not 1", "is"),
    VerifyCase(QUADRANTS, grid("*... .... ..*. ...*"), "column 2 holds 0 stars, not 1", "is"),
    VerifyCase("stars 1\nABBB\nABBB\nCCCD\nCCCD", grid(".*.. ...* *... ..*."), "region 1 holds 0 stars, not 1",
               "is"),
    VerifyCase(QUADRANTS, grid("*... .*.. ...* ..*."), "stars r1c1 and r2c2 touch", "is"),
    VerifyCase(QUADRANTS, grid("*..."), "solution is not 4x4", "is"),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 17}, "--size must be at most 16"),
    ({"stars": 5}, "--stars must be at most 4"),
    ({"size": 3}, "a board of 1 star a line needs a side of at least 4, not 3"),
    ({"size": 10, "stars": 3}, "needs a side of at least 12, not 10"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "6", "--count", "2"), "s.jsonl", 2, has=('"puzzle": "starbattle"', '"repairs": ')),
    GenerateRun(("--size", "8", "--stars", "2", "--count", "1"), "s.csv", 1, called="star-battle",
                header_starts="id,puzzle,question,answer,clues,solution"),
]

# (generator options, how many, seed)
MANY_GENERATED = [({}, 20, 11), ({"size": 6}, 30, 12), ({"size": 14}, 3, 13)]
