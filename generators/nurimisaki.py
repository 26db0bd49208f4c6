"""Random Nurimisaki boards: a random shading, a circle at every cape, its rivals turned
away, numbers stripped.

1. Shading (`random_shading`): one unshaded cell grows into an area one neighbouring cell at a
   time, never closing a 2x2 block unshaded, mostly into a block still all shaded and seldom
   closing a loop, until no block is all shaded (a block it can no longer reach: drawn
   afresh). The area is connected, with no 2x2 block of either colour.
2. Circles: every cape of the shading (an unshaded cell with one unshaded neighbour) gets a
   circle, the structure; each circle's number (the length of its run) is a candidate clue.
3. Even with every number shown, a fresh shading has rivals, most of them one cell or two of
   a 2x2 block away (a rung of a ladder of unshaded cells that can go, two cells that can
   trade places). `clear_near` finds those without a solver (`rival_by`) and turns each
   away (`turn`): a cell where the rival differs, or one within two steps of it, turns the
   other colour (or two cells of a 2x2 block do) where the shading stays valid with circles
   at its new capes and the rival breaks that board. A cell once turned is never turned
   back in the same draw, so the turns cannot go round in circles; a rival no turn breaks
   means a fresh draw (of 40 draws, 5 at 10x10 and 18 at 20x20).
4. The engine then asks the solver for any rival left; `repair` turns it away the same way
   (and the near rivals the turn made), up to one repair per `REPAIR_AREA` cells, then
   strips the numbers while the board stays unique. Twenty 10x10 records: 0 to 6 repairs
   (8 none), 17.8 circles and 5.7 numbers kept on average; five 20x20: 1 to 11 repairs, 69
   circles, 25 numbers. Circles stay, as Nurikabe's numbered cells do: a circle is a rule
   of the board, not a hint.

20x20 is the largest size: a record there costs a few seconds, half of it the grade; made
without the grade, a 25x25 record took 4 to 15 s and a 30x30 one 26 to 32 s.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

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
from ..solvers.nurimisaki import Cell, NurimisakiParams, Shading, capes, sight, windows

# from 2x2: a 1-wide board has no block to grow into
GENERATED = BoardLimit(20, 20, 2, 2)
MAX_DRAWS = 200
RECHECK = 3  # after a turn, the near rivals within this many cells of it are looked for again
REPAIR_AREA = 5  # a draw takes one repair per this many cells (20 at 10x10) before it is drawn afresh
# a cell's weight to grow into: closing a loop (more capes, fewer ladders of unshaded cells to be
# ambiguous about: 16 circles a 10x10 board, 10 at weight 1), and out of blocks still all shaded
# (the edge's cells mostly: at 0.05, 31% of them unshaded against 63% inside; at 0.3, 56% and 60%)
LOOP_WEIGHT = 0.02
FREE_WEIGHT = 0.3


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
        cost(0.05, 0.11, size=6), cost(0.23, 0.29, size=10), cost(0.66, 0.71, size=15), cost(2.4, 4.4, size=20))
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
        """The board and shading with their near rivals turned away, or None where one
        cannot be. Each possible rival (`near_turns`) is looked at once, and again after a
        turn within `RECHECK` cells of it: a turn far away seldom makes one (the solver's
        check after the draw finds any left)."""
        todo = deque(near_turns(board.width, board.height))
        queued = set(todo)
        while todo:
            cells = todo.popleft()
            queued.discard(cells)
            other = rival_by(board, solution, cells)
            if other is None:
                continue
            fixed = self.turn(board, solution, other, rng)
            if fixed is None:
                return None
            changed = [cell for cell in board.cells() if fixed[2][cell[0]][cell[1]] != solution[cell[0]][cell[1]]]
            board, _, solution = fixed
            around = {(r + dr, c + dc) for r, c in changed for dr in range(-RECHECK, RECHECK + 1)
                      for dc in range(-RECHECK, RECHECK + 1)}
            again = [turn for turn in near_turns(board.width, board.height)
                     if turn not in queued and turn[0] in around]
            todo.extend(again)
            queued.update(again)
        return board, solution

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
        rival = Rival.of(params, solution, other)
        differ = [cell for cell in params.cells() if solution[cell[0]][cell[1]] != other[cell[0]][cell[1]]]
        near = sorted({mate for cell in differ for mate in block_mates(params, cell)} - set(differ))
        far = sorted({mate for cell in near for mate in block_mates(params, cell)} - set(near) - set(differ))
        for group in (differ, near, far):
            rng.shuffle(group)
        turns: list[tuple[Cell, ...]] = [(cell,) for cell in differ + near + far]
        turns += [(cell, mate) for cell in differ + near for mate in block_mates(params, cell)
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
    in one cell or in two of a 2x2 block (the first such, in reading order), or None."""
    return next((other for cells in near_turns(params.width, params.height)
                 if (other := rival_by(params, solution, cells)) is not None), None)


