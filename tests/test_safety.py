"""The user's files are sacred: what `generate` refuses, what it never touches, and how runs
stop. Each test reproduces one reported way of losing or mangling a file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlelab.lab.data.dataset import MAX_COUNT, DatasetSpec, _chunk_size, generate_dataset, journal_header
from puzzlelab.lab.data.safety import OutputLock
from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.face.cli import DEFAULT_TIMEOUT, GENERATE_TIMEOUT, build_parser, main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "datasets" / "examples"
HANG = 600  # seconds: only a guard against a hung process; no outcome waits on the clock


def spec(count: int, **kw) -> DatasetSpec:
    return DatasetSpec(puzzle="sudoku", options={"size": 4, "box": ""}, count=count, seed=5, **kw)


def cli(*args: str, cwd: Path = ROOT, **kw) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "puzzlelab", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=HANG, **kw)


def popen(*args: str, cwd: Path = ROOT) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "puzzlelab", *args], env=env, cwd=cwd, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def wait_for(ready, proc: subprocess.Popen) -> None:
    """Poll until `ready()` or until `proc` has ended (the assertions that follow tell which):
    a slow machine only waits longer, never gives up early."""
    while not ready() and proc.poll() is None:
        time.sleep(0.05)


def size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:  # not there (yet, or any more)
        return -1


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every path under `folder` with its bytes (None for a directory), but a run's own lock
    file: a killed run leaves it behind, and the next run takes it over."""
    return {str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes() for p in sorted(folder.rglob("*"))
            if not p.name.endswith(".lock")}


def one_clean_line(done: subprocess.CompletedProcess) -> str:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    return lines[0]


# ---- 1. whatever is at --out is never renamed, moved or truncated ------------------------------
@pytest.mark.parametrize("what", ["directory", "text file", "unrelated jsonl", "dataset of another seed",
                                  "empty file"])
def test_out_that_this_run_did_not_write_is_refused_untouched(tmp_path, what):
    out = tmp_path / "out.jsonl"
    if what == "directory":
        out.mkdir()
        (out / "keep.txt").write_text("mine")
    elif what == "text file":
        out.write_text("my notes\n")
    elif what == "unrelated jsonl":
        out.write_text('{"name": "x"}\n{"name": "y"}\n')
    elif what == "dataset of another seed":
        generate_dataset(DatasetSpec(puzzle="sudoku", options={"size": 4, "box": ""}, count=3, seed=1), out)
    else:
        out.write_text("")
    before = snapshot(tmp_path)
    line = one_clean_line(cli("generate", "sudoku", "--size", "4", "--count", "3", "--seed", "5",
                              "--out", str(out), "--quiet"))
    assert "out.jsonl" in line
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("fmt", ["csv", "parquet", "kaggle"])
def test_a_finished_csv_or_parquet_of_another_run_is_not_overwritten(tmp_path, fmt):
    out = tmp_path / f"d.{fmt}"
    out.write_text("puzzle,solution\nmine,mine\n")
    before = snapshot(tmp_path)
    with pytest.raises(PuzzleError, match="d."):
        generate_dataset(spec(3), out, fmt=fmt)
    assert snapshot(tmp_path) == before


# ---- 2. a finished dataset is extended, never shortened -------------------------------------
def test_a_smaller_count_never_shortens_a_finished_dataset(tmp_path):
    out = tmp_path / "d.jsonl"
    generate_dataset(spec(6), out)
    before = snapshot(tmp_path)
    with pytest.raises(PuzzleError, match="already holds 6 puzzles.*never shortened"):
        generate_dataset(spec(3), out)
    assert snapshot(tmp_path) == before
    again = generate_dataset(spec(6), out)  # the same command once more: nothing to do
    assert (again.new, again.written) == (0, 6) and snapshot(tmp_path) == before


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "parquet"])
def test_extending_a_finished_dataset_gives_the_bytes_of_one_run(tmp_path, fmt):
    whole, grown = tmp_path / f"whole.{fmt}", tmp_path / f"grown.{fmt}"
    generate_dataset(spec(8), whole, fmt=fmt)
    generate_dataset(spec(3), grown, fmt=fmt)
    summary = generate_dataset(spec(8), grown, fmt=fmt)
    assert (summary.resumed, summary.new) == (3, 5)
    assert grown.read_bytes() == whole.read_bytes()


