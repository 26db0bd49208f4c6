"""Light Up: seed example, brute force against both engines, formats, bad input, generator."""

from __future__ import annotations

import json
import random

import pytest
from board_images import text_images
from declarations import data_text
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from puzzlelab.generators.lightup import GENERATOR, as_grid, is_symmetric, light_up, wall_numbers
from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError, Rules
from puzzlelab.lab.engine.sat import SatSession, SessionCache, check_instance
from puzzlelab.lab.engine.strip import redundancy
from puzzlelab.lab.engine.variables import Variables
from puzzlelab.solvers.lightup import PUZZLE, LightUpParams, LightUpVars, at_most_one, layout, seen_from

SEED_BOARD = data_text("lightup_seed.txt")

SEED_SOLUTION = [
    [' ', '0', ' ', ' ', ' ', 'L', 'W', ' ', ' ', 'L'],
    ['L', ' ', ' ', '0', ' ', ' ', 'L', ' ', ' ', '1'],
    ['W', 'L', 'W', ' ', 'L', 'W', ' ', ' ', '0', ' '],
    ['0', ' ', ' ', 'L', '3', 'L', 'W', ' ', '0', ' '],
    [' ', ' ', 'L', ' ', 'W', ' ', '2', 'L', 'W', 'L'],
    ['L', '1', ' ', 'W', 'L', '2', 'L', ' ', ' ', ' '],
    [' ', '0', ' ', 'W', ' ', 'W', ' ', ' ', ' ', 'W'],
    [' ', '0', ' ', ' ', '1', 'L', ' ', '2', 'L', 'W'],
    ['0', ' ', ' ', 'L', ' ', ' ', '1', 'L', ' ', ' '],
    [' ', 'L', ' ', '2', 'L', ' ', ' ', ' ', 'W', 'L'],
]


# ---- the seed example ------------------------------------------------------------------
def test_seed_example_solves_to_stated_solution():
    inst = PUZZLE.parse(SEED_BOARD)
    assert (inst.params.width, inst.params.height) == (10, 10)
    result = check_instance(PUZZLE, inst)
    assert result.status == "unique"
    expected = tuple(tuple(ch == "L" for ch in row) for row in SEED_SOLUTION)
    assert result.solutions[0] == expected
    assert PUZZLE.verify(inst, expected) == []
    assert cpsat_count(PUZZLE, inst, limit=2).n == 1
    assert "'L'" in PUZZLE.format_solution(inst, expected, "array")


# ---- brute force against SAT and CP-SAT --------------------------------------------------
SHAPES = [(3, 3), (4, 3), (3, 4), (4, 4), (5, 3), (3, 5), (5, 4), (4, 5)]
MAX_WHITE = 10  # at most 1024 lamp subsets per board


def tiny_board(rng: random.Random) -> Instance:
    """Random walls (edges and corners included), at most MAX_WHITE white cells, and wall
    numbers that are sometimes true to a lamp layout, sometimes perturbed, sometimes random."""
    w, h = rng.choice(SHAPES)
    cells = [(r, c) for r in range(h) for c in range(w)]
    walls = {cell for cell in cells if rng.random() < rng.uniform(0.1, 0.5)}
    if rng.random() < 0.3:
        walls |= {(0, 0), (h - 1, w - 1), (0, w - 1), (h - 1, 0)}
    free = [cell for cell in cells if cell not in walls]
    rng.shuffle(free)
    walls |= set(free[:max(0, len(free) - MAX_WHITE)])
    params = LightUpParams(w, h, frozenset(walls))
    truth = wall_numbers(params, as_grid(params, light_up(params, set(), rng)))
    mode = rng.random()
    if mode < 0.55:  # numbers true to one layout: solvable, often with several solutions
        clues = {k: v for k, v in truth.items() if rng.random() < 0.6}
    elif mode < 0.75:  # one number off by one: often unsolvable
        clues = {k: v for k, v in truth.items() if rng.random() < 0.7}
        if clues:
            k = rng.choice(sorted(clues))
            clues[k] = min(4, clues[k] + 1) if clues[k] == 0 or rng.random() < 0.5 else clues[k] - 1
    else:  # random numbers, including ones a wall on the edge cannot have
        clues = {k: rng.randint(0, 4) for k in truth if rng.random() < 0.5}
    return Instance(PUZZLE.name, params, clues)


