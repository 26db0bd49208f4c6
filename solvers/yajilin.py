"""Yajilin (Yajirin): shade some cells, none two side by side, and draw one loop through every
other cell; an arrow with a number says how many shaded cells lie that way.

Vocabulary: a *clue cell* is neither shaded nor on the loop; it may hold a clue, an arrow
(U, D, L, R) and a number, or none (a clue cell whose number is not shown, pzprjs's `?`).
Every other cell is *free*: shaded, or on the loop. The clue cells are the board's structure
(`params.blocks`); the clues are the arrows with their numbers, so stripping a clue leaves
its cell a blank clue cell: the cell itself stays, as taking it away would make it a free
cell and so change the solution. A solution is the grid of cells: "#" shaded, a loop shape
("UD", "DR", ...) for a cell on the loop, "" for a clue cell.

The primary variables are every free cell's "shaded" and every edge between two free cells.
A free cell is shaded with no edge or unshaded with two (CNF); each arrow of each clue cell
has an exact counter over the shade variables that way (`exact_counts`, made when a clue asks
for it), so a clue is one unit. That the used edges form one loop, not several, goes in lazily through `cuts`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    Clause,
    CluePuzzle,
    CpModel,
    Exactly,
    Instance,
    PuzzleError,
    Rules,
    quote,
)
from ..lab.face.share import box_grid
from ..lab.toolkit.answers import grid_text
from ..lab.toolkit.cellgrid import BoardCells, CellRow, GridJson, GridText
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.counting import exact_counts
from ..lab.toolkit.numbering import cell_name
from ..lab.toolkit.paths import Edge, degree_two_edge_sets, find, joined, numbered_edges
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, size_column, write_arrow_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, loop_items, loop_shapes, shaded, shading_items
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.textgrid import JsonObject, Token
from .pearl import BOX, DIRS, OPPOSITE, STEP, PearlParams, pieces_of, read_shape, shape

Cell = tuple[int, int]
Clue = tuple[str, int]  # (direction U/D/L/R, how many shaded cells that way)
Solution = tuple[tuple[str, ...], ...]  # "#" shaded, a loop shape, "" a clue cell

SHADED = "#"
BLANK_CLUE = "?"  # a clue cell with no clue shown
FREE_CELL = {".", "-", "_"}
ARROW_TEXT = {"U": "^", "D": "v", "L": "<", "R": ">"}
ARROWS = {**{a: d for d, a in ARROW_TEXT.items()}, "V": "D", "↑": "U", "↓": "D", "←": "L", "→": "R",
          **{d: d for d in DIRS}, **{d.lower(): d for d in "ULR"}, "d": "D"}
TOKEN = re.compile(r"^(?:(?P<a>[^0-9])(?P<n>[0-9]+)|(?P<m>[0-9]+)(?P<b>[^0-9]))$")
PUZZLINK_DIRS = "UDLR"  # pzprjs's qdir 1..4: up, down, left, right (0: no arrow)
FILE_CLUE = re.compile(r"(\d),(-|-2|\d+)")  # pzprjs's file: a clue cell's direction and number (`-`: none)
# Size limit: the one-loop rule goes in as cuts, one solver call each, as for Pearl; an open
# 20x20 board solves in 0.7 s, a 25x25 one runs out of 10,000 conflicts.
SIZE = BoardLimit(20, 20, 1, 1)
EARLY = SIZE.early("yajilin")  # the readers' size check, before any cell is read
ENUMERATE_MOST = 20  # free cells `candidates` enumerates over


def step(cell: Cell, d: str) -> Cell:
    dr, dc = STEP[d]
    return cell[0] + dr, cell[1] + dc


@dataclass(frozen=True)
class YajilinParams(BoardCells):
    """A width x height board and its clue cells (sorted), which hold no loop and no shading."""

    width: int
    height: int
    blocks: tuple[Cell, ...] = ()

    def __post_init__(self) -> None:
        SIZE.check("yajilin", self.width, self.height)
        for r, c in self.blocks:
            if not self.inside(r, c):
                raise PuzzleError(f"clue cell r{r + 1}c{c + 1} is off the {self.width}x{self.height} board")

    def free(self) -> list[Cell]:
        """The cells that are shaded or on the loop, row by row."""
        blocks = set(self.blocks)
        return [cell for cell in self.cells() if cell not in blocks]

    def edges(self) -> list[tuple[Cell, Cell]]:
        """Every edge between two free cells once, as (cell, its right or lower neighbour)."""
        blocks = set(self.blocks)
        return [(cell, nxt) for cell in self.cells() if cell not in blocks for d in "RD"
                if self.inside(*(nxt := step(cell, d))) and nxt not in blocks]

    def ray(self, cell: Cell, d: str) -> list[Cell]:
        """The free cells from `cell` (not itself) to the board's edge going `d`."""
        blocks, out = set(self.blocks), []
        nxt = step(cell, d)
        while self.inside(*nxt):
            if nxt not in blocks:
                out.append(nxt)
            nxt = step(nxt, d)
        return out

    def most_shaded(self, cell: Cell, d: str) -> int:
        """The most shaded cells the arrow `d` at `cell` could count: none side by side."""
        most, run, last = 0, 0, None
        for nxt in self.ray(cell, d):
            adjacent = last is not None and abs(nxt[0] - last[0]) + abs(nxt[1] - last[1]) == 1
            if not adjacent:
                most += (run + 1) // 2
                run = 0
            run += 1
            last = nxt
        return most + (run + 1) // 2


