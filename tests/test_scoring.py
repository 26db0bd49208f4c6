"""Scoring a model's answers against a dataset (lab/data/scoring.py, lab/data/accuracy_plot.py): right
answers score 1, a corrupted one less, unreadable or missing ones 0, answers for unknown ids
are listed, the table's numbers are the plain means, and bad answers files are refused
naming the line."""

from __future__ import annotations

import json

import pytest

import puzzlelab.lab.data.records
from puzzlelab.lab.data.accuracy_plot import plot_accuracy, wilson_interval
from puzzlelab.lab.data.dataset import DatasetSpec, make_item
from puzzlelab.lab.data.scoring import (
    read_answers,
    read_scores,
    reference_of,
    score_dataset,
    score_record,
    size_label,
    write_scores,
)
from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.engine.sat import SessionCache
from puzzlelab.lab.face import registry

SUDOKU = registry.puzzle("sudoku")
# (options, seed): ids are puzzle-seed-index, so the two sizes take different seeds. The grade
# levels these give (4x4: 0, 0, 0; 9x9: 1, 1, 0) are checked below, not assumed.
SPECS = (({"size": 4, "box": ""}, 1), ({"size": 9, "box": ""}, 3))


def make_records() -> list[dict]:
    sessions = SessionCache()
    out = []
    for options, seed in SPECS:
        spec = DatasetSpec(puzzle="sudoku", options=options, count=3, seed=seed)
        out += [make_item(spec, i, sessions)[0] for i in range(3)]
    return out


def write_lines(path, items) -> None:
    path.write_text("".join((item if isinstance(item, str) else json.dumps(item)) + "\n" for item in items))


def corrupted(solution) -> tuple:
    """The solution with its first cell changed to another digit."""
    n = len(solution)
    first = (solution[0][0] % n + 1,) + tuple(solution[0][1:])
    return (first,) + tuple(solution[1:])


@pytest.fixture(scope="module")
def case(tmp_path_factory):
    """A 6-record dataset and an answers file: right, corrupted, unreadable (4x4); right in a
    code fence, missing, right under `response` (9x9); and one answer for no record."""
    folder = tmp_path_factory.mktemp("scoring")
    records = make_records()
    assert [r["difficulty"]["level"] for r in records] == [0, 0, 0, 1, 1, 0]
    solutions = {}
    for r in records:
        ptype, inst = SUDOKU, SUDOKU.parse(r["clues"], r["format"])
        solutions[r["id"]] = (inst, reference_of(ptype, inst, r))
        assert "".join(str(d) for row in solutions[r["id"]][1] for d in row) == r["solution"]
        bare = {k: v for k, v in r.items() if k != "answer"}  # a record without its reference answer: solved
        assert reference_of(ptype, inst, bare) == solutions[r["id"]][1]

    def text(ident, solution=None):
        inst, reference = solutions[ident]
        return SUDOKU.answer_text(inst, reference if solution is None else solution)

    answers = [
        {"id": "sudoku-1-0", "answer": text("sudoku-1-0")},
        {"id": "sudoku-1-1", "answer": text("sudoku-1-1", corrupted(solutions["sudoku-1-1"][1]))},
        {"id": "sudoku-1-2", "answer": "I could not solve this one."},
        {"id": "sudoku-3-0", "answer": f"Here it is:\n```\n{text('sudoku-3-0')}\n```"},
        {"id": "sudoku-3-2", "response": text("sudoku-3-2")},
        {"id": "sudoku-9-9", "answer": "1 2\n2 1"},
    ]
    dataset, answers_path = folder / "data.jsonl", folder / "answers.jsonl"
    write_lines(dataset, records)
    write_lines(answers_path, answers)
    return {"folder": folder, "records": records, "dataset": dataset, "answers": answers_path,
            "report": score_dataset(dataset, answers_path)}


