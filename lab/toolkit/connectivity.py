"""White cells that must stay connected, with no two shaded cells side by side (Singles,
Range): the regions of a shading, and the lazy cuts that rule a split shading out."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..engine.puzzle import Clause

Cell = tuple[int, int]
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))


def neighbours(height: int, width: int, r: int, c: int) -> list[Cell]:
    return [(r + dr, c + dc) for dr, dc in ORTHOGONAL if 0 <= r + dr < height and 0 <= c + dc < width]


@cache
def _flat_neighbours(height: int, width: int) -> tuple[tuple[int, ...], ...]:
    """`neighbours` of every cell as flat indices (r * width + c), built once per size: the
    flood fill below runs after every model of a stripping loop."""
    return tuple(tuple(nr * width + nc for nr, nc in neighbours(height, width, r, c))
                 for r in range(height) for c in range(width))


def white_components(shaded: Sequence[Sequence[bool]]) -> list[list[Cell]]:
    """The orthogonally connected regions of white cells (flood fill), in reading order."""
    height, width = len(shaded), len(shaded[0]) if shaded else 0
    around = _flat_neighbours(height, width)
    blocked = [bool(v) for row in shaded for v in row]  # shaded or already in a region
    components = []
    for start in range(height * width):
        if blocked[start]:
            continue
        blocked[start] = True
        region, todo = [], [start]
        while todo:
            cell = todo.pop()
            region.append(divmod(cell, width))
            for nb in around[cell]:
                if not blocked[nb]:
                    blocked[nb] = True
                    todo.append(nb)
        components.append(region)
    return components


def separation_cuts(shade: Sequence[Sequence[int]], shaded: Sequence[Sequence[bool]]) -> list[Clause]:
    """One clause per white region when the candidate `shaded` splits its white cells
    (`shade[r][c]`: the variable "cell (r, c) is shaded"); none when they are connected.

    Let C be a white region of the candidate and B its shaded border (every neighbour of C
    outside C; B is non-empty because C is not the whole board), and R the rest of the
    board, non-empty since it holds the other regions. In any solution where all of B is
    shaded and some cell of C is white, the white cells, being connected and unable to cross
    B, all lie in C; then every cell of R is shaded, but a cell of R has a neighbour in R or
    B (not in C, else it would be in B): two shaded neighbours. So "B all shaded" rules out
    "a cell of C is white". If |C| >= 2, C holds two adjacent cells, one of which is white
    anyway, so the clause is just "some cell of B is white"; if C = {c}, it is "c is shaded
    or some cell of B is white". Both hold for every solution of every board of this size
    under the two rules alone, whatever its clues."""
    regions = white_components(shaded)
    if len(regions) <= 1:
        return []
    height, width = len(shaded), len(shaded[0])
    out = []
    for region in regions:
        inside = set(region)
        border = {nb for cell in region for nb in neighbours(height, width, *cell) if nb not in inside}
        clause = [-shade[r][c] for r, c in sorted(border)]
        if len(region) == 1:
            clause.append(shade[region[0][0]][region[0][1]])
        out.append(clause)
    return out
