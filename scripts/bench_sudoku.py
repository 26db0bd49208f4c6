"""Sudoku speed, measured against baselines run in the same process.

    python scripts/bench_sudoku.py            # full run (about 2-4 minutes)
    python scripts/bench_sudoku.py --quick    # smaller counts, for a smoke test
    python scripts/bench_sudoku.py --sustained 3000   # the 9x9 rate over a long run, by blocks
    python scripts/bench_sudoku.py --cycles 4,0       # 9x9 with swap cycles up to 4 long, and none
    python scripts/bench_sudoku.py --renew 512,128    # 9x9 with sessions rebuilt after 512 or 128 puzzles
    python scripts/bench_sudoku.py --big      # a minimal 25x25: pairwise at-most-one against a counter (~8 min)
    python scripts/bench_sudoku.py --end-to-end 500   # the whole graded command against seed 003's way, 3 rounds

Prints puzzles per second, uniqueness-check medians and the ratio against seed 003's method
(a fresh solver for every check), plus 16x16, 25x25 and the seed-000 16x16 solve. Rates and
long runs are CPU seconds of this process (`time.process_time`), which a busy shared machine
disturbs less than wall time; single checks are timed with `time.perf_counter`, which costs
a tenth of process_time to read (1 us would be 2% of a check), and their medians shrug off
the rare pre-emption.
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

from pysat.solvers import Solver

from puzzlelab.generators.sudoku import SWAP_CYCLE, swap_cycles
from puzzlelab.lab.engine import sat
from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.sat import RENEW_AFTER, UNLIMITED, Budget, SatSession, SessionCache
from puzzlelab.lab.engine.strip import strip_clues
from puzzlelab.lab.face import registry

P = registry.puzzle("sudoku")
G = registry.generator("sudoku")
SEED000 = Path(__file__).resolve().parents[1] / "tests" / "data" / "sudoku" / "seed000_16x16.txt"


def cpu() -> float:
    return time.process_time()


@dataclass
class LoopCheck:
    """One solver call of the stripping loop: its time, its answer (another solution?),
    and seed 003's fresh-solver times for the same question when it was sampled."""

    seconds: float
    sat: bool
    fresh: float | None = None  # a new MiniSat (pysat) loaded with everything, solved once
    pycosat: float | None = None  # seed 003's code as written


def bench_9x9(n: int) -> list:
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
    clues = statistics.mean(len(g.instance.clues) for g in puzzles)
    checks = statistics.mean(g.checks for g in puzzles)
    print(f"9x9 generation: {n} minimal unique puzzles, {n / cpus:.0f} puzzles per CPU-second "
          f"({n / wall:.0f}/s wall; quarters {', '.join(f'{r:.0f}' for r in rounds)}), "
          f"mean {clues:.1f} clues, {checks:.1f} solver calls each")
    return puzzles


def paired_checks(count: int, block: int = 10, per_puzzle: int = 2) -> list[LoopCheck]:
    """Every solver call of the stripping loop over `count` puzzles, timed one by one, and
    a sample of them asked again seed 003's way: the same questions, timed close to ours
    (this machine's speed drifts by up to 2x within minutes). Each side runs as it would
    on its own: `block` puzzles of our loop, then their checks back to back (after an
    untimed one: a fresh solver right after our loop finds cold caches and would look
    slower than in seed 003's loop), then an untimed puzzle to give our loop its caches back.
    Their CNF lists are built before their clock starts (seed 003 builds them per check)."""
    sessions, params, rng = SessionCache(), G.params(size=9), random.Random(3)
    generate_one(P, G, params, random.Random(-1), sessions)
    session = sessions.get(P, params)
    rules, seed_var = seed003_rules(9), _seed003_variables(session)
    pycosat = _pycosat()
    calls, call = [], session._call

    def timed(assumptions, budget):
        t = time.perf_counter()  # ~0.1 us to read; process_time costs ~1 us, 2% of a check
        answer = call(assumptions, budget)
        calls.append((time.perf_counter() - t, answer, assumptions[:-1]))
        return answer

    checks: list[LoopCheck] = []
    for start in range(0, count, block):
        questions = []  # (check, the whole CNF seed 003 would solve)
        for _ in range(min(block, count - start)):
            session._call, done = timed, len(calls)
            try:
                g = generate_one(P, G, params, rng, sessions)
            finally:
                session._call = call
            mine = [LoopCheck(seconds, sat) for seconds, sat, _ in calls[done:]]
            for j in rng.sample(range(len(mine)), min(per_puzzle, len(mine))):
                clues = [[seed_var[lit]] for lit in calls[done + j][2]]  # all are clue facts (no selectors)
                questions.append((mine[j], rules + clues + [seed003_negation(g.solution)]))
            checks += mine
        first, first_cnf = questions[0]
        _fresh_check(first_cnf, first.sat)  # warm-up, untimed
        for check, cnf in questions:
            check.fresh = _fresh_check(cnf, check.sat)
        if pycosat is not None:
            _pycosat_check(pycosat, first_cnf, first.sat)
            for check, cnf in questions:
                check.pycosat = _pycosat_check(pycosat, cnf, check.sat)
        generate_one(P, G, params, rng, sessions)  # untimed: back to the loop's own caches
    return checks


