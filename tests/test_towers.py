"""Towers: seed example, verify rule by rule, Tatham's game IDs (his generator's boards and
grades, and ours read by his parser), formats, tiny boards against brute force, generator."""

from __future__ import annotations

import random

import pytest
from board_images import text_images
from cases.towers import EMPTY, GOOD, SEED, TATHAM_IDS, grid
from declarations import our_ids, tatham_id_lines
from pysat.formula import IDPool
from tally import new_tally, tally_brute_force

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.puzzle import Exactly, Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.solvers.towers import PUZZLE, TowersParams, edge_clues, line_cells, seen


# ---- the seed example ---------------------------------------------------------------------
def test_seed_board_reads_as_the_seed_states():
    inst = PUZZLE.parse(SEED.board)
    assert inst.params == TowersParams(6) and len(inst.clues) == 13
    assert inst.clues[("cell", 2, 2)] == 3 and inst.clues[("top", 5)] == 3 and inst.clues[("left", 5)] == 4
    assert ("bottom", 2) not in inst.clues and inst.clues[("right", 0)] == 3
    assert check_instance(PUZZLE, inst).status == "unique"


def test_seed_sides_are_read_by_the_names_in_sides():
    """The `sides={...}` call names which array is which side; without it, t/b/l/r do."""
    inst = PUZZLE.parse(SEED.board)
    swapped = SEED.board.replace("{'top': t, 'bottom': b, 'right': r, 'left': l}",
                                 "{'top': b, 'bottom': t, 'right': l, 'left': r}")
    other = PUZZLE.parse(swapped)
    assert other.clues[("top", 1)] == 4 and other.clues[("left", 0)] == 3 and other != inst
    written = PUZZLE.format(inst, "array")
    assert "binst" not in written and PUZZLE.parse(written) == inst


def test_seed_solution_is_written_as_an_array():
    inst = PUZZLE.parse(SEED.board)
    written = PUZZLE.format_solution(inst, grid(SEED.solution), "array")
    assert grid(written) == grid(SEED.solution)
    assert written.splitlines()[1] == "  [5, 6, 4, 1, 2, 3],"
    assert PUZZLE.format_solution(inst, grid(SEED.solution)).splitlines()[0] == "5 6 4 1 2 3"


# ---- verify, rule by rule -----------------------------------------------------------------


def problems(text: str, board: str = EMPTY) -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), grid(text))


def test_verify_accepts_a_valid_grid():
    assert problems(GOOD) == []
    assert problems(GOOD, ". 4 3 2 1 .\n4 . . . . 1\n. . . . . .\n. . . . . .\n. . 1 . . .\n. . . . . .") == []


def test_visibility():
    assert seen([1, 2, 3, 4]) == 4 and seen([4, 1, 2, 3]) == 1 and seen([2, 1, 4, 3]) == 2
    clues = edge_clues(grid(GOOD))
    assert clues[("top", 0)] == 4 and clues[("bottom", 0)] == 1 and clues[("left", 3)] == 1
    assert clues[("right", 0)] == 1 and clues[("right", 1)] == 2


# ---- Tatham's game IDs ----------------------------------------------------------------------
def test_tatham_ids_read_as_asked_and_easy_keeps_every_edge_clue():
    """His four difficulties; each ID with its difficulty as asked reads the same."""
    ids = tatham_id_lines(TATHAM_IDS.file)
    assert {d for d, _ in ids} == set("ehxu")
    for diff, game in ids:
        inst = PUZZLE.parse(game)
        n, desc = game.split(":")
        assert PUZZLE.parse(f"{n}d{diff}:{desc}") == inst
        if diff == "e":  # Easy keeps every edge clue
            assert sum(1 for k in inst.clues if k[0] != "cell") == 4 * inst.params.n


