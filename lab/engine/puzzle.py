"""The one interface every puzzle implements, and the values the engine passes around.

A puzzle *type* (one per `solvers/<puzzle>.py`) knows its text formats, its rules as CNF
with one literal per clue, how to read a solution back out of a model, an independent
plain-Python `verify`, and a CP-SAT model used as a second opinion. The engine in `lab/`
only ever talks to this interface, in the spirit of the `game` struct every puzzle in
Simon Tatham's collection fills in.
"""

from __future__ import annotations

import math
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Container, Hashable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from pysat.formula import IDPool

from .variables import draw_block

if TYPE_CHECKING:
    from ..toolkit.codecs import Codec

Clause = list[int]
ClueKey = Hashable
Clues = Mapping[Any, Any]  # not Mapping[ClueKey, ...]: a key type is invariant, no dict[Cell, int] would fit
# A puzzle's own types: `CluePuzzle[MosaicParams, Cell, Grid]` lets mypy check that its
# methods agree on them (and its overrides narrow a key legally); unnamed, each is Any.
ParamsT = TypeVar("ParamsT", bound=Hashable)  # a board's structure, shared by many instances
KeyT = TypeVar("KeyT", bound=Hashable)  # a clue's key (a cell, an edge count, a cage)
SolutionT = TypeVar("SolutionT")  # a solution, as `decode` returns it and `verify` takes it

BOM = "\ufeff"  # a UTF-8 byte-order mark, as editors on Windows put it at a file's start
MAX_INPUT_CHARS = 1 << 20  # beyond any puzzle's size limit in any of its formats (1000x1000 is 1,001,000)
MAX_DIGITS = 4300  # Python's own limit for int(text): a longer number would end in a traceback
QUOTE_LIMIT = 40  # characters of offending input an error message quotes


class PuzzleError(ValueError):
    """Bad user input. Carries where it is, so the CLI can print one precise line."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.source: str | None = None  # the file it came from, when the CLI knows it

    def __str__(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        return f"{', '.join(where)}: {self.message}" if where else self.message


@contextmanager
def at_place(line: int | None, column: int | None = None) -> Iterator[None]:
    """Say a PuzzleError raised inside at `line` and `column`: a check that knows no text
    (a size, a params' own rules) is refused where the text gave what it refused."""
    try:
        yield
    except PuzzleError as exc:
        raise PuzzleError(exc.message, line, column) from None


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """`text` (or, when it is not a string, its repr) in single quotes for a one-line error
    message: at most `limit` characters of it, then "..." and its full length, so that a
    huge token never makes a huge message; invisible characters are spelled out (a stray
    byte-order mark shows as \\ufeff instead of as nothing)."""
    s = text if isinstance(text, str) else repr(text)
    shown = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in s[:limit])
    if len(s) > limit:
        return f"'{shown}...' ({len(s)} characters)"
    return f"'{shown}'"


def number(value: int) -> str:
    """A whole number for a one-line message: as it is up to 12 digits, else "~10^N" (str()
    of a huge int is slow, and Python refuses it past 4300 digits)."""
    if -10 ** 12 < value < 10 ** 12:
        return str(value)
    digits = int(abs(value).bit_length() * math.log10(2)) + 1  # about; no str() of it
    return f"{'-' if value < 0 else ''}~10^{digits - 1}"


def strip_bom(text: str) -> str:
    """`text` without a leading byte-order mark (every puzzle reads it the same as without)."""
    return text[1:] if text.startswith(BOM) else text


def check_text(text: str, most: int = MAX_INPUT_CHARS) -> None:
    """Refuse input that no puzzle within its size limit needs, before reading it: more than
    `most` characters (reading costs time and memory per character), or a number longer
    than Python reads at all (int() would raise a ValueError deep inside a parser)."""
    if len(text) > most:
        raise PuzzleError(f"input is {len(text):,} characters long: at most {most:,}")
    # (?<!\d): a run of digits is tried once, from its start; tried from each of its digits,
    # a megabyte of short runs took seconds (each run's length, squared)
    long = re.search(rf"(?<!\d)\d{{{MAX_DIGITS + 1},}}", text)
    if long:
        line = text.count("\n", 0, long.start()) + 1
        column = long.start() - (text.rfind("\n", 0, long.start()) + 1) + 1
        raise PuzzleError(f"a number {len(long.group()):,} digits long: at most {MAX_DIGITS}", line, column)


def board_sides(params: Any) -> tuple[int, int]:
    """A board's width and height: `params.width` x `params.height`, or `n` x `n` for a square."""
    return (params.width, params.height) if hasattr(params, "width") else (params.n, params.n)


