"""Tapa: text forms, rules, decoding, verification.

Rules: shade some cells of a width x height grid so that
(1) a clue cell is never shaded, and its one to four numbers are the lengths of the runs of
    shaded cells among its up to eight neighbours, read around the ring (in any order; a `?`
    is a run of unknown length, and a lone `?` allows no run at all, as pzprjs reads it);
(2) no 2x2 block is all shaded;
(3) the shaded cells are orthogonally connected, and there is at least one (pzprjs's
    `brNoShade`).
The clues are the clue cells; a clue left out leaves its cell free to be shaded. One variable
per cell, true = shaded, is primary. A clue is its cell unshaded and every prime implicate
of "the ring's runs match": plain clauses on the ring's cells, no helper variable, so unit
propagation sees all the clue says (`ring_clauses`). Connectivity is added lazily (`cuts`);
the CP-SAT model states it with distances from the first shaded cell instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
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
    quote,
    variable_block,
)
from ..lab.toolkit.answers import SHADING_FORMAT, read_shading, shading_text
from ..lab.toolkit.cellgrid import BoardCells, CellRow, GridJson, GridText, grid_instance
from ..lab.toolkit.codecs import PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.connectivity import neighbours, white_components
from ..lab.toolkit.numbering import NumberClues, cell_name
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, _runs, refuse_flags, size_column
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.textgrid import JsonObject, Token, json_shown

Cell = tuple[int, int]
Clue = tuple[int, ...]  # run lengths in the order given, UNKNOWN for a `?`; (0,) no shaded neighbour
Shading = tuple[tuple[bool, ...], ...]  # True = shaded
# Size limit: past any printed board (the big ones are 20x20); a sparse 30x30 board still
# checks in seconds with connectivity added as cuts.
SIZE = BoardLimit(30, 30, 1, 1)
EARLY = SIZE.early("tapa")  # the readers' size check, before any cell is read
BLANKS = {".", "-", "_"}
QUESTION = "?"
ENUMERATE_MOST = 20  # cells `candidates` enumerates (2^20 shadings)
# The ring around a cell, clockwise from the top left (pzprjs's getShadedLength order).
RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))
CLUE_TEXT = re.compile(r"[0-8?](?:,?[0-8?]){0,3}")


@dataclass(frozen=True)
class TapaParams(BoardCells):
    """A width x height board; the clue cells are the clues."""

    width: int
    height: int

    def __post_init__(self) -> None:
        SIZE.check("tapa", self.width, self.height)

    def ring(self, r: int, c: int) -> list[Cell | None]:
        """The eight cells around (r, c) in ring order, None where the ring leaves the board."""
        return [(r + dr, c + dc) if self.inside(r + dr, c + dc) else None for dr, dc in RING]


# ---- clues --------------------------------------------------------------------------------
def clue_problem(numbers: Sequence[int]) -> str | None:
    """Why these numbers are no Tapa clue (None: they are one). As pzprjs's isValidQnums: one
    number 0..8 or `?`; two to four numbers each 1.. or `?`, with room around the ring for
    their runs and a gap after each (count + sum at most 8, a `?` counting 1)."""
    if not 1 <= len(numbers) <= 4:
        return "a clue holds one to four numbers"
    if len(numbers) == 1:
        return None if numbers[0] == UNKNOWN or 0 <= numbers[0] <= 8 else "a lone number is 0..8"
    if any(n != UNKNOWN and n < 1 for n in numbers):
        return "0 stands only alone"
    if len(numbers) + sum(1 if n == UNKNOWN else n for n in numbers) > 8:
        return "its runs and the gaps between them need more than the 8 cells of a ring"
    return None


def normal_clue(numbers: Sequence[int]) -> Clue:
    """The clue's numbers in one order, largest first, `?` last: the same clue for the rules
    and `canonical` (a clue keeps the order it was given in, so that an address written
    back is the address read)."""
    return tuple(sorted(numbers, key=lambda n: -99 if n == UNKNOWN else n, reverse=True))


def clue_text(clue: Clue) -> str:
    return ",".join(QUESTION if n == UNKNOWN else str(n) for n in clue)


def read_clue(t: Token) -> Clue | None:
    """A cell of the text form: a blank, or a clue such as `3`, `3,1,1`, `311`, `?,2`."""
    if t.text in BLANKS or t.text == "":
        return None
    if not CLUE_TEXT.fullmatch(t.text):
        raise PuzzleError(f"bad cell {quote(t.text)} (a clue like 3 or 3,1,1 or ?, or . for none)", t.line, t.column)
    numbers = [UNKNOWN if ch == QUESTION else int(ch) for ch in t.text.replace(",", "")]
    problem = clue_problem(numbers)
    if problem:
        raise PuzzleError(f"clue {quote(t.text)}: {problem}", t.line, t.column)
    return tuple(numbers)


def runs(bits: Sequence[bool]) -> Clue:
    """The lengths of the runs of shaded cells around a ring of eight (cells off the board
    unshaded), largest first; (0,) when none is shaded."""
    if all(bits):
        return (8,)
    start = next(i for i, b in enumerate(bits) if not b)  # read from an unshaded cell: no run wraps
    out, length = [], 0
    for i in range(1, 9):
        if bits[(start + i) % 8]:
            length += 1
        elif length:
            out.append(length)
            length = 0
    return tuple(sorted(out, reverse=True)) or (0,)


RUNS = tuple(runs([bool(m >> i & 1) for i in range(8)]) for m in range(256))  # every ring pattern's runs


def matches(clue: Clue, found: Clue) -> bool:
    """Do a ring's runs `found` say `clue` (its `?` any run, a lone `?` also none)?"""
    if len(clue) != len(found):
        return False
    left = list(found)
    for n in clue:
        if n != UNKNOWN:
            if n not in left:
                return False
            left.remove(n)
    return True


