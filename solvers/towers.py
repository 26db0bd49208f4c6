"""Towers (Skyscrapers): text forms, rules, decoding, verification.

Rules: fill an n x n grid with tower heights 1..n, each once in every row and column (a
Latin square). A clue beside a row or column says how many towers are visible from there,
looking along it: a tower is visible when it is taller than every tower before it.
Tatham also gives some heights in the grid. Clue keys: ("top", c), ("bottom", c),
("left", r), ("right", r) for the edge counts, ("cell", r, c) for a given height.

CNF: x[r][c][d] "cell (r, c) is d + 1" (Keen's Latin block), per cell the order literals
"at least d", per line and direction a prefix maximum, a `visible` literal per cell and
direction (taller than everything before it), a sequential counter over them and one
literal per (line, count) that is true exactly when the count is that: an edge clue is that literal, a given is
x's literal, so no clue draws a variable and one session serves every board of a size.
A one-shot check states visibility pairwise instead (`records`) and counts natively.
The CP-SAT model states the same with integer heights, running maxima and linear sums.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
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
    variable_block,
)
from ..lab.toolkit.answers import number_cell, read_framed
from ..lab.toolkit.framed import board_with_sides, edge_codecs, number_grid, ring
from ..lab.toolkit.latin import latin_grids, latin_problems, latin_variables
from ..lab.toolkit.puzzlink import UNKNOWN, Cursor, PuzzLink, refuse_flags, size_column, write_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, written_numbers
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import GameId, tatham_cells, tatham_encode
from ..lab.toolkit.textgrid import (
    JsonObject,
    Token,
    array_rows,
    array_shape,
    position,
    rectangular,
    token_rows,
    write_array,
)

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]
SIZE = BoardLimit(16, 16, 1, 1)  # a 16x16 board checks in well under a second
EARLY = SIZE.early("towers")  # the readers' size check, before any cell is read
TATHAM_SIZES = (3, 9)  # Tatham's validate_params
SIDES = ("top", "bottom", "left", "right")  # Tatham's clue order
SIDE_NAMES = {"top": "above column", "bottom": "below column", "left": "left of row", "right": "right of row"}
PUZZLINK_GENRES = ("skyscrapers",)
ARRAY_NAMES = {"t": "top", "b": "bottom", "l": "left", "r": "right",
               "top": "top", "bottom": "bottom", "left": "left", "right": "right"}


@dataclass(frozen=True)
class TowersParams:
    """An n x n grid; edge counts and given heights are clues, so the structure is the size."""

    n: int

    def __post_init__(self) -> None:
        SIZE.check("towers", self.n, self.n)


def line_cells(n: int, side: str, i: int) -> list[Cell]:
    """The cells of line i seen from `side`, nearest first."""
    if side == "top":
        return [(r, i) for r in range(n)]
    if side == "bottom":
        return [(r, i) for r in reversed(range(n))]
    if side == "left":
        return [(i, c) for c in range(n)]
    return [(i, c) for c in reversed(range(n))]


def seen(heights: Iterable[int]) -> int:
    """How many towers of a line are visible from its first end."""
    count, best = 0, 0
    for h in heights:
        if h > best:
            count, best = count + 1, h
    return count


def edge_clues(grid: Sequence[Sequence[int]]) -> dict[tuple[str, int], int]:
    """Every edge count of a filled grid."""
    n = len(grid)
    return {(side, i): seen(grid[r][c] for r, c in line_cells(n, side, i)) for side in SIDES for i in range(n)}


def records(n: int, fx: int, fy: int, fv: int, lines: Sequence[Sequence[Cell]]) -> list[Clause]:
    """Clauses for "visible[k - 1] iff cell k (k = 1..n-1) of the line is taller than each
    cell before it", for every line at once, with x[cell][d] = fx + cell * n + d (height
    d + 1), "height >= d + 1" = fy + cell * n + d (d = 1..n-1) and line m's visible literals
    from fv + m * (n - 1). Pairwise: visible, a cell before it at least d + 1 tall makes it
    at least d + 2 (and none before is n); not visible, some cell before it is taller than
    its own height. Arrays, one clause shape at a time: a Python loop per clause was most of
    a cold check of the seed's 6x6 board."""
    if n < 2:
        return []  # one cell: always seen, no visible literals
    cells = np.array([[r * n + c for r, c in line] for line in lines], np.int64)  # (lines, n)
    m = len(lines)
    vis = fv + np.arange(m)[:, None] * (n - 1) + np.arange(n - 1)[None, :]  # (lines, n - 1)
    before, k = np.triu_indices(n, 1)  # every pair of cells, the first nearer the edge
    d = np.arange(1, n - 1)
    pair_vis = np.broadcast_to(-vis[:, k - 1][:, :, None], (m, len(k), n - 2))
    shapes = [
        np.stack([-vis, fy + cells[:, 1:] * n + 1], axis=2),  # taller than the first: at least 2
        np.stack([pair_vis, -(fy + cells[:, before][:, :, None] * n + d),
                  fy + cells[:, k][:, :, None] * n + d + 1], axis=3),
        np.stack([-vis[:, k - 1], -(fy + cells[:, before] * n + n - 1)], axis=2),  # none before is n
        np.stack([-(fx + cells[:, 1:] * n + n - 1), vis], axis=2),  # the tallest is always seen
    ]
    heights = np.arange(n - 1)
    for at in range(1, n):  # hidden: some cell before is taller than its height d + 1
        head = -(fx + cells[:, at][:, None] * n + heights)
        shown = np.broadcast_to(vis[:, at - 1][:, None], (m, n - 1))
        taller = fy + cells[:, :at][:, None, :] * n + heights[None, :, None] + 1
        shapes.append(np.concatenate([head[:, :, None], shown[:, :, None], taller], axis=2))
    out: list[Clause] = []
    for shape in shapes:
        out += shape.reshape(-1, shape.shape[-1]).tolist()
    return out


