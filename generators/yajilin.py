"""Random Yajilin boards: a loop, the shading around it, and clue cells where they fit.

1. The loop: the border of a disk of faces (Pearl's `Sketch`: a face flipped only where the
   region stays a disk, so its border stays one simple loop), reshaped by random flips and
   then by flips that keep or raise the cells off the loop with no neighbour off it (a lone
   cell off the loop can be shaded; two side by side cannot both be), less a penalty for
   each face whose two opposite sides alone the loop runs along (it could take the other
   two and pass the same cells: a second solution no clue tells apart).
2. The cells off the loop, in random order: shaded where no neighbour is shaded yet (and
   then but for a share CLUE_SHARE), else a clue cell. A clue cell is neither shaded nor on
   the loop, so it never breaks the loop.
3. Every clue cell's candidate clue is one arrow: the way it sees the most shaded cells
   (then the longest way, then U D L R).
4. The engine asks for a second solution; `repair` turns one of our shaded cells into a
   clue cell whose arrow counts differently in the rival (the arrows already there counted
   again), or failing that turns an arrow of a clue cell to a way that does, or makes a
   clue cell of a shaded cell the rival's loop passes. Repeated until no rival is left
   (a rival with our very shading is drawn afresh: only its loop differs); the engine then
   strips clues while the puzzle stays unique. A stripped clue leaves its cell a clue cell
   without a clue (pzprjs's `?` cell): the cell stays, because as a free cell it would have
   to be shaded or on the loop, which changes the solution.

Each repair adds a clue cell in place of a shaded one, so generated boards are sparser in
shading than people's (a median of 4 shaded cells in ten 10x10 records; cspuz's 10x10 board in
tests/data/yajilin_boards.txt shades 13) and keep several clue cells without a clue.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ..lab.engine.generator import (
    Generator,
    GeneratorOptions,
    board_height,
    board_shape,
    board_size,
    board_width,
    cost,
)
from ..lab.engine.puzzle import PuzzleError
from ..lab.engine.sat import SessionCache
from ..solvers.pearl import DIRS, PearlParams, shape
from ..solvers.yajilin import SHADED, SIZE, Cell, Clue, Solution, YajilinParams, make_params, shaded_count
from .pearl import D, L, R, Sketch, U

WANDER, CLIMB = 2, 12  # flip attempts per face: first any, then those that keep lone cells off the loop
MIN_SIDE = 3
SWITCH_COST = 10  # a face the loop could switch sides on, against lone cells off the loop
CLUE_SHARE = 0.2  # of the lone cells off the loop made clue cells, not shaded
LONE_WORTH = 2  # a lone cell off the loop, against each neighbour off it of a cell that is not
BITS = (("U", U), ("D", D), ("L", L), ("R", R))  # Sketch's shape bits


@lru_cache(maxsize=16)
def neighbour_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Each cell number's orthogonal neighbours, by number."""
    return tuple(tuple(nr * width + nc for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if 0 <= nr < height and 0 <= nc < width)
                 for r in range(height) for c in range(width))


def worth(bits: list[int], around: tuple[tuple[int, ...], ...], cells: tuple[int, ...]) -> int:
    """Lone cells off the loop count 2; a cell off it beside others, less one for each."""
    total = 0
    for cell in cells:
        if not bits[cell]:
            beside = sum(1 for n in around[cell] if not bits[n])
            total += LONE_WORTH if beside == 0 else -beside
    return total


def parallel(sketch: Sketch, faces: tuple[int, ...]) -> int:
    """How many of `faces` the loop passes along two opposite sides of and no other: the
    loop could take the other two sides instead and still pass the same cells, a second
    solution no clue can rule out."""
    bits, w, count = sketch.bits, sketch.w, 0
    for k in faces:
        top = sketch.top[k]
        sides = (bool(bits[top] & R), bool(bits[top + w] & R), bool(bits[top] & D), bool(bits[top + 1] & D))
        count += sides in ((True, True, False, False), (False, False, True, True))
    return count


def random_loop(width: int, height: int, rng: random.Random) -> list[int]:
    """Every cell's loop shape as U/D/L/R bits (0 off the loop): one simple loop."""
    sketch = Sketch(PearlParams(width, height))
    around = neighbour_table(width, height)
    n = len(sketch.faces)
    # a flip changes the sides of its face and of the four faces across them
    beside = [tuple([k] + [g for _, g in sketch.around[k][0::2] if g >= 0]) for k in range(n)]
    for _ in range(WANDER * n):
        k = rng.randrange(n)
        if sketch.may_flip(k):
            sketch.flip(k)
    for _ in range(CLIMB * n):
        k = rng.randrange(n)
        if sketch.may_flip(k):
            window = sketch.window[k]
            before = worth(sketch.bits, around, window) - SWITCH_COST * parallel(sketch, beside[k])
            sketch.flip(k)
            if worth(sketch.bits, around, window) - SWITCH_COST * parallel(sketch, beside[k]) < before:
                sketch.flip(k)
    return sketch.bits