HAND_BOARDS = [
    "...\n.4.\n...",  # centre 4: one solution
    "0..\n...\n..0",  # numbered corners
    "#.#\n...\n#.#",  # plain corners: several solutions
    "3..\n...\n...",  # corner 3: impossible
    "...\n4..\n...",  # edge 4: impossible
    "1.1\n...\n1.1",
    "##\n##",  # no white cell: exactly the empty layout
    ".",
    "...\n...\n...",
    ".2.\n.#.\n.2.",
    "#..#\n.1..\n..1.\n#..#",
]


def test_brute_force_matches_both_engines_hand_boards():
    for text in HAND_BOARDS:
        inst = PUZZLE.parse(text)
        brute = brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params))
        assert engine_counts(PUZZLE, inst) == (brute, brute), text


def wall_kinds(inst: Instance) -> set[str]:
    """Which kinds of wall a board has: numbered/plain, in a corner/on an edge/inside."""
    p = inst.params
    kinds = set()
    for r, c in p.walls:
        edges = (r in (0, p.height - 1)) + (c in (0, p.width - 1))
        where = ("inside", "edge", "corner")[edges]
        kinds.add(("numbered " if (r, c) in inst.clues else "plain ") + where)
    return kinds


def test_brute_force_matches_both_engines_random_tiny_boards():
    rng = random.Random(2024)
    seen = {"none": 0, "one": 0, "several": 0}
    kinds: dict[str, int] = {}
    for _ in range(120):
        inst = tiny_board(rng)
        brute = brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params))
        assert engine_counts(PUZZLE, inst) == (brute, brute), PUZZLE.format(inst)
        seen["none" if brute == 0 else "one" if brute == 1 else "several"] += 1
        for kind in wall_kinds(inst):
            kinds[kind] = kinds.get(kind, 0) + 1
    assert min(seen.values()) >= 10, seen
    assert len(kinds) == 6 and min(kinds.values()) >= 10, kinds


def test_check_statuses_and_conflict():
    assert check_instance(PUZZLE, PUZZLE.parse("...\n.4.\n...")).status == "unique"
    ambiguous = check_instance(PUZZLE, PUZZLE.parse("...\n...\n..."))
    assert ambiguous.status == "ambiguous" and ambiguous.solutions[0] != ambiguous.solutions[1]
    bad = check_instance(PUZZLE, PUZZLE.parse("0..\n.4.\n..."))
    assert bad.status == "unsolvable"
    assert set(bad.conflict) <= {(0, 0), (1, 1)} and bad.conflict


# ---- formats ------------------------------------------------------------------------
def test_every_format_round_trips():
    rng = random.Random(7)
    boards = [tiny_board(rng) for _ in range(30)]
    boards.append(PUZZLE.parse(SEED_BOARD))
    boards.append(PUZZLE.parse("\n".join(["." * 12] * 11)))  # white runs longer than 26
    boards.append(PUZZLE.parse("#.\n.4\n#."))
    for inst in boards:
        for fmt in PUZZLE.formats:
            text = PUZZLE.format(inst, fmt)
            assert PUZZLE.parse(text, fmt) == inst, (fmt, text)
            assert PUZZLE.parse(text) == inst, (fmt, text)  # auto-detected


def test_tatham_game_ids():
    inst = PUZZLE.parse("7x7b20s4d0:b1aBa0BgBa3aBbBbBa1aBg2Ba0aBbd")
    assert (inst.params.width, inst.params.height) == (7, 7)
    assert PUZZLE.format(inst, "tatham").startswith("7x7:b1aBa0B")
    assert PUZZLE.parse("10x10:zzzv").params.walls == frozenset()
    assert PUZZLE.format(PUZZLE.parse("10x10:zzzv"), "tatham") == "10x10:zzzv"
    assert PUZZLE.parse("2:aB1a") == PUZZLE.parse(".#\n1.")


def test_solution_forms():
    inst = PUZZLE.parse("...\n.4.\n...")
    sol = check_instance(PUZZLE, inst).solutions[0]
    assert PUZZLE.format_solution(inst, sol) == ".*.\n*4*\n.*."
    assert json.loads(PUZZLE.format_solution(inst, sol, "json"))["lamps"] == [[0, 1], [1, 0], [1, 2], [2, 1]]
    assert PUZZLE.solution_json(inst, sol)[1] == [1, 0, 1]


