"""Independent checks shared by every puzzle's tests: brute force with `verify` against the
SAT engine and the CP-SAT engine on the same instance."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import Any

from .cpsat import cpsat_count
from .generator import Generated, Generator, generate_one
from .puzzle import CluePuzzle, Instance, PuzzleType
from .sat import DEFAULT_SOLVER, SatSession, SessionCache, check_instance, one_shot_solver


def brute_force_count(ptype: PuzzleType, inst: Instance, candidates: Iterable[Any]) -> int:
    """How many of the candidate solutions (an exhaustive enumeration the test supplies)
    pass the puzzle's plain-Python `verify`."""
    return sum(1 for cand in candidates if not ptype.verify(inst, cand))


def engine_counts(ptype: CluePuzzle, inst: Instance, limit: int = 1000) -> tuple[int, int]:
    """(SAT count, CP-SAT count) up to `limit`, each from a fresh engine. The SAT count is
    taken twice, with the rules a generating session uses and with the one-shot rules the
    CLI's `check` uses (puzzles may encode differently for one question); they must agree."""
    counts = []
    for solver, one_shot in ((DEFAULT_SOLVER, False), (one_shot_solver(ptype), True)):
        session = SatSession(ptype, inst.params, solver, one_shot)
        try:
            sat = session.count(inst.clues, limit)
        finally:
            session.close()
        for sol in sat.solutions:
            problems = ptype.verify(inst, sol)
            if problems:
                raise AssertionError(f"SAT engine returned an invalid solution: {problems[:3]}")
        counts.append(sat.n)
    if counts[0] != counts[1]:
        raise AssertionError(f"SAT counts differ: {counts[0]} (session rules), {counts[1]} (one-shot rules)")
    _same_as_own_ways(ptype, inst, limit, counts[0])
    cp = cpsat_count(ptype, inst, limit)
    for sol in cp.solutions:
        problems = ptype.verify(inst, sol)
        if problems:
            raise AssertionError(f"CP-SAT engine returned an invalid solution: {problems[:3]}")
    return counts[0], cp.n


def _same_as_own_ways(ptype: CluePuzzle, inst: Instance, limit: int, n: int) -> None:
    """The puzzle's own ways to count, where it has them, give the SAT count `n` with valid
    solutions: its generator's rules (`stripping_rules`), the rules with the clues built in
    (`given_rules`) and its own search (`each_solution`)."""
    ways = []
    if ptype.implements("stripping_rules"):
        session = SatSession(ptype, inst.params, stripping=True)
        try:
            ways.append(("stripping_rules", session.count(inst.clues, limit).solutions))
        finally:
            session.close()
    if ptype.implements("given_rules"):
        session = SatSession.given(ptype, inst, one_shot_solver(ptype))
        try:
            ways.append(("given_rules", session.count({}, limit).solutions))
        finally:
            session.close()
    if ptype.implements("each_solution"):
        ways.append(("each_solution", list(itertools.islice(ptype.each_solution(inst), limit))))
    for way, solutions in ways:
        if len(solutions) != n or len(set(map(repr, solutions))) != len(solutions):
            raise AssertionError(f"{way} finds {len(solutions)} solution(s) (distinct: "
                                 f"{len(set(map(repr, solutions)))}), the SAT rules {n}")
        for sol in solutions:
            problems = ptype.verify(inst, sol)
            if problems:
                raise AssertionError(f"{way} returned an invalid solution: {problems[:3]}")


def assert_unique_with(ptype: CluePuzzle, inst: Instance, solution: Any) -> None:
    """A stated answer (a seed's example, a Tatham board) checked three ways: `verify`
    accepts it, and the SAT engine and CP-SAT each find it and nothing else."""
    problems = ptype.verify(inst, solution)
    if problems:
        raise AssertionError(f"the stated solution breaks the rules: {problems[:3]}")
    result = check_instance(ptype, inst)
    if result.status != "unique" or result.solutions[0] != solution:
        raise AssertionError(f"the SAT engine says {result.status}, not unique with the stated solution")
    cp = cpsat_count(ptype, inst, limit=2)
    if not (cp.complete and cp.n == 1 and cp.solutions[0] == solution):
        raise AssertionError(f"CP-SAT finds {cp.n} solution(s), not just the stated one")


def generated_rechecked(ptype: CluePuzzle, gen: Generator, params: Any, count: int, seed: int) -> list[Generated]:
    """`count` generated puzzles, each re-checked by the independent engines: its solution
    passes `verify`, and CP-SAT finds exactly one solution, the same. AssertionError if not."""
    sessions, rng = SessionCache(), random.Random(seed)
    made = []
    for _ in range(count):
        g = generate_one(ptype, gen, params, rng, sessions)
        problems = ptype.verify(g.instance, g.solution)
        if problems:
            raise AssertionError(f"generated solution breaks the rules: {problems[:3]}")
        cp = cpsat_count(ptype, g.instance, limit=2)
        if not (g.unique and cp.complete and cp.n == 1 and cp.solutions[0] == g.solution):
            raise AssertionError(f"CP-SAT finds {cp.n} solution(s) (complete: {cp.complete}) for a generated puzzle")
        made.append(g)
    return made