def random_board(width: int, height: int, rng: random.Random) -> tuple[YajilinParams, Solution]:
    """A loop, the cells off it shaded where they may be, clue cells where they may not."""
    bits = random_loop(width, height, rng)
    loop = [[shape(d for d, bit in BITS if bits[r * width + c] & bit) for c in range(width)] for r in range(height)]
    off = [i for i, b in enumerate(bits) if not b]
    rng.shuffle(off)
    around = neighbour_table(width, height)
    shaded: set[int] = set()
    blocks = []
    for i in off:
        if any(n in shaded for n in around[i]) or rng.random() < CLUE_SHARE:
            blocks.append((i // width, i % width))
        else:
            shaded.add(i)
    params = make_params(width, height, blocks)
    solution = tuple(tuple(SHADED if r * width + c in shaded else loop[r][c] for c in range(width))
                     for r in range(height))
    return params, solution


def best_arrow(params: YajilinParams, solution: Solution, cell: Cell) -> Clue:
    """The arrow that sees the most shaded cells, then the longest way, then U D L R."""
    d = max(DIRS, key=lambda d: (shaded_count(solution, params, cell, d), len(params.ray(cell, d)), -DIRS.index(d)))
    return d, shaded_count(solution, params, cell, d)


@dataclass(frozen=True)
class YajilinSpec:
    """The board size asked for: the clue cells are drawn with the loop."""

    width: int
    height: int


@dataclass(frozen=True)
class YajilinOptions(GeneratorOptions):
    size: int = board_size(10, SIZE)  # Nikoli's smallest Yajilin
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)


class YajilinGenerator(Generator[YajilinOptions]):
    puzzle = "yajilin"
    options_type = YajilinOptions
    # each repair is a new board, so a new SAT session; from 15x15 a record needs 25 to 90 of them
    costs = (  # what a record costs, measured: lab.engine.generator.COSTS_MEASURED, `puzzlelab list yajilin`
        cost(0.08, 0.25, size=10), cost(1.8, 11.5, size=15),
        cost(30.4, note="records 0 and 2 (30.4 s, 10.2 s); record 1 stopped after 50 s", size=20))

    def params_for(self, options: YajilinOptions) -> YajilinSpec:
        width, height = board_shape(options.size, options.width, options.height)
        if min(width, height) < MIN_SIDE:
            raise PuzzleError(f"yajilin generation needs at least {MIN_SIDE}x{MIN_SIDE} cells")
        return YajilinSpec(width, height)

    def draw(self, params: YajilinSpec, rng: random.Random, sessions: SessionCache):
        return random_board(params.width, params.height, rng)

    def candidate_clues(self, params: YajilinParams, solution: Solution) -> dict:
        return {cell: best_arrow(params, solution, cell) for cell in params.blocks}

    def repair(self, params: YajilinParams, clues: dict, solution: Solution, other: Solution,
               rng: random.Random) -> tuple[YajilinParams, dict, Solution] | None:
        """One of our shaded cells becomes a clue cell: one whose arrow counts differently in
        the rival if there is one (the new clue rules it out), else one the rival's loop
        passes (the new clue cell does)."""
        ours = [cell for cell in params.cells() if solution[cell[0]][cell[1]] == SHADED]
        telling = [(cell, d) for cell in ours for d in DIRS
                   if shaded_count(solution, params, cell, d) != shaded_count(other, params, cell, d)]
        turned = [(key, d) for key in clues for d in DIRS
                  if shaded_count(solution, params, key, d) != shaded_count(other, params, key, d)]
        if telling:
            cell, d = rng.choice(telling)
        elif turned:  # no shaded cell of ours tells them apart: a clue cell's arrow turned does
            key, d = rng.choice(turned)
            return params, {**clues, key: (d, shaded_count(solution, params, key, d))}, solution
        else:
            passed = [cell for cell in ours if other[cell[0]][cell[1]] != SHADED]
            if not passed:
                return None
            cell = rng.choice(passed)
            d = best_arrow(params, solution, cell)[0]
        fixed = make_params(params.width, params.height, (*params.blocks, cell))
        mine = tuple(tuple("" if (r, c) == cell else s for c, s in enumerate(row)) for r, row in enumerate(solution))
        # the clues are counted again: the cell may have been one an arrow counted
        arrows = {**{key: value[0] for key, value in clues.items()}, cell: d}
        return fixed, {key: (d, shaded_count(mine, fixed, key, d)) for key, d in arrows.items()}, mine

    def partner(self, params: YajilinParams, key: Cell) -> Cell | None:
        turned = (params.height - 1 - key[0], params.width - 1 - key[1])  # 180-degree rotation
        return turned if turned in params.blocks else None


GENERATOR = YajilinGenerator()
