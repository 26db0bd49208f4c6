"""Pearl (Masyu): seed example, brute force against both engines, formats, bad input,
lazy cuts, generation (unique by CP-SAT, minimal by redundancy)."""

from __future__ import annotations

import random

import pytest

from generators.pearl import GENERATOR, Sketch, pearl_spots, random_loop
from lab.cpsat import cpsat_count
from lab.crosscheck import brute_force_count, engine_counts
from lab.generator import GenerateOptions, generate_one
from lab.puzzle import Instance, PuzzleError
from lab.sat import SatSession, SessionCache
from lab.strip import redundancy
from solvers.pearl import PUZZLE, Loop, PearlParams, loops_of, make_params, shape

SEED_BOARD = """board = np.array([
  ['B', ' ', ' ', 'W', ' ', ' ', 'W', ' ', 'B', ' ', ' ', 'B'],
  [' ', ' ', ' ', 'B', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
  [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', 'B', ' ', ' ', ' '],
  [' ', 'B', ' ', 'B', ' ', 'W', ' ', 'B', ' ', 'B', 'W', ' '],
  [' ', ' ', 'B', ' ', 'B', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
  [' ', ' ', ' ', ' ', ' ', ' ', ' ', 'W', 'W', ' ', ' ', 'B'],
  [' ', ' ', 'B', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
  ['B', ' ', ' ', ' ', ' ', 'B', 'B', ' ', ' ', ' ', ' ', 'B'],
])"""

# The seed's stated solution (its text is stored mis-decoded as Mac Roman; this is the
# same output read as UTF-8). Each cell: its glyph, then what joins it to the right.
SEED_SOLUTION = """\
[['┏━' '━━' '━━' '━━' '━┒' '┏━' '━━' '━┒' '┏━' '━━' '━━' '━┒']
 ['┃ ' '┏━' '━━' '━┒' '┗━' '━┛' '┏━' '━┛' '┃ ' '┏━' '━┒' '┃ ']
 ['┗━' '━┛' '  ' '┃ ' '┏━' '━┒' '┗━' '━━' '━┛' '┃ ' '┃ ' '┃ ']
 ['  ' '┏━' '━━' '━┛' '┃ ' '┃ ' '  ' '┏━' '━━' '━┛' '┃ ' '┃ ']
 ['  ' '┃ ' '┏━' '━━' '━┛' '┗━' '━┒' '┃ ' '┏━' '━┒' '┗━' '━┛']
 ['┏━' '━┛' '┃ ' '  ' '┏━' '━┒' '┃ ' '┃ ' '┃ ' '┗━' '━━' '━┒']
 ['┃ ' '  ' '┗━' '━━' '━┛' '┃ ' '┃ ' '┗━' '━┛' '  ' '  ' '┃ ']
 ['┗━' '━━' '━━' '━━' '━━' '━┛' '┗━' '━━' '━━' '━━' '━━' '━┛']]"""

GLYPH_DIRS = {"┃": "UD", "┏": "DR", "┗": "UR", "┒": "DL", "┛": "UL", " ": ""}


def read_seed_solution(text: str) -> Loop:
    """The seed's glyph grid as cell shapes, read independently of the solver's table:
    a cell's first character is its glyph ('━' there means it joins to the left), the
    second '━' means it joins to the right."""
    rows = []
    for line in text.splitlines():
        cells = line.strip(" []").split("' '")
        row = []
        for cell in cells:
            first, second = cell.strip("'")
            dirs = set("L" if first == "━" else GLYPH_DIRS[first])
            if second == "━":
                dirs.add("R")
            elif second != " ":
                dirs |= set(GLYPH_DIRS[second])
            row.append(shape(dirs))
        rows.append(tuple(row))
    return tuple(rows)


