"""The whole `generate` command in this tree against a git revision, runs alternated.

    python scripts/bench_versions.py --base 24dd573 --puzzle keen --options "--size 6" --count 60
    python scripts/bench_versions.py --base HEAD~2 --puzzle hidoku --options "--size 10" --rounds 3

Runs minutes apart on this shared machine differ by 20-30%, so a rate measured in an earlier
session is no baseline for "nothing slower than before". This runs the same command in a
worktree of `--base` and in this tree, one after the other, `--rounds` times, and prints
each run's puzzles per second and the ratio of the medians, and the same for the mean time
a record took inside the command (its `--json` statistics, start-up left out). Puzzles and grades come from
each tree's own code; the wall time of the whole command (start-up included) is read, and
the two trees' records are compared: a change meant only to be faster must keep them
identical (`--seed` and the options decide every record; timing is not in them).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# As a user's install runs: compiled modules kept (this machine sets PYTHONDONTWRITEBYTECODE).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def records(path: Path) -> list[Any]:
    """A dataset's records, in order."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def difference(old: list[Any], new: list[Any]) -> str | None:
    """Where two runs' records first differ (None: identical)."""
    if len(old) != len(new):
        return f"{len(old)} records against {len(new)}"
    for i, (a, b) in enumerate(zip(old, new)):
        if a != b:
            fields = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
            return f"record {i} differs in {', '.join(fields)}"
    return None


def rate(tree: Path, puzzle: str, options: list[str], count: int, out: Path) -> tuple[float, float]:
    """One `generate` run in `tree` (a new file each time): puzzles per second of the whole
    command, and the mean milliseconds a record took inside it (start-up left out: the
    command's own `seconds_per_puzzle`), which small counts need to see a change at all."""
    out.unlink(missing_ok=True)
    for stale in out.parent.glob(out.name + ".*"):
        stale.unlink()
    start, cpu = time.perf_counter(), _children_cpu()
    cli = "puzzlelab" if (tree / "puzzlelab").is_dir() else "lab"  # trees before the puzzlelab namespace
    done = subprocess.run([sys.executable, "-m", cli, "generate", puzzle, *options, "--count", str(count),
                           "--seed", "5", "--out", str(out), "--quiet", "--json"], cwd=tree, check=True,
                          capture_output=True, env=ENV, text=True)
    wall = count / (time.perf_counter() - start)
    return wall, 1000 * json.loads(done.stdout)["stats"]["seconds_per_puzzle"]["mean"], _children_cpu() - cpu


def _children_cpu() -> float:
    """CPU seconds (user + system) of every finished child so far, as the kernel counted them:
    what a shared machine's load does not inflate the way it does wall time."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="git revision to compare with")
    ap.add_argument("--puzzle", default="sudoku", help="a puzzle with a generator (default sudoku)")
    ap.add_argument("--options", default="", help='its generate options, one string (e.g. "--size 6")')
    ap.add_argument("--count", type=int, default=100, help="puzzles per run (default 100)")
    ap.add_argument("--rounds", type=int, default=2, help="runs of each tree, alternated (default 2)")
    args = ap.parse_args()
    options = shlex.split(args.options)
    rates: dict[str, list[float]] = {f"base {args.base}": [], "this tree": []}
    inside: dict[str, list[float]] = {name: [] for name in rates}
    cpus: dict[str, list[float]] = {name: [] for name in rates}
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", str(base), args.base], cwd=ROOT, check=True,
                       capture_output=True)
        for tree in (base, ROOT):  # each tree's compiled part, as an install builds it
            if (tree / "setup.py").exists():
                subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=tree, check=True,
                               capture_output=True)
        outs = {name: Path(scratch) / f"out{k}.jsonl" for k, name in enumerate(rates)}
        try:
            for _ in range(args.rounds):
                for name, tree in zip(rates, (base, ROOT)):
                    wall, per_record, cpu = rate(tree, args.puzzle, options, args.count, outs[name])
                    rates[name].append(wall)
                    inside[name].append(per_record)
                    cpus[name].append(cpu)
            found = difference(*(records(out) for out in outs.values()))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, capture_output=True)
    print(f"puzzlelab generate {args.puzzle} {args.options} --count {args.count}, puzzles per second:")
    for name, runs in rates.items():
        print(f"  {name:<24} " + "  ".join(f"{r:7.2f}" for r in runs))
    old, new = (statistics.median(runs) for runs in rates.values())
    print(f"this tree / base (medians): {new / old:.2f}")
    print("ms a record inside the command (start-up left out):")
    for name, runs in inside.items():
        print(f"  {name:<24} " + "  ".join(f"{r:7.3f}" for r in runs))
    old, new = (statistics.median(runs) for runs in inside.values())
    print(f"base / this tree (medians): {old / new:.2f}")
    print("CPU seconds of the whole command (start-up included):")
    for name, runs in cpus.items():
        print(f"  {name:<24} " + "  ".join(f"{r:7.3f}" for r in runs))
    old, new = (statistics.median(runs) for runs in cpus.values())
    print(f"this tree / base (medians): {new / old:.2f}")
    print(f"records: {'identical' if found is None else found}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
