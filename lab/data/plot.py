"""Pictures of datasets: clue counts, grade levels, scores against clue counts and the
puzzle's own grade, one row of panels per puzzle and size; and writing any figure to the
picture file a user named, safely."""

from __future__ import annotations

import math
import os
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine.puzzle import PuzzleError
from .records import Skipped, read_records
from .safety import output_path, write_new_file

# Formats matplotlib can write that need nothing beyond its own dependencies (pgf needs LaTeX).
NEEDS_MORE = frozenset({"pgf"})


def text_as_text() -> Any:
    """A context in which PDF and PostScript embed fonts as TrueType (Type 42): text stays text
    (selectable, searchable, each glyph stored once), and journals take it (many refuse the
    default Type 3 fonts)."""
    import matplotlib

    return matplotlib.rc_context({"pdf.fonttype": 42, "ps.fonttype": 42})


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


def save_figure(fig, out: str | os.PathLike, fmt: str | None = None, dpi: float = 110, tight: bool = True) -> None:
    """Write `fig` to `out` in the format its extension names, atomically (`atomic_write`):
    `out` is either the old file or the whole new picture, and on any failure nothing new is
    left behind, neither the temporary file nor folders made for it. `dpi`: raster pixels per inch.
    The figure is laid out tight unless it has a layout engine of its own (constrained)
    or `tight` is False (placed by hand)."""
    import matplotlib.pyplot as plt

    try:
        fmt = fmt or picture_format(out)
        out = Path(out)
        if tight and fig.get_layout_engine() is None:
            fig.tight_layout(pad=1.5)
        with text_as_text():
            write_new_file(out, lambda tmp: fig.savefig(tmp, format=fmt, dpi=dpi))
    finally:
        plt.close(fig)


# A puzzle's own grade in words (`PuzzleType.grading.keys`), easiest first: sudoku's hardest
# technique needed (solvers/sudoku_techniques.py: TECHNIQUES, then GUESSING), and the grades
# of Tatham's own solvers (Map: easy to unreasonable; Undead: easy to tricky). A word not
# listed comes after these, in alphabetical order.
GRADE_WORDS = ("singles", "hidden_singles", "pairs", "intersections", "guessing",
               "easy", "normal", "tricky", "hard", "unreasonable", "ambiguous")
GRADE_TITLES = {"human_technique": "Hardest technique needed", "human_tatham": "Tatham's grade"}
SCORE_BIN = 0.1
PANEL_SIZE = (3.4, 2.8)  # inches of one panel, its labels included
TITLE_SIZE, LABEL_SIZE, TICK_SIZE, LEGEND_SIZE = 12, 10, 9, 9


@dataclass
class Facet:
    """One puzzle at one size in one dataset, as histograms (a plot needs no more)."""

    clues: Counter = field(default_factory=Counter)  # clue count -> records
    levels: Counter = field(default_factory=Counter)  # grade level -> records
    scores: Counter = field(default_factory=Counter)  # score bin (its lower end) -> records
    pairs: Counter = field(default_factory=Counter)  # (clue count, score bin, or level where no score) -> records
    words: Counter = field(default_factory=Counter)  # (grade key, word) -> records: the puzzle's own grade

    @property
    def records(self) -> int:
        return sum(self.clues.values())

    @property
    def graded(self) -> bool:
        return bool(self.levels)


@dataclass
class Loaded:
    """What a plot needs of one dataset, streamed: histograms per (puzzle, size)."""

    facets: dict[tuple[str, str | None], Facet] = field(default_factory=dict)
    skipped: Skipped = field(default_factory=Skipped)

    @property
    def records(self) -> int:
        return sum(f.records for f in self.facets.values())


def load_dataset(path: str, skip_bad: bool = False, fmt: str | None = None) -> Loaded:
    """The histograms of one dataset per (puzzle, size): clue counts, grade levels and, where
    its records have one, the grade's score (the level plus the effort within it) in bins
    of SCORE_BIN, and the puzzle's own grade in words."""
    from .scoring import size_label

    data = Loaded()
    for rec in read_records(path, skip_bad=skip_bad, bad=data.skipped, fmt=fmt):
        facet = data.facets.setdefault((str(rec["puzzle"]), size_label(rec)), Facet())
        c = rec["clue_count"]
        difficulty = rec.get("difficulty") or {}
        lvl, score = difficulty.get("level"), difficulty.get("score")
        facet.clues[c] += 1
        if isinstance(lvl, int) and not isinstance(lvl, bool):
            facet.levels[lvl] += 1
        if isinstance(score, (int, float)) and not isinstance(score, bool):
            low = round(math.floor(score / SCORE_BIN) * SCORE_BIN, 1)
            facet.scores[low] += 1
            facet.pairs[(c, low + SCORE_BIN / 2)] += 1
        elif isinstance(lvl, int) and not isinstance(lvl, bool):
            facet.pairs[(c, lvl)] += 1
        for key in _grade_keys(str(rec["puzzle"])):
            if isinstance(difficulty.get(key), str):
                facet.words[(key, difficulty[key])] += 1
    return data


