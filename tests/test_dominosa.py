"""Dominosa: seed example, verify rule by rule, brute force against both engines (with
unknown numbers), Tatham's own IDs read and written back, his parser on ours, generation."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from board_images import images
from declarations import data_text
from tally import new_tally, tally_brute_force
from tatham import tatham_reads

from puzzlelab.generators.dominosa import lay_numbers, random_layout, rival_stands, side_neighbour
from puzzlelab.lab.engine import solve
from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession, SessionCache
from puzzlelab.lab.face.registry import generator
from puzzlelab.solvers.dominosa import (
    OPPOSITE,
    PUZZLE,
    DominosaParams,
    _tiles,
    dominoes,
    doubled_cuts,
    layout_of,
    pair,
    pair_codes,
    partner,
    rival_couples,
    tilings,
    trivial_placements,
)

DATA = Path(__file__).parent / "data"

SEED_BOARD = data_text("dominosa_seed.txt")

SEED_SOLUTION = data_text("dominosa_seed_solution.txt")


def seed_solution() -> tuple[tuple[str, ...], ...]:
    rows = [line for line in SEED_SOLUTION.splitlines() if "'" in line]
    return tuple(tuple(line.replace("[", "").replace("]", "").split("'")[1::2]) for line in rows)


def tatham_ids() -> list[str]:
    lines = (DATA / "dominosa_tatham.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def only_solution(inst: Instance):
    session = SatSession(PUZZLE, inst.params)
    try:
        check = session.check(inst.clues)
    finally:
        session.close()
    return check


# ---- the seed ----------------------------------------------------------------------------

def test_seed_example_unique_with_stated_solution():
    inst = PUZZLE.parse(SEED_BOARD)
    assert inst.params == DominosaParams(9) and len(inst.clues) == 110
    check = only_solution(inst)
    assert check.status == "unique" and check.solutions[0] == seed_solution()
    assert PUZZLE.verify(inst, seed_solution()) == []
    cp = cpsat_count(PUZZLE, inst, limit=2)
    assert cp.complete and cp.n == 1 and cp.solutions[0] == seed_solution()


def test_seed_solution_written_as_the_seed_writes_it():
    inst = PUZZLE.parse(SEED_BOARD)
    array = PUZZLE.format_solution(inst, seed_solution(), "array")
    assert array.splitlines()[1] == "  ['R', 'L', 'R', 'L', 'D', 'R', 'L', 'R', 'L', 'R', 'L'],"
    text = PUZZLE.format_solution(inst, seed_solution()).splitlines()
    assert text[0] == "6-8 2-7 1 3-3 4-6 6-0" and text[1] == "        |"
    assert PUZZLE.format(inst, "tatham").startswith("9:68271334660")


# ---- verify, one case per rule -----------------------------------------------------------

def example_solution():
    inst = PUZZLE.parse(PUZZLE.example)
    return inst, only_solution(inst).solutions[0]


def test_verify_names_each_broken_rule():
    inst, good = example_solution()
    assert PUZZLE.verify(inst, good) == []
    grid = [list(row) for row in good]
    # not a direction
    bad = [row[:] for row in grid]
    bad[0][0] = "X"
    assert any("not a direction" in p for p in PUZZLE.verify(inst, tuple(map(tuple, bad))))
    # off the board
    bad = [row[:] for row in grid]
    bad[0][0] = "U"
    assert any("leaves the board" in p for p in PUZZLE.verify(inst, tuple(map(tuple, bad))))
    # partner does not point back
    bad = [row[:] for row in grid]
    r, c = next((r, c) for r in range(4) for c in range(4) if grid[r][c] == "R" and c + 1 < 5)
    bad[r][c] = "D" if r + 1 < 4 else "U"
    assert any("does not point back" in p for p in PUZZLE.verify(inst, tuple(map(tuple, bad))))
    # a pair twice (and so another missing): another tiling of the same board
    other = next(t for t in tilings(inst.params) if t != good)
    problems = PUZZLE.verify(inst, other)
    assert any("appears 2 times" in p for p in problems) and any("is missing" in p for p in problems)
    # unknown cells that cannot complete the set: two known 0-0 dominoes
    doubled = Instance("dominosa", inst.params, {**{k: v for k, v in inst.clues.items()}})
    (x, y), (u, v) = dominoes(good)[:2]
    for cell in (x, y, u):
        doubled.clues[cell] = 0
    del doubled.clues[v]
    problems = PUZZLE.verify(doubled, good)
    assert any("complete the set" in p or "appears" in p for p in problems)
    # the shape
    assert PUZZLE.verify(inst, good[:-1]) == ["solution is not 5x4"]


def test_verify_accepts_unknown_cells_that_can_be_numbered():
    inst, good = example_solution()
    fewer = inst.without([(0, 0), (2, 3), (3, 4)])
    assert PUZZLE.verify(fewer, good) == []


# ---- brute force = SAT = CP-SAT ----------------------------------------------------------

def random_board(rng: random.Random) -> Instance:
    """A tiny board: a real set of pairs on a random tiling, sometimes disturbed (then often
    no solution), sometimes with unknown cells (then often several)."""
    params = DominosaParams(rng.choice([1, 2, 3, 3, 3]))
    clues = lay_numbers(params, rng.choice(list(tilings(params))), rng)
    if rng.random() < 0.3:
        clues[rng.choice(params.cells())] = rng.randint(0, params.n)
    if rng.random() < 0.2:
        for cell in rng.sample(params.cells(), rng.randint(1, 4)):
            del clues[cell]
    return Instance("dominosa", params, clues)


def test_brute_force_matches_both_engines():
    rng = random.Random(4)
    candidates: dict = {}
    tally = new_tally()
    for _ in range(120):
        inst = random_board(rng)
        layouts = candidates.setdefault(inst.params, list(PUZZLE.candidates(inst.params)))
        tally_brute_force(PUZZLE, inst, layouts, tally)
    assert min(tally.values()) >= 10, tally


# ---- the rules with every number given (`given_rules`) ----------------------------------

def given_session(inst: Instance) -> SatSession:
    return SatSession.given(PUZZLE, inst, "mc")


def test_given_rules_on_the_seed_have_placements_only_and_no_lazy_rounds():
    inst = PUZZLE.parse(SEED_BOARD)
    session = given_session(inst)
    try:
        assert session.rules.data.first_number is None and len(session.rules.primary) == len(inst.params.edges)
        result = session.check({})
        assert result.status == "unique" and result.solutions[0] == seed_solution()
        assert session.calls == 2  # one solve, one "another?": the rules state every pair once
    finally:
        session.close()
    assert solve.check(PUZZLE, inst).solutions == [seed_solution()]


def test_given_rules_count_several_layouts():
    inst = PUZZLE.parse("0 0 2 2\n0 2 2 0\n1 1 1 1")
    expected = brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params))
    found = solve.count(PUZZLE, inst, 10)
    assert expected == 4 and found.complete and found.n == 4 and len(set(found.solutions)) == 4
    assert all(PUZZLE.verify(inst, layout) == [] for layout in found.solutions)
    assert solve.check(PUZZLE, inst).status == "ambiguous"


def test_given_rules_no_solution_names_conflicting_clues():
    inst = PUZZLE.parse("0 0 0\n0 0 0")  # 0-1 and 1-1 on no placement
    session = given_session(inst)
    try:
        assert session.check({}).status == "unsolvable"
    finally:
        session.close()
    report = solve.check(PUZZLE, inst)
    assert report.status == "unsolvable" and report.conflict
    assert set(report.conflict) <= set(inst.clues)


def test_given_rules_agree_with_brute_force_on_swapped_numbers():
    """Two numbers of a real board swapped: often no layout although every pair is still
    shown by some placement (so not an empty clause), often several."""
    rng = random.Random(8)
    params = DominosaParams(3)
    layouts = list(tilings(params))
    tally = {"none, every pair shown": 0, "several": 0}
    for _ in range(80):
        clues = lay_numbers(params, rng.choice(layouts), rng)
        x, y = rng.sample(params.cells(), 2)
        clues[x], clues[y] = clues[y], clues[x]
        inst = Instance("dominosa", params, clues)
        expected = brute_force_count(PUZZLE, inst, layouts)
        assert solve.count(PUZZLE, inst, 1000).n == expected, PUZZLE.format(inst)
        shown = {tuple(sorted((clues[a], clues[b]))) for a, b in params.edges}
        tally["none, every pair shown"] += expected == 0 and len(shown) == len(params.pairs)
        tally["several"] += expected > 1
    assert min(tally.values()) >= 3, tally


def test_given_rules_with_unknown_cells_keep_the_numbers():
    inst = PUZZLE.parse(PUZZLE.example).without([(0, 0), (1, 1), (2, 2)])
    session = given_session(inst)
    try:
        assert session.rules.data.first_number is not None
        solutions = session.count({}, 100).solutions
    finally:
        session.close()
    assert len(solutions) == brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params)) > 1


def test_given_rules_refuse_a_clue_off_the_board():
    params = DominosaParams(1)
    clues = {(r, c): 0 for r, c in params.cells()}
    for bad in ({**clues, (0, 0): 7}, {**{k: v for k, v in clues.items() if k != (0, 0)}, (5, 5): 0}):
        with pytest.raises(PuzzleError, match="outside"):
            given_session(Instance("dominosa", params, bad))


def test_one_round_of_cuts_states_every_pair_on_clue_literals():
    """The lazy one-shot rules (check --without, the conflict explanation): with all
    numbers assumed, the first candidate's cuts state "each pair at most once", so the check
    takes at most three calls (it took nine with cuts for the laid placements only)."""
    inst = PUZZLE.parse(SEED_BOARD)
    session = SatSession(PUZZLE, inst.params, "mc", one_shot=True)
    try:
        result = session.check(inst.clues)
        assert result.status == "unique" and result.solutions[0] == seed_solution() and session.calls <= 3
    finally:
        session.close()


def test_tilings_are_all_there():
    assert [sum(1 for _ in tilings(DominosaParams(n))) for n in (1, 2, 3, 4)] == [3, 11, 95, 1183]
    with pytest.raises(PuzzleError):
        PUZZLE.candidates(DominosaParams(6))


# ---- formats -----------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["text", "tatham", "array", "json"])
def test_formats_round_trip(fmt):
    inst = PUZZLE.parse(SEED_BOARD)
    assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst


def test_unknown_cells_round_trip_except_tatham():
    inst = PUZZLE.parse(PUZZLE.example).without([(1, 1)])
    for fmt in ("text", "array", "json"):
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
    with pytest.raises(PuzzleError, match="unknown"):
        PUZZLE.format(inst, "tatham")


def test_tatham_numbers_over_nine_in_brackets():
    gen = generator("dominosa")
    g = generate_one(PUZZLE, gen, gen.params(n=11), random.Random(1), SessionCache())
    text = PUZZLE.format(g.instance, "tatham")
    assert text.startswith("11:") and "[10]" in text and "[11]" in text
    assert PUZZLE.parse(text) == g.instance


@pytest.mark.parametrize("head", ["3", "3dt", "3db", "3dh", "3de", "3a"])
def test_tatham_params_forms(head):
    assert PUZZLE.parse(f"{head}:01311032220312132030").params == DominosaParams(3)


def test_tatham_puzzles_unique_and_written_back():
    ids = tatham_ids()
    assert len(ids) == 24
    for i, game in enumerate(ids):
        inst = PUZZLE.parse(game)
        check = only_solution(inst)
        assert check.status == "unique", game
        assert PUZZLE.verify(inst, check.solutions[0]) == []
        assert PUZZLE.format(inst, "tatham") == game  # his encoding is canonical
        if i % 4 == 0:
            cp = cpsat_count(PUZZLE, inst, limit=2)
            assert cp.complete and cp.n == 1 and cp.solutions[0] == check.solutions[0]


def test_our_ids_are_read_by_tatham_and_bad_ones_refused(tmp_path):
    gen, sessions, rng = generator("dominosa"), SessionCache(), random.Random(3)
    ids = [PUZZLE.format(generate_one(PUZZLE, gen, gen.params(n=n), rng, sessions).instance, "tatham")
           for n in (1, 2, 3, 6, 9, 10)]
    assert tatham_reads("dominosa", ids, tmp_path) == ""
    for bad in ("3:01311032220312132031", "3:0131103222031213203", "3:013110322203121320300"):
        assert tatham_reads("dominosa", [bad], tmp_path) != ""
        with pytest.raises(PuzzleError):
            PUZZLE.parse(bad)


# ---- generation --------------------------------------------------------------------------

def test_generated_puzzles_unique_by_cpsat():
    gen = generator("dominosa")
    assert gen.strips is False  # the whole board is the clue set: nothing to strip
    repaired = 0
    for n, count in ((2, 10), (4, 10), (6, 5)):
        for g in generated_rechecked(PUZZLE, gen, gen.params(n=n), count, seed=n):
            assert len(g.instance.clues) == (n + 1) * (n + 2) and g.minimal is False
            repaired += g.checks > 1
    assert repaired > 0  # the repair path was exercised


def test_generation_is_reproducible():
    gen = generator("dominosa")
    a = generate_one(PUZZLE, gen, gen.params(n=5), random.Random(7), SessionCache())
    b = generate_one(PUZZLE, gen, gen.params(n=5), random.Random(7), SessionCache())
    assert a.instance == b.instance and a.solution == b.solution


def test_generator_options():
    gen = generator("dominosa")
    assert gen.checked_params(n=4) == DominosaParams(4)
    for bad in (0, 16):
        with pytest.raises(PuzzleError, match="--n"):
            gen.checked_params(n=bad)


def test_repair_rules_out_the_rival():
    gen = generator("dominosa")
    inst = PUZZLE.parse("0 0 2 2\n0 2 2 0\n1 1 1 1")  # four layouts
    assert engine_counts(PUZZLE, inst) == (4, 4)
    first, second = only_solution(inst).solutions[:2]
    _, fixed, kept = gen.repair(inst.params, inst.clues, first, second, random.Random(0))
    new = Instance("dominosa", inst.params, fixed)
    assert kept == first and PUZZLE.verify(new, first) == [] and PUZZLE.verify(new, second) != []


def test_layout_of_and_dominoes_agree():
    inst, good = example_solution()
    assert layout_of(inst.params, dominoes(good)) == good


def test_generate_from_the_command_line(tmp_path):
    out = tmp_path / "d.csv"
    done = subprocess.run([sys.executable, "-m", "puzzlelab", "generate", "dominosa", "--n", "3", "--count", "3",
                           "--seed", "1", "--out", str(out), "--quiet"], capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).parent.parent)
    assert done.returncode == 0, done.stderr
    assert out.read_text().count("dominosa-1-") == 3
    bad = subprocess.run([sys.executable, "-m", "puzzlelab", "generate", "dominosa", "--n", "99", "--count", "1",
                          "--out", str(tmp_path / "x.jsonl")], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).parent.parent)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


@pytest.mark.slow
def test_many_generated_puzzles_unique_by_cpsat():
    gen = generator("dominosa")
    for n, count in ((6, 40), (9, 10)):
        for g in generated_rechecked(PUZZLE, gen, gen.params(n=n), count, seed=11):
            assert PUZZLE.verify(g.instance, g.solution) == []


def test_trivial_grade_agrees_with_tatham():
    """His 't' puzzles fall to his two Trivial rules alone; his 'b', 'h', 'e' ones do not
    (he rejects a puzzle solvable below the asked grade)."""
    lines = (DATA / "dominosa_tatham.txt").read_text().splitlines()
    grade = None
    seen = 0
    for line in lines[1:]:
        if line.startswith("# "):
            grade = line[2:].strip()[-1]
            continue
        human = PUZZLE.human_grade(PUZZLE.parse(line))
        assert human["trivial"] is (grade == "t"), (grade, line)
        assert (human["trivial_placed"] == 0.0) is (grade in "he"), (grade, line)  # no toehold when hard
        seen += 1
    assert seen == 24
    assert PUZZLE.human_grade(PUZZLE.parse(PUZZLE.example).without([(0, 0)])) == {}


# ---- fast paths against the formulations they replaced -------------------------------------

def _old_tiling_problems(p: DominosaParams, solution) -> bool:
    """Before `_tiles`: is `_tiling_problems`'s cell-by-cell walk clean?"""
    for r, c in p.cells():
        other = partner(solution, r, c)
        if other is None or not (0 <= other[0] < p.height and 0 <= other[1] < p.width):
            return False
        if solution[other[0]][other[1]] != OPPOSITE[solution[r][c]]:
            return False
    return True


