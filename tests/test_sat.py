"""The engine's CNF for at-most-one constraints: pairwise clauses and the counter beyond."""

from __future__ import annotations

import collections
import itertools
import random
import time

import pytest
from pysat.formula import IDPool
from pysat.solvers import Solver

from puzzlelab.generators.sudoku import random_grid
from puzzlelab.lab.engine import sat
from puzzlelab.lab.engine.puzzle import PuzzleError, Rules
from puzzlelab.lab.face import registry


def _pairwise_by_hand(groups: list[list[int]]) -> list[list[int]]:
    pairs = dict.fromkeys((min(a, b), max(a, b)) for lits in groups for a, b in itertools.combinations(lits, 2))
    return [[-a, -b] for a, b in pairs]


def test_pairwise_clauses_are_every_pair_once_in_the_order_first_met():
    rng = random.Random("pairwise")
    for _ in range(300):
        groups = [rng.sample([v * rng.choice((-1, 1)) for v in range(1, 40)], rng.randint(0, 9))
                  for _ in range(rng.randint(0, 12))]
        assert sat._pairwise(groups) == _pairwise_by_hand(groups)


def test_groups_longer_than_pairwise_max_get_a_counter_that_means_at_most_one():
    pool = IDPool()
    short = [pool.id(("s", i)) for i in range(3)]
    long = [pool.id(("l", i)) for i in range(sat.PAIRWISE_MAX + 5)]
    rules = Rules(clauses=[], primary=short + long, at_most_one=[short, long])
    cnf = sat.at_most_one_clauses(rules, pool)
    assert [-short[0], -short[1]] in cnf and not any(-long[0] in c and -long[1] in c and len(c) == 2 for c in cnf)
    with Solver(name=sat.DEFAULT_SOLVER, bootstrap_with=cnf) as solver:
        for group in (short, long):
            assert solver.solve(assumptions=[])
            assert solver.solve(assumptions=[group[-1]])
            for a, b in itertools.combinations(group[::3] + [group[-1]], 2):
                assert not solver.solve(assumptions=[a, b])


def test_prefer_steers_the_solver_to_the_solution_and_lets_go_of_the_last_one():
    ptype = registry.puzzle("sudoku")
    params = registry.generator("sudoku").params(size=4)
    grids = [random_grid(params, random.Random(seed)) for seed in range(8)]
    for name in (sat.DEFAULT_SOLVER, "m22"):
        session = sat.SatSession(ptype, params, solver=name)
        for grid in grids:  # no clues at all: 288 grids to choose from, it takes the preferred one
            session.prefer(session.solution_literals(grid))
            assert session.solve({}).solution == grid


# ---- blank sessions: a caller's own formula ----------------------------------------------
def _brute_models(clauses: list[list[int]], n: int) -> list[set[int]]:
    """Every assignment of variables 1..n satisfying `clauses`, as its set of true variables."""
    out = []
    for bits in itertools.product((False, True), repeat=n):
        true = {v for v in range(1, n + 1) if bits[v - 1]}
        if all(any((l > 0) == (abs(l) in true) for l in c) for c in clauses):
            out.append(true)
    return out


def test_count_clauses_mean_the_range_edge_cases_included():
    for size in range(5):
        lits = list(range(1, size + 1))
        for lo in range(-1, size + 2):
            for hi in range(-1, size + 2):
                pool = IDPool(start_from=size + 1)
                with Solver(name=sat.DEFAULT_SOLVER, bootstrap_with=sat.count_clauses(lits, lo, hi, pool)) as solver:
                    for bits in itertools.product((False, True), repeat=size):
                        fixed = [v if b else -v for v, b in zip(lits, bits)]
                        assert solver.solve(assumptions=fixed) == (lo <= sum(bits) <= hi), (size, lo, hi, bits)


