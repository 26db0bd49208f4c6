"""Country Road: text forms, rules, decoding, verification.

Rules: the grid is divided into rooms (the structure, part of `params`); draw one closed loop
through cell centres (orthogonal steps, no branch, no crossing) that
(1) visits every room exactly once: it enters and leaves each room once (crosses its border
    twice; a board of one room holds the whole loop),
(2) passes as many cells of a numbered room as its number says,
(3) leaves no two cells on either side of a room border both unvisited.
A clue is a room's number, keyed by the room's first cell in reading order (where it is
printed), as Heyawake's. A solution is the grid of loop shapes, as Pearl's: each cell the
directions ("UDLR" order) the loop leaves it by, "" for a cell it does not visit.

The loop is Pearl's: its edge and "on" variables, its degree clauses, `decode`,
`solution_literals` and the lazy units once a loop is closed. Each room adds a clause that
some cell of it is on, and, on a board of two rooms or more, a unary counter over the edges
crossing its border fixed at exactly two (`exact_counts`: the counter sees "two are used, so
no other is" and "only two are left, so both are"); each pair of neighbours in two rooms a
clause that one is on; each room a unary counter of its cells on, so a number is one literal
and the rules are built once per structure. That the line is one loop goes in lazily
(`cuts`) as clauses over rooms: a piece of line through some rooms only must cross to the
others, and a loop inside one room must leave the cells the room's own path leaves it (an
open 20x20 board took 82 rounds of Pearl's cuts, 16 of these; a generated one, minutes of
them where Pearl's cut one cell set of a loop inside a room at a time).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
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
)
from ..lab.toolkit.answers import grid_text
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.counting import exact_counts
from ..lab.toolkit.paths import find, joined, numbered_edges
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, size_column, write_borders, write_numbers16
from ..lab.toolkit.pzprv3 import (
    Pzprv3File,
    Pzprv3Writer,
    bad_item,
    loop_items,
    loop_shapes,
    wall_items,
    walled_rooms,
)
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
    walls_between,
)
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.textgrid import JsonObject, numbered_lines
from .pearl import BOX, DIRS, OPPOSITE, STEP, EdgeVars, PearlParams, loops_of, read_shape, used_edges
from .pearl import PUZZLE as PEARL

Cell = tuple[int, int]
Loop = tuple[tuple[str, ...], ...]  # each cell's loop shape, directions in "UDLR" order ("" unvisited)
# Size limit: the one-loop rule goes in as cuts, one solver call each, as for Pearl and Yajilin.
SIZE = BoardLimit(30, 30, 2, 2)
EARLY = SIZE.early("country")  # the readers' size check, on the rows of rooms alone
PUZZLINK_GENRES = ("country",)
WALL = re.compile(r"[1-9]\d*")  # a wall in pzprjs's file (`-1`: the player's cross)
EMPTY_ROOMS = "country_empty"  # pzprjs's option (flag `e`): rooms the loop need not visit, another rule


def step(cell: Cell, d: str) -> Cell:
    dr, dc = STEP[d]
    return cell[0] + dr, cell[1] + dc


@dataclass(frozen=True)
class CountryParams(RoomBoard):
    """A width x height board and its rooms (a room number per cell, numbered in order of first
    appearance row by row, each room connected). Build one with `country_board`, which checks."""

    width: int
    height: int
    rooms: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        SIZE.check("country", self.width, self.height)
        if len(self.rooms) != self.height or any(len(row) != self.width for row in self.rooms):
            raise PuzzleError(f"country rooms are not {self.height} rows of {self.width}")

    @property
    def loop(self) -> PearlParams:
        """The board as Pearl's, whose loop this is."""
        return PearlParams(self.width, self.height)

    @cached_property
    def walls(self) -> tuple[tuple[Cell, Cell, str], ...]:
        """Every pair of neighbours in two rooms once: (cell, its right or lower neighbour, "R" or "D")."""
        return tuple((cell, nxt, d) for cell in self.cells() for d in "RD"
                     if self.inside(*(nxt := step(cell, d))) and self.room(nxt) != self.room(cell))

    @cached_property
    def crossings(self) -> tuple[tuple[tuple[Cell, str], ...], ...]:
        """Per room, the edges across its border, each as (its cell inside, the way out)."""
        out: list[list[tuple[Cell, str]]] = [[] for _ in range(self.count)]
        for a, b, d in self.walls:
            out[self.room(a)].append((a, d))
            out[self.room(b)].append((b, OPPOSITE[d]))
        return tuple(tuple(edges) for edges in out)


