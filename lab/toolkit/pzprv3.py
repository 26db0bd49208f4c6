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
`line`, `flag` for an option line; `tokens` and `clues` where its own cell reader names the
line and column of a bad item) in `from_pzprv3(file)`, which gives the board and the solver's
marks as a solution (`verify` judges it: a board in progress is one that fails), and writes
both with a `Pzprv3Writer` in `pzprv3(inst, solution)`. The answer blocks several genres
share are read and written here: shading (`shaded`), numbers written (`written_numbers`),
lines through points (`loop_shapes`), rooms walled off (`walled_rooms`). Facts from pzprjs's
`src/pzpr/parser.js` and `src/variety-common/FileData.js`; our own code.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.puzzle import Instance, PuzzleError, quote
from .codecs import puzzle_part
from .regions import rooms_from_walls, walls_between
from .textgrid import Token

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

    def flag(self, flag: str) -> bool:
        """A genre's option line (pzprjs's `decodeConfigFlag`): is the next line `flag`? Read
        past it when it is."""
        if self.at < len(self.lines) and self.lines[self.at].strip() == flag:
            self.at += 1
            return True
        return False

    def items(self, lines: int, width: int, blank: str) -> Block:
        """The next `lines` lines as rows of `width` items; a row found short is filled with
        `blank`, as pzprjs fills it, and a row with items to spare is refused (pzprjs would
        shift every later item into the wrong place)."""
        return [[token.text for token in row] for row in self.located(lines, width, blank)]

    def located(self, lines: int, width: int, blank: str) -> list[list[Token]]:
        """`items`, each a Token that says where it stands (a blank filled in: at its row's
        line), so that a genre's own cell reader can name the line and column of a bad one."""
        start, flat = self.at, list[Token]()
        for _ in range(lines):
            number = self.first_line + self.at
            text = self.lines[self.at] if self.at < len(self.lines) else ""
            self.at += 1
            flat.extend(Token(m.group(), number, m.start() + 1) for m in re.finditer(r"\S+", text))
        if len(flat) > lines * width:
            raise PuzzleError(f"pzprv3 file: {len(flat)} items where a block of {lines} rows of {width} takes "
                              f"{lines * width}", self.first_line + start, 1)
        flat += [Token(blank, self.first_line + start + i // width, None) for i in range(len(flat), lines * width)]
        return [flat[r * width:(r + 1) * width] for r in range(lines)]

    def tokens(self, blank: str = ".") -> list[list[Token]]:
        """A block of one item a cell, as located Tokens (`located`)."""
        return self.located(self.rows, self.cols, blank)

    def clues(self, clue: Callable[[Token], Any], blank: str = ".") -> dict[tuple[int, int], Any]:
        """A block of one item a cell read by `clue` (None: no clue; an error for a bad item),
        the clues by cell."""
        out = {}
        for r, row in enumerate(self.tokens(blank)):
            for c, token in enumerate(row):
                value = clue(token)
                if value is not None:
                    out[(r, c)] = value
        return out

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

    def room_walls(self) -> list[list[int]]:
        """The rooms of a genre that saves them as walls (`pzprv3.1` on, `borders`) and read
        them as room numbers before (`rooms`): the rooms the walls make, as pzprjs draws walls
        between cells of different numbers (a number in two pieces is two rooms), numbered 0 up
        in reading order (`walled_rooms`)."""
        if self.version >= 1:
            return walled_rooms(*self.borders())
        return walled_rooms(*wall_items(self.rooms()))

    def at_cell(self, row: int, what: str) -> PuzzleError:
        """An error about a cell of the block that ended at the line being read, `row` (0 up)
        counting from that block's first line."""
        return PuzzleError(f"pzprv3 file: {what}", self.first_line + self.at - self.rows + row, 1)


def bad_item(token: Token, what: str) -> PuzzleError:
    """An item of a file refused where it stands: "pzprv3 file: '7' is no ..." ."""
    return PuzzleError(f"pzprv3 file: {quote(token.text)} {what}", token.line, token.column)


def side_number(token: Token) -> Token:
    """A number beside the grid (an excell of pzprjs's) as its text: `cN` (N, crossed off by
    the player) as N; `.` (none) left to the genre's reader as it is."""
    if token.text.startswith("c"):
        return Token(token.text[1:], token.line, token.shifted(1))
    return token


def shaded(block: Block) -> tuple[tuple[bool, ...], ...]:
    """A block of the solver's shading (pzprjs's `decodeCellAns`): `#` shaded (a star, a
    mine), `+` (marked unshaded) and `.` not."""
    return tuple(tuple(item == "#" for item in row) for row in block)


def shading_items(solution: Sequence[Sequence[bool]] | None, rows: int, cols: int) -> Block:
    """The solver's shading as pzprjs saves it (`encodeCellAns`): `#` shaded, `.` not; no
    solution, every cell `.`."""
    return [["#" if solution and solution[r][c] else "." for c in range(cols)] for r in range(rows)]


def written_numbers(block: Block, givens: dict[tuple[int, int], int]) -> tuple[tuple[int, ...], ...]:
    """The solver's numbers (pzprjs's `decodeCellAnumsub`) with the givens: a given where one
    stands, else the number written, else 0 (a cell left empty or holding the player's marks,
    `+`, `-`, `=`, `%`, `c`, or candidates `[1,2,,]`)."""
    def number(r: int, c: int, item: str) -> int:
        item = item.split("[")[0]
        return givens.get((r, c)) or (int(item) if item.isdecimal() else 0)
    return tuple(tuple(number(r, c, item) for c, item in enumerate(row)) for r, row in enumerate(block))


def written_items(solution: Sequence[Sequence[int]] | None, givens: dict[tuple[int, int], int], rows: int,
                  cols: int) -> Block:
    """`written_numbers` the other way (`encodeCellAnumsub`): `.` under a given and in an empty
    cell; no solution, every cell `.`."""
    def item(r: int, c: int) -> Any:
        return "." if not solution or (r, c) in givens or not solution[r][c] else solution[r][c]
    return [[item(r, c) for c in range(cols)] for r in range(rows)]


def walled_rooms(right: Sequence[Sequence[str]], below: Sequence[Sequence[str]]) -> list[list[int]]:
    """The rooms the walls drawn make (`right` of each cell, `below` each: an item above 0 a
    wall, `-1` the player's mark), numbered 0 up in reading order of their first cell."""
    walls = [[[_count(item) > 0 for item in row] for row in block] for block in (right, below)]
    return [list(row) for row in rooms_from_walls(*walls)]


def wall_items(rooms: Sequence[Sequence[Any]]) -> tuple[Block, Block]:
    """`walled_rooms` the other way: `1` between two cells of different rooms, else `0`."""
    right, below = walls_between(rooms)
    return [[str(int(wall)) for wall in row] for row in right], [[str(int(wall)) for wall in row] for row in below]


def loop_shapes(right: Sequence[Sequence[str]], below: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    """Each point's directions ("UDLR" order) along the lines drawn between points: `right`,
    a line from each point to the next on its right (a row holds one fewer than its points), and
    `below`, from each to the one under it; an item above 0 is a line (`-1` is the player's
    cross, no line)."""
    height, width = len(right), len(right[0]) + 1 if right else len(below[0])
    drawn: list[list[set[str]]] = [[set() for _ in range(width)] for _ in range(height)]
    for r, row in enumerate(right):
        for c, item in enumerate(row):
            if _count(item) > 0:
                drawn[r][c].add("R")
                drawn[r][c + 1].add("L")
    for r, row in enumerate(below):
        for c, item in enumerate(row):
            if _count(item) > 0:
                drawn[r][c].add("D")
                drawn[r + 1][c].add("U")
    return tuple(tuple("".join(d for d in "UDLR" if d in point) for point in row) for row in drawn)


def _count(item: str) -> int:
    """A line's item as a number of lines (anything else none)."""
    return int(item) if re.fullmatch(r"-?\d+", item) else 0


def loop_items(shapes: Sequence[Sequence[str]] | None, height: int, width: int) -> tuple[Block, Block]:
    """`loop_shapes` the other way: the lines right of and below each of `height` x `width`
    points as `1` and `0` (no shapes: all `0`)."""
    def line(r: int, c: int, d: str) -> str:
        return "1" if shapes and d in shapes[r][c] else "0"
    return ([[line(r, c, "R") for c in range(width - 1)] for r in range(height)],
            [[line(r, c, "D") for c in range(width)] for r in range(height - 1)])


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

    def grid(self, item: Callable[[int, int], Any]) -> Pzprv3Writer:
        """A block of one item a cell, `item(row, column)`."""
        return self.items([[item(r, c) for c in range(self.cols)] for r in range(self.rows)])

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
