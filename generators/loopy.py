"""Random Loopy loops on any of Tatham's grids, and their numbers.

A single loop along the grid's edges is the border of a set of faces that is a topological
disk. The drawing grows one from a random face, adding a random neighbouring face only where
the border stays one simple loop (every dot 0 or 2 of its edges, one piece: the set and the
rest, with the outside, both stay connected and nothing pinches at a corner), until it
covers a random share of the grid. Every face's number is a candidate clue; the engine
strips numbers while the puzzle stays unique. Pure Python: it depends only on the random
generator.

A Penrose grid (kitedart, rhombs) is itself random: each board gets its own patch, drawn as
his grid_new_desc_penrose draws one (a centre in the disc his validate allows, an angle a
multiple of 36, again while the patch holds no face), unless `--patch` names one.
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
from ..lab.toolkit.paths import edge_pieces
from ..lab.toolkit.tilings import PENROSE_GRIDS, Tiling, penrose_inner_radius, penrose_tiling
from ..solvers.loopy import LIMITS, SIZE, Loop, LoopyParams, Patch, face_counts, loop_around, read_patch

LEAST_SHARE, MOST_SHARE = 0.35, 0.65  # of the grid's faces inside the loop


def is_one_loop(t: Tiling, dot_edges: list[list[int]], loop: Loop) -> bool:
    """Is `loop` one simple cycle?"""
    if any(sum(loop[e] for e in around) not in (0, 2) for around in dot_edges):
        return False
    return len(edge_pieces(len(t.dots), t.edges, [e for e, on in enumerate(loop) if on])) == 1


def random_disk(t: Tiling, rng: random.Random) -> list[bool]:
    """A random set of faces whose border is one simple loop, a share of the grid between
    LEAST_SHARE and MOST_SHARE (at least one face)."""
    n = len(t.faces)
    dot_edges = t.dot_edges()
    inside = [False] * n
    inside[rng.randrange(n)] = True
    target = max(1, round(rng.uniform(LEAST_SHARE, MOST_SHARE) * n))
    size, refused = 1, set[int]()
    while size < target:
        frontier = sorted({g for f in range(n) if inside[f] for e in t.face_edges[f] for g in t.edge_faces[e]
                           if not inside[g] and g not in refused})
        if not frontier:
            break
        g = rng.choice(frontier)
        inside[g] = True
        if is_one_loop(t, dot_edges, loop_around(t, inside)):
            size += 1
            refused.clear()
        else:
            inside[g] = False
            refused.add(g)
    return inside


MOST_PATCH_TRIES = 1000


def random_patch(grid: str, width: int, height: int, rng: random.Random) -> Patch:
    """A random patch of a Penrose grid as his grid_new_desc_penrose picks one: a centre
    uniform in the square of side 2r, drawn again while outside the disc of radius r (his
    inner radius), an angle of 0, 36, ... 324; drawn again while the patch has no face."""
    r = penrose_inner_radius(PENROSE_GRIDS[grid][0], width, height)
    for _ in range(MOST_PATCH_TRIES):
        while True:
            x, y = rng.randrange(2 * r) - r, rng.randrange(2 * r) - r
            if x * x + y * y <= r * r:
                break
        patch = (x, y, rng.randrange(10) * 36)
        if penrose_tiling(grid, width, height, *patch).faces:
            return patch
    raise PuzzleError(f"no patch of a {grid} {width}x{height} grid holds a face")


@dataclass(frozen=True)
class PatchToDraw(LoopyParams):
    """A Penrose grid whose patch `draw` picks for each board (its own patch a stand-in)."""


@dataclass(frozen=True)
class LoopyOptions(GeneratorOptions):
    grid: str = option("honeycomb", "the grid: " + ", ".join(LIMITS))
    patch: str = option("", "a Penrose grid's patch, his grid description G<x>,<y>,<angle> (default: a random "
                        "one for each board)")
    size: int = board_size(5, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)


class LoopyGenerator(Generator[LoopyOptions]):
    puzzle = "loopy"
    options_type = LoopyOptions
    # measured (seconds a record, graded, the default honeycomb, three records at seed 2): from 20x20
    # the stripping's one-loop cuts rule split loops out one at a time (one 20x20 record took 22 s)
    costs = (cost(0.007, 0.012, size=5), cost(0.12, 0.16, size=10), cost(2.8, 22, size=20),
             cost(28, note="one record, seed 2", size=30))

    def params_for(self, options: LoopyOptions) -> LoopyParams:
        """The grid; a Penrose grid with the patch asked for, or one whose patch `draw` picks
        for each board."""
        if options.grid not in LIMITS:
            raise PuzzleError(f"unknown loopy grid {options.grid!r} (known: {', '.join(LIMITS)})")
        width, height = board_shape(options.size, options.width, options.height)
        if options.grid not in PENROSE_GRIDS:
            if options.patch:
                raise PuzzleError(f"--patch is for the Penrose grids ({', '.join(PENROSE_GRIDS)}), not {options.grid}")
            return LoopyParams(options.grid, width, height)
        least = LIMITS[options.grid][1]
        if width < least or height < least:
            raise PuzzleError(f"Tatham's {options.grid} grids are at least {least}x{least}")
        if options.patch:
            return LoopyParams(options.grid, width, height, read_patch(options.patch.upper()))
        return PatchToDraw(options.grid, width, height, random_patch(options.grid, width, height, random.Random(0)))

    def draw(self, params: LoopyParams, rng: random.Random, sessions: SessionCache) -> tuple[LoopyParams, Loop]:
        if isinstance(params, PatchToDraw):
            params = LoopyParams(params.grid, params.width, params.height,
                                 random_patch(params.grid, params.width, params.height, rng))
        t = params.tiling
        return params, loop_around(t, random_disk(t, rng))

    def candidate_clues(self, params: LoopyParams, solution: Loop) -> dict:
        return dict(enumerate(face_counts(params.tiling, solution)))


GENERATOR = LoopyGenerator()
