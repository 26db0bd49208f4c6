"""Dominosa: text forms, rules, decoding, verification.

Vocabulary: a board of *order* n is (n + 2) wide and (n + 1) high, as in Tatham's game, and
every *cell* holds a *number* 0..n. A solution is a *layout*: the cells paired into
dominoes (two orthogonal neighbours), so that every *pair* {a, b}, a <= b, of numbers is
on exactly one domino. There are (n + 1)(n + 2) / 2 pairs, exactly the dominoes a layout has.

A layout is written as the seed writes it: each cell holds the direction of its partner,
'L', 'R', 'U' or 'D'. The clues are the numbers: the fact "cell (r, c) holds v" is the one
literal num(r, c, v), so a board with some numbers unknown ('.') is a puzzle too (its
layouts are those some numbering of the unknown cells makes valid); that keeps `clues` and
`check --without` meaningful, although every generated board gives all its numbers.

The primary variables are the placements, one per pair of adjacent cells. A helper
h(e, P) implies "placement e is laid and holds pair P"; each pair needs one helper true.
A question about a whole board with every number given (`given_rules`) needs neither
numbers nor helpers: each pair is on exactly one of the placements that show it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    CluePuzzle,
    CpModel,
    GradingHints,
    Instance,
    PuzzleError,
    Rules,
    Speed,
    at_place,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import grid_text
from ..lab.toolkit.codecs import JsonCodec, MethodCodec
from ..lab.toolkit.framed import TathamClues
from ..lab.toolkit.matching import bipartite_matching
from ..lab.toolkit.numbering import NumberClues
from ..lab.toolkit.symmetry import first_seen, grid_images
from ..lab.toolkit.tatham import GameId
from ..lab.toolkit.textgrid import JsonObject, array_rows, token_rows, write_array

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]  # two adjacent cells, the first above or left of the second
Pair = tuple[int, int]  # two numbers, low first
Layout = tuple[tuple[str, ...], ...]  # each cell: the direction of its partner
Numbers = list[list[int | None]]  # None: unknown
STEPS = {"L": (0, -1), "R": (0, 1), "U": (-1, 0), "D": (1, 0)}
OPPOSITE = {"L": "R", "R": "L", "U": "D", "D": "U"}
BLANKS = {".", "_", "-", "?"}
# A direction in an answer: the letters, arrows, or compass points (N up)
DIRECTIONS = {"U": "U", "D": "D", "L": "L", "R": "R", "^": "U", "v": "D", "<": "L", ">": "R",
              "\u2191": "U", "\u2193": "D", "\u2190": "L", "\u2192": "R", "N": "U", "S": "D", "W": "L", "E": "R"}
MAX_ORDER = 15  # numbers 0..15 on a 17x16 board: a generated one takes 1.3-2 s to make, 2 ms to check (2026-11-24)
SIZE = BoardLimit(MAX_ORDER + 2, MAX_ORDER + 1, 3, 2)
EARLY = SIZE.early("dominosa")  # the readers' size check, before any cell is read
# A cut round states every couple of placements showing one pair while there are at most
# this many couples per placement (a fully numbered board has about two)
COUPLES_PER_PLACEMENT = 4
HEAD = "a dominosa board of numbers 0..n is n+2 cells wide and n+1 high"


def pair(a: int, b: int) -> Pair:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class DominosaParams:
    """Order n: numbers 0..n on an (n + 2) x (n + 1) board (Tatham's N)."""

    n: int

    def __post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, int):
            raise PuzzleError(f"dominosa order {quote(self.n)} is not a whole number")
        SIZE.check("dominosa", self.n + 2, self.n + 1)

    @property
    def width(self) -> int:
        return self.n + 2

    @property
    def height(self) -> int:
        return self.n + 1

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.height) for c in range(self.width)]

    @cached_property
    def edges(self) -> list[Edge]:
        """Every placement: horizontal ones row by row, then vertical ones."""
        h, w = self.height, self.width
        out = [((r, c), (r, c + 1)) for r in range(h) for c in range(w - 1)]
        return out + [((r, c), (r + 1, c)) for r in range(h - 1) for c in range(w)]

    @cached_property
    def pairs(self) -> list[Pair]:
        return [(a, b) for b in range(self.n + 1) for a in range(b + 1)]

    @cached_property
    def edge_cells(self) -> list[tuple[int, int]]:
        """Each placement's two cells as indices in reading order (r * width + c): the rules
        and the cuts index flat lists with them instead of hashing cells."""
        w = self.width
        return [(r1 * w + c1, r2 * w + c2) for (r1, c1), (r2, c2) in self.edges]

    @cached_property
    def cell_edges(self) -> list[list[int]]:
        """The placements (indices into `edges`) covering each cell, cells in reading order."""
        at: list[list[int]] = [[] for _ in range(self.width * self.height)]
        for i, (a, b) in enumerate(self.edge_cells):
            at[a].append(i)
            at[b].append(i)
        return at


