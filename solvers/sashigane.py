"""Sashigane: divide the grid into L-shapes; text forms, rules, decoding, verification.

Rules (pzprjs's sashigane checker): every region is an L of width 1, two straight arms that
meet at a corner cell, each arm at least two cells long counting the corner; a circle is the
corner cell of its L; a number in a circle is the number of cells of that L; an arrow stands
at the end of an arm and points along it towards the corner. An L may hold no clue at all.
pzprjs's `?` (a mark its checker reads as nothing) is kept as a mark of the board and
constrains nothing.

Structure (`params`): the board and its `?` marks. Clues, one per cell: `o` a circle, a
number n a circle with n in it, `U` `D` `L` `R` an arrow (which way the corner lies).

CNF, on cells rather than placements (a 30x30 board has about 750,000 L placements): a
variable per pair of neighbouring cells, true when they are in one region (the primary
variables: they decide the division), and per cell one of eight roles: a corner whose arms
go one way up or down and one way left or right, or an arm cell whose corner lies U, D, L or
R. A role says which neighbours are joined (a corner's two arms, an arm cell's way to the
corner, never across an arm), and a join says what the cell beyond may be (an arm cell's
next cell towards the corner points the same way or is a corner with its arm back; a
corner's next cell points back to it). Following an arm cell's way therefore reaches a
corner in a straight line, and every region is one corner with two straight arms. A circle
is one literal per cell ("a corner"), an arrow one per cell and way ("an arm's end whose
corner lies that way"); a circled number is made when asked: the corner, and one of its
shapes of that many cells, each a conjunction of joins (a term per way and arm length).

A solution is a grid of labels: each cell the number of its region's first cell in reading
order (r1c1 is 1, r1c2 2, ...), so that a region keeps its label however much of the board is
known (the steps `explain` shows name the cells settled so). People see the regions numbered
1, 2, 3, ... instead (`consecutive`), and answers are read back from any labels.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cache
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
    at_place,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import read_grid
from ..lab.toolkit.cellgrid import BoardCells, CellRow, GridJson, GridText, grid_instance
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.puzzlink import Cursor, PuzzLink, refuse_flags, size_column
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, wall_items, walled_rooms
from ..lab.toolkit.regions import cell_name
from ..lab.toolkit.symmetry import STEPS, board_symmetries, first_seen
from ..lab.toolkit.textgrid import JsonObject, Token, json_shown

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]  # each cell: the number of its region's first cell (r1c1 is 1), 0 none yet
Clue = int | str  # CIRCLE, a circled number, or an arrow's way (U, D, L, R)
# Size limit: an open 30x30 board (13,000 variables, 58,000 clauses) is solved in 0.2 s and
# shown ambiguous in 0.5 s; a generated one (84 clues) checks unique in 0.4 s.
SIZE = BoardLimit(30, 30, 2, 2)
EARLY = SIZE.early("sashigane")  # the readers' size check, before any cell is read
CIRCLE = "o"
MARK = "?"  # pzprjs's `?`: shown, and read as nothing
BLANKS = {".", ""}
WAYS = "UDLR"
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
ACROSS = {"U": "LR", "D": "LR", "L": "UD", "R": "UD"}  # the ways across an arm going this way
ARROW_TEXT = {"U": "^", "D": "v", "L": "<", "R": ">"}
TEXT_ARROW = {text: way for way, text in ARROW_TEXT.items()}
SHOWN_ARROW = {"U": "↑", "D": "↓", "L": "←", "R": "→"}
CORNERS = (("U", "L"), ("U", "R"), ("D", "L"), ("D", "R"))  # a corner's arms: roles 0..3
ARMS = tuple(WAYS)  # an arm cell whose corner lies this way: roles 4..7
ROLES = len(CORNERS) + len(ARMS)
LEAST = 3  # the fewest cells of an L
ENUMERATE_MOST = 20  # cells `candidates` enumerates divisions of
TOKEN_NUMBER = re.compile(r"[oO]?(\d{1,4})")


def step(cell: Cell, way: str, k: int = 1) -> Cell:
    dr, dc = STEPS[way]
    return cell[0] + k * dr, cell[1] + k * dc


def most_cells(width: int, height: int) -> int:
    """The most cells an L on the board can have: a whole row and a whole column."""
    return width + height - 1


@dataclass(frozen=True)
class SashiganeParams(BoardCells):
    """A width x height board and the cells showing pzprjs's `?` mark."""

    width: int
    height: int
    marks: frozenset[Cell] = frozenset()

    def __post_init__(self) -> None:
        SIZE.check("sashigane", self.width, self.height)
        outside = sorted(cell for cell in self.marks if not self.inside(*cell))
        if outside:
            raise PuzzleError(f"a mark at {outside[0]} is outside the {self.width}x{self.height} board")


