"""Loopy on every grid of Simon Tatham's: Slitherlink's rules (one simple loop along the
grid's edges; a face's number says how many of its edges the loop uses) on squares,
triangles, hexagons, the snub-square, Cairo, great-hexagonal, octagonal, kite, floret,
kagome and the four dodecagonal tilings, and the two Penrose tilings (kite/dart P2 and rhombs
P3: a random patch each, named by his grid description `G<x>,<y>,<angle>`);
lab/toolkit/tilings.py builds each, faces in his order.

Vocabulary: the grid is a plane graph of *dots*, *edges* and *faces*. A clue is a face's
number, keyed by the face's number in his order. A solution is one 0/1 a edge (1: on the
loop), in the tiling's edge order.

The primary variables are the edges. Every dot has 0 or 2 used edges (CNF); a number is an
exact count of its face's edges, plain clauses with no helper variable. That the used edges
form one loop, not several, goes in lazily through `cuts` (lab/toolkit/paths.py's graph
helpers: `single_loop_cuts`, `loop_lazy_units`, `loop_dead_end`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
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
    at_place,
    quote,
)
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, TathamCodec
from ..lab.toolkit.counting import exactly
from ..lab.toolkit.paths import (
    Edge,
    edge_pieces,
    even_edge_sets,
    loop_dead_end,
    loop_lazy_units,
    single_loop_cuts,
)
from ..lab.toolkit.tatham import GameId, tatham_encode
from ..lab.toolkit.textgrid import JsonObject, numbered_lines
from ..lab.toolkit.tilings import GRIDS, PENROSE_GRIDS, Tiling, penrose_inner_radius, penrose_tiling, tiling

Loop = tuple[int, ...]  # one 0/1 per edge

SIZE = BoardLimit(30, 30, 1, 1)
EARLY = SIZE.early("loopy")
ENUMERATE_MOST = 14  # faces of a grid `candidates` enumerates (its unions of cycles are at most 2**faces)
# Tatham's grid type numbers (loopy.c's GRIDLIST); 11 and 12 are the Penrose tilings
BY_TYPE = {number: name for name, (_, number, _, _) in GRIDS.items() if name != "oldtriangular"}
BY_TYPE.update({number: name for name, (_, number, _, _) in PENROSE_GRIDS.items()})
# every grid: name -> (Tatham's type number, his least width and height, the least of one side)
LIMITS = {name: row[1:] for name, row in {**GRIDS, **PENROSE_GRIDS}.items()}
Patch = tuple[int, int, int]  # a Penrose grid's description G<xoff>,<yoff>,<aoff>
# his grid description as sscanf("G%d,%d,%d") reads it (spaces before a number, a sign, and
# anything after the third number allowed)
PATCH = re.compile(r"G[ \t\n\r\f\v]*([+-]?\d+),[ \t\n\r\f\v]*([+-]?\d+),[ \t\n\r\f\v]*([+-]?\d+)")
INT_MAX = 2**31 - 1
CLUE_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # his clue digits: 0..35
BLANKS = {".", "-", "_"}
HEAD = re.compile(r"([a-z]+)\s+(\d+)(?:x(\d+))?(?:\s+(g\S*))?")


@dataclass(frozen=True)
class LoopyParams:
    """One of Tatham's grids (a name of lab/toolkit/tilings.py's GRIDS or PENROSE_GRIDS) of
    width x height tiles; a Penrose grid with its patch (G<xoff>,<yoff>,<aoff>), no other."""

    grid: str
    width: int
    height: int
    patch: Patch | None = None

    def __post_init__(self) -> None:
        if self.grid not in LIMITS:
            raise PuzzleError(f"unknown loopy grid {quote(self.grid)} (known: {', '.join(LIMITS)})")
        SIZE.check("loopy", self.width, self.height)
        if self.grid in PENROSE_GRIDS:
            if self.patch is None:
                raise PuzzleError(f"a {self.grid} grid needs its patch, G<x>,<y>,<angle> (G0,0,0)")
            problem = patch_problem(self.grid, self.width, self.height, self.patch)
            if problem:
                raise PuzzleError(f"{problem} (G{self.patch[0]},{self.patch[1]},{self.patch[2]} "
                                  f"on a {self.grid} {self.width}x{self.height} grid)")
        elif self.patch is not None:
            raise PuzzleError(f"a {self.grid} grid has no patch (only Penrose grids have)")
        if not self.tiling.faces:
            raise PuzzleError(f"a {self.grid} grid of {self.width}x{self.height} tiles has no face")

    @property
    def tiling(self) -> Tiling:
        if self.patch is not None:
            return penrose_tiling(self.grid, self.width, self.height, *self.patch)
        return tiling(self.grid, self.width, self.height)

    @property
    def patch_text(self) -> str:
        """The patch as his grid description (empty for a grid without one)."""
        return "" if self.patch is None else "G{},{},{}".format(*self.patch)


def patch_problem(grid: str, width: int, height: int, patch: Patch) -> str:
    """Why his grid_validate_desc_penrose refuses the patch, in his words (empty: it is good)."""
    x, y, angle = patch
    r = penrose_inner_radius(PENROSE_GRIDS[grid][0], width, height)
    if x * x + y * y > r * r:
        return "Patch offset out of bounds."
    if angle % 36 or not 0 <= angle < 360:
        return "Angle offset out of bounds."
    if not penrose_tiling(grid, width, height, *patch).faces:
        return "Patch coordinates do not identify a usable grid fragment"
    return ""


def read_patch(text: str, line: int | None = None, column: int | None = None) -> Patch:
    """His grid description `G<xoff>,<yoff>,<aoff>` as his sscanf reads it."""
    m = PATCH.match(text)
    if not m or any(abs(int(g)) > INT_MAX for g in m.groups()):
        raise PuzzleError(f"Invalid format grid description string {quote(text)} (G<x>,<y>,<angle>)", line, column)
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


def grid_params(grid: str, width: int, height: int, line: int | None = None, column: int | None = None,
                patch: Patch | None = None) -> LoopyParams:
    with at_place(line, column):
        return LoopyParams(grid, width, height, patch)


def clue_char(n: int) -> str:
    return CLUE_CHARS[n]


def face_counts(t: Tiling, loop: Loop) -> list[int]:
    """How many of each face's edges the loop uses."""
    return [sum(loop[e] for e in sides) for sides in t.face_edges]


