"""Capture-only chess puzzles (Chess Ranger, Solo Chess, Chess Melee): shared rules,
text forms and an exact search.

Every move is a legal chess move that captures, and the puzzle ends with one piece left.
Pieces therefore only ever stand on the squares they start on, so a *position* is just
who stands on each starting square (kind, colour, moves made so far), and every capture
is a pair of starting squares. Pawns capture one square diagonally forward (white up the
board, black down) and never promote; ranger and solo boards are all one side (white).

The variants differ only in `Variant`: Solo limits each piece to two moves and keeps the
king to the end; Melee alternates colours, white first, each capturing the other colour.

A *solution* is a set of captures: playing independent captures in another order is the
same solution (as on puzzle-chess.com and in the seed, whose Melee example is "unique" with
38 orders of play); `distinct="sequences"` counts every order instead. Counting is exact and
cheap: what solves a position depends only on the position, so it is memoised, capped at the
limit (a capped count is still exact below the cap).
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..lab.engine.puzzle import Answer, Instance, MovePuzzle, PuzzleError, at_place, number, quote
from ..lab.face.share import NONE, box_grid
from ..lab.toolkit.answers import moves_text, read_moves
from ..lab.toolkit.codecs import MethodCodec
from ..lab.toolkit.forms import MOVES_JSON
from ..lab.toolkit.textgrid import JsonObject, json_shown, numbered_lines, position

FILES = "abcdefgh"
KINDS = "KQRBNP"
WHITE, BLACK = "w", "b"
NAMES = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}
CHESS_SET = {"K": 1, "Q": 1, "R": 2, "B": 2, "N": 2, "P": 8}  # what one side owns
TOKEN = re.compile(r"[A-Za-z0-9]+")
# A capture in an answer, read case-insensitively: the mover as a square (`Rf7xc7`, `Rf7->Nc7`, `f7-c7`, `f7c7`)
# or, as in short algebraic notation, by its kind and any file or rank (`Rxc7`, `Rfxc7`, `exd6`), then an optional
# sign and victim's letter, then the square captured on.
CAPTURE = (r"(?<![a-z0-9])(?:([kqrbnp])?([a-h][1-8])|([kqrbnp])?([a-h])?([1-8])?)"
           r"(?:\s*(?:x|×|:|->|=>|→|–|—|-|takes\b|captures\b)\s*)?([kqrbnp])?([a-h][1-8])(?![a-z0-9])")

Square = int  # rank * 8 + file, a1 = 0, h8 = 63
Piece = tuple[str, Square, str]  # (kind, square, colour)
Placed = tuple[Piece, int | None, int | None]  # a piece as read, and its line and column where known
Cell = tuple[str, str, int] | None  # (kind, colour, moves made) on a starting square
Position = tuple[Cell, ...]
Capture = tuple[int, int]  # (from index, to index) into the starting squares


def square_name(sq: Square) -> str:
    return f"{FILES[sq % 8]}{sq // 8 + 1}"


def square_of(name: str) -> Square:
    """The square a name known to be one (`e4`, `E4`) names."""
    return (int(name[1]) - 1) * 8 + FILES.index(name[0].lower())


def parse_square(text: str) -> Square | None:
    if len(text) == 2 and text[0] in FILES and text[1] in "12345678":
        return (int(text[1]) - 1) * 8 + FILES.index(text[0])
    return None


@dataclass(frozen=True)
class Variant:
    """The rule differences between the three puzzles, and the size limit of each.

    `most_pieces` bounds the exact search: a position with no solution is searched through
    (every order of captures that keeps going), and that grows exponentially with the pieces.
    Measured on such positions (bishops on one colour of squares and one on the other):
    Ranger 13 pieces 5 s, 14 pieces 30 s, 16 over 2 minutes; Solo (each piece moves at most
    twice) 14 pieces 4 s, 16 pieces 29 s; Melee (colours alternate) 16 pieces 3.8 s, 17
    pieces 50 s, 18 over 2 minutes. Random positions with solutions, up to 20 pieces,
    answer in a tenth of a second."""

    name: str
    colours: bool = False  # Melee: pieces have colours, colours alternate, white first
    max_moves: int | None = None  # Solo: each piece moves at most this often
    king_stays: bool = False  # Solo: the king cannot be captured and must be the last piece
    most_pieces: int = 14

    @property
    def size_limit_text(self) -> str:
        return f"at most {self.most_pieces} pieces"

    def check_size(self, pieces: int) -> None:
        """The size limit, for reading and generating alike."""
        if pieces > self.most_pieces:
            raise PuzzleError(f"{self.name} position of {number(pieces)} pieces is too large: {self.size_limit_text}")


RANGER = Variant("chessranger", most_pieces=14)
SOLO = Variant("chesssolo", max_moves=2, king_stays=True, most_pieces=16)
MELEE = Variant("chessmelee", colours=True, most_pieces=16)


# ---- geometry ----------------------------------------------------------------------------

def _between(a: Square, b: Square) -> list[Square]:
    """Squares strictly between a and b on a rank, file or diagonal (empty if adjacent)."""
    (ra, fa), (rb, fb) = divmod(a, 8), divmod(b, 8)
    dr, df = (rb > ra) - (rb < ra), (fb > fa) - (fb < fa)
    steps = max(abs(rb - ra), abs(fb - fa))
    return [(ra + dr * k) * 8 + fa + df * k for k in range(1, steps)]


def reaches(kind: str, colour: str, a: Square, b: Square) -> list[Square] | None:
    """If a `kind` of `colour` on a can capture on b, the squares that must be empty; else None."""
    (ra, fa), (rb, fb) = divmod(a, 8), divmod(b, 8)
    dr, df = rb - ra, fb - fa
    if a == b:
        return None
    straight = dr == 0 or df == 0
    diagonal = abs(dr) == abs(df)
    if kind == "K":
        ok = max(abs(dr), abs(df)) == 1
    elif kind == "N":
        ok = sorted((abs(dr), abs(df))) == [1, 2]
    elif kind == "P":
        ok = abs(df) == 1 and dr == (1 if colour == WHITE else -1)
    elif kind == "R":
        return _between(a, b) if straight else None
    elif kind == "B":
        return _between(a, b) if diagonal else None
    elif kind == "Q":
        return _between(a, b) if straight or diagonal else None
    else:
        raise ValueError(f"unknown piece kind {kind!r}")
    return [] if ok else None


# ---- the search --------------------------------------------------------------------------

class CaptureSearch:
    """Exact search over positions reachable from one starting position."""

    def __init__(self, pieces: list[Piece], variant: Variant, first: str = WHITE):
        self.variant = variant
        self.first = first  # Melee: who moves first (white, except mid-game positions)
        self.squares = [sq for _, sq, _ in pieces]
        self.start: Position = tuple((kind, colour, 0) for kind, _, colour in pieces)
        index = {sq: i for i, sq in enumerate(self.squares)}
        n = len(pieces)
        # For each (kind, colour) and pair of starting squares: a bit mask of the starting
        # squares between them (other squares are always empty), or no entry if the piece
        # cannot capture there.
        self.lines: dict[tuple[str, str], list[list[tuple[int, int]]]] = {}
        for kind in KINDS:
            for colour in (WHITE, BLACK):
                table = []
                for i in range(n):
                    row = []
                    for j in range(n):
                        path = reaches(kind, colour, self.squares[i], self.squares[j])
                        if path is not None:
                            row.append((j, sum(1 << index[s] for s in path if s in index)))
                    table.append(row)
                self.lines[(kind, colour)] = table
        self.seq_memo: dict[tuple[Position, int], int] = {}
        self.set_memo: dict[tuple[Position, int], frozenset[int]] = {}
        self.dead: dict[Position, bool] = {}  # positions searched, and whether they fail

    def mover(self, pos: Position) -> str | None:
        """Whose turn it is in Melee (white first); None when any piece may move."""
        if not self.variant.colours:
            return None
        captured = pos.count(None)
        other = BLACK if self.first == WHITE else WHITE
        return self.first if captured % 2 == 0 else other

    def captures(self, pos: Position) -> list[tuple[Capture, Position]]:
        v = self.variant
        turn = self.mover(pos)
        occupied = 0
        for i, cell in enumerate(pos):
            if cell is not None:
                occupied |= 1 << i
        out = []
        for i, cell in enumerate(pos):
            if cell is None:
                continue
            kind, colour, used = cell
            if turn is not None and colour != turn:
                continue
            if v.max_moves is not None and used >= v.max_moves:
                continue
            for j, between in self.lines[(kind, colour)][i]:
                victim = pos[j]
                if victim is None or between & occupied:
                    continue
                if v.colours and victim[1] == colour:
                    continue
                if v.king_stays and victim[0] == "K":
                    continue
                nxt = list(pos)
                nxt[i] = None
                nxt[j] = (kind, colour, used + 1)
                out.append(((i, j), tuple(nxt)))
        return out

    def solved(self, pos: Position) -> bool:
        if pos.count(None) != len(pos) - 1:
            return False
        return not self.variant.king_stays or any(cell is not None and cell[0] == "K" for cell in pos)

    def count(self, limit: int, distinct: str = "moves", pos: Position | None = None) -> int:
        """Solutions from `pos` (default: the start), capped at `limit`.

        distinct="moves" counts different sets of moves (what puzzle sites and the seed call
        a solution: playing independent captures in another order is the same solution);
        distinct="sequences" counts every order separately."""
        pos = self.start if pos is None else pos
        if distinct == "sequences":
            return self._sequences(pos, limit)
        if distinct == "moves":
            return len(self._move_sets(pos, limit))
        raise ValueError(f"distinct must be 'moves' or 'sequences', not {distinct!r}")

    def _sequences(self, pos: Position, limit: int) -> int:
        if self.solved(pos):
            return 1
        known = self.seq_memo.get((pos, limit))
        if known is not None:
            return known
        total = 0
        for _, nxt in self.captures(pos):
            total += self._sequences(nxt, limit)
            if total >= limit:
                total = limit
                break
        self.seq_memo[(pos, limit)] = total
        self.dead.setdefault(pos, total == 0)
        return total

    def _move_sets(self, pos: Position, limit: int) -> frozenset[int]:
        """Up to `limit` different move sets that finish from `pos`, each a bit mask over
        (from, to) pairs. A capped child means a capped parent (one first move keeps a
        child's sets apart), so capping is exact."""
        if self.solved(pos):
            return frozenset([0])
        known = self.set_memo.get((pos, limit))
        if known is not None:
            return known
        sets: set[int] = set()
        n = len(pos)
        for (i, j), nxt in self.captures(pos):
            bit = 1 << (i * n + j)
            for rest in self._move_sets(nxt, limit):
                sets.add(rest | bit)
                if len(sets) >= limit:
                    break
            if len(sets) >= limit:
                break
        result = frozenset(sets)
        self.set_memo[(pos, limit)] = result
        self.dead.setdefault(pos, not result)
        return result

    def solutions(self, limit: int, distinct: str = "moves") -> list[list[Capture]]:
        """Up to `limit` solutions in search order, each a sequence of captures (with
        distinct="moves", one order per set of moves)."""
        self._sequences(self.start, 1)  # marks dead positions, so the walk never wanders
        found: list[list[Capture]] = []
        seen: set[frozenset[Capture]] = set()

        def walk(pos: Position, line: list[Capture]) -> None:
            if len(found) >= limit:
                return
            if self.solved(pos):
                key = frozenset(line)
                if distinct == "sequences" or key not in seen:
                    seen.add(key)
                    found.append(list(line))
                return
            for move, nxt in self.captures(pos):
                if self.dead.get(nxt, False):
                    continue
                line.append(move)
                walk(nxt, line)
                line.pop()

        walk(self.start, [])
        return found

    def positions(self) -> int:
        return len(self.dead)


# ---- the puzzle type ----------------------------------------------------------------------

@dataclass(frozen=True)
class ChessParams:
    variant: Variant


class CapturePuzzle(MovePuzzle[ChessParams, str, list[tuple[Square, Square]]]):
    """Shared parse/format/answer for the three variants; subclasses set `variant`."""

    variant: Variant = RANGER
    codecs = (MethodCodec("text"), MethodCodec("fen", order=30, pattern=r"\A\S*/"),
              MethodCodec("array", order=20, pattern=r"\["), MOVES_JSON)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each variant's size limit, as its `Variant` states it."""
        super().__init_subclass__(**kwargs)
        cls.size_limit_text = cls.variant.size_limit_text

    def check_size(self, inst: Instance) -> None:
        self.variant.check_size(len(inst.clues["pieces"]))

    # ---- reading ----------------------------------------------------------------------
    def read(self, text: str, fmt: str | None = None) -> Instance:
        """An empty text is refused as such in every form (the FEN reader would find no board)."""
        if not text.strip():
            raise PuzzleError("empty input")
        return super().read(text, fmt)

    def _token(self, word: str, line: int | None, col: int | None, colour: str | None = None) -> Piece:
        """`Qe7` (white, or any colour in ranger/solo), `qe7` black in Melee."""
        square = parse_square(word[1:]) if len(word) == 3 and word[0].upper() in KINDS else None
        if square is None:
            raise PuzzleError(f"bad piece {quote(word)} (want a kind KQRBNP and a square, like Qe7)", line, col)
        if colour is None:
            colour = WHITE if word[0].isupper() or not self.variant.colours else BLACK
        return word[0].upper(), square, colour

    def _refuse_many(self, count: int, line: int | None) -> None:
        """The size limit on a count of pieces, said at `line` (counted before they are read)."""
        with at_place(line):
            self.variant.check_size(count)

    def read_text(self, text: str) -> Instance:
        if "#" not in text:  # no comment: every word is a piece, counted before any line is made
            self._refuse_many(sum(1 for _ in TOKEN.finditer(text)), None)
        lines = numbered_lines(text, comment="#")
        if lines:  # the words are counted before any is read as a piece
            self._refuse_many(sum(sum(1 for _ in TOKEN.finditer(line)) for _, line in lines), lines[-1][0])
        out = []
        for lineno, line in lines:
            for m in TOKEN.finditer(line):
                out.append((self._token(m.group(), lineno, m.start() + 1), lineno, m.start() + 1))
        return self._instance(out)

    def read_fen(self, text: str) -> Instance:
        line = next(i for i, l in enumerate(text.splitlines(), start=1) if l.strip())
        raw = text.split(None, 1)[0]
        offset = text.splitlines()[line - 1].index(raw)
        ranks = raw.split("/")
        if len(ranks) != 8:
            raise PuzzleError(f"FEN board needs 8 ranks separated by '/', got {len(ranks)}", line)
        out, col = [], offset + 1
        for r, rank in enumerate(ranks):
            file = 0
            for ch in rank:
                if ch.isdecimal():
                    file += int(ch)
                elif ch.upper() in KINDS and file < 8:
                    colour = WHITE if ch.isupper() or not self.variant.colours else BLACK
                    out.append(((ch.upper(), (7 - r) * 8 + file, colour), line, col))
                    file += 1
                else:
                    raise PuzzleError(f"bad FEN character {quote(ch)}", line, col)
                col += 1
            if file != 8:
                raise PuzzleError(f"FEN rank {8 - r} has {file} squares, not 8", line, col - 1)
            col += 1
        return self._instance(out)

    def read_array(self, text: str) -> Instance:
        """The seed's form: `board = ['Qe7', ...]` and, for Melee, `colors = ['B', ...]`."""
        found = []  # (name, [(item, where it starts)], where the list starts)
        for m in re.finditer(r"(\w+)?\s*=?\s*\[([^\]]*)\]", text):
            items = [(s.group(2), m.start(2) + s.start(2)) for s in re.finditer(r"(['\"])([^'\"]*)\1", m.group(2))]
            found.append(((m.group(1) or "").lower(), items, m.start()))
        if not found:
            raise PuzzleError("expected a list like ['Qe7', 'Nc6']")
        boards = [f for f in found if f[0] not in ("colors", "colours")]
        colours = [f for f in found if f[0] in ("colors", "colours")]
        if len(boards) != 1 or len(colours) > 1:
            raise PuzzleError("expected one list of pieces (and at most one list of colors)")
        self._refuse_many(len(boards[0][1]), position(text, boards[0][2])[0])  # before any position is counted
        board = [(w, *position(text, i)) for w, i in boards[0][1]]
        if not colours:
            return self._instance([(self._token(w, line, col), line, col) for w, line, col in board])
        if len(colours[0][1]) != len(board):
            raise PuzzleError(f"{len(colours[0][1])} colors for {len(board)} pieces", position(text, colours[0][2])[0])
        cols = [(c, *position(text, i)) for c, i in colours[0][1]]
        out = []
        for (w, line, col), (c, cline, ccol) in zip(board, cols):
            if c.upper() not in ("W", "B"):
                raise PuzzleError(f"bad color {quote(c)} (W or B)", cline, ccol)
            out.append((self._token(w, line, col, WHITE if c.upper() == "W" else BLACK), line, col))
        return self._instance(out)

    def from_json(self, text: str) -> Instance:
        """`pieces` like ["Qe7", "Nc6"]; in Melee `colors`, one "W" or "B" a piece (without
        it, a piece's case says its colour, as in the text form)."""
        doc = JsonObject(text, self.name, ("pieces", "colors") if self.variant.colours else ("pieces",),
                         self.aliases)
        pieces = doc.array("pieces", what='pieces like "Qe7"')
        line = doc.where("pieces")[0]
        self._refuse_many(len(pieces), line)
        for w in pieces:
            if not isinstance(w, str):
                raise doc.error("pieces", f"must be a list of pieces like \"Qe7\", got {json_shown(w)} in it")
        if "colors" not in doc:
            return self._instance([(self._token(w, line, None), line, None) for w in pieces])
        colours = doc.array("colors", length=len(pieces), what="colors W or B, one a piece")
        out = []
        for w, c in zip(pieces, colours):
            if not isinstance(c, str) or c.upper() not in ("W", "B"):
                raise doc.error("colors", f"must be W or B, got {json_shown(c)}")
            out.append((self._token(w, line, None, WHITE if c.upper() == "W" else BLACK), line, None))
        return self._instance(out)

    def _instance(self, found: Sequence[Placed]) -> Instance:
        if not found:
            raise PuzzleError("no pieces given")
        self._refuse_many(len(found), found[-1][1])
        seen: dict[Square, int | None] = {}  # the line each square's piece stands on
        kings = 0
        for (kind, sq, _colour), line, col in found:
            if sq in seen:
                raise PuzzleError(f"two pieces on {square_name(sq)}", line, col)
            seen[sq] = line
            kings += kind == "K"
            if self.variant.king_stays and kings > 1:
                raise PuzzleError("Solo Chess has one king, found a second", line, col)
        if self.variant.king_stays and kings == 0:
            raise PuzzleError("Solo Chess needs a king (it must be the last piece)", found[-1][1])
        return Instance(self.name, ChessParams(self.variant), {"pieces": board_order(p for p, _, _ in found)})

    # ---- writing ----------------------------------------------------------------------
    @staticmethod
    def pieces(inst: Instance) -> list[Piece]:
        return list(inst.clues["pieces"])

    def clue_count(self, inst: Instance) -> int:
        return len(inst.clues["pieces"])  # the pieces on the board are the givens

    def piece_text(self, piece: Piece) -> str:
        kind, sq, colour = piece
        letter = kind if colour == WHITE or not self.variant.colours else kind.lower()
        return letter + square_name(sq)

    def write_text(self, inst: Instance) -> str:
        return " ".join(self.piece_text(p) for p in self.pieces(inst))

    def write_fen(self, inst: Instance) -> str:
        return fen(self.pieces(inst), self.variant.colours)

    def json_fields(self, inst: Instance) -> dict[str, list[str]]:
        """The pieces without colour, and in Melee their colours beside them (seed 000's lists too)."""
        pieces = self.pieces(inst)
        fields = {"pieces": [k + square_name(sq) for k, sq, _ in pieces]}
        if self.variant.colours:
            fields["colors"] = [c.upper() for _, _, c in pieces]
        return fields

    def write_array(self, inst: Instance) -> str:
        fields = self.json_fields(inst)
        return "\n".join(f"{name} = [{', '.join(map(repr, values))}]"
                         for name, values in zip(("board", "colors"), fields.values()))

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: rank 8 at the top, files a-h above and below; white
        pieces in capitals, black (Melee) in small letters, '·' an empty square."""
        cells = [["\u00b7"] * 8 for _ in range(8)]
        for kind, sq, colour in self.pieces(inst):
            cells[7 - sq // 8][sq % 8] = kind if colour == WHITE else kind.lower()
        text = box_grid(cells, inner=NONE, pad=0, top=[[f] for f in FILES],
                        left=[str(8 - r) for r in range(8)])
        return f"{text}\n{text.splitlines()[0]}"

    # ---- pictures -----------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: dict | None = None) -> None:
        """A chessboard (a1 dark, files a-h below, ranks at the left) with the pieces as
        chess glyphs, white ones hollow. `solution` is `answer`'s data: each capture an
        arrow that stops short of the pieces, numbered in playing order beside it, and the
        captures listed under the board in standard notation (`Bxd6`, `exd6`). In Melee the
        number is the move number, on a white disc for white's capture and a black disc for
        black's, and the list pairs them as a game score does (`1. Rxc7 Nxc7`)."""
        from ..lab.toolkit.draw import Z_ARROW, Board, write

        glyphs = {"K": "\u2654", "Q": "\u2655", "R": "\u2656", "B": "\u2657", "N": "\u2658", "P": "\u2659"}
        board = Board(ax, 8, 8)
        for r in range(8):
            for c in range(8):
                if (r + c) % 2:
                    board.shade(r, c, "0.72")
        board.column_clues([[f] for f in FILES], 0.32, side="bottom")
        board.row_clues([[str(8 - r)] for r in range(8)], 0.32)
        for kind, sq, colour in self.pieces(inst):
            x, y = board.centre(7 - sq // 8, sq % 8)
            white = glyphs[kind]
            black = chr(ord(white) + 6)  # the filled glyph of the same piece
            if colour == WHITE:
                write(ax, x, y, black, 0.88, colour="white")  # the hollow glyph, filled in
                write(ax, x, y, white, 0.9)
            else:
                write(ax, x, y, black, 0.9)
        board.grid(lines=False)
        if solution is None:
            return
        moves = [(square_of(a), square_of(b)) for a, b in solution.get("squares", [])
                 if parse_square(a) is not None and parse_square(b) is not None]
        places = arrow_places(moves, {sq for _, sq, _ in self.pieces(inst)})
        for k, place in enumerate(places):
            board.arrow(place.start, place.end, ARROW, 0.05, HEAD, zorder=Z_ARROW, alpha=0.9)
            dark = self.variant.colours and k % 2 == 1  # black's capture
            board.circle(*place.label, LABEL_RADIUS, face="black" if dark else "white", edge=ARROW, ring=0.03,
                         zorder=Z_ARROW + 0.1)
            x, y = board.centre(*place.label)
            write(ax, x, y, self.move_label(k), 0.27, colour="white" if dark else "black", bold=True,
                  fit=1.5 * LABEL_RADIUS, zorder=Z_ARROW + 0.2)
        board.caption(self.score(self.notation(inst, moves)) or "no solution", 0.36)

    def move_label(self, k: int) -> str:
        """The number by capture k (from 0): its place in the order, or in Melee the move
        number it shares with the other side's reply."""
        return str(k // 2 + 1 if self.variant.colours else k + 1)

    def score(self, captures: list[str]) -> str:
        """Captures as a game score: `1. Kxb5  2. Nxe7`, or in Melee white's and black's
        captures paired under one move number (`1. Rxc7 Nxc7  2. ...`). A number and its
        captures never break across lines."""
        step = 2 if self.variant.colours else 1
        return "  ".join(f"{i // step + 1}.\u00a0" + "\u00a0".join(captures[i:i + step])
                         for i in range(0, len(captures), step))

    def notation(self, inst: Instance, moves: list[tuple[Square, Square]]) -> list[str]:
        """The captures in standard algebraic notation, replayed from the start: the piece's
        letter (none for a pawn, whose file is named instead), its file or rank when another
        piece of its kind could make the same capture, `x`, the square (`Bxd6`, `exd6`,
        `Rfxc7`). A move that cannot be made is written from square to square (`d4xd6`)."""
        board = self.board(inst)
        out = []
        for n, (a, b) in enumerate(moves, start=1):
            if a not in board or b not in board:
                out.append(f"{square_name(a)}x{square_name(b)}")
                continue
            out.append(self.san(board, n, a, b))
            play(board, a, b)
        return out

    def san(self, board: dict[Square, list], n: int, a: Square, b: Square) -> str:
        """Capture number `n`, a to b on `board`, in standard algebraic notation."""
        kind, colour, _ = board[a]
        if kind == "P":
            return f"{FILES[a % 8]}x{square_name(b)}"
        rivals = [sq for sq, (k, c, _) in board.items()
                  if sq != a and k == kind and c == colour and self.illegal(board, n, sq, b) is None]
        if not rivals:
            which = ""
        elif all(sq % 8 != a % 8 for sq in rivals):
            which = FILES[a % 8]
        elif all(sq // 8 != a // 8 for sq in rivals):
            which = str(a // 8 + 1)
        else:
            which = square_name(a)
        return f"{kind}{which}x{square_name(b)}"

    # ---- solving ----------------------------------------------------------------------
    def search(self, inst: Instance) -> CaptureSearch:
        return CaptureSearch(self.pieces(inst), self.variant)

    def count(self, inst: Instance, limit: int = 1000, distinct: str = "moves") -> int:
        """How many solutions, up to `limit`: different sets of moves by default (orders of
        the same captures are one solution, as on puzzle-chess.com), or every sequence."""
        return self.search(inst).count(limit, distinct)

    def solutions(self, inst: Instance, limit: int = 1,
                  distinct: str = "moves") -> list[list[tuple[Square, Square]]]:
        """Up to `limit` solutions, each a list of (from square, to square)."""
        search = self.search(inst)
        sq = search.squares
        return [[(sq[i], sq[j]) for i, j in line] for line in search.solutions(limit, distinct)]

    def answer(self, inst: Instance, time_limit: float | None = None, limit: int = 2) -> Answer:
        """A solution, how many there are (sets of moves, counted up to `limit`) and in how
        many orders they can be played (also up to `limit`)."""
        t0 = time.perf_counter()
        search = self.search(inst)
        n = search.count(limit, "moves")
        orders = search.count(limit, "sequences")
        found = search.solutions(1)
        seconds = time.perf_counter() - t0
        sq = search.squares
        moves = [(sq[i], sq[j]) for i, j in found[0]] if found else []
        data = {"solved": bool(found), "moves": [self.move_text(inst, moves, k) for k in range(len(moves))],
                "squares": [[square_name(a), square_name(b)] for a, b in moves],
                "count": n, "sequences": orders, "limit": limit, "unique": n == 1,
                "stats": {"positions": search.positions(), "seconds": round(seconds, 4)}}
        if not found:
            return Answer(f"no solution ({search.positions()} positions searched)", data, exit_code=1)
        upto = lambda k, what: f"{k} {what}" if k < limit else f"at least {k} {what}"  # noqa: E731
        verdict = "unique solution" if n == 1 else upto(n, "solutions")
        text = (f"{len(moves)} captures ({verdict}; {upto(orders, 'move orders')}):\n"
                + self.format_solution(inst, moves))
        return Answer(text, data)

    def move_text(self, inst: Instance, moves: list[tuple[Square, Square]], k: int) -> str:
        """Move k in the seed's notation: mover and its square -> victim and its square."""
        board = {sq: kind for kind, sq, _ in self.pieces(inst)}
        for a, b in moves[:k]:
            board[b] = board.pop(a)
        a, b = moves[k]
        return f"{board[a]}{square_name(a)}->{board[b]}{square_name(b)}"

    def format_solution(self, inst: Instance, solution: list[tuple[Square, Square]],
                        fmt: str = "text") -> str:
        return " ".join(self.move_text(inst, solution, k) for k in range(len(solution)))

    def verify(self, inst: Instance, solution: list[tuple[Square, Square]]) -> list[str]:
        """Replay on a plain board: every move a legal capture under the variant's rules,
        one piece (the king, in Solo) left at the end."""
        v = self.variant
        board = self.board(inst)
        for n, (a, b) in enumerate(solution, start=1):
            problem = self.illegal(board, n, a, b)
            if problem:
                return [problem]
            play(board, a, b)
        if len(board) != 1:
            return [f"{len(board)} pieces left, not 1"]
        if v.king_stays and next(iter(board.values()))[0] != "K":
            return ["the last piece is not the king"]
        return []

    def board(self, inst: Instance) -> dict[Square, list]:
        """The plain board `verify` replays on: square -> [kind, colour, moves made]."""
        return {sq: [kind, colour, 0] for kind, sq, colour in self.pieces(inst)}

    def illegal(self, board: dict[Square, list], n: int, a: Square, b: Square) -> str | None:
        """Why capture number `n` (from 1), a to b, breaks the variant's rules on `board`;
        None when it is legal."""
        v = self.variant
        if a not in board or b not in board:
            return f"move {n}: no piece on {square_name(a) if a not in board else square_name(b)}"
        kind, colour, used = board[a]
        path = reaches(kind, colour, a, b)
        if path is None or any(s in board for s in path):
            return f"move {n}: the {NAMES[kind]} on {square_name(a)} cannot capture on {square_name(b)}"
        if v.colours and (colour != (WHITE if n % 2 else BLACK) or board[b][1] == colour):
            return f"move {n}: wrong colour moves or is captured"
        if v.max_moves is not None and used >= v.max_moves:
            return f"move {n}: the {NAMES[kind]} on {square_name(a)} already moved {used} times"
        if v.king_stays and board[b][0] == "K":
            return f"move {n}: the king may not be captured"
        return None

    # ---- for language models ------------------------------------------------------------
    board_legend = ("the pieces, separated by spaces, each its kind (K king, Q queen, R rook, B bishop, N knight, "
                    "P pawn) and its square: files a-h from left to right, ranks 1-8 from bottom to top; pawns "
                    "capture one square diagonally towards rank 8 and never promote")
    answer_format = ("the captures in playing order, one per line, each the moving piece's letter (K, Q, R, B, N or "
                     "P), its square, `x` and the square of the piece it captures, e.g. `Rf7xc7`")

    def reference_solution(self, inst: Instance) -> list[tuple[Square, Square]]:
        found = self.answer(inst)
        if not found.data["solved"]:
            raise PuzzleError(f"this {self.name} position has no solution")
        return [(square_of(a), square_of(b)) for a, b in found.data["squares"]]

    def answer_text(self, inst: Instance, solution: list[tuple[Square, Square]]) -> str:
        board = self.board(inst)
        lines = []
        for a, b in solution:
            lines.append(f"{board[a][0] if a in board else ''}{square_name(a)}x{square_name(b)}")
            if a in board:
                play(board, a, b)
        return moves_text(lines)

    def read_answer(self, inst: Instance, text: str) -> list[tuple[Square, Square]]:
        """Captures as (from, to) squares, replayed on the board as they are read, so that
        a capture naming only the mover's kind (`Rxc7`) or its file (`exd6`) is the one
        piece that can legally make it; PuzzleError when none or several can."""
        board = self.board(inst)
        out: list[tuple[Square, Square]] = []
        for m in read_moves(text, CAPTURE, "capture like Rf7xc7"):
            _, frm, short, file, rank, _, to = m.groups()
            if frm is None and short is None and file is None and rank is None:
                continue  # a square alone (prose around the moves) is no capture
            b, n = square_of(to), len(out) + 1
            a = square_of(frm) if frm else self._mover(board, n, m.group(), short, file, rank, b)
            if frm and frm[0] == "B" and m.group(1) is None and self.illegal(board, n, a, b) is not None:
                try:  # `B8xg7`: a bishop from rank 8, as standard notation writes it, not a piece on b8
                    a = self._mover(board, n, m.group(), "B", None, frm[1], b)
                except PuzzleError:
                    pass
            out.append((a, b))
            if a in board and b in board:
                play(board, a, b)
        if not out:
            raise PuzzleError("no capture like Rf7xc7 found")
        return out

    def _mover(self, board: dict[Square, list], n: int, written: str, kind: str | None, file: str | None,
               rank: str | None, to: Square) -> Square:
        """The square of the one piece a short capture (`Rxc7`, `Rfxc7`, `exd6`) names: of
        its kind (a pawn, for a file alone; `b` may be a bishop or the b-pawn, and is the
        pawn, as in standard notation, when both can), on its file and rank, that can
        legally capture on `to`."""

        def named(sq: Square) -> bool:
            k, f, r = board[sq][0], FILES[sq % 8], str(sq // 8 + 1)
            if rank is not None and r != rank:
                return False
            if kind == "b" and file is None:
                return k == "B" or (k == "P" and f == "b")
            if kind is not None:
                return k == kind.upper() and (file is None or f == file.lower())
            return file is None or (k == "P" and f == file.lower())

        fits = [sq for sq in board if named(sq)]
        legal = [sq for sq in fits if self.illegal(board, n, sq, to) is None]
        if kind == "b" and file is None and len(legal) > 1:
            legal = [sq for sq in legal if board[sq][0] == "P"] or legal  # `bxa3`: the pawn, not `Bxa3`
        found = legal or fits
        if len(found) != 1:
            where = " and ".join(square_name(sq) for sq in found)
            raise PuzzleError(f"capture {n}: {quote(written)} could be made by the pieces on {where}" if found
                              else f"capture {n}: no piece can make {quote(written)}")
        return found[0]


def play(board: dict[Square, list], a: Square, b: Square) -> None:
    """Make the capture a to b on a plain board (`CapturePuzzle.board`)."""
    kind, colour, used = board.pop(a)
    board[b] = [kind, colour, used + 1]


def board_order(pieces) -> tuple[Piece, ...]:
    """Pieces in reading order (a8 to h1, as FEN lists them): one instance, one order."""
    return tuple(sorted(pieces, key=lambda p: (-(p[1] // 8), p[1] % 8)))


def fen(pieces: list[Piece], colours: bool = True) -> str:
    """The piece-placement field of FEN (rank 8 first)."""
    board = {sq: (kind if colour == WHITE or not colours else kind.lower()) for kind, sq, colour in pieces}
    ranks = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            ch = board.get(r * 8 + f)
            if ch is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + ch
            empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks)


# ---- pictures: where a solution's arrows and their numbers go ------------------------------

ARROW = "#c0392b"  # the colour of a capture's arrow
PIECE_RADIUS = 0.36  # cells: a piece's glyph is about 0.63 x 0.66 cells; arrows stop this far from its centre
LABEL_RADIUS = 0.19  # cells: the disc a capture's number is written in (readable on a sheet of six)
HEAD = 0.24  # cells: the length of an arrow's head (`Board.arrow` makes it 1.6 times as wide)
LANE = 0.14  # cells between arrows that would run along the same stretch of a line

Spot = tuple[float, float]  # (row from the top, column) on the board, in cells; fractions are fine


@dataclass(frozen=True)
class ArrowPlace:
    """Where one capture is drawn: its arrow from `start` to `end` and the centre of its
    number's disc, `label`."""

    start: Spot
    end: Spot
    label: Spot


def _spot(sq: Square) -> Spot:
    return float(7 - sq // 8), float(sq % 8)


def arrow_places(moves: list[tuple[Square, Square]], pieces: set[Square]) -> list[ArrowPlace]:
    """Arrows for captures on a board whose pieces stand on `pieces` (the starting squares):
    each stops short of both pieces' glyphs, and runs beside, not over, a piece it passes
    (one that had moved away by then) or an earlier arrow along the same stretch of a line
    (a capture and its way back); each number sits on its arrow, or beside it, where it
    covers no other number and, where the board leaves room, no piece and no arrow's head."""
    centres = {sq: _spot(sq) for sq in pieces}
    segments: list[tuple[Spot, Spot]] = []
    for a, b in moves:
        passed = [spot for sq, spot in centres.items() if sq not in (a, b)]
        segments.append(_segment(_spot(a), _spot(b), passed, segments))
    heads = []  # the middle of each arrow's head
    for (r0, c0), (r1, c1) in segments:
        length = max(math.hypot(r1 - r0, c1 - c0), 1e-9)
        back = min(HEAD / 2, 0.3 * length)
        heads.append((r1 - (r1 - r0) / length * back, c1 - (c1 - c0) / length * back))
    labels: list[Spot] = []
    for i, (start, end) in enumerate(segments):
        others = [s for j, s in enumerate(segments) if j != i]
        labels.append(_label_spot(start, end, labels, list(centres.values()), heads[:i] + heads[i + 1:], others))
    return [ArrowPlace(s, e, lab) for (s, e), lab in zip(segments, labels)]


def _segment(a: Spot, b: Spot, passed: list[Spot], earlier: list[tuple[Spot, Spot]]) -> tuple[Spot, Spot]:
    """The arrow from piece `a` to piece `b`: on the line between their centres, or shifted
    sideways (the first shift that works; if none does, the one that clears most: between a
    diagonal's vacated square and its neighbours, half way) so that
    it crosses no glyph in `passed` and runs along no `earlier` arrow; its ends stop at the
    glyphs of `a` and `b`."""
    (r0, c0), (r1, c1) = a, b
    length = math.hypot(r1 - r0, c1 - c0)
    ur, uc = (r1 - r0) / length, (c1 - c0) / length
    nr, nc = -uc, ur
    if (nr, nc) < (0.0, 0.0):
        nr, nc = -nr, -nc  # one side for a line, whichever way the arrow points
    best: tuple[float, tuple[Spot, Spot]] | None = None
    for shift in (0.0, LANE, -LANE, 2 * LANE, -2 * LANE, 0.42, -0.42, 3 * LANE, -3 * LANE, 0.35, -0.35):
        trim = min(math.sqrt(max(PIECE_RADIUS ** 2 - shift ** 2, 0.0)), 0.5 * length - 0.1)
        seg = ((r0 + ur * trim + nr * shift, c0 + uc * trim + nc * shift),
               (r1 - ur * trim + nr * shift, c1 - uc * trim + nc * shift))
        inside = all(-0.38 <= v <= 7.38 for end in seg for v in end)  # not along the board's border
        clear = min([_distance(p, seg) - PIECE_RADIUS for p in passed]
                    + [_apart(seg, other) - LANE + 0.01 for other in earlier] + [1.0 if inside else -1.0])
        if clear >= 0:
            return seg
        if best is None or clear > best[0]:
            best = (clear, seg)
    assert best is not None
    return best[1]


def _apart(seg: tuple[Spot, Spot], other: tuple[Spot, Spot]) -> float:
    """How far apart two arrows run: far unless they are parallel and overlap along their
    length (crossing arrows are told apart by their directions)."""
    (ar, ac), (br, bc) = seg
    (pr, pc), (qr, qc) = other
    la, lb = math.hypot(br - ar, bc - ac), math.hypot(qr - pr, qc - pc)
    if la < 1e-9 or lb < 1e-9:
        return 1.0
    ur, uc = (br - ar) / la, (bc - ac) / la
    if abs(ur * (qc - pc) / lb - uc * (qr - pr) / lb) > 1e-6:
        return 1.0  # not parallel
    t0, t1 = sorted(((pr - ar) * ur + (pc - ac) * uc, (qr - ar) * ur + (qc - ac) * uc))
    if t1 <= 0.05 or t0 >= la - 0.05:
        return 1.0  # one after the other along the line
    return abs((pr - ar) * uc - (pc - ac) * ur)


def _label_spot(start: Spot, end: Spot, labels: list[Spot], centres: list[Spot], heads: list[Spot],
                segments: list[tuple[Spot, Spot]]) -> Spot:
    """The first place along the arrow (its middle first), then beside it, then a little
    further off, whose disc overlaps no other number's and stays on the board; of those, one
    clear of pieces, heads and other arrows if there is one."""
    (r0, c0), (r1, c1) = start, end
    length = max(math.hypot(r1 - r0, c1 - c0), 1e-9)
    nr, nc = -(c1 - c0) / length, (r1 - r0) / length
    spots = []
    on = () if length < 4 * LABEL_RADIUS + 0.05 else (0.0,)  # a short arrow's number beside it, not over it
    for side in (*on, 0.26, -0.26, 0.45, -0.45, 0.65, -0.65):
        for f in (0.5, 0.35, 0.65, 0.2, 0.8, 0.0, 1.0):
            spots.append((r0 + (r1 - r0) * f + nr * side, c0 + (c1 - c0) * f + nc * side))
    edge = 0.5 - LABEL_RADIUS
    fits = [s for s in spots if -edge <= s[0] <= 7 + edge and -edge <= s[1] <= 7 + edge
            and all(math.dist(s, lab) >= 2 * LABEL_RADIUS + 0.03 for lab in labels)]
    if not fits:  # nowhere near the arrow: the nearest free place on the board
        grid = [(r / 4, c / 4) for r in range(-1, 30) for c in range(-1, 30)]
        fits = sorted((s for s in grid if all(math.dist(s, lab) >= 2 * LABEL_RADIUS + 0.03 for lab in labels)),
                      key=lambda s: math.dist(s, ((r0 + r1) / 2, (c0 + c1) / 2)))

    def clearance(s: Spot) -> float:
        return min([math.dist(s, c) - PIECE_RADIUS - LABEL_RADIUS + 0.08 for c in centres]
                   + [math.dist(s, h) - LABEL_RADIUS - 0.8 * HEAD for h in heads]
                   + [_distance(s, seg) - LABEL_RADIUS for seg in segments] + [1.0])

    clear = [s for s in fits if clearance(s) >= 0]
    return clear[0] if clear else max(fits, key=clearance)


def _distance(p: Spot, seg: tuple[Spot, Spot]) -> float:
    """From point `p` to the segment `seg`."""
    (ar, ac), (br, bc) = seg
    dr, dc = br - ar, bc - ac
    t = ((p[0] - ar) * dr + (p[1] - ac) * dc) / max(dr * dr + dc * dc, 1e-12)
    t = min(1.0, max(0.0, t))
    return math.dist(p, (ar + dr * t, ac + dc * t))


# ---- generation: build a solution backwards, keep it unique -------------------------------

@dataclass
class GeneratedChess:
    """A generated puzzle with its one solution and what it cost."""

    instance: Instance
    solution: list[tuple[Square, Square]]
    attempts: int
    seconds: float
    checks: int = 0


@dataclass
class _Piece:
    kind: str
    square: Square
    colour: str
    moves: int = 0


def _pawn_ok(kind: str, sq: Square) -> bool:
    """No pawns on their own back rank or the promotion rank (never legal in chess)."""
    rank = sq // 8
    return kind != "P" or 0 < rank < 7


def _mover_colour(variant: Variant, move_index: int) -> str:
    return WHITE if not variant.colours or move_index % 2 == 0 else BLACK


def generate(variant: Variant, npieces: int, rng: random.Random, distinct: str = "moves",
             max_attempts: int = 200, max_seconds: float | None = None) -> GeneratedChess:
    """A random puzzle of `npieces` pieces with exactly one solution (one set of moves, or
    with distinct="sequences" one single order of play).

    Works backwards from the last piece: each step un-makes a capture (a piece steps back to
    an empty square it could have captured from, and the victim reappears on its square).
    After each step the position so far must still have exactly one solution, else another
    un-capture is tried; when none works the attempt restarts."""
    if npieces < 2:
        raise PuzzleError(f"piece count must be at least 2, got {npieces}")
    variant.check_size(npieces)
    t0 = time.perf_counter()
    checks = 0
    for attempt in range(1, max_attempts + 1):
        if max_seconds is not None and time.perf_counter() - t0 > max_seconds:
            break
        pieces, solution, used = _attempt(variant, npieces, rng, distinct)
        checks += used
        if pieces is not None:
            inst = Instance(variant.name, ChessParams(variant),
                            {"pieces": board_order((p.kind, p.square, p.colour) for p in pieces)})
            return GeneratedChess(inst, solution, attempt, time.perf_counter() - t0, checks)
    raise PuzzleError(f"no unique {variant.name} puzzle with {npieces} pieces found in {attempt} attempts")


def _attempt(variant: Variant, npieces: int, rng: random.Random, distinct: str):
    last_colour = _mover_colour(variant, npieces - 2)
    kinds = ["K"] if variant.king_stays else [k for k in KINDS]
    while True:
        kind, sq = rng.choice(kinds), rng.randrange(64)
        if _pawn_ok(kind, sq):
            break
    pieces = [_Piece(kind, sq, last_colour)]
    solution: list[tuple[Square, Square]] = []
    checks = 0
    for move_index in range(npieces - 2, -1, -1):
        options = _uncaptures(variant, pieces, move_index, rng)
        for capturer, frm, victim_kind in options:
            trial = [_Piece(p.kind, p.square, p.colour, p.moves) for p in pieces]
            mover = trial[capturer]
            victim_colour = BLACK if variant.colours and mover.colour == WHITE else WHITE
            victim = _Piece(victim_kind, mover.square, victim_colour)
            mover.square, mover.moves = frm, mover.moves + 1
            trial.append(victim)
            checks += 1
            # The position before this move must have one solution too, else the final puzzle
            # would not. Checked as a fresh start (in Solo nobody has moved yet: this only
            # allows more solutions, so it never lets an ambiguous puzzle through; the last
            # check, on the real start, is exact).
            search = CaptureSearch([(p.kind, p.square, p.colour) for p in trial], variant,
                                   first=_mover_colour(variant, move_index))
            if search.count(2, distinct) == 1:
                pieces = trial
                solution.insert(0, (frm, victim.square))
                break
        else:
            return None, None, checks
    return pieces, solution, checks


def _uncaptures(variant: Variant, pieces: list[_Piece], move_index: int, rng: random.Random):
    """Every way to un-make one capture as move `move_index`, in random order:
    (capturer index, square it came from, kind of the captured piece)."""
    colour = _mover_colour(variant, move_index)
    occupied = {p.square for p in pieces}
    victim_colour = (BLACK if colour == WHITE else WHITE) if variant.colours else WHITE
    have: dict[str, int] = {}
    for p in pieces:
        if p.colour == victim_colour:
            have[p.kind] = have.get(p.kind, 0) + 1
    victim_kinds = [k for k in KINDS if have.get(k, 0) < CHESS_SET[k]
                    and not (variant.king_stays and k == "K")]
    options = []
    for i, p in enumerate(pieces):
        if p.colour != colour and variant.colours:
            continue
        if variant.max_moves is not None and p.moves >= variant.max_moves:
            continue
        for frm in range(64):
            if frm in occupied or not _pawn_ok(p.kind, frm):
                continue
            path = reaches(p.kind, p.colour, frm, p.square)
            if path is None or any(s in occupied for s in path):
                continue
            for k in victim_kinds:
                if _pawn_ok(k, p.square):
                    options.append((i, frm, k))
    rng.shuffle(options)
    return options
