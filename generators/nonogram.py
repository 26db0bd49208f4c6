"""Random nonograms: paint a random grid, read off every row and column clue, and while
those clues still allow a second picture, state one more cell as a given (as Tatham's
game IDs can): a random cell that line-by-line reasoning cannot fix yet.

The clue set is the whole board (every line), so nothing is stripped: the engine only
checks uniqueness and calls `repair` while the puzzle is ambiguous. The given is chosen
from facts of the clues alone (never from the rival picture the solver happened to find),
so a puzzle depends only on the random generator and one solver serves a whole dataset.
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
from ..lab.engine.puzzle import PuzzleError
from ..lab.engine.sat import SessionCache
from ..solvers.nonogram import SIZE, Grid, NonogramParams, check_params, line_solve, runs

DEFAULT_DENSITY = 0.55
MIN_DENSITY = 0.05  # and at most 1 - MIN_DENSITY: nearly blank or nearly black pictures make dull puzzles


@dataclass(frozen=True)
class NonogramDraw(NonogramParams):
    """What the generator draws from: the board size plus how much of it is black.
    The puzzles it makes carry plain `NonogramParams` (density is not part of a puzzle)."""

    density: float = DEFAULT_DENSITY


@dataclass(frozen=True)
class NonogramOptions(GeneratorOptions):
    size: int = board_size(10, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)
    density: float = option(DEFAULT_DENSITY, "chance that a cell is black", MIN_DENSITY, 1 - MIN_DENSITY)


class NonogramGenerator(Generator[NonogramOptions]):
    puzzle = "nonogram"
    options_type = NonogramOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list nonogram`
        cost(0.011, 0.012, size=10), cost(0.248, 0.863, size=25), cost(2.9, 6.2, size=50),
        cost(81.9, 81.9, size=60), cost(over=120, size=75), cost(over=120, size=99))
    strips = False
    history_free = True  # `repair` ignores the rival picture: see the module docstring

    def __init__(self) -> None:
        self._start: tuple[dict, dict | None] | None = None  # (repaired clues, what line solving fixed before)
        self._solved: tuple[dict, dict | None] | None = None  # (clues, what line solving fixes)

    def params_for(self, options: NonogramOptions) -> NonogramDraw:
        board = check_params(*board_shape(options.size, options.width, options.height))
        density = options.density
        if not MIN_DENSITY <= density <= 1 - MIN_DENSITY:  # NaN fails both comparisons
            raise PuzzleError(f"--density must be {MIN_DENSITY}..{1 - MIN_DENSITY}, got {density}")
        return NonogramDraw(board.width, board.height, density)

    def draw(self, params: NonogramParams, rng: random.Random, sessions: SessionCache):
        density = getattr(params, "density", DEFAULT_DENSITY)
        board = NonogramParams(params.width, params.height)
        grid = tuple(tuple(int(rng.random() < density) for _ in range(board.width))
                     for _ in range(board.height))
        return board, grid

    def candidate_clues(self, params: NonogramParams, solution: Grid) -> dict:
        return {key: runs(solution[r][c] for r, c in params.cells(key)) for key in params.lines()}

    def deduces_all(self, params: NonogramParams, clues: dict, solution: Grid) -> bool:
        """Line solving fixes every cell: the picture is unique with no solver call (Tatham's
        generator asks only this; ours asks the SAT engine when line solving stops short)."""
        known = self._line_solved(params, clues)
        return known is not None and len(known) == params.width * params.height

    def repair(self, params: NonogramParams, clues: dict, solution: Grid, other: Grid,
               rng: random.Random):
        """Give away one cell that line reasoning leaves open, picked at random. Each repair
        fixes at least that cell for the next round, so repairs end within the board's area
        (usually after one or two: a given sets off more line deductions)."""
        known = self._line_solved(params, clues)
        open_cells = [(r, c) for r in range(params.height) for c in range(params.width)
                      if known is not None and (r, c) not in known]
        if not open_cells:
            return None  # cannot happen for consistent clues that are still ambiguous
        r, c = rng.choice(open_cells)
        repaired = {**clues, ("cell", r, c): solution[r][c]}
        self._start = (repaired, known)
        return params, repaired, solution

    def _line_solved(self, params: NonogramParams, clues: dict) -> dict | None:
        """`line_solve(params, clues)`, remembered for the last clue set asked (the uniqueness
        pass and then `repair` ask the same), and started from what line solving fixed for
        the clue set a repair grew this one from: facts of a subset of these clues. Line
        solving's fixpoint is the same from any such start, so the answer is too."""
        if self._solved is not None and self._solved[0] == clues:
            return self._solved[1]
        start = self._start[1] if self._start is not None and self._start[0] == clues else None
        known = line_solve(params, clues, start)
        self._solved = (clues, known)
        return known


GENERATOR = NonogramGenerator()
