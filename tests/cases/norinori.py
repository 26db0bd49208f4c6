"""Norinori's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.norinori import PUZZLE

ALIASES = ("nori-nori", "NoriNori")

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")

# (text, line, words of the message)
BAD_INPUTS = [
    ("AAB\nABA\nBBB", 2, "region 'B' is in two pieces (r2c2 is cut off)"),
    ("A B\nB A", 2, "region 'B' is in two pieces"),
    ("AB\nABA", 2, "row has 3 cells, expected 2"),
    ("A$\nAB", 1, "bad region name '$'"),
    ("AB\nAB\ngiven r3c1", 3, "given 'r3c1' is off the 2x2 board"),
    ("AB\nAB\ngiven r1c1 -r1c1", 3, "r1c1 is given both shaded and empty"),
    ("AB\nAB\ngiven x1", 3, "bad given 'x1'"),
    ("given r1c1", 1, "no rows of regions"),
    ("https://puzz.link/p?norinori/4/4/zzz", 1, "'z' is not a base-32 digit"),
    ("https://puzz.link/p?norinori/4/4/0000000", 1, "goes on after the board's last cell"),
    ("https://puzz.link/p?norinori/f/4/4/00", 1, "with the flags 'f'"),
    (EXAMPLE_JSON.replace("[[1, 2, true]", "[[1, 9, true]"), 1, "'given' has [1, 9, true]: off the 4x4 board"),
    (EXAMPLE_JSON.replace("[[1, 2, true]", "[[1, 2, 1]"), 1, "a given is [row, column, true or false]"),
    (EXAMPLE_JSON.replace('"regions": [[0, 0', '"regions": [[0, 3'), None,
     "region '3' is in two pieces"),
]

OVERSIZED = Oversized(("\n".join(["A" * 41] * 2), "A " * 41,
                       "https://puzz.link/p?norinori/41/4/00", '{"width": 41, "regions": [[0]]}'),
                      "norinori board 41x.* is too large: at most 40x40")

BOM_BOARD = PUZZLE.example
BOM_FORMATS = ("text", "json")  # a puzz.link address holds no givens


def grid(text: str) -> tuple[tuple[bool, ...], ...]:
    """A solution from rows of `#` (shaded) and `.`."""
    return tuple(tuple(ch == "#" for ch in row) for row in text.split())


QUADRANTS = "AABB\nAABB\nCCDD\nCCDD"
SOLVED = ".##. #..# #..# .##."  # the example's solution
VERIFY_CASES = [
    VerifyCase(PUZZLE.example, grid("#.#. #.#. .#.# .#.#"), "r1c2 is empty, the given says shaded", "is"),
    VerifyCase(QUADRANTS + "\ngiven -r1c1", grid("#.#. #.#. .#.# .#.#"), "r1c1 is shaded, the given says empty",
               "is"),
    VerifyCase(QUADRANTS, grid(".##. #..# #..# .#.."), "region 4 holds 1 shaded cells, not 2", "is"),
    VerifyCase(QUADRANTS, grid("###. #..# #..# .##."), "r1c2 is shaded with 2 shaded neighbours (r1c1, r1c3)",
               "is"),
    VerifyCase(QUADRANTS, grid(".#.. #..# #..# .##."), "r1c2 is shaded with no shaded neighbour", "is"),
    VerifyCase(QUADRANTS, grid("#..."), "solution is not 4x4", "is"),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 11}, "--size must be at most 10"),
    ({"size": 3}, "--size must be at least 4"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "6", "--count", "2"), "n.jsonl", 2, has=('"puzzle": "norinori"', '"repairs": ')),
    GenerateRun(("--size", "5", "--count", "1"), "n.csv", 1, called="nori-nori",
                header_starts="id,puzzle,question,answer,clues,solution"),
]

# (generator options, how many, seed)
MANY_GENERATED = [({}, 20, 11), ({"size": 6}, 30, 12), ({"size": 10}, 3, 13)]
