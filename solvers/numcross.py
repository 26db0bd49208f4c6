"""Numeric crosswords (seed 004, the Listener's and Magpie's numerical puzzles): fill a grid
of entries with digits so that every clue holds.

Two kinds of clue, as seed 004 describes, and a puzzle may mix them:

- *equations* over letter variables: `a1 = 2AB(C + D)` says entry a1 is the value of the
  expression; implied multiplication, the typesetters' minus sign (U+2212) and several
  equals signs (`d2 = A + B = CD`: every side is equal) are read; letters take whole values
  from a range (`letters 1..26`), distinct unless `letters 1..26 repeat`;
- *properties* of entries: prime, square, cube, triangular, palindrome, odd, even, multiple
  of / factor of a number or another entry, digit sum, less or greater than, reverse of.

Entries never start with 0 (unless `leading zeros`) and are distinct (unless `entries repeat`).

This is not a CNF puzzle: the answer comes from CP-SAT (`answer`), with one integer
variable per digit, each entry the place-value sum of its digits, one integer variable per
letter, and expressions read by a small recursive-descent parser (no eval) into trees that
become CP-SAT constraints. `verify` checks a filling in plain Python.

Text form (`//` starts a comment; documented in full in `datasets/examples/numcross_*.txt`):

    grid
    . . . #
    . # . .
    letters 1..9
    a1 = AB + C
    d2 is prime

A grid row is one character per cell: `.` a cell, `#` a block, a digit a given cell; `|`
between two cells is a bar, `_` after a cell a bar under it; spaces are ignored. Entries
are numbered across (`a1`) and down (`d1`) as in a printed crossword: a run of two or more
cells not broken by a block or bar. `entry NAME r1c1 r2c2 ...` adds an entry of any shape,
`numbering off` leaves only such entries.

Size limit: at most 20x20 cells, 9 digits an entry (7 for prime), letters within
+-1,000,000. CP-SAT's time is bounded by `--timeout`.
"""

from __future__ import annotations

import json
import math
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from ..lab.engine.puzzle import Answer, BoardLimit, Instance, MovePuzzle, PuzzleError, at_place, quote
from ..lab.toolkit.answers import answer_body, grid_text
from ..lab.toolkit.answers import read_grid as read_answer_grid
from ..lab.toolkit.codecs import MethodCodec
from ..lab.toolkit.forms import string_rows
from ..lab.toolkit.textgrid import (
    JsonObject,
    json_shown,
    numbered_lines,
    position,
    refuse_oversized,
)

Cell = tuple[int, int]
Node = tuple  # ("num", v) | ("var", "A") | ("ref", "a1") | ("neg", x) | (op, a, b), op in + - * / ^
SIZE = BoardLimit(20, 20)
EARLY = SIZE.early("numcross", "grid")  # the readers' size check, before any cell is read
MAX_ENTRY = 9  # digits: every value stays far inside CP-SAT's 64-bit integers
MAX_PRIME_ENTRY = 7  # digits: a prime entry is a table of the primes of its length
MAX_LETTER = 10 ** 6
MAX_BOUND = 10 ** 15  # an expression whose value could exceed this is refused
MAX_POWER = 30
SIZE_TEXT = (f"at most {SIZE.most_width}x{SIZE.most_height} cells, entries of at most {MAX_ENTRY} digits "
             f"({MAX_PRIME_ENTRY} for prime), letters within +-{MAX_LETTER:,}")
MINUS = "-\u2212\u2013\u2012\u2014"  # hyphen, minus sign, en dash, figure dash, em dash
TIMES = "*\u00d7\u00b7\u22c5"
DIVIDE = "/\u00f7"
SUPERSCRIPT = {"\u00b2": 2, "\u00b3": 3}
PREDICATES = ("prime", "square", "cube", "triangular", "palindrome", "odd", "even")
NEGATABLE = ("prime", "square", "cube", "triangular")


# ---- the structure ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    name: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class NumcrossParams:
    """The grid: blocks, bars (pairs of neighbouring cells, smaller first), explicit entries
    and whether the usual across/down numbering applies."""

    width: int
    height: int
    blocks: frozenset[Cell] = frozenset()
    bars: frozenset[tuple[Cell, Cell]] = frozenset()
    explicit: tuple[Entry, ...] = ()
    numbering: bool = True

    def __post_init__(self) -> None:
        SIZE.check("numcross", self.width, self.height)

    def open(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.height and 0 <= c < self.width and cell not in self.blocks

    def joined(self, a: Cell, b: Cell) -> bool:
        """Two neighbouring cells in one entry's run: both open, no bar between."""
        return self.open(a) and self.open(b) and (min(a, b), max(a, b)) not in self.bars

    @property
    def numbered(self) -> tuple[tuple[Cell, int], ...]:
        return _numbering(self)[0]

    @property
    def entries(self) -> tuple[Entry, ...]:
        return _numbering(self)[1] + self.explicit


@lru_cache(maxsize=256)
def _numbering(p: NumcrossParams) -> tuple[tuple[tuple[Cell, int], ...], tuple[Entry, ...]]:
    """Crossword numbering: a cell gets the next number when an across or down run of two
    or more joined cells starts there."""
    if not p.numbering:
        return (), ()
    numbers: list[tuple[Cell, int]] = []
    across: list[Entry] = []
    down: list[Entry] = []
    for r in range(p.height):
        for c in range(p.width):
            runs = []
            for (dr, dc), out in (((0, 1), across), ((1, 0), down)):
                if p.joined((r - dr, c - dc), (r, c)) or not p.joined((r, c), (r + dr, c + dc)):
                    continue
                cells = [(r, c)]
                while p.joined(cells[-1], (cells[-1][0] + dr, cells[-1][1] + dc)):
                    cells.append((cells[-1][0] + dr, cells[-1][1] + dc))
                runs.append((out, cells))
            if runs:
                n = len(numbers) + 1
                numbers.append(((r, c), n))
                for out, cells in runs:
                    out.append(Entry(("a" if out is across else "d") + str(n), tuple(cells)))
    return tuple(numbers), tuple(across + down)


@dataclass(frozen=True)
class Prop:
    """A property of an entry: `kind` in PREDICATES or multiple/factor/digitsum/less/
    greater/reverse; `arg` a number or an entry's name."""

    kind: str
    arg: int | str | None = None
    negated: bool = False


@dataclass(frozen=True)
class Clue:
    """One clue: `entry` equals every expression in `exprs`, or has the property `prop`."""

    entry: str
    exprs: tuple[Node, ...] = ()
    prop: Prop | None = None
    line: int | None = field(default=None, compare=False, hash=False)


# ---- the expression reader ----------------------------------------------------------------------
TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z])|\[\s*([A-Za-z][A-Za-z0-9_]*)\s*\]|(\*\*)|(.))")


def tokenize(text: str, clue: str, line: int | None, column: int) -> list[tuple[str, Any, int]]:
    """(kind, value, column) tokens: num, var, ref, op (+ - * / ^ ( ) =) and end."""
    out: list[tuple[str, Any, int]] = []
    for m in TOKEN.finditer(text):
        col = column + m.start(m.lastindex) if m.lastindex else column + m.end()
        num, var, ref, power, other = m.groups()
        if num is not None:
            out.append(("num", int(num), col))
        elif var is not None:
            out.append(("var", var, col))
        elif ref is not None:
            out.append(("ref", ref.lower(), col))
        elif power is not None:
            out.append(("op", "^", col))
        elif other is not None:
            op = ("-" if other in MINUS else "*" if other in TIMES else "/" if other in DIVIDE
                  else other if other in "+^()=" else None)
            if other in SUPERSCRIPT:
                out += [("op", "^", col), ("num", SUPERSCRIPT[other], col)]
            elif op is None:
                raise PuzzleError(f"clue {clue}: unexpected {quote(other)} in the expression", line, col)
            else:
                out.append(("op", op, col))
    out.append(("end", None, column + len(text)))
    return out


