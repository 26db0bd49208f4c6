"""Sudoku of any box shape (4x4 to 26x26): text forms, rules, decoding, verification.

Vocabulary (after Norvig): a *cell* (r, c) holds a *digit* 1..n; its *units* are its row,
its column and its box. A clue fixes one cell's digit, so a clue is the single literal
x[r][c][d]: the engine assumes it directly, no selector needed.

Size limit: boxes at least 2x2 (as in Tatham's Solo), the grid at most 26x26 (the line form
writes one character per digit, 1-9 then a-q). A 26x26 check takes about a second.

Writing digits: beyond 9 the plain forms use letters, a = 10 ... g = 16 (seed 000's 16x16),
and 0 (like '.') is a blank. A 16x16 board written in the hexadecimal convention instead
(0-F are the sixteen digits, '.' is blank) is recognised when it uses every one of the
symbols 0..F (and no G): a line of 256 characters, 16 lines of 16, a whitespace-separated
grid or an array. Its hex symbol k is digit k + 1 (0 is 1, F is 16), and every plain form
(line, grid, array) writes that puzzle and its solutions back in hex; JSON and Tatham's IDs
hold the digits 1..16 as always.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    CluePuzzle,
    CpModel,
    GradingHints,
    Instance,
    LpModel,
    PairLayout,
    PuzzleError,
    Rules,
    Speed,
    number,
    quote,
    variable_block,
)
from ..lab.face.share import NONE, box_grid
from ..lab.toolkit.answers import number_cell
from ..lab.toolkit.answers import read_grid as read_answer_grid  # `read_grid` is the grid form's reader here
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, PuzzLinkCodec, Pzprv3Codec, TathamCodec, solved_board
from ..lab.toolkit.numbering import NumberClues
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, written_items, written_numbers
from ..lab.toolkit.symmetry import Symmetry
from ..lab.toolkit.tatham import GameId, tatham_cells, tatham_encode
from ..lab.toolkit.textgrid import (
    JsonObject,
    Token,
    array_rows,
    char_rows,
    count_cells,
    grid_lines,
    json_shown,
    rectangular,
    token_rows,
    write_array,
)

ALPHABET = "123456789abcdefghijklmnopq"  # digits, then letters beyond 9 (seed 000's 16x16)
HEX = "0123456789ABCDEF"  # a 16x16 board in the hexadecimal convention: digit k + 1 is HEX[k]
BLANKS = {".", "0", "_", "-", "*"}
HEX_BLANKS = BLANKS - {"0"}  # in hex, 0 is a digit
SIZE = BoardLimit(len(ALPHABET), len(ALPHABET), 4, 4)  # one character per digit in the line form
EARLY = SIZE.early("sudoku", "grid")  # the readers' size check, before any cell is read
Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class SudokuParams:
    """Boxes are `box_rows` tall and `box_cols` wide; the grid is n x n, n = their product.

    `symbols` is how the plain forms write digits 1..n: ALPHABET, or HEX for a 16x16 read in
    the hexadecimal convention (`written_in`). It is not part of the structure: params that
    differ only in it are equal and share a solver, and datasets do not record it."""

    box_rows: int
    box_cols: int
    symbols: ClassVar[str] = ALPHABET

    @property
    def n(self) -> int:
        return self.box_rows * self.box_cols

    def written_in(self, symbols: str) -> SudokuParams:
        """The same structure, written with `symbols` (HEX or ALPHABET)."""
        out = SudokuParams(self.box_rows, self.box_cols)
        if symbols != ALPHABET:
            object.__setattr__(out, "symbols", symbols)  # an instance attribute over the class default
        return out

    @staticmethod
    def for_size(n: int) -> SudokuParams:
        """The usual box shape for an n x n grid: as square as possible, wider than tall."""
        SIZE.check("sudoku", n, n, "grid")
        rows = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
        if rows < 2:
            raise PuzzleError(f"a {n}x{n} grid has no box shape (sizes like 4, 6, 8, 9, 12, 16, 25 do)")
        return SudokuParams(rows, n // rows)

    def box(self, r: int, c: int) -> int:
        return (r // self.box_rows) * self.box_rows + c // self.box_cols

    def units(self) -> list[list[tuple[int, int]]]:
        n = self.n
        rows = [[(r, c) for c in range(n)] for r in range(n)]
        cols = [[(r, c) for r in range(n)] for c in range(n)]
        boxes = [[(br + i, bc + j) for i in range(self.box_rows) for j in range(self.box_cols)]
                 for br in range(0, n, self.box_rows) for bc in range(0, n, self.box_cols)]
        return rows + cols + boxes


def puzzlink_box(n: int) -> SudokuParams | None:
    """The boxes puzz.link draws on an n x n sudoku, when they hold n cells: isqrt(n) square,
    but 2 tall and 3 wide on a 6x6 (pzprjs's `initBoardSize`)."""
    if n == 6:
        return SudokuParams(2, 3)
    side = math.isqrt(n)
    return SudokuParams(side, side) if side * side == n and side >= 2 else None


def check_params(params: SudokuParams) -> SudokuParams:
    """The sudoku size limit, for reading and generating alike: the grid within SIZE, boxes
    at least 2x2 (a 1-row box is only a row again; Tatham's Solo refuses it too)."""
    if params.box_rows < 2 or params.box_cols < 2:
        raise PuzzleError(f"sudoku boxes {params.box_rows}x{params.box_cols} are too small: at least 2x2")
    SIZE.check("sudoku", params.n, params.n, "grid")
    return params


def is_hex(symbols: list[str]) -> bool:
    """Is a board of these cell symbols a 16x16 in the hexadecimal convention? Yes when it
    uses every one of 0..F and nothing else but blanks other than 0: then 0 must be a digit
    (in the usual convention 16 is 'g' and 0 is blank, and a 'g' keeps that reading)."""
    if len(symbols) != 256:
        return False
    used = {s.upper() for s in symbols}
    return set(HEX) <= used <= set(HEX) | HEX_BLANKS


@dataclass(frozen=True)
class SpacedGrid(MethodCodec):
    """The grid form, told from the line form by single cells with white space between them
    (`. . 4 | 3 . .`, `10 . 3`); characters only, in one line or several (16 lines of 16), with
    or without box rules or spaces between boxes (`004|300|209`, `4.. ... 8.5`), are the line form."""

    def recognises(self, text: str) -> bool:
        return any(len(words) > 1 and any(len(w) == 1 for w in words)
                   for words in (line.split() for _, line in grid_lines(text, rules=True)))


class Sudoku(NumberClues, CluePuzzle[SudokuParams, tuple[int, int], Grid]):
    name = "sudoku"
    clue_word = "digit"
    # cacheable: clue literals are rule variables: one CNF per size serves every grid
    # propagation: about half of minimal 9x9 grade 0: the try pays
    speed = Speed(rules_cacheable=True)
    grading = GradingHints(mostly_propagation=True, keys=("human_technique", "human_steps"))
    aliases = ("solo",)
    title = "Sudoku (Solo), any box shape"
    rules_text = "Fill the grid with the digits 1..n so that every row, column and box holds each digit once."
    # every form's solved form is the board with every cell given, but pzprjs's file, which holds
    # the digits written apart from the givens
    codecs = (*(solved_board(form, "full") for form in (
        MethodCodec("line"), PuzzLinkCodec(genres=("sudoku",)), SpacedGrid("grid", order=60),
        MethodCodec("array", order=20, pattern=r"\["), TathamCodec(), JsonCodec())), Pzprv3Codec(genres=("sudoku",)))
    tatham_game: ClassVar[str | None] = "solo"  # the game in Simon Tatham's collection
    size_limit_text = SIZE.text
    example = "1.2......43....."
    pair_layout = PairLayout("line", blank="0", blanks="0.")  # Kaggle's puzzle,solution CSV

    def check_size(self, inst: Instance) -> None:
        check_params(inst.params)

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, cells: list[list[int]], where: list[list[tuple[int | None, int | None]]] | None = None,
                  params: SudokuParams | None = None, symbols: str = ALPHABET) -> Instance:
        n = len(cells)
        params = check_params(params) if params else SudokuParams.for_size(n)
        params = params.written_in(symbols)
        if params.n != n:
            raise PuzzleError(f"{n} rows do not fit boxes of {params.box_rows}x{params.box_cols}")
        clues = {}
        for r, row in enumerate(cells):
            if len(row) != n:
                line = where[r][0][0] if where else r + 1
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, expected {n}", line)
            for c, d in enumerate(row):
                if not 0 <= d <= n:
                    line, col = where[r][c] if where else (r + 1, c + 1)
                    raise PuzzleError(f"digit {number(d)} out of range 1..{n}", line, col)
                if d:
                    clues[(r, c)] = d
        return Instance(self.name, params, clues)

    def _digit(self, text: str, n: int, line: int | None, col: int | None, symbols: str = ALPHABET) -> int:
        if symbols == HEX:
            return 0 if text in HEX_BLANKS else HEX.index(text.upper()) + 1  # `is_hex` vouched for it
        if text in BLANKS:
            return 0
        if text.isdecimal() and (n > 9 or len(text) == 1):
            return int(text)
        low = text.lower()
        if len(low) == 1 and low in ALPHABET and n > 9:
            return ALPHABET.index(low) + 1
        raise PuzzleError(f"bad character {quote(text)}", line, col)

    def _cells(self, symbols: list[list[str]], where: list[list[tuple[int | None, int | None]]]) -> Instance:
        """An instance from an n x n board of cell symbols, in the hex convention when
        `is_hex` says so (see the module docstring)."""
        n = len(symbols)
        flat = [s for row in symbols for s in row]
        notation = HEX if is_hex(flat) else ALPHABET
        cells = [[self._digit(s, n, *at, notation) for s, at in zip(row, places)]
                 for row, places in zip(symbols, where)]
        return self._instance(cells, where, symbols=notation)

    def read_line(self, text: str) -> Instance:
        lines = grid_lines(text, rules=True)
        n = math.isqrt(sum(count_cells(line) for _, line in lines))
        EARLY(n, n, lines[0][0])  # n x n characters, counted before a cell is made
        rows = char_rows(text, rules=True)
        chars = [t for row in rows for t in row]
        n = math.isqrt(len(chars))
        if n * n != len(chars) or n < 1:
            raise PuzzleError(f"one-line sudoku needs a square number of characters (81 for 9x9), got "
                              f"{len(chars)}", rows[0][0].line)
        if n < 4:
            raise PuzzleError(f"one-line sudoku of {len(chars)} characters would be {n}x{n}; the smallest "
                              f"is 4x4 (16 characters)", rows[0][0].line)
        SudokuParams.for_size(n)  # the size limit, before a cell is read
        board = [chars[r * n:(r + 1) * n] for r in range(n)]
        return self._cells([[t.text for t in row] for row in board],
                           [[(t.line, t.column) for t in row] for row in board])

    def read_grid(self, text: str) -> Instance:
        rows = token_rows(text, rules=True, limit=EARLY)
        rectangular(rows)
        n = len(rows)
        rectangular(rows, n, n)
        SudokuParams.for_size(n)
        return self._cells([[t.text for t in row] for row in rows], [[(t.line, t.column) for t in row] for row in rows])

    def read_array(self, text: str) -> Instance:
        rows = array_rows(text, EARLY)
        n = len(rows)
        rectangular(rows, n, n, "array row", numbered=True)
        SudokuParams.for_size(n)
        return self._cells([[str(e.value).strip() or "." for e in row] for row in rows],
                           [[(e.line, e.column) for e in row] for row in rows])

    def from_tatham(self, game: GameId) -> Instance:
        head = game.head
        m = re.fullmatch(r"(\d+)(?:x(\d+))?([a-z0-9]*)", head)
        if not m:
            raise PuzzleError(f"bad Solo parameters {quote(head)}", game.line, game.column)
        extra = m.group(3)
        if "j" in extra or "k" in extra or (extra.startswith("x")):
            raise PuzzleError(f"jigsaw, killer and X variants are not supported ({quote(head)})",
                              game.line, game.column)
        c = int(m.group(1))
        r = int(m.group(2)) if m.group(2) else c
        params = check_params(SudokuParams(c, r))  # Tatham's c x r: boxes c rows tall, r columns wide
        n = params.n
        flat = tatham_cells(game, n * n, {}, 0, numbers=True)
        return self._instance([flat[i * n:(i + 1) * n] for i in range(n)], params=params)

    def from_json(self, text: str) -> Instance:
        """`grid`: n rows of n digits (0 or "." a blank); `box`, when given, [rows, cols] of
        a box (else the squarest box of n cells)."""
        doc = JsonObject(text, self.name, ("box", "grid"), self.aliases)
        grid = doc.rows("grid", EARLY)
        n = len(grid)
        SIZE.check("sudoku", n, n, "grid", doc.where("grid")[0])
        cells = [[v if type(v) is int else self._digit(str(v).strip() or ".", n, r + 1, c + 1)
                  for c, v in enumerate(row)] for r, row in enumerate(grid)]
        params = None
        box = doc.array("box", None, 2, "whole numbers, [rows, cols]")
        if box is not None:
            if not all(type(v) is int for v in box):
                raise doc.error("box", f"must be [rows, cols], two whole numbers, got {json_shown(box[0])}, "
                                       f"{json_shown(box[1])}")
            params = SudokuParams(box[0], box[1])
        return self._instance(cells, params=params)

    def cells(self, inst: Instance) -> list[list[int]]:
        n = inst.params.n
        return [[inst.clues.get((r, c), 0) for c in range(n)] for r in range(n)]

    def format(self, inst: Instance, fmt: str = "grid") -> str:
        """As every puzzle's, but the grid form by default, and "text" (the engine's usual
        name for a puzzle's plain form) the line form."""
        return super().format(inst, "line" if fmt == "text" else fmt)

    def write_line(self, inst: Instance) -> str:
        symbols = inst.params.symbols
        return "".join("." if d == 0 else symbols[d - 1] for row in self.cells(inst) for d in row)

    def write_grid(self, inst: Instance) -> str:
        """A row a line, a blank line between bands of boxes and a wider space between stacks."""
        p, symbols = inst.params, inst.params.symbols
        width = 1 if symbols == HEX else len(str(p.n))
        shown = (lambda d: symbols[d - 1]) if symbols == HEX else str  # noqa: E731
        lines = []
        for r, row in enumerate(self.cells(inst)):
            if r and r % p.box_rows == 0:
                lines.append("")
            parts = []
            for c, d in enumerate(row):
                if c and c % p.box_cols == 0:
                    parts.append(" ")
                parts.append(("." if d == 0 else shown(d)).rjust(width))
            lines.append(" ".join(parts))
        return "\n".join(lines)

    def write_array(self, inst: Instance) -> str:
        symbols = inst.params.symbols
        return write_array([" " if d == 0 else symbols[d - 1] for d in row] for row in self.cells(inst))

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        return f"{p.box_rows}x{p.box_cols}:" + tatham_encode([d for row in self.cells(inst) for d in row], 0)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's `sudoku`: the givens in `numbers16`. puzz.link draws the boxes from the
        size alone (`puzzlink_box`), so only the sizes it draws as a sudoku are read."""
        refuse_flags(link)
        n = link.cols
        if link.rows != n:
            raise PuzzleError(f"a puzz.link sudoku of {link.cols}x{link.rows} cells is not square", 1,
                              size_column(link))
        SIZE.check("sudoku", n, n, "grid", 1, size_column(link))
        params = puzzlink_box(n)
        if params is None:
            raise PuzzleError(f"puzz.link's boxes on a sudoku of {n}x{n} cells do not hold {n} cells each "
                              f"(its sizes are 4, 6, 9, 16, 25)", 1, size_column(link))
        cursor = Cursor(link.body, link.column)
        values = cursor.read_numbers16(n * n)
        cursor.end()
        clues = {}
        for i, d in enumerate(values):
            if d is None:
                continue
            if d == UNKNOWN:
                raise PuzzleError("puzz.link sudoku: a cell with an unknown digit, which a sudoku cannot hold", 1,
                                  cursor.places[i])
            if not 1 <= d <= n:
                raise PuzzleError(f"puzz.link sudoku: digit {d} out of range 1..{n}", 1, cursor.places[i])
            clues[divmod(i, n)] = d
        return Instance(self.name, params, clues)

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """The givens, then the digits written (0 where none): of a size whose boxes pzprjs
        draws, as the address."""
        n = pzl.rows
        SIZE.check("sudoku", n, n, "grid", 3)
        params = puzzlink_box(n)
        if params is None:
            raise PuzzleError(f"pzprjs's boxes on a sudoku of {n}x{n} cells do not hold {n} cells each "
                              f"(its sizes are 4, 6, 9, 16, 25)", 3, 1)
        inst = Instance(self.name, params, pzl.clues(lambda t: self._pzprv3_given(t, n)))
        return inst, written_numbers(pzl.cells(), inst.clues)

    @staticmethod
    def _pzprv3_given(t: Token, n: int) -> int | None:
        if t.text == ".":
            return None
        if not (t.text.isdecimal() and 1 <= int(t.text) <= n):
            raise bad_item(t, f"is no given of a sudoku (a digit 1..{n}, or . for none)")
        return int(t.text)

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        p = inst.params
        if puzzlink_box(p.n) != p:
            raise PuzzleError(f"pzprjs draws a sudoku's boxes from its size alone, and cannot show boxes "
                              f"{p.box_rows} tall and {p.box_cols} wide on {p.n}x{p.n} cells")
        return (Pzprv3Writer("sudoku", p.n, p.n).grid(lambda r, c: inst.clues.get((r, c), "."))
                .items(written_items(solution, inst.clues, p.n, p.n)))

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        if puzzlink_box(p.n) != p:
            raise PuzzleError(f"puzz.link draws a sudoku's boxes from its size alone, and cannot show boxes "
                              f"{p.box_rows} tall and {p.box_cols} wide on {p.n}x{p.n} cells")
        return PuzzLink("sudoku", p.n, p.n, write_numbers16([d or None for row in self.cells(inst) for d in row]))

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p = inst.params
        return {"box": [p.box_rows, p.box_cols], "grid": self.cells(inst)}

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: heavy lines around the boxes, '·' for a blank."""
        p, symbols = inst.params, inst.params.symbols
        return box_grid([["·" if d == 0 else symbols[d - 1] for d in row] for row in self.cells(inst)],
                        [[p.box(r, c) for c in range(p.n)] for r in range(p.n)], inner=NONE, pad=0)

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, `.` an empty cell, a digit (or, past 9, a letter: A is 10) a given; "
                    "a blank line between bands of boxes, a wider space between stacks")
    answer_format = ("the filled grid: one row per line, its numbers separated by single spaces "
                     "(10 and up as numbers, not letters)")

    def board_text(self, inst: Instance) -> str:
        return self.format(inst, "grid")

    def read_answer(self, inst: Instance, text: str) -> Grid:
        n, symbols = inst.params.n, inst.params.symbols

        def digit(token: str) -> int:
            if token.isdigit():
                return number_cell(1, n)(token)
            if len(token) == 1 and token.upper() in symbols:  # a letter for 10 and up, as the board shows it
                return symbols.index(token.upper()) + 1
            raise ValueError(f"not a number from 1 to {n}")
        return tuple(map(tuple, read_answer_grid(text, n, n, digit, "digit")))

    def full(self, inst: Instance, solution: Grid) -> Instance:
        n = inst.params.n
        return Instance(self.name, inst.params, {(r, c): solution[r][c] for r in range(n) for c in range(n)})

    def format_solution(self, inst: Instance, solution: Grid, fmt: str = "grid") -> str:
        return super().format_solution(inst, solution, "line" if fmt == "text" else fmt)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: SudokuParams, pool: IDPool) -> Rules:
        n = params.n
        first = variable_block(pool, n ** 3)  # x[r][c][d] = first + (r * n + c) * n + d
        x = [[list(range(first + (r * n + c) * n, first + (r * n + c + 1) * n)) for c in range(n)] for r in range(n)]
        groups = [x[r][c] for r in range(n) for c in range(n)]  # each cell one digit ...
        for unit in params.units():  # ... each digit once a unit
            bases = [first + (r * n + c) * n for r, c in unit]
            groups += [[b + d for b in bases] for d in range(n)]
        primary = list(range(first, first + n ** 3))
        return Rules(clauses=groups, primary=primary, data=x, at_most_one=groups,
                     cells=[x[r][c] for r in range(n) for c in range(n)])

    def clue_clauses(self, params: SudokuParams, rules: Rules, key: tuple[int, int], value: int):
        r, c = key
        return [[rules.data[r][c][value - 1]]]

    def decode(self, params: SudokuParams, rules: Rules, true_vars) -> Grid:
        n = params.n
        return tuple(tuple(next((d + 1 for d in range(n) if rules.data[r][c][d] in true_vars), 0)
                           for c in range(n)) for r in range(n))

    def solution_literals(self, params: SudokuParams, rules: Rules, solution: Grid) -> list[int]:
        # Exactly one digit per cell, so the true literals alone pin the solution down.
        return [rules.data[r][c][d - 1] for r, row in enumerate(solution) for c, d in enumerate(row)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        from ortools.sat.python import cp_model

        params, n = inst.params, inst.params.n
        model = cp_model.CpModel()
        cell = [[model.new_int_var(1, n, f"c{r}_{c}") for c in range(n)] for r in range(n)]
        for unit in params.units():
            model.add_all_different([cell[r][c] for r, c in unit])
        for (r, c), d in inst.clues.items():
            model.add(cell[r][c] == d)
        flat = [v for row in cell for v in row]
        return CpModel(model, flat, lambda value: tuple(tuple(value(v) for v in row) for row in cell))

    def lp_model(self, inst: Instance) -> LpModel:
        """Seed 003's formulation: an indicator per (cell, digit); each cell holds one digit,
        each row, column and box holds each digit once; a given fixes its indicator."""
        params, n = inst.params, inst.params.n

        def index(r: int, c: int, d: int) -> int:  # d from 1
            return (r * n + c) * n + d - 1

        rows = [([index(r, c, d) for d in range(1, n + 1)], 1) for r in range(n) for c in range(n)]
        rows += [([index(r, c, d) for r, c in unit], 1) for unit in params.units() for d in range(1, n + 1)]
        fixed = {(r, c): [index(r, c, d)] for (r, c), d in inst.clues.items()}

        def decode(ones: list[int]) -> Grid:
            return tuple(tuple(next((d for d in range(1, n + 1) if ones[index(r, c, d)]), 0) for c in range(n))
                         for r in range(n))

        return LpModel(n * n * n, rows, fixed, decode)

    def human_grade(self, inst: Instance) -> dict:
        """The hardest human technique needed (singles ... guessing) and the step counts."""
        from .sudoku_techniques import human_grade

        return human_grade(inst)

    def human_path(self, inst: Instance) -> tuple[dict, list[dict]]:
        """The human grade and its deductions: each a single placed or candidates removed."""
        from dataclasses import asdict

        from .sudoku_techniques import human_path

        found, moves = human_path(inst)
        return found.to_json(), [asdict(move) for move in moves]

    # ---- symmetry ------------------------------------------------------------------
    def canonical(self, inst: Instance) -> str:
        """The same string for every puzzle equivalent under relabelling digits, permuting
        rows within bands, bands, columns within stacks, stacks, and (square boxes) transposing.

        Exact: the lexicographically least relabelled grid (blanks first, digits renamed in
        order of first appearance), built row by row, keeping every (transposition, column
        order, row prefix) that ties for the least prefix. Up to 9x9; bigger grids have too
        many column orders to try, and get their plain form (so only exact copies match)."""
        p, n = inst.params, inst.params.n
        grid = self.cells(inst)
        if n > 9:
            return self.format(inst, "tatham")
        variants = [grid] + ([Symmetry(n, n, transposes=True).grid(grid)] if p.box_rows == p.box_cols else [])
        if any(len(set(row) - {0}) < n - row.count(0) for g in variants for row in g):
            best_rows = _least_rows(variants, p.box_rows, p.box_cols)  # a row repeats a digit
        else:
            best_rows = _least_rows_at_once(variants, p.box_rows, p.box_cols)
        return "".join("." if d == 0 else ALPHABET[d - 1] for row in best_rows for d in row)

    # ---- pictures ------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """Thin cell lines, thick box lines, givens in bold black and solved digits in blue."""
        from ..lab.toolkit.draw import Board

        p, n = inst.params, inst.params.n
        board = Board(ax, n, n)
        board.grid([[p.box(r, c) for c in range(n)] for r in range(n)])
        for r in range(n):
            for c in range(n):
                given = inst.clues.get((r, c))
                d = given or (solution[r][c] if solution is not None else 0)
                if d:
                    board.text(r, c, p.symbols[d - 1] if n > 9 else str(d), 0.62,
                               colour="black" if given else "#1f5fbf", bold=bool(given))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: SudokuParams) -> Iterable[Grid]:
        """Every grid whose rows are permutations and whose columns differ (boxes unchecked:
        `verify` must catch them); only for boards of at most 4x4."""
        n = params.n
        if n > 4:
            raise PuzzleError(f"brute force is for grids of at most 4x4, not {n}x{n}")
        perms = list(itertools.permutations(range(1, n + 1)))
        for rows in itertools.product(perms, repeat=n):
            if all(len({row[c] for row in rows}) == n for c in range(n)):
                yield rows

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        params, n = inst.params, inst.params.n
        problems = []
        if len(solution) != n or any(len(row) != n for row in solution):
            return [f"solution is not {n}x{n}"]
        digits = set(range(1, n + 1))
        for r, row in enumerate(solution):
            for c, d in enumerate(row):
                if d not in digits:
                    problems.append(f"r{r + 1}c{c + 1} holds {d}, not a digit 1..{n}")
        for unit in params.units():
            seen = [solution[r][c] for r, c in unit]
            if set(seen) != digits:
                (r0, c0), (r1, c1) = unit[0], unit[-1]
                problems.append(f"unit r{r0 + 1}c{c0 + 1}..r{r1 + 1}c{c1 + 1} does not hold each digit once")
        for (r, c), d in inst.clues.items():
            if solution[r][c] != d:
                problems.append(f"clue r{r + 1}c{c + 1}={d} not kept")
        return problems


