"""Palisade (Tatham's; Nikoli's Five Cells): text forms, rules, decoding, verification.

Rules: divide a width x height grid into regions of exactly K cells each (K, the region
size, divides the board's area); a number in a cell says how many of its four sides are
region borders, the grid's outer edge counting as border.

Structure (`params`): the board and K. Clues: a cell's number. pzprjs has no Palisade (its
nearest genre, `fivecells`, draws each region's clues differently), so there is no puzz.link
address and no pzprv3 file; Tatham's game ID is the outside form.

CNF: one variable per inner edge, true when it is a border (all primary: a division and
its borders are the same thing). Each cell has a literal per count 0..4, true exactly when
that many of its sides are borders, defined by plain clauses over its two to four inner
edges (no helper variable; a clue is that literal, so one SAT session serves every board of
a size). Eagerly: no border ends inside the grid (at an inner corner, never exactly one of
its four edges a border: a border's two sides would be one region), and no few cells
(`EAGER_SHAPES`) closed off in a number of cells no multiple of K. The rest of the region
rule comes lazily (`cuts`): a region of more than K cells, one closed off in a number of
cells no multiple of K, and a border inside one region each get a clause that rules that
shape out for every board of the size. `dead_end` and `lazy_units` give the grade the same
rules on a partial assignment, as Tatham's solver applies them, and the solver tries one
valid division first (`snake_phases`), without which an open board of 15x12 ran out of its
conflicts. A solution is a grid of labels: each cell the number (1, 2, ... in reading order
of their first cells) of its region.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations
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
    number,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import read_grid
from ..lab.toolkit.cellgrid import BoardCells, grid_instance
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, TathamCodec
from ..lab.toolkit.numbering import cell_name
from ..lab.toolkit.regions import NAME, cut_off, region_rows, renumbered
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import GameId, tatham_cells, tatham_encode, tatham_size
from ..lab.toolkit.textgrid import JsonObject, Token, line_chars, numbered_lines, refuse_oversized

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]  # each cell: the label (1, 2, ... in reading order) of its region
# Size limit: Tatham's largest preset is 15x12 with regions of 10 (his boards check in 0.05 s);
# the generator draws up to 12x10 (generators/palisade.py says why).
SIZE = BoardLimit(20, 20, 1, 1)
EARLY = SIZE.early("palisade")  # the readers' size check, on the grid's rows alone
BLANKS = {".", "-", "_"}
MOST_CLUE = 4
REGION_LINE = re.compile(r"^\s*region\s+size\b\s*:?\s*(.*?)\s*$", re.I)
EAGER_SHAPES = 3  # closed-off shapes of up to this many cells are ruled out in the CNF itself
ENUMERATE_MOST = 20  # cells `candidates` enumerates divisions of
TATHAM_HEAD = r"(\d+)(?:x(\d+))?(?:n(\d+))?"


@dataclass(frozen=True)
class PalisadeParams(BoardCells):
    """A width x height board divided into regions of `region_size` cells."""

    width: int
    height: int
    region_size: int

    def __post_init__(self) -> None:
        SIZE.check("palisade", self.width, self.height)
        k, area = self.region_size, self.width * self.height
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= area:
            raise PuzzleError(f"region size {number(k) if isinstance(k, int) else quote(k)}: a whole number from 1 to "
                              f"the board's {area} cells")
        if area % k:
            raise PuzzleError(f"region size {k} does not divide the {self.width}x{self.height} board's {area} cells")


# ---- the board's edges and cells as flat indices ------------------------------------------
@cache
def edge_cells(width: int, height: int) -> tuple[tuple[int, int], ...]:
    """Each inner edge as the two cells (r * width + c) it lies between: the edges right of
    each cell row by row, then those below each cell."""
    right = [(r * width + c, r * width + c + 1) for r in range(height) for c in range(width - 1)]
    below = [(r * width + c, (r + 1) * width + c) for r in range(height - 1) for c in range(width)]
    return tuple(right + below)


@cache
def incident(width: int, height: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell, its (neighbour, edge) pairs, in the order of `edge_cells`."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(width * height)]
    for e, (a, b) in enumerate(edge_cells(width, height)):
        out[a].append((b, e))
        out[b].append((a, e))
    return tuple(tuple(pairs) for pairs in out)


def outer_sides(params: PalisadeParams, r: int, c: int) -> int:
    """How many sides of (r, c) lie on the grid's edge."""
    return (r == 0) + (r == params.height - 1) + (c == 0) + (c == params.width - 1)


