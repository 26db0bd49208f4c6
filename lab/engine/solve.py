"""What the CLI and the Python API ask of one puzzle: solve, check, count, clue redundancy.

These take an `Instance` and return plain dataclasses; the CLI turns them into text or JSON.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .cpsat import cpsat_solutions, cpsat_status
from .puzzle import ClueKey, CluePuzzle, Instance, PuzzleError, PuzzleType, known_key, quote
from .sat import (  # noqa: F401 (ONE_SHOT_SOLVER: scripts import it from here)
    ONE_SHOT_SOLVER,
    UNLIMITED,
    Budget,
    Check,
    Count,
    Found,
    SatSession,
    SessionCache,
    Unknown,
    one_shot_solver,
)
from .strip import Redundancy, redundancy

T = TypeVar("T")
_SESSIONS = SessionCache(one_shot=True)  # each puzzle's one_shot_solver
# SAT's conflicts per call when it names the clues of a puzzle CP-SAT found unsolvable: each
# call that drops a clue must find a solution of the rest or prove there is none, which on
# the structures that answer on CP-SAT is what SAT is slow at (an 8x8 magic square's core of
# five givens: minimal within 100 or 1,000 conflicts, 1.9 s; 4.8 s at 10,000; unbounded, minutes).
CORE_CONFLICTS = 1_000


def sessions() -> SessionCache:
    """The process-wide session cache (one live solver per puzzle structure)."""
    return _SESSIONS


def clue_name(ptype: PuzzleType, key: ClueKey, value: Any) -> str:
    return ptype.describe_clue(key, value)


def find_clues(ptype: PuzzleType, inst: Instance, names: Iterable[Any]) -> list[ClueKey]:
    """Clue keys from what users give: a clue's key as the puzzle uses it, or the name
    people type, in full (`r1c3=5`) or its part before '='. Anything else is refused in one
    line, never ignored: a check "without" a clue that is not there would answer for the
    whole puzzle."""
    index: dict[str, ClueKey] = {}
    for key, value in inst.clues.items():
        full = clue_name(ptype, key, value)
        index[full.lower()] = key
        index[full.split("=")[0].lower()] = key
    keys = []
    for name in names:
        if known_key(name, inst.clues):
            keys.append(name)
            continue
        key = index.get(name.strip().lower()) if isinstance(name, str) else None
        if key is None:
            raise PuzzleError(f"no clue {quote(name)} in this puzzle (clues look like "
                              f"'{next(iter(index), 'none')}')")
        keys.append(key)
    return keys


@dataclass
class CheckReport:
    status: str
    solutions: list
    differences: list[str] = field(default_factory=list)
    conflict: list = field(default_factory=list)
    cpsat: str | None = None  # the second engine's verdict, when asked for (its engine: `second_engine`)
    engine: str = "sat"  # the engine whose answer `status` is: "sat", "cpsat" or "lp"
    second_engine: str | None = None  # the engine `cpsat` came from: never `engine` (an independent opinion)


def check(ptype: CluePuzzle, inst: Instance, without: Iterable[ClueKey] = (),
          budget: Budget = UNLIMITED, second_opinion: bool = False, engine: str = "sat") -> CheckReport:
    """unique / ambiguous (two solutions and where they differ) / unsolvable (conflicting
    clues) / unknown (a budget ran out), optionally confirmed by a second engine.
    `engine="lp"` answers on the integer program (`lab/engine/lp.py`) instead of SAT; a puzzle
    whose `one_shot_cpsat` says so answers on CP-SAT (`_cpsat_check`), and its second
    opinion then comes from SAT. `without` takes clue keys or the names `describe_clue`
    gives (`r1c4`); one that is neither is refused."""
    without = find_clues(ptype, inst, without)
    inst = inst.without(without)
    sat_result: Check | None = None  # SAT's own answer, when it was asked
    if engine == "lp":
        from .lp import lp_check

        result: Check = lp_check(ptype, inst, budget.seconds or 120.0)
    elif ptype.one_shot_cpsat(inst.params):
        engine = "cpsat"
        result, sat_result = _cpsat_check(ptype, inst, budget)
    else:
        result = _sat_check(ptype, inst, without, budget)
    report = CheckReport(result.status, result.solutions, conflict=result.conflict, engine=engine)
    if result.status == "ambiguous":
        report.differences = ptype.differences(*result.solutions[:2])
    if second_opinion:
        seconds = budget.seconds or 120.0
        if engine == "cpsat":  # the other engine, on the same budget
            second = sat_result or _sat_check(ptype, inst, without, Budget(budget.conflicts, seconds))
            report.cpsat, report.second_engine = second.status, "sat"
        else:
            report.cpsat, report.second_engine = cpsat_status(ptype, inst, seconds=seconds), "cpsat"
    return report


def _sat_check(ptype: CluePuzzle, inst: Instance, without: list[ClueKey], budget: Budget) -> Check:
    """The SAT answer: the clues built in where the puzzle can, else (and for the clues
    that conflict) on clue literals."""
    whole = _whole(ptype, inst, without, lambda session: session.check({}, budget))
    if whole is None or whole.status == "unsolvable":  # clue literals name the conflict
        whole = sessions().get(ptype, inst.params).check(inst.clues, budget)
    return whole


def _cpsat_check(ptype: CluePuzzle, inst: Instance, budget: Budget) -> tuple[Check, Check | None]:
    """The CP-SAT answer (`cpsat_solutions`: two verified solutions, or a proof there are no
    more), and SAT's when it was asked too. CP-SAT names no conflicting clues, so for a
    puzzle it finds unsolvable SAT shrinks a core, each of its calls within CORE_CONFLICTS:
    the clues it names always conflict, though maybe not minimally; where SAT cannot even
    confirm the conflict within that, every clue is named (together they do conflict: CP-SAT
    proved it)."""
    cp = cpsat_solutions(ptype, inst, limit=2, seconds=budget.seconds, conflicts=budget.conflicts)
    if not cp.complete:
        return Check("unknown", cp.solutions), None
    if cp.n:
        return Check("unique" if cp.n == 1 else "ambiguous", cp.solutions), None
    most = CORE_CONFLICTS if budget.conflicts is None else min(budget.conflicts, CORE_CONFLICTS)
    quick = Budget(most, budget.seconds)
    core = sessions().get(ptype, inst.params).conflict(inst.clues, quick)
    proved = Check("unsolvable", conflict=core) if core else None  # SAT's own answer, as far as it got
    return Check("unsolvable", conflict=core or list(inst.clues)), proved


def solve(ptype: CluePuzzle, inst: Instance, budget: Budget = UNLIMITED, engine: str = "sat"):
    """One solution, or None when there is none; raises Unknown on an exhausted budget. On
    CP-SAT where the puzzle's `one_shot_cpsat` says so (the solution passes `verify`)."""
    if engine == "lp":
        from .lp import lp_count

        solutions, complete = lp_count(ptype, inst, 1, budget.seconds or 120.0)
        if not complete:
            raise Unknown("the MIP solver's time ran out before it found a solution")
        return solutions[0] if solutions else None
    if ptype.one_shot_cpsat(inst.params):
        cp = cpsat_solutions(ptype, inst, limit=1, seconds=budget.seconds, conflicts=budget.conflicts)
        if not cp.complete:
            raise Unknown("CP-SAT's budget ran out before it found a solution")
        return cp.solutions[0] if cp.solutions else None
    found = _whole(ptype, inst, (), lambda session: session.solve({}, budget))
    found = found or sessions().get(ptype, inst.params).solve(inst.clues, budget)
    if found.sat is None:
        raise Unknown("the solver's budget ran out before it found a solution")
    return found.solution if found.sat else None


