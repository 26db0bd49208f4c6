"""Polyomino tiling (the draught board / checkerboard puzzle of seed 001): text forms, rules,
decoding, verification, counting and listing every tiling.

Rules: place every stone on the board, rotated and (unless forbidden) mirrored, so that
every board cell that is not a hole is covered by exactly one stone cell. Where both the
board cell and the stone cell have a colour, they match.

Structure (`params`): the board's shape and holes, the stones (each a tuple of (dr, dc,
colour) cells), the mirror flag, and whether identical stones are told apart. Clues: the
board cells' colours ((r, c) -> "B" or "W"), so an uncoloured board is one without clues
and stripping colours finds the colourings that make a tiling unique.

Variables: one per (stone, placement); exactly one placement per stone, exactly one per
cell. Per cell and colour a literal "this cell shows colour X" (true exactly when a
placement puts X there); the clue "B" is the one literal "the cell does not show W".
Unless `apart`, identical stones are one: stone i of a run of identical stones must start
(its first cell in reading order) before stone i+1, so each tiling is one model.

A solution is a grid of cells, each None (a hole) or (stone index, colour shown).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    Clause,
    CluePuzzle,
    CpModel,
    Instance,
    PuzzleError,
    Rules,
    Speed,
    at_place,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import grid_text, number_cell, read_grid
from ..lab.toolkit.codecs import JsonCodec, MethodCodec
from ..lab.toolkit.numbering import NumberClues
from ..lab.toolkit.symmetry import Symmetry, board_symmetries
from ..lab.toolkit.textgrid import JsonObject, Token, count_cells, line_chars, numbered_lines, refuse_oversized

Cell = tuple[int, int]
Colour = str | None  # "B", "W", or None: no colour
StoneCell = tuple[int, int, Colour]
Stone = tuple[StoneCell, ...]  # sorted, shifted so that the least row and column are 0
Piece = tuple[tuple[Cell, Colour], ...]  # one placed stone: board cells and the colour each shows
Grid = tuple[tuple[tuple[int, Colour] | None, ...], ...]

# Size limit: an 8x8 board of 12 stones solves in well under a second; 16x16 of 64 stones
# has at most ~130,000 placements, the rules for that still build in seconds.
SIZE = BoardLimit(16, 16, 1, 1)
STONE = BoardLimit(8, 8, 1, 1)
EARLY = SIZE.early("tiling")  # the readers' size check, before any cell is read
MAX_STONES = 64
MAX_PLACEMENTS = 60_000
BOARD_CHARS = {"B": "B", "W": "W", ".": None}  # and "_": a hole
STONE_CHARS = {"B": "B", "W": "W", ".": None}  # and "_": not part of the stone
SEPARATOR = "============"
HOLE_TOKENS = frozenset("_-.#X")  # an answer's hole (the board writes `_`)


@dataclass(frozen=True)
class TilingParams:
    """The board (`width` x `height` without `holes`), the stones, `mirror`: stones may be
    turned over; `apart`: identical stones are told apart (a tiling counts once per way to
    assign them), else they are one."""

    width: int
    height: int
    holes: frozenset[Cell]
    stones: tuple[Stone, ...]
    mirror: bool = True
    apart: bool = False

    def __post_init__(self) -> None:
        SIZE.check("tiling", self.width, self.height)
        if not self.stones:
            raise PuzzleError("a tiling needs at least one stone")
        if len(self.stones) > MAX_STONES:
            raise PuzzleError(f"{len(self.stones)} stones are too many: at most {MAX_STONES}")
        for i, stone in enumerate(self.stones, start=1):
            if not stone:
                raise PuzzleError(f"stone {i} has no cells")
            STONE.check("tiling", max(c for _, c, _ in stone) + 1, max(r for r, _, _ in stone) + 1, f"stone {i}")

    @property
    def cells(self) -> list[Cell]:
        """The board cells to cover, in reading order."""
        return [(r, c) for r in range(self.height) for c in range(self.width) if (r, c) not in self.holes]


# ---- geometry ---------------------------------------------------------------------------
def normal(cells: Iterable[StoneCell]) -> Stone:
    """Cells shifted so that the least row and column are 0, sorted: one form per shape."""
    cells = list(cells)
    r0, c0 = min(r for r, _, _ in cells), min(c for _, c, _ in cells)
    return tuple(sorted(((r - r0, c - c0, colour) for r, c, colour in cells), key=lambda x: (x[0], x[1])))


def turned(stone: Stone, k: int, flip: bool) -> Stone:
    """The stone mirrored (left-right, if `flip`) and then turned k quarter turns clockwise."""
    cells = [(r, -c if flip else c, colour) for r, c, colour in stone]
    for _ in range(k):
        cells = [(c, -r, colour) for r, c, colour in cells]
    return normal(cells)


@lru_cache(maxsize=4096)
def orientations(stone: Stone, mirror: bool) -> tuple[Stone, ...]:
    """The distinct ways the stone lies on the board (a shape and its colours), in a fixed
    order: the stone as given first."""
    out: list[Stone] = []
    for flip in ((False, True) if mirror else (False,)):
        for k in range(4):
            form = turned(stone, k, flip)
            if form not in out:
                out.append(form)
    return tuple(out)


def kind(stone: Stone, mirror: bool) -> Stone:
    """One form for all orientations of a stone: identical stones have the same kind."""
    return min(orientations(stone, mirror), key=comparable)


def comparable(cells: Iterable[tuple]) -> tuple:
    """Cells with their colours made comparable (None, no colour, as "")."""
    return tuple((*cell[:-1], cell[-1] or "") for cell in cells)


@dataclass(frozen=True)
class Placement:
    stone: int
    cells: Piece  # sorted by cell: cells[0][0] is the first cell in reading order


@lru_cache(maxsize=64)
def placements(params: TilingParams) -> tuple[tuple[Placement, ...], ...]:
    """Every placement of every stone (colours ignored: they are clues), per stone. Identical
    stones get their placements in the same order (from their common kind)."""
    free = set(params.cells)
    out = []
    for i, stone in enumerate(params.stones):
        mine = []
        for form in orientations(kind(stone, params.mirror), params.mirror):
            tall = max(r for r, _, _ in form) + 1
            wide = max(c for _, c, _ in form) + 1
            for r0 in range(params.height - tall + 1):
                for c0 in range(params.width - wide + 1):
                    cells = tuple(((r0 + r, c0 + c), colour) for r, c, colour in form)
                    if all(cell in free for cell, _ in cells):
                        mine.append(Placement(i, cells))
        out.append(tuple(mine))
    return tuple(out)


def identical_runs(params: TilingParams) -> list[tuple[int, int]]:
    """Pairs (i, j), i < j, of identical stones next to each other in the order of their
    kind: "i starts before j" for each pair orders a whole class of identical stones."""
    by_kind: dict[Stone, list[int]] = {}
    for i, stone in enumerate(params.stones):
        by_kind.setdefault(kind(stone, params.mirror), []).append(i)
    return [(a, b) for group in by_kind.values() for a, b in zip(group, group[1:])]


def multiplicities(params: TilingParams) -> list[int]:
    """How many stones there are of each kind."""
    counts: dict[Stone, int] = {}
    for stone in params.stones:
        k = kind(stone, params.mirror)
        counts[k] = counts.get(k, 0) + 1
    return list(counts.values())


def pieces_of(solution: Grid) -> dict[int, Piece]:
    """The cells (and colours shown) of each stone in a solution grid."""
    pieces: dict[int, list[tuple[Cell, Colour]]] = {}
    for r, row in enumerate(solution):
        for c, cell in enumerate(row):
            if cell is not None:
                pieces.setdefault(cell[0], []).append(((r, c), cell[1]))
    return {i: tuple(sorted(cells)) for i, cells in pieces.items()}


def grid_of(params: TilingParams, chosen: Iterable[Placement]) -> Grid:
    """The solution grid of a set of placements."""
    grid: list[list[tuple[int, Colour] | None]] = [[None] * params.width for _ in range(params.height)]
    for p in chosen:
        for (r, c), colour in p.cells:
            grid[r][c] = (p.stone, colour)
    return tuple(tuple(row) for row in grid)


# ---- board symmetries -------------------------------------------------------------------
def symmetries(inst: Instance) -> list[Symmetry]:
    """The board's symmetries that keep the holes and the colour clues (and, when stones may
    not be turned over, only the turns): the group a tiling is counted up to."""
    p = inst.params
    out = []
    for sym in board_symmetries(p.height, p.width):
        if p.height > 1 and p.width > 1 and not p.mirror and sym.mirrors:
            continue
        if {sym.cell(*h) for h in p.holes} != set(p.holes):
            continue
        if all(inst.clues.get(sym.cell(*cell)) == colour for cell, colour in inst.clues.items()):
            out.append(sym)
    return out


def canonical_tiling(inst: Instance, solution: Grid, maps: Sequence[Symmetry]) -> tuple:
    """One form for a tiling and its images under `maps`: pieces as (kind, cells) sets,
    identical stones not told apart."""
    p = inst.params
    pieces = pieces_of(solution)
    kinds = [kind(stone, p.mirror) for stone in p.stones]
    forms = []
    for sym in maps:
        moved = ((i, tuple(sorted((sym.cell(*cell), colour or "") for cell, colour in piece)))
                 for i, piece in pieces.items())
        forms.append(tuple(sorted((comparable(kinds[i]), cells) for i, cells in moved)))
    return min(forms)


# ---- text forms -------------------------------------------------------------------------
def cells_of_line(line: str, lineno: int) -> list[Token]:
    """One row's cells: comma-separated as in the seed (`B,_,W`) or side by side (`B_W`)."""
    if "," not in line:
        return line_chars(line, lineno)
    out, start = [], 0
    for part in line.split(","):
        text = part.strip()
        column = start + len(part) - len(part.lstrip()) + 1
        if len(text) != 1:
            raise PuzzleError(f"bad cell {quote(text)} between commas (one character each)", lineno, column)
        out.append(Token(text, lineno, column))
        start += len(part) + 1
    return out