@dataclass(frozen=True)
class BoardLimit:
    """The board sizes a puzzle reads and generates: each side from `least_*` to `most_*`.
    One object per puzzle holds the numbers, so its parsers, its generator's options and
    `puzzlelab list` (`text`) cannot disagree."""

    most_width: int
    most_height: int
    least_width: int = 1
    least_height: int = 1

    @property
    def text(self) -> str:
        return f"at most {self.most_width}x{self.most_height}"

    def check(self, name: str, width: int, height: int, what: str = "board",
              line: int | None = None, column: int | None = None) -> None:
        """Raise PuzzleError ("lightup board 1000x1000 is too large: at most 100x100"), said at
        `line` and `column`, unless a `width` x `height` board is within the limit."""
        self.refuse_larger(name, width, height, what, line, column)
        if width < self.least_width or height < self.least_height:
            raise PuzzleError(f"{name} {what} {number(width)}x{number(height)} is too small: at least "
                              f"{self.least_width}x{self.least_height}", line, column)

    def refuse_larger(self, name: str, width: int, height: int, what: str = "board",
                      line: int | None = None, column: int | None = None) -> None:
        """The half of `check` a reader applies as soon as it knows a size (a game ID's `WxH`,
        a JSON's width, the lines of a text grid), before it reads a cell: an oversized board
        then costs its first line, not a megabyte of cells. A small board is left to the
        reader, whose shape checks say more ("row 3 has 2 cells, expected 4")."""
        if width > self.most_width or height > self.most_height:
            raise PuzzleError(f"{name} {what} {number(width)}x{number(height)} is too large: {self.text}", line, column)

    def early(self, name: str, what: str = "board", extra: tuple[int, int] = (0, 0)) -> SizeCheck:
        """`refuse_larger` for one puzzle's boards, as the readers in `lab.textgrid` take it
        (`limit=`). `extra` is the columns and lines a text form adds around the board (a
        column of counts, a line of clues above it): taken off what the reader counts, so
        that a board at the limit is never refused for its frame."""
        def check(width: int, height: int, line: int | None = None) -> None:
            self.refuse_larger(name, width - extra[0], height - extra[1], what, line)
        return check


class SizeCheck(Protocol):
    """An early size check (`BoardLimit.early`): refuse a `width` x `height` board (found
    at `line`) that is over a puzzle's limit, before its cells are read."""

    def __call__(self, width: int, height: int, line: int | None = None) -> None: ...


@dataclass(frozen=True)
class PairLayout:
    """How a puzzle fits the common two-column `puzzle,solution` CSV (Kaggle's sudoku
    datasets): the puzzle and its solution, each one line in the puzzle's format `fmt`,
    with every blank written as `blank`; read back, any of `blanks` is a blank."""

    fmt: str
    blank: str
    blanks: str


@dataclass(frozen=True)
class Instance(Generic[ParamsT, KeyT]):
    """One puzzle: its structure (`params`, hashable, shared by many puzzles) and its clues."""

    kind: str
    params: ParamsT
    clues: dict[KeyT, Any] = field(hash=False, compare=True)

    def without(self, keys: Iterable[KeyT]) -> Instance[ParamsT, KeyT]:
        drop = set(keys)
        return Instance(self.kind, self.params, {k: v for k, v in self.clues.items() if k not in drop})


def known_key(key: Any, keys: Container) -> bool:
    """`key in keys`, where a key that cannot be hashed (a list from someone's JSON) is no
    key rather than a TypeError: a clue check then refuses it with one clear line."""
    try:
        return key in keys
    except TypeError:
        return False


def variable_block(pool: IDPool, count: int) -> int:
    """Reserve `count` consecutive fresh variables and return the first: a puzzle's primary
    variables as plain arithmetic (first + index) instead of one named `pool.id` call each,
    which is most of building a 16x16 or 25x25 sudoku's rules."""
    return draw_block(pool, count)


