"""LITS's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.lits import PUZZLE

ALIASES = ("nuruomino", "LITS")

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")

# (text, line, words of the message)
BAD_INPUTS = [
    ("AAB\nABA\nBBB", 2, "region 'B' is in two pieces (r2c2 is cut off)"),
    ("A B\nB A", 2, "region 'B' is in two pieces"),
    ("AB\nABA", 2, "row has 3 cells, expected 2"),
    ("A$\nAB", 1, "bad region name '$'"),
    ("AB\nAB\ngiven r3c1", 3, "given 'r3c1' is off the 2x2 board"),
    ("AB\nAB\ngiven r1c1 -r1c1", 3, "r1c1 is given both shaded and unshaded"),
    ("AB\nAB\ngiven x1", 3, "bad given 'x1'"),
    ("given r1c1", 1, "no rows of regions"),
    ("https://puzz.link/p?lits/4/4/zzz", 1, "'z' is not a base-32 digit"),
    ("https://puzz.link/p?lits/4/4/0000000", 1, "goes on after the board's last cell"),
    ("https://puzz.link/p?lits/d/4/4/00", 1, "with the flags 'd'"),
    (EXAMPLE_JSON.replace("[2, 4, true]", "[2, 9, true]"), 1, "'given' has [2, 9, true]: off the 4x4 board"),
    (EXAMPLE_JSON.replace("[2, 4, true]", "[2, 4, 1]"), 1, "a given is [row, column, true or false]"),
    (EXAMPLE_JSON.replace('"regions": [[0, 1, 1, 1]', '"regions": [[0, 1, 1, 0]'), None,
     "region '0' is in two pieces (r1c4 is cut off)"),
]

OVERSIZED = Oversized(("\n".join(["A" * 31] * 2), "A " * 31, "https://puzz.link/p?lits/31/4/00",
                       '{"width": 31, "regions": [[0]]}'),
                      "lits board 31x.* is too large: at most 30x30")

BOM_BOARD = PUZZLE.example
BOM_FORMATS = ("text", "json")  # a puzz.link address holds no givens


def grid(text: str) -> tuple[tuple[bool, ...], ...]:
    """A shading from rows of `#` (shaded) and `.`."""
    return tuple(tuple(ch == "#" for ch in row) for row in text.split())


SOLVED = "###. #.## #..# ####"  # the example's one solution: I, S and L
VERIFY_CASES = [
    VerifyCase(PUZZLE.example, grid("#### #.#. #..# ####"), "r2c4 is unshaded, the given says shaded"),
    VerifyCase(PUZZLE.example, grid("#### #.## #..# ####"), "r1c4 is shaded, the given says unshaded"),
    VerifyCase(PUZZLE.example, grid("###. #.## #..# ###."), "region 3 holds 3 shaded cells, not 4", "is"),
    VerifyCase(PUZZLE.example, grid("#... #... #... #..."), "region 2 holds 0 shaded cells, not 4", "is"),
    VerifyCase("AAAB\nAAAB\nCCCB\nCBBB", grid("##.. ##.. .... ...."), "a 2x2 block is shaded at r1c1", "is"),
    VerifyCase("AAAA\nBBBB\nCCCC\nDDDD", grid("#### #### .... ...."), "two I shapes touch at r1c1 and r2c1", "is"),
    VerifyCase("AAAA\nBBBB\nCCCC\nDDDD", grid("#### .... #### ...."),
               "the shaded cells are in 2 pieces, not connected", "is"),
    VerifyCase("AAAAA\nBBBBB\nCCCCC", grid("##.## ..... ....."), "region 1's shaded cells are not connected", "is"),
    VerifyCase(PUZZLE.example, grid("###."), "solution is not 4x4", "is"),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 15}, "--size must be at most 14"),
    ({"size": 3}, "--size must be at least 4"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2"), "s.jsonl", 2, has=('"puzzle": "lits"', '"repairs": ')),
    GenerateRun(("--size", "4", "--count", "1"), "s.csv", 1, called="nuruomino",
                header_starts="id,puzzle,question,answer,clues,solution"),
]

# (generator options, how many, seed)
MANY_GENERATED = [({"size": 6}, 10, 12), ({}, 3, 11)]
