"""The planar grids of Simon Tatham's Loopy (grid.c, version 20230122): squares, triangles,
hexagons and the semi-regular and dual tilings, each a set of faces whose corners are dots
on an integer lattice, and the two Penrose tilings (a random patch each, `penrose_tiling`).
The faces come in the order his generator makes them, which is the
order of the clues in his game IDs; the dots and edges are numbered as first met going round
the faces in that order.

`tiling(name, width, height)` builds one (cached). `Tiling` gives the graph a loop puzzle
needs: each face's dots and edges, each edge's dots and faces (one face on the rim).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

Point = tuple[int, int]
Faces = Iterator[tuple[int, list[Point]]]  # (the row of tiles it belongs to, its corners in order)


@dataclass(frozen=True)
class Tiling:
    """Dots (points), faces (dot numbers around each), edges (two dot numbers each)."""

    dots: tuple[Point, ...]
    faces: tuple[tuple[int, ...], ...]
    edges: tuple[tuple[int, int], ...]
    face_edges: tuple[tuple[int, ...], ...]  # each face's edges, in the order of its dots
    edge_faces: tuple[tuple[int, ...], ...]  # each edge's faces: two, or one on the rim
    rows: tuple[int, ...]  # each face's row of tiles (the generator's y), for writing faces in lines

    def dot_edges(self) -> list[list[int]]:
        """The edges at each dot."""
        out: list[list[int]] = [[] for _ in self.dots]
        for e, (a, b) in enumerate(self.edges):
            out[a].append(e)
            out[b].append(e)
        return out


def build(faces: Faces) -> Tiling:
    """The graph of faces given by their corners: a dot per distinct point, an edge per
    distinct pair of consecutive corners."""
    dot_of: dict[Point, int] = {}
    edge_of: dict[tuple[int, int], int] = {}
    face_dots, face_edges, rows = [], [], []
    edge_faces: list[list[int]] = []
    for f, (row, corners) in enumerate(faces):
        ring = tuple(dot_of.setdefault(p, len(dot_of)) for p in corners)
        sides = []
        for i, a in enumerate(ring):
            b = ring[(i + 1) % len(ring)]
            key = (min(a, b), max(a, b))
            if key not in edge_of:
                edge_of[key] = len(edge_of)
                edge_faces.append([])
            sides.append(edge_of[key])
            edge_faces[edge_of[key]].append(f)
        face_dots.append(ring)
        face_edges.append(tuple(sides))
        rows.append(row)
    return Tiling(
        tuple(dot_of),
        tuple(face_dots),
        tuple(edge_of),
        tuple(face_edges),
        tuple(tuple(fs) for fs in edge_faces),
        tuple(rows),
    )


# ---- the generators: his face order, his coordinates ------------------------------------
def _triangular(width: int, height: int) -> Faces:
    """Today's triangles (IDs `t1:0_...`): rows of width + 1 and width triangles, no ears."""
    vx, vy = 15, 26
    for y in range(height):
        y0 = y1 = y * vy
        if y % 2:
            y1 += vy
        else:
            y0 += vy
        flip = y % 2 == 1
        for x in range(width + 1):
            if height % 2 == 1 and y == height - 1 and x in (0, width):
                continue
            x0 = 2 * x * vx
            a, b, c = (x0, y0), (x0 + vx, y1), (x0 + 2 * vx, y0)
            yield y, [a, c, b] if flip else [a, b, c]
        for x in range(width):
            x0 = (2 * x + 1) * vx
            a, b, c = (x0, y1), (x0 + vx, y0), (x0 + 2 * vx, y1)
            yield y, [a, b, c] if flip else [a, c, b]


def _oldtriangular(width: int, height: int) -> Faces:
    """The triangles of old IDs (`t1:` with no grid description): two per square, odd rows
    of dots shifted right, with ears at two corners."""
    vx, vy = 15, 26

    def dot(x: int, y: int) -> Point:
        return x * 2 * vx + (vx if y % 2 else 0), y * vy

    for y in range(height):
        for x in range(width):
            if y % 2:
                yield y, [dot(x, y), dot(x + 1, y + 1), dot(x, y + 1)]
                yield y, [dot(x, y), dot(x + 1, y), dot(x + 1, y + 1)]
            else:
                yield y, [dot(x, y), dot(x + 1, y), dot(x, y + 1)]
                yield y, [dot(x + 1, y), dot(x + 1, y + 1), dot(x, y + 1)]


def _square(width: int, height: int) -> Faces:
    a = 20
    for y in range(height):
        for x in range(width):
            px = a * x
            py = a * y
            yield y, [(px, py), (px + a, py), (px + a, py + a), (px, py + a)]