# ---- 3. a journal is resumed only by the run that wrote it -----------------------------------
def test_a_no_minimal_journal_is_not_resumed_by_a_minimal_run(tmp_path):
    out = tmp_path / "d.jsonl"
    with pytest.raises(KeyboardInterrupt):  # the --no-minimal run stops after its first chunk
        generate_dataset(spec(40, minimal=False, chunk=4), out, stop=lambda: True)
    journal = tmp_path / "d.jsonl.partial"
    assert journal.exists()
    before = snapshot(tmp_path)
    with pytest.raises(PuzzleError, match="other settings.*minimal: false, not true"):
        generate_dataset(spec(40), out)
    assert snapshot(tmp_path) == before
    done = generate_dataset(spec(40, minimal=False), out)  # its own command finishes it
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert done.resumed == 4 and len(records) == 40 and not any(r["minimal"] for r in records)
    assert all(r["settings"]["minimal"] is False for r in records)


def test_the_killed_no_minimal_sequence_from_the_command_line(tmp_path):
    out = tmp_path / "d.jsonl"
    args = ("generate", "sudoku", "--count", "3000", "--seed", "2", "--out", str(out), "--quiet")
    proc = popen(*args, "--no-minimal")
    journal = tmp_path / "d.jsonl.partial"
    wait_for(lambda: size(journal) >= 20_000, proc)
    proc.kill()
    proc.wait(timeout=HANG)
    before = snapshot(tmp_path)
    line = one_clean_line(cli(*args))
    assert "other settings" in line and "minimal" in line
    assert snapshot(tmp_path) == before


# ---- 4. one writer at a time -----------------------------------------------------------------
def test_a_second_writer_stops_at_the_lock_naming_the_first(tmp_path):
    out = tmp_path / "d.jsonl"
    with OutputLock(out):
        before = snapshot(tmp_path)
        line = one_clean_line(cli("generate", "sudoku", "--size", "4", "--count", "3", "--out", str(out), "--quiet"))
        assert f"pid {os.getpid()}" in line and "another puzzlelab run" in line
        assert snapshot(tmp_path) == before
    assert not (tmp_path / "d.jsonl.lock").exists()
    generate_dataset(spec(3), out)  # free again once the first run is done


def test_two_real_runs_on_one_output(tmp_path):
    out = tmp_path / "d.jsonl"
    first = popen("generate", "sudoku", "--count", "400", "--seed", "3", "--out", str(out), "--quiet")
    journal = tmp_path / "d.jsonl.partial"
    wait_for(journal.exists, first)
    second = cli("generate", "sudoku", "--count", "400", "--seed", "3", "--out", str(out), "--quiet")
    assert "another puzzlelab run" in one_clean_line(second)
    assert first.wait(timeout=HANG) == 0
    timings = (tmp_path / "d.jsonl.timings").read_text().splitlines()
    assert len(out.read_text().splitlines()) == 400 and len(timings) == 400


def test_a_lock_file_that_is_not_ours_is_refused_untouched(tmp_path):
    out = tmp_path / "d.jsonl"
    (tmp_path / "d.jsonl.lock").write_text("my own lock file\n")
    before = snapshot(tmp_path)
    with pytest.raises(PuzzleError, match="not a puzzlelab lock"):
        generate_dataset(spec(2), out)
    assert snapshot(tmp_path) == before


# ---- 5. a corrupt journal is reported, not "repaired" --------------------------------------------
def test_a_corrupt_line_inside_the_journal_is_named_and_nothing_is_touched(tmp_path):
    out = tmp_path / "d.jsonl"
    generate_dataset(spec(6), tmp_path / "whole.jsonl")
    lines = (tmp_path / "whole.jsonl").read_bytes().splitlines(keepends=True)
    (tmp_path / "d.jsonl.partial").write_bytes(journal_header(spec(6)) + lines[0] + b"{garbage\n" + lines[2])
    before = snapshot(tmp_path)
    line = one_clean_line(cli("generate", "sudoku", "--size", "4", "--count", "6", "--seed", "5",
                              "--out", str(out), "--quiet"))
    assert "line 3 is corrupt" in line
    assert snapshot(tmp_path) == before


