"""Singles (Hitori): text forms, rules, decoding, verification.

Vocabulary: every *cell* (r, c) holds a *number* 1..o, o = max(width, height) as in
Tatham's game (a cell may also be blank: it never repeats anything). A solution *shades*
some cells so that (1) no number repeats among the white (unshaded) cells of a row or
column, (2) no two shaded cells touch orthogonally, (3) the white cells form one
orthogonally connected region.

The primary variables are the shading. A clue is the fact "cell (r, c) holds v", the single
literal number(r, c, v), so one SAT session serves every board of a size. Connectivity is
added lazily (`cuts`); the CP-SAT model states it with BFS distances instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import chain, combinations, compress
from typing import Any, ClassVar

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
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
from ..lab.toolkit.cellgrid import (
    BoardCells,
    CellRow,
    GridJson,
    GridText,
    shaded_cells,
    shading_array,
    tatham_grid_size,
)
from ..lab.toolkit.codecs import MethodCodec, PuzzLinkCodec, Pzprv3Codec, TathamCodec
from ..lab.toolkit.connectivity import white_components
from ..lab.toolkit.numbering import NumberClues
from ..lab.toolkit.puzzlink import PuzzLink, refuse_flags, size_column
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, shaded, shading_items
from ..lab.toolkit.symmetry import board_symmetries, first_seen
from ..lab.toolkit.tatham import GameId
from ..lab.toolkit.textgrid import JsonObject, array_rows, write_array

Cell = tuple[int, int]
Shading = tuple[tuple[bool, ...], ...]  # True = shaded
BLANKS = {".", "_", "-", "0"}
HITORI_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"  # puzz.link's one-character numbers
TATHAM_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"  # n2c / c2n
# Size limit: numbers up to 61, as Tatham's game IDs write them (a random board at the limit
# checks in seconds).
SIZE = BoardLimit(len(TATHAM_DIGITS) - 1, len(TATHAM_DIGITS) - 1, 2, 2)
EARLY = SIZE.early("singles")  # the readers' size check, before any cell is read


@dataclass(frozen=True)
class SinglesParams(BoardCells):
    """A width x height board; numbers run 1..max(width, height)."""

    width: int
    height: int

    def __post_init__(self) -> None:
        SIZE.check("singles", self.width, self.height)

    @property
    def top(self) -> int:
        """The largest number a cell may hold."""
        return max(self.width, self.height)

    def lines(self) -> list[list[Cell]]:
        rows = [[(r, c) for c in range(self.width)] for r in range(self.height)]
        cols = [[(r, c) for r in range(self.height)] for c in range(self.width)]
        return rows + cols

    def neighbours(self, r: int, c: int) -> list[Cell]:
        return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < self.height and 0 <= c + dc < self.width]

    def edges(self) -> list[tuple[Cell, Cell]]:
        """Each orthogonally adjacent pair once."""
        out = [((r, c), (r, c + 1)) for r in range(self.height) for c in range(self.width - 1)]
        return out + [((r, c), (r + 1, c)) for r in range(self.height - 1) for c in range(self.width)]


@dataclass(frozen=True)
class BitBoard:
    """A width x height board as the bits of an int, cell (r, c) bit r * width + c.

    A flood fill then grows its whole frontier at once, a few big-int operations a step:
    the generator asks "still connected?" after every cell it shades, and the solver after
    every model, where a cell-by-cell fill cost most of drawing a board."""

    width: int
    height: int
    full: int  # every cell
    not_first: int  # every cell but column 0's: a step east from the last column wraps there
    not_last: int  # every cell but the last column's: a step west from column 0 wraps there
    around: tuple[int, ...]  # around[i]: the orthogonal neighbours of cell i
    bits: tuple[int, ...]  # bits[i] = 1 << i

    def mask(self, shading: Shading) -> int:
        """The shaded cells of a shading."""
        return sum(compress(self.bits, chain.from_iterable(shading)))

    def spread(self, start: int, white: int) -> int:
        """The cells of `white` reachable from `start` (a subset of it) through `white`
        (`grow` written out: this is the hot loop)."""
        w, not_first, not_last = self.width, self.not_first, self.not_last
        reach = start
        while True:
            grown = (reach | (reach << 1 & not_first) | (reach >> 1 & not_last) | reach << w | reach >> w) & white
            if grown == reach:
                return reach
            reach = grown

    def grow(self, cells: int) -> int:
        """`cells` and their orthogonal neighbours."""
        w = self.width
        east, west = cells << 1 & self.not_first, cells >> 1 & self.not_last
        return (cells | east | west | cells << w | cells >> w) & self.full

    def regions(self, white: int) -> list[int]:
        """The connected regions of `white`, ordered by their first cell (as `white_components`)."""
        out = []
        while white:
            region = self.spread(white & -white, white)
            out.append(region)
            white &= ~region
        return out

    def connected(self, white: int) -> bool:
        """Do the cells of `white` form one orthogonally connected region (none: no)?"""
        return white != 0 and self.spread(white & -white, white) == white


def cells_of(cells: int) -> Iterator[int]:
    """The cell indices of a mask, in reading order."""
    while cells:
        low = cells & -cells
        yield low.bit_length() - 1
        cells ^= low


@cache
def bit_board(width: int, height: int) -> BitBoard:
    """The `BitBoard` of a size, built once (immutable, shared)."""
    params = SinglesParams(width, height)
    full = (1 << width * height) - 1
    column0 = sum(1 << r * width for r in range(height))
    bits = tuple(1 << i for i in range(width * height))
    around = tuple(sum(bits[nr * width + nc] for nr, nc in params.neighbours(r, c)) for r, c in params.cells())
    return BitBoard(width, height, full, full & ~column0, full & ~(column0 << width - 1), around, bits)


@dataclass
class SinglesVars:
    shade: list[list[int]]  # shade[r][c]: the cell is shaded
    white: list[list[list[int]]]  # white[r][c][v - 1]: the cell is white and holds v
    first_number: int | None  # "cell (r, c) holds v" is first_number + (r * width + c) * top + v - 1
    # ((r, c), v) -> that literal: one look-up per clue (every clue of every record)
    number_of: dict[tuple[Cell, int], int] = field(default_factory=dict)


def _rules(params: SinglesParams, pool: IDPool, numbers: bool) -> Rules:
    """Shading, and white-and-holds-v variables w(r,c,v), at most one per line and v.
    With `numbers`, w(r,c,v) <- n(r,c,v) and not shaded for every cell and v; without, a
    clue r,c = v brings its own clause "shaded or w(r,c,v)"."""
    h, w, top = params.height, params.width, params.top
    first_shade, first_white = variable_block(pool, h * w), variable_block(pool, h * w * top)
    shade = [[first_shade + r * w + c for c in range(w)] for r in range(h)]
    white = [[[first_white + (r * w + c) * top + v for v in range(top)] for c in range(w)] for r in range(h)]
    first_number, clauses, number_of = None, [], {}
    if numbers:
        first = first_number = variable_block(pool, h * w * top)

        def number(r: int, c: int, v: int) -> int:  # "cell r, c holds v + 1"
            return first + (r * w + c) * top + v

        clauses = [[-number(r, c, v), shade[r][c], white[r][c][v]]
                   for r in range(h) for c in range(w) for v in range(top)]
        number_of = {((r, c), v + 1): number(r, c, v) for r in range(h) for c in range(w) for v in range(top)}
    once = [[white[r][c][v] for r, c in line] for line in params.lines() for v in range(top)]
    clauses += [[-shade[r1][c1], -shade[r2][c2]] for (r1, c1), (r2, c2) in params.edges()]
    # No white cell is walled in by shaded neighbours. Implied by connectivity: on a board
    # of at least 2x2 at most half the cells can be shaded, so there are >= 2 white cells
    # and each needs a white neighbour. (The one-cell case of the cuts, up front.)
    clauses += [[shade[r][c]] + [-shade[nr][nc] for nr, nc in params.neighbours(r, c)] for r, c in params.cells()]
    if numbers:
        clauses += _patterns(params, shade, number)
    primary = [v for row in shade for v in row]
    return Rules(clauses, primary, SinglesVars(shade, white, first_number, number_of), at_most_one=once)


def _patterns(params: SinglesParams, shade: list[list[int]], number: Callable[[int, int, int], int]) -> list[list[int]]:
    """Implied by the rules, and one of Tatham's easiest deductions, but it took a failed
    literal: between two equal numbers one cell apart, the cell is unshaded (one of the two
    is shaded, and shaded cells do not touch). With it, his Easy 8x8 boards are all level 0
    (none before). His pair rule (beside two equal neighbours, every other copy is shaded)
    as clauses too took as many again per line: generation ran at 0.69 times the speed."""
    clauses = []
    for line in params.lines():
        for v in range(params.top):
            for (r1, c1), (r2, c2), (r3, c3) in zip(line, line[1:], line[2:]):
                clauses.append([-number(r1, c1, v), -number(r3, c3, v), -shade[r2][c2]])
    return clauses


def read_hitori(link: PuzzLink) -> tuple[list[int], list[int]]:
    """puzz.link's own body for `hitori`, a token a cell: a number 0..35 one base-36 digit, `-`
    and two digits up to 1295, `.` a blank (0 here). The numbers, and the column of each; an
    unknown number (`%`, `@`) and the number 0 are refused: Singles has neither."""
    body, i = link.body, 0
    cells: list[int] = []
    places: list[int] = []
    while len(cells) < link.cols * link.rows and i < len(body):
        ch, place = body[i], link.column + i
        if ch == "-" and re.fullmatch(r"[0-9a-z]{2}", body[i + 1:i + 3]):
            value = int(body[i + 1:i + 3], 36)
            i += 2
        elif ch in HITORI_DIGITS:
            value = int(ch, 36)
        elif ch == ".":
            value = 0
        elif ch in "%@":
            raise PuzzleError("puzz.link hitori: a cell with an unknown number, which Singles cannot hold", 1, place)
        else:
            raise PuzzleError(f"puzz.link hitori: {quote(ch)} is not a number or '.'", 1, place)
        if ch != "." and value == 0:
            raise PuzzleError(f"puzz.link hitori: the number 0 is out of range 1..{max(link.cols, link.rows)}",
                              1, place)
        cells.append(value)
        places.append(place)
        i += 1
    if i < len(body):
        raise PuzzleError(f"puzz.link body: {quote(body[i:])} goes on after the board's last cell", 1,
                          link.column + i)
    missing = link.cols * link.rows - len(cells)
    return cells + [0] * missing, places + [link.column + i] * missing


def hitori_token(value: int) -> str:
    """A cell of puzz.link's `hitori` body (0 a blank)."""
    if value == 0:
        return "."
    if value < 36:
        return HITORI_DIGITS[value]
    return f"-{HITORI_DIGITS[value // 36]}{HITORI_DIGITS[value % 36]}"


