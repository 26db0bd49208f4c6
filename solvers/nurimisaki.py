"""Nurimisaki: text forms, rules, decoding, verification.

Rules (pzprjs's `nurimisaki` checker, in its order): shade some cells of a width x height grid so that
(1) some cell is shaded,
(2) no 2x2 block is all shaded,
(3) the unshaded cells are orthogonally connected (none at all is connected too),
(4) a number in a circle counts the unshaded cells the circle sees: itself and those in a
    straight line up, down, left and right until a shaded cell or the edge,
(5) no 2x2 block is all unshaded,
(6) every circle is an unshaded cape: a cell with exactly one unshaded neighbour,
(7) every unshaded cape holds a circle.
A circle sees along its one open way only, so its number is the length of that straight
unshaded run, the circle included.

Structure (`params`): the board and its circles. Clues: the circles' numbers. A circle
without its number is still a cape, so a circle is never taken off the board; its number is.

CNF: a shade variable per cell (primary). The circles are unshaded; the 2x2 blocks both ways;
a circle has one unshaded neighbour (at least one, no two), a cell without one never exactly
one (with a circle on the board, a lone unshaded cell is cut off, so two at least).
A number n is clauses without helper variables: for each way out of the circle, if its first
cell is unshaded, the run goes on to n - 1 cells and stops there. Connectivity comes lazily
(`cuts`, strongest across circles, which are always unshaded; `dead_end` for the grade); the
CP-SAT model states it with distances, and counts the number as pzprjs does, over all four ways.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from itertools import combinations
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
from ..lab.toolkit.answers import SHADING_FORMAT, read_shading, shading_text
from ..lab.toolkit.cellgrid import BoardCells, CellRow, GridJson, GridText, grid_instance
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.connectivity import white_components
from ..lab.toolkit.numbering import NumberClues, cell_name
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, shaded, shading_items
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.textgrid import JsonObject, Token

Cell = tuple[int, int]
Shading = tuple[tuple[bool, ...], ...]  # True = shaded
# Size limit: the largest human board at hand is 21x17 (0.02 s); a drawn 30x30 shading's
# board, its 149 numbers shown or none, and an open 30x30 board check in 0.35-0.6 s.
SIZE = BoardLimit(30, 30, 1, 1)
EARLY = SIZE.early("nurimisaki")  # the readers' size check, before any cell is read
BLANKS = {".", "-", "_"}
CIRCLE = "o"  # a circle without a number (pzprjs's `?`: `.` in a URL, `-` in its file)
ENUMERATE_MOST = 20  # cells `candidates` enumerates shadings of (4x4: at most 65,536)
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))
UNBOUNDED = 1 << 30  # a flow capacity no cut takes: an unshaded cell's


@dataclass(frozen=True)
class NurimisakiParams(BoardCells):
    """A width x height board and its circles (each a cape, with or without a number)."""

    width: int
    height: int
    circles: frozenset[Cell] = frozenset()

    def __post_init__(self) -> None:
        SIZE.check("nurimisaki", self.width, self.height)
        outside = sorted(cell for cell in self.circles if not self.inside(*cell))
        if outside:
            raise PuzzleError(f"a circle at {outside[0]} is outside the {self.width}x{self.height} board")

    @property
    def top(self) -> int:
        """The largest number pzprjs takes (its `maxnum`); 2 is its least."""
        return self.width + self.height - 1

    def neighbours(self, r: int, c: int) -> list[Cell]:
        """The orthogonal neighbours (a shared list: not to be changed)."""
        return neighbour_table(self.width, self.height)[r][c]

    def ray(self, cell: Cell, d: int) -> list[Cell]:
        """The cells from `cell` (not itself) to the edge in DIRECTIONS[d] (a shared list)."""
        return ray_table(self.width, self.height)[cell[0]][cell[1]][d]


@cache
def ray_table(width: int, height: int) -> list[list[list[list[Cell]]]]:
    """Every cell's four rays (`NurimisakiParams.ray`), once per size."""
    def ray(r: int, c: int, dr: int, dc: int) -> list[Cell]:
        steps = range(1, max(width, height))
        return [(r + k * dr, c + k * dc) for k in steps if 0 <= r + k * dr < height and 0 <= c + k * dc < width]
    return [[[ray(r, c, dr, dc) for dr, dc in DIRECTIONS] for c in range(width)] for r in range(height)]


