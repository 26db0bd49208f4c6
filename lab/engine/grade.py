"""Puzzle-agnostic difficulty: how much reasoning a SAT solver needs to settle a puzzle.

The first rungs are the unit-propagation and failed-literal rules Lynce and Ouaknine
compare in "Sudoku as a SAT Problem" (2006); deeper rungs nest the probing:

* level 0: unit propagation from the clues fixes every primary variable;
* level 1: failed-literal probing: for each open primary literal l, if propagating
  (what we know + l) conflicts, then -l holds; repeat until nothing changes;
* level k: the same, but each probe runs the level k-1 procedure under l (nested probing);
* level max_depth + 1: none of that settles it, the puzzle needs search.

Within a level, the score orders puzzles by the effort of their solving path: the summed
cost of its probing steps (a refutation's size times the rounds it takes to show), each
weighted by how many open variables it was found among (`step_effort`), the costliest
twice (a step where the puzzle names its cells and no forcing chain through cells with two
values left is in sight, `lab.chains`, costs UNCHAINED_COST times more: where a person, and
Tatham's solvers, would have to guess), and at level 0 the rounds unit propagation takes
(`lab.rounds`; a round in which only a rule's wide count, several cells at once, forces
anything weighs more: a person tries the narrower rules first).
Puzzles whose rules are partly lazy cuts (connectivity, one loop) may give a `dead_end`
check of a partial assignment: a probe it rules out fails as a conflict would; and
`lazy_units`, what those rules force outright (an edge that would close a loop is unused),
applied with unit propagation at no cost.

Contradictory clues get the level at which the contradiction shows (status "unsolvable");
an ambiguous puzzle never settles, so it lands on max_depth + 1 (status "ambiguous").

Beside the ladder, a plain solve reports the search effort (conflicts, decisions,
propagations) of one CDCL call from where unit propagation of the clues ends. Every
measurement runs on solvers built for this call alone: a solver that ran other checks has
learned clauses that make puzzles look easier (DESIGN.md measured 62-75%
"propagation-solvable" instead of 42%). Probing needs no solver: `lab.probing` answers
each probe by rounds of unit propagation (in C where it was built), which learn nothing,
and a finding's cost is defined by the assignment, not by a solver's queue order (what
probing proves becomes a fact the clues imply). The search gets a fresh solver that loads
only what the clues leave open where they settle most of the puzzle (`_search`).
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Any

import numpy as np
from pysat.solvers import Solver

from .chains import chain_links, forcing_chain
from .probing import Prober, rounds_prober
from .puzzle import Clause, CluePuzzle, Clues, Instance, MovePuzzle, PuzzleError, PuzzleType
from .rounds import Formula, PropagationRound, Simplified
from .sat import (
    Budget,
    SatSession,
    Spending,
    add_at_most,
    append_clauses,
    propagator,
    raw_propagator,
    releases_gil,
)

# Bumped whenever a grade field changes meaning; a dataset records it in its settings, so
# one made with another grade is not extended with this one. 2: the search counts only what
# follows unit propagation, and steps are weighted by the open variables. 3: a step may come
# from the findings of an earlier pass, re-probed (`_Prober.round`), and the search starts
# from the rules' own unit clauses too (`_rule_units`). 4: Bridges' island counts add whole
# pair counts (`lab.counting.exact_sums`), so propagation settles what the counts imply; a
# Tracks cell with track has two edges as a clause; the lazy rules a puzzle applies outright
# (`CluePuzzle.lazy_units`: Tracks' loops) are part of propagation; a level-0 round only a
# wide count makes weighs WIDE_ROUND_COST (Unruly's full lines); the effort counts the
# costliest step twice (`effort_of`). 5: probing runs on `lab.probing` (rounds of
# propagation, in C), not on Minicard's `propagate`: a finding costs the primary literals
# set in the rounds before its conflict shows, whatever the order (Minicard stopped at its
# first conflict in its own queue order). 6: a puzzle unit propagation settles has no search
# to count: conflicts, decisions and propagations are 0 (a solve counted only the encoding's
# helper variables: a 15x15 nonogram's 120 decisions; sudoku's empty solve, 1 decision).
# 7: a finding costs its refutation's size times the rounds of propagation it takes to show
# (the chain's length, not only the facts it holds), and the effort of a level above 0 is
# scaled by PROBE_EFFORT_SCALE. 8: on a puzzle that names its cells (`Rules.cells`: sudoku,
# Keen, Towers, Map), a depth-1 step where no forcing chain through two-valued cells is in
# sight costs UNCHAINED_COST times as much (`lab.chains`). 9: where the rules ask for it
# (`Rules.partial_rounds`: Bridges), level-0 rounds run per constraint
# (`Formula.constraint_rounds`: clauses joined by helper variables are one, a counter's
# inner depth is no round), and a round in which a constraint only forces some of its open
# primary literals (a partial deduction) weighs WIDE_ROUND_COST, as a wide one does
# (Bridges: Tatham's Easy fills or empties whole islands, his Medium bounds one direction).
GRADE_VERSION = 9
GRADE_SOLVER = "mc"  # Minicard (MiniSat 2.2 with native at-most-one): search statistics, fast loading


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
    score: float | None  # level plus a fraction below 1 that grows with `effort`; None: probe budget ran out
    steps: int  # probing steps on the solving path (none at level 0)
    # the steps' costs (depth 1: its refutation's size times its rounds; deeper: DEEP_STEP_COST), each
    # weighted by the open variables it was found among, summed with the largest twice
    # (`effort_of`); at level 0, the rounds of unit propagation from the clues (`lab.rounds`)
    effort: float
    hardest_step: int  # the costliest depth-1 step
    probes: int  # propagate calls spent probing (not the one look per variable at the root)
    conflicts: int
    decisions: int
    propagations: int
    solver: str
    seconds: float
    path: list[tuple[int, int, int, int]] = field(default_factory=list, repr=False)  # (depth, cost, settled, open)

    def to_json(self) -> dict[str, Any]:
        """Every field but the path, as they are (all plain values): `asdict` would first
        deep-copy the path, a record's whole solving path, only to drop it."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "path"}


