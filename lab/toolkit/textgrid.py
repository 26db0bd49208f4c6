"""Reading and writing the text forms users already have, with errors that say where.

Shared by every puzzle's formats, so that a solver keeps only what is its own (which
characters mean what):

- lines: `numbered_lines` (CRLF, a byte-order mark, blank lines and `#` comments dealt
  with once);
- character grids and token grids: `char_rows`, `token_rows`, each cell a `Token` with its
  line and column; `rules=True` drops the box rules solvers print (`|` between boxes, and
  `---+---+---` or `------+-------+------` lines); `rectangular` checks the shape;
- seed 000's Python arrays: `array_rows` (each element an `Element` with the line and
  column where it stands, from `ast` node positions), `parse_array` (values only),
  `literal_at`, and `write_array` for the way back;
- JSON: `parse_json`, `JsonObject` (a puzzle's document, each field's type checked where
  it is read, unknown fields refused), and `json_rows` for a grid given as a list of
  strings or lists;
- Simon Tatham's game IDs have a module of their own, lab/toolkit/tatham.py.

Every error is a `PuzzleError(message, line, column)`: one line naming what and where. The
readers of grids take an early size check (`limit=`, a puzzle's `BoardLimit.early`) and
apply it as soon as they know a size, before they make a cell.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from ..engine.puzzle import PuzzleError, SizeCheck, number, quote, strip_bom

T = TypeVar("T")

RULE_CHARS = frozenset("-+=")  # what box rules are drawn with (besides '|', which also splits a row)


@dataclass(frozen=True)
class Token:
    """A piece of text (one character of a character grid, or a whitespace-separated word)
    and where it starts, so that a puzzle's reader can say where a bad cell is."""

    text: str
    line: int | None  # 1-based; None where a form has no lines to name (a JSON value)
    column: int | None  # 1-based

    def shifted(self, offset: int) -> int | None:
        """The column `offset` characters into the token (None where it has no column)."""
        return None if self.column is None else self.column + offset


@dataclass(frozen=True)
class Element:
    """One element of an array literal: its Python value and where it starts (1-based), so
    that a puzzle's reader can say where a bad cell is."""

    value: Any
    line: int
    column: int


@dataclass(frozen=True)
class ArrayRow(Sequence[Element]):
    """One row of an array literal: its elements and where its `[` stands. Iterates, indexes
    and measures like the list of its elements."""

    cells: list[Element]
    line: int
    column: int

    def __iter__(self) -> Iterator[Element]:
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    @overload
    def __getitem__(self, i: int) -> Element: ...
    @overload
    def __getitem__(self, i: slice) -> list[Element]: ...
    def __getitem__(self, i: int | slice) -> Element | list[Element]:
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


_LINE_END = re.compile("[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")  # where `str.splitlines` ends a line


def grid_lines(text: str, rules: bool = False, chars: bool = True,
               limit: SizeCheck | None = None) -> list[tuple[int, str]]:
    """The lines `char_rows` (or with `chars=False`, `token_rows`) makes its rows of, with no
    cell made yet: `numbered_lines`, and with `rules` the box rules gone (rule lines
    dropped, each `|` turned into a space, so columns stay the user's). `limit`: see
    `refuse_oversized`."""
    body = strip_bom(text)
    if limit is not None:
        refuse_tall(body, limit, chars=chars, rules=rules)
    lines = numbered_lines(body)
    if rules:
        drawn = "|" in text or "+" in text
        lines = [(n, line.replace("|", " ")) for n, line in lines if not _is_rule(line, drawn, chars)]
        lines = [(n, line) for n, line in lines if line.strip()]
    if not lines:
        raise PuzzleError("empty input")
    refuse_oversized(lines, limit, chars)
    return lines


def refuse_tall(text: str, limit: SizeCheck, start: str = r"[^\s\-+=|]", chars: bool = True,
                rules: bool = False) -> None:
    """Apply a puzzle's early size check to a grid's text before a line of it is made: its
    height the lines that surely hold a row (their first character other than white space
    matches `start`, by default anything but a box rule's), its width the cells of the first
    of them. A megabyte of one-character lines is half a million lines to make otherwise."""
    pattern = re.compile(rf"(?m)^[ \t]*{start}")
    body = strip_bom(text)
    first = pattern.search(body)
    if first is None:
        return
    end = _LINE_END.search(body, first.start())
    row = body[first.start():end.start() if end else len(body)]
    width = count_cells(row.replace("|", " ") if rules else row, chars)
    limit(width, sum(1 for _ in pattern.finditer(body)), position(body, first.start())[0])


