"""Hidoku: seed 001's 10x10 board and its stated solution, an ambiguous board, verify rule by
rule, the seed's comma form, random tiny boards against brute force, the generator."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from board_images import text_images
from tally import new_tally, tally_brute_force

from puzzlelab.generators.hidoku import EXCHANGE_LONGEST, exchanges, path_order, reversals
from puzzlelab.lab.engine.crosscheck import assert_unique_with, brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator, puzzle
from puzzlelab.solvers.hidoku import PUZZLE, Grid, HidokuParams

DATA = Path(__file__).parent / "data"


def grid(text: str) -> Grid:
    return tuple(tuple(int(k) for k in line.split()) for line in text.strip().splitlines())


SEED_SOLUTION = grid((DATA / "hidoku_seed_solution.txt").read_text())


@cache
def all_paths(width: int, height: int) -> list[Grid]:
    return list(PUZZLE.candidates(HidokuParams(width, height)))


# ---- the seed's board -------------------------------------------------------------------------
def test_seed_board_is_unique_with_the_stated_solution():
    """Seed 001's 10x10 board (its depth-first search opens 1,220 nodes for it)."""
    inst = PUZZLE.parse((DATA / "hidoku_seed.txt").read_text())
    assert inst.params == HidokuParams(10, 10) and len(inst.clues) == 27
    assert_unique_with(PUZZLE, inst, SEED_SOLUTION)


def test_seed_solution_is_found_again_from_a_minimal_puzzle_drawn_from_it():
    """The engine stripped the whole seed solution to a minimal set of givens (14, in
    tests/data/hidoku_seed_minimal.txt; the slow test below does it again); those alone
    lead SAT and CP-SAT back to exactly the seed's numbering."""
    text = (DATA / "hidoku_seed_minimal.txt").read_text()
    inst = PUZZLE.parse("\n".join(line for line in text.splitlines() if not line.startswith("#")))
    assert len(inst.clues) == 14 and PUZZLE.verify(inst, SEED_SOLUTION) == []
    check = check_instance(PUZZLE, inst)
    assert check.status == "unique" and check.solutions == [SEED_SOLUTION]


@pytest.mark.slow
def test_seed_minimal_puzzle_is_unique_for_cpsat_too():
    text = (DATA / "hidoku_seed_minimal.txt").read_text()
    inst = PUZZLE.parse("\n".join(line for line in text.splitlines() if not line.startswith("#")))
    assert_unique_with(PUZZLE, inst, SEED_SOLUTION)


@pytest.mark.slow
def test_seed_solution_stripped_by_the_engine_is_minimal_and_unique():
    from puzzlelab.lab.engine.strip import strip_clues

    full = {(r, c): k for r, row in enumerate(SEED_SOLUTION) for c, k in enumerate(row)}
    session = SessionCache().get(PUZZLE, HidokuParams(10, 10))
    result = strip_clues(session, SEED_SOLUTION, full, random.Random(1))
    assert result.minimal
    check = check_instance(PUZZLE, Instance("hidoku", HidokuParams(10, 10), result.clues))
    assert check.status == "unique" and check.solutions == [SEED_SOLUTION]


def test_example_is_unique_for_both_engines():
    inst = PUZZLE.parse(PUZZLE.example)
    assert engine_counts(PUZZLE, inst) == (1, 1)


def test_a_board_with_two_solutions_is_ambiguous():
    """1 in a corner of a 2x2 board and 4 opposite: 2 and 3 go either way round."""
    inst = PUZZLE.parse("1 .\n. 4")
    check = check_instance(PUZZLE, inst)
    assert check.status == "ambiguous"
    assert engine_counts(PUZZLE, inst) == (2, 2)
    assert brute_force_count(PUZZLE, inst, all_paths(2, 2)) == 2


# ---- verify, rule by rule -------------------------------------------------------------------
GOOD = "1 2 3\n6 5 4\n7 8 9"


def problems(text: str, board: str = ". . .\n. . .\n. . .") -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), grid(text))


def test_verify_accepts_a_valid_numbering():
    assert problems(GOOD) == [] and problems(GOOD, "1 . .\n. . .\n. . 9") == []


