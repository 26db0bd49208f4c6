"""Difficulty measures: the generic SAT ladder (`puzzlelab.lab.engine.grade`) and the human-technique sudoku
grader (`puzzlelab.solvers.sudoku_techniques`), each checked against the other and against SAT."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from pathlib import Path

import pytest

import puzzlelab.lab.engine.grade
from puzzlelab.generators.sudoku import random_grid
from puzzlelab.lab.data.records import read_records
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.puzzle import CluePuzzle, Instance, MovePuzzle, PuzzleError, Rules
from puzzlelab.lab.engine.sat import SatSession, SessionCache
from puzzlelab.lab.face import registry
from puzzlelab.solvers.sudoku import SudokuParams
from puzzlelab.solvers.sudoku_techniques import TECHNIQUES, human_grade, human_solve

SUDOKU = registry.puzzle("sudoku")
GEN = registry.generator("sudoku")
INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def pattern_grid(params: SudokuParams) -> tuple[tuple[int, ...], ...]:
    """A valid full grid of any box shape, without search (the shifted-rows pattern)."""
    n, br, bc = params.n, params.box_rows, params.box_cols
    return tuple(tuple((bc * (r % br) + r // br + c) % n + 1 for c in range(n)) for r in range(n))


def puzzle_from(grid, blanks) -> Instance:
    n = len(grid)
    params = SudokuParams.for_size(n)
    return Instance("sudoku", params, {(r, c): grid[r][c] for r in range(n) for c in range(n)
                                       if (r, c) not in blanks})


def sat_solution(inst: Instance):
    session = SatSession(SUDOKU, inst.params)
    try:
        check = session.check(inst.clues)
        return check.status, check.solutions[0] if check.solutions else None
    finally:
        session.close()


@pytest.fixture(scope="module")
def generated():
    """Twenty generated 9x9 puzzles with their solutions (one shared session cache)."""
    sessions, rng = SessionCache(), random.Random(2024)
    return [generate_one(SUDOKU, GEN, GEN.params(size=9), rng, sessions) for _ in range(20)]


# ---- the generic ladder ------------------------------------------------------------------

def test_propagation_solvable_is_level_0():
    g = grade(SUDOKU, SUDOKU.parse(EASY))
    assert (g.level, g.probe_depth, g.propagation_solves, g.status) == (0, 0, True, "unique")
    assert g.fixed_by_propagation == 1.0


def test_inkala_needs_probing_at_depth_2():
    inst = SUDOKU.parse(INKALA)
    capped = grade(SUDOKU, inst, max_depth=1)
    assert (capped.level, capped.probe_depth, capped.propagation_solves) == (2, None, False)  # beyond
    deep = grade(SUDOKU, inst, max_depth=2)
    assert (deep.level, deep.probe_depth, deep.status) == (2, 2, "unique")
    assert deep.conflicts > 0


def test_probe_budget_gives_unknown_level_not_a_guess():
    g = grade(SUDOKU, SUDOKU.parse(INKALA), budget_probes=5)
    assert g.level is None and g.probe_depth is None and g.level_at_least == 1
    assert g.status == "unique"


def test_grading_is_independent_of_earlier_solver_use(generated):
    """Twice on the same puzzle, and once more after its session ran many checks: the
    grade comes from fresh solvers, so nothing the cached solver learned leaks in."""
    inst = generated[0].instance
    first = grade(SUDOKU, inst).to_json()
    sessions = SessionCache()
    session = sessions.get(SUDOKU, inst.params)
    for g in generated:
        session.check(g.instance.clues)
    again = grade(SUDOKU, inst).to_json()
    first.pop("seconds"), again.pop("seconds")
    assert first == again


def test_to_json_is_flat_and_jsonable(generated):
    data = grade(SUDOKU, generated[1].instance).to_json()
    assert all(isinstance(v, (int, float, str, bool, type(None))) for v in data.values())
    assert json.loads(json.dumps(data)) == data


def test_contradictory_and_ambiguous_puzzles():
    bad = SUDOKU.parse("11" + "." * 79)
    g = grade(SUDOKU, bad)
    assert (g.status, g.level, g.propagation_solves) == ("unsolvable", 0, False)
    assert human_solve(bad).contradiction
    empty = SUDOKU.parse("." * 16)
    g = grade(SUDOKU, empty)
    assert g.status == "ambiguous" and g.level == g.max_depth + 1 and g.probe_depth is None
    assert human_grade(empty)["technique"] == "guessing"


@pytest.mark.parametrize("simplify_from", [0.0, 2.0])  # always load only what is open / never
def test_the_search_starts_where_unit_propagation_ends(simplify_from, monkeypatch):
    """Both ways of loading the search give every status right, and count only the search:
    a puzzle unit propagation solves leaves it nothing to decide or propagate."""
    monkeypatch.setattr(puzzlelab.lab.engine.grade, "SIMPLIFY_FROM", simplify_from)
    g = grade(SUDOKU, SUDOKU.parse(EASY))  # (a search from the clues propagates 1,500 literals)
    assert (g.status, g.level, g.conflicts) == ("unique", 0, 0)
    assert g.decisions <= 2 and g.propagations <= 1  # the solver's count of finding a model
    assert grade(SUDOKU, SUDOKU.parse(INKALA)).status == "unique"
    assert grade(SUDOKU, SUDOKU.parse("11" + "." * 79)).status == "unsolvable"
    assert grade(SUDOKU, SUDOKU.parse("." * 16)).status == "ambiguous"
    bridges = registry.puzzle("bridges")  # four corner islands of 1: two bridges, never all connected
    assert grade(bridges, bridges.parse("3x3:1a1c1a1")).status == "unsolvable"  # (the cuts say so)
    assert grade(bridges, bridges.parse("3x3:2a2c1a1")).status == "unique"


class Toy(CluePuzzle):
    """Booleans x_i and no rules. Clue ("v", i): x_i holds (one unit clause: the literal
    itself); ("or", i, j): x_i or x_j; ("eq", i, j): x_i == x_j (non-unit clauses: a selector
    guards them). Exercises both kinds of clue literal on a puzzle that is not a grid."""

    name = "toy"

    def rules(self, params, pool):
        xs = [pool.id(("x", i)) for i in range(params)]
        return Rules([], xs, xs)

    def clue_clauses(self, params, rules, key, value):
        x = rules.data
        if key[0] == "v":
            return [[x[key[1]]]]
        i, j = x[key[1]], x[key[2]]
        return [[i, j]] if key[0] == "or" else [[-i, j], [i, -j]]

    def decode(self, params, rules, true_vars):
        return tuple(v in true_vars for v in rules.data)

    def solution_literals(self, params, rules, solution):
        return [v if on else -v for v, on in zip(rules.data, solution)]

    # The rest of the contract; the ladder never calls it.
    check_size = format = format_solution = verify = cpsat = candidates = lambda self, *args: None


def test_ladder_is_puzzle_agnostic_and_uses_selectors():
    toy = Toy()
    given = grade(toy, Instance("toy", 2, {("v", 0): 1, ("eq", 0, 1): 1}))
    assert (given.level, given.status) == (0, "unique")
    # x0 | x1 and x0 == x1: propagation fixes nothing; probing -x0 fails, so x0, then x1.
    probed = grade(toy, Instance("toy", 2, {("or", 0, 1): 1, ("eq", 0, 1): 1}))
    assert (probed.level, probed.probe_depth, probed.propagation_solves, probed.status) == (1, 1, False, "unique")
    assert probed.fixed_by_propagation == 0.0
    free = grade(toy, Instance("toy", 2, {("or", 0, 1): 1}))
    assert (free.level, free.probe_depth, free.status) == (free.max_depth + 1, None, "ambiguous")


class ToyWithUnit(Toy):
    """Toy whose rules hold x0 outright (a unit clause, like a Light Up cell walled in on
    every side, which must hold a lamp). The solver holds x0 at the root, so `propagate`
    reports it for no assumption: the ladder must count it as fixed by propagation all
    the same, and a probe that fails on it must settle it, not find it again and again."""

    def rules(self, params, pool):
        rules = super().rules(params, pool)
        return Rules([[rules.data[0]]], rules.primary, rules.data)


def test_a_unit_among_the_rules_is_fixed_by_propagation():
    toy = ToyWithUnit()
    given = grade(toy, Instance("toy", 2, {("v", 1): 1}))
    assert (given.level, given.fixed_by_propagation, given.status) == (0, 1.0, "unique")
    probed = grade(toy, Instance("toy", 3, {("or", 1, 2): 1, ("eq", 1, 2): 1}))
    assert (probed.level, probed.status) == (1, "unique") and probed.probes < 20
    free = grade(toy, Instance("toy", 2, {}))  # x1 is free
    assert (free.level, free.status) == (free.max_depth + 1, "ambiguous") and free.probes < 20


# ---- the human grader --------------------------------------------------------------------

def test_naked_singles_only_grades_singles():
    grid = pattern_grid(SudokuParams(3, 3))
    diagonal = {(i, i) for i in range(9)} | {(i, 8 - i) for i in range(9)}
    h = human_solve(puzzle_from(grid, diagonal))
    assert (h.technique, h.solved, h.steps, h.grid) == ("singles", True, len(diagonal), grid)
    assert h.counts["singles"] == len(diagonal)


def test_human_solutions_agree_with_sat_and_level_0_is_singles(generated):
    """Unit propagation on the exactly-one encoding is exactly naked plus hidden singles,
    so the two graders must agree on level 0."""
    for g in generated:
        h = human_solve(g.instance)
        if h.solved:
            assert h.grid == g.solution
        assert h.technique in TECHNIQUES + ("guessing",)
        assert h.steps == sum(h.counts.values())
        level = grade(SUDOKU, g.instance).level
        assert (level == 0) == (h.technique in ("singles", "hidden_singles"))


def test_inkala_is_beyond_simple_techniques():
    g = human_grade(SUDOKU.parse(INKALA))
    assert g["technique"] == "guessing" and not g["solved"]
    assert json.loads(json.dumps(g)) == g


@pytest.mark.parametrize("size,blank_share", [(4, 0.5), (6, 0.6), (16, 0.4)])
def test_both_graders_on_other_sizes(size, blank_share):
    """A random full grid with cells blanked at random (redrawn until unique): both graders
    agree with the SAT engine, and SAT level 0 is exactly "singles suffice"."""
    params = SudokuParams.for_size(size)
    rng = random.Random(size)
    cells = [(r, c) for r in range(size) for c in range(size)]
    for _ in range(200):
        grid = random_grid(params, rng)
        inst = puzzle_from(grid, set(rng.sample(cells, int(blank_share * len(cells)))))
        status, solution = sat_solution(inst)
        if status == "unique":
            break
    else:
        pytest.fail("no unique blanking found")
    g = grade(SUDOKU, inst)
    h = human_solve(inst)
    assert solution == grid and g.status == "unique"
    assert (g.level == 0) == (h.technique in ("singles", "hidden_singles"))
    assert not h.solved or h.grid == grid


def test_generated_4x4_grades():
    sessions, rng = SessionCache(), random.Random(4)
    for _ in range(10):
        gen = generate_one(SUDOKU, GEN, GEN.params(size=4), rng, sessions)
        g = grade(SUDOKU, gen.instance)
        h = human_solve(gen.instance)
        assert g.status == "unique" and g.level is not None
        assert h.solved and h.grid == gen.solution


@pytest.mark.slow
def test_generated_16x16_grades():
    sessions, rng = SessionCache(), random.Random(16)
    gen = generate_one(SUDOKU, GEN, GEN.params(size=16), rng, sessions)
    g = grade(SUDOKU, gen.instance)
    assert g.status == "unique" and g.level is not None and g.level >= 1
    h = human_solve(gen.instance)
    if h.solved:
        assert h.grid == gen.solution


def test_puzzles_without_sat_rules_raise_puzzle_error():
    class Moves(MovePuzzle):
        name = "moves"
        check_size = format = format_solution = verify = answer = lambda self, *args: None

    with pytest.raises(PuzzleError):
        grade(Moves(), Instance("moves", None, {}))


# ---- every board gets a level ----------------------------------------------------------

LIGHTUP = registry.puzzle("lightup")
TATHAM_LIGHTUP = Path(__file__).parent / "data" / "lightup_tatham_grades.txt"
WALLED_IN = "7x7:Ba1c0j3b1b2aBb2b1j0c1aB"  # r4c4 is walled in on all four sides: it must hold a lamp


def test_a_walled_in_light_up_cell_is_settled_by_propagation():
    """The rules hold a lamp on a cell no other lamp can light (a unit clause). The ladder
    used to miss it and probe it again and again: level None after 200,000 probes."""
    g = grade(LIGHTUP, LIGHTUP.parse(WALLED_IN))
    assert (g.level, g.fixed_by_propagation, g.status) == (0, 1.0, "unique")
    assert g.probes <= 2


def test_tatham_light_up_boards_all_get_a_level():
    """Ten boards per size (7x7, 10x10) and Tatham difficulty (easy, tricky, hard), made by
    Tatham's own generator: each gets a level from the default grade call (21 of them ran
    out of probes before). His easy boards are exactly the ones unit propagation settles."""
    boards = [line.split() for line in TATHAM_LIGHTUP.read_text().splitlines()
              if line.strip() and not line.startswith("#")]
    assert len(boards) == 60
    for tatham, game_id in boards:
        g = grade(LIGHTUP, LIGHTUP.parse(game_id))
        assert isinstance(g.level, int) and g.status == "unique", game_id
        assert (g.level == 0) == (tatham == "easy"), game_id
        assert g.probes < 1_000, game_id


@pytest.mark.parametrize("name", [p.name for p, _ in registry.all_puzzles() if p.has_rules])
def test_every_clue_puzzle_grades_to_a_level(name):
    """Small boards (size 6 where the generator takes a size, 4 for magic squares) of every puzzle with SAT
    rules: the default grade call always ends with a level, never a spent probe budget."""
    ptype, gen = registry.all_puzzles()[registry.names().index(name)]
    if gen is None:
        pytest.skip(f"{name} has no generator")
    size = {"magicsquare": 4}.get(name, 6)  # a minimal 6x6 magic square takes minutes to make
    params = gen.params(**({"size": size} if any(o.name == "size" for o in gen.options) else {}))
    rng, sessions = random.Random(6), SessionCache()
    for i in range(3):  # five took 24 s of the default run (2026-12-02)
        inst = generate_one(ptype, gen, params, rng, sessions).instance
        g = grade(ptype, inst)
        assert isinstance(g.level, int) and g.status == "unique", (name, i, inst.clues)
        # at level 0 the rounds of unit propagation were measured: the constraints read back
        # from the solver reach its own fixpoint
        assert g.level != 0 or g.effort > 0, (name, i, inst.clues)


# ---- the score: the solving path's steps within a level ------------------------------------
def test_score_is_the_level_plus_the_effort_of_its_steps():
    easy = grade(SUDOKU, SUDOKU.parse(EASY))
    # level 0: no probing steps; the effort is the rounds unit propagation takes
    assert (easy.level, easy.steps, easy.hardest_step) == (0, 0, 0) and easy.effort > 0
    assert easy.score == round(easy.effort / (easy.effort + 50), 4)
    hard = grade(SUDOKU, SUDOKU.parse(INKALA))
    assert hard.level == len({depth for depth, *_ in hard.path} - {1}) + 1 == 2
    # each step's cost weighted by the open variables it was found among, the largest twice
    assert hard.steps == len(hard.path)
    weighted = [cost * math.log2(1 + still_open) / 4 for _, cost, _, still_open in hard.path]
    assert hard.effort == round(sum(weighted) + max(weighted), 2)
    assert 2 < hard.score < 3 and hard.hardest_step == max(c for d, c, *_ in hard.path if d == 1)
    # every step settles something, and the open count only falls
    opens = [still_open for *_, settled, still_open in hard.path]
    assert all(settled > 0 for *_, settled, _ in hard.path) and opens == sorted(opens, reverse=True)


def test_score_follows_tathams_grades_on_puzzles_his_generator_made():
    """Fixed game IDs from `sgt-<game> --generate`, eight at each of two or three of his
    grades per puzzle, all of them level 1 or more for us (tests/data/grade_tatham_ladder.txt,
    from scripts/grade_vs_tatham.py): level alone ties most of them; the score ranks them
    as he does (Spearman's rho), and his hardest grade's median is above his easiest's.
    Towers' three harder grades are close (rho 0.64 over the 60 a grade of the sample
    they came from, 0.49 on its first eight), so all 180 are held.
    Keen's Hard and Unreasonable overlap in eight puzzles each (rho 0.29 here; 0.81 and
    0.87 over all five grades and 60 puzzles a size), so only its medians are held."""
    from statistics import median

    from puzzlelab.lab.data.stats import spearman

    rows: dict[str, list[tuple[int, float]]] = {}
    for line in (Path(__file__).parent / "data" / "grade_tatham_ladder.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, rank, game_id = line.split("\t")
            ptype = registry.puzzle(name)
            rows.setdefault(name, []).append((int(rank), grade(ptype, ptype.parse(game_id, "tatham")).score))
    for name, graded in rows.items():
        ranks, scores = [r for r, _ in graded], [s for _, s in graded]
        rho = spearman(ranks, scores)
        assert name == "keen" or rho >= 0.6, (name, rho)
        by_grade = {r: median(s for q, s in graded if q == r) for r in set(ranks)}
        assert by_grade[min(ranks)] < by_grade[max(ranks)], (name, by_grade)


def test_level_0_puzzles_are_ranked_by_rounds_of_propagation():
    """Two of Tatham's grades that propagation alone solves (sudoku Trivial and Basic, Keen
    Easy and Normal; tests/data/grade_tatham_level0.txt): the harder grade's median score is
    above the easier's, which a level alone would tie at 0; Unruly's Trivial and Easy too,
    apart, since a full line (several cells at once) weighs more than a round."""
    from statistics import median

    rows: dict[str, dict[int, list[float]]] = {}
    for line in (Path(__file__).parent / "data" / "grade_tatham_level0.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, rank, game_id = line.split("\t")
            ptype = registry.puzzle(name)
            g = grade(ptype, ptype.parse(game_id, "tatham"))
            if g.level == 0:
                rows.setdefault(name, {}).setdefault(int(rank), []).append(g.score)
    assert set(rows) == {"sudoku", "keen", "unruly"}
    for name, by_rank in rows.items():
        assert median(by_rank[0]) < median(by_rank[1]), (name, by_rank)
    # Unruly's Easy needs a full line at least once (a wide round, `Formula.tiered_rounds`);
    # its Trivial never does: every Easy score is above every Trivial one
    assert max(rows["unruly"][0]) < min(rows["unruly"][1]), rows["unruly"]


def test_generate_keeps_only_the_grade_and_score_asked_for(tmp_path):
    from puzzlelab.lab.face import cli

    out = tmp_path / "scored.jsonl"
    assert cli.main(["generate", "sudoku", "--size", "4", "--count", "6", "--seed", "3", "--quiet",
                     "--grade", "0", "--out", str(out)]) == 0
    assert {r["difficulty"]["level"] for r in read_records(out)} == {0}
    out = tmp_path / "scored9.jsonl"
    assert cli.main(["generate", "sudoku", "--size", "9", "--count", "4", "--seed", "3", "--quiet",
                     "--score", "1.2:1.9", "--out", str(out)]) == 0
    records = list(read_records(out))
    assert len(records) == 4 and all(1.2 <= r["difficulty"]["score"] <= 1.9 for r in records)
    assert all(r["settings"]["score"] == [1.2, 1.9] for r in records)
    assert cli.main(["generate", "sudoku", "--score", "2:1", "--out", str(tmp_path / "x.jsonl")]) == 2
    assert not (tmp_path / "x.jsonl").exists()


@pytest.mark.parametrize("engine", ["rounds", "solver"])
def test_a_literal_a_holding_probe_implies_does_not_fail_one_level_up(engine):
    """The dominator rule nested probing uses (`_Prober.fails`): if a probe's depth-1
    closure holds, every literal found in it holds at depth 1 too; checked literal by
    literal on Inkala's board, where depth 1 alone is stuck, on the grade's prober
    (`puzzlelab.lab.engine.probing`) and on a solver's `propagate`."""
    from puzzlelab.lab.engine.grade import _Prober
    from puzzlelab.lab.engine.probing import rounds_prober

    session = SatSession(SUDOKU, SUDOKU.parse(INKALA).params, "mc")
    try:
        primary = list(session.rules.primary)
        clues = session.assumptions(SUDOKU.parse(INKALA).clues)
        formula = session.formula()
        assert formula is not None
        if engine == "rounds":
            prober = _Prober(rounds_prober(formula, primary), None, primary, session.variables(), None)
        else:
            prober = _Prober(None, session.solver, primary, session.variables(), None)
        prober.assert_facts(clues)
        checked = 0
        for v in prober.open_vars()[:40]:
            dominated: set[int] = set()
            if prober.fails([v], 1, dominated):
                continue
            assert v in dominated
            for lit in sorted(dominated - prober.facts - {v}, key=abs)[:15]:
                assert not prober.fails([lit], 1), (v, lit)
                checked += 1
        assert checked > 100
    finally:
        session.close()


