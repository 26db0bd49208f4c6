"""pysat solvers driven through the C entry points pysat itself calls, where the lab knows them.

pysat's Python wrappers test every clause's type, keep interrupt bookkeeping and call a
method per clause; in the loops that make thousands of calls that wrapper is most of the
cost. This module is the one place that goes beneath them. It reads no underscored name,
only attributes pysat leaves public without documenting them (a `Solver`'s `solver`
object, Minicard's and CaDiCaL's handle, the functions of the `pysolvers` extension), and
falls back to the documented methods for any solver class it does not know."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

import pysolvers
from pysat.solvers import Solver, SolverNames

from .puzzle import Clause

NATIVE_CARDINALITY = {"mc", "minicard", "gc3", "gluecard3", "gc4", "gluecard4"}

DEFAULT_SOLVER = "cd153"  # CaDiCaL 1.5.3: fastest in scripts/bench_sudoku.py (see README)

# Options per solver family. CaDiCaL with chronological backtracking on ("chrono") scans the
# whole reason clause for the level of every literal it propagates through a long clause,
# and the stripping loop's calls are nearly all propagation; plain backjumping answers the
# same questions with fewer instructions (scripts/bench_instructions.py).
SOLVER_OPTIONS: dict[tuple[str, ...], dict[str, int]] = {
    SolverNames.cadical103 + SolverNames.cadical153 + SolverNames.cadical195: {"chrono": 0},
}


UNINTERRUPTIBLE = frozenset(SolverNames.cadical103 + SolverNames.cadical153 + SolverNames.cadical195)


def releases_gil(solver_name: str) -> bool:
    """Whether `solve_limited(expect_interrupt=...)` may be asked to let other threads run:
    pysat then releases the GIL for the search (else it holds it throughout), so the CLI's
    --timeout watchdog and Ctrl-C reach the main thread while a solver searches (a 5 s grade
    search on an open 30x30 Light Up held `check --timeout 1` to 6.8 s). Not CaDiCaL, whose
    pysat binding refuses it."""
    return solver_name not in UNINTERRUPTIBLE


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
