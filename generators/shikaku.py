"""Random Shikaku boards, after Tatham's rect.c: the board is divided at random into
rectangles (an uncovered cell in random order gets a random rectangle that fits around it;
a cell left alone joins a neighbour, as his singleton removal does), one number is put in
each, at a random cell of it, and the puzzle is checked unique.

Numbers are never stripped: every rectangle needs its number, and a number's value cannot
be hidden in Tatham's game (the `?` cells of puzz.link are a variant his does not have).
What makes a division unique is where its numbers stand, so, as Tatham's generator does,
the positions are chosen for it: his solver narrows each number's cells before placing
them; here an ambiguous board is repaired instead. The rival division the solver found has
a rectangle for some number that differs from the drawn one; the number moves to a cell of
its drawn rectangle outside the rival's, which the rival then leaves without a number.
Each repair rules one rival out and keeps the drawn division valid; after `MAX_REPAIRS`
of them the division is drawn afresh. The repairs run in `draw`, each check on a small
session whose rules hold only rectangles of the numbers' areas (a new board's full rules,
every area for a number not shown, take a 19x19 board 0.4 s to load); `deduces_all` then
tells the engine the board is the one just checked unique. Rectangles are at most `most` cells, a sixth of the
board by default, and never span the whole board (both as Tatham's enum_rects); his
`expansion factor` (a board drawn smaller and stretched) is not taken.
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
    cost,
    option,
)
from ..lab.engine.puzzle import Instance, PuzzleError
from ..lab.engine.sat import SatSession, SessionCache
from ..solvers.shikaku import PUZZLE, SIZE, Cell, Grid, Rect, ShikakuParams, bounds, contains, rect_cells, regions

MAX_REPAIRS = 100  # numbers moved on one division before it is drawn afresh
MAX_DRAWS = 100


@dataclass(frozen=True)
class ShikakuSpec:
    """What a draw needs: the board's shape and the largest rectangle."""

    width: int
    height: int
    most: int


def fitting(grid: list[list[int]], cell: Cell, most: int) -> list[Rect]:
    """Every rectangle over uncovered cells (0 in `grid`) that holds `cell`, of 2..`most`
    cells, and (as Tatham's enum_rects: they are boring) not across the whole board unless
    it is under 4 cells wide or high."""
    height, width = len(grid), len(grid[0])
    widest = width - 1 if width > 3 else width
    tallest = height - 1 if height > 3 else height
    r, c = cell
    out = []
    for r0 in range(r, -1, -1):
        if grid[r0][c]:
            break
        for r1 in range(r, height):
            if grid[r1][c]:
                break
            for c0 in range(c, -1, -1):
                if any(grid[x][c0] for x in range(r0, r1 + 1)):
                    break
                for c1 in range(c, width):
                    if any(grid[x][c1] for x in range(r0, r1 + 1)):
                        break
                    size = (r1 - r0 + 1) * (c1 - c0 + 1)
                    if size > most:
                        break
                    if size > 1 and c1 - c0 < widest and r1 - r0 < tallest:
                        out.append((r0, c0, r1, c1))
    return out


def random_division(width: int, height: int, most: int, rng: random.Random) -> list[Rect]:
    """Rectangles covering the board: each uncovered cell, in random order, gets a random
    rectangle that fits around it; a cell with none keeps one of its own and then joins a
    neighbouring rectangle in a line with it (his `singleton removal`), where that keeps
    both rectangles."""
    grid = [[0] * width for _ in range(height)]
    rects: dict[int, Rect] = {}
    order = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(order)
    for cell in order:
        if grid[cell[0]][cell[1]]:
            continue
        options = fitting(grid, cell, most)
        rect = rng.choice(options) if options else (cell[0], cell[1], cell[0], cell[1])
        label = len(rects) + 1
        rects[label] = rect
        for r, c in rect_cells(rect):
            grid[r][c] = label
    for label in list(rects):
        single = rects.get(label)
        if single is not None and single[0] == single[2] and single[1] == single[3] and width * height > 1:
            grow_single(grid, rects, label, rng)
    return list(rects.values())


def grow_single(grid: list[list[int]], rects: dict[int, Rect], label: int, rng: random.Random) -> None:
    """A 1x1 rectangle takes a neighbour's whole side facing it, where that neighbour is one
    row or column thick along it (it joins it), or shaves a row or column off a neighbour
    whose edge it is in line with (his two ways); else it stays a 1."""
    r, c = rects[label][:2]
    height, width = len(grid), len(grid[0])
    ways: list[tuple[int, Rect | None, Rect]] = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        nr, nc = r + dr, c + dc
        if not (0 <= nr < height and 0 <= nc < width):
            continue
        other = grid[nr][nc]
        t, lft, b, rt = rects[other]
        if dr and lft == rt == c:  # a column of width 1 above or below: join it
            ways.append((other, None, (min(t, r), c, max(b, r), c)))
        elif dc and t == b == r:  # a row of height 1 beside it: join it
            ways.append((other, None, (r, min(lft, c), r, max(rt, c))))
        elif dr and (lft == c or rt == c) and (b - t + 1) * (rt - lft + 1) > 2:  # shave a column off it
            rest = (t, lft + 1, b, rt) if lft == c else (t, lft, b, rt - 1)
            ways.append((other, rest, (min(t, r), c, max(b, r), c)))
        elif dc and (t == r or b == r) and (b - t + 1) * (rt - lft + 1) > 2:  # shave a row off it
            rest = (t + 1, lft, b, rt) if t == r else (t, lft, b - 1, rt)
            ways.append((other, rest, (r, min(lft, c), r, max(rt, c))))
    if not ways:
        return
    other, left, grown = rng.choice(ways)
    if left is None:
        del rects[other]
    else:
        rects[other] = left
        for x, y in rect_cells(left):
            grid[x][y] = other
    rects[label] = grown
    for x, y in rect_cells(grown):
        grid[x][y] = label


