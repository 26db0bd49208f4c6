"""Random full sudoku grids and their candidate clues (every cell).

A full grid is drawn by randomized backtracking in reading order (fast in pure Python up to
16x16, restarted when it wanders), and for larger grids by one solve on a fresh SAT solver
with a random first row and random preferred values. Either way the grid depends only on the random
generator's state, never on what a reused solver learned before.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..lab.engine.generator import Generator, GeneratorOptions, cost, option
from ..lab.engine.puzzle import PuzzleError, quote
from ..lab.engine.sat import SatSession, SessionCache
from ..lab.engine.strip import ClueSets
from ..solvers.sudoku import PUZZLE, SIZE, Grid, SudokuParams, check_params

if TYPE_CHECKING:  # numpy loads with the first swap cycles: `check sudoku` needs none
    import numpy as np

BACKTRACK_MAX_N = 16


def random_grid(params: SudokuParams, rng: random.Random, node_limit: int = 200_000) -> Grid | None:
    """Fill cells in reading order, each with a random digit its row, column and box still
    allow, backing up when a cell has none left. None if it took over `node_limit` steps."""
    n = params.n
    full = (1 << n) - 1
    digits = _digits_of_masks(n)
    rows, cols, boxes = [0] * n, [0] * n, [0] * n
    cells = _cells(params)
    grid = [0] * (n * n)
    left = [-1] * (n * n)  # per cell, the digits still to try as a bit mask; -1: not reached yet
    rand = rng.random
    i = steps = 0
    while i < n * n:
        steps += 1
        if steps > node_limit:
            return None
        r, c, b = cells[i]
        free = left[i]
        if free < 0:
            free = full & ~(rows[r] | cols[c] | boxes[b])
        elif grid[i]:  # back here after a dead end further on: take the digit out again
            bit = 1 << (grid[i] - 1)
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            grid[i] = 0
        if free:
            options = digits[free]
            d = options[int(rand() * len(options))]  # a random one of those left
            bit = 1 << d
            left[i] = free ^ bit
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            grid[i] = d + 1
            i += 1
        else:
            left[i] = -1
            i -= 1
    return tuple(tuple(grid[r * n:(r + 1) * n]) for r in range(n))


@functools.lru_cache(maxsize=4)
def _digits_of_masks(n: int) -> list[tuple[int, ...]]:
    """For every bit mask of n digits, the digits in it in increasing order (a table look-up
    is half the cost of picking the bits out again at every cell)."""
    return [tuple(d for d in range(n) if mask >> d & 1) for mask in range(1 << n)]


SWAP_CYCLE = 4  # swap cycles up to this length are handed to the stripping loop


def swap_cycles(params: SudokuParams, solution: Grid, max_len: int = SWAP_CYCLE) -> ClueSets:
    """Cell sets where a swap between two lines gives another valid grid: each is a second
    solution the stripping loop gets for free. Three kinds, each a cycle of at most
    `max_len` steps (deadly rectangles are the shortest of all three):

    * two digits a, b over rows: sigma(r) is the row of the b in the column of row r's a;
      swapping a and b in the rows of a cycle keeps rows and columns valid, and boxes when
      every box touched has both its a and its b in those rows;
    * two rows over columns: sigma(c) is the column where the first row holds the digit the
      second row holds at c; exchanging the rows' digits on a cycle keeps rows and columns
      valid, and boxes when the rows share a band or the cycle stays in one stack;
    * two columns over rows, the same way.

    Every kind is a Latin square read as "line -> position -> value" (digit -> row ->
    column, row -> column -> digit, column -> row -> digit), so all are followed at once on
    numpy arrays, one entry per (kind, pair of lines, position)."""
    import numpy as np

    n = params.n
    if n > 60:
        return ClueSets([], np.zeros((0, 0), np.int64))  # positions are bits of an int64
    k = _swap_tables(params)
    g = np.array(solution, np.int64).ravel() - 1  # [r * n + c]
    colpos = np.empty(n * n, np.int64)  # [d * n + r]: the column of digit d in row r
    colpos[g * n + k.rows] = k.cols
    rowof = np.empty(n * n, np.int64)  # [d * n + c]: the row of digit d in column c
    rowof[g * n + k.cols] = k.rows
    boxrow = np.empty(n * n, np.int64)  # [d * n + b]: the row of digit d in box b
    boxrow[g * n + k.box] = k.rows
    square = np.concatenate((colpos, g, g.reshape(n, n).T.ravel()))  # line -> position -> value
    inverse = np.concatenate((rowof, colpos.reshape(n, n).T.ravel(), rowof.reshape(n, n).T.ravel()))
    sigma = inverse[k.second + square[k.first + k.pos]] + k.block  # the entry at sigma(position)
    # Box conditions as "positions that must be in the cycle too" (bit n: never).
    digits = slice(0, k.per_kind)
    col_a, col_b = colpos[k.first[digits] + k.pos[digits]], colpos[k.second[digits] + k.pos[digits]]
    need = np.where(k.same | (k.group[sigma] == k.group), k.pos_bit, 1 << n)
    need[digits] = (k.bit[boxrow[k.second[digits] + k.box[k.pos[digits] * n + col_a]]]
                    | k.bit[boxrow[k.first[digits] + k.box[k.pos[digits] * n + col_b]]])
    # Walk max_len - 1 steps from every entry: a cycle that short is then all seen (seeing it
    # again adds nothing) and its next step is back inside; a longer one's is not.
    at, cycle, needed, path = k.start, k.pos_bit, need, [k.start]
    for _ in range(max_len - 1):
        at = sigma[at]
        path.append(at)
        cycle = cycle | k.pos_bit[at]
        needed = needed | need[at]
    closed = (k.pos_bit[sigma[at]] & cycle) != 0
    rest = cycle & (cycle - 1)
    long = (rest & (rest - 1)) != 0  # 3+ positions (2-cycles are rectangles, found as digits')
    found = np.nonzero(closed & (needed & ~cycle == 0) & ((cycle & -cycle) == k.pos_bit)  # each once
                       & (long | k.is_digit))[0]
    cell_a, cell_b = k.cell_a.copy(), k.cell_b.copy()  # the two cells of each entry
    cell_a[digits] += col_a
    cell_b[digits] += col_b
    steps = np.stack([at[found] for at in path], axis=1)  # a 2-cycle repeats its cells: harmless
    return ClueSets(k.keys, np.concatenate((cell_a[steps], cell_b[steps]), axis=1))


@dataclass(frozen=True)
class _SwapTables:
    """Index arrays for `swap_cycles`, one entry per (kind, pair of lines, position), made
    once per grid shape. Lines of kind f are rows f * n ... f * n + n - 1 of the squares."""

    rows: np.ndarray  # per cell r * n + c: r, c and its box
    cols: np.ndarray
    box: np.ndarray
    per_kind: int  # entries of one kind
    start: np.ndarray  # per entry: its own index, position, block start and lines' offsets
    pos: np.ndarray
    block: np.ndarray
    first: np.ndarray
    second: np.ndarray
    same: np.ndarray  # rows: the two share a band; columns: a stack
    group: np.ndarray  # rows: the position's stack; columns: its band
    is_digit: np.ndarray
    cell_a: np.ndarray  # the entry's two cells (digits: the row's start; columns added per grid)
    cell_b: np.ndarray
    bit: np.ndarray
    pos_bit: np.ndarray  # per entry: 1 << its position
    keys: list


@functools.lru_cache(maxsize=8)
def _swap_tables(params: SudokuParams) -> _SwapTables:
    import numpy as np

    n, br, bc = params.n, params.box_rows, params.box_cols
    rows, cols = (x.ravel() for x in np.indices((n, n)))
    a, b = np.triu_indices(n, 1)
    pos = np.tile(np.arange(n), 3 * len(a))
    kind = np.arange(3).repeat(len(a) * n)
    la, lb = np.tile(a.repeat(n), 3), np.tile(b.repeat(n), 3)
    start = np.arange(len(pos))
    band, stack = pos // br, pos // bc
    same = np.where(kind == 1, la // br == lb // br, la // bc == lb // bc)
    cell_a = np.select([kind == 0, kind == 1], [pos * n, la * n + pos], pos * n + la)
    cell_b = np.select([kind == 0, kind == 1], [pos * n, lb * n + pos], pos * n + lb)
    return _SwapTables(rows, cols, np.array([b for _, _, b in _cells(params)]), len(a) * n,
                       start, pos, start - pos, (kind * n + la) * n, (kind * n + lb) * n, same,
                       np.where(kind == 1, stack, band), kind == 0, cell_a, cell_b,
                       1 << np.arange(n, dtype=np.int64), np.int64(1) << pos,
                       [(r, c) for r, c, _ in _cells(params)])


@functools.lru_cache(maxsize=8)
def _cells(params: SudokuParams) -> list[tuple[int, int, int]]:
    """Every cell in reading order as (row, column, box), made once per grid shape."""
    n = params.n
    return [(r, c, params.box(r, c)) for r in range(n) for c in range(n)]


@dataclass(frozen=True)
class SudokuOptions(GeneratorOptions):
    size: int = option(9, "grid size n (4, 6, 8, 9, 12, 16, 25, ...)", SIZE.least_width, SIZE.most_width)
    box: str = option("", "box shape ROWSxCOLS, each at least 2 (default: as square as possible)")


class SudokuGenerator(Generator[SudokuOptions]):
    puzzle = "sudoku"
    options_type = SudokuOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list sudoku`
        cost(0.005, 0.012, size=9), cost(0.158, 0.259, size=16), cost(3.0, 3.0, size=20),
        cost(78.9, 78.9, size=25), cost(70.2, 70.2, size=26))
    clues_are_solution = True  # every cell is a candidate clue: the full grid is unique as drawn

    def params_for(self, options: SudokuOptions) -> SudokuParams:
        """The grid from --size, or from --box (which then wins over the default size); both
        within the sudoku size limit (`check_params`)."""
        size, box = options.size, options.box
        if box:
            m = re.fullmatch(r"(\d+)x(\d+)", box.strip().lower())
            if not m:
                raise PuzzleError(f"--box must look like 3x3 (rows x columns of a box), got {quote(box)}")
            if max(len(m.group(1)), len(m.group(2))) > 3:  # far beyond the limit, and int() has its own
                raise PuzzleError(f"--box {quote(box)} is too large: sudoku grids are {SIZE.text}")
            params = check_params(SudokuParams(int(m.group(1)), int(m.group(2))))
            if params.n != size and size != 9:
                raise PuzzleError(f"box {params.box_rows}x{params.box_cols} makes {params.n}x{params.n}, "
                                  f"not {size}x{size}")
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
        session = SatSession(PUZZLE, params, "mc")
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

    def alternatives(self, params: SudokuParams, solution: Grid) -> ClueSets:
        """Swap cycles of two digits, rows or columns: each is a second grid, found for
        about the cost of two solver calls, and they save about six (9x9)."""
        return swap_cycles(params, solution)

    def partner(self, params: SudokuParams, key: tuple[int, int]) -> tuple[int, int]:
        n = params.n
        return (n - 1 - key[0], n - 1 - key[1])  # 180-degree rotation, as Tatham's default


GENERATOR = SudokuGenerator()