@dataclass(frozen=True)
class Exactly:
    """"Exactly `n` of `lits` are true": a count in the form a solver with native
    cardinality constraints takes as two constraints (`CluePuzzle.clue_counts`,
    `Rules.exactly`)."""

    lits: tuple[int, ...]
    n: int

    def holds(self, value: Callable[[int], bool]) -> bool:
        return sum(1 for lit in self.lits if value(lit)) == self.n


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
    # Exact counts: native where the solver counts, else sequential counters drawn from the
    # session's pool at every load. For `one_shot_rules`; cached `rules` are better off
    # with their CNF written once.
    exactly: list[Exactly] = field(default_factory=list)
    has_units: bool | None = field(default=None, repr=False)  # a unit clause among them? (grading asks)
    formula: Any = field(default=None, repr=False, compare=False)  # lab.rounds.Formula of them, made once
    # The primary variables grouped by the cell whose value they name, one true in each, for
    # puzzles whose cells take one of several values that the rules exclude across cells
    # (Latin squares, map colourings): the grade's forcing chains run through the cells
    # left with two values (`lab.chains`). Empty: the grade looks for no chains.
    cells: list[list[int]] = field(default_factory=list)
    chain_links: Any = field(default=None, repr=False, compare=False)  # lab.chains.ChainLinks, made once
    # Level-0 rounds per constraint, a round in which a constraint forces only some of its
    # open primary literals weighing as a wide one (`Formula.constraint_rounds`): for rules
    # whose clues are counters over numbers (Bridges' islands add bridges per direction),
    # where filling or emptying a whole clue is the easy deduction and bounding one part of
    # it the harder one (Tatham's Easy and Medium Bridges).
    partial_rounds: bool = False
    # Literals the solver tries first when it decides (its polarity; the solver still
    # searches both ways): where the default, every variable false first, walks into a
    # search the solver cannot get out of. An empty Light Up board tried lamp by lamp
    # "off" becomes a pigeonhole problem (rows without a lamp need more columns than
    # remain); tried "on", each lamp rules out its row and column and the board is lit
    # without a conflict (100x100: 0.2 s, where it ran out of a 60 s budget from 12x12).
    phases: list[int] = field(default_factory=list)

    def holds_units(self) -> bool:
        """Is any clause a unit (a fact the solver holds at the root)? Asked once per rules:
        cached rules serve every record of a structure."""
        if self.has_units is None:
            self.has_units = any(len(clause) == 1 for clause in self.clauses)
        return self.has_units


@dataclass
class LpModel:
    """A clue puzzle as a linear program over 0/1 indicators (`lab/engine/lp.py`, `--engine lp`).
    Indicators 0..variables-1; each row (indices, rhs) says the indicators sum to rhs;
    `fixed` maps each clue to the indicators it sets to 1; `decode` turns a 0/1 vector
    into the puzzle's solution."""

    variables: int
    rows: list[tuple[list[int], int]]
    fixed: dict[Any, list[int]]  # by clue key: Any, as a dict's key type is invariant
    decode: Callable[[list[int]], Any]


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
    # the command's exit status, as for clue puzzles: 0 an answer, 1 none (no solution, or
    # a time or work limit ran out first): every `answer` that finds none must say 1
    exit_code: int = 0


@dataclass(frozen=True)
class Speed:
    """How the engine makes a clue puzzle fast. None of these changes an answer, only how
    soon it comes, so each is set where a measurement showed it pays."""

    # May `rules(params)` be built once per process and shared by every session? Only when
    # clue clauses never draw new variables from a pool kept inside the rules.
    rules_cacheable: bool = False
    # The pysat solver generation's sessions use (None: the lab's default, CaDiCaL). Minicard
    # ("mc"), whose "at most k" constraints are native, answers the drawing and stripping
    # checks sooner where the rules are mostly counts. Those answers are facts, so the
    # puzzles are the same on either solver; not for a generator with `repair`, whose fixes
    # follow the rival solution a solver finds.
    generation_solver: str | None = None
    # Every session on a solver with native counts (the grade's Minicard, a generation_solver
    # "mc") takes count clues as `clue_counts`, not only one-shot checks. Only where the counts
    # propagate exactly as the clue clauses do (a complete encoding with no helper variable,
    # Mosaic's `exactly`): unit propagation, the grade's rounds and its probing then see the
    # same facts, for far less to build and load.
    counts_natively: bool = False
    # The pysat solver of one-shot questions (the CLI's solve/check/clues; None: the lab's,
    # Minicard, which loads count constraints fastest). Another where Minicard's search is
    # what takes long: Palisade's second division of an open 15x12 board, unknown within
    # 10,000 conflicts on Minicard, found by CaDiCaL in 0.04 s.
    one_shot_solver: str | None = None


@dataclass(frozen=True)
class GradingHints:
    """What the generic grade should know of a puzzle, and the puzzle's own grade words."""

    # The deepest failed-literal probing the generic grade tries (lab/engine/grade.py). A
    # puzzle whose rules are mostly lazy cuts (Filling's region sizes) learns little from
    # deeper probing of the CNF alone and may spend the whole probe budget there: it says 1.
    max_depth: int = 2
    # Generated puzzles often settled by unit propagation (level 0): the grade then tries
    # rounds of propagation on the rules read as a `Formula` first and loads a solver only
    # when they leave something open; the grade is the same either way. Set where half or
    # more of the generated puzzles are level 0; elsewhere the try costs more than it saves.
    mostly_propagation: bool = False
    # Difficulty measures of the puzzle's own (from `human_grade` or `difficulty`) that
    # `puzzlelab stats` shows as histograms, besides the engine's generic ones.
    keys: tuple[str, ...] = ()