def clue_name(key: tuple) -> str:
    if key[0] == "cell":
        return f"r{key[1] + 1}c{key[2] + 1}"
    return f"{key[0]} {key[1] + 1}"


@dataclass
class TowersVars:
    x: list  # x[r][c][d]: cell (r, c) is d + 1
    counts: dict  # (side, i, v): means "exactly v towers visible from side on line i"
    visible: dict  # (side, i): the visible literals of cells 2..n of that line (cell 1 always is)


class Towers(CluePuzzle[TowersParams, tuple, Grid]):
    name = "towers"
    # cacheable: every clue is a literal made in `rules`
    speed = Speed(rules_cacheable=True)
    aliases = ("skyscrapers",)
    title = "Towers (Skyscrapers): Latin square with visibility clues"
    rules_text = ("Each row and column holds heights 1..n once, and each edge clue counts the towers visible "
                  "from there (a taller tower hides the shorter ones behind it).")
    tatham_game = "towers"
    codecs = edge_codecs(refusal="Tatham's Towers game ID holds the clues, not the heights: print the solution as "
                                 "text, array or json (`puzzlelab convert towers FILE --to tatham` gives the ID)",
                         puzzlink=PUZZLINK_GENRES, pzprv3=True)
    size = SIZE
    implied = True  # add the redundant clauses of `_bounds` and `_visible` (propagation finds more)
    example = ". . . . 2 .\n. . . . . .\n. . . . . 3\n. 1 . . . .\n3 . . . . .\n. . . . . ."

    # ---- building an instance from any format ---------------------------------------
    def make(self, n: int, sides: Mapping[str, Sequence[Any]], cells: Sequence[Sequence[Any]],
             line: int | None = None) -> Instance:
        """An instance from the four clue lists and the grid, values as read: ints (or
        Tokens / text holding them), None or 0 (or '.', -1) for none. Errors at the value's
        place where it has one."""
        with at_place(line):
            params = TowersParams(n)
        clues: dict[tuple, int] = {}
        for side in SIDES:
            values = sides[side]
            if len(values) != n:
                raise PuzzleError(f"{len(values)} clues on the {side} side, expected {n}", line)
            for i, v in enumerate(values):
                got = self.value(v, n, f"clue {SIDE_NAMES[side]} {i + 1}", line)
                if got:
                    clues[(side, i)] = got
        if len(cells) != n or any(len(row) != n for row in cells):
            raise PuzzleError(f"the grid is not {n}x{n}", line)
        for r, row in enumerate(cells):
            for c, v in enumerate(row):
                got = self.value(v, n, f"r{r + 1}c{c + 1}", line)
                if got:
                    clues[("cell", r, c)] = got
        return Instance(self.name, params, clues)

    @staticmethod
    def value(v: Any, n: int, what: str, line: int | None = None) -> int:
        """A clue or given height 1..n, or 0 for none ('.', ' ', '-', None, 0, -1)."""
        where = (getattr(v, "line", line), getattr(v, "column", None))
        if isinstance(v, Token):
            v = v.text
        if hasattr(v, "value") and not isinstance(v, (int, str)):
            v = v.value
        if v is None or (isinstance(v, int) and not isinstance(v, bool) and v in (0, -1)):
            return 0
        if isinstance(v, str):
            s = v.strip()
            if s in ("", ".", "-", "0", "-1"):
                return 0
            if not s.isdecimal() or not s.isascii():
                raise PuzzleError(f"{what}: {quote(v)} is not a height (1..{n} or . for none)", *where)
            v = int(s)
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= n:
            raise PuzzleError(f"{what}: {quote(v)} is not a height 1..{n}", *where)
        return v

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """n + 2 rows of n + 2 tokens: the top clues between two corner dots, n rows each
        with its left clue, its cells and its right clue, the bottom clues; '.' is none."""
        rows = token_rows(text, limit=SIZE.early(self.name, extra=(2, 2)))  # the clues around the board
        size = len(rows[0])
        if size < 3:
            raise PuzzleError(f"the first row has {size} tokens: a board of n cells a side has n + 2 "
                              "(a corner, n clues, a corner)", rows[0][0].line)
        rectangular(rows, size, numbered=True)
        rectangular(rows, size, size)
        n = size - 2
        for tok in (rows[0][0], rows[0][-1], rows[-1][0], rows[-1][-1]):
            if tok.text != ".":
                raise PuzzleError(f"a corner holds {quote(tok.text)}: corners are '.'", tok.line, tok.column)
        sides = {"top": rows[0][1:-1], "bottom": rows[-1][1:-1],
                 "left": [row[0] for row in rows[1:-1]], "right": [row[-1] for row in rows[1:-1]]}
        return self.make(n, sides, [row[1:-1] for row in rows[1:-1]], rows[0][0].line)

    def read_array(self, text: str) -> Instance:
        """Seed 000's form: `board = np.array([[' ', '3', ...], ...])` and the four sides
        `t`, `b`, `l`, `r` (or named in `sides={'top': t, ...}`), -1 for no clue."""
        board_at = re.search(r"(?m)^\s*board\s*=[^\[]*", text)
        shape = array_shape(text[board_at.end():], first=True) if board_at else None
        if board_at and shape is not None:  # the board's size, before the text is parsed
            EARLY(shape[1], shape[0], position(text, board_at.end())[0])
        try:
            tree = ast.parse(text)
        except SyntaxError as exc:
            raise PuzzleError(f"bad array text: {exc.msg}", exc.lineno) from None
        except (ValueError, RecursionError, MemoryError) as exc:
            raise PuzzleError(f"bad array text: {type(exc).__name__}") from None
        lines = text.split("\n")

        def index(lineno: int, col: int) -> int:
            before = sum(len(s) + 1 for s in lines[:lineno - 1])
            return before + len(lines[lineno - 1].encode("utf-8")[:col].decode("utf-8", errors="ignore"))

        arrays: dict[str, ast.List | ast.Tuple] = {}
        renames: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                value = node.value
                if isinstance(value, ast.Call) and len(value.args) == 1:
                    value = value.args[0]
                if isinstance(value, (ast.List, ast.Tuple)):
                    arrays[node.targets[0].id] = value
            if isinstance(node, ast.keyword) and node.arg == "sides" and isinstance(node.value, ast.Dict):
                for k, v in zip(node.value.keys, node.value.values):
                    if isinstance(k, ast.Constant) and isinstance(v, ast.Name) and k.value in SIDES:
                        renames[v.id] = k.value
        if "board" not in arrays:
            raise PuzzleError("expected board = np.array([[...], ...]) and the sides t, b, l, r")
        node = arrays["board"]
        if node.end_lineno is None or node.end_col_offset is None:  # set on every node ast.parse makes
            raise PuzzleError("bad array text: the board array has no end")
        start, end = index(node.lineno, node.col_offset), index(node.end_lineno, node.end_col_offset)
        board = array_rows(re.sub(r"[^\n]", " ", text[:start]) + text[start:end] + re.sub(r"[^\n]", " ", text[end:]))
        n = len(board)
        SIZE.check(self.name, n, n, "board", board[0].line if board else None)
        sides: dict[str, list] = {}
        for name, node in arrays.items():
            side = renames.get(name) or ARRAY_NAMES.get(name)
            if side is None or name == "board":
                continue
            try:
                values = ast.literal_eval(node)
            except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                raise PuzzleError(f"bad {name} array: only numbers are read", node.lineno) from None
            if not isinstance(values, (list, tuple)):
                raise PuzzleError(f"bad {name} array", node.lineno)
            if len(values) != n:
                raise PuzzleError(f"{name} has {len(values)} clues, expected {n}", node.lineno, node.col_offset + 1)
            sides[side] = [Token(str(v), node.lineno, None) if isinstance(v, (int, str)) and not isinstance(v, bool)
                           else Token(repr(v), node.lineno, None) for v in values]
        for side in SIDES:
            sides.setdefault(side, [None] * n)
        cells = [[Token(str(e.value), e.line, e.column) for e in row] for row in board]
        for row in board:
            if len(row) != n:
                raise PuzzleError(f"board row has {len(row)} cells, expected {n}", row.line, row.column)
        return self.make(n, sides, cells, board[0].line)

    def from_tatham(self, game: GameId) -> Instance:
        """`n[dX]:c1/c2/.../c4n[,grid]` (towers.c, validate_desc): the clues above the
        columns, below them, left of the rows, right of them, empty for none; then the
        given heights as runs of blanks (a..z) and numbers, '_' between two numbers."""
        m = re.fullmatch(r"(\d+)(d[ehxu])?", game.head)
        if not m:
            raise PuzzleError(f"bad Towers parameters {quote(game.head)} (expected like 5 or 6dh)",
                              game.line, game.column)
        n = int(m.group(1))
        with at_place(game.line, game.column):
            TowersParams(n)
        if not TATHAM_SIZES[0] <= n <= TATHAM_SIZES[1]:
            raise PuzzleError(f"Tatham's Towers takes sizes {TATHAM_SIZES[0]}..{TATHAM_SIZES[1]}, not {n}",
                              game.line, game.column)
        desc = game.desc
        cluetext, comma, gridtext = desc.partition(",")
        parts = cluetext.split("/")
        if len(parts) != 4 * n:
            raise PuzzleError(f"{len(parts)} clues for a {n}x{n} grid, expected {4 * n}", *game.at(0))
        values: list[Token] = []
        at = 0
        for part in parts:
            if part and not (part.isascii() and part.isdecimal()):
                raise PuzzleError(f"bad clue {quote(part)}", *game.at(at))
            if part and int(part) == 0:
                raise PuzzleError("clue 0 is out of range", *game.at(at))
            values.append(Token(part or ".", game.line, game.desc_column + at))
            at += len(part) + 1
        sides = {side: values[k * n:(k + 1) * n] for k, side in enumerate(SIDES)}
        cells: list[list[Any]] = [[None] * n for _ in range(n)]
        if comma:
            offset = len(cluetext) + 1
            grid = GameId(game.head, gridtext, game.line, game.column, game.desc_column + offset)
            zero = re.search(r"(?<![0-9])0", gridtext)
            if zero:
                raise PuzzleError("unexpected '0' in game description", *grid.at(zero.start()))
            flat = tatham_cells(grid, n * n, {}, None, numbers=True)
            cells = [flat[r * n:(r + 1) * n] for r in range(n)]
        return self.make(n, sides, cells, game.line)

    def from_json(self, text: str) -> Instance:
        """`grid`: n rows of heights (0 or null a blank); `top`, `bottom`, `left`, `right`:
        n clues each (0 or null: none; all none when left out); `size`, when given, n."""
        doc = JsonObject(text, self.name, ("size", *SIDES, "grid"), self.aliases)
        size = doc.integer("size", None, low=1)
        if size is not None:
            EARLY(size, size, doc.where("size")[0])
        rows = doc.rows("grid", EARLY)
        n = len(rows)
        SIZE.check(self.name, n, n, line=doc.where("grid")[0])
        doc.agrees("size", n, "the grid's rows are")
        sides = {side: doc.array(side, [None] * n, n, "clues (0 or null: none)") for side in SIDES}
        return self.make(n, sides, rows)

    # ---- writing -------------------------------------------------------------------
    @staticmethod
    def sides(inst: Instance) -> dict[str, list[int]]:
        """The four clue lists, 0 for none."""
        n = inst.params.n
        return {side: [inst.clues.get((side, i), 0) for i in range(n)] for side in SIDES}

    @staticmethod
    def cells(inst: Instance, solution: Grid | None = None) -> list[list[int]]:
        n = inst.params.n
        if solution is not None:
            return [list(row) for row in solution]
        return [[inst.clues.get(("cell", r, c), 0) for c in range(n)] for r in range(n)]

    def write_text(self, inst: Instance) -> str:
        return self.board_text(inst)

    def write_array(self, inst: Instance) -> str:
        sides = self.sides(inst)
        return board_with_sides(([str(v) if v else " " for v in row] for row in self.cells(inst)),
                                {side[0]: [v or -1 for v in sides[side]] for side in SIDES})

    def tatham_id(self, inst: Instance) -> str:
        n, sides = inst.params.n, self.sides(inst)
        if not TATHAM_SIZES[0] <= n <= TATHAM_SIZES[1]:
            raise PuzzleError(f"Tatham's Towers takes sizes {TATHAM_SIZES[0]}..{TATHAM_SIZES[1]}, not {n}")
        out = f"{n}:" + "/".join(str(v) if v else "" for side in SIDES for v in sides[side])
        flat = [v or None for row in self.cells(inst) for v in row]
        if any(flat):
            out += "," + tatham_encode(flat, None)
        return out

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        sides = self.sides(inst)
        return {"size": inst.params.n, **{side: [v or None for v in sides[side]] for side in SIDES},
                "grid": [[v or None for v in row] for row in self.cells(inst)]}

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's Skyscrapers (pzprjs's skyscrapers.js): the clues around the grid as
        `numbers16`, above the columns, below them, left of the rows, right of them; then the
        given heights as `numbers16`, left out when there are none."""
        refuse_flags(link)
        n = link.cols
        if link.rows != n:
            raise PuzzleError(f"a puzz.link Skyscrapers board of {link.cols}x{link.rows}: Towers is square",
                              1, size_column(link))
        SIZE.check(self.name, n, n, line=1, column=size_column(link))
        cursor = Cursor(link.body, link.column)
        edges = self._puzzlink_heights(cursor, 4 * n, n, lambda k: f"clue {SIDE_NAMES[SIDES[k // n]]} {k % n + 1}")
        cells = self._puzzlink_heights(cursor, n * n, n, lambda k: f"r{k // n + 1}c{k % n + 1}")
        cursor.end()
        sides = {side: edges[k * n:(k + 1) * n] for k, side in enumerate(SIDES)}
        return self.make(n, sides, [cells[r * n:(r + 1) * n] for r in range(n)], 1)

    @staticmethod
    def _puzzlink_heights(cursor: Cursor, count: int, n: int, what: Callable[[int], str]) -> list[int | None]:
        """`count` numbers of a body, each a height 1..n or none (pzprjs also writes 0 and `?`,
        which no height is)."""
        values = cursor.read_numbers16(count)
        for k, v in enumerate(values):
            if v is not None and not 1 <= v <= n:
                shown = "?" if v == UNKNOWN else str(v)
                raise PuzzleError(f"{what(k)}: {shown} is not a height 1..{n}", 1, cursor.places[k])
        return values

    def puzzlink(self, inst: Instance) -> PuzzLink:
        n, sides = inst.params.n, self.sides(inst)
        body = write_numbers16([v or None for side in SIDES for v in sides[side]])
        cells = [v or None for row in self.cells(inst) for v in row]
        if any(cells):  # as pzprjs, which writes the grid only when it holds a height
            body += write_numbers16(cells)
        return PuzzLink(PUZZLINK_GENRES[0], n, n, body)

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """One block of n + 2 rows of n + 2 items: the clues around the grid (the corners
        unused), and in it `qH` a given height H, `H` a height written, `.` (or the player's
        candidates, `.[1,2,,]`) none."""
        n = pzl.rows
        if pzl.cols != n:
            raise PuzzleError(f"a pzprv3 Skyscrapers board of {pzl.cols}x{pzl.rows}: Towers is square", 3)
        block = pzl.located(n + 2, n + 2, ".")
        inside = [row[1:n + 1] for row in block[1:n + 1]]
        sides = {"top": block[0][1:n + 1], "bottom": block[n + 1][1:n + 1],
                 "left": [row[0] for row in block[1:n + 1]], "right": [row[n + 1] for row in block[1:n + 1]]}
        givens = [[Token(t.text[1:], t.line, t.shifted(1)) if t.text.startswith("q") else None for t in row]
                  for row in inside]
        inst = self.make(n, sides, givens, 3)
        given = {(key[1], key[2]): v for key, v in inst.clues.items() if key[0] == "cell"}
        return inst, written_numbers([[t.text for t in row] for row in inside], given)

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        n, sides = inst.params.n, self.sides(inst)

        def cell(r: int, c: int) -> Any:
            given = inst.clues.get(("cell", r, c))
            return f"q{given}" if given else solution[r][c] if solution and solution[r][c] else "."
        rows = [[".", *(v or "." for v in sides["top"]), "."]]
        rows += [[sides["left"][r] or ".", *(cell(r, c) for c in range(n)), sides["right"][r] or "."]
                 for r in range(n)]
        rows.append([".", *(v or "." for v in sides["bottom"]), "."])
        return Pzprv3Writer(PUZZLINK_GENRES[0], n, n).items(rows)

    def board_text(self, inst: Instance, solution: Grid | None = None) -> str:
        """The text form: clues around the grid, '.' for none (a solution fills the grid)."""
        n, sides, cells = inst.params.n, self.sides(inst), self.cells(inst, solution)
        width = len(str(n))

        def tok(v: int) -> str:
            return (str(v) if v else ".").rjust(width)

        return "\n".join(" ".join(map(tok, row)).rstrip() for row in ring(cells, sides, 0))

    def write_array_solution(self, inst: Instance, solution: Grid) -> str:
        return write_array(list(row) for row in solution)

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return number_grid(solution, inst.params.n)

    # ---- for language models ------------------------------------------------------------
    board_legend = ("the grid with its clues around it: the first and last lines are the clues above and below the "
                    "columns, each row between them starts with the clue left of it and ends with the clue right "
                    "of it; a number inside the grid is a given height, `.` an empty cell or no clue")
    answer_format = "the filled grid without the clues: one row per line, its heights separated by single spaces"

    def read_answer(self, inst: Instance, text: str) -> Grid:
        n = inst.params.n
        return tuple(map(tuple, read_framed(text, n, n, number_cell(1, n), "height")))

    def canonical(self, inst: Instance) -> str:
        """The same text for boards equal up to the square's rotations and reflections, the
        edge clues moving with the grid (heights keep their meaning: no relabelling): the least
        of the eight images of the text form's grid, clues and corners included."""
        rows = ring(self.cells(inst), self.sides(inst), 0)
        return least_text([[str(v) if v else "." for v in row] for row in rows], " ")

    def describe_clue(self, key: tuple, value: int) -> str:
        if key[0] == "cell":
            return f"r{key[1] + 1}c{key[2] + 1}={value}"
        return f"{value} {SIDE_NAMES[key[0]]} {key[1] + 1}"

    def clue_json(self, key: tuple, value: int) -> dict:
        if key[0] == "cell":
            return {"row": key[1] + 1, "col": key[2] + 1, "height": value}
        return {"side": key[0], "line": key[1] + 1, "visible": value}

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: the grid in a frame, the clues around it."""
        from ..lab.face.share import box_grid

        n, sides, cells = inst.params.n, self.sides(inst), self.cells(inst)
        width = len(str(n))
        grid = box_grid([[str(v) if v else "" for v in row] for row in cells], align="right").splitlines()
        step = (len(grid[0]) - 1) // n  # characters per cell, its line included: the text, 2 spaces, 1 line
        pad = " " * (width + 1)

        def edge(values: list[int]) -> str:
            """Clues right-aligned over (or under) the cells' texts."""
            line = [" "] * (len(grid[0]) + width)
            for i, v in enumerate(values):
                text = str(v) if v else ""
                end = i * step + step - 2  # the last column of cell i's text
                for j, ch in enumerate(text):
                    line[end - len(text) + 1 + j] = ch
            return (pad + "".join(line)).rstrip()

        out = [edge(sides["top"])] if any(sides["top"]) else []
        for k, line in enumerate(grid):
            r = (k - 1) // 2 if k % 2 else None
            if r is not None and 0 <= r < n and len(grid) == 2 * n + 1:
                left, right = sides["left"][r], sides["right"][r]
                out.append(f"{(str(left) if left else '').rjust(width)} {line} {right or ''}".rstrip())
            else:
                out.append(f"{pad}{line}")
        if any(sides["bottom"]):
            out.append(edge(sides["bottom"]))
        return "\n".join(out)

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham's Towers (in 2D): the clues around the edges, given heights black and
        bold, solved heights blue."""
        from ..lab.toolkit.draw import Board

        n, sides = inst.params.n, self.sides(inst)
        board = Board(ax, n, n)
        board.grid()
        size = 0.5
        board.column_clues([[v] if v else [] for v in sides["top"]], size, side="top")
        board.column_clues([[v] if v else [] for v in sides["bottom"]], size, side="bottom")
        board.row_clues([[v] if v else [] for v in sides["left"]], size, side="left")
        board.row_clues([[v] if v else [] for v in sides["right"]], size, side="right")
        for r in range(n):
            for c in range(n):
                given = inst.clues.get(("cell", r, c))
                if given:
                    board.text(r, c, str(given), 0.55, bold=True)
                elif solution is not None:
                    board.text(r, c, str(solution[r][c]), 0.55, colour="#1f5fbf")

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: TowersParams, pool: IDPool) -> Rules:
        return self._rules(params, pool, counters=True)

    def one_shot_rules(self, params: TowersParams, pool: IDPool) -> Rules:
        """Without the counters and `_bounds`: a one-shot session counts the visible
        literals natively, with the bounds beside them (`clue_counts`). Visibility is
        stated pairwise (`records`), without the prefix maxima: variables as one block
        instead of 600 named ones on 6x6, a fifth fewer clauses, written as arrays. Checks
        of Tatham's 24 boards met 523 conflicts in all instead of 951 (136 with the native
        bounds); the seed's 6x6, cold: 4.0 ms before, 2.6 ms now (best of 90, interleaved)."""
        n = params.n
        x, groups, primary = self._latin(n, pool)
        clauses: list[Clause] = list(groups)
        _, order = self._order(n, x, pool, clauses)
        first = variable_block(pool, len(SIDES) * n * (n - 1))
        lines = [line_cells(n, side, i) for side in SIDES for i in range(n)]
        clauses += records(n, primary[0], order, first, lines)
        seen = {(side, i): list(range(first + (s * n + i) * (n - 1), first + (s * n + i + 1) * (n - 1)))
                for s, side in enumerate(SIDES) for i in range(n)}
        return Rules(clauses=clauses, primary=primary, data=TowersVars(x, {}, seen), at_most_one=groups,
                     cells=[cell for row in x for cell in row])

    @staticmethod
    def _latin(n: int, pool: IDPool) -> tuple[list, list[list[int]], list[int]]:
        """Keen's Latin block x[r][c][d], its exactly-one groups (cell, row digit, column
        digit, cell by cell), and the primary variables."""
        x, cells, lines, primary = latin_variables(n, pool)
        groups = [group for i in range(len(cells)) for group in (cells[i], *lines[2 * i:2 * i + 2])]
        return x, groups, primary

    @staticmethod
    def _order(n: int, x: list, pool: IDPool, clauses: list[Clause]) -> tuple[list, int]:
        """at_least[r][c][d] for d = 0..n, "height >= d + 1", as one block of variables
        (at_least[r][c][d] = first + (r * n + c) * n + d, returned with the block's first):
        d = 0 is always true (None), d = n never (False); defined both ways from x."""
        first = variable_block(pool, n * n * n)
        # per cell, None for d = 0 (always true), a variable each, False for d = n (never)
        at_least: list[list[list[Any]]] = [[[None] + [first + (r * n + c) * n + d for d in range(1, n)] + [False]
                     for c in range(n)] for r in range(n)]
        for r in range(n):
            for c in range(n):
                y, xs = at_least[r][c], x[r][c]
                for d in range(1, n):
                    clauses.append([-xs[d], y[d]])  # height d + 1 means >= d + 1
                    if d + 1 < n:
                        clauses.append([-y[d + 1], y[d]])
                        clauses.append([-y[d], xs[d], y[d + 1]])
                    else:
                        clauses.append([-y[d], xs[d]])
        return at_least, first

    def _rules(self, params: TowersParams, pool: IDPool, counters: bool) -> Rules:
        """The Latin square (Keen's), then per cell "height >= d" literals; per line and
        direction the prefix maximum ("some of the first k + 1 is >= d"), the visible
        literals, and with `counters` a sequential counter over them and a literal per count."""
        n = params.n
        x, groups, primary = self._latin(n, pool)
        clauses: list[Clause] = list(groups)
        at_least, _ = self._order(n, x, pool, clauses)
        counts: dict[tuple[str, int, int], int] = {}
        seen: dict[tuple[str, int], list[int]] = {}
        for side in SIDES:
            for i in range(n):
                line = line_cells(n, side, i)
                visible = seen[(side, i)] = self._visible(n, line, x, at_least, pool, clauses)
                if not counters:
                    continue
                count = self._counter(n, side, i, visible, pool, clauses)
                counts.update(count)
                if self.implied:
                    clauses += self._bounds(n, line, x, [count[(side, i, v)] for v in range(1, n + 1)])
        return Rules(clauses=clauses, primary=primary, data=TowersVars(x, counts, seen), at_most_one=groups,
                     cells=[cell for row in x for cell in row])

    @staticmethod
    def _visible(n: int, line: list[Cell], x: list, at_least: list, pool: IDPool, clauses: list) -> list[int]:
        """The visible literals of cells 1..n-1 of a line (cell 0 is always visible):
        cell k is visible iff its height d + 1 is above the prefix maximum of cells 0..k-1."""
        prefix = [at_least[line[0][0]][line[0][1]][d] for d in range(n)]  # max of cell 0 >= d + 1
        visible = []
        for k in range(1, n):
            r, c = line[k]
            vis = pool.id(("vis", line[0], line[-1], k))
            visible.append(vis)
            clauses.append([-vis, -x[r][c][0]])  # a 1 past the first cell is hidden
            here = at_least[r][c]
            for d in range(1, n):
                clauses.append([-x[r][c][d], prefix[d], vis])
                clauses.append([-vis, -x[r][c][d], -prefix[d]])
                if Towers.implied:  # visible: taller than the maximum before it
                    clauses.append([-vis, -prefix[d]] + ([here[d + 1]] if d + 1 < n else []))
            if Towers.implied:  # hidden: the maximum before it is taller, as bounds (from
                # heights still open: a hidden 2-or-4 after a 2-or-4 makes the first a 4)
                for d in range(n):
                    clauses.append([vis] + ([-here[d]] if d else []) + ([prefix[d + 1]] if d + 1 < n else []))
            if k + 1 < n:  # the prefix maximum over cells 0..k
                new = [None] + [pool.id(("max", line[0], line[-1], k, d)) for d in range(1, n)]
                for d in range(1, n):
                    clauses += [[-prefix[d], new[d]], [-here[d], new[d]], [-new[d], prefix[d], here[d]]]
                prefix = new
        return visible

    @staticmethod
    def _bounds(n: int, line: list[Cell], x: list, count: list[int]) -> list[Clause]:
        """What a count implies at once (Tatham's easy deductions, redundant here but found
        by unit propagation): with v visible, the k-th cell (from 0) is at most n - v + 1 + k
        tall for k < v - 1, and with 1 visible the first cell is the tallest."""
        out = []
        for v in range(2, n + 1):
            for k in range(v - 1):
                r, c = line[k]
                out += [[-count[v - 1], -x[r][c][d]] for d in range(n - v + 1 + k, n)]
        r, c = line[0]
        out.append([-count[0], x[r][c][n - 1]])
        return out

    @staticmethod
    def _counter(n: int, side: str, i: int, visible: list[int], pool: IDPool, clauses: list) -> dict:
        """A sequential counter over the visible literals, exact both ways: s[j] "at least j
        of those so far"; then for each count v a literal that means 1 + count = v (both
        ways: the stripping loop assumes a clue's literal false for "the clue is false")."""
        s: list[Any] = [True] + [False] * n  # before any literal: at least 0, not at least 1
        for k, vis in enumerate(visible, start=1):
            new: list[Any] = [True] + [pool.id(("cnt", side, i, k, j)) for j in range(1, k + 1)] + [False] * (n - k)
            for j in range(1, k + 1):
                keep, step = s[j], s[j - 1]
                # new[j] <-> keep or (step and vis)
                if keep is not False:
                    clauses.append([-keep, new[j]] if keep is not True else [new[j]])
                if step is True:
                    clauses.append([-vis, new[j]])
                elif step is not False:
                    clauses.append([-step, -vis, new[j]])
                lits = [-new[j]]
                if keep is not False:
                    lits.append(keep)
                clauses.append(lits + [vis])
                if step is not True:
                    clauses.append(lits + [step] if step is not False else lits)
            s = new
        out = {}
        for v in range(1, n + 1):
            lit = pool.id(("count", side, i, v))
            out[(side, i, v)] = lit
            if s[v - 1] is not True:
                clauses.append([-lit, s[v - 1]] if s[v - 1] is not False else [-lit])
            if s[v] is not False:
                clauses.append([-lit, -s[v]] if s[v] is not True else [-lit])
            # and back: the engine reads a clue's false literal as "the clue is false"
            clauses.append([lit] + ([-s[v - 1]] if s[v - 1] is not True else [])
                           + ([s[v]] if s[v] is not False else []))
        return out

    def clue_clauses(self, params: TowersParams, rules: Rules, key: tuple, value: int) -> list[Clause]:
        n = params.n
        if key[0] == "cell":
            _, r, c = key
            if not (0 <= r < n and 0 <= c < n and 1 <= value <= n):
                raise PuzzleError(f"clue {key}={value} does not fit the {n}x{n} board")
            return [[rules.data.x[r][c][value - 1]]]
        lit = rules.data.counts.get((key[0], key[1], value))
        if lit is None:
            raise PuzzleError(f"clue {key}={value} does not fit the {n}x{n} board")
        return [[lit]]

    def clue_counts(self, params: TowersParams, rules: Rules, key: tuple, value: int) -> list[Exactly] | None:
        if key[0] == "cell":
            return None  # a given digit is a fact, not a count
        visible = rules.data.visible.get((key[0], key[1]))
        if visible is None or isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= params.n:
            raise PuzzleError(f"clue {key}={value} does not fit the {params.n}x{params.n} board")
        counts = [Exactly(tuple(visible), value - 1)]  # the first cell is always seen
        if self.implied:
            counts.append(Exactly(self._too_tall(params.n, line_cells(params.n, *key), rules.data.x, value), 0))
        return counts

    @staticmethod
    def _too_tall(n: int, line: list[Cell], x: list, value: int) -> tuple[int, ...]:
        """`_bounds` for a native count: the heights a count of `value` rules out, as one
        "none of these" (the k-th cell, k < value - 1, is at most n - value + 1 + k tall; with
        1 visible the first cell is n). Implied by the count, so the clue means the same; a
        one-shot check of the seed's 6x6 met 22 conflicts with it, 76 without."""
        if value == 1:
            r, c = line[0]
            return tuple(x[r][c][:n - 1])
        return tuple(v for k, (r, c) in enumerate(line[:value - 1]) for v in x[r][c][n - value + 1 + k:])

    def decode(self, params: TowersParams, rules: Rules, true_vars) -> Grid:
        n, x = params.n, rules.data.x
        return tuple(tuple(next((d + 1 for d in range(n) if x[r][c][d] in true_vars), 0)
                           for c in range(n)) for r in range(n))

    def solution_literals(self, params: TowersParams, rules: Rules, solution: Grid) -> list[int]:
        x = rules.data.x
        return [x[r][c][d] if d + 1 == v else -x[r][c][d]
                for r, row in enumerate(solution) for c, v in enumerate(row) for d in range(params.n)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Integer heights, all different per row and column; for each edge clue the
        running maximum along the line, a cell visible iff it is above the maximum before
        it, and the sum of the visible ones equal to the clue."""
        from ortools.sat.python import cp_model

        n = inst.params.n
        model = cp_model.CpModel()
        h = [[model.new_int_var(1, n, f"h{r}_{c}") for c in range(n)] for r in range(n)]
        for i in range(n):
            model.add_all_different(h[i])
            model.add_all_different([h[r][i] for r in range(n)])
        for key, value in inst.clues.items():
            if key[0] == "cell":
                model.add(h[key[1]][key[2]] == value)
                continue
            line = [h[r][c] for r, c in line_cells(n, key[0], key[1])]
            best = line[0]
            shown: list[Any] = [1]  # the first tower, always seen; then CP-SAT Booleans
            for k in range(1, n):
                vis = model.new_bool_var(f"v{key}{k}")
                model.add(line[k] > best).only_enforce_if(vis)
                model.add(line[k] <= best).only_enforce_if(~vis)
                shown.append(vis)
                top = model.new_int_var(1, n, f"m{key}{k}")
                model.add_max_equality(top, [best, line[k]])
                best = top
            model.add(sum(shown) == value)
        flat = [v for row in h for v in row]
        return CpModel(model, flat, lambda value: tuple(tuple(value(v) for v in row) for row in h))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: TowersParams) -> Iterator[Grid]:
        """Every grid of heights for n <= 2 (so `verify` must reject non-Latin ones), every
        Latin square above that (576 for n = 4)."""
        if params.n > 5:
            raise PuzzleError(f"a {params.n}x{params.n} board is too large to enumerate")
        return latin_grids(params.n)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        n = inst.params.n
        problems = latin_problems(solution, n, "height")
        if problems[:1] == [f"solution is not {n}x{n}"]:
            return problems
        for key, value in sorted(inst.clues.items()):
            if key[0] == "cell":
                _, r, c = key
                if solution[r][c] != value:
                    problems.append(f"r{r + 1}c{c + 1} is {solution[r][c]}, the given is {value}")
                continue
            side, i = key
            got = seen(solution[r][c] for r, c in line_cells(n, side, i))
            if got != value:
                problems.append(f"the clue {value} {SIDE_NAMES[side]} {i + 1} sees {got} towers")
        return problems


PUZZLE = Towers()