# ---- L shapes ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class LShape:
    """An L: its corner, its cells (reading order) and its two ends, each with the way from
    it to the corner."""

    corner: Cell
    cells: tuple[Cell, ...]
    ends: tuple[tuple[Cell, str], tuple[Cell, str]]

    @property
    def size(self) -> int:
        return len(self.cells)

    def end_way(self, cell: Cell) -> str | None:
        """The way from `cell` to the corner when `cell` is an end, else None."""
        return next((way for end, way in self.ends if end == cell), None)


def make_l(corner: Cell, vertical: str, down: int, horizontal: str, across: int) -> LShape:
    """The L with this corner, `down` cells beyond it going `vertical` and `across` cells
    going `horizontal`."""
    arm_v = [step(corner, vertical, k) for k in range(1, down + 1)]
    arm_h = [step(corner, horizontal, k) for k in range(1, across + 1)]
    return LShape(corner, tuple(sorted([corner, *arm_v, *arm_h])),
                  ((arm_v[-1], OPPOSITE[vertical]), (arm_h[-1], OPPOSITE[horizontal])))


def l_shape(cells: Collection[Cell]) -> LShape | None:
    """The L these cells make, or None when they are not one: a whole row and a whole column
    of their bounding box, meeting at one of its corners, the box at least 2x2."""
    if not cells:
        return None
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    r0, r1, c0, c1 = min(rows), max(rows), min(cols), max(cols)
    if r1 == r0 or c1 == c0 or len(cells) != (r1 - r0) + (c1 - c0) + 1:
        return None
    have = set(cells)
    for r, vertical in ((r0, "D"), (r1, "U")):
        for c, horizontal in ((c0, "R"), (c1, "L")):
            shape = make_l((r, c), vertical, r1 - r0, horizontal, c1 - c0)
            if have == set(shape.cells):
                return shape
    return None


def reach(params: BoardCells, cell: Cell, way: str) -> int:
    """How many cells lie beyond `cell` going `way` to the board's edge."""
    r, c = cell
    return {"U": r, "D": params.height - 1 - r, "L": c, "R": params.width - 1 - c}[way]


def corner_shapes(params: BoardCells, corner: Cell, size: int | None = None) -> Iterator[LShape]:
    """Every L on the board with this corner (of `size` cells only, when given)."""
    for vertical, horizontal in CORNERS:
        tall, wide = reach(params, corner, vertical), reach(params, corner, horizontal)
        for down in range(1, tall + 1):
            if size is None:
                for across in range(1, wide + 1):
                    yield make_l(corner, vertical, down, horizontal, across)
            elif 1 <= size - 1 - down <= wide:
                yield make_l(corner, vertical, down, horizontal, size - 1 - down)


def all_shapes(params: BoardCells) -> Iterator[LShape]:
    """Every L on the board."""
    for corner in params.cells():
        yield from corner_shapes(params, corner)


def fits(shape: LShape, clues: dict[Cell, Clue]) -> bool:
    """Does an L keep every clue in its cells? A circle is its corner, a number its corner
    and size, an arrow one of its ends pointing to the corner."""
    for cell in shape.cells:
        clue = clues.get(cell)
        if clue is None:
            continue
        if isinstance(clue, int):
            if cell != shape.corner or clue != shape.size:
                return False
        elif clue == CIRCLE:
            if cell != shape.corner:
                return False
        elif shape.end_way(cell) != clue:
            return False
    return True


def labelled(params: BoardCells, shapes: Iterable[LShape]) -> Grid:
    """The label grid of a division into L's, each labelled by the number of its first cell;
    0 where none lies."""
    grid = [[0] * params.width for _ in range(params.height)]
    for shape in shapes:
        label = number_of(shape.cells[0], params.width)
        for r, c in shape.cells:
            grid[r][c] = label
    return tuple(tuple(row) for row in grid)


