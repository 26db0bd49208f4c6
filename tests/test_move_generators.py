"""Datasets of the move puzzles (Minesweeper and the three capture-chess puzzles), made by
`puzzlelab generate` through the engine's `generate` hook, as a user runs it: records read
back with each puzzle's own parser, chess puzzles re-solve to exactly one solution,
Minesweeper boards re-play without a guess, and the same seed writes the same bytes."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlelab.lab.data.records import unportable
from puzzlelab.lab.engine.generator import GenerateOptions
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache
from puzzlelab.lab.face.registry import generator, puzzle
from puzzlelab.solvers.chess_common import parse_square
from puzzlelab.solvers.minesweeper import FLAG, MinesParams, deduce, open_cell, start_board

ROOT = Path(__file__).resolve().parents[1]
COUNT = 5
OPTIONS = {  # small boards, so the whole file stays fast
    "minesweeper": [],
    "chessranger": ["--pieces", "6"],
    "chesssolo": ["--pieces", "6"],
    "chessmelee": ["--pieces", "7"],
}
CHESS = ("chessranger", "chesssolo", "chessmelee")
MOVE = re.compile(r"[KQRBNP]([a-h][1-8])->[KQRBNP]([a-h][1-8])")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "puzzlelab", *args], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=300)


def generate(name: str, out: Path) -> list[dict]:
    done = run("generate", name, *OPTIONS[name], "--count", str(COUNT), "--seed", "1",
               "--out", str(out), "--quiet", cwd=out.parent)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in out.read_text().splitlines()]


@pytest.fixture(scope="module")
def datasets(tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    """Each puzzle's dataset written twice with the same seed, in two directories."""
    first, second = tmp_path_factory.mktemp("first"), tmp_path_factory.mktemp("second")
    out = {}
    for name in OPTIONS:
        a, b = first / f"{name}.jsonl", second / f"{name}.jsonl"
        generate(name, a)
        generate(name, b)
        out[name] = (a, b)
    return out


def records(datasets, name: str) -> list[dict]:
    return [unportable(json.loads(line)) for line in datasets[name][0].read_text().splitlines()]


# ---- every puzzle ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(OPTIONS))
def test_same_seed_gives_byte_identical_files(datasets, name):
    a, b = datasets[name]
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize("name", list(OPTIONS))
def test_records_parse_back_with_the_puzzles_parser(datasets, name):
    ptype = puzzle(name)
    recs = records(datasets, name)
    assert len(recs) == COUNT and len({r["clues"] for r in recs}) == COUNT
    for rec in recs:
        assert rec["puzzle"] == name and rec["unique"] is True and rec["minimal"] is False
        inst = ptype.parse(rec["clues"], rec["format"])
        assert ptype.format(inst, rec["format"]) == rec["clues"]
        for fmt in ptype.formats:  # every format of a generated puzzle round-trips
            if fmt in ("puzzlink", "pzprv3") and name == "minesweeper":  # no address (pzprjs file) holds a mine layout
                with pytest.raises(PuzzleError, match="layout"):
                    ptype.format(inst, fmt)
                continue
            assert ptype.parse(ptype.format(inst, fmt)) == inst, fmt
        json.dumps(rec["params"])  # plain JSON, no sets


def test_list_shows_generate(tmp_path):
    data = json.loads(run("list", "--json", cwd=tmp_path).stdout)
    rows = {p["name"]: p for p in data["puzzles"]}
    for name in OPTIONS:
        assert "generate" in rows[name]["supports"], name
    assert rows["minesweeper"]["generator_options"] == ["height", "width", "mines"]
    assert rows["chessmelee"]["generator_options"] == ["pieces"]


# ---- chess -------------------------------------------------------------------------------------
def moves(text: str) -> list[tuple[int, int]]:
    return [(parse_square(a), parse_square(b)) for a, b in MOVE.findall(text)]


@pytest.mark.parametrize("name", CHESS)
def test_chess_records_re_solve_to_one_solution(datasets, name):
    ptype = puzzle(name)
    pieces = int(OPTIONS[name][1])
    for rec in records(datasets, name):
        inst = ptype.parse(rec["clues"], rec["format"])
        assert len(ptype.pieces(inst)) == pieces
        assert ptype.count(inst, 2) == 1
        solution = moves(rec["solution"])
        assert len(solution) == pieces - 1 and ptype.verify(inst, solution) == []
        assert frozenset(solution) == frozenset(ptype.solutions(inst, 1)[0])


@pytest.mark.parametrize("name, pieces, message", [
    ("chessranger", 1, "at least 2"), ("chessranger", 15, "at most 14 pieces"),
    ("chesssolo", 17, "at most 16 pieces"), ("chessmelee", 17, "at most 16 pieces")])
def test_chess_piece_count_is_validated(name, pieces, message):
    with pytest.raises(PuzzleError, match=message):
        generator(name).params(pieces=pieces)


def test_chess_defaults():
    assert generator("chessranger").params().pieces == 8
    assert generator("chessmelee").params().pieces == 10


# ---- minesweeper ---------------------------------------------------------------------------------
def sat_replay(inst: Instance) -> bool:
    """Play the board on with the SAT deduction alone (no one-number shortcuts): open every
    cell it proves safe until none is left. True when every safe cell opens."""
    p: MinesParams = inst.params
    seen = MinesParams(p.height, p.width, p.mines)
    clues = dict(inst.clues)
    while True:
        found = deduce(Instance(inst.kind, seen, clues))
        safe = [c for c in found.safe if not isinstance(clues.get(c), int)]
        if not safe:
            return sum(isinstance(v, int) for v in clues.values()) == p.height * p.width - p.mines
        for cell in safe:
            assert cell not in p.layout.mines
            open_cell(p.height, p.width, p.layout.mines, clues, cell)


def test_minesweeper_boards_replay_without_a_guess(datasets):
    ptype = puzzle("minesweeper")
    for rec in records(datasets, "minesweeper"):
        inst = ptype.parse(rec["clues"], rec["format"])
        p: MinesParams = inst.params
        assert (p.height, p.width, p.mines) == (9, 9, 10) and p.layout is not None
        assert inst.clues == start_board(p)  # the board right after the first click
        assert sat_replay(inst)
        assert rec["difficulty"]["no_guess"] is True and rec["difficulty"]["sat_rounds"] >= 0
        solved = ptype.parse(rec["solution"], rec["format"])  # the won game: mines flagged
        assert {c for c, v in solved.clues.items() if v == FLAG} == p.layout.mines
        assert len(solved.clues) == 81 and ptype.format_solution(inst, p.layout, "tatham") in rec["clues"]


def test_minesweeper_options_are_validated(tmp_path):
    gen = generator("minesweeper")
    assert gen.params() == MinesParams(9, 9, 10)
    with pytest.raises(PuzzleError, match="use 1..72"):
        gen.params(mines=73)
    with pytest.raises(PuzzleError, match="use 1..72"):
        gen.params(mines=0)
    with pytest.raises(PuzzleError, match="at least 3x3"):
        gen.params(height=2)
    done = run("generate", "minesweeper", "--mines", "99", "--out", str(tmp_path / "x.jsonl"), cwd=tmp_path)
    assert done.returncode == 2 and "does not fit a 9x9 board" in done.stderr


def test_stripping_options_are_refused():
    for name, params in (("minesweeper", MinesParams(9, 9, 10)), ("chessranger", None)):
        gen = generator(name)
        params = params or gen.params(pieces=4)
        with pytest.raises(PuzzleError, match="no clues to strip"):
            gen.generate(params, random.Random(1), SessionCache(), GenerateOptions(target=3))