@pytest.mark.parametrize("text, fmt, line", [
    ("..x\n...", None, 1),
    ("...\n..7", None, 2),
    ("...\n....\n...", None, 2),
    ("3x3:abcQ", None, 1),
    ("3x3:a", None, 1),
    ("3x3q:i", "tatham", 1),
    ('{"grid": ["..", ".Z"]}', None, 2),
    ('{"grid": [[" ", "W"], [" "]]}', None, 2),
    ('{"grid": [".."', None, 1),
    ("[[' ', 'W'],\n ['Q', ' ']]", None, 2),  # the line the bad cell stands on
])
def test_bad_input_names_the_line(text, fmt, line):
    with pytest.raises(PuzzleError) as err:
        PUZZLE.parse(text, fmt)
    assert err.value.line == line, str(err.value)


def test_json_fields_are_read_strictly():
    """Issue 40: `"width": null` was accepted (the field ignored); every field is now
    checked where it is read, and one no reader knows is refused."""
    good = {"puzzle": "lightup", "width": 4, "height": 4, "grid": ["....", "2#..", "..10", "...."]}
    assert PUZZLE.parse(json.dumps(good)) == PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.parse(json.dumps({"grid": good["grid"]})) == PUZZLE.parse(PUZZLE.example)  # a size may be left out
    for change, words in (({"width": None}, "'width' must be a whole number, got null"),
                          ({"height": "4"}, "'height' must be a whole number, got '4'"),
                          ({"width": 4.0}, "'width' must be a whole number, got 4.0"),
                          ({"width": True}, "'width' must be a whole number, got true"),
                          ({"width": -1}, "'width' must be at least 1, got -1"),
                          ({"width": 5}, "JSON says width '5' but the grid has 4"),
                          ({"width": 1000}, "lightup board 1000x4 is too large"),
                          ({"grid": None}, "'grid' must be a non-empty list of rows"),
                          ({"widht": 4}, "'widht' is not a lightup field"),
                          ({"puzzle": "sudoku"}, "'puzzle' is 'sudoku'")):
        with pytest.raises(PuzzleError) as err:
            PUZZLE.parse(json.dumps({**good, **change}))
        assert words in str(err.value) and err.value.line == 1, str(err.value)
    assert PUZZLE.parse(json.dumps({**good, "puzzle": "Akari"})) == PUZZLE.parse(PUZZLE.example)  # an alias


def test_bad_input_without_position():
    for text in ["", '{"size": 3}', "7x7#12345"]:
        with pytest.raises(PuzzleError):
            PUZZLE.parse(text)


# ---- generator ---------------------------------------------------------------------
def generated(n: int, size: int, seed: int, symmetric: bool = False):
    rng = random.Random(seed)
    sessions = SessionCache()
    spec = GENERATOR.params(size=size, symmetry="rot2" if symmetric else "none")
    return [generate_one(PUZZLE, GENERATOR, spec, rng, sessions, GenerateOptions(symmetric=symmetric))
            for _ in range(n)]


def assert_good(g, minimal: bool) -> None:
    inst = g.instance
    assert PUZZLE.verify(inst, g.solution) == []
    cp = cpsat_count(PUZZLE, inst, limit=2)
    assert cp.complete and cp.n == 1 and cp.solutions[0] == g.solution
    if minimal:
        assert g.minimal
        session = SatSession(PUZZLE, inst.params)
        try:
            assert redundancy(session, g.solution, inst.clues).removable == []
        finally:
            session.close()
    for fmt in PUZZLE.formats:
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst


def test_generated_puzzles_unique_and_minimal():
    for g in generated(20, 7, seed=1):
        assert_good(g, minimal=True)


def test_generated_symmetric_puzzles():
    for g in generated(10, 8, seed=2, symmetric=True):
        p = g.instance.params
        assert is_symmetric(p)
        assert all(GENERATOR.partner(p, k) in g.instance.clues for k in g.instance.clues)
        assert_good(g, minimal=False)


def test_generator_options():
    spec = GENERATOR.params(size=6, width=9, density=0.3)
    assert (spec.width, spec.height, spec.density) == (9, 6, 0.3)
    for bad in [dict(size=0), dict(density=1.5), dict(symmetry="rot4")]:
        with pytest.raises(PuzzleError):
            GENERATOR.params(**bad)
    g = generate_one(PUZZLE, GENERATOR, spec, random.Random(3), SessionCache())
    assert (g.instance.params.width, g.instance.params.height) == (9, 6)
    assert_good(g, minimal=True)


@pytest.mark.slow
def test_generated_10x10_fifty():
    for g in generated(50, 10, seed=10):
        assert_good(g, minimal=True)


