"""The one interface every puzzle implements, and the values the engine passes around.

A puzzle *type* (one per `solvers/<puzzle>.py`) knows its text formats, its rules as CNF
with one literal per clue, how to read a solution back out of a model, an independent
plain-Python `verify`, and a CP-SAT model used as a second opinion. The engine in `lab/`
only ever talks to this interface, in the spirit of the `game` struct every puzzle in
Simon Tatham's collection fills in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable, Mapping

from pysat.formula import IDPool

Clause = list[int]
ClueKey = Hashable
Clues = Mapping[ClueKey, Any]


class PuzzleError(ValueError):
    """Bad user input. Carries where it is, so the CLI can print one precise line."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        return f"{', '.join(where)}: {self.message}" if where else self.message


@dataclass(frozen=True)
class Instance:
    """One puzzle: its structure (`params`, hashable, shared by many puzzles) and its clues."""

    kind: str
    params: Any
    clues: dict = field(hash=False, compare=True)

    def without(self, keys: Iterable[ClueKey]) -> "Instance":
        drop = set(keys)
        return Instance(self.kind, self.params, {k: v for k, v in self.clues.items() if k not in drop})


def variable_block(pool: IDPool, count: int) -> int:
    """Reserve `count` consecutive fresh variables and return the first: a puzzle's primary
    variables as plain arithmetic (first + index) instead of one named `pool.id` call each,
    which is most of building a 16x16 or 25x25 sudoku's rules."""
    first = pool.top + 1
    while any(lo <= first + count - 1 and first <= hi for lo, hi in pool._occupied):
        first = max(hi for lo, hi in pool._occupied) + 1
    pool.occupy(first, first + count - 1)
    pool.top = max(pool.top, first + count - 1)  # encoders that read `top` start after the block
    return first


@dataclass
class Rules:
    """A puzzle's rules in CNF for one `params`.

    `primary` are the variables that decide a solution; blocking clauses and solution
    counting range over them only. `data` is the puzzle's own variable map. Prefer
    `at_most_one` to writing pairwise clauses: loading is most of a one-shot check.
    """

    clauses: list[Clause]
    primary: list[int]
    data: Any = None
    # "at most one of these literals": solvers with native cardinality (Minicard) take them
    # as they are, a single call each; for the others the engine writes them as clauses.
    at_most_one: list[list[int]] = field(default_factory=list)
    pairwise: list[Clause] | None = field(default=None, repr=False)  # their CNF, made once by the engine


@dataclass
class CpModel:
    """A CP-SAT model of one instance: the model, the variables that decide a solution,
    and how to read a solution back (`decode(value)` where `value(var) -> int`).

    `relaxed=True` means the model leaves out a rule (say connectivity) and every solution
    it yields must still pass `verify`; the engine filters them.
    """

    model: Any
    variables: list
    decode: Callable[[Callable[[Any], int]], Any]
    relaxed: bool = False


@dataclass
class Answer:
    """What `solve` prints for puzzles whose answer is not a filled grid (next safe move,
    best guess, shortest move sequence): text for people, `data` for `--json`."""

    text: str
    data: dict


