"""Shakashaka, what is its own: the grid point's table and its clauses against their
definitions, the point rule against pzprjs's area checker on every filling of tiny boards,
tiny boards against brute force, boards of human setters, the forms' corner cases, the
generator's draw and repair, the terminal and the picture. pzprjs's test URL and failchecks
are in tests/test_puzzlink_genres.py; the rituals every puzzle shares in tests/cases/shakashaka.py."""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest
from cases.shakashaka import SOLVED, triangles

from puzzlelab.generators.shakashaka import (
    GENERATOR,
    Drawing,
    ShakashakaSpec,
    draw_board,
    numbers,
    side_against,
    structure_template,
    upright_sides,
)
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.shakashaka import (
    EMPTY,
    LOWER_LEFT,
    LOWER_RIGHT,
    PLACES,
    PUZZLE,
    UPPER_LEFT,
    UPPER_RIGHT,
    VALUES,
    ShakashakaParams,
    black_as,
    open_point_clauses,
    point_allows,
    point_clauses,
    point_table,
)

DATA = Path(__file__).parent / "data"
MASKS = [tuple(bool(m >> i & 1) for i in range(4)) for m in range(16)]


def minimal_transversals(edges: list[frozenset]) -> list[frozenset]:
    """The minimal sets meeting every edge (Berge: edge by edge, each set so far kept if it
    meets the edge, else grown by each of its members; the non-minimal dropped)."""
    found = [frozenset()]
    for edge in edges:
        grown = {t for t in found if t & edge} | {t | {v} for t in found if not t & edge for v in edge}
        kept: list[frozenset] = []
        for t in sorted(grown, key=len):
            if not any(m <= t for m in kept):
                kept.append(t)
        found = kept
    return found


def members(lits) -> frozenset:
    """A clause of `point_clauses` as the (place, value) pairs that satisfy it."""
    out = set()
    for at, v, holds in lits:
        out |= {(at, v)} if holds else {(at, u) for u in VALUES if u != v}
    return frozenset(out)


# ---- the grid point ------------------------------------------------------------------------------
def test_the_point_table_by_hand():
    """A few points a person can check: white all round, a straight side, a corner, a concave
    corner, an acute one, two corners touching."""
    E, B = EMPTY, -1
    assert point_allows([E, E, E, E]) and point_allows([B, B, B, B])
    assert point_allows([B, B, E, E])  # a straight side along the row
    assert point_allows([B, B, B, E])  # a corner
    assert not point_allows([B, E, E, E])  # concave: 270 degrees
    assert point_allows([E, B, B, E])  # two corners touching at the point
    assert point_allows([UPPER_LEFT, UPPER_RIGHT, LOWER_LEFT, LOWER_RIGHT])  # a 2x2 diamond's centre
    assert point_allows([LOWER_RIGHT, LOWER_LEFT, UPPER_RIGHT, UPPER_LEFT])  # four right angles meet: black
    assert not point_allows([LOWER_RIGHT, E, E, E])  # a right angle in a concave corner
    assert point_allows([UPPER_RIGHT, B, E, UPPER_RIGHT])  # a diagonal side straight through
    assert not point_allows([UPPER_RIGHT, B, E, E])  # a diagonal side that turns by 45 degrees
    assert [len(point_table(mask)[1]) for mask in MASKS[:2]] == [111, 27]


def test_the_open_points_clauses_are_its_prime_implicates():
    """The written-in table of `OPEN_POINT`, turned and mirrored, is exactly the minimal
    transversals of the combinations an open point allows: 104 clauses."""
    free, allowed = point_table(MASKS[0])
    found = {t for t in minimal_transversals([frozenset(enumerate(c)) for c in allowed])
             if not any(sum(1 for p, _ in t if p == q) == len(VALUES) for q in free)}
    assert open_point_clauses() == found and len(found) == 104


