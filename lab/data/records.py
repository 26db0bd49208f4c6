"""The dataset record: its schema, its flat form for CSV and Parquet, and reading datasets back.

A record is one JSON object (see datasets/README.md); CSV and Parquet hold the same record
flattened into columns. Everything that reads a dataset (stats, plot, extending a run) goes
through `read_records`, and every record it yields has passed `check_record`, the one place
the schema is enforced:

- required: `puzzle` (the name of one of the lab's puzzles), `clues` (text), `clue_count`
  (a whole number >= 0);
- optional, checked when present and not null: `id`, `solution`, `format`, `engine`,
  `generator_version`, `tatham_id`, `puzzlink_url` (text), `seed` (a whole number), `index`, `attempts`, `repairs`
  (whole numbers >= 0), `unique`, `minimal` (true/false), `verified_by` (a list of engine
  names), `params`, `options`, `settings` (objects), `difficulty` (an object of numbers,
  text, true/false or null; `level`, `level_at_least` and `probe_depth` whole numbers >= 0
  or null);
- other fields are kept as they are (a newer writer may add some).

Files are JSONL (anything not .csv or .parquet), our flat CSV, the kaggle `puzzle,solution`
CSV (of the puzzle that offers it: `PuzzleType.pair_layout`), or our flat Parquet. A bad
record is reported as
`FILE: line N: what is wrong` (`row N` in Parquet, counting from 1), or skipped with
`skip_bad`; a file that cannot be a dataset at all (a foreign CSV header, a corrupt Parquet
file, a directory) is refused whatever `skip_bad` says. An empty JSONL or CSV file holds
no records.
"""

from __future__ import annotations

import csv
import json
import math
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, BinaryIO

from ..engine.puzzle import PairLayout, PuzzleError, quote

MAX_COUNT = 10_000_000  # records in one dataset (--count); the journal is streamed, not held in memory
MAX_WORKERS = 256  # local worker processes (--workers)

FLAT_FIELDS = ("id", "puzzle", "question", "answer", "clues", "solution", "clue_count", "seed", "index",
               "generator_version", "engine", "unique", "minimal", "attempts", "repairs", "tatham_id", "puzzlink_url",
               "canonical_key", "split")
JSON_FIELDS = ("params", "options", "settings")  # nested objects: one JSON text column each in CSV
# Fields whose shape depends on the puzzle (a sudoku's params are not a nonogram's; only some
# puzzles have human measures). JSONL and CSV hold each as one JSON text, so that every
# puzzle's records have the same columns of the same types and files of several puzzles load
# as one table (Hugging Face `datasets` casts every file to the first one's columns); the grade's
# level and score stand beside as columns of their own. Parquet keeps them typed, as structs.
SHAPED_FIELDS = ("params", "options", "difficulty")
GRADE_COLUMNS = ("difficulty_level", "difficulty_score")  # copies of difficulty's, for filtering
# Fields every written record carries, null where they do not apply, so that all rows of all
# files have the same columns.
NULLABLE_FIELDS = ("tatham_id", "puzzlink_url", "difficulty", "split", "repairs")
DIFFICULTY_PREFIX = "difficulty_"

# field -> kind of value. Kinds are checked by `_KINDS` below.
SCHEMA: dict[str, str] = {
    "id": "text", "puzzle": "name", "params": "object", "options": "object", "clues": "text",
    "solution": "text", "format": "text", "clue_count": "count", "difficulty": "difficulty",
    "seed": "integer", "index": "count", "generator_version": "text", "engine": "text",
    "unique": "flag", "minimal": "flag", "verified_by": "names", "attempts": "count", "repairs": "count",
    "settings": "object",
    "tatham_id": "text", "puzzlink_url": "text",
    "question": "text", "answer": "text", "canonical_key": "text", "split": "text",
}
REQUIRED = ("puzzle", "clues", "clue_count")
# fields of SCHEMA that a record `generate` writes may leave out (`difficulty`: --no-grade)
OPTIONAL = frozenset({"tatham_id", "puzzlink_url", "repairs", "difficulty", "question", "answer", "canonical_key",
                      "split"})
