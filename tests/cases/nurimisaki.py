"""Nurimisaki's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, Oversized, VerifyCase

from puzzlelab.solvers.nurimisaki import PUZZLE

ALIASES = ("nuri-misaki", "cape", "Nurimisaki")

# (text, line, [words of the message])
BAD_INPUTS = [
    (". o\n. . .", 2),  # ragged
    (". 4\n. .", 1, "out of range 2..3"),  # more than width + height - 1
    (". 1\n. .", 1, "out of range 2..3"),  # pzprjs's least number is 2
    (". .\n. x", 2, "bad cell"),
    ('{"grid": [[null, 3], [null, "x"]]}', 1, "cells are numbers"),
    ('{"grid": [[null, 3], [null, true]]}', 1, "cells are numbers"),
    ('{"grid": [[null, 3], [null, 2]], "width": 3}', 1),
    ("https://puzz.link/p?nurimisaki/2/2/g5h", 1, "out of range 2..3"),
    ("https://puzz.link/p?nurimisaki/2/2/g3hz", 1, "goes on after"),
    ("https://puzz.link/p?nurimisaki/x/2/2/g3h", 1, "with the flags 'x'"),
    ("pzprv3/nurimisaki/2/2/. x /. . /. . /. . /", 5, "is no Nurimisaki cell"),
]

OVERSIZED = Oversized(
    ("\n".join([" ".join("." * 31)] * 2), "https://puzz.link/p?nurimisaki/31/2/zzzi",
     '{"width": 31, "grid": [[null]]}'),
    "nurimisaki board 31x.* is too large: at most 30x30",
)

BOM_BOARD = PUZZLE.example


def shading(text: str) -> tuple[tuple[bool, ...], ...]:
    """Rows of '#' (shaded) and '.' (unshaded), rows separated by '/'."""
    return tuple(tuple(ch == "#" for ch in row) for row in text.split("/"))


# the example's solution is ##.#/#.../#.##/#..#
EXAMPLE_SOLUTION = shading("##.#/#.../#.##/#..#")
VERIFY_CASES = [VerifyCase(board, shading(bad), problem) for board, bad, problem in [
    (PUZZLE.example, "####/#.../#.##/#..#", "r1c3 holds a circle but is shaded"),  # circles stay unshaded
    ("o . o", "...", "no cell is shaded"),  # (1) something is shaded
    (PUZZLE.example, "##.#/##../#.##/#..#", "a 2x2 block of shaded cells, r1c1 to r2c2"),  # (2)
    (PUZZLE.example, "##.#/#.../####/#..#", "unshaded cells form 2 regions, not one"),  # (3)
    (PUZZLE.example, "##.#/##../#.##/#..#", "the circle at r2c4 sees 2 cells, its number says 3"),  # (4)
    (PUZZLE.example, "##.#/#.../#..#/#..#", "a 2x2 block of unshaded cells, r2c2 to r3c3"),  # (5)
    (PUZZLE.example, "##.#/#.../#..#/#..#", "the circle at r4c3 is no cape: it has 2 unshaded neighbours"),  # (6)
    (PUZZLE.example, "##.#/#.../####/#..#", "r4c2 is a cape without a circle"),  # (7)
    (PUZZLE.example, "##.#/#...", "solution is not 4x4"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({}, 8, 11),
    ({"size": 6}, 20, 12),
    ({"width": 12, "height": 7}, 5, 13),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 21}, "--size must be at most 20"),
    ({"size": 1}, "--size must be at least 2"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2", "--seed", "3"), "n.jsonl", 2,
                has=('"unique": true', '"puzzlink_url": "https://puzz.link/p?nurimisaki/5/5/')),
]
