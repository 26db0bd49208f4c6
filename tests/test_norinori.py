"""Norinori, what is its own: pzprjs's test board and its failchecks, boards of human setters,
the text form's names and givens, tiny boards against brute force, the generator's draw and
repair, symmetry, the terminal and the picture. The rituals every puzzle shares are declared
in tests/cases/norinori.py."""

from __future__ import annotations

import json
import random
from math import comb, prod
from pathlib import Path

import pytest
from cases.norinori import QUADRANTS, SOLVED, grid

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.norinori import PUZZLE, norinori_board

DATA = Path(__file__).parent / "data"
GEN = generator("norinori")


def pzprjs_record() -> dict:
    lines = (DATA / "pzprjs" / "pzprjs_testdata.jsonl").read_text().splitlines()
    return next(json.loads(line) for line in lines if json.loads(line)["pid"] == "norinori")


# ---- outside references ------------------------------------------------------------------------
def test_pzprjs_test_url_is_unique_with_its_accepted_solution():
    record = pzprjs_record()
    url = "https://puzz.link/p?norinori/" + record["url"]
    inst = PUZZLE.parse(url)
    board, solution = read_pzprv3_answer(PUZZLE, record["solutions"][0])
    assert inst == board and board.params.count == int(record["solutions"][0].split("/")[4])  # his rooms, alike
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == solution
    assert PUZZLE.format(inst, "puzzlink") == url


def test_the_solved_pzprv3_file_reads_back_as_the_board_and_its_solution():
    """The file pzprjs saves a solved board in (its walls, `pzprv3.1`) reads back, and his older
    layout of room numbers reads as the same board; a board with given cells has no such file."""
    record = pzprjs_record()
    inst = PUZZLE.parse("https://puzz.link/p?norinori/" + record["url"])
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.startswith(f"pzprv3.1\nnorinori\n{inst.params.height}\n{inst.params.width}\n")
    assert PUZZLE.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(PUZZLE, text) == read_pzprv3_answer(PUZZLE, text.replace("\n", "/")) == (inst, solution)
    assert read_pzprv3_answer(PUZZLE, record["solutions"][0])[0] == inst
    with pytest.raises(PuzzleError, match="holds no given cells"):
        PUZZLE.format(PUZZLE.parse(PUZZLE.example), "pzprv3")


def test_pzprjs_failchecks_are_named_by_verify():
    """Each board pzprjs refuses breaks the rule its code names."""
    words = {"csGt2": "2 shaded neighbours", "csLt2": "no shaded neighbour", "bkShadeGt2": "holds 3 shaded",
             "bkShadeLt2": "holds 1 shaded", "bkNoShade": "holds 0 shaded"}
    fails = pzprjs_record()["failchecks"]
    assert {fail["code"] for fail in fails} == set(words)
    for fail in fails:
        inst, cells = read_pzprv3_answer(PUZZLE, fail["board"])
        assert inst.params.count == int(fail["board"].split("/")[4])
        problems = PUZZLE.verify(inst, cells)
        assert any(words[fail["code"]] in p for p in problems), (fail["code"], problems)


def test_human_boards_are_unique_and_read_as_published():
    urls = [line for line in (DATA / "norinori_boards.txt").read_text().splitlines()
            if line and not line.startswith("#")]
    assert [url.split("/")[4:6] for url in urls].count(["10", "10"]) == 3
    for url in urls:
        inst = PUZZLE.parse(url)
        report = check_instance(PUZZLE, inst)
        assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == []
        assert PUZZLE.format(inst, "puzzlink") == url
        assert PUZZLE.parse(PUZZLE.format(inst)) == inst


# ---- the forms ---------------------------------------------------------------------------------
def test_text_form_reads_givens_and_writes_the_solution():
    inst = PUZZLE.parse(PUZZLE.example)
    assert inst.clues == {(0, 1): True, (1, 0): True}
    assert PUZZLE.parse(QUADRANTS + "\ngiven -r1c1").clues == {(0, 0): False}
    assert PUZZLE.parse("  AABB\n  AABB\nCCDD\nCCDD") == PUZZLE.parse(QUADRANTS)
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert solution == grid(SOLVED)
    assert PUZZLE.format_solution(inst, solution) == SOLVED.replace(" ", "\n")
    assert PUZZLE.read_answer(inst, "```\n. # # .\n# . . #\n# . . #\n. # # .\n```") == solution
    assert check_instance(PUZZLE, PUZZLE.parse(QUADRANTS)).status == "ambiguous"


