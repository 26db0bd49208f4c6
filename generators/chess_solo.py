"""Solo Chess puzzles of a requested piece count with exactly one solution, built backwards
from the last piece (see generators/chess_common.py)."""

from dataclasses import dataclass

from ..lab.engine.generator import cost, option
from ..solvers.chess_common import SOLO
from .chess_common import CaptureGenerator, PiecesOptions


@dataclass(frozen=True)
class SoloOptions(PiecesOptions):
    pieces: int | None = option(8, "pieces on the board", 2, SOLO.most_pieces)


GENERATOR = CaptureGenerator(SOLO, SoloOptions, costs=(  # measured: lab.generator.COSTS_MEASURED
    cost(0.0, 0.0, pieces=4),
    cost(0.012, 0.019, pieces=8),
    cost(0.5, 0.529, pieces=12),
    cost(over=120, pieces=16)))
generate = GENERATOR.make  # generate(pieces, rng, distinct="moves") -> GeneratedChess
