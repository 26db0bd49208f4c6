"""Boards to pictures (PNG, PDF, SVG, JPEG, ...: the extension of `out` decides). A puzzle
may draw itself (its `draw` hook); otherwise its text form is drawn as a grid of
characters, which is right for most grid puzzles."""

from __future__ import annotations

import os
from typing import Any

from .plot import picture_format, save_figure
from .puzzle import Instance, PuzzleType


def render(ptype: PuzzleType, inst: Instance, out: str | os.PathLike, solution: Any = None) -> None:
    """Draw the puzzle (and its solution beside it) to `out`, in the format its extension
    names; a bad `out` is refused before anything is drawn."""
    fmt = picture_format(out)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = [("puzzle", None)] + ([("solution", solution)] if solution is not None else [])
    fig, axes = plt.subplots(1, len(panels), figsize=(5.5 * len(panels), 6.0), squeeze=False)
    for ax, (title, sol) in zip(axes[0], panels):
        if ptype.implements("draw"):
            ptype.draw(ax, inst, sol)
        else:
            _draw_text(ax, ptype, inst, sol)
        ax.set_title(f"{ptype.name}: {title}", pad=12)
        ax.set_aspect("equal")
        ax.axis("off")
    save_figure(fig, out, fmt)


def _draw_text(ax, ptype: PuzzleType, inst: Instance, solution: Any) -> None:
    from matplotlib.patches import Rectangle

    text = ptype.format(inst, ptype.formats[0]) if solution is None else \
        ptype.format_solution(inst, solution, ptype.formats[0])
    rows = [line.split() if " " in line.strip() else list(line.strip()) for line in text.splitlines() if line.strip()]
    height, width = len(rows), max(len(r) for r in rows)
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            y = height - r - 1
            if tok == "#":  # walls, shaded or painted cells in every puzzle's text form
                ax.add_patch(Rectangle((c, y), 1, 1, color="black"))
            elif tok != ".":  # '.' is an empty cell
                ax.text(c + 0.5, y + 0.5, tok, ha="center", va="center", fontsize=min(14, 200 / max(width, height)))
    for x in range(width + 1):
        ax.plot([x, x], [0, height], color="0.7", lw=0.6)
    for y in range(height + 1):
        ax.plot([0, width], [y, y], color="0.7", lw=0.6)
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