# ---- seed example ---------------------------------------------------------------------
def test_seed_example_solves_to_stated_solution():
    inst = PUZZLE.parse(SEED_BOARD)
    assert inst.params == PearlParams(12, 8)
    assert len(inst.clues) == 23
    stated = read_seed_solution(SEED_SOLUTION)
    assert PUZZLE.verify(inst, stated) == []
    session = SatSession(PUZZLE, inst.params)
    check = session.check(inst.clues)
    assert check.status == "unique"
    assert check.solutions[0] == stated
    cp = cpsat_count(PUZZLE, inst, limit=2)
    assert cp.complete and cp.n == 1 and cp.solutions[0] == stated
    # our seed-style output reproduces the seed's text exactly
    assert PUZZLE.format_solution(inst, stated, "array") == SEED_SOLUTION


def test_seed_example_as_tatham_game_id():
    inst = PUZZLE.parse(SEED_BOARD)
    game_id = PUZZLE.format(inst, "tatham")
    assert game_id == "12x8:BbWbWaBbBcBpBdBaBaWaBaBWcBaBnWWbBbBiBdBBdB"
    assert PUZZLE.parse(game_id) == inst
    # difficulty and "allow unsoluble" flags of the full parameter string are accepted
    assert PUZZLE.parse("12x8dtn:" + game_id.split(":")[1]) == inst


# ---- verify -------------------------------------------------------------------------
def square(n: int, r0: int, c0: int, size: int) -> list[list[str]]:
    """A grid of empty shapes with one square loop of side `size` cells at (r0, c0)."""
    grid = [[set() for _ in range(n)] for _ in range(n)]
    r1, c1 = r0 + size - 1, c0 + size - 1
    for c in range(c0, c1):
        for r in (r0, r1):
            grid[r][c].add("R")
            grid[r][c + 1].add("L")
    for r in range(r0, r1):
        for c in (c0, c1):
            grid[r][c].add("D")
            grid[r + 1][c].add("U")
    return grid


def as_loop(grid) -> Loop:
    return tuple(tuple(shape(s) for s in row) for row in grid)


def test_verify_catches_each_rule():
    p = make_params(5, 5)
    ring = as_loop(square(5, 0, 0, 5))
    assert PUZZLE.verify(Instance("pearl", p, {(0, 0): "B", (0, 1): "W"}), ring) == []
    assert any("straight" in m for m in PUZZLE.verify(Instance("pearl", p, {(0, 2): "B"}), ring))
    assert any("turns here" in m for m in PUZZLE.verify(Instance("pearl", p, {(0, 0): "W"}), ring))
    assert any("neither" in m for m in PUZZLE.verify(Instance("pearl", p, {(0, 2): "W"}), ring))
    assert any("not on the loop" in m for m in PUZZLE.verify(Instance("pearl", p, {(2, 2): "B"}), ring))
    small = as_loop(square(5, 0, 0, 2))
    assert any("turns right next" in m for m in PUZZLE.verify(Instance("pearl", p, {(0, 0): "B"}), small))
    two = [[a | b for a, b in zip(ra, rb)] for ra, rb in zip(square(5, 0, 0, 2), square(5, 3, 3, 2))]
    assert any("2 separate loops" in m for m in PUZZLE.verify(Instance("pearl", p, {}), as_loop(two)))
    assert PUZZLE.verify(Instance("pearl", p, {}), as_loop(square(5, 0, 0, 0))) == ["no loop is drawn"]
    broken = [list(row) for row in ring]
    broken[0][1] = "R"
    assert PUZZLE.verify(Instance("pearl", p, {}), tuple(map(tuple, broken)))


# ---- brute force against both engines --------------------------------------------------
def tiny_board(rng: random.Random) -> Instance:
    w, h = rng.choice([(2, 3), (3, 3), (4, 3), (3, 4), (4, 4), (5, 3)])
    p = make_params(w, h)
    if rng.random() < 0.5:  # pearls a random single loop allows: at least one solution
        loops = [l for l in list(PUZZLE.candidates(p)) if len(loops_of(p, l)) == 1]
        spots = list(pearl_spots(p, rng.choice(loops)).items())
        clues = dict(rng.sample(spots, min(len(spots), rng.randint(1, 6))))
    else:  # random pearls anywhere: often no solution
        cells = rng.sample(p.cells(), rng.randint(1, 5))
        clues = {cell: rng.choice("BW") for cell in cells}
    return Instance("pearl", p, clues)


