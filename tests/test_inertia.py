"""Inertia: the seed-000 board, an independent BFS on tiny boards, impossible boards,
text forms and bad input."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import pytest

import puzzlelab.solvers.inertia
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.solvers.inertia import DIRECTIONS, PUZZLE, InertiaParams, move_graph

SEED_BOARD = (Path(__file__).parent / "data" / "inertia" / "seed000.txt").read_text()
# The seed's own 106-move answer (its arrows, as compass names).
SEED_MOVES = """
NE NW NW SW SW NW NW SW E SE SW E NW E SW S E SE NE S SE E SE S NE S N E NE NW N NE N NE E
S W SW NW NE S SW SW N W SE SW S E SE SE SW NW SW NE SE NE SE N SE NW N NE E E SE E SE NE
N W N NW NW NE E SE S NW W NW S W S S N NW E NE NE SE SE SW SE S NE NW SE SW W SE NW NE N
NE E""".split()
NAMES = [d[0] for d in DIRECTIONS]


def moves(names: list[str]) -> list[int]:
    return [NAMES.index(n) for n in names]


def test_seed_board_is_solved_optimally():
    inst = PUZZLE.parse(SEED_BOARD)
    assert (inst.params.width, inst.params.height) == (20, 16)
    assert len(SEED_MOVES) == 106 and PUZZLE.verify(inst, moves(SEED_MOVES)) == []
    ans = PUZZLE.answer(inst)  # no time limit: bounded by work alone, so a busy machine is only slower
    assert ans.data["solved"] and ans.data["count"] <= 106
    assert PUZZLE.verify(inst, moves(ans.data["moves"])) == []
    # 76 moves, proven: 30 fewer than the seed's walk (about 1.2 s of CPU).
    assert ans.data["proven_optimal"] and ans.data["count"] == 76 == ans.data["lower_bound"]
    assert ans.text.startswith("76 moves (proven optimal)")  # speed: scripts/bench_moves.py


def test_heuristic_alone_beats_the_seed(monkeypatch):
    monkeypatch.setattr(puzzlelab.solvers.inertia, "LOCAL_ROUNDS", 0)  # just the first walk's rounds
    inst = PUZZLE.parse(SEED_BOARD)
    ans = PUZZLE.answer(inst, prove=False)
    assert ans.data["count"] < 106 and not ans.data["proven_optimal"]
    assert PUZZLE.verify(inst, moves(ans.data["moves"])) == []


def test_a_spent_time_limit_still_gives_a_walk():
    """A time limit cuts the search short (a slower machine only cuts it shorter): the
    answer is still a valid walk, not claimed optimal, with a bound it respects."""
    inst = PUZZLE.parse(SEED_BOARD)
    ans = PUZZLE.answer(inst, time_limit=1e-6)
    assert ans.data["solved"] and PUZZLE.verify(inst, moves(ans.data["moves"])) == []
    assert not ans.data["proven_optimal"] and ans.data["stats"]["exact"] == "time limit"
    assert ans.data["lower_bound"] < ans.data["count"]
    assert "not proven optimal" in ans.text.splitlines()[0]


# ---- an independent brute force: BFS over (ball cell, gems collected) ----------------------

STEPS = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]


def brute(rows: list[str]) -> int | None:
    h, w = len(rows), len(rows[0])
    start = next((r, c) for r in range(h) for c in range(w) if rows[r][c] == "S")
    gems = [(r, c) for r in range(h) for c in range(w) if rows[r][c] == "g"]
    bit = {g: 1 << i for i, g in enumerate(gems)}
    full = (1 << len(gems)) - 1
    dist = {(start, 0): 0}
    queue = deque([(start, 0)])
    while queue:
        state = queue.popleft()
        (r, c), got = state
        if got == full:
            return dist[state]
        for dr, dc in STEPS:
            y, x, g, dead, moved = r, c, got, False, False
            while 0 <= y + dr < h and 0 <= x + dc < w and rows[y + dr][x + dc] != "w":
                y, x, moved = y + dr, x + dc, True
                ch = rows[y][x]
                if ch == "m":
                    dead = True
                    break
                if ch == "g":
                    g |= bit[(y, x)]
                if ch in "sS":
                    break
            if not dead and moved and ((y, x), g) not in dist:
                dist[((y, x), g)] = dist[state] + 1
                queue.append(((y, x), g))
    return None


def random_rows(rng: random.Random, w: int, h: int) -> list[str]:
    cells = (["w"] * rng.randint(1, w * h // 5) + ["s"] * rng.randint(1, w * h // 4)
             + ["m"] * rng.randint(0, w * h // 6) + ["g"] * rng.randint(1, 6) + ["S"])[-w * h:]
    cells += ["b"] * (w * h - len(cells))
    rng.shuffle(cells)
    return ["".join(cells[r * w:(r + 1) * w]) for r in range(h)]


def test_fewest_moves_match_brute_force():
    rng = random.Random(1)
    kinds = {"solved": 0, "impossible": 0}
    for _ in range(100):
        w, h = rng.randint(4, 7), rng.randint(3, 6)
        rows = random_rows(rng, w, h)
        inst = PUZZLE.parse(f"{w}x{h}:" + "".join(rows))
        want = brute(rows)
        ans = PUZZLE.answer(inst)
        if want is None:
            kinds["impossible"] += 1
            assert not ans.data["solved"] and ans.data["impossible"], rows
        else:
            kinds["solved"] += 1
            assert ans.data["proven_optimal"] and ans.data["count"] == want, rows
            assert PUZZLE.verify(inst, moves(ans.data["moves"])) == []
    assert kinds["impossible"] >= 3 and kinds["solved"] >= 80


def test_impossible_boards():
    unreachable = PUZZLE.answer(PUZZLE.parse("S.w.g\n..w..\nwwwww"))
    assert not unreachable.data["solved"] and unreachable.text.startswith("impossible")
    assert "r1c5" in unreachable.text
    # Each gem can be collected, but not all in one game: brute force agrees.
    rows = ["gwgbb", "bbggb", "mSmbs"]
    assert brute(rows) is None
    both = PUZZLE.answer(PUZZLE.parse("\n".join(rows)))
    assert both.data["impossible"] and "one game" in both.text
    nothing = PUZZLE.answer(PUZZLE.parse("S.\n.."))
    assert nothing.data["solved"] and nothing.data["count"] == 0 and nothing.data["proven_optimal"]


def test_formats_round_trip():
    seed = PUZZLE.parse(SEED_BOARD)
    tatham = PUZZLE.format(seed, "tatham")
    assert tatham.startswith("20x16:") and len(tatham) == 6 + 320
    rng = random.Random(4)
    for inst in [seed] + [PUZZLE.parse("\n".join(random_rows(rng, 6, 5))) for _ in range(10)]:
        for fmt in PUZZLE.formats:
            assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst, fmt
            assert PUZZLE.parse(PUZZLE.format(inst, fmt), fmt) == inst, fmt
    assert PUZZLE.parse("3x2:Sgbmsw") == PUZZLE.parse("Sg.\nmsw")
    assert PUZZLE.parse("2:Sgmw") == PUZZLE.parse("Sg\nmw")  # Tatham: '2' means 2x2


@pytest.mark.parametrize("text, line, column", [
    ("S..\n.x.", 2, 2),
    ("S..\n...\n.S.", 3, 2),
    ("...\n.g.", 2, None),
    ("S..\n..", 2, None),
    ("3x2:Sgbms", 1, None),
    ("3x2:SgbmsQ", 1, 10),
    ("board = np.array([\n  ['B', ' '],\n  ['G', 'X'],\n])", 3, None),
    ('{"rows": ["S.", 7]}', 1, None),
])
def test_bad_input(text, line, column):
    with pytest.raises(PuzzleError) as err:
        PUZZLE.parse(text)
    assert err.value.line == line
    if column is not None:
        assert err.value.column == column


def test_verify_catches_bad_walks():
    inst = PUZZLE.parse("S.g\nm..\n...")
    east, south = NAMES.index("E"), NAMES.index("S")
    assert PUZZLE.verify(inst, [east]) == []
    assert "mine" in PUZZLE.verify(inst, [south])[0]
    assert "does not move" in PUZZLE.verify(inst, [east, east])[0]
    assert "gems left" in PUZZLE.verify(inst, [])[0]


def tatham_board(rng: random.Random, w: int, h: int) -> Instance:
    """Like Tatham's generator: w*h/5 walls, stops and mines and a start, then w*h/5 gems on
    cells that some slide from and back to the start's region passes."""
    while True:
        cells = ["w", "s", "m"] * (w * h // 5) + ["S"]
        cells += ["b"] * (w * h - len(cells))
        rng.shuffle(cells)
        clues = {(i // w, i % w): ch for i, ch in enumerate(cells) if ch != "b"}
        g = move_graph(Instance("inertia", InertiaParams(w, h), clues))
        back, grew = {0}, True
        while grew:
            grew = False
            for a, b in zip(g.tails, g.heads):
                if b in back and a not in back:
                    back.add(a)
                    grew = True
        passed = set()
        for a, b, d in zip(g.tails, g.heads, g.dirs):
            if a in back and b in back:
                (r, c), (_, _, dr, dc) = g.nodes[a], DIRECTIONS[d]
                while (r, c) != g.nodes[b]:
                    r, c = r + dr, c + dc
                    if (r, c) not in clues:
                        passed.add((r, c))
        if len(passed) >= w * h // 5:
            for rc in rng.sample(sorted(passed), w * h // 5):
                clues[rc] = "g"
            return Instance("inertia", InertiaParams(w, h), clues)


def test_tatham_style_board_small():
    inst = tatham_board(random.Random(6), 10, 8)
    ans = PUZZLE.answer(inst)
    assert ans.data["solved"] and PUZZLE.verify(inst, moves(ans.data["moves"])) == []
    assert ans.data["lower_bound"] <= ans.data["count"]


@pytest.mark.slow
def test_tatham_sized_boards():
    """20x16 boards like the web player's largest preset: valid walks, never below the bound."""
    rng = random.Random(5)
    proven = 0
    for _ in range(4):
        inst = tatham_board(rng, 20, 16)
        ans = PUZZLE.answer(inst)
        assert ans.data["solved"] and PUZZLE.verify(inst, moves(ans.data["moves"])) == []
        assert ans.data["lower_bound"] <= ans.data["count"]
        proven += ans.data["proven_optimal"]
    assert proven >= 2


# ---- answers for language models -----------------------------------------------------------
def test_a_messy_answer_is_read_and_a_longer_one_scores_less():
    from puzzlelab.lab.toolkit.answers import score_text

    inst = PUZZLE.parse(PUZZLE.example)  # S.g / .w. / g.s: east, south, west
    best = PUZZLE.reference_solution(inst)
    assert PUZZLE.answer_text(inst, best) == "E S W"
    for messy in ("I'll roll:\n```\n1. east\n2. South\n3. west\n```", "<answer>→, ↓, ←</answer>",
                  "Answer: right down left", "e,s,w", "**E** - **S** - **W**"):
        assert PUZZLE.read_answer(inst, messy) == best, messy
    names = [d[0] for d in DIRECTIONS]
    assert PUZZLE.read_answer(inst, "NE north-east up-right UR ↗ northeast SW dl") == [1] * 6 + [5] * 2
    assert [names[d] for d in PUZZLE.read_answer(inst, "N E S W")] == ["N", "E", "S", "W"]  # never one diagonal
    assert score_text(PUZZLE, inst, "E S N S W", best).score == 0.6  # valid, two moves too many
    assert score_text(PUZZLE, inst, "E S", best).score == 0.0
    with pytest.raises(PuzzleError, match="no direction"):
        PUZZLE.read_answer(inst, "The ball rolls to every gem.")


# ---- the picture --------------------------------------------------------------------------------------
def test_the_picture_draws_the_route_as_a_path_and_the_moves_readable(monkeypatch):
    """The seed's 106 moves: one straight line a move (no arrows piled up with 5 px labels),
    a few numbered waypoints, and the moves as arrows, in order, at 9 pt or more as
    `render` prints them."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Polygon
    from pictures import drawn

    from puzzlelab.lab.toolkit.draw import Z_ARROW
    from puzzlelab.solvers.inertia import MOST_WAYPOINTS

    inst = PUZZLE.parse(SEED_BOARD)
    written = drawn(monkeypatch, PUZZLE, inst, {"solved": True, "moves": SEED_MOVES})
    solution_ax = written[-1].ax
    arrows = {d[1] for d in DIRECTIONS}
    listed = [w for w in written if w.ax is solution_ax and set(w.text) & arrows]
    assert " ".join(w.text for w in listed).split() == [DIRECTIONS[d][1] for d in moves(SEED_MOVES)]
    assert min(w.points for w in listed) >= 9.0
    route = [a for a in solution_ax.get_children() if isinstance(a, Line2D) and a.get_zorder() == Z_ARROW]
    assert len(route) == len(SEED_MOVES)
    assert not any(isinstance(a, Polygon) and a.get_zorder() == Z_ARROW for a in solution_ax.get_children())
    numbers = [w for w in written if w.ax is solution_ax and w.text.replace(", ", "").isdigit() and not w.bold]
    assert 2 <= len(numbers) <= MOST_WAYPOINTS + 1 and "106" in [n.text.split(", ")[-1] for n in numbers]
    assert min(w.points for w in numbers) >= 7.0
