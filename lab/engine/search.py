"""Generic move search for puzzles played move by move (seed 002, Raymond Hettinger's idea).

A puzzle describes itself with very little: a starting position, the moves from a position
(each with a label and the position it leads to), the goal test, and optionally a canonical
form so that equivalent positions (same-shaped blocks swapped, mirror images) are explored
once. The engine then searches breadth-first (fewest moves), depth-first (any solution,
little memory) or A* (fewest moves, guided by an admissible heuristic), and returns the
move sequence with what the search cost.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

State = TypeVar("State")
Move = TypeVar("Move")

METHODS = ("bfs", "dfs", "astar")


class MoveProblem(Generic[State, Move]):
    """What a move puzzle tells the search. Subclass and fill in the first three."""

    def start(self) -> State:
        raise NotImplementedError

    def moves(self, state: State) -> Iterable[tuple[Move, State]]:
        """Every (move label, next position) pair from `state`."""
        raise NotImplementedError

    def is_goal(self, state: State) -> bool:
        raise NotImplementedError

    def canonical(self, state: State) -> Hashable:
        """A key equal for positions the search may treat as one (default: the position)."""
        return state  # type: ignore[return-value]


@dataclass
class SearchResult(Generic[State, Move]):
    """Outcome of one search. `found` False with `exhausted` True proves there is no
    solution; with `exhausted` False a limit stopped the search first."""

    method: str
    found: bool
    moves: list = field(default_factory=list)
    states: list = field(default_factory=list)  # start, then the position after each move
    expanded: int = 0  # positions whose moves were generated
    generated: int = 0  # successor positions produced (before deduplication)
    distinct: int = 0  # canonical positions seen
    exhausted: bool = False
    seconds: float = 0.0

    @property
    def length(self) -> int:
        return len(self.moves)

    def stats(self) -> dict:
        return {"method": self.method, "found": self.found, "moves": self.length,
                "expanded": self.expanded, "generated": self.generated,
                "distinct": self.distinct, "exhausted": self.exhausted,
                "seconds": round(self.seconds, 4)}


# The trail maps a canonical key to (parent key, move, position): enough to replay the path.
Trail = dict[Hashable, tuple[Hashable | None, object, object]]


def _path(trail: Trail, key: Hashable) -> tuple[list, list]:
    moves, states = [], []
    while key is not None:
        parent, move, state = trail[key]
        states.append(state)
        if parent is not None:
            moves.append(move)
        key = parent
    return moves[::-1], states[::-1]


def bfs(problem: MoveProblem, max_expanded: int | None = None) -> SearchResult:
    """Breadth-first: the first goal reached has the fewest moves."""
    return _queue_search(problem, "bfs", max_expanded, None)


def dfs(problem: MoveProblem, max_expanded: int | None = None,
        max_depth: int | None = None) -> SearchResult:
    """Depth-first: some solution, found with little memory of the frontier; not the shortest.
    `max_depth` bounds the moves explored along any line."""
    return _queue_search(problem, "dfs", max_expanded, max_depth)


def _queue_search(problem: MoveProblem, method: str, max_expanded: int | None,
                  max_depth: int | None) -> SearchResult:
    t0 = time.perf_counter()
    start = problem.start()
    key0 = problem.canonical(start)
    trail: Trail = {key0: (None, None, start)}
    frontier: deque = deque([(start, key0, 0)])
    take = frontier.pop if method == "dfs" else frontier.popleft
    result: SearchResult = SearchResult(method, False)
    while frontier:
        state, key, depth = take()
        if problem.is_goal(state):
            result.found = True
            result.moves, result.states = _path(trail, key)
            break
        if max_expanded is not None and result.expanded >= max_expanded:
            break
        if max_depth is not None and depth >= max_depth:
            continue
        result.expanded += 1
        for move, nxt in problem.moves(state):
            result.generated += 1
            k = problem.canonical(nxt)
            if k in trail:
                continue
            trail[k] = (key, move, nxt)
            frontier.append((nxt, k, depth + 1))
    else:
        result.exhausted = max_depth is None
    result.distinct = len(trail)
    result.seconds = time.perf_counter() - t0
    return result


def astar(problem: MoveProblem, heuristic: Callable[[State], float],
          max_expanded: int | None = None) -> SearchResult:
    """A*: fewest moves, exploring positions in order of moves made + `heuristic`.
    The heuristic must never overestimate the moves still needed (admissible), else the
    answer may not be the shortest."""
    t0 = time.perf_counter()
    start = problem.start()
    key0 = problem.canonical(start)
    trail: Trail = {key0: (None, None, start)}
    best = {key0: 0}
    tie = itertools.count()  # positions need not be comparable
    heap = [(heuristic(start), next(tie), 0, key0, start)]
    result: SearchResult = SearchResult("astar", False)
    while heap:
        _, _, g, key, state = heapq.heappop(heap)
        if g > best[key]:
            continue  # a stale entry: this position was reached cheaper since
        if problem.is_goal(state):
            result.found = True
            result.moves, result.states = _path(trail, key)
            break
        if max_expanded is not None and result.expanded >= max_expanded:
            break
        result.expanded += 1
        for move, nxt in problem.moves(state):
            result.generated += 1
            k = problem.canonical(nxt)
            if g + 1 < best.get(k, g + 2):
                best[k] = g + 1
                trail[k] = (key, move, nxt)
                heapq.heappush(heap, (g + 1 + heuristic(nxt), next(tie), g + 1, k, nxt))
    else:
        result.exhausted = True
    result.distinct = len(trail)
    result.seconds = time.perf_counter() - t0
    return result


def solve(problem: MoveProblem, method: str = "bfs", heuristic: Callable[[State], float] | None = None,
          max_expanded: int | None = None) -> SearchResult:
    """One entry point: `method` is "bfs", "dfs" or "astar" (which needs `heuristic`)."""
    if method == "bfs":
        return bfs(problem, max_expanded)
    if method == "dfs":
        return dfs(problem, max_expanded)
    if method == "astar":
        if heuristic is None:
            raise ValueError("A* search needs a heuristic")
        return astar(problem, heuristic, max_expanded)
    raise ValueError(f"unknown search method '{method}' (known: {', '.join(METHODS)})")
