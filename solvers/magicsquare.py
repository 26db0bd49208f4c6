"""Magic squares with givens: text forms, rules, decoding, verification.

Rules: fill an n x n grid with the numbers low..low + n*n - 1, each once, so that every
row, every column and both diagonals add up to the magic constant n * (low + high) / 2.
The clues are given cells (seed 001: a 5x5 square of 5..29, sum 85, eight givens).

Encoding: one variable per cell and number (cell (r, c) holds low + k), exactly one per cell
and per number (the "at most one" halves as `Rules.at_most_one` groups). A line's sum is a
weighted sum of those indicators; pysat's `PBEnc` needs the `pindakaas` package, which the
lab does not have, so each line is written as a chain of partial sums (Keen's
`compact_cage_clauses`: "the first i cells make v", only for v that can still reach the
target), from both ends of the line, over the offsets k + 1 so the CNF depends on n alone. A clue is one indicator, its
unit literal. CP-SAT states it as integers: AllDifferent and linear sums.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
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
    variable_block,
)
from ..lab.toolkit.answers import number_cell
from ..lab.toolkit.arithmetic import compact_cage_clauses
from ..lab.toolkit.codecs import MethodCodec
from ..lab.toolkit.numbering import NumberClues, clue_mismatches, places
from ..lab.toolkit.symmetry import grid_images
from ..lab.toolkit.textgrid import (
    JsonObject,
    Token,
    array_rows,
    rectangular,
    token_rows,
)

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]
# Size limit: n*n numbers per cell make n^4 indicators; 8x8 checks in seconds.
SIZE = BoardLimit(8, 8, 1, 1)
# The readers' size check, before any cell is read (a text's first line may be `low: 5`)
EARLY = SIZE.early("magicsquare", "square", extra=(0, 1))
LOW_LIMIT = 10 ** 6  # |low|: keeps every number and sum a plain machine integer for CP-SAT
ENUMERATE_LIMIT = 3  # `candidates` stacks rows of the right sum: 3x3 only
CPSAT_FROM = 6  # sides from which one-shot solve and check ask CP-SAT (`one_shot_cpsat`)
BLANKS = (".", "_", "__")
SEED_BLANK = re.compile(r"(?<![\w'\"])_+(?![\w'\"])")  # the seed's placeholder `_` (a Python name)


@dataclass(frozen=True)
class MagicParams:
    """An n x n square of the numbers low..low + n*n - 1; the magic constant follows."""

    n: int
    low: int = 1

    def __post_init__(self) -> None:
        SIZE.check("magicsquare", self.n, self.n, "square")
        if abs(self.low) > LOW_LIMIT:
            raise PuzzleError(f"lowest number {self.low} is out of range: at most {LOW_LIMIT:,} either way")

    @property
    def high(self) -> int:
        return self.low + self.n * self.n - 1

    @property
    def magic(self) -> int:
        """The magic constant: the n*n numbers add up to n lines' worth."""
        return self.n * (self.low + self.high) // 2


def name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


