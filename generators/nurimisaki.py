"""Random Nurimisaki boards: a random shading, a circle at every cape, its rivals turned
away, numbers stripped.

1. Shading (`random_shading`): one unshaded cell grows into an area one neighbouring cell at a
   time, never closing a 2x2 block unshaded, mostly into a block still all shaded and seldom
   closing a loop, until no block is all shaded (a block it can no longer reach: drawn
   afresh). The area is connected, with no 2x2 block of either colour.
2. Circles: every cape of the shading (an unshaded cell with one unshaded neighbour) gets a
   circle, the structure; each circle's number (the length of its run) is a candidate clue.
3. Even with every number shown, a fresh shading has rivals, nearly all of them one cell or
   two of a 2x2 block away (a rung of a ladder of unshaded cells that can go, two cells
   that can trade places). `near_rival` finds those without a solver; each is turned away
   (`turn`): a cell where the rival differs, or one within two steps of it, turns the other
   colour (or two cells of a 2x2 block do) where the shading stays valid with circles at
   its new capes and the rival breaks that board. A cell once turned is never turned back
   in the same draw, so the turns cannot go round in circles; a rival no turn breaks means
   a fresh draw. Of 40 10x10 draws, 34 lost every near rival, after 0 to 30 turns.
4. The engine then asks the solver for any rival left; `repair` turns it away the same way,
   up to one repair per `REPAIR_AREA` cells (20 10x10 records: 9 needed none, the others 1
   to 8), then strips the numbers while the board stays unique (10x10: 16.5 circles, 5.9
   numbers kept, on average). Circles stay, as Nurikabe's numbered cells do: a circle is a
   rule of the board, not a hint.

20x20 is the largest size: a record there costs about a second to make and a few to grade,
and 25x25 took 10 to 80 s (more rivals to turn away than draws that survive them).
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
)
from ..lab.engine.puzzle import BoardLimit, PuzzleError
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.connectivity import white_components
from ..solvers.nurimisaki import Cell, NurimisakiParams, Shading, capes, sight, windows

# from 2x2: a 1-wide board has no block to grow into
GENERATED = BoardLimit(20, 20, 2, 2)
MAX_DRAWS = 200
REPAIR_AREA = 5  # a draw takes one repair per this many cells (20 at 10x10) before it is drawn afresh
# a cell's weight to grow into: out of blocks still all shaded, and closing a loop (more capes,
# fewer ladders of unshaded cells to be ambiguous about; 16 circles on 10x10 against 10 at 1.0)
LOOP_WEIGHT = 0.02
FREE_WEIGHT = 0.05


@dataclass(frozen=True)
class NurimisakiSpec:
    """What a draw needs: the board's shape."""

    width: int
    height: int


def random_shading(width: int, height: int, rng: random.Random) -> Shading | None:
    """A connected unshaded area grown from a random cell, never making a 2x2 block
    unshaded, until no block is all shaded; None when one is left that it cannot reach. A
    cell to grow into is drawn with weight 1 in a block still all shaded, `FREE_WEIGHT`
    elsewhere, times `LOOP_WEIGHT` where it touches the area twice (closing a loop). Cells
    are numbered r * width + c; each block keeps its count of shaded cells."""
    params = NurimisakiParams(width, height)
    around = [[r * width + c for r, c in params.neighbours(*divmod(i, width))] for i in range(width * height)]
    blocks_of: list[list[int]] = [[] for _ in range(width * height)]
    for b, block in enumerate(windows(params)):
        for r, c in block:
            blocks_of[r * width + c].append(b)
    left = [4] * len(windows(params))  # shaded cells of each block
    shaded = [True] * (width * height)
    touching = [0] * (width * height)  # unshaded neighbours of each cell
    dark = len(left)
    frontier = {rng.randrange(width * height)}
    while dark:
        grow, weights = [], []
        for i in sorted(frontier):
            if any(left[b] == 1 for b in blocks_of[i]):
                continue  # it would close an unshaded 2x2 block
            grow.append(i)
            weights.append((1.0 if any(left[b] == 4 for b in blocks_of[i]) else FREE_WEIGHT)
                           * (LOOP_WEIGHT if touching[i] > 1 else 1.0))
        if not grow:
            return None
        i = rng.choices(grow, weights)[0]
        shaded[i] = False
        frontier.discard(i)
        for b in blocks_of[i]:
            dark -= left[b] == 4
            left[b] -= 1
        for nb in around[i]:
            touching[nb] += 1
            if shaded[nb]:
                frontier.add(nb)
    return tuple(tuple(shaded[r * width:(r + 1) * width]) for r in range(height))


