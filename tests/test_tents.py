"""Tents: seed example, verify rule by rule, Tatham's game IDs (his generator's boards and
grades, and ours read by his parser), counting layouts not pairings, formats, generator."""

from __future__ import annotations

import json
import random

import pytest
from cases.tents import SEED, TATHAM_IDS, VERIFY_TEXTS, grid
from declarations import tatham_id_lines
from pysat.formula import IDPool
from rivals import repaired_rivals
from tally import new_tally, tally_brute_force

from puzzlelab.generators.tents import TentsSpec, place_tents
from puzzlelab.lab.data.dataset import measures
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.counting import exact_counts
from puzzlelab.solvers.tents import (
    PUZZLE,
    TentsParams,
    check_count,
    counts_of,
    keys,
    line_cells,
    matching,
)


# ---- the seed example ---------------------------------------------------------------------
def test_seed_board_reads_as_the_seed_states():
    inst = PUZZLE.parse(SEED.board)
    assert (inst.params.width, inst.params.height, len(inst.params.trees), len(inst.clues)) == (15, 15, 45, 30)
    assert inst.clues[("row", 2)] == 6 and inst.clues[("col", 12)] == 6


def test_seed_array_round_trips():
    inst = PUZZLE.parse(SEED.board)
    assert PUZZLE.parse(PUZZLE.format(inst, "array")) == inst
    assert PUZZLE.format(inst, "array").splitlines()[-2:] == [
        "side = np.array([4, 1, 6, 0, 5, 2, 3, 1, 5, 2, 3, 2, 4, 3, 4])",
        "top = np.array([4, 2, 4, 1, 3, 3, 3, 3, 3, 3, 2, 2, 6, 2, 4])"]


# ---- verify, rule by rule -----------------------------------------------------------------
def problems(text: str, board: str) -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), grid(text))


def test_verify_accepts_the_examples_solution():
    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert PUZZLE.format_solution(inst, solution) == "TE.E\nT..T\nE.ET\n...."
    assert PUZZLE.verify(inst, solution) == []


def test_each_verify_case_breaks_a_rule_on_a_blank_board_too():
    """The cases of tests/cases/tents.py with no tent and no count still break a rule,
    unless the rule is the tents' number."""
    for bad, board, expected in VERIFY_TEXTS:
        assert problems(bad.replace("E", "."), board.replace(" 0", " ?")) != [] or "tents for" in expected


def test_a_tent_shared_by_two_trees_is_no_pairing():
    """.T.T / ..E. style: two trees, two tents, but one tent is the only neighbour of both."""
    inst = PUZZLE.parse("T.T. ?\n.... ?\n.... ?\n.... ?\n? ? ? ?")
    shared = grid(".E..\n....\n....\n...E")
    assert "the trees and tents cannot be paired one to one, each tent next to its tree" in PUZZLE.verify(inst, shared)
    assert PUZZLE.verify(inst, grid(".E..\n..E.\n....\n....")) == ["tents r1c2 and r2c3 touch"]
    assert PUZZLE.verify(inst, grid("....\nE.E.\n....\n....")) == []


def test_matching_is_one_to_one():
    params = TentsParams(4, 4, ((0, 0), (0, 2)))
    assert matching(params, {(1, 0), (1, 2)}) == {(0, 0): (1, 0), (0, 2): (1, 2)}
    assert matching(params, {(0, 1), (3, 3)}) is None
    assert matching(params, {(0, 1)}) is None


# ---- layouts are counted, not pairings ----------------------------------------------------
def test_a_layout_with_two_pairings_is_one_solution():
    """Tatham's design note in tents.c: .T. / T.T / .T. with tents in the four corners of
    the ring has two pairings (round one way or the other) but one layout."""
    inst = PUZZLE.parse(".T.. ?\nT.T. ?\n.T.. ?\n.... ?\n? ? ? ?")
    layout = grid("E.E.\n....\nE.E.\n....")
    assert PUZZLE.verify(inst, layout) == []
    counted = Instance("tents", inst.params, counts_of(inst.params, layout))
    assert engine_counts(PUZZLE, counted) == (1, 1)
    assert brute_force_count(PUZZLE, counted, PUZZLE.candidates(inst.params)) == 1


