"""Random Sashigane boards: the board is divided at random into L's, every L's corner gets
its circled number and both its ends their arrows, and the engine strips that set to a
minimal one. Then each circle left with a number, in random order, loses its number where
the puzzle stays unique (`--plain 1`, the default), so a number is shown only where it is
needed, as in printed puzzles; the set stays minimal, as a weaker clue makes no other clue
less needed.

The full set is unique as drawn: with every corner's number shown, the numbers add up to the
board, so a rival's L's are exactly the circled ones; its ends are then exactly the arrows,
and an arrow's arm runs to the first circle on its way, the drawn corner (`deduces_all`
says so without a solver call; tests hold it against SAT).

The division (`random_division`) covers the board in reading order: the first cell not yet
covered is the first cell of a new L over uncovered cells (a corner opening down and right,
or the top or left end of an arm), its size drawn evenly from those that fit, up to `most`
cells. A choice is undone when a free cell beside it could no longer be covered by an L,
or a small piece of free cells it closes off cannot be divided; a search that runs long
starts over.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from functools import cache

from ..lab.engine.generator import (
    Generated,
    GenerateOptions,
    Generator,
    GeneratorOptions,
    board_height,
    board_shape,
    board_size,
    board_width,
    cost,
    generate_one,
    option,
)
from ..lab.engine.puzzle import Instance, PuzzleError
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.regions import fill_in_order
from ..solvers.sashigane import (
    CIRCLE,
    LEAST,
    PUZZLE,
    SIZE,
    WAYS,
    Cell,
    Grid,
    LShape,
    SashiganeParams,
    l_shape,
    labelled,
    make_l,
    most_cells,
    regions,
    step,
)

MAX_DRAWS = 100
# L's placed (and undone) per cell before a division starts over: a short search and a fresh start beat a long
# one (30x30: 0.6 s a division, where 40 a cell took 6 s and often failed)
STEPS_PER_CELL = 2
POCKET = 12  # free cells closed off by an L that are checked for a division at once
NO_DIVISION = {(2, 2), (3, 3)}  # the only boards without one (SAT, every board up to 8x8; larger ones have)


@dataclass(frozen=True)
class SashiganeSpec:
    """What a draw needs: the board's shape, the largest L, and whether numbers go."""

    width: int
    height: int
    most: int
    plain: bool


