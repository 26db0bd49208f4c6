"""Chess Ranger: the seed-000 example, its stated solution, and generated puzzles."""

from __future__ import annotations

import random

import pytest

from generators.chess_ranger import generate
from solvers.chess_common import parse_square
from solvers.chess_ranger import PUZZLE
from tests.test_chess_common import brute

SEED = "board = ['Qe7', 'Nc6', 'Kb6', 'Pb5', 'Nf5', 'Pg4', 'Rb3', 'Bc3', 'Pd3', 'Pc2', 'Rg2']"
SEED_SOLUTION = ("Rg2->Pc2 Rc2->Bc3 Rc3->Pd3 Kb6->Pb5 Pg4->Nf5 Rd3->Rb3 Rb3->Kb5 Nc6->Qe7 "
                 "Ne7->Pf5 Rb5->Nf5")


def moves(text: str):
    return [(parse_square(m[1:3]), parse_square(m[-2:])) for m in text.split()]


def test_seed_example():
    inst = PUZZLE.parse(SEED)
    assert PUZZLE.verify(inst, moves(SEED_SOLUTION)) == []  # the seed's answer obeys our rules
    ans = PUZZLE.answer(inst)
    assert ans.data["solved"] and ans.data["unique"] and len(ans.data["moves"]) == 10
    assert PUZZLE.verify(inst, PUZZLE.solutions(inst)[0]) == []
    assert PUZZLE.count(inst, 10**6, "sequences") == 1800  # one set of moves, 1800 orders
    assert frozenset(moves(SEED_SOLUTION)) == frozenset(PUZZLE.solutions(inst)[0])


def test_generated_small_puzzles_are_unique_by_brute_force():
    rng = random.Random(11)
    for _ in range(50):
        g = generate(rng.randint(3, 7), rng)
        assert PUZZLE.verify(g.instance, g.solution) == []
        seqs, sets = brute(PUZZLE.pieces(g.instance), PUZZLE.variant)
        assert sets == 1


def test_generated_unique_sequence_and_larger():
    rng = random.Random(12)
    g = generate(6, rng, distinct="sequences")
    assert brute(PUZZLE.pieces(g.instance), PUZZLE.variant) == (1, 1)
    g = generate(9, rng)
    assert len(g.instance.clues["pieces"]) == 9 and PUZZLE.count(g.instance, 2) == 1


@pytest.mark.slow
def test_generated_twelve_pieces():
    rng = random.Random(13)
    for _ in range(3):
        g = generate(12, rng)
        assert PUZZLE.count(g.instance, 2) == 1 and PUZZLE.verify(g.instance, g.solution) == []
