"""Boards under their turns and mirrors, for the canonical-form tests, shared by them.

Each map is written out on its own, apart from `lab.symmetry`, so that the tests check the
puzzles' `canonical` (and lab.symmetry itself) against a second account rather than repeat
the code they test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def images(grid: Sequence[Sequence[T]]) -> list[list[list[T]]]:
    """The grid under each rotation and reflection that keeps its shape (eight on a square,
    four otherwise), cell by cell: a new cell (i, j) takes the old cell the map gives."""
    h, w = len(grid), len(grid[0])
    maps = [(h, w, lambda i, j: (i, j)), (w, h, lambda i, j: (h - 1 - j, i)),  # identity, quarter turn
            (h, w, lambda i, j: (h - 1 - i, w - 1 - j)), (w, h, lambda i, j: (j, w - 1 - i)),  # half, three quarters
            (h, w, lambda i, j: (i, w - 1 - j)), (h, w, lambda i, j: (h - 1 - i, j)),  # mirrored left-right, up-down
            (w, h, lambda i, j: (j, i)), (w, h, lambda i, j: (h - 1 - j, w - 1 - i))]  # in both diagonals
    return [[[grid[f(i, j)[0]][f(i, j)[1]] for j in range(nw)] for i in range(nh)]
            for nh, nw, f in maps if (nh, nw) == (h, w)]


def text_images(text: str, sep: str = " ") -> list[str]:
    """A board written as rows of cells, one row a line (cells split at white space, or one
    character each when `sep` is ""), under each of its turns and mirrors, written back
    with `sep` between cells."""
    rows = [line.split() if sep else list(line) for line in text.splitlines()]
    return ["\n".join(sep.join(row) for row in image) for image in images(rows)]
