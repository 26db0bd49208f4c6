"""Random Slant grids and their numbers.

The drawing is Tatham's (slant.c, slant_generate): the cells in a random order, each given a
random diagonal unless one of the two would join points already joined, which closes a
loop; then the other. Both never close one at once (the two pairs of corners are points of
the two colours of a chessboard colouring, and a path of diagonals keeps to one colour), so
it never backtracks, and every forest of diagonals can come out. Every point's number is a
candidate clue; all of them fix the grid (point by point in reading order, each leaves one
cell open: `deduces_all`, no solver asked), and the engine strips numbers while the puzzle
stays unique. Pure Python: it depends only on the random generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import (
    Generator,
    GeneratorOptions,
    board_height,
    board_shape,
    board_size,
    board_width,
    cost,
)
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.paths import find
from ..solvers.slant import BACK, FORWARD, SIZE, Grid, SlantParams, ends, touches


def random_forest(params: SlantParams, rng: random.Random) -> Grid:
    """A random grid of diagonals with no loop (see the module's docstring)."""
    w, h = params.width, params.height
    root = list(range((w + 1) * (h + 1)))
    grid = [[FORWARD] * w for _ in range(h)]
    order = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(order)
    for r, c in order:
        joins = {}
        for d in (BACK, FORWARD):
            (ar, ac), (br, bc) = ends(r, c, d)
            joins[d] = (find(root, ar * (w + 1) + ac), find(root, br * (w + 1) + bc))
        closing = {d for d, (a, b) in joins.items() if a == b}
        d = FORWARD if BACK in closing else BACK if FORWARD in closing else rng.choice((BACK, FORWARD))
        a, b = joins[d]
        root[a] = b
        grid[r][c] = d
    return tuple(tuple(row) for row in grid)


@dataclass(frozen=True)
class SlantOptions(GeneratorOptions):
    size: int = board_size(8, SIZE)  # as Tatham's Slant
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)


class SlantGenerator(Generator[SlantOptions]):
    puzzle = "slant"
    options_type = SlantOptions
    # the first record of a run builds the rules (8x8: 0.21 s of it); past 20x20 the stripping's
    # no-loop cuts take most of a record
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list slant`
        cost(0.027, 0.21, size=8), cost(0.086, 0.11, size=12), cost(0.47, 0.48, size=20),
        cost(2.27, 3.11, size=30), cost(9.85, 11.2, size=40))

    def params_for(self, options: SlantOptions) -> SlantParams:
        return SlantParams(*board_shape(options.size, options.width, options.height))

    def draw(self, params: SlantParams, rng: random.Random, sessions: SessionCache) -> tuple[SlantParams, Grid]:
        return params, random_forest(params, rng)

    def candidate_clues(self, params: SlantParams, solution: Grid) -> dict:
        return {point: touches(solution, params, point) for point in params.points()}

    def deduces_all(self, params: SlantParams, clues: dict, solution: Grid) -> bool:
        """Every cell's top-left point given, with the solution's count: point by point in
        reading order, the cells above and to the left are known and the number settles the
        one below right (`\\` touches the point or not), so no solver need be asked."""
        return all(clues.get((r, c)) == touches(solution, params, (r, c)) for r, c in params.cells())

    def partner(self, params: SlantParams, key: tuple[int, int]) -> tuple[int, int]:
        return (params.height - key[0], params.width - key[1])  # 180-degree rotation


GENERATOR = SlantGenerator()