def _honeycomb(width: int, height: int) -> Faces:
    a = 15
    b = 26
    for y in range(height):
        for x in range(width):
            cx = 3 * a * x
            cy = 2 * b * y
            if x % 2:
                cy += b
            yield (
                y,
                [
                    (cx - a, cy - b),
                    (cx + a, cy - b),
                    (cx + 2 * a, cy),
                    (cx + a, cy + b),
                    (cx - a, cy + b),
                    (cx - 2 * a, cy),
                ],
            )


def _snubsquare(width: int, height: int) -> Faces:
    a = 15
    b = 26
    for y in range(height):
        for x in range(width):
            px = (a + b) * x
            py = (a + b) * y
            if (x + y) % 2:
                yield y, [(px + a, py), (px + a + b, py + a), (px + b, py + a + b), (px, py + b)]
            else:
                yield y, [(px + b, py), (px + a + b, py + b), (px + a, py + a + b), (px, py + a)]
            if x > 0:
                if (x + y) % 2:
                    yield y, [(px + a, py), (px, py + b), (px - a, py)]
                else:
                    yield y, [(px, py + a), (px + a, py + a + b), (px - a, py + a + b)]
            if y > 0:
                if (x + y) % 2:
                    yield y, [(px + a, py), (px + a + b, py - a), (px + a + b, py + a)]
                else:
                    yield y, [(px, py - a), (px + b, py), (px, py + a)]


def _cairo(width: int, height: int) -> Faces:
    a = 14
    b = 31
    for y in range(height):
        for x in range(width):
            px = 2 * b * x
            py = 2 * b * y
            if y > 0:
                if (x + y) % 2:
                    yield y, [(px + a, py - b), (px + 2 * b - a, py - b), (px + 2 * b, py), (px + b, py + a), (px, py)]
                else:
                    yield y, [(px, py), (px + b, py - a), (px + 2 * b, py), (px + 2 * b - a, py + b), (px + a, py + b)]
            if x > 0:
                if (x + y) % 2:
                    yield y, [(px, py), (px + b, py + a), (px + b, py + 2 * b - a), (px, py + 2 * b), (px - a, py + b)]
                else:
                    yield y, [(px, py), (px + a, py + b), (px, py + 2 * b), (px - b, py + 2 * b - a), (px - b, py + a)]


def _greathexagonal(width: int, height: int) -> Faces:
    a = 15
    b = 26
    for y in range(height):
        for x in range(width):
            px = (3 * a + b) * x
            py = (2 * a + 2 * b) * y
            if x % 2:
                py += a + b
            yield (
                y,
                [
                    (px - a, py - b),
                    (px + a, py - b),
                    (px + 2 * a, py),
                    (px + a, py + b),
                    (px - a, py + b),
                    (px - 2 * a, py),
                ],
            )
            if y < height - 1:
                yield y, [(px - a, py + b), (px + a, py + b), (px + a, py + 2 * a + b), (px - a, py + 2 * a + b)]
            if (x < width - 1) and (((x % 2) == 0) or (y < height - 1)):
                yield y, [(px + 2 * a, py), (px + 2 * a + b, py + a), (px + a + b, py + a + b), (px + a, py + b)]
            if (x > 0) and (((x % 2) == 0) or (y < height - 1)):
                yield y, [(px - 2 * a, py), (px - a, py + b), (px - a - b, py + a + b), (px - 2 * a - b, py + a)]
            if (x < width - 1) and (y < height - 1):
                yield y, [(px + a, py + b), (px + a + b, py + a + b), (px + a, py + 2 * a + b)]
            if (x > 0) and (y < height - 1):
                yield y, [(px - a, py + b), (px - a, py + 2 * a + b), (px - a - b, py + a + b)]


def _kagome(width: int, height: int) -> Faces:
    a = 15
    b = 26
    for y in range(height):
        for x in range(width):
            px = (4 * a) * x
            py = (2 * b) * y
            if y % 2:
                px += 2 * a
            yield (
                y,
                [
                    (px + a, py - b),
                    (px + 2 * a, py),
                    (px + a, py + b),
                    (px - a, py + b),
                    (px - 2 * a, py),
                    (px - a, py - b),
                ],
            )
            if (x < width - 1) or (not (y % 2) and y):
                yield y, [(px + 3 * a, py - b), (px + 2 * a, py), (px + a, py - b)]
            if (x < width - 1) or (not (y % 2) and (y < height - 1)):
                yield y, [(px + 3 * a, py + b), (px + a, py + b), (px + 2 * a, py)]
            if not x and (y % 2):
                yield y, [(px - a, py - b), (px - 2 * a, py), (px - 3 * a, py - b)]
                if y < height - 1:
                    yield y, [(px - a, py + b), (px - 3 * a, py + b), (px - 2 * a, py)]


