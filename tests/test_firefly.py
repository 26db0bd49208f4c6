"""Firefly (Hotaru Beam), what is its own: pzprjs's test board and its pzprv3 file, the text
form's fireflies, the rules pzprjs allows (a beam back into its own firefly, several beams
into one), tiny boards against brute force, the generator's draw and repair, generated boards
through puzz.link, symmetry, the terminal and the picture. The rituals every puzzle shares are
declared in tests/cases/firefly.py; pzprjs's URL and failchecks are rows of
tests/test_puzzlink_genres.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cases.firefly import EXAMPLE_SOLUTION, PAIR, PAIR_SOLUTION, lines

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.solvers.firefly import PUZZLE

DATA = Path(__file__).parent / "data"
GEN = generator("firefly")


def pzprjs_record() -> dict:
    with open(DATA / "pzprjs" / "pzprjs_testdata.jsonl") as f:
        return next(rec for line in f if (rec := json.loads(line))["pid"] == "firefly")


# ---- outside references ------------------------------------------------------------------------
def test_the_solved_pzprv3_file_is_pzprjs_accepted_one_but_for_crosses():
    """pzprjs's accepted file, less the player's crosses (`-1`), is ours letter for letter;
    the board reads the same from the address in tests/data/firefly_boards.txt."""
    record = pzprjs_record()
    url = (DATA / "firefly_boards.txt").read_text().splitlines()[-1]
    inst = PUZZLE.parse(url)
    assert url.endswith(record["url"])
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.replace("\n", "/") == record["solutions"][0].replace("-1", "0")
    assert PUZZLE.format(inst, "pzprv3").split("\n")[4] == "4,0 . . . 2,1 "  # a dot right, number 0


def test_circles_pzprjs_has_and_fireflies_do_not_are_refused():
    with pytest.raises(PuzzleError, match="a circle without a dot"):
        PUZZLE.parse("pzprv3/firefly/1/3/0,1 . 4,0 /0 0 /")
    with pytest.raises(PuzzleError, match="has its dot"):
        PUZZLE.parse("pzprv3/firefly/1/3/3,1 . 4,0 /0 0 /")


# ---- the forms ---------------------------------------------------------------------------------
def test_fireflies_read_in_every_spelling_and_are_written_one_way():
    inst = PUZZLE.parse(">2 . v\n. . .\n. ^ .")
    assert inst.params.fireflies == (((0, 0), "R"), ((0, 2), "D"), ((2, 1), "U")) and inst.clues == {(0, 0): 2}
    for spelling in ("2>", "R2", "r2", "→2"):
        assert PUZZLE.parse(f"{spelling} . v\n. . .\n. ^ .") == inst
    assert PUZZLE.parse(">2 . v?\n. . .\n. U .") == inst  # `?` or nothing: no number
    assert PUZZLE.format(inst) == ">2  .  v\n .  .  .\n .  ^  ."
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst
    assert PUZZLE.format(inst, "puzzlink") == "https://puzz.link/p?firefly/3/3/42a2.d1.a"
    assert PUZZLE.parse(PUZZLE.format(inst, "puzzlink")) == inst


def test_the_solution_is_written_with_the_fireflies_and_read_back_from_an_answer():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.format_solution(inst, EXAMPLE_SOLUTION).splitlines()[1] == "v5  ─ <0  │"
    answer = PUZZLE.answer_text(inst, EXAMPLE_SOLUTION)
    assert answer.splitlines()[0] == ". . DR DL"
    assert PUZZLE.read_answer(inst, f"```\n{answer}\n```") == EXAMPLE_SOLUTION


def test_numbers_strip_and_fireflies_stay():
    inst = PUZZLE.parse(PUZZLE.example)
    bare = inst.without(inst.clues)
    assert PUZZLE.format(bare) == ". . v <\nv . < .\n. . . .\n. . . ^"
    assert check_instance(PUZZLE, bare).status == "ambiguous"


# ---- the rules ---------------------------------------------------------------------------------
def test_a_beam_may_come_back_into_its_own_firefly():
    """pzprjs's path check breaks off at the firefly it started from: a lone firefly's beam
    around a 2x2 block back into its side is a solution, its number its three turns."""
    inst = PUZZLE.parse(">3 .\n. .")
    solution = lines("DR DL\nUR UL")
    assert PUZZLE.verify(inst, solution) == []
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == solution
    assert check_instance(PUZZLE, PUZZLE.parse(">2 .\n. .")).status == "unsolvable"


def test_several_beams_may_end_in_one_firefly_and_two_dots_never_meet():
    assert PUZZLE.verify(PUZZLE.parse(PAIR), PAIR_SOLUTION) == []
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.verify(inst, EXAMPLE_SOLUTION) == []
    assert EXAMPLE_SOLUTION[0][2] == "DR"  # r1c3 takes r1c4's beam and sends its own down
    assert check_instance(PUZZLE, PUZZLE.parse("> <")).status == "unsolvable"


@pytest.mark.parametrize("size", [3, 4])
def test_random_tiny_boards_agree_with_brute_force(size):
    """Drawn boards with no number, every number, each number alone, each one too high, and a
    generated puzzle: brute force, SAT and CP-SAT count alike."""
    rng = random.Random(size)
    seen = set()
    for _ in range(3):
        params, solution = GEN.draw(GEN.params(size=size), rng, SessionCache())
        full = GEN.candidate_clues(params, solution)
        trials = [{}, full] + [{key: value} for key, value in full.items()]
        trials += [{key: value + 1} for key, value in list(full.items())[:2]]
        for clues in trials:
            inst = Instance(PUZZLE.name, params, clues)
            n = brute_force_count(PUZZLE, inst, PUZZLE.candidates(params))
            assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
            seen.add(min(n, 2))
    made = generate_one(PUZZLE, GEN, GEN.params(size=3), rng, SessionCache()).instance
    assert brute_force_count(PUZZLE, made, PUZZLE.candidates(made.params)) == 1 == engine_counts(PUZZLE, made)[0]
    assert 2 in seen  # numbers leave beams room


# ---- the generator -------------------------------------------------------------------------------
def test_drawn_boards_hold_the_drawn_solution():
    for seed in range(3):
        params, solution = GEN.draw(GEN.params(size=6), random.Random(seed), SessionCache())
        inst = Instance(PUZZLE.name, params, GEN.candidate_clues(params, solution))
        assert PUZZLE.verify(inst, solution) == [] and len(inst.clues) == len(params.fireflies)


def test_repair_splits_a_beam_and_rules_the_rival_out():
    """A drawn board whose every number leaves a rival: the repair keeps our lines a solution
    of a board with one to three fireflies more, which the rival's lines are not."""
    rng = random.Random(2)
    for _ in range(20):
        params, ours = GEN.draw(GEN.params(size=5), rng, SessionCache())
        inst = Instance(PUZZLE.name, params, GEN.candidate_clues(params, ours))
        report = check_instance(PUZZLE, inst)
        if report.status == "ambiguous":
            break
    else:
        pytest.fail("no drawn 5x5 board with a rival")
    theirs = next(s for s in report.solutions if s != ours)
    fixed, clues, solution = GEN.repair(params, dict(inst.clues), ours, theirs, rng)
    repaired = Instance(PUZZLE.name, fixed, clues)
    assert len(params.fireflies) < len(fixed.fireflies) <= len(params.fireflies) + 3 and solution == ours
    assert PUZZLE.verify(repaired, ours) == [] and PUZZLE.verify(repaired, theirs)


