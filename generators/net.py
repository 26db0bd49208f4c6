"""Random Net boards: a random spanning tree, its tiles turned at random.

1. The tree grows as Tatham's does (net.c, new_game_desc): from the centre cell, a random
   edge from the cells reached to one not yet reached, until every cell is.
2. Each cell's tile is the tree's links there, turned a random number of quarters (a
   function of the tree itself, so the clues are the caller's seed's as well).
3. The engine checks that the shapes fix the tree. Where a rival tree fits them, `repair`
   changes the tree where the two differ, as Tatham perturbs an ambiguous section: it drops
   a tree edge among the differing cells and joins the two halves by another edge near
   them; the engine then checks again.

Every tile is printed, so nothing is stripped (`strips = False`). Barriers are read but
not made: the boards are Tatham's `b0`.
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
from ..lab.toolkit.paths import find
from ..solvers.net import BIT, OPPOSITE, SIZE, Cell, Grid, NetParams, edges_of, rotate, used_edges


def tree_grid(params: NetParams, chosen: list[int]) -> Grid:
    """The tiles a set of edges (indices into `edges_of`) makes."""
    grid = [[0] * params.width for _ in range(params.height)]
    edges = edges_of(params)
    for e in chosen:
        (r, c), d, (r2, c2) = edges[e]
        grid[r][c] |= BIT[d]
        grid[r2][c2] |= BIT[OPPOSITE[d]]
    return tuple(tuple(row) for row in grid)


def random_tree(params: NetParams, rng: random.Random) -> Grid:
    """A random spanning tree grown from the centre (see the module's docstring)."""
    edges = edges_of(params)
    touching: dict[Cell, list[int]] = {}
    for i, (a, _, b) in enumerate(edges):
        touching.setdefault(a, []).append(i)
        touching.setdefault(b, []).append(i)
    start = (params.height // 2, params.width // 2)
    reached = {start}
    frontier = list(touching.get(start, []))
    chosen = []
    while frontier:
        e = frontier.pop(rng.randrange(len(frontier)))
        a, _, b = edges[e]
        if a in reached and b in reached:
            continue
        new = b if a in reached else a
        reached.add(new)
        chosen.append(e)
        frontier += [f for f in touching.get(new, []) if f != e]
    if len(reached) != params.width * params.height:
        raise PuzzleError("the barriers cut the board in parts: no tree spans it")
    return tree_grid(params, chosen)


def scrambled(solution: Grid) -> dict[Cell, int]:
    """Each tile turned a random number of quarters, drawn from the tree itself."""
    rng = random.Random(repr(solution))
    out = {}
    for r, row in enumerate(solution):
        for c, tile in enumerate(row):
            for _ in range(rng.randrange(4)):
                tile = rotate(tile)
            out[(r, c)] = tile
    return out


def perturbed(params: NetParams, solution: Grid, other: Grid, rng: random.Random) -> Grid | None:
    """The tree with one edge among the cells where `other` differs swapped for another edge
    joining the two halves again, near those cells; None when there is none."""
    edges = edges_of(params)
    differ = {(r, c) for r, row in enumerate(solution) for c, t in enumerate(row) if other[r][c] != t}
    used = used_edges(params, solution)
    near = [e for e in used if edges[e][0] in differ or edges[e][2] in differ]
    rng.shuffle(near)
    index = {cell: i for i, cell in enumerate(params.cells())}
    for drop in near:
        keep = [e for e in used if e != drop]
        root = list(range(len(index)))
        for e in keep:
            root[find(root, index[edges[e][0]])] = find(root, index[edges[e][2]])
        side = find(root, index[edges[drop][0]])
        joins = [e for e in range(len(edges)) if e != drop and e not in used
                 and (find(root, index[edges[e][0]]) == side) != (find(root, index[edges[e][2]]) == side)]
        close = [e for e in joins if edges[e][0] in differ or edges[e][2] in differ]
        if close or joins:
            return tree_grid(params, [*keep, rng.choice(close or joins)])
    return None


@dataclass(frozen=True)
class NetOptions(GeneratorOptions):
    size: int = board_size(5, SIZE)  # as Tatham's Net
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)
    wrapping: int = option(0, "1: links may go round the edges (Tatham's 'w')", 0, 1)


class NetGenerator(Generator[NetOptions]):
    puzzle = "net"
    options_type = NetOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list net`
        # nearly all of it the grade's probing (its tree check, `SpanningTreeCheck`), which stops at its
        # budget of probes from 20x20 (level unknown); the unique tree itself takes under 0.2 s at 20x20
        cost(0.0053, 0.049, size=5), cost(0.19, 0.2, size=10), cost(6.1, 6.9, size=20),
        cost(27.0, note="record 0 only (pin 13 s wall of it: the SAT check with its cuts)", size=40))
    strips = False  # every tile is printed

    def params_for(self, options: NetOptions) -> NetParams:
        width, height = board_shape(options.size, options.width, options.height)
        params = NetParams(width, height, bool(options.wrapping))  # checks the size
        if params.wrapping and min(width, height) < 3:
            raise PuzzleError("a wrapping Net with a side under 3 has no unique solution (net.c validate_params)")
        return params

    def draw(self, params: NetParams, rng: random.Random, sessions: SessionCache) -> tuple[NetParams, Grid]:
        return params, random_tree(params, rng)

    def candidate_clues(self, params: NetParams, solution: Grid) -> dict:
        return scrambled(solution)

    def repair(self, params: NetParams, clues: dict, solution: Grid, other: Grid,
               rng: random.Random) -> tuple[NetParams, dict, Grid] | None:
        tree = perturbed(params, solution, other, rng)
        return None if tree is None else (params, scrambled(tree), tree)


GENERATOR = NetGenerator()
