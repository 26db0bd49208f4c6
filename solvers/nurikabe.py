"""Nurikabe: text forms, rules, decoding, verification.

Rules: shade cells of a width x height grid so that
(1) every unshaded area (an island: orthogonally connected white cells, as large as it can
    be) holds exactly one number, and has as many cells as that number,
(2) the shaded cells are orthogonally connected,
(3) no 2x2 block is all shaded.

Structure (`params`): the board and which cells hold a number. Clues: each numbered cell's
number. A numbered cell without its clue is a number not shown (`?`, as puzz.link has it):
it still makes an island, of any size. So a number can never be taken off the board (an
island without one breaks rule 1), as in Shikaku.

CNF: a shade variable per cell (primary), and for every number k a label own[x][k], "white
cell x lies on k's island", for the cells k's island could reach (not another number, not
beside another number). A white cell has exactly one label, a shaded one none; two white
neighbours share their label; a number has its own. A number's size is a counter over its
labels (drawn with the clue, so only the cells within reach of that size count). Two rules
come lazily (`cuts`): an island closed off without a number (its labels then belong to a
number elsewhere), and shaded cells in two pieces. The CP-SAT model states both with
distances instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pysat.card import EncType
from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    Clause,
    CluePuzzle,
    CpModel,
    Instance,
    PuzzleError,
    Rules,
    at_place,
    number,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import SHADING_FORMAT, read_shading, shading_text
from ..lab.toolkit.cellgrid import BoardCells, CellRow, GridJson, GridText, grid_instance
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.connectivity import neighbours, white_components
from ..lab.toolkit.counting import cardinality
from ..lab.toolkit.numbering import NumberClues, cell_name
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.textgrid import JsonObject, Token

Cell = tuple[int, int]
Shading = tuple[tuple[bool, ...], ...]  # True = shaded
# Size limit: a 10x10 board of a collection checks in a fraction of a second; the labels
# grow with numbers times cells (a 20x20 board of 60 numbers: 20,000 labels).
SIZE = BoardLimit(20, 20, 1, 1)
EARLY = SIZE.early("nurikabe")  # the readers' size check, before any cell is read
BLANKS = {".", "-", "_"}
HIDDEN = "?"  # a number not shown
PZPRV3_CELLS = {"-": HIDDEN, "#": ".", "+": "."}  # pzprjs's file items that are no number, as the text form's
SMALL_PIECE = 3  # shaded pieces up to this size are ruled out up front where the shaded count is known
ENUMERATE_MOST = 20  # cells `candidates` enumerates shadings of (4x4: at most 65,536)


@dataclass(frozen=True)
class NurikabeParams(BoardCells):
    """A width x height board and the cells that hold a number (shown or not)."""

    width: int
    height: int
    numbered: frozenset[Cell] = frozenset()

    def __post_init__(self) -> None:
        SIZE.check("nurikabe", self.width, self.height)
        outside = sorted(cell for cell in self.numbered if not self.inside(*cell))
        if outside:
            raise PuzzleError(f"a number at {outside[0]} is outside the {self.width}x{self.height} board")

    @cached_property
    def numbers(self) -> tuple[Cell, ...]:
        """The numbered cells in reading order."""
        return tuple(sorted(self.numbered))

    def neighbours(self, r: int, c: int) -> list[Cell]:
        return neighbours(self.height, self.width, r, c)

    def reach(self, k: int, most: int | None = None) -> dict[Cell, int]:
        """The cells number k's island could hold, with their distance from it inside them:
        not another number nor beside one, within `most` steps (None: any)."""
        start = self.numbers[k]
        barred = {cell for j, cell in enumerate(self.numbers) if j != k}
        barred |= {nb for cell in barred for nb in self.neighbours(*cell)}
        seen = {start: 0}
        queue = [start]
        for cell in queue:
            d = seen[cell]
            if most is not None and d >= most:
                continue
            for nb in self.neighbours(*cell):
                if nb not in seen and nb not in barred:
                    seen[nb] = d + 1
                    queue.append(nb)
        return seen


def windows(p: NurikabeParams) -> list[list[Cell]]:
    """The 2x2 blocks of the board."""
    return [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)] for r in range(p.height - 1) for c in range(p.width - 1)]


def shaded_components(shaded: Sequence[Sequence[bool]]) -> list[list[Cell]]:
    """The orthogonally connected pieces of shaded cells, in reading order."""
    return white_components([[not s for s in row] for row in shaded])


def pieces(params: NurikabeParams, size: int) -> set[frozenset[Cell]]:
    """Every connected set of `size` cells."""
    found = {frozenset([cell]) for cell in params.cells()}
    for _ in range(size - 1):
        found = {piece | {nb} for piece in found for cell in piece for nb in params.neighbours(*cell)
                 if nb not in piece}
    return found


def small_pieces(params: NurikabeParams, shade: list[list[int]], shaded: int) -> list[Clause]:
    """With `shaded` cells to shade in all, a connected set of fewer (up to SMALL_PIECE
    cells) is never all shaded with its border white: it would be a piece on its own.
    Connectivity's most common cuts, up front."""
    out: list[Clause] = []
    for size in range(1, min(SMALL_PIECE, shaded - 1) + 1):
        for piece in sorted(pieces(params, size), key=sorted):
            if piece & params.numbered:
                continue
            border = sorted({nb for cell in piece for nb in params.neighbours(*cell) if nb not in piece}
                            - params.numbered)
            out.append([-shade[r][c] for r, c in sorted(piece)] + [shade[r][c] for r, c in border])
    return out


