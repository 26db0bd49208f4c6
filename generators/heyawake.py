"""Random Heyawake boards: rectangular rooms, a random shading, the rooms' counts as clues.

1. Rooms: the board cut into rectangles, as Nikoli's rooms are: a rectangle larger than
   MOST_AREA cells is always cut, one of SOME_AREA or more at random, across its longer
   side when it has one (a random side otherwise), at a random place.
2. Shading: a random solution of the rooms with no number (SAT: rules (2) to (4) only).
3. Candidate clues: every room's count. When the full set admits a rival shading, `repair`
   cuts a room in two where the rival differs, so that one half's count (or the new
   border's run rule) tells the two apart while the drawn shading stays a solution.
4. The engine strips numbers while the shading stays unique.
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
from ..lab.engine.puzzle import BoardLimit, Instance
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.regions import renumbered
from ..solvers.heyawake import PUZZLE, HeyawakeParams, Shading, room_counts

MOST_AREA = 9  # a room larger than this is always cut
SOME_AREA = 4  # a room of this many cells or more is cut with CUT_CHANCE
CUT_CHANCE = 0.5
Rect = tuple[int, int, int, int]  # top row, left column, bottom row, right column (inclusive)


@dataclass(frozen=True)
class HeyawakeSpec:
    """What to draw: a width x height board."""

    width: int
    height: int


def cut(rect: Rect, rng: random.Random) -> tuple[Rect, Rect] | None:
    """`rect` in two at a random place across its longer side (either when square), or None
    for a single cell."""
    r0, c0, r1, c1 = rect
    tall, wide = r1 - r0 + 1, c1 - c0 + 1
    if tall == wide == 1:
        return None
    across_rows = tall > wide or (tall == wide and rng.random() < 0.5)
    if across_rows:
        at = rng.randrange(r0, r1)
        return (r0, c0, at, c1), (at + 1, c0, r1, c1)
    at = rng.randrange(c0, c1)
    return (r0, c0, r1, at), (r0, at + 1, r1, c1)


def draw_rooms(width: int, height: int, rng: random.Random) -> HeyawakeParams:
    """The board cut into rectangles (module docstring, step 1)."""
    todo, done = [(0, 0, height - 1, width - 1)], []
    while todo:
        rect = todo.pop()
        area = (rect[2] - rect[0] + 1) * (rect[3] - rect[1] + 1)
        halves = cut(rect, rng) if area > MOST_AREA or area >= SOME_AREA and rng.random() < CUT_CHANCE else None
        if halves is None:
            done.append(rect)
        else:
            todo += halves
    return rooms_of(width, height, done)


def rooms_of(width: int, height: int, rects: list[Rect]) -> HeyawakeParams:
    grid = [[0] * width for _ in range(height)]
    for k, (r0, c0, r1, c1) in enumerate(rects):
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                grid[r][c] = k
    return HeyawakeParams(width, height, renumbered(grid))


def rect_of(params: HeyawakeParams, room: int) -> Rect:
    cells = params.room_cells[room]
    rows, cols = [r for r, _ in cells], [c for _, c in cells]
    return min(rows), min(cols), max(rows), max(cols)


def all_cuts(rect: Rect) -> list[tuple[Rect, Rect]]:
    r0, c0, r1, c1 = rect
    return ([((r0, c0, at, c1), (at + 1, c0, r1, c1)) for at in range(r0, r1)]
            + [((r0, c0, r1, at), (r0, at + 1, r1, c1)) for at in range(c0, c1)])


# a 20x20 record costs 5.6 s (the most of three 9.6 s): larger boards are for `check`, not to generate
GENERATED = BoardLimit(20, 20, 1, 1)

@dataclass(frozen=True)
class HeyawakeOptions(GeneratorOptions):
    size: int = board_size(10, GENERATED, "board side (width and height unless given)")
    width: int | None = board_width(GENERATED)
    height: int | None = board_height(GENERATED)


class HeyawakeGenerator(Generator[HeyawakeOptions]):
    puzzle = "heyawake"
    options_type = HeyawakeOptions
    costs = (  # what a record costs, measured: lab.engine.generator.COSTS_MEASURED, `puzzlelab list heyawake`
        cost(0.013, 0.021, size=6), cost(0.079, 0.08, size=10), cost(0.48, 0.88, size=15), cost(5.6, 9.6, size=20))

    def params_for(self, options: HeyawakeOptions) -> HeyawakeSpec:
        width, height = board_shape(options.size, options.width, options.height)
        GENERATED.check(self.puzzle, width, height)
        return HeyawakeSpec(width, height)

    def draw(self, params: HeyawakeSpec, rng: random.Random, sessions: SessionCache) -> tuple[HeyawakeParams, Shading]:
        """Rooms drawn until some shading keeps rules (2) to (4) (a row of narrow rooms may leave
        none), then a random one of those shadings."""
        while True:
            rooms = draw_rooms(params.width, params.height, rng)
            session = sessions.get(PUZZLE, rooms)
            if session.find([]).sat:
                return rooms, session.random_solution(rng)

    def candidate_clues(self, params: HeyawakeParams, solution: Shading) -> dict:
        return dict(zip(params.tops, room_counts(params, solution)))

    def repair(self, params: HeyawakeParams, clues: dict, solution: Shading, other: Shading,
               rng: random.Random) -> tuple[HeyawakeParams, dict, Shading] | None:
        """Rule `other` out: cut a room where it differs from `solution` in two rectangles
        such that `solution` still keeps every rule and `other` breaks one (a half's count,
        or a run over the new border)."""
        rooms = sorted({params.rooms[r][c] for r, c in params.cells() if solution[r][c] != other[r][c]})
        rng.shuffle(rooms)
        for room in rooms:
            rects = [rect_of(params, k) for k in range(params.count) if k != room]
            cuts = all_cuts(rect_of(params, room))
            rng.shuffle(cuts)
            for halves in cuts:
                changed = rooms_of(params.width, params.height, rects + list(halves))
                inst = Instance(PUZZLE.name, changed, self.candidate_clues(changed, solution))
                if not PUZZLE.verify(inst, solution) and PUZZLE.verify(inst, other):
                    return changed, dict(inst.clues), solution
        return None


GENERATOR = HeyawakeGenerator()
