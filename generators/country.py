"""Random Country Road boards: a loop, rooms cut along it, the rooms' visits as clues.

1. The loop: the border of a disk of faces (Pearl's `Sketch`), reshaped by random flips
   that keep it one simple loop; it passes two thirds to three quarters of the cells.
2. Rooms: the loop cut into arcs of ARC_CELLS cells at random places, each arc the start of
   a room (the loop then enters and leaves it once), and each group of unvisited cells
   (joined side by side) added whole to a room beside it, so that no two unvisited cells lie
   either side of a border. The loop is a solution of these rooms.
3. Candidate clues: every room's number, the cells of it the loop visits.
4. The engine asks for a second solution; `repair` cuts a room in two where the rival
   differs (its arc in two, its unvisited groups each to a half they touch), so that the
   drawn loop keeps every rule and the rival breaks one (a half visited twice or not at
   all, or a half's number). The engine then strips numbers while the loop stays unique.
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
from ..lab.engine.puzzle import BoardLimit
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.regions import renumbered
from ..solvers.country import Cell, CountryParams, Loop, room_problems, step, visits
from ..solvers.pearl import PearlParams
from .pearl import Sketch

WANDER = 3  # random flips per face
ARC_CELLS = (2, 6)  # the loop cells a room starts with, at least and at most
# a 20x20 record takes 4 to 16 s (2 to 4 s to make, up to 12 s a grade that runs out of probes):
# larger boards are for `check`, not to generate
GENERATED = BoardLimit(20, 20, 2, 2)


@dataclass(frozen=True)
class CountrySpec:
    """What to draw: a width x height board (the rooms are drawn with the loop)."""

    width: int
    height: int


def random_loop(width: int, height: int, rng: random.Random) -> Loop:
    """One simple loop: random face flips that keep the region a disk."""
    sketch = Sketch(PearlParams(width, height))
    n = len(sketch.faces)
    for _ in range(WANDER * n):
        k = rng.randrange(n)
        if sketch.may_flip(k):
            sketch.flip(k)
    return sketch.loop()


def loop_order(loop: Loop) -> list[Cell]:
    """The loop's cells in the order it passes them, from its first cell in reading order."""
    start = next((r, c) for r, row in enumerate(loop) for c, s in enumerate(row) if s)
    order, before, cell = [start], None, start
    while True:
        nxt = next(x for d in loop[cell[0]][cell[1]] if (x := step(cell, d)) != before)
        if nxt == start:
            return order
        order.append(nxt)
        before, cell = cell, nxt


def unvisited_groups(loop: Loop, cells: Sequence[Cell] | None = None) -> list[list[Cell]]:
    """The cells the loop leaves out (of `cells`, default all), in groups joined side by side."""
    height, width = len(loop), len(loop[0])
    todo = {cell for cell in (cells if cells is not None else
                              [(r, c) for r in range(height) for c in range(width)]) if not loop[cell[0]][cell[1]]}
    groups = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.discard(start)
        group, stack = [start], [start]
        while stack:
            cell = stack.pop()
            for d in "UDLR":
                nxt = step(cell, d)
                if nxt in todo:
                    todo.discard(nxt)
                    group.append(nxt)
                    stack.append(nxt)
        groups.append(sorted(group))
    return groups


def rooms_around(loop: Loop, arcs: Sequence[Sequence[Cell]], rng: random.Random) -> CountryParams:
    """Rooms from arcs of the loop: each unvisited group joins an arc it touches."""
    height, width = len(loop), len(loop[0])
    room = [[-1] * width for _ in range(height)]
    for k, arc in enumerate(arcs):
        for r, c in arc:
            room[r][c] = k
    for group in unvisited_groups(loop):
        touching = sorted({room[x[0]][x[1]] for cell in group for d in "UDLR"
                           if 0 <= (x := step(cell, d))[0] < height and 0 <= x[1] < width and room[x[0]][x[1]] >= 0})
        k = rng.choice(touching)
        for r, c in group:
            room[r][c] = k
    return CountryParams(width, height, renumbered(room))


