"""The generator interface and the one loop that turns a random solution into a puzzle.

`generators/<puzzle>.py` subclasses `Generator`: how to draw a random solution, which facts
of it are the candidate clues, and (for puzzles whose clue set is the whole board) how to
repair an ambiguous instance. Everything else (uniqueness, stripping, bookkeeping) is here.
"""

from __future__ import annotations

import math
import random
import time
import types
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, Generic, Self, TypeVar, Union, get_args, get_origin, get_type_hints

from .puzzle import BoardLimit, ClueKey, CluePuzzle, Instance, PuzzleError, PuzzleType, number, quote
from .sat import UNLIMITED, Budget, SatSession, SessionCache
from .strip import Alternatives, strip_clues


@dataclass(frozen=True)
class Option:
    """One generator parameter as the CLI shows it (`--size 9`), made from a field of the
    generator's `GeneratorOptions`: what it means (`help`), its default and its inclusive
    range (`low`, `high`; None: unbounded that way), which `Generator.checked_params`
    enforces. `described` is the help `--help` shows."""

    name: str
    type: type
    default: Any
    help: str
    low: float | None = None
    high: float | None = None

    @property
    def ranged(self) -> bool:
        return self.low is not None or self.high is not None

    @property
    def described(self) -> str:
        """The meaning, then the range: "board side [1..100]"."""
        return f"{self.help} [{self.range_text}]" if self.ranged else self.help

    @property
    def range_text(self) -> str:
        """"1..60", "at least 1", "at most 0.9"; "" when unbounded."""
        if not self.ranged:
            return ""
        if self.low is not None and self.high is not None:
            return f"{self.low}..{self.high}"
        return f"at least {self.low}" if self.low is not None else f"at most {self.high}"

    def check(self, value: Any) -> None:
        """Raise PuzzleError ("--width must be at least 1, got 0") unless `value` is in range.
        None is an unset option (its meaning is the generator's, say "the size")."""
        if value is None or not self.ranged:
            return
        if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
            raise PuzzleError(f"--{self.name} must be a number in {self.range_text}, got {quote(value)}")
        shown = number(value) if isinstance(value, int) else value
        if self.low is not None and value < self.low:
            raise PuzzleError(f"--{self.name} must be at least {self.low}, got {shown}")
        if self.high is not None and value > self.high:
            raise PuzzleError(f"--{self.name} must be at most {self.high}, got {shown}")


COSTS_MEASURED = ("CPU seconds per record as `generate` makes it by default (stripped to minimal, graded): the "
                  "median of 3 records (seed 0, items 0-2; fewer once they took a minute) and, in brackets, the "
                  "most; \"over 120 s\": not one record in 120 s. Measured on one core of a shared 2-core VM "
                  "(Python 3.11, CaDiCaL 1.5.3) with the lab as of issue 40. Wall time, which --timeout counts, "
                  "is longer on a loaded machine")


@dataclass(frozen=True)
class Cost:
    """What one record cost at these options (`Generator.costs`, printed by `list PUZZLE`):
    `seconds` the median and `most` the most of the records measured, or `over`: not one
    record was made within that many CPU seconds, or only a `note` (no record at all: the
    generator gave up). Measured, never estimated (COSTS_MEASURED says how), so people can
    pick a size and a `--timeout` before they start a run."""

    options: tuple[tuple[str, Any], ...]
    seconds: float | None = None
    most: float | None = None
    over: float | None = None
    note: str = ""  # what else the measurement showed ("record 1: no unique pearl in 100 attempts")

    @property
    def options_text(self) -> str:
        return " ".join(f"--{name} {value}" for name, value in self.options)

    @property
    def text(self) -> str:
        """"0.31 s (0.52 s)", "over 120 s"."""
        note = f"; {self.note}" if self.note else ""
        if self.seconds is None:
            return f"over {self.over:g} s{note}" if self.over is not None else self.note
        most = f" ({_seconds(self.most)})" if self.most is not None and self.most > self.seconds else ""
        return _seconds(self.seconds) + most + note

    def to_json(self) -> dict:
        return {"options": dict(self.options), "seconds": self.seconds, "most": self.most, "over": self.over,
                "note": self.note or None}


def cost(seconds: float | None = None, most: float | None = None, *, over: float | None = None, note: str = "",
         **options: Any) -> Cost:
    """`Cost` written the short way: `cost(0.31, 0.52, size=16)`, `cost(over=120, size=26)`."""
    return Cost(tuple(options.items()), seconds, most, over, note)


def _seconds(value: float) -> str:
    """Two significant figures, at least 0.01 s: what a measurement of three records can say
    (a VM's CPU clock moves in steps of milliseconds)."""
    return "under 0.01 s" if value < 0.01 else f"{float(f'{value:.2g}'):g} s"


