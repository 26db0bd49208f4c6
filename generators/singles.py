"""Random Singles boards: a shading first, then numbers that force it (after Tatham).

1. Shading: visit cells in random order and shade each one that touches no shaded cell and
   leaves the white cells connected (a maximal shading, as Tatham's generator lays blacks).
2. Numbers: white cells take the numbers of a random Latin rectangle (no repeats anywhere),
   each shaded cell copies a number from a white cell of its row or column, so leaving it
   white would break the rules.
3. The engine checks uniqueness; a second solution is ruled out by `repair`, which changes
   the number of a shaded cell so that the rival repeats a number.

The clue set is the whole board, so nothing is stripped (`strips = False`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, board_height, board_shape, board_size, board_width, cost
from ..lab.engine.sat import SessionCache
from ..solvers.singles import SIZE, Cell, Shading, SinglesParams, bit_board


def random_shading(params: SinglesParams, rng: random.Random) -> Shading:
    """A maximal random shading: no two shaded cells touch, the white cells stay connected.

    Cells are visited in a shuffled reading order (the shuffle draws on the length alone);
    the shading is kept as bits (`BitBoard`), so each test is a few big-int operations."""
    board = bit_board(params.width, params.height)
    order = list(range(params.width * params.height))
    rng.shuffle(order)
    shaded = 0
    for i in order:
        bit = board.bits[i]
        if not shaded & board.around[i] and board.connected(board.full & ~(shaded | bit)):
            shaded |= bit
    w = params.width
    return tuple(tuple(bool(shaded >> (r * w + c) & 1) for c in range(w)) for r in range(params.height))


def latin_rows(params: SinglesParams, rng: random.Random) -> list[list[int]]:
    """`height` rows of a random Latin rectangle over 1..top, cut to `width` columns.

    Row by row, a random perfect matching of columns to the symbols still free in them
    (Kuhn's augmenting paths in random order); a Latin rectangle always extends (Hall)."""
    n = params.top
    free = [list(range(1, n + 1)) for _ in range(n)]  # symbols not yet in each column, ascending
    rows = []
    for _ in range(params.height):
        owner: dict[int, int] = {}  # symbol -> column

        def place(col: int, seen: set[int]) -> bool:
            symbols = free[col][:]
            rng.shuffle(symbols)
            for v in symbols:
                if v in seen:
                    continue
                seen.add(v)
                if v not in owner or place(owner[v], seen):
                    owner[v] = col
                    return True
            return False

        cols = list(range(n))
        rng.shuffle(cols)
        for col in cols:
            place(col, set())
        row = [0] * n
        for v, col in owner.items():
            row[col] = v
            free[col].remove(v)
        rows.append(row[:params.width])
    return rows


def line_mates(params: SinglesParams, r: int, c: int) -> list[Cell]:
    """The other cells of the row and the column of (r, c)."""
    return [(r, j) for j in range(params.width) if j != c] + [(i, c) for i in range(params.height) if i != r]


def board_numbers(params: SinglesParams, shading: Shading, rng: random.Random) -> dict[Cell, int]:
    """Numbers under a shading: Latin on the white cells, each shaded cell a copy of a white
    number in its row or column (a shaded cell whose number repeats nothing could be white)."""
    latin = latin_rows(params, rng)
    numbers = {(r, c): latin[r][c] for r, c in params.cells()}
    for r, c in params.cells():
        if shading[r][c]:
            numbers[(r, c)] = rng.choice([numbers[m] for m in line_mates(params, r, c)
                                          if not shading[m[0]][m[1]]])
    return numbers


@dataclass(frozen=True)
class SinglesOptions(GeneratorOptions):
    size: int = board_size(8, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)


class SinglesGenerator(Generator[SinglesOptions]):
    puzzle = "singles"
    options_type = SinglesOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list singles`
        cost(0.002, 0.009, size=8), cost(0.029, 0.066, size=16), cost(0.395, 0.48, size=32),
        cost(4.1, 4.1, size=61))
    strips = False

    def params_for(self, options: SinglesOptions) -> SinglesParams:
        return SinglesParams(*board_shape(options.size, options.width, options.height))  # checks the size limit

    def draw(self, params: SinglesParams, rng: random.Random, sessions: SessionCache):
        return params, random_shading(params, rng)

    def candidate_clues(self, params: SinglesParams, solution: Shading) -> dict:
        # The numbers are not a fact of the shading; `draw` hands over only (params, shading),
        # so they are drawn here from a generator seeded by the shading itself: still a
        # function of the caller's seed, and no state kept between calls.
        return board_numbers(params, solution, random.Random(repr(solution)))

    def repair(self, params: SinglesParams, clues: dict, solution: Shading, other: Shading,
               rng: random.Random) -> tuple[SinglesParams, dict, Shading] | None:
        """Rule out `other` by changing one number under a shaded cell.

        A cell x shaded in `solution` but white in `other` gets the number of a cell y in its
        line that is white in `other`: then `other` repeats a number, while `solution` stays
        valid (x is shaded there). y is chosen white in `solution` too when possible, so that
        x still has to be shaded. If no such x exists, `other` shades a superset of
        `solution`; no number change can rule it out, but it is itself a valid shading, so it
        becomes the solution and the old one is the rival ruled out."""
        if not self._flips(params, solution, other):
            solution, other = other, solution
        xs = self._flips(params, solution, other)
        if not xs:
            return None
        r, c = rng.choice(xs)
        mates = [m for m in line_mates(params, r, c) if not other[m[0]][m[1]]]
        best = [m for m in mates if not solution[m[0]][m[1]]] or mates
        clues = dict(clues)
        clues[(r, c)] = clues[rng.choice(best)]
        return params, clues, solution

    @staticmethod
    def _flips(params: SinglesParams, solution: Shading, other: Shading) -> list[Cell]:
        """Cells shaded in `solution` but white in `other`."""
        return [(r, c) for r, c in params.cells() if solution[r][c] and not other[r][c]]


GENERATOR = SinglesGenerator()
