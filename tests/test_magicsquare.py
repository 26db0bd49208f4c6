"""Magic squares: seed 001's 5x5 board and its stated solution, verify rule by rule, the
seed's program form, random tiny boards against brute force, the generator."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest
from tally import new_tally, tally_brute_force

from puzzlelab.lab.engine.crosscheck import assert_unique_with, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import Budget, SessionCache, check_instance
from puzzlelab.lab.engine.solve import check, solve
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator, puzzle
from puzzlelab.solvers.magicsquare import PUZZLE, Grid, MagicParams

DATA = Path(__file__).parent / "data"


def grid(text: str) -> Grid:
    return tuple(tuple(int(k) for k in line.split()) for line in text.strip().splitlines())


SEED_SOLUTION = grid((DATA / "magicsquare_seed_solution.txt").read_text())


@cache
def all_candidates(low: int) -> list[Grid]:
    return list(PUZZLE.candidates(MagicParams(3, low)))


@cache
def magic_squares(low: int) -> list[Grid]:
    """The candidates `verify` accepts on an empty 3x3 square of low..low + 8: the eight Lo Shu squares."""
    empty = Instance("magicsquare", MagicParams(3, low), {})
    return [g for g in all_candidates(low) if not PUZZLE.verify(empty, g)]


# ---- the seed's board -------------------------------------------------------------------------
def test_seed_board_is_unique_with_the_stated_solution():
    """Seed 001's 5x5 board of 5..29 (sum 85, 8 givens): SAT and CP-SAT find the seed's one solution."""
    inst = PUZZLE.parse((DATA / "magicsquare_seed.txt").read_text())
    assert inst.params == MagicParams(5, 5) and inst.params.magic == 85 and len(inst.clues) == 8
    assert_unique_with(PUZZLE, inst, SEED_SOLUTION)


def test_example_is_unique_for_both_engines():
    inst = PUZZLE.parse(PUZZLE.example)
    assert engine_counts(PUZZLE, inst) == (1, 1)


def test_an_empty_3x3_square_has_the_eight_lo_shu_squares():
    inst = PUZZLE.parse(". . .\n. . .\n. . .")
    assert engine_counts(PUZZLE, inst) == (8, 8) and len(magic_squares(1)) == 8
    assert check_instance(PUZZLE, PUZZLE.parse("2 . .\n. . .\n. . .")).status == "ambiguous"


def test_no_2x2_square_exists():
    assert check_instance(PUZZLE, PUZZLE.parse(". .\n. .")).status == "unsolvable"


# ---- verify, rule by rule -------------------------------------------------------------------
GOOD = "2 7 6\n9 5 1\n4 3 8"
EMPTY = ". . .\n. . .\n. . ."


def problems(text: str, board: str = EMPTY) -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), grid(text))


def test_verify_accepts_a_magic_square():
    assert problems(GOOD) == [] and problems(GOOD, PUZZLE.example) == []


@pytest.mark.parametrize("bad, board, expected", [
    (GOOD, "4 . .\n. . .\n. . .", "r1c1 is 2, the clue says 4"),
    ("2 7 6\n9 5 1\n4 3 10", EMPTY, "r3c3 holds 10, not a number from 1 to 9"),
    ("2 7 6\n9 5 1\n4 3 3", EMPTY, "number 3 is used 2 times"),
    ("2 7 6\n9 5 1\n4 3 3", EMPTY, "number 8 is missing"),
    ("2 7 6\n9 5 1\n4 8 3", EMPTY, "column 2 makes 20, not 15"),
    ("7 2 6\n5 9 1\n3 4 8", EMPTY, "main diagonal makes 24, not 15"),
    ("6 2 7\n1 9 5\n8 4 3", EMPTY, "anti-diagonal makes 24, not 15"),
    ("2 7\n9 5", EMPTY, "solution is not 3x3"),
])
def test_verify_names_each_broken_rule(bad, board, expected):
    assert any(line.startswith(expected) for line in problems(bad, board)), problems(bad, board)


def test_verify_checks_the_range_of_a_shifted_square():
    board = "low: 5\n. . .\n. . .\n. . ."
    shifted = "\n".join(" ".join(str(k + 4) for k in row) for row in grid(GOOD))
    assert problems(shifted, board) == [] and "r1c1 holds 2, not a number from 5 to 13" in problems(GOOD, board)


# ---- formats --------------------------------------------------------------------------------
def test_seed_program_form_is_sniffed_and_written_back():
    inst = PUZZLE.parse((DATA / "magicsquare_seed.txt").read_text())
    written = PUZZLE.format(inst, "seed")
    assert PUZZLE.parse(written) == inst and "global_nrs_range = range(5, 30)" in written
    assert "    [ _, _, _, _,15]," in written
    assert PUZZLE.format_solution(inst, SEED_SOLUTION, "seed").splitlines()[1] == "|28 24  6 12 15|"
    # the sum alone states the range too
    alone = (DATA / "magicsquare_seed.txt").read_text().replace("global_nrs_range = range(5, 30)\n", "")
    assert PUZZLE.parse(alone) == inst


def test_text_and_json_forms_carry_the_lowest_number():
    inst = PUZZLE.parse((DATA / "magicsquare_seed.txt").read_text())
    text = PUZZLE.format(inst, "text")
    assert text.splitlines()[0] == "low: 5" and PUZZLE.parse(text) == inst
    data = json.loads(PUZZLE.format(inst, "json"))
    assert data["magic"] == 85 and data["low"] == 5 and PUZZLE.parse(json.dumps(data)) == inst
    assert PUZZLE.format(PUZZLE.parse(PUZZLE.example), "text") == PUZZLE.example  # low 1 unsaid


@pytest.mark.parametrize("text, fmt, message", [
    ("1 . x\n. . .\n. . .", "text", "bad cell 'x'"),
    ("1 . 10\n. . .\n. . .", "text", "bad cell '10' (a number from 1 to 9"),
    ("1 . 1\n. . .\n. . .", "text", "number 1 is given twice"),
    ("1 . .\n. . .", "text", "a magic square is square"),
    ("low: x\n. . .", "text", "expected 'low: NUMBER'"),
    ("low: 3", "text", "no rows after"),
    ("\n".join([". " * 9] * 9), "text", "too large"),
    ("global_sum = 16\n[[_, _, _], [_, _, _], [_, _, _]]", "seed", "no 3x3 square .* has magic constant 16"),
    ("global_nrs_range = range(1, 5)\n[[_, _, _], [_, _, _], [_, _, _]]", "seed", "range\\(1, 5\\) holds 4"),
    ("[[_, _, _], [_, ?, _], [_, _, _]]", "seed", "bad array literal"),
    ("global_sum = 16\nglobal_nrs_range = range(1, 10)\n[[_, _, _], [_, _, _], [_, _, _]]", "seed",
     "global_sum = 16, but 1..9 make 15"),
    ('{"grid": [[1, null], [null, 5]]}', "json", "bad cell '5'"),
    ('{"grid": [[1, null], [null, 2]], "low": "a"}', "json", "'low' must be a whole number"),
    ('{"grid": [[1, null], [null, 2]], "magic": 7}', "json", "JSON says magic '7'"),
])
def test_bad_input_says_what_and_where(text, fmt, message):
    with pytest.raises(PuzzleError, match=message.replace("(", r"\(") if "\\" not in message else message):
        PUZZLE.parse(text, fmt)


def test_bad_input_on_the_command_line_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("1 . .\n. x .\n. . .\n")
    assert cli.main(["check", "magicsquare", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "line 2" in err and "Traceback" not in err


# ---- random tiny boards against brute force ----------------------------------------------------
def test_random_tiny_boards_match_brute_force():
    """Random clue sets on 3x3 squares of several ranges, from a magic square (a clue moved
    now and then, for boards without a solution): brute force = SAT = CP-SAT. The example
    alone never reaches an empty or contradictory board, nor a shifted range."""
    rng = random.Random(7)
    tally = new_tally()
    for i in range(30):
        low = rng.choice((1, -4, 10))
        squares = magic_squares(low)
        cands = all_candidates(low) if i < 8 else squares  # the rest: the squares verify passed without clues
        source = rng.choice(squares)
        cells = rng.sample([(r, c) for r in range(3) for c in range(3)], rng.randint(0, 4))
        clues = {cell: source[cell[0]][cell[1]] for cell in cells}
        if rng.random() < 0.4 and len(cells) > 1:
            a, b = cells[:2]
            clues[a], clues[b] = clues[b], clues[a]
        inst = Instance("magicsquare", MagicParams(3, low), clues)
        tally_brute_force(PUZZLE, inst, cands, tally)
    assert min(tally.values()) >= 5, tally


def test_candidates_refuse_a_large_square():
    with pytest.raises(PuzzleError, match="too large to enumerate"):
        PUZZLE.candidates(MagicParams(4))


# ---- the generator --------------------------------------------------------------------------
def test_built_squares_are_magic_at_every_size():
    from puzzlelab.generators.magicsquare import random_square

    rng = random.Random(2)
    for n in range(3, 9):
        for low in (1, -7, 100):
            params = MagicParams(n, low)
            square = random_square(params, rng)
            assert PUZZLE.verify(Instance("magicsquare", params, {}), square) == [], (n, low)


def test_built_squares_vary():
    from puzzlelab.generators.magicsquare import random_square

    rng = random.Random(3)
    assert len({random_square(MagicParams(5), rng) for _ in range(60)}) >= 20


def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("magicsquare")
    for options, count in (({"size": 3}, 4), ({"size": 4}, 4), ({"size": 4, "low": 10, "sat_draw": 1}, 2)):
        for made in generated_rechecked(PUZZLE, gen, gen.params(**options), count, seed=5):
            assert made.minimal and len(made.instance.clues) < made.instance.params.n ** 2


def test_generator_options():
    gen = generator("magicsquare")
    spec = gen.params()
    assert spec.params == MagicParams(4, 1) and not spec.sat_draw
    assert gen.params(size=5, low=5, sat_draw=1).params == MagicParams(5, 5)


def test_canonical_form_joins_turns_mirrors_and_complements():
    a = PUZZLE.parse("2 7 .\n. . .\n. . .")
    turned = PUZZLE.parse(". . 2\n. . 7\n. . .")
    complement = PUZZLE.parse("8 3 .\n. . .\n. . .")
    assert PUZZLE.canonical(a) == PUZZLE.canonical(turned) == PUZZLE.canonical(complement)
    assert PUZZLE.canonical(a) != PUZZLE.canonical(PUZZLE.parse("2 9 .\n. . .\n. . ."))


def test_aliases():
    assert puzzle("magic") is PUZZLE and puzzle("MagicSquare") is PUZZLE


@pytest.mark.slow
def test_generated_5x5_puzzles_are_unique_by_cpsat():
    gen = generator("magicsquare")
    generated_rechecked(PUZZLE, gen, gen.params(size=5, low=5), 2, seed=11)


@pytest.mark.parametrize("n, seed", [(4, 1), (4, 2), (5, 3)])
def test_the_portfolio_strips_to_the_engines_own_puzzle(n, seed):
    """CP-SAT answering (nearly) every check of the stripping loop gives the very puzzle the
    SAT session gives: the same square, order and answers (a minimal set depends on the order only)."""
    from puzzlelab.generators.magicsquare import PortfolioSession, random_square
    from puzzlelab.lab.engine.strip import strip_clues

    params = MagicParams(n)
    rng = random.Random(seed)
    square = random_square(params, rng)
    clues = {(r, c): k for r, row in enumerate(square) for c, k in enumerate(row)}
    state = rng.getstate()
    plain = strip_clues(SessionCache().get(PUZZLE, params), square, clues, rng)
    rng.setstate(state)
    session = PortfolioSession(params)
    session.quick = 1  # CaDiCaL gives up at once: CP-SAT answers
    both = strip_clues(session, square, clues, rng)
    session.close()
    assert both.clues == plain.clues and both.minimal and plain.minimal


def test_6x6_goes_through_the_portfolio(monkeypatch):
    """From 6x6 on the generator strips on its own session (closed afterwards); a target
    keeps this test quick."""
    import puzzlelab.generators.magicsquare as gm

    made = []

    class Recorded(gm.PortfolioSession):
        def __init__(self, params):
            super().__init__(params)
            made.append(self)

    monkeypatch.setattr(gm, "PortfolioSession", Recorded)
    gen = generator("magicsquare")
    assert gen.stripping_session(MagicParams(5)) is None
    g = generate_one(PUZZLE, gen, gen.params(size=6), random.Random(4), SessionCache(), GenerateOptions(target=18))
    assert len(made) == 1 and made[0].calls > 0 and not g.minimal and len(g.instance.clues) <= 18
    assert PUZZLE.verify(g.instance, g.solution) == [] and check_instance(PUZZLE, g.instance).status == "unique"


@pytest.mark.slow
def test_one_generated_6x6_puzzle_is_minimal_and_unique_by_cpsat():
    """Seed 0's 6x6 through the portfolio (about 30 s; 420 s on CaDiCaL alone)."""
    gen = generator("magicsquare")
    assert all(g.minimal for g in generated_rechecked(PUZZLE, gen, gen.params(size=6), 1, seed=0))