@cache
def neighbour_table(width: int, height: int) -> list[list[list[Cell]]]:
    """Every cell's neighbours, once per size: the cuts and `dead_end` ask for them constantly."""
    return [[[(r + dr, c + dc) for dr, dc in DIRECTIONS if 0 <= r + dr < height and 0 <= c + dc < width]
             for c in range(width)] for r in range(height)]


def windows(p: NurimisakiParams) -> list[list[Cell]]:
    """The 2x2 blocks of the board."""
    return [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)] for r in range(p.height - 1) for c in range(p.width - 1)]


def sight(p: NurimisakiParams, solution: Sequence[Sequence[bool]], cell: Cell) -> int:
    """The unshaded cells `cell` sees, itself included, over all four ways (pzprjs's count)."""
    seen = 1
    for d in range(len(DIRECTIONS)):
        for r, c in p.ray(cell, d):
            if solution[r][c]:
                break
            seen += 1
    return seen


def capes(p: NurimisakiParams, solution: Sequence[Sequence[bool]]) -> list[Cell]:
    """The unshaded cells with exactly one unshaded neighbour, in reading order."""
    return [(r, c) for r, c in p.cells() if not solution[r][c]
            and sum(not solution[x][y] for x, y in p.neighbours(r, c)) == 1]


def separator(p: NurimisakiParams, solution: Shading, pieces: list[list[Cell]], source: int,
              targets: list[int]) -> list[Cell]:
    """A least set of shaded cells whose removal parts unshaded piece `source` from the
    pieces `targets`: a maximum flow through the shaded cells, each passing one unit, the
    unshaded pieces nodes of their own (never cut); the cut is the shaded cells the flow
    reaches but cannot pass, nearest the source."""
    graph = CutGraph(p, solution, pieces)
    for t in targets:
        graph.edge(t, graph.sink, UNBOUNDED)
    while True:
        via = graph.search(source)
        if via[graph.sink] == -1:
            return [cell for i, cell in enumerate(graph.cells) if via[graph.entry(i)] != -1
                    and via[graph.entry(i) + 1] == -1]
        graph.push(source, via)


class CutGraph:
    """`separator`'s flow network, as edge lists (an edge e and its reverse e ^ 1): piece j
    is node j, shaded cell i enters at `entry(i)` and leaves at the node after (one unit
    through it), then the sink."""

    def __init__(self, p: NurimisakiParams, solution: Shading, pieces: list[list[Cell]]) -> None:
        piece_of = {cell: j for j, piece in enumerate(pieces) for cell in piece}
        self.cells = [cell for cell in p.cells() if solution[cell[0]][cell[1]]]
        index = {cell: i for i, cell in enumerate(self.cells)}
        self.pieces = len(pieces)
        self.sink = self.pieces + 2 * len(self.cells)
        self.head: list[list[int]] = [[] for _ in range(self.sink + 1)]
        self.to: list[int] = []
        self.room: list[int] = []
        for i, cell in enumerate(self.cells):
            self.edge(self.entry(i), self.entry(i) + 1, 1)
            for nb in p.neighbours(*cell):
                if nb in index:
                    self.edge(self.entry(i) + 1, self.entry(index[nb]), UNBOUNDED)
                else:
                    self.edge(self.entry(i) + 1, piece_of[nb], UNBOUNDED)
                    self.edge(piece_of[nb], self.entry(i), UNBOUNDED)

    def entry(self, i: int) -> int:
        return self.pieces + 2 * i

    def edge(self, u: int, v: int, room: int) -> None:
        for a, b, c in ((u, v, room), (v, u, 0)):
            self.head[a].append(len(self.to))
            self.to.append(b)
            self.room.append(c)

    def search(self, source: int) -> list[int]:
        """The edge each node is first reached by from `source` with room left (-1: not
        reached, -2: the source), breadth first."""
        via = [-1] * (self.sink + 1)
        via[source] = -2
        todo = deque([source])
        while todo and via[self.sink] == -1:
            for e in self.head[todo.popleft()]:
                if via[self.to[e]] == -1 and self.room[e] > 0:
                    via[self.to[e]] = e
                    todo.append(self.to[e])
        return via

    def push(self, source: int, via: list[int]) -> None:
        """One unit along the path `search` found to the sink."""
        v = self.sink
        while v != source:
            e = via[v]
            self.room[e] -= 1
            self.room[e ^ 1] += 1
            v = self.to[e ^ 1]


