"""Random Mosaic boards: a random shading (each cell black or white by a coin, as Tatham's
generate_image), every cell's number a candidate clue, and the engine strips numbers while
the shading stays the only solution.

All the numbers pin the shading down only when no two shadings have the same numbers, which
fails on boards with a side of 3k + 2 cells (the 3-cell sum has a kernel there: +1 -1 0 +1 -1
along a row of 5); such a draw is drawn again. Every shading is a solution of the empty
board, so changing one cell's colour, or swapping two unlike neighbours, is a rival that
differs on known numbers: the `alternatives` that save the stripping loop solver calls.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, board_height, board_shape, board_size, board_width, cost
from ..lab.engine.sat import SessionCache
from ..solvers.mosaic import SIZE, Grid, MosaicParams, block_count


@dataclass(frozen=True)
class MosaicOptions(GeneratorOptions):
    size: int = board_size(10, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)


class MosaicGenerator(Generator[MosaicOptions]):
    puzzle = "mosaic"
    options_type = MosaicOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list mosaic`
        cost(0.024, 0.024, size=10), cost(1.6, 7.1, size=25), cost(4.0, 16.3, size=30),
        cost(40.8, 40.8, size=35, note="record 1: over 120 s"), cost(over=120, size=50),
        cost(over=120, size=100))

    def params_for(self, options: MosaicOptions) -> MosaicParams:
        return MosaicParams(*board_shape(options.size, options.width, options.height))

    def draw(self, params: MosaicParams, rng: random.Random, sessions: SessionCache) -> tuple[MosaicParams, Grid]:
        bits = rng.getrandbits(params.width * params.height)
        return params, tuple(tuple(bool(bits >> (r * params.width + c) & 1) for c in range(params.width))
                             for r in range(params.height))

    def candidate_clues(self, params: MosaicParams, solution: Grid) -> dict:
        return {(r, c): block_count(solution, r, c) for r in range(params.height) for c in range(params.width)}

    def alternatives(self, params: MosaicParams, solution: Grid) -> list[set]:
        """Rival shadings as the numbers they change: each cell flipped (the numbers of its
        block), and each pair of unlike neighbours swapped, side by side or one above the
        other (the numbers that see one of the two cells but not both)."""
        out: list[set] = []
        for r in range(params.height):
            for c in range(params.width):
                mine = set(params.block(r, c))
                out.append(mine)
                for rr, cc in ((r, c + 1), (r + 1, c)):
                    if params.inside(rr, cc) and solution[r][c] != solution[rr][cc]:
                        other = set(params.block(rr, cc))
                        out.append(mine ^ other)
        return out

    def partner(self, params: MosaicParams, key: tuple[int, int]) -> tuple[int, int]:
        return (params.height - 1 - key[0], params.width - 1 - key[1])  # 180-degree rotation


GENERATOR = MosaicGenerator()
