"""The `dead_end` hook (lazy rules seen on a partial assignment, for the grade's probing):
sound on every part of real solutions, it catches what it names, and it lets the grade
settle puzzles whose uniqueness rests on connectivity."""

from __future__ import annotations

import random

import pytest

from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.sat import SatSession, SessionCache
from puzzlelab.lab.face import registry

HOOKED = [name for name in registry.names() if registry.puzzle(name).implements("dead_end")]


def test_bridges_and_tracks_have_the_hook():
    assert {"bridges", "tracks"} <= set(HOOKED)


def nothing_joins(params, session) -> set[int]:
    """Every primary variable false (no edge, no bridge left to use), every other true
    (Tracks: every cell holds track): nothing can join them."""
    primary = set(session.rules.primary)
    return {-v if v in primary else v for v in range(1, session.solver.nof_vars() + 1)}


def two_corners(shaded_corners: bool):
    """The two far corners known one colour, every other cell the other: they cannot join
    (Heyawake's white cells, Nurikabe's shaded ones)."""
    def assignment(params, session) -> set[int]:
        shade = session.rules.data.shade
        corners = {(0, 0), (params.height - 1, params.width - 1)}
        return {shade[r][c] if ((r, c) in corners) == shaded_corners else -shade[r][c]
                for r in range(params.height) for c in range(params.width)}
    return assignment


def closed_square_and_a_cell_off_it(params, session) -> set[int]:
    """Yajilin: the four edges round a 2x2 block of free cells used (a closed loop) and a free
    cell off it unshaded."""
    data = session.rules.data
    for r, c in sorted(data.shade):
        block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        edges = [data.var.get(((r, c), "R")), data.var.get(((r, c), "D")), data.var.get(((r, c + 1), "D")),
                 data.var.get(((r + 1, c), "R"))]
        off = [cell for cell in sorted(data.shade) if cell not in block]
        if all(cell in data.shade for cell in block) and None not in edges and off:
            return set(edges) | {-data.shade[off[0]]}
    raise AssertionError("no 2x2 block of free cells")


def slant_diamond(params, session) -> set[int]:
    """Slant: the four diagonals round the point r2c2 drawn as a diamond (a closed loop)."""
    back = session.rules.data.back
    return {-back[0][0], back[0][1], back[1][0], -back[1][1]}


CUT_OFF = {"heyawake": two_corners(False), "nurikabe": two_corners(True), "yajilin": closed_square_and_a_cell_off_it,
           "slant": slant_diamond, "nurimisaki": two_corners(False)}
# generated at 7x7 unless named here (Double Choco: an even number of cells)
SIZES = {"dbchoco": 6}


@pytest.mark.parametrize("name", HOOKED)
def test_no_part_of_a_real_solution_is_a_dead_end(name):
    ptype, gen = registry.puzzle(name), registry.generator(name)
    rng, sessions = random.Random(11), SessionCache()
    for _ in range(4):  # eight took 12 s of the default run (2026-12-02)
        made = generate_one(ptype, gen, gen.params(size=SIZES.get(name, 7)), rng, sessions)
        session = SatSession(ptype, made.instance.params, "mc")
        try:
            lits = ptype.solution_literals(made.instance.params, session.rules, made.solution)
            for share in (1.0, 0.7, 0.4, 0.1):
                part = set(rng.sample(lits, int(len(lits) * share)))
                assert not ptype.dead_end(made.instance.params, session.rules, part.__contains__), (name, share)
            cut_off = CUT_OFF.get(name, nothing_joins)(made.instance.params, session)
            assert ptype.dead_end(made.instance.params, session.rules, cut_off.__contains__), name
        finally:
            session.close()


def test_a_bridges_puzzle_that_rests_on_connectivity_is_settled_by_probing():
    """Without the hook the ladder stops at level 3 (search) on this generated board: the
    CNF alone has other, disconnected solutions to weigh; a person (and the ladder with the
    hook) rules them out by connectivity while probing."""
    ptype = registry.puzzle("bridges")
    inst = ptype.parse("7x7m2:2a4a5a3za4g1a1a4a4", "tatham")
    assert grade(ptype, inst).level == 1
    assert grade(ptype, inst, max_depth=0).level == 1  # propagation alone does not settle it


def test_explain_names_a_reason_for_steps_found_by_connectivity():
    """Each step's reason, with the step's finding denied, has no solution once the lazy
    cuts are in (a fresh session's `find` adds them): the reason holds under the full rules."""
    from puzzlelab.lab.engine.explain import explain
    from puzzlelab.lab.engine.grade import solving_path

    ptype = registry.puzzle("bridges")
    inst = ptype.parse("7x7m2:2a4a5a3za4g1a1a4a4", "tatham")
    found = explain(ptype, inst)
    assert found.status == "solved"
    session = SatSession(ptype, inst.params, "mc")
    try:
        by_name = {ptype.describe_clue(k, v): session.literal(k, v) for k, v in inst.clues.items()}
        firsts = {n: r.found for n, r in enumerate(solving_path(ptype, inst).rounds, start=1)}
        for step in found.steps[1:]:
            assert step.clues or step.after, step.n
            given = [by_name[c] for c in step.clues] + [lit for k in step.after for lit in firsts[k]]
            assert not session.find([*given, -firsts[step.n][0]]).sat, step.n
    finally:
        session.close()


LAZY = [name for name in registry.names() if registry.puzzle(name).implements("lazy_units")]


@pytest.mark.parametrize("name", LAZY)
def test_what_the_lazy_rules_force_holds_in_the_solution(name):
    """`lazy_units` on parts of real solutions (and of unique puzzles' solutions) names only
    literals of that solution, and on the whole of it, none that it lacks."""
    ptype, gen = registry.puzzle(name), registry.generator(name)
    rng, sessions = random.Random(12), SessionCache()
    forced = 0
    for _ in range(8):
        made = generate_one(ptype, gen, gen.params(size=7), rng, sessions)
        session = SatSession(ptype, made.instance.params, "mc")
        try:
            primary = set(session.rules.primary)
            lits = ptype.solution_literals(made.instance.params, session.rules, made.solution)
            named = {abs(lit) for lit in lits}
            whole = set(lits) | {-v for v in primary - named}  # a primary variable not named is false
            clue_lits = set(session.assumptions(made.instance.clues))
            assert session.solver.solve(assumptions=sorted(whole))
            model = set(session.solver.get_model())  # with the helpers (Pearl's "on the loop")
            for share in (1.0, 0.8, 0.5, 0.2):
                part = set(rng.sample(sorted(whole), int(len(whole) * share))) | clue_lits
                units = ptype.lazy_units(made.instance.params, session.rules, part.__contains__)
                assert set(units) <= model, (name, share)
                forced += len(units)
        finally:
            session.close()
    assert forced > 0, name


def test_tracks_loop_rule_is_part_of_propagation(monkeypatch):
    """A Tatham Easy 6x6 Tracks (from `sgt-tracks --generate`) whose last four cells are
    settled only by not closing a loop: level 0 with the rule, probing without it."""
    ptype = registry.puzzle("tracks")
    inst = ptype.parse("6x6:oAbCbAmC,2,4,2,6,6,S6,4,5,4,S5,5,3", "tatham")
    assert grade(ptype, inst).level == 0
    monkeypatch.setattr(type(ptype), "hooks", type(ptype).hooks - {"lazy_units"})
    assert grade(ptype, inst).level == 1
