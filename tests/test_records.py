"""Reading datasets back: every record checked against the schema in one place,
bad files and bad records as one clean line naming the file and line, `--skip-bad` skipping
exactly the bad records, flat CSV/Parquet giving back the records JSONL holds, and pictures
written whole, in the format their file name asks for."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
from pathlib import Path

import pytest

from puzzlelab.lab.data.dataset import DatasetSpec, generate_dataset, journal_header
from puzzlelab.lab.data.plot import picture_format, plot_datasets, save_figure
from puzzlelab.lab.data.records import Skipped, check_record, flatten, read_records, read_timings, unflatten, unportable
from puzzlelab.lab.data.stats import Timing, dataset_stats
from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.face import registry
from puzzlelab.lab.face.cli import main
from puzzlelab.lab.face.render import render

ROOT = Path(__file__).resolve().parents[1]
SUDOKU9 = {"size": 9, "box": ""}
SETTINGS = {"target": None, "symmetric": False, "minimal": True, "difficulty": [0, 2], "dedup": "exact",
            "cross_check": True, "conflicts": 20000}

# One small dataset of each kind of generator output: nested params, multi-line clues,
# difficulty with floats, nulls and flags, or no difficulty at all.
PUZZLES = [
    ("sudoku", {"size": 4, "box": ""}, True),
    ("lightup", {"size": 5, "width": None, "height": None, "density": 0.2, "symmetry": "rot2"}, True),
    ("nonogram", {"size": 5, "width": None, "height": None, "density": 0.55}, False),
    ("minesweeper", {"height": 5, "width": 5, "mines": 4}, False),
    ("chesssolo", {"pieces": 4}, False),
    ("keen", {"size": 4}, False),
    ("pearl", {"size": 5, "height": None}, False),
]


def same(a, b) -> bool:
    """Equal with the same JSON types (True is not 1, 1.0 is not 1)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@pytest.fixture(scope="module")
def sudoku(tmp_path_factory) -> dict[str, Path]:
    """A 9x9 dataset, cross-checked, as JSONL, CSV and Parquet."""
    folder = tmp_path_factory.mktemp("sudoku")
    paths = {}
    for fmt in ("jsonl", "csv", "parquet"):
        paths[fmt] = folder / f"d.{fmt}"
        generate_dataset(DatasetSpec(puzzle="sudoku", options=SUDOKU9, count=4, seed=3, cross_check=True),
                         paths[fmt], fmt=fmt)
    return paths


def cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def clean_error(capsys, *args: str) -> str:
    """Run the CLI, expect bad input: exit 2 and one line on stderr (a traceback would have
    escaped `main` and failed the test already)."""
    code, out, err = cli(capsys, *args)
    assert code == 2, (args, out, err)
    assert len(err.strip().splitlines()) == 1, err
    return err.strip()


# ---- round trips -----------------------------------------------------------------------------
@pytest.mark.parametrize("puzzle, options, cross_check", PUZZLES, ids=[p[0] for p in PUZZLES])
def test_flat_forms_give_back_every_field_with_its_type(tmp_path, puzzle, options, cross_check):
    paths = {}
    for fmt in ("jsonl", "csv", "parquet"):
        paths[fmt] = tmp_path / f"d.{fmt}"
        generate_dataset(DatasetSpec(puzzle=puzzle, options=options, count=3, seed=2, cross_check=cross_check),
                         paths[fmt], fmt=fmt)
    records = list(read_records(paths["jsonl"]))
    assert len(records) == 3
    for record in records:
        for r in (record, {**record, "settings": SETTINGS}):
            assert same(unflatten(flatten(r)), r)
    without = {k: v for k, v in records[0].items() if k != "settings"}
    assert same(unflatten(flatten(without)), without)  # older records: no settings
    for fmt in ("csv", "parquet"):
        assert same(list(read_records(paths[fmt])), records), fmt


