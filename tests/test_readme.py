"""The README's set-up commands, Python examples and CLI examples run as written."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import docexamples

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def blocks(lang: str) -> list[str]:
    return docexamples.blocks(README, lang)


def test_setup_commands_come_first_and_ci_runs_the_test_command():
    main_job, tests = blocks("sh")[:2]
    assert "pip install" in main_job and "puzzlelab generate sudoku" in main_job and "plot" in main_job
    assert "pytest" in tests
    assert tests.strip() in (ROOT / ".ci" / "run").read_text()


def test_python_examples_run_and_print_what_their_comments_say():
    docexamples.run_python_examples(README, "README.md")


def test_cli_examples_run(tmp_path):
    (tmp_path / "datasets").symlink_to(ROOT / "datasets")
    commands = [line for block in blocks("sh")[2:] for line in block.splitlines() if line.startswith("puzzlelab ")]
    assert len(commands) >= 8
    checked = 0
    for line in commands:
        args = shlex.split(line, comments=True)[1:]
        done = subprocess.run([sys.executable, "-m", "puzzlelab", *args], cwd=tmp_path, capture_output=True, text=True,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        assert done.returncode in (0, 1), (line, done.stderr)  # 1: "not unique" answers
        assert "Traceback" not in done.stderr, (line, done.stderr)
        if "  # " in line:  # `puzzlelab check ...  # unique`: what its first line of output says
            assert done.stdout.startswith(line.split("  # ")[1].strip()), (line, done.stdout[:200])
            checked += 1
    assert checked >= 5, "the README's examples say what they print"


def test_puzzle_table_is_current():
    sys.path.insert(0, str(ROOT / "scripts"))
    from puzzle_table import table

    assert f"\n{table()}\n" in README, "README's puzzle table is stale: run python scripts/puzzle_table.py --write"