DIFFICULTY_LEVELS = ("level", "level_at_least", "probe_depth")  # whole numbers >= 0, or null
FLAT_COLUMNS = FLAT_FIELDS + JSON_FIELDS + ("verified_by", "format", "difficulty") + GRADE_COLUMNS
# (files written before `difficulty` was one JSON column have a difficulty_<measure> column each)
KAGGLE_COLUMNS = ("puzzle", "solution")
JOURNAL_TAG = "puzzlelab-journal"  # the key of a journal's first line (lab/data/dataset.py)
MAX_LINE_BYTES = 16 << 20  # a longer line is not a record (and is not held in memory)
MAX_SKIPPED_BYTES = 4 * MAX_LINE_BYTES  # a line longer still is not skipped either: no dataset (/dev/zero)
FORMATS = ("jsonl", "csv", "kaggle", "parquet")  # the layouts `generate` writes
# The layouts a file name's suffix stands for (the first when none is named); any other
# name holds JSONL unless told otherwise.
SUFFIX_FORMATS = {".jsonl": ("jsonl",), ".csv": ("csv", "kaggle"), ".parquet": ("parquet",)}


def format_of(path: str | os.PathLike, fmt: str | None = None, option: str = "--out-format") -> str:
    """The layout of the dataset file `path`: `fmt` when given, else what its name says.
    A `fmt` that the name contradicts (CSV in `x.jsonl`) is refused: every tool that
    reads the file later goes by its name."""
    suffix = Path(path).suffix.lower()
    fits = SUFFIX_FORMATS.get(suffix)
    if fmt is None:
        return fits[0] if fits else "jsonl"
    if fmt not in FORMATS:
        raise PuzzleError(f"unknown dataset format {quote(fmt)} for {option} (known: {', '.join(FORMATS)})")
    if fits is not None and fmt not in fits:
        raise PuzzleError(f"{option} {fmt} does not fit the name {path}: a {suffix} file holds "
                          f"{' or '.join(fits)} (rename it, or leave {option} out)")
    return fmt


def parquet_modules() -> tuple[Any, Any]:
    """pyarrow and pyarrow.parquet, or one line saying how to install them."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise PuzzleError("Parquet needs pyarrow: pip install 'puzzle-lab[parquet]'") from None
    return pa, pq


@lru_cache(maxsize=256)
def _known_puzzle(name: str) -> bool:
    from ..face import registry

    try:
        registry.puzzle(name)
    except PuzzleError:
        return False
    return True


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, bool, int)) or (isinstance(v, float) and math.isfinite(v))


_KINDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "text": (lambda v: isinstance(v, str), "text"),
    "name": (lambda v: isinstance(v, str) and v.strip() != "", "a puzzle name"),
    "count": (lambda v: _is_int(v) and v >= 0, "a whole number >= 0"),
    "integer": (_is_int, "a whole number"),
    "flag": (lambda v: isinstance(v, bool), "true or false"),
    "object": (lambda v: isinstance(v, dict), "an object"),
    "names": (lambda v: isinstance(v, list) and all(isinstance(x, str) and x for x in v), "a list of names"),
    "difficulty": (lambda v: isinstance(v, dict), "an object of measures"),
}


# The plain Python type JSON and Parquet give each kind; kinds in _MORE have a further condition.
_PLAIN = {"text": str, "name": str, "count": int, "integer": int, "flag": bool, "object": dict,
          "names": list, "difficulty": dict}
_MORE = frozenset({"name", "count", "names"})
_SCALAR_TYPES = frozenset({str, bool, int, type(None)})  # floats must also be finite


class BadRecord(ValueError):
    """What is wrong with one record; the reader adds the file and the line."""


def _show(value: Any) -> str:
    """A short, one-line picture of a value for an error message."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except ValueError:  # a structure that refers to itself
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _printable(text: str, most: int = 120) -> str:
    """`text` on one line, control characters escaped, cut at `most` characters."""
    text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text[: most + 1])
    return text if len(text) <= most else text[: most - 3] + "..."


