"""Chess Melee puzzles of a requested piece count with exactly one solution, built backwards
from the last piece (see generators/chess_common.py)."""

from ..lab.engine.generator import cost
from ..solvers.chess_common import MELEE
from .chess_common import CaptureGenerator

GENERATOR = CaptureGenerator(MELEE, default_pieces=10, costs=(  # measured: lab.generator.COSTS_MEASURED
    cost(0.0, 0.0, pieces=4),
    cost(0.004, 0.004, pieces=10),
    cost(1.4, 14.0, pieces=16)))
generate = GENERATOR.make  # generate(pieces, rng, distinct="moves") -> GeneratedChess
