"""Puzzles as questions for language models, and their answers scored.

A question is the puzzle's rules, its board in text with a legend of its characters, and
the exact answer format asked for; the reference answer is the solution written in that
format. A model's answer is read leniently (code fences, `<answer>` tags, an "Answer:"
line, separators between cells, the common layouts) into a solution, which the puzzle's
own plain-Python `verify` judges: 1.0 for any valid solution (for a unique puzzle, the
one), partial credit for a wrong one (on grids, the share of cells right), 0 for text
that cannot be read, always with the reason.

The readers here are the toolkit puzzles build their `read_answer` from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..engine.puzzle import PuzzleError, PuzzleType, quote

T = TypeVar("T")

QUESTION_TEMPLATE = """Solve this {title} puzzle.

Rules: {rules}

The board ({legend}):
{board}

Answer format: {answer_format}
Give only the answer, with nothing after it."""

# What a template may use (`question(..., template=)`), each one filled in from the puzzle.
TEMPLATE_FIELDS = ("title", "puzzle", "rules", "legend", "board", "answer_format")

MAX_ANSWER_CHARS = 100_000  # a model's answer beyond this is not read (a runaway generation)


def question(ptype: PuzzleType, inst: Any, template: str | None = None) -> str:
    """The question for one puzzle: `template` (QUESTION_TEMPLATE by default) with its
    fields (TEMPLATE_FIELDS) filled in from the puzzle."""
    fields = {"title": ptype.title or ptype.name, "puzzle": ptype.name, "rules": ptype.rules_text,
              "legend": ptype.board_legend, "board": ptype.board_text(inst), "answer_format": ptype.answer_format}
    try:
        return (template or QUESTION_TEMPLATE).format(**fields)
    except (KeyError, IndexError, ValueError) as exc:
        raise PuzzleError(f"question template: {exc!s} (it may use {', '.join('{' + f + '}' for f in TEMPLATE_FIELDS)})"
                          ) from None


@dataclass(frozen=True)
class Score:
    """One answer judged: `score` in [0, 1] (1.0: a valid solution), `valid` whether the
    puzzle's rules all hold, `reason` for people (empty when right), and whether the text
    could be read at all."""

    score: float
    valid: bool
    parsed: bool
    reason: str = ""

    def as_dict(self) -> dict:
        return {"score": self.score, "valid": self.valid, "parsed": self.parsed, "reason": self.reason}


def score_solution(ptype: PuzzleType, inst: Any, answer: Any, reference: Any) -> Score:
    """Judge a solution already read from an answer: valid by `verify` (then 1.0, or, where
    the puzzle asks for the fewest moves, the shortest's length over this one's), else the
    puzzle's partial credit against `reference`, kept below 1."""
    try:
        problems = ptype.verify(inst, answer)
    except (TypeError, ValueError, KeyError, IndexError) as exc:  # an answer of the wrong shape
        return Score(0.0, False, True, f"not a solution: {exc}")
    if not problems:
        if ptype.fewest_moves and reference is not None and len(answer) > len(reference):
            return Score(len(reference) / len(answer), True, True,
                         f"valid, but {len(answer)} moves where {len(reference)} are enough")
        return Score(1.0, True, True)
    credit = 0.0 if reference is None else ptype.answer_credit(inst, answer, reference)
    return Score(round(min(max(credit, 0.0), 0.99), 4), False, True, problems[0])


def score_text(ptype: PuzzleType, inst: Any, text: Any, reference: Any) -> Score:
    """Judge a model's answer text against the puzzle and its reference solution."""
    if not isinstance(text, str):
        return Score(0.0, False, False, f"the answer is {type(text).__name__}, not text")
    if len(text) > MAX_ANSWER_CHARS:
        return Score(0.0, False, False, f"the answer is {len(text):,} characters long: at most {MAX_ANSWER_CHARS:,}")
    try:
        answer = ptype.read_answer(inst, text)
    except PuzzleError as exc:
        return Score(0.0, False, False, f"unreadable: {exc}")
    except RecursionError:
        return Score(0.0, False, False, "unreadable: nested too deeply")
    return score_solution(ptype, inst, answer, reference)


# ---- the toolkit puzzles read answers with ----------------------------------------------
_FENCE = re.compile(r"```[^\n`]*\n(.*?)```", re.S)
_TAG = re.compile(r"<answer>(.*?)</answer>", re.S | re.I)
_THINK = re.compile(r"<think>.*?</think>", re.S | re.I)
_LEAD = re.compile(r"^\s*(?:\*\*)?(?:final answer|answer|solution)(?:\*\*)?\s*[:\-]?(?:\*\*)?\s*", re.I)


