"""Range: seed example, verify rule by rule, Tatham's game IDs (his generator's boards, and
ours read by his parser), random tiny boards against brute force, formats, generator."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from board_images import text_images
from cases.range import SEED, TATHAM_IDS, shading
from declarations import our_ids, tatham_id_lines
from tatham import tatham_reads

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession, SessionCache, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator
from puzzlelab.solvers.range import PUZZLE, RangeParams, run_lengths, sight, sights


# ---- the seed example ---------------------------------------------------------------------
def test_seed_board_reads_as_the_seed_states():
    inst = PUZZLE.parse(SEED.board)
    assert inst.params == RangeParams(16, 11) and len(inst.clues) == 30


def test_seed_solution_is_written_back():
    inst = PUZZLE.parse(SEED.board)
    solution = shading(SEED.solution)
    text = PUZZLE.format_solution(inst, solution)
    assert shading(text) == solution
    assert text.splitlines()[0] == " #  4  2  #  .  3  #  .  #  8  #  .  #  .  6  ."
    assert shading(PUZZLE.format_solution(inst, solution, "array").replace("'B'", "B")) != ()
    assert json.loads(PUZZLE.format_solution(inst, solution, "json"))["shaded"][0][:4] == [1, 0, 0, 1]


# ---- verify, rule by rule -----------------------------------------------------------------
EXAMPLE_SOLUTION = "# . 3 #\n. . . .\n. 5 # .\n# . 2 #"


def problems(text: str, board: str = PUZZLE.example) -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), shading(text))


def test_verify_accepts_the_example_solution():
    assert problems(EXAMPLE_SOLUTION) == []
    assert PUZZLE.format_solution(PUZZLE.parse(PUZZLE.example), shading(EXAMPLE_SOLUTION)) == EXAMPLE_SOLUTION


def test_the_example_needs_connectivity():
    """The example is unique only because of rule 3: these rivals keep every number and
    every shaded cell apart, but cut off the corner r4c1."""
    for rival in ("# . 3 .\n. . # .\n# 5 . .\n. # 2 #", ". . 3 #\n. . # .\n# 5 . .\n. # 2 #"):
        assert problems(rival) == ["white cells form 2 regions, not one"]


def test_sight_and_runs():
    s = shading(EXAMPLE_SOLUTION)
    p = RangeParams(4, 4)
    assert [sight(p, s, r, c) for r, c in ((0, 2), (2, 1), (3, 2))] == [3, 5, 2]
    assert sights(p, s)[(2, 1)] == 5 and (0, 0) not in sights(p, s)
    assert run_lengths([False, False, True, False]) == [2, 2, 0, 1]


# ---- Tatham's game IDs ----------------------------------------------------------------------
def test_tatham_ids_are_the_sizes_asked_for():
    ids = tatham_id_lines(TATHAM_IDS.file)
    assert {asked for asked, _ in ids} == {"9x6", "12x8", "13x9", "16x11", "5x4"}
    for asked, game in ids:
        inst = PUZZLE.parse(game)
        assert f"{inst.params.width}x{inst.params.height}" == asked


def test_our_ids_read_back():
    assert len(our_ids("range")) == 10


@pytest.mark.parametrize("text, cells", [
    ("3x3:1_2_3_4_5_4_3_2_1", 9),  # '_' between numbers, none before the first
    ("3x3:5h", 1), ("3x3:h5", 1),
    ("9x9:zzzc", 0),  # runs over 26 chain letters
    ("4:p", 0),  # Tatham's decode_params: "4" is 4x4
])
def test_tatham_descriptions(text, cells):
    inst = PUZZLE.parse(text)
    assert len(inst.clues) == cells
    assert PUZZLE.format(inst, "tatham") == text.replace("4:p", "4x4:p")


def test_long_runs_are_written_as_tatham_does(tmp_path):
    """newdesc_encode_game_description: 'z' first for runs over 26, '_' only between two
    numbers; his parser reads what we write."""
    params = RangeParams(9, 9)
    ids = [PUZZLE.format(Instance("range", params, {(8, 8): 17}), "tatham"),
           PUZZLE.format(Instance("range", params, {(0, 0): 2, (0, 1): 3}), "tatham")]
    assert ids == ["9x9:zzzb17", "9x9:2_3zzza"]
    assert tatham_reads("range", ids, tmp_path) == ""


# ---- the other formats ------------------------------------------------------------------------
def test_the_seeds_array_and_our_text_agree():
    inst = PUZZLE.parse(SEED.board)
    assert PUZZLE.parse(PUZZLE.format(inst, "array")) == inst
    assert PUZZLE.format(inst).splitlines()[0] == " .  4  2  .  .  3  .  .  .  8  .  .  .  .  6  ."
    assert PUZZLE.parse("[[-1, 3], [-1, 2]]").clues == {(0, 1): 3, (1, 1): 2}
    assert PUZZLE.parse('{"grid": [[null, 3], [null, 2]]}').clues == {(0, 1): 3, (1, 1): 2}


# ---- random tiny boards: brute force = SAT = CP-SAT ----------------------------------------------
@cache
def valid_shadings(params: RangeParams) -> list:
    """The candidates that break no rule without numbers (no touching, connected): brute
    force over them counts the same as over all candidates, in a fraction of the time."""
    empty = Instance("range", params, {})
    return [s for s in PUZZLE.candidates(params) if not PUZZLE.verify(empty, s)]


LIMIT = 60  # solutions the engines count up to on random boards (a blank 4x4 has 562)


def test_brute_force_matches_both_engines_on_random_tiny_boards():
    """The conformance suite brute-forces subsets of the one example; here 100 random clue
    sets on boards of other shapes (lines, 2xN, 3x3 to 5x3): numbers of a valid
    shading, one of them changed now and then for boards without a solution."""
    rng = random.Random(7)
    tally = {"none": 0, "one": 0, "several": 0}
    shapes = [(4, 4), (5, 3), (3, 4), (3, 3), (2, 5), (1, 6), (6, 1), (4, 3), (2, 2), (1, 1)]
    for i in range(100):
        params = RangeParams(*shapes[i % len(shapes)])
        fits = valid_shadings(params)
        numbers = sights(params, rng.choice(fits))
        keys = rng.sample(sorted(numbers), rng.randint(0, min(4, len(numbers))))
        clues = {k: numbers[k] for k in keys}
        if keys and rng.random() < 0.3:  # a number no white cell there sees, most of the time
            clues[keys[0]] = rng.choice([v for v in range(1, params.top + 1) if v != clues[keys[0]]] or [1])
        inst = Instance("range", params, clues)
        expected = brute_force_count(PUZZLE, inst, fits)
        counted = min(expected, LIMIT)  # the engines stop counting at the limit
        assert engine_counts(PUZZLE, inst, LIMIT) == (counted, counted), PUZZLE.format(inst)
        tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
    assert min(tally.values()) >= 8, tally


def test_a_lone_white_cell_is_a_solution_only_on_the_smallest_boards():
    """The rule "no white cell walled in" is connectivity's one-cell case, left out where it
    is wrong: 1x3 'shaded, white, shaded' is a solution."""
    for params, count in ((RangeParams(3, 1), 4), (RangeParams(1, 1), 2), (RangeParams(4, 1), 4)):
        assert engine_counts(PUZZLE, Instance("range", params, {})) == (count, count)


def test_connectivity_is_a_lazy_cut():
    params = RangeParams(4, 4)
    session = SatSession(PUZZLE, params)
    try:
        split = shading(". # . .\n# . # .\n. # . .\n. . . .")  # three white regions: a cut each
        cuts = PUZZLE.cuts(params, session.rules, split, frozenset())
        assert len(cuts) == 3 and PUZZLE.cuts(params, session.rules, shading(EXAMPLE_SOLUTION), frozenset()) == []
    finally:
        session.close()


# ---- generation --------------------------------------------------------------------------------
def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("range")
    for options, count in (({}, 6), ({"size": 5}, 6), ({"width": 12, "height": 8}, 2)):
        for made in generated_rechecked(PUZZLE, gen, gen.params(**options), count, seed=5):
            assert made.minimal and made.attempts == 1


def test_the_full_clue_set_is_always_unique():
    """Why the generator has no `repair`: every white cell numbered pins the shading down
    (the module docstring's argument), on every shape."""
    gen, rng, sessions = generator("range"), random.Random(9), SessionCache()
    for width, height in ((9, 6), (2, 2), (1, 5), (5, 1), (7, 3), (4, 4)):
        params = RangeParams(width, height)
        for _ in range(5):
            _, solution = gen.draw(params, rng, sessions)
            inst = Instance("range", params, gen.candidate_clues(params, solution))
            result = check_instance(PUZZLE, inst, sessions=sessions)
            assert result.status == "unique" and result.solutions[0] == solution


def test_symmetric_puzzles_are_symmetric_where_both_cells_are_white():
    gen = generator("range")
    made = generate_one(PUZZLE, gen, gen.params(), random.Random(3), SessionCache(), GenerateOptions(symmetric=True))
    p, clues = made.instance.params, made.instance.clues
    for key in clues:
        partner = p.rotate(key)
        assert partner in clues or made.solution[partner[0]][partner[1]], key


def test_generator_options():
    gen = generator("range")
    assert gen.params() == RangeParams(9, 6)  # Tatham's default preset
    assert gen.params(size=7) == RangeParams(7, 7) and gen.params(size=7, height=3) == RangeParams(7, 3)
    assert gen.params(width=12, height=8) == RangeParams(12, 8) and gen.params(width=5) == RangeParams(5, 6)


def test_every_command_works_on_the_example(tmp_path, capsys):
    board = tmp_path / "b.txt"
    board.write_text(PUZZLE.example)
    for argv, expected in ((["solve"], "# . 3 #"), (["check"], "unique"),
                           (["count"], "1 solution"), (["clues"], "essential"), (["grade"], "level"),
                           (["show"], "┃"), (["convert", "--to", "tatham"], "4x4:b3f5d2a"),
                           (["render", "--solution", "--out", str(tmp_path / "b.png")], "wrote")):
        assert cli.main([argv[0], "range", str(board), *argv[1:]]) == 0, argv
        assert expected in capsys.readouterr().out, argv


def test_bad_input_is_one_line_from_the_command_line(tmp_path, capsys):
    board = tmp_path / "b.txt"
    board.write_text(". 3\n. 9")
    assert cli.main(["solve", "range", str(board)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "line 2, column 3: number 9 out of range 1..3" in err


# ---- for language models ----------------------------------------------------------------------
def test_a_messy_answer_is_read_leniently():
    """Prose, a fence, cells run together or split by bars, X for shaded, a cell's own
    number for unshaded; a number a cell does not hold is refused."""
    inst = PUZZLE.parse(PUZZLE.example)
    solution = shading("# . . #\n. . . .\n. . # .\n# . . #")
    assert PUZZLE.answer_text(inst, solution) == "# . . #\n. . . .\n. . # .\n# . . #"
    messy = "Here is my shading:\n```\nx . 3 x\n....\n|.|5|#|.|\nX..X\n```\nDone."
    assert PUZZLE.read_answer(inst, messy) == solution
    with pytest.raises(PuzzleError, match="row 1, column 1"):  # 1 for shaded, 0 for unshaded: not read
        PUZZLE.read_answer(inst, "1 0 0 1\n0 0 0 0\n0 0 1 0\n1 0 0 1")


@pytest.mark.parametrize("text", [PUZZLE.example, ". 4 . .\n. . . 2\n3 . . .", "2 . .\n. . 5\n. . .\n. 3 ."])
def test_the_canonical_form_is_the_same_for_every_symmetry_and_differs_otherwise(text):
    inst = PUZZLE.parse(text)
    forms = {PUZZLE.canonical(PUZZLE.parse(image)) for image in text_images(text)}
    assert forms == {PUZZLE.canonical(inst)} and len(text_images(text)) == (8 if inst.params.width == inst.params.height
                                                                              else 4)
    moved = PUZZLE.parse(text.replace(". ", "1 ", 1))  # one more number: no image of the board
    assert PUZZLE.canonical(moved) != PUZZLE.canonical(inst)
