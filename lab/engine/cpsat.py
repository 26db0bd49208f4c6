"""The CP-SAT engine (OR-Tools): the second, independent opinion, and the first one for
structures whose CNF is weak (`CluePuzzle.one_shot_cpsat`: then SAT gives the second).

Each puzzle builds its own CP-SAT model from the instance (a different encoding from its
CNF), so agreement between the two engines and brute force means something.
"""

from __future__ import annotations

import time
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


# ---- CP-SAT as the primary engine of a one-shot question (`CluePuzzle.one_shot_cpsat`) ----
# The search's seed: with one worker the same model gets the same answer on every run.
SEED = 1  # CP-SAT's own default, kept explicit


def cpsat_solutions(ptype: CluePuzzle, inst: Instance, limit: int = 2, seconds: float | None = None,
                    conflicts: int | None = None, work: float | None = None) -> CpCount:
    """Up to `limit` different solutions of `inst`, each decoded and passed by `verify`, by
    one CP-SAT solve per solution (one worker, seed `SEED`), the ones found blocked and the
    last given as a hint: enumeration (`cpsat_count`) turns presolve off and, on an empty
    8x8 magic square, took 1-15 s by seed where a solve and a hinted second solve take 0.4-1.
    `complete` only when the last solve proved there is no further solution (INFEASIBLE) or
    `limit` were found. The bounds hold for all the solves together: `conflicts` is CP-SAT's
    own count (`max_number_of_conflicts`, the deterministic bound a SAT budget maps to),
    `seconds` the wall clock, `work` its deterministic time; None: no bound."""
    from ortools.sat.python import cp_model

    spec = ptype.cpsat(inst)
    model = spec.model
    deadline = None if seconds is None else time.monotonic() + seconds
    spent_conflicts, spent_work = 0, 0.0
    solutions: list = []
    while len(solutions) < limit:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = SEED
        if conflicts is not None:
            if conflicts - spent_conflicts <= 0:
                return CpCount(solutions, False)
            solver.parameters.max_number_of_conflicts = conflicts - spent_conflicts
        if work is not None:
            if work - spent_work <= 0:
                return CpCount(solutions, False)
            solver.parameters.max_deterministic_time = work - spent_work
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                return CpCount(solutions, False)
            solver.parameters.max_time_in_seconds = left
        status = solver.solve(model)
        spent_conflicts += solver.num_conflicts
        spent_work += solver.deterministic_time
        if status == cp_model.INFEASIBLE:
            return CpCount(solutions, True)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return CpCount(solutions, False)
        values = [solver.value(v) for v in spec.variables]
        solution = spec.decode(solver.value)
        problems = ptype.verify(inst, solution)
        if problems and not spec.relaxed:  # two independent statements of the rules disagree
            raise RuntimeError(f"{ptype.name}: CP-SAT's solution breaks the rules: {problems[0]}")
        if not problems and solution not in solutions:
            solutions.append(solution)
        # Not this assignment again; start the next search from it (a neighbour is near).
        differs = []
        for var, value in zip(spec.variables, values):
            b = model.new_bool_var("")
            model.add(var != value).only_enforce_if(b)
            differs.append(b)
        model.add_bool_or(differs)
        model.clear_hints()
        for var, value in zip(spec.variables, values):
            model.add_hint(var, value)
    return CpCount(solutions, True)
