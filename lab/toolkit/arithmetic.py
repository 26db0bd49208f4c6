"""Cells holding digits 1..n that combine by an operation (+ - * / =) to a target, as
CNF built straight from the arithmetic: Keen's cages in one-shot checks, the magic square's
row, column and diagonal sums."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from pysat.formula import IDPool


def compact_cage_clauses(n: int, xs: list[list[int]], op: str, target: int, pool: IDPool) -> list[list[int]]:
    """CNF for "the cage meets its clue" built straight from the arithmetic, for a solver
    that answers one question: cheap to build and to load, where the tuple-based
    `cage_clauses` pays for enumerating every tuple (22 ms for seed 000's 9x9 board).
    `xs[i][d - 1]` means "cell i holds d"; the Latin rules forbid repeats on their own.

    Two cells: each digit of one cell names the digits the other may hold. More cells (sums
    and products): new variables s[i][v] "the first i cells make v", kept only for values
    v the remaining cells can still complete to the target; s[i][v] and digit d in cell i
    give s[i+1][v op d], and s[k-1][v] names the one digit left for the last cell."""
    k = len(xs)
    if op == "=" or k == 1:
        return [[xs[0][target - 1]]] if k == 1 and op in "=+*" and 1 <= target <= n else [[]]
    if k == 2:  # "cell 0 holds d" names cell 1's partners (exact); a digit with none is out in both
        first, second = xs
        table = _pair_partners(n, op, target)
        return ([[-first[d], *map(second.__getitem__, partners)] for d, partners in table]
                + [[-second[d]] for d, partners in table if not partners])
    if op not in "+*" or target < 1:
        return [[]]
    if op == "+":  # the values the first i cells can make, and still finish, form an interval
        lo = [max(i, target - (k - i) * n) for i in range(k + 1)]
        hi = [min(i * n, target - (k - i)) for i in range(k + 1)]
        states: list[Sequence[int]] = [range(lo[i], hi[i] + 1) for i in range(k)]

        def digits(i: int, v: int) -> Iterable[int]:
            return range(max(1, lo[i + 1] - v), min(n, hi[i + 1] - v) + 1)
    else:  # products: divisors of the target only
        finish = [{1}]  # finish[j]: the products j more digits can make
        for _ in range(1, k):
            finish.append({p * d for p in finish[-1] for d in range(1, n + 1) if target % (p * d) == 0})
        states = [[1]]
        for i in range(1, k):
            states.append(sorted({v * d for v in states[-1] for d in range(1, n + 1)
                                  if target % (v * d) == 0 and target // (v * d) in finish[k - i]}))
        layers = [set(layer) for layer in states] + [{target}]

        def digits(i: int, v: int) -> Iterable[int]:
            return [d for d in range(1, n + 1) if v * d in layers[i + 1]]
    if any(len(layer) == 0 for layer in states):
        return [[]]
    # s[1][v] is "cell 0 holds v" itself; no variables for the last layer either: its one
    # digit is named directly (s[k-2][v] and digit d in cell k-2 give cell k-1 its digit).
    last = k - 1
    s = [{}, {v: xs[0][v - 1] for v in states[1]}] + [{v: pool.id() for v in layer} for layer in states[2:last]]
    clauses: list[list[int]] = [[-xs[0][d - 1]] for d in range(1, n + 1) if d not in s[1]]
    for i in range(1, last):
        used: set[int] = set()
        here = xs[i]
        for v in states[i]:
            allowed = digits(i, v)
            used.update(allowed)
            sv = s[i][v]
            clauses.append([-sv, *[here[d - 1] for d in allowed]])
            if i + 1 < last:
                there = s[i + 1]
                if op == "+":
                    clauses += [[-sv, -here[d - 1], there[v + d]] for d in allowed]
                else:
                    clauses += [[-sv, -here[d - 1], there[v * d]] for d in allowed]
            else:
                final = xs[last]
                if op == "+":
                    clauses += [[-sv, -here[d - 1], final[target - v - d - 1]] for d in allowed]
                else:
                    clauses += [[-sv, -here[d - 1], final[target // (v * d) - 1]] for d in allowed]
        clauses += [[-here[d - 1]] for d in range(1, n + 1) if d not in used]
    return clauses


@lru_cache(maxsize=4096)
def _pair_partners(n: int, op: str, target: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each digit d, the digits that make the clue with d in a two-cell cage, all as
    0-based indices (a board repeats a few clues, "1-" above all)."""
    def partners(d: int) -> set[int]:
        if op == "+":
            return {target - d}
        if op == "-":
            return {d - target, d + target}
        if op == "*":
            return {target // d} if target % d == 0 else set()
        if op == "/" and target > 0:
            return {d * target} | ({d // target} if d % target == 0 else set())
        return set()

    return tuple((d - 1, tuple(sorted(e - 1 for e in partners(d) if 1 <= e <= n))) for d in range(1, n + 1))
