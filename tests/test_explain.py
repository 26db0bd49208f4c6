"""`puzzlelab explain`: the grade's solving path as steps, each with what it settles and a
reason (clues and earlier steps) that really implies it."""

from __future__ import annotations

import json

import pytest

from puzzlelab.lab.engine.explain import explain
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.sat import SatSession
from puzzlelab.lab.face import cli, registry

SUDOKU = registry.puzzle("sudoku")
INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
CLUE_PUZZLES = [n for n in registry.names() if registry.puzzle(n).has_rules]


def test_steps_follow_the_grade_and_settle_every_open_cell():
    inst = SUDOKU.parse(INKALA)
    found, g = explain(SUDOKU, inst), grade(SUDOKU, inst)
    assert (found.status, found.level) == ("solved", g.level)
    assert [s.depth for s in found.steps[1:]] == [depth for depth, *_ in g.path]
    settled = [cell for s in found.steps for cell in s.settles]
    assert len(settled) == len(set(settled)) == 81 - len(inst.clues)
    solution = SUDOKU.format_solution(inst, SatSession(SUDOKU, inst.params).solve(inst.clues).solution, "line")
    for cell in settled:  # "r4c5 = 7", as in the solution
        name, value = cell.split(" = ")
        r, c = (int(x) for x in name[1:].split("c"))
        assert solution[(r - 1) * 9 + c - 1] == value


def test_the_steps_add_up_to_the_grade():
    """Each step shows its weighted cost; they sum to the grade's effort and score with the
    costliest counted twice (at level 0 the effort is the rounds of propagation, and no
    step is weighted)."""
    for board in (INKALA, EASY):
        inst = SUDOKU.parse(board)
        found, g = explain(SUDOKU, inst), grade(SUDOKU, inst)
        assert (found.score, found.effort) == (g.score, g.effort)
        if g.level:
            assert found.hardest == max(s.effort for s in found.steps) > 0
            # (each step's effort is rounded to 0.01 in the explanation, the grade's once)
            assert found.hardest + sum(s.effort for s in found.steps) == \
                pytest.approx(g.effort, abs=0.005 * (len(found.steps) + 2))
            assert f"the costliest ({found.hardest:.1f}) again" in found.text().splitlines()[0]
            assert all(s.effort > 0 and s.still_open > 0 for s in found.steps[1:])
            assert f"cost {found.steps[1].cost} among {found.steps[1].still_open} open" in found.text()
        else:
            assert len(found.steps) == 1 and found.effort > 0
        assert f"score {g.score}" in found.text().splitlines()[0]


def test_at_level_0_the_rounds_are_shown_and_add_up_to_the_effort():
    """Where propagation solves the puzzle, step 0 lists its rounds; their weights (a wide
    or partial round counts WIDE_ROUND_COST) sum to the effort, and together they settle
    what step 0 settles. Sudoku's rounds are all narrow; Tatham's Medium Bridges board needs
    two partial ones ("at least one bridge this way"), his Easy one none; on this Tracks
    board the connectivity rule forces a round (one more, as the grade counts it)."""
    from puzzlelab.lab.engine.grade import WIDE_ROUND_COST

    bridges, tracks = registry.puzzle("bridges"), registry.puzzle("tracks")
    for ptype, board, partial in ((SUDOKU, EASY, 0), (bridges, "7x7m2:2b4b4j3j1b4j2b5b3", 2),
                                  (bridges, "7x7m2:3e4a1t4b2b1g3d4", 0),
                                  (tracks, "8x8:a5f6c3Cl9y6dCf,4,S8,6,7,5,7,7,4,8,S8,6,6,6,6,6,2", 0)):
        inst = ptype.parse(board)
        found, g = explain(ptype, inst), grade(ptype, inst)
        rounds = found.steps[0].rounds
        assert g.level == 0 and len(found.steps) == 1 and rounds
        assert sum(r.weight for r in rounds) == found.effort == g.effort
        assert sum(r.kind == "partial" for r in rounds) == partial
        assert all(r.weight == (WIDE_ROUND_COST if r.kind in ("wide", "partial") else 1) for r in rounds)
        assert [name for r in rounds for name in r.settles] == found.steps[0].settles
        text = found.text()
        assert f"{len(rounds)} round(s) of propagation" in text.splitlines()[0]
        assert text.count("\n  round ") == len(rounds) and text.count("(partial, x") == partial
        assert any(r.kind == "lazy" for r in rounds) == (ptype is tracks)
    hard = explain(SUDOKU, SUDOKU.parse(INKALA))  # above level 0 the steps are the grade, the rounds shown
    rounds = hard.steps[0].rounds
    assert hard.level and rounds and "round(s) of propagation" not in hard.text().splitlines()[0]
    assert [name for r in rounds for name in r.settles] == hard.steps[0].settles