def check_record(record: Any) -> dict:
    """Return `record` if it follows the schema (module docstring); raise BadRecord naming the
    first field that does not. The one place the schema is enforced."""
    if not isinstance(record, dict):
        raise BadRecord(f"not a record: expected a JSON object, got {_show(record)}")
    for name in REQUIRED:
        if record.get(name) is None:
            raise BadRecord(f"{name}: missing")
    for name, value in record.items():
        kind = SCHEMA.get(name)
        if kind is None or value is None:
            continue
        if type(value) is _PLAIN[kind] and kind not in _MORE:  # the common case, quickly
            continue
        ok, expected = _KINDS[kind]
        if not ok(value):
            raise BadRecord(f"{name}: expected {expected}, got {_show(value)}")
    if not _known_puzzle(record["puzzle"]):
        raise BadRecord(f"puzzle: no puzzle {quote(record['puzzle'])} in the lab (`puzzlelab list` names them)")
    difficulty = record.get("difficulty")
    if difficulty:
        for key, value in difficulty.items():
            if type(value) not in _SCALAR_TYPES and not _is_scalar(value):
                raise BadRecord(f"difficulty.{key}: expected a number, text, true/false or null, "
                                f"got {_show(value)}")
        for key in DIFFICULTY_LEVELS:
            value = difficulty.get(key)
            if value is not None and not (_is_int(value) and value >= 0):
                raise BadRecord(f"difficulty.{key}: expected a whole number >= 0 or null, got {_show(value)}")
    return record


# ---- the portable forms -------------------------------------------------------------------
def _json_text(value: Any) -> str | None:
    return None if value is None else json.dumps(value, sort_keys=True)


def _grade_columns(record: dict) -> dict:
    difficulty = record.get("difficulty")
    measures = difficulty if isinstance(difficulty, dict) else {}
    return {"difficulty_level": measures.get("level"), "difficulty_score": measures.get("score")}


def typed(record: dict) -> dict:
    """A record as Parquet holds it: nested fields as they are (typed structs), every field of
    NULLABLE_FIELDS present (null where it does not apply), and the grade's level and score as
    columns."""
    return {**{k: None for k in NULLABLE_FIELDS}, **record, **_grade_columns(record)}


def portable(record: dict) -> dict:
    """A record as JSONL holds it: `typed`, with SHAPED_FIELDS as JSON text."""
    return {**typed(record), **{k: _json_text(record.get(k)) for k in SHAPED_FIELDS}}


def unportable(record: Any) -> Any:
    """The record `portable` or `typed` wrote: JSON text decoded, the grade's copies and the
    nulls of fields that do not apply left out (a JSON text that does not parse is left for
    `check_record` to name). Records written before the portable form come back as they are,
    and anything not a record is left for `check_record` to refuse."""
    if not isinstance(record, dict):
        return record
    out = {k: v for k, v in record.items() if k not in GRADE_COLUMNS and not (v is None and k in NULLABLE_FIELDS)}
    for k in SHAPED_FIELDS:
        value = out.get(k)
        if isinstance(value, str):
            try:
                out[k] = json.loads(value)
            except (ValueError, RecursionError):
                pass
    return out


# ---- the flat form ------------------------------------------------------------------------
def flatten(record: dict) -> dict:
    """One flat CSV row: nested fields become JSON text columns (SHAPED_FIELDS and settings),
    `verified_by` one `sat+cpsat` column, and the grade's level and score columns of their own."""
    row = {k: record.get(k) for k in FLAT_FIELDS}
    row["params"] = _json_text(record.get("params"))
    row["options"] = _json_text(record.get("options"))
    row["verified_by"] = "+".join(record.get("verified_by") or [])
    row["format"] = record.get("format")
    # always a column (null when absent), so every row of a file has the same columns
    row["settings"] = _json_text(record.get("settings"))
    row["difficulty"] = _json_text(record.get("difficulty"))
    row.update(_grade_columns(record))
    for k, v in row.items():
        if isinstance(v, str) and _NUMERIC.match(v) and SCHEMA.get(k) == "text":
            row[k] = TEXT_MARK + v
    return row


# A CSV cell of text that looks like a number (a solved sudoku's 81 digits, a version "2")
# begins with an apostrophe, the spreadsheets' mark for "this is text": pandas and Hugging Face
# `datasets` would read it as a number (81 digits overflow; leading zeros are lost). `unflatten`
# takes the mark off again.
TEXT_MARK = "'"
_NUMERIC = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\Z")