def make_params(width: int, height: int, blocks: Iterable[Cell] = (), line: int | None = None) -> YajilinParams:
    SIZE.check("yajilin", width, height, line=line)
    return YajilinParams(width, height, tuple(sorted(set(blocks))))


def shaded_count(solution: Solution, params: YajilinParams, cell: Cell, d: str) -> int:
    """How many cells `solution` shades from `cell` going `d` (plain Python)."""
    n, nxt = 0, step(cell, d)
    while params.inside(*nxt):
        n += solution[nxt[0]][nxt[1]] == SHADED
        nxt = step(nxt, d)
    return n


def loop_only(solution: Solution) -> tuple[tuple[str, ...], ...]:
    """The loop's shapes alone (shaded and clue cells empty), as Pearl's loop checks read them."""
    return tuple(tuple("" if s == SHADED else s for s in row) for row in solution)


def loop_pieces(params: YajilinParams, solution: Solution) -> list[list[int]]:
    """The connected pieces of the drawn line, as lists of cell numbers (row by row)."""
    return pieces_of(PearlParams(params.width, params.height), loop_only(solution))


def clue_token(clue: Clue | None) -> str:
    return BLANK_CLUE if clue is None else f"{ARROW_TEXT[clue[0]]}{clue[1]}"


def read_clue(text: str, line: int | None, column: int | None) -> Clue | None:
    """An arrow and a number ("<2", "2<", "L2", "←2"), or `?` for a clue cell with none."""
    if text == BLANK_CLUE:
        return None
    m = TOKEN.match(text)
    arrow = m and (m["a"] or m["b"])
    if not m or arrow not in ARROWS:
        raise PuzzleError(f"bad cell {quote(text)} (expected . a free cell, ? a clue cell without a clue, "
                          "or an arrow ^ v < > with a number, as <2)", line, column)
    number = m["n"] or m["m"]
    if len(number) > 3:
        raise PuzzleError(f"number {quote(number)} is too large", line, column)
    return ARROWS[arrow], int(number)


def read_cell(token: str) -> str:
    """One cell of a model's answer: `#` shaded, else a loop shape or `.` (Pearl's reader)."""
    return SHADED if token in (SHADED, "■", "█") else read_shape(token)


