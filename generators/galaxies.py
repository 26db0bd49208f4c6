"""Random Galaxies boards, after Tatham's galaxies.c: the board is divided into symmetric
regions at random, their dots are the clues, and the division is made unique.

The division (`random_division`): the cells are visited in random order, in `ROUNDS`
rounds over those left; a cell not yet taken joins a neighbouring region when the cell its
half turn about that region's dot takes it to is free as well (the region grows by the
pair, so it stays symmetric and connected), and else starts a region of its own (before the
last round only with chance `NEW_DOT`, so that regions grow before dots fill the board), a
dot at its centre, on one of its edges or at one of its corners (where the cells that dot
touches are free). Regions grow to at most `most` cells, twice the square root of the
board's area by default, as his `maxsz`. Of `TRIES` divisions the one with the most inward
corners is kept, as his generator keeps the most 'wiggly' of ten. His 7x7 boards hold 9 to
15 dots, ours 10 to 20; repairs split regions up (a division of large regions is rarely
ambiguous: 6 of 120 drawn at 5x5 to 9x9).

Every dot is needed (a region without one breaks the rules), so nothing is stripped: a
division whose dots allow another is repaired instead, in `draw`. The rival's regions that
differ from the drawn ones mark the ambiguous part of the board; the drawn regions there
are divided afresh (the same draw, within them), the rest kept. After `MAX_REPAIRS` the
whole board is drawn again. `deduces_all` then tells the engine the board is the one just
checked unique (its own check would load the rules of every spot).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

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
from ..lab.engine.puzzle import Instance, PuzzleError
from ..lab.engine.sat import SatSession, SessionCache
from ..solvers.galaxies import (
    GENERATED,
    NO_DOT,
    PUZZLE,
    WHITE,
    Cell,
    GalaxiesParams,
    Grid,
    Spot,
    canonical_labels,
    centre_of,
    mirror,
    regions,
    touching,
)

TRIES = 3  # divisions drawn, the most wiggly kept (his generator draws ten)
MAX_REPAIRS = 100  # repairs of one division before it is drawn afresh
MAX_DRAWS = 20
ROUNDS = 4  # rounds over the cells left in a division
NEW_DOT = 0.25  # the chance a cell that joins no region starts one, before the last round


@dataclass(frozen=True)
class GalaxiesOptions(GeneratorOptions):
    size: int = board_size(7, GENERATED, "board side (width and height unless given; Tatham's presets 7, 10, 15)")
    width: int | None = board_width(GENERATED)
    height: int | None = board_height(GENERATED)
    most: int | None = option(None, "the largest region's cells (default: twice the square root of the board's "
                                    "area, as Tatham's)", 1, GENERATED.most_width * GENERATED.most_height)


@dataclass(frozen=True)
class GalaxiesSpec:
    """What a draw needs: the board and the largest region."""

    params: GalaxiesParams
    most: int


class GalaxiesGenerator(Generator[GalaxiesOptions]):
    puzzle = "galaxies"
    options_type = GalaxiesOptions
    strips = False  # every dot is needed: a region without one breaks the rules
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list galaxies`
        cost(0.022, 0.05, size=7), cost(0.054, 0.16, size=10), cost(0.22, 0.63, size=15))
    unique_as_drawn: tuple[GalaxiesParams, Grid] | None = None  # the last division `draw` checked unique

    def params_for(self, options: GalaxiesOptions) -> GalaxiesSpec:
        width, height = board_shape(options.size, options.width, options.height)
        params = GalaxiesParams(width, height)  # checks the size
        most = options.most if options.most is not None else max(1, int((width * height) ** 0.5) * 2)
        return GalaxiesSpec(params, most)

    def draw(self, params: GalaxiesSpec, rng: random.Random, sessions: SessionCache) -> tuple[GalaxiesParams, Grid]:
        """The wiggliest of `TRIES` random divisions, repaired until its dots allow no other
        (see the module's docstring); drawn afresh after `MAX_REPAIRS` repairs. Each check
        is on a small session of its own, whose rules hold the dots' spots alone (the rules
        of every spot a board's sessions load are thirty times larger at 15x15)."""
        board = params.params
        for _ in range(MAX_DRAWS):
            grid = canonical_labels(max((random_division(board, set(board.cells()), params.most, rng)
                                         for _ in range(TRIES)), key=wiggles))
            for _ in range(MAX_REPAIRS):
                other = rival(Instance(self.puzzle, board, self.candidate_clues(board, grid)), grid)
                if other is None:
                    self.unique_as_drawn = (board, grid)
                    return board, grid
                grid = repaired(board, grid, other, params.most, rng)
        raise PuzzleError(f"no unique {board.width}x{board.height} galaxies in {MAX_DRAWS} draws")

    def candidate_clues(self, params: GalaxiesParams, solution: Grid) -> dict:
        dots = {centre_of(cells) for cells in regions(solution).values()}
        return {spot: WHITE if spot in dots else NO_DOT for spot in params.clue_spots()}

    def deduces_all(self, params: GalaxiesParams, clues: dict, solution: Grid) -> bool:
        """The division `draw` has just checked unique, with every spot clued."""
        return self.unique_as_drawn == (params, solution) and clues == self.candidate_clues(params, solution)


def rival(inst: Instance, solution: Grid) -> Grid | None:
    """Another solution of a board with every spot clued, or None: on the rules with the
    dots built in, a small session of its own."""
    session = SatSession.given(PUZZLE, inst)
    try:
        found = session.other_than(session.assumptions({}), solution)
    finally:
        session.close()
    other: Grid | None = found.solution if found.sat else None
    return other


def repaired(params: GalaxiesParams, solution: Grid, other: Grid, most: int, rng: random.Random) -> Grid:
    """The drawn regions where the rival's differ, divided afresh; the others kept."""
    zone = ambiguous_cells(solution, other)
    grid = [list(row) for row in solution]
    fresh = random_division(params, zone, most, rng, max(max(row) for row in solution) + 1)
    for r, c in zone:
        grid[r][c] = fresh[r][c]
    return canonical_labels(grid)


def ambiguous_cells(solution: Grid, other: Grid) -> set[Cell]:
    """The drawn regions' cells whose region the rival draws otherwise (all of each)."""
    mine, theirs = regions(solution), regions(other)
    theirs_of = {cell: frozenset(cells) for cells in theirs.values() for cell in cells}
    out: set[Cell] = set()
    for cells in mine.values():
        if any(theirs_of.get(cell) != frozenset(cells) for cell in cells):
            out.update(cells)
    return out


def random_division(params: GalaxiesParams, free: set[Cell], most: int, rng: random.Random,
                    start: int = 1) -> list[list[int]]:
    """A label per cell of `free` (0 elsewhere), from `start` up: regions grown by
    symmetric pairs from dots placed in random order (see the module's docstring)."""
    grid = [[0] * params.width for _ in range(params.height)]
    spots: dict[int, Spot] = {}
    size: dict[int, int] = {}
    todo = set(free)
    label = start
    for round_ in range(ROUNDS):
        order = sorted(todo)
        rng.shuffle(order)
        for cell in order:
            if cell not in todo or joined(params, grid, spots, size, todo, cell, most, rng):
                continue
            if round_ < ROUNDS - 1 and rng.random() >= NEW_DOT:
                continue
            spot = rng.choice([s for s in spots_touching(cell) if all(t in todo for t in touching(s))])
            spots[label] = spot
            size[label] = len(touching(spot))
            for r, c in touching(spot):
                grid[r][c] = label
                todo.discard((r, c))
            label += 1
    return grid


def joined(params: GalaxiesParams, grid: list[list[int]], spots: dict[int, Spot], size: dict[int, int],
           todo: set[Cell], cell: Cell, most: int, rng: random.Random) -> bool:
    """Has `cell` joined a neighbouring region (with its twin about that region's dot, a
    free cell too), in random order of its neighbours?"""
    around = [(cell[0] + dr, cell[1] + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    rng.shuffle(around)
    for nb in around:
        k = grid[nb[0]][nb[1]] if params.inside(*nb) else 0
        if k == 0 or k not in spots or size[k] + 2 > most:
            continue
        twin = mirror(cell, spots[k])
        if twin != cell and twin in todo:
            for r, c in (cell, twin):
                grid[r][c] = k
                todo.discard((r, c))
            size[k] += 2
            return True
    return False


def spots_touching(cell: Cell) -> list[Spot]:
    """The spots whose dot touches `cell`: its centre, its four edges, its four corners
    (some off the board: `random_division` keeps those whose cells are free)."""
    r, c = cell
    return [(2 * r + di, 2 * c + dj) for di in (-1, 0, 1) for dj in (-1, 0, 1)]


def wiggles(grid: Sequence[Sequence[int]]) -> int:
    """Inward corners of the regions (his `measure_wiggliness`): a cell whose neighbours
    one way and a quarter turn on share a region that is not its own."""
    height, width = len(grid), len(grid[0])
    count = 0
    for r in range(height):
        for c in range(width):
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                a, b = (r + dr, c + dc), (r - dc, c + dr)
                if all(0 <= x < height and 0 <= y < width for x, y in (a, b)):
                    if grid[a[0]][a[1]] == grid[b[0]][b[1]] != grid[r][c]:
                        count += 1
    return count


GENERATOR = GalaxiesGenerator()
