"""Net (Tatham's `net`): every cell holds a tile of one to four links (an end, a straight, a
corner, a T or a cross); turn each tile so that every link meets a link of the neighbouring
tile, and all tiles form one network with no loop (a spanning tree of the cells).

Vocabulary: a tile is Tatham's four bits, R=1, U=2, L=4, D=8, written as one hex digit. The
board gives each cell's tile in some rotation; a clue is that tile, and what it says is only
its *shape* (its rotations are one clue). A solution is the grid of tiles as turned, H rows
of W masks: distinct link layouts are distinct solutions (a cross or a straight turned round
to the same links is one answer). A wrapping board (Tatham's `w`) joins the left edge to the
right and the top to the bottom; a barrier (his `v` right of a cell, `h` below it) is an edge
no link may cross.

One variable per edge between neighbours is the primary (true: both tiles link across it).
Each cell has one "shape" variable per shape, exactly one true, defined by the pattern of its
edges (a clause per pattern): a clue is that one literal. That the edges form one tree goes
in lazily through `cuts` (a loop's edges not all used; a part of the board cut off gets an
edge out), and what a person sees at a glance (an edge joining two cells already joined)
through `lazy_units`.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

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
from ..lab.face.share import NONE, box_grid
from ..lab.toolkit.cellgrid import BoardCells, tatham_grid_size
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, TathamCodec
from ..lab.toolkit.paths import SpanningTreeCheck, find, forest_path
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import GameId
from ..lab.toolkit.textgrid import JsonObject, numbered_lines, refuse_oversized

Cell = tuple[int, int]
Barrier = tuple[int, int, str]  # (row, column, "R" or "D"): no link across that side of the cell
Grid = tuple[tuple[int, ...], ...]  # H rows of W tiles as turned, Tatham's bits

BIT = {"R": 1, "U": 2, "L": 4, "D": 8}
STEP = {"R": (0, 1), "U": (-1, 0), "L": (0, -1), "D": (1, 0)}
OPPOSITE = {"R": "L", "L": "R", "U": "D", "D": "U"}
ORDER = "URDL"  # the order an answer names a tile's links in
HEX = "0123456789abcdef"
# the shapes, each by its least rotation: end, straight, corner, T, cross
SHAPES = {1: "end", 5: "straight", 3: "corner", 7: "T", 15: "cross"}
SHAPE_KEYS = tuple(SHAPES)
# Size limit: the tree rule goes in as cuts, one solver call each, as Slant's no-loop rule.
SIZE = BoardLimit(40, 40, 1, 1)
EARLY = SIZE.early("net")
WRAP_LINE = "wrapping"
ENUMERATE_MOST = 200_000  # edge sets `candidates` enumerates at most
UNKNOWN = "."


def rotate(tile: int) -> int:
    """The tile turned a quarter anticlockwise (net.c's A(x): R to U, U to L, L to D, D to R)."""
    return ((tile & 7) << 1) | ((tile & 8) >> 3)


def rotations(tile: int) -> list[int]:
    """The tile's distinct orientations (one for a cross, two for a straight, else four)."""
    out = [tile]
    while (nxt := rotate(out[-1])) != tile:
        out.append(nxt)
    return out


def shape(tile: int) -> int:
    """The tile's shape: its least rotation (a key of SHAPES, or 0 for a blank)."""
    return min(rotations(tile))


def links(tile: int) -> str:
    """The tile's links as letters in ORDER ("UR" for a corner up and right)."""
    return "".join(d for d in ORDER if tile & BIT[d])


def cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


@dataclass(frozen=True)
class NetParams(BoardCells):
    """A width x height board; `wrapping` joins opposite edges; `barriers` are the sides no
    link may cross, each (row, column, "R" or "D") of the cell left of or above it."""

    width: int
    height: int
    wrapping: bool = False
    barriers: frozenset[Barrier] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        SIZE.check("net", self.width, self.height)
        if self.width * self.height < 2:
            raise PuzzleError("net board 1x1 is too small: at least one side must be more than 1")
        for r, c, d in sorted(self.barriers):
            if d not in ("R", "D") or not self.inside(r, c):
                raise PuzzleError(f"bad barrier {quote((r, c, d))} on the {self.width}x{self.height} board")
            if not self.wrapping and (c == self.width - 1 if d == "R" else r == self.height - 1):
                raise PuzzleError(f"a barrier on the rim of a board that does not wrap ({cell_name((r, c))} {d})")

    def neighbour(self, cell: Cell, d: str) -> Cell | None:
        """The cell across side `d` of `cell` (round the edge on a wrapping board), or None."""
        r, c = cell[0] + STEP[d][0], cell[1] + STEP[d][1]
        if self.wrapping:
            return r % self.height, c % self.width
        return (r, c) if self.inside(r, c) else None


@lru_cache(maxsize=64)
def edges_of(params: NetParams) -> tuple[tuple[Cell, str, Cell], ...]:
    """Every side two cells may link across: (cell, "R" or "D", the cell beyond), no barrier
    on it and not a cell facing itself (a wrapping side 1 long: that link would be a loop)."""
    out = []
    for cell in params.cells():
        for d in ("R", "D"):
            other = params.neighbour(cell, d)
            if other is not None and other != cell and (*cell, d) not in params.barriers:
                out.append((cell, d, other))
    return tuple(out)


def sides(params: NetParams) -> dict[tuple[Cell, str], int]:
    """Each cell's side that has an edge, mapped to the edge's index in `edges_of`."""
    out: dict[tuple[Cell, str], int] = {}
    for i, (a, d, b) in enumerate(edges_of(params)):
        out[(a, d)] = i
        out[(b, OPPOSITE[d])] = i
    return out


def short_loops(params: NetParams) -> list[list[int]]:
    """The loops a glance finds, as edge indices: round each 2x2 square, two edges between
    the same two cells (a wrapping side of 2), and a whole row or column of a wrapping board.
    As clauses ("not all of them") they spare the solver most of the loop cuts."""
    at = sides(params)
    loops = []
    for cell in params.cells():
        right, below = params.neighbour(cell, "R"), params.neighbour(cell, "D")
        if right is None or below is None:
            continue
        square = [(cell, "R"), (cell, "D"), (right, "D"), (below, "R")]
        if all(side in at for side in square) and len({at[side] for side in square}) == 4:
            loops.append([at[side] for side in square])
    between: dict[frozenset[Cell], list[int]] = {}
    for e, (a, _, b) in enumerate(edges_of(params)):
        between.setdefault(frozenset((a, b)), []).append(e)
    loops += [pair for pair in between.values() if len(pair) == 2]
    if params.wrapping:
        for d, lines in (("R", [[(r, c) for c in range(params.width)] for r in range(params.height)]),
                         ("D", [[(r, c) for r in range(params.height)] for c in range(params.width)])):
            for line in lines:
                if len(line) > 2 and all((cell, d) in at for cell in line):
                    loops.append([at[(cell, d)] for cell in line])
    return loops


def tree_problems(params: NetParams, used: Sequence[int]) -> tuple[list[list[int]], list[list[Cell]]]:
    """The edges (indices into `edges_of`) of one loop for each used edge that closes one,
    and the cells of each connected part when there are several."""
    edges = edges_of(params)
    index = {cell: i for i, cell in enumerate(params.cells())}
    root = list(range(len(index)))
    tree: dict[int, list[tuple[int, int]]] = {}
    loops = []
    for e in used:
        a, _, b = edges[e]
        i, j = index[a], index[b]
        ri, rj = find(root, i), find(root, j)
        if ri == rj:
            loops.append([e, *forest_path(tree, i, j)])
            continue
        root[ri] = rj
        tree.setdefault(i, []).append((j, e))
        tree.setdefault(j, []).append((i, e))
    parts: dict[int, list[Cell]] = {}
    for cell, i in index.items():
        parts.setdefault(find(root, i), []).append(cell)
    return loops, (list(parts.values()) if len(parts) > 1 else [])


def used_edges(params: NetParams, solution: Grid) -> list[int]:
    """The edges both tiles of a solution link across."""
    return [i for i, ((r, c), d, (r2, c2)) in enumerate(edges_of(params))
            if solution[r][c] & BIT[d] and solution[r2][c2] & BIT[OPPOSITE[d]]]


@dataclass
class NetVars:
    """The SAT variables: one per edge (`edges_of` order), and each cell's shape variables."""

    edge: list[int]
    shapes: dict[Cell, dict[int, int]]
    # the grade's tree check, one per thread (it keeps what the last probe decided): made on a
    # thread's first `dead_end`, keyed by `threading.get_ident()`
    tree_checks: dict[int, SpanningTreeCheck] = field(default_factory=dict)


class Net(CluePuzzle[NetParams, Cell, Grid]):
    name = "net"
    speed = Speed(rules_cacheable=True)  # a clue is one shape literal: no variable drawn
    aliases = ("netgame", "fcc", "rotation")
    title = "Net: turn the tiles so that they form one network without loops"
    rules_text = ("Turn every tile so that each of its links meets a link of the neighbouring tile (none leads off "
                  "the board or across a barrier) and all tiles form one connected network with no loop.")
    tatham_game = "net"
    codecs = (MethodCodec("text", solutions=True), TathamCodec(), JsonCodec())
    size = SIZE
    example = "4d8\n3f1\n834"

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """An optional first line `wrapping`, then one line a row: each cell a hex digit (its
        tile, Tatham's bits R=1 U=2 L=4 D=8) or `.` (not given), followed by `v` for a
        barrier on its right and `h` for one below it."""
        lines = numbered_lines(text)
        wrapping = bool(lines) and lines[0][1].strip().lower() == WRAP_LINE
        rows = lines[1:] if wrapping else lines
        if not rows:
            raise PuzzleError("no rows of tiles")
        refuse_oversized(rows, EARLY, lambda line: len(re.sub(r"[\svhVH]", "", line)))
        tiles: list[list[int | None]] = []
        barriers: set[Barrier] = set()
        for r, (lineno, line) in enumerate(rows):
            row: list[int | None] = []
            for col, ch in enumerate(line, start=1):
                if ch.isspace():
                    continue
                if ch in "vhVH":
                    if not row:
                        raise PuzzleError(f"barrier {quote(ch)} before any tile", lineno, col)
                    barriers.add((r, len(row) - 1, "R" if ch in "vV" else "D"))
                elif ch == UNKNOWN:
                    row.append(None)
                elif ch.lower() in HEX[1:]:
                    row.append(HEX.index(ch.lower()))
                else:
                    raise PuzzleError(f"bad tile {quote(ch)} (a hex digit 1 to f, or . for none given)",
                                      lineno, col)
            if len(row) != len(tiles[0] if tiles else row):
                raise PuzzleError(f"row {r + 1} has {len(row)} tiles, expected {len(tiles[0])}", lineno, 1)
            tiles.append(row)
        with at_place(rows[0][0]):
            params = NetParams(len(tiles[0]), len(tiles), wrapping, frozenset(barriers))
        return Instance(self.name, params, {(r, c): t for r, row in enumerate(tiles)
                                            for c, t in enumerate(row) if t is not None})

    def write_text(self, inst: Instance) -> str:
        return self._rows(inst, {cell: HEX[t] for cell, t in inst.clues.items()})

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return self._rows(inst, {(r, c): HEX[t] for r, row in enumerate(solution) for c, t in enumerate(row)})

    def _rows(self, inst: Instance, digits: dict[Cell, str]) -> str:
        p: NetParams = inst.params
        rows = [WRAP_LINE] if p.wrapping else []
        rows += ["".join(digits.get((r, c), UNKNOWN) + self._marks(p, r, c) for c in range(p.width))
                 for r in range(p.height)]
        return "\n".join(rows)

    @staticmethod
    def _marks(params: NetParams, r: int, c: int) -> str:
        return "".join(m for d, m in (("R", "v"), ("D", "h")) if (r, c, d) in params.barriers)

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH[w][bP][a]:description` (net.c: decode_params, validate_desc, new_game): one hex
        digit a tile in reading order, each followed by `v` (a barrier on its right) or `h`
        (one below). A tile with no link (`0`) is refused: ours hold one to four."""
        width, height = tatham_grid_size(self, game, r"(?:w|b\d*\.?\d*|a)*", "5x5w", EARLY)
        wrapping = "w" in game.head
        tiles: list[int] = []
        barriers: set[Barrier] = set()
        for i, ch in enumerate(game.desc):
            if ch in "vh" and tiles:
                barriers.add((*divmod(len(tiles) - 1, width), "R" if ch == "v" else "D"))
            elif ch.lower() in HEX and ch not in "vh":
                if ch == "0":
                    raise PuzzleError("a tile with no link ('0'): Net's tiles have one to four", *game.at(i))
                if len(tiles) == width * height:
                    raise PuzzleError(f"game description is longer than {width * height} tiles", *game.at(i))
                tiles.append(HEX.index(ch.lower()))
            else:
                raise PuzzleError(f"unexpected {quote(ch)} in game description", *game.at(i))
        if len(tiles) != width * height:
            raise PuzzleError(f"game description has {len(tiles)} tiles, expected {width * height}",
                              *game.at(len(game.desc)))
        with at_place(game.line, game.column):
            params = NetParams(width, height, wrapping, frozenset(barriers))
        return Instance(self.name, params, {divmod(i, width): t for i, t in enumerate(tiles)})

    def tatham_id(self, inst: Instance) -> str:
        """As new_game_desc writes it; a board with a tile not given has no game ID."""
        p: NetParams = inst.params
        if len(inst.clues) != p.width * p.height:
            raise PuzzleError("a game ID gives every tile: this board leaves some out")
        head = f"{p.width}x{p.height}" + ("w" if p.wrapping else "")
        return head + ":" + "".join(HEX[inst.clues[(r, c)]] + self._marks(p, r, c) for r, c in p.cells())

    def from_json(self, text: str) -> Instance:
        """`{"width", "height", "wrapping", "tiles": [...]}`: the tiles' rows as in the text form
        (hex digits and dots, barriers `v` and `h` after a tile); only "tiles" is needed."""
        doc = JsonObject(text, self.name, ("width", "height", "wrapping", "tiles"), self.aliases)
        doc.size(EARLY)
        wrapping = doc.boolean("wrapping", False)
        rows = doc.array("tiles", what="rows")
        if not rows or not all(isinstance(row, str) and row.strip() for row in rows):
            raise doc.error("tiles", "must be a list of strings, one row of tiles each")
        EARLY(len(re.sub(r"[\svhVH]", "", rows[0])), len(rows), doc.where("tiles")[0])
        inst = self.read_text("\n".join(([WRAP_LINE] if wrapping else []) + rows))
        doc.agrees("width", inst.params.width, "the tiles make it")
        doc.agrees("height", inst.params.height, "the tiles make it")
        return inst

    def json_fields(self, inst: Instance) -> dict:
        p: NetParams = inst.params
        text = self.write_text(inst).splitlines()
        return {"width": p.width, "height": p.height, "wrapping": p.wrapping,
                "tiles": text[1:] if p.wrapping else text}

    def solution_json(self, inst: Instance, solution: Grid) -> list[str]:
        return ["".join(HEX[t] for t in row) for row in solution]

    def show_text(self, inst: Instance) -> str:
        """The tiles drawn with box-drawing lines as given (not yet turned); `?` not given."""
        p: NetParams = inst.params
        cells = [[PICTURE.get(inst.clues.get((r, c), -1), "?") for c in range(p.width)] for r in range(p.height)]
        head = "wrapping\n" if p.wrapping else ""
        return head + box_grid(cells, inner=NONE, pad=0)

    def canonical(self, inst: Instance) -> str:
        """The shapes (not their rotations) up to the board's turns and mirrors."""
        p: NetParams = inst.params
        if p.barriers:
            return self.write_text(inst)
        rows = [[HEX[shape(inst.clues[(r, c)])] if (r, c) in inst.clues else UNKNOWN for c in range(p.width)]
                for r in range(p.height)]
        return ("w" if p.wrapping else "") + least_text(rows)

    def describe_clue(self, key: Cell, value: int) -> str:
        return f"{cell_name(key)}={SHAPES.get(shape(value), '?')}"

    def clue_json(self, key: Cell, value: int) -> dict:
        return {"row": key[0] + 1, "col": key[1] + 1, "tile": HEX[value]}

    # ---- for language models --------------------------------------------------------
    board_legend = ("an optional first line `wrapping` (the left edge joins the right and the top the bottom), then "
                    "one row of tiles per line, one hex digit a tile: its links as bits, 1 right, 2 up, 4 left, 8 "
                    "down (3 = right and up, a = up and down, f = all four); a `v` after a tile is a barrier on its "
                    "right, an `h` one below it. The tiles are shown in some rotation: each may be turned")
    answer_format = ("the turned tiles: one row per line, tiles separated by single spaces, each tile the letters of "
                     "the sides it links to in the order U R D L (`UR` links up and right, `RL` left and right, "
                     "`URDL` all four)")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(" ".join(links(t) for t in row) for row in solution)

    answer_cells = (lambda token: read_links(token), "tile")

    def corrupt_solution(self, inst: Instance, solution: Grid) -> Grid:
        """The first tile turned a quarter (or, for a cross, made a T)."""
        first = rotate(solution[0][0]) if solution[0][0] != 15 else 7
        return ((first, *solution[0][1:]), *solution[1:])

    # ---- pictures -------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """Each tile's links from its centre to its sides, as given or, solved, as turned; an
        end has a dot; barriers thick red; a wrapping board's links leave the rim."""
        from ..lab.toolkit.draw import Board as Picture

        p: NetParams = inst.params
        picture = Picture(ax, p.width, p.height)
        picture.grid()
        tiles = {(r, c): t for r, row in enumerate(solution) for c, t in enumerate(row)} if solution else inst.clues
        for (r, c), t in tiles.items():
            for d in ORDER:
                if t & BIT[d]:
                    dr, dc = STEP[d]
                    picture.line([(r, c), (r + dr / 2, c + dc / 2)], "black", 0.12)
            if shape(t) == 1:
                picture.circle(r, c, 0.18, face="black", edge="black", ring=0.02)
        for r, c, d in p.barriers:
            a, b = ((r - 0.5, c + 0.5), (r + 0.5, c + 0.5)) if d == "R" else ((r + 0.5, c - 0.5), (r + 0.5, c + 0.5))
            picture.line([a, b], "red", 0.1)

    # ---- SAT --------------------------------------------------------------------------
    def rules(self, params: NetParams, pool: IDPool) -> Rules:
        edge = [pool.id(("edge", a, d)) for a, d, _ in edges_of(params)]
        at = sides(params)
        clauses: list[Clause] = []
        shapes: dict[Cell, dict[int, int]] = {}
        groups = []
        for cell in params.cells():
            lits = {d: edge[at[(cell, d)]] for d in ORDER if (cell, d) in at}
            own = {k: pool.id(("shape", cell, k)) for k in SHAPE_KEYS}
            shapes[cell] = own
            groups.append(list(own.values()))
            clauses.append(list(lits.values()))  # every tile links somewhere
            for tile in range(1, 16):
                if any(tile & BIT[d] for d in ORDER if d not in lits):
                    continue
                pattern = [-lits[d] if tile & BIT[d] else lits[d] for d in lits]
                clauses.append([*pattern, own[shape(tile)]])
        clauses += [[-edge[e] for e in loop] for loop in short_loops(params)]
        if params.width * params.height > 2:  # two cells linked only to each other are cut off
            for e, (a, _, b) in enumerate(edges_of(params)):
                others = [edge[at[(cell, s)]] for cell in (a, b) for s in ORDER if (cell, s) in at]
                clauses.append([-edge[e], *(v for v in others if v != edge[e])])
        return Rules(clauses, edge, NetVars(edge, shapes), at_most_one=groups)

    def clue_clauses(self, params: NetParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        if not (isinstance(key, tuple) and len(key) == 2 and params.inside(*key)):
            raise PuzzleError(f"clue {key} is outside the {params.width}x{params.height} board")
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 15:
            raise PuzzleError(f"bad tile {quote(value)} at {cell_name(key)} (1 to 15, Tatham's bits)")
        return [[rules.data.shapes[key][shape(value)]]]

    def decode(self, params: NetParams, rules: Rules, true_vars) -> Grid:
        grid = [[0] * params.width for _ in range(params.height)]
        for (a, d, b), v in zip(edges_of(params), rules.data.edge):
            if v in true_vars:
                grid[a[0]][a[1]] |= BIT[d]
                grid[b[0]][b[1]] |= BIT[OPPOSITE[d]]
        return tuple(tuple(row) for row in grid)

    def solution_literals(self, params: NetParams, rules: Rules, solution: Grid) -> list[int]:
        used = set(used_edges(params, solution))
        return [v if i in used else -v for i, v in enumerate(rules.data.edge)]

    def cuts(self, params: NetParams, rules: Rules, solution: Grid, true_vars) -> list[Clause]:
        """Each loop: not all its edges. Each part cut off: one of the edges leaving it."""
        edge = rules.data.edge
        loops, parts = tree_problems(params, used_edges(params, solution))
        out = [[-edge[e] for e in loop] for loop in loops]
        for part in parts:
            inside = set(part)
            out.append([edge[i] for i, (a, _, b) in enumerate(edges_of(params)) if (a in inside) != (b in inside)])
        return out

    def lazy_units(self, params: NetParams, rules: Rules, holds: Callable[[int], bool]) -> list[int]:
        """An edge between two cells the used edges already join would close a loop: unused."""
        root, edges = self._joined(params, rules, holds, lambda lit: holds(lit))
        return [-lit for i, j, lit in edges if not holds(lit) and not holds(-lit) and find(root, i) == find(root, j)]

    def dead_end(self, params: NetParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """The used edges close a loop, or the edges not ruled out leave a part cut off
        (`SpanningTreeCheck`, kept with the rules: a grade asks this of every probe)."""
        data: NetVars = rules.data
        check = data.tree_checks.get(threading.get_ident())
        if check is None:
            check = SpanningTreeCheck(params.width * params.height, self._numbered(params, rules))
            data.tree_checks[threading.get_ident()] = check
        return check.dead_end(holds)

    def _joined(self, params: NetParams, rules: Rules, holds: Callable[[int], bool],
                join: Callable[[int], bool]) -> tuple[list[int], list[tuple[int, int, int]]]:
        edges = self._numbered(params, rules)
        root = list(range(params.width * params.height))
        for i, j, lit in edges:
            if join(lit):
                root[find(root, i)] = find(root, j)
        return root, edges

    @staticmethod
    def _numbered(params: NetParams, rules: Rules) -> list[tuple[int, int, int]]:
        w = params.width
        return [(a[0] * w + a[1], b[0] * w + b[1], v) for (a, _, b), v in zip(edges_of(params), rules.data.edge)]

    # ---- CP-SAT -----------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """A tree said as CP-SAT says it: W*H-1 edges, and every cell's distance from r1c1
        along used edges is one more than its nearest neighbour's (an unused edge counts as
        too far), so every cell is reached. Each clue a table of the tile's rotations over
        the cell's sides (a side without an edge never links)."""
        from ortools.sat.python import cp_model

        p: NetParams = inst.params
        model = cp_model.CpModel()
        edges = edges_of(p)
        used = [model.new_bool_var(f"e{i}") for i in range(len(edges))]
        at = sides(p)
        n = p.width * p.height
        model.add(sum(used) == n - 1)
        far = n
        dist = {cell: model.new_int_var(0, 0 if cell == (0, 0) else n - 1, f"d{cell}") for cell in p.cells()}
        for cell in p.cells():
            ways = {d: used[at[(cell, d)]] for d in ORDER if (cell, d) in at}
            model.add_bool_or(list(ways.values()))
            if cell != (0, 0):
                ways_in = []
                for d, e in ways.items():
                    a, _, b = edges[at[(cell, d)]]
                    other = b if a == cell else a
                    ways_in.append(dist[other] + 1 + far * (1 - e))
                model.add_min_equality(dist[cell], ways_in)
            if cell in inst.clues:
                names = list(ways)
                allowed = [[int(bool(t & BIT[d])) for d in names] for t in rotations(inst.clues[cell])
                           if not any(t & BIT[d] for d in ORDER if d not in ways)]
                model.add_allowed_assignments([ways[d] for d in names], allowed)

        def decode(value) -> Grid:
            grid = [[0] * p.width for _ in range(p.height)]
            for (a, d, b), v in zip(edges, used):
                if value(v):
                    grid[a[0]][a[1]] |= BIT[d]
                    grid[b[0]][b[1]] |= BIT[OPPOSITE[d]]
            return tuple(tuple(row) for row in grid)

        return CpModel(model, used, decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: NetParams) -> Iterator[Grid]:
        """Every set of W*H-1 edges as tiles (495 on a 3x3 board); `verify` sorts out loops,
        parts cut off and tiles of the wrong shape."""
        edges = edges_of(params)
        n = params.width * params.height
        if _binomial(len(edges), n - 1) > ENUMERATE_MOST:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        for chosen in combinations(range(len(edges)), n - 1):
            grid = [[0] * params.width for _ in range(params.height)]
            for e in chosen:
                (r, c), d, (r2, c2) = edges[e]
                grid[r][c] |= BIT[d]
                grid[r2][c2] |= BIT[OPPOSITE[d]]
            yield tuple(tuple(row) for row in grid)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p: NetParams = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.height} rows of {p.width} tiles"]
        problems = []
        for r, row in enumerate(solution):
            for c, t in enumerate(row):
                if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t <= 15:
                    problems.append(f"{cell_name((r, c))}: {quote(t)} is no tile")
        if problems:
            return problems
        for cell in p.cells():
            t = solution[cell[0]][cell[1]]
            if t == 0:
                problems.append(f"{cell_name(cell)} has no link")
            for d in ORDER:
                if not t & BIT[d]:
                    continue
                other = p.neighbour(cell, d)
                barrier = (*cell, d) in p.barriers or (other is not None and (*other, OPPOSITE[d]) in p.barriers)
                if other is None or barrier or other == cell:
                    why = "off the board" if other is None else "across a barrier" if barrier else "into itself"
                    problems.append(f"{cell_name(cell)} links {d} {why}")
                elif not solution[other[0]][other[1]] & BIT[OPPOSITE[d]]:
                    problems.append(f"{cell_name(cell)} links {d} to {cell_name(other)}, which does not link back")
        for cell, given in sorted(inst.clues.items()):
            t = solution[cell[0]][cell[1]]
            if shape(t) != shape(given):
                problems.append(f"{cell_name(cell)} holds {_a(shape(t))}, its tile is {_a(shape(given))}")
        loops, parts = tree_problems(p, used_edges(p, solution))
        edges = edges_of(p)
        for loop in loops:
            cells = sorted({cell for e in loop for cell in (edges[e][0], edges[e][2])})
            problems.append("the links form a loop through " + ", ".join(cell_name(c) for c in cells))
        if parts:
            problems.append(f"the network is in {len(parts)} parts")
        return problems


def _a(key: int) -> str:
    """A shape's name with its article ("an end", "a T")."""
    name = SHAPES.get(key, "blank")
    return ("an " if name == "end" else "a ") + name


def read_links(token: str) -> int:
    """A tile from an answer's letters (U, R, D, L, any order, once each)."""
    word = token.strip().upper()
    if not word or any(ch not in BIT for ch in word) or len(set(word)) != len(word):
        raise ValueError(f"{token!r} is no tile (letters U R D L)")
    return sum(BIT[ch] for ch in word)


def _binomial(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if 0 <= k <= n else 0


# a tile as box drawing, for `show_text`: its links from the centre
PICTURE = {1: "╶", 2: "╵", 4: "╴", 8: "╷", 5: "─", 10: "│", 3: "└", 6: "┘", 12: "┐", 9: "┌",
           7: "┴", 14: "┤", 13: "┬", 11: "├", 15: "┼"}


PUZZLE = Net()
