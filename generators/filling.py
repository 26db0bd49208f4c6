"""Random Filling boards, after Tatham's make_board: every cell starts as an area of one;
while some area touches another of the same size, it merges with a small neighbour (never past
max(width, height, 3) cells, 9 at most); lone 1s are then grown into a neighbour where that keeps the board
valid. Every cell is a candidate given, so the full set is the solution and unique as
drawn; the engine strips givens while it stays the only solution. (Tatham strips whole
areas first, then cells, keeping what his solver needs; the engine keeps what uniqueness
needs, which is never more.)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, cost, option
from ..lab.engine.puzzle import PuzzleError
from ..lab.engine.sat import SessionCache
from ..solvers.filling import SIZE, Cell, FillingParams, Grid, tatham_top

MAX_PASSES = 200  # passes over the board before a draw starts over
MAX_RESTARTS = 100


class Areas:
    """A partition of the board into areas: each cell's area id, each area's cells."""

    def __init__(self, params: FillingParams):
        self.params = params
        self.label = {cell: k for k, cell in enumerate(params.cells())}
        self.members = {k: [cell] for cell, k in self.label.items()}
        self.fresh = len(self.label)

    def size(self, cell: Cell) -> int:
        return len(self.members[self.label[cell]])

    def merge(self, a: Cell, b: Cell) -> None:
        """Join the areas of `a` and `b` (the smaller is relabelled)."""
        keep, gone = sorted((self.label[a], self.label[b]), key=lambda k: -len(self.members[k]))
        if keep != gone:
            for cell in self.members.pop(gone):
                self.label[cell] = keep
                self.members[keep].append(cell)

    def dissolve(self, cell: Cell) -> None:
        """Break the area of `cell` back into cells of their own."""
        for member in self.members.pop(self.label[cell]):
            self.label[member] = self.fresh
            self.members[self.fresh] = [member]
            self.fresh += 1

    def grid(self) -> list[list[int]]:
        p = self.params
        return [[self.size((r, c)) for c in range(p.width)] for r in range(p.height)]


def merge_clashes(params: FillingParams, most: int, rng: random.Random) -> list[list[int]] | None:
    """Tatham's make_board: while an area touches another of its size, merge it with its
    smallest neighbour that keeps it within `most` cells (skipping each choice one time in
    ten). Where no merge fits, Tatham starts the board again; here the two clashing areas
    break back into single cells instead, which keeps large boards from restarting for
    ever. None if that has not settled after many passes."""
    parts = Areas(params)
    order = params.cells()
    rng.shuffle(order)
    for _ in range(MAX_PASSES):
        changed = False
        for cell in order:
            size = parts.size(cell)
            clash, best, least = None, None, most - size + 1
            neighbours = params.neighbours(*cell)
            rng.shuffle(neighbours)
            for nb in neighbours:
                if parts.label[nb] == parts.label[cell]:
                    continue
                if parts.size(nb) == size:
                    clash = nb
                if parts.size(nb) < least and rng.randrange(10):
                    best, least = nb, parts.size(nb)
            if clash is None:
                continue
            if best is None:
                parts.dissolve(clash)
                parts.dissolve(cell)
            else:
                parts.merge(cell, best)
            changed = True
        if not changed:
            return parts.grid()
    return None


def area_of(params: FillingParams, grid: list[list[int]], start: Cell) -> list[Cell]:
    """The cells connected to `start` through its digit."""
    digit, found = grid[start[0]][start[1]], [start]
    seen, adjacent = {start}, params.around()
    for cell in found:
        for nb in adjacent[cell]:
            if nb not in seen and grid[nb[0]][nb[1]] == digit:
                seen.add(nb)
                found.append(nb)
    return found


def grow_ones(params: FillingParams, grid: list[list[int]], most: int) -> None:
    """Tatham's merge_ones: a lone 1 joins a neighbouring area (renumbered one larger) when
    the grown area stays within `most` and touches no other area of its new size."""
    adjacent = params.around()
    changed = True
    while changed:
        changed = False
        for r, c in params.cells():
            if grid[r][c] != 1:
                continue
            for nr, nc in adjacent[(r, c)]:
                old = grid[nr][nc]
                if old >= most or old == 1:
                    continue
                grid[r][c] = old
                area = area_of(params, grid, (r, c))
                inside = set(area)
                if len(area) == old + 1 and not any(
                        grid[x][y] == old + 1 for cell in area for x, y in adjacent[cell]
                        if (x, y) not in inside):  # one area joined, and no clash with its new size
                    for ar, ac in area:
                        grid[ar][ac] = old + 1
                    changed = True
                    break
                grid[r][c] = 1


def random_filling(params: FillingParams, most: int, rng: random.Random) -> Grid:
    """A random valid filling whose areas have at most `most` cells."""
    for _ in range(MAX_RESTARTS):
        grid = merge_clashes(params, most, rng)
        if grid is not None:
            grow_ones(params, grid, most)
            return tuple(tuple(row) for row in grid)
    raise PuzzleError(f"no {params.width}x{params.height} filling with areas of at most {most} cells "
                      f"found in {MAX_RESTARTS} tries")


@dataclass(frozen=True)
class FillingOptions(GeneratorOptions):
    width: int = option(9, "board width (Tatham's presets: 9x7, 13x9, 17x13)", SIZE.least_width, SIZE.most_width)
    height: int = option(7, "board height", SIZE.least_height, SIZE.most_height)
    size: int | None = option(None, "a square board of this side (instead of --width and --height)",
                              max(SIZE.least_width, SIZE.least_height), min(SIZE.most_width, SIZE.most_height))


class FillingGenerator(Generator[FillingOptions]):
    puzzle = "filling"
    options_type = FillingOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list filling`
        cost(0.004, 0.015, size=5), cost(0.026, 0.051, size=9), cost(0.353, 0.487, size=14),
        cost(3.5, 5.6, size=20))
    clues_are_solution = True  # every cell given: the grid is unique as drawn

    def params_for(self, options: FillingOptions) -> FillingParams:
        if options.size is not None:
            return FillingParams(options.size, options.size)  # checks the size limit
        return FillingParams(options.width, options.height)

    def draw(self, params: FillingParams, rng: random.Random, sessions: SessionCache):
        """Areas of at most max(width, height, 3) cells (9 at most), as Tatham draws them."""
        return params, random_filling(params, tatham_top(params), rng)

    def candidate_clues(self, params: FillingParams, solution: Grid) -> dict:
        return {(r, c): d for r, row in enumerate(solution) for c, d in enumerate(row)}


GENERATOR = FillingGenerator()
