"""Killer sudoku, what is its own: Tatham's boards against our grade, his sums where he puts
them and where his parser lets them be, a sum's literal (equivalent to its cage's sum), the
cages against brute force, the text form's sections, the generator's cages and givens, the
terminal and the picture. The rituals every puzzle shares are declared in tests/cases/killer.py."""

from __future__ import annotations

import random
import statistics

import pytest
from cases.killer import CAGES, SOLVED, TATHAM_IDS, grid
from declarations import tatham_id_lines
from tatham import tatham_reads

from puzzlelab.generators.solo_common import filled_grid, random_cages, random_regions
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.latin import latin_grids
from puzzlelab.solvers.killer import PUZZLE, killer_board
from puzzlelab.solvers.solo_common import SoloParams, box_board, connected

GEN = generator("killer")


# ---- Tatham's game IDs --------------------------------------------------------------------------
def test_tatham_boards_need_no_search_and_his_harder_ones_score_higher():
    """His 9x9 killers are settled without search (level 0 or 1); the median score grows with
    the difficulty he asked for the digits (Trivial, Intermediate)."""
    scores: dict[str, list[float]] = {}
    for asked, game in tatham_id_lines(TATHAM_IDS.file):
        if asked.startswith("3x3k"):
            g = grade(PUZZLE, PUZZLE.parse(game))
            assert g.level <= 1, game
            scores.setdefault(asked.removeprefix("3x3k") or "dt", []).append(g.score)
    medians = [statistics.median(scores[d]) for d in ("dt", "di")]
    assert medians == sorted(medians)


def test_his_boards_give_no_digit_and_every_cage_two_cells_or_more():
    for _, game in tatham_id_lines(TATHAM_IDS.file):
        inst = PUZZLE.parse(game)
        assert all(key[0] == "sum" for key in inst.clues)
        assert len(inst.clues) == len(inst.params.cages) and min(map(len, inst.params.cages)) >= 2


def test_a_sum_his_parser_reads_in_another_cell_of_its_cage_is_written_in_the_first(tmp_path):
    moved = "2x2k:p,a__a__baa__b_a__,a4_9_3_7d7_6c4a"  # cage r1c1's 4 in r1c2
    first = "2x2k:p,a__a__baa__b_a__,4a9_3_7d7_6c4a"
    assert tatham_reads("solo", [moved, first], tmp_path) == ""
    assert PUZZLE.parse(moved) == PUZZLE.parse(first) and PUZZLE.format(PUZZLE.parse(moved), "tatham") == first
    with pytest.raises(PuzzleError, match="two sums in the cage at r1c1"):
        PUZZLE.parse("2x2k:p,a__a__baa__b_a__,4_4_9_3_7d7_6c4a")


def test_boards_his_game_cannot_hold_have_no_game_id():
    single = Instance(PUZZLE.name, killer_board(4, [[(r, c)] for r in range(4) for c in range(4)], None), {})
    with pytest.raises(PuzzleError, match="a cage of its own"):
        PUZZLE.format(single, "tatham")
    inst = PUZZLE.parse(PUZZLE.example)
    with pytest.raises(PuzzleError, match="the cage at r1c1 has none"):
        PUZZLE.format(inst.without([("sum", 0, 0)]), "tatham")


# ---- a sum's literal --------------------------------------------------------------------------
def test_a_sums_literal_is_its_cage_summing_so():
    """Assumed false, a sum's literal leaves exactly the solutions whose cage sums otherwise:
    on the example without the sum, every one of them (the stripping loop relies on it)."""
    inst = PUZZLE.parse(PUZZLE.example)
    params, squares = inst.params, list(latin_grids(4))
    for key, value in inst.clues.items():
        if key[0] != "sum":
            continue
        cage = params.cages[params.sum_keys[key]]
        rest = inst.without([key])
        others = [s for s in squares if not PUZZLE.verify(rest, s) and sum(s[r][c] for r, c in cage) != value]
        session = SatSession(PUZZLE, params)
        try:
            lit = session.literal(key, value)
            seen = []
            while (hit := session.find(session.assumptions(rest.clues) + [-lit])).sat:
                seen.append(hit.solution)
                session.add_clauses([session.block_clause(hit.solution)])
        finally:
            session.close()
        assert sorted(seen) == sorted(others), key


