"""Reading and writing the text forms users already have, with errors that say where.

Shared by every puzzle's formats, so that a solver keeps only what is its own (which
characters mean what):

- lines: `numbered_lines` (CRLF, a byte-order mark, blank lines and `#` comments dealt
  with once);
- character grids and token grids: `char_rows`, `token_rows`, each cell a `Token` with its
  line and column; `rules=True` drops the box rules solvers print (`|` between boxes, and
  `---+---+---` or `------+-------+------` lines); `rectangular` checks the shape;
- the seed's Python arrays: `array_rows` (each element an `Element` with the line and
  column where it stands, from `ast` node positions), `parse_array` (values only),
  `literal_at`, and `write_array` for the way back;
- JSON: `parse_json`, and `json_rows` for a grid given as a list of strings or lists;
- Simon Tatham's game IDs: `game_id` (the `params:description` split with positions),
  `tatham_size` (the `WxH` head), `tatham_cells` / `tatham_encode` (runs of blanks as
  letters, `_` between adjacent numbers).

Every error is a `PuzzleError(message, line, column)`: one line naming what and where.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .puzzle import PuzzleError, quote, strip_bom

T = TypeVar("T")

RULE_CHARS = frozenset("-+=")  # what box rules are drawn with (besides '|', which also splits a row)


@dataclass(frozen=True)
class Token:
    """A piece of text (one character of a character grid, or a whitespace-separated word)
    and where it starts, so that a puzzle's reader can say where a bad cell is."""

    text: str
    line: int  # 1-based
    column: int  # 1-based


@dataclass(frozen=True)
class Element:
    """One element of an array literal: its Python value and where it starts (1-based), so
    that a puzzle's reader can say where a bad cell is."""

    value: Any
    line: int
    column: int


@dataclass(frozen=True)
class ArrayRow:
    """One row of an array literal: its elements and where its `[` stands. Iterates, indexes
    and measures like the list of its elements."""

    cells: list[Element]
    line: int
    column: int

    def __iter__(self) -> Iterator[Element]:
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def __getitem__(self, i: int) -> Element:
        return self.cells[i]


# ---- lines ----------------------------------------------------------------------------
def position(text: str, index: int) -> tuple[int, int]:
    """(line, column), both from 1, of `text[index]`: for errors found by searching the text."""
    return text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)


def numbered_lines(text: str, comment: str | None = None) -> list[tuple[int, str]]:
    """The lines that hold something, each with its 1-based number: a leading byte-order
    mark dropped, CRLF and CR read as line ends, text from `comment` on cut off, blank
    lines (at the ends or between sections) skipped. Lines keep their inner spacing, so
    columns counted in them are the user's columns."""
    out = []
    for lineno, line in enumerate(strip_bom(text).splitlines(), start=1):
        if comment is not None:
            line = line.split(comment, 1)[0]
        if line.strip():
            out.append((lineno, line))
    return out


def line_chars(line: str, lineno: int) -> list[Token]:
    """The characters of one line other than white space, each with its column."""
    return [Token(ch, lineno, col) for col, ch in enumerate(line, start=1) if not ch.isspace()]


def line_tokens(line: str, lineno: int) -> list[Token]:
    """The whitespace-separated words of one line, each with the column it starts in."""
    return [Token(m.group(), lineno, m.start() + 1) for m in re.finditer(r"\S+", line)]


def _is_rule(line: str, drawn: bool, chars: bool) -> bool:
    """Is this line a box rule (`---+---+---`, `------+------`, `+-----+`, `=====`)? A
    line of dashes alone is a rule when the grid is drawn (has `|` or `+` somewhere) or,
    between tokens, when a dash is doubled (a token `--` is no cell); otherwise it is a
    row of blanks written as '-'."""
    marks = line.replace("|", " ").split()
    if not marks or any(set(m) - RULE_CHARS for m in marks):
        return False
    if any("+" in m or "=" in m for m in marks):
        return True
    return drawn or (not chars and any(len(m) > 1 for m in marks))