def cut_arcs(order: list[Cell], rng: random.Random) -> list[list[Cell]]:
    """The loop's cells in arcs of ARC_CELLS cells (the last may be shorter; one arc for a
    loop too short for two), from a random place on it."""
    shift = rng.randrange(len(order))
    order = order[shift:] + order[:shift]
    arcs: list[list[Cell]] = []
    at = 0
    while at < len(order):
        size = rng.randint(*ARC_CELLS)
        if len(order) - at - size < ARC_CELLS[0] and arcs:
            size = len(order) - at
        arcs.append(order[at:at + size])
        at += size
    return arcs


def random_board(width: int, height: int, rng: random.Random) -> tuple[CountryParams, Loop]:
    loop = random_loop(width, height, rng)
    return rooms_around(loop, cut_arcs(loop_order(loop), rng), rng), loop


def room_arc(params: CountryParams, loop: Loop, room: int) -> list[Cell]:
    """The cells of `room` the loop visits, in its order (one arc, the loop being a solution)."""
    order = loop_order(loop)
    inside = [params.room(cell) == room for cell in order]
    first = next((i for i in range(len(order)) if inside[i] and not inside[i - 1]), 0)
    order = order[first:] + order[:first]
    return [cell for cell in order if params.room(cell) == room]


def halves(params: CountryParams, loop: Loop, room: int, rng: random.Random) -> list[CountryParams]:
    """Every cut of `room` in two: its arc at each place, each unvisited group of it to a half it
    touches (at random where both)."""
    arc = room_arc(params, loop, room)
    groups = unvisited_groups(loop, params.room_cells[room])
    out = []
    for at in range(1, len(arc)):
        rows = [list(row) for row in params.rooms]
        for r, c in arc[at:]:
            rows[r][c] = params.count
        for group in groups:
            touching = sorted({rows[x[0]][x[1]] for cell in group for d in "UDLR"
                               if params.inside(*(x := step(cell, d))) and loop[x[0]][x[1]]
                               and params.room(x) == room})
            k = rng.choice(touching)
            for r, c in group:
                rows[r][c] = k
        out.append(CountryParams(params.width, params.height, renumbered(rows)))
    return out


@dataclass(frozen=True)
class CountryOptions(GeneratorOptions):
    size: int = board_size(8, GENERATED, "board side (width and height unless given)")
    width: int | None = board_width(GENERATED)
    height: int | None = board_height(GENERATED)


class CountryGenerator(Generator[CountryOptions]):
    puzzle = "country"
    options_type = CountryOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list country`
        cost(0.022, 0.032, size=5), cost(0.037, 0.078, size=8), cost(0.21, 0.24, size=10), cost(0.75, 1.8, size=15),
        cost(9.3, 16.4, size=20))

    def params_for(self, options: CountryOptions) -> CountrySpec:
        width, height = board_shape(options.size, options.width, options.height)
        GENERATED.check(self.puzzle, width, height)
        return CountrySpec(width, height)

    def draw(self, params: CountrySpec, rng: random.Random, sessions: SessionCache) -> tuple[CountryParams, Loop]:
        return random_board(params.width, params.height, rng)

    def candidate_clues(self, params: CountryParams, solution: Loop) -> dict:
        return dict(zip(params.tops, visits(params, solution)))

    def repair(self, params: CountryParams, clues: dict, solution: Loop, other: Loop,
               rng: random.Random) -> tuple[CountryParams, dict, Loop] | None:
        """Rule `other` out: cut a room where it differs from `solution` in two, such that
        `solution` still keeps every rule and `other` breaks one."""
        rooms = sorted({params.room(cell) for cell in params.cells()
                        if solution[cell[0]][cell[1]] != other[cell[0]][cell[1]]})
        rng.shuffle(rooms)
        for room in rooms:
            cuts = halves(params, solution, room, rng)
            rng.shuffle(cuts)
            for changed in cuts:
                clues = self.candidate_clues(changed, solution)
                if not room_problems(changed, clues, solution) and room_problems(changed, clues, other):
                    return changed, clues, solution
        return None


GENERATOR = CountryGenerator()