def test_generated_boards_go_through_puzzlink_and_pzprv3():
    rng = random.Random(7)
    for _ in range(6):
        made = generate_one(PUZZLE, GEN, GEN.params(size=4), rng, SessionCache()).instance
        for fmt in ("puzzlink", "pzprv3", "json", "text"):
            assert PUZZLE.parse(PUZZLE.format(made, fmt)) == made, fmt


# ---- symmetry and pictures ------------------------------------------------------------------------------
def test_canonical_is_the_same_for_a_turned_board():
    inst = PUZZLE.parse(">2 . .\n. . v\n. . .")
    turned = PUZZLE.parse(". . v2\n. . .\n. < .")  # a quarter turn clockwise: right becomes down
    assert PUZZLE.canonical(turned) == PUZZLE.canonical(inst)
    assert PUZZLE.canonical(PUZZLE.parse(">1 . .\n. . v\n. . .")) != PUZZLE.canonical(inst)


def test_show_draws_arrows():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example))
    assert "↓5" in shown and "←0" in shown and "↑0" in shown


def test_the_picture_has_the_numbers(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    texts = [w.text for w in drawn(monkeypatch, PUZZLE, inst, EXAMPLE_SOLUTION)]
    assert texts.count("5") == 2 and texts.count("0") == 4  # in the puzzle and in its solution