class _OutOfProbes(Exception):
    """The probe budget ran out: the level is unknown, not guessed."""


class _Contradiction(Exception):
    """The clues and what they imply cannot all hold."""


class _Prober:
    """Failed-literal probing at any depth, through `propagate` only: on a `lab.probing`
    prober (rounds of propagation, in C where built), or on a solver whose constraints
    cannot be read back as a `Formula` (a grade asked of another solver than Minicard).

    What the clues imply at the top is made a fact (`facts`; on a solver, unit clauses), so
    a probe propagates only what is new: with every clue passed as an assumption instead, a
    16x16 probe re-propagated the whole grid and cost milliseconds."""

    def __init__(self, engine: Prober | None, solver: Any, primary: list[int], variables: int, budget: int | None,
                 dead_end: Callable[[Callable[[int], bool]], bool] | None = None):
        self.engine, self.solver = engine, solver
        self.global_rules = dead_end  # the puzzle's check of rules the CNF leaves to cuts
        # ... in force only for a depth-1 pass after one without it found nothing (`round`)
        self.dead_end: Callable[[Callable[[int], bool]], bool] | None = None
        self._propagate = engine.propagate if engine is not None else propagator(solver)
        self._raw = raw_propagator(solver) if engine is None else None
        self.primary = primary
        self._open = list(primary)  # a superset of the open variables (`open_vars`)
        # Rules without auxiliary variables (sudoku's): a refutation is all primary (a conflict
        # reports one literal twice).
        self.all_primary = len(set(primary)) == variables
        self.budget = budget
        self.calls = 0
        # what holds for good: on a prober, what the rules force alone to begin with
        self.facts: set[int] = set(engine.facts()) if engine is not None else set()
        self.resume: dict[int, int] = {}  # depth -> the variable a deep step last settled
        # Depth-1 findings of the last full pass not yet taken, as the probes that failed, and
        # whether they failed under the `dead_end` check (`round`).
        self.pending: list[int] = []
        self.pending_dead_end = False
        self.rounds = 1  # the rounds of propagation the last `_look` began (a solver's `propagate` shows none: 1)

    def propagate(self, lits: list[int]) -> set[int] | None:
        """What unit propagation adds to the facts from `lits`, `lits` included; None on a
        conflict. The solver reports only what it assigns above the root: an assumption it
        already holds there (a unit among the rules) is left out, so `lits` are added here,
        or a probe that fails would settle a literal and never record it."""
        ok, implied = self._look(lits)
        return set(implied).union(lits) if ok else None

    def _spend(self) -> None:
        """Count one probing call, or stop when the budget is spent (`_shallow_pass` keeps
        its own count in locals, for speed)."""
        if self.budget is not None and self.calls >= self.budget:
            raise _OutOfProbes
        self.calls += 1

    def _left(self) -> int:
        """The probes the budget has left, as the prober's passes take it (-1: no budget)."""
        return -1 if self.budget is None else max(0, self.budget - self.calls)

    def _spent(self, calls: int, stopped: bool) -> None:
        """Count a prober's pass's probes; stop when the budget stopped it."""
        self.calls += calls
        if stopped:
            raise _OutOfProbes

    def _look(self, lits: list[int]) -> tuple[bool, list[int]]:
        """One counted `propagate` call: does it hold, and what it set. With the puzzle's
        `dead_end` in force, an assignment it rules out fails as a conflict would (a monotone
        check keeps the dominator rule). An assumption the solver holds at the root is in
        the facts, not in what it set: the check sees both."""
        self._spend()
        engine = self.engine
        begun = engine.rounds if engine is not None else 0
        ok, implied = self._propagate(lits)
        if engine is not None:
            self.rounds = engine.rounds - begun  # (a dead end shows once the last round is done)
        dead_end = self.dead_end
        if ok and dead_end is not None:
            facts, extra = self.facts, set(implied)
            ok = not dead_end(lambda lit: lit in extra or lit in facts)
        return ok, implied

    def probe(self, lit: int, safe: set[int]) -> tuple[bool, int]:
        """Does `lit` fail by unit propagation from the facts, and what does its refutation cost
        (`_refutation_cost`)? A probe that holds adds what it
        implied to `safe`: each of those propagates to a part of its trail, so cannot fail
        either (the dominator rule of failed-literal probing)."""
        if lit in safe:
            return False, 0
        ok, implied = self._look([lit])
        if ok:
            safe.update(implied)
            return False, 0
        return True, self._refutation_cost(implied)

    @functools.cached_property
    def primary_lits(self) -> set[int]:
        """Every primary literal, both signs (made when a refutation is first measured here:
        the C passes measure their own)."""
        return set(self.primary) | {-v for v in self.primary}

    def _refutation_cost(self, implied: list[int]) -> int:
        """A failed `_look`'s cost, as the prober's passes give it (`lab.probing`): the primary
        literals it set before its conflict, times the rounds the conflict took to show (on
        a solver's `propagate`, which shows no rounds: the literals alone)."""
        size = len(set(implied)) if self.all_primary else len(self.primary_lits.intersection(implied))
        return size * self.rounds

    def record_root(self) -> None:
        """Make facts of the open primary literals the solver holds at the root without being
        told (units among the rules and what they propagate): unit propagation fixes them, so
        they are not open at level 0. Such a literal is an assumption that opens no decision
        level, so the solver reports nothing for it (a variable it has not assigned reports
        at least itself). One look per open variable, once; these look-ups probe nothing, so
        they are not counted as probes (`probes` stays a measure of the probing)."""
        for v in self.open_vars():
            ok, implied = self._propagate([v])
            if not implied:
                self.facts.add(v if ok else -v)

    def assert_facts(self, lits: list[int]) -> set[int]:
        """Make `lits` (implied by the clues) facts of the solver: the literals that are new
        facts now (theirs and what they propagate)."""
        if self.engine is not None:  # one propagation, kept: counted as the `propagate` it replaces
            self._spend()
            set_now = self.engine.fix(lits)
            if set_now is None:
                raise _Contradiction
            new = set(set_now).union(lits) - self.facts
            self.facts |= new
            return new
        implied = self.propagate(lits)
        if implied is None:
            raise _Contradiction
        new = implied - self.facts
        self.facts |= new
        for lit in lits:
            self.solver.add_clause([lit])
        return new

    def open_vars(self, implied: set[int] | frozenset[int] = frozenset()) -> list[int]:
        """The primary variables neither the facts nor `implied` fix, in order. Facts only
        grow, so each look filters the last one's answer, not every primary variable (a
        10x10 Hidoku has 10,000: a sixth of its grade went to these looks)."""
        fixed = self.facts
        if self.engine is not None:  # (it holds the facts as values)
            self._open = self.engine.unset(self._open)
        else:
            self._open = [v for v in self._open if v not in fixed and -v not in fixed]
        if not implied:
            return list(self._open)
        return [v for v in self._open if v not in implied and -v not in implied]

    def fails(self, lits: list[int], depth: int, dominated: set[int] | None = None) -> bool:
        """Do the assumptions `lits` conflict with the facts under probing at `depth`
        (0: unit propagation; k: failed literals found at depth k-1 are added first)?
        When they do not, what they were found to imply joins `dominated`: probing at a
        depth is monotone (more assumptions only find more), so a literal implied by a
        probe that holds cannot fail under the same base either, the dominator rule one
        level up (a 10x10 Hidoku's depth-2 passes made 70,000 calls without it)."""
        if depth == 0:
            return self._conflicts(lits, dominated)
        if depth == 1 and self.engine is not None and self.dead_end is None:  # the whole loop in the prober
            failed, set_by, calls, stopped = self.engine.fails1(list(lits), self.open_vars(), self._left())
            self._spent(calls, stopped)
            if not failed and dominated is not None and set_by is not None:
                dominated.update(set_by)
                dominated.update(lits)
            return failed
        lits = list(lits)
        implied = self.propagate(lits)
        if implied is None:
            return True
        changed = True
        while changed:
            changed = False
            safe: set[int] = set()  # dominated probes under these `lits`
            for v in self.open_vars(implied):
                if v in implied or -v in implied:  # fixed by an earlier find in this pass
                    continue
                for probe in (v, -v):
                    if probe in safe:
                        continue
                    if self._conflicts(lits + [probe], safe) if depth == 1 else \
                            self.fails(lits + [probe], depth - 1, safe):
                        lits.append(-probe)
                        implied = self.propagate(lits)
                        if implied is None:
                            return True
                        changed = True
                        safe.clear()  # `lits` grew: what was dominated before may fail now
                        break
        if dominated is not None:
            dominated.update(implied)
        return False

    def _conflicts(self, lits: list[int], safe: set[int] | None) -> bool:
        """Does unit propagation from `lits` conflict? When it does not, what it set joins
        `safe` (probes it dominates under the same base)."""
        ok, implied = self._check(lits)
        if ok and safe is not None and implied:
            safe.update(implied)
        return not ok

    def _check(self, lits: list[int]) -> tuple[bool, list[int]]:
        """`_look`, but without a `dead_end` check straight to the solver's C entry: nested
        probing and the rechecks of waiting findings make most of their calls here."""
        raw = self._raw
        if raw is None or self.dead_end is not None:
            return self._look(lits)
        self._spend()
        ok, implied = raw(lits, 0, 0)
        return bool(ok), implied or []

    def round(self, depth: int) -> tuple[list[int], int]:
        """The next step at probing `depth` from the facts as they are now: the literals it
        settles and what it costs. At depth 1 a finding costs the size of its refutation
        (primary literals unit propagation sets before the conflict) times its length (the
        rounds of propagation until the conflict shows: a chain of forced moves is harder to
        follow than as many facts found at once), and the step takes the
        cheapest findings (up to STEP_SPREAD times the cheapest), as a person takes the
        easiest deductions in sight; the step costs the cheapest one's. A deeper step
        is the first finding (one hard deduction, then the easy ones again) and costs
        DEEP_STEP_COST.

        The findings a depth-1 step leaves are kept: the next step is taken from them,
        each probed again (facts only grow, so each still fails, now at its current cost),
        and a full pass looks again only when none is left open, as a person works through
        the deductions in sight before looking at the whole board again. Taking only the
        cheapest and looking again at once probed 1.4 times as much (Hidoku 10x10: twice)
        for the same agreement with Tatham's grades."""
        if depth == 1 and self.pending:
            found = self._recheck()
            if found:
                return self._take(found)
        found = self._pass(depth)
        self.pending_dead_end = False
        if not found and depth == 1 and self.global_rules is not None:
            # Stuck on the local rules: look again with the lazy ones (connectivity, one
            # loop), as a person turns to the whole picture when no single clue helps.
            # Every probe pays for the puzzle's check, so only here.
            self.dead_end = self.global_rules
            self.pending_dead_end = True
            try:
                found = self._pass(depth)
            finally:
                self.dead_end = None
        if not found:
            return [], 0
        if depth > 1:
            return [found[0][1]], DEEP_STEP_COST
        return self._take(found)

    def _take(self, found: list[tuple[int, int]]) -> tuple[list[int], int]:
        """The step from depth-1 findings (cost, literal): the cheapest ones; the rest wait
        (a cost of -1: a recheck cut it off above what this step takes)."""
        # Cheapest first (a cut-off probe last): what waits is then rechecked in the order
        # of its last costs, so the cheapest comes early and the rechecks' cut stops the rest
        # soon (sudoku: a fifth of the rechecks' time). The step and what waits are the
        # same sets in any order.
        found = sorted(found, key=lambda finding: (finding[0] < 0, finding[0]))
        cheapest = found[0][0]
        self.pending = [-lit for cost, lit in found if not 0 <= cost <= cheapest * STEP_SPREAD]
        return [lit for cost, lit in found if 0 <= cost <= cheapest * STEP_SPREAD], cheapest

    def _recheck(self) -> list[tuple[int, int]]:
        """The waiting findings still open, probed again as they were found (with the
        `dead_end` check if it found them): (cost now, literal)."""
        facts = self.facts
        probes = [p for p in self.pending if p not in facts and -p not in facts]
        self.pending = []
        if self.engine is not None and not self.pending_dead_end:
            # Only the cheapest findings' costs matter (`_take`): the prober cuts off a probe
            # once it has set more than STEP_SPREAD times the cheapest so far (Signpost's
            # rechecks, two thirds of its grade, ran every waiting probe to its conflict).
            findings, calls, stopped = self.engine.recheck(probes, self._left(), STEP_SPREAD)
            self._spent(calls, stopped)
            return findings
        found = []
        self.dead_end = self.global_rules if self.pending_dead_end else None
        try:
            for probe in probes:
                ok, implied = self._check([probe])
                if not ok:
                    found.append((self._refutation_cost(implied), -probe))
        finally:
            self.dead_end = None
        return found

    def _pass(self, depth: int) -> list[tuple[int, int]]:
        """One pass over the open literals at `depth`: (cost, literal found) for every
        finding at depth 1; the first finding alone deeper (its cost unused)."""
        found: list[tuple[int, int]] = []
        safe: set[int] = set()
        still_open = self.open_vars()
        if depth > 1:  # go on where the last deep step stopped: the variables before it failed nothing then
            after = self.resume.get(depth, 0)
            still_open = [v for v in still_open if v > after] + [v for v in still_open if v <= after]
        if depth == 1 and self.dead_end is None and self.engine is not None:
            found, calls, stopped = self.engine.shallow_pass(still_open, self._left())
            self._spent(calls, stopped)
            return found
        if depth == 1 and self.dead_end is None and self._raw is not None:
            return self._shallow_pass(self._raw, still_open)
        for v in still_open:
            for probe in (v, -v):
                if depth == 1:
                    fails, cost = self.probe(probe, safe)
                    if fails:
                        found.append((cost, -probe))
                        break
                elif probe not in safe and self.fails([probe], depth - 1, safe):
                    self.resume[depth] = v
                    return [(DEEP_STEP_COST, -probe)]
        return found

    def _shallow_pass(self, raw: Callable[[list[int], int, int], tuple[int, list[int] | None]],
                      still_open: list[int]) -> list[tuple[int, int]]:
        """`_pass` at depth 1 without a `dead_end` check, straight on the solver's C entry
        point: the same probes in the same order as `probe`, for half the Python around
        each (a 10x10 Hidoku's grade makes thousands)."""
        budget, calls = self.budget, self.calls
        found: list[tuple[int, int]] = []
        safe: set[int] = set()
        try:
            for v in still_open:
                for probe in (v, -v):
                    if probe in safe:
                        continue
                    if budget is not None and calls >= budget:
                        raise _OutOfProbes
                    calls += 1
                    ok, implied = raw([probe], 0, 0)
                    if ok:
                        if implied:
                            safe.update(implied)
                        continue
                    found.append((self._refutation_cost(implied or []), -probe))
                    break
        finally:
            self.calls = calls
        return found


