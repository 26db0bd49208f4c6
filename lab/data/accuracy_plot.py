"""A model's accuracy against the puzzles' grade level: the figure a paper shows.

Two panels share the level axis: the mean score (partial credit counted) and the share of
answers fully right (score 1.0). One line per puzzle, or per puzzle and size where a puzzle
comes in several sizes (a 4x4 and a 9x9 sudoku at the same level are not the same task).
Each point carries its record count and a 95% interval, so a point resting on three records
is not read as a finding. Records without a grade sit apart at the right, unconnected.
"""

from __future__ import annotations

import math
import os
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.puzzle import PuzzleError
from .plot import picture_format, save_figure
from .safety import output_path
from .scoring import refuse_inputs, size_order

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
TITLE_SIZE, LABEL_SIZE, TICK_SIZE, LEGEND_SIZE, NOTE_SIZE = 13, 12, 11, 10, 8


@dataclass(frozen=True)
class Point:
    """One series at one level: how many records, their mean score and the share fully right,
    each with its 95% interval (low, high)."""

    series: str
    level: int | None
    count: int
    accuracy: float
    accuracy_interval: tuple[float, float]
    fully_right: float
    fully_right_interval: tuple[float, float]

    def as_dict(self) -> dict:
        return {"series": self.series, "level": self.level, "count": self.count,
                "accuracy": round(self.accuracy, 4), "fully_right": round(self.fully_right, 4)}


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean's 95% interval (normal approximation), kept within [0, 1]; a single value's
    is the value itself (no spread to estimate from)."""
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, mean
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return max(0.0, mean - half), min(1.0, mean + half)


def wilson_interval(hits: int, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a share: sensible at 0 and 1 hits and for a few records,
    where the normal one collapses to a point."""
    p = hits / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def series_label(score: dict, several_sizes: set[str]) -> str:
    """The puzzle, with its size where the scores hold several sizes of it."""
    if score["puzzle"] in several_sizes:
        return f"{score['puzzle']} {score['size'] if score['size'] is not None else '(no size)'}"
    return score["puzzle"]


def accuracy_points(scores: Iterable[dict]) -> list[Point]:
    """The points the figure draws, per series (puzzle, and size where it varies) and level."""
    scores = list(scores)
    sizes: dict[str, set] = defaultdict(set)
    for s in scores:
        sizes[s["puzzle"]].add(s["size"])
    several = {p for p, found in sizes.items() if len(found) > 1}
    grouped: dict[tuple[str, int | None], list[float]] = defaultdict(list)
    order: dict[str, tuple] = {}  # series -> its place: by puzzle, then size (4x4 before 9x9)
    for s in scores:
        name = series_label(s, several)
        grouped[(name, s["level"])].append(s["score"])
        order[name] = (s["puzzle"], size_order(s["size"]))
    points = []
    for (name, level), values in grouped.items():
        hits = sum(1 for v in values if v == 1.0)
        points.append(Point(name, level, len(values), math.fsum(values) / len(values), mean_interval(values),
                            hits / len(values), wilson_interval(hits, len(values))))
    return sorted(points, key=lambda p: (order[p.series], p.level is None, p.level or 0))


def plot_accuracy(scores: list[dict], out_path: str | os.PathLike, inputs: Iterable[str | os.PathLike] = (),
                  option: str = "--plot") -> list[dict]:
    """Draw mean score and share fully right against the grade level (module docstring) and
    write the figure in the format `out_path`'s extension names (PNG, PDF, SVG, ...),
    atomically; never over one of `inputs`. Returns the points drawn. `option` names the
    option in messages."""
    fmt = picture_format(out_path, option)
    refuse_inputs(output_path(out_path, "a picture file name", option), inputs, option)
    if not scores:
        raise PuzzleError("no scores to plot: the dataset holds no records")
    points = accuracy_points(scores)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    series = list(dict.fromkeys(p.series for p in points))
    levels = sorted({p.level for p in points if p.level is not None})
    ungraded_x = (levels[-1] + 1) if levels else 0
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.4), sharex=True)
    panels = ((axes[0], "accuracy", "accuracy_interval", "Mean score", "mean score (partial credit)"),
              (axes[1], "fully_right", "fully_right_interval", "Fully right", "share with score 1.0"))
    for i, name in enumerate(series):
        mine = [p for p in points if p.series == name]
        shift = (i - (len(series) - 1) / 2) * min(0.08, 0.4 / len(series))  # keep error bars apart
        total = sum(p.count for p in mine)
        for ax, value, interval, _, _ in panels:
            _draw_series(ax, mine, value, interval, shift, ungraded_x, f"{name} (n={total})",
                         f"C{i % 10}", counts=ax is axes[0])
    ticks = levels + ([ungraded_x] if any(p.level is None for p in points) else [])
    for ax, _, _, title, ylabel in panels:
        ax.set_title(title, fontsize=TITLE_SIZE)
        ax.set_xlabel("grade level (0 = propagation, k = probing depth)" if levels else
                      "grade level: none in these records (--no-grade)", fontsize=LABEL_SIZE)
        ax.set_ylabel(ylabel, fontsize=LABEL_SIZE)
        ax.set_ylim(-0.04, 1.08)
        ax.set_xticks(ticks, [str(t) if t in levels else "none" for t in ticks])
        ax.set_xlim(ticks[0] - 0.5, ticks[-1] + 0.5)  # one level alone: no needless width between series
        ax.tick_params(labelsize=TICK_SIZE)
        ax.grid(True, axis="y", alpha=0.3)
    axes[0].legend(fontsize=LEGEND_SIZE, loc="best")
    fig.suptitle("Accuracy by grade level (bars: 95% intervals; numbers: records)", fontsize=TITLE_SIZE)
    save_figure(fig, out_path, fmt, dpi=150)
    return [p.as_dict() for p in points]


def _draw_series(ax, points: list[Point], value: str, interval: str, shift: float, ungraded_x: int,
                 label: str, colour: str, counts: bool) -> None:
    """One series on one panel: graded levels joined by a line, the ungraded point apart."""
    graded = [p for p in points if p.level is not None]
    apart = [p for p in points if p.level is None]
    for group, style in ((graded, "-o"), (apart, "s")):
        if not group:
            continue
        xs = [(p.level if p.level is not None else ungraded_x) + shift for p in group]
        ys = [getattr(p, value) for p in group]
        lows = [y - getattr(p, interval)[0] for p, y in zip(group, ys)]
        highs = [getattr(p, interval)[1] - y for p, y in zip(group, ys)]
        ax.errorbar(xs, ys, yerr=_bars(lows, highs),
                    fmt=style, color=colour, capsize=3, markersize=5, linewidth=1.5,
                    label=label if group is graded or not graded else None)
        if counts:
            for x, y, p in zip(xs, ys, group):
                ax.annotate(str(p.count), (x, y), textcoords="offset points", xytext=(5, 4), fontsize=NOTE_SIZE,
                            color=colour)


def _bars(lows: list[float], highs: list[float]) -> list[list[float]]:
    """Error bar lengths, never negative (an interval rounded past its point)."""
    return [[max(0.0, v) for v in lows], [max(0.0, v) for v in highs]]