def _broken_layouts(p: DominosaParams, rng: random.Random, count: int):
    """Tilings with a few letters changed at random (sometimes none)."""
    for _ in range(count):
        grid = [list(row) for row in random_layout(p, rng)]
        for _ in range(rng.choice((0, 0, 1, 2))):
            grid[rng.randrange(p.height)][rng.randrange(p.width)] = rng.choice("LRUDX")
        yield tuple(tuple(row) for row in grid)


def test_tiles_agrees_with_the_cell_by_cell_check():
    rng = random.Random(3)
    for n in (1, 2, 4, 6):
        p = DominosaParams(n)
        seen = set()
        for layout in _broken_layouts(p, rng, 150):
            assert _tiles(layout) is _old_tiling_problems(p, layout), layout
            seen.add(_tiles(layout))
        assert seen == {True, False}


def _old_side_neighbour(layout, x, y):
    dr, dc = y[0] - x[0], y[1] - x[1]
    nx, ny = (x[0] - dc, x[1] + dr), (y[0] - dc, y[1] + dr)
    h, w = len(layout), len(layout[0])
    if not all(0 <= r < h and 0 <= c < w for r, c in (nx, ny)):
        return None
    return (nx, ny) if partner(layout, *nx) == ny else None


def test_side_neighbour_agrees_with_partner():
    rng = random.Random(4)
    p = DominosaParams(5)
    for layout in _broken_layouts(p, rng, 40):
        for x in p.cells():
            for y in p.cells():  # domino or not, the answer is the old one
                assert side_neighbour(layout, x, y) == _old_side_neighbour(layout, x, y)


