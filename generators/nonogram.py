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

from lab.generator import Generator, Option, board_options, board_shape
from lab.puzzle import PuzzleError
from lab.sat import SessionCache
from solvers.nonogram import SIZE, Grid, NonogramParams, check_params, line_solve, runs

DEFAULT_DENSITY = 0.55
MIN_DENSITY = 0.05  # and at most 1 - MIN_DENSITY: nearly blank or nearly black pictures make dull puzzles


@dataclass(frozen=True)
class NonogramDraw(NonogramParams):
    """What the generator draws from: the board size plus how much of it is black.
    The puzzles it makes carry plain `NonogramParams` (density is not part of a puzzle)."""

    density: float = DEFAULT_DENSITY


class NonogramGenerator(Generator):
    puzzle = "nonogram"
    strips = False
    options = (
        *board_options(10, SIZE),
        Option("density", float, DEFAULT_DENSITY, "chance that a cell is black", MIN_DENSITY, 1 - MIN_DENSITY),
    )
    history_free = True  # `repair` ignores the rival picture: see the module docstring

    def __init__(self) -> None:
        self._known: tuple[dict, dict] | None = None  # (clues, what line solving fixed)

    def params(self, size: int = 10, width: int | None = None, height: int | None = None,
               density: float = DEFAULT_DENSITY, **_: object) -> NonogramDraw:
        board = check_params(*board_shape(size, width, height))
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

    def repair(self, params: NonogramParams, clues: dict, solution: Grid, other: Grid,
               rng: random.Random):
        """Give away one cell that line reasoning leaves open, picked at random. Each repair
        fixes at least that cell for the next round, so repairs end within the board's area
        (usually after one or two: a given sets off more line deductions)."""
        known = line_solve(params, clues, self._line_facts(clues))
        open_cells = [(r, c) for r in range(params.height) for c in range(params.width)
                      if known is not None and (r, c) not in known]
        if not open_cells:
            return None  # cannot happen for consistent clues that are still ambiguous
        r, c = rng.choice(open_cells)
        repaired = {**clues, ("cell", r, c): solution[r][c]}
        self._known = (repaired, known)
        return params, repaired, solution

    def _line_facts(self, clues: dict) -> dict | None:
        """What line solving fixed for the last repaired clue set, if `clues` is that set
        (the next repair of the same puzzle): a memo, so the result is the same either way."""
        if self._known is not None and self._known[0] == clues:
            return self._known[1]
        return None


GENERATOR = NonogramGenerator()