class ExprParser:
    """Recursive descent over the tokens of one clue's equation:

        equation := expr ('=' expr)*
        expr     := term (('+' | '-') term)*
        term     := unary (('*' | '/') unary | implied unary)*   implied: a letter, '(' or '[' follows
        unary    := '-' unary | power
        power    := atom ('^' number)*                            right-associative
        atom     := number | letter | '[' entry ']' | '(' expr ')'
    """

    def __init__(self, text: str, clue: str, line: int | None = None, column: int = 1):
        self.clue, self.line = clue, line
        self.tokens = tokenize(text, clue, line, column)
        self.i = 0

    def fail(self, message: str) -> PuzzleError:
        return PuzzleError(f"clue {self.clue}: {message}", self.line, self.tokens[self.i][2])

    def peek(self) -> tuple[str, Any, int]:
        return self.tokens[self.i]

    def take(self) -> tuple[str, Any, int]:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def is_op(self, *ops: str) -> bool:
        kind, value, _ = self.peek()
        return kind == "op" and value in ops

    def equation(self) -> tuple[Node, ...]:
        sides = [self.expr()]
        while self.is_op("="):
            self.take()
            sides.append(self.expr())
        if self.peek()[0] != "end":
            kind, value, _ = self.peek()
            raise self.fail("unbalanced ')'" if value == ")" else f"expected an operator, got {quote(str(value))}")
        return tuple(sides)

    def expr(self) -> Node:
        node = self.term()
        while self.is_op("+", "-"):
            op = self.take()[1]
            node = (op, node, self.term())
        return node

    def term(self) -> Node:
        node = self.unary()
        while True:
            kind, value, _ = self.peek()
            if kind == "op" and value in "*/":
                self.take()
                node = (value, node, self.unary())
            elif kind in ("var", "ref") or (kind == "op" and value == "("):
                node = ("*", node, self.unary())
            else:
                return node

    def unary(self) -> Node:
        if self.is_op("-"):
            self.take()
            return ("neg", self.unary())
        return self.power()

    def power(self) -> Node:
        """A base and its exponents, folded from the right (A^3^2 is A^9): exponents are
        whole numbers, so a power is repeated multiplication."""
        base = self.atom()
        exponents = []
        while self.is_op("^"):
            self.take()
            kind, value, _ = self.peek()
            if kind != "num":
                raise self.fail("an exponent must be a whole number")
            self.take()
            exponents.append(value)
        if not exponents:
            return base
        total = 1
        for e in reversed(exponents):
            total = e ** total if total <= MAX_POWER and e <= MAX_POWER else MAX_POWER + 1
            if total > MAX_POWER:
                raise self.fail(f"exponent {'^'.join(map(str, exponents))} is too large: at most {MAX_POWER}")
        return ("^", base, ("num", total))

    def atom(self) -> Node:
        kind, value, _ = self.peek()
        if kind == "num":
            self.take()
            return ("num", value)
        if kind == "var":
            self.take()
            return ("var", value)
        if kind == "ref":
            self.take()
            return ("ref", value)
        if kind == "op" and value == "(":
            self.take()
            node = self.expr()
            if not self.is_op(")"):
                raise self.fail("unbalanced '(': missing ')'")
            self.take()
            return node
        if kind == "end":
            raise self.fail("the expression ends too soon")
        raise self.fail("unbalanced ')'" if value == ")" else f"unexpected {quote(str(value))}")


def parse_equation(text: str, clue: str = "?", line: int | None = None, column: int = 1) -> tuple[Node, ...]:
    """The sides of `text` ("AB + C = D(E - F)") as expression trees."""
    return ExprParser(text, clue, line, column).equation()


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "neg": 3, "^": 4}


def show(node: Node, parent: int = 0, right: bool = False) -> str:
    """A tree written back so that `parse_equation` reads the same tree (implied products
    where a letter, bracket or parenthesis follows; parentheses only where needed)."""
    kind = node[0]
    if kind == "num":
        return str(node[1])
    if kind == "var":
        return node[1]
    if kind == "ref":
        return f"[{node[1]}]"
    if kind == "neg":
        text = "-" + show(node[1], PRECEDENCE["neg"])
        return f"({text})" if parent >= PRECEDENCE["neg"] else text
    prec = PRECEDENCE[kind]
    if kind == "^":
        text = f"{show(node[1], prec + 1)}^{node[2][1]}"
    else:
        a, b = show(node[1], prec), show(node[2], prec, right=True)
        implied = kind == "*" and b[:1] in tuple("([") + tuple(LETTERS)
        sep = {"+": " + ", "-": " - ", "/": "/"}.get(kind, "" if implied else "*")
        text = a + sep + b
    wrap = prec < parent or (right and prec == parent and kind != "^")
    return f"({text})" if wrap else text


def letters_of(node: Node) -> set[str]:
    if node[0] == "var":
        return {node[1]}
    if node[0] in ("num", "ref"):
        return set()
    return set().union(*(letters_of(n) for n in node[1:]))


def refs_of(node: Node) -> set[str]:
    if node[0] == "ref":
        return {node[1]}
    if node[0] in ("num", "var"):
        return set()
    return set().union(*(refs_of(n) for n in node[1:]))


def evaluate(node: Node, letters: dict[str, int], entries: dict[str, int]) -> int | None:
    """The plain-Python value of a tree, or None where a division is not exact."""
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "var":
        return letters[node[1]]
    if kind == "ref":
        return entries[node[1]]
    maybe = [evaluate(n, letters, entries) for n in node[1:]]
    values = [v for v in maybe if v is not None]
    if len(values) < len(maybe):
        return None
    if kind == "neg":
        return -values[0]
    a, b = values
    if kind == "/":
        return a // b if b and a % b == 0 else None
    return {"+": a + b, "-": a - b, "*": a * b, "^": a ** b}[kind]


# ---- number properties (plain Python, and the tables CP-SAT takes) -------------------------------
def is_prime(n: int) -> bool:
    if n < 2:
        return False
    return all(n % p for p in range(2, math.isqrt(n) + 1))


@lru_cache(maxsize=16)
def primes_between(lo: int, hi: int) -> tuple[int, ...]:
    """Primes in [lo, hi] by a sieve (a prime entry of n digits is one of these)."""
    hi = max(hi, 1)
    sieve = bytearray([1]) * (hi + 1)
    sieve[:2] = b"\x00\x00"
    for p in range(2, math.isqrt(hi) + 1):
        if sieve[p]:
            sieve[p * p:: p] = bytearray(len(range(p * p, hi + 1, p)))
    return tuple(i for i in range(max(lo, 2), hi + 1) if sieve[i])


def is_power(n: int, k: int) -> bool:
    if n < 0:
        return False
    root = round(n ** (1 / k))
    return any((root + d) ** k == n for d in (-1, 0, 1) if root + d >= 0)


def is_triangular(n: int) -> bool:
    return n >= 0 and math.isqrt(8 * n + 1) ** 2 == 8 * n + 1


