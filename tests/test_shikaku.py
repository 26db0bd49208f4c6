"""Shikaku (Tatham's Rectangles): pzprjs's test board, Tatham's forms, numbers not shown,
random tiny boards against brute force, the generator's repairs, answers and pictures."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from board_images import text_images
from cases.shikaku import labels

from puzzlelab.generators.shikaku import labelled, moved, random_division, rival
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.shikaku import PUZZLE, ShikakuParams, placements, rect_cells, regions

GENERATOR = generator("shikaku")
PZPRJS = Path(__file__).resolve().parent / "data" / "pzprjs" / "pzprjs_testdata.jsonl"
EXAMPLE_SOLUTION = "1 1 1 2\n1 1 1 2\n3 3 3 2\n4 4 4 4"


def board(text: str) -> Instance:
    return PUZZLE.parse(text)


# ---- pzprjs's test board ------------------------------------------------------------------
def pzprjs_shikaku() -> dict:
    if not PZPRJS.is_file():
        pytest.fail(f"pzprjs test data missing: {PZPRJS}")
    return next(row for row in map(json.loads, PZPRJS.read_text().splitlines()) if row["pid"] == "shikaku")


def test_the_pzprjs_test_url_reads_writes_back_and_is_unique_with_the_accepted_solution():
    row = pzprjs_shikaku()
    inst = PUZZLE.parse(f"https://puzz.link/p?shikaku/{row['url']}")
    assert PUZZLE.format(inst, "puzzlink") == f"https://puzz.link/p?shikaku/{row['url']}"
    result = check_instance(PUZZLE, inst)
    assert result.status == "unique"
    ours = result.solutions[0]
    board, accepted = read_pzprv3_answer(PUZZLE, row["solutions"][0])  # the rooms its walls close off
    assert board == inst
    same = {}
    for mine, theirs in zip((v for line in ours for v in line), (v for line in accepted for v in line)):
        assert same.setdefault(mine, theirs) == theirs  # the same division, whatever the labels
    assert len(set(same.values())) == len(same) == len(inst.params.numbered)
    assert PUZZLE.verify(inst, ours) == []


def test_the_failcheck_boards_break_a_rule():
    """pzprjs's wrong boards (a room without a number, two numbers, not a rectangle, the
    wrong size) read as label grids. Its dead-end border, a line that stops inside a room,
    has no place in a grid of labels: that board is a valid division."""
    row = pzprjs_shikaku()
    inst = PUZZLE.parse(f"https://puzz.link/p?shikaku/{row['url']}")
    codes = {fail["code"] for fail in row["failchecks"]}
    assert codes == {"bkNoNum", "bkNumGe2", "bkNotRect", "bkSizeNe", "bdDeadEnd"}
    for fail in row["failchecks"]:
        if fail["code"] == "bdDeadEnd":
            continue
        board, rooms = read_pzprv3_answer(PUZZLE, fail["board"])
        assert board == inst
        answer = "\n".join(" ".join(map(str, line)) for line in rooms)
        assert PUZZLE.verify(inst, PUZZLE.read_answer(inst, answer)) != [], fail["code"]


def test_the_solved_pzprv3_file_reads_back_as_the_board_and_its_solution():
    """The file pzprjs saves a solved board in: the numbers (`-` one not shown), then a wall
    between every two rectangles."""
    row = pzprjs_shikaku()
    inst = PUZZLE.parse(f"https://puzz.link/p?shikaku/{row['url']}")
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.startswith("pzprv3\nshikaku\n6\n6\n") and PUZZLE.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(PUZZLE, text) == read_pzprv3_answer(PUZZLE, text.replace("\n", "/")) == (inst, solution)
    hidden = PUZZLE.parse(". ? .\n. . .")
    assert PUZZLE.format(hidden, "pzprv3") == "pzprv3\nshikaku\n2\n3\n. - . \n. . . \n0 0 \n0 0 \n0 0 0 \n"
    assert PUZZLE.parse(PUZZLE.format(hidden, "pzprv3")) == hidden


# ---- the forms ----------------------------------------------------------------------------
def test_the_example_and_its_solution():
    inst = board(PUZZLE.example)
    assert PUZZLE.verify(inst, labels(EXAMPLE_SOLUTION)) == []
    assert PUZZLE.format_solution(inst, labels(EXAMPLE_SOLUTION)) == EXAMPLE_SOLUTION
    assert PUZZLE.format(inst, "tatham") == "4x4:e6a3a3c4b"
    assert PUZZLE.format(inst, "puzzlink") == "https://puzz.link/p?shikaku/4/4/k6g3g3i4h"


@pytest.mark.parametrize("text, game", [
    ("2 2\n. .", "2x2:2_2b"),  # '_' between two numbers
    ("12 . .\n. . .\n. . .\n. . .", "3x4:12k"),
    ("\n".join([" ".join(["."] * 30)] * 30)[:-1] + "9", "30x30:" + "z" * 34 + "o9"),  # runs of 26 chained
])
def test_tatham_descriptions(text, game):
    inst = board(text)
    assert PUZZLE.format(inst, "tatham") == game
    assert PUZZLE.parse(game) == inst


def test_his_expansion_factor_and_ambiguity_flags_read_and_are_not_written():
    inst = PUZZLE.parse("4x4e1.5a:e6a3a3c4b")  # a '.' in the head (his decimal factor): sniffed too
    assert inst == board(PUZZLE.example) == PUZZLE.parse("4x4e2a:e6a3a3c4b") == PUZZLE.parse("4x4e1.5a:e6a3a3c4b",
                                                                                             "tatham")
    assert PUZZLE.format(inst, "tatham") == "4x4:e6a3a3c4b"


def test_a_number_not_shown():
    """`?` (puz.link's `.`) marks a rectangle of any area: the forms keep it, Tatham's has no place for it."""
    inst = board(". . . .\n. 6 . 3\n. ? . .\n. 4 . .")
    assert inst.params.numbered == board(PUZZLE.example).params.numbered and len(inst.clues) == 3
    assert PUZZLE.format(inst, "puzzlink") == "https://puzz.link/p?shikaku/4/4/k6g3g.i4h"
    for fmt in ("text", "puzzlink", "json"):
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst, fmt
    assert json.loads(PUZZLE.format(inst, "json"))["grid"][2] == [None, "?", None, None]
    with pytest.raises(PuzzleError, match="not shown"):
        PUZZLE.format(inst, "tatham")
    assert check_instance(PUZZLE, inst).status == "unique"  # the other three leave it 3 cells


def test_tathams_smallest_board_has_two_cells():
    with pytest.raises(PuzzleError, match="at least 2 cells"):
        PUZZLE.format(board("1"), "tatham")


def test_a_board_with_room_for_millions_of_rectangles_is_refused():
    with pytest.raises(PuzzleError, match="too many rectangles"):
        placements(ShikakuParams(30, 30, frozenset({(15, 15)})))


def test_the_cli_checks_a_lone_number_on_a_large_board(tmp_path, capsys):
    """The one-shot rules take only the rectangles of the numbers' areas."""
    path = tmp_path / "lone.txt"
    rows = [["."] * 20 for _ in range(20)]
    rows[7][9] = "400"
    path.write_text("\n".join(" ".join(row) for row in rows))
    assert cli.main(["check", "shikaku", str(path)]) == 0
    assert capsys.readouterr().out.startswith("unique")


# ---- against brute force --------------------------------------------------------------------
LIMIT = 60


def test_brute_force_matches_both_engines_on_random_tiny_boards():
    """100 random boards of up to 20 cells: the numbers of a random division, some hidden
    (`?`), some changed, some moved, so that there are boards with none, one and several
    solutions."""
    rng = random.Random(5)
    tally = {"none": 0, "one": 0, "several": 0}
    shapes = [(4, 4), (5, 3), (3, 4), (3, 3), (2, 5), (1, 6), (4, 5), (4, 3), (2, 2), (1, 2)]
    for i in range(100):
        width, height = shapes[i % len(shapes)]
        params, solution = unrepaired(width, height, rng.randint(2, 8), rng)
        clues = GENERATOR.candidate_clues(params, solution)
        for key in rng.sample(sorted(clues), rng.randint(0, min(2, len(clues)))):
            del clues[key]  # shown as `?`
        if clues and rng.random() < 0.3:
            key = rng.choice(sorted(clues))
            clues[key] = rng.randint(1, width * height)
        inst = Instance("shikaku", params, clues)
        expected = brute_force_count(PUZZLE, inst, PUZZLE.candidates(params))
        counted = min(expected, LIMIT)
        assert engine_counts(PUZZLE, inst, LIMIT) == (counted, counted), PUZZLE.format(inst)
        tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
    assert min(tally.values()) >= 8, tally


def unrepaired(width: int, height: int, most: int, rng: random.Random) -> tuple[ShikakuParams, tuple]:
    """A random division with a number at a random cell of each rectangle, before any repair."""
    rects = sorted(random_division(width, height, most, rng))
    params = ShikakuParams(width, height, frozenset(rng.choice(list(rect_cells(rect))) for rect in rects))
    return params, labelled(params, rects)


# ---- the generator ------------------------------------------------------------------------------
def test_generated_puzzles_are_unique_by_cpsat():
    made = generated_rechecked(PUZZLE, GENERATOR, GENERATOR.params(size=9), 8, 3)
    assert all(g.instance.params.numbered == frozenset(g.instance.clues) for g in made)  # every number shown


def test_a_repair_rules_its_rival_out_and_keeps_the_division():
    """Large rectangles on a small board are often ambiguous where the numbers first fall:
    moving one number out of the rival's rectangle keeps the drawn division a solution and
    the rival none."""
    rng = random.Random(2)
    repaired = 0
    for _ in range(30):
        params, solution = unrepaired(6, 6, 12, rng)
        inst = Instance("shikaku", params, GENERATOR.candidate_clues(params, solution))
        other = rival(inst, solution)
        if other is None:
            continue
        params, moved_solution = moved(params, solution, other, rng)
        assert regions(moved_solution).values() and sorted(map(sorted, regions(moved_solution).values())) == \
            sorted(map(sorted, regions(solution).values()))  # the same division, relabelled
        inst = Instance("shikaku", params, GENERATOR.candidate_clues(params, moved_solution))
        assert PUZZLE.verify(inst, moved_solution) == [] and PUZZLE.verify(inst, other) != []
        repaired += 1
    assert repaired >= 5


def test_drawn_boards_are_unique_and_the_engine_is_not_asked_again():
    rng, sessions = random.Random(2), SessionCache()
    for _ in range(10):
        g = generate_one(PUZZLE, GENERATOR, GENERATOR.params(size=6, most=12), rng, sessions,
                         GenerateOptions(minimal=False))
        assert g.checks == 0 and g.unique
        assert check_instance(PUZZLE, g.instance).status == "unique"
        assert PUZZLE.verify(g.instance, g.solution) == []


def test_generator_options():
    spec = GENERATOR.checked_params(width=9, height=7)
    assert (spec.width, spec.height, spec.most) == (9, 7, 10)  # a sixth of the board, as Tatham's
    assert GENERATOR.checked_params(size=13, most=20).most == 20


def test_our_default_boards_are_like_his():
    """About as many numbers as his 7x7 boards hold (his file: 13 to 17)."""
    rng, sessions = random.Random(4), SessionCache()
    counts = [len(generate_one(PUZZLE, GENERATOR, GENERATOR.params(), rng, sessions).instance.clues)
              for _ in range(20)]
    assert 11 <= sum(counts) / len(counts) <= 18, counts


# ---- answers, symmetry, pictures ---------------------------------------------------------------
def test_an_answer_with_other_labels_is_read_by_the_numbers_it_holds():
    inst = board(PUZZLE.example)
    assert PUZZLE.read_answer(inst, "Answer:\nA A A B\nA A A B\nC C C B\nD D D D".replace("A", "7")
                              .replace("B", "3").replace("C", "9").replace("D", "1")) == labels(EXAMPLE_SOLUTION)
    wrong = PUZZLE.read_answer(inst, "1 1 1 1\n1 1 1 1\n3 3 3 2\n4 4 4 4")
    assert PUZZLE.verify(inst, wrong) != []


@pytest.mark.parametrize("text", [PUZZLE.example, ". 2 .\n? . 4\n. . ."])
def test_the_canonical_form_is_the_same_for_every_symmetry_and_differs_otherwise(text):
    keys = {PUZZLE.canonical(board(image)) for image in text_images(text)}
    assert len(keys) == 1
    assert PUZZLE.canonical(board(text.replace("4", "3"))) not in keys


def test_every_command_works_on_the_example(tmp_path, capsys):
    path = tmp_path / "s.txt"
    path.write_text(PUZZLE.example)
    for args, said in ((["check"], "unique"), (["solve"], EXAMPLE_SOLUTION.splitlines()[0]), (["count"], "1"),
                       (["clues"], ""), (["grade"], "level"), (["explain"], "step"), (["show"], "6"),
                       (["render", "--solution", "--out", str(tmp_path / "s.png")], "wrote")):
        assert cli.main([args[0], "shikaku", str(path), *args[1:]]) == 0, args
        assert said in capsys.readouterr().out, args
    assert (tmp_path / "s.png").stat().st_size > 1000