@pytest.mark.parametrize("mask", MASKS[1:], ids=lambda m: "".join(p for p, b in zip(PLACES, m) if b))
def test_each_kind_of_points_clauses_are_its_prime_implicates(mask):
    """Black cells put in as the triangle that meets the point alike: the restricted clauses
    are the prime implicates of the restricted table, and keep exactly its combinations."""
    free, allowed = point_table(mask)
    found = {t for t in minimal_transversals([frozenset(enumerate(c)) for c in allowed])
             if not any(sum(1 for p, _ in t if p == q) == len(VALUES) for q in range(len(free)))}
    clauses = [members(lits) for lits in point_clauses(mask)]
    assert set(clauses) == found and len(clauses) == len(found)
    for combo in product(VALUES, repeat=len(free)):
        keeps = all(any((at, v) in clause for at, v in enumerate(combo)) for clause in clauses)
        assert keeps == (combo in allowed), (mask, combo)


def test_a_black_cell_meets_a_point_as_the_triangle_with_its_right_angle_there():
    assert [black_as(place) for place in range(4)] == [LOWER_RIGHT, LOWER_LEFT, UPPER_RIGHT, UPPER_LEFT]
    for mask in MASKS:
        for combo in product(VALUES, repeat=4 - sum(mask)):
            rest = iter(combo)
            values = [-1 if black else next(rest) for black in mask]
            as_triangles = [black_as(place) if v == -1 else v for place, v in enumerate(values)]
            assert point_allows(values) == point_allows(as_triangles)


def test_the_structures_clauses_let_any_cell_be_black():
    """The generator's six-valued points: a combination is kept exactly when the point allows
    it with the black cells it names."""
    for offboard in MASKS:
        on = [place for place, out in enumerate(offboard) if not out]
        clauses = structure_template(offboard)
        for combo in product(range(len(VALUES) + 1), repeat=len(on)):
            values = [-1] * 4
            for place, v in zip(on, combo):
                values[place] = -1 if v == len(VALUES) else v
            keeps = all(any((combo[at] == u) == holds for at, u, holds in clause) for clause in clauses)
            assert keeps == point_allows(values), (offboard, combo)


# ---- the rules against pzprjs's checker --------------------------------------------------------------
def every_filling(params: ShakashakaParams):
    whites = params.whites()
    for combo in product(VALUES, repeat=len(whites)):
        grid = [[EMPTY] * params.width for _ in range(params.height)]
        for (r, c), v in zip(whites, combo):
            grid[r][c] = v
        yield tuple(map(tuple, grid))


def area_problems(inst: Instance, filling) -> bool:
    return any("rectangle" in problem for problem in PUZZLE.verify(inst, filling))


def points_hold(params: ShakashakaParams, filling) -> bool:
    for _, around in params.points():
        values = [filling[r][c] if params.white(r, c) else -1 for r, c in around]
        if not point_allows(values):
            return False
    return True


def check_every_filling(width: int, height: int, most: int, layouts_at_most: int) -> None:
    """On black layouts leaving at most `most` white cells (a random sample of
    `layouts_at_most` where there are more) and every filling of each: the white areas are
    all rectangles for pzprjs's checker (our `verify`) exactly when every grid point allows
    its cells; and `candidates` leaves out no filling that passes."""
    rng = random.Random(width * 7 + height)
    cells = [(r, c) for r in range(height) for c in range(width)]
    layouts = [frozenset(cell for cell, b in zip(cells, bits) if b)
               for bits in product((False, True), repeat=len(cells)) if len(cells) - sum(bits) <= most]
    for blacks in rng.sample(layouts, min(len(layouts), layouts_at_most)):
        params = ShakashakaParams(width, height, blacks)
        inst = Instance(PUZZLE.name, params, {})
        kept = set(PUZZLE.candidates(params))
        for filling in every_filling(params):
            good = not area_problems(inst, filling)
            assert good == points_hold(params, filling), (sorted(blacks), filling)
            assert not good or filling in kept


def test_the_point_rule_is_pzprjs_area_check_on_every_filling():
    check_every_filling(2, 2, 4, 16)
    check_every_filling(3, 2, 4, 8)


@pytest.mark.slow
@pytest.mark.parametrize("width, height, most", [(3, 2, 6), (2, 3, 6), (5, 1, 5), (3, 3, 6), (4, 3, 5), (4, 4, 5)])
def test_the_point_rule_is_pzprjs_area_check_on_more_fillings(width, height, most):
    check_every_filling(width, height, most, 40)


