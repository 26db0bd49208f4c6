"""Light Up (Akari): text forms, rules, decoding, verification.

Vocabulary: a board has *walls* (black cells) and *white* cells. Some walls carry a number,
the *clue*: exactly that many lamps on the white cells orthogonally next to it. A *segment*
is a maximal run of white cells in one row or one column between walls or edges; a lamp
lights its whole row segment and column segment. Rules: every white cell is lit, and no
segment holds two lamps (no lamp sees another).

The walls are structure (`LightUpParams`), the wall numbers are the clues, so stripping a
clue leaves a plain wall behind, as in Tatham's generator.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from pysat.card import EncType
from pysat.formula import IDPool

from ..lab.engine.puzzle import BoardLimit, CluePuzzle, CpModel, Instance, PuzzleError, Rules, quote
from ..lab.engine.variables import Variables, reserves_ahead
from ..lab.face.share import FILL, NONE, box_grid
from ..lab.toolkit.answers import grid_text, overlap
from ..lab.toolkit.cellgrid import (
    BoardCells,
    CellRow,
    GridArray,
    GridJson,
    GridText,
    plain_cell,
    tatham_grid_id,
    tatham_grid_size,
)
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec, TathamCodec
from ..lab.toolkit.counting import cardinality
from ..lab.toolkit.numbering import NumberClues
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_four_cell
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import GameId, tatham_cells
from ..lab.toolkit.textgrid import Element, JsonObject

Cell = tuple[int, int]
Grid = tuple[tuple[bool, ...], ...]  # True where a lamp stands

# Size limit: a random board at the limit checks in seconds.
# An empty board (no walls) answers solve and check in 0.2 s at the limit (`one_shot_rules`).
SIZE = BoardLimit(100, 100)
EARLY = SIZE.early("lightup")  # the readers' size check, before any cell is read
WHITE_CHARS = {".", "-", "_"}
WALL_CHARS = {"#", "B", "W"}
TATHAM_CELLS = {"B": None} | {str(k): k for k in range(5)}  # a game ID's cells: letters are runs of white (-1)
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
LAMP = "*"
# A cell of an answer: a lamp, or no lamp (a white cell, a wall as the board shows it, a cross)
ANSWER_CELLS = {"*": True, "\u2217": True, "L": True, "@": True, "\U0001f4a1": True,
                ".": False, "-": False, "_": False, "#": False, "B": False, "W": False, "X": False,
                "0": False, "1": False, "2": False, "3": False, "4": False}


@dataclass(frozen=True)
class LightUpParams(BoardCells):
    """The board's shape and where its walls are (numbered or not)."""

    width: int
    height: int
    walls: frozenset[Cell]

    def white(self, r: int, c: int) -> bool:
        return self.inside(r, c) and (r, c) not in self.walls

    def whites(self) -> list[Cell]:
        return [(r, c) for r in range(self.height) for c in range(self.width) if (r, c) not in self.walls]

    def neighbours(self, r: int, c: int) -> list[Cell]:
        """White cells orthogonally next to (r, c): the cells a wall number counts."""
        return [(r + dr, c + dc) for dr, dc in STEPS if self.white(r + dr, c + dc)]

    def segments(self) -> list[list[Cell]]:
        """Maximal runs of white cells, rows first, then columns."""
        runs: list[list[Cell]] = []
        lines = [[(r, c) for c in range(self.width)] for r in range(self.height)]
        lines += [[(r, c) for r in range(self.height)] for c in range(self.width)]
        for line in lines:
            run: list[Cell] = []
            for cell in line + [None]:
                if cell is not None and cell not in self.walls:
                    run.append(cell)
                elif run:
                    runs.append(run)
                    run = []
        return runs


@dataclass
class LightUpVars:
    """The lamp variable of each white cell, and the pool (clue cardinalities need it)."""

    lamp: dict[Cell, int]
    pool: IDPool


class Layout(NamedTuple):
    """What the rules, the clues and the generator read again and again about one wall
    layout (built once, read-only)."""

    whites: tuple[Cell, ...]
    segments: tuple[tuple[Cell, ...], ...]  # as `LightUpParams.segments`: rows first, then columns
    crossing: MappingProxyType[Cell, tuple[int, int]]  # each white cell's row and column segment
    around: MappingProxyType[Cell, tuple[Cell, ...]]  # each wall's white neighbours, walls sorted