@dataclass
class NurikabeVars:
    shade: list[list[int]]  # shade[r][c]: the cell is shaded
    own: list[dict[Cell, int]]  # own[k][cell]: the cell is white and on number k's island
    distance: list[dict[Cell, int]]  # distance[k][cell]: steps from number k inside its reach
    pool: IDPool  # a number's counter draws its helpers when the clue is added


class Nurikabe(NumberClues, CluePuzzle[NurikabeParams, Cell, Shading]):
    name = "nurikabe"
    aliases = ("island", "islands")
    title = "Nurikabe"
    rules_text = ("Shade cells so that every unshaded area holds exactly one number and has that many cells, the "
                  "shaded cells are connected, and no 2x2 block is all shaded.")
    codecs = (GridText(spaced=True, limit=EARLY), PuzzLinkCodec(genres=("nurikabe",)),
              GridJson(limit=EARLY, solution_key="shaded"), Pzprv3Codec(genres=("nurikabe",)))
    cell_names = {True: "shaded", False: "white"}
    size = SIZE
    example = ". . . .\n. . 3 .\n. . . .\n2 . 2 ."  # drawn by the lab (seed 3, 4x4)

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None = None) -> Instance:
        """Rows of cells, each a Token whose text is a number, `?` (a number not shown) or a
        blank ('.', or '' for the forms that say blank in their own way)."""
        inst = grid_instance(self.name, rows, NurikabeParams,
                             lambda t, params: self._number(t, params.width * params.height), line)
        numbered = frozenset(inst.clues) | {(r, c) for r, row in enumerate(rows) for c, t in enumerate(row)
                                            if t.text == HIDDEN}
        return Instance(self.name, NurikabeParams(inst.params.width, inst.params.height, numbered), inst.clues)

    @staticmethod
    def _number(t: Token, most: int) -> int | None:
        if t.text in BLANKS or t.text in ("", HIDDEN):
            return None
        if not (t.text.isascii() and t.text.isdecimal()):
            raise PuzzleError(f"bad cell {quote(t.text)} (a number, '?' for a number not shown, or '.' for blank)",
                              t.line, t.column)
        value = int(t.text)
        if not 1 <= value <= most:
            raise PuzzleError(f"number {number(value)} out of range 1..{most} (the board's area)", t.line, t.column)
        return value

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of whitespace-separated numbers, '?' a number not shown, '.' a blank cell."""
        return self._instance(rows, rows[0].line)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's `nurikabe` (pzprjs's nurikabe.js): the numbers in `numbers16`, `.`
        (pzprjs's `?`) a number not shown."""
        refuse_flags(link)
        with at_place(1, size_column(link)):
            NurikabeParams(link.cols, link.rows)
        cursor = Cursor(link.body, link.column)
        flat = cursor.read_numbers16(link.cols * link.rows)
        cursor.end()
        cells = []
        for i, v in enumerate(flat):
            text = "" if v is None else HIDDEN if v == UNKNOWN else str(v)
            if v is not None and v != UNKNOWN and not 1 <= v <= link.cols * link.rows:
                raise PuzzleError(f"puzz.link body: r{i // link.cols + 1}c{i % link.cols + 1} holds the number {v}, "
                                  f"out of range 1..{link.cols * link.rows}", 1, cursor.places[i])
            cells.append(Token(text, 1, cursor.places[i] if i < len(cursor.places) else link.column))
        return self._instance([cells[r * link.cols:(r + 1) * link.cols] for r in range(link.rows)], 1)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        values = [UNKNOWN if v == HIDDEN else v for row in self.numbers(inst) for v in row]
        return PuzzLink("nurikabe", p.width, p.height, write_numbers16(values))  # type: ignore[arg-type]

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Shading]:
        """One block (pzprjs's `decodeCellQnumAns`): a number, `-` a number not shown, `#`
        shaded, `+` (the player's dot) and `.` white."""
        rows = pzl.tokens()
        for t in (t for row in rows for t in row if t.text not in (*PZPRV3_CELLS, ".") and not t.text.isdecimal()):
            raise bad_item(t, "is no Nurikabe cell (a number, - a number not shown, #, + or .)")
        board = [[Token(PZPRV3_CELLS.get(t.text, t.text), t.line, t.column) for t in row] for row in rows]
        return self._instance(board, 3), tuple(tuple(t.text == "#" for t in row) for row in rows)

    def pzprv3(self, inst: Instance, solution: Shading | None) -> Pzprv3Writer:
        p, shown = inst.params, self.numbers(inst)

        def item(r: int, c: int) -> Any:
            if shown[r][c] is not None:
                return "-" if shown[r][c] == HIDDEN else shown[r][c]
            return "#" if solution and solution[r][c] else "."
        return Pzprv3Writer("nurikabe", p.height, p.width).grid(item)

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of numbers, "?" a number not shown, null a blank."""
        rows = []
        for r, row in enumerate(grid):
            for v in row:
                if not (v is None or v == HIDDEN or (isinstance(v, int) and not isinstance(v, bool))):
                    raise doc.error("grid", f"row {r + 1} holds {quote(v)}: cells are numbers, \"?\" or null")
            rows.append([Token("" if v is None else str(v), None, None) for v in row])
        return self._instance(rows)

    def numbers(self, inst: Instance) -> list[list[int | str | None]]:
        """The board: a number, HIDDEN, or None per cell."""
        p = inst.params
        return [[inst.clues.get((r, c), HIDDEN if (r, c) in p.numbered else None) for c in range(p.width)]
                for r in range(p.height)]

    json_grid = numbers

    def cells(self, inst: Instance, solution: Shading | None = None) -> list[list[str]]:
        """The board's cell texts; with a solution, '#' on each shaded cell."""
        return [["#" if solution is not None and solution[r][c] else "." if v is None else str(v)
                 for c, v in enumerate(row)] for r, row in enumerate(self.numbers(inst))]

    def cell_width(self, inst: Instance) -> int:
        return max((len(t) for row in self.cells(inst) for t in row), default=1)

    def solution_json(self, inst: Instance, solution: Shading) -> list[list[int]]:
        return [[int(s) for s in row] for row in solution]

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, cells separated by spaces: a number is a numbered cell (the size of its "
                    "island), `?` a numbered cell whose number is not shown, `.` a cell without a number")
    answer_format = SHADING_FORMAT

    def answer_text(self, inst: Instance, solution: Shading) -> str:
        return shading_text(solution)

    def read_answer(self, inst: Instance, text: str) -> Shading:
        return read_shading(text, [[v if isinstance(v, int) else None for v in row] for row in self.numbers(inst)])

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's rotations and reflections that keep its shape."""
        return least_text(self.cells(inst), sep=" ")

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        from ..lab.face.share import box_grid

        return box_grid([["" if v is None else str(v) for v in row] for row in self.numbers(inst)])

    def draw(self, ax, inst: Instance, solution: Shading | None = None) -> None:
        """As Nikoli prints it: thin grid lines and the numbers; in the solution the shaded
        cells black and a small dot in each white cell without a number (pzprjs's mark)."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for r, row in enumerate(self.numbers(inst)):
            for c, v in enumerate(row):
                if solution is not None and solution[r][c]:
                    board.shade(r, c, "black")
                elif v is not None:
                    board.text(r, c, str(v), 0.6 if len(str(v)) < 3 else 0.45)
                elif solution is not None:
                    board.symbol(r, c, "dot", 0.12)
        board.grid(colour="black")

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: NurikabeParams, pool: IDPool) -> Rules:
        return self._rules(params, pool, [params.reach(k) for k in range(len(params.numbers))])

    def given_rules(self, inst: Instance, pool: IDPool) -> Rules:
        """Each shown number's labels only within its size's reach, its counter built in."""
        p: NurikabeParams = inst.params
        reach = [p.reach(k, inst.clues[cell] - 1 if cell in inst.clues else None) for k, cell in enumerate(p.numbers)]
        rules = self._rules(p, pool, reach)
        for k, cell in enumerate(p.numbers):
            if cell in inst.clues:
                rules.clauses += self._size_clauses(p, rules, k, inst.clues[cell], pool)
        if len(inst.clues) == len(p.numbers):
            rules.clauses += small_pieces(p, rules.data.shade, p.width * p.height - sum(inst.clues.values()))
        return rules

    def _rules(self, params: NurikabeParams, pool: IDPool, reach: list[dict[Cell, int]]) -> Rules:
        """Shading, labels, each white cell one label and white neighbours the same, no 2x2
        block shaded (see the module's docstring)."""
        w, h = params.width, params.height
        first = variable_block(pool, w * h)
        shade = [[first + r * w + c for c in range(w)] for r in range(h)]
        own = [{cell: pool.id() for cell in mine} for mine in reach]
        clauses: list[Clause] = []
        at_most_one: list[list[int]] = []
        labels: dict[Cell, list[int]] = {cell: [] for cell in params.cells()}
        for mine in own:
            for cell, v in mine.items():
                labels[cell].append(v)
                clauses.append([-v, -shade[cell[0]][cell[1]]])
        for k, cell in enumerate(params.numbers):
            clauses.append([own[k][cell]])
        for (r, c), lits in labels.items():
            clauses.append([shade[r][c], *lits])  # white: some label (shaded where none can reach)
            if len(lits) > 1:
                at_most_one.append(lits)
        for r, c in params.cells():
            for nb in params.neighbours(r, c):
                for mine in own:
                    if (r, c) in mine:
                        there = mine.get(nb)
                        clauses.append([-mine[(r, c)], shade[nb[0]][nb[1]]] + ([there] if there else []))
        clauses += [[-shade[r][c] for r, c in block] for block in windows(params)]
        return Rules(clauses, [v for row in shade for v in row],
                     NurikabeVars(shade, own, [dict(mine) for mine in reach], pool), at_most_one=at_most_one)

    def _size_clauses(self, params: NurikabeParams, rules: Rules, k: int, value: int, pool: IDPool) -> list[Clause]:
        """Number k's island has `value` cells: its labels beyond value - 1 steps are false,
        and exactly `value` of those within are true."""
        data: NurikabeVars = rules.data
        near = [v for cell, v in data.own[k].items() if data.distance[k][cell] < value]
        far = [[-v] for cell, v in data.own[k].items() if data.distance[k][cell] >= value]
        if len(near) < value:
            return [[]]
        return far + self._joined(params, data, k, value, pool) + cardinality("equals", near, value, pool,
                                                                             EncType.seqcounter)

    @staticmethod
    def _joined(params: NurikabeParams, data: NurikabeVars, k: int, value: int, pool: IDPool) -> list[Clause]:
        """Number k's island is connected, up front rather than by cuts: within[x][t], "x is
        on the island within t steps of the number inside it" (t < value), holds only on the
        island, only beside (or at) a cell within t - 1, and every cell of the island is
        within value - 1."""
        own, distance = data.own[k], data.distance[k]
        start = params.numbers[k]
        clauses: list[Clause] = []
        within: dict[tuple[Cell, int], int] = {}
        for t in range(value):
            for cell, d in distance.items():
                if d > t or cell == start:
                    continue
                v = pool.id()
                within[(cell, t)] = v
                clauses.append([-v, own[cell]])
                around = (cell, *params.neighbours(*cell))
                if start not in around:  # beside the number: within t steps for any t >= 1
                    clauses.append([-v, *(within[(x, t - 1)] for x in around if (x, t - 1) in within)])
        clauses += [[-own[cell], within[(cell, value - 1)]] for cell, d in distance.items()
                    if cell != start and d < value]
        return clauses

    def clue_clauses(self, params: NurikabeParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        if key not in params.numbered or isinstance(value, bool) or not isinstance(value, int) \
                or not 1 <= value <= params.width * params.height:
            raise PuzzleError(f"clue {key}={value} is not a number in a numbered cell of the "
                              f"{params.width}x{params.height} board")
        return self._size_clauses(params, rules, params.numbers.index(key), value, rules.data.pool)

    def decode(self, params: NurikabeParams, rules: Rules, true_vars: AbstractSet[int]) -> Shading:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data.shade)

    def solution_literals(self, params: NurikabeParams, rules: Rules, solution: Shading) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data.shade, solution) for v, s in zip(vrow, srow)]

    def cuts(self, params: NurikabeParams, rules: Rules, solution: Shading, true_vars) -> list[Clause]:
        """Two lazy rules, each clause true in every solution of this structure whatever the
        numbers say. An island C of the candidate without a number, its border B all shaded:
        if B stays shaded, a white cell of C lies on an island inside C, which has no number,
        so each cell of C is shaded or some cell of B is white. Shaded cells in pieces: for
        a piece A with its white border W and a cell d of another piece, a of A and d both
        shaded with all of W white would split them again, so some cell of W is shaded or
        a or d is white."""
        shade = rules.data.shade
        out: list[Clause] = []
        for island in white_components(solution):
            if params.numbered.isdisjoint(island):
                inside = set(island)
                border = sorted({nb for cell in island for nb in params.neighbours(*cell) if nb not in inside})
                out += [[shade[r][c]] + [-shade[x][y] for x, y in border] for r, c in island]
        pieces = shaded_components(solution)
        if len(pieces) > 1:
            for i, piece in enumerate(pieces):
                inside = set(piece)
                border = sorted({nb for cell in piece for nb in params.neighbours(*cell) if nb not in inside})
                a, b = piece[0]
                out += [[-shade[a][b], -shade[x][y]] + [shade[r][c] for r, c in border]
                        for j, ((x, y), *_) in enumerate(pieces) if j != i]
        return out

    def dead_end(self, params: NurikabeParams, rules: Rules, holds) -> bool:
        """The lazy rules on a partial shading, as a person sees them: the cells not known
        white must join every known shaded cell, and the cells not known shaded that join a
        known white cell must reach a number."""
        shade = rules.data.shade
        cells = params.cells()
        shaded = {cell for cell in cells if holds(shade[cell[0]][cell[1]])}
        white = {cell for cell in cells if holds(-shade[cell[0]][cell[1]])}
        for keep, known, needs_number in ((set(cells) - white, shaded, False), (set(cells) - shaded, white, True)):
            pieces = 0
            seen: set[Cell] = set()
            for start in sorted(known):
                if start in seen:
                    continue
                found, todo = {start}, [start]
                while todo:
                    cell = todo.pop()
                    for nb in params.neighbours(*cell):
                        if nb in keep and nb not in found:
                            found.add(nb)
                            todo.append(nb)
                seen |= found
                pieces += 1
                if needs_number and params.numbered.isdisjoint(found) or not needs_number and pieces > 1:
                    return True
        return False

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Shading booleans; for each number, "the cell lies on its island" booleans over the
        cells its size reaches, one a white cell, equal across white neighbours, a shown
        number's as many as it says. Islands and the shaded cells are connected by distances
        from their numbers and from the first shaded cell."""
        from ortools.sat.python import cp_model

        p: NurikabeParams = inst.params
        model = cp_model.CpModel()
        cells = p.cells()
        n = len(cells)
        shaded = {cell: model.new_bool_var(f"s{cell[0]}_{cell[1]}") for cell in cells}
        on: dict[Cell, list[tuple[int, Any]]] = {cell: [] for cell in cells}
        for k, start in enumerate(p.numbers):
            value = inst.clues.get(start)
            reach = p.reach(k, None if value is None else value - 1)
            mine = {cell: model.new_bool_var("") for cell in reach}
            model.add(mine[start] == 1)
            for cell, b in mine.items():
                on[cell].append((k, b))
                for nb in p.neighbours(*cell):
                    model.add_bool_or([~b, shaded[nb]] + ([mine[nb]] if nb in mine else []))
            if value is not None:
                model.add(sum(mine.values()) == value)
        for cell in cells:
            model.add(sum(b for _, b in on[cell]) + shaded[cell] == 1)
        for block in windows(p):
            model.add_bool_or([~shaded[cell] for cell in block])
        self._islands_reach_numbers(model, p, shaded, n)
        self._shaded_joined(model, p, shaded, n)
        grid = [[shaded[(r, c)] for c in range(p.width)] for r in range(p.height)]
        return CpModel(model, [v for row in grid for v in row],
                       lambda value: tuple(tuple(bool(value(v)) for v in row) for row in grid))

    @staticmethod
    def _islands_reach_numbers(model: Any, p: NurikabeParams, shaded: dict, far: int) -> None:
        """A white cell 0 at a number, else 1 + its nearest neighbour (shaded ones at `far`),
        under `far`: a white area without a number has a cell nearest of all, with no
        neighbour nearer, so it has no such distances."""
        dist = {cell: model.new_int_var(0, far, "") for cell in p.cells()}
        for cell in p.cells():
            model.add(dist[cell] == far).only_enforce_if(shaded[cell])
            if cell in p.numbered:
                model.add(dist[cell] == 0)
                continue
            model.add(dist[cell] < far).only_enforce_if(~shaded[cell])
            nearest = model.new_int_var(0, far, "")
            model.add_min_equality(nearest, [dist[nb] for nb in p.neighbours(*cell)] or [far])
            model.add(dist[cell] == nearest + 1).only_enforce_if(~shaded[cell])

    @staticmethod
    def _shaded_joined(model: Any, p: NurikabeParams, shaded: dict, far: int) -> None:
        """The first shaded cell in reading order is 0, every other shaded cell 1 + its
        nearest shaded neighbour, white cells `far`: finite (under `far`) exactly when the
        shaded cells are connected."""
        before: Any = None  # "a cell before this one is shaded"
        dist = {cell: model.new_int_var(0, far, "") for cell in p.cells()}
        for cell in p.cells():
            first = model.new_bool_var("")
            model.add_bool_and([shaded[cell]] + ([~before] if before is not None else [])).only_enforce_if(first)
            model.add_bool_or([first, ~shaded[cell]] + ([before] if before is not None else []))
            seen = model.new_bool_var("")
            model.add_bool_or([shaded[cell]] + ([before] if before is not None else [])).only_enforce_if(seen)
            model.add_bool_and([~shaded[cell]] + ([~before] if before is not None else [])).only_enforce_if(~seen)
            before = seen
            model.add(dist[cell] == far).only_enforce_if(~shaded[cell])
            model.add(dist[cell] == 0).only_enforce_if(first)
            nearest = model.new_int_var(0, far, "")
            model.add_min_equality(nearest, [dist[nb] for nb in p.neighbours(*cell)] or [far])
            model.add(dist[cell] == nearest + 1).only_enforce_if([shaded[cell], ~first])

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: NurikabeParams) -> Iterator[Shading]:
        """Every shading that leaves the numbers white and shades no 2x2 block, row by row."""
        w, h = params.width, params.height
        if w * h > ENUMERATE_MOST:
            raise PuzzleError(f"a {w}x{h} board is too large to enumerate")
        white = [sum(1 << c for c in range(w) if (r, c) in params.numbered) for r in range(h)]

        def stack(above: int, depth: int) -> Iterator[list[int]]:
            if depth == h:
                yield []
                return
            for m in range(1 << w):
                if m & white[depth] or m & above & (m >> 1) & (above >> 1):
                    continue
                for rest in stack(m, depth + 1):
                    yield [m, *rest]

        for masks in stack(0, 0):
            yield tuple(tuple(bool(m >> c & 1) for c in range(w)) for m in masks)

    def verify(self, inst: Instance, solution: Shading) -> list[str]:
        p: NurikabeParams = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = [f"{cell_name(cell)} holds a number but is shaded" for cell in p.numbers
                    if solution[cell[0]][cell[1]]]
        for block in windows(p):
            if all(solution[r][c] for r, c in block):
                problems.append(f"shaded {cell_name(block[0])} to {cell_name(block[3])} form a 2x2 block")
        pieces = shaded_components(solution)
        if len(pieces) > 1:
            problems.append(f"shaded cells form {len(pieces)} regions, not one")
        for island in white_components(solution):
            held = sorted(cell for cell in island if cell in p.numbered)
            if not held:
                problems.append(f"the island of {cell_name(min(island))} holds no number")
            elif len(held) > 1:
                problems.append(f"the numbers at {' and '.join(map(cell_name, held))} share an island")
            elif held[0] in inst.clues and inst.clues[held[0]] != len(island):
                problems.append(f"the island of the number at {cell_name(held[0])} has {len(island)} cells, "
                                f"its number says {inst.clues[held[0]]}")
        return problems


def islands(params: NurikabeParams, solution: Iterable[Iterable[bool]]) -> list[list[Cell]]:
    """The islands of a shading, in reading order of their first cell."""
    return white_components([list(row) for row in solution])


PUZZLE = Nurikabe()