@lru_cache(maxsize=256)
def _grade_keys(puzzle: str) -> tuple[str, ...]:
    """The puzzle's own grade measures (none for a name the registry does not know)."""
    from ..face import registry

    try:
        return registry.puzzle(puzzle).grading.keys
    except PuzzleError:
        return ()


def _word_order(word: str) -> tuple:
    return (GRADE_WORDS.index(word), "") if word in GRADE_WORDS else (len(GRADE_WORDS), word)


def facet_label(key: tuple[str, str | None]) -> str:
    """"sudoku 4x4": a facet's puzzle and size."""
    puzzle, size = key
    return f"{puzzle} {size}" if size else puzzle


def plot_datasets(paths: list[str], out: str | os.PathLike, skip_bad: bool = False,
                  labels: list[str] | None = None, layout: str | None = None) -> list[dict]:
    """Clue counts, grade levels, scores against clue counts and the puzzle's own grade
    (sudoku's hardest technique), one row of panels per puzzle and size (`dataset_figure`),
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
    loaded = [load_dataset(p, skip_bad, layout) for p in paths]
    for path, data in zip(paths, loaded):
        if not data.records:
            why = f" ({data.skipped.count} bad records skipped)" if data.skipped.count else ""
            raise PuzzleError(f"{path}: no records to plot{why}")
    save_figure(dataset_figure(loaded, labels), out, fmt, dpi=150)
    return [{"path": path, "label": label, "records": data.records, "skipped": data.skipped.count}
            for path, label, data in zip(paths, labels, loaded)]


def dataset_figure(loaded: list[Loaded], labels: list[str]):
    """The figure `plot_datasets` draws: one row per (puzzle, size) found in any dataset,
    titled with it and its records; in a row, the clue-count histogram, and where the
    records are graded the grade level's, the score against the clue count and the
    puzzle's own grade in words where it has one (a row of records made with --no-grade
    is the clue counts alone). An overall title names the datasets."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    from .scoring import size_order

    keys = sorted({key for data in loaded for key in data.facets}, key=lambda k: (k[0], size_order(k[1])))
    rows = [(key, [data.facets.get(key) for data in loaded]) for key in keys]
    columns = max(_panel_count(found) for _, found in rows)
    width = max(PANEL_SIZE[0] * columns, 5.5)  # room for the titles over a single panel
    fig = plt.figure(figsize=(width, PANEL_SIZE[1] * len(rows) + 0.5), layout="constrained")
    subfigs = fig.subfigures(len(rows), 1, squeeze=False)[:, 0]
    for sub, (key, found) in zip(subfigs, rows):
        _draw_facet(sub, key, found, labels, columns)
    graded = any(f is not None and f.graded for _, found in rows for f in found)
    what = "Clue counts and grades" if graded else "Clue counts (not graded)"
    total = sum(data.records for data in loaded)
    title = f"{what}: {', '.join(labels)} ({total} puzzle{'s' * (total != 1)})"
    fig.suptitle("\n".join(textwrap.wrap(title, int(width * 72 / (0.62 * (TITLE_SIZE + 1))))),
                 fontsize=TITLE_SIZE + 1, fontweight="bold")
    if len(loaded) > 1:
        handles = [Patch(color=f"C{i % 10}", alpha=0.8, label=label)
                   for i, label in enumerate(labels)]
        fig.legend(handles=handles, loc="outside upper right", ncols=len(labels), fontsize=LEGEND_SIZE)
    return fig


def _panel_count(found: list[Facet | None]) -> int:
    facets = [f for f in found if f is not None]
    if not any(f.graded for f in facets):
        return 1
    return 3 + len({key for f in facets for key, _ in f.words})