def border(p: NurimisakiParams, area: Sequence[Cell]) -> list[Cell]:
    """The cells beside `area` and not in it, in reading order."""
    inside = set(area)
    return sorted({nb for cell in area for nb in p.neighbours(*cell) if nb not in inside})


@dataclass
class NurimisakiVars:
    shade: list[list[int]]  # shade[r][c]: the cell is shaded


class Nurimisaki(NumberClues, CluePuzzle[NurimisakiParams, Cell, Shading]):
    name = "nurimisaki"
    # cacheable: a number's clauses are over the shade variables alone: nothing is drawn later
    speed = Speed(rules_cacheable=True)
    aliases = ("nuri-misaki", "cape")
    title = "Nurimisaki"
    rules_text = ("Shade at least one cell so that the unshaded cells are connected, no 2x2 block is all shaded or all "
                  "unshaded, every circle is an unshaded cell with exactly one unshaded neighbour and every such "
                  "cell is a circle, and a number in a circle counts the unshaded cells in a line from it, itself "
                  "included.")
    codecs = (GridText(spaced=True, limit=EARLY), PuzzLinkCodec(genres=("nurimisaki",)),
              GridJson(limit=EARLY, solution_key="shaded"), Pzprv3Codec(genres=("nurimisaki",)))
    cell_names = {True: "shaded", False: "unshaded"}
    size = SIZE
    example = ". . o .\n. . . 3\n. . . .\n. . o ."  # drawn by the lab (seed 1, 4x4, the eighth)

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None = None) -> Instance:
        """Rows of cells, each a Token whose text is a number (a circle with it), `o` (a
        circle without one) or a blank ('.', or '' for the forms that say blank in their own way)."""
        inst = grid_instance(self.name, rows, NurimisakiParams, lambda t, params: self._number(t, params.top), line)
        circles = frozenset(inst.clues) | {(r, c) for r, row in enumerate(rows) for c, t in enumerate(row)
                                           if t.text.lower() == CIRCLE}
        return Instance(self.name, NurimisakiParams(inst.params.width, inst.params.height, circles), inst.clues)

    @staticmethod
    def _number(t: Token, top: int) -> int | None:
        if t.text in BLANKS or t.text == "" or t.text.lower() == CIRCLE:
            return None
        if not (t.text.isascii() and t.text.isdecimal()):
            raise PuzzleError(f"bad cell {quote(t.text)} (a number, 'o' for a circle without one, or '.' for blank)",
                              t.line, t.column)
        value = int(t.text)
        if not 2 <= value <= top:
            raise PuzzleError(f"number {number(value)} out of range 2..{top}", t.line, t.column)
        return value

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of whitespace-separated numbers, 'o' a circle without a number, '.' a blank cell."""
        return self._instance(rows, rows[0].line)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's `nurimisaki` (pzprjs's kurodoko.js, `decodeNumber16`): the circles'
        numbers, `.` a circle without one."""
        refuse_flags(link)
        with at_place(1, size_column(link)):
            NurimisakiParams(link.cols, link.rows)
        cursor = Cursor(link.body, link.column)
        flat = cursor.read_numbers16(link.cols * link.rows)
        cursor.end()
        top = link.cols + link.rows - 1
        for i, v in enumerate(flat):
            if v is not None and v != UNKNOWN and not 2 <= v <= top:
                raise PuzzleError(f"puzz.link body: r{i // link.cols + 1}c{i % link.cols + 1} holds the number {v}, "
                                  f"out of range 2..{top}", 1, cursor.places[i])
        cells = [Token("" if v is None else CIRCLE if v == UNKNOWN else str(v), 1, link.column) for v in flat]
        return self._instance([cells[r * link.cols:(r + 1) * link.cols] for r in range(link.rows)], 1)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        values = [UNKNOWN if v == CIRCLE else v for row in self.numbers(inst) for v in row]
        return PuzzLink("nurimisaki", p.width, p.height, write_numbers16(values))  # type: ignore[arg-type]

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Shading]:
        """The circles (`decodeCellQnum`: a number, `-` a circle without one), then the
        shading (`decodeCellAns`: `#` shaded, `+` the player's dot and `.` not)."""
        rows = pzl.tokens()
        for t in (t for row in rows for t in row if t.text != "." and not t.text.isdecimal() and t.text != "-"):
            raise bad_item(t, "is no Nurimisaki cell (a number, - a circle without one, or .)")
        board = [[Token(CIRCLE if t.text == "-" else t.text, t.line, t.column) for t in row] for row in rows]
        return self._instance(board, 3), shaded(pzl.cells())

    def pzprv3(self, inst: Instance, solution: Shading | None) -> Pzprv3Writer:
        p = inst.params

        def item(r: int, c: int) -> Any:
            v = self.numbers(inst)[r][c]
            return "." if v is None else "-" if v == CIRCLE else v
        return (Pzprv3Writer("nurimisaki", p.height, p.width).grid(item)
                .items(shading_items(solution, p.height, p.width)))

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of numbers, "o" a circle without one, null a blank."""
        rows = []
        for r, row in enumerate(grid):
            for v in row:
                if not (v is None or v == CIRCLE or (isinstance(v, int) and not isinstance(v, bool))):
                    raise doc.error("grid", f"row {r + 1} holds {quote(v)}: cells are numbers, \"o\" or null")
            rows.append([Token("" if v is None else str(v), None, None) for v in row])
        return self._instance(rows)

    def numbers(self, inst: Instance) -> list[list[int | str | None]]:
        """The board: a circle's number, CIRCLE for a circle without one, or None per cell."""
        p = inst.params
        return [[inst.clues.get((r, c), CIRCLE if (r, c) in p.circles else None) for c in range(p.width)]
                for r in range(p.height)]

    json_grid = numbers

    def cells(self, inst: Instance, solution: Shading | None = None) -> list[list[str]]:
        """The board's cell texts; with a solution, '#' on each shaded cell."""
        return [["#" if solution is not None and solution[r][c] else "." if v is None else str(v)
                 for c, v in enumerate(row)] for r, row in enumerate(self.numbers(inst))]

    def cell_width(self, inst: Instance) -> int:
        return max((len(t) for row in self.cells(inst) for t in row), default=1)

    def solution_json(self, inst: Instance, solution: Shading) -> list[list[int]]:
        return [[int(s) for s in row] for row in solution]

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, cells separated by spaces: a number is a circle with that number, `o` a "
                    "circle without a number, `.` a cell without a circle")
    answer_format = SHADING_FORMAT

    def answer_text(self, inst: Instance, solution: Shading) -> str:
        return shading_text(solution)

    def read_answer(self, inst: Instance, text: str) -> Shading:
        return read_shading(text, [[v if isinstance(v, int) else None for v in row] for row in self.numbers(inst)])

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's rotations and reflections that keep its shape: every
        rule reads rows and columns alike."""
        return least_text(self.cells(inst), sep=" ")

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        from ..lab.face.share import box_grid

        return box_grid([["" if v is None else str(v) for v in row] for row in self.numbers(inst)])

    def draw(self, ax, inst: Instance, solution: Shading | None = None) -> None:
        """As pzprjs draws it: thin grid lines, circles with their numbers; in the solution
        the shaded cells black and a small dot in each unshaded cell without a circle."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for r, row in enumerate(self.numbers(inst)):
            for c, v in enumerate(row):
                if solution is not None and solution[r][c]:
                    board.shade(r, c, "black")
                elif v is not None:
                    board.circle(r, c, 0.4)
                    if v != CIRCLE:
                        board.text(r, c, str(v), 0.5 if len(str(v)) < 2 else 0.4)
                elif solution is not None:
                    board.symbol(r, c, "dot", 0.12)
        board.grid(colour="black")

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: NurimisakiParams, pool: IDPool) -> Rules:
        """Shading, some cell shaded, 2x2 blocks, capes (see the module's docstring)."""
        w, h = params.width, params.height
        first = variable_block(pool, w * h)
        shade = [[first + r * w + c for c in range(w)] for r in range(h)]
        clauses: list[Clause] = [[shade[r][c] for r, c in params.cells()]]
        for block in windows(params):
            clauses += [[-shade[r][c] for r, c in block], [shade[r][c] for r, c in block]]
        for r, c in params.cells():
            clauses += self._cape(params, shade, (r, c))
        return Rules(clauses, [v for row in shade for v in row], NurimisakiVars(shade))

    @staticmethod
    def _cape(params: NurimisakiParams, shade: list[list[int]], cell: Cell) -> list[Clause]:
        """A circle: unshaded, one unshaded neighbour at least, no two. Any other cell, if
        unshaded, not exactly one. Where circles are, the unshaded area has two cells at
        least, so none is not allowed either: an unshaded cell has two unshaded neighbours,
        said as "all neighbours but one shaded: shaded", which propagation reads as a person
        does (a cell walled in on three sides is shaded)."""
        r, c = cell
        around = [shade[x][y] for x, y in params.neighbours(r, c)]
        if cell in params.circles:
            return [[-shade[r][c]], [-s for s in around], *([a, b] for a, b in combinations(around, 2))]
        if params.circles:
            return [[shade[r][c]] + [-t for t in around if t != s] for s in around] or [[shade[r][c]]]
        return [[shade[r][c], s] + [-t for t in around if t != s] for s in around]

    def clue_clauses(self, params: NurimisakiParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        """"The circle at `key` sees `value` cells": for each way out, its first cell shaded,
        or the next value - 1 cells unshaded (they must fit) and the one after them shaded
        (or the edge). With the cape rules, exactly what the number says."""
        if key not in params.circles or isinstance(value, bool) or not isinstance(value, int) \
                or not 2 <= value <= params.top:
            raise PuzzleError(f"clue {key}={value} is not a number 2..{params.top} in a circle of the "
                              f"{params.width}x{params.height} board")
        shade = rules.data.shade
        out: list[Clause] = []
        for d in range(len(DIRECTIONS)):
            ray = params.ray(key, d)
            if not ray:
                continue
            gate = shade[ray[0][0]][ray[0][1]]
            if len(ray) < value - 1:
                out.append([gate])
                continue
            out += [[gate, -shade[r][c]] for r, c in ray[1:value - 1]]
            if len(ray) >= value:
                out.append([gate, shade[ray[value - 1][0]][ray[value - 1][1]]])
        return out

    def decode(self, params: NurimisakiParams, rules: Rules, true_vars: AbstractSet[int]) -> Shading:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data.shade)

    def solution_literals(self, params: NurimisakiParams, rules: Rules, solution: Shading) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data.shade, solution) for v, s in zip(vrow, srow)]

    def cuts(self, params: NurimisakiParams, rules: Rules, solution: Shading, true_vars) -> list[Clause]:
        """Unshaded cells in pieces. Circles are always unshaded, so a piece A holding some
        circles must join the pieces holding the others: of a least set of shaded cells that
        parts them (`separator`, often a few cells where the wall between them is thin, where
        A's whole border let the solver shift the wall a cell a round), some cell is
        unshaded. A piece without a circle (and circles elsewhere), B the cells around it:
        each cell of A is shaded or some cell of B is not. On a board without circles, for
        the first cell a of A and d of another piece: some cell of B is unshaded, or a or d
        is shaded. Each clause holds in every solution of this structure, whatever the
        numbers say."""
        shade = rules.data.shade
        pieces = white_components(solution)
        if len(pieces) < 2:
            return []
        held = [params.circles.intersection(piece) for piece in pieces]
        out: list[Clause] = []
        for j, piece in enumerate(pieces):
            if held[j] and held[j] != params.circles:
                others = [t for t in range(len(pieces)) if t != j and held[t]]
                out.append([-shade[r][c] for r, c in separator(params, solution, pieces, j, others)])
                continue
            walls = [-shade[r][c] for r, c in border(params, piece)]
            if params.circles and not held[j]:
                out += [walls + [shade[r][c]] for r, c in piece]
            elif not params.circles:
                a = piece[0]
                out += [walls + [shade[a[0]][a[1]], shade[other[0][0]][other[0][1]]]
                        for other in pieces if other is not piece]
        return out

    def dead_end(self, params: NurimisakiParams, rules: Rules, holds) -> bool:
        """Connectivity on a partial shading, as a person sees it: the cells not known shaded
        must join every known unshaded cell."""
        shade = rules.data.shade
        cells = params.cells()
        unshaded = [cell for cell in cells if holds(-shade[cell[0]][cell[1]])]
        if not unshaded:
            return False
        open_cells = {cell for cell in cells if not holds(shade[cell[0]][cell[1]])}
        found, todo = {unshaded[0]}, [unshaded[0]]
        while todo:
            for nb in params.neighbours(*todo.pop()):
                if nb in open_cells and nb not in found:
                    found.add(nb)
                    todo.append(nb)
        return not found.issuperset(unshaded)

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Shading booleans; the blocks, some cell shaded, the capes as counts of unshaded
        neighbours; a number as 1 + the "sees k cells this way" booleans of all four ways
        (pzprjs's count); connectivity by distances from the first unshaded cell."""
        from ortools.sat.python import cp_model

        p: NurimisakiParams = inst.params
        model = cp_model.CpModel()
        shaded_ = {cell: model.new_bool_var(f"s{cell[0]}_{cell[1]}") for cell in p.cells()}
        model.add_bool_or(list(shaded_.values()))
        for block in windows(p):
            model.add_bool_or([~shaded_[cell] for cell in block])
            model.add_bool_or([shaded_[cell] for cell in block])
        for cell in p.cells():
            open_around = sum(1 - shaded_[nb] for nb in p.neighbours(*cell))
            if cell in p.circles:
                model.add(shaded_[cell] == 0)
                model.add(open_around == 1)
            else:
                model.add(open_around != 1).only_enforce_if(~shaded_[cell])
        for cell, value in inst.clues.items():
            model.add(1 + sum(self._sees(model, p, shaded_, cell)) == value)
        self._connected(model, p, shaded_)
        grid = [[shaded_[(r, c)] for c in range(p.width)] for r in range(p.height)]
        return CpModel(model, [v for row in grid for v in row],
                       lambda value: tuple(tuple(bool(value(v)) for v in row) for row in grid))

    @staticmethod
    def _sees(model: Any, p: NurimisakiParams, shaded_: dict, cell: Cell) -> list:
        """Booleans "`cell` sees at least k cells this way", k = 1, 2, ..., each way."""
        out = []
        for d in range(len(DIRECTIONS)):
            before = None
            for there in p.ray(cell, d):
                sees = model.new_bool_var("")
                conditions = [~shaded_[there]] + ([before] if before is not None else [])
                model.add_bool_and(conditions).only_enforce_if(sees)
                model.add_bool_or([sees] + [~x for x in conditions])
                out.append(sees)
                before = sees
        return out

    @staticmethod
    def _connected(model: Any, p: NurimisakiParams, shaded_: dict) -> None:
        """The first unshaded cell in reading order is 0, every other unshaded cell 1 + its
        nearest neighbour (shaded cells stand at `far`): finite exactly when the unshaded
        cells are connected, and then the only values, so each shading is met once."""
        far = p.width * p.height
        dist = {cell: model.new_int_var(0, far, "") for cell in p.cells()}
        before: Any = None  # "a cell before this one is unshaded"
        for cell in p.cells():
            s = shaded_[cell]
            first = model.new_bool_var("")
            model.add_bool_and([~s] + ([~before] if before is not None else [])).only_enforce_if(first)
            model.add_bool_or([first, s] + ([before] if before is not None else []))
            seen = model.new_bool_var("")
            model.add_bool_or([~s] + ([before] if before is not None else [])).only_enforce_if(seen)
            model.add_bool_and([s] + ([~before] if before is not None else [])).only_enforce_if(~seen)
            before = seen
            model.add(dist[cell] == far).only_enforce_if(s)
            model.add(dist[cell] == 0).only_enforce_if(first)
            nearest = model.new_int_var(0, far, "")
            model.add_min_equality(nearest, [dist[nb] for nb in p.neighbours(*cell)] or [far])
            model.add(dist[cell] == nearest + 1).only_enforce_if([~s, ~first])

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: NurimisakiParams) -> Iterator[Shading]:
        """Every shading that leaves the circles unshaded and makes no 2x2 block of either
        colour, row by row."""
        w, h = params.width, params.height
        if w * h > ENUMERATE_MOST:
            raise PuzzleError(f"a {w}x{h} board is too large to enumerate")
        full = (1 << w) - 1
        circles = [sum(1 << c for c in range(w) if (r, c) in params.circles) for r in range(h)]

        def blocks(m: int, above: int) -> bool:
            both = m & above & (m >> 1) & (above >> 1)
            none = ~m & ~above & (~m >> 1) & (~above >> 1) & (full >> 1)
            return bool(both or none)

        def stack(above: int | None, depth: int) -> Iterator[list[int]]:
            if depth == h:
                yield []
                return
            for m in range(1 << w):
                if m & circles[depth] or (above is not None and blocks(m, above)):
                    continue
                for rest in stack(m, depth + 1):
                    yield [m, *rest]

        for masks in stack(None, 0):
            yield tuple(tuple(bool(m >> c & 1) for c in range(w)) for m in masks)

    def verify(self, inst: Instance, solution: Shading) -> list[str]:
        p: NurimisakiParams = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = [f"{cell_name(cell)} holds a circle but is shaded" for cell in sorted(p.circles)
                    if solution[cell[0]][cell[1]]]
        if not any(any(row) for row in solution):
            problems.append("no cell is shaded")
        for block in windows(p):
            colours = {solution[r][c] for r, c in block}
            if len(colours) == 1:
                problems.append(f"a 2x2 block of {self.cell_names[colours.pop()]} cells, {cell_name(block[0])} to "
                                f"{cell_name(block[3])}")
        pieces = white_components(solution)
        if len(pieces) > 1:
            problems.append(f"unshaded cells form {len(pieces)} regions, not one")
        for cell in sorted(p.circles):
            if solution[cell[0]][cell[1]]:
                continue
            open_around = sum(not solution[r][c] for r, c in p.neighbours(*cell))
            if open_around != 1:
                problems.append(f"the circle at {cell_name(cell)} is no cape: it has {open_around} unshaded "
                                "neighbours, not 1")
            if cell in inst.clues and sight(p, solution, cell) != inst.clues[cell]:
                problems.append(f"the circle at {cell_name(cell)} sees {sight(p, solution, cell)} cells, "
                                f"its number says {inst.clues[cell]}")
        problems += [f"{cell_name(cell)} is a cape without a circle" for cell in capes(p, solution)
                     if cell not in p.circles]
        return problems


PUZZLE = Nurimisaki()
