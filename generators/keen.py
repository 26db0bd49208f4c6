"""Random Keen puzzles: a random Latin square, random cages, a random operation per cage.

The clue set is the whole cage layout, so nothing is stripped (`strips = False`): the
engine checks the full layout for uniqueness, and when a second solution turns up,
`repair` changes the layout where the two solutions differ, so that the second one breaks
a clue: another operation for a cage, a new border between it and a neighbouring cage
(the usual rival swaps two digits inside one cage, which no operation can see), a split,
and only when nothing else separates them, a given.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ..lab.engine.generator import Generator, GeneratorOptions, cost, option
from ..lab.engine.sat import SessionCache
from ..solvers.keen import (
    SIZE,
    Cage,
    Cell,
    Clue,
    Grid,
    KeenParams,
    check_size,
    clues_met,
    components,
    satisfies,
    shape,
)
from ..solvers.sudoku import SudokuParams
from .sudoku import random_grid

SIZE_WEIGHTS = {1: 1, 2: 10, 3: 7, 4: 3}  # cage sizes: mostly 2 and 3 cells
MAX_CAGE = 4  # 16 * 15 ** 3 = 54,000 ways to fill at most: within the size limit on every size
Layout = dict[Cage, Clue]


def neighbours(cell: Cell, n: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def random_cages(n: int, rng: random.Random) -> list[Cage]:
    """Grow cages from the cells in random order, each to a size drawn from SIZE_WEIGHTS;
    cells left alone that were meant to grow join their smallest neighbouring cage."""
    sizes, weights = zip(*SIZE_WEIGHTS.items())
    owner: dict[Cell, int] = {}
    cages: list[list[Cell]] = []
    stranded: list[Cell] = []
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    for start in cells:
        if start in owner:
            continue
        want = rng.choices(sizes, weights)[0]
        cage = [start]
        owner[start] = len(cages)
        while len(cage) < want:
            frontier = [nb for cell in cage for nb in neighbours(cell, n) if nb not in owner]
            if not frontier:
                break
            nb = rng.choice(frontier)
            owner[nb] = len(cages)
            cage.append(nb)
        if len(cage) < want and len(cage) == 1:
            stranded.append(start)
        cages.append(cage)
    for cell in stranded:
        room = [owner[nb] for nb in neighbours(cell, n) if len(cages[owner[nb]]) < MAX_CAGE]
        if room and len(cages[owner[cell]]) == 1:
            home = min(room, key=lambda i: (len(cages[i]), rng.random()))
            cages[owner[cell]] = []
            owner[cell] = home
            cages[home].append(cell)
    return [tuple(sorted(cage)) for cage in cages if cage]


def valid_ops(cage: Cage, solution: Grid) -> list[Clue]:
    """Every clue the solution meets on this cage ('/' only when the quotient is whole; a
    single cell only its '=')."""
    digits = [solution[r][c] for r, c in cage]
    return [("=", digits[0])] if len(cage) == 1 else clues_met(digits)


def random_op(cage: Cage, solution: Grid, rng: random.Random, other: Grid | None = None) -> Clue:
    """A random clue for the cage; with `other`, one that `other` breaks if there is one."""
    ops = valid_ops(cage, solution)
    if other is not None:
        ops = [clue for clue in ops if not meets(clue, cage, other)] or ops
    return rng.choice(ops)


def meets(clue: Clue, cage: Cage, grid: Grid) -> bool:
    return satisfies(clue[0], clue[1], tuple(grid[r][c] for r, c in cage))


def splits(cage: Cage) -> list[tuple[Cage, Cage]]:
    """Every way to cut a cage into two connected parts."""
    r0, c0 = min(r for r, _ in cage), min(c for _, c in cage)
    return [(tuple((r + r0, c + c0) for r, c in a), tuple((r + r0, c + c0) for r, c in b))
            for a, b in _shape_splits(shape(cage))]


@lru_cache(maxsize=4096)
def _shape_splits(cells: Cage) -> tuple[tuple[Cage, Cage], ...]:
    """`splits` of a cage moved to the top left corner (`shape`): many cages share one."""
    pieces = _connected_masks(cells)
    full = (1 << len(cells)) - 1
    out = []
    for mask in sorted(pieces):  # in the order of masks, as cuts have always been listed
        if mask >> (len(cells) - 1) == 0 and full ^ mask in pieces:  # the last cell stays in part b
            a = tuple(c for i, c in enumerate(cells) if mask >> i & 1)
            b = tuple(c for i, c in enumerate(cells) if not mask >> i & 1)
            out.append((a, b))
    return tuple(out)


def _connected_masks(cells: Cage) -> set[int]:
    """Every connected subset of the cells, as a bit mask (bit i: cells[i]), grown cell by
    cell from single cells: far fewer than all subsets, so no subset needs a search."""
    index = {cell: i for i, cell in enumerate(cells)}
    nbs = [sum(1 << index[nb] for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if nb in index)
           for r, c in cells]
    level = {1 << i: nb for i, nb in enumerate(nbs)}  # mask: the cells next to it
    found = set(level)
    while level:
        grown: dict[int, int] = {}
        for mask, rim in level.items():
            for i, nb in enumerate(nbs):
                if rim >> i & 1 and mask | 1 << i not in grown:
                    grown[mask | 1 << i] = (rim | nb) & ~(mask | 1 << i)
        found.update(grown)
        level = grown
    return found


@dataclass(frozen=True)
class KeenOptions(GeneratorOptions):
    size: int = option(6, "grid size n (Tatham's web player takes 3..9)", SIZE.least_width, SIZE.most_width)


class KeenGenerator(Generator[KeenOptions]):
    puzzle = "keen"
    options_type = KeenOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list keen`
        cost(0.001, 0.004, size=4), cost(0.004, 0.008, size=6), cost(0.039, 0.04, size=9),
        cost(0.291, 0.305, size=12), cost(2.3, 2.6, size=16))
    strips = False

    def params_for(self, options: KeenOptions) -> KeenParams:
        check_size(options.size)  # cages are drawn at most MAX_CAGE cells, within the limit on every size
        return KeenParams(options.size)

    def draw(self, params: KeenParams, rng: random.Random, sessions: SessionCache):
        """A random Latin square: sudoku's randomized backtracking with 1 x n boxes (= rows)."""
        while True:
            grid = random_grid(SudokuParams(1, params.n), rng)
            if grid is not None:
                return params, grid

    def candidate_clues(self, params: KeenParams, solution: Grid) -> Layout:
        """A random cage layout and operations. The engine passes no random generator
        here, so one is seeded from the (random) solution: reproducible from the random seed."""
        rng = random.Random(repr(solution))
        return {cage: random_op(cage, solution, rng) for cage in random_cages(params.n, rng)}

    def repair(self, params: KeenParams, clues: Layout, solution: Grid, other: Grid,
               rng: random.Random) -> tuple[KeenParams, Layout, Grid]:
        """Rule `other` out by changing the cage of a cell where it differs from `solution`:
        another operation, or a new border with a neighbouring cage (the usual rival swaps
        two digits inside one cage, which no operation can see), or a cut in two; a given
        only when none of these separates the two."""
        n = params.n
        owner = {cell: cage for cage in clues for cell in cage}
        differ = [(r, c) for r in range(n) for c in range(n) if solution[r][c] != other[r][c]]
        cage = owner[rng.choice(differ)]
        nbs = sorted({owner[nb] for cell in cage for nb in neighbours(cell, n)} - {cage})
        fixes = [lambda: self._reop(clues, cage, solution, other, rng),
                 lambda: self._recut(clues, [[cage, nb] for nb in nbs], solution, other, rng)]
        rng.shuffle(fixes)
        fixes.append(lambda: self._recut(clues, [[cage]], solution, other, rng))
        for fix in fixes:
            layout = fix()
            if layout is not None:
                return params, layout, solution
        return params, self._give(clues, cage, solution, other, rng), solution

    @staticmethod
    def _reop(clues: Layout, cage: Cage, solution: Grid, other: Grid, rng: random.Random) -> Layout | None:
        """Another operation for the cage, one that `other` breaks."""
        ops = [clue for clue in valid_ops(cage, solution) if not meets(clue, cage, other)]
        if not ops:
            return None
        return {**clues, cage: rng.choice(ops)}

    @staticmethod
    def _recut(clues: Layout, groups: list[list[Cage]], solution: Grid, other: Grid,
               rng: random.Random) -> Layout | None:
        """Cut the cells of one group of cages anew into two connected cages of 2..MAX_CAGE
        cells, one of which has a clue that `other` breaks."""
        options = []
        for group in groups:
            union = tuple(sorted(cell for cage in group for cell in cage))
            for a, b in splits(union):
                if min(len(a), len(b)) < 2 or max(len(a), len(b)) > MAX_CAGE or {a, b} == set(group):
                    continue
                if any(not meets(x, part, other) for part in (a, b) for x in valid_ops(part, solution)):
                    options.append((group, a, b))
        if not options:
            return None
        group, a, b = rng.choice(options)
        layout = {k: v for k, v in clues.items() if k not in group}
        layout[a] = random_op(a, solution, rng, other)
        layout[b] = random_op(b, solution, rng, other)
        return layout

    @staticmethod
    def _give(clues: Layout, cage: Cage, solution: Grid, other: Grid, rng: random.Random) -> Layout:
        """Last resort: a cell where the solutions differ becomes a given."""
        cell = rng.choice([(r, c) for r, c in cage if solution[r][c] != other[r][c]])
        layout = {k: v for k, v in clues.items() if k != cage}
        layout[(cell,)] = ("=", solution[cell[0]][cell[1]])
        rest = tuple(c for c in cage if c != cell)
        # The rest of the cage may fall apart into pieces; each gets its own clue.
        for piece in components(rest):
            layout[piece] = random_op(piece, solution, rng)
        return layout


GENERATOR = KeenGenerator()
