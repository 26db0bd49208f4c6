"""Palisade (Five Cells): Tatham's short descriptions and parameter defaults, the text and
solution forms, random tiny boards against brute force, the lazy rules on partial
assignments, the generator's divisions, answers and pictures."""

from __future__ import annotations

import random

import pytest
from board_images import text_images
from cases.palisade import labels

from puzzlelab.generators.palisade import random_division, swap_rivals
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator
from puzzlelab.solvers.palisade import PUZZLE, PalisadeParams, border_counts, snake_phases

GENERATOR = generator("palisade")
EXAMPLE_SOLUTION = "1 2 2 2\n1 2 3 3\n1 1 3 3"


def board(text: str) -> Instance:
    return PUZZLE.parse(text)


# ---- the forms ----------------------------------------------------------------------------
def test_the_example_and_its_solution():
    inst = board(PUZZLE.example)
    solution = labels(EXAMPLE_SOLUTION)
    assert check_instance(PUZZLE, inst).solutions == [solution]
    assert PUZZLE.verify(inst, solution) == []
    assert PUZZLE.format_solution(inst, solution) == "ABBB\nABCC\nAACC"
    assert PUZZLE.format(inst, "tatham") == "4x3n4:e3a2c2"  # the blank cells after the last number left out
    assert PUZZLE.format(inst) == "region size 4\n....\n.3.2\n...2"


@pytest.mark.parametrize("game, same", [
    ("4x3n4:e3", "4x3n4:e3f"),  # trailing blanks: his generator leaves them out, his parser takes both
    ("5x5n5:", "5:"),  # H and K default to W, as his decode_params reads them
    ("5x4n5:a1", "5x4:a1"),
])
def test_tatham_descriptions_and_parameter_defaults(game, same):
    assert PUZZLE.parse(same) == PUZZLE.parse(game)
    assert PUZZLE.format(PUZZLE.parse(same), "tatham") == game


def test_long_runs_of_blanks_chain_letters():
    inst = Instance("palisade", PalisadeParams(10, 6, 6), {(5, 9): 2, (0, 0): 1})
    game = PUZZLE.format(inst, "tatham")
    assert game == "10x6n6:1zzf2"
    assert PUZZLE.parse(game) == inst


def test_the_text_form_reads_blanks_and_the_head_loosely():
    assert PUZZLE.parse("Region Size: 4\n-...\n.3_2\n...2\n") == board(PUZZLE.example)
    with pytest.raises(PuzzleError, match="bad cell '9'"):
        PUZZLE.parse("region size 4\n9...\n....\n....")


def test_verify_accepts_any_labels_and_answers_read_back():
    inst = board(PUZZLE.example)
    assert PUZZLE.verify(inst, labels("7 5 5 5\n7 5 9 9\n7 7 9 9")) == []
    assert PUZZLE.read_answer(inst, "x y y y\nx y z z\nx x z z") == labels(EXAMPLE_SOLUTION)
    assert PUZZLE.read_answer(inst, PUZZLE.answer_text(inst, labels(EXAMPLE_SOLUTION))) == labels(EXAMPLE_SOLUTION)


def test_differences_compare_regions_not_labels():
    a = labels(EXAMPLE_SOLUTION)
    assert PUZZLE.differences(a, labels("3 1 1 1\n3 1 2 2\n3 3 2 2")) == []
    assert PUZZLE.differences(a, labels("1 2 2 2\n1 2 2 3\n1 1 3 3")) == [
        "r1c2: 2 vs 2", "r1c3: 2 vs 2", "r1c4: 2 vs 2", "r2c2: 2 vs 2", "r2c3: 3 vs 2", "r2c4: 3 vs 3",
        "r3c3: 3 vs 3", "r3c4: 3 vs 3"]


def test_the_canonical_form_is_the_same_for_every_symmetry_and_differs_otherwise():
    rows = PUZZLE.example.split("\n", 1)[1]
    keys = {PUZZLE.canonical(board("region size 4\n" + image)) for image in text_images(rows, sep="")}
    assert len(keys) == 1
    assert PUZZLE.canonical(board("region size 4\n" + rows.replace("3", "1"))) not in keys
    assert PUZZLE.canonical(board("region size 2\n" + rows)) not in keys


