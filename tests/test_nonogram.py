"""Nonograms (Pattern): seed example, brute force against both engines, one session for
many clue sets, formats (seed arrays, Tatham IDs with givens, text, JSON), bad input,
generated puzzles re-checked by CP-SAT."""

from __future__ import annotations

import gc
import itertools
import random

import pytest
from declarations import data_text
from pysat.formula import IDPool
from pysat.solvers import Solver
from tally import kind, new_tally

from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession, SessionCache, check_instance
from puzzlelab.lab.face.registry import generator, puzzle
from puzzlelab.solvers.nonogram import (
    PUZZLE,
    Nonogram,
    NonogramParams,
    line_options,
    line_solve,
    read_line,
    read_line_directly,
    runs,
)

SEED_BOARD = data_text("nonogram_seed.txt")

SEED_SOLUTION = data_text("nonogram_seed_solution.txt")

# Tatham's own example (pattern.c): no line solver starts it, yet it is unique.
BELLA = "4x4:2/1/2/1/1.1/2/1/1"


class PerClue(Nonogram):
    """Every line the way big boards do it: no universal reader, one automaton per clue."""

    universal_max = 0


PER_CLUE = PerClue()
ENCODINGS = [PUZZLE, PER_CLUE]


def seed_solution() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(t == "B") for t in line.split()) for line in SEED_SOLUTION.split("\n") if line)


# ---- the seed example ---------------------------------------------------------------

@pytest.mark.parametrize("ptype", ENCODINGS, ids=["universal", "per-clue"])
def test_seed_example_unique_with_stated_solution(ptype):
    inst = PUZZLE.parse(SEED_BOARD)
    assert inst.params == NonogramParams(15, 15) and len(inst.clues) == 30
    result = check_instance(ptype, inst)
    assert result.status == "unique"
    assert result.solutions[0] == seed_solution()
    assert PUZZLE.verify(inst, seed_solution()) == []
    cp = cpsat_count(PUZZLE, inst, limit=2)
    assert cp.complete and cp.n == 1 and cp.solutions[0] == seed_solution()
    assert PUZZLE.format_solution(inst, seed_solution()).splitlines()[0] == "#######.###...."


def test_seed_as_json_and_tatham_is_the_same_board():
    inst = PUZZLE.parse(SEED_BOARD)
    top = [list(inst.clues["col", j]) for j in range(15)]
    side = [list(inst.clues["row", i]) for i in range(15)]
    assert PUZZLE.parse(f'{{"top": {top}, "side": {side}}}') == inst
    tatham = PUZZLE.format(inst, "tatham")
    assert tatham.startswith("15x15:8.2/5.4/2.1.4/") and tatham.endswith("/4.3/3.2")
    assert PUZZLE.parse(tatham) == inst


def test_registry_names():
    assert puzzle("pattern") is PUZZLE and puzzle("nonograms") is PUZZLE
    assert generator("nonogram").strips is False


def test_tatham_bella_example_is_unique():
    inst = PUZZLE.parse(BELLA)
    result = check_instance(PUZZLE, inst)
    assert result.status == "unique"
    assert PUZZLE.format_solution(inst, result.solutions[0]) == "#..#\n##..\n..#.\n..#."


def test_ambiguous_and_unsolvable():
    two = PUZZLE.parse("2x2:1/1/1/1")  # the two diagonals
    result = check_instance(PUZZLE, two)
    assert result.status == "ambiguous" and len(set(result.solutions)) == 2
    given = PUZZLE.parse("2x2:1/1/1/1,Ad")  # top-left black, 3 cells to the end: only one diagonal left
    assert check_instance(PUZZLE, given).status == "unique"
    bad = PUZZLE.parse("cols:\n2\n0\nrows:\n1\n1")  # column 1 full, column 2 empty: fine
    assert check_instance(PUZZLE, bad).status == "unique"
    clash = PUZZLE.parse("cols:\n2\n2\nrows:\n1\n1")  # 4 black by columns, 2 by rows
    result = check_instance(PUZZLE, clash)
    assert result.status == "unsolvable"
    assert result.conflict and all(key[0] in ("row", "col") for key in result.conflict)


