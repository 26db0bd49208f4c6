"""Datasets as machine-learning people take them: named splits that do not leak, several
puzzles in one table (`--mix`), and a dataset card beside every dataset.

A split is decided by a record's `canonical_key` alone (a hash of the board up to its
symmetries), so every board equal to another up to rotation, reflection or relabelling is in
the same split as it, in this dataset and in any other made with the same split names: no
board seen in training comes back turned in the test set. The shares are therefore about
the ones asked for, not exact.

A mix or a split is made as one resumable dataset per part, kept in a hidden folder beside
the output (`.NAME.parts/`, which no glob for the dataset's files takes), then written out
as the files people load; a rerun resumes the parts and writes the files again.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.puzzle import PuzzleError, quote
from .records import read_records
from .safety import atomic_write

if TYPE_CHECKING:
    from .dataset import DatasetSpec
CARD_MARK = "<!-- puzzlelab dataset card:"  # a card's own line naming its dataset, so a rerun may rewrite it
LICENSE = "cc0-1.0"  # generated puzzles: no rights reserved (the card says so)


# ---- splits ---------------------------------------------------------------------------------
def parse_split(text: str) -> list[tuple[str, float]]:
    """`train=0.9,test=0.1` as [(name, share)]: names are words, shares above 0 summing to 1."""
    parts: list[tuple[str, float]] = []
    for item in text.split(","):
        name, eq, share = item.strip().partition("=")
        if not eq or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,39}", name):
            raise PuzzleError(f"--split must look like train=0.9,test=0.1, got {quote(text)}")
        try:
            value = float(share)
        except ValueError:
            raise PuzzleError(f"--split: {quote(share)} is not a share between 0 and 1") from None
        if not 0 < value <= 1:
            raise PuzzleError(f"--split: the share of {name} must be above 0 and at most 1, got {share}")
        if name in dict(parts):
            raise PuzzleError(f"--split names {name} twice")
        parts.append((name, value))
    if abs(sum(v for _, v in parts) - 1) > 1e-9:
        raise PuzzleError(f"--split shares must add up to 1, got {sum(v for _, v in parts):g}")
    return parts


def split_of(key: str, splits: list[tuple[str, float]]) -> str:
    """The split a record goes to, from its `canonical_key` alone: a point in [0, 1) hashed
    from the key, and the split whose share covers it."""
    point = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") / 2 ** 64
    edge = 0.0
    for name, share in splits:
        edge += share
        if point < edge:
            return name
    return splits[-1][0]


def split_path(out: Path, name: str) -> Path:
    """`data.jsonl` -> `data.train.jsonl`: the split's name where Hugging Face looks for it."""
    return out.with_name(f"{out.stem}.{name}{out.suffix}")


# ---- mixes ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Part:
    """One puzzle (and size) of a mix, and how many of it."""

    puzzle: str
    options: dict
    count: int

    @property
    def label(self) -> str:
        size = self.options.get("size")
        return self.puzzle if size is None else f"{self.puzzle}:{size}"


def parse_mix(text: str) -> list[Part]:
    """`sudoku:9x9=500,nonogram:15=500` as parts: PUZZLE[:SIZE]=COUNT, SIZE given to the
    generator's `size` option (`9x9` read as 9 where the option is a number)."""
    from ..face import registry

    parts = []
    for item in text.split(","):
        head, eq, count = item.strip().rpartition("=")
        if not eq or not head:
            raise PuzzleError(f"--mix must look like sudoku:9x9=500,nonogram:15=500, got {quote(text)}")
        name, colon, size = head.partition(":")
        gen = registry.generator(name)
        options: dict[str, Any] = {}
        if colon:
            option = next((o for o in gen.options if o.name == "size"), None)
            if option is None:
                raise PuzzleError(f"--mix: {gen.ptype.name} has no --size option to give {quote(size)}")
            square = re.fullmatch(r"(\d+)x\1", size)
            try:
                options["size"] = option.type(square.group(1) if square and option.type is int else size)
            except ValueError:
                raise PuzzleError(f"--mix: {quote(size)} is no {gen.ptype.name} size") from None
        try:
            n = int(count)
        except ValueError:
            raise PuzzleError(f"--mix: {quote(count)} is not a count") from None
        parts.append(Part(gen.ptype.name, options, n))
    return parts


def interleave(groups: list[list[dict]]) -> list[dict]:
    """The records of several parts in one order that mixes them evenly: each record at its
    position's share of its own part (ties by part)."""
    keyed = [((i + 0.5) / len(group), k, i) for k, group in enumerate(groups) for i in range(len(group))]
    return [groups[k][i] for _, k, i in sorted(keyed)]


def parts_folder(out: Path) -> Path:
    return out.with_name(f".{out.name}.parts")


