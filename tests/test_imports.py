"""Startup cost: the everyday commands never import the heavy optional libraries.

OR-Tools (which brings pandas and pyarrow), matplotlib and dask are imported only by the
commands that use them (`--cpsat`, `render`/`plot`, `--scheduler`). Each case runs in a
fresh interpreter and reads `sys.modules` afterwards; nothing here is timed
(scripts/bench_cli.py measures the seconds).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "datasets" / "examples"
HEAVY = ("ortools", "matplotlib", "pyarrow", "dask", "pandas")

PROBE = """
import io, json, sys
from contextlib import redirect_stdout
from puzzlelab.lab.face.cli import main
out = io.StringIO()
with redirect_stdout(out):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "heavy": [m for m in HEAVY if m in sys.modules],
                  "puzzles": sorted(m for m in sys.modules if m.startswith("puzzlelab.solvers."))}))
""".replace("HEAVY", repr(HEAVY))


def loaded_after(*args: str, puzzles: bool = False) -> dict:
    """Run `puzzlelab ARGS` in a fresh interpreter; its exit code and the heavy modules loaded
    (and, with `puzzles`, the puzzle modules it imported)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    if not puzzles:
        seen.pop("puzzles")
    return seen


def test_check_sudoku_imports_no_heavy_library():
    for extra in ([], ["--json"]):  # --json adds the difficulty (a grade) to the same path
        seen = loaded_after("check", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), *extra)
        assert seen == {"code": 0, "heavy": []}, extra


def test_list_imports_every_puzzle_but_no_heavy_library():
    assert loaded_after("list") == {"code": 0, "heavy": []}


def test_check_lightup_and_solve_import_no_heavy_library():
    assert loaded_after("check", "lightup", str(EXAMPLES / "lightup_8x8.txt")) == {"code": 0, "heavy": []}
    assert loaded_after("solve", "sudoku", str(EXAMPLES / "sudoku_seed003.txt")) == {"code": 0, "heavy": []}


def test_cpsat_still_imports_ortools_when_asked():
    """The probe sees an import when there is one: --cpsat loads OR-Tools, and answers."""
    seen = loaded_after("check", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), "--cpsat")
    assert seen["code"] == 0 and "ortools" in seen["heavy"]


def test_one_puzzle_commands_import_that_puzzle_alone(tmp_path):
    """A command naming a puzzle by its own name loads only that module (all of them were a
    third of a one-puzzle `generate`'s start-up); an alias still finds its puzzle."""
    seen = loaded_after("check", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), puzzles=True)
    assert seen["code"] == 0 and seen["puzzles"] == ["puzzlelab.solvers.sudoku"]
    seen = loaded_after("generate", "lightup", "--size", "5", "--count", "1", "--out", str(tmp_path / "l.jsonl"),
                        puzzles=True)
    assert seen["code"] == 0 and seen["puzzles"] == ["puzzlelab.solvers.lightup"]
    assert "puzzlelab.solvers.hidoku" in loaded_after("list", puzzles=True)["puzzles"]
    alias = loaded_after("check", "hidato", str(ROOT / "tests" / "data" / "hidoku_seed.txt"), puzzles=True)
    assert alias["code"] == 0 and "puzzlelab.solvers.hidoku" in alias["puzzles"]


def test_the_distribution_claims_one_top_level_name_and_runs_from_elsewhere(tmp_path):
    """An environment full of other packages has room for `puzzlelab`, not for a top-level
    `lab`, `solvers` or `generators`: the installed distribution names only `puzzlelab`, and
    used from another folder nothing loads under the old names."""
    import importlib.metadata

    assert importlib.metadata.distribution("puzzle-lab").read_text("top_level.txt").split() == ["puzzlelab"]
    code = ("import sys, puzzlelab; r = next(puzzlelab.generate('sudoku', 1, size=4)); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'lab', 'solvers', 'generators'}), r['puzzle'])")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["[]", "sudoku"]
    refused = subprocess.run([sys.executable, "-c", "import lab"], cwd=Path(__file__).resolve().parent.parent,
                             capture_output=True, text=True)
    assert refused.returncode == 1 and "import puzzlelab.lab, not lab" in refused.stderr
