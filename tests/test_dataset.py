"""Datasets: schema, determinism across workers, resume after a real kill, formats, stats."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import puzzlelab.lab.data.dataset
import puzzlelab.lab.engine.grade
from puzzlelab.lab.data.dataset import DatasetSpec, RecordTimeout, generate_dataset, journal_header
from puzzlelab.lab.data.records import read_records, unportable
from puzzlelab.lab.data.stats import dataset_stats
from puzzlelab.lab.engine.cpsat import cpsat_status
from puzzlelab.lab.engine.puzzle import CluePuzzle, PuzzleError
from puzzlelab.lab.face import registry

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = {"id", "puzzle", "params", "options", "clues", "solution", "format", "clue_count", "difficulty",
          "seed", "index", "generator_version", "engine", "unique", "minimal", "verified_by", "attempts"}


def spec(count: int, **kw) -> DatasetSpec:
    return DatasetSpec(puzzle="sudoku", options={"size": 9, "box": ""}, count=count, seed=5, chunk=4, **kw)


def test_records_follow_the_schema_and_are_unique(tmp_path):
    out = tmp_path / "d.jsonl"
    summary = generate_dataset(spec(8, cross_check=True), out)
    assert summary.written == 8 and out.exists() and not (tmp_path / "d.jsonl.partial").exists()
    records = list(read_records(out))
    sudoku = registry.puzzle("sudoku")
    for i, rec in enumerate(records):
        assert SCHEMA <= set(rec)
        assert rec["index"] == i and rec["unique"] and rec["minimal"] and rec["verified_by"] == ["sat", "cpsat"]
        inst = sudoku.parse(rec["clues"])
        assert len(inst.clues) == rec["clue_count"]
        assert cpsat_status(sudoku, inst) == "unique"
        assert {"level", "propagation_solves", "conflicts"} <= set(rec["difficulty"])
    assert len({r["clues"] for r in records}) == 8
    timings = [json.loads(line) for line in open(str(out) + ".timings")]
    assert {t["id"] for t in timings} == {r["id"] for r in records}


def test_one_worker_and_four_workers_write_the_same_bytes(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    generate_dataset(spec(12), a, workers=1)
    generate_dataset(spec(12), b, workers=4)
    assert a.read_bytes() == b.read_bytes()


def test_resume_extends_without_duplicating(tmp_path):
    whole, parts = tmp_path / "whole.jsonl", tmp_path / "parts.jsonl"
    generate_dataset(spec(10), whole)
    generate_dataset(spec(4), parts)
    generate_dataset(spec(10), parts)
    assert whole.read_bytes() == parts.read_bytes()
    with pytest.raises(PuzzleError, match="other settings"):
        other = spec(12)
        other.seed = 6
        generate_dataset(other, parts)


def test_torn_journal_line_is_dropped_on_resume(tmp_path):
    whole, out = tmp_path / "whole.jsonl", tmp_path / "out.jsonl"
    generate_dataset(spec(6), whole)
    lines = whole.read_bytes().splitlines(keepends=True)
    journal = journal_header(spec(6)) + b"".join(lines[:3]) + lines[3][:40]  # killed mid-write
    (tmp_path / "out.jsonl.partial").write_bytes(journal)
    summary = generate_dataset(spec(6), out)
    assert summary.resumed == 3
    assert out.read_bytes() == whole.read_bytes()


def _cli(*args: str, **kw) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "puzzlelab", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_a_killed_run_leaves_nothing_half_written_and_resumes(tmp_path, sig):
    out = tmp_path / "k.jsonl"
    args = ("generate", "sudoku", "--count", "400", "--seed", "3", "--out", str(out), "--quiet")
    proc = _cli(*args)
    journal = Path(str(out) + ".partial")
    while proc.poll() is None and (not journal.exists() or journal.stat().st_size < 3000):
        time.sleep(0.05)  # no deadline: a slow machine only waits longer
    proc.send_signal(sig)
    proc.wait(timeout=600)  # a hang guard only: SIGINT lets the chunk finish, however long it takes
    assert not out.exists()  # readers see no dataset until it is complete
    done = [json.loads(line) for line in journal.read_text().splitlines()[1:-1]]  # whole lines are whole records
    assert done and [r["index"] for r in done] == list(range(len(done)))
    if sig == signal.SIGINT:
        assert proc.returncode == 130 and "Traceback" not in proc.stderr.read()
    small = ("generate", "sudoku", "--count", str(len(done) + 5), "--seed", "3", "--out", str(out), "--quiet")
    rerun = _cli(*small)
    assert rerun.wait(timeout=600) == 0, rerun.stderr.read()
    records = list(read_records(out))
    assert [r["index"] for r in records] == list(range(len(done) + 5))
    assert len({r["clues"] for r in records}) == len(records)


def test_csv_kaggle_and_parquet_outputs_read_back(tmp_path):
    jsonl = tmp_path / "d.jsonl"
    generate_dataset(spec(5), jsonl)
    ref = list(read_records(jsonl))
    for fmt, name in (("csv", "d.csv"), ("parquet", "d.parquet")):
        generate_dataset(spec(5), tmp_path / name, fmt=fmt)
        back = list(read_records(tmp_path / name))
        assert [r["clues"] for r in back] == [r["clues"] for r in ref]
        assert [r["difficulty"]["level"] for r in back] == [r["difficulty"]["level"] for r in ref]
    generate_dataset(spec(5), tmp_path / "k.csv", fmt="kaggle")
    lines = (tmp_path / "k.csv").read_text().splitlines()
    assert lines[0] == "puzzle,solution" and len(lines) == 6
    puzzle, solution = lines[1].split(",")
    assert len(puzzle) == 81 and len(solution) == 81 and "." not in puzzle


def test_stats_counts_and_malformed_lines(tmp_path):
    out = tmp_path / "d.jsonl"
    generate_dataset(spec(6), out)
    s = dataset_stats(str(out)).to_json()
    assert s["records"] == 6 and s["verified"]["unique"] == 6
    assert 17 <= s["clue_count"]["min"] <= s["clue_count"]["mean"] <= s["clue_count"]["max"] <= 40
    assert s["seconds_per_puzzle"]["n"] == 6
    bad = tmp_path / "bad.jsonl"
    lines = out.read_text().splitlines()
    bad.write_text("\n".join(lines[:2] + ["{not json"] + lines[2:]) + "\n")
    with pytest.raises(PuzzleError, match="line 3"):
        dataset_stats(str(bad))
    assert dataset_stats(str(bad), skip_bad=True).to_json()["records"] == 6


def test_symmetry_dedup_drops_a_relabelled_copy():
    sudoku = registry.puzzle("sudoku")
    a = sudoku.parse("004300209005009001070060043006002087190007400050083000600000105003508690042910300")
    relabel = str.maketrans("123456789", "912345678")
    b = sudoku.parse(sudoku.format(a, "line").translate(relabel))
    transposed = sudoku.parse("".join(sudoku.format(a, "line")[r * 9 + c] for c in range(9) for r in range(9)))
    assert sudoku.canonical(a) == sudoku.canonical(b) == sudoku.canonical(transposed)
    other = sudoku.parse("000000209005009001070060043006002087190007400050083000600000105003508690042910300")
    assert sudoku.canonical(other) != sudoku.canonical(a)


def test_dask_local_cluster_writes_the_same_bytes(tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        generate_dataset(spec(8), tmp_path / "dask.jsonl", scheduler=cluster.scheduler_address, workers=2)
    generate_dataset(spec(8), tmp_path / "local.jsonl")
    assert (tmp_path / "dask.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()


class _Cluster:
    """A Dask client as `_check_workers` and `_cluster_threads` see it: workers and what they run."""

    def __init__(self, workers: dict[str, tuple]):
        self.workers = workers

    def nthreads(self) -> dict[str, int]:
        return {name: 2 for name in self.workers}

    def run(self, function):
        return dict(self.workers)


def test_a_cluster_of_another_lab_version_or_no_workers_is_refused_and_all_its_threads_are_used():
    from puzzlelab.lab.data.dataset import _check_workers, _cluster_threads, _lab_versions

    same = _lab_versions()
    _check_workers(_Cluster({"tcp://a:1": same, "tcp://b:1": same}))
    assert _cluster_threads(_Cluster({"tcp://a:1": same, "tcp://b:1": same})) == 4
    with pytest.raises(PuzzleError, match="tcp://b:1 runs puzzlelab 0.0.1 .* install the same version"):
        _check_workers(_Cluster({"tcp://a:1": same, "tcp://b:1": ("0.0.1", *same[1:])}))
    with pytest.raises(PuzzleError, match="no workers yet"):
        _check_workers(_Cluster({}))


@pytest.mark.parametrize("level", [0, 1])
def test_difficulty_target_keeps_only_that_level(tmp_path, level):
    out = tmp_path / f"level{level}.jsonl"
    generate_dataset(spec(4, difficulty=(level, level)), out)
    records = list(read_records(out))
    assert len(records) == 4 and all(r["difficulty"]["level"] == level for r in records)


def test_a_dataset_graded_another_way_is_not_extended(tmp_path, monkeypatch):
    """Records say which grade measured them; a later grade never mixes into the same file."""
    out = tmp_path / "graded.jsonl"
    generate_dataset(spec(2), out)
    assert all(r["settings"]["grade_version"] == puzzlelab.lab.engine.grade.GRADE_VERSION for r in read_records(out))
    before = out.read_bytes()
    monkeypatch.setattr(puzzlelab.lab.data.dataset, "GRADE_VERSION", puzzlelab.lab.engine.grade.GRADE_VERSION + 1)
    with pytest.raises(PuzzleError, match="other settings"):
        generate_dataset(spec(4), out)
    assert out.read_bytes() == before


def test_no_grade_leaves_the_difficulty_out_and_says_so(tmp_path):
    graded, bare = tmp_path / "graded.jsonl", tmp_path / "bare.csv"
    generate_dataset(spec(4), graded)
    generate_dataset(spec(4, grade=False), bare, fmt="csv")
    records = list(read_records(bare))
    assert len(records) == 4 and all("difficulty" not in r and r["settings"]["graded"] is False for r in records)
    same = [(r["clues"], r["solution"]) for r in read_records(graded)]
    assert [(r["clues"], r["solution"]) for r in records] == same  # the same puzzles, only ungraded
    assert "level" not in dataset_stats(str(bare)).to_json()["difficulty"]
    with pytest.raises(PuzzleError, match="other settings"):  # never mixed into a graded dataset
        generate_dataset(spec(6, grade=False), graded)
    with pytest.raises(PuzzleError, match="no grade"):
        spec(2, grade=False, difficulty=(1, 1)).validate()


def test_a_puzzles_generation_solver_makes_the_same_puzzles():
    """`speed.generation_solver` only changes how fast the answers come: on the lab's default
    solver the same items are the same records, but for the engine they name. Only for
    generators without `repair`, whose puzzles follow the solver's rival solutions."""
    from puzzlelab.lab.data.dataset import DatasetSpec, make_item
    from puzzlelab.lab.engine.sat import DEFAULT_SOLVER, SessionCache
    from puzzlelab.lab.face import registry

    chosen = [ptype for ptype, gen in registry.all_puzzles()
              if isinstance(ptype, CluePuzzle) and ptype.speed.generation_solver]
    assert {p.name for p in chosen} >= {"unruly", "mosaic"}
    small = {"unruly": {"size": 6}, "mosaic": {"size": 5}, "signpost": {"size": 4}, "range": {"width": 5, "height": 4}}
    for ptype in chosen:
        assert registry.generator(ptype.name).history_free, ptype.name
        spec = DatasetSpec(puzzle=ptype.name, options=small.get(ptype.name, {}), count=3, seed=11)
        own, default = SessionCache(), SessionCache(DEFAULT_SOLVER)
        for index in range(3):
            mine, _ = make_item(spec, index, own)
            theirs, _ = make_item(spec, index, default)
            assert mine.pop("engine") == f"pysat:{ptype.speed.generation_solver}"
            assert theirs.pop("engine") == f"pysat:{DEFAULT_SOLVER}"
            assert mine == theirs, (ptype.name, index)