def part_path(out: Path, k: int, part_puzzle: str) -> Path:
    return parts_folder(out) / f"{k}-{part_puzzle}.jsonl"


def outputs(out: Path, splits: list[tuple[str, float]] | None) -> list[Path]:
    """The files a mix or split run writes (beside its card)."""
    return [split_path(out, name) for name, _ in splits] if splits else [out]


def check_outputs(out: Path, splits: list[tuple[str, float]] | None) -> None:
    """Refuse to write over files this kind of run did not make: they are ours only when the
    hidden parts folder beside them is."""
    if parts_folder(out).is_dir():
        return
    for path in outputs(out, splits):
        if path.exists() or path.is_symlink():
            raise PuzzleError(f"{path} exists and was not written by a --mix/--split run of {out.name}: "
                              "remove it or choose another --out")


def write_outputs(records: list[dict], out: Path, fmt: str, splits: list[tuple[str, float]] | None) -> dict[str, Path]:
    """Write the mixed records (with their split, when asked) to their files, each atomically."""
    from .dataset import _write, parquet_table

    if not splits:
        atomic_write(out, lambda tmp: _write(records, tmp, fmt))
        return {"all": out}
    made = {}
    schema = parquet_table(records).schema if fmt == "parquet" else None  # every split's file alike
    for name, _ in splits:
        chosen = [r for r in records if r.get("split") == name]
        path = split_path(out, name)
        atomic_write(path, _writer(chosen, fmt, schema))
        made[name] = path
    return made


def _writer(records: list[dict], fmt: str, schema: Any = None) -> Callable[[Path], None]:
    from .dataset import _write

    return lambda tmp: _write(records, tmp, fmt, schema)


def with_splits(records: Iterable[dict], splits: list[tuple[str, float]]) -> list[dict]:
    return [{**r, "split": split_of(r["canonical_key"], splits)} for r in records]


def read_part(path: Path) -> list[dict]:
    return list(read_records(path))


@dataclass
class Collection:
    """What a mix or split run wrote: each split's file (`all` when unsplit) and the records."""

    files: dict[str, Path]
    records: list[dict]

    def counts(self) -> dict[str, int]:
        if "all" in self.files:
            return {"all": len(self.records)}
        return {name: sum(1 for r in self.records if r.get("split") == name) for name in self.files}


def make_collection(specs: list[DatasetSpec], out: Path, fmt: str, splits: list[tuple[str, float]] | None,
                    command: str, run: Callable[[DatasetSpec, Path], Path] | None = None) -> Collection:
    """Generate each spec as its own resumable part (by `run(spec, path)`, which returns the
    finished part: by default `generate_dataset`), then write the mixed records, split where
    asked, and the card. Every requirement is checked before the first record is made."""
    from .dataset import generate_dataset

    if fmt == "kaggle":
        raise PuzzleError("--split and --mix write records; the kaggle layout holds puzzle and solution only")
    for spec in specs:
        spec.validate()
    check_outputs(out, splits)
    if run is None:
        def run(spec: DatasetSpec, path: Path) -> Path:
            return Path(generate_dataset(spec, path, "jsonl").path)
    groups = [read_part(run(spec, part_path(out, k, spec.puzzle))) for k, spec in enumerate(specs)]
    records = interleave(groups)
    if splits:
        records = with_splits(records, splits)
    made = Collection(write_outputs(records, out, fmt, splits), records)
    write_card(out, fmt, made.files, records, command)
    return made


# ---- the dataset card -----------------------------------------------------------------------
def card_path(out: Path) -> tuple[Path, bool]:
    """Where the card goes: README.md beside the dataset (where the Hugging Face Hub reads it)
    unless a README.md there is someone else's; then `NAME.README.md`. True: the README.md."""
    readme = out.with_name("README.md")
    if not readme.exists() or _card_of(readme) == out.name:
        return readme, True
    return out.with_name(f"{out.name}.README.md"), False


def _card_of(path: Path) -> str | None:
    """The dataset a card of ours describes (None: not a card of ours)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(4096)
    except OSError:
        return None
    found = re.search(re.escape(CARD_MARK) + r" (.+?) -->", head)
    return found.group(1) if found else None


def _size_category(n: int) -> str:
    for limit, name in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"),
                        (1_000_000, "100K<n<1M"), (10_000_000, "1M<n<10M")):
        if n < limit:
            return name
    return "10M<n<100M"


def _histogram(values: list[Any], width: int = 40) -> list[str]:
    """A text bar chart, one line per value: the card's plot, seen on the Hub page as it is."""
    counts = Counter(values)
    most = max(counts.values())
    keys = sorted(counts, key=lambda v: (v is None, v if v is not None else 0))
    shown = [("not graded" if k is None else str(k)) for k in keys]
    pad = max(len(s) for s in shown)
    return [f"{s:>{pad}} | {'#' * max(1, round(width * counts[k] / most)):<{width}} {counts[k]}"
            for s, k in zip(shown, keys)]


