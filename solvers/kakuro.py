"""Kakuro (cross sums): text forms, rules, decoding, verification.

Rules: a grid of black and white cells; every white cell gets a digit 1..9. A *run* is a
maximal line of white cells across or down; it follows a black cell, which may hold the
run's sum (the clue). Each run's digits are all different and add up to its clue. The first
row and the first column are black, so every run has its clue cell, as printed.

The black cells are the structure (`params`); a clue is one run's sum, keyed by its black
cell and direction: `(r, c, "across")` for the run to its right, `(r, c, "down")` below it.

One variable per white cell and digit (the primary variables), one digit a cell, no digit
twice in a run. Each run and digit also has a variable "the run holds this digit" (exactly
the OR of its cells'), so that a clue says only which digit *sets* it allows: the digits in
every set of k distinct digits with that sum are in, those in none are out, and a tree over
the digits 1..9 rules out every other set. No clue draws a variable: the rules are shared.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
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
    quote,
    variable_block,
)
from ..lab.toolkit.answers import grid_text
from ..lab.toolkit.cellgrid import BoardCells, CellRow, GridJson, GridText
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.puzzlink import Cursor, PuzzLink, refuse_flags, size_column
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, written_items, written_numbers
from ..lab.toolkit.textgrid import JsonObject, Token, json_shown, rectangular

Cell = tuple[int, int]
Key = tuple[int, int, str]  # a clue: its black cell and "across" or "down"
Grid = tuple[tuple[int, ...], ...]  # a digit per white cell, 0 on black cells
# Size limit: printed boards are up to about 30x30 (Nikoli's largest); a run holds at most
# nine digits, so past that size a board is mostly black cells anyway.
SIZE = BoardLimit(40, 40, 2, 2)
EARLY = SIZE.early("kakuro")
PUZZLINK_GENRES = ("kakuro",)
DIRECTIONS = ("across", "down")
STEP = {"across": (0, 1), "down": (1, 0)}
MOST = 45  # 1 + 2 + ... + 9: the largest sum a run can have
CLUE_CELL = re.compile(r"(\d{0,3})\\(\d{0,3})")
FILE_SUM = re.compile(r"-?\d{1,4}")  # a sum in pzprjs's file: 0 or -1 none
FILE_CLUE_CELL = re.compile(rf"({FILE_SUM.pattern}),({FILE_SUM.pattern})")  # a black cell's across,down
BLACK = "#"


@dataclass(frozen=True)
class KakuroParams(BoardCells):
    """A width x height board and its black cells (the first row and column all black)."""

    width: int
    height: int
    black: tuple[tuple[bool, ...], ...]

    def __post_init__(self) -> None:
        SIZE.check("kakuro", self.width, self.height)
        if len(self.black) != self.height or any(len(row) != self.width for row in self.black):
            raise PuzzleError(f"kakuro black cells are not {self.height} rows of {self.width}")
        for r, c in self.cells():
            if (r == 0 or c == 0) and not self.black[r][c]:
                raise PuzzleError(f"r{r + 1}c{c + 1} is white: the first row and column are black "
                                  "(a run's clue stands in the black cell before it)")

    @cached_property
    def runs(self) -> dict[Key, tuple[Cell, ...]]:
        """Each black cell's runs (across, down) that have at least one cell, in reading order."""
        out: dict[Key, tuple[Cell, ...]] = {}
        for r, c in self.cells():
            if not self.black[r][c]:
                continue
            for d in DIRECTIONS:
                dr, dc = STEP[d]
                cells = []
                rr, cc = r + dr, c + dc
                while rr < self.height and cc < self.width and not self.black[rr][cc]:
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if cells:
                    out[(r, c, d)] = tuple(cells)
        return out

    def white(self) -> list[Cell]:
        return [(r, c) for r, c in self.cells() if not self.black[r][c]]


def combos(length: int, total: int) -> tuple[frozenset[int], ...]:
    """The sets of `length` distinct digits 1..9 that add up to `total`."""
    return _combos(length, total) if 1 <= length <= 9 else ()


@cache
def _combos(length: int, total: int) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(s) for s in combinations(range(1, 10), length) if sum(s) == total)


