"""Minesweeper (Tatham's Mines): from a board in mid-game, every cell that is certainly
safe, every cell that is certainly a mine, and every flag that may be wrong (is not a
certain mine); when no cell is certainly safe, the exact chance of a mine under each
covered cell and the safest one to open.

Vocabulary: a *board* shows *numbers* (opened cells), *flags* (the player's guesses, which
the solver does not trust) and covered cells. The *frontier* is the covered cells next to a
number; the *outside* is every other covered cell. Outside cells are interchangeable: only
how many mines they hold matters, so the solver has variables for the frontier only and
states the total as "frontier mines between N - |outside| and N".

Certainty is SAT on the engine's session (`lab.sat`): one blank session per board, each
number behind one guard literal, and a cell is safe when "mine here" is UNSAT (the
session's `backbone`: models already found rule out most questions before they are
asked). Chances are counted exactly: a transfer-matrix pass over the frontier counts its
layouts by number of mines, and each count is weighted by the ways to put the remaining
mines outside, C(|outside|, N - m).
"""

from __future__ import annotations

import hashlib
import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from math import comb
from typing import Any, ClassVar, NamedTuple

from ..lab.engine.puzzle import Answer, BoardLimit, GradingHints, Instance, MovePuzzle, PuzzleError, number, quote
from ..lab.engine.sat import Found, SatSession, Tally, count_clauses
from ..lab.toolkit.answers import grid_text, read_grid
from ..lab.toolkit.codecs import (
    BRACKET_NOT_ID,
    TATHAM_ID,
    JsonCodec,
    MethodCodec,
    PuzzLinkCodec,
    Pzprv3Codec,
    solved_board,
)
from ..lab.toolkit.puzzlink import Cursor, PuzzLink, write_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item
from ..lab.toolkit.textgrid import (
    JsonObject,
    Token,
    array_rows,
    line_chars,
    numbered_lines,
    refuse_oversized,
    refuse_tall,
    write_array,
)

Cell = tuple[int, int]  # (row, col), 0-based
# An answer for language models: the board with each covered cell marked S (certainly safe), M (certainly a
# mine) or ? (undecided), opened cells as their digit. `verify` takes it as rows of these strings.
Marks = tuple[tuple[str, ...], ...]
MARK_NAMES = {"S": "certainly safe", "M": "certainly a mine", "?": "undecided"}
MARK_TOKENS = {**{ch: "S" for ch in "Ss"}, **{ch: "M" for ch in "M!*FX"}, **{ch: "?" for ch in "?.#_U"},
               **{str(d): str(d) for d in range(9)}, "-": "0"}
FLAG = "F"
UNKNOWN_CHARS = set(".?#_ ")  # ' ' only in the seed's arrays
FLAG_CHARS = set("Ff*")  # '*' is how Tatham's text form shows a flag
SOLVER = "cd153"
MAX_STATES = 200_000  # transfer-matrix states per frontier cell before giving up on chances
# Size limit: `answer` works on the whole covered frontier at once, so time and memory grow
# fast past 50x50.
SIZE = BoardLimit(50, 50)
EARLY = SIZE.early("minesweeper")  # the readers' size check, before any cell is read


@dataclass(frozen=True)
class Layout:
    """The hidden truth of one game: where the mines are, and the first click.

    The mines are kept as a sorted tuple (`cells`), so a layout is plain data with one
    order (datasets write `dataclasses.asdict` of a board's params as JSON); `mines` is the
    same cells as a set, for lookups. `Layout(frozenset(...), start)` works as before."""

    cells: tuple[Cell, ...]
    start: Cell | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(sorted(tuple(c) for c in self.cells)))

    @cached_property
    def mines(self) -> frozenset:
        return frozenset(self.cells)


@dataclass(frozen=True)
class MinesParams:
    """Board size and total mine count. `layout`, when known (a game ID, a generated board),
    is the game's hidden truth: it is kept for writing the game ID back, and `answer`
    never reads it."""

    height: int
    width: int
    mines: int
    layout: Layout | None = None


# ---- geometry and opening cells ----------------------------------------------------------
@lru_cache(maxsize=64)
def neighbour_table(height: int, width: int) -> dict[Cell, tuple[Cell, ...]]:
    return {(r, c): tuple((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                          if (dr or dc) and 0 <= r + dr < height and 0 <= c + dc < width)
            for r in range(height) for c in range(width)}


class Grid(NamedTuple):
    """A board size in flat indices (r * width + c): `cells[i]` is cell i as (row, col) and
    `nbrs[i]` its neighbours, in `neighbour_table`'s order. The play-out's inner loops
    index tuples instead of hashing (row, col) pairs."""

    cells: tuple[Cell, ...]
    nbrs: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=64)
def grid(height: int, width: int) -> Grid:
    table = neighbour_table(height, width)
    cells = tuple((r, c) for r in range(height) for c in range(width))
    return Grid(cells, tuple(tuple(r * width + c for r, c in table[cell]) for cell in cells))


def open_cell(height: int, width: int, mines: frozenset, clues: dict, cell: Cell) -> None:
    """Open a safe cell as the game does: show its number, and open the covered, unflagged
    neighbours of every 0 it shows (flood fill). Updates `clues` in place."""
    nbrs = neighbour_table(height, width)
    todo = [cell]
    while todo:
        here = todo.pop()
        if isinstance(clues.get(here), int):
            continue
        count = sum(n in mines for n in nbrs[here])
        clues[here] = count
        if count == 0:
            todo.extend(n for n in nbrs[here] if clues.get(n) is None)


def start_board(params: MinesParams) -> dict:
    """What the player sees right after the first click of a known layout."""
    clues: dict = {}
    lay = params.layout
    if lay is not None and lay.start is not None:
        open_cell(params.height, params.width, lay.mines, clues, lay.start)
    return clues


