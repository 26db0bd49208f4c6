"""Chess Melee puzzles of a requested piece count with exactly one solution, built backwards
from the last piece (see generators/chess_common.py)."""

from dataclasses import dataclass

from ..lab.engine.generator import cost, option
from ..solvers.chess_common import MELEE
from .chess_common import CaptureGenerator, PiecesOptions


@dataclass(frozen=True)
class MeleeOptions(PiecesOptions):
    pieces: int | None = option(10, "pieces on the board", 2, MELEE.most_pieces)


GENERATOR = CaptureGenerator(MELEE, MeleeOptions, costs=(  # measured: lab.generator.COSTS_MEASURED
    cost(0.0, 0.0, pieces=4),
    cost(0.004, 0.004, pieces=10),
    cost(1.4, 14.0, pieces=16)))
generate = GENERATOR.make  # generate(pieces, rng, distinct="moves") -> GeneratedChess
