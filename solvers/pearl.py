"""Pearl (Masyu): one closed loop through cell centres that passes every pearl.

Vocabulary: a *cell* (r, c); an *edge* joins two orthogonally adjacent cells and is either
part of the loop or not; a cell's *shape* is the set of directions (U, D, L, R) the loop
leaves it by: "" (unused), a *straight* ("UD", "LR") or a *turn* ("DR", "DL", "UR", "UL").
A *black* pearl is a turn whose two loop neighbours are both straight (the loop goes on
straight through them); a *white* pearl is a straight with a turn in at least one of its
two loop neighbours. A solution is the grid of shapes; the loop must not be empty.

The primary variables are the edges. Every cell has degree 0 or 2 (CNF); that the used
edges form one loop, not several, goes in lazily through `cuts`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from pysat.formula import IDPool

from ..lab.engine.puzzle import BoardLimit, CluePuzzle, CpModel, Instance, PuzzleError, Rules, Speed, quote
from ..lab.face.share import NONE, box_grid
from ..lab.toolkit.answers import grid_text
from ..lab.toolkit.cellgrid import (
    CellRow,
    GridArray,
    GridJson,
    GridText,
    blanked,
    tatham_grid_id,
    tatham_grid_size,
)
from ..lab.toolkit.codecs import TATHAM_ID, MethodCodec, PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.numbering import NumberClues
from ..lab.toolkit.paths import Edge, degree_two_edge_sets, find, joined, numbered_edges
from ..lab.toolkit.puzzlink import Cursor, PuzzLink, refuse_flags, size_column, write_circles
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, loop_items, loop_shapes
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import game_id, tatham_cells
from ..lab.toolkit.textgrid import Element, JsonObject, Token

Cell = tuple[int, int]
Loop = tuple[tuple[str, ...], ...]  # the shape of every cell, directions in "UDLR" order

DIRS = "UDLR"
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
AXES = ("LR", "UD")  # the two straights
AXIS_ENDS = (("L", "R"), ("U", "D"))  # the same, as the two ways out of each
PEARLS = ("B", "W")
PUZZLINK_PEARLS = ("", "W", "B")  # puzz.link's circles: 1 white, 2 black
# Size limit: the one-loop rule goes in as cuts, one solver call each, so time grows fast
# with the board: seconds at 40x40, minutes at 45x45.
SIZE = BoardLimit(40, 40, 2, 2)
EARLY = SIZE.early("pearl")  # the readers' size check, before any cell is read

# Seed 000 draws a solved cell as two characters: the cell's glyph and what joins it to
# the right. Keyed by shape.
SEED_GLYPHS = {"": "  ", "UD": "┃ ", "LR": "━━",
               "DR": "┏━", "UR": "┗━", "DL": "━┒", "UL": "━┛"}
BOX = {"": "·", "UD": "│", "LR": "─", "DR": "┌", "DL": "┐", "UR": "└", "UL": "┘"}
# An answer's cell: UDLR letters, or compass letters (N up), or a drawn piece of line.
COMPASS = {"N": "U", "S": "D", "W": "L", "E": "R"}
UNVISITED = frozenset(".0·x")
PIECES = {**{glyph: s for s, glyph in BOX.items() if s},
          "┃": "UD", "━": "LR", "┏": "DR", "┓": "DL", "┗": "UR", "┛": "UL"}


def shape(dirs: Iterable[str]) -> str:
    """Canonical spelling of a set of directions."""
    got = set(dirs)
    return "".join(d for d in DIRS if d in got)


def step(cell: Cell, d: str) -> Cell:
    dr, dc = STEP[d]
    return cell[0] + dr, cell[1] + dc


BIT = {d: 1 << k for k, d in enumerate(DIRS)}  # a direction as one bit of a shape
SHAPES = tuple(shape(d for d in DIRS if bits & BIT[d]) for bits in range(16))  # a shape from its bits


@dataclass(frozen=True)
class PearlParams:
    width: int
    height: int

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.height) for c in range(self.width)]

    def edges(self) -> list[tuple[Cell, Cell]]:
        """Every edge once, as (cell, its right or lower neighbour)."""
        out = []
        for cell in self.cells():
            for d in "RD":
                if self.inside(step(cell, d)):
                    out.append((cell, step(cell, d)))
        return out

    def rotate(self, cell: Cell) -> Cell:
        return self.height - 1 - cell[0], self.width - 1 - cell[1]


def make_params(width: int, height: int, line: int | None = None) -> PearlParams:
    """Board params within the pearl size limit, for reading and generating alike."""
    SIZE.check("pearl", width, height, line=line)
    return PearlParams(width, height)


class Board(NamedTuple):
    """A board size's cells numbered row by row and where the line can go from each, made
    once per size (`board`) for the loop checks run after every SAT model: read only."""

    cells: tuple[Cell, ...]
    edges: tuple[tuple[Cell, Cell], ...]  # as `PearlParams.edges`
    toward: tuple[Mapping[str, int], ...]  # by cell number and direction: the cell there, if on the board


@lru_cache(maxsize=16)
def board(params: PearlParams) -> Board:
    """The cell and edge tables of a board size (four look-ups a cell: a one-shot check of
    a large board builds them once and uses a few)."""
    cells = tuple(params.cells())
    number = {cell: i for i, cell in enumerate(cells)}
    toward = tuple(MappingProxyType({d: number[step(cell, d)] for d in DIRS if params.inside(step(cell, d))})
                   for cell in cells)
    return Board(cells, tuple(params.edges()), toward)


def loops_of(params: PearlParams, loop: Loop) -> list[list[Cell]]:
    """The connected pieces of the drawn line (cells joined by used edges), as cell lists."""
    cells = board(params).cells
    return [[cells[i] for i in piece] for piece in pieces_of(params, loop)]


def pieces_of(params: PearlParams, loop: Loop) -> list[list[int]]:
    """`loops_of` with cells as numbers (row by row), each piece in the order a depth-first
    walk from its first cell meets them: the order the cuts' clauses list their edges in."""
    toward = board(params).toward
    shapes = [s for row in loop for s in row]
    seen = [False] * len(shapes)
    pieces = []
    for start, s in enumerate(shapes):
        if seen[start] or not s:
            continue
        piece, todo = [], [start]
        seen[start] = True
        while todo:
            i = todo.pop()
            piece.append(i)
            there = toward[i]
            for d in shapes[i]:
                j = there.get(d)
                if j is not None and not seen[j]:
                    seen[j] = True
                    todo.append(j)
        pieces.append(piece)
    return pieces


