"""Random Double Choco boards: the board is divided at random into regions of two congruent
halves, each half's colour drawn (which half is gray), so the gray cells are drawn with the
division; every cell's number (its half's size) is the full clue set, and the engine strips
it to a minimal one. A full set that is not unique (two halves of one size side by side can
often be cut another way) is drawn afresh.

The division (`random_division`) covers the board in reading order: the first cell not yet
covered is in the first half of a new region, a random connected piece over uncovered cells
of a size drawn evenly from 1 to `most`; the other half is that piece turned or mirrored at
random, placed beside it over uncovered cells. A choice is undone when a free cell beside it
is left with no free neighbour, or it closes off a small piece of free cells of odd size
(every region has an even number of cells); a search that runs long starts over.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
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
from ..lab.engine.puzzle import PuzzleError
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.regions import fill_in_order
from ..solvers.dbchoco import (
    GENERATED_SIZE,
    ORIENTATIONS,
    STEPS,
    Cell,
    DbChocoParams,
    Grid,
    halves,
    number_of,
    regions_of,
    turned,
)

MAX_DRAWS = 100
TRIES = 12  # random regions tried at one cell before the search steps back
STEPS_PER_CELL = 3  # regions placed (and undone) per cell before a division starts over
POCKET = 12  # free cells closed off by a region that are checked at once


@dataclass(frozen=True)
class DbChocoSpec:
    """What a draw needs: the board's shape and the largest half."""

    width: int
    height: int
    most: int


class Division:
    """A division in progress: which cells are covered."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.covered = [[False] * width for _ in range(height)]

    def free(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.height and 0 <= c < self.width and not self.covered[r][c]

    def mark(self, cells: frozenset[Cell], covered: bool) -> None:
        for r, c in cells:
            self.covered[r][c] = covered

    def around(self, cells: frozenset[Cell]) -> list[Cell]:
        return sorted({(r + dr, c + dc) for r, c in cells for dr, dc in STEPS} - cells)

    def piece(self, start: Cell, size: int, rng: random.Random) -> frozenset[Cell] | None:
        """A random connected piece of `size` free cells grown from `start`, or None."""
        cells = {start}
        while len(cells) < size:
            grow = [x for x in self.around(frozenset(cells)) if self.free(x)]
            if not grow:
                return None
            cells.add(rng.choice(grow))
        return frozenset(cells)

    def partner(self, half: frozenset[Cell], rng: random.Random) -> frozenset[Cell] | None:
        """A random placement of `half` turned or mirrored, beside it over free cells."""
        beside = [x for x in self.around(half) if self.free(x)]
        places = set()
        for t in range(len(ORIENTATIONS)):
            image = [turned(t, *x) for x in half]
            for b in beside:
                for s in image:
                    other = frozenset((r + b[0] - s[0], c + b[1] - s[1]) for r, c in image)
                    if other.isdisjoint(half) and all(self.free(x) for x in other):
                        places.add(other)
        return rng.choice(sorted(places, key=sorted)) if places else None

    def still_divisible(self, region: frozenset[Cell]) -> bool:
        """After `region` is placed: has every free cell beside it a free neighbour, and is
        every small piece of free cells it closes off (`POCKET` cells at most) even?"""
        around = [x for x in self.around(region) if self.free(x)]
        if any(not any(self.free((r + dr, c + dc)) for dr, dc in STEPS) for r, c in around):
            return False
        seen: set[Cell] = set()
        for x in around:
            if x in seen:
                continue
            found, todo = {x}, [x]
            while todo and len(found) <= POCKET:
                r, c = todo.pop()
                for dr, dc in STEPS:
                    y = (r + dr, c + dc)
                    if y not in found and self.free(y):
                        found.add(y)
                        todo.append(y)
            seen |= found
            if len(found) <= POCKET and len(found) % 2:
                return False
        return True


def random_division(width: int, height: int, most: int, rng: random.Random
                    ) -> list[tuple[frozenset[Cell], frozenset[Cell]]] | None:
    """A random division into regions of two congruent halves of at most `most` cells each
    (see the module's docstring), each as (first half, second half); None when the search
    ran past its budget."""
    board = Division(width, height)

    def regions(cell: Cell) -> Iterator[tuple[frozenset[Cell], tuple[frozenset[Cell], frozenset[Cell]]]]:
        """Up to TRIES random regions from `cell`, each once: a half and its partner."""
        tried: set[frozenset[Cell]] = set()
        for _ in range(TRIES):
            half = board.piece(cell, rng.randint(1, most), rng)
            if half is None:
                continue
            board.mark(half, True)
            other = board.partner(half, rng)
            board.mark(half, False)
            if other is None or half | other in tried:
                continue
            tried.add(half | other)
            yield half | other, (half, other)

    return fill_in_order(board, [(r, c) for r in range(height) for c in range(width)], regions,
                         STEPS_PER_CELL * width * height)


@dataclass(frozen=True)
class DbChocoOptions(GeneratorOptions):
    size: int = board_size(6, GENERATED_SIZE)
    width: int | None = board_width(GENERATED_SIZE)
    height: int | None = board_height(GENERATED_SIZE)
    most: int | None = option(None, "the most cells of a half (default: the board's width plus height, a third)", 1,
                              GENERATED_SIZE.most_width * GENERATED_SIZE.most_height // 2)


class DbChocoGenerator(Generator[DbChocoOptions]):
    puzzle = "dbchoco"
    options_type = DbChocoOptions
    # measured: scripts/measure_costs.py dbchoco size=4 size=6 size=8 (10x10: median 62 s, most 120, a record;
    # not offered: the grade alone takes 12-45 s there)
    costs = (cost(0.043, 0.07, size=4), cost(0.32, 0.39, size=6), cost(3.8, 5.2, size=8))

    def params_for(self, options: DbChocoOptions) -> DbChocoSpec:
        width, height = board_shape(options.size, options.width, options.height)
        DbChocoParams(width, height)  # checks the size
        if width * height % 2:
            raise PuzzleError(f"a {width}x{height} board has an odd number of cells: no division into regions of "
                              "two equal halves")
        most = options.most if options.most is not None else max(2, (width + height) // 3)
        if most > width * height // 2:
            raise PuzzleError(f"--most {most} is more than half the {width}x{height} board")
        return DbChocoSpec(width, height, most)

    def draw(self, params: DbChocoSpec, rng: random.Random, sessions: SessionCache) -> tuple[DbChocoParams, Grid]:
        for _ in range(MAX_DRAWS):
            regions = random_division(params.width, params.height, params.most, rng)
            if regions is None:
                continue
            gray: set[Cell] = set()
            label = [[0] * params.width for _ in range(params.height)]
            for first, second in regions:
                gray |= first if rng.random() < 0.5 else second
                region = first | second
                for r, c in region:
                    label[r][c] = number_of(min(region), params.width)
            board = DbChocoParams(params.width, params.height, frozenset(gray))
            return board, tuple(tuple(row) for row in label)
        raise PuzzleError(f"no division of the {params.width}x{params.height} board into regions of halves of at most "
                          f"{params.most} cells found in {MAX_DRAWS} tries")

    def candidate_clues(self, params: DbChocoParams, solution: Grid) -> dict:
        """Every cell's number: the size of its half."""
        clues: dict = {}
        for region in regions_of(solution):
            for piece in halves(params, region):
                clues.update((cell, len(piece)) for cell in piece)
        return clues


GENERATOR = DbChocoGenerator()
