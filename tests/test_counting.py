"""The counters of `puzzlelab.lab.toolkit.counting`: each "exactly n" literal means what it says, and unit
propagation through a sum of ordered numbers settles every bound the sum implies (what
lets Tatham's easiest Bridges grade as propagation)."""

from __future__ import annotations

import itertools
import random

import pytest
from pysat.formula import IDPool
from pysat.solvers import Solver

from puzzlelab.lab.engine.variables import Variables
from puzzlelab.lab.toolkit.counting import exact_counts, exact_sums


def _numbers(rng: random.Random, pool: IDPool) -> tuple[list[list[int]], list[list[int]]]:
    """A few numbers in order encoding (0..size each), and the clauses that order them."""
    numbers = [[pool.id() for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(1, 4))]
    order = [[-digits[j + 1], digits[j]] for digits in numbers for j in range(len(digits) - 1)]
    return numbers, order


def _values(numbers: list[list[int]]) -> list[tuple[int, ...]]:
    return list(itertools.product(*(range(len(digits) + 1) for digits in numbers)))


def _literals(numbers: list[list[int]], value: tuple[int, ...]) -> list[int]:
    return [d if j < v else -d for digits, v in zip(numbers, value) for j, d in enumerate(digits)]


def test_each_exact_sum_literal_is_true_exactly_at_its_sum():
    rng = random.Random(3)
    for _ in range(40):
        pool = IDPool()
        numbers, clauses = _numbers(rng, pool)
        false = pool.id()
        clauses.append([-false])
        most = rng.randint(0, sum(map(len, numbers)) + 1)
        eq = exact_sums(pool, numbers, clauses, false, most)
        assert len(eq) == most + 1
        with Solver("mc", bootstrap_with=clauses) as solver:
            for value in _values(numbers):
                lits = _literals(numbers, value)
                for n, e in enumerate(eq):
                    assert solver.solve(assumptions=[*lits, e]) == (sum(value) == n), (numbers, value, n)


def test_propagation_settles_every_bound_the_sum_implies():
    """From any partial assignment and "the sum is n", unit propagation sets exactly the
    digits every solution agrees on (when there is one)."""
    rng = random.Random(4)
    checked = 0
    for _ in range(60):
        pool = IDPool()
        numbers, clauses = _numbers(rng, pool)
        false = pool.id()
        clauses.append([-false])
        total = sum(map(len, numbers))
        eq = exact_sums(pool, numbers, clauses, false, total)
        digits = [d for ds in numbers for d in ds]
        with Solver("mc", bootstrap_with=clauses) as solver:
            for _ in range(15):
                n = rng.randint(0, total)
                known = [d * rng.choice((1, -1)) for d in rng.sample(digits, rng.randint(0, len(digits) // 2))]
                fits = [set(_literals(numbers, v)) for v in _values(numbers)
                        if sum(v) == n and set(known) <= set(_literals(numbers, v))]
                ok, implied = solver.propagate(assumptions=[eq[n], *known])
                if not fits:
                    continue
                assert ok
                agreed = set.intersection(*fits)
                assert {lit for lit in implied if abs(lit) in digits} | set(known) == agreed, (numbers, known, n)
                checked += 1
    assert checked > 300


def test_a_flat_count_is_a_sum_of_one_digit_numbers():
    """`exact_counts` and `exact_sums` over single cells agree on every assignment."""
    rng = random.Random(5)
    for _ in range(20):
        pool = IDPool()
        cells = [pool.id() for _ in range(rng.randint(1, 6))]
        false = pool.id()
        counts: list[list[int]] = [[-false]]
        sums: list[list[int]] = []
        flat = exact_counts(pool, cells, counts, false, len(cells))
        summed = exact_sums(pool, [[c] for c in cells], sums, false, len(cells))
        with Solver("mc", bootstrap_with=counts + sums) as solver:
            for value in itertools.product((1, -1), repeat=len(cells)):
                lits = [c * s for c, s in zip(cells, value)]
                for a, b in zip(flat, summed):
                    assert solver.solve(assumptions=[*lits, a]) == solver.solve(assumptions=[*lits, b])


@pytest.mark.parametrize("occupied", [False, True])
def test_counters_from_templates_are_the_counters_built(occupied):
    """`exact_counts` and `exact_sums` replay a template per shape: the very clauses, order,
    eq literals, new variables and pool state a fresh build gives, for literals of either
    sign anywhere (repeated ones too), the default and explicit caps, and pools that skip
    reserved ids (those get the real build)."""
    from puzzlelab.lab.toolkit.counting import _exact_counts, _exact_sums

    rng = random.Random(5)
    for _ in range(60):
        start = rng.randint(1, 60)
        pools = [Variables(start_from=start + 100), IDPool(start_from=start + 100)]  # the lab's, pysat's
        if occupied:
            for pool in pools:
                pool.occupy(start + 104, start + 109)
        n = rng.randint(0, 9)
        xs = [rng.choice([1, -1]) * rng.randint(start, start + 12) for _ in range(n)]
        false = start + 50
        most = rng.choice([None, rng.randint(0, n + 1)])
        built: list = [[7]]
        replayed: list = [[7]]
        cap = (n + 1) // 2 if most is None else most
        assert exact_counts(pools[0], xs, replayed, false, most) == _exact_counts(pools[1], xs, built, false, cap)
        numbers = [[rng.randint(start, start + 12) for _ in range(rng.randint(1, 4))] for _ in range(rng.randint(0, 4))]
        most = rng.randint(1, 8)
        expected = _exact_sums(pools[1], numbers, built, false, most)
        assert exact_sums(pools[0], numbers, replayed, false, most) == expected
        assert replayed == built and all(type(c) is list for c in replayed)
        assert pools[0].top == pools[1].top and pools[0].id() == pools[1].id()


def test_cardinality_is_pysats_cardenc():
    """`cardinality` replays a template per shape: the clauses and the pool afterwards are
    pysat's own, for every kind, both encodings, literals of either sign above or below the
    pool's top, and pools with reserved ranges (those get pysat itself)."""
    from pysat.card import CardEnc, EncType

    from puzzlelab.lab.toolkit.counting import cardinality

    rng = random.Random(5)
    for _ in range(3000):
        n = rng.randint(1, 20)
        kind = rng.choice(["atmost", "atleast", "equals"])
        encoding = rng.choice([EncType.pairwise, EncType.seqcounter])
        bound = rng.choice([1, n - 1]) if encoding == EncType.pairwise else rng.randint(0, n)
        top = rng.randint(0, 40)
        lits = [rng.choice((1, -1)) * rng.randint(1, top + 30) for _ in range(n)]
        occupied = [[top + 3, top + 5]] if rng.random() < 0.1 else []
        mine, theirs = Variables(start_from=top + 1, occupied=occupied), IDPool(start_from=top + 1, occupied=occupied)
        want = getattr(CardEnc, kind)(lits, bound, vpool=theirs, encoding=encoding).clauses
        assert cardinality(kind, lits, bound, mine, encoding) == want, (kind, lits, bound, encoding)
        assert mine.top == theirs.top and [mine.id() for _ in range(8)] == [theirs.id() for _ in range(8)]
