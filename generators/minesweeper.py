"""Minesweeper boards that never need a guess from a given first click.

A layout is drawn at random with the first click and its neighbours kept clear (as
Tatham's Mines does), then played out with the solver: open the first click, then
repeatedly open every cell the solver proves safe. The layout is kept when that opens
every safe cell. When play gets stuck, the layout is *repaired* instead of thrown away
(in the spirit of Tatham's perturbation): one mine under a covered, undecided cell next to
the opened area moves to a covered cell away from it (or the other way round), and play
starts again from the first click; after too many repairs a fresh layout is drawn.

"Random solution, then strip clues" does not fit a game whose clues are revealed by play,
so `MinesweeperGenerator` overrides the engine's `generate` hook and hands back the board
after the first click (the puzzle) with its layout (the solution). The play-out itself
lives with the puzzle type (`solvers.minesweeper.play_out`), which grades boards with it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..lab.engine.generator import Generated, GenerateOptions, Generator, GeneratorOptions, cost, option
from ..lab.engine.puzzle import Instance, PuzzleError, number
from ..lab.engine.sat import SessionCache
from ..solvers.minesweeper import PUZZLE, SIZE, Board, Cell, Layout, MinesParams, neighbour_table, play_out, start_board

MIN_SIDE = 3  # Tatham's: room for the cleared 3x3 block around the first click


def check_size(height: int, width: int, mines: int, start: Cell) -> None:
    SIZE.check(PUZZLE.name, width, height)
    if height < 1 or width < 1:
        raise PuzzleError(f"minesweeper board {width}x{height} is too small: at least 1x1")
    if not (0 <= start[0] < height and 0 <= start[1] < width):
        raise PuzzleError(f"first click r{start[0] + 1}c{start[1] + 1} is off the board")
    clear = 1 + len(neighbour_table(height, width)[start])
    if not 0 <= mines <= height * width - clear:
        raise PuzzleError(f"{mines} mines do not fit: at most {height * width - clear} beside the "
                          "cleared first click")


def random_layout(height: int, width: int, mines: int, start: Cell, rng: random.Random) -> Layout:
    """Mines uniformly on the cells outside the first click's 3x3 block."""
    clear = {start, *neighbour_table(height, width)[start]}
    free = [(r, c) for r in range(height) for c in range(width) if (r, c) not in clear]
    return Layout(tuple(rng.sample(free, mines)), start)


def repair(params: MinesParams, stuck: dict, rng: random.Random) -> MinesParams | None:
    """Move one mine between an undecided frontier cell and a covered cell away from the
    opened area, keeping the count and the cleared first click."""
    lay = params.layout
    if lay is None or lay.start is None:
        raise ValueError("repair needs the layout and its first click")  # a generated board has both
    board = Board.of(Instance(PUZZLE.name, params, stuck))
    clear = {lay.start, *neighbour_table(params.height, params.width)[lay.start]}
    frontier = [c for c in board.frontier if c not in clear]
    far = [c for c in board.outside if c not in clear]
    if not frontier:
        return None
    cell = rng.choice(frontier)
    if cell in lay.mines:
        targets = [c for c in far if c not in lay.mines] or [c for c in frontier if c not in lay.mines]
    else:
        targets = [c for c in far if c in lay.mines] or [c for c in frontier if c in lay.mines]
    if not targets:
        return None
    other = rng.choice(targets)
    mines = set(lay.mines) ^ {cell, other}
    return MinesParams(params.height, params.width, params.mines, Layout(tuple(mines), lay.start))


def generate(height: int = 9, width: int = 9, mines: int = 10, start: Cell | None = None,
             rng: random.Random | None = None, repairs: int = 30, max_attempts: int = 200) -> Generated:
    """A no-guess board: its `instance` is the board after the first click (its params
    carry the layout, so the game ID can be written), its `solution` the layout."""
    rng = rng or random.Random()
    begin = time.perf_counter()
    if start is None:
        start = (rng.randrange(height), rng.randrange(width))
    check_size(height, width, mines, start)
    calls = 0
    for attempt in range(1, max_attempts + 1):
        params = MinesParams(height, width, mines, random_layout(height, width, mines, start, rng))
        for _ in range(repairs + 1):
            result = play_out(params)
            calls += result.calls
            if result.solved:
                inst = Instance(PUZZLE.name, params, start_board(params))
                return Generated(inst, params.layout, True, False, calls, time.perf_counter() - begin, attempt)
            fixed = repair(params, result.clues, rng)
            if fixed is None:
                break
            params = fixed
    raise PuzzleError(f"no no-guess {height}x{width} board with {mines} mines in {max_attempts} attempts")


@dataclass(frozen=True)
class MinesweeperOptions(GeneratorOptions):
    height: int = option(9, "rows", MIN_SIDE, SIZE.most_height)
    width: int = option(9, "columns", MIN_SIDE, SIZE.most_width)
    mines: int = option(10, "mines (at most height*width - 9: the first click clears a 3x3 block)", 1,
                        SIZE.most_width * SIZE.most_height - 9)


class MinesweeperGenerator(Generator[MinesweeperOptions]):
    """Datasets of no-guess boards. The instance is the board right after the first click;
    its params carry the layout, so every format writes Tatham's game ID too. `unique` is
    True because the play-out proved that no guess is ever needed; nothing is stripped, so
    `minimal` is False."""

    puzzle = "minesweeper"
    options_type = MinesweeperOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list minesweeper`
        cost(0.0, 0.001, height=9, width=9, mines=10), cost(0.002, 0.005, height=16, width=16, mines=32),
        cost(0.001, 0.008, height=30, width=30, mines=111), cost(0.012, 0.016, height=50, width=50, mines=309))
    strips = False

    def params_for(self, options: MinesweeperOptions) -> MinesParams:
        """Tatham's limits, so every board opens in his player: both sides over two, at
        least one mine, and room for the cleared 3x3 block wherever the first click is."""
        height, width, mines = options.height, options.width, options.mines
        SIZE.check(PUZZLE.name, width, height)
        if height < MIN_SIDE or width < MIN_SIDE:
            raise PuzzleError(f"minesweeper board {width}x{height} is too small to generate: at least "
                              f"{MIN_SIDE}x{MIN_SIDE}")
        most = height * width - 9
        if not 1 <= mines <= most:
            raise PuzzleError(f"--mines {number(mines)} does not fit a {height}x{width} board: use 1..{most} "
                              "(the first click keeps its 3x3 block clear)")
        return MinesParams(height, width, mines)

    def generate(self, params: MinesParams, rng: random.Random, sessions: SessionCache,
                 opts: GenerateOptions) -> Generated:
        if opts.target is not None or opts.symmetric:
            raise PuzzleError("minesweeper boards have no clues to strip: --target and --symmetric do not apply")
        return generate(params.height, params.width, params.mines, rng=rng)  # the module's function


GENERATOR = MinesweeperGenerator()