@cache
def inner_corners(width: int, height: int) -> tuple[tuple[int, int, int, int], ...]:
    """The four edges that meet at each corner inside the grid: above, below, left, right of it."""
    down0 = height * (width - 1)
    return tuple((r * (width - 1) + c, (r + 1) * (width - 1) + c, down0 + r * width + c, down0 + r * width + c + 1)
                 for r in range(height - 1) for c in range(width - 1))


def pieces(width: int, height: int, joined: Sequence[bool]) -> list[int]:
    """The piece of each cell when the edges e with `joined[e]` join their cells: numbered 0
    up in reading order of their first cells."""
    around = incident(width, height)
    piece = [-1] * (width * height)
    count = 0
    for start in range(width * height):
        if piece[start] >= 0:
            continue
        piece[start] = count
        todo = [start]
        while todo:
            for b, e in around[todo.pop()]:
                if joined[e] and piece[b] < 0:
                    piece[b] = count
                    todo.append(b)
        count += 1
    return piece


def members(piece: Sequence[int]) -> list[list[int]]:
    """The cells of each piece, in reading order."""
    out: list[list[int]] = [[] for _ in range(max(piece, default=-1) + 1)]
    for i, k in enumerate(piece):
        out[k].append(i)
    return out


def connected_sets(width: int, height: int, free: AbstractSet[int], root: int, size: int) -> Iterator[list[int]]:
    """Every connected set of `size` cells of `free` that holds `root` and otherwise only
    cells after it in reading order, once each (Wernicke's ESU: a set grows by a candidate,
    and only by the candidates' exclusive neighbours, so no set is made twice)."""
    around = incident(width, height)

    def grow(chosen: list[int], near: set[int], candidates: list[int]) -> Iterator[list[int]]:
        if len(chosen) == size:
            yield list(chosen)
            return
        candidates = list(candidates)
        while candidates:
            w = candidates.pop()
            fresh = [u for u, _ in around[w] if u > root and u in free and u not in near]
            chosen.append(w)
            yield from grow(chosen, near | set(fresh), candidates + fresh)
            chosen.pop()

    start = [u for u, _ in around[root] if u > root and u in free]
    yield from grow([root], {root, *start}, start)


# ---- the CNF's layout -------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    """The variables of the rules: edge e is variable first + e (true: a border); each
    cell's count literals by count 0..4 (`never`, false, where the count cannot be)."""

    first: int
    edges: int
    counts: tuple[tuple[int, ...], ...]
    never: int


def count_clauses(lits: Sequence[int], m: int, eq: int) -> list[Clause]:
    """`eq` true exactly when m of `lits` are true, as plain clauses: every m + 1 of them
    hold a false one and every len - m + 1 a true one when `eq` holds (so that propagation
    finishes the count), and each way of making m true makes `eq` true."""
    d = len(lits)
    clauses: list[Clause] = [[-eq, *(-x for x in s)] for s in combinations(lits, m + 1)]
    clauses += [[-eq, *s] for s in combinations(lits, d - m + 1)]
    for ones in combinations(range(d), m):
        clauses.append([eq, *(-lits[i] if i in ones else lits[i] for i in range(d))])
    return clauses


