"""A model's answers to a dataset, scored: one score per record, and accuracy by group.

An answers file is JSONL, one object a line with the record's `id` and the model's text
under `answer` (or `response`, `output`, `completion`, as other tools name it). Each record
is judged by `lab.answers.score_text` against its reference solution: the record's own
`answer` text where it has one, else the solution the engine finds. A record nobody
answered scores 0 ("no answer"); an answer for an id that no record has is listed apart,
never dropped in silence (a mismatched answers file would otherwise look like a weak model).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.puzzle import CluePuzzle, Instance, MovePuzzle, PuzzleError, PuzzleType, quote
from ..face import registry
from ..toolkit.answers import Score, score_text
from .records import _Lines, _open, format_of, read_records
from .safety import output_path, write_new_file

# The keys an answer's text may come under, the first present winning: ours, then the
# names common evaluation tools write.
ANSWER_KEYS = ("answer", "response", "output", "completion")
NO_ANSWER = "no answer"


# ---- one record -----------------------------------------------------------------------------
def size_label(record: dict) -> str | None:
    """A short label for the board size, to group records by: "WxH" from the params' width
    and height, else "SxS" from a square board's --size option, else "n=N" from the params'
    `n` (a puzzle's own order: dominosa's highest number is no board side), else None."""
    params, options = _object(record, "params"), _object(record, "options")
    if _whole(params.get("width")) and _whole(params.get("height")):
        return f"{params['width']}x{params['height']}"
    if _whole(options.get("size")):
        return f"{options['size']}x{options['size']}"
    if _whole(params.get("n")):
        return f"n={params['n']}"
    return None


def _object(record: dict, key: str) -> dict:
    value = record.get(key)
    return value if isinstance(value, dict) else {}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def level_of(record: dict) -> int | None:
    """The record's grade level, or None (made with --no-grade, or the grade was unknown)."""
    difficulty = record.get("difficulty")
    level = difficulty.get("level") if isinstance(difficulty, dict) else None
    return level if _whole(level) else None


def _name(record: dict) -> str:
    """How messages name a record: its id, else its clues."""
    return quote(record["id"]) if isinstance(record.get("id"), str) else f"with clues {quote(record.get('clues'))}"


def puzzle_of(record: dict) -> tuple[PuzzleType, Instance]:
    """The record's puzzle type and its board, read from the clues in the record's format."""
    ptype = registry.puzzle(record["puzzle"])
    try:
        return ptype, ptype.parse(record["clues"], record.get("format"))
    except PuzzleError as exc:
        raise PuzzleError(f"record {_name(record)}: its clues do not read: {exc}") from None


def reference_of(ptype: PuzzleType, inst: Instance, record: dict) -> Any:
    """The solution answers are judged against: read from the record's reference `answer`
    text when it has one (the answer its question was asked with), else the engine's
    (a clue puzzle's solution by SAT, a move puzzle's `reference_solution`)."""
    try:
        if isinstance(record.get("answer"), str):
            return ptype.read_answer(inst, record["answer"])
        if isinstance(ptype, CluePuzzle):
            from ..engine.solve import solve

            found = solve(ptype, inst)
            if found is None:
                raise PuzzleError("the puzzle has no solution")
            return found
        if isinstance(ptype, MovePuzzle):
            return ptype.reference_solution(inst)
        raise PuzzleError(f"{ptype.name} gives no reference solution")
    except NotImplementedError as exc:
        raise PuzzleError(f"record {_name(record)}: {exc} yet") from None
    except PuzzleError as exc:
        raise PuzzleError(f"record {_name(record)}: no reference solution: {exc}") from None


def _row(record: dict, score: Score) -> dict:
    return {"id": record.get("id"), "puzzle": record["puzzle"], "size": size_label(record),
            "level": level_of(record), **score.as_dict()}


def score_record(record: dict, answer_text: str) -> dict:
    """One record's answer judged: {id, puzzle, size, level, score, valid, parsed, reason}.
    A puzzle that cannot read answers yet raises PuzzleError (a score of 0 would blame the
    model for the lab's gap)."""
    ptype, inst = puzzle_of(record)
    reference = reference_of(ptype, inst, record)
    try:
        score = score_text(ptype, inst, answer_text, reference)
    except NotImplementedError as exc:
        raise PuzzleError(f"record {_name(record)}: {exc} yet") from None
    return _row(record, score)


def unanswered(record: dict) -> dict:
    """The score of a record with no answer in the answers file: 0, and why."""
    return _row(record, Score(0.0, False, False, NO_ANSWER))


# ---- the answers file ---------------------------------------------------------------------
def read_answers(path: str | os.PathLike) -> dict[str, str]:
    """id -> answer text from a JSONL answers file. Anything that would make a score
    ambiguous raises PuzzleError `FILE: line N: what`: a line that is not a JSON object, no
    id, an id seen before, no answer key or an answer that is not text. Lines are read
    bounded as dataset lines are (`lab.records`)."""
    path = _input_file(path, "answers")
    answers: dict[str, str] = {}
    lines_of: dict[str, int] = {}
    for n, text in _numbered_lines(path):
        if not text.strip():
            continue
        try:
            ident, answer = _answer_line(text)
        except PuzzleError as exc:
            raise PuzzleError(f"{path}: line {n}: {exc}") from None
        if ident in lines_of:
            raise PuzzleError(f"{path}: line {n}: id {quote(ident)} again (first on line {lines_of[ident]})")
        answers[ident], lines_of[ident] = answer, n
    return answers


