"""Hidoku (Hidato): text forms, rules, decoding, verification.

Rules: fill every cell of a width x height grid with the numbers 1..N (N = width x height),
each once, so that each k < N and k + 1 stand in king-move neighbours (one of the eight
cells around). The clues are the given numbers.

Encoding: one variable per cell and number (cell i holds k), exactly one per cell and per
number (the "at most one" halves as `Rules.at_most_one` groups); "i holds k" implies "a
neighbour of i holds k + 1" and "i holds k + 1" implies "a neighbour holds k". A numbering
has no cycles to cut, so no lazy `cuts` are needed; a clue is one variable, its unit
literal. CP-SAT models the path instead: a Hamiltonian circuit over king moves and a dummy
node (`add_circuit`), each arc carrying a cell's number on to the next.

Stripping asks CaDiCaL thousands of questions that unit propagation mostly settles, so the
generator's sessions load a second encoding of the same puzzle (`stripping_rules`,
`projection_rules`) that propagates through fewer, shorter clauses: each number's row and column as one-hot
projections that move by at most one from k to k + 1, and each cell's number as two digits.
It has the same variables for "cell i holds k" and the same solutions, so its answers are the
same; grading and checks keep the first encoding, whose long neighbour clauses prune more.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from math import isqrt
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
    quote,
)
from ..lab.toolkit.answers import number_cell
from ..lab.toolkit.cellgrid import CellRow, GridJson, GridText, grid_instance, without_comments
from ..lab.toolkit.codecs import MethodCodec
from ..lab.toolkit.numbering import (
    NumberedCells,
    clue_mismatches,
    cpsat_numbered_path,
    numbering_variables,
    places,
)
from ..lab.toolkit.symmetry import grid_images
from ..lab.toolkit.textgrid import JsonObject, Token, numbered_lines, refuse_oversized

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]  # the number of each cell, 1..N
# Size limit: the seed's 10x10 board checks in about 1 s from the command line; a 12x12
# board generates and grades in about 2 s and checks in about 2 s (N cells: N^2 variables).
SIZE = BoardLimit(12, 12, 1, 1)
EARLY = SIZE.early("hidoku")  # the readers' size check, before any cell is read
BLANKS = (".", "_")  # "." in our text form; "_" (any run of it) in the seed's comma form
# The seed's comma form: a comma before any `#` on its line (lines end as `str.splitlines` ends them)
SEED_COMMA = r"(?:^|[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029])[^#\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]*,"
ENUMERATE_LIMIT = 10 ** 6


@dataclass(frozen=True)
class HidokuParams:
    """A width x height board; the numbers run from 1 to width x height."""

    width: int
    height: int

    def __post_init__(self) -> None:
        SIZE.check("hidoku", self.width, self.height)

    @property
    def n(self) -> int:
        return self.width * self.height

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each cell (row-major index), its king-move neighbours."""
        w, h = self.width, self.height
        return tuple(tuple((r + dr) * w + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                           if (dr or dc) and 0 <= r + dr < h and 0 <= c + dc < w)
                     for r in range(h) for c in range(w))


def name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def grid_of(order: Sequence[int], width: int, height: int) -> Grid:
    """The numbering that visits the cells (row-major indices) in `order`."""
    numbers = [0] * (width * height)
    for k, i in enumerate(order, start=1):
        numbers[i] = k
    return tuple(tuple(numbers[r * width:(r + 1) * width]) for r in range(height))


def king_paths(neighbours: Sequence[Sequence[int]], order: list[int], used: set[int], n: int) -> Iterator[list[int]]:
    """Every way to extend `order` to all n cells by king moves."""
    if len(order) == n:
        yield list(order)
        return
    for j in neighbours[order[-1]]:
        if j not in used:
            order.append(j)
            used.add(j)
            yield from king_paths(neighbours, order, used, n)
            used.discard(j)
            order.pop()


def comma_rows(text: str) -> list[list[Token]]:
    """The seed's board file: comma-separated rows, each cell a number or `_`s, spaces
    around cells ignored; each cell a Token with where it starts. An oversized board is
    refused from its lines (how many, the commas in the longest) before a cell is made."""
    lines = numbered_lines(text)
    refuse_oversized(lines, EARLY, lambda line: line.count(",") + 1)
    rows = []
    for lineno, line in lines:
        cells, start = [], 0
        for part in line.split(","):
            stripped = part.strip()
            column = start + (part.find(stripped) if stripped else 0) + 1
            cells.append(Token(stripped, lineno, column))
            start += len(part) + 1
        rows.append(cells)
    return rows