def bench_check(puzzles: list, checks: list[LoopCheck]) -> None:
    """Median time of one uniqueness check: ours (one live solver, clues as assumptions)
    against seed 003's way (a new solver per check, loaded with seed 003's own CNF: its rules,
    the clues as unit clauses and its negated solution), asked the same questions: a sample
    of the loop's own."""
    params = puzzles[0].instance.params
    session = SatSession(P, params)
    finals = []
    for g in puzzles[:100]:
        assumptions = session.assumptions(g.instance.clues)
        t = time.perf_counter()
        found = session.other_than(assumptions, g.solution)
        finals.append(time.perf_counter() - t)
        if found.sat is not False:
            raise SystemExit("a generated puzzle is not unique")
    floor = []  # every cell given, "another solution?": one call that is all propagation, no search
    for g in puzzles[:100]:
        full = session.assumptions({(r, c): d for r, row in enumerate(g.solution) for c, d in enumerate(row)})
        guard = session.guard([session.block_clause(g.solution)])
        session._call(full + [guard], UNLIMITED)  # warm
        t = time.perf_counter()
        session._call(full + [guard], UNLIMITED)
        floor.append(time.perf_counter() - t)
        session.retire(guard)
    sample = [c for c in checks if c.fresh is not None]
    loop = statistics.median(c.seconds for c in checks)
    ours = statistics.median(c.seconds for c in sample)
    fresh = statistics.median(c.fresh for c in sample)
    print(f"9x9 uniqueness check, median: {loop * 1e3:.3f} ms over the {len(checks)} checks of the stripping "
          f"loop; {statistics.median(finals) * 1e3:.3f} ms for `check` on a minimal puzzle (adds and retires "
          f"its blocking clause); {statistics.median(floor) * 1e3:.3f} ms with every cell given (all "
          f"propagation, no search: the floor of a call)")
    print(f"seed 003's way (a new pysat MiniSat per check) on {len(sample)} of the loop's checks, each timed "
          f"right after ours: {fresh * 1e3:.2f} ms -> {fresh / ours:.0f}x (ours on those checks: {ours * 1e3:.3f} ms)")
    if sample[0].pycosat is None:
        print("seed 003's own solver (pycosat) is not installed: pip install -e '.[bench]' to compare with it too")
    else:
        literal = statistics.median(c.pycosat for c in sample)
        print(f"seed 003's code as written (pycosat.solve on the whole CNF per check) on the same checks: "
              f"{literal * 1e3:.2f} ms -> {literal / ours:.0f}x")


def seed003_var(n: int, r: int, c: int, d: int) -> int:
    """Seed 003's variable for "cell (r, c) holds digit d + 1" (0-based r, c, d)."""
    return (r * n + c) * n + d + 1


