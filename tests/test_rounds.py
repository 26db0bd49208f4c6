"""Rounds of unit propagation (`puzzlelab.lab.engine.rounds`): counted on small formulas by hand, the same
whatever the order, and the same fixpoint as the solver on real puzzles."""

from __future__ import annotations

import itertools
import random

from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.rounds import Formula
from puzzlelab.lab.engine.sat import SatSession, SessionCache, propagator
from puzzlelab.lab.face import registry


def test_a_chain_takes_one_round_a_link():
    chain = Formula([[-1, 2], [-2, 3], [-3, 4]], [], 4)
    assert chain.rounds([1]) == (3, {1, 2, 3, 4})
    assert chain.rounds([4]) == (0, {4})  # nothing forced backwards from a true end
    assert chain.rounds([-4]) == (3, {-1, -2, -3, -4})


def test_forced_literals_of_one_round_go_in_together():
    fan = Formula([[-1, 2], [-1, 3], [-2, -3, 4]], [], 4)
    assert fan.rounds([1]) == (2, {1, 2, 3, 4})


def test_at_most_counts_and_their_repeats():
    one = Formula([], [([1, 2, 3], 1)], 3)
    assert one.rounds([2]) == (1, {-1, 2, -3})
    assert one.rounds([1, 2]) is None
    padded = Formula([], [([1, 2, 3, 3], 2)], 3)  # a repeated literal counts twice, as natively
    assert padded.rounds([3]) == (1, {-1, -2, 3})
    assert padded.rounds([1]) == (0, {1})


def test_conflicts_are_none():
    assert Formula([[-1, 2], [-1, -2]], [], 2).rounds([1]) is None
    assert Formula([[1]], [], 1).rounds([-1]) is None
    assert Formula([[]], [], 1).rounds([]) is None
    assert Formula([], [], 2).rounds([1, -1]) is None


def test_the_count_does_not_depend_on_order():
    rng = random.Random(5)
    clauses = [[-v, v + 1] for v in range(1, 30)] + [[-5, -7, 40], [-40, 41, 42], [-41, -20]]
    at_most = [([42, 43, 44], 1), ([10, 45, 46], 1)]
    want = Formula(clauses, at_most, 50).rounds([1])
    assert want is not None and want[0] == 29
    for _ in range(20):
        shuffled = [rng.sample(c, len(c)) for c in rng.sample(clauses, len(clauses))]
        assert Formula(shuffled, rng.sample(at_most, len(at_most)), 50).rounds([1]) == want


def plain_rounds(clauses, at_most, assumptions):
    """Rounds of unit propagation the plain way: every constraint read whole every round."""
    value = {}
    for lit in assumptions:
        if value.get(abs(lit), lit > 0) != (lit > 0):
            return None
        value[abs(lit)] = lit > 0
    rounds = 0
    while True:
        forced = set()
        for clause in clauses:
            holds = [value.get(abs(l)) == (l > 0) for l in clause if abs(l) in value]
            if any(holds):
                continue
            open_lits = [l for l in clause if abs(l) not in value]
            if not open_lits:
                return None
            if len(open_lits) == 1:  # one slot open, every other false
                forced.update(open_lits)
        for lits, most in at_most:
            true = sum(1 for l in lits if value.get(abs(l)) == (l > 0))
            if true > most:
                return None
            if true == most:
                forced.update(-l for l in lits if abs(l) not in value)
        if not forced:
            return rounds, {v if b else -v for v, b in value.items()}
        if any(-l in forced for l in forced):
            return None
        for l in forced:
            value[abs(l)] = l > 0
        rounds += 1


