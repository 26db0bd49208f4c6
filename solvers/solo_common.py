"""What Simon Tatham's Solo variants share (X sudoku, jigsaw sudoku, killer sudoku): one
structure, its rules as SAT and CP-SAT, `verify`, the digit grid's text, and his game IDs.

Vocabulary (as `solvers/sudoku.py`): a *cell* (r, c) holds a *digit* 1..n; its *units* are
its row, its column, its *region* (a sudoku box, or a jigsaw's irregular piece) and, on an
X board, the main diagonal or the anti-diagonal it stands on. Killer adds *cages*: groups
of cells whose digits differ, each with a *sum*.

A clue is one literal. A given digit is x[r][c][d], as in sudoku. A cage's sum is the
literal "this cage sums to S" of the rules: each cage has one variable per set of k digits
it may hold (its *combination*), and one per sum those sets make; the clue is the sum's
variable, equivalent to the cage summing to S, so the cage's shape is structure and its sum
a clue that stripping can test (and the open board, no sum at all, is ambiguous). The
combinations give unit propagation the killer player's first tools: a sum that only one
set of digits makes fixes those digits in the cage, and a digit no remaining set holds is
out of every cell of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from typing import Any, ClassVar

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    Clause,
    CluePuzzle,
    CpModel,
    Instance,
    PuzzleError,
    Rules,
    SizeCheck,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import number_cell
from ..lab.toolkit.latin import latin_grids
from ..lab.toolkit.regions import refuse_cut, renumbered
from ..lab.toolkit.tatham import GameId, tatham_encode, tatham_number_cells
from ..lab.toolkit.textgrid import Token, line_chars, line_tokens, refuse_oversized
from .sudoku import ALPHABET, BLANKS

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]
Rows = tuple[tuple[int, ...], ...]
Cage = tuple[Cell, ...]
SumKey = tuple[str, int, int]  # ("sum", r, c): the sum of the cage whose first cell is (r, c)
Places = Sequence[Sequence[tuple[int | None, int | None]]]  # each cell's (line, column) in a text
ENUMERATE_MOST = 4  # `candidates` lists every Latin square up to this order (576 of order 4)
BOXES_LINE = re.compile(r"^\s*boxes\s+(\d{1,3})\s*x\s*(\d{1,3})\s*$", re.I)
DIAGONALS_LINE = re.compile(r"^\s*diagonals\s*$", re.I)


def boxes_line(numbered: tuple[int, str]) -> tuple[int, int]:
    """The box shape (rows, columns) a text's line `boxes 3x2` gives (its line number, its text)."""
    m = BOXES_LINE.match(numbered[1])
    if m is None:
        raise PuzzleError(f"expected a line like 'boxes 3x2', got {quote(numbered[1].strip())}", numbered[0])
    return int(m.group(1)), int(m.group(2))


