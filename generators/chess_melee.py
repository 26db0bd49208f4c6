"""Generate Chess Melee puzzles of a requested piece count with exactly one solution.

The engine's `Generator` (random solution, then strip clues) does not fit a capture
puzzle: there are no clues to strip. Instead `solvers.chess_common.generate` builds the
solution backwards from the last piece, un-making one capture at a time and keeping only
positions that still have exactly one solution. `GENERATOR` hands the same to the engine
(through its `generate` hook; see `generators/chess_common.py`), so datasets work too.
"""

from __future__ import annotations

import random

from generators.chess_common import CaptureGenerator
from solvers.chess_common import MELEE, GeneratedChess
from solvers.chess_common import generate as _generate


def generate(pieces: int, rng: random.Random | None = None, distinct: str = "moves",
             max_attempts: int = 200) -> GeneratedChess:
    """One puzzle with `pieces` pieces and one solution (one set of moves; with
    distinct="sequences", one order of play too)."""
    return _generate(MELEE, pieces, rng or random.Random(), distinct, max_attempts)


GENERATOR = CaptureGenerator(MELEE, default_pieces=10)
