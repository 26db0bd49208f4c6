"""Our difficulty grade against Simon Tatham's, on puzzles his own generators make.

    python scripts/grade_vs_tatham.py [--count 20] [--only sudoku,keen] [--out rows.jsonl]
    python scripts/grade_vs_tatham.py --rows rows1.jsonl rows2.jsonl   # regrade earlier samples, pooled

For every puzzle of his collection that has difficulty grades and a home here, at two sizes,
`sgt-GAME --generate N PARAMS` (Debian package `sgt-puzzles`) makes N puzzles at each grade;
we read their game IDs and grade them (`puzzlelab.lab.engine.grade.grade`). Printed per puzzle and size:
Spearman's rho between his grade (its rank on his ladder) and our `level` and `score`, and
the median of our score at each of his grades. Sudoku is also compared with the human
technique grade we have (`puzzlelab.solvers.sudoku_techniques`).

Issue 21's targets: rho >= 0.8 within a size for every puzzle with three or more grades, and
our median score strictly increasing with his grade. A row that misses one says so at its
end ("rho < 0.8", "medians not rising"); rho has three decimals, so 0.7996 is not read as
0.80.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzlelab.lab.data.stats import spearman  # noqa: E402
from puzzlelab.lab.engine.grade import grade  # noqa: E402
from puzzlelab.lab.face import registry  # noqa: E402
from puzzlelab.solvers.sudoku_techniques import GUESSING, TECHNIQUES  # noqa: E402

HUMAN = (*TECHNIQUES, GUESSING)  # the human technique grade, easiest first


@dataclass(frozen=True)
class Ladder:
    """One of Tatham's puzzles: our name, his program, parameter strings for two sizes (with
    `{d}` where the grade's letter goes), and his grades from easiest to hardest."""

    puzzle: str
    game: str
    sizes: tuple[str, ...]
    grades: tuple[tuple[str, str], ...]  # (letter in his parameters, his name)


LADDERS = [
    Ladder("sudoku", "solo", ("2x3d{d}", "3x3d{d}"),
           (("t", "Trivial"), ("b", "Basic"), ("i", "Intermediate"), ("a", "Advanced"), ("e", "Extreme"),
            ("u", "Unreasonable"))),
    Ladder("keen", "keen", ("5d{d}", "6d{d}"),
           (("e", "Easy"), ("n", "Normal"), ("h", "Hard"), ("x", "Extreme"), ("u", "Unreasonable"))),
    Ladder("towers", "towers", ("5d{d}", "6d{d}"),
           (("e", "Easy"), ("h", "Hard"), ("x", "Extreme"), ("u", "Unreasonable"))),
    Ladder("lightup", "lightup", ("7x7b20s0d{d}", "10x10b20s0d{d}"),
           (("0", "Easy"), ("1", "Tricky"), ("2", "Hard"))),
    Ladder("unruly", "unruly", ("8x8d{d}", "10x10d{d}"), (("t", "Trivial"), ("e", "Easy"), ("n", "Normal"))),
    Ladder("undead", "undead", ("4x4d{d}", "5x5d{d}"), (("e", "Easy"), ("n", "Normal"), ("t", "Tricky"))),
    Ladder("dominosa", "dominosa", ("5d{d}", "6d{d}"),
           (("t", "Trivial"), ("b", "Basic"), ("h", "Hard"), ("e", "Extreme"))),
    Ladder("map", "map", ("15x12n20d{d}", "20x15n30d{d}"),
           (("e", "Easy"), ("n", "Normal"), ("h", "Hard"), ("u", "Unreasonable"))),
    Ladder("bridges", "bridges", ("7x7i30e10m2d{d}", "10x10i30e10m2d{d}"),
           (("0", "Easy"), ("1", "Medium"), ("2", "Hard"))),
    Ladder("tracks", "tracks", ("6x6d{d}", "8x8d{d}"), (("e", "Easy"), ("t", "Tricky"), ("h", "Hard"))),
    Ladder("singles", "singles", ("6x6d{d}", "8x8d{d}"), (("e", "Easy"), ("k", "Tricky"))),
    Ladder("pearl", "pearl", ("6x6d{d}", "8x8d{d}"), (("e", "Easy"), ("t", "Tricky"))),
    Ladder("tents", "tents", ("8x8d{d}", "10x10d{d}"), (("e", "Easy"), ("t", "Tricky"))),
    Ladder("magnets", "magnets", ("6x5d{d}", "8x7d{d}"), (("e", "Easy"), ("t", "Tricky"))),
]


