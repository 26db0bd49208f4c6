"""Heyawake's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.heyawake import PUZZLE

ALIASES = ("heya", "Heyawake")

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")

# (text, line, words of the message)
BAD_INPUTS = [
    ("AAB\nABA\nBBB", 2, "room 'B' is in two pieces (r2c2 is cut off)"),
    ("A B\nB A", 2, "room 'B' is in two pieces"),
    ("AB\nABA", 2, "row has 3 cells, expected 2"),
    ("A$\nAB", 1, "bad room name '$'"),
    ("AB\nAB\nnumbers C=1", 3, "no room is named 'C'"),
    ("AB\nAB\nnumbers A=1 A=0", 3, "room 'A' is given two numbers"),
    ("AB\nAB\nnumbers A=3", 3, "number 3 in a room of 2 cells (at most 2)"),
    ("AB\nAB\nnumbers A:1", 3, "bad number 'A:1'"),
    ("numbers A=1", 1, "no rows of rooms"),
    ("https://puzz.link/p?heyawake/2/2/zz", 1, "'z' is not a base-32 digit"),
    ("https://puzz.link/p?heyawake/2/2/o09", 1, "number 9 in a room of 2 cells"),
    ("https://puzz.link/p?heyawake/2/2/o0.", 1, "room 1 holds a number not given"),
    ("https://puzz.link/p?heyawake/2/2/o0123", 1, "goes on after the board's last cell"),
    ("https://puzz.link/p?heyawake/f/2/2/o0", 1, "with the flags 'f'"),
    (EXAMPLE_JSON.replace('"numbers": [[1, 3, 1]', '"numbers": [[1, 9, 1]'), 1, "off the 4x4 board"),
    (EXAMPLE_JSON.replace('"numbers": [[1, 3, 1]', '"numbers": [[1, 3, 5]'), 1, "number 5 in a room of 2 cells"),
    (EXAMPLE_JSON.replace('"numbers": [[1, 3, 1]', '"numbers": [[1, 3, true]'), 1, "a number is [row, column, number]"),
    (EXAMPLE_JSON.replace('"rooms": [[0, 0', '"rooms": [[0, 5'), None, "room '5' is in two pieces"),
]

OVERSIZED = Oversized(("\n".join(["A" * 31] * 2), "A " * 31, "https://puzz.link/p?heyawake/31/4/00",
                       '{"width": 31, "rooms": [[0]]}'),
                      "heyawake board 31x.* is too large: at most 30x30")

BOM_BOARD = PUZZLE.example


def shading(text: str) -> tuple[tuple[bool, ...], ...]:
    """Rows of cells, '#' shaded, '.' white."""
    return tuple(tuple(t == "#" for t in row.split()) for row in text.strip().splitlines())


VERIFY_CASES = [VerifyCase(PUZZLE.example, shading(bad), problem, "is") for bad, problem in [
    (". . . .\n. # . #\n. . # .\n# . . .", "the room of r1c3 holds 0 shaded cells, its number says 1"),  # rule 1
    (". . . #\n. # . #\n. . # .\n# . . .", "shaded r1c4 and r2c4 touch"),  # rule 2
    ("# . . #\n. # . .\n. . # .\n# . . #", "white cells form 2 regions, not one"),  # rule 3
    (". . . #\n. . . .\n. . # .\n# . . #", "white run r1c2-r4c2 crosses 2 room borders"),  # rule 4
    (". .\n. .", "solution is not 4x4"),
]]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 21}, "--size must be at most 20"),
    ({"height": 0}, "--height must be at least 1"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2"), "h.jsonl", 2, has=('"puzzle": "heyawake"',)),
    GenerateRun(("--width", "6", "--height", "4", "--count", "1"), "h.csv", 1, called="heya",
                header_starts="id,puzzle,question,answer,clues,solution"),
]

# (generator options, how many, seed)
MANY_GENERATED = [({}, 20, 11), ({"size": 6}, 30, 12), ({"width": 12, "height": 8}, 5, 13)]
