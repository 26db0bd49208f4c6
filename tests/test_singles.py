"""Singles (Hitori): seed example, brute force against both engines, cut validity, formats,
bad input, generated puzzles re-checked by CP-SAT."""

from __future__ import annotations

import random

import pytest
from board_images import text_images
from declarations import data_text
from pysat.formula import IDPool
from tally import new_tally, tally_brute_force

from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.crosscheck import generated_rechecked
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession, SessionCache
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.connectivity import white_components
from puzzlelab.solvers.singles import PUZZLE, SinglesParams

SEED_BOARD = data_text("singles_seed.txt")

SEED_SOLUTION = data_text("singles_seed_solution.txt")

# The same board as Tatham's game ID (10, 11, 12 are a, b, c).
SEED_TATHAM = ("12x12de:165498935137" "2857114363a7" "677b263aa233" "b94361253a78" "55497966b54b"
               "1379c54296c4" "6b1364b22a8a" "3bc6299148c5" "4885b3365914" "24621a1a8546"
               "516a9484832c" "b2ca8354a48b")


def seed_solution() -> tuple[tuple[bool, ...], ...]:
    rows = [line for line in SEED_SOLUTION.splitlines() if "'" in line]
    return tuple(tuple(tok == "B" for tok in line.replace("[", "").replace("]", "").split("'")[1::2])
                 for line in rows)


# ---- the seed example ---------------------------------------------------------------

def test_seed_example_unique_with_stated_solution():
    inst = PUZZLE.parse(SEED_BOARD)
    assert inst.params == SinglesParams(12, 12) and len(inst.clues) == 144
    session = SatSession(PUZZLE, inst.params)
    try:
        check = session.check(inst.clues)
    finally:
        session.close()
    assert check.status == "unique"
    assert check.solutions[0] == seed_solution()
    assert PUZZLE.verify(inst, seed_solution()) == []
    cp = cpsat_count(PUZZLE, inst, limit=2)
    assert cp.complete and cp.n == 1 and cp.solutions[0] == seed_solution()


def test_seed_tatham_id_is_the_same_board():
    assert PUZZLE.parse(SEED_TATHAM) == PUZZLE.parse(SEED_BOARD)
    assert PUZZLE.format(PUZZLE.parse(SEED_BOARD), "tatham") == SEED_TATHAM.replace("de:", ":")


def test_seed_solution_array_round_trip():
    inst = PUZZLE.parse(SEED_BOARD)
    text = PUZZLE.format_solution(inst, seed_solution(), "array")
    assert text.count("'B'") == sum(map(sum, seed_solution()))
    grid = PUZZLE.format_solution(inst, seed_solution())
    assert grid.splitlines()[0].split()[:3] == ["#", "6", "#"]


def test_conflicting_clues_unsolvable():
    # All 1s on 2x2: each row and column needs a shaded cell, so the shading is a diagonal,
    # and the two white cells left only touch at a corner.
    inst = PUZZLE.parse("1 1\n1 1")
    session = SatSession(PUZZLE, inst.params)
    try:
        check = session.check(inst.clues)
        assert check.status == "unsolvable" and check.conflict
    finally:
        session.close()


# ---- brute force against both engines ------------------------------------------------

def random_board(rng: random.Random) -> Instance:
    width, height = rng.choice([(2, 2), (2, 3), (3, 2), (3, 3), (3, 3), (2, 4), (3, 4), (4, 3), (4, 4)])
    params = SinglesParams(width, height)
    spread = rng.randint(2, params.top)  # few distinct numbers: many repeats, often no solution
    blank = rng.choice([0.0, 0.0, 0.2])
    clues = {cell: rng.randint(1, spread) for cell in params.cells() if rng.random() >= blank}
    return Instance("singles", params, clues)


def test_brute_force_matches_both_engines():
    rng = random.Random(10)
    candidates: dict = {}
    tally = new_tally()
    for _ in range(120):
        inst = random_board(rng)
        shadings = candidates.setdefault(inst.params, list(PUZZLE.candidates(inst.params)))
        tally_brute_force(PUZZLE, inst, shadings, tally)
    assert min(tally.values()) >= 10, tally