def write_card(out: Path, fmt: str, files: dict[str, Path], records: list[dict], command: str) -> Path:
    """The dataset card (README.md with the Hub's YAML header) for the files just written."""
    from ..engine.grade import GRADE_VERSION
    from .dataset import GENERATOR_VERSION

    path, _ = card_path(out)
    version = _version()
    puzzles = Counter(r["puzzle"] for r in records)
    splits = {name: sum(1 for r in records if r.get("split") == name) for name in files} if "all" not in files \
        else {"train": len(records)}
    data_kind = {"jsonl": "json", "csv": "csv", "kaggle": "csv", "parquet": "parquet"}[fmt]
    yaml = ["---", f"license: {LICENSE}", f"pretty_name: Puzzle Lab {', '.join(sorted(puzzles))}",
            "task_categories:", "- text-generation", "- question-answering",
            "tags:", "- puzzles", "- logic", "- reasoning", "- synthetic",
            *[f"- {name}" for name in sorted(puzzles)],
            "size_categories:", f"- {_size_category(len(records))}",
            "configs:", "- config_name: default", "  data_files:"]
    for name, file in (files.items() if "all" not in files else [("train", files["all"])]):
        yaml += [f"  - split: {name}", f"    path: {json.dumps(file.name)}"]
    yaml += ["dataset_info:", "  features:", *_features(records, fmt), "  splits:"]
    sizes = {name: file.stat().st_size for name, file in
             (files.items() if "all" not in files else [("train", files["all"])])}
    for name, n in splits.items():
        yaml += [f"  - name: {name}", f"    num_bytes: {sizes.get(name, 0)}", f"    num_examples: {n}"]
    yaml.append("---")
    levels = [(r.get("difficulty") or {}).get("level") for r in records]
    example = records[0] if records else {}
    body = [
        f"{CARD_MARK} {out.name} -->",
        f"# Puzzle Lab dataset: {', '.join(f'{n} {p}' for p, n in sorted(puzzles.items()))}",
        "",
        "Pencil-logic puzzles made by Puzzle Lab "
        f"{version}, each with a question for a language model and its reference answer.",
        "",
        "**Uniqueness.** Every puzzle has exactly one solution, proven by a SAT solver (no solution "
        "other than the recorded one exists), and is minimal unless the record says `minimal: false` "
        "(removing any clue would allow a second solution). `verified_by` names the engines that "
        "checked it (`cpsat` when re-checked by OR-Tools CP-SAT).",
        "",
        f"**Made by** `{command}` (generator version {GENERATOR_VERSION}, grade version {GRADE_VERSION}). "
        "Rerunning it gives the same records.",
        "",
        "**Splits.** " + ("Records are split by `canonical_key`, a hash of the board up to its symmetries "
                          "(rotations, reflections, relabellings): boards equal up to symmetry are always in "
                          "the same split, so none leaks from one split to another."
                          if "all" not in files else "One split, `train`; `puzzlelab generate --split "
                          "train=0.9,test=0.1` makes leak-free splits."),
        "",
        f"**Licence.** {LICENSE.upper()}: the generated puzzles carry no rights.",
        "",
        "## Loading",
        "",
        "```python",
        "from datasets import load_dataset",
        f"ds = load_dataset({data_kind!r}, data_files={{"
        + ", ".join(f"{name!r}: {file.name!r}" for name, file in
                    (files.items() if "all" not in files else [("train", files["all"])])) + "})",
        "```",
        "",
        "Score a model's answers with `puzzlelab score DATASET ANSWERS.jsonl`, or in Python with "
        "`puzzlelab.score(puzzle, board, answer_text)`: 1.0 for any valid solution, partial credit for "
        "a wrong grid, 0 for an answer that cannot be read.",
        "",
        "## Fields",
        "",
        "| field | what it holds |",
        "|---|---|",
        "| `id`, `puzzle`, `seed`, `index` | which puzzle this is; item `index` depends only on the options and seed |",
        "| `question` | the prompt: the rules, the board with a legend, the exact answer format |",
        "| `answer` | the reference answer, in the format the question asks for |",
        "| `clues`, `solution`, `format` | the board and its solution in the puzzle's own text form |",
        "| `clue_count` | givens a person sees |",
        "| `difficulty_level`, `difficulty_score` | the grade: level 0 is unit propagation alone |",
        "| `difficulty` | every measure of the grade" + (" (JSON text)" if fmt != "parquet" else "") + " |",
        "| `canonical_key` | the same for boards equal up to symmetry |",
        "| `split` | the split the record is in (null when unsplit) |",
        "| `tatham_id` | the game ID Simon Tatham's puzzle collection reads, where it has the game |",
        "| `puzzlink_url` | the board's puzz.link address (its player opens it), where puzz.link has the genre |",
        "| `params`, `options`, `settings` | the structure and how the puzzle was made"
        + (" (params and options JSON text)" if fmt != "parquet" else "") + " |",
        "| `unique`, `minimal`, `verified_by`, `attempts`, `repairs`, `engine`, `generator_version` | "
        "how it was checked and made |",
    ]
    if fmt in ("csv", "kaggle"):
        body += ["", "In CSV a text cell that would read as a number (a solved sudoku's digits) begins with "
                 "an apostrophe, the spreadsheets' mark for text, so that no loader turns it into a number."]
    body += ["", "## Grade distribution", "", "Records per grade level (`difficulty_level`):", "", "```",
             *_histogram(levels), "```"]
    if example:
        body += ["", "## An example", "", "Question:", "", "```", str(example.get("question", "")), "```", "",
                 "Answer:", "", "```", str(example.get("answer", "")), "```"]
    text = "\n".join(yaml + body) + "\n"
    def write(tmp: Path) -> None:
        tmp.write_text(text, encoding="utf-8")

    atomic_write(path, write)
    return path


