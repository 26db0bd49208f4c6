"""Random LITS boards: the shading first, then regions drawn around it until unique.

1. Shading: tetrominoes (L, I, T, S in every rotation and reflection) laid one at a time in
   random order, each beside the shading so far, on free cells, making no 2x2 block and
   touching no tetromino of its own shape, until none fits. The shading is connected and
   every tetromino may become a region's.
2. Regions: every tetromino is a region's start; the unshaded cells join them one at a
   time, each cell beside a region going where it gives the fewest alternatives (`Rigid`:
   another tetromino the region could hold, the rest of the shading kept), the cells that
   give none first. Each region is connected and holds exactly its tetromino: the shading
   is a solution of the regions.
3. The engine asks for a second solution; `repair` counts up to 30 rivals and hands a
   cell some of them shade (ours not) to a neighbouring region, with the unshaded cells on
   its shortest way out, its own region staying connected: each rival shading it then has
   three or five shaded cells in a region, while ours keeps every region's tetromino and
   every border between two shaded cells. Handing one rival cell at a time, the first
   way out that fits, went round in circles (a cell handed back and forth, thousands of
   solutions left after 300 repairs of a 10x10 board); weighing the moves by the
   alternatives they add and the rivals they break, and never going back to regions a
   draw has been through, a 10x10 board takes about 25 repairs.

There is no clue to strip: the regions are the puzzle (`strips = False`, no givens).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..lab.engine.generator import (
    Generated,
    GenerateOptions,
    Generator,
    GeneratorOptions,
    board_size,
    cost,
    generate_one,
)
from ..lab.engine.puzzle import BoardLimit
from ..lab.engine.sat import SatSession, SessionCache
from ..lab.toolkit.connectivity import neighbours
from ..lab.toolkit.regions import cut_off, renumbered, ways_out
from ..solvers.lits import FORMS, PUZZLE, Cell, Grid, LitsParams, shape_of

# 14x14: 12-24 s a record (three, seed 0, CPU 46 s in all); 20x20 gave none in 60 s
GENERATED = BoardLimit(14, 14, 4, 4)
# Repairs of one draw (and draws) before giving up: a 10x10 draw takes about 25, and one
# that needs over a hundred is mostly hopping from rival to rival (seen: 246, 412, 1029,
# 1087 of ten), where a fresh draw is cheaper.
REPAIRS_PER_DRAW = 60
RIVALS_COUNTED = 30  # solutions a repair counts, at most


@dataclass(frozen=True)
class LitsSpec:
    """What to draw: an n x n board."""

    size: int


@dataclass(frozen=True)
class LitsOptions(GeneratorOptions):
    size: int = board_size(10, GENERATED, "board side (n rows, n columns)")


def lay_tetrominoes(size: int, rng: random.Random) -> list[tuple[str, tuple[Cell, ...]]]:
    """Tetrominoes laid at random as step 1 says, as (shape, cells)."""
    placements = [(name, tuple((r + fr, c + fc) for fr, fc in form)) for form, name in FORMS.items()
                  for r in range(size) for c in range(size)
                  if all(r + fr < size and c + fc < size for fr, fc in form)]
    rng.shuffle(placements)
    owner: dict[Cell, str] = {}  # shaded cell -> its tetromino's shape
    laid = [placements[0]]
    owner.update(dict.fromkeys(placements[0][1], placements[0][0]))
    grew = True
    while grew:
        grew = False
        for name, cells in placements:
            if any(cell in owner for cell in cells):
                continue
            beside = [owner.get(nb) for cell in cells for nb in neighbours(size, size, *cell)]
            if not any(beside) or name in beside:
                continue
            new = set(cells)
            if any(all((rr, cc) in owner or (rr, cc) in new for rr, cc in ((r, c), (r, c + 1), (r + 1, c),
                                                                             (r + 1, c + 1)))
                   for r0, c0 in cells for r in (r0 - 1, r0) for c in (c0 - 1, c0)):
                continue
            laid.append((name, cells))
            owner.update(dict.fromkeys(cells, name))
            grew = True
    return laid


class Rigid:
    """Which tetrominoes a region could hold instead of its own, the rest of the shading
    kept: a placement inside the region, on no other shaded cell, making no 2x2 block,
    touching no tetromino of its shape in another region, keeping the shading connected.
    A board is unique only where no region has one; the regions are grown to have none
    where they can."""

    def __init__(self, size: int, laid: list[tuple[str, tuple[Cell, ...]]]):
        self.size = size
        self.laid = laid
        self.tetromino = {cell: i for i, (_, cells) in enumerate(laid) for cell in cells}

    def alternatives(self, region: set[Cell], i: int, cell: Cell) -> int:
        """Placements of region `i` (its cells `region`) over `cell` that could replace
        tetromino i."""
        own = self.laid[i][1]
        found = 0
        for form, name in FORMS.items():
            for fr, fc in form:
                dr, dc = cell[0] - fr, cell[1] - fc
                placed = [(r + dr, c + dc) for r, c in form]
                if not all(p in region for p in placed) or set(placed) == set(own):
                    continue
                if self.fits(i, name, placed):
                    found += 1
        return found

    def fits(self, i: int, name: str, placed: list[Cell]) -> bool:
        n = self.size
        own = set(self.laid[i][1])
        new = set(placed)
        shaded = (set(self.tetromino) - own) | new
        for r, c in placed:
            if any(self.tetromino.get(p, i) != i and self.laid[self.tetromino[p]][0] == name
                   for p in neighbours(n, n, r, c)):
                return False
            for r0 in (r - 1, r):
                for c0 in (c - 1, c):
                    if all(p in shaded for p in ((r0, c0), (r0, c0 + 1), (r0 + 1, c0), (r0 + 1, c0 + 1))):
                        return False
        start = placed[0]
        seen, todo = {start}, [start]
        while todo:
            cell = todo.pop()
            for p in neighbours(n, n, *cell):
                if p in shaded and p not in seen:
                    seen.add(p)
                    todo.append(p)
        return len(seen) == len(shaded)


def grow_regions(size: int, laid: list[tuple[str, tuple[Cell, ...]]], rng: random.Random) -> list[list[int]]:
    """A region number per cell: region i is tetromino i and the unshaded cells it took, one
    at a time, each cell beside the regions going to the neighbouring region it gives the
    fewest `Rigid` alternatives (ties at random)."""
    rigid = Rigid(size, laid)
    region = [[-1] * size for _ in range(size)]
    cells_of: list[set[Cell]] = [set(cells) for _, cells in laid]
    for cell, i in rigid.tetromino.items():
        region[cell[0]][cell[1]] = i
    while True:
        edge = sorted({nb for i, cells in enumerate(cells_of) for cell in cells
                       for nb in neighbours(size, size, *cell) if region[nb[0]][nb[1]] < 0})
        if not edge:
            return region
        rng.shuffle(edge)
        best_score, cell, best = -1, edge[0], -1
        for option in edge:
            near = sorted({region[r][c] for r, c in neighbours(size, size, *option) if region[r][c] >= 0})
            rng.shuffle(near)
            scored = min((rigid.alternatives(cells_of[i] | {option}, i, option), i) for i in near)
            if best_score < 0 or scored[0] < best_score:
                best_score, cell, best = scored[0], option, scored[1]
            if best_score == 0:
                break
        region[cell[0]][cell[1]] = best
        cells_of[best].add(cell)


class RegionDrawer(Generator[LitsOptions]):
    """Draws, repairs; the engine's loop (`LitsGenerator` lets it repair longer)."""

    puzzle = "lits"
    options_type = LitsOptions
    costs = (  # what a record costs, measured: lab.engine.generator.COSTS_MEASURED, `puzzlelab list lits`
        cost(0.12, 4.4, size=6), cost(0.3, 1.2, size=10), cost(13.6, 23.7, size=14))
    strips = False  # the regions are the puzzle: no clue is drawn

    def __init__(self) -> None:
        # The regions this draw's repairs have been through, not to be gone back to: a
        # repair's best move often undoes the one before (a cell handed back and forth).
        self.visited: tuple[Grid | None, set[tuple[tuple[int, ...], ...]]] = (None, set())

    def params_for(self, options: LitsOptions) -> LitsSpec:
        GENERATED.check(self.puzzle, options.size, options.size)
        return LitsSpec(options.size)

    def draw(self, params: LitsSpec, rng: random.Random, sessions: SessionCache) -> tuple[LitsParams, Grid]:
        n = params.size
        laid = lay_tetrominoes(n, rng)
        shaded = {cell for _, cells in laid for cell in cells}
        solution = tuple(tuple((r, c) in shaded for c in range(n)) for r in range(n))
        return LitsParams(n, n, renumbered(grow_regions(n, laid, rng))), solution

    def candidate_clues(self, params: LitsParams, solution: Grid) -> dict:
        return {}

    def repair(self, params: LitsParams, clues: dict, solution: Grid, other: Grid,
               rng: random.Random) -> tuple[LitsParams, dict, Grid] | None:
        """Rule rivals out: count up to RIVALS_COUNTED solutions (`other` when none is
        counted besides ours), and hand a cell some of them shade and `solution` does not
        to a neighbouring region, with the unshaded cells of its own region on the shortest
        way there when it lies inside, its region staying connected: every rival shading
        a moved cell breaks. Of those moves, the one that gives the receiving region the
        fewest `Rigid` alternatives, then rules out the most rivals, not back to regions
        this draw has been through. With none left, carry on from a rival's shading."""
        with SatSession(PUZZLE, params) as session:
            rivals = [s for s in session.count({}, RIVALS_COUNTED).solutions if s != solution] or [other]
        laid = tetrominoes(params, solution)
        rigid = Rigid(params.width, laid)
        if self.visited[0] != solution:  # a new draw
            self.visited = (solution, {params.regions})
        seen = self.visited[1]
        best: tuple[tuple[int, int, float], LitsParams] | None = None
        for start in params.cells():
            if solution[start[0]][start[1]]:
                continue
            killed = sum(rival[start[0]][start[1]] for rival in rivals)
            if not killed:
                continue
            for path, new in ways_out(params.regions, solution, start, rng):
                moved = [list(row) for row in params.regions]
                for r, c in path:
                    moved[r][c] = new
                if cut_off(moved) is not None:
                    continue
                changed = LitsParams(params.width, params.height, renumbered(moved))
                if changed.regions in seen:
                    continue
                cells = {cell for cell in params.cells() if params.regions[cell[0]][cell[1]] == new}
                added = 0
                for cell in path:
                    cells.add(cell)
                    added += rigid.alternatives(cells, new, cell)
                score = (added, -killed, rng.random())
                if best is None or score < best[0]:
                    best = score, changed
        if best is None:  # every move is tried or cuts a region: carry on from a rival's shading
            return params, clues, rng.choice(rivals)
        seen.add(best[1].regions)
        return best[1], clues, solution


def tetrominoes(params: LitsParams, solution: Grid) -> list[tuple[str, tuple[Cell, ...]]]:
    """Each region's shaded cells as (shape, cells), by region number."""
    out = []
    for cells in params.region_cells():
        shaded = tuple(cell for cell in cells if solution[cell[0]][cell[1]])
        out.append((shape_of(shaded) or "", shaded))
    return out


class LitsGenerator(RegionDrawer):
    """`RegionDrawer` in the engine's loop, allowed fewer repairs a draw."""

    def generate(self, params: LitsSpec, rng: random.Random, sessions: SessionCache,
                 opts: GenerateOptions) -> Generated | None:
        """The engine's loop with REPAIRS_PER_DRAW repairs of one draw (and as many draws),
        unless the caller asks for fewer."""
        if opts.max_attempts <= REPAIRS_PER_DRAW:
            return None
        return generate_one(PUZZLE, RegionDrawer(), params, rng, sessions,
                            replace(opts, max_attempts=REPAIRS_PER_DRAW))


GENERATOR = LitsGenerator()