def test_rival_stands_agrees_with_verify():
    """A repair's test of changed clue sets against a rival, as `verify` answers it, on
    rivals that tile or not and clue sets complete, with unknown cells, or out of range."""
    rng = random.Random(5)
    for n in (2, 3, 5):
        p = DominosaParams(n)
        answers = set()
        for other in _broken_layouts(p, rng, 30):
            stands = rival_stands(p, other)
            own = lay_numbers(p, other if _tiles(other) else random_layout(p, rng), rng)  # (the rival's own)
            for _ in range(8):
                clues = dict(own) if rng.random() < 0.5 else lay_numbers(p, random_layout(p, rng), rng)
                if rng.random() < 0.3:
                    x, y = rng.sample(sorted(clues), 2)
                    clues[x], clues[y] = clues[y], clues[x]
                if rng.random() < 0.3:
                    del clues[rng.choice(sorted(clues))]
                if rng.random() < 0.1:
                    clues[rng.choice(sorted(clues))] = n + 2
                expected = not PUZZLE.verify(Instance("dominosa", p, clues), other)
                assert stands(clues) is expected
                answers.add(expected)
        assert answers == {True, False}


def _old_trivial_placements(params: DominosaParams, clues: dict) -> int:
    shows = {e: pair(clues[e[0]], clues[e[1]]) for e in params.edges}
    open_edges = set(params.edges)
    by_pair: dict = {}
    by_cell: dict = {cell: set() for cell in params.cells()}
    for e in params.edges:
        by_pair.setdefault(shows[e], set()).add(e)
        by_cell[e[0]].add(e)
        by_cell[e[1]].add(e)
    placed: set = set()

    def drop(e) -> None:
        open_edges.discard(e)
        by_pair[shows[e]].discard(e)
        by_cell[e[0]].discard(e)
        by_cell[e[1]].discard(e)

    while True:
        forced = [next(iter(es)) for es in list(by_pair.values()) + list(by_cell.values())
                  if len(es) == 1 and next(iter(es)) not in placed]
        if not forced:
            return len(placed)
        for e in forced:
            if e not in open_edges or e in placed:
                continue
            placed.add(e)
            for rival in (by_cell[e[0]] | by_cell[e[1]] | by_pair[shows[e]]) - {e}:
                drop(rival)


