"""`count --list FILE`: every solution streamed to a new file, for any clue puzzle; the
puzzle's own ways to count (`each_solution`, `given_rules`) agree with SAT."""

from __future__ import annotations

import json

import pytest

from puzzlelab.lab.data.listing import list_solutions
from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.engine.sat import Budget, SatSession, Unknown
from puzzlelab.lab.engine.solve import count, each_solution
from puzzlelab.lab.face import cli, registry

SUDOKU = registry.puzzle("sudoku")
TWELVE = SUDOKU.parse("12..\n34..\n....\n....")  # a 4x4 with 12 completions


def test_each_solution_lists_what_count_counts_and_the_session_lives_on():
    listed = list(each_solution(SUDOKU, TWELVE))
    assert len(listed) == len({repr(s) for s in listed}) == 12
    assert all(not SUDOKU.verify(TWELVE, s) for s in listed)
    assert count(SUDOKU, TWELVE, 100).n == 12
    session = SatSession(SUDOKU, TWELVE.params)
    first = list(session.each(TWELVE.clues))
    assert len(first) == 12 and session.count(TWELVE.clues, 5).n == 5  # blocking clauses retired
    assert session.check(SUDOKU.parse("12..\n34..\n....\n....").clues).status == "ambiguous"


def test_listing_writes_a_new_file_in_text_or_jsonl_and_never_replaces(tmp_path):
    text = list_solutions(SUDOKU, TWELVE, tmp_path / "all.txt")
    assert (text.n, text.stopped) == (12, None)
    body = (tmp_path / "all.txt").read_text()
    assert body.count("# solution ") == 12 and body.startswith("# solution 1\n1 2")
    assert list_solutions(SUDOKU, TWELVE, tmp_path / "sub" / "all.jsonl", limit=5).stopped == "limit"
    rows = [json.loads(line) for line in (tmp_path / "sub" / "all.jsonl").read_text().splitlines()]
    assert [r["n"] for r in rows] == [1, 2, 3, 4, 5] and all(r["puzzle"] == "sudoku" for r in rows)
    assert len({r["solution"] for r in rows}) == 5 and all(r["solution"].startswith("12") for r in rows)
    with pytest.raises(PuzzleError, match="exists"):
        list_solutions(SUDOKU, TWELVE, tmp_path / "all.txt", limit=1)
    assert (tmp_path / "all.txt").read_text() == body
    assert not list(tmp_path.rglob(".*.tmp")), "no temporary file left behind"


def test_a_budget_that_runs_out_keeps_what_was_found_and_says_so(tmp_path):
    with pytest.raises(Unknown):
        list(each_solution(SUDOKU, TWELVE, Budget(seconds=1e-9)))
    out = tmp_path / "some.txt"
    listing = list_solutions(SUDOKU, TWELVE, out, budget=Budget(seconds=1e-9))
    assert listing.stopped == "budget" and listing.n < 12
    assert out.read_text().count("# solution ") == listing.n


def test_count_command_list_limits_and_refusals(tmp_path, capsys, monkeypatch):
    board = tmp_path / "twelve.txt"
    board.write_text("12..\n34..\n....\n....\n")
    out = tmp_path / "list.jsonl"
    assert cli.main(["count", "sudoku", str(board), "--list", str(out), "--limit", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["count"], data["stopped"], data["complete"]) == (4, "limit", False)
    assert len(out.read_text().splitlines()) == 4
    assert cli.main(["count", "sudoku", str(board), "--limit", "100001"]) == 2
    assert "needs --list" in capsys.readouterr().err
    jugs = tmp_path / "jugs.txt"
    jugs.write_text(registry.puzzle("jugs").example)
    assert cli.main(["count", "jugs", str(jugs), "--list", str(tmp_path / "x.txt")]) == 2
    assert "not available for jugs" in capsys.readouterr().err and not (tmp_path / "x.txt").exists()
