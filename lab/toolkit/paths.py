"""Lines through grid cells (Pearl's loop, Tracks' track): every set of edges in which each
cell has 0 or 2 of them, the brute force the engines are compared with on tiny boards; and
the pieces a partial line already forms, for the grade's view of the one-line rule."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TypeVar

Cell = tuple[int, int]
Label = TypeVar("Label")
BACK = {"R": "L", "D": "U"}


def degree_two_edge_sets(cells: Sequence[Cell], edges: Sequence[tuple[Cell, Cell]],
                         start: Mapping[Cell, set[str]] | None = None) -> Iterator[dict[Cell, set[str]]]:
    """Each set of `edges` (pairs (a, b), b right of or below a) in which every cell has 0 or
    2 edges, counting the directions `start` gives it already (edges out of the grid:
    Tracks' entrance and exit), as cell -> its directions (U, D, L, R). A cell is closed at
    the last edge that touches it, so a dead end is cut there, not at the end."""
    start = start or {}
    last: dict[Cell, int] = {}
    for i, (a, b) in enumerate(edges):
        last[a] = last[b] = i
    closes: dict[int, list[Cell]] = {}
    for cell in cells:
        closes.setdefault(last.get(cell, -1), []).append(cell)
    degree = {cell: len(start.get(cell, ())) for cell in cells}
    if any(degree[c] not in (0, 2) for c in closes.get(-1, [])):
        return
    chosen: list[int] = []

    def extend(i: int) -> Iterator[dict[Cell, set[str]]]:
        if i == len(edges):
            grid = {cell: set(start.get(cell, ())) for cell in cells}
            for k in chosen:
                a, b = edges[k]
                d = "R" if a[0] == b[0] else "D"
                grid[a].add(d)
                grid[b].add(BACK[d])
            yield grid
            return
        a, b = edges[i]
        for use in (False, True):
            if use and (degree[a] == 2 or degree[b] == 2):
                continue
            if use:
                degree[a] += 1
                degree[b] += 1
                chosen.append(i)
            if all(degree[c] in (0, 2) for c in closes.get(i, ())):
                yield from extend(i + 1)
            if use:
                degree[a] -= 1
                degree[b] -= 1
                chosen.pop()

    yield from extend(0)


Edge = tuple[int, int, int]  # (cell, cell, the edge's literal), cells numbered


def numbered_edges(cells: Sequence[Cell], pairs: Sequence[tuple[Cell, Cell]],
                   edge: Mapping[tuple[Cell, str], int]) -> tuple[dict[Cell, int], list[Edge]]:
    """Each cell's number, and the pairs (b right of or below a) as edges between numbers
    with their literals (`edge[(a, "R")]`, `edge[(a, "D")]`), for `joined`."""
    index = {cell: i for i, cell in enumerate(cells)}
    return index, [(index[a], index[b], edge[(a, "R" if a[0] == b[0] else "D")]) for a, b in pairs]


def find(root: list[int], i: int) -> int:
    """The representative of `i` in a union-find forest (halving paths as it goes)."""
    while root[i] != i:
        root[i] = root[root[i]]
        i = root[i]
    return i


def joined(cells: int, edges: Sequence[Edge], holds: Callable[[int], bool]) -> tuple[list[int], list[int]]:
    """The cells joined by the edges known used (a union-find forest), and a cell of each
    loop those edges close (one per loop)."""
    root = list(range(cells))
    loops = []
    for i, j, lit in edges:
        if holds(lit):
            ri, rj = find(root, i), find(root, j)
            if ri == rj:
                loops.append(i)
            root[ri] = rj
    return root, loops


def forest_path(links: Mapping[int, Sequence[tuple[int, Label]]], a: int, b: int) -> list[Label]:
    """The labels on the path from node a to node b in a forest (`links`: each node's
    neighbours, each with the label of the link between: a cell, an edge number), from b
    back to a; empty when they are not joined. A breadth-first search: the loop a new link
    would close is that link and this path (Slant's diagonals, Net's tree)."""
    came: dict[int, tuple[int, Label] | None] = {a: None}
    todo = deque([a])
    while todo and b not in came:
        p = todo.popleft()
        for q, label in links.get(p, ()):
            if q not in came:
                came[q] = (p, label)
                todo.append(q)
    out: list[Label] = []
    step = came.get(b)
    while step is not None:
        out.append(step[1])
        step = came[step[0]]
    return out
