"""Country Road, what is its own: pzprjs's failchecks on their own boards, boards of other
solvers and collections (two with the loop their source states), walls inside a room, the
forms' corner cases, tiny boards against brute force, the generator's rooms and repair,
symmetry, the terminal and the picture. The rituals every puzzle shares are declared in
tests/cases/country.py; pzprjs's test URL is a row of tests/test_puzzlink_genres.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cases.country import EXAMPLE_SOLUTION, picture
from pysat.formula import IDPool

from puzzlelab.generators.country import loop_order, room_arc
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.outcomes import Budget
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.country import PUZZLE, country_board, crossed
from puzzlelab.solvers.pearl import read_shape

DATA = Path(__file__).parent / "data"
GEN = generator("country")


def pzprjs_record() -> dict:
    """pzprjs's test script for country (test/script/country.js), as the shared test data holds it."""
    lines = (DATA / "pzprjs" / "pzprjs_testdata.jsonl").read_text().splitlines()
    return next(record for record in map(json.loads, lines) if record["pid"] == "country")


def boards() -> list[tuple[str, tuple[tuple[str, ...], ...] | None]]:
    """tests/data/country_boards.txt: each address, and the loop its source states (or None)."""
    out: list[tuple[str, tuple[tuple[str, ...], ...] | None]] = []
    for line in (DATA / "country_boards.txt").read_text().splitlines():
        if line.startswith("https://"):
            out.append((line, None))
        elif line.startswith("solution "):
            rows = line.removeprefix("solution ").split("/")
            out[-1] = (out[-1][0], tuple(tuple(read_shape(t) for t in row.split()) for row in rows))
    return out


# ---- outside references ------------------------------------------------------------------------
def test_boards_of_other_solvers_are_unique_with_the_loops_they_state():
    found = boards()
    assert len(found) == 6 and sum(stated is not None for _, stated in found) == 2
    for url, stated in found:
        inst = PUZZLE.parse(url)
        report = check_instance(PUZZLE, inst, Budget(conflicts=20_000))  # a few hundred at most
        assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == [], url
        assert stated is None or report.solutions[0] == stated, url
        assert PUZZLE.format(inst, "puzzlink") == url
        assert PUZZLE.parse(PUZZLE.format(inst)) == inst
    sizes = {(p.width, p.height) for p in (PUZZLE.parse(url).params for url, _ in found)}
    assert sizes == {(12, 12), (20, 15), (17, 17), (17, 13), (10, 10), (6, 6)}


def test_pzprjs_failchecks_are_named_by_verify_on_their_own_boards():
    """Each board pzprjs refuses breaks the rule its code names, read with its own rooms and
    numbers (two are other puzzles than the test URL's: bkNoLine cuts a room in two, lnPlLoop
    changes a number)."""
    words = {"lnBranch": "3 ends", "lnCross": "4 ends", "bkPassTwice": "crosses the border",
             "bkLineNe": "its number says", "bkNoLine": "does not visit", "cbNoLine": "both unvisited",
             "lnDeadEnd": "1 ends", "lnPlLoop": "separate loops"}
    record = pzprjs_record()
    url_inst = PUZZLE.parse("https://puzz.link/p?country/" + record["url"])
    assert {fail["code"] for fail in record["failchecks"]} == set(words)
    for fail in record["failchecks"]:
        inst, loop = read_pzprv3_answer(PUZZLE, fail["board"])
        problems = PUZZLE.verify(inst, loop)
        assert any(words[fail["code"]] in p for p in problems), (fail["code"], problems)
        assert (inst == url_inst) == (fail["code"] not in ("bkNoLine", "lnPlLoop"))


