"""Random Star Battle boards: the stars first, then regions drawn around them until unique.

1. Stars: a random placement of k stars a row and column, none touching, from the SAT
   session of a board whose regions are its rows (so the regions add nothing).
2. Regions: every star grows a blob of cells (random flood fill, one cell at a time from a
   random blob's edge), so every blob is connected and holds one star; then blobs are
   merged in pairs of neighbours until each region holds k stars (the blob with the fewest
   partners first; stuck: drawn again). The placement is a solution of the regions.
3. The engine asks for a second solution; `repair` rules it out by handing a cell where the
   rival has a star and ours has none (with the cells on its shortest way out of its
   region, none a star of ours) to a neighbouring region, its own region staying
   connected: the rival's region then holds fewer than k stars, ours keeps k. Repeated
   until no rival is left: at 10x10 of two stars a kept board cost 1.45 draws and a median
   of 25 repairs (mean 224, a few boards over a thousand) in a run of 20.

There is no clue to strip: the regions are the puzzle (`strips = False`, no givens).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import (
    Generator,
    GeneratorOptions,
    board_size,
    cost,
    option,
)
from ..lab.engine.puzzle import BoardLimit, PuzzleError
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.regions import grow_blobs, hand_over, merge_blobs, renumbered
from ..solvers.starbattle import PUZZLE, Grid, StarBattleParams

GENERATED = BoardLimit(16, 16, 1, 1)  # 16x16 of three stars already takes minutes (of four: 0.3 s)
FLOOD_TRIES = 50  # floods of blobs tried for one placement before it is drawn afresh
REPAIRS_PER_DRAW = 1000  # repairs of one draw (and draws) before giving up


@dataclass(frozen=True)
class StarBattleSpec:
    """What to draw: an n x n board of k stars a line."""

    size: int
    stars: int


def default_stars(size: int) -> int:
    """As the collections print them: one star up to 9x9, two on 10x10 to 13x13, then three."""
    return 1 if size < 10 else 2 if size < 14 else 3


def least_size(stars: int) -> int:
    """The smallest board with room for k stars a line, none touching, besides 1x1: 4k
    (SAT on boards whose regions are their rows finds none smaller for k = 1 to 4)."""
    return 4 * stars


def row_regions(size: int, stars: int) -> StarBattleParams:
    """A board whose regions are its rows: its solutions are every placement."""
    return StarBattleParams(size, size, stars, tuple((r,) * size for r in range(size)))


@dataclass(frozen=True)
class StarBattleOptions(GeneratorOptions):
    size: int = board_size(10, GENERATED, "board side (n rows, n columns, n regions)")
    stars: int = option(0, "stars a row, column and region (0: 1 up to 9x9, 2 to 13x13, 3 beyond)", 0, 4)


class StarBattleGenerator(Generator[StarBattleOptions]):
    """Draws regions around a random placement of stars, repairs them until unique."""

    puzzle = "starbattle"
    options_type = StarBattleOptions
    costs = (  # what a record costs, measured: lab.engine.generator.COSTS_MEASURED, `puzzlelab list starbattle`
        cost(0.017, 0.02, size=6), cost(0.14, 0.33, size=10), cost(1.3, 1.6, size=14), cost(over=120, size=16),
        cost(0.28, 0.32, size=16, stars=4))
    strips = False  # the regions are the puzzle: no clue is drawn
    # The engine's default of 100 throws away a draw that needs a few more repairs. 16x16 of three
    # stars with 100: over 3,000 repairs in 120 s, nothing kept; with 1,000: one draw and 130
    # repairs (4 s), or three draws and 1,045 repairs (33 s). 13x13 of two stars: 5.1 s a board
    # with 100, 1.8 s with 250 or 1,000; 10x10 alike either way.
    least_attempts = REPAIRS_PER_DRAW

    def params_for(self, options: StarBattleOptions) -> StarBattleSpec:
        stars = options.stars or default_stars(options.size)
        if options.size != 1 and options.size < least_size(stars) or options.size == 1 and stars > 1:
            raise PuzzleError(f"a board of {stars} star{'s' * (stars > 1)} a line needs a side of at least "
                              f"{least_size(stars)}, not {options.size}")
        GENERATED.check(self.puzzle, options.size, options.size)
        return StarBattleSpec(options.size, stars)

    def draw(self, params: StarBattleSpec, rng: random.Random, sessions: SessionCache):
        n, k = params.size, params.stars
        while True:
            placement: Grid = sessions.get(PUZZLE, row_regions(n, k)).random_solution(rng)
            stars = [(r, c) for r in range(n) for c in range(n) if placement[r][c]]
            for _ in range(FLOOD_TRIES):
                blob = grow_blobs(n, stars, rng)
                regions = merge_blobs(blob, len(stars), k, rng)
                if regions is not None:
                    return StarBattleParams(n, n, k, renumbered(regions)), placement

    def candidate_clues(self, params: StarBattleParams, solution: Grid) -> dict:
        return {}

    def repair(self, params: StarBattleParams, clues: dict, solution: Grid, other: Grid,
               rng: random.Random) -> tuple[StarBattleParams, dict, Grid] | None:
        """Rule `other` out: take a cell where it has a star and `solution` none, and hand it
        to a neighbouring region, with the cells of its own region on the shortest way there
        when it lies inside (none of them a star of `solution`, its region staying
        connected). `other`'s region loses a star; every region of `solution` keeps its k."""
        moved = hand_over(params.regions, solution, other, rng)
        return None if moved is None else (StarBattleParams(params.width, params.height, params.stars, moved), clues,
                                           solution)


GENERATOR = StarBattleGenerator()