def test_rounds_match_the_plain_way_on_random_formulas():
    """Counters updated through occurrence lists give what reading every constraint whole
    every round gives: rounds, fixpoint and conflicts, repeats and padding included."""
    rng = random.Random(8)
    outcomes = {"conflict": 0, "fixpoint": 0}
    for _ in range(300):
        n = rng.randint(3, 12)
        lit = lambda: rng.choice([1, -1]) * rng.randint(1, n)  # noqa: E731
        clauses = [[lit() for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(0, 14))]
        at_most = [([lit() for _ in range(rng.randint(2, 4))], rng.randint(0, 2)) for _ in range(rng.randint(0, 3))]
        assumptions = [lit() for _ in range(rng.randint(0, 3))]
        want = plain_rounds(clauses, at_most, assumptions)
        assert Formula(clauses, at_most, n).rounds(assumptions) == want, (clauses, at_most, assumptions)
        outcomes["conflict" if want is None else "fixpoint"] += 1
    assert min(outcomes.values()) >= 50, outcomes


def test_the_fixpoint_is_the_solvers_on_real_puzzles():
    """A session's constraints read back (`SatSession.formula`) propagate from the clues to
    exactly what the solver's own propagation sets: rules, native counts, guarded clues."""
    cases = {
        "sudoku": "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        "keen": "5:__a__a_3a__aabca__a_4a_3,a6s1m3s2d2a9s1m20d2a4d2m20",
        "unruly": None,
    }
    for name, text in cases.items():
        ptype = registry.puzzle(name)
        if text is None:
            gen = registry.generator(name)
            inst = generate_one(ptype, gen, gen.params(size=8), random.Random(1), SessionCache()).instance
        else:
            inst = ptype.read(text)
        session = SatSession(ptype, inst.params, "mc")
        try:
            lits = session.assumptions(inst.clues)
            formula = session.formula()
            assert formula is not None
            found = formula.rounds(lits)
            assert found is not None and found[0] > 0, name
            ok, implied = propagator(session.solver)(lits)
            assert ok
            primary = set(session.rules.primary)
            assert {l for l in found[1] if abs(l) in primary} == {l for l in implied if abs(l) in primary} | {
                l for l in lits if abs(l) in primary}, name
        finally:
            session.close()


# ---- what facts leave open (`Formula.simplified`) ------------------------------------------

def _models(clauses, at_most, variables):
    """Every assignment (as a tuple of literals) that satisfies the constraints, by brute force."""
    out = set()
    for bits in itertools.product((False, True), repeat=variables):
        true = {v + 1 for v, b in enumerate(bits) if b}

        def holds(lit):
            return (lit in true) if lit > 0 else (-lit not in true)

        if all(any(holds(l) for l in c) for c in clauses) and all(sum(holds(l) for l in lits) <= k
                                                                     for lits, k in at_most):
            out.add(tuple(v + 1 if b else -(v + 1) for v, b in enumerate(bits)))
    return out


def test_simplified_has_the_same_solutions_over_the_open_variables():
    """On random formulas (clauses, counts with repeated literals), under the facts unit
    propagation gives from random assumptions: the models of what is left, renamed back, are
    exactly the models of the whole formula that agree with the facts."""
    rng = random.Random(11)
    checked = 0
    for _ in range(500):
        n = rng.randint(3, 9)
        clauses = [[rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.randint(1, 4))]
                   for _ in range(rng.randint(0, 12))]
        at_most = [([rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.randint(1, 5))], rng.randint(0, 3))
                   for _ in range(rng.randint(0, 3))]
        formula = Formula(clauses, at_most, n)
        found = formula.rounds([rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.randint(0, 3))])
        if found is None:
            continue
        facts = found[1]
        left = formula.simplified(facts)
        names = left.names.tolist()
        assert not {abs(l) for l in facts} & set(names)  # nothing settled is left to decide
        assert all(0 < abs(l) <= len(names) for c in left.clauses for l in c)
        want = {m for m in _models(clauses, at_most, n) if facts <= set(m)}
        mine = _models(left.clauses, left.counts, len(names))
        free = [v for v in range(1, n + 1) if v not in names and v not in {abs(l) for l in facts}]
        got = set()
        for m in mine:
            base = {(names[abs(l) - 1] if l > 0 else -names[abs(l) - 1]) for l in m} | facts
            for bits in itertools.product((False, True), repeat=len(free)):  # in no constraint left
                got.add(tuple(sorted(base | {v if b else -v for v, b in zip(free, bits)}, key=abs)))
        assert got == want, (clauses, at_most, facts)
        checked += 1
    assert checked > 150


