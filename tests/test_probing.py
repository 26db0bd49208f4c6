"""Probing by rounds (`puzzlelab.lab.engine.probing`): the C engine and the Python one give the same answers,
and those answers are the rounds' own (`Formula.rounds`) from the facts plus the probe."""

from __future__ import annotations

import random

import numpy as np
import pytest

from puzzlelab.lab.engine import probing
from puzzlelab.lab.engine.rounds import Formula, _native


def _random_formula(rng: random.Random, n: int) -> Formula:
    lit = lambda: rng.choice((1, -1)) * rng.randint(1, n)  # noqa: E731
    clauses = [[lit() for _ in range(rng.randint(1, 4))] for _ in range(rng.randint(0, 2 * n))]
    counts = [([lit() for _ in range(rng.randint(2, 6))], rng.randint(0, 3)) for _ in range(rng.randint(0, 3))]
    return Formula(clauses, counts, n)


def _engines(formula: Formula, primary: list[int]) -> list[probing.Prober]:
    """The C prober and the Python one on the same formula."""
    assert _native is not None, "lab/engine/_rounds.c was not built: pip install needs a C compiler"
    c_prober = probing.rounds_prober(formula, primary)
    marks = np.zeros(max(formula.variables, formula.largest(), max(primary, default=0)) + 1, dtype=np.uint8)
    marks[primary] = 1
    cl, co = formula.clauses, formula.counts
    python = probing.RoundsProber(cl.lits.tolist(), cl.length.tolist(), cl.size.tolist(), co.lits.tolist(),
                                  co.length.tolist(), co.size.tolist(), marks.tolist())
    return [c_prober, python]


@pytest.mark.parametrize("seed", [5, 6])
def test_both_engines_answer_alike_and_as_the_rounds_do(seed):
    rng = random.Random(seed)
    seen = {"holds": 0, "conflict": 0, "finding": 0, "broken": 0}
    for _ in range(400):
        n = rng.randint(3, 14)
        formula = _random_formula(rng, n)
        primary = sorted(rng.sample(range(1, n + 1), rng.randint(1, n)))
        engines = _engines(formula, primary)
        root = formula.rounds([])
        assert [sorted(e.facts(), key=abs) for e in engines] == [sorted(root[1], key=abs) if root else []] * 2 \
            or root is None
        facts = [rng.choice((1, -1)) * v for v in rng.sample(range(1, n + 1), rng.randint(0, 2))]
        before = [set(e.facts()) for e in engines]
        fixed = [e.fix(facts) for e in engines]
        assert (fixed[0] is None) == (fixed[1] is None)
        if fixed[0] is not None:  # what each set: the same, and exactly what its facts gained
            assert [set(f) for f in fixed] == [set(e.facts()) - b for e, b in zip(engines, before)]
            assert set(fixed[0]) == set(fixed[1]) and set(facts) <= set(engines[0].facts())
        if root is None or fixed[0] is None:
            seen["broken"] += 1
            assert all(e.propagate([1]) == (False, []) for e in engines)
            continue
        base = formula.rounds(facts)
        assert base is not None and {frozenset(e.facts()) for e in engines} == {frozenset(base[1])}
        for _ in range(5):
            lits = [rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.randint(1, 2))]
            answers = [e.propagate(lits) for e in engines]
            assert answers[0][0] == answers[1][0] and set(answers[0][1]) == set(answers[1][1]), (lits, answers)
            whole = formula.rounds(facts + lits)
            assert answers[0][0] == (whole is not None)
            if whole is not None:  # what it set: the fixpoint beyond the facts
                seen["holds"] += 1
                assert set(answers[0][1]) == whole[1] - base[1]
            else:
                seen["conflict"] += 1
        open_vars = [v for v in range(1, n + 1) if v not in {abs(l) for l in base[1]}]
        assert [e.unset(list(range(1, n + 1))) for e in engines] == [open_vars] * 2
        limit = rng.choice((-1, -1, rng.randint(0, 2 * n)))
        passes = [e.shallow_pass(open_vars, limit) for e in engines]
        assert passes[0] == passes[1], (passes, limit)
        seen["finding"] += bool(passes[0][0])
        probes = [rng.choice((1, -1)) * v for v in open_vars]
        assert engines[0].recheck(probes, limit) == engines[1].recheck(probes, limit)
        _check_cut_off_rechecks(engines, probes, rng.choice((1.0, 1.5, 2.0)))
        under = [rng.choice((1, -1)) * rng.randint(1, n)]
        deep = [e.fails1(under, open_vars, limit) for e in engines]
        assert deep[0][0] == deep[1][0] and deep[0][2:] == deep[1][2:], (deep, under, limit)
        assert (deep[0][1] is None) == (deep[1][1] is None) and set(deep[0][1] or ()) == set(deep[1][1] or ())
        seen["deep finding"] = seen.get("deep finding", 0) + (not deep[0][0] and deep[0][2] > len(open_vars) + 1)
        assert [e.facts() for e in engines][0] is not None  # a pass leaves the facts as they were
        assert {frozenset(e.facts()) for e in engines} == {frozenset(base[1])}
    assert min(seen.values()) >= 20, seen