def test_record_params_are_asdict_of_the_puzzles_params():
    """`_params_json` skips copying what holds no dataclass, and must still give what
    `dataclasses.asdict` gives (a set field sorted): on generated boards and on every
    kind of value asdict treats apart."""
    import dataclasses
    from collections import namedtuple

    from puzzlelab.lab.data.dataset import _params_json
    from puzzlelab.lab.engine.generator import SessionCache

    def expected(params):
        return {k: sorted(v) if isinstance(v, (set, frozenset)) else v for k, v in dataclasses.asdict(params).items()}

    for name in ("map", "lightup", "bridges", "undead", "sudoku"):
        spec = DatasetSpec(puzzle=name, options={}, count=1, seed=2, grade=False)
        record, _ = puzzlelab.lab.data.dataset.make_item(spec, 0, SessionCache())
        params = registry.puzzle(name).parse(record["clues"], record["format"]).params
        assert _params_json(params) == expected(params), name
    Pair = namedtuple("Pair", "a b")

    @dataclasses.dataclass(frozen=True)
    class Inner:
        x: tuple

    @dataclasses.dataclass(frozen=True)
    class Outer:
        atoms: tuple
        nested: tuple
        inner: Inner
        inners: tuple
        pair: Pair
        mapping: dict
        items: list
        shades: frozenset
        nothing: None = None

    odd = Outer((1, 2.5, "a", True, None), ((1, 2), (3,)), Inner((4, 5)), (Inner(()), Inner((6,))),
                Pair(Inner((7,)), 8), {"k": Inner((9,)), "m": (1, 2)}, [Inner((1,)), 3], frozenset({3, 1, 2}))
    got = _params_json(odd)
    assert got == expected(odd)
    assert type(got["pair"]) is Pair and type(got["items"]) is list and got["shades"] == [1, 2, 3]
    assert json.dumps(got, sort_keys=True, default=str) == json.dumps(expected(odd), sort_keys=True, default=str)