class PuzzleType:
    """Base class for a puzzle; `solvers/<puzzle>.py` subclasses it and sets `PUZZLE`.

    Grid puzzles implement the SAT/CP-SAT part and get solve, count, check, clue redundancy
    and generation from the engine. Puzzles played move by move (Minesweeper, Guess, Inertia,
    chess captures, jugs) implement `parse` and `answer` instead.
    """

    name: str = ""
    aliases: tuple[str, ...] = ()
    title: str = ""
    formats: tuple[str, ...] = ("text", "json")
    cell_names: dict[Any, str] = {}  # how `differences` shows a cell's value (default: as it is)

    # ---- text forms -------------------------------------------------------------
    def parse(self, text: str, fmt: str | None = None) -> Instance:
        """Read `text` in format `fmt` (detected when None) with the subclass's `_parse_<fmt>`."""
        fmt = fmt or self.sniff(text)
        reader = getattr(self, f"_parse_{fmt}", None) if fmt in self.formats else None
        if reader is None:
            raise PuzzleError(f"unknown {self.name} format '{fmt}' (known: {', '.join(self.formats)})")
        return reader(text)

    def sniff(self, text: str) -> str:
        """Which format `text` is in: JSON opens with a brace, the seed's arrays have
        brackets, a Tatham game ID starts `params:` (or `WxH#` for a random seed); anything
        else is the puzzle's own plain form, the first of `formats`."""
        s = text.strip()
        if not s:
            raise PuzzleError("empty input")
        if s.startswith("{") and "json" in self.formats:
            return "json"
        if "[" in s and "array" in self.formats:
            return "array"
        if "tatham" in self.formats and re.match(r"^\d+(x\d+)?[a-z0-9]*:|^\d+x\d+[a-z0-9]*#", s):
            return "tatham"
        return self.formats[0]

    def format(self, inst: Instance, fmt: str = "text") -> str:
        raise NotImplementedError

    def format_solution(self, inst: Instance, solution: Any, fmt: str = "text") -> str:
        raise NotImplementedError

    def solution_json(self, inst: Instance, solution: Any) -> Any:
        """A JSON-able form of a solution (default: as given, tuples become lists)."""
        return solution

    def describe_clue(self, key: ClueKey, value: Any) -> str:
        return f"{key}={value}"

    def clue_count(self, inst: Instance) -> int:
        """How many givens a person sees (datasets record it); default: the clues."""
        return len(inst.clues)

    def clue_json(self, key: ClueKey, value: Any) -> Any:
        return {"clue": list(key) if isinstance(key, tuple) else key, "value": value}

    def answer(self, inst: Instance) -> Answer:
        """Custom `solve` for move puzzles; grid puzzles leave this alone."""
        raise NotImplementedError

    @property
    def has_rules(self) -> bool:
        """A grid puzzle with SAT rules (the engine's solve/check/strip/grade apply), as
        opposed to a puzzle played move by move."""
        return type(self).rules is not PuzzleType.rules

    def supports(self) -> list[str]:
        """Which CLI commands work for this puzzle (from what the subclass implements)."""
        out = ["solve"]
        if self.has_rules:
            out += ["check", "clues", "count"]
        elif callable(getattr(self, "count", None)):
            out.append("count")
        return out

    # ---- SAT --------------------------------------------------------------------
    def rules_cacheable(self, params: Any) -> bool:
        """May `rules(params)` be built once per process and shared by every session? Only
        when clue clauses never draw new variables from a pool kept inside the rules."""
        return False

    def rules(self, params: Any, pool: IDPool) -> Rules:
        raise NotImplementedError

    def one_shot_rules(self, params: Any, pool: IDPool) -> Rules:
        """Rules for a session that answers one question (the CLI's check): a puzzle whose
        `rules` invest in reuse (Nonograms' per-size line automata) may build less here."""
        return self.rules(params, pool)

    def clue_clauses(self, params: Any, rules: Rules, key: ClueKey, value: Any) -> list[Clause]:
        """Clauses meaning "this clue holds". A single unit clause is used as the clue's
        literal directly; anything else is guarded by a fresh selector literal."""
        raise NotImplementedError

    def decode(self, params: Any, rules: Rules, true_vars: set[int]) -> Any:
        raise NotImplementedError

    def solution_literals(self, params: Any, rules: Rules, solution: Any) -> list[int]:
        """The primary variables' values in `solution`, as literals (the blocking clause
        for "a solution different from this one" is their negation)."""
        raise NotImplementedError

    def cuts(self, params: Any, rules: Rules, solution: Any, true_vars: set[int]) -> list[Clause]:
        """Lazy rules: clauses the rules imply that this candidate violates (empty when
        the candidate is a real solution). Puzzles with connectivity or loops override."""
        return []

    # ---- CP-SAT (second opinion) -------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        raise NotImplementedError

    # ---- independent check ----------------------------------------------------------
    def verify(self, inst: Instance, solution: Any) -> list[str]:
        """Plain-Python check of a solution against the rules and clues; returns the
        violations found (empty list: valid). Must not use the SAT encoding."""
        raise NotImplementedError

    def differences(self, a: Any, b: Any) -> list[str]:
        """Where two solutions differ, for people. Default: cell by cell on grids, each value
        shown by its name in `cell_names` when it has one."""
        out = []
        for r, (ra, rb) in enumerate(zip(a, b)):
            for c, (x, y) in enumerate(zip(ra, rb)):
                if x != y:
                    out.append(f"r{r + 1}c{c + 1}: {self.cell_names.get(x, x)} vs {self.cell_names.get(y, y)}")
        return out
