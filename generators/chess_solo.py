"""Solo Chess puzzles of a requested piece count with exactly one solution, built backwards
from the last piece (see generators/chess_common.py)."""

from ..lab.engine.generator import cost
from ..solvers.chess_common import SOLO
from .chess_common import CaptureGenerator

GENERATOR = CaptureGenerator(SOLO, default_pieces=8, costs=(  # measured: lab.generator.COSTS_MEASURED
    cost(0.0, 0.0, pieces=4),
    cost(0.012, 0.019, pieces=8),
    cost(0.5, 0.529, pieces=12),
    cost(over=120, pieces=16)))
generate = GENERATOR.make  # generate(pieces, rng, distinct="moves") -> GeneratedChess
