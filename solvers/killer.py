"""Killer sudoku (Tatham's Solo with `k`): a sudoku (of boxes, or a jigsaw's regions, with or
without X's diagonals) whose every cell is in a cage: the digits of a cage differ and add up
to the cage's sum.

The structure is the regions and the cages' shapes (`SoloParams.cages`); the clues are the
cages' sums (key `("sum", r, c)`, the cage whose first cell is r, c) and the given digits
(key `(r, c)`), one literal each (`solvers/solo_common.py`: a sum's literal is its cage's
"sums to S" variable). The generator keeps every sum and strips the digits.

Forms: the rows of cage names, a line `sums A=3 B=10 ...`, optional lines `given r1c2=3 ...`,
`regions` and its rows (a jigsaw killer), `diagonals` (X), after an optional first line
`boxes 3x2`; JSON; and Tatham's game ID `3x3k:digits,cages,sums` (`9jk:digits,regions,cages,sums`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..lab.engine.puzzle import BoardLimit, Instance, PuzzleError, Speed, at_place, quote
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, TathamCodec
from ..lab.toolkit.regions import (
    NAME,
    json_region_names,
    refuse_cut,
    region_names,
    region_rows,
    region_text_rows,
    renumbered,
)
from ..lab.toolkit.tatham import GameId
from ..lab.toolkit.textgrid import JsonObject, count_cells, json_shown, line_tokens, numbered_lines
from .solo_common import (
    BOXES_LINE,
    Cell,
    Grid,
    SoloParams,
    SoloPuzzle,
    blocks_of,
    box_board,
    boxes_line,
    cage_grid,
    canonical_text,
    default_box,
    description_parts,
    grid_description,
    head_text,
    jigsaw_blocks,
    jigsaw_board,
    number_grid,
    read_blocks,
    solo_head,
    spaced,
    write_blocks,
)

# Size limit: 9x9, as Tatham's (a cage's sum literals cover every set of its digits: at most
# 126 sets a cage of 4 or 5 cells on 9x9).
SIZE = BoardLimit(9, 9, 2, 2)
NAME_ = "killer"
EARLY = SIZE.early(NAME_)
KEYWORDS = ("sums", "given", "regions", "diagonals")
GIVEN = re.compile(r"r(\d{1,3})c(\d{1,3})=(\d{1,3})", re.I)
NAMED_SUM = re.compile(r"([A-Za-z0-9_]{1,16})=(\d{1,4})")


def killer_board(n: int, cages: list[list[Cell]], box: tuple[int, int] | None, regions: Any = None,
                 where: Any = None, diagonals: bool = False) -> SoloParams:
    """The board: boxes (`box`, rows x columns) or a jigsaw's region names (`regions`), and
    cages covering every cell."""
    SIZE.check(NAME_, n, n)
    if regions is not None:
        params = jigsaw_board(regions, where, diagonals, cages)
    else:
        br, bc = box or default_box(n)
        params = box_board(br, bc, diagonals, cages)
    caged = sum(len(cage) for cage in params.cages)
    if caged != n * n:
        raise PuzzleError(f"{n * n - caged} cells are in no cage: every cell of a killer sudoku is in one")
    return params


def cage_name_of(params: SoloParams) -> list[str]:
    """Each cage's name in the text form (a letter, or past 62 cages its number)."""
    return region_names([list(range(len(params.cages)))], len(params.cages))[0]


