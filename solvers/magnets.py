"""Magnets (Simon Tatham's Magnets): text forms, rules, decoding, verification.

Rules: a fixed layout of dominoes (the structure) covers a width x height grid; each domino
is blank (two neutral cells) or a magnet (one + end, one - end); no two + cells and no two
- cells are orthogonal neighbours. The clues are the counts of + cells and of - cells in
each row and column (any may be missing) and, optionally, given cells.
Two variables per cell ("+" and "-", at most one true); per domino "one end + iff the
other -". A count clue is the exact-count literal of a unary counter (see
`lab.counting.exact_counts`), so a clue is one literal and one SAT session serves every
board of a layout. A single cell (`*` in Tatham's layouts, boards of odd area) is neutral.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

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
from ..lab.toolkit.counting import exact_counts
from ..lab.toolkit.framed import board_with_sides, edge_codecs, side_lists
from ..lab.toolkit.puzzlink import (
    UNKNOWN,
    Cursor,
    PuzzLink,
    refuse_flags,
    size_column,
    write_bits,
    write_borders,
    write_circles,
    write_numbers16,
)
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, side_number
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.tatham import GameId, tatham_size
from ..lab.toolkit.textgrid import JsonObject, Token, array_rows, count_cells, line_tokens, numbered_lines, write_array

Cell = tuple[int, int]
Grid = tuple[tuple[str, ...], ...]  # "+", "-" or "." (neutral) per cell
Key = tuple  # ("row"|"col", index, "+"|"-") for counts, ("cell", r, c) for a given cell
# Size limit: a 20x20 board with every count checks (ambiguous, two solutions found) in 2.5 to
# 6 s; 30x30 took 33 s (2026-11-24).
SIZE = BoardLimit(20, 20, 1, 1)
EARLY = SIZE.early("magnets")  # the readers' size check, before any cell is read
TATHAM_LEAST = 2  # Tatham's Magnets: each side at least 2, one of them at least 3 (validate_params)
SIGNS = ("+", "-")
SIGN_GLYPH = {"+": "+", "-": "\u2212"}  # as printed: a minus sign, not the text form's hyphen
CLUE_SIZE = 0.5  # cells: the counts around the grid
CLUE_GAP = 0.3  # cells between the grid and its counts (as `Board.row_clues` and `column_clues` place them)
CELL_VALUES = {"+": "+", "-": "-", "x": ".", "X": "."}  # a given cell in the text form; "." unknown
ARRAY_SIDES = {"pos_v": ("col", "+"), "neg_v": ("col", "-"), "pos_h": ("row", "+"), "neg_h": ("row", "-")}
PARTNER = {"L": (0, 1), "R": (0, -1), "T": (1, 0), "B": (-1, 0)}
PUZZLINK_GENRES = ("magnets",)
PUZZLINK_SIGNS = ("-", "+")  # pzprjs's two counts a line: - next to the grid, + outside it
PUZZLINK_GIVENS = {1: "+", 2: "-"}  # pzprjs's circles: a given + or - cell


def n2c(n: int | None) -> str:
    """A count in Tatham's description (magnets.c's n2c): '.' missing, 0-9, then a-z, A-Z."""
    if n is None:
        return "."
    if n < 10:
        return str(n)
    if n < 36:
        return chr(ord("a") + n - 10)
    return chr(ord("A") + n - 36)


def c2n(ch: str) -> int | None:
    if ch == ".":
        return None
    if ch.isdigit():
        return int(ch)
    if "a" <= ch <= "z":
        return ord(ch) - ord("a") + 10
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 36
    raise ValueError(ch)


@dataclass(frozen=True)
class MagnetsParams:
    """A width x height board and its domino layout: rows of L R (a horizontal domino),
    T B (a vertical one) and * (a single neutral cell)."""

    width: int
    height: int
    layout: tuple[str, ...]

    def __post_init__(self) -> None:
        SIZE.check("magnets", self.width, self.height)
        if len(self.layout) != self.height or any(len(row) != self.width for row in self.layout):
            raise PuzzleError(f"magnets layout is not {self.width}x{self.height}")
        for r, row in enumerate(self.layout):
            for c, ch in enumerate(row):
                if ch == "*":
                    continue
                if ch not in PARTNER:
                    raise PuzzleError(f"bad layout letter {quote(ch)} at r{r + 1}c{c + 1} (L R T B or *)")
                dr, dc = PARTNER[ch]
                rr, cc = r + dr, c + dc
                want = {"L": "R", "R": "L", "T": "B", "B": "T"}[ch]
                if not (0 <= rr < self.height and 0 <= cc < self.width) or self.layout[rr][cc] != want:
                    raise PuzzleError(f"layout: the {ch} at r{r + 1}c{c + 1} has no {want} beside it")

    def dominoes(self) -> list[tuple[Cell, Cell]]:
        """Each domino as (first cell, second cell): left then right, top then bottom."""
        return [((r, c), (r + PARTNER[ch][0], c + PARTNER[ch][1]))
                for r, row in enumerate(self.layout) for c, ch in enumerate(row) if ch in "LT"]

    def singles(self) -> list[Cell]:
        return [(r, c) for r, row in enumerate(self.layout) for c, ch in enumerate(row) if ch == "*"]

    def neighbours(self) -> list[tuple[Cell, Cell]]:
        """Each orthogonal pair of cells once."""
        out = []
        for r in range(self.height):
            for c in range(self.width):
                if c + 1 < self.width:
                    out.append(((r, c), (r, c + 1)))
                if r + 1 < self.height:
                    out.append(((r, c), (r + 1, c)))
        return out

    def line_cells(self, kind: str, i: int) -> list[Cell]:
        return line_cells(self.width, self.height, kind, i)

    def count_keys(self) -> list[Key]:
        return list(count_keys(self.width, self.height))


def line_cells(width: int, height: int, kind: str, i: int) -> list[Cell]:
    return [(i, c) for c in range(width)] if kind == "row" else [(r, i) for r in range(height)]


@cache
def count_keys(width: int, height: int) -> tuple[Key, ...]:
    """Every (row or col, index, sign) of a board size: rows' + then -, then columns'."""
    return tuple((kind, i, s) for kind, n in (("row", height), ("col", width)) for s in SIGNS for i in range(n))


@cache
def count_key_set(width: int, height: int) -> frozenset[Key]:
    """`count_keys` for membership tests: every clue check asks, a list scan each time."""
    return frozenset(count_keys(width, height))


@dataclass
class MagnetsVars:
    sign: dict[str, list[list[int]]]  # sign["+"][r][c]
    eq: dict[Key, list[int]]  # eq[key][n]: the line holds n cells of that sign
    false: int


def check_count(params: MagnetsParams, key: Key, value: Any) -> None:
    """Refuse a count clue for no line and sign of the board, or one that is not a count."""
    if not known_key(key, count_key_set(params.width, params.height)):
        raise PuzzleError(f"clue {key} is not a row or column count of the {params.width}x{params.height} board")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PuzzleError(f"count {quote(value)} for {key} is not a number of cells")


def counts_of(params: MagnetsParams, grid: Grid) -> dict[Key, int]:
    """Every count of a solved grid."""
    return {(kind, i, s): sum(grid[r][c] == s for r, c in params.line_cells(kind, i))
            for kind, i, s in params.count_keys()}


class Magnets(CluePuzzle[MagnetsParams, Key, Grid]):
    name = "magnets"
    # cacheable: every clue is a literal made in `rules`
    speed = Speed(rules_cacheable=True)
    aliases = ("magnet",)
    title = "Magnets"
    rules_text = ("Make each domino blank or a magnet (+ and -) so that no two like poles touch and "
                  "each row and column holds the given numbers of + and - cells.")
    tatham_game = "magnets"
    codecs = edge_codecs(grid_solution=True, puzzlink=PUZZLINK_GENRES, pzprv3=True)
    cell_names = {"+": "+", "-": "-", ".": "blank"}
    size = SIZE
    example = ("+ 1 2 0 1\n"
               "- . 2 . .\n"
               ". . LRTT\n"
               ". 1 TTBB\n"
               "1 . BBTT\n"
               "1 . LRBB")

    # ---- text forms -----------------------------------------------------------------
    @staticmethod
    def _count(tok: Any, line: int | None = None, column: int | None = None) -> int | None:
        text = tok if isinstance(tok, str) else None
        if text is None:
            if tok is None:
                return None
            if isinstance(tok, bool) or not isinstance(tok, int) or tok < 0:
                raise PuzzleError(f"bad count {quote(tok)} (a number or null)", line, column)
            return tok
        if text == ".":
            return None
        if not text.isdigit() or len(text) > 4:
            raise PuzzleError(f"bad count {quote(text)} (a number, or . for none)", line, column)
        return int(text)

    def _instance(self, layout: list[str], counts: dict[Key, int | None], givens: dict[Cell, str],
                  line: int | None = None) -> Instance:
        if not layout or not layout[0]:
            raise PuzzleError("magnets board has no cells", line)
        with at_place(line):
            params = MagnetsParams(len(layout[0]), len(layout), tuple(layout))
        clues: dict[Key, Any] = {k: v for k, v in counts.items() if v is not None}
        for key, v in clues.items():
            if v > len(params.line_cells(key[0], key[1])):
                raise PuzzleError(f"count {v} for {key[0]} {key[1] + 1} ({key[2]}) is longer than the line", line)
        for (r, c), v in givens.items():
            clues[("cell", r, c)] = v
        return Instance(self.name, params, clues)

    def read_text(self, text: str) -> Instance:
        """`+ counts` and `- counts` of the columns, then per row `+count -count LAYOUT`, then
        optionally `given` and rows of + - x (neutral) . (unknown)."""
        lines = numbered_lines(text)
        if len(lines) < 3:
            raise PuzzleError("magnets text needs a '+' line, a '-' line and rows of the layout")
        rest = lines[2:]
        given_at = next((i for i, (_, line) in enumerate(rest) if line.strip().lower() == "given"), None)
        EARLY(count_cells(lines[0][1], chars=False) - 1, len(rest) if given_at is None else given_at, lines[0][0])
        counts: dict[Key, int | None] = {}
        heads = []
        for (lineno, line), sign in zip(lines[:2], SIGNS):
            toks = line_tokens(line, lineno)
            if toks[0].text != sign:
                raise PuzzleError(f"expected the column counts of {sign} cells, starting with {quote(sign)}",
                                  lineno, toks[0].column)
            heads.append(toks[1:])
        width = len(heads[0])
        if len(heads[1]) != width:
            raise PuzzleError(f"{len(heads[1])} column counts of - cells but {width} of +", lines[1][0])
        for sign, toks in zip(SIGNS, heads):
            for c, t in enumerate(toks):
                counts[("col", c, sign)] = self._count(t.text, t.line, t.column)
        layout, givens = [], {}
        for r, (lineno, line) in enumerate(rest if given_at is None else rest[:given_at]):
            toks = line_tokens(line, lineno)
            if len(toks) != 3:
                raise PuzzleError("a row is '+count -count LAYOUT' (counts may be '.')", lineno)
            for t, sign in zip(toks, SIGNS):
                counts[("row", r, sign)] = self._count(t.text, t.line, t.column)
            if len(toks[2].text) != width:
                raise PuzzleError(f"layout row has {len(toks[2].text)} cells, expected {width}", lineno, toks[2].column)
            layout.append(toks[2].text)
        if given_at is not None:
            grows = rest[given_at + 1:]
            if len(grows) != len(layout):
                raise PuzzleError(f"'given' needs {len(layout)} rows, found {len(grows)}", rest[given_at][0])
            for r, (lineno, line) in enumerate(grows):
                cells = line.strip()
                if len(cells) != width:
                    raise PuzzleError(f"given row has {len(cells)} cells, expected {width}", lineno)
                for c, ch in enumerate(cells):
                    if ch in CELL_VALUES:
                        givens[(r, c)] = CELL_VALUES[ch]
                    elif ch != ".":
                        raise PuzzleError(f"bad given {quote(ch)} (+, -, x neutral, . unknown)", lineno, c + 1)
        return self._instance(layout, counts, givens, lines[2][0])

    def read_array(self, text: str) -> Instance:
        """Seed 000's arrays: `board = np.array([...])` of 'H' (a horizontal domino's cell) and
        'V' (a vertical one's), '*' a single cell; then `pos_v`, `neg_v` (+ and - per column)
        and `pos_h`, `neg_h` (per row), -1 or None for a count left out. H cells pair off left
        to right and V cells top to bottom, which is the only way they can."""
        counts: dict[Key, int | None] = {}
        sides, board_text = side_lists(text, ARRAY_SIDES)
        rows = array_rows(board_text, EARLY)
        if not rows or not len(rows[0]):
            raise PuzzleError("empty array")
        width, height = len(rows[0]), len(rows)
        SIZE.check(self.name, width, height, line=rows[0].line)
        cells = [[Token(str(e.value), e.line, e.column) for e in row] for row in rows]
        layout = [[""] * width for _ in range(height)]
        for r, row in enumerate(cells):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, expected {width}", rows[r].line, rows[r].column)
        for r, row in enumerate(cells):
            for c, t in enumerate(row):
                if layout[r][c]:
                    continue
                if t.text == "*":
                    layout[r][c] = "*"
                elif t.text == "H" and c + 1 < width and cells[r][c + 1].text == "H":
                    layout[r][c], layout[r][c + 1] = "L", "R"
                elif t.text == "V" and r + 1 < height and cells[r + 1][c].text == "V" and not layout[r + 1][c]:
                    layout[r][c], layout[r + 1][c] = "T", "B"
                elif t.text in ("H", "V"):
                    raise PuzzleError(f"this {t.text} has no partner {'to its right' if t.text == 'H' else 'below'}",
                                      t.line, t.column)
                else:
                    raise PuzzleError(f"bad cell {quote(t.text)} (H, V or *)", t.line, t.column)
        for name, (kind, sign) in ARRAY_SIDES.items():
            side = sides[name]
            for i, v in enumerate(side.expect(height if kind == "row" else width)):
                counts[(kind, i, sign)] = None if v is None or v == -1 else self._count(v, side.line, side.column)
        return self._instance(["".join(row) for row in layout], counts, {}, rows[0].line)

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH[dX][S]:` + per column, + per row, - per column, - per row (each a character,
        '.' none; magnets.c's n2c), then the layout as L R T B * (generate_desc). Which list
        is which was read off `sgt-magnets --print` (+ clues top and left, - bottom and right)."""
        width, height = tatham_size(game.head, r"(?:d[et])?S?", f"bad Magnets parameters {quote(game.head)} "
                                    "(expected like 6x5 or 6x5dt)", game.line, game.column, EARLY)
        if min(width, height) < TATHAM_LEAST or max(width, height) < 3:
            raise PuzzleError("Tatham's Magnets is at least 2x3 or 3x2", game.line, game.column)
        parts = game.desc.split(",")
        if len(parts) != 5:
            raise PuzzleError("a Magnets description is four count lists and the layout, split by commas",
                              game.line, game.desc_column)
        counts: dict[Key, int | None] = {}
        offset = 0
        for part, (kind, sign, n) in zip(parts, (("col", "+", width), ("row", "+", height),
                                                 ("col", "-", width), ("row", "-", height))):
            if len(part) != n:
                raise PuzzleError(f"{len(part)} {kind} counts of {sign} cells, expected {n}", *game.at(offset))
            for i, ch in enumerate(part):
                try:
                    counts[(kind, i, sign)] = c2n(ch)
                except ValueError:
                    raise PuzzleError(f"bad count {quote(ch)}", *game.at(offset + i)) from None
            offset += len(part) + 1
        cells = parts[4]
        if len(cells) != width * height:
            raise PuzzleError(f"layout has {len(cells)} cells, expected {width * height}", *game.at(offset))
        layout = [cells[r * width:(r + 1) * width] for r in range(height)]
        return self._instance(layout, counts, {}, game.line)

    def from_json(self, text: str) -> Instance:
        """`layout`: rows of L R T B *; `row_plus`, `row_minus`, `col_plus`, `col_minus`:
        a count a line, null for none (all null when left out); `given`: rows of + - x
        (neutral) . (unknown); `width` and `height`, when given, the layout's."""
        doc = JsonObject(text, self.name, ("width", "height", "layout", *(f"{kind}_{sign}" for kind in ("row", "col")
                                                                         for sign in ("plus", "minus")), "given"),
                         self.aliases)
        doc.size(EARLY)
        layout = doc.array("layout", what="rows of L R T B *")
        if layout:
            EARLY(max(len(row) if isinstance(row, str) else 0 for row in layout), len(layout), doc.where("layout")[0])
        if not layout or not all(isinstance(row, str) and row for row in layout):
            raise doc.error("layout", "must be a non-empty list of rows of L R T B *")
        height, width = len(layout), len(layout[0])
        counts: dict[Key, int | None] = {}
        for kind, sign, n in (("row", "+", height), ("row", "-", height), ("col", "+", width), ("col", "-", width)):
            name = f"{kind}_{'plus' if sign == '+' else 'minus'}"
            for i, v in enumerate(doc.array(name, [None] * n, n, "counts (null for none)")):
                counts[(kind, i, sign)] = self._count(v, *doc.where(name))
        givens: dict[Cell, str] = {}
        grid = doc.array("given", None, height, f"rows of {width} of + - x .")
        if grid is not None:
            if not all(isinstance(row, str) and len(row) == width for row in grid):
                raise doc.error("given", f"must be {height} rows of {width} of + - x .")
            for r, row in enumerate(grid):
                for c, ch in enumerate(row):
                    if ch in CELL_VALUES:
                        givens[(r, c)] = CELL_VALUES[ch]
                    elif ch != ".":
                        raise PuzzleError(f"bad given {quote(ch)} at r{r + 1}c{c + 1} (+, -, x neutral, . unknown)")
        doc.agrees("width", width, "the layout has")
        doc.agrees("height", height, "the layout has")
        return self._instance(list(layout), counts, givens)

    @staticmethod
    def _counts(inst: Instance, kind: str, sign: str) -> list[int | None]:
        p = inst.params
        return [inst.clues.get((kind, i, sign)) for i in range(p.height if kind == "row" else p.width)]

    def _given_rows(self, inst: Instance) -> list[str]:
        show = {"+": "+", "-": "-", ".": "x"}
        p = inst.params
        return ["".join(show[inst.clues[("cell", r, c)]] if ("cell", r, c) in inst.clues else "."
                        for c in range(p.width)) for r in range(p.height)]

    @staticmethod
    def has_givens(inst: Instance) -> bool:
        return any(k[0] == "cell" for k in inst.clues)

    def write_text(self, inst: Instance) -> str:
        def show(v: int | None) -> str:
            return "." if v is None else str(v)

        out = [" ".join([s, *map(show, self._counts(inst, "col", s))]) for s in SIGNS]
        out += [f"{show(inst.clues.get(('row', r, '+')))} {show(inst.clues.get(('row', r, '-')))} {row}"
                for r, row in enumerate(inst.params.layout)]
        if self.has_givens(inst):
            out += ["given", *self._given_rows(inst)]
        return "\n".join(out)

    def write_array(self, inst: Instance) -> str:
        if self.has_givens(inst):
            raise PuzzleError("the seed's array holds no given cells: use text or json")
        marks = {"L": "H", "R": "H", "T": "V", "B": "V", "*": "*"}
        return board_with_sides(([marks[ch] for ch in row] for row in inst.params.layout),
                                {name: [-1 if v is None else v for v in self._counts(inst, kind, s)]
                                 for name, (kind, s) in ARRAY_SIDES.items()})

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        if self.has_givens(inst):
            raise PuzzleError("Tatham's Magnets IDs hold no given cells: use text or json")
        if min(p.width, p.height) < TATHAM_LEAST or max(p.width, p.height) < 3:
            raise PuzzleError("Tatham's Magnets is at least 2x3 or 3x2")
        lists = [self._counts(inst, "col", "+"), self._counts(inst, "row", "+"),
                 self._counts(inst, "col", "-"), self._counts(inst, "row", "-")]
        if any(v is not None and v >= 62 for lst in lists for v in lst):
            raise PuzzleError("a count over 61 has no letter in Tatham's IDs")
        desc = ",".join([*("".join(map(n2c, lst)) for lst in lists), "".join(p.layout)])
        return f"{p.width}x{p.height}:{desc}"

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p = inst.params
        doc: dict[str, Any] = {"width": p.width, "height": p.height, "layout": list(p.layout)}
        for kind in ("row", "col"):
            for s, word in zip(SIGNS, ("plus", "minus")):
                doc[f"{kind}_{word}"] = self._counts(inst, kind, s)
        if self.has_givens(inst):
            doc["given"] = self._given_rows(inst)
        return doc

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's Magnets (pzprjs's magnets.js): the counts as `numbers16`, per column the -
        then the + count above it, then per row the - then the + count left of it; the walls
        between the dominoes (`borders`); then, when any, the given cells (`circles`, 1 a +, 2 a -)
        and the empty cells (`bits`), our single neutral cells."""
        refuse_flags(link, "anti-magnets (a), where like poles touch and unlike ones do not, are not these rules"
                     if "a" in link.flags else "")
        width, height = link.cols, link.rows
        SIZE.check(self.name, width, height, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        numbers = cursor.read_numbers16(2 * (width + height))
        counts: dict[Key, int | None] = {}
        for k, v in enumerate(numbers):
            if v == UNKNOWN:
                raise PuzzleError("a count shown as ? (a count here is a number, or left out)", 1, cursor.places[k])
            kind, i = ("col", k // 2) if k < 2 * width else ("row", k // 2 - width)
            counts[(kind, i, PUZZLINK_SIGNS[k % 2])] = v
        walls_at = cursor.column + cursor.at
        right, below = cursor.read_borders(width, height)
        circles_at = cursor.column + cursor.at
        circles, empty = cursor.read_circles(width * height), cursor.read_bits(width * height)
        cursor.end()
        layout = puzzlink_layout(width, height, right, below, empty, walls_at)
        givens = {(k // width, k % width): PUZZLINK_GIVENS[v] for k, v in enumerate(circles) if v}
        for r, c in givens:
            if layout[r][c] == "*":
                raise PuzzleError(f"r{r + 1}c{c + 1} is an empty cell and a given {givens[(r, c)]}", 1,
                                  circles_at + (r * width + c) // 3)
        return self._instance(layout, counts, givens, 1)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        numbers = [inst.clues.get((kind, i, sign)) for kind, n in (("col", p.width), ("row", p.height))
                   for i in range(n) for sign in PUZZLINK_SIGNS]
        layout = p.layout
        body = (write_numbers16(numbers)
                + write_borders([[a != "L" and "*" not in a + b for a, b in zip(row, row[1:])] for row in layout],
                                [[a != "T" and "*" not in a + b for a, b in zip(row, under)]
                                 for row, under in zip(layout, layout[1:])]))
        sign_number = {sign: number for number, sign in PUZZLINK_GIVENS.items()}
        circles = []
        for r in range(p.height):
            for c in range(p.width):
                given = inst.clues.get(("cell", r, c), "")
                if given == ".":
                    raise PuzzleError(f"puzz.link's Magnets gives no blank cells (r{r + 1}c{c + 1}): use text or json")
                circles.append(sign_number.get(given, 0))
        singles = [ch == "*" for row in layout for ch in row]
        if any(circles) or any(singles):  # as pzprjs, which writes the two parts only then
            body += write_circles(circles) + (write_bits(singles) if any(singles) else "")
        return PuzzLink(PUZZLINK_GENRES[0], p.width, p.height, body)

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """The walls between the dominoes (1 a wall), then one block of rows + 2 lines of
        cols + 2 items: two corners and the columns' + counts, the same with their - counts,
        then each row after its + and - counts; in the grid `#` an empty cell (our single
        neutral cell), `q1` `q2` a given + or -, `a1` `a2` a pole placed (`s1` `s2`, the
        player's marks, blank). `a` (anti-magnets) is refused, as in the address."""
        if pzl.flag("a"):
            raise pzl.refuse("anti-magnets (a), where like poles touch and unlike ones do not, are not these rules",
                             -1)
        width, height, walls_at = pzl.cols, pzl.rows, pzl.first_line + pzl.at
        right, below = pzl.borders()
        block = pzl.located(height + 2, width + 2, ".")
        grid = [row[2:] for row in block[2:]]
        try:
            layout = puzzlink_layout(width, height, [[item == "1" for item in row] for row in right],
                                     [[item == "1" for item in row] for row in below],
                                     [t.text == "#" for row in grid for t in row], 1)
        except PuzzleError as err:
            raise PuzzleError(err.message, walls_at, 1) from None  # said at the walls, not the address's column
        counts: dict[Key, int | None] = {}
        for k, sign in enumerate(SIGNS):
            for c, t in enumerate(block[k][2:]):
                t = side_number(t)
                counts[("col", c, sign)] = self._count(t.text, t.line, t.column)
            for r, row in enumerate(block[2:]):
                t = side_number(row[k])
                counts[("row", r, sign)] = self._count(t.text, t.line, t.column)
        givens = {}
        for r, row in enumerate(grid):
            for c, t in enumerate(row):
                if t.text in ("q1", "q2"):
                    if layout[r][c] == "*":
                        raise bad_item(t, f"is a given pole in an empty cell (r{r + 1}c{c + 1})")
                    givens[(r, c)] = PUZZLINK_GIVENS[int(t.text[1])]
        pole = {"q1": "+", "a1": "+", "q2": "-", "a2": "-"}
        return (self._instance(layout, counts, givens, 3),
                tuple(tuple(pole.get(t.text, ".") for t in row) for row in grid))

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        p = inst.params
        layout = p.layout
        sign_number = {sign: number for number, sign in PUZZLINK_GIVENS.items()}

        def cell(r: int, c: int) -> str:
            given = inst.clues.get(("cell", r, c))
            if given == ".":
                raise PuzzleError(f"pzprjs's Magnets gives no blank cells (r{r + 1}c{c + 1}): use text or json")
            if layout[r][c] == "*":
                return "#"
            if given:
                return f"q{sign_number[given]}"
            return f"a{sign_number[solution[r][c]]}" if solution and solution[r][c] in sign_number else "."

        def count(key: Key) -> Any:
            value = inst.clues.get(key)
            return "." if value is None else value
        rows = [[".", ".", *(count(("col", c, sign)) for c in range(p.width))] for sign in SIGNS]
        rows += [[count(("row", r, "+")), count(("row", r, "-")), *(cell(r, c) for c in range(p.width))]
                 for r in range(p.height)]
        right = [[int(a != "L" and "*" not in a + b) for a, b in zip(row, row[1:])] for row in layout]
        below = [[int(a != "T" and "*" not in a + b) for a, b in zip(row, under)]
                 for row, under in zip(layout, layout[1:])]
        return Pzprv3Writer(PUZZLINK_GENRES[0], p.height, p.width).borders(right, below).items(rows)

    def rows(self, solution: Grid) -> list[str]:
        return ["".join(row) for row in solution]

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(self.rows(solution))

    def write_array_solution(self, inst: Instance, solution: Grid) -> str:
        """The seed's output: ' ' for a blank cell."""
        return write_array([" " if ch == "." else ch for ch in row] for row in solution)

    def solution_json(self, inst: Instance, solution: Grid) -> list[str]:
        return self.rows(solution)

    def describe_clue(self, key: Key, value: Any) -> str:
        if key[0] == "cell":
            return f"r{key[1] + 1}c{key[2] + 1}={value}"
        return f"{'r' if key[0] == 'row' else 'c'}{key[1] + 1}{key[2]}={value}"

    def clue_json(self, key: Key, value: Any) -> dict:
        if key[0] == "cell":
            return {"row": key[1] + 1, "col": key[2] + 1, "value": value}
        return {key[0]: key[1] + 1, "sign": key[2], "count": value}

    def canonical(self, inst: Instance) -> str:
        """The least text among the board's turns and mirrors (a row's counts go with it to
        wherever it turns, a column's too), each also with + and - swapped everywhere, the
        + and - counts and givens swapped with them."""
        p = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            height, width = sym.shape
            layout = [["*"] * width for _ in range(height)]
            for a, b in p.dominoes():
                (r1, c1), (r2, c2) = sorted((sym.cell(*a), sym.cell(*b)))
                layout[r1][c1], layout[r2][c2] = ("L", "R") if r1 == r2 else ("T", "B")
            params = MagnetsParams(width, height, tuple("".join(row) for row in layout))
            for swap in (False, True):
                sign = {"+": "-", "-": "+", ".": "."} if swap else {"+": "+", "-": "-", ".": "."}
                clues: dict[Key, Any] = {}
                for key, v in inst.clues.items():
                    if key[0] == "cell":
                        clues[("cell", *sym.cell(key[1], key[2]))] = sign[v]
                    else:
                        clues[(*sym.line(key[0], key[1])[:2], sign[key[2]])] = v
                forms.append(self.format(Instance(self.name, params, clues), "text"))
        return min(forms)

    # ---- for language models --------------------------------------------------------
    board_legend = ("line 1 is `+` then how many + cells each column holds, left to right; line 2 is `-` then "
                    "each column's - cells; then one line per row: its number of + cells, its number of - "
                    "cells, and its cells' dominoes (`L` and `R` the left and right halves of a horizontal "
                    "domino, `T` and `B` the top and bottom halves of a vertical one, `*` a single cell, "
                    "always blank); `.` a count not given. Lines after `given`, when there are some, fix "
                    "cells: `+`, `-`, `x` blank, `.` not given")
    answer_format = ("the grid: one row per line, cells separated by single spaces, `+` and `-` a magnet's "
                     "ends and `.` a blank cell")
    answer_cells = ({"+": "+", "-": "-", "\u2212": "-", "\u2013": "-", ".": ".", "x": ".", "0": ".", "_": "."}, "cell")

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham prints it: domino outlines; the + counts above the columns and left of
        the rows, the − counts below and right of them, a + in the top-left corner and a
        − (a minus sign, not a hyphen) in the bottom-right one; a missing count is blank.
        In the solution each magnet's ends are marked + and −, blanks grey."""
        from ..lab.toolkit.draw import Board, write

        p = inst.params
        board = Board(ax, p.width, p.height)
        region: dict[Cell, int | tuple[str, int]] = {}  # a domino's number, or ("single", j)
        for i, (a, b) in enumerate(p.dominoes()):
            region[a] = region[b] = i
        for j, cell in enumerate(p.singles()):
            region[cell] = ("single", j)
        regions = [[region[(r, c)] for c in range(p.width)] for r in range(p.height)]
        for r in range(p.height):
            for c in range(p.width):
                value = solution[r][c] if solution is not None else inst.clues.get(("cell", r, c))
                if value == ".":
                    board.shade(r, c, "0.78")
                elif value in SIGNS:
                    board.text(r, c, SIGN_GLYPH[value], 0.7)

        def counts(line: str, n: int, sign: str) -> list[list[str]]:
            return [[str(v)] if (v := inst.clues.get((line, i, sign))) is not None else [] for i in range(n)]

        board.row_clues(counts("row", p.height, "+"), CLUE_SIZE, side="left")
        board.row_clues(counts("row", p.height, "-"), CLUE_SIZE, side="right")
        board.column_clues(counts("col", p.width, "+"), CLUE_SIZE, side="top")
        board.column_clues(counts("col", p.width, "-"), CLUE_SIZE, side="bottom")
        across = CLUE_GAP + 0.5 * 1.25 * CLUE_SIZE  # where `column_clues` centres a count, from the grid
        x0, y0, x1, y1 = board.x, board.y, board.x + p.width, board.y + p.height
        write(ax, x0 - CLUE_GAP, y1 + across, "+", CLUE_SIZE, ha="right", bold=True)
        write(ax, x1 + CLUE_GAP, y0 - across, SIGN_GLYPH["-"], CLUE_SIZE, ha="left", bold=True)
        board.grid(regions)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: MagnetsParams, pool: IDPool) -> Rules:
        return self._rules(params, pool, counters=True)

    def one_shot_rules(self, params: MagnetsParams, pool: IDPool) -> Rules:
        """Without the counters: a one-shot session takes the counts natively (`clue_counts`)."""
        return self._rules(params, pool, counters=False)

    def _rules(self, params: MagnetsParams, pool: IDPool, counters: bool) -> Rules:
        """Per cell at most one of + and -; per domino "first + iff second -" and the other
        way round; a single cell neither; no two neighbours both + or both -; with
        `counters`, per line and sign a unary counter whose exact-count literals are the
        count clues."""
        w, h = params.width, params.height
        sign = {}
        for s in SIGNS:
            first = variable_block(pool, w * h)
            sign[s] = [[first + r * w + c for c in range(w)] for r in range(h)]
        plus, minus = sign["+"], sign["-"]
        clauses: list[Clause] = []
        at_most_one = [[plus[r][c], minus[r][c]] for r in range(h) for c in range(w)]
        for (r1, c1), (r2, c2) in params.dominoes():
            for x, y in ((plus[r1][c1], minus[r2][c2]), (minus[r1][c1], plus[r2][c2])):
                clauses += [[-x, y], [x, -y]]
        for r, c in params.singles():
            clauses += [[-plus[r][c]], [-minus[r][c]]]
        for (r1, c1), (r2, c2) in params.neighbours():
            for s in SIGNS:
                clauses.append([-sign[s][r1][c1], -sign[s][r2][c2]])
        false = pool.id()
        clauses.append([-false])
        eq = {key: exact_counts(pool, [sign[key[2]][r][c] for r, c in params.line_cells(key[0], key[1])],
                                  clauses, false)
              for key in params.count_keys()} if counters else {}
        primary = [v for s in SIGNS for row in sign[s] for v in row]
        return Rules(clauses, primary, MagnetsVars(sign, eq, false), at_most_one)

    def clue_clauses(self, params: MagnetsParams, rules: Rules, key: Key, value: Any) -> list[Clause]:
        data: MagnetsVars = rules.data
        if isinstance(key, tuple) and len(key) == 3 and key[0] == "cell":
            _, r, c = key
            if not (isinstance(r, int) and isinstance(c, int) and 0 <= r < params.height and 0 <= c < params.width):
                raise PuzzleError(f"clue {key} is outside the {params.width}x{params.height} board")
            p, m = data.sign["+"][r][c], data.sign["-"][r][c]
            if value == "+":
                return [[p]]
            if value == "-":
                return [[m]]
            if value == ".":
                return [[-p], [-m]]
            raise PuzzleError(f"given cell {quote(value)} is not +, - or blank")
        check_count(params, key, value)
        eq = data.eq[key]
        return [[eq[value] if value < len(eq) else data.false]]

    def clue_counts(self, params: MagnetsParams, rules: Rules, key: Key, value: Any) -> list[Exactly] | None:
        if isinstance(key, tuple) and len(key) == 3 and key[0] == "cell":
            return None  # a given cell is a fact, not a count
        check_count(params, key, value)
        sign = rules.data.sign[key[2]]
        return [Exactly(tuple(sign[r][c] for r, c in params.line_cells(key[0], key[1])), value)]

    def decode(self, params: MagnetsParams, rules: Rules, true_vars) -> Grid:
        plus, minus = rules.data.sign["+"], rules.data.sign["-"]
        return tuple(tuple("+" if p in true_vars else "-" if m in true_vars else "." for p, m in zip(prow, mrow))
                     for prow, mrow in zip(plus, minus))

    def solution_literals(self, params: MagnetsParams, rules: Rules, solution: Grid) -> list[int]:
        out = []
        for s in SIGNS:
            for vrow, srow in zip(rules.data.sign[s], solution):
                out += [v if x == s else -v for v, x in zip(vrow, srow)]
        return out

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Per domino an integer state 0 blank, 1 first end +, 2 first end -; a cell's + and -
        are the state's indicator literals; neighbours' like poles sum to at most 1; counts
        are linear sums."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        plus = [[None] * p.width for _ in range(p.height)]
        minus = [[None] * p.width for _ in range(p.height)]
        states = []
        for a, b in p.dominoes():
            blank, first_plus, first_minus = (model.new_bool_var("") for _ in range(3))
            model.add_exactly_one([blank, first_plus, first_minus])
            states.append((blank, first_plus, first_minus))
            plus[a[0]][a[1]], minus[a[0]][a[1]] = first_plus, first_minus
            plus[b[0]][b[1]], minus[b[0]][b[1]] = first_minus, first_plus
        for r, c in p.singles():
            plus[r][c] = minus[r][c] = 0
        sign = {"+": plus, "-": minus}
        for (r1, c1), (r2, c2) in p.neighbours():
            for s in SIGNS:
                x, y = sign[s][r1][c1], sign[s][r2][c2]
                if not isinstance(x, int) and not isinstance(y, int) and x is not y:
                    model.add(x + y <= 1)
        for key, value in inst.clues.items():
            if key[0] == "cell":
                _, r, c = key
                if value == ".":
                    model.add(sum([plus[r][c], minus[r][c]]) == 0)
                else:
                    model.add(sum([sign[value][r][c]]) == 1)
            else:
                kind, i, s = key
                model.add(sum(sign[s][r][c] for r, c in p.line_cells(kind, i)) == value)
        variables = [v for st in states for v in st]

        def decode(value) -> Grid:
            def cell(r: int, c: int) -> str:
                for s in SIGNS:
                    v = sign[s][r][c]
                    if not isinstance(v, int) and value(v):
                        return s
                return "."
            return tuple(tuple(cell(r, c) for c in range(p.width)) for r in range(p.height))

        return CpModel(model, variables, decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: MagnetsParams) -> Iterable[Grid]:
        """Every way to make each domino blank, +- or -+ (3^8 = 6,561 on a 4x4 board); the
        pole rule and counts are left to `verify`."""
        dominoes = params.dominoes()
        if 3 ** len(dominoes) > 10 ** 6:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        for choice in product((".", "+", "-"), repeat=len(dominoes)):
            grid = [["."] * params.width for _ in range(params.height)]
            for ((r1, c1), (r2, c2)), x in zip(dominoes, choice):
                if x != ".":
                    grid[r1][c1], grid[r2][c2] = x, "-" if x == "+" else "+"
            yield tuple(tuple(row) for row in grid)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = [f"r{r + 1}c{c + 1} is {solution[r][c]!r}, not +, - or ." for r in range(p.height)
                    for c in range(p.width) if solution[r][c] not in ("+", "-", ".")]
        if problems:
            return problems
        for (r1, c1), (r2, c2) in p.dominoes():
            pair = {solution[r1][c1], solution[r2][c2]}
            if pair not in ({"."}, {"+", "-"}):
                problems.append(f"domino r{r1 + 1}c{c1 + 1}-r{r2 + 1}c{c2 + 1} is "
                                f"{solution[r1][c1]}{solution[r2][c2]}, neither blank nor a magnet")
        for r, c in p.singles():
            if solution[r][c] != ".":
                problems.append(f"single cell r{r + 1}c{c + 1} is {solution[r][c]}, not blank")
        for (r1, c1), (r2, c2) in p.neighbours():
            if solution[r1][c1] == solution[r2][c2] != ".":
                problems.append(f"r{r1 + 1}c{c1 + 1} and r{r2 + 1}c{c2 + 1} are both {solution[r1][c1]}")
        have = counts_of(p, solution)
        for key, v in sorted(inst.clues.items()):
            if key[0] == "cell":
                _, r, c = key
                if solution[r][c] != v:
                    problems.append(f"r{r + 1}c{c + 1} is {solution[r][c]}, the clue says {v}")
            elif have[key] != v:
                kind, i, s = key
                problems.append(f"{'row' if kind == 'row' else 'column'} {i + 1} has {have[key]} {s} cells, "
                                f"the clue says {v}")
        return problems


