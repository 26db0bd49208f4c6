"""Random Nurimaze boards: a random maze of unshaded cells, rooms cut from it, S and G at two
of its dead ends, a mark on every unshaded cell, the marks stripped.

1. Maze (`random_tree`): one unshaded cell grows one neighbouring cell at a time, only into a
   cell touching exactly one unshaded cell (so no loop and no unshaded 2x2 block can form),
   mostly into a 2x2 block still all shaded, until none is left (a block it can no longer
   reach: drawn afresh). The unshaded cells are then a tree, with no 2x2 block of either colour.
2. S and G: a random dead end of the tree, and the dead end farthest from it (the way between
   them long, so that circles and triangles have a way to be on or off).
3. Rooms (`random_rooms`): neighbouring cells of one colour joined at random, a room growing to
   at most `ROOM_MOST` cells.
4. Candidate clues: every unshaded cell but S and G, a circle on the way, a triangle off it.
   Marks keep only unshaded cells unshaded, so a rival turns shaded rooms unshaded; `repair`
   joins such a room to a neighbouring shaded room the rival keeps shaded (the rival then
   breaks the room rule, the drawn shading keeps it).
5. The engine strips marks while the shading stays unique.
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
)
from ..lab.engine.puzzle import BoardLimit, PuzzleError
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.connectivity import neighbours
from ..lab.toolkit.regions import renumbered
from ..solvers.nurimaze import CIRCLE, TRIANGLE, Cell, NurimazeParams, Shading, route

GENERATED = BoardLimit(20, 20, 2, 2)
MAX_DRAWS = 200
FREE_WEIGHT = 0.3  # a cell's weight to grow into outside every all-shaded block (1 inside one)
ROOM_MOST = 4  # the largest room drawn (repairs may join shaded rooms into larger ones)


@dataclass(frozen=True)
class NurimazeSpec:
    """What a draw needs: the board's shape."""

    width: int
    height: int


