"""Issue 40, the third hardening round: what the Python API and the command line answer at
the edges (clue names in `check`, exit codes of move puzzles, format and name disagreeing,
outputs that are links, messages and noise)."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlelab.lab.data.records import read_records
from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.engine.solve import check
from puzzlelab.lab.face import registry
from puzzlelab.lab.face.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "datasets" / "examples"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# ---- 1. the API's check(without=...) never ignores what it is given -----------------------
@pytest.fixture(scope="module")
def seed003():
    sudoku = registry.puzzle("sudoku")
    return sudoku, sudoku.parse((EXAMPLES / "sudoku_seed003.txt").read_text())


def test_check_without_takes_clue_names_as_well_as_keys(seed003):
    sudoku, inst = seed003
    key = next(k for k, v in inst.clues.items() if sudoku.describe_clue(k, v).startswith("r1c4="))
    assert check(sudoku, inst).status == "unique"
    assert check(sudoku, inst, without=[key]).status == "ambiguous"  # r1c4 is essential
    assert check(sudoku, inst, without=["r1c4"]).status == "ambiguous"
    assert check(sudoku, inst, without=["R1C4=3"]).status == "ambiguous"


@pytest.mark.parametrize("bad", ["r1c1", "r9c9x", (8, 8), 14, ["r1c4"]])
def test_check_without_refuses_what_is_not_a_clue(seed003, bad):
    sudoku, inst = seed003
    with pytest.raises(PuzzleError, match="no clue"):
        check(sudoku, inst, without=[bad])


# ---- 12. a move puzzle with no answer exits 1 ----------------------------------------------
@pytest.mark.parametrize("puzzle, board", [
    ("chessmelee", "board = ['Ra1', 'Rh8']\ncolors = ['W', 'B']\n"),  # no capture at all
    ("chessranger", "board = ['Ra1', 'Rh8']\n"),
    ("chesssolo", "board = ['Ka1', 'Rh8']\n"),
])
def test_chess_with_no_solution_exits_1(tmp_path, capsys, puzzle, board):
    path = tmp_path / "board.txt"
    path.write_text(board)
    code, out, _ = run(capsys, "solve", puzzle, path)
    assert "no solution" in out
    assert code == 1


def test_a_move_search_that_stops_short_exits_1():
    sliding = registry.puzzle("sliding")
    inst = sliding.parse((EXAMPLES / "sliding_seed002.txt").read_text())
    stopped = sliding.answer(inst, max_expanded=5)  # a work bound: the same on any machine
    assert not stopped.data["solved"] and stopped.exit_code == 1
    assert sliding.answer(inst).exit_code == 0


def test_jugs_with_no_way_to_the_goal_exits_1(tmp_path, capsys):
    path = tmp_path / "jugs.json"
    path.write_text('{"capacities": [2, 4], "start": [0, 0], "goal": [1, 0]}')
    code, out, _ = run(capsys, "solve", "jugs", path)
    assert "no sequence" in out and code == 1


# ---- 13. messages say what happened, once --------------------------------------------------
@pytest.mark.parametrize("puzzle, array", [  # the seed's arrays: cells Python reads as strings or numbers
    ("inertia", "[['G', 'x']]"),
    ("inertia", "[['G', 7]]"),
    ("pearl", "[['B', 'W', ' ', ' ', ' '], [' ', ' ', ' ', ' ', 2.5]]"),
    ("bridges", "[[1, ' '], [' ', [1]]]"),
])
def test_a_bad_cell_is_quoted_once(tmp_path, capsys, puzzle, array):
    path = tmp_path / "board.txt"
    path.write_text(f"board = np.array({array})\n")
    code, _, err = run(capsys, "solve", puzzle, path, "--format", "array")
    assert code == 2 and "bad cell '" in err and "''" not in err and "'\"" not in err, err


def test_explain_calls_an_open_board_ambiguous_not_unknown(tmp_path, capsys):
    path = tmp_path / "empty.txt"
    path.write_text("." * 81 + "\n")
    code, out, _ = run(capsys, "explain", "sudoku", path)
    head = out.splitlines()[0]
    assert code == 1 and "ambiguous" in head and "None" not in head and "unknown" not in head


# ---- 2. a dataset layout that disagrees with the file's name ------------------------------
@pytest.mark.parametrize("name, fmt", [("x.jsonl", "csv"), ("x.csv", "jsonl"), ("x.parquet", "kaggle"),
                                       ("x.jsonl", "parquet")])
def test_a_layout_the_name_contradicts_is_refused_before_any_work(tmp_path, capsys, name, fmt):
    code, _, err = run(capsys, "generate", "sudoku", "--size", "4", "--count", "3", "--out", tmp_path / name,
                       "--out-format", fmt)
    assert code == 2 and "does not fit the name" in err
    assert list(tmp_path.iterdir()) == []  # no journal, no timings, no lock


def test_an_unfinished_run_is_refused_in_another_layout(tmp_path, capsys):
    from puzzlelab.lab.data.dataset import DatasetSpec, generate_dataset, journal_header

    spec = DatasetSpec(puzzle="sudoku", options={"size": 4, "box": ""}, count=4, seed=1)
    generate_dataset(spec, tmp_path / "whole.jsonl")
    lines = (tmp_path / "whole.jsonl").read_bytes().splitlines(keepends=True)
    journal = tmp_path / "d.csv.partial"
    journal.write_bytes(journal_header(spec, "csv") + b"".join(lines[:2]))  # a csv run, killed
    before = journal.read_bytes()
    with pytest.raises(PuzzleError, match="written as csv, not kaggle"):
        generate_dataset(spec, tmp_path / "d.csv", "kaggle")
    assert journal.read_bytes() == before and not (tmp_path / "d.csv").exists()
    generate_dataset(spec, tmp_path / "d.csv", "csv")  # its own layout finishes it
    assert len(list(read_records(tmp_path / "d.csv"))) == 4


def test_stats_and_plot_take_the_layout_where_the_name_has_none(tmp_path, capsys):
    out = tmp_path / "d.csv"
    assert run(capsys, "generate", "sudoku", "--size", "4", "--count", "3", "--out", out)[0] == 0
    plain = tmp_path / "d.txt"
    plain.write_bytes(out.read_bytes())
    code, _, err = run(capsys, "stats", plain)
    assert code == 2  # read as JSONL, as its name says nothing
    code, text, _ = run(capsys, "stats", plain, "--format", "csv")
    assert code == 0 and "records" in text and "3" in text.splitlines()[0]
    code, _, _ = run(capsys, "plot", plain, "--format", "csv", "--out", tmp_path / "p.png")
    assert code == 0 and (tmp_path / "p.png").stat().st_size > 0
    code, _, err = run(capsys, "stats", out, "--format", "jsonl")
    assert code == 2 and "does not fit the name" in err


# ---- 3. an output that is a symbolic link --------------------------------------------------
def test_out_on_a_dangling_link_is_refused_and_the_link_kept(tmp_path, capsys):
    link = tmp_path / "d.jsonl"
    link.symlink_to(tmp_path / "nowhere.jsonl")
    for argv in (["generate", "sudoku", "--size", "4", "--count", "2", "--out", link],
                 ["render", "sudoku", EXAMPLES / "sudoku_seed003.txt", "--out", link.with_suffix(".png")]):
        if argv[0] == "render":
            link.with_suffix(".png").symlink_to(tmp_path / "nowhere.png")
        code, _, err = run(capsys, *argv)
        assert code == 2 and "symbolic link" in err
    assert link.is_symlink() and link.with_suffix(".png").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.jsonl", "d.png"]


def test_out_through_a_live_link_writes_its_file_and_keeps_the_link(tmp_path, capsys):
    target = tmp_path / "real.png"
    target.write_bytes(b"old")
    link = tmp_path / "board.png"
    link.symlink_to(target)
    code, _, _ = run(capsys, "render", "sudoku", EXAMPLES / "sudoku_seed003.txt", "--out", link)
    assert code == 0 and link.is_symlink() and target.read_bytes().startswith(b"\x89PNG")


# ---- 4. an output requirement is checked before the first record ---------------------------
def test_parquet_without_pyarrow_is_refused_before_any_work(tmp_path, capsys, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pyarrow(name, *args, **kwargs):
        if name.startswith("pyarrow"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    made = []
    import puzzlelab.lab.data.dataset

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    monkeypatch.setattr(puzzlelab.lab.data.dataset, "make_item", lambda *a: made.append(a))
    code, _, err = run(capsys, "generate", "sudoku", "--size", "4", "--count", "3", "--out", tmp_path / "d.parquet")
    assert code == 2 and "pyarrow" in err and not made
    assert list(tmp_path.iterdir()) == []


# ---- 5. statistics count only what is there -----------------------------------------------
def test_stats_refuses_a_csv_cut_inside_its_last_row(tmp_path, capsys):
    out = tmp_path / "d.csv"
    assert run(capsys, "generate", "sudoku", "--size", "4", "--count", "3", "--out", out)[0] == 0
    whole = out.read_bytes()
    cut = tmp_path / "cut.csv"
    cut.write_bytes(whole[:-5])  # inside the last field: the row still has every column
    code, _, err = run(capsys, "stats", cut)
    assert code == 2 and "cut short" in err  # (on the line the last row starts: its question spans lines)
    code, text, _ = run(capsys, "stats", cut, "--skip-bad")
    assert code == 0 and text.splitlines()[0].split()[1] == "2"


def test_stats_refuses_a_record_of_no_puzzle(tmp_path, capsys):
    path = tmp_path / "d.jsonl"
    path.write_text('{"puzzle": "zzz", "clues": "1", "clue_count": 1}\n')
    code, _, err = run(capsys, "stats", path)
    assert code == 2 and "puzzle" in err and "zzz" in err


def test_stats_says_not_recorded_for_what_a_kaggle_csv_lacks(tmp_path, capsys):
    out = tmp_path / "k.csv"
    assert run(capsys, "generate", "sudoku", "--count", "3", "--out", out, "--out-format", "kaggle")[0] == 0
    code, text, _ = run(capsys, "stats", out)
    verified = next(line for line in text.splitlines() if line.startswith("verified"))
    assert code == 0 and "0/3" not in verified and "not recorded" in verified


# ---- 7, 8. deep nesting and endless input --------------------------------------------------
DEEP = "[" * 3000 + "]" * 3000


@pytest.mark.parametrize("argv", [["stats", "{f}"], ["stats", "{f}", "--skip-bad"], ["plot", "{f}", "--out", "{p}"],
                                  ["render", "--sheet", "{f}", "--out", "{p}"], ["solve", "lightup", "{f}"],
                                  ["solve", "chessmelee", "{f}"], ["check", "sudoku", "{f}"]])
def test_deep_nesting_is_one_line(tmp_path, capsys, argv):
    f = tmp_path / "deep.jsonl"
    f.write_text(f'{{"grid": {DEEP}}}\n' if argv[0] in ("solve", "check") else DEEP + "\n")
    code, _, err = run(capsys, *[a.format(f=f, p=tmp_path / "p.png") for a in argv])
    assert code in (0, 2) and "Traceback" not in err
    if code == 2:
        assert len(err.strip().splitlines()) == 1 and "nested too deeply" in err
    assert not (tmp_path / "p.png").exists()


def test_endless_input_is_read_to_the_limit_only(monkeypatch, capsys):
    import io

    from puzzlelab.lab.engine.puzzle import MAX_INPUT_CHARS

    class Endless(io.TextIOBase):
        asked: list[int] = []

        def read(self, n=-1):
            assert n is not None and n >= 0, "read whole"
            self.asked.append(n)
            return "y\n" * (n // 2) + "y" * (n % 2)

    monkeypatch.setattr("sys.stdin", Endless())
    code, _, err = run(capsys, "solve", "sudoku", "-")
    assert code == 2 and "longer than" in err and Endless.asked == [MAX_INPUT_CHARS + 1]


def test_stats_on_a_line_without_end_stops(tmp_path, capsys, monkeypatch):
    import puzzlelab.lab.data.records

    monkeypatch.setattr(puzzlelab.lab.data.records, "MAX_LINE_BYTES", 1 << 10)
    monkeypatch.setattr(puzzlelab.lab.data.records, "MAX_SKIPPED_BYTES", 1 << 14)
    path = tmp_path / "zero.jsonl"
    path.write_bytes(b"\0" * (1 << 16))
    for skip in ([], ["--skip-bad"]):
        code, _, err = run(capsys, "stats", path, *skip)
        assert code == 2 and "not a dataset file" in err


# ---- 13. names and folders ------------------------------------------------------------------
def test_empty_names_are_refused(tmp_path, capsys):
    code, _, err = run(capsys, "solve", "sudoku", EXAMPLES / "sudoku_seed003.txt", "--format", "")
    assert code == 2 and "--format needs" in err
    code, _, err = run(capsys, "stats", "")
    assert code == 2 and "'.'" not in err and " . " not in err and "empty name" in err


def test_out_dash_is_refused_not_a_file(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "generate", "sudoku", "--size", "4", "--count", "2", "--out", "-")
    assert code == 2 and "standard output" in err and list(tmp_path.iterdir()) == []


def test_count_list_names_its_own_option(capsys):
    code, _, err = run(capsys, "count", "sudoku", EXAMPLES / "sudoku_ambiguous.txt", "--list", "/dev/full")
    assert code == 2 and "--list /dev/full" in err and "--out" not in err


@pytest.mark.parametrize("argv", [["count", "sudoku", EXAMPLES / "sudoku_ambiguous.txt", "--list", "{d}/all.txt"],
                                  ["render", "sudoku", EXAMPLES / "sudoku_seed003.txt", "--out", "{d}/b.png"]])
def test_a_folder_made_for_an_output_is_named(tmp_path, capsys, argv):
    code, _, err = run(capsys, *[str(a).format(d=tmp_path / "new" / "deeper") for a in argv])
    assert code == 0 and f"made the folder {tmp_path / 'new'}" in err


# ---- 14. quiet off a terminal ----------------------------------------------------------------
def test_generate_off_a_terminal_writes_no_progress_and_one_line_of_stats(tmp_path, capsys):
    code, out, err = run(capsys, "generate", "sudoku", "--size", "4", "--count", "3", "--out", tmp_path / "d.jsonl")
    assert code == 0 and "\r" not in err and err == ""  # (pytest's stderr is no terminal)
    assert len(out.strip().splitlines()) == 2 and "unique 3/3" in out
    code, out, _ = run(capsys, "generate", "sudoku", "--size", "4", "--count", "3", "--out", tmp_path / "e.csv",
                       "--stats")
    assert code == 0 and "clue count" in out


# ---- 11, 15. the watchdog is not held off by a solver's search ------------------------------------
def test_a_searching_solver_lets_other_threads_run():
    """pysat holds the GIL through a search unless asked to let go; the CLI's --timeout
    watchdog is a thread, so every interruptible solve must let go (bounded by conflicts
    and counted in ticks of another thread, never timed)."""
    import threading

    from pysat.examples.genhard import PHP

    from puzzlelab.lab.engine.sat import releases_gil

    solver_name = "mc"
    assert releases_gil(solver_name) and not releases_gil("cd153")
    from pysat.solvers import Solver

    ticks = 0
    done = threading.Event()

    def tick() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            done.wait(0.001)

    with Solver(name=solver_name, bootstrap_with=PHP(10).clauses) as solver:
        solver.conf_budget(300_000)
        other = threading.Thread(target=tick)
        other.start()
        try:
            before = ticks
            assert solver.solve_limited(expect_interrupt=releases_gil(solver_name)) is None  # budget spent
            ran = ticks - before
        finally:
            done.set()
            other.join()
    assert ran > 10  # held, the other thread gets one or two ticks in
