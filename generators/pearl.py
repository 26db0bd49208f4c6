"""Random Pearl loops and their candidate pearls.

A loop through cell centres is the border of a region of *faces* (the unit squares between
four cell centres); flipping one face in or out of the region toggles its four border
edges. The drawing starts from the grid's outline (every face inside) and flips random
faces while the region stays a topological disk (so its border stays one simple loop):
first freely, then keeping a flip only when the loop has at least as many places for
pearls nearby as before (a black pearl site counts double, as in Tatham's bias towards
black clues). Loops rich in pearl
sites are the ones whose full pearl set is unique: plain random loops wriggle in one-cell
steps where no pearl fits and are almost never pinned down even by every pearl they allow.
Pure Python, and it depends only on the random generator.

Every cell where the loop allows a pearl gets one (black on a turn between two straights,
white on a straight next to a turn); if even that full set is ambiguous, the loop is drawn
again, and the engine then strips pearls while the puzzle stays unique.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from ..lab.engine.generator import Generator, GeneratorOptions, cost, option
from ..lab.engine.puzzle import PuzzleError
from ..lab.engine.sat import SessionCache
from ..solvers.pearl import SIZE, Cell, Loop, PearlParams, make_params, pearl_problems

Face = tuple[int, int]  # the square with cell (i, j) at its top-left corner
U, D, L, R = 1, 2, 4, 8
SITE_WORTH = {"B": 2, "W": 1, "": 0}
# Flip attempts per face: wandering first keeps small loops from sticking near the outline,
# so that most loops are unique with every pearl in place.
WANDER, CLIMB = 2, 12

# The border of a face in cyclic order has eight parts: N edge, NE corner, E edge, SE
# corner, S, SW, W, NW (the "border order"). The faces around it, in that order: across
# each edge, and diagonally at each corner. A corner part touches what its two edge faces
# or its diagonal face touch.
AROUND = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]


def _touching(mask: int) -> list[bool]:
    """The border parts touched, from which of the AROUND faces (bits) are on the other side."""
    on = [bool(mask >> i & 1) for i in range(8)]
    return [on[k] if k % 2 == 0 else on[k - 1] or on[k] or on[(k + 1) % 8] for k in range(8)]


def joins_as_disk(touching: list[bool]) -> bool:
    """Does a disk stay a disk with a face added, given which of the face's eight border
    parts (border order) the disk touches?

    Gluing two disks along one arc of their borders gives a disk; so the part of the
    face's border that the disk touches must be a single arc with at least one edge in
    it, and not the whole border (a corner alone would pinch, two arcs would enclose).
    On the sphere the other side is then a disk too, so the border stays one loop.
    """
    if not any(touching[0::2]) or all(touching):
        return False
    return sum(1 for k in range(8) if touching[k] and not touching[k - 1]) == 1


JOINS = [joins_as_disk(_touching(mask)) for mask in range(256)]  # by the mask of AROUND faces


class Layout(NamedTuple):
    """What every sketch of one board size shares, made once per size (`layout`): read
    only, so one copy serves every draw."""

    faces: tuple[Face, ...]
    top: tuple[int, ...]  # each face's top-left cell number
    # the AROUND faces of each face as (bit, face number), -1 beyond the grid (the last
    # entry of `inside`, always False: beyond the grid is outside)
    around: tuple[tuple[tuple[int, int], ...], ...]
    # the cells whose pearl site a flip can change: its corners and their neighbours
    window: tuple[tuple[int, ...], ...]
    ways: tuple[tuple[tuple[int, int], ...], ...]  # by cell bits: (bit, cell number offset) of each way out


@lru_cache(maxsize=16)
def layout(params: PearlParams) -> Layout:
    """The face and cell tables of a board size."""
    h, w = params.height, params.width
    faces = tuple((i, j) for i in range(h - 1) for j in range(w - 1))
    number = {f: k for k, f in enumerate(faces)}
    around = tuple(tuple((1 << b, number.get((i + di, j + dj), -1)) for b, (di, dj) in enumerate(AROUND))
                   for i, j in faces)
    window = tuple(tuple(r * w + c for r in range(i - 1, i + 3) for c in range(j - 1, j + 3)
                         if 0 <= r < h and 0 <= c < w and (r in (i, i + 1) or c in (j, j + 1)))
                   for i, j in faces)
    offset = {U: -w, D: w, L: -1, R: 1}
    ways = tuple(tuple((bit, offset[bit]) for bit in (U, D, L, R) if s & bit) for s in range(16))
    return Layout(faces, tuple(i * w + j for i, j in faces), around, window, ways)


def _worth_if(s: int, straight_on: bool) -> int:
    """A cell's pearl-site worth from its shape bits and whether both loop neighbours go
    straight on (the rule `Sketch.site` spells out)."""
    if not s:
        return 0
    if s == U | D or s == L | R:
        return SITE_WORTH["" if straight_on else "W"]
    return SITE_WORTH["B" if straight_on else ""]


# by shape bits: the worth when both loop neighbours go straight on, and when not
WORTH_ON = tuple(_worth_if(s, True) for s in range(16))
WORTH_OFF = tuple(_worth_if(s, False) for s in range(16))


def worths(bits: list[int], ways: tuple[tuple[tuple[int, int], ...], ...], cells: Iterable[int]) -> list[int]:
    """The pearl-site worth of each of `cells`, as SITE_WORTH of `Sketch.site`: one loop
    with no call per cell, as the hill-climb asks this of a dozen cells per flip."""
    out = []
    for cell in cells:
        s = bits[cell]
        on = True
        for bit, off in ways[s]:
            if not bits[cell + off] & bit:
                on = False
                break
        out.append(WORTH_ON[s] if on else WORTH_OFF[s])
    return out


class Sketch:
    """A loop being reshaped: which faces are inside it, and every cell's shape as
    U/D/L/R bits. Flat lists indexed by face and by cell keep the hill-climb quick."""

    def __init__(self, params: PearlParams):
        self.h, self.w = params.height, params.width
        self.faces, self.top, self.around, self.window, self.ways = layout(params)
        self.inside = [False] * (len(self.faces) + 1)
        self.bits = [0] * (self.h * self.w)
        for k in range(len(self.faces)):  # all faces in: the loop is the grid's outline
            self.flip(k)

    def flip(self, k: int) -> None:
        top = self.top[k]
        bottom = top + self.w
        bits = self.bits
        self.inside[k] = not self.inside[k]
        bits[top] ^= R | D
        bits[top + 1] ^= L | D
        bits[bottom] ^= R | U
        bits[bottom + 1] ^= L | U

    def may_flip(self, k: int) -> bool:
        """Does the region stay a disk (and its border one loop) with face k flipped? A face
        inside joins the outside, which includes all beyond the grid."""
        inside = self.inside
        mine = inside[k]
        mask = 0
        for bit, g in self.around[k]:
            if inside[g] != mine:
                mask |= bit
        return JOINS[mask]

    def site(self, cell: int) -> str:
        """The pearl this cell could hold: 'B', 'W' or ''."""
        s = self.bits[cell]
        if not s:
            return ""
        straight_on = all(self.bits[cell + off] & bit for bit, off in self.ways[s])
        if s == U | D or s == L | R:
            return "" if straight_on else "W"
        return "B" if straight_on else ""

    def count_sites(self) -> None:
        """Every cell's pearl-site worth, kept up to date by `flip_if_no_worse`."""
        self.worths = worths(self.bits, self.ways, range(self.h * self.w))

    def flip_if_no_worse(self, k: int) -> None:
        """Flip face k unless that lowers the pearl sites around it (`count_sites` first):
        the sites before come from the counts kept, so only the new ones are worked out."""
        window, kept = self.window[k], self.worths
        before = sum([kept[cell] for cell in window])
        self.flip(k)
        after = worths(self.bits, self.ways, window)
        if sum(after) < before:
            self.flip(k)
            return
        for cell, worth in zip(window, after):
            kept[cell] = worth

    def loop(self) -> Loop:
        return tuple(tuple("".join(d for d, bit in (("U", U), ("D", D), ("L", L), ("R", R)) if s & bit)
                           for s in self.bits[r * self.w:(r + 1) * self.w]) for r in range(self.h))