# ---- the rules against brute force ---------------------------------------------------------
@pytest.mark.parametrize("width, height, k, seed", [(3, 3, 3, 2), (4, 3, 6, 3)])
def test_random_tiny_boards_agree_with_brute_force(width, height, k, seed):
    """A random division's numbers, a random half of them kept: brute force over every
    division = SAT = CP-SAT."""
    rng = random.Random(seed)
    params = PalisadeParams(width, height, k)
    candidates = list(PUZZLE.candidates(params))
    for _ in range(2):
        counts = border_counts(params, random_division(width, height, k, rng))
        kept = dict(rng.sample(sorted(counts.items()), len(counts) // 2))
        inst = Instance("palisade", params, kept)
        brute = brute_force_count(PUZZLE, inst, candidates)
        assert brute >= 1
        assert engine_counts(PUZZLE, inst) == (brute, brute), PUZZLE.format(inst)


def test_the_snake_phases_are_a_valid_division():
    for w, h, k in ((4, 3, 4), (5, 5, 5), (7, 3, 3)):
        params = PalisadeParams(w, h, k)
        session = SatSession(PUZZLE, params)
        try:
            rules = session.rules
            true = {lit for lit in snake_phases(params, rules.data) if lit > 0}
            solution = PUZZLE.decode(params, rules, true)
            assert PUZZLE.verify(Instance("palisade", params, {}), solution) == []
            assert PUZZLE.cuts(params, rules, solution, true) == []
        finally:
            session.close()


def test_the_lazy_rules_on_a_partial_assignment():
    """Two joined cells of a region of 2 close it off; a joined piece past K cells is a
    dead end; a cell boxed in alone is one too."""
    params = PalisadeParams(4, 1, 2)
    session = SatSession(PUZZLE, params)
    try:
        rules = session.rules
        first = rules.data.first  # edges 0, 1, 2 between cells 0-1, 1-2, 2-3
        known = {-first}  # cells 0 and 1 joined
        assert set(PUZZLE.lazy_units(params, rules, lambda lit: lit in known)) >= {first + 1, -(first + 2)}
        assert PUZZLE.dead_end(params, rules, lambda lit: lit in {-first, -(first + 1)})
        assert PUZZLE.dead_end(params, rules, lambda lit: lit in {first})
        assert not PUZZLE.dead_end(params, rules, lambda lit: lit in known)
    finally:
        session.close()


# ---- the generator ------------------------------------------------------------------------
@pytest.mark.parametrize("width, height, k", [(5, 5, 5), (8, 6, 6), (12, 10, 10), (6, 1, 2)])
def test_random_divisions_are_regions_of_k(width, height, k):
    rng = random.Random(width)
    params = PalisadeParams(width, height, k)
    for _ in range(3):
        division = random_division(width, height, k, rng)
        assert PUZZLE.verify(Instance("palisade", params, {}), division) == []


def test_swap_rivals_are_valid_divisions_breaking_exactly_their_cells():
    """Each rival the stripping loop is handed is a real division whose numbers differ from
    the solution's at exactly the cells it names (found again here by brute force)."""
    params = PalisadeParams(4, 3, 4)
    every = list(PUZZLE.candidates(params))
    for seed in range(3):
        division = random_division(4, 3, 4, random.Random(seed))
        counts = border_counts(params, division)
        differing = {tuple(sorted(cell for cell, n in border_counts(params, other).items() if counts[cell] != n))
                     for other in every if PUZZLE.differences(other, division)}
        rivals = swap_rivals(params, division)
        assert rivals and all(tuple(cells) in differing for cells in rivals)


def test_the_default_region_is_the_shorter_side():
    assert GENERATOR.params(width=8, height=6).region_size == 6
    assert GENERATOR.params(size=5).region_size == 5
    assert GENERATOR.params(width=6, height=1, region=2).region_size == 2


# ---- pictures -----------------------------------------------------------------------------
@pytest.mark.slow
def test_every_command_works_on_the_example(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE.example)
    for args, said in ((["check"], "unique"), (["solve"], "ABBB"), (["count"], "1"), (["clues"], ""),
                       (["grade"], "level"), (["explain"], "step"), (["show"], "regions of 4 cells"),
                       (["render", "--solution", "--out", str(tmp_path / "p.png")], "wrote")):
        assert cli.main([args[0], "palisade", str(path), *args[1:]]) == 0, args
        assert said in capsys.readouterr().out, args
    assert (tmp_path / "p.png").stat().st_size > 1000


def test_one_shot_questions_go_to_the_puzzles_own_solver():
    """`Speed.one_shot_solver`: Palisade's check, solve and clues run on MiniSat ("mgh"), on
    which an open 15x12 board's second division takes 0.06 s where Minicard, the lab's one-shot
    solver, runs past 10,000 conflicts; other puzzles keep Minicard."""
    from puzzlelab.lab.engine.outcomes import Budget
    from puzzlelab.lab.engine.sat import ONE_SHOT_SOLVER, SessionCache, one_shot_solver
    from puzzlelab.lab.engine.solve import check
    from puzzlelab.lab.face import registry

    assert one_shot_solver(PUZZLE) == "mgh" and SessionCache(one_shot=True).solver_for(PUZZLE) == "mgh"
    assert one_shot_solver(registry.puzzle("sudoku")) == ONE_SHOT_SOLVER == "mc"
    inst = PUZZLE.parse("region size 10\n" + "\n".join("." * 15 for _ in range(12)))
    assert check(PUZZLE, inst, budget=Budget(conflicts=10_000)).status == "ambiguous"
