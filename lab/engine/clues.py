"""Clues as literals, and guards: the bookkeeping that lets one solver serve every puzzle of
a structure.

Each clue is a literal: the clue's own variable when the clue is a single fact, otherwise a
selector guarding its clauses (or, on a solver with native cardinality, its counts). A
puzzle is then a list of assumptions. A guard is a fresh variable behind clauses that can be
switched off for good (a blocking clause: "a solution different from S").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .cnf import count_constraints
from .handle import SolverHandle
from .puzzle import Clause, ClueKey, CluePuzzle, Clues, Exactly, Rules

if TYPE_CHECKING:
    from .outcomes import Found


class ClueBook:
    """Which literal stands for each clue (key, value) and which clue for each literal, the
    clauses or counts behind each guarded clue (to evaluate it in a model), and the guards."""

    def __init__(self, ptype: CluePuzzle, params: Any, rules: Rules, handle: SolverHandle, native_counts: bool):
        """`native_counts`: a clue with `clue_counts` becomes native constraints behind its
        selector, not clauses."""
        self.ptype = ptype
        self.params = params
        self.rules = rules
        self.handle = handle
        self.native_counts = native_counts
        self.lit_of: dict[tuple[ClueKey, Any], int] = {}
        self.key_of: dict[int, ClueKey] = {}
        self.guarded: dict[int, list[Clause]] = {}  # selector -> clauses (for evaluation)
        self.counted: dict[int, list[Exactly]] = {}  # selector -> native counts (for evaluation)
        self.retired = 0  # guards switched off for good: each one's variable stays in every model

    def literal(self, key: ClueKey, value: Any) -> int:
        """The literal that switches clue `key = value` on (created once, then reused)."""
        lit = self.lit_of.get((key, value))
        if lit is not None:
            return lit
        counts = self.ptype.clue_counts(self.params, self.rules, key, value) if self.native_counts else None
        if counts is not None:
            lit = self.handle.pool.id(("clue", key, value))
            self._add_counts(lit, counts)
            self.counted[lit] = counts
        else:
            clauses = self.ptype.clue_clauses(self.params, self.rules, key, value)
            if len(clauses) == 1 and len(clauses[0]) == 1:
                lit = clauses[0][0]
            else:
                lit = self.handle.pool.id(("clue", key, value))
                self.handle.add_when_loaded([[-lit, *clause] for clause in clauses])
                self.guarded[lit] = clauses
        self.lit_of[(key, value)] = lit
        self.key_of[lit] = key
        return lit

    def _add_counts(self, guard: int, counts: list[Exactly]) -> None:
        """guard -> each count, as native at-most constraints: "at most n true" and "at most
        len - n false", each padded with the guard itself, once for each unit of slack: with
        the guard on the padding uses the slack up, with it off the constraint is void.
        Native constraints count a repeated literal once per occurrence (tests/test_sat.py
        checks the solvers do), which is also how a count may hold a literal twice (Undead:
        a cell seen twice on one line counts twice)."""
        never: list[Clause] = []  # a count the literals cannot reach: the clue never holds
        for lits, k in count_constraints(guard, counts, never):
            self.handle.add_at_most(lits, k)
        for clause in never:
            self.handle.add_clause(clause)

    def assumptions(self, clues: Clues) -> list[int]:
        return self.literals(clues.items())

    def literals(self, items: Iterable[tuple[ClueKey, Any]]) -> list[int]:
        """`literal` for many (key, value) pairs: the pairs themselves are the table's keys,
        so a known clue costs one dictionary look-up (the stripping loop's set-up)."""
        known = self.lit_of.get
        return [known(pair) or self.literal(*pair) for pair in items]

    def clue_of(self, lit: int) -> ClueKey | None:
        """The clue whose literal `lit` is (None for any other literal)."""
        return self.key_of.get(lit)

    def is_guarded(self, lit: int) -> bool:
        """Does this clue literal switch on clauses (rather than being a fact itself)?"""
        return lit in self.guarded or lit in self.counted

    def holds_all(self, lits: list[int], found: Found) -> bool:
        """`holds` for every literal (the stripping loop's test of a group's clues)."""
        guarded, counted, value = self.guarded, self.counted, found.value
        for lit in lits:
            if not (self.holds(lit, found) if lit in guarded or lit in counted else value(lit)):
                return False
        return True

    def holds(self, lit: int, found: Found) -> bool:
        """Does a model satisfy a clue literal? Exact for fact literals; for guarded clues,
        True only when the model satisfies every clause of the clue (sound, maybe cautious)."""
        clauses = self.guarded.get(lit)
        if clauses is None:
            counts = self.counted.get(lit)
            return found.value(lit) if counts is None else all(c.holds(found.value) for c in counts)
        true = found.literals
        return all(not true.isdisjoint(c) for c in clauses)

    # ---- guards: clauses that can be switched off for good ---------------------------
    def guard(self, clauses: Iterable[Clause]) -> int:
        g = self.handle.pool.id()  # a fresh variable, never reused
        for clause in clauses:
            self.handle.add_clause([-g, *clause])
        return g

    def retire(self, g: int) -> None:
        self.handle.add_clause([-g])
        self.retired += 1
