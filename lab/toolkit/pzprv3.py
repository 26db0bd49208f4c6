"""pzprjs's saved file, "pzprv3": how puzz.link's player saves a board, the puzzle and the solver's
marks together, so it is the form people share a solved board (or one in progress) in.

A file is `pzprv3` (or `pzprv3.N`, a later layout of some genres), optionally after a line
`v:VARIANT`; then the genre; the rows and the columns (sudoku: its one size); then the genre's
blocks of space-separated items, a line per row of what the block holds: cells (`rows` lines of
`cols` items), crosses (`rows + 1` lines of `cols + 1`), the walls between cells (the `rows`
lines of `cols - 1` walls right of a cell, then the `rows - 1` lines of `cols` walls below one),
rooms (their count, then a room number per cell). pzprjs reads `/` as a line break, so a file
on one line (as its test scripts write them) is the same file; what follows `info:{` or
`history:{` is the player's undo history, skipped. A block pzprjs finds short is blank where it
ends (a saved empty board may have no lines at all): read the same way here.

A genre reads its blocks in order with a `Pzprv3File` (`cells`, `crosses`, `borders`, `rooms`,
`line`) in `from_pzprv3(file)`, which gives the board and the solver's marks as a solution
(`verify` judges it: a board in progress is one that fails), and writes both with a
`Pzprv3Writer` in `pzprv3(inst, solution)`. Facts from pzprjs's
`src/pzpr/parser.js` and `src/variety-common/FileData.js`; our own code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.puzzle import Instance, PuzzleError, quote
from .codecs import puzzle_part

if TYPE_CHECKING:
    from ..engine.puzzle import PuzzleType

HEADER = re.compile(r"^(?:v:[^\n]*\n)?pzprv3(?:\.\d+)?\n")
HISTORY = re.compile(r"info:\{|history:\{|__HISTORY__|^http://")

Block = list[list[str]]


def looks_like_pzprv3(text: str) -> bool:
    """Does `text` open as a pzprv3 file (its first line, or the one after `v:VARIANT`)?"""
    return HEADER.match(_lines_of(text.strip())) is not None


def _lines_of(text: str) -> str:
    """pzprjs's reading: line ends made plain, then every `/` a line break."""
    return re.sub(r"[\t\r]*\n", "\n", text).replace("/", "\n")


@dataclass
class Pzprv3File:
    """A pzprv3 file taken apart: the genre, its size and the body's lines, read block by block."""

    genre: str
    rows: int
    cols: int
    lines: list[str]
    version: int = 0
    variant: str | None = None
    first_line: int = 5  # the file's line number of `lines[0]`, for errors
    at: int = field(default=0)

    def refuse(self, what: str, offset: int = 0) -> PuzzleError:
        """An error at the line being read (or `offset` lines after it)."""
        return PuzzleError(f"pzprv3 file: {what}", self.first_line + self.at + offset, 1)

    def line(self) -> str:
        """The next line as it stands (stripped), or `""` past the end."""
        text = self.lines[self.at].strip() if self.at < len(self.lines) else ""
        self.at += 1
        return text

    def number(self, what: str) -> int:
        """The next line as a whole number (a count the genre writes before a block)."""
        text = self.line()
        if not re.fullmatch(r"-?\d+", text):
            raise self.refuse(f"expected {what} (a number), found {quote(text)}", -1)
        return int(text)

    def items(self, lines: int, width: int, blank: str) -> Block:
        """The next `lines` lines as rows of `width` items; a row found short is filled with
        `blank`, as pzprjs fills it, and a row with items to spare is refused (pzprjs would
        shift every later item into the wrong place)."""
        start, flat = self.at, []
        for _ in range(lines):
            flat.extend(self.line().split())
        if len(flat) > lines * width:
            raise PuzzleError(f"pzprv3 file: {len(flat)} items where a block of {lines} rows of {width} takes "
                              f"{lines * width}", self.first_line + start, 1)
        flat += [blank] * (lines * width - len(flat))
        return [flat[r * width:(r + 1) * width] for r in range(lines)]

    def cells(self, blank: str = ".") -> Block:
        """A block of one item a cell, row by row."""
        return self.items(self.rows, self.cols, blank)

    def crosses(self, blank: str = ".") -> Block:
        """A block of one item a corner of cells (`rows + 1` by `cols + 1`)."""
        return self.items(self.rows + 1, self.cols + 1, blank)

    def borders(self, blank: str = "0") -> tuple[Block, Block]:
        """The walls between cells: those right of a cell (`rows` by `cols - 1`), then those
        below one (`rows - 1` by `cols`)."""
        return self.items(self.rows, self.cols - 1, blank), self.items(self.rows - 1, self.cols, blank)

    def rooms(self) -> list[list[int]]:
        """Rooms: their count, then a room number (0 up) per cell; each number must be below
        the count."""
        count = self.number("the number of rooms")
        start = self.at
        block = self.cells()
        out = []
        for r, row in enumerate(block):
            if not all(item.isdecimal() and int(item) < count for item in row):
                bad = next(item for item in row if not (item.isdecimal() and int(item) < count))
                raise PuzzleError(f"pzprv3 file: room {quote(bad)} in a file of {count} rooms",
                                  self.first_line + start + r, 1)
            out.append([int(item) for item in row])
        return out

    def at_cell(self, row: int, what: str) -> PuzzleError:
        """An error about a cell of the block that ended at the line being read, `row` (0 up)
        counting from that block's first line."""
        return PuzzleError(f"pzprv3 file: {what}", self.first_line + self.at - self.rows + row, 1)


