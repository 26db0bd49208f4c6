"""Datasets for machine learning (lab/data/collection.py): leak-free splits, mixed puzzles in one
table, a dataset card beside every dataset, and files that load in Hugging Face `datasets`
and pandas with no options."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from puzzlelab.lab.data.collection import interleave, parse_mix, parse_split, split_of
from puzzlelab.lab.data.records import read_records
from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.face.cli import main


def run(*args) -> int:
    return main([str(a) for a in args])


@pytest.mark.parametrize("puzzle, options, count", [("sudoku", ("--size", "4"), 60), ("pearl", ("--size", "5"), 40)])
def test_a_split_puts_every_board_and_its_symmetric_copies_in_one_split(tmp_path, puzzle, options, count):
    """Two datasets of different seeds share many 4x4 sudoku up to symmetry (48 of 60 did):
    split by canonical_key, no key is in two splits, within a dataset or across both."""
    keys: dict[str, set] = {"train": set(), "test": set()}
    for seed in (0, 1):
        out = tmp_path / f"d{seed}.jsonl"
        assert run("generate", puzzle, *options, "--count", count, "--seed", seed, "--split", "train=0.9,test=0.1",
                   "--out", out, "--quiet") == 0
        for name in keys:
            for record in read_records(tmp_path / f"d{seed}.{name}.jsonl"):
                assert record["split"] == name
                keys[name].add(record["canonical_key"])
    assert keys["train"] and keys["test"] and not keys["train"] & keys["test"]
    shared = sum(1 for seed in (0, 1) for name in keys for r in read_records(tmp_path / f"d{seed}.{name}.jsonl"))
    assert shared == 2 * count


def test_split_shares_are_read_and_bad_ones_refused():
    assert parse_split("train=0.9,test=0.1") == [("train", 0.9), ("test", 0.1)]
    for bad in ("train=0.9", "train=0.5,test=0.6", "train", "=1", "train=x,test=1", "a=0.5,a=0.5", "9x=1"):
        with pytest.raises(PuzzleError, match="--split"):
            parse_split(bad)
    splits = parse_split("train=0.9,test=0.1")
    assert Counter(split_of(f"k{i}", splits) for i in range(2000))["test"] in range(150, 250)


def test_a_mix_is_parsed_with_sizes_and_interleaved_evenly():
    parts = parse_mix("sudoku:9x9=5,nonogram:15=3,pearl=2")
    assert [(p.puzzle, p.options, p.count) for p in parts] == [("sudoku", {"size": 9}, 5),
                                                                ("nonogram", {"size": 15}, 3), ("pearl", {}, 2)]
    for bad in ("sudoku", "nothing:3=2", "sudoku:big=2", "sudoku:9=many"):
        with pytest.raises(PuzzleError):
            parse_mix(bad)
    assert interleave([["a1", "a2", "a3", "a4"], ["b1", "b2"]]) == ["a1", "b1", "a2", "a3", "b2", "a4"]


def test_a_mixed_dataset_loads_as_one_table_in_every_layout(tmp_path):
    datasets = pytest.importorskip("datasets")
    pd = pytest.importorskip("pandas")
    for suffix in ("jsonl", "csv", "parquet"):
        folder = tmp_path / suffix
        out = folder / f"mix.{suffix}"
        assert run("generate", "--mix", "sudoku:4x4=6,nonogram:5=4,bridges:5=3,chessranger=2", "--out", out,
                   "--quiet") == 0
        records = list(read_records(out))
        assert Counter(r["puzzle"] for r in records) == {"sudoku": 6, "nonogram": 4, "bridges": 3, "chessranger": 2}
        kind = {"jsonl": "json"}.get(suffix, suffix)
        table = datasets.load_dataset(kind, data_files=str(out), split="train")
        assert len(table) == 15 and all(isinstance(s, str) for s in table["solution"])
        assert set(table["puzzle"]) == {"sudoku", "nonogram", "bridges", "chessranger"}
        whole = datasets.load_dataset(str(folder))  # the folder, by its card and the features it declares
        assert len(whole["train"]) == 15
        if suffix == "csv":
            frame = pd.read_csv(out)
            assert all(isinstance(s, str) for s in frame["solution"]) and all(isinstance(s, str) for s in frame["id"])
        if suffix == "parquet":
            assert isinstance(table[0]["options"], dict) and isinstance(table[0]["settings"], dict)
        assert (folder / "README.md").read_text().startswith("---\nlicense: ")


def test_files_of_two_puzzles_load_together(tmp_path):
    datasets = pytest.importorskip("datasets")
    for suffix in ("jsonl", "csv"):
        files = []
        for puzzle, size in (("sudoku", "9"), ("nonogram", "5")):
            files.append(tmp_path / f"{puzzle}.{suffix}")
            assert run("generate", puzzle, "--size", size, "--count", "3", "--out", files[-1], "--quiet") == 0
        kind = {"jsonl": "json"}.get(suffix, suffix)
        table = datasets.load_dataset(kind, data_files=[str(f) for f in files], split="train")
        assert len(table) == 6 and all(isinstance(s, str) for s in table["solution"])
        assert sorted(p.name for p in tmp_path.glob("*.jsonl")) in ([], ["nonogram.jsonl", "sudoku.jsonl"])


def test_the_card_names_splits_sizes_command_and_guarantee(tmp_path):
    out = tmp_path / "s.jsonl"
    assert run("generate", "sudoku", "--size", "4", "--count", "10", "--split", "train=0.5,test=0.5",
               "--out", out, "--quiet") == 0
    card = (tmp_path / "README.md").read_text()
    head = card.split("---")[1]
    assert "license: cc0-1.0" in head and 'path: "s.train.jsonl"' in head and "num_examples" in head
    assert '- name: "question"\n    dtype: string' in head and '- name: "verified_by"\n    list: string' in head
    assert "--split train=0.5,test=0.5" in card and "exactly one solution" in card and "grade version" in card
    assert "## Grade distribution" in card and "|" in card.split("## Grade distribution")[1]


def test_a_readme_of_ones_own_is_never_overwritten(tmp_path):
    mine = tmp_path / "README.md"
    mine.write_text("my notes\n")
    assert run("generate", "sudoku", "--size", "4", "--count", "2", "--out", tmp_path / "s.jsonl", "--quiet") == 0
    assert mine.read_text() == "my notes\n"
    assert (tmp_path / "s.jsonl.README.md").read_text().startswith("---")


def test_split_files_not_made_by_a_split_run_are_refused_untouched(tmp_path, capsys):
    theirs = tmp_path / "d.train.jsonl"
    theirs.write_text("keep\n")
    assert run("generate", "sudoku", "--size", "4", "--count", "3", "--split", "train=0.5,test=0.5",
               "--out", tmp_path / "d.jsonl", "--quiet") == 2
    assert "was not written by" in capsys.readouterr().err and theirs.read_text() == "keep\n"
    assert not (tmp_path / "d.test.jsonl").exists()


def test_a_split_run_resumes_and_gives_the_same_files(tmp_path):
    out = tmp_path / "d.jsonl"
    command = ("generate", "sudoku", "--size", "4", "--count", "8", "--split", "train=0.5,test=0.5", "--out", out,
               "--quiet")
    assert run(*command) == 0
    first = {p.name: p.read_bytes() for p in tmp_path.glob("d.*.jsonl")}
    assert run(*command) == 0
    assert {p.name: p.read_bytes() for p in tmp_path.glob("d.*.jsonl")} == first


def test_the_timings_sidecar_is_not_caught_by_a_jsonl_glob(tmp_path):
    out = tmp_path / "d.jsonl"
    assert run("generate", "sudoku", "--size", "4", "--count", "2", "--out", out, "--quiet") == 0
    assert [p.name for p in tmp_path.glob("*.jsonl")] == ["d.jsonl"]
    assert (tmp_path / "d.jsonl.timings").exists()
    record = json.loads(out.read_text().splitlines()[0])
    assert isinstance(record["question"], str) and isinstance(record["answer"], str)
    assert record["canonical_key"].startswith("sudoku-")