@cache
def sum_clauses(length: int, total: int) -> tuple[tuple[int, ...], ...]:
    """CNF over "the run holds digit d" (literal d, 1..9) for "its digits are one of the sets
    of `length` distinct digits adding up to `total`": a digit in every set is in, one in
    none is out, and a tree over the other digits in order forbids each step off every set."""
    sets = combos(length, total)
    if not sets:
        return ((),)
    always = frozenset.intersection(*sets)
    ever = frozenset.union(*sets)
    clauses: list[tuple[int, ...]] = [(d,) for d in sorted(always)]
    clauses += [(-d,) for d in range(1, 10) if d not in ever]
    free = sorted(ever - always)

    def grow(prefix: tuple[int, ...], left: tuple[frozenset[int], ...]) -> None:
        if len(prefix) == len(free):
            return
        d = free[len(prefix)]
        for lit, part in ((d, tuple(s for s in left if d in s)), (-d, tuple(s for s in left if d not in s))):
            if part:
                grow((*prefix, lit), part)
            else:
                clauses.append((*(-x for x in prefix), -lit))

    grow((), sets)
    return tuple(clauses)


def clue_range(length: int) -> tuple[int, int]:
    """The least and largest sum of `length` distinct digits (1..9)."""
    length = min(length, 9)
    return length * (length + 1) // 2, sum(range(10 - length, 10))


def key_name(key: Key) -> str:
    r, c, d = key
    return f"r{r + 1}c{c + 1} {d}"


def decval(ch: str) -> int | None:
    """A clue character of pzprjs's kakuro address: 0-9, a-j (10-19), A-Z (20-45), `-` none
    (0, as pzprjs also writes "none"); None if not one."""
    if ch == "-":
        return 0
    if "0" <= ch <= "9" or "a" <= ch <= "j":
        return int(ch, 36)
    if "A" <= ch <= "Z":
        return int(ch, 36) + 10
    return None


def encval(value: int) -> str:
    """The inverse of `decval`."""
    if value < 10:
        return str(value)
    if value < 20:
        return chr(ord("a") + value - 10)
    return chr(ord("A") + value - 20)


