"""Nonograms (Tatham's Pattern): text forms, rules, decoding, verification.

Vocabulary: a *line* is a row or a column; its *clue* is the tuple of the lengths of its
black *runs*, in order (the empty tuple for an all-white line). A *given* is a cell whose
colour the puzzle states outright (Tatham's game IDs can carry them; our generator adds
them when the line clues alone leave a puzzle ambiguous).

The encoding keeps clues cheap. Every line gets, once per board size, a *reader*: the
automaton that reads the line left to right (state: runs started so far, and the current
black or white streak), unrolled over the line as a layered graph with one variable per
state, so unit propagation alone does what a perfect line solver does. Being in a state
reports *events*: "run i reached length o", "run i ended shorter than k", "fewer than k
runs in all". A clue is then only the negation of about two events per run, literals the
reader already has: one SAT session serves every puzzle of its size, and a new clue costs
a few binary clauses, not a new automaton. The reader grows with the cube of the line
length, so lines longer than 30 get none; there each clue brings the reader cut down to
what it allows, the same graph and clauses, behind its selector.

A one-shot check (one question, then the solver is thrown away) needs neither: building
and loading automata is most of its time. There each clue is a *start ladder* instead
(`start_ladder`): per run, "run j starts at or before cell p", and ternary clauses that
paint the cells from those; a few clauses per cell and run, nothing cached.
"""

from __future__ import annotations

import gc
import itertools
import json
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, ClassVar

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    CluePuzzle,
    CpModel,
    GradingHints,
    Instance,
    PuzzleError,
    PuzzleType,
    Rules,
    quote,
)
from ..lab.face.share import FILL, NONE, box_grid
from ..lab.toolkit.answers import SHADES, grid_text, read_grid
from ..lab.toolkit.codecs import TATHAM_ID, JsonCodec, MethodCodec, PuzzLinkCodec, Pzprv3Codec
from ..lab.toolkit.puzzlink import UNKNOWN as LINK_UNKNOWN
from ..lab.toolkit.puzzlink import Cursor, PuzzLink, write_numbers16
from ..lab.toolkit.pzprv3 import Pzprv3File, Pzprv3Writer, bad_item, side_number
from ..lab.toolkit.runs import (
    NON_KEY,
    Runs,
    named_lists,
    read_named_lists,
    read_non,
    read_run_words,
    read_slashed_runs,
    run_list_literal,
    run_lists,
    run_words,
    slashed_runs,
    write_non,
)
from ..lab.toolkit.runs import runs_of as runs
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.tatham import tatham_size, tatham_split
from ..lab.toolkit.textgrid import JsonObject, Token, numbered_lines

Grid = tuple[tuple[int, ...], ...]
BLACK, WHITE, UNKNOWN = "#", ".", "?"
# Size limit: a random picture at the limit checks in seconds.
SIZE = BoardLimit(99, 99)
EARLY = SIZE.early("nonogram")  # the readers' size check, before any clue is read
HEADER = re.compile(r"(cols|columns|top|rows|side|grid)\s*:", re.I)  # a section of the text form
SECTIONS = {"columns": "cols", "top": "cols", "side": "rows"}  # the other names of the text form's sections
# the array form's names for its lists (seed 000's first, then the text form's)
ARRAY_NAMES = {"top_numbers": "cols", "top": "cols", "cols": "cols", "side_numbers": "rows",
               "side": "rows", "rows": "rows", "grid": "grid", "givens": "grid"}


@dataclass(frozen=True)
class NonogramParams:
    width: int
    height: int

    def length(self, kind: str) -> int:
        """How many cells a row or a column has."""
        return self.width if kind == "row" else self.height

    def lines(self) -> list[tuple[str, int]]:
        """Every line key, columns first (as Tatham lists them)."""
        return [("col", j) for j in range(self.width)] + [("row", i) for i in range(self.height)]

    def cells(self, key: tuple[str, int]) -> list[tuple[int, int]]:
        kind, k = key
        if kind == "row":
            return [(k, c) for c in range(self.width)]
        return [(r, k) for r in range(self.height)]


def fits(clue: Runs, length: int) -> bool:
    return all(k >= 1 for k in clue) and sum(clue) + len(clue) - 1 <= length


def check_params(width: int, height: int) -> NonogramParams:
    """The nonogram size limit, for reading and generating alike."""
    SIZE.check("nonogram", width, height)
    return NonogramParams(width, height)


# ---- the line reader (CNF for one line) -------------------------------------------------

State = tuple[int, int]
Event = tuple[Any, ...]  # ("reached", i, o) | ("shorter", i, k) | ("fewer", k)


@dataclass(frozen=True)
class Layer:
    """One layer of a reader's graph: its states, and for each state the indices of its
    successors in the next layer, of its predecessors in the previous one, and its events."""

    states: list[State]
    succ: list[list[int]]
    preds: list[list[int]]
    events: list[list[Event]]


def _colours(t: int, n: int) -> tuple[int, ...]:
    return (0, 1) if t < n else (0,)  # the virtual last cell is white


def _step(s: State, black: int) -> State:
    """The reader's move: black extends the streak or starts run i+1; white ends it."""
    i, o = s
    if black:
        return (i, o + 1) if o > 0 else (i + 1, 1)
    return (i, -o) if o > 0 else (i, 0)


def _events(s: State, final: bool) -> list[Event]:
    """What being in state s reports: run i reached length o; run i ended less than k long
    (for the smallest such k, the chain gives the rest); the line has fewer than k runs."""
    i, o = s
    out: list[Event] = []
    if o > 0:
        out.append(("reached", i, o))
    if o < 0:
        out.append(("shorter", i, 1 - o))
    if final:
        out.append(("fewer", i + 1))
    return out


def _fits_state(s: State, clue: Runs) -> bool:
    """May a reader reading `clue` be in state s? (Its runs never outgrow the clue.)"""
    i, o = s
    if i > len(clue):
        return False
    return o == 0 or (0 < o <= clue[i - 1]) or -o == clue[i - 1]


