"""Jigsaw sudoku (Tatham's Solo with `j`): an n x n Latin square whose n regions, irregular
connected pieces of n cells each, also hold each digit once.

The regions are the structure (`SoloParams` with `box` None), optionally with X's two
diagonals (Tatham's `9jx`); the clues are the given digits, one literal each. The rules,
`verify`, CP-SAT and the pictures are the Solo variants' (`solvers/solo_common.py`).

Forms: the grid of digits, then the rows of region names (a last line `diagonals` for X),
JSON, and Tatham's game ID `9j:digits,blocks` (his block structure: `read_blocks`).
"""

from __future__ import annotations

from typing import Any

from ..lab.engine.puzzle import BoardLimit, Instance, PuzzleError, Speed, at_place, quote
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, TathamCodec
from ..lab.toolkit.regions import json_region_names, region_rows, region_text_rows
from ..lab.toolkit.tatham import GameId
from ..lab.toolkit.textgrid import JsonObject, count_cells, numbered_lines
from .solo_common import (
    DIAGONALS_LINE,
    Grid,
    SoloParams,
    SoloPuzzle,
    canonical_text,
    cell_tokens,
    description_parts,
    digit_cells,
    digit_rows,
    grid_description,
    head_text,
    jigsaw_blocks,
    jigsaw_board,
    json_digits,
    json_grid,
    number_grid,
    solo_head,
    spaced,
    write_blocks,
)

# Size limit: 16x16 (Tatham's take 31 digits); a check of one takes well under a second, an
# open board a few hundred conflicts (the generator stops at 12x12: generators/jigsaw.py).
SIZE = BoardLimit(16, 16, 2, 2)
NAME = "jigsaw"
EARLY = SIZE.early(NAME)


def checked(params: SoloParams) -> SoloParams:
    SIZE.check(NAME, params.n, params.n)
    return params


class Jigsaw(SoloPuzzle):
    name = NAME
    aliases = ("jigsaw-sudoku", "irregular-sudoku")
    title = "Jigsaw Sudoku (Solo's jigsaw)"
    rules_text = ("Fill the grid with the digits 1..n so that every row, every column and every outlined region "
                  "of n cells holds each digit once.")
    # cacheable: a clue is a cell's literal, nothing is drawn from the pool later
    speed = Speed(rules_cacheable=True)
    codecs = (MethodCodec("text", solutions=True), TathamCodec(), JsonCodec())
    size = SIZE
    example = ". . . 2\n. . 1 .\n. . . .\n. . . 4\nABBC\nABBC\nAADC\nDDDC"

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """n rows of digits (`.` a blank; cells spaced or not), then n rows of region names
        (a character a cell, or words when spaced), then an optional line `diagonals` (X:
        both main diagonals hold each digit once too)."""
        lines = numbered_lines(text)
        diagonals = bool(lines) and DIAGONALS_LINE.match(lines[-1][1]) is not None
        if diagonals:
            lines.pop()
        if not lines:
            raise PuzzleError("no rows of digits")
        first = lines[0]
        n = count_cells(first[1], chars=not spaced([first]))
        EARLY(n, n, first[0])
        if len(lines) != 2 * n:
            raise PuzzleError(f"{len(lines)} lines: a {n}x{n} jigsaw is {n} rows of digits, then {n} rows of regions",
                              lines[min(len(lines), 2 * n) - 1][0])
        clues = digit_cells(cell_tokens(lines[:n], EARLY), n)
        names, places = region_text_rows(lines[n:], EARLY, lines[n - 1][0])
        params = jigsaw_board(names, places, diagonals)
        with at_place(lines[n][0]):
            return Instance(self.name, checked(params), clues)

    def write_text(self, inst: Instance) -> str:
        p: SoloParams = inst.params
        return "\n".join(digit_rows(p, inst.clues) + region_rows(p.regions, p.n)
                         + (["diagonals"] if p.diagonals else []))

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        full = {(r, c): d for r, row in enumerate(solution) for c, d in enumerate(row)}
        return self.write_text(Instance(self.name, inst.params, full))

    def from_json(self, text: str) -> Instance:
        """`grid`: n rows of n digits (0 or "." a blank); `regions`: n rows of region names
        (strings of one-character names, or lists of names or numbers); `diagonals`, when
        true, X's diagonals."""
        doc = JsonObject(text, self.name, ("grid", "regions", "diagonals"), self.aliases)
        names = json_region_names(doc, EARLY)
        diagonals = doc.boolean("diagonals", False)
        with at_place(*doc.where("regions")):
            params = checked(jigsaw_board(names, None, diagonals))
        return Instance(self.name, params, json_digits(doc, params.n))

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: SoloParams = inst.params
        return {"grid": json_grid(p, inst.clues), "regions": [list(row) for row in p.regions],
                "diagonals": p.diagonals}

    def from_tatham(self, game: GameId) -> Instance:
        """`9j:digits,blocks` (`9jx` with X's diagonals)."""
        head = solo_head(game, EARLY)
        where = (game.line, game.column)
        if head.killer:
            raise PuzzleError(f"{quote(game.head)} is a killer sudoku: read it as killer", *where)
        if head.box is not None:
            raise PuzzleError(f"{quote(game.head)} is a sudoku of boxes (a jigsaw's parameters are like 9j)", *where)
        digits, blocks = description_parts(game, 2)
        n = head.n
        regions = jigsaw_blocks(blocks, n)
        with at_place(*where):
            params = checked(SoloParams(n, regions, None, head.diagonals))
        return Instance(self.name, params, number_grid(digits, n, n, "digit"))

    def tatham_id(self, inst: Instance) -> str:
        p: SoloParams = inst.params
        return f"{head_text(p)}:{grid_description(p.n, inst.clues)},{write_blocks(p.regions, p.n)}"

    # ---- for language models ------------------------------------------------------------
    board_legend = ("first the digits, one row per line, `.` an empty cell, a digit a given; then the regions, one "
                    "row per line, one character a cell naming its region (cells with the same character form one "
                    "region); a last line `diagonals`, when there is one, says both main diagonals hold each digit "
                    "once too")

    def canonical(self, inst: Instance) -> str:
        return canonical_text(self, inst)


PUZZLE = Jigsaw()