@cache
def allowed_patterns(clue: Clue, present: int) -> tuple[int, ...]:
    """The ring patterns (bit i: ring cell i shaded) a clue allows, on a ring whose cells on
    the board are the bits of `present`."""
    return tuple(m for m in range(256) if m & ~present == 0 and matches(clue, RUNS[m]))


@cache
def allowed_set(clue: Clue) -> frozenset[int]:
    """Every ring pattern the clue allows, cells off the board taken as unshaded."""
    return frozenset(allowed_patterns(clue, 255))


@cache
def ring_clauses(clue: Clue, present: int = 255) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """Every prime implicate of "the ring matches `clue`", as clauses of (ring position,
    shaded?) literals: unit propagation on all of them finds everything the clue forces (a
    person's "this 7 leaves one gap"). A ring cut by the board's edge takes the full ring's
    clauses with its missing cells unshaded (still complete for propagation: propagating the
    restricted clauses is propagating the full ones with those cells set)."""
    if present != 255:
        restricted = set()
        for clause in ring_clauses(clue):
            if not any(not on and not present >> i & 1 for i, on in clause):
                restricted.add(tuple(lit for lit in clause if present >> lit[0] & 1))
        return tuple(sorted(c for c in restricted if not any(set(d) < set(c) for d in restricted)))
    ok = set(allowed_patterns(clue, 255))
    cubes = {(m, 255) for m in range(256) if m not in ok}
    primes: set[tuple[int, int]] = set()
    while cubes:  # merge cubes that differ in one cell (Quine and McCluskey): the forbidden patterns' prime cubes
        merged, larger = set(), set()
        for value, care in cubes:
            for j in range(8):
                bit = 1 << j
                if care & bit and (value ^ bit, care) in cubes:
                    larger.add((value & ~bit, care & ~bit))
                    merged.add((value, care))
        primes |= cubes - merged
        cubes = larger
    return tuple(sorted(tuple((j, not value >> j & 1) for j in range(8) if care >> j & 1) for value, care in primes))


def ring_present(params: TapaParams, r: int, c: int) -> int:
    return sum(1 << i for i, cell in enumerate(params.ring(r, c)) if cell is not None)


