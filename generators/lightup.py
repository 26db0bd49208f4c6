"""Random Light Up boards: random walls, a random lamp layout, every wall numbered.

As in Tatham's lightup.c: draw walls, then visit the white cells in random order and put a
lamp on each one still dark (a dark cell sees no lamp, so the layout stays legal and ends
with everything lit). The candidate clues are the lamp counts of all walls. When even the
full set allows a second layout, `repair` walls in a cell where that layout has a lamp and
ours has none, which rules it out for good; the engine then strips numbers while unique.
"""

from __future__ import annotations

import random
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
from ..lab.engine.puzzle import PuzzleError, quote
from ..lab.engine.sat import SessionCache
from ..solvers.lightup import SIZE, Cell, Grid, LightUpParams, lamps_of, layout

SYMMETRIES = ("none", "rot2")
MAX_DENSITY = 0.9  # walls; beyond, hardly a white cell is left


@dataclass(frozen=True)
class LightUpSpec:
    """What to draw: the board size, the wall density and the walls' symmetry."""

    width: int
    height: int
    density: float
    symmetry: str


def rotate(width: int, height: int, cell: Cell) -> Cell:
    return (height - 1 - cell[0], width - 1 - cell[1])


def orbit(spec: LightUpSpec | LightUpParams, cell: Cell, symmetric: bool) -> set[Cell]:
    return {cell, rotate(spec.width, spec.height, cell)} if symmetric else {cell}


def is_symmetric(params: LightUpParams) -> bool:
    """Are the walls symmetric under 180-degree rotation? (Repairs then keep them so.)"""
    return all(rotate(params.width, params.height, cell) in params.walls for cell in params.walls)


def random_walls(spec: LightUpSpec, rng: random.Random) -> frozenset[Cell]:
    """About `density` of the cells, drawn in rotation orbits when symmetric."""
    cells = [(r, c) for r in range(spec.height) for c in range(spec.width)]
    rng.shuffle(cells)
    walls: set[Cell] = set()
    want = round(spec.density * len(cells))
    for cell in cells:
        if len(walls) >= want:
            break
        walls |= orbit(spec, cell, spec.symmetry == "rot2")
    return frozenset(walls)


def light_up(params: LightUpParams, lamps: set[Cell], rng: random.Random) -> set[Cell]:
    """Add lamps on dark cells, in random order, until every white cell is lit. (`lamps` are
    on white cells; a lamp lights its row segment and its column segment.)"""
    board = layout(params)
    lit: set[Cell] = set()
    for cell in lamps:
        for seg in board.crossing[cell]:
            lit.update(board.segments[seg])
    dark = [cell for cell in board.whites if cell not in lit]
    rng.shuffle(dark)
    out = set(lamps)
    for cell in dark:
        if cell not in lit:
            out.add(cell)
            for seg in board.crossing[cell]:
                lit.update(board.segments[seg])
    return out


def as_grid(params: LightUpParams, lamps: set[Cell]) -> Grid:
    return tuple(tuple((r, c) in lamps for c in range(params.width)) for r in range(params.height))


def wall_numbers(params: LightUpParams, solution: Grid) -> dict[Cell, int]:
    """Every wall's lamp count, walls in reading order."""
    return {wall: sum(solution[y][x] for y, x in cells) for wall, cells in layout(params).around.items()}


@dataclass(frozen=True)
class LightUpOptions(GeneratorOptions):
    size: int = board_size(10, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)
    density: float = option(0.2, "share of cells that are walls (Tatham's default is 0.2)", 0.0, MAX_DENSITY)
    symmetry: str = option("rot2", "wall layout symmetry: none or rot2 (180-degree rotation)")


class LightUpGenerator(Generator[LightUpOptions]):
    puzzle = "lightup"
    options_type = LightUpOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list lightup`
        cost(0.004, 0.012, size=10), cost(0.101, 0.137, size=25), cost(4.9, 5.9, size=50),
        cost(55.4, 74.5, size=75), cost(over=120, size=100))

    def params_for(self, options: LightUpOptions) -> LightUpSpec:
        width, height = board_shape(options.size, options.width, options.height)
        density, symmetry = options.density, options.symmetry
        SIZE.check(self.puzzle, width, height)
        if not 0.0 <= density <= MAX_DENSITY:  # NaN fails both comparisons
            raise PuzzleError(f"--density must be 0..{MAX_DENSITY}, got {density}")
        if symmetry not in SYMMETRIES:
            raise PuzzleError(f"--symmetry must be one of {', '.join(SYMMETRIES)}, got {quote(symmetry)}")
        return LightUpSpec(width, height, density, symmetry)

    def draw(self, spec: LightUpSpec, rng: random.Random, sessions: SessionCache) -> tuple[LightUpParams, Grid]:
        params = LightUpParams(spec.width, spec.height, random_walls(spec, rng))
        return params, as_grid(params, light_up(params, set(), rng))

    def candidate_clues(self, params: LightUpParams, solution: Grid) -> dict:
        return wall_numbers(params, solution)

    def repair(self, params: LightUpParams, clues: dict, solution: Grid, other: Grid,
               rng: random.Random) -> tuple[LightUpParams, dict, Grid] | None:
        """Wall a cell (and its mirror, when symmetric) where `other` has a lamp and ours
        has none; relight what went dark. `other` dies with its lamp, walls only grow."""
        ours = set(lamps_of(solution))
        choices = [cell for cell in lamps_of(other) if cell not in ours]
        if not choices:
            return None
        added = orbit(params, rng.choice(choices), is_symmetric(params))
        new = LightUpParams(params.width, params.height, params.walls | added)
        lamps = light_up(new, ours - added, rng)
        grid = as_grid(new, lamps)
        return new, wall_numbers(new, grid), grid

    def partner(self, params: LightUpParams, key: Cell) -> Cell:
        return rotate(params.width, params.height, key)


GENERATOR = LightUpGenerator()
