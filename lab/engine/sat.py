"""The SAT engine: one incremental python-sat solver per puzzle structure.

The rules are loaded once; each clue is a literal (the clue's own variable when the clue
is a single fact, otherwise a selector guarding its clauses) and a puzzle is just a list of
assumptions. "A solution different from S" is a blocking clause behind a guard literal, so
the same solver serves every grid of the same size. Lazy cuts (connectivity, one loop) are
added when a model breaks them and stay, because the rules imply them.

`SatSession` is the face the engine and the puzzles use. It is made of parts: the solver
handle and its variables (lab/engine/handle.py), the clue book (lab/engine/clues.py) and
counting and listing solutions (lab/engine/enumeration.py). What a question answers is in
lab/engine/outcomes.py, the C entry points in lab/engine/native.py, the cardinality CNF in
lab/engine/cnf.py; the names they export are exported here too.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, Any

from pysat.formula import IDPool

from . import enumeration
from .clues import ClueBook
from .cnf import PAIRWISE_MAX, Tally, _pairwise, at_most_one_clauses, count_clauses, count_constraints
from .handle import SolverHandle
from .native import (
    DEFAULT_SOLVER,
    NATIVE_CARDINALITY,
    SOLVER_OPTIONS,
    add_at_most,
    append_clauses,
    propagator,
    raw_propagator,
    releases_gil,
)
from .outcomes import UNLIMITED, Budget, Check, Count, Found, Spending, Unknown
from .puzzle import Clause, ClueKey, CluePuzzle, Clues, Instance, PuzzleType, Rules, Speed
from .variables import Variables

if TYPE_CHECKING:
    from .rounds import Formula
# numpy (and lab.rounds, built on it) load only where they are used: `check` and `solve`
# then start without them, 0.04 s of a 0.1 s command (scripts/bench_cli.py).

__all__ = [
    "DEFAULT_SOLVER", "NATIVE_CARDINALITY", "ONE_SHOT_SOLVER", "PAIRWISE_MAX", "RENEW_AFTER", "SOLVER_OPTIONS",
    "UNLIMITED", "Budget",
    "Check", "Count", "Found", "SatSession", "SessionCache", "Spending", "Tally", "Unknown", "Variables", "_pairwise",
    "add_at_most", "append_clauses", "at_most_one_clauses", "check_instance", "count_clauses", "propagator",
    "raw_propagator", "releases_gil",
]

_RULES_CACHE: dict[tuple[type, Any], tuple[Rules, Variables]] = {}


def _rules_for(ptype: CluePuzzle, params: Any, one_shot: bool = False,
               stripping: bool = False) -> tuple[Rules, Variables]:
    """The rules and a private variable pool. Where the puzzle allows it (`Speed.rules_cacheable`)
    the CNF is built once per process: fresh solvers (grading) then cost only the load.
    `stripping`: the puzzle's `stripping_rules`, where it has them."""
    if one_shot:
        pool = Variables()
        return ptype.one_shot_rules(params, pool), pool
    if stripping and ptype.implements("stripping_rules"):
        pool = Variables()
        return ptype.stripping_rules(params, pool), pool
    if not ptype.caches_rules(params):
        pool = Variables()
        return ptype.rules(params, pool), pool
    key = (type(ptype), params)
    if key not in _RULES_CACHE:
        pool = Variables()
        _RULES_CACHE[key] = (ptype.rules(params, pool), pool)
        while len(_RULES_CACHE) > 8:
            _RULES_CACHE.pop(next(iter(_RULES_CACHE)))
    rules, pool = _RULES_CACHE[key]
    return rules, pool.copy()


def _loader(session: SatSession) -> Callable[[], Any]:
    """`session._load`, through a weak reference: the handle lives in the session, and a
    strong one would make a cycle that only the garbage collector frees, and the solver's
    memory with it."""
    ref = weakref.ref(session)

    def load() -> Any:
        live = ref()
        if live is None:
            raise RuntimeError("the session of this solver handle is gone")
        return live._load()

    return load