def test_trivial_placements_agree_with_the_cell_keyed_count():
    """Generated boards (most unique) and random numberings (ambiguous, with clashes)."""
    rng = random.Random(6)
    counts = set()
    for n in (1, 3, 5, 8):
        p = DominosaParams(n)
        for _ in range(25):
            clues = lay_numbers(p, random_layout(p, rng), rng)
            if rng.random() < 0.5:
                clues = {cell: rng.randrange(n + 1) for cell in p.cells()}
            counts.add(trivial_placements(p, clues))
            assert trivial_placements(p, clues) == _old_trivial_placements(p, clues)
    assert len(counts) > 5


def _old_doubled_cuts(params, place, first_number, numbers, laid):
    n1, cells = params.n + 1, params.edge_cells
    denied = [[-var, -(first_number + x * n1 + numbers[x]), -(first_number + y * n1 + numbers[y])]
              for var, (x, y) in zip(place, cells)]
    return [denied[d] + denied[f] for d, f in rival_couples(pair_codes(params, numbers), laid)
            if cells[d][0] not in cells[f] and cells[d][1] not in cells[f]]


def test_doubled_cuts_agree_with_building_every_literal_first():
    rng = random.Random(7)
    some = 0
    for n in (2, 4, 6):
        p = DominosaParams(n)
        place = list(range(1, len(p.edges) + 1))
        for _ in range(40):
            laid = sorted(p.edges.index(d) for d in dominoes(random_layout(p, rng)))
            numbers = [rng.randrange(n + 1) for _ in range(p.width * p.height)]
            if rng.random() < 0.5:  # a numbering that lays every pair once
                clues = lay_numbers(p, layout_of(p, [p.edges[e] for e in laid]), rng)
                numbers = [clues[cell] for cell in p.cells()]
            cuts = doubled_cuts(p, place, 1000, numbers, laid)
            assert cuts == _old_doubled_cuts(p, place, 1000, numbers, laid)
            some += bool(cuts)
    assert 0 < some < 120