def count_cells(line: str, chars: bool = True) -> int:
    """How many cells `line_chars` (or with `chars=False`, `line_tokens`) would make of a
    line, without making them."""
    words = line.split()
    return sum(map(len, words)) if chars else len(words)


def refuse_oversized(lines: Sequence[tuple[int, str]], limit: SizeCheck | None,
                     cells: bool | Callable[[str], int] = True) -> None:
    """Apply a puzzle's early size check to a grid's lines (numbered, as `numbered_lines`
    gives them) before any cell is made of them: its height is the number of lines, its
    width the cells of its first line or of its longest, whichever has more; `cells` counts
    a line's cells (True: characters, False: words, or a function of the line). A megabyte
    of text would otherwise be a million Tokens before the size check could refuse it."""
    if limit is None or not lines:
        return
    count = cells if callable(cells) else lambda line: count_cells(line, bool(cells))
    first = lines[0]
    limit(count(first[1]), len(lines), first[0])
    longest = max(lines, key=lambda numbered: len(numbered[1]))
    if longest is not first:
        limit(count(longest[1]), len(lines), longest[0])


def token_rows(text: str, rules: bool = False, limit: SizeCheck | None = None) -> list[list[Token]]:
    """A token grid: the lines that hold something, split on white space, each token with
    its line and column. `rules=True` drops box rules (see `char_rows`); `limit` refuses an
    oversized grid before its tokens are made (`refuse_oversized`)."""
    return [line_tokens(line, n) for n, line in grid_lines(text, rules, False, limit)]


def char_rows(text: str, rules: bool = False, limit: SizeCheck | None = None) -> list[list[Token]]:
    """A character grid: the lines that hold something as single characters (white space
    ignored), each with its line and column. `rules=True` drops the box rules common
    solvers print: `|` anywhere, and lines of `-`, `+`, `=` (and `|`) with a `+` or `=` in
    them, or of dashes alone in a grid drawn with `|` or `+`. `limit` refuses an oversized
    grid before its cells are made (`refuse_oversized`)."""
    return [line_chars(line, n) for n, line in grid_lines(text, rules, True, limit)]


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
    except RecursionError:  # Python's parser recurses: thousands of brackets deep is no board
        raise PuzzleError("bad JSON: nested too deeply") from None


def json_rows(value: Any, what: str = "grid", line: int | None = None,
              limit: SizeCheck | None = None) -> list[list[Any]]:
    """A JSON grid, rows as strings ("B..W") or lists: each row as a list of cells. Raise
    (at `line`) for anything else, naming the row. `limit` refuses an oversized grid (rows,
    and cells of its widest row) before any row is taken apart."""
    if not isinstance(value, list) or not value:
        raise PuzzleError(f"'{what}' must be a non-empty list of rows", line)
    if limit is not None:
        limit(max(len(row) if isinstance(row, (str, list)) else 0 for row in value), len(value), line)
    rows = []
    for r, row in enumerate(value, start=1):
        if isinstance(row, str):
            row = list(row)
        if not isinstance(row, list):
            raise PuzzleError(f"{what} row {r} is not a string or a list", line)
        rows.append(row)
    return rows


REQUIRED: Any = object()  # the default of a field `JsonObject` refuses to go without