@dataclass
class _Round:
    """One step of the solving path: at which probing depth, what it cost (the size of its
    refutation at depth 1), how many literals it settled, out of how many still open; the
    literals it found, and every literal it fixed (those and what unit propagation adds)."""

    depth: int
    cost: int
    settled: int
    open: int
    found: list[int] = field(default_factory=list, repr=False)
    fixed: list[int] = field(default_factory=list, repr=False)
    chained: bool | None = None  # depth 1 on a puzzle with cells: was a forcing chain in sight? (`lab.chains`)


@dataclass
class _Climb:
    """How far up the ladder a puzzle got, and the steps it took."""

    level: int | None  # None: the probe budget ran out at `at_least`
    at_least: int
    fixed: float  # share of primary variables fixed by unit propagation
    probes: int
    contradiction: bool  # the clues were found contradictory at `level`
    rounds: list[_Round]
    start: set[int] = field(default_factory=set, repr=False)  # what unit propagation fixes from the clues
    unit_rounds: int | None = None  # level 0: rounds of unit propagation to the solution (None: not measured)
    # The rounds of unit propagation from the clues to `start`, one by one, when asked (explain)
    unit_path: list[PropagationRound] = field(default_factory=list, repr=False)


def _ladder(session: SatSession, clue_lits: list[int], max_depth: int, budget_probes: int | None,
            unit_path: bool = False) -> _Climb:
    """The solving path: unit propagation, then steps, each at the shallowest probing depth
    that settles anything and, there, the cheapest findings (`_Prober.round`), until nothing
    is open (the level is the deepest step) or no depth up to `max_depth` finds anything
    (level max_depth + 1: search). `unit_path`: keep the rounds of unit propagation from
    the clues to where the steps start, one by one (at level 0, the whole way)."""
    primary = list(session.rules.primary)
    ptype = session.ptype
    dead_end = partial(ptype.dead_end, session.params, session.rules) if ptype.implements("dead_end") else None
    lazy_units = partial(ptype.lazy_units, session.params, session.rules) if ptype.implements("lazy_units") else None
    formula = session.formula()
    engine = rounds_prober(formula, primary) if formula is not None else None
    links = chain_links(session.rules)
    prober = _Prober(engine, session.solver if engine is None else None, primary, session.variables(),
                     budget_probes, dead_end)

    def settle(lits: list[int]) -> set[int]:
        """Make `lits` facts, with what the lazy rules then force (`CluePuzzle.lazy_units`):
        the new facts."""
        new = prober.assert_facts(lits) if lits else set()
        while lazy_units is not None:
            facts = prober.facts
            forced = [lit for lit in lazy_units(facts.__contains__) if lit not in facts]
            if not forced:
                break
            new |= prober.assert_facts(forced)
        return new
    rounds: list[_Round] = []
    depth, fixed = 0, 0.0
    chain = 0  # the literal the last forcing chain refuted, probed first next time

    start: set[int] = set()
    path: list[PropagationRound] = []

    def climb(level: int | None, at_least: int, contradiction: bool = False) -> _Climb:
        return _Climb(level, at_least, fixed, prober.calls, contradiction, rounds, start, unit_path=path)

    try:
        prober.assert_facts(clue_lits)
        if session.rules.holds_units() and engine is None:  # the solver holds them at the root
            prober.record_root()
        settle([])
        fixed = 1 - len(prober.open_vars()) / len(primary) if primary else 1.0
        start = set(prober.facts) | _rule_units(session)
        if unit_path:  # (explain: the rounds to the start one by one, whatever the level; none where they miss it)
            log: list[PropagationRound] = []
            if _unit_rounds(session, clue_lits, start, lazy_units, log) is not None:
                path.extend(log)
        while True:
            deepest = max((r.depth for r in rounds), default=0)
            still_open = prober.open_vars()
            if not still_open:
                if not _real(session, prober.facts):
                    return climb(max_depth + 1, max_depth + 1)
                done = climb(deepest, deepest)
                if deepest == 0:
                    done.unit_rounds = _unit_rounds(session, clue_lits, prober.facts, lazy_units)
                return done
            for depth in range(1, max_depth + 1):
                found, cost = prober.round(depth)
                if found:
                    break
            else:
                return climb(max_depth + 1, max_depth + 1)
            chained = None
            if links is not None and depth == 1:
                chain = forcing_chain(links, prober.facts, chain, engine)
                chained = chain != 0
            if chained is False:
                cost = round(cost * UNCHAINED_COST)
            rounds.append(_Round(depth, cost, len(found), len(still_open), found, list(settle(found)), chained))
    except _Contradiction:
        return climb(depth, depth, True)
    except _OutOfProbes:
        return climb(None, max(depth, max((r.depth for r in rounds), default=0)))