def test_big_board_uses_one_automaton_per_clue():
    """Lines over 30 cells get no universal reader; the per-clue path still solves."""
    rng = random.Random(12)
    params = NonogramParams(33, 31)
    grid = random_grid(rng, params, 0.6)
    inst = Instance("nonogram", params, full_clues(params, grid))
    session = SatSession(PUZZLE, params)
    try:
        assert session.rules.data.readers == {}
        found = session.solve(inst.clues)
        assert found.sat and PUZZLE.verify(inst, found.solution) == []
    finally:
        session.close()


@pytest.mark.parametrize("ptype", ENCODINGS, ids=["universal", "per-clue"])
def test_one_session_serves_many_clue_sets(ptype):
    """Clues only switch events (or their own automata) on, so answers never leak."""
    rng = random.Random(5)
    params = NonogramParams(6, 5)
    session = SatSession(ptype, params)
    try:
        for _ in range(40):
            grid = random_grid(rng, params, 0.5)
            inst = Instance("nonogram", params, full_clues(params, grid))
            found = session.solve(inst.clues)
            assert found.sat and PUZZLE.verify(inst, found.solution) == []
    finally:
        session.close()


# ---- brute force against both engines ------------------------------------------------

def random_grid(rng: random.Random, params: NonogramParams, density: float):
    return tuple(tuple(int(rng.random() < density) for _ in range(params.width))
                 for _ in range(params.height))


def full_clues(params: NonogramParams, grid) -> dict:
    return {key: runs(grid[r][c] for r, c in params.cells(key)) for key in params.lines()}


def random_clue(rng: random.Random, length: int) -> tuple[int, ...]:
    return runs(rng.random() < 0.5 for _ in range(length))


