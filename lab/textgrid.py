"""Reading the text forms users already have, with errors that say where.

Shared by every puzzle's parser: rows of whitespace-separated tokens, the seed's Python
character arrays, JSON, and Simon Tatham's run-length descriptions.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from typing import Any

from .puzzle import PuzzleError


@dataclass(frozen=True)
class Token:
    text: str
    line: int  # 1-based
    column: int  # 1-based


def token_rows(text: str) -> list[list[Token]]:
    """Non-empty lines split on whitespace, each token with its line and column."""
    rows = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        row = [Token(m.group(), lineno, m.start() + 1) for m in re.finditer(r"\S+", line)]
        if row:
            rows.append(row)
    if not rows:
        raise PuzzleError("empty input")
    return rows


def char_rows(text: str) -> list[list[Token]]:
    """Non-empty lines as single characters (spaces ignored), each with line and column."""
    rows = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        row = [Token(ch, lineno, col) for col, ch in enumerate(line, start=1) if not ch.isspace()]
        if row:
            rows.append(row)
    if not rows:
        raise PuzzleError("empty input")
    return rows


def rectangular(rows: list[list[Token]], width: int | None = None, height: int | None = None) -> None:
    """Raise unless all rows have the same length (and the expected size, if given)."""
    want = width if width is not None else len(rows[0])
    for row in rows:
        if len(row) != want:
            raise PuzzleError(f"row has {len(row)} cells, expected {want}", row[0].line)
    if height is not None and len(rows) != height:
        raise PuzzleError(f"grid has {len(rows)} rows, expected {height}", rows[-1][0].line)


def parse_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"bad JSON: {exc.msg}", exc.lineno, exc.colno) from None


def literal_at(text: str, start: int, end: int, what: str) -> Any:
    """The Python literal text[start:end + 1] (lists, dicts, tuples, strings, numbers), or a
    one-line error naming `what` and, when Python knows it, the line in `text`."""
    try:
        return ast.literal_eval(text[start:end + 1])
    except (ValueError, SyntaxError) as exc:
        line = getattr(exc, "lineno", None)
        raise PuzzleError(f"bad {what} literal: {getattr(exc, 'msg', exc)}",
                          None if line is None else text[:start].count("\n") + line) from None


def parse_array(text: str) -> list:
    """The seed's example arrays: `np.array([[...], ...])`, optionally `board = ...`."""
    start, end = text.find("["), text.rfind("]")
    if start < 0 or end < start:
        raise PuzzleError("expected a [[...], ...] array")
    value = literal_at(text, start, end, "array")
    if not isinstance(value, list) or not all(isinstance(r, (list, tuple)) for r in value):
        raise PuzzleError("expected a list of rows")
    return value


def tatham_split(text: str) -> tuple[str, str]:
    """`params:description` as pasted from Simon Tatham's web player."""
    text = text.strip()
    if "#" in text and ":" not in text:
        raise PuzzleError("this is a random-seed ID (with '#'); paste the game ID with ':' instead")
    if ":" not in text:
        raise PuzzleError("a game ID needs 'params:description'")
    params, desc = text.split(":", 1)
    return params.strip(), desc.strip()


def tatham_size(head: str, flags: str, error: str, line: int | None = 1, column: int | None = 1) -> tuple[int, int]:
    """Tatham's parameter head: `W[xH]` (H defaults to W), then the puzzle's own `flags` (a
    regular expression, ignored here). (width, height), or `error` raised at (line, column)."""
    m = re.fullmatch(rf"(\d+)(?:x(\d+))?(?:{flags})", head)
    if not m:
        raise PuzzleError(error, line, column)
    width = int(m.group(1))
    return width, int(m.group(2)) if m.group(2) else width


def run_length_cells(desc: str, area: int, offset: int = 0) -> list[int]:
    """Tatham's grid description: numbers in decimal, a run of k blanks as the k-th letter
    (z = 26, runs longer than that chain), '_' between adjacent numbers. Blank is 0."""
    cells: list[int] = []
    i = 0
    while i < len(desc):
        ch = desc[i]
        if ch.isdecimal():
            j = i
            while j < len(desc) and desc[j].isdecimal():
                j += 1
            cells.append(int(desc[i:j]))
            i = j
        elif "a" <= ch <= "z":
            cells.extend([0] * (ord(ch) - ord("a") + 1))
            i += 1
        elif ch == "_":
            i += 1
        else:
            raise PuzzleError(f"unexpected '{ch}' in game description", 1, offset + i + 1)
    if len(cells) != area:
        raise PuzzleError(f"game description has {len(cells)} cells, expected {area}")
    return cells


def run_length_encode(cells: list[int]) -> str:
    """The inverse of `run_length_cells` (the same string Tatham's games write)."""
    out: list[str] = []
    run = 0
    for i, n in enumerate(cells + [-1]):
        if n == 0:
            run += 1
            continue
        if run:
            while run > 0:
                step = min(run, 26)
                out.append(chr(ord("a") - 1 + step))
                run -= step
        elif out and n > 0:
            out.append("_")
        if n > 0:
            out.append(str(n))
        run = 0
    return "".join(out)