def ring_runs(params: TapaParams, shaded: Sequence[Sequence[bool]], r: int, c: int) -> Clue:
    return runs([cell is not None and bool(shaded[cell[0]][cell[1]]) for cell in params.ring(r, c)])


@dataclass(frozen=True)
class Layout:
    """A board's cells as flat indices (r * width + c), built once per size: `verify` runs on
    every one of the 42,176 candidate shadings of a 4x4 board in the brute-force check."""

    rings: tuple[tuple[tuple[int, int], ...], ...]  # per cell: (ring bit, flat index) of its ring on the board
    blocks: tuple[tuple[int, int, int, int], ...]  # every 2x2 block


@cache
def layout(params: TapaParams) -> Layout:
    w = params.width
    rings = tuple(tuple((i, cell[0] * w + cell[1]) for i, cell in enumerate(params.ring(r, c)) if cell is not None)
                  for r, c in params.cells())
    blocks = tuple((r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1)
                   for r in range(params.height - 1) for c in range(w - 1))
    return Layout(rings, blocks)


def shaded_components(shaded: Sequence[Sequence[bool]]) -> list[list[Cell]]:
    """The orthogonally connected groups of shaded cells, in reading order (the white regions
    of the shading turned over)."""
    return white_components([[not s for s in row] for row in shaded])