def country_board(rows: Sequence[Sequence[Any]], where: Places | None = None) -> CountryParams:
    """Params from rows of room names; every room must be one connected set of cells (`where`
    gives each cell's line and column for the error)."""
    return region_board(CountryParams, SIZE, "country", rows, where, noun="room")


def refuse_inner_walls(p: CountryParams, right: Sequence[Sequence[bool]], below: Sequence[Sequence[bool]]) -> None:
    """Refuse a wall between two cells of one room: pzprjs counts the loop crossing it as
    entering a room, and both cells left empty beside it as a broken rule, where our rooms
    have no such wall."""
    for a, b, wall in ([((r, c), (r, c + 1), w) for r, row in enumerate(right) for c, w in enumerate(row)]
                       + [((r, c), (r + 1, c), w) for r, row in enumerate(below) for c, w in enumerate(row)]):
        if wall and p.room(a) == p.room(b):
            raise PuzzleError(f"a wall between {cell_name(a)} and {cell_name(b)}, two cells of one room: "
                              "Country Road's walls part rooms")


def room_cut(p: CountryParams, data: CountryVars, loop: Loop, room: int) -> list[Clause]:
    """For a room holding a loop of its own: the room's cells no piece crossing its border
    passes (`free`; the crossing piece passes the rest). A cell of them on the one loop means
    the loop leaves them, as it visits other rooms: a clause a cell, each with the edges out."""
    crossing = {cell for cell, d in p.crossings[room] if d in loop[cell[0]][cell[1]]}
    todo, seen = list(crossing), set(crossing)
    while todo:  # the crossing piece's cells in the room, along the loop
        cell = todo.pop()
        for d in loop[cell[0]][cell[1]]:
            nxt = step(cell, d)
            if p.room(nxt) == room and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    free = [cell for cell in p.room_cells[room] if cell not in seen]
    inside = set(free)
    out = [v for cell in free for d in DIRS
           if (v := data.var.get((cell, d))) is not None and step(cell, d) not in inside]
    return [[-data.on[cell], *out] for cell in free]


def small_loops(p: CountryParams, var: dict[tuple[Cell, str], int]) -> list[Clause]:
    """No loop round a 2x2 block of cells that leave out a room: it would be the whole loop
    (implied by the rules, so sound; without it an open board's models are full of such
    squares, each ruled out by a round of cuts)."""
    out = []
    for r in range(p.height - 1):
        for c in range(p.width - 1):
            if len({p.rooms[r][c], p.rooms[r][c + 1], p.rooms[r + 1][c], p.rooms[r + 1][c + 1]}) < p.count:
                out.append([-var[((r, c), "R")], -var[((r, c), "D")], -var[((r + 1, c), "R")],
                            -var[((r, c + 1), "D")]])
    return out


def visits(p: CountryParams, loop: Loop) -> list[int]:
    """The cells the loop visits in each room: the generator's candidate clues."""
    return [sum(bool(loop[r][c]) for r, c in cells) for cells in p.room_cells]


def crossed(p: CountryParams, loop: Loop) -> list[int]:
    """How many times the loop crosses each room's border (read on the room's side)."""
    return [sum(d in loop[a[0]][a[1]] for a, d in edges) for edges in p.crossings]


@dataclass
class CountryVars(EdgeVars):
    """Pearl's edge and "on" variables, and each room's counter of the cells on the loop."""

    counts: list[list[int]] = field(default_factory=list)  # counts[k][n]: room k has exactly n cells on the loop
    false: int = 0  # a literal that never holds: a count past a room's cells


