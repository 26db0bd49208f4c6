"""Random Range boards the way Tatham's range.c makes them: shade random cells, then number
every white cell, then let the engine strip numbers while the shading stays unique.

1. Shading (newdesc_choose_black_squares): visit a third of the cells in random order and
   shade each one that touches no shaded cell and leaves the white cells connected.
2. Candidate clues (newdesc_compute_clues): every white cell's number.
3. The full clue set is always unique, so there is nothing to `repair`: a rival solution
   keeps every numbered cell white, so it can only turn a shaded cell S white; S touches a
   white cell (its neighbours cannot be shaded, and it has one on any board of two cells or
   more), and that cell would then see one cell more than its number says.

Tatham strips in half-turn pairs and keeps only what his solver settles without guessing;
here `--symmetric` pairs the numbers the same way (`partner`), and stripping keeps what
the SAT engine needs, so our puzzles are minimal, often with fewer numbers than his.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, board_height, board_size, board_width, cost
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.connectivity import white_components
from ..solvers.range import SIZE, Cell, RangeParams, Shading, sights

DEFAULT = (9, 6)  # Tatham's default preset (range_presets[0])


def random_shading(params: RangeParams, rng: random.Random, share: float = 1 / 3) -> Shading:
    """Tatham's black squares: `share` of the cells, in random order, each shaded when no
    neighbour is shaded and the white cells stay connected."""
    cells = params.cells()
    rng.shuffle(cells)
    shaded = [[False] * params.width for _ in range(params.height)]
    for r, c in cells[:int(len(cells) * share)]:
        if any(shaded[rr][cc] for rr, cc in params.neighbours(r, c)):
            continue
        shaded[r][c] = True
        if len(white_components(shaded)) > 1:
            shaded[r][c] = False
    return tuple(tuple(row) for row in shaded)


@dataclass(frozen=True)
class RangeOptions(GeneratorOptions):
    size: int | None = board_size(None, SIZE, "board side (default: Tatham's 9x6)")
    width: int | None = board_width(SIZE, "board width (default: size, or 9)")
    height: int | None = board_height(SIZE, "board height (default: size, or 6)")


class RangeGenerator(Generator[RangeOptions]):
    puzzle = "range"
    options_type = RangeOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list range`
        cost(0.003, 0.008, size=7), cost(0.022, 0.024, size=10), cost(2.1, 3.0, size=20),
        cost(32.3, 39.1, size=30))

    def params_for(self, options: RangeOptions) -> RangeParams:
        """Width and height from --width/--height, else --size, else Tatham's 9x6."""
        default_w, default_h = (DEFAULT if options.size is None else (options.size, options.size))
        return RangeParams(default_w if options.width is None else options.width,
                           default_h if options.height is None else options.height)

    def draw(self, params: RangeParams, rng: random.Random, sessions: SessionCache) -> tuple[RangeParams, Shading]:
        return params, random_shading(params, rng)

    def candidate_clues(self, params: RangeParams, solution: Shading) -> dict:
        return sights(params, solution)

    def partner(self, params: RangeParams, key: Cell) -> Cell:
        return params.rotate(key)  # half-turn symmetry, as Tatham's clues


GENERATOR = RangeGenerator()
