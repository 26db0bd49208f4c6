"""Slant: his difficulties against our grade, his IDs' parameters, puzz.link's points, the text
form and the answer, random tiny boards against brute force, the generator's forests, the
pictures."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from cases.slant import EXAMPLE_SOLUTION, TATHAM_IDS, diagonals
from declarations import tatham_id_lines
from pictures import drawn

from puzzlelab.generators.slant import GENERATOR, random_forest
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession, check_instance
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.slant import PUZZLE, SlantParams, cut_off, loops_of, touches

EASY_NEEDS_LOOPS = "5x5:b0c1a22a02a3b2d1a2a2d2b1a"  # his Easy: settled only by not closing a loop


# ---- outside references ---------------------------------------------------------------------
def test_tathams_easy_boards_grade_at_level_0_and_his_hard_ones_above():
    """His Easy solver counts at the numbers and avoids closing a loop, as unit propagation
    with the lazy rule does; his Hard one needs more (equivalent cells, dead ends), as probing
    does: the two sets split at level 0 and 1 exactly."""
    levels: dict[str, list[int | None]] = {"e": [], "h": []}
    for asked, game in tatham_id_lines(TATHAM_IDS.file):
        levels[asked[-1]].append(grade(PUZZLE, PUZZLE.parse(game)).level)
    assert len(levels["e"]) == 15 and set(levels["e"]) == {0}, levels
    assert len(levels["h"]) == 11 and set(levels["h"]) == {1}, levels


def test_not_closing_a_loop_is_part_of_propagation(monkeypatch):
    inst = PUZZLE.parse(EASY_NEEDS_LOOPS)
    assert grade(PUZZLE, inst).level == 0
    monkeypatch.setattr(type(PUZZLE), "hooks", type(PUZZLE).hooks - {"lazy_units"})
    assert grade(PUZZLE, inst).level > 0


def test_loops_seen_in_probing_settle_what_needs_dead_end_avoidance(monkeypatch):
    """A generated 8x8 that needs search with the CNF's smallest loops alone: with `cut_off`
    as the grade's `dead_end` (a probe that closes a loop fails), probing settles it: Tatham's
    Hard "dead end avoidance", a group of points that could no longer reach the rim."""
    inst = PUZZLE.parse("8x8:a20a2a11c32a322e2b21a4c132a2b12b3c23212c3c2321b2a3a1a20b2e")
    assert grade(PUZZLE, inst).level == 1
    monkeypatch.setattr(type(PUZZLE), "hooks", type(PUZZLE).hooks - {"dead_end"})
    assert grade(PUZZLE, inst).level == 3


def test_cut_off_is_sound_on_parts_of_real_solutions_and_sees_a_loop():
    rng = random.Random(6)
    params = SlantParams(7, 6)
    session = SatSession(PUZZLE, params)
    try:
        for _ in range(10):
            lits = PUZZLE.solution_literals(params, session.rules, random_forest(params, rng))
            for share in (1.0, 0.6, 0.2):
                part = set(rng.sample(lits, int(len(lits) * share)))
                assert not cut_off(params, session.rules, part.__contains__)
        back = session.rules.data.back
        diamond = {-back[2][2], back[2][3], back[3][2], -back[3][3]}  # / \ over \ / round point r4c4
        assert cut_off(params, session.rules, diamond.__contains__)
    finally:
        session.close()


def test_tatham_ids_take_his_parameters():
    inst = PUZZLE.parse("3x3de:c0a4d1a0c")
    assert PUZZLE.parse("3x3:c0a4d1a0c") == inst == PUZZLE.parse("3:c0a4d1a0c") == PUZZLE.parse("3x3dh:c0a4d1a0c")
    assert PUZZLE.format(inst, "tatham") == "3x3:c0a4d1a0c"
    assert PUZZLE.format(inst).splitlines() == ["...0", ".4..", "..1.", "0..."]
    with pytest.raises(PuzzleError, match="at least 2x2"):
        PUZZLE.format(PUZZLE.parse("...\n..."), "tatham")


def test_a_run_of_points_longer_than_a_letter_is_written_as_his():
    """Runs past 26 points chain letters (z, then the rest), as new_game_desc writes them."""
    inst = Instance("slant", SlantParams(9, 9), {(0, 0): 1, (9, 9): 0})
    game = PUZZLE.format(inst, "tatham")
    assert game == "9x9:1zzzt0"
    assert PUZZLE.parse(game) == inst


def test_puzzlink_skips_and_runs_round_trip():
    for board in ("3.0\n...\n.4.", "....\n....\n....", "2" * 7 + "\n" + "." * 7, "4" + "." * 24 + "\n" + "." * 25):
        inst = PUZZLE.parse(board)
        assert PUZZLE.parse(PUZZLE.format(inst, "puzzlink")) == inst


def test_the_solved_pzprv3_file_reads_back_as_the_board_and_its_solution():
    inst = PUZZLE.parse(PUZZLE.example)
    text = PUZZLE.format_solution(inst, EXAMPLE_SOLUTION, "pzprv3")
    assert text.splitlines()[:4] == ["pzprv3", "gokigen", "3", "3"] and text.splitlines()[-3] == "2 2 1 "
    assert read_pzprv3_answer(PUZZLE, text) == (inst, EXAMPLE_SOLUTION)
    # a board in progress: the cells without a diagonal read as `.`, and verify names them
    board, partial = read_pzprv3_answer(PUZZLE, PUZZLE.format(inst, "pzprv3"))
    assert board == inst and partial == ((".",) * 3,) * 3 and "r1c1 holds no diagonal" in PUZZLE.verify(inst, partial)


# ---- verify, answers, the text form ----------------------------------------------------------
def test_verify_accepts_the_examples_solution_and_the_text_form_draws_it_as_tatham():
    inst = PUZZLE.parse(PUZZLE.example)
    assert check_instance(PUZZLE, inst).solutions == [EXAMPLE_SOLUTION]
    assert PUZZLE.verify(inst, EXAMPLE_SOLUTION) == []
    assert PUZZLE.format_solution(inst, EXAMPLE_SOLUTION, "text").splitlines() == [
        "+-1-+-0", "|/|/|\\|", "1-3-+-+", "|/|\\|\\|", "+-+-2-+", "|/|/|/|", "+-+-+-0"]


def test_a_loop_is_named_once_whatever_its_size():
    ring = diagonals(r"""
    ./\.
    /..\
    \../
    .\/.
    """)
    assert loops_of(SlantParams(4, 4), ring) == [[(3, 2), (3, 1), (2, 0), (1, 0), (0, 1), (0, 2), (1, 3), (2, 3)]]
    problems = PUZZLE.verify(Instance("slant", SlantParams(4, 4), {}), ring)
    assert [p for p in problems if "loop" in p] == [
        "the diagonals form a loop through r1c2, r1c3, r2c1, r2c4, r3c1, r3c4, r4c2, r4c3"]


def test_the_answer_is_the_diagonals_row_by_row():
    inst = PUZZLE.parse(PUZZLE.example)
    text = PUZZLE.answer_text(inst, EXAMPLE_SOLUTION)
    assert text.splitlines() == ["/ / \\", "/ \\ \\", "/ / /"]
    assert PUZZLE.read_answer(inst, text) == EXAMPLE_SOLUTION
    assert PUZZLE.read_answer(inst, "```\n//\\\n/\\\\\n///\n```") == EXAMPLE_SOLUTION


def test_json_holds_the_points_and_may_leave_the_size_out():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.format(inst, "json") == (
        '{"puzzle": "slant", "width": 3, "height": 3, "points": [".1.0", "13..", "..2.", "...0"]}')
    assert PUZZLE.parse('{"points": [[null, 1, null, 0], "13..", "..2.", "...0"]}') == inst


# ---- random tiny boards against brute force ---------------------------------------------------
def test_brute_force_matches_both_engines_on_random_boards():
    """Random numbers from random forests (one off now and then) on 3x3, 4x2, 2x4, 1x3 and 3x2
    boards, against every grid of diagonals."""
    rng = random.Random(3)
    tally = {"none": 0, "one": 0, "several": 0}
    for width, height, rounds in ((3, 3, 10), (4, 2, 6), (2, 4, 6), (1, 3, 4), (3, 2, 6)):
        params = SlantParams(width, height)
        grids = list(PUZZLE.candidates(params))
        points = params.points()
        for _ in range(rounds):
            source = random_forest(params, rng)
            kept = rng.sample(points, rng.randint(1, len(points)))
            clues = {p: touches(source, params, p) for p in kept}
            if rng.random() < 0.35:
                key = rng.choice(kept)
                clues[key] = min(clues[key] + 1, 4)
            inst = Instance("slant", params, clues)
            expected = brute_force_count(PUZZLE, inst, grids)
            assert engine_counts(PUZZLE, inst, 5000) == (expected, expected), PUZZLE.format(inst)
            tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
    assert min(tally.values()) >= 3, tally


def test_the_lazy_rule_forces_only_what_the_solution_holds():
    """On parts of a generated solution, what `lazy_units` forces (a diagonal that would close
    a loop is out) is the solution's."""
    rng = random.Random(5)
    params = SlantParams(6, 5)
    session = SatSession(PUZZLE, params)
    try:
        forced = 0
        for _ in range(20):
            grid = random_forest(params, rng)
            lits = PUZZLE.solution_literals(params, session.rules, grid)
            part = set(rng.sample(lits, len(lits) // 2))
            units = PUZZLE.lazy_units(params, session.rules, part.__contains__)
            assert set(units) <= set(lits)
            forced += len(units)
        assert forced > 0
    finally:
        session.close()


# ---- generation -----------------------------------------------------------------------------
def test_random_forests_have_no_loop_and_every_one_comes_out():
    """Every grid of a 2x2 board but the one loop (15 of 16) comes out of the drawing, about as
    often each; larger ones have no loop."""
    rng = random.Random(7)
    params = SlantParams(2, 2)
    seen = Counter(random_forest(params, rng) for _ in range(600))
    assert len(seen) == 15 and min(seen.values()) > 15
    for width, height in ((1, 1), (2, 5), (7, 7), (12, 4)):
        for _ in range(10):
            assert loops_of(SlantParams(width, height), random_forest(SlantParams(width, height), rng)) == []


def test_every_number_fixes_the_grid_by_propagation():
    """Point by point in reading order, each number leaves one cell open: the full clue set
    is unique and settled at level 0, as the generator's `deduces_all` says without asking
    a solver; without a number (or with one changed) it may not be, and it says no."""
    rng = random.Random(9)
    for width, height in ((5, 5), (9, 4), (1, 3)):
        params = SlantParams(width, height)
        grid = random_forest(params, rng)
        clues = GENERATOR.candidate_clues(params, grid)
        inst = Instance("slant", params, clues)
        assert GENERATOR.deduces_all(params, clues, grid)
        assert grade(PUZZLE, inst).level == 0
        assert check_instance(PUZZLE, inst).solutions == [grid]
        assert not GENERATOR.deduces_all(params, {k: v for k, v in clues.items() if k != (0, 0)}, grid)
        assert not GENERATOR.deduces_all(params, {**clues, (0, 0): 1 - clues[(0, 0)]}, grid)


def test_generated_puzzles_are_unique_by_cpsat():
    for options, count in (({"size": 3}, 4), ({"size": 6}, 4), ({"width": 9, "height": 5}, 2)):
        for made in generated_rechecked(PUZZLE, GENERATOR, GENERATOR.params(**options), count, seed=5):
            p = made.instance.params
            assert made.minimal and len(made.instance.clues) < (p.width + 1) * (p.height + 1)


# ---- pictures -------------------------------------------------------------------------------
def test_show_and_render_draw_the_numbers(monkeypatch):
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.show_text(inst).splitlines()[:3] == ["┏━━━━━━━┓", "┃· 1 · 0┃", "┃1 3 · ·┃"]
    written = drawn(monkeypatch, PUZZLE, inst, EXAMPLE_SOLUTION)
    assert sorted(w.text for w in written if w.text.isdigit()) == sorted([str(n) for n in inst.clues.values()] * 2)
