"""Slant (Gokigen Naname): a diagonal in every cell, `\\` or `/`; a number at a grid point
says how many diagonals touch it, and the diagonals form no loop.

Vocabulary: the clues stand at the *points*, the (W+1) x (H+1) corners of the cells; a
diagonal joins two opposite corners of its cell. A solution is the grid of diagonals, H
rows of W, each `\\` or `/` (an answer in progress, read from pzprjs's file, may hold `.`).

One variable per cell (true: `\\`) is the primary. A number is an exact count of the
diagonals touching its point, as plain clauses with no helper variable (complete for unit
propagation, native on Minicard). That no diagonals close a loop goes in lazily through
`cuts`, and what a person sees at a glance (a diagonal joining two points already joined
closes a loop) through `lazy_units`; the two smallest loops, round one inner point or two,
are in the CNF too, as "some diagonal touches these points" (`smallest_loops`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

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
    quote,
    variable_block,
)
from ..lab.face.share import NONE, box_grid
from ..lab.toolkit.cellgrid import BoardCells, CellRow, GridText, grid_instance, tatham_grid_size
from ..lab.toolkit.codecs import JsonCodec, PuzzLinkCodec, Pzprv3Codec, TathamCodec
from ..lab.toolkit.counting import exactly
from ..lab.toolkit.paths import Edge, find, forest_path, joined
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_four_cell
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import GameId, tatham_cells, tatham_encode
from ..lab.toolkit.textgrid import JsonObject, Token

Cell = tuple[int, int]
Point = tuple[int, int]
Grid = tuple[tuple[str, ...], ...]  # H rows of W diagonals, "\\" or "/"

BACK, FORWARD, EMPTY = "\\", "/", "."
DIAGONALS = (BACK, FORWARD)
# Size limit: the no-loop rule goes in as cuts, one solver call each, as Slitherlink's one loop.
SIZE = BoardLimit(40, 40, 1, 1)
EARLY = SIZE.early("slant")  # a size stated in cells (a game ID, a JSON's width and height)
EARLY_POINTS = SIZE.early("slant", extra=(1, 1))  # a grid of points: one more each way than cells
TATHAM_LEAST = 2  # slant.c validate_params: "Width and height must both be at least two"
DIGITS = {str(n): n for n in range(5)}
BLANKS = {".", "-", "_", "+"}
ENUMERATE_MOST = 16  # cells `candidates` enumerates every grid of diagonals over (2^16)
PZPRV3_DIAGONALS = {"1": BACK, "2": FORWARD}  # pzprjs's qans 31 and 32


@dataclass(frozen=True)
class SlantParams(BoardCells):
    """A width x height board of cells; the numbers at its points are the clues."""

    width: int
    height: int

    def __post_init__(self) -> None:
        SIZE.check("slant", self.width, self.height)

    def points(self) -> list[Point]:
        return [(r, c) for r in range(self.height + 1) for c in range(self.width + 1)]

    def on_grid(self, point: Point) -> bool:
        return 0 <= point[0] <= self.height and 0 <= point[1] <= self.width

    def on_rim(self, point: Point) -> bool:
        return point[0] in (0, self.height) or point[1] in (0, self.width)


def ends(r: int, c: int, diagonal: str) -> tuple[Point, Point]:
    """The two corners of cell (r, c) the diagonal joins."""
    return ((r, c), (r + 1, c + 1)) if diagonal == BACK else ((r, c + 1), (r + 1, c))


def touching(params: SlantParams, point: Point) -> list[tuple[Cell, str]]:
    """The cells round `point`, each with the diagonal that would touch it: up-left and
    down-right a `\\`, up-right and down-left a `/`."""
    r, c = point
    around = (((r - 1, c - 1), BACK), ((r - 1, c), FORWARD), ((r, c - 1), FORWARD), ((r, c), BACK))
    return [(cell, d) for cell, d in around if params.inside(*cell)]


def point_name(point: Point) -> str:
    """"point r1c1", the top-left corner of cell r1c1 (points are numbered as the cells
    below and right of them)."""
    return f"point r{point[0] + 1}c{point[1] + 1}"


def touches(solution: Grid, params: SlantParams, point: Point) -> int:
    """How many diagonals of `solution` touch `point`."""
    return sum(solution[r][c] == d for (r, c), d in touching(params, point))


def enclosure(params: SlantParams, points: Sequence[Point]) -> list[tuple[Cell, str]]:
    """The cells with one corner among `points` (inner points, each a diagonal step from
    the next), each with the diagonal touching that corner: where none of them holds it,
    the others close a loop round the points."""
    corners: dict[Cell, list[str]] = {}
    for point in points:
        for cell, d in touching(params, point):
            corners.setdefault(cell, []).append(d)
    return [(cell, ds[0]) for cell, ds in corners.items() if len(ds) == 1]


def smallest_loops(params: SlantParams) -> list[tuple[Point, ...]]:
    """The points the two smallest loops enclose: an inner point (four diagonals round it)
    and two inner points a diagonal step apart (six). As clauses ("some diagonal touches
    them") they let probing see the loops a person sees at a glance: with them Tatham's
    Hard boards all grade at level 1 (one of his 12x10 needed search without the pairs)."""
    inner = [point for point in params.points() if not params.on_rim(point)]
    inside = set(inner)
    groups: list[tuple[Point, ...]] = [(p,) for p in inner]
    return groups + [(p, q) for p in inner for q in ((p[0] + 1, p[1] - 1), (p[0] + 1, p[1] + 1)) if q in inside]


def loops_of(params: SlantParams, solution: Grid) -> list[list[Cell]]:
    """The cells of one loop for each diagonal that closes one (joins two points the
    diagonals before it, in reading order, already join): the loop's other cells are the
    path between its ends. None: the diagonals form a forest."""
    if not _closes_a_loop(params, solution):
        return []
    root = list(range((params.height + 1) * (params.width + 1)))
    links: dict[int, list[tuple[int, Cell]]] = {}
    loops = []
    for cell, a, b in _drawn(params, solution):
        ra, rb = find(root, a), find(root, b)
        if ra == rb:
            loops.append([cell, *forest_path(links, a, b)])
            continue
        root[ra] = rb
        links.setdefault(a, []).append((b, cell))
        links.setdefault(b, []).append((a, cell))
    return loops


@lru_cache(maxsize=16)
def _corners(params: SlantParams) -> tuple[tuple[int, int, int, int], ...]:
    """By cell in reading order: the point numbers (row by row) its `\\` joins, then its `/`."""
    width = params.width + 1
    return tuple((r * width + c, (r + 1) * width + c + 1, r * width + c + 1, (r + 1) * width + c)
                 for r, c in params.cells())


def _drawn(params: SlantParams, solution: Grid) -> Iterator[tuple[Cell, int, int]]:
    """Each cell holding a diagonal, and the point numbers it joins."""
    cells = [diagonal for row in solution for diagonal in row]
    for k, ((a, b, c, d), diagonal) in enumerate(zip(_corners(params), cells)):
        if diagonal in DIAGONALS:
            yield divmod(k, params.width), *((a, b) if diagonal == BACK else (c, d))


def _closes_a_loop(params: SlantParams, solution: Grid) -> bool:
    """Do the diagonals close a loop? (A union-find pass, the check run after every model of
    a stripping session: most have none.)"""
    root = list(range((params.height + 1) * (params.width + 1)))
    cells = [diagonal for row in solution for diagonal in row]
    for (a, b, c, d), diagonal in zip(_corners(params), cells):
        if diagonal != BACK:
            if diagonal != FORWARD:
                continue
            a, b = c, d
        while root[a] != a:
            root[a] = a = root[root[a]]
        while root[b] != b:
            root[b] = b = root[root[b]]
        if a == b:
            return True
        root[a] = b
    return False


@dataclass
class CellVars:
    """The SAT variable of every cell (true: `\\`), and the points' graph made from it once."""

    back: list[list[int]]
    graph: list[Edge] | None = None  # (point number, point number, literal): the diagonals as edges

    def literal(self, cell: Cell, diagonal: str) -> int:
        v = self.back[cell[0]][cell[1]]
        return v if diagonal == BACK else -v

    def around(self, params: SlantParams, point: Point) -> list[int]:
        """The literals "this diagonal touches `point`", one per cell round it."""
        return [self.literal(cell, d) for cell, d in touching(params, point)]


class Slant(CluePuzzle[SlantParams, Point, Grid]):
    name = "slant"
    # cacheable: a clue's clauses are over cell variables only
    # native counts: `exactly` is the complete CNF of the count
    speed = Speed(rules_cacheable=True, counts_natively=True)
    aliases = ("gokigen", "gokigen-naname", "gokigennaname")
    title = "Slant (Gokigen Naname): a diagonal in every cell, no loops"
    rules_text = ("Draw a diagonal, \\ or /, in every cell: a number at a grid point says how many diagonals "
                  "touch it, and the diagonals form no loop.")
    tatham_game = "slant"
    codecs = (GridText(limit=EARLY_POINTS), PuzzLinkCodec(genres=("gokigen",)), TathamCodec(), JsonCodec(),
              Pzprv3Codec(genres=("gokigen",)))
    size = SIZE
    example = ".1.0\n13..\n..2.\n...0"
    cell_names = {BACK: "\\", FORWARD: "/"}

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None = None) -> Instance:
        """The board from its points' rows (one more each way than its cells)."""
        return grid_instance(self.name, rows, lambda w, h: SlantParams(w - 1, h - 1), self._number, line)

    @staticmethod
    def _number(t: Token, params: SlantParams) -> int | None:
        if t.text not in DIGITS and t.text not in BLANKS:
            raise PuzzleError(f"bad point {quote(t.text)} (a number 0 to 4, or . for none)", t.line, t.column)
        return DIGITS.get(t.text)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of the grid's points: digits 0 to 4 and dots (a dot: no number); a board of W
        x H cells has H + 1 rows of W + 1 points."""
        return self._instance(rows, rows[0].line)

    def cells(self, inst: Instance, solution: Grid | None = None) -> list[str]:
        """The points, or with a solution Tatham's own text of the solved board."""
        if solution is None:
            return self.rows(inst)
        return self.picture(inst, solution)

    def rows(self, inst: Instance, blank: str = ".") -> list[str]:
        return ["".join(blank if n is None else str(n) for n in row) for row in self.numbers(inst)]

    def numbers(self, inst: Instance) -> list[list[int | None]]:
        p = inst.params
        return [[inst.clues.get((r, c)) for c in range(p.width + 1)] for r in range(p.height + 1)]

    def picture(self, inst: Instance, solution: Grid) -> list[str]:
        """As slant.c's game_text_format writes a board: `+` a point without a number, `-`
        between points, `|` between cells and each cell's diagonal (blank: none yet)."""
        lines = []
        for r, row in enumerate(self.rows(inst, "+")):
            lines.append("-".join(row))
            if r < inst.params.height:
                lines.append("|" + "".join((solution[r][c] if solution[r][c] in DIAGONALS else " ") + "|"
                                           for c in range(inst.params.width)))
        return lines

    def from_json(self, text: str) -> Instance:
        """`{"width": W, "height": H, "points": [...]}`: the points' rows as in the text form
        (strings of digits and dots, or lists of numbers and nulls); the size may be left out."""
        doc = JsonObject(text, self.name, ("width", "height", "points"), self.aliases)
        doc.size(EARLY)
        rows = doc.rows("points", EARLY_POINTS)
        doc.agrees("width", len(rows[0]) - 1, "the points make it")
        doc.agrees("height", len(rows) - 1, "the points make it")
        line = doc.where("points")[0]
        tokens = [[Token("." if v is None else str(v), line, None) for v in row] for row in rows]
        return self._instance(tokens, line)

    def json_fields(self, inst: Instance) -> dict:
        return {"width": inst.params.width, "height": inst.params.height, "points": self.rows(inst)}

    def solution_json(self, inst: Instance, solution: Grid) -> list[str]:
        return ["".join(row) for row in solution]

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH:description` (slant.c: decode_params, validate_desc, new_game): the (W+1) x
        (H+1) points row by row, a digit 0..4 a point's number, a letter a..z a run of 1..26
        points without one. His parameters may add the difficulty (`de`, `dh`)."""
        width, height = tatham_grid_size(self, game, r"(?:d[eh]?)?", "8x8de", EARLY)
        with at_place(game.line, game.column):
            params = SlantParams(width, height)
        if min(width, height) < TATHAM_LEAST:
            raise PuzzleError(f"Tatham's Slant is at least {TATHAM_LEAST}x{TATHAM_LEAST}", game.line, game.column)
        points = tatham_cells(game, (width + 1) * (height + 1), DIGITS, None)
        return Instance(self.name, params, {divmod(i, width + 1): n for i, n in enumerate(points) if n is not None})

    def tatham_id(self, inst: Instance) -> str:
        """As new_game_desc writes it (the parameters without the difficulty)."""
        p = inst.params
        if min(p.width, p.height) < TATHAM_LEAST:
            raise PuzzleError(f"Tatham's Slant is at least {TATHAM_LEAST}x{TATHAM_LEAST}")
        return f"{p.width}x{p.height}:" + tatham_encode((None if n is None else str(n)
                                                         for row in self.numbers(inst) for n in row), None)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """`four_cell` over the points (pzprjs decode4Cross: the same letters as Light Up's
        walls, a point at a time). A flag (`d`, pzprjs's old encoding) is refused, and so is
        `.`, a point with a number not shown: none of ours."""
        refuse_flags(link, "pzprjs's old encoding of points" if link.flags == "d" else "")
        SIZE.check(self.name, link.cols, link.rows, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        flat = cursor.read_four_cell((link.cols + 1) * (link.rows + 1))
        cursor.end()
        if UNKNOWN in flat:
            raise PuzzleError("a puzz.link point without a number ('.'): Slant's numbers are all given",
                              1, link.column + link.body.find("."))
        return Instance(self.name, SlantParams(link.cols, link.rows),
                        {divmod(i, link.cols + 1): v for i, v in enumerate(flat) if v is not None})

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        return PuzzLink("gokigen", p.width, p.height, write_four_cell([n for row in self.numbers(inst) for n in row]))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """The points' numbers (`-`, a number not shown, is refused), then the diagonals drawn:
        `1` a `\\`, `2` a `/`, anything else none yet (`.` in the solution)."""
        rows = pzl.located(pzl.rows + 1, pzl.cols + 1, ".")
        for t in (t for row in rows for t in row if t.text == "-"):
            raise bad_item(t, "is a point without a number: Slant's numbers are all given")
        inst = self._instance(rows, 3)
        drawn = pzl.cells(".")
        return inst, tuple(tuple(PZPRV3_DIAGONALS.get(item, EMPTY) for item in row) for row in drawn)

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        """As pzprjs saves it: the points' numbers, then each cell's diagonal (`.` none)."""
        p = inst.params
        code = {d: item for item, d in PZPRV3_DIAGONALS.items()}
        return (Pzprv3Writer("gokigen", p.height, p.width)
                .items([[n if n is not None else "." for n in row] for row in self.numbers(inst)])
                .grid(lambda r, c: code.get(solution[r][c], ".") if solution else "."))

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: the points, their numbers and '·' where there is none."""
        return box_grid(self.rows(inst, "\u00b7"), inner=NONE, pad=0)

    def canonical(self, inst: Instance) -> str:
        return least_text(self.rows(inst))

    def describe_clue(self, key: Point, value: int) -> str:
        return f"{point_name(key)}={value}"

    def clue_json(self, key: Point, value: int) -> dict:
        return {"point_row": key[0] + 1, "point_col": key[1] + 1, "number": value}

    # ---- for language models --------------------------------------------------------
    board_legend = ("the grid's points, not its cells: one row of points per line, one character a point; a board "
                    "of W x H cells has H + 1 rows of W + 1 points, the corners of the cells. A digit 0 to 4 is how "
                    "many diagonals touch that point, `.` a point without a number")
    answer_format = ("the diagonals: one row of cells per line (H rows of W), cells separated by single spaces, "
                     "`\\` a diagonal from the cell's top-left to its bottom-right corner and `/` one from its "
                     "top-right to its bottom-left")
    answer_cells = ({BACK: BACK, FORWARD: FORWARD}, "diagonal")

    def corrupt_solution(self, inst: Instance, solution: Grid) -> Grid:
        """The first cell's diagonal turned the other way."""
        first = FORWARD if solution[0][0] == BACK else BACK
        return ((first, *solution[0][1:]), *solution[1:])

    # ---- pictures -------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As printed: the cells' grid faint, the numbers in circles at the points; in the
        solution each cell's diagonal as a thick line."""
        from matplotlib.transforms import Bbox

        from ..lab.toolkit.draw import Board as Picture

        p = inst.params
        picture = Picture(ax, p.width, p.height)
        picture.include(Bbox.from_extents(-0.35, -0.35, p.width + 0.35, p.height + 0.35))  # the rim's circles
        picture.grid()
        if solution is not None:
            for r, row in enumerate(solution):
                for c, d in enumerate(row):
                    if d in DIAGONALS:
                        a, b = ends(r, c, d)
                        picture.line([(a[0] - 0.5, a[1] - 0.5), (b[0] - 0.5, b[1] - 0.5)], "black", 0.1)
        for (r, c), n in inst.clues.items():  # the rim's thick border stays whole across them
            picture.circle(r - 0.5, c - 0.5, 0.28, face="white", edge="black", ring=0.04)
            picture.text(r - 0.5, c - 0.5, str(n), size=0.4)

    # ---- SAT --------------------------------------------------------------------------
    def rules(self, params: SlantParams, pool: IDPool) -> Rules:
        first = variable_block(pool, params.width * params.height)
        back = [[first + r * params.width + c for c in range(params.width)] for r in range(params.height)]
        cells = CellVars(back)
        clauses = [[cells.literal(cell, d) for cell, d in enclosure(params, group)] for group in smallest_loops(params)]
        return Rules(clauses, [v for row in back for v in row], cells)

    def clue_clauses(self, params: SlantParams, rules: Rules, key: Point, value: int) -> list[Clause]:
        return exactly(self._around(params, rules, key, value), value)

    def clue_counts(self, params: SlantParams, rules: Rules, key: Point, value: int) -> list[Exactly]:
        return [Exactly(tuple(self._around(params, rules, key, value)), value)]

    @staticmethod
    def _around(params: SlantParams, rules: Rules, key: Point, value: int) -> list[int]:
        if not params.on_grid(key):
            raise PuzzleError(f"clue {key} is off the points of the {params.width}x{params.height} board")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 4:
            raise PuzzleError(f"bad number {quote(value)} at {point_name(key)} (0 to 4)")
        around: list[int] = rules.data.around(params, key)
        return around

    def decode(self, params: SlantParams, rules: Rules, true_vars) -> Grid:
        return tuple(tuple(BACK if v in true_vars else FORWARD for v in row) for row in rules.data.back)

    def solution_literals(self, params: SlantParams, rules: Rules, solution: Grid) -> list[int]:
        return [rules.data.literal((r, c), d) for r, row in enumerate(solution) for c, d in enumerate(row)]

    def lazy_units(self, params: SlantParams, rules: Rules, holds: Callable[[int], bool]) -> list[int]:
        """A diagonal joining two points the diagonals drawn already join would close a loop:
        the cell holds the other one (Tatham's "simple loop avoidance", his Easy)."""
        edges = _graph(params, rules)
        root, _ = joined((params.width + 1) * (params.height + 1), edges, holds)
        return [-lit for i, j, lit in edges if not holds(lit) and not holds(-lit) and find(root, i) == find(root, j)]

    def dead_end(self, params: SlantParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """A probe that closes a loop fails (`cut_off`): Tatham's Hard "dead end avoidance"."""
        return cut_off(params, rules, holds)

    def cuts(self, params: SlantParams, rules: Rules, solution: Grid, true_vars) -> list[Clause]:
        """For each loop the candidate's diagonals close: not every cell of it as it is."""
        cells: CellVars = rules.data
        return [[-cells.literal(cell, solution[cell[0]][cell[1]]) for cell in loop]
                for loop in loops_of(params, solution)]

    # ---- CP-SAT -----------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """No loop, said the other way round: every point is joined to the rim (a point a loop
        encloses is not; a forest of diagonals leaves none enclosed). Each inner point's
        distance to the rim along the diagonals is one more than its nearest neighbour's
        along a diagonal drawn (a neighbour along one not drawn counts as too far), so the
        distances are the grid's own and a grid is one solution. Each number a linear sum of
        its cells' diagonals."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        back = [[model.new_bool_var(f"back{r},{c}") for c in range(p.width)] for r in range(p.height)]
        far = len(p.points())  # more than any distance
        distance = {point: model.new_int_var(0, 0 if p.on_rim(point) else far, f"d{point}") for point in p.points()}
        for point in p.points():
            if p.on_rim(point):
                continue
            ways = []
            for (r, c), d in touching(p, point):
                a, b = ends(r, c, d)
                drawn = back[r][c] if d == BACK else 1 - back[r][c]
                ways.append(distance[b if a == point else a] + 1 + far * (1 - drawn))
            model.add_min_equality(distance[point], ways)
        for point, n in inst.clues.items():
            model.add(sum(back[r][c] if d == BACK else 1 - back[r][c] for (r, c), d in touching(p, point)) == n)

        def decode(value) -> Grid:
            return tuple(tuple(BACK if value(v) else FORWARD for v in row) for row in back)

        return CpModel(model, [v for row in back for v in row], decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: SlantParams) -> Iterator[Grid]:
        """Every grid of diagonals (2^9 = 512 on a 3x3 board); `verify` sorts out the loops."""
        w, h = params.width, params.height
        if w * h > ENUMERATE_MOST:
            raise PuzzleError(f"a {w}x{h} board is too large to enumerate")
        return (tuple(cells[r * w:(r + 1) * w] for r in range(h)) for cells in product(DIAGONALS, repeat=w * h))

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.height} rows of {p.width} cells"]
        problems = []
        for r, row in enumerate(solution):
            for c, d in enumerate(row):
                if d == EMPTY:
                    problems.append(f"r{r + 1}c{c + 1} holds no diagonal")
                elif d not in DIAGONALS:
                    problems.append(f"r{r + 1}c{c + 1}: {quote(d)} is no diagonal (\\ or /)")
        for loop in loops_of(p, solution):
            cells = ", ".join(f"r{r + 1}c{c + 1}" for r, c in sorted(loop))
            problems.append(f"the diagonals form a loop through {cells}")
        for point, n in sorted(inst.clues.items()):
            got = touches(solution, p, point)
            if got != n:
                problems.append(f"{point_name(point)} says {n}, {got} diagonals touch it")
        return problems


def cut_off(params: SlantParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
    """Do the diagonals a partial assignment draws close a loop? Sound and monotone. In the
    grade's probing it is Tatham's Hard "dead end avoidance" too: a group of points off the
    rim that no open cell can touch any more has a loop of decided cells round it. (60
    generated 8x8 and 10x10: 30 at level 3 without it, 5 with it; his boards grade as they
    do.)"""
    return bool(joined((params.width + 1) * (params.height + 1), _graph(params, rules), holds)[1])


def _graph(params: SlantParams, rules: Rules) -> list[Edge]:
    """Both diagonals of every cell as edges between point numbers with their literals, made
    once per rules."""
    data: CellVars = rules.data
    if data.graph is None:
        data.graph = [edge for (a, b, c, d), v in zip(_corners(params), (v for row in data.back for v in row))
                      for edge in ((a, b, v), (c, d, -v))]
    return data.graph


PUZZLE = Slant()
