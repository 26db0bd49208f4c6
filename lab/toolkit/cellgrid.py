"""Codecs for boards that are a grid of cells, one cell a token: a character grid (`.` a blank),
a grid of numbers separated by spaces, seed 000's `[[...], ...]` array, and the JSON
`{"width", "height", "grid"}` document, with the pieces of Tatham's run-length game IDs they share.

The codecs hold the shape of each form; a puzzle declares its own part as methods:

- `from_cells(rows)`: an `Instance` from rows of cell texts (`CellRow`s of `Token`s with where
  each stands), as the text and array forms read them;
- `cells(inst, solution=None)`: the board's cell texts as the text form writes them (with the
  solution drawn in when given), and `cell_width(inst)` for a spaced grid's right alignment;
- `array_cell(element, r, c)` (optional: the text of one array element, or an error), `array_board(inst)`
  and `array_solution(inst, solution)`: the rows the array form writes;
- `from_json_grid(doc, rows)`, `json_grid(inst)` and `solution_json` (or `json_solution` for a
  solved document of several fields): the JSON form's grid.

Beside them, what several puzzles' own parts share: `grid_instance` (a board from a rectangle of
cells), `shaded_cells` and `shading_array` (numbers with a shading drawn in), `blanked`, and the
size head and run-length description of Tatham's grid IDs (`tatham_grid_size`, `tatham_grid_id`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, overload

from ..engine.puzzle import Instance, PuzzleError, SizeCheck, at_place, quote
from .codecs import Codec, JsonCodec, puzzle_part
from .tatham import GameId, tatham_encode, tatham_size
from .textgrid import Element, JsonObject, Token, array_rows, char_rows, rectangular, token_rows, write_array

if TYPE_CHECKING:
    from ..engine.puzzle import PuzzleType

P = TypeVar("P")


@dataclass(frozen=True)
class CellRow(Sequence[Token]):
    """One row of cells as read, and the line the row stands on (its first cell's, or its
    bracket's when it has none: for its errors). Iterates, indexes and measures like its list of Tokens."""

    cells: list[Token]
    line: int | None

    def __iter__(self) -> Iterator[Token]:
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    @overload
    def __getitem__(self, i: int) -> Token: ...
    @overload
    def __getitem__(self, i: slice) -> list[Token]: ...
    def __getitem__(self, i: int | slice) -> Token | list[Token]:
        return self.cells[i]


def without_comments(text: str) -> str:
    """`text` with everything from a `#` to its line's end blanked (no cell holds a `#`);
    the lines stay, so errors name the user's line numbers."""
    return "\n".join(line.split("#", 1)[0] for line in text.splitlines())


def token_grid(rows: Iterable[list[Token]]) -> list[CellRow]:
    """Rows of Tokens (from `char_rows` or `token_rows`), each on its first token's line."""
    return [CellRow(row, row[0].line if row else None) for row in rows]


def grid_instance(name: str, rows: Sequence[Sequence[Token]], make: Callable[[int, int], P],
                  clue: Callable[[Token, P], Any], line: int | None = None) -> Instance:
    """A puzzle `name`'s board from a rectangle of cells (`rectangular`): `make(width, height)`
    its params, their size errors said at `line`, and `clue(token, params)` each cell's clue
    (None: no clue; an error for a bad cell), read row by row."""
    rectangular(rows, numbered=True)
    with at_place(line):
        params = make(len(rows[0]), len(rows))
    clues = {}
    for r, row in enumerate(rows):
        for c, t in enumerate(row):
            value = clue(t, params)
            if value is not None:
                clues[(r, c)] = value
    return Instance(name, params, clues)


class BoardCells:
    """The cells of a `width` x `height` board, for a puzzle's params (a dataclass with
    those fields) to inherit."""

    width: int
    height: int

    def cells(self) -> list[tuple[int, int]]:
        """Every cell, row by row."""
        return [(r, c) for r in range(self.height) for c in range(self.width)]

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.height and 0 <= c < self.width


def plain_cell(element: Element, r: int, c: int) -> str:
    """Array element (r, c) as a cell's text: as written, a blank string read as '.'."""
    return str(element.value).strip() or "."


@dataclass(frozen=True)
class GridText(Codec):
    """The plain form: one row a line, cells as characters side by side, or with `spaced` as
    words separated by spaces (written right-aligned to `puzzle.cell_width(inst)`); with
    `comments`, what follows a `#` on a line is not read."""

    name: str = "text"
    solutions: bool = True
    spaced: bool = False
    limit: SizeCheck | None = None
    comments: bool = False  # `#` to a line's end is a comment

    def read(self, puzzle: PuzzleType, text: str) -> Instance:
        text = without_comments(text) if self.comments else text
        rows = token_rows(text, limit=self.limit) if self.spaced else char_rows(text, limit=self.limit)
        inst: Instance = puzzle_part(puzzle, "from_cells", token_grid(rows))
        return inst

    def write(self, puzzle: PuzzleType, inst: Instance) -> str:
        return self.lines(puzzle, inst, puzzle_part(puzzle, "cells", inst))

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        return self.lines(puzzle, inst, puzzle_part(puzzle, "cells", inst, solution))

    def lines(self, puzzle: PuzzleType, inst: Instance, rows: Iterable[Sequence[str]]) -> str:
        if not self.spaced:
            return "\n".join("".join(row) for row in rows)
        width: int = puzzle_part(puzzle, "cell_width", inst)
        return "\n".join(" ".join(cell.rjust(width) for cell in row) for row in rows)


@dataclass(frozen=True)
class GridArray(Codec):
    """Seed 000's array, `[[...], ...]` (a board's wrapped in `call`, such as `np.array`), one row a
    line: read element by element with `puzzle.array_cell` (default `plain_cell`), refused as
    `empty` when it has no row; written from `puzzle.array_board` and `puzzle.array_solution`."""

    name: str = "array"
    order: int = 20  # after a game ID, which may hold brackets (Dominosa's `[12]`)
    solutions: bool = True
    limit: SizeCheck | None = None
    call: str = ""
    empty: str = "empty array"
    first_row: bool = False  # a first row without a cell is `empty` too
    solution_writer: str = ""  # the puzzle's own writer of a solution, where it is no array of cells

    def recognises(self, text: str) -> bool:
        return "[" in text

    def read(self, puzzle: PuzzleType, text: str) -> Instance:
        rows = array_rows(text, self.limit)
        if not rows or (self.first_row and not rows[0]):
            raise PuzzleError(self.empty)
        cell = getattr(puzzle, "array_cell", plain_cell)
        grid = [CellRow([Token(cell(e, r, c), e.line, e.column) for c, e in enumerate(row)],
                        row[0].line if len(row) else row.line) for r, row in enumerate(rows)]
        inst: Instance = puzzle_part(puzzle, "from_cells", grid)
        return inst

    def write(self, puzzle: PuzzleType, inst: Instance) -> str:
        return write_array(puzzle_part(puzzle, "array_board", inst), self.call)

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        if self.solution_writer:
            out: str = puzzle_part(puzzle, self.solution_writer, inst, solution)
            return out
        return write_array(puzzle_part(puzzle, "array_solution", inst, solution))


def shaded_cells(numbers: Iterable[Iterable[int | None]], solution: Any = None) -> list[list[str]]:
    """A grid of numbers as cell texts, '.' where there is none (0 or None), and with a
    solution, '#' on each shaded cell (Singles, Range)."""
    return [["#" if solution is not None and solution[r][c] else str(v) if v else "."
             for c, v in enumerate(row)] for r, row in enumerate(numbers)]


def shading_array(solution: Iterable[Iterable[bool]]) -> list[list[str]]:
    """A shading as seed 000's arrays write it: 'B' shaded, ' ' white."""
    return [["B" if shaded else " " for shaded in row] for row in solution]


def blanked(rows: Iterable[Iterable[str]], blank: str = " ") -> list[list[str]]:
    """Rows of cell texts with each '.' written as `blank` (seed 000's arrays say ' ')."""
    return [[blank if cell == "." else cell for cell in row] for row in rows]


@dataclass(frozen=True)
class GridJson(JsonCodec):
    """`{"puzzle": NAME, "width": W, "height": H, "grid": ...}`: the grid from
    `puzzle.json_grid(inst)`, read back by `puzzle.from_json_grid(doc, rows)` (the grid's rows
    after `JsonObject.board`); the solution as `{"puzzle": NAME, solution_key: solution_json}`,
    or the fields `puzzle.json_solution(inst, solution)` gives."""

    limit: SizeCheck | None = None
    solution_key: str = "grid"
    numbers: str = ""  # rows must be lists of whole numbers and nulls, refused as "row 2 is not a list of NUMBERS"

    def read(self, puzzle: PuzzleType, text: str) -> Instance:
        doc = JsonObject(text, puzzle.name, ("width", "height", "grid"), puzzle.aliases)
        grid = doc.board("grid", self.limit)
        for r, row in enumerate(grid if self.numbers else ()):
            if not isinstance(doc.get("grid")[r], list) or \
                    not all(v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in row):
                raise doc.error("grid", f"row {r + 1} is not a list of {self.numbers}")
        inst: Instance = puzzle_part(puzzle, "from_json_grid", doc, grid)
        return inst

    def write(self, puzzle: PuzzleType, inst: Instance) -> str:
        p = inst.params
        return json.dumps({"puzzle": puzzle.name, "width": p.width, "height": p.height,
                           "grid": puzzle_part(puzzle, "json_grid", inst)})

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        own = getattr(puzzle, "json_solution", None)
        fields = own(inst, solution) if own else {self.solution_key: puzzle.solution_json(inst, solution)}
        return json.dumps({"puzzle": puzzle.name, **fields})


# ---- Simon Tatham's run-length grid descriptions ----------------------------------------
def tatham_grid_size(puzzle: PuzzleType, game: GameId, flags: str, example: str,
                     limit: SizeCheck | None) -> tuple[int, int]:
    """The `WxH` head of a grid game's ID (then the puzzle's `flags`, a regular expression),
    refused as "bad Light Up parameters '...' (expected like 7x7)" when it is not one."""
    title = puzzle.title.split(" (")[0].split(":")[0]
    return tatham_size(game.head, flags, f"bad {title} parameters {quote(game.head)} (expected like {example})",
                       game.line, game.column, limit)


def tatham_grid_id(width: int, height: int, rows: Iterable[Iterable[Any]], blank: Any = ".") -> str:
    """`WxH:description`, the cells in reading order with runs of `blank` as letters."""
    return f"{width}x{height}:" + tatham_encode((cell for row in rows for cell in row), blank)