class Killer(SoloPuzzle):
    name = NAME_
    aliases = ("killer-sudoku", "sumdoku")
    title = "Killer Sudoku (Solo's killer)"
    rules_text = ("Fill the grid with the digits 1..n so that every row, column and box holds each digit once, and "
                  "the digits of each dashed cage differ and add up to its sum.")
    # cacheable: a clue is a digit's or a sum's literal of the rules, nothing is drawn later
    speed = Speed(rules_cacheable=True)
    codecs = (MethodCodec("text", solutions=True), TathamCodec(), JsonCodec())
    size = SIZE
    example = "ABCD\nABCD\nEBFG\nEFFG\nsums A=5 B=6 C=7 D=3 E=5 F=7 G=7\ngiven r1c4=2"

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """n rows of cage names (a character a cell, or words when spaced), then the lines
        `sums A=3 ...` (each cage's sum by its name), `given r1c2=3 ...` (digits given),
        `regions` followed by n rows of region names (a jigsaw killer) and `diagonals` (X),
        each optional; before them all, an optional line `boxes 3x2`."""
        lines = numbered_lines(text)
        shape = lines.pop(0) if lines and BOXES_LINE.match(lines[0][1]) else None
        if not lines or _keyword(lines[0][1]):
            raise PuzzleError("no rows of cages", lines[0][0] if lines else None)
        first = lines[0]
        n = count_cells(first[1], chars=not spaced([first]))  # the rows of cages are n, however named
        EARLY(n, n, first[0])
        end = next((i for i in range(min(n, len(lines))) if _keyword(lines[i][1])), min(n, len(lines)))
        names, places = region_text_rows(lines[:end], EARLY, shape[0] if shape else None)
        with at_place(first[0]):
            SIZE.check(NAME_, n, n)
        if len(names) != n:
            raise PuzzleError(f"{len(names)} rows of cages of {n} cells: a killer sudoku is square", lines[end - 1][0])
        cages = _cages(names, places, n)
        sums: dict[str, tuple[int, int, int]] = {}
        givens: dict[Cell, int] = {}
        regions = where = None
        diagonals = False
        rest = lines[end:]
        while rest:
            number, line = rest.pop(0)
            word = line.split()[0].lower()
            if word == "sums":
                _named_sums(line, number, sums)
            elif word == "given":
                _givens(line, number, n, givens)
            elif word == "diagonals" and line.strip().lower() == "diagonals":
                diagonals = True
            elif word == "regions" and line.strip().lower() == "regions" and regions is None:
                if len(rest) < n:
                    raise PuzzleError(f"'regions' is followed by {len(rest)} lines, not {n} rows", number)
                regions, where = region_text_rows(rest[:n], EARLY, number)
                rest = rest[n:]
            else:
                raise PuzzleError(f"expected a line sums, given, regions or diagonals, got {quote(line.strip())}",
                                  number)
        box = None
        if shape:
            box = boxes_line(shape)
            if regions is not None or box[0] * box[1] != n:
                raise PuzzleError(f"boxes {box[0]}x{box[1]} do not fit a {n}x{n} board"
                                  + (" with regions" if regions is not None else ""), shape[0])
        if box is None and regions is None:
            with at_place(lines[0][0]):
                box = default_box(n)
        params = killer_board(n, list(cages.values()), box, regions, where, diagonals)
        clues: dict[Any, int] = dict(givens)
        index = {cage: i for i, cage in enumerate(params.cages)}
        for label, (value, number, column) in sums.items():
            if label not in cages:
                raise PuzzleError(f"a sum for {quote(label)}, which names no cage", number, column)
            clues[params.sum_key(index[tuple(sorted(cages[label]))])] = value
        return Instance(self.name, params, clues)

    def write_text(self, inst: Instance) -> str:
        p: SoloParams = inst.params
        names = cage_name_of(p)
        lines = [] if p.box is None or p.box == default_box(p.n) else [f"boxes {p.box[0]}x{p.box[1]}"]
        lines += region_rows(cage_grid(p), len(p.cages))
        sums = [f"{names[i]}={inst.clues[key]}" for key, i in p.sum_keys.items() if key in inst.clues]
        lines += ["sums " + " ".join(sums)] if sums else []
        given = [f"r{key[0] + 1}c{key[1] + 1}={d}" for key, d in sorted(_digits(inst).items())]
        lines += ["given " + " ".join(given)] if given else []
        lines += ["regions", *region_rows(p.regions, p.n)] if p.box is None else []
        return "\n".join(lines + (["diagonals"] if p.diagonals else []))

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(" ".join(map(str, row)) for row in solution)

    def from_json(self, text: str) -> Instance:
        """`size` n; `box` [rows, cols] (else the squarest) or `regions` (rows of region
        names: a jigsaw killer); `diagonals`; `cages`: each {"cells": [[row, col], ...] from 1,
        "sum"}; `given`: [row, col, digit] triples."""
        doc = JsonObject(text, self.name, ("size", "box", "regions", "diagonals", "cages", "given"), self.aliases)
        n = doc.integer("size", low=1)
        EARLY(n, n, doc.where("size")[0])
        box = doc.array("box", None, 2, "whole numbers, [rows, cols]")
        if box is not None and (not all(type(v) is int for v in box) or box[0] * box[1] != n):
            raise doc.error("box", f"must be [rows, cols], two whole numbers whose product is {n}")
        regions = None
        if "regions" in doc:
            if box is not None:
                raise doc.error("regions", "and 'box' both: a killer has boxes or regions")
            regions = json_region_names(doc, EARLY)
            if len(regions) != n:
                raise doc.error("regions", f"must be {n} rows")
        cages, sums = _json_cages(doc, n)
        givens: dict[Cell, int] = {}
        for item in doc.array("given", [], what="[row, column, digit] triples"):
            if not (isinstance(item, list) and len(item) == 3 and all(type(v) is int for v in item)
                    and 1 <= item[0] <= n and 1 <= item[1] <= n and 1 <= item[2] <= n):
                raise doc.error("given", f"has {json.dumps(item)}: a given is [row, column, digit], each 1..{n}")
            givens[(item[0] - 1, item[1] - 1)] = item[2]
        diagonals = doc.boolean("diagonals", False)
        with at_place(*doc.where("cages")):
            params = killer_board(n, cages, tuple(box) if box else None, regions, None, diagonals)
        index = {cage: i for i, cage in enumerate(params.cages)}
        clues: dict[Any, int] = dict(givens)
        for cells, value in zip(cages, sums):
            if value is not None:
                clues[params.sum_key(index[tuple(sorted(cells))])] = value
        return Instance(self.name, params, clues)

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: SoloParams = inst.params
        shape: dict[str, Any] = {"box": list(p.box)} if p.box else {"regions": [list(row) for row in p.regions]}
        cages = []
        for i, cage in enumerate(p.cages):
            item: dict[str, Any] = {"cells": [[r + 1, c + 1] for r, c in cage]}
            if p.sum_key(i) in inst.clues:
                item["sum"] = inst.clues[p.sum_key(i)]
            cages.append(item)
        return {"size": p.n, **shape, "diagonals": p.diagonals, "cages": cages,
                "given": [[r + 1, c + 1, d] for (r, c), d in sorted(_digits(inst).items())]}

    def from_tatham(self, game: GameId) -> Instance:
        """`3x3k:digits,cages,sums` or `9jk:digits,regions,cages,sums` (`x` before the `k`
        for X): his cages have 2 to n cells, and each its sum in one of its cells."""
        head = solo_head(game, EARLY)
        where = (game.line, game.column)
        if not head.killer:
            raise PuzzleError(f"{quote(game.head)} has no 'k': not a killer sudoku", *where)
        n = head.n
        parts = description_parts(game, 3 if head.box else 4)
        regions = jigsaw_blocks(parts[1], n) if head.box is None else None
        cages = blocks_of(read_blocks(parts[-2], n))
        for cage in cages:
            if not 2 <= len(cage) <= n:
                raise PuzzleError(f"a cage of {len(cage)} at r{cage[0][0] + 1}c{cage[0][1] + 1}: his cages have "
                                  f"2 to {n} cells", *parts[-2].at(0))
        with at_place(*where):
            params = killer_board(n, cages, head.box, regions, None, head.diagonals)
        clues: dict[Any, int] = dict(number_grid(parts[0], n, n, "digit"))
        found = number_grid(parts[-1], n, n * n * n, "sum")
        for cell, value in found.items():
            key = params.sum_key(params.cage_of[cell])
            if key in clues:
                raise PuzzleError(f"two sums in the cage at r{key[1] + 1}c{key[2] + 1}", *parts[-1].at(0))
            clues[key] = value
        missing = [key for key in params.sum_keys if key not in clues]
        if missing:
            raise PuzzleError(f"the cage at r{missing[0][1] + 1}c{missing[0][2] + 1} has no sum", *parts[-1].at(0))
        return Instance(self.name, params, clues)

    def tatham_id(self, inst: Instance) -> str:
        p: SoloParams = inst.params
        small = [cage for cage in p.cages if len(cage) < 2]
        if small:
            raise PuzzleError(f"Tatham's killer cages have 2 to {p.n} cells; r{small[0][0][0] + 1}c"
                              f"{small[0][0][1] + 1} is a cage of its own")
        missing = [key for key in p.sum_keys if key not in inst.clues]
        if missing:
            raise PuzzleError(f"Tatham's killer gives every cage its sum; the cage at r{missing[0][1] + 1}"
                              f"c{missing[0][2] + 1} has none")
        sums = {key[1:]: inst.clues[key] for key in p.sum_keys}
        parts = [grid_description(p.n, _digits(inst))]
        parts += [write_blocks(p.regions, p.n)] if p.box is None else []
        parts += [write_blocks(cage_grid(p), p.n), grid_description(p.n, sums)]
        return f"{head_text(p)}:{','.join(parts)}"

    # ---- for language models ------------------------------------------------------------
    board_legend = ("first the cages, one row per line, one character a cell naming its cage (cells with the same "
                    "character form one cage); then a line `sums` giving each cage's sum by its name (A=3: the "
                    "digits of cage A add up to 3), an optional line `given` of digits given (r1c2=3: row 1, column 2 "
                    "holds 3), an optional line `regions` followed by the rows of the regions that hold each digit "
                    "once in place of the boxes, and an optional line `diagonals` (both main diagonals hold each "
                    "digit once too); without `regions` the boxes are as square as they can be, wider than tall, "
                    "unless a first line `boxes RxC` gives their rows and columns")

    def canonical(self, inst: Instance) -> str:
        return canonical_text(self, inst)

    def show_text(self, inst: Instance) -> str:
        """The cages for a terminal: heavy lines around each, its sum in its first cell, a
        given digit in brackets; the boxes or regions below, as every Solo board shows them."""
        from ..lab.face.share import box_grid

        p: SoloParams = inst.params
        cells = [["" for _ in range(p.n)] for _ in range(p.n)]
        for key in p.sum_keys:
            if key in inst.clues:
                cells[key[1]][key[2]] = str(inst.clues[key])
        for (r, c), d in _digits(inst).items():
            cells[r][c] += f"({d})"
        regions = "the boxes" if p.box else "the regions"
        return (f"cages, each sum in its first cell, given digits in brackets\n{box_grid(cells, cage_grid(p))}\n"
                f"{regions}:\n{super().show_text(inst)}")


