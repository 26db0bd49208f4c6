"""The dataset record: its flat form for CSV and Parquet, and reading datasets back.

A record is one JSON object (see datasets/README.md); CSV and Parquet hold the same record
flattened into columns. Everything that reads a dataset (stats, plot, resuming a run) goes
through `read_records`.
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Any, Iterator

from .puzzle import PuzzleError

FLAT_FIELDS = ("id", "puzzle", "clues", "solution", "clue_count", "seed", "index", "generator_version",
               "engine", "unique", "minimal", "attempts")


def flatten(record: dict) -> dict:
    """One flat row: nested params/options/difficulty become JSON or prefixed columns."""
    row = {k: record.get(k) for k in FLAT_FIELDS}
    row["params"] = json.dumps(record.get("params"), sort_keys=True)
    row["options"] = json.dumps(record.get("options"), sort_keys=True)
    row["verified_by"] = "+".join(record.get("verified_by", []))
    row["format"] = record.get("format")
    for k, v in sorted((record.get("difficulty") or {}).items()):
        row[f"difficulty_{k}"] = v
    return row


def read_records(path: str | os.PathLike, skip_bad: bool = False,
                 bad: list[str] | None = None) -> Iterator[dict]:
    """Stream records from JSONL (or CSV/Parquet written by us). Malformed lines raise a
    PuzzleError naming the line, or are skipped (and listed in `bad`) with `skip_bad`."""
    path = Path(path)
    if not path.exists():
        raise PuzzleError(f"no such file: {path}")
    if path.suffix == ".parquet":
        yield from _read_parquet(path)
        return
    if path.suffix == ".csv":
        yield from _read_csv(path)
        return
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                if not isinstance(rec, dict) or "clues" not in rec:
                    raise ValueError("not a puzzle record (no 'clues')")
            except ValueError as exc:
                msg = f"{path}: line {lineno}: malformed record: {str(exc).splitlines()[0][:80]}"
                if not skip_bad:
                    raise PuzzleError(msg) from None
                if bad is not None:
                    bad.append(msg)
                continue
            yield rec


def _unflatten(row: dict) -> dict:
    rec = {k: row.get(k) for k in FLAT_FIELDS if k in row}
    rec["difficulty"] = {k[len("difficulty_"):]: v for k, v in row.items() if k.startswith("difficulty_")}
    for k in ("params", "options"):
        if isinstance(row.get(k), str):
            rec[k] = json.loads(row[k])
    rec["format"] = row.get("format")
    return rec


def _read_csv(path: Path) -> Iterator[dict]:
    with open(path, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            if set(row) == {"puzzle", "solution"}:
                yield {"puzzle": "sudoku", "clues": row["puzzle"], "solution": row["solution"],
                       "clue_count": sum(ch not in "0." for ch in row["puzzle"]), "format": "line"}
                continue
            for k in ("clue_count", "index", "seed", "attempts"):
                if row.get(k) not in (None, ""):
                    row[k] = int(row[k])
            for k in list(row):
                if k.startswith("difficulty_") and row[k] not in (None, ""):
                    row[k] = json.loads(row[k].lower()) if row[k] in ("True", "False") else _num(row[k])
            yield _unflatten(row)


def _num(s: str) -> Any:
    for cast in (int, float):
        try:
            return cast(s)
        except ValueError:
            pass
    return s


def _read_parquet(path: Path) -> Iterator[dict]:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise PuzzleError("reading Parquet needs pyarrow: pip install 'puzzle-lab[parquet]'") from None
    for batch in pq.ParquetFile(path).iter_batches(batch_size=4096):
        for row in batch.to_pylist():
            yield _unflatten(row)


def read_timings(path: str | os.PathLike) -> dict[str, dict]:
    side = Path(str(path) + ".timings.jsonl")
    out: dict[str, dict] = {}
    if side.exists():
        with open(side, encoding="utf-8") as f:
            for line in f:
                try:
                    t = json.loads(line)
                    out[t["id"]] = t
                except (ValueError, KeyError):
                    continue
    return out
