"""Pearl (Masyu): seed example, brute force against both engines, formats, bad input,
lazy cuts, generation (unique by CP-SAT, minimal by redundancy)."""

from __future__ import annotations

import random

import pytest
from declarations import data_text
from tally import new_tally, tally_brute_force

from puzzlelab.generators.pearl import GENERATOR, SITE_WORTH, Sketch, layout, pearl_spots, random_loop, worths
from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession, SessionCache
from puzzlelab.lab.engine.strip import redundancy
from puzzlelab.solvers.pearl import (
    BOX,
    DIRS,
    PUZZLE,
    Loop,
    PearlParams,
    board,
    loops_of,
    make_params,
    shape,
    step,
)

SEED_BOARD = data_text("pearl_seed.txt")

# The seed's stated solution (its text is stored mis-decoded as Mac Roman; this is the
# same output read as UTF-8). Each cell: its glyph, then what joins it to the right.
SEED_SOLUTION = data_text("pearl_seed_solution.txt")

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
    tally = new_tally()
    for _ in range(110):
        inst = tiny_board(rng)
        tally_brute_force(PUZZLE, inst, PUZZLE.candidates(inst.params), tally)
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


# ---- tables made once: the model checks against their plain definitions ---------------
def plain_loops(p: PearlParams, loop: Loop) -> list[list[tuple[int, int]]]:
    """`loops_of` as first written: depth-first over cell tuples, in this exact order."""
    seen: set = set()
    pieces = []
    for start in p.cells():
        if start in seen or not loop[start[0]][start[1]]:
            continue
        piece, todo = [], [start]
        seen.add(start)
        while todo:
            cell = todo.pop()
            piece.append(cell)
            for d in loop[cell[0]][cell[1]]:
                nxt = step(cell, d)
                if p.inside(nxt) and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        pieces.append(piece)
    return pieces


def plain_cuts(p: PearlParams, edges, loop: Loop) -> list[list[int]]:
    """`Pearl.cuts` as first written, on `plain_loops`: the same clauses in the same order."""
    pieces = plain_loops(p, loop)
    if len(pieces) <= 1:
        return []
    some_edge = [edges.at(q[0], loop[q[0][0]][q[0][1]][0]) for q in pieces]
    clauses = []
    for i, piece in enumerate(pieces):
        border = [edges.at(cell, d) for cell in piece for d in DIRS
                  if edges.at(cell, d) is not None and step(cell, d) not in set(piece)]
        clauses += [border + [-some_edge[i], -some_edge[j]] for j in range(len(pieces)) if j != i]
    return clauses


def scattered_squares(p: PearlParams, rng: random.Random) -> Loop:
    """A few disjoint 2x2 loops: a candidate with several pieces on any board."""
    grid: list[list[set[str]]] = [[set() for _ in range(p.width)] for _ in range(p.height)]
    for _ in range(rng.randint(1, 6)):
        r, c = rng.randrange(p.height - 1), rng.randrange(p.width - 1)
        if not any(grid[r + i][c + j] for i in (0, 1) for j in (0, 1)):
            for i in (0, 1):
                for j in (0, 1):
                    grid[r + i][c + j] |= {"D" if i == 0 else "U", "R" if j == 0 else "L"}
    return as_loop(grid)


def test_board_tables_follow_the_grid():
    for w, h in ((2, 2), (5, 3), (3, 7)):
        p = make_params(w, h)
        b = board(p)
        assert b is board(make_params(w, h))  # made once per size
        assert list(b.cells) == p.cells() and list(b.edges) == p.edges()
        for i, cell in enumerate(b.cells):
            for d in DIRS:
                there = b.toward[i].get(d)
                assert (b.cells[there] if there is not None else None) == \
                    (step(cell, d) if p.inside(step(cell, d)) else None)
        with pytest.raises(TypeError):
            b.toward[0]["U"] = 0  # type: ignore[index]  # shared by every session: read only


