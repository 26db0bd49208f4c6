"""Text beside a board: move lists and clue lists people can read in print.

A puzzle's picture with a long list (Inertia's moves, a numeric crossword's clues) keeps the
list at a readable size and lays it out in columns beside the boards or under them, whichever
leaves the boards larger. Sizes are in ems of the text, so the layout holds at any scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

READABLE = 29.0  # a panel's longer side in ems of its text: 9.6 pt where `render` prints two panels side by side
LEADING = 1.3  # the step from line to line, in ems
GAP = 1.5  # ems between the boards and the text, and between columns of text
LABEL_GAP = 0.8  # ems between a line's label and its text
BREAK_COST = 0.1  # a column that goes on with the list before it (not a heading) counts as text 10% larger


@dataclass(frozen=True)
class Line:
    """One line of a text block: `label` right-aligned in bold before `text` (a clue's
    number, as a crossword prints it; the first move's number), or a heading (`bold`, no
    label) that starts its column."""

    text: str
    label: str = ""
    bold: bool = False
    indent: bool = False  # a wrapped line's continuation: under its first line's text, not its label


@dataclass(frozen=True)
class Layout:
    """Where a block of lines goes: the em size in cells (the smaller, the larger the boards
    on the page, the text as small as reads), its side of the boards, its columns."""

    size: float
    side: str
    columns: tuple[tuple[Line, ...], ...]
    fits: bool  # no taller (right) or wider (below) than the boards


@lru_cache(maxsize=4096)
def ems(text: str, bold: bool = False) -> float:
    """The width of `text`'s ink in ems, in the font the boards are drawn in."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    from .draw import FONT

    if not text.strip():
        return 0.0
    path = TextPath((0, 0), text, size=1.0, prop=FontProperties(family=FONT, weight="bold" if bold else "normal"))
    return float(path.get_extents().width)


def column_width(lines: Sequence[Line]) -> float:
    """A column's width in ems: its labels right-aligned, their texts left-aligned after them."""
    label = max((ems(x.label, True) for x in lines), default=0.0)
    body = max((ems(x.text, x.bold) for x in lines if x.label or x.indent), default=0.0)
    free = max((ems(x.text, x.bold) for x in lines if not (x.label or x.indent)), default=0.0)
    return max(free, label + (LABEL_GAP if label else 0.0) + body)


def split_columns(lines: Sequence[Line], rows: int) -> tuple[tuple[Line, ...], ...]:
    """`lines` in columns of at most `rows`, a heading never left at the foot of one."""
    columns: list[list[Line]] = [[]]
    for line in lines:
        if len(columns[-1]) == rows:
            orphan = columns[-1].pop() if columns[-1][-1].bold and not columns[-1][-1].label and rows > 1 else None
            columns.append([orphan] if orphan else [])
        if columns[-1] or line.text or line.label:  # no column starts with a blank line
            columns[-1].append(line)
    return tuple(tuple(c) for c in columns if c)