class SatSession:
    """Rules of one puzzle structure loaded into one incremental solver: `handle` (the
    solver, made on first use, and its variables), `book` (clue literals and guards) and the
    questions asked of them (`find`, `check`; counting and listing in `enumeration`)."""

    def __init__(self, ptype: CluePuzzle, params: Any, solver: str = DEFAULT_SOLVER, one_shot: bool = False,
                 tuned: bool = True, built: tuple[Rules, Variables] | None = None, stripping: bool = False):
        """`tuned`: configure the solver with SOLVER_OPTIONS (tuned for the stripping loop).
        `built`: rules made elsewhere (`given`), instead of the structure's own.
        `stripping`: a generator's session, on the puzzle's `stripping_rules` if it has them."""
        self.ptype = ptype
        self.params = params
        # Count clues as native constraints: one-shot sessions (a stripping session asks
        # thousands of questions and probing goes better through a counter's literals), and
        # every session of a puzzle whose counts propagate as its clue clauses do
        # (`Speed.counts_natively`).
        native_counts = (one_shot or ptype.speed.counts_natively) and \
            solver in NATIVE_CARDINALITY and ptype.implements("clue_counts")
        # `one_shot_rules` may leave out what native counts replace, so only with them.
        self.rules, pool = built or _rules_for(ptype, params, one_shot and (
            native_counts or not ptype.implements("clue_counts")), stripping)
        self.solver_name = solver
        self.handle = SolverHandle(solver, pool, tuned, make=_loader(self))
        self.book = ClueBook(ptype, params, self.rules, self.handle, native_counts)
        self._has_cuts = ptype.implements("cuts")
        self._formula: tuple[int, Formula] | None = None  # (epoch, `formula()` then)

    def __enter__(self) -> SatSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- the handle's state, under the names the engine reads ---------------------------
    @property
    def pool(self) -> Variables:
        return self.handle.pool

    @property
    def calls(self) -> int:
        return self.handle.calls

    @property
    def epoch(self) -> int:
        return self.handle.epoch

    @property
    def retired(self) -> int:
        return self.book.retired

    @property
    def loaded(self) -> bool:
        """Has the solver been made (and the rules loaded into it)?"""
        return self.handle.loaded

    @property
    def solver(self) -> Any:
        """The solver with the rules loaded, made on first use (`SolverHandle`)."""
        return self.handle.solver

    def _load(self) -> Any:
        """A solver with the rules, native counts or their clauses, then the clue clauses
        made so far, in the order they were made."""
        return self.handle.load(self.rules, PAIRWISE_MAX)

    def close(self) -> None:
        self.handle.close()

    def variables(self) -> int:
        """The solver's variable count, without loading it for the question: the largest
        variable of what it holds or would hold (its rules and clues; `formula`)."""
        if not self.handle.loaded:
            formula = self.formula()
            if formula is not None:
                return formula.largest()
        return int(self.solver.nof_vars())

    def formula(self) -> Formula | None:
        """The constraints the solver holds, or will on loading (rules, native counts, clue
        clauses; not the cuts or units added later) as a `Formula`, for rounds of unit
        propagation outside the solver. The rules' part is built once per rules (cached rules
        serve every record). None for a solver without native counts, whose counters drew
        helper variables."""
        if self.solver_name not in NATIVE_CARDINALITY:
            return None
        from .rounds import Formula

        if self._formula is not None and self._formula[0] == self.epoch:
            return self._formula[1]
        if self.rules.formula is None:
            rule_clauses = list(self.rules.clauses)
            counts = count_constraints(None, self.rules.exactly, rule_clauses)
            self.rules.formula = Formula(rule_clauses, [(lits, 1) for lits in self.rules.at_most_one] + counts, 0)
        base: Formula = self.rules.formula
        guarded, counted = self.book.guarded, self.book.counted
        clauses = [clause for group in guarded.values() for clause in group]
        guards = [guard for guard, group in guarded.items() for _ in group]
        never: list[Clause] = []  # (unguarded: a count nothing can meet)
        counts = [cons for guard, group in counted.items() for cons in count_constraints(guard, group, never)]
        formula = base.extended(never, counts, max(self.pool.top, self.handle.loaded_variables()), (clauses, guards))
        self._formula = (self.epoch, formula)
        return formula

    # ---- clues as literals, and guards (`ClueBook`) ---------------------------------
    def literal(self, key: ClueKey, value: Any) -> int:
        """The literal that switches clue `key = value` on (created once, then reused)."""
        return self.book.literal(key, value)

    def assumptions(self, clues: Clues) -> list[int]:
        return self.book.literals(clues.items())

    def literals(self, items: Iterable[tuple[ClueKey, Any]]) -> list[int]:
        """`literal` for many (key, value) pairs."""
        return self.book.literals(items)

    def clue_of(self, lit: int) -> ClueKey | None:
        """The clue whose literal `lit` is (None for any other literal)."""
        return self.book.clue_of(lit)

    def is_guarded(self, lit: int) -> bool:
        """Does this clue literal switch on clauses (rather than being a fact itself)?"""
        return self.book.is_guarded(lit)

    def holds_all(self, lits: list[int], found: Found) -> bool:
        """`holds` for every literal (the stripping loop's test of a group's clues)."""
        return self.book.holds_all(lits, found)

    def holds(self, lit: int, found: Found) -> bool:
        """Does a model satisfy a clue literal? (Cautious for guarded clues: `ClueBook.holds`.)"""
        return self.book.holds(lit, found)

    def guard(self, clauses: Iterable[Clause]) -> int:
        """A fresh literal that switches `clauses` on (assumed true) until retired."""
        return self.book.guard(clauses)

    def retire(self, g: int) -> None:
        self.book.retire(g)

    def prefer(self, literals: list[int]) -> None:
        """Have the solver try a solution's literals first (`SolverHandle.prefer`)."""
        self.handle.prefer(literals, self.rules.primary)

    def solution_literals(self, solution: Any) -> list[int]:
        """The primary literals that pin `solution` down."""
        return self.ptype.solution_literals(self.params, self.rules, solution)

    def block_clause(self, solution: Any) -> Clause:
        return [-l for l in self.solution_literals(solution)]

    # ---- the one solver call everything goes through ---------------------------------
    def _call(self, assumptions: list[int], budget: Budget) -> bool | None:
        return self.handle.call(assumptions, budget)

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

    # ---- counting and listing (`enumeration`) ----------------------------------------
    def count(self, clues: Clues, limit: int, budget: Budget = UNLIMITED) -> Count:
        """Solutions up to `limit` (`each`, collected)."""
        return enumeration.count(self, clues, limit, budget)

    def each(self, clues: Clues, budget: Budget = UNLIMITED) -> Generator[Any, None, None]:
        """Every solution, one at a time (`enumeration.each`)."""
        return enumeration.each(self, clues, budget)

    def other_than(self, assumptions: list[int], solution: Any, budget: Budget = UNLIMITED) -> Found:
        """A solution different from `solution` under the assumptions (the uniqueness check)."""
        return enumeration.other_than(self, assumptions, solution, budget)

    def random_solution(self, rng: random.Random, budget: Budget = UNLIMITED) -> Any:
        """A random solution that depends only on `rng` and the rules (`enumeration.random_solution`)."""
        return enumeration.random_solution(self, rng, budget)

    def backbone(self, variables: list[int], assumptions: list[int], budget: Budget = UNLIMITED,
                 seen: Callable[[Found, int], None] | None = None) -> tuple[list[int], list[int]] | None:
        """(always true, always false) among `variables` under `assumptions` (`enumeration.backbone`)."""
        return enumeration.backbone(self, variables, assumptions, budget, seen)

    def check(self, clues: Clues, budget: Budget = UNLIMITED) -> Check:
        """Is the puzzle with these clues unique (`enumeration.check`)?"""
        return enumeration.check(self, clues, budget)

    def conflict(self, clues: Clues, budget: Budget = UNLIMITED) -> list[ClueKey]:
        """A small set of clues that cannot hold together (`enumeration.conflict`)."""
        return enumeration.conflict(self, clues, budget)

    def last_core(self, budget: Budget = UNLIMITED) -> list[int]:
        """After an UNSAT call: assumptions that cannot all hold, each needed (`enumeration.last_core`)."""
        return enumeration.last_core(self, budget)

    # ---- a session without a puzzle: the caller's own formula ------------------------
    @classmethod
    def given(cls, ptype: CluePuzzle, inst: Instance, solver: str = DEFAULT_SOLVER) -> SatSession:
        """A session on `ptype.given_rules`: every clue of `inst` built into the rules, so
        it is asked with no clues at all (`check({})`)."""
        pool = Variables()
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
        call: a totalizer has thousands, and one clause at a time took a third of a small
        blank session's time."""
        self.handle.add_clauses(clauses)


