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
from dataclasses import dataclass

from lab.generator import Generated, GenerateOptions, Generator, Option, generate_one
from lab.puzzle import Instance, PuzzleError
from lab.sat import SessionCache
from solvers.map import GRADES, MAX_REGIONS, SIZE, Colouring, MapParams, TathamSolver, grid_map

# Around a cell, in map.c's order: W, SW, S, SE, E, NE, N, NW (even places orthogonal).
RING = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
WEIGHT = {1: 2, 2: 3, 3: 4}  # orthogonal neighbours in the region -> weight (border longer, same, shorter)
TATHAM_SIZE = (20, 15)  # his default board
STEPS = 20_000  # backtracking steps before a colouring starts afresh
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


def options_at(cells: list[list[int]], r: int, c: int) -> list[tuple[int, int]]:
    """(region, weight) for each region the empty cell (r, c) may join (map.c's
    extend_options): it touches the region, and the region meets the ring of eight cells
    around it in one run only."""
    height, width = len(cells), len(cells[0])
    ring = [cells[r + dr][c + dc] if 0 <= r + dr < height and 0 <= c + dc < width else -1 for dr, dc in RING]
    out = []
    for k in {ring[0], ring[2], ring[4], ring[6]} - {-1}:
        runs = sum(1 for i in range(8) if ring[i] == k and ring[(i + 1) % 8] != k)
        if runs == 1:
            out.append((k, WEIGHT[sum(ring[i] == k for i in (0, 2, 4, 6))]))
    return out


class Cumulative:
    """A cumulative frequency table over 0..n-1 (a Fenwick tree, as map.c's cf_* functions):
    change one weight, or find where a running total falls, in log n steps."""

    def __init__(self, n: int):
        self.n, self.tree, self.total = n, [0] * (n + 1), 0
        self.weight = [0] * n

    def set(self, i: int, weight: int) -> None:
        delta, self.weight[i] = weight - self.weight[i], weight
        self.total += delta
        i += 1
        while i <= self.n:
            self.tree[i] += delta
            i += i & -i

    def find(self, k: int) -> tuple[int, int]:
        """The symbol whose span holds running total k (0 <= k < total), and k within it."""
        pos, step = 0, 1 << self.n.bit_length()
        while step:
            if pos + step <= self.n and self.tree[pos + step] <= k:
                pos += step
                k -= self.tree[pos]
            step >>= 1
        return pos, k


def grow_regions(spec: MapSpec, rng: random.Random) -> list[list[int]]:
    """Rows of region numbers: seeds, then random weighted growth (see the module's note)."""
    w, h = spec.width, spec.height
    cells = [[-1] * w for _ in range(h)]
    for k, i in enumerate(rng.sample(range(w * h), spec.regions)):
        cells[i // w][i % w] = k
    table = Cumulative(w * h)
    choices: list[list[tuple[int, int]]] = [[] for _ in range(w * h)]

    def rescan(r: int, c: int) -> None:
        choices[r * w + c] = options_at(cells, r, c) if cells[r][c] < 0 else []
        table.set(r * w + c, sum(wt for _, wt in choices[r * w + c]))

    for r in range(h):
        for c in range(w):
            rescan(r, c)
    while table.total > 0:
        i, pick = table.find(rng.randrange(table.total))
        r, c = divmod(i, w)
        cells[r][c] = pick_option(choices[i], pick)
        for rr in range(max(r - 1, 0), min(r + 2, h)):
            for cc in range(max(c - 1, 0), min(c + 2, w)):
                rescan(rr, cc)
    fill_stragglers(cells, rng)
    return cells


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
    stack: list[tuple[int, list[int]]] = []

    def free(k: int) -> list[int]:
        used = {colour[j] for j in adjacent[k]}
        return [c for c in range(4) if c not in used]

    for _ in range(STEPS):
        open_regions = [k for k in range(n) if colour[k] < 0]
        if not open_regions:
            return tuple(colour)
        k = min(open_regions, key=lambda j: (len(free(j)), tie[j]))
        left = free(k)
        rng.shuffle(left)
        while not left:  # back up to the last region with another colour to try
            if not stack:
                raise PuzzleError("this map has no four-colouring")  # cannot happen on a plane map
            k, left = stack.pop()
            colour[k] = -1
        colour[k] = left.pop()
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


class MapGenerator(Generator):
    puzzle = "map"
    clues_are_solution = True  # every region's colour is a candidate: unique as drawn
    options = (
        Option("size", int, None, "board side, for a square board (default: Tatham's 20x15)", 1,
               min(SIZE.most_width, SIZE.most_height)),
        Option("width", int, None, "board width (default: size, else 20)", 1, SIZE.most_width),
        Option("height", int, None, "board height (default: size, else 15)", 1, SIZE.most_height),
        Option("regions", int, None, "number of regions, Tatham's n (default: a tenth of the cells, "
               "at least 5)", 1, MAX_REGIONS),
        Option("diff", str, "", "Tatham's grade (his d), e n h or u: strip as his generator does, to what his "
               "solver at that grade still solves, and keep only boards of that grade (default: none, "
               "minimal puzzles)"),
    )

    def params(self, size: int | None = None, width: int | None = None, height: int | None = None,
               regions: int | None = None, diff: str = "", **_: object) -> MapSpec:
        width = width if width is not None else size if size is not None else TATHAM_SIZE[0]
        height = height if height is not None else size if size is not None else TATHAM_SIZE[1]
        SIZE.check(self.puzzle, width, height)
        regions = default_regions(width, height) if regions is None else regions
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
                session = sessions.get(self.ptype, board)
                if session.other_than(session.assumptions(clues), colours).sat is not False:
                    raise PuzzleError(f"map generator: Tatham's solver and SAT disagree on {clues}")
                return Generated(Instance(self.puzzle, board, clues), colours, True, False, 1,
                                 time.perf_counter() - start, attempt)
        raise PuzzleError(f"no {GRADES[level]} map found in {tries} attempts")


GENERATOR = MapGenerator()
