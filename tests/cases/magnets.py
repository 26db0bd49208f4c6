"""Magnets' declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import OurIds, TathamIds, VerifyCase

# "S" in the parameters as asked: sniffing takes such an ID for no game ID
TATHAM_IDS = TathamIds("magnets_tatham.txt", count=28, as_asked_format="tatham")

OUR_IDS = OurIds(({"size": 6}, {"width": 6, "height": 5}, {"width": 5, "height": 5}, {"width": 3, "height": 2}))

# (text, line, message): the text form
BAD_INPUTS = [
    ("+ 1 2\n- 1 1", None, "needs a"),
    ("- 1 2\n+ 1 1\n1 1 LR\n1 1 LR", None, "expected the column counts of + cells"),
    ("+ 1 2\n- 1 1\n1 1 LRX\n1 1 LR", None, "layout row has 3 cells"),
    ("+ 1 2\n- 1 1\n1 1 LR\n1 1 TT", None, "has no B beside it"),
    ("+ 1 x\n- 1 1\n1 1 LR\n1 1 LR", None, "bad count 'x'"),
    ("+ 1 5\n- 1 1\n1 1 LR\n1 1 LR", None, "count 5 for col 2"),
]

BOARD = "+ . . .\n- . . .\n. . LRT\n. . LRB"  # 3x2: two horizontal dominoes and a vertical one

def cells(text: str) -> tuple[tuple[str, ...], ...]:
    """Rows of cells between slashes as a solution."""
    return tuple(tuple(row) for row in text.split("/"))

VERIFY_CASES = [VerifyCase(board, cells(bad), problem) for bad, board, problem in [
    ("++./...", BOARD, "domino r1c1-r1c2 is ++, neither blank nor a magnet"),
    ("+../...", BOARD, "domino r1c1-r1c2 is +., neither blank nor a magnet"),
    ("+-+/+-.", BOARD, "r1c1 and r2c1 are both +"),
    ("-+./...", "+ 1 . .\n- . . .\n. . LRT\n. 0 LRB", "column 1 has 0 + cells, the clue says 1"),
    ("-+./...", BOARD + "\ngiven\n+..\n...", "r1c1 is -, the clue says +"),
    ("+-?/...", BOARD, "r1c3 is '?'"),
    ("+-/..", BOARD, "solution is not 3x2"),
]]