def unflatten(row: dict) -> dict:
    """The record of a flat row with typed cells (Parquet's, or CSV's after `_csv_cells`):
    for our own records, `unflatten(flatten(r)) == r`. An empty cell is an absent field
    (a difficulty measure keeps its null); a JSON column that does not parse is left as text
    for `check_record` to name."""
    rec: dict = {}
    for k, v in row.items():
        if k.startswith(DIFFICULTY_PREFIX) or k == "difficulty":
            continue
        if v is None or (v == "" and k != "verified_by"):
            continue
        if k in JSON_FIELDS and isinstance(v, str):
            try:
                v = json.loads(v)
            except ValueError:
                pass
        elif k == "verified_by" and isinstance(v, str):
            v = v.split("+") if v else []
        elif isinstance(v, str) and v.startswith(TEXT_MARK) and SCHEMA.get(k) == "text" and _NUMERIC.match(v[1:]):
            v = v[1:]
        rec[k] = v
    if "difficulty" in row:  # one JSON column (or, from Parquet, a struct)
        difficulty = row["difficulty"]
        if isinstance(difficulty, str) and difficulty:
            try:
                difficulty = json.loads(difficulty)
            except ValueError:
                pass
        if difficulty not in (None, ""):
            rec["difficulty"] = difficulty
        return rec
    # files from before: a difficulty_<measure> column each
    difficulty = {k[len(DIFFICULTY_PREFIX):]: v for k, v in row.items() if k.startswith(DIFFICULTY_PREFIX)}
    if difficulty or (rec.get("settings") or {}).get("graded") is not False:  # --no-grade: none at all
        rec["difficulty"] = difficulty
    return rec


_INT = re.compile(r"[+-]?\d+\Z")
_FLOAT = re.compile(r"[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?\Z")


def _csv_cells(row: dict[str, str]) -> dict:
    """Type a CSV row's text cells the way `csv` wrote them (True/False, numbers, '' for
    null). A cell that does not fit its field stays text, for `check_record` to name."""
    out: dict = {}
    for k, text in row.items():
        kind = "difficulty" if k.startswith(DIFFICULTY_PREFIX) else SCHEMA.get(k, "text")
        if text == "":
            out[k] = None if kind == "difficulty" else text
        elif kind in ("count", "integer") and _INT.match(text):
            out[k] = int(text)
        elif kind in ("flag", "difficulty") and text in ("True", "False"):
            out[k] = text == "True"
        elif kind == "difficulty" and _INT.match(text):
            out[k] = int(text)
        elif kind == "difficulty" and _FLOAT.match(text):
            out[k] = float(text)
        else:
            out[k] = text
    return out


def _check_columns(path: Path, where: str, columns: list[str]) -> str:
    """'flat' or 'kaggle': which of our layouts `columns` are; anything else is refused."""
    shown = _printable(",".join(columns))
    if sorted(columns) == sorted(KAGGLE_COLUMNS):
        return "kaggle"
    foreign = [c for c in columns if c not in FLAT_COLUMNS and not c.startswith(DIFFICULTY_PREFIX)]
    missing = [c for c in REQUIRED if c not in columns]
    doubled = sorted({c for c in columns if columns.count(c) > 1})
    problem = (f"columns not ours: {_printable(', '.join(foreign[:5]), 60)}" if foreign else
               f"no {', '.join(missing)} column" if missing else
               f"repeated column {', '.join(doubled)}" if doubled else None)
    if problem:
        raise PuzzleError(f"{path}: {where}: not a puzzlelab dataset header ({problem}; expected our flat "
                          f"columns or puzzle,solution): {shown}")
    return "flat"


# ---- reading --------------------------------------------------------------------------------
@dataclass
class Skipped:
    """Bad records a reader skipped: how many, and the first few messages (bounded memory)."""

    count: int = 0
    messages: list[str] = field(default_factory=list)
    keep: int = 20

    def append(self, message: str) -> None:
        self.count += 1
        if len(self.messages) < self.keep:
            self.messages.append(message)


def read_records(path: str | os.PathLike, skip_bad: bool = False, bad: Any = None,
                 fmt: str | None = None) -> Iterator[dict]:
    """Stream the records of a dataset file, each checked by `check_record`. The first bad
    record raises a PuzzleError `FILE: line N: what is wrong`; with `skip_bad` bad records are
    skipped and their messages appended to `bad` (a list or a `Skipped`). `fmt`: the
    layout (`FORMATS`; kaggle reads as csv), by default the one the name says."""
    if not str(path).strip():
        raise PuzzleError("no dataset file named (an empty name)")
    fmt = format_of(path, fmt, "--format")
    path = Path(path)
    if not path.exists():
        raise PuzzleError(f"no such file: {path}")
    if path.is_dir():
        raise PuzzleError(f"{path}: is a directory, not a dataset file")
    rows = _parquet_rows(path) if fmt == "parquet" else _csv_rows(path) if fmt in ("csv", "kaggle") \
        else _jsonl_rows(path)
    for where, make in rows:
        try:
            record = check_record(make())
        except BadRecord as exc:
            message = f"{path}: {where}: {exc}"
            if not skip_bad:
                raise PuzzleError(message) from None
            if bad is not None:
                bad.append(message)
            continue
        yield record