def _propagation_only(session: SatSession, clue_lits: list[int]) -> _Climb | None:
    """The ladder's answer for a puzzle unit propagation settles (level 0), from rounds of
    propagation on the rules read as a `Formula` (`lab.rounds`), which the level needs
    anyway: the solver is then never loaded (a 15x15 nonogram's 100,000 clauses). The
    same climb as the ladder's, which counts its one propagation of the clues as a probe.
    None when propagation leaves anything open or conflicts: the ladder then climbs."""
    formula = session.formula()
    found = _level0_rounds(session, formula, clue_lits) if formula is not None else None
    if found is None:
        return None
    rounds, wide, fixed = found
    rounds += (WIDE_ROUND_COST - 1) * wide
    if any(v not in fixed and -v not in fixed for v in session.rules.primary) or not _real(session, fixed):
        return None
    return _Climb(level=0, at_least=0, fixed=1.0, probes=1, contradiction=False, rounds=[], start=fixed,
                  unit_rounds=rounds)


def _level0_rounds(session: SatSession, formula: Formula, lits: list[int],
                   log: list[PropagationRound] | None = None) -> tuple[int, int, set[int]] | None:
    """Level-0 rounds from `lits`: per constraint, partial deductions waiting, where the
    rules ask for it (`Rules.partial_rounds`, `Formula.constraint_rounds`), else
    `Formula.tiered_rounds`; each round appended to `log` if given."""
    if session.rules.partial_rounds:
        return formula.constraint_rounds(lits, session.rules.primary, log)
    return formula.tiered_rounds(lits, log)


