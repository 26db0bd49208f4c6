"""CLI start-up: `puzzlelab check` on a 9x9 sudoku against `python -c 'import numpy'`, same run.

    python scripts/bench_cli.py [--repeat 11] [--root DIR] [--no-bytecode-cache]

Each command runs as a fresh subprocess of this same interpreter (`python -m puzzlelab ...`, as
`puzzlelab` does), the commands interleaved round by round so that a shared machine's
drift slows them alike; each gets its median (and best) wall time over `--repeat` rounds.
The headline is the ratio of `check sudoku` to `import numpy` (target: at most 2x). The
other rows give context: `list` (imports every puzzle), `check lightup`, `solve sudoku`,
and `check --cpsat`, which imports OR-Tools (and with it pandas and pyarrow) on purpose.
`--root` runs the commands from another checkout (e.g. an export of HEAD) to compare.

Byte-code caches are allowed in the subprocesses (PYTHONDONTWRITEBYTECODE is dropped from
their environment; the warm-up round writes `__pycache__`), as in any normal install: numpy
loads from its cached byte code, so without caches our side alone would pay for compiling
every puzzle module on each start. `--no-bytecode-cache` sets PYTHONDONTWRITEBYTECODE=1
instead: each start then compiles every module whose .pyc is missing or stale (~0.17 s
for a tree whose caches were never written, as in a checkout being edited with it set).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUDOKU = "datasets/examples/sudoku_seed003.txt"
LIGHTUP = "datasets/examples/lightup_8x8.txt"

COMMANDS = [  # (label, arguments after the interpreter)
    ("python -c 'import numpy'", ["-c", "import numpy"]),
    (f"puzzlelab check sudoku {Path(SUDOKU).name}", ["-m", "puzzlelab", "check", "sudoku", SUDOKU]),
    ("puzzlelab list", ["-m", "puzzlelab", "list"]),
    (f"puzzlelab check lightup {Path(LIGHTUP).name}", ["-m", "puzzlelab", "check", "lightup", LIGHTUP]),
    (f"puzzlelab solve sudoku {Path(SUDOKU).name}", ["-m", "puzzlelab", "solve", "sudoku", SUDOKU]),
    (f"puzzlelab check sudoku {Path(SUDOKU).name} --cpsat", ["-m", "puzzlelab", "check", "sudoku", SUDOKU, "--cpsat"]),
]


def run_once(argv: list[str], root: Path, cache: bool) -> float:
    env = {**os.environ, "PYTHONPATH": str(root)}
    if cache:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    t = time.perf_counter()
    done = subprocess.run([sys.executable, *argv], cwd=root, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - t
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    return seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=11, help="rounds (each runs every command once)")
    ap.add_argument("--root", type=Path, default=ROOT, help="checkout to run the commands from")
    ap.add_argument("--no-bytecode-cache", action="store_true",
                    help="run with PYTHONDONTWRITEBYTECODE=1 (stale or missing .pyc are recompiled each start)")
    args = ap.parse_args()
    root = args.root.resolve()
    cache = not args.no_bytecode_cache
    for _, argv in COMMANDS:  # warm-up: byte-code caches and the page cache
        run_once(argv, root, cache)
    times: dict[str, list[float]] = {label: [] for label, _ in COMMANDS}
    for _ in range(args.repeat):
        for label, argv in COMMANDS:
            times[label].append(run_once(argv, root, cache))
    base = statistics.median(times[COMMANDS[0][0]])
    print(f"{sys.executable} (Python {sys.version.split()[0]}), {root}, {args.repeat} rounds, "
          f"byte-code cache {'on' if cache else 'off'}, load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print(f"{'command':<52} {'median':>8} {'best':>8} {'vs numpy':>9}")
    for label, _ in COMMANDS:
        med = statistics.median(times[label])
        print(f"{label:<52} {med:7.3f}s {min(times[label]):7.3f}s {med / base:8.2f}x")
    check = statistics.median(times[COMMANDS[1][0]])
    best = min(times[COMMANDS[1][0]]) / min(times[COMMANDS[0][0]])
    print(f"check sudoku / import numpy: {check:.3f} s / {base:.3f} s = {check / base:.2f}x median, "
          f"{best:.2f}x best (target: at most 2x)")


if __name__ == "__main__":
    main()
