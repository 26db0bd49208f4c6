"""Questions and answers for every puzzle (lab/toolkit/answers.py): the reference answer reads back
to the solution and scores 1.0, a corrupted one scores less, unreadable text scores 0 with
the reason, on each puzzle's example and on generated boards."""

from __future__ import annotations

import random
from functools import cache

import pytest

from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.puzzle import CluePuzzle, MovePuzzle, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache
from puzzlelab.lab.engine.solve import solve
from puzzlelab.lab.face import registry
from puzzlelab.lab.toolkit.answers import answer_body, question, read_grid, row_tokens, score_text

NAMES = registry.names()
GENERATED = 2  # boards per puzzle with a generator, at its default options or these
SMALL: dict[str, dict] = {"nonogram": {"size": 8}, "map": {"size": 8}, "lightup": {"size": 7}, "mosaic": {"size": 6},
                          "filling": {"width": 5, "height": 5}, "dominosa": {"n": 4}, "signpost": {"size": 5}}


def reference(ptype, inst):
    """The solution the answer text is written from: SAT's, or a move puzzle's replayed answer."""
    if isinstance(ptype, CluePuzzle):
        return solve(ptype, inst)
    return ptype.reference_solution(inst)


@cache
def boards(name: str) -> list:
    ptype = registry.puzzle(name)
    insts = [ptype.parse(ptype.example)]
    if registry.has_generator(name):
        gen, sessions = registry.generator(name), SessionCache()
        params = gen.params(**SMALL.get(name, {}))
        for i in range(GENERATED):
            insts.append(generate_one(ptype, gen, params, random.Random(i), sessions, GenerateOptions()).instance)
    return [(inst, reference(ptype, inst)) for inst in insts]


def corrupted(solution):
    """A different solution of the same shape: the first cell changed to another value the
    grid holds (or the last move dropped from a list of moves)."""
    if isinstance(solution, list):
        return solution[:-1]
    if isinstance(solution, tuple) and solution and isinstance(solution[0], tuple):
        values = [v for row in solution for v in row]
        other = next((v for v in values if v != values[0]), None)
        if other is None:
            return None
        first = (other,) + tuple(solution[0][1:])
        return (first,) + tuple(solution[1:])
    if isinstance(solution, tuple) and solution:
        other = next((v for v in solution if v != solution[0]), None)
        return None if other is None else (other,) + tuple(solution[1:])
    return None


@pytest.mark.parametrize("name", NAMES)
def test_every_puzzle_asks_a_question_with_its_rules_board_and_answer_format(name):
    ptype = registry.puzzle(name)
    assert ptype.board_legend and ptype.answer_format, f"{name} says how to read its board and what to answer"
    inst = ptype.parse(ptype.example)
    text = question(ptype, inst)
    assert ptype.rules_text in text and ptype.board_text(inst) in text and ptype.answer_format in text


@pytest.mark.parametrize("name", NAMES)
def test_the_reference_answer_reads_back_and_scores_one(name):
    ptype = registry.puzzle(name)
    for inst, solution in boards(name):
        text = ptype.answer_text(inst, solution)
        assert ptype.read_answer(inst, text) == solution
        for wrapped in (text, f"```\n{text}\n```", f"<think>hm</think>\nAnswer:\n{text}\n",
                        f"<answer>\n{text}\n</answer>"):
            assert score_text(ptype, inst, wrapped, solution).score == 1.0, wrapped


@pytest.mark.parametrize("name", NAMES)
def test_a_corrupted_answer_scores_less_than_one(name):
    ptype = registry.puzzle(name)
    tried = 0
    for inst, solution in boards(name):
        wrong = ptype.corrupt_solution(inst, solution) if hasattr(ptype, "corrupt_solution") else corrupted(solution)
        if wrong is None or wrong == solution:
            continue
        tried += 1
        score = score_text(ptype, inst, ptype.answer_text(inst, wrong), solution)
        assert score.parsed and not score.valid and score.score < 1.0 and score.reason, (name, score)
    assert tried, f"no corruption tried for {name}"


@pytest.mark.parametrize("name", NAMES)
def test_unreadable_text_scores_zero_with_the_reason(name):
    ptype = registry.puzzle(name)
    inst, solution = boards(name)[0]
    for text in ("", "I do not know.", "```\n```", "x" * 200_000, None):
        score = score_text(ptype, inst, text, solution)
        assert score.score == 0.0 and not score.parsed and score.reason


def test_the_answer_body_is_found_in_fences_tags_and_labels():
    assert answer_body("thinking...\n```text\n1 2\n3 4\n```\nDone.").strip() == "1 2\n3 4"
    assert answer_body("<answer>12\n34</answer>").strip() == "12\n34"
    assert answer_body("**Answer:** 5").strip() == "5"


def test_rows_are_read_with_any_separator_and_in_groups():
    assert row_tokens("1 2 3", 3) == ["1", "2", "3"]
    assert row_tokens("| 1 | 2 | 3 |", 3) == ["1", "2", "3"]
    assert row_tokens("1,2,3", 3) == row_tokens("123", 3) == ["1", "2", "3"]
    assert row_tokens("12 34", 4) == ["1", "2", "3", "4"]
    assert row_tokens("1 2", 3) is None


def test_a_grid_is_the_last_block_of_rows_and_frames_are_skipped():
    text = "First try:\n1 1\n1 1\nBetter:\n+---+\n|1 2|\n|2 1|\n+---+\n"
    assert read_grid(text, 2, 2, {"1": 1, "2": 2}) == [[1, 2], [2, 1]]
    with pytest.raises(PuzzleError, match="row 1, column 2"):
        read_grid("1 9\n2 1", 2, 2, {"1": 1, "2": 2}, "digit")


def test_a_question_template_of_ones_own_is_filled_in_and_a_bad_one_refused():
    ptype = registry.puzzle("sudoku")
    inst = ptype.parse(ptype.example)
    assert question(ptype, inst, "{puzzle}:\n{board}") == "sudoku:\n" + ptype.board_text(inst)
    with pytest.raises(PuzzleError, match="template"):
        question(ptype, inst, "{nothing}")


def test_move_puzzles_name_a_reference_solution():
    for name in NAMES:
        ptype = registry.puzzle(name)
        if isinstance(ptype, MovePuzzle):
            assert callable(getattr(ptype, "reference_solution", None)), name


@pytest.mark.parametrize("name", NAMES)
def test_every_clue_puzzle_has_a_canonical_form(name):
    """Records' canonical_key and leak-free splits need it (each puzzle's own tests turn and
    relabel its boards and check the form stays and tells others apart)."""
    ptype = registry.puzzle(name)
    if not isinstance(ptype, CluePuzzle):
        return
    assert ptype.implements("canonical"), f"{name} has no canonical form"
    keys = {ptype.canonical(inst) for inst, _ in boards(name)}
    assert len(keys) == len(boards(name)), f"{name}: different boards share a canonical form"