class Kakuro(CluePuzzle[KakuroParams, Key, Grid]):
    name = "kakuro"
    aliases = ("cross-sums", "crosssums")
    title = "Kakuro (Cross Sums)"
    rules_text = ("Write a digit 1-9 in every white cell so that each run across or down adds up to the clue in "
                  "the black cell before it, with no digit twice in a run.")
    codecs = (GridText(spaced=True, limit=EARLY), PuzzLinkCodec(genres=PUZZLINK_GENRES), GridJson(limit=EARLY),
              Pzprv3Codec(genres=PUZZLINK_GENRES))
    # cacheable: a clue's clauses are over the rules' own "run holds d" variables
    speed = Speed(rules_cacheable=True)
    size = SIZE
    # Down 4 and 16 make {1, 3} and {7, 9}; across 8 takes 1 + 7 of them, so 3 and 9 below.
    example = "  #  4\\ 16\\\n \\8   .   .\n\\12   .   ."

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None = None) -> Instance:
        """Rows of cells: `.` white, `#` black, `D\\A` black with a down sum D and an across
        sum A (either may be left out: `16\\`, `\\7`)."""
        rectangular(rows, numbered=True)
        black = tuple(tuple(t.text != "." for t in row) for row in rows)
        for r, row in enumerate(rows):
            for c, t in enumerate(row):
                if t.text == "." and (r == 0 or c == 0):
                    raise PuzzleError(f"r{r + 1}c{c + 1} is white: the first row and column are black (a run's "
                                      "clue stands in the black cell before it)", t.line, t.column)
                if t.text not in (".", BLACK) and not CLUE_CELL.fullmatch(t.text):
                    raise PuzzleError(f"bad cell {quote(t.text)} (`.` a white cell, `#` a black one, `D\\A` a black "
                                      "cell with its down and across sums)", t.line, t.column)
        with at_place(line if line is not None else rows[0][0].line if rows and rows[0] else None):
            params = KakuroParams(len(rows[0]) if rows else 0, len(rows), black)
        clues: dict[Key, int] = {}
        for r, row in enumerate(rows):
            for c, t in enumerate(row):
                m = CLUE_CELL.fullmatch(t.text)
                if m is None:
                    continue
                for d, value in zip(("down", "across"), m.groups()):
                    if value:
                        clues[(r, c, d)] = self._clue(params, (r, c, d), int(value), t.line, t.column)
        return Instance(self.name, params, clues)

    @staticmethod
    def _clue(params: KakuroParams, key: Key, value: int, line: int | None, column: int | None) -> int:
        if key not in params.runs:
            raise PuzzleError(f"{key_name(key)} sum {value} has no run of white cells after it", line, column)
        if not 1 <= value <= MOST:
            raise PuzzleError(f"{key_name(key)} sum {value}: a run adds up to 1..{MOST}", line, column)
        return value

    def from_cells(self, rows: list[CellRow]) -> Instance:
        return self._instance(rows)

    def cells(self, inst: Instance, solution: Grid | None = None) -> list[list[str]]:
        p: KakuroParams = inst.params
        out = []
        for r in range(p.height):
            row = []
            for c in range(p.width):
                if not p.black[r][c]:
                    row.append(str(solution[r][c]) if solution is not None else ".")
                    continue
                down, across = inst.clues.get((r, c, "down")), inst.clues.get((r, c, "across"))
                row.append(BLACK if down is None and across is None
                           else f"{'' if down is None else down}\\{'' if across is None else across}")
            out.append(row)
        return out

    def cell_width(self, inst: Instance) -> int:
        return max(len(cell) for row in self.cells(inst) for cell in row)

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of cells as the text form writes them (`.`, `#`, `16\\7`)."""
        rows = []
        for r, row in enumerate(grid):
            for v in row:
                if not isinstance(v, str) or v not in (".", BLACK) and not CLUE_CELL.fullmatch(v):
                    raise doc.error("grid", f"row {r + 1} has {json_shown(v)}: a cell is "
                                            "\".\", \"#\" or like \"16\\\\7\"")
            rows.append([Token(v, None, None) for v in row])
        return self._instance(rows)

    def json_grid(self, inst: Instance) -> list[list[str]]:
        return self.cells(inst)

    def solution_json(self, inst: Instance, solution: Grid) -> list[list[int]]:
        return [list(row) for row in solution]

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """pzprjs's kakuro.js: its COLS x ROWS are the white area, our board less the first row
        and column. The body goes through those cells: `k`..`z` skip 1..16 white cells, `.` is
        a black cell without sums, two clue characters a black cell (down, then across; 0 for
        none); then a clue character for each column whose top cell is white (its down sum),
        and one for each row whose first cell is white (its across sum)."""
        refuse_flags(link)
        cols, rows = link.cols, link.rows
        SIZE.check(self.name, cols + 1, rows + 1, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        black = [[True] * (cols + 1)] + [[True] + [False] * cols for _ in range(rows)]
        found: dict[Key, int] = {}
        body = link.body
        cell = 0
        while cell < cols * rows:
            if cursor.at >= len(body):
                raise cursor.refuse(f"ends after {cell} of the {cols * rows} cells")
            ch = body[cursor.at]
            r, c = divmod(cell, cols)
            if "k" <= ch <= "z":
                cell += int(ch, 36) - 19
                cursor.at += 1
                continue
            black[r + 1][c + 1] = True
            if ch != ".":
                pair = body[cursor.at:cursor.at + 2]
                values = [decval(x) for x in pair]
                if len(pair) < 2 or None in values:
                    raise cursor.refuse(f"{quote(pair)} is not a cell's two sums (0-9, a-j, A-Z, - none)")
                for d, v in zip(("down", "across"), values):
                    if v:
                        found[(r + 1, c + 1, d)] = v  # type: ignore[assignment]
                cursor.at += 1
            cursor.at += 1
            cell += 1
        edge = [(0, c + 1, "down") for c in range(cols) if not black[1][c + 1]]
        edge += [(r + 1, 0, "across") for r in range(rows) if not black[r + 1][1]]
        for key in edge:
            if cursor.at >= len(body):
                raise cursor.refuse(f"ends before the sum of {key_name(key)}")
            v = decval(body[cursor.at])
            if v is None:
                raise cursor.refuse(f"{quote(body[cursor.at])} is not a sum (0-9, a-j, A-Z, - none)")
            if v:
                found[key] = v
            cursor.at += 1
        cursor.end()
        with at_place(1):
            params = KakuroParams(cols + 1, rows + 1, tuple(map(tuple, black)))
        # a sum on a black cell with no run that way is kept by pzprjs and never checked: dropped
        clues = {key: self._clue(params, key, v, 1, None) for key, v in found.items() if key in params.runs}
        return Instance(self.name, params, clues)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p: KakuroParams = inst.params
        out, count = [], 0
        for r in range(1, p.height):
            for c in range(1, p.width):
                if not p.black[r][c]:
                    count += 1
                    if count == 16:
                        out.append("z")
                        count = 0
                    continue
                down, across = inst.clues.get((r, c, "down")), inst.clues.get((r, c, "across"))
                if count:
                    out.append(chr(ord("k") + count - 1))
                    count = 0
                out.append("." if down is None and across is None else encval(down or 0) + encval(across or 0))
        if count:
            out.append(chr(ord("k") + count - 1))
        out += [encval(inst.clues.get((0, c, "down"), 0)) for c in range(1, p.width) if not p.black[1][c]]
        out += [encval(inst.clues.get((r, 0, "across"), 0)) for r in range(1, p.height) if not p.black[r][1]]
        return PuzzLink(PUZZLINK_GENRES[0], p.width - 1, p.height - 1, "".join(out))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """pzprjs's kakuro.js (`decodeCellQnum51`, then `decodeCellAnumsub`): its ROWS x COLS are
        the white area, as in the address. ROWS + 1 lines of COLS + 1 items, our whole board: the
        corner, each column's down sum; then each row's across sum and its cells, `.` white,
        `A,D` black with its across and down sums (0, -1 or, beside the board, `.` none). Then
        the digits written in the white area (`.` none; the player's marks and candidates, none)."""
        SIZE.check(self.name, pzl.cols + 1, pzl.rows + 1, line=3)
        black = [[True] * (pzl.cols + 1)] + [[True] + [False] * pzl.cols for _ in range(pzl.rows)]
        found: dict[Key, tuple[int, Token]] = {}
        for r, row in enumerate(pzl.located(pzl.rows + 1, pzl.cols + 1, ".")):
            for c, t in enumerate(row):
                if t.text == "." or r == c == 0:  # a white cell, no sum beside the board, the corner
                    continue
                if r == 0 or c == 0:
                    if not FILE_SUM.fullmatch(t.text):
                        raise bad_item(t, "is no sum beside the board (a number, 0 or . none)")
                    found[(r, c, "down" if r == 0 else "across")] = (int(t.text), t)
                else:
                    m = FILE_CLUE_CELL.fullmatch(t.text)
                    if m is None:
                        raise bad_item(t, "is no Kakuro cell (. white, or a black cell's across and down sums "
                                          "like 8,4)")
                    black[r][c] = True
                    found[(r, c, "across")], found[(r, c, "down")] = (int(m.group(1)), t), (int(m.group(2)), t)
        with at_place(3):
            params = KakuroParams(pzl.cols + 1, pzl.rows + 1, tuple(map(tuple, black)))
        # as in the address: a sum on a black cell with no run that way is kept by pzprjs, never checked
        clues = {key: self._clue(params, key, v, t.line, t.column) for key, (v, t) in found.items()
                 if v > 0 and key in params.runs}
        digits = written_numbers(pzl.cells(), {})
        answer = tuple(tuple(0 if params.black[r][c] else digits[r - 1][c - 1] for c in range(params.width))
                       for r in range(params.height))
        return Instance(self.name, params, clues), answer

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        """As pzprjs's test files write it: 0 for a sum not given."""
        p: KakuroParams = inst.params

        def item(r: int, c: int) -> Any:
            if r == 0 or c == 0:
                return inst.clues.get((r, c, "down" if r == 0 else "across"), 0)
            if not p.black[r][c]:
                return "."
            return f"{inst.clues.get((r, c, 'across'), 0)},{inst.clues.get((r, c, 'down'), 0)}"
        board = [[item(r, c) for c in range(p.width)] for r in range(p.height)]
        digits = [row[1:] for row in solution[1:]] if solution else None
        return (Pzprv3Writer(PUZZLINK_GENRES[0], p.height - 1, p.width - 1).items(board)
                .items(written_items(digits, {}, p.height - 1, p.width - 1)))

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, cells separated by spaces: `.` a white cell to fill, `#` a black cell, "
                    "`D\\A` a black cell holding the sum D of the run of white cells below it and the sum A of the "
                    "run to its right (either may be missing, as in `16\\` or `\\7`)")
    answer_format = ("the whole grid filled: one row per line, cells separated by single spaces: the digit in each "
                     "white cell, `#` for each black cell")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return grid_text([[str(d) if d else BLACK for d in row] for row in solution])

    def read_answer(self, inst: Instance, text: str) -> Grid:
        from ..lab.toolkit.answers import read_grid

        def cell(token: str) -> int:
            if token in ("#", "X", "x", "■", "█", "\\", "-"):
                return 0
            if re.fullmatch(r"\d", token):
                return int(token)
            raise ValueError("not a digit or #")

        p = inst.params
        return tuple(map(tuple, read_grid(text, p.height, p.width, cell, "cell")))

    def corrupt_solution(self, inst: Instance, solution: Grid) -> Grid:
        """The first white cell's digit changed (the first cell is black, always right)."""
        r, c = inst.params.white()[0]
        rows = [list(row) for row in solution]
        rows[r][c] = rows[r][c] % 9 + 1
        return tuple(map(tuple, rows))

    def canonical(self, inst: Instance) -> str:
        """The lesser text of the board and its mirror in the main diagonal (across sums
        become down sums): the only symmetry that keeps the clue row and column first."""
        p: KakuroParams = inst.params
        turned = KakuroParams(p.height, p.width, tuple(zip(*p.black)))
        other = {(c, r, "down" if d == "across" else "across"): v for (r, c, d), v in inst.clues.items()}
        return min(self.format(inst), self.format(Instance(self.name, turned, other)))

    def describe_clue(self, key: Key, value: int) -> str:
        return f"{key_name(key)}={value}"

    def clue_json(self, key: Key, value: int) -> dict:
        return {"row": key[0] + 1, "col": key[1] + 1, "direction": key[2], "sum": value}

    def differences(self, a: Any, b: Any) -> list[str]:
        return [f"r{r + 1}c{c + 1}: {x} vs {y}" for r, (ra, rb) in enumerate(zip(a, b))
                for c, (x, y) in enumerate(zip(ra, rb)) if x != y]

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        """The board in box drawing: black cells as `▓▓`, their sums as `D\\A`."""
        from ..lab.face.share import box_grid

        cells = [["▓▓" if cell == BLACK else "" if cell == "." else cell for cell in row] for row in self.cells(inst)]
        return box_grid(cells)

    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Nikoli prints it: black cells grey with a diagonal, the down sum in the lower
        left half and the across sum in the upper right, in white; solved digits in the white
        cells."""
        from matplotlib.lines import Line2D

        from ..lab.toolkit.draw import Board, write

        p: KakuroParams = inst.params
        board = Board(ax, p.width, p.height)
        for r, c in p.cells():
            if not p.black[r][c]:
                if solution is not None:
                    board.text(r, c, str(solution[r][c]), 0.6, colour="#1f5fbf")
                continue
            board.shade(r, c, "0.25")
            x, y = board.centre(r, c)
            down, across = inst.clues.get((r, c, "down")), inst.clues.get((r, c, "across"))
            if down is not None or across is not None:
                ax.add_artist(Line2D([x - 0.5, x + 0.5], [y + 0.5, y - 0.5], color="white", lw=0.8, zorder=3))
            if down is not None:
                write(ax, x - 0.2, y - 0.22, str(down), 0.34, colour="white", fit=0.42)
            if across is not None:
                write(ax, x + 0.2, y + 0.2, str(across), 0.34, colour="white", fit=0.42)
        board.grid()

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: KakuroParams, pool: IDPool) -> Rules:
        """x[r][c][d]: white cell (r, c) holds d + 1, one a cell; a digit at most once a run;
        has[run][d]: the run holds d + 1, exactly the OR of its cells' x."""
        white = params.white()
        first = variable_block(pool, 9 * len(white))
        x: dict[Cell, list[int]] = {cell: [first + 9 * i + d for d in range(9)] for i, cell in enumerate(white)}
        cells = [x[cell] for cell in white]
        clauses: list[Clause] = [list(group) for group in cells]
        at_most_one: list[list[int]] = [list(group) for group in cells]
        has: dict[Key, list[int]] = {}
        for key, run in params.runs.items():
            block = variable_block(pool, 9)
            has[key] = [block + d for d in range(9)]
            for d in range(9):
                lits = [x[cell][d] for cell in run]
                if len(lits) > 1:
                    at_most_one.append(lits)
                clauses.append([-has[key][d], *lits])
                clauses += [[-lit, has[key][d]] for lit in lits]
        primary = [v for group in cells for v in group]
        return Rules(clauses, primary, KakuroVars(x, has), at_most_one, cells=cells)

    def clue_clauses(self, params: KakuroParams, rules: Rules, key: Key, value: int) -> list[Clause]:
        if not isinstance(key, tuple) or key not in params.runs:
            raise PuzzleError(f"clue {quote(key)} names no run of the {params.width}x{params.height} board")
        has = rules.data.has[key]
        return [[has[lit - 1] if lit > 0 else -has[-lit - 1] for lit in clause]
                for clause in sum_clauses(len(params.runs[key]), value)]

    def decode(self, params: KakuroParams, rules: Rules, true_vars) -> Grid:
        x = rules.data.x
        return tuple(tuple(0 if (r, c) not in x else next((d + 1 for d in range(9) if x[(r, c)][d] in true_vars), 0)
                           for c in range(params.width)) for r in range(params.height))

    def solution_literals(self, params: KakuroParams, rules: Rules, solution: Grid) -> list[int]:
        x = rules.data.x
        return [v if solution[r][c] == d + 1 else -v for (r, c), group in x.items() for d, v in enumerate(group)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """A digit variable per white cell; each run all different, each clue a linear sum."""
        from ortools.sat.python import cp_model

        p: KakuroParams = inst.params
        model = cp_model.CpModel()
        digit = {cell: model.new_int_var(1, 9, f"d{cell[0]}_{cell[1]}") for cell in p.white()}
        for key, run in p.runs.items():
            if len(run) > 1:
                model.add_all_different([digit[cell] for cell in run])
            if key in inst.clues:
                model.add(sum(digit[cell] for cell in run) == inst.clues[key])
        return CpModel(model, list(digit.values()),
                       lambda value: tuple(tuple(value(digit[(r, c)]) if (r, c) in digit else 0
                                                 for c in range(p.width)) for r in range(p.height)))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: KakuroParams) -> Iterable[Grid]:
        """Every filling with no digit twice in a run (depth first, cell by cell)."""
        white = params.white()
        runs_of: dict[Cell, list[tuple[Cell, ...]]] = {cell: [] for cell in white}
        for run in params.runs.values():
            for cell in run:
                runs_of[cell].append(run)
        if len(white) > 6:  # 9 ** 6 fillings at most
            raise PuzzleError(f"a board of {len(white)} white cells is too large to enumerate (6 at most)")

        def fill(i: int, grid: list[list[int]]) -> Iterator[Grid]:
            if i == len(white):
                yield tuple(map(tuple, grid))
                return
            r, c = white[i]
            used = {grid[rr][cc] for run in runs_of[(r, c)] for rr, cc in run}
            for d in range(1, 10):
                if d not in used:
                    grid[r][c] = d
                    yield from fill(i + 1, grid)
                    grid[r][c] = 0

        return fill(0, [[0] * params.width for _ in range(params.height)])

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        """A digit 1..9 in every white cell (none in a black one), no digit twice in a run,
        each clue the sum of its run."""
        p: KakuroParams = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = []
        for r, c in p.cells():
            v = solution[r][c]
            if p.black[r][c] and v:
                problems.append(f"r{r + 1}c{c + 1} is black, not a digit")
            elif not p.black[r][c] and not (isinstance(v, int) and 1 <= v <= 9):
                problems.append(f"r{r + 1}c{c + 1} holds {v!r}, not a digit 1-9")
        for key, run in p.runs.items():
            digits = [solution[r][c] for r, c in run]
            twice = sorted({d for d in digits if digits.count(d) > 1})
            if twice:
                problems.append(f"run {key_name(key)} holds {', '.join(map(str, twice))} twice")
            if key in inst.clues and sum(digits) != inst.clues[key]:
                problems.append(f"run {key_name(key)} adds up to {sum(digits)}, not {inst.clues[key]}")
        return problems


@dataclass
class KakuroVars:
    x: dict[Cell, list[int]]  # x[cell][d]: the white cell holds d + 1
    has: dict[Key, list[int]]  # has[run][d]: the run holds d + 1


PUZZLE = Kakuro()
