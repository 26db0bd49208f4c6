"""pzprjs's saved file, the part every genre shares: the header, the blocks, the refusals."""

from __future__ import annotations

import pytest

from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.toolkit.pzprv3 import (
    Pzprv3Writer,
    looks_like_pzprv3,
    loop_items,
    loop_shapes,
    read_pzprv3,
    read_pzprv3_answer,
    wall_items,
    walled_rooms,
)
from puzzlelab.solvers.lightup import PUZZLE as LIGHTUP

SOLVED = "pzprv3/lightup/3/3/. # . /. 2 # /# . . /"


def test_a_file_on_one_line_with_slashes_is_the_same_file():
    lined = read_pzprv3(SOLVED.replace("/", "\n"), ("lightup",))
    slashed = read_pzprv3(SOLVED, ("lightup",))
    assert lined == slashed and (slashed.rows, slashed.cols) == (3, 3)
    assert slashed.cells() == [[".", "#", "."], [".", "2", "#"], ["#", ".", "."]]


def test_later_versions_a_variant_and_the_players_history_are_read_past():
    text = "v:var\npzprv3.1\nlightup\n3\n3\n. # . \n# 1 . \n. . # \nhistory:{\n \"type\": \"pzpr\"\n}\n"
    pzl = read_pzprv3(text, ("lightup",))
    assert (pzl.version, pzl.variant) == (1, "var") and pzl.lines == [". # . ", "# 1 . ", ". . # "]
    assert looks_like_pzprv3(text) and looks_like_pzprv3(SOLVED) and not looks_like_pzprv3("..#\n#1.\n..#")


def test_a_short_block_is_blank_where_it_ends_as_pzprjs_reads_it():
    pzl = read_pzprv3("pzprv3/lightup/2/3/. 1/", ("lightup",))
    assert pzl.cells() == [[".", "1", "."], [".", ".", "."]]
    assert read_pzprv3("pzprv3/slither/2/2", ("slither",)).borders() == ([["0"], ["0"]], [["0", "0"]])


def test_rooms_are_read_and_written_renumbered_in_reading_order():
    pzl = read_pzprv3("pzprv3/starbattle/2/2/1/2/0 1 /1 1 /", ("starbattle",))
    assert pzl.line() == "1" and pzl.rooms() == [[0, 1], [1, 1]]
    text = Pzprv3Writer("starbattle", 2, 2).line(1).rooms([[7, 3], [3, 3]]).text()
    assert text == "pzprv3\nstarbattle\n2\n2\n1\n2\n0 1 \n1 1 \n"


@pytest.mark.parametrize("text, line, words", [
    ("pzprv2/lightup/3/3/", 1, "not a pzprv3 file"),
    ("pzprv3/akari2/3/3/", 2, "'akari2'"),
    ("pzprv3/lightup/3/x/", 3, "ROWS and COLS"),
    ("pzprv3/lightup/0/3/", 3, "ROWS and COLS"),
    ("pzprv3/lightup/2/2/. . . /. . /", 5, "5 items where a block of 2 rows of 2 takes 4"),
    ("pzprv3/lightup/2/2/. 7 /. . /", 5, "'7' in row 1"),
    ("pzprv3/lightup/2/2/. . /. 5 /", 6, "'5' in row 2"),
])
def test_what_is_no_pzprv3_file_of_the_genre_is_refused_in_one_line_at_its_line(text, line, words):
    with pytest.raises(PuzzleError) as caught:
        LIGHTUP.parse(text, "pzprv3")
    assert words in caught.value.message and caught.value.line == line and "\n" not in caught.value.message


def test_a_file_too_large_is_refused_before_its_cells_are_read():
    with pytest.raises(PuzzleError) as caught:
        read_pzprv3_answer(LIGHTUP, "pzprv3/lightup/3000/3/")
    assert "too large" in caught.value.message and caught.value.line == 3


def test_the_board_and_the_solvers_marks_are_read_together():
    inst, lamps = read_pzprv3_answer(LIGHTUP, SOLVED)
    assert inst == LIGHTUP.parse("...\n.2.\n...")
    assert lamps == ((False, True, False), (False, False, True), (True, False, False))
    assert LIGHTUP.verify(inst, lamps) == []


def test_items_are_located_for_a_genres_own_reader_and_an_option_line_is_read_past():
    pzl = read_pzprv3("pzprv3/fillomino/2/2/t/. 12 /3/", ("fillomino",))
    assert pzl.flag("t") and not pzl.flag("t")
    tokens = pzl.tokens()
    assert [[(t.text, t.line, t.column) for t in row] for row in tokens] == [
        [(".", 6, 1), ("12", 6, 3)], [("3", 7, 1), (".", 7, None)]]


def test_lines_through_points_and_walled_rooms_read_back_as_written():
    shapes = (("DR", "LR", "DL"), ("UR", "LR", "UL"))
    right, below = loop_items(shapes, 2, 3)
    assert (right, below) == ([["1", "1"], ["1", "1"]], [["1", "0", "1"]])
    assert loop_shapes(right, below) == shapes and loop_shapes([["-1", "0"]], []) == (("", "", ""),)
    rooms = [[0, 0, 1], [2, 2, 1]]
    assert walled_rooms(*wall_items(rooms)) == rooms