def test_stats_on_csv_and_parquet_count_flags_and_cross_checks(tmp_path):
    """verified_by was not restored and CSV's "False" counted as true."""
    spec = DatasetSpec(puzzle="sudoku", options={"size": 4, "box": ""}, count=4, seed=1, minimal=False,
                       cross_check=True)
    stats = {}
    for fmt in ("jsonl", "csv", "parquet"):
        generate_dataset(spec, tmp_path / f"d.{fmt}", fmt=fmt)
        s = dataset_stats(str(tmp_path / f"d.{fmt}")).to_json()
        s.pop("seconds_per_puzzle")
        stats[fmt] = s
    assert stats["jsonl"]["verified"] == {"unique": 4, "minimal": 0, "cross_checked_cpsat": 4,
                                          "recorded": {"unique": 4, "minimal": 4, "verified_by": 4}}
    assert stats["csv"] == stats["parquet"] == stats["jsonl"]


def test_stats_on_a_journal_counts_its_records_not_its_header(tmp_path):
    """A run's OUT.partial opens with a line naming the run: not a record, not a bad one."""
    spec = DatasetSpec(puzzle="sudoku", options={"size": 4, "box": ""}, count=3, seed=1)
    generate_dataset(spec, tmp_path / "d.jsonl")
    records = (tmp_path / "d.jsonl").read_bytes()
    (tmp_path / "d.jsonl.partial").write_bytes(journal_header(spec) + records)
    s = dataset_stats(str(tmp_path / "d.jsonl.partial")).to_json()
    assert (s["records"], s["bad_lines"]) == (3, 0)


def test_older_flat_files_without_settings_read_back(sudoku, tmp_path):
    import pyarrow.parquet as pq

    rows = list(csv.DictReader(io.StringIO(sudoku["csv"].read_text())))
    assert rows and "settings" in rows[0]
    old = tmp_path / "old.csv"
    with open(old, "w", newline="") as f:
        fields = [k for k in rows[0] if k != "settings"]
        writer = csv.DictWriter(f, fieldnames=fields, lineterminator="\n", extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    old_parquet = tmp_path / "old.parquet"
    pq.write_table(pq.read_table(sudoku["parquet"]).drop_columns(["settings"]), old_parquet)
    want = [{k: v for k, v in r.items() if k != "settings"} for r in read_records(sudoku["jsonl"])]
    assert same(list(read_records(old)), want)
    assert same(list(read_records(old_parquet)), want)


def test_kaggle_layout_is_read_and_its_rows_checked(tmp_path):
    path = tmp_path / "k.csv"
    generate_dataset(DatasetSpec(puzzle="sudoku", options=SUDOKU9, count=2, seed=1), path, fmt="kaggle")
    records = list(read_records(path))
    assert [r["clue_count"] for r in records] == [sum(c != "0" for c in r["clues"]) for r in records]
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines + ["123,12", lines[1] + ",x"]) + "\n")
    with pytest.raises(PuzzleError, match=f"{path}: line 4: solution has 2 characters, the puzzle 3"):
        list(read_records(path))
    bad = Skipped()
    assert len(list(read_records(path, skip_bad=True, bad=bad))) == 2
    assert bad.count == 2 and bad.messages[1] == f"{path}: line 5: 3 fields, the header has 2"


def test_unknown_fields_and_nulls_in_optional_fields_are_accepted():
    record = {"puzzle": "sudoku", "clues": "..", "clue_count": 0, "engine": None, "difficulty": {"level": None},
              "a_newer_field": [1, 2]}
    assert check_record(record) is record


# ---- bad records and bad files --------------------------------------------------------------
def _jsonl_with(sudoku, path: Path, second: str) -> Path:
    """The dataset's first record, then `second` as line 2, then the rest."""
    lines = sudoku["jsonl"].read_text().splitlines()
    path.write_text("\n".join([lines[0], second] + lines[1:]) + "\n")
    return path


