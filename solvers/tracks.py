"""Tracks (Train Tracks): text forms, rules, decoding, verification.

Rules: lay one railway line through cell centres of a width x height grid, from the
entrance A on the left edge (in row `entrance`) to the exit B on the bottom edge (in column
`exit`); both are structure (`params`), as in Tatham's game ID. Every cell is empty or one
of six pieces: a straight ("UD", "LR") or a corner ("DR", "DL", "UR", "UL"). The line
(1) is a single path from A to B: it never branches, crosses itself, dead-ends, leaves the
    grid elsewhere, or closes a loop, and no track lies off it;
(2) each row and column holds as many track cells as its count says;
(3) a given cell holds its given piece.
The clues are the counts (Tatham gives them all; a stripped puzzle may leave some out) and
the given pieces. A piece is named by the directions it leaves its cell by, in "UDLR" order;
the entrance cell's piece includes L and the exit cell's D.

The primary variables are the edges between neighbouring cells. Each cell has degree 0 or
2 (the edge through A or B counts, as a constant true), a track literal equal to "some edge
used", and one literal per possible piece equal to "both of its edges used": a given piece
is that literal. A count clue is an "exactly n" literal of a counter over the line's track
literals. A candidate model is the A-to-B path plus perhaps some closed loops; the loops go
in lazily through `cuts`. Two consequences of the one-line rule are stated up front, as they
cost little CNF and spare cuts: no loop around a 2x2, 2x3 or 3x2 block, and the parity of
the line's crossings of every straight cut between rows or columns.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    Clause,
    CluePuzzle,
    CpModel,
    Exactly,
    Instance,
    PuzzleError,
    Rules,
    Speed,
    at_place,
    known_key,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import answer_body, read_grid
from ..lab.toolkit.cellgrid import tatham_grid_size
from ..lab.toolkit.codecs import MethodCodec, TathamCodec
from ..lab.toolkit.counting import exact_counts
from ..lab.toolkit.framed import board_with_sides, clue_number, side_lists, tatham_least
from ..lab.toolkit.paths import Edge, degree_two_edge_sets, find, joined, numbered_edges
from ..lab.toolkit.symmetry import Symmetry
from ..lab.toolkit.tatham import GameId, tatham_cells, tatham_encode
from ..lab.toolkit.textgrid import (
    JsonObject,
    Token,
    array_rows,
    count_cells,
    json_shown,
    line_tokens,
    numbered_lines,
    rectangular,
)

if TYPE_CHECKING:
    from typing_extensions import TypeIs

Cell = tuple[int, int]
Key = tuple[str, int] | Cell  # ("row", r) / ("col", c) for a count, (r, c) for a given piece
Track = tuple[tuple[str, ...], ...]  # every cell's piece ("" empty), directions in "UDLR" order
# Size limit: Tatham's largest preset is 15x15, where a check takes a tenth of a second; at
# 20x20 a generated puzzle checks in 1-5 s, a board of counts alone in up to half a minute
# (the one-line rule goes in as cuts), and at 30x30 a generated one took 23 s (2026-11-24).
SIZE = BoardLimit(20, 20, 2, 2)
EARLY = SIZE.early("tracks")  # the readers' size check, before any cell is read
TATHAM_LEAST = 4  # Tatham's Tracks refuses smaller boards (validate_params)
ENUMERATE_MOST = 30  # cells: `candidates` refuses larger boards
UNKNOWN = "?"  # a count left out

DIRS = "UDLR"
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
PIECES = ("UD", "LR", "DR", "DL", "UR", "UL")
BOX = {"": ".", "UD": "│", "LR": "─", "DR": "┌", "DL": "┐", "UR": "└", "UL": "┘"}
# Every way a cell may be written: box drawing (light and heavy), the ASCII pipes of
# Advent of Code (F 7 L J | -), direction pairs in any order, and a blank.
CELL_SPELLINGS: dict[str, str] = {".": "", "_": "", "0": ""}
for _piece, _chars in {"UD": "│┃|", "LR": "─━-", "DR": "┌┏F", "DL": "┐┓7", "UR": "└┗L", "UL": "┘┛J"}.items():
    for _ch in _chars:
        CELL_SPELLINGS[_ch] = _piece
    for _pair in (_piece, _piece[::-1]):
        CELL_SPELLINGS.setdefault(_pair, _piece)
        CELL_SPELLINGS.setdefault(_pair.lower(), _piece)
# Box-drawing pieces as letters, and blanks, each a token of its own (see `Tracks._unmarked`).
BOX_LETTERS = str.maketrans({ch: f" {piece or ch} " for ch, piece in CELL_SPELLINGS.items()
                             if ch == "." or len(ch) == 1 and ord(ch) > 127})
# Seed 000's solved cell: the cell's glyph and what joins it to the right; its pieces as
# given are direction pairs in U, L, D, R order ('LD', 'UL').
SEED_GLYPHS = {"": "  ", "UD": "┃ ", "LR": "━━", "DR": "┏━", "UR": "┗━", "DL": "━┒", "UL": "━┛"}
SEED_ORDER = "ULDR"
# Tatham's direction bits (tracks.c): a given piece is the hex digit of its bits.
BITS = {"R": 1, "U": 2, "L": 4, "D": 8}
HEX = "0123456789ABCDEF"


def shape(dirs: Iterable[str]) -> str:
    """Canonical spelling of a set of directions."""
    got = set(dirs)
    return "".join(d for d in DIRS if d in got)


def step(cell: Cell, d: str) -> Cell:
    dr, dc = STEP[d]
    return cell[0] + dr, cell[1] + dc


def piece_hex(piece: str) -> str:
    return HEX[sum(BITS[d] for d in piece)]


HEX_PIECES = {piece_hex(p): p for p in PIECES}


@dataclass(frozen=True)
class TracksParams:
    """A width x height board, the entrance's row (on the left edge) and the exit's column
    (on the bottom edge), both from 0."""

    width: int
    height: int
    entrance: int
    exit: int

    def __post_init__(self) -> None:
        SIZE.check("tracks", self.width, self.height)
        if not 0 <= self.entrance < self.height:
            raise PuzzleError(f"the entrance is in row {self.entrance + 1}: the board has {self.height} rows")
        if not 0 <= self.exit < self.width:
            raise PuzzleError(f"the exit is in column {self.exit + 1}: the board has {self.width} columns")

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.height) for c in range(self.width)]

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def ends(self, cell: Cell) -> str:
        """The directions in which the line leaves the grid at `cell`: L at A, D at B."""
        out = "L" if cell == (self.entrance, 0) else ""
        return out + ("D" if cell == (self.height - 1, self.exit) else "")

    def open(self, cell: Cell, d: str) -> bool:
        """May the line leave `cell` going `d` (to a neighbour, or out at A or B)?"""
        return self.inside(step(cell, d)) or d in self.ends(cell)

    def edges(self) -> list[tuple[Cell, Cell]]:
        """Every edge between two cells once, as (cell, its right or lower neighbour)."""
        return [(cell, step(cell, d)) for cell in self.cells() for d in "RD" if self.inside(step(cell, d))]

    @property
    def entrance_cell(self) -> Cell:
        return self.entrance, 0

    @property
    def exit_cell(self) -> Cell:
        return self.height - 1, self.exit


def count_keys(params: TracksParams) -> list[tuple[str, int]]:
    """Every count, in Tatham's order: the columns, then the rows."""
    return [("col", c) for c in range(params.width)] + [("row", r) for r in range(params.height)]


