"""Failed-literal probing by rounds of unit propagation, without a SAT solver.

The grade probes thousands of literals a puzzle: "if this held, would unit propagation from
the facts conflict?". A `RoundsProber` holds the constraints of a `Formula` (clauses and
"at most k" counts) and the facts, and answers each probe by rounds of propagation, then
forgets it. What a probe sets is defined by the assignment alone, not by any order: its
fixpoint when it holds; when it conflicts, the literals set in the rounds before the one in
which the conflict shows, the probe's own among them. The grade's cost of a finding is how
many of them are primary, times the rounds the conflict took to show: the size of the
refutation and the length of its chain. A solver's `propagate` stops at its first conflict
in its own queue order, so the same probe could cost differently from one solver to the next.

The C engine (`lab._rounds.Prober`, built at install where a C compiler is) answers; this
module's Python class is the same for installs without one (tests/test_probing.py checks
they agree), slower.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from . import rounds
from .rounds import Formula


class Prober(Protocol):
    """What the grade's probing asks (`lab.grade._Prober`)."""

    rounds: int  # rounds of propagation begun so far, by every call: a finding's depth is a difference

    def propagate(self, lits: list[int]) -> tuple[bool, list[int]]:
        """(holds, what it set): rounds from the facts and `lits`, then forgotten."""
        ...

    def fix(self, lits: list[int]) -> list[int] | None:
        """Make `lits` facts, with what they propagate: the literals that set (theirs among
        them, unless facts already); None if they conflict."""
        ...

    def facts(self) -> list[int]:
        """Every literal set for good: what the rules force alone, then the fixed ones."""
        ...

    def unset(self, variables: list[int]) -> list[int]:
        """The variables the facts leave open, in order."""
        ...

    def shallow_pass(self, variables: list[int], limit: int) -> tuple[list[tuple[int, int]], int, bool]:
        """One depth-1 pass (`RoundsProber.shallow_pass`)."""
        ...

    def fails1(self, lits: list[int], variables: list[int], limit: int) -> tuple[bool, list[int] | None, int, bool]:
        """Depth-1 probing under assumptions (`RoundsProber.fails1`)."""
        ...

    def recheck(self, probes: list[int], limit: int, spread: float = 0) -> tuple[list[tuple[int, int]], int, bool]:
        """Waiting findings probed again (`RoundsProber.recheck`)."""
        ...


def rounds_prober(formula: Formula, primary: Sequence[int]) -> Prober:
    """A prober over `formula` (every count narrow: clue and rule counts alike), in C where
    it was built; `primary`: the variables a finding's cost counts."""
    variables = max(formula.variables, formula.largest(), max(primary, default=0)) + 1
    marks = np.zeros(variables, dtype=np.uint8)
    marks[np.asarray(primary, dtype=np.int64)] = 1
    c, k = formula.clauses, formula.counts
    if rounds._native is not None:
        return rounds._native.Prober(c.lits, c.length, c.size, k.lits, k.length, k.size, marks)
    return RoundsProber(c.lits.tolist(), c.length.tolist(), c.size.tolist(), k.lits.tolist(), k.length.tolist(),
                        k.size.tolist(), marks.tolist())