def inside_faces(t: Tiling, loop: Loop) -> list[bool]:
    """Each face inside the loop or not: reached from the outside only across the loop's edges
    an odd number of times (a walk over faces, crossing an edge flips the side)."""
    side: list[bool | None] = [None] * len(t.faces)
    todo = []
    for e, faces in enumerate(t.edge_faces):
        if len(faces) == 1 and side[faces[0]] is None:
            side[faces[0]] = bool(loop[e])
            todo.append(faces[0])
    while todo:
        f = todo.pop()
        for e in t.face_edges[f]:
            for g in t.edge_faces[e]:
                if side[g] is None:
                    side[g] = side[f] != bool(loop[e])
                    todo.append(g)
    return [bool(s) for s in side]


def loop_around(t: Tiling, inside: Iterable[bool]) -> Loop:
    """The border of a set of faces: an edge is used where its faces differ (beyond the rim
    counting as outside)."""
    ins = list(inside)
    return tuple(int(sum(ins[f] for f in faces) == 1) for faces in t.edge_faces)


def loop_order(t: Tiling, loop: Loop) -> list[int]:
    """The dots of a single loop in order, from its lowest-numbered dot (empty: no loop)."""
    at: dict[int, list[int]] = {}
    for e, (a, b) in enumerate(t.edges):
        if loop[e]:
            at.setdefault(a, []).append(b)
            at.setdefault(b, []).append(a)
    if not at:
        return []
    start = min(at)
    order, prev, cur = [start], -1, start
    while True:
        nxt = next((d for d in at[cur] if d != prev), None)
        if nxt is None or nxt == start:
            return order
        prev, cur = cur, nxt
        order.append(cur)


