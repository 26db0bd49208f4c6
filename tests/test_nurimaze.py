"""Nurimaze, what is its own: pzprjs's test board and its failchecks (each on its own board),
the text form's marks, puz.link's cell codes, tiny boards against brute force (random rooms,
marks and S and G, so that every rule is reached), the generator's rooms and repair, symmetry,
the terminal and the picture. The rituals every puzzle shares are declared in
tests/cases/nurimaze.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cases.nurimaze import shading

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.outcomes import Budget
from puzzlelab.lab.engine.puzzle import Instance
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.puzzlink import Cursor
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.nurimaze import PUZZLE, NurimazeParams, read_marks_body, write_marks_body

DATA = Path(__file__).parent / "data"
GEN = generator("nurimaze")


def pzprjs_record() -> dict:
    """pzprjs's test script for nurimaze (test/script/nurimaze.js), as the shared test data holds it."""
    lines = (DATA / "pzprjs" / "pzprjs_testdata.jsonl").read_text().splitlines()
    return next(record for record in map(json.loads, lines) if record["pid"] == "nurimaze")


# ---- outside references ------------------------------------------------------------------------
def test_pzprjs_test_url_is_unique_with_its_accepted_solution():
    record = pzprjs_record()
    url = "https://puzz.link/p?nurimaze/" + record["url"]
    inst = PUZZLE.parse(url)
    p = inst.params
    assert (p.start, p.goal, p.count) == ((0, 0), (5, 0), 17)
    assert inst.clues == {(1, 5): "o", (2, 3): "t", (5, 2): "t"}
    [board] = record["solutions"]
    theirs, solution = read_pzprv3_answer(PUZZLE, board)
    assert theirs == inst
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == solution and PUZZLE.verify(inst, solution) == []
    assert PUZZLE.format(inst, "puzzlink") == url


def test_pzprjs_failchecks_are_named_by_verify_on_their_own_boards():
    """Each failcheck board (some with rooms or S of their own) breaks the rule its code names;
    pzprjs stops at the first, ours names every rule broken, so the code's is among them."""
    words = {"bkMixed": "part shaded, part unshaded", "objShaded": "the start S at r2c1 is shaded",
             "cuDivide": "regions, not one", "cu2x2": "block of unshaded cells", "cs2x2": "block of shaded cells",
             "cuLoop": "form a loop", "routeIgnoreCP": "the circle at r2c6 is off the way",
             "routePassDeadEnd": "the triangle at r6c3 is on the way"}
    record = pzprjs_record()
    assert {fail["code"] for fail in record["failchecks"]} == set(words)
    for fail in record["failchecks"]:
        inst, cells = read_pzprv3_answer(PUZZLE, fail["board"])
        problems = PUZZLE.verify(inst, cells)
        assert any(words[fail["code"]] in p for p in problems), (fail["code"], problems)
    # the last two break only the way's rules (and the loop, for the circle's)
    last = {fail["code"]: fail["board"] for fail in record["failchecks"]}["routePassDeadEnd"]
    assert PUZZLE.verify(*read_pzprv3_answer(PUZZLE, last)) == ["the triangle at r6c3 is on the way from S to G"]


def test_the_solved_pzprv3_file_is_pzprjs_layout():
    record = pzprjs_record()
    inst = PUZZLE.parse("https://puzz.link/p?nurimaze/" + record["url"])
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.startswith("pzprv3\nnurimaze\n6\n6\n17\n0 0 0 1 2 2 \n")
    assert "\ns . . . . . \n" in text and "\ng . t . . . \n" in text
    assert read_pzprv3_answer(PUZZLE, text) == (inst, solution)


# ---- the forms ---------------------------------------------------------------------------------
def test_text_form_and_its_solution():
    inst = PUZZLE.parse(PUZZLE.example)
    assert (inst.params.start, inst.params.goal) == ((2, 2), (0, 2))
    assert inst.clues == {(0, 1): "o", (3, 1): "t"}
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert PUZZLE.format_solution(inst, solution) == "# . . #\n# . # #\n# . . #\n. . # #"
    assert PUZZLE.read_answer(inst, "```\n# . . #\n# . # #\n# . . #\n. . # #\n```") == solution
    spaced = "A B C D\nA B E D\nA B F D\nG G H D\nmarks\n. o G .\n. . . .\n. . S .\n. ^ . ."
    assert PUZZLE.parse(spaced) == inst


def test_puzzlink_cell_codes_and_default_ends():
    """Runs of 1 to 31 empty cells are one digit 5..z; a board without S or G has them where
    pzprjs first puts them, top left and bottom right."""
    cells = [None] * 40 + ["S"] + [None] * 3 + ["o", "t", "G"]
    body = write_marks_body(cells)
    assert body == "zd17342"  # 31 empty cells, 9 more, S, 3 empty, a circle, a triangle, G
    assert read_marks_body(Cursor(body), len(cells)) == cells
    bare = PUZZLE.parse("https://puzz.link/p?nurimaze/3/1/00")
    assert (bare.params.start, bare.params.goal) == ((0, 0), (0, 2))
    assert PUZZLE.format(bare, "puzzlink") == "https://puzz.link/p?nurimaze/3/1/0152"