def _kind(values: list[Any]) -> Any:
    """The Hub's type of a column from its values: "string", "int64", ..., ("list", kind) or
    ("struct", {name: kind}); "null" where every value is."""
    present = [v for v in values if v is not None]
    if not present:
        return "null"
    if all(isinstance(v, bool) for v in present):
        return "bool"
    if all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return "int64" if len(present) == len(values) else "float64"  # (a CSV column with gaps reads as floats)
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in present):
        return "float64"
    if all(isinstance(v, str) for v in present):
        return "string"
    if all(isinstance(v, (list, tuple)) for v in present):
        return ("list", _kind([x for v in present for x in v]))
    if all(isinstance(v, dict) for v in present):
        names = list(dict.fromkeys(k for v in present for k in v))
        return ("struct", {k: _kind([v.get(k) for v in present]) for k in names})
    return "string"


def _arrow_kind(kind: Any) -> Any:
    """A Parquet column's type as `_kind` says types."""
    import pyarrow as pa

    if pa.types.is_struct(kind):
        return ("struct", {kind.field(i).name: _arrow_kind(kind.field(i).type) for i in range(kind.num_fields)})
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        return ("list", _arrow_kind(kind.value_type))
    if pa.types.is_boolean(kind):
        return "bool"
    if pa.types.is_integer(kind):
        return "int64"
    if pa.types.is_floating(kind):
        return "float64"
    if pa.types.is_null(kind):
        return "null"
    return "string"


def _type_lines(kind: Any, indent: str) -> list[str]:
    """The YAML of a type, as the Hub writes features (`dtype: int64`, `list: string`,
    `list:` or `struct:` and what they hold)."""
    if isinstance(kind, str):
        return [f"{indent}dtype: {repr(kind) if kind == 'null' else kind}"]  # (YAML reads a bare null as nothing)
    if kind[0] == "list":
        inner = kind[1]
        if isinstance(inner, str):
            return [f"{indent}list: {repr(inner) if inner == 'null' else inner}"]
        if inner[0] == "list":
            return [f"{indent}list:", *[line for line in _type_lines(inner, indent + "  ")]]
        return [f"{indent}list:", *_field_lines(inner[1], indent)]
    return [f"{indent}struct:", *_field_lines(kind[1], indent)]


def _field_lines(fields: dict[str, Any], indent: str) -> list[str]:
    out = []
    for name, kind in fields.items():
        out += [f"{indent}- name: {json.dumps(name)}", *_type_lines(kind, indent + "  ")]
    return out


def _features(records: list[dict], fmt: str) -> list[str]:
    """The card's `features`: each column's type as the written files hold it (JSON text for
    puzzle-shaped fields in JSONL and CSV, typed structs in Parquet)."""
    from .records import flatten, portable

    if fmt == "parquet":
        from .dataset import parquet_table

        schema = parquet_table(records).schema
        return _field_lines({name: _arrow_kind(schema.field(name).type) for name in schema.names}, "  ")
    rows = [flatten(r) for r in records] if fmt in ("csv", "kaggle") else [portable(r) for r in records]
    names = list(dict.fromkeys(k for row in rows for k in row))
    kinds = {name: _kind([row.get(name) for row in rows]) for name in names}
    if fmt in ("csv", "kaggle"):  # an empty CSV column is read as numbers (NaN) or text, never as nulls
        kinds = {name: "string" if kind == "null" else kind for name, kind in kinds.items()}
    return _field_lines(kinds, "  ")


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("puzzle-lab")
    except Exception:  # not installed as a distribution (a checkout on the path)
        return "(not installed)"
