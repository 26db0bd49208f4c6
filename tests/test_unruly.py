"""Unruly: seed example, verify rule by rule, Tatham's game IDs (his generator's boards, and
ours read by his parser), the unique-rows rule against brute force, formats, generator."""

from __future__ import annotations

import random

import pytest
from board_images import text_images
from cases.unruly import SEED, TATHAM_IDS, grid
from declarations import our_ids, tatham_id_lines
from tally import new_tally, tally_brute_force

from puzzlelab.lab.engine.crosscheck import generated_rechecked
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator
from puzzlelab.solvers.unruly import PUZZLE, UnrulyParams, room_for_unique, valid_lines


# ---- the seed example ---------------------------------------------------------------------
def test_seed_board_reads_as_the_seed_states():
    inst = PUZZLE.parse(SEED.board)
    assert inst.params == UnrulyParams(14, 14) and len(inst.clues) == 43


# ---- verify, rule by rule -----------------------------------------------------------------
def problems(text: str, board: str = "....\n....\n....\n....") -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), grid(text))


def test_verify_accepts_a_valid_grid():
    assert problems("WBBW\nBWWB\nWBWB\nBWBW") == []
    assert problems("WBBW\nBWWB\nWBWB\nBWBW", "....\n.W..\n....\n...W") == []


def test_alike_rows_are_fine_without_the_unique_rule():
    assert problems("WBBW\nWBBW\nBWWB\nBWWB") == []


# ---- Tatham's game IDs ----------------------------------------------------------------------
def test_tatham_ids_have_the_unique_rule():
    assert any("u" in asked for asked, _ in tatham_id_lines(TATHAM_IDS.file))


def test_our_ids_read_back():
    assert len(our_ids("unruly")) == 10


@pytest.mark.parametrize("text, cells", [
    ("6x6:zl", {}),  # 25 blanks, then 11 and the white cell past the end
    ("6x6:Lz", {(1, 5): True}),  # the description may end in z (no cell past the end)
    ("6x6:aZK", {(0, 0): False}),  # the cell past the end may be black
    ("6x6:bAbAbAbAbAbAbAbAbAbAbAbAa", {(r, c): c % 3 == 2 for r in range(6) for c in range(6) if c % 3}),
])
def test_tatham_descriptions(text, cells):
    inst = PUZZLE.parse(text)
    assert inst.clues == cells


def test_tatham_long_runs_are_written_with_z():
    inst = Instance("unruly", UnrulyParams(8, 8), {(7, 7): True})
    assert PUZZLE.format(inst, "tatham") == "8x8:ZZNa"  # Tatham's case: the run's end is black
    assert PUZZLE.format(Instance("unruly", UnrulyParams(8, 8), {}), "tatham") == "8x8:zzo"
    assert PUZZLE.format(Instance("unruly", UnrulyParams(6, 6, True), {(0, 0): False}), "tatham") == "6x6u:azk"


def test_small_boards_have_no_tatham_id():
    with pytest.raises(PuzzleError, match="at least 6x6"):
        PUZZLE.format(PUZZLE.parse(PUZZLE.example), "tatham")


# ---- the other formats ------------------------------------------------------------------------
def test_text_reads_tathams_digits_and_the_unique_line():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.parse("....\n11..\n.1..\n..0.") == inst
    assert PUZZLE.parse("....\nbb..\n.b..\n..w.") == inst
    unique = PUZZLE.parse("unique\n" + PUZZLE.example)
    assert unique.params.unique and unique.clues == inst.clues
    assert PUZZLE.format(unique).splitlines()[0] == "unique"


@pytest.mark.parametrize("fmt", PUZZLE.formats)
def test_unique_boards_round_trip_except_in_the_seeds_array(fmt):
    inst = PUZZLE.parse("unique\n" + "W.....\n" * 5 + ".....B")
    if fmt == "array":
        with pytest.raises(PuzzleError, match="cannot say"):
            PUZZLE.format(inst, fmt)
        return
    assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst


# ---- the unique-rows rule against brute force --------------------------------------------------
def valid_grids(params: UnrulyParams, among: list | None = None) -> list:
    """The candidates (or those of `among`) that break no rule on an empty board: brute force
    over them counts the same as over all candidates, in a fraction of the time."""
    empty = Instance("unruly", params, {})
    return [g for g in among or PUZZLE.candidates(params) if not PUZZLE.verify(empty, g)]