def _grid_lines(text: str, rules: bool, chars: bool) -> list[tuple[int, str]]:
    """`numbered_lines`, and with `rules` the box rules gone: rule lines dropped, each `|`
    turned into a space (so columns stay the user's)."""
    lines = numbered_lines(text)
    if rules:
        drawn = "|" in text or "+" in text
        lines = [(n, line.replace("|", " ")) for n, line in lines if not _is_rule(line, drawn, chars)]
        lines = [(n, line) for n, line in lines if line.strip()]
    if not lines:
        raise PuzzleError("empty input")
    return lines


def token_rows(text: str, rules: bool = False) -> list[list[Token]]:
    """A token grid: the lines that hold something, split on white space, each token with
    its line and column. `rules=True` drops box rules (see `char_rows`)."""
    return [line_tokens(line, n) for n, line in _grid_lines(text, rules, chars=False)]


def char_rows(text: str, rules: bool = False) -> list[list[Token]]:
    """A character grid: the lines that hold something as single characters (white space
    ignored), each with its line and column. `rules=True` drops the box rules common
    solvers print: `|` anywhere, and lines of `-`, `+`, `=` (and `|`) with a `+` or `=` in
    them, or of dashes alone in a grid drawn with `|` or `+`."""
    return [line_chars(line, n) for n, line in _grid_lines(text, rules, chars=True)]


def _row_line(row: Sequence[Any]) -> int | None:
    """The line a row of Tokens or Elements (or an ArrayRow) stands on, for its errors."""
    line = getattr(row, "line", None)
    if line is None and len(row):
        line = getattr(row[0], "line", None)
    return line


def rectangular(rows: Sequence[Sequence[Any]], width: int | None = None, height: int | None = None,
                what: str = "row", numbered: bool = False) -> None:
    """Raise unless all rows (of Tokens, Elements or ArrayRows) have the same length, and
    the expected size if given: "row has 4 cells, expected 3" on the row's line (with
    `numbered`, "row 2 has ..."; `what` names the rows, e.g. "array row")."""
    if not rows:
        raise PuzzleError(f"no {what}s")
    want = width if width is not None else len(rows[0])
    for r, row in enumerate(rows, start=1):
        if len(row) != want:
            name = f"{what} {r}" if numbered else what
            raise PuzzleError(f"{name} has {len(row)} cells, expected {want}", _row_line(row))
    if height is not None and len(rows) != height:
        raise PuzzleError(f"grid has {len(rows)} rows, expected {height}", _row_line(rows[-1]))


