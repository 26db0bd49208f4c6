"""Datasets: deterministic items, resumable journals, parallel workers, output formats.

Item i is a pure function of (puzzle, parameters, seed, i, generator version): its random
generator is seeded from exactly those, and the engine's answers are facts (unique or not),
not solver moods. So 1 worker and 4 workers write the same bytes. Run-dependent numbers
(seconds, solver calls) go to a sidecar `<out>.timings` (JSON lines), keyed by id.

Safety: records go to `<out>.partial` (JSONL, one `write` per chunk, fsync'd); a rerun
resumes from it, dropping a torn last line; the finished dataset appears under its real
name only by an atomic rename. A reader never sees a half-written record.
"""

from __future__ import annotations

import copy
import csv
import hashlib
import io
import json
import os
import random
import shutil
import signal
import tempfile
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import Any, BinaryIO, NoReturn, TextIO

from ..engine.generator import Generated, GenerateOptions, generate_one, keywords
from ..engine.generator import Generator as PuzzleGenerator
from ..engine.grade import GRADE_VERSION, measures
from ..engine.puzzle import CluePuzzle, Instance, PairLayout, PuzzleError, PuzzleType, quote
from ..engine.sat import Budget, SessionCache, Unknown
from ..face.share import puzzlink_url, tatham_id
from ..toolkit.answers import question
from .records import (
    FLAT_FIELDS,
    FORMATS,
    JOURNAL_TAG,
    MAX_COUNT,
    MAX_WORKERS,
    OPTIONAL,
    SCHEMA,
    check_record,
    flatten,
    format_of,
    parquet_modules,
    portable,
    timings_path,
    typed,
    unportable,
)
from .safety import OutputLock, atomic_write, make_folders, output_path, remove_folders

GENERATOR_VERSION = "2"  # 2: unset --width/--height are None, not 0 (other seeds for some puzzles)


MAX_DUPLICATE_RUN = 50  # duplicates in a row before generation is called exhausted


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
    score: tuple[float, float] | None = None  # accepted range of the generic grade's score
    grade: bool = True  # False: records carry no difficulty (--no-grade)
    dedup: str = "exact"  # none | exact | symmetry
    cross_check: bool = False  # re-check every item with CP-SAT
    conflicts: int | None = None  # per-check conflict budget (unknown => clue kept)
    chunk: int | None = None  # items per job; None: sized from the count and the workers
    timeout: float | None = None  # wall seconds each item may take, else the run stops (RecordTimeout);
    # like `chunk` it never changes a record (nothing in an item is cut short), so no part of identity
    version: str = GENERATOR_VERSION

    def rng(self, index: int) -> random.Random:
        opts = ",".join(f"{k}={self.options[k]}" for k in sorted(self.options))
        score = f"{self.score}|" if self.score is not None else ""  # absent: the same draws as before it existed
        return random.Random(f"{self.puzzle}|{opts}|{self.target}|{self.symmetric}|{self.minimal}|"
                             f"{self.difficulty}|{score}{self.seed}|{index}|{self.version}")

    def settings(self) -> dict:
        """How the items were made beyond puzzle, options and seed: every record carries it, so
        a dataset says truthfully what it is and a rerun can tell whether it may extend it."""
        return {"target": self.target, "symmetric": self.symmetric, "minimal": self.minimal,
                "difficulty": list(self.difficulty) if self.difficulty else None, "dedup": self.dedup,
                "cross_check": self.cross_check, "conflicts": self.conflicts,
                        "score": list(self.score) if self.score is not None else None,
                "grade_version": GRADE_VERSION if self.grade else None, "graded": self.grade}

    def identity(self) -> dict:
        """What a journal or a finished dataset must match to be resumed or extended by this spec
        (the count may differ; chunking and workers never change a byte)."""
        return {"puzzle": self.puzzle, "options": self.options, "seed": self.seed,
                "generator_version": self.version, "settings": self.settings()}

    def validate(self) -> None:
        """Refuse a spec that cannot run, before any file is touched."""
        from ..face import registry

        if isinstance(self.count, bool) or not 1 <= self.count <= MAX_COUNT:
            raise PuzzleError(f"--count must be between 1 and {MAX_COUNT:,}, got {self.count}")
        if self.dedup not in ("none", "exact", "symmetry"):
            raise PuzzleError(f"--dedup must be none, exact or symmetry, got '{self.dedup}'")
        if self.target is not None and self.target < 0:
            raise PuzzleError(f"--target must be 0 or more, got {self.target}")
        if self.conflicts is not None and self.conflicts < 1:
            raise PuzzleError(f"--conflicts must be at least 1, got {self.conflicts}")
        if self.chunk is not None and self.chunk < 1:
            raise PuzzleError(f"chunk must be at least 1, got {self.chunk}")
        if self.timeout is not None and not self.timeout > 0:
            raise PuzzleError(f"--timeout must be more than 0 seconds, got {self.timeout}")
        ptype, gen = registry.puzzle(self.puzzle), registry.generator(self.puzzle)
        if self.difficulty is not None:
            lo, hi = self.difficulty
            if not 0 <= lo <= hi:
                raise PuzzleError(f"--difficulty LO:HI needs 0 <= LO <= HI, got {lo}:{hi}")
            if not ptype.has_rules:
                raise PuzzleError(f"{ptype.name} has no SAT difficulty levels: --grade does not apply")
        if not self.grade and (self.difficulty is not None or self.score is not None):
            raise PuzzleError("--no-grade leaves no grade to choose puzzles by: drop --grade or --score")
        if self.score is not None:
            low, high = self.score
            if not 0 <= low <= high:
                raise PuzzleError(f"--score LO:HI needs 0 <= LO <= HI, got {low:g}:{high:g}")
            if not ptype.has_rules:
                raise PuzzleError(f"{ptype.name} has no SAT difficulty score: --score does not apply")
        if self.cross_check and not ptype.has_rules:
            raise PuzzleError(f"{ptype.name} has no CP-SAT model: --cross-check does not apply")
        gen.checked_params(**self.options)