# ---- answers of language models and canonical forms --------------------------------------------
def test_a_messy_answer_is_read_as_a_layout():
    inst = PUZZLE.parse(PUZZLE.example)
    layout = (tuple("DDRLD"), tuple("UUDDU"), tuple("DDUUD"), tuple("UURLU"))
    assert PUZZLE.verify(inst, layout) == []
    assert PUZZLE.read_answer(inst, PUZZLE.answer_text(inst, layout)) == layout
    messy = ("The dominoes:\n\n```\nd, d, r, l, d\nu u d d u\n| ↓ | ↓ | ↑ | ↑ | ↓ |\nUURLU\n```\nDone.")
    assert PUZZLE.read_answer(inst, messy) == layout
    with pytest.raises(PuzzleError, match="row 1, column 3"):
        PUZZLE.read_answer(inst, "D D Q L D\nU U D D U\nD D U U D\nU U R L U")


def test_canonical_is_the_same_under_flips_and_renamed_numbers():
    text = PUZZLE.example
    rename = {"0": "3", "1": "0", "2": "1", "3": "2"}
    base = PUZZLE.canonical(PUZZLE.parse(text))
    for image in images([line.split() for line in text.splitlines()]):
        for names in ({}, rename):
            moved = "\n".join(" ".join(names.get(v, v) for v in row) for row in image)
            assert PUZZLE.canonical(PUZZLE.parse(moved)) == base, moved
    swapped = "1 2 3 2 0\n2 1 0 0 3\n1 0 1 2 3\n3 0 1 2 3"  # two numbers exchanged: another board
    assert PUZZLE.canonical(PUZZLE.parse(swapped)) != base
    assert PUZZLE.canonical(PUZZLE.parse(text.replace("3", ".", 1))) != base