def _record(sudoku, **changes) -> str:
    record = unportable(json.loads(sudoku["jsonl"].read_text().splitlines()[1]))  # nested, as files were
    for key, value in changes.items():
        if key.startswith("difficulty_"):
            record["difficulty"][key[len("difficulty_"):]] = value
        elif value is ...:
            del record[key]
        else:
            record[key] = value
    return json.dumps(record)


JSONL_CASES = [
    ({"clue_count": "many"}, 'clue_count: expected a whole number >= 0, got "many"'),
    ({"clue_count": -3}, "clue_count: expected a whole number >= 0, got -3"),
    ({"difficulty": [1, 2]}, "difficulty: expected an object of measures, got [1, 2]"),
    ({"puzzle": 5}, "puzzle: expected a puzzle name, got 5"),
    ({"puzzle": ...}, "puzzle: missing"),
    ({"clues": ...}, "clues: missing"),
    ({"verified_by": "x"}, 'verified_by: expected a list of names, got "x"'),
    ({"unique": "yes"}, 'unique: expected true or false, got "yes"'),
    ({"seed": 1.5}, "seed: expected a whole number, got 1.5"),
    ({"params": [3, 3]}, "params: expected an object, got [3, 3]"),
    ({"settings": "fast"}, 'settings: expected an object, got "fast"'),
    ({"difficulty_level": "hard"}, 'difficulty.level: expected a whole number >= 0 or null, got "hard"'),
    ({"difficulty_probes": {"a": 1}}, 'difficulty.probes: expected a number, text, true/false or null, got {"a": 1}'),
]


@pytest.mark.parametrize("changes, message", JSONL_CASES, ids=[m.split(":")[0] + str(i) for i, (_, m)
                                                               in enumerate(JSONL_CASES)])
def test_a_field_of_the_wrong_type_is_one_line_naming_file_and_line(sudoku, tmp_path, capsys, changes, message):
    path = _jsonl_with(sudoku, tmp_path / "bad.jsonl", _record(sudoku, **changes))
    assert clean_error(capsys, "stats", path).endswith(f"{path}: line 2: {message}")
    assert clean_error(capsys, "plot", path, "--out", tmp_path / "p.png").endswith(f"{path}: line 2: {message}")
    assert not (tmp_path / "p.png").exists()
    code, out, _ = cli(capsys, "stats", path, "--skip-bad", "--json")
    data = json.loads(out)
    assert code == 0 and data["records"] == 4 and data["bad_lines"] == 1
    assert data["bad_line_messages"] == [f"{path}: line 2: {message}"]
    assert cli(capsys, "plot", path, "--skip-bad", "--out", tmp_path / "p.png")[0] == 0


@pytest.mark.parametrize("line, message", [
    ("{not json", "not JSON (Expecting property name"),
    ("null", "not a record: expected a JSON object, got null"),
    ('["puzzle"]', 'not a record: expected a JSON object, got ["puzzle"]'),
])
def test_a_line_that_is_not_a_record(sudoku, tmp_path, capsys, line, message):
    path = _jsonl_with(sudoku, tmp_path / "bad.jsonl", line)
    assert f"{path}: line 2: {message}" in clean_error(capsys, "stats", path)


def test_binary_jsonl_is_not_utf8_text_and_skip_bad_skips_exactly_those_lines(sudoku, tmp_path, capsys):
    lines = sudoku["jsonl"].read_bytes().splitlines(keepends=True)
    path = tmp_path / "bin.jsonl"
    path.write_bytes(lines[0] + b"\xff\xfe\x00garbage\n" + b"".join(lines[1:]) + bytes(range(128, 256)) + b"\n")
    assert clean_error(capsys, "stats", path).endswith(f"{path}: line 2: not UTF-8 text")
    s = dataset_stats(str(path), skip_bad=True)
    assert s.records == 4 and s.skipped.count == 2
    assert s.bad_lines == [f"{path}: line 2: not UTF-8 text", f"{path}: line 6: not UTF-8 text"]
    binary = tmp_path / "photo.jsonl"
    binary.write_bytes(bytes(range(256)) * 40)
    assert clean_error(capsys, "stats", binary).endswith(f"{binary}: line 1: not JSON (Expecting value: line 1 "
                                                         "column 1 (char 0))")
    code, out, _ = cli(capsys, "stats", binary, "--skip-bad", "--json")
    assert code == 0 and json.loads(out)["records"] == 0 and json.loads(out)["bad_lines"] == 41
    assert "line 2: not UTF-8 text" in json.loads(out)["bad_line_messages"][1]
    assert clean_error(capsys, "plot", binary, "--skip-bad", "--out", tmp_path / "p.png").endswith(
        "no records to plot (41 bad records skipped)")