class Division:
    """A division in progress: which cells are covered."""

    def __init__(self, width: int, height: int, most: int):
        self.width, self.height, self.most = width, height, most
        self.covered = [[False] * width for _ in range(height)]

    def free(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.height and 0 <= c < self.width and not self.covered[r][c]

    def run(self, cell: Cell, way: str) -> int:
        """Free cells beyond `cell` going `way`, up to the first that is not."""
        k = 0
        while self.free(step(cell, way, k + 1)):
            k += 1
        return k

    def mark(self, shape: LShape, covered: bool) -> None:
        for r, c in shape.cells:
            self.covered[r][c] = covered

    def coverable(self, cell: Cell) -> bool:
        """Could some L over free cells, of at most `most` cells, still cover `cell`? One
        does when a cell of a free straight run from it (itself included, with the run going
        on) has a free neighbour across the run, near enough."""
        for way in WAYS:
            if not self.free(step(cell, way)):
                continue
            across = "LR" if way in "UD" else "UD"
            x, k = cell, 0
            while self.free(x) and max(k, 1) + 2 <= self.most:
                if any(self.free(step(x, other)) for other in across):
                    return True
                x, k = step(x, way), k + 1
        return False

    def still_divisible(self, shape: LShape) -> bool:
        """After `shape` is placed: can every free cell beside it still be covered, and is
        every small piece of free cells it closes off (`POCKET` cells at most) divisible?"""
        around = [x for x in {step(cell, way) for cell in shape.cells for way in WAYS} if self.free(x)]
        if not all(self.coverable(x) for x in around):
            return False
        seen: set[Cell] = set()
        for x in around:
            if x in seen:
                continue
            piece = self.piece(x, POCKET)
            seen.update(piece)
            if len(piece) <= POCKET and not divisible(normalised(piece)):
                return False
        return True

    def piece(self, cell: Cell, most: int) -> set[Cell]:
        """The free cells joined to `cell`, as far as `most` + 1 of them."""
        found, todo = {cell}, [cell]
        while todo and len(found) <= most:
            x = todo.pop()
            for way in WAYS:
                y = step(x, way)
                if y not in found and self.free(y):
                    found.add(y)
                    todo.append(y)
        return found

    def openings(self, cell: Cell, most: int) -> list[LShape]:
        """Every L over free cells whose first cell in reading order is `cell`, of at most
        `most` cells: a corner opening down and right, the left end of an arm turning
        down, or the top end of an arm turning left or right."""
        out = []
        down, right = self.run(cell, "D"), self.run(cell, "R")
        for a in range(1, down + 1):
            for b in range(1, min(right, most - 1 - a) + 1):
                out.append(make_l(cell, "D", a, "R", b))
        for b in range(1, min(right, most - 2) + 1):
            corner = step(cell, "R", b)
            for a in range(1, min(self.run(corner, "D"), most - 1 - b) + 1):
                out.append(make_l(corner, "D", a, "L", b))
        for a in range(1, min(down, most - 2) + 1):
            corner = step(cell, "D", a)
            for way in "LR":
                for b in range(1, min(self.run(corner, way), most - 1 - a) + 1):
                    out.append(make_l(corner, "U", a, way, b))
        return out


def normalised(cells: set[Cell]) -> frozenset[Cell]:
    """The cells moved to touch the top and left edges (pieces of one shape alike)."""
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


@cache
def divisible(cells: frozenset[Cell]) -> bool:
    """Can these cells be divided into L's? (An exact cover by the first free cell.)"""
    if not cells:
        return True
    if len(cells) < LEAST:
        return False
    first = min(cells)
    height, width = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
    board = Division(width, height, len(cells))
    for r in range(height):
        for c in range(width):
            board.covered[r][c] = (r, c) not in cells
    return any(divisible(cells - set(shape.cells)) for shape in board.openings(first, len(cells)))


def evenly_by_size(shapes: list[LShape], rng: random.Random) -> list[LShape]:
    """The shapes in a random order in which each next one's size is drawn evenly from the
    sizes left (so that small L's are not outnumbered by the many ways of large ones)."""
    groups: dict[int, list[LShape]] = {}
    for shape in shapes:
        groups.setdefault(shape.size, []).append(shape)
    for group in groups.values():
        rng.shuffle(group)
    out = []
    while groups:
        size = rng.choice(sorted(groups))
        out.append(groups[size].pop())
        if not groups[size]:
            del groups[size]
    return out


def random_division(width: int, height: int, most: int, rng: random.Random) -> list[LShape] | None:
    """A random division of the board into L's of at most `most` cells (see the module's
    docstring), or None when the search ran past its budget."""
    board = Division(width, height, most)
    return fill_in_order(board, [(r, c) for r in range(height) for c in range(width)],
                         lambda cell: ((shape, shape) for shape in evenly_by_size(board.openings(cell, most), rng)),
                         STEPS_PER_CELL * width * height)


@dataclass(frozen=True)
class SashiganeOptions(GeneratorOptions):
    size: int = board_size(8, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)
    most: int | None = option(None, "the most cells of an L (default: the board's width plus height, halved)", 4,
                              most_cells(SIZE.most_width, SIZE.most_height))
    plain: int = option(1, "1: a circle shows its number only where the puzzle needs it; 0: every circle kept "
                           "shows it", 0, 1)


class SashiganeGenerator(Generator[SashiganeOptions]):
    puzzle = "sashigane"
    options_type = SashiganeOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list sashigane`
        cost(0.043, 0.11, size=8), cost(0.13, 0.17, size=12), cost(0.41, 0.41, size=16), cost(0.96, 1.1, size=20),
        cost(2.0, 2.7, size=25), cost(4.9, 5.9, size=30))

    def params_for(self, options: SashiganeOptions) -> SashiganeSpec:
        width, height = board_shape(options.size, options.width, options.height)
        SashiganeParams(width, height)  # checks the size
        if (min(width, height), max(width, height)) in NO_DIVISION:
            raise PuzzleError(f"a {width}x{height} board cannot be divided into L's")
        most = options.most if options.most is not None else max(LEAST, (width + height) // 2)
        return SashiganeSpec(width, height, most, bool(options.plain))

    def draw(self, params: SashiganeSpec, rng: random.Random, sessions: SessionCache) -> tuple[SashiganeParams, Grid]:
        board = SashiganeParams(params.width, params.height)
        for _ in range(MAX_DRAWS):
            shapes = random_division(params.width, params.height, params.most, rng)
            if shapes is not None:
                return board, labelled(board, shapes)
        raise PuzzleError(f"no division of the {params.width}x{params.height} board into L's of at most "
                          f"{params.most} cells found in {MAX_DRAWS} tries")

    def candidate_clues(self, params: SashiganeParams, solution: Grid) -> dict:
        """Each L's corner with its number and both its ends with their arrows."""
        clues: dict = {}
        for cells in regions(solution).values():
            shape = l_shape(cells)
            if shape is None:
                raise PuzzleError("the solution is not a division into L's")
            clues[shape.corner] = shape.size
            clues.update(shape.ends)
        return clues

    def deduces_all(self, params: SashiganeParams, clues: dict, solution: Grid) -> bool:
        """The full set (see the module's docstring) is unique."""
        return clues == self.candidate_clues(params, solution)

    def generate(self, params: SashiganeSpec, rng: random.Random, sessions: SessionCache,
                 opts: GenerateOptions) -> Generated | None:
        """With `plain`: the engine's minimal puzzle, then its numbers taken off where it stays
        unique (see the module's docstring)."""
        if not params.plain or not opts.minimal:
            return None
        start = time.perf_counter()
        made = generate_one(PUZZLE, self, replace(params, plain=False), rng, sessions, opts)
        board, clues = made.instance.params, dict(made.instance.clues)
        session = sessions.get(PUZZLE, board)
        numbered = sorted(cell for cell, value in clues.items() if isinstance(value, int))
        rng.shuffle(numbered)
        for cell in numbered:
            trial = {**clues, cell: CIRCLE}
            before = session.calls
            other = session.other_than(session.assumptions(trial), made.solution, opts.budget)
            made.checks += session.calls - before
            if other.sat is False:
                clues = trial
        made.instance = Instance(self.puzzle, board, clues)
        made.seconds = time.perf_counter() - start
        return made


GENERATOR = SashiganeGenerator()