def seed003_rules(n: int) -> list[list[int]]:
    """Seed 003's CNF for an n x n sudoku, as its code builds it: "exactly one" (one
    at-least-one clause and every pair) for each row and digit, column and digit, box and
    digit, then each cell. Pairs that a row and a box share appear twice, as in the seed."""
    box = int(n ** 0.5)

    def var(r: int, c: int, d: int) -> int:
        return seed003_var(n, r, c, d)

    rows = [[var(i, j, d) for j in range(n)] for d in range(n) for i in range(n)]
    cols = [[var(j, i, d) for j in range(n)] for d in range(n) for i in range(n)]
    boxes = [[var(r, c, d) for r in range(n) for c in range(n) if (r // box) * box + c // box == b]
             for d in range(n) for b in range(n)]
    cells = [[var(r, c, d) for d in range(n)] for r in range(n) for c in range(n)]
    cnf = []
    for group in rows + cols + boxes + cells:
        cnf.append(group)
        cnf += [[-a, -b] for i, a in enumerate(group) for b in group[i + 1:]]
    return cnf


def seed003_negation(solution) -> list[int]:
    """Seed 003's "not this solution": every variable of the full model, negated."""
    n = len(solution)
    return [-seed003_var(n, r, c, d) if solution[r][c] == d + 1 else seed003_var(n, r, c, d)
            for r in range(n) for c in range(n) for d in range(n)]


def _seed003_variables(session: SatSession) -> dict[int, int]:
    """Our clue literal for each cell and digit -> seed 003's variable for it."""
    x = session.rules.data
    n = len(x)
    return {x[r][c][d]: seed003_var(n, r, c, d) for r in range(n) for c in range(n) for d in range(n)}


def _fresh_check(cnf: list, expected: bool) -> float:
    """Seed 003's way with a pysat solver: a new MiniSat loaded with seed 003's CNF (its
    rules, the clues as unit clauses, its negated solution), solved once. Its answer must be
    the loop's."""
    t = time.perf_counter()
    with Solver(name="m22", bootstrap_with=cnf) as fresh:
        sat = fresh.solve()
    seconds = time.perf_counter() - t
    if sat != expected:
        raise SystemExit(f"seed 003's way and ours disagree on a loop check: {sat} against {expected}")
    return seconds


def _pycosat():
    try:
        import pycosat
    except ImportError:
        return None
    return pycosat


def _pycosat_check(pycosat, cnf: list, expected: bool) -> float:
    """Seed 003's literal check: pycosat (a C solver fed the whole CNF as one Python list)."""
    t = time.perf_counter()
    answer = pycosat.solve(cnf)
    seconds = time.perf_counter() - t
    if (answer != "UNSAT") != expected:
        raise SystemExit(f"pycosat and ours disagree on a loop check: {answer != 'UNSAT'} against {expected}")
    return seconds


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


class _OutOfTime(Exception):
    pass


def bench_big(cap: float = 4.0, conflicts: int = 20000) -> None:
    """A minimal 25x25 sudoku (no target), its at-most-one constraints written pairwise (as
    the engine does) and as a sequential counter (as it did before), on the same grid and
    visiting order, so both keep the same clues. The counter run stops at `cap` times the
    pairwise run's CPU time and says how far it got."""
    params = G.params(size=25)
    rng = random.Random(1)
    params, solution = G.draw(params, rng, SessionCache())
    clues, order = G.candidate_clues(params, solution), rng.random()
    results = []
    for pairwise_max in (sat.PAIRWISE_MAX, 16):
        saved = sat.PAIRWISE_MAX
        sat.PAIRWISE_MAX = pairwise_max  # a benchmark-only switch: the rules' pairwise CNF is made anew
        try:
            rules, _ = sat._rules_for(P, params)
            rules.pairwise = None
            session = SatSession(P, params)
        finally:
            sat.PAIRWISE_MAX = saved
        call, limit = session._call, cap * results[0][0] if results else None
        t = cpu()

        def bounded(assumptions, budget):
            if limit is not None and cpu() - t > limit:
                raise _OutOfTime
            return call(assumptions, budget)

        session._call = bounded
        try:
            got = strip_clues(session, solution, clues, random.Random(order), budget=Budget(conflicts=conflicts),
                              alternatives=G.alternatives(params, solution), fixed=G.fixed_clues(params, clues))
            results.append((cpu() - t, f"{len(got.clues)} clues, {got.checks} calls, {got.unknowns} out of budget"))
        except _OutOfTime:
            results.append((None, f"not finished after {limit:.0f} s ({session.calls} calls)"))
        rules.pairwise = None  # the next session makes its own
    (pair, said), (counter, counter_said) = results
    ratio = f"{counter / pair:.1f}x" if counter is not None else f"over {cap:.0f}x"
    print(f"25x25 minimal unique puzzle (conflict budget {conflicts:,} per check): pairwise at-most-one "
          f"{pair:.0f} s, {said}; sequential counter "
          f"{counter_said if counter is None else f'{counter:.0f} s, {counter_said}'}"
          f" -> {ratio}")


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


def bench_interleaved(settings: list[tuple[str, int, int]], n: int = 100, rounds: int = 6) -> None:
    """9x9 rates of several settings, each (label, session renewal interval, longest swap
    cycle handed to the stripping loop, 0: none), interleaved by rounds of `n` puzzles in
    this one process so that the machine's drift hits every setting alike. The puzzles are
    the same for every setting: only the work needed to prove them changes."""
    params = G.params(size=9)
    seconds, calls = [0.0] * len(settings), [0] * len(settings)
    caches = [SessionCache(renew_after=renew) for _, renew, _ in settings]
    original = type(G).alternatives
    try:
        for r in range(-1, rounds):
            for k in (range(len(settings)) if r % 2 else reversed(range(len(settings)))):
                length = settings[k][2]
                type(G).alternatives = lambda self, p, s, length=length: swap_cycles(p, s, length) if length else []
                rng = random.Random(r)
                t = cpu()
                made = [generate_one(P, G, params, rng, caches[k]) for _ in range(n if r >= 0 else 3)]
                if r >= 0:  # round -1 warms every session up
                    seconds[k] += cpu() - t
                    calls[k] += sum(g.checks for g in made)
    finally:
        type(G).alternatives = original
    done = n * rounds
    print(f"9x9, {done} puzzles each, interleaved: " + "; ".join(
        f"{label}: {done / seconds[k]:.0f} per CPU-second, {calls[k] / done:.1f} calls"
        for k, (label, _, _) in enumerate(settings)))


def bench_end_to_end(count: int, rounds: int = 3, paired: int = 20) -> None:
    """Issue 21's measure: the whole `generate` command, grading included, against seed
    003's way end to end, in one run. Seed 003 strips one clue at a time, a new solver for
    each of a 9x9's 81 cells, so its rate is taken as 1 / (81 x the mean time of a fresh
    check), checks asked seed 003's way right after ours (`paired_checks`); its drawing
    and Python loop are left out, which flatters it. Ours: a subprocess, start-up included.
    The machine's speed drifts by a third within minutes, so each of `rounds` rounds times
    seed 003's checks just before and just after `generate` runs of its own; the ratio is
    the median of the rounds'. Each round also runs the same command with `--no-grade`
    (the same puzzles, no difficulty): what the grade costs, measured, not inferred."""
    import subprocess
    import tempfile

    def run(out: Path, seed: int, *extra: str) -> float:
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "puzzlelab", "generate", "sudoku", "--count", str(count), "--seed",
                        str(seed), "--out", str(out), "--quiet", *extra], check=True, capture_output=True,
                       cwd=Path(__file__).resolve().parents[1])
        return count / (time.perf_counter() - t)

    ratios, bare_ratios = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(rounds):
            checks = [c.fresh for c in paired_checks(paired) if c.fresh is not None]
            first, second = (("graded", ()), ("bare", ("--no-grade",)))[::1 if round_ % 2 == 0 else -1]
            rates = {label: run(Path(tmp) / f"{label}{round_}.jsonl", round_ + 1, *extra)
                     for label, extra in (first, second)}
            checks += [c.fresh for c in paired_checks(paired) if c.fresh is not None]
            seed003 = 1 / (81 * statistics.mean(checks))
            ours, bare = rates["graded"], rates["bare"]
            ratios.append(ours / seed003)
            bare_ratios.append(bare / seed003)
            print(f"end to end, round {round_ + 1}: `puzzlelab generate sudoku --count {count}` (graded) "
                  f"{ours:.0f}/s, with --no-grade {bare:.0f}/s; seed 003's way {seed003:.2f}/s (81 fresh checks "
                  f"of {statistics.mean(checks) * 1e3:.2f} ms): {ours / seed003:.0f}x graded, "
                  f"{bare / seed003:.0f}x with --no-grade; the grade takes {1e3 / ours - 1e3 / bare:.2f} ms "
                  f"a record of {1e3 / ours:.2f}")
    print(f"end to end, median of {rounds} rounds: {statistics.median(ratios):.0f}x seed 003's way graded "
          f"(issue 21: 100x), {statistics.median(bare_ratios):.0f}x with --no-grade")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--sustained", type=int, default=0, metavar="N",
                    help="only generate N 9x9 puzzles on one session and print the rate by blocks of 500")
    ap.add_argument("--cycles", metavar="L,L,...",
                    help="only compare 9x9 rates with swap cycles up to these lengths (0: none), e.g. 4,0")
    ap.add_argument("--renew", metavar="N,N,...",
                    help="only compare 9x9 rates with sessions rebuilt after these many puzzles, e.g. 512,128")
    ap.add_argument("--big", action="store_true", help="only a minimal 25x25, pairwise at-most-one against a counter")
    ap.add_argument("--end-to-end", type=int, default=0, metavar="N",
                    help="only the whole graded `generate` of N 9x9 puzzles against seed 003's way, in one run")
    args = ap.parse_args()
    if args.end_to_end:
        bench_end_to_end(args.end_to_end)
        return
    if args.cycles or args.renew:
        lengths = [int(x) for x in args.cycles.split(",")] if args.cycles else [SWAP_CYCLE]
        renewals = [int(x) for x in args.renew.split(",")] if args.renew else [RENEW_AFTER]
        bench_interleaved([(f"renew {renew}, cycles {length or 'none'}", renew, length)
                           for renew in renewals for length in lengths],
                          n=300 if args.renew else 100, rounds=10 if args.renew else 6)
        return
    if args.sustained:
        bench_sustained(args.sustained)
        return
    if args.big:
        bench_big()
        return
    n9, paired, n16, target = (60, 15, 2, 400) if args.quick else (400, 100, 8, 300)
    puzzles = bench_9x9(n9)
    bench_check(puzzles, paired_checks(paired))
    bench_seed000()
    bench_16x16(n16)
    bench_25x25(target)


if __name__ == "__main__":
    main()
