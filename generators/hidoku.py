"""Random Hidoku boards: a random Hamiltonian king path (a random walk that prefers the
neighbour with the fewest free neighbours, Warnsdorff's rule, and backtracks), every number
a candidate given, so the full set is the path itself and unique as drawn; the engine strips
it to a minimal set.
1 and N are stripped like any other number when the rest pin them down.

The engine's stripping sessions load the puzzle's `stripping_rules` (solvers/hidoku.py), a
second encoding that CaDiCaL answers faster; the puzzles are the same ones.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, board_height, board_shape, board_size, board_width, cost
from ..lab.engine.puzzle import PuzzleError
from ..lab.engine.sat import SessionCache
from ..solvers.hidoku import SIZE, Grid, HidokuParams, grid_of

STEPS_PER_CELL = 20  # backtracking steps allowed per cell before a fresh start
RESTARTS = 200
REVERSE_REACH = 30  # longest stretch `alternatives` tries reversing
EXCHANGE_LONGEST = 3  # longest stretches `alternatives` tries exchanging


def random_path(params: HidokuParams, rng: random.Random) -> list[int] | None:
    """A random order of all cells, each a king move from the one before, or None when the
    depth-first search runs out of steps (the caller starts again). Warnsdorff's rule (go to
    the neighbour with the fewest free neighbours, ties at random) finds a path on a 10x10
    board almost always without backtracking; dead ends (a free cell with no free neighbour
    left that is not the walk's next step) are cut at once."""
    n, nb = params.n, params.neighbours
    start = rng.randrange(n)
    order, used = [start], [False] * n
    used[start] = True
    free = [len(nb[i]) for i in range(n)]
    for j in nb[start]:
        free[j] -= 1
    budget = STEPS_PER_CELL * n

    def step(i: int, sign: int) -> None:
        used[i] = sign > 0
        for j in nb[i]:
            free[j] -= sign

    def extend() -> bool:
        nonlocal budget
        if len(order) == n:
            return True
        budget -= 1
        if budget < 0:
            return False
        here = order[-1]
        options = [j for j in nb[here] if not used[j]]
        if len(order) < n - 1 and any(free[j] == 0 for j in options):
            return False  # that neighbour could only be entered now, as the last cell
        keys = {j: (free[j], rng.random()) for j in options}
        for j in sorted(options, key=keys.__getitem__):
            order.append(j)
            step(j, 1)
            if extend():
                return True
            step(j, -1)
            order.pop()
        return False

    return order if extend() else None


def path_order(params: HidokuParams, solution: Grid) -> list[int]:
    """order[k]: the cell (row-major index) that holds k + 1."""
    order = [0] * params.n
    for r, row in enumerate(solution):
        for c, k in enumerate(row):
            order[k - 1] = r * params.width + c
    return order


def reversals(params: HidokuParams, order: list[int], near: list[set[int]]) -> list[set]:
    """A stretch a..b of the path reversed where its ends fit (a - 1 next to b, a next to
    b + 1; at the path's ends only one side needs to fit); the middle cell of an odd stretch
    keeps its number."""
    n, w = params.n, params.width
    out: list[set] = []
    for a in range(n):
        for b in range(a + 1, min(n, a + REVERSE_REACH)):
            if (a == 0 or order[b] in near[order[a - 1]]) and (b == n - 1 or order[a] in near[order[b + 1]]):
                out.append({divmod(order[i], w) for i in range(a, b + 1) if 2 * i != a + b})
    return out


def exchanges(params: HidokuParams, order: list[int], near: list[set[int]], length: int) -> list[set]:
    """Two stretches of `length` numbers, a.. and b.. with at least one number between,
    exchanged, each forwards or backwards, where each fits the other's neighbours on the
    path (length 1: two numbers swapped). The stretch that comes in must start next to a's
    predecessor (or, at the path's start, end next to the successor), so each stretch has at
    most sixteen partners to try."""
    n, w = params.n, params.width
    number = [0] * n  # number[cell]: the index in `order` of what it holds
    for k, cell in enumerate(order):
        number[cell] = k
    out: list[set] = []
    for a in range(n - length + 1):
        if a == 0 and length == n:
            break
        anchor = order[a - 1] if a else order[a + length]
        mine = order[a:a + length]
        for cell in near[anchor]:
            m = number[cell]
            for b in {m, m - length + 1}:
                if b < a + length + 1 or b + length > n:
                    continue
                theirs = order[b:b + length]
                if (fits_in(order, near, theirs, a) or fits_in(order, near, theirs[::-1], a)) and (
                        fits_in(order, near, mine, b) or fits_in(order, near, mine[::-1], b)):
                    out.append({divmod(c, w) for c in mine + theirs})
    return out


def fits_in(order: list[int], near: list[set[int]], cells: list[int], start: int) -> bool:
    """Could `cells` (a stretch of the path, in this direction) hold start + 1.. in place of
    what holds them now, the numbers around staying where they are?"""
    end = start + len(cells)
    return (start == 0 or cells[0] in near[order[start - 1]]) and (end == len(order) or cells[-1] in near[order[end]])


@dataclass(frozen=True)
class HidokuOptions(GeneratorOptions):
    size: int = board_size(6, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)


class HidokuGenerator(Generator[HidokuOptions]):
    puzzle = "hidoku"
    options_type = HidokuOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list hidoku`
        cost(0.0, 0.004, size=4), cost(0.002, 0.016, size=6), cost(0.016, 0.102, size=9),
        cost(0.29, 0.405, size=12))
    clues_are_solution = True  # every number given: the path itself

    def params_for(self, options: HidokuOptions) -> HidokuParams:
        return HidokuParams(*board_shape(options.size, options.width, options.height))

    def draw(self, params: HidokuParams, rng: random.Random, sessions: SessionCache) -> tuple[HidokuParams, Grid]:
        for _ in range(RESTARTS):
            order = random_path(params, rng)
            if order is not None:
                return params, grid_of(order, params.width, params.height)
        raise PuzzleError(f"no king path through a {params.width}x{params.height} board found in {RESTARTS} tries")

    def alternatives(self, params: HidokuParams, solution: Grid) -> list[set]:
        """Rival paths as the cells whose numbers they change, each a second numbering for
        the cost of a look-up: stretches reversed (`reversals`; on 10x10 boards they took the
        stripping loop from about 0.55 s to 0.3 s a puzzle) and stretches of one to three
        numbers exchanged (`exchanges`: nine in ten of the rivals the solver still found on
        seed 1's boards, which cost a solver call each)."""
        order = path_order(params, solution)
        near = [set(cells) for cells in params.neighbours]
        return reversals(params, order, near) + [alt for length in range(1, EXCHANGE_LONGEST + 1)
                                                         for alt in exchanges(params, order, near, length)]

    def candidate_clues(self, params: HidokuParams, solution: Grid) -> dict:
        return {(r, c): k for r, row in enumerate(solution) for c, k in enumerate(row)}


GENERATOR = HidokuGenerator()
