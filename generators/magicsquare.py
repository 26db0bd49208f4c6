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

From 6x6 on, stripping asks a portfolio (`PortfolioSession`): CaDiCaL with a small conflict
budget, then CP-SAT. Nearly all of a 6x6's time was the last dozen checks, each with ~15
givens: CaDiCaL took 11-38 s to prove one unique (CP-SAT 1.3-4 s: its linear propagation
sees a line's sum bounds, the CNF's partial-sum chains do not) and 0.2-46 s to find a rival
(CP-SAT 0.2-43 s; CaDiCaL wins the easy ones, which the small budget keeps). Seed 0's 6x6,
the same square and order: 423 s to 31 s (seed 1: 122 s to 29 s), the same givens.

Rates (2026-11-24, 2 shared cores, minimal puzzles): 4x4 0.03 s a puzzle (4-5 givens), 5x5
about 2-3 s (7-8 givens), 6x6 about 30 s (14-15 givens). `--target` stops earlier.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from ..lab.engine.generator import Generator, GeneratorOptions, cost, option
from ..lab.engine.puzzle import Clause, PuzzleError
from ..lab.engine.sat import UNLIMITED, Budget, Found, SatSession, SessionCache
from ..lab.toolkit.symmetry import grid_images
from ..solvers.magicsquare import LOW_LIMIT, PUZZLE, SIZE, Grid, MagicParams, lines_of

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
    images = grid_images(square)
    square = rng.choice(images[2:] + images[:2])  # the order drawn from before: a seed makes the same square
    flip = rng.random() < 0.5
    return tuple(tuple((n * n + 1 - k if flip else k) + params.low - 1 for k in row) for row in square)


PORTFOLIO_FROM = 6  # sides from which stripping asks the portfolio (5x5: CaDiCaL alone answers in ~0.1 s)
QUICK_CONFLICTS = 2000  # CaDiCaL's budget before CP-SAT takes over (seed 0's 6x6: 20,000 took 113 s, 2,000 29 s)


class PortfolioSession(SatSession):
    """A SAT session whose unlimited checks go to CaDiCaL with a small conflict budget first
    and then to CP-SAT, which answers the hard ones (uniqueness above all) far sooner.

    The stripping loop asks only with clue literals (x[r][c][k], or its negation: "this
    given is false") and guards it made itself ("not the solution"): both translate to
    CP-SAT directly. A rival CP-SAT finds is handed back through CaDiCaL, assumed literal by
    literal (unit propagation only), so the loop reads its model as from any other call.
    Anything else, or a limited budget, goes to CaDiCaL as before."""

    def __init__(self, params: MagicParams):
        super().__init__(PUZZLE, params)
        self._guard_clauses: dict[int, list[Clause]] = {}
        self._cell_of = {v: (r, c, k) for r, row in enumerate(self.rules.data)
                         for c, cell in enumerate(row) for k, v in enumerate(cell)}
        self.quick = QUICK_CONFLICTS

    def guard(self, clauses: Iterable[Clause]) -> int:
        """A guard as the base makes it, its clauses remembered for CP-SAT (not a guard made
        empty: `each` adds its clauses later, so CP-SAT could not see them)."""
        clauses = [list(c) for c in clauses]
        g = super().guard(clauses)
        if clauses:
            self._guard_clauses[g] = clauses
        return g

    def find(self, assumptions: list[int], budget: Budget = UNLIMITED, lazy: bool = False) -> Found:
        """CaDiCaL for `quick` conflicts, then CP-SAT (to the end: no unknowns, so stripping
        stays minimal); a limited budget (`--conflicts`) is CaDiCaL's alone, as before."""
        if not budget.unlimited or not self._translatable(assumptions):
            return super().find(assumptions, budget, lazy)
        found = super().find(assumptions, Budget(conflicts=self.quick), lazy)
        if found.sat is not None:
            return found
        rival = self._cpsat_rival(assumptions)
        if rival is None:
            return Found(False)
        found = super().find(assumptions + rival, UNLIMITED, lazy)
        if not found.sat:  # the two models disagree: a bug, never a silent "unique"
            raise PuzzleError("CP-SAT's magic square breaks the CNF rules")
        return found

    def _translatable(self, assumptions: list[int]) -> bool:
        return all(abs(l) in self._cell_of or l in self._guard_clauses for l in assumptions)

    def _cpsat_rival(self, assumptions: list[int]) -> list[int] | None:
        """A square meeting every assumption, as its cell literals; None if there is none."""
        from ortools.sat.python import cp_model

        p, n = self.params, self.params.n
        model = cp_model.CpModel()
        cell = [[model.new_int_var(p.low, p.high, f"c{r}_{c}") for c in range(n)] for r in range(n)]
        model.add_all_different([v for row in cell for v in row])
        for line in lines_of(n):
            model.add(sum(cell[r][c] for r, c in line) == p.magic)

        def holds(lit: int, enforce: list) -> None:
            r, c, k = self._cell_of[abs(lit)]
            ct = model.add(cell[r][c] == p.low + k) if lit > 0 else model.add(cell[r][c] != p.low + k)
            if enforce:
                ct.only_enforce_if(enforce)

        for lit in assumptions:
            if abs(lit) in self._cell_of:
                holds(lit, [])
                continue
            for clause in self._guard_clauses[lit]:
                chosen = [model.new_bool_var("") for _ in clause]
                for b, l in zip(chosen, clause):
                    holds(l, [b])
                model.add_bool_or(chosen)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1  # deterministic, and the machine's other core stays free
        status = solver.solve(model)
        self.handle.calls += 1  # a CP-SAT call counts as a solver call too
        if status == cp_model.INFEASIBLE:
            return None
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise PuzzleError(f"CP-SAT gave no answer ({solver.status_name(status)})")
        return [self.rules.data[r][c][solver.value(cell[r][c]) - p.low] for r in range(n) for c in range(n)]


