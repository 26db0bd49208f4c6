"""Sashigane: its forms' corner cases (circled numbers past 15, marks, long runs), the `?` mark
that says nothing, random tiny boards against brute force, the L shapes, the generator's
divisions, its full clue set and the numbers it takes off, answers, symmetry and pictures.
pzprjs's test board and failchecks are in tests/test_puzzlink_genres.py."""

from __future__ import annotations

import json
import random

import pytest
from board_images import images
from cases.sashigane import EXAMPLE_SOLUTION, labels
from declarations import DATA

from puzzlelab.generators.sashigane import SashiganeSpec, divisible, normalised, random_division
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.puzzle import Instance
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.sashigane import (
    CIRCLE,
    PUZZLE,
    SashiganeParams,
    l_shape,
    labelled,
    make_l,
    regions,
)

GENERATOR = generator("sashigane")


def board(text: str) -> Instance:
    return PUZZLE.parse(text)


# ---- the forms ----------------------------------------------------------------------------
def test_the_example_and_its_solution():
    inst = board(PUZZLE.example)
    assert PUZZLE.verify(inst, EXAMPLE_SOLUTION) == []
    assert PUZZLE.format_solution(inst, EXAMPLE_SOLUTION) == "1 1 2 2\n1 3 3 2\n4 3 5 2\n4 4 5 5"
    assert PUZZLE.format(inst, "puzzlink") == "https://puzz.link/p?sashigane/4/4/3n.si"
    assert PUZZLE.format(inst, "pzprv3") == ("pzprv3\nsashigane\n4\n4\no3 . . . \n. o . . \n. . . . \n. . . 3 \n"
                                             + "0 0 0 \n" * 4 + "0 0 0 0 \n" * 3)
    assert json.loads(PUZZLE.format(inst, "json"))["grid"] == [[3, None, None, None], [None, "o", None, None],
                                                               [None] * 4, [None, None, None, "<"]]


def test_puzz_link_numbers_past_fifteen_marks_and_long_runs():
    """`-xx` a number of two hex digits, `@` (or pzprjs's older `%`) a `?` mark, runs of 16
    empty cells as `z`; an address round-trips letter for letter."""
    rows = [["."] * 20 for _ in range(20)]
    rows[0][0], rows[0][1], rows[1][0], rows[19][19] = "39", "?", "^", ">"
    inst = board("\n".join(" ".join(row) for row in rows))
    url = PUZZLE.format(inst, "puzzlink")
    assert url == "https://puzz.link/p?sashigane/20/20/-27@zlg" + "z" * 23 + "tj"
    assert PUZZLE.parse(url) == inst == PUZZLE.parse(url.replace("@", "%"))
    assert inst.params.marks == frozenset({(0, 1)}) and inst.clues[(0, 0)] == 39


def test_pzprv3_marks_and_the_players_own_border_marks():
    """`-` a mark; a wall item `-1` (the player's "no wall here") walls nothing off."""
    inst = board("o ? .\n. > .")
    text = PUZZLE.format(inst, "pzprv3")
    assert text == "pzprv3\nsashigane\n2\n3\no - . \n. 4 . \n0 0 \n0 0 \n0 0 0 \n"
    assert PUZZLE.parse(text) == inst
    _, solution = read_pzprv3_answer(PUZZLE, "pzprv3/sashigane/2/3/o - . /. 4 . /0 1 /1 -1 /-1 1 0 /")
    assert solution == labels("1 1 2\n1 2 2") and PUZZLE.verify(inst, solution) == []


def test_every_form_keeps_a_mark_and_every_clue():
    inst = board("o ? 5\n^ . .\n. v <")
    for fmt in PUZZLE.formats:
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst, fmt
    assert PUZZLE.parse("O ? o5\n^ . .\n. v <") == inst  # a capital O, and `o` before a number, read too


# ---- the rules ----------------------------------------------------------------------------
def test_a_mark_constrains_nothing():
    """pzprjs's checker reads its `?` as nothing: a mark on a corner, an end or the middle of
    an arm is all the same."""
    plain, marked = board(". . .\n. . ."), board("? . ?\n. ? .")
    assert check_instance(PUZZLE, plain).status == check_instance(PUZZLE, marked).status == "ambiguous"
    assert PUZZLE.verify(marked, labels("1 1 2\n1 2 2")) == []


def test_boards_from_outside_are_unique_with_the_division_their_sources_state():
    """tests/data/sashigane_boards.txt: semiexp's board of cspuz_core's tests, its walls as labels."""
    lines = [line for line in (DATA / "sashigane_boards.txt").read_text().splitlines() if not line.startswith("#")]
    boards = [k for k, line in enumerate(lines) if line.startswith("https://")]
    assert boards
    for k in boards:
        inst = PUZZLE.parse(lines[k])
        stated = labels("\n".join(lines[k + 1:k + 1 + inst.params.height]))
        report = check_instance(PUZZLE, inst)
        assert report.status == "unique" and report.solutions[0] == stated, lines[k]
        assert PUZZLE.format(inst, "puzzlink") == lines[k]


