"""Our whole `generate` command beside Simon Tatham's generator for the same puzzle and size.

    python scripts/bench_tatham.py [--count 20] [--rounds 2] [--only sudoku,keen] [--graded | --ladder]

For every puzzle that has a counterpart in Tatham's collection (and is registered here), at
the presets named in the catalogue issues, both commands run as the user runs them, start-up
included: `puzzlelab generate PUZZLE --count N --seed S` (grading, uniqueness, writing the
dataset: everything) and `sgt-GAME --generate N PARAMS` (Debian package `sgt-puzzles`). The
runs alternate, round by round, and each side keeps its best round, so a machine whose speed
drifts slows both alike. Printed: puzzles per second for each, the ratio ours / Tatham's,
and where our time went (from the timing sidecar `generate` writes: drawing, making the full
clue set unique, stripping, grading, formatting; the rest is start-up and writing).

Tatham's puzzles are graded for a deduction level, not minimal; ours are minimal and carry a
grade, so ours do more work. The ratio is still what a person making a dataset sees.

`--ladder`: every puzzle with Tatham grades at the two sizes and every grade of
`scripts/grade_vs_tatham.py`'s ladders, ours (minimal, any grade, graded) beside his at each.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzlelab.lab.face import registry  # noqa: E402


@dataclass(frozen=True)
class Case:
    puzzle: str
    options: tuple[str, ...]  # our generate options
    game: str  # Tatham's program: sgt-<game>
    params: str  # his parameter string
    note: str = ""

    @property
    def label(self) -> str:
        return f"{self.puzzle} {' '.join(self.options)}".strip()


CASES = [
    Case("sudoku", ("--size", "9"), "solo", "3x3db", "Basic"),
    Case("sudoku", ("--size", "9"), "solo", "3x3du", "Unreasonable"),
    Case("nonogram", ("--size", "15"), "pattern", "15x15"),
    Case("lightup", ("--size", "10"), "lightup", "10x10b20s0d0", "easy"),
    Case("lightup", ("--size", "10"), "lightup", "10x10b20s0d2", "hard"),
    Case("keen", ("--size", "6"), "keen", "6dh", "hard"),
    Case("pearl", ("--size", "8"), "pearl", "8x8dt", "tricky"),
    Case("singles", ("--size", "8"), "singles", "8x8dk", "tricky"),
    Case("unruly", ("--size", "8"), "unruly", "8x8dn", "normal"),
    Case("minesweeper", ("--height", "16", "--width", "16", "--mines", "40"), "mines", "16x16n40"),
    Case("towers", ("--size", "5"), "towers", "5de", "easy"),
    Case("towers", ("--size", "5"), "towers", "5du", "unreasonable"),
    Case("mosaic", ("--size", "10"), "mosaic", "10x10"),
    Case("tents", ("--size", "8"), "tents", "8x8de", "easy"),
    Case("tents", ("--size", "8"), "tents", "8x8dt", "tricky"),
    Case("magnets", ("--width", "6", "--height", "5"), "magnets", "6x5dt", "tricky"),
    Case("dominosa", ("--n", "6"), "dominosa", "6db", "basic"),
    Case("dominosa", ("--n", "6"), "dominosa", "6de", "extreme"),
    Case("map", ("--width", "20", "--height", "15", "--regions", "30"), "map", "20x15n30dn", "normal; ours minimal"),
    Case("map", ("--width", "20", "--height", "15", "--regions", "30", "--diff", "n"), "map", "20x15n30dn",
         "normal; ours at his grade"),
    Case("bridges", ("--size", "10", "--islands", "30", "--expansion", "10", "--max-bridges", "2"), "bridges",
         "10x10i30e10m2d0", "easy"),
    Case("bridges", ("--size", "10", "--islands", "30", "--expansion", "10", "--max-bridges", "2"), "bridges",
         "10x10i30e10m2d2", "hard"),
    Case("undead", ("--size", "4", "--diff", "n"), "undead", "4x4dn", "normal"),
    Case("undead", ("--size", "4", "--diff", "t"), "undead", "4x4dt", "tricky"),
    Case("range", ("--width", "9", "--height", "6"), "range", "9x6"),
    Case("signpost", ("--size", "6", "--corners", "1"), "signpost", "6x6c"),
    Case("tracks", ("--size", "8"), "tracks", "8x8de", "easy"),
    Case("tracks", ("--size", "8"), "tracks", "8x8dt", "tricky"),
    Case("filling", ("--width", "9", "--height", "7"), "filling", "9x7"),
]
# Generation to a grade: ours keep the records whose grade falls where his grade's puzzles
# fall (medians from scripts/grade_vs_tatham.py), his re-roll to his grade.
GRADED = [
    Case("sudoku", ("--size", "9", "--grade", "0"), "solo", "3x3db", "Basic = our level 0"),
    Case("sudoku", ("--size", "9", "--score", "1:1.2"), "solo", "3x3di", "Intermediate = score 1-1.2"),
    Case("sudoku", ("--size", "9", "--score", "1.5:"), "solo", "3x3du", "Unreasonable = score 1.5+"),
    Case("keen", ("--size", "6", "--grade", "0"), "keen", "6dn", "Normal = our level 0"),
    Case("keen", ("--size", "6", "--score", "1:1.4"), "keen", "6dh", "Hard = score 1-1.4"),
    Case("keen", ("--size", "6", "--score", "1.45:"), "keen", "6du", "Unreasonable = score 1.45+"),
    Case("lightup", ("--size", "10", "--grade", "0"), "lightup", "10x10b20s0d0", "easy = our level 0"),
    Case("lightup", ("--size", "10", "--score", "1.25:"), "lightup", "10x10b20s0d2", "hard = score 1.25+"),
    Case("towers", ("--size", "5", "--grade", "0"), "towers", "5de", "easy = our level 0"),
    Case("towers", ("--size", "5", "--score", "1.6:"), "towers", "5du", "unreasonable = score 1.6+"),
    Case("dominosa", ("--n", "6", "--score", "1:1.3"), "dominosa", "6db", "basic = score 1-1.3"),
    Case("dominosa", ("--n", "6", "--score", "1.4:"), "dominosa", "6de", "extreme = score 1.4+"),
]


# As installed Python runs: it keeps the compiled bytecode (a machine that sets
# PYTHONDONTWRITEBYTECODE recompiles every module of ours at each start, 0.1 s a run).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


# Our generate options for the two sizes of each ladder in scripts/grade_vs_tatham.py.
LADDER_OPTIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "sudoku": (("--size", "6"), ("--size", "9")),
    "keen": (("--size", "5"), ("--size", "6")),
    "towers": (("--size", "5"), ("--size", "6")),
    "lightup": (("--size", "7"), ("--size", "10")),
    "unruly": (("--size", "8"), ("--size", "10")),
    "undead": (("--size", "4"), ("--size", "5")),
    "dominosa": (("--n", "5"), ("--n", "6")),
    "map": (("--width", "15", "--height", "12", "--regions", "20"),
            ("--width", "20", "--height", "15", "--regions", "30")),
    "bridges": (("--size", "7", "--islands", "30", "--expansion", "10", "--max-bridges", "2"),
                ("--size", "10", "--islands", "30", "--expansion", "10", "--max-bridges", "2")),
    "tracks": (("--size", "6"), ("--size", "8")),
    "singles": (("--size", "6"), ("--size", "8")),
    "pearl": (("--size", "6"), ("--size", "8")),
    "tents": (("--size", "8"), ("--size", "10")),
    "magnets": (("--width", "6", "--height", "5"), ("--width", "8", "--height", "7")),
}


def ladder_cases() -> list[Case]:
    """One case per puzzle, size and Tatham grade: the same command of ours at each grade."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from grade_vs_tatham import LADDERS

    out = []
    for ladder in LADDERS:
        for size, options in zip(ladder.sizes, LADDER_OPTIONS.get(ladder.puzzle, ())):
            out += [Case(ladder.puzzle, options, ladder.game, size.format(d=letter), name)
                    for letter, name in ladder.grades]
    return out