# ---- the board as constraints ------------------------------------------------------------
@dataclass
class Board:
    """A board reduced to what matters: numbers with their covered neighbours and the
    mines still needed there, the frontier, the covered cells outside it, and how many
    mines are still unaccounted for (`left`)."""

    params: MinesParams
    covered: list[Cell]
    flags: set[Cell]
    numbers: list[tuple[Cell, list[Cell], int]]  # (number cell, covered neighbours, mines needed)
    frontier: list[Cell]
    outside: list[Cell]
    left: int

    @staticmethod
    def of(inst: Instance, known: frozenset = frozenset()) -> Board:
        """`known`: cells already proven mines (a caller playing on); they drop out of the
        numbers and the count, so they need not be proven again."""
        p: MinesParams = inst.params
        nbrs = neighbour_table(p.height, p.width)
        opened = {cell for cell, v in inst.clues.items() if isinstance(v, int)}
        gone = opened | known  # open or proven: not a variable
        covered = [cell for cell in grid(p.height, p.width).cells if cell not in gone]
        numbers = []
        for cell in sorted(opened):
            hidden = [n for n in nbrs[cell] if n not in gone]
            need = inst.clues[cell] - len(known.intersection(nbrs[cell]))
            if hidden or need:
                numbers.append((cell, hidden, need))
        touched = {n for _, hidden, _ in numbers for n in hidden}
        frontier = [c for c in covered if c in touched]
        outside = [c for c in covered if c not in touched]
        flags = {cell for cell, v in inst.clues.items() if v == FLAG}
        return Board(p, covered, flags, numbers, frontier, outside, p.mines - len(known))


@dataclass
class Deduction:
    safe: set[Cell]  # covered cells (flags included) that hold no mine in any layout
    mines: set[Cell]  # covered cells that hold a mine in every layout
    calls: int


class BoardEncoding:
    """One board in a blank engine session: a variable per frontier cell, each number's
    count behind a guard literal, and the mine count as a `Tally` over the frontier, so the
    count and its two tightenings used to ask about the outside cells are all just
    different assumptions. The board's own part: which literal stands for which number
    (or the count), to explain a contradiction."""

    def __init__(self, board: Board):
        self.board = board
        self.session = SatSession.blank(SOLVER)
        pool = self.session.pool
        self.var = {cell: pool.id(cell) for cell in board.frontier}
        self.names: dict[int, Cell | str] = {}  # assumed literal -> its number's cell, or "count"
        base = []
        for cell, hidden, need in board.numbers:
            sel = self.session.guard(count_clauses([self.var[h] for h in hidden], need, need, pool))
            self.names[sel] = cell
            base.append(sel)
        n, out = board.left, len(board.outside)
        tally = Tally(self.session, list(self.var.values()), most=n, least=n - out)
        count = tally.between(n - out, n)
        self.names.update((l, "count") for l in count)
        self.base = base + count
        self.fewer = tally.between(n - out, n - 1)  # room for a mine outside?
        self.more = tally.between(n - out + 1, n)  # room for a safe cell outside?

    def close(self) -> None:
        self.session.close()

    def conflict(self) -> list[Cell | str]:
        """A small set of numbers (and 'count') that cannot all hold: the shrunk UNSAT core."""
        return [self.names[l] for l in self.session.last_core() if l in self.names]

    def deduce(self) -> Deduction:
        """Which covered cells are forced either way: the frontier's backbone, then the
        outside cells, all safe unless some model leaves room for a mine outside and all
        mines unless one leaves a gap (asked only when no model seen has shown it)."""
        board, n, session = self.board, self.board.left, self.session
        lits = list(self.var.values())
        room, gap = False, False  # can an outside cell hold a mine / be safe?

        def seen(found: Found, m: int) -> None:  # m: mines on the frontier in this model
            nonlocal room, gap
            room = room or m <= n - 1
            gap = gap or m >= n - len(board.outside) + 1

        forced = session.backbone(lits, self.base, seen=seen)
        if forced is None:
            raise PuzzleError(f"no mine layout fits this board: {self._describe(self.conflict())}")
        mine_vars, safe_vars = set(forced[0]), set(forced[1])
        if board.outside:
            if not room and (found := session.find(self.base + self.fewer)).sat:
                seen(found, sum(found.value(v) for v in lits))
            if not gap and (found := session.find(self.base + self.more)).sat:
                seen(found, sum(found.value(v) for v in lits))
        safe = {c for c in board.frontier if self.var[c] in safe_vars}
        mines = {c for c in board.frontier if self.var[c] in mine_vars}
        if board.outside:
            safe |= set(board.outside) if not room else set()
            mines |= set(board.outside) if not gap else set()
        return Deduction(safe, mines, session.calls)

    def _describe(self, names: list[Cell | str]) -> str:
        clues = {cell: need for cell, _, need in self.board.numbers}
        parts = [f"r{x[0] + 1}c{x[1] + 1}={clues[x]}" for x in names if not isinstance(x, str)]  # str: "count"
        if "count" in names:
            parts.append(f"the mine count {self.board.params.mines}")
        return "these cannot all hold: " + ", ".join(parts) if parts else "the board contradicts itself"


def deduce_board(board: Board) -> Deduction:
    """`BoardEncoding.deduce` on a board already reduced (play-out passes proven mines)."""
    encoding = BoardEncoding(board)
    try:
        return encoding.deduce()
    finally:
        encoding.close()


def deduce(inst: Instance) -> Deduction:
    return deduce_board(Board.of(inst))


# ---- playing a game out -------------------------------------------------------------------
@dataclass
class PlayOut:
    solved: bool
    clues: dict  # the board where play ended
    rounds: int  # solver rounds (each opens every provably safe cell)
    calls: int  # SAT calls