@dataclass
class YajilinVars:
    shade: dict[Cell, int]
    var: dict[tuple[Cell, str], int]  # (cell, direction) -> edge variable
    counts: dict[tuple[Cell, str], list[int]]  # (clue cell, direction) -> eq[n]: n cells that way shaded
    graph: tuple[list[Cell], list[Edge]] | None = field(default=None)
    pool: IDPool = field(default_factory=IDPool)  # for the counters the clues ask for
    false: int = 0

    def around(self, cell: Cell) -> list[int]:
        return [v for d in DIRS if (v := self.var.get((cell, d))) is not None]


def small_loops(params: YajilinParams, data: YajilinVars) -> list[Clause]:
    """A loop around four cells is the whole loop only if every free cell beside it is
    shaded: one clause each (implied by the one-loop rule, so sound; without them an open
    board's SAT models are mostly such squares, each ruled out by a round of cuts)."""
    clauses = []
    for r in range(params.height - 1):
        for c in range(params.width - 1):
            square = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            if not all(cell in data.shade for cell in square):
                continue
            sides = [data.var[((r, c), "R")], data.var[((r + 1, c), "R")], data.var[((r, c), "D")],
                     data.var[((r, c + 1), "D")]]
            beside = {step(cell, d) for cell in square for d in DIRS} - set(square)
            clauses += [[-e for e in sides] + [data.shade[x]] for x in sorted(beside) if x in data.shade]
    return clauses


