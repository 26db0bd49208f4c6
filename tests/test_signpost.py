"""Signpost: seed example, verify rule by rule, Tatham's game IDs (his generator's boards, and
ours read by his parser), random tiny boards against brute force, formats, generator."""

from __future__ import annotations

import random
import re
from itertools import permutations

import pytest
from cases.signpost import SEED, TATHAM_IDS, grid
from declarations import our_ids, tatham_id_lines
from pysat.formula import IDPool
from tally import new_tally, tally_brute_force

import puzzlelab.solvers.signpost as signpost
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession, SessionCache
from puzzlelab.lab.face.registry import generator
from puzzlelab.solvers.signpost import PUZZLE, SignpostParams, arrows_of_path


# ---- the seed example ---------------------------------------------------------------------
def test_seed_board_reads_as_the_seed_states():
    inst = PUZZLE.parse(SEED.board)
    assert (inst.params.width, inst.params.height, inst.params.end) == (7, 7, 48)
    assert len(inst.clues) == 12 and inst.clues[(0, 0)] == 1 and (6, 6) not in inst.clues  # 49 is the star


def test_seed_board_writes_back_in_the_seeds_form():
    inst = PUZZLE.parse(SEED.board)
    written = PUZZLE.format(inst, "array")
    assert "['C', 'D', 'D', 'X', 'D', 'Z', 'X']" in written and "[0, 0, 0, 0, 0, 20, 49]" in written
    assert PUZZLE.parse(written) == inst


# ---- verify, rule by rule -----------------------------------------------------------------
def problems(solution: str, board: str = "E  SW\nE  *") -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), grid(solution))


def test_verify_accepts_a_valid_numbering():
    # r1c1 E -> r1c2 SW -> r2c1 E -> r2c2, the star
    assert problems("1 2\n3 4") == []
    assert problems("1 2\n3 4", "1E 2SW\nE  *") == []


def test_without_a_star_any_cell_may_be_last():
    """The last cell's arrow points nowhere in particular (Tatham's ispointing)."""
    assert problems("1 2\n3 4", "E SW\nE N") == []
    assert problems("4 1\n2 3", "SE SW\nE NW") == []  # 4, last, points SE at 3


# ---- Tatham's game IDs ----------------------------------------------------------------------
def test_tatham_ids_have_corners_and_free_ends():
    ids = tatham_id_lines(TATHAM_IDS.file)
    assert {asked for asked, _ in ids} == {"4x4c", "4x4", "5x5c", "5x5", "6x6c", "7x7c"}
    for asked, game in ids:
        inst = PUZZLE.parse(game)
        assert inst.params.end is not None and (asked[-1] != "c" or inst.params.end == inst.params.n - 1)


def test_our_ids_read_back():
    assert len(our_ids("signpost")) == 10


def test_tatham_ids_without_a_last_number_and_tiny_boards():
    """His parser takes any numbers (unpick_desc): without N no cell is the star, and any
    cell may be last; a 1x1 board is the star alone."""
    free = PUZZLE.parse("2x1:cg")
    assert free.params.end is None and engine_counts(PUZZLE, free) == (2, 2)
    assert PUZZLE.format(free, "tatham") == "2x1:cg"
    one = PUZZLE.parse("1x1:1a")
    assert one.params.end == 0 and one.clues == {} and engine_counts(PUZZLE, one) == (1, 1)
    assert PUZZLE.format(PUZZLE.parse("*"), "tatham") == "1x1:1a"
    assert PUZZLE.parse("2x2:0e0fc4a").clues == {}  # Tatham's 0 is no number


def test_a_number_on_the_star_other_than_n_has_no_id():
    inst = PUZZLE.parse("E 1*")
    assert inst.clues == {(0, 1): 1} and engine_counts(PUZZLE, inst) == (0, 0)
    with pytest.raises(PuzzleError, match="cannot give the arrowless cell r1c2 a number"):
        PUZZLE.format(inst, "tatham")


