"""Chess Ranger (puzzle-chess.com): capture with every move until one piece is left.

Any piece may capture any other, the king included; pawns capture diagonally up the board.
The rules, text forms and the exact search are shared with Solo and Melee in
`solvers/chess_common.py`.
"""

from __future__ import annotations

from .chess_common import RANGER, CapturePuzzle


class ChessRanger(CapturePuzzle):
    name = "chessranger"
    aliases = ("chess-ranger", "chessrange", "ranger")
    title = "Chess Ranger: capture every move, one piece left"
    rules_text = "Every move is a chess move that captures a piece, the king included, until one piece is left."
    variant = RANGER
    example = "Qe7 Kb6 Nc6 Pb5 Nf5 Pg4 Rb3 Bc3 Pd3 Pc2 Rg2"


PUZZLE = ChessRanger()
