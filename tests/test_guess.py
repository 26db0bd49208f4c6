"""Guess (Mastermind): the seed's two positions exactly, the vectorised scorer against a
plain-Python one, bad and inconsistent marks, formats, and whole-game play."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.face.registry import puzzle
from puzzlelab.solvers.guess import (
    Clue,
    GuessParams,
    all_codes,
    best_guess,
    candidates,
    code_text,
    mark_of,
    play_all,
    play_one,
    used_colours,
)

P = puzzle("mastermind")

SEED_1 = """from puzzle_solver import guess_solver as solver
binst = solver.Board()
binst.add_guess(('R', 'Y', 'G', 'B'), (1, 1, 2))  # 1 black dot, 1 white dot, 2 grey dots
binst.add_guess(('R', 'G', 'O', 'P'), (0, 2, 2))  # 0 black dots, 2 white dots, 2 grey dots
binst.best_next_guess()"""
SEED_2 = SEED_1.replace("binst.best_next_guess()",
                        "binst.add_guess(('P', 'Y', 'Y', 'G'), (2, 1, 1))\nbinst.best_next_guess()")


# ---- the seed's examples -----------------------------------------------------------------
def test_seed_first_position():
    ans = P.answer(P.parse(SEED_1))
    assert ans.data["total"] == 1296 and ans.data["possible"] == 57
    assert ans.data["guess"] == "PYYG"
    assert f"{ans.data['entropy']:.4f}" == "3.4511"
    assert "P Y Y G with entropy 3.4511" in ans.text


def test_seed_second_position():
    ans = P.answer(P.parse(SEED_2))
    assert ans.data["possible"] == 3
    assert ans.data["guess"] == "GYYO"
    assert f"{ans.data['entropy']:.4f}" == "1.5850"
    assert ans.data["guess_is_possible"]


def test_plain_text_gives_the_same_answer():
    text = "pegs 4 colours RYGBOP\nRYGB 1 1 2\nRGOP 0 2 2\nPYYG 2 1 1\n"
    assert P.answer(P.parse(text)).data == P.answer(P.parse(SEED_2)).data
    assert P.answer(P.parse("RYGB 1 1\nRGOP 0 2")).data["guess"] == "PYYG"  # grey may be left out


def test_last_code_standing_and_solved():
    ans = P.answer(P.parse("RYGB 1 1 2\nRGOP 0 2 2\nPYYG 2 1 1\nGYYO 2 0 2"))
    assert ans.data["possible"] == 1 and not ans.data["solved"]
    code = ans.data["guess"]
    done = P.answer(P.parse(f"{code} 4 0 0"))
    assert done.data["solved"] and done.text == f"solved: {' '.join(code)}"


# ---- against a plain-Python scorer -----------------------------------------------------------
def plain_best(params: GuessParams, clues: list[Clue]) -> tuple[int, str, float]:
    """Every code scored with `mark_of` and a dict; ties to a candidate, then the first code."""
    codes = ["".join(t) for t in itertools.product(params.colours, repeat=params.pegs)
             if params.duplicates or len(set(t)) == params.pegs]
    alive = [s for s in codes if all(mark_of(c.code, s) == c.mark for c in clues)]
    best = None
    for g in codes:
        groups: dict = {}
        for s in alive:
            groups[mark_of(g, s)] = groups.get(mark_of(g, s), 0) + 1
        h = -sum(k / len(alive) * math.log2(k / len(alive)) for k in groups.values())
        key = (round(h, 9), g in alive)
        if best is None or key > best[0]:
            best = (key, g, h)
    return len(alive), best[1], best[2]


def test_vectorised_scorer_matches_plain_python():
    rng = random.Random(7)
    games = [GuessParams(2, "ABC"), GuessParams(3, "RYGB"), GuessParams(3, "RYGBO", False),
             GuessParams(2, "WXYZ"), GuessParams(4, "RYG"), GuessParams(1, "ABCD")]
    checked = 0
    for _ in range(60):
        params = rng.choice(games)
        codes = [code_text(params, i) for i in range(len(all_codes(params)))]
        secret = rng.choice(codes)
        clues = [Clue(g, mark_of(g, secret)) for g in rng.sample(codes, rng.randint(0, 2))]
        n, code, h = plain_best(params, clues)
        alive = candidates(params, clues)
        choice = best_guess(params, alive, used_colours(params, [c.code for c in clues]))
        assert len(alive) == n
        if n > 1:
            assert code_text(params, choice.guess) == code, (params, clues)
            assert choice.entropy == pytest.approx(h, abs=1e-9)
            checked += 1
    assert checked >= 30


def test_marks():
    assert mark_of("RYGB", "RGOP") == (1, 1, 2)
    assert mark_of("RRYY", "YYRR") == (0, 4, 0)
    assert mark_of("RRRR", "RGGG") == (1, 0, 3)


# ---- bad input -------------------------------------------------------------------------------
@pytest.mark.parametrize("text, line, message", [
    ("RYGB 1 1 2\nRGOP 0 2 2\nRYGB 4 0 0", 3, "contradicts"),
    ("pegs 4 colours RYGBOP\nRRRR 0 0 4\n\nRRRR 1 0 3", 4, "contradicts"),
    ("RYGB 1 1 1", 1, "does not add up"),
    ("RYGB 1 5", 1, "more than 4 pegs"),
    ("RYGB 3 1 0", 1, "impossible"),
    ("RYGX 1 1 2", 1, "'X' in guess"),
    ("RYG 1 1 1", 1, "3 pegs, expected 4"),
    ("RYGB one", 1, "expected 'CODE black white"),
    ("RYGB 1 1 2\npegs 4", 2, "settings must come before"),
    ("pegs four", 1, "pegs must be a number"),
    ("pegs 3 colours RRG", None, "repeat"),
    ("pegs 3 colours AB duplicates no", None, "cannot all differ"),
    ("pegs 12 colours RYGBOP", None, "12 pegs is too large: at most 8 pegs"),
    ("pegs 7 colours RYGBOP", None, "279,936 codes is too large"),
    ("colours 12", None, "cannot be a colour"),
])
def test_bad_input_is_a_puzzle_error(text, line, message):
    with pytest.raises(PuzzleError, match=message) as err:
        P.answer(P.parse(text))
    if line is not None:
        assert err.value.line == line


def test_bad_json_and_seed_calls():
    with pytest.raises(PuzzleError, match="bad JSON"):
        P.parse('{"guesses": [')
    with pytest.raises(PuzzleError, match="must be"):
        P.parse('{"guesses": [3]}')
    with pytest.raises(PuzzleError, match="cannot read"):
        P.parse("binst.add_guess(('R', 'Y', 'G', 'B'), (1, 1, 2)")


# ---- formats ---------------------------------------------------------------------------------
def test_formats_round_trip():
    rng = random.Random(3)
    for params in (GuessParams(), GuessParams(3, "ABCDE", False)):
        codes = [code_text(params, i) for i in range(len(all_codes(params)))]
        secret = rng.choice(codes)
        clues = "\n".join(f"{g} {' '.join(map(str, mark_of(g, secret)))}" for g in rng.sample(codes, 3))
        head = f"pegs {params.pegs} colours {params.colours} duplicates {'yes' if params.duplicates else 'no'}"
        inst = P.parse(head + "\n" + clues)
        assert inst.params == params
        for fmt in P.formats:
            if fmt == "seed" and params != GuessParams():
                with pytest.raises(PuzzleError):
                    P.format(inst, fmt)
                continue
            assert P.parse(P.format(inst, fmt)) == inst, fmt
    assert P.parse('{"guesses": [["RYGB", [1, 1, 2]], {"code": ["R","G","O","P"], "black": 0, "white": 2}]}') \
        == P.parse("RYGB 1 1 2\nRGOP 0 2 2")


# ---- whole games -----------------------------------------------------------------------------
def test_play_all_matches_playing_each_secret():
    params = GuessParams(3, "RYGB")
    stats = play_all(params)
    direct: dict[int, int] = {}
    for i in range(len(all_codes(params))):
        n = len(play_one(params, code_text(params, i)))
        direct[n] = direct.get(n, 0) + 1
    assert stats.histogram == dict(sorted(direct.items()))
    assert stats.games == 64 and stats.worst == max(direct)


def test_default_game_statistics():
    stats = play_all(GuessParams())
    # Max-entropy play of classic Mastermind, as measured: 5722 guesses over 1296 secrets
    # (4.415 on average), never more than 6.
    assert stats.games == 1296
    assert stats.total_guesses == 5722
    assert stats.worst == 6


# ---- answers for language models -----------------------------------------------------------
def plain_entropies(inst) -> dict[str, float]:
    """Every code's entropy over the codes the marks allow, with `mark_of` and a dict."""
    codes = ["".join(t) for t in itertools.product(inst.params.colours, repeat=inst.params.pegs)]
    clues = [inst.clues[k] for k in sorted(inst.clues)]
    alive = [code for code in codes if all(mark_of(c.code, code) == c.mark for c in clues)]
    out = {}
    for guess in codes:
        counts: dict = {}
        for s in alive:
            counts[mark_of(guess, s)] = counts.get(mark_of(guess, s), 0) + 1
        out[guess] = -sum(k / len(alive) * math.log2(k / len(alive)) for k in counts.values())
    return out


