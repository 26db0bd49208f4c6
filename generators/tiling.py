"""Random tilings: a board (with random holes if asked) cut at random into stones, the
stones turned (and mirrored) at random and shuffled.

Candidate clues are the colours the cut shows on the board (the seed's checkerboard
colouring of the stones), so the engine's uniqueness check and stripping find colourings
that make this cut the only tiling; a cut that even the full colouring leaves ambiguous is
drawn again. With `--colour 2` the cells are coloured at random instead; with `--colour 0`
the stones have no colours and there are no clues: only cuts unique as shapes are kept.

A checkerboard without holes is never unique: every rectangle has a symmetry that keeps
its checkerboard colours (a half turn, or a flip along an odd side), and it maps every
tiling to another. Hence two holes by default.
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
from ..solvers.tiling import (
    SIZE,
    STONE,
    Cell,
    Colour,
    Grid,
    Stone,
    TilingParams,
    checkerboard,
    kind,
    normal,
    turned,
)


@dataclass(frozen=True)
class TilingSpec:
    """What to draw: the board's size and holes, the stones' sizes, colours, mirroring."""

    width: int
    height: int
    least: int = 3
    most: int = 5
    holes: int = 2
    colour: int = 1
    mirror: bool = True


def neighbours(cell: Cell, free: set[Cell]) -> list[Cell]:
    r, c = cell
    return [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in free]


def random_cut(cells: list[Cell], least: int, most: int, rng: random.Random) -> list[list[Cell]]:
    """Grow pieces from the cells in random order, each to a random size in [least, most];
    a piece that could not grow to `least` joins a neighbouring piece with room (pieces stay
    within `most` + `least` - 1 cells, and a lone cell may stay small)."""
    free = set(cells)
    owner: dict[Cell, int] = {}  # cell -> its piece
    pieces: list[list[Cell]] = []
    order = cells[:]
    rng.shuffle(order)
    for start in order:
        if start in owner:
            continue
        want, piece = rng.randint(least, most), [start]
        owner[start] = len(pieces)
        while len(piece) < want:
            frontier = [n for cell in piece for n in neighbours(cell, free) if n not in owner]
            if not frontier:
                break
            nb = rng.choice(frontier)
            owner[nb] = len(pieces)
            piece.append(nb)
        pieces.append(piece)
    for i, piece in enumerate(pieces):
        if 0 < len(piece) < least:
            around = {owner[n] for cell in piece for n in neighbours(cell, free)} - {i}
            room = [j for j in around if len(pieces[j]) + len(piece) <= STONE.most_width]
            if room:
                j = rng.choice(sorted(room))
                pieces[j] += piece
                for cell in piece:
                    owner[cell] = j
                pieces[i] = []
    return [p for p in pieces if p]


def fits_box(piece: list[Cell]) -> bool:
    rows, cols = [r for r, _ in piece], [c for _, c in piece]
    return max(rows) - min(rows) < STONE.most_height and max(cols) - min(cols) < STONE.most_width


@dataclass(frozen=True)
class TilingOptions(GeneratorOptions):
    size: int = board_size(5, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)
    least: int = option(3, "fewest cells in a stone", 1, 8)
    most: int = option(5, "most cells in a stone", 1, 8)
    holes: int = option(2, "holes in the board (random cells)", 0, 64)
    colour: int = option(1, "stone colours: 1 a checkerboard (the seed's), 2 random, 0 none; "
                         "the colours the stones show on the board are the clues", 0, 2)
    mirror: int = option(1, "1: stones may be turned over; 0: only turned", 0, 1)


class TilingGenerator(Generator[TilingOptions]):
    puzzle = "tiling"
    options_type = TilingOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list tiling`
        cost(0.072, 0.182, size=5), cost(0.206, 1.4, size=6),
        cost(10.1, 10.1, size=7, note="record 1: no unique tiling found in 100 attempts"),
        cost(size=8, note="no record: no unique tiling found in 100 attempts"), cost(over=120, size=12),
        cost(over=120, size=16))

    def params_for(self, options: TilingOptions) -> TilingSpec:
        width, height = board_shape(options.size, options.width, options.height)
        least, most, holes = options.least, options.most, options.holes
        SIZE.check("tiling", width, height)
        if least > most:
            raise PuzzleError(f"--least {least} is more than --most {most}")
        if holes >= width * height:
            raise PuzzleError(f"{holes} holes leave nothing of a {width}x{height} board")
        return TilingSpec(width, height, least, most, holes, options.colour, bool(options.mirror))

    def draw(self, spec: TilingSpec, rng: random.Random, sessions: SessionCache) -> tuple[TilingParams, Grid]:
        """A random cut of the board (with random holes), stones turned at random, shuffled;
        identical stones numbered in the order their pieces start (the puzzle's own order)."""
        cells = [(r, c) for r in range(spec.height) for c in range(spec.width)]
        holes = frozenset(rng.sample(cells, spec.holes))
        free = [cell for cell in cells if cell not in holes]
        while True:
            pieces = random_cut(free, spec.least, spec.most, rng)
            if all(fits_box(p) for p in pieces) and len(pieces) <= 64:
                break
        colours = self._colours(spec, rng)
        rng.shuffle(pieces)
        stones: list[Stone] = []
        for piece in pieces:
            shape = normal((r, c, colours.get((r, c))) for r, c in piece)
            stones.append(turned(shape, rng.randrange(4), spec.mirror and rng.random() < 0.5))
        order = self._numbering(pieces, stones, spec.mirror)
        params = TilingParams(spec.width, spec.height, holes, tuple(stones), spec.mirror)
        grid: list[list[tuple[int, Colour] | None]] = [[None] * spec.width for _ in range(spec.height)]
        for i, piece in zip(order, pieces):
            for r, c in piece:
                grid[r][c] = (i, colours.get((r, c)))
        return params, tuple(tuple(row) for row in grid)

    @staticmethod
    def _colours(spec: TilingSpec, rng: random.Random) -> dict[Cell, str]:
        """The colour of each cell: a checkerboard, random, or none (`colour` 1, 2, 0)."""
        if spec.colour == 1:
            return checkerboard(spec.width, spec.height)
        if spec.colour == 2:
            return {(r, c): rng.choice("BW") for r in range(spec.height) for c in range(spec.width)}
        return {}

    @staticmethod
    def _numbering(pieces: list[list[Cell]], stones: list[Stone], mirror: bool) -> list[int]:
        """Which stone number each piece gets: itself, except that among identical stones
        the lower number goes to the piece that starts first in reading order."""
        groups: dict[Stone, list[int]] = {}
        for i, stone in enumerate(stones):
            groups.setdefault(kind(stone, mirror), []).append(i)
        order = list(range(len(pieces)))
        for members in groups.values():
            by_start = sorted(members, key=lambda i: min(pieces[i]))
            for number, i in zip(members, by_start):
                order[i] = number
        return order

    def candidate_clues(self, params: TilingParams, solution: Grid) -> dict:
        """The colour each board cell shows (none on a plain board)."""
        return {(r, c): cell[1] for r, row in enumerate(solution) for c, cell in enumerate(row)
                if cell is not None and cell[1]}


GENERATOR = TilingGenerator()
