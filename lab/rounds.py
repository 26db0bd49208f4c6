"""Unit propagation in rounds: how many waves of "this constraint has one way left" it takes
to get from the clues to what they imply.

A solver's `propagate` gives only the fixpoint. The grade wants the path to it as well:
among puzzles that propagation alone solves (level 0), one that needs a longer chain of
forced moves is harder for a person (Tatham's Trivial and Basic sudoku are both level 0;
his Basic ones take about a third more rounds). Each round applies every forced literal
at once, so the count does not depend on any order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

Clause = Sequence[int]


class Formula:
    """Clauses and "at most k of these literals" constraints as flat arrays, for rounds of
    unit propagation over many literals at once."""

    def __init__(self, clauses: Iterable[Clause], at_most: Iterable[tuple[Sequence[int], int]], variables: int):
        self.clause_list = [c for c in clauses]
        self.count_list = [(list(lits), k) for lits, k in at_most]
        self.variables = variables
        clause_lits = np.fromiter((lit for c in self.clause_list for lit in c), dtype=np.int64)
        self.clause_var, self.clause_sign = np.abs(clause_lits), np.sign(clause_lits).astype(np.int8)
        self.clause_lits = clause_lits
        self.clause_of = np.repeat(np.arange(len(self.clause_list)), [len(c) for c in self.clause_list])
        self.clause_len = np.array([len(c) for c in self.clause_list], dtype=np.int64)
        self.clauses = len(self.clause_list)
        # A literal may stand in a constraint more than once (padding): it counts each time.
        count_lits = np.fromiter((lit for lits, _ in self.count_list for lit in lits), dtype=np.int64)
        self.count_var, self.count_sign = np.abs(count_lits), np.sign(count_lits).astype(np.int8)
        self.count_lits = count_lits
        self.count_of = np.repeat(np.arange(len(self.count_list)), [len(lits) for lits, _ in self.count_list])
        self.count_k = np.array([k for _, k in self.count_list], dtype=np.int64)
        self.counts = len(self.count_list)

    def extended(self, clauses: Sequence[Clause], at_most: Sequence[tuple[Sequence[int], int]],
                 variables: int) -> Formula:
        """This formula plus more constraints (a puzzle's clue clauses on its cached rules)."""
        if not clauses and not at_most:
            out = Formula.__new__(Formula)
            out.__dict__.update(self.__dict__)
            out.variables = variables
            return out
        return Formula(self.clause_list + list(clauses), self.count_list + list(at_most), variables)

    def rounds(self, assumptions: Iterable[int]) -> tuple[int, set[int]] | None:
        """Rounds of unit propagation from `assumptions` to the fixpoint, and the literals set
        then; None on a conflict."""
        value = np.zeros(self.variables + 1, dtype=np.int8)  # 1 true, -1 false, 0 open
        for lit in assumptions:
            want = 1 if lit > 0 else -1
            if value[abs(lit)] == -want:
                return None
            value[abs(lit)] = want
        rounds = 0
        while True:
            forced = self._forced(value)
            if forced is None:
                return None
            if not forced.size:
                break
            var = np.abs(forced)
            if np.unique(var).size != forced.size:  # a variable forced both ways
                return None
            value[var] = np.sign(forced).astype(np.int8)
            rounds += 1
        set_vars = np.nonzero(value)[0]
        return rounds, {int(v) if value[v] > 0 else -int(v) for v in set_vars if v}

    def _forced(self, value: np.ndarray) -> np.ndarray | None:
        """The literals some constraint forces now (unique), or None on a conflict."""
        out = []
        if self.clauses:
            lit_value = value[self.clause_var] * self.clause_sign
            satisfied = np.bincount(self.clause_of, lit_value == 1, self.clauses) > 0
            false = np.bincount(self.clause_of, lit_value == -1, self.clauses)
            open_clause = ~satisfied
            if np.any(open_clause & (false == self.clause_len)):
                return None
            unit = open_clause & (false == self.clause_len - 1)
            if unit.any():
                out.append(self.clause_lits[unit[self.clause_of] & (lit_value == 0)])
        if self.counts:
            lit_value = value[self.count_var] * self.count_sign
            true = np.bincount(self.count_of, lit_value == 1, self.counts)
            if np.any(true > self.count_k):
                return None
            full = true == self.count_k
            if full.any():
                out.append(-self.count_lits[full[self.count_of] & (lit_value == 0)])
        return np.unique(np.concatenate(out)) if out else np.zeros(0, dtype=np.int64)
