"""Tapa, what is its own: pzprjs's test board and its failchecks, boards of human setters, the
clue forms and pzprjs's clue codes, the clue clauses against the patterns they stand for, tiny
boards against brute force, the generator's wall, connectivity for the grade, the terminal and
the picture. The rituals every puzzle shares are declared in tests/cases/tapa.py."""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest
from cases.tapa import SOLVED, shading

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.outcomes import Budget
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.puzzlink import UNKNOWN
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.tapa import (
    PUZZLE,
    TapaParams,
    allowed_patterns,
    clue_problem,
    read_tapa_body,
    ring_clauses,
    runs,
    two_char_clue,
    write_tapa_body,
)

DATA = Path(__file__).parent / "data"
GEN = generator("tapa")


def pzprjs_lines() -> list[list[str]]:
    return [line.split(" ", 2) if line.startswith("fail") else line.split(" ", 1)
            for line in (DATA / "tapa_pzprjs.txt").read_text().splitlines() if not line.startswith("#")]


# ---- outside references ------------------------------------------------------------------------
def test_pzprjs_test_url_is_unique_with_its_accepted_solution():
    lines = dict(line[:2] for line in pzprjs_lines() if line[0] != "fail")
    url = "https://puzz.link/p?tapa/" + lines["url"]
    inst = PUZZLE.parse(url)
    board, solution = read_pzprv3_answer(PUZZLE, lines["solution"])
    assert inst == board
    assert board.clues[(2, 2)] == (3, 1, 1) and board.clues[(3, 0)] == (3, 1)
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == solution
    assert PUZZLE.format(inst, "puzzlink") == url


def test_the_solved_pzprv3_file_reads_back_as_the_board_and_its_solution():
    """The file pzprjs saves a solved board in: his own, but for the dots (`+`) he left; a `?`
    is `-`, and a clue that is none is refused where it stands."""
    lines = dict(line[:2] for line in pzprjs_lines() if line[0] != "fail")
    inst = PUZZLE.parse("https://puzz.link/p?tapa/" + lines["url"])
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.replace("\n", "/") == lines["solution"].replace("+", ".")
    assert PUZZLE.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(PUZZLE, text) == (inst, solution)
    unknown = PUZZLE.parse("? . .\n. . .\n. . 1,?")
    assert PUZZLE.format(unknown, "pzprv3") == "pzprv3\ntapa\n3\n3\n- . . \n. . . \n. . 1,- \n"
    assert PUZZLE.parse(PUZZLE.format(unknown, "pzprv3")) == unknown
    with pytest.raises(PuzzleError) as e:
        PUZZLE.parse("pzprv3/tapa/2/2/. . /. 4,4 /")
    assert "'4,4' is no Tapa clue: its runs" in e.value.message and (e.value.line, e.value.column) == (6, 3)


def test_pzprjs_failchecks_are_named_by_verify():
    """Each board pzprjs refuses breaks the rule its code names (first in his checklist)."""
    words = {"brNoShade": "no cell is shaded", "cs2x2": "2x2 block", "ceTapaNe": "its ring has runs",
             "csDivide": "groups, not one"}
    fails = [line for line in pzprjs_lines() if line[0] == "fail"]
    assert {code for _, code, _ in fails} == set(words)
    for _, code, board in fails:
        inst, cells = read_pzprv3_answer(PUZZLE, board)
        problems = PUZZLE.verify(inst, cells)
        assert any(words[code] in p for p in problems), (code, problems)


def human_boards() -> list[str]:
    return [line for line in (DATA / "tapa_boards.txt").read_text().splitlines() if line.startswith("https://")]


def test_human_boards_are_unique_and_written_back_as_published():
    urls = human_boards()
    assert len(urls) == 3
    for url in urls:
        inst = PUZZLE.parse(url)
        report = check_instance(PUZZLE, inst)
        assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == []
        assert PUZZLE.format(inst, "puzzlink") == url
        assert PUZZLE.parse(PUZZLE.format(inst)) == inst
        assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst
    for bad in ("12", "[12]", '[1, "x"]', "[]"):
        with pytest.raises(PuzzleError, match="a cell is null or a clue"):
            PUZZLE.parse('{"grid": [[null, ' + bad + "]]}")


def test_a_human_10x10_board_checks_within_a_small_budget():
    """Bounded by conflicts, not time (the under-a-second claim is scripts/bench_genres.py's)."""
    inst = PUZZLE.parse(human_boards()[0])
    assert (inst.params.width, inst.params.height) == (10, 10)
    assert check_instance(PUZZLE, inst, Budget(conflicts=5_000)).status == "unique"


