"""Questions a session answers with many solver calls. Counting and listing solutions:
every solution (`each`, `count`), one other than a given one (the uniqueness question), the
literals every solution agrees on (`backbone`), and a random solution that depends on
nothing the solver did before.

Each answer is built from facts (SAT or UNSAT under assumptions) and blocking clauses behind
guards that are retired afterwards, so the session serves the next question unchanged.
The uniqueness verdict (`check`) and the clues or assumptions that cannot hold together
(`conflict`, `last_core`) are asked the same way. Every solver call goes through the
session's `_call`, the one place a benchmark wraps to time or bound them."""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from .outcomes import UNLIMITED, Budget, Check, Count, Found, Unknown
from .puzzle import ClueKey, Clues

if TYPE_CHECKING:
    from .sat import SatSession


def count(session: SatSession, clues: Clues, limit: int, budget: Budget = UNLIMITED) -> Count:
    """Solutions up to `limit` (`each`, collected)."""
    return Count.collect(each(session, clues, budget), limit)


def each(session: SatSession, clues: Clues, budget: Budget = UNLIMITED) -> Generator[Any, None, None]:
    """Every solution, one at a time, each blocked (on primary variables) behind one
    guard that is retired when the caller stops; Unknown when a call's budget runs out."""
    base = session.assumptions(clues)
    g = session.guard([])
    try:
        while True:
            found = session.find(base + [g], budget)
            if found.sat is None:
                raise Unknown("the solver's budget ran out while listing solutions")
            if not found.sat:
                return
            solution = found.solution
            session.handle.add_clause([-g, *session.block_clause(solution)])
            yield solution
    finally:
        session.retire(g)


def other_than(session: SatSession, assumptions: list[int], solution: Any, budget: Budget = UNLIMITED) -> Found:
    """A solution different from `solution` under the assumptions (the uniqueness check)."""
    g = session.guard([session.block_clause(solution)])
    try:
        return session.find(assumptions + [g], budget)
    finally:
        session.retire(g)


def random_solution(session: SatSession, rng: random.Random, budget: Budget = UNLIMITED) -> Any:
    """A random solution that depends only on `rng` and the rules, not on what this
    solver did before: literals are fixed in a random order by SAT/UNSAT facts until
    the solution is unique, so the answer is a fact, whatever the solver learned."""
    primary = list(session.rules.primary)
    rng.shuffle(primary)
    fixed: list[int] = []
    found = session.find([], budget)
    if not found.sat:
        raise ValueError("these rules have no solution")
    for i, var in enumerate(primary):
        lit = var if rng.random() < 0.5 else -var
        trial = session.find(fixed + [lit], budget)
        if trial.sat:
            fixed.append(lit)
            found = trial
        elif trial.sat is False:
            fixed.append(-lit)
        if i % 8 == 7 and not session.other_than(fixed, found.solution, budget).sat:
            break
    final = session.find(fixed, budget)
    return final.solution


def backbone(session: SatSession, variables: list[int], assumptions: list[int], budget: Budget = UNLIMITED,
             seen: Callable[[Found, int], None] | None = None) -> tuple[list[int], list[int]] | None:
    """Which of `variables` are true in every solution under `assumptions` and which are
    false in every one, as (always true, always false); None when nothing fits (then
    `last_core` says why). Every model found rules questions out: a variable is asked
    about only in a direction no model has shown yet, so when little is forced the
    calls are few. `seen` is shown each model found, in order, with how many of
    `variables` it makes true (a caller with a count to keep learns from that).
    A call that runs out of budget raises Unknown: "forced" is never a guess."""
    first = session.find(assumptions, budget)
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
                found = session.find(assumptions + [lit], budget)
                if found.sat is None:
                    raise Unknown(f"the budget ran out asking whether literal {lit} can hold")
                if found.sat:
                    learn(found)
    return [v for v in variables if v not in can_false], [v for v in variables if v not in can_true]


def check(session: SatSession, clues: Clues, budget: Budget = UNLIMITED) -> Check:
    """Is the puzzle unique? A first solution, then one other than it: two calls answer it,
    and the solutions found come with the verdict (the conflicting clues when none)."""
    assumptions = session.assumptions(clues)
    first = session.find(assumptions, budget)
    if first.sat is None:
        return Check("unknown")
    if not first.sat:
        return Check("unsolvable", conflict=session.conflict(clues, budget))
    second = session.other_than(assumptions, first.solution, budget)
    if second.sat is None:
        return Check("unknown", [first.solution])
    if second.sat:
        return Check("ambiguous", [first.solution, second.solution])
    return Check("unique", [first.solution])


def conflict(session: SatSession, clues: Clues, budget: Budget = UNLIMITED) -> list[ClueKey]:
    """A small set of clues that cannot hold together: the UNSAT core, shrunk by
    dropping each clue in turn while the rest stays unsatisfiable."""
    assumptions = session.assumptions(clues)
    if session._call(assumptions, budget) is not False:
        return []
    core = list(session.solver.get_core() or [])
    i = 0
    while i < len(core) and len(core) <= 64:
        trial = core[:i] + core[i + 1:]
        if session._call(trial, budget) is False:
            core = [l for l in (session.solver.get_core() or trial)]
        else:
            i += 1
    return [key for key in map(session.clue_of, core) if key is not None]


def last_core(session: SatSession, budget: Budget = UNLIMITED) -> list[int]:
    """After a call that was UNSAT under assumptions: assumptions that cannot all hold,
    each one needed (dropped in turn while the rest stays UNSAT; a call that runs out
    of budget keeps it). Empty when the clauses alone are UNSAT. Unlike `conflict` no
    size cap, and it starts from the call already made: the explanation a person reads
    is the one that call's core leads to."""
    core = list(session.solver.get_core() or [])
    i = 0
    while i < len(core):
        trial = core[:i] + core[i + 1:]
        if session._call(trial, budget) is False:
            core = list(session.solver.get_core() or trial)
        else:
            i += 1
    return core
