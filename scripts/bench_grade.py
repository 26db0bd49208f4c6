"""The grade alone, per puzzle: this tree against a git revision, on the same records.

    python scripts/bench_grade.py --base 2a0dbcf
    python scripts/bench_grade.py --base HEAD~1 --puzzles sudoku,signpost --count 30 --rounds 5

For each puzzle, this tree makes `--count` puzzles with `generate --no-grade` (default
options), then each tree grades the same records in a process of its own (`puzzlelab.lab.engine.grade.grade`,
the generic grade, without the human grade), the two alternated `--rounds` times, and the
best pass of each gives milliseconds per grade. Only ratios within one run mean anything on
this shared machine.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = ("sudoku,nonogram,bridges,dominosa,filling,hidoku,keen,lightup,magicsquare,magnets,map,mosaic,pearl,"
           "range,signpost,singles,tents,tiling,towers,tracks,undead,unruly")


def worker(records: str, puzzle: str, rounds: int) -> None:
    """In the tree given by the working directory: ms per grade, best of `rounds` passes."""
    sys.path.insert(0, str(Path.cwd()))
    ns = "puzzlelab." if Path("puzzlelab").is_dir() else ""  # trees before the puzzlelab namespace
    floors = Path("lab/engine").is_dir()  # trees before lab/ stood in floors
    registry = importlib.import_module(ns + ("lab.face.registry" if floors else "lab.registry"))
    grade = importlib.import_module(ns + ("lab.engine.grade" if floors else "lab.grade")).grade

    ptype = registry.puzzle(puzzle)
    insts = [ptype.read(r["clues"], r["format"]) for r in map(json.loads, open(records))]
    for inst in insts:  # warm: rules built and cached, and what the puzzle memoises (nonograms' lines)
        grade(ptype, inst)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for inst in insts:
            grade(ptype, inst)
        best = min(best, (time.perf_counter() - start) / len(insts))
    print(f"{best * 1000:.3f}")


def timed(tree: Path, records: Path, puzzle: str, rounds: int) -> float:
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_grade.py"), "--worker", str(records),
                          puzzle, str(rounds)], cwd=tree, check=True, capture_output=True, text=True)
    return float(out.stdout.split()[-1])


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="git revision to compare with")
    ap.add_argument("--puzzles", default=PUZZLES, help="comma-separated (default: every graded puzzle)")
    ap.add_argument("--count", type=int, default=30, help="records per puzzle (default 30)")
    ap.add_argument("--rounds", type=int, default=5, help="passes over them, the best kept (default 5)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", str(base), args.base], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            for tree in (base, ROOT):  # each tree's compiled part, as an install builds it
                if (tree / "setup.py").exists():
                    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=tree,
                                   check=True, capture_output=True)
            print(f"{'puzzle':<12} {'base ms':>9} {'this ms':>9} {'speed-up':>9}")
            for puzzle in args.puzzles.split(","):
                records = Path(scratch) / f"{puzzle}.jsonl"
                subprocess.run([sys.executable, "-m", "puzzlelab", "generate", puzzle, "--count", str(args.count),
                                "--seed", "1", "--no-grade", "--quiet", "--out", str(records)], cwd=ROOT,
                               check=True, capture_output=True)
                old = new = float("inf")
                for _ in range(args.rounds):  # alternated: the machine's speed drifts between seconds
                    old = min(old, timed(base, records, puzzle, 1))
                    new = min(new, timed(ROOT, records, puzzle, 1))
                print(f"{puzzle:<12} {old:9.2f} {new:9.2f} {old / new:8.2f}x", flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
