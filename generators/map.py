"""Random maps, drawn as Tatham's map.c draws them: regions grown from seeds, then coloured.

1. Regions (his `genmap`): `regions` seed cells at random, then, one cell at a time, an
   empty cell joins a region it touches, chosen at random with his weights (a cell that
   would lengthen the region's border 2, keep it 3, shorten it 4), never one that would
   close a ring around something else (his "one run of the region around the cell" rule).
   Regions grow only into touching cells, so each is connected; the ring rule keeps them
   free of holes. Regions are numbered in order of first appearance, as he numbers them.
2. Colours: a random four-colouring (most constrained region first, colours in random
   order, backtracking when stuck; his `fourcolour` is a randomised backtracking too).
3. The candidate clues are every region's colour, which is the solution itself, so the
   full set is unique as drawn; the engine strips it to a minimal set (unique for any
   solver). With `--diff e|n|h|u` it is Tatham's way instead (`MapGenerator.generate`):
   givens dropped while his solver at that grade still colours the map, and the board kept
   only if the grade below cannot.
"""

from __future__ import annotations

import random
import time
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from operator import itemgetter

from ..lab.engine.generator import Generated, GenerateOptions, Generator, GeneratorOptions, cost, generate_one, option
from ..lab.engine.puzzle import Instance, PuzzleError
from ..lab.engine.sat import SessionCache
from ..solvers.map import GRADES, MAX_REGIONS, PUZZLE, SIZE, Colouring, MapParams, TathamSolver, grid_map

# Around a cell, in map.c's order: W, SW, S, SE, E, NE, N, NW (even places orthogonal).
RING = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
WEIGHT = {1: 2, 2: 3, 3: 4}  # orthogonal neighbours in the region -> weight (border longer, same, shorter)
TATHAM_SIZE = (20, 15)  # his default board
STEPS = 20_000  # backtracking steps before a colouring starts afresh
BLOCK = 16  # weights per block of `Cumulative`
HARD_TRIES = 1000  # boards drawn for one puzzle of a Tatham grade (he tries for ever)


@dataclass(frozen=True)
class MapSpec:
    """What to draw: the board, how many regions, and Tatham's grade to make ("": none,
    the engine's minimal puzzles)."""

    width: int
    height: int
    regions: int
    difficulty: str = ""