def test_simplified_reports_facts_that_break_the_formula():
    assert Formula([[1, 2]], [], 2).simplified({-1, -2}).clauses == [[]]
    assert Formula([], [([1, 2, 3], 1)], 3).simplified({1, 2}).clauses == [[]]
    assert Formula([], [], 2).simplified([1, -1]).clauses == [[]]
    left = Formula([[1, 2, 3]], [([1, 2, 3, 3], 2)], 3).simplified({3})  # a repeat counts twice
    assert left.clauses == [[-1], [-2]] and left.counts == []


def test_a_rules_wide_count_waits_for_the_narrow_constraints():
    """`tiered_rounds`: a rule's count of two or more settles several cells only when
    nothing narrower forces anything (one wide round here), one open cell left is narrow;
    clue counts (added by `extended`) are never wide; the fixpoint is `rounds`'s."""
    f = Formula([[-5, 1], [-5, 2]], [([1, 2, 3, 4], 2)], 5)
    assert f.tiered_rounds([5]) == (2, 1, {5, 1, 2, -3, -4})
    assert f.tiered_rounds([5, -4]) == (2, 0, {5, 1, 2, -3, -4})  # the count's last open cell: narrow
    clue = Formula([[-5, 1], [-5, 2]], [], 5).extended([], [([1, 2, 3, 4], 2)], 5)
    assert clue.tiered_rounds([5]) == (2, 0, {5, 1, 2, -3, -4})
    rng = random.Random(9)
    for _ in range(300):
        n = rng.randint(3, 9)
        clauses = [[rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.randint(1, 3))] for _ in range(n)]
        at_most = [(rng.sample(range(1, n + 1), k := rng.randint(2, n)), rng.randint(1, k - 1)) for _ in range(2)]
        formula = Formula(clauses, at_most, n)
        start = [rng.choice((1, -1)) * v for v in rng.sample(range(1, n + 1), rng.randint(0, 2))]
        plain, tiered = formula.rounds(start), formula.tiered_rounds(start)
        assert (plain is None) == (tiered is None)
        if plain is not None and tiered is not None:
            assert tiered[2] == plain[1] and tiered[0] >= plain[0] and tiered[1] <= tiered[0]


def _check_log(log: list, counted: tuple[int, int, set[int]], start: list[int],
               primary: set[int] | None = None) -> None:
    """A path kept round by round (`log`) adds up to the count: one entry a round, the wide
    or partial ones the wide rounds; each sets only what the fixpoint holds, and together
    with the start they set every literal of it (every primary one, where helpers count
    no round)."""
    rounds, wide, fixed = counted
    assert len(log) == rounds and sum(r.kind in ("wide", "partial") for r in log) == wide
    seen = set(start).union(*(r.literals for r in log))
    assert seen <= fixed | set(start)
    assert {lit for lit in fixed if primary is None or abs(lit) in primary} <= seen


# ---- the C rounds (lab/engine/_rounds.c) ------------------------------------------------------------

def _random_formula(rng: random.Random, n: int, clauses: int, counts: int) -> tuple[list, list, list]:
    """Clauses, counts (repeats and padding allowed) and assumptions over n variables."""
    lit = lambda: rng.choice((1, -1)) * rng.randint(1, n)  # noqa: E731
    cs = [[lit() for _ in range(rng.randint(2, 4))] for _ in range(clauses)]
    ks = [([lit() for _ in range(rng.randint(2, 6))], rng.randint(1, 3)) for _ in range(counts)]
    if counts and rng.random() < 0.5:  # a wide count over distinct variables
        ks[0] = ([v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), min(n, 5))], 2)
    return cs, ks, [lit() for _ in range(rng.randint(1, 4))]


