"""Shakashaka: text forms, rules, decoding, verification.

Vocabulary: a board has *black* cells (some numbered 0..4) and *white* cells. A white cell is
left empty or takes a *triangle*, the black half of the cell cut along a diagonal, named by the
corner its right angle fills: ◣ lower left, ◢ lower right, ◥ upper right, ◤ upper left. What
stays white forms *areas*, each of which must be a rectangle, upright or turned 45 degrees; a
number says how many triangles stand on the (up to four) cells beside its black cell; and, as
pzprjs checks it, at least one triangle is placed.

The black cells are structure (`ShakashakaParams`), their numbers the clues: stripping a clue
leaves a plain black cell, as in Light Up.

The rectangle rule is local. Around each grid point the eight 45-degree sectors of its four
cells are white or black; an area is a rectangle exactly when, at every point, each run of
white sectors spans 90 degrees (a corner) or 180 (a straight side), or the point is white all
round. Any other angle (45, 135, 225 or 270 degrees) makes an area no rectangle, and an area
without one has only right angles and no hole (a hole's corners are over 180 degrees seen from
the area around it): a rectangle. The rules are
that table per point, as every prime implicate over the four cells' values (`point_clauses`),
so unit propagation sees all a point says. `verify` checks the areas as pzprjs's checker does
(`white_areas`), by another way; the tests hold the two together on every filling of tiny boards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product
from typing import Any

import numpy as np
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
from ..lab.face.share import FILL, NONE, box_grid
from ..lab.toolkit.answers import grid_text
from ..lab.toolkit.cellgrid import BoardCells, CellRow, GridJson, GridText
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.counting import exactly
from ..lab.toolkit.numbering import NumberClues, cell_name
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_four_cell
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.textgrid import JsonObject, Token

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]  # per cell: EMPTY (also every black cell) or a triangle 1..4

# Size limit: past the boards people publish (penpa-edit's test list goes to 17x17 and 25x9); a
# generated 40x40 board checks in about a second.
SIZE = BoardLimit(40, 40)
EARLY = SIZE.early("shakashaka")  # the readers' size check, before any cell is read
EMPTY, LOWER_LEFT, LOWER_RIGHT, UPPER_RIGHT, UPPER_LEFT = range(5)
VALUES = range(5)
TRIANGLES = (LOWER_LEFT, LOWER_RIGHT, UPPER_RIGHT, UPPER_LEFT)
SHAPES = {LOWER_LEFT: "\u25e3", LOWER_RIGHT: "\u25e2", UPPER_RIGHT: "\u25e5", UPPER_LEFT: "\u25e4"}  # ◣ ◢ ◥ ◤
# The corner a triangle's right angle fills, as (row, column) offsets of the cell's corner point
CORNER = {LOWER_LEFT: (1, 0), LOWER_RIGHT: (1, 1), UPPER_RIGHT: (0, 1), UPPER_LEFT: (0, 0)}
WHITE_CHARS = {".", "-", "_"}
BLACK_CHARS = {"#", "B"}
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # up, down, left, right
# The sides (up, down, left, right) each value leaves white: a triangle's two legs are black.
OPEN_SIDES = {EMPTY: (True, True, True, True), LOWER_LEFT: (True, False, False, True),
              LOWER_RIGHT: (True, False, True, False), UPPER_RIGHT: (False, True, True, False),
              UPPER_LEFT: (False, True, False, True)}
ENUMERATE_MOST = 14  # white cells `candidates` enumerates
PZPRV3_PLAIN = "5"  # pzprjs's saved file: a black cell without a number
# A cell of an answer: a triangle by its shape or its corner's initials, anything else none
ANSWER_CELLS = {SHAPES[t]: t for t in TRIANGLES} | {
    "LL": LOWER_LEFT, "BL": LOWER_LEFT, "LR": LOWER_RIGHT, "BR": LOWER_RIGHT, "UR": UPPER_RIGHT, "TR": UPPER_RIGHT,
    "UL": UPPER_LEFT, "TL": UPPER_LEFT} | {ch: EMPTY for ch in (".", "-", "_", "#", "B", "X", "0", "1", "2", "3", "4")}


@dataclass(frozen=True)
class ShakashakaParams(BoardCells):
    """The board's shape and where its black cells are (numbered or not)."""

    width: int
    height: int
    blacks: frozenset[Cell]

    def __post_init__(self) -> None:
        SIZE.check("shakashaka", self.width, self.height)

    def white(self, r: int, c: int) -> bool:
        return 0 <= r < self.height and 0 <= c < self.width and (r, c) not in self.blacks

    def whites(self) -> list[Cell]:
        return [cell for cell in self.cells() if cell not in self.blacks]

    def neighbours(self, r: int, c: int) -> list[Cell]:
        """White cells orthogonally next to (r, c): the cells a number counts."""
        return [(r + dr, c + dc) for dr, dc in STEPS if self.white(r + dr, c + dc)]

    def points(self) -> Iterator[tuple[Cell, tuple[Cell, ...]]]:
        """Every grid point (r, c), the top-left corner of cell (r, c), with its four cells in
        the order upper left, upper right, lower left, lower right."""
        for r in range(self.height + 1):
            for c in range(self.width + 1):
                yield (r, c), ((r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c))