def test_cuts_hold_for_every_solution_of_every_board():
    """Each cut must be satisfied by every shading that obeys the rules (for any numbers:
    adjacency and connectivity only), on every small board size; and cut off its candidate."""
    for params in (SinglesParams(2, 3), SinglesParams(3, 3), SinglesParams(3, 4), SinglesParams(4, 4)):
        session = SatSession(PUZZLE, params)
        try:
            rules = session.rules
            bit = {v: 1 << i for i, v in enumerate(rules.primary)}  # shaded variable -> bit

            def mask(shading) -> int:
                return sum(bit[v] for v in PUZZLE.solution_literals(params, rules, shading) if v > 0)

            def satisfied(clause, m: int) -> bool:
                return any(m & bit[lit] if lit > 0 else not m & bit[-lit] for lit in clause)

            shadings = list(PUZZLE.candidates(params))
            legal = [mask(s) for s in shadings if len(white_components(s)) == 1]
            made = 0
            for s in shadings:
                for clause in PUZZLE.cuts(params, rules, s, set()):
                    made += 1
                    assert not satisfied(clause, mask(s))
                    assert all(satisfied(clause, m) for m in legal)
            assert made > 0
        finally:
            session.close()


# ---- formats ---------------------------------------------------------------------------

def sample_instances() -> list[Instance]:
    rng, gen, sessions = random.Random(3), generator("singles"), SessionCache()
    out = [PUZZLE.parse(SEED_BOARD)]
    for w, h in ((5, 5), (6, 4), (3, 7)):
        out.append(generate_one(PUZZLE, gen, SinglesParams(w, h), rng, sessions).instance)
    return out


@pytest.mark.parametrize("fmt", PUZZLE.formats)
def test_formats_round_trip(fmt):
    for inst in sample_instances():
        text = PUZZLE.format(inst, fmt)
        assert PUZZLE.parse(text, fmt) == inst
        assert PUZZLE.parse(text) == inst  # auto-detected


def test_blank_cells_round_trip_except_tatham():
    inst = PUZZLE.parse("1 . 2\n2 1 .\n. 2 1")
    assert len(inst.clues) == 6
    for fmt in ("text", "array", "json"):
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
    with pytest.raises(PuzzleError):
        PUZZLE.format(inst, "tatham")


def test_tatham_params_forms():
    board = PUZZLE.parse("1 2\n2 1")
    for text in ("2x2:1221", "2x2de:1221", "2x2dk:1221", "2:1221"):
        assert PUZZLE.parse(text) == board


def check_generated(size: int, count: int, seed: int) -> int:
    """Generate, re-check each puzzle with CP-SAT and `verify`; return how many needed repair."""
    gen = generator("singles")
    repaired = 0
    for g in generated_rechecked(PUZZLE, gen, gen.params(size=size), count, seed):
        inst = g.instance
        assert len(inst.clues) == size * size
        assert all(1 <= v <= size for v in inst.clues.values())
        assert PUZZLE.parse(PUZZLE.format(inst, "tatham")) == inst
        repaired += g.checks > 1
    return repaired


def test_generated_puzzles_unique_by_cpsat():
    assert generator("singles").strips is False  # the whole board is the clue set: nothing to strip
    repaired = check_generated(6, 40, seed=1) + check_generated(8, 10, seed=2)
    assert repaired > 0  # the repair path was exercised


def test_long_lines_use_the_counter_encoding():
    gen, sessions = generator("singles"), SessionCache()
    for _ in range(3):
        g = generate_one(PUZZLE, gen, gen.params(width=18, height=3), random.Random(5 + _), sessions)
        cp = cpsat_count(PUZZLE, g.instance, limit=2)
        assert cp.complete and cp.n == 1 and cp.solutions[0] == g.solution


def test_generation_is_reproducible():
    gen = generator("singles")
    a = generate_one(PUZZLE, gen, gen.params(size=6), random.Random(7), SessionCache())
    b = generate_one(PUZZLE, gen, gen.params(size=6), random.Random(7), SessionCache())
    assert a.instance == b.instance and a.solution == b.solution


