"""Grids with marks between their cells: a "lattice" of text.

Rows of cells alternate with lines of marks. In a row of cells the cells stand at every
other column (1, 3, 5, ...) and a mark between two neighbours in the column between them
(Unequal's `1<2`, a bridge `1-2`); in the line below, a mark under a cell joins it to the
cell below (`v`, `^`, `|`). A line of marks with no mark in it is blank, so blank lines are
part of the board here: `numbered_lines`, which drops them, cannot read this form.

Every cell and mark is a `Token` with its line and column; what a cell or a mark means is
the puzzle's business (it passes the marks it allows).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.puzzle import PuzzleError, SizeCheck, quote, strip_bom
from .textgrid import Token


@dataclass(frozen=True)
class Lattice:
    """The cells, row by row; `across[r][c]` the mark between cells (r, c) and (r, c + 1),
    `down[r][c]` the one between (r, c) and (r + 1, c); None where there is none."""

    cells: list[list[Token]]
    across: list[list[Token | None]]
    down: list[list[Token | None]]


def read_lattice(text: str, across: str, down: str, limit: SizeCheck | None = None) -> Lattice:
    """A lattice: its rows of cells on the odd lines (from the first that holds something),
    the marks between rows on the even ones. `across` and `down` are the mark characters
    allowed between neighbours in a row and between rows; `limit` refuses an oversized grid
    from its first line and its number of lines, before a cell is made."""
    body = strip_bom(text).replace("\r\n", "\n").replace("\r", "\n").rstrip()
    start = len(body) - len(body.lstrip())
    start = body.rfind("\n", 0, start) + 1  # the first line that holds something, from its column 1
    first = 1 + body.count("\n", 0, start)
    if limit is not None:
        end = body.find("\n", start)
        limit((len(body[start:end if end >= 0 else None].rstrip()) + 1) // 2,
              (body.count("\n", start) + 2) // 2, first)
    lines = [line.rstrip() for line in body[start:].split("\n")]
    if not lines[0]:
        raise PuzzleError("empty input")
    width = (len(lines[0]) + 1) // 2
    cells: list[list[Token]] = []
    marks_across: list[list[Token | None]] = []
    marks_down: list[list[Token | None]] = []
    for i, line in enumerate(lines):
        lineno = first + i
        if i % 2 == 0:
            row, between = _cell_row(line, lineno, width, across)
            cells.append(row)
            marks_across.append(between)
        else:
            marks_down.append(_mark_row(line, lineno, width, down))
    if len(lines) % 2 == 0:
        raise PuzzleError("the last line is a line of marks: rows of cells come first and last, marks between",
                          first + len(lines) - 1)
    return Lattice(cells, marks_across, marks_down)


def _mark(ch: str, allowed: str, line: int, column: int, where: str) -> Token | None:
    if ch == " ":
        return None
    if ch not in allowed:
        raise PuzzleError(f"{quote(ch)} {where}: expected one of {' '.join(allowed)} or a space", line, column)
    return Token(ch, line, column)


def _cell_row(line: str, lineno: int, width: int, allowed: str) -> tuple[list[Token], list[Token | None]]:
    if not line:
        raise PuzzleError("a blank line where a row of cells belongs (between two rows stands one line of marks, "
                          "blank when it has none)", lineno)
    for col in range(0, len(line), 2):
        if line[col] == " ":
            raise PuzzleError("no cell here: cells stand at every other column from the first", lineno, col + 1)
    if len(line) % 2 == 0:
        raise PuzzleError(f"{quote(line[-1])} after the last cell of the row", lineno, len(line))
    if (len(line) + 1) // 2 != width:
        raise PuzzleError(f"row has {(len(line) + 1) // 2} cells, expected {width}", lineno)
    row = [Token(line[col], lineno, col + 1) for col in range(0, len(line), 2)]
    return row, [_mark(line[col], allowed, lineno, col + 1, "between two cells") for col in range(1, len(line), 2)]


def _mark_row(line: str, lineno: int, width: int, allowed: str) -> list[Token | None]:
    if len(line) > 2 * width - 1:
        raise PuzzleError(f"{quote(line[2 * width - 1])} past the last column of cells", lineno, 2 * width)
    for col in range(1, len(line), 2):
        if line[col] != " ":
            raise PuzzleError(f"{quote(line[col])} between two columns: a mark between rows stands under a cell",
                              lineno, col + 1)
    line = line.ljust(2 * width - 1)
    where = "on a line of marks between two rows"
    return [_mark(line[col], allowed, lineno, col + 1, where) for col in range(0, len(line), 2)]


def write_lattice(cells: Sequence[Sequence[str]], across: Sequence[Sequence[str]],
                  down: Sequence[Sequence[str]]) -> str:
    """The way back: rows of one-character cells with `across[r][c]` between cells c and
    c + 1, and lines of `down[r]` between rows (a space: no mark); trailing spaces dropped,
    so a line without marks is blank."""
    out = []
    for r, row in enumerate(cells):
        line = "".join(cell + (across[r][c] if c < len(row) - 1 else "") for c, cell in enumerate(row))
        out.append(line.rstrip())
        if r < len(cells) - 1:
            out.append(" ".join(down[r]).rstrip())
    return "\n".join(out)
