"""Clue stripping and clue redundancy: the generator's core loop (seed 003, made fast).

Clues are visited in a random order; a clue is dropped while "a solution other than S"
stays UNSAT. Two tricks keep the result *identical* to the one-clue-at-a-time loop while
asking the solver far less often:

* groups: the next k clues in the order are tried together. If the puzzle stays unique
  without all of them, the one-at-a-time loop would have dropped each of them too
  (fewer clues only ever allow more solutions), so all go at once; otherwise k shrinks.
* counterexamples: every second solution S' the solver finds is kept. If S' breaks only
  one kept clue c, then c is needed (S' satisfies the puzzle without c), no call needed;
  S' stays a witness for as long as the clue set only shrinks.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from .puzzle import ClueKey
from .sat import UNLIMITED, Budget, SatSession


FIRST_GROUP = 32  # clues tried together at first; doubles while they all go (scripts/bench_sudoku.py)


@dataclass
class StripResult:
    clues: dict
    minimal: bool  # every kept clue was shown necessary (False with a target or an unknown)
    checks: int  # solver calls
    seconds: float
    unknowns: int = 0  # checks that ran out of budget (those clues were kept)


def strip_clues(session: SatSession, solution: Any, clues: dict, rng: random.Random,
                target: int | None = None, partner: Callable[[ClueKey], ClueKey | None] | None = None,
                budget: Budget = UNLIMITED, fixed: Sequence[ClueKey] = (),
                alternatives: Iterable[set[ClueKey]] = ()) -> StripResult:
    """Drop clues of a unique puzzle while it stays unique.

    `target`: stop once at most this many clues remain (the result is then not minimal).
    `partner`: symmetric stripping; a clue and its partner are dropped or kept together.
    `fixed`: clues never dropped.
    `alternatives`: clue sets on which some other valid solution differs from this one
    (cheap ones a generator knows, like sudoku's deadly rectangles); they seed the witnesses.
    """
    start = time.perf_counter()
    calls0 = session.calls
    lit = {k: session.literal(k, v) for k, v in clues.items()}
    units = _units(list(clues), partner, set(fixed))
    rng.shuffle(units)
    kept: set[ClueKey] = set(clues)
    witnesses: list[set[ClueKey]] = [set(w) & kept for w in alternatives]  # per S': kept clues it breaks
    guard = session.guard([session.block_clause(solution)])
    unknowns = 0
    minimal = True
    i, step = 0, FIRST_GROUP
    try:
        while i < len(units):
            if target is not None and len(kept) <= target:
                minimal = False
                break
            group = units[i:i + step]
            if target is not None:
                group = _fit(group, len(kept) - target)
            dropped = {k for unit in group for k in unit}
            if any(w and w <= dropped for w in witnesses):
                known_sat = True
            else:
                assumptions = [lit[k] for k in kept if k not in dropped]
                found = session.find(assumptions + [guard], budget, lazy=True)
                if found.sat is None:
                    if len(group) == 1:
                        unknowns += 1
                        minimal = False
                        i += 1
                    step = max(1, len(group) // 2)
                    continue
                known_sat = bool(found.sat)
                if known_sat and len(group) > 1:  # a single clue's witness would only name itself
                    witnesses.append({k for k in dropped if not session.holds(lit[k], found)})
            if not known_sat:
                kept -= dropped
                for w in witnesses:
                    w -= dropped
                i += len(group)
                step *= 2
            elif len(group) == 1:
                i += 1  # this clue (or pair) is needed
            else:  # the longest prefix of the group that no witness covers may still go
                where = {k: j for j, unit in enumerate(group) for k in unit}
                step = max(1, min(max(where[k] for k in w) for w in witnesses if w and w <= dropped))
    finally:
        session.retire(guard)
    return StripResult({k: clues[k] for k in clues if k in kept}, minimal and unknowns == 0,
                       session.calls - calls0, time.perf_counter() - start, unknowns)


def _units(keys: list[ClueKey], partner, fixed: set) -> list[tuple[ClueKey, ...]]:
    """Clues grouped into the units that are removed together (pairs when symmetric)."""
    if partner is None:
        return [(k,) for k in keys if k not in fixed]
    units, seen, known = [], set(), set(keys)
    for k in keys:
        if k in seen or k in fixed:
            continue
        orbit = [k]
        seen.add(k)
        p = partner(k)
        while p is not None and p not in seen and p in known:
            orbit.append(p)
            seen.add(p)
            p = partner(p)
        if not any(o in fixed for o in orbit):
            units.append(tuple(orbit))
    return units


def _fit(group: list[tuple], room: int) -> list[tuple]:
    out, n = [], 0
    for unit in group:
        if n + len(unit) > room and out:
            break
        out.append(unit)
        n += len(unit)
    return out


@dataclass
class Redundancy:
    removable: list = field(default_factory=list)  # each alone can go, puzzle stays unique
    essential: list = field(default_factory=list)  # removing it alone gives a second solution
    unknown: list = field(default_factory=list)
    witnesses: dict = field(default_factory=dict)  # essential clue -> a second solution


def redundancy(session: SatSession, solution: Any, clues: dict, budget: Budget = UNLIMITED) -> Redundancy:
    """For a unique puzzle: which clues could each be removed alone, keeping it unique."""
    lit = {k: session.literal(k, v) for k, v in clues.items()}
    guard = session.guard([session.block_clause(solution)])
    out = Redundancy()
    try:
        for key in clues:
            found = session.find([lit[k] for k in clues if k != key] + [guard], budget)
            if found.sat is None:
                out.unknown.append(key)
            elif found.sat:
                out.essential.append(key)
                out.witnesses[key] = found.solution
            else:
                out.removable.append(key)
    finally:
        session.retire(guard)
    return out
