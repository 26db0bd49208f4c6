"""A third engine: the puzzle as a linear program over 0/1 indicators (seed 003's sudoku
formulation), through OR-Tools' linear solvers.

A puzzle opts in with `lp_model(inst)`: indicator variables, rows "these indicators sum to
this", the clues as indicators fixed to 1, and a decoder. Then

- `lp_solve` / `lp_check` answer on the integer program (a MIP solver OR-Tools ships:
  SCIP, else CBC), each further solution excluded by a no-good cut, every answer checked
  by the puzzle's `verify`;
- `relaxation` asks the LP relaxation (GLOP) alone: does it return an integral point, and
  is its feasible set a single point? Seed 003 claims a unique puzzle's relaxation shrinks
  to one point; `scripts/lp_study.py` measures how often that holds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .puzzle import ClueKey, CluePuzzle, Instance, LpModel, PuzzleError
from .sat import Check

MIP_SOLVERS = ("SCIP", "CBC")  # the first OR-Tools was built with
# The default bound on each solve: branch-and-bound nodes (SCIP's limits/totalnodes), work
# that is the same on any machine; a caller's `seconds` can stop it sooner.
NODES = 1_000_000
EPS = 1e-6


@dataclass(frozen=True)
class Relaxation:
    """What the LP relaxation alone says. `integral`: the point GLOP returns (zero
    objective) is 0/1; `single_point`: the feasible set is one point (a random objective
    has the same minimum and maximum, and both optima coincide)."""

    feasible: bool
    integral: bool
    single_point: bool
    fractional: int  # indicators strictly between 0 and 1 in the returned point


def _linear_solver(name: str):
    from ortools.linear_solver import pywraplp

    solver = pywraplp.Solver.CreateSolver(name)
    if solver is None:
        raise PuzzleError(f"OR-Tools has no {name} solver here")
    return solver


def _mip_solver():
    from ortools.linear_solver import pywraplp

    for name in MIP_SOLVERS:
        solver = pywraplp.Solver.CreateSolver(name)
        if solver is not None:
            return solver
    raise PuzzleError(f"OR-Tools has none of the MIP solvers {', '.join(MIP_SOLVERS)} here")


def _load(solver, model: LpModel, clues: dict, integer: bool) -> list:
    """The variables and rows in `solver`; each clue's indicators fixed to 1."""
    x = [solver.IntVar(0, 1, f"x{i}") if integer else solver.NumVar(0, 1, f"x{i}")
         for i in range(model.variables)]
    for indices, rhs in model.rows:
        solver.Add(sum(x[i] for i in indices) == rhs)
    for key in clues:
        for i in model.fixed[key]:
            x[i].SetLb(1)
    return x


def _model(ptype: CluePuzzle, inst: Instance) -> LpModel:
    if not ptype.implements("lp_model"):
        raise PuzzleError(f"the lp engine is not available for {ptype.name} (it has no linear model)")
    return ptype.lp_model(inst)


def relaxation(ptype: CluePuzzle, inst: Instance, seed: int = 0) -> Relaxation:
    """Seed 003's claim, tested: the relaxation's point, and whether it is the only one."""
    from ortools.linear_solver import pywraplp

    model = _model(ptype, inst)
    solver = _linear_solver("GLOP")
    x = _load(solver, model, inst.clues, integer=False)
    if solver.Solve() != pywraplp.Solver.OPTIMAL:
        return Relaxation(False, False, False, 0)
    point = [v.solution_value() for v in x]
    fractional = sum(1 for v in point if EPS < v < 1 - EPS)
    rng = random.Random(seed)
    weights = [rng.uniform(-1.0, 1.0) for _ in x]
    ends = []
    for maximise in (False, True):
        objective = solver.Objective()
        for v, w in zip(x, weights):
            objective.SetCoefficient(v, w)
        objective.SetMaximization() if maximise else objective.SetMinimization()
        if solver.Solve() != pywraplp.Solver.OPTIMAL:
            return Relaxation(True, fractional == 0, False, fractional)
        ends.append([v.solution_value() for v in x])
    single = all(abs(a - b) <= EPS for a, b in zip(*ends))
    return Relaxation(True, fractional == 0, single, fractional)


def lp_count(ptype: CluePuzzle, inst: Instance, limit: int = 2, seconds: float | None = None,
             nodes: int = NODES) -> tuple[list, bool]:
    """(solutions up to `limit`, complete) from the integer program: each one found is
    checked by `verify`, then cut off ("not all of its indicators again"). Each solve is
    bounded by `nodes` (SCIP) and by `seconds` if given."""
    from ortools.linear_solver import pywraplp

    model = _model(ptype, inst)
    solver = _mip_solver()
    if solver.SolverVersion().startswith("SCIP"):  # CBC takes no such parameters here
        solver.SetSolverSpecificParametersAsString(f"limits/totalnodes = {nodes}\n")
    if seconds is not None:
        solver.SetTimeLimit(int(seconds * 1000))
    x = _load(solver, model, inst.clues, integer=True)
    solutions: list = []
    while len(solutions) < limit:
        status = solver.Solve()
        if status == pywraplp.Solver.INFEASIBLE:
            return solutions, True
        if status not in (pywraplp.Solver.OPTIMAL, pywraplp.Solver.FEASIBLE):
            return solutions, False  # out of time, or the solver gave up: not a count
        ones = [i for i, v in enumerate(x) if v.solution_value() > 0.5]
        vector = [0] * model.variables
        for i in ones:
            vector[i] = 1
        solution = model.decode(vector)
        problems = ptype.verify(inst, solution)
        if problems:
            raise PuzzleError(f"the lp engine returned a solution that breaks the rules: {problems[0]}")
        solutions.append(solution)
        solver.Add(sum(x[i] for i in ones) <= len(ones) - 1)
    return solutions, True


def lp_check(ptype: CluePuzzle, inst: Instance, seconds: float | None = None) -> Check:
    """unique / ambiguous (two solutions) / unsolvable (a set of clues that cannot hold
    together, shrunk by dropping each clue while the rest stays infeasible) / unknown."""
    solutions, complete = lp_count(ptype, inst, 2, seconds)
    if not complete:
        return Check("unknown", solutions)
    if len(solutions) == 2:
        return Check("ambiguous", solutions)
    if solutions:
        return Check("unique", solutions)
    return Check("unsolvable", conflict=_conflict(ptype, inst, seconds))


def _conflict(ptype: CluePuzzle, inst: Instance, seconds: float | None) -> list[ClueKey]:
    keys = list(inst.clues)
    i = 0
    while i < len(keys) and len(keys) <= 64:
        trial = inst.without(k for k in inst.clues if k not in keys[:i] + keys[i + 1:])
        solutions, complete = lp_count(ptype, trial, 1, seconds)
        if complete and not solutions:
            keys = keys[:i] + keys[i + 1:]
        else:
            i += 1
    return keys
