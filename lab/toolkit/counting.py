"""Exact counts as literals: for a line of cells, one literal per count n that is true
exactly when n of them are true, so a count clue is a single literal (shared by the puzzles
whose clues are row and column counts: Tents, Magnets). `exact_sums` does the same for a sum
of small numbers, each written in order encoding (Bridges: the bridges at an island).

A counter depends on its shape alone (a line's length, an island's pairs), and a generator
that draws a new board for each record builds its rules, so its counters, every time. Each
shape is built once on stand-in variables (`Template`) and then replayed onto the real
literals: the same clauses, in the same order, with the same new variables."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any

from pysat.card import CardEnc
from pysat.formula import IDPool

from ..engine.puzzle import Clause
from ..engine.variables import reserves_ahead

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


Build = Callable[[IDPool, Sequence[int], list[Clause]], list[int]]  # (pool, inputs, clauses) -> outputs


@dataclass(frozen=True)
class Template:
    """What `build` makes from inputs 1..n on a fresh pool: its clauses and outputs over
    those stand-ins and the `helpers` variables it drew after them (n + 1 ..)."""

    inputs: int
    helpers: int
    clauses: tuple[tuple[int, ...], ...]
    outputs: tuple[int, ...]
    build: Build = field(compare=False)
    # per clause, what reads its literals off the real ones (`replay`): `itemgetter` loops in C
    readers: tuple[Callable[[list[int]], Any], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "readers", tuple(itemgetter(*c) if len(c) > 1 else _one(c[0]) for c in self.clauses))

    @classmethod
    def of(cls, inputs: int, build: Build) -> Template:
        pool, clauses = IDPool(start_from=inputs + 1), []  # type: tuple[IDPool, list[Clause]]
        outputs = build(pool, list(range(1, inputs + 1)), clauses)
        return cls(inputs, pool.top - inputs, tuple(map(tuple, clauses)), tuple(outputs), build)

    def replay(self, pool: IDPool, inputs: Sequence[int], clauses: list[Clause], after: int | None = None) -> list[int]:
        """`build(pool, inputs, clauses)`, read off the template: the helpers are the ids after
        `after` (default: the pool's top, as `pool.id()` hands them out). A pool that may
        skip reserved ranges ahead (`reserves_ahead`: any pool but the lab's `Variables` may)
        gets the real build."""
        if reserves_ahead(pool):
            return self.build(pool, inputs, clauses)
        top = pool.top if after is None else after
        real = [0, *inputs, *range(top + 1, top + self.helpers + 1)]
        real += [-v for v in reversed(real[1:])]  # real[-x] is -real[x]
        pool.top = top + self.helpers
        clauses += map(list, (read(real) for read in self.readers))
        return [real[x] for x in self.outputs]


def _one(x: int) -> Callable[[list[int]], tuple[int]]:
    """A reader of a one-literal clause (`itemgetter` of one item gives no tuple)."""
    return lambda real: (real[x],)


def exactly(lits: Sequence[int], n: int) -> list[Clause]:
    """"Exactly n of `lits` are true" as plain clauses, no helper variable: every n + 1 of
    them hold a false one, every len - n + 1 a true one. Unit propagation on them is
    complete; fine for the few literals round a cell or a point (210 clauses for nine
    literals at n = 4 or 5). More than the literals hold: one empty clause, never met."""
    m = len(lits)
    if not 0 <= n <= m:
        return [[]]
    return [[-x for x in group] for group in combinations(lits, n + 1)] + \
        [list(group) for group in combinations(lits, m - n + 1)]


def cardinality(kind: str, lits: Sequence[int], bound: int, pool: IDPool, encoding: int) -> list[Clause]:
    """`CardEnc.<kind>(lits, bound, vpool=pool, encoding=encoding).clauses` (kind: atmost,
    atleast or equals), from a template per shape: the same clauses, helpers and pool
    afterwards (pysat numbers the helpers after the pool's top and the literals, whichever is
    larger, and leaves the pool alone when it has nothing to say). A board drawn per record
    asks for hundreds of these, and each pysat call costs more than the clauses."""
    if not lits:
        return getattr(CardEnc, kind)(lits, bound, vpool=pool, encoding=encoding).clauses
    template = _card_template(kind, len(lits), bound, encoding)
    if not template.clauses:
        return []
    clauses: list[Clause] = []
    template.replay(pool, lits, clauses, after=max(pool.top, *map(abs, lits)))
    return clauses


@lru_cache(maxsize=512)
def _card_template(kind: str, n: int, bound: int, encoding: int) -> Template:
    def build(pool: IDPool, ins: Sequence[int], clauses: list[Clause]) -> list[int]:
        clauses += getattr(CardEnc, kind)(ins, bound, vpool=pool, encoding=encoding).clauses
        return []
    return Template.of(n, build)


def exact_counts(pool: IDPool, xs: Sequence[int], clauses: list[Clause], false: int,
                 most: int | None = None) -> list[int]:
    """Literals eq[n], n = 0 .. most, each true exactly when n of `xs` are true (a unary
    counter with both directions of every definition, then "at least n and not n + 1").
    `most` (default: half the line, rounded up, as many as fit with no two side by side:
    tents, like magnet poles) caps the counter one above it (each "at least k" depends only
    on k - 1: those below stay exact); a larger count is the `false` literal."""
    most = (len(xs) + 1) // 2 if most is None else most
    return _counts_template(len(xs), most).replay(pool, [*xs, false], clauses)


@lru_cache(maxsize=256)
def _counts_template(n: int, most: int) -> Template:
    return Template.of(n + 1, lambda pool, ins, clauses: _exact_counts(pool, ins[:-1], clauses, ins[-1], most))


def _exact_counts(pool: IDPool, xs: Sequence[int], clauses: list[Clause], false: int, most: int) -> list[int]:
    """`exact_counts`, built."""
    at_least: list[Any] = [TRUE] + [FALSE] * min(len(xs), most + 1)  # at_least[k]: k of the cells so far
    for x in xs:
        at_least = [TRUE] + [_or_and(pool, clauses, at_least[k], at_least[k - 1], x)
                             for k in range(1, len(at_least))]
    return _exactly(pool, clauses, at_least, false, most)


def exact_sums(pool: IDPool, numbers: Sequence[Sequence[int]], clauses: list[Clause], false: int,
               most: int) -> list[int]:
    """Literals eq[n], n = 0 .. most, each true exactly when the numbers add up to n. Each
    number is in order encoding: its literal j is "at least j + 1" and implies literal j - 1
    (the caller's rule). A counter over all those literals as if independent misses what
    the order gives: with a 2 already at an island of 3 and one other pair, unit propagation
    could not see that pair's first bridge (it took a failed literal, so Tatham's easiest
    Bridges graded as probing). Each step here adds a whole number, a totalizer's merge
    (Bailleux and Boufkhad 2003) with both directions, so unit propagation bounds the sum
    as an integer sum. (Built once per shape, the numbers' lengths: `Template`.)"""
    lengths = tuple(len(number) for number in numbers)
    inputs = [lit for number in numbers for lit in number]
    return _sums_template(lengths, most).replay(pool, [*inputs, false], clauses)


@lru_cache(maxsize=256)
def _sums_template(lengths: tuple[int, ...], most: int) -> Template:
    def build(pool: IDPool, ins: Sequence[int], clauses: list[Clause]) -> list[int]:
        starts = [sum(lengths[:i]) for i in range(len(lengths))]
        numbers = [ins[start:start + n] for start, n in zip(starts, lengths)]
        return _exact_sums(pool, numbers, clauses, ins[-1], most)
    return Template.of(sum(lengths) + 1, build)


def _exact_sums(pool: IDPool, numbers: Sequence[Sequence[int]], clauses: list[Clause], false: int,
                most: int) -> list[int]:
    """`exact_sums`, built."""
    cap = min(sum(len(x) for x in numbers), most + 1)
    at_least: list[Any] = [TRUE] + [FALSE] * cap  # at_least[k]: the numbers so far add up to k or more
    for number in numbers:
        digits: list[Any] = [TRUE, *number, FALSE]  # digits[j]: this number is at least j
        at_least = [TRUE] + [_sum_at_least(pool, clauses, at_least, digits, k) for k in range(1, cap + 1)]
    return _exactly(pool, clauses, at_least, false, most)


def _sum_at_least(pool: IDPool, clauses: list[Clause], before: list[Any], digits: list[Any], k: int) -> Any:
    """A literal for "before + this number >= k": some j with before >= k - j and number >= j."""
    terms: list[list[int]] = []  # conjunctions of literals, constants dropped
    for j in range(min(k, len(digits) - 2) + 1):
        parts = [before[k - j], digits[j]]
        if FALSE in parts:
            continue
        term = [x for x in parts if x != TRUE]
        if not term:
            return TRUE
        terms.append(term)
    if not terms:
        return FALSE
    if len(terms) == 1 and len(terms[0]) == 1:
        return terms[0][0]
    v = pool.id()
    clauses += [[-x for x in term] + [v] for term in terms]
    for j in range(min(k, len(digits) - 2) + 1):  # v: before >= k - j, or the number is at least j + 1
        low, high = before[k - j], digits[j + 1]
        if TRUE not in (low, high):
            clauses.append([-v] + [x for x in (low, high) if x != FALSE])
    return v


def _exactly(pool: IDPool, clauses: list[Clause], at_least: list[Any], false: int, most: int) -> list[int]:
    """eq[n] = "at least n and not n + 1" for n = 0 .. most, from a counter's at-least literals;
    a count the counter cannot reach is the `false` literal."""
    eq = []
    for n in range(most + 1):
        lo: Any = at_least[n] if n < len(at_least) else FALSE
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