@dataclass(frozen=True)
class ShikakuOptions(GeneratorOptions):
    size: int = board_size(7, SIZE, "board side (width and height unless given; Tatham's presets 7..19)")
    width: int | None = option(None, "board width (default: size)", SIZE.least_width, SIZE.most_width)
    height: int | None = board_height(SIZE)
    most: int | None = option(None, "the largest rectangle's area (default: a sixth of the board, as Tatham's)", 2,
                              SIZE.most_width * SIZE.most_height)


class ShikakuGenerator(Generator[ShikakuOptions]):
    puzzle = "shikaku"
    options_type = ShikakuOptions
    strips = False  # every number is needed: a rectangle without one breaks the rules
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list shikaku`
        cost(0.007, 0.02, size=7), cost(0.06, 0.069, size=11), cost(0.2, 0.22, size=19), cost(1.2, 1.5, size=30))
    unique_as_drawn: tuple[ShikakuParams, Grid] | None = None  # the last board `draw` checked unique

    def params_for(self, options: ShikakuOptions) -> ShikakuSpec:
        width, height = board_shape(options.size, options.width, options.height)
        ShikakuParams(width, height)  # checks the size
        if width * height < 2:
            raise PuzzleError(f"a {width}x{height} board has no room for a puzzle")
        most = options.most if options.most is not None else max(2, width * height // 6)
        return ShikakuSpec(width, height, most)

    def draw(self, params: ShikakuSpec, rng: random.Random, sessions: SessionCache) -> tuple[ShikakuParams, Grid]:
        """A random division with its numbers, repaired until unique (see the module's
        docstring); drawn afresh after `MAX_REPAIRS` repairs."""
        for _ in range(MAX_DRAWS):
            rects = sorted(random_division(params.width, params.height, params.most, rng))
            board = ShikakuParams(params.width, params.height,
                                  frozenset(rng.choice(list(rect_cells(rect))) for rect in rects))
            solution = labelled(board, rects)
            for _ in range(MAX_REPAIRS):
                other = rival(Instance("shikaku", board, self.candidate_clues(board, solution)), solution)
                if other is None:
                    self.unique_as_drawn = (board, solution)
                    return board, solution
                board, solution = moved(board, solution, other, rng)
        raise PuzzleError(f"no unique {params.width}x{params.height} shikaku in {MAX_DRAWS} draws")

    def candidate_clues(self, params: ShikakuParams, solution: Grid) -> dict:
        return {params.numbers[label - 1]: len(cells) for label, cells in regions(solution).items()}

    def deduces_all(self, params: ShikakuParams, clues: dict, solution: Grid) -> bool:
        """The board `draw` has just checked unique, with every number shown."""
        return self.unique_as_drawn == (params, solution) and clues == self.candidate_clues(params, solution)


def labelled(board: ShikakuParams, rects: list[Rect]) -> Grid:
    """The solution grid of a division whose rectangles each hold one of the board's numbers."""
    index = {cell: j + 1 for j, cell in enumerate(board.numbers)}
    grid = [[0] * board.width for _ in range(board.height)]
    for rect in rects:
        label = next(index[cell] for cell in rect_cells(rect) if cell in index)
        for r, c in rect_cells(rect):
            grid[r][c] = label
    return tuple(tuple(row) for row in grid)


def rival(inst: Instance, solution: Grid) -> Grid | None:
    """Another solution of a board with every number shown, or None: on the rules with the
    numbers built in (only rectangles of their areas), a small session of its own."""
    session = SatSession.given(PUZZLE, inst)
    try:
        found = session.other_than(session.assumptions({}), solution)
    finally:
        session.close()
    other: Grid | None = found.solution if found.sat else None
    return other


def moved(board: ShikakuParams, solution: Grid, other: Grid, rng: random.Random) -> tuple[ShikakuParams, Grid]:
    """Move one number whose rival rectangle differs to a cell of its own rectangle that
    the rival's leaves out: the rival then has a rectangle without a number."""
    mine, theirs = regions(solution), regions(other)
    moves = []
    for label, cells in sorted(mine.items()):
        rect = bounds(theirs[label])
        if rect != bounds(cells):
            moves += [(label, cell) for cell in cells if not contains(rect, cell)]
    label, cell = rng.choice(moves)
    old = board.numbers[label - 1]
    new = ShikakuParams(board.width, board.height, (board.numbered - {old}) | {cell})
    index = {c: j + 1 for j, c in enumerate(new.numbers)}
    relabel = {j + 1: index[cell if c == old else c] for j, c in enumerate(board.numbers)}
    return new, tuple(tuple(relabel[v] for v in row) for row in solution)


GENERATOR = ShikakuGenerator()
