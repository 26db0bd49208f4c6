"""Slitherlink: pzprjs's test board and its accepted solution, puzz.link and Tatham's Loopy
IDs, his difficulties against our grade, random tiny boards against brute force, the answer
as the cells inside the loop, the generator's loops, the pictures."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cases.slitherlink import EXAMPLE_SOLUTION, TATHAM_IDS, picture
from declarations import tatham_id_lines
from pictures import drawn

from puzzlelab.generators.slitherlink import joins_as_disk, random_disk
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.slitherlink import PUZZLE, SlitherlinkParams, edge_count, inside_cells, loop_of

PZPRJS = Path(__file__).resolve().parent / "data" / "pzprjs" / "pzprjs_testdata.jsonl"
# pzprjs's test script for slither (test/script/slither.js): its URL and the accepted board
# (pzprv3 file: the numbers, then the vertical edges row by row, then the horizontal ones;
# 1 a line, -1 a cross, 0 nothing), read by the pzprv3 codec
PZPRJS_URL = "https://puzz.link/p?slither/5/5/cbcbcddad"
PZPRJS_SOLUTION = ("pzprv3/slither/5/5/2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3 /"
                   "1 -1 0 -1 -1 1 /1 1 -1 1 -1 1 /1 1 1 0 0 1 /1 1 1 1 1 1 /-1 -1 -1 0 1 1 /"
                   "1 1 1 1 1 /-1 1 1 -1 -1 /0 -1 1 0 0 /0 0 0 1 0 /1 -1 1 -1 0 /-1 0 -1 0 1 /")


# ---- outside references ---------------------------------------------------------------------
def test_pzprjs_test_board_is_unique_with_its_accepted_solution():
    inst = PUZZLE.parse(PZPRJS_URL)
    board, loop = read_pzprv3_answer(PUZZLE, PZPRJS_SOLUTION)
    assert inst.params == SlitherlinkParams(5, 5) and board == inst
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == loop
    assert PUZZLE.verify(inst, loop) == []
    assert PUZZLE.format(inst, "puzzlink") == PZPRJS_URL


def test_the_solved_pzprv3_file_reads_back_as_the_board_and_its_solution():
    """pzprjs saves a slither board as `pzprv3.1` (the cells' colours after the numbers); the
    file written from a solution reads back as the same board and loop, and an `f` board (the
    loop through every dot) is another rule."""
    inst = PUZZLE.parse(PZPRJS_URL)
    loop = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, loop, "pzprv3")
    assert text.startswith("pzprv3.1\nslither\n5\n5\n") and PUZZLE.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(PUZZLE, text) == read_pzprv3_answer(PUZZLE, text.replace("\n", "/")) == (inst, loop)
    with pytest.raises(PuzzleError, match="every dot"):
        PUZZLE.parse("pzprv3.1/slither/2/3/f/. . . /. . . /", "pzprv3")


def test_pzprjs_test_data_agrees_where_it_is_stored():
    found = [json.loads(line) for line in PZPRJS.read_text().splitlines() if '"pid":"slither"' in line]
    assert found and found[0]["url"] == PZPRJS_URL.split("slither/")[1]
    assert PZPRJS_SOLUTION in found[0]["solutions"]


def test_tathams_difficulties_order_our_scores():
    """His Easy and Normal boards score lower on average than his Tricky and Hard ones."""
    scores: dict[bool, list[float]] = {False: [], True: []}
    for asked, game in tatham_id_lines(TATHAM_IDS.file):
        scores[asked[-1] in "th"].append(grade(PUZZLE, PUZZLE.parse(game)).score)
    easy, hard = (sum(s) / len(s) for s in (scores[False], scores[True]))
    assert easy + 0.5 < hard, (easy, hard)


def test_tatham_ids_take_his_parameters():
    inst = PUZZLE.parse("3x3t0de:d30c")
    assert PUZZLE.parse("3x3:d30c") == inst == PUZZLE.parse("3x3t0:d30c")
    assert PUZZLE.format(inst, "tatham") == "3x3t0:d30c"
    with pytest.raises(PuzzleError, match="at least 3x3"):
        PUZZLE.format(PUZZLE.parse("..\n.."), "tatham")


def test_puzzlink_skips_and_runs_round_trip():
    for board in ("3.0\n...\n.4.", "....\n....\n....", "2" * 7 + "\n" + "." * 7):
        inst = PUZZLE.parse(board)
        assert PUZZLE.parse(PUZZLE.format(inst, "puzzlink")) == inst


# ---- verify, answers, the text form ----------------------------------------------------------
def test_verify_accepts_the_examples_loop_and_the_text_form_draws_it():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.verify(inst, EXAMPLE_SOLUTION) == []
    drawn_text = PUZZLE.format_solution(inst, EXAMPLE_SOLUTION, "text")
    assert picture(drawn_text) == EXAMPLE_SOLUTION and drawn_text.splitlines()[1] == "|3 1 1  |"


def test_the_answer_is_the_cells_inside_the_loop():
    inst = PUZZLE.parse(PUZZLE.example)
    text = PUZZLE.answer_text(inst, EXAMPLE_SOLUTION)
    assert text.splitlines() == ["# # # #", ". # # #", ". . # .", ". . # ."]
    assert PUZZLE.read_answer(inst, text) == EXAMPLE_SOLUTION
    # two regions touching at a corner are no single loop
    assert PUZZLE.verify(inst, PUZZLE.read_answer(inst, "# . . .\n. # . .\n. . . .\n. . . ."))


# ---- random tiny boards against brute force ---------------------------------------------------
def test_brute_force_matches_both_engines_on_random_boards():
    """Random numbers from random loops (one off now and then) on 3x3, 4x3, 2x4 and 1x3 boards,
    against every set of edges with each dot of degree 0 or 2."""
    rng = random.Random(3)
    tally = {"none": 0, "one": 0, "several": 0}
    for width, height in ((3, 3), (4, 3), (2, 4), (1, 3)):
        params = SlitherlinkParams(width, height)
        loops = list(PUZZLE.candidates(params))
        cells = params.cells()
        for _ in range(8):
            source = loop_of(params, random_disk(params, rng))
            kept = rng.sample(cells, rng.randint(1, len(cells)))
            clues = {(r, c): edge_count(source, r, c) for r, c in kept}
            if rng.random() < 0.35:
                key = rng.choice(kept)
                clues[key] = min(clues[key] + 1, 4)
            inst = Instance("slitherlink", params, clues)
            expected = brute_force_count(PUZZLE, inst, loops)
            assert engine_counts(PUZZLE, inst, 5000) == (expected, expected), PUZZLE.format(inst)
            tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
    assert min(tally.values()) >= 3, tally


# ---- generation -----------------------------------------------------------------------------
def test_random_disks_have_one_loop_around_them():
    rng = random.Random(7)
    for width, height in ((1, 1), (2, 5), (7, 7), (12, 4)):
        params = SlitherlinkParams(width, height)
        for _ in range(10):
            inside = random_disk(params, rng)
            loop = loop_of(params, inside)
            assert PUZZLE.verify(Instance("slitherlink", params, {}), loop) == []
            assert inside_cells(params, loop) == inside


def test_a_cell_joining_at_a_corner_only_or_closing_a_hole_is_refused():
    inside = [[True, False, False], [False, False, False], [False, False, False]]
    assert not joins_as_disk(inside, 1, 1)  # touches at a corner only
    assert joins_as_disk(inside, 0, 1)
    hook = [[True, True, True], [True, False, True], [True, False, False]]
    assert not joins_as_disk(hook, 2, 1)  # would enclose the middle cell
    assert joins_as_disk(hook, 2, 2)


def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("slitherlink")
    for options, count in (({"size": 3}, 4), ({"size": 7}, 6), ({"width": 10, "height": 5}, 3)):
        for made in generated_rechecked(PUZZLE, gen, gen.params(**options), count, seed=5):
            p = made.instance.params
            assert made.minimal and len(made.instance.clues) < p.width * p.height


# ---- pictures -------------------------------------------------------------------------------
def test_show_and_render_draw_the_numbers(monkeypatch):
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.show_text(inst).splitlines()[1] == "┃3 1 1 ·┃"
    written = drawn(monkeypatch, PUZZLE, inst, EXAMPLE_SOLUTION)
    assert sorted(w.text for w in written if w.text.isdigit()) == sorted([str(n) for n in inst.clues.values()] * 2)
