"""Random jigsaw sudoku puzzles: random regions (the rows reshaped by swaps of cells between
neighbouring regions, each staying connected), a random filled grid of them (a layout
without one is drawn again), every cell a candidate clue, stripped by the engine."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, cost, option
from ..lab.engine.puzzle import BoardLimit, PuzzleError
from ..lab.engine.sat import SessionCache
from ..solvers.jigsaw import PUZZLE, checked
from ..solvers.solo_common import Grid, SoloParams
from .solo_common import filled_grid, random_regions

LAYOUTS = 50  # layouts drawn before giving up (a 9x9 layout has a filling nearly always)
# Sizes generated: up to 12x12 (a record 0.9 s, at most 1.8 s); a 16x16 (which the solver
# reads) took 23 s and 204 s to strip, its uniqueness checks hard SAT questions
GENERATED = BoardLimit(12, 12, 2, 2)


@dataclass(frozen=True)
class JigsawSpec:
    """What to draw: an n x n board, with X's diagonals or not."""

    size: int
    diagonals: bool


@dataclass(frozen=True)
class JigsawOptions(GeneratorOptions):
    size: int = option(9, "grid size n (n regions of n cells)", GENERATED.least_width, GENERATED.most_width)
    diagonals: int = option(0, "1: both main diagonals hold each digit once too (Tatham's 'x')", 0, 1)


class JigsawGenerator(Generator[JigsawOptions]):
    puzzle = "jigsaw"
    options_type = JigsawOptions
    clues_are_solution = True  # every cell is a candidate clue: the full grid is unique as drawn
    costs = (  # what a record costs, measured: lab.engine.generator.COSTS_MEASURED, `puzzlelab list jigsaw`
        cost(0.010, 0.011, size=4), cost(0.030, 0.038, size=6), cost(0.119, 0.121, size=9),
        cost(0.873, 1.76, size=12))

    def params_for(self, options: JigsawOptions) -> JigsawSpec:
        GENERATED.check(self.puzzle, options.size, options.size)
        if options.diagonals and options.size < 4:
            raise PuzzleError(f"--diagonals needs a board of at least 4x4, not {options.size}x{options.size}")
        return JigsawSpec(options.size, bool(options.diagonals))

    def draw(self, params: JigsawSpec, rng: random.Random, sessions: SessionCache) -> tuple[SoloParams, Grid]:
        for _ in range(LAYOUTS):
            board = checked(SoloParams(params.size, random_regions(params.size, rng), None, params.diagonals))
            grid = filled_grid(PUZZLE, board, rng)
            if grid is not None:
                return board, grid
        raise PuzzleError(f"no {params.size}x{params.size} jigsaw layout with a filling in {LAYOUTS} draws")

    def candidate_clues(self, params: SoloParams, solution: Grid) -> dict:
        return {(r, c): d for r, row in enumerate(solution) for c, d in enumerate(row)}

    def partner(self, params: SoloParams, key: tuple[int, int]) -> tuple[int, int]:
        n = params.n
        return (n - 1 - key[0], n - 1 - key[1])


GENERATOR = JigsawGenerator()