def _json_cages(doc: JsonObject, n: int) -> tuple[list[list[Cell]], list[int | None]]:
    """A JSON document's `cages`: each one's cells (from 0) and its sum (None: none)."""
    cages, sums = [], []
    for i, cage in enumerate(doc.array("cages", what="cages")):
        if not isinstance(cage, dict) or not set(cage) <= {"cells", "sum"} or not isinstance(cage.get("cells"), list):
            raise doc.error("cages", f"item {i + 1} is not {{\"cells\": [[row, col], ...], \"sum\": S}}")
        cells = []
        for cell in cage["cells"]:
            if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int and 1 <= v <= n for v in cell)):
                raise doc.error("cages", f"item {i + 1}: cell {json.dumps(cell)} is not [row, col] within 1..{n}")
            cells.append((cell[0] - 1, cell[1] - 1))
        if not cells:
            raise doc.error("cages", f"item {i + 1} has no cells")
        value = cage.get("sum")
        if value is not None and (type(value) is not int or value < 1):
            raise doc.error("cages", f"item {i + 1}: sum {json_shown(value)} is not a whole number from 1")
        cages.append(cells)
        sums.append(value)
    return cages, sums


def _keyword(line: str) -> bool:
    words = line.split()
    return bool(words) and words[0].lower() in KEYWORDS