class Tables(NamedTuple):
    """Each edge variable where the model checks want it, made once per rules (`_tables`)."""

    lines: tuple[tuple[int, int, int, int, int], ...]  # (variable, cell, its bit, other cell, its bit) by edge
    exits: tuple[tuple[tuple[int, int], ...], ...]  # by cell number: (variable, cell across) in DIRS order


@dataclass
class EdgeVars:
    """The SAT variable of every edge, looked up from either end, and of each cell's "the
    loop passes here"."""

    var: dict[tuple[Cell, str], int]  # (cell, direction) -> edge variable
    on: dict[Cell, int] = field(default_factory=dict)
    graph: tuple[list[Cell], list[Edge]] | None = None  # the cells and edges numbered (`_graph`), made once
    tables: Tables | None = None  # the same for decoding and cuts (`_tables`), made once

    def at(self, cell: Cell, d: str) -> int | None:
        return self.var.get((cell, d))

    def around(self, cell: Cell) -> list[int]:
        return [v for d in DIRS if (v := self.var.get((cell, d))) is not None]


def read_shape(token: str) -> str:
    """One cell of a model's answer as a shape: its directions in any order and case (U D L
    R, or N S W E), a piece of line drawn (`┌`, `│`), or `.` for none. The shape may still
    be wrong (one end, three): `verify` says so."""
    if token in UNVISITED or token.lower() in UNVISITED:
        return ""
    if token in PIECES:
        return PIECES[token]
    letters = [COMPASS.get(ch, ch) for ch in token.upper()]
    if not all(ch in STEP for ch in letters) or len(set(letters)) != len(letters):
        raise ValueError("not directions U D L R, each once, or . for none")
    return shape(letters)


