"""puzz.link URLs: the address and the encodings its genres share.

puzz.link (the pzprjs player and editor) writes a board as `https://puzz.link/p?GENRE/COLS/ROWS/BODY`,
sometimes with flags before the size (`p?GENRE/FLAGS/COLS/ROWS/BODY`); the older domain is
`pzv.jp/p.html?...`. The body is a concatenation of a few encodings, each reading as many
characters as the board needs and leaving the rest to the next one. Those encodings are written
here once (facts from pzprjs's `src/variety-common/Encode.js` and `src/pzpr/parser.js`; our own
code) so that a genre declares which it uses, in order, instead of parsing:

- `numbers16`: a clue number per cell (0..8191, `?` for an unknown number), runs of empty cells
  as one letter g..z (Light Up's walls use `four_cell`, Kurodoko, Fillomino, Sudoku this one);
- `numbers10`: digits 0..9 per cell, runs of empty cells as a..z;
- `four_cell`: numbers 0..4 that also skip the one or two cells after them (Light Up);
- `arrow_numbers16`: a direction and a number per cell (Yajilin);
- `borders`: a wall on each edge between two cells, five edges to a base-32 digit, the vertical
  edges first, then the horizontal ones (rooms: Heyawake, LITS, Norinori, Star Battle);
- `circles`: none, white or black per cell, three cells to a base-27 digit (Pearl);
- `bits`: one bit per cell, five cells to a base-32 digit.
- `one_cell`: the cells holding one mark (Tents' trees), each with the empty cells after it as
  one base-36 digit.

A `Cursor` reads the body left to right; each `read_*` returns the values and moves past what
it used, and each `write_*` returns the text for one part. Values are per cell in reading order
(row by row), `None` for an empty cell; `UNKNOWN` marks a clue whose number is not given.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.puzzle import PuzzleError, quote

UNKNOWN = -2  # pzprjs's "a clue with no number shown" (`?` in the player, `.` in a URL)
PLAYER = "https://puzz.link/p?"
URL_FORM = re.compile(
    r"^(?:(?:https?://)?(?:www\.)?(?:puzz\.link/p|pzv\.jp/p(?:\.html)?)\?|\?)?"
    r"(?P<genre>[A-Za-z][A-Za-z0-9_]*)/(?P<rest>.*)$")


@dataclass(frozen=True)
class PuzzLink:
    """A puzz.link address taken apart: the genre's id, optional flags, the size and the body."""

    genre: str
    cols: int
    rows: int
    body: str
    flags: str = ""
    column: int = field(default=1, compare=False)  # where the body starts in the text read, for errors

    def url(self, player: str = PLAYER) -> str:
        """The whole address, as pzprjs writes it (a `/` after a body that ends in a sign, so
        chat programs keep it)."""
        parts = ([self.flags] if self.flags else []) + [str(self.cols), str(self.rows), self.body]
        data = "/".join(parts)
        if not data[-1:].isalnum():
            data += "/"
        return f"{player}{self.genre}/{data}"


def looks_like_url(text: str) -> bool:
    """Does `text` look like a puzz.link address (whole, or from the `?` on)?"""
    s = text.strip()
    # from the `?` on only with a genre and a `/` after it: a board may open with `?` (Bridges' unknown island)
    return bool(re.match(r"^(https?://)?(www\.)?(puzz\.link/p|pzv\.jp/p(\.html)?)\?", s)
                or re.match(r"^\?[A-Za-z][A-Za-z0-9_]*/", s))


def read_url(text: str, genres: Sequence[str]) -> PuzzLink:
    """A puzz.link address (with or without `https://`, from puzz.link or pzv.jp, or only the
    part after `?`) for one of `genres`; anything else is refused in one line."""
    s = text.strip()
    m = URL_FORM.match(s)
    if not m:
        raise PuzzleError(f"not a puzz.link address: {quote(s)} (expected https://puzz.link/p?GENRE/COLS/ROWS/...)",
                          1, 1)
    genre, rest = m.group("genre"), m.group("rest")
    if genre not in genres:
        raise PuzzleError(f"a puzz.link {quote(genre)} address, expected {' or '.join(map(quote, genres))}",
                          1, m.start("genre") + 1)
    parts = rest.split("/")
    flags = "" if parts and parts[0].isdecimal() else parts.pop(0) if parts else ""
    if len(parts) < 2 or not (parts[0].isdecimal() and parts[1].isdecimal()):
        raise PuzzleError(f"a puzz.link address gives COLS/ROWS after the genre, got {quote(rest)}",
                          1, m.start("rest") + 1)
    cols, rows = int(parts[0]), int(parts[1])
    if not (cols and rows):
        raise PuzzleError(f"a puzz.link board of {cols}x{rows} cells has none", 1, m.start("rest") + 1)
    body = "/".join(parts[2:])
    column = m.start("rest") + 1 + len(rest) - len(body)
    return PuzzLink(genre, cols, rows, body[:-1] if body.endswith("/") else body, flags, column)