def _rule_units(session: SatSession) -> frozenset[int]:
    """What unit propagation fixes from the rules alone: the solver holds it at its root and
    reports none of it, but it belongs to where propagation from the clues ends (the
    search's start), as `_propagation_only` finds it."""
    formula = session.formula() if session.rules.holds_units() else None
    return session.rules.formula.root() if formula is not None else frozenset()


def _unit_rounds(session: SatSession, clue_lits: list[int], facts: set[int],
                 lazy_units: Callable[[Callable[[int], bool]], list[int]] | None = None,
                 log: list[PropagationRound] | None = None) -> int | None:
    """Rounds of unit propagation from the clues to what the solver found (`lab.rounds`),
    what the lazy rules force counting as one round more each time and a round only a wide
    count makes (`Formula.tiered_rounds`) as WIDE_ROUND_COST; None when the solver's
    constraints cannot be read back or the rounds reach a different fixpoint (then they
    would not measure this puzzle). `log`: the rounds one by one (`round_weight` each)."""
    formula = session.formula()
    if formula is None:
        return None
    rounds, start = 0, list(clue_lits)
    while True:
        found = _level0_rounds(session, formula, start, log)
        if found is None:
            return None
        more, wide, fixed = found
        rounds += more + (WIDE_ROUND_COST - 1) * wide
        forced = [lit for lit in lazy_units(fixed.__contains__) if lit not in fixed] if lazy_units else []
        if not forced:
            break
        rounds += 1
        if log is not None:
            log.append(PropagationRound(sorted(set(forced), key=abs), "lazy"))
        start = [*fixed, *forced]
    for v in session.rules.primary:
        if (v in fixed) != (v in facts) or (-v in fixed) != (-v in facts):
            return None
    return rounds


