"""Side by side with the peer package `multi-puzzle-solver` on its own example boards.

    python scripts/bench_peer.py [--seeds ../shared/seeds] [--repeat 7]

The peer (multi-puzzle-solver 1.1.10) breaks on OR-Tools 9.15, which we use, so it runs in
its own virtual environment `.venv-peer` (made on first use, with OR-Tools 9.12), from
this same command: an optional benchmark extra that never touches our install.

For each puzzle the seed-000 document's own code block (the peer's README example) is run
as written, `solve_and_print()` and all, which finds every solution to decide uniqueness.
Our side parses the same code block with our `array` format and runs `check` (one solve
plus the "a solution other than this one" check) on a freshly built solver, so rule
building is counted on both sides. Both take the best of `--repeat` runs, in this process.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lab import registry  # noqa: E402
from lab.sat import _RULES_CACHE, SatSession  # noqa: E402
from lab.solve import ONE_SHOT_SOLVER  # noqa: E402

SECTIONS = {  # our name -> the seed document's section title
    "sudoku": "Sudoku (Puzzle Type #2)",
    "nonogram": "Nonograms (Puzzle Type #1)",
    "lightup": "Light Up (Puzzle Type #5)",
    "keen": "Keen (Puzzle Type #8)",
    "singles": "Singles (Puzzle Type #10)",
    "pearl": "Pearl (Puzzle Type #19)",
}


def example_code(seed_text: str, title: str) -> str:
    """The first ```python block after the section heading."""
    start = seed_text.index(f"## {title}")
    block = re.search(r"```python\n(.*?)```", seed_text[start:], flags=re.S)
    if block is None:
        raise ValueError(f"no code block under {title}")
    return block.group(1)


def best_of(repeat: int, fn, setup=lambda: None) -> tuple[list[float], object]:
    """([best wall seconds, best CPU seconds], last result); `setup` runs untimed before each."""
    best, best_cpu, out = float("inf"), float("inf"), None
    for _ in range(repeat):
        setup()
        t, c = time.perf_counter(), time.process_time()
        out = fn()
        best = min(best, time.perf_counter() - t)
        best_cpu = min(best_cpu, time.process_time() - c)
    return [best, best_cpu], out


PEER_PACKAGES = ["multi-puzzle-solver==1.1.10", "ortools==9.12.4544"]
PEER_RUNNER = r"""
import contextlib, io, json, sys, time
codes, repeat = json.load(sys.stdin)
out = []
for code in codes:
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "seed000", "exec"), {})  # warm-up: imports and OR-Tools start-up
    best, best_cpu = float("inf"), float("inf")
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, "seed000", "exec"), {})
        best = min(best, time.perf_counter() - t)
        best_cpu = min(best_cpu, time.process_time() - c)
    out.append([best, best_cpu])
print(json.dumps(out))
"""


def peer_python() -> Path:
    venv = Path(args.peer_venv)
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *PEER_PACKAGES], check=True)
    return python


def run_peer(codes: list[str]) -> list[list[float]]:
    done = subprocess.run([str(peer_python()), "-c", PEER_RUNNER], input=json.dumps([codes, args.repeat]),
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def clear_caches() -> None:
    """Cold means cold: the rules cache and every memo our puzzle modules keep between
    questions (cage and line encodings by shape, ...) are emptied before each run."""
    _RULES_CACHE.clear()
    for name, module in list(sys.modules.items()):
        if name.startswith(("solvers.", "generators.")):
            for obj in vars(module).values():
                if callable(getattr(obj, "cache_clear", None)):
                    obj.cache_clear()


def run_ours(name: str, code: str) -> tuple[float, str]:
    ptype = registry.puzzle(name)
    inst = ptype.parse(code, "array")

    def once():
        session = SatSession(ptype, inst.params, ONE_SHOT_SOLVER, one_shot=True)  # as `puzzlelab check`
        try:
            return session.check(inst.clues).status
        finally:
            session.close()

    return best_of(args.repeat, once, setup=clear_caches)  # cold: rules built and loaded every time, as the peer does


def main() -> None:
    seed_text = (Path(args.seeds) / "000_4ce25f5547aeb157.txt").read_text()
    codes = {name: example_code(seed_text, title) for name, title in SECTIONS.items() if name in registry.names()}
    ours = {name: run_ours(name, code) for name, code in codes.items()}
    peer = dict(zip(codes, run_peer(list(codes.values()))))
    print(f"{'puzzle':<10} {'ours wall':>10} {'peer wall':>10} {'ratio':>7} {'ours CPU':>10} {'peer CPU':>10} "
          f"{'ratio':>7}  our verdict")
    for name in codes:
        (wall, cpu), status = ours[name]
        pwall, pcpu = peer[name]
        print(f"{name:<10} {wall:10.4f} {pwall:10.4f} {pwall / wall:6.1f}x {cpu:10.4f} {pcpu:10.4f} "
              f"{pcpu / cpu:6.1f}x  {status}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default=str(Path(__file__).resolve().parents[2] / "shared" / "seeds"))
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--peer-venv", default=str(Path(__file__).resolve().parents[1] / ".venv-peer"))
    args = ap.parse_args()
    main()
