"""Cells numbered 1..N, each number once (Hidoku, Signpost): one variable per cell and
number, and how a clue, a model and a solution read them. `x[i][k]` is "cell i (in reading
order) holds k + 1"."""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from pysat.formula import IDPool

from .puzzle import PuzzleError, variable_block

Grid = tuple[tuple[int, ...], ...]


def numbering_variables(pool: IDPool, n: int) -> tuple[list[list[int]], list[list[int]]]:
    """(x, groups): the variables, and the exactly-one groups (each cell one number, each
    number one cell) that the rules state as clauses plus `Rules.at_most_one`."""
    first = variable_block(pool, n * n)
    x = [[first + i * n + k for k in range(n)] for i in range(n)]
    return x, [list(row) for row in x] + [[x[i][k] for i in range(n)] for k in range(n)]


def number_literal(x: Sequence[Sequence[int]], width: int, height: int, key: tuple[int, int], value: int) -> int:
    """The literal of the clue "cell `key` holds `value`"."""
    r, c = key
    if not (0 <= r < height and 0 <= c < width) or not 1 <= value <= width * height:
        raise PuzzleError(f"clue {key}={value} is outside the {width}x{height} board")
    return x[r * width + c][value - 1]


def decode_numbers(x: Sequence[Sequence[int]], width: int, height: int, true_vars: AbstractSet[int]) -> Grid:
    numbers = [next((k + 1 for k, v in enumerate(row) if v in true_vars), 0) for row in x]
    return tuple(tuple(numbers[r * width:(r + 1) * width]) for r in range(height))


def number_literals(x: Sequence[Sequence[int]], width: int, solution: Grid) -> list[int]:
    """The true literals of `solution`: with one number per cell they pin it down."""
    return [x[r * width + c][k - 1] for r, row in enumerate(solution) for c, k in enumerate(row)]