def line_cells(params: TracksParams, key: tuple[str, int]) -> list[Cell]:
    kind, i = key
    if kind == "row":
        return [(i, c) for c in range(params.width)]
    return [(r, i) for r in range(params.height)]


def is_count(key: Any) -> TypeIs[tuple[str, int]]:
    return isinstance(key, tuple) and len(key) == 2 and key[0] in ("row", "col")


def counts_of(params: TracksParams, track: Track) -> dict[tuple[str, int], int]:
    """The row and column counts of a laid track."""
    return {key: sum(1 for r, c in line_cells(params, key) if track[r][c]) for key in count_keys(params)}


def follow(params: TracksParams, track: Track, start: Cell, came: str | None) -> list[Cell]:
    """The cells met walking along the track from `start`, having come in by `came` (None:
    leave by the piece's first direction), until the line stops, leaves the grid or comes
    back to `start`. Plain Python, for `verify` and `cuts`."""
    path, cell = [start], start
    seen = {start}
    while True:
        out = [d for d in track[cell[0]][cell[1]] if d != came]
        if not out:
            return path
        nxt = step(cell, out[0])
        if not params.inside(nxt) or nxt in seen or OPPOSITE[out[0]] not in track[nxt[0]][nxt[1]]:
            return path
        path.append(nxt)
        seen.add(nxt)
        cell, came = nxt, OPPOSITE[out[0]]


def loops_of(params: TracksParams, track: Track) -> list[list[Cell]]:
    """The track cells off the line from A, in pieces (each a walk from its first cell):
    on a well-formed candidate, the closed loops."""
    main = set(follow(params, track, params.entrance_cell, "L"))
    seen = set(main)
    pieces = []
    for cell in params.cells():
        if cell not in seen and track[cell[0]][cell[1]]:
            piece = follow(params, track, cell, None)
            seen.update(piece)
            pieces.append(piece)
    return pieces


def check_count(params: TracksParams, key: Any, value: Any) -> None:
    """Refuse a count clue for no line of the board, or a value that is no count for it."""
    if not known_key(key, count_keys(params)):
        raise PuzzleError(f"clue {quote(key)} is not a row or column of the {params.width}x{params.height} board")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= len(line_cells(params, key)):
        raise PuzzleError(f"count {quote(value)} for {key[0]} {key[1] + 1} is not a number of its cells")


def check_piece(params: TracksParams, key: Any, value: Any) -> None:
    """Refuse a piece clue off the board, or one that is not one of the six pieces."""
    if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(k, int) for k in key)
            and params.inside(key)):
        raise PuzzleError(f"clue {quote(key)} is not a cell of the {params.width}x{params.height} board")
    if value not in PIECES:
        raise PuzzleError(f"clue {quote(value)} at r{key[0] + 1}c{key[1] + 1} is not a piece "
                          f"(one of {', '.join(PIECES)})")


def cell_piece(t: Token) -> str:
    """A cell as written (see CELL_SPELLINGS): its piece, or '' for empty."""
    if t.text not in CELL_SPELLINGS:
        raise PuzzleError(f"bad cell {quote(t.text)} (a piece like ┐, 7 or DL; . for empty)", t.line, t.column)
    return CELL_SPELLINGS[t.text]


def answer_piece(token: str) -> str:
    """A cell of an answer: a spelling of CELL_SPELLINGS, or two directions in any order and
    case; '' for empty."""
    if token in CELL_SPELLINGS:
        return CELL_SPELLINGS[token]
    letters = token.upper()
    if len(letters) == 2 and letters[0] != letters[1] and set(letters) <= set(DIRS):
        return shape(letters)
    raise ValueError("not a piece: two of U D L R, or . for no track")


def count_token(t: Token, most: int) -> int | None:
    """A count as written: a number from 0 to `most`, or '?' for a count left out."""
    value = clue_number(t.text, "count", t.line, t.column)
    if value is not None and value > most:
        raise PuzzleError(f"count {value} is more than the {most} cells of its line", t.line, t.column)
    return value


@dataclass
class TracksVars:
    """The SAT literals of one board's rules."""

    edge: dict[tuple[Cell, str], int]  # (cell, direction) -> edge literal (the constant true at A and B)
    track: list[list[int]]  # track[r][c]: the cell holds track
    piece: dict[tuple[Cell, str], int]  # (cell, piece) -> "the cell holds this piece"
    eq: dict[tuple[str, int], list[int]]  # eq[key][n]: the line holds n track cells
    true: int
    graph: Graph | None = None  # the board as numbers for the lazy rules, made once