@cache
def near_turns(width: int, height: int) -> tuple[tuple[Cell, ...], ...]:
    """Every cell, then every two cells of a 2x2 block, in reading order: where near rivals
    differ."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    return tuple([(cell,) for cell in cells] + [(a, b) for a in cells for b in mates_table(width, height)[a[0]][a[1]]
                                                 if b > a])


def rival_by(params: NurimisakiParams, solution: Shading, cells: tuple[Cell, ...]) -> Shading | None:
    """The second solution of the board with every number shown that `solution` with
    `cells` turned is, or None: the capes and runs the same, the rules kept. Cheap where a
    solver call is not: most rivals of a fresh draw are such."""
    if not params.circles.isdisjoint(cells):
        return None
    rows = [list(row) for row in solution]
    for r, c in cells:
        rows[r][c] = not rows[r][c]
    if no_block_through(params, rows, cells) \
            and all(same_capes_around(params, rows, cell) for cell in cells) \
            and all(same_runs_through(params, solution, rows, cell) for cell in cells) \
            and joined(params, rows, cells):
        return tuple(tuple(row) for row in rows)
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


def block_mates(params: NurimisakiParams, cell: Cell) -> list[Cell]:
    """The other cells of the 2x2 blocks through `cell`, in reading order."""
    return mates_table(params.width, params.height)[cell[0]][cell[1]]


@cache
def mates_table(width: int, height: int) -> list[list[list[Cell]]]:
    """`block_mates` of every cell, once per size."""
    return [[[(x, y) for x in range(r - 1, r + 2) for y in range(c - 1, c + 2)
              if 0 <= x < height and 0 <= y < width and (x, y) != (r, c)] for c in range(width)] for r in range(height)]


@dataclass(frozen=True)
class Rival:
    """A rival solution as `turned` weighs it: its capes, its shading, the runs its circles
    (the board's) see there, and the runs they see in our shading."""

    capes: frozenset[Cell]
    shading: Shading
    runs: dict[Cell, int]
    ours: dict[Cell, int]

    @staticmethod
    def of(params: NurimisakiParams, solution: Shading, other: Shading) -> Rival:
        """The rival `other` of `solution` on the board `params`."""
        return Rival(frozenset(capes(params, other)), other,
                     {cell: sight(params, other, cell) for cell in params.circles},
                     {cell: sight(params, solution, cell) for cell in params.circles})


def turned(params: NurimisakiParams, solution: Shading, cells: tuple[Cell, ...],
           rival: Rival) -> tuple[NurimisakiParams, dict, Shading] | None:
    """The board of `solution` (whose capes are its circles) with `cells` turned the other
    colour and circles at its capes, its numbers and its shading, if the shading is valid
    and the rival breaks it; else None. Cheapest checks first: the blocks through the
    cells, the capes beside them, the rival; connectivity last. Only the circles beside the
    cells or in their rows and columns can change their runs."""
    rows = [list(row) for row in solution]
    for r, c in cells:
        rows[r][c] = not rows[r][c]
    if not no_block_through(params, rows, cells):
        return None
    near = {x for cell in cells for x in (cell, *params.neighbours(*cell))}
    circles = {cell for cell in params.circles if cell not in near} | {
        (r, c) for r, c in near if not rows[r][c] and sum(not rows[x][y] for x, y in params.neighbours(r, c)) == 1}
    board = NurimisakiParams(params.width, params.height, frozenset(circles))
    lines = {r for r, _ in cells}, {c for _, c in cells}
    moved = {cell for cell in circles if cell in near or cell not in rival.ours
             or cell[0] in lines[0] or cell[1] in lines[1]}
    clues = {cell: sight(board, rows, cell) if cell in moved else rival.ours[cell] for cell in circles}
    if board.circles == rival.capes and all(
            v == (sight(board, rival.shading, cell) if cell not in rival.runs else rival.runs[cell])
            for cell, v in clues.items()):
        return None
    if not joined(params, rows, cells):
        return None
    return board, clues, tuple(tuple(row) for row in rows)


def joined(params: NurimisakiParams, shading: Sequence[Sequence[bool]], cells: tuple[Cell, ...]) -> bool:
    """Are the unshaded cells still connected, after `cells` of a connected shading with no
    2x2 block of one colour turned? (Some cell stays shaded: the board is 2x2 at least and
    no block through the cells is all unshaded.) Every other unshaded cell reached any cell
    by a path, which now stops, if at all, beside a cell turned shaded; so the cells turned
    unshaded, those beside a cell turned shaded, and one untouched unshaded cell must reach
    each other. Each grows an area in turn (`meet`), so a small piece cut off is seen as
    soon as it is filled."""
    wanted = {cell for cell in cells if not shading[cell[0]][cell[1]]}
    wanted |= {nb for cell in cells if shading[cell[0]][cell[1]] for nb in params.neighbours(*cell)
               if not shading[nb[0]][nb[1]]}
    touched = set(cells) | wanted
    anchor = next((cell for cell in params.cells() if cell not in touched and not shading[cell[0]][cell[1]]), None)
    if anchor is not None:
        wanted.add(anchor)
    return meet(params, shading, sorted(wanted))


def meet(params: NurimisakiParams, shading: Sequence[Sequence[bool]], starts: list[Cell]) -> bool:
    """Do the unshaded cells `starts` lie in one piece? Each grows its own area a cell at a
    time, areas that touch merge; False as soon as a merged area can grow no further while
    others are left."""
    group = list(range(len(starts)))

    def root(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    owner = {cell: i for i, cell in enumerate(starts)}
    todo = [deque([cell]) for cell in starts]
    left = len(starts)
    while left > 1:
        growing = set()
        for i, queue in enumerate(todo):
            if not queue:
                continue
            growing.add(root(i))
            for nb in params.neighbours(*queue.popleft()):
                if shading[nb[0]][nb[1]]:
                    continue
                j = owner.get(nb)
                if j is None:
                    owner[nb] = i
                    queue.append(nb)
                elif root(j) != root(i):
                    group[root(j)] = root(i)
                    left -= 1
        if left > 1 and len({root(i) for i in growing}) < left:
            return False
    return True


def no_block_through(params: NurimisakiParams, shading: Sequence[Sequence[bool]], cells: tuple[Cell, ...]) -> bool:
    """Is no 2x2 block through `cells` all one colour?"""
    for r, c in cells:
        for x in (r - 1, r):
            for y in (c - 1, c):
                if 0 <= x < params.height - 1 and 0 <= y < params.width - 1 and \
                        len({shading[x][y], shading[x + 1][y], shading[x][y + 1], shading[x + 1][y + 1]}) == 1:
                    return False
    return True


def with_circles(width: int, height: int, solution: Shading) -> NurimisakiParams:
    """The board whose circles are the shading's capes."""
    return NurimisakiParams(width, height, frozenset(capes(NurimisakiParams(width, height), solution)))


GENERATOR = NurimisakiGenerator()