def _check_cut_off_rechecks(engines: list[probing.Prober], probes: list[int], spread: float) -> int:
    """Probes known to fail (the grade's waiting findings: the facts only grow) rechecked
    with a spread: the same findings in the same order, each cost exact, or -1 when it is
    above the spread times the cheapest (the grade's steps never take it); both engines
    alike. -> how many were cut off."""
    failing = [-lit for _, lit in engines[0].recheck(probes, -1)[0]]
    cut = [e.recheck(failing, -1, spread) for e in engines]
    full = engines[0].recheck(failing, -1)
    assert cut[0] == cut[1] and [lit for _, lit in cut[0][0]] == [lit for _, lit in full[0]]
    assert cut[0][1:] == full[1:]
    exact = [cost for cost, _ in full[0]]
    for (cost, _), want in zip(cut[0][0], exact):
        assert cost == want or (cost == -1 and want > spread * min(exact)), (cut, full)
    return sum(cost == -1 for cost, _ in cut[0][0])


def test_rechecks_cut_off_only_what_no_step_takes():
    """Bigger random formulas, where waiting findings' costs spread out: cut-offs happen,
    and each is right (`_check_cut_off_rechecks`)."""
    rng = random.Random(3)
    cut_off = 0
    for _ in range(600):
        n = rng.randint(12, 30)
        formula = _random_formula(rng, n)
        if formula.rounds([]) is None:
            continue
        engines = _engines(formula, sorted(rng.sample(range(1, n + 1), rng.randint(n // 2, n))))
        probes = [sign * v for v in range(1, n + 1) for sign in (1, -1)]
        cut_off += _check_cut_off_rechecks(engines, probes, rng.choice((1.0, 1.5, 2.0)))
    assert cut_off >= 20


def test_a_finding_costs_the_primary_literals_set_before_the_conflict_times_its_rounds():
    """1 -> 2 -> 3 (aux 4 between), and 3 conflicts with -3 forced by 1 two rounds later: the
    probe 1 fails in round 3; before that round, 1, 2, 4, 5, 6 are set (4 is not primary)."""
    formula = Formula([[-1, 2], [-2, 4], [-4, 3], [-1, 5], [-5, 6], [-6, -3]], [], 6)
    for engine in _engines(formula, [1, 2, 3, 5, 6]):
        found, calls, stopped = engine.shallow_pass([1, 2], -1)
        assert not stopped and found[0][1] == -1
        begun = engine.rounds
        holds, implied = engine.propagate([1])
        assert not holds and set(implied) == {1, 2, 5, 4, 6} and engine.rounds - begun == 3
        assert found[0][0] == 4 * 3  # 1, 2, 5, 6: primary; the conflict shows in round 3
        assert engine.shallow_pass([1, 2], 0) == ([], 0, True)


def test_a_conflict_in_the_first_round_costs_its_size_alone():
    """The same facts found at once cost less than found along a chain: 1 forces 2 and -2
    in its first round (size 1, one round), while the chain above costs 4 x 3."""
    formula = Formula([[-1, 2], [-1, -2], [3, 4]], [], 4)
    for engine in _engines(formula, [1, 2, 3, 4]):
        found, _, _ = engine.shallow_pass([1], -1)
        assert found == [(1, -1)]
        found, _, _ = engine.recheck([1], -1, 1.5)
        assert found == [(1, -1)]


def test_bad_literals_are_refused():
    formula = Formula([[1, 2]], [], 2)
    for engine in _engines(formula, [1, 2]):
        with pytest.raises(ValueError):
            engine.propagate([7])
        assert engine.propagate([1]) == (True, [1])


def test_the_grade_is_the_same_without_the_compiled_engine(monkeypatch):
    """An install without a C compiler grades every puzzle field for field as one with it:
    probing and rounds fall back to Python and numpy with the same definitions (sudoku with
    probing, Signpost, Tracks with its lazy rules, a nonogram propagation settles)."""
    import puzzlelab.lab.engine.rounds as rounds_module
    from puzzlelab.lab.engine.generator import generate_one
    from puzzlelab.lab.engine.grade import grade
    from puzzlelab.lab.engine.sat import SessionCache
    from puzzlelab.lab.face import registry

    native = rounds_module._native
    assert native is not None
    cases = [("sudoku", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")]
    rng, sessions = random.Random(2), SessionCache()
    for name, size in (("signpost", 4), ("tracks", 6), ("nonogram", 8), ("mosaic", 5), ("bridges", 7)):
        ptype, gen = registry.puzzle(name), registry.generator(name)
        cases.append((name, generate_one(ptype, gen, gen.params(size=size), rng, sessions).instance))
    levels = set()
    for name, text in cases:
        ptype = registry.puzzle(name)
        inst = ptype.read(text) if isinstance(text, str) else text
        graded = []
        for engine in (native, None):
            monkeypatch.setattr(rounds_module, "_native", engine)
            found = grade(ptype, inst).to_json()
            found.pop("seconds")
            graded.append(found)
        assert graded[0] == graded[1], name
        levels.add(graded[0]["level"])
    assert 0 in levels and max(levels) >= 1, levels  # propagation alone, and probing


def test_the_grade_takes_the_same_steps_whatever_order_findings_come_in(monkeypatch):
    """A step takes the cheapest findings and the rest wait, as sets: the order a pass or a
    recheck reports them in (rechecks go cheapest first, for the cut-off) changes neither
    the grade nor any step's literals."""
    from puzzlelab.lab.engine import grade as grade_module
    from puzzlelab.lab.engine.generator import generate_one
    from puzzlelab.lab.engine.sat import SessionCache
    from puzzlelab.lab.face import registry

    rng, sessions = random.Random(4), SessionCache()
    take = grade_module._Prober._take
    # Dominosa's size is its --n (6, its default: the boards this test has always drawn)
    for name, options in (("sudoku", {"size": 9}), ("keen", {"size": 5}), ("signpost", {"size": 5}),
                          ("dominosa", {"n": 6})):
        ptype, gen = registry.puzzle(name), registry.generator(name)
        for _ in range(3):
            inst = generate_one(ptype, gen, gen.params(**options), rng, sessions).instance
            paths = []
            for shuffle in (False, True):
                def shuffled(self, found, shuffle=shuffle):
                    found = list(found)
                    if shuffle:
                        random.Random(len(found)).shuffle(found)
                    return take(self, found)
                monkeypatch.setattr(grade_module._Prober, "_take", shuffled)
                graded = grade_module.grade(ptype, inst)
                steps = [(sorted(r.found), sorted(r.fixed)) for r in grade_module.solving_path(ptype, inst).rounds]
                paths.append((graded.path, graded.score, graded.probes, steps))
            assert paths[0] == paths[1], name
