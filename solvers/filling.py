"""Filling (Fillomino): text forms, rules, decoding, verification.

Rules: write a digit in every cell of a width x height grid so that every *area* (an
orthogonally connected set of cells holding the same digit, as large as it can be) has
exactly as many cells as its digit. Digits run 1..`top`, 9 as in Tatham's game (which
takes one keypress per digit), or the board's area when that is smaller.

The clues are given digits. One variable per cell and digit (one-hot); a clue is that
variable's literal, so one SAT session serves every board of a size. The CNF states the
area rule for small shapes only (no 5 connected cells hold a digit d <= 4, no area of up
to 3 cells is closed off below its digit: a 1 touches no 1, a d >= 2 touches another d);
larger areas come lazily (`cuts`): an area larger than its digit, or one closed off smaller
than it, gets a clause that rules out that shape for every board of the size. The CP-SAT
model states areas directly, with a representative cell per area (see `cpsat`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    Clause,
    CluePuzzle,
    CpModel,
    GradingHints,
    Instance,
    PuzzleError,
    Rules,
    Speed,
    at_place,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import number_cell
from ..lab.toolkit.cellgrid import (
    BoardCells,
    CellRow,
    GridArray,
    GridJson,
    GridText,
    blanked,
    grid_instance,
    plain_cell,
    tatham_grid_id,
    tatham_grid_size,
)
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec, TathamCodec
from ..lab.toolkit.numbering import NumberClues
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, wall_items, written_items, written_numbers
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import GameId, tatham_cells
from ..lab.toolkit.textgrid import Element, JsonObject, Token

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]  # a digit in every cell
# Size limit: Tatham's largest preset is 17x13. A random 20x20 filling with half its digits
# given checks in 1-1.5 s, with 30% given in 3-11 s (the lazy area cuts take hundreds of
# rounds on large blank stretches); 30x30 with 30% given took 83 s (2026-11-24).
SIZE = BoardLimit(20, 20, 1, 1)
EARLY = SIZE.early("filling")  # the readers' size check, before any cell is read
MOST_DIGIT = 9  # Tatham's game: one key per digit, so no area is larger than 9
BLANKS = {".", "0", "_", "-"}
EAGER_OVER = 4  # areas of digit d <= 4 that grow past d are forbidden in the CNF itself (5-cell shapes)
EAGER_UNDER = 3  # areas of up to 3 cells closed off below their digit too; larger ones come as cuts
ENUMERATE_MOST = 12  # cells `candidates` enumerates (4x3: 6,351 fillings in 3 s; 4x4 has 239,273)


@dataclass(frozen=True)
class FillingParams(BoardCells):
    """A width x height board; digits run 1..top."""

    width: int
    height: int

    def __post_init__(self) -> None:
        SIZE.check("filling", self.width, self.height)

    @property
    def top(self) -> int:
        """The largest digit (the largest area) a board of this size may hold."""
        return min(MOST_DIGIT, self.width * self.height)

    def neighbours(self, r: int, c: int) -> list[Cell]:
        """The cells next to (r, c): up, down, left, right (a list of its own to shuffle)."""
        return list(around(self.width, self.height)[(r, c)])

    def around(self) -> Mapping[Cell, tuple[Cell, ...]]:
        """Each cell's `neighbours`, looked up rather than made (see `around`)."""
        return around(self.width, self.height)

    def adjacency(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's `neighbours` as indices r * width + c (see `adjacency`)."""
        return adjacency(self.width, self.height)

    def edges(self) -> list[tuple[Cell, Cell]]:
        """Each orthogonally adjacent pair once."""
        out = [((r, c), (r, c + 1)) for r in range(self.height) for c in range(self.width - 1)]
        return out + [((r, c), (r + 1, c)) for r in range(self.height - 1) for c in range(self.width)]


@cache
def around(width: int, height: int) -> Mapping[Cell, tuple[Cell, ...]]:
    """Each cell's neighbours, up, down, left, right, in reading order of the cells. Made
    once per size (and read-only): the area search after every SAT model, the shapes of the
    rules and the generator's merges ask for neighbours hundreds of thousands of times."""
    return MappingProxyType({(r, c): tuple((r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                                           if 0 <= r + dr < height and 0 <= c + dc < width)
                             for r in range(height) for c in range(width)})


@cache
def adjacency(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """`around` over cell indices r * width + c, for the area search: a list index is
    cheaper than a tuple key."""
    return tuple(tuple(r * width + c for r, c in cells) for cells in around(width, height).values())


@cache
def cell_table(width: int, height: int) -> tuple[Cell, ...]:
    """The cell at each index r * width + c."""
    return tuple(around(width, height))


def areas(params: FillingParams, grid: Grid | list[list[int]]) -> list[list[Cell]]:
    """The areas of a filled grid: connected cells of equal digits, each in the order a
    breadth-first search from its first cell meets them (so every prefix is connected)."""
    cells = cell_table(params.width, params.height)
    return [[cells[i] for i in area] for area in flat_areas(params, grid)]


def flat_areas(params: FillingParams, grid: Grid | list[list[int]]) -> list[list[int]]:
    """`areas` as cell indices r * width + c."""
    digits = [d for row in grid for d in row]
    adjacent = params.adjacency()
    seen = [False] * len(digits)
    out = []
    for start, digit in enumerate(digits):
        if seen[start]:
            continue
        seen[start] = True
        area = [start]
        for i in area:  # grows while it is read: breadth-first
            for j in adjacent[i]:
                if not seen[j] and digits[j] == digit:
                    seen[j] = True
                    area.append(j)
        out.append(area)
    return out


def all_shapes(params: FillingParams, size: int) -> list[frozenset[Cell]]:
    """Every connected set of `size` cells on the board, once each."""
    cells = params.cells()
    return [shape for k, root in enumerate(cells) for shape in shapes(set(cells[k:]), root, size, params)]


def tatham_top(params: FillingParams) -> int:
    """The largest digit Tatham's validate_desc takes: max(width, height, 3) (past 9 his
    parser takes the characters after '9', which we do not write)."""
    return min(MOST_DIGIT, max(params.width, params.height, 3))


def shapes(free: set[Cell], root: Cell, size: int, params: FillingParams) -> Iterator[frozenset[Cell]]:
    """Every connected set of `size` cells of `free` that contains `root`, once each
    (a set grows only by the neighbours of its cells, and each set is reported once)."""
    seen: set[frozenset[Cell]] = set()
    adjacent = params.around()

    def grow(shape: frozenset[Cell]) -> Iterator[frozenset[Cell]]:
        if shape in seen:
            return
        seen.add(shape)
        if len(shape) == size:
            yield shape
            return
        for cell in shape:
            for nb in adjacent[cell]:
                if nb in free and nb not in shape:
                    yield from grow(shape | {nb})

    yield from grow(frozenset([root]))


class Filling(NumberClues, CluePuzzle[FillingParams, Cell, Grid]):
    name = "filling"
    clue_word = "digit"
    aliases = ("fillomino",)
    title = "Filling (Fillomino)"
    rules_text = ("Write a digit in every cell so that every connected area of equal digits has as many cells as "
                  "its digit.")
    tatham_game = "filling"
    codecs = (GridText(limit=EARLY), PuzzLinkCodec(genres=("fillomino",)), GridArray(limit=EARLY), TathamCodec(),
              GridJson(limit=EARLY), Pzprv3Codec(genres=("fillomino",)))
    size = SIZE
    example = "1..\n.2.\n5.."
    # cacheable: a clue is a cell's digit literal: nothing is drawn from the pool later
    # depth: Region sizes are lazy cuts: depth-2 probing of the CNF alone left about 200 of 567 digits
    # open on 9x7 and spent the whole probe budget (1.6-3 s a puzzle, level null).
    speed = Speed(rules_cacheable=True)
    grading = GradingHints(max_depth=1)

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None = None) -> Instance:
        """Rows of cells, each a digit or a blank (see BLANKS), with where it stands."""
        return grid_instance(self.name, rows, FillingParams, self._digit, line)

    @staticmethod
    def _digit(t: Token, params: FillingParams) -> int | None:
        if t.text in BLANKS:
            return None
        if not (t.text.isascii() and t.text.isdigit() and 1 <= int(t.text) <= params.top):
            raise PuzzleError(f"bad cell {quote(t.text)} (a digit 1..{params.top}, or '.' for blank)", t.line, t.column)
        return int(t.text)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of digits, '.' (or 0, _, -) for a blank."""
        return self._instance(rows, rows[0].line)

    def array_cell(self, e: Element, r: int, c: int) -> str:
        """Seed 000's array: digits as strings (or numbers), ' ' for blank."""
        if isinstance(e.value, bool) or not isinstance(e.value, (int, str)):
            raise PuzzleError(f"expected a digit or ' ', got {quote(e.value)}", e.line, e.column)
        return plain_cell(e, r, c)

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH:description`: digits are givens (0 a blank), letters a..z runs of 1..26 blanks."""
        width, height = tatham_grid_size(self, game, "", "9x7", EARLY)
        with at_place(game.line, game.column):
            params = FillingParams(width, height)
        symbols = {str(d): d for d in range(tatham_top(params) + 1)}
        cells = tatham_cells(game, width * height, symbols, 0)
        return Instance(self.name, params, {(i // width, i % width): v for i, v in enumerate(cells) if v})

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of digits and '.' (strings, or lists with null a blank)."""
        return self._instance([[Token(str(ch) if ch is not None else ".", None, None)  # type: ignore[arg-type]
                                for ch in row] for row in grid])

    def cells(self, inst: Instance, solution: Grid | None = None) -> list[str]:
        """The board as rows of digits and '.' (a solution fills every cell)."""
        p = inst.params
        if solution is not None:
            return ["".join(str(d) for d in row) for row in solution]
        return ["".join(str(inst.clues.get((r, c), ".")) for c in range(p.width)) for r in range(p.height)]

    def array_board(self, inst: Instance) -> list[list[str]]:
        return blanked(self.cells(inst))

    def array_solution(self, inst: Instance, solution: Grid) -> list[list[int]]:
        return [list(row) for row in solution]

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        most = tatham_top(p)
        if any(v > most for v in inst.clues.values()):
            raise PuzzleError(f"Tatham's Filling takes digits up to {most} on a {p.width}x{p.height} board")
        return tatham_grid_id(p.width, p.height, self.cells(inst))

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's `fillomino`: the givens in `numbers16`, then, when the board has any, its
        given walls in `borders` (Filling has none: a wall is refused, as is the `t` flag,
        areas of at most 3 cells)."""
        refuse_flags(link, "Filling has no rule that areas hold at most 3 cells" if link.flags == "t" else "")
        SIZE.check(self.name, link.cols, link.rows, line=1, column=size_column(link))
        params = FillingParams(link.cols, link.rows)
        cursor = Cursor(link.body, link.column)
        values = cursor.read_numbers16(link.cols * link.rows)
        clues = {}
        for i, v in enumerate(values):
            if v is None:
                continue
            if v == UNKNOWN:
                raise PuzzleError("puzz.link fillomino: a cell with an unknown number, which Filling cannot hold", 1,
                                  cursor.places[i])
            if not 1 <= v <= params.top:
                raise PuzzleError(f"puzz.link fillomino: the number {v} is out of range 1..{params.top}", 1,
                                  cursor.places[i])
            clues[divmod(i, link.cols)] = v
        if cursor.rest:
            start = cursor.at
            right, below = cursor.read_borders(link.cols, link.rows)
            if any(any(row) for row in right + below):
                raise cursor.refuse("given walls between cells, which Filling cannot hold", start - cursor.at)
            cursor.end()
        return Instance(self.name, params, clues)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        body = write_numbers16([inst.clues.get((r, c)) for r, c in p.cells()])
        return PuzzLink("fillomino", p.width, p.height, body)

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """The givens, then the digits written (0 where none), then the walls drawn (the areas
        the digits already make; not read). `t` (areas of at most 3 cells) and `-` (a given
        with no number) are refused, as in the address."""
        if pzl.flag("t"):
            raise pzl.refuse("Filling has no rule that areas hold at most 3 cells", -1)
        rows = pzl.tokens()
        for t in (t for row in rows for t in row if t.text == "-"):
            raise bad_item(t, "is a given with an unknown number, which Filling cannot hold")
        inst = self._instance(rows, 3)
        return inst, written_numbers(pzl.cells(), inst.clues)

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        """With a solution, its digits and a wall between two different ones (the areas, as
        pzprjs's player draws them)."""
        p = inst.params
        right, below = wall_items(solution or [[0] * p.width for _ in range(p.height)])
        return (Pzprv3Writer("fillomino", p.height, p.width).grid(lambda r, c: inst.clues.get((r, c), "."))
                .items(written_items(solution, inst.clues, p.height, p.width)).borders(right, below))

    json_grid = cells

    # ---- for language models ------------------------------------------------------------
    board_legend = "one row per line, one character a cell: a digit a given, `.` an empty cell"
    answer_format = "the filled grid: one row per line, its digits separated by single spaces"
    # any whole number, with any separators or none (`verify` says which are out of range)
    answer_cells = (number_cell(0, 10 ** 6), "digit")

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's rotations and reflections that keep its shape."""
        return least_text(self.cells(inst))

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        from ..lab.face.share import box_grid

        return box_grid([[ch if ch != "." else " " for ch in row] for row in self.cells(inst)])

    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham prints Filling: thin grid lines and the givens; with the solution every
        digit, the givens bold, and thick lines between areas."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        regions = None
        if solution is not None:
            ids = {cell: i for i, area in enumerate(areas(p, solution)) for cell in area}
            regions = [[ids[(r, c)] for c in range(p.width)] for r in range(p.height)]
        for r, c in p.cells():
            given = inst.clues.get((r, c))
            digit = given if solution is None else solution[r][c]
            if digit:
                board.text(r, c, str(digit), 0.6, bold=given is not None and solution is not None)
        board.grid(regions)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: FillingParams, pool: IDPool) -> Rules:
        """One-hot digits; the cuts of small shapes up front (`EAGER_OVER`, `EAGER_UNDER`):
        they are most of what propagation needs and few (6,476 clauses on 9x7). Larger
        areas come in `cuts`."""
        top = params.top
        first = variable_block(pool, params.width * params.height * top)  # `decode` reads this layout
        x = [[[first + (r * params.width + c) * top + d for d in range(top)] for c in range(params.width)]
             for r in range(params.height)]
        clauses: list[Clause] = [list(x[r][c]) for r, c in params.cells()]
        adjacent = params.around()
        for size in range(1, min(top, EAGER_OVER) + 1):
            for shape in all_shapes(params, size + 1):
                clauses.append([-x[r][c][size - 1] for r, c in shape])
        for size in range(1, EAGER_UNDER + 1):
            for shape in all_shapes(params, size):
                border = sorted({nb for cell in shape for nb in adjacent[cell] if nb not in shape})
                for d in range(size + 1, top + 1):
                    clauses.append([x[r][c][d - 1] for r, c in border] + [-x[r][c][d - 1] for r, c in shape])
        primary = [v for row in x for cell in row for v in cell]
        return Rules(clauses, primary, x, at_most_one=[list(x[r][c]) for r, c in params.cells()])

    def clue_clauses(self, params: FillingParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        r, c = key
        if not (0 <= r < params.height and 0 <= c < params.width and 1 <= value <= params.top):
            raise PuzzleError(f"clue {key}={value} is outside the {params.width}x{params.height} board "
                              f"or its digits 1..{params.top}")
        return [[rules.data[r][c][value - 1]]]

    def decode(self, params: FillingParams, rules: Rules, true_vars) -> Grid:
        """Each cell's least digit whose variable is true (0 if none). It runs after every SAT
        model, so it reads the true variables (about one a cell) through the block layout of
        `rules`, variable first + index * top + digit - 1, instead of testing every digit."""
        top, width, first = params.top, params.width, rules.data[0][0][0]
        digits = [0] * (width * params.height)
        end = len(digits) * top
        for v in true_vars:
            if 0 <= v - first < end:
                i, d = divmod(v - first, top)
                if not digits[i] or d < digits[i]:
                    digits[i] = d + 1
        return tuple(tuple(digits[k:k + width]) for k in range(0, len(digits), width))

    def solution_literals(self, params: FillingParams, rules: Rules, solution: Grid) -> list[int]:
        return [v if d + 1 == digit else -v for vrow, srow in zip(rules.data, solution)
                for cell, digit in zip(vrow, srow) for d, v in enumerate(cell)]

    def cuts(self, params: FillingParams, rules: Rules, solution: Grid, true_vars) -> list[Clause]:
        """A clause for each area of the candidate whose size is wrong; each holds in every
        solution of every board of this size.

        Too large (n cells of digit d, n > d): its first d + 1 cells in breadth-first order
        are connected, and d + 1 connected cells holding d lie in one area of more than d
        cells, so they never all hold d. Too small (n < d) and closed off, every neighbour
        B outside it holding another digit: if all of it holds d and no cell of B does, it
        is a whole area of n < d cells again, so some cell of it leaves d or some cell of B
        takes d."""
        x, adjacent = rules.data, params.adjacency()
        cells = cell_table(params.width, params.height)

        def holds(i: int, d: int) -> int:
            """The literal: cell index i holds d."""
            r, c = cells[i]
            return x[r][c][d - 1]

        out = []
        for area in flat_areas(params, solution):  # cell indices sort as the cells do
            r0, c0 = cells[area[0]]
            d = solution[r0][c0]
            if len(area) > d:
                out.append([-holds(i, d) for i in area[:d + 1]])
            elif len(area) < d:
                inside = set(area)
                border = sorted({j for i in area for j in adjacent[i] if j not in inside})
                out.append([holds(j, d) for j in border] + [-holds(i, d) for i in area])
        return out

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Areas stated directly. Each cell j names its area's representative, the area's
        first cell i in reading order (`member[j][i]`, only for i <= j within distance
        top - 1). Neighbours with equal digits share their representative; members share
        its digit; a representative has as many members as its digit. Members reach the
        representative through their area: a BFS distance, 0 at the representative and one
        more than the least distance of a neighbour in the same area elsewhere, is finite
        only when the area is connected. Everything but the digits is a function of the
        digits, so CP-SAT enumerates each filling once."""
        from ortools.sat.python import cp_model

        p = inst.params
        top = p.top
        far = top  # distances run 0..top - 1; `far` stands for "not in my area"
        model = cp_model.CpModel()
        cells = p.cells()
        digit = {cell: model.new_int_var(1, top, f"v{cell[0]}_{cell[1]}") for cell in cells}
        same = {}
        for a, b in p.edges():
            s = model.new_bool_var("")
            model.add(digit[a] == digit[b]).only_enforce_if(s)
            model.add(digit[a] != digit[b]).only_enforce_if(~s)
            same[(a, b)] = same[(b, a)] = s
        index = {cell: k for k, cell in enumerate(cells)}
        member: dict[Cell, dict[Cell, cp_model.IntVar]] = {}
        for j in cells:
            member[j] = {i: model.new_bool_var("") for i in cells
                         if index[i] <= index[j] and abs(i[0] - j[0]) + abs(i[1] - j[1]) < top}
            model.add_exactly_one(member[j].values())
        for j in cells:
            for i, m in member[j].items():
                if i != j:
                    model.add_implication(m, member[i][i])
                    model.add(digit[j] == digit[i]).only_enforce_if(m)
                model.add(digit[i] > abs(i[0] - j[0]) + abs(i[1] - j[1])).only_enforce_if(m)
        for a, b in p.edges():
            for i in set(member[a]) | set(member[b]):
                ma, mb = member[a].get(i), member[b].get(i)
                if ma is not None and mb is not None:
                    model.add(ma == mb).only_enforce_if(same[(a, b)])
                elif ma is not None:
                    model.add_implication(same[(a, b)], ma.Not())  # type: ignore[attr-defined]
                elif mb is not None:
                    model.add_implication(same[(a, b)], mb.Not())  # type: ignore[attr-defined]
        for i in cells:
            members = [member[j][i] for j in cells if i in member[j]]
            model.add(sum(members) == digit[i]).only_enforce_if(member[i][i])
        dist = {cell: model.new_int_var(0, far - 1, "") for cell in cells}
        for j in cells:
            root = member[j][j]
            model.add(dist[j] == 0).only_enforce_if(root)
            via = []
            for k in p.neighbours(*j):
                e = model.new_int_var(0, far, "")
                model.add(e == dist[k]).only_enforce_if(same[(j, k)])
                model.add(e == far).only_enforce_if(~same[(j, k)])
                via.append(e)
            nearest = model.new_int_var(0, far, "")
            model.add_min_equality(nearest, via)
            model.add(dist[j] == nearest + 1).only_enforce_if(~root)
        for (r, c), v in inst.clues.items():
            model.add(digit[(r, c)] == v)
        grid = [[digit[(r, c)] for c in range(p.width)] for r in range(p.height)]
        variables = [v for row in grid for v in row]
        return CpModel(model, variables, lambda value: tuple(tuple(int(value(v)) for v in row) for row in grid))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: FillingParams) -> Iterable[Grid]:
        """Every valid filling, by placing areas: the first empty cell in reading order
        starts a new area of some size d, of any connected shape over empty cells, that
        touches no area of size d already placed. (Whatever breaks a rule is never made.)"""
        if params.width * params.height > ENUMERATE_MOST:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        grid = [[0] * params.width for _ in range(params.height)]
        order = params.cells()

        def place(k: int) -> Iterator[Grid]:
            while k < len(order) and grid[order[k][0]][order[k][1]]:
                k += 1
            if k == len(order):
                yield tuple(tuple(row) for row in grid)
                return
            free = {cell for cell in order[k:] if not grid[cell[0]][cell[1]]}
            for d in range(1, params.top + 1):
                for shape in shapes(free, order[k], d, params):
                    if any(grid[nr][nc] == d for r, c in shape for nr, nc in params.neighbours(r, c)):
                        continue
                    for r, c in shape:
                        grid[r][c] = d
                    yield from place(k + 1)
                    for r, c in shape:
                        grid[r][c] = 0

        return place(0)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = [f"r{r + 1}c{c + 1} holds {d}: digits run 1..{p.top}" for r, c in p.cells()
                    for d in [solution[r][c]] if not (isinstance(d, int) and 1 <= d <= p.top)]
        if problems:
            return problems
        problems += [f"r{r + 1}c{c + 1} holds {solution[r][c]}, the clue says {v}"
                     for (r, c), v in sorted(inst.clues.items()) if solution[r][c] != v]
        for area in areas(p, solution):
            r, c = area[0]
            d = solution[r][c]
            if len(area) > d:
                problems.append(f"the area of {d}s at r{r + 1}c{c + 1} has {len(area)} cells, more than {d}")
            elif len(area) < d:
                problems.append(f"the area of {d}s at r{r + 1}c{c + 1} has {len(area)} cells, fewer than {d}")
        return problems


PUZZLE = Filling()
