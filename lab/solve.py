"""What the CLI and the Python API ask of one puzzle: solve, check, count, clue redundancy.

These take an `Instance` and return plain dataclasses; the CLI turns them into text or JSON.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .cpsat import cpsat_count
from .puzzle import ClueKey, CluePuzzle, Instance, PuzzleError, PuzzleType
from .sat import UNLIMITED, Budget, Check, SessionCache, Unknown
from .strip import Redundancy, redundancy

# One-shot questions (the CLI's solve/check/clues) are dominated by loading the rules into
# the solver: Minicard takes at-most-one constraints natively, one call each instead of
# dozens of clauses (scripts/bench_peer.py); generation, which makes thousands of calls on
# one solver, uses CaDiCaL.
ONE_SHOT_SOLVER = "mc"
_SESSIONS = SessionCache(solver=ONE_SHOT_SOLVER, one_shot=True)


def sessions() -> SessionCache:
    """The process-wide session cache (one live solver per puzzle structure)."""
    return _SESSIONS


def clue_name(ptype: PuzzleType, key: ClueKey, value: Any) -> str:
    return ptype.describe_clue(key, value)


def find_clues(ptype: PuzzleType, inst: Instance, names: Iterable[str]) -> list[ClueKey]:
    """Clue keys from the names users type: the full name (`r1c3=5`) or its part before '='."""
    index: dict[str, ClueKey] = {}
    for key, value in inst.clues.items():
        full = clue_name(ptype, key, value)
        index[full.lower()] = key
        index[full.split("=")[0].lower()] = key
    keys = []
    for name in names:
        key = index.get(name.strip().lower())
        if key is None:
            raise PuzzleError(f"no clue '{name}' in this puzzle (clues look like "
                              f"'{next(iter(index), 'none')}')")
        keys.append(key)
    return keys


@dataclass
class CheckReport:
    status: str
    solutions: list
    differences: list[str] = field(default_factory=list)
    conflict: list = field(default_factory=list)
    cpsat: str | None = None  # the second engine's verdict, when asked for


def check(ptype: CluePuzzle, inst: Instance, without: Iterable[ClueKey] = (),
          budget: Budget = UNLIMITED, second_opinion: bool = False, engine: str = "sat") -> CheckReport:
    """unique / ambiguous (two solutions and where they differ) / unsolvable (conflicting
    clues) / unknown (a budget ran out), optionally confirmed by CP-SAT. `engine="lp"`
    answers on the integer program (`lab/lp.py`) instead of SAT."""
    inst = inst.without(without)
    if engine == "lp":
        from .lp import lp_check

        result: Check = lp_check(ptype, inst, budget.seconds or 120.0)
    else:
        result = sessions().get(ptype, inst.params).check(inst.clues, budget)
    report = CheckReport(result.status, result.solutions, conflict=result.conflict)
    if result.status == "ambiguous":
        report.differences = ptype.differences(*result.solutions[:2])
    if second_opinion:
        seconds = budget.seconds or 120.0
        cp = cpsat_count(ptype, inst, limit=2, seconds=seconds)
        report.cpsat = ("unknown" if not cp.complete else
                        {0: "unsolvable", 1: "unique"}.get(cp.n, "ambiguous"))
    return report


def solve(ptype: CluePuzzle, inst: Instance, budget: Budget = UNLIMITED, engine: str = "sat"):
    """One solution, or None when there is none; raises Unknown on an exhausted budget."""
    if engine == "lp":
        from .lp import lp_count

        solutions, complete = lp_count(ptype, inst, 1, budget.seconds or 120.0)
        if not complete:
            raise Unknown("the MIP solver's time ran out before it found a solution")
        return solutions[0] if solutions else None
    found = sessions().get(ptype, inst.params).solve(inst.clues, budget)
    if found.sat is None:
        raise Unknown("the solver's budget ran out before it found a solution")
    return found.solution if found.sat else None


def count(ptype: CluePuzzle, inst: Instance, limit: int, budget: Budget = UNLIMITED):
    return sessions().get(ptype, inst.params).count(inst.clues, limit, budget)


def clue_map(ptype: CluePuzzle, inst: Instance, budget: Budget = UNLIMITED) -> tuple[str, Redundancy | None]:
    """For a unique puzzle, which clues are essential and which could go alone."""
    session = sessions().get(ptype, inst.params)
    result = session.check(inst.clues, budget)
    if result.status != "unique":
        return result.status, None
    return "unique", redundancy(session, result.solutions[0], dict(inst.clues), budget)