def test_brute_force_agrees_with_both_engines():
    rng = random.Random(19)
    tally = {"none": 0, "one": 0, "several": 0}
    for _ in range(110):
        inst = tiny_board(rng)
        brute = brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params))
        assert engine_counts(PUZZLE, inst) == (brute, brute), PUZZLE.format(inst)
        tally["none" if brute == 0 else "one" if brute == 1 else "several"] += 1
    assert min(tally.values()) >= 10, tally


def test_cuts_hold_for_every_single_loop():
    """Each cut the SAT engine can add (for any multi-cycle candidate) is satisfied by every
    real loop of the grid: cuts never remove a solution of any instance."""
    for p in (make_params(4, 4), make_params(5, 3)):
        session = SatSession(PUZZLE, p)
        edges = session.rules.data
        candidates = list(PUZZLE.candidates(p))
        singles = [l for l in candidates if len(loops_of(p, l)) == 1]
        true_sets = [{edges.at(cell, d) for cell in p.cells() for d in l[cell[0]][cell[1]]} for l in singles]
        for cand in candidates:
            if len(loops_of(p, cand)) < 2:
                continue
            true_vars = {edges.at(cell, d) for cell in p.cells() for d in cand[cell[0]][cell[1]]}
            cuts = PUZZLE.cuts(p, session.rules, cand, true_vars)
            assert cuts
            for clause in cuts:
                assert not any((l > 0) == (abs(l) in true_vars) for l in clause)  # candidate breaks it
                for used in true_sets:
                    assert any((l > 0) == (abs(l) in used) for l in clause)
        session.close()


# ---- formats -------------------------------------------------------------------------
def random_instance(rng: random.Random) -> Instance:
    p = make_params(rng.randint(2, 30), rng.randint(2, 12))
    cells = rng.sample(p.cells(), rng.randint(0, len(p.cells())))
    return Instance("pearl", p, {cell: rng.choice("BW") for cell in cells})


@pytest.mark.parametrize("fmt", PUZZLE.formats)
def test_formats_round_trip(fmt):
    rng = random.Random(fmt)
    for inst in [PUZZLE.parse(SEED_BOARD)] + [random_instance(rng) for _ in range(40)]:
        if fmt == "tatham" and min(inst.params.width, inst.params.height) < 5:
            with pytest.raises(PuzzleError, match="at least 5x5"):  # Tatham's Pearl refuses it
                PUZZLE.format(inst, fmt)
            continue
        text = PUZZLE.format(inst, fmt)
        assert PUZZLE.parse(text, fmt) == inst
        assert PUZZLE.parse(text) == inst  # auto-detected


def test_text_form_and_solution_forms():
    inst = PUZZLE.parse("B..W\n....\n.W.B\n")
    assert inst.clues == {(0, 0): "B", (0, 3): "W", (2, 1): "W", (2, 3): "B"}
    assert inst.params == PearlParams(4, 3)
    ring = as_loop(square(4, 0, 0, 3))
    assert PUZZLE.format_solution(inst, ring, "text").splitlines()[0] == "┌───┐ ·"
    tatham = PUZZLE.format_solution(inst, ring, "tatham").splitlines()
    assert tatham[0] == "B---+---+   W" and tatham[1] == "|       |"
    assert PUZZLE.format_solution(inst, ring, "edges").splitlines()[0] == "r1c1-r1c2"
    assert '"edges"' in PUZZLE.format_solution(inst, ring, "json")