def test_tally_bounds_are_assumptions_and_refuse_what_they_cannot_count():
    session = sat.SatSession.blank()
    lits = [session.pool.id(("x", i)) for i in range(5)]
    tally = sat.Tally(session, lits, most=3, least=2)
    for lo in range(-1, 7):
        for hi in range(-1, 7):
            if lo <= hi and 0 <= hi and lo <= 5 and (3 < hi < 5 or 0 < lo < 2):
                with pytest.raises(ValueError):
                    tally.between(lo, hi)
                continue
            bound = tally.between(lo, hi)
            for bits in itertools.product((False, True), repeat=5):
                fixed = [v if b else -v for v, b in zip(lits, bits)]
                assert bool(session.find(fixed + bound).sat) == (lo <= sum(bits) <= hi), (lo, hi, bits)
    assert session.find([]).sat  # no bound assumed: the tally itself constrains nothing
    session.close()


def test_backbone_matches_brute_force_and_last_core_is_minimal():
    rng = random.Random("backbone")
    n = 6
    kinds = collections.Counter()
    for _ in range(150):
        session = sat.SatSession.blank()
        assert [session.pool.id(("v", i)) for i in range(1, n + 1)] == list(range(1, n + 1))
        groups = [[[rng.choice((-1, 1)) * rng.randint(1, n) for _ in range(rng.randint(1, 3))]
                   for _ in range(rng.randint(1, 4))] for _ in range(rng.randint(1, 6))]
        guards = [session.guard(group) for group in groups]
        variables = rng.sample(range(1, n + 1), rng.randint(1, n))
        shown: list[tuple[frozenset, int]] = []
        forced = session.backbone(variables, guards, seen=lambda found, k: shown.append((found.true_vars, k)))
        models = _brute_models([c for g in groups for c in g], n)
        if not models:
            kinds["unsat"] += 1
            assert forced is None
            core = session.last_core()
            assert core and set(core) <= set(guards)
            assert session.find(core).sat is False
            for i in range(len(core)):  # minimal: every guard in it is needed
                assert session.find(core[:i] + core[i + 1:]).sat
        else:
            kinds["sat"] += 1
            always_true, always_false = forced
            assert set(always_true) == {v for v in variables if all(v in m for m in models)}
            assert set(always_false) == {v for v in variables if not any(v in m for m in models)}
            assert len(shown) <= 1 + len(variables) and shown
            assert all(k == sum(v in true for v in variables) for true, k in shown)
        session.close()
    assert min(kinds.values()) >= 20, kinds


def test_a_blank_session_is_the_callers_formula_only():
    session = sat.SatSession.blank()
    a, b = session.pool.id("a"), session.pool.id("b")
    session.add_clauses([[a, b], [-a, -b]])
    found = session.find([a])
    assert found.sat and found.solution == frozenset({a})  # a blank model's solution: its true variables
    assert session.find([a, b]).sat is False and sorted(session.last_core()) == [a, b]
    assert session.calls == 4  # two finds, and one call for each literal the core keeps
    session.close()


# ---- count clues as native cardinality constraints (one-shot sessions on Minicard) -------------
def _one_shot_and_plain(name: str, text: str):
    """The same instance checked by a one-shot Minicard session (counts native) and by a
    stripping session (counts as CNF)."""
    ptype = registry.puzzle(name)
    inst = ptype.parse(text)
    answers = []
    for solver, one_shot in (("mc", True), (sat.DEFAULT_SOLVER, False)):
        session = sat.SatSession(ptype, inst.params, solver, one_shot)
        try:
            answers.append((session, session.check(inst.clues)))
        finally:
            session.close()
    return inst, answers


@pytest.mark.parametrize("name, every_session", [("tents", False), ("mosaic", True)])
def test_native_counts_are_used_where_they_can_be(name, every_session):
    """One-shot sessions on a counting solver take count clues natively; other sessions
    only for a puzzle whose counts propagate as its clauses (`speed.counts_natively`: Mosaic)."""
    ptype = registry.puzzle(name)
    assert ptype.speed.counts_natively is every_session
    inst = ptype.parse(ptype.example)
    native = sat.SatSession(ptype, inst.params, "mc", one_shot=True)
    plain = sat.SatSession(ptype, inst.params, "mc", one_shot=False)
    other = sat.SatSession(ptype, inst.params, "g3", one_shot=True)
    try:
        for session, expected in ((native, True), (plain, every_session), (other, False)):
            lits = session.assumptions(inst.clues)
            assert bool(session.book.counted) is expected
            assert not expected or all(session.is_guarded(l) for l in lits)
            assert session.check(inst.clues).status == "unique"
    finally:
        for session in (native, plain, other):
            session.close()