class _NoPuzzle:
    """The puzzle of a blank session: no rules, no hooks, no cuts; a model's solution is its
    set of true variables. Only what a session asks of a puzzle, not a CluePuzzle."""

    name = ""
    speed = Speed()

    def caches_rules(self, params: Any) -> bool:
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


# Retired guards before a session's solver is rebuilt (see SessionCache): 128 beat 512 and
# 64 (scripts/bench_sudoku.py --renew, scripts/bench_instructions.py).
RENEW_AFTER = 128


# One-shot questions (the CLI's solve/check/clues) are dominated by loading the rules into
# the solver: Minicard takes at-most-one constraints natively, one call each instead of
# dozens of clauses (scripts/bench_peer.py); generation, which makes thousands of calls on
# one solver, uses CaDiCaL. A puzzle may name its own (`Speed.one_shot_solver`).
ONE_SHOT_SOLVER = "mc"


def one_shot_solver(ptype: PuzzleType) -> str:
    """The solver of a one-shot question on `ptype`: its own, else the lab's."""
    own = ptype.speed.one_shot_solver if isinstance(ptype, CluePuzzle) else None
    return own or ONE_SHOT_SOLVER


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
        """The solver this cache's sessions of `ptype` run on: the one asked for, else (one-shot
        sessions) `one_shot_solver`, else the puzzle's `speed.generation_solver`, else the lab's
        default."""
        if self.solver:
            return self.solver
        if self.one_shot:
            return one_shot_solver(ptype)
        own = ptype.speed.generation_solver if isinstance(ptype, CluePuzzle) else None
        return own or DEFAULT_SOLVER

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