def count(ptype: CluePuzzle, inst: Instance, limit: int, budget: Budget = UNLIMITED) -> Count:
    """Solutions up to `limit`: by the puzzle's own search where it has one (`each_solution`),
    else on SAT, with the clues built in where the puzzle can (`given_rules`)."""
    if ptype.implements("each_solution"):
        return Count.collect(each_solution(ptype, inst, budget), limit)
    found = _whole(ptype, inst, (), lambda session: session.count({}, limit, budget))
    return found or sessions().get(ptype, inst.params).count(inst.clues, limit, budget)


def each_solution(ptype: CluePuzzle, inst: Instance, budget: Budget = UNLIMITED) -> Generator[Any, None, None]:
    """Every solution, one at a time (for listing them all to a file): the puzzle's own search
    where it has one, else SAT on a fresh one-shot session with a blocking clause per
    solution. Unknown when `budget.seconds` (for the whole listing) or a call's conflicts
    run out."""
    deadline = None if budget.seconds is None else time.monotonic() + budget.seconds
    if ptype.implements("each_solution"):
        yield from _until(deadline, ptype.each_solution(inst))
        return
    given = ptype.implements("given_rules")
    session = (SatSession.given(ptype, inst, one_shot_solver(ptype)) if given
               else SatSession(ptype, inst.params, one_shot_solver(ptype), one_shot=True))
    try:
        with closing(session.each({} if given else inst.clues, budget)) as found:
            yield from _until(deadline, found)
    finally:
        session.close()


def _until(deadline: float | None, solutions: Iterator[Any]) -> Generator[Any, None, None]:
    """`solutions`, until the clock passes `deadline` (checked between solutions)."""
    for solution in solutions:
        if deadline is not None and time.monotonic() > deadline:
            raise Unknown("the time budget ran out while listing solutions")
        yield solution


def _whole(ptype: CluePuzzle, inst: Instance, without: Iterable[ClueKey], ask: Callable[[SatSession], T]) -> T | None:
    """`ask` on a fresh session with every clue built into the rules (`given_rules`), for a
    question about the whole puzzle; None when the puzzle has no such rules or clues were
    taken away (`--without` needs them as literals). The model must be decoded before the
    session closes: `Found.solution` is read here."""
    if without or not ptype.implements("given_rules"):
        return None
    session = SatSession.given(ptype, inst, one_shot_solver(ptype))
    try:
        answer = ask(session)
        if isinstance(answer, Found) and answer.sat:
            answer.solution  # noqa: B018 (decoded while the solver lives)
        return answer
    finally:
        session.close()


def clue_map(ptype: CluePuzzle, inst: Instance, budget: Budget = UNLIMITED) -> tuple[str, Redundancy | None]:
    """For a unique puzzle, which clues are essential and which could go alone."""
    session = sessions().get(ptype, inst.params)
    result = session.check(inst.clues, budget)
    if result.status != "unique":
        return result.status, None
    return "unique", redundancy(session, result.solutions[0], dict(inst.clues), budget)
