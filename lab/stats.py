"""Dataset statistics, computed in one streaming pass: memory is bounded by the histograms
(plus one number per id from the timing sidecar), never by the records."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .puzzle import PuzzleError
from .records import Skipped, read_records, read_timings


@dataclass
class Histogram:
    counts: Counter = field(default_factory=Counter)
    n: int = 0
    total: float = 0.0

    def add(self, value) -> None:
        if value is None:
            return
        self.counts[value] += 1
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
            "verified": {"unique": self.unique, "minimal": self.minimal, "cross_checked_cpsat": self.cross_checked},
            "seconds_per_puzzle": self.seconds.summary(),
            "bad_lines": self.skipped.count,
        }


# The engine's difficulty measures worth a histogram (others, like raw propagation counts, are
# too spread out); each puzzle adds its own (`PuzzleType.grade_keys`).
HISTOGRAM_MEASURES = ("level", "probe_depth", "propagation_solves")


@lru_cache(maxsize=256)
def _histogram_measures(puzzle: Any) -> tuple[str, ...]:
    """The measures shown for records of `puzzle` (a name; unknown names get the engine's)."""
    from . import registry

    try:
        return HISTOGRAM_MEASURES + registry.puzzle(str(puzzle)).grade_keys
    except PuzzleError:
        return HISTOGRAM_MEASURES


def dataset_stats(path: str, skip_bad: bool = False) -> Stats:
    """One pass over a dataset; every record is schema-checked by `read_records`, so the
    fields used here have their documented types. `skip_bad` counts bad records in
    `skipped` instead of stopping at the first."""
    stats = Stats()
    timings = read_timings(path)
    for rec in read_records(path, skip_bad=skip_bad, bad=stats.skipped):
        stats.records += 1
        stats.puzzles[rec.get("puzzle")] += 1
        stats.clue_count.add(rec.get("clue_count"))
        shown = _histogram_measures(rec.get("puzzle"))
        for key, value in (rec.get("difficulty") or {}).items():
            if key in shown:
                stats.difficulty.setdefault(key, Histogram()).add(value)
        stats.unique += bool(rec.get("unique"))
        stats.minimal += bool(rec.get("minimal"))
        verified = rec.get("verified_by") or []
        stats.cross_checked += "cpsat" in verified
        t = timings.get(str(rec.get("id")))
        if t is not None:
            stats.seconds.add(t)
    return stats


def format_stats(s: dict) -> str:
    kinds = ", ".join(f"{k}: {v}" for k, v in s["puzzles"].items())
    lines = [f"records: {s['records']}" + (f"  ({kinds})" if kinds else "")]
    cc = s["clue_count"]
    if cc.get("n"):
        lines.append(f"clue count: min {cc['min']}  mean {cc['mean']}  max {cc['max']}")
        lines.append(_bars(cc["histogram"]))
    for name, h in s["difficulty"].items():
        if h.get("n"):
            extra = f"  mean {h['mean']}" if "mean" in h else ""
            lines.append(f"difficulty {name}:{extra}")
            lines.append(_bars(h["histogram"]))
    v = s["verified"]
    lines.append(f"verified: unique {v['unique']}/{s['records']}, minimal {v['minimal']}/{s['records']}, "
                 f"re-checked by CP-SAT {v['cross_checked_cpsat']}/{s['records']}")
    t = s["seconds_per_puzzle"]
    if t:
        lines.append(f"generation time per puzzle: mean {t['mean'] * 1000:.2f} ms, median {t['median'] * 1000:.2f} ms, "
                     f"max {t['max'] * 1000:.1f} ms (total {t['total']} s)")
    if s["bad_lines"]:
        first = (s.get("bad_line_messages") or [""])[0]
        lines.append(f"skipped {s['bad_lines']} bad record{'s' if s['bad_lines'] != 1 else ''}"
                     + (f" (the first: {first})" if first else ""))
    return "\n".join(lines)


def _bars(hist: dict, width: int = 40, most: int = 16) -> str:
    """A text histogram; many numeric values are grouped into `most` equal ranges."""
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
    peak = max(hist.values()) if hist else 1
    return "\n".join(f"  {k:>8} {v:>8} {'#' * max(1, round(width * v / peak))}" for k, v in hist.items())
