"""Unruly (Takuzu, Binairo): text forms, rules, decoding, verification.

Rules: colour every cell of a width x height grid (both even) black or white so that
(1) each row and each column has as many black cells as white ones,
(2) no three cells side by side in a row or column have the same colour,
(3) with the `unique` option (the `u` of Tatham's parameters), no two rows are alike and
    no two columns are alike.
The clues are given cells. One variable per cell, true = black; a clue is that variable's
literal, so one SAT session serves every board of a size. The lab's smallest complete
puzzle: docs/adding-a-puzzle.md builds it as its worked example.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any, TypeVar

from pysat.card import EncType
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
from ..lab.toolkit.answers import grid_text, read_grid
from ..lab.toolkit.counting import cardinality
from ..lab.toolkit.framed import edge_codecs, tatham_least
from ..lab.toolkit.symmetry import least_text
from ..lab.toolkit.tatham import GameId, tatham_size
from ..lab.toolkit.textgrid import JsonObject, Token, array_rows, char_rows, rectangular, write_array

T = TypeVar("T")
Cell = tuple[int, int]
Grid = tuple[tuple[bool, ...], ...]  # True = black
# Size limit: a board at the limit checks in seconds.
SIZE = BoardLimit(40, 40, 2, 2)
EARLY = SIZE.early("unruly")  # the readers' size check, before any cell is read
TATHAM_LEAST = 6  # Tatham's Unruly refuses smaller boards (validate_params)
COLOURS = {".": None, "W": False, "w": False, "0": False, "B": True, "b": True, "1": True}  # 0/1 as Tatham's text
SHOW = {None: ".", False: "W", True: "B"}
ANSWER_COLOURS = {"B": True, "W": False, "1": True, "0": False, "BLACK": True, "WHITE": False}


@dataclass(frozen=True)
class UnrulyParams:
    """A width x height board, both even; `unique`: no two rows or columns alike."""

    width: int
    height: int
    unique: bool = False

    def __post_init__(self) -> None:
        SIZE.check("unruly", self.width, self.height)
        if self.width % 2 or self.height % 2:
            raise PuzzleError(f"unruly board {self.width}x{self.height}: width and height must be even")


def lines(grid: Sequence[Sequence[T]]) -> tuple[list[Sequence[T]], list[Sequence[T]]]:
    """The rows and the columns of a grid (of variables, colours, anything)."""
    return list(grid), [list(col) for col in zip(*grid)]


def line_ok(line: Sequence[bool]) -> bool:
    """Rules (1) and (2) for one row or column."""
    return 2 * sum(line) == len(line) and not any(a == b == c for a, b, c in zip(line, line[1:], line[2:]))


def valid_lines(length: int) -> list[tuple[bool, ...]]:
    """Every row of `length` cells that keeps rules (1) and (2): 6 of length 4, 14 of 6."""
    return [line for line in product((False, True), repeat=length) if line_ok(line)]


def room_for_unique(width: int, height: int) -> bool:
    """Are there enough distinct valid lines for rule (3)? (Tatham's check with OEIS A177790.)
    Lines of 14 cells come in 518 kinds, more than any board has lines."""
    short, long = sorted((width, height))
    return short >= 14 or len(valid_lines(short)) >= long


def lines_differ(pool: IDPool, one: Sequence[int], other: Sequence[int]) -> list[Clause]:
    """Clauses for "lines `one` and `other` differ somewhere": a helper literal per position
    that implies the two cells there differ, and at least one helper true."""
    first = variable_block(pool, len(one))
    helpers = list(range(first, first + len(one)))
    clauses = [helpers]
    for d, a, b in zip(helpers, one, other):
        clauses += [[-d, a, b], [-d, -a, -b]]
    return clauses


def tatham_colours(game: GameId, area: int) -> list[bool | None]:
    """Unruly's own run-length description (unruly.c, new_game): a letter is a run of blanks
    and then one cell, white for a..y, black for A..Y, the run as long as the letter's place
    in the alphabet (a = no blank); z or Z is 25 blanks alone. The last letter stands for a
    cell past the end, so a description covers area + 1 cells."""
    cells: list[bool | None] = []
    for i, ch in enumerate(game.desc):
        if not (ch.isascii() and ch.isalpha()):
            raise PuzzleError(f"unexpected {quote(ch)} in game description", *game.at(i))
        cells += [None] * (ord(ch.lower()) - ord("a"))
        if ch not in "zZ":
            cells.append(ch.isupper())
        if len(cells) > area + 1:
            raise PuzzleError(f"game description is longer than {area} cells", *game.at(i))
    if len(cells) != area + 1:
        raise PuzzleError(f"game description is too short: {len(cells)} places, expected {area} cells and "
                          "one past the end", *game.at(len(game.desc)))
    return cells[:area]


def tatham_description(cells: Iterable[bool | None]) -> str:
    """The inverse of `tatham_colours`, as new_game_desc writes it (a white cell past the end)."""
    out, run = [], 0
    for cell in [*cells, False]:
        if cell is None:
            run += 1
            continue
        letter = "A" if cell else "a"
        while run > 24:
            out.append(chr(ord(letter) + 25))
            run -= 25
        out.append(chr(ord(letter) + run))
        run = 0
    return "".join(out)


class Unruly(CluePuzzle[UnrulyParams, Cell, Grid]):
    name = "unruly"
    # cacheable: a clue is a cell's literal: nothing is drawn from the pool later
    # solver: row and column counts native in Minicard: the whole generate 1.25x
    speed = Speed(rules_cacheable=True, generation_solver="mc")
    aliases = ("takuzu", "binairo")
    title = "Unruly (Takuzu, Binairo)"
    rules_text = "Colour every cell black or white: each row and column half black, never three alike side by side."
    tatham_game = "unruly"
    codecs = edge_codecs(grid_solution=True)
    cell_names = {True: "black", False: "white"}
    size = SIZE
    example = "....\nBB..\n.B..\n..W."

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: list[list[Token]], unique: bool, line: int | None = None) -> Instance:
        """Rows of cell characters (see COLOURS), each with where it stands."""
        rectangular(rows, numbered=True)
        with at_place(line):
            params = UnrulyParams(len(rows[0]), len(rows), unique)
        clues = {}
        for r, row in enumerate(rows):
            for c, t in enumerate(row):
                if t.text not in COLOURS:
                    raise PuzzleError(f"bad cell {quote(t.text)} (W or 0 white, B or 1 black, . blank)",
                                      t.line, t.column)
                if COLOURS[t.text] is not None:
                    clues[(r, c)] = COLOURS[t.text]
        return Instance(self.name, params, clues)

    def read_text(self, text: str) -> Instance:
        """Rows of W/B/. (or Tatham's 0/1/.), after an optional line `unique`."""
        rows = char_rows(text, limit=SIZE.early(self.name, extra=(0, 1)))  # and a first line `unique`
        unique = "".join(t.text for t in rows[0]).lower() == "unique"
        rows = rows[1:] if unique else rows
        if not rows:
            raise PuzzleError("no rows after 'unique'")
        return self._instance(rows, unique, rows[0][0].line)

    def read_array(self, text: str) -> Instance:
        """Seed 000's array: 'W', 'B' and ' ' for blank."""
        rows = array_rows(text, EARLY)
        if not rows:
            raise PuzzleError("empty array")
        cells = [[Token(str(e.value).strip() or ".", e.line, e.column) for e in row] for row in rows]
        return self._instance(cells, False, rows[0].line)

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH[u][dX]:description` (see `tatham_colours`)."""
        width, height = tatham_size(game.head, r"u?(?:d[ten])?", f"bad Unruly parameters {quote(game.head)} "
                                    "(expected like 8x8, 8x8dn or 10x10ue)", game.line, game.column, EARLY)
        with at_place(game.line, game.column):
            params = UnrulyParams(width, height, "u" in game.head)
        tatham_least("Unruly", TATHAM_LEAST, width, height, game.line, game.column)
        colours = tatham_colours(game, width * height)
        clues = {(i // width, i % width): v for i, v in enumerate(colours) if v is not None}
        return Instance(self.name, params, clues)

    def from_json(self, text: str) -> Instance:
        """`grid`: rows of W, B and .; `unique` (false): no two rows and no two columns alike;
        `width` and `height`, when given, the grid's."""
        doc = JsonObject(text, self.name, ("width", "height", "unique", "grid"), self.aliases)
        unique = doc.boolean("unique", False)
        return self._instance([[Token(str(ch), None, None) for ch in row] for row in doc.board("grid", EARLY)], unique)

    def rows(self, inst: Instance, solution: Grid | None = None) -> list[str]:
        """The board as rows of W, B and . (a solution fills every cell)."""
        p = inst.params
        return ["".join(SHOW[inst.clues.get((r, c)) if solution is None else solution[r][c]] for c in range(p.width))
                for r in range(p.height)]

    def write_text(self, inst: Instance) -> str:
        return "unique\n" * inst.params.unique + "\n".join(self.rows(inst))

    def write_array(self, inst: Instance) -> str:
        if inst.params.unique:
            raise PuzzleError("the seed's array cannot say 'unique rows and columns': use text, tatham or json")
        return write_array([" " if ch == "." else ch for ch in row] for row in self.rows(inst))

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        tatham_least("Unruly", TATHAM_LEAST, p.width, p.height)
        cells = [inst.clues.get((r, c)) for r in range(p.height) for c in range(p.width)]
        return f"{p.width}x{p.height}{'u' * p.unique}:{tatham_description(cells)}"

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p = inst.params
        return {"width": p.width, "height": p.height, "unique": p.unique, "grid": self.rows(inst)}

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(self.rows(inst, solution))

    def write_array_solution(self, inst: Instance, solution: Grid) -> str:
        return write_array(list(row) for row in self.rows(inst, solution))  # the seed's output

    def solution_json(self, inst: Instance, solution: Grid) -> list[str]:
        return self.rows(inst, solution)

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, one character a cell: `B` a black cell given, `W` a white cell given, `.` a "
                    "cell to colour; a first line `unique` adds the rule that no two rows and no two columns are "
                    "alike")
    answer_format = "the coloured grid: one row per line, its cells separated by single spaces, `B` black, `W` white"

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return grid_text(self.rows(inst, solution))

    def read_answer(self, inst: Instance, text: str) -> Grid:
        p = inst.params
        return tuple(map(tuple, read_grid(text, p.height, p.width, ANSWER_COLOURS, "colour")))

    def canonical(self, inst: Instance) -> str:
        """The same text for boards equal up to rotation, reflection (the eight of the square,
        the four that keep a non-square board's shape) and swapping black and white (the rules
        treat the colours alike): the least of the sixteen (or eight) images' text forms."""
        grid = [list(row) for row in self.rows(inst)]
        swapped = [[{"B": "W", "W": "B"}.get(ch, ch) for ch in row] for row in grid]
        return "unique\n" * inst.params.unique + min(least_text(grid), least_text(swapped))

    def describe_clue(self, key: Cell, value: bool) -> str:
        return f"r{key[0] + 1}c{key[1] + 1}={SHOW[value]}"

    def clue_json(self, key: Cell, value: bool) -> dict:
        return {"row": key[0] + 1, "col": key[1] + 1, "colour": self.cell_names[value]}

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham's Unruly: black cells black, white cells white, cells still to fill
        grey; in the solution every cell is black or white, and a given keeps a dot."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for r in range(p.height):
            for c in range(p.width):
                given = inst.clues.get((r, c))
                colour = given if solution is None else solution[r][c]
                if colour is None:
                    board.shade(r, c, "0.78")
                elif colour:
                    board.shade(r, c, "black")
                if solution is not None and given is not None:
                    board.symbol(r, c, "dot", 0.16, colour="white" if given else "black")
        board.grid()
        if p.unique:
            board.caption("no two rows and no two columns alike")

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: UnrulyParams, pool: IDPool) -> Rules:
        """Balance as native counts here too: the grade reads them back as counts, so a full
        line is one wide step (`Formula.tiered_rounds`), not rounds through a counter."""
        return self._rules(params, pool, native_counts=True)

    def one_shot_rules(self, params: UnrulyParams, pool: IDPool) -> Rules:
        """Balance as the engine's exact counts (native on Minicard): writing a counter per
        line was most of a one-shot check of the seed's 14x14 board."""
        return self._rules(params, pool, native_counts=True)

    def _rules(self, params: UnrulyParams, pool: IDPool, native_counts: bool) -> Rules:
        """Each line: exactly half black (a sequential counter, or `Rules.exactly`), and every
        three cells side by side neither all black nor all white. Rule (3): each pair of
        rows, and of columns, differs somewhere (`lines_differ`)."""
        first = variable_block(pool, params.width * params.height)
        black = [[first + r * params.width + c for c in range(params.width)] for r in range(params.height)]
        rows, cols = lines(black)
        clauses: list[Clause] = []
        balance = [Exactly(tuple(line), len(line) // 2) for line in rows + cols]
        for line in rows + cols:
            if not native_counts:
                clauses += cardinality("equals", line, len(line) // 2, pool, EncType.seqcounter)
            for a, b, c in zip(line, line[1:], line[2:]):
                clauses += [[a, b, c], [-a, -b, -c]]
        if params.unique:
            for group in (rows, cols):
                for one, other in combinations(group, 2):
                    clauses += lines_differ(pool, one, other)
        return Rules(clauses, [v for row in black for v in row], black, exactly=balance if native_counts else [])

    def clue_clauses(self, params: UnrulyParams, rules: Rules, key: Cell, value: bool) -> list[Clause]:
        r, c = key
        if not (0 <= r < params.height and 0 <= c < params.width):
            raise PuzzleError(f"clue {key} is outside the {params.width}x{params.height} board")
        var = rules.data[r][c]
        return [[var if value else -var]]

    def decode(self, params: UnrulyParams, rules: Rules, true_vars) -> Grid:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data)

    def solution_literals(self, params: UnrulyParams, rules: Rules, solution: Grid) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data, solution) for v, s in zip(vrow, srow)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Linear sums: half of each line black, 1 to 2 black in every three cells side by
        side. Rule (3) by XOR: a difference variable per position equals the XOR of the two
        cells, and some difference is true."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        black = [[model.new_bool_var(f"b{r}_{c}") for c in range(p.width)] for r in range(p.height)]
        rows, cols = lines(black)
        for line in rows + cols:
            model.add(sum(line) == len(line) // 2)
            for i in range(len(line) - 2):
                model.add_linear_constraint(sum(line[i:i + 3]), 1, 2)
        if p.unique:
            for group in (rows, cols):
                for one, other in combinations(group, 2):
                    differ = [model.new_bool_var("") for _ in one]
                    for d, a, b in zip(differ, one, other):
                        model.add_bool_xor([a, b, d.Not()])  # a xor b xor not d: d = a xor b
                    model.add_bool_or(differ)
        for (r, c), v in inst.clues.items():
            model.add(black[r][c] == int(v))
        variables = [v for row in black for v in row]
        return CpModel(model, variables, lambda value: tuple(tuple(bool(value(v)) for v in row) for row in black))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: UnrulyParams) -> Iterable[Grid]:
        """Every stack of rows that keep rules (1) and (2) themselves (6^4 = 1,296 on 4x4)."""
        rows = valid_lines(params.width)
        if len(rows) ** params.height > 10 ** 6:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        return product(rows, repeat=params.height)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = [f"r{r + 1}c{c + 1} is {self.cell_names[solution[r][c]]}, the clue says {self.cell_names[v]}"
                    for (r, c), v in sorted(inst.clues.items()) if solution[r][c] != v]
        for kind, group in zip(("row", "column"), lines(solution)):
            for i, line in enumerate(group, start=1):
                if 2 * sum(line) != len(line):
                    problems.append(f"{kind} {i} has {sum(line)} black cells of {len(line)}")
                for j in range(len(line) - 2):
                    if line[j] == line[j + 1] == line[j + 2]:
                        problems.append(f"{kind} {i}: three {self.cell_names[line[j]]} from cell {j + 1}")
            if p.unique:
                first: dict[tuple, int] = {}
                for i, line in enumerate(map(tuple, group), start=1):
                    if line in first:
                        problems.append(f"{kind}s {first[line]} and {i} are alike")
                    first.setdefault(line, i)
        return problems


PUZZLE = Unruly()
