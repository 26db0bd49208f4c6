"""Datasets: deterministic items, resumable journals, parallel workers, output formats.

Item i is a pure function of (puzzle, parameters, seed, i, generator version): its random
generator is seeded from exactly those, and the engine's answers are facts (unique or not),
not solver moods. So 1 worker and 4 workers write the same bytes. Run-dependent numbers
(seconds, solver calls) go to a sidecar `<out>.timings.jsonl`, keyed by id.

Safety: records go to `<out>.partial` (JSONL, one `write` per chunk, fsync'd); a rerun
resumes from it, dropping a torn last line; the finished dataset appears under its real
name only by an atomic rename. A reader never sees a half-written record.
"""

from __future__ import annotations

import csv
import io
import json
import os
import random
import signal
import time
from dataclasses import asdict, dataclass, is_dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from .generator import GenerateOptions, Generated, generate_one
from .grade import measures
from .puzzle import PuzzleError
from .records import FLAT_FIELDS, flatten
from .sat import Budget, SessionCache

GENERATOR_VERSION = "1"
FORMATS = ("jsonl", "csv", "kaggle", "parquet")


@dataclass
class DatasetSpec:
    """Everything an item depends on. `options` are the generator's own (size, ...)."""

    puzzle: str
    options: dict
    count: int
    seed: int = 0
    target: int | None = None
    symmetric: bool = False
    minimal: bool = True
    difficulty: tuple[int, int] | None = None  # accepted range of the generic grade level
    dedup: str = "exact"  # none | exact | symmetry
    cross_check: bool = False  # re-check every item with CP-SAT
    conflicts: int | None = None  # per-check conflict budget (unknown => clue kept)
    chunk: int = 16
    version: str = GENERATOR_VERSION

    def rng(self, index: int) -> random.Random:
        opts = ",".join(f"{k}={self.options[k]}" for k in sorted(self.options))
        return random.Random(f"{self.puzzle}|{opts}|{self.target}|{self.symmetric}|{self.minimal}|"
                             f"{self.difficulty}|{self.seed}|{index}|{self.version}")


def _params_json(params: Any) -> Any:
    if is_dataclass(params):
        return {k: (sorted(v) if isinstance(v, (set, frozenset)) else v) for k, v in asdict(params).items()}
    return params


def make_item(spec: DatasetSpec, index: int, sessions: SessionCache) -> tuple[dict, dict]:
    """(record, timing) for item `index`: deterministic record, run-dependent timing."""
    from . import registry

    ptype, gen = registry.puzzle(spec.puzzle), registry.generator(spec.puzzle)
    if spec.difficulty is not None and not ptype.has_rules:
        raise PuzzleError(f"{ptype.name} has no SAT difficulty levels: --difficulty does not apply")
    params = gen.params(**spec.options)
    rng = spec.rng(index)
    budget = Budget(conflicts=spec.conflicts)
    opts = GenerateOptions(target=spec.target, symmetric=spec.symmetric, minimal=spec.minimal, budget=budget)
    start = time.perf_counter()
    tries = 0
    while True:
        tries += 1
        if not gen.history_free:
            sessions = SessionCache(sessions.solver)  # its answers must not depend on history
        g: Generated = generate_one(ptype, gen, params, rng, sessions, opts)
        difficulty = measures(ptype, g.instance)
        level = difficulty.get("level")
        if spec.difficulty is None or (level is not None and spec.difficulty[0] <= level <= spec.difficulty[1]):
            break
        if tries >= 1000:
            raise PuzzleError(f"no puzzle in difficulty range {spec.difficulty} after 1000 tries")
    verified = ["sat"]
    if spec.cross_check:
        from .cpsat import cpsat_count

        cp = cpsat_count(ptype, g.instance, limit=2)
        if not (cp.complete and cp.n == 1 and cp.solutions[0] == g.solution):
            raise PuzzleError(f"item {index}: CP-SAT disagrees with the SAT engine ({cp.n} solutions)")
        verified.append("cpsat")
    fmt = ptype.formats[0]
    record = {
        "id": f"{spec.puzzle}-{spec.seed}-{index}",
        "puzzle": ptype.name,
        "params": _params_json(g.instance.params),
        "options": spec.options,
        "clues": ptype.format(g.instance, fmt),
        "solution": ptype.format_solution(g.instance, g.solution, fmt),
        "format": fmt,
        "clue_count": ptype.clue_count(g.instance),
        "difficulty": difficulty,
        "seed": spec.seed,
        "index": index,
        "generator_version": spec.version,
        "engine": f"pysat:{sessions.solver}",
        "unique": g.unique,
        "minimal": g.minimal,
        "verified_by": verified,
        "attempts": g.attempts + tries - 1,
    }
    timing = {"id": record["id"], "seconds": round(time.perf_counter() - start, 6), "checks": g.checks}
    return record, timing