@dataclass(frozen=True)
class NurimisakiOptions(GeneratorOptions):
    size: int = board_size(10, GENERATED, "board side (width and height unless given)")
    width: int | None = board_width(GENERATED)
    height: int | None = board_height(GENERATED)


class NurimisakiGenerator(Generator[NurimisakiOptions]):
    puzzle = "nurimisaki"
    options_type = NurimisakiOptions
    costs = (  # CPU seconds a record, median and most of 3 (seed 0, 2026-12-02): `puzzlelab list nurimisaki`
        cost(0.07, 0.11, size=6), cost(0.29, 0.35, size=10), cost(0.46, 1.69, size=15), cost(2.1, 9.6, size=20))
    repairs_left = 0  # repairs the current draw may still take
    turned_before: set[Cell] = set()  # cells the current draw's repairs turned: never turned back

    def params_for(self, options: NurimisakiOptions) -> NurimisakiSpec:
        width, height = board_shape(options.size, options.width, options.height)
        GENERATED.check(self.puzzle, width, height)
        return NurimisakiSpec(width, height)

    def draw(self, params: NurimisakiSpec, rng: random.Random,
             sessions: SessionCache) -> tuple[NurimisakiParams, Shading]:
        """A random shading with a circle at every cape, its near rivals turned away (see
        the module's docstring)."""
        for _ in range(MAX_DRAWS):
            self.repairs_left, self.turned_before = params.width * params.height // REPAIR_AREA, set()
            solution = random_shading(params.width, params.height, rng)
            if solution is None:
                continue
            board = with_circles(params.width, params.height, solution)
            cleared = self.clear_near(board, solution, rng)
            if cleared is not None:
                return cleared
        raise PuzzleError(f"no {params.width}x{params.height} nurimisaki shading in {MAX_DRAWS} draws")

    def clear_near(self, board: NurimisakiParams, solution: Shading,
                   rng: random.Random) -> tuple[NurimisakiParams, Shading] | None:
        """The board and shading with every near rival turned away, or None where one
        cannot be."""
        for _ in range(board.width * board.height):
            other = near_rival(board, solution)
            if other is None:
                return board, solution
            fixed = self.turn(board, solution, other, rng)
            if fixed is None:
                return None
            board, _, solution = fixed
        return None

    def repair(self, params: NurimisakiParams, clues: dict, solution: Shading, other: Shading,
               rng: random.Random) -> tuple[NurimisakiParams, dict, Shading] | None:
        """`turn` the rival away, then the near rivals the turn made; after a repair per
        `REPAIR_AREA` cells, None (draw afresh)."""
        self.repairs_left -= 1
        fixed = self.turn(params, solution, other, rng) if self.repairs_left >= 0 else None
        cleared = None if fixed is None else self.clear_near(fixed[0], fixed[2], rng)
        return None if cleared is None else (cleared[0], self.candidate_clues(*cleared), cleared[1])

    def turn(self, params: NurimisakiParams, solution: Shading, other: Shading,
             rng: random.Random) -> tuple[NurimisakiParams, dict, Shading] | None:
        """A cell where the rival differs, or one in a 2x2 block with such a cell (or with one
        of those), turns the other colour, or two cells of a 2x2 block turn, where the
        shading stays valid and the rival breaks the board of its new capes; never a cell
        turned before in this draw. The board, its numbers and its shading, or None when no
        turn does."""
        rival = (frozenset(capes(params, other)), other)
        differ = [cell for cell in params.cells() if solution[cell[0]][cell[1]] != other[cell[0]][cell[1]]]
        near = sorted({mate for cell in differ for mate in block_mates(params, cell)} - set(differ))
        far = sorted({mate for cell in near for mate in block_mates(params, cell)} - set(near) - set(differ))
        for group in (differ, near, far):
            rng.shuffle(group)
        turns: list[tuple[Cell, ...]] = [(cell,) for cell in differ + near + far]
        turns += [(cell, mate) for cell in differ + near for mate in sorted(block_mates(params, cell))
                  if mate > cell or mate in far]
        for cells in turns:
            fixed = None if self.turned_before.intersection(cells) else turned(params, solution, cells, rival)
            if fixed is not None:
                self.turned_before.update(cells)
                return fixed
        return None

    def candidate_clues(self, params: NurimisakiParams, solution: Shading) -> dict:
        return {cell: sight(params, solution, cell) for cell in params.circles}