def answer_body(text: str) -> str:
    """The part of a model's answer that holds the answer: inside the last `<answer>` tags or
    the last code fence where there are some, else the text after any reasoning in `<think>`
    tags, without an "Answer:" label."""
    text = _THINK.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    for pattern in (_TAG, _FENCE):
        found = pattern.findall(text)
        if found:
            text = found[-1]
            break
    lines = text.split("\n")
    for i, line in enumerate(lines):  # "Answer:" on a line of its own, or before the first row
        if _LEAD.match(line):
            lines[i] = _LEAD.sub("", line, count=1)
    return "\n".join(lines)


_SEPARATORS = re.compile(r"[\s,;|]+")
_RULE = re.compile(r"^[\s\-+=|_:.*─━│┃┼┌┐└┘├┤┬┴]*$")  # a line of a drawn frame, no cells


def row_tokens(line: str, width: int) -> list[str] | None:
    """One row's cells: separated by spaces, commas, semicolons or bars, or run together
    when each is one character; None when the line does not hold `width` cells."""
    line = line.strip().strip("|[](){}").strip()
    tokens = [t for t in _SEPARATORS.split(line) if t]
    if len(tokens) == width:
        return tokens
    if len(tokens) == 1 and len(tokens[0]) == width:
        return list(tokens[0])
    joined = "".join(tokens)
    if 1 < len(tokens) < width and len(joined) == width:
        return list(joined)  # one-character cells in groups, as boxes: "123 456 789"
    return None


def read_grid(text: str, height: int, width: int, cell: Mapping[str, T] | Callable[[str], T],
              what: str = "cell") -> list[list[T]]:
    """A `height` x `width` grid from a model's answer: the last `height` lines in a row that
    each hold `width` cells (lines of a drawn frame and blank lines between rows skipped),
    each cell read by `cell` (a mapping, tried as written and in upper and lower case, or a
    function raising PuzzleError or ValueError). Raises PuzzleError saying what it found."""
    rows: list[list[str]] = []
    best: list[list[str]] = []
    for line in answer_body(text).split("\n"):
        if not line.strip():
            continue
        tokens = row_tokens(line, width)
        if _RULE.match(line) and not re.search(r"\w", line) and not _all_read(tokens, cell):
            continue  # a line of a drawn frame; a row of `.` and `-` cells is kept
        if tokens is None:
            if len(rows) >= height:
                best = rows
            rows = []
            continue
        rows.append(tokens)
    if len(rows) >= height:
        best = rows
    if len(best) < height:
        raise PuzzleError(f"no {height} rows of {width} {what}s each")
    grid = best[-height:]
    return [[read_cell(token, cell, what, r, c) for c, token in enumerate(row)] for r, row in enumerate(grid)]


def _all_read(tokens: list[str] | None, cell: Mapping[str, Any] | Callable[[str], Any]) -> bool:
    """Does every token read as a cell? (A line of `.`, `-` and `*` may be cells or a frame.)"""
    if tokens is None:
        return False
    try:
        for c, token in enumerate(tokens):
            read_cell(token, cell, "cell", 0, c)
    except PuzzleError:
        return False
    return True


def read_cell(token: str, cell: Mapping[str, T] | Callable[[str], T], what: str, r: int, c: int) -> T:
    """One token of a grid answer, read by a mapping or a function; PuzzleError naming where."""
    if isinstance(cell, Mapping):
        for form in (token, token.upper(), token.lower()):
            if form in cell:
                return cell[form]
        raise PuzzleError(f"row {r + 1}, column {c + 1}: {quote(token)} is no {what} "
                          f"(one of {', '.join(sorted(set(map(str, cell))))})")
    try:
        return cell(token)
    except (ValueError, PuzzleError) as exc:
        raise PuzzleError(f"row {r + 1}, column {c + 1}: {quote(token)} is no {what} ({exc})") from None


def number_cell(low: int, high: int) -> Callable[[str], int]:
    """A cell reader for whole numbers from `low` to `high`."""
    def read(token: str) -> int:
        if not re.fullmatch(r"[+-]?\d{1,9}", token):
            raise ValueError("not a number")
        value = int(token)
        if not low <= value <= high:
            raise ValueError(f"not in {low}..{high}")
        return value
    return read


def grid_text(rows: Iterable[Iterable[object]], sep: str = " ") -> str:
    """A grid answer: one row per line, its cells separated by `sep`."""
    return "\n".join(sep.join(str(cell) for cell in row) for row in rows)


def read_tokens(text: str, pattern: str, what: str = "move", flags: int = re.I) -> list[re.Match]:
    """Every match of `pattern` in the answer's body, in order (a move list written across
    lines, numbered or not, with arrows or commas between); PuzzleError when there is none."""
    body = answer_body(text)
    found = list(re.finditer(pattern, body, flags))
    if not found:
        raise PuzzleError(f"no {what} found")
    return found