# ---- the rules against brute force ------------------------------------------------------------------
@pytest.mark.parametrize("width, height", [(4, 4), (3, 5), (6, 2)])
def test_random_tiny_boards_agree_with_brute_force(width, height):
    """Drawn mazes with every mark, none, one turned the other way, one alone, and S and G
    moved to two random cells: unique, ambiguous and unsolvable."""
    rng = random.Random(width * 10 + height)
    spec = GEN.params(width=width, height=height)
    seen = set()
    for _ in range(4):
        params, solution = GEN.draw(spec, rng, SessionCache())
        full = GEN.candidate_clues(params, solution)
        one = rng.choice(sorted(full))
        turned = {**full, one: "t" if full[one] == "o" else "o"}
        start, goal = rng.sample(params.cells(), 2)
        moved = NurimazeParams(width, height, params.rooms, start, goal)
        cases = [(params, full), (params, {}), (params, turned), (params, {one: full[one]}),
                 (moved, {cell: v for cell, v in full.items() if cell not in (start, goal)})]
        for board, clues in cases:
            inst = Instance(PUZZLE.name, board, clues)
            n = brute_force_count(PUZZLE, inst, PUZZLE.candidates(board))
            assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
            seen.add(min(n, 2))
    assert seen == {0, 1, 2}


# ---- the generator -------------------------------------------------------------------------------
def test_a_draw_is_a_valid_maze_with_every_mark():
    params, solution = GEN.draw(GEN.params(size=8), random.Random(1), SessionCache())
    clues = GEN.candidate_clues(params, solution)
    assert PUZZLE.verify(Instance(PUZZLE.name, params, clues), solution) == []
    assert all(len(cells) <= 4 for cells in params.room_cells)
    assert set(clues.values()) == {"o", "t"}


def test_repair_joins_a_room_the_rival_unshades_to_one_it_keeps_shaded():
    inst = PUZZLE.parse("ABC\nDEF\nGHI\nmarks\nS.G\n...\n...")
    ours = shading(". . .\n# . #\n# . #")  # a T: S, G and a stem down the middle
    theirs = shading(". . .\n# . #\n. . #")
    clues = GEN.candidate_clues(inst.params, ours)
    assert PUZZLE.verify(Instance(PUZZLE.name, inst.params, clues), theirs) == []
    params, new_clues, solution = GEN.repair(inst.params, clues, ours, theirs, random.Random(3))
    repaired = Instance(PUZZLE.name, params, new_clues)
    assert params.rooms[1][0] == params.rooms[2][0] and solution == ours
    assert PUZZLE.verify(repaired, ours) == [] and PUZZLE.verify(repaired, theirs)


def test_generated_boards_are_unique_and_minimal():
    rng = random.Random(5)
    for _ in range(3):
        made = generate_one(PUZZLE, GEN, GEN.params(size=6), rng, SessionCache())
        assert made.unique and made.minimal
        assert check_instance(PUZZLE, made.instance).status == "unique"


# ---- symmetry and pictures -----------------------------------------------------------------------
def test_canonical_is_the_same_turned_and_with_s_and_g_swapped():
    inst = PUZZLE.parse(PUZZLE.example)
    turned = PUZZLE.parse("AAAG\nBBBG\nCEFH\nDDDD\nmarks\n....\no..t\nG.S.\n....")  # rows as columns
    swapped = PUZZLE.parse(PUZZLE.example.replace("G", "x").replace("S", "G").replace("x", "S"))
    assert PUZZLE.canonical(turned) == PUZZLE.canonical(inst) == PUZZLE.canonical(swapped)
    assert PUZZLE.canonical(inst.without(inst.clues)) != PUZZLE.canonical(inst)


def test_show_draws_rooms_and_marks():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert "○" in shown[1] and "G" in shown[1] and any("△" in line for line in shown)
    assert any("S" in line for line in shown)


def test_the_picture_has_s_g_and_the_marks(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    written = drawn(monkeypatch, PUZZLE, inst, solution)
    assert sorted(w.text for w in written) == sorted(["△", "S", "G"] * 2)  # puzzle and solution


def test_a_human_10x10_is_unique_and_reads_as_published():
    urls = [line.split()[0] for line in (DATA / "nurimaze_boards.txt").read_text().splitlines()
            if line.startswith("https://")]
    assert urls
    for url in urls:
        inst = PUZZLE.parse(url)
        report = check_instance(PUZZLE, inst, Budget(conflicts=20_000))  # bounded by conflicts, not time
        assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == []
        assert PUZZLE.format(inst, "puzzlink") == url and PUZZLE.parse(PUZZLE.format(inst)) == inst