def timed(command: list[str], cwd: Path) -> float:
    """Wall seconds of one run; a failed run stops the benchmark with its error."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=ENV)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()[:300]}")
    return seconds


def time_split(out: Path, wall: float) -> str:
    """Where our run's time went, from the timing sidecar `generate` writes beside the
    dataset (seconds per record and phase: draw, pin = the full clue set made unique,
    strip, grade, cross_check, format); the rest of the wall time is start-up and writing."""
    phases: dict[str, float] = {}
    sidecar = out.with_name(out.name + ".timings")
    for line in sidecar.read_text().splitlines() if sidecar.exists() else []:
        for key, seconds in json.loads(line).get("phases", {}).items():
            phases[key] = phases.get(key, 0.0) + seconds
    phases["start-up, writing"] = max(wall - sum(phases.values()), 0.0)
    shown = sorted(((s, k) for k, s in phases.items() if s / wall >= 0.02), reverse=True)
    return ", ".join(f"{k} {s / wall:.0%}" for s, k in shown)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=20, help="puzzles per run (default: 20)")
    ap.add_argument("--rounds", type=int, default=2, help="alternating rounds, best kept (default: 2)")
    ap.add_argument("--only", help="comma-separated puzzle names")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--graded", action="store_true",
                      help="generation to a grade instead: ours with --grade/--score, his at the same grade")
    mode.add_argument("--ladder", action="store_true",
                      help="two sizes and every grade of his for each graded puzzle, ours (any grade) beside each")
    args = ap.parse_args()
    wanted = set(args.only.split(",")) if args.only else None
    names = set(registry.names())
    cases = [c for c in (GRADED if args.graded else ladder_cases() if args.ladder else CASES)
             if c.puzzle in names and (wanted is None or c.puzzle in wanted)]
    print(f"{'ours':<46} {'Tatham':<24} {'ours/s':>8} {'his/s':>8} {'ratio':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for case in cases:
            program = shutil.which(f"sgt-{case.game}") or f"/usr/games/sgt-{case.game}"
            if not Path(program).exists():
                print(f"{case.label:<46} sgt-{case.game} is not installed (apt-get install sgt-puzzles)")
                continue
            ours, his, where = float("inf"), float("inf"), ""
            for r in range(args.rounds):
                out = work / f"{case.puzzle}-{r}-{len(case.options)}-{case.params}.jsonl"
                seconds = timed([sys.executable, "-m", "puzzlelab", "generate", case.puzzle, *case.options,
                                 "--count", str(args.count), "--seed", "1", "--out", str(out), "--quiet"], ROOT)
                if seconds < ours:
                    ours, where = seconds, time_split(out, seconds)
                his = min(his, timed([program, "--generate", str(args.count), case.params], work))
            theirs = f"{case.game} {case.params}" + (f" ({case.note})" if case.note else "")
            print(f"{case.label:<46} {theirs:<24} {args.count / ours:8.1f} {args.count / his:8.1f} "
                  f"{his / ours:7.3f}x  {where}")


if __name__ == "__main__":
    main()
