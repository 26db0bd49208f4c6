"""Random Shakashaka boards: black cells and a filling of triangles drawn together, made unique
with every black cell numbered; numbers stripped while the board stays unique.

1. Black cells and triangles at once, from SAT: each cell is black, empty or one of the four
   triangles, under the rules of every grid point (`structure_template`: a black cell meets a
   point as a triangle with its right angle there does). About `density` of the cells, drawn
   at random, are asked to be black and the rest white; where they cannot all be (a random
   layout at 40x40 all but never has a filling), one asked cell of the solver's core is let
   go and the rest asked again. In each cell the solver first tries a value drawn at random.
2. Every black cell numbered, the same session asks for a second filling of those black cells
   and numbers. While there is one, a side of one of the drawn filling's upright white
   rectangles turns black (a row or a column of it, or all of a rectangle one cell thick): the
   rest of that rectangle is still one, so the drawn filling stays valid, and the side is
   chosen where the rival is not (it puts a triangle there, or the new black cells' numbers
   tell it apart, or its areas break). Each rival costs a call on the one session, where the
   engine's `repair` would build a session for each new layout of black cells (20x20: 6 CPU s
   a record that way, 0.4 s this way). A rival no side rules out sends the draw back to step 1.
3. The engine checks the full set unique (one call) and strips numbers while it stays so.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from ..lab.engine.generator import (
    Generator,
    GeneratorOptions,
    board_height,
    board_shape,
    board_size,
    board_width,
    cost,
    option,
)
from ..lab.engine.puzzle import BoardLimit, Clause, Instance, PuzzleError, variable_block
from ..lab.engine.sat import SatSession, SessionCache
from ..solvers.shakashaka import (
    EMPTY,
    PUZZLE,
    SIZE,
    TRIANGLES,
    VALUES,
    Cell,
    Grid,
    ShakashakaParams,
    black_as,
    point_clauses,
    point_rules,
    white_areas,
)

# A triangle needs a white side across a row and one across a column: no 1xN board has one.
GENERATED = BoardLimit(SIZE.most_width, SIZE.most_height, 2, 2)
MAX_DENSITY = 0.6  # black cells; beyond, hardly a triangle is left
BLACK = len(VALUES)  # the structure's sixth value of a cell
STRIDE = BLACK + 1
DRAWS = 20  # draws of step 1 before giving up


@dataclass(frozen=True)
class ShakashakaSpec:
    """What to draw: the board's size and the share of black cells."""

    width: int
    height: int
    density: float

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.height) for c in range(self.width)]


def numbers(params: ShakashakaParams, solution: Grid) -> dict[Cell, int]:
    """Every black cell's count of triangles beside it, in reading order."""
    return {cell: sum(1 for r, c in params.neighbours(*cell) if solution[r][c] != EMPTY)
            for cell in sorted(params.blacks)}


def upright_sides(params: ShakashakaParams, solution: Grid) -> list[frozenset[Cell]]:
    """The four sides (top and bottom row, left and right column) of each upright white
    rectangle of the filling: cells that can turn black and leave it valid."""
    sides = set()
    for area in white_areas(params, solution):
        if any(solution[r][c] != EMPTY for r, c in area):
            continue  # turned 45 degrees: no side of it is a row of cells
        rows = [r for r, _ in area]
        cols = [c for _, c in area]
        top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
        for r in (top, bottom):
            sides.add(frozenset((r, c) for c in range(left, right + 1)))
        for c in (left, right):
            sides.add(frozenset((r, c) for r in range(top, bottom + 1)))
    return sorted(sides, key=lambda side: (len(side), sorted(side)))


