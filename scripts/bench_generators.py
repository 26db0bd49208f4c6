"""Generation rate of every puzzle with a generator, at the sizes the issues name.

    python scripts/bench_generators.py [--seconds 20]

Each row: unique puzzles per CPU-second (one process, one kept-alive solver, after one
warm-up puzzle), mean clue count and mean solver calls, over at least 10 puzzles or
`--seconds` of CPU time. Every puzzle is re-checked unique by CP-SAT after the timing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelab.lab.engine.cpsat import cpsat_status  # noqa: E402
from puzzlelab.lab.engine.generator import generate_one  # noqa: E402
from puzzlelab.lab.engine.sat import SessionCache  # noqa: E402
from puzzlelab.lab.face import registry  # noqa: E402

CASES = [("sudoku", {"size": 9}), ("sudoku", {"size": 16}), ("lightup", {"size": 10}), ("nonogram", {"size": 15}),
         ("keen", {"size": 6}), ("pearl", {"size": 8}), ("singles", {"size": 8})]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0)
    args = ap.parse_args()
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
        mean_clues = statistics.mean(len(g.instance.clues) for g in made)
        print(f"{name:<10} {options['size']:<6} {rate:10.1f} {mean_clues:7.1f} "
              f"{statistics.mean(g.checks for g in made):7.1f}  {unique}/{len(sample)}")


if __name__ == "__main__":
    main()