def test_an_overlong_line_is_a_bad_record_not_held_in_memory(sudoku, tmp_path, monkeypatch):
    import puzzlelab.lab.data.records

    lines = sudoku["jsonl"].read_text().splitlines()
    path = tmp_path / "long.jsonl"
    path.write_text("\n".join(lines[:1] + ["[" + "1," * 5000 + "1]"] + lines[1:]) + "\n")
    monkeypatch.setattr(puzzlelab.lab.data.records, "MAX_LINE_BYTES", 4096)
    with pytest.raises(PuzzleError, match=f"{path}: line 2: longer than 4,096 bytes: not a record"):
        list(read_records(path))
    assert len(list(read_records(path, skip_bad=True))) == 4


def _csv_rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text())))


def _write_csv(path: Path, rows: list[list[str]]) -> Path:
    with open(path, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    return path


def _line_of(rows: list[list[str]], i: int) -> int:
    """The line row `i` starts on (cells such as a question hold line breaks)."""
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows[:i])
    return text.getvalue().count("\n") + 1


@pytest.mark.parametrize("column, value, message", [
    ("clue_count", "many", 'clue_count: expected a whole number >= 0, got "many"'),
    ("unique", "maybe", 'unique: expected true or false, got "maybe"'),
    ("params", "{broken", 'params: expected an object, got "{broken"'),
    ("puzzle", "", "puzzle: missing"),
    ("difficulty", '{"level": "hard"}', 'difficulty.level: expected a whole number >= 0 or null, got "hard"'),
])
def test_csv_cells_are_checked_like_json_fields(sudoku, tmp_path, capsys, column, value, message):
    rows = _csv_rows(sudoku["csv"])
    rows[3][rows[0].index(column)] = value
    path = _write_csv(tmp_path / "bad.csv", rows)
    assert clean_error(capsys, "stats", path).endswith(f"{path}: line {_line_of(rows, 3)}: {message}")
    assert dataset_stats(str(path), skip_bad=True).to_json()["records"] == 3


def test_csv_rows_of_the_wrong_length_and_truncated_files(sudoku, tmp_path, capsys):
    rows = _csv_rows(sudoku["csv"])
    path = _write_csv(tmp_path / "long.csv", rows[:2] + [rows[2] + ["extra"]] + rows[3:])
    width = len(rows[0])
    assert clean_error(capsys, "stats", path).endswith(f"line {_line_of(rows, 2)}: {width + 1} fields, "
                                                       f"the header has {width}")
    assert dataset_stats(str(path), skip_bad=True).to_json()["bad_lines"] == 1
    text = sudoku["csv"].read_text()
    for cut in (len(text) - 40, len(text) - text[::-1].index('"') - 1, text.rindex("\n", 0, len(text) - 1) + 5):
        path = tmp_path / "cut.csv"
        path.write_text(text[:cut])  # killed while writing the last row, inside or outside a quoted cell
        assert f"{path}: line {_line_of(rows, 4)}: " in clean_error(capsys, "stats", path)
        s = dataset_stats(str(path), skip_bad=True).to_json()
        assert s["records"] == 3 and s["bad_lines"] == 1