def _open(path: Path) -> BinaryIO:
    try:
        return open(path, "rb")
    except OSError as exc:
        raise PuzzleError(f"{path}: cannot read: {exc.strerror or exc}") from None


class _Lines:
    """A binary file's lines as text, numbered from 1. A line that is not UTF-8 or is too
    long comes out as an empty line, its number noted in `bad`, so CSV parsing goes on and
    the record holding it is reported as bad."""

    def __init__(self, f: BinaryIO):
        self.f = f
        self.number = 0
        self.bad: dict[int, str] = {}
        self.ended = True  # did the last line read end with a line break? (a cut file's does not)

    def __iter__(self) -> Iterator[str]:
        while True:
            raw = self.f.readline(MAX_LINE_BYTES)
            if not raw:
                return
            self.number += 1
            self.ended = raw.endswith(b"\n")
            if len(raw) == MAX_LINE_BYTES and not raw.endswith(b"\n"):
                skipped = len(raw)
                while raw and not raw.endswith(b"\n"):  # skip the rest of it
                    raw = self.f.readline(MAX_LINE_BYTES)
                    skipped += len(raw)
                    if skipped > MAX_SKIPPED_BYTES:
                        raise PuzzleError(f"line {self.number} goes on for more than {MAX_SKIPPED_BYTES >> 20:,} "
                                          "MiB: not a dataset file")
                self.bad[self.number] = f"longer than {MAX_LINE_BYTES:,} bytes: not a record"
                yield "\n"
                continue
            try:
                yield raw.decode("utf-8-sig" if self.number == 1 else "utf-8")
            except UnicodeDecodeError:
                self.bad[self.number] = "not UTF-8 text"
                yield "\n"

    def problem(self, first: int, last: int) -> str | None:
        """The first bad-line problem within lines first..last; forgets lines up to `last`."""
        if not self.bad:
            return None
        found = next((self.bad[n] for n in sorted(self.bad) if first <= n <= last), None)
        for n in [n for n in self.bad if n <= last]:
            del self.bad[n]
        return found


Row = tuple[str, Callable[[], Any]]  # (where, a function making the record or raising BadRecord)


def _jsonl_rows(path: Path) -> Iterator[Row]:
    with _open(path) as f:
        lines = _Lines(f)
        for text in lines:
            n = lines.number
            problem = lines.problem(n, n)
            if problem:
                yield f"line {n}", _fail(problem)
            elif n == 1 and _is_journal_header(text):
                continue  # a run's journal (OUT.partial): its first line names the run, not a record
            elif text.strip():
                yield f"line {n}", partial(_json_record, text)


def _is_journal_header(text: str) -> bool:
    try:
        head = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(head, dict) and JOURNAL_TAG in head


def _fail(problem: str) -> Callable[[], Any]:
    def fail() -> Any:
        raise BadRecord(problem)
    return fail


def _json_record(text: str) -> Any:
    try:
        return unportable(json.loads(text))
    except ValueError as exc:
        raise BadRecord(f"not JSON ({str(exc).splitlines()[0][:80]})") from None
    except RecursionError:
        raise BadRecord("not a record: nested too deeply") from None


def _csv_rows(path: Path) -> Iterator[Row]:
    with _open(path) as f:
        lines = _Lines(f)
        reader = csv.reader(iter(lines), strict=True)
        header: list[str] | None = None
        layout = ""
        while True:
            first = reader.line_num + 1
            try:
                cells = next(reader)
                error = None
            except StopIteration:
                return
            except csv.Error as exc:
                cells, error = None, f"malformed CSV ({exc})"
            problem = lines.problem(first, reader.line_num) or error
            if header is None:
                if problem:
                    raise PuzzleError(f"{path}: line {first}: {problem}")
                if cells:
                    header = cells
                    layout = _check_columns(path, f"line {first}", header)
                continue
            if problem:
                yield f"line {first}", _fail(problem)
            elif cells and layout == "flat" and not lines.ended:  # (every row `generate` writes ends)
                yield f"line {first}", _fail("the file ends inside this row, without a line break: cut short")
            elif cells:
                yield f"line {first}", partial(_csv_record, header, cells, layout)