@lru_cache(maxsize=16)
def layout(params: LightUpParams) -> Layout:
    """The tables of one wall layout: a record builds its rules and clue clauses for the same
    walls in several sessions (pinning, stripping, grading), and its generator reads them too."""
    whites = tuple(params.whites())
    segments = tuple(map(tuple, params.segments()))
    crossing: dict[Cell, list[int]] = {cell: [] for cell in whites}
    for i, seg in enumerate(segments):
        for cell in seg:
            crossing[cell].append(i)  # its row segment first: rows come first
    white = set(whites)  # inside the board too: as `params.neighbours`, without its calls
    around = {(r, c): tuple((r + dr, c + dc) for dr, dc in STEPS if (r + dr, c + dc) in white)
              for r, c in sorted(params.walls)}
    return Layout(whites, segments, MappingProxyType({cell: (a, b) for cell, (a, b) in crossing.items()}),
                  MappingProxyType(around))


def at_most_one(lits: list[int], pool: IDPool) -> list[list[int]]:
    """At most one lamp of a segment: pairwise up to 6 literals, a sequential counter beyond."""
    return cardinality("atmost", lits, 1, pool, EncType.seqcounter if len(lits) > 6 else EncType.pairwise)


def rule_clauses(params: LightUpParams, lamp: dict[Cell, int], pool: IDPool) -> list[list[int]]:
    """At most one lamp per segment, then each white cell lit: a lamp on its row or column
    segment (the lamps sorted)."""
    board = layout(params)
    lits = [[lamp[cell] for cell in seg] for seg in board.segments]
    clauses = [clause for seg in lits for clause in at_most_one(seg, pool)]
    clauses += [sorted({*lits[row], *lits[col]}) for row, col in board.crossing.values()]
    return clauses


@lru_cache(maxsize=16)
def fresh_rules(params: LightUpParams) -> tuple[tuple[list[int], ...], int]:
    """`rule_clauses` with lamps 1..n in reading order (as `rules` numbers them from a fresh
    pool), and the pool's top after them: every session of the same walls gets the same."""
    whites = layout(params).whites
    pool = Variables(start_from=len(whites) + 1)
    return tuple(rule_clauses(params, dict(zip(whites, range(1, len(whites) + 1))), pool)), pool.top


def seen_from(params: LightUpParams, r: int, c: int) -> list[Cell]:
    """White cells a lamp at (r, c) lights, itself excluded: rays up to a wall or the edge."""
    out = []
    for dr, dc in STEPS:
        y, x = r + dr, c + dc
        while params.white(y, x):
            out.append((y, x))
            y, x = y + dr, x + dc
    return out