@pytest.mark.parametrize("name", ["hidoku", "towers", "bridges", "tracks"])
def test_every_step_holds_in_the_solution_and_most_come_from_findings_in_hand(name, monkeypatch):
    """Steps taken from an earlier pass's findings (`_Prober.round`) are sound: every
    literal any step settles agrees with the unique solution, the `dead_end` check included
    (Bridges, Tracks). And they save passes: fewer full depth-1 passes than depth-1 steps
    where puzzles take several."""
    from puzzlelab.lab.engine.grade import GRADE_SOLVER, _Prober, solving_path

    ptype, gen = registry.puzzle(name), registry.generator(name)
    passes = []
    real_pass = _Prober._pass
    monkeypatch.setattr(_Prober, "_pass", lambda self, depth: passes.append(depth) or real_pass(self, depth))
    rng, sessions = random.Random(5), SessionCache()
    shallow_steps = probed = 0
    size = 10 if name == "bridges" else 7  # (most Bridges need no probing, fewer at 10x10)
    for _ in range(60):  # until four puzzles that need probing
        made = generate_one(ptype, gen, gen.params(size=size), rng, sessions)
        climb = solving_path(ptype, made.instance)
        if not climb.rounds:
            continue
        probed += 1
        session = SatSession(ptype, made.instance.params, GRADE_SOLVER)
        try:
            pinned = set(ptype.solution_literals(made.instance.params, session.rules, made.solution))
            primary = set(session.rules.primary)
        finally:
            session.close()
        named = {abs(lit) for lit in pinned}  # a primary variable not named is false
        for step in climb.rounds:
            shallow_steps += step.depth == 1
            for lit in step.fixed:
                if abs(lit) in primary:
                    assert lit in pinned if abs(lit) in named else lit < 0, (name, step)
        if probed == 4:
            break
    assert probed >= 4, (name, probed)
    if name != "bridges":  # (a Bridges puzzle needs a step or two, each after a pass without `dead_end`)
        assert passes.count(1) < shallow_steps, (name, passes.count(1), shallow_steps)