def _params_json(params: Any) -> Any:
    """A record's `params`: the puzzle's params as plain data (dataclasses as dicts, a set
    field sorted), as `asdict` gives them."""
    if is_dataclass(params) and not isinstance(params, type):
        return {f.name: _sorted_set(_plain(getattr(params, f.name))) for f in fields(params)}
    return params


_ATOMS = (int, float, str, bool, type(None))
_ATOM_TYPES = frozenset(_ATOMS)


def _plain(value: Any) -> Any:
    """`dataclasses.asdict` for one value, without copying what holds no dataclass: a tuple
    of numbers comes back as it is (a 20x15 map's cells took asdict 0.25 ms a record)."""
    if isinstance(value, _ATOMS):
        return value
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if type(value) is tuple and all(type(v) in _ATOM_TYPES for v in value):
        return value  # (the common case, checked at C speed)
    if isinstance(value, (tuple, list)):
        items = [_plain(v) for v in value]
        if hasattr(value, "_fields"):  # a named tuple
            return type(value)(*items)
        return value if type(value) is tuple and all(a is b for a, b in zip(items, value)) else type(value)(items)
    if isinstance(value, dict):
        return type(value)((_plain(k), _plain(v)) for k, v in value.items())
    return copy.deepcopy(value)


def _sorted_set(value: Any) -> Any:
    return sorted(value) if isinstance(value, (set, frozenset)) else value


def _in_range(value: float | None, bounds: tuple[float, float] | None) -> bool:
    """No bounds: anything goes; bounds: a known value inside them (an unknown one is not)."""
    return bounds is None or (value is not None and bounds[0] <= value <= bounds[1])


def _add_phases(total: dict[str, float], more: dict[str, float]) -> None:
    for key, seconds in more.items():
        total[key] = total.get(key, 0.0) + seconds


def make_item(spec: DatasetSpec, index: int, sessions: SessionCache) -> tuple[dict, dict]:
    """(record, timing) for item `index`: deterministic record, run-dependent timing. The
    steps: generate (graded, until the grade fits), cross-check, record."""
    from ..face import registry

    ptype, gen = registry.puzzle(spec.puzzle), registry.generator(spec.puzzle)
    start = time.perf_counter()
    phases: dict[str, float] = {"grade": 0.0}  # where the item's time went (the timing sidecar)
    made = _generate(spec, index, ptype, gen, sessions, phases)
    mark = time.perf_counter()
    verified = _cross_check(spec, index, ptype, made.generated)
    phases["cross_check"] = time.perf_counter() - mark
    mark = time.perf_counter()
    record = _record(spec, index, ptype, made, verified, f"pysat:{sessions.solver_for(ptype)}")
    phases["format"] = time.perf_counter() - mark
    timing = {"id": record["id"], "seconds": round(time.perf_counter() - start, 6), "checks": made.generated.checks,
              "phases": {k: round(v, 6) for k, v in phases.items()}}
    return record, timing


@dataclass(frozen=True)
class _Made:
    """A generated puzzle that passed the grade filter, its grade, and the tries it took."""

    generated: Generated
    difficulty: dict | None
    tries: int


def _generate(spec: DatasetSpec, index: int, ptype: PuzzleType, gen: PuzzleGenerator, sessions: SessionCache,
              phases: dict[str, float]) -> _Made:
    """Puzzles from the item's own random generator until one's grade falls in the asked
    ranges (the first one when none is asked): the filter draws again rather than bending a
    puzzle, so the record stays a pure function of the item's seed. Adds each try's time to
    `phases`."""
    params = gen.params(**keywords(spec.options))
    rng = spec.rng(index)
    budget = Budget(conflicts=spec.conflicts)
    opts = GenerateOptions(target=spec.target, symmetric=spec.symmetric, minimal=spec.minimal, budget=budget)
    tries = 0
    while True:
        tries += 1
        if not gen.history_free or spec.conflicts is not None:
            # Its answers must not depend on history: a repair reads whichever rival the
            # solver found, and under a conflict budget whether a check comes back unknown
            # depends on what the solver learned before. Solvers of its own, then.
            sessions = SessionCache(sessions.solver)
        mark = time.perf_counter()
        g: Generated = generate_one(ptype, gen, params, rng, sessions, opts)
        made = time.perf_counter()
        _add_phases(phases, g.phases or {"generate": made - mark})
        difficulty = _grade(spec, ptype, g.instance)
        phases["grade"] += time.perf_counter() - made
        if difficulty is None or (_in_range(difficulty.get("level"), spec.difficulty)
                                  and _in_range(difficulty.get("score"), spec.score)):
            return _Made(g, difficulty, tries)
        if tries >= 1000:
            wanted = " and ".join(f"{name} {lo:g}:{hi:g}" for name, bounds in (("level", spec.difficulty),
                                  ("score", spec.score)) if bounds for lo, hi in [bounds])
            raise PuzzleError(f"no puzzle at {wanted} after 1000 tries")


def _grade(spec: DatasetSpec, ptype: PuzzleType, inst: Instance) -> dict | None:
    """The puzzle's difficulty measures when the dataset records them: a grade is a search of
    its own, often longer than generating, so a dataset without one skips it."""
    return measures(ptype, inst) if spec.grade else None


