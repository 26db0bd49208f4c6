"""The move puzzles on their seed examples, against the times the seed documents report.

    python scripts/bench_moves.py [--repeat 3]

Each row: our best CPU time for `answer` (what `puzzlelab solve` prints) on the example in
`datasets/examples/`, the answer's headline, and the seed's reported time where it gives one.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzlelab.lab.face import registry  # noqa: E402

CASES = [  # puzzle, example file, the seed's reported seconds (None: not reported), answer options
    ("minesweeper", "minesweeper_seed000.txt", 0.92, {}),
    ("guess", "guess_seed000.txt", None, {}),
    ("inertia", "inertia_seed000.txt", 13.9, {"time_limit": 30.0}),
    ("chessranger", "chessranger_seed000.txt", 1.16, {}),
    ("chesssolo", "chesssolo_seed000.txt", 0.47, {}),
    ("chessmelee", "chessmelee_seed000.txt", 6.2, {}),
    ("sliding", "sliding_seed002.txt", None, {}),
    ("jugs", "jugs_seed002.txt", None, {}),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{'puzzle':<12} {'ours (CPU s)':>12} {'seed (s)':>9} {'ratio':>7}  answer")
    for name, example, seed_seconds, options in CASES:
        ptype = registry.puzzle(name)
        inst = ptype.parse((ROOT / "datasets" / "examples" / example).read_text())
        best, answer = float("inf"), None
        for _ in range(args.repeat):
            t = time.process_time()
            answer = ptype.answer(inst, **options)
            best = min(best, time.process_time() - t)
        ratio = f"{seed_seconds / best:6.0f}x" if seed_seconds else "      -"
        seed = f"{seed_seconds:9.2f}" if seed_seconds else "        -"
        print(f"{name:<12} {best:12.4f} {seed} {ratio}  {answer.text.splitlines()[0]}")


if __name__ == "__main__":
    main()