def random_board(rng: random.Random) -> Instance:
    """A random tiny board of at most 10 white cells: mostly black cells drawn with a filling
    (the generator's draw), else at random; some numbers true to the filling, or one of them
    off by one, or random numbers."""
    width, height = rng.choice([(3, 3), (4, 3), (3, 4), (4, 4)])
    cells = [(r, c) for r in range(height) for c in range(width)]
    density = max(len(cells) - 10, rng.randint(1, 5)) / len(cells)
    if rng.random() < 0.7:
        drawing = Drawing(ShakashakaSpec(width, height, density))
        params, filling = drawing.structure(rng)
        drawing.close()
        truth = numbers(params, filling)
    else:
        params = ShakashakaParams(width, height, frozenset(rng.sample(cells, round(density * len(cells)))))
        truth = {cell: rng.randint(0, 2) for cell in sorted(params.blacks)}
    whites = params.whites()
    if len(whites) > 10:  # the draw let black cells go
        params = ShakashakaParams(width, height, params.blacks | set(rng.sample(whites, len(whites) - 10)))
        truth = {cell: truth.get(cell, 0) for cell in sorted(params.blacks)}
    mode = rng.random()
    if mode < 0.65:
        clues = {k: v for k, v in truth.items() if rng.random() < 0.3}
    elif mode < 0.85:
        clues = {k: v for k, v in truth.items() if rng.random() < 0.6}
        if clues:
            key = rng.choice(sorted(clues))
            clues[key] = (clues[key] + 1) % 5
    else:
        clues = {k: rng.randint(0, 4) for k in truth if rng.random() < 0.5}
    return Instance(PUZZLE.name, params, clues)


def test_random_tiny_boards_agree_with_brute_force():
    """Brute force over `candidates` with `verify`, SAT (both rule sets) and CP-SAT count alike."""
    rng = random.Random(2027)
    seen = {0: 0, 1: 0, 2: 0}
    for _ in range(30):
        inst = random_board(rng)
        n = brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params))
        assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
        seen[min(n, 2)] += 1
    assert min(seen.values()) >= 5, seen


def test_a_board_needs_a_triangle():
    """pzprjs's `brNoTriangle`: a board white all over has the empty filling only, and that
    is no solution; a 1xN board holds no triangle at all."""
    assert check_instance(PUZZLE, PUZZLE.parse("..\n..")).status == "unique"  # the diamond
    assert check_instance(PUZZLE, PUZZLE.parse("...")).status == "unsolvable"
    assert PUZZLE.verify(PUZZLE.parse("..."), ((0, 0, 0),)) == ["no triangle is placed"]


def test_verify_accepts_the_example_solution():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.verify(inst, triangles(SOLVED)) == []
    assert check_instance(PUZZLE, inst).solutions[0] == triangles(SOLVED)


def test_a_clue_on_a_white_cell_is_refused():
    rules = SessionCache().get(PUZZLE, PUZZLE.parse(PUZZLE.example).params).rules
    with pytest.raises(PuzzleError, match="not a black cell"):
        PUZZLE.clue_clauses(PUZZLE.parse(PUZZLE.example).params, rules, (1, 1), 2)


# ---- boards of human setters -------------------------------------------------------------------------
def human_boards() -> list[str]:
    return [line for line in (DATA / "shakashaka_boards.txt").read_text().splitlines() if line.startswith("http")]


def test_human_boards_are_unique_and_read_back():
    urls = human_boards()
    assert len(urls) == 6
    for url in urls:
        inst = PUZZLE.parse(url)
        report = check_instance(PUZZLE, inst)
        assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == [], url
        written = PUZZLE.format(inst, "puzzlink")
        assert PUZZLE.parse(written) == inst and url.split("?")[1].startswith(written.split("?")[1][:-1])
        for fmt in ("text", "json", "pzprv3"):
            assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst


def test_semiexps_board_has_the_triangles_cspuz_checks():
    solution = check_instance(PUZZLE, PUZZLE.parse(human_boards()[0])).solutions[0]
    assert (solution[0][5], solution[7][4], solution[6][2]) == (UPPER_LEFT, UPPER_RIGHT, LOWER_RIGHT)


def test_the_ring_of_zeros_has_no_concave_corner():
    """hf_1199: the integer program let a concave corner through at a corner of the ring, with
    an upper left triangle diagonally outside it; here each such cell turns its right angle
    to the ring's corner."""
    inst = PUZZLE.parse(human_boards()[-1])
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert (solution[2][2], solution[2][7], solution[7][2], solution[7][7]) == (
        LOWER_RIGHT, LOWER_LEFT, UPPER_RIGHT, UPPER_LEFT)
    assert PUZZLE.format_solution(inst, solution).splitlines()[3] == "◤◥.0000.◤◥"