# ---- JSON -----------------------------------------------------------------------------
def parse_json(text: str) -> Any:
    """`json.loads`, its errors as a PuzzleError at JSON's own line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"bad JSON: {exc.msg}", exc.lineno, exc.colno) from None


def json_rows(value: Any, what: str = "grid", line: int | None = None) -> list[list[Any]]:
    """A JSON grid, rows as strings ("B..W") or lists: each row as a list of cells. Raise
    (at `line`) for anything else, naming the row."""
    if not isinstance(value, list) or not value:
        raise PuzzleError(f"'{what}' must be a non-empty list of rows", line)
    rows = []
    for r, row in enumerate(value, start=1):
        if isinstance(row, str):
            row = list(row)
        if not isinstance(row, list):
            raise PuzzleError(f"{what} row {r} is not a string or a list", line)
        rows.append(row)
    return rows


# ---- the seed's Python arrays ---------------------------------------------------------
def literal_at(text: str, start: int, end: int, what: str) -> Any:
    """The Python literal text[start:end + 1] (lists, dicts, tuples, strings, numbers), or a
    one-line error naming `what` and, when Python knows it, the line in `text`."""
    try:
        return ast.literal_eval(text[start:end + 1])
    except SyntaxError as exc:
        line = exc.lineno
        raise PuzzleError(f"bad {what} literal: {exc.msg}",
                          None if line is None else text[:start].count("\n") + line) from None
    except (ValueError, TypeError):  # a name, a call, an operator: Python code, not a value
        raise PuzzleError(f"bad {what} literal: only strings, numbers, lists, tuples and dicts are read",
                          *position(text, start)) from None
    except (RecursionError, MemoryError):
        raise PuzzleError(f"bad {what} literal: nested too deeply", *position(text, start)) from None


def named_vector(text: str, name: str, missing: str | None = None) -> tuple[list, tuple[int, int], str]:
    """The list after `name =` in the seed's array text (`side = np.array([...])`), where it
    stands, and the text with that assignment blanked out (kept in place, so positions stay
    right and the board array is left alone for `array_rows`). `missing`: the error when
    there is no such line (default: "the array form needs 'NAME = [...]' after the board")."""
    m = re.search(rf"(?m)^\s*{re.escape(name)}\s*=", text)
    if m is None:
        raise PuzzleError(missing or f"the array form needs '{name} = [...]' after the board")
    start = text.find("[", m.end())
    end = text.find("]", start)
    if start < 0 or end < 0:
        raise PuzzleError(f"'{name}' needs a list of counts", *position(text, m.start()))
    values = literal_at(text, start, end, name)
    if not isinstance(values, list):
        raise PuzzleError(f"'{name}' needs a list of counts", *position(text, start))
    close = text.find(")", end)
    stop = close + 1 if close >= 0 and not text[end + 1:close].strip() else end + 1
    blanked = text[:m.start()] + re.sub(r"[^\n]", " ", text[m.start():stop]) + text[stop:]
    return values, position(text, start), blanked


def _node_position(lines: list[str] | None, first_line: int, first_col: int, node: Any) -> tuple[int, int]:
    """Where an `ast` node of a literal that starts at (first_line, first_col) stands in
    the text: ast counts columns in UTF-8 bytes from the literal's start, people count
    characters from the line's. `lines` (the text split on '\\n') only where the text is
    not all ASCII, where bytes and characters differ."""
    shift = first_col - 1 if node.lineno == 1 else 0
    col = node.col_offset
    index = first_line + node.lineno - 2
    if lines is not None and 0 <= index < len(lines):
        col = len(lines[index][shift:].encode("utf-8")[:col].decode("utf-8", errors="ignore"))
    return first_line + node.lineno - 1, col + 1 + shift


def array_rows(text: str) -> list[ArrayRow]:
    """The seed's arrays, `np.array([[...], ...])` (optionally `board = ...` around it):
    the outermost `[...]` as rows of Elements, each with its value and the line and column
    it stands at, so that an error about a cell can point at it."""
    start, end = text.find("["), text.rfind("]")
    if start < 0 or end < start:
        raise PuzzleError("expected a [[...], ...] array")
    source = text[start:end + 1]
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as exc:
        raise PuzzleError(f"bad array literal: {exc.msg}",
                          None if exc.lineno is None else text[:start].count("\n") + exc.lineno) from None
    except (RecursionError, MemoryError):
        raise PuzzleError("bad array literal: nested too deeply", position(text, start)[0]) from None
    except ValueError as exc:  # a NUL character, on older Pythons
        raise PuzzleError(f"bad array literal: {exc}", position(text, start)[0]) from None
    lines, (line, col) = None if text.isascii() else text.split("\n"), position(text, start)
    if not isinstance(tree.body, ast.List):
        raise PuzzleError("expected a list of rows", line, col)
    rows = []
    for node in tree.body.elts:
        if not isinstance(node, (ast.List, ast.Tuple)):
            raise PuzzleError("expected a list of rows", *_node_position(lines, line, col, node))
        cells = []
        for elt in node.elts:
            at = _node_position(lines, line, col, elt)
            try:
                value = ast.literal_eval(elt)
            except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                shown = ast.get_source_segment(source, elt) or "?"
                raise PuzzleError(f"bad array element {quote(shown)} (expected a Python literal)", *at) from None
            cells.append(Element(value, *at))
        rows.append(ArrayRow(cells, *_node_position(lines, line, col, node)))
    return rows


def parse_array(text: str) -> list[list[Any]]:
    """The values of `array_rows`, for readers that need no positions."""
    return [[e.value for e in row] for row in array_rows(text)]


def write_array(rows: Iterable[Iterable[Any]], call: str = "") -> str:
    """Rows as the seed writes them, one row a line: `[\\n  ['B', ' '],\\n]`, or wrapped in
    `call` (`np.array`, `board = np.array`) as `call([\\n ... \\n])`."""
    body = "\n".join("  [" + ", ".join(repr(v) for v in row) + "]," for row in rows)
    return f"{call}([\n{body}\n])" if call else f"[\n{body}\n]"


# ---- Simon Tatham's game IDs ----------------------------------------------------------
@dataclass(frozen=True)
class GameId:
    """A game ID `params:description` as pasted from Tatham's web player: the two parts
    (stripped), and where they stand in the input, for errors."""

    head: str
    desc: str
    line: int  # of the ID
    column: int  # of head[0]
    desc_column: int  # of desc[0] (or of where it would be, when empty)

    def at(self, i: int) -> tuple[int, int]:
        """(line, column) of desc[i]."""
        return self.line, self.desc_column + i


def game_id(text: str) -> GameId:
    """Split a game ID, refusing a random-seed ID (`WxH#seed`) with a hint."""
    s = strip_bom(text).strip()
    if "#" in s and ":" not in s:
        raise PuzzleError("this is a random-seed ID (with '#'); paste the game ID with ':' instead")
    if ":" not in s:
        raise PuzzleError("a game ID needs 'params:description'")
    start = text.index(s)  # where the ID starts in the text (after any blank lines)
    line, column = position(text, start)
    colon = s.index(":")
    head, rest = s[:colon], s[colon + 1:]
    lead = len(head) - len(head.lstrip())
    desc_column = column + colon + 1 + len(rest) - len(rest.lstrip())
    return GameId(head.strip(), rest.strip(), line, column + lead, desc_column)


def tatham_split(text: str) -> tuple[str, str]:
    """`params:description` as pasted from Simon Tatham's web player (`game_id` without
    the positions)."""
    game = game_id(text)
    return game.head, game.desc


def tatham_size(head: str, flags: str, error: str, line: int | None = 1, column: int | None = 1) -> tuple[int, int]:
    """Tatham's parameter head: `W[xH]` (H defaults to W), then the puzzle's own `flags` (a
    regular expression, ignored here). (width, height), or `error` raised at (line, column)."""
    m = re.fullmatch(rf"(\d+)(?:x(\d+))?(?:{flags})", head)
    if not m:
        raise PuzzleError(error, line, column)
    width = int(m.group(1))
    return width, int(m.group(2)) if m.group(2) else width


def tatham_cells(game: GameId, area: int, symbols: Mapping[str, T], blank: T,
                 numbers: bool = False) -> list[T | int]:
    """Tatham's grid description, cell by cell: a letter a..z is a run of 1..26 `blank`
    cells (longer runs chain letters), each of `symbols` is one cell (its value), and with
    `numbers` a decimal number is one cell (Solo's clues; '_' stands between two adjacent
    numbers). Raise at the offending character, or when the cells are not `area`."""
    desc = game.desc
    cells: list[T | int] = []
    i = 0
    while i < len(desc):
        ch = desc[i]
        if numbers and ch.isdecimal():
            j = i
            while j < len(desc) and desc[j].isdecimal():
                j += 1
            cells.append(int(desc[i:j]))
            i = j
            continue
        if ch in symbols:
            cells.append(symbols[ch])
        elif "a" <= ch <= "z":
            cells.extend([blank] * (ord(ch) - ord("a") + 1))
        elif not (numbers and ch == "_"):
            raise PuzzleError(f"unexpected {quote(ch)} in game description", *game.at(i))
        if len(cells) > area:
            raise PuzzleError(f"game description is longer than {area} cells", *game.at(i))
        i += 1
    if len(cells) != area:
        raise PuzzleError(f"game description has {len(cells)} cells, expected {area}", *game.at(len(desc)))
    return cells


def tatham_encode(cells: Iterable[Any], blank: Any) -> str:
    """The inverse of `tatham_cells`: runs of `blank` as letters (a = 1 .. z = 26, chained
    when longer), numbers in decimal with '_' between two adjacent ones, and any other
    cell as its text (the symbol itself)."""
    out: list[str] = []
    run = 0
    last_number = False
    for cell in cells:
        if cell == blank:
            run += 1
            continue
        while run:
            step = min(run, 26)
            out.append(chr(ord("a") - 1 + step))
            run -= step
            last_number = False
        is_number = isinstance(cell, int)
        if is_number and last_number:
            out.append("_")
        out.append(str(cell))
        last_number = is_number
    while run:
        step = min(run, 26)
        out.append(chr(ord("a") - 1 + step))
        run -= step
    return "".join(out)
