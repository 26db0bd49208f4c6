"""Bridges (Hashiwokakero): text forms, rules, decoding, verification.

Vocabulary: *islands* stand on some cells of a width x height board (the structure,
`params`); each island's *count* is a clue (a stripped island keeps its place, its count is
unknown). A *pair* is two islands in one row or column with no island between them: the
only places a bridge can go. A solution gives every pair 0..`most` bridges (Tatham's `m`,
2 by default) so that
(1) bridges never cross: a horizontal and a vertical pair whose spans cross are not both used,
(2) every island with a count has exactly that many bridges,
(3) the bridges connect all islands,
(4) with Tatham's `L` option (`loops=False`), the used pairs form no loop.

A solution is the tuple of bridge counts in `params.pairs` order. Variables: for pair p and
k = 1..most, "at least k bridges on p" (primary, `level[p][k - 1]`); a count clue is one
literal of a unary counter over the island's level variables (equivalent to the clue).
Connectivity and no-loops go in lazily (`cuts`); the CP-SAT model states them with BFS
distances and an edge count instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from typing import Any, ClassVar

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    Clause,
    CluePuzzle,
    CpModel,
    Exactly,
    GradingHints,
    Instance,
    PuzzleError,
    Rules,
    Speed,
    at_place,
    known_key,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import overlap, read_tokens
from ..lab.toolkit.cellgrid import CellRow, GridArray
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, PuzzLinkCodec, Pzprv3Codec, TathamCodec
from ..lab.toolkit.counting import exact_sums
from ..lab.toolkit.framed import tatham_least
from ..lab.toolkit.numbering import NumberClues
from ..lab.toolkit.puzzlink import UNKNOWN as LINK_UNKNOWN
from ..lab.toolkit.puzzlink import Cursor, PuzzLink, write_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import GameId, tatham_cells, tatham_encode
from ..lab.toolkit.textgrid import Element, JsonObject, Token, char_rows, numbered_lines, rectangular

Cell = tuple[int, int]
Solution = tuple[int, ...]  # bridges per pair, in `params.pairs` order
# Size limit: connectivity goes in as cuts, one solver call each; a 40x40 board with 30%
# islands (about 130 of them: the growth stops early) checks in a fraction of a second and
# generates in seconds.
SIZE = BoardLimit(40, 40, 1, 1)
EARLY = SIZE.early("bridges")  # the readers' size check, before any cell is read
MAX_BRIDGES = 4  # Tatham's MAX_BRIDGES: m1 .. m4
TATHAM_LEAST = 3  # validate_params: "Width and height must be at least 3"
SYMBOLS = "0123456789ABCDEFG"  # a count as one character: 10..16 as Tatham writes them (A..G)
UNKNOWN = "?"  # an island whose count is left out
EMPTY = "."
H_GLYPHS = ("", "-", "=", "\u2261", "\u2263")  # a horizontal bridge of 1..4 (Tatham: '-', '=')
V_GLYPHS = ("", "|", '"', "\u2980", "\u2503")  # a vertical bridge of 1..4 (Tatham: '|', '"')


# A bridge in an answer: two cells (r1c1, r1,c1 or (1, 1)) joined by a dash, `to` or an arrow,
# then its count after a space, `:`, `=` or `x` (groups: row, column, row, column, count). A
# count is never the first number of a cell that follows: `(1,1)-(1,3), (2,1)-...`.
_CELL = r"\(?[ \t]*(?:r[ \t]*)?(\d{1,3})[ \t]*(?:,[ \t]*c?|c)[ \t]*(\d{1,3})[ \t]*\)?"
BRIDGE = (rf"{_CELL}[ \t]*(?:<?-+>?|<?=+>|\u2013|\u2014|\u2192|\u2194|to)[ \t]*{_CELL}"
          r"(?:[ \t]*[:=x\u00d7*,]?[ \t]*\(?(\d{1,3})(?!\d)(?![ \t]*(?:,|c)[ \t]*\d))?")


def cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


@dataclass(frozen=True)
class Pair:
    """Two islands in line with nothing between: `a` above or left of `b`."""

    a: Cell
    b: Cell

    @property
    def horizontal(self) -> bool:
        return self.a[0] == self.b[0]

    def between(self) -> list[Cell]:
        """The cells a bridge of this pair covers (none for islands side by side)."""
        (r1, c1), (r2, c2) = self.a, self.b
        if self.horizontal:
            return [(r1, c) for c in range(c1 + 1, c2)]
        return [(r, c1) for r in range(r1 + 1, r2)]

    @property
    def name(self) -> str:
        return f"{cell_name(self.a)}-{cell_name(self.b)}"


@dataclass(frozen=True)
class BridgesParams:
    """A width x height board, its islands (sorted, distinct), at most `most` bridges per
    pair, and whether the bridges may form loops (Tatham's `L` flag forbids them)."""

    width: int
    height: int
    islands: tuple[Cell, ...]
    most: int = 2
    loops: bool = True

    def __post_init__(self) -> None:
        SIZE.check("bridges", self.width, self.height)
        if tuple(sorted(set(self.islands))) != self.islands:
            raise PuzzleError("bridges params: islands must be sorted and distinct")
        for r, c in self.islands:
            if not (0 <= r < self.height and 0 <= c < self.width):
                raise PuzzleError(f"island {cell_name((r, c))} is off the {self.width}x{self.height} board")
        if len(self.islands) < 2:
            raise PuzzleError(f"a bridges board needs at least two islands, found {len(self.islands)}")
        if not 1 <= self.most <= MAX_BRIDGES:
            raise PuzzleError(f"at most {quote(self.most)} bridges per pair: it must be 1 to {MAX_BRIDGES}")

    @cached_property
    def pairs(self) -> tuple[Pair, ...]:
        """Every pair of islands a bridge may join: neighbours in a row, then in a column."""
        rows: dict[int, list[Cell]] = {}
        cols: dict[int, list[Cell]] = {}
        for cell in self.islands:
            rows.setdefault(cell[0], []).append(cell)
            cols.setdefault(cell[1], []).append(cell)
        out = [Pair(a, b) for line in rows.values() for a, b in zip(line, line[1:])]
        for line in cols.values():
            line.sort()
            out += [Pair(a, b) for a, b in zip(line, line[1:])]
        return tuple(out)

    @cached_property
    def crossings(self) -> tuple[tuple[int, int], ...]:
        """Index pairs (horizontal pair, vertical pair) whose bridges would cross."""
        hs = [(i, p) for i, p in enumerate(self.pairs) if p.horizontal and p.b[1] - p.a[1] > 1]
        vs = [(j, p) for j, p in enumerate(self.pairs) if not p.horizontal and p.b[0] - p.a[0] > 1]
        by_col: dict[int, list[tuple[int, Pair]]] = {}
        for j, v in vs:
            by_col.setdefault(v.a[1], []).append((j, v))
        out = []
        for i, h in hs:
            for c in range(h.a[1] + 1, h.b[1]):
                out += [(i, j) for j, v in by_col.get(c, ()) if v.a[0] < h.a[0] < v.b[0]]
        return tuple(out)

    @cached_property
    def ends(self) -> tuple[tuple[int, int], ...]:
        """Each pair's two islands as indices into `islands`."""
        index = {cell: i for i, cell in enumerate(self.islands)}
        return tuple((index[p.a], index[p.b]) for p in self.pairs)

    @cached_property
    def at(self) -> dict[Cell, tuple[int, ...]]:
        """The pairs (indices) each island belongs to."""
        out: dict[Cell, list[int]] = {cell: [] for cell in self.islands}
        for i, p in enumerate(self.pairs):
            out[p.a].append(i)
            out[p.b].append(i)
        return {cell: tuple(v) for cell, v in out.items()}


def groups(params: BridgesParams, solution: Sequence[int]) -> list[list[Cell]]:
    """The islands joined by used pairs, one list per connected group (union-find)."""
    root = list(range(len(params.islands)))

    def find(i: int) -> int:
        while root[i] != i:
            root[i] = root[root[i]]
            i = root[i]
        return i

    for (a, b), n in zip(params.ends, solution):
        if n:
            root[find(a)] = find(b)
    out: dict[int, list[Cell]] = {}
    for i, cell in enumerate(params.islands):
        out.setdefault(find(i), []).append(cell)
    return list(out.values())


def find_loop(params: BridgesParams, solution: Sequence[int]) -> list[int] | None:
    """The pairs (indices) of one loop of used pairs, or None when they form a forest."""
    parent: dict[Cell, tuple[Cell, int] | None] = {}
    link: dict[Cell, list[tuple[Cell, int]]] = {cell: [] for cell in params.islands}
    for i, (p, n) in enumerate(zip(params.pairs, solution)):
        if n:
            link[p.a].append((p.b, i))
            link[p.b].append((p.a, i))
    for root in params.islands:
        if root in parent:
            continue
        parent[root] = None
        todo = [root]
        while todo:
            cell = todo.pop()
            came = parent[cell]
            for nb, i in link[cell]:
                if came is not None and came[1] == i:
                    continue
                if nb in parent:  # a second way to nb: the loop is both paths up to where they meet
                    return _loop_through(parent, cell, nb, i)
                parent[nb] = (cell, i)
                todo.append(nb)
    return None


def _loop_through(parent: dict[Cell, tuple[Cell, int] | None], a: Cell, b: Cell, closing: int) -> list[int]:
    """The pairs of the tree paths from `a` and `b` up to their meeting point, and `closing`."""
    def path(cell: Cell) -> list[tuple[Cell, int | None]]:
        out: list[tuple[Cell, int | None]] = [(cell, None)]
        while (up := parent[cell]) is not None:
            cell = up[0]
            out[-1] = (out[-1][0], up[1])
            out.append((cell, None))
        return out

    pa, pb = path(a), path(b)
    on_b = {cell for cell, _ in pb}
    meet = next(cell for cell, _ in pa if cell in on_b)
    pairs = [closing]
    for steps in (pa, pb):
        for cell, i in steps:
            if cell == meet:
                break
            if i is not None:
                pairs.append(i)
    return pairs


def island_counts(params: BridgesParams, solution: Sequence[int]) -> dict[Cell, int]:
    """How many bridges each island has in `solution`."""
    counts = [0] * len(params.islands)
    for (a, b), n in zip(params.ends, solution):
        counts[a] += n
        counts[b] += n
    return dict(zip(params.islands, counts))


def check_clue(params: BridgesParams, key: Any, value: Any) -> None:
    """Refuse a clue on no island, or one that is not a count."""
    if not known_key(key, params.at):
        raise PuzzleError(f"clue {key} is not an island of the {params.width}x{params.height} board")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PuzzleError(f"count {quote(value)} for island {cell_name(key)} is not a number of bridges")


@dataclass
class BridgesVars:
    level: list[list[int]]  # level[p][k]: pair p has at least k + 1 bridges
    eq: dict[Cell, list[int]]  # eq[island][n]: the island has n bridges (with counters)
    false: int  # a literal that is always false (a count no island can reach)


class Bridges(NumberClues, CluePuzzle[BridgesParams, Cell, Solution]):
    name = "bridges"
    clue_word = "bridges"
    # cacheable: a count is one literal of a counter built with the rules
    # propagation: 97% of generated 7x7 boards grade 0: the try pays
    speed = Speed(rules_cacheable=True)
    grading = GradingHints(mostly_propagation=True)
    aliases = ("hashi", "hashiwokakero")
    title = "Bridges (Hashiwokakero)"
    rules_text = ("Join the islands with horizontal and vertical bridges, at most two between a pair (Tatham's m), "
                  "none crossing another or an island, so that each island has as many bridges as its number and "
                  "all islands are connected.")
    tatham_game: ClassVar[str | None] = "bridges"
    codecs = (MethodCodec("text", solutions=True),
              GridArray(limit=EARLY, call="np.array", empty="the array has no cells", first_row=True),
              TathamCodec(), JsonCodec(solution_key="bridges"), PuzzLinkCodec(genres=("hashikake",)),
              Pzprv3Codec(genres=("hashikake",)))
    size = SIZE
    example = "..2.2\n.....\n1...3\n.....\n2.4.4"

    # ---- text forms ---------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], most: int = 2, loops: bool = True,
                  line: int | None = None) -> Instance:
        """Rows of cell tokens: '.' empty, a count (0..9, A..G for 10..16) or '?' for an
        island, each token with where it stands."""
        rectangular(rows, numbered=True)
        SIZE.check(self.name, len(rows[0]), len(rows), line=rows[0][0].line if rows[0] else line)
        islands, clues = [], {}
        for r, row in enumerate(rows):
            for c, t in enumerate(row):
                value = self._cell(t)
                if value is None:
                    continue
                islands.append((r, c))
                if value != UNKNOWN:
                    clues[(r, c)] = value
        with at_place(line):
            params = BridgesParams(len(rows[0]), len(rows), tuple(islands), most, loops)
        return Instance(self.name, params, clues)

    @staticmethod
    def _cell(t: Token) -> int | str | None:
        """A cell token's meaning: None (empty), UNKNOWN, or a count."""
        text = t.text.strip()
        if text in ("", EMPTY, "_", "-"):
            return None
        if text == UNKNOWN:
            return UNKNOWN
        if len(text) == 1 and text in SYMBOLS:
            return SYMBOLS.index(text)
        if text.isdecimal() and text.isascii() and int(text) < len(SYMBOLS):
            return int(text)
        raise PuzzleError(f"bad cell {quote(text)} (a count 0..9 or A..G for 10..16, "
                          f"'{UNKNOWN}' for an island without one, '{EMPTY}' for water)", t.line, t.column)

    def read_text(self, text: str) -> Instance:
        """Optional first line `max N` and/or `noloops`, then rows of cells."""
        lines = numbered_lines(text)
        most, loops, header = 2, True, None
        if lines and re.match(r"\s*(max|noloops)\b", lines[0][1], re.IGNORECASE):
            header, words = lines[0][0], lines[0][1].lower().split()
            most, loops = self._header(words, header)
            kept = text.splitlines()
            kept[header - 1] = ""
            text = "\n".join(kept)
            if not numbered_lines(text):
                raise PuzzleError("no rows of cells after the header line", header)
        return self._instance(char_rows(text, limit=EARLY), most, loops, header or (lines[0][0] if lines else None))

    @staticmethod
    def _header(words: list[str], line: int) -> tuple[int, bool]:
        most, loops, i = 2, True, 0
        while i < len(words):
            if words[i] == "noloops":
                loops = False
            elif words[i] == "max" and i + 1 < len(words) and words[i + 1].isdecimal() and words[i + 1].isascii():
                most = int(words[i + 1])
                i += 1
            else:
                raise PuzzleError(f"bad header word {quote(words[i])} (expected 'max N' and/or 'noloops')", line)
            i += 1
        if not 1 <= most <= MAX_BRIDGES:
            raise PuzzleError(f"max {most} bridges per pair: it must be 1 to {MAX_BRIDGES}", line)
        return most, loops

    def array_cell(self, e: Element, r: int, c: int) -> str:
        """Seed 000's cell: ' ' for water, a count as a string ('3') or a number."""
        if isinstance(e.value, bool) or not isinstance(e.value, (int, str)):
            raise PuzzleError(f"bad cell {quote(e.value)} (a count as a string or number, ' ' for water)",
                              e.line, e.column)
        return str(e.value)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        return self._instance(rows, line=rows[0].line)

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH[iN][eN][mN][L][dN]:desc` (bridges.c): in the description a..z are runs of
        1..26 water cells, 1..9 and A..G an island with that count (10..16)."""
        m = re.fullmatch(r"(\d+)(?:x(\d+))?(?:i\d+)?(?:e\d+)?(?:m(\d+))?(L)?(?:d\d+)?", game.head)
        if not m:
            raise PuzzleError(f"bad Bridges parameters {quote(game.head)} (expected like 7x7m2 or "
                              "10x10i30e10m2d0)", game.line, game.column)
        width = int(m.group(1))
        height = int(m.group(2)) if m.group(2) else width
        most = int(m.group(3)) if m.group(3) else 2
        SIZE.check(self.name, width, height, line=game.line, column=game.column)
        tatham_least("Bridges", TATHAM_LEAST, width, height, game.line, game.column)
        if not 1 <= most <= MAX_BRIDGES:
            raise PuzzleError(f"m{most}: at most 1 to {MAX_BRIDGES} bridges per pair", game.line, game.column)
        flat = tatham_cells(game, width * height, {ch: ch for ch in SYMBOLS[1:]}, EMPTY)
        rows = [[Token(str(flat[r * width + c]), game.line, game.desc_column) for c in range(width)]
                for r in range(height)]
        inst = self._instance(rows, most, m.group(4) is None, game.line)
        for r, c in inst.params.islands:
            if (r, c + 1) in inst.params.at or (r + 1, c) in inst.params.at:
                raise PuzzleError(f"islands {cell_name((r, c))} and its neighbour are joined: Tatham's Bridges "
                                  "has no islands side by side", game.line, game.desc_column)
        return inst

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's `hashikake`: a number per cell (`numbers16`), an island where one stands
        (`.`: an island without its count); at most two bridges a pair, loops allowed."""
        SIZE.check(self.name, link.cols, link.rows, line=1, column=link.column)
        cursor = Cursor(link.body, link.column)
        values = cursor.read_numbers16(link.cols * link.rows)
        rows = []
        for r in range(link.rows):
            row = []
            for c in range(link.cols):
                v = values[r * link.cols + c]
                if v is not None and v >= len(SYMBOLS):
                    raise PuzzleError(f"island r{r + 1}c{c + 1} needs {v} bridges: at most {len(SYMBOLS) - 1}",
                                      1, link.column)
                text = EMPTY if v is None else UNKNOWN if v == LINK_UNKNOWN else SYMBOLS[v]
                row.append(Token(text, 1, link.column))
            rows.append(row)
        try:
            return self._instance(rows, 2, True, 1)
        except PuzzleError as err:  # too few islands: said where the body starts
            raise PuzzleError(err.message, 1, err.column or link.column) from None

    def puzzlink(self, inst: Instance) -> PuzzLink:
        """The `hashikake` address: puzz.link allows two bridges a pair and loops, nothing else."""
        p = inst.params
        if p.most != 2 or not p.loops:
            raise PuzzleError("puzz.link's Bridges (hashikake) allows at most 2 bridges a pair and loops: "
                              "this board says otherwise")
        values: list[int | None] = [None] * (p.width * p.height)
        for r, c in p.islands:
            n = inst.clues.get((r, c))
            values[r * p.width + c] = LINK_UNKNOWN if n is None else n
        return PuzzLink("hashikake", p.width, p.height, write_numbers16(values))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Solution]:
        """The islands (a number, `-` one without its count), then the bridges on each edge
        between two cells (`-1` the player's cross: none); a pair's count is on each edge it
        covers. At most two bridges a pair and loops allowed, as in the address."""
        def cell(t: Token) -> Token:
            if t.text in (".", "-"):
                return Token(EMPTY if t.text == "." else UNKNOWN, t.line, t.column)
            if not (t.text.isdecimal() and int(t.text) < len(SYMBOLS)):
                raise bad_item(t, f"is no island (a count 0..{len(SYMBOLS) - 1}, or - for one not given)")
            return Token(SYMBOLS[int(t.text)], t.line, t.column)
        inst = self._instance([[cell(t) for t in row] for row in pzl.tokens()], 2, True, 3)
        right, below = pzl.borders()

        def count(item: str) -> int:
            return max(int(item), 0) if item.lstrip("-").isdecimal() else 0
        return inst, tuple(count((right if pair.horizontal else below)[pair.a[0]][pair.a[1]])
                           for pair in inst.params.pairs)

    def pzprv3(self, inst: Instance, solution: Solution | None) -> Pzprv3Writer:
        p = inst.params
        if p.most != 2 or not p.loops:
            raise PuzzleError("pzprjs's Bridges (hashikake) allows at most 2 bridges a pair and loops: "
                              "this board says otherwise")
        right = [[0] * (p.width - 1) for _ in range(p.height)]
        below = [[0] * p.width for _ in range(p.height - 1)]
        for pair, n in zip(p.pairs, solution or ()):
            (r1, c1), (r2, c2) = pair.a, pair.b
            for r, c in [(r1, c) for c in range(c1, c2)] if pair.horizontal else [(r, c1) for r in range(r1, r2)]:
                (right if pair.horizontal else below)[r][c] = n
        islands = set(p.islands)

        def island(r: int, c: int) -> Any:
            return "." if (r, c) not in islands else inst.clues.get((r, c), "-")
        return Pzprv3Writer("hashikake", p.height, p.width).grid(island).borders(right, below)

    def from_json(self, text: str) -> Instance:
        """`grid`: rows like "2.3." ('?' an island without its count); `max` bridges a pair
        (2), `loops` (true); `width` and `height`, when given, the grid's."""
        doc = JsonObject(text, self.name, ("width", "height", "max", "loops", "grid"), self.aliases)
        most, loops = doc.integer("max", 2, 1, MAX_BRIDGES), doc.boolean("loops", True)
        rows = [[Token(v if isinstance(v, str) else repr(v), 1, None) for v in row]
                for row in doc.board("grid", EARLY)]
        return self._instance(rows, most, loops, 1)

    def rows(self, inst: Instance) -> list[list[str]]:
        """Each cell as one character: '.', '?' or the count's symbol."""
        p = inst.params
        out = [[EMPTY] * p.width for _ in range(p.height)]
        for r, c in p.islands:
            n = inst.clues.get((r, c))
            out[r][c] = UNKNOWN if n is None else SYMBOLS[n]
        return out

    def write_text(self, inst: Instance) -> str:
        p = inst.params
        header = " ".join(([f"max {p.most}"] if p.most != 2 else []) + ([] if p.loops else ["noloops"]))
        return "\n".join(([header] if header else []) + ["".join(row) for row in self.rows(inst)])

    def write_text_solution(self, inst: Instance, solution: Solution) -> str:
        return "\n".join(self.picture(inst, solution))

    def array_board(self, inst: Instance) -> list[list[str]]:
        if inst.params.most != 2 or not inst.params.loops:
            raise PuzzleError("seed 000's array has no place for 'max' or 'noloops': use text, tatham or json")
        return [[" " if ch == EMPTY else ch if ch == UNKNOWN else str(SYMBOLS.index(ch)) for ch in row]
                for row in self.rows(inst)]

    def array_solution(self, inst: Instance, solution: Solution) -> list[list[str]]:
        """Seed 000's output: each island's bridges right, left, down, up."""
        p = inst.params
        ways = {cell: [0, 0, 0, 0] for cell in p.islands}
        for pair, n in zip(p.pairs, solution):
            ways[pair.a][0 if pair.horizontal else 2] = n
            ways[pair.b][1 if pair.horizontal else 3] = n
        grid = [[""] * p.width for _ in range(p.height)]
        for (r, c), w in ways.items():
            grid[r][c] = "".join(map(str, w))
        return grid

    def tatham_id(self, inst: Instance) -> str:
        """As bridges.c's encode_params (short form) and encode_game write it."""
        p = inst.params
        rows = self.rows(inst)
        tatham_least("Bridges", TATHAM_LEAST, p.width, p.height)
        if any(ch == UNKNOWN for row in rows for ch in row):
            raise PuzzleError("Tatham's Bridges gives every island's count: a board with counts left out has no "
                              "game ID")
        if any(ch == "0" for row in rows for ch in row):
            raise PuzzleError("Tatham's Bridges has no island with count 0")
        for r, c in p.islands:
            if (r, c + 1) in p.at or (r + 1, c) in p.at:
                raise PuzzleError(f"Tatham's Bridges has no islands side by side ({cell_name((r, c))})")
        cells = [ch for row in rows for ch in row]
        return f"{p.width}x{p.height}m{p.most}{'' if p.loops else 'L'}:" + tatham_encode(cells, EMPTY)

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p = inst.params
        return {"width": p.width, "height": p.height, "max": p.most, "loops": p.loops,
                "grid": ["".join(row) for row in self.rows(inst)]}

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: counts (or '?'), '·' for water."""
        from ..lab.face.share import NONE, box_grid

        return box_grid([["\u00b7" if ch == EMPTY else ch for ch in row] for row in self.rows(inst)],
                        inner=NONE, pad=0)

    def picture(self, inst: Instance, solution: Solution) -> list[str]:
        """The solved board as Tatham's text form draws it: counts, '-' '=' across, '|' '"'
        down ('\u2261' '\u2263', '\u2980' '\u2503' for 3 and 4 bridges)."""
        p = inst.params
        out = self.rows(inst)
        counts = island_counts(p, solution)
        for r, c in p.islands:
            out[r][c] = SYMBOLS[counts[(r, c)]] if counts[(r, c)] < len(SYMBOLS) else "#"
        for pair, n in zip(p.pairs, solution):
            for r, c in pair.between() if n else ():
                out[r][c] = (H_GLYPHS if pair.horizontal else V_GLYPHS)[min(n, MAX_BRIDGES)]
        return ["".join(row) for row in out]

    def solution_json(self, inst: Instance, solution: Solution) -> list[dict]:
        return [{"from": list(p.a), "to": list(p.b), "bridges": n} for p, n in zip(inst.params.pairs, solution) if n]

    def differences(self, a: Solution, b: Solution) -> list[str]:
        """Pairs with different bridges (a solution is no grid). Both solutions belong to one
        board; without it the pairs are numbered."""
        return [f"pair {i + 1}: {x} vs {y} bridges" for i, (x, y) in enumerate(zip(a, b)) if x != y]

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, one character a cell: `.` water, a digit (A..G for 10..16) an island "
                    "needing that many bridges, `?` an island whose number is not given; rows count from 1 at "
                    "the top, columns from 1 at the left. A first line `max N` allows up to N bridges between "
                    "two islands, `noloops` forbids the bridges to form a loop")
    answer_format = ("one line per pair of islands joined by bridges, in any order: the two islands as rNcM (row N, "
                     "column M, both counted from 1), joined by `-`, then a space and the number of bridges "
                     "between them, e.g. `r1c1-r1c3 2`; pairs without a bridge are left out")

    def answer_text(self, inst: Instance, solution: Solution) -> str:
        return "\n".join(f"{pair.name} {n}" for pair, n in zip(inst.params.pairs, solution) if n)

    def read_answer(self, inst: Instance, text: str) -> Solution:
        """Lines like `r1c1-r1c3 2`, read leniently: any case, `(1,1)` for a cell, `to`, an
        en dash or an arrow between the islands, `:`, `=` or `x` before the count (none: one
        bridge); either island first; a pair listed twice must say the same count."""
        p = inst.params
        index = {(pair.a, pair.b): i for i, pair in enumerate(p.pairs)}
        counts = [0] * len(p.pairs)
        said: dict[int, int] = {}
        for m in read_tokens(text, BRIDGE, "bridge like r1c1-r1c3 2"):
            a, b = sorted([(int(m.group(1)) - 1, int(m.group(2)) - 1), (int(m.group(3)) - 1, int(m.group(4)) - 1)])
            i = index.get((a, b))
            if i is None:
                raise PuzzleError(f"{quote(m.group(0).strip())}: {cell_name(a)} and {cell_name(b)} are not two "
                                  "islands in one row or column with nothing between")
            n = int(m.group(5) or 1)
            if said.get(i, n) != n:
                raise PuzzleError(f"{p.pairs[i].name} is given {said[i]} and {n} bridges")
            said[i] = counts[i] = n
        return tuple(counts)

    def answer_credit(self, inst: Instance, answer: Solution, reference: Solution) -> float:
        """The bridges both have over the bridges either has (`overlap`): most pairs have none."""
        return overlap(answer, reference)

    def canonical(self, inst: Instance) -> str:
        """The least text form of the eight rotations and reflections (the rules don't care)."""
        p = inst.params
        return f"{p.most}{'' if p.loops else 'L'}:" + least_text(self.rows(inst))

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Solution | None = None) -> None:
        """As Tatham's Bridges: islands as circles with their numbers, no grid; in the
        solution, each bridge as one line per bridge, side by side."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        board.grid(lines=False)
        if solution is not None:
            for pair, n in zip(p.pairs, solution):
                for k in range(n):
                    off = (k - (n - 1) / 2) * 0.16
                    (r1, c1), (r2, c2) = pair.a, pair.b
                    if pair.horizontal:
                        board.line([(r1 + off, c1), (r2 + off, c2)], "black", 0.06)
                    else:
                        board.line([(r1, c1 + off), (r2, c2 + off)], "black", 0.06)
        for r, c in p.islands:
            board.circle(r, c, 0.4, face="white", edge="black", ring=0.05)
            clue = inst.clues.get((r, c))
            if clue is not None:
                board.text(r, c, str(clue), 0.5)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: BridgesParams, pool: IDPool) -> Rules:
        return self._rules(params, pool, counters=True)

    def one_shot_rules(self, params: BridgesParams, pool: IDPool) -> Rules:
        """Without the counters: a one-shot session takes the counts natively (`clue_counts`)."""
        return self._rules(params, pool, counters=False)

    def _rules(self, params: BridgesParams, pool: IDPool, counters: bool) -> Rules:
        """Level variables per pair (k + 1 bridges imply k), no two crossing pairs both used,
        every island with a bridge (the one-island case of connectivity, up front); with
        `counters`, a unary counter per island whose "exactly n" literals are the clues."""
        m = params.most
        first = variable_block(pool, len(params.pairs) * m) if params.pairs else 0
        level = [[first + i * m + k for k in range(m)] for i in range(len(params.pairs))]
        false = pool.id(("bridges", "false"))
        clauses: list[Clause] = [[-false]]
        for lv in level:
            clauses += [[-lv[k + 1], lv[k]] for k in range(m - 1)]
        clauses += [[-level[i][0], -level[j][0]] for i, j in params.crossings]
        clauses += [[level[i][0] for i in params.at[cell]] for cell in params.islands]
        eq = {cell: exact_sums(pool, [level[i] for i in params.at[cell]], clauses, false, len(params.at[cell]) * m)
              for cell in params.islands} if counters else {}
        return Rules(clauses, [v for lv in level for v in lv], BridgesVars(level, eq, false), partial_rounds=counters)

    def clue_clauses(self, params: BridgesParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        check_clue(params, key, value)
        data: BridgesVars = rules.data
        eq = data.eq[key]
        return [[eq[value] if value < len(eq) else data.false]]

    def clue_counts(self, params: BridgesParams, rules: Rules, key: Cell, value: int) -> list[Exactly]:
        check_clue(params, key, value)
        level = rules.data.level
        return [Exactly(tuple(v for i in params.at[key] for v in level[i]), value)]

    def decode(self, params: BridgesParams, rules: Rules, true_vars) -> Solution:
        return tuple(sum(1 for v in lv if v in true_vars) for lv in rules.data.level)

    def solution_literals(self, params: BridgesParams, rules: Rules, solution: Solution) -> list[int]:
        return [v if k < n else -v for lv, n in zip(rules.data.level, solution) for k, v in enumerate(lv)]

    def cuts(self, params: BridgesParams, rules: Rules, solution: Solution, true_vars) -> list[Clause]:
        """Connectivity and, without loops, no loop: clauses every solution of every board
        with these islands keeps, which this candidate breaks.

        For a group G of islands joined among themselves but to no other (the candidate has
        several), some pair with one island in G and one outside is used in any solution:
        all islands are connected and G is not all of them. For a loop of used pairs when
        loops are forbidden: not all of its pairs are used."""
        level = rules.data.level
        out = []
        found = groups(params, solution)
        if len(found) > 1:
            for group in found:
                inside = set(group)
                out.append(sorted({level[i][0] for cell in group for i in params.at[cell]
                                   if params.pairs[i].a not in inside or params.pairs[i].b not in inside}))
        if not params.loops and not out:
            loop = find_loop(params, solution)
            if loop is not None:
                out.append([-level[i][0] for i in loop])
        return out

    def dead_end(self, params: BridgesParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """The grade's view of the lazy rules on a partial assignment: the pairs not yet ruled
        out must still join every island (a group they close off can never reach the rest),
        and without loops, the pairs already used must not close one."""
        level = rules.data.level
        if len(groups(params, [0 if holds(-lv[0]) else 1 for lv in level])) > 1:
            return True
        return not params.loops and find_loop(params, [1 if holds(lv[0]) else 0 for lv in level]) is not None

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """A bridge count per pair (0..most) and a used flag; crossing pairs not both used;
        counts as sums. Connectivity by BFS distance from the first island: each other
        island's distance is 1 + the least distance of an island it has a bridge to (an
        unused pair counts as `far`), and every distance is below `far` (a group cut off
        from the first island has no least distance to start from). The distances are a
        function of the bridges, so enumeration yields each solution once. Without loops,
        the used pairs are one fewer than the islands (connected: a tree)."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        bridges = [model.new_int_var(0, p.most, f"b{i}") for i in range(len(p.pairs))]
        used = [model.new_bool_var(f"u{i}") for i in range(len(p.pairs))]
        for b, u in zip(bridges, used):
            model.add(b >= 1).only_enforce_if(u)
            model.add(b == 0).only_enforce_if(~u)
        for i, j in p.crossings:
            model.add_bool_or([~used[i], ~used[j]])
        for cell, n in inst.clues.items():
            model.add(sum(bridges[i] for i in p.at[cell]) == n)
        far = len(p.islands)
        dist = {cell: model.new_int_var(0, far - 1, f"d{cell}") for cell in p.islands}
        model.add(dist[p.islands[0]] == 0)
        for cell in p.islands[1:]:
            terms = []
            for i in p.at[cell]:
                other = p.pairs[i].b if p.pairs[i].a == cell else p.pairs[i].a
                t = model.new_int_var(0, far, "")
                model.add(t == dist[other]).only_enforce_if(used[i])
                model.add(t == far).only_enforce_if(~used[i])
                terms.append(t)
            if not terms:
                model.add_bool_or([])  # an island with no pair can never be reached
                continue
            nearest = model.new_int_var(0, far, "")
            model.add_min_equality(nearest, terms)
            model.add(dist[cell] == nearest + 1)
        if not p.loops:
            model.add(sum(used) == far - 1)
        return CpModel(model, bridges, lambda value: tuple(int(value(b)) for b in bridges))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: BridgesParams) -> Iterable[Solution]:
        """Every way to give each pair 0..most bridges."""
        if (params.most + 1) ** len(params.pairs) > 10 ** 6:
            raise PuzzleError(f"{len(params.pairs)} pairs of islands are too many to enumerate")
        return product(range(params.most + 1), repeat=len(params.pairs))

    def verify(self, inst: Instance, solution: Solution) -> list[str]:
        p = inst.params
        if len(solution) != len(p.pairs):
            return [f"solution gives {len(solution)} bridge counts for {len(p.pairs)} pairs of islands"]
        problems = []
        for pair, n in zip(p.pairs, solution):
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= p.most:
                shown = n if isinstance(n, int) and not isinstance(n, bool) else quote(n)
                problems.append(f"{pair.name}: {shown} bridges, not 0 to {p.most}")
        if problems:
            return problems
        over: dict[Cell, Pair] = {}  # the water each used pair's bridges cover
        for pair, n in zip(p.pairs, solution):
            for cell in pair.between() if n else ():
                if cell in over:
                    problems.append(f"bridges {over[cell].name} and {pair.name} cross at {cell_name(cell)}")
                over[cell] = pair
        counts = island_counts(p, solution)
        for cell, want in sorted(inst.clues.items()):
            if counts[cell] != want:
                problems.append(f"island {cell_name(cell)} has {counts[cell]} bridges, its number says {want}")
        found = groups(p, solution)
        if len(found) > 1:
            problems.append(f"the islands form {len(found)} separate groups, not one")
        if not p.loops:
            loop = find_loop(p, solution)
            if loop is not None:
                problems.append("the bridges form a loop: " + ", ".join(p.pairs[i].name for i in sorted(loop)))
        return problems


PUZZLE = Bridges()
