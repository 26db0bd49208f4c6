"""Dataset statistics, computed in one streaming pass: memory is bounded by the histograms
(plus one number per id from the timing sidecar), never by the records."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..engine.puzzle import PuzzleError
from .records import Skipped, read_records, read_timings


@dataclass
class Histogram:
    counts: Counter = field(default_factory=Counter)
    n: int = 0
    total: float = 0.0

    def add(self, value, bin_width: float | None = None) -> None:
        """Count `value` (in the bin of `bin_width` that holds it, if given; the mean stays exact)."""
        if value is None:
            return
        self.counts[value if bin_width is None else round(math.floor(value / bin_width) * bin_width, 6)] += 1
        self.n += 1
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            self.total += value

    def summary(self) -> dict:
        if not self.n:
            return {"n": 0}
        keys = list(self.counts)
        numeric = all(isinstance(k, (int, float)) and not isinstance(k, bool) for k in keys)
        order = sorted(keys, key=str if not numeric else None)
        out = {"n": self.n, "histogram": {str(k): self.counts[k] for k in order}}
        if numeric:
            out.update(min=min(keys), max=max(keys), mean=round(self.total / self.n, 3))
        return out


@dataclass
class Timing:
    """Seconds per puzzle without keeping them all: exact count, total and maximum, and the
    median from a histogram of values rounded to 3 significant digits."""

    n: int = 0
    total: float = 0.0
    max: float = 0.0
    rounded: Counter = field(default_factory=Counter)

    def add(self, seconds: float) -> None:
        self.n += 1
        self.total += seconds
        self.max = max(self.max, seconds)
        self.rounded[float(f"{seconds:.3g}")] += 1

    def median(self) -> float:
        """The upper median (the value at index n // 2 in sorted order), to 3 digits."""
        seen = 0
        for value in sorted(self.rounded):
            seen += self.rounded[value]
            if seen > self.n // 2:
                return value
        return 0.0

    def summary(self) -> dict:
        if not self.n:
            return {}
        return {"n": self.n, "mean": round(self.total / self.n, 6), "median": round(self.median(), 6),
                "max": round(self.max, 6), "total": round(self.total, 3)}


@dataclass
class Stats:
    records: int = 0
    puzzles: Counter = field(default_factory=Counter)
    clue_count: Histogram = field(default_factory=Histogram)
    difficulty: dict = field(default_factory=dict)  # measure -> Histogram
    unique: int = 0
    minimal: int = 0
    cross_checked: int = 0
    # records that carry each of those fields at all (a kaggle puzzle,solution CSV carries none)
    recorded: Counter = field(default_factory=Counter)
    seconds: Timing = field(default_factory=Timing)
    skipped: Skipped = field(default_factory=Skipped)  # bad records left out with skip_bad

    @property
    def bad_lines(self) -> list[str]:
        """The first messages about skipped bad records (`skipped.count` says how many)."""
        return self.skipped.messages

    def to_json(self) -> dict:
        return {
            "records": self.records,
            "puzzles": dict(self.puzzles),
            "clue_count": self.clue_count.summary(),
            "difficulty": {k: h.summary() for k, h in sorted(self.difficulty.items())},
            "verified": {"unique": self.unique, "minimal": self.minimal, "cross_checked_cpsat": self.cross_checked,
                         "recorded": {k: self.recorded[k] for k in ("unique", "minimal", "verified_by")}},
            "seconds_per_puzzle": self.seconds.summary(),
            "bad_lines": self.skipped.count,
        }


# The engine's difficulty measures worth a histogram (others, like raw propagation counts, are
# too spread out); each puzzle adds its own (`PuzzleType.grading.keys`).
HISTOGRAM_MEASURES = ("level", "score", "probe_depth", "propagation_solves")
BINNED = {"score": 0.1}  # measures shown in bins of this width (the lower end names the bin)


@lru_cache(maxsize=256)
def _histogram_measures(puzzle: Any) -> tuple[str, ...]:
    """The measures shown for records of `puzzle` (a name; unknown names get the engine's)."""
    from ..face import registry

    try:
        return HISTOGRAM_MEASURES + registry.puzzle(str(puzzle)).grading.keys
    except PuzzleError:
        return HISTOGRAM_MEASURES


def dataset_stats(path: str, skip_bad: bool = False, fmt: str | None = None) -> Stats:
    """One pass over a dataset; every record is schema-checked by `read_records`, so the
    fields used here have their documented types. `skip_bad` counts bad records in
    `skipped` instead of stopping at the first; `fmt` names the layout where the file's
    name does not."""
    stats = Stats()
    records = read_records(path, skip_bad=skip_bad, bad=stats.skipped, fmt=fmt)
    timings = read_timings(path)
    for rec in records:
        stats.records += 1
        stats.puzzles[rec.get("puzzle")] += 1
        stats.clue_count.add(rec.get("clue_count"))
        shown = _histogram_measures(rec.get("puzzle"))
        for key, value in (rec.get("difficulty") or {}).items():
            if key in shown:
                stats.difficulty.setdefault(key, Histogram()).add(value, BINNED.get(key))
        stats.unique += bool(rec.get("unique"))
        stats.minimal += bool(rec.get("minimal"))
        stats.recorded.update(k for k in ("unique", "minimal", "verified_by") if rec.get(k) is not None)
        verified = rec.get("verified_by") or []
        stats.cross_checked += "cpsat" in verified
        t = timings.get(str(rec.get("id")))
        if t is not None:
            stats.seconds.add(t)
    return stats


def format_stats(s: dict) -> str:
    """`stats` (a `Stats.to_json()` document) for people: one table whose labels share a
    column and whose values all start at the same offset. First the records and how they
    were verified, then the clue count and each difficulty histogram, the engine's generic
    SAT measures apart from the puzzle's own, one bin a line (label, count, bar)."""
    n = s["records"]
    kinds = ", ".join(f"{k} {v}" for k, v in s["puzzles"].items())
    v = s["verified"]
    cross = v["cross_checked_cpsat"]
    recorded = v.get("recorded", {})

    def share(name: str, count: int) -> str:
        """"5/30", or "not recorded" when no record carries the field (a kaggle CSV)."""
        return f"{count}/{n}" if recorded.get(name, n) else "not recorded"

    # (label, value), a section title (title, None), or None for a blank line between sections
    rows: list[tuple[str, str | None] | None] = [
        ("records", f"{n}" + (f" ({kinds})" if kinds else "")),
        ("verified", f"unique {share('unique', v['unique'])}, minimal {share('minimal', v['minimal'])}, "
                     "CP-SAT cross-check: " + (f"{cross}/{n}" if cross else "not asked"
                                                if recorded.get("verified_by", n) else "not recorded")),
    ]
    t = s["seconds_per_puzzle"]
    if t:
        rows.append(("time per puzzle", f"mean {t['mean'] * 1000:.2f} ms, median {t['median'] * 1000:.2f} ms, "
                                        f"max {t['max'] * 1000:.1f} ms, total {t['total']} s"))
    if s["bad_lines"]:
        first = (s.get("bad_line_messages") or [""])[0]
        rows.append(("skipped", f"{s['bad_lines']} bad record{'s' if s['bad_lines'] != 1 else ''}"
                                + (f" (the first: {first})" if first else "")))
    histograms: list[tuple[str | None, str, dict]] = []  # (section title, measure, summary)
    if s["clue_count"].get("n"):
        histograms.append((None, "clue count", s["clue_count"]))
    measures = {name: h for name, h in s["difficulty"].items() if h.get("n")}
    generic = [name for name in HISTOGRAM_MEASURES if name in measures]
    own = sorted(name for name in measures if name not in HISTOGRAM_MEASURES)
    whose = f"{next(iter(s['puzzles']))}'s" if len(s["puzzles"]) == 1 else "the puzzles'"
    for title, names in (("generic SAT measures", generic), (f"{whose} own measures", own)):
        for i, name in enumerate(names):
            histograms.append((title if i == 0 else None, name, measures[name]))
    bins = {name: _bins(h["histogram"]) for _, name, h in histograms}
    count_width = max((len(str(c)) for b in bins.values() for _, c in b), default=1)
    for section, name, h in histograms:
        if section is not None or name == "clue count":
            rows.append(None)
        if section is not None:
            rows.append((section, None))
        rows.append((name, f"min {h['min']}, mean {h['mean']}, max {h['max']}" if "mean" in h else ""))
        peak = max(c for _, c in bins[name])
        rows += [(f"  {label}", f"{c:>{count_width}} {'#' * max(1, round(BAR_WIDTH * c / peak))}")
                 for label, c in bins[name]]
    width = max(len(row[0]) for row in rows if row is not None and row[1] is not None)
    return "\n".join("" if row is None else row[0] if row[1] is None else f"{row[0]:<{width}}  {row[1]}".rstrip()
                     for row in rows)


BAR_WIDTH = 40  # characters of the longest bar in a histogram


def _bins(hist: dict, most: int = 16) -> list[tuple[str, int]]:
    """A histogram's (label, count) rows; more than `most` numeric values are grouped into
    `most` equal ranges."""
    keys = list(hist)
    if len(keys) > most and all(k.lstrip("-").isdigit() for k in keys):
        values = sorted(int(k) for k in keys)
        lo, hi = values[0], values[-1]
        size = -(-(hi - lo + 1) // most)
        grouped: dict = {}
        for k, v in hist.items():
            start = lo + (int(k) - lo) // size * size
            label = f"{start}-{start + size - 1}"
            grouped[label] = grouped.get(label, 0) + v
        hist = grouped
    return list(hist.items())


def ranks(xs: list[float]) -> list[float]:
    """Ranks 1..n, ties sharing their mean rank (for Spearman's rho)."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rho (Python 3.11's `statistics.correlation` has no ranked method); nan
    for a constant column."""
    try:
        return statistics.correlation(ranks(a), ranks(b))
    except statistics.StatisticsError:
        return float("nan")