def test_each_record_gets_its_score_and_the_reason(case):
    scores = {s["id"]: s for s in case["report"].scores}
    assert list(scores) == [r["id"] for r in case["records"]]
    assert scores["sudoku-1-0"] == {"id": "sudoku-1-0", "puzzle": "sudoku", "size": "4x4", "level": 0,
                                    "score": 1.0, "valid": True, "parsed": True, "reason": ""}
    wrong = scores["sudoku-1-1"]
    assert wrong["score"] == 15 / 16 and not wrong["valid"] and wrong["parsed"] and wrong["reason"]
    unreadable = scores["sudoku-1-2"]
    assert (unreadable["score"], unreadable["parsed"]) == (0.0, False)
    assert unreadable["reason"].startswith("unreadable:")
    assert scores["sudoku-3-0"]["score"] == 1.0 and scores["sudoku-3-0"]["size"] == "9x9"
    assert scores["sudoku-3-1"] == {"id": "sudoku-3-1", "puzzle": "sudoku", "size": "9x9", "level": 1,
                                    "score": 0.0, "valid": False, "parsed": False, "reason": "no answer"}
    assert scores["sudoku-3-2"]["score"] == 1.0  # read from `response`
    assert case["report"].unknown_ids == ["sudoku-9-9"]
    assert case["report"].answered == 5


def test_the_table_holds_the_plain_means(case):
    def row(by, size=None, level=None, count=0, accuracy=0.0, fully_right=0.0):
        return {"by": by, "puzzle": "sudoku", "size": size, "level": level, "count": count,
                "accuracy": accuracy, "fully_right": fully_right}

    # scores: 4x4 L0 1, 15/16, 0; 9x9 L1 1, 0; 9x9 L0 1
    assert case["report"].table() == [
        row("puzzle", count=6, accuracy=0.6562, fully_right=0.5),  # 3.9375 / 6 = 0.65625
        row("size", size="4x4", count=3, accuracy=0.6458, fully_right=0.3333),
        row("size", size="9x9", count=3, accuracy=0.6667, fully_right=0.6667),
        row("level", level=0, count=4, accuracy=0.7344, fully_right=0.5),
        row("level", level=1, count=2, accuracy=0.5, fully_right=0.5),
    ]


def test_the_text_table_is_aligned(case):
    text = case["report"].text()
    lines = text.splitlines()
    assert "6 records" in lines[0] and "5 answered" in lines[0] and "1 without an answer" in lines[0]
    assert "sudoku-9-9" in lines[1]
    table = lines[lines.index("") + 1:]
    assert table[0].split("  ")[0] == "puzzle" and table[0].endswith("fully right")
    assert [line.split() for line in table[1:]] == [
        ["sudoku", "all", "all", "6", "0.656", "50.0%"],
        ["sudoku", "4x4", "all", "3", "0.646", "33.3%"],
        ["sudoku", "9x9", "all", "3", "0.667", "66.7%"],
        ["sudoku", "all", "0", "4", "0.734", "50.0%"],
        ["sudoku", "all", "1", "2", "0.500", "50.0%"],
    ]
    ends = {len(line) for line in table}
    assert len(ends) == 1  # every row as wide as the header: the numbers are right-aligned


def test_a_records_own_answer_is_the_reference(case):
    record = dict(case["records"][0])
    inst = SUDOKU.parse(record["clues"], record["format"])
    solved = reference_of(SUDOKU, inst, record)
    other = corrupted(solved)
    record["answer"] = SUDOKU.answer_text(inst, other)
    assert reference_of(SUDOKU, inst, record) == other  # read from the record, not solved
    # partial credit is counted against it: an answer equal to it (but breaking a rule) gets
    # every cell's credit, kept below 1; the solved grid is valid by the rules all the same
    assert score_record(record, record["answer"])["score"] == 0.99
    assert score_record(record, SUDOKU.answer_text(inst, solved))["score"] == 1.0


def test_a_record_without_a_grade_has_no_level(case):
    record = {k: v for k, v in case["records"][0].items() if k != "difficulty"}
    inst = SUDOKU.parse(record["clues"], record["format"])
    scored = score_record(record, SUDOKU.answer_text(inst, reference_of(SUDOKU, inst, record)))
    assert (scored["level"], scored["score"]) == (None, 1.0)


def test_size_labels():
    assert size_label({"params": {"width": 7, "height": 5}, "options": {"size": 7}}) == "7x5"
    assert size_label({"params": {"box_rows": 3, "box_cols": 3}, "options": {"size": 9}}) == "9x9"
    assert size_label({"params": {"n": 6}, "options": {"n": 6}}) == "n=6"  # dominosa: no board side
    assert size_label({"params": {"n": 5}, "options": {"size": 5}}) == "5x5"  # towers
    assert size_label({"params": {"variant": "x"}, "options": {"pieces": 8}}) is None
    assert size_label({"puzzle": "sudoku"}) is None