def share_equal(answer: Sequence[Any], reference: Sequence[Any]) -> float:
    """The share of cells (of rows of cells, or of a flat sequence) equal in both: partial
    credit for a grid answer. Shapes that differ share nothing."""
    if len(answer) != len(reference) or not reference:
        return 0.0
    if all(isinstance(row, (tuple, list)) for row in reference):
        if any(not isinstance(a, (tuple, list)) or len(a) != len(b) for a, b in zip(answer, reference)):
            return 0.0
        cells = [(x, y) for a, b in zip(answer, reference) for x, y in zip(a, b)]
    else:
        cells = list(zip(answer, reference))
    return sum(1 for x, y in cells if x == y) / len(cells) if cells else 0.0


# ---- answer forms several puzzles share ------------------------------------------------------
def read_framed(text: str, height: int, width: int, cell: Mapping[str, T] | Callable[[str], T],
                what: str = "cell") -> list[list[T]]:
    """`read_grid`, or the board copied out with its clues around the filled grid (a token on
    all four sides, or on the left and right only): the clues are dropped. For puzzles whose
    board shows clues along its edges, which a model may copy into its answer."""
    try:
        return read_grid(text, height, width, cell, what)
    except PuzzleError as plain:
        for rows, cols in ((height + 2, width + 2), (height, width + 2)):
            try:
                framed = read_grid(text, rows, cols, str, "token")
            except PuzzleError:
                continue
            inner = framed[1:-1] if rows > height else framed
            return read_grid(grid_text(row[1:-1] for row in inner), height, width, cell, what)
        raise plain


Shading = tuple[tuple[bool, ...], ...]  # True = shaded
# A cell of a black-and-white answer as people write it (1 and 0 too, where no cell holds a number).
SHADES = {"#": True, "B": True, "■": True, "█": True, "1": True, ".": False, "W": False, "□": False, "·": False,
          "0": False}
SHADED_TOKENS = frozenset("#XB*■█")
WHITE_TOKENS = frozenset(".OW·□")
SHADING_FORMAT = ("the shading: one row per line, cells separated by single spaces, `#` for a shaded cell and `.` "
                  "for an unshaded one (a number left unshaded is written `.` too)")


def shading_text(solution: Iterable[Iterable[bool]]) -> str:
    """A shading as SHADING_FORMAT asks."""
    return grid_text(("#" if s else "." for s in row) for row in solution)


def read_shading(text: str, numbers: Sequence[Sequence[int | None]]) -> Shading:
    """A shading (SHADING_FORMAT) of a board of numbered cells, read leniently: `#` (or X, B,
    *, a block) shaded; `.` (or O, W, a dot) unshaded, and so is a cell's own number copied
    from the board (None: the cell has none); any other number is refused, so that a grid of
    1 and 0 is not read as all unshaded."""
    def plausible(t: str) -> str:
        if t.upper() in SHADED_TOKENS or t.upper() in WHITE_TOKENS or t.isdecimal():
            return t
        raise ValueError("not # (shaded) or . (unshaded)")

    tokens = read_grid(text, len(numbers), len(numbers[0]), plausible, "cell")
    out = []
    for r, row in enumerate(tokens):
        line = []
        for c, token in enumerate(row):
            t = token.upper()
            if t in SHADED_TOKENS or t in WHITE_TOKENS:
                line.append(t in SHADED_TOKENS)
            elif token.isdecimal() and numbers[r][c] is not None and int(token) == numbers[r][c]:
                line.append(False)
            else:
                raise PuzzleError(f"row {r + 1}, column {c + 1}: {quote(token)} is neither shaded (#) nor "
                                  "unshaded (. or the cell's own number)")
        out.append(tuple(line))
    return tuple(out)


def overlap(answer: Sequence[int], reference: Sequence[int]) -> float:
    """Partial credit for a sparse solution (counts per cell or per pair, mostly 0): what the
    answer and the reference have in common over what either has (the weighted Jaccard
    index). The share of equal cells would give most of the credit to an empty answer."""
    if len(answer) != len(reference):
        return 0.0
    union = sum(max(a, b) for a, b in zip(answer, reference))
    return sum(min(a, b) for a, b in zip(answer, reference)) / union if union else 0.0


# ---- move lists ---------------------------------------------------------------------------
# Words an answer of no moves is made of ("None.", "No pours are needed."); one of the first three must be there.
NO_MOVES = ("none", "nothing", "no", "moves", "move", "pours", "pour", "slides", "slide", "captures", "capture", "are",
            "is", "needed", "required")


def read_moves(text: str, pattern: str, what: str) -> list[re.Match]:
    """`read_tokens` for a move list, where an answer of "none" alone is no moves (a start
    that already meets the goal)."""
    try:
        return read_tokens(text, pattern, what)
    except PuzzleError:
        words = set(re.findall(r"[a-z]+", answer_body(text).lower()))
        if words & set(NO_MOVES[:3]) and words <= set(NO_MOVES):
            return []
        raise


def moves_text(moves: list[str]) -> str:
    """A reference move list, one move per line ("none" when there is none to make)."""
    return "\n".join(moves) if moves else "none"
