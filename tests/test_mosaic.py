"""Mosaic: the seed's example, verify rule by rule, Tatham's game IDs (his generator's boards,
and ours read by his parser), the formats' corner cases, the generator."""

from __future__ import annotations

import random

import pytest
from cases.mosaic import SEED, TATHAM_IDS, grid
from declarations import our_ids, tatham_id_lines
from tatham import tatham_reads

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache
from puzzlelab.lab.face.registry import generator
from puzzlelab.solvers.mosaic import PUZZLE, MosaicParams, block_literals, exactly


# ---- the seed example ---------------------------------------------------------------------
def test_seed_board_reads_as_the_seed_states():
    inst = PUZZLE.parse(SEED.board)
    assert inst.params == MosaicParams(15, 15) and len(inst.clues) == 91
    assert inst.clues[(0, 2)] == 2 and inst.clues[(6, 6)] == 8 and (0, 0) not in inst.clues


def test_seed_board_is_written_back_as_the_seed_wrote_it():
    inst = PUZZLE.parse(SEED.board)
    body = [line.rstrip(",") for line in SEED.board.splitlines()[1:-1]]
    assert [line.rstrip(",") for line in PUZZLE.format(inst, "array").splitlines()[1:-1]] == body


# ---- verify, rule by rule -----------------------------------------------------------------
def problems(text: str, board: str) -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), grid(text))


def test_verify_accepts_a_valid_shading():
    assert problems("BBWB\nBBWW\nBBBW\nBWWW", PUZZLE.example) == []
    assert problems("BBWB\nBBWW\nBBBW\nBWWW", "....\n....\n....\n....") == []  # no number, no rule


@pytest.mark.parametrize("lits, n, clauses", [
    ([1, 2, 3], 0, [[-1], [-2], [-3]]),
    ([1, 2, 3], 3, [[1], [2], [3]]),
    ([1, 2, 3, 4], 5, [[]]),
    ([1, 2, 3], 1, [[-1, -2], [-1, -3], [-2, -3], [1, 2, 3]]),
])
def test_exactly_writes_plain_clauses(lits, n, clauses):
    assert exactly(lits, n) == clauses


def test_exactly_counts_right_for_nine_cells():
    for n in range(10):
        clauses = exactly(list(range(1, 10)), n)
        for bits in range(512):
            true = {v for v in range(1, 10) if bits >> (v - 1) & 1}
            holds = all(any((lit > 0) == (abs(lit) in true) for lit in c) for c in clauses)
            assert holds == (len(true) == n)


# ---- Tatham's game IDs ----------------------------------------------------------------------
def test_block_literals_are_the_blocks_cells():
    """The row slices a one-shot count reads are the block `MosaicParams.block` names, in
    the same order, at corners, edges and inside, on boards down to one cell wide."""
    for width, height in ((4, 3), (1, 3), (3, 1), (1, 1)):
        params = MosaicParams(width, height)
        black = [[100 + r * width + c for c in range(width)] for r in range(height)]
        for r in range(height):
            for c in range(width):
                assert block_literals(black, r, c) == tuple(black[rr][cc] for rr, cc in params.block(r, c))


def test_tatham_ids_are_three_sizes():
    assert {gid.split(":")[0] for gid, in tatham_id_lines(TATHAM_IDS.file)} == {"5x5", "10x10", "9x6"}


def test_tatham_ids_are_solved_by_propagation_alone():
    """His generator keeps a board only when his solver, which completes one number at a time
    (all its undecided cells black, or all white), solves it: unit propagation on our clauses
    does at least as much, so each of his boards grades at level 0."""
    for gid, in tatham_id_lines(TATHAM_IDS.file)[::4]:
        difficulty = grade(PUZZLE, PUZZLE.parse(gid))
        assert difficulty.level == 0 and difficulty.propagation_solves, gid


def test_our_ids_read_back():
    assert len(our_ids("mosaic")) == 10


def test_long_runs_are_read_by_tathams_parser(tmp_path):
    """Runs of more than 26 blank cells are chained letters (z, then the rest): his parser
    reads them (his own encoder would write '{' there, which his parser refuses)."""
    inst = Instance("mosaic", MosaicParams(10, 10), {(0, 0): 1, (9, 9): 0})
    gid = PUZZLE.format(inst, "tatham")
    assert gid == "10x10:1zzzt0" and PUZZLE.parse(gid) == inst
    assert tatham_reads("mosaic", [gid], tmp_path) == ""


