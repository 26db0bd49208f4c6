"""Simon Tatham's game IDs: the pieces every puzzle of his collection shares.

A game ID is `params:description` as his web player and his programs (`sgt-<game> --generate`)
print it. `game_id` splits one with the places of its parts (errors name line and column);
`tatham_size` reads the `WxH` head; `tatham_cells` / `tatham_encode` read and write the grid
descriptions most of his games use: runs of blank cells as letters a..z, symbols one per cell,
numbers in decimal with `_` between two adjacent ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from ..engine.puzzle import PuzzleError, SizeCheck, quote, strip_bom
from .textgrid import Token, position

T = TypeVar("T")


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


def tatham_size(head: str, flags: str, error: str, line: int | None = 1, column: int | None = 1,
                limit: SizeCheck | None = None) -> tuple[int, int]:
    """Tatham's parameter head: `W[xH]` (H defaults to W), then the puzzle's own `flags` (a
    regular expression, ignored here). (width, height), or `error` raised at (line, column);
    `limit` refuses an oversized board before its description is read."""
    m = re.fullmatch(rf"(\d+)(?:x(\d+))?(?:{flags})", head)
    if not m:
        raise PuzzleError(error, line, column)
    width = int(m.group(1))
    height = int(m.group(2)) if m.group(2) else width
    if limit is not None:
        limit(width, height, line)
    return width, height


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


def tatham_number_cells(game: GameId, area: int) -> list[Token]:
    """A description of numbers and blank runs (Range's, Rect's): one Token per cell, '' for a
    blank, each number where it stands; a number may not start with 0, and `_` separates two
    adjacent numbers, as his validate_desc reads them."""
    cells: list[Token] = []
    for m in re.finditer(r"[a-z]|[0-9]+|_|.", game.desc, re.S):
        text = m.group()
        line, column = game.at(m.start())
        if text.isdecimal() and text.isascii():
            if text[0] == "0":
                raise PuzzleError("a number in the game description starts with 0", line, column)
            cells.append(Token(text, line, column))
        elif "a" <= text <= "z":
            cells += [Token("", line, column)] * (ord(text) - ord("a") + 1)
        elif text != "_":
            raise PuzzleError(f"unexpected {quote(text)} in game description", line, column)
        if len(cells) > area:
            raise PuzzleError(f"game description is longer than {area} cells", line, column)
    if len(cells) != area:
        raise PuzzleError(f"game description has {len(cells)} cells, expected {area}", *game.at(len(game.desc)))
    return cells
