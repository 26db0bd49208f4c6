"""Random Firefly (Hotaru Beam) boards: a network of beams drawn first, the fireflies and
their dots kept as the board, the numbers given and stripped.

1. The network: a first firefly at a random cell with its dot pointing into the board; then,
   while the board takes more (`--share` fireflies per 100 cells), a new firefly at a free
   cell whose beam wanders through free cells (on straight with odds STRAIGHT, else turning)
   until it may end in a firefly already drawn by a side without its dot that no line uses
   yet (it ends at the first such chance once it is MIN_RUN cells long, or when stuck on
   nothing else). So every firefly's beam ends in the network, which stays one piece. Last,
   the first firefly's own beam is drawn the same way (it may come back into itself, as
   pzprjs allows). A beam that gets stuck is drawn again, then the firefly is dropped.
2. The candidate clues are every firefly's number: how often its beam turns (up to
   `params.most`, the largest number the rules count). The fireflies and dots are the
   board's structure and are never stripped; the numbers strip while the puzzle stays
   unique.
3. With every number given, a second solution may remain (a beam free to take another way
   with as many turns). `repair` then makes fireflies of empty cells our lines pass and the
   rival's do not pass alike (cells the rival misses first, one a beam, at most SPLITS): each
   splits the beam through it in two (its dot on the side the beam goes on by), which keeps
   our solution and adds numbers. Repeated until no rival is left: four 10x10 records took 8
   to 11 repairs at three splits each, against 23 to 36 at one (and 2.4 times the time).
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
from ..lab.engine.puzzle import BoardLimit, PuzzleError
from ..lab.engine.sat import SessionCache
from ..solvers.firefly import SIZE, Cell, FireflyParams, Solution, make_params, step, trace
from ..solvers.pearl import DIRS, OPPOSITE, shape

STRAIGHT = 0.6  # odds a wandering beam goes on straight where it can
MIN_RUN = 2  # cells a beam passes before it takes the first firefly it may end in
SPLITS = 3  # beams a repair splits at most, each where the rival differs
# The generator's boards: a 15x15 record took 76-100 s of CPU (scripts/measure_costs.py), past
# generate's default 60 s timeout; 12x12 5.7 s. The solver reads boards up to SIZE.
GENERATED = BoardLimit(12, 12, SIZE.least_width, SIZE.least_height)
TRIES = 6  # beams drawn for one new firefly before another cell is tried
MIN_SIDE = 2
TURNS = {"U": "LR", "D": "LR", "L": "UD", "R": "UD"}


@dataclass(frozen=True)
class FireflySpec:
    """The board size asked for and how many fireflies per 100 cells: the fireflies are drawn
    with the lines."""

    width: int
    height: int
    share: int


@dataclass(frozen=True)
class FireflyOptions(GeneratorOptions):
    size: int = board_size(7, GENERATED)
    width: int | None = board_width(GENERATED)
    height: int | None = board_height(GENERATED)
    share: int = option(18, "fireflies per 100 cells drawn before repairs (each repair adds one)", 1, 40)


class Network:
    """Lines drawn so far: every cell's directions, and the fireflies with their dots."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.ways: dict[Cell, set[str]] = {(r, c): set() for r in range(height) for c in range(width)}
        self.dots: dict[Cell, str] = {}

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def free(self, cell: Cell) -> bool:
        return self.inside(cell) and cell not in self.dots and not self.ways[cell]

    def takes(self, cell: Cell, side: str, start: Cell, own: bool) -> bool:
        """May a beam from `start` end in `cell` by its `side`?"""
        if cell not in self.dots or self.dots[cell] == side or side in self.ways[cell]:
            return False
        return own or cell != start

    def beam(self, start: Cell, d: str, rng: random.Random, own: bool) -> list[Cell] | None:
        """A wandering path of free cells from `start`'s dot `d` to a firefly that takes it
        (the cells, the firefly last), or None when it gets stuck."""
        path, seen, cur, heading = [start], {start}, start, d
        while True:
            nxt = step(cur, heading)
            if self.takes(nxt, OPPOSITE[heading], start, own):
                return [*path, nxt]
            if not self.free(nxt) or nxt in seen:
                return None
            path.append(nxt)
            seen.add(nxt)
            cur = nxt
            back = OPPOSITE[heading]
            ends = [e for e in DIRS if e != back and self.takes(step(cur, e), OPPOSITE[e], start, own)]
            moves = [e for e in DIRS if e != back and self.free(step(cur, e)) and step(cur, e) not in seen]
            if ends and (len(path) > MIN_RUN or not moves):
                heading = rng.choice(ends)
            elif not moves:
                return None
            elif not (heading in moves and rng.random() < STRAIGHT):
                heading = rng.choice([e for e in moves if e != heading] or moves)

    def draw(self, path: list[Cell]) -> None:
        for a, b in zip(path, path[1:]):
            d = next(e for e in DIRS if step(a, e) == b)
            self.ways[a].add(d)
            self.ways[b].add(OPPOSITE[d])

    def solution(self) -> Solution:
        return tuple(tuple(shape(self.ways[(r, c)]) for c in range(self.width)) for r in range(self.height))