def line_size(line: str) -> int:
    """How many cells `cells_of_line` makes of a line, without making them."""
    return line.count(",") + 1 if "," in line else count_cells(line)


def is_separator(line: str) -> bool:
    return len(line.strip()) >= 3 and set(line.strip()) == {"="}


def blocks(lines: Sequence[tuple[int, str]]) -> list[list[list[Token]]]:
    """Rows of cells, split into blocks at separator lines (`===`): at most MAX_STONES of at
    most STONE's size, refused before any cell is made."""
    parts: list[list[tuple[int, str]]] = [[]]
    for n, line in lines:
        if is_separator(line):
            parts.append([])
        else:
            parts[-1].append((n, line))
    parts = [part for part in parts if part]
    if len(parts) > MAX_STONES:
        raise PuzzleError(f"{len(parts)} stones are too many: at most {MAX_STONES}", parts[MAX_STONES][0][0])
    for k, part in enumerate(parts, start=1):
        refuse_oversized(part, STONE.early("tiling", f"stone {k}"), line_size)
    return [[cells_of_line(line, n) for n, line in part] for part in parts]


def read_stone(rows: list[list[Token]], number: int) -> Stone:
    """A stone block: B, W, . (a cell without colour), _ (no cell)."""
    cells = []
    for r, row in enumerate(rows):
        for c, t in enumerate(row):
            if t.text in STONE_CHARS:
                cells.append((r, c, STONE_CHARS[t.text]))
            elif t.text != "_":
                raise PuzzleError(f"bad stone cell {quote(t.text)} (B, W, . a cell without colour, _ none)",
                                  t.line, t.column)
    if not cells:
        raise PuzzleError(f"stone {number} has no cells", rows[0][0].line if rows and rows[0] else None)
    return normal(cells)


