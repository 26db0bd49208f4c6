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

One more makes each call cheaper: a rival for a single clue c must break c (it keeps every
other clue present, and with c the puzzle is unique), so for a clue that is a plain fact
the call assumes "c is false" instead of the blocking clause "not S": the solver starts
where the rival differs and meets fewer conflicts.
"""

from __future__ import annotations

import heapq
import itertools
import random
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .puzzle import ClueKey
from .sat import UNLIMITED, Budget, SatSession

if TYPE_CHECKING:
    import numpy as np

FIRST_SHARE = 0.5  # the first group tried: this share of the units; doubles while all go (scripts/bench_generators.py)


@dataclass(frozen=True)
class ClueSets:
    """Many clue sets at once, as a generator finds them in bulk (sudoku's swap cycles): row
    i of `rows` lists, as indices into `keys`, the clues the i-th set holds (an index may
    repeat). The stripping loop turns them into unit positions with a few array operations
    instead of a dictionary look-up per clue."""

    keys: Sequence[ClueKey]
    rows: np.ndarray  # integers, shape (number of sets, longest set)

    def __iter__(self) -> Iterator[set[ClueKey]]:
        keys = self.keys
        return ({keys[i] for i in row} for row in self.rows.tolist())


Alternatives = ClueSets | Iterable[Collection[ClueKey]]


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
                alternatives: Alternatives = (), fixed_must_be_needed: bool = True) -> StripResult:
    """Drop clues of a unique puzzle while it stays unique (`clues` must pin `solution` down).

    `target`: stop once at most this many clues remain (the result is then not minimal).
    `partner`: symmetric stripping; a clue and its partner are dropped or kept together.
    `fixed`: clues never dropped (the result is called minimal only if each is needed too,
    unless `fixed_must_be_needed` is False: minimal among the clue sets that keep them).
    `alternatives`: clue sets on which some other valid solution differs from this one
    (cheap ones a generator knows, like sudoku's swap cycles); they seed the witnesses.

    Units (clues removed together) are visited in a random order. Units before position i
    have been decided; a kept unit stays for good, so the assumptions for a group
    [i, end) are the kept units so far plus every unit from `end` on: two list slices.
    """
    start = time.perf_counter()
    calls0 = session.calls
    units = _units(list(clues), partner, set(fixed))
    rng.shuffle(units)
    position = {k: j for j, unit in enumerate(units) for k in unit}
    tail = session.literals([(k, clues[k]) for unit in units for k in unit])  # units j.. are tail[offset[j]:]
    offset = list(itertools.accumulate((len(unit) for unit in units), initial=0))
    unit_lits = [tail[offset[j]:offset[j + 1]] for j in range(len(units))]
    fixed_lits = session.literals([(k, v) for k, v in clues.items() if k not in position])
    kept_lits = list(fixed_lits)
    removed = [False] * len(units)
    n_kept = len(clues)
    witnesses = _Witnesses(alternatives, position, clues, removed)
    solution_lits = session.solution_literals(solution)
    guard = session.guard([[-l for l in solution_lits]])  # "not S"
    session.prefer(solution_lits)  # rivals are found sooner near the solution
    # A one-clue unit's rival must break it: "this clue is false" (see the module's doc).
    differs = [-lits[0] if len(lits) == 1 and not session.is_guarded(lits[0]) else guard for lits in unit_lits]
    find, holds_all = session.find, session.holds_all
    unknowns = 0
    minimal = True
    i, step = 0, max(1, round(FIRST_SHARE * len(units)))
    try:
        while i < len(units):
            if target is not None and n_kept <= target:
                minimal = False
                break
            end = min(i + step, len(units))
            if target is not None:
                end = _fit(units, i, end, n_kept - target)
            first = witnesses.first(i)
            if first < end:  # a known rival breaks only units before `end`: not all of them go
                if first == i:  # it breaks unit i and only removed ones: i is needed
                    kept_lits += unit_lits[i]
                    i += 1
                    step = max(1, step // 2)  # needed clues come in runs: smaller groups next
                    continue
                end = first  # but the ones before its last may (a shorter group fits any target too)
                step = end - i
            found = find(kept_lits + tail[offset[end]:] + [differs[i] if end - i == 1 else guard],
                         budget, lazy=True)
            if found.sat is None:  # budget ran out
                if end - i == 1:
                    unknowns += 1
                    minimal = False
                    kept_lits += unit_lits[i]
                    i += 1
                step = max(1, (end - i) // 2)
            elif not found.sat:  # unique without units i..end-1: they all go
                removed[i:end] = [True] * (end - i)
                n_kept -= offset[end] - offset[i]
                i = end
                step *= 2
            elif end - i == 1:  # this unit is needed
                kept_lits += unit_lits[i]
                i += 1
            else:  # S' satisfies every kept clue outside the group: it breaks some inside
                broken = [j for j in range(i, end) if not holds_all(unit_lits[j], found)]
                broken = broken or list(range(i, end))  # (none broken: the input was not unique)
                witnesses.add(broken)
                step = max(1, broken[-1] - i)  # the units before its last one may still go
        if minimal and unknowns == 0 and fixed_lits and fixed_must_be_needed:
            minimal = _fixed_needed(session, kept_lits, fixed_lits, guard, budget)
    finally:
        session.retire(guard)
    kept = {k for k in clues if k not in position or not removed[position[k]]}
    return StripResult({k: clues[k] for k in clues if k in kept}, minimal and unknowns == 0,
                       session.calls - calls0, time.perf_counter() - start, unknowns)


def _fixed_needed(session: SatSession, kept_lits: list[int], fixed_lits: list[int], guard: int,
                  budget: Budget) -> bool:
    """Is each clue the stripping never dropped (`fixed`) needed too? "Minimal" claims every
    clue is: one check per fixed clue, without it and with every other kept clue."""
    for lit in fixed_lits:
        rest = list(kept_lits)
        rest.remove(lit)
        if session.find(rest + [guard], budget, lazy=True).sat is not True:
            return False  # unique without it (or unknown): not minimal
    return True


class _Witnesses:
    """Rival solutions, each as the sorted unit positions it breaks.

    A witness dies when one of its units is kept. While it lives, its units before the
    current position are all removed, so a group [i, end) cannot go exactly when the
    witness's last unit is below `end`. `first(i)` gives the smallest last unit among the
    live ones: a heap by last unit, where a witness is found dead (one of its units before
    i was kept) only when it reaches the top."""

    def __init__(self, alternatives: Alternatives, position: dict, clues: dict, removed: list[bool]):
        self._removed = removed
        unit_of = dict.fromkeys(clues, -1)  # a clue that is never dropped (fixed): -1
        unit_of.update(position)
        # Each entry: [last unit, serial (for ties), units, how many units before i were seen removed].
        self._heap: list[list] = [[units[-1], serial, units, 0]
                                  for serial, units in enumerate(_sorted_units(alternatives, unit_of))]
        heapq.heapify(self._heap)
        self._serial = itertools.count(len(self._heap))  # ties on the last unit: never compare further

    def add(self, units: list[int]) -> None:
        heapq.heappush(self._heap, [units[-1], next(self._serial), units, 0])

    def first(self, i: int) -> int:
        heap, removed = self._heap, self._removed
        while heap:
            top = heap[0]
            units, k = top[2], top[3]
            while k < len(units) and units[k] < i and removed[units[k]]:
                k += 1
            if k < len(units) and units[k] < i:  # a unit that was kept: this rival is gone
                heapq.heappop(heap)
                continue
            top[3] = k
            return top[0]
        return _NONE


_NONE = 1 << 62  # "no live witness": beyond any position


def _sorted_units(alternatives: Alternatives, unit_of: dict) -> list[list[int]]:
    """Each clue set as the sorted unit positions of its clues. Clues the puzzle does not
    have cost the rival nothing and are left out; a set with a fixed clue (-1) can never
    show anything and is dropped, as is one with no clue at all."""
    if not isinstance(alternatives, ClueSets):
        found = (sorted(unit_of[k] for k in alt if k in unit_of) for alt in alternatives)
        return [units for units in found if units and units[0] >= 0]
    import numpy as np  # (loaded already by the generator that made the sets)

    keys = alternatives.keys
    where = np.array(list(map(unit_of.get, keys, itertools.repeat(_NONE, len(keys)))), np.int64)  # no clue: last
    rows = np.sort(where[alternatives.rows], axis=1).tolist()
    return [row if row[-1] != _NONE else row[:row.index(_NONE)] for row in rows if 0 <= row[0] != _NONE]


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


def _fit(units: list[tuple], i: int, end: int, room: int) -> int:
    """The end of the longest group from i that removes at most `room` clues (at least one unit)."""
    n = 0
    for j in range(i, end):
        n += len(units[j])
        if n > room and j > i:
            return j
    return end


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
