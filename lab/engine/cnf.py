"""Cardinality as CNF or as native constraints: the rules' at-most-one groups and exact
counts, a clue's counts behind its guard, and counts to assume (`Tally`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pysat.card import EncType, ITotalizer
from pysat.formula import IDPool

from ..toolkit.counting import cardinality
from .puzzle import Clause, Exactly, Rules

if TYPE_CHECKING:
    import numpy as np

    from .sat import SatSession

# At-most-one over more literals than this: a sequential counter (linear size). Pairwise
# propagates the same but gives the solver no helper variables to branch on, which made a
# minimal 25x25 sudoku over three times faster (scripts/bench_sudoku.py --big).
PAIRWISE_MAX = 25


def at_most_one_clauses(rules: Rules, pool: IDPool, pairwise_max: int | None = None) -> list[Clause]:
    """The rules' at-most-one constraints as CNF: pairwise up to `pairwise_max` literals
    (default PAIRWISE_MAX; strongest propagation, computed once per rules object), a
    sequential counter beyond."""
    most = PAIRWISE_MAX if pairwise_max is None else pairwise_max
    if rules.pairwise is None:
        rules.pairwise = _pairwise([lits for lits in rules.at_most_one if len(lits) <= most])
    long = [cardinality("atmost", lits, 1, pool, EncType.seqcounter)
            for lits in rules.at_most_one if len(lits) > most]
    return rules.pairwise + [c for part in long for c in part]


def _pairwise(groups: list[list[int]]) -> list[Clause]:
    """[-a, -b] for every pair a < b within a group, each pair once, in the order first met
    (groups in order, pairs in reading order). On arrays: 25x25 sudoku has 750,000 pairs
    (687,500 once each), which took 1.0 s in Python loops and take 0.7 s here, most of it
    making the lists the solver takes."""
    import numpy as np

    sizes = sorted({len(g) for g in groups if len(g) > 1})
    if not sizes:
        return []
    stride = sizes[-1] ** 2  # more than any group's number of pairs
    order: list[np.ndarray] = []
    lows: list[np.ndarray] = []
    highs: list[np.ndarray] = []
    for size in sizes:
        which = np.array([i for i, g in enumerate(groups) if len(g) == size], np.int64)
        lits = np.array([groups[i] for i in which], np.int64)
        first, second = np.triu_indices(size, 1)
        a, b = lits[:, first].ravel(), lits[:, second].ravel()
        order.append((which[:, None] * stride + np.arange(len(first))).ravel())  # group, then pair
        lows.append(np.minimum(a, b))
        highs.append(np.maximum(a, b))
    met = np.argsort(np.concatenate(order))
    low, high = np.concatenate(lows)[met], np.concatenate(highs)[met]
    base = int(low.min())
    _, first_met = np.unique((low - base) * (int(high.max()) - base + 1) + (high - base), return_index=True)
    first_met.sort()
    return np.stack((-low[first_met], -high[first_met]), axis=1).tolist()


def count_clauses(lits: list[int], lo: int, hi: int, pool: IDPool) -> list[Clause]:
    """CNF for lo <= (true literals of `lits`) <= hi, sequential counters drawing their
    helper variables from `pool`. Bounds come from data, so the edge cases are written out
    instead of handed to CardEnc: a range nothing fits is the empty clause, a bound of none
    or of all is unit clauses."""
    lo, hi = max(lo, 0), min(hi, len(lits))
    if lo > hi:
        return [[]]
    out: list[Clause] = []
    if hi == 0:
        out += [[-l] for l in lits]
    elif hi < len(lits):
        out += cardinality("atmost", lits, hi, pool, EncType.seqcounter)
    if lo == len(lits):
        out += [[l] for l in lits]
    elif lo > 0:
        out += cardinality("atleast", lits, lo, pool, EncType.seqcounter)
    return out


def count_constraints(guard: int | None, counts: list[Exactly], clauses: list[Clause]) -> list[tuple[list[int], int]]:
    """Exact counts as the native "at most k" constraints a session loads (and
    `SatSession.formula` reads back): unguarded, the rules' `exactly` ("at most n true",
    "at most len - n false"); guarded, a clue's, each padded with its guard once per unit of
    slack (guard on: the padding uses the slack up; off: the constraint is void; "at most
    all of them" is left out). A count nothing can meet becomes a clause in `clauses`."""
    out: list[tuple[list[int], int]] = []
    for count in counts:
        lits, m = list(count.lits), len(count.lits)
        if not 0 <= count.n <= m:
            clauses.append([-guard] if guard is not None else [])
            continue
        for side, bound in ((lits, count.n), ([-l for l in lits], m - count.n)):
            if guard is None:
                out.append((side, bound))
            elif bound < m:
                out.append((side + [guard] * (m - bound), m))
    return out


class Tally:
    """How many of `lits` are true, as literals to assume: `between(lo, hi)` is a list of
    assumptions meaning lo <= count <= hi, so one solver asks under several bounds without
    adding clauses (a clause would stay for good). Two incremental totalizers, one counting
    true literals up to `most`, one counting false ones, for lower bounds down to `least`;
    a bound outside that range is refused (the totalizers have no output for it)."""

    def __init__(self, session: SatSession, lits: list[int], most: int, least: int = 0):
        self.size = len(lits)
        self.most, self.least = most, least
        self.never = session.pool.id()  # assumed when no count fits: the call is then UNSAT
        session.add_clauses([[-self.never]])
        self._up = self._outputs(session, lits, min(most, self.size))
        self._down = self._outputs(session, [-l for l in lits], min(self.size, max(0, self.size - least)))

    @staticmethod
    def _outputs(session: SatSession, lits: list[int], ubound: int) -> list[int]:
        """A totalizer's outputs (out[k]: at least k + 1 of `lits` true), its CNF added to
        the session; pysat's object is freed at once, since nothing else reads it."""
        if not lits:
            return []
        tot = ITotalizer(lits, ubound=ubound, top_id=session.pool.top)
        session.pool.top = tot.top_id  # the totalizer's own variables are taken
        session.add_clauses(tot.cnf.clauses)
        out = list(tot.rhs)
        tot.delete()
        return out

    def between(self, lo: int, hi: int) -> list[int]:
        """Assumptions meaning lo <= (true literals) <= hi; [never] when no count fits."""
        f = self.size
        if lo > hi or hi < 0 or lo > f:
            return [self.never]
        if self.most < hi < f or 0 < lo < self.least:
            raise ValueError(f"{lo}..{hi} is outside the range this tally counts ({self.least}..{self.most})")
        out = []
        if hi < f:
            out.append(-self._up[hi])
        if lo > 0:
            out.append(-self._down[f - lo])  # at most f - lo false
        return out
