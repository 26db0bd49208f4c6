"""Puzzle-agnostic difficulty: how much reasoning a SAT solver needs to settle a puzzle.

The first rungs are the unit-propagation and failed-literal rules Lynce and Ouaknine
compare in "Sudoku as a SAT Problem" (2006); deeper rungs nest the probing:

* level 0: unit propagation from the clues fixes every primary variable;
* level 1: failed-literal probing: for each open primary literal l, if propagating
  (what we know + l) conflicts, then -l holds; repeat until nothing changes;
* level k: the same, but each probe runs the level k-1 procedure under l (nested probing);
* level max_depth + 1: none of that settles it, the puzzle needs search.

Contradictory clues get the level at which the contradiction shows (status "unsolvable");
an ambiguous puzzle never settles, so it lands on max_depth + 1 (status "ambiguous").

Beside the ladder, a plain solve reports the search effort (conflicts, decisions,
propagations) of one CDCL call. Every measurement runs on solvers built for this call
alone: a solver that ran other checks has learned clauses that make puzzles look easier
(DESIGN.md measured 62-75% "propagation-solvable" instead of 42%). Probing uses
`propagate`, which learns no clauses (what probing proves goes in as unit clauses, facts
the clues imply); the search gets a second fresh solver, because those facts, and the
watch lists propagation reorders, would change its search.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any

from .puzzle import CluePuzzle, Instance, MovePuzzle, PuzzleError, PuzzleType
from .sat import Budget, SatSession

GRADE_SOLVER = "mc"  # Minicard (MiniSat 2.2 with native at-most-one): `propagate`, search statistics, fast loading


@dataclass
class Grade:
    """A puzzle's difficulty as a SAT solver sees it; `to_json` gives a flat dict."""

    puzzle: str
    clues: int
    status: str  # unique | ambiguous | unsolvable | unknown (from the search solve)
    level: int | None  # 0 propagation, 1..max_depth probing, max_depth + 1 search; None: probe budget ran out
    level_at_least: int  # a lower bound that holds even when `level` is None
    propagation_solves: bool
    probe_depth: int | None  # smallest probing depth that settles it (0 = propagation); None: beyond the cap
    max_depth: int
    fixed_by_propagation: float  # share of primary variables unit propagation fixes
    probes: int  # propagate calls spent probing (not the one look per variable at the root)
    conflicts: int
    decisions: int
    propagations: int
    solver: str
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class _OutOfProbes(Exception):
    """The probe budget ran out: the level is unknown, not guessed."""


class _Contradiction(Exception):
    """The clues and what they imply cannot all hold."""


class _Prober:
    """Failed-literal probing at any depth on one solver, through `propagate` only.

    What the clues imply at the top is added to the solver as unit clauses (`facts`), so a
    probe propagates only what is new: with every clue passed as an assumption instead, a
    16x16 probe re-propagated the whole grid and cost milliseconds."""

    def __init__(self, solver: Any, primary: list[int], budget: int | None):
        self.solver = solver
        self.primary = primary
        self.budget = budget
        self.calls = 0
        self.facts: set[int] = set()

    def propagate(self, lits: list[int]) -> set[int] | None:
        """What unit propagation adds to the facts from `lits`, `lits` included; None on a
        conflict. The solver reports only what it assigns above the root: an assumption it
        already holds there (a unit among the rules) is left out, so `lits` are added here,
        or a probe that fails would settle a literal and never record it."""
        if self.budget is not None and self.calls >= self.budget:
            raise _OutOfProbes
        self.calls += 1
        ok, implied = self.solver.propagate(assumptions=lits)
        return set(implied).union(lits) if ok else None

    def record_root(self) -> None:
        """Make facts of the open primary literals the solver holds at the root without being
        told (units among the rules and what they propagate): unit propagation fixes them, so
        they are not open at level 0. Such a literal is an assumption that opens no decision
        level, so the solver reports nothing for it (a variable it has not assigned reports
        at least itself). One look per open variable, once; these look-ups probe nothing, so
        they are not counted as probes (`probes` stays a measure of the probing)."""
        for v in self.open_vars():
            ok, implied = self.solver.propagate(assumptions=[v])
            if not implied:
                self.facts.add(v if ok else -v)

    def assert_facts(self, lits: list[int]) -> None:
        """Make `lits` (implied by the clues) facts of the solver."""
        implied = self.propagate(lits)
        if implied is None:
            raise _Contradiction
        self.facts |= implied
        for lit in lits:
            self.solver.add_clause([lit])

    def open_vars(self, implied: set[int] | frozenset[int] = frozenset()) -> list[int]:
        fixed = self.facts
        return [v for v in self.primary
                if v not in fixed and -v not in fixed and v not in implied and -v not in implied]

    def fails(self, lits: list[int], depth: int) -> bool:
        """Do the assumptions `lits` conflict with the facts under probing at `depth`
        (0: unit propagation; k: failed literals found at depth k-1 are added first)?"""
        lits = list(lits)
        implied = self.propagate(lits)
        if implied is None:
            return True
        changed = depth > 0
        while changed:
            changed = False
            for v in self.open_vars(implied):
                if v in implied or -v in implied:  # fixed by an earlier find in this pass
                    continue
                for probe in (v, -v):
                    if self.fails(lits + [probe], depth - 1):
                        lits.append(-probe)
                        implied = self.propagate(lits)
                        if implied is None:
                            return True
                        changed = True
                        break
        return False

    def settle(self, depth: int) -> None:
        """Probe at `depth` from the facts until nothing changes; findings become facts."""
        changed = True
        while changed:
            changed = False
            for v in self.open_vars():
                if v in self.facts or -v in self.facts:
                    continue
                for probe in (v, -v):
                    if self.fails([probe], depth - 1):
                        self.assert_facts([-probe])
                        changed = True
                        break


