"""Minesweeper boards that never need a guess from a given first click.

A layout is drawn at random with the first click and its neighbours kept clear (as
Tatham's Mines does), then played out with the solver: open the first click, then
repeatedly open every cell the solver proves safe. The layout is kept when that opens
every safe cell. When play gets stuck, the layout is *repaired* instead of thrown away
(in the spirit of Tatham's perturbation): one mine under a covered, undecided cell next to
the opened area moves to a covered cell away from it (or the other way round), and play
starts again from the first click; after too many repairs a fresh layout is drawn.

The engine's `Generator` base (random solution, then strip clues while unique) does not
fit a game whose clues are revealed by play, so this module is plain functions and
`GENERATOR = None`; `generate` returns the engine's `Generated` record all the same.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from lab.generator import Generated
from lab.puzzle import Instance, PuzzleError
from solvers.minesweeper import (PUZZLE, Board, Cell, Layout, MineSat, MinesParams, neighbour_table,
                                 open_cell, start_board)

GENERATOR = None


@dataclass
class PlayOut:
    solved: bool
    clues: dict  # the board where play ended
    rounds: int  # solver rounds (each opens every provably safe cell)
    calls: int  # SAT calls


def play_out(params: MinesParams) -> PlayOut:
    """Open the first click, then every provably safe cell, until none is left to prove.
    Uses only what a player sees (numbers and the mine count); the layout only answers
    "what number is under the cell I open". The one-number rules go first because they are
    cheap; the SAT solver (complete) decides whenever they stall, so "stuck" is a fact."""
    lay = params.layout
    if lay is None or lay.start is None:
        raise PuzzleError("play-out needs a layout with a first click")
    h, w = params.height, params.width
    seen = MinesParams(h, w, params.mines)  # the player's view: no layout
    clues = start_board(params)
    known: set[Cell] = set()  # proven mines
    safe_total = h * w - params.mines
    rounds = calls = 0
    while sum(isinstance(v, int) for v in clues.values()) < safe_total:
        safe = local_safe(h, w, clues, known)
        if not safe:
            session = MineSat(Board.of(Instance(PUZZLE.name, seen, clues), frozenset(known)))
            try:
                found = session.deduce()
            finally:
                session.close()
            rounds += 1
            calls += found.calls
            known |= found.mines
            safe = found.safe
        if not safe:
            return PlayOut(False, clues, rounds, calls)
        for cell in safe:
            if cell in lay.mines:
                raise AssertionError(f"solver called mine {cell} safe")  # a solver bug, not bad input
            open_cell(h, w, lay.mines, clues, cell)
    return PlayOut(True, clues, rounds, calls)


def local_safe(height: int, width: int, clues: dict, known: set[Cell]) -> set[Cell]:
    """The one-number rules until they stall: a number whose mines are all known clears
    its other covered neighbours; one with as many covered neighbours as missing mines
    makes them all mines (added to `known`). Returns the cells proven safe."""
    nbrs = neighbour_table(height, width)
    safe: set[Cell] = set()
    changed = True
    while changed and not safe:
        changed = False
        for cell, v in clues.items():
            if not isinstance(v, int) or v == 0:
                continue
            hidden = [n for n in nbrs[cell] if not isinstance(clues.get(n), int) and n not in known]
            if not hidden:
                continue
            need = v - sum(n in known for n in nbrs[cell])
            if need == 0:
                safe.update(hidden)
            elif need == len(hidden):
                known.update(hidden)
                changed = True
    return safe


def check_size(height: int, width: int, mines: int, start: Cell) -> None:
    if not (1 <= height <= 100 and 1 <= width <= 100):
        raise PuzzleError(f"board size {height}x{width} out of range (1..100)")
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
    return Layout(frozenset(rng.sample(free, mines)), start)


def repair(params: MinesParams, stuck: dict, rng: random.Random) -> MinesParams | None:
    """Move one mine between an undecided frontier cell and a covered cell away from the
    opened area, keeping the count and the cleared first click."""
    lay = params.layout
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
    return MinesParams(params.height, params.width, params.mines, Layout(frozenset(mines), lay.start))


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
