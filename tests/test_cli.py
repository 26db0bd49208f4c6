"""The command line: answers, JSON documents, exit codes, and clean one-line errors."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "datasets" / "examples"


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "puzzlelab", *args], input=stdin, capture_output=True, text=True,
                          env=env, cwd=cwd or ROOT, timeout=600)


def test_list_names_puzzles_and_capabilities():
    done = run("list", "--json")
    data = json.loads(done.stdout)
    sudoku = next(p for p in data["puzzles"] if p["name"] == "sudoku")
    assert "solo" in sudoku["aliases"] and {"solve", "check", "clues", "generate"} <= set(sudoku["supports"])


def test_check_unique_ambiguous_unsolvable_as_json():
    unique = json.loads(run("check", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), "--json").stdout)
    assert unique["status"] == "unique" and len(unique["solutions"]) == 1
    assert unique["difficulty"]["level"] == 0 and unique["difficulty"]["human_technique"] == "singles"
    amb = run("check", "solo", str(EXAMPLES / "sudoku_ambiguous.txt"), "--json", "--out-format", "line")
    data = json.loads(amb.stdout)
    assert amb.returncode == 1 and data["status"] == "ambiguous"
    a, b = data["solutions"]
    assert a != b and len(a) == 81 and data["differences"]
    bad = json.loads(run("check", "sudoku", str(EXAMPLES / "sudoku_unsolvable.txt"), "--json").stdout)
    assert bad["status"] == "unsolvable"
    assert {(c["row"], c["col"]) for c in bad["conflict"]} == {(1, 1), (1, 3)}


def test_check_without_clues_and_second_opinion():
    done = run("check", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), "--without", "r1c3", "--cpsat", "--json")
    data = json.loads(done.stdout)
    assert data["status"] == "unique" and data["cpsat"] == "unique" and data["without"] == ["r1c3=4"]
    done = run("check", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), "--without", "r1c3", "r1c4", "--json")
    assert json.loads(done.stdout)["status"] == "ambiguous"
    missing = run("check", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), "--without", "r1c1")
    assert missing.returncode == 2 and "no clue 'r1c1'" in missing.stderr


def test_budget_says_unknown():
    empty25 = "." * 625
    done = run("check", "sudoku", "-", "--conflicts", "1", "--json", stdin=empty25)
    assert json.loads(done.stdout)["status"] in ("unknown", "ambiguous")


def test_solve_from_stdin_in_every_output_form():
    line = (EXAMPLES / "sudoku_seed003.txt").read_text()
    for fmt in ("line", "grid", "array", "tatham", "json"):
        done = run("solve", "sudoku", "-", "--out-format", fmt, stdin=line)
        assert done.returncode == 0 and done.stdout.strip()
    sol = run("solve", "sudoku", "-", "--out-format", "line", stdin=line).stdout.strip()
    assert sol == "864371259325849761971265843436192587198657432257483916689734125713528694542916378"


def test_clue_map_of_a_minimal_and_a_redundant_puzzle():
    data = json.loads(run("clues", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), "--json").stdout)
    marks = {c["name"]: c["status"] for c in data["clues"]}
    assert marks["r1c3=4"] == "removable" and data["removable"] > 0 and not data["minimal"]


@pytest.mark.parametrize("args, stdin, message", [
    (("check", "sudokku", "-"), "1", "unknown puzzle 'sudokku'"),
    (("check", "sudoku", "-"), "", "empty input"),
    (("check", "sudoku", "-"), "1" * 80, "square number of characters"),
    (("check", "sudoku", "-"), "." * 40 + "x" + "." * 40, "column 41"),
    (("check", "sudoku", "-"), "1 2 3 4\n1 2\n3 4 1 2\n2 1 4 3\n", "line 2"),
    (("check", "sudoku", "-"), "1 2 3 4 5\n" * 5, "5x5 grid has no box shape"),
    (("check", "sudoku", "/no/such/file"), None, "no such file"),
    (("generate", "sudoku", "--size", "7", "--box", "2x2", "--count", "1", "--out", "x.jsonl"), None, "box 2x2"),
    (("generate", "sudoku", "--bogus", "1", "--out", "x.jsonl"), None, "unknown option --bogus"),
    (("stats", "/no/such.jsonl"), None, "no such file"),
    (("generate", "sudoku", "--count", "1", "--out", "/proc/no/x.jsonl", "--quiet"), None, "No such file"),
])
def test_bad_input_is_one_line_exit_2_no_traceback(args, stdin, message, tmp_path):
    done = run(*args, stdin=stdin, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.jsonl").exists()


def test_generate_stats_plot_render_grade(tmp_path):
    out = tmp_path / "d.jsonl"
    done = run("generate", "sudoku", "--count", "6", "--seed", "2", "--out", str(out), "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["records"] == 6 and summary["stats"]["verified"]["unique"] == 6
    again = run("generate", "sudoku", "--count", "7", "--seed", "2", "--out", str(out))
    assert "\r" not in again.stderr and "puzzles/s" in again.stdout  # no progress bar off a terminal
    assert "1 new, 6 resumed" in again.stdout
    stats = json.loads(run("stats", str(out), "--json").stdout)
    assert stats["records"] == 7 and stats["clue_count"]["n"] == 7
    assert run("plot", str(out), str(out), "--label", "a", "b", "--out", str(tmp_path / "p.png")).returncode == 0
    assert (tmp_path / "p.png").stat().st_size > 10_000
    assert run("render", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), "--out", str(tmp_path / "b.png"),
               "--solution").returncode == 0
    assert (tmp_path / "b.png").stat().st_size > 10_000
    for puzzle, example in (("lightup", "lightup_8x8.txt"), ("keen", "../../tests/data/keen/seed000.txt")):
        drawn = run("render", puzzle, str(EXAMPLES / example), "--out", str(tmp_path / f"{puzzle}.png"), "--solution")
        assert drawn.returncode == 0, drawn.stderr
        assert (tmp_path / f"{puzzle}.png").stat().st_size > 5_000
    grade = json.loads(run("grade", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), "--json").stdout)
    assert "level" in grade["difficulty"]
    checked = json.loads(run("check", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), "--grade", "--json").stdout)
    assert "level" in checked["difficulty"]


def test_generate_makes_the_output_folder(tmp_path):
    done = run("generate", "sudoku", "--size", "4", "--count", "2", "--out", str(tmp_path / "new" / "d.jsonl"),
               "--quiet")
    assert done.returncode == 0 and (tmp_path / "new" / "d.jsonl").exists()


def test_workers_auto_is_one_per_usable_core_and_writes_the_same_bytes(tmp_path, monkeypatch):
    from puzzlelab.lab.face import cli

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2})
    assert cli._workers("auto") == 3 and cli._workers("2") == 2
    for bad in ("0", "all", "1.5"):
        with pytest.raises(Exception, match="must be at least|is not an integer"):
            cli._workers(bad)
    outs = [tmp_path / f"{workers}.jsonl" for workers in ("1", "auto")]
    for workers, out in zip(("1", "auto"), outs):
        done = run("generate", "sudoku", "--size", "4", "--count", "6", "--workers", workers, "--out", str(out),
                   "--quiet")
        assert done.returncode == 0, done.stderr
    assert outs[0].read_bytes() == outs[1].read_bytes()


def test_generate_other_sizes_and_formats(tmp_path):
    for args in (("--size", "6"), ("--size", "4", "--symmetric"), ("--size", "9", "--target", "35")):
        out = tmp_path / f"d{'_'.join(args)}.csv"
        done = run("generate", "sudoku", *args, "--count", "3", "--out", str(out), "--quiet")
        assert done.returncode == 0, done.stderr
        assert len(list(csv.DictReader(out.open()))) == 3


def test_move_puzzles_solve_and_count_through_the_cli():
    ranger = "board = ['Qe7', 'Nc6', 'Kb6', 'Pb5', 'Nf5', 'Pg4', 'Rb3', 'Bc3', 'Pd3', 'Pc2', 'Rg2']"
    counted = json.loads(run("count", "chessranger", "-", "--limit", "5", "--json", stdin=ranger).stdout)
    assert counted["count"] == 1 and counted["complete"]
    solved = run("solve", "chessranger", "-", "--json", stdin=ranger)
    assert solved.returncode == 0 and json.loads(solved.stdout)["puzzle"] == "chessranger"
    jugs = run("solve", "jugs", "-", "--json", stdin="capacities 3 5 8\nstart 0 0 8\ngoal * 4 4\n")
    assert jugs.returncode == 0, jugs.stderr


def test_a_puzzle_option_that_begins_a_general_one_is_read_as_itself(tmp_path):
    """Dominosa's `--n` begins `--no-minimal` and `--no-grade`: it is its own option, not an
    abbreviation (the first reading of a generate line allows none)."""
    out = tmp_path / "d.jsonl"
    done = run("generate", "dominosa", "--n", "4", "--count", "2", "--out", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    assert all(json.loads(json.loads(line)["options"])["n"] == 4 for line in out.read_text().splitlines())


def test_the_command_line_keeps_openblas_to_one_thread():
    """numpy here never does linear algebra: the command line sets OPENBLAS_NUM_THREADS=1
    before numpy loads (its spinning threads only took CPU), unless the user set it."""
    code = ("import sys; import puzzlelab.lab; assert 'numpy' not in sys.modules; import puzzlelab.lab.face.cli, os; "
            "print(os.environ['OPENBLAS_NUM_THREADS'])")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    ours = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert ours.stdout.strip() == "1"
    theirs = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={**env, "OPENBLAS_NUM_THREADS": "4"})
    assert theirs.stdout.strip() == "4"


@pytest.mark.parametrize("args", [("check", "sudoku", "sudoku_seed003.txt"), ("solve", "sudoku", "sudoku_seed003.txt"),
                                  ("check", "lightup", "lightup_8x8.txt")])
def test_check_and_solve_start_without_numpy(args):
    """A puzzle setter's `check` and `solve` load neither numpy nor the grade built on it:
    0.07 s a command instead of 0.11 s, less than `import numpy` alone (scripts/bench_cli.py)."""
    command, name, example = args
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "puzzlelab", command, name,
                           str(EXAMPLES / example)], capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert done.returncode == 0 and done.stdout.strip()
    loaded = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "puzzlelab.lab.engine.sat" in loaded and "numpy" not in loaded and "puzzlelab.lab.engine.grade" not in loaded


def test_a_generate_record_over_its_timeout_ends_in_one_line_and_resumes(tmp_path, monkeypatch, capsys):
    """A record that cannot finish (its maker never returns, whatever the clock says) ends
    the run with one line, exit 1, and a journal the same command resumes."""
    import re
    import threading

    import puzzlelab.lab.data.dataset
    from puzzlelab.lab.data.records import unportable
    from puzzlelab.lab.face.cli import main

    whole, out = tmp_path / "whole.jsonl", tmp_path / "out.jsonl"
    command = ["generate", "sudoku", "--size", "4", "--count", "5", "--quiet", "--out"]
    assert main([*command, str(whole)]) == 0
    records = [unportable(json.loads(line)) for line in whole.read_text().splitlines()]

    def never_past_2(spec, index, sessions):
        if index >= 2:
            threading.Event().wait()
        return records[index], {"id": records[index]["id"], "seconds": 0.0, "checks": 0, "phases": {}}

    monkeypatch.setattr(puzzlelab.lab.data.dataset, "make_item", never_past_2)
    capsys.readouterr()
    assert main([*command, str(out), "--timeout", "0.5"]) == 1
    err = capsys.readouterr().err.strip()
    found = re.search(r"record (\d) of sudoku --size 4 did not finish within --timeout 0.5 s", err)
    assert found and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert "a larger --timeout" in err and "a smaller size" in err and "puzzlelab list sudoku" in err
    index = int(found.group(1))
    assert index <= 2 and not out.exists()
    monkeypatch.undo()
    assert main([*command, str(out), "--timeout", "86400", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["resumed"] == index
    assert out.read_bytes() == whole.read_bytes()


def test_list_puzzle_says_what_a_record_costs_up_to_the_largest_size():
    """Every generator carries measured costs, at options it takes, up to the largest size
    one of its options allows; `list PUZZLE` prints them, and `--json` holds them."""
    from puzzlelab.lab.engine.generator import COSTS_MEASURED
    from puzzlelab.lab.face import registry

    for ptype, gen in registry.all_puzzles():
        if gen is None:
            continue
        assert gen.costs, f"{ptype.name} says nothing of what a record costs"
        for cost in gen.costs:
            gen.checked_params(**dict(cost.options))  # options it takes, in range
            assert cost.seconds is not None or cost.over is not None or cost.note
        limits = {o.name: o.high for o in gen.options}
        assert any(limits.get(name) == value for cost in gen.costs for name, value in cost.options), ptype.name
    shown = run("list", "sudoku").stdout
    table = shown[shown.index("cost per record"):]
    assert "at --size 9 " in table and "at --size 26" in table and "CPU seconds" in table
    data = json.loads(run("list", "sudoku", "--json").stdout)
    assert data["costs_measured"] == COSTS_MEASURED
    assert {"options", "seconds", "most", "over"} <= set(data["costs"][0])
    assert data["costs"][-1]["options"]["size"] == 26