class Game:
    """A game being played out on a `Grid`: which cells are open and which are proven
    mines, and per cell its neighbours neither open nor proven (`hidden`) and its number
    minus the proven mines around it (`need`). Both are kept up to date as cells open and
    mines are proven, so the one-number rules look only at numbers that just changed
    (`todo`) instead of recounting the whole board every pass."""

    def __init__(self, params: MinesParams, mines: frozenset):
        size = params.height * params.width
        self.params, self.width = params, params.width
        self.cells, self.nbrs = grid(params.height, params.width)
        self.mine = bytearray(size)
        self.number = [0] * size  # what each cell shows when opened
        for r, c in mines:
            self.mine[r * self.width + c] = 1
            for n in self.nbrs[r * self.width + c]:
                self.number[n] += 1
        self.opened = bytearray(size)
        self.known = bytearray(size)
        self.hidden = [len(ns) for ns in self.nbrs]
        self.need = [0] * size  # until a cell opens: minus the proven mines around it
        self.clues: dict[Cell, int] = {}
        self.open_count = 0
        self.todo: list[int] = []

    def open(self, cell: int) -> None:
        """Open a cell as `open_cell` does (flood fill from 0s, in the same order)."""
        nbrs, opened, hidden, todo = self.nbrs, self.opened, self.hidden, self.todo
        stack = [cell]
        while stack:
            here = stack.pop()
            if opened[here]:
                continue
            opened[here] = 1
            self.open_count += 1
            count = self.number[here]
            self.clues[self.cells[here]] = count
            self.need[here] += count
            todo.append(here)
            for n in nbrs[here]:
                hidden[n] -= 1
                if opened[n]:
                    todo.append(n)
                elif count == 0:
                    stack.append(n)

    def open_safe(self, cell: int) -> None:
        if self.mine[cell]:
            raise AssertionError(f"solver called mine {self.cells[cell]} safe")  # a solver bug, not bad input
        self.open(cell)

    def prove_mine(self, cell: int) -> None:
        if self.known[cell]:
            return
        self.known[cell] = 1
        for n in self.nbrs[cell]:
            self.hidden[n] -= 1
            self.need[n] -= 1
            if self.opened[n]:
                self.todo.append(n)

    def settle(self) -> None:
        """The one-number rules until they stall: a number whose mines are all proven
        opens its other covered neighbours; one with as many covered neighbours as missing
        mines makes them all mines. Both only ever add knowledge, so the order they fire
        in does not change where they stall."""
        todo, opened, known, hidden, need = self.todo, self.opened, self.known, self.hidden, self.need
        while todo:
            here = todo.pop()
            left = need[here]
            if not hidden[here] or (left and left != hidden[here]):
                continue
            rest = [n for n in self.nbrs[here] if not opened[n] and not known[n]]
            for n in rest:
                if left:
                    self.prove_mine(n)
                elif not opened[n]:  # an earlier one's flood fill may have opened it
                    self.open_safe(n)

    def board(self) -> Board:
        """`Board.of` the player's view (no layout) with the proven mines as `known`,
        built from the arrays instead of from the clues."""
        p, cells, nbrs, opened, known = self.params, self.cells, self.nbrs, self.opened, self.known
        numbers = []
        touched: set[int] = set()
        for i in range(len(cells)):
            if opened[i] and (self.hidden[i] or self.need[i]):
                rest = [n for n in nbrs[i] if not opened[n] and not known[n]]
                touched.update(rest)
                numbers.append((cells[i], [cells[n] for n in rest], self.need[i]))
        covered = [i for i in range(len(cells)) if not opened[i] and not known[i]]
        frontier = [cells[i] for i in covered if i in touched]
        outside = [cells[i] for i in covered if i not in touched]
        seen = MinesParams(p.height, p.width, p.mines)
        return Board(seen, [cells[i] for i in covered], set(), numbers, frontier, outside, p.mines - sum(known))


def play_out(params: MinesParams) -> PlayOut:
    """Open the first click, then every provably safe cell, until none is left to prove.
    Uses only what a player sees (numbers and the mine count); the layout only answers
    "what number is under the cell I open". The one-number rules go first because they are
    cheap; the SAT solver (complete) decides whenever they stall, so "stuck" is a fact.
    Deterministic, so recent results are kept: grading replays the board just generated."""
    done = _played(params)
    return PlayOut(done.solved, dict(done.clues), done.rounds, done.calls)


@lru_cache(maxsize=8)
def _played(params: MinesParams) -> PlayOut:
    lay = params.layout
    if lay is None or lay.start is None:
        raise PuzzleError("play-out needs a layout with a first click")
    w = params.width
    game = Game(params, lay.mines)
    game.open(lay.start[0] * w + lay.start[1])
    safe_total = params.height * w - params.mines
    rounds = calls = 0
    while True:
        game.settle()
        if game.open_count >= safe_total:
            return PlayOut(True, game.clues, rounds, calls)
        found = deduce_board(game.board())
        rounds += 1
        calls += found.calls
        for r, c in found.mines:
            game.prove_mine(r * w + c)
        if not found.safe:
            return PlayOut(False, game.clues, rounds, calls)
        for r, c in found.safe:
            game.open_safe(r * w + c)


# ---- exact chances ---------------------------------------------------------------------------
def _order(board: Board) -> list[Cell]:
    """Frontier cells component by component, each in breadth-first order from a far
    end (Cuthill-McKee style), so few numbers are half-assigned at any point."""
    linked: dict[Cell, set[Cell]] = {c: set() for c in board.frontier}
    for _, hidden, _ in board.numbers:
        for a in hidden:
            linked[a].update(h for h in hidden if h != a)

    def bfs(start: Cell) -> list[Cell]:
        seen, out, queue = {start}, [], deque([start])
        while queue:
            here = queue.popleft()
            out.append(here)
            for nxt in sorted(linked[here]):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return out

    order: list[Cell] = []
    placed: set[Cell] = set()
    for cell in board.frontier:
        if cell not in placed:
            far = bfs(cell)[-1]
            part = bfs(far)
            order += part
            placed.update(part)
    return order


def _add(into: dict, key, poly: list[int], shift: int) -> None:
    cur = into.get(key)
    need = len(poly) + shift
    if cur is None:
        cur = into[key] = [0] * need
    elif len(cur) < need:
        cur.extend([0] * (need - len(cur)))
    for i, x in enumerate(poly):
        cur[i + shift] += x


