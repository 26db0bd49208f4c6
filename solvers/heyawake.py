"""Heyawake: text forms, rules, decoding, verification.

Rules: the grid is divided into rooms (the structure, part of `params`); shade some cells so that
(1) a room with a number holds exactly that many shaded cells,
(2) no two shaded cells touch orthogonally,
(3) the unshaded cells are orthogonally connected,
(4) no straight run of unshaded cells in a row or column crosses more than one room border
    (spans three rooms; pzprjs counts the borders a run crosses, which says the same for
    rectangular rooms and is what we check for any room).
A clue is a room's number, keyed by the room's first cell in reading order (where it is printed).

One variable per cell, true = shaded, all primary. Each room gets a unary counter
(`exact_counts`), so a number is one literal and the rules are built once per structure. Rule
(4) is one clause per pair of neighbouring borders in a line: the cells from the one before
the first border to the one after the second hold a shaded cell. Connectivity is added lazily
(`cuts`, Range's and Singles' argument, the same two rules), and `dead_end` gives it to the
grade's probing; the CP-SAT model states it with distances from the first white cell instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
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
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.connectivity import neighbours, separation_cuts, white_components
from ..lab.toolkit.counting import exact_counts
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_borders, write_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, shaded, shading_items, wall_items
from ..lab.toolkit.regions import (
    Places,
    RoomBoard,
    cell_name,
    json_region_names,
    json_room_numbers,
    read_room_numbers,
    region_board,
    region_text_rows,
    renumbered,
    room_numbers_text,
    rooms_from_walls,
    split_numbers_line,
)
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.textgrid import (
    JsonObject,
    numbered_lines,
)

Cell = tuple[int, int]
Shading = tuple[tuple[bool, ...], ...]  # True = shaded
# Size limit: Nikoli prints Heyawake up to 17x17 (and a few larger); drawn 30x30 rooms with a
# quarter to all of their numbers check in 0.06 to 0.2 s, a generated unique 20x20 in under one.
SIZE = BoardLimit(30, 30, 1, 1)
EARLY = SIZE.early("heyawake")  # the readers' size check, on the rows of rooms alone
PUZZLINK_GENRES = ("heyawake",)


@dataclass(frozen=True)
class HeyawakeParams(RoomBoard):
    """A width x height board and its rooms (a room number per cell, numbered in order of first
    appearance row by row, each room connected). Build one with `room_board`, which checks."""

    width: int
    height: int
    rooms: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        SIZE.check("heyawake", self.width, self.height)
        if len(self.rooms) != self.height or any(len(row) != self.width for row in self.rooms):
            raise PuzzleError(f"heyawake rooms are not {self.height} rows of {self.width}")

    @cached_property
    def most(self) -> tuple[int, ...]:
        """Per room, a bound on the shaded cells it can hold: its cells less a matching of
        neighbouring pairs (each pair holds at most one), greedy in reading order; on a
        rectangle that is half its cells, rounded up."""
        out = []
        for cells in self.room_cells:
            inside, used = set(cells), set()
            for r, c in cells:
                if (r, c) in used:
                    continue
                for nb in ((r, c + 1), (r + 1, c)):
                    if nb in inside and nb not in used:
                        used |= {(r, c), nb}
                        break
            out.append(len(cells) - len(used) // 2)
        return tuple(out)


def room_board(rows: Sequence[Sequence[Any]], where: Places | None = None) -> HeyawakeParams:
    """Params from rows of room names; every room must be one connected set of cells (`where`
    gives each cell's line and column for the error)."""
    return region_board(HeyawakeParams, SIZE, "heyawake", rows, where, noun="room")


def border_spans(p: HeyawakeParams) -> list[list[Cell]]:
    """Rule (4)'s windows: in every row and column, for each two neighbouring room borders, the
    cells from the one before the first to the one after the second. A run of white cells
    crossing two borders or more covers one of them."""
    lines = [[(r, c) for c in range(p.width)] for r in range(p.height)]
    lines += [[(r, c) for r in range(p.height)] for c in range(p.width)]
    out = []
    for line in lines:
        walls = [i for i in range(len(line) - 1) if p.rooms[line[i][0]][line[i][1]]
                 != p.rooms[line[i + 1][0]][line[i + 1][1]]]
        out += [line[a:b + 2] for a, b in zip(walls, walls[1:])]
    return out


def room_counts(p: HeyawakeParams, shaded: Sequence[Sequence[bool]]) -> list[int]:
    """The shaded cells of each room: the generator's candidate clues."""
    return [sum(bool(shaded[r][c]) for r, c in cells) for cells in p.room_cells]


@dataclass
class HeyawakeVars:
    shade: list[list[int]]  # shade[r][c]: the cell is shaded (the name `separation_cuts` reads)
    eq: list[list[int]]  # eq[k][n]: room k holds exactly n shaded cells
    false: int  # a literal that never holds: a count past a room's bound


class Heyawake(CluePuzzle[HeyawakeParams, Cell, Shading]):
    name = "heyawake"
    aliases = ("heya",)
    title = "Heyawake"
    rules_text = ("Shade cells so that each numbered room holds that many shaded cells, no two shaded cells touch, "
                  "the unshaded cells are connected, and no straight run of unshaded cells spans three rooms.")
    codecs = (MethodCodec("text", solutions=True),
              PuzzLinkCodec(genres=PUZZLINK_GENRES),
              JsonCodec(solution_key="shaded"),
              Pzprv3Codec(genres=PUZZLINK_GENRES))
    cell_names = {True: "shaded", False: "white"}
    # cacheable: a number is one literal of its room's counter, built with the rules
    speed = Speed(rules_cacheable=True)
    size = SIZE
    # unique only by rules (3) and (4) together: without the run rule 103 shadings keep the
    # numbers, without connectivity 56
    example = "AABB\nAACC\nDDEE\nFFGG\nnumbers B=1 E=1"

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """Rows of room names, and an optional last line `numbers A=2 C=0 ...` (each room's
        number by its name). Names are one character each (letters, digits), or, when a row has
        spaces, words separated by spaces."""
        lines = numbered_lines(text)
        numbers_line = split_numbers_line(lines)
        names, places = region_text_rows(lines, EARLY, numbers_line[0] if numbers_line else None, noun="room")
        params = room_board(names, places)
        clues = (read_room_numbers(names, params.rooms, params.tops, numbers_line,
                                   lambda room, value: self._check_number(params, room, value))
                 if numbers_line else {})
        return Instance(self.name, params, clues)

    @staticmethod
    def _check_number(params: HeyawakeParams, room: int, value: int) -> None:
        size = len(params.room_cells[room])
        if not 0 <= value <= size:
            raise PuzzleError(f"number {value} in a room of {size} cell{'s' * (size > 1)} (at most {size})")

    def write_text(self, inst: Instance) -> str:
        p: HeyawakeParams = inst.params
        return room_numbers_text(p.rooms, p.count, inst.clues)

    def write_text_solution(self, inst: Instance, solution: Shading) -> str:
        return shading_text(solution)

    def solution_json(self, inst: Instance, solution: Shading) -> list[list[int]]:
        return [[int(s) for s in row] for row in solution]

    def from_json(self, text: str) -> Instance:
        """`rooms`: rows of room names (strings of one-character names, or lists of names or
        numbers); `numbers`: [row, column, number] triples, from 1, the cell any of its room's;
        `width` and `height`, when given, the grid's."""
        doc = JsonObject(text, self.name, ("width", "height", "rooms", "numbers"), self.aliases)
        params = room_board(json_region_names(doc, EARLY, "rooms", "room"))
        clues = json_room_numbers(doc, params.width, params.height, params.rooms, params.tops,
                                  lambda room, value: self._check_number(params, room, value))
        return Instance(self.name, params, clues)

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: HeyawakeParams = inst.params
        return {"width": p.width, "height": p.height, "rooms": [list(row) for row in p.rooms],
                "numbers": [[r + 1, c + 1, v] for (r, c), v in sorted(inst.clues.items())]}

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """pzprjs's heyawake.js: the rooms as `borders` (walls between cells), then the rooms'
        numbers in `numbers16`, one a room in order of their first cells."""
        refuse_flags(link)
        width, height = link.cols, link.rows
        SIZE.check(self.name, width, height, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        params = room_board(rooms_from_walls(*cursor.read_borders(width, height)))
        values = cursor.read_numbers16(params.count)
        cursor.end()
        clues: dict[Cell, int] = {}
        for k, v in enumerate(values):
            if v is None:
                continue
            if v == UNKNOWN:
                raise PuzzleError(f"puzz.link body: room {k + 1} holds a number not given (.): "
                                  "every Heyawake number counts", 1, cursor.places[k])
            with at_place(1, cursor.places[k]):
                self._check_number(params, k, v)
            clues[params.tops[k]] = v
        return Instance(self.name, params, clues)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p: HeyawakeParams = inst.params
        k = p.rooms
        right = [[k[r][c] != k[r][c + 1] for c in range(p.width - 1)] for r in range(p.height)]
        below = [[k[r][c] != k[r + 1][c] for c in range(p.width)] for r in range(p.height - 1)]
        numbers = write_numbers16([inst.clues.get(top) for top in p.tops])
        return PuzzLink(PUZZLINK_GENRES[0], p.width, p.height, write_borders(right, below) + numbers)

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Shading]:
        """pzprjs's heyawake.js: the rooms (walls, or room numbers in the first layout), the
        numbers (`.` none; one a room, on any of its cells: kept on its first), then the shading
        (`#`; `+` the player's dot); the lines the player may have drawn after, unread."""
        params = room_board(pzl.room_walls())
        clues: dict[Cell, int] = {}
        for r, row in enumerate(pzl.tokens()):
            for c, t in enumerate(row):
                if t.text == ".":
                    continue
                if t.text == "-":
                    raise bad_item(t, "is a number not given: every Heyawake number counts")
                if not t.text.isdecimal():
                    raise bad_item(t, "is no Heyawake number (a number or .)")
                room = params.rooms[r][c]
                if params.tops[room] in clues:
                    raise bad_item(t, f"is a second number in the room of {cell_name(params.tops[room])}")
                with at_place(t.line, t.column):
                    self._check_number(params, room, int(t.text))
                clues[params.tops[room]] = int(t.text)
        return Instance(self.name, params, clues), shaded(pzl.cells())

    def pzprv3(self, inst: Instance, solution: Shading | None) -> Pzprv3Writer:
        """As pzprjs saves it: the layout of walls (`pzprv3.1`), each number on its room's first cell."""
        p: HeyawakeParams = inst.params
        return (Pzprv3Writer(PUZZLINK_GENRES[0], p.height, p.width, version=1).borders(*wall_items(p.rooms))
                .grid(lambda r, c: inst.clues.get((r, c), ".")).items(shading_items(solution, p.height, p.width)))

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, one character a cell naming its room (cells with the same character form one "
                    "room; words separated by spaces on boards of many rooms); an optional last line `numbers` "
                    "gives rooms' numbers by name, like A=2 (room A holds exactly 2 shaded cells)")
    answer_format = SHADING_FORMAT

    def answer_text(self, inst: Instance, solution: Shading) -> str:
        return shading_text(solution)

    def read_answer(self, inst: Instance, text: str) -> Shading:
        p: HeyawakeParams = inst.params
        return read_shading(text, [[None] * p.width for _ in range(p.height)])

    def canonical(self, inst: Instance) -> str:
        """The least text form of the board's rotations and reflections: rooms renumbered in
        order of first appearance, each number moved to its room's new first cell."""
        p: HeyawakeParams = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            params = HeyawakeParams(w, h, renumbered(sym.grid(p.rooms)))
            clues = {}
            for (r, c), v in inst.clues.items():
                moved = sym.cell(r, c)
                clues[params.tops[params.rooms[moved[0]][moved[1]]]] = v
            forms.append(self.write_text(Instance(self.name, params, clues)))
        return min(forms)

    def describe_clue(self, key: Cell, value: int) -> str:
        return f"{cell_name(key)}={value}"

    def clue_json(self, key: Cell, value: int) -> dict:
        return {"row": key[0] + 1, "col": key[1] + 1, "number": value}

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        """The rooms in box drawing, heavy lines between them, each number in its room's first cell."""
        from ..lab.face.share import NONE, box_grid

        p: HeyawakeParams = inst.params
        cells = [[str(inst.clues[(r, c)]) if (r, c) in inst.clues else "·" for c in range(p.width)]
                 for r in range(p.height)]
        return box_grid(cells, p.rooms, inner=NONE)

    def draw(self, ax, inst: Instance, solution: Shading | None = None) -> None:
        """As Nikoli prints it: thin grid lines, heavy room borders, each number in its room's
        top-left cell; in the solution shaded cells black (a number on one in white)."""
        from ..lab.toolkit.draw import Board

        p: HeyawakeParams = inst.params
        board = Board(ax, p.width, p.height)
        for r, c in p.cells():
            shaded = solution is not None and solution[r][c]
            if shaded:
                board.shade(r, c, "black")
            if (r, c) in inst.clues:
                board.text(r, c, str(inst.clues[(r, c)]), 0.6, colour="white" if shaded else "black")
        board.grid(p.rooms)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: HeyawakeParams, pool: IDPool) -> Rules:
        """A shade variable per cell; no two shaded neighbours; with four cells or more, no white
        cell walled in by shaded neighbours (connectivity's one-cell case, up front); a shaded
        cell in each of rule (4)'s windows; a unary counter per room."""
        w, h = params.width, params.height
        first = variable_block(pool, w * h)
        shade = [[first + r * w + c for c in range(w)] for r in range(h)]
        clauses: list[Clause] = []
        for r, c in params.cells():
            nbs = neighbours(h, w, r, c)
            clauses += [[-shade[r][c], -shade[rr][cc]] for rr, cc in nbs if (rr, cc) > (r, c)]
            if w * h >= 4:
                clauses.append([shade[r][c]] + [-shade[rr][cc] for rr, cc in nbs])
        clauses += [[shade[r][c] for r, c in span] for span in border_spans(params)]
        false = pool.id()
        clauses.append([-false])
        eq = [exact_counts(pool, [shade[r][c] for r, c in cells], clauses, false, most)
              for cells, most in zip(params.room_cells, params.most)]
        return Rules(clauses, [v for row in shade for v in row], HeyawakeVars(shade, eq, false))

    def clue_clauses(self, params: HeyawakeParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        room = params.room_of_top(key)
        if room is None or isinstance(value, bool) or not isinstance(value, int):
            raise PuzzleError(f"clue {quote(key)}={quote(value)} is not a number in a room's first cell")
        self._check_number(params, room, value)
        data: HeyawakeVars = rules.data
        eq = data.eq[room]
        return [[eq[value] if value < len(eq) else data.false]]

    def decode(self, params: HeyawakeParams, rules: Rules, true_vars) -> Shading:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data.shade)

    def solution_literals(self, params: HeyawakeParams, rules: Rules, solution: Shading) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data.shade, solution) for v, s in zip(vrow, srow)]

    def cuts(self, params: HeyawakeParams, rules: Rules, solution: Shading, true_vars) -> list[Clause]:
        """The connectivity cuts Range and Singles use (`lab.connectivity`): their proof needs
        only rules (2) and (3), which Heyawake shares."""
        return separation_cuts(rules.data.shade, solution)

    def dead_end(self, params: HeyawakeParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """The cells not known shaded no longer join every known white cell."""
        shade = rules.data.shade
        w, h = params.width, params.height
        open_ = [[not holds(shade[r][c]) for c in range(w)] for r in range(h)]
        white = [(r, c) for r, c in params.cells() if holds(-shade[r][c])]
        if len(white) < 2:
            return False
        seen = {white[0]}
        stack = [white[0]]
        while stack:
            for rr, cc in neighbours(h, w, *stack.pop()):
                if open_[rr][cc] and (rr, cc) not in seen:
                    seen.add((rr, cc))
                    stack.append((rr, cc))
        return any(cell not in seen for cell in white)

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Linear sums per numbered room, a pair inequality per touching pair, "not all white"
        per run over two borders (found walking each line), connectivity by distances: the
        first white cell in reading order is the root (at 0), every other white cell one more
        than its nearest neighbour, shaded cells at `far`; a finite solution exists exactly when
        the white cells are connected, and it is unique, so each shading is met once."""
        from ortools.sat.python import cp_model

        p: HeyawakeParams = inst.params
        model = cp_model.CpModel()
        shaded = [[model.new_bool_var(f"s{r}_{c}") for c in range(p.width)] for r in range(p.height)]
        for (r, c), value in inst.clues.items():
            room = p.rooms[r][c]
            model.add(sum(shaded[rr][cc] for rr, cc in p.room_cells[room]) == value)
        for r, c in p.cells():
            if c + 1 < p.width:
                model.add(shaded[r][c] + shaded[r][c + 1] <= 1)
            if r + 1 < p.height:
                model.add(shaded[r][c] + shaded[r + 1][c] <= 1)
        for line in ([[(r, c) for c in range(p.width)] for r in range(p.height)]
                     + [[(r, c) for r in range(p.height)] for c in range(p.width)]):
            for a in range(len(line)):
                crossed = 0
                for b in range(a + 1, len(line)):
                    crossed += p.rooms[line[b - 1][0]][line[b - 1][1]] != p.rooms[line[b][0]][line[b][1]]
                    if crossed == 2:
                        model.add_bool_or([shaded[r][c] for r, c in line[a:b + 1]])
                        break
        self._connected(model, p, shaded)
        variables = [v for row in shaded for v in row]
        return CpModel(model, variables, lambda value: tuple(tuple(bool(value(v)) for v in row) for row in shaded))

    @staticmethod
    def _connected(model: Any, p: HeyawakeParams, shaded: list[list[Any]]) -> None:
        """The root is the first cell, or when it is shaded the second in reading order, which
        touches it and so is white."""
        cells = p.cells()
        if len(cells) < 2:
            return
        far = len(cells)
        first, second = cells[0], cells[1]
        dist = {cell: model.new_int_var(0, far, f"d{cell[0]}_{cell[1]}") for cell in cells}
        for cell in cells:
            s = shaded[cell[0]][cell[1]]
            model.add(dist[cell] == far).only_enforce_if(s)
            if cell == first:
                model.add(dist[cell] == 0).only_enforce_if(~s)
                continue
            nearest = model.new_int_var(0, far, "")
            model.add_min_equality(nearest, [dist[nb] for nb in neighbours(p.height, p.width, *cell)])
            if cell == second:
                model.add(dist[cell] == 0).only_enforce_if(shaded[first[0]][first[1]])
                model.add(dist[cell] == nearest + 1).only_enforce_if([~s, ~shaded[first[0]][first[1]]])
            else:
                model.add(dist[cell] == nearest + 1).only_enforce_if(~s)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: HeyawakeParams) -> Iterator[Shading]:
        """Every shading with no two shaded cells touching (1,234 on 4x4), as Range enumerates
        them (the same rule (2); refused past 36 cells)."""
        from .range import PUZZLE as RANGE
        from .range import RangeParams

        return iter(RANGE.candidates(RangeParams(params.width, params.height)))

    def verify(self, inst: Instance, solution: Shading) -> list[str]:
        """Every room's number, no shaded neighbours, white cells connected, no white run over
        two room borders."""
        p: HeyawakeParams = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = []
        counts = room_counts(p, solution)
        for (r, c), value in sorted(inst.clues.items()):
            n = counts[p.rooms[r][c]]
            if n != value:
                problems.append(f"the room of {cell_name((r, c))} holds {n} shaded cells, its number says {value}")
        for r, c in p.cells():
            if solution[r][c]:
                if c + 1 < p.width and solution[r][c + 1]:
                    problems.append(f"shaded {cell_name((r, c))} and {cell_name((r, c + 1))} touch")
                if r + 1 < p.height and solution[r + 1][c]:
                    problems.append(f"shaded {cell_name((r, c))} and {cell_name((r + 1, c))} touch")
        regions = white_components(solution)
        if len(regions) > 1:
            problems.append(f"white cells form {len(regions)} regions, not one")
        problems += [f"white run {cell_name(run[0])}-{cell_name(run[-1])} crosses {crossed} room borders"
                     for run, crossed in white_runs(p, solution) if crossed > 1]
        return problems


def white_runs(p: HeyawakeParams, shaded: Sequence[Sequence[bool]]) -> Iterable[tuple[list[Cell], int]]:
    """Every maximal run of white cells in a row or column, with the room borders it crosses."""
    lines = [[(r, c) for c in range(p.width)] for r in range(p.height)]
    lines += [[(r, c) for r in range(p.height)] for c in range(p.width)]
    for line in lines:
        run: list[Cell] = []
        for cell in [*line, None]:
            if cell is not None and not shaded[cell[0]][cell[1]]:
                run.append(cell)
                continue
            if len(run) > 1:
                yield run, sum(p.rooms[a[0]][a[1]] != p.rooms[b[0]][b[1]] for a, b in zip(run, run[1:]))
            run = []


PUZZLE = Heyawake()