def _cross_check(spec: DatasetSpec, index: int, ptype: PuzzleType, g: Generated) -> list[str]:
    """Which engines vouch for the puzzle being unique with this solution: the SAT engine that
    made it, and CP-SAT when asked (an independent solver, so a bug in one encoding cannot
    pass unseen). A disagreement stops the dataset: a wrong record is worse than none."""
    verified = ["sat"]
    if spec.cross_check and isinstance(ptype, CluePuzzle):  # `validate` refused it for the others
        from ..engine.cpsat import cpsat_count

        cp = cpsat_count(ptype, g.instance, limit=2)
        if not (cp.complete and cp.n == 1 and cp.solutions[0] == g.solution):
            raise PuzzleError(f"item {index}: CP-SAT disagrees with the SAT engine ({cp.n} solutions)")
        verified.append("cpsat")
    return verified


def _record(spec: DatasetSpec, index: int, ptype: PuzzleType, made: _Made, verified: list[str],
            engine: str) -> dict:
    """The item's record: only what the seed determines (no times, no solver calls), in the
    key order every format writes, so reruns and any number of workers write the same bytes."""
    g, difficulty = made.generated, made.difficulty
    fmt = ptype.formats[0]
    tatham = tatham_id(ptype, g.instance)  # the game ID Simon Tatham's own player reads (lab/face/share.py)
    puzzlink = puzzlink_url(ptype, g.instance)  # the address puzz.link's player opens
    return {
        "id": f"{spec.puzzle}-{spec.seed}-{index}",
        "puzzle": ptype.name,
        "question": question(ptype, g.instance),
        "answer": ptype.answer_text(g.instance, g.solution),
        "canonical_key": symmetry_key(ptype, g.instance),
        "params": _params_json(g.instance.params),
        "options": spec.options,
        "clues": ptype.format(g.instance, fmt),
        "solution": ptype.format_solution(g.instance, g.solution, fmt),
        "format": fmt,
        **({"tatham_id": tatham} if tatham is not None else {}),
        **({"puzzlink_url": puzzlink} if puzzlink is not None else {}),
        "clue_count": ptype.clue_count(g.instance),
        **({"difficulty": difficulty} if difficulty is not None else {}),
        "seed": spec.seed,
        "index": index,
        "generator_version": spec.version,
        "engine": engine,
        "unique": g.unique,
        "minimal": g.minimal,
        "verified_by": verified,
        "attempts": g.attempts + made.tries - 1,
        "repairs": g.repairs,
        "settings": spec.settings(),
    }


def symmetry_key(ptype: PuzzleType, inst: Instance) -> str:
    """The same short text for every board equal to `inst` up to the puzzle's symmetries
    (`canonical`: rotations, reflections, relabelling), and for no other: records carry it as
    `canonical_key`, and splits keep all the records of one key together, so that no board
    seen in training comes back turned or relabelled in the test set."""
    text = ptype.canonical(inst) if ptype.implements("canonical") else ptype.format(inst, ptype.formats[0])
    return f"{ptype.name}-{hashlib.sha256(text.encode()).hexdigest()[:20]}"


def dedup_key(record: dict, dedup: str) -> str:
    """What two records share when one is a duplicate of the other under `dedup`."""
    if dedup == "symmetry":
        if isinstance(record.get("canonical_key"), str):
            return record["canonical_key"]
        from ..face import registry

        ptype = registry.puzzle(record["puzzle"])
        return symmetry_key(ptype, ptype.parse(record["clues"], record["format"]))
    return record["clues"]


# ---- running --------------------------------------------------------------------------
_WORKER_SESSIONS: SessionCache | None = None


def _worker_init() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops between chunks (a SIGINT inside a
    python-sat call would leave the solver unusable), and die with the parent when it is
    killed instead of living on to write into a closed pipe."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's stop-after-the-chunk handler
    _die_with_parent()


def _die_with_parent() -> None:
    """Linux's PR_SET_PDEATHSIG: SIGTERM this process when its parent thread ends."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the parent still kills its workers as it ends
        pass
    if os.getppid() == 1:  # the parent died before the line above
        os._exit(0)


def _chunk_job(spec: DatasetSpec, indices: list[int]) -> list[tuple[dict, dict]]:
    """One chunk in one Dask worker; the worker keeps its solver alive between chunks."""
    global _WORKER_SESSIONS
    if _WORKER_SESSIONS is None:
        _WORKER_SESSIONS = SessionCache()
    return [make_item(spec, i, _WORKER_SESSIONS) for i in indices]


def _items(spec: DatasetSpec, start: int, chunk: int, workers: int, scheduler: str | None,
           wanted: Callable[[], int]) -> Generator[tuple[dict, dict], None, None]:
    """(record, timing) for items start, start+1, ... in index order, made in this process
    (one at a time, so progress moves per puzzle), in worker processes or on Dask. Parallel
    jobs are handed out only while more items are still wanted, so a small run does no extra
    work. Under a `spec.timeout` even one worker is a process of its own: an item that runs
    over may be deep in a solver's C code, and only its process can be stopped."""
    if scheduler is None and workers <= 1 and spec.timeout is None:
        sessions = SessionCache()
        index = start
        while True:
            yield make_item(spec, index, sessions)
            index += 1
    if scheduler is not None:
        with _dask_client(scheduler) as client:
            slots = max(workers, _cluster_threads(client))  # the whole cluster busy, --workers or more
            yield from _parallel(start, chunk, max(2, slots * 2), wanted,
                                 lambda idx: _dask_waiter(client.submit(_chunk_job, spec, idx, pure=False),
                                                          idx, spec.timeout))
        return
    yield from _supervised(spec, start, chunk, workers, wanted)