@pytest.mark.parametrize("bad, board, expected", [
    (GOOD, "2 . .\n. . .\n. . .", "r1c1 is 1, the clue says 2"),
    ("1 2 3\n6 5 4\n7 8 10", ". . .\n. . .\n. . .", "r3c3 holds 10, not a number from 1 to 9"),
    ("1 2 3\n6 5 4\n7 8 8", ". . .\n. . .\n. . .", "number 9 is missing"),
    ("1 2 3\n6 5 4\n7 8 8", ". . .\n. . .\n. . .", "number 8 is in 2 cells: r3c2, r3c3"),
    ("1 2 3\n6 5 4\n9 8 7", ". . .\n. . .\n. . .", "6 at r2c1 and 7 at r3c3 are not neighbours"),
    ("1 2\n4 3", ". . .\n. . .\n. . .", "solution is not 3x3"),
])
def test_verify_names_each_broken_rule(bad, board, expected):
    assert expected in problems(bad, board)


# ---- formats --------------------------------------------------------------------------------
def test_seed_comma_form_is_sniffed_and_written_back():
    text = (DATA / "hidoku_seed.txt").read_text()
    inst = PUZZLE.parse(text)
    again = PUZZLE.parse(PUZZLE.format(inst, "seed"))
    assert again == inst and PUZZLE.format(inst, "seed").splitlines()[9] == "1,_,_,11,_,68,82,_,_,_"
    assert PUZZLE.format_solution(inst, SEED_SOLUTION, "seed").splitlines()[0] == "91,92,93,20,21,36,37,38,39,57"


@pytest.mark.parametrize("text, fmt, message", [
    ("1 . x\n. . .", "text", "bad cell 'x'"),
    ("1 . 7\n. . .", "text", "bad cell '7' (a number from 1 to 6"),
    ("1 . 2\n2 . .", "text", "number 2 is given twice"),
    ("1,_,_\n_,_", "seed", "line 2"),
    ("1,_,?\n_,_,_", "seed", "bad cell '?'"),
    ('{"grid": [[1, 0], [0, 5]]}', "json", "bad cell '5'"),
    ("1 " + ". " * 200, "text", "too large"),
])
def test_bad_input_says_what_and_where(text, fmt, message):
    with pytest.raises(PuzzleError, match=message.replace("(", r"\(").replace("?", r"\?")):
        PUZZLE.parse(text, fmt)


