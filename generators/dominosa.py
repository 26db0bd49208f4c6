"""Random Dominosa boards: a layout first, then the pairs laid on it (after Tatham).

1. Layout: a tiling found by covering the first free cell (right or down, in random order,
   backing up at a dead end), then mixed by many random flips of two side-by-side dominoes
   in a 2x2 square (these flips reach every tiling of a rectangle).
2. Numbers: every pair on one domino, pairs and dominoes matched at random. As in Tatham's
   `alloc_try_unique`, each domino is turned so that its numbers do not sit diagonally
   opposite the same numbers of a parallel neighbour: that 2x2 square would have a second
   layout.
3. The engine checks uniqueness; a rival layout is ruled out by `repair`, which turns a
   domino round, or swaps the pairs of two dominoes, where the rival differs: the layout
   keeps every pair once, the rival loses one. Preferring changes that leave no 2x2 twin
   behind took the solver calls per puzzle at order 6 from about 37 to 4.5.

The clue set is the whole board, so nothing is stripped (`strips = False`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from ..lab.engine.generator import Generator, GeneratorOptions, cost, option
from ..lab.engine.puzzle import Instance
from ..lab.engine.sat import SessionCache
from ..solvers.dominosa import (
    MAX_ORDER,
    PUZZLE,
    STEPS,
    Cell,
    DominosaParams,
    Edge,
    Layout,
    dominoes,
    layout_problems,
    tilings,
)

TOWARD = {step: letter for letter, step in STEPS.items()}  # the letter of a cell whose partner is one step away


def random_layout(params: DominosaParams, rng: random.Random) -> Layout:
    """A random tiling: a first one by backtracking, then random 2x2 flips."""
    start = next(tilings(params, rng))
    grid = [list(row) for row in start]
    h, w = params.height, params.width
    for _ in range(8 * h * w):
        r, c = rng.randrange(h - 1), rng.randrange(w - 1)
        if grid[r][c] == "R" and grid[r + 1][c] == "R":  # two across -> two down
            grid[r][c], grid[r][c + 1], grid[r + 1][c], grid[r + 1][c + 1] = "D", "D", "U", "U"
        elif grid[r][c] == "D" and grid[r][c + 1] == "D":  # two down -> two across
            grid[r][c], grid[r][c + 1], grid[r + 1][c], grid[r + 1][c + 1] = "R", "L", "R", "L"
    return tuple(tuple(row) for row in grid)


def side_neighbour(layout: Layout, x: Cell, y: Cell) -> tuple[Cell, Cell] | None:
    """The domino lying alongside domino (x, y) on one side (the side Tatham's
    alloc_find_neighbour looks at, turning (x -> y) left), its cells next to x and y."""
    (xr, xc), (yr, yc) = x, y
    dr, dc = yr - xr, yc - xc
    nxr, nxc, nyr, nyc = xr - dc, xc + dr, yr - dc, yc + dr
    h, w = len(layout), len(layout[0])
    if not (0 <= nxr < h and 0 <= nxc < w and 0 <= nyr < h and 0 <= nyc < w):
        return None
    # ny - nx is y - x: the neighbour is one domino when nx's letter points that way
    toward = TOWARD.get((dr, dc))
    return ((nxr, nxc), (nyr, nyc)) if toward is not None and layout[nxr][nxc] == toward else None


def lay_numbers(params: DominosaParams, layout: Layout, rng: random.Random) -> dict[Cell, int]:
    """Every pair on one domino, in random order, each turned to avoid an obvious 2x2 rival."""
    placed = dominoes(layout)
    rng.shuffle(placed)
    pairs = list(params.pairs)
    rng.shuffle(pairs)
    numbers: dict[Cell, int] = {}
    for (x, y), (lo, hi) in zip(placed, pairs):
        ways = [(x, y), (y, x)]  # (cell taking lo, cell taking hi)
        good = [(a, b) for a, b in ways if not _diagonal_twin(layout, numbers, a, b, lo, hi)]
        a, b = rng.choice(good or ways)
        numbers[a], numbers[b] = lo, hi
    return numbers


def _twin_beside(layout: Layout, numbers: dict[Cell, int], domino: Edge) -> bool:
    """Does the numbered domino form a 2x2 square with a second layout with a neighbour?"""
    x, y = domino
    return _diagonal_twin(layout, numbers, x, y, numbers[x], numbers[y])


def _diagonal_twin(layout: Layout, numbers: dict[Cell, int], a: Cell, b: Cell, lo: int, hi: int) -> bool:
    """Would lo at a, hi at b face the same numbers diagonally in a parallel neighbour?
    (Any two numbers: lo and hi only name which goes where.)"""
    for x, y in ((a, b), (b, a)):
        side = side_neighbour(layout, x, y)
        if side is None:
            continue
        nx, ny = side  # nx beside x, ny beside y
        vx, vy = numbers.get(nx), numbers.get(ny)
        low_at_x = x == a
        if (vy == (lo if low_at_x else hi)) or (vx == (hi if low_at_x else lo)):
            return True
    return False


def rival_stands(params: DominosaParams, other: Layout) -> Callable[[dict], bool]:
    """`not PUZZLE.verify(Instance(..., params, clues), other)` for the many clue sets a
    repair tries against one rival: `verify` read the rival's letters afresh for each (most
    of the repair's time). Its tiling is checked once; with every cell numbered it stands
    exactly when its dominoes show every pair (a tiling has as many dominoes as there are
    pairs). A clue set with unknown cells still goes through `verify`."""
    if layout_problems(params, other):
        return lambda clues: False  # `verify` names the broken tiling whatever the numbers
    placed = dominoes(other)
    every = set(params.pairs)

    def stands(clues: dict) -> bool:
        get = clues.get
        shown = [(get(x), get(y)) for x, y in placed]
        if any(a is None or b is None for a, b in shown):
            return not PUZZLE.verify(Instance(PUZZLE.name, params, clues), other)
        numbers = cast(list[tuple[int, int]], shown)  # every cell numbered: checked just above
        return {(a, b) if a <= b else (b, a) for a, b in numbers} == every

    return stands


@dataclass(frozen=True)
class DominosaOptions(GeneratorOptions):
    n: int = option(6, "largest number on a domino (Tatham's N): the board is n+2 by n+1", 1, MAX_ORDER)


class DominosaGenerator(Generator[DominosaOptions]):
    puzzle = "dominosa"
    options_type = DominosaOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list dominosa`
        cost(0.001, 0.004, n=3), cost(0.008, 0.024, n=6), cost(0.079, 0.115, n=10), cost(0.397, 0.667, n=15))
    strips = False

    def params_for(self, options: DominosaOptions) -> DominosaParams:
        return DominosaParams(options.n)  # checks the size limit

    def draw(self, params: DominosaParams, rng: random.Random, sessions: SessionCache):
        return params, random_layout(params, rng)

    def candidate_clues(self, params: DominosaParams, solution: Layout) -> dict:
        # The numbers are not a fact of the layout; `draw` hands over only (params, layout),
        # so they are drawn here from a generator seeded by the layout itself: still a
        # function of the caller's seed, and no state kept between calls.
        return lay_numbers(params, solution, random.Random(repr(solution)))

    def repair(self, params: DominosaParams, clues: dict, solution: Layout, other: Layout,
               rng: random.Random) -> tuple[DominosaParams, dict, Layout] | None:
        """Rule `other` out: turn round a domino of the layout that `other` does not have
        (or, failing that, swap its pair with another domino's). The layout still holds
        every pair once; `other` must break a rule. A change that leaves no 2x2 square with
        a second layout is preferred (it does not invite the next rival)."""
        mine, theirs = set(dominoes(solution)), set(dominoes(other))
        differ = [d for d in sorted(mine) if d not in theirs]
        rng.shuffle(differ)
        fallback = None
        stands = rival_stands(params, other)
        for changed, touched in self._changes(clues, differ, sorted(mine), rng):
            if stands(changed):
                continue
            if not any(_twin_beside(solution, changed, d) for d in touched):
                return params, changed, solution
            fallback = fallback or changed
        return None if fallback is None else (params, fallback, solution)

    @staticmethod
    def _changes(clues: dict, differ: list[Edge], every: list[Edge], rng: random.Random):
        """(changed clues, dominoes changed): turned dominoes first, then pair swaps between
        a differing domino and others."""
        for x, y in differ:
            if clues[x] != clues[y]:
                changed = dict(clues)
                changed[x], changed[y] = clues[y], clues[x]
                yield changed, [(x, y)]
        for x, y in differ:
            others = list(every)
            rng.shuffle(others)
            for u, v in others[:20]:
                if {u, v} != {x, y}:
                    changed = dict(clues)
                    changed[x], changed[y], changed[u], changed[v] = clues[u], clues[v], clues[x], clues[y]
                    yield changed, [(x, y), (u, v)]


GENERATOR = DominosaGenerator()