def near_rival(params: NurimisakiParams, solution: Shading) -> Shading | None:
    """A second solution of the board with every number shown that differs from `solution`
    in one cell or in two of a 2x2 block (the first such, in reading order), or None: the
    capes and runs the same, the rules kept. Cheap where a solver call is not: most rivals
    of a fresh draw are such."""
    rows = [list(row) for row in solution]
    singles = [(cell,) for cell in params.cells() if cell not in params.circles]
    pairs = [(a, b) for (a,) in singles for b in sorted(block_mates(params, a)) if b > a and b not in params.circles]
    for cells in singles + pairs:
        for r, c in cells:
            rows[r][c] = not rows[r][c]
        if all(same_capes_around(params, rows, cell) and same_runs_through(params, solution, rows, cell)
               for cell in cells) and holds_after_turn(params, rows, cells):
            return tuple(tuple(row) for row in rows)
        for r, c in cells:
            rows[r][c] = not rows[r][c]
    return None


def same_capes_around(params: NurimisakiParams, shading: Sequence[Sequence[bool]], cell: Cell) -> bool:
    """Are `cell` and its neighbours capes in `shading` exactly where the board has circles?"""
    for x, y in (cell, *params.neighbours(*cell)):
        cape = not shading[x][y] and sum(not shading[a][b] for a, b in params.neighbours(x, y)) == 1
        if cape != ((x, y) in params.circles):
            return False
    return True


def same_runs_through(params: NurimisakiParams, before: Shading, after: Sequence[Sequence[bool]], cell: Cell) -> bool:
    """Do the circles of `cell`'s row and column see as many cells after as before?"""
    return all(sight(params, after, circle) == sight(params, before, circle) for circle in params.circles
               if circle[0] == cell[0] or circle[1] == cell[1])


def block_mates(params: NurimisakiParams, cell: Cell) -> set[Cell]:
    """The other cells of the 2x2 blocks through `cell`."""
    r, c = cell
    return {(x, y) for x in range(r - 1, r + 2) for y in range(c - 1, c + 2)
            if params.inside(x, y) and (x, y) != cell}


def turned(params: NurimisakiParams, solution: Shading, cells: tuple[Cell, ...],
           rival: tuple[frozenset[Cell], Shading]) -> tuple[NurimisakiParams, dict, Shading] | None:
    """The board of `solution` with `cells` turned the other colour and circles at its capes,
    its numbers and its shading, if the shading is valid and the rival (its capes and
    shading) breaks it; else None."""
    rows = [list(row) for row in solution]
    for r, c in cells:
        rows[r][c] = not rows[r][c]
    shading = tuple(tuple(row) for row in rows)
    if not holds_after_turn(params, shading, cells):
        return None
    board = with_circles(params.width, params.height, shading)
    clues = {cell: sight(board, shading, cell) for cell in board.circles}
    rival_capes, other = rival
    if board.circles == rival_capes and all(sight(board, other, cell) == v for cell, v in clues.items()):
        return None
    return board, clues, shading


def holds_after_turn(params: NurimisakiParams, shading: Sequence[Sequence[bool]], cells: tuple[Cell, ...]) -> bool:
    """Is a valid shading with `cells` turned still valid (with circles at its capes): no 2x2
    block of one colour through them, some cell shaded, the unshaded cells connected?"""
    for r, c in cells:
        for x in (r - 1, r):
            for y in (c - 1, c):
                if 0 <= x < params.height - 1 and 0 <= y < params.width - 1 and \
                        len({shading[x][y], shading[x + 1][y], shading[x][y + 1], shading[x + 1][y + 1]}) == 1:
                    return False
    return any(any(row) for row in shading) and len(white_components(shading)) <= 1


def with_circles(width: int, height: int, solution: Shading) -> NurimisakiParams:
    """The board whose circles are the shading's capes."""
    return NurimisakiParams(width, height, frozenset(capes(NurimisakiParams(width, height), solution)))


GENERATOR = NurimisakiGenerator()