class Country(CluePuzzle[CountryParams, Cell, Loop]):
    name = "country"
    aliases = ("country-road",)
    title = "Country Road: one loop through every room once"
    rules_text = ("Draw one loop through cell centres that enters and leaves every room exactly once; a number says "
                  "how many cells of its room the loop visits, and two cells either side of a room border are "
                  "never both left unvisited.")
    codecs = (MethodCodec("text", solutions=True),
              PuzzLinkCodec(genres=PUZZLINK_GENRES),
              JsonCodec(solution_key="loop"),
              Pzprv3Codec(genres=PUZZLINK_GENRES))
    # cacheable: a number is one literal of its room's counter, built with the rules
    speed = Speed(rules_cacheable=True)
    size = SIZE
    # every rule is needed: without the once-a-room rule 26 loops keep the rest, without the number 5,
    # without a visit to every room 5, without the border rule 8
    example = "AABB\nABBB\nAACB\nDDCE\nnumbers D=2"

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """Rows of room names, and an optional last line `numbers A=2 C=3 ...` (each room's
        number by its name). Names are one character each (letters, digits), or, when a row has
        spaces, words separated by spaces."""
        lines = numbered_lines(text)
        numbers_line = split_numbers_line(lines)
        names, places = region_text_rows(lines, EARLY, numbers_line[0] if numbers_line else None)
        params = country_board(names, places)
        clues = (read_room_numbers(names, params.rooms, params.tops, numbers_line,
                                   lambda room, value: self._check_number(params, room, value))
                 if numbers_line else {})
        return Instance(self.name, params, clues)

    @staticmethod
    def _check_number(params: CountryParams, room: int, value: int) -> None:
        size = len(params.room_cells[room])
        if not 1 <= value <= size:
            raise PuzzleError(f"number {value} in a room of {size} cell{'s' * (size > 1)} "
                              f"(1 to {size}: the loop visits every room)")

    def write_text(self, inst: Instance) -> str:
        p: CountryParams = inst.params
        return room_numbers_text(p.rooms, p.count, inst.clues)

    def write_text_solution(self, inst: Instance, solution: Loop) -> str:
        """The loop in box drawing, a line between the cells it joins across a row."""
        return "\n".join("".join(BOX[s] + ("─" if "R" in s else " ") for s in row).rstrip() for row in solution)

    def solution_json(self, inst: Instance, solution: Loop) -> list[list[str]]:
        return [list(row) for row in solution]

    def from_json(self, text: str) -> Instance:
        """`regions`: rows of room names (strings of one-character names, or lists of names or
        numbers); `numbers`: [row, column, number] triples, from 1, the cell any of its room's;
        `width` and `height`, when given, the grid's."""
        doc = JsonObject(text, self.name, ("width", "height", "regions", "numbers"), self.aliases)
        params = country_board(json_region_names(doc, EARLY))
        clues = json_room_numbers(doc, params.width, params.height, params.rooms, params.tops,
                                  lambda room, value: self._check_number(params, room, value))
        return Instance(self.name, params, clues)

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: CountryParams = inst.params
        return {"width": p.width, "height": p.height, "regions": [list(row) for row in p.rooms],
                "numbers": [[r + 1, c + 1, v] for (r, c), v in sorted(inst.clues.items())]}

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """pzprjs's country.js: the rooms as `borders` (walls between cells), then the rooms'
        numbers as `numbers16`, one a room in reading order of the rooms' first cells (`.` a
        number not shown, refused: it says nothing). The flag `e` (rooms the loop may leave
        out) is another rule."""
        if link.flags:
            why = "rooms the loop may leave out is another rule" if link.flags == "e" else "Country Road reads none"
            raise PuzzleError(f"a puzz.link {link.genre} address with the flags {quote(link.flags)}: {why}",
                              1, max(1, size_column(link) - len(link.flags) - 1))
        width, height = link.cols, link.rows
        SIZE.check(self.name, width, height, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        walls = cursor.read_borders(width, height)
        params = country_board(rooms_from_walls(*walls))
        with at_place(1, link.column):
            refuse_inner_walls(params, *walls)
        values = cursor.read_numbers16(params.count)
        cursor.end()
        clues: dict[Cell, int] = {}
        for k, v in enumerate(values):
            if v is None:
                continue
            if v == UNKNOWN:
                raise PuzzleError(f"puzz.link body: room {k + 1} holds a number not shown (.): "
                                  "leave the room without a number", 1, cursor.places[k])
            with at_place(1, cursor.places[k]):
                self._check_number(params, k, v)
            clues[params.tops[k]] = v
        return Instance(self.name, params, clues)

    def puzzlink(self, inst: Instance) -> PuzzLink:
        p: CountryParams = inst.params
        numbers = write_numbers16([inst.clues.get(top) for top in p.tops])
        return PuzzLink(PUZZLINK_GENRES[0], p.width, p.height, write_borders(*walls_between(p.rooms)) + numbers)

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Loop]:
        """pzprjs's country.js: from `pzprv3.1` a line of options (`country_empty`, rooms the
        loop may leave out, refused as in the address); the rooms (room numbers, walls from
        `pzprv3.2`); the numbers (`.` none, `-` one not shown, refused; one a room, on any of
        its cells: kept on its first); then the loop on the edges between cells (`-1` the
        player's cross); the circles and crosses the player may have put in cells after,
        unread."""
        if pzl.version >= 1:
            options = pzl.line()
            if EMPTY_ROOMS in options.split(","):
                raise pzl.refuse(f"{quote(EMPTY_ROOMS)}: rooms the loop may leave out is another rule", -1)
        SIZE.check(self.name, pzl.cols, pzl.rows, line=3)
        if pzl.version >= 2:
            start = pzl.first_line + pzl.at
            right, below = pzl.borders()
            params = country_board(walled_rooms(right, below))
            with at_place(start, 1):
                refuse_inner_walls(params, *([[WALL.fullmatch(item) is not None for item in row] for row in block]
                                             for block in (right, below)))
        else:
            params = country_board(walled_rooms(*wall_items(pzl.rooms())))
        clues: dict[Cell, int] = {}
        for r, row in enumerate(pzl.tokens()):
            for c, t in enumerate(row):
                if t.text == ".":
                    continue
                if t.text == "-":
                    raise bad_item(t, "is a number not shown: leave the room without a number")
                if not t.text.isdecimal():
                    raise bad_item(t, "is no Country Road number (a number or .)")
                room = params.rooms[r][c]
                if params.tops[room] in clues:
                    raise bad_item(t, f"is a second number in the room of {cell_name(params.tops[room])}")
                with at_place(t.line, t.column):
                    self._check_number(params, room, int(t.text))
                clues[params.tops[room]] = int(t.text)
        return Instance(self.name, params, clues), loop_shapes(*pzl.borders())

    def pzprv3(self, inst: Instance, solution: Loop | None) -> Pzprv3Writer:
        """As pzprjs's test scripts save it (`pzprv3`, which needs no line of options): the rooms
        as numbers, each number on its room's first cell, the loop, no circles or crosses."""
        p: CountryParams = inst.params
        return (Pzprv3Writer(PUZZLINK_GENRES[0], p.height, p.width).rooms(p.rooms)
                .grid(lambda r, c: inst.clues.get((r, c), "."))
                .borders(*loop_items(solution, p.height, p.width)).grid(lambda r, c: 0))

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, one character a cell naming its room (cells with the same character form one "
                    "room; words separated by spaces on boards of many rooms); an optional last line `numbers` "
                    "gives rooms' numbers by name, like A=2 (the loop visits exactly 2 cells of room A)")
    answer_format = ("the loop: one row per line, cells separated by single spaces; each cell the two directions the "
                     "loop leaves it by, in the order U D L R (U up, D down, L left, R right: `UD`, `LR`, `DR`, `DL`, "
                     "`UR` or `UL`), or `.` for a cell the loop does not visit")
    answer_cells = (read_shape, "cell")

    def answer_text(self, inst: Instance, solution: Loop) -> str:
        return grid_text([s or "." for s in row] for row in solution)

    def canonical(self, inst: Instance) -> str:
        """The least text form of the board's rotations and reflections: rooms renumbered in
        order of first appearance, each number moved to its room's new first cell."""
        p: CountryParams = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            params = CountryParams(w, h, renumbered(sym.grid(p.rooms)))
            clues = {}
            for (r, c), v in inst.clues.items():
                clues[params.tops[params.room(sym.cell(r, c))]] = v
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

        p: CountryParams = inst.params
        cells = [[str(inst.clues[(r, c)]) if (r, c) in inst.clues else "·" for c in range(p.width)]
                 for r in range(p.height)]
        return box_grid(cells, p.rooms, inner=NONE)

    def draw(self, ax, inst: Instance, solution: Loop | None = None) -> None:
        """As Nikoli prints it: thin grid lines, heavy room borders, each number small in the
        corner of its room's top-left cell (the loop may pass that cell); in the solution the loop
        a thick line through the cell centres."""
        from ..lab.toolkit.draw import Board

        p: CountryParams = inst.params
        board = Board(ax, p.width, p.height)
        for (r, c), v in inst.clues.items():
            board.corner(r, c, str(v), 0.4)
        if solution is not None:
            for a, b in used_edges(p.loop, solution):
                board.line([a, b], "black", 0.1)
        board.grid(p.rooms)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: CountryParams, pool: IDPool) -> Rules:
        """Pearl's loop, and per room: a cell on it, exactly two border edges used (two rooms
        or more), a counter of its cells on it; per pair of neighbours in two rooms: one on."""
        loop = PEARL.rules(params.loop, pool)
        edges: EdgeVars = loop.data
        data = CountryVars(edges.var, edges.on)
        on, clauses = data.on, list(loop.clauses)
        data.false = pool.id()
        clauses.append([-data.false])
        clauses += [[on[a], on[b]] for a, b, _ in params.walls]
        clauses += small_loops(params, data.var)
        for cells, border in zip(params.room_cells, params.crossings):
            clauses.append([on[cell] for cell in cells])
            if params.count > 1:
                twice = exact_counts(pool, [data.var[(cell, d)] for cell, d in border], clauses, data.false, 2)
                clauses.append([twice[2]])
            data.counts.append(exact_counts(pool, [on[cell] for cell in cells], clauses, data.false, len(cells)))
        return Rules(clauses, loop.primary, data)

    def clue_clauses(self, params: CountryParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        room = params.room_of_top(key)
        if room is None or isinstance(value, bool) or not isinstance(value, int):
            raise PuzzleError(f"clue {quote(key)}={quote(value)} is not a number in a room's first cell")
        self._check_number(params, room, value)
        data: CountryVars = rules.data
        eq = data.counts[room]
        return [[eq[value] if value < len(eq) else data.false]]

    def decode(self, params: CountryParams, rules: Rules, true_vars) -> Loop:
        return PEARL.decode(params.loop, rules, true_vars)

    def solution_literals(self, params: CountryParams, rules: Rules, solution: Loop) -> list[int]:
        return PEARL.solution_literals(params.loop, rules, solution)

    def cuts(self, params: CountryParams, rules: Rules, solution: Loop, true_vars) -> list[Clause]:
        """The candidate's line is several loops. A piece that crosses room borders is the only
        one crossing those of the rooms it passes (each room is crossed twice), so the one loop,
        which visits the other rooms too, crosses from those rooms to the rest: some edge
        between them is used (a clause of the rooms alone, wherever the pieces lie). A piece
        inside one room: `room_cut`, over the cells of the room the crossing piece leaves. (A piece
        through every room crosses every border, so the others lie in one room each.) A board of
        one room: Pearl's cuts, the one-loop rule alone."""
        pieces = loops_of(params.loop, solution)
        if len(pieces) <= 1:
            return []
        if params.count == 1:
            return PEARL.cuts(params.loop, rules, solution, true_vars)
        data: CountryVars = rules.data
        clauses, lone = [], set()
        for piece in pieces:
            rooms = {params.room(cell) for cell in piece}
            if len(rooms) == 1:
                lone |= rooms
            elif len(rooms) < params.count:  # (crossing every border: the others lie in one room each)
                clauses.append([data.var[(a, d)] for a, b, d in params.walls if (params.room(a) in rooms)
                                != (params.room(b) in rooms)])
        return clauses + [clause for room in sorted(lone) for clause in room_cut(params, data, solution, room)]

    def lazy_units(self, params: CountryParams, rules: Rules, holds: Callable[[int], bool]) -> list[int]:
        """Pearl's: once the edges used close a loop, every other edge is unused and every other
        cell off it."""
        return PEARL.lazy_units(params.loop, rules, holds)

    def dead_end(self, params: CountryParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """No edge left open, or edges used that close a loop leaving out a cell known on or a
        room. (Asking, besides, whether the open edges can still join every room and cell known
        on graded 20 generated 8x8 boards alike for three times the time, and a 20x20 board past
        the probing's budget in 500 s against 16; a room's two border edges the CNF counts.)"""
        data: CountryVars = rules.data
        if data.graph is None:
            cells = params.cells()
            data.graph = (cells, numbered_edges(cells, params.loop.edges(), data.var)[1])
        cells, graph = data.graph
        if all(holds(-lit) for _, _, lit in graph):
            return True
        used, loops = joined(len(cells), graph, holds)
        if not loops:
            return False
        root = find(used, loops[0])
        inside = [find(used, i) == root for i in range(len(cells))]
        return (any(not inside[i] and holds(data.on[cell]) for i, cell in enumerate(cells))
                or any(not any(inside[r * params.width + c] for r, c in room) for room in params.room_cells))

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """AddCircuit over cells (a self-loop arc skips a cell), written from the rules: per room
        a cell visited, one border arc out and one in (two rooms or more) and its number a
        linear sum; per pair of neighbours in two rooms, one visited."""
        from ortools.sat.python import cp_model

        p: CountryParams = inst.params
        model = cp_model.CpModel()
        index = {cell: i for i, cell in enumerate(p.cells())}
        skip = {cell: model.new_bool_var(f"skip{cell}") for cell in p.cells()}
        arcs = [(index[cell], index[cell], skip[cell]) for cell in p.cells()]
        pairs: dict[tuple[Cell, str], Any] = {}  # (cell, direction) -> the edge's two arcs, summed
        leaving: dict[tuple[Cell, str], Any] = {}  # (cell, direction) -> the arc from the cell that way
        for a, b in p.loop.edges():
            ab, ba = model.new_bool_var(f"{a}>{b}"), model.new_bool_var(f"{b}>{a}")
            arcs += [(index[a], index[b], ab), (index[b], index[a], ba)]
            model.add(ab + ba <= 1)
            d = "R" if a[0] == b[0] else "D"
            pairs[(a, d)] = pairs[(b, OPPOSITE[d])] = ab + ba
            leaving[(a, d)], leaving[(b, OPPOSITE[d])] = ab, ba
        model.add_circuit(arcs)
        for cells, border in zip(p.room_cells, p.crossings):
            model.add_bool_or([~skip[cell] for cell in cells])
            if p.count > 1:  # leaves once and comes in once: the two crossings, each way round
                model.add(sum(leaving[(cell, d)] for cell, d in border) == 1)
                model.add(sum(leaving[(step(cell, d), OPPOSITE[d])] for cell, d in border) == 1)
        for a, b, _ in p.walls:
            model.add_bool_or([~skip[a], ~skip[b]])
        for top, value in inst.clues.items():
            model.add(sum(1 - skip[cell] for cell in p.room_cells[p.room(top)]) == value)

        def decode(value) -> Loop:
            return tuple(tuple("".join(d for d in DIRS if (pair := pairs.get(((r, c), d))) is not None
                                       and value(pair)) for c in range(p.width)) for r in range(p.height))

        return CpModel(model, [lit for _, _, lit in arcs], decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: CountryParams) -> Iterable[Loop]:
        """Pearl's: every set of edges in which each cell has 0 or 2 of them (`verify` sorts out
        the rest)."""
        return PEARL.candidates(params.loop)

    def verify(self, inst: Instance, solution: Loop) -> list[str]:
        """Pearl's checks of one loop, then the rooms' (`room_problems`: they read the cells, so
        they are said even when the line is broken)."""
        p: CountryParams = inst.params
        problems = PEARL.verify(Instance(PEARL.name, p.loop, {}), solution)
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return problems
        return problems + room_problems(p, inst.clues, solution)



def room_problems(p: CountryParams, clues: dict[Cell, int], loop: Loop) -> list[str]:
    """Every room visited and entered once, its number, and no two unvisited cells either side
    of a border: what a loop that is one loop may still break."""
    shapes = tuple(tuple(s if isinstance(s, str) else "" for s in row) for row in loop)
    problems = []
    seen = visits(p, shapes)
    for k, (top, n) in enumerate(zip(p.tops, crossed(p, shapes))):
        if not seen[k]:
            problems.append(f"the loop does not visit the room of {cell_name(top)}")
        elif n > 2:
            problems.append(f"the loop crosses the border of the room of {cell_name(top)} {n} times, not twice")
    for top, value in sorted(clues.items()):
        n = seen[p.room(top)]
        if n != value:
            problems.append(f"the loop visits {n} cells of the room of {cell_name(top)}, its number says {value}")
    problems += [f"{cell_name(a)} and {cell_name(b)} either side of a room border are both unvisited"
                 for a, b, _ in p.walls if not shapes[a[0]][a[1]] and not shapes[b[0]][b[1]]]
    return problems

PUZZLE = Country()