def number_of(cell: Cell, width: int) -> int:
    """A cell's number in reading order, r1c1 being 1."""
    return cell[0] * width + cell[1] + 1


def first_cell_labels(rows: Sequence[Sequence[Any]]) -> Grid:
    """Regions given by any names (each name one region) labelled by the number of their first
    cells."""
    width = len(rows[0]) if rows else 0
    first: dict[Any, int] = {}
    for r, row in enumerate(rows):
        for c, name in enumerate(row):
            first.setdefault(name, number_of((r, c), width))
    return tuple(tuple(first[name] for name in row) for row in rows)


def consecutive(solution: Sequence[Sequence[int]]) -> Grid:
    """The regions numbered 1, 2, 3, ... in reading order of their first cells, as people
    read them."""
    names = first_seen((v for row in solution for v in row), start=1)
    return tuple(tuple(names[v] for v in row) for row in solution)


def regions(solution: Sequence[Sequence[int]]) -> dict[int, list[Cell]]:
    """The cells of each label, in reading order."""
    out: dict[int, list[Cell]] = {}
    for r, row in enumerate(solution):
        for c, label in enumerate(row):
            out.setdefault(label, []).append((r, c))
    return out


# ---- clue tokens ------------------------------------------------------------------------------
def clue_token(clue: Clue | None, marked: bool = False) -> str:
    """A cell as the plain form writes it."""
    if marked:
        return MARK
    if clue is None:
        return "."
    if isinstance(clue, int):
        return str(clue)
    return CIRCLE if clue == CIRCLE else ARROW_TEXT[clue]


def read_token(t: Token, most: int) -> Clue | None:
    """A cell of the plain form: `.` blank, `o` a circle, a number (or `o` and a number) a
    circled number, `^ v < >` an arrow, `?` a mark (returned as MARK)."""
    text = t.text
    if text in BLANKS:
        return None
    if text == MARK:
        return MARK
    if text in (CIRCLE, "O"):
        return CIRCLE
    if text in TEXT_ARROW:
        return TEXT_ARROW[text]
    m = TOKEN_NUMBER.fullmatch(text)
    if m is None:
        raise PuzzleError(f"bad cell {quote(text)} (a number, o a circle, ^ v < > an arrow, ? a mark, or . blank)",
                          t.line, t.column)
    value = int(m.group(1))
    if not LEAST <= value <= most:
        raise PuzzleError(f"number {value} out of range {LEAST}..{most} (an L's cells on this board)",
                          t.line, t.column)
    return value


def check_clue(params: SashiganeParams, key: Any, value: Any) -> None:
    """Refuse a clue no cell of this board can hold."""
    good_key = isinstance(key, tuple) and len(key) == 2 and all(isinstance(i, int) for i in key) \
        and params.inside(*key)
    good_value = (isinstance(value, int) and not isinstance(value, bool)
                  and LEAST <= value <= most_cells(params.width, params.height)) \
        or (isinstance(value, str) and (value == CIRCLE or value in ARMS))
    if not (good_key and good_value):
        raise PuzzleError(f"clue {key}={value} is not a circle, a circled number or an arrow in a cell of the "
                          f"{params.width}x{params.height} board")


def circled(value: int) -> str:
    """A circled number as a terminal shows it: ③ up to 20, else (21)."""
    return chr(0x245F + value) if value <= 20 else f"({value})"


# ---- puzz.link's sashigane body ---------------------------------------------------------------
def read_body(cursor: Cursor, cells: int) -> list[tuple[Clue | None, int]]:
    """pzprjs's `decodeSashigane`: 0-f a circled number, `-xx` one of two hex digits, `.` a
    circle, `%` or `@` a `?` mark, g-j an arrow (up, down, left, right), k-z a run of 1..16
    empty cells. Each cell's clue (MARK for a mark) with its column."""
    out: list[tuple[Clue | None, int]] = []
    body, i = cursor.body, cursor.at
    while len(out) < cells and i < len(body):
        ch, place = body[i], cursor.column + i
        if ch in "0123456789abcdef":
            out.append((int(ch, 16), place))
        elif ch == "-":
            digits = body[i + 1:i + 3]
            if not re.fullmatch(r"[0-9a-f]{2}", digits):
                raise cursor.refuse(f"{quote(digits)} after '-' is not 2 hex digits", i + 1 - cursor.at)
            out.append((int(digits, 16), place))
            i += 2
        elif ch == ".":
            out.append((CIRCLE, place))
        elif ch in "%@":
            out.append((MARK, place))
        elif "g" <= ch <= "j":
            out.append((WAYS["ghij".index(ch)], place))
        elif "k" <= ch <= "z":
            out.extend([(None, place)] * (int(ch, 36) - 19))
        else:
            raise cursor.refuse(f"{quote(ch)} is not a clue or a run of empty cells", i - cursor.at)
        i += 1
    cursor.at = i
    return (out + [(None, cursor.column + i)] * cells)[:cells]