def _input_file(path: str | os.PathLike, what: str) -> Path:
    if not str(path).strip():
        raise PuzzleError(f"no {what} file named (an empty name)")
    path = Path(path)
    if not path.exists():
        raise PuzzleError(f"no such file: {path}")
    if path.is_dir():
        raise PuzzleError(f"{path}: is a directory, not an {what} file")
    return path


def _numbered_lines(path: Path) -> Iterator[tuple[int, str]]:
    """(line number, text) of a file, each line bounded and checked by `lab.records`'s reader."""
    with _open(path) as f:
        lines = _Lines(f)
        try:
            for text in lines:
                problem = lines.problem(lines.number, lines.number)
                if problem:
                    raise PuzzleError(f"line {lines.number}: {problem.replace('a record', 'an answer')}")
                yield lines.number, text
        except PuzzleError as exc:  # a line too long to skip names the file as a dataset's
            raise PuzzleError(f"{path}: {str(exc).replace('a dataset file', 'an answers file')}") from None


def _answer_line(text: str) -> tuple[str, str]:
    """(id, answer text) of one line; PuzzleError saying what is wrong (the caller adds where)."""
    try:
        item = json.loads(text)
    except ValueError as exc:
        raise PuzzleError(f"not JSON ({str(exc).splitlines()[0][:80]})") from None
    except RecursionError:
        raise PuzzleError("not an answer: nested too deeply") from None
    if not isinstance(item, dict):
        raise PuzzleError("not an answer: expected a JSON object with id and answer")
    ident = item.get("id")
    if not isinstance(ident, str) or not ident:
        raise PuzzleError("no id" if ident is None else f"id: expected text, got {quote(json.dumps(ident))}")
    key = next((k for k in ANSWER_KEYS if k in item), None)
    if key is None:
        raise PuzzleError(f"id {quote(ident)}: no answer (a key {', '.join(ANSWER_KEYS)})")
    if not isinstance(item[key], str):
        raise PuzzleError(f"id {quote(ident)}: {key}: expected text, got {quote(json.dumps(item[key]))}")
    return ident, item[key]


SCORE_FIELDS = ("id", "puzzle", "score", "valid", "parsed")  # what every line of a scores file has


def read_scores(path: str | os.PathLike) -> list[dict] | None:
    """The per-record scores `write_scores` wrote (`puzzlelab score -o`), or None when the file
    is not a scores file (its first line has no score): `plot` then reads it as a dataset.
    A scores file with a bad line later raises PuzzleError naming it."""
    path = _input_file(path, "scores")
    if format_of(path) != "jsonl":  # (a CSV or Parquet name: a dataset)
        return None
    rows: list[dict] = []
    lines = _numbered_lines(path)
    try:
        first = next(lines)
    except (PuzzleError, StopIteration):  # not text, or empty: whatever it is, not scores
        return None
    for number, text in itertools.chain([first], lines):
        if not text.strip():
            continue
        try:
            row = json.loads(text)
        except (ValueError, RecursionError):
            row = None
        ok = isinstance(row, dict) and all(k in row for k in SCORE_FIELDS) and "clues" not in row \
            and isinstance(row["score"], (int, float)) and not isinstance(row["score"], bool)
        if not ok:
            if not rows:
                return None
            raise PuzzleError(f"{path}: line {number}: not a score (a line of `puzzlelab score -o`)")
        rows.append(row)
    return rows or None


# ---- a whole dataset ----------------------------------------------------------------------
GROUPINGS = ("puzzle", "size", "level")  # table rows: per puzzle, per (puzzle, size), per (puzzle, level)


