"""Bridges: seed example, verify rule by rule, connectivity (a layout that keeps every count
but falls apart is no solution), random tiny boards against brute force, Tatham's game IDs
(his generator's boards, ours read by his parser), formats, generator."""

from __future__ import annotations

import random
from statistics import median

import pytest
from cases.bridges import CROSS, TATHAM_IDS
from declarations import data_text, our_ids, tatham_id_lines
from pysat.formula import IDPool
from rivals import repaired_rivals
from tally import new_tally, tally_brute_force

from puzzlelab.generators.bridges import STEPS, rays
from puzzlelab.lab.data.dataset import measures
from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.crosscheck import assert_unique_with, brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.counting import exact_sums
from puzzlelab.solvers.bridges import (
    PUZZLE,
    BridgesParams,
    Pair,
    find_loop,
    groups,
    island_counts,
)

SEED_BOARD = data_text("bridges_seed.txt")

# The seed's script output: each island's bridges right, left, down, up.
SEED_SOLUTION = data_text("bridges_seed_solution.txt")


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
    tally = new_tally()
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
        tally_brute_force(PUZZLE, inst, candidates, tally)
    assert min(tally.values()) >= 10, tally


# ---- Tatham's game IDs (the rest: tests/test_rituals.py) ------------------------------------
def test_tatham_ids_are_every_grade():
    assert {asked[-2:] for asked, _ in tatham_id_lines(TATHAM_IDS.file)} == {"d0", "d1", "d2"}


def test_our_ids_use_every_option():
    ids = our_ids("bridges")
    assert any("m3:" in i for i in ids) and any("L:" in i for i in ids) and any("m4:" in i for i in ids)


def test_tathams_hard_boards_are_harder_for_us_too():
    """His grades against the engine's score: his hard boards need more than his easy ones.
    All are level 1 since probing sees connectivity (`dead_end`; before, his hard ones
    needed search, level 3), so the steps' effort tells them apart."""
    scores: dict[str, list[float]] = {"d0": [], "d1": [], "d2": []}
    for asked, game in tatham_id_lines(TATHAM_IDS.file):
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
    repaired = 0
    spec = generator("bridges").checked_params(size=10)
    for params, _, solution, rival, (new_params, new_clues, new_solution) in repaired_rivals("bridges", spec, 60):
        assert len(new_params.islands) == len(params.islands) + 1
        inst = Instance("bridges", new_params, new_clues)
        assert PUZZLE.verify(inst, new_solution) == []
        differ = {cell for p, n, m in zip(params.pairs, solution, rival) if n != m for cell in p.between()}
        bridged = {cell for p, n in zip(params.pairs, rival) if n for cell in p.between()}
        assert set(new_params.islands) - set(params.islands) <= differ | bridged
        repaired += 1
    assert repaired >= 3


def test_generator_options():
    gen = generator("bridges")
    spec = gen.params()
    assert (spec.width, spec.height, spec.islands, spec.expansion, spec.most, spec.loops, spec.strip_counts) == \
        (7, 7, 30, 10, 2, True, False)
    assert gen.checked_params(**{"size": 6, "strip-counts": 1, "loops": 0}).strip_counts


def test_no_minimal_keeps_every_count():
    gen = generator("bridges")
    made = generate_one(PUZZLE, generator("bridges"), gen.checked_params(**{"size": 6, "strip-counts": 1}),
                        random.Random(2), SessionCache(), GenerateOptions(minimal=False))
    assert len(made.instance.clues) == len(made.instance.params.islands) and not made.minimal


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
