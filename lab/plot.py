"""Pictures of datasets: clue counts, difficulty, and the two against each other; and writing
any figure to the picture file a user named, safely."""

from __future__ import annotations

import math
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .puzzle import PuzzleError
from .records import Skipped, read_records
from .safety import output_path, write_new_file

# Formats matplotlib can write that need nothing beyond its own dependencies (pgf needs LaTeX).
NEEDS_MORE = frozenset({"pgf"})


def picture_formats() -> list[str]:
    """File extensions (without the dot) a figure can be written as."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    return sorted(set(FigureCanvasAgg.get_supported_filetypes()) - NEEDS_MORE)


def picture_format(out: str | os.PathLike, option: str = "--out") -> str:
    """The format `out`'s extension names, after refusing what cannot be written there: a
    missing or unknown extension, a directory, an existing non-file, a file as a folder.
    Called before any work, so a mistyped --out costs nothing. `option` names the option
    in the messages."""
    path = output_path(out, "a picture file name", option)
    known = picture_formats()
    ext = path.suffix.lower().lstrip(".")
    if ext not in known:
        what = f"unknown picture extension '.{ext}'" if ext else "no picture extension"
        raise PuzzleError(f"{option} {path}: {what} (known: {', '.join('.' + k for k in known)})")
    return ext


def save_figure(fig, out: str | os.PathLike, fmt: str | None = None, dpi: float = 110) -> None:
    """Write `fig` to `out` in the format its extension names, atomically (`atomic_write`):
    `out` is either the old file or the whole new picture, and on any failure nothing new is
    left behind, neither the temporary file nor folders made for it. `dpi`: raster pixels per inch."""
    import matplotlib.pyplot as plt

    try:
        fmt = fmt or picture_format(out)
        out = Path(out)
        fig.tight_layout(pad=1.5)
        write_new_file(out, lambda tmp: fig.savefig(tmp, format=fmt, dpi=dpi))
    finally:
        plt.close(fig)


@dataclass
class Loaded:
    """What a plot needs of one dataset, streamed: histograms only."""

    clues: Counter = field(default_factory=Counter)  # clue count -> records
    levels: Counter = field(default_factory=Counter)  # difficulty level -> records
    pairs: Counter = field(default_factory=Counter)  # (clue count, level) -> records
    scores: Counter = field(default_factory=Counter)  # score bin (its lower end) -> records
    score_pairs: Counter = field(default_factory=Counter)  # (clue count, score bin) -> records
    skipped: Skipped = field(default_factory=Skipped)

    @property
    def records(self) -> int:
        return sum(self.clues.values())


SCORE_BIN = 0.1


def _load(path: str, skip_bad: bool, fmt: str | None = None) -> Loaded:
    """The histograms of one dataset, by level and, where its records have one, by the
    grade's score (the level plus the effort within it) in bins of SCORE_BIN."""
    data = Loaded()
    for rec in read_records(path, skip_bad=skip_bad, bad=data.skipped, fmt=fmt):
        c = rec["clue_count"]
        difficulty = rec.get("difficulty") or {}
        lvl, score = difficulty.get("level"), difficulty.get("score")
        data.clues[c] += 1
        if lvl is not None:
            data.levels[lvl] += 1
            data.pairs[(c, lvl)] += 1
        if isinstance(score, (int, float)) and not isinstance(score, bool):
            low = round(math.floor(score / SCORE_BIN) * SCORE_BIN, 1)
            data.scores[low] += 1
            data.score_pairs[(c, low)] += 1
    return data


def plot_datasets(paths: list[str], out: str | os.PathLike, skip_bad: bool = False,
                  labels: list[str] | None = None, layout: str | None = None) -> list[dict]:
    """Clue-count histogram, difficulty histogram and clue count against difficulty, with
    several datasets overlaid for comparison. Every dataset must hold at least one record
    (an empty panel would look like a finding). Returns, per dataset in order, its path,
    label, how many records were drawn and how many bad ones skipped. `layout`: the
    datasets' layout (`lab.records.FORMATS`) where their names do not say it."""
    fmt = picture_format(out)
    if not paths:
        raise PuzzleError("plot needs at least one dataset")
    if labels is not None and len(labels) != len(paths):
        raise PuzzleError(f"--label: {len(labels)} label{'s' if len(labels) != 1 else ''} for "
                          f"{len(paths)} dataset{'s' if len(paths) != 1 else ''}: give one per dataset")
    labels = labels or [Path(p).stem for p in paths]
    loaded = [_load(p, skip_bad, layout) for p in paths]
    for path, data in zip(paths, loaded):
        if not data.records:
            why = f" ({data.skipped.count} bad records skipped)" if data.skipped.count else ""
            raise PuzzleError(f"{path}: no records to plot{why}")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # one axis for all: scores only if every dataset has them (datasets made before the score: levels)
    scored = all(data.scores and sum(data.scores.values()) == sum(data.levels.values()) for data in loaded)
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    for data, label in zip(loaded, labels):
        n = data.records
        xs = sorted(data.clues)
        axes[0].bar(xs, [data.clues[x] / n for x in xs], alpha=0.55, label=f"{label} (n={n})", width=0.9)
        if scored:
            ss = sorted(data.scores)
            axes[1].bar([x + SCORE_BIN / 2 for x in ss], [data.scores[x] / n for x in ss], width=SCORE_BIN * 0.9,
                        alpha=0.55, label=label)
        else:
            ls = sorted(data.levels)
            axes[1].bar([str(x) for x in ls], [data.levels[x] / n for x in ls], alpha=0.55, label=label)
        pairs = data.score_pairs if scored else data.pairs
        if pairs:
            axes[2].scatter([p[0] for p in pairs], [p[1] + (SCORE_BIN / 2 if scored else 0) for p in pairs],
                            s=[8 + 200 * v / n for v in pairs.values()], alpha=0.5, label=label)
    axes[0].set(title="Clue count", xlabel="clues", ylabel="fraction of puzzles")
    if not any(data.levels for data in loaded):  # made with --no-grade
        for ax in axes[1:]:
            ax.text(0.5, 0.5, "no grades in these records\n(generated with --no-grade)", ha="center",
                    va="center", transform=ax.transAxes)
    what = "score: level + effort within it" if scored else "level: 0 = propagation, k = probing depth"
    axes[1].set(title="Difficulty (SAT grade)", xlabel=what, ylabel="fraction of puzzles")
    axes[2].set(title="Clue count vs difficulty (dot size: share)", xlabel="clues",
                ylabel="score" if scored else "level")
    if not scored:
        axes[2].yaxis.get_major_locator().set_params(integer=True)
    for ax in axes:
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=8)
    save_figure(fig, out, fmt)
    return [{"path": path, "label": label, "records": data.records, "skipped": data.skipped.count}
            for path, label, data in zip(paths, labels, loaded)]