@pytest.mark.parametrize("name, text, conflict", [
    # a 9 in a corner counts 4 cells: that clue alone can never hold
    ("mosaic", "9...\n....\n....\n....", [(0, 0)]),
    # 0 next to 9 in the middle: their blocks share cells that must be both white and black
    ("mosaic", ".....\n.0...\n..9..\n.....\n.....", [(1, 1), (2, 2)]),
    # three tents in the first row: no more than two fit in a row of four (and there are two trees)
    ("tents", "T... 3\n.... ?\n.... ?\n...T ?\n? ? ? ?", [("row", 0)]),
])
def test_native_counts_name_the_same_conflicts_as_the_cnf(name, text, conflict):
    _, answers = _one_shot_and_plain(name, text)
    (_, native), (_, plain) = answers
    assert native.status == plain.status == "unsolvable"
    assert sorted(native.conflict) == sorted(plain.conflict) == conflict


def test_a_native_count_holds_exactly_when_the_count_is_met():
    ptype = registry.puzzle("mosaic")
    inst = ptype.parse(".4..\n6..2\n..3.\n.4..")
    session = sat.SatSession(ptype, inst.params, "mc", one_shot=True)
    try:
        lits = dict(zip(inst.clues, session.assumptions(inst.clues)))
        rng = random.Random(3)
        for _ in range(40):  # random shadings forced in, each clue's `holds` against a count by hand
            shade = [[rng.random() < 0.5 for _ in range(4)] for _ in range(4)]
            forced = [v if shade[r][c] else -v for r, row in enumerate(session.rules.data) for c, v in enumerate(row)]
            found = session.find(forced)
            assert found.sat
            for (r, c), lit in lits.items():
                black = sum(shade[rr][cc] for rr, cc in inst.params.block(r, c))
                assert session.holds(lit, found) is (black == inst.clues[(r, c)])
    finally:
        session.close()


def test_rules_exact_counts_mean_the_same_native_or_as_cnf():
    """Unruly's rules state the balance as `Rules.exactly` (one-shot and cached alike, so
    the grade reads them back as counts): Minicard takes it natively, a solver without
    native counts as the engine's counters; all count alike."""
    ptype = registry.puzzle("unruly")
    inst = ptype.parse(ptype.example)
    rng = random.Random(8)
    keys = list(inst.clues)
    for _ in range(20):
        sub = inst.without(rng.sample(keys, rng.randint(0, len(keys))))
        counts = []
        for solver, one_shot in (("mc", True), ("g3", True), (sat.DEFAULT_SOLVER, False)):
            session = sat.SatSession(ptype, sub.params, solver, one_shot)
            try:
                assert session.rules.exactly
                counts.append(session.count(sub.clues, 50).n)
            finally:
                session.close()
        assert counts[0] == counts[1] == counts[2], counts


@pytest.mark.parametrize("solver", sorted(sat.NATIVE_CARDINALITY & {"mc", "gc3", "gc4"}))
def test_native_at_most_counts_a_repeated_literal_once_per_occurrence(solver):
    """The engine pads a guarded count with copies of its guard and lets a count hold a
    literal twice (lab/engine/sat.py `_add_counts`): both need the solver to count every
    occurrence. Every assignment of random constraints with repeats, against the rule."""
    rng = random.Random(solver)
    for _ in range(150):
        n = rng.randint(1, 4)
        constraints = []
        for _ in range(rng.randint(1, 3)):
            lits = [rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.randint(1, 6))]
            constraints.append((lits, rng.randint(0, len(lits))))
        with Solver(name=solver) as s:
            for lits, bound in constraints:
                s.add_atmost(lits, bound)
            for bits in itertools.product((False, True), repeat=n):
                def value(lit: int) -> bool:
                    return bits[abs(lit) - 1] == (lit > 0)
                holds = all(sum(value(l) for l in lits) <= bound for lits, bound in constraints)
                assert s.solve(assumptions=[v if b else -v for v, b in enumerate(bits, 1)]) == holds


