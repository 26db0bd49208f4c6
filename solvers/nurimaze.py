"""Nurimaze: text forms, rules, decoding, verification.

Rules (pzprjs's nurimaze.js, its `AnsCheck` list): the grid is divided into rooms (the
structure, part of `params`, with the start S and the goal G); shade cells so that
(1) every room is all shaded or all unshaded (`bkMixed`),
(2) S, G and every circle and triangle are unshaded (`objShaded`),
(3) the unshaded cells are orthogonally connected (`cuDivide`),
(4) no 2x2 block is all shaded (`cs2x2`) or all unshaded (`cu2x2`),
(5) the unshaded cells form no loop (`cuLoop`): a tree, a maze with one way between two cells,
(6) the way from S to G passes every circle (`routeIgnoreCP`) and no triangle (`routePassDeadEnd`).
A clue is a mark, `o` (circle) or `t` (triangle), keyed by its cell; S and G are the structure.

One shade variable per cell, all primary. A room is one colour by equalities between its
neighbouring cells. The way from S to G is drawn with a variable per pair of neighbours (the
pair is on the way) and one per cell (the cell is on it): S and G have one pair of the way,
every other cell on it two and a cell off it none. In a tree that set is exactly the path from
S to G (a further cycle of pairs would be a loop of unshaded cells), so the shading decides
the way and a circle is one literal, "on the way"; a triangle is one more, "unshaded and off
the way", defined both ways. Connectivity and the loop rule are lazy (`cuts`): a region of
unshaded cells away from S is cut off by its shaded border, and a group of shaded cells
(touching at corners too) that does not reach the board's edge is ringed by unshaded cells,
which with rule (4) is the same as a loop (a loop of unshaded cells with no 2x2 block inside
encloses a shaded cell, and the cells round a walled-in group hold a loop). `dead_end` gives
both to the grade's probing. The CP-SAT model states the tree by parents and depths from S and
counts its pairs (a connected graph is a tree when it has one pair fewer than cells).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, product
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
from ..lab.toolkit.answers import SHADING_FORMAT, read_shading, shading_text
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.connectivity import neighbours, white_components
from ..lab.toolkit.puzzlink import Cursor, PuzzLink, refuse_flags, size_column, write_borders
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, shaded, shading_items
from ..lab.toolkit.regions import (
    Places,
    RoomBoard,
    cell_name,
    json_region_names,
    region_board,
    region_rows,
    region_text_rows,
    renumbered,
    rooms_from_walls,
    walls_between,
)
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.textgrid import (
    JsonObject,
    Token,
    line_chars,
    line_tokens,
    numbered_lines,
    refuse_oversized,
)

Cell = tuple[int, int]
Shading = tuple[tuple[bool, ...], ...]  # True = shaded
# Size limit: puzz.link's boards are 10x10 to 20x20; a drawn 30x30 checks in about a second.
SIZE = BoardLimit(30, 30, 1, 1)
EARLY = SIZE.early("nurimaze")  # the readers' size check, on the rows of rooms alone
PUZZLINK_GENRES = ("nurimaze",)
MARKS_LINE = re.compile(r"^\s*marks\s*$", re.I)
CIRCLE, TRIANGLE = "o", "t"
MARK_NAMES = {CIRCLE: "circle", TRIANGLE: "triangle"}
# a cell of the text form's marks: S start, G goal, o circle, t triangle (^ too), . nothing
MARK_CHARS = {"S": "S", "s": "S", "G": "G", "g": "G", "o": CIRCLE, "O": CIRCLE, "t": TRIANGLE, "T": TRIANGLE,
              "^": TRIANGLE, ".": None}


@dataclass(frozen=True)
class NurimazeParams(RoomBoard):
    """A width x height board, its rooms (a room number per cell, numbered in order of first
    appearance row by row, each room connected), the start and the goal (two cells). Build one
    with `maze_board`, which checks the rooms."""

    width: int
    height: int
    rooms: tuple[tuple[int, ...], ...]
    start: Cell
    goal: Cell

    def __post_init__(self) -> None:
        SIZE.check("nurimaze", self.width, self.height)
        if len(self.rooms) != self.height or any(len(row) != self.width for row in self.rooms):
            raise PuzzleError(f"nurimaze rooms are not {self.height} rows of {self.width}")
        for what, cell in (("start", self.start), ("goal", self.goal)):
            if not self.inside(*cell):
                raise PuzzleError(f"the {what} {quote(cell)} is off the {self.width}x{self.height} board")
        if self.start == self.goal:
            raise PuzzleError(f"the start and the goal are both {cell_name(self.start)}: they are two cells")

    @cached_property
    def pairs(self) -> tuple[tuple[Cell, Cell], ...]:
        """Every two neighbouring cells (b right of or below a), in reading order."""
        return tuple(((r, c), nb) for r, c in self.cells() for nb in ((r, c + 1), (r + 1, c)) if self.inside(*nb))

    @cached_property
    def blocks(self) -> tuple[tuple[Cell, Cell, Cell, Cell], ...]:
        return tuple(((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
                     for r in range(self.height - 1) for c in range(self.width - 1))


def maze_board(rows: Sequence[Sequence[Any]], start: Cell, goal: Cell, where: Places | None = None) -> NurimazeParams:
    """Params from rows of room names, after the size check and the check that every room is
    one connected set of cells (`where` gives each cell's line and column for the error)."""
    return region_board(lambda width, height, rooms: NurimazeParams(width, height, rooms, start, goal),
                        SIZE, "nurimaze", rows, where, noun="room")


def read_mark_cells(tokens: Sequence[Sequence[Token]], width: int, height: int, shown: Callable[[Token], str]
                    ) -> tuple[Cell | None, Cell | None, dict[Cell, str]]:
    """S, G and the marks of a grid of tokens (`shown(t)`: the token as a mark character),
    each refused where it stands when it is no mark or a second S or G."""
    if len(tokens) != height:
        raise PuzzleError(f"{len(tokens)} rows of marks for {height} rows of rooms",
                          tokens[0][0].line if tokens and tokens[0] else None)
    start: Cell | None = None
    goal: Cell | None = None
    marks: dict[Cell, str] = {}
    for r, row in enumerate(tokens):
        if len(row) != width:
            raise PuzzleError(f"a row of marks has {len(row)} cells, expected {width}", row[0].line if row else None)
        for c, t in enumerate(row):
            ch = shown(t)
            if ch not in MARK_CHARS:
                raise PuzzleError(f"bad mark {quote(t.text)} (S start, G goal, o circle, t triangle, . none)",
                                  t.line, t.column)
            mark = MARK_CHARS[ch]
            if mark == "S":
                if start is not None:
                    raise PuzzleError(f"a second start S (the first at {cell_name(start)})", t.line, t.column)
                start = (r, c)
            elif mark == "G":
                if goal is not None:
                    raise PuzzleError(f"a second goal G (the first at {cell_name(goal)})", t.line, t.column)
                goal = (r, c)
            elif mark is not None:
                marks[(r, c)] = mark
    return start, goal, marks


def mark_rows(inst: Instance) -> list[str]:
    """The marks as the text form's rows: S, G, o, t, `.`."""
    p: NurimazeParams = inst.params
    out = []
    for r in range(p.height):
        row = []
        for c in range(p.width):
            row.append("S" if (r, c) == p.start else "G" if (r, c) == p.goal else inst.clues.get((r, c), "."))
        out.append("".join(row))
    return out


def read_marks_body(cursor: Cursor, cells: int) -> list[str | None]:
    """pzprjs's `decodeCell_nurimaze`: per cell `1` S, `2` G, `3` a circle, `4` a triangle
    (`0` nothing), a digit 5..z the empty cells after it, k - 4 in all with the cell itself
    (`5` one, `z` 31); a run past the board's end is cut."""
    out: list[str | None] = [None] * cells
    c = 0
    while c < cells and cursor.rest:
        ch = cursor.body[cursor.at]
        if ch in "1234":
            out[c] = ("S", "G", CIRCLE, TRIANGLE)[int(ch) - 1]
        elif ch != "0":
            if not re.fullmatch(r"[5-9a-z]", ch):
                raise cursor.refuse(f"{quote(ch)} is no nurimaze cell (1 S, 2 G, 3 circle, 4 triangle, 5..z a run)")
            c += int(ch, 36) - 5
        c += 1
        cursor.at += 1
    return out


def write_marks_body(tokens: Sequence[str | None]) -> str:
    """pzprjs's `encodeCell_nurimaze`: `read_marks_body` the other way, runs of up to 31 empty
    cells as one digit (4 + the run)."""
    codes = {"S": "1", "G": "2", CIRCLE: "3", TRIANGLE: "4"}
    out, count = [], 0
    for tok in tokens:
        code = codes.get(tok) if tok is not None else None
        if code is None:
            count += 1
        if count and (code is not None or count == 31):
            out.append("0123456789abcdefghijklmnopqrstuvwxyz"[4 + count])
            count = 0
        if code is not None:
            out.append(code)
    if count:
        out.append("0123456789abcdefghijklmnopqrstuvwxyz"[4 + count])
    return "".join(out)


@dataclass
class NurimazeVars:
    shade: list[list[int]]  # shade[r][c]: the cell is shaded
    on: list[list[int]]  # on[r][c]: the cell is on the way from S to G
    dead: list[list[int]]  # dead[r][c]: the cell is unshaded and off the way (a triangle's literal)
    pair: dict[tuple[Cell, Cell], int]  # the way goes from one cell of the pair to the other


def route(p: NurimazeParams, solution: Sequence[Sequence[bool]]) -> list[Cell] | None:
    """The unshaded cells on a shortest way from S to G (breadth first), or None when the two
    are not joined; in a tree of unshaded cells it is the only way."""
    came: dict[Cell, Cell | None] = {p.start: None}
    todo = [p.start]
    for cell in todo:
        for nb in neighbours(p.height, p.width, *cell):
            if nb not in came and not solution[nb[0]][nb[1]]:
                came[nb] = cell
                todo.append(nb)
    if p.goal not in came or solution[p.start[0]][p.start[1]]:
        return None
    out: list[Cell] = []
    at: Cell | None = p.goal
    while at is not None:
        out.append(at)
        at = came[at]
    return out[::-1]


def loop_cell(p: NurimazeParams, unshaded: Callable[[Cell], bool]) -> Cell | None:
    """A cell where two unshaded neighbours already joined meet (a loop closes), or None."""
    root = {cell: cell for cell in p.cells()}

    def find(x: Cell) -> Cell:
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    for a, b in p.pairs:
        if unshaded(a) and unshaded(b):
            ra, rb = find(a), find(b)
            if ra == rb:
                return b
            root[ra] = rb
    return None


def walled_in(p: NurimazeParams, open_: Callable[[Cell], bool]) -> list[list[Cell]]:
    """The groups of open cells (touching at corners too) that reach no edge of the board."""
    seen: set[Cell] = set()
    out = []
    for cell in p.cells():
        if cell in seen or not open_(cell):
            continue
        group, todo, edge = [], [cell], False
        seen.add(cell)
        while todo:
            r, c = todo.pop()
            group.append((r, c))
            edge = edge or r in (0, p.height - 1) or c in (0, p.width - 1)
            for dr, dc in product((-1, 0, 1), repeat=2):
                nb = (r + dr, c + dc)
                if p.inside(*nb) and nb not in seen and open_(nb):
                    seen.add(nb)
                    todo.append(nb)
        if not edge:
            out.append(group)
    return out


def ring(p: NurimazeParams, group: Sequence[Cell]) -> list[Cell]:
    """The cells touching `group` (at corners too) outside it."""
    inside = set(group)
    return sorted({(r + dr, c + dc) for r, c in group for dr, dc in product((-1, 0, 1), repeat=2)
                   if p.inside(r + dr, c + dc) and (r + dr, c + dc) not in inside})


class Nurimaze(CluePuzzle[NurimazeParams, Cell, Shading]):
    name = "nurimaze"
    aliases = ("Nurimaze",)
    title = "Nurimaze"
    rules_text = ("Shade whole rooms so that the unshaded cells form one maze without loops and without a 2x2 block "
                  "of either colour, S, G and the marks stay unshaded, and the way from S to G passes every circle "
                  "and no triangle.")
    codecs = (MethodCodec("text", solutions=True),
              PuzzLinkCodec(genres=PUZZLINK_GENRES),
              JsonCodec(solution_key="shaded"),
              Pzprv3Codec(genres=PUZZLINK_GENRES))
    cell_names = {True: "shaded", False: "unshaded"}
    # cacheable: a mark is one literal made with the rules
    speed = Speed(rules_cacheable=True)
    size = SIZE
    example = "ABCD\nABED\nABFD\nGGHD\nmarks\n.oG.\n....\n..S.\n.t.."

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """Rows of room names, a line `marks`, then as many rows of marks: S the start, G the
        goal, o a circle, t a triangle, `.` none. Room names are one character each (letters,
        digits), or, when a row has spaces, words separated by spaces."""
        lines = numbered_lines(text)
        split = next((i for i, (_, line) in enumerate(lines) if MARKS_LINE.match(line)), None)
        if split is None:
            raise PuzzleError("no line 'marks' after the rows of rooms (then a row of marks per row: "
                              "S start, G goal, o circle, t triangle, . none)", lines[-1][0] if lines else None)
        room_lines, marks_lines = lines[:split], lines[split + 1:]
        if not room_lines:
            raise PuzzleError("no rows of rooms before 'marks'", lines[split][0])
        names, places = region_text_rows(room_lines, EARLY, noun="room")
        height, width = len(names), len(names[0])
        marks_spaced = any(len(line.split()) > 1 for _, line in marks_lines)
        refuse_oversized(marks_lines, EARLY, cells=not marks_spaced)
        if len(marks_lines) != height:
            raise PuzzleError(f"{len(marks_lines)} rows of marks for {height} rows of rooms",
                              marks_lines[0][0] if marks_lines else lines[split][0])
        tokens = [line_tokens(line, n) if marks_spaced else line_chars(line, n) for n, line in marks_lines]
        start, goal, marks = read_mark_cells(tokens, width, height, lambda t: t.text)
        if start is None or goal is None:
            raise PuzzleError(f"the marks have no {'start S' if start is None else 'goal G'}", lines[split][0])
        params = maze_board(names, start, goal, places)
        return Instance(self.name, params, marks)

    def write_text(self, inst: Instance) -> str:
        p: NurimazeParams = inst.params
        return "\n".join(region_rows(p.rooms, p.count) + ["marks"] + mark_rows(inst))

    def write_text_solution(self, inst: Instance, solution: Shading) -> str:
        return shading_text(solution)

    def solution_json(self, inst: Instance, solution: Shading) -> list[list[int]]:
        return [[int(s) for s in row] for row in solution]

    def from_json(self, text: str) -> Instance:
        """`rooms`: rows of room names (strings of one-character names, or lists of names or
        numbers); `marks`: rows of S, G, o, t and `.` (strings, or lists of one-character
        strings); `width` and `height`, when given, the grid's."""
        doc = JsonObject(text, self.name, ("width", "height", "rooms", "marks"), self.aliases)
        names = json_region_names(doc, EARLY, "rooms", "room")
        height, width = len(names), len(names[0])
        marks_rows = doc.rows("marks", EARLY)
        tokens = [[Token(str(v), None, None) for v in row] for row in marks_rows]
        if len(tokens) != height or any(len(row) != width for row in tokens):
            raise doc.error("marks", f"must be {height} rows of {width}, like the rooms")
        try:
            start, goal, marks = read_mark_cells(tokens, width, height, lambda t: t.text)
        except PuzzleError as e:
            raise doc.error("marks", e.message) from None
        if start is None or goal is None:
            raise doc.error("marks", f"has no {'start S' if start is None else 'goal G'}")
        return Instance(self.name, maze_board(names, start, goal), marks)

    def json_fields(self, inst: Instance) -> dict:
        p: NurimazeParams = inst.params
        return {"width": p.width, "height": p.height, "rooms": [list(row) for row in p.rooms],
                "marks": mark_rows(inst)}

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """pzprjs's nurimaze.js: the room borders, then the cells (`read_marks_body`). A board
        with no S or G has them where pzprjs puts them first: S top left, G bottom right."""
        refuse_flags(link)
        SIZE.check(self.name, link.cols, link.rows, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        rooms = rooms_from_walls(*cursor.read_borders(link.cols, link.rows))
        column = cursor.column + cursor.at
        cells = read_marks_body(cursor, link.cols * link.rows)
        cursor.end()
        return self._marked(rooms, link.cols, link.rows, cells, 1, column)

    def _marked(self, rooms: Sequence[Sequence[int]], width: int, height: int, cells: Sequence[str | None],
                line: int | None, column: int | None) -> Instance:
        """The board of rooms and a mark per cell (S, G, o, t or None), S and G where pzprjs
        puts them first when not given (a second refused)."""
        found = {kind: [divmod(i, width) for i, m in enumerate(cells) if m == kind] for kind in "SG"}
        for kind in "SG":
            if len(found[kind]) > 1:
                raise PuzzleError(f"{len(found[kind])} cells are the {'start' if kind == 'S' else 'goal'}: "
                                  "a board has one", line, column)
        start = found["S"][0] if found["S"] else (0, 0)
        goal = found["G"][0] if found["G"] else (height - 1, width - 1)
        marks = {divmod(i, width): m for i, m in enumerate(cells) if m in (CIRCLE, TRIANGLE)}
        for what, cell in (("start", start), ("goal", goal)):
            if cell in marks:
                raise PuzzleError(f"the {what} {cell_name(cell)} holds a {MARK_NAMES[marks[cell]]}", line, column)
        with at_place(line, column):
            return Instance(self.name, maze_board(rooms, start, goal), marks)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p: NurimazeParams = inst.params
        cells = mark_rows(inst)
        body = write_borders(*walls_between(p.rooms)) + write_marks_body(
            [None if ch == "." else ch for row in cells for ch in row])
        return PuzzLink(PUZZLINK_GENRES[0], p.width, p.height, body)

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Shading]:
        """pzprjs's nurimaze.js: the rooms (their count, a number per cell), the marks (`s`,
        `g`, `o`, `t`, `.`), the shading (`#`; `+` the player's dot); the lines the player may
        have drawn after, unread."""
        rooms = pzl.room_walls()
        cells: list[str | None] = []
        for row in pzl.tokens():
            for t in row:
                mark = {"s": "S", "g": "G", "o": CIRCLE, "t": TRIANGLE, ".": None}.get(t.text, "?")
                if mark == "?":
                    raise bad_item(t, "is no nurimaze mark (s, g, o, t or .)")
                cells.append(mark)
        inst = self._marked(rooms, pzl.cols, pzl.rows, cells, pzl.first_line + pzl.at - pzl.rows, 1)
        return inst, shaded(pzl.cells())

    def pzprv3(self, inst: Instance, solution: Shading | None) -> Pzprv3Writer:
        """As pzprjs saves it: the rooms as numbers, the marks, the shading."""
        p: NurimazeParams = inst.params
        lower = {"S": "s", "G": "g"}
        marks = mark_rows(inst)
        return (Pzprv3Writer(PUZZLINK_GENRES[0], p.height, p.width).rooms(p.rooms)
                .grid(lambda r, c: lower.get(marks[r][c], marks[r][c]))
                .items(shading_items(solution, p.height, p.width)))

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, one character a cell naming its room (cells with the same character form one "
                    "room; words separated by spaces on boards of many rooms); then a line `marks` and the same grid "
                    "of marks: S the start, G the goal, o a circle, t a triangle, . nothing")
    answer_format = SHADING_FORMAT

    def answer_text(self, inst: Instance, solution: Shading) -> str:
        return shading_text(solution)

    def read_answer(self, inst: Instance, text: str) -> Shading:
        p: NurimazeParams = inst.params
        return read_shading(text, [[None] * p.width for _ in range(p.height)])

    def canonical(self, inst: Instance) -> str:
        """The least text form of the board's rotations and reflections, S and G swapped or
        not (the way is the same both ways); rooms renumbered in order of first appearance."""
        p: NurimazeParams = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            ends = (sym.cell(*p.start), sym.cell(*p.goal))
            clues = {sym.cell(*cell): v for cell, v in inst.clues.items()}
            for start, goal in (ends, ends[::-1]):
                params = NurimazeParams(w, h, renumbered(sym.grid(p.rooms)), start, goal)
                forms.append(self.write_text(Instance(self.name, params, clues)))
        return min(forms)

    def describe_clue(self, key: Cell, value: str) -> str:
        return f"{cell_name(key)}={MARK_NAMES.get(value, value)}"

    def clue_json(self, key: Cell, value: str) -> dict:
        return {"row": key[0] + 1, "col": key[1] + 1, "mark": MARK_NAMES.get(value, value)}

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        """The rooms in box drawing, heavy lines between them, S, G, ○ and △ in their cells."""
        from ..lab.face.share import NONE, box_grid

        p: NurimazeParams = inst.params
        shown = {"S": "S", "G": "G", CIRCLE: "○", TRIANGLE: "△", ".": "·"}
        cells = [[shown[ch] for ch in row] for row in mark_rows(inst)]
        return box_grid(cells, p.rooms, inner=NONE)

    def draw(self, ax, inst: Instance, solution: Shading | None = None) -> None:
        """As puzz.link draws it: thin grid lines, heavy room borders, S and G as letters,
        circles and triangles; in the solution shaded cells grey."""
        from ..lab.toolkit.draw import Board

        p: NurimazeParams = inst.params
        board = Board(ax, p.width, p.height)
        for r, c in p.cells():
            if solution is not None and solution[r][c]:
                board.shade(r, c, "0.45")
        for (r, c), mark in inst.clues.items():
            if mark == CIRCLE:
                board.symbol(r, c, "ring", 0.6)
            else:
                board.text(r, c, "△", 0.6)
        board.text(*p.start, "S", 0.6)
        board.text(*p.goal, "G", 0.6)
        board.grid(p.rooms)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: NurimazeParams, pool: IDPool) -> Rules:
        """Rules (1), (2) for S and G, (4) and the way (module docstring); (3) and (5) lazily."""
        p = params
        w, h = p.width, p.height
        first = variable_block(pool, w * h)
        shade = [[first + r * w + c for c in range(w)] for r in range(h)]
        on = [[pool.id(("on", r, c)) for c in range(w)] for r in range(h)]
        dead = [[pool.id(("dead", r, c)) for c in range(w)] for r in range(h)]
        pair = {(a, b): pool.id(("way", a, b)) for a, b in p.pairs}
        clauses: list[Clause] = []
        for a, b in p.pairs:
            sa, sb = shade[a[0]][a[1]], shade[b[0]][b[1]]
            if p.rooms[a[0]][a[1]] == p.rooms[b[0]][b[1]]:
                clauses += [[-sa, sb], [sa, -sb]]
            e = pair[(a, b)]
            clauses += [[-e, -sa], [-e, -sb], [-e, on[a[0]][a[1]]], [-e, on[b[0]][b[1]]],
                        [-on[a[0]][a[1]], -on[b[0]][b[1]], e]]  # both on the way: the pair is (a tree)
        for block in p.blocks:
            lits = [shade[r][c] for r, c in block]
            clauses += [lits, [-v for v in lits]]
        incident: dict[Cell, list[int]] = {cell: [] for cell in p.cells()}
        for (a, b), e in pair.items():
            incident[a].append(e)
            incident[b].append(e)
        for (r, c), edges in incident.items():
            o, s = on[r][c], shade[r][c]
            clauses += [[-o, -s], [-dead[r][c], -s], [-dead[r][c], -o], [s, o, dead[r][c]]]
            clauses.append([-o] + edges)
            if (r, c) in (p.start, p.goal):
                clauses += [[-s], [o]]
                clauses += [[-x, -y] for x, y in combinations(edges, 2)]
            else:
                clauses += [[-x, -y, -z] for x, y, z in combinations(edges, 3)]
                clauses += [[-e] + [x for x in edges if x != e] for e in edges]
        data = NurimazeVars(shade, on, dead, pair)
        return Rules(clauses, [v for row in shade for v in row], data)

    def clue_clauses(self, params: NurimazeParams, rules: Rules, key: Cell, value: str) -> list[Clause]:
        if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(i, int) for i in key)
                and params.inside(*key)) or value not in MARK_NAMES:
            raise PuzzleError(f"clue {quote(key)}={quote(value)} is not a circle (o) or triangle (t) on the board")
        if key in (params.start, params.goal):
            raise PuzzleError(f"clue {cell_name(key)}: a mark on the {'start' if key == params.start else 'goal'}")
        data: NurimazeVars = rules.data
        r, c = key
        return [[data.on[r][c] if value == CIRCLE else data.dead[r][c]]]

    def decode(self, params: NurimazeParams, rules: Rules, true_vars) -> Shading:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data.shade)

    def solution_literals(self, params: NurimazeParams, rules: Rules, solution: Shading) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data.shade, solution) for v, s in zip(vrow, srow)]

    def cuts(self, params: NurimazeParams, rules: Rules, solution: Shading, true_vars) -> list[Clause]:
        """(3) Each unshaded region without S, walled off by its shaded border B: a cell of it
        unshaded needs a cell of B unshaded (S is unshaded, so it would be cut off from S).
        (5) Each group of shaded cells (corners touching) reaching no edge, ringed by unshaded
        cells R: a cell of it shaded needs a cell of R shaded (otherwise the cell's group stays
        inside R and the unshaded cells round it hold a loop). One clause per cell of the
        region or group: each holds for every solution of every board with these rooms."""
        p = params
        shade = rules.data.shade
        out: list[Clause] = []
        regions = white_components(solution)
        if len(regions) > 1:
            for region in regions:
                if p.start in region:
                    continue
                inside = set(region)
                border = sorted({nb for cell in region for nb in neighbours(p.height, p.width, *cell)
                                 if nb not in inside})
                opened = [-shade[r][c] for r, c in border]
                out += [[shade[r][c]] + opened for r, c in region]
        for group in walled_in(p, lambda cell: solution[cell[0]][cell[1]]):
            closed = [shade[r][c] for r, c in ring(p, group)]
            out += [[-shade[r][c]] + closed for r, c in group]
        return out

    def dead_end(self, params: NurimazeParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """Known unshaded cells the cells not known shaded no longer join to S; known unshaded
        cells closing a loop; known shaded cells the cells not known unshaded no longer join to
        the board's edge (corners touching)."""
        p = params
        shade = rules.data.shade
        white = [cell for cell in p.cells() if holds(-shade[cell[0]][cell[1]])]
        seen = {p.start}
        todo = [p.start]
        for cell in todo:
            for nb in neighbours(p.height, p.width, *cell):
                if nb not in seen and not holds(shade[nb[0]][nb[1]]):
                    seen.add(nb)
                    todo.append(nb)
        if any(cell not in seen for cell in white):
            return True
        if loop_cell(p, lambda cell: holds(-shade[cell[0]][cell[1]])) is not None:
            return True
        known_shaded = {cell for cell in p.cells() if holds(shade[cell[0]][cell[1]])}
        return bool(known_shaded) and any(
            set(group) & known_shaded for group in walled_in(p, lambda cell: not holds(-shade[cell[0]][cell[1]])))

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Rooms as equalities, 2x2 sums, S, G and marks unshaded; the unshaded cells a tree:
        each but S has one parent among its unshaded neighbours, one deeper than it (so all
        reach S), and the unshaded neighbouring pairs are one fewer than the unshaded cells (so
        no pair is left over to close a loop). The way is G and its ancestors: a cell is on it
        when it is G or the parent of a cell on it. All of it follows from the shading, so each
        shading is met once."""
        from ortools.sat.python import cp_model

        p: NurimazeParams = inst.params
        model = cp_model.CpModel()
        cells = p.cells()
        n = len(cells)
        s = {cell: model.new_bool_var(f"s{cell[0]}_{cell[1]}") for cell in cells}
        for a, b in p.pairs:
            if p.rooms[a[0]][a[1]] == p.rooms[b[0]][b[1]]:
                model.add(s[a] == s[b])
        for block in p.blocks:
            model.add(sum(s[cell] for cell in block) >= 1)
            model.add(sum(s[cell] for cell in block) <= 3)
        for cell in (p.start, p.goal, *inst.clues):
            model.add(s[cell] == 0)
        depth = {cell: model.new_int_var(0, n, f"d{cell[0]}_{cell[1]}") for cell in cells}
        model.add(depth[p.start] == 0)
        parent: dict[tuple[Cell, Cell], Any] = {}
        for cell in cells:
            nbs = neighbours(p.height, p.width, *cell)
            for nb in nbs:
                parent[(cell, nb)] = model.new_bool_var("")
                model.add_implication(parent[(cell, nb)], ~s[nb])
                model.add_implication(parent[(cell, nb)], ~s[cell])
                model.add(depth[cell] == depth[nb] + 1).only_enforce_if(parent[(cell, nb)])
            if cell == p.start:
                for nb in nbs:
                    model.add(parent[(cell, nb)] == 0)
            else:
                model.add(sum(parent[(cell, nb)] for nb in nbs) == 1 - s[cell])
            model.add(depth[cell] == 0).only_enforce_if(s[cell])
        both = []
        for a, b in p.pairs:
            x = model.new_bool_var("")
            model.add_bool_and([~s[a], ~s[b]]).only_enforce_if(x)
            model.add_bool_or([s[a], s[b]]).only_enforce_if(~x)
            both.append(x)
        model.add(sum(both) == sum(1 - s[cell] for cell in cells) - 1)
        on = {cell: model.new_bool_var("") for cell in cells}
        for cell in cells:
            if cell == p.goal:
                model.add(on[cell] == 1)
                continue
            feeds = []
            for nb in neighbours(p.height, p.width, *cell):
                f = model.new_bool_var("")
                model.add_bool_and([on[nb], parent[(nb, cell)]]).only_enforce_if(f)
                model.add_bool_or([~on[nb], ~parent[(nb, cell)]]).only_enforce_if(~f)
                feeds.append(f)
            model.add_max_equality(on[cell], feeds)
        for cell, mark in inst.clues.items():
            model.add(on[cell] == (1 if mark == CIRCLE else 0))
        grid = [[s[(r, c)] for c in range(p.width)] for r in range(p.height)]
        return CpModel(model, [s[cell] for cell in cells],
                       lambda value: tuple(tuple(bool(value(v)) for v in row) for row in grid))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: NurimazeParams) -> Iterator[Shading]:
        """Every shading of whole rooms (2 ** rooms; refused past 20 rooms)."""
        p = params
        if p.count > 20:
            raise PuzzleError(f"a board of {p.count} rooms is too large to enumerate (at most 20)")
        for colours in product((False, True), repeat=p.count):
            yield tuple(tuple(colours[k] for k in row) for row in p.rooms)

    def verify(self, inst: Instance, solution: Shading) -> list[str]:
        """Every rule of the module docstring, each broken one in a line."""
        p: NurimazeParams = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = []
        for cells in p.room_cells:
            if len({bool(solution[r][c]) for r, c in cells}) > 1:
                problems.append(f"the room of {cell_name(cells[0])} is part shaded, part unshaded")
        objects = [("the start S", p.start), ("the goal G", p.goal)]
        objects += [(f"the {MARK_NAMES[m]}", cell) for cell, m in sorted(inst.clues.items())]
        problems += [f"{what} at {cell_name(cell)} is shaded" for what, cell in objects if solution[cell[0]][cell[1]]]
        regions = white_components(solution)
        if len(regions) > 1:
            problems.append(f"unshaded cells form {len(regions)} regions, not one")
        for block in p.blocks:
            colours = {bool(solution[r][c]) for r, c in block}
            if len(colours) == 1:
                kind = "shaded" if colours.pop() else "unshaded"
                problems.append(f"2x2 block of {kind} cells at {cell_name(block[0])}")
        closing = loop_cell(p, lambda cell: not solution[cell[0]][cell[1]])
        if closing is not None:
            problems.append(f"the unshaded cells form a loop (closed at {cell_name(closing)})")
        way = route(p, solution)
        if way is not None:
            on = set(way)
            for cell, mark in sorted(inst.clues.items()):
                if mark == CIRCLE and cell not in on:
                    problems.append(f"the circle at {cell_name(cell)} is off the way from S to G")
                if mark == TRIANGLE and cell in on:
                    problems.append(f"the triangle at {cell_name(cell)} is on the way from S to G")
        return problems


PUZZLE = Nurimaze()