# ---- the rectangle rule at a grid point --------------------------------------------------------
BLACK = -1  # a black cell or one off the board, for the point tables
# Each cell around a point meets it at one of its corners: upper left cell at its lower right ...
MEETS = ((1, 1), (1, 0), (0, 1), (0, 0))
# The point's eight sectors clockwise from straight up, as (cell around the point, the
# cell's side along which the sector lies: "v" its vertical side, "h" its horizontal one)
SECTORS = ((1, "v"), (1, "h"), (3, "h"), (3, "v"), (2, "v"), (2, "h"), (0, "h"), (0, "v"))


def corner_colours(value: int, corner: Cell) -> dict[str, bool]:
    """Whether each of the two sectors a cell holding `value` has at its `corner` (by the
    side it lies along) is white: a triangle's right-angle corner is black both ways, the
    corner across from it white, and at either end of its long side the sector along the leg
    is black."""
    if value == BLACK:
        return {"v": False, "h": False}
    if value == EMPTY:
        return {"v": True, "h": True}
    right_angle = CORNER[value]
    if corner == right_angle:
        return {"v": False, "h": False}
    if corner[0] != right_angle[0] and corner[1] != right_angle[1]:
        return {"v": True, "h": True}
    leg = "v" if corner[1] == right_angle[1] else "h"  # same column side: the leg between them is vertical
    return {"v": leg != "v", "h": leg != "h"}


def point_allows(values: Sequence[int]) -> bool:
    """Do the four cells around a point (upper left, upper right, lower left, lower right;
    BLACK for a black cell or none) leave only right angles and straight sides white there?"""
    colours = [corner_colours(v, corner) for v, corner in zip(values, MEETS)]
    sectors = [colours[cell][side] for cell, side in SECTORS]
    if all(sectors) or not any(sectors):
        return True
    start = sectors.index(False)
    run = 0
    for i in range(1, 9):
        if sectors[(start + i) % 8]:
            run += 1
        elif run:
            if run not in (2, 4):
                return False
            run = 0
    return True