def solving_path(ptype: CluePuzzle, inst: Instance, max_depth: int | None = None,
                 budget_probes: int | None = 200_000) -> _Climb:
    """The grade's solving path for one puzzle, on a solver of its own (for `explain`), with
    the rounds of propagation to its start one by one (`_Climb.unit_path`)."""
    max_depth = ptype.grading.max_depth if max_depth is None else max_depth
    session = SatSession(ptype, inst.params, GRADE_SOLVER)
    try:
        return _ladder(session, session.assumptions(inst.clues), max_depth, budget_probes, unit_path=True)
    finally:
        session.close()


def _real(session: SatSession, implied: set[int]) -> bool:
    """Is a complete assignment of the primary variables a real solution? Only puzzles
    with lazy rules (cuts) can fail here: their CNF alone lacks a rule."""
    ptype = session.ptype
    if not ptype.implements("cuts"):
        return True
    true_vars = {l for l in implied if l > 0}
    solution = ptype.decode(session.params, session.rules, true_vars)
    return not ptype.cuts(session.params, session.rules, solution, true_vars)


def _search(session: SatSession, facts: set[int], clues: Clues, budget_conflicts: int | None,
            proven_unique: bool = False) -> tuple[str, dict[str, int]]:
    """One solve on a fresh solver: its statistics, then (stats already taken) the status.

    The search starts where unit propagation from the clues ends (`facts`, the ladder's
    start, where its level 0 ends): its statistics count the search, not that propagation.
    Where the facts settle most variables, the solver loads only what they leave open
    (`Formula.simplified`: 300 clauses of a 10x10 Hidoku's 20,000, and the search a tenth of
    its cost); elsewhere simplifying costs more than it saves, and a fresh session takes
    the facts as unit clauses (`_search_from`). `proven_unique`: the ladder fixed every
    primary variable from the clues (facts every solution shares), so the search for a
    second solution is skipped: it could only fail. (At level 0 `grade` asks no search.)"""
    dense = len(facts) >= SIMPLIFY_FROM * session.variables()
    formula = session.formula() if dense else None
    if formula is None:
        return _search_from(session, clues, facts, budget_conflicts, proven_unique)
    ptype, params, rules = session.ptype, session.params, session.rules
    cuts = ptype.cuts if ptype.implements("cuts") else None
    # (facts that fix every variable leave nothing: the solver gets the empty formula)
    largest = formula.largest()
    settled = len(facts) >= largest and len({abs(lit) for lit in facts if abs(lit) <= largest}) == largest
    left = Simplified([], [], np.zeros(0, dtype=np.int64)) if settled else formula.simplified(facts)
    names: list[int] = left.names.tolist()  # the solver's variable i + 1 is names[i]
    number: dict[int, int] = {}  # names' inverse, made when a clause comes to be added
    holds = facts
    fixed_true = [lit for lit in facts if lit > 0]  # (what the solver's model does not hold)
    solver = Solver(name=session.solver_name)

    def add(clauses: list[Clause]) -> None:
        """Clauses over the puzzle's variables (cuts, a blocking clause), as still open."""
        if not number:
            number.update((var, i + 1) for i, var in enumerate(names))
        out = []
        for clause in clauses:
            if not holds.isdisjoint(clause):
                continue
            mine = []
            for lit in clause:
                if -lit not in holds:
                    if abs(lit) not in number:
                        names.append(abs(lit))
                        number[abs(lit)] = len(names)
                    mine.append(number[abs(lit)] if lit > 0 else -number[abs(lit)])
            out.append(mine)
        append_clauses(solver, out)

    def find() -> tuple[bool | None, Any]:
        """(SAT, the solution) with cuts added until the model is real, the conflict budget
        for all the rounds together (`Spending`)."""
        spending = Spending(solver, Budget(conflicts=budget_conflicts)) if cuts is not None else None
        left = budget_conflicts
        while True:
            if left is not None:
                solver.conf_budget(left)
            if left is None:
                solver.conf_budget(-1)
            sat = solver.solve_limited(expect_interrupt=releases_gil(session.solver_name))
            if not sat:
                return sat, None
            if cuts is None and proven_unique:
                return True, None  # (no solution wanted)
            model = solver.get_model() or []
            true_vars = frozenset([names[l - 1] for l in model if 0 < l <= len(names)] + fixed_true)
            solution = ptype.decode(params, rules, true_vars)
            more = cuts(params, rules, solution, true_vars) if cuts is not None else []
            if not more:
                return True, solution
            add(more)
            if spending is not None:
                rest = spending.left()
                if rest is None:
                    return None, None
                left = rest.conflicts

    try:
        append_clauses(solver, left.clauses)
        add_at_most(solver, left.counts)
        first, solution = find()
        stats = dict(solver.accum_stats() or {})
        if first is None:
            return "unknown", stats
        if not first:
            return "unsolvable", stats
        if proven_unique:
            return "unique", stats
        add([[-lit for lit in ptype.solution_literals(params, rules, solution)]])
        second, _ = find()
        return ("unknown" if second is None else "ambiguous" if second else "unique"), stats
    finally:
        solver.delete()


