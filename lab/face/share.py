"""Sharing a puzzle: the board drawn as text for a terminal (`puzzlelab show`), and Simon
Tatham's game IDs and web-player links and puzz.link addresses (`puzzlelab convert --link`, datasets'
`tatham_id` and `puzzlink_url`).

- `box_grid` draws a grid of cell texts with Unicode box drawing: heavy lines around the
  board and between regions (sudoku boxes, Keen cages), light or no lines inside a region,
  and labels along the top and the left (nonogram clues). Every light/heavy junction comes
  from one table (`JUNCTIONS`), so any region shape draws.
- `show_text` is what `show` prints: the puzzle's own drawing where it has one (its
  `show_text(inst)` method), else its plain text form (the first of `formats`).
- `tatham_id`, `tatham_link`: a puzzle declares the name of its game in Tatham's
  collection (`tatham_game`, a class attribute: "solo", "pattern", ...); the ID itself is
  `format(inst, "tatham")`.
- `puzzlink_url`: the board's address in puzz.link's player, where the puzzle has a puzz.link
  codec (`format(inst, "puzzlink")`).

Like the rest of `lab/`, nothing here names a puzzle.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from urllib.parse import quote as url_quote

from ..engine.puzzle import Instance, PuzzleError, PuzzleType

# ---- box drawing ----------------------------------------------------------------------------
NONE, LIGHT, HEAVY = 0, 1, 2
# The box-drawing character with these arms, at index up*27 + down*9 + left*3 + right (each
# NONE, LIGHT or HEAVY): all 80 light/heavy combinations of U+2500..U+257F, and a space for
# no arm at all (tests/test_share.py checks each against its Unicode name).
JUNCTIONS = (" ╶╺╴─╼╸╾━╷┌┍┐┬┮┑┭┯╻┎┏┒┰┲┓┱┳╵└┕┘┴┶┙┵┷│├┝┤┼┾┥┽┿"
             "╽┟┢┧╁╆┪╅╈╹┖┗┚┸┺┛┹┻╿┞┡┦╀╄┩╃╇┃┠┣┨╂╊┫╉╋")
HORIZONTAL = (" ", "─", "━")
VERTICAL = (" ", "│", "┃")
FILL = "█"  # a cell whose text is FILL is drawn solid across its padding too (a wall)


def junction(up: int, down: int, left: int, right: int) -> str:
    """The box-drawing character whose arms have these weights (NONE, LIGHT, HEAVY)."""
    return JUNCTIONS[up * 27 + down * 9 + left * 3 + right]


def _align(text: str, width: int, how: str) -> str:
    if how == "left":
        return text.ljust(width)
    if how == "right":
        return text.rjust(width)
    return text.center(width)


def box_grid(cells: Sequence[Sequence[str]], regions: Sequence[Sequence[Hashable]] | None = None, *,
             inner: int = LIGHT, pad: int = 1, align: str = "center",
             top: Sequence[Sequence[str]] | None = None, left: Sequence[str] | None = None) -> str:
    """A grid of cell texts in a heavy frame. Neighbouring cells of different `regions`
    (same shape as `cells`; None: one region) are parted by a heavy line, cells of one
    region by an `inner` line (LIGHT, or NONE for none). A rule line with no line in it at
    all is left out, so a grid with `inner=NONE` keeps one text line per row. Each cell is
    as wide as the widest text (and top label), `align`ed ("center", "left", "right") with
    `pad` spaces either side. `top` gives each column labels stacked above it (the last
    nearest the grid), `left` each row a label before it (both right-aligned, as clue
    numbers are read)."""
    h = len(cells)
    w = len(cells[0]) if h else 0
    if not h or not w or any(len(row) != w for row in cells):
        raise ValueError("box_grid needs a non-empty rectangle of cells")
    region = regions or [[0] * w for _ in range(h)]
    top = top or [[] for _ in range(w)]
    cw = max([1] + [len(t) for row in cells for t in row] + [len(t) for col in top for t in col])
    span = cw + 2 * pad

    def vertical(r: int, j: int) -> int:  # the line left of cell (r, j); j == w: right of the last
        if j in (0, w):
            return HEAVY
        return HEAVY if region[r][j - 1] != region[r][j] else inner

    def horizontal(i: int, c: int) -> int:  # the line above cell (i, c); i == h: below the last
        if i in (0, h):
            return HEAVY
        return HEAVY if region[i - 1][c] != region[i][c] else inner

    lines = []
    for i in range(h + 1):
        segs = [horizontal(i, c) for c in range(w)]
        if any(segs):
            parts = []
            for j in range(w + 1):
                parts.append(junction(vertical(i - 1, j) if i else NONE, vertical(i, j) if i < h else NONE,
                                      segs[j - 1] if j else NONE, segs[j] if j < w else NONE))
                if j < w:
                    parts.append(HORIZONTAL[segs[j]] * span)
            lines.append("".join(parts))
        if i < h:
            parts = []
            for j in range(w):
                parts.append(VERTICAL[vertical(i, j)])
                text = cells[i][j]
                parts.append(FILL * span if text == FILL else " " * pad + _align(text, cw, align) + " " * pad)
            parts.append(VERTICAL[HEAVY])
            lines.append("".join(parts))
    if left is not None:
        lw = max(len(t) for t in left)
        rows = iter(left)
        lines = [(next(rows).rjust(lw) if line[0] == VERTICAL[HEAVY] else " " * lw) + " " + line for line in lines]
    else:
        lw = -1
    depth = max(len(col) for col in top)
    heads = []
    for k in range(depth):
        parts = [" " * (lw + 1)]
        for col in top:
            label = col[k - (depth - len(col))] if k >= depth - len(col) else ""
            parts.append(" " + " " * pad + _align(label, cw, "right") + " " * pad)
        heads.append("".join(parts).rstrip())
    return "\n".join(heads + [line.rstrip() for line in lines])


# ---- show -------------------------------------------------------------------------------------
def show_text(ptype: PuzzleType, inst: Instance) -> str:
    """The puzzle as `puzzlelab show` prints it: the puzzle's own `show_text(inst)` drawing
    when it has one, else its plain text form."""
    if ptype.implements("show_text"):
        return ptype.show_text(inst)
    return ptype.format(inst, ptype.formats[0])


# ---- Simon Tatham's collection ------------------------------------------------------------
TATHAM_PLAYER = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/{game}.html#{id}"
ID_CHARS = ":/,._-"  # what game IDs are written with besides letters and digits: kept as they are in a link


def tatham_game(ptype: PuzzleType) -> str | None:
    """The name of this puzzle's game in Tatham's collection ("solo", "pattern"), or None."""
    game = ptype.tatham_game
    return game if game and "tatham" in ptype.formats else None


def tatham_id(ptype: PuzzleType, inst: Instance) -> str | None:
    """The game ID Tatham's own parser reads for this board, or None when his collection has
    no such game or the ID cannot hold this board (a size his game refuses, no mine layout)."""
    if tatham_game(ptype) is None:
        return None
    try:
        return ptype.format(inst, "tatham")
    except PuzzleError:
        return None


def puzzlink_url(ptype: PuzzleType, inst: Instance) -> str | None:
    """The puzz.link address of this board (its player opens it), or None when puzz.link has
    no such genre or its encoding cannot hold this board."""
    if "puzzlink" not in ptype.formats:
        return None
    try:
        return ptype.format(inst, "puzzlink")
    except PuzzleError:
        return None


def tatham_link(ptype: PuzzleType, inst: Instance) -> str:
    """A link that opens this board in Tatham's web player; PuzzleError (one line) when his
    collection has no such game or the ID cannot hold this board."""
    game = tatham_game(ptype)
    if game is None:
        raise PuzzleError(f"Simon Tatham's collection has no {ptype.name}, so there is no link to his player")
    return TATHAM_PLAYER.format(game=game, id=url_quote(ptype.format(inst, "tatham"), safe=ID_CHARS))
