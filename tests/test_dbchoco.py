"""Double Choco: its forms' corner cases (gray cells, `?` marks, long runs), pzprjs's test board
and every failcheck against its own board, random tiny boards against brute force, the
generator's divisions and its full clue set, answers and symmetry."""

from __future__ import annotations

import json
import random

from cases.dbchoco import EXAMPLE_SOLUTION, labels
from declarations import DATA

from puzzlelab.generators.dbchoco import random_division
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance
from puzzlelab.lab.engine.sat import SatSession, SessionCache, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3, read_pzprv3_answer
from puzzlelab.solvers.dbchoco import PUZZLE, DbChocoParams, halves, regions_of, shape_key

GENERATOR = generator("dbchoco")
PZPRJS = DATA / "pzprjs" / "pzprjs_testdata.jsonl"


def board(text: str) -> Instance:
    return PUZZLE.parse(text)


def pzprjs_row() -> dict:
    return next(row for row in map(json.loads, PZPRJS.read_text().splitlines()) if row["pid"] == "dbchoco")


# ---- the forms ----------------------------------------------------------------------------
def test_the_example_and_its_solution():
    inst = board(PUZZLE.example)
    assert PUZZLE.verify(inst, EXAMPLE_SOLUTION) == []
    assert PUZZLE.format_solution(inst, EXAMPLE_SOLUTION) == " 1  2  3  3\n 1  2  3  3\n 4  2  2  5\n 4  6  6  5"
    assert PUZZLE.format(inst, "puzzlink") == "https://puzz.link/p?dbchoco/4/4/bm90h2g1k2k"
    assert PUZZLE.format(inst, "pzprv3") == ("pzprv3\ndbchoco\n4\n4\n. - 2 - \n-1 - . - \n- . 2 - \n. . - . \n"
                                             + "0 0 0 \n" * 4 + "0 0 0 0 \n" * 3)
    assert json.loads(PUZZLE.format(inst, "json"))["grid"][1] == ["#1", "#", ".", "#"]


def test_marks_numbers_past_fifteen_and_every_form():
    """`?` (pzprjs's number not shown) on a white or a gray cell: `.` in an address, `0` in a
    file; numbers past 15 as `-xx`; every form keeps every cell."""
    rows = [["."] * 10 for _ in range(10)]
    rows[0][0], rows[0][1], rows[1][0], rows[9][9] = "#17", "?", "#?", "#"
    inst = board("\n".join(" ".join(row) for row in rows))
    assert inst.params.marks == frozenset({(0, 1), (1, 0)}) and inst.clues == {(0, 0): 17}
    url = PUZZLE.format(inst, "puzzlink")
    assert url == "https://puzz.link/p?dbchoco/10/10/g0g" + "0" * 16 + "1-11.n.zzzzo"
    for fmt in PUZZLE.formats:
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst, fmt
    assert "-17 0 " in PUZZLE.format(inst, "pzprv3") and "\n-0 . " in PUZZLE.format(inst, "pzprv3")


def test_a_mark_constrains_nothing():
    plain, marked = board(". #\n# ."), board("? #?\n# .")
    assert check_instance(PUZZLE, plain).status == check_instance(PUZZLE, marked).status == "ambiguous"


# ---- pzprjs's test board ------------------------------------------------------------------
def test_pzprjs_test_board_is_unique_with_the_accepted_division():
    row = pzprjs_row()
    inst = PUZZLE.parse(f"https://puzz.link/p?dbchoco/{row['url']}")
    file_board, accepted = read_pzprv3_answer(PUZZLE, row["solutions"][0])
    assert file_board == inst
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == accepted and PUZZLE.verify(inst, accepted) == []
    assert PUZZLE.format_solution(inst, accepted, "pzprv3") == row["solutions"][0].replace("/", "\n")
    lines = [line for line in (DATA / "dbchoco_boards.txt").read_text().splitlines() if not line.startswith("#")]
    assert PUZZLE.parse(lines[0]) == inst and labels("\n".join(lines[1:7])) == accepted


FAILCHECKS = {"bkSubLt2": "is all white", "bkSubGt2": "one-coloured pieces", "bkSizeLt": "its number says 4",
              "bkSizeGt": "has 5 cells, its number says 4", "bkDifferentShape": "not the same shape"}


def test_every_failcheck_board_breaks_its_rule_on_its_own_board():
    """Each board read with its own puzzle (bkSizeGt's takes a number off the URL's). The
    bdDeadEnd board's wall stops inside a region: its regions are the accepted division,
    which labels cannot tell apart, and the file does hold a wall with a loose end."""
    row = pzprjs_row()
    accepted = read_pzprv3_answer(PUZZLE, row["solutions"][0])[1]
    assert {fail["code"] for fail in row["failchecks"]} == {*FAILCHECKS, "bdDeadEnd"}
    for fail in row["failchecks"]:
        inst, solution = read_pzprv3_answer(PUZZLE, fail["board"])
        if fail["code"] == "bdDeadEnd":
            assert solution == accepted and PUZZLE.verify(inst, solution) == []
            file = read_pzprv3(fail["board"].replace("/", "\n"), ("dbchoco",))
            file.tokens()
            right, below = file.borders()
            assert loose_ends(right, below), fail["code"]
            continue
        problems = PUZZLE.verify(inst, solution)
        assert any(FAILCHECKS[fail["code"]] in p for p in problems), (fail["code"], problems)


def loose_ends(right: list[list[str]], below: list[list[str]]) -> list[tuple[int, int]]:
    """The inner corners of cells where exactly one wall meets (pzprjs's bdDeadEnd)."""
    rows, cols = len(right), len(below[0])
    out = []
    for r in range(1, rows):
        for c in range(1, cols):
            walls = [right[r - 1][c - 1], right[r][c - 1], below[r - 1][c - 1], below[r - 1][c]]
            if sum(w in ("1", "2") for w in walls) == 1:
                out.append((r, c))
    return out