# ---- the forms -------------------------------------------------------------------------------------
def test_the_text_form_reads_dashes_and_writes_dots():
    inst = PUZZLE.parse("-_#\n0.4")
    assert inst.params.blacks == frozenset({(0, 2), (1, 0), (1, 2)}) and inst.clues == {(1, 0): 0, (1, 2): 4}
    assert PUZZLE.format(inst) == "..#\n0.4"


def test_puzzlink_holds_plain_and_numbered_black_cells():
    inst = PUZZLE.parse("#...\n...0\n....\n4..#")
    url = PUZZLE.format(inst, "puzzlink")
    assert url == "https://puzz.link/p?shakashaka/4/4/.lahe./"  # a number takes two white cells after it along
    assert PUZZLE.parse(url) == inst


def test_the_solved_pzprv3_file_is_pzprjs_accepted_board():
    """The file `solve --out-format pzprv3` writes is the one pzprjs accepts for its test URL,
    but for the dots (`+`) its player left."""
    url = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"
    accepted = ("pzprv3/shakashaka/6/6/2 . . . 1 . /. . . 3 . . /. . 4 . . . /3 . . . . . /. . . . . . /. . . 1 . . "
                "/. 5 4 + . + /5 . 3 . 5 4 /2 3 . 5 . 3 /. 5 4 2 3 . /5 . 3 + 5 4 /2 3 + . 2 3 /")
    inst = PUZZLE.parse(url)
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.replace("\n", "/") == accepted.replace("+", ".")
    assert read_pzprv3_answer(PUZZLE, accepted) == (inst, solution)
    plain = PUZZLE.parse("#.\n.2")
    assert PUZZLE.format(plain, "pzprv3") == "pzprv3\nshakashaka\n2\n2\n5 . \n. 2 \n. . \n. . \n"


def test_json_takes_a_grid_of_cells():
    inst = PUZZLE.parse('{"puzzle": "shakashaka", "grid": ["2.", "#."]}')
    assert inst.clues == {(0, 0): 2} and inst.params.blacks == frozenset({(0, 0), (1, 0)})
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst


def test_answers_read_shapes_and_corner_names():
    inst = PUZZLE.parse(PUZZLE.example)
    solution = triangles(SOLVED)
    assert PUZZLE.read_answer(inst, PUZZLE.answer_text(inst, solution)) == solution
    assert PUZZLE.read_answer(inst, "2 UL UR .\nUL . LR .\nLL LR # .\n. # # .") == solution


def test_canonical_forms_meet_under_turns():
    inst = PUZZLE.parse("2...\n....\n..#.\n.##.")
    turned = PUZZLE.parse(".##.\n.#..\n....\n...2")  # turned half round
    assert PUZZLE.canonical(inst) == PUZZLE.canonical(turned)


# ---- the generator ---------------------------------------------------------------------------------
def test_drawn_boards_are_valid_near_their_density_and_unique():
    rng = random.Random(8)
    for size, density in [(6, 0.2), (10, 0.2), (10, 0.4), (5, 0.0)]:
        spec = ShakashakaSpec(size, size, density)
        drawing = Drawing(spec)
        params, solution = drawing.structure(rng)
        drawing.close()
        assert PUZZLE.verify(Instance(PUZZLE.name, params, numbers(params, solution)), solution) == []
        assert abs(len(params.blacks) - density * size * size) <= 0.1 * size * size
        params, solution = draw_board(spec, rng)
        inst = Instance(PUZZLE.name, params, numbers(params, solution))
        assert PUZZLE.verify(inst, solution) == [] and check_instance(PUZZLE, inst).status == "unique"