def test_a_puzzle_propagation_settles_is_graded_without_loading_a_solver(monkeypatch):
    """`GradingHints.mostly_propagation` (nonograms): rounds of propagation on the rules read
    as a formula give the ladder's own grade, field for field, and no session solver is
    loaded for it; a puzzle they leave open falls back to the ladder with the same grade.
    (The ladder itself probes on `puzzlelab.lab.engine.probing`, without a solver, since grade version 5.)"""
    import puzzlelab.lab.engine.sat

    loads = []
    real_load = puzzlelab.lab.engine.sat.SatSession._load
    monkeypatch.setattr(puzzlelab.lab.engine.sat.SatSession, "_load", lambda self: loads.append(1) or real_load(self))
    nonogram = registry.puzzle("nonogram")
    gen = registry.generator("nonogram")
    rng, sessions = random.Random(3), SessionCache()
    cases = [(nonogram, generate_one(nonogram, gen, gen.params(size=8), rng, sessions).instance) for _ in range(3)]
    cases += [(SUDOKU, SUDOKU.parse(EASY)), (SUDOKU, SUDOKU.parse(INKALA))]
    for name in ("bridges", "tents", "undead"):  # the other puzzles that set it
        ptype, gen = registry.puzzle(name), registry.generator(name)
        assert ptype.grading.mostly_propagation
        cases += [(ptype, generate_one(ptype, gen, gen.params(), rng, sessions).instance) for _ in range(3)]
    for ptype, inst in cases:
        graded = {}
        for shortcut in (False, True):
            monkeypatch.setattr(type(ptype), "grading", replace(ptype.grading, mostly_propagation=shortcut))
            loads.clear()
            found = grade(ptype, inst).to_json()
            found.pop("seconds")
            graded[shortcut] = found, len(loads)
        assert graded[True][0] == graded[False][0]
        level0 = graded[True][0]["level"] == 0
        assert graded[True][1] == 0 or not level0, (ptype.name, graded)
    assert sum(grade(p, i).level == 0 for p, i in cases) >= 6


