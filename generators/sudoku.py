"""Random full sudoku grids and their candidate clues (every cell).

A full grid is drawn by randomized backtracking with the fewest-candidates-first rule (fast
in pure Python up to 16x16, restarted when it wanders), and for larger grids by the SAT
engine, fixing random cells one at a time. Either way the grid depends only on the random
generator's state, never on what a reused solver learned before.
"""

from __future__ import annotations

import random
from functools import lru_cache

from lab.generator import Generator, Option
from lab.puzzle import PuzzleError
from lab.sat import SessionCache
from solvers.sudoku import Grid, SudokuParams

BACKTRACK_MAX_N = 16


@lru_cache(maxsize=16)
def _peers(params: SudokuParams) -> list[list[int]]:
    n = params.n
    peers: list[set[int]] = [set() for _ in range(n * n)]
    for unit in params.units():
        idx = [r * n + c for r, c in unit]
        for i in idx:
            peers[i].update(idx)
    return [sorted(p - {i}) for i, p in enumerate(peers)]


def random_grid(params: SudokuParams, rng: random.Random, node_limit: int = 20000) -> Grid | None:
    """Randomized backtracking; None if it took more than `node_limit` steps."""
    n = params.n
    peers = _peers(params)
    full = (1 << n) - 1
    grid = [0] * (n * n)
    used = [0] * (n * n)  # bitmask of digits taken by placed peers
    order = list(range(n * n))
    rng.shuffle(order)
    nodes = 0

    # Count per peer how many placed peers use each digit, so undo is exact.
    counts = [[0] * n for _ in range(n * n)]

    def assign(i: int, d: int, delta: int) -> None:
        for p in peers[i]:
            counts[p][d] += delta
            if delta > 0 and counts[p][d] == 1:
                used[p] |= 1 << d
            elif delta < 0 and counts[p][d] == 0:
                used[p] &= ~(1 << d)

    def solve() -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > node_limit:
            return False
        best, best_free = -1, n + 1
        for i in order:
            if grid[i] == 0:
                free = (full & ~used[i]).bit_count()
                if free < best_free:
                    best, best_free = i, free
                    if free <= 1:
                        break
        if best < 0:
            return True
        if best_free == 0:
            return False
        digits = [d for d in range(n) if not used[best] >> d & 1]
        rng.shuffle(digits)
        for d in digits:
            grid[best] = d + 1
            assign(best, d, +1)
            if solve():
                return True
            assign(best, d, -1)
            grid[best] = 0
            if nodes > node_limit:
                return False
        return False

    if not solve():
        return None
    return tuple(tuple(grid[r * n:(r + 1) * n]) for r in range(n))


class SudokuGenerator(Generator):
    puzzle = "sudoku"
    options = (
        Option("size", int, 9, "grid size n (4, 6, 8, 9, 12, 16, 25, ...)"),
        Option("box", str, "", "box shape ROWSxCOLS (default: as square as possible)"),
    )

    def params(self, size: int = 9, box: str = "", **_: object) -> SudokuParams:
        if box:
            try:
                rows, cols = (int(x) for x in box.lower().split("x"))
            except ValueError:
                raise PuzzleError(f"--box must look like 3x3, got '{box}'") from None
            params = SudokuParams(rows, cols)
            if params.n != size and size != 9:
                raise PuzzleError(f"box {box} makes {params.n}x{params.n}, not {size}x{size}")
            return params
        return SudokuParams.for_size(size)

    def draw(self, params: SudokuParams, rng: random.Random, sessions: SessionCache):
        if params.n <= BACKTRACK_MAX_N:
            while True:
                grid = random_grid(params, rng)
                if grid is not None:
                    return params, grid
        return params, self._sat_grid(params, rng, sessions)

    def _sat_grid(self, params: SudokuParams, rng: random.Random, sessions: SessionCache) -> Grid:
        """Fix random cells to random digits the SAT engine allows, until one grid is left."""
        session = sessions.get(self.ptype, params)
        n = params.n
        cells = [(r, c) for r in range(n) for c in range(n)]
        rng.shuffle(cells)
        fixed: list[int] = []
        found = session.find([])
        for i, (r, c) in enumerate(cells):
            digits = list(range(1, n + 1))
            rng.shuffle(digits)
            for d in digits:
                lit = session.literal((r, c), d)
                trial = session.find(fixed + [lit])
                if trial.sat:
                    fixed.append(lit)
                    found = trial
                    break
            if i % n == n - 1 and session.other_than(fixed, found.solution).sat is False:
                break
        return found.solution

    def candidate_clues(self, params: SudokuParams, solution: Grid) -> dict:
        return {(r, c): d for r, row in enumerate(solution) for c, d in enumerate(row)}

    def partner(self, params: SudokuParams, key: tuple[int, int]) -> tuple[int, int]:
        n = params.n
        return (n - 1 - key[0], n - 1 - key[1])  # 180-degree rotation, as Tatham's default


GENERATOR = SudokuGenerator()