def _octagonal(width: int, height: int) -> Faces:
    a = 29
    b = 41
    for y in range(height):
        for x in range(width):
            px = (2 * a + b) * x
            py = (2 * a + b) * y
            yield (
                y,
                [
                    (px + a, py),
                    (px + a + b, py),
                    (px + 2 * a + b, py + a),
                    (px + 2 * a + b, py + a + b),
                    (px + a + b, py + 2 * a + b),
                    (px + a, py + 2 * a + b),
                    (px, py + a + b),
                    (px, py + a),
                ],
            )
            if (x > 0) and (y > 0):
                yield y, [(px, py - a), (px + a, py), (px, py + a), (px - a, py)]


def _kites(width: int, height: int) -> Faces:
    a = 15
    b = 26
    for y in range(height):
        for x in range(width):
            px = 4 * b * x
            py = 6 * a * y
            if y % 2:
                px += 2 * b
            yield y, [(px, py), (px + 2 * b, py), (px + 2 * b, py + 2 * a), (px + b, py + 3 * a)]
            yield y, [(px, py), (px + b, py + 3 * a), (px, py + 4 * a), (px - b, py + 3 * a)]
            yield y, [(px, py), (px - b, py + 3 * a), (px - 2 * b, py + 2 * a), (px - 2 * b, py)]
            yield y, [(px, py), (px - 2 * b, py), (px - 2 * b, py - 2 * a), (px - b, py - 3 * a)]
            yield y, [(px, py), (px - b, py - 3 * a), (px, py - 4 * a), (px + b, py - 3 * a)]
            yield y, [(px, py), (px + b, py - 3 * a), (px + 2 * b, py - 2 * a), (px + 2 * b, py)]


def _floret(width: int, height: int) -> Faces:
    px = 75
    py = -26
    qx = 4 * px // 5
    qy = -py * 2
    rx = qx - px
    ry = qy - py
    for y in range(height):
        for x in range(width):
            cx = (6 * px + 3 * qx) // 2 * x
            cy = (4 * py - 5 * qy) * y
            if x % 2:
                cy -= (4 * py - 5 * qy) // 2
            elif y and y == height - 1:
                continue
            yield (
                y,
                [
                    (cx, cy),
                    (cx + 2 * rx, cy + 2 * ry),
                    (cx + 2 * rx + qx, cy + 2 * ry + qy),
                    (cx + 2 * qx + rx, cy + 2 * qy + ry),
                    (cx + 2 * qx, cy + 2 * qy),
                ],
            )
            yield (
                y,
                [
                    (cx, cy),
                    (cx + 2 * qx, cy + 2 * qy),
                    (cx + 2 * qx + px, cy + 2 * qy + py),
                    (cx + 2 * px + qx, cy + 2 * py + qy),
                    (cx + 2 * px, cy + 2 * py),
                ],
            )
            yield (
                y,
                [
                    (cx, cy),
                    (cx + 2 * px, cy + 2 * py),
                    (cx + 2 * px - rx, cy + 2 * py - ry),
                    (cx - 2 * rx + px, cy - 2 * ry + py),
                    (cx - 2 * rx, cy - 2 * ry),
                ],
            )
            yield (
                y,
                [
                    (cx, cy),
                    (cx - 2 * rx, cy - 2 * ry),
                    (cx - 2 * rx - qx, cy - 2 * ry - qy),
                    (cx - 2 * qx - rx, cy - 2 * qy - ry),
                    (cx - 2 * qx, cy - 2 * qy),
                ],
            )
            yield (
                y,
                [
                    (cx, cy),
                    (cx - 2 * qx, cy - 2 * qy),
                    (cx - 2 * qx - px, cy - 2 * qy - py),
                    (cx - 2 * px - qx, cy - 2 * py - qy),
                    (cx - 2 * px, cy - 2 * py),
                ],
            )
            yield (
                y,
                [
                    (cx, cy),
                    (cx - 2 * px, cy - 2 * py),
                    (cx - 2 * px + rx, cy - 2 * py + ry),
                    (cx + 2 * rx - px, cy + 2 * ry - py),
                    (cx + 2 * rx, cy + 2 * ry),
                ],
            )