def stone_rows(stone: Stone, sep: str = "") -> list[str]:
    """A stone as rows of B, W, . and _."""
    tall = max(r for r, _, _ in stone) + 1
    wide = max(c for _, c, _ in stone) + 1
    grid = [["_"] * wide for _ in range(tall)]
    for r, c, colour in stone:
        grid[r][c] = colour or "."
    return [sep.join(row) for row in grid]


def read_board(rows: list[list[Token]]) -> tuple[int, int, frozenset[Cell], dict[Cell, str]]:
    """The board block: B, W, . (a cell without colour), _ (a hole)."""
    width = len(rows[0])
    for row in rows:
        if len(row) != width:
            raise PuzzleError(f"board row has {len(row)} cells, expected {width}", row[0].line)
    holes: set[Cell] = set()
    clues: dict[Cell, str] = {}
    for r, row in enumerate(rows):
        for c, t in enumerate(row):
            if t.text == "_":
                holes.add((r, c))
            elif t.text in BOARD_CHARS:
                colour = BOARD_CHARS[t.text]
                if colour:
                    clues[(r, c)] = colour
            else:
                raise PuzzleError(f"bad board cell {quote(t.text)} (B, W, . a cell without colour, _ a hole)",
                                  t.line, t.column)
    return width, len(rows), frozenset(holes), clues


def make_params(width: int, height: int, holes: frozenset[Cell], stones: Sequence[Stone], mirror: bool,
                apart: bool, line: int | None = None) -> TilingParams:
    """TilingParams, its errors placed at `line`."""
    SIZE.check("tiling", width, height, line=line)
    with at_place(line):
        return TilingParams(width, height, holes, tuple(stones), mirror, apart)


def checkerboard(width: int, height: int) -> dict[Cell, str]:
    """The seed's board colours: black where row and column are both even or both odd."""
    return {(r, c): "B" if (r + c) % 2 == 0 else "W" for r in range(height) for c in range(width)}


OPTION_LINES = {"no mirror": ("mirror", False), "mirror": ("mirror", True), "apart": ("apart", True)}


@dataclass(frozen=True)
class StonesOnly(MethodCodec):
    """Seed 001's form, the stones alone: known by having no line `board`, which our text form has."""

    def recognises(self, text: str) -> bool:
        return not any(line.strip().lower() == "board" for line in text.splitlines())