# ---- the rules against brute force ------------------------------------------------------------
def test_random_small_killers_agree_with_brute_force():
    """Random cages around random grids (boxes, jigsaw regions, X), random sums kept, some
    off by one, some digits: brute force, SAT and CP-SAT count alike."""
    rng = random.Random(11)
    cases = [(box_board(2, 2), 5), (SoloParams(3, random_regions(3, rng)), 3),
             (SoloParams(4, random_regions(4, rng), None, True), 2)]
    for board, times in cases:
        n = board.n
        squares = list(latin_grids(n))
        for _ in range(times):
            square = None
            while square is None:
                square = filled_grid(PUZZLE, board, rng)
            cages = None
            while cages is None:
                cages = random_cages(square, rng, 1, min(n, 3))
            params = SoloParams(n, board.regions, board.box, board.diagonals, tuple(cages))
            clues: dict = {}
            for i, cage in enumerate(params.cages):
                if rng.random() < 0.7:
                    clues[params.sum_key(i)] = sum(square[r][c] for r, c in cage) + (rng.random() < 0.1)
            clues.update({(r, c): square[r][c] for r in range(n) for c in range(n) if rng.random() < 0.1})
            inst = Instance(PUZZLE.name, params, clues)
            expected = brute_force_count(PUZZLE, inst, squares)
            assert engine_counts(PUZZLE, inst) == (expected, expected), PUZZLE.format(inst)


def test_verify_accepts_the_solution():
    assert PUZZLE.verify(PUZZLE.parse(PUZZLE.example), grid(SOLVED)) == []


# ---- the text forms -----------------------------------------------------------------------------
def test_a_jigsaw_x_killer_writes_its_regions_and_diagonals(tmp_path):
    text = CAGES + "sums A=5 B=6\ngiven r2c2=2\nregions\nABBC\nABBC\nAADC\nDDDC\ndiagonals"
    inst = PUZZLE.parse(text)
    assert inst.params.box is None and inst.params.diagonals and PUZZLE.format(inst) == text
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst
    full = Instance(PUZZLE.name, inst.params, {**inst.clues, **{key: 10 for key in inst.params.sum_keys
                                                                if key not in inst.clues}})
    game = PUZZLE.format(full, "tatham")
    assert game.startswith("4jxk:") and PUZZLE.parse(game) == full
    assert tatham_reads("solo", [game], tmp_path) == ""


def test_boxes_taller_than_wide_and_many_cages_are_written_so_they_read_back():
    tall = Instance(PUZZLE.name, killer_board(6, [[(r, 2 * k), (r, 2 * k + 1)] for r in range(6) for k in range(3)],
                                              (3, 2)), {("sum", 0, 0): 3})
    assert PUZZLE.format(tall).startswith("boxes 3x2\nAABBCC\n") and PUZZLE.parse(PUZZLE.format(tall)) == tall
    singles = Instance(PUZZLE.name, killer_board(9, [[(r, c)] for r in range(9) for c in range(9)], None),
                       {("sum", 8, 8): 5})
    text = PUZZLE.format(singles)
    assert text.splitlines()[0].split()[:3] == ["0", "1", "2"] and "80=5" in text
    assert PUZZLE.parse(text) == singles


# ---- the generator ------------------------------------------------------------------------------
def test_generated_cages_keep_every_sum_and_few_digits():
    """Cages of 2 to 4 cells, connected, no digit twice; every sum kept; most boards need a
    digit or two beside the cages, some none."""
    made = generated_rechecked(PUZZLE, GEN, GEN.checked_params(size=6, cage=4), 8, seed=5)
    givens = []
    for g in made:
        params = g.instance.params
        assert set(params.sum_keys) <= set(g.instance.clues)
        for cage in params.cages:
            held = [g.solution[r][c] for r, c in cage]
            assert 2 <= len(cage) <= 4 and connected(cage) and len(set(held)) == len(held)
        givens.append(len(g.instance.clues) - len(params.cages))
    assert max(givens) <= 4 and 0 in givens


def test_the_x_and_jigsaw_options_make_such_boards():
    params = GEN.checked_params(size=5, jigsaw=1, diagonals=1)
    made = generated_rechecked(PUZZLE, GEN, params, 1, seed=2)[0]
    assert made.instance.params.box is None and made.instance.params.diagonals


# ---- for people --------------------------------------------------------------------------------
def test_show_draws_the_cages_with_their_sums_and_then_the_boxes():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert shown[2] == "┃  5   ┃  6   ┃  7   ┃ 3(2) ┃" and shown[10] == "the boxes:"


def test_the_picture_has_the_sums_and_the_given_bold(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    written = drawn(monkeypatch, PUZZLE, inst, grid(SOLVED))
    assert sorted(w.text for w in written if w.bold) == ["2", "2"]
    sums = sorted(str(v) for key, v in inst.clues.items() if key[0] == "sum")
    assert sorted(w.text for w in written if len(w.text) and w.size < 0.3) == sorted(sums * 2)
