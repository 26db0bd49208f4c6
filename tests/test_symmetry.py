"""lab/toolkit/symmetry.py: the turns and mirrors of a board, against the maps written out by hand
(tests/board_images.py) and against each other (cells, steps, lines and grids agree)."""

from __future__ import annotations

import pytest
from board_images import images

from puzzlelab.lab.toolkit.symmetry import STEPS, Symmetry, board_symmetries, first_seen, grid_images, least_text

SHAPES = [(1, 1), (1, 4), (3, 1), (2, 3), (3, 2), (3, 3), (4, 4)]


def numbered(height: int, width: int) -> list[list[int]]:
    return [[r * width + c for c in range(width)] for r in range(height)]


@pytest.mark.parametrize("height, width", SHAPES)
def test_the_images_are_the_turns_and_mirrors_that_keep_the_shape(height, width):
    grid = numbered(height, width)
    assert sorted(grid_images(grid)) == sorted(images(grid))
    assert len(board_symmetries(height, width)) == (8 if height == width else 4)
    assert board_symmetries(height, width)[0] == Symmetry(height, width)  # the identity first
    assert grid_images(grid)[0] == grid


@pytest.mark.parametrize("height, width", SHAPES)
def test_cells_steps_directions_and_grids_move_alike(height, width):
    grid = numbered(height, width)
    for sym in board_symmetries(height, width):
        image = sym.grid(grid)
        assert (len(image), len(image[0])) == sym.shape == (height, width)
        for r in range(height):
            for c in range(width):
                nr, nc = sym.cell(r, c)
                assert image[nr][nc] == grid[r][c]
                for letter, (dr, dc) in STEPS.items():
                    if 0 <= r + dr < height and 0 <= c + dc < width:
                        mr, mc = sym.cell(r + dr, c + dc)
                        assert (mr - nr, mc - nc) == sym.step(dr, dc) == STEPS[sym.direction(letter)]


def test_a_transpose_swaps_the_shape_and_maps_between_boards():
    across = Symmetry(2, 3, transposes=True, flip_rows=True, flip_cols=True)  # the anti-diagonal mirror
    assert across.shape == (3, 2)
    assert across.grid([[1, 2, 3], [4, 5, 6]]) == [[6, 3], [5, 2], [4, 1]]
    assert across.cell(0, 0) == (2, 1) and across.direction("U") == "R" and across.direction("L") == "D"
    with pytest.raises(ValueError, match="2 rows of 3"):
        across.grid([[1, 2], [3, 4]])


def test_mirrors_are_the_maps_that_turn_the_board_over():
    for sym in board_symmetries(3, 3):
        (r0, c0), (r1, c1), (r2, c2) = sym.cell(0, 0), sym.cell(0, 1), sym.cell(1, 0)
        assert sym.mirrors == ((r1 - r0) * (c2 - c0) - (c1 - c0) * (r2 - r0) > 0)
    assert sum(sym.mirrors for sym in board_symmetries(3, 3)) == 4
    assert [sym.mirrors for sym in board_symmetries(2, 3)] == [False, True, False, True]


@pytest.mark.parametrize("height, width", SHAPES)
def test_a_row_or_column_goes_to_a_whole_line(height, width):
    for sym in board_symmetries(height, width):
        for kind, count in (("row", height), ("col", width)):
            for i in range(count):
                cells = [(i, c) for c in range(width)] if kind == "row" else [(r, i) for r in range(height)]
                new_kind, j, backwards = sym.line(kind, i)
                h, w = sym.shape
                line = [(j, c) for c in range(w)] if new_kind == "row" else [(r, j) for r in range(h)]
                moved = [sym.cell(*cell) for cell in cells]
                assert moved == (line[::-1] if backwards else line)


def test_least_text_is_one_text_for_all_the_images():
    rows = ["ab.", "..c", "d.."]
    texts = {least_text(["".join(row) for row in image]) for image in images([list(row) for row in rows])}
    assert texts == {least_text(rows)} and least_text(rows) == min("\n".join(map("".join, image))
                                                                   for image in images(rows))
    assert least_text([["1", "2"], ["3", "4"]], " ") == "1 2\n3 4"


def test_first_seen_numbers_values_in_order_of_appearance():
    assert first_seen([5, 3, 5, 9, 3]) == {5: 0, 3: 1, 9: 2}
    assert first_seen("bab", 1) == {"b": 1, "a": 2}
    assert first_seen([]) == {}
