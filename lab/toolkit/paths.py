"""Lines through grid cells (Pearl's loop, Tracks' track): every set of edges in which each
cell has 0 or 2 of them, the brute force the engines are compared with on tiny boards; and
the pieces a partial line already forms, for the grade's view of the one-line rule."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import compress
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


class SpanningTreeCheck:
    """The tree rule's `dead_end` (Net: every node on one tree) for a grade's thousands of
    probes: do the edges that hold close a loop, or do the edges not ruled out leave the
    nodes in more than one part? The answer two union-finds over every edge give, made
    cheaper by what one probe shares with the last. A base of edges used and edges ruled
    out in every recent probe is kept with the parts its used edges join and whether the
    edges it leaves open reach every node; a probe then costs one look-up a literal (in
    bulk) and work only on the edges it decides beyond the base: those it uses, joined
    over the base's parts, and those it rules out, each needing a detour round it (a short
    search from either end; a full count of parts where none is found near). A base a
    probe contradicts shrinks to what they share; one that leaves more than `STALE` edges
    to decide in `PATIENCE` probes in a row is taken afresh from the last (and then shrinks
    to what the next shares). Assumes, as propagation without a conflict gives, that no
    literal holds with its negation. Edges: (node, node, literal), as `joined`."""

    STALE = 24
    PATIENCE = 8
    NEAR = 40  # nodes a detour search visits before the full count decides

    def __init__(self, nodes: int, edges: Sequence[Edge]):
        self.nodes = nodes
        self.ends = [(i, j) for i, j, _ in edges]
        self.lits = [lit for _, _, lit in edges]
        self.touching: list[list[tuple[int, int]]] = [[] for _ in range(nodes)]
        for e, (i, j) in enumerate(self.ends):
            self.touching[i].append((j, e))
            self.touching[j].append((i, e))
        self.behind = 0  # probes in a row that found the base STALE
        self._rebase([], [])

    def _rebase(self, used: list[int], ruled: list[int]) -> None:
        self.used, self.ruled, self.behind = used, ruled, 0
        self.used_lits = [self.lits[e] for e in used]
        self.ruled_negated = [-self.lits[e] for e in ruled]
        self.ruled_set = set(ruled)
        taken = self.ruled_set.union(used)
        self.open = [e for e in range(len(self.lits)) if e not in taken]
        self.open_lits = [self.lits[e] for e in self.open]
        self.open_negated = [-lit for lit in self.open_lits]
        root = list(range(self.nodes))
        self.loop = False
        for e in used:
            i, j = self.ends[e]
            ri, rj = find(root, i), find(root, j)
            if ri == rj:
                self.loop = True
            root[ri] = rj
        self.part = [find(root, i) for i in range(self.nodes)]
        self.split = self._parts(self.ruled_set) > 1

    def _parts(self, ruled: AbstractSet[int]) -> int:
        root = list(range(self.nodes))
        parts = self.nodes
        for e, (i, j) in enumerate(self.ends):
            if e not in ruled:
                ri, rj = find(root, i), find(root, j)
                if ri != rj:
                    root[ri] = rj
                    parts -= 1
        return parts

    def dead_end(self, holds: Callable[[int], bool]) -> bool:
        """True when the edges `holds` has used close a loop, or those it has not ruled out
        leave a node unreachable from another."""
        if not all(map(holds, self.used_lits)) or not all(map(holds, self.ruled_negated)):
            self._rebase([e for e in self.used if holds(self.lits[e])],
                         [e for e in self.ruled if holds(-self.lits[e])])
        used = list(compress(self.open, map(holds, self.open_lits)))
        ruled = list(compress(self.open, map(holds, self.open_negated)))
        answer = self.loop or self._closes_loop(used) or self._cuts(ruled)
        self.behind = self.behind + 1 if len(used) + len(ruled) > self.STALE else 0
        if self.behind >= self.PATIENCE:  # the base lags what every probe now holds: take this one's
            self._rebase(self.used + used, self.ruled + ruled)
        return answer

    def _closes_loop(self, used: list[int]) -> bool:
        part, ends = self.part, self.ends
        joined: dict[int, int] = {}  # the base's parts joined by the edges beyond the base
        for e in used:
            i, j = ends[e]
            a, b = part[i], part[j]
            while a in joined:
                a = joined[a]
            while b in joined:
                b = joined[b]
            if a == b:
                return True
            joined[a] = b
        return False

    def _cuts(self, ruled: list[int]) -> bool:
        if self.split:
            return True
        if not ruled:
            return False
        # The base's open and used edges reach every node: the rest still do when each edge
        # ruled out beyond the base has a detour (a path round it reroutes any path through it).
        gone = self.ruled_set.union(ruled)
        touching, ends, near = self.touching, self.ends, self.NEAR
        reached: dict[int, int] = {}  # node -> the search that reached it: all of one part
        for e in ruled:
            start, goal = ends[e]
            if reached.get(start, -1) == reached.get(goal, -2):
                continue
            found = False
            for label, a, b in ((e, start, goal), (~e, goal, start)):  # from either end
                reached[a] = label
                queue = deque((a,))
                seen = 1
                while queue and seen < near and reached.get(b) != label:
                    for nxt, f in touching[queue.popleft()]:
                        if f not in gone and reached.get(nxt) != label:
                            reached[nxt] = label
                            queue.append(nxt)
                            seen += 1
                if reached.get(b) == label:
                    found = True
                    break
                if not queue:  # everything `a` reaches, and not `b`
                    return True
            if not found:
                return self._parts(gone) > 1
        return False
