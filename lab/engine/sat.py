"""The SAT engine: one incremental python-sat solver per puzzle structure.

The rules are loaded once; each clue is a literal (the clue's own variable when the clue
is a single fact, otherwise a selector guarding its clauses) and a puzzle is just a list of
assumptions. "A solution different from S" is a blocking clause behind a guard literal, so
the same solver serves every grid of the same size. Lazy cuts (connectivity, one loop) are
added when a model breaks them and stay, because the rules imply them.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Generator, Iterable
from contextlib import closing
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import pysolvers
from pysat.card import EncType, ITotalizer
from pysat.formula import IDPool
from pysat.solvers import Solver, SolverNames

from ..toolkit.counting import cardinality
from .puzzle import Clause, ClueKey, CluePuzzle, Clues, Exactly, Instance, PuzzleType, Rules

if TYPE_CHECKING:
    import numpy as np

    from .rounds import Formula
# numpy (and lab.rounds, built on it) load only where they are used: `check` and `solve`
# then start without them, 0.04 s of a 0.1 s command (scripts/bench_cli.py).

NATIVE_CARDINALITY = {"mc", "minicard", "gc3", "gluecard3", "gc4", "gluecard4"}
# At-most-one over more literals than this: a sequential counter (linear size). Pairwise
# propagates the same but gives the solver no helper variables to branch on, which made a
# minimal 25x25 sudoku over three times faster (BENCHMARKS.md; scripts/bench_sudoku.py --big).
PAIRWISE_MAX = 25

DEFAULT_SOLVER = "cd153"  # CaDiCaL 1.5.3: fastest in scripts/bench_sudoku.py (see README)

# Options per solver family. CaDiCaL with chronological backtracking on ("chrono") scans the
# whole reason clause for the level of every literal it propagates through a long clause,
# and the stripping loop's calls are nearly all propagation; plain backjumping answers the
# same questions with fewer instructions (BENCHMARKS.md; scripts/bench_instructions.py).
SOLVER_OPTIONS: dict[tuple[str, ...], dict[str, int]] = {
    SolverNames.cadical103 + SolverNames.cadical153 + SolverNames.cadical195: {"chrono": 0},
}


@dataclass(frozen=True)
class Budget:
    """Limits for one question (`SatSession.find`: every solve of its rounds of lazy cuts
    together). When one runs out the answer is "unknown", never a guess."""

    conflicts: int | None = None
    seconds: float | None = None

    @property
    def unlimited(self) -> bool:
        return self.conflicts is None and self.seconds is None


UNLIMITED = Budget()


_UNINTERRUPTIBLE = frozenset(SolverNames.cadical103 + SolverNames.cadical153 + SolverNames.cadical195)


def releases_gil(solver_name: str) -> bool:
    """Whether `solve_limited(expect_interrupt=...)` may be asked to let other threads run:
    pysat then releases the GIL for the search (else it holds it throughout), so the CLI's
    --timeout watchdog and Ctrl-C reach the main thread while a solver searches (a 5 s grade
    search on an open 30x30 Light Up held `check --timeout 1` to 6.8 s). Not CaDiCaL, whose
    pysat binding refuses it."""
    return solver_name not in _UNINTERRUPTIBLE


class Spending:
    """What is left of one question's budget across its solves. A puzzle with lazy rules
    (loops, connectivity) re-solves after each round of cuts; counted per solve, a
    1,000-conflict question on a Tracks board ran 96 s. So conflicts are summed over the
    rounds (from the solver's own statistics) and `seconds` is a deadline for all of them."""

    def __init__(self, solver: Any, budget: Budget):
        self.budget = budget
        self._solver = solver
        self._start = time.perf_counter() if budget.seconds is not None else 0.0
        self._conflicts = _conflicts(solver) if budget.conflicts is not None else 0

    def left(self) -> Budget | None:
        """The budget for the next solve; None once it is spent."""
        budget = self.budget
        if budget.unlimited:
            return budget
        conflicts = seconds = None
        if budget.conflicts is not None:
            conflicts = budget.conflicts - (_conflicts(self._solver) - self._conflicts)
            if conflicts <= 0:
                return None
        if budget.seconds is not None:
            seconds = budget.seconds - (time.perf_counter() - self._start)
            if seconds <= 0:
                return None
        return Budget(conflicts, seconds)


def _conflicts(solver: Any) -> int:
    """The conflicts a pysat solver has met in all its solves so far."""
    return int((solver.accum_stats() or {}).get("conflicts", 0))


class Unknown(Exception):
    """A budget ran out before the answer was known: not bad input, and never an answer."""


class Found:
    """Outcome of one satisfiability question: True (with a model), False, or None (budget).

    The solution is decoded only when asked for: the stripping loop mostly needs only
    whether a clue literal holds in the model."""

    __slots__ = ("sat", "_model", "_session", "_call", "_solution", "_true", "_literals")

    def __init__(self, sat: bool | None, session: SatSession | None = None):
        self.sat = sat
        self._session = session
        self._call = session.epoch if session is not None else 0
        self._model: list[int] | None = None
        self._solution = None
        self._true: frozenset[int] | None = None
        self._literals: frozenset[int] | None = None

    @property
    def model(self) -> list[int]:
        """The solver's model, fetched on first use (fetching costs as much as a small solve)."""
        if self._model is None:
            s = self._session
            if not self.sat or s is None:
                self._model = []
            elif s.epoch != self._call:  # CaDiCaL aborts on a stale model: fail politely instead
                raise RuntimeError("model read after the solver moved on")
            else:
                self._model = s.solver.get_model()
        return self._model

    def value(self, lit: int) -> bool:
        model = self._model if self._model is not None else self.model
        v = abs(lit)
        return v <= len(model) and model[v - 1] == lit

    @property
    def literals(self) -> frozenset[int]:
        """Every literal the model makes true: a guarded clue's many clauses are then checked
        by set operations (`SatSession.holds`), not literal by literal."""
        if self._literals is None:
            self._literals = frozenset(self.model)
        return self._literals

    @property
    def true_vars(self) -> frozenset[int]:
        if self._true is None:
            self._true = frozenset(l for l in self.model if l > 0)
        return self._true

    @property
    def solution(self) -> Any:
        s = self._session
        if self._solution is None and self.sat and s is not None:
            self._solution = s.ptype.decode(s.params, s.rules, self.true_vars)
        return self._solution


@dataclass
class Count:
    solutions: list
    complete: bool  # True when the count is exact (search finished below the limit or hit it)

    @property
    def n(self) -> int:
        return len(self.solutions)

    @classmethod
    def collect(cls, found: Generator[Any, None, None], limit: int) -> Count:
        """Solutions from `found` up to `limit`; not complete when it raises Unknown (a
        budget ran out). The iterator is closed either way."""
        solutions: list = []
        with closing(found):
            try:
                for solution in found:
                    solutions.append(solution)
                    if len(solutions) >= limit:
                        break
            except Unknown:
                return cls(solutions, complete=False)
        return cls(solutions, complete=True)


@dataclass
class Check:
    """The answer to "is this puzzle unique?"."""

    status: str  # unique | ambiguous | unsolvable | unknown
    solutions: list = field(default_factory=list)
    conflict: list = field(default_factory=list)  # clue keys that cannot all hold together


_RULES_CACHE: dict[tuple[type, Any], tuple[Rules, IDPool]] = {}


def _rules_for(ptype: CluePuzzle, params: Any, one_shot: bool = False,
               stripping: bool = False) -> tuple[Rules, IDPool]:
    """The rules and a private variable pool. Where the puzzle allows it (`rules_cacheable`)
    the CNF is built once per process: fresh solvers (grading) then cost only the load.
    `stripping`: the puzzle's `stripping_rules`, where it has them."""
    if one_shot:
        pool = IDPool()
        return ptype.one_shot_rules(params, pool), pool
    if stripping and ptype.implements("stripping_rules"):
        pool = IDPool()
        return ptype.stripping_rules(params, pool), pool
    if not ptype.rules_cacheable(params):
        pool = IDPool()
        return ptype.rules(params, pool), pool
    key = (type(ptype), params)
    if key not in _RULES_CACHE:
        pool = IDPool()
        _RULES_CACHE[key] = (ptype.rules(params, pool), pool)
        while len(_RULES_CACHE) > 8:
            _RULES_CACHE.pop(next(iter(_RULES_CACHE)))
    rules, pool = _RULES_CACHE[key]
    return rules, _copy_pool(pool)


def _copy_pool(pool: IDPool) -> IDPool:
    """An independent pool that knows the same variables and hands out new ids after them.
    (A shallow copy would not do: the pool's id table calls back into the original.)"""
    mine = IDPool(start_from=pool.top + 1, occupied=[list(o) for o in pool._occupied], with_neg=pool.with_neg)
    mine.obj2id.update(pool.obj2id)
    mine.id2obj.update(pool.id2obj)
    return mine


def at_most_one_clauses(rules: Rules, pool: IDPool) -> list[Clause]:
    """The rules' at-most-one constraints as CNF: pairwise up to PAIRWISE_MAX literals
    (strongest propagation, computed once per rules object), a sequential counter beyond."""
    if rules.pairwise is None:
        rules.pairwise = _pairwise([lits for lits in rules.at_most_one if len(lits) <= PAIRWISE_MAX])
    long = [cardinality("atmost", lits, 1, pool, EncType.seqcounter)
            for lits in rules.at_most_one if len(lits) > PAIRWISE_MAX]
    return rules.pairwise + [c for part in long for c in part]


def _pairwise(groups: list[list[int]]) -> list[Clause]:
    """[-a, -b] for every pair a < b within a group, each pair once, in the order first met
    (groups in order, pairs in reading order). On arrays: 25x25 sudoku has 750,000 pairs
    (687,500 once each), which took 1.0 s in Python loops and take 0.7 s here, most of it
    making the lists the solver takes."""
    import numpy as np

    sizes = sorted({len(g) for g in groups if len(g) > 1})
    if not sizes:
        return []
    stride = sizes[-1] ** 2  # more than any group's number of pairs
    order: list[np.ndarray] = []
    lows: list[np.ndarray] = []
    highs: list[np.ndarray] = []
    for size in sizes:
        which = np.array([i for i, g in enumerate(groups) if len(g) == size], np.int64)
        lits = np.array([groups[i] for i in which], np.int64)
        first, second = np.triu_indices(size, 1)
        a, b = lits[:, first].ravel(), lits[:, second].ravel()
        order.append((which[:, None] * stride + np.arange(len(first))).ravel())  # group, then pair
        lows.append(np.minimum(a, b))
        highs.append(np.maximum(a, b))
    met = np.argsort(np.concatenate(order))
    low, high = np.concatenate(lows)[met], np.concatenate(highs)[met]
    base = int(low.min())
    _, first_met = np.unique((low - base) * (int(high.max()) - base + 1) + (high - base), return_index=True)
    first_met.sort()
    return np.stack((-low[first_met], -high[first_met]), axis=1).tolist()


def count_clauses(lits: list[int], lo: int, hi: int, pool: IDPool) -> list[Clause]:
    """CNF for lo <= (true literals of `lits`) <= hi, sequential counters drawing their
    helper variables from `pool`. Bounds come from data, so the edge cases are written out
    instead of handed to CardEnc: a range nothing fits is the empty clause, a bound of none
    or of all is unit clauses."""
    lo, hi = max(lo, 0), min(hi, len(lits))
    if lo > hi:
        return [[]]
    out: list[Clause] = []
    if hi == 0:
        out += [[-l] for l in lits]
    elif hi < len(lits):
        out += cardinality("atmost", lits, hi, pool, EncType.seqcounter)
    if lo == len(lits):
        out += [[l] for l in lits]
    elif lo > 0:
        out += cardinality("atleast", lits, lo, pool, EncType.seqcounter)
    return out


# The C entry points behind `add_clause` for the solvers the lab uses: pysat's
# `append_formula` tests every clause's type and calls a Python method per clause, a third of
# a cold one-shot check's time (Towers: 4,000 clauses).
_RAW_ADD = {"Minicard": ("minicard_add_cl", "minicard"), "Cadical153": ("cadical153_add_cl", "cadical")}


def append_clauses(solver: Solver, clauses: Iterable[Clause]) -> None:
    """Add plain clauses (lists of ints) to `solver`, straight through its C entry point where
    the lab knows it. A clause that makes the formula unsatisfiable needs no flag here: the
    solver itself remembers it and answers False."""
    inner = solver.solver
    raw = _RAW_ADD.get(type(inner).__name__)
    if raw is None:
        solver.append_formula(clauses)
        return
    add, handle = getattr(pysolvers, raw[0]), getattr(inner, raw[1])
    for clause in clauses:
        add(handle, clause)


def add_at_most(solver: Solver, constraints: list[tuple[list[int], int]]) -> None:
    """Native "at most k of these" constraints, through Minicard's C entry point (pysat's
    wrapper costs as much again per call; a 9x9 sudoku has 324)."""
    inner = solver.solver
    if type(inner).__name__ != "Minicard":
        for lits, k in constraints:
            solver.add_atmost(lits, k)
        return
    handle, raw = inner.minicard, pysolvers.minicard_add_am
    for lits, k in constraints:
        raw(handle, lits, k)


def raw_propagator(solver: Solver) -> Callable[[list[int], int, int], tuple[int, list[int] | None]] | None:
    """Minicard's own `propagate` bound to `solver` (assumptions, phase saving, 0) -> (ok,
    what it set or None), for loops that make thousands of calls; None for other solvers."""
    inner = solver.solver
    if type(inner).__name__ != "Minicard":
        return None
    return partial(pysolvers.minicard_propagate, inner.minicard)


def propagator(solver: Solver) -> Callable[[list[int]], tuple[bool, list[int]]]:
    """`solver.propagate` without pysat's wrapper where the lab knows the C entry point: on
    Minicard the wrapper's interrupt bookkeeping costs 8 us against 1.3 us for the
    propagation itself (a 9x9 sudoku's probe), and grading probes hundreds of times."""
    inner = solver.solver
    if type(inner).__name__ == "Minicard":
        handle, raw = inner.minicard, pysolvers.minicard_propagate

        def propagate(lits: list[int]) -> tuple[bool, list[int]]:
            ok, implied = raw(handle, lits, 0, 0)
            return bool(ok), implied if implied is not None else []

        return propagate
    return lambda lits: solver.propagate(assumptions=lits)


def _count_constraints(guard: int | None, counts: list[Exactly], clauses: list[Clause]) -> list[tuple[list[int], int]]:
    """Exact counts as the native "at most k" constraints a session loads (and
    `SatSession.formula` reads back): unguarded, the rules' `exactly` ("at most n true",
    "at most len - n false"); guarded, a clue's, each padded with its guard once per unit of
    slack (guard on: the padding uses the slack up; off: the constraint is void; "at most
    all of them" is left out). A count nothing can meet becomes a clause in `clauses`."""
    out: list[tuple[list[int], int]] = []
    for count in counts:
        lits, m = list(count.lits), len(count.lits)
        if not 0 <= count.n <= m:
            clauses.append([-guard] if guard is not None else [])
            continue
        for side, bound in ((lits, count.n), ([-l for l in lits], m - count.n)):
            if guard is None:
                out.append((side, bound))
            elif bound < m:
                out.append((side + [guard] * (m - bound), m))
    return out


class SatSession:
    """Rules of one puzzle structure loaded into one incremental solver."""

    def __init__(self, ptype: CluePuzzle, params: Any, solver: str = DEFAULT_SOLVER, one_shot: bool = False,
                 tuned: bool = True, built: tuple[Rules, IDPool] | None = None, stripping: bool = False):
        """`tuned`: configure the solver with SOLVER_OPTIONS (tuned for the stripping loop).
        `built`: rules made elsewhere (`given`), instead of the structure's own.
        `stripping`: a generator's session, on the puzzle's `stripping_rules` if it has them."""
        self.ptype = ptype
        self.params = params
        # Count clues as native constraints: one-shot sessions (a stripping session asks
        # thousands of questions and probing goes better through a counter's literals), and
        # every session of a puzzle whose counts propagate as its clue clauses do
        # (`CluePuzzle.counts_natively`).
        self._native_counts = (one_shot or getattr(ptype, "counts_natively", False)) and \
            solver in NATIVE_CARDINALITY and ptype.implements("clue_counts")
        # `one_shot_rules` may leave out what native counts replace, so only with them.
        self.rules, self.pool = built or _rules_for(ptype, params, one_shot and (
            self._native_counts or not ptype.implements("clue_counts")), stripping)
        self.solver_name = solver
        self._tuned = tuned
        self._solver: Any = None  # loaded on first use (`solver`)
        self._unloaded: list[Clause] = []  # clue clauses made before then, loaded after the rules
        self._clue_lit: dict[tuple[ClueKey, Any], int] = {}
        self._lit_clue: dict[int, ClueKey] = {}
        self._guarded: dict[int, list[Clause]] = {}  # selector -> clauses (for evaluation)
        self._counted: dict[int, list[Exactly]] = {}  # selector -> native counts (for evaluation)
        self.calls = 0
        self.retired = 0  # guards switched off for good: each one's variable stays in every model
        self.epoch = 0  # bumped by every solve and every added clause
        self._has_cuts = ptype.implements("cuts")
        self._preferred: list[int] | None = None  # the literals the solver was last told to try first
        self._formula: tuple[int, Formula] | None = None  # (epoch, `formula()` then)

    @property
    def loaded(self) -> bool:
        """Has the solver been made (and the rules loaded into it)?"""
        return self._solver is not None

    @property
    def solver(self) -> Any:
        """The solver with the rules loaded, made on first use: a grade that unit propagation
        settles reads the rules as a `Formula` and never needs it (a 15x15 nonogram's rules
        are 100,000 clauses, 40% of its grade to load)."""
        if self._solver is None:
            self._solver = self._load()
        return self._solver

    def _load(self) -> Any:
        """A solver with the rules, native counts or their clauses, then the clue clauses
        made so far, in the order they were made."""
        solver = Solver(name=self.solver_name)
        for names, options in SOLVER_OPTIONS.items():
            if self.solver_name in names and self._tuned:
                solver.configure(options)  # before any clause: CaDiCaL's rule
        append_clauses(solver, self.rules.clauses)
        if self.solver_name in NATIVE_CARDINALITY:
            add_at_most(solver, [(lits, 1) for lits in self.rules.at_most_one])
            impossible: list[Clause] = []  # a count nothing can meet: the empty clause, no solution
            for lits, k in _count_constraints(None, self.rules.exactly, impossible):
                solver.add_atmost(lits, k)  # a repeat counts twice, as meant
            append_clauses(solver, impossible)
        else:
            append_clauses(solver, at_most_one_clauses(self.rules, self.pool))
            for count in self.rules.exactly:
                append_clauses(solver, count_clauses(list(count.lits), count.n, count.n, self.pool))
        append_clauses(solver, self._unloaded)
        self._unloaded = []
        if self.rules.phases:
            try:
                solver.set_phases(self.rules.phases)
            except NotImplementedError:  # CaDiCaL 1.0.3: a hint only, the answers are the same
                pass
        return solver

    def variables(self) -> int:
        """The solver's variable count, without loading it for the question: the largest
        variable of what it holds or would hold (its rules and clues; `formula`)."""
        if self._solver is None:
            formula = self.formula()
            if formula is not None:
                return formula.largest()
        return self.solver.nof_vars()

    def close(self) -> None:
        if self._solver is not None:
            self._solver.delete()

    def formula(self) -> Formula | None:
        """The constraints the solver holds, or will on loading (rules, native counts, clue
        clauses; not the cuts or units added later) as a `Formula`, for rounds of unit propagation outside the solver.
        The rules' part is built once per rules (cached rules serve every record).
        None for a solver without native counts, whose counters drew helper variables."""
        if self.solver_name not in NATIVE_CARDINALITY:
            return None
        from .rounds import Formula

        if self._formula is not None and self._formula[0] == self.epoch:
            return self._formula[1]
        if self.rules.formula is None:
            rule_clauses = list(self.rules.clauses)
            counts = _count_constraints(None, self.rules.exactly, rule_clauses)
            self.rules.formula = Formula(rule_clauses, [(lits, 1) for lits in self.rules.at_most_one] + counts, 0)
        base: Formula = self.rules.formula
        clauses = [clause for group in self._guarded.values() for clause in group]
        guards = [guard for guard, group in self._guarded.items() for _ in group]
        never: list[Clause] = []  # (unguarded: a count nothing can meet)
        counts = [cons for guard, group in self._counted.items() for cons in _count_constraints(guard, group, never)]
        loaded = self._solver.nof_vars() if self._solver is not None else 0
        formula = base.extended(never, counts, max(self.pool.top, loaded), (clauses, guards))
        self._formula = (self.epoch, formula)
        return formula

    def _add(self, clause: Clause) -> None:
        self.epoch += 1
        self.solver.add_clause(clause)

    # ---- clues as literals ----------------------------------------------------------
    def literal(self, key: ClueKey, value: Any) -> int:
        """The literal that switches clue `key = value` on (created once, then reused)."""
        lit = self._clue_lit.get((key, value))
        counts = None
        if lit is None and self._native_counts:
            counts = self.ptype.clue_counts(self.params, self.rules, key, value)
        if lit is None and counts is not None:
            lit = self.pool.id(("clue", key, value))
            self._add_counts(lit, counts)
            self._counted[lit] = counts
            self._clue_lit[(key, value)] = lit
            self._lit_clue[lit] = key
        elif lit is None:
            clauses = self.ptype.clue_clauses(self.params, self.rules, key, value)
            if len(clauses) == 1 and len(clauses[0]) == 1:
                lit = clauses[0][0]
            else:
                lit = self.pool.id(("clue", key, value))
                self.epoch += 1
                guarded = [[-lit, *clause] for clause in clauses]
                if self._solver is None:
                    self._unloaded += guarded
                else:
                    append_clauses(self._solver, guarded)
                self._guarded[lit] = clauses
            self._clue_lit[(key, value)] = lit
            self._lit_clue[lit] = key
        return lit

    def _add_counts(self, guard: int, counts: list[Exactly]) -> None:
        """guard -> each count, as native at-most constraints: "at most n true" and "at most
        len - n false", each padded with the guard itself, once for each unit of slack: with
        the guard on the padding uses the slack up, with it off the constraint is void.
        Native constraints count a repeated literal once per occurrence (tests/test_sat.py
        checks the solvers do), which is also how a count may hold a literal twice (Undead:
        a cell seen twice on one line counts twice)."""
        never: list[Clause] = []  # a count the literals cannot reach: the clue never holds
        for lits, k in _count_constraints(guard, counts, never):
            self.epoch += 1
            self.solver.add_atmost(lits, k)
        for clause in never:
            self._add(clause)

    def assumptions(self, clues: Clues) -> list[int]:
        return self.literals(clues.items())

    def literals(self, items: Iterable[tuple[ClueKey, Any]]) -> list[int]:
        """`literal` for many (key, value) pairs: the pairs themselves are the table's keys,
        so a known clue costs one dictionary look-up (the stripping loop's set-up)."""
        known = self._clue_lit.get
        return [known(pair) or self.literal(*pair) for pair in items]

    def clue_of(self, lit: int) -> ClueKey | None:
        """The clue whose literal `lit` is (None for any other literal)."""
        return self._lit_clue.get(lit)

    def is_guarded(self, lit: int) -> bool:
        """Does this clue literal switch on clauses (rather than being a fact itself)?"""
        return lit in self._guarded or lit in self._counted

    def holds_all(self, lits: list[int], found: Found) -> bool:
        """`holds` for every literal (the stripping loop's test of a group's clues)."""
        guarded, counted, value = self._guarded, self._counted, found.value
        for lit in lits:
            if not (self.holds(lit, found) if lit in guarded or lit in counted else value(lit)):
                return False
        return True

    def holds(self, lit: int, found: Found) -> bool:
        """Does a model satisfy a clue literal? Exact for fact literals; for guarded clues,
        True only when the model satisfies every clause of the clue (sound, maybe cautious)."""
        clauses = self._guarded.get(lit)
        if clauses is None:
            counts = self._counted.get(lit)
            return found.value(lit) if counts is None else all(c.holds(found.value) for c in counts)
        true = found.literals
        return all(not true.isdisjoint(c) for c in clauses)

    # ---- guards: clauses that can be switched off for good ---------------------------
    def guard(self, clauses: Iterable[Clause]) -> int:
        g = self.pool.id()  # a fresh variable, never reused
        for clause in clauses:
            self._add([-g, *clause])
        return g

    def retire(self, g: int) -> None:
        self._add([-g])
        self.retired += 1

    def prefer(self, literals: list[int]) -> None:
        """Have the solver try a solution's literals first, every primary variable not
        among them false (until the next `prefer`). A rival of a nearly unique puzzle
        differs from its solution in few places, so a search that starts from the solution
        finds it sooner (scripts/bench_sudoku.py --big). The first call sets every primary
        variable, later ones only those that change. A hint only: solvers that cannot take
        it go on as before."""
        now = set(literals)
        if self._preferred is None:
            phases = [v if v in now else -v for v in self.rules.primary]  # solution literals are primary
        else:
            phases = [-l for l in self._preferred if l not in now] + literals
        try:
            self.solver.set_phases(phases)
        except NotImplementedError:  # CaDiCaL 1.0.3
            return
        self._preferred = literals

    def solution_literals(self, solution: Any) -> list[int]:
        """The primary literals that pin `solution` down."""
        return self.ptype.solution_literals(self.params, self.rules, solution)

    def block_clause(self, solution: Any) -> Clause:
        return [-l for l in self.solution_literals(solution)]

    # ---- the one solver call everything goes through ---------------------------------
    def _call(self, assumptions: list[int], budget: Budget) -> bool | None:
        self.calls += 1
        self.epoch += 1
        if budget.unlimited and self.solver_name in _UNINTERRUPTIBLE:
            return self.solver.solve(assumptions=assumptions)
        if budget.conflicts is not None:
            self.solver.conf_budget(budget.conflicts)
        else:
            self.solver.conf_budget(-1)
        timer = None
        if budget.seconds is not None:
            if self.solver_name in _UNINTERRUPTIBLE:
                raise ValueError(f"{self.solver_name} (pysat's CaDiCaL) cannot be interrupted: give it a conflict "
                                 f"budget, or a seconds budget to a solver that can stop (mc, m22, g4)")
            timer = threading.Timer(budget.seconds, self.solver.interrupt)
            timer.start()
        try:
            result = self.solver.solve_limited(assumptions=assumptions, expect_interrupt=releases_gil(self.solver_name))
        finally:
            if timer is not None:
                timer.cancel()
                self.solver.clear_interrupt()
        return result

    def find(self, assumptions: list[int], budget: Budget = UNLIMITED, lazy: bool = False) -> Found:
        """A solution under the assumptions, adding lazy cuts until the model is real.
        `lazy`: leave the model in the solver until asked (the stripping loop mostly needs
        only SAT or UNSAT); it must then be read before the next call or added clause.
        `budget` bounds the whole question, all its rounds of cuts (`Spending`)."""
        spending = Spending(self.solver, budget) if self._has_cuts and not budget.unlimited else None
        left = budget
        while True:
            result = self._call(assumptions, left)
            if not result:
                return Found(result)
            found = Found(True, self)
            if not self._has_cuts:
                if not lazy:
                    _ = found.model  # fetched now, while the solver still holds it
                return found
            cuts = self.ptype.cuts(self.params, self.rules, found.solution, found.true_vars)
            if not cuts:
                return found
            self.add_clauses(cuts)  # one call for the round (a Dominosa round adds hundreds)
            if spending is not None:
                rest = spending.left()
                if rest is None:
                    return Found(None)
                left = rest

    # ---- what users ask ------------------------------------------------------------
    def solve(self, clues: Clues, budget: Budget = UNLIMITED) -> Found:
        return self.find(self.assumptions(clues), budget)

    def count(self, clues: Clues, limit: int, budget: Budget = UNLIMITED) -> Count:
        """Solutions up to `limit` (`each`, collected)."""
        return Count.collect(self.each(clues, budget), limit)

    def each(self, clues: Clues, budget: Budget = UNLIMITED) -> Generator[Any, None, None]:
        """Every solution, one at a time, each blocked (on primary variables) behind one
        guard that is retired when the caller stops; Unknown when a call's budget runs out."""
        base = self.assumptions(clues)
        g = self.guard([])
        try:
            while True:
                found = self.find(base + [g], budget)
                if found.sat is None:
                    raise Unknown("the solver's budget ran out while listing solutions")
                if not found.sat:
                    return
                solution = found.solution
                self._add([-g, *self.block_clause(solution)])
                yield solution
        finally:
            self.retire(g)

    def other_than(self, assumptions: list[int], solution: Any, budget: Budget = UNLIMITED) -> Found:
        """A solution different from `solution` under the assumptions (the uniqueness check)."""
        g = self.guard([self.block_clause(solution)])
        try:
            return self.find(assumptions + [g], budget)
        finally:
            self.retire(g)

    def check(self, clues: Clues, budget: Budget = UNLIMITED) -> Check:
        assumptions = self.assumptions(clues)
        first = self.find(assumptions, budget)
        if first.sat is None:
            return Check("unknown")
        if not first.sat:
            return Check("unsolvable", conflict=self.conflict(clues, budget))
        second = self.other_than(assumptions, first.solution, budget)
        if second.sat is None:
            return Check("unknown", [first.solution])
        if second.sat:
            return Check("ambiguous", [first.solution, second.solution])
        return Check("unique", [first.solution])

    def conflict(self, clues: Clues, budget: Budget = UNLIMITED) -> list[ClueKey]:
        """A small set of clues that cannot hold together: the UNSAT core, shrunk by
        dropping each clue in turn while the rest stays unsatisfiable."""
        assumptions = self.assumptions(clues)
        if self._call(assumptions, budget) is not False:
            return []
        core = list(self.solver.get_core() or [])
        i = 0
        while i < len(core) and len(core) <= 64:
            trial = core[:i] + core[i + 1:]
            if self._call(trial, budget) is False:
                core = [l for l in (self.solver.get_core() or trial)]
            else:
                i += 1
        return [self._lit_clue[l] for l in core if l in self._lit_clue]

    def random_solution(self, rng: random.Random, budget: Budget = UNLIMITED) -> Any:
        """A random solution that depends only on `rng` and the rules, not on what this
        solver did before: literals are fixed in a random order by SAT/UNSAT facts until
        the solution is unique, so the answer is a fact, whatever the solver learned."""
        primary = list(self.rules.primary)
        rng.shuffle(primary)
        fixed: list[int] = []
        found = self.find([], budget)
        if not found.sat:
            raise ValueError("these rules have no solution")
        for i, var in enumerate(primary):
            lit = var if rng.random() < 0.5 else -var
            trial = self.find(fixed + [lit], budget)
            if trial.sat:
                fixed.append(lit)
                found = trial
            elif trial.sat is False:
                fixed.append(-lit)
            if i % 8 == 7 and not self.other_than(fixed, found.solution, budget).sat:
                break
        final = self.find(fixed, budget)
        return final.solution

    # ---- a session without a puzzle: the caller's own formula ------------------------
    @classmethod
    def given(cls, ptype: CluePuzzle, inst: Instance, solver: str = DEFAULT_SOLVER) -> SatSession:
        """A session on `ptype.given_rules`: every clue of `inst` built into the rules, so
        it is asked with no clues at all (`check({})`)."""
        pool = IDPool()
        return cls(ptype, inst.params, solver, one_shot=True, built=(ptype.given_rules(inst, pool), pool))

    @classmethod
    def blank(cls, solver: str = DEFAULT_SOLVER) -> SatSession:
        """A session with no rules, for a caller that writes its own formula (a move puzzle:
        one formula per position) with `add_clauses`, `guard`, `count_clauses` and `Tally`,
        and asks under assumptions (`find`, `backbone`, `last_core`). Its solver keeps the
        solver's own defaults: SOLVER_OPTIONS are tuned for the stripping loop, and cores
        depend on them (with CaDiCaL's chrono off, 1 of 103 random unsatisfiable formulas
        measured got a different minimal core, so a different explanation)."""
        return cls(_NO_PUZZLE, None, solver, tuned=False)

    def add_clauses(self, clauses: Iterable[Clause]) -> None:
        """Clauses that hold for good (a blank session's own rules, a counter's CNF), in one
        call: a totalizer has thousands, and `_add` one by one took a third of a small
        blank session's time."""
        self.epoch += 1
        append_clauses(self.solver, clauses)

    def backbone(self, variables: list[int], assumptions: list[int], budget: Budget = UNLIMITED,
                 seen: Callable[[Found, int], None] | None = None) -> tuple[list[int], list[int]] | None:
        """Which of `variables` are true in every solution under `assumptions` and which are
        false in every one, as (always true, always false); None when nothing fits (then
        `last_core` says why). Every model found rules questions out: a variable is asked
        about only in a direction no model has shown yet, so when little is forced the
        calls are few. `seen` is shown each model found, in order, with how many of
        `variables` it makes true (a caller with a count to keep learns from that).
        A call that runs out of budget raises Unknown: "forced" is never a guess."""
        first = self.find(assumptions, budget)
        if first.sat is None:
            raise Unknown("the budget ran out before a first solution")
        if not first.sat:
            return None
        can_true: set[int] = set()
        can_false: set[int] = set()

        def learn(found: Found) -> None:
            model = found.model  # model[v - 1] is v or -v: cheaper than the set `true_vars`
            size, hits = len(model), 0
            for v in variables:
                if v <= size and model[v - 1] > 0:
                    can_true.add(v)
                    hits += 1
                else:
                    can_false.add(v)
            if seen is not None:
                seen(found, hits)

        learn(first)
        for v in variables:
            for have, lit in ((can_true, v), (can_false, -v)):
                if v not in have:
                    found = self.find(assumptions + [lit], budget)
                    if found.sat is None:
                        raise Unknown(f"the budget ran out asking whether literal {lit} can hold")
                    if found.sat:
                        learn(found)
        return [v for v in variables if v not in can_false], [v for v in variables if v not in can_true]

    def last_core(self, budget: Budget = UNLIMITED) -> list[int]:
        """After a call that was UNSAT under assumptions: assumptions that cannot all hold,
        each one needed (dropped in turn while the rest stays UNSAT; a call that runs out
        of budget keeps it). Empty when the clauses alone are UNSAT. Unlike `conflict` no
        size cap, and it starts from the call already made: the explanation a person reads
        is the one that call's core leads to."""
        core = list(self.solver.get_core() or [])
        i = 0
        while i < len(core):
            trial = core[:i] + core[i + 1:]
            if self._call(trial, budget) is False:
                core = list(self.solver.get_core() or trial)
            else:
                i += 1
        return core


class _NoPuzzle:
    """The puzzle of a blank session: no rules, no hooks, no cuts; a model's solution is its
    set of true variables. Only what a session asks of a puzzle, not a CluePuzzle."""

    name = ""

    def rules_cacheable(self, params: Any) -> bool:
        return False

    def rules(self, params: Any, pool: IDPool) -> Rules:
        return Rules(clauses=[], primary=[])

    def implements(self, hook: str) -> bool:
        return False

    def cuts(self, params: Any, rules: Rules, solution: Any, true_vars: frozenset[int]) -> list[Clause]:
        return []

    def decode(self, params: Any, rules: Rules, true_vars: frozenset[int]) -> frozenset[int]:
        return true_vars


_NO_PUZZLE: Any = _NoPuzzle()


class Tally:
    """How many of `lits` are true, as literals to assume: `between(lo, hi)` is a list of
    assumptions meaning lo <= count <= hi, so one solver asks under several bounds without
    adding clauses (a clause would stay for good). Two incremental totalizers, one counting
    true literals up to `most`, one counting false ones, for lower bounds down to `least`;
    a bound outside that range is refused (the totalizers have no output for it)."""

    def __init__(self, session: SatSession, lits: list[int], most: int, least: int = 0):
        self.size = len(lits)
        self.most, self.least = most, least
        self.never = session.pool.id()  # assumed when no count fits: the call is then UNSAT
        session.add_clauses([[-self.never]])
        self._up = self._outputs(session, lits, min(most, self.size))
        self._down = self._outputs(session, [-l for l in lits], min(self.size, max(0, self.size - least)))

    @staticmethod
    def _outputs(session: SatSession, lits: list[int], ubound: int) -> list[int]:
        """A totalizer's outputs (out[k]: at least k + 1 of `lits` true), its CNF added to
        the session; pysat's object is freed at once, since nothing else reads it."""
        if not lits:
            return []
        tot = ITotalizer(lits, ubound=ubound, top_id=session.pool.top)
        session.pool.top = tot.top_id  # the totalizer's own variables are taken
        session.add_clauses(tot.cnf.clauses)
        out = list(tot.rhs)
        tot.delete()
        return out

    def between(self, lo: int, hi: int) -> list[int]:
        """Assumptions meaning lo <= (true literals) <= hi; [never] when no count fits."""
        f = self.size
        if lo > hi or hi < 0 or lo > f:
            return [self.never]
        if self.most < hi < f or 0 < lo < self.least:
            raise ValueError(f"{lo}..{hi} is outside the range this tally counts ({self.least}..{self.most})")
        out = []
        if hi < f:
            out.append(-self._up[hi])
        if lo > 0:
            out.append(-self._down[f - lo])  # at most f - lo false
        return out


# Retired guards before a session's solver is rebuilt (see SessionCache): 128 beat 512 and
# 64 (BENCHMARKS.md; scripts/bench_sudoku.py --renew, scripts/bench_instructions.py).
RENEW_AFTER = 128


class SessionCache:
    """One live session per puzzle structure, kept across puzzles (one per worker).

    Every puzzle leaves a retired guard variable behind (its blocking clause, switched
    off), and a solver that has seen thousands of them gets slower: every model holds them
    all. So a session is rebuilt after `renew_after` of them (a 9x9's costs milliseconds). Answers do not
    change: what the stripping loop asks are facts, not what one solver happened to learn."""

    def __init__(self, solver: str | None = None, keep: int = 4, one_shot: bool = False,
                 renew_after: int = RENEW_AFTER):
        self.solver = solver  # None: each puzzle's own (`solver_for`)
        self.keep = keep
        self.one_shot = one_shot  # sessions answer a question or two, not thousands
        self.renew_after = renew_after
        self._sessions: dict[tuple[str, Any, bool], SatSession] = {}

    def clear(self) -> None:
        """Close every kept session (a benchmark that times cold questions)."""
        while self._sessions:
            self._sessions.pop(next(iter(self._sessions))).close()

    def solver_for(self, ptype: PuzzleType) -> str:
        """The solver this cache's sessions of `ptype` run on: the one asked for, else the
        puzzle's `generation_solver`, else the lab's default."""
        return self.solver or getattr(ptype, "generation_solver", None) or DEFAULT_SOLVER

    def get(self, ptype: CluePuzzle, params: Any, stripping: bool = False) -> SatSession:
        """The session for this structure; call it again for each puzzle (it may be renewed).
        `stripping`: the generator's, on the puzzle's `stripping_rules` where it has them
        (then a session apart from the one on its `rules`)."""
        stripping = stripping and ptype.implements("stripping_rules")
        key = (ptype.name, params, stripping)
        session = self._sessions.pop(key, None)
        if session is not None and session.retired >= self.renew_after:
            session.close()
            session = None
        if session is None:
            session = SatSession(ptype, params, self.solver_for(ptype), self.one_shot, stripping=stripping)
        self._sessions[key] = session  # most recent last
        while len(self._sessions) > self.keep:
            oldest = next(iter(self._sessions))
            self._sessions.pop(oldest).close()
        return session


def check_instance(ptype: CluePuzzle, inst: Instance, budget: Budget = UNLIMITED,
                   sessions: SessionCache | None = None) -> Check:
    """Is this puzzle unique? On the session `sessions` keeps for its structure, or on a
    solver of its own that is closed afterwards."""
    if sessions is not None:
        return sessions.get(ptype, inst.params).check(inst.clues, budget)
    session = SatSession(ptype, inst.params)
    try:
        return session.check(inst.clues, budget)
    finally:
        session.close()
