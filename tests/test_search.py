"""The generic move search (lab/engine/search.py) on small problems with known answers."""

from __future__ import annotations

import random
from collections import deque

import pytest

from puzzlelab.lab.engine.search import MoveProblem, astar, bfs, dfs, solve


class Maze(MoveProblem):
    """Walk on a grid of '.' (free) and '#' (wall) from S to G."""

    def __init__(self, rows: list[str]):
        self.rows = rows
        self.cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
        self.goal = next(p for p, ch in self.cells.items() if ch == "G")

    def start(self):
        return next(p for p, ch in self.cells.items() if ch == "S")

    def moves(self, p):
        for name, (dr, dc) in (("U", (-1, 0)), ("D", (1, 0)), ("L", (0, -1)), ("R", (0, 1))):
            q = (p[0] + dr, p[1] + dc)
            if self.cells.get(q, "#") != "#":
                yield name, q

    def is_goal(self, p):
        return p == self.goal

    def manhattan(self, p):
        return abs(p[0] - self.goal[0]) + abs(p[1] - self.goal[1])


def random_maze(rng: random.Random, n: int = 7) -> list[str]:
    grid = [["#" if rng.random() < 0.3 else "." for _ in range(n)] for _ in range(n)]
    grid[0][0], grid[n - 1][n - 1] = "S", "G"
    return ["".join(row) for row in grid]


def plain_distance(rows: list[str]) -> int | None:
    """Independent BFS over the grid, no lab code."""
    n = len(rows)
    dist = {(0, 0): 0}
    queue = deque([(0, 0)])
    while queue:
        r, c = queue.popleft()
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            q = (r + dr, c + dc)
            if 0 <= q[0] < n and 0 <= q[1] < n and rows[q[0]][q[1]] != "#" and q not in dist:
                dist[q] = dist[(r, c)] + 1
                queue.append(q)
    return dist.get((n - 1, n - 1))


def replay(maze: Maze, moves: list[str]):
    p = maze.start()
    for m in moves:
        p = dict(maze.moves(p))[m]
    return p


def test_bfs_astar_dfs_agree_with_plain_bfs_on_random_mazes():
    rng = random.Random(1)
    for _ in range(150):
        rows = random_maze(rng)
        maze = Maze(rows)
        want = plain_distance(rows)
        b, a, d = bfs(maze), astar(maze, maze.manhattan), dfs(maze)
        if want is None:
            assert not b.found and b.exhausted and not a.found and a.exhausted and not d.found
            continue
        assert b.length == want and a.length == want
        assert a.expanded <= b.expanded + 1
        assert d.found and d.length >= want
        for r in (b, a, d):
            assert replay(maze, r.moves) == maze.goal
            assert r.states[0] == maze.start() and r.states[-1] == maze.goal


def test_limits_and_stats():
    maze = Maze(["S....", ".###.", "....G"])
    limited = bfs(maze, max_expanded=2)
    assert not limited.found and not limited.exhausted and limited.expanded == 2
    full = solve(maze, "bfs")
    assert full.found and full.length == 6 and full.stats()["moves"] == 6
    assert dfs(maze, max_depth=3).found is False
    with pytest.raises(ValueError):
        solve(maze, "astar")
    with pytest.raises(ValueError):
        solve(maze, "best-first")


def test_canonical_merges_positions():
    class Mirror(Maze):
        def canonical(self, p):
            return min(p, p[::-1])

    rows = ["S...", "....", "....", "...G"]
    plain, merged = bfs(Maze(rows)), bfs(Mirror(rows))
    assert plain.length == merged.length == 6
    assert merged.distinct < plain.distinct