def option(default: Any, help: str, low: float | None = None, high: float | None = None) -> Any:
    """One field of a generator's options (`GeneratorOptions`): its default, what it means
    and its inclusive range, the `Option` row the CLI shows (`--size 9`)."""
    return field(default=default, metadata={"help": help, "low": low, "high": high})


@dataclass(frozen=True)
class GeneratorOptions:
    """What a generator takes, one field per CLI option (made with `option`), each subclass a
    frozen dataclass. `read` builds one from options by name and refuses a name it does not
    know: a misspelt option is an error, never a silent default."""

    @classmethod
    def rows(cls) -> tuple[Option, ...]:
        """The options as the CLI, `list` and the API show them, in the order declared."""
        return _rows(cls)

    @classmethod
    def read(cls, puzzle: str, given: Mapping[str, Any], *, check_ranges: bool = True) -> Self:
        """The options `given` by name, as the CLI names them (`strip-counts`) or as Python
        does (`strip_counts`); the rest keep their defaults. Raise PuzzleError for a name not
        declared ("towers has no option --colour (its options: --size)") and, with
        `check_ranges`, for a value out of its declared range (`Option.check`)."""
        rows = cls.rows()
        values: dict[str, Any] = {}
        for name, value in given.items():
            cli_name = name.replace("_", "-")
            if not any(row.name == cli_name for row in rows):
                known = ", ".join(f"--{row.name}" for row in rows) or "none"
                raise PuzzleError(f"{puzzle} has no option --{cli_name} (its options: {known})")
            if cli_name in values:
                raise PuzzleError(f"{puzzle}: option --{cli_name} given twice")
            values[cli_name] = value
        if check_ranges:
            for row in rows:  # in the order declared, as the CLI lists them
                if row.name in values:
                    row.check(values[row.name])
        return cls(**{name.replace("-", "_"): value for name, value in values.items()})


_ROWS: dict[type[GeneratorOptions], tuple[Option, ...]] = {}  # each class's rows, made once


def _rows(cls: type[GeneratorOptions]) -> tuple[Option, ...]:
    if cls not in _ROWS:
        hints = get_type_hints(cls)
        _ROWS[cls] = tuple(Option(f.name.replace("_", "-"), _value_type(hints[f.name]), f.default,
                                  f.metadata["help"], f.metadata["low"], f.metadata["high"]) for f in fields(cls))
    return _ROWS[cls]


def _value_type(hint: Any) -> type:
    """The type an option's value is read as: `int` for a field declared `int | None` (None
    being "unset")."""
    if get_origin(hint) in (Union, types.UnionType):
        kinds = [kind for kind in get_args(hint) if kind is not type(None)]
        if len(kinds) == 1:
            return kinds[0]
        raise TypeError(f"an option is one type or that type or None, not {hint}")
    return hint


def keywords(options: dict[str, Any]) -> dict[str, Any]:
    """Options by their CLI names (`strip-counts`) as Python names them (`strip_counts`);
    `params` takes either."""
    return {name.replace("-", "_"): value for name, value in options.items()}


def board_size(default: int | None, limit: BoardLimit,
               help: str = "board side (width and height unless given)") -> Any:
    """--size of a rectangular puzzle, for a square board: with `board_width` and
    `board_height`, the shared options of rectangular puzzles (read them back with
    `board_shape`), in the puzzle's size limit."""
    return option(default, help, max(limit.least_width, limit.least_height), min(limit.most_width, limit.most_height))


def board_width(limit: BoardLimit, help: str = "board width (default: size)") -> Any:
    return option(None, help, limit.least_width, limit.most_width)


def board_height(limit: BoardLimit, help: str = "board height (default: size)") -> Any:
    return option(None, help, limit.least_height, limit.most_height)


def board_shape(size: int, width: int | None = None, height: int | None = None) -> tuple[int, int]:
    """(width, height) from `board_size`, `board_width` and `board_height`: an unset (None)
    width or height is the size. 0 is a size like any other (too small for every puzzle), not
    "unset"."""
    return (size if width is None else width), (size if height is None else height)


@dataclass
class Generated:
    instance: Instance
    solution: Any
    unique: bool
    minimal: bool
    checks: int
    seconds: float
    attempts: int = 1
    unknowns: int = 0
    repairs: int = 0  # instances changed by `repair` to rule a rival out, over all attempts
    phases: dict[str, float] = field(default_factory=dict)  # seconds: draw, pin (unique full set), strip