def _search_from(ladder: SatSession, clues: Clues, facts: set[int], budget_conflicts: int | None,
                 proven_unique: bool) -> tuple[str, dict[str, int]]:
    """`_search` on a fresh solver with every rule, the facts as unit clauses: the
    propagation they cause is left out of the statistics. The ladder's own session when
    its solver was never loaded (probing ran on its rules as a `Formula`): loading it now
    gives the solver a new session would, without building the clues' clauses again (a
    Keen grade made its cages' three times a record); else a new one."""
    session = ladder if not ladder.loaded else SatSession(ladder.ptype, ladder.params, ladder.solver_name)
    try:
        budget = Budget(conflicts=budget_conflicts)
        session.assumptions(clues)  # the clues' literals, as in the ladder (facts among them)
        append_clauses(session.solver, [[lit] for lit in sorted(facts, key=abs)])
        before = dict(session.solver.accum_stats() or {})
        first = session.find([], budget)
        stats = {k: v - before.get(k, 0) for k, v in (session.solver.accum_stats() or {}).items()}
        if first.sat is None:
            return "unknown", stats
        if not first.sat:
            return "unsolvable", stats
        if proven_unique:
            return "unique", stats
        second = session.other_than([], first.solution, budget)
        status = "unknown" if second.sat is None else "ambiguous" if second.sat else "unique"
        return status, stats
    finally:
        if session is not ladder:
            session.close()