def test_repair_rules_out_the_rival():
    gen = generator("singles")
    params = SinglesParams(3, 3)
    # Distinct numbers everywhere: both shadings below are solutions.
    clues = {(r, c): (r + c) % 3 + 1 for r, c in params.cells()}
    empty = tuple((False,) * 3 for _ in range(3))
    corner = ((True, False, False), (False, False, False), (False, False, False))
    inst = Instance("singles", params, clues)
    assert PUZZLE.verify(inst, empty) == [] and PUZZLE.verify(inst, corner) == []
    for solution, other in ((corner, empty), (empty, corner)):
        _, fixed, kept = gen.repair(params, clues, solution, other, random.Random(0))
        assert kept == corner  # a superset rival becomes the solution
        new = Instance("singles", params, fixed)
        assert PUZZLE.verify(new, corner) == [] and PUZZLE.verify(new, empty) != []


@pytest.mark.slow
def test_many_generated_puzzles_unique_by_cpsat():
    check_generated(8, 100, seed=11)
    check_generated(12, 20, seed=12)


def test_differences_name_shading():
    assert PUZZLE.differences(((True, False),), ((False, False),)) == ["r1c1: shaded vs white"]


# ---- faster formulations against the ones they replaced ----------------------------------

def old_random_shading(params: SinglesParams, rng: random.Random):
    """`random_shading` before bit boards: a cell-by-cell flood fill after every cell shaded."""
    shaded = [[False] * params.width for _ in range(params.height)]
    cells = params.cells()
    rng.shuffle(cells)
    for r, c in cells:
        if any(shaded[nr][nc] for nr, nc in params.neighbours(r, c)):
            continue
        shaded[r][c] = True
        if len(white_components(shaded)) != 1:
            shaded[r][c] = False
    return tuple(tuple(row) for row in shaded)


def old_latin_rows(params: SinglesParams, rng: random.Random) -> list[list[int]]:
    """`latin_rows` before the free-symbol lists: each column's free symbols recounted."""
    n = params.top
    used: list[set[int]] = [set() for _ in range(n)]
    rows = []
    for _ in range(params.height):
        owner: dict[int, int] = {}

        def place(col: int, seen: set[int]) -> bool:
            symbols = [v for v in range(1, n + 1) if v not in used[col]]
            rng.shuffle(symbols)
            for v in symbols:
                if v in seen:
                    continue
                seen.add(v)
                if v not in owner or place(owner[v], seen):
                    owner[v] = col
                    return True
            return False

        cols = list(range(n))
        rng.shuffle(cols)
        for col in cols:
            place(col, set())
        row = [0] * n
        for v, col in owner.items():
            row[col] = v
            used[col].add(v)
        rows.append(row[:params.width])
    return rows


SHAPES = [(2, 2), (3, 2), (2, 5), (4, 4), (5, 3), (8, 8), (9, 5), (12, 12), (3, 17)]


@pytest.mark.parametrize("width, height", SHAPES)
def test_drawing_matches_the_old_formulation(width, height):
    from puzzlelab.generators.singles import latin_rows, random_shading

    params = SinglesParams(width, height)
    for seed in range(40):
        old, new = random.Random(seed), random.Random(seed)
        assert random_shading(params, new) == old_random_shading(params, old)
        assert latin_rows(params, new) == old_latin_rows(params, old)
        assert new.random() == old.random()  # the generator consumed alike


def random_shadings(params: SinglesParams, rng: random.Random, count: int):
    """Shadings of every density, split or not, shaded cells touching or not."""
    for _ in range(count):
        density = rng.random()
        yield tuple(tuple(rng.random() < density for _ in range(params.width)) for _ in range(params.height))


@pytest.mark.parametrize("width, height", SHAPES)
def test_bit_board_regions_match_white_components(width, height):
    from puzzlelab.solvers.singles import bit_board, cells_of

    params, board, rng = SinglesParams(width, height), bit_board(width, height), random.Random(width * 100 + height)
    for shading in random_shadings(params, rng, 200):
        white = board.full & ~board.mask(shading)
        regions = [[divmod(i, width) for i in cells_of(region)] for region in board.regions(white)]
        assert regions == [sorted(region) for region in white_components(shading)]
        assert board.connected(white) == (len(regions) == 1)