@dataclass
class GenerateOptions:
    target: int | None = None  # stop stripping at this many clues (not minimal then)
    symmetric: bool = False  # strip clues in symmetric orbits (180-degree rotation)
    minimal: bool = True  # strip at all; False keeps the full (unique) clue set
    budget: Budget = field(default_factory=lambda: UNLIMITED)
    max_attempts: int = 100


OptionsT = TypeVar("OptionsT", bound=GeneratorOptions)


class Generator(Generic[OptionsT]):
    """Base class; `generators/<puzzle>.py` subclasses it (`Generator[ItsOptions]`), sets
    `options_type` and `params_for`, and sets `GENERATOR`."""

    puzzle: str = ""
    options_type: type[OptionsT]  # the options it takes, a `GeneratorOptions` dataclass
    strips: bool = True  # False: the clue set is the whole board (draw, check, repair)
    clues_are_solution: bool = False  # every fact of the solution is a candidate clue: unique as drawn
    costs: tuple[Cost, ...] = ()  # what a record costs at a few sizes, measured (COSTS_MEASURED)
    # draws, and repairs of one draw, before giving up, where the run's `max_attempts` is fewer:
    # a puzzle whose drawn structure takes hundreds of repairs to become unique (Star Battle)
    least_attempts: int = 0

    @property
    def history_free(self) -> bool:
        """True when a puzzle depends only on the random generator. A `repair` step reacts to
        whichever rival solution the solver found, which depends on what that solver did
        before; datasets then give every item a fresh solver to stay deterministic."""
        return type(self).repair is Generator.repair

    @property
    def options(self) -> tuple[Option, ...]:
        """The options as the CLI shows them (`--size 9`), from `options_type`'s fields."""
        return self.options_type.rows()

    def params_for(self, options: OptionsT) -> Any:
        """Validated puzzle structure from these options (raise PuzzleError)."""
        raise NotImplementedError

    def params(self, **options: Any) -> Any:
        """`params_for` the options given by name (`size=9`, `strip_counts=1` or
        `**{"strip-counts": 1}`), the rest at their defaults. An unknown name is refused;
        ranges are not checked (studies and tests go past them)."""
        return self.params_for(self.options_type.read(self.puzzle, options, check_ranges=False))

    def checked_params(self, **options: Any) -> Any:
        """`params`, after checking every option given against its declared range: the entry
        point for options that come from people (the CLI, dataset specs)."""
        return self.params_for(self.options_type.read(self.puzzle, options))

    ptype: PuzzleType  # set by the registry

    def draw(self, params: Any, rng: random.Random, sessions: SessionCache) -> tuple[Any, Any]:
        """A random (params, solution). Default: the engine's generic random solution;
        puzzles whose structure is itself random (walls, cages) override."""
        if not isinstance(self.ptype, CluePuzzle):
            raise PuzzleError(f"{self.ptype.name} has no SAT rules to draw a solution from")
        return params, sessions.get(self.ptype, params).random_solution(rng)

    def candidate_clues(self, params: Any, solution: Any) -> dict:
        raise NotImplementedError

    def partner(self, params: Any, key: Any) -> ClueKey | None:
        """The clue symmetric to `key`, one of the puzzle's own clue keys (a cell, say), for
        symmetric stripping; None if none."""
        return None

    def generate(self, params: Any, rng: random.Random, sessions: SessionCache,
                 opts: GenerateOptions) -> Generated | None:
        """A whole puzzle made the puzzle's own way, for puzzles that are not "a random
        solution, then strip clues" (Minesweeper boards that never need a guess, chess
        positions with exactly one solution). None: the engine's loop does it."""
        return None

    def stripping_session(self, params: Any) -> SatSession | None:
        """Optional: a session of the generator's own for stripping one puzzle of the drawn
        structure `params` (closed after it), for puzzles whose hard checks another engine
        answers far sooner (magic squares from 6x6: CaDiCaL, then CP-SAT). None: the
        engine's cached session."""
        return None

    def alternatives(self, params: Any, solution: Any) -> Alternatives:
        """Cheap second solutions, each given as the candidate clues it contradicts (sets of
        keys, or a `ClueSets` when found in bulk): a clue that is the last kept one of such
        a set is needed, no solver call asked. Every set must come from a real valid
        solution (tests check it)."""
        return []

    def fixed_clues(self, params: Any, clues: dict, spec: Any = None) -> list[ClueKey]:
        """Clues that stripping must never remove. `params` are the drawn puzzle's, `spec`
        what `params(**options)` returned (the options, where the draw is random). The
        result is still called minimal only if each of these is needed too, unless
        `fixed_by_choice`."""
        return []

    # Are the fixed clues a convention people ask for (Signpost's numbered first cell, as in
    # Tatham's boards) rather than part of the puzzle? Then "minimal" means minimal among the
    # clue sets that keep them: every other clue is needed.
    fixed_by_choice: ClassVar[bool] = False

    def deduces_all(self, params: Any, clues: dict, solution: Any) -> bool:
        """Optional: does a cheap deduction of the puzzle's own (a nonogram's line solver)
        fix the whole of `solution` from `clues`? Then the clue set is unique and no solver
        is asked (`_pin_down`). It must be sound: True only when every fact follows from
        the clues (tests compare it with the SAT count). Default: no such deduction."""
        return False

    def repair(self, params: Any, clues: dict, solution: Any, other: Any,
               rng: random.Random) -> tuple[Any, dict, Any] | None:
        """An ambiguous full clue set: change the instance so that `other` is ruled out.
        Return the new (params, clues, solution), or None to draw afresh."""
        return None


