"""Solo Chess: the seed-000 example, its stated solution, and generated puzzles."""

from __future__ import annotations

import random

import pytest

from generators.chess_solo import generate
from solvers.chess_common import parse_square
from solvers.chess_solo import PUZZLE
from tests.test_chess_common import brute

SEED = "board = ['Kc6', 'Rc5', 'Rc4', 'Pb3', 'Bd3', 'Pd2', 'Pe3', 'Nf2', 'Ng2', 'Qg3', 'Pg6']"
SEED_SOLUTION = ("Qg3->Pg6 Qg6->Bd3 Pd2->Pe3 Ng2->Pe3 Nf2->Qd3 Ne3->Rc4 Pb3->Nc4 Nd3->Rc5 "
                 "Kc6->Nc5 Kc5->Pc4")


def moves(text: str):
    return [(parse_square(m[1:3]), parse_square(m[-2:])) for m in text.split()]


def test_seed_example():
    inst = PUZZLE.parse(SEED)
    assert PUZZLE.verify(inst, moves(SEED_SOLUTION)) == []  # the seed's answer obeys our rules
    ans = PUZZLE.answer(inst)
    assert ans.data["solved"] and ans.data["unique"] and len(ans.data["moves"]) == 10
    assert PUZZLE.verify(inst, PUZZLE.solutions(inst)[0]) == []
    assert PUZZLE.count(inst, 10**6, "sequences") == 504  # one set of moves, 504 orders
    assert frozenset(moves(SEED_SOLUTION)) == frozenset(PUZZLE.solutions(inst)[0])


def test_generated_small_puzzles_are_unique_by_brute_force():
    rng = random.Random(21)
    for _ in range(50):
        g = generate(rng.randint(2, 7), rng)
        assert PUZZLE.verify(g.instance, g.solution) == []
        seqs, sets = brute(PUZZLE.pieces(g.instance), PUZZLE.variant)
        assert sets == 1


def test_generated_unique_sequence_and_larger():
    rng = random.Random(22)
    g = generate(6, rng, distinct="sequences")
    assert brute(PUZZLE.pieces(g.instance), PUZZLE.variant) == (1, 1)
    g = generate(9, rng)
    assert len(g.instance.clues["pieces"]) == 9 and PUZZLE.count(g.instance, 2) == 1


@pytest.mark.slow
def test_generated_twelve_pieces():
    rng = random.Random(23)
    for _ in range(3):
        g = generate(12, rng)
        assert PUZZLE.count(g.instance, 2) == 1 and PUZZLE.verify(g.instance, g.solution) == []
