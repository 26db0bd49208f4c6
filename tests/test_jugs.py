"""Water jugs (seed 002): the seed's answer, an independent shortest-pour check, bad input."""

from __future__ import annotations

import itertools
import random

import pytest
from pictures import drawn

from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.solvers.jugs import PUZZLE

SEED = "capacities 3 5 8\nstart 0 0 8\ngoal 0 4 4\n"
SEED_POSITIONS = [[0, 0, 8], [0, 5, 3], [3, 2, 3], [0, 2, 6], [2, 0, 6], [2, 5, 1], [3, 4, 1], [0, 4, 4]]


def test_seed_solves_in_seven_pours():
    inst = PUZZLE.parse(SEED)
    ans = PUZZLE.answer(inst)
    assert ans.data["solved"] and len(ans.data["pours"]) == 7
    assert ans.data["positions"] == SEED_POSITIONS  # the very sequence seed 002 prints
    assert ans.text.startswith("7 pours")
    assert PUZZLE.verify(inst, [tuple(p) for p in ans.data["pours"]]) == []
    dfs = PUZZLE.answer(inst, method="dfs")
    assert dfs.data["solved"] and len(dfs.data["pours"]) >= 7


def test_formats_round_trip():
    inst = PUZZLE.parse("capacities: 3, 5, 8  # jugs\nstart 0 0 8\ngoal * 4 *")
    assert inst.clues["goal"] == (None, 4, None)
    for fmt in PUZZLE.formats:
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
        assert PUZZLE.parse(PUZZLE.format(inst, fmt), fmt) == inst


def fixed_point_distance(caps, start, goal) -> int | None:
    """Independent check: relax distances over every amount vector until nothing changes."""
    states = list(itertools.product(*(range(c + 1) for c in caps)))
    dist = {s: None for s in states}
    dist[tuple(start)] = 0
    changed = True
    while changed:
        changed = False
        for s in states:
            if dist[s] is None:
                continue
            for i, j in itertools.permutations(range(len(caps)), 2):
                t = list(s)
                q = min(t[i], caps[j] - t[j])
                t[i] -= q
                t[j] += q
                t = tuple(t)
                if q and (dist[t] is None or dist[t] > dist[s] + 1):
                    dist[t] = dist[s] + 1
                    changed = True
    hits = [d for s, d in dist.items() if d is not None
            and all(g is None or a == g for a, g in zip(s, goal))]
    return min(hits) if hits else None


def test_shortest_matches_fixed_point_on_random_instances():
    rng = random.Random(7)
    for _ in range(100):
        caps = tuple(rng.randint(1, 6) for _ in range(rng.choice((2, 3))))
        start = tuple(rng.randint(0, c) for c in caps)
        goal = tuple(rng.choice([None, rng.randint(0, c)]) for c in caps)
        inst = PUZZLE.parse(f"capacities {' '.join(map(str, caps))}\nstart {' '.join(map(str, start))}\n"
                            f"goal {' '.join('*' if g is None else str(g) for g in goal)}")
        ans = PUZZLE.answer(inst)
        want = fixed_point_distance(caps, start, goal)
        if want is None:
            assert not ans.data["solved"]
        else:
            assert ans.data["solved"] and len(ans.data["pours"]) == want
            assert PUZZLE.verify(inst, [tuple(p) for p in ans.data["pours"]]) == []


@pytest.mark.parametrize("text, line", [
    ("capacities 3 5 8\nstart 0 0 9\ngoal 0 4 4", 2),
    ("capacities 3 5 x\nstart 0 0 8\ngoal 0 4 4", 1),
    ("capacities 3 5 8\nstart 0 0\ngoal 0 4 4", 2),
    ("capacities 3 5 8\nstart 0 0 8\npour 0 4 4", 3),
    ("capacities 3 5 8\nstart 0 0 8\nstart 0 0 8", 3),
    ('{"capacities": [3], "start": [1]', 1),
])
def test_bad_input_names_the_line(text, line):
    with pytest.raises(PuzzleError) as err:
        PUZZLE.parse(text)
    assert err.value.line == line


def test_missing_line_and_bad_pours():
    with pytest.raises(PuzzleError, match="missing 'goal'"):
        PUZZLE.parse("capacities 3 5\nstart 0 5")
    inst = PUZZLE.parse(SEED)
    assert PUZZLE.verify(inst, [(2, 1, 4)])  # moves 5 l, not 4
    assert PUZZLE.verify(inst, [(2, 1, 5)])  # legal, but not at the goal


# ---- answers for language models -----------------------------------------------------------
def test_a_messy_answer_is_read_and_a_longer_one_scores_less():
    from puzzlelab.lab.toolkit.answers import score_text

    inst = PUZZLE.parse(SEED)
    best = PUZZLE.reference_solution(inst)
    assert PUZZLE.answer_text(inst, best).split("\n")[:2] == ["3->2", "2->1"]
    messy = ("Let me think.\n```\n1. Pour jug 3 into jug 2\n2) 2 to 1\n3. (1, 3)\n4. jug 2 → jug 1\n"
             "5. 3-2\n6: 2 -> 1\n7. jug 1 (3 l) -> jug 3 (8 l), 3 l: 0 4 4\n```")
    assert PUZZLE.read_answer(inst, messy) == best
    longer = "3->1\n1->3\n" + PUZZLE.answer_text(inst, best)  # two wasted pours, then the best
    assert score_text(PUZZLE, inst, longer, best).score == 7 / 9
    assert score_text(PUZZLE, inst, "3->3", best).score == 0.0  # no such pour: read, judged wrong
    done = PUZZLE.parse("capacities 3 5\nstart 0 5\ngoal * 5")
    assert PUZZLE.reference_solution(done) == [] and PUZZLE.answer_text(done, []) == "none"
    assert PUZZLE.read_answer(done, "**None.** No pours are needed.") == []
    with pytest.raises(PuzzleError, match="no pour"):
        PUZZLE.read_answer(inst, "I would pour the big jug first.")


# ---- the picture --------------------------------------------------------------------------------------
def test_the_picture_names_the_jugs_in_the_header_and_in_every_pour(monkeypatch):
    """"3→2" read as "from the 3 L jug": the header names each jug and its capacity, and a
    pour names the jugs the same way."""
    inst = PUZZLE.parse(SEED)
    ans = PUZZLE.answer(inst)
    texts = [w.text for w in drawn(monkeypatch, PUZZLE, inst, ans.data)]
    for name, litres in (("jug 1", "3 L"), ("jug 2", "5 L"), ("jug 3", "8 L")):
        assert texts.count(name) == 2 and texts.count(litres) == 2  # the puzzle's header and the solution's
    pours = [t for t in texts if "\u2192" in t]
    assert pours == ["jug 3 \u2192 jug 2", "jug 2 \u2192 jug 1", "jug 1 \u2192 jug 3", "jug 2 \u2192 jug 1",
                     "jug 3 \u2192 jug 2", "jug 2 \u2192 jug 1", "jug 1 \u2192 jug 3"]
    assert not any(t.endswith(" L") and "\u2192" in t for t in texts)