# ---- the other formats ------------------------------------------------------------------------
def test_text_reads_glyphs_lower_case_and_the_star_with_or_without_n():
    inst = PUZZLE.parse(PUZZLE.example)
    glyphs = "1↓ → ↓ ←\n→ → ↙ ↓\n↑ ↑ ↘ 6↖\n→ → ↖ ★".replace("★", "*")
    assert PUZZLE.parse(glyphs) == inst
    assert PUZZLE.parse(PUZZLE.example.lower().replace("16*", "*")) == inst
    assert "16★" in PUZZLE.show_text(inst) and "6↖" in PUZZLE.show_text(inst)


def test_arrays_without_numbers_and_json_with_nulls():
    assert PUZZLE.parse("[['D', 'X'], ['E', ' ']]") == PUZZLE.parse("E S\nNE *")
    inst = PUZZLE.parse('{"arrows": [["E", "S"], ["NE", "*"]], "numbers": [[1, null], [0, 4]]}')
    assert inst == PUZZLE.parse("1E S\nNE 4*") and inst.clues == {(0, 0): 1}


# ---- random tiny boards against brute force ----------------------------------------------------
def numberings(params: SignpostParams) -> list:
    """Every numbering of a board of at most 8 cells that breaks no rule on an empty board,
    from all N! permutations (the solver's own `candidates` are not used here)."""
    w, h, n = params.width, params.height, params.n
    empty = Instance("signpost", params, {})
    out = []
    for order in permutations(range(n)):
        numbers = [0] * n
        for k, i in enumerate(order, start=1):
            numbers[i] = k
        g = tuple(tuple(numbers[r * w:(r + 1) * w]) for r in range(h))
        if not PUZZLE.verify(empty, g):
            out.append(g)
    return out


def random_board(w: int, h: int, rng: random.Random) -> SignpostParams:
    """Arrows of a random path through the board (with its star or, one time in three,
    with an arrow there too), or now and then arrows at random."""
    n = w * h
    if rng.random() < 0.2:
        arrows = [rng.randrange(8) for _ in range(n)]
        if rng.random() < 0.5:
            arrows[rng.randrange(n)] = None
        return SignpostParams(w, h, tuple(tuple(arrows[r * w:(r + 1) * w]) for r in range(h)))
    while True:
        order = list(range(n))
        rng.shuffle(order)
        try:
            arrows = [list(row) for row in arrows_of_path(w, h, order)]
        except ValueError:
            continue
        if rng.random() < 1 / 3:
            r, c = divmod(order[-1], w)
            arrows[r][c] = rng.randrange(8)
        return SignpostParams(w, h, tuple(tuple(row) for row in arrows))


def test_brute_force_matches_both_engines_on_random_tiny_boards():
    """The conformance suite brute-forces the example, whose last cell is marked and whose
    arrows leave few paths; here 120 random boards of 3 to 8 cells, with and without the
    star, clues from a valid numbering (one changed now and then) or none."""
    rng = random.Random(7)
    tally = new_tally()
    shapes = [(3, 1), (2, 2), (3, 2), (2, 3), (1, 5), (5, 1), (4, 2)]
    for b in range(24):
        w, h = shapes[b % len(shapes)]
        params = random_board(w, h, rng)
        valid = numberings(params)
        for _ in range(5):
            source = rng.choice(valid) if valid else tuple(tuple(range(r * w + 1, r * w + w + 1)) for r in range(h))
            cells = rng.sample([(r, c) for r in range(h) for c in range(w)], rng.randint(0, 2))
            clues = {cell: source[cell[0]][cell[1]] for cell in cells}
            if clues and rng.random() < 0.2:
                clues[cells[0]] = rng.randint(1, w * h)
            inst = Instance("signpost", params, clues)
            tally_brute_force(PUZZLE, inst, valid, tally)
    assert sum(tally.values()) == 120 and min(tally.values()) >= 10, tally