class Pearl(NumberClues, CluePuzzle[PearlParams, Cell, Loop]):
    name = "pearl"
    clue_word = "pearl"
    # cacheable: a pearl is clauses over the rules' edge and "on" variables: no new ones
    speed = Speed(rules_cacheable=True)
    aliases = ("masyu",)
    title = "Pearl (Masyu): one loop through black and white pearls"
    rules_text = ("One loop through cell centres passes every pearl: it turns on a black pearl and goes straight "
                  "through the cells either side, and goes straight through a white pearl and turns next to it.")
    codecs = (GridText(limit=EARLY), PuzzLinkCodec(genres=("mashu", "pearl")),
              GridArray(limit=EARLY, empty="the array has no cells", first_row=True, solution_writer="seed_drawing"),
              MethodCodec("tatham", order=10, pattern=TATHAM_ID.pattern, solutions=True, reader="read_tatham",
                          writer="tatham_id", solution_writer="tatham_solution"),
              GridJson(limit=EARLY), Pzprv3Codec(genres=("mashu", "pearl")),
              MethodCodec("edges", solutions=True, boards=False, reader="no_board", writer="no_board",
                          solution_writer="edge_list"))  # a solution only: the loop's edges, one a line
    tatham_game: ClassVar[str | None] = "pearl"  # the game in Simon Tatham's collection
    size = SIZE
    example = "....\n.W.W\n....\n.B.."

    # ---- text forms ------------------------------------------------------------------
    def _instance(self, rows: list[list[str]], lines: list[int | None]) -> Instance:
        """Rows of 'B' / 'W' / '' cells; `lines[r]` is row r's line, for errors."""
        height = len(rows)
        width = len(rows[0])
        for r, row in enumerate(rows):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, expected {width}", lines[r])
        params = make_params(width, height, lines[0])
        clues = {(r, c): v for r, row in enumerate(rows) for c, v in enumerate(row) if v}
        return Instance(self.name, params, clues)

    @staticmethod
    def _pearl(text: str, line: int | None, column: int | None) -> str:
        t = text.strip().upper()
        if t in ("", ".", "_", "-"):
            return ""
        if t in PEARLS:
            return t
        raise PuzzleError(f"bad cell {quote(text)} (expected B, W or .)", line, column)

    @staticmethod
    def _bad(value: object, line: int | None, column: int | None) -> str:
        raise PuzzleError(f"bad cell {quote(value)} (expected 'B', 'W' or ' ')", line, column)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        return self._instance([[self._pearl(t.text, t.line, t.column) for t in row] for row in rows],
                              [row.line for row in rows])

    def array_cell(self, e: Element, r: int, c: int) -> str:
        return (self._pearl if isinstance(e.value, str) else self._bad)(e.value, e.line, e.column)

    def read_tatham(self, text: str) -> Instance:
        game = game_id(text)
        width, height = tatham_grid_size(self, game, r"(?:d[a-z])?n?", "8x8 or 8x8dt", EARLY)  # "n": unsoluble
        params = make_params(width, height, game.line)
        flat = tatham_cells(game, width * height, {p: p for p in PEARLS}, "")
        return Instance(self.name, params, {(i // width, i % width): v for i, v in enumerate(flat) if v})

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """`circles`: 1 a white pearl, 2 a black one. The flag `f` (the loop through every
        cell) is a rule Pearl lacks."""
        refuse_flags(link, "Pearl has no rule that the loop passes every cell" if link.flags == "f" else "")
        SIZE.check(self.name, link.cols, link.rows, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        flat = cursor.read_circles(link.cols * link.rows)
        cursor.end()
        clues = {(i // link.cols, i % link.cols): PUZZLINK_PEARLS[v] for i, v in enumerate(flat) if v}
        return Instance(self.name, make_params(link.cols, link.rows), clues)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        flat = [PUZZLINK_PEARLS.index(inst.clues.get(cell, "")) for cell in p.cells()]
        return PuzzLink("mashu", p.width, p.height, write_circles(flat))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Loop]:
        """The pearls (1 white, 2 black, as in the address), then the loop on the edges between
        cells (`f`, the loop through every cell, is refused as in the address)."""
        if pzl.flag("f"):
            raise pzl.refuse("Pearl has no rule that the loop passes every cell", -1)
        SIZE.check(self.name, pzl.cols, pzl.rows, line=3)
        clues = pzl.clues(self._pzprv3_pearl)
        inst = Instance(self.name, make_params(pzl.cols, pzl.rows), clues)
        return inst, loop_shapes(*pzl.borders())

    @staticmethod
    def _pzprv3_pearl(t: Token) -> str | None:
        if t.text not in (".", "1", "2"):
            raise bad_item(t, "is no Pearl cell (1 white, 2 black or .)")
        return PUZZLINK_PEARLS[int(t.text)] if t.text != "." else None

    def pzprv3(self, inst: Instance, solution: Loop | None) -> Pzprv3Writer:
        p = inst.params
        right, below = loop_items(solution, p.height, p.width)
        return (Pzprv3Writer("mashu", p.height, p.width)
                .grid(lambda r, c: PUZZLINK_PEARLS.index(inst.clues.get((r, c), "")) or ".").borders(right, below))

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows like "B..W"."""
        cells = [[self._pearl(v, 1, None) if isinstance(v, str) else self._bad(v, 1, None) for v in row]
                 for row in grid]
        return self._instance(cells, [1] * len(cells))

    def rows(self, inst: Instance) -> list[str]:
        p = inst.params
        return ["".join(inst.clues.get((r, c), ".") for c in range(p.width)) for r in range(p.height)]

    def cells(self, inst: Instance, solution: Loop | None = None) -> list[str] | list[list[str]]:
        """The board, or the solution's loop in box drawing (each row one line)."""
        if solution is None:
            return self.rows(inst)
        return [["".join(BOX[s] + ("─" if "R" in s else " ") for s in row).rstrip()] for row in solution]

    def array_board(self, inst: Instance) -> list[list[str]]:
        return blanked(self.rows(inst))

    def seed_drawing(self, inst: Instance, solution: Loop) -> str:
        """Seed 000's glyphs, two characters a cell."""
        return "[" + "\n ".join("[" + " ".join(repr(SEED_GLYPHS[s]) for s in row) + "]" for row in solution) + "]"

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        if p.width < 5 or p.height < 5:
            raise PuzzleError("Tatham's Pearl needs a board at least 5x5")
        return tatham_grid_id(p.width, p.height, self.rows(inst))

    def tatham_solution(self, inst: Instance, solution: Loop) -> str:
        """Tatham's own text form of a solved board: pearls as B/W, '+' elsewhere."""
        p = inst.params
        lines = []
        for r, row in enumerate(solution):
            lines.append("".join(inst.clues.get((r, c), "+") + ("---" if "R" in s else "   ")
                                 for c, s in enumerate(row))[:4 * p.width - 3])
            if r < p.height - 1:
                lines.append("".join(("|" if "D" in s else " ") + "   " for s in row)[:4 * p.width - 3])
        return "\n".join(line.rstrip() for line in lines)

    json_grid = rows

    def no_board(self, _: object) -> str:
        raise PuzzleError(f"unknown pearl format 'edges' (known: {', '.join(self.formats)})")

    def edge_list(self, inst: Instance, solution: Loop) -> str:
        return "\n".join(f"r{a[0] + 1}c{a[1] + 1}-r{b[0] + 1}c{b[1] + 1}" for a, b in used_edges(inst.params, solution))

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: black pearls '●', white pearls '○', '·' elsewhere."""
        shown = {"B": "\u25cf", "W": "\u25cb", ".": "\u00b7"}
        return box_grid([[shown[ch] for ch in row] for row in self.rows(inst)], inner=NONE, pad=0)

    def solution_json(self, inst: Instance, solution: Loop) -> dict:
        return {"shapes": [list(row) for row in solution],
                "edges": [[list(a), list(b)] for a, b in used_edges(inst.params, solution)]}

    json_solution = solution_json

    # ---- for language models ------------------------------------------------------------
    board_legend = "one row per line, one character per cell: `B` a black pearl, `W` a white pearl, `.` an empty cell"
    answer_format = ("the loop: one row per line, cells separated by single spaces; each cell the two directions the "
                     "loop leaves it by, in the order U D L R (U up, D down, L left, R right: `UD`, `LR`, `DR`, `DL`, "
                     "`UR` or `UL`), or `.` for a cell the loop does not pass through")
    answer_cells = (read_shape, "cell")

    def answer_text(self, inst: Instance, solution: Loop) -> str:
        return grid_text([s or "." for s in row] for row in solution)

    def canonical(self, inst: Instance) -> str:
        """The same text for boards equal up to rotation and reflection (the rules don't
        care), for deduplicating datasets: the least text form of the eight images."""
        return least_text(self.rows(inst))

    def draw(self, ax, inst: Instance, solution: Loop | None = None) -> None:
        """As Tatham's Pearl: white and black pearls as discs; in the solution, the loop
        as a thick line through the cell centres."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        board.grid()
        if solution is not None:
            for a, b in used_edges(p, solution):
                board.line([a, b], "black", 0.1)
        for (r, c), v in inst.clues.items():
            board.circle(r, c, 0.3, face="black" if v == "B" else "white", edge="black", ring=0.05)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: PearlParams, pool: IDPool) -> Rules:
        var: dict[tuple[Cell, str], int] = {}
        for a, b in params.edges():
            v = pool.id(("edge", a, b))
            d = "R" if a[0] == b[0] else "D"
            var[(a, d)] = var[(b, OPPOSITE[d])] = v
        primary = sorted(set(var.values()))
        edges = EdgeVars(var, {cell: pool.id(("on", cell)) for cell in params.cells()})
        clauses: list[list[int]] = []
        for cell in params.cells():
            around, on = edges.around(cell), edges.on[cell]
            for e in around:  # degree is never 1 ...
                clauses.append([-e] + [f for f in around if f != e])
            for trio in combinations(around, 3):  # ... nor 3 or 4
                clauses.append([-e for e in trio])
            # on the loop: some edge, and so two (implied, but without it a pearl with two edges
            # ruled out took a failed literal to use the other two: Tatham's easiest rule)
            clauses += [[-on, *around], *([-e, on] for e in around)]
            clauses += [[-on] + around[:i] + around[i + 1:] for i in range(len(around))]
        clauses.append(list(primary))  # the loop is not empty
        return Rules(clauses, primary, edges)

    def clue_clauses(self, params: PearlParams, rules: Rules, key: Cell, value: str) -> list[list[int]]:
        edges: EdgeVars = rules.data
        if value not in ("B", "W"):
            raise PuzzleError(f"bad pearl {quote(value)} at r{key[0] + 1}c{key[1] + 1}")
        return [[edges.on[key]]] + (self._black(edges, key) if value == "B" else self._white(edges, key))

    @staticmethod
    def _black(edges: EdgeVars, cell: Cell) -> list[list[int]]:
        """On the loop, not straight, and each way out carries on straight one more cell."""
        clauses = [edges.around(cell)]
        for a, b in AXIS_ENDS:
            ea, eb = edges.at(cell, a), edges.at(cell, b)
            if ea is not None and eb is not None:
                clauses.append([-ea, -eb])
            clauses.append([e for e in (ea, eb) if e is not None])  # one way out on each axis
        for d in DIRS:
            out = edges.at(cell, d)
            if out is None:
                continue
            beyond = edges.at(step(cell, d), d)
            clauses.append([-out] if beyond is None else [-out, beyond])
        return clauses

    @staticmethod
    def _white(edges: EdgeVars, cell: Cell) -> list[list[int]]:
        """Straight through, and not straight on through both neighbours as well."""
        straights = []
        for a, b in AXIS_ENDS:
            ea, eb = edges.at(cell, a), edges.at(cell, b)
            if ea is not None and eb is not None:
                straights.append((a, b, ea, eb))
        if not straights:
            return [[]]  # no straight fits here (a corner cell): the clue cannot hold
        # (ea and eb) for one of the available axes, in CNF
        clauses = [[x, y] for x in straights[0][2:] for y in straights[1][2:]] if len(straights) == 2 \
            else [[straights[0][2]], [straights[0][3]]]
        for _, _, ea, eb in straights:  # both ends of an axis or neither
            clauses += [[-ea, eb], [-eb, ea]]
        if len(straights) == 2:  # not both axes
            clauses.append([-straights[0][2], -straights[1][2]])
        for a, b, ea, eb in straights:
            fa, fb = edges.at(step(cell, a), a), edges.at(step(cell, b), b)
            if fa is not None and fb is not None:  # an edge of the grid forces a turn there
                clauses.append([-ea, -eb, -fa, -fb])
        return clauses

    def decode(self, params: PearlParams, rules: Rules, true_vars) -> Loop:
        """Each cell's shape from the edges the model uses: one look at each edge, as every
        model of the stripping loop is decoded for its cuts."""
        bits = [0] * (params.width * params.height)
        for v, a, bit_a, b, bit_b in _tables(params, rules).lines:
            if v in true_vars:
                bits[a] |= bit_a
                bits[b] |= bit_b
        w = params.width
        return tuple(tuple([SHAPES[s] for s in bits[r * w:(r + 1) * w]]) for r in range(params.height))

    def solution_literals(self, params: PearlParams, rules: Rules, solution: Loop) -> list[int]:
        # The used edges alone pin the loop down: another single loop that used all of
        # them would contain this loop as a sub-cycle, so it would be this loop.
        return [rules.data.at(a, "R" if a[0] == b[0] else "D") for a, b in used_edges(params, solution)]

    def lazy_units(self, params: PearlParams, rules: Rules, holds: Callable[[int], bool]) -> list[int]:
        """Once the edges used close a loop, it is the loop: no other cell is on it and no
        other edge is used (Tatham's easiest Pearl blanks the rest the same way).

        No `dead_end`: avoiding a shortcut loop is what makes his Tricky boards tricky. With
        it in probing they graded as level 1 like his Easy ones (rho 0.56 and 0.69 on 6x6
        and 8x8, against 0.87 and 0.87 without)."""
        cells, edges = _graph(params, rules)
        on = rules.data.on
        used, loops = joined(len(cells), edges, holds)
        if not loops:
            return []
        inside = find(used, loops[0])
        return ([-lit for _, _, lit in edges if not holds(lit) and not holds(-lit)]
                + [-on[cell] for i, cell in enumerate(cells) if find(used, i) != inside and not holds(-on[cell])])

    def cuts(self, params: PearlParams, rules: Rules, solution: Loop, true_vars) -> list[list[int]]:
        """The candidate is several disjoint cycles (degrees are 0 or 2 already).

        For a cycle with cell set S, an edge e of it and an edge f of another cycle: in any
        real solution, if e and f are both used then one cell inside S and one outside lie
        on the same single loop, and a closed loop through both crosses the border of S
        twice; so: not e, or not f, or some edge with one end in S is used. This uses the
        single-loop rule only (no clue), so it holds for every instance with these params;
        the candidate breaks it (all of S's edges are inside S, e and f are used).
        """
        pieces = pieces_of(params, solution)
        if len(pieces) <= 1:
            return []
        edges: EdgeVars = rules.data
        cells, exits = board(params).cells, _tables(params, rules).exits
        some_edge = [edges.var[cell, solution[cell[0]][cell[1]][0]] for cell in (cells[p[0]] for p in pieces)]
        piece_of = [-1] * len(cells)
        for i, piece in enumerate(pieces):
            for cell in piece:
                piece_of[cell] = i
        clauses = []
        for i, piece in enumerate(pieces):
            border = [v for cell in piece for v, across in exits[cell] if piece_of[across] != i]
            for j in range(len(pieces)):
                if j != i:
                    clauses.append(border + [-some_edge[i], -some_edge[j]])
        return clauses

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Exact: AddCircuit over cells (a self-loop arc skips a cell), pearls as linear
        constraints on the two arc directions of each edge."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        index = {cell: i for i, cell in enumerate(p.cells())}
        arcs = []
        pairs: dict[tuple[Cell, str], tuple] = {}  # (cell, direction) -> (arc out, arc in)
        for cell in p.cells():
            arcs.append((index[cell], index[cell], model.new_bool_var(f"skip{cell}")))
        for a, b in p.edges():
            ab, ba = model.new_bool_var(f"{a}>{b}"), model.new_bool_var(f"{b}>{a}")
            arcs += [(index[a], index[b], ab), (index[b], index[a], ba)]
            model.add(ab + ba <= 1)  # no two-cell "circuit" along one edge
            d = "R" if a[0] == b[0] else "D"
            pairs[(a, d)], pairs[(b, OPPOSITE[d])] = (ab, ba), (ba, ab)
        model.add_circuit(arcs)
        model.add_bool_or([lit for tail, head, lit in arcs if tail != head])  # the loop is not empty

        def edge(cell: Cell, d: str):
            pair = pairs.get((cell, d))
            return 0 if pair is None else pair[0] + pair[1]

        def add(holds, only_if=None) -> None:
            """A linear constraint; edges off the grid are the constant 0, so some
            comparisons are already plain True / False here."""
            if holds is True:
                return
            ct = model.add_bool_or([]) if holds is False else model.add(holds)
            if only_if is not None:
                ct.only_enforce_if(only_if)

        for cell, v in inst.clues.items():
            add(sum(edge(cell, d) for d in DIRS) == 2)
            if v == "B":
                for a, b in AXIS_ENDS:
                    add(edge(cell, a) + edge(cell, b) <= 1)
                for d in DIRS:
                    add(edge(cell, d) <= edge(step(cell, d), d))
            else:
                across = model.new_bool_var(f"across{cell}")  # straight left-right
                for (a, b), lit in zip(AXIS_ENDS, (across, ~across)):
                    add(edge(cell, a) + edge(cell, b) == 2, lit)
                    # and at least one of the two far edges is unused (a turn next to it)
                    add(edge(step(cell, a), a) + edge(step(cell, b), b) <= 1, lit)

        def joined(value, cell: Cell, d: str) -> bool:
            pair = pairs.get((cell, d))
            return pair is not None and bool(value(pair[0]) or value(pair[1]))

        def decode(value) -> Loop:
            return tuple(tuple(shape(d for d in DIRS if joined(value, (r, c), d)) for c in range(p.width))
                         for r in range(p.height))

        variables = [lit for _, _, lit in arcs]
        return CpModel(model, variables, decode)

    # ---- independent check --------------------------------------------------------------
    def candidates(self, params: PearlParams) -> Iterable[Loop]:
        """Every set of edges in which each cell has 0 or 2 of them (unions of disjoint
        cycles; `verify` sorts out the rest)."""
        for grid in degree_two_edge_sets(params.cells(), params.edges()):
            yield tuple(tuple(shape(grid[(r, c)]) for c in range(params.width)) for r in range(params.height))

    def verify(self, inst: Instance, solution: Loop) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.height} rows of {p.width} cells"]
        problems = []
        for cell in p.cells():
            s = solution[cell[0]][cell[1]]
            name = f"r{cell[0] + 1}c{cell[1] + 1}"
            if not isinstance(s, str) or shape(s) != s:
                problems.append(f"{name}: '{s}' is not a set of directions in UDLR order")
                continue
            if len(s) not in (0, 2):
                problems.append(f"{name}: the line has {len(s)} ends here, not 0 or 2")
            for d in s:
                nxt = step(cell, d)
                if not p.inside(nxt):
                    problems.append(f"{name}: the line leaves the grid going {d}")
                elif OPPOSITE[d] not in solution[nxt[0]][nxt[1]]:
                    problems.append(f"{name}: the line goes {d} but r{nxt[0] + 1}c{nxt[1] + 1}"
                                    " does not join it")
        if problems:
            return problems
        pieces = loops_of(p, solution)
        if not pieces:
            problems.append("no loop is drawn")
        elif len(pieces) > 1:
            problems.append(f"the line forms {len(pieces)} separate loops, not one")
        for cell, v in sorted(inst.clues.items()):
            problems += pearl_problems(p, solution, cell, v)
        return problems


def pearl_problems(p: PearlParams, loop: Loop, cell: Cell, v: str) -> list[str]:
    """What is wrong with pearl `v` at `cell` on a well-formed loop (empty: it fits)."""
    s = loop[cell[0]][cell[1]]
    name = f"{'black' if v == 'B' else 'white'} pearl r{cell[0] + 1}c{cell[1] + 1}"
    if not s:
        return [f"{name} is not on the loop"]
    # the loop neighbour reached going d goes straight on iff it also leaves by d
    straight_on = [d in loop[step(cell, d)[0]][step(cell, d)[1]] for d in s]
    if v == "B":
        if s in AXES:
            return [f"{name}: the loop goes straight through, it must turn"]
        if not all(straight_on):
            return [f"{name}: the loop turns right next to it"]
    else:
        if s not in AXES:
            return [f"{name}: the loop turns here, it must go straight"]
        if all(straight_on):
            return [f"{name}: the loop turns in neither neighbour"]
    return []


def used_edges(params: PearlParams, loop: Loop) -> list[tuple[Cell, Cell]]:
    return [(a, b) for a, b in board(params).edges if ("R" if a[0] == b[0] else "D") in loop[a[0]][a[1]]]


def _graph(params: PearlParams, rules: Rules) -> tuple[list[Cell], list[Edge]]:
    """The cells, and the edges between them as (cell number, cell number, literal), made
    once per rules."""
    data: EdgeVars = rules.data
    if data.graph is None:
        cells = params.cells()
        data.graph = (cells, numbered_edges(cells, params.edges(), data.var)[1])
    return data.graph


def _tables(params: PearlParams, rules: Rules) -> Tables:
    """The edge variables by cell number (`Tables`), made once per rules."""
    data: EdgeVars = rules.data
    if data.tables is None:
        cells, edges, _ = board(params)
        number = {cell: i for i, cell in enumerate(cells)}
        lines = []
        for a, b in edges:
            d = "R" if a[0] == b[0] else "D"
            lines.append((data.var[(a, d)], number[a], BIT[d], number[b], BIT[OPPOSITE[d]]))
        exits = tuple(tuple((v, number[step(cell, d)]) for d in DIRS if (v := data.at(cell, d)) is not None)
                      for cell in cells)
        data.tables = Tables(tuple(lines), exits)
    return data.tables


PUZZLE = Pearl()
