"""Random Nurikabe boards: a random shading, one number in each island, numbers moved until
the shading is the only one.

1. Shading: every cell starts shaded; while a 2x2 block is all shaded, one of its cells in
   random order turns white where that keeps the shaded cells connected and its island
   within `most` cells (none can: drawn afresh); then random shaded cells turn white on
   the same terms until `white` of the board is white.
2. Numbers: each island gets its size at a random cell of it.
3. Numbers are never stripped: every island needs its number (a number not shown, `?`, is
   a variant Nikoli does not print). What makes a shading unique is where its numbers
   stand, so an ambiguous board is repaired as Shikaku's is: the rival shading the solver
   found has an island for some number that differs from the drawn one; the number moves
   to a cell of its drawn island outside the rival's, which the rival then leaves without
   a number. Each repair rules one rival out and keeps the drawn shading valid; after
   `MAX_REPAIRS` of them the shading is drawn afresh. Large islands are seldom pinned down
   by where their number stands (10x10 with islands of up to 10 cells: no board in 60
   repairs of three draws; up to 5 cells: a board in 5 to 35 repairs, about a second), so
   islands are at most 5 cells by default. Where moving numbers alone goes on too long
   (some shadings are ambiguous wherever their numbers stand), a share of the repairs
   changes the shading instead: a cell where the rival differs takes the rival's colour
   where the rules allow, and the islands' numbers follow (`flipped`). The checks run in `draw` on a small
   session whose rules know the numbers (`given_rules`); `deduces_all` then tells the
   engine the board is the one just checked unique.
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
from ..lab.engine.puzzle import BoardLimit, Instance, PuzzleError
from ..lab.engine.sat import SatSession, SessionCache
from ..lab.toolkit.connectivity import white_components
from ..solvers.nurikabe import PUZZLE, Cell, NurikabeParams, Shading, shaded_components, windows

# 14x14 takes 1 to 10 s a board; 20x20 made none in 90 s (repairs fix one rival each, and a
# large board has many places to be ambiguous at once)
GENERATED = BoardLimit(14, 14, 1, 1)
MAX_REPAIRS = 60  # numbers moved on one shading before it is drawn afresh
MAX_DRAWS = 200
FLIP_SHARE = 0.3  # the share of repairs that change the shading rather than move a number


@dataclass(frozen=True)
class NurikabeSpec:
    """What a draw needs: the board's shape, the largest island, the white share."""

    width: int
    height: int
    most: int
    white: float


def island_of(shaded: list[list[bool]], cell: Cell) -> list[Cell]:
    """The white cells connected to `cell` (white itself)."""
    height, width = len(shaded), len(shaded[0])
    found, seen = [cell], {cell}
    for r, c in found:
        for x, y in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= x < height and 0 <= y < width and not shaded[x][y] and (x, y) not in seen:
                seen.add((x, y))
                found.append((x, y))
    return found


def whitened(shaded: list[list[bool]], cell: Cell, most: int) -> bool:
    """Turn `cell` white if its island stays within `most` cells and the shaded cells stay
    connected; say whether it did."""
    r, c = cell
    shaded[r][c] = False
    if len(island_of(shaded, cell)) <= most and len(shaded_components(shaded)) <= 1:
        return True
    shaded[r][c] = True
    return False


def random_shading(spec: NurikabeSpec, rng: random.Random) -> Shading | None:
    """A shading of connected shaded cells, no 2x2 block shaded and islands of at most
    `spec.most` cells, about `spec.white` of the board white; None when a block stays shaded."""
    params = NurikabeParams(spec.width, spec.height)
    shaded = [[True] * spec.width for _ in range(spec.height)]
    blocks = windows(params)
    rng.shuffle(blocks)
    for block in blocks:
        if all(shaded[r][c] for r, c in block):
            order = list(block)
            rng.shuffle(order)
            if not any(whitened(shaded, cell, spec.most) for cell in order):
                return None
    cells = params.cells()
    rng.shuffle(cells)
    want = int(spec.white * len(cells))
    for cell in cells:
        if sum(not s for row in shaded for s in row) >= want:
            break
        if shaded[cell[0]][cell[1]]:
            whitened(shaded, cell, spec.most)
    if all(not s for row in shaded for s in row) and len(cells) > spec.most:
        return None
    return tuple(tuple(row) for row in shaded)


@dataclass(frozen=True)
class NurikabeOptions(GeneratorOptions):
    size: int = board_size(10, GENERATED, "board side (width and height unless given)")
    width: int | None = board_width(GENERATED)
    height: int | None = board_height(GENERATED)
    most: int | None = option(None, "the largest island (default: a twentieth of the board, 3 to 5)", 1,
                              GENERATED.most_width * GENERATED.most_height)
    white: float = option(0.45, "the share of white cells drawn", 0.0, 0.9)