class Tapa(NumberClues, CluePuzzle[TapaParams, Cell, Shading]):
    name = "tapa"
    # cacheable: a clue's clauses are over cell variables only: nothing is drawn later
    speed = Speed(rules_cacheable=True)
    aliases = ()
    title = "Tapa"
    rules_text = ("Shade cells so that each clue lists the lengths of the runs of shaded cells among its eight "
                  "neighbours, clue cells stay unshaded, no 2x2 block is shaded, and the shaded cells are connected.")
    codecs = (GridText(spaced=True, limit=EARLY), PuzzLinkCodec(genres=("tapa",)),
              GridJson(limit=EARLY, solution_key="shaded"), Pzprv3Codec(genres=("tapa",)))
    cell_names = {True: "shaded", False: "unshaded"}
    clue_word = "clue"
    size = SIZE
    example = "  .   5   .   .\n  .   .   .   .\n  .   .   .   .\n  2   . 2,1   ."

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None = None) -> Instance:
        return grid_instance(self.name, rows, TapaParams, lambda t, params: read_clue(t), line)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of whitespace-separated cells: `.` none, a clue's numbers (0..8, `?` unknown)
        joined by commas or side by side."""
        return self._instance(rows, rows[0].line)

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """pzprjs's own encoding (tapa.js, decodeNumber_tapa): `0`-`8` a lone number, `9` four
        1s, `.` a lone `?`, two characters `a0`-`f...` (base 36) 360 + 6a + b for two numbers,
        396 + 16a + 4b + c for three, 460 + a 1-or-? bit each for four (0: `?`), and `g`-`z` a
        run of 1..20 cells without a clue."""
        refuse_flags(link)
        with at_place(1, size_column(link)):
            params = TapaParams(link.cols, link.rows)
        clues = read_tapa_body(Cursor(link.body, link.column), link.cols * link.rows)
        return Instance(self.name, params, {(i // link.cols, i % link.cols): v for i, v in clues.items()})

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p = inst.params
        return PuzzLink("tapa", p.width, p.height,
                        write_tapa_body([inst.clues.get((r, c)) for r in range(p.height) for c in range(p.width)]))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Shading]:
        """pzprjs's tapa.js (`decodeCellQnumAns_tapa`): one block, a clue's numbers joined by
        commas (`-` a `?`), `#` shaded, `+` (the player's dot) and `.` neither; the lines the
        player may have drawn after, unread."""
        with at_place(3):
            params = TapaParams(pzl.cols, pzl.rows)
        rows = pzl.tokens()
        clues = {(r, c): clue for r, row in enumerate(rows) for c, t in enumerate(row)
                 if (clue := self._pzprv3_clue(t)) is not None}
        return Instance(self.name, params, clues), tuple(tuple(t.text == "#" for t in row) for row in rows)

    @staticmethod
    def _pzprv3_clue(t: Token) -> Clue | None:
        if t.text in ("#", "+", "."):
            return None
        items = t.text.split(",")
        if not all(item == "-" or (item.isascii() and item.isdecimal()) for item in items):
            raise bad_item(t, "is no Tapa cell (a clue's numbers joined by commas, - a ?, or #, + or .)")
        numbers = tuple(UNKNOWN if item == "-" else int(item) for item in items)
        problem = clue_problem(numbers)
        if problem:
            raise bad_item(t, f"is no Tapa clue: {problem}")
        return numbers

    def pzprv3(self, inst: Instance, solution: Shading | None) -> Pzprv3Writer:
        def item(r: int, c: int) -> str:
            if (r, c) in inst.clues:
                return ",".join("-" if n == UNKNOWN else str(n) for n in inst.clues[(r, c)])
            return "#" if solution and solution[r][c] else "."
        return Pzprv3Writer("tapa", inst.params.height, inst.params.width).grid(item)

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of cells, null none, a clue as a string ("3,1,1"), a number or a list
        of numbers and "?"."""
        def number(x: Any) -> bool:  # one number of a clue: 0..8 or "?"
            return x == QUESTION or (isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 8)

        def token(v: Any, r: int) -> Token:
            if v is None:
                return Token("", None, None)
            if isinstance(v, list) and v and all(number(x) for x in v):
                return Token(",".join(str(x) for x in v), None, None)
            if isinstance(v, str) or number(v):
                return Token(str(v), None, None)
            raise doc.error("grid", f"row {r + 1} has {json_shown(v)}: a cell is null or a clue (numbers 0..8, ?)")
        return self._instance([[token(v, r) for v in row] for r, row in enumerate(grid)])

    def texts(self, inst: Instance, blank: str = ".") -> list[list[str]]:
        p = inst.params
        return [[clue_text(inst.clues[(r, c)]) if (r, c) in inst.clues else blank for c in range(p.width)]
                for r in range(p.height)]

    def cells(self, inst: Instance, solution: Shading | None = None) -> list[list[str]]:
        rows = self.texts(inst)
        if solution is not None:
            rows = [["#" if solution[r][c] else text for c, text in enumerate(row)] for r, row in enumerate(rows)]
        return rows

    def cell_width(self, inst: Instance) -> int:
        return max((len(clue_text(v)) for v in inst.clues.values()), default=1)

    def json_grid(self, inst: Instance) -> list[list[str | None]]:
        return [[None if text == "." else text for text in row] for row in self.texts(inst)]

    def solution_json(self, inst: Instance, solution: Shading) -> list[list[int]]:
        return [[int(s) for s in row] for row in solution]

    def describe_clue(self, key: Cell, value: Clue) -> str:
        return f"{cell_name(key)}={clue_text(value)}"

    def show_text(self, inst: Instance) -> str:
        """The clues in a box grid, cells without one empty."""
        from ..lab.face.share import box_grid

        return box_grid([["" if t == "." else t for t in row] for row in self.texts(inst)])

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's turns and mirrors: a ring turns and mirrors with the
        board and its runs keep their lengths, so each image has the same solutions, moved."""
        p = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            clues = {sym.cell(*cell): normal_clue(v) for cell, v in inst.clues.items()}
            forms.append(self.format(Instance(self.name, TapaParams(w, h), clues)))
        return min(forms)

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, cells separated by spaces: `.` a cell without a clue; a clue is its numbers "
                    "joined by commas (`3,1,1`), `?` a number not given")
    answer_format = SHADING_FORMAT

    def answer_text(self, inst: Instance, solution: Shading) -> str:
        return shading_text(solution)

    def read_answer(self, inst: Instance, text: str) -> Shading:
        p = inst.params
        lone = [[inst.clues[(r, c)][0] if len(inst.clues.get((r, c), (0, 0))) == 1
                 and inst.clues[(r, c)][0] != UNKNOWN else None for c in range(p.width)] for r in range(p.height)]
        return read_shading(text, lone)

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax: Any, inst: Instance, solution: Shading | None = None) -> None:
        """As Tapa is printed: thin grid lines, a clue's numbers together in its cell (one
        large; two, three or four smaller, set around the centre); in the solution shaded
        cells black."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for r, c in p.cells():
            if solution is not None and solution[r][c]:
                board.shade(r, c, "black")
            if (r, c) in inst.clues:
                numbers = [QUESTION if n == UNKNOWN else str(n) for n in inst.clues[(r, c)]]
                spots = SPOTS[len(numbers)]
                size = 0.6 if len(numbers) == 1 else 0.36
                for (dr, dc), text in zip(spots, numbers):
                    board.text(r + dr, c + dc, text, size)
        board.grid(colour="black")

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: TapaParams, pool: IDPool) -> Rules:
        """A shade variable per cell; no 2x2 block all shaded; at least one cell shaded."""
        w, h = params.width, params.height
        first = variable_block(pool, w * h)
        shade = [[first + r * w + c for c in range(w)] for r in range(h)]
        clauses: list[Clause] = [[-shade[r][c], -shade[r][c + 1], -shade[r + 1][c], -shade[r + 1][c + 1]]
                                 for r in range(h - 1) for c in range(w - 1)]
        clauses.append([v for row in shade for v in row])
        return Rules(clauses, [v for row in shade for v in row], shade)

    def clue_clauses(self, params: TapaParams, rules: Rules, key: Cell, value: Clue) -> list[Clause]:
        """The cell unshaded, and every prime implicate of its ring matching the clue."""
        r, c = self._check_clue(params, key, value)
        ring = params.ring(r, c)
        shade = rules.data
        out: list[Clause] = [[-shade[r][c]]]
        for clause in ring_clauses(normal_clue(value), ring_present(params, r, c)):
            out.append([shade[ring[i][0]][ring[i][1]] * (1 if on else -1)  # type: ignore[index]
                        for i, on in clause])
        return out

    @staticmethod
    def _check_clue(params: TapaParams, key: Any, value: Any) -> Cell:
        if not (isinstance(key, tuple) and len(key) == 2 and params.inside(*key)):
            raise PuzzleError(f"clue {quote(key)} is outside the {params.width}x{params.height} board")
        if not (isinstance(value, tuple) and all(isinstance(n, int) and not isinstance(n, bool) for n in value)) \
                or clue_problem(value):
            raise PuzzleError(f"clue {quote(value)} at {quote(key)} is no Tapa clue")
        return key

    def decode(self, params: TapaParams, rules: Rules, true_vars) -> Shading:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data)

    def solution_literals(self, params: TapaParams, rules: Rules, solution: Shading) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data, solution) for v, s in zip(vrow, srow)]

    def cuts(self, params: TapaParams, rules: Rules, solution: Shading, true_vars) -> list[Clause]:
        """For each group G of shaded cells when there are several: a cell of G and a cell of
        the next group are not both shaded unless some cell of G's unshaded border is (any
        way between them leaves G through that border). Clauses every solution keeps."""
        groups = shaded_components(solution)
        if len(groups) <= 1:
            return []
        shade = rules.data
        out = []
        for k, group in enumerate(groups):
            inside = set(group)
            border = sorted({nb for cell in group for nb in neighbours(params.height, params.width, *cell)
                             if nb not in inside})
            a, b = group[0], groups[(k + 1) % len(groups)][0]
            out.append([-shade[a[0]][a[1]], -shade[b[0]][b[1]]] + [shade[r][c] for r, c in border])
        return out

    def dead_end(self, params: TapaParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """The shaded cells set so far cannot all be joined through cells not set unshaded (or
        every cell is set unshaded)."""
        shade = rules.data
        open_cells = [[not holds(-v) for v in row] for row in shade]
        groups = shaded_components(open_cells)
        touched = [g for g in groups if any(holds(shade[r][c]) for r, c in g)]
        return len(touched) > 1 or not groups

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Shading booleans; a clue as its cell unshaded and its ring one of the patterns the
        clue allows (a table); each 2x2 block at most three shaded; connectivity by distances
        from the first shaded cell in reading order (a root flag: shaded, none before it):
        every other shaded cell is 1 + the nearest of its neighbours (unshaded cells at
        `far`), finite only when the shaded cells are connected, and a function of the
        shading, so enumeration meets each shading once."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        shaded = {cell: model.new_bool_var(f"s{cell[0]}_{cell[1]}") for cell in p.cells()}
        for r in range(p.height - 1):
            for c in range(p.width - 1):
                model.add(sum(shaded[(r + dr, c + dc)] for dr in (0, 1) for dc in (0, 1)) <= 3)
        for (r, c), clue in inst.clues.items():
            model.add(shaded[(r, c)] == 0)
            ring = [cell for cell in p.ring(r, c)]
            places = [i for i, cell in enumerate(ring) if cell is not None]
            patterns = [[m >> i & 1 for i in places]
                        for m in allowed_patterns(normal_clue(clue), ring_present(p, r, c))]
            model.add_allowed_assignments([shaded[ring[i]] for i in places], patterns)  # type: ignore[index]
        cells = p.cells()
        model.add_bool_or([shaded[cell] for cell in cells])
        far = len(cells)
        dist = {cell: model.new_int_var(0, far, "") for cell in cells}
        before = None  # "some cell before this one is shaded"
        for cell in cells:
            s = shaded[cell]
            root = model.new_bool_var("")
            if before is None:
                model.add(root == s)
            else:
                model.add_bool_and([s, ~before]).only_enforce_if(root)
                model.add_bool_or([~s, before, root])
            model.add(dist[cell] == far).only_enforce_if(~s)
            model.add(dist[cell] == 0).only_enforce_if(root)
            nearest = model.new_int_var(0, far, "")
            around = [dist[nb] for nb in neighbours(p.height, p.width, *cell)]
            if around:
                model.add_min_equality(nearest, around)
            else:  # a 1x1 board: its one cell is the root or unshaded
                model.add(nearest == far)
            model.add(dist[cell] == nearest + 1).only_enforce_if([s, ~root])
            model.add(dist[cell] < far).only_enforce_if(s)
            now = model.new_bool_var("")
            model.add_bool_or([now.Not(), s] + ([before] if before is not None else []))
            model.add_implication(s, now)
            if before is not None:
                model.add_implication(before, now)
            before = now
        grid = [[shaded[(r, c)] for c in range(p.width)] for r in range(p.height)]
        variables = [v for row in grid for v in row]
        return CpModel(model, variables, lambda value: tuple(tuple(bool(value(v)) for v in row) for row in grid))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: TapaParams) -> Iterator[Shading]:
        """Every shading without an all-shaded 2x2 block (42,176 of the 65,536 on 4x4):
        stacks of rows, no two rows in a row shading the same two neighbouring cells."""
        w, h = params.width, params.height
        if w * h > ENUMERATE_MOST:
            raise PuzzleError(f"a {w}x{h} board is too large to enumerate")
        rows = {m: tuple(bool(m >> c & 1) for c in range(w)) for m in range(1 << w)}

        def stack(above: int, depth: int) -> Iterator[list[int]]:
            if depth == h:
                yield []
                return
            for m in rows:
                both = m & above
                if not both & (both >> 1):
                    for rest in stack(m, depth + 1):
                        yield [m, *rest]

        for masks in stack(0, 0):
            yield tuple(rows[m] for m in masks)

    def verify(self, inst: Instance, solution: Shading) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        where = layout(p)
        flat = [bool(s) for row in solution for s in row]
        problems = []
        for (r, c), clue in sorted(inst.clues.items()):
            i = r * p.width + c
            if flat[i]:
                problems.append(f"{cell_name((r, c))} holds the clue {clue_text(clue)} but is shaded")
                continue
            ring = sum(1 << bit for bit, j in where.rings[i] if flat[j])
            if ring not in allowed_set(normal_clue(clue)):
                found = RUNS[ring]
                problems.append(f"{cell_name((r, c))} says {clue_text(clue)}, its ring has runs {clue_text(found)}")
        for a, b, c, d in where.blocks:
            if flat[a] and flat[b] and flat[c] and flat[d]:
                problems.append(f"the 2x2 block at {cell_name(divmod(a, p.width))} is all shaded")
        groups = shaded_components(solution)
        if not groups:
            problems.append("no cell is shaded")
        elif len(groups) > 1:
            problems.append(f"shaded cells form {len(groups)} groups, not one")
        return problems