class Tracks(CluePuzzle[TracksParams, Key, Track]):
    name = "tracks"
    # cacheable: every clue is a literal built with the rules
    speed = Speed(rules_cacheable=True)
    aliases = ("train-tracks", "railway")
    title = "Tracks (Train Tracks)"
    rules_text = ("Lay one track from A on the left edge to B on the bottom edge, each cell empty or a straight "
                  "or corner piece, no loops: each row and column has its count of track cells, given pieces stay.")
    tatham_game = "tracks"
    codecs = (MethodCodec("text", solutions=True, solution_writer="write_text"),
              MethodCodec("array", order=20, pattern=r"\[", solutions=True),
              TathamCodec(), MethodCodec("json", order=0, pattern=r"\A\{", solutions=True))  # JSON keeps ┌ as it is
    size = SIZE
    example = "  3 3 4 3\n  . . . . 2\nA . ┌ . . 4\n  . . . . 4\n  . . . . 3\n  . . B ."

    # ---- reading ------------------------------------------------------------------
    def _instance(self, rows: list[list[Token]], row_counts: list[Token], col_counts: list[Token],
                  entrance: int, exit: int, line: int | None = None) -> Instance:
        """Cells as tokens (see CELL_SPELLINGS), counts as tokens ('?' none), A's row and B's
        column (from 0)."""
        width, height = len(col_counts), len(rows)
        with at_place(line):
            params = TracksParams(width, height, entrance, exit)
        clues: dict[Key, Any] = {}
        for r, row in enumerate(rows):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, expected {width}",
                                  row[0].line if row else line)
            for c, t in enumerate(row):
                piece = cell_piece(t)
                if piece:
                    clues[(r, c)] = piece
        if len(row_counts) != height:
            where = row_counts[-1] if row_counts else None
            raise PuzzleError(f"{len(row_counts)} row counts, expected {height}", where.line if where else line)
        for kind, tokens in (("col", col_counts), ("row", row_counts)):
            for i, t in enumerate(tokens):
                value = count_token(t, height if kind == "col" else width)
                if value is not None:
                    clues[(kind, i)] = value
        return Instance(self.name, params, clues)

    def read_text(self, text: str) -> Instance:
        """The column counts; then each row: 'A' before the entrance's row, its cells, its
        count; last, a line with 'B' under the exit's column and '.' elsewhere."""
        numbered = numbered_lines(text)
        if numbered:  # the column counts, and the rows between them and the exit's line
            EARLY(count_cells(numbered[0][1], chars=False), len(numbered) - 2, numbered[0][0])
        lines = [(n, line_tokens(line, n)) for n, line in numbered]
        if len(lines) < 3:
            raise PuzzleError("expected a line of column counts, the rows (A before the entrance's row, "
                              "each row's count after it), then a line with B under the exit",
                              lines[0][0] if lines else None)
        cols = lines[0][1]
        width = len(cols)
        rows, row_counts, entrance = [], [], None
        for r, (n, tokens) in enumerate(lines[1:-1]):
            if len(tokens) == width + 2:
                if tokens[0].text not in ("A", "."):
                    raise PuzzleError(f"{quote(tokens[0].text)} before the row: only A (the entrance) stands there",
                                      n, tokens[0].column)
                if tokens[0].text == "A":
                    if entrance is not None:
                        raise PuzzleError("a second entrance A: the track has one", n, tokens[0].column)
                    entrance = r
                tokens = tokens[1:]
            elif len(tokens) != width + 1:
                raise PuzzleError(f"a row is its {width} cells and its count: found {len(tokens)} words", n)
            rows.append(tokens[:-1])
            row_counts.append(tokens[-1])
        if entrance is None:
            raise PuzzleError("no entrance: write A before the first cell of the entrance's row", lines[1][0])
        n, last = lines[-1]
        exits = [i for i, t in enumerate(last) if t.text == "B"]
        if len(last) != width or len(exits) != 1 or any(t.text not in ("B", ".") for t in last):
            raise PuzzleError(f"the last line marks the exit: {width} words, B under the exit's column and . "
                              "under the others", n)
        return self._instance(rows, row_counts, cols, entrance, exits[0], lines[0][0])

    def read_array(self, text: str) -> Instance:
        """Seed 000's arrays: `board = np.array([...])` of pieces ('LD', 'UR', '  ' empty),
        then `side` (row counts) and `top` (column counts), None for a count left out. The
        entrance is the given piece in the first column that goes L, the exit the one in the
        bottom row that goes D: the seed gives both."""
        sides, text = side_lists(text, ("side", "top"))
        rows = array_rows(text, EARLY)
        if not rows or not len(rows[0]):
            raise PuzzleError("empty array")
        rectangular(rows, numbered=True)
        cells = [[Token(e.value.strip() or "." if isinstance(e.value, str) else quote(e.value), e.line, e.column)
                  for e in row] for row in rows]
        pieces = [[cell_piece(t) for t in row] for row in cells]
        entrance = [r for r in range(len(cells)) if "L" in pieces[r][0]]
        exit = [c for c in range(len(pieces[-1])) if "D" in pieces[-1][c]]
        if len(entrance) != 1 or len(exit) != 1:
            raise PuzzleError("the array must give the entrance's piece (first column, going L) and the exit's "
                              "(bottom row, going D), one each", rows[0].line)
        sides["top"].expect(len(cells[0]))
        side, top = ([Token(UNKNOWN if v is None else str(v) if isinstance(v, int) and not isinstance(v, bool)
                            else quote(v), got.line, got.column) for v in got.values] for got in sides.values())
        return self._instance(cells, side, top, entrance[0], exit[0], rows[0].line)

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH[dX][o]:grid,counts` (tracks.c, new_game): a letter a..z is a run of 1..26 empty
        cells, a hex digit a given piece (bits R=1, U=2, L=4, D=8; 0 an empty cell); then the
        column counts and the row counts, each after a comma, 'S' before the exit's column
        count and before the entrance's row count."""
        width, height = tatham_grid_size(self, game, r"(?:d[a-z]?)?o?", "8x8, 8x8dt or 10x10dho", EARLY)
        tatham_least("Tracks", TATHAM_LEAST, width, height, game.line, game.column)
        grid, comma, numbers = game.desc.partition(",")
        for i, ch in enumerate(grid):
            if ch in HEX and ch != "0" and ch not in HEX_PIECES:
                raise PuzzleError(f"{quote(ch)} is not a piece: a given piece has two directions", *game.at(i))
        flat = tatham_cells(replace(game, desc=grid), width * height, {**HEX_PIECES, "0": ""}, "")
        rows = [[Token(str(flat[r * width + c]) or ".", game.line, game.desc_column) for c in range(width)]
                for r in range(height)]
        tokens, marked = self._tatham_numbers(game, numbers if comma else None, len(grid) + 1, width + height)
        col_s = [i for i in marked if i < width]
        row_s = [i - width for i in marked if i >= width]
        if len(col_s) != 1 or len(row_s) != 1:
            raise PuzzleError("the counts must mark one exit column and one entrance row with S",
                              *game.at(len(game.desc)))
        return self._instance(rows, tokens[width:], tokens[:width], row_s[0], col_s[0], game.line)

    @staticmethod
    def _tatham_numbers(game: GameId, numbers: str | None, offset: int, want: int) -> tuple[list[Token], list[int]]:
        """The counts after the grid, and which of them carry an 'S'."""
        if numbers is None:
            raise PuzzleError("not enough numbers after the grid: expected the column counts, then the row counts",
                              *game.at(len(game.desc)))
        parts = numbers.split(",")
        tokens, marked = [], []
        for i, part in enumerate(parts):
            if part.startswith("S"):
                marked.append(i)
                part, offset = part[1:], offset + 1
            if part and not (part.isascii() and part.isdecimal()):
                raise PuzzleError(f"bad count {quote(part)} in the number list", *game.at(offset))
            tokens.append(Token(part or "0", *game.at(offset)))  # Tatham reads an empty number as 0
            offset += len(part) + 1
        if len(tokens) != want:
            raise PuzzleError(f"{len(tokens)} counts after the grid, expected {want} (the columns, then the rows)",
                              *game.at(len(game.desc)))
        return tokens, marked

    def read_json(self, text: str) -> Instance:
        """`grid`: rows of pieces and .; `rows` and `cols`: a count a line (null: none);
        `entrance` (A's row) and `exit` (B's column), both from 1; `width` and `height`, when
        given, the grid's."""
        doc = JsonObject(text, self.name, ("width", "height", "entrance", "exit", "grid", "rows", "cols"),
                         self.aliases)
        rows = [[Token(str(v), None, None) for v in row] for row in doc.board("grid", EARLY)]
        entrance, exit = doc.integer("entrance", low=1), doc.integer("exit", low=1)

        def tokens(key: str) -> list[Token]:
            out = []
            for v in doc.array(key, what="counts, a number or null each"):
                if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
                    raise doc.error(key, f"has {json_shown(v)}: a count is a number, or null")
                out.append(Token(UNKNOWN if v is None else str(v), *doc.where(key)))
            return out

        return self._instance(rows, tokens("rows"), tokens("cols"), entrance - 1, exit - 1)

    # ---- writing ------------------------------------------------------------------
    def pieces(self, inst: Instance, solution: Track | None = None) -> list[list[str]]:
        """Every cell's piece: the givens, or the solution's."""
        p = inst.params
        if solution is not None:
            return [list(row) for row in solution]
        return [[inst.clues.get((r, c), "") for c in range(p.width)] for r in range(p.height)]

    def count_list(self, inst: Instance, kind: str) -> list[int | None]:
        size = inst.params.height if kind == "row" else inst.params.width
        return [inst.clues.get((kind, i)) for i in range(size)]

    def write_json(self, inst: Instance) -> str:
        p = inst.params
        return json.dumps({"puzzle": self.name, "width": p.width, "height": p.height,
                           "entrance": p.entrance + 1, "exit": p.exit + 1,
                           "grid": ["".join(BOX[s] for s in row) for row in self.pieces(inst)],
                           "rows": self.count_list(inst, "row"), "cols": self.count_list(inst, "col")},
                          ensure_ascii=False)

    def write_json_solution(self, inst: Instance, solution: Track) -> str:
        return json.dumps({"puzzle": self.name, **self.solution_json(inst, solution)}, ensure_ascii=False)

    def write_text(self, inst: Instance, solution: Track | None = None) -> str:
        p = inst.params
        rows, cols = self.count_list(inst, "row"), self.count_list(inst, "col")
        shown = [UNKNOWN if n is None else str(n) for n in cols]
        cw = max(len(s) for s in shown)
        out = ["  " + " ".join(s.rjust(cw) for s in shown)]
        for r, row in enumerate(self.pieces(inst, solution)):
            count = UNKNOWN if rows[r] is None else str(rows[r])
            out.append(("A " if r == p.entrance else "  ") + " ".join(BOX[s].rjust(cw) for s in row) + " " + count)
        out.append("  " + " ".join(("B" if c == p.exit else ".").rjust(cw) for c in range(p.width)))
        return "\n".join(out)

    def write_array(self, inst: Instance) -> str:
        p = inst.params
        given = self.pieces(inst)
        if "L" not in given[p.entrance][0] or "D" not in given[p.height - 1][p.exit]:
            raise PuzzleError("the seed's array marks A and B by their given pieces: this board does not give "
                              "the entrance's or the exit's piece (use text, tatham or json)")
        return board_with_sides(([seed_piece(s) for s in row] for row in given),
                                {"side": self.count_list(inst, "row"), "top": self.count_list(inst, "col")})

    def write_array_solution(self, inst: Instance, solution: Track) -> str:
        """Seed 000's solved glyphs."""
        return "[" + "\n ".join("[" + " ".join(repr(SEED_GLYPHS[s]) for s in row) + "]" for row in solution) + "]"

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        tatham_least("Tracks", TATHAM_LEAST, p.width, p.height)
        cols, rows = self.count_list(inst, "col"), self.count_list(inst, "row")
        if None in cols or None in rows:
            raise PuzzleError("Tatham's Tracks gives every row and column count: a board with counts left out "
                              "has no game ID")
        grid = tatham_encode((piece_hex(s) if s else "" for row in self.pieces(inst) for s in row), "")
        numbers = [f",{'S' if c == p.exit else ''}{n}" for c, n in enumerate(cols)]
        numbers += [f",{'S' if r == p.entrance else ''}{n}" for r, n in enumerate(rows)]
        return f"{p.width}x{p.height}:{grid}{''.join(numbers)}"

    def solution_json(self, inst: Instance, solution: Track) -> dict:
        return {"pieces": [list(row) for row in solution],
                "grid": ["".join(BOX[s] for s in row) for row in solution]}

    # ---- for language models ------------------------------------------------------------
    board_legend = ("the first line gives how many track cells each column has; each row after it is its cells "
                    "and then how many track cells it has, with `A` before the row where the track enters from "
                    "the left edge; the last line has `B` under the column where the track leaves by the bottom "
                    "edge; `?` is a count not given, `.` a cell, and │ ─ ┌ ┐ └ ┘ track pieces given")
    answer_format = ("the grid without the counts, A or B: one row per line, its cells separated by single spaces, "
                     "each `.` for no track or the two letters of the directions its track leaves the cell by, of "
                     "U (up), D (down), L (left), R (right), in the order UDLR, e.g. `DR` for a corner joining the "
                     "cells below and right of it, `LR` for a straight across; the track leaves A's cell by L and "
                     "B's cell by D")

    def answer_text(self, inst: Instance, solution: Track) -> str:
        return "\n".join(" ".join(piece or "." for piece in row) for row in solution)

    def read_answer(self, inst: Instance, text: str) -> Track:
        """Pieces as letters in any order and case or in box drawing, `.` for none; the board
        copied out with its counts, A and B is read too (they are dropped)."""
        p = inst.params
        grid = read_grid(self._unmarked(answer_body(text), p.width), p.height, p.width, answer_piece, "piece")
        return tuple(tuple(row) for row in grid)

    @staticmethod
    def _unmarked(body: str, width: int) -> str:
        """The answer without what a copy of the board adds to the grid: `A` before a row,
        a count after it, and the line marking B (the column counts above the rows are a
        line `read_grid` passes over, as the last rows are taken); box-drawing pieces and
        blanks as cells of their own even when run together with A and a count (`A ┐┌┘│ 4`),
        so that those are found."""
        lines = []
        for line in body.split("\n"):
            tokens = [t for t in re.split(r"[\s,;|]+", line.translate(BOX_LETTERS).strip()) if t]
            if len(tokens) in (width + 1, width + 2) and tokens[0].upper() == "A":
                tokens = tokens[1:]
            if len(tokens) == width + 1 and (tokens[-1].isdigit() or tokens[-1] == UNKNOWN):
                tokens = tokens[:-1]
            if sorted(t.upper() for t in tokens) == ["."] * (width - 1) + ["B"]:
                tokens = []
            lines.append(" ".join(tokens))
        return "\n".join(lines)

    def canonical(self, inst: Instance) -> str:
        """The same text for a board and its mirror image in the line from the bottom-left
        corner to the top-right: the one symmetry that keeps A on the left edge and B on the
        bottom edge (it swaps them, and the rows with the columns; the line from A to B is the
        same line read backwards). Any other turn or mirror takes A or B off its edge."""
        return min(self.format(inst, "text"), self.format(self.across(inst), "text"))

    def across(self, inst: Instance) -> Instance:
        """The board mirrored in the line from the bottom-left corner to the top-right: cell
        (r, c) goes to (width - 1 - c, height - 1 - r), row counts become column counts, A's
        row becomes B's column and B's column A's row."""
        p = inst.params
        sym = Symmetry(p.height, p.width, transposes=True, flip_rows=True, flip_cols=True)
        moved = TracksParams(p.height, p.width, sym.cell(p.height - 1, p.exit)[0], sym.cell(p.entrance, 0)[1])
        clues: dict[Key, Any] = {}
        for key, value in inst.clues.items():
            if is_count(key):
                clues[sym.line(*key)[:2]] = value
            else:
                clues[sym.cell(*key)] = shape(sym.direction(d) for d in value)
        return Instance(self.name, moved, clues)

    def describe_clue(self, key: Key, value: Any) -> str:
        if is_count(key):
            return f"{'row' if key[0] == 'row' else 'column'} {key[1] + 1}={value}"
        return f"r{key[0] + 1}c{key[1] + 1}={value}"

    def clue_json(self, key: Key, value: Any) -> dict:
        if is_count(key):
            return {"row" if key[0] == "row" else "col": key[1] + 1, "track": value}
        return {"row": key[0] + 1, "col": key[1] + 1, "piece": value}

    def differences(self, a: Track, b: Track) -> list[str]:
        return [f"r{r + 1}c{c + 1}: {x or 'empty'} vs {y or 'empty'}"
                for r, (ra, rb) in enumerate(zip(a, b)) for c, (x, y) in enumerate(zip(ra, rb)) if x != y]

    def show_text(self, inst: Instance) -> str:
        """Given pieces as box drawing, the column counts on top, the row counts on the left,
        A and B marked beside the grid."""
        from ..lab.face.share import box_grid

        p = inst.params
        cells = [[BOX[s] if s else "·" for s in row] for row in self.pieces(inst)]
        top = [[UNKNOWN if n is None else str(n)] for n in self.count_list(inst, "col")]
        left = [("A " if r == p.entrance else "") + (UNKNOWN if n is None else str(n))
                for r, n in enumerate(self.count_list(inst, "row"))]
        grid = box_grid(cells, top=top, left=left)
        bottom = grid.splitlines()[-1]
        start = bottom.index("┗")
        per = (len(bottom) - start - 1) // p.width  # a cell and the line after it
        return grid + "\n" + " " * (start + 1 + per * p.exit + (per - 1) // 2) + "B"

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Track | None = None) -> None:
        """As Tatham's Tracks: column counts above the grid, row counts to its right, A left
        of the entrance and B under the exit; track as two rails on sleepers, given pieces
        in black and the rest of a solution in dark grey; grid lines that print, lighter
        and thinner than the rails."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        laid = self.pieces(inst, solution)
        for r in range(p.height):
            for c in range(p.width):
                if laid[r][c]:
                    board.shade(r, c, "#e8e8e0")
                    rails(board, r, c, laid[r][c], "black" if (r, c) in inst.clues else SOLVED_RAIL)
        grid_lines(board)
        board.row_clues([["" if n is None else n] for n in self.count_list(inst, "row")], side="right")
        board.column_clues([["" if n is None else n] for n in self.count_list(inst, "col")], side="top")
        board.row_clues([["A"] if r == p.entrance else [] for r in range(p.height)], side="left")
        board.column_clues([["B"] if c == p.exit else [] for c in range(p.width)], side="bottom")

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: TracksParams, pool: IDPool) -> Rules:
        """With the counters, without the cut parities: as clauses they made Tatham's Hard
        technique (the line crosses a cut an odd or even number of times) unit propagation,
        and his Hard boards graded with his Tricky ones (rho 0.82/0.79 over 180 a grade;
        0.84/0.84 without). The stripping loop runs as fast without them (0.97x, noise)."""
        return self._rules(params, pool, counters=True)

    def one_shot_rules(self, params: TracksParams, pool: IDPool) -> Rules:
        """Without the counters: a one-shot session takes the counts natively (`clue_counts`)."""
        return self._rules(params, pool, counters=False)

    def _rules(self, params: TracksParams, pool: IDPool, counters: bool) -> Rules:
        """Degree 0 or 2 everywhere, the track and piece literals defined both ways, no small
        loop and, without `counters`, the cut parities (cheap parts of the one-line rule, so
        fewer cuts are needed);
        with `counters`, a unary counter per line whose "exactly n" literals are the count
        clues."""
        edges = params.edges()
        first = variable_block(pool, len(edges))
        true = pool.id(("tracks", "true"))
        clauses: list[Clause] = [[true]]
        edge: dict[tuple[Cell, str], int] = {}
        for i, (a, b) in enumerate(edges):
            d = "R" if a[0] == b[0] else "D"
            edge[(a, d)] = edge[(b, OPPOSITE[d])] = first + i
        for cell in (params.entrance_cell, params.exit_cell):
            for d in params.ends(cell):
                edge[(cell, d)] = true
        track = [[0] * params.width for _ in range(params.height)]
        piece: dict[tuple[Cell, str], int] = {}
        for cell in params.cells():
            around = [edge[(cell, d)] for d in DIRS if (cell, d) in edge]
            for i, e in enumerate(around):  # degree is never 1 (A and B's cell may have `true` twice) ...
                clauses.append([-e] + around[:i] + around[i + 1:])
            for trio in combinations(around, 3):  # ... nor 3 or 4
                clauses.append([-e for e in trio])
            t = track[cell[0]][cell[1]] = pool.id(("track", cell))
            clauses.append([-t] + around)
            clauses += [[-e, t] for e in around]
            # ... and a track cell has two: implied, but without it a track cell with two
            # edges ruled out took a failed literal to use the other two (Tatham's easiest rule)
            clauses += [[-t] + around[:i] + around[i + 1:] for i in range(len(around))]
            for s in PIECES:
                piece[(cell, s)] = self._piece_literal(pool, clauses, edge, cell, s, true)
        clauses += [[-lit for lit in ring] for ring in small_rings(params, edge)]
        if not counters:  # (not in the rules the grade and the stripping loop share: below)
            for crossing, odd in cut_parities(params, edge):
                clauses += xor_chain(pool, crossing, odd)
        eq = {key: exact_counts(pool, [track[r][c] for r, c in line_cells(params, key)], clauses, -true,
                                len(line_cells(params, key))) for key in count_keys(params)} if counters else {}
        return Rules(clauses, list(range(first, first + len(edges))), TracksVars(edge, track, piece, eq, true))

    @staticmethod
    def _piece_literal(pool: IDPool, clauses: list[Clause], edge: dict[tuple[Cell, str], int], cell: Cell,
                       s: str, true: int) -> int:
        """A literal equal to "`cell` holds piece `s`" (both its edges used; the degree rule
        does the rest): the false constant if an edge leaves the grid, the other edge alone
        if one is the constant true at A or B."""
        ends = [edge.get((cell, d)) for d in s]
        inside = [e for e in ends if e is not None]
        if len(inside) < len(ends):
            return -true
        lits = [e for e in inside if e != true]
        if len(lits) < 2:
            return lits[0] if lits else true
        p = pool.id(("piece", cell, s))
        clauses += [[-p, lits[0]], [-p, lits[1]], [p, -lits[0], -lits[1]]]
        return p

    def clue_clauses(self, params: TracksParams, rules: Rules, key: Key, value: Any) -> list[Clause]:
        data: TracksVars = rules.data
        if is_count(key):
            check_count(params, key, value)
            return [[data.eq[key][value]]]  # type: ignore[index]
        check_piece(params, key, value)
        return [[data.piece[(key, value)]]]  # type: ignore[index]

    def clue_counts(self, params: TracksParams, rules: Rules, key: Key, value: Any) -> list[Exactly] | None:
        if not is_count(key):
            return None
        check_count(params, key, value)
        track = rules.data.track
        return [Exactly(tuple(track[r][c] for r, c in line_cells(params, key)), value)]  # type: ignore[arg-type]

    def decode(self, params: TracksParams, rules: Rules, true_vars) -> Track:
        """Each cell's directions joined in DIRS order, which is `shape`'s spelling already
        (a solution is decoded at every solver call that finds one)."""
        edge = rules.data.edge
        true = rules.data.true
        return tuple(tuple("".join([d for d in DIRS if (lit := edge.get(((r, c), d))) is not None
                                    and (lit == true or lit in true_vars)])
                           for c in range(params.width)) for r in range(params.height))

    def solution_literals(self, params: TracksParams, rules: Rules, solution: Track) -> list[int]:
        first = rules.primary[0]
        lits = []
        for i, (a, b) in enumerate(params.edges()):
            d = "R" if a[0] == b[0] else "D"
            lits.append(first + i if d in solution[a[0]][a[1]] else -(first + i))
        return lits

    def cuts(self, params: TracksParams, rules: Rules, solution: Track, true_vars) -> list[Clause]:
        """One clause per cell of each closed loop in the candidate. Let S be a loop's cells:
        in a real solution, a track cell in S lies on the line from A, which starts outside
        S (A's cell is on the candidate's path, not in S), so the line crosses S's border:
        "cell not on the track, or some edge with one end in S is used". This holds for every
        board of these params; the candidate breaks it (a loop uses no border edge)."""
        data: TracksVars = rules.data
        out = []
        for loop in loops_of(params, solution):
            inside = set(loop)
            border = [data.edge[(cell, d)] for cell in loop for d in DIRS
                      if (cell, d) in data.edge and step(cell, d) not in inside]
            out += [[-data.track[r][c]] + border for r, c in loop]
        return out

    def dead_end(self, params: TracksParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """The grade's view of the lazy rules on a partial assignment: the edges already used
        close no loop (the line from A to B is one path), and every cell known to hold track
        still reaches A's cell through edges not ruled out. Once the local rules are stuck the
        grade asks this at every probe, so no literal is asked about twice."""
        graph = _graph(params, rules)
        return _closes_loop(graph, holds) or _cut_off(graph, holds)

    def lazy_units(self, params: TracksParams, rules: Rules, holds: Callable[[int], bool]) -> list[int]:
        """An edge not yet decided that would close a loop of used edges is not used; nor
        one that would join A's line to B's while a track cell lies on neither or a count
        is not yet met (the line would end too soon). Tatham's easiest Tracks check both."""
        n, entrance, exit_, edges, tracks = _graph(params, rules)[:5]
        used, _ = joined(n, edges, holds)
        open_edges = [(find(used, i), find(used, j), lit) for i, j, lit in edges if not holds(lit) and not holds(-lit)]
        if not open_edges:
            return []
        units = [-lit for a, b, lit in open_edges if a == b]
        ends = {find(used, entrance), find(used, exit_)}
        joining = [-lit for a, b, lit in open_edges if len(ends) == 2 and {a, b} == ends]
        if joining and (any(holds(t) and find(used, i) not in ends for i, t in tracks)
                        or _count_short(params, rules.data, holds)):
            units += joining
        return units

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Exact: AddCircuit over the cells and one node outside the grid, whose only arcs
        are into A's cell and out of B's, so the one circuit is the line from A to B; a
        self-loop arc skips a cell. Counts and pieces are linear constraints on the two
        arcs of each edge."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        index = {cell: i for i, cell in enumerate(p.cells())}
        outside = len(index)
        skip = {cell: model.new_bool_var(f"skip{cell}") for cell in p.cells()}
        arcs = [(index[cell], index[cell], lit) for cell, lit in skip.items()]
        arcs += [(outside, index[p.entrance_cell], model.new_constant(1)),
                 (index[p.exit_cell], outside, model.new_constant(1))]
        arc: dict[tuple[Cell, str], tuple[Any, Any]] = {}  # (cell, direction) -> the edge's two arcs
        variables = list(skip.values())
        for a, b in p.edges():
            ab, ba = model.new_bool_var(f"{a}>{b}"), model.new_bool_var(f"{b}>{a}")
            arcs += [(index[a], index[b], ab), (index[b], index[a], ba)]
            d = "R" if a[0] == b[0] else "D"
            arc[(a, d)] = arc[(b, OPPOSITE[d])] = (ab, ba)
            variables += [ab, ba]
        model.add_circuit(arcs)
        for key, value in inst.clues.items():
            if is_count(key):
                model.add(sum(1 - skip[cell] for cell in line_cells(p, key)) == value)  # type: ignore[arg-type]
            elif any(not p.open(key, d) for d in value):  # type: ignore[arg-type]
                model.add_bool_or([])  # a piece leading off the grid: no solution
            else:
                for d in value:
                    if (key, d) in arc:
                        model.add(sum(arc[(key, d)]) == 1)  # type: ignore[index]

        def decode(value) -> Track:
            def on(cell: Cell, d: str) -> bool:
                return d in p.ends(cell) or ((cell, d) in arc and any(value(v) for v in arc[(cell, d)]))

            return tuple(tuple(shape(d for d in DIRS if on((r, c), d)) for c in range(p.width))
                         for r in range(p.height))

        return CpModel(model, variables, decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: TracksParams) -> Iterator[Track]:
        """Every set of edges in which each cell has 0 or 2 of them, counting the edges out at
        A and B (the line from A to B and any closed loops; `verify` sorts out the rest)."""
        if params.width * params.height > ENUMERATE_MOST:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        start = {cell: set(params.ends(cell)) for cell in params.cells()}
        for grid in degree_two_edge_sets(params.cells(), params.edges(), start):
            yield tuple(tuple(shape(grid[(r, c)]) for c in range(params.width)) for r in range(params.height))

    def verify(self, inst: Instance, solution: Track) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.height} rows of {p.width} cells"]
        problems = self._joins(p, solution)
        if problems:
            return problems
        # joined up, the line from A can only end at B: what is not on it is closed loops
        for loop in loops_of(p, solution):
            problems.append(f"track off the line from A to B: a loop through r{loop[0][0] + 1}c{loop[0][1] + 1}")
        counted = counts_of(p, solution)
        for key, want in sorted(inst.clues.items(), key=str):
            if is_count(key):
                if counted[key] != want:  # type: ignore[index]
                    problems.append(f"{self.describe_clue(key, want).split('=')[0]} has {counted[key]} track "
                                    f"cells, the count says {want}")  # type: ignore[index]
            elif solution[key[0]][key[1]] != want:
                problems.append(f"r{key[0] + 1}c{key[1] + 1} holds {solution[key[0]][key[1]] or 'no track'}, "
                                f"the given piece is {want}")
        return problems

    @staticmethod
    def _joins(p: TracksParams, solution: Track) -> list[str]:
        """Every cell a piece or empty, and each piece joined to its neighbours (or to the
        outside at A and B only)."""
        problems = []
        for cell in p.cells():
            s = solution[cell[0]][cell[1]]
            name = f"r{cell[0] + 1}c{cell[1] + 1}"
            if not isinstance(s, str) or (s and s not in PIECES):
                problems.append(f"{name}: {quote(s)} is not a piece (one of {', '.join(PIECES)}) or empty")
                continue
            for d in p.ends(cell):
                if d not in s:
                    problems.append(f"{name}: the line does not {'enter at A' if d == 'L' else 'leave at B'}")
            for d in s:
                nxt = step(cell, d)
                if d in p.ends(cell):
                    continue
                if not p.inside(nxt):
                    problems.append(f"{name}: the line leaves the grid going {d}")
                elif OPPOSITE[d] not in solution[nxt[0]][nxt[1]]:
                    problems.append(f"{name}: the line goes {d} but r{nxt[0] + 1}c{nxt[1] + 1} does not join it")
        return problems


def small_rings(params: TracksParams, edge: dict[tuple[Cell, str], int]) -> list[list[int]]:
    """The edges of every loop around a 2x2, 2x3 or 3x2 block of cells: no solution closes
    one, and saying so up front spares most of the cuts."""
    rings = []
    for rows, cols in ((2, 2), (2, 3), (3, 2)):
        for r in range(params.height - rows + 1):
            for c in range(params.width - cols + 1):
                top = [edge[((r, c + j), "R")] for j in range(cols - 1)]
                bottom = [edge[((r + rows - 1, c + j), "R")] for j in range(cols - 1)]
                left = [edge[((r + i, c), "D")] for i in range(rows - 1)]
                right = [edge[((r + i, c + cols - 1), "D")] for i in range(rows - 1)]
                rings.append(top + bottom + left + right)
    return rings


def cut_parities(params: TracksParams, edge: dict[tuple[Cell, str], int]) -> list[tuple[list[int], bool]]:
    """The edges across each straight cut between two rows or two columns, and whether the
    line crosses it an odd number of times: it runs from A (left of every column cut, above
    the row cuts below its row) to B (below every row cut), so a row cut below A's row and
    a column cut left of B's column are crossed an odd number of times, the others an even
    number (a closed loop crosses every cut an even number of times)."""
    out = []
    for r in range(params.height - 1):
        out.append(([edge[((r, c), "D")] for c in range(params.width)], params.entrance <= r))
    for c in range(params.width - 1):
        out.append(([edge[((r, c), "R")] for r in range(params.height)], c < params.exit))
    return out


def xor_chain(pool: IDPool, lits: list[int], odd: bool) -> list[Clause]:
    """Clauses for "an odd (or even) number of `lits` are true": a chain of helper literals,
    each the XOR of the one before and the next literal."""
    clauses: list[Clause] = []
    acc = lits[0]
    for x in lits[1:]:
        y = pool.id()
        clauses += [[-y, acc, x], [-y, -acc, -x], [y, -acc, x], [y, acc, -x]]
        acc = y
    clauses.append([acc] if odd else [-acc])
    return clauses


def seed_piece(s: str) -> str:
    """A piece as seed 000's array gives it: directions in U, L, D, R order; '  ' empty."""
    return "".join(d for d in SEED_ORDER if d in s) or "  "


GRID_GREY = "0.55"  # the lines between cells: dark enough to print (0.75 at 0.6 pt faded out on paper) ...
GRID_WIDTH = 0.9  # points: ... and wide enough; still lighter and thinner than a rail
SOLVED_RAIL = "0.35"  # a rail a solution lays (given ones are black): darker than the grid
RAIL_WIDTH = 0.06  # cells


def grid_lines(board: Any) -> None:
    """The thin lines between cells in `GRID_GREY`, `GRID_WIDTH` points wide, and the thick
    border (`Board.grid` draws its thin lines in one width, too faint for Tracks on paper)."""
    from matplotlib.collections import LineCollection

    from ..lab.toolkit.draw import Z_GRID

    x, y, w, h = board.x, board.y, board.width, board.height
    segs = [[(x + i, y), (x + i, y + h)] for i in range(1, w)] + [[(x, y + j), (x + w, y + j)] for j in range(1, h)]
    board.ax.add_collection(LineCollection(segs, colors=[GRID_GREY], linewidths=GRID_WIDTH, zorder=Z_GRID),
                            autolim=False)
    board.grid(lines=False)


def rails(board: Any, r: int, c: int, piece: str, colour: str) -> None:
    """Tatham's track: two rails (straight, or quarter circles about the corner the piece
    turns round) over brown sleepers."""
    import numpy as np

    x, y = board.centre(r, c)
    sleeper, rail = "#806619", colour
    lw = RAIL_WIDTH
    if piece in ("LR", "UD"):
        for k in (-0.375, -0.125, 0.125, 0.375):
            a = [(x + k, y - 0.33), (x + k, y + 0.33)] if piece == "LR" else [(x - 0.33, y + k), (x + 0.33, y + k)]
            board.line([cell_of(board, *a[0]), cell_of(board, *a[1])], sleeper, 0.05, zorder=2.5)
        for k in (-1 / 6, 1 / 6):
            a = [(x - 0.5, y + k), (x + 0.5, y + k)] if piece == "LR" else [(x + k, y - 0.5), (x + k, y + 0.5)]
            board.line([cell_of(board, *a[0]), cell_of(board, *a[1])], rail, lw)
        return
    cx = x - 0.5 if "L" in piece else x + 0.5
    cy = y + 0.5 if "U" in piece else y - 0.5
    start = np.arctan2(y - cy, x - cx)
    angles = start + np.linspace(-np.pi / 4, np.pi / 4, 13)
    for k in angles[1::3]:
        inner, outer = (cx + np.cos(k) / 6, cy + np.sin(k) / 6), (cx + np.cos(k) * 5 / 6, cy + np.sin(k) * 5 / 6)
        board.line([cell_of(board, *inner), cell_of(board, *outer)], sleeper, 0.05, zorder=2.5)
    for radius in (1 / 3, 2 / 3):
        pts = [cell_of(board, cx + np.cos(k) * radius, cy + np.sin(k) * radius) for k in angles]
        board.line(pts, rail, lw)


def cell_of(board: Any, x: float, y: float) -> tuple[float, float]:
    """The (fractional) cell whose centre is the point (x, y): `Board.line` takes cells."""
    return board.y + board.height - 0.5 - y, x - board.x - 0.5


def _count_short(params: TracksParams, data: TracksVars, holds: Callable[[int], bool]) -> bool:
    """Does some line hold fewer known track cells than its count (as far as it is known)?"""
    for key, eq in data.eq.items():
        target = next((n for n, e in enumerate(eq) if holds(e)), None)
        if target is not None and sum(holds(data.track[r][c]) for r, c in line_cells(params, key)) < target:
            return True
    return False


class Graph(NamedTuple):
    """The board as numbers, for the lazy rules' checks (`dead_end`, `lazy_units`). Cells
    are numbered row by row, and a set of cells is also an int with a bit a cell, so that
    `dead_end` spreads over the board with a few shifts."""

    cells: int
    entrance: int  # A's cell
    exit: int  # B's cell
    edges: list[Edge]  # (cell, cell, the edge's literal)
    tracks: list[tuple[int, int]]  # (cell, its track literal)
    width: int
    ends: dict[int, tuple[int, int]]  # an edge's literal -> its two cells
    across: dict[int, int]  # "not used" of each edge to the right -> the bit of its left cell
    down: dict[int, int]  # "not used" of each edge down -> the bit of its upper cell
    across_all: int  # the bits of `across`: every edge to the right
    down_all: int
    everywhere: int  # every cell's bit
    track_at: dict[int, int]  # a cell's bit -> its track literal


def _graph(params: TracksParams, rules: Rules) -> Graph:
    """The board's `Graph`, built once per rules."""
    data: TracksVars = rules.data
    if data.graph is None:
        cells = params.cells()
        index, edges = numbered_edges(cells, params.edges(), data.edge)
        tracks = [(index[(r, c)], data.track[r][c]) for r, c in cells]
        down = {-lit: 1 << i for i, j, lit in edges if j == i + params.width}
        across = {-lit: 1 << i for i, j, lit in edges if -lit not in down}
        data.graph = Graph(len(cells), index[params.entrance_cell], index[params.exit_cell], edges, tracks,
                           params.width, {lit: (i, j) for i, j, lit in edges}, across, down,
                           sum(across.values()), sum(down.values()), (1 << len(cells)) - 1,
                           {1 << i: lit for i, lit in tracks})
    return data.graph


def _closes_loop(graph: Graph, holds: Callable[[int], bool]) -> bool:
    """Do the edges known used close a loop? A union-find over those edges alone (a few
    of the board's)."""
    root = list(range(graph.cells))
    for i, j in map(graph.ends.__getitem__, filter(holds, graph.ends)):
        ri, rj = find(root, i), find(root, j)
        if ri == rj:
            return True
        root[ri] = rj
    return False


def _cut_off(graph: Graph, holds: Callable[[int], bool]) -> bool:
    """Is a cell known to hold track out of reach of A's cell through the edges not ruled
    out? A flood fill on bit masks: each round takes the cells reached one step further
    through the open edges (the bit of an edge's left or upper cell), all at once."""
    across = graph.across_all - sum(map(graph.across.__getitem__, filter(holds, graph.across)))
    down = graph.down_all - sum(map(graph.down.__getitem__, filter(holds, graph.down)))
    w = graph.width
    reached, before = 1 << graph.entrance, 0
    while reached != before:
        before = reached
        reached |= (reached & across) << 1 | (reached >> 1) & across | (reached & down) << w | (reached >> w) & down
    missed = graph.everywhere & ~reached
    while missed:
        cell = missed & -missed  # the lowest bit left
        if holds(graph.track_at[cell]):
            return True
        missed ^= cell
    return False


PUZZLE = Tracks()