class LightUp(NumberClues, CluePuzzle[LightUpParams, Cell, Grid]):
    name = "lightup"
    clue_word = "lamps"
    aliases = ("light-up", "akari")
    title = "Light Up (Akari)"
    rules_text = ("Put lamps on white cells so that every white cell is lit (along its row and column, up to a wall), "
                  "no lamp lights another, and each numbered wall touches that many lamps.")
    codecs = (GridText(limit=EARLY), PuzzLinkCodec(genres=("lightup", "akari")), GridArray(limit=EARLY), TathamCodec(),
              GridJson(limit=EARLY), Pzprv3Codec(genres=("lightup", "akari")))
    tatham_game: ClassVar[str | None] = "lightup"  # the game in Simon Tatham's collection
    cell_names = {True: "lamp", False: "no lamp"}
    size = SIZE
    example = "....\n2#..\n..10\n...."

    # ---- text forms -----------------------------------------------------------------
    def _cell(self, ch: str, line: int | None, col: int | None) -> int | None:
        """-1 for white, None for a plain wall, 0..4 for a numbered wall."""
        if ch in WHITE_CHARS:
            return -1
        if ch in WALL_CHARS:
            return None
        if ch.isdecimal():
            if int(ch) > 4:
                raise PuzzleError(f"wall number {ch} is more than 4 (a wall has 4 neighbours)", line, col)
            return int(ch)
        raise PuzzleError(f"bad character {quote(ch)} (use . for white, # for a wall, 0-4 for a numbered wall)",
                          line, col)

    def _instance(self, cells: list[list[int | None]], where: list[int | None] | None = None) -> Instance:
        """From rows of cell codes (see `_cell`); `where` gives each row's input line."""
        width, height = len(cells[0]) if cells else 0, len(cells)
        if width < 1 or height < 1:
            raise PuzzleError("the board needs at least one row and one column")
        SIZE.check(self.name, width, height)
        walls, clues = set(), {}
        for r, row in enumerate(cells):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, expected {width}",
                                  where[r] if where else r + 1)
            for c, code in enumerate(row):
                if code is None or code >= 0:
                    walls.add((r, c))
                    if code is not None:
                        clues[(r, c)] = code
        return Instance(self.name, LightUpParams(width, height, frozenset(walls)), clues)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        return self._instance([[self._cell(t.text, t.line, t.column) for t in row] for row in rows],
                              [row.line for row in rows])

    def array_cell(self, e: Element, r: int, c: int) -> str:
        """Seed 000: ' ' white, 'W' wall, digits numbered walls."""
        s = plain_cell(e, r, c)
        if len(s) != 1:
            raise PuzzleError(f"array cell r{r + 1}c{c + 1} is {quote(e.value)}, expected one character",
                              e.line, e.column)
        self._cell(s, e.line, e.column)  # each cell refused in reading order, whichever its fault
        return s

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH[bN][sN][dN]:desc`; desc: letters = runs of white, B = wall, 0-4 = numbered wall."""
        width, height = tatham_grid_size(self, game, r"(?:b\d+)?(?:s\d+)?r?(?:d\d+)?", "7x7 or 7x7b20s4d0", EARLY)
        flat = tatham_cells(game, width * height, TATHAM_CELLS, -1)
        return self._instance([flat[r * width:(r + 1) * width] for r in range(height)])

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """`four_cell`: a numbered wall 0..4, `.` a plain wall (pzprjs's wall with no number), the
        rest white."""
        refuse_flags(link)
        SIZE.refuse_larger(self.name, link.cols, link.rows, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        flat = cursor.read_four_cell(link.cols * link.rows)
        cursor.end()
        codes = [-1 if v is None else None if v == UNKNOWN else v for v in flat]
        return self._instance([codes[r * link.cols:(r + 1) * link.cols] for r in range(link.rows)])

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        flat = [(inst.clues.get((r, c), UNKNOWN) if (r, c) in p.walls else None)
                for r in range(p.height) for c in range(p.width)]
        return PuzzLink("lightup", p.width, p.height, write_four_cell(flat))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """One block: a number 0..4 or `-` a wall, `#` a lamp, `.` and `+` (a cell marked
        dark) white."""
        block = pzl.cells()
        codes = [[-1 if item in ".+#" else None if item == "-" else self._pzprv3_number(pzl, item, r)
                  for item in row] for r, row in enumerate(block)]
        return self._instance(codes), tuple(tuple(item == "#" for item in row) for row in block)

    def _pzprv3_number(self, pzl: Pzprv3File, item: str, row: int) -> int:
        if not (item.isdecimal() and int(item) <= 4):
            raise pzl.at_cell(row, f"{quote(item)} in row {row + 1} is no Light Up cell (0-4, -, #, + or .)")
        return int(item)

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        p = inst.params

        def item(r: int, c: int) -> Any:
            if (r, c) in p.walls:
                return inst.clues.get((r, c), "-")
            return "#" if solution and solution[r][c] else "."
        return Pzprv3Writer("lightup", p.height, p.width).items(
            [[item(r, c) for c in range(p.width)] for r in range(p.height)])

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of cells as in the text form."""
        return self._instance([[self._cell(str(ch).strip() or ".", r + 1, c + 1) for c, ch in enumerate(row)]
                               for r, row in enumerate(grid)])

    def cells(self, inst: Instance, solution: Grid | None = None, lamp: str = "*",
              white: str = ".", wall: str = "#") -> list[list[str]]:
        """The board as characters, with lamps if a solution is given."""
        p = inst.params
        out = []
        for r in range(p.height):
            row = []
            for c in range(p.width):
                if (r, c) in p.walls:
                    row.append(str(inst.clues[(r, c)]) if (r, c) in inst.clues else wall)
                else:
                    row.append(lamp if solution is not None and solution[r][c] else white)
            out.append(row)
        return out

    def array_board(self, inst: Instance) -> list[list[str]]:
        return self.cells(inst, white=" ", wall="W")

    def array_solution(self, inst: Instance, solution: Grid) -> list[list[str]]:
        return self.cells(inst, solution, lamp="L", white=" ", wall="W")

    def tatham_id(self, inst: Instance) -> str:
        if inst.params.width < 2 or inst.params.height < 2:
            raise PuzzleError("Tatham's Light Up needs a board at least 2x2")
        return tatham_grid_id(inst.params.width, inst.params.height, self.cells(inst, wall="B"))

    def json_grid(self, inst: Instance) -> list[str]:
        return ["".join(row) for row in self.cells(inst)]

    def json_solution(self, inst: Instance, solution: Grid) -> dict:
        return {"grid": ["".join(row) for row in self.cells(inst, solution)],
                "lamps": [[r, c] for r, c in lamps_of(solution)]}

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: a plain wall solid, a numbered wall its number, '·' white."""
        return box_grid(self.cells(inst, white="\u00b7", wall=FILL), inner=NONE, pad=0)

    def solution_json(self, inst: Instance, solution: Grid) -> list[list[int]]:
        return [[int(v) for v in row] for row in solution]

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, one character a cell: `.` a white cell, `#` a wall, a digit 0-4 a wall "
                    "that must have exactly that many lamps on the cells just above, below, left and right of it")
    answer_format = ("the board with the lamps: one row per line, cells separated by single spaces, `*` a lamp, "
                     "`.` a white cell without one, and each wall as the board shows it (`#` or its digit)")
    answer_cells = (ANSWER_CELLS, "cell")  # a lamp (`*`, or L, @) and the rest (., #, digits, X, ...) in any case

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        """The board's characters with `*` for each lamp (on a wall too: so a wrong answer
        reads back as written)."""
        return grid_text([LAMP if lamp else ch for ch, lamp in zip(row, lamps)]
                         for row, lamps in zip(self.cells(inst), solution))

    def answer_credit(self, inst: Instance, answer: Grid, reference: Grid) -> float:
        """The lamps both have over the lamps either has (`overlap`): most cells hold no lamp."""
        return overlap([int(v) for row in answer for v in row], [int(v) for row in reference for v in row])

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's rotations and reflections that keep its shape."""
        return least_text(self.cells(inst))

    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham's Light Up: walls black with their numbers in white; in the solution,
        lamps as yellow discs and the cells they light pale yellow."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        lit: set[Cell] = set()
        if solution is not None:
            for seg in p.segments():
                if any(solution[r][c] for r, c in seg):
                    lit.update(seg)
        for r in range(p.height):
            for c in range(p.width):
                if (r, c) in p.walls:
                    board.shade(r, c, "black")
                    if (r, c) in inst.clues:
                        board.text(r, c, str(inst.clues[(r, c)]), 0.6, colour="white", bold=True)
                elif (r, c) in lit:
                    board.shade(r, c, "#fff3b0")
                if solution is not None and solution[r][c]:
                    board.circle(r, c, 0.3, face="#f5c518", edge="black")
        board.grid()

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: LightUpParams, pool: IDPool) -> Rules:
        if pool.top or pool.obj2id or reserves_ahead(pool):
            lamp = {cell: pool.id(("lamp", cell)) for cell in layout(params).whites}
            return Rules(rule_clauses(params, lamp, pool), list(lamp.values()), LightUpVars(lamp, pool))
        lamp = dict(zip(layout(params).whites, itertools.count(1)))  # what pool.id would give
        names = [("lamp", cell) for cell in lamp]
        pool.obj2id.update(zip(names, lamp.values()))
        pool.id2obj.update(zip(lamp.values(), names))
        made, pool.top = fresh_rules(params)  # the clauses and helpers of these walls, made once
        return Rules(list(made), list(lamp.values()), LightUpVars(lamp, pool))

    def one_shot_rules(self, params: LightUpParams, pool: IDPool) -> Rules:
        """The same rules with each segment's "at most one lamp" as one group (native on
        Minicard: no counter variables) and every lamp tried on first (`Rules.phases`).
        Open boards need both: tried off, lamp after lamp, an empty board turns into a
        pigeonhole problem (rows left without a lamp need more columns than remain), and a
        counter's helpers decided false switch lamps off just the same. An empty 12x12
        ran out of a 60 s budget, 100x100 now answers in 0.2 s."""
        lamp = {cell: pool.id(("lamp", cell)) for cell in layout(params).whites}
        board = layout(params)
        segments = [[lamp[cell] for cell in seg] for seg in board.segments]
        lit = [sorted({*segments[row], *segments[col]}) for row, col in board.crossing.values()]
        return Rules(lit, list(lamp.values()), LightUpVars(lamp, pool),
                     at_most_one=[seg for seg in segments if len(seg) > 1], phases=list(lamp.values()))

    def clue_clauses(self, params: LightUpParams, rules: Rules, key: Cell, value: int) -> list[list[int]]:
        around = layout(params).around
        lits = [rules.data.lamp[cell] for cell in (around[key] if key in around else params.neighbours(*key))]
        if value > len(lits):
            return [[]]  # more lamps than neighbours: this clue can never hold
        if value == 0:
            return [[-l] for l in lits]
        if value == len(lits):
            return [[l] for l in lits]
        return cardinality("equals", lits, value, rules.data.pool, EncType.seqcounter)

    def decode(self, params: LightUpParams, rules: Rules, true_vars) -> Grid:
        lamp = rules.data.lamp
        return tuple(tuple((r, c) in lamp and lamp[(r, c)] in true_vars for c in range(params.width))
                     for r in range(params.height))

    def solution_literals(self, params: LightUpParams, rules: Rules, solution: Grid) -> list[int]:
        return [v if solution[r][c] else -v for (r, c), v in rules.data.lamp.items()]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Lamps as booleans; each white cell has a lamp on itself or on one of its rays, and a
        lamp forbids lamps on its rays (ray casting here, segments in the CNF)."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        lamp = {cell: model.new_bool_var(f"L{cell[0]}_{cell[1]}") for cell in p.whites()}
        for cell, var in lamp.items():
            rays = seen_from(p, *cell)
            model.add_bool_or([var] + [lamp[o] for o in rays])
            for other in rays:
                if other > cell:
                    model.add_bool_or([var.Not(), lamp[other].Not()])
        for (r, c), n in inst.clues.items():
            model.add(sum(lamp[o] for o in p.neighbours(r, c)) == n)

        def decode(value) -> Grid:
            return tuple(tuple((r, c) in lamp and bool(value(lamp[(r, c)])) for c in range(p.width))
                         for r in range(p.height))

        return CpModel(model, list(lamp.values()), decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: LightUpParams) -> Iterable[Grid]:
        """All 2^white lamp layouts (walls never hold a lamp)."""
        whites = params.whites()
        for bits in itertools.product((False, True), repeat=len(whites)):
            on = {cell for cell, b in zip(whites, bits) if b}
            yield tuple(tuple((r, c) in on for c in range(params.width)) for r in range(params.height))

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        whites, sight, around = _board(p)
        problems = []
        lit = set()
        for r, c in lamps_of(solution):
            if (r, c) in p.walls:
                problems.append(f"lamp on the wall r{r + 1}c{c + 1}")
                continue
            lit.add((r, c))
            for y, x in sight[(r, c)]:
                lit.add((y, x))
                if solution[y][x] and (r, c) < (y, x):
                    problems.append(f"lamps r{r + 1}c{c + 1} and r{y + 1}c{x + 1} see each other")
        dark = [f"r{r + 1}c{c + 1}" for r, c in whites if (r, c) not in lit]
        if dark:
            problems.append("dark: " + " ".join(dark))
        for (r, c), n in inst.clues.items():
            got = sum(1 for y, x in around[(r, c)] if solution[y][x])
            if got != n:
                problems.append(f"wall r{r + 1}c{c + 1} wants {n} lamps next to it, has {got}")
        return problems


@lru_cache(maxsize=64)
def _board(params: LightUpParams) -> tuple[list[Cell], dict[Cell, list[Cell]], dict[Cell, list[Cell]]]:
    """For `verify`: the white cells, what each one sees (ray casting), and each wall's
    orthogonal neighbours (all of them: a lamp on a wall would count too)."""
    whites = params.whites()
    sight = {cell: seen_from(params, *cell) for cell in whites}
    around = {(r, c): [(r + dr, c + dc) for dr, dc in STEPS if params.inside(r + dr, c + dc)]
              for r, c in params.walls}
    return whites, sight, around


def lamps_of(solution: Grid) -> list[Cell]:
    return [(r, c) for r, row in enumerate(solution) for c, v in enumerate(row) if v]


PUZZLE = LightUp()