def generate_one(ptype: PuzzleType, gen: Generator, params: Any, rng: random.Random,
                 sessions: SessionCache, opts: GenerateOptions | None = None) -> Generated:
    """One unique puzzle (minimal unless asked otherwise), with what it cost."""
    opts = opts or GenerateOptions()
    if opts.max_attempts < gen.least_attempts:
        opts = replace(opts, max_attempts=gen.least_attempts)
    own = gen.generate(params, rng, sessions, opts)
    if own is not None:
        return own
    if not isinstance(ptype, CluePuzzle):
        raise PuzzleError(f"{ptype.name} is played move by move: its generator makes whole puzzles itself")
    start = time.perf_counter()
    checks = repairs = 0
    phases = {"draw": 0.0, "pin": 0.0, "strip": 0.0}
    for attempt in range(1, opts.max_attempts + 1):
        mark = time.perf_counter()
        pparams, solution = gen.draw(params, rng, sessions)
        phases["draw"] += time.perf_counter() - mark
        mark = time.perf_counter()
        pinned, calls, fixes = _pin_down(ptype, gen, pparams, gen.candidate_clues(pparams, solution), solution,
                                         rng, sessions, opts)
        phases["pin"] += time.perf_counter() - mark
        checks += calls
        repairs += fixes
        if pinned is None:
            continue
        pparams, clues, solution = pinned
        minimal, unknowns = False, 0
        mark = time.perf_counter()
        if gen.strips and opts.minimal:
            partner = (lambda k: gen.partner(pparams, k)) if opts.symmetric else None
            mine = gen.stripping_session(pparams)
            try:
                result = strip_clues(mine or sessions.get(ptype, pparams, stripping=True), solution, clues, rng,
                                     target=opts.target, partner=partner, budget=opts.budget,
                                     fixed=gen.fixed_clues(pparams, clues, params),
                                     alternatives=gen.alternatives(pparams, solution),
                                     fixed_must_be_needed=not gen.fixed_by_choice)
            finally:
                if mine is not None:
                    mine.close()
            clues, minimal, unknowns = result.clues, result.minimal, result.unknowns
            checks += result.checks
            minimal = minimal and not opts.symmetric  # symmetric: minimal among symmetric sets only
        phases["strip"] = time.perf_counter() - mark
        return Generated(Instance(ptype.name, pparams, clues), solution, True, minimal, checks,
                         time.perf_counter() - start, attempt, unknowns, repairs,
                         {k: round(v, 6) for k, v in phases.items()})
    raise PuzzleError(f"no unique {ptype.name} found in {opts.max_attempts} attempts")


def _pin_down(ptype: CluePuzzle, gen: Generator, params: Any, clues: dict, solution: Any, rng: random.Random,
              sessions: SessionCache, opts: GenerateOptions) -> tuple[tuple[Any, dict, Any] | None, int, int]:
    """The full clue set must pin the solution down; repair it while the puzzle lets us.
    Returns ((params, clues, solution) or None to draw again, solver calls spent, repairs made)."""
    if gen.clues_are_solution:
        return (params, clues, solution), 0, 0
    calls = repairs = 0
    for _ in range(opts.max_attempts):
        if gen.deduces_all(params, clues, solution):  # unique by the puzzle's own sound deduction
            return (params, clues, solution), calls, repairs
        session = sessions.get(ptype, params, stripping=True)  # repairs may change the structure (walls)
        before = session.calls
        other = session.other_than(session.assumptions(clues), solution, opts.budget)
        calls += session.calls - before
        if other.sat is False:
            return (params, clues, solution), calls, repairs
        if other.sat is None:  # budget ran out: unknown is not unique
            return None, calls, repairs
        fixed = gen.repair(params, clues, solution, other.solution, rng)
        if fixed is None:
            return None, calls, repairs
        params, clues, solution = fixed
        repairs += 1
    return None, calls, repairs