def test_decode_loops_and_cuts_match_plain_definitions():
    rng = random.Random(23)
    for w, h in ((4, 4), (5, 3), (7, 6)):
        p = make_params(w, h)
        session = SatSession(PUZZLE, p)
        rules, edges = session.rules, session.rules.data
        every = sorted(set(edges.var.values()))
        for _ in range(50):  # any edge set, degrees 1, 3 and 4 too
            true_vars = frozenset(v for v in every if rng.random() < 0.5)
            assert PUZZLE.decode(p, rules, true_vars) == tuple(
                tuple(shape(d for d in DIRS if edges.at((r, c), d) in true_vars) for c in range(w)) for r in range(h))
        cands = list(PUZZLE.candidates(p)) if w * h <= 16 else []
        cands += [scattered_squares(p, rng) for _ in range(100)] + [random_loop(p, rng) for _ in range(10)]
        for cand in cands:
            true_vars = frozenset(edges.at(cell, d) for cell in p.cells() for d in cand[cell[0]][cell[1]])
            assert PUZZLE.decode(p, rules, true_vars) == cand
            assert loops_of(p, cand) == plain_loops(p, cand)
            assert PUZZLE.cuts(p, rules, cand, true_vars) == plain_cuts(p, edges, cand)
        session.close()


def test_sketch_window_and_worths_match_sites():
    """A flip changes no pearl site outside its window, which is its corners and their
    neighbours; `worths` agrees with `site` cell by cell."""
    rng = random.Random(4)
    for w, h in ((3, 3), (6, 5), (8, 8)):
        p = make_params(w, h)
        sketch = Sketch(p)
        assert layout(p) is layout(make_params(w, h))
        for k, (i, j) in enumerate(sketch.faces):
            near = {(r + dr, c + dc) for r in (i, i + 1) for c in (j, j + 1)
                    for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))}
            assert sorted(sketch.window[k]) == sorted(r * w + c for r, c in near if 0 <= r < h and 0 <= c < w)
        cells = range(w * h)
        n = len(sketch.faces)
        for _ in range(10 * n):
            k = rng.randrange(n)
            if not sketch.may_flip(k):
                continue
            before = [sketch.site(cell) for cell in cells]
            sketch.flip(k)
            after = [sketch.site(cell) for cell in cells]
            assert {cell for cell in cells if before[cell] != after[cell]} <= set(sketch.window[k])
            assert worths(sketch.bits, sketch.ways, cells) == [SITE_WORTH[site] for site in after]
        inner = [r * w + c for r in range(1, h - 1) for c in range(1, w - 1)]
        for _ in range(20):  # any shapes, not only a loop's
            sketch.bits = [rng.randrange(16) for _ in cells]
            assert worths(sketch.bits, sketch.ways, inner) == [SITE_WORTH[sketch.site(cell)] for cell in inner]


def test_random_loop_is_the_drawing_it_always_was():
    """Datasets stay reproducible: this seed has drawn this loop since the hill-climb began."""
    loop = random_loop(make_params(7, 5), random.Random(11))
    assert ["".join(BOX[s] for s in row) for row in loop] == [
        "┌──┐┌─┐",
        "│··││·│",
        "└─┐└┘·│",
        "··│·┌─┘",
        "··└─┘··",
    ]


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


# ---- for language models ----------------------------------------------------------------------
def test_a_messy_answer_is_read_leniently():
    """Prose first, a fence, bars or commas between cells, letters in any order and case,
    compass letters, drawn corners: all read as the loop."""
    from puzzlelab.lab.engine.solve import solve

    inst = PUZZLE.parse(PUZZLE.example)
    solution = solve(PUZZLE, inst)
    assert PUZZLE.answer_text(inst, solution) == ". DR LR DL\n. UD . UD\n. UD . UD\n. UR LR UL"
    messy = ("The loop goes round the right three columns.\n```text\n| . | rd | LR | ld |\n.,du,.,UD\n"
             "0  NS  ·  ┃\n. ┗ we ┘\n```\n")
    assert PUZZLE.read_answer(inst, messy) == solution
    assert PUZZLE.read_answer(inst, ". . . .\n" * 4) == (("",) * 4,) * 4  # a row of empty cells is no frame
    with pytest.raises(PuzzleError, match="row 1, column 2"):
        PUZZLE.read_answer(inst, ". DD LR DL\n. UD . UD\n. UD . UD\n. UR LR UL")
