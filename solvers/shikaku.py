"""Shikaku (Tatham's Rectangles): text forms, rules, decoding, verification.

Rules: divide the grid into rectangles so that each holds exactly one number, and that
number is its area.

Structure (`params`): the board and which cells hold a number. Clues: each numbered cell's
number (its rectangle's area). A numbered cell without its clue is a number not shown
(`?`, as puzz.link has it): it still marks a rectangle, of any area. So stripping a clue
asks "could this number be hidden?", and a number can never be taken off the board: a
rectangle without a number breaks the rules.

CNF: for each number, one variable per candidate rectangle that contains it and no other
number (any area, so that a hidden number still has its candidates); exactly one per
number, every cell covered exactly once: by exactly one number, through a literal per
number and cell that its rectangle covers the cell (a cell's at-most-one then spans the
few numbers that reach it, not the hundreds of rectangles that do: a generated 30x30
board checks in 3 s on these rules, 26 s with an at-most-one over the rectangles). Each
number has one literal per area its candidates take, true exactly when its rectangle has
that area (at most one true); a clue is that literal, so no clue draws a variable.
`given_rules` leaves out, for a one-shot question, the rectangles whose area no given
number allows. A solution is a grid of labels: each cell the index (1, 2, ... in reading
order) of the number whose rectangle covers it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
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
    number,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import read_grid
from ..lab.toolkit.cellgrid import BoardCells, CellRow, GridJson, GridText, grid_instance, tatham_grid_size
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec, TathamCodec
from ..lab.toolkit.numbering import NumberClues, cell_name
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, wall_items, walled_rooms
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import GameId, tatham_encode, tatham_number_cells
from ..lab.toolkit.textgrid import JsonObject, Token

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]  # each cell: the label (1-based reading-order index) of its rectangle's number
Rect = tuple[int, int, int, int]  # top row, left column, bottom row, right column (inclusive)
# Size limit: Tatham's largest preset is 19x19. A generated 30x30 board (about 150 numbers)
# builds its rules and checks unique in well under a second; the cap on placements below
# refuses the boards whose few numbers leave room for millions of rectangles.
SIZE = BoardLimit(30, 30, 1, 1)
EARLY = SIZE.early("shikaku")  # the readers' size check, before any cell is read
MOST_PLACED_CELLS = 3_000_000  # the cells of all candidate rectangles together (the CNF's size)
BLANKS = {".", "-", "_"}
HIDDEN = "?"  # a number not shown
ENUMERATE_MOST = 20  # cells `candidates` enumerates partitions of


@dataclass(frozen=True)
class ShikakuParams(BoardCells):
    """A width x height board and the cells that hold a number (shown or not)."""

    width: int
    height: int
    numbered: frozenset[Cell] = frozenset()

    def __post_init__(self) -> None:
        SIZE.check("shikaku", self.width, self.height)
        outside = sorted(cell for cell in self.numbered if not self.inside(*cell))
        if outside:
            raise PuzzleError(f"a number at {outside[0]} is outside the {self.width}x{self.height} board")

    @property
    def numbers(self) -> tuple[Cell, ...]:
        """The numbered cells in reading order: number i labels its rectangle i + 1."""
        return tuple(sorted(self.numbered))


def contains(rect: Rect, cell: Cell) -> bool:
    return rect[0] <= cell[0] <= rect[2] and rect[1] <= cell[1] <= rect[3]


def area(rect: Rect) -> int:
    return (rect[2] - rect[0] + 1) * (rect[3] - rect[1] + 1)


def rect_cells(rect: Rect) -> Iterator[Cell]:
    return ((r, c) for r in range(rect[0], rect[2] + 1) for c in range(rect[1], rect[3] + 1))


def placements(params: ShikakuParams, allowed: Mapping[Cell, int] | None = None) -> list[list[Rect]]:
    """Per number (reading order), every rectangle that contains it and no other number;
    with `allowed`, only those of the area it gives a number (the others keep every area).
    A rectangle that takes in another number stays that way as it grows, so each loop
    stops at the first such."""
    w, h = params.width, params.height
    count = [[0] * (w + 1) for _ in range(h + 1)]  # numbers above and left of (r, c)
    for r in range(h):
        for c in range(w):
            count[r + 1][c + 1] = count[r][c + 1] + count[r + 1][c] - count[r][c] + ((r, c) in params.numbered)

    def inside(r0: int, c0: int, r1: int, c1: int) -> int:
        return count[r1 + 1][c1 + 1] - count[r0][c1 + 1] - count[r1 + 1][c0] + count[r0][c0]

    out: list[list[Rect]] = []
    placed = 0
    for r, c in params.numbers:
        want = allowed.get((r, c)) if allowed else None
        mine: list[Rect] = []
        for r0 in range(r, -1, -1):
            if inside(r0, c, r, c) > 1:
                break
            for r1 in range(r, h):
                if inside(r0, c, r1, c) > 1:
                    break
                for c0 in range(c, -1, -1):
                    if inside(r0, c0, r1, c) > 1:
                        break
                    for c1 in range(c, w):
                        if inside(r0, c0, r1, c1) > 1:
                            break
                        size = (r1 - r0 + 1) * (c1 - c0 + 1)
                        if want is None or size == want:
                            mine.append((r0, c0, r1, c1))
                            placed += size
        if placed > MOST_PLACED_CELLS:
            raise PuzzleError(f"the numbers leave room for too many rectangles (over {MOST_PLACED_CELLS:,} cells of "
                              f"them): a board with so few numbers is not taken")
        out.append(mine)
    return out


@dataclass
class Layout:
    """The variables of the rules: each candidate rectangle (`rects[k]` of number
    `owner[k]`, variable first + k), each number's area literals and its false literal
    (the clue of an area no candidate has)."""

    numbers: tuple[Cell, ...]
    first: int
    rects: list[Rect]
    owner: list[int]
    areas: list[dict[int, int]]
    never: list[int]
    index: dict[Cell, int] = field(default_factory=dict)


def labels(params: ShikakuParams, rects: Iterable[tuple[int, Rect]]) -> Grid:
    """The label grid of (number index, rectangle) pairs; 0 where none covers a cell."""
    grid = [[0] * params.width for _ in range(params.height)]
    for j, rect in rects:
        for r, c in rect_cells(rect):
            grid[r][c] = j + 1
    return tuple(tuple(row) for row in grid)


def regions(solution: Sequence[Sequence[int]]) -> dict[int, list[Cell]]:
    """The cells of each label, in reading order."""
    out: dict[int, list[Cell]] = {}
    for r, row in enumerate(solution):
        for c, label in enumerate(row):
            out.setdefault(label, []).append((r, c))
    return out


def bounds(cells: Sequence[Cell]) -> Rect:
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows), min(cols), max(rows), max(cols)


class Shikaku(NumberClues, CluePuzzle[ShikakuParams, Cell, Grid]):
    name = "shikaku"
    aliases = ("rect", "rectangles")
    title = "Shikaku (Rectangles)"
    rules_text = "Divide the grid into rectangles, each holding exactly one number, which is its area."
    tatham_game = "rect"
    codecs = (GridText(spaced=True, limit=EARLY), PuzzLinkCodec(genres=("shikaku",)), TathamCodec(),
              GridJson(limit=EARLY), Pzprv3Codec(genres=("shikaku",)))
    size = SIZE
    example = ". . . .\n. 6 . 3\n. 3 . .\n. 4 . ."
    # cacheable: a clue is an area literal made in `rules`: nothing is drawn from the pool later
    speed = Speed(rules_cacheable=True)

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None = None) -> Instance:
        """Rows of cells, each a Token whose text is a number, `?` (a number not shown) or a
        blank ('.', or '' for the forms that say blank in their own way)."""
        inst = grid_instance(self.name, rows, ShikakuParams,
                             lambda t, params: self._number(t, params.width * params.height), line)
        numbered = frozenset(inst.clues) | {(r, c) for r, row in enumerate(rows) for c, t in enumerate(row)
                                            if t.text == HIDDEN}
        return Instance(self.name, ShikakuParams(inst.params.width, inst.params.height, numbered), inst.clues)

    @staticmethod
    def _number(t: Token, most: int) -> int | None:
        if t.text in BLANKS or t.text in ("", HIDDEN):
            return None
        if not (t.text.isascii() and t.text.isdecimal()):
            raise PuzzleError(f"bad cell {quote(t.text)} (a number, '?' for a number not shown, or '.' for blank)",
                              t.line, t.column)
        value = int(t.text)
        if not 1 <= value <= most:
            raise PuzzleError(f"number {number(value)} out of range 1..{most} (the board's area)", t.line, t.column)
        return value

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of whitespace-separated numbers, '?' a number not shown, '.' a blank cell."""
        return self._instance(rows, rows[0].line)

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH[eF][a]:description` (rect.c; `e` and `a` only steer his generator): a letter
        a..z is a run of 1..26 blank cells, a number (1..9 then digits) one numbered cell,
        and '_' stands between two numbers."""
        width, height = tatham_grid_size(self, game, r"(?:e[0-9.]*)?a?", "7x7", EARLY)
        with at_place(game.line, game.column):
            ShikakuParams(width, height)
        area = width * height
        cells = tatham_number_cells(game, area)
        return self._instance([cells[r * width:(r + 1) * width] for r in range(height)], game.line)

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        if p.width * p.height < 2:
            raise PuzzleError("Tatham's Rectangles takes boards of at least 2 cells")
        if any(cell not in inst.clues for cell in p.numbered):
            raise PuzzleError("Tatham's Rectangles shows every number: a number not shown ('?') has no place there")
        numbers = self.numbers(inst)
        return f"{p.width}x{p.height}:" + tatham_encode((v or 0 for row in numbers for v in row), 0)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's `shikaku`: the numbers in `numbers16`, `.` (pzprjs's `?`) a number not shown."""
        refuse_flags(link)
        with at_place(1, size_column(link)):
            ShikakuParams(link.cols, link.rows)
        cursor = Cursor(link.body, link.column)
        flat = cursor.read_numbers16(link.cols * link.rows)
        cursor.end()
        cells = []
        for i, v in enumerate(flat):
            text = "" if v is None else HIDDEN if v == UNKNOWN else str(v)
            if v is not None and v != UNKNOWN and not 1 <= v <= link.cols * link.rows:
                raise PuzzleError(f"puzz.link body: r{i // link.cols + 1}c{i % link.cols + 1} holds the number {v}, "
                                  f"out of range 1..{link.cols * link.rows}", 1, cursor.places[i])
            cells.append(Token(text, 1, cursor.places[i] if i < len(cursor.places) else link.column))
        return self._instance([cells[r * link.cols:(r + 1) * link.cols] for r in range(link.rows)], 1)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        values = [UNKNOWN if v == HIDDEN else v for row in self.numbers(inst) for v in row]
        return PuzzLink("shikaku", p.width, p.height, write_numbers16(values))  # type: ignore[arg-type]

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """The numbers (`-` a number not shown), then the walls drawn between cells; a room
        the walls close off is labelled by the number it holds, one holding none or several
        by a label past the numbers' (which `verify` refuses)."""
        rows = pzl.tokens()
        inst = self._instance([[Token(HIDDEN, t.line, t.column) if t.text == "-" else t for t in row] for row in rows],
                              3)
        rooms = walled_rooms(*pzl.borders())
        index = {cell: i + 1 for i, cell in enumerate(inst.params.numbers)}
        held: dict[int, list[int]] = {}
        for r, row in enumerate(rooms):
            for c, room in enumerate(row):
                held.setdefault(room, []).extend([index[(r, c)]] if (r, c) in index else [])
        label = {room: numbers[0] if len(numbers) == 1 else len(index) + 1 + room for room, numbers in held.items()}
        return inst, tuple(tuple(label[room] for room in row) for row in rooms)

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        p = inst.params
        right, below = wall_items(solution or [[0] * p.width for _ in range(p.height)])
        return (Pzprv3Writer("shikaku", p.height, p.width)
                .items([["." if v is None else "-" if v == HIDDEN else v for v in row] for row in self.numbers(inst)])
                .borders(right, below))

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of numbers, "?" a number not shown, null a blank."""
        rows = []
        for r, row in enumerate(grid):
            for v in row:
                if not (v is None or v == HIDDEN or (isinstance(v, int) and not isinstance(v, bool))):
                    raise doc.error("grid", f"row {r + 1} holds {quote(v)}: cells are numbers, \"?\" or null")
            rows.append([Token("" if v is None else str(v), None, None) for v in row])
        return self._instance(rows)

    def numbers(self, inst: Instance) -> list[list[int | str | None]]:
        """The board: a number, HIDDEN, or None per cell."""
        p = inst.params
        return [[inst.clues.get((r, c), HIDDEN if (r, c) in p.numbered else None) for c in range(p.width)]
                for r in range(p.height)]

    def json_grid(self, inst: Instance) -> list[list[int | str | None]]:
        return self.numbers(inst)

    def cells(self, inst: Instance, solution: Grid | None = None) -> list[list[str]]:
        """The board's cell texts, or with a solution each cell's rectangle label."""
        if solution is not None:
            return [[str(v) for v in row] for row in solution]
        return [["." if v is None else str(v) for v in row] for row in self.numbers(inst)]

    def cell_width(self, inst: Instance) -> int:
        return max((len(t) for row in self.cells(inst) for t in row), default=1)

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        width = max(len(str(len(inst.params.numbered))), 1)
        return "\n".join(" ".join(str(v).rjust(width) for v in row) for row in solution)

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, cells separated by spaces: a number is a numbered cell (the area of its "
                    "rectangle), `?` a numbered cell whose number is not shown, `.` a cell without a number")
    answer_format = ("the division into rectangles: one row per line, cells separated by single spaces, each cell the "
                     "label of its rectangle; label the rectangles 1, 2, 3, ... in the order their numbers are met "
                     "reading the board row by row, left to right")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(" ".join(str(v) for v in row) for row in solution)

    def read_answer(self, inst: Instance, text: str) -> Grid:
        """A grid of labels; any labels will do where each region holds one number: they are
        renamed by the number each holds."""
        p = inst.params

        def label(token: str) -> int:
            if not re.fullmatch(r"\d{1,9}", token):
                raise ValueError("not a label")
            return int(token)

        grid = read_grid(text, p.height, p.width, label, "label")
        index = {cell: i + 1 for i, cell in enumerate(p.numbers)}
        rename = {}
        for old, cells in regions(grid).items():
            held = [index[cell] for cell in cells if cell in index]
            if len(held) == 1:
                rename[old] = held[0]
        if len(set(rename.values())) != len(rename):
            rename = {}
        return tuple(tuple(rename.get(v, v) for v in row) for row in grid)

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's rotations and reflections that keep its shape."""
        return least_text(self.cells(inst), sep=" ")

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        from ..lab.face.share import box_grid

        return box_grid([["" if v is None else str(v) for v in row] for row in self.numbers(inst)])

    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As printed: thin grid lines and the numbers; with the solution, thick lines
        around each rectangle."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for r, row in enumerate(self.numbers(inst)):
            for c, v in enumerate(row):
                if v is not None:
                    board.text(r, c, str(v), 0.55 if len(str(v)) < 3 else 0.4)
        board.grid([list(row) for row in solution] if solution is not None else None)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: ShikakuParams, pool: IDPool) -> Rules:
        return self._rules(params, pool, placements(params))

    def given_rules(self, inst: Instance, pool: IDPool) -> Rules:
        """Only the rectangles whose area the numbers shown allow."""
        return self._rules(inst.params, pool, placements(inst.params, inst.clues))

    def _rules(self, params: ShikakuParams, pool: IDPool, candidates: list[list[Rect]]) -> Rules:
        numbers = params.numbers
        rects = [rect for mine in candidates for rect in mine]
        owner = [j for j, mine in enumerate(candidates) for _ in mine]
        first = variable_block(pool, len(rects))  # `decode` reads this layout
        covering: dict[Cell, dict[int, list[int]]] = {cell: {} for cell in params.cells()}
        by_number: list[dict[int, list[int]]] = [{} for _ in numbers]
        for k, rect in enumerate(rects):
            var = first + k
            for cell in rect_cells(rect):
                covering[cell].setdefault(owner[k], []).append(var)
            by_number[owner[k]].setdefault(area(rect), []).append(var)
        clauses: list[Clause] = []
        at_most_one: list[list[int]] = []
        areas: list[dict[int, int]] = []
        for sizes in by_number:
            mine = {size: pool.id() for size in sorted(sizes)}
            areas.append(mine)
            placed = [v for size in sorted(sizes) for v in sizes[size]]
            clauses.append(placed)  # each number has a rectangle
            at_most_one.append(placed)
            for size, lit in mine.items():
                clauses.append([-lit] + sizes[size])
                clauses += [[-v, lit] for v in sizes[size]]
            if len(mine) > 1:
                at_most_one.append(list(mine.values()))
        never = [pool.id() for _ in numbers]
        clauses += [[-lit] for lit in never]
        for by_owner in covering.values():
            owns = []  # per number reaching the cell: "its rectangle covers the cell"
            for vars_ in by_owner.values():
                if len(vars_) == 1:
                    owns.append(vars_[0])
                    continue
                own = pool.id()
                owns.append(own)
                clauses.append([-own] + vars_)
                clauses += [[-v, own] for v in vars_]
            clauses.append(owns)  # every cell is covered (an empty clause where nothing can)
            if len(owns) > 1:
                at_most_one.append(owns)
        layout = Layout(numbers, first, rects, owner, areas, never, {cell: j for j, cell in enumerate(numbers)})
        return Rules(clauses, [first + k for k in range(len(rects))], layout, at_most_one=at_most_one)

    def clue_clauses(self, params: ShikakuParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        layout: Layout = rules.data
        j = layout.index.get(key)
        if j is None or not isinstance(value, int) or not 1 <= value <= params.width * params.height:
            raise PuzzleError(f"clue {key}={value} is not a number in a numbered cell of the "
                              f"{params.width}x{params.height} board")
        return [[layout.areas[j].get(value, layout.never[j])]]

    def decode(self, params: ShikakuParams, rules: Rules, true_vars: AbstractSet[int]) -> Grid:
        """Each cell's label; 0 where no chosen rectangle covers it (a partial assignment)."""
        layout: Layout = rules.data
        end = len(layout.rects)
        chosen = sorted(v - layout.first for v in true_vars if 0 <= v - layout.first < end)
        return labels(params, ((layout.owner[k], layout.rects[k]) for k in chosen))

    def solution_literals(self, params: ShikakuParams, rules: Rules, solution: Grid) -> list[int]:
        layout: Layout = rules.data
        mine = {label - 1: bounds(cells) for label, cells in regions(solution).items() if label > 0}
        return [layout.first + k if mine.get(j) == rect else -(layout.first + k)
                for k, (j, rect) in enumerate(zip(layout.owner, layout.rects))]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Each number's rectangle as four bounds (top, left, bottom, right) around it, its
        area their product where the number is shown; a cell belongs to a number exactly
        when it lies within all four, and to exactly one number. The bounds decide
        everything, so CP-SAT enumerates each division once."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        numbers = p.numbers
        edges = []
        owns: dict[Cell, list[Any]] = {cell: [] for cell in p.cells()}
        for j, (r, c) in enumerate(numbers):
            top, left = model.new_int_var(0, r, f"t{j}"), model.new_int_var(0, c, f"l{j}")
            bottom, right = model.new_int_var(r, p.height - 1, f"b{j}"), model.new_int_var(c, p.width - 1, f"r{j}")
            edges.append((top, left, bottom, right))
            value = inst.clues.get((r, c))
            if value is not None:
                tall, wide = model.new_int_var(1, p.height, ""), model.new_int_var(1, p.width, "")
                model.add(tall == bottom - top + 1)
                model.add(wide == right - left + 1)
                model.add_multiplication_equality(value, [tall, wide])
            rows = [self._within(model, top, bottom, x) for x in range(p.height)]
            cols = [self._within(model, left, right, y) for y in range(p.width)]
            for cell in p.cells():
                reach = value is None or (abs(cell[0] - r) + 1) * (abs(cell[1] - c) + 1) <= value
                if not reach:
                    model.add_bool_or([rows[cell[0]].Not(), cols[cell[1]].Not()])
                    continue
                x = model.new_bool_var("")
                model.add_bool_and([rows[cell[0]], cols[cell[1]]]).only_enforce_if(x)
                model.add_bool_or([rows[cell[0]].Not(), cols[cell[1]].Not(), x])
                owns[cell].append(x)
        for xs in owns.values():
            if xs:
                model.add_exactly_one(xs)
            else:
                model.add_bool_or([])  # a cell no number reaches
        variables = [v for four in edges for v in four]

        def decode(value) -> Grid:
            return labels(p, ((j, (int(value(t)), int(value(lft)), int(value(b)), int(value(rt))))
                              for j, (t, lft, b, rt) in enumerate(edges)))

        return CpModel(model, variables, decode)

    @staticmethod
    def _within(model: Any, low: Any, high: Any, x: int) -> Any:
        """A literal true exactly when low <= x <= high."""
        above, below = model.new_bool_var(""), model.new_bool_var("")
        model.add(low <= x).only_enforce_if(above)
        model.add(low > x).only_enforce_if(above.Not())
        model.add(high >= x).only_enforce_if(below)
        model.add(high < x).only_enforce_if(below.Not())
        both = model.new_bool_var("")
        model.add_bool_and([above, below]).only_enforce_if(both)
        model.add_bool_or([above.Not(), below.Not(), both])
        return both

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: ShikakuParams) -> Iterable[Grid]:
        """Every division of the board into rectangles that each hold one numbered cell:
        the first uncovered cell in reading order is the top left corner of a new rectangle
        of any size over uncovered cells."""
        if params.width * params.height > ENUMERATE_MOST:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        index = {cell: j + 1 for j, cell in enumerate(params.numbers)}
        grid = [[0] * params.width for _ in range(params.height)]
        order = params.cells()

        def place(k: int) -> Iterator[Grid]:
            while k < len(order) and grid[order[k][0]][order[k][1]]:
                k += 1
            if k == len(order):
                yield tuple(tuple(row) for row in grid)
                return
            r0, c0 = order[k]
            for r1 in range(r0, params.height):
                for c1 in range(c0, params.width):
                    rect = (r0, c0, r1, c1)
                    cells = list(rect_cells(rect))
                    if any(grid[r][c] for r, c in cells):
                        break
                    held = [index[cell] for cell in cells if cell in index]
                    if len(held) != 1:
                        continue
                    for r, c in cells:
                        grid[r][c] = held[0]
                    yield from place(k + 1)
                    for r, c in cells:
                        grid[r][c] = 0

        return place(0)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        numbers = p.numbers
        problems = [f"{cell_name((r, c))} holds {v}: labels run 1..{len(numbers)}" for r, row in enumerate(solution)
                    for c, v in enumerate(row) if not (isinstance(v, int) and 1 <= v <= len(numbers))]
        if problems:
            return problems
        parts = regions(solution)
        for j, cell in enumerate(numbers):
            label = solution[cell[0]][cell[1]]
            if label != j + 1:
                problems.append(f"the numbers at {cell_name(numbers[label - 1])} and {cell_name(cell)} share a "
                                f"rectangle")
        for label in sorted(parts):
            cells = parts[label]
            cell = numbers[label - 1]
            top, left, bottom, right = bounds(cells)
            if len(cells) != (bottom - top + 1) * (right - left + 1):
                problems.append(f"the region of the number at {cell_name(cell)} is not a rectangle")
                continue
            value = inst.clues.get(cell)
            if value is not None and len(cells) != value:
                problems.append(f"the rectangle of the number at {cell_name(cell)} has {len(cells)} cells, "
                                f"its number says {value}")
        for j, cell in enumerate(numbers):
            if j + 1 not in parts:
                problems.append(f"the number at {cell_name(cell)} has no rectangle")
        return problems


PUZZLE = Shikaku()
