"""Random magic squares with givens: a random magic square, every cell a candidate given,
so the full set is the square itself and unique as drawn; the engine strips it to a
minimal set.

The square is built (Siamese for odd sizes, the complement pattern for multiples of four,
Strachey's for the rest) and then moved at random by what keeps a square magic: the eight
turns and mirrors, the complement (k -> low + high - k), and the same permutation of rows
and of columns that commutes with reversing (pairs of lines i and n-1-i swapped with other
pairs, or each pair's two lines swapped). That is 0.1 ms against 5 s for a random solution
from the SAT session at 5x5 (the engine's default draw, kept as `--sat-draw 1`: it reaches
every magic square, the construction only a few hundred of each size).

Rates (2026-11-24, 2 shared cores, minimal puzzles): 4x4 0.03 s a puzzle (4-5 givens), 5x5
about 3 s (7-8 givens), 6x6 330 s for one (15 givens): every given kept is an UNSAT proof,
and those grow fast with the size. `--target` stops earlier (6x6 at 18 givens: 1 s).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from lab.generator import Generator, Option
from lab.puzzle import PuzzleError
from lab.sat import SessionCache
from solvers.magicsquare import LOW_LIMIT, SIZE, Grid, MagicParams, dihedral

Square = list[list[int]]


def siamese(n: int) -> Square:
    """De la Loubere's square of odd order n, numbers 1..n*n: up and right, down when taken."""
    square = [[0] * n for _ in range(n)]
    r, c = 0, n // 2
    for k in range(1, n * n + 1):
        square[r][c] = k
        up, right = (r - 1) % n, (c + 1) % n
        r, c = ((r + 1) % n, c) if square[up][right] else (up, right)
    return square


def doubly_even(n: int) -> Square:
    """Order n = 4m: 1..n*n in reading order, complemented where the row and the column
    are both, or both not, on a 4-block's diagonal."""
    return [[n * n - (r * n + c) if (r % 4 in (0, 3)) == (c % 4 in (0, 3)) else r * n + c + 1
             for c in range(n)] for r in range(n)]


def singly_even(n: int) -> Square:
    """Strachey's square of order n = 4m + 2: four Siamese squares of order n/2, then
    columns swapped between the left and right quarter pairs."""
    u, k = n // 2, (n - 2) // 4
    a = siamese(u)
    square = [[0] * n for _ in range(n)]
    for r in range(u):
        for c in range(u):
            square[r][c], square[r + u][c + u] = a[r][c], a[r][c] + u * u
            square[r][c + u], square[r + u][c] = a[r][c] + 2 * u * u, a[r][c] + 3 * u * u
    for r in range(u):
        for c in [*(range(1, k + 1) if r == u // 2 else range(k)), *range(n - k + 1, n)]:
            square[r][c], square[r + u][c] = square[r + u][c], square[r][c]
    return square


def construct(n: int) -> Square:
    """A magic square of order n of the numbers 1..n*n (none exists for n = 2)."""
    if n % 2:
        return siamese(n)
    return doubly_even(n) if n % 4 == 0 else singly_even(n)


def symmetric_permutation(n: int, rng: random.Random) -> list[int]:
    """A random permutation p of 0..n-1 with p(n-1-i) = n-1-p(i): applied to rows and
    columns alike it keeps every row, column and both diagonals."""
    pairs = list(range(n // 2))
    rng.shuffle(pairs)
    perm = list(range(n))
    for i, j in enumerate(pairs):
        flip = rng.random() < 0.5
        perm[i], perm[n - 1 - i] = (n - 1 - j, j) if flip else (j, n - 1 - j)
    return perm


def random_square(params: MagicParams, rng: random.Random) -> Grid:
    n = params.n
    square = construct(n)
    perm = symmetric_permutation(n, rng)
    square = [[square[perm[r]][perm[c]] for c in range(n)] for r in range(n)]
    square = rng.choice(dihedral(square, n))
    flip = rng.random() < 0.5
    return tuple(tuple((n * n + 1 - k if flip else k) + params.low - 1 for k in row) for row in square)


@dataclass(frozen=True)
class MagicSpec:
    """What to draw: the square's structure, and how (`sat_draw`: the SAT session's random
    solution instead of a built square)."""

    params: MagicParams
    sat_draw: bool = False


class MagicSquareGenerator(Generator):
    puzzle = "magicsquare"
    clues_are_solution = True  # every number given: the square itself
    options = (
        Option("size", int, 4, "side of the square (no square of side 2 exists)", 3, SIZE.most_width),
        Option("low", int, 1, "lowest number (the square holds low..low+size*size-1)", -LOW_LIMIT, LOW_LIMIT),
        Option("sat-draw", int, 0, "1: a random solution from the SAT solver (every square, slower) "
               "instead of a built square moved at random", 0, 1),
    )

    def params(self, size: int = 4, low: int = 1, sat_draw: int = 0, **_: object) -> MagicSpec:
        if size == 2:
            raise PuzzleError("no magic square of side 2 exists (a + b = a + c in its first row and column)")
        return MagicSpec(MagicParams(size, low), bool(sat_draw))

    def draw(self, params: MagicSpec, rng: random.Random, sessions: SessionCache) -> tuple[MagicParams, Grid]:
        if params.sat_draw:
            return super().draw(params.params, rng, sessions)
        return params.params, random_square(params.params, rng)

    def candidate_clues(self, params: MagicParams, solution: Grid) -> dict:
        return {(r, c): k for r, row in enumerate(solution) for c, k in enumerate(row)}


GENERATOR = MagicSquareGenerator()
