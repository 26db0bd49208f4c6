"""What the text forms of puzzles played move by move share (Inertia, Sliding blocks, Jugs,
Guess, the chess captures, Numcross).

Their solution is a list of moves (or a guess), which the puzzle writes for people in its own
`format_solution`; no board form holds it. So their codecs say no solved form
(`MOVES_JSON`), and `--out-format` takes any of their forms, as it always did.

Their JSON documents hold a grid as the text form's lines, one string a row (`string_rows`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.puzzle import SizeCheck
from .codecs import JsonCodec
from .textgrid import JsonObject

MOVES_JSON = JsonCodec(solutions=False)  # JSON of the board only: the moves are the puzzle's own text


def string_rows(doc: JsonObject, key: str, what: str, limit: SizeCheck | None = None,
                cells: Callable[[str], int] = len) -> list[str]:
    """The field `key`: a grid as a non-empty list of one-line strings (the text form's rows),
    refused as "must be a non-empty list of WHAT"; `limit` refuses an oversized grid (its rows,
    and the cells of its widest, counted by `cells`) before any row is checked."""
    rows = doc.array(key, what=what)
    if limit is not None and rows:
        limit(max(cells(r) if isinstance(r, str) else 0 for r in rows), len(rows), doc.where(key)[0])
    if not rows or not all(isinstance(r, str) and r.strip() and "\n" not in r for r in rows):
        raise doc.error(key, f"must be a non-empty list of {what}")
    return rows
