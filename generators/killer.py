"""Random killer sudoku puzzles: a random filled grid (of boxes, or of random jigsaw regions),
random cages of 2 to `--cage` cells around it (connected, no digit twice), every cage's sum
kept and every digit a candidate clue, stripped by the engine: where the cages alone make
the grid unique none is left, as on Tatham's boards, else the few the cages need."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from ..lab.engine.generator import Generator, GeneratorOptions, cost, option
from ..lab.engine.puzzle import PuzzleError, quote
from ..lab.engine.sat import SessionCache
from ..solvers.killer import PUZZLE, SIZE, killer_board
from ..solvers.solo_common import Grid, SoloParams, box_board, default_box
from .solo_common import filled_grid, random_cages, random_regions

DRAWS = 50  # grids and cage layouts drawn before giving up


@dataclass(frozen=True)
class KillerSpec:
    """What to draw: an n x n board of these boxes (None: random jigsaw regions), X or not,
    and cages of 2 to `cage` cells."""

    size: int
    box: tuple[int, int] | None
    diagonals: bool
    cage: int


@dataclass(frozen=True)
class KillerOptions(GeneratorOptions):
    size: int = option(9, "grid size n (4, 6, 8, 9 with boxes; 2 to 9 with --jigsaw 1)",
                       SIZE.least_width, SIZE.most_width)
    box: str = option("", "box shape ROWSxCOLS, each at least 2 (default: as square as possible)")
    jigsaw: int = option(0, "1: random jigsaw regions in place of the boxes (Tatham's 'j')", 0, 1)
    diagonals: int = option(0, "1: both main diagonals hold each digit once too (Tatham's 'x')", 0, 1)
    cage: int = option(5, "the most cells a cage has (the fewest is 2; at most the size)", 2, 9)


class KillerGenerator(Generator[KillerOptions]):
    puzzle = "killer"
    options_type = KillerOptions
    costs = (  # what a record costs, measured: lab.engine.generator.COSTS_MEASURED, `puzzlelab list killer`
        cost(0.010, 0.011, size=4), cost(0.029, 0.034, size=6), cost(0.473, 0.645, size=9),
        cost(0.408, 1.2, size=9, jigsaw=1))
    # Every cage keeps its sum (`fixed_clues`), and "minimal" keeps its usual sense (no clue, sum
    # or digit, could go), so a board with a sum the others imply is not called minimal: most are
    # not (tests/test_conformance.py checks every clue of a board called minimal)

    def params_for(self, options: KillerOptions) -> KillerSpec:
        n = options.size
        SIZE.check(self.puzzle, n, n)
        if options.diagonals and n < 4:
            raise PuzzleError(f"--diagonals needs a board of at least 4x4, not {n}x{n}")
        box = None
        if options.box:
            if options.jigsaw:
                raise PuzzleError("--box and --jigsaw 1 both: a killer has boxes or jigsaw regions")
            m = re.fullmatch(r"(\d)x(\d)", options.box.strip().lower())
            if not m or int(m.group(1)) * int(m.group(2)) != n:
                raise PuzzleError(f"--box must be ROWSxCOLS making {n}x{n}, got {quote(options.box)}")
            box = int(m.group(1)), int(m.group(2))
            box_board(*box)  # each side at least 2
        elif not options.jigsaw:
            box = default_box(n)
        return KillerSpec(n, box, bool(options.diagonals), min(options.cage, n))

    def draw(self, spec: KillerSpec, rng: random.Random, sessions: SessionCache) -> tuple[SoloParams, Grid]:
        n = spec.size
        for _ in range(DRAWS):
            board = (box_board(*spec.box, spec.diagonals) if spec.box
                     else SoloParams(n, random_regions(n, rng), None, spec.diagonals))
            grid = filled_grid(PUZZLE, board, rng)
            if grid is None:
                continue
            cages = random_cages(grid, rng, 2, spec.cage)
            if cages is None:
                continue
            params = killer_board(n, [list(cage) for cage in cages], spec.box,
                                  None if spec.box else board.regions, None, spec.diagonals)
            return params, grid
        raise PuzzleError(f"no {n}x{n} killer board drawn in {DRAWS} tries")

    def candidate_clues(self, params: SoloParams, solution: Grid) -> dict:
        digits: dict[Any, int] = {(r, c): d for r, row in enumerate(solution) for c, d in enumerate(row)}
        sums = {params.sum_key(i): sum(solution[r][c] for r, c in cage) for i, cage in enumerate(params.cages)}
        return {**digits, **sums}

    def fixed_clues(self, params: SoloParams, clues: dict, spec: Any = None) -> list:
        return list(params.sum_keys)

    def partner(self, params: SoloParams, key: Any) -> Any:
        if key[0] == "sum":
            return None
        n = params.n
        return (n - 1 - key[0], n - 1 - key[1])


GENERATOR = KillerGenerator()