def grade(ptype: PuzzleType, inst: Instance, budget_conflicts: int | None = 100_000,
          max_depth: int | None = None, budget_probes: int | None = 200_000,
          solver: str = GRADE_SOLVER) -> Grade:
    """Grade one puzzle on solvers built for this call alone.

    `max_depth` caps the probing ladder (default: the puzzle's `grading.max_depth`);
    `budget_probes` caps its `propagate` calls (nested probing grows fast on big grids) and
    `budget_conflicts` the search solve.
    When a budget runs out the answer says so (`level` None, `status` "unknown")."""
    if not isinstance(ptype, CluePuzzle):
        raise PuzzleError(f"{ptype.name} has no SAT rules, so it cannot be graded")
    max_depth = ptype.grading.max_depth if max_depth is None else max_depth
    start = time.perf_counter()
    session = SatSession(ptype, inst.params, solver)  # fresh, used for the ladder only
    try:
        clue_lits = session.assumptions(inst.clues)
        # (the rounds know no lazy rules)
        shortcut = ptype.grading.mostly_propagation and not ptype.implements("lazy_units")
        climb = (shortcut and _propagation_only(session, clue_lits)) or \
            _ladder(session, clue_lits, max_depth, budget_probes)
        settled = climb.level is not None and climb.level <= max_depth and not climb.contradiction
        # (the start is empty when the clues contradict each other at once)
        stats: dict[str, int]
        if settled and climb.level == 0:
            # Unit propagation from the clues settled the puzzle: nothing is left to search. A
            # solve would only decide the encoding's helper variables (a 15x15 nonogram's
            # automaton states: 120 decisions, 1,800 propagations, a third of its grade).
            status, stats = "unique", {}
        else:
            status, stats = _search(session, climb.start or set(clue_lits), inst.clues, budget_conflicts, settled)
    finally:
        session.close()
    level = climb.level
    probe_depth = level if level is not None and level <= max_depth else None
    shallow = [r.cost for r in climb.rounds if r.depth == 1]
    effort = effort_of(climb)
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
        score=score_of(level, effort),
        steps=len(climb.rounds),
        effort=effort,
        hardest_step=max(shallow, default=0),
        probes=climb.probes,
        conflicts=int(stats.get("conflicts", 0)),
        decisions=int(stats.get("decisions", 0)),
        propagations=int(stats.get("propagations", 0)),
        solver=solver,
        seconds=round(time.perf_counter() - start, 6),
        path=[(r.depth, r.cost, r.settled, r.open) for r in climb.rounds],
    )


def round_weight(r: PropagationRound) -> int:
    """A round's share of a level-0 effort: a wide or partial one weighs WIDE_ROUND_COST."""
    return WIDE_ROUND_COST if r.kind in ("wide", "partial") else 1


def effort_of(climb: _Climb) -> float:
    """The effort of a solving path: its steps' weighted costs (`step_effort`) summed, the
    costliest counted twice; at level 0 the rounds unit propagation takes (a float either
    way: one type in Parquet). The costliest step counts once more because a person's grade
    is first the hardest deduction a puzzle needs (Tatham grades by exactly that), then how
    much of it: on his puzzles rho rose for 16 of 28 puzzle sizes, Map 20x15 from 0.79 to
    0.81, and fell by at most 0.015."""
    if climb.level == 0:
        return float(climb.unit_rounds or 0)
    efforts = [step_effort(r.cost, r.open) for r in climb.rounds]
    return round(sum(efforts, max(efforts, default=0.0)), 2)


def step_effort(cost: int, still_open: int) -> float:
    """A step's cost times log2(1 + open) / 4 (1 at 15 open variables): a deduction is
    harder to find among more open possibilities (Pelanek: difficulty grows with the
    options a solver must weigh, not only with each step's own complexity). On Tatham's
    puzzles this put every one of his grades' medians in order (sudoku 2x3 and Bridges 7x7
    had two tied or swapped) and raised Bridges' rho from 0.64-0.66 to 0.74-0.76, the rest
    within 0.02 (scripts/grade_vs_tatham.py --count 60)."""
    return cost * math.log2(1 + still_open) / 4


def score_of(level: int | None, effort: float) -> float | None:
    """`level` plus effort / (effort + scale): the level orders puzzles first, and within a
    level the summed cost of the steps does, the costliest twice (Pelanek: human solving
    time follows the sum of the steps' difficulties; Bogaerts, Gamba and Guns: a step's
    difficulty is the size of its smallest explanation, here the refutation's size, times
    its length). At level 0 the effort is the number of rounds unit propagation takes
    (`lab.rounds`): a longer chain of forced moves, the one thing that tells apart puzzles
    propagation alone solves; its scale is EFFORT_SCALE, above it PROBE_EFFORT_SCALE."""
    if level is None:
        return None
    scale = EFFORT_SCALE if level == 0 else PROBE_EFFORT_SCALE
    return round(level + effort / (effort + scale), 4)


# The search loads only what the facts leave open when they settle at least this share of
# the solver's variables (Hidoku, nonograms, sudoku, Dominosa); below it simplifying cost
# more than loading everything (Singles, Magnets, Mosaic).
SIMPLIFY_FROM = 0.5
EFFORT_SCALE = 50  # the level-0 effort (rounds) that puts a puzzle halfway between level 0 and 1
# The same above level 0, where a step costs its refutation's size times its rounds: on
# Tatham's puzzles that effort is four times the size alone's (the median over 5,784 rows,
# 2.5-6.2 between the quartiles), so this keeps scores about where they were with
# EFFORT_SCALE on sizes.
PROBE_EFFORT_SCALE = 200
# A level-0 round only a rule's count of two or more makes, several cells at once, counts
# as this many rounds (`Formula.tiered_rounds`: Unruly's full lines). Tatham's ladder tries
# every narrower rule first; on his Unruly, rho 0.94/0.94 (8x8, 10x10) at 10, 0.89/0.93 at
# 5, 0.84/0.91 at 3, 0.74/0.83 before the tiers.
WIDE_ROUND_COST = 10
DEEP_STEP_COST = 200  # a step deeper than failed literals: as much as a hard failed-literal path
# A depth-1 step costs this much more where the puzzle names its cells and no forcing chain
# through two-valued cells is in sight (`lab.chains`): Tatham's solvers guess only then.
UNCHAINED_COST = 1.5
# A step takes every finding up to this multiple of the cheapest: a third of the passes of
# taking the cheapest alone, with the same agreement with Tatham's grades.
STEP_SPREAD = 1.5


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