def plan_text(width: float, height: float, grid_height: float, above: float, margin: float,
              choices: Sequence[Sequence[Line]], readable: float = READABLE) -> Layout | None:
    """The layout of one of `choices` (the same lines wrapped in other ways) beside boards
    that take `width` x `height` cells (`grid_height` of it the grids, `above` cells of
    titles over them; `margin` cells of white space around it all) that leaves the boards
    largest on the page while the text's em is at least 1/`readable` of the panel's
    longer side. None if no layout is readable."""
    found: list[tuple[float, Layout]] = []
    for lines in choices:
        for rows in range(1, len(lines) + 1):
            columns = split_columns(lines, rows)
            breaks = sum(not (c[0].bold and not c[0].label) for c in columns[1:])  # columns that go on a list
            across = sum(column_width(c) for c in columns) + GAP * (len(columns) - 1)
            down = max(len(c) for c in columns) * LEADING
            # Each side of the panel, margins included, is at most `readable` ems of `size` cells.
            # On the right it is width + (GAP + across) size by max(height, above + down size);
            # below, max(width, across size) by height + (GAP + down) size.
            if readable - GAP - across > 0 and readable - down > 0:
                size = max((width + margin) / (readable - GAP - across), (height + margin) / readable,
                           (above + margin) / (readable - down))
                found.append((size * (1 + BREAK_COST * breaks),
                              Layout(size, "right", columns, down * size <= grid_height + 1e-9)))
            if readable - across > 0 and readable - GAP - down > 0:
                size = max((width + margin) / readable, margin / (readable - across),
                           (height + margin) / (readable - GAP - down))
                found.append((size * (1 + BREAK_COST * breaks),
                              Layout(size, "below", columns, across * size <= width + 1e-9)))
    if not found:
        return None
    best = min(score for score, _ in found)
    near = [layout for score, layout in found if score <= best * 1.02]
    return min(near, key=lambda x: (not x.fits, len(x.columns), x.side != "right", x.size))


def plan_beside(ax: Any, choices: Sequence[Sequence[Line]], readable: float = READABLE) -> Layout:
    """`plan_text` for the boards drawn on `ax` (more text than is readable: as near as it goes)."""
    from matplotlib.transforms import Bbox

    from .draw import MARGIN, boards

    drawn = boards(ax)
    extent = Bbox.union([b.extent for b in drawn])
    top, bottom = max(b.box.y1 for b in drawn), min(b.box.y0 for b in drawn)
    layout = None
    while layout is None:
        layout = plan_text(extent.width, extent.height, top - bottom, extent.y1 - top, 2 * MARGIN, choices, readable)
        readable *= 1.25
    return layout


def text_beside(ax: Any, choices: Sequence[Sequence[Line]], readable: float = READABLE, least: float = 0.0) -> Layout:
    """Write one of `choices` (the same lines wrapped in other ways) in columns to the right
    of the boards on `ax` or under them, whichever leaves the boards larger, its em at
    least 1/`readable` of the panel's longer side and at least `least` cells (the size of
    text in a larger panel drawn at the same scale beside it). Returns the layout drawn
    (its `size` suits other text on the panel that must be read)."""
    from matplotlib.transforms import Bbox

    from .draw import CAP, boards, write

    drawn = boards(ax)
    extent = Bbox.union([b.extent for b in drawn])
    top = max(b.box.y1 for b in drawn)
    layout = plan_beside(ax, choices, readable)
    if layout.size < least:
        layout = replace(layout, size=least)
    size = layout.size
    x = extent.x1 + GAP * size if layout.side == "right" else extent.x0
    y = top if layout.side == "right" else extent.y0 - GAP * size
    boxes = []
    for column in layout.columns:
        label = max((ems(line.label, True) for line in column), default=0.0) * size
        body = x + label + (LABEL_GAP * size if label else 0.0)
        for i, line in enumerate(column):
            base = y - (CAP + i * LEADING) * size
            if line.label:
                boxes.append(write(ax, x + label, base, line.label, size, ha="right", va="baseline", bold=True))
            boxes.append(write(ax, body if line.label or line.indent else x, base, line.text, size, ha="left",
                               va="baseline", bold=line.bold))
        x += (column_width(column) + GAP) * size
    drawn[-1].include(*boxes)  # the boards' limits take in what is drawn beside them
    return layout


def move_choices(steps: Sequence[str], bold: bool = False) -> list[list[Line]]:
    """A list of moves as `text_beside` takes it: under a "moves" heading, lines of 5 or of 10
    steps, each labelled with its first step's number (`bold` where a thin glyph is hard to
    read in print); "no moves" for none."""
    if not steps:
        return [[Line("no moves")]]
    return [[Line("moves", bold=True)] + [Line("  ".join(steps[i:i + per]), str(i + 1), bold=bold)
                                          for i in range(0, len(steps), per)] for per in (5, 10)]