@pytest.mark.parametrize("most", [0, 2, 99])
def test_one_shot_rules_count_alike_with_any_share_of_backward_clauses(monkeypatch, most):
    """The one-shot rules write backward clauses only into cells with few sources
    (BACKWARD_MOST): with none, some or all of them, the one-shot engine counts as brute force
    on random tiny boards, and the rules hold each backward clause they write."""
    monkeypatch.setattr(signpost, "BACKWARD_MOST", most)
    rng = random.Random(11)
    for b in range(8):
        w, h = [(3, 2), (2, 3), (4, 2), (2, 2)][b % 4]
        params = random_board(w, h, rng)
        valid = numberings(params)
        source = rng.choice(valid) if valid else None
        clues = {} if source is None else {(0, 0): source[0][0]}
        inst = Instance("signpost", params, clues)
        assert engine_counts(PUZZLE, inst) == (brute_force_count(PUZZLE, inst, valid),) * 2, PUZZLE.format(inst)
        written = {tuple(c) for c in PUZZLE.one_shot_rules(params, IDPool()).clauses}
        full = {tuple(c) for c in signpost.support_clauses(1, params.n, range(params.n), params.sources, False)}
        kept = {c for c in full if len(c) - 1 <= most}
        assert kept <= written and not (full - kept) & written


def test_support_clauses_state_each_arrow_both_ways():
    """Forward: cell 0 (pointing at cells 1 and 2) holding k leads to one of them holding
    k + 1; backward: cell 2 holding k + 1 comes from cell 0 or 1 holding k (x = 1 + 3i + k)."""
    assert signpost.support_clauses(1, 3, [0], [(1, 2)], forward=True) == [[-1, 5, 8], [-2, 6, 9]]
    assert signpost.support_clauses(1, 3, [2], [(0, 1)], forward=False) == [[-8, 1, 4], [-9, 2, 5]]


def test_candidates_follow_the_arrows_on_larger_boards():
    """Past 8 cells `candidates` walks the arrows; on a clue-free 4x4 with no star (any cell
    last) its valid ones are as many as both engines count."""
    rng = random.Random(3)
    for _ in range(3):
        params = random_board(4, 4, rng)
        inst = Instance("signpost", params, {})
        expected = brute_force_count(PUZZLE, inst, PUZZLE.candidates(params))
        assert engine_counts(PUZZLE, inst) == (expected, expected)


# ---- generation --------------------------------------------------------------------------------
def needed_but_one(made) -> bool:
    """Without any one clue other than 1, a fresh session finds another numbering: minimal
    among the clue sets that keep 1 (what `--ends 1` promises)."""
    inst, session = made.instance, SatSession(PUZZLE, made.instance.params)
    try:
        return all(session.other_than(session.assumptions(inst.without([key]).clues), made.solution).sat is True
                   for key, k in inst.clues.items() if k != 1)
    finally:
        session.close()


def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("signpost")
    for options, count in (({"size": 4, "ends": 0}, 8), ({"size": 6, "ends": 0}, 6),
                           ({"size": 5, "corners": 0, "ends": 0}, 6), ({"width": 8, "height": 3, "ends": 0}, 3)):
        for made in generated_rechecked(PUZZLE, gen, gen.params(**options), count, seed=5):
            p = made.instance.params
            assert made.minimal and len(made.instance.clues) < p.n - 1
            if options.get("corners", 1):
                assert made.solution[0][0] == 1 and p.end == p.n - 1