def test_many_regions_are_written_as_spaced_numbers():
    """A board of more regions than letters and digits (a 9x9 board of 81 one-cell regions)."""
    params = norinori_board([[r * 9 + c for c in range(9)] for r in range(9)])
    inst = Instance(PUZZLE.name, params, {(0, 0): True})
    text = PUZZLE.format(inst)
    assert text.splitlines()[0] == " 0  1  2  3  4  5  6  7  8" and text.endswith("given r1c1")
    assert PUZZLE.parse(text) == inst
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst
    assert check_instance(PUZZLE, inst).status == "unsolvable"  # one cell cannot hold two


def test_puzzlink_refuses_givens_and_reads_a_body_without_walls():
    with pytest.raises(PuzzleError, match="holds no given cells"):
        PUZZLE.format(PUZZLE.parse(PUZZLE.example), "puzzlink")
    assert PUZZLE.parse("https://puzz.link/p?norinori/4/4/").params.count == 1


def test_canonical_is_the_same_for_a_turned_board():
    inst = PUZZLE.parse("https://puzz.link/p?norinori/6/6/93op35pb9vpq")
    p = inst.params
    turned = norinori_board([[p.regions[p.height - 1 - c][r] for c in range(p.width)] for r in range(p.height)])
    assert PUZZLE.canonical(Instance(PUZZLE.name, turned, {})) == PUZZLE.canonical(inst)
    assert PUZZLE.canonical(PUZZLE.parse(PUZZLE.example)) != PUZZLE.canonical(inst)
    mirrored = PUZZLE.parse(QUADRANTS + "\ngiven r1c3 r2c4")  # the example turned over
    assert PUZZLE.canonical(mirrored) == PUZZLE.canonical(PUZZLE.parse(PUZZLE.example))


# ---- the rules against brute force ------------------------------------------------------------------
@pytest.mark.parametrize("size", [4, 5])
def test_random_tiny_boards_agree_with_brute_force(size):
    """Drawn regions (before any repair: often several solutions), with a given, and with the
    drawn solution given whole (one solution) or with one cell turned (none)."""
    rng = random.Random(size)
    spec = GEN.params(size=size)
    seen = set()
    tried = 0
    while tried < 4:
        params, solution = GEN.draw(spec, rng, SessionCache())
        if prod(comb(len(cells), 2) for cells in params.region_cells()) > 4_000:
            continue  # brute force stays quick
        tried += 1
        cell = (rng.randrange(size), rng.randrange(size))
        whole = {(r, c): solution[r][c] for r, c in params.cells()}
        for clues in ({}, {cell: True}, {cell: False}, whole, {**whole, cell: not whole[cell]}):
            inst = Instance(PUZZLE.name, params, clues)
            n = brute_force_count(PUZZLE, inst, PUZZLE.candidates(params))
            assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
            seen.add(min(n, 2))
    assert seen == {0, 1, 2}


# ---- the generator -------------------------------------------------------------------------------
def test_drawn_regions_hold_the_drawn_dominoes():
    params, solution = GEN.draw(GEN.params(), random.Random(1), SessionCache())
    assert (params.width, params.height) == (8, 8)
    assert 2 * params.count == sum(map(sum, solution))
    assert PUZZLE.verify(Instance(PUZZLE.name, params, {}), solution) == []


def test_repair_rules_the_rival_out_and_keeps_the_solution():
    inst = PUZZLE.parse(QUADRANTS)
    ours, theirs = grid("##.# ...# #... #.##"), grid("#.## #... ...# ##.#")
    assert not PUZZLE.verify(inst, ours) and not PUZZLE.verify(inst, theirs)
    fixed = GEN.repair(inst.params, {}, ours, theirs, random.Random(3))
    assert fixed is not None
    params, clues, solution = fixed
    repaired = Instance(PUZZLE.name, params, clues)
    assert solution == ours and PUZZLE.verify(repaired, ours) == [] and PUZZLE.verify(repaired, theirs)


# ---- for people ---------------------------------------------------------------------------------
def test_show_draws_regions_and_givens():
    shown = PUZZLE.show_text(PUZZLE.parse(QUADRANTS + "\ngiven r1c1 -r1c2")).splitlines()
    assert shown[0] == "two shaded cells a region, in dominoes"
    assert shown[2] == "┃ ■   × ┃ ·   · ┃"
    assert shown[4] == "┣━━━━━━━╋━━━━━━━┫" and len(shown) == 8  # heavy lines between regions only


def test_the_picture_shades_givens_and_the_solution(monkeypatch):
    from pictures import drawn

    from puzzlelab.lab.toolkit import draw

    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    shaded: list = []
    real = draw.Board.shade

    def spy(board, r, c, colour="black", *args, **kwargs):
        shaded.append(colour)
        return real(board, r, c, colour, *args, **kwargs)

    monkeypatch.setattr(draw.Board, "shade", spy)
    drawn(monkeypatch, PUZZLE, inst, solution)
    assert shaded.count("black") == 4 and shaded.count("0.45") == 6  # two givens in both; the other six solved