def json_shown(value: Any) -> str:
    """A JSON value as a one-line message shows it: null, true, 4.5, 'text', a list."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return json.dumps(value)


class JsonObject:
    """One puzzle's JSON document, read field by field. The document is an object whose
    `puzzle`, if given, names this puzzle, with no field the puzzle does not read; each
    field's type and range is checked where it is read. A field that is there is never
    ignored: `"width": null`, `"colors": null` or a misspelt `"widht"` is refused in one line
    naming it (at its line and column), where a lenient reader would answer for another
    board than the one meant. Datasets store a puzzle's JSON as `format` writes it, so no
    document the lab writes carries fields its reader does not know."""

    def __init__(self, text: str, name: str, fields: Iterable[str], aliases: Iterable[str] = ()):
        self.name, self.text = name, text
        self.fields = ("puzzle", *fields)
        self._where: dict[str, tuple[int | None, int | None]] = {}
        data = parse_json(text)
        if not isinstance(data, dict):
            raise PuzzleError(f"{name} JSON must be an object {{...}} with the fields {', '.join(self.fields)}", 1)
        self.data: dict[str, Any] = data
        for key in data:
            if key not in self.fields:
                raise self.error(key, f"is not a {name} field (known: {', '.join(self.fields)})")
        if "puzzle" in data:
            named = data["puzzle"]
            if not isinstance(named, str) or named.lower() not in (name, *aliases):
                raise self.error("puzzle", f"is {json_shown(named)}: this reader is {name}'s")

    def where(self, key: str) -> tuple[int | None, int | None]:
        """(line, column) of the field `key` in the text, for its errors (found once a key)."""
        if key not in self._where:
            m = re.search(rf'"{re.escape(key)}"\s*:', self.text)
            self._where[key] = position(self.text, m.start()) if m else (1, None)
        return self._where[key]

    def error(self, key: str, message: str) -> PuzzleError:
        """"lightup JSON: 'width' MESSAGE", at the field."""
        return PuzzleError(f"{self.name} JSON: {quote(key)} {message}", *self.where(key))

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, default: Any = REQUIRED) -> Any:
        """The field's value as JSON gives it (any type), or `default` when it is absent."""
        if key in self.data:
            return self.data[key]
        if default is REQUIRED:
            raise PuzzleError(f"{self.name} JSON needs {quote(key)} (fields: {', '.join(self.fields)})", 1)
        return default

    def integer(self, key: str, default: Any = REQUIRED, low: int | None = None, high: int | None = None) -> Any:
        """A whole number (not true/false, not 4.0) from `low` to `high`, or `default` when
        the field is absent."""
        value = self.get(key, default)
        if key not in self.data:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"must be a whole number, got {json_shown(value)}")
        if low is not None and value < low:
            raise self.error(key, f"must be at least {low}, got {number(value)}")
        if high is not None and value > high:
            raise self.error(key, f"must be at most {high}, got {number(value)}")
        return value

    def _typed(self, key: str, default: Any, kind: type, expected: str) -> Any:
        """The field if it is a `kind` (refused as not `expected` otherwise), or `default`
        when it is absent."""
        value = self.get(key, default)
        if key in self.data and not isinstance(value, kind):
            raise self.error(key, f"must be {expected}, got {json_shown(value)}")
        return value

    def boolean(self, key: str, default: Any = REQUIRED) -> Any:
        """true or false, or `default` when the field is absent."""
        return self._typed(key, default, bool, "true or false")

    def string(self, key: str, default: Any = REQUIRED) -> Any:
        """A string, or `default` when the field is absent."""
        return self._typed(key, default, str, "a string")

    def array(self, key: str, default: Any = REQUIRED, length: int | None = None, what: str = "items") -> Any:
        """A list (of `length` items, when given), or `default` when the field is absent."""
        value = self.get(key, default)
        if key not in self.data:
            return value
        if not isinstance(value, list):
            raise self.error(key, f"must be a list of {what}, got {json_shown(value)}")
        if length is not None and len(value) != length:
            raise self.error(key, f"must be a list of {length} {what}, got {len(value)}")
        return value

    def mapping(self, key: str, default: Any = REQUIRED) -> Any:
        """An object, or `default` when the field is absent."""
        return self._typed(key, default, dict, "an object")

    def size(self, limit: SizeCheck | None = None, width: str = "width",
             height: str = "height") -> tuple[int | None, int | None]:
        """The board's stated width and height (each a whole number from 1, None when absent),
        refused by the puzzle's early size check before the grid is read."""
        w, h = self.integer(width, None, low=1), self.integer(height, None, low=1)
        if limit is not None:
            limit(w or 0, h or 0, self.where(width if w is not None else height)[0])
        return w, h

    def agrees(self, key: str, found: int, what: str = "the grid has") -> None:
        """Refuse a stated size that is not the one the grid has ("JSON says width 5 but the
        grid has 4"). Read the field with `integer` or `size` first."""
        if key in self.data and self.data[key] != found:
            raise PuzzleError(f"JSON says {key} {quote(self.data[key])} but {what} {found}", *self.where(key))

    def rows(self, key: str, limit: SizeCheck | None = None) -> list[list[Any]]:
        """A grid field (`json_rows`: rows as strings or lists), refused by `limit` when
        oversized before it is taken apart."""
        return json_rows(self.get(key), key, self.where(key)[0] if key in self.data else 1, limit)

    def board(self, key: str = "grid", limit: SizeCheck | None = None) -> list[list[Any]]:
        """The grid field `key` (`rows`) with the board's stated `width` and `height` (`size`):
        each refused by `limit` as soon as it is read, and a stated size that is not the
        grid's refused ("JSON says width 5 but the grid has 4")."""
        self.size(limit)
        rows = self.rows(key, limit)
        self.agrees("width", len(rows[0]))
        self.agrees("height", len(rows))
        return rows


