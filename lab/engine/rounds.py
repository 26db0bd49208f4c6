"""Unit propagation in rounds: how many waves of "this constraint has one way left" it takes
to get from the clues to what they imply.

A solver's `propagate` gives only the fixpoint. The grade wants the path to it as well:
among puzzles that propagation alone solves (level 0), one that needs a longer chain of
forced moves is harder for a person (Tatham's Trivial and Basic sudoku are both level 0;
his Basic ones take about a third more rounds). Each round applies every forced literal
at once, so the count does not depend on any order.

The rounds run in C (lab/engine/_rounds.c, built at install where a C compiler is) and otherwise
with numpy; by that definition both give the same answer (tests/test_rounds.py). The C
engine looks only at what a round changed: a 15x15 nonogram's grade 4x faster, a 9x9
sudoku's 1.2x. `ENGINE` says which one runs.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType

import numpy as np

_native: ModuleType | None
try:  # the C rounds (lab/engine/_rounds.c), built at install where a C compiler is
    from . import _rounds as _native
except ImportError:  # numpy answers the same, slower
    _native = None
ENGINE = "C" if _native is not None else "numpy"

Clause = Sequence[int]

# From this many literal slots on, a round looks only at the constraints of the variables
# the round before set (a 15x15 nonogram has 300,000 slots and 70 rounds: whole sweeps were
# 4.5 ms a round); below it, whole sweeps are fewer numpy calls (a 9x9 sudoku: 6,000).
INCREMENTAL_FROM = 40_000


def _spans(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The indices of the ranges [start, start + length), one after another."""
    total = int(lengths.sum())
    if not total:
        return np.zeros(0, dtype=np.int64)
    return np.repeat(starts - np.cumsum(lengths) + lengths, lengths) + np.arange(total)