def dots_into(network: Network, cell: Cell) -> list[str]:
    return [d for d in DIRS if network.inside(step(cell, d))]


def random_network(width: int, height: int, fireflies: int, rng: random.Random) -> Network | None:
    """Fireflies and their beams, one network (step 1 of the module's docstring); None when
    the first firefly's own beam finds no way."""
    net = Network(width, height)
    cells = sorted(net.ways)
    first = rng.choice(cells)
    net.dots[first] = rng.choice(dots_into(net, first))
    for _ in range(4 * fireflies):
        if len(net.dots) >= fireflies:
            break
        cell = rng.choice(cells)
        if not net.free(cell):
            continue
        for _ in range(TRIES):
            d = rng.choice(dots_into(net, cell))
            net.dots[cell] = d
            path = net.beam(cell, d, rng, own=False)
            if path is not None:
                net.draw(path)
                break
            del net.dots[cell]
    for _ in range(TRIES):
        path = net.beam(first, net.dots[first], rng, own=True)
        if path is not None:
            net.draw(path)
            return net
    return None


def beam_turns(params: FireflyParams, solution: Solution) -> dict[Cell, int]:
    """Every firefly's beam's turns (plain Python, by `trace`)."""
    dots = params.dots()
    out = {}
    for seg in trace(params, solution):
        if seg.end is not None:
            owner = seg.start if seg.side == dots[seg.start] else seg.end
            out[owner] = seg.turns
    return out


class FireflyGenerator(Generator[FireflyOptions]):
    puzzle = "firefly"
    options_type = FireflyOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list firefly`
        cost(0.041, 0.098, size=5), cost(0.13, 0.24, size=7), cost(1.7, 2.3, size=10), cost(5.7, 8.6, size=12))

    def params_for(self, options: FireflyOptions) -> FireflySpec:
        width, height = board_shape(options.size, options.width, options.height)
        GENERATED.check(self.puzzle, width, height)
        if min(width, height) < MIN_SIDE:
            raise PuzzleError(f"firefly generation needs at least {MIN_SIDE}x{MIN_SIDE} cells")
        return FireflySpec(width, height, options.share)

    def draw(self, params: FireflySpec, rng: random.Random, sessions: SessionCache):
        fireflies = max(1, round(params.width * params.height * params.share / 100))
        while True:
            net = random_network(params.width, params.height, fireflies, rng)
            if net is not None:
                return make_params(params.width, params.height, net.dots.items()), net.solution()

    def candidate_clues(self, params: FireflyParams, solution: Solution) -> dict:
        return {cell: n for cell, n in beam_turns(params, solution).items() if n <= params.most}

    def repair(self, params: FireflyParams, clues: dict, solution: Solution, other: Solution,
               rng: random.Random) -> tuple[FireflyParams, dict, Solution] | None:
        """Empty cells our lines pass and the rival's do not pass alike (one a beam, those the
        rival misses first) become fireflies whose dots are where our beams go on: our lines
        stay a solution of the new board."""
        dots = params.dots()
        differ = [cell for cell in params.cells() if cell not in dots and solution[cell[0]][cell[1]]
                  and other[cell[0]][cell[1]] != solution[cell[0]][cell[1]]]
        if not differ:
            return None
        unpassed = [cell for cell in differ if not other[cell[0]][cell[1]]]
        rng.shuffle(differ)
        rng.shuffle(unpassed)
        split: list[tuple[Cell, str]] = []
        beams: set[Cell] = set()
        for cell in unpassed + differ:  # a firefly the rival's lines miss rules it out for sure
            found = next_way(params, solution, cell)
            if found is None or found[1] in beams or cell in dict(split):
                continue
            split.append((cell, found[0]))
            beams.add(found[1])
            if len(split) >= SPLITS:
                break
        if not split:
            return None
        fixed = make_params(params.width, params.height, (*params.fireflies, *split))
        return fixed, self.candidate_clues(fixed, solution), solution


def next_way(params: FireflyParams, solution: Solution, cell: Cell) -> tuple[str, Cell] | None:
    """The side by which the beam through empty `cell` goes on, and the beam's firefly
    (followed from it)."""
    dots = params.dots()
    for start, d in params.fireflies:
        cur, way = start, d
        for _ in range(params.width * params.height):
            nxt = step(cur, way)
            if nxt in dots or not params.inside(*nxt):
                break
            on = solution[nxt[0]][nxt[1]].replace(OPPOSITE[way], "")
            if len(on) != 1:
                break
            if nxt == cell:
                return on, start
            cur, way = nxt, on
    return None


GENERATOR = FireflyGenerator()