class RecordTimeout(Unknown):
    """An item took longer than `DatasetSpec.timeout`, so the run stopped at it. An item is
    never cut short into a different one: it is made whole or not at all, so what a dataset
    holds never depends on the budget. `index` is the item's (on Dask, the first of the chunk
    that ran over, `last` its last)."""

    def __init__(self, message: str, index: int, last: int | None = None):
        super().__init__(message)
        self.index, self.last = index, index if last is None else last

    def __reduce__(self) -> tuple:
        return type(self), (str(self), self.index, self.last)


def _overrun(spec: DatasetSpec, stopped: RecordTimeout, kept: int, journal: Path) -> RecordTimeout:
    """The one line that ends a run at an item that ran over its budget: which item, at
    which options, what was kept and how to go on."""
    made_with = " ".join([spec.puzzle, *(f"--{k} {v}" for k, v in spec.options.items() if v is not None and v != "")])
    which = (f"record {stopped.index}" if stopped.last == stopped.index
             else f"one of records {stopped.index}..{stopped.last}")
    if kept:
        kept_text = (f"the {kept} record{'s' * (kept != 1)} before it {'are' if kept != 1 else 'is'} kept in "
                     f"{journal}: the same command with a larger --timeout resumes from them, or choose a "
                     "smaller size and another --out")
    else:
        kept_text = "no record was kept: rerun with a larger --timeout, or choose a smaller size"
    return RecordTimeout(f"{which} of {made_with} did not finish within --timeout {spec.timeout:g} s, so the run "
                         f"stopped there; {kept_text}; "
                         f"`puzzlelab list {spec.puzzle}` says what each size costs", stopped.index, stopped.last)


def _dask_waiter(future: Any, indices: list[int], timeout: float | None) -> Callable[[], list]:
    """Wait for a Dask chunk. A task on a cluster cannot be stopped from here, so the budget
    is the chunk's (`timeout` per item), counted from when the run comes to wait for it."""
    def wait() -> list:
        try:
            return future.result(timeout=None if timeout is None else timeout * len(indices))
        except TimeoutError:
            raise RecordTimeout(f"records {indices[0]}..{indices[-1]} ran over", indices[0], indices[-1]) from None
    return wait


class _RemoteTraceback(Exception):
    """Where an error in a worker process happened, attached to it as its cause."""

    def __str__(self) -> str:
        return "\n" + str(self.args[0])


def _runner_main(spec: DatasetSpec, conn: Any) -> None:
    """A worker process: make the items it is sent, one message for each (an error is handed
    on as it is), keeping its solvers between them."""
    import traceback

    _worker_init()
    sessions = SessionCache()
    while True:
        try:
            indices = conn.recv()
        except (EOFError, OSError):
            return
        for index in indices:
            try:
                item = make_item(spec, index, sessions)
            except Exception as exc:  # handed to the parent, which raises it in index order
                conn.send(("error", index, _picklable(exc), traceback.format_exc()))
            else:
                conn.send(("item", index, item))


def _picklable(exc: Exception) -> Exception:
    import pickle

    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:
        return PuzzleError(f"{type(exc).__name__}: {exc}")


@dataclass
class _Failure:
    """An item that raised in a worker: raised again when the run comes to it."""

    error: Exception
    where: str

    def throw(self) -> None:
        if not isinstance(self.error, PuzzleError):
            raise self.error from _RemoteTraceback(self.where)
        raise self.error