def test_any_guess_of_maximum_entropy_is_right_read_leniently():
    from puzzlelab.lab.toolkit.answers import score_text
    from puzzlelab.solvers.guess import NextGuess

    inst = P.parse(SEED_1)
    best = P.reference_solution(inst)
    assert best == NextGuess("PYYG") and P.answer_text(inst, best) == "PYYG"
    for messy in ("My next guess:\n```\np y y g\n```", "Answer: [P, Y, Y, G]", "I'd guess P-Y-Y-G.",
                  "<answer>pyyg</answer>"):
        assert P.read_answer(inst, messy) == best, messy
    with pytest.raises(PuzzleError, match="no code"):
        P.read_answer(inst, "RYGBO")
    # a worse code scores its share of the best entropy ...
    h = plain_entropies(inst)
    score = score_text(P, inst, "RRRR", best)
    assert not score.valid and score.score == round(h["RRRR"] / max(h.values()), 4)
    # ... every code as good as the best scores 1.0 ...
    later = P.parse(SEED_2)
    h = plain_entropies(later)
    tied = [g for g in h if abs(h[g] - math.log2(3)) < 1e-9]  # three codes left, all told apart
    assert len(tied) > 1 and all(score_text(P, later, g, P.reference_solution(later)).score == 1.0 for g in tied[:5])
    # ... and with one code left, only it is right
    last = P.parse("RYGB 1 1 2\nRGOP 0 2 2\nPYYG 2 1 1\nGYYO 2 0 2")
    assert score_text(P, last, "GYPG", P.reference_solution(last)).score == 1.0
    assert score_text(P, last, "RRRR", P.reference_solution(last)).score == 0.0
    assert P.verify(inst, "PYYG") == [] and P.verify(inst, "RRRR")  # a plain string is still a secret to check