def test_a_journal_from_an_older_version_is_refused(tmp_path):
    out = tmp_path / "d.jsonl"
    generate_dataset(spec(3), tmp_path / "whole.jsonl")
    (tmp_path / "d.jsonl.partial").write_bytes((tmp_path / "whole.jsonl").read_bytes())  # no header line
    before = snapshot(tmp_path)
    with pytest.raises(PuzzleError, match="not a journal"):
        generate_dataset(spec(3), out)
    assert snapshot(tmp_path) == before


# ---- 7. exhausted puzzle spaces, 9. counts out of range --------------------------------------
@pytest.mark.parametrize("puzzle", ["lightup", pytest.param("keen", marks=pytest.mark.slow)])
def test_generation_that_cannot_make_progress_stops(tmp_path, puzzle):
    out = tmp_path / "d.jsonl"
    done = cli("generate", puzzle, "--size", "1", "--count", "2", "--out", str(out), "--quiet")
    assert "duplicates" in one_clean_line(done) and "--count 1" in done.stderr
    assert cli("generate", puzzle, "--size", "1", "--count", "1", "--out", str(out), "--quiet").returncode == 0
    assert len(out.read_text().splitlines()) == 1


@pytest.mark.parametrize("args", [
    ["--count", "99999999999999999999"], ["--count", str(MAX_COUNT + 1)], ["--count", "0"], ["--count", "-1"],
    ["--workers", "0"], ["--workers", "-2"], ["--target", "-5"], ["--conflicts", "-1"], ["--seed", "x"],
    ["--difficulty", "5:1"], ["--box", "0x0"], ["--dedup", "bogus"], ["--out-format", "bogus"],
])
def test_out_of_range_generate_options_leave_nothing(tmp_path, args):
    out = tmp_path / "sub" / "d.jsonl"
    one_clean_line(cli("generate", "sudoku", "--out", str(out), "--quiet", *args))
    assert list(tmp_path.iterdir()) == []


def test_an_empty_out_and_an_out_below_a_file_are_refused(tmp_path):
    assert "--out needs a file name" in one_clean_line(cli("generate", "sudoku", "--out", "", "--quiet",
                                                           cwd=tmp_path))
    (tmp_path / "f").write_text("x")
    one_clean_line(cli("generate", "sudoku", "--out", str(tmp_path / "f" / "d.jsonl"), "--quiet"))
    assert snapshot(tmp_path) == {"f": b"x"}