def test_each_rounds_reason_implies_it():
    """A level-0 round's reason (clues, and the facts a person sees settled in the rounds it
    names: a cell's value where cells are one-hot) implies the literal it is given for,
    checked on a fresh solver from the names (Bridges' with its connectivity cuts, as the
    reasons were found); the latest facts are preferred, so rounds
    after the first name earlier rounds, never later ones."""
    from puzzlelab.lab.engine.explain import _round_target
    from puzzlelab.lab.engine.grade import solving_path

    bridges = registry.puzzle("bridges")
    for ptype, board in ((SUDOKU, EASY), (bridges, "7x7m2:2b4b4j3j1b4j2b5b3")):
        inst = ptype.parse(board)
        found = explain(ptype, inst)
        session = SatSession(ptype, inst.params)
        by_name = {ptype.describe_clue(k, v): session.literal(k, v) for k, v in inst.clues.items()}
        primary = set(session.rules.primary)
        one_hot = {v for cell in session.rules.cells for v in cell}
        path = solving_path(ptype, inst).unit_path
        facts = [[lit for lit in r.literals if abs(lit) in primary and (lit > 0 or abs(lit) not in one_hot)]
                 for r in path]
        named_rounds = 0
        for r, done in zip(found.steps[0].rounds, path):
            target = _round_target(done.literals, primary)
            assert (target is None) == (not r.clues and not r.after)
            if target is None:
                continue
            assert all(k < r.n for k in r.after)
            named_rounds += bool(r.after)
            assumptions = [by_name[c] for c in r.clues] + [lit for k in r.after for lit in facts[k - 1]]
            assert session.find([*assumptions, -target]).sat is False, (ptype.name, r.n)  # (cuts as needed)
        assert named_rounds >= len(path) // 2, "the reasons follow the path"


def test_each_reason_implies_its_step():
    """The clues and earlier steps a step names, with the step's finding denied, have no
    solution: checked on a fresh solver, from the names alone."""
    inst = SUDOKU.parse(INKALA)
    found = explain(SUDOKU, inst)
    session = SatSession(SUDOKU, inst.params)
    by_name = {SUDOKU.describe_clue(k, v): session.literal(k, v) for k, v in inst.clues.items()}
    firsts = {}
    from puzzlelab.lab.engine.grade import solving_path

    for n, r in enumerate(solving_path(SUDOKU, inst).rounds, start=1):
        firsts[n] = r.found
    for step in found.steps[1:]:
        assert all(k < step.n for k in step.after)
        assumptions = [by_name[c] for c in step.clues] + [lit for k in step.after for lit in firsts[k]]
        assert not session.solver.solve(assumptions=[*assumptions, -firsts[step.n][0]]), step.n
        assert len(step.clues) < len(inst.clues) or step.after == [], "a reason names a part of the clues"


def test_a_reason_whose_deletions_run_out_of_budget_keeps_its_members(monkeypatch):
    """Minimizing a reason by deletion asks, member by member, whether the rest still
    implies the step; a check that runs out of budget keeps the member, so every reason
    still implies its step (checked with no conflicts allowed at all)."""
    import puzzlelab.lab.engine.explain
    from puzzlelab.lab.engine.sat import Budget

    monkeypatch.setattr(puzzlelab.lab.engine.explain, "MINIMIZE_BUDGET", Budget(conflicts=0))
    inst = SUDOKU.parse(INKALA)
    found = explain(SUDOKU, inst)
    session = SatSession(SUDOKU, inst.params)
    by_name = {SUDOKU.describe_clue(k, v): session.literal(k, v) for k, v in inst.clues.items()}
    from puzzlelab.lab.engine.grade import solving_path

    firsts = {n: r.found for n, r in enumerate(solving_path(SUDOKU, inst).rounds, start=1)}
    for step in found.steps[1:]:
        assumptions = [by_name[c] for c in step.clues] + [lit for k in step.after for lit in firsts[k]]
        assert not session.solver.solve(assumptions=[*assumptions, -firsts[step.n][0]]), step.n


@pytest.mark.parametrize("name", CLUE_PUZZLES)
def test_every_clue_puzzle_explains_its_example(name):
    ptype = registry.puzzle(name)
    found = explain(ptype, ptype.parse(ptype.example))
    assert found.status in ("solved", "stuck") and found.steps[0].depth == 0
    assert found.level == grade(ptype, ptype.parse(ptype.example)).level
    assert found.text().startswith(f"{ptype.name}: {len(found.steps)} step(s)")


def test_explain_command(tmp_path, capsys):
    board = tmp_path / "inkala.txt"
    board.write_text(INKALA + "\n")
    assert cli.main(["explain", "sudoku", str(board), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "solved" and data["level"] == 2 and data["steps"][0]["reasoning"] == "unit propagation"
    empty = tmp_path / "empty.txt"
    empty.write_text("....\n....\n....\n....\n")
    assert cli.main(["explain", "sudoku", str(empty)]) == 1  # search needed: said, exit 1
    assert "ambiguous" in capsys.readouterr().out.splitlines()[0]  # no path settles it
    bad = tmp_path / "bad.txt"
    bad.write_text("12x\n")
    assert cli.main(["explain", "sudoku", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
