"""Solo Chess (puzzle-chess.com): capture with every move until only the king is left.

Each piece moves at most twice and the king may never be captured. Shared rules, text
forms and search are in `solvers/chess_common.py`.
"""

from __future__ import annotations

from .chess_common import SOLO, CapturePuzzle


class ChessSolo(CapturePuzzle):
    name = "chesssolo"
    aliases = ("chess-solo", "solochess", "solo-chess")
    title = "Solo Chess: capture every move, each piece at most twice, the king last"
    rules_text = "Every move captures, each piece moves at most twice, the king is never taken and is left alone."
    variant = SOLO
    example = "Kc6 Pg6 Rc5 Rc4 Pb3 Bd3 Pe3 Qg3 Pd2 Nf2 Ng2"


PUZZLE = ChessSolo()
