"""What a SAT question answers: its budget (`Budget`, `Spending`), one outcome (`Found`),
a count of solutions (`Count`) and the uniqueness verdict (`Check`)."""

from __future__ import annotations

import time
from collections.abc import Generator
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .sat import SatSession


@dataclass(frozen=True)
class Budget:
    """Limits for one question (`SatSession.find`: every solve of its rounds of lazy cuts
    together). When one runs out the answer is "unknown", never a guess."""

    conflicts: int | None = None
    seconds: float | None = None

    @property
    def unlimited(self) -> bool:
        return self.conflicts is None and self.seconds is None


UNLIMITED = Budget()


class Spending:
    """What is left of one question's budget across its solves. A puzzle with lazy rules
    (loops, connectivity) re-solves after each round of cuts; counted per solve, a
    1,000-conflict question on a Tracks board ran 96 s. So conflicts are summed over the
    rounds (from the solver's own statistics) and `seconds` is a deadline for all of them."""

    def __init__(self, solver: Any, budget: Budget):
        self.budget = budget
        self._solver = solver
        self._start = time.perf_counter() if budget.seconds is not None else 0.0
        self._conflicts = _conflicts(solver) if budget.conflicts is not None else 0

    def left(self) -> Budget | None:
        """The budget for the next solve; None once it is spent."""
        budget = self.budget
        if budget.unlimited:
            return budget
        conflicts = seconds = None
        if budget.conflicts is not None:
            conflicts = budget.conflicts - (_conflicts(self._solver) - self._conflicts)
            if conflicts <= 0:
                return None
        if budget.seconds is not None:
            seconds = budget.seconds - (time.perf_counter() - self._start)
            if seconds <= 0:
                return None
        return Budget(conflicts, seconds)


def _conflicts(solver: Any) -> int:
    """The conflicts a pysat solver has met in all its solves so far."""
    return int((solver.accum_stats() or {}).get("conflicts", 0))


class Unknown(Exception):
    """A budget ran out before the answer was known: not bad input, and never an answer."""


class Found:
    """Outcome of one satisfiability question: True (with a model), False, or None (budget).

    The solution is decoded only when asked for: the stripping loop mostly needs only
    whether a clue literal holds in the model."""

    __slots__ = ("sat", "_model", "_session", "_call", "_solution", "_true", "_literals")

    def __init__(self, sat: bool | None, session: SatSession | None = None):
        self.sat = sat
        self._session = session
        self._call = session.epoch if session is not None else 0
        self._model: list[int] | None = None
        self._solution = None
        self._true: frozenset[int] | None = None
        self._literals: frozenset[int] | None = None

    @property
    def model(self) -> list[int]:
        """The solver's model, fetched on first use (fetching costs as much as a small solve)."""
        if self._model is None:
            s = self._session
            if not self.sat or s is None:
                self._model = []
            elif s.epoch != self._call:  # CaDiCaL aborts on a stale model: fail politely instead
                raise RuntimeError("model read after the solver moved on")
            else:
                self._model = s.solver.get_model()
        return self._model

    def value(self, lit: int) -> bool:
        model = self._model if self._model is not None else self.model
        v = abs(lit)
        return v <= len(model) and model[v - 1] == lit

    @property
    def literals(self) -> frozenset[int]:
        """Every literal the model makes true: a guarded clue's many clauses are then checked
        by set operations (`SatSession.holds`), not literal by literal."""
        if self._literals is None:
            self._literals = frozenset(self.model)
        return self._literals

    @property
    def true_vars(self) -> frozenset[int]:
        if self._true is None:
            self._true = frozenset(l for l in self.model if l > 0)
        return self._true

    @property
    def solution(self) -> Any:
        s = self._session
        if self._solution is None and self.sat and s is not None:
            self._solution = s.ptype.decode(s.params, s.rules, self.true_vars)
        return self._solution


@dataclass
class Count:
    solutions: list
    complete: bool  # True when the count is exact (search finished below the limit or hit it)

    @property
    def n(self) -> int:
        return len(self.solutions)

    @classmethod
    def collect(cls, found: Generator[Any, None, None], limit: int) -> Count:
        """Solutions from `found` up to `limit`; not complete when it raises Unknown (a
        budget ran out). The iterator is closed either way."""
        solutions: list = []
        with closing(found):
            try:
                for solution in found:
                    solutions.append(solution)
                    if len(solutions) >= limit:
                        break
            except Unknown:
                return cls(solutions, complete=False)
        return cls(solutions, complete=True)


@dataclass
class Check:
    """The answer to "is this puzzle unique?"."""

    status: str  # unique | ambiguous | unsolvable | unknown
    solutions: list = field(default_factory=list)
    conflict: list = field(default_factory=list)  # clue keys that cannot all hold together