class RoundsProber:
    """`lab._rounds.Prober` in Python: the same answers, for installs without a compiler."""

    def __init__(self, clause_lits: list[int], clause_lengths: list[int], clause_sizes: list[int],
                 count_lits: list[int], count_lengths: list[int], count_sizes: list[int], primary: list[int]):
        self.lits = clause_lits + count_lits
        self.n_clauses = len(clause_lengths)
        lengths = clause_lengths + count_lengths
        self.size = clause_sizes + count_sizes
        self.start = [0]
        for length in lengths:
            self.start.append(self.start[-1] + length)
        self.primary = primary
        self.value = [0] * len(primary)
        # occ[var]: (constraint, the literal is positive) for each slot of var
        self.occ: list[list[tuple[int, bool]]] = [[] for _ in primary]
        for i in range(len(lengths)):
            for s in range(self.start[i], self.start[i + 1]):
                lit = self.lits[s]
                if not 0 < abs(lit) < len(primary):
                    raise ValueError("a literal names a variable outside the marks")
                self.occ[abs(lit)].append((i, lit > 0))
        self.true = [0] * len(lengths)
        self.false = [0] * len(lengths)
        self.trail: list[int] = []
        self.rounds = 0
        self.broken = not self._run(set(range(len(lengths))))[0]

    def _set(self, lit: int, touched: set[int]) -> None:
        var, positive = abs(lit), lit > 0
        self.value[var] = 1 if positive else -1
        self.trail.append(lit)
        for i, pos in self.occ[var]:
            if pos == positive:
                self.true[i] += 1
            else:
                self.false[i] += 1
            touched.add(i)

    def _undo(self, to: int) -> None:
        while len(self.trail) > to:
            lit = self.trail.pop()
            var, positive = abs(lit), lit > 0
            for i, pos in self.occ[var]:
                if pos == positive:
                    self.true[i] -= 1
                else:
                    self.false[i] -= 1
            self.value[var] = 0

    def _run(self, touched: set[int], cap: float = -1, since: int = 0) -> tuple[bool | None, int, int]:
        """Rounds from the constraints `touched` to the fixpoint: (holds, the trail's length
        when a conflict showed, the rounds begun); holds is None once a round leaves the
        primary variables set on the trail from `since`, times one more than the rounds so
        far, above `cap` (cap < 0: never)."""
        rounds = 0
        while True:
            rounds += 1
            self.rounds += 1
            forced: dict[int, int] = {}  # var -> sign forced this round
            for i in sorted(touched):
                t, f, size = self.true[i], self.false[i], self.size[i]
                if i < self.n_clauses:
                    if t or f < size - 1:
                        continue
                    if f == size:
                        return False, len(self.trail), rounds
                    sign = 1
                else:
                    if t > size:
                        return False, len(self.trail), rounds
                    if t < size:
                        continue
                    sign = -1
                for s in range(self.start[i], self.start[i + 1]):
                    lit = self.lits[s] * sign
                    if self.value[abs(lit)]:
                        continue
                    if forced.get(abs(lit), lit) != lit:  # forced both ways
                        return False, len(self.trail), rounds
                    forced[abs(lit)] = lit
            if not forced:
                return True, len(self.trail), rounds
            touched = set()
            for lit in forced.values():
                self._set(lit, touched)
            # A conflict shows in the next round at the earliest, with at least this much set.
            # (The C engine stops within the round, once the set part alone is too much: the
            # same probes stop.)
            if cap >= 0 and sum(self.primary[abs(lit)] for lit in self.trail[since:]) * (rounds + 1) > cap:
                return None, len(self.trail), rounds

    def _cost(self, mark: int, before: int, rounds: int) -> int:
        """A conflict's cost: the primary variables set from trail position `mark` before it
        showed, times the rounds it took."""
        return sum(self.primary[abs(lit)] for lit in self.trail[mark:before]) * rounds

    def _start(self, lits: list[int]) -> tuple[bool, int, int]:
        touched: set[int] = set()
        for lit in lits:
            if not 0 < abs(lit) < len(self.value):
                raise ValueError("a literal names a variable outside the rules")
            have = self.value[abs(lit)]
            if have == (-1 if lit > 0 else 1):
                return False, len(self.trail), 0  # against a fact: no round begun
            if not have:
                self._set(lit, touched)
        holds, before, rounds = self._run(touched)
        return bool(holds), before, rounds

    def propagate(self, lits: list[int]) -> tuple[bool, list[int]]:
        if self.broken:
            return False, []
        mark = len(self.trail)
        holds, before, _ = self._start(lits)
        implied = self.trail[mark:] if holds else self.trail[mark:before]
        self._undo(mark)
        return holds, implied

    def fix(self, lits: list[int]) -> list[int] | None:
        if self.broken:
            return None
        mark = len(self.trail)
        holds = self._start(lits)[0]
        self.broken = not holds
        return self.trail[mark:] if holds else None

    def facts(self) -> list[int]:
        return list(self.trail)

    def unset(self, variables: list[int]) -> list[int]:
        return [v for v in variables if not self.value[v]]

    def shallow_pass(self, variables: list[int], limit: int) -> tuple[list[tuple[int, int]], int, bool]:
        """For each variable in turn, probe it true, then false, skipping a literal an earlier
        probe of this pass set without conflict (the dominator rule); the first of the two
        that conflicts is a finding: (its cost, `_cost`; the literal it proves). At most
        `limit` probes (-1: no limit) -> (findings, probes, whether the limit stopped it)."""
        found: list[tuple[int, int]] = []
        safe: set[int] = set()
        calls = 0
        mark = len(self.trail)
        for var in variables:
            if self.broken:
                break
            for probe in (var, -var):
                if probe in safe:
                    continue
                if 0 <= limit <= calls:
                    return found, calls, True
                calls += 1
                have = self.value[var]
                if have:
                    if (have > 0) == (probe > 0):
                        continue
                    found.append((0, -probe))
                    break
                holds, before, rounds = self._start([probe])
                if holds:
                    safe.update(self.trail[mark:])
                    self._undo(mark)
                    continue
                cost = self._cost(mark, before, rounds)
                self._undo(mark)
                found.append((cost, -probe))
                break
        return found, calls, False

    def fails1(self, lits: list[int], variables: list[int], limit: int) -> tuple[bool, list[int] | None, int, bool]:
        """Failed-literal probing to its fixpoint under the assumptions `lits` (the grade's
        depth-1 procedure under a deeper probe): do they conflict, once every literal that
        fails under them is taken as its negation? Passes over `variables` (skipping what is
        set, and what a probe of the pass set without conflict), a finding set at once,
        until a pass finds nothing. Counted as `lab.grade._Prober.fails` counts: the first
        propagation, each probe, each propagation after a finding; at most `limit` (-1:
        none) -> (conflicts, what the assumptions then set or None, count, stopped)."""
        mark, calls = len(self.trail), 0

        def stop() -> tuple[bool, list[int] | None, int, bool]:
            self._undo(mark)
            return False, None, calls, True

        if self.broken:
            return True, None, 0, False
        if 0 <= limit <= calls:
            return stop()
        calls += 1
        if not self._start(lits)[0]:
            self._undo(mark)
            return True, None, calls, False
        changed = True
        while changed:
            changed = False
            safe: set[int] = set()
            for var in variables:
                if self.value[var]:
                    continue
                for probe in (var, -var):
                    if probe in safe:
                        continue
                    if 0 <= limit <= calls:
                        return stop()
                    calls += 1
                    inner = len(self.trail)
                    holds = self._start([probe])[0]
                    if holds:
                        safe.update(self.trail[inner:])
                        self._undo(inner)
                        continue
                    self._undo(inner)
                    if 0 <= limit <= calls:  # the propagation with the finding
                        return stop()
                    calls += 1
                    if not self._start([-probe])[0]:
                        self._undo(mark)
                        return True, None, calls, False
                    changed = True
                    safe = set()  # more is set: what was safe before may fail now
                    break
        implied = self.trail[mark:]
        self._undo(mark)
        return False, implied, calls, False

    def recheck(self, probes: list[int], limit: int, spread: float = 0) -> tuple[list[tuple[int, int]], int, bool]:
        """Probe each of `probes` again (those the facts do not settle), at most `limit` probes
        (-1: none) -> (findings (cost, literal proven) for those that still fail, probes,
        stopped by the limit). With `spread` > 0, a probe is cut off once its cost so far
        passes `spread` times the cheapest cost found so far, and reported with cost -1: it
        still fails, at a cost no step takes now (a cost only grows)."""
        found: list[tuple[int, int]] = []
        calls, mark = 0, len(self.trail)
        cheapest = -1
        for probe in probes:
            if self.broken:
                break
            if not 0 < abs(probe) < len(self.value):
                raise ValueError("a literal outside the rules")
            if self.value[abs(probe)]:
                continue
            if 0 <= limit <= calls:
                return found, calls, True
            calls += 1
            cap = spread * cheapest if spread > 0 and cheapest >= 0 else -1
            touched: set[int] = set()
            self._set(probe, touched)
            holds, before, rounds = self._run(touched, cap, mark)
            cost = self._cost(mark, before, rounds)
            self._undo(mark)
            if holds is None:
                found.append((-1, -probe))
            elif not holds:
                cheapest = cost if cheapest < 0 else min(cheapest, cost)
                found.append((cost, -probe))
        return found, calls, False
