"""Star Battle: text forms, rules, decoding, verification.

Rules: a grid is divided into regions (each a connected set of cells; the structure, part of
`params`, with the number k of stars). Place stars so that every row, every column and every
region holds exactly k of them, and no two stars touch, not even diagonally. The regions are
the puzzle: a usual board has no other clue. Some collections print a few stars as givens,
so a clue is a cell given with a star (or given empty): one literal, "this cell holds a star".

One variable per cell (true = star), all primary. Each row, column and region is an exact
count (`Rules.exactly`: native on Minicard, counters elsewhere, a full line one wide step
for the grade), and each 2x2 window holds at most one star (that is every touching pair).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, product
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
    quote,
    variable_block,
)
from ..lab.toolkit.answers import read_grid
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.puzzlink import Cursor, PuzzLink, refuse_flags, size_column, write_borders
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, shaded, shading_items
from ..lab.toolkit.regions import (
    GIVEN_LINE,
    Places,
    cell_name,
    given_lines,
    json_givens,
    json_region_fields,
    json_region_names,
    read_givens,
    region_board,
    region_rows,
    region_text_rows,
    renumbered,
    rooms_from_walls,
)
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.textgrid import (
    JsonObject,
    numbered_lines,
)

Cell = tuple[int, int]
Grid = tuple[tuple[bool, ...], ...]  # True = star
# Size limit: a 10x10 board of a collection checks in milliseconds; 40x40 (10 stars a line)
# is far past any printed board and still answers in about a second.
SIZE = BoardLimit(40, 40, 1, 1)
EARLY = SIZE.early("starbattle")  # the readers' size check, on the rows of regions alone
PUZZLINK_GENRES = ("starbattle",)
STARS_LINE = re.compile(r"^\s*stars\s+(\S+)\s*$", re.I)
ENUMERATE_MOST = 10 ** 6  # `candidates` enumerates at most this many boards
ANSWER_CELLS = {**dict.fromkeys(("*", "S", "★", "☆", "X", "1"), True),
                **dict.fromkeys((".", "_", "-", "·", "0"), False)}


@dataclass(frozen=True)
class StarBattleParams:
    """A width x height board, its regions (a region number per cell, numbered in order of
    first appearance row by row, each region connected) and k, the stars each row, column
    and region holds. Build one with `star_board`, which numbers and checks."""

    width: int
    height: int
    stars: int
    regions: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        SIZE.check("starbattle", self.width, self.height)
        if isinstance(self.stars, bool) or not isinstance(self.stars, int) or self.stars < 1:
            raise PuzzleError(f"stars per line {quote(self.stars)}: a whole number from 1")
        if len(self.regions) != self.height or any(len(row) != self.width for row in self.regions):
            raise PuzzleError(f"starbattle regions are not {self.height} rows of {self.width}")

    @cached_property
    def count(self) -> int:
        return 1 + max(k for row in self.regions for k in row)

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.height) for c in range(self.width)]

    def region_cells(self) -> list[list[Cell]]:
        out: list[list[Cell]] = [[] for _ in range(self.count)]
        for r, row in enumerate(self.regions):
            for c, k in enumerate(row):
                out[k].append((r, c))
        return out


def star_board(rows: Sequence[Sequence[Any]], stars: int, where: Places | None = None) -> StarBattleParams:
    """Params from rows of region names; every region must be one connected set of cells
    (`where` gives each cell's line and column for the error)."""
    return region_board(lambda width, height, regions: StarBattleParams(width, height, stars, regions),
                        SIZE, "starbattle", rows, where)


def lines_of(p: StarBattleParams) -> list[tuple[str, list[Cell]]]:
    """Every group that holds k stars, named: the rows, the columns, the regions."""
    return ([(f"row {r + 1}", [(r, c) for c in range(p.width)]) for r in range(p.height)]
            + [(f"column {c + 1}", [(r, c) for r in range(p.height)]) for c in range(p.width)]
            + [(f"region {k + 1}", cells) for k, cells in enumerate(p.region_cells())])


def windows(p: StarBattleParams) -> list[list[Cell]]:
    """The 2x2 windows (cut at the board's edge on a board one cell wide or high): at most
    one star in each is exactly "no two stars touch"."""
    return [[(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1) if r + dr < p.height and c + dc < p.width]
            for r in range(max(1, p.height - 1)) for c in range(max(1, p.width - 1))]


def check_cell(params: StarBattleParams, key: Any, value: Any) -> Cell:
    if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(i, int) and not isinstance(i, bool)
                                                             for i in key)
            and 0 <= key[0] < params.height and 0 <= key[1] < params.width):
        raise PuzzleError(f"clue {quote(key)} is not a cell of the {params.width}x{params.height} board")
    if not isinstance(value, bool):
        raise PuzzleError(f"clue {quote(value)} at {quote(key)}: a given is a star (true) or no star (false)")
    return key


