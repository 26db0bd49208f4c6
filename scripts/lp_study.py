"""Seed 003's claim, measured: "a unique sudoku's LP relaxation shrinks to a single point".

    python scripts/lp_study.py [--count 1000] [--seed 3] [--size 9]

Generates `--count` unique, minimal puzzles (the lab's own generator, as `puzzlelab
generate` makes them), then for each asks the LP relaxation of seed 003's 0/1 indicator
model (lab/engine/lp.py, GLOP): is the point it returns integral, and is the feasible set a single
point? Printed: how often each holds, overall and by the SAT grade's `level` and by the
hardest human technique the puzzle needs (solvers/sudoku_techniques.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelab.lab.engine.generator import generate_one  # noqa: E402
from puzzlelab.lab.engine.grade import measures  # noqa: E402
from puzzlelab.lab.engine.lp import relaxation  # noqa: E402
from puzzlelab.lab.engine.sat import SessionCache  # noqa: E402
from puzzlelab.lab.face import registry  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--size", type=int, default=9)
    args = ap.parse_args()
    ptype, gen = registry.puzzle("sudoku"), registry.generator("sudoku")
    params = gen.params(size=args.size)
    rng, sessions = random.Random(args.seed), SessionCache()
    rows = []
    lp_seconds = 0.0
    for _ in range(args.count):
        made = generate_one(ptype, gen, params, rng, sessions)
        grade = measures(ptype, made.instance)
        start = time.perf_counter()
        lp = relaxation(ptype, made.instance)
        lp_seconds += time.perf_counter() - start
        rows.append((grade.get("level"), grade.get("human_technique"), lp))
    total = len(rows)
    point = sum(lp.single_point for *_, lp in rows)
    integral = sum(lp.integral for *_, lp in rows)
    print(f"{total} unique minimal {args.size}x{args.size} puzzles (seed {args.seed}); "
          f"LP relaxation {1000 * lp_seconds / total:.1f} ms each")
    print(f"  relaxation a single point: {point} ({100 * point / total:.1f}%)")
    print(f"  returned point integral:   {integral} ({100 * integral / total:.1f}%)")
    fractional = [lp.fractional for *_, lp in rows if not lp.integral]
    if fractional:
        print(f"  fractional indicators where not integral: median {sorted(fractional)[len(fractional) // 2]}, "
              f"max {max(fractional)}")
    for title, key in (("SAT level", 0), ("human technique", 1)):
        groups: dict = defaultdict(list)
        for row in rows:
            groups[row[key]].append(row[2])
        print(f"by {title}:")
        print(f"  {'':<22} {'puzzles':>8} {'single point':>13} {'integral':>9}")
        for value in sorted(groups, key=lambda v: (v is None, str(v) if key else v)):
            lps = groups[value]
            c = Counter((lp.single_point, lp.integral) for lp in lps)
            singles = sum(n for (s, _), n in c.items() if s)
            ints = sum(n for (_, i), n in c.items() if i)
            print(f"  {str(value):<22} {len(lps):>8} {100 * singles / len(lps):>12.1f}% {100 * ints / len(lps):>8.1f}%")


if __name__ == "__main__":
    main()
