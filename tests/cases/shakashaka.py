"""Shakashaka's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.shakashaka import PUZZLE, SHAPES

ALIASES = ("Shakashaka", "shaka-shaka")

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")

# (text, line, words of the message)
BAD_INPUTS = [
    ("..\n...", 2, "row"),  # ragged
    ("..\n.5", 2, "number 5 is more than 4"),
    ("..\n.x", 2, "bad character 'x'"),
    ("https://puzz.link/p?shakashaka/2/2/A", 1, "'A' is not 0..4"),
    ("https://puzz.link/p?shakashaka/2/2/k0", 1, "goes on after"),
    ("https://puzz.link/p?shakashaka/x/2/2/g", 1, "with the flags 'x'"),
    ("pzprv3/shakashaka/2/2/. 7 /. . /. . /. . /", 5, "'7' is no Shakashaka cell"),
    ("pzprv3/shakashaka/2/2/. . /. . /. 6 /. . /", 7, "'6' is no Shakashaka mark"),
    (EXAMPLE_JSON.replace('"2..."', '"2.x."'), None, "bad character 'x'"),
]

OVERSIZED = Oversized(("\n".join(["." * 41] * 2), "https://puzz.link/p?shakashaka/41/2/zz",
                       '{"width": 41, "grid": [[null]]}', "pzprv3/shakashaka/2/41/"),
                      "shakashaka board 41x.* is too large: at most 40x40")

BOM_BOARD = PUZZLE.example

SHAPE_VALUES = {shape: value for value, shape in SHAPES.items()}


def triangles(text: str) -> tuple[tuple[int, ...], ...]:
    """Rows separated by '/', a character a cell: a triangle's shape, anything else none."""
    return tuple(tuple(SHAPE_VALUES.get(ch, 0) for ch in row) for row in text.split("/"))


SOLVED = "2◤◥./◤.◢./◣◢#./.##."  # the example's solution
VERIFY_CASES = [VerifyCase(board, triangles(bad), problem, "is") for board, bad, problem in [
    (PUZZLE.example, "2◤◥./..◢./◣◢#./.##.", "r1c1 wants 2 triangles beside it, has 1"),
    (PUZZLE.example, "2◤◥./..◢./◣◢#./.##.", "the white area at r1c2 is no rectangle"),
    (PUZZLE.example, "2◤◥./◤.◢./◣◢◤./.##.", "r3c3 is black and holds a triangle"),
    ("..\n..", "../..", "no triangle is placed"),
    (PUZZLE.example, "2◤◥./◤.◢.", "solution is not 4x4"),
]] + [VerifyCase(PUZZLE.example, ((0, 7, 0, 0),) + triangles(SOLVED)[1:], "r1c2 holds '7', no triangle", "is")]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 41}, "--size must be at most 40"),
    ({"size": 1}, "--size must be at least 2"),
    ({"height": 1}, "--height must be at least 2"),
    ({"density": 0.7}, "--density must be at most 0.6"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2", "--seed", "2"), "s.jsonl", 2,
                has=('"puzzle": "shakashaka"', '"puzzlink_url": "https://puzz.link/p?shakashaka/5/5/')),
]

# (generator options, how many, seed)
MANY_GENERATED = [({}, 10, 11), ({"size": 6}, 30, 12), ({"width": 14, "height": 8, "density": 0.3}, 5, 13)]