# ---- the forms ---------------------------------------------------------------------------------
def test_clues_are_read_with_commas_or_side_by_side_in_the_order_given():
    inst = PUZZLE.parse(". 1,3 ?\n. 13 .\n?,2 . 0")
    assert inst.clues == {(0, 1): (1, 3), (0, 2): (UNKNOWN,), (1, 1): (1, 3), (2, 0): (UNKNOWN, 2), (2, 2): (0,)}
    assert PUZZLE.format(inst) == "  . 1,3   ?\n  . 1,3   .\n?,2   .   0"
    assert PUZZLE.parse(PUZZLE.format(inst, "puzzlink")) == inst
    reordered = PUZZLE.parse(". 3,1 ?\n. 3,1 .\n2,? . 0")
    assert reordered != inst and PUZZLE.canonical(reordered) == PUZZLE.canonical(inst)
    assert PUZZLE.describe_clue((2, 0), (UNKNOWN, 2)) == "r3c1=?,2"


def test_json_takes_clues_as_strings_numbers_or_lists():
    inst = PUZZLE.parse('{"grid": [[null, "3,1"], [5, [1, "?", 1]]]}')
    assert inst.clues == {(0, 1): (3, 1), (1, 0): (5,), (1, 1): (1, UNKNOWN, 1)}
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst


def test_every_pzprjs_clue_code_reads_and_writes_back():
    """The two-character codes 360..475 (tapa.js): each reads to its numbers and is written
    back as read where the numbers make a clue; the one-character codes too."""
    for code in range(360, 476):
        numbers = two_char_clue(code)
        assert numbers is not None and 2 <= len(numbers) <= 4
        if clue_problem(numbers) is not None:
            continue
        text = "0123456789abcdefghijklmnopqrstuvwxyz"[code // 36] + "0123456789abcdefghijklmnopqrstuvwxyz"[code % 36]
        clue = tuple(numbers)
        written = write_tapa_body([clue])
        assert written == ("9" if clue == (1, 1, 1, 1) else text)
    for text, clue in (("0", (0,)), ("8", (8,)), ("9", (1, 1, 1, 1)), (".", (UNKNOWN,))):
        assert write_tapa_body([clue]) == text
    assert two_char_clue(359) is None and two_char_clue(476) is None


def test_puzzlink_runs_of_empty_cells():
    from puzzlelab.lab.toolkit.puzzlink import Cursor

    assert read_tapa_body(Cursor("g3z1"), 23) == {1: (3,), 22: (1,)}
    assert write_tapa_body([None] * 45 + [(2,)]) == "zzk2"


# ---- the rules ----------------------------------------------------------------------------------
def test_runs_wrap_around_the_ring():
    assert runs([True, False, False, False, False, False, False, True]) == (2,)
    assert runs([True] * 8) == (8,) and runs([False] * 8) == (0,)
    assert runs([True, False] * 4) == (1, 1, 1, 1)


def test_a_lone_question_mark_allows_no_run_too():
    """pzprjs's check passes a lone `?` whose ring has no shaded cell (its runs read `[0]`)."""
    assert 0 in allowed_patterns((UNKNOWN,), 255)
    assert 0 not in allowed_patterns((UNKNOWN, UNKNOWN), 255)


@pytest.mark.parametrize("present", [255, 0b00011111, 0b11000001, 0b01111100])
def test_clue_clauses_allow_exactly_the_patterns_of_the_clue(present):
    """The prime implicates, read back: an assignment of the ring's cells on the board keeps
    every clause exactly when the clue allows it (interior, edge and corner rings)."""
    clues = [(0,), (1,), (4,), (8,), (UNKNOWN,), (2, 1), (UNKNOWN, 3), (1, 1, 1), (2, 1, 1), (1, 1, 1, 1),
             (1, UNKNOWN, 1, UNKNOWN), (5, 1), (3, 3)]
    places = [i for i in range(8) if present >> i & 1]
    for clue in clues:
        allowed = set(allowed_patterns(clue, present))
        assert all(m & ~present == 0 for m in allowed)
        clauses = ring_clauses(clue, present)
        for bits in product((False, True), repeat=len(places)):
            m = sum(1 << i for i, on in zip(places, bits) if on)
            keeps = all(any(bool(m >> i & 1) == on for i, on in clause) for clause in clauses)
            assert keeps == (m in allowed), (clue, present, m)


@pytest.mark.parametrize("width, height", [(3, 3), (4, 3), (2, 4)])
def test_random_tiny_boards_agree_with_brute_force(width, height):
    """Generated shadings' clues, random subsets of them and a `?` now and then: brute force,
    SAT and CP-SAT count alike."""
    rng = random.Random(width * 10 + height)
    params = TapaParams(width, height)
    candidates = list(PUZZLE.candidates(params))
    seen = set()
    for _ in range(6):
        _, solution = GEN.draw(GEN.params(width=width, height=height), rng, SessionCache())
        clues = GEN.candidate_clues(params, solution)
        kept = {k: v for k, v in clues.items() if rng.random() < 0.5}
        for k in list(kept)[:1]:
            kept[k] = (UNKNOWN,) * len(kept[k]) if kept[k] != (0,) else (UNKNOWN,)
        inst = Instance(PUZZLE.name, params, kept)
        n = brute_force_count(PUZZLE, inst, candidates)
        assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
        seen.add(min(n, 2))
    assert 2 in seen


def test_verify_accepts_the_example_solution():
    assert PUZZLE.verify(PUZZLE.parse(PUZZLE.example), shading(SOLVED)) == []


def test_dead_end_sees_a_wall_cut_in_two():
    """The shaded cells set must still join through cells not set unshaded: never on a
    solution's own literals, always once a cut between two shaded cells is set."""
    inst = PUZZLE.parse(PUZZLE.example)
    session = SessionCache().get(PUZZLE, inst.params)
    rules = session.rules
    solution = shading(SOLVED)
    lits = set(PUZZLE.solution_literals(inst.params, rules, solution))
    assert not PUZZLE.dead_end(inst.params, rules, lits.__contains__)
    shade = rules.data
    cut = {shade[0][0], shade[3][1], -shade[1][0], -shade[1][1], -shade[1][2], -shade[1][3]}
    assert PUZZLE.dead_end(inst.params, rules, cut.__contains__)
    assert not PUZZLE.dead_end(inst.params, rules, (cut - {shade[3][1]}).__contains__)


def test_a_clue_outside_the_board_or_no_clue_is_refused():
    rules = SessionCache().get(PUZZLE, TapaParams(3, 3)).rules
    with pytest.raises(PuzzleError, match="outside"):
        PUZZLE.clue_clauses(TapaParams(3, 3), rules, (3, 0), (1,))
    with pytest.raises(PuzzleError, match="no Tapa clue"):
        PUZZLE.clue_clauses(TapaParams(3, 3), rules, (0, 0), (4, 4))


# ---- the generator -------------------------------------------------------------------------------
def test_drawn_walls_are_connected_without_blocks_and_their_clues_unique():
    rng = random.Random(5)
    spec = GEN.params(size=7)
    for _ in range(5):
        params, solution = GEN.draw(spec, rng, SessionCache())
        inst = Instance(PUZZLE.name, params, GEN.candidate_clues(params, solution))
        assert PUZZLE.verify(inst, solution) == []
        assert 0.4 < sum(map(sum, solution)) / 49 <= 0.56
        assert check_instance(PUZZLE, inst).status == "unique"


def test_generated_puzzles_are_minimal_and_read_back():
    from puzzlelab.lab.engine.generator import generate_one

    made = generate_one(PUZZLE, GEN, GEN.params(size=6), random.Random(3), SessionCache())
    assert made.unique and made.minimal and PUZZLE.verify(made.instance, made.solution) == []
    assert PUZZLE.parse(PUZZLE.format(made.instance, "puzzlink")) == made.instance


# ---- for people ---------------------------------------------------------------------------------
def test_show_puts_each_clue_in_its_box():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert "2,1" in shown[-2] and "5" in shown[1]


def test_the_picture_writes_every_number_of_every_clue(monkeypatch):
    import matplotlib.pyplot as plt
    from pictures import drawn, watch_writes

    solution = check_instance(PUZZLE, PUZZLE.parse(PUZZLE.example)).solutions[0]
    written = drawn(monkeypatch, PUZZLE, PUZZLE.parse(PUZZLE.example), solution)
    assert sorted(w.text for w in written) == sorted(["5", "2", "2", "1"] * 2)
    written = watch_writes(monkeypatch)
    fig, ax = plt.subplots()
    PUZZLE.draw(ax, PUZZLE.parse("? . 3,1,1\n. . .\n1,1,1,1 . 2,?"))
    plt.close(fig)
    assert sorted(w.text for w in written) == sorted("?31111112?")
    assert [w.size for w in written][:2] == [0.6, 0.36]  # a lone number large, several smaller
