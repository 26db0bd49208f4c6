"""Dataset statistics, computed in one streaming pass (memory bounded by the histograms)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .records import read_records, read_timings


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
        out = {"n": self.n, "histogram": {str(k): self.counts[k] for k in sorted(keys, key=str if not numeric else None)}}
        if numeric:
            out.update(min=min(keys), max=max(keys), mean=round(self.total / self.n, 3))
        return out


@dataclass
class Stats:
    records: int = 0
    puzzles: Counter = field(default_factory=Counter)
    clue_count: Histogram = field(default_factory=Histogram)
    difficulty: dict = field(default_factory=dict)  # measure -> Histogram
    unique: int = 0
    minimal: int = 0
    cross_checked: int = 0
    seconds: list = field(default_factory=list)
    bad_lines: list = field(default_factory=list)

    def to_json(self) -> dict:
        times = sorted(self.seconds)
        timing = {}
        if times:
            timing = {"n": len(times), "mean": round(sum(times) / len(times), 6),
                      "median": round(times[len(times) // 2], 6), "max": round(times[-1], 6),
                      "total": round(sum(times), 3)}
        return {
            "records": self.records,
            "puzzles": dict(self.puzzles),
            "clue_count": self.clue_count.summary(),
            "difficulty": {k: h.summary() for k, h in sorted(self.difficulty.items())},
            "verified": {"unique": self.unique, "minimal": self.minimal, "cross_checked_cpsat": self.cross_checked},
            "seconds_per_puzzle": timing,
            "bad_lines": len(self.bad_lines),
        }


# Difficulty measures worth a histogram (others, like raw propagation counts, are too spread out).
HISTOGRAM_MEASURES = ("level", "probe_depth", "propagation_solves", "human_technique", "human_steps")


def dataset_stats(path: str, skip_bad: bool = False) -> Stats:
    stats = Stats()
    timings = read_timings(path)
    for rec in read_records(path, skip_bad=skip_bad, bad=stats.bad_lines):
        stats.records += 1
        stats.puzzles[rec.get("puzzle")] += 1
        stats.clue_count.add(rec.get("clue_count"))
        for key, value in (rec.get("difficulty") or {}).items():
            if key in HISTOGRAM_MEASURES:
                stats.difficulty.setdefault(key, Histogram()).add(value)
        stats.unique += bool(rec.get("unique"))
        stats.minimal += bool(rec.get("minimal"))
        verified = rec.get("verified_by") or []
        stats.cross_checked += "cpsat" in verified
        t = timings.get(rec.get("id"))
        if t is not None:
            stats.seconds.append(t["seconds"])
    return stats


def format_stats(s: dict) -> str:
    lines = [f"records: {s['records']}  ({', '.join(f'{k}: {v}' for k, v in s['puzzles'].items())})"]
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
        lines.append(f"skipped {s['bad_lines']} malformed lines")
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
