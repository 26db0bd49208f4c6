"""Norinori: text forms, rules, decoding, verification.

Rules: a grid is divided into regions (each a connected set of cells; the structure, part of
`params`). Shade exactly two cells in each region so that every shaded cell is orthogonally
beside exactly one other shaded cell: the shaded cells form dominoes, which may span two
regions, and no two dominoes touch side by side. The regions are the puzzle: a usual board
has no other clue. A clue is a cell given shaded (or given empty): one literal, "this cell is
shaded", so a collection that prints a few shaded cells reads as it is printed.

One variable per cell (true = shaded), all primary. Each region is an exact count of two
(`Rules.exactly`: native on Minicard, counters elsewhere); a shaded cell has a shaded
neighbour (one clause) and not two (a clause per pair of its neighbours).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, product
from math import comb, prod
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
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, shaded, shading_items, wall_items
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
Grid = tuple[tuple[bool, ...], ...]  # True = shaded
# Size limit: a 10x10 board of a collection checks in milliseconds; 40x40 is past any printed board.
SIZE = BoardLimit(40, 40, 1, 1)
EARLY = SIZE.early("norinori")  # the readers' size check, on the rows of regions alone
PUZZLINK_GENRES = ("norinori",)
SHADED_PER_REGION = 2
ENUMERATE_MOST = 10 ** 6  # `candidates` enumerates at most this many boards
ANSWER_CELLS = {**dict.fromkeys(("#", "X", "B", "*", "■", "█", "1"), True),
                **dict.fromkeys((".", "_", "-", "·", "O", "W", "□", "0"), False)}


@dataclass(frozen=True)
class NorinoriParams:
    """A width x height board and its regions (a region number per cell, numbered in order
    of first appearance row by row, each region connected). Build one with `norinori_board`,
    which numbers and checks."""

    width: int
    height: int
    regions: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        SIZE.check("norinori", self.width, self.height)
        if len(self.regions) != self.height or any(len(row) != self.width for row in self.regions):
            raise PuzzleError(f"norinori regions are not {self.height} rows of {self.width}")

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

    def neighbours(self, r: int, c: int) -> list[Cell]:
        return [(rr, cc) for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                if 0 <= rr < self.height and 0 <= cc < self.width]


def norinori_board(rows: Sequence[Sequence[Any]], where: Places | None = None) -> NorinoriParams:
    """Params from rows of region names; every region must be one connected set of cells
    (`where` gives each cell's line and column for the error)."""
    return region_board(NorinoriParams, SIZE, "norinori", rows, where)


def check_cell(params: NorinoriParams, key: Any, value: Any) -> Cell:
    if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(i, int) and not isinstance(i, bool)
                                                             for i in key)
            and 0 <= key[0] < params.height and 0 <= key[1] < params.width):
        raise PuzzleError(f"clue {quote(key)} is not a cell of the {params.width}x{params.height} board")
    if not isinstance(value, bool):
        raise PuzzleError(f"clue {quote(value)} at {quote(key)}: a given is shaded (true) or empty (false)")
    return key


