"""Yajilin, what is its own: pzprjs's test board and its failchecks, 10x10 boards of other
solvers' collections, the text form's arrows, tiny boards against brute force, the generator's
draw and repair, symmetry, the terminal and the picture. The rituals every puzzle shares are
declared in tests/cases/yajilin.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cases.yajilin import EXAMPLE_SOLUTION, picture

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.yajilin import PUZZLE

DATA = Path(__file__).parent / "data"
GEN = generator("yajilin")


def pzprjs_record() -> dict:
    with open(DATA / "pzprjs" / "pzprjs_testdata.jsonl") as f:
        return next(rec for line in f if (rec := json.loads(line))["pid"] == "yajilin")


# ---- outside references ------------------------------------------------------------------------
def test_pzprjs_test_url_is_unique_with_its_accepted_solution():
    record = pzprjs_record()
    url = "https://puzz.link/p?yajilin/" + record["url"]
    inst = PUZZLE.parse(url)
    accepted = next(s for s in record["solutions"] if s.split("/")[2:4] == ["5", "5"])
    board, solution = read_pzprv3_answer(PUZZLE, accepted)
    assert inst.params == board.params and inst.clues == board.clues
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == solution
    assert PUZZLE.verify(inst, solution) == []
    assert PUZZLE.format(inst, "puzzlink") == url


def test_the_solved_pzprv3_file_reads_back_as_the_board_and_its_solution():
    """The file pzprjs saves a solved board in: his own, but for the dots (`+`) and crosses
    (`-1`) he left; it reads back as the board and the solution, a blank clue cell as `0,-`."""
    record = pzprjs_record()
    inst = PUZZLE.parse("https://puzz.link/p?yajilin/" + record["url"])
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    accepted = next(s for s in record["solutions"] if s.split("/")[2:4] == ["5", "5"])
    assert text.replace("\n", "/") == accepted.replace("+", ".").replace("-1", "0")
    assert PUZZLE.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(PUZZLE, text) == (inst, solution)
    example = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.format(example, "pzprv3").split("\n")[4:8] == ["0,- . . 2,1 ", ". . . . ", ". . . . ", "4,1 . . . "]
    assert PUZZLE.parse(PUZZLE.format(example, "pzprv3")) == example
    with pytest.raises(PuzzleError, match="an arrow with no number"):
        PUZZLE.parse("pzprv3/yajilin/1/2/3,- . /")


def test_pzprjs_failchecks_are_named_by_verify():
    """Each board pzprjs refuses breaks the rule its code names; the two codes of rules
    Yajilin's forms cannot hold (a number without an arrow, the `o` variant) are refused on
    reading."""
    words = {"lnBranch": "3 ends", "lnCross": "4 ends", "lnOnShade": "does not join it", "csAdjacent": "touch",
             "anShadeNe": "says", "lnDeadEnd": "ends here", "lnPlLoop": "separate loops",
             "ceEmpty": "neither shaded nor on the loop"}
    fails = pzprjs_record()["failchecks"]
    assert {f["code"] for f in fails} == set(words) | {"anNoArrow", "shInside"}
    for fail in fails:
        if fail["code"] in words:
            inst, cells = read_pzprv3_answer(PUZZLE, fail["board"])
            problems = PUZZLE.verify(inst, cells)
            assert any(words[fail["code"]] in p for p in problems), (fail["code"], problems)
        else:  # his file of either is refused as the address is
            with pytest.raises(PuzzleError, match="a number with no arrow|shaded cells outside the loop"):
                read_pzprv3_answer(PUZZLE, fail["board"])
    with pytest.raises(PuzzleError, match="a number with no arrow"):
        PUZZLE.parse("https://puzz.link/p?yajilin/3/2/01e")  # anNoArrow's board: 0,1 at r1c1
    with pytest.raises(PuzzleError, match="shaded cells outside the loop"):
        PUZZLE.parse("https://puzz.link/p?yajilin/o/5/5/m32j10")  # shInside's: the `o` variant


def test_human_10x10_boards_are_unique_and_read_as_published():
    lines = [line for line in (DATA / "yajilin_boards.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    urls = [line for line in lines if line.startswith("https://")]
    assert len(urls) == 2
    for url in urls:
        inst = PUZZLE.parse(url)
        assert (inst.params.width, inst.params.height) == (10, 10)
        report = check_instance(PUZZLE, inst)
        assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == []
        assert PUZZLE.format(inst, "puzzlink") == url
        assert PUZZLE.parse(PUZZLE.format(inst)) == inst
    stated = lines[lines.index(urls[0]) + 1].split()[1:]  # cspuz's accepted shading
    solution = check_instance(PUZZLE, PUZZLE.parse(urls[0])).solutions[0]
    assert [f"r{r + 1}c{c + 1}" for r, row in enumerate(solution) for c, s in enumerate(row) if s == "#"] == stated
    blank = PUZZLE.parse(urls[1])
    assert len(blank.params.blocks) == len(blank.clues) + 2  # its two clue cells without a clue


# ---- the forms ---------------------------------------------------------------------------------
def test_arrows_read_in_every_spelling_and_are_written_one_way():
    inst = PUZZLE.parse("<2 . ?\n. . .\n. . .")
    assert inst.clues == {(0, 0): ("L", 2)} and inst.params.blocks == ((0, 0), (0, 2))
    for spelling in ("2<", "L2", "l2", "←2", "2←"):
        assert PUZZLE.parse(f"{spelling} . ?\n. . .\n. . .") == inst
    assert PUZZLE.parse("v1 ^0 >3\n. . .\n. . .").clues == {(0, 0): ("D", 1), (0, 1): ("U", 0), (0, 2): ("R", 3)}
    assert PUZZLE.format(inst) == "<2  .  ?\n .  .  .\n .  .  ."
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst
    assert PUZZLE.format(inst, "puzzlink") == "https://puzz.link/p?yajilin/3/3/32a0.f"


def test_the_solution_is_written_with_the_clues_and_read_back_from_an_answer():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.format_solution(inst, EXAMPLE_SOLUTION) == " ?  ┌  ┐ v1\n ┌  ┘  └  ┐\n └  ┐  ┌  ┘\n>1  └  ┘  #"
    answer = PUZZLE.answer_text(inst, EXAMPLE_SOLUTION)
    assert answer.splitlines()[0] == ". DR DL ." and answer.splitlines()[3] == ". UR UL #"
    assert PUZZLE.read_answer(inst, f"```\n{answer}\n```") == EXAMPLE_SOLUTION


def test_clue_cells_stay_when_clues_are_stripped():
    inst = PUZZLE.parse(PUZZLE.example)
    bare = inst.without(inst.clues)
    assert PUZZLE.format(bare) == "? . . ?\n. . . .\n. . . .\n? . . ."
    assert check_instance(PUZZLE, bare).status == "ambiguous"


# ---- the rules against brute force ------------------------------------------------------------------
@pytest.mark.parametrize("size", [3, 4])
def test_random_tiny_boards_agree_with_brute_force(size):
    """Drawn boards with no clue, every clue, each clue alone, each clue one too high, more
    than a way holds, and a generated puzzle."""
    rng = random.Random(size)
    seen = set()
    for _ in range(4):
        params, solution = GEN.draw(GEN.params(size=size), rng, SessionCache())
        full = GEN.candidate_clues(params, solution)
        trials = [{}, full] + [{key: value} for key, value in full.items()]
        trials += [{key: (value[0], value[1] + 1)} for key, value in full.items()]
        trials += [{key: (d, len(params.ray(key, d)) + 1)} for key in params.blocks[:1] for d in "UDLR"]  # too many
        for clues in trials:
            inst = Instance(PUZZLE.name, params, clues)
            n = brute_force_count(PUZZLE, inst, PUZZLE.candidates(params))
            assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
            seen.add(min(n, 2))
        made = generate_one(PUZZLE, GEN, GEN.params(size=size), rng, SessionCache()).instance
        assert brute_force_count(PUZZLE, made, PUZZLE.candidates(made.params)) == 1 == engine_counts(PUZZLE, made)[0]
        seen.add(1)
    assert seen == {0, 1, 2}


def test_small_loop_clauses_change_no_count():
    """A 2x2 loop is a solution only when every free cell beside it is shaded."""
    inst = PUZZLE.parse(". . .\n. . ?\n. ? .")
    n = brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params))
    assert engine_counts(PUZZLE, inst) == (n, n) and n >= 1


# ---- the generator -------------------------------------------------------------------------------
def test_drawn_boards_hold_the_drawn_solution():
    for seed in range(3):
        params, solution = GEN.draw(GEN.params(), random.Random(seed), SessionCache())
        assert (params.width, params.height) == (10, 10)
        assert PUZZLE.verify(Instance(PUZZLE.name, params, GEN.candidate_clues(params, solution)), solution) == []


def test_repair_rules_the_rival_out_and_keeps_the_solution():
    inst = PUZZLE.parse(". . . .\n. . . .\n. . . .\n. . . .")
    ours = picture("┌ ─ ┐ #\n│ # └ ┐\n└ ┐ # │\n# └ ─ ┘")
    theirs = picture("# ┌ ─ ┐\n┌ ┘ # │\n│ # ┌ ┘\n└ ─ ┘ #")
    assert PUZZLE.verify(inst, ours) == [] and PUZZLE.verify(inst, theirs) == []
    params, clues, solution = GEN.repair(inst.params, {}, ours, theirs, random.Random(3))
    repaired = Instance(PUZZLE.name, params, clues)
    assert len(params.blocks) == 1 and PUZZLE.verify(repaired, solution) == [] and PUZZLE.verify(repaired, theirs)


# ---- symmetry and pictures ------------------------------------------------------------------------------
def test_canonical_is_the_same_for_a_turned_board():
    inst = PUZZLE.parse("<2 . .\n. . ?\nv0 . .")
    turned = PUZZLE.parse("<0 . ^2\n. . .\n. ? .")  # a quarter turn clockwise: left becomes up
    assert PUZZLE.canonical(turned) == PUZZLE.canonical(inst)
    assert PUZZLE.canonical(PUZZLE.parse("<1 . .\n. . ?\nv0 . .")) != PUZZLE.canonical(inst)


def test_show_draws_arrows():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example))
    assert "↓1" in shown and "→1" in shown and "?" in shown


def test_the_picture_has_the_clues_and_the_shading(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    written = drawn(monkeypatch, PUZZLE, inst, EXAMPLE_SOLUTION)
    texts = [w.text for w in written]
    assert texts.count("1↓") == 2 and texts.count("→1") == 2  # in the puzzle and in its solution
