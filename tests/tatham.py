"""Simon Tatham's own programs as the outside reference for game IDs, shared by the tests.

`sgt-GAME --save PREFIX` reads one game ID a line from standard input and writes one save
file per ID its parser accepts (`--print` crashes in Debian's sgt-pattern and does not exist
for sgt-mosaic); a refused ID gets `error parsing 'ID': why` and exit 1.

A test that needs his programs fails when they are missing (Debian: `apt-get install
sgt-puzzles`; `.ci/run` installs them), so a machine without them cannot pass for one that
checked. Set PUZZLELAB_SKIP_TATHAM=1 to skip those tests knowingly instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

SKIP_VARIABLE = "PUZZLELAB_SKIP_TATHAM"


def sgt(game: str) -> str | None:
    """Tatham's program for `game`, or None when sgt-puzzles is not installed."""
    found = shutil.which(f"sgt-{game}")
    if found is None and os.access(f"/usr/games/sgt-{game}", os.X_OK):
        found = f"/usr/games/sgt-{game}"
    return found


def require_sgt(game: str) -> str:
    """Tatham's program for `game`; fails the test when it is missing (skips it only when
    PUZZLELAB_SKIP_TATHAM=1 says the missing reference is known and accepted)."""
    program = sgt(game)
    if program is not None:
        return program
    why = f"sgt-{game} is not installed (apt-get install sgt-puzzles): Tatham's parser cannot be asked"
    if os.environ.get(SKIP_VARIABLE) == "1":
        pytest.skip(f"{why}; skipped because {SKIP_VARIABLE}=1")
    pytest.fail(f"{why}; set {SKIP_VARIABLE}=1 to skip the Tatham tests knowingly", pytrace=False)


def tatham_reads(game: str, ids: list[str], tmp_path: Path) -> str:
    """'' when Tatham's own parser accepts every ID, else what it said about the first it
    refused (see the module docstring); fails the test when the program is missing."""
    program = require_sgt(game)
    saves = tmp_path / f"saves-{game}"
    shutil.rmtree(saves, ignore_errors=True)
    saves.mkdir()
    done = subprocess.run([program, "--save", str(saves / "g")], input="\n".join(ids) + "\n", text=True,
                          capture_output=True, timeout=120, env={**os.environ, "DISPLAY": ""})
    said = [line for line in done.stderr.splitlines() if "Gtk-WARNING" not in line and line.strip()]
    if done.returncode == 0 and len(list(saves.iterdir())) == len(ids):
        return ""
    return " ".join(said) or f"exit {done.returncode}, {len(list(saves.iterdir()))} of {len(ids)} saved"