class _Part:
    """One kind of constraint (clauses, or "at most k" counts) as flat literal slots grouped
    by constraint; `size` is a clause's length or a count's k."""

    def __init__(self, lits: np.ndarray, lengths: np.ndarray, size: np.ndarray,
                 joined: tuple[_Part, _Part] | None = None):
        self.lits, self.length, self.size = lits, lengths, size
        self.n = len(lengths)
        self._joined = joined  # the two parts this one joins (`plus`)
        self._derived: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
        self._largest: int | None = None
        self._by_var: tuple[np.ndarray, np.ndarray] | None = None

    def _derive(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(var, sign, of, start), made when first asked: the C rounds read only the literals,
        lengths and sizes, and a joined part's are its parts' joined, not worked out again."""
        if self._derived is None:
            if self._joined is not None:
                a, b = self._joined
                self._derived = (np.concatenate([a.var, b.var]), np.concatenate([a.sign, b.sign]),
                                 np.concatenate([a.of, b.of + a.n]), np.concatenate([a.start, b.start + a.lits.size]))
            else:
                self._derived = (np.abs(self.lits), np.sign(self.lits).astype(np.int8),
                                 np.repeat(np.arange(self.n), self.length), np.cumsum(self.length) - self.length)
        return self._derived

    var = property(lambda self: self._derive()[0], doc="each slot's variable")
    sign = property(lambda self: self._derive()[1], doc="each slot's sign, 1 or -1 (int8)")
    of = property(lambda self: self._derive()[2], doc="each slot's constraint")
    start = property(lambda self: self._derive()[3], doc="each constraint's first slot")

    def largest(self) -> int:
        """The largest variable named (0: none)."""
        if self._largest is None:
            if self._joined is not None:
                self._largest = max(part.largest() for part in self._joined)
            else:
                self._largest = max(int(self.lits.max()), -int(self.lits.min())) if self.lits.size else 0
        return self._largest

    @classmethod
    def of_lists(cls, groups: Sequence[Sequence[int]], sizes: Sequence[int] | None = None,
                 guards: Sequence[int] | None = None) -> _Part:
        """`guards`: the group i stands for the clause [-guards[i], *groups[i]]."""
        lengths = np.fromiter(map(len, groups), dtype=np.int64, count=len(groups))
        lits = np.fromiter(itertools.chain.from_iterable(groups), dtype=np.int64, count=int(lengths.sum()))
        if guards is not None:
            lits = np.insert(lits, np.cumsum(lengths) - lengths, -np.asarray(guards, dtype=np.int64))
            lengths = lengths + 1
        return cls(lits, lengths, lengths if sizes is None else np.array(sizes, dtype=np.int64))

    @classmethod
    def of_counts(cls, at_most: Iterable[tuple[Sequence[int], int]]) -> _Part:
        """"At most k of these literals" constraints; a literal may stand in one more than
        once (padding): it counts each time."""
        counts = [(list(lits), k) for lits, k in at_most]
        return cls.of_lists([lits for lits, _ in counts], [k for _, k in counts])

    def plus(self, other: _Part) -> _Part:
        """Both parts, one after the other (a puzzle's clues join rules of hundreds of
        thousands of slots: what each derived is joined only when asked, `_derive`)."""
        if not other.n:
            return self
        return _Part(np.concatenate([self.lits, other.lits]), np.concatenate([self.length, other.length]),
                     np.concatenate([self.size, other.size]), joined=(self, other))

    def touching(self, changed: np.ndarray) -> np.ndarray:
        """The constraints in which any of the variables `changed` (sorted) stands."""
        if self._by_var is None:
            order = np.argsort(self.var)
            self._by_var = self.var[order], self.of[order]
        var, owner = self._by_var
        lo, hi = np.searchsorted(var, changed, "left"), np.searchsorted(var, changed, "right")
        hit = np.zeros(self.n, dtype=bool)
        hit[owner[_spans(lo, hi - lo)]] = True
        return np.flatnonzero(hit)

    def view(self, which: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
        """(var, sign, owner, size, count) of the constraints `which` (None: all), owners
        numbered 0.. in that order."""
        if which is None:
            return self.var, self.sign, self.of, self.size, self.n
        slots = _spans(self.start[which], self.length[which])
        return (self.var[slots], self.sign[slots], np.repeat(np.arange(which.size), self.length[which]),
                self.size[which], int(which.size))


@dataclass
class PropagationRound:
    """One round of unit propagation as a person follows it (`puzzlelab explain` at level 0):
    the literals it set and why it came when it did (`kind`): "" a narrow round, "wide"
    only a wide count forced anything (several cells of a line at once), "partial" a
    constraint settled only part of what it names, "lazy" what a lazy rule forced (a
    connectivity rule). A wide or partial round weighs more in the grade."""

    literals: list[int]
    kind: str = ""


@dataclass
class Simplified:
    """What a formula leaves open under some facts (`Formula.simplified`), its variables
    numbered 1.. in the order of `names` (names[i]: the original variable of i + 1)."""

    clauses: list[list[int]]
    counts: list[tuple[list[int], int]]  # (literals, k): at most k of them true
    names: np.ndarray

    @classmethod
    def impossible(cls) -> Simplified:
        """No assignment of the open variables works: the empty clause."""
        return cls([[]], [], np.zeros(0, dtype=np.int64))


class Formula:
    """Clauses and "at most k of these literals" constraints as flat arrays, for rounds of
    unit propagation over many literals at once."""

    def __init__(self, clauses: Iterable[Clause], at_most: Iterable[tuple[Sequence[int], int]], variables: int):
        self.clauses = _Part.of_lists([c for c in clauses])
        self.counts = _Part.of_counts(at_most)
        self.variables = variables
        self.rule_counts = self.counts.n  # the counts given here, before any `extended` adds clues
        self._root: frozenset[int] | None = None
        self._largest: int | None = None

    def extended(self, clauses: Sequence[Clause], at_most: Sequence[tuple[Sequence[int], int]], variables: int,
                 guarded: tuple[Sequence[Clause], Sequence[int]] = ((), ())) -> Formula:
        """This formula plus more constraints (a puzzle's clue clauses on its cached rules);
        `guarded` (clauses, guards): clause i is [-guards[i], *clauses[i]]."""
        out = Formula.__new__(Formula)
        out.clauses = self.clauses.plus(_Part.of_lists(guarded[0], guards=guarded[1])).plus(_Part.of_lists(clauses))
        out.counts = self.counts.plus(_Part.of_counts(at_most))
        out.variables = variables
        out.rule_counts = self.rule_counts
        same = out.clauses is self.clauses and out.counts is self.counts  # (clues that are literals add nothing)
        out._root = self.root() if same else None  # (worked out once, on the cached rules)
        out._largest = self.largest() if same else None
        return out

    def tiered_rounds(self, assumptions: Iterable[int],
                      log: list[PropagationRound] | None = None) -> tuple[int, int, set[int]] | None:
        """Like `rounds`, but the rules' own counts of two or more ("half of each line is
        black") settle several cells at once only when nothing narrower (a clause, an
        "at most one", a clue's count) forces anything: the rounds, how many of them were
        such wide ones, and the literals set. Tatham's Unruly grades exactly so: his Trivial
        boards need threes and lines one cell short of full, his Easy ones a full count.
        `log`: each round is appended to it (then numpy runs them, C keeps no path)."""
        wide = (np.arange(self.counts.n) < self.rule_counts) & (self.counts.size >= 2)
        value = self._assigned(assumptions)
        if log is not None:
            counted = _tiered(self, value, wide, log) if value is not None else None
        else:
            counted = self._run(value, wide) if value is not None else None
        if value is None or counted is None:
            return None
        set_vars = np.flatnonzero(value)
        return counted[0], counted[1], set((set_vars * value[set_vars]).tolist())

    def constraint_rounds(self, assumptions: Iterable[int], primary: Iterable[int],
                          log: list[PropagationRound] | None = None) -> tuple[int, int, set[int]] | None:
        """`tiered_rounds` where a *constraint* is what its helper variables hold together:
        the clauses and counts linked through variables neither `primary` nor set from the
        start (the assumptions, what the rules force alone) form one constraint (a clue's
        counter with its helpers), any other clause or count is one alone. Each round every
        constraint forces what it alone implies (unit propagation over its own clauses to
        their fixpoint: a counter's inner depth is no round), and a constraint that forces
        some but not all of its open primary literals (a *partial* deduction: "at least one
        bridge this way", not "all of them") waits like a wide count: such a round counts as
        a wide one. Tatham's Bridges grades exactly so: his Easy solver only fills or empties
        whole islands (and his static "one each way"), his Medium one bounds single
        directions. Where no constraint has helpers this is `tiered_rounds` (its C rounds).
        `log`: as `tiered_rounds`'s (then Python runs them)."""
        assumptions = list(assumptions)
        value = self._assigned(assumptions)
        if value is None:
            return None
        is_primary = np.zeros(value.size, dtype=np.uint8)
        is_primary[np.asarray(list(primary), dtype=np.int64)] = 1
        link = (is_primary == 0) & (value == 0)  # a helper not set from the start joins what it stands in
        link[np.abs(np.fromiter(self.root(), dtype=np.int64))] = False
        counted: tuple[int, int] | bool | None
        if _native is not None and log is None:
            c, k = self.clauses, self.counts
            wide = ((np.arange(k.n) < self.rule_counts) & (k.size >= 2)).astype(np.uint8)
            counted = _native.constraint_rounds(c.lits, c.length, c.size, k.lits, k.length, k.size, wide, value,
                                                is_primary, link.astype(np.uint8))
        else:
            found = _components(self, set(np.flatnonzero(is_primary).tolist()), link)
            counted = False if found is None else _constraint_rounds(value, is_primary, *found, log)
        if isinstance(counted, bool):  # (False) no constraint with helpers: plain tiered rounds
            return self.tiered_rounds(assumptions, log)
        if counted is None:
            return None
        set_vars = np.flatnonzero(value)
        return counted[0], counted[1], set((set_vars * value[set_vars]).tolist())

    def _run(self, value: np.ndarray, wide: np.ndarray | None) -> tuple[int, int] | None:
        """(rounds, wide rounds) from the assignment `value` (changed in place to the
        fixpoint), None on a conflict; `wide` marks the counts that wait (None: none do). In C
        where it was built, else with numpy: the same answer (tests/test_rounds.py)."""
        if _native is not None:
            c, k = self.clauses, self.counts
            marks = np.zeros(k.n, dtype=np.uint8) if wide is None else wide.astype(np.uint8)
            return _native.tiered_rounds(c.lits, c.length, c.size, k.lits, k.length, k.size, marks, value)
        if wide is not None and wide.any():
            return _tiered(self, value, wide)
        rounds = self._sweeps(value)
        return None if rounds is None else (rounds, 0)

    def _assigned(self, assumptions: Iterable[int]) -> np.ndarray | None:
        """The assumptions as values per variable (1 true, -1 false, 0 open); None if they
        give a variable both ways."""
        value = np.zeros(max(self.variables, self.largest()) + 1, dtype=np.int8)
        for lit in assumptions:
            want = 1 if lit > 0 else -1
            if value[abs(lit)] == -want:
                return None
            value[abs(lit)] = want
        return value

    def root(self) -> frozenset[int]:
        """What unit propagation fixes from the constraints alone (their unit clauses and
        what those force), worked out once; empty if they conflict."""
        if self._root is None:
            found = self.rounds([])
            self._root = frozenset(found[1]) if found is not None else frozenset()
        return self._root

    def largest(self) -> int:
        """The largest variable any constraint names (what a solver loaded with them counts)."""
        if self._largest is None:
            self._largest = max(self.clauses.largest(), self.counts.largest())
        return self._largest

    def simplified(self, facts: Iterable[int]) -> Simplified:
        """The constraints left to decide once `facts` hold: the clauses they do not satisfy
        without their false literals, and the counts they could still break without their
        settled literals (the bound falls by the true ones; a bound of 0 becomes unit
        clauses). A clause all false, or a count already broken, is the empty clause. Over
        the open variables this has the same solutions; they are numbered afresh from 1, so
        a solver neither loads what is settled nor decides it (after unit propagation from
        a 10x10 Hidoku's clues, 300 clauses of 20,000 on 500 of 10,000 variables)."""
        given = np.fromiter(facts, dtype=np.int64)
        value = np.zeros(self.variables + 1, dtype=np.int8)
        value[np.abs(given)] = np.sign(given)
        if np.any(value[np.abs(given)] != np.sign(given)):  # a variable given both ways
            return Simplified.impossible()
        c, k = self.clauses, self.counts
        if _native is not None:  # the same, in C: half the time of this call (sudoku, Hidoku, Dominosa)
            found = _native.simplified(c.lits, c.length, c.size, k.lits, k.length, k.size, value)
            if found is None:
                return Simplified.impossible()
            return Simplified(found[0], found[1], np.array(found[2], dtype=np.int64))
        clause_value, count_value = value[c.var] * c.sign, value[k.var] * k.sign
        satisfied = np.bincount(c.of, clause_value == 1, c.n) > 0
        clause_slots = ~satisfied[c.of] & (clause_value == 0)
        bound = k.size - np.bincount(k.of, count_value == 1, k.n).astype(np.int64)
        still = np.bincount(k.of, count_value == 0, k.n).astype(np.int64)
        if np.any(bound < 0):
            return Simplified.impossible()
        live = bound < still  # otherwise nothing left can break it
        count_slots = live[k.of] & (count_value == 0)
        used = np.zeros(self.variables + 1, dtype=bool)
        used[c.var[clause_slots]] = True
        used[k.var[count_slots]] = True
        number = np.cumsum(used)  # number[var]: its new number, where used

        def renamed(part: _Part, slots: np.ndarray) -> np.ndarray:
            return number[part.var[slots]] * part.sign[slots]

        out = _lists(renamed(c, clause_slots), np.bincount(c.of, clause_slots, c.n)[~satisfied])
        counts: list[tuple[list[int], int]] = []
        for lits, most in zip(_lists(renamed(k, count_slots), still[live]), bound[live].tolist()):
            if most == 0:
                out += [[-lit] for lit in lits]
            else:
                counts.append((lits, most))
        return Simplified(out, counts, np.flatnonzero(used))

    def rounds(self, assumptions: Iterable[int]) -> tuple[int, set[int]] | None:
        """Rounds of unit propagation from `assumptions` to the fixpoint, and the literals set
        then; None on a conflict."""
        value = self._assigned(assumptions)
        counted = self._run(value, None) if value is not None else None
        if value is None or counted is None:
            return None
        set_vars = np.flatnonzero(value)
        return counted[0], set((set_vars * value[set_vars]).tolist())

    def _sweeps(self, value: np.ndarray) -> int | None:
        """`rounds` with numpy, from `value` (changed in place): whole sweeps over the
        constraints, or only those the last round touched on large formulas."""
        incremental = self.clauses.lits.size + self.counts.lits.size >= INCREMENTAL_FROM
        look: tuple[np.ndarray | None, np.ndarray | None] = (None, None)  # the first round: everything
        rounds = 0
        while True:
            forced = _forced(value, self.clauses.view(look[0]), self.counts.view(look[1]))
            if forced is None:
                return None
            if not forced.size:
                break
            var, sign = np.abs(forced), np.sign(forced).astype(np.int8)
            value[var] = sign
            if np.any(value[var] != sign):  # a variable forced both ways (one write lost)
                return None
            rounds += 1
            if incremental:
                changed = np.sort(var)
                look = (self.clauses.touching(changed), self.counts.touching(changed))
        return rounds


def _tiered(formula: Formula, value: np.ndarray, wide: np.ndarray,
            log: list[PropagationRound] | None = None) -> tuple[int, int] | None:
    """`Formula.tiered_rounds` from the assignment `value` (changed in place); `wide` marks
    the wide counts; each round appended to `log` if given."""
    k = formula.counts
    narrow_counts, wide_counts = np.flatnonzero(~wide), np.flatnonzero(wide)
    rounds = wide_rounds = 0
    while True:
        forced = _forced(value, formula.clauses.view(None), k.view(narrow_counts))
        full = _full_counts(value, k.view(wide_counts))
        if forced is None or full is None:
            return None
        one, several = full
        forced = np.concatenate([forced, one])
        kind = ""
        if not forced.size and several.size:
            forced, kind = several, "wide"
            wide_rounds += 1
        if not forced.size:
            return rounds, wide_rounds
        var, sign = np.abs(forced), np.sign(forced).astype(np.int8)
        value[var] = sign
        if np.any(value[var] != sign):
            return None
        rounds += 1
        if log is not None:
            log.append(PropagationRound(sorted(set(forced.tolist()), key=abs), kind))


def _constraints(formula: Formula) -> list[tuple[bool, list[int], int, bool]]:
    """Every clause and count as (is a count, literals, size, wide)."""
    out: list[tuple[bool, list[int], int, bool]] = []
    for part, is_count in ((formula.clauses, False), (formula.counts, True)):
        flat, sizes = part.lits.tolist(), part.size.tolist()
        ends = np.cumsum(part.length).tolist()
        for i, (begin, end) in enumerate(zip([0, *ends[:-1]], ends)):
            wide = is_count and i < formula.rule_counts and sizes[i] >= 2
            out.append((is_count, flat[begin:end], sizes[i], wide))
    return out


def _components(formula: Formula, primary: set[int], link: np.ndarray) -> tuple[list, list, list, dict] | None:
    """`Formula.constraint_rounds` in Python, its components: (constraints, components as
    lists of constraint indices joined through the variables `link` marks, each one's
    primary variables, the components of each variable); None when every component is a
    single clause or count (nothing has helpers)."""
    cons = _constraints(formula)
    parent = list(range(len(cons)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    first: dict[int, int] = {}
    joined = False
    for ci, (_, lits, _, _) in enumerate(cons):
        for lit in lits:
            var = abs(lit)
            if not link[var]:
                continue
            if var not in first:
                first[var] = ci
            elif find(ci) != find(first[var]):
                parent[find(ci)] = find(first[var])
                joined = True
    if not joined:
        return None
    groups: dict[int, list[int]] = {}
    for ci in range(len(cons)):
        groups.setdefault(find(ci), []).append(ci)
    comps = list(groups.values())
    prim: list[list[int]] = []
    by_var: dict[int, list[int]] = {}
    for gi, group in enumerate(comps):
        seen: set[int] = set()
        for ci in group:
            for lit in cons[ci][1]:
                var = abs(lit)
                if var not in seen:
                    seen.add(var)
                    by_var.setdefault(var, []).append(gi)
        prim.append([var for var in seen if var in primary])
    return cons, comps, prim, by_var


def _local(cons: list, value: np.ndarray, ids: list[int]) -> dict[int, int] | None:
    """What the constraints `ids` alone force from `value` (left as it is), to their unit
    propagation fixpoint: variable -> 1 or -1; None on a conflict."""
    new: dict[int, int] = {}

    def val(lit: int) -> int:
        x = new.get(abs(lit))
        x = int(value[abs(lit)]) if x is None else x
        return x if lit > 0 else -x
    changed = True
    while changed:
        changed = False
        for ci in ids:
            is_count, lits, size, _ = cons[ci]
            if not is_count:
                vals = [val(lit) for lit in lits]
                if 1 in vals:
                    continue
                open_lits = [lit for lit, x in zip(lits, vals) if x == 0]
                if not open_lits:
                    return None
                if len(open_lits) == 1:
                    new[abs(open_lits[0])] = 1 if open_lits[0] > 0 else -1
                    changed = True
            else:
                vals = [val(lit) for lit in lits]
                true = vals.count(1)
                if true > size:
                    return None
                if true == size and 0 in vals:
                    for lit, x in zip(lits, vals):
                        if x == 0:
                            new[abs(lit)] = -1 if lit > 0 else 1
                    changed = True
    return new


def _constraint_rounds(value: np.ndarray, is_primary: np.ndarray, cons: list, comps: list, prim: list,
                       by_var: dict, log: list[PropagationRound] | None) -> tuple[int, int] | None:
    """`Formula.constraint_rounds` in Python from `value` (changed in place): (rounds, wide
    rounds), None on a conflict; each counted round appended to `log` if given."""
    rounds = wide_rounds = 0
    touched: Iterable[int] = range(len(comps))
    waiting: dict[int, dict[int, int]] = {}  # a component's forcing not yet applied (still valid: facts only grow)
    while True:
        for gi in touched:
            forced = _local(cons, value, comps[gi])
            if forced is None:
                return None
            waiting[gi] = forced
        narrow: dict[int, dict[int, int]] = {}
        wide: dict[int, dict[int, int]] = {}
        helpers: dict[int, dict[int, int]] = {}
        partial = False  # a waiting component settles part of what it names (not a lone wide count)
        for gi, forced in waiting.items():
            if not forced:
                continue
            seen = [var for var in forced if is_primary[var]]
            if not seen:
                helpers[gi] = forced  # helper variables only: nothing a person sees
                continue
            group = comps[gi]
            if len(group) == 1 and cons[group[0]][0]:
                waits = cons[group[0]][3] and len(seen) >= 2  # a wide count, several at once
            else:
                waits = any(value[var] == 0 and var not in forced for var in prim[gi])  # partial
                partial = partial or waits
            (wide if waits else narrow)[gi] = forced
        if narrow:
            take, counted = {**narrow, **helpers}, 0
        elif wide:
            take, counted = {**wide, **helpers}, 1
        elif helpers:
            take, counted = helpers, None
        else:
            return rounds, wide_rounds
        changed: set[int] = set()
        for gi, forced in take.items():
            for var, sign in forced.items():
                if value[var] == -sign:
                    return None
                if value[var] == 0:
                    value[var] = sign
                    changed.add(var)
            del waiting[gi]
        waiting = {gi: forced for gi, forced in waiting.items() if forced}
        if counted is not None:
            rounds += 1
            wide_rounds += counted
            if log is not None:
                kind = ("partial" if partial else "wide") if counted else ""
                log.append(PropagationRound(sorted((var * int(value[var]) for var in changed), key=abs), kind))
        touched = sorted({gi for var in changed for gi in by_var.get(var, ())})


def _full_counts(value: np.ndarray, counts: tuple) -> tuple[np.ndarray, np.ndarray] | None:
    """What the given counts force now: the literals of counts with one open literal left,
    and of those with several; None on a count exceeded."""
    var, sign, owner, size, n = counts
    lit_value = value[var] * sign
    true = np.bincount(owner, lit_value == 1, n)
    if np.any(true > size):
        return None
    still = np.bincount(owner, lit_value == 0, n)
    full = true == size
    pick = full[owner] & (lit_value == 0)
    several = (still >= 2)[owner]
    return -(var[pick & ~several] * sign[pick & ~several]), -(var[pick & several] * sign[pick & several])


def _lists(lits: np.ndarray, lengths: np.ndarray) -> list[list[int]]:
    """Flat literals cut into lists of the given lengths, in order."""
    flat = lits.tolist()
    ends = np.cumsum(lengths.astype(np.int64)).tolist()
    return [flat[start:end] for start, end in zip([0, *ends[:-1]], ends)]


def _forced(value: np.ndarray, clauses: tuple, counts: tuple) -> np.ndarray | None:
    """The literals the given clauses and counts (`_Part.view`) force now, or None on a
    conflict."""
    out = []
    var, sign, owner, size, n = clauses
    if n:
        lit_value = value[var] * sign
        satisfied = np.bincount(owner, lit_value == 1, n) > 0
        false = np.bincount(owner, lit_value == -1, n)
        if np.any(~satisfied & (false == size)):
            return None
        unit = ~satisfied & (false == size - 1)
        if unit.any():
            pick = unit[owner] & (lit_value == 0)
            out.append(var[pick] * sign[pick])
    var, sign, owner, size, n = counts
    if n:
        lit_value = value[var] * sign
        true = np.bincount(owner, lit_value == 1, n)
        if np.any(true > size):
            return None
        full = true == size
        if full.any():
            pick = full[owner] & (lit_value == 0)
            out.append(-(var[pick] * sign[pick]))
    return np.concatenate(out) if out else np.zeros(0, dtype=np.int64)  # (a literal may repeat)