@pytest.mark.parametrize("text, cells", [
    ("3x3:i", {}),
    ("3:i", {}),  # one side: a square
    ("3x3h0:9h", {(0, 0): 9}),  # 'h': his generator's aggressiveness, nothing about the board
    ("3x3:a90a0d", {(0, 1): 9, (0, 2): 0, (1, 1): 0}),  # digits side by side are cells side by side
    ("4x3:zzza1", None),  # see below: too long
])
def test_tatham_descriptions(text, cells):
    if cells is None:
        with pytest.raises(PuzzleError, match="longer than 12 cells"):
            PUZZLE.parse(text)
        return
    assert PUZZLE.parse(text).clues == cells


def test_small_boards_have_no_tatham_id():
    with pytest.raises(PuzzleError, match="at least 3x3"):
        PUZZLE.format(PUZZLE.parse("1.\n.."), "tatham")
    with pytest.raises(PuzzleError, match="convert mosaic FILE --to tatham"):
        inst = PUZZLE.parse(PUZZLE.example)
        PUZZLE.format_solution(inst, grid("BBWB\nBBWW\nBBBW\nBWWW"), "tatham")


# ---- the other formats ------------------------------------------------------------------------
def test_text_reads_dashes_and_spaces():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.parse("-4--\n6__2\n..3.\n.4..") == inst
    assert PUZZLE.parse(". 4 . .\n6 . . 2\n. . 3 .\n. 4 . .") == inst


def test_array_reads_numbers_as_well_as_strings():
    assert PUZZLE.parse("[[1, ' ', 0], [' ', 9, ' '], ['', ' ', '4']]").clues == {(0, 0): 1, (0, 2): 0, (1, 1): 9,
                                                                               (2, 2): 4}


def test_show_text_draws_the_numbers_in_a_frame():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert len(shown) == 6 and shown[2] == "┃6 · · 2┃"


# ---- random boards against brute force ----------------------------------------------------------
def test_brute_force_matches_both_engines_on_random_boards():
    """The conformance suite brute-forces the 4x4 example; here random numbers on 3x3, 4x3 and
    2x5 boards, from a random shading (one number off now and then, for boards without a
    solution), against every shading."""
    rng = random.Random(3)
    tally = {"none": 0, "one": 0, "several": 0}
    for width, height in ((3, 3), (4, 3), (2, 5), (1, 4)):
        params = MosaicParams(width, height)
        shadings = list(PUZZLE.candidates(params))
        cells = [(r, c) for r in range(height) for c in range(width)]
        for _ in range(8):
            source = rng.choice(shadings)
            kept = rng.sample(cells, rng.randint(1, len(cells)))
            clues = {(r, c): sum(source[rr][cc] for rr, cc in params.block(r, c)) for r, c in kept}
            if rng.random() < 0.35:
                key = rng.choice(kept)
                clues[key] = min(clues[key] + 1, 9)
            inst = Instance("mosaic", params, clues)
            expected = brute_force_count(PUZZLE, inst, shadings)
            assert engine_counts(PUZZLE, inst, 5000) == (expected, expected), PUZZLE.format(inst)
            tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
    assert min(tally.values()) >= 3, tally


# ---- generation --------------------------------------------------------------------------------
def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("mosaic")
    for options, count in (({"size": 3}, 6), ({"size": 5}, 10), ({"size": 10}, 6), ({"width": 14, "height": 6}, 3)):
        for made in generated_rechecked(PUZZLE, gen, gen.params(**options), count, seed=5):
            p = made.instance.params
            assert made.minimal and len(made.instance.clues) < p.width * p.height