def test_tatham_grades():
    """His difficulty against our grade: every board gets a level (without the redundant
    clauses of `Towers._bounds` three Unreasonable boards ran out of the probe budget), his
    Easy boards take a step or two of little effort at most (six of them none: three before
    hidden towers bounded the maximum before them in `_visible`), every
    harder board scores above every Easy one, and his Unreasonable boards score highest on
    the median."""
    from statistics import median

    scores: dict[str, list[float]] = {d: [] for d in "ehxu"}
    levels_of_easy: list[int] = []
    for diff, game in tatham_id_lines(TATHAM_IDS.file):
        g = grade(PUZZLE, PUZZLE.parse(game))
        assert g.status == "unique" and isinstance(g.level, int), game
        assert g.level <= (1 if diff in "ehx" else 2), (game, g.level)
        scores[diff].append(g.score)
        if diff == "e":  # level 0 (effort: rounds of propagation) or a little probing
            assert g.steps <= 2 and (g.level == 0 or g.effort <= 10), game
            levels_of_easy.append(g.level)
    assert levels_of_easy.count(0) == 6
    assert min(min(scores[d]) for d in "hxu") > max(scores["e"]), scores
    assert median(scores["u"]) > max(median(scores["h"]), median(scores["x"])), scores


def test_redundant_clauses_change_no_count():
    """The implied clauses only help propagation: with and without them, the engines count
    the same on tiny boards (the brute-force test below runs with them)."""
    rng = random.Random(8)
    squares = list(PUZZLE.candidates(TowersParams(4)))
    for _ in range(6):
        source = rng.choice(squares)
        full = edge_clues(source)
        inst = Instance("towers", TowersParams(4), {k: full[k] for k in rng.sample(sorted(full), 4)})
        assert engine_counts(PUZZLE, inst)[0] == brute_force_count(PUZZLE, inst, squares) == bare_count(inst)


def bare_count(inst: Instance) -> int:
    """Solutions of the rules built without the redundant clauses, by plain enumeration
    with a fresh solver (the engine caches rules per size, so it cannot be asked)."""
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    try:
        type(PUZZLE).implied = False
        rules = PUZZLE.rules(inst.params, IDPool())
    finally:
        type(PUZZLE).implied = True
    found = 0
    pairs = [[-a, -b] for group in rules.at_most_one for i, a in enumerate(group) for b in group[i + 1:]]
    with Solver(name="cd15", bootstrap_with=rules.clauses + pairs) as solver:
        for key, value in inst.clues.items():
            for clause in PUZZLE.clue_clauses(inst.params, rules, key, value):
                solver.add_clause(clause)
        while solver.solve():
            model = set(lit for lit in solver.get_model() if lit > 0)
            found += 1
            solver.add_clause([-lit for lit in PUZZLE.solution_literals(
                inst.params, rules, PUZZLE.decode(inst.params, rules, model)) if lit > 0])
    return found


def test_our_ids_read_back():
    assert len(our_ids("towers")) == 10


@pytest.mark.parametrize("text, clues", [
    ("3:///////////", {}),
    ("3://1/////////,i", {("top", 2): 1}),  # a grid part of blanks only
    ("3:3/////////1//,1_2g", {("top", 0): 3, ("right", 0): 1, ("cell", 0, 0): 1, ("cell", 0, 1): 2}),
    ("3:///////////,h3", {("cell", 2, 2): 3}),
    ("6:///////////////////////,za1h", {("cell", 4, 3): 1}),  # a run longer than 26 blanks
])
def test_tatham_descriptions(text, clues):
    inst = PUZZLE.parse(text)
    assert inst.clues == clues
    assert PUZZLE.format(inst, "tatham") == text.replace(",i", "")  # no grid part when nothing is given


def test_boards_outside_tathams_sizes_have_no_id():
    with pytest.raises(PuzzleError, match="sizes 3..9"):
        PUZZLE.format(PUZZLE.parse(". . . .\n. 1 2 .\n. 2 1 .\n. . . ."), "tatham")
    with pytest.raises(PuzzleError, match="holds the clues, not the heights"):
        PUZZLE.format_solution(PUZZLE.parse(SEED.board), grid(SEED.solution), "tatham")


