"""Random Unequal puzzles: a random Latin square (the engine's random solution of the empty
board), every digit and every sign between neighbours a candidate clue, stripped by the engine
while the square stays the only solution (Tatham strips the digits first; here any clue may go)."""

from __future__ import annotations

from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, cost, option
from ..solvers.unequal import SIGNS, SIZE, Grid, UnequalParams, pairs, second


@dataclass(frozen=True)
class UnequalOptions(GeneratorOptions):
    size: int = option(5, "grid size n (Tatham's Unequal takes 3..32)", SIZE.least_width, SIZE.most_width)


class UnequalGenerator(Generator[UnequalOptions]):
    puzzle = "unequal"
    options_type = UnequalOptions
    costs = (cost(0.003, 0.031, size=5), cost(0.082, 0.14, size=7), cost(0.12, 0.2, size=9))  # COSTS_MEASURED

    def params_for(self, options: UnequalOptions) -> UnequalParams:
        return UnequalParams(options.size)

    def candidate_clues(self, params: UnequalParams, solution: Grid) -> dict:
        clues: dict = {("cell", r, c): v for r, row in enumerate(solution) for c, v in enumerate(row)}
        for key in pairs(params.n):
            r, c = second(key)
            clues[key] = SIGNS[key[0]][solution[key[1]][key[2]] > solution[r][c]]
        return clues


GENERATOR = UnequalGenerator()