def _mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def frontier_counts(board: Board) -> tuple[list[Cell], list[int], dict[Cell, list[int]]]:
    """Layouts of the frontier that fit every number, counted by their number of mines:
    (cells, Z, M) where Z[m] counts all such layouts with m mines and M[cell][m] those with
    a mine on `cell`. A transfer-matrix pass: the state after each cell is what the numbers
    still open (some cells assigned, some not) need; forward and backward sums give the
    per-cell counts."""
    cells = _order(board)
    pos = {c: i for i, c in enumerate(cells)}
    clue_cells = [sorted(pos[h] for h in hidden) for _, hidden, _ in board.numbers]
    needs = [need for _, _, need in board.numbers]
    first = [cs[0] if cs else -1 for cs in clue_cells]
    last = [cs[-1] if cs else -1 for cs in clue_cells]
    n = len(cells)
    for j, cs in enumerate(clue_cells):
        if not cs and needs[j]:
            return cells, [], {}
    # open_at[i]: numbers with a cell before i and one at or after i (their residuals are the state)
    open_at = [[j for j in range(len(needs)) if clue_cells[j] and first[j] < i <= last[j]] for i in range(n + 1)]
    members: list[set[int]] = [set() for _ in range(n)]
    for j, cs in enumerate(clue_cells):
        for i in cs:
            members[i].add(j)
    left = [{j: sum(1 for x in clue_cells[j] if x > i) for j in members[i] | set(open_at[i])} for i in range(n)]

    def step(i: int, state: tuple, v: int) -> tuple | None:
        have = dict(zip(open_at[i], state))
        for j in members[i]:
            if first[j] == i:
                have[j] = needs[j]
        for j in have:
            if j in members[i]:
                have[j] -= v
            r = have[j]
            if r < 0 or r > left[i][j]:
                return None
        return tuple(have[j] for j in open_at[i + 1])

    forward: list[dict] = [{(): [1]}]
    for i in range(n):
        nxt: dict = {}
        for state, poly in forward[i].items():
            for v in (0, 1):
                t = step(i, state, v)
                if t is not None:
                    _add(nxt, t, poly, v)
        if len(nxt) > MAX_STATES:
            raise PuzzleError(f"the frontier is too tangled to count exactly ({len(nxt)} states)")
        forward.append(nxt)
    backward: list[dict] = [dict() for _ in range(n)] + [{(): [1]}]
    per_cell: dict[Cell, list[int]] = {}
    for i in range(n - 1, -1, -1):
        mine_poly: dict = {}
        for state, poly in forward[i].items():
            for v in (0, 1):
                t = step(i, state, v)
                if t is not None and t in backward[i + 1]:
                    _add(backward[i], state, backward[i + 1][t], v)
                    if v:
                        _add(mine_poly, 0, _mul(poly, backward[i + 1][t]), 1)
        per_cell[cells[i]] = mine_poly.get(0, [0])
    return cells, backward[0].get((), []), per_cell


def mine_chances(board: Board) -> dict[Cell, Fraction]:
    """The exact chance of a mine under each covered cell, every layout that fits the board
    and the mine count being equally likely."""
    total, out = board.left, len(board.outside)
    cells, z, per_cell = frontier_counts(board)

    def weighted(poly: list[int], outside_ways) -> int:
        return sum(x * outside_ways(m) for m, x in enumerate(poly) if x)

    ways = lambda m: comb(out, total - m) if 0 <= total - m <= out else 0  # noqa: E731
    norm = weighted(z, ways)
    if norm == 0:
        raise PuzzleError("no mine layout fits this board and mine count")
    chances = {c: Fraction(weighted(per_cell[c], ways), norm) for c in cells}
    if out:
        mine_out = lambda m: comb(out - 1, total - m - 1) if 0 <= total - m - 1 <= out - 1 else 0  # noqa: E731
        p = Fraction(weighted(z, mine_out), norm)
        chances.update({c: p for c in board.outside})
    return chances


