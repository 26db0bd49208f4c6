"""Sliding blocks (seed 002): the seed's puzzle, an independent BFS on small boards, formats."""

from __future__ import annotations

import random
from collections import deque

import pytest
from declarations import data_text

from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.solvers.sliding import PUZZLE

SEED_LINE = "4x5:11221133450067886799:................1..."
SEED_TEXT = data_text("sliding_seed_text.txt")
SEED_MOVES = 83  # fewest one-cell slides; the final position equals the one seed 002 prints
SEED_FINAL = "76337622..5411991188"


def test_seed_puzzle_shortest():
    inst = PUZZLE.parse(SEED_LINE)
    assert PUZZLE.parse(SEED_TEXT) == inst
    ans = PUZZLE.answer(inst)
    assert ans.data["solved"] and ans.data["count"] == SEED_MOVES
    assert ans.text.startswith(f"{SEED_MOVES} moves (shortest")
    moves = [tuple(m) for m in ans.data["moves"]]
    assert PUZZLE.verify(inst, moves) == []
    assert "".join(ans.text.split("final:\n")[1].split()) == SEED_FINAL


def test_formats_round_trip():
    inst = PUZZLE.parse(SEED_TEXT)
    for fmt in PUZZLE.formats:
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
    walls = PUZZLE.parse("a.#\nbb.\n\n??#\n?a?")
    assert PUZZLE.parse(PUZZLE.format(walls, "json")) == walls
    with pytest.raises(PuzzleError):
        PUZZLE.format(PUZZLE.parse("a.\n..\n\n..\n?a"), "line")  # 'must be empty' has no line form