def puzzlink_layout(width: int, height: int, right: list[list[bool]], below: list[list[bool]], empty: list[bool],
                    column: int) -> list[str]:
    """Our layout of pzprjs's rooms (the walls `right` of and `below` each cell): an empty cell
    (`empty`, our single neutral cell) is in no room, whatever walls stand by it; each room is two
    cells; anything else is refused, said at `column` (where the walls stand in the address)."""
    def opening(r: int, c: int) -> list[str]:
        """The letter of (r, c) for each side with no wall and a cell of a room behind it."""
        sides = [(c + 1 < width and not right[r][c], "L", (r, c + 1)),
                 (c > 0 and not right[r][c - 1], "R", (r, c - 1)),
                 (r + 1 < height and not below[r][c], "T", (r + 1, c)),
                 (r > 0 and not below[r - 1][c], "B", (r - 1, c))]
        return [letter for open_side, letter, (rr, cc) in sides if open_side and not empty[rr * width + cc]]

    layout = [[""] * width for _ in range(height)]
    for r in range(height):
        for c in range(width):
            if empty[r * width + c]:
                layout[r][c] = "*"
                continue
            sides = opening(r, c)
            if not sides:
                raise PuzzleError(f"r{r + 1}c{c + 1} is a room of one cell that may hold a pole: here a single "
                                  "cell is an empty one", 1, column)
            dr, dc = PARTNER[sides[0]]
            if len(sides) > 1 or len(opening(r + dr, c + dc)) > 1:
                raise PuzzleError(f"r{r + 1}c{c + 1} is in a room of more than two cells, not a domino", 1, column)
            layout[r][c] = sides[0]
    return ["".join(row) for row in layout]


PUZZLE = Magnets()
