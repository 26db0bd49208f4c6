"""Pictures of datasets: clue counts, difficulty, and the two against each other."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from .records import read_records


def _load(path: str, skip_bad: bool) -> tuple[Counter, Counter, Counter]:
    """(clue-count histogram, difficulty-level histogram, (clues, level) pairs): streamed."""
    clues, levels, pairs = Counter(), Counter(), Counter()
    for rec in read_records(path, skip_bad=skip_bad):
        c = rec.get("clue_count")
        lvl = (rec.get("difficulty") or {}).get("level")
        clues[c] += 1
        if lvl is not None:
            levels[lvl] += 1
            pairs[(c, lvl)] += 1
    return clues, levels, pairs


def plot_datasets(paths: list[str], out: str | os.PathLike, skip_bad: bool = False, labels: list[str] | None = None) -> None:
    """Clue-count histogram, difficulty histogram and clue count against difficulty, with
    several datasets overlaid for comparison."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = labels or [Path(p).stem for p in paths]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    for path, label in zip(paths, labels):
        clues, levels, pairs = _load(path, skip_bad)
        n = sum(clues.values()) or 1
        xs = sorted(clues)
        axes[0].bar(xs, [clues[x] / n for x in xs], alpha=0.55, label=f"{label} (n={n})", width=0.9)
        ls = sorted(levels)
        axes[1].bar([str(x) for x in ls], [levels[x] / n for x in ls], alpha=0.55, label=label)
        if pairs:
            axes[2].scatter([p[0] for p in pairs], [p[1] for p in pairs], s=[8 + 200 * v / n for v in pairs.values()],
                            alpha=0.5, label=label)
    axes[0].set(title="Clue count", xlabel="clues", ylabel="fraction of puzzles")
    axes[1].set(title="Difficulty (SAT probing level)", xlabel="level: 0 = propagation, k = probing depth",
                ylabel="fraction of puzzles")
    axes[2].set(title="Clue count vs difficulty (dot size: share)", xlabel="clues", ylabel="level")
    axes[2].yaxis.get_major_locator().set_params(integer=True)
    for ax in axes:
        ax.legend(fontsize=8)
    save_png(fig, out)


def save_png(fig, out: str | os.PathLike) -> None:
    """Write a figure next to `out` and rename it into place: no half-written picture."""
    import matplotlib.pyplot as plt

    fig.tight_layout(pad=1.5)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(str(out) + ".tmp.png")
    fig.savefig(tmp, dpi=110)
    plt.close(fig)
    os.replace(tmp, out)
