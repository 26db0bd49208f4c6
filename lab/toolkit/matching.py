"""One-to-one matching in a bipartite graph, for the plain-Python checks and generators
that pair things up (Tents' trees and tents, Dominosa's dominoes and number pairs)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

L = TypeVar("L", bound=Hashable)
R = TypeVar("R", bound=Hashable)


def bipartite_matching(left: Sequence[L], options: Callable[[L], Iterable[R]]) -> dict[L, R] | None:
    """Each item of `left` matched to one of its `options`, no option taken twice, or None
    when no such matching exists (Kuhn's augmenting paths). Options are tried in the order
    given, so a caller who shuffles them gets a random matching."""
    owner: dict[R, L] = {}

    def augment(item: L, seen: set[R]) -> bool:
        for option in options(item):
            if option not in seen:
                seen.add(option)
                if option not in owner or augment(owner[option], seen):
                    owner[option] = item
                    return True
        return False

    for item in left:
        if not augment(item, set()):
            return None
    return {item: option for option, item in owner.items()}
