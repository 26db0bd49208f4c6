"""Firefly (Hotaru Beam, puzz.link `firefly`): lines between circles, each circle's line
leaving from its dot, with as many turns as its number says.

Vocabulary: a *firefly* is a circle in a cell with a *dot* on one side (its head: U, D, L or
R) and maybe a number. Lines run between cell centres. A *beam* is a line from a firefly's
dot, through empty cells, into another firefly (or the same one) by a side without its dot.
The rules, as pzprjs's firefly.js checks them: a line leaves every dot; an empty cell holds
no line or a line going through it (no branch, crossing or dead end); every piece of line
between two fireflies joins one's dot to the other's side (not two dots, not two sides); a
number is how often the beam from that dot turns; all the lines form one network. A firefly
may take several beams in, one a side; a beam may come back into its own firefly (pzprjs
allows it). A board has at least one firefly, and every firefly has a dot (pzprjs's circles
without one are refused), pointing into the board.

The fireflies and their dots are the board's structure (`params.fireflies`); the clues are
the numbers, so a stripped number leaves its firefly without one (pzprjs's `-`). A solution
is the grid of every cell's line directions ("UDLR" order; a firefly may have one to four,
an empty cell none or two).

CNF: every edge is *used* (the primary variables) and, when used, runs one way (two arc
variables): out of a firefly only by its dot, into it only by the other sides; through an
empty cell one arc in and one out or none. The turns are counted backwards along each
beam: `ge[cell][k - 1]`, "the beam from here on turns k times or more" (order encoding up to
`params.most` + 1, where it stays), so a firefly's number n is one literal, "the cell past
its dot says n and not n + 1". That all lines form one network goes in lazily (`cuts`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from pysat.formula import IDPool

from ..lab.engine.puzzle import BoardLimit, Clause, CluePuzzle, CpModel, Instance, PuzzleError, Rules, Speed, quote
from ..lab.face.share import box_grid
from ..lab.toolkit.answers import grid_text
from ..lab.toolkit.cellgrid import BoardCells, CellRow, GridJson, GridText
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.numbering import cell_name
from ..lab.toolkit.paths import bounded_degree_edge_sets, find
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_arrow_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, loop_items, loop_shapes
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.textgrid import JsonObject, Token
from .pearl import BOX, DIRS, OPPOSITE, STEP, read_shape, shape

Cell = tuple[int, int]
Solution = tuple[tuple[str, ...], ...]  # every cell's line directions, "UDLR" order

ARROW_TEXT = {"U": "^", "D": "v", "L": "<", "R": ">"}
ARROWS = {**{a: d for d, a in ARROW_TEXT.items()}, "V": "D", "↑": "U", "↓": "D", "←": "L", "→": "R",
          **{d: d for d in DIRS}, **{d.lower(): d for d in "ULR"}, "d": "D"}
SHOWN = {"U": "↑", "D": "↓", "L": "←", "R": "→"}
TOKEN = re.compile(r"^(?:(?P<a>[^0-9?])(?P<n>[0-9]*|\?)|(?P<m>[0-9]+)(?P<b>[^0-9?]))$")
EMPTY = {".", "-", "_"}
PUZZLINK_DIRS = "UDLR"  # pzprjs's qdir 1..4: up, down, left, right (0: no dot)
FILE_CELL = re.compile(r"(\d),(-|-2|\d+)")  # pzprjs's file: a circle's direction and number (`-`: none)
PERPENDICULAR = [("U", "L"), ("U", "R"), ("D", "L"), ("D", "R")]
# Size limit: one network goes in as cuts, one solver call each, as for Yajilin: an open
# 15x15 board (the fireflies of a drawn one, no number) solves in 0.3-1 s; at 18x18 one of four
# ran out of 10,000 conflicts.
SIZE = BoardLimit(15, 15, 1, 1)
EARLY = SIZE.early("firefly")  # the readers' size check, before any cell is read
ENUMERATE_MOST = 24  # edges `candidates` enumerates over (a 4x4 board)


def step(cell: Cell, d: str) -> Cell:
    dr, dc = STEP[d]
    return cell[0] + dr, cell[1] + dc


@dataclass(frozen=True)
class FireflyParams(BoardCells):
    """A width x height board and its fireflies (cell, dot direction), sorted by cell."""

    width: int
    height: int
    fireflies: tuple[tuple[Cell, str], ...] = ()

    def __post_init__(self) -> None:
        SIZE.check("firefly", self.width, self.height)
        if not self.fireflies:
            raise PuzzleError("a firefly board needs at least one firefly (a circle with a dot)")
        for cell, d in self.fireflies:
            if not self.inside(*cell) or d not in STEP:
                raise PuzzleError(f"firefly {quote((cell, d))} is not a cell of the {self.width}x{self.height} "
                                  "board with a dot U, D, L or R")
            if not self.inside(*step(cell, d)):
                raise PuzzleError(f"the firefly at {cell_name(cell)} has its dot ({d}) on the board's edge: "
                                  "no line can leave it")

    @property
    def most(self) -> int:
        """The largest number a firefly may say: width + height (the turn counts are encoded up to it)."""
        return self.width + self.height

    def dots(self) -> dict[Cell, str]:
        return dict(self.fireflies)

    def edges(self) -> list[tuple[Cell, Cell]]:
        """Every edge once, as (cell, its right or lower neighbour)."""
        return [(cell, nxt) for cell in self.cells() for d in "RD" if self.inside(*(nxt := step(cell, d)))]


def make_params(width: int, height: int, fireflies: Iterable[tuple[Cell, str]],
                line: int | None = None) -> FireflyParams:
    SIZE.check("firefly", width, height, line=line)
    return FireflyParams(width, height, tuple(sorted(fireflies)))


def read_firefly(text: str, line: int | None, column: int | None) -> tuple[str, int | None]:
    """A firefly's token: its dot's arrow (^ v < > or U D L R) and maybe its number (">2",
    "2>", "R2"); `?` after the arrow or no number: a firefly with none."""
    m = TOKEN.match(text)
    arrow = m and (m["a"] or m["b"])
    if not m or arrow not in ARROWS:
        raise PuzzleError(f"bad cell {quote(text)} (expected . an empty cell, or a firefly: the arrow of its dot "
                          "^ v < > with its number or none, as >2 or >)", line, column)
    number = m["n"] if m["a"] else m["m"]
    if number and number != "?" and len(number) > 3:
        raise PuzzleError(f"number {quote(number)} is too large", line, column)
    return ARROWS[arrow], int(number) if number and number != "?" else None


def firefly_token(d: str, n: int | None) -> str:
    return ARROW_TEXT[d] + ("" if n is None else str(n))


@dataclass(frozen=True)
class Segment:
    """A piece of line traced from a firefly's side: where it ends (a firefly and the side it
    comes in by; None where it breaks off) and how often it turns on the way."""

    start: Cell
    side: str
    end: Cell | None
    end_side: str
    turns: int


def trace(params: FireflyParams, solution: Solution) -> list[Segment]:
    """Every piece of line between fireflies, each once, traced from a firefly's side through
    empty cells with two ends (plain Python, as pzprjs's `getLineShapeInfo`). A piece that
    reaches a cell without two ends, or a neighbour that does not join it, breaks off there."""
    dots = params.dots()
    passed: set[tuple[Cell, Cell]] = set()
    out = []
    for start in sorted(dots):
        for side in solution[start[0]][start[1]]:
            cur, d, turns, end, end_side = start, side, 0, None, ""
            first = (start, step(start, side))
            if tuple(sorted(first)) in passed:
                continue
            for _ in range(params.width * params.height + 1):
                nxt = step(cur, d)
                if not params.inside(*nxt) or OPPOSITE[d] not in solution[nxt[0]][nxt[1]]:
                    break
                passed.add((min(cur, nxt), max(cur, nxt)))
                if nxt in dots:
                    end, end_side = nxt, OPPOSITE[d]
                    break
                s = solution[nxt[0]][nxt[1]]
                if len(s) != 2:
                    break
                out_d = s.replace(OPPOSITE[d], "")
                turns += out_d != d
                cur, d = nxt, out_d
            out.append(Segment(start, side, end, end_side, turns))
    return out


def networks(params: FireflyParams, solution: Solution) -> list[set[Cell]]:
    """The connected pieces of the drawn lines (cells joined by edges both ends draw), each as
    its cells; a firefly with no line is none."""
    seen: set[Cell] = set()
    pieces = []
    for cell in params.cells():
        if cell in seen or not solution[cell[0]][cell[1]]:
            continue
        piece, todo = {cell}, [cell]
        seen.add(cell)
        while todo:
            cur = todo.pop()
            for d in solution[cur[0]][cur[1]]:
                nxt = step(cur, d)
                if params.inside(*nxt) and OPPOSITE[d] in solution[nxt[0]][nxt[1]] and nxt not in seen:
                    seen.add(nxt)
                    piece.add(nxt)
                    todo.append(nxt)
        pieces.append(piece)
    return pieces


@dataclass
class FireflyVars:
    used: dict[tuple[Cell, str], int]  # (cell, direction) -> the edge's variable
    arc: dict[tuple[Cell, Cell], int]  # (from, to) -> "the line runs from one to the other"
    ge: dict[Cell, list[int]]  # empty cell -> [k - 1]: "the beam turns k or more times from here on"
    count: dict[Cell, list[int]]  # firefly -> [n]: "its beam turns exactly n times", n = 0..most
    edges: list[tuple[Cell, Cell, int]] = field(default_factory=list)  # (a, b, used variable)


class Firefly(CluePuzzle[FireflyParams, Cell, Solution]):
    name = "firefly"
    aliases = ("hotaru-beam", "hotaru beam", "hotarubeam")  # looked up in lower case: "Hotaru Beam" finds it
    title = "Firefly (Hotaru Beam): beams from each firefly's dot, numbers count their turns"
    rules_text = ("Draw lines between cell centres: from every firefly's dot one line leaves and ends in another "
                  "firefly (or its own) by a side without a dot; lines never branch, cross or stop in an empty cell; "
                  "a number says how often its firefly's line turns; all lines form one network.")
    # cacheable: a number is one literal of the rules; no clue draws a variable
    speed = Speed(rules_cacheable=True)
    codecs = (GridText(spaced=True, limit=EARLY), PuzzLinkCodec(genres=("firefly",)), GridJson(limit=EARLY),
              Pzprv3Codec(genres=("firefly",)))
    size = SIZE
    example = " .  .  v  <\nv5  . <0  .\n .  .  .  .\n .  .  . ^0"

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None) -> Instance:
        width = len(rows[0])
        for r, row in enumerate(rows):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, expected {width}",
                                  row[0].line if row else line)
        SIZE.check(self.name, width, len(rows), line=line)
        fireflies, clues = [], {}
        for r, row in enumerate(rows):
            for c, t in enumerate(row):
                if t.text.strip() in EMPTY:
                    continue
                d, n = read_firefly(t.text.strip(), t.line, t.column)
                self._check_firefly(width, len(rows), (r, c), d, n, t.line, t.column)
                fireflies.append(((r, c), d))
                if n is not None:
                    clues[(r, c)] = n
        if not fireflies:
            raise PuzzleError("the board has no firefly", line)
        return Instance(self.name, make_params(width, len(rows), fireflies, line), clues)

    def _check_firefly(self, width: int, height: int, cell: Cell, d: str, n: int | None, line: int | None,
                       column: int | None) -> None:
        nxt = step(cell, d)
        if not (0 <= nxt[0] < height and 0 <= nxt[1] < width):
            raise PuzzleError(f"the firefly at {cell_name(cell)} has its dot ({d}) on the board's edge: "
                              "no line can leave it", line, column)
        if n is not None and n > width + height:
            raise PuzzleError(f"number {n} at {cell_name(cell)} is more turns than this puzzle counts "
                              f"(at most {width + height} on a {width}x{height} board)", line, column)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of cells separated by spaces: `.` an empty cell, a firefly the arrow of its
        dot (^ v < >) with its number (`>2`) or without one (`>`)."""
        return self._instance(rows, rows[0].line)

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of cell texts as the plain form's ("." empty, ">2", ">")."""
        for row in grid:
            for v in row:
                if not isinstance(v, str):
                    raise doc.error("grid", f"a cell is {quote(v)}, not a text like \".\", \">\" or \">2\"")
        return self._instance([[Token(v, 1, None) for v in row] for row in grid], 1)

    def rows(self, inst: Instance) -> list[list[str]]:
        p, dots = inst.params, inst.params.dots()
        return [[firefly_token(dots[(r, c)], inst.clues.get((r, c))) if (r, c) in dots else "."
                 for c in range(p.width)] for r in range(p.height)]

    def cells(self, inst: Instance, solution: Solution | None = None) -> list[list[str]]:
        """The board, or with a solution: the lines in box drawing, the fireflies as given."""
        rows = self.rows(inst)
        if solution is None:
            return rows
        dots = inst.params.dots()
        return [[rows[r][c] if (r, c) in dots else BOX.get(s, "?") for c, s in enumerate(row)]
                for r, row in enumerate(solution)]

    def cell_width(self, inst: Instance) -> int:
        return max(len(t) for row in self.rows(inst) for t in row)

    def json_grid(self, inst: Instance) -> list[list[str]]:
        return self.rows(inst)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """`arrow_numbers16`: a circle's direction 1..4 up, down, left, right and its number
        (`.` none). A circle with no dot (direction 0) is refused: every firefly has one."""
        refuse_flags(link)
        SIZE.check(self.name, link.cols, link.rows, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        flat = cursor.read_arrow_numbers16(link.cols * link.rows)
        cursor.end()
        fireflies, clues = [], {}
        for i, v in enumerate(flat):
            if v is None:
                continue
            cell = (i // link.cols, i % link.cols)
            d, n = v
            if not 1 <= d <= 4:
                raise PuzzleError(f"puzz.link body: the circle at {cell_name(cell)} has no dot: every firefly has one",
                                  1, link.column)
            number = None if n == UNKNOWN else n
            self._check_firefly(link.cols, link.rows, cell, PUZZLINK_DIRS[d - 1], number, 1, link.column)
            fireflies.append((cell, PUZZLINK_DIRS[d - 1]))
            if number is not None:
                clues[cell] = number
        if not fireflies:
            raise PuzzleError("puzz.link body: the board has no firefly", 1, link.column)
        return Instance(self.name, make_params(link.cols, link.rows, fireflies), clues)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p, dots = inst.params, inst.params.dots()
        flat: list[tuple[int, int] | None] = [
            None if cell not in dots else (PUZZLINK_DIRS.index(dots[cell]) + 1, inst.clues.get(cell, UNKNOWN))
            for cell in p.cells()]
        return PuzzLink("firefly", p.width, p.height, write_arrow_numbers16(flat))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Solution]:
        """pzprjs's firefly.js: the circles (`.` none; `DIR,NUM`, direction 1..4 up, down,
        left, right, `-` no number), then the lines on the edges between cells (`-1`, the
        player's cross, no line)."""
        SIZE.check(self.name, pzl.cols, pzl.rows, line=3)
        fireflies, clues = [], {}
        for r, row in enumerate(pzl.tokens()):
            for c, t in enumerate(row):
                if t.text == ".":
                    continue
                m = FILE_CELL.fullmatch(t.text)
                if m is None:
                    raise bad_item(t, "is no firefly (. none, or a direction and a number, as 2,1 or 2,-)")
                d, n = int(m.group(1)), m.group(2)
                if not 1 <= d <= 4:
                    raise bad_item(t, f"at {cell_name((r, c))} is a circle without a dot: every firefly has one")
                number = None if n.startswith("-") else int(n)
                self._check_firefly(pzl.cols, pzl.rows, (r, c), PUZZLINK_DIRS[d - 1], number, t.line, t.column)
                fireflies.append(((r, c), PUZZLINK_DIRS[d - 1]))
                if number is not None:
                    clues[(r, c)] = number
        if not fireflies:
            raise pzl.refuse("the board has no firefly", -1)
        inst = Instance(self.name, make_params(pzl.cols, pzl.rows, fireflies), clues)
        return inst, loop_shapes(*pzl.borders())

    def pzprv3(self, inst: Instance, solution: Solution | None) -> Pzprv3Writer:
        p, dots = inst.params, inst.params.dots()

        def item(r: int, c: int) -> str:
            if (r, c) not in dots:
                return "."
            n = inst.clues.get((r, c))
            return f"{PUZZLINK_DIRS.index(dots[(r, c)]) + 1},{'-' if n is None else n}"
        right, below = loop_items(solution, p.height, p.width)
        return Pzprv3Writer("firefly", p.height, p.width).grid(item).borders(right, below)

    def describe_clue(self, key: Cell, value: int) -> str:
        return f"{cell_name(key)}={value}"

    def clue_json(self, key: Cell, value: int) -> dict:
        return {"row": key[0] + 1, "col": key[1] + 1, "number": value}

    def solution_json(self, inst: Instance, solution: Solution) -> list[list[str]]:
        return [list(row) for row in solution]

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: a firefly as the arrow of its dot and its number."""
        dots = inst.params.dots()
        return box_grid([[SHOWN[dots[(r, c)]] + str(inst.clues.get((r, c), "")) if (r, c) in dots else ""
                          for c in range(inst.params.width)] for r in range(inst.params.height)])

    def canonical(self, inst: Instance) -> str:
        """The least plain text of the board's turns and mirrors (dots turned with it)."""
        p = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            params = make_params(w, h, ((sym.cell(*cell), sym.direction(d)) for cell, d in p.fireflies))
            clues = {sym.cell(*cell): n for cell, n in inst.clues.items()}
            forms.append(self.format(Instance(self.name, params, clues)))
        return min(forms)

    # ---- for language models --------------------------------------------------------
    board_legend = ("one row per line, cells separated by spaces: `.` an empty cell; a firefly is the arrow of the "
                    "side its dot is on (`^` up, `v` down, `<` left, `>` right), followed by its number (how often the "
                    "line leaving its dot turns) when it has one")
    answer_format = ("one row per line, cells separated by single spaces: for each cell the directions lines leave it "
                     "by, in the order U D L R (`UD`, `LR`, `DR`, `DL`, `UR`, `UL` for an empty cell a line passes; "
                     "a firefly may have one to four, as `R` or `ULR`); `.` for a cell no line touches")
    answer_cells = (read_shape, "cell")

    def answer_text(self, inst: Instance, solution: Solution) -> str:
        return grid_text([s or "." for s in row] for row in solution)

    # ---- pictures -------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Solution | None = None) -> None:
        """As pzprjs draws it: a circle with its number and a black dot on its head's side;
        in the solution the lines through the cell centres."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        if solution is not None:
            for r, row in enumerate(solution):
                for c, s in enumerate(row):
                    for d in s:
                        if d in "RD" and p.inside(*step((r, c), d)):
                            board.line([(r, c), step((r, c), d)], "black", 0.1)
        for (r, c), d in p.fireflies:
            board.circle(r, c, 0.36)
            n = inst.clues.get((r, c))
            if n is not None:
                board.text(r, c, str(n), 0.45)
            dr, dc = STEP[d]
            board.circle(r + dr * 0.36, c + dc * 0.36, 0.1, face="black", ring=0.0)
        board.grid(colour="0.6")

    # ---- SAT --------------------------------------------------------------------------
    def rules(self, params: FireflyParams, pool: IDPool) -> Rules:
        dots = params.dots()
        most = params.most
        used: dict[tuple[Cell, str], int] = {}
        arc: dict[tuple[Cell, Cell], int] = {}
        clauses: list[Clause] = []
        at_most_one: list[list[int]] = []
        edges = []
        for a, b in params.edges():
            u, f, g = pool.id(("edge", a, b)), pool.id(("arc", a, b)), pool.id(("arc", b, a))
            d = "R" if a[0] == b[0] else "D"
            used[(a, d)] = used[(b, OPPOSITE[d])] = u
            arc[(a, b)], arc[(b, a)] = f, g
            clauses += [[-u, f, g], [-f, u], [-g, u], [-f, -g]]
            edges.append((a, b, u))
        empty = [cell for cell in params.cells() if cell not in dots]
        turn = {cell: pool.id(("turn", cell)) for cell in empty}
        ge = {cell: [pool.id(("ge", cell, k)) for k in range(1, most + 2)] for cell in empty}
        for cell in params.cells():
            ways = [(d, nxt) for d in DIRS if params.inside(*(nxt := step(cell, d)))]
            outs = [arc[(cell, nxt)] for _, nxt in ways]
            ins = [arc[(nxt, cell)] for _, nxt in ways]
            if cell in dots:  # out by the dot, in by the other sides
                clauses += [[arc[(cell, nxt)]] if d == dots[cell] else [-arc[(cell, nxt)]] for d, nxt in ways]
                continue
            around = [used[(cell, d)] for d, _ in ways]
            at_most_one += [ins, outs]
            clauses += [[-x, *outs] for x in ins] + [[-y, *ins] for y in outs]  # through, or untouched
            clauses += [[-e] + [f for f in around if f != e] for e in around]  # never one end
            clauses += [[-e for e in trio] for trio in combinations(around, 3)]  # nor three or four
            t, mine = turn[cell], ge[cell]
            for v, h in PERPENDICULAR:
                if (cell, v) in used and (cell, h) in used:
                    clauses.append([-used[(cell, v)], -used[(cell, h)], t])
            clauses += [[-t] + [used[(cell, d)] for d in "UD" if (cell, d) in used],
                        [-t] + [used[(cell, d)] for d in "LR" if (cell, d) in used]]
            clauses += [[-mine[k + 1], mine[k]] for k in range(most)]
            clauses.append([-mine[0], *outs])  # off every beam: no turns
            for _, nxt in ways:
                y = arc[(cell, nxt)]
                if nxt in dots:  # the beam's last empty cell: its own turn only
                    clauses += [[-y, -mine[0], t], [-y, -t, mine[0]]] + [[-y, -g] for g in mine[1:]]
                    continue
                theirs = ge[nxt]
                for k in range(most + 1):  # mine[k] = theirs[k] or (turn and theirs[k - 1])
                    clauses += [[-y, -theirs[k], mine[k]], [-y, theirs[k], t, -mine[k]]]
                    if k == 0:
                        clauses.append([-y, -t, mine[0]])
                    else:
                        clauses += [[-y, -t, -theirs[k - 1], mine[k]], [-y, theirs[k - 1], -mine[k]]]
        count: dict[Cell, list[int]] = {}
        for cell, d in params.fireflies:
            eq = [pool.id(("count", cell, n)) for n in range(most + 1)]
            count[cell] = eq
            nxt = step(cell, d)
            if nxt in dots:  # straight into a firefly: no turn
                clauses += [[eq[0]]] + [[-v] for v in eq[1:]]
                continue
            g = ge[nxt]
            clauses += [[-eq[0], -g[0]], [eq[0], g[0]]]
            for n in range(1, most + 1):
                clauses += [[-eq[n], g[n - 1]], [-eq[n], -g[n]], [eq[n], -g[n - 1], g[n]]]
        clauses += small_loops(params, used)
        primary = sorted(set(used.values()))
        return Rules(clauses, primary, FireflyVars(used, arc, ge, count, edges), at_most_one=at_most_one)

    def clue_clauses(self, params: FireflyParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        data: FireflyVars = rules.data
        if key not in data.count:
            raise PuzzleError(f"number at {cell_name(key)}, which is not a firefly of the board")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= params.most:
            raise PuzzleError(f"bad number {quote(value)} at {cell_name(key)} (0..{params.most})")
        return [[data.count[key][value]]]

    def decode(self, params: FireflyParams, rules: Rules, true_vars) -> Solution:
        data: FireflyVars = rules.data
        return tuple(tuple(shape(d for d in DIRS if (v := data.used.get(((r, c), d))) is not None and v in true_vars)
                           for c in range(params.width)) for r in range(params.height))

    def solution_literals(self, params: FireflyParams, rules: Rules, solution: Solution) -> list[int]:
        data: FireflyVars = rules.data
        return [u if ("R" if a[0] == b[0] else "D") in solution[a[0]][a[1]] else -u for a, b, u in data.edges]

    def cuts(self, params: FireflyParams, rules: Rules, solution: Solution, true_vars) -> list[Clause]:
        """The candidate's lines are several networks. For a network with cell set S: if S
        holds a firefly (else: if an edge e of it is used) and some other network holds one
        (else: an edge f of it is used), a line leaves S: the clause is S's boundary edges,
        with not-e and not-f where needed."""
        pieces = networks(params, solution)
        if len(pieces) <= 1:
            return []
        data: FireflyVars = rules.data
        dots = params.dots()

        def there(piece: set[Cell]) -> list[int]:
            if any(cell in dots for cell in piece):
                return []
            cell = min(piece)
            return [-data.used[(cell, solution[cell[0]][cell[1]][0])]]

        clauses = []
        for i, piece in enumerate(pieces):
            others = [there(other) for j, other in enumerate(pieces) if j != i]
            other = [] if [] in others else others[0]
            border = sorted({data.used[(cell, d)] for cell in piece for d in DIRS
                             if (cell, d) in data.used and step(cell, d) not in piece})
            clauses.append(border + there(piece) + other)
        return clauses

    def dead_end(self, params: FireflyParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """A piece of the lines known drawn (or a firefly) has every edge out of it known
        unused, and something else is drawn: it can never join the rest."""
        data: FireflyVars = rules.data
        index = {cell: i for i, cell in enumerate(params.cells())}
        root = list(range(len(index)))
        drawn = {index[cell] for cell, _ in params.fireflies}
        for a, b, u in data.edges:
            if holds(u):
                i, j = index[a], index[b]
                root[find(root, i)] = find(root, j)
                drawn |= {i, j}
        if len({find(root, i) for i in drawn}) <= 1:
            return False
        open_pieces = {find(root, index[a]) for a, b, u in data.edges if not holds(-u)} | \
                      {find(root, index[b]) for a, b, u in data.edges if not holds(-u)}
        return any(find(root, i) not in open_pieces for i in drawn)

    # ---- CP-SAT -----------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Arcs with a direction; an empty cell one in and one out or none, a firefly out by
        its dot only; each empty cell on a beam carries the turns left to the beam's end
        (an integer); one network as a tree of parents with depths, rooted at a firefly."""
        from ortools.sat.python import cp_model

        p = inst.params
        dots = p.dots()
        cells = p.cells()
        n_cells = len(cells)
        model = cp_model.CpModel()
        arc: dict[tuple[Cell, Cell], Any] = {}
        for a, b in p.edges():
            arc[(a, b)], arc[(b, a)] = model.new_bool_var(f"{a}>{b}"), model.new_bool_var(f"{b}>{a}")
            model.add(arc[(a, b)] + arc[(b, a)] <= 1)
        ways = {cell: [(d, nxt) for d in DIRS if p.inside(*(nxt := step(cell, d)))] for cell in cells}
        left = {cell: model.new_int_var(0, n_cells, f"left{cell}") for cell in cells if cell not in dots}
        turn: dict[Cell, Any] = {}
        on: dict[Cell, Any] = {}
        for cell in cells:
            out = [arc[(cell, nxt)] for _, nxt in ways[cell]]
            into = [arc[(nxt, cell)] for _, nxt in ways[cell]]
            if cell in dots:
                for d, nxt in ways[cell]:
                    model.add(arc[(cell, nxt)] == int(d == dots[cell]))
                on[cell] = 1
                continue
            model.add(sum(out) == sum(into))
            model.add(sum(out) <= 1)
            on[cell] = sum(out)
            vert = sum(arc[(cell, nxt)] + arc[(nxt, cell)] for d, nxt in ways[cell] if d in "UD")
            t = turn[cell] = model.new_bool_var(f"turn{cell}")
            model.add(vert == 1).only_enforce_if(t)  # a line through the cell: a turn has one vertical end
            model.add(vert != 1).only_enforce_if(~t)
            for _, nxt in ways[cell]:
                y = arc[(cell, nxt)]
                if nxt in dots:
                    model.add(left[cell] == t).only_enforce_if(y)
                else:
                    model.add(left[cell] == left[nxt] + t).only_enforce_if(y)
        for cell, n in inst.clues.items():
            nxt = step(cell, dots[cell])
            if nxt in left:
                model.add(left[nxt] == n)
            elif n:
                model.add_bool_or([])  # straight into a firefly: no turn, whatever the number says
        # one network: every cell's depth is its distance from a root firefly along the lines
        # (none for a cell off them), so a piece away from the root has no depths that fit
        far = n_cells + 1
        used = {}
        for a, b in p.edges():
            used[(a, b)] = used[(b, a)] = u = model.new_bool_var(f"used{a}{b}")
            model.add(u == arc[(a, b)] + arc[(b, a)])
        root = p.fireflies[0][0]
        depth = {cell: model.new_int_var(0, far, f"depth{cell}") for cell in cells}
        for cell in cells:
            if cell == root:
                model.add(depth[cell] == 0)
                continue
            here = model.new_bool_var(f"on{cell}")
            model.add(here == on[cell])
            if cell in left:
                model.add(left[cell] == 0).only_enforce_if(~here)
            seen = []
            for _, nxt in ways[cell]:
                m = model.new_int_var(0, far, f"via{cell}{nxt}")
                model.add(m == depth[nxt]).only_enforce_if(used[(cell, nxt)])
                model.add(m == far).only_enforce_if(~used[(cell, nxt)])
                seen.append(m)
            nearest = model.new_int_var(0, far, f"nearest{cell}")
            model.add_min_equality(nearest, seen)
            model.add(depth[cell] == nearest + 1).only_enforce_if(here)
            model.add(depth[cell] == far).only_enforce_if(~here)
        edge_vars = [(a, b, arc[(a, b)], arc[(b, a)]) for a, b in p.edges()]

        def decode(value) -> Solution:
            ways_of: dict[Cell, set[str]] = {cell: set() for cell in cells}
            for a, b, ab, ba in edge_vars:
                if value(ab) or value(ba):
                    d = "R" if a[0] == b[0] else "D"
                    ways_of[a].add(d)
                    ways_of[b].add(OPPOSITE[d])
            return tuple(tuple(shape(ways_of[(r, c)]) for c in range(p.width)) for r in range(p.height))

        return CpModel(model, [v for _, _, ab, ba in edge_vars for v in (ab, ba)], decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: FireflyParams) -> Iterator[Solution]:
        """Every set of edges giving each empty cell none or two and each firefly one to four
        and every dot's edge drawn (`verify` sorts out the rest)."""
        edges = params.edges()
        if len(edges) > ENUMERATE_MOST:
            raise PuzzleError(f"a board of {len(edges)} edges is too large to enumerate")
        dots = params.dots()
        degrees = {cell: frozenset((1, 2, 3, 4) if cell in dots else (0, 2)) for cell in params.cells()}
        required = frozenset((min(cell, nxt), max(cell, nxt)) for cell, d in params.fireflies
                             for nxt in [step(cell, d)])
        for grid in bounded_degree_edge_sets(edges, degrees, required):
            yield tuple(tuple(shape(grid[(r, c)]) for c in range(params.width)) for r in range(params.height))

    def verify(self, inst: Instance, solution: Solution) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.height} rows of {p.width} cells"]
        for cell in p.cells():
            s = solution[cell[0]][cell[1]]
            if not isinstance(s, str) or shape(s) != s:
                return [f"{cell_name(cell)}: {quote(s)} is not a set of directions in UDLR order"]
        dots = p.dots()
        problems: list[str] = []
        if not any(solution[r][c] for r, c in p.cells()):
            problems.append("no line is drawn")
        for cell in p.cells():
            s, name = solution[cell[0]][cell[1]], cell_name(cell)
            for d in s:
                nxt = step(cell, d)
                if not p.inside(*nxt):
                    problems.append(f"{name}: the line leaves the grid going {d}")
                elif OPPOSITE[d] not in solution[nxt[0]][nxt[1]]:
                    problems.append(f"{name}: the line goes {d} but {cell_name(nxt)} does not join it")
            if cell in dots:
                if dots[cell] not in s:
                    problems.append(f"{name}: no line leaves the firefly's dot ({dots[cell]})")
            elif len(s) == 1:
                problems.append(f"{name}: a line ends here, away from any firefly (a dead end)")
            elif len(s) == 3:
                problems.append(f"{name}: the line has 3 ends here (a branch)")
            elif len(s) == 4:
                problems.append(f"{name}: the line has 4 ends here (a crossing)")
        for seg in trace(p, solution):
            if seg.end is None:
                continue
            start_dot, end_dot = seg.side == dots[seg.start], seg.end_side == dots[seg.end]
            a, b = cell_name(seg.start), cell_name(seg.end)
            if start_dot and end_dot:
                problems.append(f"the line from {a} to {b} joins two dots (a beam ends by a side without a dot)")
            elif not start_dot and not end_dot:
                problems.append(f"the line between {a} and {b} leaves neither firefly's dot")
            else:
                owner = seg.start if start_dot else seg.end
                n = inst.clues.get(owner)
                if n is not None and n != seg.turns:
                    problems.append(f"{cell_name(owner)} says {n} turns, its line turns {seg.turns} times")
        pieces = networks(p, solution)
        if len(pieces) > 1:
            problems.append(f"the lines form {len(pieces)} separate networks, not one")
        return problems


def small_loops(params: FireflyParams, used: dict[tuple[Cell, str], int]) -> list[Clause]:
    """Four empty cells in a square never hold a loop around it: their lines would close on
    themselves, with no firefly (implied by the one-network rule; cheaper than its cuts)."""
    dots = params.dots()
    clauses = []
    for r in range(params.height - 1):
        for c in range(params.width - 1):
            if any(cell in dots for cell in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))):
                continue
            clauses.append([-used[((r, c), "R")], -used[((r + 1, c), "R")], -used[((r, c), "D")],
                            -used[((r, c + 1), "D")]])
    return clauses


PUZZLE = Firefly()