def write_body(values: Sequence[Clue | None]) -> str:
    """pzprjs's `encodeSashigane`: a clue a character (a number past 15 as `-xx`), runs of
    up to 16 empty cells as k..z."""
    out, run = [], 0
    for v in values:
        if v is None:
            run += 1
            if run == 16:
                out.append("z")
                run = 0
            continue
        if run:
            out.append("0123456789abcdefghijklmnopqrstuvwxyz"[run + 19])
            run = 0
        if isinstance(v, int):
            out.append(f"{v:x}" if v < 16 else f"-{v:02x}")
        else:
            out.append("." if v == CIRCLE else "@" if v == MARK else "ghij"[WAYS.index(v)])
    if run:
        out.append("0123456789abcdefghijklmnopqrstuvwxyz"[run + 19])
    return "".join(out)


# ---- pzprv3 items -----------------------------------------------------------------------------
def file_item(clue: Clue | None, marked: bool) -> str:
    """A cell as pzprjs's file holds it: `o`, `oN`, `-` (a mark), 1..4 an arrow, `.`."""
    if marked:
        return "-"
    if clue is None:
        return "."
    if isinstance(clue, int):
        return f"o{clue}"
    return CIRCLE if clue == CIRCLE else str(WAYS.index(clue) + 1)


def read_item(t: Token, most: int) -> Clue | None:
    """`file_item` the other way; anything else refused where it stands."""
    text = t.text
    if text == ".":
        return None
    if text == "-":
        return MARK
    if text in ("1", "2", "3", "4"):
        return WAYS[int(text) - 1]
    m = re.fullmatch(r"o(\d{0,4})", text)
    if m is None:
        raise bad_item(t, "is no Sashigane cell (. none, o or oN a circle, 1..4 an arrow, - a mark)")
    if not m.group(1):
        return CIRCLE
    value = int(m.group(1))
    if not LEAST <= value <= most:
        raise bad_item(t, f"holds the number {value}, out of range {LEAST}..{most}")
    return value


# ---- the CNF's variables ----------------------------------------------------------------------
@dataclass
class SashiganeVars:
    """The rules' variables: `join[(cell, way)]` (the same variable from both cells), each
    cell's eight roles from `role[cell]` on (CORNERS then ARMS), its corner literal and its
    end literals per way; the pool the circled numbers draw their terms from."""

    join: dict[tuple[Cell, str], int]
    role: dict[Cell, int]
    corner: dict[Cell, int]
    end: dict[tuple[Cell, str], int]
    edges: list[tuple[Cell, Cell, int]]
    pool: IDPool = field(default_factory=IDPool)

    def corner_role(self, cell: Cell, arms: tuple[str, str]) -> int:
        return self.role[cell] + CORNERS.index(arms)


ARM_OFFSET = {way: len(CORNERS) + k for k, way in enumerate(ARMS)}  # an arm role's place among a cell's roles
WITH_ARM = {way: [k for k, arms in enumerate(CORNERS) if way in arms] for way in WAYS}  # corner roles with that arm
WITHOUT_ARM = {way: [k for k, arms in enumerate(CORNERS) if way not in arms] for way in WAYS}