def test_bad_input_on_the_command_line_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("1,_,_\n_,x,_\n")
    assert cli.main(["check", "hidoku", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "line 2" in err and "Traceback" not in err


# ---- random tiny boards against brute force ----------------------------------------------------
def test_random_tiny_boards_match_brute_force():
    """Random clue sets on 3x3, 2x4 and 3x2 boards, from a valid numbering (a clue moved
    now and then, for boards without a solution): brute force = SAT = CP-SAT."""
    rng = random.Random(7)
    tally = new_tally()
    for width, height, count in ((3, 3, 40), (4, 2, 35), (2, 3, 25)):
        paths = all_paths(width, height)
        params = HidokuParams(width, height)
        for _ in range(count):
            source = rng.choice(paths)
            cells = rng.sample([(r, c) for r in range(height) for c in range(width)], rng.randint(1, 5))
            clues = {cell: source[cell[0]][cell[1]] for cell in cells}
            if rng.random() < 0.3 and len(cells) > 1:
                a, b = cells[:2]
                clues[a], clues[b] = clues[b], clues[a]
            inst = Instance("hidoku", params, clues)
            tally_brute_force(PUZZLE, inst, paths, tally)
    assert sum(tally.values()) >= 100 and min(tally.values()) >= 5, tally


def stripping_count(inst: Instance, limit: int = 1000) -> int:
    """Solutions of `inst` under the generator's stripping encoding (each one valid)."""
    found = SessionCache().get(PUZZLE, inst.params, stripping=True).count(inst.clues, limit)
    assert all(PUZZLE.verify(inst, sol) == [] for sol in found.solutions) and found.complete
    return found.n


def test_stripping_rules_match_brute_force():
    """`projection_rules` (rows, columns and digits instead of neighbour clauses) is the same
    puzzle: on boards of every shape up to 3x3 it has every king path without clues, and
    random clue sets (some contradictory) have as many solutions as brute force finds."""
    rng = random.Random(11)
    tally = new_tally()
    for width, height in ((1, 1), (2, 1), (1, 3), (2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (5, 1)):
        paths = all_paths(width, height)
        params = HidokuParams(width, height)
        assert stripping_count(Instance("hidoku", params, {})) == len(paths)
        cells = [(r, c) for r in range(height) for c in range(width)]
        for _ in range(15 if params.n > 4 else 3):
            source = rng.choice(paths)
            chosen = rng.sample(cells, rng.randint(1, min(4, len(cells))))
            clues = {cell: source[cell[0]][cell[1]] for cell in chosen}
            if rng.random() < 0.3 and len(chosen) > 1:
                a, b = chosen[:2]
                clues[a], clues[b] = clues[b], clues[a]
            inst = Instance("hidoku", params, clues)
            expected = brute_force_count(PUZZLE, inst, paths)
            assert stripping_count(inst) == expected, PUZZLE.format(inst)
            tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
    assert min(tally.values()) >= 5, tally


def test_stripping_rules_match_brute_force_where_distance_clauses_reach_further():
    """On 4x3 and 3x4 boards the stripping encoding's distance clauses (k + d within d rows
    and columns of k) reach d = 2 along the long side: clue sets there still have as many
    solutions as brute force finds."""
    rng = random.Random(12)
    for width, height in ((4, 3), (3, 4)):
        paths = all_paths(width, height)
        params = HidokuParams(width, height)
        cells = [(r, c) for r in range(height) for c in range(width)]
        counted = 0
        while counted < 15:
            source = rng.choice(paths)
            clues = {cell: source[cell[0]][cell[1]] for cell in rng.sample(cells, rng.randint(3, 6))}
            inst = Instance("hidoku", params, clues)
            expected = brute_force_count(PUZZLE, inst, paths)
            if expected <= 100:
                assert stripping_count(inst) == expected, PUZZLE.format(inst)
                counted += 1


def test_stripping_rules_share_the_clue_variables():
    """A clue is the same literal in both encodings, so a stripping session's literals and
    solutions mean what the puzzle's do."""
    params = HidokuParams(4, 3)
    ours, theirs = SessionCache().get(PUZZLE, params, stripping=True), SessionCache().get(PUZZLE, params)
    assert ours.rules.clauses != theirs.rules.clauses, "the generator's sessions load the other encoding"
    assert ours.rules.data == theirs.rules.data and ours.rules.primary == theirs.rules.primary


# ---- the generator --------------------------------------------------------------------------
class PlainRules(SessionCache):
    """Sessions on the puzzle's own `rules` even where the generator asks for its
    `stripping_rules`."""

    def get(self, ptype, params, stripping=False):
        return super().get(ptype, params)


def test_generator_makes_the_same_puzzles_on_either_encoding():
    """The generator's sessions load `stripping_rules`: the same puzzles, as minimal, as on
    the puzzle's own rules."""
    gen = generator("hidoku")
    for size, seeds in ((6, range(4)), (10, range(2))):
        params = HidokuParams(size, size)
        for seed in seeds:
            ours = generate_one(PUZZLE, gen, params, random.Random(seed), SessionCache())
            theirs = generate_one(PUZZLE, gen, params, random.Random(seed), PlainRules())
            assert ours.instance == theirs.instance and ours.solution == theirs.solution
            assert ours.minimal and theirs.minimal


def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("hidoku")
    for options, count in (({"size": 4}, 8), ({"size": 6}, 5), ({"width": 7, "height": 4}, 3)):
        for made in generated_rechecked(PUZZLE, gen, gen.params(**options), count, seed=5):
            p = made.instance.params
            assert made.minimal and len(made.instance.clues) < p.n


def test_generated_paths_are_king_paths():
    gen = generator("hidoku")
    rng = random.Random(2)
    for size in (1, 2, 5, 10, 12):
        params, solution = gen.draw(gen.params(size=size), rng, SessionCache())
        assert PUZZLE.verify(Instance("hidoku", params, {}), solution) == []


def test_alternatives_are_real_rival_numberings():
    """Each set of `alternatives` is the clues a second valid numbering breaks: with every
    other number given, the board still has two solutions. Reversals and exchanges of
    every length are checked, on boards where each kind occurs."""
    gen = generator("hidoku")
    seen = {"reversal": 0, **{f"exchange {length}": 0 for length in range(1, EXCHANGE_LONGEST + 1)}}
    for seed, size in ((3, 5), (4, 6)):
        params, solution = gen.draw(HidokuParams(size, size), random.Random(seed), SessionCache())
        order = path_order(params, solution)
        near = [set(cells) for cells in params.neighbours]
        kinds = {"reversal": reversals(params, order, near)}
        kinds.update({f"exchange {length}": exchanges(params, order, near, length)
                      for length in range(1, EXCHANGE_LONGEST + 1)})
        assert sum(kinds.values(), []) == gen.alternatives(params, solution)
        session = SessionCache().get(PUZZLE, params)
        for kind, sets in kinds.items():
            seen[kind] += len(sets)
            for cells in sets[:25]:
                clues = {(r, c): k for r, row in enumerate(solution) for c, k in enumerate(row) if (r, c) not in cells}
                assert session.check(clues).status == "ambiguous", (kind, cells)
    assert min(seen.values()) >= 2, seen


def test_generator_options():
    gen = generator("hidoku")
    assert gen.params() == HidokuParams(6, 6) and gen.params(width=5, height=3) == HidokuParams(5, 3)


def test_aliases():
    assert puzzle("hidato") is PUZZLE and puzzle("Hidoku") is PUZZLE


@pytest.mark.slow
def test_many_generated_10x10_puzzles_are_unique_by_cpsat():
    gen = generator("hidoku")
    generated_rechecked(PUZZLE, gen, gen.params(size=10), 10, seed=11)


def test_one_generated_10x10_puzzle():
    g = generate_one(PUZZLE, generator("hidoku"), HidokuParams(10, 10), random.Random(4), SessionCache())
    assert g.unique and g.minimal


def test_comments_are_read_past_in_both_text_forms():
    """A `#` comment (with commas in it) neither turns plain text into the seed's comma form
    nor becomes a row; errors keep the user's line numbers."""
    file_text = (DATA / "hidoku_seed_minimal.txt").read_text()
    assert file_text.startswith("#") and "," in file_text.splitlines()[0]
    assert PUZZLE.parse(file_text) == PUZZLE.parse(file_text.split("\n", 1)[1])
    seed_form = PUZZLE.parse("# a, b\n1,_,_\n_,_,_\n_,_,9  # the end\n")
    assert seed_form.clues == {(0, 0): 1, (2, 2): 9}
    with pytest.raises(PuzzleError, match="line 3"):
        PUZZLE.parse("# note\n1 . .\n. x .\n. . 9\n")


# ---- answers of language models and canonical forms --------------------------------------------
def test_a_messy_answer_is_read_as_a_grid_of_numbers():
    inst = PUZZLE.parse(PUZZLE.example)
    grid = ((1, 2, 3), (8, 7, 4), (9, 5, 6))
    assert PUZZLE.read_answer(inst, PUZZLE.answer_text(inst, grid)) == grid
    assert PUZZLE.read_answer(inst, "Answer:\n```\n[1, 2, 3]\n[8, 7, 4]\n[9, 5, 6]\n```") == grid
    assert PUZZLE.read_answer(inst, "Path found.\n1 | 2 | 3\n8 | 7 | 4\n9 | 5 | 6") == grid
    with pytest.raises(PuzzleError, match="row 3, column 1"):
        PUZZLE.read_answer(inst, "1 2 3\n8 7 4\nnine 5 6")


def test_canonical_is_the_same_under_rotations_reflections_and_reversal():
    rows = [line.split() for line in "1 . .\n. . .\n9 5 .".splitlines()]
    base = PUZZLE.canonical(PUZZLE.parse(PUZZLE.example))
    for reverse in (False, True):
        grid = "\n".join(" ".join(v if v == "." or not reverse else str(10 - int(v)) for v in row) for row in rows)
        for moved in text_images(grid):
            assert PUZZLE.canonical(PUZZLE.parse(moved)) == base, moved
    assert PUZZLE.canonical(PUZZLE.parse("1 . .\n. . .\n9 . 5")) != base
    wide = PUZZLE.parse("1 . 3\n. . 6")
    assert PUZZLE.canonical(wide) == PUZZLE.canonical(PUZZLE.parse("3 . 1\n6 . ."))  # mirrored
    assert PUZZLE.canonical(wide) == PUZZLE.canonical(PUZZLE.parse("1 . .\n4 . 6"))  # turned and reversed
    assert PUZZLE.canonical(wide) != PUZZLE.canonical(PUZZLE.parse("3 . 1\n. . 6"))
