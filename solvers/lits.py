"""LITS: text forms, rules, decoding, verification.

Rules: a grid is divided into regions (the structure, part of `params`). Shade exactly four
connected cells in each region (a tetromino: L, I, T or S; the square O cannot be one, as no
2x2 block may be shaded); two tetrominoes of the same shape (rotations and reflections count
as the same) may not touch across a region's border; all shaded cells are connected; no 2x2
block is shaded. The regions are the puzzle: a usual board has no other clue. As for Star
Battle, a clue is a cell given shaded (or given unshaded): one literal.

CNF: one variable per cell (true = shaded), all primary; per region one variable per
placement of a tetromino inside it (exactly one true, each shading its four cells and
leaving the region's other cells unshaded) and one per shape (the placement's shape); a
pair of neighbours in two regions, both shaded, rules out each shape in both regions; no
2x2 window all shaded. Connectivity goes in lazily through `cuts` (and `dead_end` for the
grade), with Star Battle's region forms and puzz.link borders.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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
    Instance,
    PuzzleError,
    Rules,
    Speed,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import SHADING_FORMAT, read_shading, shading_text
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.connectivity import neighbours
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
# Size limit: a 10x10 board of a collection checks in milliseconds; 30x30 is past any printed
# board (the placements of a large region grow with its area).
SIZE = BoardLimit(30, 30, 1, 1)
EARLY = SIZE.early("lits")  # the readers' size check, on the rows of regions alone
PUZZLINK_GENRES = ("lits",)
ENUMERATE_MOST = 10 ** 6  # `candidates` enumerates at most this many boards
# The four shapes, each as one of its fixed forms (cells as (row, column)); the square O is
# left out: it is a 2x2 block.
SHAPES: dict[str, tuple[Cell, ...]] = {
    "L": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "S": ((0, 1), (0, 2), (1, 0), (1, 1)),
}


def normalised(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Cells moved to touch row 0 and column 0, sorted."""
    cells = list(cells)
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def _forms() -> dict[tuple[Cell, ...], str]:
    """Every fixed form (rotation, reflection) of each shape, by its normalised cells."""
    out: dict[tuple[Cell, ...], str] = {}
    for name, cells in SHAPES.items():
        for sr, sc, swap in product((1, -1), (1, -1), (False, True)):
            moved = [((c, r) if swap else (r, c)) for r, c in cells]
            out[normalised((sr * r, sc * c) for r, c in moved)] = name
    return out


FORMS = _forms()  # 18 fixed forms: L 8, I 2, T 4, S 4 (S and Z are one shape)


def shape_of(cells: Iterable[Cell]) -> str | None:
    """The shape (L, I, T, S) of four cells, or None when they are no tetromino of LITS."""
    return FORMS.get(normalised(cells))


@dataclass(frozen=True)
class LitsParams:
    """A width x height board and its regions (a region number per cell, numbered in order of
    first appearance row by row, each region connected). Build one with `lits_board`."""

    width: int
    height: int
    regions: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        SIZE.check("lits", self.width, self.height)
        if len(self.regions) != self.height or any(len(row) != self.width for row in self.regions):
            raise PuzzleError(f"lits regions are not {self.height} rows of {self.width}")

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

    def placements(self) -> list[list[tuple[str, tuple[Cell, ...]]]]:
        """Each region's tetrominoes that fit inside it: (shape, cells)."""
        out: list[list[tuple[str, tuple[Cell, ...]]]] = []
        for cells in self.region_cells():
            inside = set(cells)
            found = []
            for r, c in cells:  # anchor each form's first cell on each cell of the region
                for form, name in FORMS.items():
                    dr, dc = r - form[0][0], c - form[0][1]
                    placed = tuple((fr + dr, fc + dc) for fr, fc in form)
                    if all(cell in inside for cell in placed):
                        found.append((name, placed))
            out.append(found)
        return out

    def borders(self) -> list[tuple[Cell, Cell]]:
        """Neighbouring cells of different regions, each pair once."""
        k = self.regions
        return ([((r, c), (r, c + 1)) for r in range(self.height) for c in range(self.width - 1)
                 if k[r][c] != k[r][c + 1]]
                + [((r, c), (r + 1, c)) for r in range(self.height - 1) for c in range(self.width)
                   if k[r][c] != k[r + 1][c]])

    def windows(self) -> list[tuple[Cell, Cell, Cell, Cell]]:
        return [((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
                for r in range(self.height - 1) for c in range(self.width - 1)]


def lits_board(rows: Sequence[Sequence[Any]], where: Places | None = None) -> LitsParams:
    """Params from rows of region names; every region must be one connected set of cells
    (`where` gives each cell's line and column for the error)."""
    return region_board(LitsParams, SIZE, "lits", rows, where)


def check_cell(params: LitsParams, key: Any, value: Any) -> Cell:
    if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(i, int) and not isinstance(i, bool)
                                                             for i in key)
            and 0 <= key[0] < params.height and 0 <= key[1] < params.width):
        raise PuzzleError(f"clue {quote(key)} is not a cell of the {params.width}x{params.height} board")
    if not isinstance(value, bool):
        raise PuzzleError(f"clue {quote(value)} at {quote(key)}: a given is shaded (true) or unshaded (false)")
    return key


