"""Forcing chains through two-valued cells (`puzzlelab.lab.engine.chains`): what they find by hand, the C
engine against the Python one, and what they do to the grade."""

from __future__ import annotations

import random

import pytest

from puzzlelab.lab.engine import chains, probing
from puzzlelab.lab.engine.explain import explain
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.grade import GRADE_SOLVER, UNCHAINED_COST, grade, solving_path
from puzzlelab.lab.engine.puzzle import Rules
from puzzlelab.lab.engine.rounds import _native
from puzzlelab.lab.engine.sat import SatSession, SessionCache
from puzzlelab.lab.face import registry

SUDOKU = registry.puzzle("sudoku")
# Tatham's own 6x6 boards (`sgt-solo --generate 1 2x3du` and `2x3de`): his Unreasonable one
# needs a guess, his Extreme one a forcing chain.
UNREASONABLE = "2x3:c3a1a3f2a1b1a5f5a6a1c"
EXTREME = "2x3:c4f1b4_3_1_6b1_6_2_3b3f1c"


def triangle(colours: int = 3) -> Rules:
    """Three regions that all touch, `colours` colours each: region k colour c is variable
    k * colours + c + 1; touching regions differ (binary clauses)."""
    x = [[k * colours + c + 1 for c in range(colours)] for k in range(3)]
    clauses = [list(row) for row in x]
    clauses += [[-x[a][c], -x[b][c]] for a, b in ((0, 1), (0, 2), (1, 2)) for c in range(colours)]
    return Rules(clauses, [v for row in x for v in row], x, [list(row) for row in x], cells=x)


def both(links: chains.ChainLinks, facts: list[int], first: int = 0) -> int:
    """The C engine's answer, checked against the Python one's."""
    found = chains._forcing_chain(links, facts, first)
    if _native is not None:
        assert _native.forcing_chain(links.start, links.to, links.cell_start, links.cell_vars, facts,
                                     links.variables, first) == found
    return found


def test_a_triangle_of_two_coloured_regions_is_refuted_by_a_chain():
    links = chains.chain_links(triangle())
    assert links is not None
    # Colour 3 ruled out everywhere: "region 1 has colour 1" forces regions 2 and 3 to colour 2.
    assert both(links, [-3, -6, -9]) == 1
    # Region 3 still has three colours, so no chain runs through it; but supposing it has
    # colour 1 leaves regions 1 and 2 (two-valued) both colour 2, next to each other.
    assert both(links, [-3, -6]) == 7
    assert both(links, [-3, -6], first=8) == 8  # probed first, and refuted too
    assert both(links, [-3, -6], first=1) == 7  # probed first, but it holds
    assert both(links, [-3, -6], first=-3) == 7  # not open: not probed
    # No cell with two values left: no chain at all (failed-literal probing finds nothing either).
    assert both(links, []) == 0


def test_a_puzzle_without_cells_has_no_links():
    rules = triangle()
    rules.cells = []
    assert chains.chain_links(rules) is None


@pytest.mark.skipif(_native is None, reason="lab/engine/_rounds.c was not built")
@pytest.mark.parametrize("name,size", [("sudoku", 4), ("sudoku", 6), ("sudoku", 9), ("keen", 5), ("towers", 5)])
def test_the_c_engine_answers_as_the_python_one(name, size):
    ptype, gen = registry.puzzle(name), registry.generator(name)
    rng = random.Random(size)
    made = generate_one(ptype, gen, gen.params(size=size), rng, SessionCache())
    session = SatSession(ptype, made.instance.params, GRADE_SOLVER)  # (its rules read back as a formula)
    try:
        links = chains.chain_links(session.rules)
        truth = session.solution_literals(made.solution)
        formula, primary = session.formula(), session.rules.primary
    finally:
        session.close()
    assert links is not None
    answers = set()
    for _ in range(150):  # parts of the solution, now and then with a wrong literal: both agree either way
        facts = rng.sample(truth, rng.randint(0, len(truth)))
        if rng.random() < 0.1:
            facts.append(-rng.choice(truth))
        found = both(links, facts)
        engine = probing.rounds_prober(formula, primary)  # the grade's prober holding these facts
        if engine.fix(facts) is not None:  # (what it holds, propagated, read from its values)
            held = engine.facts()
            assert chains.forcing_chain(links, [], 0, engine) == both(links, held)
        hinted = both(links, facts, rng.choice(truth) * rng.choice((1, -1)))
        assert (found != 0) == (hinted != 0)  # which probe goes first changes which, not whether
        answers.add(found != 0)
    assert answers == {True, False}


def test_tathams_unreasonable_board_has_a_step_no_chain_shows():
    hard = solving_path(SUDOKU, SUDOKU.read(UNREASONABLE, "tatham"))
    easier = solving_path(SUDOKU, SUDOKU.read(EXTREME, "tatham"))
    assert hard.level == easier.level == 1
    assert [r.chained for r in hard.rounds] == [False, False]
    assert [r.chained for r in easier.rounds] == [True]


def test_an_unchained_step_costs_more_by_unchained_cost(monkeypatch):
    inst = SUDOKU.read(UNREASONABLE, "tatham")
    charged = [r.cost for r in solving_path(SUDOKU, inst).rounds]
    monkeypatch.setattr("puzzlelab.lab.engine.grade.UNCHAINED_COST", 1.0)
    plain = [r.cost for r in solving_path(SUDOKU, inst).rounds]
    assert charged == [round(c * UNCHAINED_COST) for c in plain] and charged != plain
    assert grade(SUDOKU, inst).hardest_step == max(plain)  # (patched: the plain cost)


def test_explain_says_when_no_chain_was_in_sight():
    text = explain(SUDOKU, SUDOKU.read(UNREASONABLE, "tatham")).text()
    assert text.count("no forcing chain") == 2
    assert "no forcing chain" not in explain(SUDOKU, SUDOKU.read(EXTREME, "tatham")).text()


def test_puzzles_that_name_no_cells_are_graded_as_before():
    lightup = registry.puzzle("lightup")
    gen = registry.generator("lightup")
    made = generate_one(lightup, gen, gen.params(size=7), random.Random(3), SessionCache())
    assert all(r.chained is None for r in solving_path(lightup, made.instance).rounds)