def tatham_ids(game: str, params: str, count: int) -> list[str]:
    """His generator seeds itself from the clock: `--out` keeps the IDs a run graded."""
    done = subprocess.run([f"sgt-{game}", "--generate", str(count), params],
                          capture_output=True, text=True, timeout=3600,
                          env={"PATH": "/usr/games:/usr/bin:/bin"})
    if done.returncode != 0:
        raise SystemExit(f"sgt-{game} --generate {count} {params}: {done.stderr.strip()[:200]}")
    return [line.strip() for line in done.stdout.splitlines() if line.strip()]


def graded_rows(ladder: Ladder, count: int) -> list[dict]:
    rows = []
    for size in ladder.sizes:
        for rank, (letter, name) in enumerate(ladder.grades):
            for game_id in tatham_ids(ladder.game, size.format(d=letter), count):
                rows.append(graded({"puzzle": ladder.puzzle, "size": size.format(d=""), "tatham": name,
                                    "rank": rank, "id": game_id}))
    return rows


def graded(row: dict) -> dict:
    """`row` (puzzle, size, his grade, game ID) with our grade of the puzzle added."""
    ptype = registry.puzzle(row["puzzle"])
    inst = ptype.parse(row["id"], "tatham")
    start = time.perf_counter()
    g = grade(ptype, inst)
    out = {**{k: row[k] for k in ("puzzle", "size", "tatham", "rank", "id")},
           "grade_seconds": round(time.perf_counter() - start, 4), **g.to_json(), "path": g.path}
    if ptype.implements("human_grade"):
        out.update({f"human_{k}": v for k, v in ptype.human_grade(inst).items()})
    return out


def _score(row: dict) -> float:
    """The score, with a puzzle whose probe budget ran out placed above its known level."""
    return row["score"] if row["score"] is not None else row["level_at_least"] + 0.99


def summary(rows: list[dict], ladders: list[Ladder]) -> str:
    lines = [f"{'puzzle':<9} {'size':<14} {'n':>5} {'rho level':>9} {'rho score':>9}  median score per grade"]
    for ladder in ladders:
        for size in dict.fromkeys(r["size"] for r in rows if r["puzzle"] == ladder.puzzle):
            mine = [r for r in rows if r["puzzle"] == ladder.puzzle and r["size"] == size]
            rank = [r["rank"] for r in mine]
            level = [r["level"] if r["level"] is not None else r["level_at_least"] + 0.5 for r in mine]
            score = [_score(r) for r in mine]
            grades = [(name, statistics.median(_score(r) for r in mine if r["rank"] == k))
                      for k, (_, name) in enumerate(ladder.grades) if any(r["rank"] == k for r in mine)]
            medians = " ".join(f"{name[:5]}={median:.2f}" for name, median in grades)
            rho = spearman(rank, score)
            missed = [text for text, missing in (("rho < 0.8", len(grades) >= 3 and rho < 0.8),
                                                 ("medians not rising",
                                                  any(b <= a for (_, a), (_, b) in zip(grades, grades[1:]))))
                      if missing]
            lines.append(f"{ladder.puzzle:<9} {size:<14} {len(mine):>5} {spearman(rank, level):>9.3f} "
                         f"{rho:>9.3f}  {medians}" + "".join(f"  [{text}]" for text in missed))
            if mine and "human_technique" in mine[0]:
                human = [HUMAN.index(r["human_technique"]) for r in mine]
                lines.append(f"{'':<9} {'':<14} {'':>5} human technique grade: rho {spearman(rank, human):.3f}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=20, help="puzzles per grade and size (default: 20)")
    ap.add_argument("--only", help="comma-separated puzzle names (ours: sudoku, keen, ...)")
    ap.add_argument("--out", help="also write every graded puzzle as a JSON line here (a new file)")
    ap.add_argument("--rows", nargs="+", metavar="FILE",
                    help="grade the game IDs of rows written earlier by --out again (several files: pooled), "
                         "instead of asking Tatham's generators for new ones")
    args = ap.parse_args()
    wanted = set(args.only.split(",")) if args.only else None
    ladders = [lad for lad in LADDERS if lad.puzzle in registry.names() and (wanted is None or lad.puzzle in wanted)]
    if args.rows:
        rows = [graded(json.loads(line)) for path in args.rows for line in Path(path).read_text().splitlines()]
        rows = [r for r in rows if any(r["puzzle"] == lad.puzzle for lad in ladders)]
    else:
        rows = []
        for ladder in ladders:
            rows += graded_rows(ladder, args.count)
            print(f"graded {ladder.puzzle}", file=sys.stderr)
    if args.out:
        with open(args.out, "x", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
    print(summary(rows, ladders))


if __name__ == "__main__":
    main()