# where a clue's numbers stand in its cell, as offsets from the centre in cells
SPOTS = {
    1: [(0.0, 0.0)],
    2: [(-0.2, -0.2), (0.2, 0.2)],
    3: [(-0.22, 0.0), (0.2, -0.22), (0.2, 0.22)],
    4: [(-0.22, 0.0), (0.0, 0.24), (0.22, 0.0), (0.0, -0.24)],
}


# ---- puzz.link ------------------------------------------------------------------------------
def read_tapa_body(cursor: Cursor, cells: int) -> dict[int, Clue]:
    """tapa.js's decodeNumber_tapa, refusing what it would skip over silently."""
    out: dict[int, Clue] = {}
    body, i, at = cursor.body, cursor.at, 0
    while at < cells and i < len(body):
        ch, start = body[i], i
        numbers: list[int] | None = None
        if ch in "012345678":
            numbers = [int(ch)]
        elif ch == "9":
            numbers = [1, 1, 1, 1]
        elif ch == ".":
            numbers = [UNKNOWN]
        elif ch in "abcdef":
            pair = body[i:i + 2]
            if len(pair) < 2 or not pair.isalnum() or not pair.isascii():
                raise cursor.refuse(f"{quote(pair)} is not a two-character clue", start - cursor.at)
            numbers = two_char_clue(int(pair, 36))
            if numbers is None:
                raise cursor.refuse(f"{quote(pair)} is no clue (360..475 in base 36)", start - cursor.at)
            i += 1
        elif "g" <= ch <= "z":
            at += int(ch, 36) - 16
        else:
            raise cursor.refuse(f"{quote(ch)} is not a clue or a run of cells without one", start - cursor.at)
        if numbers is not None:
            problem = clue_problem(numbers)
            if problem:
                raise cursor.refuse(f"{quote(body[start:i + 1])} is no Tapa clue: {problem}", start - cursor.at)
            out[at] = tuple(numbers)
        at += 1
        i += 1
    cursor.at = i
    cursor.end()
    return out