class PuzzleType(ABC, Generic[ParamsT, KeyT, SolutionT]):
    """The contract every puzzle fills in, like the `game` struct of each puzzle in Simon
    Tatham's collection. A puzzle subclasses one of its two kinds, `CluePuzzle` (a grid
    with SAT rules: the engine solves, counts, checks, strips and grades it) or
    `MovePuzzle` (played move by move: it answers `solve` itself), and sets `PUZZLE` in
    `solvers/<puzzle>.py`. docs/adding-a-puzzle.md walks through it.

    Required of every puzzle: the class attributes below, its `codecs` (the text forms it
    reads and writes), its size limit (`size`, or `check_size`) and `verify`. Optional hooks
    (`draw`, `canonical`, and the kinds' own) are declared here with their signatures; which
    ones a puzzle fills in is computed once per class (`hooks`), and from them the commands it
    supports (`commands`).
    """

    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    rules_text: ClassVar[str] = ""  # the rules in one sentence, for `puzzlelab list PUZZLE`
    # The game's name in Simon Tatham's collection ("solo", "pattern", ...), for links to his
    # web player and datasets' `tatham_id`; None: his collection has no such game. A puzzle
    # that sets it has "tatham" in `formats`, and `format(inst, "tatham")` writes the game ID
    # his own parser reads, or raises PuzzleError for a board his game refuses.
    tatham_game: ClassVar[str | None] = None
    # The puzzle's text forms as objects (lab/toolkit/codecs.py), its own plain form first:
    # each reads, writes and recognises one form. `formats` (the names `--format` takes) and
    # `solution_formats` (those with a solved form, `--out-format`) follow from them.
    codecs: ClassVar[tuple[Codec, ...]] = ()
    formats: ClassVar[tuple[str, ...]] = ()
    solution_formats: ClassVar[tuple[str, ...]] = ()
    cell_names: ClassVar[dict[Any, str]] = {}  # how `differences` shows a cell's value (default: as it is)
    # The largest input the puzzle takes, for people (`puzzlelab list`): "at most 100x100".
    # Every puzzle sets it (or `size`, which says it) and enforces it in `check_size`.
    size_limit_text: ClassVar[str] = ""
    # The boards the puzzle takes, where its board's sides (`board_sides`) are all its limit
    # holds: `check_size` and `size_limit_text` then follow from it.
    size: ClassVar[BoardLimit | None] = None
    # A small board in the first of `formats` that has exactly one solution: the guide's and
    # the conformance suite's starting point. A clue puzzle's example is tiny enough for
    # `candidates` to enumerate.
    example: ClassVar[str] = ""
    # The two-column `puzzle,solution` CSV layout (Kaggle's sudoku datasets), for puzzles
    # whose puzzle and solution each fit on one line; None: not offered.
    pair_layout: ClassVar[PairLayout | None] = None
    # What the grade should know of this puzzle (`GradingHints`): none of it changes a level
    # the engine computes, only how it gets there and what it shows beside it.
    grading: ClassVar[GradingHints] = GradingHints()
    # For language models (lab/toolkit/answers.py: questions, reference answers, scoring). How to read
    # `board_text`: what each character of the board means ("`.` an empty cell, ...").
    board_legend: ClassVar[str] = ""
    # The answer asked for, exactly: what to write, cell by cell or move by move, with the
    # tokens it takes ("the filled grid: one row per line, digits separated by spaces").
    answer_format: ClassVar[str] = ""
    # Does the puzzle ask for the fewest moves? A longer valid answer then scores the share
    # the shortest's length is of its length.
    fewest_moves: ClassVar[bool] = False
    # How the default `read_answer` reads a grid answer's cells: `read_grid`'s `cell` (a
    # mapping of tokens, or a function) and what a cell is called in its refusals.
    answer_cells: ClassVar[tuple[Any, str] | None] = None
    # Optional hooks the engine looks for; `hooks` lists the ones a class fills in.
    OPTIONAL_HOOKS: ClassVar[tuple[str, ...]] = ("draw", "canonical", "show_text")
    hooks: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """`parse` is the one door every input comes through (byte-order mark, size limit):
        a puzzle that reads in its own way overrides `read` instead. The optional hooks a
        class fills in are found here, once, instead of by probing at every call."""
        super().__init_subclass__(**kwargs)
        if "parse" in vars(cls):
            raise TypeError(f"{cls.__name__} overrides parse; override read instead, so that "
                            "parse still checks the size limit")
        if "codecs" in vars(cls) and cls.codecs:
            cls.formats = tuple(codec.name for codec in cls.codecs if codec.boards)
            cls.solution_formats = tuple(codec.name for codec in cls.codecs if codec.solutions)
        if "size" in vars(cls) and cls.size and "size_limit_text" not in vars(cls):
            cls.size_limit_text = cls.size.text
        cls.hooks = frozenset(hook for hook in cls.OPTIONAL_HOOKS
                              if any(hook in vars(base) for base in cls.__mro__
                                     if base.__module__ != __name__))

    # ---- what the puzzle offers --------------------------------------------------------
    def implements(self, hook: str) -> bool:
        """Does this puzzle fill in the optional hook `hook` (see OPTIONAL_HOOKS)?"""
        return hook in self.hooks

    @property
    def has_rules(self) -> bool:
        """A clue puzzle with SAT rules (the engine's solve/check/strip/grade apply), as
        opposed to a puzzle played move by move."""
        return isinstance(self, CluePuzzle)

    def commands(self) -> list[str]:
        """The CLI commands that work for this puzzle, in the order `puzzlelab list` shows
        them (`generate` is added by the registry when a generator exists)."""
        return ["solve", "render"]

    # ---- text forms -------------------------------------------------------------
    def parse(self, text: str, fmt: str | None = None) -> Instance[ParamsT, KeyT]:
        """Read `text` in format `fmt` (detected when None), then refuse an instance larger
        than the puzzle's size limit, before anything (rules, a search) is built from it.
        A leading byte-order mark is dropped first."""
        text = strip_bom(text)
        check_text(text)
        inst = self.read(text, fmt)
        self.check_size(inst)
        return inst

    def read(self, text: str, fmt: str | None = None) -> Instance[ParamsT, KeyT]:
        """The reading itself, by the codec named `fmt` (or the one that recognises the
        text); call `parse`, which wraps it."""
        inst: Instance[ParamsT, KeyT] = self.codec(fmt or self.sniff(text)).read(self, text)
        return inst

    def codec(self, fmt: str, solved: bool = False) -> Codec:
        """The codec of the form named `fmt` (with `solved`, also a form of solutions only),
        or a PuzzleError naming the known ones."""
        for codec in self.codecs:
            if codec.name == fmt and (codec.boards or solved):
                return codec
        raise PuzzleError(f"unknown {self.name} format {quote(fmt)} (known: {', '.join(self.formats)})")

    def check_size(self, inst: Instance[ParamsT, KeyT]) -> None:
        """Raise PuzzleError, saying the size found and `size_limit_text`, when `inst` is
        larger than the puzzle takes. Its generator enforces the same limit through the
        same function (share one `BoardLimit`). By default: the board within `size`."""
        if self.size is None:
            raise NotImplementedError(f"{self.name} sets neither size nor check_size")
        self.size.check(self.name, *board_sides(inst.params))

    def sniff(self, text: str) -> str:
        """Which format `text` is in: the first codec after the plain one (by `order`: JSON,
        a puzz.link address, a Tatham game ID, seed 000's arrays, ...) that recognises it,
        else the puzzle's own plain form, the first codec."""
        s = strip_bom(text).strip()
        if not s:
            raise PuzzleError("empty input")
        for codec in sorted(self.codecs[1:], key=lambda c: c.order):
            if codec.recognises(s):
                return codec.name
        return self.codecs[0].name

    def format(self, inst: Instance[ParamsT, KeyT], fmt: str = "text") -> str:
        """`inst` written in `fmt` (one of `formats`): `parse(format(inst, fmt), fmt)` gives
        `inst` back (the conformance suite checks it for every format)."""
        return self.codec(fmt).write(self, inst)

    def format_solution(self, inst: Instance[ParamsT, KeyT], solution: SolutionT, fmt: str = "text") -> str:
        """A solution of `inst` for people (or in `fmt`, where the format has a solved form)."""
        return self.codec(fmt, solved=True).write_solution(self, inst, solution)

    def solution_json(self, inst: Instance[ParamsT, KeyT], solution: SolutionT) -> Any:
        """A JSON-able form of a solution (default: as given, tuples become lists)."""
        return solution

    def describe_clue(self, key: KeyT, value: Any) -> str:
        """One clue for people ("r1c3=4"), as `check --without` and `clues` name it."""
        return f"{key}={value}"

    def clue_count(self, inst: Instance[ParamsT, KeyT]) -> int:
        """How many givens a person sees (datasets record it); default: the clues."""
        return len(inst.clues)

    def clue_json(self, key: KeyT, value: Any) -> Any:
        return {"clue": list(key) if isinstance(key, tuple) else key, "value": value}

    # ---- independent check ----------------------------------------------------------
    @abstractmethod
    def verify(self, inst: Instance[ParamsT, KeyT], solution: SolutionT) -> list[str]:
        """Plain-Python check of a solution against the rules and clues; returns the
        violations found (empty list: valid). Must not use the SAT encoding."""

    def differences(self, a: Any, b: Any) -> list[str]:
        """Where two solutions differ, for people. Default: cell by cell on grids, each value
        shown by its name in `cell_names` when it has one."""
        out = []
        for r, (ra, rb) in enumerate(zip(a, b)):
            for c, (x, y) in enumerate(zip(ra, rb)):
                if x != y:
                    out.append(f"r{r + 1}c{c + 1}: {self.cell_names.get(x, x)} vs {self.cell_names.get(y, y)}")
        return out

    # ---- for language models (lab/toolkit/answers.py) ---------------------------------------
    def board_text(self, inst: Instance[ParamsT, KeyT]) -> str:
        """The board as a question shows it, read by `board_legend`: by default the puzzle's
        own plain form (the first of `formats`)."""
        return self.format(inst, self.formats[0])

    def answer_text(self, inst: Instance[ParamsT, KeyT], solution: SolutionT) -> str:
        """The reference answer: `solution` written exactly as `answer_format` asks, which
        `read_answer` reads back to the same solution (the conformance suite checks it).
        By default: a grid solution, one row per line, its cells separated by spaces."""
        from ..toolkit.answers import grid_text

        return grid_text(solution)  # type: ignore[arg-type]  # a grid, where this default serves

    def read_answer(self, inst: Instance[ParamsT, KeyT], text: str) -> Any:
        """A solution (as `verify` takes it) from a model's answer, read leniently with
        `lab.answers` (code fences, tags, separators, the common layouts); PuzzleError saying
        why when it cannot be read. It need not be valid: `verify` judges that. By default:
        the board's grid of cells as `answer_cells` reads them."""
        if self.answer_cells is None:
            raise NotImplementedError(f"{self.name} reads no answer text")
        from ..toolkit.answers import read_grid

        width, height = board_sides(inst.params)
        return tuple(map(tuple, read_grid(text, height, width, *self.answer_cells)))

    def answer_credit(self, inst: Instance[ParamsT, KeyT], answer: Any, reference: Any) -> float:
        """Partial credit, from 0 to 1, for an `answer` that `verify` found wrong, against
        the `reference` solution: by default the share of cells equal on a grid (or of
        entries of a flat solution); a puzzle whose solution is a list of moves gives 0."""
        from ..toolkit.answers import share_equal

        try:
            return share_equal(answer, reference)
        except TypeError:
            return 0.0

    # ---- optional hooks -------------------------------------------------------------
    def draw(self, ax: Any, inst: Instance[ParamsT, KeyT], solution: Any = None) -> None:
        """Optional: draw the board on a matplotlib axes the way a person prints it, with
        `lab.draw.Board`. `solution` is None for the puzzle alone; for a `CluePuzzle` it is a
        solution as `decode` returns it; for a `MovePuzzle` it is `answer(inst).data`, the
        JSON-able dict `solve --json` prints. Without it, `render` draws the text form."""
        raise NotImplementedError

    def show_text(self, inst: Instance[ParamsT, KeyT]) -> str:
        """Optional: the board drawn for a terminal (`puzzlelab show`), with
        `lab.share.box_grid` where box drawing helps. Without it, `show` prints the puzzle's
        first format."""
        raise NotImplementedError

    def canonical(self, inst: Instance[ParamsT, KeyT]) -> str:
        """Optional: one text for all boards equal up to the puzzle's symmetries (rotations,
        reflections, relabelling), for `generate --dedup symmetry`. Without it, symmetry
        dedup is exact dedup."""
        raise NotImplementedError


