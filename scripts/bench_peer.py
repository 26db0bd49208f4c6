"""Side by side with the peer package `multi-puzzle-solver` on its own example boards.

    python scripts/bench_peer.py [--seeds ../shared/seeds] [--repeat 5] [--burst 3] [--puzzles a,b]

The peer (multi-puzzle-solver 1.1.10) breaks on OR-Tools 9.15, which we use, so it runs in
its own virtual environment `.venv-peer` (made on first use, with OR-Tools 9.12; its
Magnets needs 9.11, in `.venv-peer-ortools911`), from this same command: an optional
benchmark extra that never touches our install.

For each puzzle the seed-000 document's own code block (the peer's README example) is run
as written, `solve_and_print()` and all, which finds every solution to decide uniqueness
(only `sides={...}` is rewritten as keywords where the installed release wants them).
Our side parses the same code block with our `array` format and runs `check` (one solve
plus the "a solution other than this one" check) on a freshly built solver, so rule
building is counted on both sides. Each side takes its best run; the runs interleave in
bursts (`--burst` of ours, then as many of the peer's, example by example, for `--repeat`
rounds), so that a machine whose speed drifts slows both alike, while neither side's runs
always start from caches the other just filled.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzlelab.lab.engine.sat import _RULES_CACHE  # noqa: E402
from puzzlelab.lab.engine.solve import check as one_shot_check  # noqa: E402
from puzzlelab.lab.engine.solve import sessions  # noqa: E402
from puzzlelab.lab.face import registry  # noqa: E402

SECTIONS = {  # our name -> the seed document's section title
    "sudoku": "Sudoku (Puzzle Type #2)",
    "nonogram": "Nonograms (Puzzle Type #1)",
    "lightup": "Light Up (Puzzle Type #5)",
    "keen": "Keen (Puzzle Type #8)",
    "singles": "Singles (Puzzle Type #10)",
    "pearl": "Pearl (Puzzle Type #19)",
    "tents": "Tents (Puzzle Type #6)",
    "towers": "Towers (Puzzle Type #9)",
    "magnets": "Magnets (Puzzle Type #11)",
    "unruly": "Unruly (Puzzle Type #15)",
    "mosaic": "Mosaic (Puzzle Type #17)",
    "undead": "UnDead (Puzzle Type #14)",
    "dominosa": "Dominosa (Puzzle Type #4)",
    "map": "Map (Puzzle Type #18)",
    "range": "Range (Puzzle Type #13)",
    "filling": "Filling (Puzzle Type #7)",
    "signpost": "Signpost (Puzzle Type #12)",
    "tracks": "Tracks (Puzzle Type #16)",
    "bridges": "Bridges (Puzzle Type #20)",
}


# Where the seed elides part of a board ("# ommited for brevity"), the whole board from the
# peer's own tests, kept in tests/data: it replaces the block's lines up to `binst = `.
WHOLE_BOARDS = {"Map (Puzzle Type #18)": ROOT / "tests" / "data" / "map_seed000.txt"}


def example_code(seed_text: str, title: str) -> str:
    """The first ```python block after the section heading."""
    start = seed_text.index(f"## {title}")
    block = re.search(r"```python\n(.*?)```", seed_text[start:], flags=re.S)
    if block is None:
        raise ValueError(f"no code block under {title}")
    code = block.group(1)
    if title in WHOLE_BOARDS:
        head, board, tail = code.partition("\nregions = {")
        call = tail[tail.index("binst = "):]
        code = f"{head}\n{WHOLE_BOARDS[title].read_text()}{call}"
    return code


# The seed's README code passes `sides={...}` to Boards that take keyword arguments in
# the peer release we install (1.1.10); Magnets also renamed them. Undead still takes `sides`.
KEYWORD_SIDES = {"tents": {}, "towers": {},
                 "magnets": {"pos_v": "top_pos", "neg_v": "top_neg", "pos_h": "side_pos", "neg_h": "side_neg"}}


# Other differences between the seed's README code and the installed release, as
# (pattern, replacement): the boards and clues themselves are unchanged.
PEER_FIXES = {
    # the README uses Monster without importing it
    "undead": [(r"(from puzzle_solver import undead_solver as solver)",
                r"\1\nfrom puzzle_solver.puzzles.undead.undead import Monster")],
    # the release reads a blank as ' ' (it asserts every clue is blank or decimal), not -1
    "range": [(r"(?<![\w.])-1(?![\w.])", "' '")],
}


def for_the_installed_peer(name: str, code: str) -> str:
    """The seed's example code, with `sides={'top': t, ...}` turned into `top=t, ...` where
    the installed peer wants keyword arguments, and PEER_FIXES applied."""
    for pattern, replacement in PEER_FIXES.get(name, []):
        code = re.sub(pattern, replacement, code)
    if name not in KEYWORD_SIDES:
        return code
    renames = KEYWORD_SIDES[name]

    def keywords(match: re.Match) -> str:
        pairs = re.findall(r"'(\w+)'\s*:\s*(\w+)", match.group(1))
        return ", ".join(f"{renames.get(key, key)}={value}" for key, value in pairs)

    return re.sub(r"sides=\{([^}]*)\}", keywords, code)


def timed(fn) -> tuple[float, float, object]:
    """(wall seconds, CPU seconds, result) of one call."""
    t, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - t, time.process_time() - c, out


PEER_PACKAGES = ["multi-puzzle-solver==1.1.10", "ortools==9.12.4544"]
# The peer's Magnets and Dominosa hash OR-Tools variables, which OR-Tools 9.12 refuses (TypeError:
# unhashable type 'IntVar'); it runs on 9.11, in a second environment beside the first.
OLDER_ORTOOLS = {"magnets", "dominosa"}
OLDER_PACKAGES = ["multi-puzzle-solver==1.1.10", "ortools==9.11.4210"]
PEER_RUNNER = r"""
import contextlib, io, json, sys, time
codes = json.loads(sys.stdin.readline())
broken = {}
for i, code in enumerate(codes):
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, "seed000", "exec"), {})  # warm-up: imports and OR-Tools start-up
    except Exception as exc:  # the peer's own bug: reported, its example left out
        broken[i] = f"{type(exc).__name__}: {exc}"
print(json.dumps(broken), flush=True)
for line in sys.stdin:  # one example's index a line: run it once, answer its times
    code = codes[int(line)]
    t, c = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "seed000", "exec"), {})
    print(json.dumps([time.perf_counter() - t, time.process_time() - c]), flush=True)
"""


def peer_python(older: bool = False) -> Path:
    venv = Path(args.peer_venv + ("-ortools911" if older else ""))
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        packages = OLDER_PACKAGES if older else PEER_PACKAGES
        subprocess.run([str(python), "-m", "pip", "install", "-q", *packages], check=True)
    return python


class Peer:
    """The peer's runner, kept alive so that its runs interleave with ours: a machine whose
    speed drifts then slows both sides alike."""

    def __init__(self, codes: list[str], older: bool = False):
        self.proc = subprocess.Popen([str(peer_python(older)), "-c", PEER_RUNNER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.proc.stdin.write(json.dumps(codes) + "\n")
        self.proc.stdin.flush()
        first = self.proc.stdout.readline()
        if not first:
            raise RuntimeError("the peer's runner did not start")
        self.broken = {int(i): why for i, why in json.loads(first).items()}  # example -> the peer's error

    def run(self, index: int) -> tuple[float, float]:
        self.proc.stdin.write(f"{index}\n")
        self.proc.stdin.flush()
        wall, cpu = json.loads(self.proc.stdout.readline())
        return wall, cpu

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def clear_caches() -> None:
    """Cold means cold: the rules cache and every memo our puzzle modules keep between
    questions (cage and line encodings by shape, ...) are emptied before each run."""
    _RULES_CACHE.clear()
    sessions().clear()
    for name, module in list(sys.modules.items()):
        if name.startswith(("puzzlelab.solvers.", "generators.")):
            for obj in vars(module).values():
                if callable(getattr(obj, "cache_clear", None)):
                    obj.cache_clear()


def our_check(name: str, code: str):
    """Our cold check of one example, as `puzzlelab check` runs it."""
    ptype = registry.puzzle(name)
    inst = ptype.parse(code, "array")

    def once() -> str:
        return one_shot_check(ptype, inst).status  # on a fresh session: `clear_caches` drops the kept ones

    return once


def main() -> None:
    seed_text = (Path(args.seeds) / "000_4ce25f5547aeb157.txt").read_text()
    wanted = args.puzzles.split(",") if args.puzzles else list(SECTIONS)
    codes = {name: example_code(seed_text, SECTIONS[name]) for name in wanted if name in registry.names()}
    checks = {name: our_check(name, code) for name, code in codes.items()}
    for check in checks.values():
        check()  # warm-up, as the peer's runner warms up: imports, first-call costs
    peer = Peer([for_the_installed_peer(name, code) for name, code in codes.items()])
    older = Peer([for_the_installed_peer(name, code) for name, code in codes.items()], older=True) \
        if OLDER_ORTOOLS & set(codes) else None
    inf = float("inf")
    best = {name: [inf, inf, inf, inf] for name in codes}  # ours wall, ours CPU, peer wall, peer CPU
    status = {}
    try:
        for _ in range(args.repeat):  # round by round, a burst of ours then a burst of the peer's
            for i, name in enumerate(codes):
                for _ in range(args.burst):
                    clear_caches()  # cold: rules built and loaded every time, as the peer does
                    wall, cpu, status[name] = timed(checks[name])
                    best[name][:2] = min(best[name][0], wall), min(best[name][1], cpu)
                theirs = older if older is not None and name in OLDER_ORTOOLS else peer
                for _ in range(args.burst if i not in theirs.broken else 0):
                    best[name][2:] = [min(a, b) for a, b in zip(best[name][2:], theirs.run(i))]
    finally:
        peer.close()
        if older is not None:
            older.close()
    print(f"{'puzzle':<10} {'ours wall':>10} {'peer wall':>10} {'ratio':>7} {'ours CPU':>10} {'peer CPU':>10} "
          f"{'ratio':>7}  our verdict")
    for i, name in enumerate(codes):
        wall, cpu, pwall, pcpu = best[name]
        theirs = older if older is not None and name in OLDER_ORTOOLS else peer
        if i in theirs.broken:
            print(f"{name:<10} {wall:10.4f} {'-':>10} {'-':>7} {cpu:10.4f} {'-':>10} {'-':>7}  {status[name]}"
                  f"  (the peer fails: {theirs.broken[i][:60]})")
            continue
        print(f"{name:<10} {wall:10.4f} {pwall:10.4f} {pwall / wall:6.1f}x {cpu:10.4f} {pcpu:10.4f} "
              f"{pcpu / cpu:6.1f}x  {status[name]}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default=str(Path(__file__).resolve().parents[2] / "shared" / "seeds"))
    ap.add_argument("--repeat", type=int, default=5, help="rounds")
    ap.add_argument("--burst", type=int, default=3, help="runs of each side in a row, each round")
    ap.add_argument("--puzzles", help="comma-separated puzzle names (default: every one in SECTIONS we have)")
    ap.add_argument("--peer-venv", default=str(Path(__file__).resolve().parents[1] / ".venv-peer"))
    args = ap.parse_args()
    main()
