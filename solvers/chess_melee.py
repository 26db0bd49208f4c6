"""Chess Melee (puzzle-chess.com): white and black take turns, white first, each move
capturing a piece of the other colour, until one piece is left.

Text form: `Rf7 nc7` (upper case white, lower case black, as in FEN), FEN, the seed's
`board = [...]` with `colors = [...]`, or JSON. Shared rules and search are in
`solvers/chess_common.py`.
"""

from __future__ import annotations

from .chess_common import MELEE, CapturePuzzle


class ChessMelee(CapturePuzzle):
    name = "chessmelee"
    aliases = ("chess-melee", "melee")
    title = "Chess Melee: colours alternate, white first, capture every move, one piece left"
    rules_text = "Sides alternate, white first, each move capturing a piece of the other colour, until one is left."
    variant = MELEE
    example = "pb7 nc7 Rf7 Rb6 bc6 ne6 pb5 Pe5 rc4 qb3 Nc3 Pd3 Nf3"


PUZZLE = ChessMelee()
