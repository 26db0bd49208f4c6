"""Nurikabe, what is its own: pzprjs's test board and its failchecks, a human setter's 10x10
board, numbers not shown, tiny boards against brute force, the generator's draw and repair,
the terminal and the picture. The rituals every puzzle shares are declared in
tests/cases/nurikabe.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cases.nurikabe import shading

from puzzlelab.generators.nurikabe import NurikabeSpec, moved, random_shading, rival
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import Instance
from puzzlelab.lab.engine.sat import SatSession, SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.connectivity import white_components
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.nurikabe import PUZZLE, NurikabeParams

DATA = Path(__file__).parent / "data"
PZPRJS = DATA / "pzprjs" / "pzprjs_testdata.jsonl"
GEN = generator("nurikabe")
Shading = tuple[tuple[bool, ...], ...]


def pzprjs_row() -> dict:
    return next(row for row in map(json.loads, PZPRJS.read_text().splitlines()) if row["pid"] == "nurikabe")


# ---- outside references ------------------------------------------------------------------------
def test_pzprjs_test_url_is_unique_with_its_accepted_solution():
    row = pzprjs_row()
    url = "https://puzz.link/p?nurikabe/" + row["url"]
    inst = PUZZLE.parse(url)
    board, accepted = read_pzprv3_answer(PUZZLE, row["solutions"][0])
    assert inst == board
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == accepted
    assert PUZZLE.format(inst, "puzzlink") == url


def test_the_solved_pzprv3_file_reads_back_as_the_board_and_its_solution():
    """The file pzprjs saves a solved board in: his own, but for the dots (`+`) he left on white cells."""
    row = pzprjs_row()
    inst = PUZZLE.parse("https://puzz.link/p?nurikabe/" + row["url"])
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.replace("\n", "/") == row["solutions"][0].replace("+", ".")
    assert PUZZLE.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(PUZZLE, text) == (inst, solution)
    hidden = PUZZLE.parse(". . . .\n. . ? .\n. . . .\n2 . 2 .")
    assert PUZZLE.format(hidden, "pzprv3") == "pzprv3\nnurikabe\n4\n4\n. . . . \n. . - . \n. . . . \n2 . 2 . \n"
    assert PUZZLE.parse(PUZZLE.format(hidden, "pzprv3")) == hidden


def test_pzprjs_failchecks_are_named_by_verify():
    """Each board pzprjs refuses breaks the rule its code names (first in his checklist)."""
    words = {"cs2x2": "2x2 block", "bkNoNum": "holds no number", "csDivide": "shaded cells form",
             "bkNumGe2": "share an island", "bkSizeNe": "its number says"}
    fails = pzprjs_row()["failchecks"]
    assert {fail["code"] for fail in fails} == set(words)
    for fail in fails:
        inst, shaded = read_pzprv3_answer(PUZZLE, fail["board"])
        problems = PUZZLE.verify(inst, shaded)
        assert any(words[fail["code"]] in p for p in problems), (fail["code"], problems)


def test_human_10x10_board_is_unique_and_reads_as_published():
    urls = [line for line in (DATA / "nurikabe_boards.txt").read_text().splitlines() if line.startswith("https://")]
    assert urls
    for url in urls:
        inst = PUZZLE.parse(url)
        assert (inst.params.width, inst.params.height) == (10, 10)
        session = SatSession.given(PUZZLE, inst)
        try:
            report = session.check({})
        finally:
            session.close()
        assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == []
        assert PUZZLE.format(inst, "puzzlink") == url
        assert PUZZLE.parse(PUZZLE.format(inst)) == inst


# ---- the forms ---------------------------------------------------------------------------------
def test_a_number_not_shown_is_kept_in_every_form():
    inst = PUZZLE.parse(". . . .\n. . ? .\n. . . .\n2 . 2 .")
    assert inst.params.numbered == {(1, 2), (3, 0), (3, 2)} and (1, 2) not in inst.clues
    for fmt in ("text", "puzzlink", "json"):
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
    assert PUZZLE.format(inst, "puzzlink") == "https://puzz.link/p?nurikabe/4/4/l.k2g2g"
    assert check_instance(PUZZLE, inst).status == "ambiguous"  # the 3 could be other sizes


def test_solution_forms_and_answers():
    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert solution == shading("#..#/##.#/.###/.#..")
    assert PUZZLE.format_solution(inst, solution) == "# . . #\n# # 3 #\n. # # #\n2 # 2 ."
    assert PUZZLE.read_answer(inst, "```\n# . . #\n# # 3 #\n. # # #\n2 # 2 .\n```") == solution


def test_canonical_is_the_same_for_a_turned_board():
    inst = PUZZLE.parse(PUZZLE.example)
    turned = PUZZLE.parse(". . . 2\n. . . .\n. 3 . 2\n. . . .")  # a quarter turn
    assert PUZZLE.canonical(turned) == PUZZLE.canonical(inst)


# ---- the rules against brute force ------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2])
def test_random_tiny_boards_agree_with_brute_force(seed):
    """Random numbers (some not shown) on boards up to 4x3: unsolvable, unique and ambiguous."""
    rng = random.Random(seed)
    seen = set()
    for _ in range(10):
        w, h = rng.choice([(3, 3), (4, 3), (3, 4), (2, 3)])
        cells = [(r, c) for r in range(h) for c in range(w)]
        numbers = rng.sample(cells, rng.randint(1, 3))
        clues = {cell: rng.randint(1, 5) for cell in numbers if rng.random() < 0.85}
        inst = Instance(PUZZLE.name, NurikabeParams(w, h, frozenset(numbers)), clues)
        n = brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params))
        assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
        seen.add(min(n, 2))
    assert seen == {0, 1, 2}


# ---- the generator -------------------------------------------------------------------------------
def test_drawn_shadings_keep_the_rules():
    rng = random.Random(4)
    spec = NurikabeSpec(8, 8, 4, 0.45)
    for _ in range(5):
        drawn = random_shading(spec, rng)
        if drawn is None:
            continue
        board = NurikabeParams(8, 8, frozenset(island[0] for island in white_components(drawn)))
        inst = Instance(PUZZLE.name, board, GEN.candidate_clues(board, drawn))
        assert PUZZLE.verify(inst, drawn) == []
        assert max(len(island) for island in white_components(drawn)) <= 4


def test_a_moved_number_rules_the_rival_out():
    inst = PUZZLE.parse(". . . .\n. 3 . .\n. . . .\n. . 2 .")  # ambiguous
    ours = check_instance(PUZZLE, inst).solutions
    other = rival(inst, ours[0])
    assert other is not None and other != ours[0]
    board = moved(inst.params, ours[0], other, random.Random(1))
    fixed = Instance(PUZZLE.name, board, GEN.candidate_clues(board, ours[0]))
    assert PUZZLE.verify(fixed, ours[0]) == [] and PUZZLE.verify(fixed, other)


def test_generated_boards_are_unique_with_a_number_in_every_island():
    spec = GEN.params(size=5)
    params, solution = GEN.draw(spec, random.Random(2), SessionCache())
    clues = GEN.candidate_clues(params, solution)
    assert len(clues) == len(params.numbered) == len(white_components(solution))
    assert check_instance(PUZZLE, Instance(PUZZLE.name, params, clues)).status == "unique"


# ---- for people ---------------------------------------------------------------------------------
def test_show_draws_the_numbers():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert "3" in shown[3] and "2" in shown[7]


def test_the_picture_has_every_number_and_shades_the_solution(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    written = drawn(monkeypatch, PUZZLE, inst, solution)
    assert sorted(w.text for w in written if w.text.isdigit()) == ["2", "2", "2", "2", "3", "3"]


def test_dead_end_sees_a_split_shading_and_an_island_without_a_number():
    from pysat.formula import IDPool

    inst = PUZZLE.parse(PUZZLE.example)
    rules = PUZZLE.rules(inst.params, IDPool())
    shade = rules.data.shade
    solution = shading("#..#/##.#/.###/.#..")

    def holding(cells: dict) -> object:
        lits = {shade[r][c] if s else -shade[r][c] for (r, c), s in cells.items()}
        return lambda lit: lit in lits

    everything = {(r, c): solution[r][c] for r, c in inst.params.cells()}
    assert not PUZZLE.dead_end(inst.params, rules, holding(everything))
    assert not PUZZLE.dead_end(inst.params, rules, holding({(0, 0): True, (0, 3): True}))
    assert PUZZLE.dead_end(inst.params, rules, holding({(0, 0): True, (0, 3): True, (1, 0): False, (0, 1): False}))
    assert PUZZLE.dead_end(inst.params, rules, holding({(0, 0): False, (0, 1): True, (1, 0): True}))  # no number
