"""Map (four-colouring): what only this puzzle knows. Seed 000's example (a bare graph of
regions, and the Tatham board it was typed from), `verify` rule by rule, Tatham's own
boards and his parser, the text forms' corner cases, random tiny maps against brute force,
and the generator."""

from __future__ import annotations

import ast
import random
from itertools import product
from pathlib import Path

import pytest
from cases.map import TATHAM_IDS
from declarations import data_text, tatham_id_lines

from puzzlelab.generators.map import (
    RING,
    STEPS,
    WEIGHT,
    Cumulative,
    MapSpec,
    around,
    fill_stragglers,
    four_colour,
    grow_regions,
    options_at,
    pick_option,
    ring_getters,
)
from puzzlelab.lab.engine.crosscheck import assert_unique_with, brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.solvers.map import COLOURS, PUZZLE, MapParams, graph_map, grid_map, orthogonal

DATA = Path(__file__).parent / "data"
LIMIT = 1000  # solutions counted at most
SEED_TEXT = (DATA / "map_seed000.txt").read_text()
# The board the seed's graph was typed from (its test names the random seed):
#   /usr/games/sgt-map --generate 1 '30x25n75dh#361746541306980'
SEED_TATHAM = (
    "30x25n75:jbbcbeiadbaccbcajgdabaegfacadbhagbadabdciacaeagaedbbjaadaebaabaaiaaaaacabcbabaaecaaaeaddcabbbcaadbaab"
    "baaadgabaaehbdacadcbbbdadcabdaababdeedabaaaacdbaacbbaaaaabcabgacadcbdcaaafcabeacddabadaabbbbacacdaabbbdaaheeac"
    "aaaibaadacafeccbababafabaaabdifaabccbabkacaabhbeadbadkaaaobacdafabahaadebabacadcacdcbgabaeabacaagbaaalafccaaa"
    "aaaacagabbcaaaabfacacaaajaabababaaaaabhababaaaaabdbcbaaeaabbcdbcbfcaaadacabaaadaidgadbbfcblancaaadaaaadabafea"
    "aeacbacaafeaabaabedicaabdgabdbacbdafbbcaadaeacacbcaaabaabaaeldaaadccafdbadaccbbfeccaabadbrcaaoaabdababahbbaaa"
    "dbabdb,1b0c1f101c2k31023b2c2c0g3d0c2a12e22")
# The seed's script output.
SEED_SOLUTION = data_text("map_seed_solution.txt")


def colouring(text: str) -> tuple[int, ...]:
    """Colour letters (anything else ignored) as a solution."""
    return tuple(COLOURS.index(ch) for ch in text if ch in COLOURS)


# ---- the seed example ---------------------------------------------------------------------
def test_seed_example_is_unique_with_the_stated_solution():
    inst = PUZZLE.parse(SEED_TEXT)
    assert not inst.params.is_grid and inst.params.n == 75 and len(inst.clues) == 22
    stated = ast.literal_eval(SEED_SOLUTION)
    assert_unique_with(PUZZLE, inst, tuple(COLOURS.index(stated[k]) for k in range(75)))


def test_seed_solution_is_written_as_the_seed_prints_it():
    inst = PUZZLE.parse(SEED_TEXT)
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert PUZZLE.format_solution(inst, solution, "array") == SEED_SOLUTION


def test_seed_example_is_tathams_board_up_to_one_hand_typed_border():
    """The seed's graph was typed off Tatham's board: the same regions, numbers and givens,
    but it has regions 34 and 39 touching, which on his board meet only at a corner. Both
    are unique, with the same colouring."""
    typed, board = PUZZLE.parse(SEED_TEXT), PUZZLE.parse(SEED_TATHAM)
    assert board.params.is_grid and (board.params.width, board.params.height, board.params.n) == (30, 25, 75)
    assert typed.clues == board.clues
    assert set(typed.params.edges) - set(board.params.edges) == {(34, 39)}
    assert set(board.params.edges) <= set(typed.params.edges)
    assert_unique_with(PUZZLE, board, check_instance(PUZZLE, typed).solutions[0])
    assert PUZZLE.format(board, "tatham") == SEED_TATHAM


