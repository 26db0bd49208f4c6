"""Jigsaw sudoku, what is its own: Tatham's difficulties against our grade, his block
structure (runs past 25 as his parser reads them), the text form's two grids, the regions
against brute force, the region drawer, the terminal and the picture, symmetry. The rituals
every puzzle shares are declared in tests/cases/jigsaw.py."""

from __future__ import annotations

import random

from cases.jigsaw import REGIONS, TATHAM_IDS, grid
from declarations import tatham_id_lines
from tatham import tatham_reads

from puzzlelab.generators.solo_common import random_regions
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.puzzle import Instance
from puzzlelab.lab.engine.sat import check_instance
from puzzlelab.lab.toolkit.latin import latin_grids
from puzzlelab.lab.toolkit.regions import cut_off
from puzzlelab.solvers.jigsaw import PUZZLE
from puzzlelab.solvers.solo_common import SoloParams, jigsaw_board, read_blocks, write_blocks


# ---- Tatham's game IDs --------------------------------------------------------------------------
def test_tatham_difficulties_against_our_grade():
    """As X sudoku: his Trivial and Basic boards are level 0, Intermediate and harder level 1;
    his Unreasonable ones score above every Basic one."""
    levels: dict[str, set[int]] = {}
    scores: dict[str, list[float]] = {}
    for asked, game in tatham_id_lines(TATHAM_IDS.file):
        diff = asked.split("d")[1] if "d" in asked else "t"
        g = grade(PUZZLE, PUZZLE.parse(game))
        levels.setdefault(diff, set()).add(g.level)
        scores.setdefault(diff, []).append(g.score)
    assert levels["t"] == levels["b"] == {0}
    assert levels["i"] == levels["a"] == levels["e"] == levels["u"] == {1}
    assert min(scores["u"]) > max(scores["b"])


def test_his_jigsaw_x_boards_keep_their_diagonals():
    for asked, game in tatham_id_lines(TATHAM_IDS.file):
        inst = PUZZLE.parse(game)
        assert inst.params.diagonals == ("x" in asked)
        assert PUZZLE.format(inst).endswith("\ndiagonals") == ("x" in asked)


def test_long_runs_of_open_lines_are_written_as_his_parser_reads_them(tmp_path):
    """Regions that are the rows: 72 open lines in one run, `zz` and `t` (26 + 26 + 20), which
    his parser reads back as nine rows of nine (his own writer never meets such a run)."""
    rows = SoloParams(9, tuple(tuple([r] * 9) for r in range(9)))
    blocks = write_blocks(rows.regions, 9)
    assert blocks.startswith("zzt") and read_blocks_text(blocks) == [list(row) for row in rows.regions]
    game = PUZZLE.format(Instance(PUZZLE.name, rows, {(0, 0): 1}), "tatham")
    assert tatham_reads("solo", [game], tmp_path) == ""
    assert PUZZLE.parse(game).params == rows


def read_blocks_text(desc: str) -> list[list[int]]:
    from puzzlelab.lab.toolkit.tatham import GameId

    return read_blocks(GameId("9j", desc, 1, 1, 4), 9)


# ---- the text forms -----------------------------------------------------------------------------
def test_digits_and_regions_read_spaced_or_not_and_after_blank_lines():
    inst = PUZZLE.parse(PUZZLE.example)
    compact = "...2\n..1.\n....\n...4\n\n" + REGIONS
    spaced = PUZZLE.example.replace("ABBC\nABBC\nAADC\nDDDC", "a b b c\na b b c\na a d c\nd d d c")
    for text in (compact, spaced, "\n" + PUZZLE.example.replace("\n. . . 4\n", "\n. . . 4\n\n\n")):
        assert PUZZLE.parse(text) == inst, text
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert PUZZLE.format_solution(inst, solution).splitlines()[:4] == ["1 4 3 2", "4 2 1 3", "2 3 4 1", "3 1 2 4"]
    assert PUZZLE.verify(inst, grid("1 4 3 2\n4 2 1 3\n2 3 4 1\n3 1 2 4")) == []


def test_a_sixteen_by_sixteen_board_writes_numbers_and_reads_letters():
    rng = random.Random(2)
    params = SoloParams(16, random_regions(16, rng))
    inst = Instance(PUZZLE.name, params, {(0, 0): 16, (3, 5): 10})
    text = PUZZLE.format(inst)
    assert text.startswith("16 ") and PUZZLE.parse(text) == inst
    assert PUZZLE.parse(text.replace("16 ", " g ", 1)) == inst


# ---- the rules against brute force ------------------------------------------------------------
def test_random_small_jigsaws_agree_with_brute_force():
    rng = random.Random(7)
    for n, boards in ((3, 3), (4, 5)):
        squares = list(latin_grids(n))
        for _ in range(boards):
            params = SoloParams(n, random_regions(n, rng), None, n == 4 and rng.random() < 0.4)
            fits = [s for s in squares if not PUZZLE.verify(Instance(PUZZLE.name, params, {}), s)]
            clues = {}
            if fits:
                square = rng.choice(fits)
                clues = {(r, c): square[r][c] for r in range(n) for c in range(n) if rng.random() < 0.2}
            inst = Instance(PUZZLE.name, params, clues)
            expected = brute_force_count(PUZZLE, inst, squares)
            assert engine_counts(PUZZLE, inst) == (expected, expected), PUZZLE.format(inst)


def test_drawn_regions_are_n_connected_pieces_of_n():
    rng = random.Random(1)
    for n in (2, 5, 9, 12):
        regions = random_regions(n, rng)
        sizes = [sum(row.count(k) for row in regions) for k in range(n)]
        assert sizes == [n] * n and cut_off(regions) is None
        assert jigsaw_board(regions).regions == SoloParams(n, regions).regions


# ---- for people --------------------------------------------------------------------------------
def test_show_draws_the_regions():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert shown[:4] == ["┏━┳━━━┳━┓", "┃·┃· ·┃2┃", "┃·┃· 1┃·┃", "┃ ┗━┳━┫ ┃"]


def test_the_picture_has_the_givens_bold(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    written = drawn(monkeypatch, PUZZLE, inst, check_instance(PUZZLE, inst).solutions[0])
    assert sorted(w.text for w in written if w.bold) == sorted("124" * 2)


def test_canonical_is_one_text_for_turned_and_relabelled_boards():
    inst = PUZZLE.parse(PUZZLE.example)
    # the example turned a quarter clockwise, its digits renamed 1 -> 3 -> 4 -> 2 -> 1
    turned = PUZZLE.parse(". . . .\n. . . .\n. . 3 .\n2 . . 1\nDAAA\nDABB\nDDBB\nCCCC")
    assert turned != inst and PUZZLE.canonical(turned) == PUZZLE.canonical(inst)