class Tiling(NumberClues, CluePuzzle[TilingParams, Cell, Grid]):
    name = "tiling"
    clue_word = "colour"
    # cacheable: a clue is one "shows colour" literal: nothing is drawn later
    speed = Speed(rules_cacheable=True)
    aliases = ("checkerboard", "draughtboard", "polyomino")
    title = "Polyomino tiling (checkerboard puzzle)"
    rules_text = ("Cover every board cell exactly once with the stones, turned and mirrored as you like; "
                  "colours must match where both have one.")
    codecs = (MethodCodec("text", solutions=True),
              StonesOnly("seed", solutions=True, solution_writer="write_text_solution"),
              JsonCodec(solution_key="grid"))
    size_limit_text = (f"{SIZE.text} board, at most {MAX_STONES} stones of at most {STONE.most_width}x"
                       f"{STONE.most_height}, {MAX_PLACEMENTS:,} placements")
    example = "board\n.W..\n.W.W\nB..W\n....\nstones\nWW\nB_\n===\nB__\nBW_\n_BW\n===\nB\nB\nW\n===\n___W\nBWBB"

    def check_size(self, inst: Instance) -> None:
        p = inst.params
        SIZE.check(self.name, p.width, p.height)
        total = sum(len(ps) for ps in placements(p))
        if total > MAX_PLACEMENTS:
            raise PuzzleError(f"{total:,} placements are too many: at most {MAX_PLACEMENTS:,}")

    # ---- text forms -------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """Option lines (`no mirror`, `apart`), `board`, its rows, `stones`, stones parted by `===`."""
        lines = numbered_lines(text, comment="#")
        options = {"mirror": True, "apart": False}
        i = 0
        while i < len(lines) and lines[i][1].strip().lower() in OPTION_LINES:
            key, value = OPTION_LINES[lines[i][1].strip().lower()]
            options[key] = value
            i += 1
        if i >= len(lines) or lines[i][1].strip().lower() != "board":
            raise PuzzleError("expected a line 'board' (after optional lines 'no mirror', 'apart')",
                              lines[i][0] if i < len(lines) else None)
        board_line = lines[i][0]
        heads = [k for k in range(i + 1, len(lines)) if lines[k][1].strip().lower() == "stones"]
        if not heads:
            raise PuzzleError("expected a line 'stones' after the board")
        refuse_oversized(lines[i + 1:heads[0]], EARLY, line_size)
        board_rows = [cells_of_line(line, n) for n, line in lines[i + 1:heads[0]]]
        if not board_rows:
            raise PuzzleError("the board has no rows", board_line)
        width, height, holes, clues = read_board(board_rows)
        stone_blocks = blocks(lines[heads[0] + 1:])
        stones = [read_stone(b, k) for k, b in enumerate(stone_blocks, start=1)]
        params = make_params(width, height, holes, stones, options["mirror"], options["apart"], board_line)
        return Instance(self.name, params, clues)

    def read_seed(self, text: str) -> Instance:
        """Seed 001's stones file: rows like `B,_,W`, each stone followed by a `===` line; the
        board is the seed's square checkerboard with as many cells as the stones."""
        stone_blocks = blocks(numbered_lines(text, comment="#"))
        if not stone_blocks:
            raise PuzzleError("no stones")
        stones = [read_stone(b, k) for k, b in enumerate(stone_blocks, start=1)]
        area = sum(len(s) for s in stones)
        side = math.isqrt(area)
        if side * side != area:
            raise PuzzleError(f"the stones cover {area} cells: the seed's form needs a square board "
                              "(use our text form, with a 'board' block, for other boards)")
        params = make_params(side, side, frozenset(), stones, True, False)
        return Instance(self.name, params, checkerboard(side, side))

    def from_json(self, text: str) -> Instance:
        """`board`: rows of B, W, . and _ (a hole); `stones`: each a list of such rows (_ no
        cell); `mirror` (true) and `apart` (false); `width` and `height`, when given, the
        board's."""
        doc = JsonObject(text, self.name, ("width", "height", "mirror", "apart", "board", "stones"), self.aliases)
        mirror, apart = doc.boolean("mirror", True), doc.boolean("apart", False)
        board = [self._json_row(row, "board") for row in doc.board("board", EARLY)]
        width, height, holes, clues = read_board(board)
        stones = []
        found = doc.array("stones", what="stones, each a list of rows of B, W, . and _")
        if len(found) > MAX_STONES:
            raise doc.error("stones", f"has {len(found)} stones, too many: at most {MAX_STONES}")
        for k, rows in enumerate(found, start=1):
            if not isinstance(rows, list) or not rows:
                raise doc.error("stones", f"item {k} must be a non-empty list of rows")
            STONE.early("tiling", f"stone {k}")(max(len(row) if isinstance(row, (str, list)) else 0 for row in rows),
                                                len(rows), doc.where("stones")[0])
            stones.append(read_stone([self._json_row(row, f"stone {k}") for row in rows], k))
        params = make_params(width, height, holes, stones, mirror, apart)
        return Instance(self.name, params, clues)

    @staticmethod
    def _json_row(row: Any, what: str) -> list[Token]:
        if isinstance(row, list) and all(isinstance(x, str) for x in row):
            row = "".join(row)
        if not isinstance(row, str) or not row:
            raise PuzzleError(f"{what}: each row is a non-empty string of B, W, . and _")
        return [Token(ch, None, None) for ch in row]  # type: ignore[arg-type]

    def board_rows(self, inst: Instance) -> list[str]:
        p = inst.params
        return ["".join("_" if (r, c) in p.holes else inst.clues.get((r, c)) or "." for c in range(p.width))
                for r in range(p.height)]

    def canonical(self, inst: Instance) -> str:
        """One text for boards equal up to turning and mirroring the board: the board's cells
        (colours and holes) moved, and the stones as a sorted list of their kinds (a stone
        in any of its orientations is one). Where stones may not be turned over, a mirrored
        board comes with mirrored stones."""
        p = inst.params
        rows = self.board_rows(inst)
        forms = []
        for sym in board_symmetries(p.height, p.width):
            flip = sym.mirrors and not p.mirror
            stones = sorted(comparable(kind(turned(stone, 0, flip), p.mirror)) for stone in p.stones)
            board = "/".join("".join(row) for row in sym.grid(rows))
            forms.append(f"{'mirror' if p.mirror else 'no mirror'} {'apart' if p.apart else ''}|{board}|{stones}")
        return min(forms)

    def write_text(self, inst: Instance) -> str:
        p = inst.params
        head = ["no mirror"] * (not p.mirror) + ["apart"] * p.apart
        stones = f"\n{SEPARATOR[:3]}\n".join("\n".join(stone_rows(s)) for s in p.stones)
        return "\n".join([*head, "board", *self.board_rows(inst), "stones", stones])

    def write_seed(self, inst: Instance) -> str:
        p = inst.params
        if p.holes or p.width != p.height or inst.clues != checkerboard(p.width, p.height) \
                or not p.mirror or p.apart or sum(len(s) for s in p.stones) != p.width * p.height:
            raise PuzzleError("the seed's form holds only stones for a full square checkerboard "
                              "(black top left), mirroring allowed: use text or json")
        return "".join("\n".join(stone_rows(s, ",")) + f"\n{SEPARATOR}\n" for s in p.stones)

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p = inst.params
        return {"width": p.width, "height": p.height, "mirror": p.mirror, "apart": p.apart,
                "board": self.board_rows(inst), "stones": [stone_rows(s) for s in p.stones]}

    def solution_rows(self, solution: Grid) -> list[str]:
        """The seed's way: each cell its stone number and colour (` 7B`), holes as `  _`."""
        return [" ".join("  _" if cell is None else f"{cell[0] + 1:2d}{cell[1] or '.'}" for cell in row)
                for row in solution]

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(self.solution_rows(solution))

    def solution_json(self, inst: Instance, solution: Grid) -> list[list[Any]]:
        return [[None if cell is None else [cell[0] + 1, cell[1]] for cell in row] for row in solution]

    # ---- for language models ------------------------------------------------------------
    board_legend = ("the line `board`, then its rows, one character per cell: `B` a black cell, `W` a white cell, "
                    "`.` a cell of no colour, `_` a hole; then the line `stones` and the stones, numbered 1, 2, ... "
                    "in the order listed, separated by `===` lines, drawn the same way (`_` not part of the stone). "
                    "A first line `no mirror` means stones may be turned but not turned over")
    answer_format = ("the covered board: one row per line, cells separated by single spaces, each the number of the "
                     "stone covering it (stones numbered from 1 in the order listed), `_` for a hole")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return grid_text(("_" if cell is None else cell[0] + 1 for cell in row) for row in solution)

    def read_answer(self, inst: Instance, text: str) -> Grid:
        """Stone numbers per cell (a colour letter after one, as our solution text writes it,
        ignored). Identical stones are numbered in reading order whatever the answer's
        order, and each stone shows the colours of the first way it lies on its cells that
        agrees with the board (a wrongly shaped stone shows none: `verify` says why)."""
        p = inst.params
        number = number_cell(1, len(p.stones))

        def cell(token: str) -> int | None:
            if token.upper() in HOLE_TOKENS:
                return None
            return number(token[:-1] if token[-1:].upper() in ("B", "W", ".") else token) - 1

        labels = read_grid(text, p.height, p.width, cell, "stone number")
        cells: dict[int, list[Cell]] = {}
        for r, row in enumerate(labels):
            for c, i in enumerate(row):
                if i is not None:
                    cells.setdefault(i, []).append((r, c))
        if not p.apart:  # identical stones are interchangeable: number them in reading order
            by_kind: dict[Stone, list[int]] = {}
            for i, stone in enumerate(p.stones):
                by_kind.setdefault(kind(stone, p.mirror), []).append(i)
            cells = {new: cells[old] for group in by_kind.values()
                     for new, old in zip([i for i in group if i in cells],
                                         sorted((i for i in group if i in cells), key=lambda i: cells[i][0]))}
        shown: dict[Cell, tuple[int, Colour]] = {}
        for i, mine in cells.items():
            colours = lying(p.stones[i], mine, p.mirror, inst.clues)
            shown.update((cell, (i, colour)) for cell, colour in zip(mine, colours))
        return tuple(tuple(shown.get((r, c)) for c in range(p.width)) for r in range(p.height))

    def corrupt_solution(self, inst: Instance, solution: Grid) -> Grid | None:
        """A wrong answer the text shows: the first covered cell given to another stone
        (a change of colour alone is not written)."""
        covered = [((r, c), cell) for r, row in enumerate(solution) for c, cell in enumerate(row) if cell is not None]
        (r, c), first = covered[0]
        other = next((cell for _, cell in covered if cell[0] != first[0]), None)
        if other is None:
            return None
        rows = [list(row) for row in solution]
        rows[r][c] = other
        return tuple(map(tuple, rows))

    def differences(self, a: Grid, b: Grid) -> list[str]:
        def show(x: tuple[int, Colour] | None) -> str:
            return "hole" if x is None else f"stone {x[0] + 1}{x[1] or ''}"

        return [f"r{r + 1}c{c + 1}: {show(x)} vs {show(y)}" for r, (ra, rb) in enumerate(zip(a, b))
                for c, (x, y) in enumerate(zip(ra, rb)) if x != y]

    def show_text(self, inst: Instance) -> str:
        """The board in a frame (holes filled), then the stones."""
        from ..lab.face.share import box_grid

        rows = [[("█" if ch == "_" else " " if ch == "." else ch) for ch in row] for row in self.board_rows(inst)]
        stones = [f"stone {i + 1}:\n" + "\n".join("  " + row.replace("_", " ") for row in stone_rows(s))
                  for i, s in enumerate(inst.params.stones)]
        return box_grid(rows) + "\n" + "\n".join(stones)

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """The board (black and white cells as given, cells without a colour light grey, holes
        dark grey with a cross), the stones in a tray below it at the same cell size, and a
        key to the colours; a solution colours each stone's cells in its own colour, thick
        lines between stones, and a small square in each cell shows the colour the stone
        gives it."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        palette = tints(len(p.stones))
        for r in range(p.height):
            for c in range(p.width):
                if (r, c) in p.holes:
                    _hole(board, r, c)
                elif solution is not None and (placed := solution[r][c]) is not None:
                    stone, colour = placed
                    _stone_cell(board, r, c, palette[stone], colour)
                else:
                    board.shade(r, c, BOARD_SHADES[inst.clues.get((r, c))])
        regions = None if solution is None else [[-1 if cell is None else cell[0] for cell in row] for row in solution]
        board.grid(regions)
        # The stones and the key under the solution too: pictures side by side keep one layout.
        wide, spots, tall = _tray_layout(p)
        beside = _key_beside(p, wide)
        top = min(-1, p.height - len(_key(p)) - 1) if beside else -1  # the tray's top: under a key beside the board
        tray = self._draw_stones(ax, p, palette, wide, spots, tall, top)
        tint = palette[0] if palette else STONE_SHADE
        _draw_key(ax, p, p.width + 1, p.height, tint) if beside else _draw_key(ax, p, 0, tray.y - 1, tint)

    @staticmethod
    def _draw_stones(ax, p: TilingParams, palette: list[str], wide: int, spots: list[Cell], tall: int, top: float):
        """The stones in a tray `wide` x `tall` cells (`_tray_layout`), its top edge at `top`,
        each stone in its colour with its cell colours, outlined; returns the tray. One
        framed `Board` for all of them: tests/test_render.py reads every Board as a board
        with a border, at least a few cells across."""
        from ..lab.toolkit.draw import Board

        tray = Board(ax, wide, tall, 0, top - tall)
        regions: list[list[object]] = [[-1] * tray.width for _ in range(tray.height)]
        for i, (stone, (y0, x0)) in enumerate(zip(p.stones, spots)):
            for r, c, colour in stone:
                regions[y0 + r][x0 + c] = i
                _stone_cell(tray, y0 + r, x0 + c, palette[i], colour)
        tray.grid(regions, lines=False)
        return tray

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: TilingParams, pool: IDPool) -> Rules:
        """Exactly one placement per stone and per cell; the "shows colour" literals; the
        order of identical stones unless `apart`."""
        per_stone = placements(params)
        total = sum(len(ps) for ps in per_stone)
        first = variable_block(pool, max(total, 1))
        var: dict[Placement, int] = {}
        for ps in per_stone:
            for pl in ps:
                var[pl] = first + len(var)
        clauses: list[Clause] = []
        groups: list[list[int]] = []
        covers: dict[Cell, list[Placement]] = {cell: [] for cell in params.cells}
        for ps in per_stone:
            clauses.append([var[pl] for pl in ps])
            groups.append([var[pl] for pl in ps])
            for pl in ps:
                for cell, _ in pl.cells:
                    covers[cell].append(pl)
        for cell in params.cells:
            clauses.append([var[pl] for pl in covers[cell]])
            groups.append([var[pl] for pl in covers[cell]])
        if any(not c for c in clauses):  # a stone or a cell nothing can fill: no tiling
            dead = pool.id(("dead",))
            clauses = [c for c in clauses if c] + [[dead], [-dead]]
        shows = self._shows(params, pool, covers, var, clauses)
        if not params.apart:
            clauses += order_clauses(params, pool, per_stone, var)
        return Rules(clauses, list(var.values()), (var, shows), at_most_one=[g for g in groups if len(g) > 1])

    @staticmethod
    def _shows(params: TilingParams, pool: IDPool, covers: dict[Cell, list[Placement]], var: dict[Placement, int],
               clauses: list[Clause]) -> dict[tuple[Cell, str], int]:
        """shows[(cell, X)] is true exactly when a placement puts colour X on the cell."""
        shows = {}
        for cell in params.cells:
            for colour in "BW":
                s = pool.id(("show", cell, colour))
                shows[(cell, colour)] = s
                giving = [var[pl] for pl in covers[cell] if dict(pl.cells)[cell] == colour]
                clauses.append([-s, *giving])
                clauses += [[-g, s] for g in giving]
        return shows

    def clue_clauses(self, params: TilingParams, rules: Rules, key: Cell, value: str) -> list[Clause]:
        if key not in set(params.cells) or value not in ("B", "W"):
            raise PuzzleError(f"clue {key}={value!r} is not a colour on a board cell")
        other = "W" if value == "B" else "B"
        return [[-rules.data[1][(key, other)]]]

    def each_solution(self, inst: Instance) -> Iterator[Grid]:
        """Tilings by exact cover (`each_tiling`), for `count` and `count --list`."""
        return each_tiling(inst, apart=inst.params.apart)

    def solution_tally(self, inst: Instance) -> TilingTally:
        return TilingTally(inst)

    def decode(self, params: TilingParams, rules: Rules, true_vars) -> Grid:
        return grid_of(params, [pl for pl, v in rules.data[0].items() if v in true_vars])

    def solution_literals(self, params: TilingParams, rules: Rules, solution: Grid) -> list[int]:
        pieces = pieces_of(solution)
        return [v if pieces.get(pl.stone) == pl.cells else -v for pl, v in rules.data[0].items()]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """A Boolean per placement that keeps the colour clues (the others are never made),
        `add_exactly_one` per stone and per cell, and for identical stones an integer "first
        cell" per stone, strictly increasing along each run."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        index = {cell: k for k, cell in enumerate(p.cells)}
        chosen: list[tuple[Placement, Any]] = []
        by_cell: dict[Cell, list[Any]] = {cell: [] for cell in p.cells}
        starts = []
        for ps in placements(p):
            mine = []
            for pl in ps:
                if any(colour and inst.clues.get(cell, colour) != colour for cell, colour in pl.cells):
                    continue
                x = model.new_bool_var("")
                mine.append((pl, x))
                for cell, _ in pl.cells:
                    by_cell[cell].append(x)
            model.add_exactly_one([x for _, x in mine])
            starts.append(sum(index[pl.cells[0][0]] * x for pl, x in mine))
            chosen += mine
        for xs in by_cell.values():
            model.add_exactly_one(xs)
        if not p.apart:
            for a, b in identical_runs(p):
                model.add(starts[a] < starts[b])
        return CpModel(model, [x for _, x in chosen],
                       lambda value: grid_of(p, [pl for pl, x in chosen if value(x)]))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: TilingParams) -> Iterator[Grid]:
        """Every exact cover of the board by the stones (colours ignored), by plain
        backtracking over the first empty cell: labelled by stone, so `verify` keeps the
        ones that match the colours (and, unless `apart`, the order of identical stones)."""
        if len(params.cells) > 16 or len(params.stones) > 8:
            raise PuzzleError(f"a {params.width}x{params.height} board of {len(params.stones)} stones is too "
                              "large to enumerate")
        by_first: dict[Cell, list[Placement]] = {}
        for ps in placements(params):
            for pl in ps:
                by_first.setdefault(pl.cells[0][0], []).append(pl)
        yield from covers_of(params, by_first, set(), set(), [])

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = []
        for r, row in enumerate(solution):
            for c, cell in enumerate(row):
                if (r, c) in p.holes and cell is not None:
                    problems.append(f"r{r + 1}c{c + 1} is a hole but stone {cell[0] + 1} covers it")
                elif (r, c) not in p.holes and cell is None:
                    problems.append(f"r{r + 1}c{c + 1} is not covered")
                elif cell is not None and cell[1] and inst.clues.get((r, c), cell[1]) != cell[1]:
                    problems.append(f"r{r + 1}c{c + 1} is {inst.clues[(r, c)]}, stone {cell[0] + 1} gives it {cell[1]}")
        pieces = pieces_of(solution)
        for i, stone in enumerate(p.stones):
            if i not in pieces:
                problems.append(f"stone {i + 1} is not placed")
            elif not fits(stone, pieces[i], p.mirror):
                problems.append(f"stone {i + 1} does not lie there in any allowed orientation")
        problems += [f"there is no stone {i + 1}" for i in sorted(pieces) if not 0 <= i < len(p.stones)]
        if not p.apart:
            for a, b in identical_runs(p):
                if a in pieces and b in pieces and pieces[a][0][0] > pieces[b][0][0]:
                    problems.append(f"stones {a + 1} and {b + 1} are identical: {a + 1} must come first "
                                    "in reading order")
        return problems


