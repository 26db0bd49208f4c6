"""Dataset throughput, measured against baselines in the same run.

    python scripts/bench_datasets.py [--count 400] [--records 100000] [--rounds 2]

1. 9x9 sudoku datasets with 1 and with 2 worker processes (the same command otherwise):
   the rate ratio (target: at least 1.7x on 2 cores), and that both files are identical.
2. Writing and reading `--records` records (copies of generated ones with new ids) against
   the time generating them would take at the measured single-worker rate.
3. `puzzlelab stats` on that file: seconds and peak memory growth (streamed, not loaded).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelab.lab.data.dataset import DatasetSpec, _finish, journal_header
from puzzlelab.lab.data.records import read_records  # noqa: E402
from puzzlelab.lab.data.stats import dataset_stats  # noqa: E402


def spec(count: int) -> DatasetSpec:
    return DatasetSpec(puzzle="sudoku", options={"size": 9, "box": ""}, count=count, seed=11)


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--records", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    from puzzlelab.lab.data.dataset import generate_dataset

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        one = two = float("inf")
        for _ in range(args.rounds):  # alternate, keep the best of each: the machine is shared
            for path in tmp.glob("w*.jsonl*"):
                path.unlink()
            one = min(one, timed(lambda: generate_dataset(spec(args.count), tmp / "w1.jsonl", workers=1))[0])
            two = min(two, timed(lambda: generate_dataset(spec(args.count), tmp / "w2.jsonl", workers=2))[0])
        same = (tmp / "w1.jsonl").read_bytes() == (tmp / "w2.jsonl").read_bytes()
        rate1, rate2 = args.count / one, args.count / two
        print(f"9x9 dataset of {args.count} (graded, deduplicated): 1 worker {rate1:.1f}/s, "
              f"2 workers {rate2:.1f}/s: {rate2 / rate1:.2f}x; identical files: {same}")

        base = list(read_records(tmp / "w1.jsonl"))
        records = []
        for i in range(args.records):
            rec = dict(base[i % len(base)])
            rec["id"], rec["index"] = f"sudoku-11-{i}", i
            records.append(rec)
        path = tmp / "big.jsonl"
        journal = tmp / "big.jsonl.partial"

        def write() -> None:
            with open(journal, "w", encoding="utf-8") as f:
                f.write(journal_header(spec(args.count)).decode())
                for start in range(0, len(records), 64):  # the generator's chunked, fsync-free path
                    f.write("".join(json.dumps(r, sort_keys=True) + "\n" for r in records[start:start + 64]))
            _finish(journal, path, "jsonl")

        w, _ = timed(write)
        r, n = timed(lambda: sum(1 for _ in read_records(path)))
        gen = args.records / rate1
        print(f"{args.records} records: write {w:.2f} s + read {r:.2f} s = {100 * (w + r) / gen:.2f}% of the "
              f"{gen:.0f} s generating them takes at 1 worker")
        base_kib = _child_peak("pass")
        stats_kib = _child_peak(f"dataset_stats({str(path)!r})")
        s, stats = timed(lambda: dataset_stats(str(path)))
        print(f"stats on {stats.records} records: {s:.2f} s (target < 10 s); peak memory "
              f"{(stats_kib - base_kib) / 1024:.0f} MiB above a bare interpreter with the library loaded "
              f"(the file is {path.stat().st_size / 2**20:.0f} MiB)")


def _child_peak(statement: str) -> int:
    """Peak resident memory (KiB) of a fresh interpreter that imports puzzlelab.lab.data.stats and runs
    `statement`: memory is measured in a process of its own."""
    code = ("import resource; from puzzlelab.lab.data.stats import dataset_stats; "
            f"{statement}; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    root = str(Path(__file__).resolve().parents[1])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": root})
    return int(done.stdout.split()[-1])


if __name__ == "__main__":
    main()