def test_the_pzprv3_file_is_pzprjs_own_but_for_the_players_marks():
    """`pzprv3` as pzprjs's test scripts write it (room numbers, no line of options); its later
    layouts read as the same board: `pzprv3.1` with a line of options, `pzprv3.2` with walls."""
    record = pzprjs_record()
    accepted = record["solutions"][0]
    inst, loop = read_pzprv3_answer(PUZZLE, accepted)
    ours = PUZZLE.format_solution(inst, loop, "pzprv3").replace("\n", "/")
    assert ours.split("/")[:-6] == accepted.split("/")[:-6]  # the last five lines: circles and crosses
    rows = accepted.split("/")[5:10]
    walls = "/".join(" ".join(str(int(a != b)) for a, b in zip(row.split(), row.split()[1:])) for row in rows)
    below = "/".join(" ".join(str(int(a != b)) for a, b in zip(top.split(), low.split()))
                     for top, low in zip(rows, rows[1:]))
    numbers = "/".join(accepted.split("/")[10:15])
    assert PUZZLE.parse(f"pzprv3.2/country/5/5//{walls}/{below}/{numbers}/") == inst
    assert PUZZLE.parse(accepted.replace("pzprv3/country/5/5/", "pzprv3.1/country/5/5//")) == inst
    with pytest.raises(PuzzleError, match="'country_empty': rooms the loop may leave out"):
        PUZZLE.parse(accepted.replace("pzprv3/country/5/5/", "pzprv3.1/country/5/5/country_empty/"))


def test_walls_inside_a_room_are_refused():
    """pzprjs counts a loop crossing a wall as entering a room, even a wall with the same room
    both sides; our rooms have no such wall (noqx's 10x12 example has twenty: without them its loop
    is not unique)."""
    url = "https://puzz.link/p?country/10/12/d4ibeqt5abl75ajb6m94i80400vvvvk5vvufvv9h7sci34h21h21t6j6h"
    with pytest.raises(PuzzleError, match="a wall between r1c3 and r1c4, two cells of one room") as e:
        PUZZLE.parse(url)
    assert e.value.column == 35
    with pytest.raises(PuzzleError, match="a wall between r1c1 and r1c2") as e:
        PUZZLE.parse("pzprv3.2/country/2/2//1 /0 /0 0 /. . /. . /")
    assert e.value.line == 6


# ---- the forms ---------------------------------------------------------------------------------
def test_text_form_reads_numbers_by_room_name_and_writes_the_loop():
    inst = PUZZLE.parse(PUZZLE.example)
    assert inst.clues == {(3, 0): 2}
    assert PUZZLE.parse(PUZZLE.example.replace("D=2", "E=1 D=2")).clues == {(3, 0): 2, (3, 3): 1}
    assert PUZZLE.format_solution(inst, EXAMPLE_SOLUTION) == "· · ┌─┐\n· ┌─┘ │\n┌─┘ · │\n└─────┘"
    answer = PUZZLE.answer_text(inst, EXAMPLE_SOLUTION)
    assert answer.splitlines()[0] == ". . DR DL"
    assert PUZZLE.read_answer(inst, f"```\n{answer}\n```") == EXAMPLE_SOLUTION
    assert json.loads(PUZZLE.format_solution(inst, EXAMPLE_SOLUTION, "json"))["loop"][3] == ["UR", "LR", "LR", "UL"]


def test_a_number_belongs_to_its_room_not_its_cell():
    """JSON and pzprjs's file may put it on any cell of the room; it is kept on the first."""
    inst = PUZZLE.parse('{"regions": ["AB", "AB"], "numbers": [[2, 2, 2]]}')
    assert inst.clues == {(0, 1): 2}
    assert PUZZLE.parse("pzprv3/country/2/2/2/0 1 /0 1 /. . /. 2 /") == inst
    with pytest.raises(PuzzleError, match="not a number in a room's first cell"):
        PUZZLE.clue_clauses(inst.params, PUZZLE.rules(inst.params, IDPool()), (1, 1), 2)


def test_one_room_holds_the_whole_loop():
    """With one room there is no border to cross: the loop is the room's (pzprjs counts no
    crossing either)."""
    inst = PUZZLE.parse("AA\nAA\nnumbers A=4")
    assert check_instance(PUZZLE, inst).solutions == [picture("┌ ┐\n└ ┘")]
    assert check_instance(PUZZLE, PUZZLE.parse("AAA\nAAA\nnumbers A=4")).status == "ambiguous"
    wide = PUZZLE.parse("AAAA\nAAAA\nAAAA\nnumbers A=8")  # two squares side by side: Pearl's cuts
    n = brute_force_count(PUZZLE, wide, PUZZLE.candidates(wide.params))
    assert engine_counts(PUZZLE, wide) == (n, n) == (12, 12)