def _dodecagonal(width: int, height: int) -> Faces:
    a = 15
    b = 26
    for y in range(height):
        for x in range(width):
            px = (4 * a + 2 * b) * x
            py = (3 * a + 2 * b) * y
            if y % 2:
                px += 2 * a + b
            yield (
                y,
                [
                    (px + (a), py - (2 * a + b)),
                    (px + (a + b), py - (a + b)),
                    (px + (2 * a + b), py - (a)),
                    (px + (2 * a + b), py + (a)),
                    (px + (a + b), py + (a + b)),
                    (px + (a), py + (2 * a + b)),
                    (px - (a), py + (2 * a + b)),
                    (px - (a + b), py + (a + b)),
                    (px - (2 * a + b), py + (a)),
                    (px - (2 * a + b), py - (a)),
                    (px - (a + b), py - (a + b)),
                    (px - (a), py - (2 * a + b)),
                ],
            )
            if y < height - 1 and (x < width - 1 or not (y % 2)) and (x > 0 or (y % 2)):
                yield y, [(px + a, py + (2 * a + b)), (px, py + (2 * a + 2 * b)), (px - a, py + (2 * a + b))]
            if y and (x < width - 1 or not (y % 2)) and (x > 0 or (y % 2)):
                yield y, [(px - a, py - (2 * a + b)), (px, py - (2 * a + 2 * b)), (px + a, py - (2 * a + b))]


def _greatdodecagonal(width: int, height: int) -> Faces:
    a = 15
    b = 26
    for y in range(height):
        for x in range(width):
            px = (6 * a + 2 * b) * x
            py = (3 * a + 3 * b) * y
            if y % 2:
                px += 3 * a + b
            yield (
                y,
                [
                    (px + (a), py - (2 * a + b)),
                    (px + (a + b), py - (a + b)),
                    (px + (2 * a + b), py - (a)),
                    (px + (2 * a + b), py + (a)),
                    (px + (a + b), py + (a + b)),
                    (px + (a), py + (2 * a + b)),
                    (px - (a), py + (2 * a + b)),
                    (px - (a + b), py + (a + b)),
                    (px - (2 * a + b), py + (a)),
                    (px - (2 * a + b), py - (a)),
                    (px - (a + b), py - (a + b)),
                    (px - (a), py - (2 * a + b)),
                ],
            )
            if y < height - 1 and (x < width - 1 or not (y % 2)) and (x > 0 or (y % 2)):
                yield (
                    y,
                    [
                        (px + a, py + (2 * a + b)),
                        (px + 2 * a, py + (2 * a + 2 * b)),
                        (px + a, py + (2 * a + 3 * b)),
                        (px - a, py + (2 * a + 3 * b)),
                        (px - 2 * a, py + (2 * a + 2 * b)),
                        (px - a, py + (2 * a + b)),
                    ],
                )
            if y and (x < width - 1 or not (y % 2)) and (x > 0 or (y % 2)):
                yield (
                    y,
                    [
                        (px - a, py - (2 * a + b)),
                        (px - 2 * a, py - (2 * a + 2 * b)),
                        (px - a, py - (2 * a + 3 * b)),
                        (px + a, py - (2 * a + 3 * b)),
                        (px + 2 * a, py - (2 * a + 2 * b)),
                        (px + a, py - (2 * a + b)),
                    ],
                )
            if x < width - 1:
                yield (
                    y,
                    [
                        (px + 2 * a + b, py - a),
                        (px + 4 * a + b, py - a),
                        (px + 4 * a + b, py + a),
                        (px + 2 * a + b, py + a),
                    ],
                )
            if y and (x < width - 1 or not (y % 2)):
                yield (
                    y,
                    [
                        (px + (a), py - (2 * a + b)),
                        (px + (2 * a), py - (2 * a + 2 * b)),
                        (px + (2 * a + b), py - (a + 2 * b)),
                        (px + (a + b), py - (a + b)),
                    ],
                )
            if y and (x or (y % 2)):
                yield (
                    y,
                    [
                        (px - (a + b), py - (a + b)),
                        (px - (2 * a + b), py - (a + 2 * b)),
                        (px - (2 * a), py - (2 * a + 2 * b)),
                        (px - (a), py - (2 * a + b)),
                    ],
                )