def _shape(n: int, clue: Runs | None) -> list[Layer]:
    """The reader's layered graph for n cells. State (i, o): i runs started; o > 0 the
    current black streak, o = -k the first white after a run of length k, o = 0 a later
    white (or the start). Layer t holds the states possible after t cells; layer n+1
    follows a virtual white cell that closes the last run. With a `clue`, only the states
    that clue allows and that still lead to its end are kept (then there are no events)."""
    states = [[(0, 0)]]
    for t in range(n + 1):
        following = {_step(s, b) for s in states[t] for b in _colours(t, n)}
        states.append(sorted(s for s in following if clue is None or _fits_state(s, clue)))
    if clue is not None:
        states[n + 1] = [s for s in states[n + 1] if s[0] == len(clue)]
        for t in range(n, -1, -1):
            live = set(states[t + 1])
            states[t] = [s for s in states[t] if any(_step(s, b) in live for b in _colours(t, n))]
    index = [{s: j for j, s in enumerate(layer)} for layer in states]
    succ = [[[index[t + 1][s2] for b in _colours(t, n) if (s2 := _step(s, b)) in index[t + 1]]
             for s in states[t]] for t in range(n + 1)] + [[]]
    preds: list[list[list[int]]] = [[[] for _ in layer] for layer in states]
    for t in range(n + 1):
        for k, targets in enumerate(succ[t]):
            for j in targets:
                preds[t + 1][j].append(k)
    return [Layer(layer, succ[t], preds[t],
                  [_events(s, t == n + 1) if clue is None else [] for s in layer])
            for t, layer in enumerate(states)]


@cache
def reader_shape(n: int) -> list[Layer]:
    """The universal reader for n cells (any clue; the same for every line that long)."""
    return _shape(n, None)


@lru_cache(maxsize=4096)
def clue_shape(clue: Runs, n: int) -> list[Layer]:
    """The reader for one clue: the universal one cut down to what the clue allows."""
    return _shape(n, clue)


def encode_line(shape: list[Layer], cells: list[int], pool: IDPool,
                reader: LineReader | None = None) -> list[list[int]]:
    """CNF of a reader's graph over `cells` (variables, in order), with one variable per
    state. The reader is deterministic, each state is entered by one colour only (black
    into o > 0, white otherwise) and every event is a state, so what a clue forbids is
    states only; then state variables alone carry the graph (no edge variables) and unit
    propagation still prunes it fully: a state needs a live successor and a live
    predecessor, a cell colour needs a live state entered by it. Soundness: the start
    state holds, each true state has a true successor entered by the cell's real colour,
    so the real reading is a path of true states and every event on it is true."""
    n = len(cells)
    if not shape[0].states:
        return [[]]  # the clue cannot be read on this line at all
    var = [[pool.id() for _ in layer.states] for layer in shape]
    clauses = [[var[0][0]]]
    for t, layer in enumerate(shape):
        here = var[t]
        if t <= n:
            there = var[t + 1]
            clauses.extend([-q, *(there[j] for j in succ)] for q, succ in zip(here, layer.succ))
        if t == 0:
            continue
        before, x = var[t - 1], cells[t - 1] if t <= n else None
        entered: tuple[list[int], list[int]] = ([], [])
        for s, q, preds, events in zip(layer.states, here, layer.preds, layer.events):
            clauses.append([-q, *(before[k] for k in preds)])
            black = s[1] > 0
            entered[black].append(q)
            if x is not None:
                clauses.append([-q, x if black else -x])
            if reader is not None:
                clauses.extend([-q, reader.event(pool, e)] for e in events)
        if x is not None:
            clauses.append([-x, *entered[1]])
            clauses.append([x, *entered[0]])
    return clauses


@dataclass
class LineReader:
    """The event variables of one line's universal reader; a clue is the negation of some.

    ("reached", i, o): run i got at least o long; ("shorter", i, k): run i ended less than
    k long; ("fewer", k): the line has fewer than k runs. States imply events (and events
    are monotone in their last index), never the other way: a clue only forbids events."""

    length: int
    var: dict[Event, int] = field(default_factory=dict)

    def event(self, pool: IDPool, key: Event) -> int:
        if key not in self.var:
            self.var[key] = pool.id()
        return self.var[key]

    def chains(self, pool: IDPool) -> list[list[int]]:
        """Fewer than k runs implies fewer than k+1; ending under k long implies under k+1;
        reaching o implies reaching o-1; run i implies run i-1."""
        max_runs = (self.length + 1) // 2
        keys: list[Event] = [("fewer", k) for k in range(1, max_runs + 2)]
        keys += [("shorter", i, k) for i in range(1, max_runs + 1) for k in range(2, self.length + 2)]
        for key in keys:
            self.event(pool, key)
        out = []
        for key, v in self.var.items():
            if key[0] == "fewer" and key[1] > 1:
                out.append([-self.var["fewer", key[1] - 1], v])
            elif key[0] == "shorter" and key[2] > 2:
                out.append([-self.var["shorter", key[1], key[2] - 1], v])
            elif key[0] == "reached" and key[2] > 1:
                out.append([-v, self.var["reached", key[1], key[2] - 1]])
            elif key[0] == "reached" and key[1] > 1:
                out.append([-v, self.var["reached", key[1] - 1, 1]])
        return out

    def clue_units(self, clue: Runs) -> list[int]:
        """The literals that together mean "this line reads `clue`" (a clue that fits).
        Events no state reports (run m+1 on a full line, say) are false anyway."""
        m = len(clue)
        forbid: list[Event] = [("reached", m + 1, 1)]  # no run after the m-th
        if m:
            forbid.append(("fewer", m))  # at least m runs
        for i, k in enumerate(clue, start=1):
            forbid.append(("reached", i, k + 1))  # run i is not longer than k
            if k >= 2:
                forbid.append(("shorter", i, k))  # run i is not shorter than k
        return [-self.var[key] for key in forbid if key in self.var]


def read_line(cells: list[int], pool: IDPool) -> tuple[list[list[int]], LineReader]:
    """The universal reader over `cells`: its clauses and its event variables, exactly
    what `read_line_directly` gives, copied from the length's template (a board's lines
    share a few lengths, and a session builds every line's reader: 50 of them at 25x25)."""
    template = _reader_template(len(cells))
    ids = [pool.id() for _ in range(template.draws)]  # the same draws, in the same order
    values = ids + list(cells)
    table = [-v for v in reversed(values)] + values
    flat = list(map(table.__getitem__, template.literals))
    clauses = [flat[a:b] for a, b in zip(template.starts, template.ends)]
    events = {key: ids[k] for key, k in template.events}
    return clauses, LineReader(len(cells), events)


def read_line_directly(cells: list[int], pool: IDPool) -> tuple[list[list[int]], LineReader]:
    """`read_line` built from scratch: the reader's graph encoded, then its chains."""
    reader = LineReader(len(cells))
    clauses = encode_line(reader_shape(len(cells)), cells, pool, reader)
    return clauses + reader.chains(pool), reader


@dataclass(frozen=True)
class ReaderTemplate:
    """`read_line_directly` for one length, with every literal as an index into a table
    of [the negations, in reverse; the pool's draws; the cells]: `draws` ids come from
    the pool, event key j takes draw `events[j][1]`, clause i is literals[starts[i]:ends[i]]."""

    draws: int
    events: tuple[tuple[Event, int], ...]
    literals: tuple[int, ...]
    starts: tuple[int, ...]
    ends: tuple[int, ...]


