"""Galaxies (Tatham's name; Nikoli's Tentaisho, Spiral Galaxies): text forms, rules,
decoding, verification.

Rules: divide the grid into regions, each holding exactly one dot and symmetric under a
half turn about it. A dot lies at a cell's centre, on the edge between two cells or at the
corner of four, and the cells it touches all belong to its region (no line passes through
a dot).

Places (`Spot`) are counted on the doubled grid, as Tatham's and pzprjs's forms count them:
(2r, 2c) is the centre of cell (r, c), (2r, 2c + 1) the edge right of it, (2r + 1, 2c + 1)
the corner below right of it. The half turn about spot (i, j) takes cell (r, c) to
(i - r, j - c).

Structure (`params`): the board and its empty cells (pzprjs's cells outside the grid; his
boards have none). Clues: one a spot, its value `NO_DOT`, `WHITE` or `BLACK` (a dot's colour
only paints a picture, as in pzprjs and his picture generator: it is no rule). A spot
without a clue is not known to hold a dot or not (`?`): a board with every spot clued is the
puzzle as printed, and an empty board is any division into symmetric regions.

CNF: one variable per spot and pair of cells the half turn about it swaps ("this pair
belongs to the spot's region"; a cell the spot's centre holds alone), so every region is
symmetric by construction; exactly one spot a cell. A spot's dot literal is its first
touching cell's variable; every variable of a spot implies it, and it implies the spot's
other touching cells. A cell of a region beyond the touching ones has a neighbour in it.
Connectivity is lazy (`cuts`): a piece of a region away from its dot must reach the dot
through the cells around it. A clue is the dot literal (or its negation), so no clue draws
a variable. `given_rules` leaves out the spots clued without a dot, and from each dot's
region the cells another dot touches or that it cannot reach without crossing one: a
generated 20x20 checks unique in 0.2 s there, where its first solve on the plain rules
(its dots given as unit clauses) had not ended after two minutes.

A solution is a grid of labels: each region numbered 1, 2, ... in the order of its dot
reading the doubled grid, 0 on an empty cell.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from typing import Any

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    Clause,
    CluePuzzle,
    CpModel,
    Instance,
    PuzzleError,
    Rules,
    Speed,
    at_place,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import read_grid
from ..lab.toolkit.cellgrid import BoardCells, tatham_grid_size
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, PuzzLinkCodec, Pzprv3Codec, TathamCodec
from ..lab.toolkit.connectivity import neighbours
from ..lab.toolkit.puzzlink import Cursor, PuzzLink, refuse_flags, size_column, write_bits
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, wall_items
from ..lab.toolkit.regions import cell_name, rooms_from_walls
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import GameId
from ..lab.toolkit.textgrid import JsonObject, Token, char_rows, rectangular

Cell = tuple[int, int]
Spot = tuple[int, int]  # a place on the doubled grid (see the module's docstring)
Grid = tuple[tuple[int, ...], ...]  # each cell: its region's label (0 on an empty cell)
# Size limit: Tatham's largest preset is 15x15, puzz.link's boards reach 30 and more. A board
# with its dots given checks on rules of its dots alone (`given_rules`: a generated 20x20 in
# 0.2 s); the rules of every spot a session of a board's structure loads hold about
# (width x height)^2 / 2 variables: 15x15 builds in 0.4 s, 30x30 in 9 s and 460 MB. The
# generator stops at 15x15 (`GENERATED`), where an empty board still answers in 2 s.
SIZE = BoardLimit(30, 30, 1, 1)
GENERATED = BoardLimit(15, 15, 1, 1)
NO_DOT, WHITE, BLACK = 0, 1, 2
COLOURS = {WHITE: "white", BLACK: "black"}
# the text form: a character a spot
SPOT_CHARS = {".": NO_DOT, "o": WHITE, "*": BLACK}
UNKNOWN = "?"  # a spot without a clue
HOLE = "#"  # an empty cell (at a cell's centre)
ENUMERATE_MOST = 12  # cells `candidates` enumerates divisions of (12: 4,258 of them in a second)


def early_text(width: int, height: int, line: int | None = None) -> None:
    """The early size check of the doubled grid's text: `2w - 1` characters, `2h - 1` lines."""
    SIZE.refuse_larger("galaxies", (width + 1) // 2, (height + 1) // 2, line=line)


def spot_name(spot: Spot) -> str:
    """A spot as people name it: r1c1 a cell, r1c1.5 the edge right of it, r1.5c1.5 a corner."""
    def half(x: int) -> str:
        return str(x // 2 + 1) if x % 2 == 0 else f"{x // 2 + 1}.5"
    return f"r{half(spot[0])}c{half(spot[1])}"


@dataclass(frozen=True)
class GalaxiesParams(BoardCells):
    """A width x height board and its empty cells (none on his boards)."""

    width: int
    height: int
    holes: frozenset[Cell] = frozenset()

    def __post_init__(self) -> None:
        SIZE.check("galaxies", self.width, self.height)
        outside = sorted(cell for cell in self.holes if not self.inside(*cell))
        if outside:
            raise PuzzleError(f"an empty cell at {outside[0]} is outside the {self.width}x{self.height} board")

    def spots(self) -> list[Spot]:
        """Every spot, row by row of the doubled grid."""
        return [(i, j) for i in range(2 * self.height - 1) for j in range(2 * self.width - 1)]

    def clue_spots(self) -> list[Spot]:
        """The spots a board clues: all but the centres of empty cells."""
        return [s for s in self.spots() if self.is_clue_spot(s)]

    def is_clue_spot(self, spot: Any) -> bool:
        """Is `spot` one of `clue_spots` (anything else, a list from someone's JSON, is not)?"""
        if not (isinstance(spot, tuple) and len(spot) == 2 and all(type(x) is int for x in spot)):
            return False
        i, j = spot
        inside = 0 <= i < 2 * self.height - 1 and 0 <= j < 2 * self.width - 1
        return inside and not (i % 2 == 0 and j % 2 == 0 and (i // 2, j // 2) in self.holes)

    def open(self, cell: Cell) -> bool:
        """A cell of the board that is not empty."""
        return self.inside(*cell) and cell not in self.holes


def touching(spot: Spot) -> list[Cell]:
    """The cells a dot at `spot` touches (1, 2 or 4), in reading order."""
    i, j = spot
    rows = (i >> 1,) if i % 2 == 0 else (i >> 1, (i >> 1) + 1)
    cols = (j >> 1,) if j % 2 == 0 else (j >> 1, (j >> 1) + 1)
    return [(r, c) for r in rows for c in cols]


def mirror(cell: Cell, spot: Spot) -> Cell:
    """The cell the half turn about `spot` takes `cell` to."""
    return spot[0] - cell[0], spot[1] - cell[1]


def centre_of(cells: Iterable[Cell]) -> Spot:
    """The spot a set of cells would turn about: the centre of its bounding box."""
    rows, cols = zip(*cells)
    return min(rows) + max(rows), min(cols) + max(cols)


def canonical_labels(grid: Sequence[Sequence[int]]) -> Grid:
    """Regions numbered 1, 2, ... in the order of their dots (the spots at their centres)
    reading the doubled grid, as a solution numbers them; 0 stays 0."""
    parts = regions(grid)
    order = sorted(parts, key=lambda label: (centre_of(parts[label]), parts[label][0]))
    names = {label: n for n, label in enumerate(order, start=1)}
    return tuple(tuple(names[v] if v else 0 for v in row) for row in grid)


def regions(solution: Sequence[Sequence[int]]) -> dict[int, list[Cell]]:
    """The cells of each label but 0, in reading order."""
    out: dict[int, list[Cell]] = {}
    for r, row in enumerate(solution):
        for c, label in enumerate(row):
            if label != 0:
                out.setdefault(label, []).append((r, c))
    return out


def pieces(cells: Iterable[Cell]) -> list[list[Cell]]:
    """The orthogonally connected pieces of a set of cells."""
    todo_cells = set(cells)
    out = []
    while todo_cells:
        start = min(todo_cells)
        todo_cells.discard(start)
        piece, stack = [start], [start]
        while stack:
            r, c = stack.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in todo_cells:
                    todo_cells.discard(nb)
                    piece.append(nb)
                    stack.append(nb)
        out.append(sorted(piece))
    return out


@dataclass
class Layout:
    """The variables of the rules. Per spot (index k in `spots`): its pairs of cells and
    their variables (`pairs[k]`: (cell, its mirror, variable)), its dot literal `dot[k]`
    (a variable forced false where the spot can hold no dot). Per cell, the variables of
    the spots that may take it (`of_cell`); per variable, its spot and cells (`owner`)."""

    spots: list[Spot]
    index: dict[Spot, int]
    first: int
    count: int
    pairs: list[list[tuple[Cell, Cell, int]]]
    dot: list[int]
    var: dict[tuple[Cell, int], int] = field(default_factory=dict)
    owner: dict[int, tuple[int, Cell, Cell]] = field(default_factory=dict)
    of_cell: dict[Cell, list[int]] = field(default_factory=dict)


def spot_pairs(params: GalaxiesParams, spot: Spot) -> list[tuple[Cell, Cell]]:
    """The pairs of open cells (a cell and its mirror about `spot`, the first the earlier; a
    cell the spot's centre holds paired with itself) a region about `spot` may take."""
    i, j = spot
    holes = params.holes
    out = []
    for r in range(max(0, i - params.height + 1), min(params.height - 1, i) + 1):
        for c in range(max(0, j - params.width + 1), min(params.width - 1, j) + 1):
            m = (i - r, j - c)
            if (r, c) <= m and not (holes and ((r, c) in holes or m in holes)):
                out.append(((r, c), m))
    return out


@cache
def around_cells(height: int, width: int) -> dict[Cell, tuple[Cell, ...]]:
    """Each cell's orthogonal neighbours, made once a board size (the rules ask for them
    per spot and cell: a 15x15 board's rules 50,000 times)."""
    return {(r, c): tuple(neighbours(height, width, r, c)) for r in range(height) for c in range(width)}


def build_layout(params: GalaxiesParams, pool: IDPool, spots: Sequence[Spot],
                 dots: Sequence[Spot] = ()) -> tuple[Layout, list[Clause]]:
    """The variables of `spots` (others hold no region), and the clauses that force the dot
    literal of a spot that can hold no region false. With the board's `dots` known, a
    spot's region takes no cell another dot touches and only cells it can reach without
    one (`reach`)."""
    taken: dict[Cell, Spot] = {}
    for d in dots:
        for t in touching(d):
            taken.setdefault(t, d)
    pairs_of = [reach(params, s, taken) for s in spots]
    count = sum(map(len, pairs_of))
    first = variable_block(pool, count)  # `decode` reads this layout
    layout = Layout(list(spots), {s: k for k, s in enumerate(spots)}, first, count, [], [])
    clauses: list[Clause] = []
    var = first
    for k, (spot, found) in enumerate(zip(spots, pairs_of)):
        mine = [(a, b, var + n) for n, (a, b) in enumerate(found)]
        layout.pairs.append(mine)
        for a, b, v in mine:
            layout.var[(a, k)] = layout.var[(b, k)] = v
            layout.owner[v] = (k, a, b)
        var += len(found)
        if found:
            layout.dot.append(layout.var[(touching(spot)[0], k)])
        else:
            never = pool.id()
            layout.dot.append(never)
            clauses.append([-never])
    return layout, clauses


def reach(params: GalaxiesParams, spot: Spot, taken: Mapping[Cell, Spot]) -> list[tuple[Cell, Cell]]:
    """The pairs a region about `spot` may take (`spot_pairs`): none unless its touching cells
    are open and no other dot touches them; with other dots (`taken`: the cells each
    touches), only the pairs of cells it reaches from its touching cells through pairs
    no other dot touches."""
    core = touching(spot)
    if not all(params.open(t) and taken.get(t, spot) == spot for t in core):
        return []
    pairs = spot_pairs(params, spot)
    if not taken:
        return pairs
    allowed = {cell for a, b in pairs if taken.get(a, spot) == spot and taken.get(b, spot) == spot for cell in (a, b)}
    near = reachable(params, spot, allowed)
    return [(a, b) for a, b in pairs if a in near]


def region_clauses(params: GalaxiesParams, layout: Layout) -> tuple[list[Clause], list[list[int]]]:
    """Each open cell in exactly one region (clauses and at-most-one groups); a region's
    cells imply its dot and the dot its touching cells; a cell beyond the touching ones has
    a neighbour in its region."""
    clauses: list[Clause] = []
    by_cell: dict[Cell, list[int]] = {cell: [] for cell in params.cells() if params.open(cell)}
    layout.of_cell = by_cell
    around = around_cells(params.height, params.width)
    for k, spot in enumerate(layout.spots):
        if not layout.pairs[k]:
            continue
        dot = layout.dot[k]
        core = touching(spot)
        mine = {cell: v for a, b, v in layout.pairs[k] for cell in (a, b)}
        for a, b, v in layout.pairs[k]:
            by_cell[a].append(v)
            if b != a:
                by_cell[b].append(v)
            if v == dot:
                continue
            if a in core:
                clauses += [[-dot, v], [-v, dot]]
                continue
            clauses.append([-v, dot])
            clauses.append([-v, *dict.fromkeys([mine[nb] for nb in around[a] if nb in mine])])
    at_most_one = []
    for vars_ in by_cell.values():
        clauses.append(vars_)  # an empty clause where no spot can take the cell
        if len(vars_) > 1:
            at_most_one.append(vars_)
    return clauses, at_most_one


def reachable(params: GalaxiesParams, spot: Spot, allowed: AbstractSet[Cell]) -> set[Cell]:
    """The cells of `allowed` joined to the spot's touching cells through `allowed`."""
    start = [t for t in touching(spot) if t in allowed]
    seen, stack = set(start), list(start)
    while stack:
        cell = stack.pop()
        for nb in neighbours(params.height, params.width, *cell):
            if nb in allowed and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return seen


class Galaxies(CluePuzzle[GalaxiesParams, Spot, Grid]):
    name = "galaxies"
    aliases = ("tentaisho", "spiral-galaxies", "tentai-show")
    title = "Galaxies (Tentaisho, Spiral Galaxies)"
    rules_text = ("Divide the grid into regions, each holding exactly one dot and symmetric under a half turn "
                  "about it; no line passes through a dot.")
    tatham_game = "galaxies"
    codecs = (MethodCodec("text", solutions=True), PuzzLinkCodec(genres=("tentaisho",)), TathamCodec(),
              JsonCodec(solution_key="regions"), Pzprv3Codec(genres=("tentaisho",)))
    size = SIZE
    example = ".o...\n....o\n.....\n.o...\n....o"  # dots on an edge each way, at a corner, at a centre
    # cacheable: a clue is a dot literal made in `rules`: nothing is drawn from the pool later
    speed = Speed(rules_cacheable=True)

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """The doubled grid, a character a spot: `2h - 1` lines of `2w - 1` (cells at even
        places, the edges and corners between them at odd): `.` no dot, `o` a white dot, `*` a
        black dot, `?` not known, and at a cell's centre `#` an empty cell."""
        rows = char_rows(text, limit=early_text)
        rectangular(rows, numbered=True)
        height2, width2 = len(rows), len(rows[0])
        if height2 % 2 == 0 or width2 % 2 == 0:
            raise PuzzleError(f"the doubled grid has {height2} lines of {width2} characters: a board of h rows and w "
                              f"columns takes 2h-1 lines of 2w-1 (its cells and the edges between them), odd both "
                              f"ways", rows[0][0].line)
        width, height = (width2 + 1) // 2, (height2 + 1) // 2
        holes, clues = set(), {}
        for i, row in enumerate(rows):
            for j, t in enumerate(row):
                if t.text == HOLE and i % 2 == 0 and j % 2 == 0:
                    holes.add((i // 2, j // 2))
                elif t.text in SPOT_CHARS:
                    clues[(i, j)] = SPOT_CHARS[t.text]
                elif t.text != UNKNOWN:
                    where = "a cell's centre" if i % 2 == 0 and j % 2 == 0 else "an edge or corner"
                    allowed = "'.', 'o', '*', '?'" + (" or '#'" if where == "a cell's centre" else "")
                    raise PuzzleError(f"bad spot {quote(t.text)} at {where} ({allowed})", t.line, t.column)
        with at_place(rows[0][0].line):
            params = GalaxiesParams(width, height, frozenset(holes))
        return self._checked(Instance(self.name, params, clues))

    def _checked(self, inst: Instance) -> Instance:
        """Refuse a dot that touches an empty cell: no region can hold it."""
        for spot, value in sorted(inst.clues.items()):
            if value != NO_DOT and not all(inst.params.open(t) for t in touching(spot)):
                raise PuzzleError(f"the dot at {spot_name(spot)} touches an empty cell")
        return inst

    def write_text(self, inst: Instance) -> str:
        return "\n".join("".join(row) for row in self.spot_chars(inst))

    def spot_chars(self, inst: Instance) -> list[list[str]]:
        """The doubled grid's characters."""
        p: GalaxiesParams = inst.params
        names = {v: ch for ch, v in SPOT_CHARS.items()}
        out = []
        for i in range(2 * p.height - 1):
            row = []
            for j in range(2 * p.width - 1):
                if i % 2 == 0 and j % 2 == 0 and (i // 2, j // 2) in p.holes:
                    row.append(HOLE)
                else:
                    value = inst.clues.get((i, j))
                    row.append(UNKNOWN if value is None else names[value])
            out.append(row)
        return out

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        width = max((len(str(v)) for row in solution for v in row), default=1)
        return "\n".join(" ".join(str(v).rjust(width) for v in row) for row in solution)

    # ---- Tatham's game ID -------------------------------------------------------------
    def from_tatham(self, game: GameId) -> Instance:
        """`WxH[dD]:description` (galaxies.c; `d` and its difficulty letter only steer his
        generator): the interior of the doubled grid, row by row; a letter a..y (A..Y for a
        black dot) is that many spots without a dot (0..24) and then a dot, `z` 25 spots
        without a dot; the spots after the last dot hold none."""
        width, height = tatham_grid_size(self, game, r"(?:d[a-z]?)?", "7x7", SIZE.early(self.name))
        if width < 3 or height < 3:
            raise PuzzleError(f"Tatham's Galaxies takes boards of at least 3x3, not {width}x{height}",
                              game.line, game.column)
        params = GalaxiesParams(width, height)
        area = (2 * width - 1) * (2 * height - 1)
        spots = params.spots()
        clues = dict.fromkeys(spots, NO_DOT)
        at = 0
        for k, ch in enumerate(game.desc):
            if ch == "z":
                at += 25
                continue
            if not ("a" <= ch <= "y" or "A" <= ch <= "Y"):
                raise PuzzleError(f"unexpected {quote(ch)} in game description (a..z, A..Y)", *game.at(k))
            at += ord(ch.lower()) - ord("a")
            if at >= area:
                raise PuzzleError(f"game description places a dot past the {area} spots of the board", *game.at(k))
            clues[spots[at]] = BLACK if ch.isupper() else WHITE
            at += 1
        inst = Instance(self.name, params, clues)
        close = too_close(inst)
        if close:
            raise PuzzleError(f"dots too close together: {close}", game.line, game.column)
        return inst

    def tatham_id(self, inst: Instance) -> str:
        p: GalaxiesParams = inst.params
        if p.width < 3 or p.height < 3:
            raise PuzzleError("Tatham's Galaxies takes boards of at least 3x3")
        if p.holes:
            raise PuzzleError("Tatham's Galaxies has no empty cells")
        if len(inst.clues) != len(p.spots()):
            raise PuzzleError("Tatham's Galaxies shows every dot: a spot not known ('?') has no place there")
        close = too_close(inst)
        if close:
            raise PuzzleError(f"Tatham's Galaxies refuses dots too close together: {close}")
        out, run = [], 0
        for spot in p.spots():
            value = inst.clues[spot]
            if value == NO_DOT:
                run += 1
                continue
            while run > 24:
                out.append("z")
                run -= 25
            out.append(chr((ord("A") if value == BLACK else ord("a")) + run))
            run = 0
        return f"{p.width}x{p.height}:" + "".join(out)

    # ---- puzz.link and pzprv3 -----------------------------------------------------------
    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's `tentaisho`: the dots over the doubled grid's interior (a hex digit a
        dot, odd black, then half of it the spots without a dot after it; g..z 1..20 spots
        without a dot), then, where there are any, the empty cells five to a base-32 digit."""
        refuse_flags(link)
        with at_place(1, size_column(link)):
            params = GalaxiesParams(link.cols, link.rows)
        spots = params.spots()
        cursor = Cursor(link.body, link.column)
        clues = dict.fromkeys(spots, NO_DOT)
        at, body = 0, link.body
        while at < len(spots) and cursor.at < len(body):
            ch = body[cursor.at]
            if ch in "0123456789abcdef":
                value = int(ch, 16)
                clues[spots[at]] = BLACK if value % 2 else WHITE
                at += (value >> 1) + 1
            elif "g" <= ch <= "z":
                at += int(ch, 36) - 15
            else:
                raise cursor.refuse(f"{quote(ch)} is not a dot or a run of spots without one")
            cursor.at += 1
        holes: frozenset[Cell] = frozenset()
        if cursor.rest:
            flat = cursor.read_bits(link.cols * link.rows)
            holes = frozenset(divmod(k, link.cols) for k, empty in enumerate(flat) if empty)
        cursor.end()
        params = GalaxiesParams(link.cols, link.rows, holes)
        return self._checked(Instance(self.name, params, {s: v for s, v in clues.items() if params.is_clue_spot(s)}))

    def puzzlink(self, inst: Instance) -> PuzzLink:
        """As pzprjs's encodeDot writes the dots (a dot's digit says how many spots without
        one follow, up to 7 and up to the next dot), then encodeEmpty the empty cells."""
        p: GalaxiesParams = inst.params
        spots = p.spots()
        if any(s not in inst.clues for s in p.clue_spots()):
            raise PuzzleError("puzz.link shows every dot: a spot not known ('?') has no place there")
        values = [inst.clues.get(s, NO_DOT) for s in spots]
        out, count, s = [], 0, 0
        while s < len(values):
            text = ""
            if values[s] != NO_DOT:
                colour = values[s] - 1
                ahead = next((i for i in range(1, 8) if s + i < len(values) and values[s + i] != NO_DOT), None)
                if ahead is not None:
                    text = format(2 * (ahead - 1) + colour, "x")
                    s += ahead - 1
                else:
                    text = format(13 + values[s], "x")
                    s += 7
            else:
                count += 1
            if count == 0:
                out.append(text)
            elif text or count == 20:
                out.append(_base36(count + 15) + text)
                count = 0
            s += 1
        if count:
            out.append(_base36(count + 15))
        body = "".join(out)
        if p.holes:
            body += write_bits([(r, c) in p.holes for r in range(p.height) for c in range(p.width)])
        return PuzzLink("tentaisho", p.width, p.height, body)

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """The dots over the doubled grid (`1` white, `2` black, `-` a dot of no colour, read
        as white; `X` an empty cell), the walls drawn between cells, then the player's
        colours (unused). The rooms the walls close off (walled around each empty cell) are
        the solution's regions."""
        start = pzl.at
        lines = [pzl.line() for _ in range(2 * pzl.rows - 1)]
        holes, clues = set(), {}
        for i, text in enumerate(lines):
            line = pzl.first_line + start + i
            chars = text.replace(" ", "")
            if len(chars) != 2 * pzl.cols - 1:
                raise PuzzleError(f"pzprv3 file: a line of dots has {len(chars)} spots, expected {2 * pzl.cols - 1}",
                                  line, 1)
            for j, ch in enumerate(chars):
                if ch == "X" and i % 2 == 0 and j % 2 == 0:
                    holes.add((i // 2, j // 2))
                elif ch in "12-.":
                    clues[(i, j)] = {".": NO_DOT, "2": BLACK}.get(ch, WHITE)
                else:
                    raise bad_item(Token(ch, line, j + 1), "is no dot (1, 2, -, . or X at a cell)")
        with at_place(pzl.first_line + start):
            params = GalaxiesParams(pzl.cols, pzl.rows, frozenset(holes))
        inst = self._checked(Instance(self.name, params, clues))
        right, below = pzl.borders()
        walls = ([[_wall(item) or params.open((r, c)) != params.open((r, c + 1)) for c, item in enumerate(row)]
                  for r, row in enumerate(right)],
                 [[_wall(item) or params.open((r, c)) != params.open((r + 1, c)) for c, item in enumerate(row)]
                  for r, row in enumerate(below)])
        rooms = rooms_from_walls(*walls)
        grid = [[room + 1 if params.open((r, c)) else 0 for c, room in enumerate(row)] for r, row in enumerate(rooms)]
        return inst, canonical_labels(grid)

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        p: GalaxiesParams = inst.params
        names = {NO_DOT: ".", WHITE: "1", BLACK: "2"}
        if any(s not in inst.clues for s in p.clue_spots()):
            raise PuzzleError("pzprjs's file shows every dot: a spot not known ('?') has no place there")
        dots = ["".join("X" if i % 2 == 0 and j % 2 == 0 and (i // 2, j // 2) in p.holes
                        else names[inst.clues[(i, j)]] for j in range(2 * p.width - 1))
                for i in range(2 * p.height - 1)]
        grid = solution or [[0] * p.width for _ in range(p.height)]
        right, below = wall_items(grid)
        colours = region_colours(inst, solution) if solution else [[0] * p.width for _ in range(p.height)]
        writer = Pzprv3Writer("tentaisho", p.height, p.width)
        for line in dots:
            writer.line(line)
        return writer.borders(right, below).items(colours)

    # ---- JSON -----------------------------------------------------------------------------
    def from_json(self, text: str) -> Instance:
        """`width`, `height`, `dots` ([row, column, "white" or "black"], from 1, a half
        between two: 2.5 is the edge below row 2), and where there are any `holes` (empty
        cells, [row, column]) and `unknown` (spots not known to hold a dot or not)."""
        doc = JsonObject(text, self.name, ("width", "height", "dots", "holes", "unknown"), self.aliases)
        width, height = doc.size(SIZE.early(self.name))
        if width is None or height is None:
            raise PuzzleError(f"{self.name} JSON needs 'width' and 'height'", 1)
        holes = frozenset(_cell_of(doc, "holes", item, width, height) for item in doc.array("holes", [], what="cells"))
        with at_place(*doc.where("width")):
            params = GalaxiesParams(width, height, holes)
        clues = dict.fromkeys(params.clue_spots(), NO_DOT)
        for item in doc.array("unknown", [], what="spots"):
            clues.pop(_spot_of(doc, "unknown", item, params), None)
        for item in doc.array("dots", what="dots"):
            if not (isinstance(item, list) and len(item) == 3 and item[2] in ("white", "black")):
                raise doc.error("dots", f"has {json.dumps(item)}: a dot is [row, column, \"white\" or \"black\"]")
            clues[_spot_of(doc, "dots", item[:2], params)] = WHITE if item[2] == "white" else BLACK
        return self._checked(Instance(self.name, params, clues))

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: GalaxiesParams = inst.params
        out: dict[str, Any] = {"width": p.width, "height": p.height,
                               "dots": [[*_halves(s), COLOURS[v]] for s, v in sorted(inst.clues.items()) if v]}
        if p.holes:
            out["holes"] = [[r + 1, c + 1] for r, c in sorted(p.holes)]
        unknown = [list(_halves(s)) for s in p.clue_spots() if s not in inst.clues]
        if unknown:
            out["unknown"] = unknown
        return out

    def solution_json(self, inst: Instance, solution: Grid) -> Any:
        return [list(row) for row in solution]

    # ---- clues for people -------------------------------------------------------------------
    def describe_clue(self, key: Spot, value: Any) -> str:
        return f"{spot_name(key)}: " + (f"a {COLOURS[value]} dot" if value in COLOURS else "no dot")

    def clue_count(self, inst: Instance) -> int:
        """The dots a person sees."""
        return sum(1 for v in inst.clues.values() if v != NO_DOT)

    # ---- for language models ------------------------------------------------------------
    board_legend = ("the board on a doubled grid: a board of h rows and w columns is 2h-1 lines of 2w-1 characters; "
                    "characters at even places (counting from 0) on even lines are the cells' centres, those between "
                    "them the edges between two cells, and those on odd lines at odd places the corners where four "
                    "cells meet. `o` is a dot (`*` a black dot, the same for the rules), `.` no dot, `#` an empty "
                    "cell that belongs to no region, `?` a place not known to hold a dot or not")
    answer_format = ("the division into regions: one row of cells per line, cells separated by single spaces, each "
                     "cell the number of its region (1, 2, 3, ...; any distinct numbers will do), 0 for an empty cell")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(" ".join(str(v) for v in row) for row in solution)

    def read_answer(self, inst: Instance, text: str) -> Grid:
        """A grid of region numbers, renamed 1, 2, ... in the order of their dots."""
        p: GalaxiesParams = inst.params

        def label(token: str) -> int:
            if not re.fullmatch(r"\d{1,9}", token):
                raise ValueError("not a region number")
            return int(token)

        return canonical_labels(read_grid(text, p.height, p.width, label, "region number"))

    def canonical(self, inst: Instance) -> str:
        """The least doubled grid of the board's turns and mirrors that keep its shape."""
        return least_text(self.spot_chars(inst))

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax: Any, inst: Instance, solution: Grid | None = None) -> None:
        """As printed: thin grid lines, the dots (black ones filled), empty cells grey; with
        the solution, thick lines between regions and the black dots' regions shaded."""
        from ..lab.toolkit.draw import Board

        p: GalaxiesParams = inst.params
        board = Board(ax, p.width, p.height)
        for r, c in sorted(p.holes):
            board.shade(r, c, "0.55")
        if solution is not None:
            for r, row in enumerate(region_colours(inst, solution)):
                for c, colour in enumerate(row):
                    if colour == BLACK:
                        board.shade(r, c, "0.8")
        for (i, j), v in sorted(inst.clues.items()):
            if v != NO_DOT:
                board.circle(i / 2, j / 2, 0.17, face="black" if v == BLACK else "white", ring=0.05)
        board.grid([list(row) for row in solution] if solution is not None else None)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: GalaxiesParams, pool: IDPool) -> Rules:
        return self._rules(params, pool, params.spots())

    def given_rules(self, inst: Instance, pool: IDPool) -> Rules:
        """Only the spots that hold a dot or are not known to, each dot's literal a unit."""
        dots = [s for s, v in sorted(inst.clues.items()) if v != NO_DOT]
        rules = self._rules(inst.params, pool, [s for s in inst.params.spots() if inst.clues.get(s) != NO_DOT], dots)
        layout: Layout = rules.data
        rules.clauses += [[layout.dot[layout.index[s]]] for s, v in sorted(inst.clues.items()) if v != NO_DOT]
        return rules

    def _rules(self, params: GalaxiesParams, pool: IDPool, spots: Sequence[Spot], dots: Sequence[Spot] = ()) -> Rules:
        layout, clauses = build_layout(params, pool, spots, dots)
        more, at_most_one = region_clauses(params, layout)
        # tried first: each cell a region of its own, which an empty board takes as it is
        centres = [(cell, layout.index.get((2 * cell[0], 2 * cell[1]))) for cell in params.cells()]
        own = [layout.var[key] for key in centres if key in layout.var]
        return Rules(clauses + more, list(range(layout.first, layout.first + layout.count)), layout,
                     at_most_one=at_most_one, phases=own)

    def clue_clauses(self, params: GalaxiesParams, rules: Rules, key: Spot, value: int) -> list[Clause]:
        layout: Layout = rules.data
        if value not in (NO_DOT, WHITE, BLACK) or not params.is_clue_spot(key):
            raise PuzzleError(f"clue {key}={value} is not a spot of the {params.width}x{params.height} board with "
                              f"{NO_DOT}, {WHITE} or {BLACK}")
        k = layout.index.get(key)
        if k is None:  # a spot the rules left out: clued without a dot
            return [] if value == NO_DOT else [[]]
        return [[layout.dot[k] if value != NO_DOT else -layout.dot[k]]]

    def decode(self, params: GalaxiesParams, rules: Rules, true_vars: AbstractSet[int]) -> Grid:
        """Each cell's region label, the rank of its dot among the dots known (as a whole
        solution numbers them, so a partial one names the labels the solution will have
        where its clues give every dot); 0 where no region is known to take it."""
        layout: Layout = rules.data
        taken = [found for v in true_vars if (found := layout.owner.get(v)) is not None]
        dots = sorted({k for k, _, _ in taken} | {k for k, dot in enumerate(layout.dot) if dot in true_vars})
        rank = {k: n for n, k in enumerate(dots, start=1)}
        grid = [[0] * params.width for _ in range(params.height)]
        for k, a, b in taken:
            grid[a[0]][a[1]] = grid[b[0]][b[1]] = rank[k]
        return tuple(tuple(row) for row in grid)

    def solution_literals(self, params: GalaxiesParams, rules: Rules, solution: Grid) -> list[int]:
        layout: Layout = rules.data
        true = set()
        for cells in regions(solution).values():
            k = layout.index.get(centre_of(cells))
            for cell in cells:
                v = layout.var.get((cell, k)) if k is not None else None
                if v is not None:
                    true.add(v)
        return [v if v in true else -v for v in range(layout.first, layout.first + layout.count)]

    def cuts(self, params: GalaxiesParams, rules: Rules, solution: Grid, true_vars: AbstractSet[int]) -> list[Clause]:
        """A piece of a region that holds none of its dot's touching cells: any of its cells
        in the region needs a cell around the piece in the region too (else that cell's
        piece never reaches the dot). True of every solution, whatever the clues."""
        layout: Layout = rules.data
        taken: dict[int, set[Cell]] = {}
        for v in true_vars:
            found = layout.owner.get(v)
            if found is not None:
                k, a, b = found
                taken.setdefault(k, set()).update((a, b))
        out: list[Clause] = []
        for k, cells in taken.items():
            parts = pieces(cells)
            if len(parts) == 1:
                continue
            core = set(touching(layout.spots[k]))
            for part in parts:
                if core & set(part):
                    continue
                inside = set(part)
                around = {nb for cell in part for nb in neighbours(params.height, params.width, *cell)}
                border = sorted({layout.var[(nb, k)] for nb in around - inside if (nb, k) in layout.var})
                for v in sorted({layout.var[(cell, k)] for cell in part}):
                    out.append([-v, *border])
        return out

    def _open_cells(self, params: GalaxiesParams, layout: Layout, k: int, holds: Any) -> tuple[set[Cell], set[Cell]]:
        """For a spot: the cells its region may still take (variable not known false) and
        those it is known to take."""
        allowed: set[Cell] = set()
        known: set[Cell] = set()
        for a, b, v in layout.pairs[k]:
            if holds(v):
                known.update((a, b))
            if not holds(-v):
                allowed.update((a, b))
        return allowed, known

    def dead_end(self, params: GalaxiesParams, rules: Rules, holds: Any) -> bool:
        """A region known to take a cell that can no longer reach its dot through cells it
        may still take, or a cell no region can take any more."""
        layout: Layout = rules.data
        for k, dot in enumerate(layout.dot):
            if layout.pairs[k] and holds(dot):
                allowed, known = self._open_cells(params, layout, k, holds)
                if not known <= reachable(params, layout.spots[k], allowed):
                    return True
        return any(all(holds(-v) for v in vars_) for vars_ in layout.of_cell.values())

    def lazy_units(self, params: GalaxiesParams, rules: Rules, holds: Any) -> list[int]:
        """A region with its dot known: the cells it can no longer reach are not in it."""
        layout: Layout = rules.data
        out = []
        for k, dot in enumerate(layout.dot):
            if layout.pairs[k] and holds(dot):
                allowed, _ = self._open_cells(params, layout, k, holds)
                near = reachable(params, layout.spots[k], allowed)
                out += [-v for a, _, v in layout.pairs[k] if a in allowed and a not in near]
        return out

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Each open cell's region as the index of its spot (one boolean a spot that may take
        it, exactly one true), equal for a cell and its mirror about that spot; a dot's
        touching cells in its region. Connectivity as distances: a touching cell of its own
        region's dot is at 0, any other cell one more than the least distance among its
        neighbours in the same region (a piece away from the dot has no least distance).
        The distances follow from the division, so each division is one solution."""
        from ortools.sat.python import cp_model

        p: GalaxiesParams = inst.params
        model = cp_model.CpModel()
        spots = [s for s in p.spots() if inst.clues.get(s) != NO_DOT and all(p.open(t) for t in touching(s))]
        cells = [cell for cell in p.cells() if p.open(cell)]
        takes: dict[Cell, dict[int, Any]] = {cell: {} for cell in cells}
        for k, spot in enumerate(spots):
            for cell in cells:
                if p.open(mirror(cell, spot)):
                    takes[cell][k] = model.new_bool_var("")
        for k, spot in enumerate(spots):
            dot = takes[touching(spot)[0]][k]
            if inst.clues.get(spot) in (WHITE, BLACK):
                model.add(dot == 1)
            for cell, b in takes.items():
                if k in b:
                    model.add(b[k] == takes[mirror(cell, spot)][k])
                    model.add_implication(b[k], dot)
            for t in touching(spot):
                model.add(takes[t][k] == dot)
        label = {}
        for cell in cells:
            if not takes[cell]:
                model.add_bool_or([])
                continue
            model.add_exactly_one(takes[cell].values())
            label[cell] = model.new_int_var(0, max(len(spots) - 1, 0), "")
            model.add(label[cell] == sum(k * b for k, b in takes[cell].items()))
        far = len(cells) + 1
        dist = {cell: model.new_int_var(0, len(cells), "") for cell in label}
        for cell in label:
            at_dot = [takes[cell][k] for k in takes[cell] if cell in touching(spots[k])]
            home = model.new_bool_var("")
            model.add(sum(at_dot) == home)
            model.add(dist[cell] == 0).only_enforce_if(home)
            via = []
            for nb in neighbours(p.height, p.width, *cell):
                if nb not in label:
                    continue
                same = model.new_bool_var("")
                model.add(label[cell] == label[nb]).only_enforce_if(same)
                model.add(label[cell] != label[nb]).only_enforce_if(same.Not())
                step = model.new_int_var(0, far, "")
                model.add(step == dist[nb]).only_enforce_if(same)
                model.add(step == far).only_enforce_if(same.Not())
                via.append(step)
            least = model.new_int_var(0, far, "")
            if via:
                model.add_min_equality(least, via)
            else:
                model.add(least == far)
            model.add(dist[cell] == least + 1).only_enforce_if(home.Not())
        order = list(label)

        def decode(value) -> Grid:
            grid = [[0] * p.width for _ in range(p.height)]
            for cell in order:
                grid[cell[0]][cell[1]] = int(value(label[cell])) + 1
            return canonical_labels(grid)

        return CpModel(model, [label[cell] for cell in order], decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: GalaxiesParams) -> Iterable[Grid]:
        """Every division of the open cells into connected regions, each symmetric about
        the spot at its centre and holding the cells that spot touches: the first cell not
        yet taken, in reading order, starts a region about any spot, grown by pairs."""
        cells = [cell for cell in params.cells() if params.open(cell)]
        if len(cells) > ENUMERATE_MOST:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        grid = [[0] * params.width for _ in range(params.height)]

        def place(k: int, label: int) -> Iterator[Grid]:
            while k < len(cells) and grid[cells[k][0]][cells[k][1]]:
                k += 1
            if k == len(cells):
                yield tuple(tuple(row) for row in grid)
                return
            for region in symmetric_regions(params, cells[k], lambda c: params.open(c) and not grid[c[0]][c[1]]):
                for r, c in region:
                    grid[r][c] = label
                yield from place(k + 1, label + 1)
                for r, c in region:
                    grid[r][c] = 0

        return place(0, 1)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p: GalaxiesParams = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = []
        for r, row in enumerate(solution):
            for c, v in enumerate(row):
                if not isinstance(v, int) or v < 0:
                    problems.append(f"{cell_name((r, c))} holds {v!r}: regions are numbers from 1")
                elif (r, c) in p.holes and v != 0:
                    problems.append(f"{cell_name((r, c))} is an empty cell, in no region (0), not {v}")
                elif (r, c) not in p.holes and v == 0:
                    problems.append(f"{cell_name((r, c))} is in no region")
        if problems:
            return problems
        dots = sorted(s for s, v in inst.clues.items() if v != NO_DOT)
        held: dict[int, list[Spot]] = {}
        for spot in dots:
            labels = {solution[r][c] for r, c in touching(spot) if p.inside(r, c)}
            if len(labels) != 1 or 0 in labels:
                problems.append(f"a line passes through the dot at {spot_name(spot)}")
            else:
                held.setdefault(labels.pop(), []).append(spot)
        for label, cells in regions(solution).items():
            problems += self._region_problems(inst, solution, label, cells, held.get(label, []))
        return problems

    def _region_problems(self, inst: Instance, solution: Grid, label: int, cells: list[Cell],
                         dots: list[Spot]) -> list[str]:
        """What one region breaks: connected, one dot (a spot not known may be its dot),
        symmetric about it."""
        p: GalaxiesParams = inst.params
        name = f"the region of {cell_name(cells[0])}"
        out = []
        parts = pieces(cells)
        if len(parts) > 1:
            out.append(f"{name} is in {len(parts)} pieces")
        if len(dots) > 1:
            out.append(f"{name} holds {len(dots)} dots: " + ", ".join(map(spot_name, dots)))
            return out
        centre = dots[0] if dots else centre_of(cells)
        if not dots:
            unknown = centre not in inst.clues and all(
                p.inside(*t) and solution[t[0]][t[1]] == label for t in touching(centre))
            if not unknown:
                out.append(f"{name} holds no dot")
                return out
        inside = set(cells)
        if any(mirror(cell, centre) not in inside for cell in cells):
            out.append(f"{name} is not symmetric about its dot at {spot_name(centre)}")
        return out


def _base36(value: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[value]


def _wall(item: str) -> bool:
    """A wall of pzprjs's file: 1 (or 2, a wall the player also marked); -1 is a mark only."""
    return item in ("1", "2")


def _halves(spot: Spot) -> tuple[float | int, float | int]:
    """A spot as JSON gives it: row and column from 1, a half between two."""
    return tuple(x // 2 + 1 if x % 2 == 0 else x / 2 + 1 for x in spot)  # type: ignore[return-value]


def _spot_of(doc: JsonObject, key: str, item: Any, params: GalaxiesParams) -> Spot:
    """A JSON [row, column] (from 1, halves between) as a spot of the board."""
    ok = (isinstance(item, list) and len(item) == 2
          and all(isinstance(x, (int, float)) and not isinstance(x, bool) and float(2 * x).is_integer() for x in item))
    spot = (int(2 * item[0]) - 2, int(2 * item[1]) - 2) if ok else (-1, -1)
    if spot not in set(params.clue_spots()):
        raise doc.error(key, f"has {json.dumps(item)}: a spot is [row, column] on the {params.width}x{params.height} "
                             f"board, from 1, a half between two (2.5), not an empty cell")
    return spot


def _cell_of(doc: JsonObject, key: str, item: Any, width: int, height: int) -> Cell:
    if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                              for x in item)
            and 1 <= item[0] <= height and 1 <= item[1] <= width):
        raise doc.error(key, f"has {json.dumps(item)}: a cell is [row, column] on the {width}x{height} board, from 1")
    return item[0] - 1, item[1] - 1


def region_colours(inst: Instance, solution: Grid | None) -> list[list[int]]:
    """Each cell's region's dot colour (pzprjs paints them), 0 where none."""
    p: GalaxiesParams = inst.params
    out = [[0] * p.width for _ in range(p.height)]
    if solution is None:
        return out
    for spot, v in inst.clues.items():
        if v == NO_DOT:
            continue
        labels = {solution[r][c] for r, c in touching(spot)}
        if len(labels) == 1:
            label = labels.pop()
            for r, row in enumerate(solution):
                for c, x in enumerate(row):
                    if x == label and x:
                        out[r][c] = v
    return out


def too_close(inst: Instance) -> str:
    """'' unless two dots touch one cell (Tatham's parser refuses such boards: his solver's
    first step gives each dot its touching cells); else the first two, named."""
    owner: dict[Cell, Spot] = {}
    for spot in sorted(s for s, v in inst.clues.items() if v != NO_DOT):
        for cell in touching(spot):
            if cell in owner:
                return f"the dots at {spot_name(owner[cell])} and {spot_name(spot)} both touch {cell_name(cell)}"
            owner[cell] = spot
    return ""


def symmetric_regions(params: GalaxiesParams, first: Cell, free: Any) -> Iterator[list[Cell]]:
    """Every connected region of `free` cells holding `first`, symmetric about the spot at
    its centre and holding the cells that spot touches (the brute force of `candidates`)."""
    for spot in params.spots():
        if not (free(mirror(first, spot)) and all(free(t) for t in touching(spot))):
            continue
        core = {first, mirror(first, spot), *touching(spot)}
        pairs = [(a, b) for a, b in spot_pairs(params, spot) if free(a) and free(b) and a not in core and a > first]
        for chosen in product((False, True), repeat=len(pairs)):
            region = set(core)
            for (a, b), take in zip(pairs, chosen):
                if take:
                    region.update((a, b))
            if len(pieces(region)) == 1:
                yield sorted(region)


PUZZLE = Galaxies()
