"""Nurikabe's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.nurikabe import PUZZLE

ALIASES = ("island", "islands", "Nurikabe")

# (text, line, [words of the message])
BAD_INPUTS = [
    (". 3\n. . .", 2),  # ragged
    (". 5\n. .", 1, "out of range 1..4"),  # more than the board's area
    (". .\n. 0", 2),
    (". x\n. .", 1, "bad cell"),
    ('{"grid": [[null, 3], [null, "2"]]}', 1),  # the field's line
    ('{"grid": [[null, 3], [null, 2]], "width": 3}', 1),
    ('{"grid": [[null, 3], [null, true]]}', 1, "cells are numbers"),
    ("https://puzz.link/p?nurikabe/2/2/g5h", 1, "out of range 1..4"),
    ("https://puzz.link/p?nurikabe/2/2/g3hz", 1, "goes on after"),
    ("https://puzz.link/p?nurikabe/x/2/2/g3h", 1, "with the flags 'x'"),
]

OVERSIZED = Oversized(
    ("\n".join([" ".join("." * 21)] * 2), "https://puzz.link/p?nurikabe/21/2/zzi", '{"width": 21, "grid": [[null]]}'),
    "nurikabe board 21x.* is too large: at most 20x20",
)

BOM_BOARD = PUZZLE.example


def shading(text: str) -> tuple[tuple[bool, ...], ...]:
    """Rows of '#' (shaded) and '.' (white), rows separated by '/'."""
    return tuple(tuple(ch == "#" for ch in row) for row in text.split("/"))


# the example's solution is #..#/##.#/.###/.#..
VERIFY_CASES = [VerifyCase(board, shading(bad), problem, "is") for board, bad, problem in [
    (PUZZLE.example, "#..#/##.#/.###/.###", "r4c3 holds a number but is shaded"),  # numbers stay white
    (PUZZLE.example, "##.#/##.#/.###/.#..", "shaded r1c1 to r2c2 form a 2x2 block"),  # no 2x2 block
    (PUZZLE.example, "#..#/##../.###/.#..", "shaded cells form 2 regions, not one"),  # shaded cells connected
    (PUZZLE.example, "#..#/####/.###/.#..", "the island of r1c2 holds no number"),  # an island holds a number
    (PUZZLE.example, "#..#/##.#/.###/...#", "the numbers at r4c1 and r4c3 share an island"),  # only one
    (PUZZLE.example, "##.#/##.#/.###/.#..", "the island of the number at r2c3 has 2 cells, its number says 3"),
    (PUZZLE.example, "#..#/##.#", "solution is not 4x4"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({}, 8, 11),
    ({"size": 6}, 20, 12),
    ({"width": 12, "height": 7}, 5, 13),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 15}, "--size must be at most 14"),
    ({"most": 0}, "--most must be at least 1"),
    ({"white": 0.95}, "--white must be at most 0.9"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2", "--seed", "3"), "n.jsonl", 2,
                has=('"unique": true', '"puzzlink_url": "https://puzz.link/p?nurikabe/5/5/')),
]