def test_random_tiny_boards_against_brute_force():
    """Random trees and random count subsets (one now and then off by one) on 4x4 and 5x4
    boards: brute force over
    `candidates` = SAT = CP-SAT, with none, one and several solutions all seen."""
    rng = random.Random(7)
    tally = new_tally()
    for width, height in ((4, 4), (5, 4)):
        for _ in range(14):
            cells = [(r, c) for r in range(height) for c in range(width)]
            params = TentsParams(width, height, tuple(sorted(rng.sample(cells, rng.randint(2, 4)))))
            candidates = list(PUZZLE.candidates(params))
            empty = Instance("tents", params, {})
            source = rng.choice([g for g in candidates if not PUZZLE.verify(empty, g)] or candidates)
            clues = {k: v for k, v in counts_of(params, source).items() if rng.random() < 0.6}
            if clues and rng.random() < 0.3:  # one count off by one: often no solution at all
                key = rng.choice(sorted(clues))
                clues[key] += 1
            inst = Instance("tents", params, clues)
            tally_brute_force(PUZZLE, inst, candidates, tally)
    assert min(tally.values()) >= 2, tally


def engines_counters(pool: IDPool, params: TentsParams, first: int, clauses: list, false: int) -> dict:
    """The line counters, one `exact_counts` a line in key order."""
    return {key: exact_counts(pool, [first + r * params.width + c for r, c in line_cells(params, key)], clauses,
                              false) for key in keys(params)}


@pytest.mark.parametrize("occupied", [[], [[150, 160]]])
def test_rules_are_built_as_before(occupied):
    """The whole CNF of generated boards against the rules built with `exact_counts` itself
    (a pool with a reserved range takes the engine's way)."""
    gen, rng = generator("tents"), random.Random(3)
    for size in (6, 8, 10):
        params, _ = gen.draw(gen.checked_params(size=size), rng, SessionCache())
        rules = PUZZLE.rules(params, IDPool(occupied=occupied))
        pool = IDPool(occupied=occupied)
        plain = PUZZLE._rules(params, pool, counters=False)
        clauses = list(plain.clauses)
        eq = engines_counters(pool, params, plain.data.tent[0][0], clauses, plain.data.false)
        assert rules.clauses == clauses and rules.data.eq == eq and rules.data.tent == plain.data.tent