def test_a_conflict_budget_keeps_records_independent_of_history():
    """With --conflicts a check may come back unknown, and whether it does depends on what
    the solver learned before: every record then gets solvers of its own, so a record is
    the same whatever was made before it (worker counts, chunks, resumes)."""
    from puzzlelab.lab.engine.generator import SessionCache

    spec = DatasetSpec(puzzle="sudoku", options={"box": "4x4"}, count=8, seed=3, conflicts=30)
    shared = SessionCache()
    for index in range(8):
        puzzlelab.lab.data.dataset.make_item(spec, index, shared)  # a history
    unknowns = 0
    for index in range(4):
        record = puzzlelab.lab.data.dataset.make_item(spec, index, shared)[0]
        assert record == puzzlelab.lab.data.dataset.make_item(spec, index, SessionCache())[0]
        unknowns += not record["minimal"]
    assert unknowns  # the budget ran out somewhere: the case this guards


def _made_by(records: list[dict], stuck: int, how: str = "block"):
    """A stand-in for `make_item` in the worker processes: the records of a finished run for
    the items before `stuck`, at once; from `stuck` on it never finishes (or the worker dies,
    or it fails), so the outcome does not depend on how fast anything runs."""
    def make(spec: DatasetSpec, index: int, sessions) -> tuple[dict, dict]:
        if index >= stuck:
            if how == "die":
                os.kill(os.getpid(), signal.SIGKILL)
            if how == "fail":
                raise PuzzleError(f"item {index} cannot be made")
            threading.Event().wait()
        record = records[index]
        return record, {"id": record["id"], "seconds": 0.0, "checks": 0, "phases": {}}
    return make


