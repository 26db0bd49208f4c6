"""Random Magnets boards: a random domino tiling, then a random assignment of magnets and
blanks that keeps the pole rule; the candidate clues are every row and column count.
1. Tiling: cells in reading order, the first free cell paired with its right or lower
   neighbour at random (depth first, backing off when stuck); a board of odd area keeps
   one single neutral cell (Tatham's `*`).
2. Dominoes in random order: a magnet in a random orientation when one fits the poles
   already placed (two chances in three of trying), else blank.
3. When all the counts admit a rival grid, `repair` changes one domino where the two
   differ (blank <-> magnet), which rules the rival out, and the engine checks again.
4. The engine strips the counts to a minimal set that keeps the grid unique (Tatham gives
   all counts unless his 'strip clues' option is on).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, board_height, board_shape, board_size, board_width, cost
from ..lab.engine.puzzle import PuzzleError
from ..lab.engine.sat import SessionCache
from ..solvers.magnets import SIZE, Grid, MagnetsParams, counts_of


@dataclass(frozen=True)
class MagnetsSpec:
    width: int
    height: int


def random_tiling(width: int, height: int, rng: random.Random) -> tuple[str, ...] | None:
    """A random layout of L R T B (and one * when the area is odd, on a cell of the corners'
    colour), or None when this try is stuck (the caller tries again). Cells in reading order:
    the first free cell takes its right neighbour or the cell below at random. Only the last
    row can be stuck, so on the row above it a vertical domino is placed only where it leaves
    an even run of free cells to its left in the last row."""
    grid = [[""] * width for _ in range(height)]
    if (width * height) % 2:
        r, c = rng.choice([(r, c) for r in range(height) for c in range(width) if (r + c) % 2 == 0])
        grid[r][c] = "*"

    def even_run_before(c: int) -> bool:  # the free cells of the last row just left of column c
        run = 0
        while c - 1 - run >= 0 and not grid[height - 1][c - 1 - run]:
            run += 1
        return run % 2 == 0

    for r in range(height):
        for c in range(width):
            if grid[r][c]:
                continue
            moves = []
            if c + 1 < width and not grid[r][c + 1]:
                moves.append("H")
            if r + 1 < height and not grid[r + 1][c] and (r + 2 < height or even_run_before(c)):
                moves.append("V")
            if not moves:
                return None
            if rng.choice(moves) == "H":
                grid[r][c], grid[r][c + 1] = "L", "R"
            else:
                grid[r][c], grid[r + 1][c] = "T", "B"
    return tuple("".join(row) for row in grid)


def random_magnets(params: MagnetsParams, rng: random.Random) -> Grid:
    grid = [["."] * params.width for _ in range(params.height)]

    def fits(r: int, c: int, s: str) -> bool:
        return not any(0 <= r + dr < params.height and 0 <= c + dc < params.width and grid[r + dr][c + dc] == s
                       for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))

    dominoes = params.dominoes()
    rng.shuffle(dominoes)
    for (r1, c1), (r2, c2) in dominoes:
        if rng.random() < 1 / 3:
            continue
        for first in rng.sample(["+", "-"], 2):
            second = "-" if first == "+" else "+"
            if fits(r1, c1, first) and fits(r2, c2, second):
                grid[r1][c1], grid[r2][c2] = first, second
                break
    return tuple(tuple(row) for row in grid)


@dataclass(frozen=True)
class MagnetsOptions(GeneratorOptions):
    size: int = board_size(6, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)


class MagnetsGenerator(Generator[MagnetsOptions]):
    puzzle = "magnets"
    options_type = MagnetsOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list magnets`
        cost(0.005, 0.009, size=6), cost(0.087, 0.12, size=10), cost(1.6, 1.8, size=15),
        cost(5.9, 9.8, size=17), cost(over=120, size=20))

    def params_for(self, options: MagnetsOptions) -> MagnetsSpec:
        width, height = board_shape(options.size, options.width, options.height)
        SIZE.check(self.puzzle, width, height)
        if width * height < 2:
            raise PuzzleError(f"a {width}x{height} board has room for no domino")
        return MagnetsSpec(width, height)

    def draw(self, params: MagnetsSpec, rng: random.Random, sessions: SessionCache) -> tuple[MagnetsParams, Grid]:
        for _ in range(10_000):
            layout = random_tiling(params.width, params.height, rng)
            if layout is not None:
                board = MagnetsParams(params.width, params.height, layout)
                return board, random_magnets(board, rng)
        raise PuzzleError(f"no domino tiling found for {params.width}x{params.height}")

    def repair(self, params: MagnetsParams, clues: dict, solution: Grid, other: Grid,
               rng: random.Random) -> tuple[MagnetsParams, dict, Grid] | None:
        """All the counts fit a rival grid: change one domino where the two differ (a magnet
        of ours blank, or a blank of ours a magnet where the poles allow). The number of +
        cells changes by one, so the rival no longer fits the counts."""
        grid = [list(row) for row in solution]
        differ = [d for d in params.dominoes() if any(solution[r][c] != other[r][c] for r, c in d)]
        rng.shuffle(differ)
        for (r1, c1), (r2, c2) in differ:
            if grid[r1][c1] != ".":
                grid[r1][c1] = grid[r2][c2] = "."
                break
            for first in rng.sample(["+", "-"], 2):
                second = "-" if first == "+" else "+"
                if all(not (0 <= r + dr < params.height and 0 <= c + dc < params.width)
                       or grid[r + dr][c + dc] != s or (r + dr, c + dc) in ((r1, c1), (r2, c2))
                       for (r, c), s in (((r1, c1), first), ((r2, c2), second))
                       for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))):
                    grid[r1][c1], grid[r2][c2] = first, second
                    break
            else:
                continue
            break
        else:
            return None
        new = tuple(tuple(row) for row in grid)
        return params, counts_of(params, new), new

    def candidate_clues(self, params: MagnetsParams, solution: Grid) -> dict:
        return counts_of(params, solution)


GENERATOR = MagnetsGenerator()
