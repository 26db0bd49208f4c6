"""Random Bridges boards, grown as Tatham's bridges.c grows them: islands and bridges together.

1. One island on a random cell. Then, again and again, a random island and a random
   direction: walk that way to the board's edge, the next island or the next bridge. A new
   island goes at least two cells out and short of what stopped the walk (the farthest
   place with probability `expansion` %, else a random one), never beside another island,
   joined to the old one by 1..most bridges; or, with loops allowed and an island ahead,
   the two are joined instead (again with probability `expansion` %). It stops at
   `islands` % of the cells or after 50 failed tries in a row, and starts again unless
   some island stands on each of the four edges.
2. The candidate clues are every island's count (Tatham gives them all, and so do we by
   default: `strips = False`). When a rival layout fits the counts too (often a cycle of
   pairs where the two swap single and double bridges), `repair` adds one island that
   rules the rival out and keeps our layout: on one of our bridges whose count the rival
   changes (the island splits it; its count, twice our bridges, cannot be twice the
   rival's), or on water a rival bridge crosses, bridged to a neighbour. The engine then
   checks again, and draws afresh when no island fits. With `--strip-counts 1` the engine then strips
   counts while the layout stays unique (such a board has no Tatham game ID).

Tatham's difficulty grades (d0..d2) come from his solver's techniques, which the lab has
no copy of: `puzzlelab grade` gives the lab's own measures instead.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from ..lab.engine.generator import (
    Generated,
    GenerateOptions,
    Generator,
    GeneratorOptions,
    board_height,
    board_shape,
    board_size,
    board_width,
    cost,
    generate_one,
    option,
)
from ..lab.engine.puzzle import BoardLimit, PuzzleError
from ..lab.engine.sat import SessionCache
from ..solvers.bridges import MAX_BRIDGES, SIZE, TATHAM_LEAST, BridgesParams, Cell, Pair, Solution, island_counts

LIMIT = BoardLimit(SIZE.most_width, SIZE.most_height, TATHAM_LEAST, TATHAM_LEAST)  # Tatham's least size
TRIES = 50  # Tatham's MAX_NEWISLAND_TRIES
LEAST_ISLANDS = 3  # Tatham's MIN_SENSIBLE_ISLANDS
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


@dataclass(frozen=True)
class BridgesSpec:
    """What to draw (Tatham's parameters): size, islands and expansion in percent, bridges
    per pair, loops allowed; and whether the engine strips counts."""

    width: int
    height: int
    islands: int = 30
    expansion: int = 10
    most: int = 2
    loops: bool = True
    strip_counts: bool = False


Step = tuple[int, int]
Ray = tuple[Cell, ...]


@cache
def rays(height: int, width: int) -> tuple[tuple[tuple[Step, Ray], ...], ...]:
    """For each cell (flat, r * width + c), the STEPS that stay on the board, in STEPS order
    (Tatham's random direction is a choice among exactly these), each with the cells from
    the next one to the edge: the walk's path, made once per board size."""
    def ray(r: int, c: int, dr: int, dc: int) -> Ray:
        out = []
        r, c = r + dr, c + dc
        while 0 <= r < height and 0 <= c < width:
            out.append((r, c))
            r, c = r + dr, c + dc
        return tuple(out)

    return tuple(tuple((step, path) for step in STEPS if (path := ray(r, c, *step)))
                 for r in range(height) for c in range(width))


class Layout:
    """A board being grown: islands (in the order they came, and as a set), and for each
    cell the bridge (pair) over it."""

    def __init__(self, spec: BridgesSpec):
        self.spec = spec
        self.islands: list[Cell] = []
        self.taken: set[Cell] = set()  # the islands, for the walk's look-ups
        self.bridges: dict[tuple[Cell, Cell], int] = {}  # (a, b), a < b -> bridges
        self.covered: dict[Cell, tuple[Cell, Cell]] = {}  # water cell -> the pair bridging it
        self.rays = rays(spec.height, spec.width)

    def add(self, cell: Cell) -> None:
        self.islands.append(cell)
        self.taken.add(cell)

    def join(self, a: Cell, b: Cell, n: int) -> None:
        key = (min(a, b), max(a, b))
        self.bridges[key] = n
        (r1, c1), (r2, c2) = key
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                if (r, c) not in key:
                    self.covered[(r, c)] = key

    def walk(self, start: Cell, step: Step, path: Ray) -> tuple[Cell, Cell | None] | None:
        """From `start` along `path` (going `step`, to the edge): the farthest place for a
        new island and the island ahead (None: the edge or a bridge stopped the walk), or
        None when a bridge lies right next to `start`."""
        covered, islands = self.covered, self.taken
        if path[0] in covered:
            return None
        last = start
        for cell in path:
            if cell in islands:
                return (cell[0] - 2 * step[0], cell[1] - 2 * step[1]), cell
            if cell in covered:
                return last, None
            last = cell
        return last, None

    def grow(self, rng: random.Random) -> bool:
        """One step of Tatham's growth; False when this try failed."""
        spec = self.spec
        old = rng.choice(self.islands)
        step, path = rng.choice(self.rays[old[0] * spec.width + old[1]])
        found = self.walk(old, step, path)
        if found is None:
            return False
        far, ahead = found
        if spec.loops and ahead is not None and rng.randrange(100) < spec.expansion:
            self.join(old, ahead, rng.randint(1, spec.most))
            return True
        dr, dc = step
        near = (old[0] + 2 * dr, old[1] + 2 * dc)
        span = (far[0] - near[0]) * dr + (far[1] - near[1]) * dc
        if span < 0:
            return False
        k = span if rng.randrange(100) < spec.expansion else rng.randint(0, span)
        new = (near[0] + k * dr, near[1] + k * dc)
        if (new[0] + dc, new[1] + dr) in self.taken or (new[0] - dc, new[1] - dr) in self.taken:
            return False
        self.add(new)
        self.join(old, new, rng.randint(1, spec.most))
        return True

    def touches_every_edge(self) -> bool:
        rows = {r for r, _ in self.islands}
        cols = {c for _, c in self.islands}
        return {0, self.spec.height - 1} <= rows and {0, self.spec.width - 1} <= cols


def grow_layout(spec: BridgesSpec, rng: random.Random) -> Layout:
    """A random connected layout as Tatham draws one (see the module docstring)."""
    want = max(spec.islands * spec.width * spec.height // 100, LEAST_ISLANDS)
    for _ in range(10_000):
        layout = Layout(spec)
        layout.add((rng.randrange(spec.height), rng.randrange(spec.width)))
        bad = 0
        while len(layout.islands) < want and bad <= TRIES:
            bad = 0 if layout.grow(rng) else bad + 1
        if len(layout.islands) > 1 and layout.touches_every_edge():
            return layout
    raise PuzzleError(f"no bridges layout found for a {spec.width}x{spec.height} board")


def solution_of(params: BridgesParams, bridges: dict[tuple[Cell, Cell], int]) -> Solution:
    return tuple(bridges.get((p.a, p.b), 0) for p in params.pairs)


@dataclass(frozen=True)
class BridgesOptions(GeneratorOptions):
    size: int = board_size(7, LIMIT)
    width: int | None = board_width(LIMIT)
    height: int | None = board_height(LIMIT)
    islands: int = option(30, "islands as a percentage of the cells (Tatham's 'i')", 1, 30)
    expansion: int = option(10, "percent chance of the farthest place for a new island, and of joining "
                            "an island ahead (Tatham's 'e')", 0, 100)
    max_bridges: int = option(2, "most bridges between two islands (Tatham's 'm')", 1, MAX_BRIDGES)
    loops: int = option(1, "0: the bridges may form no loop (Tatham's 'L')", 0, 1)
    strip_counts: int = option(0, "1: strip island counts while the bridges stay unique "
                               "(0: every count given, as Tatham does)", 0, 1)


class BridgesGenerator(Generator[BridgesOptions]):
    puzzle = "bridges"
    options_type = BridgesOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list bridges`
        cost(0.002, 0.004, size=7), cost(0.008, 0.009, size=15), cost(0.035, 0.038, size=25),
        cost(0.211, 1.2, size=40))
    strips = False  # Tatham's clue set: every count (--strip-counts 1 strips them, see `generate`)

    def params_for(self, options: BridgesOptions) -> BridgesSpec:
        width, height = board_shape(options.size, options.width, options.height)
        LIMIT.check(self.puzzle, width, height)
        if not 1 <= options.max_bridges <= MAX_BRIDGES:
            raise PuzzleError(f"--max-bridges must be 1 to {MAX_BRIDGES}")
        return BridgesSpec(width, height, options.islands, options.expansion, options.max_bridges,
                           bool(options.loops), bool(options.strip_counts))

    def generate(self, params: BridgesSpec, rng: random.Random, sessions: SessionCache,
                 opts: GenerateOptions) -> Generated | None:
        """None: the engine's loop, every count kept. With `strip_counts` the same loop with
        stripping on."""
        if params.strip_counts and not self.strips:
            _STRIPPING.ptype = self.ptype
            return generate_one(self.ptype, _STRIPPING, params, rng, sessions, opts)
        return None

    def draw(self, params: BridgesSpec, rng: random.Random,
             sessions: SessionCache) -> tuple[BridgesParams, Solution]:
        layout = grow_layout(params, rng)
        board = BridgesParams(params.width, params.height, tuple(sorted(layout.islands)), params.most, params.loops)
        return board, solution_of(board, layout.bridges)

    def candidate_clues(self, params: BridgesParams, solution: Solution) -> dict:
        return island_counts(params, solution)

    def repair(self, params: BridgesParams, clues: dict, solution: Solution, other: Solution,
               rng: random.Random) -> tuple[BridgesParams, dict, Solution] | None:
        """A new island that rules the rival's layout out, ours kept; None when there is no
        place for one (never beside another island, as in Tatham's boards). Either on one of
        our bridges whose count the rival changes (it splits the pair: the new island's
        count, twice our bridges, differs from twice the rival's), or where a rival bridge
        crosses water ours leaves free, bridged to the nearest island it reaches over free
        water (the rival's bridge is blocked)."""
        islands = set(params.islands)
        ours = {cell for p, n in zip(params.pairs, solution) if n for cell in p.between()}

        def free(cell: Cell) -> bool:
            return not any((cell[0] + dr, cell[1] + dc) in islands for dr, dc in STEPS)

        places: list[tuple[Cell, Pair | None]] = [
            (cell, p) for p, n, m in zip(params.pairs, solution, other) if n and n != m
            for cell in p.between() if free(cell)]
        places += [(cell, None) for p, n in zip(params.pairs, other) if n
                   for cell in p.between() if cell not in ours and free(cell)]
        rng.shuffle(places)
        bridges = {(p.a, p.b): n for p, n in zip(params.pairs, solution) if n}
        for spot, split in places:
            fixed = dict(clues)
            if split is not None:  # a -- spot -- b, our bridges on both halves
                n = bridges.pop((split.a, split.b))
                bridges[(split.a, spot)] = bridges[(spot, split.b)] = n
                fixed[spot] = 2 * n
            else:
                reach = [y for y in (self._reach(params, ours, islands, spot, d) for d in STEPS) if y is not None]
                if not reach:
                    continue
                target = rng.choice(reach)
                n = rng.randint(1, params.most)
                bridges[(min(spot, target), max(spot, target))] = n
                fixed[spot] = n
                fixed[target] = fixed.get(target, 0) + n
            board = BridgesParams(params.width, params.height, tuple(sorted(islands | {spot})), params.most,
                                  params.loops)
            return board, fixed, solution_of(board, bridges)
        return None

    @staticmethod
    def _reach(params: BridgesParams, ours: set[Cell], islands: set[Cell], start: Cell,
               step: tuple[int, int]) -> Cell | None:
        """The island first met going `step` from `start` over water none of our bridges
        covers, or None (the edge or one of our bridges comes first)."""
        r, c = start[0] + step[0], start[1] + step[1]
        while 0 <= r < params.height and 0 <= c < params.width:
            if (r, c) in islands:
                return (r, c)
            if (r, c) in ours:
                return None
            r, c = r + step[0], c + step[1]
        return None


class _StrippingBridgesGenerator(BridgesGenerator):
    """The same draw and repair, counts stripped by the engine (`--strip-counts 1`)."""

    strips = True

    def generate(self, params, rng, sessions, opts):
        return None


_STRIPPING = _StrippingBridgesGenerator()
GENERATOR = BridgesGenerator()
