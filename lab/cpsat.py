"""The CP-SAT engine (OR-Tools): the second, independent opinion.

Each puzzle builds its own CP-SAT model from the instance (a different encoding from its
CNF), so agreement between the two engines and brute force means something.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .puzzle import CluePuzzle, Instance

# OR-Tools is imported where it is used, never at module level: importing it (it imports
# pandas and pyarrow) costs more than a whole `check` without --cpsat (scripts/bench_cli.py).

# The default bound on a search: CP-SAT's deterministic time, its own count of work (about
# seconds on a quiet machine), so that with one worker the answer is the same on any
# machine, however slow or busy. A caller's `seconds` can stop it sooner.
WORK = 60.0


@dataclass
class CpCount:
    solutions: list
    complete: bool  # False when the work or time limit stopped the search first

    @property
    def n(self) -> int:
        return len(self.solutions)


@cache
def _collector_class() -> type:
    """The solution callback class, defined on first use (its base class is OR-Tools')."""
    from ortools.sat.python import cp_model

    class _Collector(cp_model.CpSolverSolutionCallback):
        def __init__(self, ptype: CluePuzzle, inst: Instance, spec, limit: int):
            super().__init__()
            self.ptype, self.inst, self.spec, self.limit = ptype, inst, spec, limit
            self.solutions: list = []
            self.seen: set = set()

        def on_solution_callback(self) -> None:
            solution = self.spec.decode(self.Value)
            if self.spec.relaxed and self.ptype.verify(self.inst, solution):
                return  # the relaxed model let through a non-solution: not counted
            key = repr(solution)
            if key in self.seen:
                return
            self.seen.add(key)
            self.solutions.append(solution)
            if len(self.solutions) >= self.limit:
                self.StopSearch()

    return _Collector


def cpsat_count(ptype: CluePuzzle, inst: Instance, limit: int = 2, seconds: float | None = None,
                work: float = WORK) -> CpCount:
    """Solutions of `inst` up to `limit`, by CP-SAT's own enumeration (one worker), within
    `work` (deterministic time) and `seconds` (wall clock; None: no time limit)."""
    from ortools.sat.python import cp_model

    spec = ptype.cpsat(inst)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = work
    if seconds is not None:
        solver.parameters.max_time_in_seconds = seconds
    collector = _collector_class()(ptype, inst, spec, limit)
    status = solver.solve(spec.model, collector)
    complete = len(collector.solutions) >= limit or status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    return CpCount(collector.solutions, complete)


def cpsat_status(ptype: CluePuzzle, inst: Instance, seconds: float | None = None, work: float = WORK) -> str:
    """unique / ambiguous / unsolvable / unknown, by CP-SAT alone."""
    result = cpsat_count(ptype, inst, limit=2, seconds=seconds, work=work)
    if not result.complete:
        return "unknown"
    return {0: "unsolvable", 1: "unique"}.get(result.n, "ambiguous")