@functools.cache
def _orders(n: int, group: int) -> list[tuple[int, ...]]:
    """Every order of n lines that permutes groups of `group` lines and lines within groups."""
    from itertools import permutations, product

    groups = [list(range(g, g + group)) for g in range(0, n, group)]
    out = []
    for group_order in permutations(groups):
        for inner in product(*(list(permutations(g)) for g in group_order)):
            out.append(tuple(x for part in inner for x in part))
    return out


def _least_rows(variants: list[list[list[int]]], box_rows: int, box_cols: int) -> list[tuple[int, ...]]:
    """The least relabelled grid, row by row, keeping every (variant, column order, row
    prefix) that ties for the least prefix: the definition, in plain Python."""
    n = len(variants[0])
    states: list[tuple[list[list[int]], tuple[int, ...], tuple[int, ...], dict[int, int]]] = [
        (g, (), cols, {}) for g in variants for cols in _orders(n, box_cols)]
    best_rows: list[tuple[int, ...]] = []
    for _ in range(n):
        best: tuple[int, ...] | None = None
        survivors: list[tuple[list[list[int]], tuple[int, ...], tuple[int, ...], dict[int, int]]] = []
        for g, used, cols, labels in states:
            for x in _next_rows(used, box_rows, n):
                new = dict(labels)
                row = tuple(0 if g[x][c] == 0 else new.setdefault(g[x][c], len(new) + 1) for c in cols)
                if best is None or row < best:
                    best, survivors = row, []
                if row == best:
                    survivors.append((g, used + (x,), cols, new))
        assert best is not None  # (every state has a next row)
        best_rows.append(best)
        states = survivors
    return best_rows


