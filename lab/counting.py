"""Exact counts as literals: for a line of cells, one literal per count n that is true
exactly when n of them are true, so a count clue is a single literal (shared by the puzzles
whose clues are row and column counts: Tents, Magnets)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pysat.formula import IDPool

from .puzzle import Clause

TRUE, FALSE = "true", "false"  # constants while building a counter


def _or_and(pool: IDPool, clauses: list[Clause], a: Any, b: Any, x: int) -> Any:
    """A literal equal to a or (b and x), where a and b may be the constants TRUE/FALSE."""
    if a == TRUE:
        return TRUE
    if b == FALSE:
        return a
    if a == FALSE and b == TRUE:
        return x
    v = pool.id()
    if a == FALSE:  # v = b and x
        clauses += [[-b, -x, v], [-v, b], [-v, x]]
    elif b == TRUE:  # v = a or x
        clauses += [[-a, v], [-x, v], [-v, a, x]]
    else:
        clauses += [[-a, v], [-b, -x, v], [-v, a, b], [-v, a, x]]
    return v


def exact_counts(pool: IDPool, xs: Sequence[int], clauses: list[Clause], false: int,
                 most: int | None = None) -> list[int]:
    """Literals eq[n], n = 0 .. most, each true exactly when n of `xs` are true (a unary
    counter with both directions of every definition, then "at least n and not n + 1").
    `most` (default: half the line, rounded up, as many as fit with no two side by side:
    tents, like magnet poles) caps the counter one above it (each "at least k" depends only
    on k - 1: those below stay exact); a larger count is the `false` literal."""
    most = (len(xs) + 1) // 2 if most is None else most
    at_least: list[Any] = [TRUE] + [FALSE] * min(len(xs), most + 1)  # at_least[k]: k of the cells so far
    for x in xs:
        at_least = [TRUE] + [_or_and(pool, clauses, at_least[k], at_least[k - 1], x)
                             for k in range(1, len(at_least))]
    eq = []
    for n in range(most + 1):
        lo: Any = at_least[n]
        hi: Any = at_least[n + 1] if n + 1 < len(at_least) else FALSE
        if lo == FALSE or hi == TRUE:
            eq.append(false)
            continue
        e = pool.id()
        if lo != TRUE:
            clauses.append([-e, lo])
        if hi != FALSE:
            clauses.append([-e, -hi])
        clauses.append([e] + ([] if lo == TRUE else [-lo]) + ([] if hi == FALSE else [hi]))
        eq.append(e)
    return eq