def test_l_shapes():
    shape = l_shape([(0, 0), (1, 0), (2, 0), (2, 1)])
    assert shape == make_l((2, 0), "U", 2, "R", 1)
    assert shape is not None and shape.size == 4 and shape.end_way((0, 0)) == "D" and shape.end_way((2, 1)) == "L"
    assert shape.end_way((1, 0)) is None
    for cells in ([(0, 0), (0, 1), (0, 2)], [(0, 0), (0, 1), (1, 0), (1, 1)], [(0, 0), (1, 1), (0, 1)][:2],
                  [(0, 1), (1, 0), (1, 1), (1, 2)], []):
        assert l_shape(cells) is None, cells


LIMIT = 60


def test_brute_force_matches_both_engines_on_random_tiny_boards():
    """A random division's clues (its circles, numbers and arrows, some of them wrong) on
    boards of up to 18 cells: boards with none, one and several solutions."""
    rng = random.Random(5)
    tally = {"none": 0, "one": 0, "several": 0}
    shapes = [(4, 4), (5, 3), (3, 4), (2, 5), (6, 2), (3, 6), (2, 3), (4, 3)]
    for i in range(24):
        width, height = shapes[i % len(shapes)]
        params = SashiganeParams(width, height)
        candidates = list(PUZZLE.candidates(params))
        clues: dict = {}
        for cells in regions(rng.choice(candidates)).values():
            shape = l_shape(cells)
            assert shape is not None
            if rng.random() < 0.35:  # a corner's circle or number, a fifth of them some other number
                clues[shape.corner] = rng.choice([CIRCLE, shape.size]) if rng.random() > 0.2 \
                    else rng.randint(3, width + height - 1)
            for end, way in shape.ends:
                if rng.random() < 0.25:  # an end's arrow, a fifth of them any way
                    clues[end] = way if rng.random() > 0.2 else rng.choice("UDLR")
        inst = Instance("sashigane", params, clues)
        expected = brute_force_count(PUZZLE, inst, candidates)
        counted = min(expected, LIMIT)
        assert engine_counts(PUZZLE, inst, LIMIT) == (counted, counted), PUZZLE.format(inst)
        tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
    assert min(tally.values()) >= 6, tally


def test_the_only_boards_without_a_division_are_two_by_two_and_three_by_three():
    counts = {(w, h): sum(1 for _ in PUZZLE.candidates(SashiganeParams(w, h)))
              for w in range(2, 5) for h in range(2, 5) if w * h <= 20}
    assert {shape for shape, n in counts.items() if n == 0} == {(2, 2), (3, 3)}
    assert counts[(4, 4)] == 110


# ---- the generator ------------------------------------------------------------------------------
def test_random_divisions_are_divisions_into_ls_of_at_most_most_cells():
    rng = random.Random(3)
    for width, height, most in ((8, 8, 8), (12, 5, 4), (2, 9, 5), (15, 15, 15)):
        shapes = None
        while shapes is None:
            shapes = random_division(width, height, most, rng)
        grid = labelled(SashiganeParams(width, height), shapes)
        assert all(v for row in grid for v in row)
        assert PUZZLE.verify(Instance("sashigane", SashiganeParams(width, height), {}), grid) == []
        assert max(shape.size for shape in shapes) <= most


def test_small_pieces_are_divisible_as_brute_force_says():
    rng = random.Random(8)
    for _ in range(40):
        cells = {(r, c) for r in range(3) for c in range(4) if rng.random() < 0.8}
        if cells:
            assert divisible(normalised(cells)) == _divisible_by_brute_force(cells), sorted(cells)


def _divisible_by_brute_force(cells: set) -> bool:
    """Whether some division of `cells` into L's exists, from every L of a 3x4 box."""
    shapes = [make_l(corner, v, a, h, b) for corner in cells
              for v, h in (("U", "L"), ("U", "R"), ("D", "L"), ("D", "R")) for a in range(1, 3) for b in range(1, 4)]
    fitting = [s for s in shapes if set(s.cells) <= cells]

    def cover(left: frozenset) -> bool:
        if not left:
            return True
        first = min(left)
        return any(cover(left - set(s.cells)) for s in fitting if first in s.cells and set(s.cells) <= left)

    return cover(frozenset(cells))