def _greatgreatdodecagonal(width: int, height: int) -> Faces:
    a = 15
    b = 26
    for y in range(height):
        for x in range(width):
            px = (4 * a + 4 * b) * x
            py = (6 * a + 2 * b) * y
            if y % 2:
                px += 2 * a + 2 * b
            yield (
                y,
                [
                    (px + (a), py - (2 * a + b)),
                    (px + (a + b), py - (a + b)),
                    (px + (2 * a + b), py - (a)),
                    (px + (2 * a + b), py + (a)),
                    (px + (a + b), py + (a + b)),
                    (px + (a), py + (2 * a + b)),
                    (px - (a), py + (2 * a + b)),
                    (px - (a + b), py + (a + b)),
                    (px - (2 * a + b), py + (a)),
                    (px - (2 * a + b), py - (a)),
                    (px - (a + b), py - (a + b)),
                    (px - (a), py - (2 * a + b)),
                ],
            )
            if y and (x < width - 1 or not (y % 2)):
                yield (
                    y,
                    [
                        (px + (a + 2 * b), py - (4 * a + b)),
                        (px + (a + 2 * b), py - (2 * a + b)),
                        (px + (a + b), py - (a + b)),
                        (px + (a), py - (2 * a + b)),
                        (px + (a), py - (4 * a + b)),
                        (px + (a + b), py - (5 * a + b)),
                    ],
                )
            if x < width - 1:
                yield (
                    y,
                    [
                        (px + (2 * a + 3 * b), py - a),
                        (px + (2 * a + 3 * b), py + a),
                        (px + (2 * a + 2 * b), py + 2 * a),
                        (px + (2 * a + b), py + a),
                        (px + (2 * a + b), py - a),
                        (px + (2 * a + 2 * b), py - 2 * a),
                    ],
                )
            if (y < height - 1) and (x < width - 1 or not (y % 2)):
                yield (
                    y,
                    [
                        (px + (a + 2 * b), py + (2 * a + b)),
                        (px + (a + 2 * b), py + (4 * a + b)),
                        (px + (a + b), py + (5 * a + b)),
                        (px + (a), py + (4 * a + b)),
                        (px + (a), py + (2 * a + b)),
                        (px + (a + b), py + (a + b)),
                    ],
                )
            if y and (x < width - 1):
                yield (
                    y,
                    [
                        (px + (a + 2 * b), py - (2 * a + b)),
                        (px + (2 * a + 2 * b), py - (2 * a)),
                        (px + (2 * a + b), py - (a)),
                        (px + (a + b), py - (a + b)),
                    ],
                )
            if (y < height - 1) and (x < width - 1):
                yield (
                    y,
                    [
                        (px + (2 * a + 2 * b), py + (2 * a)),
                        (px + (a + 2 * b), py + (2 * a + b)),
                        (px + (a + b), py + (a + b)),
                        (px + (2 * a + b), py + (a)),
                    ],
                )
            if (y < height - 1) and (x < width - 1 or not (y % 2)) and (x > 0 or (y % 2)):
                yield (
                    y,
                    [
                        (px + a, py + (2 * a + b)),
                        (px + a, py + (4 * a + b)),
                        (px - a, py + (4 * a + b)),
                        (px - a, py + (2 * a + b)),
                    ],
                )
            if x and (y < height - 1):
                yield (
                    y,
                    [
                        (px - (2 * a + b), py + (a)),
                        (px - (a + b), py + (a + b)),
                        (px - (a + 2 * b), py + (2 * a + b)),
                        (px - (2 * a + 2 * b), py + (2 * a)),
                    ],
                )
            if x and y:
                yield (
                    y,
                    [
                        (px - (a + b), py - (a + b)),
                        (px - (2 * a + b), py - (a)),
                        (px - (2 * a + 2 * b), py - (2 * a)),
                        (px - (a + 2 * b), py - (2 * a + b)),
                    ],
                )
            if y and (x < width - 1 or not (y % 2)) and (x > 0 or (y % 2)):
                yield (
                    y,
                    [
                        (px + a, py - (4 * a + b)),
                        (px + a, py - (2 * a + b)),
                        (px - a, py - (2 * a + b)),
                        (px - a, py - (4 * a + b)),
                    ],
                )
            if y and (x < width - 1):
                yield (
                    y,
                    [
                        (px + (3 * a + 2 * b), py - (2 * a + b)),
                        (px + (2 * a + 2 * b), py - (2 * a)),
                        (px + (a + 2 * b), py - (2 * a + b)),
                    ],
                )
            if (y < height - 1) and (x < width - 1):
                yield (
                    y,
                    [
                        (px + (3 * a + 2 * b), py + (2 * a + b)),
                        (px + (a + 2 * b), py + (2 * a + b)),
                        (px + (2 * a + 2 * b), py + (2 * a)),
                    ],
                )