@pytest.mark.parametrize("width, height", SHAPES)
def test_cuts_match_separation_cuts(width, height):
    from puzzlelab.lab.toolkit.connectivity import separation_cuts

    params, rng = SinglesParams(width, height), random.Random(width * 100 + height)
    session = SatSession(PUZZLE, params)
    try:
        rules = session.rules
        shadings = list(random_shadings(params, rng, 300))
        if width * height <= 16:
            shadings += list(PUZZLE.candidates(params))
        split = 0
        for shading in shadings:
            cuts = PUZZLE.cuts(params, rules, shading, set())
            assert cuts == separation_cuts(rules.data.shade, shading)
            split += len(cuts) > 0
        assert split > 0
    finally:
        session.close()


def test_clue_literal_table_matches_the_formula():
    for params in (SinglesParams(3, 5), SinglesParams(8, 8)):
        session = SatSession(PUZZLE, params)
        try:
            rules = session.rules
            data = rules.data
            for r, c in params.cells():
                for value in range(1, params.top + 1):
                    literal = data.first_number + (r * params.width + c) * params.top + value - 1
                    assert PUZZLE.clue_clauses(params, rules, (r, c), value) == [[literal]]
            for key, value in (((0, 0), 0), ((0, 0), params.top + 1), ((params.height, 0), 1), ((0, -1), 1)):
                with pytest.raises(PuzzleError):
                    PUZZLE.clue_clauses(params, rules, key, value)
        finally:
            session.close()
    one_shot = PUZZLE.one_shot_rules(SinglesParams(3, 3), IDPool())  # no table: a clause per clue
    assert PUZZLE.clue_clauses(SinglesParams(3, 3), one_shot, (1, 2), 3) == [[one_shot.data.shade[1][2],
                                                                              one_shot.data.white[1][2][2]]]


# ---- for language models ----------------------------------------------------------------------
def test_a_messy_answer_is_read_leniently():
    """Prose, tags, commas, B or * for shaded, the numbers of unshaded cells copied from
    the board; a row of unshaded dots is a row, not a drawn frame."""
    inst = PUZZLE.parse(PUZZLE.example)
    solution = ((False, False, False, True), (True, False, False, False),
                (False, False, False, True), (False, True, False, False))
    assert PUZZLE.answer_text(inst, solution) == ". . . #\n# . . .\n. . . #\n. # . ."
    messy = "I shade four cells.\n<answer>\n2, 1, 4, B\n*, 2, 3, 1\n. . . #\n3 # 1 2\n</answer>"
    assert PUZZLE.read_answer(inst, messy) == solution
    assert PUZZLE.read_answer(inst, "....\n....\n....\n....") == ((False,) * 4,) * 4
    with pytest.raises(PuzzleError, match="row 1, column 1"):
        PUZZLE.read_answer(inst, "3 . . #\n# . . .\n. . . #\n. # . .")  # r1c1 holds 2, not 3
    with pytest.raises(PuzzleError, match="no 4 rows"):
        PUZZLE.read_answer(inst, ". . #\n# . .")


@pytest.mark.parametrize("text", [PUZZLE.example, "1 2 3\n3 3 1\n2 1 1\n3 2 .", "4 1 2 4 3\n1 2 . 3 4"])
def test_the_canonical_form_is_the_same_for_every_symmetry_and_renaming(text):
    inst = PUZZLE.parse(text)
    p = inst.params
    top = str(p.top)
    renaming = {str(v): str(p.top + 1 - v) for v in range(1, p.top + 1)}  # 1 <-> top, ...
    renamed = "\n".join(" ".join(renaming.get(t, t) for t in line.split()) for line in text.splitlines())
    images = text_images(text) + text_images(renamed)
    assert {PUZZLE.canonical(PUZZLE.parse(image)) for image in images} == {PUZZLE.canonical(inst)}
    other = PUZZLE.parse(text.replace("1", top, 1))  # one number changed: the counts of equal numbers change
    assert PUZZLE.canonical(other) != PUZZLE.canonical(inst)