def two_char_clue(code: int) -> list[int] | None:
    """The numbers of a two-character code (0 in a place: `?`), None outside its ranges."""
    if 360 <= code < 396:
        digits = [(code - 360) // 6, (code - 360) % 6]
    elif 396 <= code < 460:
        n = code - 396
        digits = [n // 16, n // 4 % 4, n % 4]
    elif 460 <= code < 476:
        n = code - 460
        digits = [n >> 3 & 1, n >> 2 & 1, n >> 1 & 1, n & 1]
    else:
        return None
    return [d or UNKNOWN for d in digits]


def write_tapa_body(clues: Sequence[Clue | None]) -> str:
    """tapa.js's encodeNumber_tapa for each cell, runs of cells without a clue as g..z."""
    def token(clue: Clue | None) -> str | None:
        if clue is None:
            return None
        known = [0 if n == UNKNOWN else n for n in clue]
        if len(clue) == 1:
            return "." if clue[0] == UNKNOWN else str(clue[0])
        if len(clue) == 2:
            return base36(known[0] * 6 + known[1] + 360)
        if len(clue) == 3:
            return base36(known[0] * 16 + known[1] * 4 + known[2] + 396)
        if known == [1, 1, 1, 1]:
            return "9"
        return base36(sum(bit << (3 - k) for k, bit in enumerate(known)) + 460)
    return _runs([token(v) for v in clues], 15, 20)


def base36(value: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return digits[value // 36] + digits[value % 36]


PUZZLE = Tapa()
