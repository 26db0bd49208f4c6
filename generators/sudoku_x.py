"""Random X sudoku puzzles: a random filled grid whose diagonals hold each digit once, every
cell a candidate clue, stripped by the engine to a minimal set."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, cost, option
from ..lab.engine.puzzle import PuzzleError, quote
from ..lab.engine.sat import SessionCache
from ..solvers.solo_common import Grid, SoloParams, default_box
from ..solvers.sudoku_x import PUZZLE, SIZE, x_board
from .solo_common import filled_grid


@dataclass(frozen=True)
class SudokuXOptions(GeneratorOptions):
    size: int = option(9, "grid size n (4, 6, 8, 9, 10, 12, 16)", SIZE.least_width, SIZE.most_width)
    box: str = option("", "box shape ROWSxCOLS, each at least 2 (default: as square as possible)")


class SudokuXGenerator(Generator[SudokuXOptions]):
    puzzle = "sudoku-x"
    options_type = SudokuXOptions
    clues_are_solution = True  # every cell is a candidate clue: the full grid is unique as drawn
    costs = (  # what a record costs, measured: lab.engine.generator.COSTS_MEASURED, `puzzlelab list sudoku-x`
        cost(0.002, 0.006, size=4), cost(0.017, 0.025, size=6), cost(0.041, 0.058, size=9),
        cost(0.118, 0.607, size=12), cost(3.09, 7.77, size=16))

    def params_for(self, options: SudokuXOptions) -> SoloParams:
        """The boxes from --box (whose product is then the size), else the squarest of --size."""
        if options.box:
            m = re.fullmatch(r"(\d{1,2})x(\d{1,2})", options.box.strip().lower())
            if not m:
                raise PuzzleError(f"--box must look like 3x3 (rows x columns of a box), got {quote(options.box)}")
            rows, cols = int(m.group(1)), int(m.group(2))
            if rows * cols != options.size and options.size != 9:
                raise PuzzleError(f"box {rows}x{cols} makes {rows * cols}x{rows * cols}, not "
                                  f"{options.size}x{options.size}")
            return x_board(rows, cols)
        return x_board(*default_box(options.size))

    def draw(self, params: SoloParams, rng: random.Random, sessions: SessionCache) -> tuple[SoloParams, Grid]:
        grid = filled_grid(PUZZLE, params, rng)
        if grid is None:  # cannot happen: every box shape has X grids
            raise PuzzleError(f"no {params.n}x{params.n} X sudoku grid found")
        return params, grid

    def candidate_clues(self, params: SoloParams, solution: Grid) -> dict:
        return {(r, c): d for r, row in enumerate(solution) for c, d in enumerate(row)}

    def partner(self, params: SoloParams, key: tuple[int, int]) -> tuple[int, int]:
        n = params.n
        return (n - 1 - key[0], n - 1 - key[1])  # 180-degree rotation, as Tatham's default


GENERATOR = SudokuXGenerator()
