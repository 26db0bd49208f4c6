"""The solving path as steps a person can follow (`puzzlelab explain`).

The steps are the grade's (`lab.grade.solving_path`): unit propagation from the clues (step
0, shown round by round), then each step at the shallowest probing depth that settles
anything, the cheapest findings first. Each step and round names what it settles, in the
puzzle's own words where it can (the cells `differences` names, with their values in the
solution), and why: the clues and earlier steps (rounds) it follows from, a small
unsatisfiable core of "those, and the finding denied" (Bogaerts, Gamba and Guns explain
each step by a minimal unsatisfiable subset). Deletion makes it minimal: checked by unit
propagation where the step is propagation (a round, a failed literal), else by solves
within a budget when the core is small.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any

from .grade import (
    GRADE_SOLVER,
    UNCHAINED_COST,
    WIDE_ROUND_COST,
    effort_of,
    round_weight,
    score_of,
    solving_path,
    step_effort,
)
from .probing import Prober, rounds_prober
from .puzzle import CluePuzzle, Instance, PuzzleError
from .sat import UNLIMITED, Budget, SatSession

REASONING = {0: "unit propagation", 1: "a failed literal (suppose the opposite, propagate, contradiction)"}
# Cores at most this large are made minimal by deletion (one solve per member). A late step
# of a hard sudoku (Inkala's) had a core of more than 40: its 21 clues and the findings of
# 15 earlier steps; minimal, it names part of each.
MINIMIZE_UP_TO = 60
# Each deletion's solve stops after this many conflicts and the member stays: without a clue
# the question may be as hard as the puzzle (a damaged 5x5 magic square ran for over 40
# minutes; 17 s with this budget, 67 s with 10,000).
MINIMIZE_BUDGET = Budget(conflicts=1_000)
EXPLAIN_PROBES = 200_000  # the path's failed-literal probes, as the grade's (nested probing grows fast)
AMBIGUITY_CONFLICTS = 100_000  # a path that stops short asks whether a second solution is why


# Why a round of propagation came when it did, as the text says it (`PropagationRound.kind`).
ROUND_KINDS = {
    "wide": f"wide, x{WIDE_ROUND_COST}: only a count over several cells forced anything, all at once",
    "partial": f"partial, x{WIDE_ROUND_COST}: a constraint settled only part of what it names",
    "lazy": "a connectivity rule",
}


@dataclass
class Round:
    """One round of unit propagation inside step 0 (at level 0 the rounds are the grade):
    what it settles, what it weighs in a level-0 effort, and what it follows from (as a
    step's reason: for its first primary literal, positive first)."""

    n: int
    kind: str  # "" narrow, "wide", "partial" or "lazy" (`lab.rounds.PropagationRound`)
    weight: int  # its share of the effort
    settles: list[str]
    literals: int  # primary literals it fixed
    clues: list[str] = field(default_factory=list)  # the clues it follows from
    after: list[int] = field(default_factory=list)  # the earlier rounds it follows from


@dataclass
class Step:
    """One step: its probing depth (0: unit propagation from the clues), what it settles
    (cells with their values, or a count where the puzzle's cells cannot be named), and
    what it follows from."""

    n: int
    depth: int
    reasoning: str
    cost: int  # depth 1: the primary literals its refutation sets, times the rounds it takes (x1.5 unchained)
    effort: float  # the cost weighted by the open variables it was found among (the grade's share)
    still_open: int  # primary variables open when it was taken
    settles: list[str]
    literals: int  # primary literals fixed, those found and what unit propagation adds
    clues: list[str] = field(default_factory=list)  # the clues it follows from
    after: list[int] = field(default_factory=list)  # the earlier steps it follows from
    chained: bool | None = None  # depth 1 on a puzzle with cells: was a forcing chain in sight?
    rounds: list[Round] = field(default_factory=list)  # step 0: its rounds (at level 0, the effort)


@dataclass
class Explanation:
    puzzle: str
    # solved | stuck (search needed) | ambiguous (more than one solution: no path settles it) |
    # contradiction | unknown (the probe budget ran out)
    status: str
    level: int | None  # None: the probe budget ran out, at `level_at_least` or deeper
    score: float | None  # the grade's: level plus a fraction that grows with the effort
    effort: float  # the steps' weighted costs summed, the largest twice (at level 0: rounds of propagation)
    steps: list[Step]
    hardest: float = 0.0  # the largest weighted cost of a step
    level_at_least: int = 0
    probes: int = 0  # failed-literal probes the path took (its budget: EXPLAIN_PROBES)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def text(self) -> str:
        effort = f"{self.effort:g}" + (f": the steps' sum, and the costliest ({self.hardest:.1f}) again"
                                       if self.hardest else self._rounds_sum())
        if self.status == "ambiguous":
            head = f"ambiguous: it has more than one solution, so no path settles it (effort {effort})"
        elif self.level is None:
            head = (f"level unknown, {self.status}: the budget of {EXPLAIN_PROBES:,} probes ran out at level "
                    f"{self.level_at_least} or deeper (effort {effort})")
        else:
            head = f"level {self.level}, {self.status} (score {self.score}, effort {effort})"
        lines = [f"{self.puzzle}: {len(self.steps)} step(s), {head}"]
        for s in self.steps:
            why = ", ".join([*s.clues, *(f"step {k}" for k in s.after)]) or "the rules alone"
            what = ", ".join(s.settles) if s.settles else f"{s.literals} literal(s), no cell settled yet"
            unchained = f" (x{UNCHAINED_COST:g}: no forcing chain through two-valued cells in sight)" \
                if s.chained is False else ""
            cost = f", cost {s.cost}{unchained} among {s.still_open} open: {s.effort:.1f}" if s.depth else ""
            if s.rounds:  # (each on a line of its own; at level 0 they are the grade)
                lines.append(f"step {s.n} ({s.reasoning}, {len(s.rounds)} round(s)):")
                for r in s.rounds:
                    lines.append(f"  round {r.n}{f' ({ROUND_KINDS[r.kind]})' if r.kind in ROUND_KINDS else ''}: "
                                 + _round_text(r))
                    if r.clues or r.after:
                        lines.append("    because of " + ", ".join([*r.clues, *(f"round {k}" for k in r.after)]))
                continue
            lines.append(f"step {s.n} ({s.reasoning}{cost}): {what}")
            if s.depth:
                lines.append(f"  because of {why}")
        return "\n".join(lines)

    def _rounds_sum(self) -> str:
        """How a level-0 effort adds up from step 0's rounds ("" when they are not shown)."""
        rounds = self.steps[0].rounds if self.steps and self.level == 0 else []
        heavy = [r for r in rounds if r.weight > 1]
        if not rounds:
            return ""
        return f": {len(rounds)} round(s) of propagation" + (
            f", {len(heavy)} of them wide or partial, counted {WIDE_ROUND_COST} times each" if heavy else "")


def explain(ptype: CluePuzzle, inst: Instance) -> Explanation:
    """The steps of the grade's solving path, each with what it settles and why. A path
    that stops short (search needed, or the probes ran out) on a puzzle with more than one
    solution says "ambiguous": no reasoning settles it, and the open board a setter starts
    from should not read as merely hard."""
    climb = solving_path(ptype, inst, budget_probes=EXPLAIN_PROBES)
    status = ("unknown" if climb.level is None else "contradiction" if climb.contradiction
              else "stuck" if climb.level > ptype.grading.max_depth else "solved")
    if status in ("unknown", "stuck") and _ambiguous(ptype, inst):
        status = "ambiguous"
    session = SatSession(ptype, inst.params, GRADE_SOLVER)  # numbered as the path's own solver
    try:
        clue_lits = session.assumptions(inst.clues)
        namer = _CellNamer(ptype, inst, session.rules, climb)
        namer.settled({lit for lit in clue_lits if session.clue_of(lit) is not None})  # the givens: known
        rounds = _rounds(namer, climb.unit_path, set(session.rules.primary))
        formula = session.formula()  # (a prober over it checks reasons by propagation)
        prober = rounds_prober(formula, session.rules.primary) if formula is not None else None
        _round_reasons(ptype, inst, session, clue_lits, rounds, climb.unit_path, prober)
        settles = [name for r in rounds for name in r.settles] + namer.settled(climb.start)
        steps = [Step(0, 0, REASONING[0], 0, 0.0, len(session.rules.primary), settles, len(climb.start),
                      rounds=rounds)]
        step_of: dict[int, int] = {}  # a literal a step found -> that step
        for n, r in enumerate(climb.rounds, start=1):
            clues, after = _reasons(session, clue_lits, step_of, r.found[0], prober)
            steps.append(Step(n, r.depth, REASONING.get(r.depth, f"nested probing to depth {r.depth}"), r.cost,
                              round(step_effort(r.cost, r.open), 2), r.open, namer.settled(set(r.fixed)), len(r.fixed),
                              [_clue_name(ptype, inst, session, lit) for lit in clues], after, r.chained))
            step_of.update({lit: n for lit in r.found})
    finally:
        session.close()
    effort = effort_of(climb)
    hardest = max((s.effort for s in steps), default=0.0) if climb.level else 0.0
    return Explanation(ptype.name, status, climb.level, score_of(climb.level, effort), effort, steps, hardest,
                       climb.at_least, climb.probes)


def _ambiguous(ptype: CluePuzzle, inst: Instance) -> bool:
    """Has the puzzle a second solution, as far as AMBIGUITY_CONFLICTS let the solver see?"""
    from .solve import check

    return check(ptype, inst, budget=Budget(conflicts=AMBIGUITY_CONFLICTS)).status == "ambiguous"


def human_text(puzzle: str, summary: dict, moves: list[dict]) -> str:
    """A puzzle's human-technique path (`CluePuzzle.human_path`) as lines to read."""
    state = "solved" if summary.get("solved") else "stuck"
    lines = [f"{puzzle}: {summary.get('technique')} at hardest, {state}, {len(moves)} move(s)"]
    lines += [f"{n} ({move['technique']}): {move['text']}" for n, move in enumerate(moves, start=1)]
    return "\n".join(lines)


def _round_reasons(ptype: CluePuzzle, inst: Instance, session: SatSession, clue_lits: list[int],
                   rounds: list[Round], path: list, prober: Prober | None) -> None:
    """Each round's reason (`Round.clues`, `Round.after`): the clues and the facts of earlier
    rounds its target literal follows from, the latest ones where it can. The facts offered
    are what a person sees settled: where cells are one-hot (`Rules.cells`), a cell's value,
    not the values ruled out on the way; else every primary literal."""
    primary = set(session.rules.primary)
    one_hot = {v for cell in session.rules.cells for v in cell}
    round_of: dict[int, int] = {}  # a fact an earlier round set -> that round
    for r, done in zip(rounds, path):
        target = _round_target(done.literals, primary)
        if target is not None:
            clues, r.after = _reasons(session, clue_lits, round_of, target, prober, latest=True)
            r.clues = [_clue_name(ptype, inst, session, lit) for lit in clues]
        round_of.update({lit: r.n for lit in done.literals
                         if abs(lit) in primary and (lit > 0 or abs(lit) not in one_hot)})


def _round_target(literals: list[int], primary: set[int]) -> int | None:
    """The literal a round's reason is given for: its first primary one that is true (a
    cell's value, where cells are one-hot), else its first primary one; None if it set
    helpers only."""
    mine = [lit for lit in literals if abs(lit) in primary]
    return next((lit for lit in mine if lit > 0), mine[0] if mine else None)


def _round_text(r: Round) -> str:
    if r.settles:
        return ", ".join(r.settles)
    if r.literals:
        return f"{r.literals} literal(s), no cell settled yet"
    return "only the encoding's helper variables (a counter's inner state)"


def _rounds(namer: _CellNamer, path: list, primary: set[int]) -> list[Round]:
    """Step 0's rounds of propagation (`_Climb.unit_path`), each with the cells it settles."""
    return [Round(n, r.kind, round_weight(r), namer.settled(set(r.literals)),
                  sum(abs(lit) in primary for lit in r.literals)) for n, r in enumerate(path, start=1)]


def _clue_name(ptype: CluePuzzle, inst: Instance, session: SatSession, lit: int) -> str:
    key = session.clue_of(lit)
    return ptype.describe_clue(key, inst.clues[key]) if key is not None else f"literal {lit}"


def _reasons(session: SatSession, clue_lits: list[int], step_of: dict[int, int], lit: int,
             prober: Prober | None = None, latest: bool = False) -> tuple[list[int], list[int]]:
    """The clues (literals) and earlier steps that `lit` (a step's first finding) follows
    from: a core of "these, and not `lit`", made minimal by deletion.

    Where unit propagation from them refutes "not `lit`" (a round, a failed literal: the
    reasoning the step names), the deletions ask `prober` (one over the rules), not the
    solver, starting from the core where it refutes, else from all that is given: fast (a
    Dominosa's explanation took 19 s of budgeted solves), and the reason is one a person
    can follow by propagation. Elsewhere (nested probing, connectivity) a small core is
    made minimal by budgeted solves, but a round's is left as the solver gave it: with the
    puzzle's cuts a budgeted solve can run for minutes (a budget bounds each solve, not
    the cuts between them).

    `latest` (a round's reason): delete the oldest members first (the clues, then the
    earliest rounds), so the reason names the latest facts it can, as propagation met
    them; the solver is handed the latest first too, or it finds the clues alone enough
    before it reads them."""
    given = sorted(step_of, key=lambda x: -step_of[x]) + clue_lits if latest else clue_lits + list(step_of)
    core = _core(session, given, lit) or []  # (none: the finding does not follow; never so on the path)
    still: Callable[[list[int]], bool] | None = None  # does a part of the core still imply lit?
    refutes = partial(_refutes, prober, lit=lit) if prober is not None else None
    if refutes is not None and refutes(core):
        still = refutes
    elif refutes is not None and refutes(given):
        core, still = given, refutes
    elif not latest and len(core) <= MINIMIZE_UP_TO:
        still = partial(_implies, session, lit=lit)
    if still is not None:
        for member in sorted(core, key=lambda x: step_of.get(x, 0)) if latest else list(core):
            rest = [x for x in core if x != member]
            if still(rest):
                core = rest
    clues = [x for x in core if x not in step_of]
    return clues, sorted({step_of[x] for x in core if x in step_of})


def _implies(session: SatSession, given: list[int], lit: int) -> bool:
    """Do `given` imply `lit`, as the solver shows within MINIMIZE_BUDGET?"""
    return _core(session, given, lit, MINIMIZE_BUDGET) is not None


def _refutes(prober: Prober, given: list[int], lit: int) -> bool:
    """Does unit propagation from `given` and "not `lit`" conflict?"""
    return not prober.propagate([*given, -lit])[0]


def _core(session: SatSession, given: list[int], lit: int, budget: Budget = UNLIMITED) -> list[int] | None:
    """A subset of `given` that with -lit has no solution, or None if -lit fits them (or
    the budget ran out first). The search adds the puzzle's lazy cuts as it meets them
    (`find`): a step the grade's `dead_end` found follows from the clues only together
    with those rules."""
    if session.find([*given, -lit], budget).sat is not False:
        return None
    core = set(session.solver.get_core() or [])
    return [x for x in given if x in core]


# What a puzzle's `decode` may raise on a partial assignment (its contract is a whole one):
# then a step is described by its count of literals instead.
DECODE_ERRORS = (PuzzleError, LookupError, ValueError, TypeError, AttributeError, RuntimeError)


class _CellNamer:
    """The cells a set of fixed literals settles, named as the puzzle's `differences` names
    them, with their values in the solution: the solution against the assignment known so
    far (unknown literals false), decoded. Puzzles whose decoding needs a whole assignment
    get counts instead (an empty list)."""

    def __init__(self, ptype: CluePuzzle, inst: Instance, rules: Any, climb: Any):
        self.ptype, self.params, self.rules = ptype, inst.params, rules
        facts = set(climb.start).union(*(r.fixed for r in climb.rounds))
        self.known: set[int] = set()
        try:
            self.solution = self._decode({lit for lit in facts if lit > 0})
        except DECODE_ERRORS:  # the path stopped short of a whole solution
            self.solution = None

    def settled(self, fixed: set[int]) -> list[str]:
        """The cells newly settled once `fixed` is known too, as "cell = value"."""
        more = self.known | {lit for lit in fixed if lit > 0}
        try:
            if self.solution is None:
                return []
            before, after = self._unsettled(self.known), set(self._unsettled(more))
        except DECODE_ERRORS:
            return []
        finally:
            self.known = more
        return [name for name in before if name not in after]

    def _unsettled(self, true_vars: set[int]) -> list[str]:
        part = self._decode(true_vars)
        return [d.split(" vs ")[0].replace(": ", " = ", 1) for d in self.ptype.differences(self.solution, part)]

    def _decode(self, true_vars: set[int]) -> Any:
        return self.ptype.decode(self.params, self.rules, frozenset(true_vars))