def fits(stone: Stone, piece: Piece, mirror: bool) -> bool:
    """Is the piece (board cells and colours) the stone turned, or mirrored if allowed?
    Plain transformations of the cell lists, not the placement tables."""
    shape = normal((r, c, colour) for (r, c), colour in piece)
    for flip in ((False, True) if mirror else (False,)):
        cells = [(r, -c if flip else c, colour) for r, c, colour in stone]
        for _ in range(4):
            if normal(cells) == shape:
                return True
            cells = [(c, -r, colour) for r, c, colour in cells]
    return False


def lying(stone: Stone, cells: Sequence[Cell], mirror: bool, clues: dict[Cell, str]) -> list[Colour]:
    """The colours a stone shows on `cells` (in reading order): from the first of its
    orientations with that shape that agrees with the board's colours, or else the first
    with that shape; none when no orientation has it."""
    fitting = []
    for form in orientations(stone, mirror):
        dr, dc = cells[0][0] - form[0][0], cells[0][1] - form[0][1]
        if len(form) == len(cells) and all((r + dr, c + dc) == cell for (r, c, _), cell in zip(form, cells)):
            fitting.append([colour for _, _, colour in form])
    agreeing = [colours for colours in fitting
                if all(not colour or clues.get(cell, colour) == colour for cell, colour in zip(cells, colours))]
    return (agreeing or fitting or [[None] * len(cells)])[0]


