"""Slitherlink (Loopy): one loop along the grid's edges; a number in a cell says how many of
its four edges the loop uses.

Vocabulary: the loop runs through the *dots* (the (W+1) x (H+1) corners of the cells); an
*edge* joins two orthogonally adjacent dots. A dot's *shape* is the set of directions (U, D,
L, R) the loop leaves it by: "" (unused) or two of them. A solution is the grid of dot
shapes, (H+1) rows of W+1.

The primary variables are the edges. Every dot has degree 0 or 2 (CNF); a number is an
exact count of its cell's four edges, as plain clauses with no helper variable (complete for
unit propagation, and native on Minicard). That the used edges form one loop, not several,
goes in lazily through `cuts`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple

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
    Speed,
    at_place,
    quote,
)
from ..lab.face.share import NONE, box_grid
from ..lab.toolkit.answers import SHADES, read_grid, shading_text
from ..lab.toolkit.cellgrid import BoardCells, CellRow, GridJson, GridText, grid_instance, tatham_grid_size
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec, TathamCodec
from ..lab.toolkit.counting import exactly
from ..lab.toolkit.numbering import NumberClues
from ..lab.toolkit.paths import Edge, degree_two_edge_sets, loop_dead_end, loop_lazy_units, numbered_edges
from ..lab.toolkit.puzzlink import Cursor, PuzzLink, refuse_flags, size_column, write_four_cell
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, loop_items, loop_shapes
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import GameId, tatham_cells, tatham_encode
from ..lab.toolkit.textgrid import JsonObject, Token

Cell = tuple[int, int]
Dot = tuple[int, int]
Loop = tuple[tuple[str, ...], ...]  # the shape of every dot, directions in "UDLR" order

DIRS = "UDLR"
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
# Size limit: the one-loop rule goes in as cuts, one solver call each, as for Pearl.
SIZE = BoardLimit(40, 40, 1, 1)
EARLY = SIZE.early("slitherlink")  # the readers' size check, before any cell is read
TATHAM_LEAST = 3  # Tatham's Loopy: "Width and height for this grid type must both be at least 3"
DIGITS = {str(n): n for n in range(5)}
BLANKS = {".", "-", "_"}
ENUMERATE_MOST = 30  # dots `candidates` enumerates loops over (a 4x4 board has 25)


@dataclass(frozen=True)
class SlitherlinkParams(BoardCells):
    """A width x height board of cells; the numbers are the clues."""

    width: int
    height: int

    def __post_init__(self) -> None:
        SIZE.check("slitherlink", self.width, self.height)

    def dots(self) -> list[Dot]:
        return [(r, c) for r in range(self.height + 1) for c in range(self.width + 1)]

    def on_board(self, dot: Dot) -> bool:
        return 0 <= dot[0] <= self.height and 0 <= dot[1] <= self.width

    def edges(self) -> list[tuple[Dot, Dot]]:
        """Every edge once, as (dot, its right or lower neighbour)."""
        return [(dot, step(dot, d)) for dot in self.dots() for d in "RD" if self.on_board(step(dot, d))]


def step(dot: Dot, d: str) -> Dot:
    dr, dc = STEP[d]
    return dot[0] + dr, dot[1] + dc


def shape(dirs: Iterable[str]) -> str:
    got = set(dirs)
    return "".join(d for d in DIRS if d in got)


def cell_sides(r: int, c: int) -> tuple[tuple[Dot, str], ...]:
    """The four edges around cell (r, c), each as (dot, direction): top, bottom, left, right."""
    return ((r, c), "R"), ((r + 1, c), "R"), ((r, c), "D"), ((r, c + 1), "D")


class Board(NamedTuple):
    """A board size's dots numbered row by row and where the loop can go from each, made
    once per size (`board`), for the loop checks run after every SAT model."""

    dots: tuple[Dot, ...]
    toward: tuple[dict[str, int], ...]  # by dot number and direction: the dot there


@lru_cache(maxsize=16)
def board(params: SlitherlinkParams) -> Board:
    dots = tuple(params.dots())
    number = {dot: i for i, dot in enumerate(dots)}
    toward = tuple({d: number[step(dot, d)] for d in DIRS if params.on_board(step(dot, d))} for dot in dots)
    return Board(dots, toward)


def pieces_of(params: SlitherlinkParams, loop: Loop) -> list[list[int]]:
    """The connected pieces of the drawn line, as lists of dot numbers."""
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
            for d in shapes[i]:
                j = toward[i].get(d)
                if j is not None and not seen[j]:
                    seen[j] = True
                    todo.append(j)
        pieces.append(piece)
    return pieces


def used_edges(params: SlitherlinkParams, loop: Loop) -> list[tuple[Dot, Dot]]:
    return [(a, b) for a, b in params.edges() if ("R" if a[0] == b[0] else "D") in loop[a[0]][a[1]]]


def edge_count(loop: Loop, r: int, c: int) -> int:
    """How many of cell (r, c)'s four edges the loop uses."""
    return sum(d in loop[dot[0]][dot[1]] for dot, d in cell_sides(r, c))


