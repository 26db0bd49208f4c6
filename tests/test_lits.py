"""LITS, what is its own: pzprjs's test board and its failchecks, a 10x10 board from another
solver's tests with its accepted shading, the text form's givens, the shapes, tiny boards
against brute force, the generator's draw and repair, symmetry, the terminal and the
picture. The rituals every puzzle shares are declared in tests/cases/lits.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cases.lits import SOLVED, grid

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.lits import FORMS, PUZZLE, lits_board, shape_of

DATA = Path(__file__).parent / "data"
GEN = generator("lits")


def pzprjs_lines() -> list[list[str]]:
    return [line.split(" ", 2) if line.startswith("fail") else line.split(" ", 1)
            for line in (DATA / "lits_pzprjs.txt").read_text().splitlines() if not line.startswith("#")]


# ---- outside references ------------------------------------------------------------------------
def test_pzprjs_test_url_is_unique_with_its_accepted_solution():
    lines = dict(line[:2] for line in pzprjs_lines() if line[0] != "fail")
    url = "https://puzz.link/p?lits/" + lines["url"]
    inst = PUZZLE.parse(url)
    board, solution = read_pzprv3_answer(PUZZLE, lines["solution"])
    assert inst == board and board.params.count == int(lines["solution"].split("/")[4])  # his rooms, numbered alike
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == solution
    assert PUZZLE.format(inst, "puzzlink") == url


def test_pzprjs_test_data_in_the_shared_file_is_the_copied_one():
    record = next(json.loads(line) for line in (DATA / "pzprjs" / "pzprjs_testdata.jsonl").open()
                  if json.loads(line)["pid"] == "lits")
    lines = pzprjs_lines()
    assert ["url", record["url"]] in lines and ["solution", record["solutions"][0]] in lines
    assert [["fail", f["code"], f["board"]] for f in record["failchecks"]] == [line for line in lines
                                                                               if line[0] == "fail"]


def test_the_solved_pzprv3_file_reads_back_as_the_board_and_its_solution():
    """The file pzprjs saves a solved board in (its walls, `pzprv3.1`) reads back, and his older
    layout of room numbers reads as the same board; a board with given cells has no such file."""
    record = dict(line[:2] for line in pzprjs_lines() if line[0] != "fail")
    inst = PUZZLE.parse("https://puzz.link/p?lits/" + record["url"])
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.startswith(f"pzprv3.1\nlits\n{inst.params.height}\n{inst.params.width}\n")
    assert PUZZLE.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(PUZZLE, text) == read_pzprv3_answer(PUZZLE, text.replace("\n", "/")) == (inst, solution)
    assert read_pzprv3_answer(PUZZLE, record["solution"])[0] == inst
    with pytest.raises(PuzzleError, match="holds no given cells"):
        PUZZLE.format(PUZZLE.parse(PUZZLE.example), "pzprv3")


def test_pzprjs_failchecks_are_named_by_verify():
    """Each board pzprjs refuses breaks the rule its code names (first in his checklist)."""
    words = {"cs2x2": "2x2 block", "bkShadeGt4": "holds 5 shaded", "bkShadeDivide": "not connected",
             "bsSameShape": "two L shapes touch", "csDivide": "pieces", "bkNoShade": "holds 0 shaded",
             "bkShadeLt4": "holds 2 shaded"}
    fails = [line for line in pzprjs_lines() if line[0] == "fail"]
    assert {code for _, code, _ in fails} == set(words)
    for _, code, board in fails:
        inst, cells = read_pzprv3_answer(PUZZLE, board)
        assert inst.params.count == int(board.split("/")[4])
        problems = PUZZLE.verify(inst, cells)
        assert any(words[code] in p for p in problems), (code, problems)


def test_a_10x10_board_of_another_solver_is_unique_with_its_accepted_shading():
    lines = [line for line in (DATA / "lits_boards.txt").read_text().splitlines()
             if line and not line.startswith("# ")]  # a comment; a row of cells may start with #
    url, rows = lines[0], lines[1:11]
    inst = PUZZLE.parse(url)
    assert (inst.params.width, inst.params.height, inst.params.count) == (10, 10, 12)
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == grid(" ".join(rows))
    assert PUZZLE.format(inst, "puzzlink") == url
    assert PUZZLE.parse(PUZZLE.format(inst)) == inst


# ---- the forms and the shapes ------------------------------------------------------------------
def test_text_form_reads_givens():
    inst = PUZZLE.parse(PUZZLE.example)
    assert inst.clues == {(0, 3): False, (1, 3): True}
    assert PUZZLE.parse("  ABBB\n  AABB\nABBC\nACCC") == inst.without(inst.clues)
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert solution == grid(SOLVED)
    assert PUZZLE.format_solution(inst, solution) == SOLVED.replace(" ", "\n")
    assert PUZZLE.read_answer(inst, "```\n# # # .\n# . # #\n# . . #\n# # # #\n```") == solution
    assert check_instance(PUZZLE, inst.without([(1, 3)])).status == "unique"
    assert check_instance(PUZZLE, inst.without(inst.clues)).status == "ambiguous"


def test_conflicting_givens_are_named():
    inst = PUZZLE.parse("ABBB\nAABB\nABBC\nACCC\ngiven r1c4 r2c4 -r1c3")
    report = check_instance(PUZZLE, inst)
    assert report.status == "unsolvable" and report.conflict


def test_many_regions_are_written_as_spaced_numbers():
    """A board of more regions than letters and digits (8x8 of 64 one-cell regions)."""
    params = lits_board([[r * 8 + c for c in range(8)] for r in range(8)])
    inst = Instance(PUZZLE.name, params, {(0, 0): True})
    text = PUZZLE.format(inst)
    assert text.splitlines()[0] == " 0  1  2  3  4  5  6  7" and text.endswith("given r1c1")
    assert PUZZLE.parse(text) == inst
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst
    assert check_instance(PUZZLE, inst).status == "unsolvable"  # no tetromino fits a cell


def test_puzzlink_refuses_givens_and_reads_a_body_without_walls():
    with pytest.raises(PuzzleError, match="holds no given cells"):
        PUZZLE.format(PUZZLE.parse(PUZZLE.example), "puzzlink")
    assert PUZZLE.parse("https://puzz.link/p?lits/4/1/0").params.count == 1
    assert check_instance(PUZZLE, PUZZLE.parse("https://puzz.link/p?lits/4/1/0")).status == "unique"


def test_shapes_count_rotations_and_reflections_alike():
    assert sorted(FORMS.values()).count("L") == 8 and len(FORMS) == 18  # the 19 fixed tetrominoes but O
    assert shape_of([(0, 0), (0, 1), (1, 1), (1, 2)]) == shape_of([(0, 1), (0, 2), (1, 0), (1, 1)]) == "S"
    assert shape_of([(0, 0), (0, 1), (1, 0), (1, 1)]) is None  # the square is no LITS piece
    assert shape_of([(0, 0), (1, 0), (2, 0), (2, 1)]) == shape_of([(0, 1), (1, 1), (2, 1), (2, 0)]) == "L"


def test_canonical_is_the_same_for_a_turned_board():
    inst = PUZZLE.parse("https://puzz.link/p?lits/10/10/08p0i3jbhmjg5j5ik048rgtr8q1e5gkf9hnu")
    p = inst.params
    turned = lits_board([[p.regions[p.height - 1 - c][r] for c in range(p.width)] for r in range(p.height)])
    assert PUZZLE.canonical(Instance(PUZZLE.name, turned, {})) == PUZZLE.canonical(inst)
    assert PUZZLE.canonical(PUZZLE.parse(PUZZLE.example)) != PUZZLE.canonical(inst)


# ---- the rules against brute force ------------------------------------------------------------------
@pytest.mark.parametrize("size, draws", [(4, 6), (5, 2)])
def test_random_tiny_boards_agree_with_brute_force(size, draws):
    """Drawn regions (before any repair: often several solutions), with and without givens."""
    rng = random.Random(size)
    spec = GEN.params(size=size)
    seen = set()
    for _ in range(draws):
        params, solution = GEN.draw(spec, rng, SessionCache())
        cell = (rng.randrange(size), rng.randrange(size))
        for clues in ({}, {cell: True}, {cell: False}):
            inst = Instance(PUZZLE.name, params, clues)
            n = brute_force_count(PUZZLE, inst, PUZZLE.candidates(params))
            assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
            seen.add(min(n, 2))
    assert 2 in seen  # regions drawn before their repair are often ambiguous


def test_connectivity_alone_rules_a_shading_out():
    """Two I regions and two L regions far apart: only connectivity joins them."""
    inst = PUZZLE.parse("AAAA\nBBBB\nCCCC\nDDDD")
    assert check_instance(PUZZLE, inst).status == "unsolvable"  # I beside I, whichever rows
    inst = PUZZLE.parse("AAAAB\nCCCCB\nDDDDB\nEEEEB")
    assert check_instance(PUZZLE, inst).status == "unsolvable"


# ---- the generator -------------------------------------------------------------------------------
def test_drawn_regions_hold_the_drawn_shading():
    params, solution = GEN.draw(GEN.params(size=8), random.Random(1), SessionCache())
    assert (params.width, params.height) == (8, 8)
    assert PUZZLE.verify(Instance(PUZZLE.name, params, {}), solution) == []


def test_repair_rules_the_rival_out_or_moves_on_to_it():
    """A repair hands a cell rivals shade to another region, ours staying valid; where no
    such move is left it carries on from a rival's shading."""
    rng = random.Random(4)
    kinds = set()
    for _ in range(8):
        params, ours = GEN.draw(GEN.params(size=5), rng, SessionCache())
        report = check_instance(PUZZLE, Instance(PUZZLE.name, params, {}))
        if report.status != "ambiguous":
            continue
        theirs = next(s for s in report.solutions if s != ours)
        changed, clues, solution = GEN.repair(params, {}, ours, theirs, rng)
        repaired = Instance(PUZZLE.name, changed, clues)
        assert PUZZLE.verify(repaired, solution) == []
        if solution == ours:
            assert changed != params
        else:
            assert changed == params
        kinds.add(solution == ours)
    assert kinds == {True}


def test_stuck_repair_moves_on_to_a_rival():
    inst = PUZZLE.parse(PUZZLE.example).without([(0, 3), (1, 3)])
    ours, theirs = grid(SOLVED), grid("#### #.#. #..# ####")
    assert GEN.repair(inst.params, {}, ours, theirs, random.Random(3)) == (inst.params, {}, theirs)


# ---- for people ---------------------------------------------------------------------------------
def test_show_draws_regions_and_givens():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert "×" in shown[1] and "#" in shown[3]
    assert len(shown) == 9


def test_the_picture_shades_the_solution(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    drawn(monkeypatch, PUZZLE, inst, solution)