class StarBattle(CluePuzzle[StarBattleParams, Cell, Grid]):
    name = "starbattle"
    aliases = ("star-battle",)
    title = "Star Battle"
    rules_text = ("Place stars so that every row, column and region holds the same number of them (k, given), "
                  "and no two stars touch, not even diagonally.")
    codecs = (MethodCodec("text", solutions=True),
              PuzzLinkCodec(genres=PUZZLINK_GENRES),
              JsonCodec(solution_key="grid"),
              Pzprv3Codec(genres=PUZZLINK_GENRES))
    cell_names = {True: "star", False: "empty"}
    # cacheable: a clue is a cell's literal, nothing is drawn from the pool later
    speed = Speed(rules_cacheable=True)
    size = SIZE
    # One star a line in four quadrants: a 4x4 board has two placements (2413 and 3142) and
    # each puts one star in every quadrant, so the regions alone are ambiguous; the given
    # star r1c2 (or the empty r1c3) keeps the first.
    example = "stars 1\nAABB\nAABB\nCCDD\nCCDD\ngiven r1c2 -r1c3"

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """An optional line `stars K` (1 when absent), rows of region names, and an optional
        last line `given r1c2 r3c4 ...` (stars given; `-r2c2` a cell given empty). Names are
        one character each (letters, digits), or, when a row has spaces, words separated by
        spaces."""
        lines = numbered_lines(text)
        stars, stars_line = 1, None
        if lines and STARS_LINE.match(lines[0][1]):
            stars_line = lines.pop(0)
            stars = self._stars(stars_line[1], stars_line[0])
        given_line = lines.pop() if lines and GIVEN_LINE.match(lines[-1][1]) else None
        names, places = region_text_rows(lines, EARLY, stars_line[0] if stars_line else None)
        params = star_board(names, stars, places)
        clues = (read_givens(params.width, params.height, given_line, "a cell without a star",
                             "with and without a star") if given_line else {})
        return Instance(self.name, params, clues)

    @staticmethod
    def _stars(text: str, line: int | None) -> int:
        m = STARS_LINE.match(text)
        value = m.group(1) if m else text
        if not (value.isascii() and value.isdecimal()) or len(value) > 3 or int(value) < 1:
            raise PuzzleError(f"stars per line {quote(value)}: a whole number from 1", line)
        return int(value)

    def write_text(self, inst: Instance) -> str:
        p: StarBattleParams = inst.params
        rows = region_rows(p.regions, p.count)
        return "\n".join([f"stars {p.stars}", *rows] + given_lines(inst.clues))

    def rows(self, solution: Grid) -> list[str]:
        return ["".join("*" if star else "." for star in row) for row in solution]

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(self.rows(solution))

    def solution_json(self, inst: Instance, solution: Grid) -> list[str]:
        return self.rows(solution)

    def from_json(self, text: str) -> Instance:
        """`regions`: rows of region names (strings of one-character names, or lists of
        names or numbers); `stars` (1): stars a line; `given`: [row, column, star] triples,
        from 1; `width` and `height`, when given, the grid's."""
        doc = JsonObject(text, self.name, ("width", "height", "stars", "regions", "given"), self.aliases)
        stars = doc.integer("stars", 1, low=1, high=999)
        params = star_board(json_region_names(doc, EARLY), stars)
        clues = json_givens(doc, params.width, params.height, "star")
        return Instance(self.name, params, clues)

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: StarBattleParams = inst.params
        return json_region_fields(p.width, p.height, p.regions, inst.clues, stars=p.stars)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """pzprjs's starbattle.js: the body is `K/` (stars a line) and then the regions as
        `borders` (walls between cells; the rooms are the cells they join)."""
        refuse_flags(link)
        width, height = link.cols, link.rows
        SIZE.check(self.name, width, height, line=1, column=size_column(link))
        head, _, body = link.body.partition("/")  # no '/': no walls, one room (as pzprjs reads it)
        stars = self._stars(head, 1)
        cursor = Cursor(body, link.column + len(head) + 1)
        right, below = cursor.read_borders(width, height)
        cursor.end()
        return Instance(self.name, star_board(rooms_from_walls(right, below), stars), {})

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p: StarBattleParams = inst.params
        if inst.clues:
            raise PuzzleError("a puzz.link starbattle address holds no given stars: use text or json")
        k = p.regions
        right = [[k[r][c] != k[r][c + 1] for c in range(p.width - 1)] for r in range(p.height)]
        below = [[k[r][c] != k[r + 1][c] for c in range(p.width)] for r in range(p.height - 1)]
        return PuzzLink(PUZZLINK_GENRES[0], p.width, p.height, f"{p.stars}/" + write_borders(right, below))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """The stars a line, the regions (their count, then a region number per cell), then
        the stars placed (`#`; `+` the player's dot)."""
        stars = self._stars(pzl.line(), pzl.first_line + pzl.at - 1)
        start = pzl.first_line + pzl.at
        rooms = pzl.rooms()
        params = star_board(rooms, stars, [[(start + 1 + r, None)] * pzl.cols for r in range(pzl.rows)])
        return Instance(self.name, params, {}), shaded(pzl.cells())

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        p: StarBattleParams = inst.params
        if inst.clues:
            raise PuzzleError("pzprjs's starbattle file holds no given stars: use text or json")
        return (Pzprv3Writer(PUZZLINK_GENRES[0], p.height, p.width).line(p.stars).rooms(p.regions)
                .items(shading_items(solution, p.height, p.width)))

    # ---- for language models ------------------------------------------------------------
    board_legend = ("a first line `stars K`: each row, column and region holds K stars; then one row per line, one "
                    "character a cell naming its region (cells with the same character form one region; words "
                    "separated by spaces on boards of many regions); an optional last line `given` lists cells "
                    "given a star, like r1c2 (row 1, column 2), and cells given empty as -r1c2")
    answer_format = ("the board with the stars placed: one row per line, one character per cell with no spaces: "
                     "`*` a star, `.` an empty cell")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(self.rows(solution))

    def read_answer(self, inst: Instance, text: str) -> Grid:
        p = inst.params
        return tuple(map(tuple, read_grid(text, p.height, p.width, ANSWER_CELLS, "cell")))

    def answer_credit(self, inst: Instance, answer: Grid, reference: Grid) -> float:
        """The share of the stars placed right, less those placed wrong (most cells are empty)."""
        want = {cell for cell in inst.params.cells() if reference[cell[0]][cell[1]]}
        got = {cell for cell in inst.params.cells() if answer[cell[0]][cell[1]]}
        return max(0.0, (len(want & got) - len(got - want)) / len(want)) if want else 0.0

    def canonical(self, inst: Instance) -> str:
        """The least text form of the board's rotations and reflections: regions renumbered
        in order of first appearance, givens moved with their cells."""
        p: StarBattleParams = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            params = StarBattleParams(w, h, p.stars, renumbered(sym.grid(p.regions)))
            clues = {sym.cell(*cell): star for cell, star in inst.clues.items()}
            forms.append(self.write_text(Instance(self.name, params, clues)))
        return min(forms)

    def describe_clue(self, key: Cell, value: bool) -> str:
        return f"{cell_name(key)}={'star' if value else 'empty'}"

    def clue_json(self, key: Cell, value: bool) -> dict:
        return {"row": key[0] + 1, "col": key[1] + 1, "star": value}

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        """The regions in box drawing, heavy lines between them; a given star '★', a cell
        given empty '×'."""
        from ..lab.face.share import NONE, box_grid

        p: StarBattleParams = inst.params
        cells = [["★" if inst.clues.get((r, c)) else "×" if (r, c) in inst.clues else "·" for c in range(p.width)]
                 for r in range(p.height)]
        return f"{p.stars} ★ a row, column and region\n" + box_grid(cells, p.regions, inner=NONE)

    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As the puzzle is printed: thin grid lines, heavy borders between regions, the
        stars a line above the board (as puzz.link shows them); given stars black, solved
        ones grey, cells given empty with a dot."""
        from ..lab.toolkit.draw import Board

        p: StarBattleParams = inst.params
        board = Board(ax, p.width, p.height)
        for r, c in p.cells():
            given = inst.clues.get((r, c))
            if given:
                self._star(ax, board, r, c, "black")
            elif given is False:
                board.symbol(r, c, "dot", 0.16)
            elif solution is not None and solution[r][c]:
                self._star(ax, board, r, c, "0.35")
        board.grid(p.regions)
        board.caption(f"{p.stars} star{'s' * (p.stars > 1)} in every row, column and region", side="top")

    @staticmethod
    def _star(ax, board, r: int, c: int, colour: str) -> None:
        import math

        from matplotlib.patches import Polygon

        x, y = board.centre(r, c)
        points = [(x + (0.38 if i % 2 == 0 else 0.16) * math.sin(math.pi * i / 5),
                   y + (0.38 if i % 2 == 0 else 0.16) * math.cos(math.pi * i / 5)) for i in range(10)]
        ax.add_artist(Polygon(points, closed=True, facecolor=colour, edgecolor="none", zorder=3))

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: StarBattleParams, pool: IDPool) -> Rules:
        """x[r][c]: a star. Exactly k in each row, column and region (native counts, so that
        the grade reads a full line as one step); at most one in each 2x2 window."""
        first = variable_block(pool, params.width * params.height)
        star = [[first + r * params.width + c for c in range(params.width)] for r in range(params.height)]
        counts = [Exactly(tuple(star[r][c] for r, c in cells), params.stars) for _, cells in lines_of(params)]
        at_most_one = [[star[r][c] for r, c in window] for window in windows(params) if len(window) > 1]
        return Rules([], [v for row in star for v in row], star, at_most_one, exactly=counts)

    def clue_clauses(self, params: StarBattleParams, rules: Rules, key: Cell, value: bool) -> list[Clause]:
        r, c = check_cell(params, key, value)
        var = rules.data[r][c]
        return [[var if value else -var]]

    def decode(self, params: StarBattleParams, rules: Rules, true_vars) -> Grid:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data)

    def solution_literals(self, params: StarBattleParams, rules: Rules, solution: Grid) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data, solution) for v, s in zip(vrow, srow)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Linear sums: k stars in each row, column and region; a star's eight neighbours
        hold none (written per touching pair, not per window)."""
        from ortools.sat.python import cp_model

        p: StarBattleParams = inst.params
        model = cp_model.CpModel()
        star = [[model.new_bool_var(f"s{r}_{c}") for c in range(p.width)] for r in range(p.height)]
        for _, cells in lines_of(p):
            model.add(sum(star[r][c] for r, c in cells) == p.stars)
        for r, c in p.cells():
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < p.height and 0 <= cc < p.width:
                    model.add_bool_or([star[r][c].Not(), star[rr][cc].Not()])
        for (r, c), v in inst.clues.items():
            model.add(star[r][c] == int(v))
        variables = [v for row in star for v in row]
        return CpModel(model, variables, lambda value: tuple(tuple(bool(value(v)) for v in row) for row in star))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: StarBattleParams) -> Iterable[Grid]:
        """Every stack of rows with k stars each (C(4, 1)^4 = 256 on a 4x4 board of one star)."""
        rows = [tuple(c in chosen for c in range(params.width))
                for chosen in combinations(range(params.width), params.stars)]
        if len(rows) ** params.height > ENUMERATE_MOST:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        return product(rows, repeat=params.height)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        """Each given kept, k stars in every row, column and region, no two stars touching."""
        p: StarBattleParams = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = [f"{cell_name(cell)} is {'a star' if solution[cell[0]][cell[1]] else 'empty'}, "
                    f"the given says {'a star' if v else 'empty'}"
                    for cell, v in sorted(inst.clues.items()) if bool(solution[cell[0]][cell[1]]) != v]
        for name, cells in lines_of(p):
            n = sum(bool(solution[r][c]) for r, c in cells)
            if n != p.stars:
                problems.append(f"{name} holds {n} stars, not {p.stars}")
        for r, c in p.cells():
            if solution[r][c]:
                for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < p.height and 0 <= cc < p.width and solution[rr][cc]:
                        problems.append(f"stars {cell_name((r, c))} and {cell_name((rr, cc))} touch")
        return problems


PUZZLE = StarBattle()