@dataclass
class ScoreReport:
    """Every record's score, the answers that matched no record, and accuracy by group."""

    dataset: str
    answers: str
    scores: list[dict] = field(default_factory=list)
    unknown_ids: list[str] = field(default_factory=list)

    @property
    def answered(self) -> int:
        return sum(1 for s in self.scores if s["reason"] != NO_ANSWER)

    def table(self) -> list[dict]:
        """Rows {by, puzzle, size, level, count, accuracy, fully_right}: `by` "puzzle" (size
        and level then cover all), "size" or "level"; `accuracy` the mean score and
        `fully_right` the share scoring 1.0, both to 4 places. Ordered by puzzle, then each
        puzzle's sizes (smallest first), then its levels (ungraded, None, last)."""
        groups: dict[tuple, list[float]] = defaultdict(list)
        for s in self.scores:
            for by in GROUPINGS:
                key = (s["puzzle"], by, s["size"] if by == "size" else None, s["level"] if by == "level" else None)
                groups[key].append(s["score"])
        rows = [{"by": by, "puzzle": puzzle, "size": size, "level": level, **_accuracy(values)}
                for (puzzle, by, size, level), values in groups.items()]
        return sorted(rows, key=_row_order)

    def text(self) -> str:
        """The table for a terminal: a line on what was scored, then aligned columns, "all"
        where a row covers every size or level, "-" for no size or no grade."""
        missing = len(self.scores) - self.answered
        head = [f"{len(self.scores)} records of {self.dataset}, {self.answered} answered in {self.answers}"
                + (f", {missing} without an answer (scored 0)" if missing else "")]
        if self.unknown_ids:
            shown = ", ".join(self.unknown_ids[:5]) + (", ..." if len(self.unknown_ids) > 5 else "")
            many = len(self.unknown_ids) != 1
            head.append(f"{len(self.unknown_ids)} answer{'s' * many} for ids in no record (not scored): {shown}")
        header = ("puzzle", "size", "level", "records", "accuracy", "fully right")
        cells = [[r["puzzle"], _shown(r["size"], r["by"] == "size"), _shown(r["level"], r["by"] == "level"),
                  str(r["count"]), f"{r['accuracy']:.3f}", f"{r['fully_right']:.1%}"] for r in self.table()]
        return "\n".join([*head, "", *_aligned([list(header), *cells], right=(3, 4, 5))])

    def to_json(self) -> dict:
        """What `--json` shows: the counts, the unknown ids and the table (not every record's score)."""
        return {"dataset": self.dataset, "answers": self.answers, "records": len(self.scores),
                "answered": self.answered, "unknown_ids": self.unknown_ids, "table": self.table()}


def _accuracy(values: list[float]) -> dict:
    return {"count": len(values), "accuracy": round(math.fsum(values) / len(values), 4),
            "fully_right": round(sum(1 for v in values if v == 1.0) / len(values), 4)}


def _row_order(row: dict) -> tuple:
    return (row["puzzle"], GROUPINGS.index(row["by"]), size_order(row["size"]), _level_order(row["level"]))


def size_order(label: str | None) -> tuple:
    """Sizes in natural order: 4x4 before 9x9 before 16x16, no size last."""
    if label is None:
        return (1, ())
    return (0, tuple(int(x) for x in re.findall(r"\d+", label)), label)


def _level_order(level: int | None) -> tuple:
    return (level is None, level or 0)


def _shown(value: Any, grouped: bool) -> str:
    if not grouped:
        return "all"
    return "-" if value is None else str(value)


def _aligned(rows: list[list[str]], right: Sequence[int] = ()) -> list[str]:
    """Rows of cells as lines, columns two spaces apart, those in `right` right-aligned."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths)))
            .rstrip() for row in rows]


def score_dataset(dataset_path: str | os.PathLike, answers_path: str | os.PathLike,
                  fmt: str | None = None) -> ScoreReport:
    """Score every record of a dataset (any layout `lab.records` reads; `fmt` as there)
    against an answers file. The answers file is read first and whole, so a bad one fails
    before any solving; records without an id, or with an id twice, are refused (answers
    are matched by id)."""
    answers = read_answers(answers_path)
    report = ScoreReport(str(dataset_path), str(answers_path))
    seen: set[str] = set()
    for record in read_records(dataset_path, fmt=fmt):
        ident = record.get("id")
        if not isinstance(ident, str):
            raise PuzzleError(f"{dataset_path}: record {_name(record)} has no id: answers are matched by id")
        if ident in seen:
            raise PuzzleError(f"{dataset_path}: id {quote(ident)} on two records: answers are matched by id")
        seen.add(ident)
        text = answers.get(ident)
        report.scores.append(unanswered(record) if text is None else score_record(record, text))
    report.unknown_ids = [ident for ident in answers if ident not in seen]
    return report


# ---- writing the scores ---------------------------------------------------------------------
def output_file(out: str | os.PathLike, inputs: Iterable[str | os.PathLike] = (), what: str = "a scores file name",
                option: str = "-o") -> Path:
    """`out` as a path after `safety.output_path`'s checks, refusing any of `inputs` (the
    dataset, the answers: the same file under any name or link). Call it before the work,
    so a bad name costs nothing."""
    path = output_path(out, what, option)
    refuse_inputs(path, inputs, option)
    return path


def refuse_inputs(path: Path, inputs: Iterable[str | os.PathLike], option: str) -> None:
    """PuzzleError when `path` is one of `inputs`: the same file under any name or link."""
    for source in inputs:
        if path.exists() and Path(source).exists() and os.path.samefile(path, source):
            raise PuzzleError(f"{option} {path} is the input {source}: choose another name")


def write_scores(scores: Iterable[dict], out: str | os.PathLike,
                 inputs: Iterable[str | os.PathLike] = ()) -> Path:
    """The per-record scores as JSONL, written atomically (the old file or the whole new
    one, nothing left behind on failure); never over one of `inputs`."""
    path = output_file(out, inputs)
    lines = [json.dumps(s, ensure_ascii=False) + "\n" for s in scores]

    def write(tmp: Path) -> None:
        with open(tmp, "w", encoding="utf-8") as f:
            f.writelines(lines)

    write_new_file(path, write)
    return path