# ---- verify, rule by rule -----------------------------------------------------------------
EXAMPLE_SOLUTION = "RRYY GGGB YGYB YRRB"  # cell by cell; by region: R Y G B Y Y R


def by_region(cells: str) -> tuple[int, ...]:
    inst = PUZZLE.parse(PUZZLE.example)
    painted = colouring(cells)
    out = [0] * inst.params.n
    for i, k in enumerate(k for row in inst.params.cells for k in row):
        out[k] = painted[i]
    return tuple(out)


def test_verify_accepts_the_example_solution():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.verify(inst, by_region(EXAMPLE_SOLUTION)) == []
    assert PUZZLE.format_solution(inst, by_region(EXAMPLE_SOLUTION)) == "R R Y Y\nG G G B\nY G Y B\nY R R B"


def test_verify_reads_the_grid_itself_and_allows_corners():
    """Regions 0 and 3 of the first map meet only at a corner: the same colour is fine."""
    inst = PUZZLE.parse("0 1\n2 3")
    assert (0, 3) not in inst.params.edges and PUZZLE.verify(inst, (0, 1, 1, 0)) == []
    assert "regions 0 and 1 touch and are both R" in PUZZLE.verify(inst, (0, 0, 1, 0))


# ---- Tatham's game IDs --------------------------------------------------------------------
def test_tatham_ids_are_every_grade():
    assert {asked[-1] for asked, _ in tatham_id_lines(TATHAM_IDS.file)} == set("enhu")


def test_our_grade_is_tathams_own():
    """His solver ported (`TathamSolver`): each of his boards grades as the difficulty it was
    generated at (his generator keeps a board only if the grade below cannot solve it)."""
    grade = {"e": "easy", "n": "normal", "h": "hard", "u": "unreasonable"}
    for asked, game in tatham_id_lines(TATHAM_IDS.file):
        assert PUZZLE.human_grade(PUZZLE.parse(game)) == {"tatham": grade[asked[-1]]}, asked
    assert PUZZLE.human_grade(PUZZLE.parse(SEED_TATHAM)) == {"tatham": "hard"}  # the seed's 30x25n75dh
    assert PUZZLE.human_grade(PUZZLE.parse("0 1\n2 3\ngiven 0=R 1=R")) == {"tatham": "unreasonable"}  # no colouring


def test_tatham_long_runs_and_the_default_region_count():
    """z is 25 edges without a switch in the edge list, 26 regions in the clue list; without
    `n` his parameters mean w*h/8 regions."""
    stripes = PUZZLE.parse("\n".join(" ".join(str(c) for c in range(30)) for _ in range(2)))
    gid = PUZZLE.format(stripes, "tatham")
    assert gid == "30x2n30:zfzzh,zd" and PUZZLE.parse(gid) == stripes
    coloured = Instance("map", stripes.params, {29: 3})
    assert PUZZLE.format(coloured, "tatham") == "30x2n30:zfzzh,zc3"
    assert PUZZLE.parse(PUZZLE.format(coloured, "tatham")) == coloured
    example = PUZZLE.parse(PUZZLE.example)
    with pytest.raises(PuzzleError, match="parameters say 2"):  # 4x4 without n: 16 / 8 = 2 regions
        PUZZLE.parse("4x4:" + PUZZLE.format(example, "tatham").split(":")[1])


def test_maps_tatham_cannot_open_have_no_id():
    with pytest.raises(PuzzleError, match="at least 5 regions"):
        PUZZLE.format(PUZZLE.parse("0 0 1\n2 3 3"), "tatham")
    with pytest.raises(PuzzleError, match="at least 2x2"):
        PUZZLE.format(PUZZLE.parse("0 1 2 3 4 5"), "tatham")
    with pytest.raises(PuzzleError, match="bare graph"):
        PUZZLE.format(PUZZLE.parse(SEED_TEXT), "tatham")


# ---- the other formats ------------------------------------------------------------------------
def test_region_names_are_renumbered_in_order_of_first_appearance():
    named = PUZZLE.parse("b b a\nc c a\ngiven a=G c=3")
    assert named.params == PUZZLE.parse("0 0 1\n2 2 1").params
    assert named.clues == {1: 2, 2: 3}
    assert PUZZLE.format(named) == "0 0 1\n2 2 1\ngiven 1=G 2=B"


