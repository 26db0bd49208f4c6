"""One pysat solver and the variables its clauses draw from.

The solver is made on first use: a grade that unit propagation settles reads the rules as a
formula and never needs one (a 15x15 nonogram's rules are 100,000 clauses, 40% of its grade
to load). Clauses added before then wait in `pending` and are loaded after the rules, in the
order they came. Every solve and every added clause moves `epoch` on, so a model read after
the solver moved on is refused instead of crashing CaDiCaL.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

from pysat.solvers import Solver

from .cnf import at_most_one_clauses, count_clauses, count_constraints
from .native import NATIVE_CARDINALITY, SOLVER_OPTIONS, UNINTERRUPTIBLE, add_at_most, append_clauses, releases_gil
from .outcomes import Budget
from .puzzle import Clause, Rules
from .variables import Variables


class SolverHandle:
    """A solver by pysat name with its variable allocator. `with SolverHandle(...) as h:`
    deletes the solver on leaving. `make` builds the loaded solver when it is first asked for
    (default: `load` with no rules); a session passes its own, which loads its rules."""

    def __init__(self, name: str, pool: Variables, tuned: bool = True, make: Callable[[], Any] | None = None):
        """`tuned`: configure the solver with SOLVER_OPTIONS (tuned for the stripping loop)."""
        self.name = name
        self.pool = pool
        self.tuned = tuned
        self._make = make or self.load
        self._solver: Any = None
        self.pending: list[Clause] = []  # clauses added before the solver was made
        self.calls = 0
        self.epoch = 0  # bumped by every solve and every added clause
        self._preferred: list[int] | None = None  # the literals the solver was last told to try first

    def __enter__(self) -> SolverHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def loaded(self) -> bool:
        """Has the solver been made?"""
        return self._solver is not None

    @property
    def solver(self) -> Any:
        """The solver, made (and loaded) on first use."""
        if self._solver is None:
            self._solver = self._make()
        return self._solver

    def loaded_variables(self) -> int:
        """The variables the solver holds, 0 before it is made."""
        return int(self._solver.nof_vars()) if self._solver is not None else 0

    def close(self) -> None:
        if self._solver is not None:
            self._solver.delete()

    def new_solver(self) -> Solver:
        """An empty solver, configured before any clause (CaDiCaL's rule)."""
        solver = Solver(name=self.name)
        for names, options in SOLVER_OPTIONS.items():
            if self.name in names and self.tuned:
                solver.configure(options)
        return solver

    def load(self, rules: Rules | None = None, pairwise_max: int | None = None) -> Solver:
        """A new solver with the rules, then the pending clauses in the order they were
        added, then the rules' phases."""
        solver = self.new_solver()
        if rules is not None:
            self._add_rules(solver, rules, pairwise_max)
        append_clauses(solver, self.pending)
        self.pending = []
        if rules is not None and rules.phases:
            try:
                solver.set_phases(rules.phases)
            except NotImplementedError:  # CaDiCaL 1.0.3: a hint only, the answers are the same
                pass
        return solver

    def _add_rules(self, solver: Solver, rules: Rules, pairwise_max: int | None) -> None:
        """The rules' clauses, then their counts: native where the solver has them, else as
        CNF (pairwise up to `pairwise_max`, `at_most_one_clauses`)."""
        append_clauses(solver, rules.clauses)
        if self.name in NATIVE_CARDINALITY:
            add_at_most(solver, [(lits, 1) for lits in rules.at_most_one])
            impossible: list[Clause] = []  # a count nothing can meet: the empty clause, no solution
            for lits, k in count_constraints(None, rules.exactly, impossible):
                solver.add_atmost(lits, k)  # a repeat counts twice, as meant
            append_clauses(solver, impossible)
        else:
            append_clauses(solver, at_most_one_clauses(rules, self.pool, pairwise_max))
            for count in rules.exactly:
                append_clauses(solver, count_clauses(list(count.lits), count.n, count.n, self.pool))

    # ---- clauses -------------------------------------------------------------------
    def add_clause(self, clause: Clause) -> None:
        self.epoch += 1
        self.solver.add_clause(clause)

    def add_clauses(self, clauses: Iterable[Clause]) -> None:
        """Many clauses in one call (a totalizer has thousands; one by one took a third of a
        small blank session's time)."""
        self.epoch += 1
        append_clauses(self.solver, clauses)

    def add_when_loaded(self, clauses: list[Clause]) -> None:
        """Clauses for the solver, without making it: pending until it is made."""
        self.epoch += 1
        if self._solver is None:
            self.pending += clauses
        else:
            append_clauses(self._solver, clauses)

    def add_at_most(self, lits: list[int], k: int) -> None:
        """A native "at most k of `lits`" constraint (solvers in NATIVE_CARDINALITY)."""
        self.epoch += 1
        self.solver.add_atmost(lits, k)

    def prefer(self, literals: list[int], primary: list[int]) -> None:
        """Have the solver try a solution's literals first, every `primary` variable not
        among them false (until the next `prefer`). A rival of a nearly unique puzzle
        differs from its solution in few places, so a search that starts from the solution
        finds it sooner (scripts/bench_sudoku.py --big). The first call sets every primary
        variable, later ones only those that change. A hint only: solvers that cannot take
        it go on as before."""
        now = set(literals)
        if self._preferred is None:
            phases = [v if v in now else -v for v in primary]  # solution literals are primary
        else:
            phases = [-l for l in self._preferred if l not in now] + literals
        try:
            self.solver.set_phases(phases)
        except NotImplementedError:  # CaDiCaL 1.0.3
            return
        self._preferred = literals

    # ---- the one solver call -------------------------------------------------------
    def call(self, assumptions: list[int], budget: Budget) -> bool | None:
        """Solve under the assumptions within the budget: True, False, or None when it ran out."""
        self.calls += 1
        self.epoch += 1
        solver = self.solver
        if budget.unlimited and self.name in UNINTERRUPTIBLE:
            return solver.solve(assumptions=assumptions)
        solver.conf_budget(budget.conflicts if budget.conflicts is not None else -1)
        timer = None
        if budget.seconds is not None:
            if self.name in UNINTERRUPTIBLE:
                raise ValueError(f"{self.name} (pysat's CaDiCaL) cannot be interrupted: give it a conflict "
                                 f"budget, or a seconds budget to a solver that can stop (mc, m22, g4)")
            timer = threading.Timer(budget.seconds, solver.interrupt)
            timer.start()
        try:
            result: bool | None = solver.solve_limited(assumptions=assumptions,
                                                       expect_interrupt=releases_gil(self.name))
        finally:
            if timer is not None:
                timer.cancel()
                solver.clear_interrupt()
        return result