def read_pzprv3(text: str, genres: Sequence[str]) -> Pzprv3File:
    """A pzprv3 file for one of `genres` (newline or `/` separated), its header checked; the
    body is left to the genre. Anything else is refused in one line."""
    lines = _lines_of(text.lstrip()).split("\n")
    variant = None
    if lines and lines[0].startswith("v:"):
        variant = lines.pop(0)[2:]
    head = lines[0].strip() if lines else ""
    m = re.fullmatch(r"pzprv3(?:\.(\d+))?", head)
    if not m:
        raise PuzzleError(f"not a pzprv3 file: it opens with {quote(head)}, expected pzprv3", 1, 1)
    version = int(m.group(1) or 0)
    genre = lines[1].strip() if len(lines) > 1 else ""
    if genre not in genres:
        raise PuzzleError(f"a pzprv3 file of {quote(genre)}, expected {' or '.join(map(quote, genres))}", 2, 1)
    sizes = 1 if genre == "sudoku" else 2
    size_lines = [line.strip() for line in lines[2:2 + sizes]]
    if len(size_lines) < sizes or not all(s.isdecimal() and int(s) > 0 for s in size_lines):
        raise PuzzleError(f"a pzprv3 file gives {'its size' if sizes == 1 else 'ROWS and COLS'} after the genre, "
                          f"found {quote(' '.join(size_lines))}", 3, 1)
    rows, cols = int(size_lines[0]), int(size_lines[-1])
    body = lines[2 + sizes:]
    end = next((i for i, line in enumerate(body) if HISTORY.search(line)), len(body))
    while end and not body[end - 1].strip():
        end -= 1
    return Pzprv3File(genre, rows, cols, body[:end], version, variant, first_line=3 + sizes + (variant is not None))


@dataclass
class Pzprv3Writer:
    """A pzprv3 file built block by block, written as pzprjs saves it (`text`)."""

    genre: str
    rows: int
    cols: int
    version: int = 0
    lines: list[str] = field(default_factory=list)

    def line(self, value: Any) -> Pzprv3Writer:
        self.lines.append(str(value))
        return self

    def items(self, block: Iterable[Iterable[Any]]) -> Pzprv3Writer:
        """Rows of items, each item followed by a space (pzprjs's lines end in one)."""
        self.lines.extend("".join(f"{item} " for item in row) for row in block)
        return self

    def borders(self, right: Iterable[Iterable[Any]], below: Iterable[Iterable[Any]]) -> Pzprv3Writer:
        return self.items(right).items(below)

    def rooms(self, rooms: Sequence[Sequence[int]]) -> Pzprv3Writer:
        """A room number per cell, renumbered 0 up in reading order (pzprjs's order), after
        their count."""
        order: dict[int, int] = {}
        for row in rooms:
            for room in row:
                order.setdefault(room, len(order))
        return self.line(len(order)).items([[order[room] for room in row] for row in rooms])

    def text(self) -> str:
        head = "pzprv3" if self.version == 0 else f"pzprv3.{self.version}"
        size = [self.rows] if self.genre == "sudoku" else [self.rows, self.cols]
        return "\n".join([head, self.genre, *map(str, size), *self.lines]) + "\n"


def read_pzprv3_answer(puzzle: PuzzleType, text: str) -> tuple[Instance, Any]:
    """A pzprv3 file's board and the solver's marks in it, as a solution `verify` takes (a
    board in progress reads as one too: `verify` says what it lacks)."""
    pzl = read_pzprv3(text, getattr(puzzle.codec("pzprv3"), "genres", ()))
    if puzzle.size is not None:
        puzzle.size.refuse_larger(puzzle.name, pzl.cols, pzl.rows, line=3)
    inst, answer = puzzle_part(puzzle, "from_pzprv3", pzl)
    puzzle.check_size(inst)
    return inst, answer
