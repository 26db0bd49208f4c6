"""What the Solo variants' generators share: a random filled grid for any units (boxes,
jigsaw regions, diagonals), random jigsaw regions, and random killer cages around a grid.

A filled grid is drawn by randomized backtracking in reading order (as sudoku's
`random_grid`, over every unit a cell is in); where that wanders (a jigsaw layout with few
fillings, or none) one solve on a fresh solver with random preferred values draws it, and
also says when there is none. Either way the grid depends only on the random generator.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..lab.engine.puzzle import CluePuzzle, PuzzleError
from ..lab.engine.sat import SatSession
from ..solvers.solo_common import Cage, Cell, Grid, SoloParams, boxes, default_box

SWAPS = 30  # cell swaps per cell of a board when jigsaw regions are drawn


def random_filling(params: SoloParams, rng: random.Random, node_limit: int = 5_000) -> Grid | None:
    """Cells in reading order, each a random digit its units still allow, backing up at a
    dead end; None past `node_limit` steps."""
    n = params.n
    full = (1 << n) - 1
    units_of = _units_of(params)
    used = [0] * len(params.units)
    grid = [0] * (n * n)
    left = [-1] * (n * n)
    i = steps = 0
    while i < n * n:
        steps += 1
        if steps > node_limit:
            return None
        mine = units_of[i]
        free = left[i]
        if free < 0:
            taken = 0
            for u in mine:
                taken |= used[u]
            free = full & ~taken
        elif grid[i]:
            bit = 1 << (grid[i] - 1)
            for u in mine:
                used[u] ^= bit
            grid[i] = 0
        if free:
            options = [d for d in range(n) if free >> d & 1]
            d = options[int(rng.random() * len(options))]
            bit = 1 << d
            left[i] = free ^ bit
            for u in mine:
                used[u] |= bit
            grid[i] = d + 1
            i += 1
        else:
            left[i] = -1
            i -= 1
            if i < 0:
                return None
    return tuple(tuple(grid[r * n:(r + 1) * n]) for r in range(n))


@lru_cache(maxsize=16)
def _units_of(params: SoloParams) -> list[list[int]]:
    """For each cell in reading order, the units (places in `params.units`) it is in."""
    out: list[list[int]] = [[] for _ in range(params.n * params.n)]
    for u, (_, cells) in enumerate(params.units):
        for r, c in cells:
            out[r * params.n + c].append(u)
    return out


def filled_grid(ptype: CluePuzzle, params: SoloParams, rng: random.Random) -> Grid | None:
    """A random filled grid of the board (cages ignored), or None when it has none: one
    backtracking run, then one solve on a fresh solver whose every choice follows a random
    preferred value (as sudoku's large grids), so the grid depends only on `rng`."""
    bare = SoloParams(params.n, params.regions, params.box, params.diagonals)
    grid = random_filling(bare, rng)
    if grid is not None:
        return grid
    session = SatSession(ptype, bare, "mc")
    try:
        n = params.n
        session.solver.set_phases([v if rng.random() < 1 / n else -v for v in session.rules.primary])
        found = session.find([])
        return found.solution if found.sat else None
    finally:
        session.close()


def random_regions(n: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """n connected regions of n cells: the boxes (the rows where n has no box shape), reshaped
    by random swaps (`SWAPS` tries a cell): a cell of region b beside region a goes to a, and a
    cell of a beside b (another than the one it met) to b, kept when both stay connected."""
    regions = [list(row) for row in _start(n)]
    cells: list[set[Cell]] = [set() for _ in range(n)]
    for r in range(n):
        for c in range(n):
            cells[regions[r][c]].add((r, c))
    edges = [((r, c), (r + dr, c + dc)) for r in range(n) for c in range(n)
             for dr, dc in ((0, 1), (1, 0)) if r + dr < n and c + dc < n]
    for _ in range(SWAPS * n * n):
        p, q = rng.choice(edges)
        if rng.random() < 0.5:
            p, q = q, p
        a, b = regions[p[0]][p[1]], regions[q[0]][q[1]]
        if a == b:
            continue
        gives = sorted(s for s in cells[a] if s != p and any(regions[rr][cc] == b and (rr, cc) != q
                                                               for rr, cc in _around(*s, n)))
        if not gives:
            continue
        s = rng.choice(gives)
        into_a, into_b = (cells[a] - {s}) | {q}, (cells[b] - {q}) | {s}
        if _connected(into_a) and _connected(into_b):
            cells[a], cells[b] = into_a, into_b
            regions[q[0]][q[1]], regions[s[0]][s[1]] = a, b
    return tuple(tuple(row) for row in regions)


def _start(n: int) -> tuple[tuple[int, ...], ...]:
    """The layout the swaps start from: sudoku's boxes, or the rows where n has no box shape (a prime)."""
    try:
        return boxes(*default_box(n))
    except PuzzleError:
        return tuple(tuple([r] * n) for r in range(n))


def _connected(cells: set[Cell]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def _around(r: int, c: int, n: int) -> list[Cell]:
    return [(rr, cc) for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]


def random_cages(solution: Grid, rng: random.Random, least: int, most: int) -> list[Cage] | None:
    """Cages of `least` to `most` cells over the whole grid, each connected and without a
    repeated digit of `solution`: grown from the cells in random order to a random size; a
    cell left short joins a neighbouring cage with room and without its digit. None when
    one cannot."""
    n = len(solution)
    owner: dict[Cell, int] = {}
    cages: list[list[Cell]] = []
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    for start in cells:
        if start in owner:
            continue
        want = rng.randint(least, most)
        cage = [start]
        owner[start] = len(cages)
        while len(cage) < want:
            held = {solution[r][c] for r, c in cage}
            frontier = [nb for r, c in cage for nb in _around(r, c, n)
                        if nb not in owner and solution[nb[0]][nb[1]] not in held]
            if not frontier:
                break
            nb = rng.choice(frontier)
            owner[nb] = len(cages)
            cage.append(nb)
        cages.append(cage)
    for i, cage in enumerate(cages):
        if 0 < len(cage) < least:
            if not _join(cages, owner, i, solution, most, rng):
                return None
    return [tuple(sorted(cage)) for cage in cages if cage]


def _join(cages: list[list[Cell]], owner: dict[Cell, int], i: int, solution: Grid, most: int,
          rng: random.Random) -> bool:
    """Cage i (too small) joins a neighbouring cage that has room and none of its digits."""
    n = len(solution)
    mine = {solution[r][c] for r, c in cages[i]}
    homes = sorted({owner[nb] for r, c in cages[i] for nb in _around(r, c, n)} - {i})
    homes = [j for j in homes if len(cages[j]) + len(cages[i]) <= most
             and not mine & {solution[r][c] for r, c in cages[j]}]
    if not homes:
        return False
    j = min(homes, key=lambda k: (len(cages[k]), rng.random()))
    for cell in cages[i]:
        owner[cell] = j
    cages[j] += cages[i]
    cages[i] = []
    return True
