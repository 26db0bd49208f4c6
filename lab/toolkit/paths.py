"""Lines through grid cells (Pearl's loop, Tracks' track): every set of edges in which each
cell has 0 or 2 of them, the brute force the engines are compared with on tiny boards; and
the pieces a partial line already forms, for the grade's view of the one-line rule."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import TypeVar

Cell = tuple[int, int]
Label = TypeVar("Label")
BACK = {"R": "L", "D": "U"}
LOOP_DEGREES = frozenset((0, 2))  # a dot or cell on a loop or line has two of its edges, off it none


Node = TypeVar("Node")


def degree_edge_sets(edges: Sequence[tuple[Node, Node]], allowed: Callable[[Node], AbstractSet[int]],
                     start: Mapping[Node, int] | None = None, required: AbstractSet[int] = frozenset()
                     ) -> Iterator[list[int]]:
    """Each set of `edges` (pairs of nodes; numbers into `edges`, ascending) that holds every
    edge numbered in `required` and in which every node's degree, counting `start`'s, is one
    `allowed(node)` gives: the brute force for lines and loops on tiny boards. A node is
    checked at the last edge that touches it (those no edge touches at once), so a dead end
    is cut there, not at the end; a degree never rises past the node's largest allowed."""
    start = start or {}
    nodes = {node: None for a, b in edges for node in (a, b)}
    last: dict[Node, int] = {}
    for i, (a, b) in enumerate(edges):
        last[a] = last[b] = i
    closes: dict[int, list[Node]] = {}
    for node in nodes:
        closes.setdefault(last[node], []).append(node)
    ok = {node: allowed(node) for node in nodes}
    most = {node: max(ok[node], default=0) for node in nodes}
    degree = {node: start.get(node, 0) for node in nodes}
    chosen: list[int] = []

    def extend(i: int) -> Iterator[list[int]]:
        if i == len(edges):
            yield list(chosen)
            return
        a, b = edges[i]
        for use in (False, True):
            if use and (degree[a] >= most[a] or degree[b] >= most[b]) or not use and i in required:
                continue
            if use:
                degree[a] += 1
                degree[b] += 1
                chosen.append(i)
            if all(degree[n] in ok[n] for n in closes.get(i, ())):
                yield from extend(i + 1)
            if use:
                degree[a] -= 1
                degree[b] -= 1
                chosen.pop()

    yield from extend(0)


def _directions(cells: Iterable[Cell], edges: Sequence[tuple[Cell, Cell]], chosen: Iterable[int],
                start: Mapping[Cell, set[str]]) -> dict[Cell, set[str]]:
    """Chosen grid edges (b right of or below a) as cell -> its directions (U, D, L, R)."""
    grid = {cell: set(start.get(cell, ())) for cell in cells}
    for k in chosen:
        a, b = edges[k]
        d = "R" if a[0] == b[0] else "D"
        grid[a].add(d)
        grid[b].add(BACK[d])
    return grid


def degree_two_edge_sets(cells: Sequence[Cell], edges: Sequence[tuple[Cell, Cell]],
                         start: Mapping[Cell, set[str]] | None = None) -> Iterator[dict[Cell, set[str]]]:
    """Each set of `edges` (pairs (a, b), b right of or below a) in which every cell has 0 or
    2 edges, counting the directions `start` gives it already (edges out of the grid:
    Tracks' entrance and exit), as cell -> its directions (U, D, L, R)."""
    start = start or {}
    touched = {cell for edge in edges for cell in edge}
    if any(len(start.get(cell, ())) not in (0, 2) for cell in cells if cell not in touched):
        return
    counts = {cell: len(ways) for cell, ways in start.items()}
    for chosen in degree_edge_sets(edges, lambda _: LOOP_DEGREES, counts):
        yield _directions(cells, edges, chosen, start)


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
    an empty cell, 1 to 4 for a circle, its dot's edge required), as cell -> its directions."""
    if any(0 not in allowed for cell, allowed in degrees.items() if not any(cell in edge for edge in edges)):
        return
    must = frozenset(i for i, edge in enumerate(edges) if edge in required)
    for chosen in degree_edge_sets(edges, degrees.__getitem__, required=must):
        yield _directions(degrees, edges, chosen, {})


# ---- one loop on any graph of dots and edges (Loopy's grids) ------------------------------
def even_edge_sets(dots: int, edges: Sequence[tuple[int, int]]) -> Iterator[frozenset[int]]:
    """Each set of edges (numbers into `edges`, pairs of dot numbers) in which every dot has
    0 or 2 of them: unions of disjoint cycles, the brute force for a loop on a graph."""
    for chosen in degree_edge_sets(edges, lambda _: LOOP_DEGREES):
        yield frozenset(chosen)


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
