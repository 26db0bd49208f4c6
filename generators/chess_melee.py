"""Chess Melee puzzles of a requested piece count with exactly one solution, built backwards
from the last piece (see generators/chess_common.py)."""

from generators.chess_common import CaptureGenerator
from solvers.chess_common import MELEE

GENERATOR = CaptureGenerator(MELEE, default_pieces=10)
generate = GENERATOR.make  # generate(pieces, rng, distinct="moves") -> GeneratedChess
