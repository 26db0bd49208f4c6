"""The fast stripping loop (groups, witnesses) must give exactly what seed 003's plain loop
gives: visit the clues in the same random order, drop each one while the rest stays unique."""

from __future__ import annotations

import random

import pytest

from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.sat import SatSession, SessionCache
from puzzlelab.lab.engine.strip import _units, strip_clues
from puzzlelab.lab.face import registry


def plain_loop(session: SatSession, solution, clues: dict, rng: random.Random, target=None,
               partner=None, fixed=()) -> dict:
    units = _units(list(clues), partner, set(fixed))
    rng.shuffle(units)
    kept = dict(clues)
    for unit in units:
        if target is not None and len(kept) <= target:
            break
        trial = {k: v for k, v in kept.items() if k not in unit}
        if session.other_than(session.assumptions(trial), solution).sat is False:
            kept = trial
    return kept


def drawn(puzzle: str, seed: int, **options):
    """A random unique puzzle with every candidate clue (walls repaired where needed)."""
    gen = registry.generator(puzzle)
    made = generate_one(registry.puzzle(puzzle), gen, gen.params(**options), random.Random(seed),
                        SessionCache(), GenerateOptions(minimal=False))
    return gen, made.instance.params, made.solution, made.instance.clues


CASES = [  # (puzzle, options, strip keywords)
    ("sudoku", {"size": 9}, {}),
    ("sudoku", {"size": 9}, {"alternatives": True}),
    ("sudoku", {"size": 6}, {"symmetric": True}),
    ("sudoku", {"size": 9}, {"target": 40, "alternatives": True}),
    ("sudoku", {"size": 8}, {"fixed": 5}),
    ("sudoku", {"size": 9}, {"fixed": 12, "alternatives": True}),
    ("sudoku", {"size": 9}, {"missing": 6, "alternatives": True}),
    ("lightup", {"width": 7, "height": 7}, {}),
    ("pearl", {"size": 8, "height": 6}, {}),  # 8 wide (pearl has no --width), the board this case always drew
]


@pytest.mark.parametrize("puzzle, options, how", CASES)
def test_fast_strip_equals_the_plain_loop(puzzle, options, how):
    for seed in range(4):
        gen, params, solution, clues = drawn(puzzle, seed, **options)
        ptype = registry.puzzle(puzzle)
        if "missing" in how:  # not every cell a clue: rivals may also differ where there is none
            session = SatSession(ptype, params)
            for key in random.Random(seed).sample(sorted(clues), how["missing"]):
                fewer = {k: v for k, v in clues.items() if k != key}
                if not session.other_than(session.assumptions(fewer), solution).sat:
                    clues = fewer
        fixed = sorted(clues)[:how["fixed"]] if "fixed" in how else ()
        partner = (lambda k: gen.partner(params, k)) if how.get("symmetric") else None
        alternatives = gen.alternatives(params, solution) if how.get("alternatives") else ()
        fast = strip_clues(SatSession(ptype, params), solution, clues, random.Random(seed), target=how.get("target"),
                           partner=partner, fixed=fixed, alternatives=alternatives)
        plain = plain_loop(SatSession(ptype, params), solution, clues, random.Random(seed), how.get("target"),
                           partner, fixed)
        assert fast.clues == plain and len(plain) < len(clues)
        assert all(k in fast.clues for k in fixed)
        # minimal: every clue is needed, the fixed ones too (each checked here without it)
        check = SatSession(ptype, params)
        fixed_needed = all(check.other_than(check.assumptions({k: v for k, v in plain.items() if k != key}),
                                            solution).sat for key in fixed)
        assert fast.minimal == (("target" not in how or len(plain) > how["target"]) and fixed_needed)


def test_clue_sets_in_bulk_give_the_same_witnesses_as_key_sets():
    """Sudoku hands its swap cycles over as one array (`ClueSets`); the loop must read them
    as it reads the same sets given key by key, with missing and fixed clues."""
    import numpy as np

    from puzzlelab.lab.engine.strip import ClueSets, _sorted_units

    keys = [(r, c) for r in range(3) for c in range(3)]
    rows = np.array([[0, 1, 3, 4], [5, 7, 8, 8], [2, 2, 6, 6], [0, 8, 8, 0], [5, 5, 5, 5]])
    bulk = ClueSets(keys, rows)
    assert list(bulk) == [{keys[i] for i in row} for row in rows.tolist()]
    # Visiting order 0, 8, 2, 6, 1, 3, 7; cell 4 is a fixed clue (-1); cell 5 is no clue.
    unit_of = {keys[k]: j for j, k in enumerate([0, 8, 2, 6, 1, 3, 7])} | {keys[4]: -1}
    assert _sorted_units(list(bulk), unit_of) == [[1, 6], [2, 3], [0, 1]]
    assert _sorted_units(bulk, unit_of) == [[1, 1, 6], [2, 2, 3, 3], [0, 0, 1, 1]]  # repeats: harmless


def test_a_generator_that_needs_more_repairs_gets_them_whatever_the_run_asks():
    """Star Battle declares `least_attempts`: a run allowing 2 attempts still repairs one draw
    up to 1,000 times, and gives the record the default run gives (same draws, same repairs)."""
    ptype, gen = registry.puzzle("starbattle"), registry.generator("starbattle")
    params = gen.checked_params(size=8, stars=1)
    assert gen.least_attempts == 1000
    made = [generate_one(ptype, gen, params, random.Random(5), SessionCache(), GenerateOptions(max_attempts=tries))
            for tries in (2, 100)]
    assert made[0].instance == made[1].instance and made[0].repairs == made[1].repairs > 2