def side_against(params: ShakashakaParams, solution: Grid, other: Grid,
                 rng: random.Random) -> frozenset[Cell] | None:
    """A side of an upright white rectangle of `solution` whose turning black rules `other`
    out, one of the smallest at random: first those where `other` has a triangle, then those
    whose numbers it would not meet, then those beside a cell where the two differ that break
    its areas (None: no side does)."""
    sides = upright_sides(params, solution)

    def count(grid: Grid, cell: Cell) -> int:
        return sum(1 for r, c in params.neighbours(*cell) if grid[r][c] != EMPTY)

    differ = {(r, c) for r, row in enumerate(solution) for c, v in enumerate(row) if other[r][c] != v}
    near = {(r + dr, c + dc) for r, c in differ for dr in (-1, 0, 1) for dc in (-1, 0, 1)}

    def breaks(side: frozenset[Cell]) -> bool:
        if not side & near:
            return False  # seldom rules it out away from where they differ, and each try builds a board
        new = ShakashakaParams(params.width, params.height, params.blacks | side)
        return bool(PUZZLE.verify(Instance(PUZZLE.name, new, numbers(new, solution)), other))
    tests: tuple[Callable[[frozenset[Cell]], bool], ...] = (
        lambda side: any(other[r][c] != EMPTY for r, c in side),
        lambda side: any(count(other, cell) != count(solution, cell) for cell in side), breaks)
    for rules_out in tests:
        for size in sorted({len(side) for side in sides}):
            fits = [side for side in sides if len(side) == size and rules_out(side)]
            if fits:
                return rng.choice(fits)
    return None


@cache
def structure_template(offboard: tuple[bool, ...]) -> tuple[tuple[tuple[int, int, bool], ...], ...]:
    """A point's clauses over its cells on the board when each may also be black, as (place
    among them, value 0..5, holds?): its clauses with those cells white (`point_clauses`),
    where black joins each positive literal of the triangle it meets the point as, and a
    "not that triangle" becomes "one of the other four white values"."""
    on = [place for place, out in enumerate(offboard) if not out]
    out = []
    for lits in point_clauses(offboard):
        clause: list[tuple[int, int, bool]] = []
        for at, v, holds in lits:
            same = v == black_as(on[at])
            if holds:
                clause += [(at, v, True)] + ([(at, BLACK, True)] if same else [])
            elif same:
                clause += [(at, u, True) for u in VALUES if u != v]
            else:
                clause.append((at, v, False))
        out.append(tuple(clause))
    return tuple(out)


class Drawing:
    """One board's structure session: six values a cell (`value`), a "holds a triangle" flag a
    cell (`placed`), every point's clauses and some triangle somewhere; a number is a guarded
    count (`count`), its clauses added the first time that cell is asked for that number."""

    def __init__(self, spec: ShakashakaSpec):
        self.spec = spec
        self.session = SatSession.blank()
        cells = spec.width * spec.height
        self.first = variable_block(self.session.pool, STRIDE * cells)
        self.flags = variable_block(self.session.pool, cells)
        self.counts: dict[tuple[Cell, int], int] = {}  # a number's guard
        self.session.add_clauses(self.clauses())
        self.black = {cell: self.value(cell, BLACK) for cell in spec.cells()}  # "is black", by cell

    def close(self) -> None:
        self.session.close()

    def value(self, cell: Cell, v: int) -> int:
        return self.first + STRIDE * (cell[0] * self.spec.width + cell[1]) + v

    def placed(self, cell: Cell) -> int:
        return self.flags + cell[0] * self.spec.width + cell[1]

    def clauses(self) -> list[Clause]:
        spec = self.spec
        board = ShakashakaParams(spec.width, spec.height, frozenset())
        clauses: list[Clause] = []
        for cell in spec.cells():
            values = [self.value(cell, v) for v in range(STRIDE)]
            clauses.append(values)
            clauses += [[-a, -b] for a, b in combinations(values, 2)]
            flag, empty, black = self.placed(cell), values[EMPTY], values[BLACK]
            clauses += [[-flag, -empty], [-flag, -black], [flag, empty, black]]
        clauses += point_rules(board, self.first, STRIDE, structure_template)
        clauses.append([self.placed(cell) for cell in spec.cells()])
        return clauses

    def count(self, cell: Cell, n: int) -> int:
        """The guard of "exactly `n` triangles beside `cell`" (plain clauses, four flags at most)."""
        if (cell, n) not in self.counts:
            guard = self.session.pool.id(("count", cell, n))
            flags = [self.placed((cell[0] + dr, cell[1] + dc)) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                     if 0 <= cell[0] + dr < self.spec.height and 0 <= cell[1] + dc < self.spec.width]
            clauses = [[-guard] + [-f for f in group] for group in combinations(flags, n + 1)]
            clauses += [[-guard] + list(group) for group in combinations(flags, len(flags) - n + 1)]
            self.session.add_clauses(clauses if n <= len(flags) else [[-guard]])
            self.counts[(cell, n)] = guard
        return self.counts[(cell, n)]

    def structure(self, rng: random.Random) -> tuple[ShakashakaParams, Grid]:
        """Step 1 of the module: black cells and a filling for them."""
        spec = self.spec
        wanted = set(rng.sample(spec.cells(), round(spec.density * len(spec.cells()))))
        asked = [var if cell in wanted else -var for cell, var in self.black.items()]
        phases = []
        for cell in spec.cells():
            liked = rng.choice(VALUES)
            phases += [self.value(cell, v) if v == liked else -self.value(cell, v) for v in range(STRIDE)]
        self.session.solver.set_phases(phases)
        while True:
            found = self.session.find(asked)
            if found.sat:
                return self.read(found.true_vars)
            core = sorted(set(self.session.solver.get_core() or ()) & set(asked))
            if not core:
                raise PuzzleError(f"a {spec.width}x{spec.height} board has no room for a triangle")
            asked.remove(rng.choice(core))

    def read(self, true: frozenset[int]) -> tuple[ShakashakaParams, Grid]:
        spec = self.spec
        blacks = frozenset(cell for cell in spec.cells() if self.value(cell, BLACK) in true)
        solution = tuple(tuple(next((v for v in TRIANGLES if self.value((r, c), v) in true), EMPTY)
                               for c in range(spec.width)) for r in range(spec.height))
        return ShakashakaParams(spec.width, spec.height, blacks), solution

    def rival(self, params: ShakashakaParams, solution: Grid) -> Grid | None:
        """Another filling of these black cells with every number, or None."""
        asked = [var if cell in params.blacks else -var for cell, var in self.black.items()]
        asked += [self.count(cell, n) for cell, n in numbers(params, solution).items()]
        block = self.session.guard([[-self.value((r, c), solution[r][c]) for r, c in params.whites()]])
        found = self.session.find(asked + [block])
        self.session.retire(block)
        return self.read(found.true_vars)[1] if found.sat else None

    def unique(self, params: ShakashakaParams, solution: Grid,
               rng: random.Random) -> ShakashakaParams | None:
        """Step 2 of the module: black cells added until every number pins the filling down
        (None: a rival no side rules out)."""
        while (other := self.rival(params, solution)) is not None:
            side = side_against(params, solution, other, rng)
            if side is None:
                return None
            params = ShakashakaParams(params.width, params.height, params.blacks | side)
        return params


