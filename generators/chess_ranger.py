"""Chess Ranger puzzles of a requested piece count with exactly one solution, built backwards
from the last piece (see generators/chess_common.py)."""

from ..lab.engine.generator import cost
from ..solvers.chess_common import RANGER
from .chess_common import CaptureGenerator

GENERATOR = CaptureGenerator(RANGER, default_pieces=8, costs=(  # measured: lab.generator.COSTS_MEASURED
    cost(0.0, 0.0, pieces=4),
    cost(0.012, 0.083, pieces=8),
    cost(4.1, 34.0, pieces=14)))
generate = GENERATOR.make  # generate(pieces, rng, distinct="moves") -> GeneratedChess