@pytest.mark.parametrize("header", ["hello world", "a,b", "quizzes,solutions", "puzzle,clues,clue_count,colour",
                                    "puzzle,clues", "\x00\x01\x02binary"])
def test_a_csv_header_not_ours_is_refused_naming_it(tmp_path, capsys, header):
    path = tmp_path / "foreign.csv"
    path.write_text(header + "\n1,2\n")
    for skip in ((), ("--skip-bad",)):
        message = clean_error(capsys, "stats", path, *skip)
        assert f"{path}: line 1: not a puzzlelab dataset header" in message
        assert header.encode("unicode_escape").decode()[:40] in message
    assert "not a puzzlelab dataset header" in clean_error(capsys, "plot", path, "--out", tmp_path / "p.png")


def test_a_csv_line_in_a_multi_line_record_is_counted_as_in_the_file(tmp_path):
    """Light Up clues span lines: the line named is where the bad record starts in the file."""
    path = tmp_path / "l.csv"
    generate_dataset(DatasetSpec(puzzle="lightup", options=dict(PUZZLES[1][1]), count=3, seed=2), path, fmt="csv")
    rows = _csv_rows(path)
    rows[3][rows[0].index("clue_count")] = "x"
    _write_csv(path, rows)
    text = path.read_text()
    start = text[: text.index(rows[3][rows[0].index("id")])].count("\n") + 1
    assert start > 4
    with pytest.raises(PuzzleError, match=f"{path}: line {start}: clue_count"):
        list(read_records(path))


