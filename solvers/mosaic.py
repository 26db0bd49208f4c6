"""Mosaic (Fill-a-Pix): text forms, rules, decoding, verification.

Rules: shade some cells of a width x height grid black; each number counts the black cells
of its 3x3 block, the number's own cell included, the block cut at the board's edges. Any
cell may hold a number, and the numbers are the clues: with all of them cut away, every
shading is a solution. One variable per cell, true = black. A clue is "exactly n of these
up to nine variables", written as plain clauses over them (no helper variable), so the SAT
rules are the cells alone and one session serves every board of a size.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product
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
    variable_block,
)
from ..lab.face.share import NONE, box_grid
from ..lab.toolkit.answers import SHADES, grid_text
from ..lab.toolkit.cellgrid import (
    BoardCells,
    CellRow,
    GridArray,
    GridJson,
    GridText,
    grid_instance,
    shading_array,
    tatham_grid_id,
    tatham_grid_size,
)
from ..lab.toolkit.codecs import TathamCodec
from ..lab.toolkit.counting import exactly
from ..lab.toolkit.numbering import NumberClues
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.tatham import GameId, tatham_cells
from ..lab.toolkit.textgrid import JsonObject, Token

Cell = tuple[int, int]
Grid = tuple[tuple[bool, ...], ...]  # True = black
# Size limit: Tatham's own (validate_params: at most 10,000 cells) as a square; a random
# 100x100 board with every number given checks in seconds.
SIZE = BoardLimit(100, 100)
EARLY = SIZE.early("mosaic")  # the readers' size check, before any cell is read
TATHAM_LEAST = 3  # Tatham's Mosaic refuses smaller boards (validate_params: "Minimal size is 3x3")
BLANKS = {".", "-", "_"}  # a cell without a number in the text form
DIGITS = {str(n): n for n in range(10)}
ENUMERATE_MOST = 20  # cells `candidates` enumerates (2^20 shadings)


@dataclass(frozen=True)
class MosaicParams(BoardCells):
    """A width x height board; the numbers are the clues."""

    width: int
    height: int

    def __post_init__(self) -> None:
        SIZE.check("mosaic", self.width, self.height)

    def block(self, r: int, c: int) -> list[Cell]:
        """The cells a number at (r, c) counts: its 3x3 block, cut at the edges."""
        return [(rr, cc) for rr in range(max(r - 1, 0), min(r + 2, self.height))
                for cc in range(max(c - 1, 0), min(c + 2, self.width))]


def block_count(grid: Grid, r: int, c: int) -> int:
    """Black cells in the 3x3 block around (r, c), cut at the edges (slices stop there): the
    number a clue at (r, c) must say. Slices, not a loop over cells: `verify` runs on every
    one of the 65,536 shadings of a 4x4 board in the brute-force check."""
    return sum([sum(row[max(c - 1, 0):c + 2]) for row in grid[max(r - 1, 0):r + 2]])


def block_literals(black: list[list[int]], r: int, c: int) -> tuple[int, ...]:
    """The variables of the 3x3 block around (r, c), cut at the edges, in reading order (as
    `MosaicParams.block`): row slices, since a one-shot check asks this for every number
    (the seed's 15x15 board has 91) and a loop over (row, column) pairs was most of it."""
    left, lits = max(c - 1, 0), []
    for row in black[max(r - 1, 0):r + 2]:
        lits += row[left:c + 2]
    return tuple(lits)


class Mosaic(NumberClues, CluePuzzle[MosaicParams, Cell, Grid]):
    name = "mosaic"
    # cacheable: a clue's clauses are over cell variables only: nothing is drawn later
    # solver: Minicard over CaDiCaL: stripping 1.5x, the whole generate 1.14x
    # native counts: `exactly` is the complete CNF of the count
    speed = Speed(rules_cacheable=True, generation_solver="mc", counts_natively=True)
    aliases = ("fillapix", "fill-a-pix")
    title = "Mosaic (Fill-a-Pix)"
    rules_text = ("Shade cells black: each number counts the black cells of its 3x3 block, its own cell "
                  "included, cut at the edges.")
    tatham_game = "mosaic"
    codecs = (GridText(limit=EARLY), GridArray(limit=EARLY), TathamCodec(), GridJson(limit=EARLY))
    cell_names = {True: "black", False: "white"}
    size = SIZE
    example = ".4..\n6..2\n..3.\n.4.."

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: Sequence[Sequence[Token]], line: int | None = None) -> Instance:
        """Rows of cells, each a digit (a number) or a blank (see BLANKS), with where it stands."""
        return grid_instance(self.name, rows, MosaicParams, self._number, line)

    @staticmethod
    def _number(t: Token, params: MosaicParams) -> int | None:
        if t.text not in DIGITS and t.text not in BLANKS:
            raise PuzzleError(f"bad cell {quote(t.text)} (a number 0 to 9, or . for none)", t.line, t.column)
        return DIGITS.get(t.text)

    def from_cells(self, rows: list[CellRow]) -> Instance:
        """Rows of digits and dots (a dot: no number); seed 000's array: '0' to '9' (or the
        numbers themselves) and ' ' for none."""
        return self._instance(rows, rows[0].line)

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH[hN]:description` (mosaic.c: decode_params, validate_desc, new_game): a digit
        is a number in one cell, a letter a..z a run of 1 to 26 cells without one."""
        width, height = tatham_grid_size(self, game, r"(?:h\d*)?", "10x10 or 10x10h0", EARLY)
        with at_place(game.line, game.column):
            MosaicParams(width, height)
        if min(width, height) < TATHAM_LEAST:
            raise PuzzleError(f"Tatham's Mosaic is at least {TATHAM_LEAST}x{TATHAM_LEAST}", game.line, game.column)
        cells = tatham_cells(game, width * height, DIGITS, None)
        clues = {(i // width, i % width): n for i, n in enumerate(cells) if n is not None}
        return Instance(self.name, MosaicParams(width, height), clues)

    def from_json_grid(self, doc: JsonObject, grid: list[list[Any]]) -> Instance:
        """`grid`: rows of digits and dots."""
        return self._instance([[Token(str(ch), None, None) for ch in row] for row in grid])

    def rows(self, inst: Instance, blank: str = ".") -> list[list[str]]:
        """The board's cells: each number as its digit, `blank` elsewhere."""
        p = inst.params
        return [[str(inst.clues[(r, c)]) if (r, c) in inst.clues else blank for c in range(p.width)]
                for r in range(p.height)]

    def cells(self, inst: Instance, solution: Grid | None = None) -> list[list[str]] | list[str]:
        return self.rows(inst) if solution is None else self.shading(solution)

    def array_board(self, inst: Instance) -> list[list[str]]:
        return self.rows(inst, " ")

    def array_solution(self, inst: Instance, solution: Grid) -> list[list[str]]:
        return shading_array(solution)

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        if min(p.width, p.height) < TATHAM_LEAST:
            raise PuzzleError(f"Tatham's Mosaic is at least {TATHAM_LEAST}x{TATHAM_LEAST}")
        return tatham_grid_id(p.width, p.height, self.rows(inst))

    def json_grid(self, inst: Instance) -> list[str]:
        return ["".join(row) for row in self.rows(inst)]

    def shading(self, solution: Grid, black: str = "B", white: str = "W") -> list[str]:
        return ["".join(black if cell else white for cell in row) for row in solution]

    def solution_json(self, inst: Instance, solution: Grid) -> list[str]:
        return self.shading(solution)

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: the numbers, '·' where there is none."""
        return box_grid(self.rows(inst, "\u00b7"), inner=NONE, pad=0)

    def canonical(self, inst: Instance) -> str:
        """The least text among the board's turns and mirrors, each also with black and white
        swapped (every number n then counts the white cells: its block's size less n)."""
        p = inst.params
        fits = all(n <= len(p.block(r, c)) for (r, c), n in inst.clues.items())
        forms = []
        for sym in board_symmetries(p.height, p.width):
            for swap in (False, True)[:1 + fits]:
                clues = {sym.cell(r, c): len(p.block(r, c)) - n if swap else n for (r, c), n in inst.clues.items()}
                forms.append(self.format(Instance(self.name, p, clues), "text"))
        return min(forms)

    # ---- for language models --------------------------------------------------------
    board_legend = ("one row per line, one character a cell: a digit is a number (how many cells of its 3x3 "
                    "block are black), `.` a cell without a number")
    answer_format = ("the shading: one row per line, cells separated by single spaces, `#` a black cell and "
                     "`.` a white one")
    answer_cells = (SHADES, "cell")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return grid_text(["#" if black else "." for black in row] for row in solution)

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham's Mosaic: cells still to decide in his grey-green, the numbers on them
        in black; in the solution black cells black with their numbers in white, white cells
        light grey. His grid lines are dark teal."""
        from ..lab.toolkit.draw import Board

        undecided, black, white, lines = (148 / 255, 196 / 255, 190 / 255), "#141414", "#ececec", "#006663"
        p = inst.params
        board = Board(ax, p.width, p.height)
        for r in range(p.height):
            for c in range(p.width):
                shaded = None if solution is None else solution[r][c]
                board.shade(r, c, undecided if shaded is None else black if shaded else white)
                if (r, c) in inst.clues:
                    board.text(r, c, str(inst.clues[(r, c)]), colour=white if shaded else black)
        board.grid(colour=lines)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: MosaicParams, pool: IDPool) -> Rules:
        """No rule but the clues: one variable per cell, true = black."""
        first = variable_block(pool, params.width * params.height)
        black = [[first + r * params.width + c for c in range(params.width)] for r in range(params.height)]
        return Rules([], [v for row in black for v in row], black)

    def clue_clauses(self, params: MosaicParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        r, c = key
        if not params.inside(r, c):
            raise PuzzleError(f"clue {key} is outside the {params.width}x{params.height} board")
        return exactly([rules.data[rr][cc] for rr, cc in params.block(r, c)], value)

    def clue_counts(self, params: MosaicParams, rules: Rules, key: Cell, value: int) -> list[Exactly]:
        """The same count for a solver that counts natively: two constraints instead of up
        to 252 clauses (the peer benchmark's 15x15 board loads 12,000 clauses otherwise)."""
        r, c = key
        if not params.inside(r, c):
            raise PuzzleError(f"clue {key} is outside the {params.width}x{params.height} board")
        return [Exactly(block_literals(rules.data, r, c), value)]

    def given_rules(self, inst: Instance, pool: IDPool) -> Rules:
        """Every number a plain native count, with no guard to pad it with: a one-shot check
        of the whole board (the guarded counts were most of the seed's 0.8 ms)."""
        rules = self.rules(inst.params, pool)
        for key, value in inst.clues.items():
            rules.exactly += self.clue_counts(inst.params, rules, key, value)
        return rules

    def decode(self, params: MosaicParams, rules: Rules, true_vars) -> Grid:
        return tuple(tuple(v in true_vars for v in row) for row in rules.data)

    def solution_literals(self, params: MosaicParams, rules: Rules, solution: Grid) -> list[int]:
        return [v if s else -v for vrow, srow in zip(rules.data, solution) for v, s in zip(vrow, srow)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """A linear sum per number: the black cells of its block equal it."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        black = [[model.new_bool_var(f"b{r}_{c}") for c in range(p.width)] for r in range(p.height)]
        for (r, c), n in inst.clues.items():
            model.add(sum(black[rr][cc] for rr, cc in p.block(r, c)) == n)
        variables = [v for row in black for v in row]
        return CpModel(model, variables, lambda value: tuple(tuple(bool(value(v)) for v in row) for row in black))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: MosaicParams) -> Iterator[Grid]:
        """Every shading of the board (2^16 = 65,536 on 4x4): no rule but the numbers."""
        w, h = params.width, params.height
        if w * h > ENUMERATE_MOST:
            raise PuzzleError(f"a {w}x{h} board is too large to enumerate")
        return (tuple(cells[r * w:(r + 1) * w] for r in range(h)) for cells in product((False, True), repeat=w * h))

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = []
        for (r, c), n in sorted(inst.clues.items()):
            black = block_count(solution, r, c)
            if black != n:
                problems.append(f"r{r + 1}c{c + 1} says {n}, its block has {black} black")
        return problems


PUZZLE = Mosaic()