def _draw_facet(sub, key: tuple[str, str | None], found: list[Facet | None], labels: list[str],
                columns: int) -> None:
    """One row of panels: a (puzzle, size)'s histograms, one bar (or dot) colour per dataset."""
    counts = ", ".join(f"{label}: {f.records}" if len(found) > 1 else f"{f.records} puzzles"
                       for label, f in zip(labels, found) if f is not None)
    graded = "" if any(f is not None and f.graded for f in found) else ", not graded"
    sub.suptitle(f"{facet_label(key)} ({counts}{graded})", fontsize=TITLE_SIZE, x=0.01, ha="left")
    axes = [sub.add_subplot(1, columns, i + 1) for i in range(_panel_count(found))]
    series = [(i, f) for i, f in enumerate(found) if f is not None]
    _bars(axes[0], [(i, f.clues, f.records) for i, f in series])
    axes[0].set(title="Clue count", xlabel="clues", ylabel="share of puzzles")
    if len(axes) > 1:
        _draw_grades(axes, series)
    for ax in axes:
        ax.title.set_fontsize(LABEL_SIZE + 1)
        ax.xaxis.label.set_fontsize(LABEL_SIZE)
        ax.yaxis.label.set_fontsize(LABEL_SIZE)
        ax.tick_params(labelsize=TICK_SIZE)
        ax.grid(True, axis="y", alpha=0.3)
        ax.set_axisbelow(True)
        ax.spines[["top", "right"]].set_visible(False)


def _draw_grades(axes: list, series: list[tuple[int, Facet]]) -> None:
    """A graded row's panels after the clue counts: the level's histogram, the score (or the
    level) against the clue count, and the puzzle's own grades in words, easiest first."""
    _bars(axes[1], [(i, f.levels, f.records) for i, f in series])
    axes[1].set(title="Grade level", xlabel="level (0: propagation; k: probing depth)", ylabel="share of puzzles")
    scored = any(f.scores for _, f in series)
    for i, f in series:
        axes[2].scatter([p[0] for p in f.pairs], [p[1] for p in f.pairs], color=f"C{i % 10}", alpha=0.6,
                        s=[10 + 250 * v / f.records for v in f.pairs.values()], edgecolors="none")
    axes[2].set(title="Score against clue count" if scored else "Level against clue count", xlabel="clues",
                ylabel="score (level + effort within it)" if scored else "level")
    _whole_axis(axes[2].xaxis, [c for _, f in series for c, _ in f.pairs])
    ys = [y for _, f in series for _, y in f.pairs]
    if scored and ys:  # whole levels as bands: a score's level is its whole part
        axes[2].set_ylim(math.floor(min(ys)), math.floor(max(ys)) + 1)
    elif ys:
        _whole_axis(axes[2].yaxis, [round(y) for y in ys], least=1)
    words = sorted({k for _, f in series for k, _ in f.words})
    for ax, grade in zip(axes[3:], words):
        order = sorted({w for _, f in series for k, w in f.words if k == grade}, key=_word_order)
        place = {w: x for x, w in enumerate(order)}
        _bars(ax, [(i, Counter({place[w]: v for (k, w), v in f.words.items() if k == grade}), f.records)
                   for i, f in series])
        ax.set_xticks(range(len(order)), [w.replace("_", " ") for w in order], rotation=25, ha="right")
        ax.set(title=GRADE_TITLES.get(grade, grade.removeprefix("human_").replace("_", " ")),
               ylabel="share of puzzles")


def _bars(ax, series: list[tuple[int, Counter, int]]) -> None:
    """Shares as bars, the datasets' side by side at each (whole) value: (colour index,
    counts, total); every value from the least to the greatest is a tick."""
    width = 0.8 / len(series)
    for k, (i, counts, total) in enumerate(series):
        xs = sorted(counts)
        shift = (k - (len(series) - 1) / 2) * width
        ax.bar([x + shift for x in xs], [counts[x] / total for x in xs], width=width * 0.95, color=f"C{i % 10}",
               alpha=0.8)
    _whole_axis(ax.xaxis, [x for _, counts, _ in series for x in counts])


def _whole_axis(axis, values: list[int], least: int = 4) -> None:
    """An axis of whole values: a tick at each (up to 15 of them), and at least `least` units
    of room, so one bar or one column of dots is not drawn across the whole panel."""
    lo, hi = min(values), max(values)
    pad = max(0.0, (least - (hi - lo)) / 2)
    axis.set_view_interval(lo - 0.6 - pad, hi + 0.6 + pad, ignore=True)
    if hi - lo < 15:
        axis.set_ticks(range(lo, hi + 1))
    else:
        axis.get_major_locator().set_params(integer=True)
