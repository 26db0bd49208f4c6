"""Random Hidoku boards: a random Hamiltonian king path (a random walk that prefers the
neighbour with the fewest free neighbours, Warnsdorff's rule, and backtracks), every number
a candidate given, so the full set is the path itself and unique as drawn; the engine strips
it to a minimal set.
1 and N are stripped like any other number when the rest pin them down.
"""

from __future__ import annotations

import random

from lab.generator import Generator, board_options, board_shape
from lab.puzzle import PuzzleError
from lab.sat import SessionCache
from solvers.hidoku import SIZE, Grid, HidokuParams, grid_of

STEPS_PER_CELL = 20  # backtracking steps allowed per cell before a fresh start
RESTARTS = 200
REVERSE_REACH = 30  # longest stretch `alternatives` tries reversing


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


class HidokuGenerator(Generator):
    puzzle = "hidoku"
    clues_are_solution = True  # every number given: the path itself
    options = (*board_options(6, SIZE),)

    def params(self, size: int = 6, width: int | None = None, height: int | None = None,
               **_: object) -> HidokuParams:
        return HidokuParams(*board_shape(size, width, height))

    def draw(self, params: HidokuParams, rng: random.Random, sessions: SessionCache) -> tuple[HidokuParams, Grid]:
        for _ in range(RESTARTS):
            order = random_path(params, rng)
            if order is not None:
                return params, grid_of(order, params.width, params.height)
        raise PuzzleError(f"no king path through a {params.width}x{params.height} board found in {RESTARTS} tries")

    def alternatives(self, params: HidokuParams, solution: Grid) -> list[set]:
        """Rival paths as the cells whose numbers they change: a stretch a..b of the path
        reversed where its ends fit (a - 1 next to b, a next to b + 1; at the path's ends
        only one side needs to fit); the middle cell of an odd stretch keeps its number.
        Each is a second numbering for the cost of a look-up: on 10x10 boards they took the
        stripping loop from about 0.55 s to 0.3 s a puzzle."""
        w, n, nb = params.width, params.n, params.neighbours
        order = [0] * n
        for r, row in enumerate(solution):
            for c, k in enumerate(row):
                order[k - 1] = r * w + c
        near = [set(cells) for cells in nb]
        out: list[set] = []
        for a in range(n):
            for b in range(a + 1, min(n, a + REVERSE_REACH)):
                if (a == 0 or order[b] in near[order[a - 1]]) and (b == n - 1 or order[a] in near[order[b + 1]]):
                    out.append({divmod(order[i], w) for i in range(a, b + 1) if 2 * i != a + b})
        return out

    def candidate_clues(self, params: HidokuParams, solution: Grid) -> dict:
        return {(r, c): k for r, row in enumerate(solution) for c, k in enumerate(row)}


GENERATOR = HidokuGenerator()