# ---- the rules against brute force ------------------------------------------------------------------
@pytest.mark.parametrize("width, height", [(4, 4), (5, 3)])
def test_random_tiny_boards_agree_with_brute_force(width, height):
    """Drawn rooms with all their numbers, none, one changed, and one alone: unique, ambiguous
    and unsolvable. The candidates are those of the rooms alone (what no number can mend)."""
    rng = random.Random(width * 10 + height)
    spec = GEN.params(width=width, height=height)
    seen = set()
    for _ in range(3):
        params, loop = GEN.draw(spec, rng, SessionCache())
        bare = Instance(PUZZLE.name, params, {})
        candidates = [c for c in PUZZLE.candidates(params) if not PUZZLE.verify(bare, c)]
        full = GEN.candidate_clues(params, loop)
        top = rng.choice(params.tops)
        room = len(params.room_cells[params.room(top)])
        wrong = {**full, top: full[top] % room + 1}
        for clues in (full, {}, wrong, {top: full[top]}):
            inst = Instance(PUZZLE.name, params, clues)
            n = brute_force_count(PUZZLE, inst, candidates)
            assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
            seen.add(min(n, 2))
    assert seen == {0, 1, 2}


# ---- the generator -------------------------------------------------------------------------------
def test_drawn_rooms_are_arcs_of_the_loop():
    """Each room's cells on the loop follow one another along it; the loop keeps every rule."""
    for seed in range(3):
        params, loop = GEN.draw(GEN.params(), random.Random(seed), SessionCache())
        assert (params.width, params.height) == (8, 8)
        inst = Instance(PUZZLE.name, params, GEN.candidate_clues(params, loop))
        assert PUZZLE.verify(inst, loop) == [] and set(crossed(params, loop)) == {2}
        order = loop_order(loop)
        for room in range(params.count):
            arc = room_arc(params, loop, room)
            start = order.index(arc[0])
            assert [order[(start + i) % len(order)] for i in range(len(arc))] == arc


def test_repair_cuts_a_room_so_the_rival_is_out():
    params = country_board(["AAA", "AAA", "BBB"])
    ours = picture("┌ ─ ┐\n│ · │\n└ ─ ┘")
    theirs = picture("┌ ┐ ·\n│ └ ┐\n└ ─ ┘")
    clues = GEN.candidate_clues(params, ours)
    assert clues == {(0, 0): 5, (2, 0): 3}
    assert PUZZLE.verify(Instance(PUZZLE.name, params, clues), theirs) == []  # both keep the two numbers
    fixed = GEN.repair(params, clues, ours, theirs, random.Random(3))
    assert fixed is not None
    changed, new_clues, solution = fixed
    repaired = Instance(PUZZLE.name, changed, new_clues)
    assert changed.count == 3 and solution == ours
    assert PUZZLE.verify(repaired, ours) == [] and PUZZLE.verify(repaired, theirs)


# ---- symmetry and pictures ------------------------------------------------------------------------------
def test_canonical_is_the_same_for_a_turned_board():
    inst = PUZZLE.parse(PUZZLE.example)
    p = inst.params
    turned = country_board([[p.rooms[p.height - 1 - c][r] for c in range(p.width)] for r in range(p.width)])
    clues = {turned.tops[turned.room((c, p.height - 1 - r))]: v for (r, c), v in inst.clues.items()}
    assert PUZZLE.canonical(Instance(PUZZLE.name, turned, clues)) == PUZZLE.canonical(inst)
    assert PUZZLE.canonical(inst.without(inst.clues)) != PUZZLE.canonical(inst)


def test_show_draws_rooms_and_numbers():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert shown[7] == "┃ 2   · ┃ · ┃ · ┃" and len(shown) == 9


def test_the_picture_has_the_number_in_its_corner_and_the_loop(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    written = drawn(monkeypatch, PUZZLE, inst, EXAMPLE_SOLUTION)
    assert [w.text for w in written] == ["2", "2"]  # puzzle and solution