def test_a_side_is_blackened_where_the_rival_is_not():
    """An open 2x2 white block between black columns: the diamond and the empty square are
    both fillings. Blackening a side of the empty square keeps it valid and ends the diamond."""
    params = ShakashakaParams(4, 2, frozenset({(0, 0), (1, 0), (0, 3), (1, 3)}))
    empty = ((0, 0, 0, 0), (0, 0, 0, 0))
    diamond = ((0, UPPER_LEFT, UPPER_RIGHT, 0), (0, LOWER_LEFT, LOWER_RIGHT, 0))
    assert set(upright_sides(params, empty)) == {
        frozenset({(0, 1), (0, 2)}), frozenset({(1, 1), (1, 2)}), frozenset({(0, 1), (1, 1)}),
        frozenset({(0, 2), (1, 2)})}
    side = side_against(params, empty, diamond, random.Random(1))
    assert side is not None and len(side) == 2
    new = ShakashakaParams(4, 2, params.blacks | side)
    assert PUZZLE.verify(Instance(PUZZLE.name, new, numbers(new, empty)), empty) == ["no triangle is placed"]
    assert PUZZLE.verify(Instance(PUZZLE.name, new, numbers(new, empty)), diamond)
    assert side_against(params, diamond, empty, random.Random(1)) is None  # no upright rectangle


def test_the_drawing_finds_the_rival_and_blackens_it_away():
    """A white 3x2 board has two fillings, a diamond on either side of an upright column: the
    drawing's session finds the other one, and a cell of the column turned black (numbered)
    leaves ours alone."""
    params = ShakashakaParams(3, 2, frozenset())
    ours = ((UPPER_LEFT, UPPER_RIGHT, EMPTY), (LOWER_LEFT, LOWER_RIGHT, EMPTY))
    theirs = ((EMPTY, UPPER_LEFT, UPPER_RIGHT), (EMPTY, LOWER_LEFT, LOWER_RIGHT))
    drawing = Drawing(ShakashakaSpec(3, 2, 0.0))
    try:
        assert drawing.rival(params, ours) == theirs
        pinned = drawing.unique(params, ours, random.Random(2))
        assert pinned is not None and len(pinned.blacks) == 1 and set(pinned.blacks) <= {(0, 2), (1, 2)}
        assert drawing.rival(pinned, ours) is None
    finally:
        drawing.close()


def test_generated_puzzles_are_minimal_and_read_back():
    from puzzlelab.lab.engine.generator import generate_one

    made = generate_one(PUZZLE, GENERATOR, GENERATOR.params(size=6), random.Random(3), SessionCache())
    assert made.unique and made.minimal and PUZZLE.verify(made.instance, made.solution) == []
    assert PUZZLE.parse(PUZZLE.format(made.instance, "puzzlink")) == made.instance


# ---- for people ---------------------------------------------------------------------------------
def test_show_draws_black_cells_solid_and_numbers():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert "2" in shown[1] and "█" in shown[3] and "·" in shown[2]


def test_the_picture_writes_each_number_and_draws_each_triangle(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    solution = triangles(SOLVED)
    written = drawn(monkeypatch, PUZZLE, inst, solution)
    assert [w.text for w in written] == ["2", "2"]
    import matplotlib.pyplot as plt
    from matplotlib.collections import PolyCollection

    fig, ax = plt.subplots()
    PUZZLE.draw(ax, inst, solution)
    polys = [c for c in ax.collections if type(c) is PolyCollection]
    plt.close(fig)
    assert sum(len(c.get_paths()) for c in polys) == 6


def test_pzprjs_failchecks_are_named_by_verify_on_their_own_boards():
    """Each board pzprjs's test script refuses breaks the rule its code names (read with its
    own black cells and numbers: two are other puzzles than the test URL's)."""
    import json

    words = {"brNoTriangle": "no triangle is placed", "nmTriangleGt": "triangles beside it",
             "nmTriangleLt": "triangles beside it", "cuNotRectx": "is no rectangle"}
    rows = (DATA / "pzprjs" / "pzprjs_testdata.jsonl").read_text().splitlines()
    row = next(json.loads(line) for line in rows if '"pid":"shakashaka"' in line.replace(" ", ""))
    url = PUZZLE.parse("?shakashaka/" + row["url"])
    assert {fail["code"] for fail in row["failchecks"]} == set(words)
    for fail in row["failchecks"]:
        board = fail["board"]
        inst, marks = read_pzprv3_answer(PUZZLE, board if board.count("/") > 4 else PUZZLE.format(url, "pzprv3"))
        problems = PUZZLE.verify(inst, marks)
        assert any(words[fail["code"]] in p for p in problems), (fail["code"], problems)
