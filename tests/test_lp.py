"""The linear-program engine (lab/engine/lp.py, `--engine lp`): seed 003's 0/1 indicator model of
sudoku on OR-Tools' MIP solver, cross-checked against SAT and brute force on 4x4 boards,
and the LP relaxation's measures that test seed 003's "a unique puzzle's relaxation is a
single point"."""

from __future__ import annotations

import json
import random

import pytest

from puzzlelab.lab.engine.crosscheck import brute_force_count
from puzzlelab.lab.engine.lp import lp_check, lp_count, relaxation
from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.engine.sat import DEFAULT_SOLVER, SatSession
from puzzlelab.lab.face import registry
from puzzlelab.lab.face.cli import main

SUDOKU = registry.puzzle("sudoku")
EASY = ("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79")


def test_random_4x4_boards_count_the_same_on_lp_sat_and_brute_force():
    inst = SUDOKU.parse(SUDOKU.example)
    candidates = list(SUDOKU.candidates(inst.params))
    rng = random.Random(3)
    keys = list(inst.clues)
    limit = 20
    seen = set()
    for _ in range(40):
        sub = inst.without(rng.sample(keys, rng.randint(0, len(keys))))
        # a wrong digit now and then, so that some boards have no solution
        if rng.random() < 0.25:
            r, c = rng.randrange(4), rng.randrange(4)
            sub = SUDOKU.parse(SUDOKU.format(sub, "text"))
            sub.clues[(r, c)] = rng.randint(1, 4)
        brute = min(brute_force_count(SUDOKU, sub, candidates), limit)
        solutions, complete = lp_count(SUDOKU, sub, limit)
        session = SatSession(SUDOKU, sub.params, DEFAULT_SOLVER)
        try:
            sat = session.count(sub.clues, limit).n
        finally:
            session.close()
        assert complete and len(solutions) == sat == brute, SUDOKU.format(sub, "text")
        assert len(set(solutions)) == len(solutions)
        seen.add(min(brute, 2))
    assert seen == {0, 1, 2}


def test_check_says_unique_ambiguous_and_unsolvable_with_the_conflict():
    inst = SUDOKU.parse(EASY)
    unique = lp_check(SUDOKU, inst)
    assert unique.status == "unique" and SUDOKU.verify(inst, unique.solutions[0]) == []
    fewer = inst.without(list(inst.clues)[:12])
    ambiguous = lp_check(SUDOKU, fewer)
    assert ambiguous.status == "ambiguous" and ambiguous.solutions[0] != ambiguous.solutions[1]
    clash = SUDOKU.parse("55.......\n" + ".........\n" * 8)
    unsolvable = lp_check(SUDOKU, clash)
    assert unsolvable.status == "unsolvable" and sorted(unsolvable.conflict) == [(0, 0), (0, 1)]


def test_relaxation_of_an_easy_unique_puzzle_is_one_integral_point():
    easy = relaxation(SUDOKU, SUDOKU.parse(EASY))
    assert easy.feasible and easy.integral and easy.single_point and easy.fractional == 0


def test_relaxation_of_an_ambiguous_puzzle_is_not_a_point():
    inst = SUDOKU.parse(EASY)
    loose = relaxation(SUDOKU, inst.without(list(inst.clues)[:12]))
    assert loose.feasible and not loose.single_point


def test_relaxation_of_a_contradiction_is_infeasible():
    clash = relaxation(SUDOKU, SUDOKU.parse("55.......\n" + ".........\n" * 8))
    assert not clash.feasible and not clash.single_point


def test_a_puzzle_without_a_linear_model_is_refused():
    keen = registry.puzzle("keen")
    with pytest.raises(PuzzleError, match="lp engine is not available for keen"):
        lp_check(keen, keen.parse(keen.example))


def test_the_command_line_engine_option(tmp_path, capsys):
    board = tmp_path / "s.txt"
    board.write_text(EASY)
    assert main(["check", "sudoku", str(board), "--engine", "lp", "--json", "--no-grade"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "unique"
    assert main(["solve", "sudoku", str(board), "--engine", "lp"]) == 0
    assert capsys.readouterr().out.startswith("5 3 4")
    keen = tmp_path / "k.txt"
    keen.write_text(registry.puzzle("keen").example)
    assert main(["check", "keen", str(keen), "--engine", "lp"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "lp engine is not available for keen" in err
    assert main(["grade", "sudoku", str(board), "--json"]) == 0
    grade = json.loads(capsys.readouterr().out)["difficulty"]
    assert grade["lp_integral"] is True and grade["lp_single_point"] is True