class Singles(NumberClues, CluePuzzle):
    name = "singles"
    # cacheable: clues are literals of rule variables: one CNF per size serves all
    speed = Speed(rules_cacheable=True)
    aliases = ("hitori",)
    title = "Singles (Hitori)"
    rules_text = ("Shade cells so that no number repeats among the unshaded cells of a row or column, no two shaded "
                  "cells touch, and the unshaded cells are connected.")
    codecs = (GridText(spaced=True, limit=EARLY), PuzzLinkCodec(genres=("hitori",)),
              MethodCodec("array", order=20, pattern=r"\[", solutions=True, reader="from_array",
                          writer="array_text", solution_writer="array_solution_text"),
              TathamCodec(), GridJson(limit=EARLY, solution_key="shaded", numbers="numbers"),
              Pzprv3Codec(genres=("hitori",)))
    tatham_game: ClassVar[str | None] = "singles"  # the game in Simon Tatham's collection
    cell_names = {True: "shaded", False: "white"}
    size = SIZE
    example = "2 1 4 1\n1 2 3 1\n1 3 2 1\n3 2 1 2"

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, cells: list[list[int]], where: Sequence[Sequence[tuple[int | None, int | None]]]) -> Instance:
        """Check a rectangle of numbers (0 = blank); `where[r][c]` is its (line, column)."""
        height = len(cells)
        width = len(cells[0]) if cells else 0
        for r, row in enumerate(cells):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, expected {width}", where[r][0][0])
        with at_place(where[0][0][0] if where and where[0] else None):
            params = SinglesParams(width, height)
        clues = {}
        for r, row in enumerate(cells):
            for c, v in enumerate(row):
                if not 0 <= v <= params.top:
                    raise PuzzleError(f"number {quote(str(v))} out of range 1..{params.top}", *where[r][c])
                if v:
                    clues[(r, c)] = v
        return Instance(self.name, params, clues)

    @staticmethod
    def _number(text: str, line: int | None, column: int | None) -> int:
        if text in BLANKS:
            return 0
        if not text.isdecimal():
            raise PuzzleError(f"bad cell {quote(text)} (a number, or '.' for blank)", line, column)
        return int(text)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        cells = [[self._number(t.text, t.line, t.column) for t in row] for row in rows]
        return self._instance(cells, [[(t.line, t.column) for t in row] for row in rows])

    def from_array(self, text: str) -> Instance:
        """Seed 000's array: numbers (0 or a blank string a blank)."""
        rows = array_rows(text, EARLY)
        cells, where = [], []
        for r, row in enumerate(rows):
            values = []
            for c, e in enumerate(row):
                v = e.value
                if isinstance(v, bool) or not isinstance(v, (int, str)):
                    raise PuzzleError(f"row {r + 1}, cell {c + 1}: expected a number, got {quote(v)}",
                                      e.line, e.column)
                values.append(v if isinstance(v, int) else self._number(v.strip() or ".", e.line, e.column))
            cells.append(values)
            where.append([(e.line, e.column) for e in row] or [(row.line, row.column)])
        if not cells:
            raise PuzzleError("empty array")
        return self._instance(cells, where)

    def from_tatham(self, game: GameId) -> Instance:
        desc = game.desc
        width, height = tatham_grid_size(self, game, r"(?:d[a-z])?", "5x5de", EARLY)
        if len(desc) != width * height:
            raise PuzzleError(f"game description has {len(desc)} cells, expected {width * height}", *game.at(0))
        for i, ch in enumerate(desc):
            if ch not in TATHAM_DIGITS or ch == "0":
                raise PuzzleError(f"invalid character {quote(ch)} in game description", *game.at(i))
        cells = [[TATHAM_DIGITS.index(ch) for ch in desc[r * width:(r + 1) * width]] for r in range(height)]
        return self._instance(cells, [[game.at(r * width + c) for c in range(width)] for r in range(height)])

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of numbers (null or 0 a blank)."""
        cells = [[v or 0 for v in row] for row in grid]
        return self._instance(cells, [[(None, None)] * max(1, len(row)) for row in cells])

    def numbers(self, inst: Instance) -> list[list[int]]:
        p = inst.params
        return [[inst.clues.get((r, c), 0) for c in range(p.width)] for r in range(p.height)]

    def cells(self, inst: Instance, solution: Shading | None = None) -> list[list[str]]:
        return shaded_cells(self.numbers(inst), solution)

    def cell_width(self, inst: Instance) -> int:
        return len(str(inst.params.top))

    def array_text(self, inst: Instance) -> str:
        return write_array(self.numbers(inst))

    def array_solution_text(self, inst: Instance, solution: Shading) -> str:
        return write_array(shading_array(solution))

    def tatham_id(self, inst: Instance) -> str:
        p, cells = inst.params, self.numbers(inst)
        if any(v == 0 for row in cells for v in row):
            raise PuzzleError("Tatham's Singles has no blank cells")
        if p.top >= len(TATHAM_DIGITS):
            raise PuzzleError(f"Tatham's Singles writes numbers up to {len(TATHAM_DIGITS) - 1}")
        return f"{p.width}x{p.height}:" + "".join(TATHAM_DIGITS[v] for row in cells for v in row)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's `hitori` (`read_hitori`); cells past the body's end are blank."""
        refuse_flags(link)
        SIZE.check(self.name, link.cols, link.rows, line=1, column=size_column(link))
        cells, places = read_hitori(link)
        rows, cols = range(link.rows), link.cols
        return self._instance([cells[r * cols:(r + 1) * cols] for r in rows],
                              [[(1, at) for at in places[r * cols:(r + 1) * cols]] for r in rows])

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        body = "".join(hitori_token(v) for row in self.numbers(inst) for v in row)
        return PuzzLink("hitori", p.width, p.height, body)

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Shading]:
        """The numbers (`-`, a number not given, is none of Singles'), then the shading."""
        rows = pzl.tokens()
        for t in (t for row in rows for t in row if t.text in ("-", "_")):
            raise bad_item(t, "is a number not given, which Singles cannot hold")
        cells = [[self._number(t.text, t.line, t.column) for t in row] for row in rows]
        return self._instance(cells, [[(t.line, t.column) for t in row] for row in rows]), shaded(pzl.cells())

    def pzprv3(self, inst: Instance, solution: Shading | None) -> Pzprv3Writer:
        p = inst.params
        return (Pzprv3Writer("hitori", p.height, p.width).grid(lambda r, c: inst.clues.get((r, c), "."))
                .items(shading_items(solution, p.height, p.width)))

    json_grid = numbers

    # ---- for language models ------------------------------------------------------------
    board_legend = "one row per line, each cell's number, separated by spaces (`.` a blank cell, if any)"
    answer_format = SHADING_FORMAT

    def answer_text(self, inst: Instance, solution: Shading) -> str:
        return shading_text(solution)

    def read_answer(self, inst: Instance, text: str) -> Shading:
        return read_shading(text, [[v or None for v in row] for row in self.numbers(inst)])

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's rotations and reflections that keep its shape, each
        with its numbers renamed 1, 2, ... in order of first appearance: the rules only ask
        whether two numbers are equal, so any renaming keeps the solutions."""
        p, grid = inst.params, self.numbers(inst)
        forms = []
        for sym in board_symmetries(p.height, p.width):
            image = sym.grid(grid)
            names = first_seen((v for row in image for v in row if v), 1)
            moved = [[names[v] if v else 0 for v in row] for row in image]
            h, w = sym.shape
            clues = {(r, c): v for r, row in enumerate(moved) for c, v in enumerate(row) if v}
            forms.append(self.format(Instance(self.name, SinglesParams(w, h), clues)))
        return min(forms)

    def solution_json(self, inst: Instance, solution: Shading) -> list[list[int]]:
        return [[int(s) for s in row] for row in solution]

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Shading | None = None) -> None:
        """As Tatham's Singles: a number in every cell; in the solution, shaded cells black
        (their numbers hidden)."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for r, row in enumerate(self.numbers(inst)):
            for c, v in enumerate(row):
                if solution is not None and solution[r][c]:
                    board.shade(r, c, "black")
                elif v:
                    board.text(r, c, str(v), 0.55)
        board.grid()

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: SinglesParams, pool: IDPool) -> Rules:
        """Rules for a session that checks many boards of this size: a variable per cell
        and number, so that a clue is a single literal (an assumption, nothing to load)."""
        return _rules(params, pool, numbers=True)

    def one_shot_rules(self, params: SinglesParams, pool: IDPool) -> Rules:
        """One question: no number variables; each clue brings its one clause instead of
        every cell bringing one per number (a tenth of the clauses to load)."""
        return _rules(params, pool, numbers=False)

    def clue_clauses(self, params: SinglesParams, rules: Rules, key: Cell, value: int) -> list[list[int]]:
        data: SinglesVars = rules.data
        lit = data.number_of.get((key, value))
        if lit is not None:
            return [[lit]]
        r, c = key
        if not (0 <= r < params.height and 0 <= c < params.width and 1 <= value <= params.top):
            raise PuzzleError(f"clue {key}={value} is outside the {params.width}x{params.height} board "
                              f"or its numbers 1..{params.top}")
        if data.first_number is None:
            return [[data.shade[r][c], data.white[r][c][value - 1]]]
        return [[data.first_number + (r * params.width + c) * params.top + value - 1]]

    def decode(self, params: SinglesParams, rules: Rules, true_vars) -> Shading:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data.shade)

    def solution_literals(self, params: SinglesParams, rules: Rules, solution: Shading) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data.shade, solution) for v, s in zip(vrow, srow)]

    def cuts(self, params: SinglesParams, rules: Rules, solution: Shading, true_vars) -> list[list[int]]:
        """One clause per white region when the candidate's white cells are split: the
        clauses of `lab.connectivity.separation_cuts` (its proof uses only the two shading
        rules), found on bits: a fill cell by cell cost a third of a millisecond a record."""
        board = bit_board(params.width, params.height)
        regions = board.regions(board.full & ~board.mask(solution))
        if len(regions) <= 1:
            return []
        shade = list(chain.from_iterable(rules.data.shade))
        out = []
        for region in regions:
            clause = [-shade[i] for i in cells_of(board.grow(region) & ~region)]  # the border, in reading order
            if region & (region - 1) == 0:  # a single cell
                clause.append(shade[region.bit_length() - 1])
            out.append(clause)
        return out

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Shading booleans; repeats forbidden pair by pair; connectivity by BFS distance.

        Every white cell but the root has distance 1 + the least distance of its neighbours
        (shaded cells count as `far`), which forces distances to be finite exactly when the
        white cells are connected, and makes them a function of the shading, so CP-SAT's
        enumeration yields each shading once. The root is (0, 0) if white, else (0, 1): two
        adjacent cells, never both shaded.
        """
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        shaded = {cell: model.new_bool_var(f"s{cell[0]}_{cell[1]}") for cell in p.cells()}
        for a, b in p.edges():
            model.add_bool_or([~shaded[a], ~shaded[b]])
        for line in p.lines():
            for a, b in combinations(line, 2):
                va, vb = inst.clues.get(a), inst.clues.get(b)
                if va is not None and va == vb:
                    model.add_bool_or([shaded[a], shaded[b]])
        far = len(p.cells())
        dist = {cell: model.new_int_var(0, far, f"d{cell[0]}_{cell[1]}") for cell in p.cells()}
        first, second = (0, 0), (0, 1)
        for cell in p.cells():
            s = shaded[cell]
            model.add(dist[cell] == far).only_enforce_if(s)
            if cell == first:
                model.add(dist[cell] == 0).only_enforce_if(~s)
                continue
            nearest = model.new_int_var(0, far, f"m{cell[0]}_{cell[1]}")
            model.add_min_equality(nearest, [dist[nb] for nb in p.neighbours(*cell)])
            if cell == second:  # the root when (0, 0) is shaded (then (0, 1) is white)
                model.add(dist[cell] == 0).only_enforce_if(shaded[first])
                model.add(dist[cell] == nearest + 1).only_enforce_if([~s, ~shaded[first]])
            else:
                model.add(dist[cell] == nearest + 1).only_enforce_if(~s)
        grid = [[shaded[(r, c)] for c in range(p.width)] for r in range(p.height)]
        variables = [v for row in grid for v in row]
        return CpModel(model, variables, lambda value: tuple(tuple(bool(value(v)) for v in row) for row in grid))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: SinglesParams) -> Iterable[Shading]:
        """Every shading with no two shaded cells touching (the others break a rule that
        needs no search to see)."""
        cells = params.cells()
        shaded: set[Cell] = set()

        def extend(i: int) -> Iterator[Shading]:
            if i == len(cells):
                yield tuple(tuple((r, c) in shaded for c in range(params.width)) for r in range(params.height))
                return
            yield from extend(i + 1)
            cell = cells[i]
            if not any(nb in shaded for nb in params.neighbours(*cell)):
                shaded.add(cell)
                yield from extend(i + 1)
                shaded.discard(cell)

        yield from extend(0)

    def verify(self, inst: Instance, solution: Shading) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = []
        for r in range(p.height):
            for c in range(p.width):
                if solution[r][c] and r + 1 < p.height and solution[r + 1][c]:
                    problems.append(f"shaded r{r + 1}c{c + 1} and r{r + 2}c{c + 1} touch")
                if solution[r][c] and c + 1 < p.width and solution[r][c + 1]:
                    problems.append(f"shaded r{r + 1}c{c + 1} and r{r + 1}c{c + 2} touch")
        for line in p.lines():
            seen: dict[int, Cell] = {}
            for r, c in line:
                v = inst.clues.get((r, c))
                if v is None or solution[r][c]:
                    continue
                if v in seen:
                    r0, c0 = seen[v]
                    problems.append(f"{v} repeats at r{r0 + 1}c{c0 + 1} and r{r + 1}c{c + 1}")
                seen[v] = (r, c)
        regions = white_components(solution)
        if len(regions) != 1:
            problems.append(f"white cells form {len(regions)} regions, not one")
        return problems


PUZZLE = Singles()
