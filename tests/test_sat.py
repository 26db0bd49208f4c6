"""The engine's CNF for at-most-one constraints: pairwise clauses and the counter beyond."""

from __future__ import annotations

import itertools
import random

from pysat.formula import IDPool
from pysat.solvers import Solver

from generators.sudoku import random_grid
from lab import registry, sat
from lab.puzzle import Rules


def _pairwise_by_hand(groups: list[list[int]]) -> list[list[int]]:
    pairs = dict.fromkeys((min(a, b), max(a, b)) for lits in groups for a, b in itertools.combinations(lits, 2))
    return [[-a, -b] for a, b in pairs]


def test_pairwise_clauses_are_every_pair_once_in_the_order_first_met():
    rng = random.Random("pairwise")
    for _ in range(300):
        groups = [rng.sample([v * rng.choice((-1, 1)) for v in range(1, 40)], rng.randint(0, 9))
                  for _ in range(rng.randint(0, 12))]
        assert sat._pairwise(groups) == _pairwise_by_hand(groups)


def test_groups_longer_than_pairwise_max_get_a_counter_that_means_at_most_one():
    pool = IDPool()
    short = [pool.id(("s", i)) for i in range(3)]
    long = [pool.id(("l", i)) for i in range(sat.PAIRWISE_MAX + 5)]
    rules = Rules(clauses=[], primary=short + long, at_most_one=[short, long])
    cnf = sat.at_most_one_clauses(rules, pool)
    assert [-short[0], -short[1]] in cnf and not any(-long[0] in c and -long[1] in c and len(c) == 2 for c in cnf)
    with Solver(name=sat.DEFAULT_SOLVER, bootstrap_with=cnf) as solver:
        for group in (short, long):
            assert solver.solve(assumptions=[])
            assert solver.solve(assumptions=[group[-1]])
            for a, b in itertools.combinations(group[::3] + [group[-1]], 2):
                assert not solver.solve(assumptions=[a, b])


def test_prefer_steers_the_solver_to_the_solution_and_lets_go_of_the_last_one():
    ptype = registry.puzzle("sudoku")
    params = registry.generator("sudoku").params(size=4)
    grids = [random_grid(params, random.Random(seed)) for seed in range(8)]
    for name in (sat.DEFAULT_SOLVER, "m22"):
        session = sat.SatSession(ptype, params, solver=name)
        for grid in grids:  # no clues at all: 288 grids to choose from, it takes the preferred one
            session.prefer(session.solution_literals(grid))
            assert session.solve({}).solution == grid