def test_differences_name_lamps():
    assert PUZZLE.differences(((1, 0),), ((0, 1),)) == ["r1c1: lamp vs no lamp", "r1c2: no lamp vs lamp"]


# ---- tables and encodings against their plain definitions --------------------------------
def cardenc_rules(params: LightUpParams, pool: IDPool) -> Rules:
    """The rules as first written, straight from pysat: what `LightUp.rules` must equal."""
    lamp = {cell: pool.id(("lamp", cell)) for cell in params.whites()}
    clauses: list[list[int]] = []
    lit_by: dict = {cell: set() for cell in lamp}
    for seg in params.segments():
        lits = [lamp[cell] for cell in seg]
        enc = EncType.pairwise if len(lits) <= 6 else EncType.seqcounter
        clauses.extend(CardEnc.atmost(lits, 1, vpool=pool, encoding=enc).clauses)
        for cell in seg:
            lit_by[cell].update(lits)
    clauses.extend(sorted(lits) for lits in lit_by.values())
    return Rules(clauses, list(lamp.values()), LightUpVars(lamp, pool))


def cardenc_clue(params: LightUpParams, rules: Rules, key, value: int) -> list[list[int]]:
    """A clue's clauses as first written, straight from pysat."""
    lits = [rules.data.lamp[cell] for cell in params.neighbours(*key)]
    if value > len(lits):
        return [[]]
    if value == 0:
        return [[-l] for l in lits]
    if value == len(lits):
        return [[l] for l in lits]
    return CardEnc.equals(lits, value, vpool=rules.data.pool).clauses


def random_params(rng: random.Random) -> LightUpParams:
    w, h = rng.randint(1, 16), rng.randint(1, 16)
    density = rng.choice([0.0, 0.05, 0.2, 0.5, 1.0])
    return LightUpParams(w, h, frozenset((r, c) for r in range(h) for c in range(w) if rng.random() < density))


def same_pools(a: IDPool, b: IDPool) -> bool:
    """The same names, top and next ids (drawn from both alike: reserved ranges show only as skipped ids)."""
    return (a.top, dict(a.obj2id), a.id2obj, [a.id() for _ in range(8)]) == (b.top, dict(b.obj2id), b.id2obj,
                                                                           [b.id() for _ in range(8)])


def test_at_most_one_matches_cardenc():
    """A segment's at-most-one is pysat's own: pairwise up to 6 lamps, a counter beyond."""
    rng = random.Random(5)
    for _ in range(1000):
        n = rng.randint(1, 20)
        top = rng.randint(0, 40)
        lits = [rng.choice((1, -1)) * rng.randint(1, top + 30) for _ in range(n)]
        occupied = [[top + 3, top + 5]] if rng.random() < 0.1 else []
        enc = EncType.pairwise if n <= 6 else EncType.seqcounter
        mine, theirs = Variables(start_from=top + 1, occupied=occupied), IDPool(start_from=top + 1, occupied=occupied)
        assert at_most_one(lits, mine) == CardEnc.atmost(lits, 1, vpool=theirs, encoding=enc).clauses, lits
        assert same_pools(mine, theirs)


def test_layout_matches_params():
    rng = random.Random(6)
    for _ in range(200):
        params = random_params(rng)
        board = layout(params)
        assert list(board.whites) == params.whites()
        assert [list(seg) for seg in board.segments] == params.segments()
        assert list(board.crossing) == params.whites()
        for cell, (row, col) in board.crossing.items():
            assert {cell, *seen_from(params, *cell)} == {*board.segments[row], *board.segments[col]}
            assert {r for r, _ in board.segments[row]} == {cell[0]} and {c for _, c in board.segments[col]} == {cell[1]}
        assert list(board.around) == sorted(params.walls)
        assert all(list(cells) == params.neighbours(*wall) for wall, cells in board.around.items())


def test_rules_and_clues_match_cardenc():
    """Same clauses, variables and pool as pysat's encodings, from a fresh pool (twice: the
    second time from the cache) and from pools that hold variables or start later."""
    rng = random.Random(7)
    for _ in range(150):
        params = random_params(rng)
        for start, drawn in ((1, 0), (1, 0), (1, rng.randint(1, 30)), (rng.randint(2, 30), 0)):
            mine, theirs = Variables(start_from=start), IDPool(start_from=start)
            for pool in (mine, theirs):
                for i in range(drawn):
                    pool.id(("other", i))
            got, want = PUZZLE.rules(params, mine), cardenc_rules(params, theirs)
            assert (got.clauses, got.primary, got.data.lamp) == (want.clauses, want.primary, want.data.lamp)
            assert same_pools(mine, theirs)
            for key in sorted(params.walls)[:8] + [(0, 0)]:
                value = rng.randint(0, 4)
                assert PUZZLE.clue_clauses(params, got, key, value) == cardenc_clue(params, want, key, value)
                assert same_pools(mine, theirs)