def cell_rules(v: SashiganeVars, cell: Cell) -> list[Clause]:
    """One cell's roles: exactly one (its at-most-one goes native), the joins each asks
    for and forbids, and what a join says of the cell beyond; its corner and end literals."""
    base = v.role[cell]
    joins = {way: v.join.get((cell, way)) for way in WAYS}
    clauses: list[Clause] = [[base + k for k in range(ROLES)]]
    for way, j in joins.items():
        needs = [base + k for k in WITH_ARM[way]] + [base + ARM_OFFSET[way]]  # roles that join this way
        bars = [base + k for k in WITHOUT_ARM[way]] + [base + ARM_OFFSET[x] for x in ACROSS[way]]
        if j is None:
            clauses += [[-role] for role in needs]
            continue
        clauses += [[-role, j] for role in needs] + [[-role, -j] for role in bars]
        back, there = OPPOSITE[way], v.role[step(cell, way)]
        clauses.append([-j, base + ARM_OFFSET[way], base + ARM_OFFSET[back], *(base + k for k in WITH_ARM[way])])
        clauses.append([-j, -(base + ARM_OFFSET[way]), there + ARM_OFFSET[way], *(there + k for k in WITH_ARM[back])])
        clauses.append([-j, -(base + ARM_OFFSET[back]), there + ARM_OFFSET[back]])
        clauses += [[-j, -(base + k), there + ARM_OFFSET[back]] for k in WITH_ARM[way]]
    corner = v.corner[cell]
    clauses.append([-corner, *(base + k for k in range(len(CORNERS)))])
    clauses += [[-(base + k), corner] for k in range(len(CORNERS))]
    for way in WAYS:
        end, arm, behind = v.end[(cell, way)], base + ARM_OFFSET[way], joins[OPPOSITE[way]]
        clauses.append([-end, arm])
        if behind:
            clauses += [[-end, -behind], [-arm, behind, end]]
        else:
            clauses.append([-arm, end])
    return clauses


def size_clauses(params: SashiganeParams, v: SashiganeVars, cell: Cell, size: int) -> list[Clause]:
    """"`cell` is the corner of an L of `size` cells": the corner, one of its shapes of that
    size (a term each: the corner's role, the joins along both arms, none past their ends),
    and, for propagation, no arm as long as the whole L."""
    clauses: list[Clause] = [[v.corner[cell]]]
    terms = []
    for shape in corner_shapes(params, cell, size):
        term = v.pool.id()
        terms.append(term)
        (end_v, way_v), (end_h, way_h) = shape.ends
        arms = (OPPOSITE[way_v], OPPOSITE[way_h])
        clauses.append([-term, v.corner_role(cell, arms)])
        for end, back in ((end_v, way_v), (end_h, way_h)):
            out = OPPOSITE[back]
            x = cell
            while x != end:
                clauses.append([-term, v.join[(x, out)]])
                x = step(x, out)
            past = v.join.get((end, out))
            if past:
                clauses.append([-term, -past])
    clauses.append(terms)
    for way in WAYS:
        if reach(params, cell, way) >= size - 1:
            clauses.append([-v.join[(step(cell, way, k), way)] for k in range(size - 1)])
    return clauses


def division(params: BoardCells, joined: Iterable[tuple[Cell, Cell]]) -> Grid:
    """The label grid of the regions the joined pairs of cells make; 0 for a cell joined to
    none (a partial assignment's)."""
    parent = {cell: cell for cell in params.cells()}

    def root(cell: Cell) -> Cell:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for a, b in joined:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    size: dict[Cell, int] = {}
    for cell in parent:
        size[root(cell)] = size.get(root(cell), 0) + 1
    return tuple(tuple(number_of(root((r, c)), params.width) if size[root((r, c))] > 1 else 0
                       for c in range(params.width)) for r in range(params.height))


@cache
def first_cell_shapes(width: int, height: int) -> dict[Cell, list[LShape]]:
    """Every L of a small board by its first cell in reading order (for `candidates`)."""
    out: dict[Cell, list[LShape]] = {}
    for shape in all_shapes(SashiganeParams(width, height)):
        out.setdefault(shape.cells[0], []).append(shape)
    return out