def shaped_between(kind: str, lo: int, hi: int) -> list[int]:
    """The squares, cubes or triangular numbers in [lo, hi]."""
    step = {"square": lambda k: k * k, "cube": lambda k: k ** 3, "triangular": lambda k: k * (k + 1) // 2}[kind]
    out, k = [], 0
    while step(k) <= hi:
        if step(k) >= lo:
            out.append(step(k))
        k += 1
    return out


def holds(prop: Prop, value: int, digits: str, entries: dict[str, int], texts: dict[str, str] | None = None) -> bool:
    """Does an entry of `value` (written `digits`) have the property? `entries` and `texts`:
    the other entries' values and digits, for relations."""
    # a number wherever a check below uses it: the reader takes a name only for an entry
    arg: Any = entries.get(prop.arg, prop.arg) if isinstance(prop.arg, str) else prop.arg
    other = (texts or {}).get(prop.arg, str(arg)) if isinstance(prop.arg, str) else ""
    kind = prop.kind
    checks: dict[str, Callable[[], bool]] = {
        "prime": lambda: is_prime(value), "square": lambda: is_power(value, 2), "cube": lambda: is_power(value, 3),
        "triangular": lambda: is_triangular(value), "palindrome": lambda: digits == digits[::-1],
        "odd": lambda: value % 2 == 1, "even": lambda: value % 2 == 0,
        "multiple": lambda: arg != 0 and value % arg == 0, "factor": lambda: value != 0 and arg % value == 0,
        "digitsum": lambda: sum(map(int, digits)) == arg, "less": lambda: value < arg,
        "greater": lambda: value > arg,
        "reverse": lambda: digits == other[::-1],
    }
    return checks[kind]() != prop.negated


def show_prop(prop: Prop) -> str:
    arg = "" if prop.arg is None else str(prop.arg)
    text = {"multiple": f"multiple of {arg}", "factor": f"factor of {arg}", "digitsum": f"digit sum {arg}",
            "less": f"< {arg}", "greater": f"> {arg}", "reverse": f"reverse of {arg}"}.get(prop.kind, prop.kind)
    return ("not " if prop.negated else "") + text


# ---- reading the text form ----------------------------------------------------------------------
ENTRY_NAME = re.compile(r"(?:([ad])(\d+)|(\d+)\s*(a|ac|across|d|dn|down))$", re.I)
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*$")
CELL = re.compile(r"r(\d+)c(\d+)$", re.I)
CLUE_LINE = re.compile(r"\s*([A-Za-z0-9_]+(?:\s*(?:across|down|ac|dn))?)\s*(=|:|\bis\b)\s*(.*)$", re.I)
GRID_LINE = re.compile(r"[.#0-9|_\s]+$")
KEYWORDS = ("grid", "letters", "entries", "numbering", "leading", "entry")


def entry_name(word: str) -> str:
    """`a1`, `A1`, `1a`, `1ac`, `1 across` all name entry a1; other names as written (lower case)."""
    m = ENTRY_NAME.match(word.strip())
    if not m:
        return word.strip().lower()
    if m.group(1):
        return m.group(1).lower() + str(int(m.group(2)))
    return m.group(4)[0].lower() + str(int(m.group(3)))


def grid_cells(line: str) -> int:
    """How many cells a grid line has (bars and spaces between them are no cells)."""
    return sum(map(line.count, ".#0123456789"))


def read_grid(rows: list[tuple[int, str]]) -> tuple[int, int, set[Cell], set[tuple[Cell, Cell]], dict[Cell, int]]:
    """Width, height, blocks, bars and givens from grid lines (one character a cell, `|` a
    bar to the right, `_` a bar below)."""
    refuse_oversized(rows, EARLY, grid_cells)
    blocks, bars, givens = set(), set(), {}
    width = None
    for r, (lineno, text) in enumerate(rows):
        c, after_cell = 0, False
        for col, ch in enumerate(text, start=1):
            if ch.isspace():
                continue
            if ch in ".#0123456789":
                if ch == "#":
                    blocks.add((r, c))
                elif ch != ".":
                    givens[(r, c)] = int(ch)
                c += 1
                after_cell = True
            elif ch == "|" and after_cell:
                bars.add(((r, c - 1), (r, c)))
            elif ch == "_" and after_cell:
                bars.add(((r, c - 1), (r + 1, c - 1)))
            else:
                raise PuzzleError(f"grid: unexpected {quote(ch)} (a cell is '.', '#' or a digit)", lineno, col)
        if width is None:
            width = c
        elif c != width:
            raise PuzzleError(f"grid row {r + 1} has {c} cells, row 1 has {width}", lineno)
    height = len(rows)
    if not width:
        raise PuzzleError("the grid has no cells", rows[0][0] if rows else None)
    SIZE.check("numcross", width, height, "grid", rows[0][0])
    for (a, b) in bars:
        if b[0] >= height or b[1] >= width:
            raise PuzzleError(f"a bar after the last cell of row {a[0] + 1}", rows[a[0]][0])
    return width, height, blocks, bars, givens


def cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


class Reader:
    """The text form, line by line: settings, the grid, entries, clues."""

    def __init__(self) -> None:
        self.grid: list[tuple[int, str]] = []
        self.letters: tuple[int, int] = (1, 26)
        self.distinct_letters = True
        self.distinct_entries = True
        self.leading_zeros = False
        self.numbering = True
        self.explicit: list[tuple[str, list[tuple[str, int, int]], int]] = []
        self.clues: list[tuple[str, str, str, int, int, int]] = []  # name, sep, body, line, name col, body col

    def read(self, text: str) -> Instance:
        lines = numbered_lines(text, comment="//")
        if not lines:
            raise PuzzleError("empty input")
        k = 0
        while k < len(lines):
            lineno, line = lines[k]
            word = line.split()[0].lower()
            if word == "grid":
                if self.grid:
                    raise PuzzleError("a second grid", lineno, 1)
                k += 1
                while k < len(lines) and self.is_grid_row(lines[k][1]):
                    self.grid.append(lines[k])
                    k += 1
                if not self.grid:
                    raise PuzzleError("'grid' is followed by no grid rows", lineno)
                continue
            self.line(lineno, line, word)
            k += 1
        if not self.grid:
            raise PuzzleError("no grid (a line 'grid' and then its rows)")
        return self.instance()

    @staticmethod
    def is_grid_row(line: str) -> bool:
        """Grid rows run until a setting or a clue (a bad character in a row is the grid's error)."""
        return bool(GRID_LINE.match(line)) or not (line.split()[0].lower() in KEYWORDS or CLUE_LINE.match(line))

    def line(self, lineno: int, line: str, word: str) -> None:
        rest = line.split(None, 1)[1].strip() if len(line.split()) > 1 else ""
        if word == "letters":
            m = re.fullmatch(r"(-?\d+)\s*(?:\.\.|-|to)\s*(-?\d+)(\s+repeat)?", rest, re.I)
            if not m:
                raise PuzzleError(f"letters: expected 'letters LOW..HIGH [repeat]', got {quote(rest)}", lineno)
            lo, hi = int(m.group(1)), int(m.group(2))
            if not -MAX_LETTER <= lo <= hi <= MAX_LETTER:
                raise PuzzleError(f"letters {lo}..{hi}: need LOW <= HIGH within +-{MAX_LETTER:,}", lineno)
            self.letters, self.distinct_letters = (lo, hi), not m.group(3)
        elif word == "entries" and rest.lower() in ("distinct", "repeat"):
            self.distinct_entries = rest.lower() == "distinct"
        elif word == "numbering" and rest.lower() in ("on", "off"):
            self.numbering = rest.lower() == "on"
        elif word == "leading" and rest.lower() == "zeros":
            self.leading_zeros = True
        elif word == "entry":
            words = [(m.group(), lineno, m.start() + 1) for m in re.finditer(r"\S+", line)]
            if len(words) < 3:
                raise PuzzleError("entry: expected 'entry NAME r1c1 r1c2 ...'", lineno)
            self.explicit.append((words[1][0], words[2:], lineno))
        else:
            m = CLUE_LINE.match(line)
            if not m:
                raise PuzzleError(f"expected a setting ({', '.join(KEYWORDS)}) or a clue 'a1 = ...' / "
                                  f"'a1 is ...', got {quote(line.strip())}", lineno, 1)
            self.clues.append((m.group(1), m.group(2).lower(), m.group(3), lineno, m.start(1) + 1, m.start(3) + 1))

    def instance(self) -> Instance:
        width, height, blocks, bars, givens = read_grid(self.grid)
        params = NumcrossParams(width, height, frozenset(blocks), frozenset(bars),
                                self.entries(width, height, blocks), self.numbering)
        names = {e.name for e in params.entries}
        if not names:
            raise PuzzleError("the grid has no entries (runs of two or more cells, or 'entry' lines)", self.grid[0][0])
        clues = tuple(self.clue(params, names, *item) for item in self.clues)
        return Instance("numcross", params, {
            "letters": self.letters, "distinct_letters": self.distinct_letters,
            "distinct_entries": self.distinct_entries, "leading_zeros": self.leading_zeros,
            "givens": tuple(sorted(givens.items())), "clues": clues})

    def entries(self, width: int, height: int, blocks: set[Cell]) -> tuple[Entry, ...]:
        out, seen = [], set()
        for name, words, lineno in self.explicit:
            if not NAME.match(name) or ENTRY_NAME.match(name):
                raise PuzzleError(f"entry {quote(name)}: a name is a letter then letters or digits, "
                                  "not a numbered name like a1", lineno)
            if name.lower() in seen:
                raise PuzzleError(f"entry {name} given twice", lineno)
            seen.add(name.lower())
            cells = []
            for word, line, col in words:
                m = CELL.match(word)
                cell = (int(m.group(1)) - 1, int(m.group(2)) - 1) if m else None
                if cell is None or not (0 <= cell[0] < height and 0 <= cell[1] < width) or cell in blocks:
                    raise PuzzleError(f"entry {name}: {quote(word)} is not an open cell r1c1..r{height}c{width}",
                                      line, col)
                cells.append(cell)
            if len(set(cells)) != len(cells) or len(cells) > MAX_ENTRY:
                raise PuzzleError(f"entry {name}: {len(cells)} cells, repeated or more than {MAX_ENTRY}", lineno)
            out.append(Entry(name.lower(), tuple(cells)))
        return tuple(out)

    def clue(self, params: NumcrossParams, names: set[str], word: str, sep: str, body: str,
             line: int, col: int, body_col: int) -> Clue:
        name = entry_name(word)
        if name not in names:
            raise PuzzleError(f"clue {word}: no such entry in the grid", line, col)
        if not body.strip():
            raise PuzzleError(f"clue {name}: nothing after {quote(sep)}", line, body_col)
        if sep == "=":
            exprs = parse_equation(body, name, line, body_col)
            for ref in set().union(*(refs_of(e) for e in exprs)):
                if ref not in names:
                    raise PuzzleError(f"clue {name}: [{ref}] is no entry of the grid", line, body_col)
            return Clue(name, exprs, None, line)
        props = [p.strip() for p in re.split(r",|\band\b", body)]
        if len(props) != 1:  # one property a clue; several properties are several clues
            raise PuzzleError(f"clue {name}: one property a line ({quote(body.strip())})", line, body_col)
        return Clue(name, (), read_prop(props[0], name, names, line, body_col), line)


def read_prop(text: str, clue: str, names: set[str], line: int, col: int) -> Prop:
    """One property: 'prime', 'not a square', 'multiple of 7', 'multiple of d3', 'digit sum 12'..."""
    words = text.lower().replace("-", " ").split()
    negated = bool(words) and words[0] == "not"
    words = words[negated:]
    if words and words[0] in ("a", "an"):
        words = words[1:]
    phrase = " ".join(words)
    if phrase in PREDICATES:
        if negated and phrase not in NEGATABLE:
            raise PuzzleError(f"clue {clue}: 'not' only goes with {', '.join(NEGATABLE)}", line, col)
        return Prop(phrase, None, negated)
    m = re.fullmatch(r"(multiple of|factor of|divisor of|digit sum|digitsum|sum of digits|<|>|less than|"
                     r"greater than|reverse of)\s+(\S+)", phrase)
    if not m or negated:
        raise PuzzleError(f"clue {clue}: unknown constraint {quote(text.strip())} (known: "
                          f"{', '.join(PREDICATES)}, multiple of, factor of, digit sum, <, >, reverse of)", line, col)
    kind = {"multiple of": "multiple", "factor of": "factor", "divisor of": "factor", "digit sum": "digitsum",
            "digitsum": "digitsum", "sum of digits": "digitsum", "<": "less", "less than": "less",
            ">": "greater", "greater than": "greater", "reverse of": "reverse"}[m.group(1)]
    arg_text = m.group(2)
    if re.fullmatch(r"\d+", arg_text) and kind != "reverse":
        arg: int | str = int(arg_text)
        if kind in ("multiple", "factor") and arg == 0:
            raise PuzzleError(f"clue {clue}: {m.group(1)} 0", line, col)
    else:
        arg = entry_name(arg_text.strip("[]"))
        if arg not in names or kind == "digitsum":
            raise PuzzleError(f"clue {clue}: {quote(arg_text)} is no entry of the grid", line, col)
    return Prop(kind, arg)


# ---- the seed's own form ------------------------------------------------------------------------
SEED_BLOCK = re.compile(r'(GRID|ACROSS|DOWN)\s*=\s*"""(.*?)"""', re.S)
SEED_VALUES = re.compile(r"VALUES\s*=\s*list\(\s*range\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*\)")
SEED_CLUE = re.compile(r"\s*(\d+)\s+(.*?)\s*\((\d+)\)\s*$")


def read_seed(text: str) -> Instance:
    """Seed 004's sample code: GRID marks numbered squares with X, ACROSS and DOWN list
    'N expression (length)', VALUES = list(range(LOW, HIGH + 1)) the letter values."""
    blocks = {m.group(1): m for m in SEED_BLOCK.finditer(text)}
    for key in ("GRID", "ACROSS", "DOWN"):
        if key not in blocks:
            raise PuzzleError(f"seed form: no {key} = \"\"\"...\"\"\" block")
    gm = blocks["GRID"]
    first = position(text, gm.start(2))[0]
    rows = [(first + i, row) for i, row in enumerate(gm.group(2).split("\n")) if row.strip()]
    if not rows:
        raise PuzzleError("seed form: the GRID is empty", first)
    width, height = len(rows[0][1].strip()), len(rows)
    SIZE.check("numcross", width, height, "grid", rows[0][0])
    for lineno, row in rows:
        if len(row.strip()) != width or set(row.strip()) - set("X."):
            raise PuzzleError(f"seed form: a GRID row is {width} of 'X' and '.'", lineno)
    cells_of = [(r, c) for r, (_, row) in enumerate(rows) for c, ch in enumerate(row.strip()) if ch == "X"]
    entries, clues = [], []
    for key, (dr, dc) in (("ACROSS", (0, 1)), ("DOWN", (1, 0))):
        m = blocks[key]
        base = position(text, m.start(2))[0]
        for i, raw in enumerate(m.group(2).split("\n")):
            if not raw.strip():
                continue
            cm = SEED_CLUE.match(raw)
            if not cm:
                raise PuzzleError(f"seed form: {key} expects 'N expression (length)', got {quote(raw.strip())}",
                                  base + i)
            n, length = int(cm.group(1)), int(cm.group(3))
            name = key[0].lower() + str(n)
            if not 1 <= n <= len(cells_of):
                raise PuzzleError(f"clue {name}: the GRID has no square numbered {n}", base + i)
            r, c = cells_of[n - 1]
            cells = tuple((r + dr * k, c + dc * k) for k in range(length))
            if not 2 <= length <= MAX_ENTRY or cells[-1][0] >= height or cells[-1][1] >= width:
                raise PuzzleError(f"clue {name}: an entry of {length} from {cell_name((r, c))} does not fit "
                                  f"the {width}x{height} grid", base + i)
            entries.append(Entry(name, cells))
            clues.append(Clue(name, parse_equation(cm.group(2), name, base + i, raw.index(cm.group(2)) + 1),
                              None, base + i))
    values = SEED_VALUES.search(text)
    letters = (int(values.group(1)), int(values.group(2)) - 1) if values else (1, 26)
    params = seed_params(width, height, tuple(entries))
    if not params.numbering:  # entries the numbering does not give back are named x<name>
        clues = [replace(c, entry="x" + c.entry) for c in clues]
    return Instance("numcross", params, {"letters": letters, "distinct_letters": True, "distinct_entries": True,
                                         "leading_zeros": False, "givens": (), "clues": tuple(clues)})


def seed_params(width: int, height: int, entries: tuple[Entry, ...]) -> NumcrossParams:
    """The grid a list of entries implies: cells in no entry are blocks, a bar wherever two
    neighbouring cells are in no entry together; numbered when the numbering gives them back."""
    covered = {cell for e in entries for cell in e.cells}
    blocks = frozenset((r, c) for r in range(height) for c in range(width) if (r, c) not in covered)
    together = {(min(a, b), max(a, b)) for e in entries for a, b in zip(e.cells, e.cells[1:])}
    bars = frozenset((a, b) for a in covered for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
                     if b in covered and (a, b) not in together)
    auto = NumcrossParams(width, height, blocks, bars)
    if sorted(auto.entries, key=lambda e: e.name) == sorted(entries, key=lambda e: e.name):
        return auto
    return NumcrossParams(width, height, blocks, bars, tuple(Entry("x" + e.name, e.cells) for e in entries), False)


# ---- the CP-SAT model ---------------------------------------------------------------------------
@dataclass
class Model:
    model: Any
    digits: dict[Cell, Any]
    letters: dict[str, Any]
    values: dict[str, Any]


def entry_bounds(entry: Entry, leading_zeros: bool) -> tuple[int, int]:
    n = len(entry.cells)
    return (0 if leading_zeros else 10 ** (n - 1)), 10 ** n - 1


class Builder:
    """Turns an instance into CP-SAT: digits, entries as place-value sums, letters, and one
    constraint (or a few, with intermediate variables) per clue."""

    def __init__(self, inst: Instance):
        from ortools.sat.python import cp_model

        self.cp = cp_model
        self.inst, self.p, self.m = inst, inst.params, cp_model.CpModel()

    def build(self) -> Model:
        p, clues, m = self.p, self.inst.clues, self.m
        cells = sorted({cell for e in p.entries for cell in e.cells})
        self.digits = {cell: m.new_int_var(0, 9, cell_name(cell)) for cell in cells}
        for cell, d in clues["givens"]:
            if cell in self.digits:
                m.add(self.digits[cell] == d)
        self.values = {}
        self.entry_range = {e.name: entry_bounds(e, clues["leading_zeros"]) for e in p.entries}
        for e in p.entries:
            lo, hi = self.entry_range[e.name]
            v = m.new_int_var(lo, hi, e.name)
            m.add(v == sum(10 ** (len(e.cells) - 1 - k) * self.digits[c] for k, c in enumerate(e.cells)))
            self.values[e.name] = v
        used = sorted(set().union(*(letters_of(x) for c in clues["clues"] for x in c.exprs)))
        lo, hi = clues["letters"]
        self.letters = {name: m.new_int_var(lo, hi, name) for name in used}
        if clues["distinct_letters"] and len(used) > 1:
            m.add_all_different(list(self.letters.values()))
        if clues["distinct_entries"] and len(self.values) > 1:
            self.distinct_entries()
        for clue in clues["clues"]:
            self.clue(clue)
        return Model(m, self.digits, self.letters, self.values)

    def distinct_entries(self) -> None:
        """Entries of different lengths differ anyway (no leading zeros); else pairwise."""
        by_length: dict[int, list[Any]] = {}
        for e in self.p.entries:
            key = 0 if self.inst.clues["leading_zeros"] else len(e.cells)
            by_length.setdefault(key, []).append(self.values[e.name])
        for group in by_length.values():
            if len(group) > 1:
                self.m.add_all_different(group)

    def var(self, lo: int, hi: int, clue: str) -> Any:
        if max(abs(lo), abs(hi)) > MAX_BOUND:
            raise PuzzleError(f"clue {clue}: a value of the expression could reach {max(abs(lo), abs(hi)):.3g}, "
                              f"beyond {MAX_BOUND:.0e}")
        return self.m.new_int_var(lo, hi, "")

    def node(self, node: Node, clue: str) -> tuple[Any, int, int]:
        """(linear expression, low, high) for a tree, refused where it could leave +-MAX_BOUND."""
        e, lo, hi = self.term(node, clue)
        if max(abs(lo), abs(hi)) > MAX_BOUND:
            raise PuzzleError(f"clue {clue}: a value of the expression could reach {max(abs(lo), abs(hi)):.3g}, "
                              f"beyond {MAX_BOUND:.0e}")
        return e, lo, hi

    def term(self, node: Node, clue: str) -> tuple[Any, int, int]:
        """(linear expression, low, high) for a tree; products and quotients get variables."""
        kind = node[0]
        if kind == "num":
            return node[1], node[1], node[1]
        if kind == "var":
            return (self.letters[node[1]], *self.inst.clues["letters"])
        if kind == "ref":
            return (self.values[node[1]], *self.entry_range[node[1]])
        if kind == "neg":
            e, lo, hi = self.node(node[1], clue)
            return -e, -hi, -lo
        if kind == "^":
            out: Node = ("num", 1)
            for _ in range(node[2][1]):
                out = ("*", out, node[1])
            return self.node(out, clue)
        (a, alo, ahi), (b, blo, bhi) = self.node(node[1], clue), self.node(node[2], clue)
        if kind == "+":
            return a + b, alo + blo, ahi + bhi
        if kind == "-":
            return a - b, alo - bhi, ahi - blo
        if kind == "*":
            if isinstance(a, int) or isinstance(b, int):
                k, e = (a, b) if isinstance(a, int) else (b, a)
                lo, hi = sorted((k * (blo if e is b else alo), k * (bhi if e is b else ahi)))
                return k * e, lo, hi
            corners = [x * y for x in (alo, ahi) for y in (blo, bhi)]
            t = self.var(min(corners), max(corners), clue)
            self.m.add_multiplication_equality(t, [self.fix(a, alo, ahi, clue), self.fix(b, blo, bhi, clue)])
            return t, min(corners), max(corners)
        big = max(abs(alo), abs(ahi))  # "/": exact division, b * q == a, b != 0
        q = self.var(-big, big, clue)
        bv = self.fix(b, blo, bhi, clue)
        self.m.add(bv != 0)
        self.m.add_multiplication_equality(self.fix(a, alo, ahi, clue), [bv, q])
        return q, -big, big

    def fix(self, e: Any, lo: int, hi: int, clue: str) -> Any:
        """A variable equal to a linear expression (AddMultiplicationEquality takes variables)."""
        if isinstance(e, self.cp.IntVar):
            return e
        v = self.var(lo, hi, clue)
        self.m.add(v == e)
        return v

    def clue(self, clue: Clue) -> None:
        v = self.values[clue.entry]
        for side in clue.exprs:
            with at_place(clue.line):
                e, _, _ = self.node(side, clue.entry)
            self.m.add(v == e)
        if clue.prop is not None:
            self.prop(clue, clue.prop, v)

    def prop(self, clue: Clue, prop: Prop, v: Any) -> None:
        m, kind = self.m, prop.kind
        entry = next(e for e in self.p.entries if e.name == clue.entry)
        lo, hi = self.entry_range[clue.entry]
        digits = [self.digits[c] for c in entry.cells]
        other = self.values.get(prop.arg) if isinstance(prop.arg, str) else None
        arg: Any = other if other is not None else prop.arg  # an entry's variable or a number, as the reader allows
        if kind in NEGATABLE:
            table = [(x,) for x in (primes_between(lo, hi) if kind == "prime" else shaped_between(kind, lo, hi))]
            (m.add_forbidden_assignments if prop.negated else m.add_allowed_assignments)([v], table)
        elif kind == "palindrome":
            for a, b in zip(digits, reversed(digits)):
                m.add(a == b)
        elif kind in ("odd", "even"):
            m.add_modulo_equality(int(kind == "odd"), v, 2)
        elif kind in ("multiple", "factor"):
            big, small = (v, arg) if kind == "multiple" else (arg, v)
            q = m.new_int_var(0, 10 ** MAX_ENTRY, "")
            if isinstance(small, int):
                m.add(big == small * q)
            else:
                m.add(small != 0)
                m.add_multiplication_equality(big, [small, q])
        elif kind == "digitsum":
            m.add(sum(digits) == arg)
        elif kind == "less":
            m.add(v < arg)
        elif kind == "greater":
            m.add(v > arg)
        elif kind == "reverse":
            theirs = next(e for e in self.p.entries if e.name == prop.arg)
            if len(theirs.cells) != len(entry.cells):
                m.add_bool_or([])  # entries of different lengths are never each other's reverse
                return
            for a, b in zip(digits, reversed([self.digits[c] for c in theirs.cells])):
                m.add(a == b)


Solution = tuple[tuple[tuple[int | None, ...], ...], tuple[tuple[str, int], ...]]


def fillings(inst: Instance, limit: int, time_limit: float | None = None) -> tuple[list[Solution], bool]:
    """Up to `limit` distinct fillings (grid and letters) and whether the search finished."""
    from ortools.sat.python import cp_model

    built = Builder(inst).build()
    p = inst.params
    found: list[Solution] = []
    seen: set[Solution] = set()

    class Collector(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            grid = tuple(tuple(self.Value(built.digits[(r, c)]) if (r, c) in built.digits else None
                               for c in range(p.width)) for r in range(p.height))
            sol = (grid, tuple((k, self.Value(v)) for k, v in built.letters.items()))
            if sol not in seen:
                seen.add(sol)
                found.append(sol)
            if len(found) >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    if time_limit:
        solver.parameters.max_time_in_seconds = float(time_limit)
    status = solver.Solve(built.model, Collector())
    done = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or len(found) >= limit
    return found, done


def search_effort(inst: Instance, work: float = 60.0) -> dict:
    """CP-SAT's branches and conflicts to find one filling, on one worker with a fixed seed
    and bounded by its deterministic time (`work`, not seconds), so that the numbers are
    facts of the puzzle (repeatable), not of the machine's load."""
    from ortools.sat.python import cp_model

    built = Builder(inst).build()
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = work
    status = solver.Solve(built.model)
    return {"cpsat_status": solver.StatusName(status).lower(), "cpsat_branches": solver.NumBranches(),
            "cpsat_conflicts": solver.NumConflicts()}


# ---- answers --------------------------------------------------------------------------------------
LETTER_VALUE = re.compile(r"(?<![A-Za-z0-9])([A-Za-z])\s*[=:]\s*([-\u2212]?\d{1,9})\b")
NO_DIGIT = {"#", ".", "-", "_", "x", "X", "\u25a0", "\u2588"}  # a cell with no digit in an answer


def digit_cell(token: str) -> int | None:
    """One cell of an answer's grid: a digit, or None for a block or a cell in no entry."""
    if token in NO_DIGIT:
        return None
    if len(token) == 1 and token.isdigit():
        return int(token)
    raise ValueError("not a digit, # or .")


# ---- the puzzle ---------------------------------------------------------------------------------
class Numcross(MovePuzzle[NumcrossParams, str, Solution]):
    name = "numcross"
    aliases = ("listener", "numeric-crossword", "magpie")
    title = "Numeric crossword: fill the entries so that every equation and property holds"
    rules_text = ("Fill the grid's entries with digits (no leading zero, all entries distinct) so that each "
                  "equation over letters (distinct values from a range) and each property holds.")
    codecs = (MethodCodec("text"), MethodCodec("seed", pattern=r'\bGRID\s*=\s*"""'),
              MethodCodec("json", order=0, pattern=r"\A\{"))  # JSON keeps its clues' signs (ensure_ascii off)
    size_limit_text = SIZE_TEXT
    example = ("grid\n. . #\n. . .\n# . .\nletters 1..9\na1 = C^2\na3 = C^2E\na5 = A^2B\nd1 = C^2 + B\n"
               "d2 = (B + C)^2\nd4 = E^2A")

    def check_size(self, inst: Instance) -> None:
        p = inst.params
        SIZE.check("numcross", p.width, p.height)
        for clue in inst.clues["clues"]:
            entry = next(e for e in p.entries if e.name == clue.entry)
            if clue.prop and clue.prop.kind == "prime" and len(entry.cells) > MAX_PRIME_ENTRY:
                raise PuzzleError(f"clue {clue.entry}: a prime entry of {len(entry.cells)} digits is too long: "
                                  f"{SIZE_TEXT}", clue.line)
        for e in p.entries:
            if len(e.cells) > MAX_ENTRY:
                raise PuzzleError(f"entry {e.name} of {len(e.cells)} digits is too long: {SIZE_TEXT}")

    # ---- reading and writing ----------------------------------------------------------------
    read_seed = staticmethod(read_seed)

    def read_text(self, text: str) -> Instance:
        return Reader().read(text)

    def read_json(self, text: str) -> Instance:
        """The text form's parts as fields: `grid` (its rows), `letters` [low, high] (1..26),
        `distinct_letters`, `distinct_entries` (true), `leading_zeros` (false), `numbering`
        (true), `entries` {name: [cells like "r1c2"]} and `clues` (lines like "a1 = C^2")."""
        doc = JsonObject(text, self.name, ("grid", "letters", "distinct_letters", "distinct_entries", "leading_zeros",
                                           "numbering", "entries", "clues"), self.aliases)
        grid = string_rows(doc, "grid", "rows of the grid, each a string", EARLY, grid_cells)
        letters = doc.array("letters", [1, 26], 2, "whole numbers, [low, high]")
        if any(isinstance(v, bool) or not isinstance(v, int) for v in letters):
            raise doc.error("letters", f"must be two whole numbers [low, high], got {json_shown(letters[0])}, "
                                       f"{json_shown(letters[1])}")
        entries = doc.mapping("entries", {})
        for name, cells in entries.items():
            if name.split() != [name] or not isinstance(cells, list) or \
                    not all(isinstance(c, str) and c.split() == [c] for c in cells):
                raise doc.error("entries", f"must map each name to a list of cells like \"r1c2\" ({quote(name)} "
                                           "does not)")
        clues = doc.array("clues", [], what="clue lines")
        if not all(isinstance(c, str) and c.strip() and "\n" not in c for c in clues):
            raise doc.error("clues", "must be a list of clue lines like \"a1 = C^2\", each a string")
        lines = ["grid", *grid, f"letters {letters[0]}..{letters[1]}" + ("" if doc.boolean("distinct_letters", True)
                                                                         else " repeat"),
                 "entries " + ("distinct" if doc.boolean("distinct_entries", True) else "repeat")]
        if doc.boolean("leading_zeros", False):
            lines.append("leading zeros")
        if not doc.boolean("numbering", True):
            lines.append("numbering off")
        lines += [f"entry {name} {' '.join(cells)}" for name, cells in entries.items()]
        return Reader().read("\n".join(lines + clues))

    def settings_lines(self, inst: Instance) -> list[str]:
        c, p = inst.clues, inst.params
        lines = [f"letters {c['letters'][0]}..{c['letters'][1]}" + ("" if c["distinct_letters"] else " repeat")]
        if not c["distinct_entries"]:
            lines.append("entries repeat")
        if c["leading_zeros"]:
            lines.append("leading zeros")
        if not p.numbering:
            lines.append("numbering off")
        lines += [f"entry {e.name} {' '.join(cell_name(x) for x in e.cells)}" for e in p.explicit]
        return lines

    def grid_rows(self, p: NumcrossParams, digits: dict[Cell, int]) -> list[str]:
        """The grid in the text form's characters, `digits` filled in."""
        rows = []
        for r in range(p.height):
            parts = []
            for c in range(p.width):
                ch = "#" if (r, c) in p.blocks else str(digits[(r, c)]) if (r, c) in digits else "."
                ch += "_" if ((r, c), (r + 1, c)) in p.bars else ""
                sep = "|" if ((r, c), (r, c + 1)) in p.bars else " "
                parts.append(ch + (sep if c + 1 < p.width else ""))
            rows.append("".join(parts).rstrip())
        return rows

    @staticmethod
    def clue_line(clue: Clue) -> str:
        if clue.prop is not None:
            return f"{clue.entry} is {show_prop(clue.prop)}"
        return f"{clue.entry} = " + " = ".join(show(x) for x in clue.exprs)

    def write_text(self, inst: Instance) -> str:
        return "\n".join(["grid", *self.grid_rows(inst.params, dict(inst.clues["givens"])),
                          *self.settings_lines(inst), *(self.clue_line(x) for x in inst.clues["clues"])])

    def write_json(self, inst: Instance) -> str:
        p, c = inst.params, inst.clues
        return json.dumps({
            "puzzle": self.name, "grid": self.grid_rows(p, dict(c["givens"])), "letters": list(c["letters"]),
            "distinct_letters": c["distinct_letters"], "distinct_entries": c["distinct_entries"],
            "leading_zeros": c["leading_zeros"], "numbering": p.numbering,
            "entries": {e.name: [cell_name(x) for x in e.cells] for e in p.explicit},
            "clues": [self.clue_line(x) for x in c["clues"]]}, ensure_ascii=False)

    def write_seed(self, inst: Instance) -> str:
        """Seed 004's GRID/ACROSS/DOWN form: straight numbered entries, equations only."""
        p, c = inst.params, inst.clues
        if (c["givens"] or not c["distinct_letters"] or not c["distinct_entries"] or c["leading_zeros"]
                or not p.numbering or p.explicit or any(x.prop for x in c["clues"])):
            raise PuzzleError("the seed's form holds numbered entries with equations only")
        if seed_params(p.width, p.height, p.entries) != p or len({x.entry for x in c["clues"]}) != len(c["clues"]):
            raise PuzzleError("the seed's form holds grids whose entries imply the blocks and bars, one clue each")
        starts = {cell for cell, _ in p.numbered}
        grid = ["".join("X" if (r, col) in starts else "." for col in range(p.width)) for r in range(p.height)]
        lengths = {e.name: len(e.cells) for e in p.entries}
        lists: dict[str, list[str]] = {"a": [], "d": []}
        for clue in c["clues"]:
            lists[clue.entry[0]].append(f"{clue.entry[1:]} {' = '.join(show(x) for x in clue.exprs)} "
                                        f"({lengths[clue.entry]})")
        missing = set(lengths) - {x.entry for x in c["clues"]}
        if missing:
            raise PuzzleError(f"the seed's form needs a clue for every entry ({', '.join(sorted(missing))} has none)")
        lo, hi = c["letters"]
        return "\n".join(['GRID = """\n' + "\n".join(grid) + '\n"""',
                          'ACROSS = """\n' + "\n".join(lists["a"]) + '\n"""',
                          'DOWN = """\n' + "\n".join(lists["d"]) + '\n"""',
                          f"VALUES = list(range({lo}, {hi + 1}))"])

    def format_solution(self, inst: Instance, solution: Solution, fmt: str = "text") -> str:
        grid, letters = solution
        if fmt == "json":
            return json.dumps(self.solution_data(solution))
        digits = {(r, c): d for r, row in enumerate(grid) for c, d in enumerate(row) if d is not None}
        lines = self.grid_rows(inst.params, digits)
        if letters:
            lines.append("letters: " + " ".join(f"{k}={v}" for k, v in letters))
        return "\n".join(lines)

    @staticmethod
    def solution_data(solution: Solution) -> dict:
        grid, letters = solution
        return {"grid": [list(row) for row in grid], "letters": dict(letters)}

    # ---- solving ----------------------------------------------------------------------------
    def answer(self, inst: Instance, time_limit: float | None = None) -> Answer:
        """Unique, ambiguous (two fillings shown) or no filling, by CP-SAT."""
        found, done = fillings(inst, 2, time_limit)
        status = ("unique" if len(found) == 1 else "ambiguous" if len(found) > 1 else "no filling") if done \
            else ("unknown" if not found else "found one; the time limit ran out before uniqueness was known")
        data: dict[str, Any] = {"status": status if done else "unknown", "solved": bool(found),
                "solutions": [self.solution_data(s) for s in found]}
        lines = [status]
        if len(found) == 1:
            lines.append(self.format_solution(inst, found[0]))
        elif len(found) > 1:
            data["differences"] = self.differences(found[0], found[1])
            lines += ["filling 1:", self.format_solution(inst, found[0]), "filling 2:",
                      self.format_solution(inst, found[1]), f"they differ at: {', '.join(data['differences'])}"]
        return Answer("\n".join(lines), data, exit_code=0 if len(found) == 1 and done else 1)

    def count(self, inst: Instance, limit: int) -> int:
        return len(fillings(inst, limit)[0])

    def difficulty(self, inst: Instance) -> dict:
        """The puzzle's size (entries, letters, each kind of clue) and CP-SAT's effort."""
        clues = inst.clues["clues"]
        letters = set().union(*(letters_of(x) for c in clues for x in c.exprs))
        return {"entries": len(inst.params.entries), "letters": len(letters),
                "equations": sum(1 for c in clues if c.exprs), "properties": sum(1 for c in clues if c.prop),
                **search_effort(inst)}

    def differences(self, a: Solution, b: Solution) -> list[str]:
        out = super().differences(a[0], b[0])
        la, lb = dict(a[1]), dict(b[1])
        return out + [f"{k}: {la[k]} vs {lb.get(k)}" for k in la if la[k] != lb.get(k)]

    # ---- for language models ----------------------------------------------------------------
    board_legend = ("after `grid`, one row per line: `.` a cell to fill, `#` a block, a digit a given cell, `|` a "
                    "bar between two cells, `_` after a cell a bar below it; entries are runs of two or more cells "
                    "between blocks, bars and edges, numbered as in a printed crossword (a1 the across entry and d1 "
                    "the down entry starting at cell 1); `letters LOW..HIGH` the letters' range (`repeat`: they "
                    "need not differ), `entries repeat` and `leading zeros` lift those rules, `numbering off` "
                    "leaves only the entries named by `entry NAME r1c1 r1c2 ...` lines (which add entries of any "
                    "shape). Each clue is `ENTRY = EXPRESSION` (letters are unknowns, written side by side "
                    "they multiply, `^` a power, `[d1]` the value of entry d1) or `ENTRY is PROPERTY`")
    answer_format = ("the filled grid: one row per line, cells separated by single spaces, each cell of an entry "
                     "its digit, `#` a block and `.` a cell in no entry; then, when the clues use letters, one "
                     "line `letters: A=1 B=2 ...` with every letter's value")

    def reference_solution(self, inst: Instance) -> Solution:
        """The filling CP-SAT finds (the first, if there are two)."""
        found = self.answer(inst).data["solutions"]
        if not found:
            raise PuzzleError("the puzzle has no filling to answer with")
        return (tuple(tuple(row) for row in found[0]["grid"]), tuple(sorted(found[0]["letters"].items())))

    def answer_text(self, inst: Instance, solution: Solution) -> str:
        grid, letters = solution
        p = inst.params
        rows = grid_text(["#" if (r, c) in p.blocks else "." if d is None else d for c, d in enumerate(row)]
                         for r, row in enumerate(grid))
        return rows + ("\nletters: " + " ".join(f"{k}={v}" for k, v in letters) if letters else "")

    def read_answer(self, inst: Instance, text: str) -> Solution:
        """The grid's digits (`#`, `.`, `-` and `_` no digit), and the letters from `A=5`
        (or `A: 5`) in the answer's body, their lines kept out of the grid's, or, when it has
        none, after it (a grid in a code fence, the letters below). Letters are matched to
        the clues' as written, else in either case where that is not ambiguous."""
        p = inst.params
        lines = answer_body(text).split("\n")
        given = [m for line in lines for m in LETTER_VALUE.finditer(line)] or \
            list(LETTER_VALUE.finditer(re.sub(r"<think>.*?</think>", "", text, flags=re.S | re.I)))
        grid = read_answer_grid("\n".join(line for line in lines if not LETTER_VALUE.search(line)), p.height,
                                p.width, digit_cell, "digit")
        used = sorted(set().union(*(letters_of(x) for c in inst.clues["clues"] for x in c.exprs)))
        folded = {k.lower(): k for k in used if sum(u.lower() == k.lower() for u in used) == 1}
        letters: dict[str, int] = {}
        for m in given:
            name = m.group(1) if m.group(1) in used else folded.get(m.group(1).lower())
            if name is not None:
                letters[name] = int(m.group(2).replace("\u2212", "-"))
        return tuple(tuple(row) for row in grid), tuple(sorted(letters.items()))

    def answer_credit(self, inst: Instance, answer: Solution, reference: Solution) -> float:
        """The share of entry cells and letters that agree with the reference filling."""
        cells = sorted({cell for e in inst.params.entries for cell in e.cells})
        (grid, letters), (ref_grid, ref_letters) = answer, reference
        mine = dict(letters)
        right = sum(grid[r][c] == ref_grid[r][c] for r, c in cells) + sum(mine.get(k) == v for k, v in ref_letters)
        return right / (len(cells) + len(ref_letters))

    def corrupt_solution(self, inst: Instance, solution: Solution) -> Solution:
        """The first entry's first digit changed: another filling, so a wrong one."""
        grid, letters = solution
        r, c = inst.params.entries[0].cells[0]
        rows = [list(row) for row in grid]
        rows[r][c] = (rows[r][c] + 1) % 10
        return tuple(map(tuple, rows)), letters

    # ---- the independent check --------------------------------------------------------------
    def verify(self, inst: Instance, solution: Solution) -> list[str]:
        """Every rule and clue the filling breaks, in plain Python."""
        p, c = inst.params, inst.clues
        grid, letters_list = solution
        if len(grid) != p.height or any(len(row) != p.width for row in grid):
            return [f"the filling is not {p.width}x{p.height}"]
        problems = []
        cells = {cell for e in p.entries for cell in e.cells}
        for r, row in enumerate(grid):
            for col, d in enumerate(row):
                if (r, col) in cells and not (isinstance(d, int) and 0 <= d <= 9):
                    problems.append(f"{cell_name((r, col))} holds {d!r}, not a digit")
        if problems:
            return problems
        problems += [f"{cell_name(cell)} is {grid[cell[0]][cell[1]]}, given {d}" for cell, d in c["givens"]
                     if grid[cell[0]][cell[1]] != d]
        digits = {e.name: "".join(str(grid[r][col]) for r, col in e.cells) for e in p.entries}
        values = {name: int(text) for name, text in digits.items()}
        if not c["leading_zeros"]:
            problems += [f"entry {name} starts with 0" for name, text in digits.items() if text[0] == "0"]
        if c["distinct_entries"]:
            problems += [f"entries {a} and {b} are both {values[a]}" for i, a in enumerate(values)
                         for b in list(values)[i + 1:] if values[a] == values[b]]
        problems += self.verify_letters(inst, dict(letters_list))
        if any(p_.startswith("letter") and "missing" in p_ for p_ in problems):
            return problems
        for clue in c["clues"]:
            problems += self.verify_clue(clue, dict(letters_list), values, digits)
        return problems

    def verify_letters(self, inst: Instance, letters: dict[str, int]) -> list[str]:
        lo, hi = inst.clues["letters"]
        used = set().union(*(letters_of(x) for clue in inst.clues["clues"] for x in clue.exprs))
        problems = [f"letter {k} missing" for k in sorted(used - set(letters))]
        problems += [f"letter {k}={v} is outside {lo}..{hi}" for k, v in letters.items() if not lo <= v <= hi]
        if inst.clues["distinct_letters"]:
            seen: dict[int, str] = {}
            for k, v in sorted(letters.items()):
                if v in seen:
                    problems.append(f"letters {seen[v]} and {k} are both {v}")
                seen.setdefault(v, k)
        return problems

    @staticmethod
    def verify_clue(clue: Clue, letters: dict[str, int], values: dict[str, int], digits: dict[str, str]) -> list[str]:
        value = values[clue.entry]
        if clue.prop is not None:
            ok = holds(clue.prop, value, digits[clue.entry], values, digits)
            return [] if ok else [f"clue {clue.entry}: {value} is not {show_prop(clue.prop)}"]
        out = []
        for side in clue.exprs:
            got = evaluate(side, letters, values)
            if got != value:
                shown = "a division that is not exact" if got is None else str(got)
                out.append(f"clue {clue.entry}: {show(side)} is {shown}, the entry is {value}")
        return out

    # ---- pictures ---------------------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        """The grid with clue numbers and givens, then the clues."""
        from ..lab.face.share import FILL, box_grid

        p = inst.params
        numbers = dict(p.numbered)
        givens = dict(inst.clues["givens"])
        cells = [[FILL if (r, c) in p.blocks else str(givens.get((r, c), numbers.get((r, c), "")))
                  for c in range(p.width)] for r in range(p.height)]
        lines = [box_grid(cells)]
        if p.bars:
            lines.append("bars: " + ", ".join(f"{cell_name(a)}|{cell_name(b)}" for a, b in sorted(p.bars)))
        lines += self.settings_lines(inst)
        lines += [self.clue_line(x) for x in inst.clues["clues"]]
        return "\n".join(lines)

    def draw(self, ax: Any, inst: Instance, solution: dict | None = None) -> None:
        """As a Listener numerical puzzle is printed: the grid with blocks, thick bars and
        entry numbers in the corners, and beside it the rules and the clues, Across and
        Down (`clue_lines`), readable in print. With `solution` (answer's data): the first
        filling's digits in the grid and its letters beside it."""
        from matplotlib.collections import LineCollection

        from ..lab.toolkit.beside import Line, plan_beside, text_beside
        from ..lab.toolkit.draw import THICK, Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for r, c in p.blocks:
            board.shade(r, c)
        for k, entry in enumerate(p.explicit):  # an entry of its own shape: its cells tinted, named in the clues
            for r, c in entry.cells:
                board.shade(r, c, OWN_SHAPE[k % len(OWN_SHAPE)])
        board.grid()
        segs = []
        for (r, c), (r2, _) in p.bars:
            x, y = c, p.height - r - 1
            segs.append([(x + 1, y), (x + 1, y + 1)] if r2 == r else [(x, y), (x + 1, y)])
        if segs:
            ax.add_artist(LineCollection(segs, colors=["black"], linewidths=THICK * 1.4, zorder=5))
        for (r, c), d in inst.clues["givens"]:
            board.text(r, c, str(d), size=0.5, bold=True)
        found = (solution or {}).get("solutions") or []
        clues = [clue_lines(inst, chars) for chars in (24, 32, 44)]
        readable = plan_beside(ax, clues).size  # the clues' em: the panel's scale beside the solution's too
        if solution is None:
            text_beside(ax, clues)
        elif found:
            grid = found[0]["grid"]
            for (r, c) in {cell for e in p.entries for cell in e.cells} - set(dict(inst.clues["givens"])):
                board.text(r, c, str(grid[r][c]), size=0.5, colour="#1f4fa0")
            if found[0]["letters"]:
                letters = [Line(f"{k} = {v}") for k, v in sorted(found[0]["letters"].items())]
                text_beside(ax, [[Line("Letters", bold=True), *letters]], least=readable)
        for (r, c), n in p.numbered:  # as small as a crossword prints them, but no smaller than reads
            board.corner(r, c, str(n), size=min(0.3, max(0.24, 0.7 * readable)))


# ---- the clues as a printed puzzle gives them --------------------------------------------------------
SUPERSCRIPT_DIGITS = str.maketrans("0123456789", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")
OWN_SHAPE = ("#fbe7a1", "#cfe8f7", "#e3d3f0", "#d5efcf")  # tints of the cells of entries of their own shape
PRINTED_PROPS = {"multiple": "multiple of {}", "factor": "factor of {}", "digitsum": "digit sum {}",
                 "less": "less than {}", "greater": "greater than {}", "reverse": "reverse of {}"}


def printed_name(name: str) -> str:
    """An entry as a printed crossword names it: a1 is 1ac, d2 is 2dn; others as written."""
    m = re.fullmatch(r"([ad])(\d+)", name)
    return f"{m.group(2)}{'ac' if m.group(1) == 'a' else 'dn'}" if m else name


def printed_expression(node: Node) -> str:
    """An expression as typeset: powers as superscripts, the minus sign, other entries by
    their printed names with a times sign where a product would run them together."""
    text = show(node)
    text = re.sub(r"\^(\d+)", lambda m: m.group(1).translate(SUPERSCRIPT_DIGITS), text)
    text = re.sub(r"(?<=[\w)\]\u00b2\u00b3\u00b9\u2070-\u2079])\[", "\u00d7[", text)
    text = re.sub(r"\](?=[\w(\[])", "]\u00d7", text)
    text = re.sub(r"\[([^\]]+)\]", lambda m: printed_name(m.group(1)), text)
    return text.replace("-", "\u2212").replace("*", "\u00d7")


def printed_prop(prop: Prop) -> str:
    """A property in words: "digit sum 10", "not triangular", "multiple of 2dn"."""
    arg = printed_name(prop.arg) if isinstance(prop.arg, str) else prop.arg
    words = PRINTED_PROPS[prop.kind].format(arg) if prop.kind in PRINTED_PROPS else prop.kind
    return ("not " if prop.negated else "") + words


def printed_clues(inst: Instance) -> dict[str, str]:
    """Each entry's clues as one printed clue ("Digit sum 10; not triangular"), in the
    order of the entries; "unclued" for an entry with none."""
    parts: dict[str, list[str]] = {e.name: [] for e in inst.params.entries}
    for clue in inst.clues["clues"]:
        parts[clue.entry].append(printed_prop(clue.prop) if clue.prop is not None else
                                 " = ".join(printed_expression(x) for x in clue.exprs))
    out = {}
    for name, texts in parts.items():
        text = "; ".join(texts) or "unclued"
        first = next((c for c in inst.clues["clues"] if c.entry == name), None)
        out[name] = text[:1].upper() + text[1:] if first is None or first.prop is not None else text
    return out


def preamble(inst: Instance) -> str:
    """The rules a solver needs beside the clues, as a Listener preamble states them."""
    c = inst.clues
    used = sorted(set().union(*(letters_of(x) for clue in c["clues"] for x in clue.exprs)))
    lo, hi = c["letters"]
    out = []
    if used:
        out.append(f"Each letter stands for a different whole number from {lo} to {hi}." if c["distinct_letters"]
                   else f"Each letter stands for a whole number from {lo} to {hi}; letters may be equal.")
    out.append("Entries may start with 0." if c["leading_zeros"] else "No entry starts with 0.")
    out.append("All entries are different." if c["distinct_entries"] else "Entries may repeat.")
    return " ".join(out)


def clue_lines(inst: Instance, chars: int) -> list[Any]:
    """The preamble, then the clues under Across, Down and (entries of their own shape,
    their cells named) Other, each wrapped at `chars` characters, its number beside it."""
    from ..lab.toolkit.beside import Line

    p = inst.params
    clues = printed_clues(inst)
    numbered = _numbering(p)[1]
    groups = [("Across", [e for e in numbered if e.name.startswith("a")]),
              ("Down", [e for e in numbered if e.name.startswith("d")]), ("Other", list(p.explicit))]
    lines = [Line(text) for text in textwrap.wrap(preamble(inst), chars)]
    for heading, entries in groups:
        if not entries:
            continue
        lines += [Line(""), Line(heading, bold=True)]
        for e in entries:
            own = e in p.explicit
            text = (f"({', '.join(cell_name(x) for x in e.cells)}) " if own else "") + clues[e.name]
            label = e.name if own else e.name[1:]
            lines += [Line(part, label, indent=True) if i == 0 else Line(part, indent=True)
                      for i, part in enumerate(textwrap.wrap(text, chars))]
    return lines


PUZZLE = Numcross()