class SolutionTally(Protocol):
    """Counts kept beside `count`'s number of solutions: `add` sees each solution once."""

    def add(self, solution: Any) -> None: ...

    def counts(self) -> dict[str, int]: ...


class CluePuzzle(PuzzleType[ParamsT, KeyT, SolutionT]):
    """A puzzle that is a set of clues on a structure, with SAT rules: the engine gives it
    solve, count, check, clue redundancy, grading and generation.

    Variables: `rules` draws every variable it needs from `pool` (or `variable_block`);
    `primary` lists the ones that decide a solution, and `solution_literals` ranges over
    them only (the blocking clause "not this solution" is their negation). SAT (`decode`)
    and CP-SAT (`cpsat().decode`) must read the same solution back in the same form.
    """

    OPTIONAL_HOOKS = PuzzleType.OPTIONAL_HOOKS + ("cuts", "human_grade", "human_path", "clue_counts", "lp_model",
                                                  "given_rules", "each_solution", "solution_tally",
                                                  "stripping_rules", "dead_end", "lazy_units")
    # How the engine makes this puzzle fast (`Speed`): none of it changes an answer.
    speed: ClassVar[Speed] = Speed()

    def commands(self) -> list[str]:
        return ["solve", "check", "clues", "count", "grade", "explain", "render"]

    def caches_rules(self, params: ParamsT) -> bool:
        """May `rules(params)` be built once per process and shared by every session? The
        puzzle's `speed.rules_cacheable`; a puzzle whose answer depends on the board (a
        nonogram's universal readers, only up to a size) overrides this."""
        return self.speed.rules_cacheable

    @abstractmethod
    def rules(self, params: ParamsT, pool: IDPool) -> Rules:
        """The rules for one structure (`params`, hashable), without any clue."""

    def one_shot_cpsat(self, params: ParamsT) -> bool:
        """Should `solve` and `check` of one puzzle of this structure ask CP-SAT (`cpsat`,
        `lab.cpsat.cpsat_solutions`) instead of SAT? For structures whose CNF is weak or
        costly where CP-SAT's model is not (magic squares from 6x6: line sums that linear
        propagation bounds and the CNF's partial-sum chains do not; an empty 8x8 takes 1.7 s
        to build as CNF and runs out of 300,000 conflicts, CP-SAT answers in 0.4 s). A budget's
        conflicts then bound CP-SAT's own (`max_number_of_conflicts`), an unsolvable answer
        still names its conflicting clues (asked of SAT), and `check`'s second opinion comes
        from SAT. Measure before saying True: importing OR-Tools alone costs 0.4 s, more than
        a whole SAT check of most small boards."""
        return False

    def one_shot_rules(self, params: ParamsT, pool: IDPool) -> Rules:
        """Rules for a session that answers one question (the CLI's check): a puzzle whose
        `rules` invest in reuse (Nonograms' per-size line automata) may build less here."""
        return self.rules(params, pool)

    @abstractmethod
    def clue_clauses(self, params: ParamsT, rules: Rules, key: KeyT, value: Any) -> list[Clause]:
        """Clauses meaning "this clue holds". A single unit clause is used as the clue's
        literal directly; anything else is guarded by a fresh selector literal."""

    def clue_counts(self, params: ParamsT, rules: Rules, key: KeyT, value: Any) -> list[Exactly] | None:
        """The clue as exact counts of literals, or None when it is not a count. A one-shot
        session (the CLI's check) on a solver that counts natively (Minicard) then loads two
        constraints per count instead of a counter's CNF, and `one_shot_rules` may leave the
        counters out: `clue_clauses` is not asked for such a clue there."""
        return None

    def stripping_rules(self, params: ParamsT, pool: IDPool) -> Rules:
        """Optional: the rules a generator's sessions load (making the full clue set unique,
        stripping), where a second encoding answers those thousands of questions faster
        than `rules` (Hidoku: shorter clauses, a third of the solver time). The clue and
        primary variables must be the ones `rules` draws, the solutions the same; grading,
        checks and the CLI keep `rules`. The conformance suite counts with them too."""
        raise NotImplementedError

    def given_rules(self, inst: Instance[ParamsT, KeyT], pool: IDPool) -> Rules:
        """Optional: the rules with every clue of `inst` built in (no clue literals), for a
        one-shot question about a whole puzzle (`check`, `solve`, `count` without
        `--without`). A puzzle whose clues are the whole board can state far less once they
        are known (Dominosa: each pair of numbers once, over the placements that show it).
        `decode`, `solution_literals` and `cuts` must accept these rules and read the same
        solutions; an unsolvable answer is asked again on clue literals to name the
        conflicting clues. The conformance suite counts with them too."""
        raise NotImplementedError

    @abstractmethod
    def decode(self, params: ParamsT, rules: Rules, true_vars: AbstractSet[int]) -> SolutionT:
        """The solution a model stands for (`true_vars`: its true variables)."""

    @abstractmethod
    def solution_literals(self, params: ParamsT, rules: Rules, solution: SolutionT) -> list[int]:
        """The primary variables' values in `solution`, as literals (the blocking clause
        for "a solution different from this one" is their negation)."""

    def cuts(self, params: ParamsT, rules: Rules, solution: SolutionT, true_vars: AbstractSet[int]) -> list[Clause]:
        """Lazy rules: clauses the rules imply that this candidate violates (empty when
        the candidate is a real solution). Puzzles with connectivity or loops override."""
        return []

    @abstractmethod
    def candidates(self, params: ParamsT) -> Iterable[SolutionT]:
        """Every solution a tiny board of this structure could have, valid or not, made by
        plain enumeration without the SAT encoding. The conformance suite keeps those that
        pass `verify` and asks both engines for the same count (brute force = SAT = CP-SAT).
        May refuse (PuzzleError) boards too large to enumerate."""

    @abstractmethod
    def cpsat(self, inst: Instance[ParamsT, KeyT]) -> CpModel:
        """The same puzzle as a CP-SAT model, written independently of `rules`: the second
        opinion on every uniqueness answer and every generated puzzle."""

    def lp_model(self, inst: Instance[ParamsT, KeyT]) -> LpModel:
        """The instance as 0/1 indicators with "sum to" rows: adds `--engine lp` to solve
        and check, and the LP relaxation's measures to `grade`."""
        raise NotImplementedError

    def each_solution(self, inst: Instance[ParamsT, KeyT]) -> Iterator[SolutionT]:
        """Optional: every solution, one at a time, by a search of the puzzle's own, for
        `count` and `count --all FILE` where it beats SAT with a blocking clause per solution
        (tiling: an exact-cover search lists seed 001's 208 tilings in seconds, where CDCL
        took seconds per tiling). The conformance suite compares it with brute force."""
        raise NotImplementedError

    def dead_end(self, params: ParamsT, rules: Rules, holds: Callable[[int], bool]) -> bool:
        """Optional: does a partial assignment (`holds(lit)`: is `lit` set true) break a rule
        the CNF leaves to lazy `cuts`, so that no solution extends it (Bridges: the pairs not
        ruled out no longer connect every island)? The grade's probing then fails such a probe
        as unit propagation would, so its solving path sees connectivity the way a person
        does. It must be sound (never True for an assignment a solution extends) and monotone
        (setting more literals never turns True into False)."""
        raise NotImplementedError

    def lazy_units(self, params: ParamsT, rules: Rules, holds: Callable[[int], bool]) -> list[int]:
        """Optional: the literals the lazy rules force outright on a partial assignment, as
        unit propagation would on the cut clauses the CNF leaves out (Tracks: an edge between
        two cells the used edges already join would close a loop, so it is not used). The
        grade applies them with unit propagation, at no cost: for the rules a person sees
        at a glance (Tatham's easiest Tracks already avoid loops). Each must hold in every
        solution that extends the assignment."""
        raise NotImplementedError

    def solution_tally(self, inst: Instance[ParamsT, KeyT]) -> SolutionTally:
        """Optional: further counts `count` reports beside the number of solutions (tilings
        with identical stones told apart, tilings up to the board's symmetries)."""
        raise NotImplementedError

    def human_grade(self, inst: Instance[ParamsT, KeyT]) -> dict:
        """Optional: the puzzle's own difficulty measures (say, the hardest human technique
        a sudoku needs), added to every grade as `human_<key>`."""
        raise NotImplementedError

    def human_path(self, inst: Instance[ParamsT, KeyT]) -> tuple[dict, list[dict]]:
        """Optional, with `human_grade`: that grade (its dict) and the deductions it took, in
        order, each a dict with at least "technique" and "text" (how a person says it), the
        last one saying so where the techniques run out (`puzzlelab explain --human`)."""
        raise NotImplementedError