@pytest.mark.slow
def test_one_generated_6x6_puzzle_stripped_to_18_givens():
    """Stripping a 6x6 square to a minimal set takes minutes (each needed given is an UNSAT
    proof), so this one stops at 18 givens."""
    gen = generator("magicsquare")
    g = generate_one(PUZZLE, gen, gen.params(size=6), random.Random(4), SessionCache(), GenerateOptions(target=18))
    assert g.unique and len(g.instance.clues) <= 18 and PUZZLE.verify(g.instance, g.solution) == []


# ---- one-shot questions on CP-SAT from 6x6 (`one_shot_cpsat`) --------------------------------
QUICK = Budget(conflicts=10_000)  # CP-SAT's own conflicts: the empty 6x6 needs a few hundred
# `puzzlelab generate magicsquare --size 6 --seed 1`, its second puzzle (14 givens, minimal):
# SAT takes 1.3 s to check it, CP-SAT 0.3 s
GENERATED_6X6 = """24  . 19  . 26  .
15  . 10 28 17  .
 .  .  .  .  .  .
 . 34  .  .  . 30
20  2  .  . 22  .
11  .  . 36  .  ."""


def test_an_empty_6x6_square_is_ambiguous_on_cpsat_and_a_5x5_stays_on_sat():
    inst = Instance("magicsquare", MagicParams(6), {})
    report = check(PUZZLE, inst, budget=QUICK)
    assert report.engine == "cpsat" and report.status == "ambiguous"
    first, second = report.solutions
    assert first != second and PUZZLE.verify(inst, first) == [] == PUZZLE.verify(inst, second)
    assert report.differences == PUZZLE.differences(first, second) != []
    assert PUZZLE.verify(inst, solve(PUZZLE, inst, QUICK)) == []
    assert check(PUZZLE, PUZZLE.parse("1 . . . .\n" + ". . . . .\n" * 4), budget=QUICK).engine == "sat"


