"""X sudoku, what is its own: Tatham's difficulties against our grade, the grid's text forms
(boxes line, box rules, one line, digits past 9), the diagonals against brute force, the
terminal and the picture, symmetry, the generator. The rituals every puzzle shares are
declared in tests/cases/sudoku-x.py (a module named as the puzzle is, loaded here by importlib)."""

from __future__ import annotations

import importlib
import random

from declarations import tatham_id_lines
from tatham import tatham_reads

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.puzzle import Instance
from puzzlelab.lab.engine.sat import check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.latin import latin_grids
from puzzlelab.solvers import sudoku
from puzzlelab.solvers.sudoku_x import PUZZLE, x_board

CASES = importlib.import_module("cases.sudoku-x")
GEN = generator("sudoku-x")


# ---- Tatham's game IDs --------------------------------------------------------------------------
def test_tatham_difficulties_against_our_grade():
    """His Trivial and Basic boards are settled by propagation (level 0), his Intermediate and
    harder ones need probing (level 1) and no search; his Unreasonable ones score above every
    Basic one and, on the median, above his Intermediate ones."""
    levels: dict[str, set[int]] = {}
    scores: dict[str, list[float]] = {}
    for asked, game in tatham_id_lines(CASES.TATHAM_IDS.file):
        diff = asked.split("d")[1] if "d" in asked else "t"
        g = grade(PUZZLE, PUZZLE.parse(game))
        levels.setdefault(diff, set()).add(g.level)
        scores.setdefault(diff, []).append(g.score)
    assert levels["t"] == levels["b"] == {0}
    assert levels["i"] == levels["a"] == levels["e"] == levels["u"] == {1}
    assert min(scores["u"]) > max(scores["b"])
    assert sorted(scores["u"])[1] > sorted(scores["i"])[1]


def test_his_symmetry_and_difficulty_letters_are_read_and_left_out():
    game = tatham_id_lines(CASES.TATHAM_IDS.file)[-1][1]
    desc = game.split(":", 1)[1]
    for head in ("3x3xdu", "3x3xm4de", "3x3xr2", "3x3xadb", "3x3xmd2"):
        assert PUZZLE.parse(f"{head}:{desc}") == PUZZLE.parse(game)
    assert PUZZLE.format(PUZZLE.parse(f"3x3xdu:{desc}"), "tatham") == game


# ---- the text forms -----------------------------------------------------------------------------
def test_the_grid_reads_with_box_rules_on_one_line_and_unspaced():
    inst = PUZZLE.parse(PUZZLE.example)
    drawn = "-----+-----\n. 3 | . 4\n. . | 1 .\n----+----\n. . | . .\n. . | . ."
    for text in (drawn, ".3.4..1.........", ".3.4\n..1.\n....\n....", "\n\n" + PUZZLE.example + "\n\n"):
        assert PUZZLE.parse(text) == inst, text
    solved = check_instance(PUZZLE, inst).solutions[0]
    assert PUZZLE.format_solution(inst, solved) == "1 3  2 4\n2 4  1 3\n\n4 2  3 1\n3 1  4 2"


def test_boxes_taller_than_wide_say_so_in_a_first_line(tmp_path):
    inst = Instance(PUZZLE.name, x_board(3, 2), {(0, 0): 1, (5, 5): 2})
    text = PUZZLE.format(inst)
    assert text.splitlines()[0] == "boxes 3x2" and PUZZLE.parse(text) == inst
    assert PUZZLE.format(inst, "tatham") == "3x2x:1zh2" and PUZZLE.parse("3x2x:1zh2") == inst
    assert tatham_reads("solo", ["3x2x:1zh2"], tmp_path) == ""
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst
    assert PUZZLE.parse(text.replace("boxes 3x2\n", "")).params == x_board(2, 3)


def test_digits_past_nine_are_numbers_or_letters():
    inst = Instance(PUZZLE.name, x_board(4, 4), {(0, 0): 16, (0, 1): 10, (15, 15): 1})
    text = PUZZLE.format(inst)
    assert text.splitlines()[0].split()[:2] == ["16", "10"]
    assert PUZZLE.parse(text) == inst
    lettered = text.replace("16", " g", 1).replace("10", " a", 1)
    assert PUZZLE.parse(lettered) == inst


# ---- the rules against brute force ------------------------------------------------------------
def test_random_4x4_boards_agree_with_brute_force_and_need_the_diagonals():
    """Random givens of 4x4 X grids, counted by brute force, SAT and CP-SAT; the same givens
    on a plain sudoku have more solutions, the diagonals cutting them down."""
    params = x_board(2, 2)
    squares = list(latin_grids(4))
    x_grids = [g for g in squares if not PUZZLE.verify(Instance(PUZZLE.name, params, {}), g)]
    assert len(x_grids) == 48
    rng, fewer = random.Random(3), 0
    for _ in range(8):
        grid = rng.choice(x_grids)
        cells = rng.sample([(r, c) for r in range(4) for c in range(4)], rng.randint(1, 4))
        inst = Instance(PUZZLE.name, params, {cell: grid[cell[0]][cell[1]] for cell in cells})
        expected = brute_force_count(PUZZLE, inst, squares)
        assert engine_counts(PUZZLE, inst) == (expected, expected)
        plain = Instance("sudoku", sudoku.SudokuParams(2, 2), inst.clues)
        fewer += brute_force_count(sudoku.PUZZLE, plain, squares) > expected
    assert fewer


def test_verify_accepts_the_solution():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.verify(inst, CASES.grid(CASES.SOLVED)) == []


# ---- for people --------------------------------------------------------------------------------
def test_show_says_the_diagonals_and_draws_the_boxes():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert shown[0] == "the main diagonals hold each digit once too"
    assert shown[1:4] == ["┏━━━┳━━━┓", "┃· 3┃· 4┃", "┃· ·┃1 ·┃"]


def test_the_picture_has_the_givens_bold_and_the_solution_light(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    written = drawn(monkeypatch, PUZZLE, inst, solution)
    assert sorted(w.text for w in written if w.bold) == ["1", "1", "3", "3", "4", "4"]
    assert len([w for w in written if not w.bold]) == 13


def test_canonical_is_one_text_for_turned_mirrored_and_relabelled_boards():
    inst = PUZZLE.parse(PUZZLE.example)
    turned = PUZZLE.parse(". .  . .\n. .  . .\n\n. 2  . .\n1 .  4 .")  # a half turn, digits renamed
    assert PUZZLE.canonical(turned) == PUZZLE.canonical(inst)
    assert check_instance(PUZZLE, turned).status == "unique"


# ---- the generator ------------------------------------------------------------------------------
def test_generated_boards_of_boxes_taller_than_wide_are_unique_and_minimal():
    from puzzlelab.lab.engine.crosscheck import generated_rechecked

    made = generated_rechecked(PUZZLE, GEN, GEN.checked_params(size=6, box="3x2"), 3, seed=4)
    assert all(g.minimal and g.instance.params.box == (3, 2) for g in made)