def test_the_c_rounds_are_the_numpy_rounds(monkeypatch):
    """The C engine answers exactly as the numpy code: rounds, wide rounds, fixpoint and
    conflicts, on random formulas small (whole sweeps) and large (numpy's incremental
    path), with rule counts and clue counts. It must be built: the install compiles it."""
    import puzzlelab.lab.engine.rounds as rounds_module

    native = rounds_module._native
    assert native is not None, "lab/engine/_rounds.c was not built: pip install needs a C compiler"
    rng = random.Random(21)
    outcomes = {"conflict": 0, "fixpoint": 0, "wide": 0}
    for case in range(800):
        big = case % 40 == 0
        n = rng.randint(3, 12) if not big else rng.randint(2_000, 6_000)
        cs, ks, start = _random_formula(rng, n, rng.randint(0, 10) if not big else 2 * n, rng.randint(0, 4))
        if big:
            start = [rng.choice((1, -1)) * rng.randint(1, n) for _ in range(n // 20)]
        rule_counts = rng.randint(0, len(ks))
        if rule_counts and case % 2:  # fill a rule count: a wide round when nothing else forces
            lits, most = ks[0]
            start = start[:1] + lits[:most]
        extra = [[rng.choice((1, -1)) * rng.randint(1, n)] for _ in range(rng.randint(0, 2))]
        formula = Formula(cs, ks[:rule_counts], n).extended(extra, ks[rule_counts:], n)
        answers = []
        for engine in (native, None):
            monkeypatch.setattr(rounds_module, "_native", engine)
            answers.append((formula.rounds(start), formula.tiered_rounds(start)))
        assert answers[0] == answers[1], (cs, ks, rule_counts, extra, start)
        plain, tiered = answers[0]
        log: list = []
        assert formula.tiered_rounds(start, log) == tiered  # (kept round by round: numpy)
        if tiered is not None:
            _check_log(log, tiered, start)
        outcomes["conflict" if plain is None else "fixpoint"] += 1
        outcomes["wide"] += bool(tiered and tiered[1])
    assert min(outcomes.values()) >= 20, outcomes


def test_the_c_simplified_is_the_numpy_simplified(monkeypatch):
    """`Formula.simplified` in C gives what the numpy code gives, in the same order: the
    clauses left (an emptied one as []), the counts left, units where a count's bound is
    spent, the names; and both say "impossible" alike (a count already broken, facts given
    both ways), on random formulas under random facts (repeats in counts included)."""
    import puzzlelab.lab.engine.rounds as rounds_module

    native = rounds_module._native
    assert native is not None, "lab/engine/_rounds.c was not built: pip install needs a C compiler"
    rng = random.Random(23)
    seen = {"impossible": 0, "empty clause": 0, "units": 0, "counts": 0}
    for case in range(600):
        n = rng.randint(3, 12) if case % 30 else rng.randint(500, 2_000)
        cs, ks, _ = _random_formula(rng, n, rng.randint(0, 12) if case % 30 else n, rng.randint(0, 4))
        ks += [([v, v, rng.randint(1, n)], 2)] if (v := rng.randint(1, n)) and case % 3 == 0 else []
        formula = Formula(cs, ks, n)
        facts = {rng.choice((1, -1)) * v for v in rng.sample(range(1, n + 1), rng.randint(0, n // 2 + 1))}
        if case % 50 == 1:
            facts |= {n, -n}
        answers = []
        for engine in (native, None):
            monkeypatch.setattr(rounds_module, "_native", engine)
            left = formula.simplified(facts)
            answers.append((left.clauses, left.counts, left.names.tolist()))
        assert answers[0] == answers[1], (cs, ks, facts)
        clauses, counts, _ = answers[0]
        seen["impossible"] += clauses == [[]] and not counts and not answers[0][2]
        seen["empty clause"] += [] in clauses
        seen["units"] += any(len(c) == 1 for c in clauses)
        seen["counts"] += bool(counts)
    assert min(seen.values()) >= 10, seen


# ---- rounds per constraint (`Formula.constraint_rounds`) -------------------------------------

def test_a_constraint_is_its_clauses_joined_by_helpers_and_a_partial_one_waits():
    """Primary variables 1..5 here; the others are helpers, and a helper two clauses share
    makes them one constraint."""
    # 5 joins "1 and 2 give 5" and "5 gives 3": the constraint's inner depth is no round.
    f = Formula([[-1, -2, 5], [-5, 3], [-6, 1, 4]], [], 6)
    assert f.constraint_rounds([1, 2], range(1, 5)) == (1, 0, {1, 2, 5, 3})
    assert f.tiered_rounds([1, 2]) == (2, 0, {1, 2, 5, 3})
    # What forces only a helper (7, from -1) is nothing a person sees: no round.
    g = Formula([[1, 2, 7], [-7, 3]], [([1, 2, 3], 1)], 7)
    assert g.constraint_rounds([-1, -2], range(1, 4)) == (1, 0, {-1, -2, 7, 3})
    assert g.constraint_rounds([-1], range(1, 4)) == (0, 0, {-1})
    # One constraint through 7 and 8 over 1..5: from -1, -2 it forces 3 but leaves 4 and 5
    # open (a partial deduction), a wide round; from -1, -2, -4 it forces all it holds open.
    h = Formula([[1, 7], [-7, 2, 3], [-7, 4, 8], [-8, 5]], [], 8)
    assert h.constraint_rounds([-1, -2], range(1, 6)) == (1, 1, {-1, -2, 7, 3})
    assert h.constraint_rounds([-1, -2, -4], range(1, 6)) == (1, 0, {-1, -2, -4, 7, 3, 8, 5})


def test_rounds_per_constraint_reach_the_plain_fixpoint_and_both_engines_agree(monkeypatch):
    """On random formulas with helper variables: the C engine and the Python one give the
    same rounds, wide rounds, fixpoint and conflicts; the fixpoint is `rounds`'s; without
    helpers it is `tiered_rounds`. It must be built: the install compiles it."""
    import puzzlelab.lab.engine.rounds as rounds_module

    native = rounds_module._native
    assert native is not None, "lab/engine/_rounds.c was not built: pip install needs a C compiler"
    rng = random.Random(31)
    outcomes = {"conflict": 0, "fixpoint": 0, "wide": 0, "joined": 0, "alone": 0}
    for _ in range(1200):
        n = rng.randint(4, 14)
        cs, ks, start = _random_formula(rng, n, rng.randint(1, 12), rng.randint(0, 3))
        primary = sorted(rng.sample(range(1, n + 1), rng.randint(1, n)))
        rule_counts = rng.randint(0, len(ks))
        formula = Formula(cs, ks[:rule_counts], n).extended([], ks[rule_counts:], n)
        answers = []
        for engine in (native, None):
            monkeypatch.setattr(rounds_module, "_native", engine)
            answers.append(formula.constraint_rounds(start, primary))
        assert answers[0] == answers[1], (cs, ks, rule_counts, start, primary)
        log = []
        assert formula.constraint_rounds(start, primary, log) == answers[0]  # (kept round by round: Python)
        if answers[0] is not None:
            _check_log(log, answers[0], start, set(primary))
        plain = formula.rounds(start)
        assert (plain is None) == (answers[0] is None)
        if plain is not None and answers[0] is not None:
            assert answers[0][2] == plain[1] and answers[0][1] <= answers[0][0]
            outcomes["wide"] += bool(answers[0][1])
        outcomes["conflict" if plain is None else "fixpoint"] += 1
        helpers = [v for v in range(1, n + 1) if v not in primary]
        outcomes["joined" if helpers else "alone"] += 1
        if not helpers:  # every variable primary: nothing joins, the tiered rounds answer
            assert answers[0] == formula.tiered_rounds(start)
    assert min(outcomes.values()) >= 20, outcomes