@lru_cache(maxsize=8)
def _reader_template(n: int) -> ReaderTemplate:
    """Read a line of n cells once, over a fresh pool (draws 1, 2, ...) and cells numbered
    far above any draw, and note where each literal came from."""
    pool = IDPool()
    far = 1 << 40
    clauses, reader = read_line_directly([far + c for c in range(n)], pool)
    draws = pool.top
    size = draws + n  # the table: size negations, then size values

    def slot(lit: int) -> int:
        value = lit if lit > 0 else -lit
        k = value - far + draws if value >= far else value - 1
        return size + k if lit > 0 else size - 1 - k

    ends = tuple(itertools.accumulate(len(clause) for clause in clauses))
    return ReaderTemplate(draws, tuple((key, v - 1) for key, v in reader.var.items()),
                          tuple(slot(lit) for clause in clauses for lit in clause),
                          (0, *ends[:-1]), ends)


# ---- the start ladder (CNF for one clue, for one-shot checks) ---------------------------

def start_ladder(clue: Runs, cells: list[int], pool: IDPool) -> list[list[int]]:
    """CNF of "the line over `cells` reads `clue`" (a clue that fits), in the order
    encoding of the run starts: le[j][p] = "run j starts at or before cell p", a ladder
    (le[j][p-1] -> le[j][p]) over the window where run j can start, so the ladder always
    names exactly one start and needs no at-most-one. Run j+1 starts at least k_j + 1
    after run j: le[j+1][q] -> le[j][q-k_j-1]. Then every cell lies in exactly one region,
    run j (le[j][c] and not le[j][c-k_j]) or the gap after run j (run j ended by c, run j+1
    not started), and each region fixes the cell's colour with one ternary clause. So the
    clauses hold exactly when the cells read the clue (the ladders then follow from them),
    with O(runs x slack + cells) clauses and no automaton states."""
    n, m = len(cells), len(clue)
    if not m:
        return [[-x] for x in cells]
    earliest, e = [], 0
    for k in clue:
        earliest.append(e)
        e += k + 1
    slack = n + 1 - e  # how far each run can move right of its earliest start
    # le[j][p - earliest[j]] for p in [earliest[j], earliest[j] + slack); below the window
    # the fact is false, from earliest[j] + slack on it is true (no variable either way)
    le = [[pool.id() for _ in range(slack)] for _ in range(m)]

    def at(j: int, p: int) -> int | bool:
        """le[j][p] as a variable, or as the constant it is outside run j's window."""
        if j < 0:
            return True  # "run -1" (the line's start) has always ended
        if j >= m or p < earliest[j]:
            return False
        if p >= earliest[j] + slack:
            return True
        return le[j][p - earliest[j]]

    clauses: list[list[int]] = []
    for j, k in enumerate(clue):
        ladder = le[j]
        clauses.extend([-a, b] for a, b in zip(ladder, ladder[1:]))
        if j + 1 < m:  # le[j+1][q] -> le[j][q-k-1], the q-k-1 in run j's window
            clauses.extend([-v, ladder[i]] for i, v in enumerate(le[j + 1]))
        for c in range(earliest[j], earliest[j] + slack + k):  # covered by run j -> black
            _add(clauses, [at(j, c), _neg(at(j, c - k))], cells[c])
    for j in range(-1, m):  # the gap after run j (before run 0 for j = -1) -> white
        k = clue[j] if j >= 0 else 0
        start = earliest[j] + k if j >= 0 else 0
        stop = earliest[j + 1] + slack if j + 1 < m else n
        for c in range(start, stop):
            _add(clauses, [at(j, c - k), _neg(at(j + 1, c))], -cells[c])
    return clauses


def _neg(lit: int | bool) -> int | bool:
    return not lit if isinstance(lit, bool) else -lit


def _add(clauses: list[list[int]], conditions: list[int | bool], then: int) -> None:
    """Append "all `conditions` hold -> `then`", with constant conditions folded away."""
    clause = [then]
    for c in conditions:
        if c is False:
            return
        if c is not True:
            clause.append(-c)
    clauses.append(clause)


# ---- the puzzle ------------------------------------------------------------------------

@dataclass
class NonogramVars:
    """Cell variables, and either a universal reader per line (`readers`) or, on big
    boards and in one-shot checks, the pool each clue's own automaton (or, one-shot, its
    start ladder) takes its variables from."""

    cell: list[list[int]]
    readers: dict[tuple[str, int], LineReader]
    pool: IDPool | None = None
    one_shot: bool = False  # clues as start ladders, not automata (see `start_ladder`)


UNIVERSAL_MAX = 30  # longest line that gets a universal reader (Tatham's presets go to 30)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No garbage collection while the readers' clauses are made: they are lists of ints
    (no cycles to find), and a 25x25 board makes 660,000 of them, during which the
    collector would rescan the whole heap again and again (two thirds of the build).
    Only ever delays collection: if another thread switches it back on, nothing breaks."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _build_rules(params: NonogramParams, pool: IDPool, universal: bool, one_shot: bool = False) -> Rules:
    cell = [[pool.id() for _ in range(params.width)] for _ in range(params.height)]
    clauses: list[list[int]] = []
    readers = {}
    if universal:
        with _collector_paused():
            for key in params.lines():
                more, readers[key] = read_line([cell[r][c] for r, c in params.cells(key)], pool)
                clauses.extend(more)
    primary = [v for row in cell for v in row]
    return Rules(clauses, primary, NonogramVars(cell, readers, None if universal else pool, one_shot))


@dataclass(frozen=True)
class RowsJson(JsonCodec):
    """JSON whose solved form is the painted rows alone, `["#..", ...]`."""

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        return json.dumps(Nonogram.solution_rows(solution))