def canonical_key(record: dict, dedup: str) -> str:
    if dedup == "symmetry":
        from . import registry

        ptype = registry.puzzle(record["puzzle"])
        canon = getattr(ptype, "canonical", None)
        if canon is not None:
            return canon(ptype.parse(record["clues"], record["format"]))
    return record["clues"]


# ---- running --------------------------------------------------------------------------
_WORKER_SESSIONS: SessionCache | None = None


def _hold_interrupts() -> None:
    """Pool workers leave Ctrl-C to the parent, which stops between chunks: a SIGINT inside
    a python-sat call would leave the solver unusable."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _chunk_job(spec: DatasetSpec, indices: list[int]) -> list[tuple[dict, dict]]:
    """One chunk in one worker; the worker keeps its solver alive between chunks."""
    global _WORKER_SESSIONS
    if _WORKER_SESSIONS is None:
        _WORKER_SESSIONS = SessionCache()
    return [make_item(spec, i, _WORKER_SESSIONS) for i in indices]


def _chunks(start: int, size: int) -> Iterator[list[int]]:
    i = start
    while True:
        yield list(range(i, i + size))
        i += size


def _map_chunks(spec: DatasetSpec, start: int, workers: int, scheduler: str | None) -> Iterator[list]:
    """Chunks of items in index order, from this process, a process pool, or Dask."""
    chunks = _chunks(start, spec.chunk)
    if scheduler:
        yield from _dask_chunks(spec, chunks, scheduler, workers)
        return
    if workers <= 1:
        for idx in chunks:
            yield _chunk_job(spec, idx)
        return
    import multiprocessing as mp

    ctx = mp.get_context("fork") if hasattr(os, "fork") else mp.get_context()
    with ctx.Pool(workers, initializer=_hold_interrupts) as pool:
        pending = []
        for _ in range(workers * 2):  # keep every worker busy, results still in order
            pending.append(pool.apply_async(_chunk_job, (spec, next(chunks))))
        while True:
            result = pending.pop(0).get()
            pending.append(pool.apply_async(_chunk_job, (spec, next(chunks))))
            yield result


def _dask_chunks(spec: DatasetSpec, chunks: Iterator[list[int]], address: str, workers: int) -> Iterator[list]:
    try:
        from distributed import Client
    except ImportError:
        raise PuzzleError("--scheduler needs the cluster extra: pip install 'puzzle-lab[cluster]'") from None
    with Client(address) as client:
        window = max(2, workers * 2)
        pending = [client.submit(_chunk_job, spec, next(chunks), pure=False) for _ in range(window)]
        while True:
            result = pending.pop(0).result()
            pending.append(client.submit(_chunk_job, spec, next(chunks), pure=False))
            yield result


@dataclass
class RunSummary:
    path: str
    written: int  # records in the finished dataset
    new: int  # generated by this run
    duplicates: int
    seconds: float
    resumed: int = 0

    @property
    def rate(self) -> float:
        return self.new / self.seconds if self.seconds > 0 else 0.0


def _read_journal(path: Path) -> list[dict]:
    """Records of an interrupted run; a torn last line (no newline) is cut off."""
    if not path.exists():
        return []
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        data = data[: data.rfind(b"\n") + 1]
        with open(path, "r+b") as f:
            f.truncate(len(data))
    return [json.loads(line) for line in data.decode().splitlines() if line.strip()]


def generate_dataset(spec: DatasetSpec, out: str | os.PathLike, fmt: str = "jsonl", workers: int = 1,
                     scheduler: str | None = None, progress: Callable[[int], None] | None = None,
                     stop: Callable[[], bool] | None = None) -> RunSummary:
    """Write `spec.count` unique puzzles to `out`, resuming an interrupted run of the same spec.
    `stop()` is asked after every chunk is safely written; True ends the run there with
    KeyboardInterrupt (the CLI's Ctrl-C: a solver is never interrupted half-way)."""
    if fmt not in FORMATS:
        raise PuzzleError(f"unknown dataset format '{fmt}' (known: {', '.join(FORMATS)})")
    if fmt == "kaggle" and spec.puzzle != "sudoku":
        raise PuzzleError("the kaggle puzzle,solution layout is for sudoku only")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    journal = out.with_name(out.name + ".partial")
    timings = out.with_name(out.name + ".timings.jsonl")
    start = time.perf_counter()
    if out.exists() and not journal.exists() and fmt == "jsonl":
        os.replace(out, journal)  # extend a finished dataset: it becomes the journal again
    records = _read_journal(journal)
    for rec in records:
        if rec.get("seed") != spec.seed or rec.get("puzzle") != spec.puzzle or rec.get("options") != spec.options:
            raise PuzzleError(f"{journal} belongs to a different run (seed/puzzle/options differ); "
                              "remove it or use another --out")
    resumed = len(records)
    records = records[: spec.count]
    seen = {canonical_key(r, spec.dedup) for r in records} if spec.dedup != "none" else set()
    next_index = records[-1]["index"] + 1 if records else 0
    new = dups = 0
    if progress:
        progress(len(records))
    if len(records) < spec.count:
        with open(journal, "a", encoding="utf-8") as jf, open(timings, "a", encoding="utf-8") as tf:
            for chunk in _map_chunks(spec, next_index, workers, scheduler):
                lines, tlines = [], []
                for record, timing in chunk:
                    if len(records) >= spec.count:
                        break
                    if spec.dedup != "none":
                        key = canonical_key(record, spec.dedup)
                        if key in seen:
                            dups += 1
                            continue
                        seen.add(key)
                    records.append(record)
                    lines.append(json.dumps(record, sort_keys=True) + "\n")
                    tlines.append(json.dumps(timing, sort_keys=True) + "\n")
                jf.write("".join(lines))
                jf.flush()
                os.fsync(jf.fileno())
                tf.write("".join(tlines))
                tf.flush()
                new += len(lines)
                if progress:
                    progress(len(lines))
                if len(records) >= spec.count:
                    break
                if stop is not None and stop():
                    raise KeyboardInterrupt
    _finish(records, journal, out, fmt)
    return RunSummary(str(out), len(records), new, dups, time.perf_counter() - start, resumed)


def _finish(records: list[dict], journal: Path, out: Path, fmt: str) -> None:
    """Write the final file next to `out` and rename it into place (atomic)."""
    tmp = out.with_name(out.name + ".tmp")
    if fmt == "jsonl":
        with open(tmp, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r, sort_keys=True) + "\n" for r in records)
    elif fmt in ("csv", "kaggle"):
        with open(tmp, "w", encoding="utf-8", newline="") as f:
            write_csv(records, f, kaggle=fmt == "kaggle")
    elif fmt == "parquet":
        write_parquet(records, tmp)
    os.replace(tmp, out)
    journal.unlink(missing_ok=True)


def write_csv(records: list[dict], f: io.TextIOBase, kaggle: bool = False) -> None:
    if kaggle:  # the common `puzzle,solution` layout: digits, 0 for a blank
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["puzzle", "solution"])
        for r in records:
            writer.writerow([r["clues"].replace(".", "0"), r["solution"]])
        return
    rows = [flatten(r) for r in records]
    fields = list(dict.fromkeys(k for row in rows for k in row)) or list(FLAT_FIELDS)
    writer = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)


def write_parquet(records: list[dict], path: Path) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise PuzzleError("Parquet output needs pyarrow: pip install 'puzzle-lab[parquet]'") from None
    table = pa.Table.from_pylist([flatten(r) for r in records])
    pq.write_table(table, path, compression="zstd")