BAD_INPUTS = [
    ("B..W\n.X..\n", "text", 2),  # bad character
    ("B..W\n...\n", "text", 2),  # ragged row
    ("B\n", "text", 1),  # 1x1 is too small
    ("8x8:BbWz", "tatham", 1),  # too short
    ("8x8:Bb!Wz", "tatham", 1),  # bad character
    ("5x5:zzz", "tatham", 1),  # too long
    ("8y8:abc", "tatham", 1),  # bad parameters
    ("[\n  ['B', ' '],\n  ['W', 'Q'],\n]", "array", 3),  # bad cell
    ("[\n  ['B', ' '],\n  ['W'],\n]", "array", 3),  # ragged
    ('{"grid": ["B.", "WQ"]}', "json", 1),
    ('{"grid": ["B.", "W."], "width": 3}', "json", 1),
    ('{"grid": [}', "json", 1),
    ('{"nogrid": 1}', "json", 1),
]


@pytest.mark.parametrize("text,fmt,line", BAD_INPUTS)
def test_bad_input_names_line(text, fmt, line):
    with pytest.raises(PuzzleError) as err:
        PUZZLE.parse(text, fmt)
    assert err.value.line == line, str(err.value)


def test_unsolvable_reports_conflict():
    p = make_params(4, 4)
    inst = Instance("pearl", p, {(0, 0): "W", (2, 2): "B"})  # a white pearl can't sit in a corner
    check = SatSession(PUZZLE, p).check(inst.clues)
    assert check.status == "unsolvable" and check.conflict == [(0, 0)]


# ---- generation ------------------------------------------------------------------------
def test_random_loops_are_single_loops_with_their_pearls():
    rng = random.Random(5)
    for w, h in ((3, 3), (5, 4), (8, 8), (9, 6)):
        p = make_params(w, h)
        for _ in range(5):
            loop = random_loop(p, rng)
            inst = Instance("pearl", p, pearl_spots(p, loop))
            assert PUZZLE.verify(inst, loop) == []
    sketch = Sketch(make_params(6, 5))
    assert all(sketch.may_flip(k) for k in (0, 4, 15, 19))  # outline corners can go out


def test_generation_is_repeatable():
    p = GENERATOR.params(size=7)
    a = generate_one(PUZZLE, GENERATOR, p, random.Random(3), SessionCache())
    b = generate_one(PUZZLE, GENERATOR, p, random.Random(3), SessionCache())
    assert a.instance == b.instance and a.solution == b.solution


def check_generated(size: int, count: int, seed: int) -> None:
    params = GENERATOR.params(size=size)
    rng = random.Random(seed)
    sessions = SessionCache()
    for _ in range(count):
        g = generate_one(PUZZLE, GENERATOR, params, rng, sessions)
        assert g.unique and g.minimal
        assert PUZZLE.verify(g.instance, g.solution) == []
        cp = cpsat_count(PUZZLE, g.instance, limit=2)
        assert cp.complete and cp.n == 1 and cp.solutions[0] == g.solution
        fresh = SatSession(PUZZLE, params)
        red = redundancy(fresh, g.solution, g.instance.clues)
        fresh.close()
        assert red.removable == [] and red.unknown == []
        assert set(red.essential) == set(g.instance.clues)


def test_generated_puzzles_unique_and_minimal():
    check_generated(6, 20, seed=1)
    check_generated(8, 8, seed=2)


@pytest.mark.slow
def test_generated_puzzles_unique_and_minimal_many():
    check_generated(8, 50, seed=3)
    check_generated(10, 10, seed=4)


def test_partner_and_options():
    p = GENERATOR.params(size=8, height=6)
    assert p == PearlParams(8, 6)
    for cell in p.cells():
        assert GENERATOR.partner(p, GENERATOR.partner(p, cell)) == cell
    assert GENERATOR.partner(p, (0, 0)) == (5, 7)
    with pytest.raises(PuzzleError):
        GENERATOR.params(size=2)
    g = generate_one(PUZZLE, GENERATOR, GENERATOR.params(size=6), random.Random(8), SessionCache(),
                     GenerateOptions(symmetric=True))
    assert g.unique
    assert cpsat_count(PUZZLE, g.instance, limit=2).n == 1
