"""The planar grids of Simon Tatham's Loopy (grid.c, version 20230122): squares, triangles,
hexagons and the semi-regular and dual tilings, each a set of faces whose corners are dots
on an integer lattice. The faces come in the order his generator makes them, which is the
order of the clues in his game IDs; the dots and edges are numbered as first met going round
the faces in that order.

`tiling(name, width, height)` builds one (cached). `Tiling` gives the graph a loop puzzle
needs: each face's dots and edges, each edge's dots and faces (one face on the rim).
"""

from __future__ import annotations

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