class MovePuzzle(PuzzleType[ParamsT, KeyT, SolutionT]):
    """A puzzle played move by move (Minesweeper, Guess, Inertia, chess captures, jugs):
    it answers `solve` itself; the engine's SAT machinery does not apply."""

    OPTIONAL_HOOKS = PuzzleType.OPTIONAL_HOOKS + ("count", "difficulty")

    def commands(self) -> list[str]:
        return ["solve"] + [c for c, hook in (("count", "count"), ("grade", "difficulty"))
                            if self.implements(hook)] + ["render"]

    @abstractmethod
    def answer(self, inst: Instance[ParamsT, KeyT], time_limit: float | None = None) -> Answer:
        """What `solve` prints: the next safe move, the best guess, the shortest sequence.
        `time_limit` (seconds, None: none) is the CLI's `--timeout`; a puzzle whose search
        can run long honours it, the CLI's watchdog bounds the rest."""

    def reference_solution(self, inst: Instance[ParamsT, KeyT]) -> SolutionT:
        """The solution `verify` takes (the moves, the guess), as `answer` finds it: what
        the reference answer text is written from and partial credit compares with."""
        raise NotImplementedError(f"{self.name} gives no reference solution")

    def answer_credit(self, inst: Instance[ParamsT, KeyT], answer: Any, reference: Any) -> float:
        """No partial credit for a list of moves that breaks a rule."""
        return 0.0

    def count(self, inst: Instance[ParamsT, KeyT], limit: int) -> int:
        """Optional: how many solutions, up to `limit` (`puzzlelab count`)."""
        raise NotImplementedError

    def difficulty(self, inst: Instance[ParamsT, KeyT]) -> dict:
        """Optional: the puzzle's own difficulty measures (`puzzlelab grade`, datasets)."""
        raise NotImplementedError