@pytest.mark.parametrize("lines, message", [
    (['{"id": "a", "answer": "x"}', "{not json"], "line 2: not JSON"),
    (['{"answer": "x"}'], "line 1: no id"),
    (['{"id": 7, "answer": "x"}'], "line 1: id: expected text"),
    (['{"id": "a", "answer": "x"}', "", '{"id": "a", "output": "y"}'], "line 3: id 'a' again (first on line 1)"),
    (['{"id": "a", "answer": null}'], "line 1: id 'a': answer: expected text"),
    (['{"id": "a", "text": "x"}'], "line 1: id 'a': no answer"),
    (["[1, 2]"], "line 1: not an answer"),
])
def test_bad_answers_files_are_refused_naming_the_line(tmp_path, lines, message):
    path = tmp_path / "answers.jsonl"
    write_lines(path, lines)
    with pytest.raises(PuzzleError, match="^" + str(path) + ": " + message.replace("(", r"\(").replace(")", r"\)")):
        read_answers(path)


def test_answer_lines_are_bounded_as_dataset_lines_are(tmp_path, monkeypatch):
    monkeypatch.setattr(puzzlelab.lab.data.records, "MAX_LINE_BYTES", 64)
    path = tmp_path / "answers.jsonl"
    write_lines(path, ['{"id": "a", "answer": "x"}', json.dumps({"id": "b", "answer": "x" * 200})])
    with pytest.raises(PuzzleError, match="line 2: longer than 64 bytes: not an answer"):
        read_answers(path)


def test_a_bad_answers_file_fails_before_the_dataset_is_read(tmp_path):
    write_lines(tmp_path / "answers.jsonl", ["{"])
    with pytest.raises(PuzzleError, match="line 1: not JSON"):
        score_dataset(tmp_path / "no-such-dataset.jsonl", tmp_path / "answers.jsonl")


def test_scores_are_written_as_jsonl_and_never_over_an_input(case):
    out = case["folder"] / "out" / "scores.jsonl"
    inputs = (case["dataset"], case["answers"])
    write_scores(case["report"].scores, out, inputs)
    assert [json.loads(line) for line in out.read_text().splitlines()] == case["report"].scores
    for source in inputs:
        before = source.read_bytes()
        with pytest.raises(PuzzleError, match="is the input"):
            write_scores(case["report"].scores, source, inputs)
        assert source.read_bytes() == before
    link = case["folder"] / "link.jsonl"
    link.symlink_to(case["dataset"])
    with pytest.raises(PuzzleError, match="is the input"):
        write_scores(case["report"].scores, link, inputs)


def test_the_accuracy_plot_is_written(case):
    out = case["folder"] / "accuracy.png"
    points = plot_accuracy(case["report"].scores, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 10_000
    assert [(p["series"], p["level"], p["count"]) for p in points] == [
        ("sudoku 4x4", 0, 3), ("sudoku 9x9", 0, 1), ("sudoku 9x9", 1, 2)]
    assert not list(case["folder"].glob(".accuracy.png.*"))  # no temporary file left
    with pytest.raises(PuzzleError, match="--plot .*unknown picture extension"):
        plot_accuracy(case["report"].scores, case["folder"] / "accuracy.txt")


def test_plot_draws_a_scores_file_as_accuracy_and_refuses_a_mix_with_datasets(case, capsys):
    from puzzlelab.lab.face.cli import main

    scores = case["folder"] / "scores.jsonl"
    write_scores(case["report"].scores, scores, (case["dataset"], case["answers"]))
    assert read_scores(scores) == case["report"].scores and read_scores(case["dataset"]) is None
    out = case["folder"] / "from-plot.png"
    assert main(["plot", str(scores), "--out", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["plot", str(scores), str(case["dataset"]), "--out", str(case["folder"] / "x.png")]) == 2
    assert "not both" in capsys.readouterr().err and not (case["folder"] / "x.png").exists()


def test_the_wilson_interval_holds_the_share():
    low, high = wilson_interval(0, 4)
    assert low == 0.0 and 0 < high < 1
    low, high = wilson_interval(4, 4)
    assert 0 < low < 1 and high == pytest.approx(1.0)
