"""Keen (KenKen): a Latin square whose cages must combine to their targets.

Vocabulary: a *cell* (r, c) holds a *digit* 1..n, every row and column holds each digit
once. A *cage* is a connected group of cells (the clue key is its sorted tuple of cells,
so one SAT session serves every puzzle of size n) with a clue (op, target): the sum (+) or
product (*) of its digits, or for two cells the difference (-) or quotient (/) of the
larger by the smaller. A one-cell cage is a given, op '='.

In CNF a cage clue says "the cage holds one of the digit tuples that meet it" without any
new variable (one session meets thousands of cages, and every variable costs in every
model): per cell the digits some tuple allows, per digit its partners in the other cells,
and a prefix tree over the cells that forbids every other tuple. The CP-SAT model states
the arithmetic directly instead, so the two engines share no tuple code.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, ClassVar

from pysat.formula import IDPool

from ..lab.engine.puzzle import BoardLimit, CluePuzzle, CpModel, Instance, PuzzleError, Rules, Speed, number, quote
from ..lab.face.share import box_grid
from ..lab.toolkit.answers import number_cell
from ..lab.toolkit.arithmetic import compact_cage_clauses
from ..lab.toolkit.framed import edge_codecs, number_grid
from ..lab.toolkit.latin import latin_grids, latin_problems, latin_variables
from ..lab.toolkit.paths import find
from ..lab.toolkit.symmetry import grid_images
from ..lab.toolkit.tatham import GameId
from ..lab.toolkit.textgrid import JsonObject, array_rows, count_cells, literal_at, numbered_lines, token_rows

Cell = tuple[int, int]
Cage = tuple[Cell, ...]
Clue = tuple[str, int]  # (op, target)
Grid = tuple[tuple[int, ...], ...]

# Size limit: one question at the limit takes seconds, measured.
# Sessions that serve many questions (generation, difficulty) list every digit
# tuple a cage allows, so a cage may have at most MAX_FILLINGS ways to be filled that keep
# its rows and columns Latin (`fillings`): a bound on its tuples, whatever the clue. A whole
# row of 9x9 as one sum cage (362,880 fillings) is allowed.
MAX_N = 16
MAX_FILLINGS = 1_000_000
# Shapes with at most this many fillings have them all listed once (`_tuples_by_clue`): every
# cage a generator draws (4 cells, 4,032 on 9x9), at most about a megabyte each.
SMALL_SHAPE = 5_000
SIZE = BoardLimit(MAX_N, MAX_N)
EARLY = SIZE.early("keen", "grid")  # the readers' size check, before any cell is read
SIZE_TEXT = (f"{SIZE.text}, a cage at most {MAX_FILLINGS:,} ways to fill "
             "(6 cells on 9x9, 5 on 16x16)")
OP_ALIASES = {"+": "+", "-": "-", "\u2212": "-", "*": "*", "x": "*", "X": "*", "\u00d7": "*",
              "/": "/", "\u00f7": "/", "=": "=", "": "="}
TATHAM_OPS = {"a": "+", "s": "-", "m": "*", "d": "/"}
SHOWN_OPS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7", "=": ""}  # as `show` prints them
LABELS = string.ascii_uppercase + string.ascii_lowercase


@dataclass(frozen=True)
class KeenParams:
    """An n x n grid; cages are clues, so the structure is just the size."""

    n: int


def fillings(n: int, cells: Iterable[Cell]) -> int:
    """How many ways digits 1..n can fill the cells with no digit twice in a row or column,
    at most (cells in reading order: each has as many digits left as its row or its column
    has not used yet). Counting stops past MAX_FILLINGS."""
    total = 1
    done: list[Cell] = []
    for r, c in sorted(cells):
        used = max(sum(1 for y, _ in done if y == r), sum(1 for _, x in done if x == c))
        total *= max(n - used, 0)
        done.append((r, c))
        if total > MAX_FILLINGS:
            break
    return total


def most(op: str, n: int, size: int) -> int:
    """The largest target `size` digits 1..n can make with `op` (larger ones are refused:
    they could never hold, and CP-SAT takes 64-bit numbers only)."""
    return {"+": n * size, "*": n ** size, "-": n - 1, "/": n, "=": n}[op]


def check_size(n: int, cages: Iterable[tuple[Any, list[Cell]]] = ()) -> None:
    """The keen size limit (SIZE_TEXT), for reading and generating alike: the grid within
    SIZE and each cage, given as (label, cells), within MAX_FILLINGS."""
    SIZE.check("keen", n, n, "grid")
    for lab, cells in cages:
        ways = fillings(n, cells)
        if ways > MAX_FILLINGS:
            raise PuzzleError(f"cage {quote(lab)} of {len(cells)} cells is too large: over {MAX_FILLINGS:,} "
                              f"ways to fill it on a {n}x{n} grid ({SIZE_TEXT})")


def satisfies(op: str, target: int, digits: tuple[int, ...]) -> bool:
    """Does a cage holding `digits` meet the clue (op, target)?"""
    if op == "+":
        return sum(digits) == target
    if op == "*":
        return math.prod(digits) == target
    if op == "-":
        return len(digits) == 2 and abs(digits[0] - digits[1]) == target
    if op == "/":
        return len(digits) == 2 and max(digits) == target * min(digits)
    if op == "=":
        return len(digits) == 1 and digits[0] == target
    return False


def shape(cells: Cage) -> Cage:
    """The cage moved to the top left corner: what its tuples and clauses depend on."""
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple((r - r0, c - c0) for r, c in cells)


def cage_tuples(n: int, cells: Cage, op: str, target: int) -> tuple[tuple[int, ...], ...]:
    """Every digit tuple a cage can hold under its clue, with no digit twice in a row or column."""
    return _shape_tuples(n, shape(cells), op, target)


def _shape_tuples(n: int, cells: Cage, op: str, target: int) -> tuple[tuple[int, ...], ...]:
    """A small shape's fillings are listed once and sorted by the clues they meet, so a new
    target costs a look-up; a large one (a 9x9 row) is searched clue by clue."""
    if fillings(n, cells) <= SMALL_SHAPE:
        return _tuples_by_clue(n, cells).get((op, target), ())
    return _search_tuples(n, cells, op, target)


@lru_cache(maxsize=256)
def _tuples_by_clue(n: int, cells: Cage) -> MappingProxyType[Clue, tuple[tuple[int, ...], ...]]:
    """Every Latin filling of the cells, filed under each clue it meets, in reading
    (lexicographic) order: the order `_search_tuples` finds them in."""
    by_clue: dict[Clue, list[tuple[int, ...]]] = {}
    for t in _latin_fillings(n, cells):
        for clue in clues_met(t):
            by_clue.setdefault(clue, []).append(t)
    return MappingProxyType({clue: tuple(ts) for clue, ts in by_clue.items()})


def _latin_fillings(n: int, cells: Cage) -> list[tuple[int, ...]]:
    """Digit tuples with no digit twice in a row or column, in lexicographic order."""
    out: list[tuple[int, ...]] = [()]
    for earlier in _clashes(cells):
        longer: list[tuple[int, ...]] = []
        for t in out:
            used = {t[j] for j in earlier}
            longer += [t + (d,) for d in range(1, n + 1) if d not in used]
        out = longer
    return out


def clues_met(digits: Sequence[int]) -> list[Clue]:
    """Every clue (op, target) the digits meet, as `satisfies` judges them: +, x, then
    (two cells) - and a whole /, or (one cell) = after the others."""
    out = [("+", sum(digits)), ("*", math.prod(digits))]
    if len(digits) == 1:
        out.append(("=", digits[0]))
    elif len(digits) == 2:
        big, small = max(digits), min(digits)
        out.append(("-", big - small))
        if big % small == 0:
            out.append(("/", big // small))
    return out


@lru_cache(maxsize=4096)
def _search_tuples(n: int, cells: Cage, op: str, target: int) -> tuple[tuple[int, ...], ...]:
    """The tuples of one clue by depth-first search, cut where a sum or product cannot be met."""
    k = len(cells)
    clash = _clashes(cells)
    out: list[tuple[int, ...]] = []
    digits: list[int] = []

    def feasible(partial: int, left: int) -> bool:
        if op == "+":
            return partial + left <= target <= partial + left * n
        if op == "*":
            return target % partial == 0 and partial * n ** left >= target
        return True

    def extend(i: int, partial: int) -> None:
        if i == k:
            if satisfies(op, target, tuple(digits)):
                out.append(tuple(digits))
            return
        for d in range(1, n + 1):
            if any(digits[j] == d for j in clash[i]):
                continue
            nxt = partial + d if op == "+" else partial * d
            if op in "+*" and not feasible(nxt, k - i - 1):
                continue
            digits.append(d)
            extend(i + 1, nxt)
            digits.pop()

    if target >= 0:
        extend(0, 0 if op == "+" else 1)
    return tuple(out)


def _clashes(cells: Cage) -> list[list[int]]:
    """For each cell of a cage, the earlier cells in its row or column."""
    return [[j for j in range(i) if cells[j][0] == cells[i][0] or cells[j][1] == cells[i][1]]
            for i in range(len(cells))]


def cage_label(i: int) -> str:
    """A, B, ..., Z, a, ..., z, then AA, AB, ... (whitespace-separated, so any length works)."""
    if i < len(LABELS):
        return LABELS[i]
    return LABELS[i // len(LABELS) - 1] + LABELS[i % len(LABELS)]


def components(cells: Iterable[Cell]) -> list[Cage]:
    """The connected pieces (orthogonal neighbours) of a set of cells, each sorted."""
    left, out = set(cells), []
    while left:
        start = min(left)
        piece, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in left and nb not in piece:
                    piece.add(nb)
                    todo.append(nb)
        left -= piece
        out.append(tuple(sorted(piece)))
    return out


def connected(cells: Iterable[Cell]) -> bool:
    return len(components(cells)) == 1


def op_text(op: str) -> str:
    return "" if op == "=" else op


class Keen(CluePuzzle[KeenParams, Cage, Grid]):
    name = "keen"
    # cacheable: clues are literals of rule variables: one CNF per size serves all
    speed = Speed(rules_cacheable=True)
    aliases = ("kenken",)
    title = "Keen (KenKen): Latin square with arithmetic cages"
    rules_text = "Each row and column holds 1..n once, and each cage's digits make its target with its operation."
    tatham_game: ClassVar[str | None] = "keen"  # the game in Simon Tatham's collection
    codecs = edge_codecs(refusal="Tatham's Keen game ID holds the cages, not the digits: print the solution as text, "
                                 "array or json (`puzzlelab convert keen FILE --to tatham` gives the puzzle's ID)")
    size_limit_text = SIZE_TEXT
    example = "A B B\nA C C\nD D C\n\nA 2-\nB 6*\nC 6+\nD 2/"

    def check_size(self, inst: Instance) -> None:
        check_size(inst.params.n, ((f"r{cells[0][0] + 1}c{cells[0][1] + 1}", cells) for cells in inst.clues))

    # ---- building an instance from any format ---------------------------------------
    def make(self, n: int, cages: dict[Any, list[Cell]], clues: dict[Any, tuple[str, Any]],
             where: Mapping[Any, tuple[int | None, int | None]] | None = None) -> Instance:
        """An instance from cage cells and clues by label, checked the same way for every format."""
        where = where or {}
        check_size(n)
        out: dict[Cage, Clue] = {}
        for lab, cells in cages.items():
            line, col = where.get(lab, (None, None))
            try:
                check_size(n, [(lab, cells)])
            except PuzzleError as exc:
                raise PuzzleError(exc.message, line, col) from None
            if lab not in clues:
                raise PuzzleError(f"cage {quote(lab)} has no clue", line, col)
            if not connected(cells):
                raise PuzzleError(f"cage {quote(lab)} is not connected", line, col)
            op, target = clues[lab]
            out[tuple(sorted(cells))] = self.clue(op, target, len(cells), n, lab,
                                                  *where.get(("clue", lab), (line, col)))
        for lab in clues:
            if lab not in cages:
                line, col = where.get(("clue", lab), (None, None))
                raise PuzzleError(f"clue for cage {quote(lab)}, which is not in the grid", line, col)
        return Instance(self.name, KeenParams(n), out)

    @staticmethod
    def clue(op: Any, target: Any, size: int, n: int, lab: Any = "?", line: int | None = None,
             col: int | None = None) -> Clue:
        """A checked (op, target): '=' for one-cell cages, '-' and '/' only on two cells, the
        target within what `size` digits 1..n can make."""
        op = OP_ALIASES.get(str(op).strip()) if op is not None else "="
        if op is None:
            raise PuzzleError(f"cage {quote(lab)}: unknown operation (use + - * / or none for a given)", line, col)
        if isinstance(target, bool) or not isinstance(target, int) or target < 0:
            raise PuzzleError(f"cage {quote(lab)}: target must be a whole number >= 0, got {quote(target)}",
                              line, col)
        if size == 1 and op in "+*=":
            op = "="
        if op in "-/" and size != 2:
            raise PuzzleError(f"cage {quote(lab)}: '{op}' needs exactly two cells, it has {size}", line, col)
        if op == "=" and size != 1:
            raise PuzzleError(f"cage {quote(lab)}: {size} cells need an operation", line, col)
        if target > most(op, n, size):
            raise PuzzleError(f"cage {quote(lab)}: target {number(target)} is out of reach: {size} digit(s) "
                              f"1..{n} make at most {most(op, n, size)} with '{op}'", line, col)
        return (op, target)

    # ---- text forms -----------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        """n rows of n cage labels, then one line per cage: `A 12+` (`A 3` for a given)."""
        lines = numbered_lines(text)
        if not lines:
            raise PuzzleError("empty input")
        n = count_cells(lines[0][1], chars=False)  # the size, before a token is made
        SIZE.check(self.name, n, n, "grid", lines[0][0])
        if len(lines) > n + n * n:
            raise PuzzleError(f"{len(lines) - n} clue lines for a {n}x{n} grid: at most {n * n}, one a cage",
                              lines[n + n * n][0])
        rows = token_rows(text)
        if len(rows) < n:
            raise PuzzleError(f"expected {n} grid rows, got {len(rows)}", rows[-1][0].line)
        cages: dict[str, list[Cell]] = {}
        where: dict[Any, tuple[int | None, int | None]] = {}
        for r, row in enumerate(rows[:n]):
            if len(row) != n:
                raise PuzzleError(f"grid row has {len(row)} cells, expected {n}", row[0].line)
            for c, tok in enumerate(row):
                if tok.text == ".":
                    continue  # a cell in no cage (a partial instance)
                cages.setdefault(tok.text, []).append((r, c))
                where.setdefault(tok.text, (tok.line, tok.column))
        clues: dict[str, tuple[str, int]] = {}
        for row in rows[n:]:
            lab, line, col = row[0].text, row[0].line, row[0].column
            m = re.fullmatch(r"([^\d\s]?)(\d+)\s*([^\d\s]?)", " ".join(t.text for t in row[1:]))
            if len(row) < 2 or not m or (m.group(1) and m.group(3)):
                raise PuzzleError(f"clue line should look like 'A 12+', got {quote(' '.join(t.text for t in row))}",
                                  line, col)
            if lab in clues:
                raise PuzzleError(f"second clue for cage {quote(lab)}", line, col)
            clues[lab] = (m.group(1) or m.group(3), int(m.group(2)))
            where[("clue", lab)] = (line, col)
        return self.make(n, cages, clues, where)

    def read_array(self, text: str) -> Instance:
        """Seed 000's form: `board = np.array([[label, ...], ...])` and `block_results = {label: (op, target)}`."""
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end < start:
            raise PuzzleError("expected block_results = {label: (op, target), ...} after the board",
                              text[:start].count("\n") + 1 if start >= 0 else None)
        blanked = re.sub(r"[^\n]", " ", text[start:end + 1])  # the dict out, every other position kept
        board = array_rows(text[:start] + blanked + text[end + 1:], EARLY)  # the board's size first
        results = literal_at(text, start, end, "block_results")
        if not isinstance(results, dict):
            raise PuzzleError("block_results must be a dict", text[:start].count("\n") + 1)
        n = len(board)
        SIZE.check(self.name, n, n, "grid")
        cages: dict[Any, list[Cell]] = {}
        for r, row in enumerate(board):
            if len(row) != n:
                raise PuzzleError(f"board row {r + 1} has {len(row)} cells, expected {n}", row.line, row.column)
            for c, e in enumerate(row):
                lab = e.value
                if not isinstance(lab, (str, int)):
                    raise PuzzleError(f"board r{r + 1}c{c + 1}: cage label must be a string", e.line, e.column)
                if str(lab).strip() in ("", "."):
                    continue  # a cell in no cage (a partial instance)
                cages.setdefault(lab, []).append((r, c))
        clues = {}
        for lab, value in results.items():
            if not (isinstance(value, (tuple, list)) and len(value) == 2):
                raise PuzzleError(f"block_results[{quote(lab)}] must be (op, target)")
            clues[lab] = (value[0], value[1])
        return self.make(n, cages, clues)

    def from_tatham(self, game: GameId) -> Instance:
        head, desc = game.head, game.desc
        m = re.fullmatch(r"(\d+)(?:d([a-z]?))?(m?)", head)
        if not m:
            raise PuzzleError(f"bad Keen parameters {quote(head)}", 1, 1)
        n = int(m.group(1))
        SIZE.check(self.name, n, n, "grid", 1)
        if "," not in desc:
            raise PuzzleError("expected ',' after the block structure", 1, len(head) + 2 + len(desc))
        blocks, cluetext = desc.split(",", 1)
        offset = len(head) + 1
        cages = tatham_blocks(blocks, n, offset)
        # Clues come in reading order of each cage's first cell: an op letter, then the target.
        clues, where = {}, {}
        pos = offset + len(blocks) + 1
        bad = re.search(r"[^a-z0-9]|^\d", cluetext)
        if bad:
            raise PuzzleError(f"unexpected {quote(bad.group())} in clues", 1, pos + bad.start() + 1)
        tokens = list(re.finditer(r"([a-z])(\d*)", cluetext))
        if len(tokens) != len(cages):
            raise PuzzleError(f"{len(tokens)} clues for {len(cages)} cages", 1, pos + 1)
        for i, (_cells, tok) in enumerate(zip(cages, tokens), start=1):
            col = pos + tok.start() + 1
            if tok.group(1) not in TATHAM_OPS or not tok.group(2):
                raise PuzzleError(f"bad clue {quote(tok.group())} (expected a, s, m or d and a number)", 1, col)
            clues[i] = (TATHAM_OPS[tok.group(1)], int(tok.group(2)))
            where[i] = (1, col)
        return self.make(n, dict(enumerate(cages, start=1)), clues, where)

    def from_json(self, text: str) -> Instance:
        """`size` n, and `cages`: each {"cells": [[row, col], ...] from 1, "op": + - * / or
        = (a given; the default), "target"}."""
        doc = JsonObject(text, self.name, ("size", "cages"), self.aliases)
        n = doc.integer("size", low=1)
        SIZE.check(self.name, n, n, "grid", doc.where("size")[0])
        cages, clues, seen = {}, {}, set()
        for i, cage in enumerate(doc.array("cages", what="cages")):
            if not isinstance(cage, dict) or not isinstance(cage.get("cells"), list) or not cage["cells"]:
                raise doc.error("cages", f"item {i + 1} needs a non-empty 'cells' list of [row, col]")
            if not set(cage) <= {"cells", "op", "target"} or ("op" in cage and not isinstance(cage["op"], str)):
                raise doc.error("cages", f"item {i + 1}: a cage is {{\"cells\", \"op\", \"target\"}}, "
                                         "with op a string")
            cells = []
            for cell in cage["cells"]:
                if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)
                        and all(1 <= v <= n for v in cell)):
                    raise PuzzleError(f"cage {i + 1}: cell {quote(cell)} is not [row, col] within 1..{n}")
                if tuple(cell) in seen:
                    raise PuzzleError(f"cage {i + 1}: r{cell[0]}c{cell[1]} is already in another cage")
                seen.add(tuple(cell))
                cells.append((cell[0] - 1, cell[1] - 1))
            cages[i + 1] = cells
            clues[i + 1] = (cage.get("op", "="), cage.get("target"))
        return self.make(n, cages, clues)

    # ---- writing -------------------------------------------------------------------
    @staticmethod
    def cages(inst: Instance) -> list[tuple[Cage, Clue]]:
        """Cages in reading order of their first cell (the order every format writes)."""
        return sorted(inst.clues.items(), key=lambda kv: kv[0][0])

    def write_text(self, inst: Instance) -> str:
        n, cages = inst.params.n, self.cages(inst)
        owner = self.owners(cages)
        width = max(len(cage_label(i)) for i in range(max(1, len(cages))))
        grid = [" ".join(cage_label(owner[(r, c)]).ljust(width) if (r, c) in owner else ".".ljust(width)
                         for c in range(n)).rstrip() for r in range(n)]
        lines = [f"{cage_label(i)} {target}{op_text(op)}" for i, (_, (op, target)) in enumerate(cages)]
        return "\n".join(grid + [""] + lines)

    def write_array(self, inst: Instance) -> str:
        n, cages = inst.params.n, self.cages(inst)
        owner = self.owners(cages)
        lab = [f"d{i + 1:02d}" for i in range(len(cages))]
        board = "\n".join("  [" + ", ".join(repr(lab[owner[(r, c)]] if (r, c) in owner else " ")
                                             for c in range(n)) + "],"
                          for r in range(n))
        results = ", ".join(f"{lab[i]!r}: ({'+' if op == '=' else op!r}, {target})"
                            for i, (_, (op, target)) in enumerate(cages))
        return f"board = np.array([\n{board}\n])\nblock_results = {{{results}}}"

    def tatham_id(self, inst: Instance) -> str:
        n, cages = inst.params.n, self.cages(inst)
        owner = self.owners(cages)
        if not 3 <= n <= 9:
            raise PuzzleError(f"Tatham's Keen takes sizes 3..9, not {n}")
        if len(owner) != n * n:
            raise PuzzleError("Tatham's Keen needs every cell in a cage")
        letter = {v: k for k, v in TATHAM_OPS.items()} | {"=": "a"}
        clues = "".join(f"{letter[op]}{target}" for _, (op, target) in cages)
        return f"{n}:{tatham_encode(owner, n)},{clues}"

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        return {"size": inst.params.n, "cages": [
            {"cells": [[r + 1, c + 1] for r, c in cells], "op": op, "target": target}
            for cells, (op, target) in self.cages(inst)]}

    @staticmethod
    def owners(cages: list[tuple[Cage, Clue]]) -> dict[Cell, int]:
        """Each caged cell's cage, by its place in `cages`."""
        return {cell: i for i, (cells, _) in enumerate(cages) for cell in cells}

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: heavy lines around each cage, its clue in its first cell."""
        n, cages = inst.params.n, self.cages(inst)
        cells = [[""] * n for _ in range(n)]
        region: list[list[object]] = [[("free", r, c) for c in range(n)] for r in range(n)]
        for i, (cage, (op, target)) in enumerate(cages):
            r, c = cage[0]
            cells[r][c] = f"{target}{SHOWN_OPS[op]}"
            for r, c in cage:
                region[r][c] = i
        return box_grid(cells, region, align="left")

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return number_grid(solution, inst.params.n)

    write_array_solution = write_text_solution  # the seed's array form has no solved board of its own

    # ---- for language models ------------------------------------------------------------
    board_legend = ("first the grid, one row per line, each cell the label of its cage (`.` a cell in no cage), "
                    "separated by spaces; after a blank line, one line per cage: its label, its target and its "
                    "operation (`+` the sum, `*` the product, `-` the larger minus the smaller, `/` the larger "
                    "divided by the smaller; no operation: the cell's digit is given)")
    answer_format = "the filled grid: one row per line, its numbers separated by single spaces"
    answer_cells = (number_cell(0, 10 ** 6), "number")  # any whole number (`verify` says which are out of range)

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's eight rotations and reflections: each cage moved with
        its clue (a difference or quotient does not care which cell is which; the digits keep
        their meaning, so no relabelling)."""
        n, cages = inst.params.n, self.cages(inst)
        owner: list[list[int | None]] = [[None] * n for _ in range(n)]
        for i, (cells, _) in enumerate(cages):
            for r, c in cells:
                owner[r][c] = i
        forms = []
        for grid in grid_images(owner):
            moved: dict[int, list[Cell]] = {}
            for r, row in enumerate(grid):
                for c, cage in enumerate(row):
                    if cage is not None:
                        moved.setdefault(cage, []).append((r, c))
            clues = {tuple(cells): cages[i][1] for i, cells in moved.items()}
            forms.append(self.format(Instance(self.name, inst.params, clues)))
        return min(forms)

    def describe_clue(self, key: Cage, value: Clue) -> str:
        op, target = value
        cells = ",".join(f"r{r + 1}c{c + 1}" for r, c in key)
        return f"cage {cells}: {target}{op_text(op)}"

    def clue_json(self, key: Cage, value: Clue) -> dict:
        return {"cells": [[r + 1, c + 1] for r, c in key], "op": value[0], "target": value[1]}

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham's Keen: thick cage outlines, each cage's target and operation (+ − × ÷)
        small in its first cell, solved digits large in the cells."""
        from ..lab.toolkit.draw import Board, regions_of

        n, cages = inst.params.n, self.cages(inst)
        board = Board(ax, n, n)
        board.grid(regions_of(n, n, (cells for cells, _ in cages)))
        signs = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7", "=": ""}
        for cells, (op, target) in cages:
            r, c = min(cells)
            board.corner(r, c, f"{target}{signs[op]}", 0.3 if n <= 9 else 0.27)
        if solution is not None:
            for r, row in enumerate(solution):
                for c, d in enumerate(row):
                    board.text(r + 0.14, c, str(d), 0.46, colour="#1f5fbf")

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: KeenParams, pool: IDPool) -> Rules:
        """A Latin square: each cell, and each digit in each row and column, exactly once."""
        x, cells, lines, primary = latin_variables(params.n, pool)
        groups = [group for i in range(len(cells)) for group in (cells[i], *lines[2 * i:2 * i + 2])]
        return Rules(clauses=groups, primary=primary, data=KeenVars(x), at_most_one=groups, cells=cells)

    def one_shot_rules(self, params: KeenParams, pool: IDPool) -> Rules:
        """One question: each cage built straight from its arithmetic by
        `compact_cage_clauses` (a few new variables) instead of from its enumerated tuples,
        which cost more to enumerate and load than the one question they serve. And less
        to load for the same solutions: at least one digit per cell, each digit at most once
        a row and a column; with n cells and n digits a row, each cell then holds exactly
        one digit and each row and column every digit."""
        x, cells, lines, primary = latin_variables(params.n, pool)
        return Rules(clauses=cells, primary=primary, data=KeenVars(x, pool=pool), at_most_one=lines, cells=cells)

    def clue_clauses(self, params: KeenParams, rules: Rules, key: Cage, value: Clue):
        """The cage holds one of its allowed tuples. Sessions that check many puzzles use
        no new variables (they meet thousands of cages, and every variable costs in each
        model; the tuple clauses are memoized by shape); one-shot sessions use the compact form."""
        x = rules.data.x
        if rules.data.pool is not None:
            return compact_cage_clauses(params.n, [x[r][c] for r, c in key], *value, rules.data.pool)
        table = _literal_table(x, key)
        return [[table[code] for code in clause] for clause in cage_clauses(params.n, shape(key), *value)]

    def decode(self, params: KeenParams, rules: Rules, true_vars) -> Grid:
        n, x = params.n, rules.data.x
        return tuple(tuple(next((d + 1 for d in range(n) if x[r][c][d] in true_vars), 0)
                           for c in range(n)) for r in range(n))

    def solution_literals(self, params: KeenParams, rules: Rules, solution: Grid) -> list[int]:
        x = rules.data.x
        return [x[r][c][d - 1] for r, row in enumerate(solution) for c, d in enumerate(row)]

    # ---- CP-SAT: arithmetic constraints, no tuple lists ---------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        from ortools.sat.python import cp_model

        n = inst.params.n
        model = cp_model.CpModel()
        cell = [[model.new_int_var(1, n, f"c{r}_{c}") for c in range(n)] for r in range(n)]
        for i in range(n):
            model.add_all_different(cell[i])
            model.add_all_different([cell[r][i] for r in range(n)])
        for cells, (op, target) in inst.clues.items():
            v = [cell[r][c] for r, c in cells]
            if op == "+":
                model.add(sum(v) == target)
            elif op == "=":
                model.add(v[0] == target)
            elif op == "*":
                model.add_multiplication_equality(target, v)
            elif op == "-":
                model.add_abs_equality(target, v[0] - v[1])
            elif op == "/":
                first_big = model.new_bool_var(f"div{cells}")
                model.add(v[0] == target * v[1]).only_enforce_if(first_big)
                model.add(v[1] == target * v[0]).only_enforce_if(~first_big)
        flat = [v for row in cell for v in row]
        return CpModel(model, flat, lambda value: tuple(tuple(value(v) for v in row) for row in cell))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: KeenParams) -> Iterable[Grid]:
        """Every Latin square of order n (every grid of digits for n <= 2)."""
        return latin_grids(params.n)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        n = inst.params.n
        problems = latin_problems(solution, n)
        if problems[:1] == [f"solution is not {n}x{n}"]:
            return problems
        for cells, (op, target) in inst.clues.items():
            values = tuple(solution[r][c] for r, c in cells)
            if not satisfies(op, target, values):
                r, c = cells[0]
                problems.append(f"cage at r{r + 1}c{c + 1}: {values} do not make {target}{op_text(op)}")
        return problems


@dataclass
class KeenVars:
    x: list  # x[r][c][d]: cell (r, c) holds digit d + 1
    pool: IDPool | None = None  # one-shot sessions: cages built by `compact_cage_clauses`, new variables from here


@lru_cache(maxsize=65536)
def cage_clauses(n: int, cells: Cage, op: str, target: int) -> tuple[tuple[int, ...], ...]:
    """CNF for "the cage holds an allowed tuple", literal i * n + d meaning "cell i holds d"
    (its place in `_literal_table`): each cell keeps only the digits some tuple gives it,
    each digit lists its partners in every other cell (for propagation), and a prefix tree
    over the cells forbids every other tuple (exactness)."""
    tuples = _shape_tuples(n, cells, op, target)
    if not tuples:
        return ((),)
    if len(cells) == 1:
        return ((tuples[0][0],),)
    clauses = _digit_clauses(n, tuples) | _prefix_clauses(n, cells, tuples)
    return tuple(sorted(clauses))


def _digit_clauses(n: int, tuples: tuple[tuple[int, ...], ...]) -> set[tuple[int, ...]]:
    """Per cell, a unit clause against each digit no tuple puts there; per digit that
    some tuple puts there, its partners in each other cell (unless every digit is one)."""
    columns = list(zip(*tuples))
    clauses: set[tuple[int, ...]] = set()
    for i, column in enumerate(columns):
        digits = set(column)
        clauses.update((-(n * i + d),) for d in range(1, n + 1) if d not in digits)
        for j, other in enumerate(columns):
            if i == j:
                continue
            partners: dict[int, list[int]] = {}
            for d, e in set(zip(column, other)):  # each pair once: far fewer than tuples
                partners.setdefault(d, []).append(n * j + e)
            clauses.update((-(n * i + d), *sorted(es)) for d, es in partners.items() if len(es) < n)
    return clauses


def _prefix_clauses(n: int, cells: Cage, tuples: tuple[tuple[int, ...], ...]) -> set[tuple[int, ...]]:
    """The prefix tree of the tuples: below each prefix some tuple starts with, a clause
    against each next digit no tuple follows it with (unless the Latin rules or a unit
    clause forbid that digit already); a full-but-one prefix lists the last digits it allows."""
    k = len(cells)
    nexts: dict[tuple[int, ...], set[int]] = {}
    for i in range(k):
        for start in {t[:i + 1] for t in tuples}:  # each prefix once
            nexts.setdefault(start[:i], set()).add(start[i])
    possible = [set(column) for column in zip(*tuples)]
    clash = _clashes(cells)
    clauses: set[tuple[int, ...]] = set()
    for prefix, follow in nexts.items():
        i = len(prefix)
        negated = tuple([-(n * m + d) for m, d in enumerate(prefix)])
        if i == k - 1:
            clauses.add((*negated, *sorted([n * i + e for e in follow])))
        else:
            latin = {prefix[j] for j in clash[i]}
            clauses.update([(*negated, -(n * i + d)) for d in possible[i] - follow - latin])
    return clauses


def _literal_table(x: list, key: Cage) -> list[int]:
    """The cells' literals, "cell i holds d" at position i * n + d and its negation at
    -(i * n + d), counted from the end as Python does: one table serves both signs."""
    table = [0]
    for r, c in key:
        table += x[r][c]
    return table + [-v for v in reversed(table[1:])]


def tatham_blocks(desc: str, n: int, offset: int = 0) -> list[list[Cell]]:
    """Tatham's block structure: the internal edges, vertical ones in reading order, then
    horizontal ones column by column, as runs of non-edges: '_' = 0, 'a'..'y' = 1..25
    before an edge, except that Tatham's parser reads 'y' as 25 with no edge after it and
    'z' as 26 then an edge; a letter may be followed by a repeat count. Cages in reading
    order of their first cell."""
    edges = 2 * n * (n - 1)
    parent = list(range(n * n))

    def cells_of(pos: int) -> tuple[int, int]:
        if pos < n * (n - 1):
            y, x = divmod(pos, n - 1)
            return y * n + x, y * n + x + 1
        x, y = divmod(pos - n * (n - 1), n - 1)
        return y * n + x, (y + 1) * n + x

    pos, i = 0, 0
    while i < len(desc):
        ch = desc[i]
        if ch != "_" and not "a" <= ch <= "z":
            raise PuzzleError(f"unexpected {quote(ch)} in block structure", 1, offset + i + 1)
        j = i + 1
        while j < len(desc) and desc[j].isdecimal():
            j += 1
        repeat = max(1, int(desc[i + 1:j])) if j > i + 1 else 1
        run = 0 if ch == "_" else ord(ch) - ord("a") + 1
        for _ in range(repeat):
            for _ in range(run):
                if pos >= edges:
                    raise PuzzleError("too much data in block structure", 1, offset + i + 1)
                a, b = cells_of(pos)
                parent[find(parent, a)] = find(parent, b)
                pos += 1
            if run != 25:
                pos += 1
            if pos > edges + 1:
                raise PuzzleError("too much data in block structure", 1, offset + i + 1)
        i = j
    if pos != edges + 1:
        raise PuzzleError(f"block structure covers {pos} of {edges + 1} edge slots", 1, offset + 1)
    groups: dict[int, list[Cell]] = {}
    for k in range(n * n):
        groups.setdefault(find(parent, k), []).append(divmod(k, n))
    return sorted(groups.values(), key=lambda cells: cells[0])


def tatham_encode(owner: dict[Cell, int], n: int) -> str:
    """The inverse of `tatham_blocks`, written so that Tatham's parser reads it back."""
    runs: list[str] = []
    run = 0
    lines = [((y, x), (y, x + 1)) for y in range(n) for x in range(n - 1)]
    lines += [((y, x), (y + 1, x)) for x in range(n) for y in range(n - 1)]
    for a, b in lines + [(None, None)]:  # a virtual edge ends the last run
        if a is not None and b is not None and owner[a] == owner[b]:
            run += 1
            continue
        while run >= 25:
            runs.append("y")
            run -= 25
        runs.append(chr(ord("a") - 1 + run) if run else "_")
        run = 0
    out = []
    for letter, group in _groups(runs):
        out.append(letter * group if group <= 2 else f"{letter}{group}")
    return "".join(out)


def _groups(chars: list[str]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for ch in chars:
        if out and out[-1][0] == ch:
            out[-1] = (ch, out[-1][1] + 1)
        else:
            out.append((ch, 1))
    return out


PUZZLE = Keen()
