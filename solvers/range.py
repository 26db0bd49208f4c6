"""Range (Kurodoko): text forms, rules, decoding, verification.

Rules: shade some cells of a width x height grid so that
(1) a cell with a number is white, and the number counts the white cells it sees: itself,
    and those in a straight line up, down, left and right until a shaded cell or the edge,
(2) no two shaded cells touch orthogonally,
(3) the white cells are orthogonally connected.
The clues are the numbers; a number left out leaves its cell free. One variable per cell,
true = shaded, is primary. Each cell gets four thermometers, "the k cells next to it this
way are white" (shared "cells a..b are white" literals, built once per size), and a number
is "their sum is the number less one" as clauses without helper variables (`count_is`).
Connectivity is added lazily (`cuts`, Singles' argument: the same two rules); the CP-SAT
model states it with distances from the first white cell instead.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
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
    Speed,
    at_place,
    number,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import SHADING_FORMAT, read_shading, shading_text
from ..lab.toolkit.cellgrid import (
    BoardCells,
    CellRow,
    GridArray,
    GridJson,
    GridText,
    grid_instance,
    shaded_cells,
    shading_array,
    tatham_grid_id,
    tatham_grid_size,
)
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec, TathamCodec
from ..lab.toolkit.connectivity import separation_cuts, white_components
from ..lab.toolkit.numbering import NumberClues
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, shaded, shading_items
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.tatham import GameId, tatham_number_cells
from ..lab.toolkit.textgrid import Element, JsonObject, Token

Cell = tuple[int, int]
Shading = tuple[tuple[bool, ...], ...]  # True = shaded
BLANKS = {".", "-", "_"}
# Size limit: a 30x30 board checks in 0.4 to 2 s with any number of clues (2026-11-24;
# at 40x40 a sparse board took 22 s: a cell sees along a whole row and column, and the
# white cells' connectivity comes in cuts). Tatham's own limit, w + h - 1 <= 127
# (validate_params), is far beyond it.
SIZE = BoardLimit(30, 30, 1, 1)
EARLY = SIZE.early("range")  # the readers' size check, before any cell is read
ENUMERATE_MOST = 36  # cells `candidates` enumerates (6x6: 1.1 million shadings would be too many)
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True)
class RangeParams(BoardCells):
    """A width x height board; numbers run 1..width + height - 1."""

    width: int
    height: int

    def __post_init__(self) -> None:
        SIZE.check("range", self.width, self.height)

    @property
    def top(self) -> int:
        """The largest number: a cell that sees its whole row and column."""
        return self.width + self.height - 1

    def neighbours(self, r: int, c: int) -> list[Cell]:
        """The orthogonal neighbours (a shared list: not to be changed)."""
        return neighbour_table(self)[r][c]

    def rotate(self, cell: Cell) -> Cell:
        """The cell turned half round (Tatham's clue symmetry)."""
        return self.height - 1 - cell[0], self.width - 1 - cell[1]


@cache
def neighbour_table(params: RangeParams) -> list[list[list[Cell]]]:
    """Every cell's neighbours, once per size: connectivity checks ask for them constantly."""
    return [[[(r + dr, c + dc) for dr, dc in DIRECTIONS if params.inside(r + dr, c + dc)]
             for c in range(params.width)] for r in range(params.height)]


def sight(params: RangeParams, shaded: Sequence[Sequence[bool]], r: int, c: int) -> int:
    """The white cells (r, c) sees, itself included (plain Python, for `verify`)."""
    seen = 1
    for dr, dc in DIRECTIONS:
        rr, cc = r + dr, c + dc
        while params.inside(rr, cc) and not shaded[rr][cc]:
            seen += 1
            rr, cc = rr + dr, cc + dc
    return seen


def run_lengths(line: Sequence[bool]) -> list[int]:
    """For each cell of a line, the length of the white run it lies in (0 when shaded)."""
    out = [0] * len(line)
    start = 0
    for i in range(len(line) + 1):
        if i == len(line) or line[i]:
            for j in range(start, i):
                out[j] = i - start
            start = i + 1
    return out


def sights(params: RangeParams, shaded: Sequence[Sequence[bool]]) -> dict[Cell, int]:
    """Every white cell's number, from the runs of its row and column (as Tatham's
    newdesc_compute_clues): the generator's candidate clues."""
    across = [run_lengths(row) for row in shaded]
    down = [run_lengths(col) for col in zip(*shaded)]
    return {(r, c): across[r][c] + down[c][r] - 1 for r, c in params.cells() if not shaded[r][c]}


# ---- SAT helpers ----------------------------------------------------------------------------
@dataclass
class RangeVars:
    shade: list[list[int]]  # shade[r][c]: the cell is shaded (the name Singles' `cuts` reads)
    # sees[r][c][d][k - 1]: the k cells next to (r, c) in direction DIRECTIONS[d] are all white
    sees: list[list[list[list[int]]]]


def line_views(pool: IDPool, line: list[int], clauses: list[Clause]) -> tuple[list[list[int]], list[list[int]]]:
    """For a line of shade variables, each cell's view both ways: before[i][k - 1] means
    cells i-k..i-1 are white, after[i][k - 1] cells i+1..i+k. Both are literals white(a, b)
    ("cells a..b all white"), one chain per start a: white(a, b) = white(a, b - 1) and not
    shaded(b), defined both ways, so each view is a thermometer: how far the cell sees."""
    n = len(line)
    white: dict[tuple[int, int], int] = {}
    for a in range(n):
        white[(a, a)] = -line[a]
        for b in range(a + 1, n):
            v = pool.id()
            clauses += [[-v, white[(a, b - 1)]], [-v, -line[b]], [v, -white[(a, b - 1)], line[b]]]
            white[(a, b)] = v
    before = [[white[(i - k, i - 1)] for k in range(1, i + 1)] for i in range(n)]
    after = [[white[(i + 1, i + k)] for k in range(1, n - i)] for i in range(n)]
    return before, after


@cache
def compositions(total: int, bounds: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to write `total` as k_0 + k_1 + ... with 0 <= k_d <= bounds[d] (cached:
    the generator asks for the same few thousand again and again)."""
    if not bounds:
        return ((),) if total == 0 else ()
    rest = sum(bounds[1:])
    return tuple((k, *tail) for k in range(max(0, total - rest), min(bounds[0], total) + 1)
                 for tail in compositions(total - k, bounds[1:]))


def count_is(views: Sequence[Sequence[int]], target: int) -> list[Clause]:
    """Clauses, no helper variables, for "the thermometers `views` add up to `target`":
    for each split of target + 1 over them, not all of it (at most target); for each split
    of target - 1, some view beyond its share (at least target). Unit propagation then
    bounds each view by the others' known bounds, as a person reads a number."""
    bounds = tuple(len(v) for v in views)
    clauses = [[-views[d][k - 1] for d, k in enumerate(split) if k]
               for split in compositions(target + 1, bounds)]
    if target > 0:
        low = [[views[d][k] for d, k in enumerate(split) if k < bounds[d]]
               for split in compositions(target - 1, bounds)]
        clauses += low or [[]]  # nothing splits target - 1: the views cannot reach target
    return clauses


class Range(NumberClues, CluePuzzle[RangeParams, Cell, Shading]):
    name = "range"
    # cacheable: a number's clauses use view literals built with the rules: nothing is drawn later
    # solver: Minicard over CaDiCaL: the whole generate 1.08x
    speed = Speed(rules_cacheable=True, generation_solver="mc")
    aliases = ("kurodoko",)
    title = "Range (Kurodoko)"
    rules_text = ("Shade cells so that each number counts the white cells it sees in its row and column (itself "
                  "included), numbers stay white, no two shaded cells touch, and the white cells are connected.")
    tatham_game = "range"
    codecs = (GridText(spaced=True, limit=EARLY), PuzzLinkCodec(genres=("kurodoko",)),
              GridArray(limit=EARLY, call="np.array", first_row=True),
              TathamCodec(), GridJson(limit=EARLY, solution_key="shaded", numbers="numbers and nulls"),
              Pzprv3Codec(genres=("kurodoko",)))
    cell_names = {True: "shaded", False: "white"}
    size = SIZE
    example = ". . 3 .\n. . . .\n. 5 . .\n. . 2 ."  # unique only because the white cells connect

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None = None) -> Instance:
        """Rows of cells, each a Token whose text is a number or a blank ('.', or '' for
        the forms that say blank in their own way)."""
        return grid_instance(self.name, rows, RangeParams, lambda t, params: self._number(t, params.top), line)

    @staticmethod
    def _number(t: Token, top: int) -> int | None:
        if t.text in BLANKS or t.text == "":
            return None
        if not (t.text.isascii() and t.text.isdecimal()):
            raise PuzzleError(f"bad cell {quote(t.text)} (a number, or '.' for blank)", t.line, t.column)
        value = int(t.text)
        if not 1 <= value <= top:
            raise PuzzleError(f"number {number(value)} out of range 1..{top}", t.line, t.column)
        return value

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of whitespace-separated numbers, '.' for a blank cell."""
        return self._instance(rows, rows[0].line)

    def array_cell(self, e: Element, r: int, c: int) -> str:
        """Seed 000's array: numbers, -1 for blank."""
        if isinstance(e.value, bool) or not isinstance(e.value, int):
            raise PuzzleError(f"bad array element {quote(e.value)} (a number, or -1 for blank)", e.line, e.column)
        return "" if e.value == -1 else str(e.value)

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH:description` (range.c): a letter a..z is a run of 1..26 blank cells, a
        decimal number 1..W+H-1 one numbered cell, '_' stands between two numbers."""
        width, height = tatham_grid_size(self, game, "", "9x6", EARLY)
        with at_place(game.line, game.column):
            params = RangeParams(width, height)
        cells = tatham_numbers(game, params.width * params.height, params.top)
        return self._instance([cells[r * width:(r + 1) * width] for r in range(height)], game.line)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """`numbers16`; a number not given (`.`, pzprjs's `?`) is refused: every Range number counts."""
        refuse_flags(link)
        with at_place(1, size_column(link)):
            RangeParams(link.cols, link.rows)
        cursor = Cursor(link.body, link.column)
        flat = cursor.read_numbers16(link.cols * link.rows)
        cursor.end()
        top = link.cols + link.rows - 1
        for i, v in enumerate(flat):
            if v is not None and not 1 <= v <= top:
                shown = "a number not given (.)" if v == UNKNOWN else f"the number {v}"
                raise PuzzleError(f"puzz.link body: r{i // link.cols + 1}c{i % link.cols + 1} holds {shown}, "
                                  f"not one of Range's 1..{top}", 1, cursor.places[i])
        cells = [Token("" if v is None else str(v), 1, link.column) for v in flat]
        return self._instance([cells[r * link.cols:(r + 1) * link.cols] for r in range(link.rows)], 1)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        return PuzzLink("kurodoko", p.width, p.height, write_numbers16([v for row in self.numbers(inst) for v in row]))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Shading]:
        """The numbers (`-` a number not given, refused as in the address), then the shading."""
        rows = pzl.tokens()
        for t in (t for row in rows for t in row if t.text in ("-", "_")):
            raise bad_item(t, "is a number not given: every Range number counts")
        return self._instance(rows, 3), shaded(pzl.cells())

    def pzprv3(self, inst: Instance, solution: Shading | None) -> Pzprv3Writer:
        p = inst.params
        return (Pzprv3Writer("kurodoko", p.height, p.width).grid(lambda r, c: inst.clues.get((r, c), "."))
                .items(shading_items(solution, p.height, p.width)))

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of numbers, null a blank."""
        return self._instance([[Token("" if v is None else str(v), None, None) for v in row] for row in grid])

    def numbers(self, inst: Instance) -> list[list[int | None]]:
        p = inst.params
        return [[inst.clues.get((r, c)) for c in range(p.width)] for r in range(p.height)]

    def cells(self, inst: Instance, solution: Shading | None = None) -> list[list[str]]:
        return shaded_cells(self.numbers(inst), solution)

    def cell_width(self, inst: Instance) -> int:
        return len(str(inst.params.top))

    def array_board(self, inst: Instance) -> list[list[int]]:
        return [[-1 if v is None else v for v in row] for row in self.numbers(inst)]

    def array_solution(self, inst: Instance, solution: Shading) -> list[list[str]]:
        return shading_array(solution)  # as seed 000's Unruly and Singles arrays

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        return tatham_grid_id(p.width, p.height, ([v or 0 for v in row] for row in self.numbers(inst)), 0)

    json_grid = numbers

    # ---- for language models ------------------------------------------------------------
    board_legend = "one row per line, cells separated by spaces: a number is a numbered cell, `.` a cell without one"
    answer_format = SHADING_FORMAT

    def answer_text(self, inst: Instance, solution: Shading) -> str:
        return shading_text(solution)

    def read_answer(self, inst: Instance, text: str) -> Shading:
        return read_shading(text, self.numbers(inst))

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's rotations and reflections that keep its shape: a
        number counts along rows and columns alike, so each image has the same solutions,
        moved. The numbers themselves mean counts: no renaming."""
        p = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            clues = {sym.cell(*cell): v for cell, v in inst.clues.items()}
            forms.append(self.format(Instance(self.name, RangeParams(w, h), clues)))
        return min(forms)

    def solution_json(self, inst: Instance, solution: Shading) -> list[list[int]]:
        return [[int(s) for s in row] for row in solution]

    def show_text(self, inst: Instance) -> str:
        """The numbers in a box grid, blank cells empty."""
        from ..lab.face.share import box_grid

        return box_grid([["" if v is None else str(v) for v in row] for row in self.numbers(inst)])

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Shading | None = None) -> None:
        """As Tatham's Range prints it: black grid lines, numbers three fifths of a cell
        high; in the solution shaded cells black, and a small dot in each white cell with
        no number (his mark for "white" after Solve)."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for r, row in enumerate(self.numbers(inst)):
            for c, v in enumerate(row):
                if solution is not None and solution[r][c]:
                    board.shade(r, c, "black")
                elif v is not None:
                    board.text(r, c, str(v), 0.6)
                elif solution is not None:
                    board.symbol(r, c, "dot", 0.12)
        board.grid(colour="black")

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: RangeParams, pool: IDPool) -> Rules:
        """A shade variable per cell; no two shaded neighbours; with four cells or more, no
        white cell walled in by shaded neighbours (connectivity's one-cell case, up front:
        only 1x1 to 3x1 boards have a lone white cell as a solution). Then each cell's view
        in the four directions (`line_views`)."""
        w, h = params.width, params.height
        first = variable_block(pool, w * h)
        shade = [[first + r * w + c for c in range(w)] for r in range(h)]
        clauses: list[Clause] = []
        for r, c in params.cells():
            nbs = params.neighbours(r, c)
            clauses += [[-shade[r][c], -shade[rr][cc]] for rr, cc in nbs if (rr, cc) > (r, c)]
            if w * h >= 4:
                clauses.append([shade[r][c]] + [-shade[rr][cc] for rr, cc in nbs])
        rows = [line_views(pool, row, clauses) for row in shade]
        cols = [line_views(pool, [shade[r][c] for r in range(h)], clauses) for c in range(w)]
        sees = [[[cols[c][0][r], cols[c][1][r], rows[r][0][c], rows[r][1][c]] for c in range(w)]
                for r in range(h)]  # up, down, left, right: the order of DIRECTIONS
        return Rules(clauses, [v for row in shade for v in row], RangeVars(shade, sees))

    def clue_clauses(self, params: RangeParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        """"(r, c) is white and sees `value` cells": its four views add up to value - 1
        (`count_is`), exactly, so a rival solution must break the number to leave it out."""
        r, c = key
        self._check_clue(params, key, value)
        data: RangeVars = rules.data
        return [[-data.shade[r][c]], *count_is(data.sees[r][c], value - 1)]

    def clue_counts(self, params: RangeParams, rules: Rules, key: Cell, value: int) -> list[Exactly]:
        """The same as native counts (one-shot checks on Minicard): the cell is not shaded,
        and value - 1 of its view literals hold (each view is a thermometer)."""
        r, c = key
        self._check_clue(params, key, value)
        data: RangeVars = rules.data
        return [Exactly((data.shade[r][c],), 0), Exactly(tuple(v for view in data.sees[r][c] for v in view), value - 1)]

    @staticmethod
    def _check_clue(params: RangeParams, key: Cell, value: int) -> None:
        if not (params.inside(*key) and 1 <= value <= params.top):
            raise PuzzleError(f"clue {key}={value} is outside the {params.width}x{params.height} board "
                              f"or its numbers 1..{params.top}")

    def decode(self, params: RangeParams, rules: Rules, true_vars) -> Shading:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data.shade)

    def solution_literals(self, params: RangeParams, rules: Rules, solution: Shading) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data.shade, solution) for v, s in zip(vrow, srow)]

    def cuts(self, params: RangeParams, rules: Rules, solution: Shading, true_vars) -> list[Clause]:
        """The connectivity cuts Singles uses too (`lab.connectivity`): their proof needs only
        rules (2) and (3), which Range shares."""
        return separation_cuts(rules.data.shade, solution)

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Shading booleans; a number as 1 + the sum of "sees k cells this way" booleans, each
        the previous one and the k-th cell white; connectivity by distances from a root.

        The root is the first white cell in reading order: (0, 0), or else the cell after
        it, which touches it and so is white. Every other white cell is 1 + the nearest of
        its neighbours (shaded cells stand at `far`), which has a finite solution exactly
        when the white cells are connected, and only one, so CP-SAT's enumeration meets
        each shading once."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        shaded = {cell: model.new_bool_var(f"s{cell[0]}_{cell[1]}") for cell in p.cells()}
        for cell in p.cells():
            for nb in p.neighbours(*cell):
                if nb > cell:
                    model.add_bool_or([~shaded[cell], ~shaded[nb]])
        for (r, c), value in inst.clues.items():
            model.add(shaded[(r, c)] == 0)
            model.add(1 + sum(self._sees(model, p, shaded, r, c)) == value)
        self._connected(model, p, shaded)
        grid = [[shaded[(r, c)] for c in range(p.width)] for r in range(p.height)]
        variables = [v for row in grid for v in row]
        return CpModel(model, variables, lambda value: tuple(tuple(bool(value(v)) for v in row) for row in grid))

    @staticmethod
    def _sees(model: Any, p: RangeParams, shaded: dict, r: int, c: int) -> list:
        """Booleans "(r, c) sees at least k cells in this direction", k = 1, 2, ..."""
        out = []
        for dr, dc in DIRECTIONS:
            before = None
            rr, cc = r + dr, c + dc
            while p.inside(rr, cc):
                sees = model.new_bool_var("")
                conditions = [~shaded[(rr, cc)]] + ([before] if before is not None else [])
                model.add_bool_and(conditions).only_enforce_if(sees)
                model.add_bool_or([sees] + [~x for x in conditions])
                out.append(sees)
                before = sees
                rr, cc = rr + dr, cc + dc
        return out

    @staticmethod
    def _connected(model: Any, p: RangeParams, shaded: dict) -> None:
        cells = p.cells()
        if len(cells) < 2:
            return
        far = len(cells)
        first, second = cells[0], cells[1]  # reading order: side by side, or one above the other
        dist = {cell: model.new_int_var(0, far, f"d{cell[0]}_{cell[1]}") for cell in cells}
        for cell in cells:
            s = shaded[cell]
            model.add(dist[cell] == far).only_enforce_if(s)
            if cell == first:
                model.add(dist[cell] == 0).only_enforce_if(~s)
                continue
            nearest = model.new_int_var(0, far, "")
            model.add_min_equality(nearest, [dist[nb] for nb in p.neighbours(*cell)])
            if cell == second:
                model.add(dist[cell] == 0).only_enforce_if(shaded[first])
                model.add(dist[cell] == nearest + 1).only_enforce_if([~s, ~shaded[first]])
            else:
                model.add(dist[cell] == nearest + 1).only_enforce_if(~s)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: RangeParams) -> Iterator[Shading]:
        """Every shading with no two shaded cells touching (1,234 on 4x4): stacks of rows
        with no two shaded side by side, no row shading a cell the row above shades."""
        w, h = params.width, params.height
        if w * h > ENUMERATE_MOST:
            raise PuzzleError(f"a {w}x{h} board is too large to enumerate")
        rows = [m for m in range(1 << w) if not m & (m >> 1)]

        def stack(above: int, depth: int) -> Iterator[list[int]]:
            if depth == h:
                yield []
                return
            for m in rows:
                if not m & above:
                    for rest in stack(m, depth + 1):
                        yield [m, *rest]

        for masks in stack(0, 0):
            yield tuple(tuple(bool(m >> c & 1) for c in range(w)) for m in masks)

    def verify(self, inst: Instance, solution: Shading) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = []
        for (r, c), value in sorted(inst.clues.items()):
            if solution[r][c]:
                problems.append(f"r{r + 1}c{c + 1} holds {value} but is shaded")
                continue
            seen = sight(p, solution, r, c)
            if seen != value:
                problems.append(f"r{r + 1}c{c + 1} sees {seen} white cells, its number says {value}")
        for r, row in enumerate(solution):
            for c in (c for c, s in enumerate(row) if s):
                if c + 1 < p.width and row[c + 1]:
                    problems.append(f"shaded r{r + 1}c{c + 1} and r{r + 1}c{c + 2} touch")
                if r + 1 < p.height and solution[r + 1][c]:
                    problems.append(f"shaded r{r + 1}c{c + 1} and r{r + 2}c{c + 1} touch")
        regions = white_components(solution)
        if len(regions) > 1:
            problems.append(f"white cells form {len(regions)} regions, not one")
        return problems


def tatham_numbers(game: GameId, area: int, top: int) -> list[Token]:
    """Range's description as one Token per cell ('' blank), each number checked as
    validate_desc does: it starts with 1..9 and is at most `top` (w + h - 1)."""
    cells = tatham_number_cells(game, area)
    for t in cells:
        if t.text and int(t.text) > top:
            raise PuzzleError(f"number {quote(t.text)} out of range 1..{top}", t.line, t.column)
    return cells


PUZZLE = Range()
