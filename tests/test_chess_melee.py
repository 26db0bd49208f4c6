"""Chess Melee: the seed-000 example, its stated solution, and generated puzzles."""

from __future__ import annotations

import random

import pytest

from generators.chess_melee import generate
from solvers.chess_common import parse_square
from solvers.chess_melee import PUZZLE
from tests.test_chess_common import brute

SEED = ("board = ['Pb7', 'Nc7', 'Bc6', 'Ne6', 'Pb5', 'Rc4', 'Qb3', 'Rf7', 'Rb6', 'Pe5', 'Nc3', 'Pd3', "
        "'Nf3']\n"
        "colors = ['B', 'B', 'B', 'B', 'B', 'B', 'B', 'W', 'W', 'W', 'W', 'W', 'W']")
SEED_SOLUTION = ("Rf7->Nc7 Ne6->Rc7 Pd3->Rc4 Qb3->Nc3 Pc4->Pb5 Qc3->Pe5 Nf3->Qe5 Nc7->Pb5 "
                 "Ne5->Bc6 Pb7->Nc6 Rb6->Nb5 Pc6->Rb5")


def moves(text: str):
    return [(parse_square(m[1:3]), parse_square(m[-2:])) for m in text.split()]


def test_seed_example():
    inst = PUZZLE.parse(SEED)
    assert PUZZLE.verify(inst, moves(SEED_SOLUTION)) == []  # the seed's answer obeys our rules
    ans = PUZZLE.answer(inst)
    assert ans.data["solved"] and ans.data["unique"] and len(ans.data["moves"]) == 12
    assert PUZZLE.verify(inst, PUZZLE.solutions(inst)[0]) == []
    assert PUZZLE.count(inst, 10**6, "sequences") == 38  # one set of moves, 38 orders
    assert frozenset(moves(SEED_SOLUTION)) == frozenset(PUZZLE.solutions(inst)[0])


def test_generated_small_puzzles_are_unique_by_brute_force():
    rng = random.Random(31)
    for _ in range(50):
        g = generate(rng.randint(2, 7), rng)
        assert PUZZLE.verify(g.instance, g.solution) == []
        seqs, sets = brute(PUZZLE.pieces(g.instance), PUZZLE.variant)
        assert sets == 1
        colours = [c for _, _, c in PUZZLE.pieces(g.instance)]
        assert colours.count("b") - colours.count("w") == len(colours) % 2  # the Melee rule


def test_generated_unique_sequence_and_larger():
    rng = random.Random(32)
    g = generate(6, rng, distinct="sequences")
    assert brute(PUZZLE.pieces(g.instance), PUZZLE.variant) == (1, 1)
    g = generate(9, rng)
    assert len(g.instance.clues["pieces"]) == 9 and PUZZLE.count(g.instance, 2) == 1


@pytest.mark.slow
def test_generated_thirteen_pieces():
    rng = random.Random(33)
    for _ in range(3):
        g = generate(13, rng)
        assert PUZZLE.count(g.instance, 2) == 1 and PUZZLE.verify(g.instance, g.solution) == []