def test_spots_and_tent_placement_are_as_before():
    """The quicker spots (from the trees out) and tent placement (a set of touched cells)
    against their first forms, on random boards: the same lists, sets and random draws."""
    rng = random.Random(11)
    for _ in range(30):
        width, height = rng.randint(2, 9), rng.randint(2, 9)
        cells = [(r, c) for r in range(height) for c in range(width)]
        params = TentsParams(width, height, tuple(sorted(rng.sample(cells, rng.randint(1, len(cells) // 2)))))
        trees = set(params.trees)
        assert params.spots() == [cell for cell in params.cells() if cell not in trees
                                  and any(n in trees for n in params.neighbours(*cell))]
        spec, count, seed = TentsSpec(width, height), max(1, width * height // 5), rng.random()
        ours, theirs = random.Random(seed), random.Random(seed)
        placed = place_tents(spec, count, ours)
        shuffled = list(cells)
        theirs.shuffle(shuffled)
        tents: set = set()
        for r, c in shuffled:
            if len(tents) == count:
                break
            if not any((r + dr, c + dc) in tents for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
                tents.add((r, c))
        assert placed == (tents if len(tents) == count else None)
        assert placed is None or list(placed) == list(tents)  # the same set order: trees are drawn from it
        assert ours.random() == theirs.random()


@pytest.mark.parametrize("key", [("row", 4), ("col", -1), ("cell", 0), ["row", 1], ("row", [1]), "row"])
def test_a_count_for_no_line_is_refused(key):
    with pytest.raises(PuzzleError, match="is not a row or column"):
        check_count(TentsParams(4, 4), key, 1)
    check_count(TentsParams(4, 4), ("row", 3), 0)


def test_a_count_above_half_its_line_has_no_solution():
    """No line holds more than half its cells (rounded up) in tents that do not touch: the
    counter stops there, and a larger count is refused by both engines and brute force."""
    inst = PUZZLE.parse("T.T.T ?\n..... 4\n..... ?\n..... ?\n? ? ? ? ?")
    assert engine_counts(PUZZLE, inst) == (0, 0)
    assert brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params)) == 0
    assert engine_counts(PUZZLE, PUZZLE.parse("T.T.T ?\n..... 3\n..... ?\n..... ?\n? ? ? ? ?")) == (1, 1)


# ---- Tatham's game IDs ----------------------------------------------------------------------
def test_tatham_ids_are_every_grade_with_his_tree_count():
    ids = tatham_id_lines(TATHAM_IDS.file)
    assert {asked for asked, _ in ids} == {"8x8de", "8x8dt", "12x10de", "12x10dt"}
    for _, game in ids:
        inst = PUZZLE.parse(game)
        assert len(inst.params.trees) == inst.params.width * inst.params.height // 5  # Tatham's tree count


def test_tathams_tricky_boards_are_harder_for_us_too():
    """His grades against the engine's SAT level: every 'tricky' board needs a probe
    (level 1), and the easy ones need it less often."""
    levels: dict[str, list[int]] = {"e": [], "t": []}
    for asked, game in tatham_id_lines(TATHAM_IDS.file):
        levels[asked[-1]].append(measures(PUZZLE, PUZZLE.parse(game))["level"])
    assert all(level >= 1 for level in levels["t"])
    assert sum(levels["e"]) < sum(levels["t"])


@pytest.mark.parametrize("text, trees", [
    ("4x4:_o,0,0,0,0,0,0,0,0", [(0, 0)]),  # a tree, 15 blanks, the tree past the end
    ("4x4:p,0,0,0,0,0,0,0,0", []),
    ("4x4:o_,0,0,0,0,0,0,0,0", [(3, 3)]),
    ("6x6:zk,0,0,0,0,0,0,0,0,0,0,0,0", []),  # z: 25 blanks alone
    ("6x6:yj,0,0,0,0,0,0,0,0,0,0,0,0", [(4, 1)]),
])
def test_tatham_descriptions(text, trees):
    inst = PUZZLE.parse(text)
    assert list(inst.params.trees) == trees
    assert PUZZLE.format(inst, "tatham") == text


def test_tatham_long_runs_are_written_with_z():
    inst = PUZZLE.parse("10x10:" + "zzzy" + ",0" * 20)
    assert inst.params.trees == () and PUZZLE.format(inst, "tatham").split(",")[0] == "10x10:zzzy"
    inst = PUZZLE.parse("10x10:zzzx_" + ",0" * 20)
    assert inst.params.trees == ((9, 9),)


def test_boards_tathams_game_cannot_hold_have_no_id():
    with pytest.raises(PuzzleError, match="at least 4x4"):
        PUZZLE.format(PUZZLE.parse("T. 1\n.. 0\n1 0"), "tatham")
    stripped = PUZZLE.parse("T... ?\n.... 0\n.... 0\n.... 0\n1 0 0 0")
    with pytest.raises(PuzzleError, match="every row and column count"):
        PUZZLE.format(stripped, "tatham")


# ---- the other formats ------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["text", "array", "json"])
def test_stripped_counts_round_trip(fmt):
    inst = PUZZLE.parse("T... ?\n.... 0\n..T. ?\n.... 1\n? 1 ? 0")
    assert ("row", 0) not in inst.clues and inst.clues[("row", 3)] == 1 and len(inst.clues) == 4
    assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst


def test_show_has_the_counts_around_the_grid():
    lines = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert lines[0].split() == ["1", "1", "1", "1"] and lines[2].startswith("2 ┃ T ")


# ---- generation --------------------------------------------------------------------------------
def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("tents")
    for options, count in (({"size": 5}, 8), ({"size": 8}, 8), ({"width": 12, "height": 7}, 4),
                           ({"size": 8, "strip-counts": 1}, 6)):
        for made in generated_rechecked(PUZZLE, gen, gen.checked_params(**options), count, seed=5):
            p = made.instance.params
            assert len(p.trees) == p.width * p.height // 5
            if options.get("strip-counts"):
                assert made.minimal and len(made.instance.clues) < p.width + p.height
            else:
                assert not made.minimal and len(made.instance.clues) == p.width + p.height


def test_repair_rules_the_rival_out():
    """Full counts often allow a second layout; the repair moves a tree onto one of the
    rival's tents, and the puzzle ends up unique with the drawn layout."""
    repaired = 0
    for params, clues, solution, rival, (new_params, new_clues, new_solution) in repaired_rivals(
            "tents", generator("tents").params(size=10), 30):
        assert new_solution == solution and new_clues == clues and len(new_params.trees) == len(params.trees)
        inst = Instance("tents", new_params, new_clues)
        assert PUZZLE.verify(inst, solution) == []
        assert PUZZLE.verify(inst, rival) != []  # the rival is out for good
        repaired += 1
    assert repaired >= 3


def test_generator_options():
    gen = generator("tents")
    spec = gen.params()
    assert (spec.width, spec.height, spec.strip_counts) == (8, 8, False)
    assert gen.checked_params(**{"size": 6, "strip-counts": 1}).strip_counts


def test_records_count_the_repairs(tmp_path):
    """Full counts are often ambiguous at 10x10: the repairs that rule rivals out are in the
    records (`repairs`), apart from fresh draws (`attempts`)."""
    out = tmp_path / "t.jsonl"
    assert cli.main(["generate", "tents", "--size", "10", "--count", "20", "--seed", "2", "--quiet",
                     "--out", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(r["repairs"] >= 0 and r["attempts"] >= 1 for r in records)
    assert sum(r["repairs"] for r in records) >= 1


# ---- for language models ----------------------------------------------------------------------
def test_a_messy_answer_is_read_leniently():
    """Prose, a fence, cells spaced out, a tent as e, A or ^, the counts copied from the
    board (after each row, and a line under them): read as the tents. A tree where the
    board has none is refused."""
    inst = PUZZLE.parse(PUZZLE.example)
    solution = grid("TE.E\nT..T\nE.ET\n....")
    assert PUZZLE.answer_text(inst, solution) == "TE.E\nT..T\nE.ET\n...."
    messy = "Placing the tents:\n```\nT e . A  2\nT . . T  0\nE . ^ T  2\n. . . .  0\n1 1 1 1\n```"
    assert PUZZLE.read_answer(inst, messy) == solution
    with pytest.raises(PuzzleError, match="row 1, column 2"):
        PUZZLE.read_answer(inst, "TT.E\nT..T\nE.ET\n....")


def transformed(text: str, quarter_turns: int, mirror: bool) -> str:
    """A text board (rows of cells with their counts, then the column counts) turned
    clockwise, then mirrored left-right, written on the text: a quarter turn makes the
    columns, read bottom up, the rows, with the column counts, and the rows the columns,
    their counts from the last row up; a mirror reverses each row and the column counts."""
    lines = text.splitlines()
    cells = [list(line.split()[0]) for line in lines[:-1]]
    rows, cols = [line.split()[1] for line in lines[:-1]], lines[-1].split()
    for _ in range(quarter_turns):
        cells, rows, cols = [list(col) for col in zip(*cells[::-1])], cols, rows[::-1]
    if mirror:
        cells, cols = [row[::-1] for row in cells], cols[::-1]
    return "\n".join(["".join(row) + " " + n for row, n in zip(cells, rows)] + [" ".join(cols)])


@pytest.mark.parametrize("text", [PUZZLE.example, "T.. 1\n..T 1\n... 0\n.T. ?\n1 ? 1", "T... ?\n..T. 1\n2 0 ? 0"])
def test_the_canonical_form_is_the_same_for_every_symmetry_and_differs_otherwise(text):
    inst = PUZZLE.parse(text)
    turns = range(4) if inst.params.width == inst.params.height else (0, 2)
    images = [transformed(text, k, m) for k in turns for m in (False, True)]
    assert {PUZZLE.canonical(PUZZLE.parse(image)) for image in images} == {PUZZLE.canonical(inst)}
    moved = text.replace("T.", ".T", 1)  # one tree one cell right
    assert PUZZLE.canonical(PUZZLE.parse(moved)) != PUZZLE.canonical(inst)
    recounted = text[:text.rindex("\n")] + "\n" + " ".join("?" for _ in text.splitlines()[-1].split())
    assert PUZZLE.canonical(PUZZLE.parse(recounted)) != PUZZLE.canonical(inst)  # the column counts left out