def default_regions(width: int, height: int) -> int:
    """A region per ten cells, as Tatham's presets have (20x15n30, 30x25n75), at least five
    (his least) where the board has room."""
    return max(min(5, width * height), width * height // 10)


def join_weight(mask: int) -> int:
    """The weight of an empty cell joining the region at the ring places set in `mask` (bit
    i: place i of RING), 0 when it may not: the region is not orthogonally beside it, or
    meets the ring in more than one run. (Four beside it in one run cannot happen: the two
    either side of the odd corner out would have met only at that corner, which the run
    rule refuses, so map.c has no weight for it.)"""
    runs = sum(1 for i in range(8) if mask >> i & 1 and not mask >> (i + 1) % 8 & 1)
    beside = sum(mask >> i & 1 for i in (0, 2, 4, 6))
    return WEIGHT.get(beside, 0) if runs == 1 else 0


JOIN_WEIGHT = tuple(join_weight(mask) for mask in range(256))  # looked up, not counted, in the inner loop


def ring_mask(ring: tuple[int, ...], k: int) -> int:
    """The places of the ring (bit i: place i) that belong to region k."""
    w, sw, s, se, e, ne, n, nw = ring
    return ((w == k) | (sw == k) << 1 | (s == k) << 2 | (se == k) << 3
            | (e == k) << 4 | (ne == k) << 5 | (n == k) << 6 | (nw == k) << 7)


def options_at(ring: tuple[int, ...]) -> list[tuple[int, int]]:
    """(region, weight) for each region an empty cell with this ring of eight may join
    (map.c's extend_options). The regions come in the order of the set below, which decides
    where a random pick lands: keep it."""
    out = []
    for k in {ring[0], ring[2], ring[4], ring[6]} - {-1}:
        weight = JOIN_WEIGHT[ring_mask(ring, k)]
        if weight:
            out.append((k, weight))
    return out


@lru_cache(maxsize=16)
def ring_getters(width: int, height: int) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
    """Per cell of the flat board (index r * width + c), a getter of its ring of eight in
    RING's order; a place off the board reads the board's extra last entry, which stays -1."""
    off = width * height

    def at(r: int, c: int) -> int:
        return r * width + c if 0 <= r < height and 0 <= c < width else off

    return tuple(itemgetter(*(at(r + dr, c + dc) for dr, dc in RING)) for r in range(height) for c in range(width))


@lru_cache(maxsize=16)
def around(width: int, height: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell, the cells of its ring on the board, each with the bit of the cell's place
    in their own ring (the opposite place): whose options change when the cell fills."""
    return tuple(tuple(((r + dr) * width + c + dc, 1 << (place + 4) % 8) for place, (dr, dc) in enumerate(RING)
                       if 0 <= r + dr < height and 0 <= c + dc < width)
                 for r in range(height) for c in range(width))


class Cumulative:
    """Weights over 0..n-1 and their running total, kept in blocks of BLOCK: a change costs
    two additions, and finding where a running total falls two accumulations in C (one over
    the block sums, one over a block), instead of a Fenwick tree's log n steps in Python
    (map.c's cf_* functions) for every change."""

    def __init__(self, n: int):
        self.weight, self.blocks, self.total = [0] * n, [0] * (n // BLOCK + 1), 0

    def add(self, i: int, delta: int) -> None:
        self.weight[i] += delta
        self.blocks[i // BLOCK] += delta
        self.total += delta

    def find(self, k: int) -> tuple[int, int]:
        """The symbol whose span holds running total k (0 <= k < total), and k within it."""
        sums = list(accumulate(self.blocks))
        b = bisect_right(sums, k)
        start = b * BLOCK
        spans = list(accumulate(self.weight[start:start + BLOCK], initial=sums[b] - self.blocks[b]))
        i = bisect_right(spans, k) - 1
        return start + i, k - spans[i]


def grow_regions(spec: MapSpec, rng: random.Random) -> list[list[int]]:
    """Rows of region numbers: seeds, then random weighted growth (see the module's note)."""
    w, h = spec.width, spec.height
    cells = [-1] * (w * h + 1)  # flat, and the last entry stands for every place off the board
    rings, near = ring_getters(w, h), around(w, h)
    table = Cumulative(w * h)
    places: dict[int, int] = {}  # j * MAX_REGIONS + k: region k's places in cell j's ring

    def fill(i: int, k: int) -> None:
        """Cell i joins region k. In the rings of the empty cells around it only region k's
        places change, so their weights change by region k's option alone."""
        cells[i] = k
        table.add(i, -table.weight[i])
        for j, bit in near[i]:
            if cells[j] < 0:
                key = j * MAX_REGIONS + k
                mask = places[key] = places.get(key, 0) | bit
                change = JOIN_WEIGHT[mask] - JOIN_WEIGHT[mask ^ bit]
                if change:
                    table.add(j, change)

    for k, i in enumerate(rng.sample(range(w * h), spec.regions)):
        fill(i, k)
    while table.total > 0:
        i, pick = table.find(rng.randrange(table.total))
        fill(i, pick_option(options_at(rings[i](cells)), pick))
    rows = [cells[r * w:(r + 1) * w] for r in range(h)]
    fill_stragglers(rows, rng)
    return rows


def pick_option(options: list[tuple[int, int]], pick: int) -> int:
    """The region whose weight span holds `pick`."""
    for k, wt in options:
        if pick < wt:
            return k
        pick -= wt
    raise ValueError("pick beyond the options' weights")


def fill_stragglers(cells: list[list[int]], rng: random.Random) -> None:
    """Any cell the ring rule left empty joins a touching region (a safety net: Tatham's
    generator asserts it never happens)."""
    height, width = len(cells), len(cells[0])
    empty = [(r, c) for r in range(height) for c in range(width) if cells[r][c] < 0]
    while empty:
        rng.shuffle(empty)
        for r, c in empty:
            near = [cells[r + dr][c + dc] for dr, dc in RING[::2]
                    if 0 <= r + dr < height and 0 <= c + dc < width and cells[r + dr][c + dc] >= 0]
            if near:
                cells[r][c] = rng.choice(near)
        empty = [(r, c) for r, c in empty if cells[r][c] < 0]


def four_colour(params: MapParams, rng: random.Random) -> Colouring:
    """A random four-colouring: the region with the fewest colours left first (ties at
    random), its colours in random order, backtracking when one has none left."""
    adjacent: list[list[int]] = [[] for _ in range(params.n)]
    for a, b in params.edges:
        adjacent[a].append(b)
        adjacent[b].append(a)
    while True:
        found = _try_colouring(adjacent, rng)
        if found is not None:
            return found


def _try_colouring(adjacent: list[list[int]], rng: random.Random) -> Colouring | None:
    n = len(adjacent)
    colour = [-1] * n
    tie = [rng.random() for _ in range(n)]
    taken = [[0] * 4 for _ in range(n)]  # per region and colour: its neighbours of that colour
    stack: list[tuple[int, list[int]]] = []

    def paint(k: int, c: int, step: int) -> None:
        """Region k takes colour c (step 1) or gives it back (step -1)."""
        colour[k] = c if step > 0 else -1
        for j in adjacent[k]:
            taken[j][c] += step

    for _ in range(STEPS):
        open_regions = [(taken[k].count(0), tie[k], k) for k in range(n) if colour[k] < 0]
        if not open_regions:
            return tuple(colour)
        k = min(open_regions)[2]  # the fewest colours left; ties at random (then the lowest k, as `min` keeps)
        left = [c for c in range(4) if not taken[k][c]]
        rng.shuffle(left)
        while not left:  # back up to the last region with another colour to try
            if not stack:
                raise PuzzleError("this map has no four-colouring")  # cannot happen on a plane map
            k, left = stack.pop()
            paint(k, colour[k], -1)
        paint(k, left.pop(), 1)
        stack.append((k, left))
    return None


def tatham_strip(board: MapParams, colours: Colouring, level: int, rng: random.Random) -> dict[int, int]:
    """Every region given, then each in random order dropped if his solver at `level` still
    colours the map without it; as he does, the last given of each colour stays (his player
    drags colours from the givens)."""
    clues = dict(enumerate(colours))
    left = [colours.count(c) for c in range(4)]
    order = list(clues)
    rng.shuffle(order)
    for k in order:
        if left[clues[k]] == 1:
            continue
        trial = {j: c for j, c in clues.items() if j != k}
        if TathamSolver(board, trial).level(level) <= level:
            left[clues[k]] -= 1
            clues = trial
    return clues


@dataclass(frozen=True)
class MapOptions(GeneratorOptions):
    size: int | None = option(None, "board side, for a square board (default: Tatham's 20x15)", 1,
                              min(SIZE.most_width, SIZE.most_height))
    width: int | None = option(None, "board width (default: size, else 20)", 1, SIZE.most_width)
    height: int | None = option(None, "board height (default: size, else 15)", 1, SIZE.most_height)
    regions: int | None = option(None, "number of regions, Tatham's n (default: a tenth of the cells, "
                                 "at least 5)", 1, MAX_REGIONS)
    diff: str = option("", "Tatham's grade (his d), e n h or u: strip as his generator does, to what his "
                       "solver at that grade still solves, and keep only boards of that grade (default: none, "
                       "minimal puzzles)")


class MapGenerator(Generator[MapOptions]):
    puzzle = "map"
    options_type = MapOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list map`
        cost(0.001, 0.004, size=10), cost(0.002, 0.008, size=20), cost(0.017, 0.028, size=40),
        cost(0.175, 0.224, size=60))
    clues_are_solution = True  # every region's colour is a candidate: unique as drawn

    def params_for(self, options: MapOptions) -> MapSpec:
        size, diff = options.size, options.diff
        width = options.width if options.width is not None else size if size is not None else TATHAM_SIZE[0]
        height = options.height if options.height is not None else size if size is not None else TATHAM_SIZE[1]
        SIZE.check(self.puzzle, width, height)
        regions = default_regions(width, height) if options.regions is None else options.regions
        if not 1 <= regions <= min(width * height, MAX_REGIONS):
            raise PuzzleError(f"a {width}x{height} map has room for 1 to {min(width * height, MAX_REGIONS)} "
                              f"regions, not {regions}")
        difficulty = (diff or "").strip().lower()
        if difficulty and difficulty[:1] not in "enhu" or len(difficulty) > 1 and difficulty not in GRADES:
            raise PuzzleError(f"--diff must be e, n, h or u (Tatham's easy, normal, hard, unreasonable), "
                              f"not {difficulty!r}")
        return MapSpec(width, height, regions, difficulty[:1])

    def draw(self, params: MapSpec, rng: random.Random, sessions: SessionCache) -> tuple[MapParams, Colouring]:
        board, _ = grid_map(grow_regions(params, rng))
        return board, four_colour(board, rng)

    def candidate_clues(self, params: MapParams, solution: Colouring) -> dict:
        return dict(enumerate(solution))

    def generate(self, params: MapSpec, rng: random.Random, sessions: SessionCache,
                 opts: GenerateOptions) -> Generated | None:
        """With --diff, Tatham's way (new_game_desc): givens dropped in random order
        while his solver at that grade still colours the map, and the board kept only if the
        grade below cannot (his rules are sound, so it is unique; minimal for his solver, not
        for every solver). Unreasonable: the engine's minimal puzzles whose grade is that."""
        if not params.difficulty:
            return None
        level = "enhu".index(params.difficulty)
        start, plain = time.perf_counter(), MapSpec(params.width, params.height, params.regions)
        tries = max(opts.max_attempts, HARD_TRIES)
        for attempt in range(1, tries + 1):
            if level == 3:
                made = generate_one(self.ptype, self, plain, rng, sessions, opts)
                if TathamSolver(made.instance.params, made.instance.clues).level() == 3:
                    made.attempts, made.seconds = attempt, time.perf_counter() - start
                    return made
                continue
            board, colours = self.draw(plain, rng, sessions)
            clues = tatham_strip(board, colours, level, rng)
            if level == 0 or TathamSolver(board, clues).level(level - 1) == 3:
                # His rules are sound, so the colouring is the only one; the SAT engine says so
                # too before the puzzle is called unique (a record never trusts one solver).
                session = sessions.get(PUZZLE, board)
                if session.other_than(session.assumptions(clues), colours).sat is not False:
                    raise PuzzleError(f"map generator: Tatham's solver and SAT disagree on {clues}")
                return Generated(Instance(self.puzzle, board, clues), colours, True, False, 1,
                                 time.perf_counter() - start, attempt)
        raise PuzzleError(f"no {GRADES[level]} map found in {tries} attempts")


GENERATOR = MapGenerator()
