"""Cells numbered 1..N, each number once (Hidoku, Signpost): one variable per cell and
number, and how a clue, a model and a solution read them. `x[i][k]` is "cell i (in reading
order) holds k + 1"."""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from pysat.formula import IDPool

from ..engine.puzzle import PuzzleError, variable_block

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


def cell_name(cell: tuple[int, int]) -> str:
    """"r1c3", as people name a cell."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def clue_mismatches(solution: Grid, clues: dict) -> list[str]:
    """For `verify`: each given number the solution does not hold where it was given."""
    return [f"{cell_name(key)} is {solution[key[0]][key[1]]}, the clue says {v}"
            for key, v in sorted(clues.items()) if solution[key[0]][key[1]] != v]


def places(solution: Grid) -> dict[int, list[tuple[int, int]]]:
    """For `verify`: the cells each number stands in, in reading order."""
    where: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(solution):
        for c, k in enumerate(row):
            where.setdefault(k, []).append((r, c))
    return where


class NumberClues:
    """How people name and programs read a clue that is a number (or a letter) in a cell, and
    a solution that is a grid of numbers (Hidoku, Signpost, magic squares, Mosaic, ...; put it
    before `CluePuzzle` among the bases)."""

    clue_word = "number"  # the clue's value in its JSON: {"row": 1, "col": 3, "number": 4}

    def describe_clue(self, key: tuple[int, int], value: Any) -> str:
        return f"{cell_name(key)}={value}"

    def clue_json(self, key: tuple[int, int], value: Any) -> dict:
        return {"row": key[0] + 1, "col": key[1] + 1, self.clue_word: value}

    def solution_json(self, inst: Any, solution: Any) -> Any:  # Any: a puzzle with its own solutions overrides it
        return [list(row) for row in solution]


class NumberedCells(NumberClues):
    """`clue_clauses`, `decode` and `solution_literals` for a `CluePuzzle` whose rules keep
    `numbering_variables`' x as `rules.data`, on params with `width` and `height` (put it
    before `CluePuzzle` among the bases)."""

    def clue_clauses(self, params: Any, rules: Any, key: tuple[int, int], value: int) -> list[list[int]]:
        return [[number_literal(rules.data, params.width, params.height, key, value)]]

    def decode(self, params: Any, rules: Any, true_vars: AbstractSet[int]) -> Grid:
        return decode_numbers(rules.data, params.width, params.height, true_vars)

    def solution_literals(self, params: Any, rules: Any, solution: Grid) -> list[int]:
        return number_literals(rules.data, params.width, solution)


def cpsat_numbered_path(model: Any, n: int, successors: Sequence[Sequence[int]]) -> list[list[Any]]:
    """The CP-SAT side (the second engine): cells 0..n-1 numbered 1..n, `at[i][k]` "cell i
    holds k + 1" one-hot both ways, and the numbers a path along `successors` (cell i may
    be followed by the cells successors[i]): a circuit through a dummy node n, which enters
    the cell holding 1 and leaves the one holding n, each arc carrying k on to k + 1."""
    at = [[model.new_bool_var(f"p{i}_{k}") for k in range(n)] for i in range(n)]
    for i in range(n):
        model.add_exactly_one(at[i])
    for k in range(n):
        model.add_exactly_one([at[i][k] for i in range(n)])
    if n == 1:  # one cell: the circuit is the dummy and the cell (a self-loop is "skip")
        model.add_circuit([(0, 1, at[0][0]), (1, 0, at[0][0]), (0, 0, at[0][0].Not()), (1, 1, at[0][0].Not())])
        return at
    arcs = []
    for i in range(n):
        arcs += [(n, i, at[i][0]), (i, n, at[i][n - 1])]
        for j in successors[i]:
            arc = model.new_bool_var(f"a{i}_{j}")
            arcs.append((i, j, arc))
            for k in range(n - 1):
                model.add_bool_or([arc.Not(), at[i][k].Not(), at[j][k + 1]])
    model.add_circuit(arcs)
    return at