class Hidoku(NumberedCells, CluePuzzle[HidokuParams, Cell, Grid]):
    name = "hidoku"
    # cacheable: a clue is one position variable
    speed = Speed(rules_cacheable=True)
    aliases = ("hidato",)
    title = "Hidoku (Hidato)"
    rules_text = "Fill the grid with 1 to N so that consecutive numbers are neighbours, diagonals included."
    codecs = (GridText(spaced=True, limit=EARLY, comments=True),
              MethodCodec("seed", pattern=SEED_COMMA, solutions=True), GridJson(limit=EARLY))
    size = SIZE
    # A 3x3 board (784 king paths in all, so brute force is quick): 1 and 9 down the left
    # side, and 5 beside 9 leaves one numbering.
    example = "1 . .\n. . .\n9 5 ."

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], blank: str) -> Instance:
        """Rows of cells (a number, or blank), each with where it stands."""
        seen: set[int] = set()

        def clue(t: Token, params: HidokuParams) -> int | None:
            if t.text == blank or (blank == "_" and t.text and set(t.text) == {"_"}):
                return None
            if not (t.text.isascii() and t.text.isdigit()) or not 1 <= int(t.text) <= params.n:
                raise PuzzleError(f"bad cell {quote(t.text)} (a number from 1 to {params.n}, or {blank} "
                                  "for a blank)", t.line, t.column)
            if int(t.text) in seen:
                raise PuzzleError(f"number {int(t.text)} is given twice", t.line, t.column)
            seen.add(int(t.text))
            return int(t.text)

        return grid_instance(self.name, rows, HidokuParams, clue)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of space-separated numbers, `.` for a blank."""
        return self._instance(rows, ".")

    def read_seed(self, text: str) -> Instance:
        """Seed 001's board file: `1,_,_,4`, one row a line."""
        return self._instance(comma_rows(without_comments(text)), "_")

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of numbers, 0 or null a blank."""
        return self._instance([[Token("." if v is None or v == "." or (type(v) is int and v == 0) else str(v),
                                      None, None) for v in row] for row in grid], ".")

    def numbers(self, inst: Instance, solution: Grid | None = None) -> list[list[int | None]]:
        p = inst.params
        return [[inst.clues.get((r, c)) if solution is None else solution[r][c] for c in range(p.width)]
                for r in range(p.height)]

    def cells(self, inst: Instance, solution: Grid | None = None) -> list[list[str]]:
        return [["." if k is None else str(k) for k in row] for row in self.numbers(inst, solution)]

    def cell_width(self, inst: Instance) -> int:
        return len(str(inst.params.n))

    def write_seed(self, inst: Instance, solution: Grid | None = None) -> str:
        return "\n".join(",".join("_" if k == "." else k for k in row) for row in self.cells(inst, solution))

    write_seed_solution = write_seed

    def json_grid(self, inst: Instance) -> list[list[int]]:
        return [[k or 0 for k in row] for row in self.numbers(inst)]

    # ---- for language models ------------------------------------------------------------
    board_legend = "one row per line, cells separated by spaces: a number a given, `.` an empty cell"
    answer_format = "the filled grid: one row per line, its numbers separated by single spaces"
    # any whole number (`verify` says which are out of range or missing)
    answer_cells = (number_cell(0, 10 ** 6), "number")

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's images under the rotations and reflections that keep
        its shape, each also numbered backwards (k as N + 1 - k: the path read from its end)."""
        n, forms = inst.params.n, []
        for grid in grid_images(self.numbers(inst)):
            for turn in (lambda k: k, lambda k: n + 1 - k):
                clues = {(r, c): turn(k) for r, row in enumerate(grid) for c, k in enumerate(row) if k is not None}
                forms.append(self.format(Instance(self.name, inst.params, clues)))
        return min(forms)

    def show_text(self, inst: Instance) -> str:
        from ..lab.face.share import box_grid

        return box_grid([["" if k is None else str(k) for k in row] for row in self.numbers(inst)])

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax: Any, inst: Instance, solution: Grid | None = None) -> None:
        """As a Hidato is printed: numbers in the cells, the givens bold; in the solution the
        other numbers in a lighter blue and the path from 1 to N drawn lightly behind them."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        if solution is not None:
            where = {k: (r, c) for r, row in enumerate(solution) for c, k in enumerate(row)}
            path = [where[k] for k in range(1, p.n + 1) if k in where]
            board.line(path, colour="#9ab8e0", width=0.08, alpha=0.6)
        for r, row in enumerate(self.numbers(inst, solution)):
            for c, k in enumerate(row):
                if k is not None:
                    given = (r, c) in inst.clues
                    board.text(r, c, str(k), size=0.45, colour="black" if given else "#1f5fbf", bold=given)
        board.grid()

    # ---- SAT ----------------------------------------------------------------------
    def stripping_rules(self, params: HidokuParams, pool: IDPool) -> Rules:
        """The generator's sessions: `projection_rules`, the same x[i][k] and solutions in
        shorter clauses (about a third of the stripping time on 10x10 boards; weaker for
        probing, so grading keeps `rules`)."""
        return projection_rules(params, pool)

    def rules(self, params: HidokuParams, pool: IDPool) -> Rules:
        """x[i][k] (cell i holds k + 1): at least one per cell and per number (clauses),
        at most one (groups); "i holds k" implies "a neighbour holds k + 1", and back."""
        n, nb = params.n, params.neighbours
        x, groups = numbering_variables(pool, n)
        clauses: list[Clause] = [list(g) for g in groups]
        for i in range(n):
            for k in range(n - 1):
                clauses.append([-x[i][k], *(x[j][k + 1] for j in nb[i])])
                clauses.append([-x[i][k + 1], *(x[j][k] for j in nb[i])])
        return Rules(clauses, [v for row in x for v in row], x, at_most_one=[g for g in groups if len(g) > 1])

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """The path as a circuit: nodes are the cells and a dummy node n; an arc i -> j for
        each king move, dummy -> i when i holds 1, i -> dummy when i holds N. Numbers are
        one-hot (at[i][k]: i holds k + 1) and an arc carries k to k + 1."""
        from ortools.sat.python import cp_model

        p = inst.params
        n = p.n
        model = cp_model.CpModel()
        at = cpsat_numbered_path(model, n, p.neighbours)
        for (r, c), k in inst.clues.items():
            model.add(at[r * p.width + c][k - 1] == 1)
        rows = [at[r * p.width:(r + 1) * p.width] for r in range(p.height)]

        def decode(value: Any) -> Grid:
            return tuple(tuple(next(k + 1 for k, v in enumerate(cell) if value(v)) for cell in row) for row in rows)

        return CpModel(model, [v for cell in at for v in cell], decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: HidokuParams) -> Iterable[Grid]:
        """Every king path through all cells, found depth first from every start (3x3: a few
        thousand), refused past a million."""
        found: list[Grid] = []
        for start in range(params.n):
            for order in king_paths(params.neighbours, [start], {start}, params.n):
                found.append(grid_of(order, params.width, params.height))
                if len(found) > ENUMERATE_LIMIT:
                    raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        return found

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = clue_mismatches(solution, inst.clues)
        where = places(solution)
        problems += [f"{name(cells[0])} holds {k}, not a number from 1 to {p.n}"
                     for k, cells in sorted(where.items()) if not 1 <= k <= p.n]
        for k in range(1, p.n + 1):
            if k not in where:
                problems.append(f"number {k} is missing")
            elif len(where[k]) > 1:
                problems.append(f"number {k} is in {len(where[k])} cells: {', '.join(map(name, where[k]))}")
        for k in range(1, p.n):
            for a in where.get(k, []):
                problems += [f"{k} at {name(a)} and {k + 1} at {name(b)} are not neighbours"
                             for b in where.get(k + 1, []) if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1]
        return problems


# ---- the stripping encoding ------------------------------------------------------------------
def one_hot(pool: IDPool, tag: str, outer: int, inner: int) -> list[list[int]]:
    """outer x inner fresh variables named (tag, a, b): one one-hot value per `a`."""
    return [[pool.id((tag, a, b)) for b in range(inner)] for a in range(outer)]


def projection(x: Sequence[Sequence[int]], value: Sequence[Sequence[int]],
               members: Sequence[Sequence[Sequence[tuple[int, int]]]], clauses: list[Clause]) -> None:
    """value[a][b] means "cell i holds k for some (i, k) in members[a][b]": each member
    implies it, and it implies one of them (so it falls as soon as they all have)."""
    for row, groups in zip(value, members):
        for var, group in zip(row, groups):
            lits = [x[i][k] for i, k in group]
            clauses.extend([-lit, var] for lit in lits)
            clauses.append([-var, *lits])


def king_steps(axis: Sequence[Sequence[int]], clauses: list[Clause]) -> None:
    """axis[k][a]: number k + 1 stands at coordinate a; from k to k + 1 it moves by at most one,
    both ways."""
    size = len(axis[0]) if axis else 0
    for here, there in zip(axis, axis[1:]):
        for a in range(size):
            near = range(max(0, a - 1), min(size, a + 2))
            clauses.append([-here[a], *(there[b] for b in near)])
            clauses.append([-there[a], *(here[b] for b in near)])


def within_reach(axis: Sequence[Sequence[int]], clauses: list[Clause]) -> None:
    """d numbers on, the path has moved at most d along the axis: "k at a" rules out "k + d at
    b" for every |a - b| > d, one binary clause each. Implied by the king steps, but unit
    propagation cannot see it through them (a step has three places to go); with these the
    stripping loop's hardest calls (seconds of search) mostly go by propagation: 10x10
    stripping 1.45 times as fast, the same puzzles."""
    size = len(axis[0]) if axis else 0
    far = [[(a, b) for a in range(size) for b in range(size) if abs(a - b) > d] for d in range(size)]
    for d in range(1, min(size - 1, len(axis))):
        for here, there in zip(axis, axis[d:]):
            clauses.extend([-here[a], -there[b]] for a, b in far[d])


def projection_rules(params: HidokuParams, pool: IDPool) -> Rules:
    """The stripping encoding: the same x[i][k] (drawn first, so the same variables as
    `rules`), at least one number per cell and one cell per number, and no other long clause.
    rows[k] and cols[k] are one-hot projections of number k + 1's cell (at most one each: two
    cells holding it would differ in one of them), and k + 2's row and column lie within one
    of k + 1's: that is king adjacency (the same cell twice is ruled out by the digits); k + d
    lies within d of k's (`within_reach`, implied, for propagation).
    tens[i] and units[i] are cell i's number k as two one-hot digits (k = q * tens + units):
    two numbers in one cell would differ in one of them. Every at-most-one group has at most
    q or a side's literals, which the engine writes pairwise; the long groups of `rules`
    become, for CaDiCaL, sequential counters with a helper variable per literal."""
    n, w, h = params.n, params.width, params.height
    x, groups = numbering_variables(pool, n)
    q = isqrt(n - 1) + 1  # digits base: n <= q * q
    clauses: list[Clause] = [list(g) for g in groups]  # at least one per cell and per number
    rows, cols = one_hot(pool, "row", n, h), one_hot(pool, "col", n, w)
    projection(x, rows, [[[(r * w + c, k) for c in range(w)] for r in range(h)] for k in range(n)], clauses)
    projection(x, cols, [[[(r * w + c, k) for r in range(h)] for c in range(w)] for k in range(n)], clauses)
    tens, units = one_hot(pool, "tens", n, -(-n // q)), one_hot(pool, "units", n, q)
    projection(x, tens, [[[(i, k) for k in range(t * q, min(n, t * q + q))] for t in range(len(tens[0]))]
                         for i in range(n)], clauses)
    projection(x, units, [[[(i, k) for k in range(u, n, q)] for u in range(q)] for i in range(n)], clauses)
    for axis in (rows, cols):
        king_steps(axis, clauses)
        within_reach(axis, clauses)
    amo = [g for part in (rows, cols, tens, units) for g in part if len(g) > 1]
    return Rules(clauses, [v for row in x for v in row], x, at_most_one=amo)


PUZZLE = Hidoku()