# ---- the other formats ------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", PUZZLE.formats)
def test_the_seed_board_round_trips(fmt):
    inst = PUZZLE.parse(SEED.board)
    assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst


def test_two_digit_sizes_in_text_and_json():
    n = 12
    text = "\n".join([" .  " + " ".join(["12"] + [" ."] * (n - 1)) + "  ."] +
                     [" . " + " ".join([" ."] * n) + "  ." for _ in range(n)] + [" . " + " ".join([" ."] * n) + " 10"])
    inst = PUZZLE.parse(text.replace(" 10", "  ."))
    assert inst.params == TowersParams(12) and inst.clues == {("top", 0): 12}
    assert PUZZLE.parse(PUZZLE.format(inst)) == inst and PUZZLE.format(inst).splitlines()[0].startswith(" . 12  .")
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst


def test_json_reads_strings_zeros_and_nulls():
    inst = PUZZLE.parse('{"grid": ["..", "1."], "top": [0, 2], "left": [null, 1]}')
    assert inst.clues == {("top", 1): 2, ("left", 1): 1, ("cell", 1, 0): 1}


def test_show_puts_the_clues_around_the_grid():
    shown = PUZZLE.show_text(PUZZLE.parse(SEED.board)).splitlines()
    assert shown[0] == "    2       2   2   2   3" and shown[-1] == "    2   4       4"
    assert shown[2].endswith("┃ 3") and shown[8].startswith("2 ┃") and "│ 3 │" in shown[6]


# ---- tiny boards against brute force ------------------------------------------------------------
def test_brute_force_matches_both_engines():
    """The conformance suite brute-forces the example (4x4); here random clue sets on 3x3
    and 4x4 boards: clues from a random Latin square, one changed now and then (boards with
    no solution), heights and edge counts mixed."""
    rng = random.Random(3)
    tally = new_tally()
    for n, rounds in ((3, 12), (4, 12)):
        squares = list(PUZZLE.candidates(TowersParams(n)))
        for _ in range(rounds):
            source = rng.choice(squares)
            full = {**edge_clues(source), **{("cell", r, c): v for r, row in enumerate(source)
                                             for c, v in enumerate(row)}}
            keys = rng.sample(sorted(full), rng.randint(1, 6))
            clues = {k: full[k] for k in keys}
            if rng.random() < 0.25:
                k = keys[0]
                clues[k] = rng.choice([v for v in range(1, n + 1) if v != full[k]])
            inst = Instance("towers", TowersParams(n), clues)
            tally_brute_force(PUZZLE, inst, squares, tally)
    assert min(tally.values()) >= 2, tally


def test_one_shot_visible_literals_are_what_each_line_sees():
    """On the one-shot rules (pairwise visibility, no prefix maxima) a filled grid forces
    every visible literal to what `seen` says, from all four sides, on random 4x4 Latin
    squares and on a shifted 6x6 one: the native counts of `clue_counts` then count the
    right thing."""
    rng = random.Random(5)
    shifted = tuple(tuple((r * 2 + c) % 6 + 1 if r < 3 else (r * 2 + 1 + c) % 6 + 1 for c in range(6))
                    for r in range(6))
    for n, grids in ((4, rng.sample(list(PUZZLE.candidates(TowersParams(4))), 12)), (6, [shifted])):
        session = SatSession(PUZZLE, TowersParams(n), "mc", one_shot=True)
        try:
            for grid in grids:
                found = session.find(session.solution_literals(grid))
                assert found.sat and found.solution == grid
                for (side, i), visible in session.rules.data.visible.items():
                    heights = [grid[r][c] for r, c in line_cells(n, side, i)]
                    assert 1 + sum(found.value(v) for v in visible) == seen(heights), (grid, side, i)
        finally:
            session.close()


