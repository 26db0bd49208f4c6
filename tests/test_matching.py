"""lab/toolkit/matching.py against brute force on small random bipartite graphs."""

from __future__ import annotations

import random
from itertools import permutations

from puzzlelab.lab.toolkit.matching import bipartite_matching


def test_a_matching_exists_exactly_when_brute_force_finds_one():
    rng = random.Random(5)
    for _ in range(300):
        left, right = rng.randint(0, 5), rng.randint(0, 6)
        options = {i: [j for j in range(right) if rng.random() < 0.4] for i in range(left)}
        found = bipartite_matching(list(range(left)), options.__getitem__)
        exists = any(all(p[i] in options[i] for i in range(left)) for p in permutations(range(right), left))
        assert (found is not None) == exists
        if found is not None:
            assert sorted(found) == list(range(left)) and len(set(found.values())) == left
            assert all(found[i] in options[i] for i in found)


def test_options_are_tried_in_the_order_given():
    assert bipartite_matching(["a"], lambda item: [1, 2]) == {"a": 1}
    assert bipartite_matching(["a"], lambda item: [2, 1]) == {"a": 2}
    # a later item may take an earlier one's first choice and move it on
    assert bipartite_matching(["a", "b"], lambda item: [1, 2] if item == "a" else [1]) == {"a": 2, "b": 1}