def draw_board(spec: ShakashakaSpec, rng: random.Random) -> tuple[ShakashakaParams, Grid]:
    """Black cells and a filling that every number pins down (the module's steps 1 and 2)."""
    drawing = Drawing(spec)
    try:
        for _ in range(DRAWS):
            params, solution = drawing.structure(rng)
            pinned = drawing.unique(params, solution, rng)
            if pinned is not None:
                return pinned, solution
    finally:
        drawing.close()
    raise PuzzleError(f"no {spec.width}x{spec.height} board made unique in {DRAWS} draws")


@dataclass(frozen=True)
class ShakashakaOptions(GeneratorOptions):
    size: int = board_size(10, GENERATED)
    width: int | None = board_width(GENERATED)
    height: int | None = board_height(GENERATED)
    density: float = option(0.2, "share of cells that are black", 0.0, MAX_DENSITY)


class ShakashakaGenerator(Generator[ShakashakaOptions]):
    puzzle = "shakashaka"
    options_type = ShakashakaOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list shakashaka`
        cost(0.081, 0.093, size=10), cost(0.357, 0.375, size=20), cost(1.72, 1.73, size=30), cost(4.12, 5.94, size=40))

    def params_for(self, options: ShakashakaOptions) -> ShakashakaSpec:
        width, height = board_shape(options.size, options.width, options.height)
        GENERATED.check(self.puzzle, width, height)
        if not 0.0 <= options.density <= MAX_DENSITY:  # NaN fails both comparisons
            raise PuzzleError(f"--density must be 0..{MAX_DENSITY}, got {options.density}")
        return ShakashakaSpec(width, height, options.density)

    def draw(self, spec: ShakashakaSpec, rng: random.Random,
             sessions: SessionCache) -> tuple[ShakashakaParams, Grid]:
        return draw_board(spec, rng)

    def candidate_clues(self, params: ShakashakaParams, solution: Grid) -> dict:
        return numbers(params, solution)


GENERATOR = ShakashakaGenerator()