def random_loop(params: PearlParams, rng: random.Random, wander: int = WANDER, climb: int = CLIMB) -> Loop:
    """Random face flips that keep one simple loop: first any (to forget the outline we
    start from), then only those that keep or raise the pearl sites nearby."""
    sketch = Sketch(params)
    n = len(sketch.faces)
    for _ in range(wander * n):
        k = rng.randrange(n)
        if sketch.may_flip(k):
            sketch.flip(k)
    sketch.count_sites()
    for _ in range(climb * n):
        k = rng.randrange(n)
        if sketch.may_flip(k):
            sketch.flip_if_no_worse(k)
    return sketch.loop()


def pearl_spots(params: PearlParams, loop: Loop) -> dict[Cell, str]:
    """Every pearl the loop allows: exactly the cells where a B or W would hold."""
    out = {}
    for cell in params.cells():
        if loop[cell[0]][cell[1]]:
            for v in ("B", "W"):
                if not pearl_problems(params, loop, cell, v):
                    out[cell] = v
    return out


MIN_SIDE = 3  # a loop with room for pearls


@dataclass(frozen=True)
class PearlOptions(GeneratorOptions):
    size: int = option(8, "grid width (and height unless --height is given)", MIN_SIDE, SIZE.most_width)
    height: int | None = option(None, "grid height (default: size)", MIN_SIDE, SIZE.most_height)


class PearlGenerator(Generator[PearlOptions]):
    puzzle = "pearl"
    options_type = PearlOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list pearl`
        cost(0.006, 0.012, size=8), cost(0.09, 0.092, size=15), cost(0.43, 0.669, size=20),
        cost(1.8, 1.8, size=25, note="record 1: no unique pearl found in 100 attempts"),
        cost(size=30, note="no record: no unique pearl found in 100 attempts"), cost(over=120, size=40))

    def params_for(self, options: PearlOptions) -> PearlParams:
        params = make_params(options.size, options.size if options.height is None else options.height)
        if params.width < MIN_SIDE or params.height < MIN_SIDE:
            raise PuzzleError(f"pearl generation needs at least {MIN_SIDE}x{MIN_SIDE} cells")
        return params

    def draw(self, params: PearlParams, rng: random.Random, sessions: SessionCache):
        return params, random_loop(params, rng)

    def candidate_clues(self, params: PearlParams, solution: Loop) -> dict:
        return pearl_spots(params, solution)

    def partner(self, params: PearlParams, key: Cell) -> Cell:
        return params.rotate(key)  # 180-degree rotation


GENERATOR = PearlGenerator()