@pytest.mark.parametrize("options", [{"size": 4}, {"size": 5}, {"size": 5, "corners": 0}, {"width": 7, "height": 3}])
def test_by_default_both_ends_are_numbered_and_every_other_number_is_needed(options):
    """Tatham's boards always number the first and the last cell: by default 1 is never
    stripped (N is the arrowless cell, always shown), the board is unique, and dropping any
    other number makes it ambiguous: minimal among the clue sets that keep 1, and flagged so."""
    gen = generator("signpost")
    assert gen.params(**options).ends
    for made in generated_rechecked(PUZZLE, gen, gen.checked_params(**options), 6, seed=7):
        p, clues = made.instance.params, made.instance.clues
        ones = [key for key, k in clues.items() if k == 1]
        assert ones and made.solution[ones[0][0]][ones[0][1]] == 1
        assert p.end is not None and made.solution[p.end // p.width][p.end % p.width] == p.n
        text = PUZZLE.format(made.instance)
        assert re.search(r"(^|\s)1[A-Z]", text) and f"{p.n}*" in text  # both ends written on the board
        assert needed_but_one(made) and made.minimal


def test_generator_options():
    gen = generator("signpost")
    spec = gen.params()
    assert (spec.width, spec.height, spec.corners, spec.ends) == (6, 6, True, True)
    assert not gen.params(size=5, corners=0).corners
    assert not gen.checked_params(ends=0).ends
    rng, sessions = random.Random(1), SessionCache()
    starts = {generate_one(PUZZLE, gen, gen.params(size=4, corners=0), rng, sessions).solution[0][0] == 1
              for _ in range(6)}
    assert False in starts  # free ends: 1 is not always in the corner
    stripped = [generate_one(PUZZLE, gen, gen.params(size=5, ends=0), rng, sessions).instance.clues
                for _ in range(8)]
    assert any(1 not in clues.values() for clues in stripped)  # --ends 0: 1 goes when the rest pin it down


# ---- for language models ----------------------------------------------------------------------
def test_a_messy_answer_is_read_leniently():
    """Prose, a fence, commas or bars, the arrows copied after the numbers: read as the
    numbers; a number past N is refused."""
    inst = PUZZLE.parse(PUZZLE.example)
    solution = ((1, 12, 14, 13), (3, 4, 7, 5), (2, 11, 15, 6), (8, 9, 10, 16))
    assert PUZZLE.answer_text(inst, solution) == "1 12 14 13\n3 4 7 5\n2 11 15 6\n8 9 10 16"
    messy = "Following the arrows:\n```\n1s, 12e, 14s, 13w\n| 3 | 4 | 7 | 5 |\n2 11 15 6NW\n8 9 10 16*\n```"
    assert PUZZLE.read_answer(inst, messy) == solution
    with pytest.raises(PuzzleError, match="row 4, column 4"):
        PUZZLE.read_answer(inst, "1 12 14 13\n3 4 7 5\n2 11 15 6\n8 9 10 17")


COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def transformed(text: str, quarter_turns: int, mirror: bool, turn_arrows: bool = True) -> str:
    """A text board turned clockwise, then mirrored left-right, written on the text: each
    cell moves, and (unless told not to) its arrow turns with it (a quarter turn adds two
    to its place in COMPASS, a mirror takes it from 8)."""
    rows = [[re.fullmatch(r"(\d*)(\w+|\*)", t).groups() for t in line.split()] for line in text.splitlines()]

    def arrow(a: str, f) -> str:
        return a if a == "*" or not turn_arrows else COMPASS[f(COMPASS.index(a)) % 8]
    for _ in range(quarter_turns):
        rows = [[(n, arrow(a, lambda i: i + 2)) for n, a in col] for col in zip(*rows[::-1])]
    if mirror:
        rows = [[(n, arrow(a, lambda i: 8 - i)) for n, a in row[::-1]] for row in rows]
    return "\n".join(" ".join(n + a for n, a in row) for row in rows)


@pytest.mark.parametrize("text", [PUZZLE.example, "1E SW S\nNE W 6*", "E 3S\n2NE W\nNE 6*"])
def test_the_canonical_form_is_the_same_for_every_symmetry_and_differs_otherwise(text):
    inst = PUZZLE.parse(text)
    turns = range(4) if inst.params.width == inst.params.height else (0, 2)
    images = [transformed(text, k, m) for k in turns for m in (False, True)]
    assert {PUZZLE.canonical(PUZZLE.parse(image)) for image in images} == {PUZZLE.canonical(inst)}
    # cells moved without turning their arrows: another board
    assert PUZZLE.canonical(PUZZLE.parse(transformed(text, 2, False, turn_arrows=False))) != PUZZLE.canonical(inst)
    other = text.replace("S", "N", 1)  # one arrow turned round
    assert PUZZLE.canonical(PUZZLE.parse(other)) != PUZZLE.canonical(inst)