def _cages(names: list[list[str]], places: list[list[tuple[int | None, int | None]]], n: int
           ) -> dict[str, list[Cell]]:
    """The cells of each cage name, each cage connected and of at most n cells."""
    cages: dict[str, list[Cell]] = {}
    for r, row in enumerate(names):
        if len(row) != n:
            raise PuzzleError(f"row has {len(row)} cells, expected {n}", places[r][0][0])
        for c, label in enumerate(row):
            cages.setdefault(label, []).append((r, c))
            if len(cages[label]) > n:
                raise PuzzleError(f"cage {quote(label)} has more than {n} cells: its digits differ", *places[r][c])
    refuse_cut(names, renumbered(names), places, noun="cage")
    return cages


def _named_sums(line: str, number: int, sums: dict[str, tuple[int, int, int]]) -> None:
    for t in line_tokens(line, number)[1:]:
        m = NAMED_SUM.fullmatch(t.text)
        if m is None or not NAME.fullmatch(m.group(1)):
            raise PuzzleError(f"bad sum {quote(t.text)} (a cage's name and its sum, like A=12)", t.line, t.column)
        if m.group(1) in sums:
            raise PuzzleError(f"a second sum for cage {quote(m.group(1))}", t.line, t.column)
        value = int(m.group(2))
        if value < 1:
            raise PuzzleError(f"the sum of cage {quote(m.group(1))} is {value}: a sum is at least 1", t.line, t.column)
        sums[m.group(1)] = (value, number, t.column or 0)


def _givens(line: str, number: int, n: int, givens: dict[Cell, int]) -> None:
    for t in line_tokens(line, number)[1:]:
        m = GIVEN.fullmatch(t.text)
        if m is None:
            raise PuzzleError(f"bad given {quote(t.text)} (a cell and its digit, like r1c2=3)", t.line, t.column)
        r, c, d = (int(g) for g in m.groups())
        if not (1 <= r <= n and 1 <= c <= n):
            raise PuzzleError(f"given {quote(t.text)} is off the {n}x{n} board", t.line, t.column)
        if not 1 <= d <= n:
            raise PuzzleError(f"given {quote(t.text)}: a digit is 1..{n}", t.line, t.column)
        if (r - 1, c - 1) in givens:
            raise PuzzleError(f"r{r}c{c} is given twice", t.line, t.column)
        givens[(r - 1, c - 1)] = d


def _digits(inst: Instance) -> dict[Cell, int]:
    return {key: d for key, d in inst.clues.items() if key[0] != "sum"}


PUZZLE = Killer()
