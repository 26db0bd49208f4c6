"""Random Slitherlink loops and their numbers.

A single loop along the grid's edges is the border of a set of cells that is a topological
disk. The drawing grows one from a random cell, adding a random outside neighbour only where
the set stays a disk (its border then stays one simple loop), until it covers a random share
of the board. Every cell's number is a candidate clue; if even all of them leave the loop
ambiguous the loop is drawn again, and the engine strips numbers while the puzzle stays
unique. Pure Python: it depends only on the random generator.
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
from ..solvers.slitherlink import SIZE, Loop, SlitherlinkParams, edge_count, loop_of

# The eight cells around a cell in cyclic order: N, NE, E, SE, S, SW, W, NW.
AROUND = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
LEAST_SHARE, MOST_SHARE = 0.35, 0.65  # of the board's cells inside the loop


def joins_as_disk(inside: list[list[bool]], r: int, c: int) -> bool:
    """Does the disk stay a disk with cell (r, c) added? The part of the cell's border the
    disk touches must be one arc with an edge in it, and not the whole border: a corner
    alone would pinch, two arcs or the whole would enclose a hole."""
    h, w = len(inside), len(inside[0])
    on = [0 <= r + dr < h and 0 <= c + dc < w and inside[r + dr][c + dc] for dr, dc in AROUND]
    # a corner part touches the disk through its own diagonal cell or either edge cell
    touching = [on[k] if k % 2 == 0 else on[k - 1] or on[k] or on[(k + 1) % 8] for k in range(8)]
    if not any(touching[0::2]) or all(touching):
        return False
    return sum(1 for k in range(8) if touching[k] and not touching[k - 1]) == 1


def random_disk(params: SlitherlinkParams, rng: random.Random) -> list[list[bool]]:
    """A random set of cells forming a disk, a share of the board between LEAST_SHARE and
    MOST_SHARE (at least one cell)."""
    h, w = params.height, params.width
    inside = [[False] * w for _ in range(h)]
    start = (rng.randrange(h), rng.randrange(w))
    inside[start[0]][start[1]] = True
    target = max(1, round(rng.uniform(LEAST_SHARE, MOST_SHARE) * w * h))
    size, stuck = 1, 0
    frontier = {(start[0] + dr, start[1] + dc) for dr, dc in AROUND[0::2]}
    while size < target and stuck < 4 * w * h:
        options = sorted(cell for cell in frontier if 0 <= cell[0] < h and 0 <= cell[1] < w
                         and not inside[cell[0]][cell[1]])
        if not options:
            break
        r, c = rng.choice(options)
        if not joins_as_disk(inside, r, c):
            stuck += 1
            continue
        inside[r][c] = True
        size += 1
        frontier |= {(r + dr, c + dc) for dr, dc in AROUND[0::2]}
    return inside


@dataclass(frozen=True)
class SlitherlinkOptions(GeneratorOptions):
    size: int = board_size(10, SIZE)  # as Tatham's Loopy
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)


class SlitherlinkGenerator(Generator[SlitherlinkOptions]):
    puzzle = "slitherlink"
    options_type = SlitherlinkOptions
    # Past 20x20 the stripping's one-loop cuts rule out split loops one at a time: a 22x22
    # record took 1 s, 23 s or over 90 s by seed
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list slitherlink`
        cost(0.045, 0.047, size=10), cost(0.32, 1.65, size=15), cost(1.18, 1.22, size=20),
        cost(over=120, size=25), cost(over=120, size=30), cost(over=120, size=40))

    def params_for(self, options: SlitherlinkOptions) -> SlitherlinkParams:
        return SlitherlinkParams(*board_shape(options.size, options.width, options.height))

    def draw(self, params: SlitherlinkParams, rng: random.Random,
             sessions: SessionCache) -> tuple[SlitherlinkParams, Loop]:
        return params, loop_of(params, random_disk(params, rng))

    def candidate_clues(self, params: SlitherlinkParams, solution: Loop) -> dict:
        return {(r, c): edge_count(solution, r, c) for r in range(params.height) for c in range(params.width)}

    def partner(self, params: SlitherlinkParams, key: tuple[int, int]) -> tuple[int, int]:
        return (params.height - 1 - key[0], params.width - 1 - key[1])  # 180-degree rotation


GENERATOR = SlitherlinkGenerator()