class Yajilin(CluePuzzle[YajilinParams, Cell, Solution]):
    name = "yajilin"
    # not cacheable: a clue's counter draws new variables from the rules' pool (building all four
    # ways of every clue cell up front took a third of generation)
    aliases = ("yajirin",)
    title = "Yajilin (Yajirin): shade cells, one loop through the rest"
    rules_text = ("Shade some cells, never two side by side, and draw one loop through the centres of all other "
                  "cells that hold no clue; an arrow and number say how many shaded cells lie that way.")
    codecs = (GridText(spaced=True, limit=EARLY), PuzzLinkCodec(genres=("yajilin", "yajirin")), GridJson(limit=EARLY),
              Pzprv3Codec(genres=("yajilin",)))
    cell_names = {SHADED: "shaded", "": "clue cell"}
    size = SIZE
    example = " ?  .  . v1\n .  .  .  .\n .  .  .  .\n>1  .  .  ."

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None) -> Instance:
        width = len(rows[0])
        for r, row in enumerate(rows):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, expected {width}",
                                  row[0].line if row else line)
        blocks, clues = [], {}
        for r, row in enumerate(rows):
            for c, t in enumerate(row):
                if t.text.strip() in FREE_CELL:
                    continue
                blocks.append((r, c))
                clue = read_clue(t.text.strip(), t.line, t.column)
                if clue is not None:
                    if clue[1] > max(width, len(rows)):
                        raise PuzzleError(f"number {clue[1]} is more than a line of the board holds", t.line,
                                          t.column)
                    clues[(r, c)] = clue
        return Instance(self.name, make_params(width, len(rows), blocks, line), clues)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of cells separated by spaces: `.` a free cell, `?` a clue cell without a
        clue, an arrow (^ v < >) and a number a clue."""
        return self._instance(rows, rows[0].line)

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of cell texts as the plain form's ("." free, "?", "<2")."""
        for row in grid:
            for v in row:
                if not isinstance(v, str):
                    raise doc.error("grid", f"a cell is {quote(v)}, not a text like \".\", \"?\" or \"<2\"")
        return self._instance([[Token(v, 1, None) for v in row] for row in grid], 1)

    def rows(self, inst: Instance) -> list[list[str]]:
        p, blocks = inst.params, set(inst.params.blocks)
        return [[clue_token(inst.clues.get((r, c))) if (r, c) in blocks else "." for c in range(p.width)]
                for r in range(p.height)]

    def cells(self, inst: Instance, solution: Solution | None = None) -> list[list[str]]:
        """The board, or with a solution: `#` shaded, the loop in box drawing, the clues."""
        rows = self.rows(inst)
        if solution is None:
            return rows
        return [[SHADED if s == SHADED else BOX[s] if s else rows[r][c] for c, s in enumerate(row)]
                for r, row in enumerate(solution)]

    def cell_width(self, inst: Instance) -> int:
        return max(len(t) for row in self.rows(inst) for t in row)

    def json_grid(self, inst: Instance) -> list[list[str]]:
        return self.rows(inst)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """`arrow_numbers16`: direction 1..4 up, down, left, right. A clue cell with no arrow and
        no number (`0.`) is a blank clue cell; a number with no arrow is refused (pzprjs's
        `anNoArrow`), and so is an arrow with no number. The flag `b` (clue cells drawn
        black) is how pzprjs shows them; `o` (shaded cells outside the loop) is another rule."""
        if link.flags.replace("b", ""):
            raise PuzzleError(f"a puzz.link {link.genre} address with the flags {quote(link.flags)}: shaded cells "
                              "outside the loop is another rule", 1, max(1, size_column(link) - len(link.flags) - 1))
        SIZE.check(self.name, link.cols, link.rows, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        flat = cursor.read_arrow_numbers16(link.cols * link.rows)
        cursor.end()
        blocks, clues = [], {}
        for i, v in enumerate(flat):
            if v is None:
                continue
            cell = (i // link.cols, i % link.cols)
            blocks.append(cell)
            d, n = v
            if d == 0 and n == UNKNOWN:
                continue
            if d == 0 or n == UNKNOWN or not 1 <= d <= 4:
                what = "a number with no arrow" if d == 0 else "an arrow with no number" if n == UNKNOWN \
                    else f"the direction {d}"
                raise PuzzleError(f"puzz.link body: {cell_name(cell)} holds {what}: not a Yajilin clue", 1,
                                  link.column)
            clues[cell] = (PUZZLINK_DIRS[d - 1], n)
        return Instance(self.name, make_params(link.cols, link.rows, blocks), clues)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p, blocks = inst.params, set(inst.params.blocks)
        flat: list[tuple[int, int] | None] = []
        for cell in p.cells():
            clue = inst.clues.get(cell)
            flat.append(None if cell not in blocks else (0, UNKNOWN) if clue is None
                        else (PUZZLINK_DIRS.index(clue[0]) + 1, clue[1]))
        return PuzzLink("yajilin", p.width, p.height, write_arrow_numbers16(flat))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Solution]:
        """pzprjs's yajilin.js: `o` (shaded cells outside the loop, another rule) refused as in
        the address; the clue cells (`.` none; `DIR,NUM`, direction 0 none or 1..4 up, down,
        left, right, and `-` a number not shown: only `0,-` and an arrow with its number are
        Yajilin's), then the shading (`#`; `+` the player's dot), then the loop on the edges
        between cells (`-1` the player's cross). A line into a clue or shaded cell is no part of
        the solution's cells."""
        if pzl.flag("o"):
            raise pzl.refuse("yajilin with the flag 'o': shaded cells outside the loop is another rule", -1)
        SIZE.check(self.name, pzl.cols, pzl.rows, line=3)
        blocks, clues = [], {}
        for r, row in enumerate(pzl.tokens()):
            for c, t in enumerate(row):
                if t.text == ".":
                    continue
                m = FILE_CLUE.fullmatch(t.text)
                if m is None:
                    raise bad_item(t, "is no Yajilin clue cell (. none, or a direction and a number, as 2,1)")
                blocks.append((r, c))
                d, n = int(m.group(1)), m.group(2)
                if d == 0 and n.startswith("-"):
                    continue
                if d == 0 or n.startswith("-") or d > 4:
                    what = "a number with no arrow" if d == 0 else "an arrow with no number" if n.startswith("-") \
                        else f"the direction {d}"
                    raise bad_item(t, f"at {cell_name((r, c))} holds {what}: not a Yajilin clue")
                clues[(r, c)] = (PUZZLINK_DIRS[d - 1], int(n))
        inst = Instance(self.name, make_params(pzl.cols, pzl.rows, blocks), clues)
        shading, loop = shaded(pzl.cells()), loop_shapes(*pzl.borders())
        free = set(inst.params.free())
        return inst, tuple(tuple("" if (r, c) not in free else SHADED if shading[r][c] else loop[r][c]
                                 for c in range(pzl.cols)) for r in range(pzl.rows))

    def pzprv3(self, inst: Instance, solution: Solution | None) -> Pzprv3Writer:
        p, blocks = inst.params, set(inst.params.blocks)

        def item(r: int, c: int) -> str:
            clue = inst.clues.get((r, c))
            if (r, c) not in blocks:
                return "."
            return "0,-" if clue is None else f"{PUZZLINK_DIRS.index(clue[0]) + 1},{clue[1]}"
        shading = [[s == SHADED for s in row] for row in solution] if solution else None
        right, below = loop_items(loop_only(solution) if solution else None, p.height, p.width)
        return (Pzprv3Writer("yajilin", p.height, p.width).grid(item)
                .items(shading_items(shading, p.height, p.width)).borders(right, below))

    def describe_clue(self, key: Cell, value: Clue) -> str:
        return f"{cell_name(key)}={clue_token(value)}"

    def clue_json(self, key: Cell, value: Clue) -> dict:
        return {"row": key[0] + 1, "col": key[1] + 1, "arrow": value[0], "number": value[1]}

    def solution_json(self, inst: Instance, solution: Solution) -> list[list[str]]:
        return [list(row) for row in solution]

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: clues as an arrow and a number, `?` a blank clue cell."""
        shown = {"^": "↑", "v": "↓", "<": "←", ">": "→"}
        return box_grid([["" if t == "." else shown.get(t[0], t[0]) + t[1:] for t in row] for row in self.rows(inst)])

    def canonical(self, inst: Instance) -> str:
        """The least plain text of the board's turns and mirrors (arrows turned with it)."""
        p = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            params = make_params(w, h, (sym.cell(*cell) for cell in p.blocks))
            clues = {sym.cell(*cell): (sym.direction(d), n) for cell, (d, n) in inst.clues.items()}
            forms.append(self.format(Instance(self.name, params, clues)))
        return min(forms)

    # ---- for language models --------------------------------------------------------
    board_legend = ("one row per line, cells separated by spaces: `.` a cell to shade or pass the loop through, an "
                    "arrow (`^` up, `v` down, `<` left, `>` right) followed by a number a clue cell (that many shaded "
                    "cells lie that way), `?` a clue cell without a clue")
    answer_format = ("one row per line, cells separated by single spaces: `#` a shaded cell; for a cell on the loop "
                     "the two directions the loop leaves it by, in the order U D L R (`UD`, `LR`, `DR`, `DL`, `UR` "
                     "or `UL`); `.` for a clue cell")
    answer_cells = (read_cell, "cell")

    def answer_text(self, inst: Instance, solution: Solution) -> str:
        return grid_text([s or "." for s in row] for row in solution)

    # ---- pictures -------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Solution | None = None) -> None:
        """As Nikoli prints it: a clue's number with a small arrow beside it pointing its
        way, a clue cell without a clue grey; in the solution shaded cells black and the
        loop a thick line through the cell centres."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        arrow = {"U": "↑", "D": "↓", "L": "←", "R": "→"}
        for r, c in p.blocks:
            clue = inst.clues.get((r, c))
            if clue is None:
                board.shade(r, c, "0.75")
            else:
                d, n = clue
                board.text(r, c, f"{arrow[d]}{n}" if d in "LR" else f"{n}{arrow[d]}", 0.45)
        if solution is not None:
            for r, row in enumerate(solution):
                for c, s in enumerate(row):
                    if s == SHADED:
                        board.shade(r, c, "black")
                    for d in s if s != SHADED else "":
                        if d in "RD":
                            board.line([(r, c), step((r, c), d)], "black", 0.1)
        board.grid(colour="black")

    # ---- SAT --------------------------------------------------------------------------
    def rules(self, params: YajilinParams, pool: IDPool) -> Rules:
        free = params.free()
        shade = {cell: pool.id(("shade", cell)) for cell in free}
        var: dict[tuple[Cell, str], int] = {}
        for a, b in params.edges():
            v = pool.id(("edge", a, b))
            d = "R" if a[0] == b[0] else "D"
            var[(a, d)] = var[(b, OPPOSITE[d])] = v
        data = YajilinVars(shade, var, {})
        clauses: list[Clause] = []
        for cell in free:
            s, around = shade[cell], data.around(cell)
            clauses += [[-e, -s] for e in around]  # shaded: no line
            clauses.append([s, *around])  # unshaded: on the loop ...
            clauses += [[s] + around[:i] + around[i + 1:] for i in range(len(around))]  # ... with two edges
            clauses += [[-e] + [f for f in around if f != e] for e in around]  # never one
            clauses += [[-e for e in trio] for trio in combinations(around, 3)]  # nor three or four
            for d in "RD":
                nxt = step(cell, d)
                if nxt in shade:
                    clauses.append([-s, -shade[nxt]])  # no two shaded side by side
        clauses += small_loops(params, data)
        data.false = pool.id("false")
        clauses.append([-data.false])
        data.pool = pool
        primary = [shade[cell] for cell in free] + sorted(set(var.values()))
        return Rules(clauses, primary, data)

    def _check_clue(self, params: YajilinParams, key: Cell, value: Clue) -> None:
        if key not in params.blocks:
            raise PuzzleError(f"clue at {cell_name(key)}, which is not a clue cell of the board")
        if not (isinstance(value, tuple) and len(value) == 2 and value[0] in STEP and isinstance(value[1], int)
                and value[1] >= 0):
            raise PuzzleError(f"bad clue {quote(value)} at {cell_name(key)} (an arrow U D L R and a number)")

    def clue_clauses(self, params: YajilinParams, rules: Rules, key: Cell, value: Clue) -> list[Clause]:
        """The counter of the arrow's way (made when a clue first asks for it) at the number."""
        self._check_clue(params, key, value)
        data: YajilinVars = rules.data
        clauses: list[Clause] = []
        eq = data.counts.get((key, value[0]))
        if eq is None:
            ray = params.ray(key, value[0])
            eq = exact_counts(data.pool, [data.shade[x] for x in ray], clauses, data.false,
                              params.most_shaded(key, value[0])) if ray else [-data.false]
            data.counts[(key, value[0])] = eq
        return clauses + ([[eq[value[1]]]] if value[1] < len(eq) else [[]])

    def clue_counts(self, params: YajilinParams, rules: Rules, key: Cell, value: Clue) -> list[Exactly]:
        self._check_clue(params, key, value)
        shade = rules.data.shade
        return [Exactly(tuple(shade[x] for x in params.ray(key, value[0])), value[1])]

    def decode(self, params: YajilinParams, rules: Rules, true_vars) -> Solution:
        data: YajilinVars = rules.data
        out = []
        for r in range(params.height):
            row = []
            for c in range(params.width):
                s = data.shade.get((r, c))
                if s is None:
                    row.append("")
                elif s in true_vars:
                    row.append(SHADED)
                else:
                    row.append(shape(d for d in DIRS if (v := data.var.get(((r, c), d))) is not None
                                     and v in true_vars))
            out.append(tuple(row))
        return tuple(out)

    def solution_literals(self, params: YajilinParams, rules: Rules, solution: Solution) -> list[int]:
        # the shading, and the edges used: another loop through the same cells using them all is this loop
        data: YajilinVars = rules.data
        lits = [v if solution[r][c] == SHADED else -v for (r, c), v in data.shade.items()]
        return lits + [data.var[(a, "R" if a[0] == b[0] else "D")] for a, b in params.edges()
                       if ("R" if a[0] == b[0] else "D") in solution[a[0]][a[1]]]

    def cuts(self, params: YajilinParams, rules: Rules, solution: Solution, true_vars) -> list[Clause]:
        """The candidate's loop is several disjoint cycles. For a cycle with cell set S, an
        edge e of it and an edge f of another: in one loop through both, some edge leaves S.
        So: not e, or not f, or an edge with one end in S is used (the one-loop rule alone)."""
        pieces = loop_pieces(params, solution)
        if len(pieces) <= 1:
            return []
        data: YajilinVars = rules.data
        w = params.width
        cells = [(i // w, i % w) for i in range(w * params.height)]
        some_edge = [data.var[(cells[p[0]], solution[cells[p[0]][0]][cells[p[0]][1]][0])] for p in pieces]
        piece_of = [-1] * len(cells)
        for i, piece in enumerate(pieces):
            for n in piece:
                piece_of[n] = i
        clauses = []
        for i, piece in enumerate(pieces):
            border = [v for n in piece for d in DIRS if (v := data.var.get((cells[n], d))) is not None
                      and piece_of[step(cells[n], d)[0] * w + step(cells[n], d)[1]] != i]
            for j in range(len(pieces)):
                if j != i:
                    clauses.append(border + [-some_edge[i], -some_edge[j]])
        return clauses

    def _closed(self, params: YajilinParams, rules: Rules, holds: Callable[[int], bool]):
        """The union-find of the edges known used, the loops they close, and the graph."""
        data: YajilinVars = rules.data
        if data.graph is None:
            cells = params.cells()
            data.graph = (cells, numbered_edges(cells, params.edges(), data.var)[1])
        cells, edges = data.graph
        used, loops = joined(len(cells), edges, holds)
        return cells, edges, used, loops

    def lazy_units(self, params: YajilinParams, rules: Rules, holds: Callable[[int], bool]) -> list[int]:
        """Once the used edges close a loop it is the loop: every other edge is unused and
        every free cell off it shaded. Before that, an edge that would close a loop while
        some used edge or unshaded cell lies off that piece is unused."""
        data: YajilinVars = rules.data
        cells, edges, used, loops = self._closed(params, rules, holds)
        undecided = [(i, j, lit) for i, j, lit in edges if not holds(lit) and not holds(-lit)]
        if loops:
            root = find(used, loops[0])
            return [-lit for _, _, lit in undecided] + [
                s for i, cell in enumerate(cells) if (s := data.shade.get(cell)) is not None
                and find(used, i) != root and not holds(s) and not holds(-s)]
        outside: dict[int, int] = {}  # a piece's root -> edges and unshaded cells in it
        total = 0
        for i, cell in enumerate(cells):
            s = data.shade.get(cell)
            if s is not None and holds(-s):
                root = find(used, i)
                outside[root] = outside.get(root, 0) + 1
                total += 1
        return [-lit for i, j, lit in undecided
                if (root := find(used, i)) == find(used, j) and outside.get(root, 0) < total]

    def dead_end(self, params: YajilinParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """The used edges close a loop and an unshaded cell lies off it."""
        data: YajilinVars = rules.data
        cells, _, used, loops = self._closed(params, rules, holds)
        if not loops:
            return False
        root = find(used, loops[0])
        return any(find(used, i) != root and (s := data.shade.get(cell)) is not None and holds(-s)
                   for i, cell in enumerate(cells))

    # ---- CP-SAT -----------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """AddCircuit over the free cells, a cell's self-loop arc its being shaded; no two
        shaded side by side; each clue a linear sum of the shaded cells its arrow points at."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        free = p.free()
        index = {cell: i for i, cell in enumerate(free)}
        shaded = {cell: model.new_bool_var(f"s{cell}") for cell in free}
        arcs = [(index[cell], index[cell], shaded[cell]) for cell in free]
        links = []
        for a, b in p.edges():
            ab, ba = model.new_bool_var(f"{a}>{b}"), model.new_bool_var(f"{b}>{a}")
            arcs += [(index[a], index[b], ab), (index[b], index[a], ba)]
            model.add(ab + ba <= 1)
            model.add_bool_or([~shaded[a], ~shaded[b]])
            links.append((a, b, "R" if a[0] == b[0] else "D", ab, ba))
        for cell in free:
            if not any(step(cell, d) in shaded for d in DIRS):
                model.add(shaded[cell] == 1)  # no way in: AddCircuit needs a lone node skipped
        if free:
            model.add_circuit(arcs)
        for cell, (d, n) in inst.clues.items():
            model.add(sum(shaded[x] for x in p.ray(cell, d)) == n)

        def decode(value) -> Solution:
            ways: dict[Cell, set[str]] = {cell: set() for cell in free}
            for a, b, d, ab, ba in links:
                if value(ab) or value(ba):
                    ways[a].add(d)
                    ways[b].add(OPPOSITE[d])
            return tuple(tuple("" if (r, c) not in shaded else SHADED if value(shaded[(r, c)])
                               else shape(ways[(r, c)]) for c in range(p.width)) for r in range(p.height))

        return CpModel(model, [lit for _, _, lit in arcs], decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: YajilinParams) -> Iterator[Solution]:
        """Every shading of free cells, none side by side, with every set of edges between
        the unshaded ones giving each of them two (unions of cycles: `verify` sorts out
        the rest)."""
        free = params.free()
        if len(free) > ENUMERATE_MOST:
            raise PuzzleError(f"a board of {len(free)} free cells is too large to enumerate")
        edges = params.edges()

        def shadings(i: int, chosen: set[Cell]) -> Iterator[set[Cell]]:
            if i == len(free):
                yield chosen
                return
            yield from shadings(i + 1, chosen)
            cell = free[i]
            if not any(step(cell, d) in chosen for d in DIRS):
                yield from shadings(i + 1, chosen | {cell})

        for chosen in shadings(0, set()):
            open_cells = [cell for cell in free if cell not in chosen]
            open_edges = [(a, b) for a, b in edges if a not in chosen and b not in chosen]
            for grid in degree_two_edge_sets(open_cells, open_edges):
                if all(grid[cell] for cell in open_cells):
                    yield tuple(tuple(SHADED if (r, c) in chosen else shape(grid.get((r, c), ()))
                                      for c in range(params.width)) for r in range(params.height))

    def verify(self, inst: Instance, solution: Solution) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.height} rows of {p.width} cells"]
        blocks = set(p.blocks)
        problems: list[str] = []
        empty: list[str] = []  # free cells left out: the line itself may still be whole
        for cell in p.cells():
            s, name = solution[cell[0]][cell[1]], cell_name(cell)
            if not isinstance(s, str) or (s != SHADED and shape(s) != s):
                problems.append(f"{name}: {quote(s)} is not '#' or a set of directions in UDLR order")
                continue
            if cell in blocks:
                if s:
                    problems.append(f"{name} is a clue cell, but it is {'shaded' if s == SHADED else 'on the loop'}")
                continue
            if s == SHADED:
                for d in "RD":
                    nxt = step(cell, d)
                    if p.inside(*nxt) and solution[nxt[0]][nxt[1]] == SHADED:
                        problems.append(f"shaded {name} and {cell_name(nxt)} touch")
                continue
            if not s:
                empty.append(f"{name} is neither shaded nor on the loop")
            elif len(s) != 2:
                problems.append(f"{name}: the line has {len(s)} ends here, not 2")
            for d in s:
                nxt = step(cell, d)
                if not p.inside(*nxt):
                    problems.append(f"{name}: the line leaves the grid going {d}")
                elif OPPOSITE[d] not in solution[nxt[0]][nxt[1]] or solution[nxt[0]][nxt[1]] == SHADED:
                    problems.append(f"{name}: the line goes {d} but {cell_name(nxt)} does not join it")
        if not problems and len(pieces := loop_pieces(p, solution)) > 1:
            problems.append(f"the line forms {len(pieces)} separate loops, not one")
        problems += empty
        for cell, (d, n) in sorted(inst.clues.items()):  # the shading alone: said even when the line is broken
            got = shaded_count(solution, p, cell, d)
            if got != n:
                problems.append(f"{cell_name(cell)} says {n} shaded {d}, there are {got}")
        return problems


PUZZLE = Yajilin()