def area_middle(corners: list[tuple[float, float]]) -> tuple[float, float]:
    """A polygon's centre of area (inside a dart, where the corners' mean is not)."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return cx / (3 * area), cy / (3 * area)


@lru_cache(maxsize=64)
def symmetries(params: LoopyParams) -> tuple[tuple[int, ...], ...]:
    """The face permutations of the grid's mirror images and half turn about the middle of its
    dots that map the grid onto itself (the identity first)."""
    t = params.tiling
    xs = [x for x, _ in t.dots]
    ys = [y for _, y in t.dots]
    sx, sy = min(xs) + max(xs), min(ys) + max(ys)
    face_at = {frozenset(t.dots[d] for d in ring): f for f, ring in enumerate(t.faces)}
    out = []
    for fx, fy in ((False, False), (True, False), (False, True), (True, True)):
        perm = []
        for ring in t.faces:
            image = frozenset((sx - t.dots[d][0] if fx else t.dots[d][0], sy - t.dots[d][1] if fy else t.dots[d][1])
                              for d in ring)
            if image not in face_at:
                break
            perm.append(face_at[image])
        else:
            out.append(tuple(perm))
    return tuple(out)


@dataclass
class LoopGraph:
    """The edges' SAT variables and the graph the loop helpers take."""

    var: list[int]  # by edge number
    edges: list[Edge]  # (dot, dot, literal)
    dots: int