@dataclass(frozen=True)
class MagicSpec:
    """What to draw: the square's structure, and how (`sat_draw`: the SAT session's random
    solution instead of a built square)."""

    params: MagicParams
    sat_draw: bool = False


@dataclass(frozen=True)
class MagicSquareOptions(GeneratorOptions):
    size: int = option(4, "side of the square (no square of side 2 exists)", 3, SIZE.most_width)
    low: int = option(1, "lowest number (the square holds low..low+size*size-1)", -LOW_LIMIT, LOW_LIMIT)
    sat_draw: int = option(0, "1: a random solution from the SAT solver (every square, slower) "
                           "instead of a built square moved at random", 0, 1)


class MagicSquareGenerator(Generator[MagicSquareOptions]):
    puzzle = "magicsquare"
    options_type = MagicSquareOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list magicsquare`
        cost(0.001, 0.001, size=3), cost(0.02, 0.023, size=4), cost(13.2, 25.7, size=6),
        cost(61.4, 61.4, size=7), cost(over=120, size=8))
    clues_are_solution = True  # every number given: the square itself

    def params_for(self, options: MagicSquareOptions) -> MagicSpec:
        if options.size == 2:
            raise PuzzleError("no magic square of side 2 exists (a + b = a + c in its first row and column)")
        return MagicSpec(MagicParams(options.size, options.low), bool(options.sat_draw))

    def draw(self, params: MagicSpec, rng: random.Random, sessions: SessionCache) -> tuple[MagicParams, Grid]:
        if params.sat_draw:
            return super().draw(params.params, rng, sessions)
        return params.params, random_square(params.params, rng)

    def stripping_session(self, params: MagicParams) -> PortfolioSession | None:
        """From PORTFOLIO_FROM on, stripping asks a `PortfolioSession` (the engine's own loop
        and order, so the same givens); smaller squares the engine's session."""
        return PortfolioSession(params) if params.n >= PORTFOLIO_FROM else None

    def candidate_clues(self, params: MagicParams, solution: Grid) -> dict:
        return {(r, c): k for r, row in enumerate(solution) for c, k in enumerate(row)}


GENERATOR = MagicSquareGenerator()
