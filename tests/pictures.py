"""Pictures as tests see them: every text a drawing writes (lab.draw.write draws glyph
outlines in a PNG, not text artists), recorded as it is called."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Written:
    """A text a picture wrote."""

    ax: object
    text: str
    size: float  # the em, in cells (before any shrinking to fit)
    bold: bool

    @property
    def points(self) -> float:
        """The em in points in the figure as it is laid out (at the size it prints)."""
        ax = self.ax
        (_, y0), (_, y1) = ax.transData.transform([(0.0, 0.0), (0.0, self.size)])
        return abs(y1 - y0) * 72 / ax.figure.dpi


def watch_writes(monkeypatch) -> list[Written]:
    """From now on, every `lab.draw.write` call appends what it writes to the list returned."""
    import matplotlib

    matplotlib.use("Agg")
    from puzzlelab.lab.toolkit import draw

    written: list[Written] = []
    real = draw.write

    def spy(ax, x, y, text, size, **options):
        written.append(Written(ax, text, size, options.get("bold", False)))
        return real(ax, x, y, text, size, **options)

    monkeypatch.setattr(draw, "write", spy)
    return written


def drawn(monkeypatch, ptype, inst, solution) -> list[Written]:
    """The puzzle and its solution drawn as `render` lays them out, and every text written,
    measured once the figure is laid out."""
    import matplotlib.pyplot as plt

    from puzzlelab.lab.face.render import Panel, figure

    written = watch_writes(monkeypatch)
    fig = figure([Panel(ptype, inst, None, "puzzle"), Panel(ptype, inst, solution, "solution")], same_scale=True)
    fig.canvas.draw()
    plt.close(fig)
    return written
