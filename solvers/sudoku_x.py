"""X sudoku (Tatham's Solo with `x`): a sudoku whose two main diagonals also hold each digit once.

The structure is the box shape (`SoloParams` with `diagonals`); the clues are the given
digits, one literal each, as in `solvers/sudoku.py`. The rules, `verify`, CP-SAT and the
pictures are the Solo variants' (`solvers/solo_common.py`).

Forms: the grid of digits (a first line `boxes 3x2` where the boxes are not the squarest
shape), JSON, and Tatham's game ID `3x3x:...`.
"""

from __future__ import annotations

import math
from typing import Any

from ..lab.engine.puzzle import BoardLimit, Instance, PuzzleError, Speed, at_place, quote
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, TathamCodec
from ..lab.toolkit.tatham import GameId
from ..lab.toolkit.textgrid import JsonObject, Token, numbered_lines
from .solo_common import (
    BOXES_LINE,
    Grid,
    SoloParams,
    SoloPuzzle,
    box_board,
    boxes_line,
    canonical_text,
    cell_tokens,
    default_box,
    description_parts,
    digit_cells,
    digit_rows,
    grid_description,
    head_text,
    json_digits,
    json_grid,
    number_grid,
    solo_head,
)

# Size limit: sudoku's box shapes up to 16x16 (Tatham's take 31 digits; an open 16x16 X board
# solves in a few hundred conflicts).
SIZE = BoardLimit(16, 16, 4, 4)
NAME = "sudoku-x"
EARLY = SIZE.early(NAME, extra=(0, 1))  # and a first line `boxes RxC`
EARLY_ID = SIZE.early(NAME)  # a game ID's head


def x_board(box_rows: int, box_cols: int) -> SoloParams:
    """The X board of boxes `box_rows` tall and `box_cols` wide, within the size limit."""
    SIZE.check(NAME, box_rows * box_cols, box_rows * box_cols)
    return box_board(box_rows, box_cols, diagonals=True)


class SudokuX(SoloPuzzle):
    name = NAME
    aliases = ("x-sudoku", "sudokux", "diagonal-sudoku")
    title = "X Sudoku (Solo's X)"
    rules_text = ("Fill the grid with the digits 1..n so that every row, column and box, and both main "
                  "diagonals, hold each digit once.")
    # cacheable: a clue is a cell's literal, nothing is drawn from the pool later
    speed = Speed(rules_cacheable=True)
    codecs = (MethodCodec("text", solutions=True), TathamCodec(), JsonCodec())
    size = SIZE
    example = ". 3  . 4\n. .  1 .\n\n. .  . .\n. .  . ."

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """Rows of digits (`.` a blank; cells spaced or not; sudoku's `|` and `---+---` box
        rules and blank lines ignored; or the whole grid on one line), after an optional
        first line `boxes 3x2` (rows x columns of a box; else the squarest shape)."""
        lines = numbered_lines(text)
        shape = lines.pop(0) if lines and BOXES_LINE.match(lines[0][1]) else None
        lines = [(n, line.replace("|", " ")) for n, line in lines if not _rule(line)]
        if not lines:
            raise PuzzleError("no rows of digits", shape[0] if shape else None)
        rows = cell_tokens(lines, EARLY)
        if len(rows) == 1 and len(rows[0]) > 1 and not lines[0][1].strip().count(" "):
            rows = _one_line(rows[0])
        n = len(rows)
        with at_place(rows[0][0].line):
            SIZE.check(NAME, n, n)
        if shape:
            box = boxes_line(shape)
            if box[0] * box[1] != n:
                raise PuzzleError(f"boxes {box[0]}x{box[1]} make a {box[0] * box[1]}x{box[0] * box[1]} grid, "
                                  f"not {n}x{n}", shape[0])
        else:
            with at_place(rows[0][0].line):
                box = default_box(n)
        with at_place(shape[0] if shape else rows[0][0].line):
            params = x_board(*box)
        return Instance(self.name, params, digit_cells(rows, n))

    def write_text(self, inst: Instance) -> str:
        p: SoloParams = inst.params
        head = [] if p.box == default_box(p.n) else [f"boxes {p.box[0]}x{p.box[1]}"] if p.box else []
        return "\n".join(head + digit_rows(p, inst.clues))

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        p: SoloParams = inst.params
        return self.write_text(Instance(self.name, p, {(r, c): d for r, row in enumerate(solution)
                                                       for c, d in enumerate(row)}))

    def from_json(self, text: str) -> Instance:
        """`grid`: n rows of n digits (0 or "." a blank); `box`, when given, [rows, cols] of a box."""
        doc = JsonObject(text, self.name, ("box", "grid"), self.aliases)
        rows = doc.rows("grid", EARLY)
        n = len(rows)
        with at_place(doc.where("grid")[0]):
            SIZE.check(NAME, n, n)
        box = doc.array("box", None, 2, "whole numbers, [rows, cols]")
        if box is None:
            with at_place(doc.where("grid")[0]):
                box = default_box(n)
        elif not all(type(v) is int for v in box) or box[0] * box[1] != n:
            raise doc.error("box", f"must be [rows, cols], two whole numbers whose product is {n}")
        with at_place(*doc.where("box")):
            params = x_board(box[0], box[1])
        return Instance(self.name, params, json_digits(doc, n))

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: SoloParams = inst.params
        return {"box": list(p.box or ()), "grid": json_grid(p, inst.clues)}

    def from_tatham(self, game: GameId) -> Instance:
        """`RxCx:` and the givens (Tatham's `C x R`: boxes C rows tall and R columns wide)."""
        head = solo_head(game, EARLY_ID)
        where = (game.line, game.column)
        if head.killer:
            raise PuzzleError(f"{quote(game.head)} is a killer sudoku: read it as killer", *where)
        if head.box is None:
            raise PuzzleError(f"{quote(game.head)} is a jigsaw sudoku: read it as jigsaw", *where)
        if not head.diagonals:
            raise PuzzleError(f"{quote(game.head)} has no 'x': a plain sudoku, read it as sudoku", *where)
        with at_place(*where):
            params = x_board(*head.box)
        [part] = description_parts(game, 1)
        return Instance(self.name, params, number_grid(part, params.n, params.n, "digit"))

    def tatham_id(self, inst: Instance) -> str:
        p: SoloParams = inst.params
        return f"{head_text(p)}:{grid_description(p.n, inst.clues)}"

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, `.` an empty cell, a digit a given (numbers past 9 as numbers); a blank "
                    "line between bands of boxes and a wider space between stacks; a first line `boxes RxC`, "
                    "when there is one, gives a box's rows and columns (else the boxes are as square as they can be, "
                    "wider than tall)")

    def canonical(self, inst: Instance) -> str:
        return canonical_text(self, inst)


def _rule(line: str) -> bool:
    """A sudoku box rule (`------+------`, `=====`): no cell in it."""
    return not set(line.strip()) - set("-+=| ")


def _one_line(row: list[Token]) -> list[list[Token]]:
    """A grid written on one line (81 characters): its n rows, when the count is a square."""
    n = math.isqrt(len(row))
    if n * n != len(row):
        raise PuzzleError(f"one row of {len(row)} cells: a grid on one line needs a square number (81 for 9x9)",
                          row[0].line)
    return [row[i * n:(i + 1) * n] for i in range(n)]


PUZZLE = SudokuX()
