"""Tents: text forms, rules, decoding, verification.

Rules: some cells of a width x height grid hold trees (the structure, `params`). Place
tents in other cells so that
(1) the tents and the trees pair up one to one, each tent horizontally or vertically
    next to its own tree (a tent may touch other trees as well),
(2) no two tents touch, not even diagonally,
(3) each row and each column holds as many tents as its count says.
The clues are the row and column counts (Tatham gives them all; a stripped puzzle may
leave some out). One variable per cell (true = tent) is primary; the pairing is auxiliary:
a variable per tree and neighbouring cell, each tree in exactly one pair, each tent in
exactly one, so a layout with several pairings is still one solution. Each line's count
is a unary counter built with the rules, and a count clue is one literal of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any

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
    known_key,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import answer_body, read_grid
from ..lab.toolkit.counting import exact_counts
from ..lab.toolkit.framed import board_with_sides, clue_number, edge_codecs, side_lists, tatham_least
from ..lab.toolkit.matching import bipartite_matching
from ..lab.toolkit.puzzlink import UNKNOWN as PUZZLINK_UNKNOWN
from ..lab.toolkit.puzzlink import Cursor, PuzzLink, refuse_flags, size_column, write_numbers16, write_one_cell
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, side_number
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.tatham import GameId, tatham_size
from ..lab.toolkit.textgrid import (
    JsonObject,
    Token,
    array_rows,
    json_shown,
    line_tokens,
    numbered_lines,
    rectangular,
    write_array,
)

Cell = tuple[int, int]
Grid = tuple[tuple[bool, ...], ...]  # True = tent
Key = tuple[str, int]  # ("row", r) or ("col", c), both from 0
# Size limit: a 40x40 board (320 trees) checks in well under a second.
SIZE = BoardLimit(40, 40, 2, 2)
EARLY = SIZE.early("tents")  # the readers' size check, before any cell is read
TATHAM_LEAST = 4  # Tatham's Tents refuses smaller boards (validate_params)
UNKNOWN = "?"  # a count left out (a stripped puzzle)
PUZZLINK_GENRES = ("tents",)
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
# An answer's cells: a tent (E as our solution text writes it, or a drawn one), a tree, empty.
ANSWER_CELLS = {**dict.fromkeys(("E", "A", "^", "▲", "⛺"), True), "T": None,
                **dict.fromkeys((".", "_", "-", "·"), False)}
COUNT_AFTER = re.compile(r"^(.*?\S)[\s,;|]+\(?(?:\d+|\?)\)?[\s|]*$")  # a row with its count copied after it
COUNTS_ONLY = re.compile(r"^[\s\d?,;|()]*\d[\s\d?,;|()]*$")  # the line of column counts


@dataclass(frozen=True)
class TentsParams:
    """A width x height board and where its trees stand (sorted (row, column) pairs)."""

    width: int
    height: int
    trees: tuple[Cell, ...] = ()

    def __post_init__(self) -> None:
        SIZE.check("tents", self.width, self.height)
        if tuple(sorted(set(self.trees))) != self.trees:
            raise PuzzleError("tents params: trees must be sorted and distinct")
        for r, c in self.trees:
            if not (0 <= r < self.height and 0 <= c < self.width):
                raise PuzzleError(f"tree r{r + 1}c{c + 1} is off the {self.width}x{self.height} board")

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.height) for c in range(self.width)]

    def neighbours(self, r: int, c: int) -> list[Cell]:
        """The orthogonal neighbours of (r, c) on the board."""
        return [(r + dr, c + dc) for dr, dc in ORTHOGONAL
                if 0 <= r + dr < self.height and 0 <= c + dc < self.width]

    def spots(self) -> list[Cell]:
        """The cells that may hold a tent: not a tree, next to a tree, in reading order. From
        the trees out, not from every cell in (each board's rules ask once)."""
        return sorted({cell for tree in self.trees for cell in self.neighbours(*tree)} - set(self.trees))


def keys(params: TentsParams) -> list[Key]:
    """Every count, in Tatham's order: the columns, then the rows."""
    return [("col", c) for c in range(params.width)] + [("row", r) for r in range(params.height)]


@cache
def key_set(width: int, height: int) -> frozenset[Key]:
    """`keys` as a set, once per shape: every count clue is checked against it (a dozen per
    record and repair)."""
    return frozenset(keys(TentsParams(width, height)))


def line_cells(params: TentsParams, key: Key) -> list[Cell]:
    kind, i = key
    if kind == "row":
        return [(i, c) for c in range(params.width)]
    return [(r, i) for r in range(params.height)]


def counts_of(params: TentsParams, tents: Sequence[Sequence[bool]]) -> dict[Key, int]:
    """The row and column counts of a tent layout."""
    return {key: sum(bool(tents[r][c]) for r, c in line_cells(params, key)) for key in keys(params)}


def matching(params: TentsParams, tents: Iterable[Cell]) -> dict[Cell, Cell] | None:
    """A pairing tree -> its tent, each tent next to its tree, one to one, or None when
    there is none. Plain Python, for `verify`."""
    tents = set(tents)
    if len(tents) != len(params.trees):
        return None
    return bipartite_matching(params.trees, lambda tree: (cell for cell in params.neighbours(*tree) if cell in tents))


# ---- SAT helpers ----------------------------------------------------------------------------
def check_count(params: TentsParams, key: Key, value: Any) -> None:
    """Refuse a count clue for no line of the board, or one that is not a count."""
    if not known_key(key, key_set(params.width, params.height)):
        raise PuzzleError(f"clue {key} is not a row or column of the {params.width}x{params.height} board")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PuzzleError(f"count {quote(value)} for {key} is not a number of tents")


def shown_count(n: int | None) -> str:
    """A count as the text form writes it: the number, or '?' when it is not given."""
    return UNKNOWN if n is None else str(n)


@dataclass
class TentsVars:
    tent: list[list[int]]
    eq: dict[Key, list[int]]  # eq[key][n]: the line holds n tents
    false: int  # a literal that is always false (a count no line can have)


class Tents(CluePuzzle[TentsParams, Key, Grid]):
    name = "tents"
    # cacheable: a count is one literal of a counter built with the rules
    # propagation: 60% of generated 8x8 boards grade 0: the try pays
    speed = Speed(rules_cacheable=True)
    grading = GradingHints(mostly_propagation=True)
    aliases = ("tents-and-trees",)
    title = "Tents (Tents and Trees)"
    rules_text = ("Pair every tree with a tent next to it (one to one); no two tents touch, even diagonally; "
                  "each row and column has its count of tents.")
    tatham_game = "tents"
    codecs = edge_codecs(refusal="a Tents game ID holds the trees and counts, not the tents: "
                                 "use convert tents FILE --to tatham for the puzzle", grid_solution=True,
                         puzzlink=PUZZLINK_GENRES, pzprv3=True)
    cell_names = {True: "tent", False: "empty"}
    size = SIZE
    example = "T... 2\nT..T 0\n...T 2\n.... 0\n1 1 1 1"

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: list[list[Token]], rows_counts: list[Token], cols_counts: list[Token],
                  line: int | None = None) -> Instance:
        """Rows of cells ('T' tree, '.' empty), and the counts as tokens ('?' unknown)."""
        rectangular(rows, numbered=True)
        width, height = len(rows[0]), len(rows)
        SIZE.check(self.name, width, height, line=line)
        trees = []
        for r, row in enumerate(rows):
            for c, t in enumerate(row):
                if t.text in ("T", "t"):
                    trees.append((r, c))
                elif t.text not in (".", " ", ""):
                    raise PuzzleError(f"bad cell {quote(t.text)} (T tree, . empty)", t.line, t.column)
        params = TentsParams(width, height, tuple(trees))
        clues: dict[Key, int] = {}
        for kind, tokens, size in (("col", cols_counts, width), ("row", rows_counts, height)):
            if len(tokens) != size:
                where = tokens[-1] if tokens else None
                raise PuzzleError(f"{len(tokens)} {'column' if kind == 'col' else 'row'} counts, expected {size}",
                                  where.line if where else line, where.column if where else None)
            for i, t in enumerate(tokens):
                value = self._count(t, len(line_cells(params, (kind, i))))
                if value is not None:
                    clues[(kind, i)] = value
        return Instance(self.name, params, clues)

    @staticmethod
    def _count(t: Token, most: int) -> int | None:
        value = clue_number(t.text, "count", t.line, t.column)
        if value is not None and value > most:
            raise PuzzleError(f"count {value} is more than the {most} cells of its line", t.line, t.column)
        return value

    def read_text(self, text: str) -> Instance:
        """Rows of cells, each followed by its row count; then a line of column counts."""
        lines = numbered_lines(text)
        if len(lines) < 2:
            raise PuzzleError("expected rows of cells, each with its count, then a line of column counts",
                              lines[0][0] if lines else None)
        EARLY(len(lines[0][1].split()[0]), len(lines) - 1, lines[0][0])  # the first row's cells, the rows
        rows, row_counts = [], []
        for n, line in lines[:-1]:
            tokens = line_tokens(line, n)
            if len(tokens) != 2:
                raise PuzzleError(f"a row is its cells and its count, like '.T.. 1': found {len(tokens)} words", n)
            cells, count = tokens
            rows.append([Token(ch, n, cells.shifted(i)) for i, ch in enumerate(cells.text)])
            row_counts.append(count)
        n, line = lines[-1]
        return self._instance(rows, row_counts, line_tokens(line, n), lines[0][0])

    def read_array(self, text: str) -> Instance:
        """Seed 000's arrays: `board = np.array([...])` of 'T' and ' ', then `side = np.array([...])`
        (row counts) and `top = np.array([...])` (column counts); None for a count left out."""
        sides, board_text = side_lists(text, ("side", "top"), lambda name: f"the array form needs '{name} = [...]' "
                                       f"({'row' if name == 'side' else 'column'} counts) after the board")
        vectors = {name: [Token("?" if v is None else str(v) if isinstance(v, int) and not isinstance(v, bool)
                                else quote(v), side.line, side.column) for v in side.values]
                   for name, side in sides.items()}
        rows = array_rows(board_text, EARLY)
        if not rows or not len(rows[0]):
            raise PuzzleError("empty array")
        cells = [[Token(str(e.value).strip() or ".", e.line, e.column) for e in row] for row in rows]
        return self._instance(cells, vectors["side"], vectors["top"], rows[0].line)

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH[dX]:trees,counts` (tents.c): '_' a tree, 'a'..'y' 1..25 empty cells then a
        tree, 'z' 25 empty cells, and one tree past the end; then the column counts and the
        row counts, each after a comma."""
        width, height = tatham_size(game.head, r"(?:d[et])?", f"bad Tents parameters {quote(game.head)} "
                                    "(expected like 8x8, 8x8de or 10x10dt)", game.line, game.column, EARLY)
        SIZE.check(self.name, width, height, line=game.line, column=game.column)
        tatham_least("Tents", TATHAM_LEAST, width, height, game.line, game.column)
        grid_part, _, numbers = game.desc.partition(",")
        trees = tatham_trees(game, grid_part, width * height)
        params = TentsParams(width, height, tuple((i // width, i % width) for i in trees))
        parts = numbers.split(",") if numbers or game.desc.endswith(",") else []
        offset = len(grid_part) + 1
        tokens = []
        for part in parts:
            if not part.isdecimal() and part != "":
                raise PuzzleError(f"bad count {quote(part)} in the number list", *game.at(offset))
            tokens.append(Token(part or "0", *game.at(offset)))  # Tatham reads an empty number as 0
            offset += len(part) + 1
        if len(tokens) != width + height:
            raise PuzzleError(f"{len(tokens)} counts after the grid, expected {width + height} "
                              f"({width} columns, then {height} rows)", *game.at(len(game.desc)))
        placed = set(params.trees)
        rows = [[Token("T" if (r, c) in placed else ".", game.line, game.desc_column)
                 for c in range(width)] for r in range(height)]
        return self._instance(rows, tokens[width:], tokens[:width], game.line)

    def from_json(self, text: str) -> Instance:
        """`grid`: rows of T (tree) and . (empty); `rows` and `cols`: a count a line, null
        for none; `width` and `height`, when given, the grid's."""
        doc = JsonObject(text, self.name, ("width", "height", "grid", "rows", "cols"), self.aliases)
        rows = [[Token(str(ch), None, None) for ch in row] for row in doc.board("grid", EARLY)]

        def tokens(key: str) -> list[Token]:
            out = []
            for v in doc.array(key, [], what="counts, a number or null each"):
                if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
                    raise doc.error(key, f"has {json_shown(v)}: a count is a number, or null")
                out.append(Token(UNKNOWN if v is None else str(v), *doc.where(key)))
            return out

        return self._instance(rows, tokens("rows"), tokens("cols"))

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's Tents (pzprjs's tents.js): the counts as `numbers16`, above the columns
        then left of the rows; then the trees as `one_cell`."""
        refuse_flags(link)
        width, height = link.cols, link.rows
        SIZE.check(self.name, width, height, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        counts = cursor.read_numbers16(width + height)
        tokens = []
        for k, v in enumerate(counts):
            if v == PUZZLINK_UNKNOWN:
                raise PuzzleError("a count shown as ? (a count here is a number, or left out)", 1, cursor.places[k])
            tokens.append(Token(UNKNOWN if v is None else str(v), 1, cursor.places[k] if v is not None else None))
        trees = cursor.read_one_cell(width * height)
        cursor.end()
        rows = [[Token("T" if trees[r * width + c] else ".", 1, link.column) for c in range(width)]
                for r in range(height)]
        return self._instance(rows, tokens[width:], tokens[:width], 1)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        trees = set(p.trees)
        body = (write_numbers16(self.count_list(inst, "col") + self.count_list(inst, "row"))
                + write_one_cell([cell in trees for cell in p.cells()]))
        return PuzzLink(PUZZLINK_GENRES[0], p.width, p.height, body)

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """One block of rows + 1 lines of cols + 1 items: a corner and the column counts, then
        each row after its count; in the grid a number is a tree, `A` a tent, `-` a cell marked
        empty. The lines the player draws from a tree to its tent follow (not read)."""
        block = pzl.located(pzl.rows + 1, pzl.cols + 1, ".")

        def count(t: Token) -> Token:
            t = side_number(t)
            return Token(UNKNOWN, t.line, t.column) if t.text == "." else t

        def tree(t: Token) -> Token:
            return Token("T" if t.text.isdecimal() and int(t.text) > 0 else ".", t.line, t.column)
        inst = self._instance([[tree(t) for t in row[1:]] for row in block[1:]], [count(row[0]) for row in block[1:]],
                              [count(t) for t in block[0][1:]], 3)
        return inst, tuple(tuple(t.text == "A" for t in row[1:]) for row in block[1:])

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        p = inst.params
        trees = set(p.trees)

        def cell(r: int, c: int) -> Any:
            return "1" if (r, c) in trees else "A" if solution and solution[r][c] else "."
        rows = [[".", *("." if n is None else n for n in self.count_list(inst, "col"))]]
        rows += [["." if n is None else n, *(cell(r, c) for c in range(p.width))]
                 for r, n in enumerate(self.count_list(inst, "row"))]
        return (Pzprv3Writer(PUZZLINK_GENRES[0], p.height, p.width).items(rows)
                .borders([["0"] * (p.width - 1)] * p.height, [["0"] * p.width] * (p.height - 1)))

    def rows(self, inst: Instance, solution: Grid | None = None, tent: str = "E", empty: str = ".") -> list[str]:
        """The board as rows of T and . (a solution adds its tents as `tent`)."""
        p = inst.params
        trees = set(p.trees)
        return ["".join("T" if (r, c) in trees else tent if solution is not None and solution[r][c] else empty
                        for c in range(p.width)) for r in range(p.height)]

    def count_list(self, inst: Instance, kind: str) -> list[int | None]:
        size = inst.params.height if kind == "row" else inst.params.width
        return [inst.clues.get((kind, i)) for i in range(size)]

    def write_text(self, inst: Instance) -> str:
        rows, cols = self.count_list(inst, "row"), self.count_list(inst, "col")
        return "\n".join([f"{row} {shown_count(n)}" for row, n in zip(self.rows(inst), rows)]
                         + [" ".join(shown_count(n) for n in cols)])

    def write_array(self, inst: Instance) -> str:
        return board_with_sides(([" " if ch == "." else ch for ch in row] for row in self.rows(inst)),
                                {"side": self.count_list(inst, "row"), "top": self.count_list(inst, "col")})

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        rows, cols = self.count_list(inst, "row"), self.count_list(inst, "col")
        tatham_least("Tents", TATHAM_LEAST, p.width, p.height)
        if None in rows or None in cols:
            raise PuzzleError("Tatham's Tents gives every row and column count: a board with counts left "
                              "out has no game ID")
        return (f"{p.width}x{p.height}:" + tatham_description(set(p.trees), p.width, p.height)
                + "".join(f",{n}" for n in cols + rows))

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p = inst.params
        return {"width": p.width, "height": p.height, "grid": self.rows(inst),
                "rows": self.count_list(inst, "row"), "cols": self.count_list(inst, "col")}

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line: the row's cells, one character each (`T` a tree, `.` an empty cell), then "
                    "its count of tents; the last line the columns' counts, left to right (`?` a count not given)")
    answer_format = ("the board with the tents placed: one row per line, one character per cell with no spaces and "
                     "no counts: `T` a tree as given, `E` a tent, `.` an empty cell")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(self.rows(inst, solution))

    def read_answer(self, inst: Instance, text: str) -> Grid:
        """Leniently: cells spaced out or not, a tent as E, A or ^, the counts copied from
        the board (after each row, a line under them) left out. A tree where the board has
        none is refused: a tent meant, or the board misread."""
        p = inst.params
        lines = []
        for line in answer_body(text).split("\n"):
            if COUNTS_ONLY.match(line):
                continue
            m = COUNT_AFTER.match(line)
            lines.append(m.group(1) if m and re.search(r"[^\d\s]", m.group(1)) else line)
        cells = read_grid("\n".join(lines), p.height, p.width, ANSWER_CELLS, "cell")
        trees = set(p.trees)
        for r, row in enumerate(cells):
            for c, tent in enumerate(row):
                if tent is None and (r, c) not in trees:
                    raise PuzzleError(f"row {r + 1}, column {c + 1}: a tree (T) where the board has none")
        return tuple(tuple(bool(tent) for tent in row) for row in cells)

    def corrupt_solution(self, inst: Instance, solution: Grid) -> Grid:
        """A wrong answer the text shows: the first cell without a tree toggled (a tent on a
        tree would be written as the tree)."""
        r, c = next(cell for cell in inst.params.cells() if cell not in set(inst.params.trees))
        rows = [list(row) for row in solution]
        rows[r][c] = not rows[r][c]
        return tuple(map(tuple, rows))

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's rotations and reflections that keep its shape: the
        trees move, and each count goes with its line (a row's to a column when the board
        is transposed, counted from the other end when flipped)."""
        p = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            trees = tuple(sorted(sym.cell(*tree) for tree in p.trees))
            clues = {sym.line(*key)[:2]: n for key, n in inst.clues.items()}
            forms.append(self.format(Instance(self.name, TentsParams(w, h, trees), clues)))
        return min(forms)

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(self.rows(inst, solution))

    def write_array_solution(self, inst: Instance, solution: Grid) -> str:
        """The seed's output: 'T' trees, 'E' tents, ' ' empty."""
        return write_array(list(row) for row in self.rows(inst, solution, empty=" "))

    def solution_json(self, inst: Instance, solution: Grid) -> list[str]:
        return self.rows(inst, solution)

    def describe_clue(self, key: Key, value: int) -> str:
        kind, i = key
        return f"{'row' if kind == 'row' else 'column'} {i + 1}={value}"

    def clue_json(self, key: Key, value: int) -> dict:
        kind, i = key
        return {"row" if kind == "row" else "col": i + 1, "tents": value}

    def show_text(self, inst: Instance) -> str:
        """Trees as 'T', the column counts on top, the row counts on the left."""
        from ..lab.face.share import box_grid

        cells = [["T" if ch == "T" else "·" for ch in row] for row in self.rows(inst)]
        top = [[UNKNOWN if n is None else str(n)] for n in self.count_list(inst, "col")]
        left = [UNKNOWN if n is None else str(n) for n in self.count_list(inst, "row")]
        return box_grid(cells, top=top, left=left)

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham's Tents: green grass, each tree a brown trunk under a green crown, tents
        as triangles, the row counts on the right and the column counts below."""
        from matplotlib.patches import Circle, Polygon, Rectangle

        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        grass, leaf, trunk, tent = "#c8e6a0", "#2e8b2e", "#8b5a2b", "#d2691e"
        trees = set(p.trees)
        for r in range(p.height):
            for c in range(p.width):
                board.shade(r, c, grass)
                x, y = board.centre(r, c)
                if (r, c) in trees:
                    ax.add_artist(Rectangle((x - 0.06, y - 0.38), 0.12, 0.4, facecolor=trunk, edgecolor="none",
                                            zorder=3))
                    ax.add_artist(Circle((x, y + 0.08), 0.28, facecolor=leaf, edgecolor="black", lw=0.5, zorder=3.2))
                elif solution is not None and solution[r][c]:
                    ax.add_artist(Polygon([(x - 0.36, y - 0.3), (x + 0.36, y - 0.3), (x, y + 0.36)], closed=True,
                                          facecolor=tent, edgecolor="black", lw=0.6, zorder=3))
        board.grid()
        board.row_clues([["" if n is None else n] for n in self.count_list(inst, "row")], side="right")
        board.column_clues([["" if n is None else n] for n in self.count_list(inst, "col")], side="bottom")

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: TentsParams, pool: IDPool) -> Rules:
        return self._rules(params, pool, counters=True)

    def one_shot_rules(self, params: TentsParams, pool: IDPool) -> Rules:
        """Without the counters: a one-shot session takes the counts natively (`clue_counts`),
        and building the counters was most of a one-shot check (34 ms of the peer's 15x15)."""
        return self._rules(params, pool, counters=False)

    def _rules(self, params: TentsParams, pool: IDPool, counters: bool) -> Rules:
        """A tent variable per cell (false where no tent may stand); a pairing variable per
        tree and neighbouring spot: each tree in exactly one pair, each tent in exactly one,
        a pair only with a tent. No two tents in any 2x2 window. With `counters`, a unary
        counter per line whose "exactly n" literals are the count clues."""
        w, h = params.width, params.height
        first = variable_block(pool, w * h)
        tent = [[first + r * w + c for c in range(w)] for r in range(h)]
        spots = set(params.spots())
        false = pool.id(("tents", "false"))
        clauses: list[Clause] = [[-false]]
        at_most_one: list[list[int]] = []
        for r, c in params.cells():
            if (r, c) not in spots:
                clauses.append([-tent[r][c]])
        pairs_of: dict[Cell, list[int]] = {cell: [] for cell in spots}
        for tree in params.trees:
            mine = []
            for cell in params.neighbours(*tree):
                if cell in spots:
                    p = pool.id(("pair", tree, cell))
                    mine.append(p)
                    pairs_of[cell].append(p)
                    clauses.append([-p, tent[cell[0]][cell[1]]])
            clauses.append(mine)  # an empty clause when a tree has no free neighbour: no solution
            if len(mine) > 1:
                at_most_one.append(mine)
        for (r, c), pairs in pairs_of.items():
            clauses.append([-tent[r][c], *pairs])
            if len(pairs) > 1:
                at_most_one.append(pairs)
        for r in range(h - 1):
            for c in range(w - 1):
                window = [tent[r + dr][c + dc] for dr in (0, 1) for dc in (0, 1) if (r + dr, c + dc) in spots]
                if len(window) > 1:
                    at_most_one.append(window)
        eq = {key: exact_counts(pool, [tent[r][c] for r, c in line_cells(params, key)], clauses, false)
              for key in keys(params)} if counters else {}
        return Rules(clauses, [v for row in tent for v in row], TentsVars(tent, eq, false), at_most_one)

    def clue_clauses(self, params: TentsParams, rules: Rules, key: Key, value: int) -> list[Clause]:
        data: TentsVars = rules.data
        check_count(params, key, value)
        eq = data.eq[key]
        return [[eq[value] if value < len(eq) else data.false]]

    def clue_counts(self, params: TentsParams, rules: Rules, key: Key, value: int) -> list[Exactly]:
        check_count(params, key, value)
        tent = rules.data.tent
        return [Exactly(tuple(tent[r][c] for r, c in line_cells(params, key)), value)]

    def decode(self, params: TentsParams, rules: Rules, true_vars) -> Grid:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data.tent)

    def solution_literals(self, params: TentsParams, rules: Rules, solution: Grid) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data.tent, solution) for v, s in zip(vrow, srow)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Linear sums: a pairing variable per tree and neighbouring non-tree cell; each tree's
        pairs sum to 1, each cell's pairs sum to its tent variable; every 2x2 window holds at
        most one tent; each given line sums to its count."""
        from ortools.sat.python import cp_model

        p = inst.params
        trees = set(p.trees)
        model = cp_model.CpModel()
        tent = [[model.new_bool_var(f"t{r}_{c}") for c in range(p.width)] for r in range(p.height)]
        at_cell: dict[Cell, list] = {cell: [] for cell in p.cells()}
        for tree in p.trees:
            mine = []
            for cell in p.neighbours(*tree):
                if cell not in trees:
                    v = model.new_bool_var("")
                    mine.append(v)
                    at_cell[cell].append(v)
            model.add(sum(mine) == 1)
        for (r, c), pairs in at_cell.items():
            model.add(sum(pairs) == tent[r][c])  # a tree's cell, or a cell by no tree: no tent
        for r in range(p.height - 1):
            for c in range(p.width - 1):
                model.add(tent[r][c] + tent[r][c + 1] + tent[r + 1][c] + tent[r + 1][c + 1] <= 1)
        for key, n in inst.clues.items():
            model.add(sum(tent[r][c] for r, c in line_cells(p, key)) == n)
        variables = [v for row in tent for v in row]
        return CpModel(model, variables, lambda value: tuple(tuple(bool(value(v)) for v in row) for row in tent))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: TentsParams) -> Iterable[Grid]:
        """Every way to put as many tents as trees on the non-tree cells."""
        free = [cell for cell in params.cells() if cell not in set(params.trees)]
        if comb(len(free), len(params.trees)) > 10 ** 6:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        from itertools import combinations

        for chosen in combinations(free, len(params.trees)):
            picked = set(chosen)
            yield tuple(tuple((r, c) in picked for c in range(params.width)) for r in range(params.height))

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        tents = [(r, c) for r, c in p.cells() if solution[r][c]]
        trees, placed = set(p.trees), set(tents)
        problems = [f"r{r + 1}c{c + 1}: a tent on a tree" for r, c in tents if (r, c) in trees]
        for r, c in tents:
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                if (r + dr, c + dc) in placed:
                    problems.append(f"tents r{r + 1}c{c + 1} and r{r + dr + 1}c{c + dc + 1} touch")
        counted = counts_of(p, solution)
        for key, want in sorted(inst.clues.items()):
            if counted[key] != want:
                problems.append(f"{self.describe_clue(key, want).split('=')[0]} has {counted[key]} tents, "
                                f"the count says {want}")
        if len(tents) != len(p.trees):
            problems.append(f"{len(tents)} tents for {len(p.trees)} trees")
        elif matching(p, tents) is None:
            problems.append("the trees and tents cannot be paired one to one, each tent next to its tree")
        return problems


def tatham_trees(game: GameId, desc: str, area: int) -> list[int]:
    """The tree cells of Tents' grid description (tents.c, new_game): '_' a tree, 'a'..'y' that
    many empty cells (1..25) then a tree, 'z' 25 empty cells; the last tree stands one past
    the end. Tents and non-tents placed by a setter ('!', '-') are not read."""
    trees: list[int] = []  # cell indices, row by row
    i = 0
    for k, ch in enumerate(desc):
        if ch in "!-":
            raise PuzzleError(f"{quote(ch)} places a tent or a non-tent: a puzzle here is trees and counts only",
                              *game.at(k))
        if ch == "_":
            run, tree = 0, True
        elif "a" <= ch <= "y":
            run, tree = ord(ch) - ord("a") + 1, True
        elif ch == "z":
            run, tree = 25, False
        else:
            raise PuzzleError(f"unexpected {quote(ch)} in game description", *game.at(k))
        i += run
        if i > area or (i == area and not tree):
            raise PuzzleError(f"game description is longer than {area} cells", *game.at(k))
        if tree:
            if i == area:
                if k != len(desc) - 1:
                    raise PuzzleError(f"game description is longer than {area} cells", *game.at(k + 1))
                return trees
            trees.append(i)
            i += 1
    raise PuzzleError(f"game description is too short: it must end with a tree one past the {area} cells",
                      *game.at(len(desc)))


def tatham_description(trees: set[Cell], width: int, height: int) -> str:
    """The inverse of `tatham_trees`, as new_game_desc writes it."""
    out, run = [], 0
    for i in range(width * height + 1):
        if i == width * height or (i // width, i % width) in trees:
            out.append("_" if run == 0 else chr(ord("a") + run - 1))
            run = 0
        else:
            run += 1
            while run > 25:
                out.append("z")
                run -= 25
    return "".join(out)


PUZZLE = Tents()
