"""Latin squares, shared by the puzzles built on one (Keen, Towers): the SAT variables of an
n x n square, and every square of a small order for brute force."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from pysat.formula import IDPool

from ..engine.puzzle import variable_block

Grid = tuple[tuple[int, ...], ...]


def latin_variables(n: int, pool: IDPool) -> tuple[list[list[list[int]]], list[list[int]], list[list[int]], list[int]]:
    """Variables x[r][c][d] = "cell (r, c) holds d + 1" as one block, and the groups each
    exactly-one rule ranges over: each cell's digits (in reading order), and for each (i, j)
    "row i holds j" then "column i holds j". Also the block as a list (the primary variables)."""
    first = variable_block(pool, n ** 3)  # x[r][c][d] = first + (r * n + c) * n + d
    x = [[list(range(first + (r * n + c) * n, first + (r * n + c + 1) * n)) for c in range(n)] for r in range(n)]
    cells = [cell for row in x for cell in row]
    lines = [line for i in range(n) for j in range(n)
             for line in (list(range(first + i * n * n + j, first + (i + 1) * n * n, n)),  # row i, digit j
                          list(range(first + i * n + j, first + n ** 3, n * n)))]  # column i, digit j
    return x, cells, lines, list(range(first, first + n ** 3))


def latin_grids(n: int) -> Iterator[Grid]:
    """Every grid of digits 1..n for n <= 2 (so a `verify` must reject the non-Latin ones),
    every Latin square above that, stacked from row permutations (576 for n = 4)."""
    if n <= 2:
        yield from (tuple(tuple(cells[r * n:(r + 1) * n]) for r in range(n))
                    for cells in itertools.product(range(1, n + 1), repeat=n * n))
        return
    rows = list(itertools.permutations(range(1, n + 1)))

    def extend(done: Grid) -> Iterator[Grid]:
        if len(done) == n:
            yield done
            return
        for row in rows:
            if all(row[c] != prev[c] for prev in done for c in range(n)):
                yield from extend(done + (row,))

    yield from extend(())


def latin_problems(grid: Grid, n: int, what: str = "digit") -> list[str]:
    """Plain Python: where `grid` is not an n x n Latin square of 1..n, as lines a person
    reads ("row 2 does not hold each digit 1..4 once"); empty when it is one."""
    if len(grid) != n or any(len(row) != n for row in grid):
        return [f"solution is not {n}x{n}"]
    problems = []
    values = set(range(1, n + 1))
    for i in range(n):
        if set(grid[i]) != values:
            problems.append(f"row {i + 1} does not hold each {what} 1..{n} once")
        if {grid[r][i] for r in range(n)} != values:
            problems.append(f"column {i + 1} does not hold each {what} 1..{n} once")
    return problems
