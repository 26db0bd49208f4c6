"""Palisade's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase

from puzzlelab.solvers.palisade import PUZZLE

ALIASES = ("five-cells", "fivecells", "Palisade")

# his presets (5x5n5 to 15x12n10) and an oblong board of regions of 3; a line's first word is
# the parameters asked for. CP-SAT re-checks a 5x5 and an 8x6 only (a 15x12 board takes it 2-20 s).
TATHAM_IDS = TathamIds("palisade_tatham.txt", count=28, cpsat_every=8, cpsat_at_most=2)

OUR_IDS = OurIds(({}, {"size": 4}, {"width": 8, "height": 6}, {"width": 6, "height": 4, "region": 3},
                  {"width": 1, "height": 6, "region": 2}))

# (text, line, [words of the message])
BAD_INPUTS = [
    ("....\n.3.2\n...2", 1, "region size K"),  # no region size
    ("region size 4\n....\n.3.\n...2", 3),  # ragged
    ("region size 4\n....\n.5.2\n...2", 3, "bad cell"),
    ("region size 5\n....\n.3.2\n...2", 1, "does not divide"),
    ("region size x\n....", 1, "a whole number"),
    ("region size 4", 1, "no rows"),
    ('{"region_size": 4, "grid": ["....", ".3.2", "...5"]}', None, "bad cell"),
    ('{"region_size": 5, "grid": ["....", ".3.2", "...2"]}', 1, "does not divide"),
    ('{"grid": ["....", ".3.2", "...2"]}', 1, "needs 'region_size'"),
    ("4x3n4:e3a2c2a", 1, "longer than 12 cells"),
    ("4x3n5:e3a2c2", 1, "does not divide"),
]

OVERSIZED = Oversized(
    ("region size 3\n" + "\n".join(["." * 21] * 3), "21x3n3:", '{"region_size": 3, "grid": ["' + "." * 21 + '"]}'),
    "palisade board 21x.* is too large: at most 20x20",
)

BOM_BOARD = PUZZLE.example


def labels(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(t) for t in line.split()) for line in text.strip().splitlines())


# the example's solution is 1 2 2 2 / 1 2 3 3 / 1 1 3 3
VERIFY_CASES = [VerifyCase(board, labels(bad), problem, "is") for board, bad, problem in [
    (PUZZLE.example, "1 2 2 2\n1 2 2 3\n1 1 3 3", "the region of r1c2 has 5 cells, not 4"),  # size
    ("region size 4\n....\n....\n....", "1 2 2 1\n1 2 2 1\n3 3 3 3",
     "the region labelled 1 at r1c1 is in more than one piece (r1c4 is cut off)"),  # connected
    (PUZZLE.example, "1 1 1 1\n2 2 3 3\n2 2 3 3", "r2c2 has 2 sides on borders, its number says 3"),  # the numbers
    (PUZZLE.example, "1 2\n1 2", "solution is not 4x3"),
]]

# (generator options, how many, seed); CP-SAT takes 1-4 s a 10x8 board, so none here
MANY_GENERATED = [
    ({}, 20, 11),
    ({"width": 8, "height": 6}, 6, 12),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"width": 16}, "--width must be at most 15"),
    ({"region": 0}, "--region must be at least 1"),
]

BAD_GENERATOR_PARAMS = [
    ({"size": 5, "region": 4}, "does not divide"),
    ({"size": 4, "region": 2}, "need a board one cell wide or high"),
    ({"size": 3, "region": 9}, "fill the whole"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2", "--seed", "3"), "p.jsonl", 2,
                has=('"tatham_id": "5x5n5:', '"unique": true')),
]
