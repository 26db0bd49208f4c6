"""Generation cost in counted instructions: this tree against a git revision, same command.

    python scripts/bench_instructions.py                 # 9x9 sudoku against HEAD (uncommitted changes)
    python scripts/bench_instructions.py --base HEAD~3   # against an older commit
    python scripts/bench_instructions.py --count 100     # fewer puzzles (default 200)
    python scripts/bench_instructions.py --puzzle keen --size 6   # another puzzle

Timings on this shared machine drift 20-30% between runs minutes apart, so a change of a few
percent cannot be seen in them. Valgrind's cachegrind counts instructions and simulates the
caches (L1 and a 1 MiB last level, this machine's L2), which gives the same numbers on every
run. Each tree generates `count` puzzles and then none (to subtract imports and set-up);
per puzzle it prints instructions, cache misses, an estimate of cycles (instructions + 10 per
L1 miss + 50 per last-level miss) and the CaDiCaL share. Needs valgrind (Debian: valgrind).
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKLOAD = """
import importlib, os, random, sys
sys.path.insert(0, '.')
ns = 'puzzlelab.' if os.path.isdir('puzzlelab') else ''  # trees before the puzzlelab namespace
fl = os.path.isdir('lab/engine')  # trees since lab/ stands in floors
registry = importlib.import_module(ns + ('lab.face.registry' if fl else 'lab.registry'))
generate_one = importlib.import_module(ns + ('lab.engine.generator' if fl else 'lab.generator')).generate_one
SessionCache = importlib.import_module(ns + ('lab.engine.sat' if fl else 'lab.sat')).SessionCache
P, G = registry.puzzle(sys.argv[2]), registry.generator(sys.argv[2])
params, sessions, rng = G.params(size=int(sys.argv[3])), SessionCache(), random.Random(1)
generate_one(P, G, params, random.Random(-1), sessions)  # set-up, in the empty run too
for _ in range(int(sys.argv[1])):
    generate_one(P, G, params, rng, sessions)
"""


def counts(tree: Path, n: int, out: Path, puzzle: str, size: int) -> collections.Counter:
    """Events of one cachegrind run of the workload in `tree`, summed by kind (CaDiCaL or not)."""
    subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--LL=1048576,16,64",
                    f"--cachegrind-out-file={out}", sys.executable, "-c", WORKLOAD, str(n), puzzle, str(size)],
                   cwd=tree, check=True, capture_output=True,
                   # numpy's idle BLAS threads spin under valgrind, which serialises threads: one thread
                   env={**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"})
    total: collections.Counter = collections.Counter()
    events: list[str] = []
    solver = False
    for line in out.read_text().splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("fn="):
            solver = "CaDiCaL" in line
        elif line[:1].isdigit():
            values = dict(zip(events, map(int, line.split()[1:])))
            ir = values.get("Ir", 0)
            total["Ir"] += ir
            total["D1"] += values.get("D1mr", 0) + values.get("D1mw", 0)
            total["LL"] += values.get("DLmr", 0) + values.get("DLmw", 0)
            total["solver"] += ir if solver else 0
    return total


def per_puzzle(full: collections.Counter, empty: collections.Counter, n: int) -> dict[str, float]:
    c = {k: (full[k] - empty[k]) / n for k in ("Ir", "D1", "LL", "solver")}
    c["cycles"] = c["Ir"] + 10 * c["D1"] + 50 * c["LL"]
    return c


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="HEAD", help="git revision to compare with (default HEAD)")
    ap.add_argument("--count", type=int, default=200, help="puzzles per run (default 200)")
    ap.add_argument("--puzzle", default="sudoku", help="a puzzle with a generator (default sudoku)")
    ap.add_argument("--size", type=int, default=9, help="its size (default 9)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("bench_instructions: valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", str(base), args.base], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            subprocess.run([sys.executable, "-m", "compileall", "-q", "lab", "solvers", "generators"], cwd=base,
                           check=True)  # both trees start with compiled modules
            runs = [(tree, n, Path(scratch) / f"{i}.out") for i, (tree, n) in
                    enumerate([(base, args.count), (base, 0), (ROOT, args.count), (ROOT, 0)])]
            with ThreadPoolExecutor(max_workers=2) as pool:  # one valgrind per core
                done = list(pool.map(lambda run: counts(*run, args.puzzle, args.size), runs))
            results = {f"base {args.base}": per_puzzle(done[0], done[1], args.count),
                       "this tree": per_puzzle(done[2], done[3], args.count)}
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, capture_output=True)
    print(f"{args.puzzle} {args.size} generation, per puzzle, {args.count} puzzles "
          "(cachegrind; estimate = instructions "
          f"+ 10 per L1 miss + 50 per last-level miss)")
    for name, c in results.items():
        print(f"  {name:<20} estimate {c['cycles'] / 1e6:6.2f} M  instructions {c['Ir'] / 1e6:6.2f} M  "
              f"L1 misses {c['D1'] / 1e3:6.1f} k  last-level {c['LL'] / 1e3:5.2f} k  "
              f"CaDiCaL {100 * c['solver'] / c['Ir']:.0f}% of instructions")
    (_, old), (_, new) = results.items()
    print(f"this tree / base: {new['cycles'] / old['cycles']:.3f} (estimate), "
          f"{new['Ir'] / old['Ir']:.3f} (instructions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