# ---- Tatham's game ID ------------------------------------------------------------------------
def _mask(data: bytearray, bits: int, decode: bool) -> None:
    """Tatham's gentle obfuscation of the mine bitmap (misc.c, obfuscate_bitmap): each half
    of the bytes is XORed with SHA-1(other half + decimal counter) in turn."""
    nbytes = (bits + 7) // 8
    half = nbytes // 2
    first, second = (slice(0, half), slice(half, nbytes))
    steps = [(second, first), (first, second)]
    if decode:
        steps.reverse()
    for seed, target in steps:
        key = bytes(data[seed])
        stream = bytearray()
        counter = 0
        while len(stream) < target.stop - target.start:
            stream += hashlib.sha1(key + str(counter).encode()).digest()
            counter += 1
        for k in range(target.start, target.stop):
            data[k] ^= stream[k - target.start]
        if bits % 8:
            data[bits // 8] &= (0xFF00 >> (bits % 8)) & 0xFF


def encode_game_id(params: MinesParams) -> str:
    lay = params.layout
    if lay is None:
        raise PuzzleError("this board has no known mine layout, so it has no game ID")
    h, w = params.height, params.width
    bits = bytearray((h * w + 7) // 8)
    for r, c in lay.mines:
        i = r * w + c
        bits[i // 8] |= 0x80 >> (i % 8)
    _mask(bits, h * w, decode=False)
    hexed = bits.hex()[:(h * w + 3) // 4]
    start = f"{lay.start[1]},{lay.start[0]}," if lay.start is not None else ""
    return f"{w}x{h}n{len(lay.mines)}:{start}m{hexed}"


def tatham_id(params: MinesParams) -> str:
    """`encode_game_id`, for boards Tatham's Mines takes: 1 to width*height - 9 mines
    (his `validate_params`: the first click clears a 3x3 block)."""
    most = params.height * params.width - 9
    if params.layout is not None and most < 1:
        raise PuzzleError(f"Tatham's Mines takes no {params.width}x{params.height} board: it needs 10 cells or more")
    if params.layout is not None and not 1 <= params.mines <= most:
        raise PuzzleError(f"Tatham's Mines takes 1 to {most} mines on a {params.width}x{params.height} board, "
                          f"not {params.mines}")
    return encode_game_id(params)


def decode_game_id(text: str) -> MinesParams:
    text = text.strip()
    if "#" in text and ":" not in text:
        raise PuzzleError("this is a random-seed ID ('#'); open a square first, then copy the game ID "
                          "(Game > Specific) with ':'", 1)
    head, _, desc = text.partition(":")
    m = re.fullmatch(r"(\d+)(?:x(\d+))?(?:n(\d+))?[a-zA-Z0-9]*", head.strip())
    if not m:
        raise PuzzleError(f"bad Mines parameters {quote(head)} (expected like 9x9n10)", 1, 1)
    w = int(m.group(1))
    h = int(m.group(2)) if m.group(2) else w
    SIZE.check("minesweeper", w, h, line=1)
    desc = desc.strip()
    col = len(head) + 2
    if desc.startswith("r"):
        raise PuzzleError("this game ID has no mine layout yet (it starts with 'r'); open a square "
                          "first, then copy the game ID", 1, col)
    start = None
    dm = re.match(r"(\d+),(\d+),", desc)
    if dm:
        x, y = int(dm.group(1)), int(dm.group(2))
        if not (0 <= x < w and 0 <= y < h):
            raise PuzzleError(f"first click {number(x)},{number(y)} is off the {w}x{h} board", 1, col)
        start = (y, x)
        desc = desc[dm.end():]
        col += dm.end()
    masked = desc.startswith("m")
    if desc[:1] in ("m", "u"):
        desc, col = desc[1:], col + 1
    want = (w * h + 3) // 4
    if len(desc) != want or not re.fullmatch(r"[0-9a-fA-F]*", desc):
        raise PuzzleError(f"mine bitmap must be {want} hex digits, got {quote(desc)}", 1, col)
    bits = bytearray(bytes.fromhex(desc + "0" * (len(desc) % 2)))
    bits = bits[:(w * h + 7) // 8] + bytearray((w * h + 7) // 8 - len(bits))
    if masked:
        _mask(bits, w * h, decode=True)
    mines = frozenset(divmod(i, w) for i in range(w * h) if bits[i // 8] & (0x80 >> (i % 8)))
    if m.group(3) is not None and int(m.group(3)) != len(mines):
        raise PuzzleError(f"parameters say {quote(m.group(3))} mines but the layout has {len(mines)}", 1, 1)
    if start is not None and start in mines:
        raise PuzzleError("the first click is on a mine", 1, 1)
    return MinesParams(h, w, len(mines), Layout(tuple(mines), start))


def forced_mines(inst: Instance) -> int:
    """The mine count the numbers force, whatever the board's own: puzz.link's boards state
    none. Every covered cell must touch a number and every layout that fits them hold
    the same count; otherwise PuzzleError says what is open."""
    board = Board.of(inst)
    if board.outside:
        raise PuzzleError(f"{where(board.outside[0])} touches no number: with no mine count given (puzz.link's "
                          "mines states none), its mine is left open")
    counts = [m for m, ways in enumerate(frontier_counts(board)[1]) if ways]
    if not counts:
        raise PuzzleError("no mine layout fits these numbers")
    if len(counts) > 1:
        raise PuzzleError(f"the numbers allow {counts[0]} to {counts[-1]} mines: with no mine count given "
                          "(puzz.link's mines states none), the board is open")
    return counts[0]


# ---- the puzzle type ----------------------------------------------------------------------------
def where(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def cell_json(cell: Cell) -> dict:
    return {"row": cell[0] + 1, "col": cell[1] + 1}


class Minesweeper(MovePuzzle[MinesParams, Cell, Any]):  # solutions: a layout, or marks
    name = "minesweeper"
    aliases = ("mines",)
    title = "Minesweeper (Mines): safe cells, certain mines, wrong flags, exact chances"
    rules_text = "Each number counts the mines among its eight neighbours: open every cell that holds no mine."
    # a solution is the won board in each form (the game ID: with the mine layout); a text of
    # several lines is never a game ID, though its first line may look like one
    codecs = (solved_board(MethodCodec("text"), "solved_board"),
              solved_board(MethodCodec("array", order=20, pattern=BRACKET_NOT_ID), "solved_board"),
              MethodCodec("tatham", order=10, pattern=rf"\A(?!.*\n)(?:{TATHAM_ID.pattern})", solutions=True),
              solved_board(JsonCodec(), "solved_board"), PuzzLinkCodec(genres=("mines",)),
              Pzprv3Codec(genres=("mines",)))
    tatham_game: ClassVar[str | None] = "mines"  # the game in Simon Tatham's collection
    size = SIZE
    example = "mines: 1\n01.\n011\n000"
    grading = GradingHints(keys=("sat_rounds", "no_guess"))

    # -- readers
    def _cell(self, ch: str, line: int | None, col: int | None) -> int | str | None:
        if ch.isdecimal():
            if int(ch) > 8:
                raise PuzzleError(f"{quote(ch)}: a cell has at most 8 neighbours", line, col)
            return int(ch)
        if ch == "-":
            return 0  # Tatham's text form shows an opened 0 as '-'
        if ch in FLAG_CHARS:
            return FLAG
        if ch in UNKNOWN_CHARS or ch == "":
            return None
        raise PuzzleError(f"bad cell {quote(ch)} (0-8 or '-' opened, '.'/'?' covered, 'F'/'*' flag)", line, col)

    def _instance(self, rows: Sequence[Sequence[tuple[int | str | None, int | None, int | None]]], mines: int | None,
                  game: MinesParams | None = None, count_line: int | None = None) -> Instance:
        """The board from parsed rows of (value, line, column); `game` is a game ID given
        alongside, which must describe the same board."""
        if not rows:
            raise PuzzleError("no board rows")
        width = len(rows[0])
        for row in rows:
            if len(row) != width:
                raise PuzzleError(f"row has {len(row)} cells, expected {width}", row[0][1] if row else None)
        height = len(rows)
        SIZE.check(self.name, width, height)
        if mines is None:
            raise PuzzleError("the total mine count is missing (add a line 'mines: N')")
        clues = {}
        for r, row in enumerate(rows):
            for c, (v, _, _) in enumerate(row):
                if v is not None:
                    clues[(r, c)] = v
        if not 0 <= mines <= height * width - sum(isinstance(v, int) for v in clues.values()):
            raise PuzzleError(f"{number(mines)} mines do not fit in the {height}x{width} board's covered cells",
                              count_line)
        params = MinesParams(height, width, mines, game.layout if game else None)
        if game is not None:
            if (game.height, game.width, game.mines) != (height, width, mines):
                raise PuzzleError(f"the game ID is for {game.width}x{game.height} with {game.mines} mines, "
                                  f"not this {width}x{height} board with {mines}", count_line)
            for cell, v in clues.items():
                if isinstance(v, int) and game.layout is not None and cell in game.layout.mines:
                    raise PuzzleError(f"{where(cell)} is open but the game ID has a mine there", count_line)
        return Instance(self.name, params, clues)

    def read_text(self, text: str) -> Instance:
        """Rows of cells, and a line `mines: N` (and `game: ID`) before, between or after them."""
        mines, game, count_line = None, None, None
        refuse_tall(text, EARLY, r"[0-8.?#_*-]")  # the lines that surely are rows: no header starts so
        board = []
        for lineno, line in numbered_lines(text):
            s = line.strip()
            m = re.fullmatch(r"(?i)(?:mines|mine_count|n)\s*[:=]\s*(\S+)", s)
            if m:
                if not m.group(1).isdecimal():
                    raise PuzzleError(f"mine count must be a number, got {quote(m.group(1))}", lineno)
                mines, count_line = int(m.group(1)), lineno
                continue
            g = re.fullmatch(r"(?i)(?:game|id)\s*:\s*(\S+)", s)
            if g:
                try:
                    game = decode_game_id(g.group(1))
                except PuzzleError as err:
                    raise PuzzleError(err.message, lineno) from None
                continue
            board.append((lineno, line))
        refuse_oversized(board, EARLY)
        rows = [[(self._cell(t.text, t.line, t.column), t.line, t.column) for t in line_chars(line, lineno)]
                for lineno, line in board]
        return self._instance(rows, mines, game, count_line)

    def read_array(self, text: str) -> Instance:
        m = re.search(r"(?:mine_count|mines)\s*[=:]\s*(\d+)", text)
        rows = []
        for r, row in enumerate(array_rows(text, EARLY)):
            cells = []
            for c, e in enumerate(row, start=1):
                ch = str(e.value).strip()
                if len(ch) > 1:
                    raise PuzzleError(f"bad cell {quote(e.value)} in array row {r + 1}, item {c}", e.line, e.column)
                cells.append((self._cell(ch, e.line, e.column), e.line, e.column))
            rows.append(cells)
        g = re.search(r"game_id\s*=\s*['\"]([^'\"]+)['\"]", text)
        game = decode_game_id(g.group(1)) if g else None
        return self._instance(rows, int(m.group(1)) if m else None, game)

    def read_tatham(self, text: str) -> Instance:
        params = decode_game_id(text)
        return Instance(self.name, params, start_board(params))

    def from_json(self, text: str) -> Instance:
        """`board`: rows of cells as in the text form; `mines`, the total; `game_id`, when
        given, Tatham's ID of the same board with its mine layout."""
        doc = JsonObject(text, self.name, ("mines", "board", "game_id"), self.aliases)
        mines = doc.integer("mines", None, low=0)
        game_id = doc.string("game_id", None)
        rows = [[(self._cell(str(v).strip(), r, c), r, c) for c, v in enumerate(row, start=1)]
                for r, row in enumerate(doc.rows("board", EARLY), start=1)]
        game = decode_game_id(game_id) if game_id is not None else None
        return self._instance(rows, mines, game)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's `mines`: the opened cells' numbers (`numbers16`), every other cell
        covered. The address gives no mine count: the numbers must force one (see
        `forced_mines`), and that is the board's."""
        SIZE.check(self.name, link.cols, link.rows, line=1, column=link.column)
        values = Cursor(link.body, link.column).read_numbers16(link.cols * link.rows)
        clues: dict = {}
        for i, v in enumerate(values):
            if v is None:
                continue
            if not 0 <= v <= 8:
                shown = "?" if v < 0 else str(v)
                raise PuzzleError(f"{where(divmod(i, link.cols))} shows {quote(shown)}: an opened cell shows "
                                  "0 to 8 mines", 1, link.column)
            clues[divmod(i, link.cols)] = v
        return self._forced_board(link.rows, link.cols, clues, 1, link.column)

    def _forced_board(self, rows: int, cols: int, clues: dict, line: int, column: int) -> Instance:
        """A board of opened cells alone (puzz.link's, pzprjs's file), with the mine count its
        numbers force; a board that forces none is refused at `line` and `column`."""
        board = Instance(self.name, MinesParams(rows, cols, 0), clues)
        try:
            mines = forced_mines(board)
        except PuzzleError as err:
            raise PuzzleError(err.message, line, column) from None
        return Instance(self.name, MinesParams(rows, cols, mines), clues)

    @staticmethod
    def _refuse_unforced(inst: Instance, genre: str, form: str) -> None:
        """A form of the opened cells' numbers alone holds no flag, no layout and no mine count
        but the one the numbers force."""
        p: MinesParams = inst.params
        if any(v == FLAG for v in inst.clues.values()):
            raise PuzzleError(f"{genre} has no flags on its boards: this board has some")
        if p.layout is not None:
            raise PuzzleError(f"{form} has no place for the game's mine layout: use text or tatham")
        if forced_mines(inst) != p.mines:
            raise PuzzleError(f"{genre} gives no mine count and the numbers force one other than {p.mines}")

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Layout]:
        """The opened cells' numbers (`.` a covered cell), then the player's marks, `#` a mine
        (`+` a cell marked safe). As the address, the numbers must force the mine count."""
        SIZE.check(self.name, pzl.cols, pzl.rows, line=3)
        inst = self._forced_board(pzl.rows, pzl.cols, pzl.clues(self._pzprv3_number), 3, 1)
        return inst, Layout(tuple((r, c) for r, row in enumerate(pzl.cells()) for c, item in enumerate(row)
                                  if item == "#"))

    @staticmethod
    def _pzprv3_number(t: Token) -> int | None:
        if t.text == ".":
            return None
        if not (t.text.isdecimal() and int(t.text) <= 8):
            raise bad_item(t, "is no opened cell (a number 0 to 8, or . for a covered one)")
        return int(t.text)

    def pzprv3(self, inst: Instance, solution: Layout | None) -> Pzprv3Writer:
        """As the address, only a board without flags or a known layout, whose numbers force
        its mine count; the solution's mines marked."""
        self._refuse_unforced(inst, "pzprjs's mines", "pzprjs's file")
        p: MinesParams = inst.params
        mines = solution.mines if solution else frozenset()
        return (Pzprv3Writer("mines", p.height, p.width).grid(lambda r, c: inst.clues.get((r, c), "."))
                .grid(lambda r, c: "#" if (r, c) in mines else "."))

    def puzzlink(self, inst: Instance) -> PuzzLink:
        """The `mines` address: the numbers alone, so only a board without flags or a known
        layout, whose numbers force its mine count."""
        p: MinesParams = inst.params
        self._refuse_unforced(inst, "puzz.link's mines", "a puzz.link address")
        return PuzzLink("mines", p.width, p.height,
                        write_numbers16([inst.clues.get(cell) for cell in grid(p.height, p.width).cells]))

    # -- writers
    def rows(self, inst: Instance) -> list[str]:
        p = inst.params
        show = lambda v: "." if v is None else (FLAG if v == FLAG else str(v))  # noqa: E731
        return ["".join(show(inst.clues.get((r, c))) for c in range(p.width)) for r in range(p.height)]

    def write_text(self, inst: Instance) -> str:
        p: MinesParams = inst.params
        head = [f"mines: {p.mines}"] + ([f"game: {encode_game_id(p)}"] if p.layout else [])
        return "\n".join(head + self.rows(inst))

    def write_array(self, inst: Instance) -> str:
        p: MinesParams = inst.params
        board = write_array((row.replace(".", " ") for row in self.rows(inst)), "board = np.array")
        tail = f"\ngame_id = '{encode_game_id(p)}'" if p.layout else ""
        return f"{board}\nmine_count = {p.mines}{tail}"

    def write_tatham(self, inst: Instance) -> str:
        return tatham_id(inst.params)

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: MinesParams = inst.params
        out: dict[str, Any] = {"mines": p.mines, "board": self.rows(inst)}
        if p.layout:
            out["game_id"] = encode_game_id(p)
        return out

    # -- a solution: the mine layout
    def solved_board(self, inst: Instance, layout: Layout) -> Instance:
        """How the won game looks: every safe cell open with its number, every mine flagged."""
        p: MinesParams = inst.params
        clues: dict = {}
        for r in range(p.height):
            for c in range(p.width):
                if (r, c) in layout.mines:
                    clues[(r, c)] = FLAG
                else:
                    open_cell(p.height, p.width, layout.mines, clues, (r, c))
        return Instance(self.name, MinesParams(p.height, p.width, len(layout.mines)), clues)

    def write_tatham_solution(self, inst: Instance, solution: Layout) -> str:
        """The game ID with the mine layout."""
        p: MinesParams = inst.params
        return tatham_id(MinesParams(p.height, p.width, len(solution.mines), solution))

    def verify(self, inst: Instance, solution: Layout | Marks) -> list[str]:
        """Is `solution` a mine layout this board could hide: the total mine count, no mine
        on an opened cell, and every opened number counting its neighbouring mines? (For
        `Marks`: is every covered cell marked as `deduce` finds it?)"""
        if not isinstance(solution, Layout):
            return self._verify_marks(inst, solution)
        p: MinesParams = inst.params
        nbrs = neighbour_table(p.height, p.width)
        out = []
        if len(solution.mines) != p.mines:
            out.append(f"{len(solution.mines)} mines, the board has {p.mines}")
        for cell in solution.cells:
            if cell not in nbrs:
                out.append(f"mine r{cell[0] + 1}c{cell[1] + 1} is off the board")
            elif isinstance(inst.clues.get(cell), int):
                out.append(f"mine r{cell[0] + 1}c{cell[1] + 1} is on an opened cell")
        for cell, value in inst.clues.items():
            if isinstance(value, int) and sum(n in solution.mines for n in nbrs[cell]) != value:
                out.append(f"r{cell[0] + 1}c{cell[1] + 1} shows {value}, "
                           f"{sum(n in solution.mines for n in nbrs[cell])} mines touch it")
        return out

    # ---- for language models ------------------------------------------------------------
    board_legend = ("the first line is the total number of mines on the board; then one row per line: a digit an "
                    "opened cell, showing how many of its (up to eight) neighbours hold a mine, `.` a covered cell, "
                    "`F` a covered cell the player flagged (a guess that may be wrong)")
    answer_format = ("the board again, one row per line, its cells written together as on the board: every covered "
                     "cell (flagged ones too) marked `S` if it certainly holds no mine, `M` if it certainly holds "
                     "one, `?` if the numbers and the mine count leave it open; opened cells as their digit")

    def board_text(self, inst: Instance) -> str:
        """The mine count and the rows, without the game ID the text form adds when the
        layout is known (it would give the mines away)."""
        return "\n".join([f"mines: {inst.params.mines}"] + self.rows(inst))

    def marks(self, inst: Instance, safe: set[Cell], mines: set[Cell]) -> Marks:
        """The answer grid for these certainly safe cells and certain mines."""
        p: MinesParams = inst.params
        return tuple(tuple(str(v) if isinstance(v := inst.clues.get((r, c)), int)
                           else "S" if (r, c) in safe else "M" if (r, c) in mines else "?"
                           for c in range(p.width)) for r in range(p.height))

    def reference_solution(self, inst: Instance) -> Marks:
        data = self.answer(inst).data
        cells = lambda key: {(d["row"] - 1, d["col"] - 1) for d in data[key]}  # noqa: E731
        flags = {cell for cell, v in inst.clues.items() if v == FLAG}
        return self.marks(inst, cells("safe") | cells("flags_certainly_safe"),
                          cells("mines") | (flags - cells("wrong_flags")))

    def answer_text(self, inst: Instance, solution: Marks | Layout) -> str:
        """The marks; given the mine layout (a generator's solution, the game's hidden truth),
        the marks the board itself allows, which is what the question asks."""
        if isinstance(solution, Layout):
            solution = self.reference_solution(inst)
        return grid_text(solution, sep="")

    def read_answer(self, inst: Instance, text: str) -> Marks:
        """The marks grid; what stands on an opened cell is not read (its digit is kept)."""
        p: MinesParams = inst.params
        grid = read_grid(text, p.height, p.width, MARK_TOKENS, "mark")
        return tuple(tuple(str(v) if isinstance(v := inst.clues.get((r, c)), int) else grid[r][c]
                           for c in range(p.width)) for r in range(p.height))

    def _covered(self, inst: Instance) -> list[Cell]:
        p: MinesParams = inst.params
        return [cell for cell in grid(p.height, p.width).cells if not isinstance(inst.clues.get(cell), int)]

    def _verify_marks(self, inst: Instance, solution: Marks) -> list[str]:
        """Every covered cell (flags are not trusted) marked as the solver's deduction finds it."""
        p: MinesParams = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"the marks are not {p.height} rows of {p.width} cells"]
        found = deduce(inst)
        want = self.marks(inst, found.safe, found.mines)
        wrong = [(r, c) for r, c in self._covered(inst) if solution[r][c] != want[r][c]]
        if not wrong:
            return []
        r, c = wrong[0]
        return [f"{len(wrong)} covered cell{'s' * (len(wrong) > 1)} marked wrong, e.g. {where((r, c))} is "
                f"{MARK_NAMES[want[r][c]]}, not {quote(solution[r][c])}"]

    def answer_credit(self, inst: Instance, answer: Marks, reference: Marks) -> float:
        """The share of covered cells marked right."""
        covered = self._covered(inst)
        if isinstance(answer, Layout) or not covered:
            return 0.0
        return sum(answer[r][c] == reference[r][c] for r, c in covered) / len(covered)

    def corrupt_solution(self, inst: Instance, solution: Marks) -> Marks | None:
        """The first covered cell marked otherwise, for the tests."""
        covered = self._covered(inst)
        if not covered:
            return None
        r, c = covered[0]
        rows = [list(row) for row in solution]
        rows[r][c] = "M" if rows[r][c] == "S" else "S"
        return tuple(map(tuple, rows))

    def solution_json(self, inst: Instance, solution: Layout) -> dict:
        return {"mines": [cell_json(c) for c in solution.cells],
                "start": cell_json(solution.start) if solution.start is not None else None}

    def difficulty(self, inst: Instance) -> dict:
        """How hard the game is to play out from its first click: the rounds in which the
        one-number rules stall and the SAT solver has to decide (0: they alone clear the
        board), and whether no guess is ever needed. Needs the layout (a generated board or
        a game ID); {} without one. Facts of the board, so datasets stay deterministic."""
        lay = inst.params.layout
        if lay is None or lay.start is None:
            return {}
        played = play_out(inst.params)
        return {"sat_rounds": played.rounds, "no_guess": played.solved}

    # -- the answer
    def answer(self, inst: Instance, time_limit: float | None = None) -> Answer:
        """Certain safe cells and mines; flags that may be wrong (the seed's warning: every
        flag that is not a certain mine, split into certainly safe and undecided); and when
        nothing is certainly safe, the exact chances and the safest cell."""
        board = Board.of(inst)
        found = deduce(inst)
        safe = sorted(c for c in found.safe if c not in board.flags)
        mines = sorted(c for c in found.mines if c not in board.flags)
        wrong = sorted(c for c in board.flags if c not in found.mines)
        sure_wrong = [c for c in wrong if c in found.safe]
        data: dict[str, Any] = {"safe": [cell_json(c) for c in safe], "mines": [cell_json(c) for c in mines],
                "wrong_flags": [cell_json(c) for c in wrong],
                "flags_certainly_safe": [cell_json(c) for c in sure_wrong],
                "chances": None, "safest": None}
        lines = [f"{len(safe)} certainly safe: {' '.join(map(where, safe)) or '-'}",
                 f"{len(mines)} certainly mines (not flagged yet): {' '.join(map(where, mines)) or '-'}"]
        if wrong:
            lines.append(f"WARNING: {len(wrong)} flags may be wrong (not certain mines): "
                         + " ".join(where(c) + (" (certainly safe)" if c in found.safe else "") for c in wrong))
        if all(c in found.mines for c in board.covered):
            lines.append("every safe cell is open: the board is solved")
        elif not safe and not sure_wrong:
            chances = mine_chances(board)
            pick = min(chances, key=lambda c: (chances[c], c in board.flags, c))
            data["chances"] = [{**cell_json(c), "mine": str(p), "p": float(p)} for c, p in sorted(chances.items())]
            data["safest"] = {**cell_json(pick), "mine": str(chances[pick]), "p": float(chances[pick])}
            lines.append(f"no cell is certainly safe; safest is {where(pick)} "
                         f"(mine chance {chances[pick]} = {float(chances[pick]):.4f})")
            lines += ["mine chances:"] + self._chance_grid(inst, chances)
        lines += ["", "board (S safe, ! mine, X flag that may be wrong):"] + self._marked(inst, safe, mines, wrong)
        return Answer("\n".join(lines), data)

    def _marked(self, inst: Instance, safe: list[Cell], mines: list[Cell], wrong: list[Cell]) -> list[str]:
        marks = {**{c: "S" for c in safe}, **{c: "!" for c in mines}, **{c: "X" for c in wrong}}
        rows = self.rows(inst)
        return ["".join(marks.get((r, c), ch) for c, ch in enumerate(row)) for r, row in enumerate(rows)]

    def _chance_grid(self, inst: Instance, chances: dict[Cell, Fraction]) -> list[str]:
        p = inst.params
        out = []
        for r in range(p.height):
            cells = []
            for c in range(p.width):
                v = inst.clues.get((r, c))
                cells.append(f"{float(chances[(r, c)]):4.2f}" if (r, c) in chances else f"{v:>4}")
            out.append(" ".join(cells))
        return out

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: dict | None = None) -> None:
        """As Tatham's Mines: covered cells grey, opened ones white with their numbers in
        Tatham's colours, flags red. `solution` is `answer`'s data: certainly safe cells
        green, certain mines as mines, doubtful flags crossed, and (when nothing is safe)
        each covered cell shaded by its mine chance, in per cent, the safest one ringed."""
        from ..lab.toolkit.draw import Board

        colours = {1: "#0000e0", 2: "#007000", 3: "#e00000", 4: "#000080", 5: "#800000", 6: "#008080",
                   7: "black", 8: "0.45"}
        p = inst.params
        board = Board(ax, p.width, p.height)
        answer = solution or {}

        def cells(key: str) -> set[Cell]:
            return {(d["row"] - 1, d["col"] - 1) for d in answer.get(key) or []}

        safe, mines, doubtful = cells("safe") | cells("flags_certainly_safe"), cells("mines"), cells("wrong_flags")
        chances = {(d["row"] - 1, d["col"] - 1): d["p"] for d in answer.get("chances") or []}
        for r in range(p.height):
            for c in range(p.width):
                v = inst.clues.get((r, c))
                if isinstance(v, int):
                    if v:
                        board.text(r, c, str(v), 0.6, colour=colours[v], bold=True)
                    continue
                if (r, c) in safe:
                    board.shade(r, c, "#9be39b")
                elif (r, c) in chances:
                    fade = 1 - 0.8 * chances[(r, c)]
                    board.shade(r, c, (1.0, fade, fade))
                    if v != FLAG:
                        board.text(r, c, f"{100 * chances[(r, c)]:.0f}", 0.3)
                else:
                    board.shade(r, c, "0.72")
                if v == FLAG:
                    board.symbol(r, c, "flag", 0.6, colour="#e00000")
                    if (r, c) in doubtful:
                        board.symbol(r, c, "cross", 0.75, colour="#0050ff")
                elif (r, c) in mines:
                    board.symbol(r, c, "mine", 0.62)
        if answer.get("safest"):
            board.symbol(answer["safest"]["row"] - 1, answer["safest"]["col"] - 1, "ring", 0.9, colour="#0050ff")
        board.grid()
        board.caption(f"{p.mines} mines")


PUZZLE = Minesweeper()
