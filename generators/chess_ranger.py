"""Chess Ranger puzzles of a requested piece count with exactly one solution, built backwards
from the last piece (see generators/chess_common.py)."""

from dataclasses import dataclass

from ..lab.engine.generator import cost, option
from ..solvers.chess_common import RANGER
from .chess_common import CaptureGenerator, PiecesOptions


@dataclass(frozen=True)
class RangerOptions(PiecesOptions):
    pieces: int | None = option(8, "pieces on the board", 2, RANGER.most_pieces)


GENERATOR = CaptureGenerator(RANGER, RangerOptions, costs=(  # measured: lab.generator.COSTS_MEASURED
    cost(0.0, 0.0, pieces=4),
    cost(0.012, 0.083, pieces=8),
    cost(4.1, 34.0, pieces=14)))
generate = GENERATOR.make  # generate(pieces, rng, distinct="moves") -> GeneratedChess