def plain_shortest(width: int, start: str, goal: str) -> int | None:
    """Independent BFS: blocks as sets of (row, col), no canonical forms, no lab code."""
    height = len(start) // width

    def shifted(pos, ch, dr, dc):
        cells = [(i // width, i % width) for i, x in enumerate(pos) if x == ch]
        moved = {(r + dr, c + dc) for r, c in cells}
        if any(not (0 <= r < height and 0 <= c < width) or pos[r * width + c] not in (".", ch)
               for r, c in moved):
            return None
        new = [("." if x == ch else x) for x in pos]
        for r, c in moved:
            new[r * width + c] = ch
        return "".join(new)

    seen, queue = {start: 0}, deque([start])
    while queue:
        pos = queue.popleft()
        if all(g == "?" or g == x for x, g in zip(pos, goal)):
            return seen[pos]
        for ch in set(pos) - {".", "#"}:
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                new = shifted(pos, ch, dr, dc)
                if new is not None and new not in seen:
                    seen[new] = seen[pos] + 1
                    queue.append(new)
    return None


def random_board(rng: random.Random) -> tuple[int, str, str]:
    """A 3x3 board with 1x1, 1x2 and 2x1 blocks, some alike, and a goal for one block."""
    width = height = 3
    grid = ["."] * 9
    names = iter("abcdefgh")
    for _ in range(rng.randint(2, 5)):
        r, c = rng.randrange(height), rng.randrange(width)
        dr, dc = rng.choice([(0, 0), (0, 1), (1, 0)])
        cells = [(r, c), (r + dr, c + dc)]
        if all(0 <= y < height and 0 <= x < width and grid[y * width + x] == "." for y, x in cells):
            ch = next(names)
            for y, x in cells:
                grid[y * width + x] = ch
    start = "".join(grid)
    goal = ["?"] * 9
    named = sorted(set(start) - {"."})
    if named:
        goal[rng.randrange(9)] = rng.choice(named)
    return width, start, "".join(goal)


def test_shortest_matches_plain_bfs_on_random_boards():
    rng = random.Random(3)
    unsolvable = 0
    for _ in range(120):
        width, start, goal = random_board(rng)
        inst = PUZZLE.parse(f"3x3:{start.replace('.', '0')}:{goal.replace('?', '.')}")
        ans = PUZZLE.answer(inst)
        want = plain_shortest(width, start, goal)
        if want is None:
            unsolvable += 1
            assert not ans.data["solved"] and ans.data["stats"]["exhausted"]
        else:
            assert ans.data["solved"] and ans.data["count"] == want
            assert PUZZLE.verify(inst, [tuple(m) for m in ans.data["moves"]]) == []
    assert unsolvable > 0


@pytest.mark.parametrize("text, line", [
    ("12\n3.\n\n??\n??\n??", 6),  # goal grid has 3 rows
    ("12\n3..\n\n??\n??", 2),  # ragged start grid
    ("1.\n.1\n\n??\n??", 2),  # block in two pieces
    ("12\n..\n\n??\n?9", 5),  # goal names an unknown block
    ("4x5:1122:....", 1),
    ("a#\n..\n\n??\n.#", 5),  # a wall moved
    ("?a\n..\n\n??\n.a", 1),
    ("12\n..", 2),  # no goal grid
])
def test_bad_input(text, line):
    with pytest.raises(PuzzleError) as err:
        PUZZLE.parse(text)
    assert err.value.line == line


# ---- answers for language models -----------------------------------------------------------
def test_a_messy_answer_is_read_and_a_longer_one_scores_less():
    from puzzlelab.lab.toolkit.answers import score_text

    inst = PUZZLE.parse("a..\n\n..a")
    best = PUZZLE.reference_solution(inst)
    assert PUZZLE.answer_text(inst, best) == "a right\na right"
    assert PUZZLE.read_answer(inst, "Sure! Moves:\n```\n1. A: Right\n2) a ->\n```") == best
    assert PUZZLE.read_answer(inst, "<answer>aR, AR</answer>") == best
    assert PUZZLE.read_answer(inst, "a → then a →") == best
    longer = "a right\na left\na right\na right"
    assert score_text(PUZZLE, inst, longer, best).score == 0.5
    assert score_text(PUZZLE, inst, "a left", best).score == 0.0  # blocked: read, judged wrong
    cased = PUZZLE.parse("A.a\n\n.Aa")  # blocks differing only in case are read as written
    assert PUZZLE.read_answer(cased, "A right, a up") == [("A", "right"), ("a", "up")]
    assert PUZZLE.read_answer(PUZZLE.parse("1.\n\n1."), "None.") == []
    with pytest.raises(PuzzleError, match="no slide"):
        PUZZLE.read_answer(inst, "Slide everything.")


# ---- the picture --------------------------------------------------------------------------------------
def test_goal_blocks_are_whole_where_the_goal_leaves_one_place():
    from puzzlelab.solvers.sliding import goal_blocks, goal_picture

    inst = PUZZLE.parse(SEED_LINE)
    assert goal_blocks(inst) == {"1": frozenset({12, 13, 16, 17})}  # the 2x2 block in the bottom-left corner
    assert goal_picture(inst) == "????" * 3 + "11??" * 2
    middle = PUZZLE.parse("11.\n11.\n...\n\n???\n?1?\n???")  # four places cover the middle: only it is sure
    assert goal_blocks(middle) == {"1": frozenset({4})}
    corner = PUZZLE.parse("11.\n11.\n...\n\n???\n???\n??1")
    assert goal_blocks(corner) == {"1": frozenset({4, 5, 7, 8})}


def test_the_picture_draws_the_goal_blocks_whole_and_the_moves_readable(monkeypatch):
    """The goal showed one cell of the 2x2 block; the 83 moves were 7 pt."""
    from pictures import drawn

    from puzzlelab.lab.toolkit import draw
    from puzzlelab.solvers.sliding import ARROW, PALETTE

    shaded = []
    real = draw.Board.shade

    def spy(board, r, c, colour="black", *args, **options):
        shaded.append((board, r, c, colour))
        return real(board, r, c, colour, *args, **options)

    monkeypatch.setattr(draw.Board, "shade", spy)
    inst = PUZZLE.parse(SEED_LINE)
    ans = PUZZLE.answer(inst)
    written = drawn(monkeypatch, PUZZLE, inst, ans.data)
    puzzle_ax = written[0].ax
    start, goal = draw.boards(puzzle_ax)
    one = PALETTE[0]  # block 1's colour, the first of the sorted blocks
    assert {(r, c) for b, r, c, colour in shaded if b is start and colour == one} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert {(r, c) for b, r, c, colour in shaded if b is goal and colour == one} == {(3, 0), (3, 1), (4, 0), (4, 1)}
    listed = [w for w in written if w.ax is not puzzle_ax and set(w.text) & set(ARROW.values())]
    steps = [f"{ch}{ARROW[d]}" for ch, d in ans.data["moves"]]
    assert " ".join(w.text for w in listed).split() == steps and len(steps) == 83
    assert min(w.points for w in listed) >= 9.0
