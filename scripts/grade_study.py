"""How the generic SAT level and the human technique grade of generated sudoku relate to
clue count and to each other.

    PYTHONPATH=. python scripts/grade_study.py --n 1000 --size 9 --seed 1 [--out grades.jsonl]

Puzzles are generated as the CLI does (unique, minimal); each is graded on fresh solvers
(`puzzlelab.lab.engine.grade.grade`) and by the human-technique solver (`puzzlelab.solvers.sudoku_techniques`).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter, defaultdict

from puzzlelab.lab.data.stats import spearman
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.sat import SessionCache
from puzzlelab.lab.face import registry
from puzzlelab.solvers.sudoku_techniques import GUESSING, TECHNIQUES, human_solve

HUMAN = TECHNIQUES + (GUESSING,)


def table(title: str, rows: list, cols: list, cell, row_name: str = "") -> str:
    """A plain text table: one line per row, `cell(row, col)` in each column, and totals."""
    width = max(8, *(len(str(c)) + 1 for c in cols))
    lines = [title, f"{row_name:>10}" + "".join(f"{str(c):>{width}}" for c in cols)]
    for r in rows:
        lines.append(f"{str(r):>10}" + "".join(f"{cell(r, c):>{width}}" for c in cols))
    return "\n".join(lines)


def clue_bin(clues: int, width: int) -> str:
    low = clues // width * width
    return f"{low}-{low + width - 1}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-depth", type=int, default=2)
    ap.add_argument("--bin", type=int, default=2, help="clue-count bin width")
    ap.add_argument("--out", default="", help="write one JSON line per puzzle here")
    args = ap.parse_args()

    ptype, gen = registry.puzzle("sudoku"), registry.generator("sudoku")
    params = gen.params(size=args.size)
    sessions, rng = SessionCache(), random.Random(args.seed)
    rows = []
    t_gen = t_grade = t_human = 0.0
    for i in range(args.n):
        t0 = time.perf_counter()
        puzzle = generate_one(ptype, gen, params, rng, sessions)
        t1 = time.perf_counter()
        g = grade(ptype, puzzle.instance, max_depth=args.max_depth)
        t2 = time.perf_counter()
        h = human_solve(puzzle.instance)
        t3 = time.perf_counter()
        t_gen, t_grade, t_human = t_gen + t1 - t0, t_grade + t2 - t1, t_human + t3 - t2
        if h.solved and h.grid != puzzle.solution:
            raise SystemExit(f"puzzle {i}: human solver disagrees with the generator's solution")
        rows.append({"i": i, **g.to_json(), **{f"human_{k}": v for k, v in h.to_json().items()}})

    if args.out:
        with open(args.out, "w") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")

    n = len(rows)
    levels = sorted({r["level"] for r in rows}, key=lambda x: (x is None, x))
    bins = sorted({clue_bin(r["clues"], args.bin) for r in rows}, key=lambda b: int(b.split("-")[0]))
    by = Counter((r["level"], r["human_technique"]) for r in rows)
    by_bin_level = Counter((clue_bin(r["clues"], args.bin), r["level"]) for r in rows)
    by_bin_human = Counter((clue_bin(r["clues"], args.bin), r["human_technique"]) for r in rows)
    clues = [r["clues"] for r in rows]

    print(f"{n} generated {args.size}x{args.size} sudoku, seed {args.seed}; "
          f"level: 0 = unit propagation, 1..{args.max_depth} = failed-literal probing depth, "
          f"{args.max_depth + 1} = needs search")
    print(f"generation {n / t_gen:.1f} puzzles/s (mean {statistics.mean(clues):.2f} clues, "
          f"range {min(clues)}-{max(clues)}); grade {1000 * t_grade / n:.1f} ms/puzzle; "
          f"human grade {1000 * t_human / n:.2f} ms/puzzle (wall clock)\n")

    print(table("generic level (rows) x human technique (columns), puzzle counts", levels, list(HUMAN) + ["all"],
                lambda l, t: sum(by[(l, x)] for x in HUMAN) if t == "all" else by[(l, t)], "level"))
    print()
    print(table("clue count (rows) x generic level (columns)", bins + ["all"], levels,
                lambda b, l: sum(v for (bb, ll), v in by_bin_level.items() if ll == l) if b == "all"
                else by_bin_level[(b, l)], "clues"))
    print()
    print(table("clue count (rows) x human technique (columns)", bins + ["all"], list(HUMAN),
                lambda b, t: sum(v for (bb, tt), v in by_bin_human.items() if tt == t) if b == "all"
                else by_bin_human[(b, t)], "clues"))
    print()

    def summary(key: str, groups: list, field: str) -> None:
        vals: dict = defaultdict(list)
        for r in rows:
            vals[r[key]].append(r)
        print(f"by {field}: n, mean clues, mean fixed by propagation, mean / max conflicts, "
              "mean decisions, mean probes")
        for k in groups:
            rs = vals.get(k, [])
            if not rs:
                continue
            conf = [r["conflicts"] for r in rs]
            print(f"{str(k):>16} {len(rs):5d} {statistics.mean(r['clues'] for r in rs):7.2f} "
                  f"{statistics.mean(r['fixed_by_propagation'] for r in rs):7.3f} "
                  f"{statistics.mean(conf):8.2f} {max(conf):5d} "
                  f"{statistics.mean(r['decisions'] for r in rs):8.1f} "
                  f"{statistics.mean(r['probes'] for r in rs):8.1f}")
        print()

    summary("level", levels, "generic level")
    summary("human_technique", list(HUMAN), "human technique")
    human_rank = [HUMAN.index(r["human_technique"]) for r in rows]
    print("Spearman rank correlation with clue count and with the human technique rank")
    for key in ("level", "conflicts", "decisions", "probes", "fixed_by_propagation", "human_steps"):
        known = [i for i, r in enumerate(rows) if r[key] is not None]  # level None: budget ran out
        col = [float(rows[i][key]) for i in known]
        print(f"{key:>22} {spearman([clues[i] for i in known], col):7.3f} "
              f"{spearman([human_rank[i] for i in known], col):7.3f}")
    print(f"{'human technique':>22} {spearman(clues, human_rank):7.3f}")
    print()
    statuses = Counter(r["status"] for r in rows)
    print(f"status of the search solve: {dict(statuses)}")


if __name__ == "__main__":
    main()
