"""Sudoku speed, measured against baselines run in the same process.

    python scripts/bench_sudoku.py            # full run (about 2-4 minutes)
    python scripts/bench_sudoku.py --quick    # smaller counts, for a smoke test
    python scripts/bench_sudoku.py --sustained 3000   # the 9x9 rate over a long run, by blocks

Prints puzzles per second, uniqueness-check medians and the ratio against seed 003's method
(a fresh solver for every check), plus 16x16, 25x25 and the seed-000 16x16 solve. Times are
CPU seconds of this process (`time.process_time`), which a busy shared machine disturbs less
than wall time; both are printed where they differ in meaning.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pysat.solvers import Solver  # noqa: E402

from lab import registry  # noqa: E402
from lab.generator import GenerateOptions, generate_one  # noqa: E402
from lab.sat import Budget, SatSession, SessionCache, at_most_one_clauses  # noqa: E402

P = registry.puzzle("sudoku")
G = registry.generator("sudoku")
SEED000 = Path(__file__).resolve().parents[1] / "tests" / "data" / "sudoku" / "seed000_16x16.txt"


def cpu() -> float:
    return time.process_time()


@dataclass
class LoopCheck:
    """One solver call of the stripping loop: its CPU time, its answer (another solution?),
    its clue literals (every assumption but the last, which asks "another solution"), and
    the grid it is about."""

    seconds: float
    sat: bool
    clue_lits: list[int]
    solution: tuple


def bench_9x9(n: int) -> tuple[list, list[LoopCheck]]:
    sessions = SessionCache()
    params = G.params(size=9)
    generate_one(P, G, params, random.Random(-1), sessions)  # warm-up: builds the session
    rng = random.Random(1)
    w0, c0 = time.perf_counter(), cpu()
    puzzles, rounds = [], []  # the rate of each quarter too: the machine's speed drifts under load
    for part in range(4):
        r0, count = cpu(), n * (part + 1) // 4 - len(puzzles)
        puzzles += [generate_one(P, G, params, rng, sessions) for _ in range(count)]
        rounds.append(count / (cpu() - r0))
    wall, cpus = time.perf_counter() - w0, cpu() - c0
    loop_checks = _timed_checks(sessions, params, rng, max(20, n // 10))
    clues = statistics.mean(len(g.instance.clues) for g in puzzles)
    checks = statistics.mean(g.checks for g in puzzles)
    print(f"9x9 generation: {n} minimal unique puzzles, {n / cpus:.0f} puzzles per CPU-second "
          f"({n / wall:.0f}/s wall; quarters {', '.join(f'{r:.0f}' for r in rounds)}), "
          f"mean {clues:.1f} clues, {checks:.1f} solver calls each")
    return puzzles, loop_checks


def _timed_checks(sessions: SessionCache, params, rng: random.Random, count: int) -> list[LoopCheck]:
    """Every solver call (each one a uniqueness check) of the stripping loop while making
    `count` more puzzles, timed one by one."""
    session = sessions.get(P, params)
    calls, call = [], session._call

    def timed(assumptions, budget):
        t = cpu()
        answer = call(assumptions, budget)
        calls.append((cpu() - t, answer, assumptions[:-1]))
        return answer

    session._call = timed
    checks = []
    try:
        for _ in range(count):
            done = len(calls)
            g = generate_one(P, G, params, rng, sessions)
            checks += [LoopCheck(t, sat, lits, g.solution) for t, sat, lits in calls[done:]]
    finally:
        session._call = call
    return checks


def bench_check(puzzles: list, loop_checks: list[LoopCheck], fresh_n: int) -> None:
    """Median time of one uniqueness check: ours (one live solver, clues as assumptions)
    against seed 003's way (a new solver per check, loaded with the rules, the clues as unit
    clauses and the blocking clause), asked the same questions: a sample of the loop's own."""
    params = puzzles[0].instance.params
    session = SatSession(P, params)
    ours = []
    for g in puzzles:
        assumptions = session.assumptions(g.instance.clues)
        t = cpu()
        found = session.other_than(assumptions, g.solution)
        ours.append(cpu() - t)
        assert found.sat is False
    rules = session.rules.clauses + at_most_one_clauses(session.rules, session.pool)  # the whole CNF
    sample = random.Random(0).sample(loop_checks, min(fresh_n, len(loop_checks)))
    theirs = []
    for check in sample:
        seconds, sat = _fresh_check(rules, check.clue_lits, session.block_clause(check.solution))
        if sat != check.sat:
            raise SystemExit(f"seed 003's way and ours disagree on a loop check: {sat} against {check.sat}")
        theirs.append(seconds)
    literal = _seed003_pycosat(rules, session, sample)
    # The fresh solver on the final puzzles too (unique, so no search): its cheapest case.
    finals = [_fresh_check(rules, session.assumptions(g.instance.clues), session.block_clause(g.solution))[0]
              for g in puzzles[:len(sample)]]
    loop = statistics.median(c.seconds for c in loop_checks)
    same = statistics.median(c.seconds for c in sample)
    a, b, f = statistics.median(ours), statistics.median(theirs), statistics.median(finals)
    print(f"9x9 uniqueness check, median: {loop * 1e3:.3f} ms over the {len(loop_checks)} checks of the "
          f"stripping loop, {a * 1e3:.3f} ms for the final check of a minimal puzzle (one live solver); "
          f"seed 003's way (a fresh solver per check) on {len(sample)} of the loop's checks: {b * 1e3:.2f} ms "
          f"-> {b / same:.0f}x (ours on those same checks: {same * 1e3:.3f} ms); on final puzzles "
          f"{f * 1e3:.2f} ms -> {f / loop:.0f}x our loop median, {f / a:.0f}x our final check")
    if literal is None:
        print("seed 003's own solver (pycosat) is not installed: pip install -e '.[bench]' to compare with it too")
    else:
        print(f"seed 003's code as written (pycosat.solve on the whole CNF per check) on the same "
              f"{len(sample)} checks: {literal * 1e3:.2f} ms -> {literal / same:.0f}x")