@cache
def point_table(blacks: tuple[bool, ...]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """For a point whose cells are black where `blacks` says: the places of its white cells
    and every combination of their values the point allows."""
    free = tuple(i for i, black in enumerate(blacks) if not black)
    allowed = []
    for combo in product(VALUES, repeat=len(free)):
        values = [BLACK] * 4
        for i, v in zip(free, combo):
            values[i] = v
        if point_allows(values):
            allowed.append(combo)
    return free, tuple(allowed)


Literal = tuple[int, int, bool]  # (place among the point's white cells, value, holds?)
PLACES = ("UL", "UR", "LL", "LR")  # the cells around a point, as `ShakashakaParams.points` lists them
# Every prime implicate of an open point's table (its four cells white), one of each class under
# the point's turns and mirrors: "UL:0124 LL:2 LR:3" is "the upper left cell is empty, ◣, ◢ or ◤,
# or the lower left is ◢, or the lower right ◥" (values: 0 empty, 1 ◣, 2 ◢, 3 ◥, 4 ◤). Found as the
# minimal transversals of the table's combinations (tests/test_shakashaka.py finds them again):
# 104 clauses in 16 classes.
OPEN_POINT = (
    "UL:0124 LL:2 LR:3", "UL:0124 LL:012", "UL:024 UR:2 LL:2 LR:13", "UL:0124 UR:013 LL:2",
    "UL:0124 UR:013 LR:1", "UL:014 UR:013 LL:4 LR:1", "UL:0134 UR:14 LL:34 LR:4", "UL:0134 UR:14 LL:3 LR:34",
    "UL:014 UR:013 LR:012", "UL:014 UR:14 LL:23 LR:34", "UL:0124 UR:4 LL:01 LR:024", "UL:0124 LL:01 LR:0124",
    "UL:014 UR:1 LL:234 LR:134", "UL:04 UR:124 LL:23 LR:134", "UL:024 UR:013 LL:013 LR:13",
    "UL:0134 UR:013 LL:013 LR:02",
)
Members = frozenset[tuple[int, int]]  # a clause as the (place, value) pairs any of which satisfies it
SIGNS = ((-1, -1), (-1, 1), (1, -1), (1, 1))  # each place's cell from the point, as (row, column) signs


def triangle_signs(v: int) -> tuple[int, int]:
    """Where a triangle's right angle is from its cell's centre, as (row, column) signs."""
    dr, dc = CORNER[v]
    return 2 * dr - 1, 2 * dc - 1


RIGHT_ANGLE = {triangle_signs(t): t for t in TRIANGLES}


def black_as(place: int) -> int:
    """The triangle that meets a point as a black cell at `place` does: its right angle there."""
    y, x = SIGNS[place]
    return RIGHT_ANGLE[(-y, -x)]


def turned(members: Members, transpose: bool, flip_rows: bool, flip_cols: bool) -> Members:
    """A clause under one of the point's eight turns and mirrors: cells and triangles' right
    angles move alike (each as a pair of signs, row and column, from the centre)."""
    def move(y: int, x: int) -> tuple[int, int]:
        if transpose:
            y, x = x, y
        return (-y if flip_rows else y), (-x if flip_cols else x)
    out: set[tuple[int, int]] = set()
    for place, v in members:
        cell = move(*SIGNS[place])
        out.add((SIGNS.index(cell), v if v == EMPTY else RIGHT_ANGLE[move(*triangle_signs(v))]))
    return frozenset(out)


@cache
def open_point_clauses() -> frozenset[Members]:
    """The 104 clauses of `OPEN_POINT` with their turns and mirrors."""
    out: set[Members] = set()
    for text in OPEN_POINT:
        members = frozenset((PLACES.index(place), int(v)) for part in text.split()
                            for place, values in [part.split(":")] for v in values)
        out.update(turned(members, *flags) for flags in product((False, True), repeat=3))
    return frozenset(out)


@cache
def point_clauses(blacks: tuple[bool, ...]) -> tuple[tuple[Literal, ...], ...]:
    """The prime implicates of a point's table over its white cells' values (places among
    them, in order). A black cell meets the point as a triangle whose right angle is there
    does, so they are the open point's clauses with that value put in for it (a clause it
    satisfies dropped, the rest without its members there), those a shorter one implies
    dropped: the restrictions of a function's prime implicates hold every prime implicate
    of its restriction. A place with four of its five values in a clause is "not the fifth"."""
    fixed = {place: black_as(place) for place, black in enumerate(blacks) if black}
    free = [place for place, black in enumerate(blacks) if not black]
    kept = set()
    for members in open_point_clauses():
        if any(fixed.get(place) == v for place, v in members):
            continue
        kept.add(frozenset((place, v) for place, v in members if place not in fixed))
    primes = [m for m in kept if not any(other < m for other in kept)]
    out = []
    for members in primes:
        lits: list[Literal] = []
        for at, place in enumerate(free):
            values = sorted(v for p, v in members if p == place)
            if len(values) == len(VALUES) - 1:
                lits.append((at, next(v for v in VALUES if v not in values), False))
            else:
                lits.extend((at, v, True) for v in values)
        out.append(tuple(lits))
    return tuple(sorted(out, key=lambda lits: (len(lits), lits)))


def point_blacks(params: ShakashakaParams, cells: Sequence[Cell]) -> tuple[bool, ...]:
    return tuple(not params.white(*cell) for cell in cells)


Template = Callable[[tuple[bool, ...]], tuple[tuple[Literal, ...], ...]]


def point_rules(params: ShakashakaParams, first: int, stride: int, template: Template) -> list[Clause]:
    """Every point's clauses, `template(blacks)` (places among its white cells), over
    variables `first + stride * (r * width + c) + value`: each kind of point's as offsets from
    its upper left cell's first variable (`relative`), added to every such point's at once:
    an open 40x40 board's 160,000 clauses in a third of the time a loop over them took."""
    width = params.width
    kinds: dict[tuple[bool, ...], list[int]] = {}
    for (r, c), around in params.points():
        kinds.setdefault(point_blacks(params, around), []).append(first - 1 + stride * ((r - 1) * width + c - 1))
    out: list[Clause] = []
    for blacks, bases in kinds.items():
        by_length: dict[int, list[tuple[int, ...]]] = {}
        for offsets in relative(template, blacks, width, stride):
            by_length.setdefault(len(offsets), []).append(offsets)
        at = np.array(bases, dtype=np.int64)[:, None, None]
        for length, group in by_length.items():
            table = np.array(group, dtype=np.int64)
            lits = np.sign(table)[None] * (np.abs(table)[None] + at)
            out += lits.reshape(-1, length).tolist()
    return out


@cache
def relative(template: Template, blacks: tuple[bool, ...], width: int, stride: int) -> tuple[tuple[int, ...], ...]:
    """A kind of point's clauses as signed offsets from its upper left cell's first variable,
    less one (so that none is 0)."""
    spots = []  # each white cell's first variable, from the upper left cell's
    for place, black in enumerate(blacks):
        if not black:
            y, x = SIGNS[place]
            spots.append(stride * ((y + 1) // 2 * width + (x + 1) // 2))
    return tuple(tuple((spots[at] + v + 1) * (1 if holds else -1) for at, v, holds in lits)
                 for lits in template(blacks))


# ---- white areas, as pzprjs's checker finds them ---------------------------------------------
@dataclass(frozen=True)
class Layout:
    """A board's white cells as flat indices (r * width + c), built once per board: `verify`
    runs on every candidate filling of a tiny board in the brute-force checks."""

    whites: tuple[int, ...]
    white: tuple[bool, ...]  # per cell
    beside: tuple[tuple[int, ...], ...]  # per cell: its white neighbour up, down, left, right (-1: none)


@lru_cache(maxsize=64)
def layout(params: ShakashakaParams) -> Layout:
    """The board's `Layout` (a few boards at a time: a generator's repairs make a new one each)."""
    w, h = params.width, params.height
    white = tuple(cell not in params.blacks for cell in params.cells())

    def beside(i: int) -> tuple[int, ...]:
        r, c = divmod(i, w)
        spots = (i - w if r > 0 else -1, i + w if r < h - 1 else -1, i - 1 if c > 0 else -1, i + 1 if c < w - 1 else -1)
        return tuple(j if j >= 0 and white[j] else -1 for j in spots)
    return Layout(tuple(i for i, ok in enumerate(white) if ok), white, tuple(beside(i) for i in range(w * h)))


def area_numbers(params: ShakashakaParams, flat: Sequence[int]) -> tuple[list[int], list[list[int]]]:
    """Each white cell's area (-1 elsewhere) and the areas' cells, areas in reading order of
    their first cell: white cells joined across each side both leave white."""
    where = layout(params)
    area = [-1] * len(flat)
    groups: list[list[int]] = []
    for start in where.whites:
        if area[start] >= 0:
            continue
        area[start] = len(groups)
        group = [start]
        for i in group:
            for step, nb in enumerate(where.beside[i]):
                if nb >= 0 and area[nb] < 0 and OPEN_SIDES[flat[i]][step] and OPEN_SIDES[flat[nb]][step ^ 1]:
                    area[nb] = len(groups)
                    group.append(nb)
        groups.append(group)
    return area, groups


def white_areas(params: ShakashakaParams, solution: Grid) -> list[list[Cell]]:
    """The areas of white cells (each a list of cells in reading order), in reading order."""
    _, groups = area_numbers(params, [v for row in solution for v in row])
    return [sorted(divmod(i, params.width) for i in group) for group in groups]


def is_rectangle(params: ShakashakaParams, flat: Sequence[int], area: Sequence[int], group: Sequence[int]) -> bool:
    """pzprjs's `checkWhiteArea`: empty cells filling their bounding box (upright), or each
    cell's sides facing the rest of the area exactly where it leaves them white (turned)."""
    w = params.width
    rows = [i // w for i in group]
    cols = [i % w for i in group]
    if (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1) == sum(1 for i in group if flat[i] == EMPTY):
        return True
    beside, k = layout(params).beside, area[group[0]]
    return all(OPEN_SIDES[flat[i]][step] == (nb >= 0 and area[nb] == k)
               for i in group for step, nb in enumerate(beside[i]))


class Shakashaka(NumberClues, CluePuzzle[ShakashakaParams, Cell, Grid]):
    name = "shakashaka"
    # cacheable: a clue's clauses are over cell variables only: nothing is drawn later
    speed = Speed(rules_cacheable=True)
    aliases = ("shaka-shaka",)
    title = "Shakashaka"
    rules_text = ("Put black triangles (half a cell, cut along a diagonal) in some white cells so that every "
                  "white area left is a rectangle, upright or turned 45 degrees; each numbered black cell has "
                  "that many triangles beside it, and at least one triangle is placed.")
    codecs = (GridText(limit=EARLY), PuzzLinkCodec(genres=("shakashaka",)), GridJson(limit=EARLY),
              Pzprv3Codec(genres=("shakashaka",)))
    clue_word = "triangles"
    cell_names = {EMPTY: "empty", **SHAPES}
    size = SIZE
    example = "2...\n....\n..#.\n.##."

    # ---- text forms -----------------------------------------------------------------
    def _cell(self, ch: str, line: int | None, col: int | None) -> int | None:
        """-1 for white, None for a plain black cell, 0..4 for a numbered one."""
        if ch in WHITE_CHARS:
            return -1
        if ch in BLACK_CHARS:
            return None
        if ch.isdecimal() and ch.isascii():
            if int(ch) > 4:
                raise PuzzleError(f"number {ch} is more than 4 (a black cell has 4 neighbours)", line, col)
            return int(ch)
        raise PuzzleError(f"bad character {quote(ch)} (use . for white, # for black, 0-4 for a numbered black cell)",
                          line, col)

    def _instance(self, cells: Sequence[Sequence[int | None]], where: Sequence[int | None] | None = None,
                  line: int | None = None) -> Instance:
        """From rows of cell codes (see `_cell`); `where` gives each row's input line."""
        width, height = (len(cells[0]) if cells else 0), len(cells)
        if width < 1 or height < 1:
            raise PuzzleError("the board needs at least one row and one column", line)
        blacks, clues = set(), {}
        for r, row in enumerate(cells):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, expected {width}",
                                  where[r] if where else None)
            for c, code in enumerate(row):
                if code is None or code >= 0:
                    blacks.add((r, c))
                    if code is not None:
                        clues[(r, c)] = code
        with at_place(line):
            params = ShakashakaParams(width, height, frozenset(blacks))
        return Instance(self.name, params, clues)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of characters: `.` white, `#` black, a digit 0-4 a numbered black cell."""
        return self._instance([[self._cell(t.text, t.line, t.column) for t in row] for row in rows],
                              [row.line for row in rows], rows[0].line if rows else None)

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of cells as in the text form."""
        return self._instance([[self._cell(str(ch).strip() or ".", r + 1, c + 1) for c, ch in enumerate(row)]
                               for r, row in enumerate(grid)])

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """shakashaka.js reads `decode4Cell`: a number 0..4 (swallowing the one or two white
        cells after it where written so), `.` a black cell without one, runs of white cells."""
        refuse_flags(link)
        SIZE.refuse_larger(self.name, link.cols, link.rows, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        flat = cursor.read_four_cell(link.cols * link.rows)
        cursor.end()
        codes = [-1 if v is None else None if v == UNKNOWN else v for v in flat]
        return self._instance([codes[r * link.cols:(r + 1) * link.cols] for r in range(link.rows)], line=1)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        flat = [(inst.clues.get(cell, UNKNOWN) if cell in p.blacks else None) for cell in p.cells()]
        return PuzzLink("shakashaka", p.width, p.height, write_four_cell(flat))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """Two blocks (shakashaka.js's FileIO): the black cells, a number 0..4 or `5` for none,
        `.` white; then the triangles, 2..5 for ◣ ◢ ◥ ◤, `+` a dot, `-` a number crossed off
        and `.` nothing."""
        board = [[self._pzprv3_cell(t) for t in row] for row in pzl.tokens()]
        marks = [[self._pzprv3_mark(t) for t in row] for row in pzl.tokens()]
        with at_place(3):
            inst = self._instance(board)
        return inst, tuple(map(tuple, marks))

    @staticmethod
    def _pzprv3_cell(t: Token) -> int | None:
        if t.text == ".":
            return -1
        if t.text == PZPRV3_PLAIN:
            return None
        if t.text in ("0", "1", "2", "3", "4"):
            return int(t.text)
        raise bad_item(t, "is no Shakashaka cell (a number 0-4, 5 for a black cell without one, or .)")

    @staticmethod
    def _pzprv3_mark(t: Token) -> int:
        if t.text in (".", "+", "-"):
            return EMPTY
        if t.text in ("2", "3", "4", "5"):
            return int(t.text) - 1
        raise bad_item(t, "is no Shakashaka mark (a triangle 2-5, +, - or .)")

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        p = inst.params

        def black(r: int, c: int) -> Any:
            return inst.clues.get((r, c), PZPRV3_PLAIN) if (r, c) in p.blacks else "."

        def mark(r: int, c: int) -> Any:
            return solution[r][c] + 1 if solution and solution[r][c] != EMPTY else "."
        return Pzprv3Writer("shakashaka", p.height, p.width).grid(black).grid(mark)

    def cells(self, inst: Instance, solution: Grid | None = None, white: str = ".",
              black: str = "#") -> list[list[str]]:
        """The board as characters, with the triangles if a solution is given."""
        p = inst.params
        out = []
        for r in range(p.height):
            row = []
            for c in range(p.width):
                if (r, c) in p.blacks:
                    row.append(str(inst.clues[(r, c)]) if (r, c) in inst.clues else black)
                elif solution is not None and solution[r][c] != EMPTY:
                    row.append(SHAPES[solution[r][c]])
                else:
                    row.append(white)
            out.append(row)
        return out

    def json_grid(self, inst: Instance) -> list[str]:
        return ["".join(row) for row in self.cells(inst)]

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: a plain black cell solid, a numbered one its number, '·' white."""
        return box_grid(self.cells(inst, white="\u00b7", black=FILL), inner=NONE, pad=0)

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's turns and mirrors: a number counts the same cells
        turned, so each image has the same solutions, turned."""
        return least_text(self.cells(inst))

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, one character a cell: `.` a white cell, `#` a black cell, a digit 0-4 a "
                    "black cell that must have exactly that many triangles on the cells just above, below, left "
                    "and right of it")
    answer_format = ("the board with the triangles: one row per line, cells separated by single spaces; a "
                     "triangle by the corner its black half fills, `◣` lower left, `◢` lower right, `◥` upper "
                     "right, `◤` upper left (or LL, LR, UR, UL); `.` a white cell without one, and each black "
                     "cell as the board shows it (`#` or its digit)")
    answer_cells = (ANSWER_CELLS, "cell")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        """The board's characters with each triangle's shape (on a black cell too: so a
        wrong answer reads back as written)."""
        return grid_text([SHAPES[v] if v != EMPTY else ch for ch, v in zip(row, values)]
                         for row, values in zip(self.cells(inst), solution))

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax: Any, inst: Instance, solution: Grid | None = None) -> None:
        """As pzprjs draws it: black cells with their numbers in white, a light grid, and in
        the solution each triangle black."""
        from matplotlib.collections import PolyCollection

        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for r, c in sorted(p.blacks):
            board.shade(r, c, "black")
            if (r, c) in inst.clues:
                board.text(r, c, str(inst.clues[(r, c)]), 0.6, colour="white", bold=True)
        if solution is not None:
            shapes = [triangle_points(board.x + c, board.y + p.height - r - 1, v)
                      for r, row in enumerate(solution) for c, v in enumerate(row) if v != EMPTY]
            if shapes:
                ax.add_collection(PolyCollection(shapes, facecolors="black", edgecolors="black", linewidths=0.5,
                                                 zorder=1))
        board.grid(colour="#b0b0b0")

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: ShakashakaParams, pool: IDPool) -> Rules:
        """Five variables a cell (empty, ◣, ◢, ◥, ◤; a black cell's left out of every clause),
        exactly one true in a white cell; the prime implicates of every grid point's table;
        some cell not empty."""
        width, stride = params.width, len(VALUES)
        first = variable_block(pool, stride * width * params.height)
        var = {(r, c): [first + stride * (r * width + c) + v for v in VALUES] for r, c in params.whites()}
        clauses: list[Clause] = [list(vs) for vs in var.values()]
        clauses += point_rules(params, first, stride, point_clauses)
        clauses.append([-vs[EMPTY] for vs in var.values()])
        groups = [list(vs) for vs in var.values()]
        return Rules(clauses, [v for vs in groups for v in vs], ShakashakaVars(var), at_most_one=groups, cells=groups)

    def clue_clauses(self, params: ShakashakaParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        """"Exactly `value` of the white cells beside it are not empty", as plain clauses (at
        most four cells: no counter)."""
        if not (isinstance(key, tuple) and len(key) == 2 and key in params.blacks):
            raise PuzzleError(f"clue {quote(key)} is not a black cell of the board")
        return exactly([-rules.data.var[cell][EMPTY] for cell in params.neighbours(*key)], value)

    def decode(self, params: ShakashakaParams, rules: Rules, true_vars) -> Grid:
        """The value whose variable is true; EMPTY where none is (a partial assignment too)."""
        var = rules.data.var
        return tuple(tuple(next((v for v in VALUES if var[(r, c)][v] in true_vars), EMPTY) if (r, c) in var
                           else EMPTY for c in range(params.width)) for r in range(params.height))

    def solution_literals(self, params: ShakashakaParams, rules: Rules, solution: Grid) -> list[int]:
        return [x if solution[r][c] == v else -x for (r, c), vs in rules.data.var.items() for v, x in enumerate(vs)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """A value 0..4 a white cell; each grid point's cells one of the combinations its
        table allows (the geometric table itself, not its clauses); a number the sum of
        "not empty" flags beside it; some flag set."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        value = {cell: model.new_int_var(0, len(VALUES) - 1, f"v{cell[0]}_{cell[1]}") for cell in p.whites()}
        placed = {}
        for cell, x in value.items():
            flag = model.new_bool_var("")
            model.add(x != EMPTY).only_enforce_if(flag)
            model.add(x == EMPTY).only_enforce_if(~flag)
            placed[cell] = flag
        for _, around in p.points():
            free, allowed = point_table(point_blacks(p, around))
            if free:
                model.add_allowed_assignments([value[around[i]] for i in free], [list(a) for a in allowed])
        for (r, c), n in inst.clues.items():
            model.add(sum(placed[cell] for cell in p.neighbours(r, c)) == n)
        model.add_bool_or(list(placed.values()))

        def decode(read) -> Grid:
            return tuple(tuple(int(read(value[(r, c)])) if (r, c) in value else EMPTY for c in range(p.width))
                         for r in range(p.height))

        return CpModel(model, list(value.values()), decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: ShakashakaParams) -> Iterator[Grid]:
        """Every filling in which no triangle turns a white side to a black cell, the edge or
        a black side (as pzprjs's area checker demands of every triangle), row by row."""
        whites = params.whites()
        if len(whites) > ENUMERATE_MOST:
            raise PuzzleError(f"a board of {len(whites)} white cells is too large to enumerate")
        grid = [[EMPTY] * params.width for _ in range(params.height)]
        order = params.cells()

        def fits(r: int, c: int, v: int) -> bool:
            for step, (dr, dc) in enumerate(STEPS):
                y, x = r + dr, c + dc
                if not params.white(y, x):
                    if v != EMPTY and OPEN_SIDES[v][step]:
                        return False
                elif (y, x) < (r, c) and not_matched(v, grid[y][x], step):
                    return False
            return True

        def fill(i: int) -> Iterator[Grid]:
            if i == len(order):
                yield tuple(map(tuple, grid))
                return
            r, c = order[i]
            if not params.white(r, c):
                yield from fill(i + 1)
                return
            for v in VALUES:
                if fits(r, c, v):
                    grid[r][c] = v
                    yield from fill(i + 1)
            grid[r][c] = EMPTY

        return fill(0)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        """Triangles on white cells only, every number met, every white area a rectangle as
        pzprjs's checker finds them, and some triangle placed."""
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = []
        for r, row in enumerate(solution):
            for c, v in enumerate(row):
                if v not in VALUES:
                    return [f"{cell_name((r, c))} holds {quote(v)}, no triangle"]
                if v != EMPTY and (r, c) in p.blacks:
                    problems.append(f"{cell_name((r, c))} is black and holds a triangle")
        for (r, c), n in sorted(inst.clues.items()):
            got = sum(1 for y, x in p.neighbours(r, c) if solution[y][x] != EMPTY)
            if got != n:
                problems.append(f"{cell_name((r, c))} wants {n} triangles beside it, has {got}")
        # a triangle on a black cell, named above, is no part of an area
        flat = [v if white else EMPTY for v, white in zip((v for row in solution for v in row), layout(p).white)]
        area, groups = area_numbers(p, flat)
        for group in groups:
            if not is_rectangle(p, flat, area, group):
                problems.append(f"the white area at {cell_name(divmod(group[0], p.width))} is no rectangle")
        if not any(flat):
            problems.append("no triangle is placed")
        return problems


@dataclass
class ShakashakaVars:
    """Each white cell's five variables, by value (EMPTY, then the triangles)."""

    var: dict[Cell, list[int]]


def not_matched(v: int, other: int, step: int) -> bool:
    """Across a side (`step` from the cell of `v` to the cell of `other`), a white side of a
    triangle must meet a white side: either one turning a white side to the other's black
    side breaks its area."""
    mine, theirs = OPEN_SIDES[v][step], OPEN_SIDES[other][step ^ 1]
    return (v != EMPTY and mine and not theirs) or (other != EMPTY and theirs and not mine)


def triangle_points(x: float, y: float, value: int) -> list[tuple[float, float]]:
    """The three corners of a triangle in the unit cell whose lower left corner is (x, y),
    drawn with y up: all corners but the one across from its right angle."""
    dr, dc = CORNER[value]
    corners = {(0, 0): (x, y + 1), (0, 1): (x + 1, y + 1), (1, 0): (x, y), (1, 1): (x + 1, y)}
    across = (1 - dr, 1 - dc)
    return [point for corner, point in corners.items() if corner != across]


PUZZLE = Shakashaka()
