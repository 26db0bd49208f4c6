"""What a record costs, as `Generator.costs` states it (lab.engine.generator.COSTS_MEASURED).

    python scripts/measure_costs.py nurimaze size=5 size=10 size=20 [--items 3] [--give-up 120]

For each option set (`name=value`, several joined by commas: `width=10,height=8`): records
0, 1, 2 of seed 0 made as `generate` makes them (`make_item`: drawn, pinned unique, stripped,
graded, formatted), CPU seconds each; printed as the `cost(...)` line to paste, the median
and the most. Once the records of a set have taken `--give-up` seconds the rest are skipped,
and a set with none done prints `cost(over=...)`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelab.lab.data.dataset import DatasetSpec, make_item  # noqa: E402
from puzzlelab.lab.engine.sat import SessionCache  # noqa: E402


def parse_options(text: str) -> dict:
    out: dict = {}
    for item in text.split(","):
        name, _, value = item.partition("=")
        out[name] = int(value) if value.lstrip("-").isdigit() else value
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("puzzle")
    ap.add_argument("options", nargs="+", help="option sets: size=10 or width=10,height=8")
    ap.add_argument("--items", type=int, default=3)
    ap.add_argument("--give-up", type=float, default=120.0)
    args = ap.parse_args()
    for text in args.options:
        options = parse_options(text)
        spec = DatasetSpec(args.puzzle, options, args.items, seed=0)
        sessions = SessionCache()
        spent: list[float] = []
        for index in range(args.items):
            start = time.process_time()
            make_item(spec, index, sessions)
            spent.append(time.process_time() - start)
            if sum(spent) > args.give_up:
                break
        shown = ", ".join(f"{k}={v!r}" for k, v in options.items())
        if not spent:
            print(f"cost(over={args.give_up:g}, {shown}),")
        else:
            print(f"cost({statistics.median(spent):.2g}, {max(spent):.2g}, {shown}),")
    return 0


if __name__ == "__main__":
    sys.exit(main())