def covers_of(params: TilingParams, by_first: dict[Cell, list[Placement]], used: set[int], filled: set[Cell],
              chosen: list[Placement]) -> Iterator[Grid]:
    """Exact covers by backtracking: the first empty cell in reading order must be the
    first cell of some unused stone's placement."""
    empty = next((cell for cell in params.cells if cell not in filled), None)
    if empty is None:
        if len(used) == len(params.stones):
            yield grid_of(params, chosen)
        return
    for pl in by_first.get(empty, []):
        cells = [cell for cell, _ in pl.cells]
        if pl.stone in used or any(cell in filled for cell in cells):
            continue
        used.add(pl.stone)
        filled.update(cells)
        chosen.append(pl)
        yield from covers_of(params, by_first, used, filled, chosen)
        chosen.pop()
        filled.difference_update(cells)
        used.discard(pl.stone)


def order_clauses(params: TilingParams, pool: IDPool, per_stone: Sequence[Sequence[Placement]],
                  var: dict[Placement, int]) -> list[Clause]:
    """For identical stones i < j: j's first cell comes after i's. `upto[i][k]`: stone i's
    first cell is one of the first k + 1 cells (a prefix OR over placements)."""
    index = {cell: k for k, cell in enumerate(params.cells)}
    clauses: list[Clause] = []
    upto: dict[int, list[int]] = {}

    def prefix(i: int) -> list[int]:
        if i not in upto:
            starting: list[list[int]] = [[] for _ in params.cells]
            for pl in per_stone[i]:
                starting[index[pl.cells[0][0]]].append(var[pl])
            lits: list[int] = []
            for k, here in enumerate(starting):
                u = pool.id(("upto", i, k))
                before = lits[-1:]
                clauses.append([-u, *before, *here])
                clauses.extend([u, -x] for x in before + here)
                lits.append(u)
            upto[i] = lits
        return upto[i]

    for a, b in identical_runs(params):
        ua = prefix(a)
        for pl in per_stone[b]:
            k = index[pl.cells[0][0]]
            clauses.append([-var[pl], ua[k - 1]] if k else [-var[pl]])
    return clauses