# ---- the rules against brute force ----------------------------------------------------------
LIMIT = 60


def test_brute_force_matches_both_engines_on_random_tiny_boards():
    """The colours of a random division (every third board with a cell turned) and a few
    numbers (some wrong) on boards of up to 12 cells."""
    rng = random.Random(5)
    tally = {"none": 0, "one": 0, "several": 0}
    shapes = [(4, 2), (3, 4), (2, 5), (6, 2), (4, 3), (2, 3)]
    for i in range(18):
        width, height = shapes[i % len(shapes)]
        cells = [(r, c) for r in range(height) for c in range(width)]
        regions = None
        while regions is None:
            regions = random_division(width, height, 3, rng)
        gray = frozenset(x for a, b in regions for x in (a if rng.random() < 0.5 else b))
        if i % 3 == 0:
            gray ^= {rng.choice(cells)}
        params = DbChocoParams(width, height, gray)
        candidates = list(PUZZLE.candidates(params))
        size = {x: len(half) for a, b in regions for half in (a, b) for x in half}
        clues = {cell: size[cell] if rng.random() < 0.8 else rng.randint(1, 3)
                 for cell in rng.sample(cells, rng.randint(0, 4))}
        inst = Instance("dbchoco", params, clues)
        expected = brute_force_count(PUZZLE, inst, candidates)
        counted = min(expected, LIMIT)
        assert engine_counts(PUZZLE, inst, LIMIT) == (counted, counted), PUZZLE.format(inst)
        tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
    assert min(tally.values()) >= 3, tally


def test_congruent_means_turned_or_mirrored():
    l_piece = [(0, 0), (1, 0), (2, 0), (2, 1)]
    mirrored = [(0, 1), (1, 1), (2, 1), (2, 0)]
    turned = [(0, 0), (0, 1), (0, 2), (1, 0)]
    assert shape_key(l_piece) == shape_key(mirrored) == shape_key(turned)
    assert shape_key(l_piece) != shape_key([(0, 0), (0, 1), (1, 1), (1, 2)])


# ---- the generator ------------------------------------------------------------------------------
def test_random_divisions_are_regions_of_two_congruent_halves():
    rng = random.Random(3)
    for width, height, most in ((6, 6, 4), (5, 2, 3), (4, 4, 8)):
        regions = None
        while regions is None:
            regions = random_division(width, height, most, rng)
        assert sorted(x for a, b in regions for x in a | b) == [(r, c) for r in range(height) for c in range(width)]
        for first, second in regions:
            assert shape_key(first) == shape_key(second) and len(first) <= most


def test_generated_boards_are_valid_and_round_trip_through_puzz_link():
    rng, sessions = random.Random(43), SessionCache()
    for _ in range(4):
        made = generate_one(PUZZLE, GENERATOR, GENERATOR.params(size=4), rng, sessions)
        inst = made.instance
        assert PUZZLE.verify(inst, made.solution) == [] and made.minimal
        assert PUZZLE.parse(PUZZLE.format(inst, "puzzlink")) == inst
        full = GENERATOR.candidate_clues(inst.params, made.solution)
        for region in regions_of(made.solution):
            for piece in halves(inst.params, region):
                assert {full[cell] for cell in piece} == {len(piece)}


# ---- answers, symmetry, commands ---------------------------------------------------------------
def test_an_answer_with_other_labels_is_read_in_reading_order():
    inst = board(PUZZLE.example)
    assert PUZZLE.read_answer(inst, "Answer:\na b C C\na b C C\nd b b 7\nd x x 7") == EXAMPLE_SOLUTION


def test_the_canonical_form_is_the_same_for_turned_boards():
    text = PUZZLE.example
    rows = [line.split() for line in text.splitlines()]
    turned = "\n".join(" ".join(rows[len(rows) - 1 - r][c] for r in range(len(rows))) for c in range(len(rows[0])))
    mirrored = "\n".join(" ".join(reversed(row)) for row in rows)
    keys = {PUZZLE.canonical(board(t)) for t in (text, turned, mirrored)}
    assert len(keys) == 1 and PUZZLE.canonical(board(text.replace("#1", "#2"))) not in keys


def test_commands_on_the_example(tmp_path, capsys):
    path = tmp_path / "d.txt"
    path.write_text(PUZZLE.example)
    for args, said in ((["check"], "unique"), (["solve"], "1  2  3  3"), (["show"], "▒")):
        assert cli.main([args[0], "double-choco", str(path), *args[1:]]) == 0, args
        assert said in capsys.readouterr().out, args


# ---- the grade's probing --------------------------------------------------------------------
def test_dead_end_sees_a_closed_region_of_one_colour_and_not_the_solution():
    """`dead_end` on the example: its solution's joins and walls are no dead end; two white
    cells joined and walled off from the rest (a region all white) are one."""
    inst = board(PUZZLE.example)
    session = SatSession(PUZZLE, inst.params, "mc")
    try:
        rules = session.rules
        lits = PUZZLE.solution_literals(inst.params, rules, EXAMPLE_SOLUTION)
        assert not PUZZLE.dead_end(inst.params, rules, set(lits).__contains__)
        join = rules.data.join
        pair = ((2, 1), (3, 1))  # both white
        walls = {-join[(x, y)] for x in pair for y in inst.params.neighbours(x) if y not in pair}
        assert PUZZLE.dead_end(inst.params, rules, ({join[pair]} | walls).__contains__)
        assert not PUZZLE.dead_end(inst.params, rules, walls.__contains__)
    finally:
        session.close()