def _csv_record(header: list[str], cells: list[str], layout: str) -> dict:
    if len(cells) != len(header):
        raise BadRecord(f"{len(cells)} fields, the header has {len(header)}")
    row = dict(zip(header, cells))
    if layout == "kaggle":
        return _kaggle_record(row["puzzle"], row["solution"])
    return unflatten(_csv_cells(row))


def _kaggle_record(puzzle: str, solution: str) -> dict:
    """A `puzzle,solution` row as a record of the puzzle that offers this layout."""
    name, layout = _pair_puzzle()
    if not puzzle:
        raise BadRecord("puzzle: empty")
    if solution and len(solution) != len(puzzle):
        raise BadRecord(f"solution has {len(solution)} characters, the puzzle {len(puzzle)}")
    return {"puzzle": name, "clues": puzzle, "solution": solution,
            "clue_count": sum(ch not in layout.blanks for ch in puzzle), "format": layout.fmt}


def _pair_puzzle() -> tuple[str, PairLayout]:
    """The puzzle a `puzzle,solution` CSV holds: such a file does not name it, so it is the
    one puzzle that offers the layout (`PuzzleType.pair_layout`)."""
    from ..face import registry

    offered = [(p.name, p.pair_layout) for p, _ in registry.all_puzzles() if p.pair_layout is not None]
    if len(offered) != 1:
        raise PuzzleError("a puzzle,solution CSV does not name its puzzle, and "
                          f"{len(offered)} puzzles offer that layout")
    return offered[0]


def _parquet_rows(path: Path) -> Iterator[Row]:
    pa, pq = parquet_modules()
    broken = (pa.ArrowException, OSError, ValueError)
    _open(path).close()  # unreadable: one clean line, before pyarrow's own words
    try:
        pfile = pq.ParquetFile(path)
        columns = pfile.schema_arrow.names
    except broken as exc:
        raise PuzzleError(f"{path}: not a readable Parquet file ({_first_line(exc)})") from None
    if _check_columns(path, "columns", columns) == "kaggle":
        raise PuzzleError(f"{path}: the kaggle puzzle,solution layout is read from CSV only")
    batches = pfile.iter_batches(batch_size=4096)
    number = 0
    while True:
        try:
            batch = next(batches)
            rows = batch.to_pylist()
        except StopIteration:
            return
        except broken as exc:
            raise PuzzleError(f"{path}: row {number + 1}: corrupt Parquet data ({_first_line(exc)})") from None
        for row in rows:
            number += 1
            yield f"row {number}", partial(_parquet_record, row)


def _parquet_record(row: dict) -> dict:
    """A Parquet row: typed (structs, lists) as `typed` wrote it, or flat with JSON text
    columns as files from before were. (In a file of several puzzles a struct holds every key
    any row has, null where a record has none: a missing option and a null one are the same
    to a dataset's identity, `lab.dataset._differences`.)"""
    if not isinstance(row.get("settings"), dict) and not isinstance(row.get("options"), dict):
        return unflatten(row)
    return unportable(row)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:100] if text else type(exc).__name__


def timings_path(path: str | os.PathLike) -> Path:
    """The sidecar of run-dependent timings beside a dataset: JSON lines, but not named
    `*.jsonl`, so that a glob for the dataset's files does not take it for one."""
    return Path(str(path) + ".timings")


def read_timings(path: str | os.PathLike) -> dict[str, float]:
    """Seconds per record id from the sidecar `FILE.timings` (`FILE.timings.jsonl` before it was
    renamed out of `*.jsonl` globs), if there is one. These are
    run-dependent extras, not the dataset: lines that are not `{"id": text, "seconds": number}`
    are ignored, and a later line for the same id wins (a resumed run)."""
    side = timings_path(path)
    if not side.is_file():
        side = Path(str(path) + ".timings.jsonl")
    out: dict[str, float] = {}
    if not side.is_file():
        return out
    try:
        with open(side, "rb") as f:
            for raw in _Lines(f):
                try:
                    t = json.loads(raw) if raw.strip() else None
                except (ValueError, RecursionError):
                    continue
                if not isinstance(t, dict) or not isinstance(t.get("id"), str):
                    continue
                seconds = t.get("seconds")
                if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 <= seconds < math.inf:
                    out[t["id"]] = float(seconds)
    except OSError:  # unreadable: no timings, the dataset itself is still there
        pass
    return out
