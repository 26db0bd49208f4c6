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
    board_legend = ("the pieces, separated by spaces, each its kind (K king, Q queen, R rook, B bishop, N knight, "
                    "P pawn; upper case white, lower case black) and its square: files a-h from left to right, "
                    "ranks 1-8 from bottom to top; white pawns capture one square diagonally towards rank 8, black "
                    "ones towards rank 1, and pawns never promote")
    answer_format = ("the captures in playing order (white's first), one per line, each the moving piece's letter "
                     "(K, Q, R, B, N or P, upper case for either colour), its square, `x` and the square of the piece "
                     "it captures, e.g. `Rf7xc7`")


PUZZLE = ChessMelee()