# ---- counting and listing ---------------------------------------------------------------------
@dataclass(frozen=True)
class TilingCounts:
    """The tilings of one instance, counted three ways."""

    apart: int  # identical stones told apart
    identical: int  # identical stones as one
    symmetric: int  # and boards equal under the board's symmetries as one
    complete: bool  # False when `limit` stopped the enumeration


def each_tiling(inst: Instance, limit: int | None = None, apart: bool = False) -> Iterator[Grid]:
    """Every tiling of `inst` (identical stones as one unless `apart`), one at a time, so a
    caller can stream them. A search of its own, not SAT: each board cell and each stone is
    a bit, each placement that keeps the colour clues a mask, and the first empty cell in
    reading order is covered by each fitting placement in turn (the seed's 8x8 board: all
    208 labelled tilings in seconds; CDCL took seconds per tiling)."""
    p = inst.params
    index = {cell: k for k, cell in enumerate(p.cells)}
    by_first: list[list[tuple[int, Placement]]] = [[] for _ in p.cells]
    for ps in placements(p):
        for pl in ps:
            if all(not colour or inst.clues.get(cell, colour) == colour for cell, colour in pl.cells):
                mask = sum(1 << index[cell] for cell, _ in pl.cells) | 1 << (len(index) + pl.stone)
                by_first[index[pl.cells[0][0]]].append((mask, pl))
    runs = [] if apart else identical_runs(p)
    found = 0
    for chosen in exact_covers(by_first, (1 << len(index)) - 1, (1 << len(p.stones)) - 1 << len(index)):
        first = {pl.stone: pl.cells[0][0] for pl in chosen}
        if all(first[a] < first[b] for a, b in runs):
            yield grid_of(p, chosen)
            found += 1
            if limit is not None and found >= limit:
                return


def exact_covers(by_first: list[list[tuple[int, Placement]]], cells: int, stones: int,
                 used: int = 0, chosen: tuple[Placement, ...] = ()) -> Iterator[tuple[Placement, ...]]:
    """Sets of placements whose masks cover `cells` and `stones` exactly once, depth first,
    the lowest empty cell next (one level per stone: at most MAX_STONES deep)."""
    free = ~used & cells
    if not free:
        if used & stones == stones:
            yield chosen
        return
    for mask, pl in by_first[(free & -free).bit_length() - 1]:
        if not mask & used:
            yield from exact_covers(by_first, cells, stones, used | mask, chosen + (pl,))