# ---- seed 000's Python arrays ---------------------------------------------------------
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
    """The list after `name =` in seed 000's array text (`side = np.array([...])`), where it
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


# What an array literal's shape is read off without parsing it: strings (which may hold
# brackets and commas) and comments are taken out, then each innermost bracket is a row.
_ARRAY_NOISE = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|#[^\n]*""")
_ARRAY_ROW = re.compile(r"[\[(]([^\[\]()]*)[\])]")
# Text whose strings hold no bracket, comma, '#' or backslash, and which has no comment:
# where it spans the whole array, every bracket and comma in it is structure.
_ARRAY_PLAIN = re.compile(r"""(?:[^'"#\\]|'[^'\\\n\[\](),#]*'|"[^"\\\n\[\](),#]*")*+""")


def array_shape(source: str, first: bool = False) -> tuple[int, int] | None:
    """(rows, cells of the widest row) of an array literal `[[...], ...]` of plain values,
    read off its brackets and commas, or None when it is not such a list of rows (deeper
    nesting: parsing it says what is wrong). A few percent of what `ast.parse` costs, and
    about one byte a character where `ast.parse` holds a hundred a cell. With `first`, of
    the list that `source` starts with, whatever follows it (seed 000's second array)."""
    flat = source.strip()
    if _ARRAY_PLAIN.fullmatch(flat) is None:  # strings or comments to take out first
        flat = _ARRAY_NOISE.sub(lambda m: "" if m.group().startswith("#") else "0", flat).strip()
    if first and flat.startswith("["):
        depth = 0
        for bracket in re.finditer(r"[\[\]]", flat):
            depth += 1 if bracket.group() == "[" else -1
            if depth == 0:
                flat = flat[:bracket.end()]
                break
    if not (flat.startswith("[") and flat.endswith("]")):
        return None
    rows = _ARRAY_ROW.findall(flat, 1, len(flat) - 1)
    if flat.count("[") + flat.count("(") != len(rows) + 1 or flat.count("]") + flat.count(")") != len(rows) + 1:
        return None  # nested deeper than rows of values
    widest = max((sum(1 for part in row.split(",") if part.strip()) for row in rows), default=0)
    return len(rows), widest


def array_rows(text: str, limit: SizeCheck | None = None) -> list[ArrayRow]:
    """The seed's arrays, `np.array([[...], ...])` (optionally `board = ...` around it):
    the outermost `[...]` as rows of Elements, each with its value and the line and column
    it stands at, so that an error about a cell can point at it. `limit` refuses an
    oversized array from its shape (`array_shape`) before it is parsed."""
    start, end = text.find("["), text.rfind("]")
    if start < 0 or end < start:
        raise PuzzleError("expected a [[...], ...] array")
    source = text[start:end + 1]
    if limit is not None:
        shape = array_shape(source)
        if shape is not None:
            limit(shape[1], shape[0], position(text, start)[0])
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
    """Rows as seed 000 writes them, one row a line: `[\\n  ['B', ' '],\\n]`, or wrapped in
    `call` (`np.array`, `board = np.array`) as `call([\\n ... \\n])`."""
    body = "\n".join("  [" + ", ".join(repr(v) for v in row) + "]," for row in rows)
    return f"{call}([\n{body}\n])" if call else f"[\n{body}\n]"


# ---- Simon Tatham's game IDs ----------------------------------------------------------
