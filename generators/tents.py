"""Random Tents boards, drawn as Tatham's tents.c draws them: tents first, then trees.

1. Put a fifth of the area's worth of tents on random cells, skipping any cell that
   touches a tent already placed (diagonally too); start again if they do not all fit.
2. Give every tent its own tree on a random free neighbour (a random bipartite matching by
   augmenting paths); start again if there is none. Like Tatham, start again when a row or
   column ends up with neither a tree nor a tent.
3. The candidate clues are every row and column count. Tatham gives them all, and so do we
   by default (`strips = False`): the engine checks that they pin the tents down, and when
   a rival layout fits them too, `repair` moves one tree onto a cell where the rival has a
   tent next to one of our tents (that tent's own tree goes, so our layout stays valid and
   the rival is ruled out for good), or draws again; the engine records the attempts.
   With `--strip-counts 1` the engine then strips counts while the layout stays unique
   (such a board has no Tatham game ID: his game gives every count).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import (
    Generated,
    GenerateOptions,
    Generator,
    GeneratorOptions,
    board_height,
    board_shape,
    board_size,
    board_width,
    cost,
    generate_one,
    option,
)
from ..lab.engine.puzzle import PuzzleError
from ..lab.engine.sat import SessionCache
from ..lab.toolkit.matching import bipartite_matching
from ..solvers.tents import SIZE, Cell, Grid, TentsParams, counts_of, matching


@dataclass(frozen=True)
class TentsSpec:
    """What to draw: the board size, and whether the engine strips counts."""

    width: int
    height: int
    strip_counts: bool = False


def place_tents(spec: TentsSpec, count: int, rng: random.Random) -> set[Cell] | None:
    """`count` tents on random cells, no two touching, or None when the greedy pass fails."""
    cells = [(r, c) for r in range(spec.height) for c in range(spec.width)]
    rng.shuffle(cells)
    tents: set[Cell] = set()
    near: set[Cell] = set()  # the cells the tents so far touch: one look-up per cell, not nine
    for r, c in cells:
        if len(tents) == count:
            break
        if (r, c) not in near:
            tents.add((r, c))
            near.update((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))
    return tents if len(tents) == count else None


def place_trees(spec: TentsSpec, tents: set[Cell], rng: random.Random) -> dict[Cell, Cell] | None:
    """A tree for every tent on a free neighbour, one to one, chosen at random (tent -> tree),
    or None when there is no such matching."""

    def free_neighbours(tent: Cell) -> list[Cell]:
        r, c = tent
        out = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
               if 0 <= r + dr < spec.height and 0 <= c + dc < spec.width and (r + dr, c + dc) not in tents]
        rng.shuffle(out)
        return out

    order = list(tents)
    rng.shuffle(order)
    return bipartite_matching(order, free_neighbours)


def grid_of(spec: TentsSpec | TentsParams, tents: set[Cell]) -> Grid:
    return tuple(tuple((r, c) in tents for c in range(spec.width)) for r in range(spec.height))


@dataclass(frozen=True)
class TentsOptions(GeneratorOptions):
    size: int = board_size(8, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)
    strip_counts: int = option(0, "1: strip row/column counts while the tents stay unique "
                               "(0: every count given, as Tatham does)", 0, 1)


class TentsGenerator(Generator[TentsOptions]):
    puzzle = "tents"
    options_type = TentsOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list tents`
        cost(0.002, 0.006, size=8), cost(0.016, 0.046, size=15), cost(0.187, 0.218, size=25),
        cost(5.4, 6.0, size=40))
    strips = False  # Tatham's clue set: every count (--strip-counts 1 strips them, see `generate`)

    def params_for(self, options: TentsOptions) -> TentsSpec:
        width, height = board_shape(options.size, options.width, options.height)
        SIZE.check(self.puzzle, width, height)
        if width * height < 5:
            raise PuzzleError(f"a {width}x{height} board has room for no tree: at least 5 cells")
        return TentsSpec(width, height, bool(options.strip_counts))

    def generate(self, params: TentsSpec, rng: random.Random, sessions: SessionCache,
                 opts: GenerateOptions) -> Generated | None:
        """None: the engine's loop, with every count kept. With `strip_counts` the same loop
        with stripping on (a generator that strips)."""
        if params.strip_counts and not self.strips:
            _STRIPPING.ptype = self.ptype
            return generate_one(self.ptype, _STRIPPING, params, rng, sessions, opts)
        return None

    def draw(self, params: TentsSpec, rng: random.Random, sessions: SessionCache) -> tuple[TentsParams, Grid]:
        count = max(1, params.width * params.height // 5)  # Tatham's tree count
        for _ in range(10_000):
            tents = place_tents(params, count, rng)
            if tents is None:
                continue
            trees = place_trees(params, tents, rng)
            if trees is None:
                continue
            things = tents | set(trees.values())
            if any(all((r, c) not in things for c in range(params.width)) for r in range(params.height)) or \
                    any(all((r, c) not in things for r in range(params.height)) for c in range(params.width)):
                continue  # Tatham's look: something in every row and column
            return TentsParams(params.width, params.height, tuple(sorted(trees.values()))), grid_of(params, tents)
        raise PuzzleError(f"no tent layout found for a {params.width}x{params.height} board")

    def candidate_clues(self, params: TentsParams, solution: Grid) -> dict:
        return counts_of(params, solution)

    def repair(self, params: TentsParams, clues: dict, solution: Grid, other: Grid,
               rng: random.Random) -> tuple[TentsParams, dict, Grid] | None:
        """Move one tree onto a cell where the rival has a tent and we have none, next to one
        of our tents: the tree that was paired with that tent goes, the tent keeps a tree,
        the counts stay, and the rival (a tent on a tree) is out."""
        ours = {(r, c) for r in range(params.height) for c in range(params.width) if solution[r][c]}
        pairing = matching(params, ours)
        if pairing is None:
            return None
        tree_of = {tent: tree for tree, tent in pairing.items()}
        trees = set(params.trees)
        moves = []
        for r, c in params.cells():
            if other[r][c] and not solution[r][c] and (r, c) not in trees:
                for tent in params.neighbours(r, c):
                    if tent in ours:
                        moves.append((tree_of[tent], (r, c)))
        if not moves:
            return None
        old, new = rng.choice(sorted(moves))
        fixed = TentsParams(params.width, params.height, tuple(sorted(trees - {old} | {new})))
        return fixed, clues, solution


class _StrippingTentsGenerator(TentsGenerator):
    """The same draw and repair, counts stripped by the engine (`--strip-counts 1`)."""

    strips = True

    def generate(self, params, rng, sessions, opts):
        return None


_STRIPPING = _StrippingTentsGenerator()
GENERATOR = TentsGenerator()
