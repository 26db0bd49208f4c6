"""Unruly: seed example, verify rule by rule, Tatham's game IDs (his generator's boards, and
ours read by his parser), the unique-rows rule against brute force, formats, generator."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from board_images import text_images
from tatham import tatham_reads

from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.crosscheck import assert_unique_with, brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator, puzzle
from puzzlelab.solvers.unruly import PUZZLE, UnrulyParams, room_for_unique, valid_lines

DATA = Path(__file__).parent / "data"

SEED_BOARD = """board = np.array([
  ['W', 'W', ' ', 'B', ' ', ' ', ' ', ' ', 'B', ' ', ' ', ' ', ' ', ' '],
  [' ', ' ', ' ', ' ', ' ', ' ', ' ', 'W', ' ', ' ', ' ', ' ', ' ', 'W'],
  [' ', ' ', ' ', ' ', ' ', 'B', ' ', 'W', ' ', ' ', 'B', ' ', ' ', ' '],
  [' ', ' ', 'W', ' ', ' ', ' ', ' ', ' ', ' ', 'W', ' ', 'W', ' ', ' '],
  ['B', ' ', ' ', 'W', ' ', ' ', ' ', ' ', 'B', ' ', ' ', ' ', ' ', ' '],
  [' ', ' ', ' ', ' ', ' ', 'B', ' ', ' ', ' ', 'B', ' ', 'B', ' ', ' '],
  [' ', 'B', 'B', ' ', ' ', 'B', ' ', ' ', ' ', ' ', ' ', 'B', ' ', ' '],
  [' ', ' ', 'B', ' ', ' ', ' ', ' ', 'W', ' ', 'B', 'B', ' ', ' ', 'W'],
  [' ', ' ', ' ', ' ', ' ', ' ', ' ', 'W', ' ', ' ', ' ', ' ', ' ', 'W'],
  [' ', ' ', ' ', 'B', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
  [' ', ' ', 'W', ' ', ' ', ' ', 'W', ' ', ' ', 'W', ' ', 'W', ' ', ' '],
  [' ', 'W', ' ', 'W', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', 'B'],
  [' ', ' ', ' ', ' ', 'B', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
  ['W', ' ', ' ', ' ', 'W', ' ', ' ', ' ', 'B', ' ', 'W', ' ', 'B', ' '],
])"""

# The seed's script output, as numpy prints it.
SEED_SOLUTION = """
[['W' 'W' 'B' 'B' 'W' 'B' 'W' 'B' 'B' 'W' 'B' 'W' 'W' 'B']
 ['B' 'B' 'W' 'W' 'B' 'W' 'B' 'W' 'W' 'B' 'W' 'B' 'B' 'W']
 ['W' 'W' 'B' 'W' 'W' 'B' 'B' 'W' 'B' 'W' 'B' 'B' 'W' 'B']
 ['W' 'B' 'W' 'B' 'B' 'W' 'W' 'B' 'W' 'W' 'B' 'W' 'B' 'B']
 ['B' 'W' 'B' 'W' 'B' 'W' 'B' 'W' 'B' 'B' 'W' 'W' 'B' 'W']
 ['B' 'W' 'W' 'B' 'W' 'B' 'B' 'W' 'B' 'B' 'W' 'B' 'W' 'W']
 ['W' 'B' 'B' 'W' 'W' 'B' 'W' 'B' 'W' 'W' 'B' 'B' 'W' 'B']
 ['B' 'W' 'B' 'W' 'B' 'W' 'B' 'W' 'W' 'B' 'B' 'W' 'B' 'W']
 ['B' 'B' 'W' 'B' 'B' 'W' 'B' 'W' 'B' 'W' 'W' 'B' 'W' 'W']
 ['W' 'W' 'B' 'B' 'W' 'B' 'W' 'B' 'W' 'B' 'W' 'W' 'B' 'B']
 ['B' 'B' 'W' 'W' 'B' 'W' 'W' 'B' 'B' 'W' 'B' 'W' 'B' 'W']
 ['B' 'W' 'B' 'W' 'W' 'B' 'B' 'W' 'W' 'B' 'W' 'B' 'W' 'B']
 ['W' 'B' 'W' 'B' 'B' 'W' 'W' 'B' 'W' 'B' 'B' 'W' 'W' 'B']
 ['W' 'B' 'W' 'B' 'W' 'B' 'W' 'B' 'B' 'W' 'W' 'B' 'B' 'W']]
"""


def grid(text: str) -> tuple[tuple[bool, ...], ...]:
    """Rows of W and B (anything else between them ignored) as a solution."""
    rows = ["".join(ch for ch in line if ch in "WB") for line in text.strip().splitlines()]
    return tuple(tuple(ch == "B" for ch in row) for row in rows if row)


def tatham_ids() -> list[tuple[str, str]]:
    """(parameters asked for, game ID) from tests/data/unruly_tatham.txt."""
    lines = (DATA / "unruly_tatham.txt").read_text().splitlines()
    return [tuple(line.split()) for line in lines if line.strip() and not line.startswith("#")]


# ---- the seed example ---------------------------------------------------------------------
def test_seed_example_is_unique_with_the_stated_solution():
    inst = PUZZLE.parse(SEED_BOARD)
    assert inst.params == UnrulyParams(14, 14) and len(inst.clues) == 43
    assert_unique_with(PUZZLE, inst, grid(SEED_SOLUTION))


def test_seed_solution_is_written_as_the_seed_prints_it():
    inst = PUZZLE.parse(SEED_BOARD)
    written = PUZZLE.format_solution(inst, grid(SEED_SOLUTION), "array")
    assert grid(written) == grid(SEED_SOLUTION)
    assert written.splitlines()[1] == "  ['W', 'W', 'B', 'B', 'W', 'B', 'W', 'B', 'B', 'W', 'B', 'W', 'W', 'B'],"
    assert PUZZLE.format_solution(inst, grid(SEED_SOLUTION)).splitlines()[0] == "WWBBWBWBBWBWWB"


# ---- verify, rule by rule -----------------------------------------------------------------
def problems(text: str, board: str = "....\n....\n....\n....") -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), grid(text))


def test_verify_accepts_a_valid_grid():
    assert problems("WBBW\nBWWB\nWBWB\nBWBW") == []
    assert problems("WBBW\nBWWB\nWBWB\nBWBW", "....\n.W..\n....\n...W") == []


@pytest.mark.parametrize("bad, board, expected", [
    ("WBBW\nBWWB\nWBWB\nBWBW", "B...\n....\n....\n....", "r1c1 is white, the clue says black"),
    ("WBBB\nBWWB\nWBWW\nBWBW", "....\n....\n....\n....", "row 1 has 3 black cells of 4"),
    ("WBBB\nBWWB\nWBWW\nBWBW", "....\n....\n....\n....", "row 1: three black from cell 2"),
    ("WBBW\nWBWB\nWWBB\nBWWB", "....\n....\n....\n....", "column 1: three white from cell 1"),
    ("WBBW\nWBBW\nBWWB\nBWWB", "unique\n....\n....\n....\n....", "rows 1 and 2 are alike"),
    ("WBWB\nBWBW\nWBWB\nBWBW", "unique\n....\n....\n....\n....", "columns 1 and 3 are alike"),
    ("WB\nBW", "....\n....\n....\n....", "solution is not 4x4"),
])
def test_verify_names_each_broken_rule(bad, board, expected):
    assert expected in problems(bad, board)


def test_alike_rows_are_fine_without_the_unique_rule():
    assert problems("WBBW\nWBBW\nBWWB\nBWWB") == []


# ---- Tatham's game IDs ----------------------------------------------------------------------
def test_tatham_ids_are_unique_and_written_back_the_same():
    """His generator's boards (tests/data/unruly_tatham.txt): each reads, is unique for the
    SAT engine, and writes back to the same ID (his encoder and ours agree letter by letter)."""
    ids = tatham_ids()
    assert len(ids) == 28 and any("u" in asked for asked, _ in ids)
    sessions = SessionCache()
    for asked, game in ids:
        inst = PUZZLE.parse(game)
        assert PUZZLE.parse(f"{asked}:{game.split(':')[1]}") == inst  # the parameters as asked read the same
        result = check_instance(PUZZLE, inst, sessions=sessions)
        assert result.status == "unique", game
        assert PUZZLE.format(inst, "tatham") == game


def test_tatham_ids_agree_with_cpsat():
    for _, game in tatham_ids()[::3]:
        inst = PUZZLE.parse(game)
        cp = cpsat_count(PUZZLE, inst, limit=2)
        assert cp.complete and cp.n == 1 and PUZZLE.verify(inst, cp.solutions[0]) == []


@cache
def generated_ids() -> tuple[str, ...]:
    """Game IDs of our generated puzzles, squares and rectangles, with and without `unique`;
    each reads back as the puzzle it was written from."""
    gen, sessions, rng = generator("unruly"), SessionCache(), random.Random(4)
    out = []
    for options in ({"size": 6}, {"size": 8}, {"size": 8, "unique": 1}, {"width": 10, "height": 6},
                    {"width": 6, "height": 12, "unique": 1}):
        for _ in range(2):
            made = generate_one(PUZZLE, gen, gen.params(**options), rng, sessions)
            out.append(PUZZLE.format(made.instance, "tatham"))
            assert PUZZLE.parse(out[-1]) == made.instance
    return tuple(out)


def test_our_ids_read_back():
    assert len(generated_ids()) == 10


def test_our_ids_are_read_by_tathams_parser(tmp_path):
    assert tatham_reads("unruly", list(generated_ids()), tmp_path) == ""
    # and the parser does refuse what it should, so the check above means something
    assert "error parsing" in tatham_reads("unruly", ["8x8:BEdbabKedakBd"], tmp_path)


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


@pytest.mark.parametrize("text, message", [
    ("6x6:zm", "game description is longer than 36 cells"),
    ("6x6:zk", "game description is too short"),
    ("6x6:z1", "unexpected '1'"),
    ("7x6:zl", "must be even"),
    ("4x4:p", "Tatham's Unruly is at least 6x6"),
    ("6x6dx:zl", "bad Unruly parameters"),
    ("6x6du:zl", "bad Unruly parameters"),  # Tatham's order is u, then d
])
def test_bad_tatham_ids(text, message):
    with pytest.raises(PuzzleError, match=message):
        PUZZLE.parse(text)


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


@pytest.mark.parametrize("text, line", [
    ("W..\n...", 1),  # odd width
    ("W...\n....\n....", 1),  # odd height
    ("W...\n...\n....\n....", 2),  # ragged
    ("W...\n.X..\n....\n....", 2),  # a cell that is no colour
    ("unique", None),  # no rows
    ("[['W', ' '],\n ['B', 'Q']]", 2),
    ('{"grid": ["W.", ".B"], "unique": "yes"}', 1),  # the field's line
    ('{"grid": ["W.", ".B"], "width": 4}', 1),
])
def test_bad_input_names_the_place(text, line):
    with pytest.raises(PuzzleError) as err:
        PUZZLE.parse(text)
    assert err.value.line == line, str(err.value)


def test_oversized_input_is_refused_before_any_rules(monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("rules were built for an input over the size limit")

    for hook in ("rules", "one_shot_rules", "cpsat"):
        monkeypatch.setattr(PUZZLE, hook, never)
    for text in ("\n".join(["." * 42] * 2), "42x42:" + "z" * 70 + "o", "[[" + "' ', " * 42 + "]]"):
        with pytest.raises(PuzzleError, match="unruly board 42x.* is too large: at most 40x40"):
            PUZZLE.parse(text)


@pytest.mark.parametrize("fmt", PUZZLE.formats)
def test_a_byte_order_mark_is_ignored(fmt):
    inst = PUZZLE.parse("W.....\n" * 5 + ".....B")
    assert PUZZLE.parse("\ufeff" + PUZZLE.format(inst, fmt)) == inst


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
    tally = {"none": 0, "one": 0, "several": 0}
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
                expected = brute_force_count(PUZZLE, inst, fits)
                assert engine_counts(PUZZLE, inst) == (expected, expected), PUZZLE.format(inst)
                tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
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
    with pytest.raises(PuzzleError, match="must be even"):
        gen.params(size=7)
    with pytest.raises(PuzzleError, match="too few distinct lines"):
        gen.params(width=4, height=8, unique=1)
    with pytest.raises(PuzzleError, match="--unique must be at most 1"):
        gen.checked_params(unique=2)


def test_generate_from_the_command_line(tmp_path, capsys):
    out = tmp_path / "u.jsonl"
    code = cli.main(["generate", "unruly", "--size", "6", "--unique", "1", "--count", "2", "--quiet",
                     "--out", str(out)])
    assert code == 0
    records = out.read_text().splitlines()
    assert len(records) == 2 and all('"unique\\n' in r for r in records)


def test_aliases():
    assert puzzle("takuzu") is PUZZLE and puzzle("Binairo") is PUZZLE


@pytest.mark.slow
def test_many_generated_puzzles_are_unique_by_cpsat():
    gen = generator("unruly")
    generated_rechecked(PUZZLE, gen, gen.params(size=10), 50, seed=11)
    generated_rechecked(PUZZLE, gen, gen.params(size=10, unique=1), 50, seed=12)
    generated_rechecked(PUZZLE, gen, gen.params(size=14), 10, seed=13)


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