@pytest.mark.parametrize("name, key", [("tents", ["row", 0]), ("magnets", ["row", 0, "+"]), ("bridges", [0, 0]),
                                       ("tracks", ["row", 0])])
def test_a_clue_key_that_cannot_be_hashed_is_refused_in_one_line(name, key):
    """A key from someone's JSON may be a list: `puzzlelab.lab.engine.puzzle.known_key` makes the clue check
    refuse it as no key of the board (a PuzzleError: exit 2, one line), not a TypeError."""
    ptype = registry.puzzle(name)
    inst = ptype.parse(ptype.example)
    session = sat.SatSession(ptype, inst.params)
    try:
        with pytest.raises(PuzzleError, match="is not"):
            ptype.clue_clauses(inst.params, session.rules, key, 1)
    finally:
        session.close()


# ---- a budget bounds a whole question, every round of lazy cuts together -----------------
class _EveryGridIsCut:
    """Sudoku whose every candidate grid is "not real" until all are blocked: a question
    then takes one round of cuts per grid (288 on an empty 4x4), as a puzzle with lazy
    rules can take many. `pause`: seconds each round's cuts take."""

    def __init__(self, session: sat.SatSession, pause: float = 0.0):
        self._ptype, self._session, self._pause = session.ptype, session, pause
        self.rounds = 0

    def __getattr__(self, name):
        return getattr(self._ptype, name)

    def cuts(self, params, rules, solution, true_vars):
        self.rounds += 1
        time.sleep(self._pause)
        return [self._session.block_clause(solution)]


def _cut_session(pause: float = 0.0) -> tuple[sat.SatSession, _EveryGridIsCut]:
    # Minicard, as the one-shot commands' sessions: pysat's CaDiCaL cannot be interrupted.
    session = sat.SatSession(registry.puzzle("sudoku"), registry.generator("sudoku").params(size=4), "mc")
    session.ptype = cutting = _EveryGridIsCut(session, pause)
    session._has_cuts = True
    return session, cutting


def test_seconds_are_a_deadline_for_all_the_rounds_of_a_question():
    session, cutting = _cut_session(pause=0.02)
    try:
        found = session.find([], sat.Budget(seconds=0.1))
    finally:
        session.close()
    # Per solve, the budget never ran out: all 288 grids were cut and the answer was "no solution".
    assert found.sat is None and cutting.rounds < 100


def test_conflicts_are_counted_over_all_the_rounds_of_a_question():
    session, cutting = _cut_session()
    solver = session.solver
    seen = itertools.count(0, 400)  # each look at the statistics: 400 conflicts more
    solver.accum_stats = lambda: {"conflicts": next(seen)}
    budgets = []
    conf_budget = solver.conf_budget
    solver.conf_budget = lambda n: (budgets.append(n), conf_budget(n))
    try:
        found = session.find([], sat.Budget(conflicts=1000))
    finally:
        session.close()
    assert found.sat is None and cutting.rounds == 3 and budgets == [1000, 600, 200]


def test_an_unlimited_question_still_runs_every_round():
    session, cutting = _cut_session()
    try:
        assert session.find([], sat.UNLIMITED).sat is False and cutting.rounds == 288
    finally:
        session.close()


def test_a_seconds_budget_on_cadical_is_refused_in_one_line():
    """pysat's CaDiCaL has no interrupt: a seconds budget would crash deep in pysat."""
    session = sat.SatSession(registry.puzzle("sudoku"), registry.generator("sudoku").params(size=4))
    try:
        with pytest.raises(ValueError, match="cannot be interrupted"):
            session.find([], sat.Budget(seconds=1.0))
    finally:
        session.close()


def _block_by_hand(reserved: list[tuple[int, int]], top: int, count: int) -> int:
    """`variable_block` as first written, over the ranges a pool was told to skip."""
    first = top + 1
    while any(lo <= first + count - 1 and first <= hi for lo, hi in reserved):
        first = max(hi for lo, hi in reserved) + 1
    return first