class Nonogram(CluePuzzle[NonogramParams, tuple, Grid]):
    name = "nonogram"
    aliases = ("pattern", "nonograms")
    title = "Nonograms (Pattern): paint the grid from its row and column run lengths"
    rules_text = "Paint cells black so that each row and column shows, in order, runs of the lengths its clue lists."
    codecs = (MethodCodec("text", solutions=True),
              MethodCodec("array", order=20, pattern=r"\[", solutions=True, solution_writer="write_text_solution"),
              # a game ID with a solved form: the solution's runs, every cell given
              MethodCodec("tatham", order=10, pattern=TATHAM_ID.pattern, solutions=True),
              RowsJson(), PuzzLinkCodec(genres=("nonogram",)),
              MethodCodec("non", order=30, pattern=NON_KEY.pattern, solutions=True), Pzprv3Codec(genres=("nonogram",)))
    tatham_game: ClassVar[str | None] = "pattern"  # the game in Simon Tatham's collection
    universal_max = UNIVERSAL_MAX
    # propagation: line solving is unit propagation through the readers: most grade 0
    grading = GradingHints(mostly_propagation=True)
    size = SIZE
    example = "cols:\n1 1\n4\n2\n2\nrows:\n3\n2\n2 1\n1 1"

    # ---- text forms -------------------------------------------------------------------
    def _instance(self, cols: list, rows: list, grid: list[str] | None = None,
                  where: dict | None = None) -> Instance:
        """An instance from column clues, row clues (None = no clue) and optional givens.
        `where` maps a line key or "grid" row to its (line, column) for error messages."""
        where = where or {}
        if not cols or not rows:
            raise PuzzleError("a nonogram needs at least one column and one row")
        params = check_params(len(cols), len(rows))
        clues: dict = {}
        for kind, lines in (("col", cols), ("row", rows)):
            for k, clue in enumerate(lines):
                if clue is None:
                    continue
                clue = tuple(clue)
                if clue == (0,):
                    clue = ()
                n = params.length(kind)
                if not fits(clue, n):
                    bad = [v for v in clue if v < 1]
                    why = (f"run length {bad[0]} must be at least 1" if bad else
                           f"needs {sum(clue) + len(clue) - 1} cells, the {kind} has {n}")
                    raise PuzzleError(f"{kind} {k + 1} clue {quote(' '.join(map(str, clue)))}: {why}",
                                      *where.get((kind, k), (None, None)))
                clues[(kind, k)] = clue
        if grid is not None:
            clues.update(self._givens(params, grid, where))
        return Instance(self.name, params, clues)

    def _givens(self, params: NonogramParams, grid: list[str], where: dict) -> dict:
        if len(grid) != params.height:
            raise PuzzleError(f"grid has {len(grid)} rows, expected {params.height}",
                              *where.get(("grid", len(grid) - 1), (None, None)))
        out = {}
        for r, row in enumerate(grid):
            line, col0 = where.get(("grid", r), (None, None))
            if len(row) != params.width:
                raise PuzzleError(f"grid row {r + 1} has {len(row)} cells, expected {params.width}", line)
            for c, ch in enumerate(row):
                if ch not in (BLACK, WHITE, UNKNOWN, "-"):
                    raise PuzzleError(f"bad grid character {quote(ch)} (use # . ?)", line,
                                      None if col0 is None else col0 + c)
                if ch in (BLACK, WHITE):
                    out[("cell", r, c)] = int(ch == BLACK)
        return out

    def read_text(self, text: str) -> Instance:
        """`cols:` (or `columns:`, `top:`) and `rows:` (or `side:`), a clue a line, then
        optionally `grid:` and rows of # . ?."""
        lines = numbered_lines(text)
        self._refuse_many(lines)
        sections: dict[str, list] = {}
        where: dict = {}
        current = None
        for lineno, raw in lines:
            line = raw.strip()
            head = HEADER.fullmatch(line)
            if head:
                current = SECTIONS.get(head.group(1).lower(), head.group(1).lower())
                if current in sections:
                    raise PuzzleError(f"section '{current}:' appears twice", lineno, 1)
                sections[current] = []
                continue
            if current is None:
                raise PuzzleError("expected a 'cols:' or 'rows:' section header", lineno, 1)
            col = raw.index(line[0]) + 1
            kind = current[:-1]
            if current == "grid":
                where[("grid", len(sections["grid"]))] = (lineno, col)
                sections["grid"].append("".join(line.split()))
                continue
            where[(kind, len(sections[current]))] = (lineno, col)
            sections[current].append(read_run_words(raw, lineno))
        for need in ("cols", "rows"):
            if need not in sections:
                raise PuzzleError(f"missing the '{need}:' section")
        return self._instance(sections["cols"], sections["rows"], sections.get("grid"), where)

    @staticmethod
    def _refuse_many(lines: list[tuple[int, str]]) -> None:
        """The size limit on the clue lines of each section, counted before any is read."""
        count = {"cols": 0, "rows": 0}
        current = None
        for _, raw in lines:
            head = HEADER.fullmatch(raw.strip()) if ":" in raw else None
            if head:
                current = SECTIONS.get(head.group(1).lower(), head.group(1).lower())
            elif current in count:
                count[current] += 1
        EARLY(count["cols"], count["rows"], lines[0][0] if lines else None)

    def write_text(self, inst: Instance) -> str:
        cols, rows = self.clue_lists(inst)
        grid = self.givens(inst)
        out = ["cols:", *map(run_words, cols), "rows:", *map(run_words, rows)]
        if grid:
            out += ["grid:", *grid]
        return "\n".join(out)

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(self.solution_rows(solution))

    def read_array(self, text: str) -> Instance:
        """Seed 000's `top_numbers = [...]` and `side_numbers = [...]`, and `grid = [...]`."""
        def sized(what: str, count: int, line: int) -> None:  # how many clue lists, before they are parsed
            if what != "grid":
                EARLY(count if what == "cols" else 0, count if what == "rows" else 0, line)

        found = read_named_lists(text, ARRAY_NAMES, sized)
        for need, label in (("cols", "top_numbers"), ("rows", "side_numbers")):
            if need not in found:
                raise PuzzleError(f"expected '{label} = [[...], ...]'")
        cols = run_lists(*found["cols"], "top_numbers")
        rows = run_lists(*found["rows"], "side_numbers")
        grid = self._grid_list(*found["grid"]) if "grid" in found else None
        where = {("col", j): (found["cols"][1], None) for j in range(len(cols))}
        where.update({("row", i): (found["rows"][1], None) for i in range(len(rows))})
        return self._instance(cols, rows, grid, where)

    def write_array(self, inst: Instance) -> str:
        cols, rows = self.clue_lists(inst)
        grid = self.givens(inst)
        sections = {"top_numbers": map(run_list_literal, cols), "side_numbers": map(run_list_literal, rows)}
        if grid:
            sections["grid"] = map(repr, grid)
        return named_lists(sections)

    @staticmethod
    def _grid_list(value: Any, line: int | None) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(row, str) for row in value):
            raise PuzzleError("grid must be a list of strings of # . ?", line)
        return value

    def read_tatham(self, text: str) -> Instance:
        """Pattern's game ID: the columns' then the rows' clues (`read_slashed_runs`), then
        after a comma, optionally, the given cells (`_tatham_givens`)."""
        head, desc = tatham_split(text)
        width, height = tatham_size(head, "", f"bad Pattern parameters {quote(head)} (expected WxH)", limit=EARLY)
        params = check_params(width, height)
        offset = len(text) - len(text.lstrip()) + len(head) + 2  # column of desc[0]
        lines_part, _, givens = desc.partition(",")
        total = width + height
        if lines_part.count("/") + 1 != total:
            raise PuzzleError(f"game ID has {lines_part.count('/') + 1} row/column clues, expected {total}"
                              f" ({width} columns then {height} rows)", 1, offset)
        keys = params.lines()
        read = read_slashed_runs(lines_part, offset, lambda idx: f"{keys[idx][0]} {keys[idx][1] + 1}")
        clues = [clue for clue, _ in read]
        where = {key: (1, column) for key, (_, column) in zip(keys, read)}
        grid = None
        if desc != lines_part:
            grid = _tatham_givens(givens, params, offset + len(lines_part) + 1)
        return self._instance(clues[:width], clues[width:], grid, where)

    def write_tatham(self, inst: Instance) -> str:
        cols, rows = self.clue_lists(inst)
        return self._tatham_id(inst, cols + rows, self.givens(inst))

    def write_tatham_solution(self, inst: Instance, solution: Grid) -> str:
        """The solved board as a game ID: its runs, and every cell given."""
        lines = [runs(col) for col in zip(*solution)] + [runs(row) for row in solution]
        return self._tatham_id(inst, lines, self.solution_rows(solution))

    @staticmethod
    def _tatham_id(inst: Instance, lines: list, grid: list[str] | None) -> str:
        if any(clue is None for clue in lines):
            raise PuzzleError("a Pattern game ID needs a clue for every row and column")
        p = inst.params
        if p.width * p.height < 2:
            raise PuzzleError("Tatham's Pattern needs at least two cells")
        desc = slashed_runs(lines)
        if grid:
            desc += "," + _tatham_encode_givens("".join(grid))
        return f"{p.width}x{p.height}:{desc}"

    def read_non(self, text: str) -> Instance:
        """A NON file (webpbn's format): its clues; a `goal` in it must fit them."""
        non = read_non(text, EARLY)
        inst = self._instance(non.cols, non.rows, where=non.where)
        if non.goal is not None:
            goal = [tuple(int(ch != "0") for ch in row) for row in non.goal]
            for kind, k, line in [("row", r, goal[r]) for r in range(non.height)] + \
                                 [("col", c, [row[c] for row in goal]) for c in range(non.width)]:
                if runs(line) != inst.clues[(kind, k)]:
                    raise PuzzleError(f"the goal's {kind} {k + 1} does not fit its clue")
        return inst

    def write_non(self, inst: Instance) -> str:
        return write_non(*self._non_clues(inst))

    def write_non_solution(self, inst: Instance, solution: Grid) -> str:
        return write_non(*self._non_clues(inst), ["".join(str(v) for v in row) for row in solution])

    def _non_clues(self, inst: Instance) -> tuple[list, list]:
        """The clue lists a NON file holds: every line's clue, and no given cell."""
        cols, rows = self.clue_lists(inst)
        if self.givens(inst) is not None or None in cols + rows:
            raise PuzzleError("a NON file holds every line's clue and no given cell: this board has "
                              + ("given cells" if self.givens(inst) is not None else "a line without a clue"))
        return cols, rows

    def from_puzzlink(self, link: PuzzLink) -> Instance:
        """puzz.link's `nonogram`: the numbers outside the grid (`numbers16`), (rows + 1) // 2
        slots above each column, then (cols + 1) // 2 left of each row, each line's slots from
        the grid outwards, empty ones skipped; a line without numbers is all white."""
        SIZE.check(self.name, link.cols, link.rows, line=1, column=link.column)
        above, left = (link.rows + 1) // 2, (link.cols + 1) // 2
        values = Cursor(link.body, link.column).read_numbers16(link.cols * above + link.rows * left)
        lines: list[list[int]] = []
        for start, slots in [(j * above, above) for j in range(link.cols)] + \
                [(link.cols * above + i * left, left) for i in range(link.rows)]:
            clue = [v for v in reversed(values[start:start + slots]) if v is not None]
            if any(v < 1 for v in clue):
                kind, k = ("col", start // above) if start < link.cols * above else \
                    ("row", (start - link.cols * above) // left)
                bad = "?" if LINK_UNKNOWN in clue else "0"
                raise PuzzleError(f"{kind} {k + 1} clue {quote(bad)}: puzz.link's nonogram gives every run's "
                                  "length, at least 1", 1, link.column)
            lines.append(clue)
        return self._instance(lines[:link.cols], lines[link.cols:])

    def puzzlink(self, inst: Instance) -> PuzzLink:
        """The `nonogram` address (as pzprjs writes it, each line's numbers next to the grid);
        puzz.link has no line without a clue and no given cells."""
        if self.givens(inst):
            raise PuzzleError("puzz.link's nonogram has no given cells: this board has some")
        cols, rows = self.clue_lists(inst)
        p = inst.params
        values: list[int | None] = []
        for lines, slots in ((cols, (p.height + 1) // 2), (rows, (p.width + 1) // 2)):
            for clue in lines:
                if clue is None:
                    raise PuzzleError("puzz.link's nonogram has a clue for every line (none: all white): "
                                      "this board leaves some out")
                values += list(reversed(clue)) + [None] * (slots - len(clue))
        return PuzzLink("nonogram", p.width, p.height, write_numbers16(values))

    def from_pzprv3(self, pzl: Pzprv3File) -> tuple[Instance, Grid]:
        """One block: (rows + 1) // 2 lines of the columns' numbers above the grid, then each
        row after (cols + 1) // 2 of its numbers, then its cells (`#` painted, `+` marked
        white); a line's numbers run from the top (the left), `.` an empty slot."""
        above, left = (pzl.rows + 1) // 2, (pzl.cols + 1) // 2
        block = pzl.located(above + pzl.rows, left + pzl.cols, ".")

        def clue(slots: list[Token]) -> list[int]:
            out = []
            for t in map(side_number, slots):
                if t.text != "." and not t.text.isdecimal():
                    raise bad_item(t, "is no run length (a number, or . for none)")
                if t.text != ".":
                    out.append(int(t.text))
            return out
        cols = [[block[i][left + j] for i in range(above)] for j in range(pzl.cols)]
        rows = block[above:]
        where = {**{("col", j): (line[0].line, line[0].column) for j, line in enumerate(cols)},
                 **{("row", i): (line[0].line, line[0].column) for i, line in enumerate(rows)}}
        inst = self._instance([clue(line) for line in cols], [clue(line[:left]) for line in rows], where=where)
        return inst, tuple(tuple(int(t.text == "#") for t in line[left:]) for line in rows)

    def pzprv3(self, inst: Instance, solution: Grid | None) -> Pzprv3Writer:
        """As the address: no given cells, a clue for every line."""
        if self.givens(inst):
            raise PuzzleError("pzprjs's nonogram has no given cells: this board has some")
        cols, rows = self.clue_lists(inst)
        if any(clue is None for clue in cols + rows):
            raise PuzzleError("pzprjs's nonogram has a clue for every line (none: all white): "
                              "this board leaves some out")
        p = inst.params
        above, left = (p.height + 1) // 2, (p.width + 1) // 2

        def slots(clue: tuple[int, ...], size: int) -> list[Any]:
            return ["."] * (size - len(clue)) + list(clue)
        tops = [slots(clue, above) for clue in cols]
        lines = [["."] * left + [top[i] for top in tops] for i in range(above)]
        lines += [slots(clue, left) + ["#" if solution and solution[r][c] else "." for c in range(p.width)]
                  for r, clue in enumerate(rows)]
        return Pzprv3Writer("nonogram", p.height, p.width).items(lines)

    def from_json(self, text: str) -> Instance:
        """`cols` (or `top`) and `rows` (or `side`): a clue a line, each a list of run
        lengths (null: unknown); `grid`, when given, rows of # . ?; `width` and `height`,
        when given, the number of columns and rows."""
        doc = JsonObject(text, self.name, ("width", "height", "cols", "top", "rows", "side", "grid"), self.aliases)
        doc.size(EARLY)
        lists = []
        for name, other in (("cols", "top"), ("rows", "side")):
            if name in doc and other in doc:
                raise doc.error(other, f"and {quote(name)} are the same field: give one")
            key = name if name in doc or other not in doc else other
            lists.append((key, doc.array(key, what="clues, each a list of run lengths (null: unknown)")))
        (ckey, cols), (rkey, rows) = lists
        EARLY(len(cols), len(rows), doc.where(ckey)[0])
        grid = doc.array("grid", None, len(rows), "rows of # . ?")
        inst = self._instance(run_lists(cols, doc.where(ckey)[0], ckey),
                              run_lists(rows, doc.where(rkey)[0], rkey),
                              self._grid_list(grid, doc.where("grid")[0]) if grid is not None else None)
        doc.agrees("width", inst.params.width, "the clues give")
        doc.agrees("height", inst.params.height, "the clues give")
        return inst

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        cols, rows = self.clue_lists(inst)
        grid = self.givens(inst)
        data: dict[str, Any] = {"width": inst.params.width, "height": inst.params.height,
                                "cols": [None if c is None else list(c) for c in cols],
                                "rows": [None if c is None else list(c) for c in rows]}
        if grid:
            data["grid"] = grid
        return data

    # ---- writing ---------------------------------------------------------------------
    def clue_lists(self, inst: Instance) -> tuple[list, list]:
        p = inst.params
        return ([inst.clues.get(("col", j)) for j in range(p.width)],
                [inst.clues.get(("row", i)) for i in range(p.height)])

    def givens(self, inst: Instance) -> list[str] | None:
        """The given cells as rows of # . ? (None when the puzzle has none)."""
        p = inst.params
        if not any(k[0] == "cell" for k in inst.clues):
            return None
        sym = {1: BLACK, 0: WHITE, None: UNKNOWN}
        return ["".join(sym[inst.clues.get(("cell", r, c))] for c in range(p.width))
                for r in range(p.height)]

    @staticmethod
    def solution_rows(solution: Grid) -> list[str]:
        """A painted grid as rows of # and ."""
        return ["".join(BLACK if v else WHITE for v in row) for row in solution]

    def show_text(self, inst: Instance) -> str:
        """The board for a terminal: column clues stacked above, row clues to the left, a heavy
        line every five cells; a given black cell is solid, a given white one '×'."""
        cols, rows = self.clue_lists(inst)
        grid = self.givens(inst) or [UNKNOWN * inst.params.width] * inst.params.height

        def labels(clue: tuple[int, ...] | None) -> list[str]:
            return ["?"] if clue is None else [str(v) for v in clue] or ["0"]

        shown = {BLACK: FILL, WHITE: "×", UNKNOWN: "·"}
        return box_grid([[shown[ch] for ch in row] for row in grid],
                        [[(r // 5, c // 5) for c in range(len(row))] for r, row in enumerate(grid)],
                        inner=NONE, pad=0, align="right", top=[labels(c) for c in cols],
                        left=[" ".join(labels(r)) for r in rows])

    def describe_clue(self, key, value) -> str:
        if key[0] == "cell":
            return f"r{key[1] + 1}c{key[2] + 1}={BLACK if value else WHITE}"
        return f"{key[0]} {key[1] + 1}: {' '.join(map(str, value)) or '0'}"

    def clue_json(self, key, value) -> dict:
        if key[0] == "cell":
            return {"row": key[1] + 1, "col": key[2] + 1, "black": bool(value)}
        return {key[0]: key[1] + 1, "runs": list(value)}

    def canonical(self, inst: Instance) -> str:
        """The least text among the board's turns and mirrors: each line's clue goes to the
        line it turns into, read backwards where the turn reverses it; givens move along."""
        p = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            clues: dict = {}
            for key, value in inst.clues.items():
                if key[0] == "cell":
                    clues[("cell", *sym.cell(key[1], key[2]))] = value
                    continue
                kind, index, backwards = sym.line(*key)
                clues[(kind, index)] = tuple(value)[::-1] if backwards else tuple(value)
            params = NonogramParams(p.height, p.width) if sym.transposes else p
            forms.append(self.format(Instance(self.name, params, clues), "text"))
        return min(forms)

    # ---- for language models ----------------------------------------------------------
    board_legend = ("`cols:` then one line per column, left to right, its runs from top to bottom; `rows:` then "
                    "one line per row, top to bottom, its runs from left to right; `0` a line with no black "
                    "cell, `?` a line whose clue is not given. Lines after `grid:`, when there are some, give "
                    "cells: `#` black, `.` white, `?` not given")
    answer_format = ("the painted grid: one row per line, cells separated by single spaces, `#` a black cell "
                     "and `.` a white one")

    def answer_text(self, inst: Instance, solution: Grid) -> str:
        return grid_text([BLACK if v else WHITE for v in row] for row in solution)

    def read_answer(self, inst: Instance, text: str) -> Grid:
        p = inst.params
        return tuple(tuple(int(v) for v in row) for row in read_grid(text, p.height, p.width, SHADES, "cell"))

    # ---- pictures -------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham's Pattern: column clues stacked above the grid, row clues left of it,
        painted cells black (givens: black, or a dot for white)."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        size = 0.5 if max(p.width, p.height) <= 40 else 0.45
        board.column_clues([inst.clues.get(("col", c), ()) or (0,) for c in range(p.width)], size)
        board.row_clues([inst.clues.get(("row", r), ()) or (0,) for r in range(p.height)], size)
        for r in range(p.height):
            for c in range(p.width):
                given = inst.clues.get(("cell", r, c))
                black = solution[r][c] if solution is not None else given
                if black:
                    board.shade(r, c, "black")
                elif given == 0:
                    board.symbol(r, c, "dot", 0.2)
        board.grid()

    # ---- SAT -------------------------------------------------------------------------
    def caches_rules(self, params: NonogramParams) -> bool:
        """Universal readers need no pool for clues, so a board's are built once per process
        (graders open fresh sessions for every puzzle). Even 30x30's 1.3 million clauses
        (about 150 MB as lists): building them for every record cost more time and more
        peak memory than keeping them (25x25, 10 records: 4.1 s and 464 MB rebuilt, 2.1 s
        and 388 MB kept)."""
        return self._universal(params)

    def _universal(self, params: NonogramParams) -> bool:
        return max(params.width, params.height) <= self.universal_max

    def rules(self, params: NonogramParams, pool: IDPool) -> Rules:
        """Every line's universal reader, built once per session, so that a clue costs only
        a few literals: the right trade when one session checks many puzzles. Lines longer
        than `universal_max` (the reader grows with the cube of the length) get no reader;
        each clue then brings its own small automaton instead."""
        return _build_rules(params, pool, self._universal(params))

    def one_shot_rules(self, params: NonogramParams, pool: IDPool) -> Rules:
        """One question: a start ladder per clue costs far less than every line's reader
        (and than an automaton per clue: building and loading them is most of the check)."""
        return _build_rules(params, pool, universal=False, one_shot=True)

    def clue_clauses(self, params: NonogramParams, rules: Rules, key, value) -> list[list[int]]:
        data: NonogramVars = rules.data
        if key[0] == "cell":
            v = data.cell[key[1]][key[2]]
            return [[v if value else -v]]
        clue, length = tuple(value), params.length(key[0])
        if not fits(clue, length):
            return [[]]  # a clue that cannot fit its line: its selector can never hold
        if key in data.readers:
            return [[u] for u in data.readers[key].clue_units(clue)]
        cells = [data.cell[r][c] for r, c in params.cells(key)]
        if data.one_shot:
            return start_ladder(clue, cells, data.pool)
        return encode_line(clue_shape(clue, length), cells, data.pool)

    def decode(self, params: NonogramParams, rules: Rules, true_vars) -> Grid:
        return tuple(tuple(int(v in true_vars) for v in row) for row in rules.data.cell)

    def solution_literals(self, params: NonogramParams, rules: Rules, solution: Grid) -> list[int]:
        return [v if solution[r][c] else -v
                for r, row in enumerate(rules.data.cell) for c, v in enumerate(row)]

    # ---- CP-SAT ----------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """Each line clue as CP-SAT's own automaton over the pattern 0* 1^k1 0+ ... 1^km 0*."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        x = [[model.new_bool_var(f"x{r}_{c}") for c in range(p.width)] for r in range(p.height)]
        for key, value in inst.clues.items():
            if key[0] == "cell":
                model.add(x[key[1]][key[2]] == value)
                continue
            line = [x[r][c] for r, c in p.cells(key)]
            if not fits(value, len(line)):
                model.add_bool_or([])  # infeasible
                continue
            final, transitions = _pattern_automaton(value)
            model.add_automaton(line, 0, [final], transitions)
        flat = [v for row in x for v in row]
        return CpModel(model, flat, lambda value: tuple(tuple(value(v) for v in row) for row in x))

    # ---- independent check -----------------------------------------------------------
    def candidates(self, params: NonogramParams) -> Iterable[Grid]:
        """All 2^(width*height) grids."""
        w, h = params.width, params.height
        for bits in itertools.product((0, 1), repeat=w * h):
            yield tuple(tuple(bits[r * w:(r + 1) * w]) for r in range(h))

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = [f"r{r + 1}c{c + 1} holds {v}, not 0 or 1"
                    for r, row in enumerate(solution) for c, v in enumerate(row) if v not in (0, 1)]
        columns = list(zip(*solution))
        for key, value in inst.clues.items():
            if key[0] == "cell":
                if solution[key[1]][key[2]] != value:
                    problems.append(f"given {self.describe_clue(key, value)} not kept")
                continue
            got = runs(solution[key[1]] if key[0] == "row" else columns[key[1]])
            if got != tuple(value):
                problems.append(f"{key[0]} {key[1] + 1} reads {' '.join(map(str, got)) or '0'}, "
                                f"clue says {' '.join(map(str, value)) or '0'}")
        return problems


def _pattern_automaton(clue: Runs) -> tuple[int, list[tuple[int, int, int]]]:
    """A DFA for a clue: state j = how much of the pattern 1^k1 0 1^k2 ... 1^km is matched;
    extra whites are allowed at the start, between runs and at the end. Returns the
    accepting state and the (state, colour, next state) transitions."""
    pattern = "0".join("1" * k for k in clue)
    end = len(pattern)
    transitions = []
    for j in range(end + 1):
        if j == 0 or j == end or pattern[j - 1] == "0":
            transitions.append((j, 0, j))
        if j < end:
            transitions.append((j, int(pattern[j]), j + 1))
    return end, transitions


# ---- line solving (plain Python, for the generator's repair) -----------------------------
#
# One line is solved over bit masks (bit t: cell t, or the boundary before cell t) with a
# virtual white cell n at the end, so every run is a *block*: k blacks, then a white.
# `done[i]`: the boundaries t where blocks 0..i-1 and whites can fill cells 0..t-1;
# `rest[i]`: the boundaries t where blocks i.. and whites can fill cells t..n. Each is a
# few big-integer operations per run, not a loop over cells.


def _spans(mask: int, k: int) -> int:
    """Bit p set where `mask` has all of bits p..p+k-1 (k >= 1), by doubling."""
    have = 1
    while have < k:
        step = min(have, k - have)
        mask &= mask >> step
        have += step
    return mask


def _spread(mask: int, k: int) -> int:
    """Bits p..p+k-1 for every bit p of `mask` (k >= 1), by doubling."""
    have = 1
    while have < k:
        step = min(have, k - have)
        mask |= mask << step
        have += step
    return mask


def _fill_up(seeds: int, through: int) -> int:
    """`seeds` and every bit t+1 reached from a bit t that is in `through`: the carry of
    an addition runs up each block of `through` from its lowest seed (seeds higher in the
    block are lost to the carry and put back by the final or)."""
    inside = seeds & through
    return ((through + inside) ^ through) | seeds


def _fill_down(seeds: int, steps: list[tuple[int, int]]) -> int:
    """`seeds` and every bit t reached from bit t+1 through bits t of the mask that
    `steps` was built from (`_down_steps`): jumps of 1, 2, 4, ... (a prefix scan)."""
    for shift, allowed in steps:
        seeds |= (seeds >> shift) & allowed
    return seeds


def _down_steps(through: int, size: int) -> list[tuple[int, int]]:
    """For `_fill_down` over `size` bits: (s, bits t with t..t+s-1 all in `through`)."""
    steps, shift = [], 1
    while shift < size:
        steps.append((shift, through))
        through &= through >> shift
        shift *= 2
    return steps


@lru_cache(maxsize=1 << 12)
def line_masks(clue: Runs, n: int, black: int, white: int) -> tuple[int, int] | None:
    """The cells of one line (bit masks over its n cells) that some completion matching
    `clue` can make black, and those it can make white, given the cells known `black` and
    `white` (a run of length 0 lies on a white cell); None: no completion. Cached (small,
    immutable answers): every puzzle starts with its lines empty, and a clue met before
    on an empty line costs nothing."""
    size = n + 1  # the cells and the virtual white one
    can_be_white = ((1 << size) - 1) & ~black
    can_be_black = ((1 << n) - 1) & ~white
    fit = []  # fit[i]: starts p where run i can lie, with a white cell right after it
    for k in clue:
        fit.append((_spans(can_be_black, k) if k else -1) & (can_be_white >> k))
    done = [_fill_up(1, can_be_white)]
    for k, fits_i in zip(clue, fit):
        done.append(_fill_up((done[-1] & fits_i) << (k + 1), can_be_white))
    steps = _down_steps(can_be_white, size + 1)
    rest = [_fill_down(1 << size, steps)]
    for k, fits_i in zip(reversed(clue), reversed(fit)):
        rest.append(_fill_down((rest[-1] >> (k + 1)) & fits_i, steps))
    rest.reverse()
    if not rest[0] & 1:
        return None
    blacks = whites = 0
    for i, k in enumerate(clue):
        if k:  # a run of length 0 (not a real clue, but allowed) paints nothing
            blacks |= _spread(done[i] & fit[i] & (rest[i + 1] >> (k + 1)), k)
    for before, after in zip(done, rest):
        whites |= before & after  # boundary t+1: cells ..t done, cell t white
    return blacks, (whites >> 1) & ((1 << n) - 1)


def line_options(clue: Runs, known: list[int | None]) -> list[set[int]] | None:
    """For each cell of one line, the colours some completion of `known` matching `clue`
    gives it (None: no completion)."""
    black = sum(1 << t for t, v in enumerate(known) if v == 1)
    white = sum(1 << t for t, v in enumerate(known) if v == 0)
    found = line_masks(tuple(clue), len(known), black, white)
    if found is None:
        return None
    blacks, whites = found
    return [{colour for colour, mask in ((1, blacks), (0, whites)) if mask >> t & 1}
            for t in range(len(known))]


@dataclass
class _LineState:
    """What is known of every line, as bit masks along it (bit t: its t-th cell): the
    black cells, the white ones, and all known ones (a value other than 0 or 1 counts
    as known but neither colour, as `line_options` reads it)."""

    black: dict[tuple[str, int], int]
    white: dict[tuple[str, int], int]
    known: dict[tuple[str, int], int]

    @classmethod
    def of(cls, params: NonogramParams, known: dict) -> _LineState:
        state = cls({}, {}, {})
        for key in params.lines():
            state.black[key] = state.white[key] = state.known[key] = 0
        for r in range(params.height):
            for c in range(params.width):
                if (r, c) in known:
                    state.set(r, c, known[r, c])
        return state

    def set(self, r: int, c: int, value: object) -> None:
        for key, t in ((("row", r), c), (("col", c), r)):
            bit = 1 << t
            self.known[key] |= bit
            if value == 1:
                self.black[key] |= bit
            elif value == 0:
                self.white[key] |= bit


def line_solve(params: NonogramParams, clues: dict,
               start: dict[tuple[int, int], int] | None = None) -> dict[tuple[int, int], int] | None:
    """The cells that line-by-line reasoning fixes (each line alone, to a fixpoint, as
    Tatham's solver does); None if the clues contradict each other that way. `start`:
    cells already known to follow from a subset of these clues (then only the lines
    through newly known cells are looked at first)."""
    known = dict(start or {})
    fresh = {(k[1], k[2]): v for k, v in clues.items() if k[0] == "cell" and (k[1], k[2]) not in known}
    known.update(fresh)
    if start is None:
        todo = [key for key in params.lines() if key in clues]
    else:
        todo = list(dict.fromkeys(key for r, c in fresh for key in (("row", r), ("col", c)) if key in clues))
    queued = set(todo)
    state = _LineState.of(params, known)
    while todo:
        key = todo.pop()
        queued.discard(key)
        found = line_masks(tuple(clues[key]), params.length(key[0]), state.black[key], state.white[key])
        if found is None:
            return None
        blacks, whites = found
        new_black, new = blacks & ~whites & ~state.known[key], (blacks ^ whites) & ~state.known[key]
        while new:
            t = (new & -new).bit_length() - 1
            new &= new - 1
            r, c = (key[1], t) if key[0] == "row" else (t, key[1])
            known[r, c] = new_black >> t & 1
            state.set(r, c, known[r, c])
            cross = ("col", c) if key[0] == "row" else ("row", r)
            if cross in clues and cross not in queued:
                queued.add(cross)
                todo.append(cross)
    return known


def _tatham_givens(code: str, params: NonogramParams, column: int) -> list[str]:
    """Tatham's clue-squares suffix: a letter per given cell, lower case white and upper
    case black, its distance from the previous given as the letter's offset from a/A;
    'z' skips 25 cells without a given; a final letter may only skip the tail."""
    area = params.width * params.height
    cells = [UNKNOWN] * area
    i = 0
    for pos, ch in enumerate(code):
        if i >= area:
            raise PuzzleError("too much data in the given-cells section", 1, column + pos)
        if not ("a" <= ch.lower() <= "z"):
            raise PuzzleError(f"unexpected {quote(ch)} in the given-cells section", 1, column + pos)
        i += ord(ch.lower()) - ord("a")
        if ch.lower() != "z" and i < area:
            cells[i] = BLACK if ch.isupper() else WHITE
            i += 1
        elif i > area:
            raise PuzzleError("too much data in the given-cells section", 1, column + pos)
    if i < area:
        raise PuzzleError("too little data in the given-cells section", 1, column + len(code))
    w = params.width
    return ["".join(cells[r * w:(r + 1) * w]) for r in range(params.height)]


def _tatham_encode_givens(cells: str) -> str:
    out, run = [], 0
    for ch in cells:
        if ch in (BLACK, WHITE):
            out.append(chr((ord("A") if ch == BLACK else ord("a")) + run))
            run = 0
        else:
            run += 1
            if run == 25:
                out.append("z")
                run = 0
    if run:
        out.append(chr(ord("a") + run))
    return "".join(out)


PUZZLE = Nonogram()
