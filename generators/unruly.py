"""Random Unruly boards: the engine's random valid grid, every cell a candidate given, and
the engine strips givens while the grid stays the only solution (Tatham's generator
strips the same way, keeping only what his solver at the chosen difficulty needs).
"""

from __future__ import annotations

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
from ..lab.engine.puzzle import PuzzleError
from ..solvers.unruly import SIZE, Grid, UnrulyParams, room_for_unique


@dataclass(frozen=True)
class UnrulyOptions(GeneratorOptions):
    size: int = board_size(8, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)
    unique: int = option(0, "1: no two rows and no two columns alike (Tatham's 'u')", 0, 1)


class UnrulyGenerator(Generator[UnrulyOptions]):
    puzzle = "unruly"
    options_type = UnrulyOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list unruly`
        cost(0.0, 0.002, size=8), cost(0.022, 0.024, size=16), cost(0.284, 0.392, size=30),
        cost(0.924, 0.952, size=40))
    clues_are_solution = True  # every cell given: the grid is unique as drawn

    def params_for(self, options: UnrulyOptions) -> UnrulyParams:
        shape = board_shape(options.size, options.width, options.height)
        params = UnrulyParams(*shape, bool(options.unique))  # checks size and evenness
        if params.unique and not room_for_unique(params.width, params.height):
            raise PuzzleError(f"a {params.width}x{params.height} board has too few distinct lines for --unique 1")
        return params

    def candidate_clues(self, params: UnrulyParams, solution: Grid) -> dict:
        return {(r, c): colour for r, row in enumerate(solution) for c, colour in enumerate(row)}


GENERATOR = UnrulyGenerator()