def random_board(rng: random.Random) -> Instance:
    """Clues of a random picture, then some lines dropped, some clues replaced by random
    ones (often no solution) and some cells given (sometimes against the picture)."""
    width, height = rng.choice([(1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (3, 3), (2, 4), (4, 2),
                                (2, 5), (5, 1)])
    params = NonogramParams(width, height)
    grid = random_grid(rng, params, rng.choice([0.3, 0.5, 0.7]))
    clues = full_clues(params, grid)
    for key in list(clues):
        roll = rng.random()
        if roll < 0.15:
            del clues[key]
        elif roll < 0.22:
            clues[key] = random_clue(rng, params.length(key[0]))
    for r, c in itertools.product(range(height), range(width)):
        if rng.random() < 0.08:
            clues[("cell", r, c)] = grid[r][c] if rng.random() < 0.8 else 1 - grid[r][c]
    return Instance("nonogram", params, clues)


@pytest.mark.parametrize("ptype", ENCODINGS, ids=["universal", "per-clue"])
def test_brute_force_matches_both_engines(ptype):
    rng = random.Random(11)
    grids: dict = {}
    tally = new_tally()
    for _ in range(150):
        inst = random_board(rng)
        if inst.params not in grids:
            grids[inst.params] = list(PUZZLE.candidates(inst.params))
        expected = brute_force_count(PUZZLE, inst, grids[inst.params])
        assert engine_counts(ptype, inst) == (expected, expected), PUZZLE.format(inst)  # ptype's encoding
        tally[kind(expected)] += 1
    assert min(tally.values()) >= 15, tally


@pytest.mark.parametrize("ptype", ENCODINGS, ids=["universal", "per-clue"])
def test_every_clue_of_every_line_brute_force(ptype):
    """Each possible clue (and each impossible one) of a 5-cell row, alone, on a 5x1 board."""
    params = NonogramParams(5, 1)
    grids = list(PUZZLE.candidates(params))
    clues = {runs(g[0]) for g in grids} | {(6,), (3, 2), (1, 1, 1, 1), (0,)}
    for clue in clues:
        inst = Instance("nonogram", params, {("row", 0): clue})
        expected = brute_force_count(PUZZLE, inst, grids)
        assert engine_counts(ptype, inst) == (expected, expected), clue


@pytest.mark.parametrize("ptype", ENCODINGS, ids=["universal", "per-clue"])
def test_unit_propagation_is_a_line_solver(ptype):
    """On one line, unit propagation alone finds every cell forced by the clue and the
    known cells, and every contradiction: what a perfect line solver deduces."""
    rng = random.Random(8)
    for n in (5, 7, 9):
        params = NonogramParams(n, 1)
        grids = [g[0] for g in list(PUZZLE.candidates(params))]
        session = SatSession(ptype, params, solver="m22")
        try:
            x = session.rules.data.cell[0]
            for _ in range(150):
                clue = runs(rng.choice(grids))
                known = {c: rng.randint(0, 1) for c in range(n) if rng.random() < 0.3}
                fits_known = [g for g in grids
                              if runs(g) == clue and all(g[c] == v for c, v in known.items())]
                assumptions = session.assumptions({("row", 0): clue})
                assumptions += [x[c] if v else -x[c] for c, v in known.items()]
                ok, implied = session.solver.propagate(assumptions=assumptions)
                assert ok == bool(fits_known), (clue, known)
                if ok:
                    forced = {c: fits_known[0][c] for c in range(n) if len({g[c] for g in fits_known}) == 1}
                    got = {c: int(x[c] in implied) for c in range(n) if x[c] in implied or -x[c] in implied}
                    assert got == forced, (clue, known)
        finally:
            session.close()


def test_one_shot_line_clauses_read_exactly_their_clue():
    """The one-shot encoding of a line clue (start ladders), alone on one line with every
    cell fixed by assumptions, is satisfiable exactly when the colouring reads the clue:
    random lengths 1..8 and random clues, with the empty clue, a full-length run and clues
    that do not fit always among them."""
    rng = random.Random(21)
    for _ in range(60):
        n = rng.randint(1, 8)
        params = NonogramParams(n, 1)
        rules = PUZZLE.one_shot_rules(params, IDPool())
        x = rules.data.cell[0]
        colourings = list(itertools.product((0, 1), repeat=n))
        clues = {(), (n,), (n + 1,), tuple([1] * ((n + 3) // 2)), (n, 1)}  # (n, 1): too long
        clues |= {runs(rng.choice(colourings)) for _ in range(4)}
        clues |= {tuple(rng.randint(1, 3) for _ in range(rng.randint(1, 3))) for _ in range(2)}
        for clue in clues:
            clauses = PUZZLE.clue_clauses(params, rules, ("row", 0), clue)
            with Solver(name="m22", bootstrap_with=rules.clauses + clauses) as solver:
                for colouring in colourings:
                    fixed = [v if b else -v for v, b in zip(x, colouring)]
                    assert solver.solve(assumptions=fixed) == (runs(colouring) == clue), (n, clue, colouring)


def test_rules_from_a_used_pool_are_the_cached_rules_shifted():
    """Fresh pools reuse one cached build; any other pool gets the same CNF, renumbered."""
    params = NonogramParams(4, 3)
    fresh = PUZZLE.rules(params, IDPool())
    pool = IDPool()
    for _ in range(7):
        pool.id()
    shifted = PUZZLE.rules(params, pool)

    def move(lit: int) -> int:
        return lit + 7 if lit > 0 else lit - 7

    assert shifted.clauses == [[move(l) for l in c] for c in fresh.clauses]
    assert shifted.primary == [move(v) for v in fresh.primary]


def test_line_options_match_brute_force():
    rng = random.Random(9)
    for n in (1, 4, 6, 8):
        lines = list(itertools.product((0, 1), repeat=n))
        for _ in range(80):
            clue = runs(rng.choice(lines)) if rng.random() < 0.9 else random_clue(rng, n + 2)
            known = [rng.choice((None, None, None, 0, 1)) for _ in range(n)]
            fits_known = [g for g in lines if runs(g) == clue
                          and all(k is None or k == v for k, v in zip(known, g))]
            options = line_options(clue, known)
            if not fits_known:
                assert options is None, (clue, known)
            else:
                assert options == [{g[t] for g in fits_known} for t in range(n)], (clue, known)


def test_line_solve_on_the_seed_and_bella():
    seed = PUZZLE.parse(SEED_BOARD)
    known = line_solve(seed.params, seed.clues)
    assert len(known) == 225 and all(seed_solution()[r][c] == v for (r, c), v in known.items())
    bella = PUZZLE.parse(BELLA)
    assert line_solve(bella.params, bella.clues) == {}  # no line alone tells anything
    clash = PUZZLE.parse("cols:\n2\n2\nrows:\n1\n1")
    assert line_solve(clash.params, clash.clues) is None


# ---- the fast line solver and reader templates against their first formulations --------

def reference_line_options(clue, known):
    """`line_options` as first written (one cell at a time, sets of colours): the
    reference for the bit-mask solver."""
    cells = list(known) + [0]
    size, m = len(cells), len(clue)
    blacks, whites = [0], [0]
    for v in cells:
        blacks.append(blacks[-1] + (v == 1))
        whites.append(whites[-1] + (v == 0))
    fit = [[p + k < size and whites[p + k] == whites[p] and cells[p + k] != 1 for p in range(size)]
           for k in clue]
    rest = [[False] * (size + 1) for _ in range(m + 1)]
    done = [[False] * (size + 1) for _ in range(m + 1)]
    for t in range(size + 1):
        rest[m][t] = blacks[size] == blacks[t]
        done[0][t] = blacks[t] == 0
    for i in range(m - 1, -1, -1):
        k = clue[i]
        for t in range(size - 1, -1, -1):
            rest[i][t] = (cells[t] != 1 and rest[i][t + 1]) or (fit[i][t] and rest[i + 1][t + k + 1])
    for i in range(1, m + 1):
        k = clue[i - 1]
        for t in range(1, size + 1):
            p = t - k - 1
            done[i][t] = (cells[t - 1] != 1 and done[i][t - 1]) or (p >= 0 and fit[i - 1][p] and done[i - 1][p])
    if not rest[0][0]:
        return None
    cover = [0] * (size + 1)
    for i, k in enumerate(clue):
        for p in range(size):
            if done[i][p] and fit[i][p] and rest[i + 1][p + k + 1]:
                cover[p] += 1
                cover[p + k] -= 1
    options: list[set[int]] = [set() for _ in range(size - 1)]
    covered = 0
    for t in range(size - 1):
        covered += cover[t]
        if covered:
            options[t].add(1)
        if any(done[i][t + 1] and rest[i][t + 1] for i in range(m + 1)):
            options[t].add(0)
    return options


def reference_line_solve(params, clues, start=None):
    """`line_solve` as first written: a dictionary of known cells, each line re-read
    through `reference_line_options`."""
    known = dict(start or {})
    fresh = {(k[1], k[2]): v for k, v in clues.items() if k[0] == "cell" and (k[1], k[2]) not in known}
    known.update(fresh)
    if start is None:
        todo = [key for key in params.lines() if key in clues]
    else:
        todo = list(dict.fromkeys(key for r, c in fresh for key in (("row", r), ("col", c)) if key in clues))
    queued = set(todo)
    while todo:
        key = todo.pop()
        queued.discard(key)
        cells = params.cells(key)
        options = reference_line_options(clues[key], [known.get(cell) for cell in cells])
        if options is None:
            return None
        for (r, c), colours in zip(cells, options):
            if len(colours) == 1 and (r, c) not in known:
                known[r, c] = next(iter(colours))
                cross = ("col", c) if key[0] == "row" else ("row", r)
                if cross in clues and cross not in queued:
                    queued.add(cross)
                    todo.append(cross)
    return known


def test_line_options_match_the_first_formulation():
    rng = random.Random(21)
    contradictions = 0
    for _ in range(4000):
        n = rng.randint(1, 40)
        picture = [int(rng.random() < 0.55) for _ in range(n)]
        clue = runs(picture)
        if rng.random() < 0.15:  # any clue, maybe too long, maybe with a run of length 0
            clue = tuple(rng.randint(0 if rng.random() < 0.05 else 1, 6) for _ in range(rng.randint(0, 6)))
        share = rng.random()
        known = [None if rng.random() > share else picture[t] if rng.random() < 0.9 else rng.randint(0, 1)
                 for t in range(n)]
        expected = reference_line_options(clue, known)
        contradictions += expected is None
        assert line_options(clue, known) == expected, (clue, known)
    assert contradictions > 300


def test_line_solve_matches_the_first_formulation():
    rng = random.Random(22)
    outcomes = {"none": 0, "solved": 0}
    for _ in range(400):
        params = NonogramParams(rng.randint(1, 16), rng.randint(1, 16))
        grid = random_grid(rng, params, rng.choice([0.3, 0.55, 0.8]))
        clues = {key: clue for key, clue in full_clues(params, grid).items() if rng.random() < 0.95}
        for key in list(clues):
            if rng.random() < 0.03:
                clues[key] = random_clue(rng, params.length(key[0]))  # often contradictory
        lines = dict(clues)
        for r, c in itertools.product(range(params.height), range(params.width)):
            if rng.random() < 0.03:
                clues[("cell", r, c)] = grid[r][c] if rng.random() < 0.9 else 1 - grid[r][c]
        start = reference_line_solve(params, lines) if rng.random() < 0.5 else None
        expected = reference_line_solve(params, clues, None if start is None else dict(start))
        got = line_solve(params, clues, None if start is None else dict(start))
        assert got == expected and (got is None or list(got.items()) == list(expected.items()))
        outcomes["none" if got is None else "solved"] += 1
    assert min(outcomes.values()) >= 40, outcomes


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 13, 15, 21])
def test_read_line_from_template_is_read_line_directly(n):
    """Over pools that have drawn ids already or skip occupied ranges, with any cells."""
    rng = random.Random(n)
    pools = [IDPool, lambda: IDPool(start_from=50), lambda: IDPool(occupied=[[3, 9], [200, 260]])]
    for drawn, make in enumerate(pools):
        direct_pool, fast_pool = make(), make()
        for _ in range(drawn * 3):
            direct_pool.id(), fast_pool.id()
        cells = rng.sample(range(1, 10_000), n)
        direct, direct_reader = read_line_directly(cells, direct_pool)
        fast, fast_reader = read_line(cells, fast_pool)
        assert fast == direct and list(fast_reader.var.items()) == list(direct_reader.var.items())
        assert fast_pool.id() == direct_pool.id()


def test_rules_build_leaves_the_collector_as_it_was():
    PUZZLE.rules(NonogramParams(4, 3), IDPool())
    assert gc.isenabled()
    gc.disable()
    try:
        PUZZLE.rules(NonogramParams(4, 3), IDPool())
        assert not gc.isenabled()
    finally:
        gc.enable()


# ---- formats ---------------------------------------------------------------------------

def sample_instances() -> list[Instance]:
    rng = random.Random(4)
    out = [PUZZLE.parse(SEED_BOARD), PUZZLE.parse(BELLA)]
    for w, h in ((5, 7), (1, 4), (30, 2)):
        params = NonogramParams(w, h)
        clues = full_clues(params, random_grid(rng, params, 0.5))
        out.append(Instance("nonogram", params, clues))
        cells = {("cell", r, c): rng.randint(0, 1)
                 for r in range(h) for c in range(w) if rng.random() < 0.1}
        cells[("cell", h - 1, w - 1)] = 1  # a given in the very last cell
        out.append(Instance("nonogram", params, {**clues, **cells}))
    return out


@pytest.mark.parametrize("fmt", PUZZLE.formats)
def test_formats_round_trip(fmt):
    for inst in sample_instances():
        if fmt in ("puzzlink", "non", "pzprv3") and PUZZLE.givens(inst):  # none holds givens (refused: tested apart)
            continue
        text = PUZZLE.format(inst, fmt)
        assert PUZZLE.parse(text, fmt) == inst, text
        assert PUZZLE.parse(text) == inst, text  # auto-detected


def test_missing_lines_round_trip_except_tatham():
    inst = PUZZLE.parse("cols:\n?\n1 1\n0\nrows:\n2\n?\n1")
    assert ("col", 0) not in inst.clues and inst.clues["col", 2] == ()
    for fmt in ("text", "array", "json"):
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
    with pytest.raises(PuzzleError):
        PUZZLE.format(inst, "tatham")


def test_tatham_givens_encoding():
    """After ',' each letter is one given: its offset from a/A counts the cells skipped
    before it, upper case is black; 'z' skips 25 cells with no given."""
    inst = PUZZLE.parse("3x2://2/1/1,CC")  # skip 2, black (cell 2); skip 2, black (cell 5)
    assert {k: v for k, v in inst.clues.items() if k[0] == "cell"} == {("cell", 0, 2): 1, ("cell", 1, 2): 1}
    assert PUZZLE.format(inst, "tatham") == "3x2://2/1/1,CC"
    assert check_instance(PUZZLE, inst).status == "unique"
    big = PUZZLE.parse("30x1:" + "/".join([""] * 29 + ["1", "1"]) + ",zE")  # 25 + 4 skipped
    assert {k: v for k, v in big.clues.items() if k[0] == "cell"} == {("cell", 0, 29): 1}
    assert PUZZLE.format(big, "tatham").endswith("/1/1,zE")
    white = PUZZLE.parse("2x2:1/1/1/1,ad")  # cell 0 white, 3 cells to the end
    assert {k: v for k, v in white.clues.items() if k[0] == "cell"} == {("cell", 0, 0): 0}


def test_text_accepts_headers_and_separators():
    inst = PUZZLE.parse("Columns:\n1, 1\n-\n3\n\nRows:\n1.1\n0\n  1 1 \n")
    assert inst.clues == {("col", 0): (1, 1), ("col", 1): (), ("col", 2): (3,),
                          ("row", 0): (1, 1), ("row", 1): (), ("row", 2): (1, 1)}
    assert inst.params == NonogramParams(3, 3)


BAD = [
    ("cols:\n1\nrows:\n2 x\n", 4),  # not a number
    ("cols:\n1\n1\nrows:\n3\n", 5),  # row clue does not fit
    ("1\n2\n", 1),  # no section header
    ("cols:\n1\nrows:\n1\ngrid:\n#?\n", 6),  # grid row too long
    ("cols:\n1\nrows:\n1\ngrid:\nX\n", 6),  # bad grid character
    ("3x2:1/1/1/1", 1),  # too few lines
    ("3x2:1/1/1/1/1/1", 1),  # too many lines
    ("2x2:1/1/1/a", 1),  # bad run length
    ("2x2:1/1/1/3", 1),  # does not fit
    ("2x2:1/1/1/1,zzz", 1),  # too much givens data
    ("2x2:1/1/1/1,b", 1),  # too little givens data
    ("2x2:1/1/1/1,A1", 1),  # bad givens character
    ("top_numbers = [[1], [1]]\nside_numbers = [[1], [1, 1]]", 2),  # does not fit
    ("top_numbers = [[1], [1]\nside_numbers = [[1]]", 1),  # unclosed bracket
    ("top_numbers = [[1], ['a']]\nside_numbers = [[1], [1]]", 1),  # not numbers
    ('{"cols": [[1]], "rows": [[1]], "x": }', 1),  # bad JSON
]


@pytest.mark.parametrize("text,line", BAD)
def test_bad_input_names_the_line(text, line):
    with pytest.raises(PuzzleError) as err:
        PUZZLE.parse(text)
    assert err.value.line == line, str(err.value)


def test_bad_json_and_options():
    for text in ('{"cols": [[1]]}', '{"cols": [[1]], "rows": [["a"]]}', '{"cols": [[2]], "rows": [[1]]}',
                 '{"cols": [[1]], "rows": [[1]], "width": 3}', '[1, 2]'):
        with pytest.raises(PuzzleError):
            PUZZLE.parse(text, "json")
    with pytest.raises(PuzzleError):
        generator("nonogram").params(size=0)
    with pytest.raises(PuzzleError):
        generator("nonogram").params(size=5, density=1.5)


# ---- generated puzzles -------------------------------------------------------------------

def generate(count: int, size: int, seed: int, **options):
    gen = generator("nonogram")
    params = gen.params(size=size, **options)
    rng, sessions = random.Random(seed), SessionCache()
    return [generate_one(PUZZLE, gen, params, rng, sessions) for _ in range(count)]


def assert_unique_by_cpsat(made) -> None:
    for g in made:
        inst = g.instance
        assert g.unique and PUZZLE.verify(inst, g.solution) == []
        assert inst.params == NonogramParams(*map(len, (g.solution[0], g.solution)))
        cp = cpsat_count(PUZZLE, inst, limit=2)
        assert cp.complete and cp.n == 1 and cp.solutions[0] == g.solution, PUZZLE.format(inst)
        givens = {k: v for k, v in inst.clues.items() if k[0] == "cell"}
        assert all(g.solution[r][c] == v for (_, r, c), v in givens.items())
        assert PUZZLE.parse(PUZZLE.format(inst, "tatham")) == inst


def test_generated_puzzles_are_unique_by_cpsat():
    made = generate(50, 8, seed=1)
    assert_unique_by_cpsat(made)
    assert any(k[0] == "cell" for g in made for k in g.instance.clues)  # repairs happened


def test_generated_rectangles_and_densities():
    assert_unique_by_cpsat(generate(6, 5, seed=2, width=9, height=4))
    assert_unique_by_cpsat(generate(6, 6, seed=3, density=0.3))


def test_generated_15x15_unique_by_cpsat():
    assert_unique_by_cpsat(generate(50, 15, seed=7))


def test_line_solving_settles_uniqueness_only_when_sound():
    """`deduces_all` lets the engine skip the SAT check: it must answer True only for clue
    sets with one picture (the SAT count), and it must answer True often enough to matter."""
    gen = generator("nonogram")
    rng = random.Random(4)
    answers = []
    for size in (4, 5, 6) * 20:
        params, grid = gen.draw(gen.params(size=size), rng, SessionCache())
        clues = gen.candidate_clues(params, grid)
        settled = gen.deduces_all(params, clues, grid)
        n = SatSession(PUZZLE, params).count(clues, limit=2).n
        assert not settled or n == 1, (size, grid)
        answers.append((settled, n))
    assert (True, 1) in answers and (False, 1) in answers and (False, 2) in answers


def test_generation_skips_the_solver_when_line_solving_settles():
    """A picture line solving settles is pinned down with no solver call, and the puzzles
    are those the SAT check alone makes (the engine's hook changes only the cost)."""
    gen = generator("nonogram")
    params = gen.params(size=8)
    checks = []
    for seed in range(20):
        made = generate_one(PUZZLE, gen, params, random.Random(seed), SessionCache())
        checks.append(made.checks)
        with_sat = generate_one(PUZZLE, _SatOnly(), params, random.Random(seed), SessionCache())
        assert made.instance == with_sat.instance and made.repairs == with_sat.repairs
    assert 0 in checks and any(checks)


class _SatOnly(type(generator("nonogram"))):  # type: ignore[misc]
    """The nonogram generator without its line-solving shortcut."""

    def deduces_all(self, params, clues, solution) -> bool:
        return False


def test_generation_depends_only_on_the_seed():
    """The repair never looks at the rival picture, so a solver with a history gives the
    same puzzles as fresh ones (datasets may share one session)."""
    gen = generator("nonogram")
    params = gen.params(size=10)
    shared = SessionCache()
    generate_one(PUZZLE, gen, gen.params(size=10, density=0.4), random.Random(99), shared)
    for seed in range(12):
        a = generate_one(PUZZLE, gen, params, random.Random(seed), shared)
        b = generate_one(PUZZLE, gen, params, random.Random(seed), SessionCache())
        assert a.instance == b.instance and a.solution == b.solution
    assert gen.history_free


@pytest.mark.slow
def test_generated_25x25_unique_by_cpsat():
    assert_unique_by_cpsat(generate(10, 25, seed=8))


# ---- answers for language models -----------------------------------------------------------
def test_an_answer_is_read_leniently_and_scored():
    from puzzlelab.lab.toolkit.answers import score_text

    inst = PUZZLE.parse(PUZZLE.example)
    solution = ((1, 1, 1, 0), (0, 1, 1, 0), (1, 1, 0, 1), (0, 1, 0, 1))
    assert PUZZLE.answer_text(inst, solution) == "# # # .\n. # # .\n# # . #\n. # . #"
    messy = "The picture:\n<answer>\n###.\n.##.\n| # | # | . | # |\n0 1 0 1\n</answer>"
    assert PUZZLE.read_answer(inst, messy) == solution
    assert score_text(PUZZLE, inst, messy, solution).score == 1.0
    assert score_text(PUZZLE, inst, "■■■□\n□■■□\n■■□■\n□■□■", solution).score == 1.0
    white = PUZZLE.read_answer(inst, "# # # .\n. . . .\n# # . #\n. # . #")  # a row of dots is a row, no frame
    assert white[1] == (0, 0, 0, 0)
    wrong = score_text(PUZZLE, inst, "# # # .\n. . . .\n# # . #\n. # . #", solution)
    assert wrong.parsed and not wrong.valid and wrong.score == 0.875
    with pytest.raises(PuzzleError, match="4 rows"):
        PUZZLE.read_answer(inst, "###.\n.##.\n##.#")


def sections(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in text.split("\n"):
        if line.endswith(":"):
            out[line[:-1]] = []
        else:
            out[list(out)[-1]].append(line)
    return out


def written(parts: dict[str, list[str]]) -> str:
    return "\n".join(line for name, lines in parts.items() for line in [name + ":", *lines])


def mirrored(text: str) -> str:
    """Left to right: the columns in reverse order, each row's runs read backwards."""
    parts = sections(text)
    parts["cols"] = parts["cols"][::-1]
    parts["rows"] = [" ".join(line.split()[::-1]) for line in parts["rows"]]
    if "grid" in parts:
        parts["grid"] = [row[::-1] for row in parts["grid"]]
    return written(parts)


def transposed(text: str) -> str:
    parts = sections(text)
    parts["cols"], parts["rows"] = parts["rows"], parts["cols"]
    if "grid" in parts:
        parts["grid"] = ["".join(col) for col in zip(*parts["grid"])]
    return written({name: parts[name] for name in ("cols", "rows", "grid") if name in parts})


def test_the_canonical_form_is_one_for_every_turn_and_mirror():
    text = "cols:\n1 1\n4\n?\n2\nrows:\n3\n2\n2 1\n0\ngrid:\n?#??\n????\n.???\n????"
    base = PUZZLE.canonical(PUZZLE.parse(text))
    images, t = [], text
    for _ in range(4):
        t = mirrored(transposed(t))  # a quarter turn
        images += [t, mirrored(t)]
    assert len(set(images)) == 8
    assert all(PUZZLE.canonical(PUZZLE.parse(image)) == base for image in images)
    assert PUZZLE.canonical(PUZZLE.parse(text.replace("2 1", "1 2"))) != base
    wide = "cols:\n1\n2\n1\nrows:\n1 1\n2"  # not square: a quarter turn is no symmetry
    turned_twice = mirrored(transposed(mirrored(transposed(wide))))
    assert PUZZLE.canonical(PUZZLE.parse(wide)) == PUZZLE.canonical(PUZZLE.parse(turned_twice))
    assert PUZZLE.canonical(PUZZLE.parse(wide)) != PUZZLE.canonical(PUZZLE.parse(transposed(wide)))


# ---- the NON file (webpbn's format) ---------------------------------------------------------
WEBPBN_DEMO = """catalogue "webpbn.com #1"
title "Demo Puzzle from Front Page"
by "Jan Wolter"
copyright "&copy; Copyright 2004 by Jan Wolter"
license CC-BY-3.0
width 5
height 10

rows
2
2,1
1,1
3
1,1
1,1
2
1,1
1,2
2

columns
2,1
2,1,3
7
1,3
2,1

goal "01100011010010101110101001010000110010100101111000"
"""


def test_a_non_file_is_read_with_its_goal_and_written_back():
    inst = PUZZLE.parse(WEBPBN_DEMO)
    assert PUZZLE.sniff(WEBPBN_DEMO) == "non"
    assert inst.params == NonogramParams(5, 10)
    assert inst.clues[("row", 1)] == (2, 1) and inst.clues[("col", 2)] == (7,)
    result = check_instance(PUZZLE, inst)
    assert result.status == "unique"
    solution = result.solutions[0]
    goal = "01100011010010101110101001010000110010100101111000"
    assert "".join(str(v) for row in solution for v in row) == goal
    written = PUZZLE.format_solution(inst, solution, "non")
    assert written.endswith(f'goal "{goal}"\n') and PUZZLE.parse(written) == inst
    assert PUZZLE.parse(PUZZLE.format(inst, "non"), "non") == inst


def test_a_non_file_keeps_an_empty_line_as_a_line_with_no_run():
    text = "width 2\nheight 3\nrows\n1\n\n0\ncolumns\n1\n0\n"
    inst = PUZZLE.parse(text)
    assert [inst.clues[("row", r)] for r in range(3)] == [(1,), (), ()]
    assert PUZZLE.format(inst, "non") == "width 2\nheight 3\n\nrows\n1\n0\n0\n\ncolumns\n1\n0\n"


@pytest.mark.parametrize("text, line, words", [
    ("width 5\nheight x\n", 2, "is not a whole number"),
    ("width 3\nheight 1\nrows\n3b\ncolumns\n1\n1\n1\n", 4, "names a colour"),
    ("width 2\nrows\n1\n", 2, "'rows' before 'height'"),
    ("width 2\nheight 2\nrows\n1\n", 4, "the file ends after 1 of the 2 lines of 'rows'"),
    ("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\nwidth 3\n", 8, "one puzzle a file"),
    ('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "011"\n', 8, "goal has 3 cells"),
    ("width 500\nheight 3\n", 2, "too large"),
])
def test_a_bad_non_file_is_refused_at_its_line(text, line, words):
    with pytest.raises(PuzzleError) as caught:
        PUZZLE.parse(text, "non")
    assert caught.value.line == line and words in str(caught.value)


def test_a_non_goal_that_breaks_the_clues_is_refused():
    with pytest.raises(PuzzleError, match="the goal's col 1 does not fit its clue"):
        PUZZLE.parse('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "01"\n')


def test_a_board_with_given_cells_has_no_non_file():
    inst = PUZZLE.parse("cols:\n1\n?\nrows:\n1\ngrid:\n#?")
    with pytest.raises(PuzzleError, match="no given cell"):
        PUZZLE.format(inst, "non")