def test_an_unsolvable_6x6_names_the_conflicting_givens_and_sat_agrees():
    """CP-SAT proves it unsolvable; SAT names the clues (36+35+34+33 is over a row's 111)
    and, as the second opinion, agrees."""
    row = {(0, 0): 36, (0, 1): 35, (0, 2): 34, (0, 3): 33}
    inst = Instance("magicsquare", MagicParams(6), {**row, (5, 5): 1, (3, 2): 7})
    report = check(PUZZLE, inst, budget=QUICK, second_opinion=True)
    assert report.status == "unsolvable" and sorted(report.conflict) == sorted(row)
    assert (report.engine, report.second_engine, report.cpsat) == ("cpsat", "sat", "unsolvable")
    assert solve(PUZZLE, inst, QUICK) is None


def test_a_generated_6x6_is_unique_on_cpsat():
    inst = PUZZLE.parse(GENERATED_6X6)
    report = check(PUZZLE, inst)
    assert report.engine == "cpsat" and report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == []


def test_the_second_opinion_comes_from_the_other_engine():
    """CP-SAT's answer is confirmed by SAT (here out of its budget: said so, never a guess),
    SAT's by CP-SAT."""
    report = check(PUZZLE, Instance("magicsquare", MagicParams(6), {}), budget=QUICK, second_opinion=True)
    assert (report.engine, report.second_engine) == ("cpsat", "sat") and report.cpsat in ("ambiguous", "unknown")
    report = check(PUZZLE, PUZZLE.parse(PUZZLE.example), second_opinion=True)
    assert (report.engine, report.second_engine, report.status, report.cpsat) == ("sat", "cpsat", "unique", "unique")


# ---- answers for language models -----------------------------------------------------------
def test_an_answer_is_read_leniently_and_scored():
    from puzzlelab.lab.toolkit.answers import question, score_text

    inst = PUZZLE.parse(PUZZLE.example)
    assert "make 15" in question(PUZZLE, inst)
    messy = "Let me think.\n2 7 6 is the top row.\nFinal answer:\n```text\n2, 7, 6\n9 5 1\n| 4 | 3 | 8 |\n```"
    assert PUZZLE.read_answer(inst, messy) == ((2, 7, 6), (9, 5, 1), (4, 3, 8))
    assert score_text(PUZZLE, inst, messy, None).score == 1.0
    wrong = score_text(PUZZLE, inst, "2 7 6\n9 5 1\n4 3 80", ((2, 7, 6), (9, 5, 1), (4, 3, 8)))
    assert wrong.parsed and not wrong.valid and 0 < wrong.score < 1  # read, then judged wrong
    with pytest.raises(PuzzleError, match="3 rows"):
        PUZZLE.read_answer(inst, "2 7 6\n9 5 1")