def ray_light_up(params: LightUpParams, lamps: set, rng: random.Random) -> set:
    """`light_up` as first written, by ray casting."""
    lit = set(lamps)
    for cell in lamps:
        lit.update(seen_from(params, *cell))
    dark = [cell for cell in params.whites() if cell not in lit]
    rng.shuffle(dark)
    out = set(lamps)
    for cell in dark:
        if cell not in lit:
            out.add(cell)
            lit.add(cell)
            lit.update(seen_from(params, *cell))
    return out


def test_light_up_and_wall_numbers_match_ray_casting():
    rng = random.Random(8)
    for seed in range(200):
        params = random_params(rng)
        given = set(rng.sample(params.whites(), min(2, len(params.whites()))))
        given = {cell for cell in given if not set(seen_from(params, *cell)) & given}  # lamps that see no other
        mine, theirs = random.Random(seed), random.Random(seed)
        lamps = light_up(params, given, mine)
        assert lamps == ray_light_up(params, given, theirs) and mine.random() == theirs.random()
        grid = as_grid(params, lamps)
        want = {(r, c): sum(grid[y][x] for y, x in params.neighbours(r, c)) for r, c in sorted(params.walls)}
        assert list(wall_numbers(params, grid).items()) == list(want.items())


# ---- answers of language models and canonical forms --------------------------------------------
def test_a_messy_answer_is_read_as_lamps():
    inst = PUZZLE.parse(PUZZLE.example)
    lamps = {(0, 0), (1, 2), (2, 0), (3, 1)}
    grid = tuple(tuple((r, c) in lamps for c in range(4)) for r in range(4))
    assert PUZZLE.verify(inst, grid) == []
    assert PUZZLE.read_answer(inst, PUZZLE.answer_text(inst, grid)) == grid
    assert PUZZLE.read_answer(inst, "Lamps:\n```\nL x x x\n2 # L x\nl . 1 0\n. L . .\n```") == grid
    assert PUZZLE.read_answer(inst, "*...\n2#*.\n*.10\n.*..") == grid
    # a row of white cells and lamps only is a row, not a drawn frame
    assert PUZZLE.read_answer(inst, "....\n2#..\n..10\n....") == tuple((False,) * 4 for _ in range(4))
    assert PUZZLE.read_answer(inst, "* . . .\n2 * * .\n* . 1 0\n. * . .")[1][1]  # a lamp on a wall: verify says
    with pytest.raises(PuzzleError, match="row 1, column 2"):
        PUZZLE.read_answer(inst, "* ? . .\n2 # * .\n* . 1 0\n. * . .")


def test_canonical_is_the_same_under_rotations_and_reflections_that_keep_the_shape():
    for text in (PUZZLE.example, "..#..\n1...2\n.#..."):
        base = PUZZLE.canonical(PUZZLE.parse(text))
        for image in text_images(text, ""):
            assert PUZZLE.canonical(PUZZLE.parse(image)) == base, image
    assert PUZZLE.canonical(PUZZLE.parse("....\n2#..\n..11\n....")) != PUZZLE.canonical(PUZZLE.parse(PUZZLE.example))
    wide = PUZZLE.canonical(PUZZLE.parse("..#..\n1...2\n.#..."))
    assert wide != PUZZLE.canonical(PUZZLE.parse("..#..\n2...1\n.#..."))


def test_partial_credit_counts_lamps_not_cells():
    from puzzlelab.lab.toolkit.answers import score_text

    inst = PUZZLE.parse(PUZZLE.example)
    reference = PUZZLE.read_answer(inst, "*...\n2#*.\n*.10\n.*..")
    assert score_text(PUZZLE, inst, "....\n2#..\n..10\n....", reference).score == 0.0  # no lamp: nothing right
    assert score_text(PUZZLE, inst, "*...\n2#*.\n..10\n....", reference).score == 0.5  # two of four lamps
    assert score_text(PUZZLE, inst, "*...\n2#*.\n*.10\n.*..", reference).score == 1.0