def test_tathams_easiest_rules_are_propagation():
    """His easiest grade's deductions are unit propagation for us, so his easiest boards
    are level 0, and his hardest still take probing or search
    (tests/data/grade_tatham_easiest.txt: boards that took probing before Bridges' sums,
    Tracks' and Pearl's two edges and loop rule, Towers' hidden bounds and Singles'
    sandwiches were written into the rules)."""
    rows = [line.split("\t") for line in (Path(__file__).parent / "data" / "grade_tatham_easiest.txt")
            .read_text().splitlines() if line and not line.startswith("#")]
    assert {name for name, *_ in rows} == {"bridges", "tracks", "towers", "singles", "pearl"}
    for name, his, rank, game_id in rows:
        ptype = registry.puzzle(name)
        level = grade(ptype, ptype.parse(game_id, "tatham")).level
        assert (level == 0) if rank == "0" else (level is not None and level >= 1), (name, his, game_id, level)


def test_a_puzzle_propagation_settles_has_no_search_to_count():
    """Level 0: unit propagation fixed every cell, so the search counts nothing, whatever
    helper variables the encoding has (a nonogram's automaton states once gave 120
    decisions); a puzzle that needs probing still reports the search from where
    propagation stopped."""
    seen = set()
    for name, options in (("nonogram", {"size": 10}), ("sudoku", {})):
        ptype, gen = registry.puzzle(name), registry.generator(name)
        sessions = SessionCache()
        for seed in range(12):
            made = generate_one(ptype, gen, gen.params(**options), random.Random(seed), sessions)
            g = grade(ptype, made.instance)
            assert g.status == "unique"
            if g.level == 0:
                assert (g.conflicts, g.decisions, g.propagations) == (0, 0, 0), name
            elif name == "sudoku":
                assert g.propagations > 0
            seen.add((name, g.level == 0))
    assert {("nonogram", True), ("sudoku", True), ("sudoku", False)} <= seen


