"""Random Signpost boards: a random path through every cell, each step to a cell in line
with the last (any of eight directions, any distance, over cells already on the path), read
as arrows; every number but the last (the arrowless cell) is a candidate given, so the full
set is the path itself and unique as drawn, and the engine strips it to a minimal set.

With `--corners 1` (Tatham's `c`, his default) the path runs from the top-left corner to the
bottom-right one; with 0 (his "free ends") it starts anywhere and ends where it ends. Tatham
then keeps 1 and N given, and people expect them: N is the arrowless cell (the structure, so
always numbered), and with `--ends 1` (the default) 1 is a clue stripping never removes
(`fixed_clues`). The rest is stripped to a minimal set among those that keep 1, and the
record says minimal when it is one (`fixed_by_choice`: 1 is kept because people expect it,
not because the puzzle needs it). With `--ends 0` 1 is stripped like any other number when
the rest pin it down.
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
from ..lab.engine.puzzle import PuzzleError
from ..lab.engine.sat import SessionCache
from ..solvers.signpost import SIZE, Grid, SignpostParams, arrows_of_path

STEPS_PER_CELL = 40  # depth-first steps allowed per cell before a fresh start
RESTARTS = 1000


@dataclass(frozen=True)
class SignpostSpec:
    """What the options ask for; the arrows themselves are drawn with the path."""

    width: int
    height: int
    corners: bool = True
    ends: bool = True  # the first cell keeps its number (the last, arrowless one always shows N)


def lines_from(width: int, height: int) -> list[list[int]]:
    """For each cell, every other cell in line with it (its queen moves)."""
    out = []
    for i in range(width * height):
        r, c = divmod(i, width)
        out.append([j for j in range(width * height) if j != i and
                    (j // width == r or j % width == c or abs(j // width - r) == abs(j % width - c))])
    return out


def random_path(width: int, height: int, corners: bool, rng: random.Random) -> list[int] | None:
    """A random order of all cells, each in line with the one before, or None when a
    depth-first search runs out of steps (the caller starts again). With `corners`, from
    cell 0 to the last cell, which is kept back until the end."""
    n = width * height
    if n == 1:
        return [0]
    moves = lines_from(width, height)
    first = 0 if corners else rng.randrange(n)
    last = n - 1 if corners else None
    order, used = [first], {first}
    budget = [STEPS_PER_CELL * n]

    def extend() -> bool:
        if len(order) == n:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        options = [j for j in moves[order[-1]] if j not in used and (j != last or len(order) == n - 1)]
        rng.shuffle(options)
        for j in options:
            order.append(j)
            used.add(j)
            if extend():
                return True
            used.discard(j)
            order.pop()
        return False

    return order if extend() else None


@dataclass(frozen=True)
class SignpostOptions(GeneratorOptions):
    size: int = board_size(6, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)
    corners: int = option(1, "1: start top-left and end bottom-right (Tatham's 'c'); 0: free ends", 0, 1)
    ends: int = option(1, "1: the first and last cells keep their numbers, as on Tatham's boards; "
                       "0: 1 may be stripped like any other number", 0, 1)


class SignpostGenerator(Generator[SignpostOptions]):
    puzzle = "signpost"
    options_type = SignpostOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list signpost`
        # (again with `--ends 1`: a draw of other boards, 1 kept and checked needed)
        cost(0.004, 0.013, size=4), cost(0.047, 0.088, size=6), cost(2.3, 2.9, size=8),
        cost(15.0, 18.9, size=9))
    clues_are_solution = True  # every number but the structural last: the path itself
    fixed_by_choice = True  # the kept 1 is Tatham's convention: minimal among the sets that keep it

    def params_for(self, options: SignpostOptions) -> SignpostSpec:
        width, height = board_shape(options.size, options.width, options.height)
        corners, ends = options.corners, options.ends
        SIZE.check("signpost", width, height)
        if width * height < 2:
            raise PuzzleError("a signpost board needs at least two cells (Tatham's rule too)")
        return SignpostSpec(width, height, bool(corners), bool(ends))

    def draw(self, params: SignpostSpec, rng: random.Random, sessions: SessionCache) -> tuple[SignpostParams, Grid]:
        for _ in range(RESTARTS):
            order = random_path(params.width, params.height, params.corners, rng)
            if order is not None:
                break
        else:
            raise PuzzleError(f"no path through a {params.width}x{params.height} board found in {RESTARTS} tries")
        w, h = params.width, params.height
        numbers = [0] * (w * h)
        for k, i in enumerate(order, start=1):
            numbers[i] = k
        solution = tuple(tuple(numbers[r * w:(r + 1) * w]) for r in range(h))
        return SignpostParams(w, h, arrows_of_path(w, h, order)), solution

    def candidate_clues(self, params: SignpostParams, solution: Grid) -> dict:
        return {(r, c): k for r, row in enumerate(solution) for c, k in enumerate(row) if k != params.n}

    def fixed_clues(self, params: SignpostParams, clues: dict, spec: SignpostSpec | None = None) -> list:
        """The cell of 1, unless the spec lets it go (`--ends 0`); N needs no keeping: the
        arrowless cell is the structure."""
        if spec is not None and not spec.ends:
            return []
        return [key for key, k in clues.items() if k == 1]


GENERATOR = SignpostGenerator()
