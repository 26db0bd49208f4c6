"""Random Palisade boards, after Tatham's new_game_desc: the board is divided at random into
regions of K cells, every cell's number (its sides on borders) is a candidate clue, and the
engine strips them while the division stays the only one. Tatham draws again when his
solver cannot finish the full clue set; here the engine draws again when the full set is
ambiguous (no record measured needed a second draw; regions of 2 always would, side-by-side
dominoes showing the same numbers either way, so they are refused off a single row or
column, as Tatham's validate_params does).

The division (Tatham's divvy_rectangle is his own): regions are laid one at a time, each
from the free cell with the fewest free neighbours (a corner, a pocket), grown one random
free neighbour at a time to K cells; a region is taken only when every stretch of free
cells it leaves is a whole number of regions, and a division that gets stuck starts over.
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
from ..lab.engine.puzzle import BoardLimit, PuzzleError
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.regions import renumbered
from ..solvers.palisade import (
    Cell,
    Grid,
    PalisadeParams,
    border_counts,
    edge_cells,
    incident,
    labels_of,
    pieces,
)

SHAPE_TRIES = 20  # random regions tried from one cell before the division starts over
MAX_RESTARTS = 200


def grow(around, free: list[bool], start: int, k: int, rng: random.Random) -> list[int] | None:
    """A random connected set of k free cells holding `start` (None when its free stretch
    is smaller): a random free neighbour of the set joins it, one at a time."""
    shape = [start]
    taken = {start}
    edge = [b for b, _ in around[start] if free[b]]
    while len(shape) < k:
        edge = [b for b in edge if b not in taken]
        if not edge:
            return None
        cell = edge.pop(rng.randrange(len(edge)))
        taken.add(cell)
        shape.append(cell)
        edge += [b for b, _ in around[cell] if free[b] and b not in taken]
    return shape


def stretches_fit(width: int, height: int, free: list[bool], k: int) -> bool:
    """Is every stretch of connected free cells a whole number of regions?"""
    edges = edge_cells(width, height)
    piece = pieces(width, height, [free[a] and free[b] for a, b in edges])
    sizes: dict[int, int] = {}
    for i, p in enumerate(piece):
        if free[i]:
            sizes[p] = sizes.get(p, 0) + 1
    return all(n % k == 0 for n in sizes.values())


def random_division(width: int, height: int, k: int, rng: random.Random) -> Grid:
    """A random division of the board into connected regions of k cells, labelled 1 up in
    reading order."""
    around = incident(width, height)
    n = width * height
    for _ in range(MAX_RESTARTS):
        free = [True] * n
        label = [0] * n
        for count in range(1, n // k + 1):
            open_cells = [i for i in range(n) if free[i]]
            fewest = min(sum(free[b] for b, _ in around[i]) for i in open_cells)
            start = rng.choice([i for i in open_cells if sum(free[b] for b, _ in around[i]) == fewest])
            for _ in range(SHAPE_TRIES):
                shape = grow(around, free, start, k, rng)
                if shape is None:
                    continue
                for i in shape:
                    free[i] = False
                if stretches_fit(width, height, free, k):
                    for i in shape:
                        label[i] = count
                    break
                for i in shape:
                    free[i] = True
            else:
                break
        else:
            return labels_of(renumbered([label])[0], width)
    raise PuzzleError(f"no division of the {width}x{height} board into regions of {k} found in {MAX_RESTARTS} tries")


def connected(around, cells: set[int]) -> bool:
    """Are `cells` one piece of the grid?"""
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        for b, _ in around[todo.pop()]:
            if b in cells and b not in seen:
                seen.add(b)
                todo.append(b)
    return len(seen) == len(cells)


def swap_rivals(params: PalisadeParams, solution: Grid) -> list[list[Cell]]:
    """For each valid division that swaps two cells between two neighbouring regions of
    `solution` (a cell a of region A beside B goes to B, a cell c of B beside A goes to A,
    both regions staying connected), the cells whose numbers differ from `solution`'s; none
    is empty, or the full clue set would be ambiguous."""
    w, h = params.width, params.height
    around = incident(w, h)
    label = [v for row in solution for v in row]
    region: dict[int, set[int]] = {}
    for i, v in enumerate(label):
        region.setdefault(v, set()).add(i)
    beside = [{label[b] for b, _ in around[i]} - {label[i]} for i in range(w * h)]
    before = border_counts(params, solution)
    out: list[list[Cell]] = []
    for a in range(w * h):
        la = label[a]
        for lb in sorted(beside[a]):
            for c in sorted(region[lb]):
                if c < a or la not in beside[c]:  # (c < a: met from c's side already)
                    continue
                if not (connected(around, region[la] - {a} | {c}) and connected(around, region[lb] - {c} | {a})):
                    continue
                label[a], label[c] = lb, la
                after = border_counts(params, labels_of([v - 1 for v in label], w))
                label[a], label[c] = la, lb
                cells = sorted(cell for cell, n in after.items() if before[cell] != n)
                if cells:
                    out.append(cells)
    return out


# The largest board drawn: his largest preset, 15x12n10. An empty 15x12 board's second
# division takes Minicard past the conformance suite's 10,000 conflicts (1,770 rounds of lazy
# region cuts); CaDiCaL finds it in 0.04 s, so Palisade asks its one-shot questions of
# CaDiCaL (`Speed.one_shot_solver`).
DRAWN = BoardLimit(15, 12, 1, 1)


@dataclass(frozen=True)
class PalisadeOptions(GeneratorOptions):
    size: int = board_size(5, DRAWN)
    width: int | None = option(None, "board width (default: size; Tatham's presets 5x5n5, 8x6n6, 10x8n8, 15x12n10)",
                               DRAWN.least_width, DRAWN.most_width)
    height: int | None = board_height(DRAWN)
    region: int | None = option(None, "cells in each region, Tatham's n (default: the board's shorter side)",
                                1, DRAWN.most_width * DRAWN.most_height)


class PalisadeGenerator(Generator[PalisadeOptions]):
    puzzle = "palisade"
    options_type = PalisadeOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list palisade`
        # (scripts/measure_costs.py, his four presets)
        cost(0.014, 0.068, size=5), cost(0.068, 0.085, width=8, height=6, region=6),
        cost(0.19, 0.21, width=10, height=8, region=8), cost(2.0, 3.9, width=15, height=12, region=10))

    def params_for(self, options: PalisadeOptions) -> PalisadeParams:
        width, height = board_shape(options.size, options.width, options.height)
        k = options.region if options.region is not None else min(width, height)
        params = PalisadeParams(width, height, k)  # checks the size and that k divides the area
        if k == width * height:
            raise PuzzleError(f"regions of {k} cells fill the whole {width}x{height} board: nothing to divide "
                              "(Tatham's generator refuses it too)")
        if k == 2 and width > 1 and height > 1:
            raise PuzzleError("regions of 2 cells need a board one cell wide or high: two side-by-side dominoes "
                              "show the same numbers either way (Tatham's generator refuses it too)")
        return params

    def draw(self, params: PalisadeParams, rng: random.Random, sessions: SessionCache) -> tuple[PalisadeParams, Grid]:
        return params, random_division(params.width, params.height, params.region_size, rng)

    def candidate_clues(self, params: PalisadeParams, solution: Grid) -> dict[Cell, int]:
        return border_counts(params, solution)

    def alternatives(self, params: PalisadeParams, solution: Grid) -> list[set[Cell]]:
        """Rival divisions one swap away (`swap_rivals`), each as the cells whose numbers
        differ: a clue kept alone among them is needed, no solver asked."""
        return [set(cells) for cells in swap_rivals(params, solution)]


GENERATOR = PalisadeGenerator()
