"""Random full sudoku grids and their candidate clues (every cell).

A full grid is drawn by randomized backtracking in reading order (fast in pure Python up to
16x16, restarted when it wanders), and for larger grids by one solve on a fresh SAT solver
with a random first row and random preferred values. Either way the grid depends only on the random
generator's state, never on what a reused solver learned before.
"""

from __future__ import annotations

import random

from lab.generator import Generator, Option
from lab.puzzle import PuzzleError
from lab.sat import SatSession, SessionCache
from solvers.sudoku import Grid, SudokuParams

BACKTRACK_MAX_N = 16


def random_grid(params: SudokuParams, rng: random.Random, node_limit: int = 200_000) -> Grid | None:
    """Fill cells in reading order, each with a random digit its row, column and box still
    allow, backing up when a cell has none left. None if it took over `node_limit` steps."""
    n, br, bc = params.n, params.box_rows, params.box_cols
    full = (1 << n) - 1
    rows, cols, boxes = [0] * n, [0] * n, [0] * n
    cells = [(i // n, i % n, (i // n) // br * br + (i % n) // bc) for i in range(n * n)]
    grid = [0] * (n * n)
    options: list[list[int] | None] = [None] * (n * n)  # digits still to try, per cell
    i = steps = 0
    while i < n * n:
        steps += 1
        if steps > node_limit:
            return None
        r, c, b = cells[i]
        if options[i] is None:
            free = full & ~(rows[r] | cols[c] | boxes[b])
            options[i] = [d for d in range(n) if free >> d & 1]
            rng.shuffle(options[i])
        elif grid[i]:  # back here after a dead end further on: take the digit out again
            bit = 1 << (grid[i] - 1)
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            grid[i] = 0
        if options[i]:
            d = options[i].pop()
            bit = 1 << d
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            grid[i] = d + 1
            i += 1
        else:
            options[i] = None
            i -= 1
    return tuple(tuple(grid[r * n:(r + 1) * n]) for r in range(n))


def two_digit_swaps(params: SudokuParams, solution: Grid) -> list[set[tuple[int, int]]]:
    n = params.n
    col_of = [[0] * n for _ in range(n + 1)]  # col_of[d][r]: the column of d in row r
    row_in_col = [[0] * n for _ in range(n + 1)]  # row_in_col[d][c]: the row of d in column c
    row_in_box = [[0] * n for _ in range(n + 1)]  # row_in_box[d][k]: the row of d in box k
    for r, row in enumerate(solution):
        for c, d in enumerate(row):
            col_of[d][r] = c
            row_in_col[d][c] = r
            row_in_box[d][params.box(r, c)] = r
    out = []
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            # Union-find over the a-cell (index r) and the b-cell (index n + r) of each row.
            parent = list(range(2 * n))

            def find(i: int) -> int:
                while parent[i] != i:
                    parent[i] = parent[parent[i]]
                    i = parent[i]
                return i

            for r in range(n):
                parent[find(r)] = find(n + r)
            for k in range(n):
                parent[find(row_in_col[a][k])] = find(n + row_in_col[b][k])
                parent[find(row_in_box[a][k])] = find(n + row_in_box[b][k])
            pieces: dict[int, set[tuple[int, int]]] = {}
            for r in range(n):
                pieces.setdefault(find(r), set()).add((r, col_of[a][r]))
                pieces.setdefault(find(n + r), set()).add((r, col_of[b][r]))
            if len(pieces) > 1:  # one piece is the whole digit pair: true, but never useful
                out.extend(pieces.values())
    return out


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
        return params, self._sat_grid(params, rng)

    def _sat_grid(self, params: SudokuParams, rng: random.Random) -> Grid:
        """One solve on a fresh solver (so the grid depends only on `rng`): the first row a
        random permutation, every variable a random preferred value, native at-most-one."""
        session = SatSession(self.ptype, params, "mc")
        try:
            first = list(range(1, params.n + 1))
            rng.shuffle(first)
            row = [session.literal((0, c), d) for c, d in enumerate(first)]
            session.solver.set_phases([v if rng.random() < 1 / params.n else -v for v in session.rules.primary])
            found = session.find(row)
            if not found.sat:
                raise PuzzleError(f"no {params.n}x{params.n} grid found")  # cannot happen: any first row extends
            return found.solution
        finally:
            session.close()

    def candidate_clues(self, params: SudokuParams, solution: Grid) -> dict:
        return {(r, c): d for r, row in enumerate(solution) for c, d in enumerate(row)}

    def alternatives(self, params: SudokuParams, solution: Grid) -> list[set[tuple[int, int]]]:
        """Two-digit swaps: for digits a and b, link the a-cell and the b-cell of every unit;
        swapping a and b on one connected piece leaves every unit valid, so each piece is a
        set of cells on which another grid differs (an unavoidable set)."""
        return two_digit_swaps(params, solution)

    def partner(self, params: SudokuParams, key: tuple[int, int]) -> tuple[int, int]:
        n = params.n
        return (n - 1 - key[0], n - 1 - key[1])  # 180-degree rotation, as Tatham's default


GENERATOR = SudokuGenerator()