def partner(layout: Layout, r: int, c: int) -> Cell | None:
    """The cell (r, c)'s letter points at, None if it is not a direction."""
    step = STEPS.get(layout[r][c])
    return None if step is None else (r + step[0], c + step[1])


def dominoes(layout: Layout) -> list[Edge]:
    """The dominoes of a layout that is a valid tiling, each once (first cell first)."""
    out = []
    for r, row in enumerate(layout):
        for c, d in enumerate(row):
            if d in ("R", "D"):
                out.append(((r, c), (r, c + 1) if d == "R" else (r + 1, c)))
    return out


def layout_of(params: DominosaParams, chosen: Iterable[Edge]) -> Layout:
    """The letters of a set of dominoes ('?' for a cell none covers)."""
    grid = [["?"] * params.width for _ in range(params.height)]
    for (r1, c1), (r2, c2) in chosen:
        horizontal = r1 == r2
        grid[r1][c1], grid[r2][c2] = ("R", "L") if horizontal else ("D", "U")
    return tuple(tuple(row) for row in grid)


def tilings(params: DominosaParams, rng: random.Random | None = None) -> Iterator[Layout]:
    """Every domino tiling of the board: cover the first free cell, right or down (in random
    order when `rng` is given: the generator's first tiling)."""
    h, w = params.height, params.width
    grid = [[""] * w for _ in range(h)]
    moves = [((0, 1), ("R", "L")), ((1, 0), ("D", "U"))]

    def extend(i: int) -> Iterator[Layout]:
        while i < h * w and grid[i // w][i % w]:
            i += 1
        if i == h * w:
            yield tuple(tuple(row) for row in grid)
            return
        r, c = divmod(i, w)
        for (dr, dc), (mine, theirs) in (rng.sample(moves, 2) if rng else moves):
            rr, cc = r + dr, c + dc
            if rr < h and cc < w and not grid[rr][cc]:
                grid[r][c], grid[rr][cc] = mine, theirs
                yield from extend(i + 1)
                grid[r][c] = grid[rr][cc] = ""

    yield from extend(0)


def complete_set(pairs_needed: list[Pair], slots: list[tuple[int | None, int | None]]) -> bool:
    """Can dominoes with some numbers unknown (`slots`) take exactly the pairs `pairs_needed`?
    A bipartite matching of slots to pairs."""
    if len(slots) != len(pairs_needed):
        return False
    fits = [[j for j, (a, b) in enumerate(pairs_needed) if _fits(x, y, a, b)] for x, y in slots]
    return bipartite_matching(range(len(slots)), fits.__getitem__) is not None


def _fits(x: int | None, y: int | None, a: int, b: int) -> bool:
    """Does a domino showing x, y (None: unknown) fit pair {a, b}?"""
    if x is None and y is None:
        return True
    if x is None or y is None:
        return (y if x is None else x) in (a, b)
    return pair(x, y) == (a, b)


def trivial_placements(params: DominosaParams, clues: dict) -> int:
    """How many dominoes Tatham's Trivial deductions place on a fully numbered board: a pair
    with one possible placement left, a cell with one placement left (run_solver's first
    two rules), repeated until neither applies. All of them: his grade 't'.
    Placements are indices into `edges` and cells reading-order indices (`edge_cells`):
    sets of ints, not of pairs of cells, take an order-6 board from 105 us to 60."""
    numbers = [clues[cell] for cell in params.cells()]
    ends = params.edge_cells
    shows = [pair(numbers[x], numbers[y]) for x, y in ends]
    by_pair: dict[Pair, set[int]] = {}
    for e, shown in enumerate(shows):
        by_pair.setdefault(shown, set()).add(e)
    by_cell = [set(covering) for covering in params.cell_edges]
    groups = list(by_pair.values()) + by_cell  # the order the rules are tried in
    open_edges = set(range(len(ends)))
    placed: set[int] = set()
    while True:
        forced = [next(iter(es)) for es in groups if len(es) == 1 and next(iter(es)) not in placed]
        if not forced:
            return len(placed)
        for e in forced:
            if e not in open_edges or e in placed:
                continue
            placed.add(e)
            x, y = ends[e]
            for rival in (by_cell[x] | by_cell[y] | by_pair[shows[e]]) - {e}:
                open_edges.discard(rival)
                by_pair[shows[rival]].discard(rival)
                by_cell[ends[rival][0]].discard(rival)
                by_cell[ends[rival][1]].discard(rival)


@dataclass
class DominosaVars:
    place: list[int]  # place[i]: placement params.edges[i] is a domino (one block of variables)
    # "cell i (reading order) holds v" is first_number + i * (n + 1) + v; None when the numbers
    # are given (`given_rules`): then there are no number variables and nothing is lazy
    first_number: int | None


def cell_numbers(params: DominosaParams, first_number: int, true_vars: AbstractSet[int]) -> list[int]:
    """Each cell's number in a model, cells in reading order: one pass over the true
    variables (the rules make exactly one number variable per cell true)."""
    n1 = params.n + 1
    end = first_number + params.width * params.height * n1
    numbers = [0] * (params.width * params.height)
    for var in true_vars:
        if first_number <= var < end:
            cell, v = divmod(var - first_number, n1)
            numbers[cell] = v
    return numbers


def laid_placements(place: list[int], true_vars: AbstractSet[int]) -> list[int]:
    """The indices (into `edges`) of the placements a model lays, in order."""
    first, end = place[0], place[0] + len(place)
    return sorted(var - first for var in true_vars if first <= var < end)


def pair_codes(params: DominosaParams, numbers: list[int]) -> list[int]:
    """The pair each placement shows under `numbers` (cells in reading order), as the code
    low * (n + 1) + high: an int indexes and hashes faster than a tuple."""
    n1 = params.n + 1
    return [numbers[i] * n1 + numbers[j] if numbers[i] <= numbers[j] else numbers[j] * n1 + numbers[i]
            for i, j in params.edge_cells]


def rival_couples(code: list[int], laid: list[int]) -> list[tuple[int, int]]:
    """Couples of placements (indices) that show one pair, when the candidate lays some pair
    twice (else none): every couple of every pair, so that with all numbers assumed one
    round states "each pair at most once" (the seed's check on clue literals took 3 calls
    instead of 9 and 2 ms instead of 7; generated order-15 boards 24-180 ms instead of
    0.3-0.7 s). A numbering that piles many placements onto few pairs (mostly unknown
    cells) would make that quadratic: then only the couples with a laid placement, of the
    pairs laid twice. (Clauses for "each pair at least once" as well made boards with
    unknown cells up to 40 times slower.)"""
    seen: dict[int, int] = {}
    for e in laid:
        seen[code[e]] = seen.get(code[e], 0) + 1
    doubled = {k for k, times in seen.items() if times > 1}
    if not doubled:
        return []
    showing: dict[int, list[int]] = {}
    for e, k in enumerate(code):
        showing.setdefault(k, []).append(e)
    if sum(len(g) * (len(g) - 1) // 2 for g in showing.values()) <= COUPLES_PER_PLACEMENT * len(code):
        return [(d, f) for g in showing.values() for at, d in enumerate(g) for f in g[at + 1:]]
    return [(d, f) for d in laid if code[d] in doubled for f in showing[code[d]] if f != d]


def doubled_cuts(params: DominosaParams, place: list[int], first_number: int, numbers: list[int],
                 laid: list[int]) -> list[list[int]]:
    """No two apart placements that show one pair with these numbers are both laid, for the
    `rival_couples` of this candidate. Each clause names the numbers, so it holds whatever
    the clues."""
    n1, cells = params.n + 1, params.edge_cells
    if len({pair(numbers[cells[e][0]], numbers[cells[e][1]]) for e in laid}) == len(laid):
        return []  # no pair laid twice, no couples (most candidates: the rest is not needed)
    couples = rival_couples(pair_codes(params, numbers), laid)
    # each placement laid showing its candidate numbers, as the literals that deny it
    denied = [[-var, -(first_number + x * n1 + numbers[x]), -(first_number + y * n1 + numbers[y])]
              for var, (x, y) in zip(place, cells)]
    return [denied[d] + denied[f] for d, f in couples
            if cells[d][0] not in cells[f] and cells[d][1] not in cells[f]]  # overlapping: never both laid


def _tiles(layout: Layout) -> bool:
    """Does every cell of a rectangular layout point at a cell of it that points back?
    `_tiling_problems` without its messages, for the usual case (a repair checks a rival
    a dozen times)."""
    h = len(layout)
    for r, row in enumerate(layout):
        w = len(row)
        for c, d in enumerate(row):
            if d == "R":
                ok = c + 1 < w and row[c + 1] == "L"
            elif d == "L":
                ok = c > 0 and row[c - 1] == "R"
            elif d == "D":
                ok = r + 1 < h and layout[r + 1][c] == "U"
            else:
                ok = d == "U" and r > 0 and layout[r - 1][c] == "D"
            if not ok:
                return False
    return True


def layout_problems(p: DominosaParams, solution: Layout) -> list[str]:
    """What makes `solution` no tiling of the board, whatever its numbers (`verify`'s first
    half: the generator's repairs check one rival against many numberings)."""
    if len(solution) != p.height or any(len(row) != p.width for row in solution):
        return [f"solution is not {p.width}x{p.height}"]
    return Dominosa._tiling_problems(p, solution)


class Dominosa(NumberClues, CluePuzzle[DominosaParams, Cell, Layout]):
    name = "dominosa"
    aliases = ("dominoes",)
    title = "Dominosa"
    rules_text = ("Pair the cells of a grid of numbers 0..n into dominoes so that every pair of numbers "
                  "{a, b} (a <= b) is on exactly one domino.")
    codecs = (MethodCodec("text", solutions=True),
              # Tatham's game ID holds the numbers, never the layout
              TathamClues(refusal="Tatham's Dominosa game ID holds the numbers, not the dominoes: print the "
                                  "solution as text, array or json"),
              MethodCodec("array", order=20, pattern=r"\[", solutions=True),
              JsonCodec(solution_key="layout"))
    tatham_game: ClassVar[str | None] = "dominosa"
    cell_names = {"L": "left", "R": "right", "U": "up", "D": "down"}
    # cacheable: clues are literals of rule variables: one CNF per order serves all
    speed = Speed(rules_cacheable=True)
    grading = GradingHints(keys=("human_trivial", "human_trivial_placed"))
    size_limit_text = f"{SIZE.text} (numbers up to {MAX_ORDER})"
    size = SIZE
    example = "2 1 3 2 0\n2 1 0 0 3\n1 0 1 2 3\n3 0 1 2 3"

    def human_grade(self, inst: Instance) -> dict:
        """Tatham's Trivial level: do his two simplest rules alone place every domino?"""
        p = inst.params
        if len(inst.clues) != p.width * p.height:
            return {}
        placed = trivial_placements(p, inst.clues)
        return {"trivial": placed == len(p.pairs), "trivial_placed": round(placed / len(p.pairs), 4)}

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, cells: Numbers, where: Sequence[Sequence[tuple[int | None, int | None]]]) -> Instance:
        """Check a grid of numbers (None = unknown); `where[r][c]` is its (line, column)."""
        height, width = len(cells), len(cells[0]) if cells else 0
        for r, row in enumerate(cells):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, expected {width}", where[r][0][0])
        line = where[0][0][0] if where and where[0] else None
        if width != height + 1:
            if width > SIZE.most_width or height > SIZE.most_height:
                SIZE.check(self.name, width, height, line=line)
            raise PuzzleError(f"{HEAD}: a board {width} wide must be {width - 1} high, got {height} rows", line)
        with at_place(line):
            params = DominosaParams(height - 1)
        clues = {}
        for r, row in enumerate(cells):
            for c, v in enumerate(row):
                if v is None:
                    continue
                if not 0 <= v <= params.n:
                    raise PuzzleError(f"number {v} out of range 0..{params.n}", *where[r][c])
                clues[(r, c)] = v
        return Instance(self.name, params, clues)

    @staticmethod
    def _number(text: str, line: int | None, column: int | None) -> int | None:
        if text in BLANKS:
            return None
        if not text.isascii() or not text.isdecimal():
            raise PuzzleError(f"bad cell {quote(text)} (a number, or '.' for unknown)", line, column)
        return int(text)

    def read_text(self, text: str) -> Instance:
        rows = token_rows(text, limit=EARLY)
        if not rows:
            raise PuzzleError("empty input")
        cells = [[self._number(t.text, t.line, t.column) for t in row] for row in rows]
        return self._instance(cells, [[(t.line, t.column) for t in row] for row in rows])

    def read_array(self, text: str) -> Instance:
        rows = array_rows(text, EARLY)
        if not rows:
            raise PuzzleError("empty array")
        cells: Numbers = []
        where = []
        for r, row in enumerate(rows):
            values: list[int | None] = []
            for c, e in enumerate(row):
                v = e.value
                if v is None or isinstance(v, str):
                    values.append(self._number((v or ".").strip() or ".", e.line, e.column))
                elif isinstance(v, int) and not isinstance(v, bool):
                    values.append(v)
                else:
                    raise PuzzleError(f"row {r + 1}, cell {c + 1}: expected a number, got {quote(v)}",
                                      e.line, e.column)
            cells.append(values)
            where.append([(e.line, e.column) for e in row] or [(row.line, row.column)])
        return self._instance(cells, where)

    def from_tatham(self, game: GameId) -> Instance:
        """`N:digits`, as new_game_desc writes it: a number over 9 in brackets, `[12]`;
        the params may carry Tatham's difficulty (`6db`) or the old `a` flag."""
        order = self._tatham_order(game.head, game.line, game.column)
        with at_place(game.line, game.column):
            params = DominosaParams(order)
        numbers: list[int | None] = []
        where = []
        i, desc = 0, game.desc
        while i < len(desc):
            if len(numbers) == params.width * params.height:
                raise PuzzleError("game description longer than expected", *game.at(i))
            where.append(game.at(i))
            if desc[i].isascii() and desc[i].isdigit():
                numbers.append(int(desc[i]))
                i += 1
                continue
            close = desc.find("]", i)
            if desc[i] != "[" or close < 0 or not (desc[i + 1:close].isascii() and desc[i + 1:close].isdigit()):
                raise PuzzleError(f"invalid syntax {quote(desc[i:i + 8])} in game description", *game.at(i))
            numbers.append(int(desc[i + 1:close]))
            i = close + 1
        if len(numbers) != params.width * params.height:
            raise PuzzleError(f"game description has {len(numbers)} numbers, expected "
                              f"{params.width * params.height}", *game.at(len(desc)))
        w = params.width
        inst = self._instance([numbers[r * w:(r + 1) * w] for r in range(params.height)],
                              [where[r * w:(r + 1) * w] for r in range(params.height)])
        balance = self._balance(inst)
        if balance:
            raise PuzzleError(f"incorrect number balance in game description: {balance}", *game.at(0))
        return inst

    @staticmethod
    def _tatham_order(head: str, line: int, column: int) -> int:
        digits = len(head) - len(head.lstrip("0123456789"))
        flags = head[digits:]
        ok_flags = flags in ("", "a") or (len(flags) == 2 and flags[0] == "d" and flags[1] in "tbhea")
        if not digits or not ok_flags or not head.isascii():
            raise PuzzleError(f"bad Dominosa parameters {quote(head)} (expected like 6db: the largest number, "
                              "then d and a difficulty t, b, h or e)", line, column)
        return int(head[:digits])

    @staticmethod
    def _balance(inst: Instance) -> str:
        """'' when every number 0..n appears n + 2 times (Tatham's validate_desc), else the first that does not."""
        n = inst.params.n
        counts = [0] * (n + 1)
        for v in inst.clues.values():
            counts[v] += 1
        for v, k in enumerate(counts):
            if k != n + 2:
                return f"{v} appears {k} times, not {n + 2}"
        return ""

    def from_json(self, text: str) -> Instance:
        """`grid`: rows of numbers (null: unknown); `n`, when given, the largest number,
        which the grid's size says."""
        doc = JsonObject(text, self.name, ("n", "grid"), self.aliases)
        n = doc.integer("n", None, low=0)
        if n is not None:
            EARLY(n + 2, n + 1, doc.where("n")[0])
        cells: Numbers = []
        for r, row in enumerate(doc.rows("grid", EARLY)):
            if not all(v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in row):
                raise doc.error("grid", f"row {r + 1} is not a list of numbers (null: unknown)")
            cells.append(row)
        inst = self._instance(cells, [[(None, None)] * max(1, len(row)) for row in cells])
        doc.agrees("n", inst.params.n, "the grid's size makes it")
        return inst

    def numbers(self, inst: Instance) -> Numbers:
        p = inst.params
        return [[inst.clues.get((r, c)) for c in range(p.width)] for r in range(p.height)]

    def write_text(self, inst: Instance) -> str:
        width = len(str(inst.params.n))
        return "\n".join(" ".join(("." if v is None else str(v)).rjust(width) for v in row)
                         for row in self.numbers(inst))

    def write_array(self, inst: Instance) -> str:
        return write_array(self.numbers(inst))

    def write_array_solution(self, inst: Instance, solution: Layout) -> str:
        return write_array(solution)  # the seed's output

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        if len(inst.clues) != p.width * p.height:
            raise PuzzleError("Tatham's Dominosa has no unknown cells")
        balance = self._balance(inst)
        if balance:
            raise PuzzleError(f"Tatham's Dominosa refuses this board: {balance}")
        known = [v for row in self.numbers(inst) for v in row if v is not None]  # every cell, as checked above
        return f"{p.n}:" + "".join(str(v) if v < 10 else f"[{v}]" for v in known)

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        return {"n": inst.params.n, "grid": self.numbers(inst)}

    def write_text_solution(self, inst: Instance, solution: Layout) -> str:
        """The numbers, a '-' joining the halves of a domino across, a '|' below a cell
        whose domino goes down."""
        cells, width = self.numbers(inst), len(str(inst.params.n))
        lines = []
        for r, row in enumerate(cells):
            text = ""
            for c, v in enumerate(row):
                text += ("." if v is None else str(v)).rjust(width)
                if c + 1 < len(row):
                    text += "-" if solution[r][c] == "R" else " "
            lines.append(text.rstrip())
            if r + 1 < len(cells):
                lines.append(" ".join(("|" if solution[r][c] == "D" else " ").rjust(width)
                                      for c in range(len(row))).rstrip())
        return "\n".join(lines)

    # ---- for language models ------------------------------------------------------------
    board_legend = "one row per line, the numbers of the cells separated by spaces, `.` a number not given"
    answer_format = ("for every cell, where the other half of its domino lies: one row per line, cells separated "
                     "by single spaces, `U` the cell above, `D` below, `L` to the left, `R` to the right")
    answer_cells = (DIRECTIONS, "direction")  # U, D, L, R in any case (arrows and compass points too)

    def answer_text(self, inst: Instance, solution: Layout) -> str:
        return grid_text(solution)

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's images under the four rotations and reflections that
        keep its shape, each with its numbers renamed 0, 1, 2, ... in order of first appearance:
        the rules (every pair once) hold under any renaming of the numbers."""
        forms = []
        for grid in grid_images(self.numbers(inst)):
            names = first_seen(v for row in grid for v in row if v is not None)
            clues = {(r, c): names[v] for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None}
            forms.append(self.format(Instance(self.name, inst.params, clues)))
        return min(forms)

    def solution_json(self, inst: Instance, solution: Layout) -> list[str]:
        return ["".join(row) for row in solution]

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        from ..lab.face.share import box_grid

        return box_grid([["." if v is None else str(v) for v in row] for row in self.numbers(inst)])

    def draw(self, ax: Any, inst: Instance, solution: Layout | None = None) -> None:
        """As Tatham's Dominosa: the numbers on a plain board (faint lines between cells,
        for a pencil); with the solution, each domino a rounded tile around its two numbers."""
        from matplotlib.patches import FancyBboxPatch

        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        board.grid(colour="0.8")
        for r, row in enumerate(self.numbers(inst)):
            for c, v in enumerate(row):
                if v is not None:
                    board.text(r, c, str(v), 0.5)
        if solution is None:
            return
        gap, pad = 0.1, 0.08
        for (r1, c1), (r2, c2) in dominoes(solution):
            x = board.x + c1 + gap + pad
            y = board.y + p.height - 1 - r2 + gap + pad
            w = c2 - c1 + 1 - 2 * (gap + pad)
            h = r2 - r1 + 1 - 2 * (gap + pad)
            ax.add_artist(FancyBboxPatch((x, y), w, h, boxstyle=f"round,pad={pad},rounding_size=0.18",
                                         facecolor="0.9", edgecolor="black", lw=1.4, zorder=2.5))

    # ---- SAT ----------------------------------------------------------------------
    def one_shot_rules(self, params: DominosaParams, pool: IDPool) -> Rules:
        """Placements and numbers only: "every pair once" comes in lazily (`cuts`), as
        clauses against the pairs a candidate lays twice. The helpers' 51,000 clauses were
        most of a one-shot check of the seed's board."""
        return self._rules(params, pool, helpers=False)

    def rules(self, params: DominosaParams, pool: IDPool) -> Rules:
        return self._rules(params, pool, helpers=True)

    def given_rules(self, inst: Instance, pool: IDPool) -> Rules:
        """Every number known: placements alone, each cell on exactly one, each pair on
        exactly one of the placements that show it (a pair none shows: an empty clause, no
        solution). No number variables and no lazy rounds: the seed's check went from 7-11
        ms to 0.45 ms, a generated order 15 from 0.4-0.7 s to 2 ms. A board with unknown
        cells keeps the one-shot rules, its numbers as unit clauses."""
        p = inst.params
        given = [inst.clues.get(cell) for cell in p.cells()]
        numbers = [v for v in given if isinstance(v, int) and 0 <= v <= p.n]
        if len(numbers) != len(given) or len(inst.clues) != len(given):  # (a bad clue: its error comes from there)
            return self._with_units(inst, pool)
        n1, first = p.n + 1, variable_block(pool, len(p.edges))
        place = list(range(first, first + len(p.edges)))
        showing: list[list[int]] = [[] for _ in range(n1 * n1)]  # by pair code
        for var, k in zip(place, pair_codes(p, numbers)):
            showing[k].append(var)
        groups = [[first + e for e in covering] for covering in p.cell_edges]
        groups += [showing[a * n1 + b] for a, b in p.pairs]
        return Rules(groups, place, DominosaVars(place, None), at_most_one=[g for g in groups if len(g) > 1])

    def _with_units(self, inst: Instance, pool: IDPool) -> Rules:
        """The one-shot rules with each clue of `inst` a unit clause (unknown cells stay free)."""
        rules = self.one_shot_rules(inst.params, pool)
        for key, value in inst.clues.items():
            rules.clauses += self.clue_clauses(inst.params, rules, key, value)
        return rules

    def _rules(self, params: DominosaParams, pool: IDPool, helpers: bool) -> Rules:
        """Placements, numbers and (with `helpers`) helpers h(e, P) -> "placement e is laid and holds pair P".
        Each cell: exactly one placement, exactly one number. Each pair: some helper true.

        That is all it takes: a layout has as many dominoes as there are pairs, so if every
        pair is on one of them, none is on two. The converse clauses (a laid placement makes
        its pair's helper true, at most one helper per pair) would state that again; they
        cost 40% of the time of a generated puzzle, mostly loading them into fresh solvers,
        and did not make the generic grade any lower."""
        n1, edges, pairs = params.n + 1, params.edges, params.pairs
        first_place = variable_block(pool, len(edges))
        first_number = variable_block(pool, params.width * params.height * n1)
        first_helper = variable_block(pool, len(edges) * len(pairs)) if helpers else 0
        clauses: list[list[int]] = []
        amo: list[list[int]] = []
        for cell, covering in enumerate(params.cell_edges):
            places = [first_place + i for i in covering]
            nums = list(range(first_number + cell * n1, first_number + (cell + 1) * n1))
            clauses += [places, nums]
            amo += [places, nums]
        holders: list[list[int]] = [[] for _ in pairs]
        for i, (x, y) in enumerate(params.edge_cells if helpers else ()):
            p, nx, ny = first_place + i, first_number + x * n1, first_number + y * n1
            for k, (a, b) in enumerate(pairs):
                hv = first_helper + i * len(pairs) + k
                holders[k].append(hv)
                clauses += [[-hv, p], [-hv, nx + a, nx + b], [-hv, ny + a, ny + b]]
                if a != b:  # not a-a or b-b
                    clauses += [[-hv, nx + a, ny + a], [-hv, nx + b, ny + b]]
        clauses += holders if helpers else []
        primary = [first_place + i for i in range(len(edges))]
        return Rules(clauses, primary, DominosaVars(primary, first_number), at_most_one=amo)

    def clue_clauses(self, params: DominosaParams, rules: Rules, key: Cell, value: int) -> list[list[int]]:
        r, c = key
        if not (0 <= r < params.height and 0 <= c < params.width and 0 <= value <= params.n):
            raise PuzzleError(f"clue {key}={value} is outside the {params.width}x{params.height} board "
                              f"or its numbers 0..{params.n}")
        data: DominosaVars = rules.data
        if data.first_number is None:
            raise PuzzleError("these rules have the numbers built in: a clue cannot be added to them")
        return [[data.first_number + (r * params.width + c) * (params.n + 1) + value]]

    def cuts(self, params: DominosaParams, rules: Rules, solution: Layout,
             true_vars: AbstractSet[int]) -> list[list[int]]:
        """"Each pair once", lazily: the one-shot rules leave it out, so a candidate may lay a
        pair twice (in its own numbers); then clauses against two placements that show one
        pair being laid together (`doubled_cuts`). True of every solution whatever the clues.
        The given rules state it, so nothing is cut there."""
        data: DominosaVars = rules.data
        if data.first_number is None:
            return []
        numbers = cell_numbers(params, data.first_number, true_vars)
        return doubled_cuts(params, data.place, data.first_number, numbers, laid_placements(data.place, true_vars))

    def decode(self, params: DominosaParams, rules: Rules, true_vars: AbstractSet[int]) -> Layout:
        return layout_of(params, (e for e, v in zip(params.edges, rules.data.place) if v in true_vars))

    def solution_literals(self, params: DominosaParams, rules: Rules, solution: Layout) -> list[int]:
        return [v if solution[r][c] == ("R" if r == r2 else "D") else -v
                for ((r, c), (r2, _)), v in zip(params.edges, rules.data.place)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """A boolean per placement, exactly one per cell; for each pair, the placements
        whose two known numbers make that pair sum to 1.

        With unknown numbers that sum is only at most 1 and the model is `relaxed`: `verify`
        decides whether the unknown cells can complete the set. (Unknown numbers as CP-SAT
        variables would make its enumeration visit each layout once per numbering.)"""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        laid = {e: model.new_bool_var(f"p{e}") for e in p.edges}
        for cell in p.cells():
            model.add_exactly_one([laid[e] for e in p.edges if cell in e])
        holding: dict[Pair, list[Any]] = {pr: [] for pr in p.pairs}
        for (x, y), var in laid.items():
            if x in inst.clues and y in inst.clues:
                holding[pair(inst.clues[x], inst.clues[y])].append(var)
        complete = len(inst.clues) == p.width * p.height
        for group in holding.values():
            if complete:
                model.add_exactly_one(group)
            else:
                model.add_at_most_one(group)
        edges = list(laid.items())
        return CpModel(model, [var for _, var in edges],
                       lambda value: layout_of(p, (e for e, var in edges if value(var))), relaxed=not complete)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: DominosaParams) -> Iterable[Layout]:
        """Every domino tiling of the board (1183 for order 4; refused from order 6 on)."""
        if params.width * params.height > 42:
            raise PuzzleError(f"a {params.width}x{params.height} board is too large to enumerate")
        return tilings(params)

    def verify(self, inst: Instance, solution: Layout) -> list[str]:
        return layout_problems(inst.params, solution) or self._pair_problems(inst, dominoes(solution))

    @staticmethod
    def _tiling_problems(p: DominosaParams, solution: Layout) -> list[str]:
        if _tiles(solution):
            return []
        problems = []
        for r, c in p.cells():
            d = solution[r][c]
            other = partner(solution, r, c)
            if other is None:
                problems.append(f"r{r + 1}c{c + 1}: {quote(d)} is not a direction (L, R, U, D)")
            elif not (0 <= other[0] < p.height and 0 <= other[1] < p.width):
                problems.append(f"r{r + 1}c{c + 1}: its domino leaves the board")
            elif solution[other[0]][other[1]] != OPPOSITE[d]:
                problems.append(f"r{r + 1}c{c + 1} points at r{other[0] + 1}c{other[1] + 1}, which does not "
                                "point back")
        return problems

    @staticmethod
    def _pair_problems(inst: Instance, placed: list[Edge]) -> list[str]:
        problems = []
        where: dict[Pair, list[Edge]] = {}
        slots = []
        for x, y in placed:
            vx, vy = inst.clues.get(x), inst.clues.get(y)
            if vx is None or vy is None:
                slots.append((vx, vy))
            else:
                where.setdefault(pair(vx, vy), []).append((x, y))
        for (a, b), at in sorted(where.items()):
            if len(at) > 1:
                named = ", ".join(f"r{x[0] + 1}c{x[1] + 1}-r{y[0] + 1}c{y[1] + 1}" for x, y in at)
                problems.append(f"domino {a}-{b} appears {len(at)} times ({named})")
        free = [pr for pr in inst.params.pairs if pr not in where]
        if not slots:
            problems += [f"domino {a}-{b} is missing" for a, b in free]
        elif not complete_set(free, slots):
            problems.append(f"no numbers for the {len(slots)} dominoes with unknown cells complete the set")
        return problems


PUZZLE = Dominosa()