class _Runner:
    """One worker process and what it was sent. The parent times each item from the moment
    the worker begins it (when items are sent to it idle, or the item before arrives)."""

    def __init__(self, spec: DatasetSpec, ctx: Any):
        self.conn, theirs = ctx.Pipe()
        self.process = ctx.Process(target=_runner_main, args=(spec, theirs), daemon=True, name="puzzlelab-worker")
        self.process.start()
        theirs.close()
        self.queue: list[int] = []  # items sent and not yet back, in order
        self.started = 0.0  # time.monotonic() when the first of them began

    def begin(self, indices: list[int]) -> None:
        """Send it more items, after those it has (the clock runs from the first)."""
        if not self.queue:
            self.started = time.monotonic()
        self.queue += indices
        try:
            self.conn.send(indices)
        except OSError:  # it died while idle
            self._ended()

    def _ended(self) -> NoReturn:
        self.process.join(1)
        code = self.process.exitcode
        how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit code {code}"
        raise PuzzleError(f"the worker process making record {self.queue[0]} ended ({how}); "
                          "the records before it are kept: rerun the same command to resume")

    def receive(self, made: dict[int, Any]) -> None:
        """Take every message waiting: items into `made`, an error as a `_Failure`."""
        while self.queue and self.conn.poll():
            try:
                kind, index, *payload = self.conn.recv()
            except (EOFError, OSError):
                self._ended()
            self.started = time.monotonic()
            self.queue.remove(index)
            made[index] = payload[0] if kind == "item" else _Failure(*payload)

    def close(self) -> None:
        """Stop the worker, idle or deep in C code alike: it holds nothing worth keeping."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()
        self.queue = []


def _supervised(spec: DatasetSpec, start: int, chunk: int, workers: int,
                wanted: Callable[[], int]) -> Generator[tuple[dict, dict], None, None]:
    """Items from `workers` worker processes, in index order, each item under `spec.timeout`
    (None: no limit). Once one runs over, no more work is handed out, the items before it
    are still awaited (each under its own budget: the earliest that runs over is the one
    named), and then the run stops with `RecordTimeout`. A worker that dies is reported,
    not waited for."""
    import multiprocessing as mp
    from multiprocessing.connection import wait

    ctx = mp.get_context("fork") if hasattr(os, "fork") else mp.get_context()
    runners: list[_Runner] = []
    made: dict[int, Any] = {}  # index -> (record, timing) or _Failure, not yet yielded
    following = handed = start  # the next item to yield, and to hand out
    stuck: int | None = None  # the earliest item that ran over: the run ends there
    each = 1 if workers == 1 else chunk  # items a message (one worker: none made beyond the count)
    try:
        for _ in range(workers):
            runners.append(_Runner(spec, ctx))
        while True:
            while following in made and (stuck is None or following < stuck):
                item = made.pop(following)
                following += 1
                if isinstance(item, _Failure):
                    item.throw()
                yield item
            if stuck is not None and following >= stuck:
                raise RecordTimeout(f"record {stuck} ran over", stuck)
            for runner in runners if stuck is None else []:
                ahead = handed - following
                if len(runner.queue) <= each and ahead < 2 * workers * chunk and (ahead < wanted() or not ahead):
                    runner.begin(list(range(handed, handed + each)))
                    handed += each
            # (never empty: the item at `following` is with a worker, or in `made`)
            busy = [r for r in runners if r.queue and (stuck is None or r.queue[0] < stuck)]
            limit = None
            if spec.timeout is not None:
                limit = max(0.0, min(r.started for r in busy) + spec.timeout - time.monotonic())
            ready = wait([r.conn for r in busy], limit)
            for runner in busy:
                if runner.conn in ready:
                    runner.receive(made)
            if spec.timeout is not None:
                now = time.monotonic()
                late = [r.queue[0] for r in busy if r.queue and r.started + spec.timeout <= now]
                if late:
                    stuck = min(late if stuck is None else [*late, stuck])
                    for runner in runners:  # work after it is of no use: stop it now
                        if runner.queue and runner.queue[0] > stuck:
                            runner.close()
    finally:
        for runner in runners:
            runner.close()


def _parallel(start: int, chunk: int, window: int, wanted: Callable[[], int],
              submit: Callable[[list[int]], Callable[[], list]]) -> Iterator[tuple[dict, dict]]:
    """Keep up to `window` chunks in flight (never more items than are still wanted) and
    yield their items in order. `submit(indices)` returns a function that waits for the chunk."""
    pending: list[Callable[[], list]] = []
    index = start
    while True:
        while len(pending) < window and (len(pending) * chunk < wanted() or not pending):
            pending.append(submit(list(range(index, index + chunk))))
            index += chunk
        yield from pending.pop(0)()


def _distributed():
    try:
        import distributed
    except ImportError:
        raise PuzzleError("--scheduler needs the cluster extra: pip install 'puzzle-lab[cluster]'") from None
    return distributed


def _dask_client(address: str):
    try:
        client = _distributed().Client(address, timeout=10)
    except (OSError, TimeoutError) as exc:
        raise PuzzleError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        _check_workers(client)
    except BaseException:
        client.close()
        raise
    return client


def _lab_versions() -> tuple[str, str, int]:
    """What a worker must agree on to make the same records: the lab's version, the
    generator's and the grade's (run on each worker by `_check_workers`)."""
    from puzzlelab import __version__

    return __version__, GENERATOR_VERSION, GRADE_VERSION


def _check_workers(client: Any) -> None:
    """Refuse a cluster whose workers run another version of the lab (their records would
    differ from this machine's), or that has no worker yet."""
    if not client.nthreads():
        raise PuzzleError("the Dask scheduler has no workers yet: start some (`dask worker ADDRESS`)")
    here = _lab_versions()
    for worker, theirs in sorted(client.run(_lab_versions).items()):
        if tuple(theirs) != here:
            raise PuzzleError(f"Dask worker {worker} runs puzzlelab {theirs[0]} (generator {theirs[1]}, grade "
                              f"{theirs[2]}), this machine {here[0]} ({here[1]}, {here[2]}): install the same "
                              "version on every worker")


def _cluster_threads(client: Any) -> int:
    """Threads the cluster's workers have: chunks enough to keep every one busy."""
    return sum(client.nthreads().values())


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

# ---- the journal: what a run has written so far ---------------------------------------
def journal_header(spec: DatasetSpec, fmt: str | None = None) -> bytes:
    """The journal's first line: which spec its records belong to, and the layout the
    finished file will have (a rerun in another layout is refused: its file would be
    neither run's)."""
    head: dict[str, Any] = {JOURNAL_TAG: 1, "identity": spec.identity()}
    if fmt is not None:
        head["format"] = fmt
    return (json.dumps(head, sort_keys=True) + "\n").encode()


@dataclass
class _Progress:
    """What the journal holds: how many records, their dedup keys, the next item index."""

    records: int = 0
    keys: set = field(default_factory=set)
    next_index: int = 0

    def add(self, record: dict, dedup: str) -> None:
        self.records += 1
        if dedup != "none":
            self.keys.add(dedup_key(record, dedup))
        self.next_index = record["index"] + 1


def _differences(found: dict, wanted: dict, prefix: str = "") -> list[str]:
    """'seed: 1, not 5' for each field where `found` differs from `wanted`."""
    out = []
    for key in sorted(set(found) | set(wanted)):
        a, b = found.get(key), wanted.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            out += _differences(a, b, f"{prefix}{key}.")
        elif a != b:
            out.append(f"{prefix}{key}: {json.dumps(a)}, not {json.dumps(b)}")
    return out


def _belongs(record: Any, spec: DatasetSpec) -> list[str]:
    """Why `record` was not made by `spec` (empty: it was)."""
    if not isinstance(record, dict) or not isinstance(record.get("clues"), str) \
            or type(record.get("index")) is not int:
        return ["not a puzzlelab record"]
    return _differences({k: record.get(k) for k in spec.identity()}, spec.identity())


def _schema_error(record: dict) -> str | None:
    try:
        check_record(record)
    except ValueError as exc:
        return str(exc)
    return None


def _scan_journal(journal: Path, spec: DatasetSpec, fmt: str | None = None) -> _Progress:
    """Read an unfinished run's journal. A torn last line (a kill mid-write) is cut off; a
    journal of another spec, or with a corrupt line before the last, is refused untouched."""
    progress = _Progress()
    header = journal_header(spec, fmt)
    with open(journal, "rb") as f:
        first = f.readline()
        if not first.endswith(b"\n") and header.startswith(first):
            torn_at = 0  # killed while writing its first line: nothing in it yet
        else:
            _check_header(journal, first, spec, fmt)
            torn_at = None
            offset = len(first)
            for lineno, line in enumerate(f, start=2):
                if not line.endswith(b"\n"):
                    torn_at = offset
                    break
                try:
                    record = unportable(json.loads(line))
                except ValueError:
                    raise PuzzleError(f"{journal}: line {lineno} is corrupt (not a JSON record); the lines "
                                      f"before it are intact: keep them by cutting the file at line {lineno}, "
                                      "or remove the file to start again") from None
                if _belongs(record, spec) or not set(SCHEMA) - OPTIONAL <= set(record) <= set(SCHEMA) \
                        or _schema_error(record) \
                        or record["index"] < progress.next_index:
                    raise PuzzleError(f"{journal}: line {lineno} is not a record of this run; "
                                      "remove the file to start again")
                progress.add(record, spec.dedup)
                offset += len(line)
    if torn_at is not None:
        with open(journal, "r+b") as f:
            f.truncate(torn_at)
        if torn_at == 0:
            journal.unlink()
    return progress


def _check_header(journal: Path, first: bytes, spec: DatasetSpec, fmt: str | None = None) -> None:
    try:
        head = json.loads(first)
    except (ValueError, RecursionError):
        head = None
    if not isinstance(head, dict) or JOURNAL_TAG not in head:
        raise PuzzleError(f"{journal} is not a journal this version of puzzlelab wrote: "
                          "remove it or choose another --out")
    diff = _differences(head.get("identity") or {}, spec.identity())
    if diff:
        raise PuzzleError(f"{journal} is an unfinished run with other settings ({'; '.join(diff[:3])}): "
                          "rerun that command to finish it, or remove the file")
    started = head.get("format")
    if fmt is not None and started is not None and started != fmt:
        raise PuzzleError(f"{journal} is an unfinished run written as {started}, not {fmt}: rerun it with "
                          f"--out-format {started} to finish it, or remove the file")


def _read_finished(out: Path, fmt: str, spec: DatasetSpec) -> list[dict]:
    """The records of a finished dataset at `out`, if this spec made it; refuses anything else."""
    if fmt == "kaggle":
        raise PuzzleError(f"{out} exists, and a kaggle CSV does not record how it was made, so it "
                          "cannot be extended: choose another --out")
    try:
        if fmt == "jsonl":  # strictly what _finish writes: one record a line, a newline at the end
            data = out.read_bytes()
            if data and not data.endswith(b"\n"):
                raise ValueError("its last line has no newline")
            records = [unportable(json.loads(line)) for line in data.splitlines()]
        else:
            from .records import read_records

            records = list(read_records(out))
    except (ValueError, PuzzleError) as exc:  # JSON, UTF-8 or schema errors
        raise PuzzleError(f"{out} exists and is not a puzzlelab dataset ({str(exc)[:80]}): "
                          "remove it or choose another --out") from None
    if not records:  # a run always finishes with at least one record
        raise PuzzleError(f"{out} exists and holds no records: not a dataset this command wrote; "
                          "remove it or choose another --out")
    for i, record in enumerate(records):
        diff = _belongs(record, spec)
        if not diff and i and record["index"] <= records[i - 1]["index"]:
            diff = ["its items are out of order"]
        if diff:
            raise PuzzleError(f"{out} exists and holds a dataset made with other settings (record {i + 1}: "
                              f"{'; '.join(diff[:3])}): remove it or choose another --out")
    return records


def _reopen_finished(out: Path, fmt: str, spec: DatasetSpec, journal: Path) -> int:
    """Make a finished dataset of this spec the journal of its extension, leaving `out` as it
    is until the longer file replaces it. Returns how many records it holds."""
    records = _read_finished(out, fmt, spec)
    if len(records) >= spec.count:
        return len(records)
    if fmt != "jsonl":  # CSV and Parquet hold the flat record: extend only what round-trips exactly
        fd, name = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.", suffix=".check")
        os.close(fd)
        try:
            _write(records, Path(name), fmt)
            exact = Path(name).read_bytes() == out.read_bytes()
        finally:
            os.unlink(name)
        if not exact:
            raise PuzzleError(f"{out} cannot be extended exactly from its {fmt} form: choose another --out")
    if fmt == "jsonl":  # the user's bytes as they are
        lines = out.read_bytes()
    else:
        lines = b"".join(json.dumps(portable(r), sort_keys=True).encode() + b"\n" for r in records)
    def write(tmp: Path) -> None:
        tmp.write_bytes(journal_header(spec, fmt) + lines)

    atomic_write(journal, write)
    return len(records)


def _chunk_size(spec: DatasetSpec, remaining: int, workers: int) -> int:
    """Items per job: small runs are split across the workers, large ones in chunks of 16."""
    if spec.chunk is not None:
        return spec.chunk
    return max(1, min(16, -(-remaining // (4 * max(1, workers)))))


# ---- one run --------------------------------------------------------------------------
def generate_dataset(spec: DatasetSpec, out: str | os.PathLike, fmt: str | None = None, workers: int = 1,
                     scheduler: str | None = None, progress: Callable[[int], None] | None = None,
                     stop: Callable[[], bool] | None = None) -> RunSummary:
    """Write `spec.count` unique puzzles to `out`, resuming an interrupted run of the same spec
    or extending a finished one. `stop()` is asked after every chunk is safely written; True
    ends the run there with KeyboardInterrupt (the CLI's Ctrl-C: a solver is never interrupted
    half-way).

    The user's files are never renamed, truncated or overwritten: an `out` that this spec did
    not make is refused, a finished dataset is never shortened, and a second run on the same
    `out` stops at its lock. `fmt`: the layout, by default the one `out`'s name says (JSONL
    for a name that says none); one that disagrees with the name is refused. Every
    requirement of the output is checked before the first record is made."""
    if fmt is not None and fmt not in FORMATS:
        raise PuzzleError(f"unknown dataset format {quote(fmt)} (known: {', '.join(FORMATS)})")
    fmt = format_of(out, fmt)
    if fmt == "kaggle":
        pair_layout(spec.puzzle)  # refuses a puzzle that does not fit one line
    if fmt == "parquet":
        parquet_modules()  # not after all the work
    if isinstance(workers, bool) or not 1 <= workers <= MAX_WORKERS:
        raise PuzzleError(f"--workers must be between 1 and {MAX_WORKERS}, got {workers}")
    spec.validate()
    if scheduler is not None:
        _distributed()
    out = output_path(out)
    made = make_folders(out.parent)
    try:
        with OutputLock(out):
            return _run(spec, out, fmt, workers, scheduler, progress, stop)
    except BaseException:
        remove_folders(made)  # a run that wrote nothing leaves no empty folders behind
        raise


def _run(spec: DatasetSpec, out: Path, fmt: str, workers: int, scheduler: str | None,
         progress: Callable[[int], None] | None, stop: Callable[[], bool] | None) -> RunSummary:
    journal = out.with_name(out.name + ".partial")
    timings = timings_path(out)
    start = time.perf_counter()
    if journal.exists() and out.exists():  # killed between the final rename and removing the journal
        if len(_read_finished(out, fmt, spec)) < _scan_journal(journal, spec, fmt).records:
            raise PuzzleError(f"both {out} and {journal} exist and the journal is longer: remove one")
        journal.unlink()
    if not journal.exists() and out.exists():
        held = _reopen_finished(out, fmt, spec, journal)
        if held > spec.count:
            raise PuzzleError(f"{out} already holds {held} puzzles of this run, more than --count "
                              f"{spec.count}; a dataset is never shortened: ask for more, or use another --out")
        if held == spec.count:
            if progress:
                progress(held)
            return RunSummary(str(out), held, 0, 0, time.perf_counter() - start, held)
    elif not journal.exists() and timings.exists():
        raise PuzzleError(f"{timings} exists but {out} does not: remove it (it belongs to an older run) "
                          "or choose another --out")
    done = _scan_journal(journal, spec, fmt) if journal.exists() else _Progress()
    resumed = done.records
    if progress:
        progress(resumed)
    new = dups = dup_run = 0
    if done.records < spec.count:
        chunk = _chunk_size(spec, spec.count - done.records, workers)
        fresh = not journal.exists()
        lines: list[bytes] = []
        tlines: list[str] = []
        overrun: list[RecordTimeout] = []
        try:
            items = _until_overrun(_items(spec, done.next_index, chunk, workers, scheduler,
                                          wanted=lambda: spec.count - done.records), overrun)
            with closing(items), open(journal, "ab") as jf, open(timings, "a", encoding="utf-8") as tf:
                for seen, (record, timing) in enumerate(items, start=1):
                    key = dedup_key(record, spec.dedup) if spec.dedup != "none" else None
                    if key is not None and key in done.keys:
                        dups += 1
                        dup_run += 1
                    else:
                        dup_run = 0
                        done.add(record, spec.dedup)
                        lines.append(json.dumps(portable(record), sort_keys=True).encode() + b"\n")
                        tlines.append(json.dumps(timing, sort_keys=True) + "\n")
                        if progress:
                            progress(1)
                    finished = done.records >= spec.count
                    if seen % chunk and not finished:
                        continue
                    if lines:
                        _append_chunk(jf, tf, journal_header(spec, fmt) if fresh else b"", lines, tlines)
                        fresh = False
                        new += len(lines)
                        lines, tlines = [], []
                    if finished:
                        break
                    if dup_run >= MAX_DUPLICATE_RUN:
                        raise PuzzleError(
                            f"stopped: the last {dup_run} puzzles made were all duplicates of the "
                            f"{done.records} already kept, so {spec.puzzle} with these options seems to "
                            f"have no more; they are kept in {journal} (rerun with --count {done.records} "
                            "to finish with them, or use a larger size or --dedup none)")
                    if stop is not None and stop():
                        raise KeyboardInterrupt
                if overrun:  # keep what was made before the item that ran over, then say so
                    if lines:
                        _append_chunk(jf, tf, journal_header(spec, fmt) if fresh else b"", lines, tlines)
                        fresh = False
                    raise _overrun(spec, overrun[0], done.records, journal)
        finally:
            if fresh:  # nothing was written: leave no files behind
                journal.unlink(missing_ok=True)
                if timings.exists() and timings.stat().st_size == 0:
                    timings.unlink()
    _finish(journal, out, fmt)
    return RunSummary(str(out), done.records, new, dups, time.perf_counter() - start, resumed)


def _until_overrun(items: Generator[tuple[dict, dict], None, None],
                   overrun: list[RecordTimeout]) -> Generator[tuple[dict, dict], None, None]:
    """`items` until one runs over its budget: that ends the iteration (the run then writes what
    it holds before it says so) and is put in `overrun`."""
    with closing(items):
        try:
            yield from items
        except RecordTimeout as exc:
            overrun.append(exc)


def _append_chunk(journal: BinaryIO, timings: TextIO, head: bytes, lines: list[bytes], tlines: list[str]) -> None:
    """One chunk of records onto the journal (after its header, `head`, for the first), as
    one write made durable before its timings are added."""
    journal.write(head + b"".join(lines))
    journal.flush()
    os.fsync(journal.fileno())
    timings.write("".join(tlines))
    timings.flush()


def _journal_records(journal: Path) -> Iterator[dict]:
    with open(journal, "rb") as f:
        f.readline()  # the header
        for line in f:
            yield unportable(json.loads(line))


def _finish(journal: Path, out: Path, fmt: str) -> None:
    """Write the finished dataset from the journal through a temporary file renamed into place
    (atomic), then drop the journal."""
    if fmt == "jsonl":  # the journal's lines are the dataset's, byte for byte (`portable` records)
        def write(tmp: Path) -> None:
            with open(journal, "rb") as src, open(tmp, "wb") as dst:
                src.readline()
                shutil.copyfileobj(src, dst, 1 << 20)
        atomic_write(out, write)
    else:
        atomic_write(out, lambda tmp: _write(_journal_records(journal), tmp, fmt))
    journal.unlink(missing_ok=True)


def _write(records: Iterable[dict], path: Path, fmt: str, schema: Any = None) -> None:
    if fmt in ("csv", "kaggle"):
        with open(path, "w", encoding="utf-8", newline="") as f:
            write_csv(records, f, kaggle=fmt == "kaggle")
    elif fmt == "parquet":
        write_parquet(list(records), path, schema)
    else:
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(portable(r), sort_keys=True) + "\n" for r in records)


def _parquet_writable(pa: Any, kind: Any) -> bool:
    """Can Parquet hold this type? Not a struct without fields (every record's `{}`), at any depth."""
    if pa.types.is_struct(kind):
        return kind.num_fields > 0 and all(_parquet_writable(pa, kind.field(i).type) for i in range(kind.num_fields))
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        return _parquet_writable(pa, kind.value_type)
    return True


def pair_layout(puzzle: str) -> PairLayout:
    """The puzzle's `puzzle,solution` CSV layout, or a one-line refusal."""
    from ..face import registry

    ptype = registry.puzzle(puzzle)
    if ptype.pair_layout is None:
        offered = [p.name for p, _ in registry.all_puzzles() if p.pair_layout is not None]
        raise PuzzleError(f"the kaggle puzzle,solution layout is not available for {ptype.name} "
                          f"(it is for: {', '.join(offered) or 'no puzzle'})")
    return ptype.pair_layout


def write_csv(records: Iterable[dict], f: io.TextIOBase, kaggle: bool = False) -> None:
    if kaggle:  # the common `puzzle,solution` layout: one line each, the layout's blank
        pairs = csv.writer(f, lineterminator="\n")
        pairs.writerow(["puzzle", "solution"])
        for r in records:
            layout = pair_layout(r["puzzle"])
            clues = "".join(layout.blank if ch in layout.blanks else ch for ch in r["clues"])
            pairs.writerow([clues, r["solution"]])
        return
    rows = [flatten(r) for r in records]  # the columns are the union over all rows
    fields = list(dict.fromkeys(k for row in rows for k in row)) or list(FLAT_FIELDS)
    writer = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)


def parquet_table(records: list[dict], schema: Any = None) -> Any:
    """The records as a typed table: nested fields as structs holding every key any record
    has (null where a record has none), lists as lists. A field whose values no one type
    holds (a mixed dataset where one puzzle's option is a number and another's text) is one
    JSON text column. `schema`: the types to write (a split's file takes the whole
    dataset's, so that every split file has the same columns of the same types)."""
    pa, _ = parquet_modules()
    rows = [typed(r) for r in records]
    names = list(schema.names) if schema is not None else list(dict.fromkeys(k for row in rows for k in row))
    columns = {}
    for name in names:
        values = [row.get(name) for row in rows]
        kind = schema.field(name).type if schema is not None else None
        if kind is not None and pa.types.is_string(kind):
            values = [v if v is None or isinstance(v, str) else json.dumps(v, sort_keys=True) for v in values]
        try:
            columns[name] = pa.array(values, kind)
            if not _parquet_writable(pa, columns[name].type):
                raise pa.ArrowInvalid(f"{name}: a struct without fields")
        except (pa.ArrowInvalid, pa.ArrowTypeError):
            columns[name] = pa.array([None if v is None else json.dumps(v, sort_keys=True) for v in values],
                                     pa.string())
    return pa.table(columns)


def write_parquet(records: list[dict], path: Path, schema: Any = None) -> None:
    _, pq = parquet_modules()
    pq.write_table(parquet_table(records, schema), path, compression="zstd")