def snake_phases(params: PalisadeParams, layout: Layout) -> list[int]:
    """The literals of one valid division, for the solver to try first: the cells in
    boustrophedon order (each row the other way from the last), cut every K. An empty 15x12
    board with regions of 10 otherwise runs out of 10,000 conflicts before its first
    division: lazy cuts close in on one slowly from an arbitrary start."""
    w, h, k = params.width, params.height, params.region_size
    order = [r * w + (c if r % 2 == 0 else w - 1 - c) for r in range(h) for c in range(w)]
    piece = [0] * (w * h)
    for n, i in enumerate(order):
        piece[i] = n // k
    solution = labels_of(piece, w)
    out = [layout.first + e if border else -(layout.first + e) for e, border in enumerate(borders_of(params, solution))]
    for (r, c), n in border_counts(params, solution).items():
        out += [lit if m == n else -lit for m, lit in enumerate(layout.counts[r * w + c]) if lit != layout.never]
    return out


def labels_of(piece: Sequence[int], width: int) -> Grid:
    """A piece number per cell as a label grid, labels 1 up."""
    return tuple(tuple(k + 1 for k in piece[i:i + width]) for i in range(0, len(piece), width))


def borders_of(params: PalisadeParams, solution: Sequence[Sequence[int]]) -> list[bool]:
    """Each inner edge: do the labels either side of it differ?"""
    flat = [v for row in solution for v in row]
    return [flat[a] != flat[b] for a, b in edge_cells(params.width, params.height)]


def border_counts(params: PalisadeParams, solution: Sequence[Sequence[int]]) -> dict[Cell, int]:
    """Each cell's sides that are borders (the grid's edge included) in a label grid."""
    w = params.width
    count = {(r, c): outer_sides(params, r, c) for r, c in params.cells()}
    for (a, b), border in zip(edge_cells(w, params.height), borders_of(params, solution)):
        if border:
            count[divmod(a, w)] += 1
            count[divmod(b, w)] += 1
    return count


class Knowledge:
    """A partial assignment's edges (`holds(lit)`: is `lit` set true), what the lazy rules read:
    the pieces the known non-borders join, and those the known borders close off."""

    def __init__(self, params: PalisadeParams, layout: Layout, holds: Callable[[int], bool]):
        self.params, self.layout = params, layout
        w, h = params.width, params.height
        self.border = [holds(layout.first + e) for e in range(layout.edges)]
        self.open = [holds(-(layout.first + e)) for e in range(layout.edges)]
        self.joined = pieces(w, h, self.open)
        self.size = [len(cells) for cells in members(self.joined)]
        self.reach = pieces(w, h, [not b for b in self.border])
        self.room = [len(cells) for cells in members(self.reach)]

    def broken(self) -> bool:
        """Is a rule already broken: a joined piece past K cells, a border inside one, or a
        closed-off piece whose cells are no multiple of K?"""
        k = self.params.region_size
        if any(n > k for n in self.size) or any(n % k for n in self.room):
            return True
        edges = edge_cells(self.params.width, self.params.height)
        return any(self.border[e] and self.joined[a] == self.joined[b] for e, (a, b) in enumerate(edges))

    def forced(self) -> list[int]:
        """Edge literals the region rule forces: a border where two joined pieces would pass
        K cells together; none between two cells of one joined piece or of a closed-off piece
        of exactly K cells; none between a piece short of K cells and the one piece it can
        still grow into."""
        k, first = self.params.region_size, self.layout.first
        edges = edge_cells(self.params.width, self.params.height)
        out = []
        ways: dict[int, set[int]] = {}
        for e, (a, b) in enumerate(edges):
            if self.border[e] or self.open[e]:
                continue
            pa, pb = self.joined[a], self.joined[b]
            if pa == pb or self.room[self.reach[a]] == k:
                out.append(-(first + e))
            elif self.size[pa] + self.size[pb] > k:
                out.append(first + e)
            else:
                ways.setdefault(pa, set()).add(pb)
                ways.setdefault(pb, set()).add(pa)
        only = {p: next(iter(q)) for p, q in ways.items() if len(q) == 1 and self.size[p] < k}
        for e, (a, b) in enumerate(edges):
            pa, pb = self.joined[a], self.joined[b]
            if (first + e) not in out and -(first + e) not in out and not self.border[e] and not self.open[e] \
                    and (only.get(pa) == pb or only.get(pb) == pa):
                out.append(-(first + e))
        return out


