"""Star Battle, what is its own: pzprjs's test board and its failchecks, 10x10 boards of human
setters, the text form's names and givens, tiny boards against brute force, the generator's
draw and repair, symmetry, the terminal and the picture. The rituals every puzzle shares are
declared in tests/cases/starbattle.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from cases.starbattle import QUADRANTS, grid

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.starbattle import PUZZLE, star_board

DATA = Path(__file__).parent / "data"
GEN = generator("starbattle")


def pzprjs_lines() -> list[list[str]]:
    return [line.split(" ", 2) if line.startswith("fail") else line.split(" ", 1)
            for line in (DATA / "starbattle_pzprjs.txt").read_text().splitlines() if not line.startswith("#")]


# ---- outside references ------------------------------------------------------------------------
def test_pzprjs_test_url_is_unique_with_its_accepted_solution():
    lines = dict(line[:2] for line in pzprjs_lines() if line[0] != "fail")
    url = "https://puzz.link/p?starbattle/" + lines["url"]
    inst = PUZZLE.parse(url)
    board, solution = read_pzprv3_answer(PUZZLE, lines["solution"])
    assert inst.params == board.params and board == inst  # his rooms, read off the borders, numbered alike
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == solution
    assert PUZZLE.format(inst, "puzzlink") == url


def test_pzprjs_failchecks_are_named_by_verify():
    """Each board pzprjs refuses breaks the rule its code names (first in his checklist)."""
    words = {"starAround": "touch", "bkStarGt": "region", "bkStarLt": "region", "lnStarNe": "row"}
    fails = [line for line in pzprjs_lines() if line[0] == "fail"]
    assert {code for _, code, _ in fails} == set(words)
    for _, code, board in fails:
        inst, cells = read_pzprv3_answer(PUZZLE, board)
        problems = PUZZLE.verify(Instance(PUZZLE.name, inst.params, {}), cells)
        assert any(words[code] in p for p in problems), (code, problems)
    over = next(board for _, code, board in fails if code == "bkStarGt")
    inst, cells = read_pzprv3_answer(PUZZLE, over)
    assert "region 1 holds 2 stars, not 1" in PUZZLE.verify(Instance(PUZZLE.name, inst.params, {}), cells)


def test_the_solved_pzprv3_file_reads_back_as_the_board_and_its_solution():
    """The file pzprjs saves a solved board in: the stars a line, the regions, the stars."""
    url = "https://puzz.link/p?starbattle/" + dict(line[:2] for line in pzprjs_lines() if line[0] != "fail")["url"]
    inst = PUZZLE.parse(url)
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.startswith(f"pzprv3\nstarbattle\n{inst.params.height}\n{inst.params.width}\n{inst.params.stars}\n")
    assert PUZZLE.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(PUZZLE, text) == read_pzprv3_answer(PUZZLE, text.replace("\n", "/")) == (inst, solution)


def test_human_10x10_boards_are_unique_and_read_as_published():
    lines = [line for line in (DATA / "starbattle_collection.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    urls = [line for line in lines if line.startswith("https://")]
    assert len(urls) == 4
    for url in urls:
        inst = PUZZLE.parse(url)
        assert (inst.params.width, inst.params.stars, inst.params.count) == (10, 2, 10)
        report = check_instance(PUZZLE, inst)
        assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == []
        assert PUZZLE.format(inst, "puzzlink") == url
        assert PUZZLE.parse(PUZZLE.format(inst)) == inst
    stated = lines[lines.index(urls[0]) + 1].split()[1:]  # the regions a Lean proof states for the first
    assert PUZZLE.parse(urls[0]).params.regions == tuple(tuple(int(ch) for ch in row) for row in stated)


# ---- the forms ---------------------------------------------------------------------------------
def test_text_form_reads_givens_and_defaults_to_one_star():
    inst = PUZZLE.parse(PUZZLE.example)
    assert inst.clues == {(0, 1): True, (0, 2): False}
    assert PUZZLE.parse(QUADRANTS.replace("stars 1\n", "")) == inst.without(inst.clues)
    assert PUZZLE.parse("  AABB\n  AABB\nCCDD\nCCDD").params.stars == 1
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert PUZZLE.format_solution(inst, solution) == ".*..\n...*\n*...\n..*."
    assert PUZZLE.read_answer(inst, "```\n. * . .\n. . . *\n* . . .\n. . * .\n```") == solution


def test_many_regions_are_written_as_spaced_numbers():
    """A board of more regions than letters and digits (a 9x9 board of 81 one-cell regions)."""
    params = star_board([[r * 9 + c for c in range(9)] for r in range(9)], 1)
    inst = Instance(PUZZLE.name, params, {(0, 0): True})
    text = PUZZLE.format(inst)
    assert text.splitlines()[1] == " 0  1  2  3  4  5  6  7  8" and text.endswith("given r1c1")
    assert PUZZLE.parse(text) == inst
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst


def test_puzzlink_refuses_givens_and_reads_a_body_without_walls():
    with pytest.raises(PuzzleError, match="holds no given stars"):
        PUZZLE.format(PUZZLE.parse(PUZZLE.example), "puzzlink")
    assert PUZZLE.parse("https://puzz.link/p?starbattle/4/4/1").params.count == 1


def test_canonical_is_the_same_for_a_turned_board():
    inst = PUZZLE.parse("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou")
    p = inst.params
    turned = star_board([[p.regions[p.height - 1 - c][r] for c in range(p.width)] for r in range(p.height)], 1)
    assert PUZZLE.canonical(Instance(PUZZLE.name, turned, {})) == PUZZLE.canonical(inst)
    assert PUZZLE.canonical(PUZZLE.parse(PUZZLE.example)) != PUZZLE.canonical(inst)


# ---- the rules against brute force ------------------------------------------------------------------
@pytest.mark.parametrize("size", [4, 5])
def test_random_tiny_boards_agree_with_brute_force(size):
    """Drawn regions (before any repair: often several solutions), with and without givens."""
    rng = random.Random(size)
    spec = GEN.params(size=size)
    seen = set()
    for _ in range(8):
        params, solution = GEN.draw(spec, rng, SessionCache())
        cell = (rng.randrange(size), rng.randrange(size))
        for clues in ({}, {cell: True}, {cell: False}):
            inst = Instance(PUZZLE.name, params, clues)
            n = brute_force_count(PUZZLE, inst, PUZZLE.candidates(params))
            assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
            seen.add(min(n, 2))
    assert seen == {0, 1, 2}


# ---- the generator -------------------------------------------------------------------------------
def test_drawn_regions_hold_the_drawn_stars():
    params, solution = GEN.draw(GEN.params(), random.Random(1), SessionCache())
    assert (params.width, params.stars, params.count) == (10, 2, 10)
    assert PUZZLE.verify(Instance(PUZZLE.name, params, {}), solution) == []


def test_repair_rules_the_rival_out_and_keeps_the_solution():
    inst = PUZZLE.parse(QUADRANTS)
    ours, theirs = grid(".*.. ...* *... ..*."), grid("..*. *... ...* .*..")
    fixed = GEN.repair(inst.params, {}, ours, theirs, random.Random(3))
    assert fixed is not None
    params, clues, solution = fixed
    repaired = Instance(PUZZLE.name, params, clues)
    assert solution == ours and PUZZLE.verify(repaired, ours) == [] and PUZZLE.verify(repaired, theirs)
    assert check_instance(PUZZLE, repaired).status == "unique"


def test_default_stars_follow_the_collections():
    assert [GEN.params(size=n).stars for n in (4, 9, 10, 13, 14, 16)] == [1, 1, 2, 2, 3, 3]
    assert GEN.params(size=1).stars == 1


# ---- for people ---------------------------------------------------------------------------------
def test_show_draws_regions_and_givens():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert shown[0] == "1 ★ a row, column and region"
    assert "★" in shown[2] and "×" in shown[2]
    assert "━" in shown[4] and len(shown) == 8  # a heavy line between the halves, none inside a region


def test_the_picture_has_the_stars_count_and_every_star(monkeypatch):
    from matplotlib.patches import Polygon
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    patches: list = []
    monkeypatch.setattr("matplotlib.axes.Axes.add_artist",
                        lambda ax, artist: patches.append(artist) or artist)
    written = drawn(monkeypatch, PUZZLE, inst, solution)
    assert [w.text for w in written].count("1 star in every row, column and region") == 2
    stars = [p for p in patches if isinstance(p, Polygon) and len(p.get_xy()) >= 10]
    assert len(stars) == 1 + 4  # the given star in the puzzle; the four in the solution
