"""Lines through grid cells (Pearl's loop, Tracks' track): every set of edges in which each
cell has 0 or 2 of them, the brute force the engines are compared with on tiny boards; and
the pieces a partial line already forms, for the grade's view of the one-line rule."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
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


def bounded_degree_edge_sets(edges: Sequence[tuple[Cell, Cell]], degrees: Mapping[Cell, frozenset[int]],
                             required: frozenset[tuple[Cell, Cell]] = frozenset()) -> Iterator[dict[Cell, set[str]]]:
    """Each set of `edges` (pairs (a, b), b right of or below a) holding every edge of
    `required`, in which every cell's degree is one `degrees` allows it (Firefly: 0 or 2 for
    an empty cell, 1 to 4 for a circle, its dot's edge required), as cell -> its directions
    (U, D, L, R). `degree_two_edge_sets` with a degree set per cell; a cell is checked at the
    last edge that touches it, and never rises past its largest."""
    last: dict[Cell, int] = {}
    for i, (a, b) in enumerate(edges):
        last[a] = last[b] = i
    if any(0 not in allowed for cell, allowed in degrees.items() if cell not in last):
        return
    closes: dict[int, list[Cell]] = {}
    for cell, i in last.items():
        closes.setdefault(i, []).append(cell)
    most = {cell: max(allowed, default=0) for cell, allowed in degrees.items()}
    degree = dict.fromkeys(degrees, 0)
    chosen: list[int] = []

    def extend(i: int) -> Iterator[dict[Cell, set[str]]]:
        if i == len(edges):
            grid: dict[Cell, set[str]] = {cell: set() for cell in degrees}
            for k in chosen:
                a, b = edges[k]
                d = "R" if a[0] == b[0] else "D"
                grid[a].add(d)
                grid[b].add(BACK[d])
            yield grid
            return
        a, b = edges[i]
        for use in (False, True):
            if use and (degree[a] >= most[a] or degree[b] >= most[b]) or not use and edges[i] in required:
                continue
            if use:
                degree[a] += 1
                degree[b] += 1
                chosen.append(i)
            if all(degree[c] in degrees[c] for c in closes.get(i, ())):
                yield from extend(i + 1)
            if use:
                degree[a] -= 1
                degree[b] -= 1
                chosen.pop()

    yield from extend(0)


# ---- one loop on any graph of dots and edges (Loopy's grids) ------------------------------
def even_edge_sets(dots: int, edges: Sequence[tuple[int, int]]) -> Iterator[frozenset[int]]:
    """Each set of edges (numbers into `edges`, pairs of dot numbers) in which every dot has
    0 or 2 of them: unions of disjoint cycles, the brute force for a loop on a graph. A dot
    is checked at the last edge that touches it."""
    last = [-1] * dots
    for i, (a, b) in enumerate(edges):
        last[a] = last[b] = i
    closes: dict[int, list[int]] = {}
    for dot in range(dots):
        closes.setdefault(last[dot], []).append(dot)
    degree = [0] * dots
    chosen: list[int] = []

    def extend(i: int) -> Iterator[frozenset[int]]:
        if i == len(edges):
            yield frozenset(chosen)
            return
        a, b = edges[i]
        for use in (False, True):
            if use and (degree[a] == 2 or degree[b] == 2):
                continue
            if use:
                degree[a] += 1
                degree[b] += 1
                chosen.append(i)
            if all(degree[d] in (0, 2) for d in closes.get(i, ())):
                yield from extend(i + 1)
            if use:
                degree[a] -= 1
                degree[b] -= 1
                chosen.pop()

    yield from extend(0)


def edge_pieces(dots: int, edges: Sequence[tuple[int, int]], used: Iterable[int]) -> list[list[int]]:
    """The connected pieces the `used` edges (numbers into `edges`) form, as lists of dots."""
    root = list(range(dots))
    touched: set[int] = set()
    for e in used:
        a, b = edges[e]
        touched |= {a, b}
        root[find(root, a)] = find(root, b)
    pieces: dict[int, list[int]] = {}
    for dot in sorted(touched):
        pieces.setdefault(find(root, dot), []).append(dot)
    return list(pieces.values())


def single_loop_cuts(dots: int, edges: Sequence[Edge], used: Iterable[int]) -> list[list[int]]:
    """Clauses against a candidate whose `used` edges (numbers into `edges`, each (dot, dot,
    literal)) are several disjoint cycles. For a piece with dot set S, an edge e of it and an
    edge f of another piece, one loop through both leaves S: not e, or not f, or some edge
    with one end in S is used."""
    used = list(used)
    pieces = edge_pieces(dots, [(a, b) for a, b, _ in edges], used)
    if len(pieces) <= 1:
        return []
    piece_of = [-1] * dots
    for k, piece in enumerate(pieces):
        for dot in piece:
            piece_of[dot] = k
    some_edge = [0] * len(pieces)
    for e in used:
        some_edge[piece_of[edges[e][0]]] = edges[e][2]
    clauses = []
    for k in range(len(pieces)):
        border = [lit for a, b, lit in edges if (piece_of[a] == k) != (piece_of[b] == k)]
        for other in range(len(pieces)):
            if other != k:
                clauses.append(border + [-some_edge[k], -some_edge[other]])
    return clauses


def loop_lazy_units(dots: int, edges: Sequence[Edge], holds: Callable[[int], bool]) -> list[int]:
    """The edges one loop rules out on a partial assignment: once the used edges close a
    loop, every undecided edge; before that, an undecided edge joining two dots the used
    edges already join, unless those used edges are all there are (it would close a loop
    that leaves some used edge out)."""
    used, loops = joined(dots, edges, holds)
    open_edges = [(i, j, lit) for i, j, lit in edges if not holds(lit) and not holds(-lit)]
    if loops:
        return [-lit for _, _, lit in open_edges]
    per_piece: dict[int, int] = {}
    for i, _, lit in edges:
        if holds(lit):
            root = find(used, i)
            per_piece[root] = per_piece.get(root, 0) + 1
    total = sum(per_piece.values())
    return [-lit for i, j, lit in open_edges
            if (root := find(used, i)) == find(used, j) and per_piece.get(root, 0) < total]


def loop_dead_end(dots: int, edges: Sequence[Edge], holds: Callable[[int], bool]) -> bool:
    """No one loop extends this partial assignment: every edge is unused, or the used edges
    close a loop and some used edge is off it."""
    if all(holds(-lit) for _, _, lit in edges):
        return True
    used, loops = joined(dots, edges, holds)
    if not loops:
        return False
    root = find(used, loops[0])
    return any(holds(lit) and find(used, i) != root for i, _, lit in edges)