class TilingTally:
    """`count`'s further numbers for tilings (`solution_tally`): with identical stones told
    apart, as one, and up to the board's symmetries, whichever way the board counts."""

    def __init__(self, inst: Instance):
        self.inst, self.maps = inst, symmetries(inst)
        self.per = math.prod(math.factorial(k) for k in multiplicities(inst.params))
        self.n = 0
        self.forms: set[tuple] = set()

    def add(self, solution: Grid) -> None:
        self.n += 1
        self.forms.add(canonical_tiling(self.inst, solution, self.maps))

    def counts(self) -> dict[str, int]:
        apart = self.inst.params.apart
        return {"stones_apart": self.n if apart else self.n * self.per,
                "identical_stones_as_one": self.n // self.per if apart else self.n,
                "up_to_symmetry": len(self.forms)}


def tiling_counts(inst: Instance, limit: int | None = None) -> TilingCounts:
    """Counts with identical stones told apart (each tiling once per ordering of each class
    of identical stones: the product of their factorials), as one, and up to the board's
    symmetries (canonical forms under `symmetries`)."""
    tally = TilingTally(replace(inst, params=replace(inst.params, apart=False)))
    for solution in each_tiling(inst, limit):
        tally.add(solution)
    counts = tally.counts()
    return TilingCounts(counts["stones_apart"], tally.n, counts["up_to_symmetry"], limit is None or tally.n < limit)


# ---- pictures: the cells as drawn, and the key to them ---------------------------------

BOARD_SHADES = {"B": "black", "W": "white", None: "0.85"}  # a board cell by its colour clue
HOLE_SHADE = "0.45"
STONE_SHADE = "#cfd8dc"  # a stone cell in the key when there are no stones to take a tint from
DOT = 0.34  # cells: the inset of the small square that shows a stone cell's colour
KEY = [("board", "B", "board: black"), ("board", "W", "board: white"), ("board", None, "board: no colour"),
       ("hole", None, "hole"), ("stone", "B", "stone: black"), ("stone", "W", "stone: white"),
       ("stone", None, "stone: no colour")]  # a colour must match where board and stone both have one
KEY_TEXT = 0.5  # cells: the size of the key's words


def _tray_layout(p: TilingParams) -> tuple[int, list[Cell], int]:
    """The stones laid out in rows, a cell apart: the tray's width, each stone's top-left
    cell in it, and its height."""
    widest = max(max(c for _, c, _ in stone) + 1 for stone in p.stones)
    spots, wide, x, y, row_height = [], max(p.width, 3 * widest + 4, 6), 1, 1, 0
    for stone in p.stones:
        tall = max(r for r, _, _ in stone) + 1
        span = max(c for _, c, _ in stone) + 1
        if x > 1 and x + span + 1 > wide:
            x, y, row_height = 1, y + row_height + 1, 0
        spots.append((y, x))
        wide = max(wide, x + span + 1)
        x += span + 1
        row_height = max(row_height, tall)
    return wide, spots, max(y + row_height + 1, 3)


def _hole(board, r: int, c: int) -> None:
    board.shade(r, c, HOLE_SHADE)
    board.symbol(r, c, "cross", 0.5, colour="white")


def _stone_cell(board, r: int, c: int, tint: str, colour: Colour) -> None:
    """A cell of a stone in its tint, with a small black or white square for its colour."""
    board.shade(r, c, tint)
    if colour:
        board.shade(r, c, "black" if colour == "B" else "white", inset=DOT)


def _key(p: TilingParams) -> list[tuple[str, Colour, str]]:
    """The key's lines for this board (the hole's only where it has holes)."""
    return [line for line in KEY if line[0] != "hole" or p.holes]


def _key_width() -> int:
    """Cells for the key's frame: a swatch, a gap and its longest line."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    from ..lab.toolkit.draw import FONT

    font = FontProperties(family=FONT)
    longest = max(TextPath((0, 0), text, size=KEY_TEXT, prop=font).get_extents().width for _, _, text in KEY)
    return math.ceil(1.75 + longest + 0.3)


def _key_beside(p: TilingParams, tray_width: int) -> bool:
    """Whether the key fits right of the board, over the tray (else it goes under the tray)."""
    return tray_width - p.width - 1 >= _key_width()


def _draw_key(ax, p: TilingParams, x: float, top: float, tint: str) -> None:
    """A framed key to the colours, a line a kind of cell, its top-left corner at (x, top).
    A framed `Board`, as tests/test_render.py reads every Board."""
    from ..lab.toolkit.draw import Board, write

    lines = _key(p)
    key = Board(ax, _key_width(), len(lines), x, top - len(lines))
    for r, (kind, colour, text) in enumerate(lines):
        if kind == "board":
            key.shade(r, 0, BOARD_SHADES[colour])
        elif kind == "hole":
            _hole(key, r, 0)
        else:
            _stone_cell(key, r, 0, tint, colour)
        cx, cy = key.centre(r, 0)
        write(ax, cx + 0.75, cy, text, KEY_TEXT, ha="left", va="middle")
    key.grid([[("swatch", r) if c == 0 else "words" for c in range(key.width)] for r in range(key.height)],
             lines=False)


def tints(n: int) -> list[str]:
    """n light, distinct colours for the stones."""
    import colorsys

    out = []
    for i in range(n):
        r, g, b = colorsys.hls_to_rgb((i * 0.618034) % 1.0, 0.72, 0.65)
        out.append(f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}")
    return out


PUZZLE = Tiling()