def pieces(height: int, width: int, inside: Callable[[Cell], bool]) -> list[list[Cell]]:
    """The orthogonally connected pieces of the cells `inside` says yes to, in reading order."""
    seen: set[Cell] = set()
    out = []
    for start in product(range(height), range(width)):
        if start in seen or not inside(start):
            continue
        seen.add(start)
        piece, todo = [], [start]
        while todo:
            cell = todo.pop()
            piece.append(cell)
            for nb in neighbours(height, width, *cell):
                if nb not in seen and inside(nb):
                    seen.add(nb)
                    todo.append(nb)
        out.append(piece)
    return out


@dataclass(frozen=True)
class LitsVars:
    """The CNF's variables: shade[r][c]; per region its placements (shape, cells, variable)
    and a variable per shape."""

    shade: list[list[int]]
    placements: list[list[tuple[str, tuple[Cell, ...], int]]]
    shapes: list[dict[str, int]]


class Lits(CluePuzzle[LitsParams, Cell, Grid]):
    name = "lits"
    aliases = ("nuruomino",)
    title = "LITS"
    rules_text = ("Shade a tetromino (four connected cells: L, I, T or S) in every region, so that two of the same "
                  "shape never touch across a region's border, all shaded cells are connected and no 2x2 block is "
                  "shaded.")
    codecs = (MethodCodec("text", solutions=True),
              PuzzLinkCodec(genres=PUZZLINK_GENRES),
              JsonCodec(solution_key="grid"),
              Pzprv3Codec(genres=PUZZLINK_GENRES))
    cell_names = {True: "shaded", False: "unshaded"}
    # cacheable: a clue is a cell's literal, nothing is drawn from the pool later
    speed = Speed(rules_cacheable=True)
    size = SIZE
    # Drawn by the lab's generator before any repair: the regions alone allow an S in region
    # B (r1c2 r1c3 r2c3 r2c4) or a T (r1c2 r1c3 r1c4 r2c3); either given keeps the S.
    example = "ABBB\nAABB\nABBC\nACCC\ngiven -r1c4 r2c4"

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """Rows of region names and an optional last line `given r1c2 -r3c4 ...` (cells given
        shaded; `-r2c2` a cell given unshaded). Names are one character each (letters,
        digits), or, when a row has spaces, words separated by spaces."""
        lines = numbered_lines(text)
        given_line = lines.pop() if lines and GIVEN_LINE.match(lines[-1][1]) else None
        names, places = region_text_rows(lines, EARLY, given_line[0] if given_line else None)
        params = lits_board(names, places)
        clues = (read_givens(params.width, params.height, given_line, "an unshaded cell",
                             "shaded and unshaded") if given_line else {})
        return Instance(self.name, params, clues)

    def write_text(self, inst: Instance) -> str:
        p: LitsParams = inst.params
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
        params = lits_board(json_region_names(doc, EARLY))
        clues = json_givens(doc, params.width, params.height, "shaded")
        return Instance(self.name, params, clues)

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: LitsParams = inst.params
        return json_region_fields(p.width, p.height, p.regions, inst.clues)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """pzprjs's lits.js: the body is the regions as `borders` (walls between cells; the
        rooms are the cells they join). Its flag `d` marks an older body (a room number a
        cell), which puzz.link no longer writes: refused with every other flag."""
        refuse_flags(link)
        width, height = link.cols, link.rows
        SIZE.check(self.name, width, height, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        right, below = cursor.read_borders(width, height)
        cursor.end()
        rooms = rooms_from_walls(right, below)
        return Instance(self.name, lits_board(rooms), {})

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p: LitsParams = inst.params
        if inst.clues:
            raise PuzzleError("a puzz.link lits address holds no given cells: use text or json")
        k = p.regions
        right = [[k[r][c] != k[r][c + 1] for c in range(p.width - 1)] for r in range(p.height)]
        below = [[k[r][c] != k[r + 1][c] for c in range(p.width)] for r in range(p.height - 1)]
        return PuzzLink(PUZZLINK_GENRES[0], p.width, p.height, write_borders(right, below))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """pzprjs's lits.js file: the regions (walls, or region numbers in the first layout), then the
        shading (`#`; `+` the player's dot); the lines the player may have drawn after, unread."""
        return Instance(self.name, lits_board(pzl.room_walls()), {}), shaded(pzl.cells())

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        """As pzprjs saves it: the layout of walls (`pzprv3.1`)."""
        p: LitsParams = inst.params
        if inst.clues:
            raise PuzzleError("pzprjs's lits file holds no given cells: use text or json")
        return (Pzprv3Writer(PUZZLINK_GENRES[0], p.height, p.width, version=1).borders(*wall_items(p.regions))
                .items(shading_items(solution, p.height, p.width)))

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, one character a cell naming its region (cells with the same character form "
                    "one region; words separated by spaces on boards of many regions); an optional last line "
                    "`given` lists cells given shaded, like r1c2 (row 1, column 2), and cells given unshaded as "
                    "-r1c2")
    answer_format = SHADING_FORMAT

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return shading_text(solution)

    def read_answer(self, inst: Instance, text: str) -> Grid:
        p: LitsParams = inst.params
        return read_shading(text, [[None] * p.width for _ in range(p.height)])

    def canonical(self, inst: Instance) -> str:
        """The least text form of the board's rotations and reflections: regions renumbered
        in order of first appearance, givens moved with their cells."""
        p: LitsParams = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            params = LitsParams(w, h, renumbered(sym.grid(p.regions)))
            clues = {sym.cell(*cell): shaded for cell, shaded in inst.clues.items()}
            forms.append(self.write_text(Instance(self.name, params, clues)))
        return min(forms)

    def describe_clue(self, key: Cell, value: bool) -> str:
        return f"{cell_name(key)}={'shaded' if value else 'unshaded'}"

    def clue_json(self, key: Cell, value: bool) -> dict:
        return {"row": key[0] + 1, "col": key[1] + 1, "shaded": value}

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        """The regions in box drawing, heavy lines between them; a given shaded cell '#', a
        cell given unshaded '×'."""
        from ..lab.face.share import NONE, box_grid

        p: LitsParams = inst.params
        cells = [["#" if inst.clues.get((r, c)) else "×" if (r, c) in inst.clues else "·" for c in range(p.width)]
                 for r in range(p.height)]
        return box_grid(cells, p.regions, inner=NONE)

    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As the puzzle is printed: thin grid lines, heavy borders between regions; given
        shaded cells black, solved ones grey, cells given unshaded with a dot."""
        from ..lab.toolkit.draw import Board

        p: LitsParams = inst.params
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
    def rules(self, params: LitsParams, pool: IDPool) -> Rules:
        """shade[r][c]: the cell is shaded. Per region: exactly one placement (it shades its
        cells and leaves the region's others unshaded; a shaded cell has a placement over
        it), its shape variable set by it. Across a border, two shaded neighbours are not of
        one shape; no 2x2 window all shaded. Connectivity: `cuts`."""
        first = variable_block(pool, params.width * params.height)
        shade = [[first + r * params.width + c for c in range(params.width)] for r in range(params.height)]
        clauses: list[Clause] = []
        at_most_one: list[list[int]] = []
        placements: list[list[tuple[str, tuple[Cell, ...], int]]] = []
        shapes: list[dict[str, int]] = []
        for cells, fits in zip(params.region_cells(), params.placements()):
            placed = [(name, on, pool.id()) for name, on in fits]
            shape = {name: pool.id() for name in SHAPES}
            placements.append(placed)
            shapes.append(shape)
            if not placed:  # no tetromino fits: nothing to shade here, so no solution
                r, c = cells[0]
                clauses += [[shade[r][c]], [-shade[r][c]]]
                continue
            clauses.append([v for _, _, v in placed])
            at_most_one.append([v for _, _, v in placed])
            for name, on, v in placed:
                clauses += [[-v, shade[r][c]] for r, c in on]
                clauses += [[-v, -shade[r][c]] for r, c in cells if (r, c) not in on]
                clauses.append([-v, shape[name]])
            for r, c in cells:
                clauses.append([-shade[r][c]] + [v for _, on, v in placed if (r, c) in on])
            for name, s in shape.items():
                clauses.append([-s] + [v for n, _, v in placed if n == name])
            at_most_one.append(list(shape.values()))
        k = params.regions
        for (a, b) in params.borders():
            sa, sb = shapes[k[a[0]][a[1]]], shapes[k[b[0]][b[1]]]
            clauses += [[-shade[a[0]][a[1]], -shade[b[0]][b[1]], -sa[name], -sb[name]] for name in SHAPES]
        clauses += [[-shade[r][c] for r, c in window] for window in params.windows()]
        data = LitsVars(shade, placements, shapes)
        return Rules(clauses, [v for row in shade for v in row], data, at_most_one)

    def clue_clauses(self, params: LitsParams, rules: Rules, key: Cell, value: bool) -> list[Clause]:
        r, c = check_cell(params, key, value)
        var = rules.data.shade[r][c]
        return [[var if value else -var]]

    def decode(self, params: LitsParams, rules: Rules, true_vars) -> Grid:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data.shade)

    def solution_literals(self, params: LitsParams, rules: Rules, solution: Grid) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data.shade, solution) for v, s in zip(vrow, srow)]

    def cuts(self, params: LitsParams, rules: Rules, solution: Grid, true_vars) -> list[Clause]:
        """The candidate's shaded cells fall in pieces. For a piece C and its border B (its
        unshaded neighbours), a solution shading a cell of C and a cell beyond C and B
        shades a cell of B. Every region holds a shaded cell, so a region inside C and B
        already puts one there, and a region wholly beyond them one beyond: those clauses
        drop the cell they make sure of."""
        parts = pieces(params.height, params.width, lambda cell: solution[cell[0]][cell[1]])
        if len(parts) <= 1:
            return []
        shade = rules.data.shade
        regions = [set(cells) for cells in params.region_cells()]
        clauses = []
        for i, part in enumerate(parts):
            inside = set(part)
            border = {nb for cell in part for nb in neighbours(params.height, params.width, *cell)} - inside
            near = inside | border
            some_border = [shade[r][c] for r, c in sorted(border)]
            here: list[list[Cell]] = [[]] if any(region <= near for region in regions) else [[part[0]]]
            beyond: list[list[Cell]] = ([[]] if any(not region & near for region in regions)
                                        else [[other[0]] for j, other in enumerate(parts) if j != i])
            for a in here:
                for d in beyond:
                    clauses.append(some_border + [-shade[r][c] for r, c in a + d])
        return clauses

    def dead_end(self, params: LitsParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """No piece of the cells not known unshaded holds every known shaded cell and meets
        every region (each region holds shaded cells, all of them connected)."""
        shade = rules.data.shade
        open_parts = pieces(params.height, params.width, lambda cell: not holds(-shade[cell[0]][cell[1]]))
        shaded = {cell for cell in params.cells() if holds(shade[cell[0]][cell[1]])}
        for part in open_parts:
            inside = set(part)
            if shaded <= inside and len({params.regions[r][c] for r, c in part}) == params.count:
                return False
        return True

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Linear sums: each region's shaded cells are the sum of its placements (exactly one),
        its shapes the sum of its placements of each shape; two neighbours across a border,
        both shaded, have no shape in common; each 2x2 window sums to at most 3. Connectivity
        by distances from the first shaded cell in reading order (the root): every other
        shaded cell is 1 + the nearest of its neighbours (unshaded ones stand at `far`),
        which has one finite solution exactly when the shaded cells are connected."""
        from ortools.sat.python import cp_model

        p: LitsParams = inst.params
        model = cp_model.CpModel()
        shaded = {cell: model.new_bool_var(f"s{cell[0]}_{cell[1]}") for cell in p.cells()}
        shapes = []
        for cells, fits in zip(p.region_cells(), p.placements()):
            chosen = [(name, on, model.new_bool_var("")) for name, on in fits]
            model.add(sum(v for _, _, v in chosen) == 1)
            for cell in cells:
                model.add(shaded[cell] == sum(v for _, on, v in chosen if cell in on))
            shape = {name: model.new_bool_var("") for name in SHAPES}
            for name, s in shape.items():
                model.add(s == sum(v for n, _, v in chosen if n == name))
            shapes.append(shape)
        k = p.regions
        for a, b in p.borders():
            for name in SHAPES:
                model.add_bool_or([~shaded[a], ~shaded[b], ~shapes[k[a[0]][a[1]]][name], ~shapes[k[b[0]][b[1]]][name]])
        for window in p.windows():
            model.add(sum(shaded[cell] for cell in window) <= 3)
        for (r, c), v in inst.clues.items():
            model.add(shaded[(r, c)] == int(v))
        self._connected(model, p, shaded)
        grid = [[shaded[(r, c)] for c in range(p.width)] for r in range(p.height)]
        variables = [v for row in grid for v in row]
        return CpModel(model, variables, lambda value: tuple(tuple(bool(value(v)) for v in row) for row in grid))

    @staticmethod
    def _connected(model: Any, p: LitsParams, shaded: dict) -> None:
        cells = p.cells()
        far = len(cells)
        dist = {cell: model.new_int_var(0, far, f"d{cell[0]}_{cell[1]}") for cell in cells}
        before = None  # "a cell before this one is shaded"
        for cell in cells:
            s = shaded[cell]
            root = model.new_bool_var("")
            model.add_bool_and([s] + ([~before] if before is not None else [])).only_enforce_if(root)
            model.add_bool_or([root, ~s] + ([before] if before is not None else []))
            model.add(dist[cell] == far).only_enforce_if(~s)
            model.add(dist[cell] == 0).only_enforce_if(root)
            nearest = model.new_int_var(0, far, "")
            model.add_min_equality(nearest, [dist[nb] for nb in neighbours(p.height, p.width, *cell)] or [far])
            model.add(dist[cell] == nearest + 1).only_enforce_if([s, ~root])
            model.add(nearest + 1 < far).only_enforce_if([s, ~root])
            seen = model.new_bool_var("")
            model.add_bool_or([s] + ([before] if before is not None else [])).only_enforce_if(seen)
            model.add_bool_and([~s] + ([~before] if before is not None else [])).only_enforce_if(~seen)
            before = seen

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: LitsParams) -> Iterable[Grid]:
        """Every shading of four connected cells in each region (the region's 4-subsets kept
        when they are one piece, the 2x2 square among them)."""
        fours: list[list[tuple[Cell, ...]]] = []
        total = 1
        for cells in params.region_cells():
            fours.append([four for four in combinations(cells, 4)
                          if len(pieces(params.height, params.width, four.__contains__)) == 1])
            total *= len(fours[-1])
            if total > ENUMERATE_MOST:
                raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")

        def grid(choice: tuple[tuple[Cell, ...], ...]) -> Grid:
            on = {cell for four in choice for cell in four}
            return tuple(tuple((r, c) in on for c in range(params.width)) for r in range(params.height))

        return (grid(choice) for choice in product(*fours))

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        """Each given kept; four shaded cells in every region, connected, an L, I, T or S;
        no two of one shape side by side across a border; all shaded cells connected; no
        2x2 block shaded."""
        p: LitsParams = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]

        def on(cell: Cell) -> bool:
            return bool(solution[cell[0]][cell[1]])

        problems = [f"{cell_name(cell)} is {'shaded' if on(cell) else 'unshaded'}, "
                    f"the given says {'shaded' if v else 'unshaded'}"
                    for cell, v in sorted(inst.clues.items()) if on(cell) != v]
        shape_in: list[str | None] = []
        for k, cells in enumerate(p.region_cells()):
            shaded = [cell for cell in cells if on(cell)]
            shape = shape_of(shaded) if len(shaded) == 4 else None
            shape_in.append(shape)
            if len(shaded) != 4:
                problems.append(f"region {k + 1} holds {len(shaded)} shaded cells, not 4")
            elif len(pieces(p.height, p.width, lambda cell: cell in shaded)) > 1:
                problems.append(f"region {k + 1}'s shaded cells are not connected")
        regions = p.regions
        for a, b in p.borders():
            same = shape_in[regions[a[0]][a[1]]]
            if on(a) and on(b) and same is not None and same == shape_in[regions[b[0]][b[1]]]:
                problems.append(f"two {same} shapes touch at {cell_name(a)} and {cell_name(b)}")
        parts = pieces(p.height, p.width, on)
        if len(parts) > 1:
            problems.append(f"the shaded cells are in {len(parts)} pieces, not connected")
        for window in p.windows():
            if all(on(cell) for cell in window):
                problems.append(f"a 2x2 block is shaded at {cell_name(window[0])}")
        return problems


PUZZLE = Lits()