def _least_rows_at_once(variants: list[list[list[int]]], box_rows: int, box_cols: int) -> list[tuple[int, ...]]:
    """`_least_rows` for grids whose rows repeat no digit, every state of a step at once in
    numpy: a 9x9 has 2 x 1296 column orders to try, 16 ms a puzzle in plain Python (more
    than making the puzzle). Each state's labels are a table digit -> label.

    The first row is the most of it (9 rows x 2,592 orders; a few thousand states tie after
    it, tens after the second): its digits are distinct, so relabelled they read 1, 2, 3, ...
    whatever they are, and only where its blanks fall decides which row is least."""
    import numpy as np

    n = len(variants[0])
    grids = np.array(variants, dtype=np.int64)  # variant, row, column
    orders = _order_table(n, box_cols)
    band_of = np.arange(n) // box_rows
    weights = (n + 1) ** np.arange(n - 1, -1, -1, dtype=np.int64)
    keys = (grids != 0).astype(np.int64) @ _order_weights(n, box_cols)  # variant, row, order: where the blanks fall
    variant, x, order = np.nonzero(keys == keys.min())
    values = np.take_along_axis(grids[variant, x], orders[order], axis=1)
    rows = np.where(values == 0, 0, np.cumsum(values != 0, axis=1))
    best_rows: list[tuple[int, ...]] = [tuple(int(v) for v in rows[0])]
    used = np.zeros((len(variant), n), dtype=bool)
    used[np.arange(len(variant)), x] = True
    band = band_of[x]
    labels = np.zeros((len(variant), n + 1), dtype=np.int64)
    which, where = np.nonzero(values)
    labels[which, values[which, where]] = rows[which, where]
    given = (values != 0).sum(axis=1)  # labels given so far
    for step in range(1, n):
        if step % box_rows == 0:  # a band's first row: any row of a band not begun
            begun = np.zeros((len(variant), n // box_rows), dtype=bool)
            state_of, row_of = np.nonzero(used)
            begun[state_of, band_of[row_of]] = True
            allowed = ~begun[:, band_of]
        else:  # the rest of the current band
            allowed = (band_of[None, :] == band[:, None]) & ~used
        state, x = np.nonzero(allowed)
        values = np.take_along_axis(grids[variant[state], x], orders[order[state]], axis=1)
        known = np.take_along_axis(labels[state], values, axis=1)
        fresh = (values != 0) & (known == 0)
        rows = np.where(values == 0, 0, np.where(known > 0, known, given[state, None] + np.cumsum(fresh, axis=1)))
        step_keys = rows @ weights
        keep = np.nonzero(step_keys == step_keys.min())[0]
        best_rows.append(tuple(int(v) for v in rows[keep[0]]))
        state, x, values, fresh, rows = state[keep], x[keep], values[keep], fresh[keep], rows[keep]
        variant, order, band = variant[state], order[state], band_of[x]
        used = used[state]
        used[np.arange(len(keep)), x] = True
        labels = labels[state]
        which, where = np.nonzero(fresh)
        labels[which, values[which, where]] = rows[which, where]
        given = given[state] + fresh.sum(axis=1)
    return best_rows


@functools.cache
def _order_table(n: int, group: int) -> Any:
    """`_orders` as a numpy array, made once."""
    import numpy as np

    table = np.array(_orders(n, group), dtype=np.int64)
    table.flags.writeable = False
    return table


@functools.cache
def _order_weights(n: int, group: int) -> Any:
    """A column's weight in each order (`_orders`): the weight of the place it takes there,
    so that a row's blank pattern (filled 1, blank 0) times this table is, for every order at
    once, the pattern read in that order as a base-(n+1) number."""
    import numpy as np

    orders = _order_table(n, group)
    weights = (n + 1) ** np.arange(n - 1, -1, -1, dtype=np.int64)
    table = np.zeros((n, len(orders)), dtype=np.int64)
    table[orders, np.arange(len(orders))[:, None]] = weights
    table.flags.writeable = False
    return table


def _next_rows(used: tuple[int, ...], band: int, n: int) -> list[int]:
    """Rows that may come next: any row of an unused band at a band's start, else the
    unused rows of the current band."""
    if len(used) % band == 0:
        taken = {u // band for u in used}
        return [x for x in range(n) if x // band not in taken]
    current = used[-1] // band
    return [x for x in range(current * band, (current + 1) * band) if x not in used]


PUZZLE = Sudoku()
