"""Filling: seed example, verify rule by rule, Tatham's game IDs (his generator's boards, and
ours read by his parser), random tiny boards against brute force, formats, generator."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from cases.filling import SEED, TATHAM_IDS
from declarations import digit_grid as grid
from declarations import tatham_id_lines

from puzzlelab.generators.filling import random_filling
from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.crosscheck import brute_force_count, generated_rechecked
from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.engine.sat import SatSession
from puzzlelab.lab.face.registry import generator
from puzzlelab.solvers.filling import PUZZLE, FillingParams, areas, cell_table, tatham_top


# ---- the seed example ---------------------------------------------------------------------
def test_seed_board_reads_as_the_seed_states():
    inst = PUZZLE.parse(SEED.board)
    assert inst.params == FillingParams(7, 6) and len(inst.clues) == 16


def test_seed_board_is_written_in_the_seeds_array():
    inst = PUZZLE.parse(SEED.board)
    assert PUZZLE.format(inst, "array").splitlines()[1] == "  [' ', '4', '2', ' ', ' ', '2', ' '],"


# ---- verify, rule by rule -----------------------------------------------------------------
def problems(text: str, board: str = "...\n...\n...") -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), grid(text))


def test_verify_accepts_a_valid_grid():
    assert problems("121\n525\n555") == []
    assert problems("121\n525\n555", PUZZLE.example) == []


def test_verify_refuses_digits_out_of_range():
    inst = PUZZLE.parse("...\n...\n...")
    assert "r1c1 holds 0: digits run 1..9" in PUZZLE.verify(inst, ((0, 2, 1), (5, 2, 5), (5, 5, 5)))
    small = PUZZLE.parse("..")
    assert "r1c1 holds 3: digits run 1..2" in PUZZLE.verify(small, ((3, 3),))


def test_equal_digits_apart_are_two_areas():
    assert problems("1221", "....") == []  # two areas of one 1 each
    assert "the area of 2s at r1c2 has 1 cells, fewer than 2" in problems("12\n21", "..\n..")  # diagonals apart


# ---- random tiny boards against brute force -----------------------------------------------
@cache
def fillings(width: int, height: int) -> tuple:
    return tuple(PUZZLE.candidates(FillingParams(width, height)))


def test_candidates_are_every_valid_filling():
    """The enumeration places areas; cross-checked against the counts of a cell-by-cell
    search (445 fillings of 3x3, 6,351 of 4x3 with digits up to 9), and all valid."""
    assert len(fillings(3, 3)) == 445 and len(set(fillings(3, 3))) == 445
    assert len(fillings(1, 1)) == 1 and len(fillings(2, 2)) == 5  # 3s around a 1 four ways, or all 4s
    inst = PUZZLE.parse("...\n...\n...")
    assert all(PUZZLE.verify(inst, g) == [] for g in fillings(3, 3))


def test_random_tiny_boards_brute_force_equals_both_engines():
    """140 boards of 3x3, 4x2, 3x2 and 5x1: clues taken from a valid filling (one or several
    solutions) or set at random (often none); brute force = SAT = CP-SAT, with the
    solutions themselves equal. The example alone never shows an oversized area cut."""
    rng = random.Random(7)
    seen = {0: 0, 1: 0, 2: 0}
    for width, height, boards in ((3, 3, 40), (4, 2, 50), (3, 2, 30), (5, 1, 20)):
        params, everything = FillingParams(width, height), fillings(width, height)
        session = SatSession(PUZZLE, params)
        try:
            for _ in range(boards):
                cells = params.cells()
                least = 2 if len(cells) > 8 else 0  # a bare 3x3 has 445 solutions to enumerate
                keys = rng.sample(cells, rng.randint(least, len(cells) // 2 + 1))
                if rng.random() < 0.7:
                    source = rng.choice(everything)
                    clues = {(r, c): source[r][c] for r, c in keys}
                else:
                    clues = {key: rng.randint(1, params.top) for key in keys}
                inst = PUZZLE.parse("\n".join("".join(str(clues.get((r, c), ".")) for c in range(width))
                                              for r in range(height)))
                brute = sorted(g for g in everything if not PUZZLE.verify(inst, g))
                assert brute_force_count(PUZZLE, inst, everything) == len(brute)
                sat = session.count(inst.clues, 1000)
                cp = cpsat_count(PUZZLE, inst, limit=1000)
                assert sorted(sat.solutions) == brute == sorted(cp.solutions), PUZZLE.format(inst)
                seen[min(len(brute), 2)] += 1
        finally:
            session.close()
    assert all(seen.values()), seen


def test_cuts_forbid_what_no_solution_has():
    """Each cut clause holds in every valid filling of the board (they are added for good)."""
    params = FillingParams(3, 3)
    session = SatSession(PUZZLE, params)
    try:
        rules = session.rules
        bad = ((3, 3, 3), (3, 1, 2), (4, 4, 2))  # 4 threes together; a 4 of two cells
        clauses = PUZZLE.cuts(params, rules, bad, set())
        assert len(clauses) == 2
        for good in fillings(3, 3):
            true = set(PUZZLE.solution_literals(params, rules, good))
            assert all(any(lit in true for lit in clause) for clause in clauses)
    finally:
        session.close()


# ---- Tatham's game IDs ----------------------------------------------------------------------
def test_tatham_ids_are_two_sizes():
    assert {game.split(":")[0] for game, in tatham_id_lines(TATHAM_IDS.file)} == {"9x7", "13x9"}


@pytest.mark.parametrize("text, clues", [
    ("3x3:1h", {(0, 0): 1}),
    ("3x3:100000003", {(0, 0): 1, (2, 2): 3}),  # '0' is a blank to his parser too
    ("3:b2f", {(0, 2): 2}),  # "3" is 3x3 (decode_params)
    ("14x2:z3a", {(1, 12): 3}),
])
def test_tatham_descriptions(text, clues):
    assert PUZZLE.parse(text).clues == clues


def test_tatham_long_runs_are_written_with_z():
    inst = PUZZLE.parse("20x3:z3zg")
    assert inst.clues == {(1, 6): 3} and PUZZLE.format(inst, "tatham") == "20x3:z3zg"


def test_boards_tathams_game_cannot_hold_have_no_id():
    with pytest.raises(PuzzleError, match="digits up to 3"):
        PUZZLE.format(PUZZLE.parse("4..\n..."), "tatham")


# ---- formats ---------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", PUZZLE.formats)
def test_seed_board_round_trips(fmt):
    inst = PUZZLE.parse(SEED.board)
    assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
    assert PUZZLE.parse(PUZZLE.format(inst, fmt), fmt) == inst


def test_text_takes_other_blanks_and_json_numbers():
    assert PUZZLE.parse("1-0\n_2.\n5..") == PUZZLE.parse(PUZZLE.example)
    doc = {"grid": [[1, None, 0], [0, 2, 0], [5, 0, 0]]}
    assert PUZZLE.parse(json.dumps(doc)) == PUZZLE.parse(PUZZLE.example)


def test_show_and_canonical():
    inst = PUZZLE.parse(PUZZLE.example)
    shown = PUZZLE.show_text(inst)
    assert "┃ 1 │   │   ┃" in shown and shown.count("\n") == 6
    turned = PUZZLE.parse("..1\n.2.\n..5")  # mirrored
    assert PUZZLE.canonical(turned) == PUZZLE.canonical(inst)


def test_areas_are_found_in_breadth_first_order():
    params = FillingParams(3, 2)
    found = areas(params, ((3, 3, 1), (3, 2, 2)))
    assert found == [[(0, 0), (1, 0), (0, 1)], [(0, 2)], [(1, 1), (1, 2)]]


# ---- the tables and fast paths of the lazy cuts, against plain definitions -------------------
SIZES = ((1, 1), (1, 5), (5, 1), (3, 2), (9, 7), (13, 9), (20, 20))


def plain_neighbours(params: FillingParams, r: int, c: int) -> list:
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < params.height and 0 <= c + dc < params.width]


def plain_areas(params: FillingParams, grid) -> list:
    """Breadth-first search over (row, column) cells, as `areas` was first written."""
    seen, out = set(), []
    for start in params.cells():
        if start in seen:
            continue
        seen.add(start)
        area = [start]
        for r, c in area:
            for nb in plain_neighbours(params, r, c):
                if nb not in seen and grid[nb[0]][nb[1]] == grid[start[0]][start[1]]:
                    seen.add(nb)
                    area.append(nb)
        out.append(area)
    return out


def plain_cuts(params: FillingParams, x, solution) -> list:
    """The cuts as first written: the same clauses, literal for literal, in the same order."""
    out = []
    for area in plain_areas(params, solution):
        d = solution[area[0][0]][area[0][1]]
        if len(area) > d:
            out.append([-x[r][c][d - 1] for r, c in area[:d + 1]])
        elif len(area) < d:
            border = {nb for r, c in area for nb in plain_neighbours(params, r, c) if nb not in area}
            out.append([x[r][c][d - 1] for r, c in sorted(border)] + [-x[r][c][d - 1] for r, c in area])
    return out


@pytest.mark.parametrize("width, height", SIZES)
def test_neighbour_tables_agree_with_the_grid(width, height):
    params = FillingParams(width, height)
    index = {cell: k for k, cell in enumerate(params.cells())}
    assert list(params.around()) == params.cells() == list(cell_table(width, height))
    for cell in params.cells():
        assert params.neighbours(*cell) == plain_neighbours(params, *cell) == list(params.around()[cell])
        assert params.adjacency()[index[cell]] == tuple(index[nb] for nb in plain_neighbours(params, *cell))
    shuffled = params.neighbours(0, 0)
    shuffled.reverse()  # the generator shuffles what it gets: the table must not change
    assert params.neighbours(0, 0) == plain_neighbours(params, 0, 0)


def test_areas_and_cuts_agree_with_a_plain_search():
    """Random grids (mostly wrong, as the models the cuts see) on every size: the same areas
    in the same order, and the same cut clauses literal for literal."""
    rng = random.Random(11)
    for width, height in SIZES:
        params = FillingParams(width, height)
        session = SatSession(PUZZLE, params)
        try:
            x = session.rules.data
            for _ in range(20):
                top = rng.randint(1, params.top)
                grid = tuple(tuple(rng.randint(1, top) for _ in range(width)) for _ in range(height))
                assert areas(params, grid) == plain_areas(params, grid)
                assert PUZZLE.cuts(params, session.rules, grid, frozenset()) == plain_cuts(params, x, grid)
        finally:
            session.close()


def test_decode_takes_each_cells_least_true_digit():
    """`decode` reads the variable block by its layout; against the plain reading of the
    variable map, with cells holding no true digit, several, and variables past the block."""
    rng = random.Random(12)
    for width, height in ((3, 2), (9, 7), (1, 5)):
        params = FillingParams(width, height)
        session = SatSession(PUZZLE, params)
        try:
            x = session.rules.data
            block = [v for row in x for cell in row for v in cell]
            for _ in range(30):
                true = frozenset(rng.sample(block, rng.randint(0, len(block)))
                                 + [max(block) + rng.randint(1, 50) for _ in range(3)])
                plain = tuple(tuple(next((d + 1 for d, v in enumerate(cell) if v in true), 0) for cell in row)
                              for row in x)
                assert PUZZLE.decode(params, session.rules, true) == plain
        finally:
            session.close()


# ---- generation --------------------------------------------------------------------------------
def test_random_fillings_are_valid_and_within_tathams_largest_area():
    rng = random.Random(3)
    for width, height in ((1, 1), (1, 5), (2, 2), (3, 3), (9, 7), (13, 9), (4, 12), (20, 20)):
        params = FillingParams(width, height)
        blank = PUZZLE.parse("\n".join("." * width for _ in range(height)))
        for _ in range(5):
            filling = random_filling(params, tatham_top(params), rng)
            assert PUZZLE.verify(blank, filling) == []
            assert max(max(row) for row in filling) <= max(tatham_top(params), 1)


def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("filling")
    for options, count in (({"size": 4}, 6), ({"width": 7, "height": 5}, 3), ({"width": 6, "height": 3}, 4)):
        for made in generated_rechecked(PUZZLE, gen, gen.params(**options), count, seed=5):
            p = made.instance.params
            assert made.minimal and len(made.instance.clues) < p.width * p.height


def test_generator_options():
    gen = generator("filling")
    assert gen.params() == FillingParams(9, 7)
    assert gen.params(size=5) == FillingParams(5, 5) and gen.params(width=13, height=9) == FillingParams(13, 9)


@pytest.mark.slow
def test_all_tatham_ids_agree_with_cpsat():
    for game, in tatham_id_lines(TATHAM_IDS.file):
        inst = PUZZLE.parse(game)
        cp = cpsat_count(PUZZLE, inst, limit=2)
        assert cp.complete and cp.n == 1 and PUZZLE.verify(inst, cp.solutions[0]) == []


# ---- answers of language models ---------------------------------------------------------------
def test_a_messy_answer_is_read_as_a_grid_of_digits():
    inst = PUZZLE.parse(PUZZLE.example)
    grid = ((1, 2, 1), (5, 2, 5), (5, 5, 5))
    assert PUZZLE.read_answer(inst, PUZZLE.answer_text(inst, grid)) == grid
    table = "Solved it!\n\n| 1 | 2 | 1 |\n|---|---|---|\n| 5 | 2 | 5 |\n| 5 | 5 | 5 |\n"
    assert PUZZLE.read_answer(inst, table) == grid
    assert PUZZLE.read_answer(inst, "<answer>\n121\n525\n555\n</answer>") == grid
    assert PUZZLE.read_answer(inst, "1,2,1\n5,2,5\n5,5,0") == ((1, 2, 1), (5, 2, 5), (5, 5, 0))  # verify judges 0
    with pytest.raises(PuzzleError, match="no 3 rows"):
        PUZZLE.read_answer(inst, "1 2 1\n5 2 5")
