"""Random Tracks boards, drawn as Tatham's tracks.c draws them (lay_path).

1. Enter at a random row of the left edge and walk: at each cell try the four directions
   in random order and take the first that leaves the grid at the bottom (the exit) or
   reaches a cell the track has not visited; when none is left, start again.
2. Like Tatham, draw again when a row or column has no track, and (with `--single-ones 1`,
   his default) when two neighbouring counts in his order (columns, then rows) are both 1,
   or the first or the last is 1.
3. The candidate clues are every row and column count and the piece of every track cell.
   The full set gives the whole line, so it is always unique: there is nothing to repair.
   The counts (as Tatham gives them all) and the pieces at A and B (as he always does) are
   never stripped; the engine strips the other pieces while the track stays unique. With
   `--strip-counts 1` the counts are stripped as well (no Tatham game ID then). A record
   says `minimal` only when every clue is needed, the kept ones too (they rarely all are).

Tatham's difficulty (`de`, `dt`, `dh`) is the set of deductions his own solver needs; the
engine's puzzles are minimal instead (every piece left is needed), graded by `grade`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

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
from ..solvers.tracks import (
    DIRS,
    OPPOSITE,
    SIZE,
    Cell,
    Track,
    TracksParams,
    count_keys,
    counts_of,
    shape,
    step,
)

MOST_WALKS = 100_000  # walks before giving up on a board (an 8x8 needs a handful)


@dataclass(frozen=True)
class TracksSpec:
    """What to draw: the board size, Tatham's "no consecutive 1 counts", and whether the
    engine strips counts too."""

    width: int
    height: int
    single_ones: bool = True
    strip_counts: bool = False


def lay_path(spec: TracksSpec, rng: random.Random) -> tuple[int, list[Cell], int]:
    """A random walk from the left edge to the bottom edge that never revisits a cell:
    (entrance row, the cells in order, exit column)."""
    ahead = moves(spec.width, spec.height)
    while True:
        entrance = rng.randrange(spec.height)
        cell = (entrance, 0)
        path, seen = [cell], {cell}
        while True:
            options = ahead[cell].copy()
            rng.shuffle(options)  # the four directions as a shuffle of DIRS would order them
            for nxt in options:
                if nxt is None or nxt in seen:
                    continue
                if nxt[0] == spec.height:
                    return entrance, path, nxt[1]
                cell = nxt
                path.append(cell)
                seen.add(cell)
                break
            else:
                break  # stuck: start again


@cache
def moves(width: int, height: int) -> dict[Cell, list[Cell | None]]:
    """Where each direction (in DIRS order) leads from each cell: a cell, a cell of the
    row below the grid (the exit), or None (off the grid). Made once a board shape, so
    the walk's steps are look-ups."""
    def ahead(cell: Cell) -> Cell | None:
        return cell if 0 <= cell[0] <= height and 0 <= cell[1] < width else None

    return {(r, c): [ahead(step((r, c), d)) for d in DIRS] for r in range(height) for c in range(width)}


def track_of(params: TracksParams, path: list[Cell]) -> Track:
    """The pieces along a path of cells, with L at A and D at B."""
    dirs: dict[Cell, set[str]] = {cell: set() for cell in path}
    dirs[path[0]].add("L")
    dirs[path[-1]].add("D")
    for a, b in zip(path, path[1:]):
        d = next(d for d in DIRS if step(a, d) == b)
        dirs[a].add(d)
        dirs[b].add(OPPOSITE[d])
    return tuple(tuple(shape(dirs.get((r, c), ())) for c in range(params.width)) for r in range(params.height))


def path_counts(spec: TracksSpec, path: list[Cell]) -> list[int]:
    """The counts of a path in Tatham's order (columns, then rows): checked for every walk,
    before the path becomes pieces."""
    counts = [0] * (spec.width + spec.height)
    for r, c in path:
        counts[c] += 1
        counts[spec.width + r] += 1
    return counts


def acceptable(spec: TracksSpec, counts: list[int]) -> bool:
    """Tatham's look: track in every line and, with `single_ones`, no two 1s side by side
    in his order of the counts, nor a 1 first or last."""
    if 0 in counts:
        return False
    if spec.single_ones:
        ones = [n == 1 for n in counts]
        if ones[0] or ones[-1] or any(a and b for a, b in zip(ones, ones[1:])):
            return False
    return True


@dataclass(frozen=True)
class TracksOptions(GeneratorOptions):
    size: int = board_size(8, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)
    single_ones: int = option(1, "1: no two neighbouring counts are both 1 (Tatham's default; 0 is his 'o')", 0, 1)
    strip_counts: int = option(0, "1: strip row/column counts too (0: every count given, as Tatham does)", 0, 1)


class TracksGenerator(Generator[TracksOptions]):
    puzzle = "tracks"
    options_type = TracksOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list tracks`
        cost(0.005, 0.012, size=8), cost(0.22, 0.538, size=12), cost(2.6, 3.6, size=16),
        cost(2.7, 15.8, size=20))

    def params_for(self, options: TracksOptions) -> TracksSpec:
        width, height = board_shape(options.size, options.width, options.height)
        SIZE.check(self.puzzle, width, height)
        if width * height < 4:
            raise PuzzleError(f"a {width}x{height} board is too small to lay a track on: at least 2x2")
        return TracksSpec(width, height, bool(options.single_ones), bool(options.strip_counts))

    def draw(self, params: TracksSpec, rng: random.Random, sessions: SessionCache) -> tuple[TracksParams, Track]:
        for _ in range(MOST_WALKS):
            entrance, path, exit = lay_path(params, rng)
            if acceptable(params, path_counts(params, path)):
                board = TracksParams(params.width, params.height, entrance, exit)
                return board, track_of(board, path)
        raise PuzzleError(f"no track found for a {params.width}x{params.height} board with these options "
                          "(try --single-ones 0)")

    def candidate_clues(self, params: TracksParams, solution: Track) -> dict:
        pieces = {(r, c): s for r, row in enumerate(solution) for c, s in enumerate(row) if s}
        return {**counts_of(params, solution), **pieces}

    def fixed_clues(self, params: TracksParams, clues: dict, spec: TracksSpec | None = None) -> list:
        """The pieces at A and B (Tatham always gives them), and every count unless the spec
        strips them (`--strip-counts 1`). The engine calls the result minimal only if each
        of these is needed too."""
        ends = [params.entrance_cell, params.exit_cell]
        return ends if spec is not None and spec.strip_counts else [*ends, *count_keys(params)]


GENERATOR = TracksGenerator()