def test_alternatives_are_real_rival_shadings():
    """Each alternative is the set of numbers some other shading changes: flip its cells
    back and forth to find that shading and compare every number."""
    gen, params = generator("mosaic"), MosaicParams(5, 4)
    _, solution = gen.draw(params, random.Random(1), SessionCache())
    numbers = gen.candidate_clues(params, solution)
    alternatives = gen.alternatives(params, solution)
    assert len(alternatives) > 20
    cells = [(r, c) for r in range(params.height) for c in range(params.width)]
    for changed in alternatives:
        rivals = []
        for r, c in cells:  # a single flip
            rivals.append({(r, c)})
            for rr, cc in ((r, c + 1), (r + 1, c)):  # a swap of unlike neighbours
                if params.inside(rr, cc) and solution[r][c] != solution[rr][cc]:
                    rivals.append({(r, c), (rr, cc)})
        found = False
        for flips in rivals:
            other = tuple(tuple(v != ((r, c) in flips) for c, v in enumerate(row)) for r, row in enumerate(solution))
            if {k for k, n in gen.candidate_clues(params, other).items() if n != numbers[k]} == changed:
                found = True
                break
        assert found, changed


def test_generator_options():
    gen = generator("mosaic")
    assert gen.params() == MosaicParams(10, 10) and gen.params(size=5, height=7) == MosaicParams(5, 7)


# ---- answers for language models -----------------------------------------------------------
EXAMPLE_SOLUTION = ((True, True, False, True), (True, True, False, False), (True, True, True, False),
                    (True, False, False, False))


def test_an_answer_is_read_leniently_and_scored():
    from puzzlelab.lab.toolkit.answers import score_text

    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.answer_text(inst, EXAMPLE_SOLUTION) == "# # . #\n# # . .\n# # # .\n# . . ."
    messy = "Shading it:\n---\n```\nB B W B\nbbww\n| # | # | # | . |\n1,0,0,0\n```\nThat is all."
    assert PUZZLE.read_answer(inst, messy) == EXAMPLE_SOLUTION
    assert score_text(PUZZLE, inst, messy, EXAMPLE_SOLUTION).score == 1.0
    white_row = PUZZLE.read_answer(inst, "# # . #\n. . . .\n# # # .\n# . . .")  # a row of dots is a row, no frame
    assert white_row[1] == (False,) * 4
    wrong = score_text(PUZZLE, inst, "# # . #\n. . . .\n# # # .\n# . . .", EXAMPLE_SOLUTION)
    assert wrong.parsed and not wrong.valid and wrong.score == 0.875  # 14 of 16 cells
    with pytest.raises(PuzzleError, match="4 rows"):
        PUZZLE.read_answer(inst, "# # . #\n# # . .")


def turned(text: str) -> str:
    rows = text.split("\n")
    return "\n".join("".join(rows[len(rows) - 1 - r][c] for r in range(len(rows))) for c in range(len(rows[0])))


def mirrored(text: str) -> str:
    return "\n".join(row[::-1] for row in text.split("\n"))


def complemented(text: str) -> str:
    """Black and white swapped: each number counts the white cells of its block instead."""
    rows = text.split("\n")
    h, w = len(rows), len(rows[0])

    def size(r: int, c: int) -> int:
        return (min(r + 1, h - 1) - max(r - 1, 0) + 1) * (min(c + 1, w - 1) - max(c - 1, 0) + 1)
    return "\n".join("".join(ch if ch == "." else str(size(r, c) - int(ch)) for c, ch in enumerate(row))
                     for r, row in enumerate(rows))


def test_the_canonical_form_is_one_for_every_turn_mirror_and_complement():
    base = PUZZLE.canonical(PUZZLE.parse(PUZZLE.example))
    images, t = [], PUZZLE.example
    for _ in range(4):
        t = turned(t)
        images += [t, mirrored(t), complemented(t), complemented(mirrored(t))]
    assert len(set(images)) == 16
    assert all(PUZZLE.canonical(PUZZLE.parse(image)) == base for image in images)
    assert PUZZLE.canonical(PUZZLE.parse(PUZZLE.example.replace("3", "2"))) != base
    wide = "1..\n.3."  # not square: a quarter turn is no symmetry
    assert PUZZLE.canonical(PUZZLE.parse(wide)) == PUZZLE.canonical(PUZZLE.parse(complemented(mirrored(wide))))
    assert PUZZLE.canonical(PUZZLE.parse(wide)) != PUZZLE.canonical(PUZZLE.parse(turned(wide)))
    impossible = "9..\n..."  # a 9 its block cannot hold has no complement, and the form is still one
    assert PUZZLE.canonical(PUZZLE.parse(impossible)) == PUZZLE.canonical(PUZZLE.parse(mirrored(impossible)))