class Palisade(CluePuzzle[PalisadeParams, Cell, Grid]):
    name = "palisade"
    aliases = ("five-cells", "fivecells")
    title = "Palisade (Five Cells)"
    rules_text = ("Divide the grid into regions of the given size; a number says how many of its cell's four sides "
                  "are region borders (the grid's edge counts).")
    tatham_game = "palisade"
    codecs = (MethodCodec("text", solutions=True), TathamCodec(), JsonCodec())
    size = SIZE
    # Drawn by the lab (4x3, regions of 4, seed 5): 4x3 rather than 4x4, whose 117 divisions
    # CP-SAT lists in 2 s where this board's 23 take 0.1 s (the brute-force check lists them
    # for a dozen clue subsets).
    example = "region size 4\n....\n.3.2\n...2"
    # cacheable: a clue is a count literal made in `rules`: nothing is drawn from the pool later.
    # One-shot questions on MiniSat (GitHub's, "mgh"): an open 15x12 board's second division is
    # unknown within 10,000 conflicts on Minicard, MiniSat 2.2 and the Glucoses (1.2-1.5 s),
    # found in 0.06 s on mgh and CaDiCaL 1.9.5; of the two only mgh stops on a --timeout.
    speed = Speed(rules_cacheable=True, one_shot_solver="mgh")

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """A first line `region size K`, then one row a line, one character a cell: a digit
        0..4, or '.' (also '-', '_') for a cell without a number."""
        lines = numbered_lines(text)
        if not lines or not REGION_LINE.match(lines[0][1]):
            raise PuzzleError("a palisade board starts with a line `region size K` (cells in each region)",
                              lines[0][0] if lines else None)
        head = lines.pop(0)
        k = self._region_size(REGION_LINE.match(head[1]).group(1), head[0])  # type: ignore[union-attr]
        if not lines:
            raise PuzzleError("no rows after `region size`", head[0])
        refuse_oversized(lines, EARLY)
        rows = [line_chars(line, n) for n, line in lines]
        return self._instance(rows, k, lines[0][0], head[0])

    @staticmethod
    def _region_size(text: str, line: int | None, column: int | None = None) -> int:
        if not (text.isascii() and text.isdecimal()) or len(text) > 6 or int(text) < 1:
            raise PuzzleError(f"region size {quote(text)}: a whole number from 1", line, column)
        return int(text)

    def _instance(self, rows: Sequence[Sequence[Token]], k: int, line: int | None,
                  k_line: int | None = None) -> Instance:
        """The board from its rows; a region size that does not fit the board is said at
        `k_line` (where it is written)."""
        if rows and rows[0]:
            with at_place(line):
                SIZE.check(self.name, len(rows[0]), len(rows))
            with at_place(k_line):
                PalisadeParams(len(rows[0]), len(rows), k)
        return grid_instance(self.name, rows, lambda w, h: PalisadeParams(w, h, k), self._clue, line)

    @staticmethod
    def _clue(t: Token, params: PalisadeParams) -> int | None:
        if t.text in BLANKS:
            return None
        if not (len(t.text) == 1 and "0" <= t.text <= str(MOST_CLUE)):
            raise PuzzleError(f"bad cell {quote(t.text)} (a number 0..{MOST_CLUE}, or '.' for a cell without one)",
                              t.line, t.column)
        return int(t.text)

    def cells(self, inst: Instance) -> list[str]:
        p = inst.params
        return ["".join(str(inst.clues.get((r, c), ".")) for c in range(p.width)) for r in range(p.height)]

    def write_text(self, inst: Instance) -> str:
        return "\n".join([f"region size {inst.params.region_size}", *self.cells(inst)])

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        """The regions as letters (numbers, spaced, past 62 regions)."""
        count = max((v for row in solution for v in row), default=0)
        return "\n".join(region_rows([[v - 1 for v in row] for row in solution], count))

    def from_tatham(self, game: GameId) -> Instance:
        """`WxHnK:description` (H and K default to W, as his decode_params reads them): a digit
        0..4 is a numbered cell, a letter a..z a run of 1..26 cells without one; the cells
        after the last number are left out, as his generator writes it."""
        width, height = tatham_size(game.head, r"(?:n\d+)?", f"bad Palisade parameters {quote(game.head)} "
                                    "(expected like 5x5n5)", game.line, game.column, EARLY)
        m = re.fullmatch(TATHAM_HEAD, game.head)
        k = int(m.group(3)) if m and m.group(3) else width
        with at_place(game.line, game.column):
            params = PalisadeParams(width, height, k)
        area = width * height
        given = sum(ord(ch) - ord("a") + 1 if "a" <= ch <= "z" else 1 for ch in game.desc)
        if given < area:  # the cells after the last number, as runs of blanks
            game = replace(game, desc=game.desc + tatham_encode([None] * (area - given), None))
        values = tatham_cells(game, area, {str(n): n for n in range(MOST_CLUE + 1)}, None)
        return Instance(self.name, params, {divmod(i, width): v for i, v in enumerate(values) if v is not None})

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        flat: list[int | None] = [inst.clues.get((r, c)) for r, c in p.cells()]
        while flat and flat[-1] is None:
            flat.pop()
        body = tatham_encode((str(v) if v is not None else None for v in flat), None)
        return f"{p.width}x{p.height}n{p.region_size}:{body}"

    def from_json(self, text: str) -> Instance:
        """`region_size`; `grid`: rows of digits and '.' (strings, or lists with null a blank);
        `width` and `height`, when given, the grid's."""
        doc = JsonObject(text, self.name, ("width", "height", "region_size", "grid"), self.aliases)
        k = doc.integer("region_size", low=1)
        grid = doc.board("grid", EARLY)
        rows = []
        for r, row in enumerate(grid):
            cells = []
            for v in row:
                if v is None:
                    v = "."
                if isinstance(v, bool) or not isinstance(v, (int, str)):
                    raise doc.error("grid", f"row {r + 1} holds {quote(v)}: a cell is a number 0..4 or null")
                cells.append(Token(str(v), None, None))
            rows.append(cells)
        return self._instance(rows, k, None, doc.where("region_size")[0])

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p = inst.params
        return {"width": p.width, "height": p.height, "region_size": p.region_size, "grid": self.cells(inst)}

    def describe_clue(self, key: Cell, value: int) -> str:
        return f"{cell_name(key)}={value}"

    # ---- for language models ------------------------------------------------------------
    board_legend = ("a first line `region size K` (the cells in every region), then one row per line, one character "
                    "a cell: a digit 0-4 is a numbered cell (how many of its four sides are region borders, the "
                    "grid's edge counting as border), `.` a cell without a number")
    answer_format = ("the division into regions: one row per line, cells separated by single spaces, each cell the "
                     "label of its region; label the regions 1, 2, 3, ... in the order their first cells are met "
                     "reading the board row by row, left to right")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(" ".join(str(v) for v in row) for row in solution)

    def read_answer(self, inst: Instance, text: str) -> Grid:
        """A grid of labels (numbers or letters); any labels will do: they are renamed in
        order of first appearance."""
        p = inst.params

        def label(token: str) -> str:
            if not NAME.fullmatch(token):
                raise ValueError("not a label")
            return token

        grid = read_grid(text, p.height, p.width, label, "label")
        return tuple(tuple(v + 1 for v in row) for row in renumbered(grid))

    def differences(self, a: Any, b: Any) -> list[str]:
        """The cells whose region (as a set of cells) differs, whatever the labels."""
        def regions(grid: Any) -> dict[Cell, frozenset[Cell]]:
            groups: dict[Any, set[Cell]] = {}
            for r, row in enumerate(grid):
                for c, v in enumerate(row):
                    groups.setdefault(v, set()).add((r, c))
            return {cell: frozenset(cells) for cells in groups.values() for cell in cells}

        ra, rb = regions(a), regions(b)
        return [f"{cell_name(cell)}: {a[cell[0]][cell[1]]} vs {b[cell[0]][cell[1]] if cell in rb else '?'}"
                for cell in sorted(ra) if ra[cell] != rb.get(cell)]

    def canonical(self, inst: Instance) -> str:
        """The region size and the least text of the board's rotations and reflections."""
        return f"region size {inst.params.region_size}\n" + least_text(self.cells(inst))

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        from ..lab.face.share import box_grid

        return (f"regions of {inst.params.region_size} cells\n"
                + box_grid([[ch if ch != "." else " " for ch in row] for row in self.cells(inst)]))

    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham prints Palisade: thin grid lines and the numbers; with the solution,
        thick lines between the regions."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for (r, c), v in inst.clues.items():
            board.text(r, c, str(v), 0.6)
        board.grid([list(row) for row in solution] if solution is not None else None)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: PalisadeParams, pool: IDPool) -> Rules:
        """Edge variables, each cell's count literals, no border ending inside the grid, and
        no few cells closed off in a number no multiple of K (see the module docstring)."""
        w, h, k = params.width, params.height, params.region_size
        edges = edge_cells(w, h)
        first = variable_block(pool, len(edges))  # `decode` reads this layout
        never = pool.id()
        clauses: list[Clause] = [[-never]]
        counts = []
        for r, c in params.cells():
            lits = [first + e for _, e in incident(w, h)[r * w + c]]
            out = outer_sides(params, r, c)
            mine = [never] * (MOST_CLUE + 1)
            for m in range(len(lits) + 1):
                mine[out + m] = pool.id()
                clauses += count_clauses(lits, m, mine[out + m])
            counts.append(tuple(mine))
        for corner in inner_corners(w, h):
            for e in corner:
                clauses.append([-(first + e), *(first + f for f in corner if f != e)])
        free = set(range(w * h))
        for root in range(w * h):
            for size in range(1, min(EAGER_SHAPES, w * h - 1) + 1):
                if size % k:
                    for shape in connected_sets(w, h, free, root, size):
                        inside = set(shape)
                        clauses.append([-(first + e) for i in shape for j, e in incident(w, h)[i] if j not in inside])
        layout = Layout(first, len(edges), tuple(counts), never)
        return Rules(clauses, [first + e for e in range(len(edges))], layout, phases=snake_phases(params, layout))

    def clue_clauses(self, params: PalisadeParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        r, c = key
        if not (params.inside(r, c) and isinstance(value, int) and not isinstance(value, bool)
                and 0 <= value <= MOST_CLUE):
            raise PuzzleError(f"clue {key}={value} is not a number 0..{MOST_CLUE} in a cell of the "
                              f"{params.width}x{params.height} board")
        return [[rules.data.counts[r * params.width + c][value]]]

    def decode(self, params: PalisadeParams, rules: Rules, true_vars: AbstractSet[int]) -> Grid:
        """The pieces the edges not set to borders join (on a partial assignment, unknown
        edges join too)."""
        first = rules.data.first
        joined = [first + e not in true_vars for e in range(rules.data.edges)]
        return labels_of(pieces(params.width, params.height, joined), params.width)

    def solution_literals(self, params: PalisadeParams, rules: Rules, solution: Grid) -> list[int]:
        first = rules.data.first
        return [first + e if border else -(first + e) for e, border in enumerate(borders_of(params, solution))]

    def cuts(self, params: PalisadeParams, rules: Rules, solution: Grid, true_vars: AbstractSet[int]) -> list[Clause]:
        """For each piece the candidate's non-borders join: more than K cells, and the first
        K + 1 of them a breadth-first search meets never all join (its tree's K edges are not
        all non-borders); a number of cells no multiple of K, and its edges out are not all
        borders (a closed-off set is whole regions); a border between two of its cells, and
        that border or one on a path joining them goes. Each holds for every solution of every
        board of this size."""
        w, h, k = params.width, params.height, params.region_size
        first = rules.data.first
        around = incident(w, h)
        border = [first + e in true_vars for e in range(rules.data.edges)]
        piece = [v - 1 for row in solution for v in row]  # `decode`'s pieces: across the non-borders
        out: list[Clause] = []
        for cells in members(piece):
            inside = set(cells)
            if len(cells) > k:
                tree = breadth_first(around, border, cells[0], k + 1)
                out.append([first + e for e in tree.values() if e >= 0])
            if len(cells) % k:
                out.append([-(first + e) for i in cells for j, e in around[i] if j not in inside])
        for e, (a, b) in enumerate(edge_cells(w, h)):
            if border[e] and piece[a] == piece[b]:
                out.append([-(first + e), *(first + f for f in path(around, border, a, b))])
        return out

    def dead_end(self, params: PalisadeParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """A joined piece past K cells, a border inside one, or a closed-off piece no multiple
        of K: each stays broken as more edges are set."""
        return Knowledge(params, rules.data, holds).broken()

    def lazy_units(self, params: PalisadeParams, rules: Rules, holds: Callable[[int], bool]) -> list[int]:
        """Tatham's solver's region rules (not too big, not too small, one region per joined
        piece), and a closed-off piece of K cells is one region."""
        known = Knowledge(params, rules.data, holds)
        return [] if known.broken() else known.forced()

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Regions stated directly. Each cell names its region's first cell in reading order,
        its root (`member`, only roots before it within K - 1 steps); a root has K members;
        two neighbours share their root exactly when the edge between them is no border (as
        clauses over the members: a root as one number, compared, propagated far worse);
        members reach their root through their region (reached within t steps: the root at
        0, and at t a cell reached before or beside one reached before across no border; all
        reached within K - 1, so each region is connected); a number counts its cell's
        borders; and, for propagation only, no border ends inside the grid. Everything but
        the members is a function of them, so CP-SAT enumerates each division once (a
        breadth-first distance as a number, with a minimum, listed 4x4 divisions 3x slower).
        A 15x12 board of regions of 10 takes it 2-20 s (1.6 s of it building the model); SAT
        answers in 0.05 s."""
        from ortools.sat.python import cp_model

        p = inst.params
        w, h, k = p.width, p.height, p.region_size
        model = cp_model.CpModel()
        n = w * h
        near = {j: [i for i in range(j + 1) if abs(i // w - j // w) + abs(i % w - j % w) < k] for j in range(n)}
        member = {(j, i): model.new_bool_var(f"m{j}_{i}") for j in range(n) for i in near[j]}
        for j in range(n):
            model.add_exactly_one(member[(j, i)] for i in near[j])
            for i in near[j]:
                if i != j:
                    model.add_implication(member[(j, i)], member[(i, i)])
        for i in range(n):
            mine = [member[(j, i)] for j in range(i, n) if (j, i) in member]
            model.add(sum(mine) == k * member[(i, i)])
        same = []  # per edge: no border, the two cells share their root
        for a, b in edge_cells(w, h):
            s = model.new_bool_var("")
            for i in sorted(set(near[a]) | set(near[b])):
                ma, mb = member.get((a, i)), member.get((b, i))
                if ma is not None and mb is not None:
                    model.add_bool_or([~ma, ~s, mb])
                    model.add_bool_or([~mb, ~s, ma])
                    model.add_bool_or([~ma, ~mb, s])
                else:
                    model.add_implication(ma if ma is not None else mb, ~s)  # type: ignore[arg-type]
            same.append(s)
        for corner in inner_corners(w, h):  # redundant, for propagation: no border ends inside the grid
            model.add(sum(same[e] for e in corner) != 3)
        reached = [member[(j, j)] for j in range(n)]  # reached from its root within t steps, t = 0 up
        for _ in range(k - 1):
            now = []
            for j in range(n):
                ways = [reached[j]]
                for nb, e in incident(w, h)[j]:
                    step = model.new_bool_var("")  # across edge e from a cell reached before
                    model.add_bool_or([~step, same[e]])
                    model.add_bool_or([~step, reached[nb]])
                    model.add_bool_or([~same[e], ~reached[nb], step])
                    ways.append(step)
                x = model.new_bool_var("")
                model.add_bool_or([~x, *ways])
                for way in ways:
                    model.add_implication(way, x)
                now.append(x)
            reached = now
        for x in reached:
            model.add_bool_or([x])
        for (r, c), v in inst.clues.items():
            j = r * w + c
            model.add(sum(1 - same[e] for _, e in incident(w, h)[j]) + outer_sides(p, r, c) == v)

        def decode(value) -> Grid:
            roots = [next(i for i in near[j] if value(member[(j, i)])) for j in range(n)]
            return labels_of(renumbered([roots])[0], w)

        return CpModel(model, list(member.values()), decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: PalisadeParams) -> Iterator[Grid]:
        """Every division into connected regions of K cells: the first cell not yet in a
        region, in reading order, starts a new one of any connected shape over the cells after
        it that are not in one either."""
        w, h, k = params.width, params.height, params.region_size
        if w * h > ENUMERATE_MOST:
            raise PuzzleError(f"a {w}x{h} board is too large to enumerate")
        label = [0] * (w * h)

        def place(start: int, count: int) -> Iterator[Grid]:
            while start < w * h and label[start]:
                start += 1
            if start == w * h:
                yield labels_of([v - 1 for v in label], w)
                return
            free = {i for i in range(start, w * h) if not label[i]}
            for shape in connected_sets(w, h, free, start, k):
                for i in shape:
                    label[i] = count + 1
                yield from place(start + 1, count + 1)
                for i in shape:
                    label[i] = 0

        return place(0, 0)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        bad = [f"{cell_name((r, c))} holds {quote(v)}: a region's label is a whole number"
               for r, row in enumerate(solution) for c, v in enumerate(row)
               if isinstance(v, bool) or not isinstance(v, int)]
        if bad:
            return bad
        problems = []
        groups: dict[int, list[Cell]] = {}
        for r, c in p.cells():
            groups.setdefault(solution[r][c], []).append((r, c))
        for cells in sorted(groups.values()):
            if len(cells) != p.region_size:
                problems.append(f"the region of {cell_name(cells[0])} has {len(cells)} cells, not {p.region_size}")
        cut = cut_off(solution)
        if cut is not None:
            label = solution[cut[0]][cut[1]]
            problems.append(f"the region labelled {number(label)} at {cell_name(groups[label][0])} is in more than "
                            f"one piece ({cell_name(cut)} is cut off)")
        counts = border_counts(p, solution)
        problems += [f"{cell_name(cell)} has {counts[cell]} sides on borders, its number says {v}"
                     for cell, v in sorted(inst.clues.items()) if counts[cell] != v]
        return problems


def breadth_first(around: Sequence[Sequence[tuple[int, int]]], border: Sequence[bool], start: int,
                  most: int) -> dict[int, int]:
    """The first `most` cells a breadth-first search from `start` across non-borders meets,
    each with the edge it was reached by (-1 for `start`)."""
    reached = {start: -1}
    queue = [start]
    for a in queue:
        for b, e in around[a]:
            if len(reached) == most:
                return reached
            if b not in reached and not border[e]:
                reached[b] = e
                queue.append(b)
    return reached


def path(around: Sequence[Sequence[tuple[int, int]]], border: Sequence[bool], a: int, b: int) -> list[int]:
    """The edges of a shortest way from cell a to cell b across non-borders (b reachable)."""
    before = {a: (-1, -1)}
    queue = [a]
    for x in queue:
        if x == b:
            break
        for y, e in around[x]:
            if y not in before and not border[e]:
                before[y] = (x, e)
                queue.append(y)
    out = []
    while b != a:
        b, e = before[b]
        out.append(e)
    return out


PUZZLE = Palisade()