class NurikabeGenerator(Generator[NurikabeOptions]):
    puzzle = "nurikabe"
    options_type = NurikabeOptions
    strips = False  # every number is needed: an island without one breaks the rules
    costs = (  # CPU seconds a record, the mean of 3 (seed 0, 2026-12-02), not the median: `puzzlelab list nurikabe`
        cost(0.03, size=6), cost(0.37, size=10), cost(1.2, size=14))
    unique_as_drawn: tuple[NurikabeParams, Shading] | None = None  # the last board `draw` checked unique

    def params_for(self, options: NurikabeOptions) -> NurikabeSpec:
        width, height = board_shape(options.size, options.width, options.height)
        GENERATED.check(self.puzzle, width, height)
        most = options.most if options.most is not None else max(3, min(5, width * height // 20))
        return NurikabeSpec(width, height, most, options.white)

    def draw(self, params: NurikabeSpec, rng: random.Random, sessions: SessionCache) -> tuple[NurikabeParams, Shading]:
        """A random shading with its numbers, repaired until unique (see the module's
        docstring); drawn afresh after `MAX_REPAIRS` repairs."""
        for _ in range(MAX_DRAWS):
            solution = random_shading(params, rng)
            if solution is None:
                continue
            board = NurikabeParams(params.width, params.height,
                                   frozenset(rng.choice(island) for island in white_components(solution)))
            for _ in range(MAX_REPAIRS):
                other = rival(Instance(PUZZLE.name, board, self.candidate_clues(board, solution)), solution)
                if other is None:
                    self.unique_as_drawn = (board, solution)
                    return board, solution
                if rng.random() < FLIP_SHARE:
                    board, solution = flipped(board, solution, other, params.most, rng)
                else:
                    board = moved(board, solution, other, rng)
        raise PuzzleError(f"no unique {params.width}x{params.height} nurikabe in {MAX_DRAWS} draws")

    def candidate_clues(self, params: NurikabeParams, solution: Shading) -> dict:
        return {cell: len(island) for island in white_components(solution)
                for cell in island if cell in params.numbered}

    def deduces_all(self, params: NurikabeParams, clues: dict, solution: Shading) -> bool:
        """The board `draw` has just checked unique, with every number shown."""
        return self.unique_as_drawn == (params, solution) and clues == self.candidate_clues(params, solution)


def rival(inst: Instance, solution: Shading) -> Shading | None:
    """Another solution of a board with every number shown, or None (a session of its own on
    the rules with the numbers built in)."""
    session = SatSession.given(PUZZLE, inst)
    try:
        found = session.other_than(session.assumptions({}), solution)
    finally:
        session.close()
    other: Shading | None = found.solution if found.sat else None
    return other


def moved(board: NurikabeParams, solution: Shading, other: Shading, rng: random.Random) -> NurikabeParams:
    """Move one number whose rival island differs to a cell of its own island that the
    rival's leaves out: the rival then has an island without a number."""
    theirs = {cell: frozenset(island) for island in white_components(other) for cell in island}
    moves = []
    for island in white_components(solution):
        number = next(cell for cell in island if cell in board.numbered)
        rival_island = theirs.get(number, frozenset())
        if rival_island != frozenset(island):
            moves += [(number, cell) for cell in island if cell not in rival_island]
    number, cell = rng.choice(moves)
    return NurikabeParams(board.width, board.height, (board.numbered - {number}) | {cell})


def flipped(board: NurikabeParams, solution: Shading, other: Shading, most: int,
            rng: random.Random) -> tuple[NurikabeParams, Shading]:
    """The shading changed where the rival differs: a cell the two disagree on takes the
    rival's colour where the rules allow (no 2x2 block, shaded cells connected, islands of at
    most `most`); then each island keeps one of its numbers (or gets one at a random cell).
    Unchanged when no such cell can turn."""
    cells = [(r, c) for r, c in board.cells() if solution[r][c] != other[r][c]]
    rng.shuffle(cells)
    shaded = [list(row) for row in solution]
    blocks = windows(board)
    for r, c in cells:
        shaded[r][c] = not shaded[r][c]
        if shaded[r][c]:
            fits = not any(all(shaded[x][y] for x, y in block) for block in blocks if (r, c) in block)
        else:
            fits = len(island_of(shaded, (r, c))) <= most
        if fits and len(shaded_components(shaded)) <= 1:
            break
        shaded[r][c] = not shaded[r][c]
    else:
        return board, solution
    numbered = set()
    for island in white_components(shaded):
        held = [cell for cell in island if cell in board.numbered]
        numbered.add(rng.choice(held or island))
    return NurikabeParams(board.width, board.height, frozenset(numbered)), tuple(tuple(row) for row in shaded)


GENERATOR = NurikabeGenerator()
