"""The engine's generator for the three capture puzzles (Chess Ranger, Solo, Melee).

There are no clues to strip in a capture puzzle, so "random solution, then strip clues"
does not fit. `CaptureGenerator` overrides the engine's `generate` hook instead and hands
back what `solvers.chess_common.generate` builds: a position made backwards from the last
piece, one un-made capture at a time, kept only while it has exactly one solution (one set
of moves). Each `generators/chess_<variant>.py` sets `GENERATOR` to one of these.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..lab.engine.generator import Cost, Generated, GenerateOptions, Generator, GeneratorOptions
from ..lab.engine.puzzle import PuzzleError, number
from ..lab.engine.sat import SessionCache
from ..solvers.chess_common import GeneratedChess, Variant
from ..solvers.chess_common import generate as build_unique


@dataclass(frozen=True)
class CaptureOptions:
    """What a dataset asks for: how many pieces stand on the board."""

    pieces: int


@dataclass(frozen=True)
class PiecesOptions(GeneratorOptions):
    """A capture puzzle's one option, `pieces`: each variant subclasses this with its own
    default and limit (`option(8, "pieces on the board", 2, RANGER.most_pieces)`). None, as
    a Python caller may give it, is the default."""

    pieces: int | None


class CaptureGenerator(Generator[PiecesOptions]):
    """Datasets of capture puzzles with exactly one solution. `unique` is True because the
    generator counted the solutions of the final position (exactly one set of moves);
    nothing is stripped, so `minimal` is False; `checks` counts the positions whose
    solutions were counted on the way."""

    strips = False

    def __init__(self, variant: Variant, options_type: type[PiecesOptions], costs: tuple[Cost, ...] = ()):
        self.variant = variant
        self.puzzle = variant.name
        self.options_type = options_type
        self.costs = costs  # measured (lab.generator.COSTS_MEASURED)

    def params_for(self, options: PiecesOptions) -> CaptureOptions:
        """The piece count, at least 2 and within the variant's size limit."""
        pieces = self.options[0].default if options.pieces is None else options.pieces
        if pieces < 2:
            raise PuzzleError(f"--pieces {number(pieces)} out of range for {self.puzzle}: at least 2")
        self.variant.check_size(pieces)
        return CaptureOptions(pieces)

    def make(self, pieces: int, rng: random.Random | None = None, distinct: str = "moves",
             max_attempts: int = 200) -> GeneratedChess:
        """One puzzle with `pieces` pieces and one solution (one set of moves; with
        distinct="sequences", one order of play too): the Python API."""
        return build_unique(self.variant, pieces, rng or random.Random(), distinct, max_attempts)

    def generate(self, params: CaptureOptions, rng: random.Random, sessions: SessionCache,
                 opts: GenerateOptions) -> Generated:
        if opts.target is not None or opts.symmetric:
            raise PuzzleError(f"{self.puzzle} has no clues to strip: --target and --symmetric do not apply")
        made = build_unique(self.variant, params.pieces, rng)
        return Generated(made.instance, made.solution, True, False, made.checks, made.seconds, made.attempts)