def test_brute_force_matches_both_engines_with_and_without_unique():
    """The conformance suite brute-forces the example, which has no `unique`; here random
    clue sets on 4x4 and 6x4 boards, both ways: clues from a valid grid (one flipped now and
    then, for boards without a solution)."""
    rng = random.Random(3)
    tally = new_tally()
    for width, height in ((4, 4), (6, 4)):
        grids = valid_grids(UnrulyParams(width, height))
        for unique in (False, True):
            params = UnrulyParams(width, height, unique)
            fits = valid_grids(params, grids)  # what breaks a rule without `unique` breaks it with it too
            for _ in range(8):
                source = rng.choice(fits)
                cells = rng.sample([(r, c) for r in range(height) for c in range(width)], rng.randint(2, 7))
                clues = {(r, c): source[r][c] != (i == 0 and rng.random() < 0.25) for i, (r, c) in enumerate(cells)}
                inst = Instance("unruly", params, clues)
                tally_brute_force(PUZZLE, inst, fits, tally)
    assert min(tally.values()) >= 3, tally


def test_line_counts_match_tathams_table():
    """OEIS A177790, which Tatham's validate_params uses for the unique rule."""
    assert [len(valid_lines(n)) for n in (2, 4, 6, 8, 10)] == [2, 6, 14, 34, 84]
    assert room_for_unique(6, 14) and not room_for_unique(6, 16) and not room_for_unique(8, 4)
    assert not room_for_unique(4, 8) and room_for_unique(60, 60)


# ---- generation --------------------------------------------------------------------------------
def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("unruly")
    for options, count in (({"size": 6}, 10), ({"size": 8}, 10), ({"size": 8, "unique": 1}, 10),
                           ({"width": 12, "height": 6}, 4)):
        for made in generated_rechecked(PUZZLE, gen, gen.params(**options), count, seed=5):
            assert made.minimal and len(made.instance.clues) < made.instance.params.width * made.instance.params.height


def test_generator_options():
    gen = generator("unruly")
    assert gen.params() == UnrulyParams(8, 8) and gen.params(size=6, unique=1) == UnrulyParams(6, 6, True)


def test_generate_from_the_command_line(tmp_path, capsys):
    out = tmp_path / "u.jsonl"
    code = cli.main(["generate", "unruly", "--size", "6", "--unique", "1", "--count", "2", "--quiet",
                     "--out", str(out)])
    assert code == 0
    records = out.read_text().splitlines()
    assert len(records) == 2 and all('"unique\\n' in r for r in records)


# ---- for language models ------------------------------------------------------------------
def test_a_models_answer_is_read_leniently():
    inst = PUZZLE.parse(PUZZLE.example)
    solution = grid("WWBB\nBBWW\nWBBW\nBWWB")
    assert PUZZLE.answer_text(inst, solution) == "W W B B\nB B W W\nW B B W\nB W W B"
    messy = "I think this works.\n<answer>\nw, w, b, b\nBBWW\n| 0 | 1 | 1 | 0 |\nb w w b\n</answer>"
    assert PUZZLE.read_answer(inst, messy) == solution
    with pytest.raises(PuzzleError, match="row 2, column 3"):
        PUZZLE.read_answer(inst, "WWBB\nBBXW\nWBBW\nBWWB")


@pytest.mark.parametrize("board", [PUZZLE.example, "unique\n" + PUZZLE.example, "B.....\n..W..B\n.W....\n....BB"])
def test_canonical_is_the_same_for_every_rotation_reflection_and_colour_swap(board):
    inst = PUZZLE.parse(board, "text")
    head, rows = ("unique\n", board.splitlines()[1:]) if board.startswith("unique") else ("", board.splitlines())
    swapped = [row.translate(str.maketrans("BW", "WB")) for row in rows]
    texts = {head + image for g in (rows, swapped) for image in text_images("\n".join(g), "")}
    assert len(texts) == (16 if len(rows) == len(rows[0]) else 8)
    assert {PUZZLE.canonical(PUZZLE.parse(text, "text")) for text in texts} == {PUZZLE.canonical(inst)}
    other = PUZZLE.parse(head + "\n".join([*rows[:-1], "W" + rows[-1][1:]]), "text")  # one clue more
    assert PUZZLE.canonical(other) != PUZZLE.canonical(inst)


def test_canonical_keeps_the_unique_rule_apart():
    plain = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.canonical(PUZZLE.parse("unique\n" + PUZZLE.example)) != PUZZLE.canonical(plain)