def inside_cells(params: SlitherlinkParams, loop: Loop) -> list[list[bool]]:
    """Each cell inside the loop or not: the parity of the vertical edges left of it."""
    out = []
    for r in range(params.height):
        inside, row = False, []
        for c in range(params.width):
            inside ^= "D" in loop[r][c]
            row.append(inside)
        out.append(row)
    return out


def loop_of(params: SlitherlinkParams, inside: Sequence[Sequence[bool]]) -> Loop:
    """The dot shapes of the border of a set of cells (an edge is used where the cells
    either side differ, beyond the board counting as outside)."""
    def at(r: int, c: int) -> bool:
        return 0 <= r < params.height and 0 <= c < params.width and bool(inside[r][c])

    rows = []
    for r in range(params.height + 1):
        row = []
        for c in range(params.width + 1):
            dirs = [d for d, (a, b) in (("U", ((r - 1, c - 1), (r - 1, c))), ("D", ((r, c - 1), (r, c))),
                                        ("L", ((r - 1, c - 1), (r, c - 1))), ("R", ((r - 1, c), (r, c))))
                    if at(*a) != at(*b)]
            row.append(shape(dirs))
        rows.append(tuple(row))
    return tuple(rows)


@dataclass
class EdgeVars:
    """The SAT variable of every edge, looked up from either end."""

    var: dict[tuple[Dot, str], int]
    graph: tuple[list[Dot], list[Edge]] | None = None  # dots and numbered edges (`_graph`), made once

    def at(self, dot: Dot, d: str) -> int | None:
        return self.var.get((dot, d))

    def around(self, dot: Dot) -> list[int]:
        return [v for d in DIRS if (v := self.var.get((dot, d))) is not None]

    def sides(self, r: int, c: int) -> tuple[int, ...]:
        return tuple(self.var[side] for side in cell_sides(r, c))


