"""Generated boards whose clues allow a second solution, and what the generator's `repair`
makes of them: shared by the tests of the puzzles whose full clue set is often ambiguous."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from declarations import clue_puzzle

from puzzlelab.lab.engine.sat import SessionCache
from puzzlelab.lab.face.registry import generator


def repaired_rivals(name: str, spec: Any, rounds: int, seed: int = 1) -> Iterator[tuple[Any, ...]]:
    """(params, clues, solution, rival, repaired) for each of `rounds` drawn boards whose
    candidate clues allow a rival solution and which `repair` fixed (`repaired`: its new
    params, clues and solution)."""
    ptype, gen = clue_puzzle(name), generator(name)
    rng, sessions = random.Random(seed), SessionCache()
    for _ in range(rounds):
        params, solution = gen.draw(spec, rng, sessions)
        clues = gen.candidate_clues(params, solution)
        session = sessions.get(ptype, params)
        other = session.other_than(session.assumptions(clues), solution)
        if not other.sat:
            continue
        fixed = gen.repair(params, clues, solution, other.solution, rng)
        if fixed is not None:
            yield params, clues, solution, other.solution, fixed
