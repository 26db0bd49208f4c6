"""Shikaku's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase

from puzzlelab.solvers.shikaku import PUZZLE

ALIASES = ("rect", "rectangles", "Shikaku")

# his presets' sizes, an oblong board and boards drawn with an expansion factor; a line's first
# word is the parameters asked for
TATHAM_IDS = TathamIds("shikaku_tatham.txt", count=28, cpsat_every=4)

OUR_IDS = OurIds(({}, {"size": 9}, {"width": 12, "height": 5}, {"width": 2, "height": 3}, {"size": 15}))

# (text, line, [words of the message])
BAD_INPUTS = [
    (". 3\n. . .", 2),  # ragged
    (". 5\n. .", 1, "out of range 1..4"),  # more than the board's area
    (". .\n. 0", 2),
    (". x\n. .", 1, "bad cell"),
    ('{"grid": [[null, 3], [null, "2"]]}', 1),  # the field's line
    ('{"grid": [[null, 3], [null, 2]], "width": 3}', 1),
    ("https://puzz.link/p?shikaku/2/2/g5h", 1, "out of range 1..4"),
    ("https://puzz.link/p?shikaku/2/2/g3hz", 1, "goes on after"),
]

OVERSIZED = Oversized(
    ("\n".join([" ".join("." * 31)] * 2), "31x31:" + "z" * 36 + "y", "https://puzz.link/p?shikaku/31/2/zzzi"),
    "shikaku board 31x.* is too large: at most 30x30",
)

BOM_BOARD = PUZZLE.example


def labels(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(t) for t in line.split()) for line in text.strip().splitlines())


# the example's solution is 1 1 1 2 / 1 1 1 2 / 3 3 3 2 / 4 4 4 4
VERIFY_CASES = [VerifyCase(board, labels(bad), problem, "is") for board, bad, problem in [
    (PUZZLE.example, "1 1 1 1\n1 1 1 1\n3 3 3 2\n4 4 4 4",
     "the numbers at r2c2 and r2c4 share a rectangle"),  # one number a rectangle
    (PUZZLE.example, "1 1 1 2\n1 1 1 2\n3 3 2 2\n4 4 4 4",
     "the region of the number at r2c4 is not a rectangle"),  # rectangles
    (PUZZLE.example, "1 1 2 2\n1 1 2 2\n3 3 3 2\n4 4 4 4",
     "the rectangle of the number at r2c2 has 4 cells, its number says 6"),  # the number is the area
    (". . . .\n. 6 . 3\n. 3 . .\n. ? . .", "1 1 1 2\n1 1 1 2\n3 3 3 2\n3 3 3 3",
     "the number at r4c2 has no rectangle"),  # every number has its rectangle
    (PUZZLE.example, "1 1 1 2\n1 1 1 2\n3 3 3 2\n4 4 4 5", "r4c4 holds 5: labels run 1..4"),
    (PUZZLE.example, "1 1\n1 1", "solution is not 4x4"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({}, 30, 11),
    ({"size": 11}, 10, 12),
    ({"width": 13, "height": 9, "most": 30}, 10, 13),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 31}, "--size must be at most 30"),
    ({"most": 1}, "--most must be at least 2"),
]

BAD_GENERATOR_PARAMS = [
    ({"size": 1}, "no room for a puzzle"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2", "--seed", "3"), "s.jsonl", 2,
                has=('"tatham_id": "5x5:', '"unique": true', '"puzzlink_url": "https://puzz.link/p?shikaku/5/5/')),
]