class Norinori(CluePuzzle[NorinoriParams, Cell, Grid]):
    name = "norinori"
    aliases = ("nori-nori",)
    title = "Norinori"
    rules_text = ("Shade exactly two cells in every region so that each shaded cell is beside exactly one other "
                  "shaded cell (the shaded cells form dominoes, which may cross region borders).")
    codecs = (MethodCodec("text", solutions=True),
              PuzzLinkCodec(genres=PUZZLINK_GENRES),
              JsonCodec(solution_key="grid"),
              Pzprv3Codec(genres=PUZZLINK_GENRES))
    cell_names = {True: "shaded", False: "empty"}
    # cacheable: a clue is a cell's literal, nothing is drawn from the pool later
    speed = Speed(rules_cacheable=True)
    size = SIZE
    # Four quadrants: the regions alone have 15 solutions; the given shaded cells r1c2 and
    # r2c1 keep the pinwheel, whose four dominoes each cross a border.
    example = "AABB\nAABB\nCCDD\nCCDD\ngiven r1c2 r2c1"

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """Rows of region names and an optional last line `given r1c2 r3c4 ...` (cells given
        shaded; `-r2c2` a cell given empty). Names are one character each (letters, digits),
        or, when a row has spaces, words separated by spaces."""
        lines = numbered_lines(text)
        given_line = lines.pop() if lines and GIVEN_LINE.match(lines[-1][1]) else None
        names, places = region_text_rows(lines, EARLY, given_line[0] if given_line else None)
        params = norinori_board(names, places)
        clues = (read_givens(params.width, params.height, given_line, "a cell given empty",
                             "shaded and empty") if given_line else {})
        return Instance(self.name, params, clues)

    def write_text(self, inst: Instance) -> str:
        p: NorinoriParams = inst.params
        rows = region_rows(p.regions, p.count)
        return "\n".join(rows + given_lines(inst.clues))

    def rows(self, solution: Grid) -> list[str]:
        return ["".join("#" if shaded else "." for shaded in row) for row in solution]

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(self.rows(solution))

    def solution_json(self, inst: Instance, solution: Grid) -> list[str]:
        return self.rows(solution)

    def from_json(self, text: str) -> Instance:
        """`regions`: rows of region names (strings of one-character names, or lists of
        names or numbers); `given`: [row, column, shaded] triples, from 1; `width` and
        `height`, when given, the grid's."""
        doc = JsonObject(text, self.name, ("width", "height", "regions", "given"), self.aliases)
        params = norinori_board(json_region_names(doc, EARLY))
        clues = json_givens(doc, params.width, params.height, "shaded")
        return Instance(self.name, params, clues)

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: NorinoriParams = inst.params
        return json_region_fields(p.width, p.height, p.regions, inst.clues)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """pzprjs's lits.js (Norinori shares LITS's encoding): the body is the regions as
        `borders` (walls between cells; the rooms are the cells they join)."""
        refuse_flags(link)
        width, height = link.cols, link.rows
        SIZE.check(self.name, width, height, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        right, below = cursor.read_borders(width, height)
        cursor.end()
        rooms = rooms_from_walls(right, below)
        return Instance(self.name, norinori_board(rooms), {})

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p: NorinoriParams = inst.params
        if inst.clues:
            raise PuzzleError("a puzz.link norinori address holds no given cells: use text or json")
        k = p.regions
        right = [[k[r][c] != k[r][c + 1] for c in range(p.width - 1)] for r in range(p.height)]
        below = [[k[r][c] != k[r + 1][c] for c in range(p.width)] for r in range(p.height - 1)]
        return PuzzLink(PUZZLINK_GENRES[0], p.width, p.height, write_borders(right, below))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """pzprjs's lits.js file (Norinori shares LITS's): the regions (walls, or region numbers
        in the first layout), then the shading (`#`; `+` the player's dot); the lines the player
        may have drawn after, unread."""
        return Instance(self.name, norinori_board(pzl.room_walls()), {}), shaded(pzl.cells())

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        """As pzprjs saves it: the layout of walls (`pzprv3.1`)."""
        p: NorinoriParams = inst.params
        if inst.clues:
            raise PuzzleError("pzprjs's norinori file holds no given cells: use text or json")
        return (Pzprv3Writer(PUZZLINK_GENRES[0], p.height, p.width, version=1).borders(*wall_items(p.regions))
                .items(shading_items(solution, p.height, p.width)))

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, one character a cell naming its region (cells with the same character form "
                    "one region; words separated by spaces on boards of many regions); an optional last line "
                    "`given` lists cells given shaded, like r1c2 (row 1, column 2), and cells given empty as -r1c2")
    answer_format = ("the board with the cells shaded: one row per line, one character per cell with no spaces: "
                     "`#` a shaded cell, `.` an empty cell")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(self.rows(solution))

    def read_answer(self, inst: Instance, text: str) -> Grid:
        p = inst.params
        return tuple(map(tuple, read_grid(text, p.height, p.width, ANSWER_CELLS, "cell")))

    def answer_credit(self, inst: Instance, answer: Grid, reference: Grid) -> float:
        """The share of the shaded cells placed right, less those placed wrong (most cells are empty)."""
        want = {cell for cell in inst.params.cells() if reference[cell[0]][cell[1]]}
        got = {cell for cell in inst.params.cells() if answer[cell[0]][cell[1]]}
        return max(0.0, (len(want & got) - len(got - want)) / len(want)) if want else 0.0

    def canonical(self, inst: Instance) -> str:
        """The least text form of the board's rotations and reflections: regions renumbered
        in order of first appearance, givens moved with their cells."""
        p: NorinoriParams = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            params = NorinoriParams(w, h, renumbered(sym.grid(p.regions)))
            clues = {sym.cell(*cell): shaded for cell, shaded in inst.clues.items()}
            forms.append(self.write_text(Instance(self.name, params, clues)))
        return min(forms)

    def describe_clue(self, key: Cell, value: bool) -> str:
        return f"{cell_name(key)}={'shaded' if value else 'empty'}"

    def clue_json(self, key: Cell, value: bool) -> dict:
        return {"row": key[0] + 1, "col": key[1] + 1, "shaded": value}

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        """The regions in box drawing, heavy lines between them; a cell given shaded '■', a
        cell given empty '×'."""
        from ..lab.face.share import NONE, box_grid

        p: NorinoriParams = inst.params
        cells = [["■" if inst.clues.get((r, c)) else "×" if (r, c) in inst.clues else "·" for c in range(p.width)]
                 for r in range(p.height)]
        return "two shaded cells a region, in dominoes\n" + box_grid(cells, p.regions, inner=NONE)

    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As the puzzle is printed: thin grid lines, heavy borders between regions; cells
        given shaded black, solved ones grey, cells given empty with a dot."""
        from ..lab.toolkit.draw import Board

        p: NorinoriParams = inst.params
        board = Board(ax, p.width, p.height)
        for r, c in p.cells():
            given = inst.clues.get((r, c))
            if given:
                board.shade(r, c, "black")
            elif given is False:
                board.symbol(r, c, "dot", 0.16)
            elif solution is not None and solution[r][c]:
                board.shade(r, c, "0.45")
        board.grid(p.regions)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: NorinoriParams, pool: IDPool) -> Rules:
        """x[r][c]: shaded. Exactly two in each region (native counts); a shaded cell has a
        shaded neighbour, and no two of its neighbours are shaded with it."""
        first = variable_block(pool, params.width * params.height)
        shade = [[first + r * params.width + c for c in range(params.width)] for r in range(params.height)]
        clauses: list[Clause] = []
        counts = []
        for cells in params.region_cells():
            lits = tuple(shade[r][c] for r, c in cells)
            if len(lits) < SHADED_PER_REGION:  # a count no cells can meet: nothing solves the board
                clauses += [[lits[0]], [-lits[0]]]
            else:
                counts.append(Exactly(lits, SHADED_PER_REGION))
        for r, c in params.cells():
            x = shade[r][c]
            around = [shade[rr][cc] for rr, cc in params.neighbours(r, c)]
            clauses.append([-x, *around])
            clauses.extend([-x, -a, -b] for a, b in combinations(around, 2))
        return Rules(clauses, [v for row in shade for v in row], shade, exactly=counts)

    def clue_clauses(self, params: NorinoriParams, rules: Rules, key: Cell, value: bool) -> list[Clause]:
        r, c = check_cell(params, key, value)
        var = rules.data[r][c]
        return [[var if value else -var]]

    def decode(self, params: NorinoriParams, rules: Rules, true_vars) -> Grid:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data)

    def solution_literals(self, params: NorinoriParams, rules: Rules, solution: Grid) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data, solution) for v, s in zip(vrow, srow)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Linear sums: two shaded cells in each region; a shaded cell's neighbours sum to one."""
        from ortools.sat.python import cp_model

        p: NorinoriParams = inst.params
        model = cp_model.CpModel()
        shade = [[model.new_bool_var(f"x{r}_{c}") for c in range(p.width)] for r in range(p.height)]
        for cells in p.region_cells():
            model.add(sum(shade[r][c] for r, c in cells) == SHADED_PER_REGION)
        for r, c in p.cells():
            model.add(sum(shade[rr][cc] for rr, cc in p.neighbours(r, c)) == 1).only_enforce_if(shade[r][c])
        for (r, c), v in inst.clues.items():
            model.add(shade[r][c] == int(v))
        variables = [v for row in shade for v in row]
        return CpModel(model, variables, lambda value: tuple(tuple(bool(value(v)) for v in row) for row in shade))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: NorinoriParams) -> Iterable[Grid]:
        """Every choice of two cells in each region (6^4 = 1296 on a 4x4 board of four
        regions of four)."""
        regions = params.region_cells()
        if prod(comb(len(cells), SHADED_PER_REGION) for cells in regions) > ENUMERATE_MOST:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        for chosen in product(*(combinations(cells, SHADED_PER_REGION) for cells in regions)):
            shaded = {cell for pair in chosen for cell in pair}
            yield tuple(tuple((r, c) in shaded for c in range(params.width)) for r in range(params.height))

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        """Each given kept, two shaded cells in every region, every shaded cell beside exactly
        one other."""
        p: NorinoriParams = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = [f"{cell_name(cell)} is {'shaded' if solution[cell[0]][cell[1]] else 'empty'}, "
                    f"the given says {'shaded' if v else 'empty'}"
                    for cell, v in sorted(inst.clues.items()) if bool(solution[cell[0]][cell[1]]) != v]
        for k, cells in enumerate(p.region_cells()):
            n = sum(bool(solution[r][c]) for r, c in cells)
            if n != SHADED_PER_REGION:
                problems.append(f"region {k + 1} holds {n} shaded cells, not {SHADED_PER_REGION}")
        for r, c in p.cells():
            if solution[r][c]:
                shaded = [cell_name(cell) for cell in p.neighbours(r, c) if solution[cell[0]][cell[1]]]
                if not shaded:
                    problems.append(f"{cell_name((r, c))} is shaded with no shaded neighbour")
                elif len(shaded) > 1:
                    problems.append(f"{cell_name((r, c))} is shaded with {len(shaded)} shaded neighbours "
                                    f"({', '.join(shaded)})")
        return problems


PUZZLE = Norinori()