class Loopy(CluePuzzle[LoopyParams, int, Loop]):
    name = "loopy"
    # cacheable: a clue's clauses are over edge variables only
    # native counts: `exactly` is the complete CNF of the count
    speed = Speed(rules_cacheable=True, counts_natively=True)
    aliases = ("loopy-grids",)
    title = "Loopy: Slitherlink on Tatham's grids (triangles, hexagons, Cairo, dodecagons ...)"
    rules_text = ("Draw one loop along the grid's edges: a number in a face says how many of that face's edges "
                  "the loop uses.")
    tatham_game = "loopy"
    codecs = (MethodCodec("text", solutions=True), TathamCodec(), JsonCodec())
    size = SIZE
    example = "honeycomb 3x2\n4.1\n.2."

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """A first line `GRID WxH` (`square 4x4`, `honeycomb 3x3`; a Penrose grid with its
        patch, `kitedart 5x5 G2610,-184,288`, `rhombs 5x5 G0,0,0`), then the faces' numbers in
        Tatham's face order, one character each (0-9, then A-Z for 10 to 35; `.` none), in
        lines as the writer breaks them or run together; spaces are ignored."""
        lines = numbered_lines(text)
        if not lines:
            raise PuzzleError("empty input")
        lineno, first = lines[0]
        m = HEAD.fullmatch(first.strip().lower())
        if not m:
            raise PuzzleError(f"the first line should be 'GRID WxH' (honeycomb 5x5), not {quote(first.strip())}",
                              lineno, 1)
        width = int(m.group(2))
        height = int(m.group(3)) if m.group(3) else width
        EARLY(width, height, lineno)
        patch = read_patch(m.group(4).upper(), lineno, first.lower().index(m.group(4)) + 1) if m.group(4) else None
        params = grid_params(m.group(1), width, height, lineno, 1, patch)
        area = len(params.tiling.faces)
        clues: dict[int, int] = {}
        face = 0
        for number, line in lines[1:]:
            for column, ch in enumerate(line, start=1):
                if ch.isspace():
                    continue
                if face >= area:
                    raise PuzzleError(f"too large for a {params.grid} {width}x{height} grid: "
                                      f"more than its {area} faces", number, column)
                if ch in CLUE_CHARS:
                    clues[face] = CLUE_CHARS.index(ch)
                elif ch not in BLANKS:
                    raise PuzzleError(f"bad face {quote(ch)} (a number 0-9 or A-Z, or . for none)", number, column)
                face += 1
        if face != area:
            raise PuzzleError(f"{face} faces given, a {params.grid} {width}x{height} grid has {area}",
                              lines[-1][0], None)
        inst = Instance(self.name, params, clues)
        self._check_clues(inst)
        return inst

    def _check_clues(self, inst: Instance) -> None:
        t = inst.params.tiling
        for f, n in inst.clues.items():
            if n > len(t.faces[f]):
                raise PuzzleError(f"face {f + 1} says {n}, but it has only {len(t.faces[f])} edges")

    def face_lines(self, inst: Instance) -> list[str]:
        """The faces' characters, one line per row of tiles."""
        t = inst.params.tiling
        lines: dict[int, list[str]] = {}
        for f, row in enumerate(t.rows):
            n = inst.clues.get(f)
            lines.setdefault(row, []).append("." if n is None else clue_char(n))
        return ["".join(chars) for _, chars in sorted(lines.items())]

    def write_text(self, inst: Instance) -> str:
        p = inst.params
        head = f"{p.grid} {p.width}x{p.height}" + (f" {p.patch_text}" if p.patch else "")
        return "\n".join([head, *self.face_lines(inst)])

    def write_text_solution(self, inst: Instance, solution: Loop) -> str:
        """The board, then `loop:` and the loop's dots in order (dot numbers as the JSON form
        lists them)."""
        order = loop_order(inst.params.tiling, solution)
        return self.write_text(inst) + "\nloop: " + " ".join(str(d) for d in order)

    def from_tatham(self, game: GameId) -> Instance:
        """`WxHt<type>[d<diff>]:[griddesc_]clues` (loopy.c: decode_params, validate_desc,
        new_game): a clue character 0-9 or A-Z per face, a letter a..z a run of 1..26 faces
        without one, faces in grid.c's order. The triangular grid's description `0_` means
        today's triangles; a `t1` ID without it has the old ones. The Penrose grids (t11,
        t12) need theirs, the patch `G<xoff>,<yoff>,<aoff>_`."""
        m = re.fullmatch(r"(\d+)(?:x(\d+))?(?:t(\d+))?(?:d[enth])?", game.head)
        if not m:
            raise PuzzleError("Loopy's parameters are WxHt<type> (10x10t1)", game.line, game.column)
        width = int(m.group(1))
        height = int(m.group(2)) if m.group(2) else width
        EARLY(width, height, game.line)
        kind = int(m.group(3) or 0)
        if kind not in BY_TYPE:
            raise PuzzleError(f"Loopy has no grid type t{kind}", game.line, game.column)
        grid = BY_TYPE[kind]
        _, least, either = LIMITS[grid]
        if width < least or height < least or (width < either and height < either):
            raise PuzzleError(f"Tatham's {grid} grids are at least {least}x{least}"
                              + (f", one side at least {either}" if either > least else ""), game.line, game.column)
        desc, start, patch = game.desc, 0, None
        if "_" in desc:
            start = desc.index("_") + 1
            grid_desc = desc[:start - 1]
            if grid in PENROSE_GRIDS:
                patch = read_patch(grid_desc, *game.at(0))
            elif grid != "triangular":
                raise PuzzleError("grid description strings are not used with this grid type", *game.at(0))
            elif grid_desc != "0":
                raise PuzzleError(f"unrecognised grid description {quote(grid_desc)}", *game.at(0))
        elif grid == "triangular":
            grid = "oldtriangular"
        elif grid in PENROSE_GRIDS:
            raise PuzzleError("Missing grid description string: a Penrose grid's ID starts G<x>,<y>,<angle>_",
                              *game.at(0))
        where = game.at(0) if patch else (game.line, game.column)
        params = grid_params(grid, width, height, *where, patch=patch)
        area = len(params.tiling.faces)
        clues: dict[int, int] = {}
        face = 0
        for i in range(start, len(desc)):
            ch = desc[i]
            if ch in CLUE_CHARS:
                if face < area:
                    clues[face] = CLUE_CHARS.index(ch)
                face += 1
            elif "a" <= ch <= "z":
                face += ord(ch) - ord("a") + 1
            else:
                raise PuzzleError(f"unexpected {quote(ch)} in game description", *game.at(i))
            if face > area:
                raise PuzzleError(f"game description is longer than the grid's {area} faces", *game.at(i))
        if face != area:
            raise PuzzleError(f"game description has {face} faces, the grid has {area}", *game.at(len(desc)))
        inst = Instance(self.name, params, clues)
        self._check_clues(inst)
        return inst

    def tatham_id(self, inst: Instance) -> str:
        """As his state_to_text writes it, after `0_` for today's triangles, after the patch
        `G<xoff>,<yoff>,<aoff>_` for a Penrose grid."""
        p = inst.params
        kind, least, either = LIMITS[p.grid]
        if p.width < least or p.height < least or (p.width < either and p.height < either):
            raise PuzzleError(f"Tatham's {p.grid} grids are at least {least}x{least}"
                              + (f", one side at least {either}" if either > least else ""))
        if any(n >= len(CLUE_CHARS) for n in inst.clues.values()):
            raise PuzzleError("a number over 35 has no character in Tatham's IDs")
        faces = len(p.tiling.faces)
        desc = tatham_encode((clue_char(inst.clues[f]) if f in inst.clues else None for f in range(faces)), None)
        grid_desc = "0_" if p.grid == "triangular" else f"{p.patch_text}_" if p.patch else ""
        return f"{p.width}x{p.height}t{kind}:{grid_desc}{desc}"

    def from_json(self, text: str) -> Instance:
        """`grid`, `width`, `height` and `clues` (a number or null per face, in Tatham's
        order), a Penrose grid's `patch` (`"G2610,-184,288"`); `dots` and `faces` (each face
        its dot numbers) may be given and must then be the grid's, as `json_fields` writes them."""
        doc = JsonObject(text, self.name, ("grid", "width", "height", "patch", "clues", "dots", "faces"))
        width = doc.integer("width", low=1)
        height = doc.integer("height", low=1)
        EARLY(width, height, 1)
        patch = read_patch(doc.string("patch"), *doc.where("patch")) if "patch" in doc else None
        with at_place(*doc.where("patch" if patch else "grid")):
            params = LoopyParams(doc.string("grid"), width, height, patch)
        t = params.tiling
        if "dots" in doc and [list(p) for p in t.dots] != doc.array("dots"):
            raise doc.error("dots", f"are not those of a {params.grid} {width}x{height} grid")
        if "faces" in doc and [list(f) for f in t.faces] != doc.array("faces"):
            raise doc.error("faces", f"are not those of a {params.grid} {width}x{height} grid")
        clues: dict[int, int] = {}
        for f, n in enumerate(doc.array("clues", length=len(t.faces), what="faces")):
            if n is None:
                continue
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= len(t.faces[f]):
                raise doc.error("clues", f"face {f + 1}: {quote(n)} is not a number 0 to {len(t.faces[f])} or null")
            clues[f] = n
        return Instance(self.name, params, clues)

    def json_fields(self, inst: Instance) -> dict:
        p = inst.params
        t = p.tiling
        return {"grid": p.grid, "width": p.width, "height": p.height, **({"patch": p.patch_text} if p.patch else {}),
                "clues": [inst.clues.get(f) for f in range(len(t.faces))],
                "dots": [list(d) for d in t.dots], "faces": [list(f) for f in t.faces]}

    def solution_json(self, inst: Instance, solution: Loop) -> dict:
        """The loop's dots in order, and its edges as pairs of dot numbers."""
        t = inst.params.tiling
        return {"loop": loop_order(t, solution), "edges": [list(t.edges[e]) for e, on in enumerate(solution) if on]}

    def describe_clue(self, key: int, value: Any) -> str:
        return f"face{key + 1}={value}"

    def differences(self, a: Any, b: Any) -> list[str]:
        return [f"edge {e + 1}: {'used' if x else 'unused'} vs {'used' if y else 'unused'}"
                for e, (x, y) in enumerate(zip(a, b)) if x != y]

    def show_text(self, inst: Instance) -> str:
        """The grid's name and size, then the faces' numbers in a frame, a row of tiles a line
        ('·' none; a short row padded with blanks)."""
        from ..lab.face.share import NONE, box_grid

        p = inst.params
        lines = self.face_lines(inst)
        most = max(len(line) for line in lines)
        cells = [["\u00b7" if ch == "." else ch for ch in line] + [" "] * (most - len(line)) for line in lines]
        name = f"{p.grid} {p.width}x{p.height}" + (f" {p.patch_text}" if p.patch else "")
        return f"{name} ({len(p.tiling.faces)} faces)\n" + box_grid(cells, inner=NONE, pad=0)

    def canonical(self, inst: Instance) -> str:
        """The least text among the grid's mirror images and half turn that map it onto itself."""
        p = inst.params
        texts = []
        for perm in symmetries(p):
            moved = Instance(self.name, p, {perm[f]: n for f, n in inst.clues.items()})
            texts.append(self.write_text(moved))
        return min(texts)

    # ---- for language models --------------------------------------------------------
    board_legend = ("the first line names the grid and its size in tiles (a Penrose grid, kitedart or rhombs, also "
                    "its patch G<x>,<y>,<angle>); then one character per face in the grid's fixed face order "
                    "(Tatham's), a line per row of tiles (on a Penrose grid a line per so many faces as its width): "
                    "a digit (or a letter A-Z for 10-35) is how many of the face's edges the loop uses, `.` a face "
                    "without a number")
    answer_format = ("the faces inside the loop, in the same face order: one character per face, `#` inside the "
                     "loop and `.` outside, in the same lines as the board")

    def answer_text(self, inst: Instance, solution: Loop) -> str:
        t = inst.params.tiling
        inside = inside_faces(t, solution)
        lines: dict[int, list[str]] = {}
        for f, row in enumerate(t.rows):
            lines.setdefault(row, []).append("#" if inside[f] else ".")
        return "\n".join("".join(chars) for _, chars in sorted(lines.items()))

    def read_answer(self, inst: Instance, text: str) -> Loop:
        from ..lab.toolkit.answers import answer_body

        t = inst.params.tiling
        marks = [ch for ch in answer_body(text) if ch in "#.xXoO"]
        if len(marks) != len(t.faces):
            raise PuzzleError(f"{len(marks)} faces marked, the grid has {len(t.faces)}")
        return loop_around(t, (ch in "#xX" for ch in marks))

    def corrupt_solution(self, inst: Instance, solution: Loop) -> Loop:
        """The first face moved across the loop."""
        t = inst.params.tiling
        inside = inside_faces(t, solution)
        inside[0] = not inside[0]
        return loop_around(t, inside)

    # ---- pictures -------------------------------------------------------------------
    def draw(self, ax: Any, inst: Instance, solution: Loop | None = None) -> None:
        """The faces as polygons (faint edges), dots at the corners, the numbers in the faces;
        in the solution the loop as a thick line. His y grows downwards: drawn with y negated."""
        from matplotlib.patches import Polygon

        from ..lab.toolkit import draw

        t = inst.params.tiling
        points = [(x, -y) for x, y in t.dots]
        side = sorted(abs(complex(*points[a]) - complex(*points[b])) for a, b in t.edges)[len(t.edges) // 2]
        for f, ring in enumerate(t.faces):
            corners = [points[d] for d in ring]
            ax.add_patch(Polygon(corners, closed=True, facecolor="white", edgecolor="#bbbbbb",
                                 linewidth=0.6, zorder=1))
            if f in inst.clues and inst.params.patch is not None:  # kites, darts, thin rhombs: the area's middle
                cx, cy = area_middle(corners)
                draw.write(ax, cx, cy, str(inst.clues[f]), side * 0.45)
            elif f in inst.clues:
                cx = sum(x for x, _ in corners) / len(corners)
                cy = sum(y for _, y in corners) / len(corners)
                draw.write(ax, cx, cy, str(inst.clues[f]), side * (0.5 if len(ring) == 3 else 0.7))
        if solution is not None:
            for e, on in enumerate(solution):
                if on:
                    (x0, y0), (x1, y1) = points[t.edges[e][0]], points[t.edges[e][1]]
                    ax.plot([x0, x1], [y0, y1], color="black", linewidth=2.2, solid_capstyle="round", zorder=2)
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        ax.scatter(xs, ys, s=4, color="black", zorder=3)
        pad = side * 0.3
        ax.set_xlim(min(xs) - pad, max(xs) + pad)
        ax.set_ylim(min(ys) - pad, max(ys) + pad)
        ax.set_aspect("equal")
        ax.axis("off")

    # ---- SAT --------------------------------------------------------------------------
    def rules(self, params: LoopyParams, pool: IDPool) -> Rules:
        t = params.tiling
        var = [pool.id(("edge", e)) for e in range(len(t.edges))]
        clauses: list[Clause] = []
        for around in t.dot_edges():
            lits = [var[e] for e in around]
            for e in lits:  # a dot's degree is never 1 ...
                clauses.append([-e] + [f for f in lits if f != e])
            for trio in combinations(lits, 3):  # ... nor 3 or more
                clauses.append([-e for e in trio])
        clauses.append(list(var))  # the loop is not empty
        graph = LoopGraph(var, [(a, b, var[e]) for e, (a, b) in enumerate(t.edges)], len(t.dots))
        return Rules(clauses, list(var), graph)

    def _sides(self, params: LoopyParams, rules: Rules, key: int, value: int) -> tuple[int, ...]:
        t = params.tiling
        if not isinstance(key, int) or not 0 <= key < len(t.faces):
            raise PuzzleError(f"clue {quote(key)} is not a face of the {len(t.faces)}")
        if not isinstance(value, int) or not 0 <= value <= len(t.faces[key]):
            raise PuzzleError(f"bad number {quote(value)} in face {key + 1} (0 to {len(t.faces[key])})")
        graph: LoopGraph = rules.data
        return tuple(graph.var[e] for e in t.face_edges[key])

    def clue_clauses(self, params: LoopyParams, rules: Rules, key: int, value: int) -> list[Clause]:
        return exactly(self._sides(params, rules, key, value), value)

    def clue_counts(self, params: LoopyParams, rules: Rules, key: int, value: int) -> list[Exactly]:
        return [Exactly(self._sides(params, rules, key, value), value)]

    def decode(self, params: LoopyParams, rules: Rules, true_vars) -> Loop:
        graph: LoopGraph = rules.data
        return tuple(int(v in true_vars) for v in graph.var)

    def solution_literals(self, params: LoopyParams, rules: Rules, solution: Loop) -> list[int]:
        # the used edges alone pin one loop down: another single loop using them all contains it
        graph: LoopGraph = rules.data
        return [v for v, on in zip(graph.var, solution) if on]

    def lazy_units(self, params: LoopyParams, rules: Rules, holds: Callable[[int], bool]) -> list[int]:
        graph: LoopGraph = rules.data
        return loop_lazy_units(graph.dots, graph.edges, holds)

    def dead_end(self, params: LoopyParams, rules: Rules, holds: Callable[[int], bool]) -> bool:
        graph: LoopGraph = rules.data
        return loop_dead_end(graph.dots, graph.edges, holds)

    def cuts(self, params: LoopyParams, rules: Rules, solution: Loop, true_vars) -> list[Clause]:
        graph: LoopGraph = rules.data
        return single_loop_cuts(graph.dots, graph.edges, [e for e, on in enumerate(solution) if on])

    # ---- CP-SAT -----------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """AddCircuit over the dots (a self-loop arc skips a dot); each number a linear sum of
        its face's edges."""
        from ortools.sat.python import cp_model

        t = inst.params.tiling
        model = cp_model.CpModel()
        arcs = [(d, d, model.new_bool_var(f"skip{d}")) for d in range(len(t.dots))]
        used = []
        for a, b in t.edges:
            ab, ba = model.new_bool_var(f"{a}>{b}"), model.new_bool_var(f"{b}>{a}")
            arcs += [(a, b, ab), (b, a, ba)]
            model.add(ab + ba <= 1)
            used.append((ab, ba))
        model.add_circuit(arcs)
        model.add_bool_or([lit for tail, head, lit in arcs if tail != head])  # the loop is not empty
        for f, n in inst.clues.items():
            model.add(sum(used[e][0] + used[e][1] for e in t.face_edges[f]) == n)

        def decode(value) -> Loop:
            return tuple(int(bool(value(ab) or value(ba))) for ab, ba in used)

        return CpModel(model, [lit for _, _, lit in arcs], decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: LoopyParams) -> Iterator[Loop]:
        """Every set of edges in which each dot has 0 or 2 of them (unions of disjoint
        cycles; `verify` sorts out the rest)."""
        t = params.tiling
        if len(t.faces) > ENUMERATE_MOST:
            raise PuzzleError(f"a {params.grid} {params.width}x{params.height} grid ({len(t.faces)} faces) "
                              "is too large to enumerate")
        for chosen in even_edge_sets(len(t.dots), t.edges):
            yield tuple(int(e in chosen) for e in range(len(t.edges)))

    def verify(self, inst: Instance, solution: Loop) -> list[str]:
        t = inst.params.tiling
        if len(solution) != len(t.edges) or any(v not in (0, 1) for v in solution):
            return [f"solution is not {len(t.edges)} edges each 0 or 1"]
        problems = []
        for d, around in enumerate(t.dot_edges()):
            degree = sum(solution[e] for e in around)
            if degree not in (0, 2):
                problems.append(f"dot {d} at {t.dots[d]}: the line has {degree} ends here, not 0 or 2")
        if problems:
            return problems
        pieces = edge_pieces(len(t.dots), t.edges, [e for e, on in enumerate(solution) if on])
        if not pieces:
            problems.append("no loop is drawn")
        elif len(pieces) > 1:
            problems.append(f"the line forms {len(pieces)} separate loops, not one")
        counts = face_counts(t, solution)
        for f, n in sorted(inst.clues.items()):
            if counts[f] != n:
                problems.append(f"face {f + 1} says {n}, the loop uses {counts[f]} of its edges")
        return problems


PUZZLE = Loopy()