@pytest.mark.parametrize("workers", [1, 2])
def test_a_record_over_its_timeout_stops_the_run_and_the_rerun_resumes(tmp_path, monkeypatch, workers):
    whole, out = tmp_path / "whole.jsonl", tmp_path / "out.jsonl"
    generate_dataset(spec(6), whole)
    records = [unportable(json.loads(line)) for line in whole.read_text().splitlines()]
    monkeypatch.setattr(puzzlelab.lab.data.dataset, "make_item", _made_by(records, stuck=3))
    with pytest.raises(RecordTimeout) as stopped:
        generate_dataset(spec(6, timeout=0.5), out, workers=workers)
    index = stopped.value.index
    assert index <= 3  # item 3 never finishes (an earlier one only if the machine stalled for 0.5 s)
    message = str(stopped.value)
    assert f"record {index} of sudoku --size 9 did not finish within --timeout 0.5 s" in message
    assert "a larger --timeout" in message and "a smaller size" in message and "\n" not in message
    journal = tmp_path / "out.jsonl.partial"
    assert not out.exists() and (journal.exists() or index == 0)
    if index:  # the items before it are kept, whole, in order
        kept = [unportable(json.loads(line)) for line in journal.read_text().splitlines()[1:]]
        assert kept == records[:index] and f"the {index} record" in message and "resumes" in message
    monkeypatch.undo()
    summary = generate_dataset(spec(6, timeout=86400), out, workers=workers)  # a larger --timeout resumes
    assert summary.resumed == index and out.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize("how, error", [("fail", "item 2 cannot be made"),
                                         ("die", "worker process making record 2 ended \\(killed by signal 9\\)")])
def test_a_failing_or_dying_worker_ends_the_run_with_one_line(tmp_path, monkeypatch, how, error):
    whole = tmp_path / "whole.jsonl"
    generate_dataset(spec(4), whole)
    records = [unportable(json.loads(line)) for line in whole.read_text().splitlines()]
    monkeypatch.setattr(puzzlelab.lab.data.dataset, "make_item", _made_by(records, stuck=2, how=how))
    with pytest.raises(PuzzleError, match=error):
        generate_dataset(spec(4, timeout=86400), tmp_path / "out.jsonl", workers=2)


def test_the_timeout_is_no_part_of_what_a_dataset_is():
    assert spec(4, timeout=5).identity() == spec(4).identity()
    with pytest.raises(PuzzleError, match="--timeout must be more than 0"):
        spec(4, timeout=0).validate()
