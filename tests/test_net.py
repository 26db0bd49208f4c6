"""Net: random tiny boards against brute force (wrapping, barriers, clues left out), the
forms' corner cases, the answer, the generator's trees and repairs, the pictures."""

from __future__ import annotations

import random

import pytest
from cases.net import EXAMPLE_SOLUTION
from pictures import drawn

from puzzlelab.generators.net import GENERATOR, perturbed, random_tree, scrambled
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import check_instance
from puzzlelab.solvers.net import PUZZLE, NetParams, edges_of, rotations, shape, used_edges


@pytest.mark.parametrize("width, height, wrapping, barriers", [
    (3, 2, False, ()), (2, 3, True, ()), (3, 2, True, ((0, 0, "R"), (1, 2, "D"))), (4, 2, False, ((0, 1, "D"),)),
])
def test_random_tiny_boards_brute_force_equals_both_engines(width, height, wrapping, barriers):
    """Boards from random trees with a few tiles left out: brute force, SAT and CP-SAT count
    the same layouts (wrapping sides of 2 have two edges between the same cells)."""
    rng = random.Random(width * 10 + height)
    params = NetParams(width, height, wrapping, frozenset(barriers))
    candidates = list(PUZZLE.candidates(params))
    for _ in range(3):
        clues = scrambled(random_tree(params, rng))
        for cell in rng.sample(sorted(clues), rng.randrange(3)):
            del clues[cell]
        inst = Instance(PUZZLE.name, params, clues)
        brute = brute_force_count(PUZZLE, inst, candidates)
        assert engine_counts(PUZZLE, inst) == (brute, brute), PUZZLE.format(inst)


def test_the_example_reads_and_answers():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.verify(inst, EXAMPLE_SOLUTION) == []
    answer = PUZZLE.answer_text(inst, EXAMPLE_SOLUTION)
    assert answer.splitlines()[0] == "R RDL L"
    assert PUZZLE.read_answer(inst, answer) == EXAMPLE_SOLUTION
    assert PUZZLE.read_answer(inst, answer.replace("RDL", "ldr")) == EXAMPLE_SOLUTION
    with pytest.raises(PuzzleError):
        PUZZLE.read_answer(inst, answer.replace("RDL", "RRD"))


def test_wrapping_and_barriers_in_every_form():
    inst = PUZZLE.parse("5x5w:98v4h41b4v89b4cd79e597hahcvad1h8")
    assert inst.params.wrapping and (0, 1, "R") in inst.params.barriers
    text = PUZZLE.format(inst)
    assert text.splitlines()[:2] == ["wrapping", "98v4h41"]
    for fmt in PUZZLE.formats:
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
    assert PUZZLE.format(inst, "tatham") == "5x5w:98v4h41b4v89b4cd79e597hahcvad1h8"
    with pytest.raises(PuzzleError, match="every tile"):
        PUZZLE.format(PUZZLE.parse("4.8\n3f1\n834"), "tatham")


def test_shapes_and_rotations():
    assert [len(rotations(t)) for t in (1, 5, 3, 7, 15)] == [4, 2, 4, 4, 1]
    assert {shape(t) for t in range(1, 16)} == {1, 3, 5, 7, 15}


def test_generated_trees_are_trees_and_repairs_keep_them_so():
    rng = random.Random(2)
    for params in (NetParams(6, 5), NetParams(5, 5, True), NetParams(1, 6)):
        for _ in range(5):
            tree = random_tree(params, rng)
            assert len(used_edges(params, tree)) == params.width * params.height - 1
            assert PUZZLE.verify(Instance(PUZZLE.name, params, scrambled(tree)), tree) == []
            other = random_tree(params, rng)
            if other != tree:
                changed = perturbed(params, tree, other, rng)
                assert changed is not None and PUZZLE.verify(Instance(PUZZLE.name, params, {}), changed) == []


def test_wrapping_boards_with_a_side_of_two_are_refused_by_the_generator():
    with pytest.raises(PuzzleError, match="no unique solution"):
        GENERATOR.params(size=2, wrapping=1)


def test_pictures(monkeypatch):
    inst = PUZZLE.parse("5x5w:98v4h41b4v89b4cd79e597hahcvad1h8")
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert drawn(monkeypatch, PUZZLE, inst, solution) == []  # lines and dots only, no text
    assert "┼" in PUZZLE.show_text(PUZZLE.parse(PUZZLE.example))


def test_the_grades_tree_check_agrees_with_two_union_finds():
    """`SpanningTreeCheck` (the grade's `dead_end`, with its kept base) against the plain
    check, over probes that share growing facts, as a grade's do."""
    from puzzlelab.lab.toolkit.paths import SpanningTreeCheck, find

    def plain(n, edges, holds):
        root = list(range(n))
        for i, j, lit in edges:
            if holds(lit):
                a, b = find(root, i), find(root, j)
                if a == b:
                    return True
                root[a] = b
        root = list(range(n))
        for i, j, lit in edges:
            if not holds(-lit):
                root[find(root, i)] = find(root, j)
        return len({find(root, i) for i in range(n)}) > 1

    rng = random.Random(5)
    answers = set()
    for params in (NetParams(5, 4), NetParams(4, 4, True), NetParams(7, 6)):
        edges = [(a[0] * params.width + a[1], b[0] * params.width + b[1], k + 1)
                 for k, (a, _, b) in enumerate(edges_of(params))]
        check = SpanningTreeCheck(params.width * params.height, edges)
        facts: set[int] = set()
        for _ in range(300):
            if rng.random() < 0.1:
                lit = rng.choice(edges)[2] * rng.choice((1, -1))
                if -lit not in facts:
                    facts.add(lit)
            extra: set[int] = set()
            for _ in range(rng.randrange(40)):
                lit = rng.choice(edges)[2] * rng.choice((1, -1, -1))
                if -lit not in facts and -lit not in extra:
                    extra.add(lit)

            def holds(lit, extra=extra):
                return lit in extra or lit in facts
            answer = check.dead_end(holds)
            assert answer == plain(params.width * params.height, edges, holds)
            answers.add(answer)
    assert answers == {True, False}