def test_broken_parquet_files_are_one_clean_error(sudoku, tmp_path, capsys):
    data = sudoku["parquet"].read_bytes()
    cases = {"half.parquet": data[: len(data) // 2], "tail.parquet": data[:-10], "empty.parquet": b"",
             "text.parquet": b"puzzle,solution\n",
             "flipped.parquet": data[:200] + bytes(b ^ 0x5A for b in data[200:-200]) + data[-200:]}
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        for command in (("stats", path), ("stats", path, "--skip-bad"), ("plot", path, "--out", tmp_path / "p.png")):
            message = clean_error(capsys, *command)
            assert f"{path}: " in message and ("not a readable Parquet file" in message
                                               or "corrupt Parquet data" in message), message
    assert not (tmp_path / "p.png").exists()


def test_parquet_rows_are_checked_and_named_by_row(sudoku, tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = [flatten(r) for r in read_records(sudoku["jsonl"])]
    rows[2]["difficulty"] = json.dumps({**json.loads(rows[2]["difficulty"]), "level": -1})
    path = tmp_path / "level.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path)
    with pytest.raises(PuzzleError, match=f"{path}: row 3: difficulty.level: expected a whole number >= 0 or "
                                          "null, got -1"):
        list(read_records(path))
    assert len(list(read_records(path, skip_bad=True))) == 3
    for row in rows:
        row["clue_count"] = str(row["clue_count"])
    path = tmp_path / "text.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path)
    with pytest.raises(PuzzleError, match=f'{path}: row 1: clue_count: expected a whole number >= 0, got "'):
        list(read_records(path))
    foreign = tmp_path / "foreign.parquet"
    pq.write_table(pa.table({"x": [1], "y": [2]}), foreign)
    with pytest.raises(PuzzleError, match="not a puzzlelab dataset header .*x,y"):
        list(read_records(foreign))


def test_empty_files_and_directories(tmp_path, capsys):
    for name in ("e.jsonl", "e.csv"):
        (tmp_path / name).write_text("")
        code, out, _ = cli(capsys, "stats", tmp_path / name, "--json")
        assert code == 0 and json.loads(out)["records"] == 0
        assert clean_error(capsys, "plot", tmp_path / name, "--out", tmp_path / "p.png").endswith(
            f"{tmp_path / name}: no records to plot")
    (tmp_path / "blank.jsonl").write_text("\n\n")
    assert dataset_stats(str(tmp_path / "blank.jsonl")).records == 0
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    assert clean_error(capsys, "stats", folder).endswith(f"{folder}: is a directory, not a dataset file")
    assert "is a directory" in clean_error(capsys, "plot", folder, "--out", tmp_path / "p.png")
    assert not (tmp_path / "p.png").exists()


def test_skipped_messages_stay_bounded_while_counted(sudoku, tmp_path):
    lines = sudoku["jsonl"].read_text().splitlines()
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(lines + ["{}"] * 500) + "\n")
    s = dataset_stats(str(path), skip_bad=True)
    assert s.records == 4 and s.skipped.count == 500 and len(s.bad_lines) == 20
    assert s.bad_lines[0] == f"{path}: line 5: puzzle: missing"


def test_timings_sidecar_is_read_tolerantly_and_the_median_streamed(tmp_path):
    path = tmp_path / "d.jsonl"
    Path(str(path) + ".timings.jsonl").write_bytes(
        b'{"id": "a", "seconds": 0.5}\n\xff\xfe\n[1]\n{"id": "b"}\n{"id": "c", "seconds": true}\n'
        b'{"id": 3, "seconds": 1}\n{"id": "a", "seconds": 0.25}\n{"id": "d", "seconds": 2}\n')
    assert read_timings(path) == {"a": 0.25, "d": 2.0}
    t = Timing()
    for v in (0.004, 0.001, 0.003, 0.002):
        t.add(v)
    assert t.summary() == {"n": 4, "mean": 0.0025, "median": 0.003, "max": 0.004, "total": 0.01}


# ---- plot arguments ----------------------------------------------------------------------------
def test_plot_needs_one_label_per_dataset_before_reading_anything(sudoku, tmp_path, capsys):
    out = tmp_path / "p.png"
    for labels in (["one"], ["one", "two", "three"], []):
        with pytest.raises(PuzzleError, match=f"--label: {len(labels)} labels? for 2 datasets"):
            plot_datasets(["/no/such/a.jsonl", "/no/such/b.csv"], out, labels=labels)
    message = clean_error(capsys, "plot", sudoku["jsonl"], sudoku["csv"], "--label", "one", "--out", out)
    assert message.endswith("--label: 1 label for 2 datasets: give one per dataset")
    assert not out.exists()
    drawn = plot_datasets([str(sudoku["jsonl"]), str(sudoku["csv"])], out, labels=["one", "two"])
    assert [d["label"] for d in drawn] == ["one", "two"] and [d["records"] for d in drawn] == [4, 4]


def test_plot_refuses_a_dataset_with_no_records_among_others(sudoku, tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(PuzzleError, match=f"{empty}: no records to plot"):
        plot_datasets([str(sudoku["jsonl"]), str(empty)], tmp_path / "p.png")
    assert list(tmp_path.iterdir()) == [empty]


# ---- pictures --------------------------------------------------------------------------------
MAGIC = {"png": b"\x89PNG", "jpg": b"\xff\xd8\xff", "jpeg": b"\xff\xd8\xff", "pdf": b"%PDF", "svg": b"<?xml",
         "PNG": b"\x89PNG"}


def _board():
    sudoku = registry.puzzle("sudoku")
    return sudoku, sudoku.parse((ROOT / "datasets" / "examples" / "sudoku_seed003.txt").read_text())


@pytest.mark.parametrize("ext", sorted(MAGIC))
def test_pictures_are_written_in_the_format_their_extension_names(sudoku, tmp_path, capsys, ext):
    plot_datasets([str(sudoku["jsonl"])], tmp_path / f"plot.{ext}")
    assert (tmp_path / f"plot.{ext}").read_bytes().startswith(MAGIC[ext])
    code, _, err = cli(capsys, "render", "sudoku", ROOT / "datasets" / "examples" / "sudoku_seed003.txt",
                       "--out", tmp_path / f"board.{ext}", "--solution")
    assert code == 0, err
    assert (tmp_path / f"board.{ext}").read_bytes().startswith(MAGIC[ext])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([f"plot.{ext}", f"board.{ext}"])


@pytest.mark.parametrize("name", ["plot.txt", "plot", "plot.png.bak", "plot.pgf"])
def test_an_unknown_or_missing_extension_is_refused_before_any_work(tmp_path, capsys, name):
    out = tmp_path / name
    with pytest.raises(PuzzleError, match=r"no picture extension|unknown picture extension") as caught:
        plot_datasets(["/no/such/dataset.jsonl"], out)  # refused before the dataset is looked at
    assert ".png" in str(caught.value) and ".pdf" in str(caught.value) and ".svg" in str(caught.value)
    ptype, inst = _board()
    with pytest.raises(PuzzleError, match="picture extension"):
        render(ptype, inst, out)
    assert "picture extension" in clean_error(capsys, "render", "sudoku", ROOT / "datasets" / "examples" /
                                              "sudoku_seed003.txt", "--out", out)
    assert list(tmp_path.iterdir()) == []


def test_out_that_is_a_directory_or_under_a_file_is_refused_leaving_nothing(sudoku, tmp_path, capsys):
    folder = tmp_path / "pictures.png"
    folder.mkdir()
    assert "is a directory" in clean_error(capsys, "plot", sudoku["jsonl"], "--out", folder)
    assert "is a directory" in clean_error(capsys, "render", "sudoku", ROOT / "datasets" / "examples" /
                                           "sudoku_seed003.txt", "--out", folder)
    (tmp_path / "afile").write_text("keep")
    with pytest.raises(PuzzleError, match="afile is a file, not a directory"):
        picture_format(tmp_path / "afile" / "p.png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "pictures.png"]
    assert list(folder.iterdir()) == [] and (tmp_path / "afile").read_text() == "keep"


def _figure():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    ax.plot([1, 2, 3])
    return fig


def test_a_failed_save_leaves_the_old_picture_and_no_stray_files(tmp_path, monkeypatch):
    from matplotlib.figure import Figure

    out = tmp_path / "p.png"
    out.write_bytes(b"old picture")
    bystanders = {"p.png.tmp.png": b"mine", ".p.png.tmp": b"mine too"}
    for name, content in bystanders.items():
        (tmp_path / name).write_bytes(content)

    def half_then_fail(self, target, **kw):  # a file object or a path, however the writer hands it over
        if hasattr(target, "write"):
            target.write(b"\x89PNG half")
        else:
            Path(target).write_bytes(b"\x89PNG half")
        raise OSError("disk full")

    monkeypatch.setattr(Figure, "savefig", half_then_fail)
    with pytest.raises(OSError, match="disk full"):
        save_figure(_figure(), out)
    with pytest.raises(OSError, match="disk full"):
        save_figure(_figure(), tmp_path / "new" / "deeper" / "q.png")
    assert out.read_bytes() == b"old picture"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["p.png", *bystanders])
    monkeypatch.undo()
    save_figure(_figure(), out)
    assert out.read_bytes().startswith(b"\x89PNG")
    assert all((tmp_path / n).read_bytes() == c for n, c in bystanders.items())
    assert len(list(tmp_path.iterdir())) == 3


def test_pictures_get_ordinary_permissions_and_keep_those_of_the_file_they_replace(tmp_path):
    old = os.umask(0o022)
    try:
        save_figure(_figure(), tmp_path / "new.svg")
        assert stat.S_IMODE((tmp_path / "new.svg").stat().st_mode) == 0o644
        (tmp_path / "shared.pdf").write_bytes(b"old")
        os.chmod(tmp_path / "shared.pdf", 0o664)
        save_figure(_figure(), tmp_path / "shared.pdf")
        assert stat.S_IMODE((tmp_path / "shared.pdf").stat().st_mode) == 0o664
        assert (tmp_path / "shared.pdf").read_bytes().startswith(b"%PDF")
    finally:
        os.umask(old)
