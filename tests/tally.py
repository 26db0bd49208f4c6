"""Random tiny boards against brute force, as every puzzle's tests check them: brute force
over the candidates = SAT = CP-SAT, and a tally of boards with no, one and several solutions
(a check that saw one kind of answer only would prove little)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import CluePuzzle, Instance


def new_tally() -> dict[str, int]:
    return {"none": 0, "one": 0, "several": 0}


def kind(count: int) -> str:
    return "none" if count == 0 else "one" if count == 1 else "several"


def tally_brute_force(ptype: CluePuzzle, inst: Instance, candidates: Iterable[Any], tally: dict[str, int]) -> int:
    """The brute-force count of `inst` over `candidates`, which both engines must give; the
    board is counted in `tally` by its kind."""
    expected = brute_force_count(ptype, inst, candidates)
    assert engine_counts(ptype, inst) == (expected, expected), ptype.format(inst)
    tally[kind(expected)] += 1
    return expected