def test_an_unreachable_scheduler_leaves_nothing(tmp_path):
    pytest.importorskip("distributed")
    done = cli("generate", "sudoku", "--count", "3", "--out", str(tmp_path / "d.jsonl"),
               "--scheduler", "tcp://127.0.0.1:9", "--quiet")
    assert "cannot reach the Dask scheduler" in one_clean_line(done)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [
    ["count", "--limit", "0"], ["count", "--limit", "-1"], ["count", "--show", "-1"],
    ["check", "--conflicts", "-1"], ["check", "--timeout", "0"], ["check", "--timeout", "nan"],
])
def test_out_of_range_question_options(args):
    command, *rest = args
    one_clean_line(cli(command, "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), *rest))


# ---- 8. one-shot questions have a default budget -----------------------------------------------
def test_one_shot_commands_have_a_default_time_budget(monkeypatch):
    monkeypatch.delenv("PUZZLELAB_TIMEOUT", raising=False)  # (the suite's own is a day: tests/conftest.py)
    parser = build_parser()
    for command in ("solve", "check", "count", "clues", "grade"):
        args = parser.parse_args([command, "sudoku", "x"])
        assert args.timeout == DEFAULT_TIMEOUT
    assert build_parser("sudoku").parse_args(["generate", "sudoku", "--out", "x"]).timeout == GENERATE_TIMEOUT
    for value, expected in (("none", None), ("300", 300.0), (" 2.5 ", 2.5)):
        monkeypatch.setenv("PUZZLELAB_TIMEOUT", value)
        assert build_parser().parse_args(["check", "sudoku", "x"]).timeout == expected
        assert build_parser("sudoku").parse_args(["generate", "sudoku", "--out", "x"]).timeout == expected
    for bad in ("abc", "0", "-1", "nan", "1e9"):
        monkeypatch.setenv("PUZZLELAB_TIMEOUT", bad)
        code = main(["check", "sudoku", str(EXAMPLES / "sudoku_seed003.txt")])
        assert code == 2
    monkeypatch.delenv("PUZZLELAB_TIMEOUT")
    helptext = cli("check", "--help").stdout
    assert "unknown" in helptext and "never 'unique'" in helptext


def test_the_timeout_bounds_the_whole_command():
    board = "\n".join(["." * 30] * 30) + "\n"  # an empty Light Up board: its grade (--json) searches long
    done = cli("check", "lightup", "-", "--timeout", "1", "--json", input=board)
    # The time running out is the outcome asserted (the answer needs far more than 1 s of work,
    # however fast the machine), never how soon: a busy machine only makes it more certain.
    assert done.returncode == 1 and json.loads(done.stdout)["status"] == "unknown"


# ---- 13. long input is not echoed back -----------------------------------------------------------
@pytest.mark.parametrize("puzzle", ["keen", "singles", "guess", "jugs", "sudoku"])
def test_a_huge_token_gives_a_short_error(tmp_path, puzzle):
    path = tmp_path / "big.txt"
    path.write_text("Z" * 2_000_000 + "\n")
    line = one_clean_line(cli("solve", puzzle, str(path)))
    assert len(line) < 500


# ---- 15. a closed pipe keeps the answer's exit code ----------------------------------------------
def test_a_closed_pipe_keeps_the_exit_code_of_the_answer():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "puzzlelab", "check", "sudoku",
                             str(EXAMPLES / "sudoku_ambiguous.txt")], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # like `| head` that has already gone
    assert proc.wait(timeout=HANG) == 1
    assert b"Traceback" not in proc.stderr.read()


# ---- 16. SIGTERM stops like Ctrl-C; workers die with their parent ---------------------------------
def test_sigterm_stops_after_the_chunk_and_the_run_resumes(tmp_path):
    out = tmp_path / "d.jsonl"
    args = ("generate", "sudoku", "--count", "400", "--seed", "3", "--out", str(out), "--quiet")
    proc = popen(*args)
    journal = tmp_path / "d.jsonl.partial"
    wait_for(lambda: size(journal) >= 3000, proc)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=HANG) == 143  # after its chunk, however long that takes
    assert "Traceback" not in proc.stderr.read() and not out.exists()
    assert cli(*args).returncode == 0
    assert [json.loads(line)["index"] for line in out.read_text().splitlines()] == list(range(400))


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_pool_workers_end_quietly_with_a_killed_parent(tmp_path):
    out = tmp_path / "d.jsonl"
    proc = popen("generate", "sudoku", "--count", "3000", "--workers", "2", "--out", str(out), "--quiet")
    journal = tmp_path / "d.jsonl.partial"
    wait_for(lambda: journal.exists() and len(_children(proc.pid)) >= 2, proc)
    workers = _children(proc.pid)
    assert len(workers) >= 2
    proc.kill()
    proc.wait(timeout=HANG)
    deadline = time.time() + HANG  # PR_SET_PDEATHSIG kills them at once: only a hang waits this long
    while time.time() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers)
    assert "Traceback" not in proc.stderr.read()


# ---- 17. work comes in chunks sized from the count ------------------------------------------------
def test_a_count_of_one_makes_one_puzzle_and_progress_moves_per_puzzle(tmp_path, monkeypatch):
    import puzzlelab.lab.data.dataset as dataset

    made = []
    real = dataset.make_item
    monkeypatch.setattr(dataset, "make_item", lambda s, i, sessions: made.append(i) or real(s, i, sessions))
    steps: list[int] = []
    generate_dataset(spec(1), tmp_path / "one.jsonl", progress=steps.append)
    assert made == [0]
    generate_dataset(spec(3), tmp_path / "three.jsonl", progress=steps.append)
    assert steps == [0, 1, 0, 1, 1, 1]
    assert _chunk_size(spec(1), 1, 4) == 1 and _chunk_size(spec(100), 100, 2) == 13
    assert _chunk_size(spec(10_000), 10_000, 2) == 16


def test_a_run_that_fails_before_its_first_record_leaves_no_files(tmp_path, monkeypatch):
    import puzzlelab.lab.data.dataset as dataset

    def fail(spec, index, sessions):
        raise PuzzleError("no puzzle here")

    monkeypatch.setattr(dataset, "make_item", fail)
    with pytest.raises(PuzzleError, match="no puzzle here"):
        generate_dataset(spec(3), tmp_path / "new" / "deeper" / "d.jsonl")
    assert list(tmp_path.iterdir()) == []