class Sashigane(CluePuzzle[SashiganeParams, Cell, Grid]):
    name = "sashigane"
    # not cacheable: a circled number's terms are drawn from the rules' pool when it is asked for
    aliases = ("l-shapes",)
    title = "Sashigane (L-shapes)"
    rules_text = ("Divide the grid into L-shapes of width 1, each arm at least two cells long: a circle is the corner "
                  "of its L, a number in it the L's cells, an arrow the end of an arm, pointing to the corner.")
    codecs = (GridText(spaced=True, limit=EARLY), PuzzLinkCodec(genres=("sashigane",)), GridJson(limit=EARLY),
              Pzprv3Codec(genres=("sashigane",)))
    size = SIZE
    example = "3 . . .\n. o . .\n. . . .\n. . . <"

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None = None) -> Instance:
        """Rows of cells as Tokens (`read_token`), the marks split off into the params."""
        inst = grid_instance(self.name, rows, SashiganeParams,
                             lambda t, params: read_token(t, most_cells(params.width, params.height)), line)
        marks = frozenset(cell for cell, v in inst.clues.items() if v == MARK)
        clues = {cell: v for cell, v in inst.clues.items() if v != MARK}
        return Instance(self.name, SashiganeParams(inst.params.width, inst.params.height, marks), clues)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of cells separated by spaces: `.` blank, `o` a circle, a number a circled
        number, `^ v < >` an arrow, `?` a mark."""
        return self._instance(rows, rows[0].line)

    def board(self, inst: Instance) -> list[list[str]]:
        """The board's cell texts, as the plain form writes them."""
        p = inst.params
        return [[clue_token(inst.clues.get((r, c)), (r, c) in p.marks) for c in range(p.width)]
                for r in range(p.height)]

    def cells(self, inst: Instance, solution: Grid | None = None) -> list[list[str]]:
        """The board's cell texts, or with a solution each cell's region label."""
        if solution is not None:
            return [[str(v) for v in row] for row in consecutive(solution)]
        return self.board(inst)

    def cell_width(self, inst: Instance) -> int:
        return max(len(t) for row in self.board(inst) for t in row)

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of null (blank), a number (circled), "o", "^", "v", "<", ">" or "?"."""
        rows = []
        for r, row in enumerate(grid):
            for v in row:
                if not (v is None or (isinstance(v, int) and not isinstance(v, bool))
                        or (isinstance(v, str) and not v.isdigit())):
                    raise doc.error("grid", f"row {r + 1} holds {json_shown(v)}: cells are numbers, \"o\", "
                                            "\"^\", \"v\", \"<\", \">\", \"?\" or null")
            rows.append([Token("" if v is None else str(v), None, None) for v in row])
        return self._instance(rows)

    def json_grid(self, inst: Instance) -> list[list[Any]]:
        return [[None if t == "." else int(t) if t.isdigit() else t for t in row] for row in self.board(inst)]

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's `sashigane` (pzprjs's loute.js): `read_body`."""
        refuse_flags(link)
        with at_place(1, size_column(link)):
            SashiganeParams(link.cols, link.rows)
        cursor = Cursor(link.body, link.column)
        flat = read_body(cursor, link.cols * link.rows)
        cursor.end()
        most = most_cells(link.cols, link.rows)
        for i, (v, place) in enumerate(flat):
            if isinstance(v, int) and not LEAST <= v <= most:
                raise PuzzleError(f"puzz.link body: r{i // link.cols + 1}c{i % link.cols + 1} holds the number {v}, "
                                  f"out of range {LEAST}..{most}", 1, place)
        cells = [Token(clue_token(v, v == MARK), 1, place) for v, place in flat]
        return self._instance([cells[r * link.cols:(r + 1) * link.cols] for r in range(link.rows)], 1)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        values = [MARK if cell in p.marks else inst.clues.get(cell) for cell in p.cells()]
        return PuzzLink("sashigane", p.width, p.height, write_body(values))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """The cells (`file_item`), then the walls drawn between cells; the regions they
        close off are the solution's (walls that end inside a region part nothing)."""
        with at_place(3, 1):
            SashiganeParams(pzl.cols, pzl.rows)
        most = most_cells(pzl.cols, pzl.rows)
        rows = [[Token(clue_token(v, v == MARK), t.line, t.column) for t in row for v in [read_item(t, most)]]
                for row in pzl.tokens()]
        inst = self._instance(rows, 3)
        rooms = walled_rooms(*pzl.borders())
        return inst, first_cell_labels(rooms)

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        p = inst.params
        right, below = wall_items(solution or [[0] * p.width for _ in range(p.height)])
        return (Pzprv3Writer("sashigane", p.height, p.width)
                .grid(lambda r, c: file_item(inst.clues.get((r, c)), (r, c) in p.marks))
                .borders(right, below))

    def describe_clue(self, key: Cell, value: Clue) -> str:
        return f"{cell_name(key)}={clue_token(value)}"

    def clue_json(self, key: Cell, value: Clue) -> dict:
        what = ({"number": value} if isinstance(value, int) else {"circle": True} if value == CIRCLE
                else {"arrow": value})
        return {"row": key[0] + 1, "col": key[1] + 1, **what}

    def solution_json(self, inst: Instance, solution: Grid) -> list[list[int]]:
        return [list(row) for row in consecutive(solution)]

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, cells separated by spaces: `o` a circle (the corner of its L), a number a "
                    "circle with that number (the corner of an L of that many cells), `^` `v` `<` `>` an arrow at the "
                    "end of an arm pointing along it to the corner, `?` a mark that says nothing, `.` an empty cell")
    answer_format = ("the division into L-shapes: one row per line, cells separated by single spaces, each cell the "
                     "label of its L; label the L's 1, 2, 3, ... in the order their first cells are met reading the "
                     "board row by row, left to right")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(" ".join(str(v) for v in row) for row in consecutive(solution))

    def read_answer(self, inst: Instance, text: str) -> Grid:
        """A grid of labels (numbers or letters, any names): renamed 1, 2, ... in reading order."""
        p = inst.params

        def label(token: str) -> str:
            if not re.fullmatch(r"[A-Za-z0-9]{1,9}", token):
                raise ValueError("not a label")
            return token

        return first_cell_labels(read_grid(text, p.height, p.width, label, "label"))

    def canonical(self, inst: Instance) -> str:
        """The least plain text of the board's turns and mirrors (arrows turned with it)."""
        p = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            params = SashiganeParams(w, h, frozenset(sym.cell(*cell) for cell in p.marks))
            clues = {sym.cell(*cell): sym.direction(v) if isinstance(v, str) and v in ARMS else v
                     for cell, v in inst.clues.items()}
            forms.append(self.format(Instance(self.name, params, clues)))
        return min(forms)

    # ---- pictures -------------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        from ..lab.face.share import box_grid

        shown = {**{ARROW_TEXT[w]: SHOWN_ARROW[w] for w in WAYS}, CIRCLE: "○", ".": ""}
        return box_grid([[circled(int(t)) if t.isdigit() else shown.get(t, t) for t in row]
                         for row in self.board(inst)])

    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As printed: circles (with their numbers), arrows and marks in a grid of thin
        lines; with the solution, thick lines around each L."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for (r, c), v in inst.clues.items():
            if isinstance(v, str) and v in ARMS:
                board.text(r, c, SHOWN_ARROW[v], 0.6)
                continue
            board.circle(r, c, 0.38)
            if isinstance(v, int):
                board.text(r, c, str(v), 0.45 if v < 10 else 0.36)
        for r, c in p.marks:
            board.text(r, c, MARK, 0.55)
        board.grid([list(row) for row in solution] if solution is not None else None)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: SashiganeParams, pool: IDPool) -> Rules:
        cells = params.cells()
        edges = [(cell, step(cell, way)) for cell in cells for way in "RD" if params.inside(*step(cell, way))]
        first = variable_block(pool, len(edges))  # the primary variables: `solution_literals` reads this layout
        join: dict[tuple[Cell, str], int] = {}
        for k, (a, b) in enumerate(edges):
            way = "R" if a[0] == b[0] else "D"
            join[(a, way)] = join[(b, OPPOSITE[way])] = first + k
        roles = variable_block(pool, ROLES * len(cells))
        shown = variable_block(pool, 5 * len(cells))  # per cell: a corner, an end each way
        v = SashiganeVars(join, {cell: roles + ROLES * i for i, cell in enumerate(cells)},
                          {cell: shown + 5 * i for i, cell in enumerate(cells)},
                          {(cell, way): shown + 5 * i + 1 + j for i, cell in enumerate(cells)
                           for j, way in enumerate(WAYS)},
                          [(a, b, first + k) for k, (a, b) in enumerate(edges)], pool)
        clauses = [clause for cell in cells for clause in cell_rules(v, cell)]
        at_most_one = [[v.role[cell] + k for k in range(ROLES)] for cell in cells]
        return Rules(clauses, [first + k for k in range(len(edges))], v, at_most_one=at_most_one)

    def clue_clauses(self, params: SashiganeParams, rules: Rules, key: Cell, value: Clue) -> list[Clause]:
        check_clue(params, key, value)
        v: SashiganeVars = rules.data
        if isinstance(value, int):
            return size_clauses(params, v, key, value)
        if value == CIRCLE:
            return [[v.corner[key]]]
        return [[v.end[(key, value)]]]

    def decode(self, params: SashiganeParams, rules: Rules, true_vars: AbstractSet[int]) -> Grid:
        """The regions the true joins make (of a partial assignment: the cells known to be
        together, a cell joined to none yet 0)."""
        v: SashiganeVars = rules.data
        return division(params, ((a, b) for a, b, var in v.edges if var in true_vars))

    def differences(self, a: Any, b: Any) -> list[str]:
        """Cell by cell, each region named by its first cell ("r2c3: the L from r1c3 vs ...")."""
        width = len(a[0]) if a else 0

        def name(label: int) -> str:
            return "no region yet" if label == 0 else f"the L from {cell_name(divmod(label - 1, width))}"

        return [f"r{r + 1}c{c + 1}: {name(x)} vs {name(y)}" for r, (ra, rb) in enumerate(zip(a, b))
                for c, (x, y) in enumerate(zip(ra, rb)) if x != y]

    def solution_literals(self, params: SashiganeParams, rules: Rules, solution: Grid) -> list[int]:
        v: SashiganeVars = rules.data
        return [var if solution[a[0]][a[1]] == solution[b[0]][b[1]] else -var for a, b, var in v.edges]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """One variable per L on the board that keeps every clue in its cells (`fits`),
        exactly one of them over each cell."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        shapes = [shape for shape in all_shapes(p) if fits(shape, inst.clues)]
        chosen = [model.new_bool_var(f"l{k}") for k in range(len(shapes))]
        over: dict[Cell, list[Any]] = {cell: [] for cell in p.cells()}
        for shape, x in zip(shapes, chosen):
            for cell in shape.cells:
                over[cell].append(x)
        for xs in over.values():
            model.add_exactly_one(xs)  # an empty one where no L fits: no solution

        def decode(value) -> Grid:
            return labelled(p, (shape for shape, x in zip(shapes, chosen) if value(x)))

        return CpModel(model, chosen, decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: SashiganeParams) -> Iterator[Grid]:
        """Every division of the board into L's: the first cell not yet covered, in reading
        order, is the first cell of a new L over uncovered cells."""
        if params.width * params.height > ENUMERATE_MOST:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        by_first = first_cell_shapes(params.width, params.height)
        covered: set[Cell] = set()
        chosen: list[LShape] = []
        order = params.cells()

        def place(k: int) -> Iterator[Grid]:
            while k < len(order) and order[k] in covered:
                k += 1
            if k == len(order):
                yield labelled(params, chosen)
                return
            for shape in by_first.get(order[k], []):
                if covered.isdisjoint(shape.cells):
                    covered.update(shape.cells)
                    chosen.append(shape)
                    yield from place(k + 1)
                    chosen.pop()
                    covered.difference_update(shape.cells)

        return place(0)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = [f"{cell_name((r, c))} holds {quote(v)}: labels are whole numbers from 1"
                    for r, row in enumerate(solution) for c, v in enumerate(row)
                    if not (isinstance(v, int) and not isinstance(v, bool) and v >= 1)]
        if problems:
            return problems
        for cells in regions(solution).values():
            problems += self._region_problems(inst, cells)
        return problems

    @staticmethod
    def _region_problems(inst: Instance, cells: list[Cell]) -> list[str]:
        """What one region breaks: the number of a circle in it, its shape, and (an L) where
        its circles and arrows stand."""
        problems = [f"the region of the circle at {cell_name(cell)} has {len(cells)} cells, its number says {value}"
                    for cell in cells if isinstance(value := inst.clues.get(cell), int) and value != len(cells)]
        shape = l_shape(cells)
        if shape is None:
            return problems + [f"the region from {cell_name(cells[0])} ({len(cells)} cells) is not an L of two "
                               "straight arms, each at least two cells long"]
        for cell in cells:
            value = inst.clues.get(cell)
            if value is None or isinstance(value, int) and cell == shape.corner:
                continue
            if isinstance(value, int) or value == CIRCLE:
                if cell != shape.corner:
                    problems.append(f"the circle at {cell_name(cell)} is not the corner of its L")
            elif shape.end_way(cell) is None:
                problems.append(f"the arrow at {cell_name(cell)} is not at the end of an arm of its L")
            elif shape.end_way(cell) != value:
                problems.append(f"the arrow at {cell_name(cell)} does not point along its arm to the corner")
        return problems



PUZZLE = Sashigane()