def boxes(box_rows: int, box_cols: int) -> Rows:
    """The region numbers of a sudoku's boxes, `box_rows` tall and `box_cols` wide, in reading order."""
    n = box_rows * box_cols
    return tuple(tuple((r // box_rows) * box_rows + c // box_cols for c in range(n)) for r in range(n))


def default_box(n: int) -> tuple[int, int]:
    """The box shape a board of n x n takes unless it says otherwise: as sudoku's, as
    square as possible and wider than tall (2x3 on 6x6)."""
    rows = max((d for d in range(2, n) if n % d == 0 and d * d <= n), default=0)
    if not rows:
        raise PuzzleError(f"a {n}x{n} grid has no box shape of two rows and columns or more (4, 6, 8, 9, 10, "
                          "12, ... do)")
    return rows, n // rows


@dataclass(frozen=True)
class SoloParams:
    """An n x n board: its `regions` (a region number per cell, numbered in reading order of
    first appearance), `box` (rows, columns) when those are a sudoku's boxes and None for a
    jigsaw, `diagonals` for X, and killer's `cages` (each a tuple of cells in reading order,
    the cages in reading order of their first cells). Make one with `box_board` or
    `jigsaw_board`, which check it."""

    n: int
    regions: Rows
    box: tuple[int, int] | None = None
    diagonals: bool = False
    cages: tuple[Cage, ...] = ()

    def __post_init__(self) -> None:
        """Regions numbered in reading order and cages sorted, whatever made them: one board, one params."""
        object.__setattr__(self, "regions", renumbered(self.regions))
        object.__setattr__(self, "cages", tuple(sorted(tuple(sorted(cage)) for cage in self.cages)))

    @cached_property
    def region_cells(self) -> list[list[Cell]]:
        out: list[list[Cell]] = [[] for _ in range(self.n)]
        for r, row in enumerate(self.regions):
            for c, k in enumerate(row):
                out[k].append((r, c))
        return out

    @cached_property
    def diagonal_cells(self) -> list[list[Cell]]:
        n = self.n
        return [[(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)]] if self.diagonals else []

    @cached_property
    def units(self) -> list[tuple[str, list[Cell]]]:
        """Every group of n cells that holds each digit once, with its name for people."""
        n = self.n
        out = [(f"row {r + 1}", [(r, c) for c in range(n)]) for r in range(n)]
        out += [(f"column {c + 1}", [(r, c) for r in range(n)]) for c in range(n)]
        word = "box" if self.box else "region"
        out += [(f"{word} {k + 1}", cells) for k, cells in enumerate(self.region_cells)]
        out += list(zip(("the main diagonal", "the anti-diagonal"), self.diagonal_cells))
        return out

    @cached_property
    def cage_of(self) -> dict[Cell, int]:
        return {cell: i for i, cage in enumerate(self.cages) for cell in cage}

    def sum_key(self, i: int) -> SumKey:
        r, c = self.cages[i][0]
        return ("sum", r, c)

    @cached_property
    def sum_keys(self) -> dict[SumKey, int]:
        """Each sum clue's key, and its cage's place in `cages`."""
        return {self.sum_key(i): i for i in range(len(self.cages))}


def box_board(box_rows: int, box_cols: int, diagonals: bool = False,
              cages: Iterable[Sequence[Cell]] = ()) -> SoloParams:
    """A board of sudoku boxes `box_rows` tall and `box_cols` wide (each at least 2x2)."""
    if box_rows < 2 or box_cols < 2:
        raise PuzzleError(f"boxes {box_rows}x{box_cols} are too small: at least 2x2 (1-wide boxes are a jigsaw's)")
    n = box_rows * box_cols
    return SoloParams(n, boxes(box_rows, box_cols), (box_rows, box_cols), diagonals, checked_cages(n, cages))


def jigsaw_board(names: Sequence[Sequence[Any]], where: Places | None = None,
                 diagonals: bool = False, cages: Iterable[Sequence[Cell]] = ()) -> SoloParams:
    """A jigsaw board from rows of region names: n regions of n cells each, each connected
    (`where` gives each cell's line and column for the errors)."""
    n = len(names)
    if any(len(row) != n for row in names):
        raise PuzzleError(f"the regions must be {n} rows of {n}", where[0][0][0] if where else None)
    regions = renumbered(names)
    sizes: dict[int, int] = {}
    for r, row in enumerate(regions):
        for c, k in enumerate(row):
            sizes[k] = sizes.get(k, 0) + 1
            if sizes[k] > n:
                raise PuzzleError(f"region {quote(names[r][c])} has more than {n} cells", *_at(where, r, c))
    if len(sizes) != n:
        raise PuzzleError(f"{len(sizes)} regions on a {n}x{n} board: a jigsaw has {n}, of {n} cells each",
                          *_at(where, 0, 0))
    refuse_cut(names, regions, where)
    return SoloParams(n, regions, None, diagonals, checked_cages(n, cages))


def _at(where: Places | None, r: int, c: int) -> tuple[int | None, int | None]:
    return where[r][c] if where else (None, None)


def checked_cages(n: int, cages: Iterable[Sequence[Cell]]) -> tuple[Cage, ...]:
    """Cages in the order `SoloParams` keeps them, each refused when it is off the board,
    overlaps another, is not connected or holds more cells than there are digits."""
    out: list[Cage] = []
    seen: set[Cell] = set()
    for cells in cages:
        cage = tuple(sorted(cells))
        if not cage:
            raise PuzzleError("a cage with no cells")
        for r, c in cage:
            if not (0 <= r < n and 0 <= c < n):
                raise PuzzleError(f"cage cell r{r + 1}c{c + 1} is off the {n}x{n} board")
            if (r, c) in seen:
                raise PuzzleError(f"r{r + 1}c{c + 1} is in two cages")
            seen.add((r, c))
        if len(cage) > n:
            raise PuzzleError(f"the cage at r{cage[0][0] + 1}c{cage[0][1] + 1} has {len(cage)} cells: "
                              f"its digits differ, so at most {n}")
        if not connected(cage):
            raise PuzzleError(f"the cage at r{cage[0][0] + 1}c{cage[0][1] + 1} is in two pieces")
        out.append(cage)
    return tuple(sorted(out))


def connected(cells: Sequence[Cell]) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    inside = set(cells)
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in inside and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(inside)


def cage_grid(params: SoloParams) -> list[list[int]]:
    """Each cell's cage, by its place in `params.cages` (-1: in no cage)."""
    n = params.n
    grid = [[-1] * n for _ in range(n)]
    for i, cage in enumerate(params.cages):
        for r, c in cage:
            grid[r][c] = i
    return grid


# ---- digits as text --------------------------------------------------------------------------
def read_digit(t: Token, n: int) -> int:
    """A cell of a digit grid: a digit 1..n (past 9 a number, or a letter as sudoku writes
    10 and up: a is 10), or a blank (`.`, `0`, `_`, `-`, `*`)."""
    text = t.text
    if text in BLANKS:
        return 0
    if text.isdecimal() and text.isascii() and len(text) <= 3:
        d = int(text)
    elif len(text) == 1 and text.lower() in ALPHABET[9:]:
        d = ALPHABET.index(text.lower()) + 1
    else:
        raise PuzzleError(f"bad cell {quote(text)} (a digit 1..{n}, or . for a blank)", t.line, t.column)
    if not 1 <= d <= n:
        raise PuzzleError(f"digit {d} out of range 1..{n}", t.line, t.column)
    return d


def spaced(lines: Sequence[tuple[int, str]]) -> bool:
    """Are these rows written a word a cell (`1 . 3 4`, `10 . 3`), rather than a character a cell?"""
    return any(len(line.split()) > 1 for _, line in lines)


def cell_tokens(lines: Sequence[tuple[int, str]], limit: SizeCheck | None) -> list[list[Token]]:
    """Rows of cell tokens: words when any row has several, else single characters; an
    oversized grid is refused before a token is made."""
    words = spaced(lines)
    refuse_oversized(lines, limit, cells=not words)
    return [line_tokens(line, n) if words else line_chars(line, n) for n, line in lines]


def digit_cells(rows: Sequence[Sequence[Token]], n: int) -> dict[Cell, int]:
    """The givens of n rows of n cell tokens, each row's length checked."""
    clues: dict[Cell, int] = {}
    for r, row in enumerate(rows):
        if len(row) != n:
            raise PuzzleError(f"row has {len(row)} cells, expected {n}", row[0].line if row else None)
        for c, t in enumerate(row):
            d = read_digit(t, n)
            if d:
                clues[(r, c)] = d
    return clues


def digit_text(d: int) -> str:
    return "." if d == 0 else str(d)


def digit_rows(params: SoloParams, clues: dict) -> list[str]:
    """The givens as rows of cells separated by spaces (numbers past 9 right-aligned), and on a
    board of boxes a wider space between stacks and a blank line between bands."""
    n = params.n
    width = len(str(n))
    lines = []
    for r in range(n):
        if params.box and r and r % params.box[0] == 0:
            lines.append("")
        parts = []
        for c in range(n):
            if params.box and c and c % params.box[1] == 0:
                parts.append("")
            parts.append(digit_text(clues.get((r, c), 0)).rjust(width))
        lines.append(" ".join(parts))
    return lines


def json_digits(doc: Any, n: int, key: str = "grid") -> dict[Cell, int]:
    """A JSON document's digit grid: n rows of numbers (0 or "." a blank), checked."""
    rows = doc.rows(key)
    line = doc.where(key)[0]
    if len(rows) != n or any(len(row) != n for row in rows):
        raise doc.error(key, f"must be {n} rows of {n} cells")
    clues: dict[Cell, int] = {}
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            d = v if type(v) is int else read_digit(Token(str(v).strip() or ".", line, None), n)
            if not 0 <= d <= n:
                raise doc.error(key, f"has {d} at row {r + 1}, column {c + 1}: a digit is 1..{n}, or 0 for a blank")
            if d:
                clues[(r, c)] = d
    return clues


def json_grid(params: SoloParams, clues: dict) -> list[list[int]]:
    n = params.n
    return [[clues.get((r, c), 0) for c in range(n)] for r in range(n)]


# ---- Tatham's game IDs --------------------------------------------------------------------------
@dataclass(frozen=True)
class SoloHead:
    """Solo's parameters as his `decode_params` reads them: the size, the boxes (rows,
    columns; None for a jigsaw), X, killer, and the difficulty letter (`t` when none)."""

    n: int
    box: tuple[int, int] | None
    diagonals: bool
    killer: bool
    difficulty: str


DIFFICULTIES = "tbiaeu"  # Trivial, Basic, Intermediate, Advanced, Extreme, Unreasonable


def solo_head(game: GameId, limit: SizeCheck) -> SoloHead:
    """Read `C[xR]` and the flags after it (`j` jigsaw, `x` X, `k` killer, symmetry and
    difficulty) as `decode_params` does, then refuse what `validate_params` refuses, and an
    oversized board (`limit`) before the description is read."""
    head, where = game.head, (game.line, game.column)
    m = re.match(r"(\d{1,4})(?:x(\d{0,4}))?", head)
    if not m:
        raise PuzzleError(f"bad Solo parameters {quote(head)}", *where)
    c = int(m.group(1))
    seen_r = m.group(2) is not None
    r = (int(m.group(2)) if m.group(2) else 0) if seen_r else c
    diagonals = killer = False
    difficulty = "t"
    rest, i = head[m.end():], 0
    while i < len(rest):
        ch = rest[i]
        i += 1
        if ch == "j":
            c, r = (c * r if seen_r else c), 1
        elif ch == "x":
            diagonals = True
        elif ch == "k":
            killer = True
        elif ch in "rma":
            i += 1 if ch == "m" and rest[i:i + 1] == "d" else 0
            while i < len(rest) and rest[i].isdecimal():
                i += 1
        elif ch == "d" and rest[i:i + 1] and rest[i] in DIFFICULTIES:
            difficulty = rest[i]
            i += 1
    n = c * r
    if c < 2 or r < 1:
        raise PuzzleError(f"Solo parameters {quote(head)}: both dimensions must be at least 2", *where)
    limit(n, n, game.line)
    if killer and n > 9:
        raise PuzzleError(f"Solo parameters {quote(head)}: killer boards are at most 9x9", *where)
    if diagonals and n < 4:
        raise PuzzleError(f"Solo parameters {quote(head)}: X boards are at least 4x4", *where)
    return SoloHead(n, None if r == 1 else (c, r), diagonals, killer, difficulty)


def head_text(params: SoloParams) -> str:
    """`encode_params` without the symmetry and difficulty: `3x3`, `9j`, then `x`, `k`;
    refused for an X board under 4x4, which his `validate_params` refuses."""
    if params.diagonals and params.n < 4:
        raise PuzzleError(f"Tatham's X boards are at least 4x4, not {params.n}x{params.n}")
    base = f"{params.box[0]}x{params.box[1]}" if params.box else f"{params.n}j"
    return base + ("x" if params.diagonals else "") + ("k" if params.cages else "")


def description_parts(game: GameId, count: int) -> list[GameId]:
    """The description's comma-separated parts, each as a GameId of its own (for places in
    errors); refused unless there are `count` of them."""
    parts, start = [], 0
    pieces = game.desc.split(",")
    if len(pieces) != count:
        what = {1: "a grid", 2: "a grid and a block structure", 3: "a grid, the cages and their sums",
                4: "a grid, the regions, the cages and their sums"}[count]
        raise PuzzleError(f"the description of {quote(game.head)} is {what}, {count} part{'s' * (count > 1)} "
                          f"between commas, not {len(pieces)}", *game.at(0))
    for piece in pieces:
        parts.append(GameId(game.head, piece, game.line, game.column, game.desc_column + start))
        start += len(piece) + 1
    return parts


def number_grid(part: GameId, n: int, most: int, what: str) -> dict[Cell, int]:
    """A grid of numbers (digits, or killer's sums) from 1 to `most`, by cell."""
    out: dict[Cell, int] = {}
    for i, t in enumerate(tatham_number_cells(part, n * n)):
        if t.text:
            value = int(t.text)
            if not 1 <= value <= most:
                raise PuzzleError(f"{what} {value} out of range 1..{most}", t.line, t.column)
            out[divmod(i, n)] = value
    return out


def grid_description(n: int, values: dict[Cell, int]) -> str:
    return tatham_encode([values.get((r, c), 0) for r in range(n) for c in range(n)], 0)


def _edge_cells(pos: int, n: int) -> tuple[int, int]:
    """The two cells (as r * n + c) either side of internal line `pos`: vertical lines in
    reading order, then horizontal ones column by column."""
    if pos < n * (n - 1):
        y, x = divmod(pos, n - 1)
        return y * n + x, y * n + x + 1
    x, y = divmod(pos - n * (n - 1), n - 1)
    return y * n + x, (y + 1) * n + x


def read_blocks(part: GameId, n: int) -> list[list[int]]:
    """Solo's block structure (`spec_to_dsf`): runs of internal lines that are no border,
    `_` none, `a`..`y` 1..25 then a border, `z` 26 and no border; rows of block numbers in
    reading order of first cells."""
    lines = 2 * n * (n - 1)
    parent = list(range(n * n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    pos = 0
    for i, ch in enumerate(part.desc):
        if ch != "_" and not "a" <= ch <= "z":
            raise PuzzleError(f"unexpected {quote(ch)} in a block structure", *part.at(i))
        run = 0 if ch == "_" else ord(ch) - ord("a") + 1
        if pos + run > lines:
            raise PuzzleError("too much data in a block structure", *part.at(i))
        for _ in range(run):
            a, b = _edge_cells(pos, n)
            parent[root(a)] = root(b)
            pos += 1
        pos += run != 26
    if pos != lines + 1:
        raise PuzzleError(f"a block structure of {pos} of the {lines + 1} line places", *part.at(len(part.desc)))
    number: dict[int, int] = {}
    return [[number.setdefault(root(r * n + c), len(number)) for c in range(n)] for r in range(n)]


def write_blocks(owner: Sequence[Sequence[int]], n: int) -> str:
    """`read_blocks` the other way (`encode_block_structure_desc`, with runs past 25 as his
    parser reads them: `z` is 26 lines with no border)."""
    out: list[str] = []
    run = 0
    for pos in range(2 * n * (n - 1) + 1):
        if pos < 2 * n * (n - 1):
            a, b = _edge_cells(pos, n)
            if owner[a // n][a % n] == owner[b // n][b % n]:
                run += 1
                continue
        while run >= 26:
            out.append("z")
            run -= 26
        out.append(chr(ord("a") - 1 + run) if run else "_")
        run = 0
    return "".join(out)


def blocks_of(rows: Sequence[Sequence[int]]) -> list[list[Cell]]:
    """Groups of cells by their number in `rows`, in reading order of first cells."""
    groups: dict[int, list[Cell]] = {}
    for r, row in enumerate(rows):
        for c, k in enumerate(row):
            groups.setdefault(k, []).append((r, c))
    return list(groups.values())


def jigsaw_blocks(part: GameId, n: int) -> Rows:
    """A jigsaw's regions from his block structure: n blocks of n cells (as `validate_block_desc`)."""
    rows = read_blocks(part, n)
    sizes = [len(cells) for cells in blocks_of(rows)]
    if len(sizes) != n or any(size != n for size in sizes):
        raise PuzzleError(f"the jigsaw blocks are {len(sizes)} of sizes {sorted(set(sizes))}: "
                          f"a {n}x{n} jigsaw has {n} blocks of {n} cells", *part.at(0))
    return tuple(map(tuple, rows))


# ---- the puzzles' common part ---------------------------------------------------------------------
@dataclass
class SoloVars:
    x: list[list[list[int]]]  # x[r][c][d]: cell (r, c) holds digit d + 1
    sums: list[dict[int, int]] = field(default_factory=list)  # per cage: its possible sums' literals


def cage_rules(x: list[list[list[int]]], cage: Cage, n: int, pool: IDPool
               ) -> tuple[list[Clause], list[list[int]], dict[int, int]]:
    """One cage: its digits differ, and it holds one of the sets of len(cage) digits, whose
    sum is the sum literal's. (clauses, at-most-one groups, sum -> literal)."""
    cells = [x[r][c] for r, c in cage]
    k = len(cells)
    distinct = [[cell[d] for cell in cells] for d in range(n)]
    combos = list(combinations(range(n), k))
    first = variable_block(pool, len(combos))
    totals = sorted({sum(combo) + k for combo in combos})
    s_first = variable_block(pool, len(totals))
    sums = {total: s_first + i for i, total in enumerate(totals)}
    clauses: list[Clause] = [[first + j for j in range(len(combos))]]  # some set of digits
    holding: list[list[int]] = [[] for _ in range(n)]
    by_sum: dict[int, list[int]] = {total: [] for total in totals}
    for j, combo in enumerate(combos):
        y = first + j
        clauses += [[-y, *(cell[d] for d in combo)] for cell in cells]  # every cell holds one of them
        clauses += [[-y, *(cell[d] for cell in cells)] for d in combo]  # every one is in some cell
        clauses.append([-y, sums[sum(combo) + k]])
        by_sum[sum(combo) + k].append(y)
        for d in combo:
            holding[d].append(y)
    clauses += [[-cell[d], *holding[d]] for cell in cells for d in range(n)]
    clauses += [[-lit, *by_sum[total]] for total, lit in sums.items()]
    return clauses, distinct + [list(sums.values())], sums


class SoloPuzzle(CluePuzzle[SoloParams, Any, Grid]):
    """Rules, decoding, CP-SAT, brute force, `verify`, answers and pictures of a Solo
    variant; each puzzle adds its forms and its canonical text."""

    cell_names: ClassVar[dict[Any, str]] = {}
    tatham_game: ClassVar[str | None] = "solo"
    answer_format = "the filled grid: one row per line, its numbers separated by single spaces"
    answer_cells = (number_cell(0, 10 ** 6), "number")  # any whole number (`verify` says which are out of range)

    # ---- clues ----------------------------------------------------------------------------
    def describe_clue(self, key: Any, value: Any) -> str:
        if key[0] == "sum":
            return f"cage r{key[1] + 1}c{key[2] + 1}={value}"
        return f"r{key[0] + 1}c{key[1] + 1}={value}"

    def clue_json(self, key: Any, value: Any) -> dict:
        if key[0] == "sum":
            return {"cage": [key[1] + 1, key[2] + 1], "sum": value}
        return {"row": key[0] + 1, "col": key[1] + 1, "digit": value}

    def solution_json(self, inst: Instance, solution: Grid) -> Any:
        return [list(row) for row in solution]

    # ---- SAT ----------------------------------------------------------------------------
    def rules(self, params: SoloParams, pool: IDPool) -> Rules:
        """x[r][c][d]: each cell one digit, each unit each digit once; each cage's digits
        differ and make one of its sums (`cage_rules`)."""
        n = params.n
        first = variable_block(pool, n ** 3)
        x = [[list(range(first + (r * n + c) * n, first + (r * n + c + 1) * n)) for c in range(n)] for r in range(n)]
        groups = [x[r][c] for r in range(n) for c in range(n)]
        for _, unit in params.units:
            groups += [[x[r][c][d] for r, c in unit] for d in range(n)]
        clauses: list[Clause] = list(groups)
        at_most_one = list(groups)
        sums = []
        for cage in params.cages:
            more, once, lits = cage_rules(x, cage, n, pool)
            clauses += more
            at_most_one += once
            sums.append(lits)
        return Rules(clauses=clauses, primary=list(range(first, first + n ** 3)), data=SoloVars(x, sums),
                     at_most_one=at_most_one, cells=[x[r][c] for r in range(n) for c in range(n)])

    def clue_clauses(self, params: SoloParams, rules: Rules, key: Any, value: Any) -> list[Clause]:
        n = params.n
        if not isinstance(value, int) or isinstance(value, bool):
            raise PuzzleError(f"clue {quote(key)}: {quote(value)} is not a number")
        if isinstance(key, tuple) and len(key) == 3 and key in params.sum_keys:
            lit = rules.data.sums[params.sum_keys[key]].get(value)
            return [[lit]] if lit is not None else [[]]  # a sum no digits make: no solution
        if not (isinstance(key, tuple) and len(key) == 2 and all(type(i) is int for i in key)
                and 0 <= key[0] < n and 0 <= key[1] < n):
            raise PuzzleError(f"clue {quote(key)} is not a cell of the {n}x{n} board (nor a cage's sum)")
        if not 1 <= value <= n:
            raise PuzzleError(f"clue r{key[0] + 1}c{key[1] + 1}={value}: a digit is 1..{n}")
        return [[rules.data.x[key[0]][key[1]][value - 1]]]

    def decode(self, params: SoloParams, rules: Rules, true_vars: AbstractSet[int]) -> Grid:
        n, x = params.n, rules.data.x
        return tuple(tuple(next((d + 1 for d in range(n) if x[r][c][d] in true_vars), 0) for c in range(n))
                     for r in range(n))

    def solution_literals(self, params: SoloParams, rules: Rules, solution: Grid) -> list[int]:
        x = rules.data.x
        return [x[r][c][d - 1] for r, row in enumerate(solution) for c, d in enumerate(row)]

    # ---- CP-SAT ---------------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """All-different units and cages, a linear sum per cage with its clue, the givens."""
        from ortools.sat.python import cp_model

        params, n = inst.params, inst.params.n
        model = cp_model.CpModel()
        cell = [[model.new_int_var(1, n, f"c{r}_{c}") for c in range(n)] for r in range(n)]
        for _, unit in params.units:
            model.add_all_different([cell[r][c] for r, c in unit])
        for key, value in inst.clues.items():
            if key[0] == "sum":
                cage = params.cages[params.sum_keys[key]]
                model.add(sum(cell[r][c] for r, c in cage) == value)
            else:
                model.add(cell[key[0]][key[1]] == value)
        for cage in params.cages:
            model.add_all_different([cell[r][c] for r, c in cage])
        flat = [v for row in cell for v in row]
        return CpModel(model, flat, lambda value: tuple(tuple(value(v) for v in row) for row in cell))

    # ---- independent check --------------------------------------------------------------------
    def candidates(self, params: SoloParams) -> Iterable[Grid]:
        """Every Latin square of order n (regions, diagonals and cages unchecked: `verify`
        must catch them); every grid of digits below order 3; up to order 4."""
        if params.n > ENUMERATE_MOST:
            raise PuzzleError(f"brute force is for boards of at most {ENUMERATE_MOST}x{ENUMERATE_MOST}")
        return latin_grids(params.n)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        """Digits in range, each unit holding each digit once, cages without a repeat and at
        their sums, every given kept."""
        params, n = inst.params, inst.params.n
        if len(solution) != n or any(len(row) != n for row in solution):
            return [f"solution is not {n}x{n}"]
        problems = [f"r{r + 1}c{c + 1} holds {d}, not a digit 1..{n}"
                    for r, row in enumerate(solution) for c, d in enumerate(row) if not 1 <= d <= n]
        digits = set(range(1, n + 1))
        problems += [f"{name} does not hold each digit 1..{n} once" for name, unit in params.units
                     if {solution[r][c] for r, c in unit} != digits]
        for i, cage in enumerate(params.cages):
            held = [solution[r][c] for r, c in cage]
            r, c = cage[0]
            if len(set(held)) != len(held):
                problems.append(f"the cage at r{r + 1}c{c + 1} repeats a digit: {held}")
            want = inst.clues.get(params.sum_key(i))
            if want is not None and sum(held) != want:
                problems.append(f"the cage at r{r + 1}c{c + 1} sums to {sum(held)}, not {want}")
        for key, d in inst.clues.items():
            if key[0] != "sum" and solution[key[0]][key[1]] != d:
                problems.append(f"r{key[0] + 1}c{key[1] + 1} is {solution[key[0]][key[1]]}, the given is {d}")
        return problems

    # ---- for people ----------------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: heavy lines around the regions, '·' for a blank, and a
        first line on an X board."""
        from ..lab.face.share import NONE, box_grid

        p = inst.params
        cells = [[digit_text(inst.clues.get((r, c), 0)).replace(".", "·") for c in range(p.n)] for r in range(p.n)]
        out = box_grid(cells, p.regions, inner=NONE, pad=0)
        return ("the main diagonals hold each digit once too\n" if p.diagonals else "") + out

    def draw(self, ax: Any, inst: Instance, solution: Grid | None = None) -> None:
        """Thin cell lines, thick region lines, the diagonals in grey on an X board, a
        killer's cages dashed with each sum small in its first cell; givens in bold black,
        solved digits in blue."""
        from matplotlib.collections import LineCollection

        from ..lab.toolkit.draw import Board

        p, n = inst.params, inst.params.n
        board = Board(ax, n, n)
        board.grid(p.regions)
        if p.diagonals:
            board.line([(0, 0), (n - 1, n - 1)], colour="0.82", width=0.06, zorder=0.5)
            board.line([(0, n - 1), (n - 1, 0)], colour="0.82", width=0.06, zorder=0.5)
        if p.cages:
            owner = cage_grid(p)
            segs = []
            for r in range(n):
                for c in range(n):
                    x0, y0 = board.x + c, board.y + n - r - 1
                    if c + 1 < n and owner[r][c] != owner[r][c + 1]:
                        segs.append([(x0 + 1, y0), (x0 + 1, y0 + 1)])
                    if r + 1 < n and owner[r][c] != owner[r + 1][c]:
                        segs.append([(x0, y0), (x0 + 1, y0)])
            ax.add_collection(LineCollection(segs, colors=["#b03030"], linewidths=1.2, linestyles="dashed",
                                             zorder=2.5), autolim=False)
            for key, value in inst.clues.items():
                if key[0] == "sum":
                    board.corner(key[1], key[2], str(value), 0.26, colour="#b03030")
        for r in range(n):
            for c in range(n):
                given = inst.clues.get((r, c))
                d = given or (solution[r][c] if solution is not None else 0)
                if d:
                    board.text(r + (0.08 if p.cages else 0), c, ALPHABET[d - 1] if n > 9 else str(d),
                               0.5 if p.cages else 0.62, colour="black" if given else "#1f5fbf", bold=bool(given))


def canonical_text(puzzle: CluePuzzle, inst: Instance) -> str:
    """The least plain form among the board's turns and mirrors that keep its boxes (all
    eight on square boxes, four otherwise), regions renumbered, cages and their sums moved,
    and the digits renamed in order of first appearance unless a sum tells them apart."""
    from ..lab.toolkit.symmetry import board_symmetries, first_seen

    p = inst.params
    relabel = not any(key[0] == "sum" for key in inst.clues)
    forms = []
    for sym in board_symmetries(p.n, p.n):
        if sym.transposes and p.box and p.box[0] != p.box[1]:
            continue
        moved = [tuple(sorted(sym.cell(r, c) for r, c in cage)) for cage in p.cages]
        regions = p.regions if p.box else renumbered(sym.grid(p.regions))
        params = SoloParams(p.n, regions, p.box, p.diagonals, tuple(sorted(moved)))
        digits = {sym.cell(*key): d for key, d in inst.clues.items() if key[0] != "sum"}
        if relabel:
            name = first_seen((digits[cell] for cell in sorted(digits)), 1)
            digits = {cell: name[d] for cell, d in digits.items()}
        sums = {("sum", *moved[i][0]): inst.clues[key] for i, key in
                ((p.sum_keys[key], key) for key in inst.clues if key[0] == "sum")}
        forms.append(puzzle.format(Instance(inst.kind, params, {**digits, **sums})))
    return min(forms)