def random_tree(width: int, height: int, rng: random.Random) -> Shading | None:
    """Step 1 of the module docstring; None when a 2x2 block is left all shaded that no cell
    can grow into."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    blocks_of: dict[Cell, list[int]] = {cell: [] for cell in cells}
    blocks = [((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)) for r in range(height - 1) for c in range(width - 1)]
    for b, block in enumerate(blocks):
        for cell in block:
            blocks_of[cell].append(b)
    left = [4] * len(blocks)  # shaded cells of each block
    dark = len(blocks)
    shaded = {cell: True for cell in cells}
    touching = {cell: 0 for cell in cells}

    def open_(cell: Cell) -> None:
        nonlocal dark
        shaded[cell] = False
        for b in blocks_of[cell]:
            dark -= left[b] == 4
            left[b] -= 1
        for nb in neighbours(height, width, *cell):
            touching[nb] += 1

    open_(rng.choice(cells))
    while dark:
        grow = [cell for cell in cells if shaded[cell] and touching[cell] == 1]
        if not grow:
            return None
        weights = [1.0 if any(left[b] == 4 for b in blocks_of[cell]) else FREE_WEIGHT for cell in grow]
        open_(rng.choices(grow, weights)[0])
    return tuple(tuple(shaded[(r, c)] for c in range(width)) for r in range(height))


def ends(shading: Shading, rng: random.Random) -> tuple[Cell, Cell] | None:
    """Step 2: S at a random dead end, G at the dead end farthest from it; None for a tree of
    one cell."""
    height, width = len(shading), len(shading[0])
    white = [(r, c) for r in range(height) for c in range(width) if not shading[r][c]]
    if len(white) < 2:
        return None

    def degree(cell: Cell) -> int:
        return sum(not shading[r][c] for r, c in neighbours(height, width, *cell))

    leaves = [cell for cell in white if degree(cell) == 1]
    start = rng.choice(leaves)
    far = {start: 0}
    todo = [start]
    for cell in todo:
        for nb in neighbours(height, width, *cell):
            if nb not in far and not shading[nb[0]][nb[1]]:
                far[nb] = far[cell] + 1
                todo.append(nb)
    most = max(far[cell] for cell in leaves if cell != start)
    goal = rng.choice([cell for cell in leaves if cell != start and far[cell] == most])
    return start, goal


def random_rooms(shading: Shading, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """Step 3: rooms of one colour each, neighbours joined in random order up to `ROOM_MOST`
    cells a room."""
    height, width = len(shading), len(shading[0])
    root = {(r, c): (r, c) for r in range(height) for c in range(width)}
    size = {cell: 1 for cell in root}

    def find(x: Cell) -> Cell:
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    pairs = [((r, c), nb) for r in range(height) for c in range(width)
             for nb in ((r, c + 1), (r + 1, c)) if nb[0] < height and nb[1] < width]
    rng.shuffle(pairs)
    for a, b in pairs:
        if shading[a[0]][a[1]] != shading[b[0]][b[1]]:
            continue
        ra, rb = find(a), find(b)
        if ra != rb and size[ra] + size[rb] <= rng.randint(2, ROOM_MOST):
            root[ra] = rb
            size[rb] += size[ra]
    return renumbered([[find((r, c)) for c in range(width)] for r in range(height)])


@dataclass(frozen=True)
class NurimazeOptions(GeneratorOptions):
    size: int = board_size(8, GENERATED, "board side (width and height unless given)")
    width: int | None = board_width(GENERATED)
    height: int | None = board_height(GENERATED)


class NurimazeGenerator(Generator[NurimazeOptions]):
    puzzle = "nurimaze"
    options_type = NurimazeOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list nurimaze`
        cost(0.0079, 0.055, size=5), cost(0.054, 0.062, size=8), cost(0.11, 0.11, size=10),
        cost(0.56, 1.3, size=15), cost(2.1, 3.0, size=20))

    def params_for(self, options: NurimazeOptions) -> NurimazeSpec:
        width, height = board_shape(options.size, options.width, options.height)
        GENERATED.check(self.puzzle, width, height)
        return NurimazeSpec(width, height)

    def draw(self, params: NurimazeSpec, rng: random.Random, sessions: SessionCache
             ) -> tuple[NurimazeParams, Shading]:
        """Steps 1 to 3 of the module docstring, drawn again while the maze is stuck."""
        for _ in range(MAX_DRAWS):
            shading = random_tree(params.width, params.height, rng)
            picked = ends(shading, rng) if shading is not None else None
            if shading is None or picked is None:
                continue
            rooms = random_rooms(shading, rng)
            return NurimazeParams(params.width, params.height, rooms, *picked), shading
        raise PuzzleError(f"no maze drawn on a {params.width}x{params.height} board in {MAX_DRAWS} tries")

    def candidate_clues(self, params: NurimazeParams, solution: Shading) -> dict:
        way = set(route(params, solution) or ())
        return {(r, c): CIRCLE if (r, c) in way else TRIANGLE for r, c in params.cells()
                if not solution[r][c] and (r, c) not in (params.start, params.goal)}

    def repair(self, params: NurimazeParams, clues: dict, solution: Shading, other: Shading,
               rng: random.Random) -> tuple[NurimazeParams, dict, Shading] | None:
        """Step 4: join a room the rival unshades to a neighbouring shaded room it keeps shaded."""
        rooms = params.rooms
        opened = sorted({rooms[r][c] for r, c in params.cells() if solution[r][c] and not other[r][c]})
        rng.shuffle(opened)
        for room in opened:
            kept = sorted({rooms[nb[0]][nb[1]] for cell in params.room_cells[room]
                           for nb in neighbours(params.height, params.width, *cell)
                           if solution[nb[0]][nb[1]] and other[nb[0]][nb[1]]})
            if kept:
                join = rng.choice(kept)
                grid = [[room if k == join else k for k in row] for row in rooms]
                changed = NurimazeParams(params.width, params.height, renumbered(grid), params.start, params.goal)
                return changed, dict(clues), solution
        return None


GENERATOR = NurimazeGenerator()