def _compassdodecagonal(width: int, height: int) -> Faces:
    a = 15
    b = 26
    for y in range(height):
        for x in range(width):
            px = (4 * a + 2 * b) * x
            py = (4 * a + 2 * b) * y
            yield (
                y,
                [
                    (px + (a), py - (2 * a + b)),
                    (px + (a + b), py - (a + b)),
                    (px + (2 * a + b), py - (a)),
                    (px + (2 * a + b), py + (a)),
                    (px + (a + b), py + (a + b)),
                    (px + (a), py + (2 * a + b)),
                    (px - (a), py + (2 * a + b)),
                    (px - (a + b), py + (a + b)),
                    (px - (2 * a + b), py + (a)),
                    (px - (2 * a + b), py - (a)),
                    (px - (a + b), py - (a + b)),
                    (px - (a), py - (2 * a + b)),
                ],
            )
            if x < width - 1 and y < height - 1:
                yield y, [(px + (2 * a + b), py + (a)), (px + (3 * a + b), py + (a + b)), (px + (a + b), py + (a + b))]
                yield (
                    y,
                    [
                        (px + (3 * a + 2 * b), py + (2 * a + b)),
                        (px + (3 * a + b), py + (3 * a + b)),
                        (px + (3 * a + b), py + (a + b)),
                    ],
                )
                yield (
                    y,
                    [
                        (px + (3 * a + b), py + (3 * a + b)),
                        (px + (2 * a + b), py + (3 * a + 2 * b)),
                        (px + (a + b), py + (3 * a + b)),
                    ],
                )
                yield y, [(px + (a + b), py + (a + b)), (px + (a + b), py + (3 * a + b)), (px + (a), py + (2 * a + b))]
                yield (
                    y,
                    [
                        (px + (3 * a + b), py + (a + b)),
                        (px + (3 * a + b), py + (3 * a + b)),
                        (px + (a + b), py + (3 * a + b)),
                        (px + (a + b), py + (a + b)),
                    ],
                )


# name -> (generator, Tatham's type number, his least width and height, the least of one side)
GRIDS: dict[str, tuple[Callable[[int, int], Faces], int, int, int]] = {
    "square": (_square, 0, 3, 3),
    "triangular": (_triangular, 1, 3, 3),
    "honeycomb": (_honeycomb, 2, 3, 3),
    "snubsquare": (_snubsquare, 3, 3, 3),
    "cairo": (_cairo, 4, 3, 4),
    "greathexagonal": (_greathexagonal, 5, 3, 3),
    "octagonal": (_octagonal, 6, 3, 3),
    "kites": (_kites, 7, 3, 3),
    "floret": (_floret, 8, 1, 2),
    "dodecagonal": (_dodecagonal, 9, 2, 2),
    "greatdodecagonal": (_greatdodecagonal, 10, 2, 2),
    "greatgreatdodecagonal": (_greatgreatdodecagonal, 13, 2, 2),
    "kagome": (_kagome, 14, 3, 3),
    "compassdodecagonal": (_compassdodecagonal, 15, 2, 2),
    "oldtriangular": (_oldtriangular, 1, 3, 3),  # his old triangles: `t1` IDs without `0_`
}


@lru_cache(maxsize=64)
def tiling(name: str, width: int, height: int) -> Tiling:
    """The grid `name` (a key of GRIDS) of width x height tiles."""
    return build(GRIDS[name][0](width, height))


# ---- Penrose: grid.c's grid_new_penrose and penrose.c of 20230122 (before the 2023 rewrite) ----
# A Penrose grid is a random patch: its ID carries a grid description `G<xoff>,<yoff>,<aoff>`, a
# window of width*100 x height*100 centred at (xoff, yoff) in a big recursively subdivided
# half-tile turned by aoff degrees (a multiple of 36). The faces are the leaf tiles wholly in the
# window (corners rounded to integers, half away from zero), in the recursion's order, then
# trimmed as grid_trim_vigorously does: only faces touching the largest connected set of inner
# dots (dots with faces all round) stay. The arithmetic below is his, double for double.
PENROSE_TILESIZE = 100
PENROSE_P2, PENROSE_P3 = 0, 1
# name -> (which, Tatham's type number, his least width and height, the least of one side)
PENROSE_GRIDS: dict[str, tuple[int, int, int, int]] = {
    "kitedart": (PENROSE_P2, 11, 3, 3),  # his "Penrose (kite/dart)", P2
    "rhombs": (PENROSE_P3, 12, 3, 3),  # his "Penrose (rhombs)", P3
}
_COS54, _SIN54, _COS18, _SIN18 = 0.5877852, 0.8090169, 0.9510565, 0.3090169
_PHI = 1.6180339887
_INCIRCLE_RADIUS = 0.22426
# how far (in lengths of its edge vector) a half-tile's leaf corners lie from its origin at most:
# its triangle's corners are at most phi lengths away, its descendants subdivide it, and a leaf
# adds its mirror half (one leaf edge more); 3 leaves room. Skipping a half-tile beyond that
# only saves work: tests/test_loopy.py compares with the whole recursion
_REACH = 3.0