@cache
def lines_of(n: int) -> tuple[tuple[Cell, ...], ...]:
    """The 2n + 2 lines that must make the magic constant: rows, columns, both diagonals."""
    return tuple(tuple(line) for line in (
        [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
        + [[(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)]]))


@cache
def line_names(n: int) -> tuple[str, ...]:
    return tuple([f"row {i + 1}" for i in range(n)] + [f"column {i + 1}" for i in range(n)]
            + ["main diagonal", "anti-diagonal"])


def low_from_magic(n: int, magic: int, line: int | None = None) -> int:
    """The lowest number that gives magic constant `magic` (the seed states the sum)."""
    spread = n * (n * n - 1) // 2  # the sum when low is 0
    if (magic - spread) % n:
        raise PuzzleError(f"no {n}x{n} square of consecutive numbers has magic constant {magic}", line)
    return (magic - spread) // n


class MagicSquare(NumberClues, CluePuzzle[MagicParams, Cell, Grid]):
    name = "magicsquare"
    # cacheable: a clue is one indicator: nothing is drawn from the pool later
    speed = Speed(rules_cacheable=True)
    aliases = ("magic", "magic-square")
    title = "Magic square (with givens)"
    rules_text = ("Fill the square with low..low+n*n-1, each once, so that every row, column and both "
                  "diagonals make the magic constant.")
    codecs = (MethodCodec("text", solutions=True), MethodCodec("seed", order=20, pattern=r"\[|global_", solutions=True),
              MethodCodec("json", order=0, pattern=r"^\{", solutions=True))
    size_limit_text = SIZE.text
    # 3x3 of 1..9: 2 in a corner leaves two squares (one the other's mirror); 7 beside it one.
    example = "2 7 .\n. . .\n. . ."

    def check_size(self, inst: Instance) -> None:
        SIZE.check(self.name, inst.params.n, inst.params.n, "square")

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, rows: list[list[Token]], low: int, line: int | None = None) -> Instance:
        """Rows of cells (a number, or a blank), each with where it stands."""
        rectangular(rows, numbered=True)
        if len(rows) != len(rows[0]):
            raise PuzzleError(f"a magic square is square: {len(rows[0])} wide, {len(rows)} rows", rows[-1][0].line)
        with at_place(line):
            params = MagicParams(len(rows), low)
        clues: dict[Cell, int] = {}
        seen: set[int] = set()
        for r, row in enumerate(rows):
            for c, t in enumerate(row):
                if t.text in BLANKS:
                    continue
                k = whole(t.text)
                if k is None or not params.low <= k <= params.high:
                    raise PuzzleError(f"bad cell {quote(t.text)} (a number from {params.low} to {params.high}, "
                                      "or . for a blank)", t.line, t.column)
                if k in seen:
                    raise PuzzleError(f"number {k} is given twice", t.line, t.column)
                seen.add(k)
                clues[(r, c)] = k
        return Instance(self.name, params, clues)

    def read_text(self, text: str) -> Instance:
        """Rows of space-separated numbers, `.` for a blank, after an optional `low: 5`."""
        rows = token_rows(text, limit=EARLY)
        low, line = 1, None
        head = rows[0][0].text.lower()
        if head in ("low", "low:"):
            given = whole(rows[0][1].text) if len(rows[0]) == 2 else None
            if given is None:
                raise PuzzleError("expected 'low: NUMBER' (the lowest number of the square)", rows[0][0].line, 1)
            low, line, rows = given, rows[0][0].line, rows[1:]
            if not rows:
                raise PuzzleError("no rows after 'low:'", line)
        return self._instance(rows, low, line)

    def read_seed(self, text: str) -> Instance:
        """Seed 001's program: `global_nrs_range = range(5, 30)` (or `global_sum = 85`) and
        `generate_board([[ _, _, 15], ...])`, `_` a blank; without either line low is 1."""
        rows = array_rows(SEED_BLANK.sub(lambda m: "0" * len(m.group()), text), EARLY)  # same length: positions hold
        if not rows or not rows[0]:
            raise PuzzleError("empty board")
        low, line = seed_low(text, len(rows))
        cells = [[Token("." if e.value in (0, None, "", "_", "__") else str(e.value), e.line, e.column)
                  for e in row] for row in rows]
        return self._instance(cells, low, line)

    def read_json(self, text: str) -> Instance:
        """`grid`: rows of numbers, null a blank; `low` the lowest number (1); `n` and
        `magic`, when given, the grid's size and the constant low..low+n*n-1 make."""
        doc = JsonObject(text, self.name, ("n", "low", "magic", "grid"), self.aliases)
        n = doc.integer("n", None, low=1)
        if n is not None:
            SIZE.refuse_larger(self.name, n, n, "square", doc.where("n")[0])
        low = doc.integer("low", 1)
        doc.integer("magic", None)
        rows = [[Token("." if v is None or v == "." else str(v), None, None) for v in row]
                for row in doc.rows("grid", SIZE.early(self.name, "square"))]
        inst = self._instance(rows, low)
        doc.agrees("n", inst.params.n, "the grid has")
        doc.agrees("magic", inst.params.magic, f"{inst.params.low}..{inst.params.high} make")
        return inst

    # ---- writing -------------------------------------------------------------------
    def numbers(self, inst: Instance, solution: Grid | None = None) -> list[list[int | None]]:
        n = inst.params.n
        return [[inst.clues.get((r, c)) if solution is None else solution[r][c] for c in range(n)] for r in range(n)]

    def _rows_text(self, inst: Instance, rows: Sequence[Sequence[int | None]], blank: str = ".") -> list[str]:
        wide = max(len(str(inst.params.low)), len(str(inst.params.high)))
        return [" ".join((blank if k is None else str(k)).rjust(wide) for k in row) for row in rows]

    def write_text(self, inst: Instance) -> str:
        low = inst.params.low
        return "\n".join([f"low: {low}"] * (low != 1) + self._rows_text(inst, self.numbers(inst)))

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(self._rows_text(inst, [list(row) for row in solution]))

    def write_seed(self, inst: Instance) -> str:
        p = inst.params
        body = "\n".join("    [" + ",".join(" _" if k is None else f"{k:2d}" for k in row) + "],"
                         for row in self.numbers(inst))
        return (f"global_sum = {p.magic}\nglobal_nrs_range = range({p.low}, {p.high + 1})\n"
                f"b = generate_board([\n{body}\n])")

    def write_seed_solution(self, inst: Instance, solution: Grid) -> str:
        """As the seed prints a board."""
        return "\n".join(["=" * 16, *(f"|{line}|" for line in self._rows_text(inst, solution)), "=" * 16])

    def write_json(self, inst: Instance) -> str:
        p = inst.params
        return json.dumps({"puzzle": self.name, "n": p.n, "low": p.low, "magic": p.magic,
                           "grid": self.numbers(inst)})

    def write_json_solution(self, inst: Instance, solution: Grid) -> str:
        return json.dumps({"puzzle": self.name, "magic": inst.params.magic, "grid": [list(r) for r in solution]})

    def show_text(self, inst: Instance) -> str:
        from ..lab.face.share import box_grid

        grid = box_grid([["" if k is None else str(k) for k in row] for row in self.numbers(inst)])
        p = inst.params
        return f"{grid}\nnumbers {p.low}..{p.high}, each line makes {p.magic}"

    def canonical(self, inst: Instance) -> str:
        """The smallest text among the square's eight turns and mirrors, each also with every
        number k as low + high - k (all of them keep the rules)."""
        p = inst.params
        grid = self.numbers(inst)
        flipped = [[None if k is None else p.low + p.high - k for k in row] for row in grid]
        return min("\n".join(self._rows_text(inst, g)) for g in grid_images(grid) + grid_images(flipped))

    # ---- for language models --------------------------------------------------------
    board_legend = ("one row per line, numbers separated by spaces, `.` an empty cell; the last line says "
                    "which numbers fill the square and what each line must make")
    answer_format = "the filled square: one row per line, its numbers separated by single spaces"
    # any whole number: one out of range is a wrong answer, which `verify` names
    answer_cells = (number_cell(-10 ** 9, 10 ** 9), "number")

    def board_text(self, inst: Instance) -> str:
        """The rows, then the numbers and the sum in words (the text form's `low:` line is
        there only when low is not 1, and the sum is never written)."""
        p = inst.params
        return "\n".join([*self._rows_text(inst, self.numbers(inst)),
                          f"(numbers {p.low} to {p.high}, each once; every row, column and both diagonals "
                          f"make {p.magic})"])

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax: Any, inst: Instance, solution: Grid | None = None) -> None:
        """As a magic square is printed: numbers in the cells, the givens bold, the numbers
        found in blue; the magic constant below."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.n, p.n)
        for r, row in enumerate(self.numbers(inst, solution)):
            for c, k in enumerate(row):
                if k is not None:
                    given = (r, c) in inst.clues
                    board.text(r, c, str(k), size=0.45, colour="black" if given else "#1f5fbf", bold=given)
        board.grid()
        board.caption(f"numbers {p.low}..{p.high}; rows, columns and diagonals make {p.magic}")

    # ---- SAT ----------------------------------------------------------------------
    def one_shot_cpsat(self, params: MagicParams) -> bool:
        """From CPSAT_FROM on, solve and check ask CP-SAT: an empty 8x8 ran out of 10,000
        conflicts after 2.2 s on SAT (1.7 s of it building the line sums), CP-SAT answers in
        0.8 s; checks of generated 6x6 and 7x7 puzzles took 1.3-21 s on SAT, 0.3-1.7 s on
        CP-SAT. Smaller squares stay on SAT: a few ms to 0.13 s, where OR-Tools' import
        alone is 0.4 s."""
        return params.n >= CPSAT_FROM

    def rules(self, params: MagicParams, pool: IDPool) -> Rules:
        """x[r][c][k] (cell holds low + k): at least one per cell and per number (clauses),
        at most one (groups); each line's offsets k + 1 make n(n*n + 1)/2, as partial sums
        from each end (the second chain halved generating 5x5 puzzles: 5.8 s to 2.7 s each)."""
        n, m = params.n, params.n * params.n
        first = variable_block(pool, m * m)
        x = [[[first + (r * n + c) * m + k for k in range(m)] for c in range(n)] for r in range(n)]
        cells = [x[r][c] for r in range(n) for c in range(n)]
        groups = [list(cell) for cell in cells] + [[cell[k] for cell in cells] for k in range(m)]
        clauses: list[Clause] = [list(g) for g in groups]
        target = n * (m + 1) // 2
        for line in lines_of(n):  # both ways: a line's last cells then bound its first ones too
            cells = [x[r][c] for r, c in line]
            clauses += compact_cage_clauses(m, cells, "+", target, pool)
            clauses += compact_cage_clauses(m, cells[::-1], "+", target, pool)
        return Rules(clauses, list(range(first, first + m * m)), x, at_most_one=[g for g in groups if len(g) > 1])

    def clue_clauses(self, params: MagicParams, rules: Rules, key: Cell, value: int) -> list[Clause]:
        r, c = key
        if not (0 <= r < params.n and 0 <= c < params.n) or not params.low <= value <= params.high:
            raise PuzzleError(f"clue {name(key)}={value} is outside the {params.n}x{params.n} square "
                              f"of {params.low}..{params.high}")
        return [[rules.data[r][c][value - params.low]]]

    def decode(self, params: MagicParams, rules: Rules, true_vars) -> Grid:
        return tuple(tuple(next((params.low + k for k, v in enumerate(cell) if v in true_vars), params.low - 1)
                           for cell in row) for row in rules.data)

    def solution_literals(self, params: MagicParams, rules: Rules, solution: Grid) -> list[int]:
        # Exactly one number per cell: the true literals alone pin the solution down.
        return [rules.data[r][c][k - params.low] for r, row in enumerate(solution) for c, k in enumerate(row)]

    # ---- CP-SAT: integers, AllDifferent, linear sums --------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        cell = [[model.new_int_var(p.low, p.high, f"c{r}_{c}") for c in range(p.n)] for r in range(p.n)]
        flat = [v for row in cell for v in row]
        model.add_all_different(flat)
        for line in lines_of(p.n):
            model.add(sum(cell[r][c] for r, c in line) == p.magic)
        for (r, c), k in inst.clues.items():
            model.add(cell[r][c] == k)
        return CpModel(model, flat, lambda value: tuple(tuple(value(v) for v in row) for row in cell))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: MagicParams) -> Iterable[Grid]:
        """Every stack of rows of distinct numbers that make the magic constant, no number
        twice in the square (3x3: 48 such rows, a few thousand stacks); columns and
        diagonals are left to `verify`."""
        if params.n > ENUMERATE_LIMIT:
            raise PuzzleError(f"a {params.n}x{params.n} square is too large to enumerate")
        numbers = range(params.low, params.high + 1)
        rows = [perm for combo in combinations(numbers, params.n) if sum(combo) == params.magic
                for perm in permutations(combo)]
        return stacks(rows, params.n, ())

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.n or any(len(row) != p.n for row in solution):
            return [f"solution is not {p.n}x{p.n}"]
        problems = clue_mismatches(solution, inst.clues)
        where = places(solution)
        problems += [f"{name(cells[0])} holds {k}, not a number from {p.low} to {p.high}"
                     for k, cells in sorted(where.items()) if not p.low <= k <= p.high]
        problems += [f"number {k} is used {len(where[k])} times" for k in sorted(where)
                     if p.low <= k <= p.high and len(where[k]) > 1]
        problems += [f"number {k} is missing" for k in range(p.low, p.high + 1) if k not in where]
        for label, line in zip(line_names(p.n), lines_of(p.n)):
            total = sum(solution[r][c] for r, c in line)
            if total != p.magic:
                problems.append(f"{label} makes {total}, not {p.magic}")
        return problems


def seed_low(text: str, n: int) -> tuple[int, int | None]:
    """The lowest number from the seed's `global_nrs_range` line, else from its
    `global_sum` line and the size; 1 without either. Also the line it stands on."""
    stated = re.search(r"global_sum\s*=\s*(-?\d{1,12})", text)
    found = re.search(r"global_nrs_range\s*=\s*range\(\s*(-?\d{1,8})\s*,\s*(-?\d{1,8})\s*\)", text)
    if found:
        line = text[:found.start()].count("\n") + 1
        low, stop = int(found.group(1)), int(found.group(2))
        if stop - low != n * n:
            raise PuzzleError(f"range({low}, {stop}) holds {stop - low} numbers, a {n}x{n} square {n * n}", line)
        magic = n * (low + stop - 1) // 2
        if stated and int(stated.group(1)) != magic:
            raise PuzzleError(f"global_sum = {stated.group(1)}, but {low}..{stop - 1} make {magic}",
                              text[:stated.start()].count("\n") + 1)
        return low, line
    found = stated
    if found:
        line = text[:found.start()].count("\n") + 1
        return low_from_magic(n, int(found.group(1)), line), line
    return 1, None


def whole(text: str) -> int | None:
    """A whole number written in plain digits (an optional minus), else None."""
    return int(text) if re.fullmatch(r"-?[0-9]{1,9}", text) else None


def stacks(rows: Sequence[tuple[int, ...]], n: int, done: tuple[tuple[int, ...], ...]) -> Iterator[Grid]:
    """Every way to stack n of `rows` with no number twice."""
    if len(done) == n:
        yield done
        return
    used = {k for row in done for k in row}
    for row in rows:
        if used.isdisjoint(row):
            yield from stacks(rows, n, done + (row,))


PUZZLE = MagicSquare()
