"""The public Python API (puzzlelab/api.py, puzzlelab/gym.py, docs/python-api.md): every
function on small sudokus (4x4 and 9x9) and on move puzzles (jugs, Chess Ranger); records
equal to the engine's and the CLI's; the reasoning-gym shaped dataset, its scoring and its
curriculum; what bad input raises; and that `import puzzlelab` stays light."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path

import docexamples
import pytest

import puzzlelab as pl
from puzzlelab.lab.data.dataset import DatasetSpec, make_item
from puzzlelab.lab.data.records import read_records
from puzzlelab.lab.engine.puzzle import Instance
from puzzlelab.lab.engine.sat import SessionCache

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "python-api.md"

FOUR = "1.2......43....."  # a 4x4 sudoku, unique, every clue essential
FOUR_SOLVED = ((1, 3, 2, 4), (4, 2, 1, 3), (2, 4, 3, 1), (3, 1, 4, 2))
NINE = "004300209005009001070060043006002087190007400050083000600000105003508690042910300"
NINE_SOLVED = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
JUGS = "capacities 3 5 8\nstart 0 0 8\ngoal 0 4 4"
RANGER = "Qe7 Kb6 Nc6 Pb5 Nf5 Pg4 Rb3 Bc3 Pd3 Pc2 Rg2"


def refused(call, *words: str) -> str:
    """The one-line PuzzleError `call` raises, checked to name `words`."""
    with pytest.raises(pl.PuzzleError) as caught:
        call()
    message = str(caught.value)
    assert "\n" not in message and all(word in message for word in words), message
    return message


# ---- import cost --------------------------------------------------------------------------
PROBE = """
import json, sys
import puzzlelab
light = sorted(m for m in ("numpy", "matplotlib", "ortools", "pysat", "puzzlelab.lab") if m in sys.modules)
assert puzzlelab.check("sudoku", "{board}").status == "unique"
solving = sorted(m for m in ("numpy", "matplotlib", "ortools") if m in sys.modules)
print(json.dumps({{"import": light, "check": solving, "api": sorted(puzzlelab.__all__)}}))
"""


def test_import_puzzlelab_loads_nothing_heavy_and_checking_a_sudoku_no_numpy():
    done = subprocess.run([sys.executable, "-c", PROBE.format(board=FOUR)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["import"] == [], "import puzzlelab loads no engine, let alone numpy, matplotlib or OR-Tools"
    assert seen["check"] == []
    assert {"solve", "check", "generate", "PuzzleDataset", "create_dataset", "PuzzleError"} <= set(seen["api"])


def test_every_public_name_resolves_and_unknown_ones_raise_attribute_error():
    for name in pl.__all__:
        assert getattr(pl, name) is not None
    assert pl.PuzzleError is __import__("puzzlelab.lab.engine.puzzle", fromlist=["x"]).PuzzleError
    assert issubclass(pl.PuzzleError, ValueError)
    with pytest.raises(AttributeError):
        pl.no_such_function  # noqa: B018
    assert "solve" in dir(pl) and pl.__version__


# ---- boards -------------------------------------------------------------------------------
def test_puzzles_parse_and_format_round_trip():
    names = pl.puzzles()
    assert "sudoku" in names and "jugs" in names and names == sorted(names)
    board = pl.parse("sudoku", FOUR)
    assert isinstance(board, Instance) and board.kind == "sudoku" and len(board.clues) == 4
    for fmt in ("line", "grid", "array", "tatham", "json"):
        text = pl.format("sudoku", board, fmt)
        assert pl.parse("sudoku", text, fmt) == board
    assert pl.format("sudoku", board) == FOUR  # the puzzle's own form, the first of its formats
    assert pl.format("sudoku", FOUR, "tatham") == pl.format("sudoku", board, "tatham")  # text is a board too
    assert pl.parse("Solo", FOUR) == board  # an alias
    nine = pl.parse("sudoku", NINE)
    assert pl.parse("sudoku", pl.format("sudoku", nine, "grid")) == nine
    assert pl.parse("sudoku", pl.format("sudoku", nine)) == nine
    assert pl.format("jugs", pl.parse("jugs", JUGS)) == JUGS


def test_bad_boards_names_and_formats_are_refused_in_one_line():
    refused(lambda: pl.parse("sudoku", "1.2.3"), "line 1", "square")
    refused(lambda: pl.parse("sudoku", 12), "text")
    refused(lambda: pl.parse("sudokuu", FOUR), "unknown puzzle")
    refused(lambda: pl.parse(None, FOUR), "puzzle")
    refused(lambda: pl.format("sudoku", FOUR, "png"), "unknown sudoku format", "line, puzzlink, grid")
    refused(lambda: pl.solve("sudoku", ["1.2"]), "text or an Instance")
    refused(lambda: pl.solve("jugs", pl.parse("sudoku", FOUR)), "sudoku board", "jugs")


# ---- solving a clue puzzle --------------------------------------------------------------------
def test_solve_check_and_count_a_4x4_and_a_9x9_sudoku():
    assert pl.solve("sudoku", FOUR) == FOUR_SOLVED
    solved = pl.solve("sudoku", NINE)
    assert "".join(str(d) for row in solved for d in row) == NINE_SOLVED
    assert pl.solve("sudoku", "11..............") is None

    report = pl.check("sudoku", NINE)
    assert report.status == "unique" and report.solutions == [solved]
    loose = pl.check("sudoku", FOUR, without=["r1c1"])
    assert loose.status == "ambiguous" and len(loose.solutions) == 2
    assert loose.solutions[0] != loose.solutions[1] and loose.differences[0].startswith("r")
    assert pl.check("sudoku", FOUR, without="r1c1").status == "ambiguous"  # one name as text
    clash = pl.check("sudoku", "11..............")
    assert clash.status == "unsolvable" and sorted(clash.conflict) == [(0, 0), (0, 1)]
    refused(lambda: pl.check("sudoku", FOUR, without=["r4c4"]), "no clue")

    assert pl.count("sudoku", FOUR) == 1 and pl.count("sudoku", NINE) == 1
    assert pl.count("sudoku", "1...............", limit=7) == 7
    assert pl.count("sudoku", FOUR, limit=1) == 1
    refused(lambda: pl.count("sudoku", FOUR, limit=0), "limit")


def test_clues_grade_explain_and_render(tmp_path):
    needed = pl.clues("sudoku", FOUR)
    assert needed.status == "unique" and needed.minimal
    assert needed.clues == {"r1c1=1": "essential", "r1c3=2": "essential", "r3c2=4": "essential",
                            "r3c3=3": "essential"}
    full = pl.parse("sudoku", "".join(str(d) for row in FOUR_SOLVED for d in row))
    spare = pl.clues("sudoku", full)
    assert not spare.minimal and len(spare.removable) == 16 and spare.essential == []
    assert pl.clues("sudoku", "1...............") == pl.ClueReport("ambiguous", {})

    difficulty = pl.grade("sudoku", NINE)
    assert difficulty["level"] == 0 and difficulty["status"] == "unique" and "human_technique" in difficulty
    assert pl.grade("sudoku", FOUR)["score"] < 1

    steps = pl.explain("sudoku", FOUR)
    assert steps.status == "solved" and steps.level == 0 and steps.text().startswith("sudoku:")

    out = pl.render("sudoku", FOUR, tmp_path / "four.png", solution=True)
    assert out == tmp_path / "four.png" and out.read_bytes().startswith(b"\x89PNG")
    assert pl.render("sudoku", FOUR, tmp_path / "mine.svg", solution=FOUR_SOLVED).exists()
    refused(lambda: pl.render("sudoku", FOUR, tmp_path / "four.txt"), "txt")


# ---- questions, answers, scores -------------------------------------------------------------
def test_question_answer_and_score_a_sudoku():
    text = pl.question("sudoku", FOUR)
    assert "Rules:" in text and "1 .   2 ." in text and "Answer format:" in text
    assert pl.question("sudoku", FOUR, template="{puzzle}|{board}").startswith("sudoku|1 .")
    refused(lambda: pl.question("sudoku", FOUR, template="{nope}"), "template", "{board}")

    reference = pl.answer("sudoku", FOUR)
    assert reference == "1 3 2 4\n4 2 1 3\n2 4 3 1\n3 1 4 2"
    assert pl.answer("sudoku", FOUR, FOUR_SOLVED) == reference
    refused(lambda: pl.answer("sudoku", "11.............."), "no solution")

    right = pl.score("sudoku", FOUR, f"<answer>\n{reference}\n</answer>")
    assert (right.score, right.valid, right.parsed, right.reason) == (1.0, True, True, "")
    wrong = pl.score("sudoku", FOUR, reference.replace("3", "4", 1))
    assert 0 < wrong.score < 1 and not wrong.valid and wrong.parsed and wrong.reason
    assert wrong.score == pl.score("sudoku", FOUR, reference.replace("3", "4", 1), reference=reference).score
    assert pl.score("sudoku", FOUR, reference.replace("3", "4", 1), reference=FOUR_SOLVED) == wrong
    for garbage in ("", "no idea", None, 42):
        nothing = pl.score("sudoku", FOUR, garbage)
        assert nothing.score == 0.0 and not nothing.parsed and nothing.reason

    nine = pl.answer("sudoku", NINE)
    assert pl.score("sudoku", NINE, nine).score == 1.0
    assert 0.9 < pl.score("sudoku", NINE, nine.replace("8", "6", 1)).score < 1


# ---- move puzzles ---------------------------------------------------------------------------
def test_move_puzzles_solve_answer_score_count_and_render(tmp_path):
    pours = pl.solve("jugs", JUGS)
    assert len(pours) == 7  # the fewest
    text = pl.answer("jugs", JUGS)
    assert text.splitlines()[0] == "3->2" and len(text.splitlines()) == 7
    assert pl.score("jugs", JUGS, text).score == 1.0
    assert pl.score("jugs", JUGS, "\n".join(text.splitlines()[:-1])).score == 0.0  # one pour short
    assert pl.score("jugs", JUGS, "pour it all").score == 0.0
    assert pl.solve("jugs", "capacities 2 4\nstart 0 4\ngoal 1 3") is None  # odd litres from even jugs

    captures = pl.solve("chessranger", RANGER)
    assert len(captures) == 10  # eleven pieces, one left
    reference = pl.answer("chessranger", RANGER)
    assert pl.score("chessranger", RANGER, f"```\n{reference}\n```").score == 1.0
    assert pl.score("chessranger", RANGER, reference.splitlines()[0]).score < 1
    assert pl.count("chessranger", RANGER) == 1
    assert pl.render("chessranger", RANGER, tmp_path / "ranger.svg", solution=True).exists()
    refused(lambda: pl.render("chessranger", RANGER, tmp_path / "r.svg", solution=captures), "solution=True")

    for call in (pl.check, pl.clues, pl.explain, pl.grade):
        refused(lambda: call("chessranger", RANGER), "not available for chessranger", "supports: solve")
    refused(lambda: pl.count("jugs", JUGS), "count is not available for jugs")


# ---- generate -------------------------------------------------------------------------------
def engine_records(spec: DatasetSpec, indices) -> list[dict]:
    sessions = SessionCache()
    return [json.loads(json.dumps(make_item(spec, i, sessions)[0])) for i in indices]


def test_generate_gives_the_engines_records_lazily():
    made = pl.generate("sudoku", 4, seed=3, size=4, dedup="none")
    assert iter(made) is made  # an iterator, made as asked for
    records = list(made)
    spec = DatasetSpec(puzzle="sudoku", options={"size": 4, "box": ""}, count=4, seed=3, dedup="none")
    assert records == engine_records(spec, range(4))
    assert [r["id"] for r in records] == [f"sudoku-3-{i}" for i in range(4)]
    assert all(r["unique"] and r["minimal"] and r["difficulty"]["level"] == 0 for r in records)

    nine = list(pl.generate("sudoku", 2, minimal=False, grade=False))
    spec = DatasetSpec(puzzle="sudoku", options={"size": 9, "box": ""}, count=2, minimal=False, grade=False)
    assert nine == engine_records(spec, range(2)) and "difficulty" not in nine[0]
    assert len(pl.parse("sudoku", nine[0]["clues"]).clues) > 30  # the full clue set

    ranger = list(pl.generate("chessranger", 2, pieces=5))
    spec = DatasetSpec(puzzle="chessranger", options={"pieces": 5}, count=2)
    assert ranger == engine_records(spec, range(2))
    assert pl.score("chessranger", ranger[0]["clues"], ranger[0]["answer"]).score == 1.0


def test_generate_equals_what_the_command_line_writes(tmp_path):
    from puzzlelab.lab.face.cli import main

    for args, options in ((["--size", "4", "--dedup", "symmetry"], {"size": 4, "dedup": "symmetry"}),
                          (["--grade", "1"], {"levels": 1}),
                          (["--pieces", "4"], {"pieces": 4})):
        puzzle = "chessranger" if "pieces" in options else "sudoku"
        out = tmp_path / f"{len(list(tmp_path.iterdir()))}.jsonl"
        assert main(["generate", puzzle, "--count", "3", "--seed", "2", "--out", str(out), "--quiet", *args]) == 0
        assert list(pl.generate(puzzle, 3, seed=2, **options)) == list(read_records(out)), args


def test_generate_drops_duplicates_as_asked():
    exact = list(pl.generate("sudoku", 6, size=4))
    assert len({r["clues"] for r in exact}) == 6
    turned = list(pl.generate("sudoku", 6, size=4, dedup="symmetry"))
    assert len({r["canonical_key"] for r in turned}) == 6
    assert [r["index"] for r in turned] != list(range(6))  # some were turned copies, skipped
    # full 4x4 grids: two up to symmetry (relabelling the digits included), then only repeats
    grids = pl.generate("sudoku", 3, size=4, minimal=False, grade=False, dedup="symmetry")
    assert len([next(grids), next(grids)]) == 2
    refused(lambda: next(grids), "the last 50 puzzles made were all duplicates of the 2")


def test_generate_refuses_unknown_and_malformed_options_before_any_work():
    refused(lambda: pl.generate("sudoku", 3, sise=4), "unknown option 'sise'", "its options: size, box", "levels")
    refused(lambda: pl.generate("jugs", 3), "no generator")
    refused(lambda: pl.generate("sudoku", 0), "count")
    refused(lambda: pl.generate("sudoku", 3, seed=-1), "seed")
    refused(lambda: pl.generate("sudoku", 3, size="4"), "size must be a whole number")
    refused(lambda: pl.generate("sudoku", 3, size=3), "at least 4")
    refused(lambda: pl.generate("sudoku", 3, levels=(2, 1)), "levels")
    refused(lambda: pl.generate("sudoku", 3, levels=(0, "1")), "levels")
    refused(lambda: pl.generate("sudoku", 3, scores=1.5), "scores")
    refused(lambda: pl.generate("sudoku", 3, grade="yes"), "grade must be True or False")
    refused(lambda: pl.generate("sudoku", 3, dedup="some"), "dedup")
    refused(lambda: pl.generate("sudoku", 3, grade=False, levels=1), "--no-grade")
    refused(lambda: pl.generate("chessranger", 3, levels=1), "no SAT difficulty")
    # the CLI's spelling of an option, and its types: the same records as `--density 0 --strip-counts 1`
    from puzzlelab.api import dataset_spec

    refused(lambda: dataset_spec("nonogram", 1, 0, {"density": 1}), "density must be at most 0.95")
    assert dataset_spec("lightup", 1, 0, {"density": 0}).options["density"] == 0.0
    assert isinstance(dataset_spec("lightup", 1, 0, {"density": 0}).options["density"], float)
    assert dataset_spec("tents", 1, 0, {"strip_counts": 1}).options["strip-counts"] == 1


# ---- the dataset ----------------------------------------------------------------------------
def test_dataset_entries_are_generates_records_rebuilt_from_the_seed_and_index_alone():
    ds = pl.PuzzleDataset("sudoku", size=5, seed=4, board_size=4)
    backwards = [ds[i] for i in reversed(range(5))][::-1]
    fresh = pl.PuzzleDataset("sudoku", size=5, seed=4, board_size=4)
    assert [fresh[i] for i in range(5)] == backwards == list(ds)
    assert ds[-1] == ds[4] and len(ds) == 5
    records = list(pl.generate("sudoku", 5, seed=4, size=4, dedup="none"))
    for entry, record in zip(ds, records):
        assert set(entry) == {"question", "answer", "metadata"}
        assert entry["question"] == record["question"] and entry["answer"] == record["answer"]
        meta = entry["metadata"]
        assert meta["source_dataset"] == "puzzlelab_sudoku" and meta["source_index"] == record["index"]
        for key in ("id", "puzzle", "clues", "format", "solution", "canonical_key", "difficulty", "options", "seed",
                    "index"):
            assert meta[key] == record[key], key
    assert ds.record(2) == records[2]
    entry = ds[0]
    entry["metadata"]["clues"] = "spoilt"
    assert ds[0]["metadata"]["clues"] == records[0]["clues"]  # each entry a copy
    assert ds.config == {"puzzle": "sudoku", "size": 5, "seed": 4, "template": None, "board_size": 4}
    assert pl.create_dataset("sudoku", size=5, seed=4, board_size=4)[3] == ds[3]
    with pytest.raises(IndexError):
        ds[5]
    with pytest.raises(TypeError):
        ds["1"]
    assert list(pl.PuzzleDataset("sudoku", size=2)) == [pl.PuzzleDataset("sudoku", size=3)[i] for i in range(2)]
    copied = pickle.loads(pickle.dumps(ds))  # (a data loader's worker processes): without the live solvers
    assert copied[1] == ds[1] and copied.record(2) == records[2]


def test_dataset_questions_follow_a_template_and_options_are_checked():
    ds = pl.PuzzleDataset("sudoku", size=2, seed=0, template="{title}\n{board}\n{answer_format}", board_size=4)
    entry = ds[1]
    assert entry["question"].startswith("Sudoku") and "Rules" not in entry["question"]
    assert entry["question"] == pl.question("sudoku", entry["metadata"]["clues"], ds.template)
    refused(lambda: pl.PuzzleDataset("sudoku", template="{rulez}"), "template", "{rules}")
    refused(lambda: pl.PuzzleDataset("sudoku", sise=4), "unknown option 'sise'")
    refused(lambda: pl.create_dataset("sudoku", colour=2), "unknown option 'colour'")
    refused(lambda: pl.PuzzleDataset("sudoku", dedup="exact"), "duplicates", "canonical_key")
    refused(lambda: pl.PuzzleDataset("sudoku", size=0), "count")
    refused(lambda: pl.PuzzleDataset("sudoku", **{"size": 3, "board-size": 3}), "board_size must be at least 4")
    refused(lambda: pl.PuzzleDataset("chessranger", board_size=4), "unknown option 'board_size'", "pieces")
    refused(lambda: pl.generate("sudoku", 3, board_size=4), "unknown option 'board_size'", "size, box")
    assert pl.PuzzleDataset("sudoku", size=1, dedup="none").spec.dedup == "none"


def test_score_answer_rewards_right_partial_and_unreadable_answers():
    ds = pl.create_dataset("sudoku", size=3, seed=2, board_size=4)
    for entry in ds:
        text = entry["answer"]
        assert ds.score_answer(text, entry) == 1.0
        assert ds.score_answer(f"<think>hmm</think>\nAnswer:\n{text}", entry) == 1.0
        digit = text[0]
        other = "1" if digit != "1" else "2"
        assert 0 < ds.score_answer(other + text[1:], entry) < 1
        for garbage in (None, "", "no idea", "1 2\n3 4"):
            assert ds.score_answer(garbage, entry) == 0.0
    with pytest.raises(pl.PuzzleError):
        ds.score_answer("1", {"question": "?"})

    moves = pl.PuzzleDataset("chessranger", size=2, seed=1, pieces=4)
    for entry in moves:
        assert moves.score_answer(entry["answer"], entry) == 1.0
        assert moves.score_answer(entry["answer"].splitlines()[0], entry) == 0.0
        assert entry["metadata"]["difficulty"] == {}


def test_curriculum_bands_are_respected_and_stepped_through():
    levels = pl.PuzzleCurriculum("sudoku", bands=[(0, 0), (1, 1)], size=2, seed=3)
    assert len(levels) == 2 and levels.band == (0, 0)
    assert [e["metadata"]["difficulty"]["level"] for e in levels.dataset()] == [0, 0]
    assert levels.harder() and levels.band == (1, 1)
    assert [e["metadata"]["difficulty"]["level"] for e in levels.dataset()] == [1, 1]
    assert not levels.harder() and levels.band == (1, 1)
    assert levels.easier() and not levels.easier() and levels.level == 0

    scores = pl.PuzzleCurriculum("sudoku", bands=[(0, 0.08), (0.08, 1)], by="scores", size=4, board_size=4)
    for level, (low, high) in enumerate(scores.bands):
        scores.set_level(level)
        found = [e["metadata"]["difficulty"]["score"] for e in scores.dataset()]
        assert all(low <= s <= high for s in found), (scores.band, found)
    direct = pl.PuzzleDataset("sudoku", size=4, board_size=4, scores=(0.08, 1))
    assert list(direct) == list(scores.dataset())
    assert pl.PuzzleCurriculum("sudoku").bands[0] == (0, 0)
    refused(lambda: scores.set_level(2), "0..1")
    refused(lambda: pl.PuzzleCurriculum("sudoku", by="moves"), "levels or scores")
    refused(lambda: pl.PuzzleCurriculum("sudoku", levels=(1, 1)), "bands")
    refused(lambda: pl.PuzzleCurriculum("chessranger"), "no SAT difficulty")


# ---- reasoning-gym ----------------------------------------------------------------------------
def test_a_training_loop_through_reasoning_gyms_interface():
    """Where reasoning-gym is installed: our puzzles as its datasets, by its factory, mixed with
    one of its own in its CompositeDataset, rewarded by its scoring."""
    reasoning_gym = pytest.importorskip("reasoning_gym")
    from reasoning_gym.composite import CompositeConfig, CompositeDataset, DatasetSpec
    from reasoning_gym.dataset import ProceduralDataset
    from reasoning_gym.utils import extract_answer

    assert pl.register_reasoning_gym(["sudoku", "chessranger"]) == ["puzzlelab_sudoku", "puzzlelab_chessranger"]
    assert pl.register_reasoning_gym(["Solo"]) == ["puzzlelab_sudoku"]  # again: nothing to do
    refused(lambda: pl.register_reasoning_gym(["sudoku"], prefix=""), "already has a dataset named 'sudoku'")

    theirs = reasoning_gym.create_dataset("puzzlelab_sudoku", size=3, seed=5, board_size=4)
    assert isinstance(theirs, ProceduralDataset) and len(theirs) == 3
    ours = pl.PuzzleDataset("sudoku", size=3, seed=5, board_size=4)
    assert list(theirs) == list(ours)

    mixed = CompositeDataset(CompositeConfig(size=8, seed=1, datasets=[
        DatasetSpec("puzzlelab_sudoku", 2.0, {"board_size": 4, "levels": 0}),
        DatasetSpec("puzzlelab_chessranger", 1.0, {"pieces": 4}),
        DatasetSpec("leg_counting", 1.0, {}),
    ]))
    rewards: dict[str, list[float]] = {}
    for step, entry in enumerate(mixed):  # a policy that answers right on even steps only
        answer = entry["answer"] if step % 2 == 0 else "I give up"
        completion = f"<think>...</think>\n<answer>{answer}</answer>"
        reward = mixed.score_answer(extract_answer(completion), entry)
        rewards.setdefault(entry["metadata"]["source_dataset"], []).append(reward)
        assert reward == (1.0 if step % 2 == 0 else 0.0), (step, entry["metadata"])
        source = entry["metadata"]["source_dataset"]
        if source.startswith("puzzlelab_"):
            again = mixed.datasets[source][entry["metadata"]["source_index"]]
            assert again == entry  # rebuilt from the index alone
    assert {"puzzlelab_sudoku", "leg_counting"} <= set(rewards)


def test_the_docs_reasoning_gym_example_runs():
    pytest.importorskip("reasoning_gym")
    checked = docexamples.run_python_examples(DOCS.read_text(), str(DOCS), lang="python reasoning-gym", whole=True)
    assert checked == 1


# ---- the docs page --------------------------------------------------------------------------
def test_the_docs_examples_run_and_print_what_their_comments_say(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # (render writes its picture here)
    text = DOCS.read_text()
    assert docexamples.run_python_examples(text, str(DOCS), shared=True, whole=True) >= 40
    assert (tmp_path / "sudoku.png").exists()
    code = "\n".join(docexamples.blocks(text, "python") + docexamples.blocks(text, "python reasoning-gym"))
    for name in pl.__all__:
        if name != "__version__":
            assert f"pl.{name}" in code, f"docs/python-api.md shows {name} at work"
