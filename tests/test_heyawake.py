"""Heyawake, what is its own: pzprjs's test board and its failchecks, 10x10 boards of human
setters, the text form's names and numbers, tiny boards against brute force, the generator's
rooms and repair, symmetry, the terminal and the picture. The rituals every puzzle shares are
declared in tests/cases/heyawake.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cases.heyawake import shading
from pysat.formula import IDPool

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.outcomes import Budget
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.heyawake import PUZZLE, HeyawakeParams, room_board

DATA = Path(__file__).parent / "data"
GEN = generator("heyawake")
Shading = tuple[tuple[bool, ...], ...]


def pzprjs_record() -> dict:
    """pzprjs's test script for heyawake (test/script/heyawake.js), as the shared test data
    holds it: the URL, accepted solutions, failchecks."""
    lines = (DATA / "pzprjs" / "pzprjs_testdata.jsonl").read_text().splitlines()
    return next(record for record in map(json.loads, lines) if record["pid"] == "heyawake")


# ---- outside references ------------------------------------------------------------------------
def test_pzprjs_test_url_is_unique_with_its_accepted_solution():
    record = pzprjs_record()
    url = "https://puzz.link/p?heyawake/" + record["url"]
    inst = PUZZLE.parse(url)
    accepted = [s for s in record["solutions"] if s.startswith("pzprv3/heyawake/")]
    assert len(accepted) == 2  # the first solution in the script is another genre's (heyawacky)
    for board in accepted:
        theirs, solution = read_pzprv3_answer(PUZZLE, board)
        assert theirs == inst  # his rooms read off the borders, numbered alike, numbers in the same cells
        report = check_instance(PUZZLE, inst)
        assert report.status == "unique" and report.solutions[0] == solution
    assert PUZZLE.format(inst, "puzzlink") == url


def test_the_solved_pzprv3_file_reads_back_as_the_board_and_its_solution():
    """The file pzprjs saves a solved board in (its walls, `pzprv3.1`) reads back, and his older
    layout of room numbers reads as the same board."""
    record = pzprjs_record()
    inst = PUZZLE.parse("https://puzz.link/p?heyawake/" + record["url"])
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.startswith("pzprv3.1\nheyawake\n6\n6\n1 0 1 0 1 \n")
    assert PUZZLE.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(PUZZLE, text) == read_pzprv3_answer(PUZZLE, text.replace("\n", "/")) == (inst, solution)
    older = next(s for s in record["solutions"] if s.startswith("pzprv3/heyawake/"))
    assert read_pzprv3_answer(PUZZLE, older)[0] == read_pzprv3_answer(PUZZLE, text)[0]


def test_pzprv3_numbers_are_refused_where_they_stand():
    def refused(body: str) -> PuzzleError:
        with pytest.raises(PuzzleError) as e:
            PUZZLE.parse("pzprv3/heyawake/2/2/2/0 1 /0 1 /" + body, "pzprv3")
        return e.value
    assert "'-' is a number not given" in refused("- . /. . /").message
    e = refused(". . /. 3 /")
    assert "number 3 in a room of 2 cells" in e.message and (e.line, e.column) == (9, 3)
    assert "'1' is a second number in the room of r1c2" in refused(". 1 /. 1 /").message
    moved = PUZZLE.parse("pzprv3/heyawake/2/2/2/0 1 /0 1 /. . /. 1 /", "pzprv3")
    assert moved.clues == {(0, 1): 1}  # on the room's first cell
    assert PUZZLE.parse("pzprv3/heyawake/1/3/2/0 1 0 /. . . /", "pzprv3").params.count == 3  # 0 in two pieces


def test_pzprjs_failchecks_are_named_by_verify():
    """Each board pzprjs refuses breaks the rule its code names; the empty board (no shaded
    cell, pzprjs's `brNoShade`) breaks the numbers."""
    words = {"brNoShade": "its number says", "csAdjacent": "touch", "cuDivideRB": "regions, not one",
             "bkShadeNe": "its number says", "bkUnshadeConsecGt3": "room borders"}
    record = pzprjs_record()
    inst, _ = read_pzprv3_answer(PUZZLE, next(s for s in record["solutions"] if s.startswith("pzprv3/heyawake/")))
    assert {fail["code"] for fail in record["failchecks"]} == set(words)
    for fail in record["failchecks"]:
        board = fail["board"]
        cells = (read_pzprv3_answer(PUZZLE, board)[1] if board.count("/") > 5 else
                 tuple((False,) * inst.params.width for _ in range(inst.params.height)))
        problems = PUZZLE.verify(inst, cells)
        assert any(words[fail["code"]] in p for p in problems), (fail["code"], problems)


def test_human_10x10_boards_are_unique_fast_and_read_as_published():
    urls = [line.split()[0] for line in (DATA / "heyawake_boards.txt").read_text().splitlines()
            if line.startswith("https://")]
    assert len(urls) == 5
    for url in urls:
        inst = PUZZLE.parse(url)
        assert (inst.params.width, inst.params.height) == (10, 10)
        # bounded by conflicts, not time (the speed claim is scripts/bench_genres.py's): a few thousand
        report = check_instance(PUZZLE, inst, Budget(conflicts=20_000))
        assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == []
        assert PUZZLE.format(inst, "puzzlink") == url
        assert PUZZLE.parse(PUZZLE.format(inst)) == inst
    assert PUZZLE.parse(urls[0]).clues[(0, 0)] == 29  # agnomy's room of 29


# ---- the forms ---------------------------------------------------------------------------------
def test_text_form_reads_numbers_by_room_name():
    inst = PUZZLE.parse(PUZZLE.example)
    assert inst.clues == {(0, 2): 1, (2, 2): 1}  # each room's first cell
    assert PUZZLE.parse("AABB\nAACC\nDDEE\nFFGG\nnumbers E=1 B=1") == inst
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert PUZZLE.format_solution(inst, solution) == ". . . #\n. # . .\n. . # .\n# . . #"
    assert PUZZLE.read_answer(inst, "```\n. . . #\n. # . .\n. . # .\n# . . #\n```") == solution


def test_rooms_of_any_shape_and_many_rooms():
    """pzprjs draws rooms of any shape; past 62 rooms the names are spaced numbers."""
    ell = PUZZLE.parse("AAB\nABB\nCCC\nnumbers A=1")
    assert ell.params.count == 3 and check_instance(PUZZLE, ell).status in ("unique", "ambiguous")
    params = room_board([[r * 9 + c for c in range(9)] for r in range(9)])
    inst = Instance(PUZZLE.name, params, {(0, 0): 1, (8, 8): 0})
    text = PUZZLE.format(inst)
    assert text.splitlines()[0] == " 0  1  2  3  4  5  6  7  8" and text.endswith("numbers 0=1 80=0")
    assert PUZZLE.parse(text) == inst
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst


def test_a_number_belongs_to_its_room_not_its_cell():
    """JSON may name any cell of the room; the clue is kept at the room's first cell."""
    inst = PUZZLE.parse('{"rooms": ["AB", "AB"], "numbers": [[2, 2, 1]]}')
    assert inst.clues == {(0, 1): 1}
    with pytest.raises(PuzzleError, match="not a number in a room's first cell"):
        PUZZLE.clue_clauses(inst.params, PUZZLE.rules(inst.params, IDPool()), (1, 1), 1)


def test_canonical_is_the_same_for_a_turned_board():
    inst = PUZZLE.parse(PUZZLE.example)
    p = inst.params
    turned_rooms = [[p.rooms[p.height - 1 - c][r] for c in range(p.width)] for r in range(p.height)]
    turned = room_board(turned_rooms)
    clues = {}
    for (r, c), v in inst.clues.items():
        moved = (c, p.height - 1 - r)
        clues[turned.tops[turned.rooms[moved[0]][moved[1]]]] = v
    assert PUZZLE.canonical(Instance(PUZZLE.name, turned, clues)) == PUZZLE.canonical(inst)
    assert PUZZLE.canonical(inst.without(inst.clues)) != PUZZLE.canonical(inst)


# ---- the rules against brute force ------------------------------------------------------------------
@pytest.mark.parametrize("width, height", [(4, 4), (3, 5), (6, 2)])
def test_random_tiny_boards_agree_with_brute_force(width, height):
    """Drawn rooms with all their numbers, none, one changed, and one alone: unique, ambiguous and
    unsolvable."""
    rng = random.Random(width * 10 + height)
    spec = GEN.params(width=width, height=height)
    seen = set()
    for _ in range(6):
        params, solution = GEN.draw(spec, rng, SessionCache())
        full = GEN.candidate_clues(params, solution)
        top = rng.choice(params.tops)
        wrong = {**full, top: (full[top] + 1) % (len(params.room_cells[params.rooms[top[0]][top[1]]]) + 1)}
        for clues in (full, {}, wrong, {top: full[top]}):
            inst = Instance(PUZZLE.name, params, clues)
            n = brute_force_count(PUZZLE, inst, PUZZLE.candidates(params))
            assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
            seen.add(min(n, 2))
    assert seen == {0, 1, 2}


def test_the_run_rule_counts_borders_crossed():
    """A white run over two borders breaks it, over one does not (pzprjs's isBorderCount)."""
    inst = PUZZLE.parse("ABC\nABC\nABC")
    assert PUZZLE.verify(inst, shading("# . #\n. . .\n# . #")) == [
        "white run r2c1-r2c3 crosses 2 room borders"]
    assert PUZZLE.verify(PUZZLE.parse("AAB\nAAB\nAAB"), shading("# . #\n. . .\n# . #")) == []


# ---- the generator -------------------------------------------------------------------------------
def test_drawn_rooms_are_rectangles_and_keep_the_shading():
    params, solution = GEN.draw(GEN.params(), random.Random(1), SessionCache())
    assert (params.width, params.height) == (10, 10)
    for cells in params.room_cells:
        rows, cols = {r for r, _ in cells}, {c for _, c in cells}
        assert len(cells) == len(rows) * len(cols) <= 9
    assert PUZZLE.verify(Instance(PUZZLE.name, params, GEN.candidate_clues(params, solution)), solution) == []


def test_repair_cuts_a_room_so_the_rival_is_out():
    inst = PUZZLE.parse("AAAA\nAAAA\nAAAA\nAAAA")
    ours, theirs = shading("# . . .\n. . # .\n. # . .\n# . . #"), shading("# . . .\n. . . #\n. # . .\n# . . #")
    clues = GEN.candidate_clues(inst.params, ours)
    assert PUZZLE.verify(Instance(PUZZLE.name, inst.params, clues), theirs) == []  # both keep the one number
    fixed = GEN.repair(inst.params, clues, ours, theirs, random.Random(3))
    assert fixed is not None
    params, new_clues, solution = fixed
    repaired = Instance(PUZZLE.name, params, new_clues)
    assert params.count == 2 and solution == ours
    assert PUZZLE.verify(repaired, ours) == [] and PUZZLE.verify(repaired, theirs)


def test_generated_boards_are_unique_and_minimal():
    from puzzlelab.lab.engine.generator import generate_one

    rng = random.Random(5)
    for _ in range(3):
        made = generate_one(PUZZLE, GEN, GEN.params(size=6), rng, SessionCache())
        assert made.unique and made.minimal
        assert check_instance(PUZZLE, made.instance).status == "unique"


# ---- for people ---------------------------------------------------------------------------------
def test_show_draws_rooms_and_numbers():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert shown[1] == "┃ ·   · ┃ 1   · ┃"
    assert "━" in shown[2] and len(shown) == 9  # a heavy line between every two rows of rooms


def test_the_picture_has_every_number_also_on_a_shaded_cell(monkeypatch):
    """The example's number of room E stands on a shaded cell (drawn white on black)."""
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert solution[2][2] and (2, 2) in inst.clues
    written = drawn(monkeypatch, PUZZLE, inst, solution)
    assert [w.text for w in written] == ["1", "1", "1", "1"]  # puzzle and solution


def test_params_refuse_a_mismatched_grid():
    with pytest.raises(PuzzleError, match="not 2 rows of 2"):
        HeyawakeParams(2, 2, ((0, 0),))
