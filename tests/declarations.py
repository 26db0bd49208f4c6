"""The forms the declarations in tests/cases/ take, and the helpers that read them (see
tests/cases/__init__.py); kept out of that package, whose modules are named after puzzles
(`map`, `range`) and would hide Python's own names there."""

from __future__ import annotations

import importlib
import pkgutil
import random
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.puzzle import CluePuzzle
from puzzlelab.lab.engine.sat import SessionCache
from puzzlelab.lab.face.registry import generator, puzzle

DATA = Path(__file__).parent / "data"
CASES = Path(__file__).parent / "cases"


@dataclass(frozen=True)
class TathamIds:
    """His generator's boards in tests/data/`file`: one game ID a line, or the parameters
    asked for and then the ID (`#` starts a comment line)."""

    file: str
    count: int  # how many IDs the file holds
    cpsat_every: int = 3  # CP-SAT re-checks every so many of them,
    cpsat_at_most: int | None = None  # and no more than so many
    as_asked: bool = True  # the ID with the parameters as asked (`asked:description`) reads the same
    as_asked_format: str | None = None  # the format to read it in, where sniffing cannot tell


@dataclass(frozen=True)
class OurIds:
    """Our generator's boards written as game IDs: `each` from every options dict in turn,
    from one random.Random(4); an entry may pair its options with GenerateOptions."""

    options: tuple[dict[str, Any] | tuple[dict[str, Any], GenerateOptions], ...]
    each: int = 2


@dataclass(frozen=True)
class Oversized:
    """Inputs past the puzzle's size limit, refused before any rules are built."""

    texts: tuple[str, ...]
    message: str  # a pattern the message matches


@dataclass(frozen=True)
class VerifyCase:
    """A board, a solution breaking one rule, and the problem `verify` names for it:
    `match` "in" a fragment of one problem, "is" one whole problem, "starts" one's start."""

    board: str
    solution: Any
    problem: str
    match: str = "in"
    rule: str = field(default="")  # the test id; the problem's words when empty


@dataclass(frozen=True)
class GenerateRun:
    """`puzzlelab generate PUZZLE ARGS --quiet --out OUT` (PUZZLE as `called`, an alias, where
    given): exit 0 and `count` records (lines of JSONL, or of CSV under a header starting with
    `header_starts`), each holding every `has` and no `lacks`, and the CSV header every column of
    `header_has`."""

    args: tuple[str, ...]
    out: str
    count: int
    has: tuple[str, ...] = ()
    lacks: tuple[str, ...] = ()
    header_starts: str = "id,puzzle"
    called: str = ""
    header_has: tuple[str, ...] = ()


@dataclass(frozen=True)
class Seed:
    """The seed's board and its printed solution, `read` into a solution: unique, that
    solution; written back, its array form's second line is `array_row` and our text's first
    `text_row` (not checked where empty)."""

    board: str
    solution: str
    read: Callable[[str], Any]
    array_row: str = ""
    text_row: str = ""


def modules() -> dict[str, ModuleType]:
    """Each puzzle's declarations, by puzzle name."""
    found = {}
    for info in pkgutil.iter_modules([str(CASES)]):
        found[info.name] = importlib.import_module(f"cases.{info.name}")
    return found


def clue_puzzle(name: str) -> CluePuzzle:
    """The registered puzzle `name`, which the engines' checks take as a clue puzzle only."""
    ptype = puzzle(name)
    if not isinstance(ptype, CluePuzzle):
        raise TypeError(f"{name} is no clue puzzle")
    return ptype


@cache
def tables(name: str) -> dict[str, Any]:
    """The tables of plain strings in tests/cases/<name>.toml (none where there is no such file)."""
    path = CASES / f"{name}.toml"
    return tomllib.loads(path.read_text()) if path.exists() else {}


def rows(key: str) -> list[tuple[str, tuple[Any, ...]]]:
    """(puzzle, row) for every row of the table `key` in every puzzle's TOML file."""
    return [(name, tuple(row)) for name in sorted(modules()) for row in tables(name).get(key, [])]


def declared(attribute: str) -> list[tuple[str, Any]]:
    """(puzzle, value) for every puzzle that declares `attribute`, by puzzle name."""
    return [(name, getattr(module, attribute)) for name, module in sorted(modules().items())
            if hasattr(module, attribute)]


def tatham_id_lines(file: str) -> list[tuple[str, ...]]:
    """The lines of a Tatham-ID file under tests/data, each split at its spaces."""
    lines = (DATA / file).read_text().splitlines()
    return [tuple(line.split()) for line in lines if line.strip() and not line.startswith("#")]


@cache
def our_ids(name: str) -> tuple[str, ...]:
    """The game IDs of the puzzle's `OUR_IDS`; each reads back as the puzzle it was written from."""
    ptype, gen = puzzle(name), generator(name)
    sessions, rng = SessionCache(), random.Random(4)
    out = []
    for entry in modules()[name].OUR_IDS.options:
        options, how = entry if isinstance(entry, tuple) else (entry, GenerateOptions())
        for _ in range(modules()[name].OUR_IDS.each):
            made = generate_one(ptype, gen, gen.checked_params(**options), rng, sessions, how)
            out.append(ptype.format(made.instance, "tatham"))
            if ptype.parse(out[-1]) != made.instance:
                raise AssertionError(f"{out[-1]} does not read back as the puzzle it was written from")
    return tuple(out)


def digit_grid(text: str) -> tuple[tuple[int, ...], ...]:
    """Rows of digits (brackets, spaces and anything else between them ignored) as a solution."""
    rows = ["".join(ch for ch in line if ch.isdigit()) for line in text.strip().splitlines()]
    return tuple(tuple(int(ch) for ch in row) for row in rows if row)


def data_text(name: str) -> str:
    """A file under tests/data, as text (the seeds' boards and solutions, as the seed prints them)."""
    return (DATA / name).read_text()
