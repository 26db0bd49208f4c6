"""Map's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase

from puzzlelab.solvers.map import PUZZLE

ALIASES = ("four-colouring", "fourcolouring", "four-coloring", "Map")

# two sizes and all four grades; the parameters as asked include the difficulty
TATHAM_IDS = TathamIds("map_tatham.txt", count=24, cpsat_every=4)

OUR_IDS = OurIds(({}, {"size": 6}, {"width": 9, "height": 4, "regions": 12}, {"width": 2, "height": 3}))

# (text, line)
BAD_INPUTS = [
    ("0 0 1\n1 0 0", 2),  # region 1 in two pieces
    ("0 0 1\n0 1", 2),  # ragged
    ("0 0 1\n0 1 1\ngiven 2=R", 3),  # no region 2
    ("0 0 1\n0 1 1\ngiven 1=P", 3),  # no such colour
    ("0 0 1\n0 1 1\ngiven 1", 3),
    ("0 0 1\n0 1 $", 2),
    ("graph\nA: B\nA: C", 3),
    ("graph\nA: B", 2),  # B has no line
    ("graph\nA: A", 2),
    ("graph\nA B", 2),
    ("regions = {0: {1}, 1: {}, 3: {}}", 1),
    ("regions = {0: {1}, 1: {0}}\nfixed_colors = {0: 'P'}", 2),
    ("regions = {0: {7}, 1: {0}}", 1),
    ("regions = {0: {0}}", 1),
    ("regions = [0]", 1),
    ('{"grid": [[0, 1], [1, 0]]}', None),
    ('{"grid": [[0, 1]], "given": {"2": "R"}}', None),
    ('{"regions": 2, "edges": [[0, 2]]}', None),
    ('{"regions": 2}', None),
]

OVERSIZED = (
    Oversized(("\n".join(["0 " * 61] * 2), "61x2n5:" + "a" * 10 + ",e"), "map board 61x2 is too large"),
    Oversized(("graph\n" + "".join(f"r{k}:\n" for k in range(1001)),), "1001 regions: at most 1000"),
    Oversized(("regions = {" + ", ".join(f"{k}: set()" for k in range(1001)) + "}",), "at most 1000"),
)

VERIFY_CASES = [VerifyCase(PUZZLE.example, solution, problem) for solution, problem in [
    ((0, 1, 2, 3, 1, 1, 0, 2), "solution does not colour the 7 regions"),
    ((0, 1, 2, 3, 1, 1, 4), "region 6 has no colour of the four"),
    ((0, 1, 2, 3, 0, 1, 0), "region 4 is R, the clue says Y"),
    ((0, 1, 2, 3, 1, 3, 0), "regions 3 and 5 touch and are both B"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({}, 50, 11),
    ({"width": 30, "height": 25, "regions": 75}, 20, 12),
    ({"size": 60, "regions": 360}, 3, 13),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"regions": 0}, "--regions must be at least 1"),
]

# (generator parameters, message)
BAD_GENERATOR_PARAMS = [
    ({"size": 3, "regions": 10}, "room for 1 to 9 regions, not 10"),
    ({"width": 61}, "too large"),
    ({"diff": "x"}, "--diff must be e, n, h or u"),
]

GENERATE_RUNS = [
    GenerateRun(("--width", "8", "--height", "6", "--regions", "9", "--count", "2"), "m.jsonl", 2,
                has=('"tatham_id": "8x6n9:', "human_tatham")),
    GenerateRun(("--size", "5", "--count", "1"), "m.csv", 1, header_starts="id,puzzle,question,answer,clues,solution"),
]
