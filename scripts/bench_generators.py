"""Generation rate of every puzzle with a generator, at the sizes the issues name.

    python scripts/bench_generators.py [--seconds 20]
    python scripts/bench_generators.py --hint [--rounds 6 --seconds 2]   # the solver hint on and off


Each row: unique puzzles per CPU-second (one process, one kept-alive solver, after one
warm-up puzzle), mean clue count and mean solver calls, over at least 10 puzzles or
`--seconds` of CPU time. Every puzzle is re-checked unique by CP-SAT after the timing.

`--hint` compares the stripping loop with and without its hint to the solver (try the
solution's values first, `SatSession.prefer`) on the same puzzles, interleaved by rounds in
this one process so that the machine's drift hits both alike, and prints the time ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lab import registry  # noqa: E402
from lab.cpsat import cpsat_status  # noqa: E402
from lab.generator import generate_one  # noqa: E402
from lab.sat import SatSession, SessionCache  # noqa: E402

CASES = [("sudoku", {"size": 9}), ("sudoku", {"size": 16}), ("lightup", {"size": 10}), ("nonogram", {"size": 15}),
         ("keen", {"size": 6}), ("pearl", {"size": 8}), ("singles", {"size": 8})]


def compare_hint(rounds: int, seconds: float = 1.0) -> None:
    """Hint on and off, each with its own sessions, the same seeds, alternating which goes
    first; about `seconds` of CPU time per round and setting."""
    prefer = SatSession.prefer
    print(f"{'puzzle':<10} {'size':<6} {'puzzles':>8} {'calls on':>9} {'calls off':>9}  time on/off")
    try:
        for name, options in CASES:
            ptype, gen = registry.puzzle(name), registry.generator(name)
            params = gen.params(**options)
            caches = {True: SessionCache(), False: SessionCache()}
            t = time.process_time()
            generate_one(ptype, gen, params, random.Random(-1), caches[True])  # warm-up, and the size of a round
            per_round = max(2, int(seconds / max(time.process_time() - t, 1e-3)))
            SatSession.prefer = lambda self, literals: None
            generate_one(ptype, gen, params, random.Random(-1), caches[False])
            spent, calls = {True: 0.0, False: 0.0}, {True: 0, False: 0}
            for r in range(rounds):
                for on in ((True, False) if r % 2 else (False, True)):
                    SatSession.prefer = prefer if on else (lambda self, literals: None)
                    rng = random.Random(r)
                    t = time.process_time()
                    made = [generate_one(ptype, gen, params, rng, caches[on]) for _ in range(per_round)]
                    spent[on] += time.process_time() - t
                    calls[on] += sum(g.checks for g in made)
            print(f"{name:<10} {options['size']:<6} {per_round * rounds:8d} {calls[True]:9d} {calls[False]:9d}  "
                  f"{spent[True] / spent[False]:.3f}")
    finally:
        SatSession.prefer = prefer


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, help="CPU seconds per puzzle (default 20); with --hint, per round (2)")
    ap.add_argument("--hint", action="store_true", help="only compare the solver hint on and off")
    ap.add_argument("--rounds", type=int, default=6)
    args = ap.parse_args()
    if args.hint:
        compare_hint(args.rounds, args.seconds or 2.0)
        return
    args.seconds = args.seconds or 20.0
    print(f"{'puzzle':<10} {'size':<6} {'per CPU-s':>10} {'clues':>7} {'calls':>7}  re-checked by CP-SAT")
    for name, options in CASES:
        ptype, gen = registry.puzzle(name), registry.generator(name)
        params = gen.params(**options)
        sessions = SessionCache()
        rng = random.Random(1)
        generate_one(ptype, gen, params, rng, sessions)  # warm-up
        made, start = [], time.process_time()
        while len(made) < 10 or (time.process_time() - start < args.seconds and len(made) < 2000):
            made.append(generate_one(ptype, gen, params, rng, sessions))
        rate = len(made) / (time.process_time() - start)
        sample = made[:: max(1, len(made) // 20)]
        unique = sum(cpsat_status(ptype, g.instance) == "unique" for g in sample)
        print(f"{name:<10} {options['size']:<6} {rate:10.1f} {statistics.mean(len(g.instance.clues) for g in made):7.1f} "
              f"{statistics.mean(g.checks for g in made):7.1f}  {unique}/{len(sample)}")


if __name__ == "__main__":
    main()
