"""Unequal (Futoshiki): rules, decoding, verification, and its three text forms.

Rules: fill an n x n grid with digits 1..n, each once in every row and column (a Latin
square), keeping the given digits and the inequality signs between neighbours. Clue keys:
("cell", r, c) for a given digit, ("right", r, c) for the sign between (r, c) and (r, c + 1),
("down", r, c) for the one between (r, c) and (r + 1, c); a sign's value is its mark in the
text form (`<` `>` in a row, `^` `v` between rows), which points at the smaller cell.

CNF: Keen's Latin block x[r][c][d] and one literal per pair of neighbours, "the first is
greater", defined both ways; a sign is that literal or its negation, a given digit is x's,
so no clue draws a variable. CP-SAT: integer digits, all different, `>` between neighbours.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pysat.formula import IDPool

from ..lab.engine.puzzle import BoardLimit, Clause, CluePuzzle, CpModel, Instance, PuzzleError, Rules, Speed, quote
from ..lab.face.share import box_grid
from ..lab.toolkit.answers import grid_text, number_cell, read_framed
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, TathamCodec
from ..lab.toolkit.latin import latin_grids, latin_problems, latin_variables
from ..lab.toolkit.lattice import read_lattice, write_lattice
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.tatham import GameId
from ..lab.toolkit.textgrid import JsonObject, Token

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]
DIGITS = [str(d) for d in range(1, 10)]
SIZE = BoardLimit(9, 9, 1, 1)  # one character a cell in the text form, as in Tatham's own text
EARLY = SIZE.early("unequal")
TATHAM_SIZES = (3, 32)  # his validate_params
STEPS = {"right": (0, 1), "down": (1, 0)}
SIGNS = {"right": ("<", ">"), "down": ("^", "v")}  # each way's marks: the first cell smaller, greater
ALSO = {"\u2227": "^", "\u2228": "v"}  # marks read as those
STEP_OF = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0)}  # a mark as the step to the smaller cell
POINTS = {step: mark for mark, step in STEP_OF.items()}
NAMES = {"cell": ("the grid", "r{}c{}"), "right": ("the signs in rows", "the sign right of r{}c{}"),
         "down": ("the signs between rows", "the sign below r{}c{}")}  # in errors: all of them, one
# Tatham's flags: this cell is greater than its neighbour above, right, below, left; each is a
# mark (way, its place from the cell, the mark)
FLAGS = {"U": ("down", -1, 0, "^"), "R": ("right", 0, 0, ">"), "D": ("down", 0, 0, "v"), "L": ("right", 0, -1, "<")}
PRINTED = {"<": "<", ">": ">", "^": "\u2227", "v": "\u2228"}  # a mark as printed: between rows, the signs ∧ ∨
SQUARE = 0.62  # a cell's square in a picture, in cells: the rest is the gap between squares the signs sit in
DIGIT = 0.42  # digits' size in a picture, in cells
# the signs' sizes, in the normal weight (a bold ∧ is a heavy wedge beside a bold `<`): `<` `>`
# fill two thirds of the gap's width, and ∧ ∨ (a little smaller in the font) come out as
# large, as `<` turned
SIGN = {"right": 0.37, "down": 0.41}
SOLVED = "#1f5fbf"  # solved digits, as the other Latin squares draw them


@dataclass(frozen=True)
class UnequalParams:
    """An n x n grid: digits and signs are clues, so the structure is the size."""

    n: int

    def __post_init__(self) -> None:
        SIZE.check("unequal", self.n, self.n)


def pairs(n: int) -> Iterator[tuple[str, int, int]]:
    """Every pair of neighbours as (direction, r, c) of its first (left or upper) cell."""
    return ((way, r, c) for way, (dr, dc) in STEPS.items() for r in range(n - dr) for c in range(n - dc))


def lattice_at(rows: list, r: int, c: int) -> Any:
    """rows[r][c], or False off its edges."""
    return rows[r][c] if 0 <= r < len(rows) and 0 <= c < len(rows[r]) else False


def second(key: tuple[str, int, int]) -> Cell:
    dr, dc = STEPS[key[0]]
    return key[1] + dr, key[2] + dc


class Unequal(CluePuzzle):
    name = "unequal"
    # cacheable: every clue is a literal made in `rules`
    speed = Speed(rules_cacheable=True)
    aliases = ("futoshiki",)
    title = "Unequal (Futoshiki): Latin square with inequality signs"
    rules_text = ("Each row and column holds the digits 1..n once, every given digit stays, and each sign between "
                  "two neighbours points at the smaller of them.")
    tatham_game = "unequal"
    codecs = (MethodCodec("text", solutions=True, solution_writer="write_text"), TathamCodec(), JsonCodec())
    size_limit_text = SIZE.text
    example = ". 3 1 .\nv\n. . . .\nv\n. .<. .\n      ^\n1 . . ."
    board_legend = ("rows of cells (a digit given, `.` empty) with the signs between them: `<` or `>` between two "
                    "cells of a row, and on the line between two rows `^` or `v` under a cell, pointing at the "
                    "smaller of it and the cell below; a space is no sign")
    answer_format = "the filled grid without the signs: one row per line, its digits separated by single spaces"

    def check_size(self, inst: Instance) -> None:
        SIZE.check(self.name, inst.params.n, inst.params.n)

    # ---- text forms: lattice, Tatham's ID, JSON, all through `make` --------------------------
    def make(self, n: int, cells: list, right: list, down: list, line: int | None = None) -> Instance:
        """An instance from a lattice's parts as read: each cell a digit 1..n (text, or an int
        where not read from text) or none ('.', 0, None), each sign one of SIGNS or none
        (None); errors at a Token's place. The readers have refused a size out of range."""
        clues: dict = {}
        for way, rows in (("cell", cells), ("right", right), ("down", down)):
            dr, dc = STEPS.get(way, (0, 0))
            if len(rows) != n - dr or any(not isinstance(row, list) or len(row) != n - dc for row in rows):
                raise PuzzleError(f"{NAMES[way][0]} must be {n - dr} rows of {n - dc}", line)
            for r, row in enumerate(rows):
                for c, v in enumerate(row):
                    token = isinstance(v, Token)
                    text = ALSO.get(v.text, v.text) if token else v
                    if text in (None, ".", 0):
                        continue
                    allowed = DIGITS[:n] if way == "cell" else SIGNS[way]
                    if not isinstance(text, str if token or way != "cell" else int) or str(text) not in allowed:
                        what = f"a digit 1..{n}" if way == "cell" else f"one of {' '.join(allowed)}"
                        raise PuzzleError(f"{NAMES[way][1].format(r + 1, c + 1)}: {quote(text)} is not {what}",
                                          *((v.line, v.column) if token else (line, None)))
                    clues[(way, r, c)] = int(text) if way == "cell" else text
        return Instance(self.name, UnequalParams(n), clues)

    def layout(self, inst: Instance, solution: Grid | None = None) -> tuple[list, list, list]:
        """The board as a lattice's parts (None: no digit or sign): the inverse of `make`."""
        n = inst.params.n
        cells = [list(row) for row in solution] if solution else [
            [inst.clues.get(("cell", r, c)) for c in range(n)] for r in range(n)]
        right, down = ([[inst.clues.get((way, r, c)) for c in range(n - dc)] for r in range(n - dr)]
                       for way, (dr, dc) in STEPS.items())
        return cells, right, down

    def read_text(self, text: str) -> Instance:
        grid = read_lattice(text, "<>", "^v\u2227\u2228", EARLY)
        return self.make(len(grid.cells), grid.cells, grid.across, grid.down, grid.cells[0][0].line)

    def write_text(self, inst: Instance, solution: Grid | None = None) -> str:
        cells, right, down = self.layout(inst, solution)
        return write_lattice([[str(d or ".") for d in row] for row in cells],
                             *([[m or " " for m in row] for row in marks] for marks in (right, down)))

    def from_tatham(self, game: GameId) -> Instance:
        """`n[dX]:` then each cell in reading order: a number (0: none), the flags U, R, D, L
        of the neighbours it is greater than, ','; letters a..z skip 1..26 cells (unequal.c,
        load_game). His Adjacent mode (`na`) is another puzzle."""
        m = re.fullmatch(r"(\d+)(d[tekxr])?", game.head)
        n = int(m.group(1)) if m else 0
        EARLY(n, n, game.line)
        if not m or not TATHAM_SIZES[0] <= n <= TATHAM_SIZES[1]:
            raise PuzzleError(f"bad Unequal parameters {quote(game.head)}: Tatham's take a size 3..32 and a "
                              "difficulty (5, 5dk); his Adjacent mode (5a) is another puzzle", game.line, game.column)
        cells: list = [[None] * n for _ in range(n)]
        marks: dict[str, list[list[str | None]]] = {"right": [[None] * (n - 1) for _ in range(n)],
                                                     "down": [[None] * n for _ in range(n - 1)]}
        i = 0
        for item in re.finditer(r"([a-z]*)(\d+)([URDL]*)(,|$)|.", game.desc):
            i += sum(ord(ch) - 96 for ch in item.group(1) or "")
            if i >= n * n:
                raise PuzzleError(f"the description goes past the {n * n} cells", *game.at(item.start()))
            if item.group(2) is None or int(item.group(2)) > n:
                raise PuzzleError(f"cell {i + 1} of {n * n}: expected a number 0..{n}, its flags U, R, D or L "
                                  "and ','", *game.at(item.start()))
            r, c = divmod(i, n)
            cells[r][c] = int(item.group(2))
            for at, flag in enumerate(item.group(3), start=item.start(3)):
                way, dr, dc, mark = FLAGS[flag]
                if lattice_at(marks[way], r + dr, c + dc) not in (None, mark):
                    raise PuzzleError(f"flag {quote(flag)} of cell {i + 1} " + (
                        "contradicts its neighbour's" if lattice_at(marks[way], r + dr, c + dc) else
                        "points off the grid"), *game.at(at))
                marks[way][r + dr][c + dc] = mark
            i += 1
        if i < n * n:
            raise PuzzleError(f"the description has {i} cells, expected {n * n}", *game.at(len(game.desc)))
        return self.make(n, cells, marks["right"], marks["down"], game.line)

    def tatham_id(self, inst: Instance) -> str:
        n = inst.params.n
        if not TATHAM_SIZES[0] <= n <= TATHAM_SIZES[1]:
            raise PuzzleError(f"Tatham's Unequal takes sizes {TATHAM_SIZES[0]}..{TATHAM_SIZES[1]}, not {n}")
        cells, right, down = self.layout(inst)
        marks = {"right": right, "down": down}
        return f"{n}:" + "".join(f"{cells[r][c] or 0}" + "".join(
            flag for flag, (way, dr, dc, mark) in FLAGS.items() if lattice_at(marks[way], r + dr, c + dc) == mark)
            + "," for r in range(n) for c in range(n))

    def json_fields(self, inst: Instance) -> dict:
        """`grid`: n rows of digits (null: none); `right`, `down`: the signs between cells
        of a row (n rows of n - 1, `<` `>`) and between rows (n - 1 rows of n, `^` `v`)."""
        cells, right, down = self.layout(inst)
        return {"size": inst.params.n, "grid": cells, "right": right, "down": down}

    def from_json(self, text: str) -> Instance:
        doc = JsonObject(text, self.name, ("size", "grid", *STEPS), self.aliases)
        size = doc.integer("size", None, low=1)
        if size is not None:
            EARLY(size, size, doc.where("size")[0])
        rows = doc.rows("grid", EARLY)
        doc.agrees("size", len(rows), "the grid's rows are")
        n = len(rows)
        right, down = (doc.array(way, [[None] * (n - dc)] * (n - dr), n - dr, "rows of signs")
                       for way, (dr, dc) in STEPS.items())
        return self.make(n, rows, right, down, doc.where("grid")[0])

    # ---- for people and language models -------------------------------------------------
    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return grid_text(solution)

    def read_answer(self, inst: Instance, text: str) -> Grid:
        n = inst.params.n
        return tuple(map(tuple, read_framed(text, n, n, number_cell(1, n), "digit")))

    def describe_clue(self, key: tuple, value: str) -> str:
        if key[0] == "cell":
            return f"r{key[1] + 1}c{key[2] + 1}={value}"
        r, c = second(key)
        return f"r{key[1] + 1}c{key[2] + 1}{'<>'[value == SIGNS[key[0]][1]]}r{r + 1}c{c + 1}"

    def canonical(self, inst: Instance) -> str:
        """The least text form among the square's eight images: the lattice's characters
        moved as a grid, each mark turned with it (it still points at the smaller cell)."""
        n = inst.params.n
        rows = [line.ljust(2 * n - 1) for line in self.write_text(inst).split("\n")]
        return min("\n".join("".join(POINTS.get(sym.step(*STEP_OF[ch]), ch) if ch in STEP_OF else ch for ch in row)
                             .rstrip() for row in sym.grid(rows)) for sym in board_symmetries(2 * n - 1, 2 * n - 1))

    # ---- for people: the terminal and the picture ------------------------------------------
    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: the grid in a frame, each sign in the line between the
        two cells it compares (`<` `>` in place of the line between a row's cells, `∧` `∨`
        in the middle of the rule between rows)."""
        n = inst.params.n
        cells, right, down = self.layout(inst)
        lines = [list(line) for line in box_grid([[str(d or "") for d in row] for row in cells]).splitlines()]
        step = (len(lines[0]) - 1) // n  # characters per cell, its line included
        for r, row in enumerate(right):
            for c, mark in enumerate(row):
                if mark:
                    lines[2 * r + 1][(c + 1) * step] = PRINTED[mark]
        for r, row in enumerate(down):
            for c, mark in enumerate(row):
                if mark:
                    lines[2 * r + 2][c * step + 1 + (step - 1) // 2] = PRINTED[mark]
        return "\n".join("".join(line) for line in lines)

    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham's Unequal and newspaper Futoshiki print it: a square per cell with gaps
        between them, in a frame; each sign centred in the gap between the two cells it
        compares; given digits bold, solved ones blue in the normal weight."""
        from matplotlib.collections import PolyCollection

        from ..lab.toolkit.draw import Z_GRID, Board, write

        n = inst.params.n
        board = Board(ax, n, n)
        board.grid(lines=False)
        half = SQUARE / 2
        squares = [[(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]
                   for x, y in (board.centre(r, c) for r in range(n) for c in range(n))]
        ax.add_artist(PolyCollection(squares, facecolors="none", edgecolors="black", linewidths=1.0, zorder=Z_GRID))
        cells, right, down = self.layout(inst)
        for r, row in enumerate(cells):
            for c, given in enumerate(row):
                if given:
                    board.text(r, c, str(given), DIGIT, bold=True)
                elif solution is not None:
                    board.text(r, c, str(solution[r][c]), DIGIT, colour=SOLVED)
        for way, marks in (("right", right), ("down", down)):
            dr, dc = STEPS[way]
            for r, row in enumerate(marks):
                for c, mark in enumerate(row):
                    if mark:  # centred on its ink, not on a digit's line: it sits in the middle of the gap
                        write(ax, *board.centre(r + dr / 2, c + dc / 2), PRINTED[mark], SIGN[way])

    # ---- SAT and CP-SAT ----------------------------------------------------------------
    def rules(self, params: UnequalParams, pool: IDPool) -> Rules:
        """The Latin square, and per pair of neighbours a literal g = "the first is greater":
        g with the first at d + 1 puts the second below d + 1, and the second at d + 1 puts
        the first above it (both, so propagation bounds each from the other); not g the same
        the other way round (the two differ, being in one line)."""
        n = params.n
        x, cells, lines, primary = latin_variables(n, pool)
        groups = cells + lines
        clauses: list[Clause] = list(groups)
        greater = {}
        for key in pairs(n):
            g = greater[key] = pool.id(("greater", key))
            a, b = x[key[1]][key[2]], x[second(key)[0]][second(key)[1]]
            for lit, big, small in ((g, a, b), (-g, b, a)):
                for d in range(n):
                    clauses.append([-lit, -big[d], *small[:d]])
                    clauses.append([-lit, -small[d], *big[d + 1:]])
        return Rules(clauses, primary, (x, greater), at_most_one=groups, cells=cells)

    def clue_clauses(self, params: UnequalParams, rules: Rules, key: tuple, value: Any) -> list[Clause]:
        x, greater = rules.data
        n = params.n
        if key[0] == "cell" and 0 <= key[1] < n and 0 <= key[2] < n and value in range(1, n + 1):
            return [[x[key[1]][key[2]][value - 1]]]
        if key in greater and value in SIGNS[key[0]]:
            return [[greater[key] if value == SIGNS[key[0]][1] else -greater[key]]]
        raise PuzzleError(f"clue {key}={value} does not fit the {params.n}x{params.n} board")

    def decode(self, params: UnequalParams, rules: Rules, true_vars) -> Grid:
        x = rules.data[0]
        return tuple(tuple(next((d + 1 for d, v in enumerate(cell) if v in true_vars), 0) for cell in row)
                     for row in x)

    def solution_literals(self, params: UnequalParams, rules: Rules, solution: Grid) -> list[int]:
        return [v if d + 1 == solution[r][c] else -v
                for r, row in enumerate(rules.data[0]) for c, cell in enumerate(row) for d, v in enumerate(cell)]

    def cpsat(self, inst: Instance) -> CpModel:
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
            else:
                a, b = h[key[1]][key[2]], h[second(key)[0]][second(key)[1]]
                model.add(a > b if value == SIGNS[key[0]][1] else a < b)
        return CpModel(model, [v for row in h for v in row], lambda value: tuple(tuple(map(value, row)) for row in h))

    # ---- independent check --------------------------------------------------------------
    def candidates(self, params: UnequalParams) -> Iterator[Grid]:
        if params.n > 5:
            raise PuzzleError(f"a {params.n}x{params.n} board is too large to enumerate")
        return latin_grids(params.n)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        n = inst.params.n
        problems = latin_problems(solution, n)
        if problems[:1] == [f"solution is not {n}x{n}"]:
            return problems
        for key, value in sorted(inst.clues.items()):
            r, c = key[1], key[2]
            if key[0] == "cell" and solution[r][c] != value:
                problems.append(f"r{r + 1}c{c + 1} is {solution[r][c]}, the given is {value}")
            elif key[0] != "cell":
                r2, c2 = second(key)
                if (solution[r][c] > solution[r2][c2]) != (value == SIGNS[key[0]][1]):
                    problems.append(f"the sign {self.describe_clue(key, value)} is broken: "
                                    f"{solution[r][c]} and {solution[r2][c2]}")
        return problems


PUZZLE = Unequal()
