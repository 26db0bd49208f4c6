"""Random Tapa boards: a random shading grown as one connected wall without 2x2 blocks, every
unshaded cell's ring as a candidate clue, and the engine strips clues while the shading stays
the only solution (so the puzzles are minimal).

1. Shading: from a random cell, add one random cell beside the wall at a time (never one
   that would close a 2x2 block, and mostly not one beside two wall cells, so the wall
   winds like a maze rather than filling blobs whose holes all read 8) until `--shaded`
   percent of the board is shaded or no cell can join.
2. Candidate clues: the runs around every unshaded cell.
3. The full clue set is unique on every board at least two cells wide and high: a rival
   keeps every clue cell unshaded, so it shades a subset of our cells; if it leaves out one,
   that cell has an unshaded neighbour in its ring (all eight shaded would hold a 2x2
   block), and that clue sees one shaded cell fewer. A board one cell wide can be
   ambiguous (a wall of three with no clue beside its middle): the engine draws again.
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
    option,
)
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.connectivity import neighbours
from ..solvers.tapa import SIZE, Cell, Shading, TapaParams, ring_runs


def closes_block(shaded: list[list[bool]], r: int, c: int) -> bool:
    """Would shading (r, c) complete a 2x2 block of shaded cells?"""
    height, width = len(shaded), len(shaded[0])
    for dr in (-1, 0):
        for dc in (-1, 0):
            block = [(r + dr + i, c + dc + j) for i in (0, 1) for j in (0, 1)]
            if all(0 <= rr < height and 0 <= cc < width and (shaded[rr][cc] or (rr, cc) == (r, c))
                   for rr, cc in block):
                return True
    return False


LOOPS_REFUSED = 0.8  # the chance a cell beside two wall cells or more is passed over: a wall like a maze


def grown_wall(params: TapaParams, rng: random.Random, share: float) -> Shading:
    """A connected shading without 2x2 blocks, grown one random neighbouring cell at a time
    from a random start until `share` of the cells are shaded or none can join."""
    h, w = params.height, params.width
    shaded = [[False] * w for _ in range(h)]
    start = (rng.randrange(h), rng.randrange(w))
    shaded[start[0]][start[1]] = True
    edge: list[Cell] = list(neighbours(h, w, *start))
    target, count = max(1, round(share * w * h)), 1
    while edge and count < target:
        k = rng.randrange(len(edge))
        edge[k], edge[-1] = edge[-1], edge[k]
        r, c = edge.pop()
        if shaded[r][c] or closes_block(shaded, r, c):
            continue
        touching = sum(shaded[rr][cc] for rr, cc in neighbours(h, w, r, c))
        if touching > 1 and rng.random() < LOOPS_REFUSED:
            continue
        shaded[r][c] = True
        count += 1
        edge += [nb for nb in neighbours(h, w, r, c) if not shaded[nb[0]][nb[1]]]
    return tuple(tuple(row) for row in shaded)


@dataclass(frozen=True)
class TapaOptions(GeneratorOptions):
    size: int = board_size(10, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)
    shaded: int = option(55, "percent of the cells the drawn wall aims at", 1, 75)


@dataclass(frozen=True)
class TapaSpec:
    """What to draw: the board, and the share of its cells the wall aims at."""

    board: TapaParams
    share: float


class TapaGenerator(Generator[TapaOptions]):
    puzzle = "tapa"
    options_type = TapaOptions
    costs = (  # what a record costs, measured: lab.engine.generator.COSTS_MEASURED, `puzzlelab list tapa`
        cost(0.25, 0.65, size=6), cost(0.2, 0.84, size=10), cost(0.31, 1.08, size=15), cost(1.29, 2.03, size=20),
        cost(2.53, 2.69, size=25), cost(6.86, 7.76, size=30))

    def params_for(self, options: TapaOptions) -> TapaSpec:
        return TapaSpec(TapaParams(*board_shape(options.size, options.width, options.height)), options.shaded / 100)

    def draw(self, params: TapaSpec, rng: random.Random, sessions: SessionCache) -> tuple[TapaParams, Shading]:
        return params.board, grown_wall(params.board, rng, params.share)

    def candidate_clues(self, params: TapaParams, solution: Shading) -> dict:
        return {(r, c): ring_runs(params, solution, r, c) for r, c in params.cells() if not solution[r][c]}

    def partner(self, params: TapaParams, key: Cell) -> Cell:
        return params.height - 1 - key[0], params.width - 1 - key[1]  # half-turn symmetry


GENERATOR = TapaGenerator()