def test_graph_text_form_and_json_hold_a_bare_graph():
    inst = PUZZLE.parse("graph\nA: B C\nB: C\nC:\nD: A\ngiven A=r")
    assert inst.params == graph_map(4, [(0, 1), (0, 2), (1, 2), (0, 3)]) and inst.clues == {0: 0}
    assert PUZZLE.format(inst) == "graph\n0: 1 2 3\n1: 2\n2:\n3:\ngiven 0=R"
    for fmt in ("text", "array", "json"):
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst, fmt
    assert check_instance(PUZZLE, inst).status == "ambiguous"


@pytest.mark.parametrize("fmt", PUZZLE.formats)
def test_a_wide_map_round_trips(fmt):
    made = generate_one(PUZZLE, generator("map"), generator("map").params(width=12, height=9, regions=14),
                        random.Random(8), SessionCache())
    assert PUZZLE.parse(PUZZLE.format(made.instance, fmt)) == made.instance
    assert PUZZLE.parse("\ufeff" + PUZZLE.format(made.instance, fmt)) == made.instance


def test_the_array_form_checks_a_grids_neighbour_list():
    inst = PUZZLE.parse(PUZZLE.example)
    text = PUZZLE.format(inst, "array")
    assert text.startswith("board = [\n  [0, 0, 1, 1],") and "fixed_colors = {0: 'R', 3: 'B', 4: 'Y'}" in text
    with pytest.raises(PuzzleError, match="does not list the neighbours"):
        PUZZLE.parse(text.replace("  5: {6},", "  5: set(),"))


# ---- random tiny maps against brute force --------------------------------------------------------
def tiny_map(rng: random.Random) -> MapParams:
    """A random grid map of 2 to 6 regions on a board of up to 4x4, or a random graph."""
    if rng.random() < 0.25:
        n = rng.randint(2, 6)
        return graph_map(n, [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.5])
    while True:
        w, h = rng.randint(2, 4), rng.randint(2, 4)
        cells = [[rng.randrange(6) for _ in range(w)] for _ in range(h)]
        try:
            params, _ = grid_map(cells)
        except PuzzleError:  # a region in two pieces
            continue
        if params.n >= 2:
            return params


def test_brute_force_matches_both_engines_on_random_tiny_maps():
    """The example alone has one map; here 120 random ones (grids and bare graphs, some
    with five mutually touching regions, which no colouring fits) with random givens."""
    rng = random.Random(7)
    tally = {"none": 0, "one": 0, "several": 0}
    for _ in range(120):
        params = tiny_map(rng)
        candidates = list(PUZZLE.candidates(params))
        keys = rng.sample(range(params.n), rng.randint(0, params.n))
        inst = Instance("map", params, {k: rng.randrange(4) for k in keys})
        expected = min(brute_force_count(PUZZLE, inst, candidates), LIMIT)  # the engines stop at the limit
        assert engine_counts(PUZZLE, inst, LIMIT) == (expected, expected), PUZZLE.format(inst)
        tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
    assert min(tally.values()) >= 10, tally


def test_no_clues_means_every_colouring_counts():
    """Colours are labelled: two touching regions have 4 * 3 colourings."""
    inst = PUZZLE.parse("0 1")
    assert engine_counts(PUZZLE, inst) == (12, 12)