def size_column(link: PuzzLink) -> int:
    """The column of an address's COLS (where a size our puzzle cannot hold is refused)."""
    return max(1, link.column - len(f"{link.cols}/{link.rows}/"))


def refuse_flags(link: PuzzLink, why: str = "") -> None:
    """Refuse the flags (`p?GENRE/FLAGS/COLS/ROWS/...`) of an address for a genre our puzzle reads
    without any: `why` says what they would ask for that our rules lack."""
    if link.flags:
        raise PuzzleError(f"a puzz.link {link.genre} address with the flags {quote(link.flags)}: "
                          f"{why or 'this puzzle reads none'}", 1, max(1, size_column(link) - len(link.flags) - 1))


class Cursor:
    """Reads a body's encodings one after the other (each `read_*` consumes its part)."""

    def __init__(self, body: str, column: int = 1):
        self.body, self.at, self.column = body, 0, column
        self.places: list[int] = []  # the column of each value `read_numbers16` gave, for a refused clue

    @property
    def rest(self) -> str:
        return self.body[self.at:]

    def refuse(self, what: str, offset: int = 0) -> PuzzleError:
        return PuzzleError(f"puzz.link body: {what}", 1, self.column + self.at + offset)

    def end(self) -> None:
        """Refuse what is left after the board's last cell (pzprjs ignores it; here it is most
        likely an address cut or joined wrong)."""
        if self.rest:
            raise self.refuse(f"{quote(self.rest)} goes on after the board's last cell")

    def _hex(self, start: int, width: int) -> int:
        text = self.body[start:start + width]
        if len(text) != width or not re.fullmatch(r"[0-9a-f]+", text):
            raise PuzzleError(f"puzz.link body: {quote(text)} is not {width} hex digits", 1, self.column + start)
        return int(text, 16)

    def read_numbers16(self, cells: int) -> list[int | None]:
        """`numbers16`: 0-f one digit, `-xx`, `+xxx`, `=xxx` (+4096), `%xxx` (+8192), `.` unknown,
        g..z a run of 1..20 empty cells."""
        out: list[int | None] = []
        places: list[int] = []
        body, i = self.body, self.at
        while len(out) < cells and i < len(body):
            ch, start = body[i], i
            if ch in "0123456789abcdef":
                out.append(int(ch, 16))
            elif ch in "-+=%":
                width = 2 if ch == "-" else 3
                out.append(self._hex(i + 1, width) + {"-": 0, "+": 0, "=": 4096, "%": 8192}[ch])
                i += width
            elif ch == ".":
                out.append(UNKNOWN)
            elif "g" <= ch <= "z":
                out.extend([None] * (int(ch, 36) - 15))
            else:
                raise self.refuse(f"{quote(ch)} is not a number or a run of empty cells", i - self.at)
            i += 1
            places += [self.column + start] * (len(out) - len(places))
        self.at = i
        self.places = places[:cells]
        return self._fill(out, cells)

    def read_numbers10(self, cells: int) -> list[int | None]:
        """`numbers10`: 0-9 one digit, `.` unknown, a..z a run of 1..26 empty cells."""
        out: list[int | None] = []
        body, i = self.body, self.at
        while len(out) < cells and i < len(body):
            ch = body[i]
            if ch.isdigit():
                out.append(int(ch))
            elif ch == ".":
                out.append(UNKNOWN)
            elif "a" <= ch <= "z":
                out.extend([None] * (int(ch, 36) - 9))
            else:
                raise self.refuse(f"{quote(ch)} is not a digit or a run of empty cells", i - self.at)
            i += 1
        self.at = i
        return self._fill(out, cells)

    def read_four_cell(self, cells: int) -> list[int | None]:
        """`four_cell`: 0-4 a number; 5-9 a number (minus 5) and one empty cell after it; a-e a
        number (minus 10) and two; `.` unknown; g..z a run of 1..20 empty cells."""
        out: list[int | None] = []
        body, i = self.body, self.at
        while len(out) < cells and i < len(body):
            ch = body[i]
            if ch in "01234":
                out.append(int(ch))
            elif ch in "56789":
                out += [int(ch) - 5, None]
            elif ch in "abcde":
                out += [int(ch, 16) - 10, None, None]
            elif ch == ".":
                out.append(UNKNOWN)
            elif "g" <= ch <= "z":
                out.extend([None] * (int(ch, 36) - 15))
            else:
                raise self.refuse(f"{quote(ch)} is not 0..4, a skip or a run of empty cells", i - self.at)
            i += 1
        self.at = i
        return self._fill(out, cells)

    def read_arrow_numbers16(self, cells: int) -> list[tuple[int, int] | None]:
        """`arrow_numbers16`: (direction, number) per cell; direction 0 none, 1 up, 2 down,
        3 left, 4 right; `.` after the direction an unknown number; a..z a run of 1..26 empty cells."""
        out: list[tuple[int, int] | None] = []
        body, i = self.body, self.at
        while len(out) < cells and i < len(body):
            ch = body[i]
            if ch in "01234":
                nxt = body[i + 1:i + 2]
                out.append((int(ch), UNKNOWN if nxt == "." else self._hex(i + 1, 1)))
                i += 1
            elif ch in "56789":
                out.append((int(ch) - 5, self._hex(i + 1, 2)))
                i += 2
            elif ch == "-":
                out.append((self._hex(i + 1, 1), self._hex(i + 2, 3)))
                i += 4
            elif "a" <= ch <= "z":
                out.extend([None] * (int(ch, 36) - 9))
            else:
                raise self.refuse(f"{quote(ch)} is not an arrow clue or a run of empty cells", i - self.at)
            i += 1
        self.at = i
        return self._fill(out, cells)

    def read_borders(self, cols: int, rows: int) -> tuple[list[list[bool]], list[list[bool]]]:
        """`borders`: (walls right of each cell but the last column, rows x cols-1; walls below
        each cell but the last row, rows-1 x cols), five edges to a base-32 digit, most
        significant first."""
        right = self._bits((cols - 1) * rows, 5)
        below = self._bits(cols * (rows - 1), 5)
        return ([right[r * (cols - 1):(r + 1) * (cols - 1)] for r in range(rows)],
                [below[r * cols:(r + 1) * cols] for r in range(rows - 1)])

    def read_circles(self, cells: int) -> list[int]:
        """`circles`: 0 none, 1 white, 2 black, three cells to a base-27 digit."""
        count = (cells + 2) // 3
        text = self.body[self.at:self.at + count]
        out: list[int] = []
        for k, ch in enumerate(text):
            try:
                value = int(ch, 27)
            except ValueError:
                raise self.refuse(f"{quote(ch)} is not a base-27 digit of circles", k) from None
            out += [value // 9 % 3, value // 3 % 3, value % 3]
        self.at += len(text)
        return (out + [0] * cells)[:cells]

    def read_bits(self, cells: int) -> list[bool]:
        """`bits`: one bit per cell, five to a base-32 digit."""
        return self._bits(cells, 5)

    def read_one_cell(self, cells: int) -> list[bool]:
        """`one_cell`: 0..h a marked cell and 0..17 empty cells after it; i..z 1..18 empty cells;
        the cells after the last digit are empty."""
        out: list[bool] = []
        body, i = self.body, self.at
        while len(out) < cells and i < len(body):
            ch = body[i]
            if not ("0" <= ch <= "9" or "a" <= ch <= "z"):
                raise self.refuse(f"{quote(ch)} is not a base-36 digit of marked cells", i - self.at)
            value = int(ch, 36)
            out += [True] + [False] * value if value < 18 else [False] * (value - 17)
            i += 1
        self.at = i
        return (out + [False] * cells)[:cells]

    def _bits(self, count: int, per: int) -> list[bool]:
        digits = (count + per - 1) // per
        text = self.body[self.at:self.at + digits]
        out: list[bool] = []
        for k, ch in enumerate(text):
            try:
                value = int(ch, 32)
            except ValueError:
                raise self.refuse(f"{quote(ch)} is not a base-32 digit", k) from None
            out += [bool(value >> (per - 1 - b) & 1) for b in range(per)]
        self.at += len(text)
        return (out + [False] * count)[:count]

    def _fill(self, values: list, cells: int) -> list:
        """pzprjs leaves the cells a short body does not reach empty; a run past the end is cut."""
        return (values + [None] * cells)[:cells]


# ---- writing ------------------------------------------------------------------------------
def _runs(tokens: Sequence[str | None], base: int, most: int) -> str:
    """Tokens with runs of empty cells (None) as one letter: run k as `(base + k)` in base 36,
    at most `most` cells a letter."""
    out, count = [], 0
    for tok in tokens:
        if tok is None:
            count += 1
            if count == most:
                out.append(_base36(base + count))
                count = 0
            continue
        if count:
            out.append(_base36(base + count))
            count = 0
        out.append(tok)
    if count:
        out.append(_base36(base + count))
    return "".join(out)


def _base36(value: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[value]


def write_numbers16(values: Sequence[int | None]) -> str:
    """The `numbers16` text of per-cell values (None empty, UNKNOWN unknown, 0..8191+)."""
    def token(v: int | None) -> str | None:
        if v is None:
            return None
        if v == UNKNOWN:
            return "."
        if v < 0:
            raise PuzzleError(f"puzz.link cannot write the number {v}")
        if v < 16:
            return f"{v:x}"
        if v < 256:
            return f"-{v:x}"
        if v < 4096:
            return f"+{v:x}"
        if v < 8192:  # three digits: pzprjs's reader takes three (its writer does not pad)
            return f"={v - 4096:03x}"
        if v < 8192 + 4096:
            return f"%{v - 8192:03x}"
        raise PuzzleError(f"puzz.link cannot write the number {v} (at most {8192 + 4095})")
    return _runs([token(v) for v in values], 15, 20)


def write_numbers10(values: Sequence[int | None]) -> str:
    """The `numbers10` text: digits 0..9 (None empty, UNKNOWN unknown)."""
    def token(v: int | None) -> str | None:
        if v is None:
            return None
        if v == UNKNOWN:
            return "."
        if not 0 <= v <= 9:
            raise PuzzleError(f"puzz.link's one-digit form cannot write {v}")
        return str(v)
    return _runs([token(v) for v in values], 9, 26)


def write_four_cell(values: Sequence[int | None]) -> str:
    """The `four_cell` text: 0..4 (None empty, UNKNOWN unknown), a number swallowing the one
    or two empty cells after it where it can."""
    tokens: list[str | None] = []
    c = 0
    while c < len(values):
        v = values[c]
        if v is None:
            tokens.append(None)
        elif v == UNKNOWN:
            tokens.append(".")
        else:
            if not 0 <= v <= 4:
                raise PuzzleError(f"puzz.link's four-cell form cannot write {v}")
            nxt, nxt2 = values[c + 1:c + 2], values[c + 2:c + 3]
            if nxt and nxt[0] is not None:
                tokens.append(f"{v:x}")
            elif nxt2 and nxt2[0] is not None:
                tokens.append(f"{v + 5:x}")
                c += 1
            else:
                tokens.append(f"{v + 10:x}")
                c += 2
        c += 1
    return _runs(tokens, 15, 20)


def write_arrow_numbers16(values: Sequence[tuple[int, int] | None]) -> str:
    """The `arrow_numbers16` text of (direction, number) per cell."""
    def token(v: tuple[int, int] | None) -> str | None:
        if v is None:
            return None
        d, n = v
        if n == UNKNOWN:
            return f"{d}."
        if 0 <= n < 16:
            return f"{d}{n:x}"
        if n < 256:
            return f"{d + 5}{n:x}"
        if n < 4096:
            return f"-{d}{n:03x}"
        raise PuzzleError(f"puzz.link cannot write the arrow number {n}")
    return _runs([token(v) for v in values], 9, 26)


def write_borders(right: Sequence[Sequence[bool]], below: Sequence[Sequence[bool]]) -> str:
    """The `borders` text of the walls right of and below each cell (as `read_borders` gives)."""
    return (_write_bits([b for row in right for b in row], 5)
            + _write_bits([b for row in below for b in row], 5))


def write_circles(values: Sequence[int]) -> str:
    """The `circles` text: 0 none, 1 white, 2 black."""
    out = []
    for k in range(0, len(values), 3):
        chunk = list(values[k:k + 3]) + [0] * (3 - len(values[k:k + 3]))
        out.append(_base36(chunk[0] * 9 + chunk[1] * 3 + chunk[2]))
    return "".join(out)


def write_one_cell(values: Sequence[bool]) -> str:
    """The `one_cell` text of marked cells (True), as pzprjs writes it: a mark swallows up to 17
    empty cells after it, other empty cells go up to 18 to a letter."""
    out: list[str] = []
    marked, empty = False, 0  # a mark not yet written, and the empty cells after it (or unwritten)
    for value in values:
        if value:
            if marked or empty:
                out.append(_base36(empty if marked else empty + 17))
            marked, empty = True, 0
            continue
        empty += 1
        if empty == (17 if marked else 18):
            out.append(_base36(empty if marked else empty + 17))
            marked, empty = False, 0
    if marked or empty:
        out.append(_base36(empty if marked else empty + 17))
    return "".join(out)


def write_bits(values: Sequence[bool]) -> str:
    """The `bits` text: five cells to a base-32 digit."""
    return _write_bits(values, 5)


def _write_bits(values: Sequence[bool], per: int) -> str:
    out = []
    for k in range(0, len(values), per):
        chunk = list(values[k:k + per]) + [False] * (per - len(values[k:k + per]))
        out.append(_base36(sum(1 << (per - 1 - b) for b, bit in enumerate(chunk) if bit)))
    return "".join(out)