def test_native_counts_rule_out_what_a_count_forbids():
    """A one-shot clue also says at once which heights its count rules out (`_bounds`
    natively): with 1 visible the first cell is 4, with 4 the line climbs 1, 2, 3 (x is
    first + (r * 4 + c) * 4 + d, so the top clue over column 0 reads cells (0, 0), (1, 0), ...)."""
    rules = PUZZLE.one_shot_rules(TowersParams(4), IDPool())
    x = rules.data.x
    one, four = (PUZZLE.clue_counts(TowersParams(4), rules, ("top", 0), v) for v in (1, 4))
    assert one[1] == Exactly(tuple(x[0][0][:3]), 0)
    assert four[1] == Exactly((*x[0][0][1:], *x[1][0][2:], *x[2][0][3:]), 0)


def test_small_boards_have_every_rule():
    """1x1 and 2x2 boards: the counter and the prefix maximum with no or one step."""
    for n in (1, 2):
        squares = list(PUZZLE.candidates(TowersParams(n)))
        for clues in ({}, {("top", 0): 1}, {("left", 0): 2} if n == 2 else {("left", 0): 1}):
            inst = Instance("towers", TowersParams(n), clues)
            expected = brute_force_count(PUZZLE, inst, squares)
            assert engine_counts(PUZZLE, inst) == (expected, expected), (n, clues)


# ---- generation --------------------------------------------------------------------------------
def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("towers")
    for size, count in ((4, 6), (5, 6), (6, 4)):
        for made in generated_rechecked(PUZZLE, gen, gen.params(size=size), count, seed=5):
            assert made.minimal and PUZZLE.verify(made.instance, made.solution) == []


def test_generator_options():
    gen = generator("towers")
    assert gen.params() == TowersParams(5) and gen.params(size=9) == TowersParams(9)


# ---- for language models ------------------------------------------------------------------
EXAMPLE_SOLUTION = ((4, 2, 1, 3), (3, 4, 2, 1), (1, 3, 4, 2), (2, 1, 3, 4))


def test_a_models_answer_is_read_leniently():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.answer_text(inst, EXAMPLE_SOLUTION) == "4 2 1 3\n3 4 2 1\n1 3 4 2\n2 1 3 4"
    messy = "Let me think. Row 1 has a 4 first.\n\nFinal answer:\n```text\n4,2,1,3\n3|4|2|1\n1342\n2 1 3 4\n```\n"
    assert PUZZLE.read_answer(inst, messy) == EXAMPLE_SOLUTION
    framed = "Filled in:\n" + PUZZLE.board_text(inst, EXAMPLE_SOLUTION)  # the clues around the grid
    assert PUZZLE.read_answer(inst, framed) == EXAMPLE_SOLUTION
    sides = ". 4 2 1 3 .\n. 3 4 2 1 3\n. 1 3 4 2 .\n3 2 1 3 4 ."  # the left and right clues only
    assert PUZZLE.read_answer(inst, sides) == EXAMPLE_SOLUTION
    with pytest.raises(PuzzleError, match="row 1, column 1"):
        PUZZLE.read_answer(inst, "5 2 1 3\n3 4 2 1\n1 3 4 2\n2 1 3 4")


def test_canonical_is_the_same_for_every_rotation_and_reflection():
    inst = PUZZLE.parse(PUZZLE.example)
    texts = text_images(PUZZLE.format(inst, "text"))  # the clues move with the grid
    assert len(set(texts)) == 8
    assert {PUZZLE.canonical(PUZZLE.parse(text, "text")) for text in texts} == {PUZZLE.canonical(inst)}
    moved = PUZZLE.parse(PUZZLE.example.replace(". 1 . . . .", ". . 1 . . ."))  # a given moved a cell
    assert PUZZLE.canonical(moved) != PUZZLE.canonical(inst)
    relabelled = PUZZLE.parse(PUZZLE.example.replace(". 1 . . . .", ". 2 . . . ."))  # heights mean heights
    assert PUZZLE.canonical(relabelled) != PUZZLE.canonical(inst)