def _fresh_check(rules: list, clue_lits: list[int], block: list[int]) -> tuple[float, bool]:
    """Seed 003's way with a pysat solver: a new MiniSat loaded with the rules, the clues as
    unit clauses and the blocking clause, solved once. (CPU seconds, another solution?)"""
    t = cpu()
    with Solver(name="m22", bootstrap_with=rules + [[lit] for lit in clue_lits] + [block]) as fresh:
        sat = fresh.solve()
    return cpu() - t, sat


def _seed003_pycosat(rules: list, session: SatSession, sample: list) -> float | None:
    """Median time of seed 003's literal check (pycosat, a C solver fed the whole CNF as one
    Python list each time) on the sampled loop checks, or None without pycosat."""
    try:
        import pycosat
    except ImportError:
        return None
    times = []
    for check in sample:
        cnf = rules + [[lit] for lit in check.clue_lits] + [session.block_clause(check.solution)]
        t = cpu()
        answer = pycosat.solve(cnf)
        times.append(cpu() - t)
        if (answer != "UNSAT") != check.sat:
            raise SystemExit(f"pycosat and ours disagree on a loop check: {answer != 'UNSAT'} against {check.sat}")
    return statistics.median(times)


def bench_16x16(n: int) -> None:
    sessions = SessionCache()
    params = G.params(size=16)
    times, clues = [], []
    for i in range(n):
        t = cpu()
        g = generate_one(P, G, params, random.Random(i), sessions)
        times.append(cpu() - t)
        clues.append(len(g.instance.clues))
        assert g.minimal
    print(f"16x16 minimal unique puzzle: median {statistics.median(times):.2f} s "
          f"(max {max(times):.2f} s, first includes building the rules), mean {statistics.mean(clues):.0f} clues")


def bench_25x25(target: int) -> None:
    opts = GenerateOptions(target=target, budget=Budget(conflicts=20000))
    t = cpu()
    g = generate_one(P, G, G.params(size=25), random.Random(1), SessionCache(), opts)
    print(f"25x25 unique puzzle with target {target} clues: {cpu() - t:.1f} s, {len(g.instance.clues)} clues, "
          f"{g.unknowns} checks ran out of budget (those clues were kept)")


def bench_seed000() -> None:
    inst = P.parse(SEED000.read_text())
    t = cpu()
    session = SatSession(P, inst.params)
    build = cpu() - t
    t = cpu()
    found = session.solve(inst.clues)
    first = cpu() - t
    assert found.sat
    t = cpu()
    status = session.check(inst.clues).status
    check = cpu() - t
    print(f"seed 000 16x16: first solve {first * 1e3:.1f} ms (+{build * 1e3:.0f} ms to build and load the "
          f"rules once), full uniqueness check {check * 1e3:.1f} ms: {status}; the seed reports 0.04 s "
          f"-> {0.04 / first:.1f}x")


def bench_sustained(n: int, block: int = 500) -> None:
    """A long run on one session, as a dataset worker does: the rate of each block of
    puzzles (it used to fall as retired guards piled up in the solver)."""
    sessions, params, rng = SessionCache(), G.params(size=9), random.Random(2)
    rates = []
    for start in range(0, n, block):
        count = min(block, n - start)
        t = cpu()
        for _ in range(count):
            generate_one(P, G, params, rng, sessions)
        rates.append(count / (cpu() - t))
    print(f"9x9 sustained: {n} puzzles on one session, per CPU-second by blocks of {block}: "
          f"{', '.join(f'{r:.0f}' for r in rates)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--sustained", type=int, default=0, metavar="N",
                    help="only generate N 9x9 puzzles on one session and print the rate by blocks of 500")
    args = ap.parse_args()
    if args.sustained:
        bench_sustained(args.sustained)
        return
    n9, fresh, n16, target = (60, 30, 2, 400) if args.quick else (400, 100, 8, 300)
    puzzles, loop_checks = bench_9x9(n9)
    bench_check(puzzles, loop_checks, fresh)
    bench_seed000()
    bench_16x16(n16)
    bench_25x25(target)


if __name__ == "__main__":
    main()