# ---- generation --------------------------------------------------------------------------------
def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("map")
    for options, count in (({}, 5), ({"size": 6}, 10), ({"width": 30, "height": 25, "regions": 75}, 2)):
        for made in generated_rechecked(PUZZLE, gen, gen.params(**options), count, seed=5):
            p = made.instance.params
            assert made.minimal and p.n == (options.get("regions") or max(5, p.width * p.height // 10))
            assert len(made.instance.clues) < p.n or p.n < 10  # a small sparse map may need every colour


def test_generated_regions_are_connected_and_numbered_like_tathams():
    gen = generator("map")
    made = generate_one(PUZZLE, gen, gen.params(width=15, height=10, regions=20), random.Random(3), SessionCache())
    p = made.instance.params
    first = []
    for k in (k for row in p.cells for k in row):
        if k not in first:
            first.append(k)
    assert first == list(range(p.n))
    assert grid_map(p.cells)[0] == p  # grid_map refuses a region in two pieces


# The generator as first written (the ring read and every weight counted afresh for each
# cell around the one filled, a Fenwick tree, free colours recounted at every step): the
# fast one must draw the very same maps and colourings from the same random numbers.
def slow_options(cells: list[list[int]], r: int, c: int) -> list[tuple[int, int]]:
    height, width = len(cells), len(cells[0])
    ring = [cells[r + dr][c + dc] if 0 <= r + dr < height and 0 <= c + dc < width else -1 for dr, dc in RING]
    out = []
    for k in {ring[0], ring[2], ring[4], ring[6]} - {-1}:
        if sum(1 for i in range(8) if ring[i] == k and ring[(i + 1) % 8] != k) == 1:
            out.append((k, WEIGHT[sum(ring[i] == k for i in (0, 2, 4, 6))]))
    return out


def slow_regions(spec: MapSpec, rng: random.Random) -> list[list[int]]:
    w, h = spec.width, spec.height
    cells = [[-1] * w for _ in range(h)]
    for k, i in enumerate(rng.sample(range(w * h), spec.regions)):
        cells[i // w][i % w] = k
    weights = [0] * (w * h)
    choices: list[list[tuple[int, int]]] = [[] for _ in range(w * h)]

    def rescan(r: int, c: int) -> None:
        choices[r * w + c] = slow_options(cells, r, c) if cells[r][c] < 0 else []
        weights[r * w + c] = sum(wt for _, wt in choices[r * w + c])

    for r in range(h):
        for c in range(w):
            rescan(r, c)
    while sum(weights):
        pick = rng.randrange(sum(weights))
        i = 0
        while pick >= weights[i]:  # a linear scan finds what map.c's Fenwick tree finds
            pick, i = pick - weights[i], i + 1
        r, c = divmod(i, w)
        cells[r][c] = pick_option(choices[i], pick)
        for rr in range(max(r - 1, 0), min(r + 2, h)):
            for cc in range(max(c - 1, 0), min(c + 2, w)):
                rescan(rr, cc)
    fill_stragglers(cells, rng)
    return cells


def slow_colouring(adjacent: list[list[int]], rng: random.Random) -> tuple[int, ...] | None:
    n = len(adjacent)
    colour = [-1] * n
    tie = [rng.random() for _ in range(n)]
    stack: list[tuple[int, list[int]]] = []

    def free(k: int) -> list[int]:
        used = {colour[j] for j in adjacent[k]}
        return [c for c in range(4) if c not in used]

    for _ in range(STEPS):
        open_regions = [k for k in range(n) if colour[k] < 0]
        if not open_regions:
            return tuple(colour)
        k = min(open_regions, key=lambda j: (len(free(j)), tie[j]))
        left = free(k)
        rng.shuffle(left)
        while not left:
            if not stack:
                raise PuzzleError("this map has no four-colouring")
            k, left = stack.pop()
            colour[k] = -1
        colour[k] = left.pop()
        stack.append((k, left))
    return None


def slow_four_colour(board: MapParams, rng: random.Random) -> tuple[int, ...]:
    adjacent: list[list[int]] = [[] for _ in range(board.n)]
    for a, b in board.edges:
        adjacent[a].append(b)
        adjacent[b].append(a)
    while True:
        found = slow_colouring(adjacent, rng)
        if found is not None:
            return found


@pytest.mark.parametrize("width, height, regions", [(20, 15, 30), (9, 4, 12), (1, 7, 2), (5, 5, 25), (30, 25, 75)])
def test_regions_are_drawn_as_the_first_generator_drew_them(width, height, regions):
    """Same maps, and the random numbers used up alike (the next draw agrees too)."""
    spec = MapSpec(width, height, regions)
    for seed in range(12):
        fast, slow = random.Random(seed), random.Random(seed)
        assert grow_regions(spec, fast) == slow_regions(spec, slow), seed
        assert fast.random() == slow.random()


def test_colourings_are_drawn_as_the_first_generator_drew_them():
    """Random graphs, many with no colouring, so that backing up and giving up are both met."""
    rng, outcomes = random.Random(2), set()
    for seed in range(300):
        n = rng.randint(1, 12)
        board = graph_map(n, [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.55])
        found = []
        for colour in (four_colour, slow_four_colour):
            draws = random.Random(seed)
            try:
                found.append((colour(board, draws), draws.random()))
            except PuzzleError as err:
                found.append((str(err), draws.random()))
        assert found[0] == found[1], seed
        outcomes.add(type(found[0][0]))
    assert outcomes == {tuple, str}


def test_the_join_weights_table_is_the_ring_rule():
    """Every ring of eight drawn from three regions and empty places: the table's options
    are the ring rule's, counted afresh."""
    for ring in product((-1, 0, 1, 2), repeat=8):
        board = [list(ring[7:8] + ring[6:7] + ring[5:6]), [ring[0], -1, ring[4]], list(ring[1:4])]
        if ring[0] == ring[2] == ring[4] == ring[6] >= 0:
            continue  # four beside in one region, which cannot happen: see join_weight
        assert options_at(ring) == slow_options(board, 1, 1), ring


def test_the_board_tables_match_the_board():
    """Each cell's ring read through its getter (off the board: the extra -1), the cells
    around it with the bit of its place in their rings, and its orthogonal neighbours."""
    for width, height in ((1, 1), (1, 5), (4, 1), (5, 3)):
        off = width * height
        for i, (getter, near, beside) in enumerate(zip(ring_getters(width, height), around(width, height),
                                                       orthogonal(width, height))):
            r, c = divmod(i, width)
            places = [(r + dr) * width + c + dc if 0 <= r + dr < height and 0 <= c + dc < width else off
                      for dr, dc in RING]
            cells = list(range(off)) + [-1]
            assert getter(cells) == tuple(cells[j] for j in places)
            assert near == tuple((j, 1 << (place + 4) % 8) for place, j in enumerate(places) if j != off)
            assert all(ring_getters(width, height)[j](cells)[bit.bit_length() - 1] == i for j, bit in near)
            assert set(beside) == {j for place, j in enumerate(places) if place % 2 == 0 and j != off}


def test_cumulative_finds_what_a_linear_scan_finds():
    """Random changes, some taking weight away, over tables shorter and longer than a block."""
    rng = random.Random(1)
    for n in (1, 5, 16, 17, 300):
        table, weights = Cumulative(n), [0] * n
        for _ in range(200):
            i, delta = rng.randrange(n), rng.randint(-weights[0], 4)
            i = 0 if delta < 0 else i
            table.add(i, delta)
            weights[i] += delta
            if sum(weights):
                k = rng.randrange(sum(weights))
                j = 0
                while k >= weights[j]:
                    k, j = k - weights[j], j + 1
                assert table.find(k + sum(weights[:j])) == (j, k) and table.total == sum(weights)


@pytest.mark.parametrize("difficulty, grade", [("e", "easy"), ("n", "normal"), ("u", "unreasonable")])
def test_generating_at_tathams_grades(difficulty, grade):
    gen = generator("map")
    for made in generated_rechecked(PUZZLE, gen, gen.params(diff=difficulty), 2, seed=6):
        assert PUZZLE.human_grade(made.instance) == {"tatham": grade}


def test_generator_options():
    gen = generator("map")
    spec = gen.params()
    assert (spec.width, spec.height, spec.regions) == (20, 15, 30)  # Tatham's default, 20x15n30
    spec = gen.params(size=30, height=25)
    assert (spec.width, spec.height, spec.regions) == (30, 25, 75)  # his large preset, 30x25n75
    assert gen.params(size=2).regions == 4  # at most every cell
    assert gen.params(diff="Hard").difficulty == "h" and gen.params(diff="n").difficulty == "n"


@pytest.mark.slow
def test_many_generated_hard_puzzles_are_hard_for_his_solver():
    """The rest of the slow re-check: tests/cases/map.py."""
    gen = generator("map")
    for made in generated_rechecked(PUZZLE, gen, gen.params(diff="h"), 2, seed=14):
        assert PUZZLE.human_grade(made.instance) == {"tatham": "hard"}


# ---- answers for language models -----------------------------------------------------------
def test_an_answer_is_read_leniently_and_scored():
    from puzzlelab.lab.toolkit.answers import score_text

    inst = PUZZLE.parse(PUZZLE.example)
    solution = (0, 1, 2, 3, 1, 1, 0)
    assert PUZZLE.answer_text(inst, solution) == "R R Y Y\nG G G B\nY G Y B\nY R R B"
    messy = "I colour region 2 green first.\n```\nr,r,y,y\nGGG B\n| y | green | Yellow | b |\nY R R B\n```"
    assert PUZZLE.read_answer(inst, messy) == solution
    assert score_text(PUZZLE, inst, messy, solution).score == 1.0
    pairs = "Answer: 0=R, 1=Y, 2=G\n3: blue 4=Y 5=y 6=R"  # region by region, for a grid map too
    assert PUZZLE.read_answer(inst, pairs) == solution
    with pytest.raises(PuzzleError, match="region 2 is painted both G and Y"):
        PUZZLE.read_answer(inst, "R R Y Y\nG G Y B\nY G Y B\nY R R B")
    with pytest.raises(PuzzleError, match="'0' is no colour"):
        PUZZLE.read_answer(inst, "0 0 1 1\n2 2 2 3\n4 2 5 3\n4 6 6 3")  # the board's region numbers are no colours
    wrong = score_text(PUZZLE, inst, "R R Y Y\nG G G B\nY G Y B\nY B B B", solution)
    assert wrong.parsed and not wrong.valid and 0 < wrong.score < 1
    graph = PUZZLE.parse("graph\na: b c\nb: c\nc:\ngiven a=G")
    assert PUZZLE.answer_text(graph, (2, 0, 1)) == "0=G\n1=R\n2=Y"
    assert PUZZLE.read_answer(graph, "So:\n* 0 = green\n* 1 = red\n* 2 = yellow") == (2, 0, 1)
    with pytest.raises(PuzzleError, match="no colour for region 2"):
        PUZZLE.read_answer(graph, "0=G 1=R")


def turned(text: str) -> str:
    """The region-name grid a quarter turn clockwise; the given line as it is."""
    rows = [line.split() for line in text.split("\n") if not line.startswith("given")]
    given = [line for line in text.split("\n") if line.startswith("given")]
    return "\n".join([" ".join(rows[len(rows) - 1 - r][c] for r in range(len(rows))) for c in range(len(rows[0]))]
                     + given)


def mirrored(text: str) -> str:
    return "\n".join(line if line.startswith("given") else " ".join(line.split()[::-1]) for line in text.split("\n"))


def recoloured(text: str, colours: str) -> str:
    """The given colours renamed: R Y G B become `colours`."""
    return text.translate(str.maketrans("RYGB", colours))


def test_the_canonical_form_is_one_for_every_turn_mirror_and_recolouring():
    base = PUZZLE.canonical(PUZZLE.parse(PUZZLE.example))
    images, t = [], PUZZLE.example
    for k in range(4):
        t = turned(t)
        images += [t, mirrored(recoloured(t, "YGBR"[k:] + "YGBR"[:k]))]
    assert len(set(images)) == 8
    assert all(PUZZLE.canonical(PUZZLE.parse(image)) == base for image in images)
    assert PUZZLE.canonical(PUZZLE.parse(PUZZLE.example.replace("4=Y", "4=R"))) != base
    assert PUZZLE.canonical(PUZZLE.parse(PUZZLE.example.replace("4 6 6 3", "4 6 6 6"))) != base
    graph = "graph\na: b c\nb: c\nc:\ngiven a=G c=Y"
    assert PUZZLE.canonical(PUZZLE.parse(graph)) == PUZZLE.canonical(PUZZLE.parse(recoloured(graph, "BRYG")))
    assert PUZZLE.canonical(PUZZLE.parse(graph)) != PUZZLE.canonical(PUZZLE.parse(graph.replace("c=Y", "c=G")))
