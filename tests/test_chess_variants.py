"""Chess Ranger, Solo Chess and Chess Melee: each seed-000 example with its stated solution,
and generated puzzles re-checked by brute force (tests/test_chess_common.py's `brute`)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from puzzlelab.lab.face import registry
from puzzlelab.solvers.chess_common import parse_square
from tests.test_chess_common import brute


@dataclass(frozen=True)
class Case:
    name: str
    seed: str  # the seed's own board, as written there
    solution: str  # the seed's stated solution
    captures: int
    orders: int  # move orders of the seed's one solution
    fewest: int  # smallest generated size tried
    big: int  # the slow test's size
    rng: int


CASES = [
    Case("chessranger", "board = ['Qe7', 'Nc6', 'Kb6', 'Pb5', 'Nf5', 'Pg4', 'Rb3', 'Bc3', 'Pd3', 'Pc2', 'Rg2']",
         'Rg2->Pc2 Rc2->Bc3 Rc3->Pd3 Kb6->Pb5 Pg4->Nf5 Rd3->Rb3 Rb3->Kb5 Nc6->Qe7 Ne7->Pf5 Rb5->Nf5', 10, 1800, 3, 12, 11),
    Case("chesssolo", "board = ['Kc6', 'Rc5', 'Rc4', 'Pb3', 'Bd3', 'Pd2', 'Pe3', 'Nf2', 'Ng2', 'Qg3', 'Pg6']",
         'Qg3->Pg6 Qg6->Bd3 Pd2->Pe3 Ng2->Pe3 Nf2->Qd3 Ne3->Rc4 Pb3->Nc4 Nd3->Rc5 Kc6->Nc5 Kc5->Pc4', 10, 504, 2, 12, 21),
    Case("chessmelee", "board = ['Pb7', 'Nc7', 'Bc6', 'Ne6', 'Pb5', 'Rc4', 'Qb3', 'Rf7', 'Rb6', 'Pe5', 'Nc3', 'Pd3', 'Nf3']\ncolors = ['B', 'B', 'B', 'B', 'B', 'B', 'B', 'W', 'W', 'W', 'W', 'W', 'W']",
         'Rf7->Nc7 Ne6->Rc7 Pd3->Rc4 Qb3->Nc3 Pc4->Pb5 Qc3->Pe5 Nf3->Qe5 Nc7->Pb5 Ne5->Bc6 Pb7->Nc6 Rb6->Nb5 Pc6->Rb5', 12, 38, 2, 13, 31),
]
IDS = [c.name for c in CASES]


def moves(text: str):
    return [(parse_square(m[1:3]), parse_square(m[-2:])) for m in text.split()]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_seed_example(case: Case):
    puzzle = registry.puzzle(case.name)
    inst = puzzle.parse(case.seed)
    assert puzzle.verify(inst, moves(case.solution)) == []  # the seed's answer obeys our rules
    ans = puzzle.answer(inst)
    assert ans.data["solved"] and ans.data["unique"] and len(ans.data["moves"]) == case.captures
    assert puzzle.verify(inst, puzzle.solutions(inst)[0]) == []
    assert puzzle.count(inst, 10**6, "sequences") == case.orders  # one set of moves, many orders
    assert frozenset(moves(case.solution)) == frozenset(puzzle.solutions(inst)[0])


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_generated_small_puzzles_are_unique_by_brute_force(case: Case):
    puzzle, make = registry.puzzle(case.name), registry.generator(case.name).make
    rng = random.Random(case.rng)
    for _ in range(50):
        g = make(rng.randint(case.fewest, 7), rng)
        assert puzzle.verify(g.instance, g.solution) == []
        seqs, sets = brute(puzzle.pieces(g.instance), puzzle.variant)
        assert sets == 1
        if case.name == "chessmelee":
            colours = [c for _, _, c in puzzle.pieces(g.instance)]
            assert colours.count("b") - colours.count("w") == len(colours) % 2  # the Melee rule


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_generated_unique_sequence_and_larger(case: Case):
    puzzle, make = registry.puzzle(case.name), registry.generator(case.name).make
    rng = random.Random(case.rng + 1)
    g = make(6, rng, distinct="sequences")
    assert brute(puzzle.pieces(g.instance), puzzle.variant) == (1, 1)
    g = make(9, rng)
    assert len(g.instance.clues["pieces"]) == 9 and puzzle.count(g.instance, 2) == 1


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_generated_big_puzzles(case: Case):
    puzzle, make = registry.puzzle(case.name), registry.generator(case.name).make
    rng = random.Random(case.rng + 2)
    for _ in range(3):
        g = make(case.big, rng)
        assert puzzle.count(g.instance, 2) == 1 and puzzle.verify(g.instance, g.solution) == []