SEARCH_COUNTS = ("conflicts", "decisions", "propagations", "seconds")


def test_native_clue_counts_grade_as_clue_clauses(monkeypatch):
    """`speed.counts_natively` promises that a puzzle's count clues propagate as its clue clauses
    do: every grade field but the search's own counts must come out the same either way
    (Mosaic's generation and grade run 3x faster on them; Slant and Slitherlink count natively
    too; other puzzles' clauses go through
    counters, whose rounds differ)."""
    native = [(ptype, gen) for ptype, gen in registry.all_puzzles()
              if isinstance(ptype, CluePuzzle) and ptype.speed.counts_natively]
    assert [ptype.name for ptype, _ in native] == ["loopy", "mosaic", "slant", "slitherlink"]
    for ptype, gen in native:
        sessions = SessionCache()
        made = [generate_one(ptype, gen, gen.params(), random.Random(seed), sessions).instance for seed in range(10)]
        counted = [grade(ptype, inst).to_json() for inst in made]
        monkeypatch.setattr(type(ptype), "speed", replace(ptype.speed, counts_natively=False))
        clauses = [grade(ptype, inst).to_json() for inst in made]
        for a, b in zip(counted, clauses):
            assert {k: v for k, v in a.items() if k not in SEARCH_COUNTS} == \
                {k: v for k, v in b.items() if k not in SEARCH_COUNTS}
        assert len({g["level"] for g in counted}) > 1 or len({g["score"] for g in counted}) > 1