Vec = tuple[int, int, int, int]  # a*A + b*B + c*C + d*D, the 36-degree basis of penrose.c


def _rot36(v: Vec) -> Vec:
    a, b, c, d = v
    return (-d, d + a, -d + b, d + c)


def _rotate(v: Vec, ang: int) -> Vec:
    """v_rotate: by -ang degrees in notches of 36 (his 'clockwise')."""
    for _ in range((-ang // 36) % 10):
        v = _rot36(v)
    return v


def _grow(v: Vec) -> Vec:
    a, b, c, d = v
    return (a + b - d, c + d, a + b, c + d - a)


def _shrink(v: Vec) -> Vec:
    a, b, c, d = v
    return (b - d, c + d - b, a + b - c, c - a)


def _add(v: Vec, w: Vec) -> Vec:
    return (v[0] + w[0], v[1] + w[1], v[2] + w[2], v[3] + w[3])


def _xy(v: Vec) -> tuple[float, float]:
    return ((v[0] + v[3]) * _COS54 + (v[1] + v[2]) * _COS18, (v[0] - v[3]) * _SIN54 + (v[1] - v[2]) * _SIN18)


def _round_away(r: float) -> int:
    return math.floor(r + 0.5) if r > 0.0 else math.ceil(r - 0.5)


def penrose_size(which: int, width: int, height: int) -> tuple[float, int, int]:
    """penrose_calculate_size for his tile size 100: (required radius, start size, depth)."""
    tilesize = PENROSE_TILESIZE * 3 // 2 if which == PENROSE_P2 else PENROSE_TILESIZE * 5 // 4
    rradius = tilesize * 3.11 * math.sqrt(float(width * width + height * height))
    size = float(tilesize)
    n = 0
    while size * _INCIRCLE_RADIUS < rradius:
        n += 1
        size = size * _PHI
    return rradius, int(size), n


def penrose_inner_radius(which: int, width: int, height: int) -> int:
    """How far from the middle a patch's centre may be (grid_validate_desc_penrose)."""
    return int(penrose_size(which, width, height)[0] - math.sqrt(width * width + height * height))


def _penrose_leaves(which: int, start_size: int, max_depth: int, angle: int,
                    window: tuple[int, int, int, int], reach: float = _REACH) -> list[list[Point]]:
    """The leaf tiles of penrose() wholly inside window (xmin, xmax, ymin, ymax), in his order,
    corners rounded as set_faces rounds them. Subtrees whose reach misses the window are
    skipped (they give no face)."""
    xmin, xmax, ymin, ymax = window
    out: list[list[Point]] = []

    def far(orig: Vec, edge: Vec) -> bool:
        ox, oy = _xy(orig)
        ex, ey = _xy(edge)
        r = reach * math.hypot(ex, ey) + 2.0
        return ox + r < xmin or ox - r > xmax or oy + r < ymin or oy - r > ymax

    def tile(vs: list[Vec]) -> None:
        corners = []
        for v in vs:
            tx, ty = _xy(v)
            x, y = _round_away(tx), _round_away(ty)
            if x < xmin or x > xmax or y < ymin or y > ymax:
                return
            corners.append((x, y))
        out.append(corners)

    def xf(edge: Vec, shrink: int, base: Vec, ang: int) -> Vec:
        if shrink < 0:
            edge = _shrink(edge)
        elif shrink > 0:
            edge = _grow(edge)
        return _add(_rotate(edge, ang), base)

    def p2_large(depth: int, flip: int, orig: Vec, edge: Vec) -> None:
        if far(orig, edge):
            return
        if depth >= max_depth:
            if flip > 0:
                tile([orig, xf(edge, 0, orig, -36), xf(edge, 0, orig, 0), xf(edge, 0, orig, 36)])
            return
        vv_orig = _add(orig, _rotate(edge, -36 * flip))
        vv_edge = _rotate(edge, 108 * flip)
        p2_small(depth + 1, flip, orig, _shrink(edge))
        p2_large(depth + 1, flip, vv_orig, _shrink(vv_edge))
        p2_large(depth + 1, -flip, vv_orig, _shrink(vv_edge))

    def p2_small(depth: int, flip: int, orig: Vec, edge: Vec) -> None:
        if far(orig, edge):
            return
        if depth >= max_depth:
            if flip > 0:
                tile([orig, xf(edge, 0, orig, -72), xf(edge, -1, orig, -36), xf(edge, 0, orig, 0)])
            return
        vv_orig = _add(orig, edge)
        p2_large(depth + 1, -flip, orig, _shrink(_rotate(edge, -36 * flip)))
        p2_small(depth + 1, flip, vv_orig, _shrink(_rotate(edge, -144 * flip)))

    def p3_large(depth: int, flip: int, orig: Vec, edge: Vec) -> None:
        if far(orig, edge):
            return
        if depth >= max_depth:
            if flip > 0:
                tile([orig, xf(edge, 0, orig, -36), xf(edge, 1, orig, 0), xf(edge, 0, orig, 36)])
            return
        vv_orig = _add(orig, edge)
        p3_large(depth + 1, -flip, vv_orig, _shrink(_rotate(edge, 180)))
        p3_small(depth + 1, flip, vv_orig, _shrink(_rotate(edge, -108 * flip)))
        vv_orig = _add(orig, _grow(edge))
        p3_large(depth + 1, flip, vv_orig, _shrink(_rotate(edge, -144 * flip)))

    def p3_small(depth: int, flip: int, orig: Vec, edge: Vec) -> None:
        if far(orig, edge):
            return
        if depth >= max_depth:
            if flip > 0:
                v3 = xf(edge, 0, orig, 0)
                tile([orig, xf(edge, 0, orig, -36), xf(edge, 0, v3, -36), v3])
            return
        vv_orig = _add(orig, edge)
        p3_large(depth + 1, -flip, vv_orig, _shrink(_rotate(edge, 180)))
        p3_small(depth + 1, flip, vv_orig, _shrink(_rotate(edge, -108 * flip)))

    vo = _shrink(_shrink((0, -start_size, -start_size, 0)))
    vb = (0, start_size, 0, 0)
    vo, vb = _rotate(vo, angle), _rotate(vb, angle)
    if which == PENROSE_P2:
        p2_large(0, 1, vo, vb)
    else:
        p3_small(0, 1, vo, vb)
    return out


def _trim_vigorously(faces: list[list[Point]]) -> list[list[Point]]:
    """grid_trim_vigorously: keep the faces with a dot in the largest connected set of inner
    dots (every edge at them has a face on both sides); of equal sets the one holding the
    lowest-numbered dot (his dsf keeps the least index as a class's root)."""
    dot_of: dict[Point, int] = {}
    rings = [[dot_of.setdefault(p, len(dot_of)) for p in f] for f in faces]
    n = len(dot_of)
    pairs: set[tuple[int, int]] = set()
    for ring in rings:
        for i, d in enumerate(ring):
            pairs.add((ring[i - 1], d))
    inner = [True] * n
    for a, b in pairs:
        if (b, a) not in pairs:
            inner[a] = inner[b] = False
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in pairs:
        if inner[a] and inner[b] and (b, a) in pairs:
            ra, rb = root(a), root(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    sizes: dict[int, int] = {}
    for i in range(n):
        if inner[i]:
            sizes[root(i)] = sizes.get(root(i), 0) + 1
    best, most = -1, 0
    for r in sorted(sizes):
        if sizes[r] > most:
            best, most = r, sizes[r]
    if best < 0:
        return []
    return [f for f, ring in zip(faces, rings) if any(inner[d] and root(d) == best for d in ring)]


def penrose_faces(name: str, width: int, height: int, xoff: int, yoff: int, aoff: int,
                  reach: bool = True) -> list[list[Point]]:
    """The faces of his Penrose grid `name` (kitedart, rhombs) with description
    G<xoff>,<yoff>,<aoff>, in his order (empty where he makes no grid). `reach=False`
    recurses through the whole big tile, as he does (slow: for tests)."""
    which = PENROSE_GRIDS[name][0]
    _, start_size, depth = penrose_size(which, width, height)
    xsz, ysz = width * PENROSE_TILESIZE, height * PENROSE_TILESIZE
    window = (xoff - xsz // 2, xoff + xsz // 2, yoff - ysz // 2, yoff + ysz // 2)
    leaves = _penrose_leaves(which, start_size, depth, aoff, window, _REACH if reach else math.inf)
    return _trim_vigorously(leaves) if leaves else []


@lru_cache(maxsize=64)
def penrose_tiling(name: str, width: int, height: int, xoff: int, yoff: int, aoff: int) -> Tiling:
    """His Penrose grid `name` (a key of PENROSE_GRIDS) of width x height with the patch
    G<xoff>,<yoff>,<aoff>; faces in his order, a row a line of `width` faces (the patch has
    no rows). No face: he makes no grid of it."""
    faces = penrose_faces(name, width, height, xoff, yoff, aoff)
    return build((f // max(1, width), corners) for f, corners in enumerate(faces))