@dataclass
class _Climb:
    """How far up the ladder a puzzle got."""

    level: int | None  # None: the probe budget ran out at `at_least`
    at_least: int
    fixed: float  # share of primary variables fixed by unit propagation
    probes: int
    contradiction: bool  # the clues were found contradictory at `level`


def _ladder(session: SatSession, clue_lits: list[int], max_depth: int, budget_probes: int | None) -> _Climb:
    primary = list(session.rules.primary)
    prober = _Prober(session.solver, primary, budget_probes)
    depth, fixed = 0, 0.0
    try:
        prober.assert_facts(clue_lits)
        if any(len(clause) == 1 for clause in session.rules.clauses):  # the solver holds them at the root
            prober.record_root()
        fixed = 1 - len(prober.open_vars()) / len(primary) if primary else 1.0
        for depth in range(max_depth + 1):
            if depth:
                prober.settle(depth)
            if not prober.open_vars() and _real(session, prober.facts):
                return _Climb(depth, depth, fixed, prober.calls, False)
    except _Contradiction:
        return _Climb(depth, depth, fixed, prober.calls, True)
    except _OutOfProbes:
        return _Climb(None, depth, fixed, prober.calls, False)
    return _Climb(max_depth + 1, max_depth + 1, fixed, prober.calls, False)


def _real(session: SatSession, implied: set[int]) -> bool:
    """Is a complete assignment of the primary variables a real solution? Only puzzles
    with lazy rules (cuts) can fail here: their CNF alone lacks a rule."""
    ptype = session.ptype
    if not ptype.implements("cuts"):
        return True
    true_vars = {l for l in implied if l > 0}
    solution = ptype.decode(session.params, session.rules, true_vars)
    return not ptype.cuts(session.params, session.rules, solution, true_vars)


def _search(ptype: CluePuzzle, inst: Instance, solver: str,
            budget_conflicts: int | None) -> tuple[str, dict[str, int]]:
    """One solve on a fresh solver: its statistics, then (stats already taken) the status."""
    session = SatSession(ptype, inst.params, solver)
    try:
        budget = Budget(conflicts=budget_conflicts)
        assumptions = session.assumptions(inst.clues)
        first = session.find(assumptions, budget)
        stats = dict(session.solver.accum_stats() or {})
        if first.sat is None:
            return "unknown", stats
        if not first.sat:
            return "unsolvable", stats
        second = session.other_than(assumptions, first.solution, budget)
        status = "unknown" if second.sat is None else "ambiguous" if second.sat else "unique"
        return status, stats
    finally:
        session.close()


def grade(ptype: PuzzleType, inst: Instance, budget_conflicts: int | None = 100_000,
          max_depth: int | None = None, budget_probes: int | None = 200_000,
          solver: str = GRADE_SOLVER) -> Grade:
    """Grade one puzzle on solvers built for this call alone.

    `max_depth` caps the probing ladder (default: the puzzle's `grade_max_depth`);
    `budget_probes` caps its `propagate` calls (nested probing grows fast on big grids) and
    `budget_conflicts` the search solve.
    When a budget runs out the answer says so (`level` None, `status` "unknown")."""
    if not isinstance(ptype, CluePuzzle):
        raise PuzzleError(f"{ptype.name} has no SAT rules, so it cannot be graded")
    max_depth = ptype.grade_max_depth if max_depth is None else max_depth
    start = time.perf_counter()
    session = SatSession(ptype, inst.params, solver)  # fresh, used for the ladder only
    try:
        clue_lits = session.assumptions(inst.clues)
        climb = _ladder(session, clue_lits, max_depth, budget_probes)
    finally:
        session.close()
    status, stats = _search(ptype, inst, solver, budget_conflicts)
    level = climb.level
    probe_depth = level if level is not None and level <= max_depth else None
    return Grade(
        puzzle=ptype.name,
        clues=len(inst.clues),
        status=status,
        level=level,
        level_at_least=climb.at_least,
        propagation_solves=level == 0 and not climb.contradiction,
        probe_depth=probe_depth,
        max_depth=max_depth,
        fixed_by_propagation=round(climb.fixed, 4),
        probes=climb.probes,
        conflicts=int(stats.get("conflicts", 0)),
        decisions=int(stats.get("decisions", 0)),
        propagations=int(stats.get("propagations", 0)),
        solver=solver,
        seconds=round(time.perf_counter() - start, 6),
    )


def measures(ptype: PuzzleType, inst: Instance) -> dict:
    """Difficulty measures (generic SAT ladder, plus the puzzle's human grade if it has one).
    Puzzles without SAT rules (move puzzles) report their own `difficulty`, if any."""
    if isinstance(ptype, MovePuzzle):
        return ptype.difficulty(inst) if ptype.implements("difficulty") else {}
    out = grade(ptype, inst).to_json()
    out.pop("seconds", None)  # run-dependent: dataset records must be byte-identical across runs
    out.pop("puzzle", None)
    if isinstance(ptype, CluePuzzle) and ptype.implements("human_grade"):
        out.update({f"human_{k}": v for k, v in ptype.human_grade(inst).items()})
    return out
