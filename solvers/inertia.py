"""Inertia (Simon Tatham's collection): the fewest moves that collect every gem.

The ball slides in one of eight directions until a wall (or the edge) stops it in front,
or it rolls onto a stop; it picks up gems on the way and dies on a mine. A diagonal slide
passes between two walls that touch corners.

Vocabulary: a *node* is a cell where the ball can rest, a *slide* is one move from a node
to a node with the gems it collects, and a *cluster* is the set of slides that collect one
gem. Gems whose cluster contains another gem's cluster are implied by it and dropped.
A solution is a walk from the start over slides that meets every cluster: a generalised
travelling-salesman tour (the seed solves it heuristically as a GTSP with OR-Tools routing).

Here it is solved in three steps:
1. a good walk fast: cheapest insertion, then ruin-and-recreate local search (`Walks`);
2. a lower bound from a linear program: each slide used x_e times, flow balance (a walk from
   the start to any end), every cluster met, and "reach the cluster" cuts separated with a
   max-flow (for a node set S without the start: x(into S) + x(slides of the cluster that
   end outside S) >= 1);
3. the same model as an integer program (CP-SAT): its optimum is a lower bound, and when
   its slides are connected it is an optimal walk. Otherwise local search joins its pieces
   up into a walk (often already as short as the bound), more cuts are added, and the
   exact model (with a connectivity flow) is solved on just the nodes these solutions and
   the best walk visit, which is small and often finds a walk as short as the bound.
When the best walk meets the lower bound the answer says "proven optimal"; otherwise it
gives the best walk found and the bound. Every step is bounded by work (rounds, and
CP-SAT's deterministic time), so a slow or busy machine gets as far as a fast one; a time
limit, when given, can only stop a step sooner. Gems no slide reaches, and gems that cannot be
collected in one game, make the board impossible.

Formats: `text` (rows of Tatham's letters, '.' for blank), Tatham's game ID
(`10x8:` + one letter per cell: b blank, g gem, m mine, s stop, w wall, S start), the
seed's array (' ', 'G', 'M', 'O' stop, 'W', 'B' ball), and JSON.
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..lab.engine.puzzle import Answer, BoardLimit, Instance, MovePuzzle, PuzzleError, quote
from ..lab.toolkit.answers import moves_text, read_moves
from ..lab.toolkit.beside import ems, move_choices, text_beside
from ..lab.toolkit.cellgrid import GridArray, GridText
from ..lab.toolkit.codecs import TathamCodec
from ..lab.toolkit.forms import MOVES_JSON, string_rows
from ..lab.toolkit.tatham import GameId, tatham_size
from ..lab.toolkit.textgrid import Element, JsonObject, Token

BLANK, GEM, MINE, STOP, WALL, START = "b", "g", "m", "s", "w", "S"
SEED_CHARS = {" ": BLANK, "G": GEM, "M": MINE, "O": STOP, "W": WALL, "B": START}
TEXT_CHARS = {".": BLANK, "b": BLANK, "g": GEM, "m": MINE, "s": STOP, "w": WALL, "S": START}
# Size limit: `answer` keeps to its time limit (the CLI's --timeout) only between its steps,
# and a step grows with the board; at 40x40 it overruns a 30 s limit by seconds, larger
# boards by minutes.
SIZE = BoardLimit(40, 40)
EARLY = SIZE.early("inertia")  # the readers' size check, before any cell is read
# Work bounds: every stage stops at its own amount of work, so a slow or busy machine gets
# as far as a fast one; a time limit, when given, can only cut a stage shorter.
WALK_ROUNDS = 300  # ruin-and-recreate rounds for the first walk
LP_ROUNDS = 200  # LP rounds of max-flow cuts
EXACT_ROUNDS = 12  # integer rounds (relaxation, cuts, restricted exact model)
CPSAT_WORK = 20.0  # CP-SAT's deterministic time (its own count of work, not seconds) per relaxation
RESTRICTED_WORK = 3.0  # the same for each exact model on a few nodes
REPAIR_ROUNDS = 100  # ruin-and-recreate rounds joining up a relaxation's solution
LOCAL_ROUNDS = 3000  # ruin-and-recreate rounds after an unfinished proof
# Directions clockwise from north: (name, arrow, row step, column step).
DIRECTIONS = [("N", "↑", -1, 0), ("NE", "↗", -1, 1), ("E", "→", 0, 1), ("SE", "↘", 1, 1),
              ("S", "↓", 1, 0), ("SW", "↙", 1, -1), ("W", "←", 0, -1), ("NW", "↖", -1, -1)]
Cell = tuple[int, int]
# A move in an answer: a compass point, its name, an arrow, or up/down/left/right (and U, D, L, R, UL ...).
WORDS = {"north": "N", "south": "S", "east": "E", "west": "W", "up": "N", "down": "S", "right": "E", "left": "W",
         "u": "N", "d": "S", "r": "E", "l": "W"}
WORDS.update({d[1]: d[0] for d in DIRECTIONS})
_POINT = "north|south|east|west|up|down|left|right|[nsewudlr]"
MOVE = (r"(?<![a-z])(?:(north|south|up|down)[_-]?(east|west|left|right)|([ns])([ew])|([ud])([lr])"
        rf"|({_POINT}))(?![a-z])|([↑↗→↘↓↙←↖])")


@dataclass(frozen=True)
class InertiaParams:
    width: int
    height: int


# ---- the board and its move graph -----------------------------------------------------------

def start_cell(inst: Instance) -> Cell:
    return next(rc for rc, ch in inst.clues.items() if ch == START)


def slide(inst: Instance, at: Cell, d: int) -> tuple[Cell, tuple[Cell, ...]] | None:
    """Where a slide from `at` in direction d stops and the gems it picks up; None if it
    hits a mine or cannot move at all."""
    w, h = inst.params.width, inst.params.height
    _, _, dr, dc = DIRECTIONS[d]
    r, c = at
    gems = []
    while True:
        nr, nc = r + dr, c + dc
        ch = inst.clues.get((nr, nc), BLANK) if 0 <= nr < h and 0 <= nc < w else WALL
        if ch == WALL:
            break
        r, c = nr, nc
        if ch in (STOP, START):
            break
        if ch == MINE:
            return None
        if ch == GEM:
            gems.append((r, c))
    return ((r, c), tuple(gems)) if (r, c) != at else None


@dataclass
class MoveGraph:
    """Nodes reachable from the start (node 0) and the slides between them."""

    nodes: list[Cell]
    tails: list[int]
    heads: list[int]
    dirs: list[int]
    gems: list[tuple[Cell, ...]]
    all_gems: list[Cell]

    @property
    def start(self) -> int:
        return 0

    def out(self) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in self.nodes]
        for e, a in enumerate(self.tails):
            out[a].append(e)
        return out


def move_graph(inst: Instance) -> MoveGraph:
    s = start_cell(inst)
    index = {s: 0}
    nodes = [s]
    g = MoveGraph(nodes, [], [], [], [], sorted(rc for rc, ch in inst.clues.items() if ch == GEM))
    todo = deque([s])
    while todo:
        at = todo.popleft()
        for d in range(8):
            hit = slide(inst, at, d)
            if hit is None:
                continue
            to, gems = hit
            if to not in index:
                index[to] = len(nodes)
                nodes.append(to)
                todo.append(to)
            g.tails.append(index[at])
            g.heads.append(index[to])
            g.dirs.append(d)
            g.gems.append(gems)
    return g


def clusters(g: MoveGraph) -> tuple[list[list[int]], list[Cell]]:
    """The slides collecting each gem, keeping only gems not implied by another gem (its
    slides a subset of ours); and the gems no slide collects."""
    by_gem: dict[Cell, set[int]] = {gem: set() for gem in g.all_gems}
    for e, gems in enumerate(g.gems):
        for gem in gems:
            by_gem[gem].add(e)
    missing = [gem for gem, es in by_gem.items() if not es]
    kept: list[frozenset[int]] = []
    for es in sorted({frozenset(es) for es in by_gem.values() if es}, key=len):
        if not any(k <= es for k in kept):
            kept.append(es)
    return [sorted(k) for k in kept], missing


# ---- a good walk fast: insertion and ruin-and-recreate ---------------------------------------

class Walks:
    """Walks as lists of slides; distances and shortest paths between nodes by BFS."""

    def __init__(self, g: MoveGraph, groups: list[list[int]]):
        self.g, self.groups = g, groups
        self.cover = [0] * len(g.tails)  # bit k: slide meets cluster k
        for k, es in enumerate(groups):
            for e in es:
                self.cover[e] |= 1 << k
        self.everything = (1 << len(groups)) - 1
        n = len(g.nodes)
        out = g.out()
        self.dist = [[math.inf] * n for _ in range(n)]
        self.via = [[-1] * n for _ in range(n)]  # last slide of a shortest path
        for s in range(n):
            dist, via = self.dist[s], self.via[s]
            dist[s] = 0
            queue = deque([s])
            while queue:
                u = queue.popleft()
                for e in out[u]:
                    v = g.heads[e]
                    if dist[v] == math.inf:
                        dist[v], via[v] = dist[u] + 1, e
                        queue.append(v)

    def path(self, a: int, b: int) -> list[int]:
        out = []
        while b != a:
            e = self.via[a][b]
            out.append(e)
            b = self.g.tails[e]
        return out[::-1]

    def nodes_of(self, walk: list[int]) -> list[int]:
        return [self.g.start] + [self.g.heads[e] for e in walk]

    def covered(self, walk: list[int]) -> int:
        got = 0
        for e in walk:
            got |= self.cover[e]
        return got

    def insert_missing(self, walk: list[int] | None, rng: random.Random) -> list[int] | None:
        """Cheapest insertion: add a detour (or a tail) for the cheapest missing cluster
        until every cluster is met. None when some cluster cannot be fitted in (one-way
        slides can make clusters exclude each other)."""
        if walk is None:
            return None
        g = self.g
        while True:
            missing = self.everything & ~self.covered(walk)
            if not missing:
                return walk
            ns = self.nodes_of(walk)
            best = None
            for k in range(len(self.groups)):
                if not missing >> k & 1:
                    continue
                for e in self.groups[k]:
                    a, b = g.tails[e], g.heads[e]
                    for p, n in enumerate(ns):
                        cost = self.dist[n][a] + 1 + (self.dist[b][n] if p < len(walk) else 0)
                        key = (cost, rng.random())
                        if cost < math.inf and (best is None or key < best[0]):
                            best = (key, p, e)
            if best is None:
                return None
            _, p, e = best
            n, a, b = ns[p], g.tails[e], g.heads[e]
            back = self.path(b, n) if p < len(walk) else []
            walk = walk[:p] + self.path(n, a) + [e] + back + walk[p:]

    def shorten(self, walk: list[int] | None) -> list[int] | None:
        """Replace the stretch i..j whose removal keeps every cluster met and saves the
        most by a shortest path (or drop the end of the walk), until none helps."""
        while walk is not None:
            ns = self.nodes_of(walk)
            count = [0] * len(self.groups)
            for e in walk:
                for k in _bits(self.cover[e]):
                    count[k] += 1
            best: tuple[float, int, int] = (0, 0, 0)  # (moves saved, i, j)
            n = len(walk)
            for i in range(n):
                left = count[:]
                for j in range(i + 1, n + 1):
                    if any(left[k] == 1 for k in _bits(self.cover[walk[j - 1]])):
                        break
                    for k in _bits(self.cover[walk[j - 1]]):
                        left[k] -= 1
                    gain = (j - i) - (0 if j == n else self.dist[ns[i]][ns[j]])
                    if gain > best[0]:
                        best = (gain, i, j)
            gain, i, j = best
            if gain <= 0:
                break
            walk = walk[:i] + ([] if j == n else self.path(ns[i], ns[j])) + walk[j:]
        return walk

    def ruin(self, walk: list[int], rng: random.Random) -> list[int]:
        """Cut out a random stretch, joining its ends by a shortest path."""
        n = len(walk)
        if n < 2:
            return walk
        ns = self.nodes_of(walk)
        i = rng.randrange(n)
        j = min(n, i + rng.randint(2, max(3, n // 4)))
        return walk[:i] + ([] if j == n else self.path(ns[i], ns[j])) + walk[j:]

    def improve(self, rng: random.Random, deadline: float | None, max_rounds: int,
                walk: list[int] | None = None, target: int = 0) -> list[int] | None:
        """Ruin and recreate from `walk` (or a fresh insertion walk) for `max_rounds` rounds
        (fewer if `deadline` comes first); keep the best. None if insertion found no walk."""
        current = self.shorten(self.insert_missing(walk or [], rng))
        if current is None:
            return None
        best = current
        for _ in range(max_rounds):
            if len(best) <= target or _past(deadline):
                break
            trial = self.shorten(self.insert_missing(self.ruin(current, rng), rng))
            if trial is None:
                continue
            if len(trial) <= len(current) or rng.random() < 0.02:
                current = trial
            if len(trial) < len(best):
                best = trial
        return best


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() > deadline


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# ---- bounds and proof: LP with max-flow cuts, CP-SAT relaxation, restricted exact model ----

@dataclass
class Exact:
    """What the bounding stage learnt: the best lower bound and any shorter walk found."""

    lower: int = 0
    walk: list[int] | None = None
    proven: bool = False
    cuts: int = 0
    rounds: int = 0
    status: str = "not run"


class Bounds:
    """The walk model: x_e >= 0 uses of slide e, end_v the node where the walk ends,
    flow balance out - in = [v is the start] - end_v, and cut rows sum(x over a set) >= 1
    (every cluster is one; more come from max-flow separation). Without connectivity this
    is a relaxation: its optimum is a lower bound on the fewest moves."""

    def __init__(self, g: MoveGraph, groups: list[list[int]], upper: int):
        self.g, self.groups, self.upper = g, groups, upper
        self.n, self.m = len(g.nodes), len(g.tails)
        self.ins: list[list[int]] = [[] for _ in range(self.n)]
        self.outs: list[list[int]] = [[] for _ in range(self.n)]
        for e in range(self.m):
            self.outs[g.tails[e]].append(e)
            self.ins[g.heads[e]].append(e)
        self.rows: list[list[int]] = [list(es) for es in groups]

    # -- LP (GLOP, through a model proto: fast to build) --
    def lp_bound(self) -> tuple[float, list[float]] | None:
        from ortools.linear_solver import linear_solver_pb2 as pb
        from ortools.linear_solver import pywraplp

        model = pb.MPModelProto()
        for _ in range(self.m):
            model.variable.add(lower_bound=0, upper_bound=self.upper, objective_coefficient=1)
        for _ in range(self.n):
            model.variable.add(lower_bound=0, upper_bound=1)

        def row(index: list[int], coef: list[float], lo: float, hi: float) -> None:
            r = model.constraint.add(lower_bound=lo, upper_bound=hi)
            r.var_index.extend(index)
            r.coefficient.extend(coef)

        row(list(range(self.m, self.m + self.n)), [1.0] * self.n, 1, 1)
        for v in range(self.n):
            rhs = 1 if v == self.g.start else 0
            row(self.outs[v] + self.ins[v] + [self.m + v],
                [1.0] * len(self.outs[v]) + [-1.0] * len(self.ins[v]) + [1.0], rhs, rhs)
        for cut in self.rows:
            row(cut, [1.0] * len(cut), 1, math.inf)
        request = pb.MPModelRequest(solver_type=pb.MPModelRequest.GLOP_LINEAR_PROGRAMMING)
        request.model.CopyFrom(model)
        response = pb.MPSolutionResponse()
        pywraplp.Solver.SolveWithProto(request, response)
        if response.status != pb.MPSOLVER_OPTIMAL:
            return None
        return response.objective_value, list(response.variable_value[:self.m])

    def fractional_cuts(self, xs: list[float]) -> list[list[int]]:
        """For each cluster, the cheapest node set S (start outside) separating it by a
        max-flow; a cut when x(into S) + x(cluster slides ending outside S) < 1."""
        from ortools.graph.python import max_flow

        scale = 10**6
        sink = self.n
        flow = max_flow.SimpleMaxFlow()
        caps = [int(round(v * scale)) for v in xs]
        for e in range(self.m):
            flow.add_arc_with_capacity(self.g.tails[e], self.g.heads[e], caps[e])
        to_sink = [flow.add_arc_with_capacity(self.g.heads[e], sink, 0) for e in range(self.m)]
        out = []
        for es in self.groups:
            for e in es:
                flow.set_arc_capacity(to_sink[e], caps[e])
            if flow.solve(self.g.start, sink) == flow.OPTIMAL and flow.optimal_flow() < scale * 0.999:
                inside = set(flow.get_sink_side_min_cut()) - {sink}
                out.append(self._cut(inside, es))
            for e in es:
                flow.set_arc_capacity(to_sink[e], 0)
        return out

    def _cut(self, inside: set[int], es: list[int]) -> list[int]:
        g = self.g
        entering = [e for e in range(self.m) if g.heads[e] in inside and g.tails[e] not in inside]
        return entering + [e for e in es if g.heads[e] not in inside]

    def reached(self, xs: list[int]) -> set[int]:
        g = self.g
        seen, todo = {g.start}, [g.start]
        while todo:
            u = todo.pop()
            for e in self.outs[u]:
                if xs[e] > 0 and g.heads[e] not in seen:
                    seen.add(g.heads[e])
                    todo.append(g.heads[e])
        return seen

    def integer_cuts(self, xs: list[int]) -> list[list[int]]:
        """Clusters met only by slides the start cannot reach along the used slides."""
        seen = self.reached(xs)
        outside = set(range(self.n)) - seen
        return [self._cut(outside, es) for es in self.groups
                if not any(xs[e] > 0 and self.g.tails[e] in seen for e in es)]

    # -- CP-SAT: the relaxation, or the exact model on a subset of nodes --
    def cpsat(self, seconds: float | None, work: float, at_least: int, hint: list[int],
              nodes: set[int] | None = None):
        """Minimise the walk length within `work` (CP-SAT's deterministic time) and `seconds`
        (None: no time limit). With `nodes`, only slides among those nodes are used and a
        flow from the start keeps the used slides connected: every answer is a real walk.
        Returns (status, objective, bound, uses per slide)."""
        from ortools.sat.python import cp_model

        g = self.g
        slides = range(self.m) if nodes is None else [
            e for e in range(self.m) if g.tails[e] in nodes and g.heads[e] in nodes]
        m = cp_model.CpModel()
        x = {e: m.new_int_var(0, self.upper, f"x{e}") for e in slides}
        end = [m.new_bool_var(f"end{v}") for v in range(self.n)]
        m.add_exactly_one(end)
        for v in range(self.n):
            out = [x[e] for e in self.outs[v] if e in x]
            inn = [x[e] for e in self.ins[v] if e in x]
            m.add(sum(out) - sum(inn) == (1 if v == g.start else 0) - end[v])
        for cut in self.rows:
            terms = [x[e] for e in cut if e in x]
            if not terms:
                return "INFEASIBLE", None, None, None
            m.add(cp_model.LinearExpr.sum(terms) >= 1)
        total = cp_model.LinearExpr.sum(list(x.values()))
        m.add(total >= at_least)
        m.add(total <= self.upper)
        if nodes is not None:
            self._connect(m, x, nodes)
        for e, var in x.items():
            m.add_hint(var, hint[e])
        m.minimize(total)
        solver = cp_model.CpSolver()
        solver.parameters.max_deterministic_time = work
        if seconds is not None:
            solver.parameters.max_time_in_seconds = max(seconds, 0.01)
        solver.parameters.num_workers = 2
        solver.parameters.random_seed = 1
        status = solver.solve(m)
        name = solver.status_name(status)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return name, None, solver.best_objective_bound, None
        xs = [solver.value(x[e]) if e in x else 0 for e in range(self.m)]
        return name, round(solver.objective_value), solver.best_objective_bound, xs

    def _connect(self, m, x: dict, nodes: set[int]) -> None:
        """A single-commodity flow from the start reaches every node a used slide leaves."""
        g, n = self.g, len(nodes)
        seen = {v: m.new_bool_var(f"seen{v}") for v in nodes if v != g.start}
        f = {e: m.new_int_var(0, n, f"f{e}") for e in x}
        for e, var in x.items():
            if g.tails[e] != g.start:
                m.add(var <= self.upper * seen[g.tails[e]])
            m.add(f[e] <= n * var)
        for v, flag in seen.items():
            inflow = sum(f[e] for e in self.ins[v] if e in f)
            m.add(inflow - sum(f[e] for e in self.outs[v] if e in f) == flag)

    def walk(self, xs: list[int]) -> list[int]:
        """An Euler trail from the start over the used slides (Hierholzer)."""
        left = {v: [e for e in self.outs[v] for _ in range(xs[e])] for v in range(self.n)}
        stack, trail = [(self.g.start, -1)], []
        while stack:
            v, e = stack[-1]
            if left[v]:
                nxt = left[v].pop()
                stack.append((self.g.heads[nxt], nxt))
            else:
                stack.pop()
                if e >= 0:
                    trail.append(e)
        return trail[::-1]


def exact(walks: Walks, best: list[int], deadline: float | None) -> Exact:
    """Raise the lower bound and look for shorter walks until they meet, the work bounds
    are spent or the `deadline` (None: none) comes.

    1. LP rounds with max-flow cuts (fast, usually within a few moves of the optimum);
    2. the relaxation as an integer program (CP-SAT): its optimum is a lower bound, and if
       its slides are connected they are an optimal walk; otherwise cuts are added;
    3. when they are not connected, local search from them (often a walk meeting the bound
       at once), then the exact model (with connectivity) on the nodes that the
       relaxation's solutions and the best walk visit: small, so it solves fast, and any
       answer is a real walk."""
    g, groups = walks.g, walks.groups
    result = Exact()
    b = Bounds(g, groups, len(best))
    left = lambda: None if deadline is None else deadline - time.perf_counter()  # noqa: E731
    lp_until = None if deadline is None else time.perf_counter() + 0.3 * (deadline - time.perf_counter())
    history: list[float] = []
    for _ in range(LP_ROUNDS):
        if _past(lp_until):
            break
        lp = b.lp_bound()
        if lp is None:
            break
        result.lower = max(result.lower, math.ceil(lp[0] - 1e-6))
        result.rounds += 1
        history.append(lp[0])
        new = b.fractional_cuts(lp[1])
        if not new or result.lower >= len(best):
            break
        if len(history) > 30 and history[-1] - history[-11] < 0.2:
            break  # tailing off: leave the rest to the integer stage
        b.rows.extend(new)
    nodes = set(walks.nodes_of(best))
    result.status = "work limit"
    for _ in range(EXACT_ROUNDS):
        if result.lower >= len(best):
            break
        if _past(deadline):
            result.status = "time limit"
            break
        hint = _uses(best, b.m)
        status, value, bound, xs = b.cpsat(left(), CPSAT_WORK, result.lower, hint)
        result.rounds += 1
        if status == "INFEASIBLE":  # the relaxation has nothing shorter than `best`
            result.lower = len(best)
            break
        if bound is not None and status != "UNKNOWN":
            result.lower = max(result.lower, math.ceil(bound - 1e-6))
        if xs is None or status != "OPTIMAL":
            result.status = "relaxation stopped"
            break
        new = b.integer_cuts(xs)
        if not new:  # connected: an optimal walk
            best = _better(walks, best, b.walk(xs))
            break
        # Not connected: the part the start reaches, with the clusters it misses put back by
        # local search, is often a walk as short as the bound (and then the proof is done).
        repaired = walks.improve(random.Random(result.rounds), deadline, REPAIR_ROUNDS, b.walk(xs), result.lower)
        best = _better(walks, best, repaired or best)
        if result.lower >= len(best):
            break
        b.upper, hint = len(best), _uses(best, b.m)
        b.rows.extend(new + b.fractional_cuts([float(v) for v in xs]))
        nodes |= set(walks.nodes_of(best))
        nodes |= {g.tails[e] for e in range(b.m) if xs[e]} | {g.heads[e] for e in range(b.m) if xs[e]}
        status, value, bound, xs = b.cpsat(left(), RESTRICTED_WORK, result.lower, hint, nodes)
        if xs is not None:
            best = _better(walks, best, b.walk(xs))
            b.upper = len(best)
    result.walk = best
    result.proven = result.lower >= len(best)
    result.status = "optimal" if result.proven else result.status
    result.cuts = len(b.rows) - len(groups)
    return result


def _uses(walk: list[int], m: int) -> list[int]:
    count = [0] * m
    for e in walk:
        count[e] += 1
    return count


def _better(walks: Walks, best: list[int], walk: list[int]) -> list[int]:
    """`walk` if it is a shorter walk collecting everything (checked, not trusted)."""
    ok = walks.covered(walk) == walks.everything and all(
        walks.g.tails[e] == v for e, v in zip(walk, walks.nodes_of(walk)))
    return walk if ok and len(walk) < len(best) else best


# ---- answers ------------------------------------------------------------------------------------

@dataclass
class Route:
    """The best walk found (`moves`, direction numbers; None if there is none), whether it
    is proven optimal, the best lower bound on the fewest moves, and what it cost."""

    moves: list[int] | None
    proven: bool
    lower: int
    stats: dict = field(default_factory=dict)
    problem: str = ""  # why there is no walk

    @property
    def solved(self) -> bool:
        return self.moves is not None


def shortest_route(inst: Instance, time_limit: float | None = 30.0, seed: int = 0,
                   prove: bool = True) -> Route:
    """The fewest moves collecting every gem (proven optimal when `proven`). Each stage is
    bounded by work (WALK_ROUNDS ... LOCAL_ROUNDS); `time_limit` seconds, if given, can
    stop it sooner. Without one, a slow or busy machine gets as far as a fast one."""
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit

    def by(share: float) -> float | None:  # the deadline of a stage that gets `share` of the time
        return None if time_limit is None else t0 + share * time_limit

    g = move_graph(inst)
    groups, missing = clusters(g)
    stats: dict[str, Any] = {"nodes": len(g.nodes), "slides": len(g.tails), "gems": len(g.all_gems),
             "clusters": len(groups)}
    if missing:
        where = ", ".join(f"r{r + 1}c{c + 1}" for r, c in missing)
        return Route(None, True, 0, stats, f"no move sequence collects the gem(s) at {where}")
    if not groups:
        return Route([], True, 0, stats)
    rng = random.Random(seed)
    walks = Walks(g, groups)
    walk = walks.improve(rng, by(0.25), WALK_ROUNDS)
    if walk is None:  # insertion got stuck: ask the exact model whether any walk exists
        b = Bounds(g, groups, len(groups) * len(g.nodes))
        seconds = None if deadline is None else deadline - time.perf_counter()
        status, _, _, xs = b.cpsat(seconds, CPSAT_WORK, 0, [0] * b.m, set(range(b.n)))
        if xs is None:
            stats["seconds"] = round(time.perf_counter() - t0, 3)
            if status == "INFEASIBLE":
                return Route(None, True, 0, stats, "the gems cannot all be collected in one game "
                                                   "(collecting some leads where others are out of reach)")
            return Route(None, False, 0, stats, "no walk found within the time or work limit")
        walk = b.walk(xs)
    stats["heuristic"] = len(walk)
    # The bounding stage gets most of the time; if it cannot prove optimality, local
    # search uses the rest (it has the better odds of shortening the walk by then).
    result = exact(walks, walk, by(0.75)) if prove else Exact()
    if result.walk is not None and len(result.walk) < len(walk):
        walk = result.walk
    proven = result.proven or result.lower >= len(walk)
    if not proven:  # use what work (and time) is left to look for a shorter walk
        walk = walks.improve(rng, deadline, LOCAL_ROUNDS, walk, target=result.lower) or walk
        proven = result.lower >= len(walk)
    stats.update({"lower_bound": result.lower, "cuts": result.cuts, "rounds": result.rounds,
                  "exact": result.status, "seconds": round(time.perf_counter() - t0, 3)})
    return Route([g.dirs[e] for e in walk], proven, max(result.lower, 0), stats)


class Inertia(MovePuzzle[InertiaParams, Cell, list[int]]):
    name = "inertia"
    title = "Inertia: fewest moves collecting every gem"
    rules_text = "Roll the ball (it slides until a wall or a stop halts it, and dies on a mine) to collect every gem."
    codecs = (GridText(solutions=False, limit=EARLY), TathamCodec(),
              GridArray(solutions=False, limit=EARLY, call="np.array", empty="empty board", first_row=True), MOVES_JSON)
    tatham_game: ClassVar[str | None] = "inertia"  # the game in Simon Tatham's collection
    size = SIZE
    example = "S.g\n.w.\ng.s"

    # ---- reading ------------------------------------------------------------------------
    def from_tatham(self, game: GameId) -> Instance:
        w, h = tatham_size(game.head, "", f"bad Inertia parameters {quote(game.head)} (want WxH)",
                           game.line, game.column, EARLY)
        if w < 1 or h < 1:
            raise PuzzleError("width and height must be positive", game.line, game.column)
        desc = game.desc
        if len(desc) != w * h:
            raise PuzzleError(f"game description has {len(desc)} cells, expected {w}x{h} = {w * h}", game.line)
        for i, ch in enumerate(desc):
            if ch not in "bgmswS":
                raise PuzzleError(f"bad cell {quote(ch)} in game description", *game.at(i))
        return self.from_cells([[Token(desc[r * w + c], *game.at(r * w + c)) for c in range(w)] for r in range(h)])

    @staticmethod
    def array_cell(e: Element, r: int, c: int) -> str:
        """Seed 000's cell as the text form's letter."""
        if not isinstance(e.value, str) or e.value not in SEED_CHARS:
            raise PuzzleError(f"bad cell {quote(e.value)} in row {r + 1}, column {c + 1} (use ' ' G M O W B)",
                              e.line, e.column)
        return SEED_CHARS[e.value]

    def from_json(self, text: str) -> Instance:
        """`rows`: strings of . g m s w S, as the text form's lines."""
        doc = JsonObject(text, self.name, ("rows",), self.aliases)
        return self.read("\n".join(string_rows(doc, "rows", "strings of . g m s w S, one a row", EARLY)), "text")

    def from_cells(self, grid: Sequence[Sequence[Token]]) -> Instance:
        """The board from rows of the text form's letters, each with where it stands."""
        for row in grid:
            for t in row:
                if t.text not in TEXT_CHARS:
                    raise PuzzleError(f"bad cell {quote(t.text)} (use . g m s w S)", t.line, t.column)
        if not grid or not grid[0]:
            raise PuzzleError("empty board")
        width = len(grid[0])
        EARLY(width, len(grid), grid[0][0].line)  # before the cells say what is wrong with them
        for row in grid:
            if len(row) != width:
                raise PuzzleError(f"row has {len(row)} cells, expected {width}", row[0].line if row else None)
        clues, starts = {}, []
        for r, row in enumerate(grid):
            for c, t in enumerate(row):
                if TEXT_CHARS[t.text] != BLANK:
                    clues[(r, c)] = TEXT_CHARS[t.text]
                if t.text == START:
                    starts.append((t.line, t.column))
        if len(starts) != 1:
            where = starts[1] if starts else (grid[-1][0].line, None)
            raise PuzzleError(f"need exactly one start (ball), found {len(starts)}", *where)
        return Instance(self.name, InertiaParams(width, len(grid)), clues)

    # ---- writing ------------------------------------------------------------------------
    def rows(self, inst: Instance) -> list[str]:
        w, h = inst.params.width, inst.params.height
        return ["".join(inst.clues.get((r, c), BLANK) for c in range(w)) for r in range(h)]

    def cells(self, inst: Instance) -> list[str]:
        return [row.replace(BLANK, ".") for row in self.rows(inst)]

    def tatham_id(self, inst: Instance) -> str:
        w, h = inst.params.width, inst.params.height
        if w < 2 or h < 2 or w * h < 6:  # Tatham's validate_params and validate_desc
            raise PuzzleError("Tatham's Inertia needs a board at least 2x2 with six cells or more")
        if GEM not in inst.clues.values():
            raise PuzzleError("Tatham's Inertia needs at least one gem")
        return f"{w}x{h}:" + "".join(self.rows(inst))

    def array_board(self, inst: Instance) -> list[list[str]]:
        back = {v: k for k, v in SEED_CHARS.items()}
        return [[back[ch] for ch in row] for row in self.rows(inst)]

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        return {"rows": self.cells(inst)}

    # ---- solving --------------------------------------------------------------------------
    def answer(self, inst: Instance, time_limit: float | None = None, seed: int = 0, prove: bool = True) -> Answer:
        """The fewest moves: a search bounded by work, and by `time_limit` seconds if given
        (None: none, and a slow or busy machine gets as far as a fast one)."""
        route = shortest_route(inst, time_limit, seed, prove)
        moves = route.moves or []
        data = {"solved": route.solved, "moves": [DIRECTIONS[d][0] for d in moves],
                "count": len(moves) if route.solved else None,
                "proven_optimal": route.solved and route.proven,
                "impossible": not route.solved and route.proven,
                "lower_bound": route.lower, "stats": route.stats}
        if not route.solved:
            verdict = "impossible" if route.proven else "unknown"
            return Answer(f"{verdict}: {route.problem}", data, exit_code=1)
        verdict = ("proven optimal" if route.proven
                   else f"not proven optimal; at least {route.lower} moves are needed")
        head = f"{len(moves)} moves ({verdict})\n"
        return Answer(head + self.format_solution(inst, moves), data)

    def format_solution(self, inst: Instance, solution: list[int], fmt: str = "text") -> str:
        arrows = [DIRECTIONS[d][1] for d in solution]
        return "\n".join(" ".join(arrows[i:i + 10]) for i in range(0, len(arrows), 10))

    def verify(self, inst: Instance, solution: list[int]) -> list[str]:
        """Roll the ball cell by cell (plain simulation, not the move graph): no mine, no
        empty move, every gem collected."""
        w, h = inst.params.width, inst.params.height
        at, got = start_cell(inst), set()
        for n, d in enumerate(solution, start=1):
            _, _, dr, dc = DIRECTIONS[d]
            r, c = at
            moved = False
            while 0 <= r + dr < h and 0 <= c + dc < w and inst.clues.get((r + dr, c + dc)) != WALL:
                r, c, moved = r + dr, c + dc, True
                ch = inst.clues.get((r, c))
                if ch == MINE:
                    return [f"move {n} runs into the mine at r{r + 1}c{c + 1}"]
                if ch == GEM:
                    got.add((r, c))
                if ch in (STOP, START):
                    break
            if not moved:
                return [f"move {n} ({DIRECTIONS[d][0]}) does not move the ball"]
            at = (r, c)
        left = [rc for rc, ch in inst.clues.items() if ch == GEM and rc not in got]
        return [f"{len(left)} gems left, e.g. r{left[0][0] + 1}c{left[0][1] + 1}"] if left else []

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, north at the top: `S` the ball's start (it halts there too, as on a stop), "
                    "`g` a gem, `m` a mine, `w` a wall, `s` a stop (the ball halts on it), `.` an empty cell; outside "
                    "the board is wall, and a diagonal roll passes between two walls that touch at their corners")
    answer_format = ("the fewest moves, in order, separated by spaces, each the compass direction the ball rolls: "
                     "N, NE, E, SE, S, SW, W or NW (N is up the board, E to the right); `none` if there is no gem")
    fewest_moves = True

    def reference_solution(self, inst: Instance) -> list[int]:
        found = self.answer(inst)
        if not found.data["solved"]:
            raise PuzzleError("no move sequence collects every gem")
        names = [d[0] for d in DIRECTIONS]
        return [names.index(name) for name in found.data["moves"]]

    def answer_text(self, inst: Instance, solution: list[int]) -> str:
        return moves_text([" ".join(DIRECTIONS[d][0] for d in solution)] if solution else [])

    def read_answer(self, inst: Instance, text: str) -> list[int]:
        """Directions as numbers (0 north, clockwise); `NE`, `north-east`, `up-right`, `UR`
        and `↗` are the same move."""
        names = [d[0] for d in DIRECTIONS]
        return [names.index("".join(WORDS.get(g.lower(), g.upper()) for g in m.groups() if g))
                for m in read_moves(text, MOVE, "direction like N or SE")]

    # ---- pictures -----------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: dict | None = None) -> None:
        """As Tatham's Inertia: walls dark, gems blue diamonds, mines spiked balls, stops
        rings, the ball a large grey disc. `solution` is `answer`'s data: the route as one
        line through the cells the ball rolls over, blue at the start to red at the end,
        a few numbered waypoints on it (where the ball is after move 10, 20, ...), and the
        moves as arrows in numbered lines beside the board, readable in print."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for (r, c), ch in inst.clues.items():
            if ch == WALL:
                board.shade(r, c, "0.3")
            elif ch == GEM:
                board.symbol(r, c, "diamond", 0.62, colour="#2aa7e0")
            elif ch == MINE:
                board.symbol(r, c, "mine", 0.62)
            elif ch == STOP:
                board.symbol(r, c, "ring", 0.62, colour="0.3")
            elif ch == START:
                board.circle(r, c, 0.36, face="0.8", edge="black", ring=0.06)
        board.grid()
        if solution is None:
            return
        stops = route_stops(inst, solution.get("moves") or [])
        moves = len(stops) - 1
        arrows = [DIRECTIONS[NAMES.index(m)][1] for m in (solution.get("moves") or [])[:moves]]
        layout = text_beside(ax, move_choices(arrows, bold=True))
        draw_route(board, stops)
        draw_waypoints(board, stops, waypoint_step(moves), max(0.8 * layout.size, 0.35))


NAMES = [d[0] for d in DIRECTIONS]
ROUTE = ("#1f4fd0", "#8e2cc0", "#d02020")  # the route's colour from its first move to its last
MOST_WAYPOINTS = 8


def route_stops(inst: Instance, moves: list[str]) -> list[Cell]:
    """The cells the ball stops on: the start, then after each move (up to the first move
    that is no move or loses the ball)."""
    stops = [start_cell(inst)]
    for name in moves:
        went = slide(inst, stops[-1], NAMES.index(name)) if name in NAMES else None
        if went is None:
            break
        stops.append(went[0])
    return stops


def waypoint_step(moves: int) -> int:
    """Moves between numbered waypoints: a round number, at most `MOST_WAYPOINTS` of them."""
    return next(step for k in range(8) for step in (5 * 10 ** k, 10 ** (k + 1), 2 * 10 ** (k + 1),
                                                       25 * 10 ** k) if moves <= MOST_WAYPOINTS * step)


def draw_route(board, stops: list[Cell]) -> None:
    """One straight line a move (a slide goes straight), coloured along the route."""
    from matplotlib.colors import LinearSegmentedColormap

    from ..lab.toolkit.draw import Z_ARROW

    cmap = LinearSegmentedColormap.from_list("route", ROUTE)
    last = max(1, len(stops) - 2)
    for k in range(len(stops) - 1):
        board.line([stops[k], stops[k + 1]], cmap(k / last), width=0.13, zorder=Z_ARROW, alpha=0.85)


def draw_waypoints(board, stops: list[Cell], step: int, size: float) -> None:
    """A disc where the ball is after every `step` moves and after the last, numbered (one
    disc for the moves that end on the same cell: "10, 40"), the text `size` cells."""
    from matplotlib.patches import Circle

    from ..lab.toolkit.draw import Z_ARROW, write

    moves = len(stops) - 1
    at: dict[Cell, list[int]] = {}
    for k in sorted({*range(step, moves + 1, step), moves} - {0}):
        at.setdefault(stops[k], []).append(k)
    for cell, ks in at.items():
        text = ", ".join(map(str, ks))
        x, y = board.centre(*cell)
        radius = max(0.62 * size, 0.5 * ems(text) * size + 0.18 * size)
        board.ax.add_artist(Circle((x, y), radius, facecolor="white", edgecolor="black", lw=1.0,
                                   zorder=Z_ARROW + 0.1))
        write(board.ax, x, y, text, size, zorder=Z_ARROW + 0.2)


PUZZLE = Inertia()
