"""Bridges: seed example, verify rule by rule, connectivity (a layout that keeps every count
but falls apart is no solution), random tiny boards against brute force, Tatham's game IDs
(his generator's boards, ours read by his parser), formats, generator."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from statistics import median

import pytest
from pysat.formula import IDPool
from tatham import tatham_reads

from puzzlelab.generators.bridges import STEPS, rays
from puzzlelab.lab.data.dataset import measures
from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.crosscheck import assert_unique_with, brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator, puzzle
from puzzlelab.lab.toolkit.counting import exact_sums
from puzzlelab.solvers.bridges import (
    PUZZLE,
    BridgesParams,
    Pair,
    find_loop,
    groups,
    island_counts,
)

DATA = Path(__file__).parent / "data"

SEED_BOARD = """import numpy as np
from puzzle_solver import bridges_solver as solver
board = np.array([
  [' ', ' ', ' ', ' ', ' ', '1', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '3'],
  ['2', ' ', ' ', ' ', ' ', ' ', ' ', '4', ' ', ' ', '4', ' ', ' ', '2', ' '],
  [' ', ' ', ' ', '2', ' ', '4', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
  [' ', '1', ' ', ' ', ' ', ' ', ' ', ' ', '1', ' ', '2', ' ', ' ', ' ', '4'],
  [' ', '2', ' ', '3', ' ', '6', ' ', '4', ' ', ' ', '3', ' ', '1', ' ', ' '],
  ['2', ' ', ' ', ' ', '2', ' ', ' ', ' ', '1', ' ', ' ', '2', ' ', ' ', ' '],
  [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
  ['2', ' ', ' ', ' ', ' ', ' ', '5', ' ', ' ', '3', ' ', '4', ' ', ' ', ' '],
  [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
  [' ', '3', ' ', ' ', ' ', '3', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
  [' ', ' ', '2', ' ', '2', ' ', ' ', ' ', ' ', ' ', ' ', '5', ' ', ' ', '4'],
  [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
  [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
  [' ', ' ', '1', ' ', ' ', '2', ' ', ' ', ' ', '1', ' ', '2', ' ', ' ', ' '],
  [' ', '4', ' ', ' ', '4', ' ', '3', ' ', ' ', ' ', '4', ' ', ' ', ' ', '4'],
])
binst = solver.Board(board)
solutions = binst.solve_and_print()
"""

# The seed's script output: each island's bridges right, left, down, up.
SEED_SOLUTION = """
|    |    |    |    |    |1000|    |    |    |    |    |    |    |    |0120|
|1010|    |    |    |    |    |    |2110|    |    |2200|    |    |0200|    |
|    |    |    |2000|    |0220|    |    |    |    |    |    |    |    |    |
|    |0010|    |    |    |    |    |    |1000|    |1100|    |    |    |0112|
|    |1001|    |2100|    |2202|    |1201|    |    |1110|    |0100|    |    |
|1001|    |    |    |1100|    |    |    |0100|    |    |0020|    |    |    |
|    |    |    |    |    |    |    |    |    |    |    |    |    |    |    |
|2000|    |    |    |    |    |2210|    |    |0210|    |0022|    |    |    |
|    |    |    |    |    |    |    |    |    |    |    |    |    |    |    |
|    |1020|    |    |    |0120|    |    |    |    |    |    |    |    |    |
|    |    |1010|    |0110|    |    |    |    |    |    |1022|    |    |0121|
|    |    |    |    |    |    |    |    |    |    |    |    |    |    |    |
|    |    |    |    |    |    |    |    |    |    |    |    |    |    |    |
|    |    |0001|    |    |0002|    |    |    |0001|    |0002|    |    |    |
|    |2002|    |    |1201|    |1101|    |    |    |2101|    |    |    |0202|
"""


def seed_ways(text: str) -> dict[tuple[int, int], str]:
    """The seed's table (or our array form of it): island -> 'RLDU' digits."""
    out = {}
    rows = [line for line in text.strip().splitlines() if "|" in line or "'" in line]
    for r, line in enumerate(rows):
        cells = line.strip().strip("|").split("|") if "|" in line else line.split("'")[1::2]
        for c, cell in enumerate(cells):
            if cell.strip():
                out[(r, c)] = cell.strip()
    return out


def from_ways(params: BridgesParams, ways: dict[tuple[int, int], str]) -> tuple[int, ...]:
    """A solution from each island's bridges to the right and downwards."""
    return tuple(int(ways[p.a][0 if p.horizontal else 2]) for p in params.pairs)


def tatham_ids() -> list[tuple[str, str]]:
    """(parameters asked for, game ID) from tests/data/bridges_tatham.txt."""
    lines = (DATA / "bridges_tatham.txt").read_text().splitlines()
    return [tuple(line.split()) for line in lines if line.strip() and not line.startswith("#")]


# ---- the seed example ---------------------------------------------------------------------
def test_seed_example_is_unique_with_the_stated_solution():
    inst = PUZZLE.parse(SEED_BOARD)
    p = inst.params
    assert (p.width, p.height, len(p.islands), len(inst.clues), p.most, p.loops) == (15, 15, 41, 41, 2, True)
    solution = from_ways(p, seed_ways(SEED_SOLUTION))
    assert_unique_with(PUZZLE, inst, solution)


def test_seed_solution_is_written_as_the_seed_prints_it():
    inst = PUZZLE.parse(SEED_BOARD)
    solution = from_ways(inst.params, seed_ways(SEED_SOLUTION))
    written = PUZZLE.format_solution(inst, solution, "array")
    assert seed_ways(written) == seed_ways(SEED_SOLUTION)
    text = PUZZLE.format_solution(inst, solution).splitlines()
    assert text[0] == ".....1--------3" and text[4] == "|2-3=6=4--3-1.|"


def test_seed_array_round_trips():
    """The seed's board has islands side by side (r4c2 over r5c2): we read it, Tatham's game
    has no such boards, so it has no game ID."""
    inst = PUZZLE.parse(SEED_BOARD)
    assert Pair((3, 1), (4, 1)) in inst.params.pairs
    with pytest.raises(PuzzleError, match="side by side"):
        PUZZLE.format(inst, "tatham")
    assert PUZZLE.parse(PUZZLE.format(inst, "array")) == inst
    assert PUZZLE.format(inst, "array").splitlines()[1] == (
        "  [' ', ' ', ' ', ' ', ' ', '1', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '3'],")


# ---- verify, rule by rule -----------------------------------------------------------------
CROSS = "..1..\n.....\n1...1\n.....\n..1.."  # a horizontal and a vertical pair that cross


@pytest.mark.parametrize("board, bridges, expected", [
    ("2.2\n...\n1.1", (1, 1, 1), "solution gives 3 bridge counts for 4 pairs"),
    ("2.2\n...\n1.1", (3, 0, 0, 0), "r1c1-r1c3: 3 bridges, not 0 to 2"),
    (CROSS, (1, 1), "bridges r3c1-r3c5 and r1c3-r5c3 cross at r3c3"),
    ("2.2\n...\n1.1", (2, 1, 0, 0), "the islands form 2 separate groups, not one"),
    ("noloops\n1.1\n...\n1.1", (1, 1, 1, 1), "the bridges form a loop: r1c1-r1c3, r3c1-r3c3, r1c1-r3c1"),
    ("2.2\n...\n1.1", (1, 0, 0, 1), "island r1c1 has 1 bridges, its number says 2"),
])
def test_verify_names_each_broken_rule(board, bridges, expected):
    found = PUZZLE.verify(PUZZLE.parse(board), bridges)
    assert any(expected in p for p in found), found


def test_verify_accepts_the_examples_solution():
    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert PUZZLE.format_solution(inst, solution) == "..2-2\n..|.|\n1.|.3\n|.|.\"\n2-4=4"
    assert PUZZLE.verify(inst, solution) == []


def test_pairs_and_crossings():
    p = PUZZLE.parse(CROSS).params
    assert p.pairs == (Pair((2, 0), (2, 4)), Pair((0, 2), (4, 2)))
    assert p.crossings == ((0, 1),)
    side_by_side = PUZZLE.parse("11\n..").params
    assert side_by_side.pairs == (Pair((0, 0), (0, 1)),) and side_by_side.crossings == ()
    assert PUZZLE.parse("1.1.1\n.....\n1...1").params.pairs[:2] == (Pair((0, 0), (0, 2)), Pair((0, 2), (0, 4)))


def test_rules_are_built_as_before():
    """The whole CNF of a generated board against the rules built with `exact_sums` itself."""
    gen, rng = generator("bridges"), random.Random(3)
    params, _ = gen.draw(gen.checked_params(size=10), rng, SessionCache())
    rules = PUZZLE.rules(params, IDPool())
    pool = IDPool()
    plain = PUZZLE._rules(params, pool, counters=False)
    clauses = list(plain.clauses)
    eq = {cell: exact_sums(pool, [plain.data.level[i] for i in params.at[cell]], clauses, plain.data.false,
                           len(params.at[cell]) * params.most) for cell in params.islands}
    assert rules.clauses == clauses and rules.data.eq == eq and rules.data.level == plain.data.level


# ---- connectivity: the peer's mistake ------------------------------------------------------
def test_a_layout_that_keeps_every_count_but_falls_apart_is_no_solution():
    """2.2 / ... / 1.1: a double bridge on top and a single one below keeps every count, but
    makes two groups; the one connected layout is the U. Without the connectivity rule
    (the peer's model) the board would count as ambiguous."""
    inst = PUZZLE.parse("2.2\n...\n1.1")
    apart = (2, 1, 0, 0)
    problems = PUZZLE.verify(inst, apart)
    assert problems == ["the islands form 2 separate groups, not one"]
    assert len(groups(inst.params, apart)) == 2
    candidates = list(PUZZLE.candidates(inst.params))
    counts_only = [s for s in candidates if all("groups" in x for x in PUZZLE.verify(inst, s))]
    assert len(counts_only) == 2
    assert brute_force_count(PUZZLE, inst, candidates) == 1
    assert engine_counts(PUZZLE, inst) == (1, 1)
    result = check_instance(PUZZLE, inst)
    assert result.status == "unique" and result.solutions[0] == (1, 0, 1, 1)
    assert cpsat_count(PUZZLE, inst).solutions == [(1, 0, 1, 1)]


def test_when_every_layout_falls_apart_there_is_no_solution():
    inst = PUZZLE.parse("1.1\n...\n1.1")  # two single bridges: two groups either way
    assert engine_counts(PUZZLE, inst) == (0, 0)
    assert check_instance(PUZZLE, inst).status == "unsolvable"


def test_no_loops_is_a_rule_when_asked():
    looped = PUZZLE.parse("2.2\n...\n2.2")  # a ring of four single bridges
    assert engine_counts(PUZZLE, looped) == (1, 1)  # two doubles (either way round) fall apart
    assert engine_counts(PUZZLE, PUZZLE.parse("noloops\n2.2\n...\n2.2")) == (0, 0)
    assert engine_counts(PUZZLE, PUZZLE.parse("2.2\n...\n3.3")) == (2, 2)  # a ring with a double, or a U
    inst = PUZZLE.parse("noloops\n2.2\n...\n3.3")
    assert engine_counts(PUZZLE, inst) == (1, 1)
    assert check_instance(PUZZLE, inst).solutions == [(0, 1, 2, 2)]  # the U: two doubles down, one across
    assert find_loop(inst.params, (1, 1, 1, 1)) is not None and find_loop(inst.params, (1, 0, 1, 1)) is None


def random_board(rng: random.Random, most_candidates: int = 1500) -> BridgesParams:
    """Random islands on a board of 3x3 to 5x4 with random Tatham options, small enough to
    enumerate."""
    while True:
        width, height = rng.choice([(3, 3), (4, 3), (4, 4), (5, 4), (4, 5)])
        cells = [(r, c) for r in range(height) for c in range(width)]
        islands = tuple(sorted(rng.sample(cells, rng.randint(3, 6))))
        params = BridgesParams(width, height, islands, rng.choice([1, 2, 2, 2, 3]), rng.random() < 0.8)
        if (params.most + 1) ** len(params.pairs) <= most_candidates and params.pairs:
            return params


def test_random_tiny_boards_against_brute_force():
    """120 random boards (side-by-side islands, m1..m3, loops or not) with the counts of a
    random candidate, some left out, one now and then off by one: brute force over
    `candidates` = SAT (both rule sets) = CP-SAT, with none, one and several solutions seen."""
    rng = random.Random(20)
    tally = {"none": 0, "one": 0, "several": 0}
    for _ in range(120):
        params = random_board(rng)
        candidates = list(PUZZLE.candidates(params))
        empty = Instance("bridges", params, {})
        valid = [s for s in candidates if not PUZZLE.verify(empty, s)]
        source = rng.choice(valid or candidates)
        clues = {k: v for k, v in island_counts(params, source).items() if rng.random() < 0.7}
        if clues and rng.random() < 0.2:
            key = rng.choice(sorted(clues))
            clues[key] += 1
        inst = Instance("bridges", params, clues)
        expected = brute_force_count(PUZZLE, inst, candidates)
        assert engine_counts(PUZZLE, inst) == (expected, expected), PUZZLE.format(inst)
        tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
    assert min(tally.values()) >= 10, tally


# ---- Tatham's game IDs ----------------------------------------------------------------------
def test_tatham_ids_are_unique_and_written_back_the_same():
    """His generator's boards (tests/data/bridges_tatham.txt, 7x7 and 10x10, every grade):
    each reads, is unique for the SAT engine, and writes back to the same ID."""
    ids = tatham_ids()
    assert len(ids) == 24 and {asked[-2:] for asked, _ in ids} == {"d0", "d1", "d2"}
    sessions = SessionCache()
    for asked, game in ids:
        inst = PUZZLE.parse(game)
        assert PUZZLE.parse(f"{asked}:{game.split(':')[1]}") == inst
        assert check_instance(PUZZLE, inst, sessions=sessions).status == "unique", game
        assert PUZZLE.format(inst, "tatham") == game


def test_tatham_ids_agree_with_cpsat():
    for _, game in tatham_ids()[::3]:
        inst = PUZZLE.parse(game)
        cp = cpsat_count(PUZZLE, inst, limit=2)
        assert cp.complete and cp.n == 1 and PUZZLE.verify(inst, cp.solutions[0]) == []
        assert cp.solutions[0] == check_instance(PUZZLE, inst).solutions[0]


def test_tathams_hard_boards_are_harder_for_us_too():
    """His grades against the engine's score: his hard boards need more than his easy ones.
    All are level 1 since probing sees connectivity (`dead_end`; before, his hard ones
    needed search, level 3), so the steps' effort tells them apart."""
    scores: dict[str, list[float]] = {"d0": [], "d1": [], "d2": []}
    for asked, game in tatham_ids():
        scores[asked[-2:]].append(measures(PUZZLE, PUZZLE.parse(game))["score"])
    assert median(scores["d0"]) < median(scores["d1"]) < median(scores["d2"]), scores


def test_a_partial_deduction_weighs_as_tathams_medium_step():
    """Level 0 both (unit propagation settles them): his Easy board (`sgt-bridges --generate
    1 7x7i30e10m2d0`) only ever fills or empties whole islands, his Medium one (d1) needs
    "at least one bridge this way" at some island while its other ways stay open, which
    waits as a wide round would (`Formula.constraint_rounds`, `Rules.partial_rounds`): 4
    and 7 rounds alike before grade version 9, now 2 and 26."""
    from puzzlelab.lab.engine.grade import WIDE_ROUND_COST

    easy = measures(PUZZLE, PUZZLE.read("7x7m2:3e4a1t4b2b1g3d4", "tatham"))
    medium = measures(PUZZLE, PUZZLE.read("7x7m2:2b4b4j3j1b4j2b5b3", "tatham"))
    assert easy["level"] == medium["level"] == 0
    assert easy["effort"] < WIDE_ROUND_COST <= medium["effort"] and easy["score"] < medium["score"]


@cache
def generated_ids() -> tuple[str, ...]:
    gen, sessions, rng = generator("bridges"), SessionCache(), random.Random(4)
    out = []
    for options in ({"size": 3}, {"size": 7}, {"width": 10, "height": 6}, {"size": 8, "max-bridges": 3},
                    {"size": 7, "loops": 0}, {"size": 6, "max-bridges": 4, "expansion": 60}):
        for _ in range(2):
            made = generate_one(PUZZLE, gen, gen.checked_params(**options), rng, sessions)
            out.append(PUZZLE.format(made.instance, "tatham"))
            assert PUZZLE.parse(out[-1]) == made.instance
    return tuple(out)


def test_our_ids_are_read_by_tathams_parser(tmp_path):
    ids = generated_ids()
    assert any("m3:" in i for i in ids) and any("L:" in i for i in ids) and any("m4:" in i for i in ids)
    assert tatham_reads("bridges", list(ids), tmp_path) == ""
    for bad in ("7x7m2:3d2b4d4b2b4i4c6g23b3a3ab",  # one cell too many
                "7x7m2:3d2b4d4b2b4i4c6g23b3a3",  # one cell short
                "5x5m2:22w",  # islands side by side
                "5x5m2:2x2",  # one island
                "5x5m2:2w2H",  # not a count
                "2x2m2:1b1",  # below 3x3
                "5x5m7:2w2"):  # too many bridges per pair
        assert "error parsing" in tatham_reads("bridges", [bad], tmp_path), bad
        with pytest.raises(PuzzleError):
            PUZZLE.parse(bad)


@pytest.mark.parametrize("text, islands, counts", [
    ("3x3:1g1", [(0, 0), (2, 2)], [1, 1]),
    ("3x3m2:a1e1a", [(0, 1), (2, 1)], [1, 1]),
    ("5x5m4:Gb9u", [(0, 0), (0, 3)], [16, 9]),
])
def test_tatham_descriptions(text, islands, counts):
    inst = PUZZLE.parse(text)
    assert list(inst.params.islands) == islands and [inst.clues[i] for i in islands] == counts


def test_one_island_is_too_few_for_both():
    with pytest.raises(PuzzleError, match="at least two islands"):
        PUZZLE.parse("10x10m4:Gzzzu")  # Tatham: "Game description has too few islands"


def test_tatham_long_runs_counts_above_nine_and_flags():
    inst = PUZZLE.parse("10x10i30e10m4Ld2:Gzzzt1")
    p = inst.params
    assert (p.most, p.loops, p.islands, inst.clues[(0, 0)]) == (4, False, ((0, 0), (9, 9)), 16)
    assert PUZZLE.format(inst, "tatham") == "10x10m4L:Gzzzt1"  # his short form: no i, e, d
    assert PUZZLE.parse("7x7:1z1u").params.most == 2  # no m: his default, 2


@pytest.mark.parametrize("text, message", [
    ("3x3m2:1g", "game description has 8 cells, expected 9"),
    ("3x3m2:1h1", "longer than 9 cells"),
    ("3x3m2:11g", "side by side"),
    ("3x3m2:1b1e", "side by side"),
    ("3x3m2:1g0", "unexpected '0'"),
    ("3x3m0:1g1", "m0"),
    ("3x3q:1g1", "bad Bridges parameters"),
    ("2x3:1d1", "at least 3x3"),
])
def test_bad_tatham_ids(text, message):
    with pytest.raises(PuzzleError, match=message):
        PUZZLE.parse(text)


def test_boards_tathams_game_cannot_hold_have_no_id():
    for text, message in (("1.1", "at least 3x3"), ("1?1\n...\n1.1", "every island's count"),
                          ("11.\n...\n1.1", "side by side"), ("0.1\n...\n1.1", "count 0")):
        with pytest.raises(PuzzleError, match=message):
            PUZZLE.format(PUZZLE.parse(text), "tatham")


# ---- the other formats ------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["max 3 noloops\n6.?\n...\n3.3", "?.A\n...\n3.G\n...\n..?", "max 1\n1.1"])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_options_and_unknown_counts_round_trip(text, fmt):
    inst = PUZZLE.parse(text)
    assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
    assert PUZZLE.format(inst, "text") == text


def test_the_seed_array_has_no_place_for_options():
    inst = PUZZLE.parse("max 3\n6.3\n...\n3.3")
    with pytest.raises(PuzzleError, match="no place for 'max'"):
        PUZZLE.format(inst, "array")
    stripped = PUZZLE.parse("?.2\n...\n1.1")
    assert PUZZLE.parse(PUZZLE.format(stripped, "array")) == stripped


@pytest.mark.parametrize("text, line", [
    ("1.1\n..", 2),  # ragged
    ("1.1\n.x.", 2),  # a bad cell
    ("1..\n...", 1),  # one island
    ("max 9\n1.1", 1),  # too many bridges
    ("max two\n1.1", 1),
    ("\n\nmax 2\n", 3),  # a header and no rows
    ("board = [['1', ' '], [' ', 'x']]", 1),
    ("board = [['1', ' '], [' ', None]]", 1),
    ('{"grid": ["1.", ".1"], "max": 0}', 1),
    ('{"grid": ["1.1"], "width": 4}', 1),
    ('{"grid": ["1.1"], "loops": "no"}', 1),
])
def test_bad_input_names_the_place(text, line):
    with pytest.raises(PuzzleError) as err:
        PUZZLE.parse(text)
    assert err.value.line == line, str(err.value)


def test_oversized_input_is_refused_before_any_rules(monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("rules were built for an input over the size limit")

    for hook in ("rules", "one_shot_rules", "cpsat"):
        monkeypatch.setattr(PUZZLE, hook, never)
    for text in ("1" + "." * 40 + "1\n" + "." * 42, "42x42:1" + "z" * 67 + "l1",
                 "board = [['1'" + ", ' '" * 40 + ", '1']]"):
        with pytest.raises(PuzzleError, match="bridges board 42x.* is too large: at most 40x40"):
            PUZZLE.parse(text)


@pytest.mark.parametrize("fmt", PUZZLE.formats)
def test_a_byte_order_mark_is_ignored(fmt):
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.parse("\ufeff" + PUZZLE.format(inst, fmt)) == inst


def test_show_draws_the_islands_in_a_frame():
    lines = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert lines[0] == "┏━━━━━━━━━┓" and lines[1] == "┃· · 2 · 2┃" and lines[-1] == "┗━━━━━━━━━┛"


def test_solution_json_and_differences():
    inst = PUZZLE.parse("2.2\n...\n1.1")
    assert PUZZLE.solution_json(inst, (1, 0, 1, 1))[0] == {"from": [0, 0], "to": [0, 2], "bridges": 1}
    assert PUZZLE.differences((1, 0, 1, 1), (2, 1, 0, 0)) == ["pair 1: 1 vs 2 bridges", "pair 2: 0 vs 1 bridges",
                                                              "pair 3: 1 vs 0 bridges", "pair 4: 1 vs 0 bridges"]


# ---- generation --------------------------------------------------------------------------------
def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("bridges")
    for options, count in (({"size": 5}, 6), ({"size": 7}, 6), ({"width": 10, "height": 6}, 3),
                           ({"size": 7, "loops": 0}, 4), ({"size": 7, "strip-counts": 1}, 4)):
        for made in generated_rechecked(PUZZLE, gen, gen.checked_params(**options), count, seed=5):
            p = made.instance.params
            assert p.loops == (options.get("loops", 1) == 1)
            if options.get("strip-counts"):
                assert made.minimal and len(made.instance.clues) < len(p.islands)
            else:
                assert not made.minimal and len(made.instance.clues) == len(p.islands)
                rows = {r for r, _ in p.islands}
                cols = {c for _, c in p.islands}
                assert {0, p.height - 1} <= rows and {0, p.width - 1} <= cols  # Tatham's look


def test_generated_islands_follow_tathams_options():
    gen = generator("bridges")
    rng, sessions = random.Random(3), SessionCache()
    sizes = []
    for islands in (10, 30):
        spec = gen.checked_params(size=10, islands=islands)
        p, solution = gen.draw(spec, rng, sessions)
        sizes.append(len(p.islands))
        assert max(solution) <= 2 and PUZZLE.verify(Instance("bridges", p, island_counts(p, solution)), solution) == []
        assert not any((r, c + 1) in p.at or (r + 1, c) in p.at for r, c in p.islands)
    assert sizes[0] < sizes[1] <= 30
    spec = gen.checked_params(size=8, **{"max-bridges": 4})
    assert any(4 in gen.draw(spec, random.Random(s), sessions)[1] for s in range(5))

@pytest.mark.parametrize("height, width", [(3, 3), (4, 7), (10, 10)])
def test_rays_are_the_steps_that_stay_on_the_board(height, width):
    """Each cell's table entry: the STEPS (in order) whose next cell is on the board, as the
    growth's random direction chooses among them, each with every cell up to the edge."""
    table = rays(height, width)
    assert rays(height, width) is table and len(table) == height * width
    for r in range(height):
        for c in range(width):
            entry = table[r * width + c]
            assert [step for step, _ in entry] == [(dr, dc) for dr, dc in STEPS
                                                   if 0 <= r + dr < height and 0 <= c + dc < width]
            for (dr, dc), path in entry:
                n = len(path)
                assert path == tuple((r + k * dr, c + k * dc) for k in range(1, n + 1))
                assert not (0 <= r + (n + 1) * dr < height and 0 <= c + (n + 1) * dc < width)


def test_repair_rules_the_rival_out():
    """Full counts often allow a second layout; the repair puts an island on a pair where
    the two layouts differ (splitting our bridge) or on the rival's bridge: the drawn layout
    stays valid and the rival's own layout is gone."""
    gen = generator("bridges")
    spec = gen.checked_params(size=10)
    rng, sessions = random.Random(1), SessionCache()
    repaired = 0
    for _ in range(60):
        params, solution = gen.draw(spec, rng, sessions)
        clues = gen.candidate_clues(params, solution)
        session = sessions.get(PUZZLE, params)
        other = session.other_than(session.assumptions(clues), solution)
        if not other.sat:
            continue
        fixed = gen.repair(params, clues, solution, other.solution, rng)
        if fixed is None:
            continue
        new_params, new_clues, new_solution = fixed
        assert len(new_params.islands) == len(params.islands) + 1
        inst = Instance("bridges", new_params, new_clues)
        assert PUZZLE.verify(inst, new_solution) == []
        differ = {cell for p, n, m in zip(params.pairs, solution, other.solution) if n != m for cell in p.between()}
        rival = {cell for p, n in zip(params.pairs, other.solution) if n for cell in p.between()}
        assert set(new_params.islands) - set(params.islands) <= differ | rival
        repaired += 1
    assert repaired >= 3


def test_generator_options():
    gen = generator("bridges")
    spec = gen.params()
    assert (spec.width, spec.height, spec.islands, spec.expansion, spec.most, spec.loops, spec.strip_counts) == \
        (7, 7, 30, 10, 2, True, False)
    assert gen.checked_params(**{"size": 6, "strip-counts": 1, "loops": 0}).strip_counts
    with pytest.raises(PuzzleError, match="--max-bridges must be at most 4"):
        gen.checked_params(**{"max-bridges": 5})
    with pytest.raises(PuzzleError, match="--islands must be at most 30"):
        gen.checked_params(islands=31)
    with pytest.raises(PuzzleError, match="too small"):
        gen.params(size=2)
    with pytest.raises(PuzzleError, match="too large"):
        gen.params(size=41)


def test_generate_from_the_command_line(tmp_path):
    out = tmp_path / "b.jsonl"
    assert cli.main(["generate", "bridges", "--size", "10", "--islands", "30", "--expansion", "10",
                     "--max-bridges", "2", "--count", "3", "--seed", "1", "--quiet", "--out", str(out)]) == 0
    records = out.read_text().splitlines()
    assert len(records) == 3 and all('"tatham_id": "10x10m2:' in r for r in records)
    stripped = tmp_path / "s.csv"
    assert cli.main(["generate", "bridges", "--size", "6", "--strip-counts", "1", "--count", "2", "--quiet",
                     "--out", str(stripped)]) == 0
    assert "?" in stripped.read_text()


def test_no_minimal_keeps_every_count():
    gen = generator("bridges")
    made = generate_one(PUZZLE, generator("bridges"), gen.checked_params(**{"size": 6, "strip-counts": 1}),
                        random.Random(2), SessionCache(), GenerateOptions(minimal=False))
    assert len(made.instance.clues) == len(made.instance.params.islands) and not made.minimal


def test_aliases():
    assert puzzle("hashi") is PUZZLE and puzzle("hashiwokakero") is PUZZLE


@pytest.mark.slow
def test_many_generated_puzzles_are_unique_by_cpsat():
    gen = generator("bridges")
    generated_rechecked(PUZZLE, gen, gen.checked_params(size=15), 15, seed=11)
    generated_rechecked(PUZZLE, gen, gen.checked_params(**{"size": 10, "strip-counts": 1}), 15, seed=12)
    generated_rechecked(PUZZLE, gen, gen.checked_params(**{"size": 10, "max-bridges": 4, "loops": 0}), 15, seed=13)


# ---- answers of language models ---------------------------------------------------------------
def test_a_messy_answer_is_read_as_the_bridges_it_lists():
    inst = PUZZLE.parse(PUZZLE.example)
    want = {"r1c3-r1c5": 1, "r5c1-r5c3": 1, "r5c3-r5c5": 2, "r1c3-r5c3": 1, "r1c5-r3c5": 1, "r3c5-r5c5": 2,
            "r3c1-r5c1": 1}
    solution = tuple(want.get(pair.name, 0) for pair in inst.params.pairs)
    assert PUZZLE.read_answer(inst, PUZZLE.answer_text(inst, solution)) == solution
    messy = ("Let me connect them.\n```text\n1. R1C3 - R1C5: 1\n2. (5,1) to (5,3)\n3. r5c5-r5c3 x2\n"
             "4. r1c3 -> r5c3 = 1, r1c5–r3c5 (1 bridge)\n5. r3c5 - r5c5 2\n6. r3c1-r5c1 1\n7. r5c3-r5c5 2\n```\n")
    assert PUZZLE.read_answer(inst, messy) == solution
    assert PUZZLE.read_answer(inst, "(1, 3)-(1, 5), (5, 1)-(5, 3)") == tuple(
        1 if pair.name in ("r1c3-r1c5", "r5c1-r5c3") else 0 for pair in inst.params.pairs)
    with pytest.raises(PuzzleError, match="not two islands in one row or column"):
        PUZZLE.read_answer(inst, "r1c3-r5c5 1")  # not in line
    with pytest.raises(PuzzleError, match="not two islands"):
        PUZZLE.read_answer(inst, "r5c1-r5c5 1")  # an island between
    with pytest.raises(PuzzleError, match="given 1 and 2 bridges"):
        PUZZLE.read_answer(inst, "r1c3-r1c5 1\nr1c5-r1c3 2")
    with pytest.raises(PuzzleError, match="no bridge"):
        PUZZLE.read_answer(inst, "I cannot solve this one.")


def test_partial_credit_counts_bridges_not_pairs():
    from puzzlelab.lab.toolkit.answers import score_text

    inst = PUZZLE.parse(PUZZLE.example)
    reference = PUZZLE.read_answer(inst, "r1c3-r1c5 1\nr5c1-r5c3 1\nr5c3-r5c5 2\nr1c3-r5c3 1\nr1c5-r3c5 1\n"
                                         "r3c5-r5c5 2\nr3c1-r5c1 1")
    assert score_text(PUZZLE, inst, "r5c3-r5c5 1", reference).score == 0.1111  # one of the nine bridges
    assert score_text(PUZZLE, inst, "r1c3-r1c5 2", reference).score == 0.1  # one of the ten either has
