"""Random Towers puzzles: a random Latin square (sudoku's randomized backtracking with 1 x n
boxes, as Keen draws it), every edge count and every height a candidate clue, and the
engine strips clues in random order while the square stays the only solution (Tatham
strips the heights first, and on Easy keeps every edge clue).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, cost, option
from ..lab.engine.sat import SessionCache
from ..solvers.sudoku import SudokuParams
from ..solvers.towers import SIZE, Grid, TowersParams, edge_clues
from .sudoku import random_grid


@dataclass(frozen=True)
class TowersOptions(GeneratorOptions):
    size: int = option(5, "grid size n (Tatham's Towers takes 3..9)", SIZE.least_width, SIZE.most_width)


class TowersGenerator(Generator[TowersOptions]):
    puzzle = "towers"
    options_type = TowersOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list towers`
        cost(0.002, 0.008, size=5), cost(0.019, 0.048, size=8), cost(0.427, 0.52, size=12),
        cost(6.2, 6.7, size=16))

    def params_for(self, options: TowersOptions) -> TowersParams:
        return TowersParams(options.size)

    def draw(self, params: TowersParams, rng: random.Random, sessions: SessionCache):
        while True:
            grid = random_grid(SudokuParams(1, params.n), rng)
            if grid is not None:
                return params, grid

    def candidate_clues(self, params: TowersParams, solution: Grid) -> dict:
        clues: dict = dict(edge_clues(solution))
        clues.update({("cell", r, c): v for r, row in enumerate(solution) for c, v in enumerate(row)})
        return clues

    def partner(self, params: TowersParams, key: tuple) -> tuple | None:
        """Half-turn symmetry: the opposite edge's clue, the cell turned half round."""
        n = params.n
        if key[0] == "cell":
            return ("cell", n - 1 - key[1], n - 1 - key[2])
        opposite = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}
        return (opposite[key[0]], n - 1 - key[1])


GENERATOR = TowersGenerator()
