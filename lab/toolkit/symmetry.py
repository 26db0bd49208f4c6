"""The turns and mirrors of a rectangular board, for puzzles' canonical forms.

Boards equal up to a turn or a mirror have the same solutions, moved: a canonical form (the
least text among a board's images) makes them one. A square board has eight symmetries (four
turns, each also mirrored); any other rectangle only the four that keep its shape. Each is
written as an optional transpose then optional flips of the rows and of the columns, so that
one object moves cells, steps (direction letters) and whole grids alike, and every puzzle
derives how its own parts move (clue lines, arrows, mirrors) from the same maps.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
H = TypeVar("H", bound=Hashable)
Cell = tuple[int, int]

# A direction letter as a step (row, column): U up, D down, L left, R right.
STEPS: dict[str, tuple[int, int]] = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
_LETTERS = {step: letter for letter, step in STEPS.items()}


@dataclass(frozen=True)
class Symmetry:
    """One turn or mirror of a height x width board: transpose first (rows become columns;
    the image is width x height), then reverse the order of the rows (`flip_rows`, upside
    down) and of the columns (`flip_cols`, left to right)."""

    height: int
    width: int
    transposes: bool = False
    flip_rows: bool = False
    flip_cols: bool = False

    @property
    def shape(self) -> tuple[int, int]:
        """The image's (height, width): swapped by a transpose."""
        return (self.width, self.height) if self.transposes else (self.height, self.width)

    @property
    def mirrors(self) -> bool:
        """Does it turn the board over (a reflection, not a turn)? Stones that may not be
        turned over allow only the turns."""
        return self.transposes != (self.flip_rows != self.flip_cols)

    def cell(self, r: int, c: int) -> Cell:
        """Where cell (r, c) goes."""
        if self.transposes:
            r, c = c, r
        h, w = self.shape
        return (h - 1 - r if self.flip_rows else r), (w - 1 - c if self.flip_cols else c)

    def step(self, dr: int, dc: int) -> tuple[int, int]:
        """Where a step (a difference of two cells, an arrow) goes: the same map without
        the shift, so it turns and mirrors but does not move."""
        if self.transposes:
            dr, dc = dc, dr
        return (-dr if self.flip_rows else dr), (-dc if self.flip_cols else dc)

    def direction(self, letter: str) -> str:
        """Where a direction letter (U, D, L or R) goes: a quarter turn takes U to R."""
        return _LETTERS[self.step(*STEPS[letter])]

    def line(self, kind: str, i: int) -> tuple[str, int, bool]:
        """Where row i (`kind` "row") or column i ("col") goes: the kind and index of the
        line it becomes, and whether its cells now run the other way (a clue read along the
        line, such as a list of runs, is then reversed)."""
        first = self.cell(i, 0) if kind == "row" else self.cell(0, i)
        dr, dc = self.step(0, 1) if kind == "row" else self.step(1, 0)
        return ("row", first[0], dc < 0) if dr == 0 else ("col", first[1], dr < 0)

    def grid(self, rows: Sequence[Sequence[T]]) -> list[list[T]]:
        """A height x width grid (a list of rows) moved: the image's cell (r, c) holds the
        value of the cell that goes there."""
        if len(rows) != self.height or any(len(row) != self.width for row in rows):
            raise ValueError(f"the grid is not {self.height} rows of {self.width}")
        h, w = self.shape
        rs = range(h - 1, -1, -1) if self.flip_rows else range(h)
        cs = range(w - 1, -1, -1) if self.flip_cols else range(w)
        if self.transposes:
            return [[rows[c][r] for c in cs] for r in rs]
        return [[rows[r][c] for c in cs] for r in rs]


def board_symmetries(height: int, width: int) -> list[Symmetry]:
    """The symmetries of a height x width board: on a square all eight, else the four that
    keep its shape. In a fixed order, the identity first: each quarter turn clockwise (0 to
    3 of them) followed by it mirrored left to right."""
    out = []
    for transposes, flip_rows, flip_cols in ((False, False, False), (True, False, True),
                                             (False, True, True), (True, True, False)):
        if transposes and height != width:
            continue
        out += [Symmetry(height, width, transposes, flip_rows, flip_cols),
                Symmetry(height, width, transposes, flip_rows, not flip_cols)]
    return out


def grid_images(rows: Sequence[Sequence[T]]) -> list[list[list[T]]]:
    """A grid under each of its board's symmetries (`board_symmetries`' order)."""
    return [s.grid(rows) for s in board_symmetries(len(rows), len(rows[0]) if rows else 0)]


def least_text(rows: Sequence[Sequence[str]], sep: str = "") -> str:
    """The least text among a grid's images, rows on lines and cells joined by `sep`: one
    text for all the boards equal up to a turn or a mirror."""
    return min("\n".join(sep.join(row) for row in image) for image in grid_images(rows))


def first_seen(values: Iterable[H], start: int = 0) -> dict[H, int]:
    """Each distinct value numbered start, start + 1, ... in order of first appearance: the
    renaming that makes boards equal up to a relabelling of their values (colours, numbers
    that are only told apart) the same."""
    names: dict[H, int] = {}
    for v in values:
        if v not in names:
            names[v] = start + len(names)
    return names