def test_variables_reserve_blocks_and_skip_ranges_as_pysat_does():
    """`Variables` numbers blocks as `variable_block` did and hands out the ids pysat's own
    pool does after the same reservations; a plain pool gets a block of ids drawn in a row."""
    from puzzlelab.lab.engine.puzzle import variable_block
    from puzzlelab.lab.engine.variables import Variables, reserves_ahead

    rng = random.Random(4)
    for _ in range(300):
        top = rng.randint(0, 30)
        reserved = [(lo, lo + rng.randint(0, 6)) for lo in sorted(rng.sample(range(top + 1, top + 60), 2))]
        mine = Variables(start_from=top + 1, occupied=reserved)
        theirs = IDPool(start_from=top + 1, occupied=[list(r) for r in reserved])
        assert reserves_ahead(mine) and reserves_ahead(theirs)  # a plain pool: cautiously yes
        count = rng.randint(1, 20)
        first = variable_block(mine, count)
        assert first == _block_by_hand(reserved, top, count)
        theirs.occupy(first, first + count - 1)
        theirs.top = max(theirs.top, first + count - 1)
        assert mine.top == theirs.top and [mine.id() for _ in range(20)] == [theirs.id() for _ in range(20)]
        plain = IDPool(start_from=top + 1, occupied=[list(r) for r in reserved])
        start = variable_block(plain, count)
        taken = range(start, start + count)
        assert all(not lo <= v <= hi for v in taken for lo, hi in reserved) and plain.top == start + count - 1
    fresh = Variables()
    assert not reserves_ahead(fresh) and variable_block(fresh, 5) == 1 and not reserves_ahead(fresh)


def test_a_copied_pool_knows_the_variables_and_goes_its_own_way():
    from puzzlelab.lab.engine.variables import Variables

    pool = Variables(occupied=[(4, 6)])
    named = [pool.id(("x", i)) for i in range(5)]
    copy = pool.copy()
    assert [copy.id(("x", i)) for i in range(5)] == named == [1, 2, 3, 7, 8]
    assert copy.id() == pool.id() == 9 and copy.id() == 10 and pool.top == 9
    late = Variables(occupied=[(20, 22)])
    assert late.copy().reserves_ahead() and [late.copy().id() for _ in range(1)] == [1]


def test_a_solver_handle_is_made_on_first_use_and_closed_on_leaving():
    from puzzlelab.lab.engine.handle import SolverHandle
    from puzzlelab.lab.engine.variables import Variables

    deleted = []
    with SolverHandle("mc", Variables()) as handle:
        handle.add_when_loaded([[1, 2]])
        assert not handle.loaded and handle.pending == [[1, 2]]
        handle.add_clauses([[-1]])  # makes the solver: the pending clause goes in first
        assert handle.loaded and handle.pending == []
        assert handle.call([-2], sat.UNLIMITED) is False and handle.call([], sat.UNLIMITED) is True
        assert handle.calls == 2 and handle.epoch == 4
        real_delete = handle.solver.delete
        handle.solver.delete = lambda: (deleted.append(1), real_delete())
    assert deleted == [1]
    with sat.SatSession(registry.puzzle("sudoku"), registry.generator("sudoku").params(size=4)) as session:
        assert not session.loaded and session.find([]).sat and session.loaded and session.calls == 1


def test_rules_a_puzzle_lets_the_engine_keep_are_built_once():
    """Every puzzle whose rules may be kept (`caches_rules`: `speed.rules_cacheable`, or its
    own answer for a board, as nonograms with universal readers give) gets the same rules
    object in two sessions: graders open a fresh session for every record, and building the
    rules again each time was most of a nonogram's record."""
    from puzzlelab.lab.engine.puzzle import CluePuzzle
    from puzzlelab.solvers.nonogram import NonogramParams

    kept = []
    for ptype, _ in registry.all_puzzles():
        if not isinstance(ptype, CluePuzzle):
            continue
        params = ptype.parse(ptype.example).params
        if ptype.caches_rules(params):
            kept.append(ptype.name)
            assert sat._rules_for(ptype, params)[0] is sat._rules_for(ptype, params)[0], ptype.name
    assert {"sudoku", "towers", "nonogram"} <= set(kept)
    nonogram = registry.puzzle("nonogram")
    assert nonogram.caches_rules(NonogramParams(10, 10)) and not nonogram.caches_rules(NonogramParams(90, 90))
