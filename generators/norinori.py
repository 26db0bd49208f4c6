"""Random Norinori boards: the dominoes first, then regions drawn around them until unique.

1. Dominoes: a random maximal set of dominoes, none beside another (every domino position in
   random order, each kept when none of its cells is shaded or beside a shaded cell).
2. Regions: every shaded cell grows a blob of cells (random flood fill, as Star Battle's
   generator does), then blobs are merged in pairs of neighbours into regions of two shaded
   cells each (the two halves of a domino always can be; the greedy merge may pair halves of
   different dominoes, so dominoes cross regions as in printed boards). The shading is a
   solution of the regions.
3. The engine asks for a second solution; `repair` rules it out by handing a cell the rival
   shades and ours does not (with the cells on its shortest way out of its region, none
   shaded in ours) to a neighbouring region, its own region staying connected: the rival's
   old region then holds fewer than two shaded cells and the new one more, while every
   region of ours keeps its two. Repeated until no rival is left, within the engine's 100
   repairs a draw (and 100 draws). Few draws get there: at 10x10, 3 of 20 within 100
   repairs, the rest past it or with no move left, so a record costs many draws. Tried and
   no better: remembering the rivals ruled out (to keep moves from undoing each other),
   choosing the move that rules out most of 64 rivals, or the move that leaves fewest, and
   pairing only halves of different dominoes.

There is no clue to strip: the regions are the puzzle (`strips = False`, no givens).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, board_size, cost
from ..lab.engine.puzzle import BoardLimit
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.regions import grow_blobs, hand_over, merge_blobs, renumbered
from ..solvers.norinori import Cell, Grid, NorinoriParams

# 3x3 and 12x12: no unique board in 100 draws of 100 repairs each (12x12 and 20x20: seed 0, item 0)
GENERATED = BoardLimit(10, 10, 4, 4)
FLOOD_TRIES = 50  # floods of blobs tried for one set of dominoes before it is drawn afresh


@dataclass(frozen=True)
class NorinoriSpec:
    """What to draw: an n x n board."""

    size: int


def draw_dominoes(size: int, rng: random.Random) -> Grid:
    """A random maximal set of dominoes on an n x n board, no two beside each other."""
    shaded = [[False] * size for _ in range(size)]
    places = [((r, c), (r + dr, c + dc)) for r in range(size) for c in range(size)
              for dr, dc in ((0, 1), (1, 0)) if r + dr < size and c + dc < size]
    rng.shuffle(places)

    def free(cell: Cell) -> bool:
        r, c = cell
        return not any(shaded[rr][cc] for rr, cc in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if 0 <= rr < size and 0 <= cc < size)

    for a, b in places:
        if free(a) and free(b):
            shaded[a[0]][a[1]] = shaded[b[0]][b[1]] = True
    return tuple(tuple(row) for row in shaded)


@dataclass(frozen=True)
class NorinoriOptions(GeneratorOptions):
    size: int = board_size(8, GENERATED, "board side (n rows, n columns)")


class NorinoriGenerator(Generator[NorinoriOptions]):
    """Draws dominoes and regions; repairs the regions in the engine's loop."""

    puzzle = "norinori"
    options_type = NorinoriOptions
    costs = (  # what a record costs, measured: lab.engine.generator.COSTS_MEASURED, `puzzlelab list norinori`
        cost(0.21, 0.69, size=6), cost(0.72, 2.2, size=8), cost(10.6, 12.6, size=10))
    strips = False  # the regions are the puzzle: no clue is drawn

    def params_for(self, options: NorinoriOptions) -> NorinoriSpec:
        GENERATED.check(self.puzzle, options.size, options.size)
        return NorinoriSpec(options.size)

    def draw(self, params: NorinoriSpec, rng: random.Random, sessions: SessionCache):
        n = params.size
        while True:
            shading = draw_dominoes(n, rng)
            shaded = [(r, c) for r in range(n) for c in range(n) if shading[r][c]]
            for _ in range(FLOOD_TRIES):
                blob = grow_blobs(n, shaded, rng)
                regions = merge_blobs(blob, len(shaded), 2, rng)
                if regions is not None:
                    return NorinoriParams(n, n, renumbered(regions)), shading

    def candidate_clues(self, params: NorinoriParams, solution: Grid) -> dict:
        return {}

    def repair(self, params: NorinoriParams, clues: dict, solution: Grid, other: Grid,
               rng: random.Random) -> tuple[NorinoriParams, dict, Grid] | None:
        """Rule `other` out: take a cell it shades and `solution` does not, and hand it to a
        neighbouring region, with the cells of its own region on the shortest way there when
        it lies inside (none of them shaded in `solution`, its region staying connected).
        Every region of `solution` keeps its two shaded cells; `other`'s old region loses
        some and the new one gains as many."""
        moved = hand_over(params.regions, solution, other, rng)
        return None if moved is None else (NorinoriParams(params.width, params.height, moved), clues, solution)


GENERATOR = NorinoriGenerator()
