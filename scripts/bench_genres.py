"""The Nikoli genres: `check` of a human-made board, and the generator's rate beside Tatham's.

    python scripts/bench_genres.py [--count 10] [--rounds 2] [--only slitherlink,lits]

For each genre of issue 43, three commands run as a user runs them, in rounds that alternate
genre by genre (each keeps its best round, CPU time of the child process, so a busy machine
slows both sides alike):

- `puzzlelab check GENRE BOARD` on a board from a human collection (the first of the genre's
  file in tests/data that the table names; the file's header says where it was published);
  the issue's target: under a second;
- `puzzlelab generate GENRE --count N` and the same with `--count 1`: the difference over N - 1
  is the CPU a record costs once started (grading, uniqueness, writing: everything);
- where Simon Tatham has the game, `sgt-GAME --generate N PARAMS`, CPU a puzzle, and the ratio
  of the two rates (above 1: ours faster). cspuz and noqx solve these genres but make none.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
PUZZLELAB = [sys.executable, "-m", "puzzlelab"]


@dataclass(frozen=True)
class Genre:
    name: str
    options: tuple[str, ...]  # our generate options
    boards: str  # the file in tests/data holding a human-made 10x10 board
    pick: str  # a regular expression: the first line it matches is the board (group 1 if it has one)
    board_note: str
    tatham: tuple[tuple[str, str], ...] = ()  # (game, params) of his generator at the same size, each grade

    @property
    def label(self) -> str:
        """The genre and its size: a genre measured at two sizes has two rows."""
        return f"{self.name} {' '.join(self.options).replace('--', '')}"

    def board(self) -> str:
        for line in (DATA / self.boards).read_text().splitlines():
            m = re.search(self.pick, line)
            if m and not line.startswith("#"):
                return m.group(m.lastindex or 0)
        raise SystemExit(f"no board matches {self.pick!r} in {self.boards}")


def loopy_grades(params: str) -> tuple[tuple[str, str], ...]:
    """His Loopy at every grade: Easy, Normal, Tricky, Hard."""
    return tuple(("loopy", f"{params}d{grade}") for grade in "enth")


# His Solo at every grade he makes in seconds (Basic, Intermediate, Advanced, Extreme,
# Unreasonable; killer from Trivial; 9x9 killer Extreme took over 20 s a puzzle, left out).
GENRES = [
    Genre("slitherlink", ("--size", "10"), "slitherlink_tatham.txt", r"^10x10t0dh (\S+)", "his Loopy Hard 10x10",
          loopy_grades("10x10t0")),
    Genre("loopy", ("--grid", "honeycomb", "--size", "5"), "loopy_tatham.txt", r"^5x5t2dh (\S+)",
          "his Loopy Hard honeycomb 5x5", loopy_grades("5x5t2")),
    Genre("loopy", ("--grid", "honeycomb", "--size", "7"), "loopy_tatham.txt", r"^5x5t2dh (\S+)",
          "his Loopy Hard honeycomb 5x5", loopy_grades("7x7t2")),
    Genre("loopy", ("--grid", "kitedart", "--size", "10"), "loopy_tatham.txt", r"^10x10t11dh (\S+)",
          "his Loopy Hard Penrose kite/dart 10x10", loopy_grades("10x10t11")),
    Genre("slant", ("--size", "5"), "slant_tatham.txt", r"^8x8dh (\S+)", "his Slant Hard 8x8",
          (("slant", "5x5de"), ("slant", "5x5dh"))),
    Genre("slant", ("--size", "8"), "slant_tatham.txt", r"^8x8dh (\S+)", "his Slant Hard 8x8",
          (("slant", "8x8de"), ("slant", "8x8dh"))),
    Genre("net", ("--size", "5"), "net_tatham.txt", r"^7x7 (\S+)", "his Net 7x7",
          (("net", "5x5"), ("net", "5x5w"))),
    Genre("net", ("--size", "7"), "net_tatham.txt", r"^7x7 (\S+)", "his Net 7x7",
          (("net", "7x7"), ("net", "7x7w"))),
    Genre("sudoku-x", ("--size", "6"), "sudoku-x_tatham.txt", r"^3x3xdu (\S+)", "his X Unreasonable 9x9",
          (("solo", "2x3xdb"), ("solo", "2x3xdi"), ("solo", "2x3xda"), ("solo", "2x3xde"), ("solo", "2x3xdu"))),
    Genre("sudoku-x", ("--size", "9"), "sudoku-x_tatham.txt", r"^3x3xdu (\S+)", "his X Unreasonable 9x9",
          (("solo", "3x3xdb"), ("solo", "3x3xdi"), ("solo", "3x3xda"), ("solo", "3x3xde"), ("solo", "3x3xdu"))),
    Genre("jigsaw", ("--size", "6"), "jigsaw_tatham.txt", r"^9jdu (\S+)", "his Jigsaw Unreasonable 9x9",
          (("solo", "6jdb"), ("solo", "6jdi"), ("solo", "6jda"), ("solo", "6jde"), ("solo", "6jdu"))),
    Genre("jigsaw", ("--size", "9"), "jigsaw_tatham.txt", r"^9jdu (\S+)", "his Jigsaw Unreasonable 9x9",
          (("solo", "9jdb"), ("solo", "9jdi"), ("solo", "9jda"), ("solo", "9jde"), ("solo", "9jdu"))),
    Genre("killer", ("--size", "6"), "killer_tatham.txt", r"^3x3kdi (\S+)", "his Killer Intermediate 9x9",
          (("solo", "2x3kdt"), ("solo", "2x3kdb"), ("solo", "2x3kdi"), ("solo", "2x3kda"), ("solo", "2x3kdu"))),
    Genre("killer", ("--size", "9"), "killer_tatham.txt", r"^3x3kdi (\S+)", "his Killer Intermediate 9x9",
          (("solo", "3x3kdt"), ("solo", "3x3kdb"), ("solo", "3x3kdi"), ("solo", "3x3kda"), ("solo", "3x3kdu"))),
    Genre("shikaku", ("--size", "7"), "shikaku_tatham.txt", r"^11x11 (\S+)", "his Rect 11x11 (no 10x10 here)",
          (("rect", "7x7"),)),
    Genre("starbattle", ("--size", "10"), "starbattle_collection.txt", r"^(https://puzz\.link\S+)",
          "a human 10x10, 2 stars"),
    Genre("nurikabe", ("--size", "10"), "nurikabe_boards.txt", r"^(https://puzz\.link\S+)",
          "semiexp's 10x10 (cspuz tests)"),
    Genre("heyawake", ("--size", "10"), "heyawake_boards.txt", r"^(https://puzz\.link\S+)",
          "@agnomy's 10x10 (a room of 29)"),
    Genre("kakuro", ("--size", "10"), "kakuro_collection.txt", r"^(https://puzz\.link/p\?kakuro/19\S+)",
          "Vegard Hanssen's 20x20 (no 10x10 with a named setter)"),
    Genre("lits", ("--size", "10"), "lits_boards.txt", r"^(https://puzz\.link\S+)", "a 10x10 of cspuz_core's tests"),
    Genre("yajilin", ("--size", "10"), "yajilin_boards.txt", r"^(https://puzz\.link\S+)",
          "a 10x10 of cspuz_core's tests"),
    Genre("firefly", ("--size", "7"), "firefly_boards.txt", r"^(https://puzz\.link\S+)",
          "pzprjs's 5x5 test board (no human 10x10 here)"),
    Genre("norinori", ("--size", "8"), "norinori_boards.txt", r"^(https://puzz\.link/p\?norinori/10\S+)",
          "a published 10x10"),
    Genre("tapa", ("--size", "10"), "tapa_boards.txt", r"^(https://puzz\.link\S+)", "penpa-edit's \"Tapa 2\" 10x10"),
    Genre("palisade", ("--width", "5", "--height", "5", "--region", "5"), "palisade_tatham.txt", r"^10x8n8 (\S+)",
          "his Palisade 10x8n8 (his game has no human boards)", (("palisade", "5x5n5"),)),
    Genre("palisade", ("--width", "10", "--height", "8"), "palisade_tatham.txt", r"^10x8n8 (\S+)",
          "his Palisade 10x8n8 (his game has no human boards)", (("palisade", "10x8n8"),)),
    Genre("palisade", ("--width", "15", "--height", "12", "--region", "10"), "palisade_tatham.txt", r"^10x8n8 (\S+)",
          "his Palisade 10x8n8 (his game has no human boards)", (("palisade", "15x12n10"),)),
    Genre("country", ("--size", "10"), "country_boards.txt", r"^(https://puzz\.link/p\?country/10/10/\S+)",
          "PuzzleSolver's 10x10 example"),
    Genre("galaxies", ("--size", "7"), "galaxies_tatham.txt", r"^10x10du (\S+)", "his Galaxies Unreasonable 10x10",
          (("galaxies", "7x7dn"), ("galaxies", "7x7du"))),
    Genre("galaxies", ("--size", "10"), "galaxies_tatham.txt", r"^10x10du (\S+)", "his Galaxies Unreasonable 10x10",
          (("galaxies", "10x10dn"), ("galaxies", "10x10du"))),
    Genre("nurimisaki", ("--size", "10"), "nurimisaki_boards.txt", r"^(https://puzz\.link\S+)",
          "semiexp's 10x10 (cspuz_core's tests)"),
    Genre("nurimaze", ("--size", "10"), "nurimaze_boards.txt", r"^(https://puzz\.link\S+)",
          "noqx's example 10x10"),
    Genre("sashigane", ("--size", "10"), "sashigane_boards.txt", r"^(https://puzz\.link\S+)",
          "semiexp's 6x6 (cspuz_core's tests; no 10x10 of a named setter found)"),
    Genre("shakashaka", ("--size", "10"), "shakashaka_boards.txt", r"^(https://puzz\.link\S+)",
          "semiexp's 10x10 (cspuz_rs tests)"),
    Genre("dbchoco", ("--size", "8"), "dbchoco_boards.txt", r"^(https://puzz\.link\S+)",
          "pzprjs's 6x6 test board (the generator stops at 8x8; no 10x10 of a named setter here)"),
]


def cpu_of(command: list[str]) -> float:
    """User + system CPU seconds of one child process (its output thrown away)."""
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode not in (0, 1):  # check says 1 for "not unique": still a measurement
        raise SystemExit(f"{' '.join(command)} failed ({proc.returncode}): {err.strip()[-300:]}")
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=10, help="records (and his puzzles) a generate run")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--only", default="", help="comma-separated genres")
    args = ap.parse_args()
    chosen = [g for g in GENRES if not args.only or g.name in args.only.split(",")]
    best: dict[tuple[str, str], float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.rounds):
            for g in chosen:
                board = Path(tmp) / f"{g.name}.txt"
                board.write_text(g.board() + "\n")
                runs = {"check": PUZZLELAB + ["check", g.name, str(board)]}
                for n in (args.count, 1):
                    out = Path(tempfile.mkdtemp(dir=tmp)) / f"{g.name}-{n}.jsonl"  # a fresh place: no sidecars
                    runs[f"gen{n}"] = PUZZLELAB + ["generate", g.name, *g.options, "--count", str(n), "--seed", "1",
                                                   "--out", str(out)]
                for game, params in g.tatham:
                    program = shutil.which(f"sgt-{game}") or f"/usr/games/sgt-{game}"
                    if os.path.exists(program):
                        runs[f"tatham {game} {params}"] = [program, "--generate", str(args.count), params]
                for what, command in runs.items():
                    cpu = cpu_of(command)
                    best[g.label, what] = min(best.get((g.label, what), cpu), cpu)
    print("| genre, size | `check` of a human board, CPU s | under 1 s | ours, ms a record | Tatham, ms a puzzle "
          "| ours / his rate | board |")
    print("|---|---|---|---|---|---|---|")
    for g in chosen:
        check = best[g.label, "check"]
        ours = (best[g.label, f"gen{args.count}"] - best[g.label, "gen1"]) / max(1, args.count - 1) * 1000
        his = {what[7:]: cpu / args.count * 1000 for (label, what), cpu in best.items()
               if label == g.label and what.startswith("tatham ")}
        games = "; ".join(f"{key.split()[0]} `{key.split()[1]}` {ms:.2f}" for key, ms in his.items()) or "none"
        ratios = "; ".join(f"{ms / ours:.3g}" for ms in his.values() if ours > 0)
        print(f"| {g.label} | {check:.2f} | {'yes' if check < 1 else 'no'} | {ours:.1f} | {games} | {ratios} "
              f"| {g.board_note} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