class Slitherlink(NumberClues, CluePuzzle[SlitherlinkParams, Cell, Loop]):
    name = "slitherlink"
    # cacheable: a clue's clauses are over edge variables only
    # native counts: `exactly` is the complete CNF of the count
    speed = Speed(rules_cacheable=True, counts_natively=True)
    aliases = ("slither",)
    title = "Slitherlink (Loopy): one loop along the grid's edges"
    rules_text = ("Draw one loop along the grid's edges: a number in a cell says how many of its four edges "
                  "the loop uses.")
    tatham_game = "loopy"
    codecs = (GridText(limit=EARLY), PuzzLinkCodec(genres=("slither",)), TathamCodec(), GridJson(limit=EARLY),
              Pzprv3Codec(genres=("slither",)))
    size = SIZE
    example = "311.\n...2\n0..2\n..3."

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None = None) -> Instance:
        return grid_instance(self.name, rows, SlitherlinkParams, self._number, line)

    @staticmethod
    def _number(t: Token, params: SlitherlinkParams) -> int | None:
        if t.text not in DIGITS and t.text not in BLANKS:
            raise PuzzleError(f"bad cell {quote(t.text)} (a number 0 to 4, or . for none)", t.line, t.column)
        return DIGITS.get(t.text)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of digits 0 to 4 and dots (a dot: no number)."""
        return self._instance(rows, rows[0].line)

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of digits and dots."""
        return self._instance([[Token(str(ch), 1, None) for ch in row] for row in grid], 1)

    def from_tatham(self, game: GameId) -> Instance:
        """Loopy's square grid, `WxHt0:description` (loopy.c: decode_params, validate_desc,
        state_to_text): a digit is a face's number, a letter a..z a run of 1..26 faces
        without one, faces row by row. Other grid types (`t1`...) are not squares."""
        width, height = tatham_grid_size(self, game, r"(?:t0)?(?:d[enth])?", "10x10t0", EARLY)
        with at_place(game.line, game.column):
            params = SlitherlinkParams(width, height)
        if min(width, height) < TATHAM_LEAST:
            raise PuzzleError(f"Tatham's Loopy is at least {TATHAM_LEAST}x{TATHAM_LEAST}", game.line, game.column)
        cells = tatham_cells(game, width * height, DIGITS, None)
        return Instance(self.name, params, {(i // width, i % width): n for i, n in enumerate(cells) if n is not None})

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        if min(p.width, p.height) < TATHAM_LEAST:
            raise PuzzleError(f"Tatham's Loopy is at least {TATHAM_LEAST}x{TATHAM_LEAST}")
        return f"{p.width}x{p.height}t0:" + tatham_encode((str(n) if n is not None else None
                                                           for row in self.numbers(inst) for n in row), None)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """`four_cell` (pzprjs decode4Cell). The flag `f` (the loop through every dot) is a
        rule of its own, and `.` (a clue with no number) is none of ours."""
        refuse_flags(link, "the loop through every dot is another rule" if link.flags == "f" else "")
        SIZE.check(self.name, link.cols, link.rows, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        flat = cursor.read_four_cell(link.cols * link.rows)
        cursor.end()
        if any(v is not None and v < 0 for v in flat):
            raise PuzzleError("a puzz.link clue without a number ('.'): Slitherlink's numbers are all given",
                              1, link.column)
        clues = {(i // link.cols, i % link.cols): v for i, v in enumerate(flat) if v is not None}
        return Instance(self.name, SlitherlinkParams(link.cols, link.rows), clues)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        return PuzzLink("slither", p.width, p.height, write_four_cell([n for row in self.numbers(inst) for n in row]))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Loop]:
        """The numbers (`-`, a clue without one, is refused, as is `f`: the loop through every
        dot), then (from `pzprv3.1` on) the cells' colours, the player's, then the lines
        along the edges: those down from each dot (rows of cols + 1), then those right of
        each (rows + 1 of cols); 1 a line, -1 the player's cross."""
        if pzl.flag("f"):
            raise pzl.refuse("the loop through every dot is another rule", -1)
        rows = pzl.tokens()
        for t in (t for row in rows for t in row if t.text == "-"):
            raise bad_item(t, "is a clue without a number: Slitherlink's numbers are all given")
        inst = self._instance(rows, 3)
        if pzl.version >= 1:
            pzl.cells("0")
        below = pzl.items(pzl.rows, pzl.cols + 1, "0")
        right = pzl.items(pzl.rows + 1, pzl.cols, "0")
        return inst, loop_shapes(right, below)

    def pzprv3(self, inst: Instance, solution: Loop | None) -> Pzprv3Writer:
        """As pzprjs saves it now (`pzprv3.1`, with the cells' colours, none here)."""
        p = inst.params
        right, below = loop_items(solution, p.height + 1, p.width + 1)
        return (Pzprv3Writer("slither", p.height, p.width, version=1)
                .items([[n if n is not None else "." for n in row] for row in self.numbers(inst)])
                .grid(lambda r, c: "0").items(below).items(right))

    def numbers(self, inst: Instance) -> list[list[int | None]]:
        p = inst.params
        return [[inst.clues.get((r, c)) for c in range(p.width)] for r in range(p.height)]

    def rows(self, inst: Instance, blank: str = ".") -> list[str]:
        return ["".join(blank if n is None else str(n) for n in row) for row in self.numbers(inst)]

    def cells(self, inst: Instance, solution: Loop | None = None) -> list[str]:
        """The board, or with a solution the loop drawn around the numbers: `+` the dots,
        `-` and `|` the edges the loop uses."""
        if solution is None:
            return self.rows(inst)
        return self.picture(inst, solution)

    def picture(self, inst: Instance, solution: Loop) -> list[str]:
        p, lines = inst.params, []
        for r in range(p.height + 1):
            lines.append("".join("+" + ("-" if "R" in s else " ") for s in solution[r])[:2 * p.width + 1])
            if r < p.height:
                lines.append("".join(("|" if "D" in solution[r][c] else " ")
                                     + (str(inst.clues[(r, c)]) if (r, c) in inst.clues and c < p.width else " ")
                                     for c in range(p.width + 1))[:2 * p.width + 1])
        return lines

    def json_grid(self, inst: Instance) -> list[str]:
        return self.rows(inst)

    def solution_json(self, inst: Instance, solution: Loop) -> list[list[str]]:
        return [list(row) for row in solution]

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: the numbers, '·' where there is none."""
        return box_grid(self.rows(inst, "\u00b7"), inner=NONE, pad=0)

    def canonical(self, inst: Instance) -> str:
        return least_text(self.rows(inst))

    # ---- for language models --------------------------------------------------------
    board_legend = ("one row per line, one character a cell: a digit 0 to 4 is how many of the cell's four edges "
                    "the loop uses, `.` a cell without a number")
    answer_format = ("the cells inside the loop: one row per line, cells separated by single spaces, `#` a cell "
                     "inside the loop and `.` a cell outside it")

    def answer_text(self, inst: Instance, solution: Loop) -> str:
        return shading_text(inside_cells(inst.params, solution))

    def read_answer(self, inst: Instance, text: str) -> Loop:
        p = inst.params
        return loop_of(p, read_grid(text, p.height, p.width, SHADES, "cell"))

    def corrupt_solution(self, inst: Instance, solution: Loop) -> Loop:
        """The first cell moved across the loop (changing a dot says nothing about inside)."""
        inside = inside_cells(inst.params, solution)
        inside[0][0] = not inside[0][0]
        return loop_of(inst.params, inside)

    # ---- pictures -------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Loop | None = None) -> None:
        """As printed: black dots at the corners, the numbers in the cells, the edges faint;
        in the solution the loop as a thick line along the edges."""
        from ..lab.toolkit.draw import GRID
        from ..lab.toolkit.draw import Board as Picture

        p = inst.params
        from matplotlib.transforms import Bbox

        picture = Picture(ax, p.width, p.height)
        picture.include(Bbox.from_extents(-0.3, -0.3, p.width + 0.3, p.height + 0.3))  # the dots on the rim
        # every edge a faint line, as Tatham's Loopy draws the edges not yet decided
        picture.grid(border=False)
        rim = [(-0.5, -0.5), (-0.5, p.width - 0.5), (p.height - 0.5, p.width - 0.5), (p.height - 0.5, -0.5)]
        picture.line([*rim, rim[0]], GRID, 0.03)
        if solution is not None:
            for a, b in used_edges(p, solution):
                picture.line([(a[0] - 0.5, a[1] - 0.5), (b[0] - 0.5, b[1] - 0.5)], "black", 0.1)
        for r, c in p.dots():
            picture.circle(r - 0.5, c - 0.5, 0.07, face="black", edge="black")
        for (r, c), n in inst.clues.items():
            picture.text(r, c, str(n))

    # ---- SAT --------------------------------------------------------------------------
    def rules(self, params: SlitherlinkParams, pool: IDPool) -> Rules:
        var: dict[tuple[Dot, str], int] = {}
        for a, b in params.edges():
            v = pool.id(("edge", a, b))
            d = "R" if a[0] == b[0] else "D"
            var[(a, d)] = var[(b, OPPOSITE[d])] = v
        primary = sorted(set(var.values()))
        edges = EdgeVars(var)
        clauses: list[Clause] = []
        for dot in params.dots():
            around = edges.around(dot)
            for e in around:  # degree is never 1 ...
                clauses.append([-e] + [f for f in around if f != e])
            for trio in combinations(around, 3):  # ... nor 3 or 4
                clauses.append([-e for e in trio])
        clauses.append(list(primary))  # the loop is not empty
        return Rules(clauses, primary, edges)

    def clue_clauses(self, params: SlitherlinkParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        return exactly(self._sides(params, rules, key, value), value)

    def clue_counts(self, params: SlitherlinkParams, rules: Rules, key: Cell, value: int) -> list[Exactly]:
        return [Exactly(self._sides(params, rules, key, value), value)]

    @staticmethod
    def _sides(params: SlitherlinkParams, rules: Rules, key: Cell, value: int) -> tuple[int, ...]:
        if not params.inside(*key):
            raise PuzzleError(f"clue {key} is outside the {params.width}x{params.height} board")
        if not isinstance(value, int) or not 0 <= value <= 4:
            raise PuzzleError(f"bad number {quote(value)} at r{key[0] + 1}c{key[1] + 1} (0 to 4)")
        sides: tuple[int, ...] = rules.data.sides(*key)
        return sides

    def decode(self, params: SlitherlinkParams, rules: Rules, true_vars) -> Loop:
        edges: EdgeVars = rules.data
        return tuple(tuple(shape(d for d in DIRS if (v := edges.at((r, c), d)) is not None and v in true_vars)
                           for c in range(params.width + 1)) for r in range(params.height + 1))

    def solution_literals(self, params: SlitherlinkParams, rules: Rules, solution: Loop) -> list[int]:
        # the used edges alone pin one loop down: another single loop using them all contains it
        return [rules.data.at(a, "R" if a[0] == b[0] else "D") for a, b in used_edges(params, solution)]

    def lazy_units(self, params: SlitherlinkParams, rules: Rules, holds: Callable[[int], bool]) -> list[int]:
        """An edge that would close a loop while some used edge is off that loop is unused (a
        person's "do not close a small loop"); and once the used edges close a loop, it is
        the loop: every other edge is unused."""
        dots, edges = _graph(params, rules)
        return loop_lazy_units(len(dots), edges, holds)

    def dead_end(self, params: SlitherlinkParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """No edge is left to use, or the edges used close a loop and some used edge is off
        it: a second loop is coming."""
        dots, edges = _graph(params, rules)
        return loop_dead_end(len(dots), edges, holds)

    def cuts(self, params: SlitherlinkParams, rules: Rules, solution: Loop, true_vars) -> list[Clause]:
        """The candidate is several disjoint cycles. For a cycle with dot set S, an edge e of
        it and an edge f of another: in one loop through both, some edge leaves S. So: not e,
        or not f, or an edge with one end in S is used (the single-loop rule alone)."""
        pieces = pieces_of(params, solution)
        if len(pieces) <= 1:
            return []
        edges: EdgeVars = rules.data
        dots, toward = board(params)
        some_edge = [edges.var[dot, solution[dot[0]][dot[1]][0]] for dot in (dots[p[0]] for p in pieces)]
        piece_of = [-1] * len(dots)
        for i, piece in enumerate(pieces):
            for dot in piece:
                piece_of[dot] = i
        clauses = []
        for i, piece in enumerate(pieces):
            border = [edges.var[dots[dot], d] for dot in piece for d, across in toward[dot].items()
                      if piece_of[across] != i]
            for j in range(len(pieces)):
                if j != i:
                    clauses.append(border + [-some_edge[i], -some_edge[j]])
        return clauses

    # ---- CP-SAT -----------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """AddCircuit over the dots (a self-loop arc skips a dot); each number a linear sum of
        the arcs along its cell's four edges."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        index = {dot: i for i, dot in enumerate(p.dots())}
        arcs = [(index[dot], index[dot], model.new_bool_var(f"skip{dot}")) for dot in p.dots()]
        used: dict[tuple[Dot, str], Any] = {}
        links = []  # (dot, its right or lower neighbour, the direction, arc one way, arc back)
        for a, b in p.edges():
            ab, ba = model.new_bool_var(f"{a}>{b}"), model.new_bool_var(f"{b}>{a}")
            arcs += [(index[a], index[b], ab), (index[b], index[a], ba)]
            model.add(ab + ba <= 1)
            d = "R" if a[0] == b[0] else "D"
            used[(a, d)] = used[(b, OPPOSITE[d])] = ab + ba
            links.append((a, b, d, ab, ba))
        model.add_circuit(arcs)
        model.add_bool_or([lit for tail, head, lit in arcs if tail != head])  # the loop is not empty
        for (r, c), n in inst.clues.items():
            model.add(sum(used[side] for side in cell_sides(r, c)) == n)

        def decode(value) -> Loop:
            ways: dict[Dot, set[str]] = {dot: set() for dot in index}
            for a, b, d, ab, ba in links:
                if value(ab) or value(ba):
                    ways[a].add(d)
                    ways[b].add(OPPOSITE[d])
            return tuple(tuple(shape(ways[(r, c)]) for c in range(p.width + 1)) for r in range(p.height + 1))

        return CpModel(model, [lit for _, _, lit in arcs], decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: SlitherlinkParams) -> Iterator[Loop]:
        """Every set of edges in which each dot has 0 or 2 of them (unions of disjoint
        cycles; `verify` sorts out the rest)."""
        if (params.width + 1) * (params.height + 1) > ENUMERATE_MOST:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        for grid in degree_two_edge_sets(params.dots(), params.edges()):
            yield tuple(tuple(shape(grid[(r, c)]) for c in range(params.width + 1)) for r in range(params.height + 1))

    def verify(self, inst: Instance, solution: Loop) -> list[str]:
        p = inst.params
        if len(solution) != p.height + 1 or any(len(row) != p.width + 1 for row in solution):
            return [f"solution is not {p.height + 1} rows of {p.width + 1} dots"]
        problems = []
        for dot in p.dots():
            s = solution[dot[0]][dot[1]]
            name = f"dot r{dot[0] + 1}c{dot[1] + 1}"
            if not isinstance(s, str) or shape(s) != s:
                problems.append(f"{name}: {quote(s)} is not a set of directions in UDLR order")
                continue
            if len(s) not in (0, 2):
                problems.append(f"{name}: the line has {len(s)} ends here, not 0 or 2")
            for d in s:
                nxt = step(dot, d)
                if not p.on_board(nxt):
                    problems.append(f"{name}: the line leaves the grid going {d}")
                elif OPPOSITE[d] not in solution[nxt[0]][nxt[1]]:
                    problems.append(f"{name}: the line goes {d} but dot r{nxt[0] + 1}c{nxt[1] + 1} does not join it")
        if problems:
            return problems
        pieces = pieces_of(p, solution)
        if not pieces:
            problems.append("no loop is drawn")
        elif len(pieces) > 1:
            problems.append(f"the line forms {len(pieces)} separate loops, not one")
        for (r, c), n in sorted(inst.clues.items()):
            got = edge_count(solution, r, c)
            if got != n:
                problems.append(f"r{r + 1}c{c + 1} says {n}, the loop uses {got} of its edges")
        return problems


def _graph(params: SlitherlinkParams, rules: Rules) -> tuple[list[Dot], list[Edge]]:
    """The dots, and the edges between them as (dot number, dot number, literal), made once per rules."""
    data: EdgeVars = rules.data
    if data.graph is None:
        dots = params.dots()
        data.graph = (dots, numbered_edges(dots, params.edges(), data.var)[1])
    return data.graph


PUZZLE = Slitherlink()
