"""Issue 40, the third hardening round: what the Python API and the command line answer at
the edges (clue names in `check`, exit codes of move puzzles, format and name disagreeing,
outputs that are links, messages and noise)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lab import registry
from lab.cli import main
from lab.puzzle import PuzzleError
from lab.solve import check

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
