"""Random Kakuro boards: a layout of black cells, a random filling, its sums, repaired until unique.

1. Layout: the first row and column black; inner cells turned black in pairs symmetric
   under a half turn (as Nikoli's boards are), in random order, each pair kept only while
   every run stays at least two cells long and the white cells stay connected, until
   `--black` percent of the inner cells are black; then runs longer than `--longest` are
   cut the same way (a layout that cannot be cut is drawn again).
2. Digits: a random filling with no digit twice in a run, from the SAT session of the
   layout without sums. Every run's sum is a clue: a kakuro prints them all, so nothing is
   stripped.
3. The engine asks for a second filling with the same sums; `repair` rules it out by
   changing digits where the two differ (random cells, one in eight of those, none two in
   a run) each to one its runs do not hold yet, the one whose two runs then have the
   fewest digit sets between them (ties at random); the sums follow. Repeated until no
   rival is left. One cell a repair took 1.1-3.7x the repairs at 14x14 and 20x20; the change
   of fewest sets over all the differing cells at once went round in circles (1,615 and
   6,011 repairs for 10x10 boards that take a hundred).
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
from ..lab.engine.puzzle import BoardLimit
from ..lab.engine.sat import SessionCache
from ..solvers.kakuro import PUZZLE, Cell, Grid, KakuroParams, combos

GENERATED = BoardLimit(20, 20, 3, 3)  # 20x20 already takes seconds a board
LAYOUT_TRIES = 200  # layouts drawn before giving up on the options
CHANGED_SHARE = 8  # a repair changes one cell in this many of those the rival differs in
# repairs of one filling (and fillings) before giving up: 20x20 takes 60-400, or with runs of 7
# and a quarter black, 700 to over 3,000 (the defaults are the layouts that settle)
REPAIRS_PER_DRAW = 3000


@dataclass(frozen=True)
class KakuroSpec:
    """What to draw: a width x height board (the clue row and column included), the share of
    black inner cells and the longest run."""

    width: int
    height: int
    black: int
    longest: int


@dataclass(frozen=True)
class KakuroOptions(GeneratorOptions):
    size: int = board_size(10, GENERATED, "board side, the clue row and column included (puzz.link counts one less)")
    width: int | None = board_width(GENERATED)
    height: int | None = board_height(GENERATED)
    black: int = option(30, "percent of the inner cells made black (about: runs keep two cells or more)", 0, 60)
    longest: int = option(6, "longest run of white cells", 2, 9)


def runs_through(black: list[list[bool]], cell: Cell) -> list[list[Cell]]:
    """The across and down runs of white cells through `cell` (each empty when it is black)."""
    out: list[list[Cell]] = []
    for dr, dc in ((0, 1), (1, 0)):
        r, c = cell
        if black[r][c]:
            out.append([])
            continue
        while not black[r - dr][c - dc]:
            r, c = r - dr, c - dc
        run: list[Cell] = []
        while r < len(black) and c < len(black[0]) and not black[r][c]:
            run.append((r, c))
            r, c = r + dr, c + dc
        out.append(run)
    return out


def fits(black: list[list[bool]], changed: list[Cell]) -> bool:
    """No run of one cell beside the cells just made black, and the white cells connected."""
    height, width = len(black), len(black[0])
    for r, c in changed:
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 < rr < height and 0 < cc < width and not black[rr][cc]:
                if any(len(run) == 1 for run in runs_through(black, (rr, cc))):
                    return False
    white = [(r, c) for r in range(height) for c in range(width) if not black[r][c]]
    if not white:
        return False
    seen = {white[0]}
    stack = [white[0]]
    while stack:
        r, c = stack.pop()
        for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if step not in seen and 0 <= step[0] < height and 0 <= step[1] < width and not black[step[0]][step[1]]:
                seen.add(step)
                stack.append(step)
    return len(seen) == len(white)


def blacken(black: list[list[bool]], cell: Cell) -> bool:
    """Make `cell` and its half-turn partner black if the layout still fits (else leave it)."""
    height, width = len(black), len(black[0])
    r, c = cell
    pair = sorted({(r, c), (height - r, width - c)})
    if any(black[rr][cc] for rr, cc in pair):
        return False
    for rr, cc in pair:
        black[rr][cc] = True
    if fits(black, pair):
        return True
    for rr, cc in pair:
        black[rr][cc] = False
    return False


def draw_layout(spec: KakuroSpec, rng: random.Random) -> KakuroParams | None:
    """A layout as the module says, or None when its long runs could not be cut."""
    w, h = spec.width, spec.height
    black = [[r == 0 or c == 0 for c in range(w)] for r in range(h)]
    inner = [(r, c) for r in range(1, h) for c in range(1, w)]
    target = len(inner) * spec.black // 100
    rng.shuffle(inner)
    for cell in inner:
        if sum(black[r][c] for r, c in inner) >= target:
            break
        blacken(black, cell)
    while True:
        long = [run for cell in inner for run in runs_through(black, cell) if len(run) > spec.longest]
        if not long:
            break
        run = list(long[0])
        rng.shuffle(run)
        if not any(blacken(black, cell) for cell in run):
            return None
    if any(len(run) == 1 for cell in inner for run in runs_through(black, cell)):
        return None  # a lone white cell the pairs left (a board too small for runs of two)
    return KakuroParams(w, h, tuple(map(tuple, black)))


def run_sums(params: KakuroParams, solution: Grid) -> dict:
    return {key: sum(solution[r][c] for r, c in run) for key, run in params.runs.items()}


class KakuroGenerator(Generator[KakuroOptions]):
    """Draws a layout and its digits, repairs the digits until the sums pin them down."""

    puzzle = "kakuro"
    options_type = KakuroOptions
    costs = (  # what a record costs, measured: lab.engine.generator.COSTS_MEASURED, `puzzlelab list kakuro`
        cost(0.06, 0.24, size=6), cost(0.25, 0.3, size=10), cost(0.42, 0.43, size=14), cost(4.8, 6.5, size=20))
    strips = False  # every run's sum is printed
    least_attempts = REPAIRS_PER_DRAW

    def params_for(self, options: KakuroOptions) -> KakuroSpec:
        width, height = board_shape(options.size, options.width, options.height)
        GENERATED.check(self.puzzle, width, height)
        return KakuroSpec(width, height, options.black, options.longest)

    def draw(self, params: KakuroSpec, rng: random.Random, sessions: SessionCache):
        for _ in range(LAYOUT_TRIES):
            layout = draw_layout(params, rng)
            if layout is not None:
                return layout, sessions.get(PUZZLE, layout).random_solution(rng)
        raise RuntimeError(f"no {params.width}x{params.height} kakuro layout with runs of 2..{params.longest} "
                           f"in {LAYOUT_TRIES} tries")

    def candidate_clues(self, params: KakuroParams, solution: Grid) -> dict:
        return run_sums(params, solution)

    def repair(self, params: KakuroParams, clues: dict, solution: Grid, other: Grid,
               rng: random.Random) -> tuple[KakuroParams, dict, Grid] | None:
        """Change digits where `other` differs, each to one its runs lack, choosing the digit
        that leaves the two runs through the cell the fewest digit sets between them: `other`
        then breaks a sum. Cells in random order, none sharing a run with one changed before,
        one cell in CHANGED_SHARE of those that differ (a first rival differs almost everywhere)."""
        cells = [(r, c) for r, c in params.white() if solution[r][c] != other[r][c]]
        rng.shuffle(cells)
        rows = [list(row) for row in solution]
        through = {cell: [run for run in params.runs.values() if cell in run] for cell in cells}
        touched: set[tuple[Cell, ...]] = set()
        changes = 0
        for r, c in cells:
            runs = through[(r, c)]
            if touched.intersection(runs):
                continue
            used = {rows[rr][cc] for run in runs for rr, cc in run}
            totals = [sum(rows[rr][cc] for rr, cc in run) - rows[r][c] for run in runs]
            ways = {d: sum(len(combos(len(run), total + d)) for run, total in zip(runs, totals))
                    for d in range(1, 10) if d not in used}
            if ways:
                fewest = min(ways.values())
                rows[r][c] = rng.choice([d for d, n in ways.items() if n == fewest])
                touched.update(runs)
                changes += 1
                if changes * CHANGED_SHARE >= len(cells):
                    break
        if not changes:
            return None
        changed = tuple(map(tuple, rows))
        return params, run_sums(params, changed), changed


GENERATOR = KakuroGenerator()