def test_the_full_clue_set_is_unique_as_deduces_all_says():
    """Every corner's number and both ends' arrows: unique for SAT too, and with one corner
    left plain the generator no longer claims it."""
    rng, sessions = random.Random(6), SessionCache()
    for size in (5, 7, 9):
        params, solution = GENERATOR.draw(SashiganeSpec(size, size, size, False), rng, sessions)
        clues = GENERATOR.candidate_clues(params, solution)
        assert GENERATOR.deduces_all(params, clues, solution)
        report = check_instance(PUZZLE, Instance("sashigane", params, clues))
        assert report.status == "unique" and report.solutions[0] == solution
        corner = next(cell for cell, v in clues.items() if isinstance(v, int))
        assert not GENERATOR.deduces_all(params, {**clues, corner: CIRCLE}, solution)


def test_numbers_are_taken_off_where_the_puzzle_stays_unique_and_minimal():
    made = generated_rechecked(PUZZLE, GENERATOR, GENERATOR.params(size=8), 6, 3)
    plain = sum(1 for g in made for v in g.instance.clues.values() if v == CIRCLE)
    assert plain >= 2 and all(g.minimal for g in made)
    for g in made:  # each number left is needed: a plain circle there lets a rival in
        session = SessionCache().get(PUZZLE, g.instance.params)
        for cell, v in g.instance.clues.items():
            if isinstance(v, int):
                weaker = {**g.instance.clues, cell: CIRCLE}
                assert session.other_than(session.assumptions(weaker), g.solution).sat is True


def test_without_plain_every_circle_kept_shows_its_number():
    rng, sessions = random.Random(4), SessionCache()
    for _ in range(5):
        g = generate_one(PUZZLE, GENERATOR, GENERATOR.params(size=7, plain=0), rng, sessions)
        assert CIRCLE not in g.instance.clues.values() and g.minimal


def test_not_minimal_keeps_the_full_set():
    g = generate_one(PUZZLE, GENERATOR, GENERATOR.params(size=6), random.Random(1), SessionCache(),
                     GenerateOptions(minimal=False))
    assert g.instance.clues == GENERATOR.candidate_clues(g.instance.params, g.solution) and g.checks == 0


def test_generator_options():
    spec = GENERATOR.checked_params(width=9, height=7)
    assert (spec.width, spec.height, spec.most, spec.plain) == (9, 7, 8, True)
    assert GENERATOR.checked_params(size=12, most=5, plain=0) == SashiganeSpec(12, 12, 5, False)


# ---- answers, symmetry, pictures ---------------------------------------------------------------
def test_an_answer_with_other_labels_is_read_in_reading_order():
    inst = board(PUZZLE.example)
    assert PUZZLE.read_answer(inst, "Answer:\na a B B\na c c B\nd c 7 B\nd d 7 7") == EXAMPLE_SOLUTION
    wrong = PUZZLE.read_answer(inst, "1 1 2 2\n1 3 3 2\n4 3 5 2\n4 4 5 1")
    assert PUZZLE.verify(inst, wrong) != []


ARROWS = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}


def turned_images(text: str) -> list[str]:
    """The board under each of its turns and mirrors (tests/board_images.py), each arrow
    turned as the board is: the way from where a cell goes to where its neighbour that way goes."""
    grid = [[(r, c, t) for c, t in enumerate(line.split())] for r, line in enumerate(text.splitlines())]
    out = []
    for image in images(grid):
        at = {(r, c): (i, j) for i, row in enumerate(image) for j, (r, c, _) in enumerate(row)}

        def turned(t: str) -> str:
            if t not in ARROWS:
                return t
            dr, dc = ARROWS[t]
            a = (int(dr < 0), int(dc < 0))  # a cell whose neighbour that way is on the board
            (i0, j0), (i1, j1) = at[a], at[(a[0] + dr, a[1] + dc)]
            return next(arrow for arrow, way in ARROWS.items() if way == (i1 - i0, j1 - j0))

        out.append("\n".join(" ".join(turned(t) for _, _, t in row) for row in image))
    return out


@pytest.mark.parametrize("text", [PUZZLE.example, "o ? 5\n^ . .\n. v <"])
def test_the_canonical_form_is_the_same_for_every_symmetry_and_differs_otherwise(text):
    keys = {PUZZLE.canonical(board(image)) for image in turned_images(text)}
    assert len(keys) == 1
    assert PUZZLE.canonical(board(text.replace("<", ">"))) not in keys


def test_every_command_works_on_the_example(tmp_path, capsys):
    path = tmp_path / "s.txt"
    path.write_text(PUZZLE.example)
    for args, said in ((["check"], "unique"), (["solve"], "1 1 2 2"), (["count"], "1"), (["clues"], ""),
                       (["grade"], "level"), (["explain"], "the L from r1c1"), (["show"], "③")):
        assert cli.main([args[0], "sashigane", str(path), *args[1:]]) == 0, args
        assert said in capsys.readouterr().out, args  # (tests/test_render.py draws every puzzle)
