"""Run-length clue lists: a line's clue is the lengths of its runs of shaded cells, in order
(the empty tuple for a line with none, None for a clue not given), and a board's clues are
one such list per row or column. The forms they are written in, each read with where a
bad length stands:

- words on a line of text, `1 2` (commas and dots also separate), `0` or `-` for no run,
  `?` for no clue: `read_run_words`, `run_words`;
- lists in JSON or seed 000's arrays, `[1, 2]` (a lone number a one-run clue, null or None
  no clue): `run_lists`, and `named_lists` / `read_named_lists` for the array form's
  `top_numbers = [...]` assignments;
- Simon Tatham's game IDs, lines separated by `/` and runs by `.` (`2/1.1//3`):
  `read_slashed_runs`, `slashed_runs`;
- the NON file nonogram sites and solvers share (webpbn's format: `width`, `height`, `rows`,
  `columns`, optional `goal`): `read_non`, `write_non`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.puzzle import PuzzleError, quote
from .textgrid import array_shape, literal_at

Runs = tuple[int, ...]
NO_CLUE = "?"  # a line whose clue is not given, in the word form


def runs_of(line: Iterable[Any]) -> Runs:
    """The clue of a line of cells (truthy: shaded): the lengths of its shaded runs."""
    return tuple(len(run) for run in "".join("1" if v else "0" for v in line).split("0") if run)


# ---- words on a line ------------------------------------------------------------------
def run_words(clue: Runs | None) -> str:
    """A clue as the word form writes it: `1 2`, `0` for no run, `?` for no clue."""
    return NO_CLUE if clue is None else " ".join(map(str, clue)) or "0"


def read_run_words(raw: str, lineno: int) -> Runs | None:
    """One line of the word form (see `run_words`; `-` is also no run, and commas and dots
    separate like spaces), a bad length refused at its column."""
    tokens = [(m.group(), m.start() + 1) for m in re.finditer(r"[^\s,.]+", raw)]
    if len(tokens) == 1 and tokens[0][0] == NO_CLUE:
        return None
    if len(tokens) == 1 and tokens[0][0] == "-":
        return ()
    out = []
    for tok, col in tokens:
        if not tok.isdecimal():
            raise PuzzleError(f"bad run length {quote(tok)}", lineno, col)
        out.append(int(tok))
    return tuple(out)


# ---- lists ----------------------------------------------------------------------------
def run_lists(value: Any, line: int | None, label: str) -> list[Runs | None]:
    """A JSON or array value holding one clue a line: each a list of whole numbers, a lone
    number (one run) or null/None (no clue); anything else refused as `label`'s."""
    if not isinstance(value, list):
        raise PuzzleError(f"{label} must be a list of lists", line)
    out: list[Runs | None] = []
    for k, clue in enumerate(value):
        if clue is None:
            out.append(None)
            continue
        if isinstance(clue, int) and not isinstance(clue, bool):
            clue = [clue]
        if not isinstance(clue, (list, tuple)) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in clue):
            raise PuzzleError(f"{label} entry {k + 1} must be a list of whole numbers", line)
        out.append(tuple(clue))
    return out


def run_list_literal(clue: Runs | None) -> str:
    """A clue as the array form writes it: `[1, 2]`, `None` for no clue."""
    return "None" if clue is None else repr(list(clue))


def named_lists(sections: Mapping[str, Iterable[str]]) -> str:
    """Seed 000's array form of several lists: `NAME = [`, one item (already a literal) a
    line, `]`, for each list in the order given."""
    out: list[str] = []
    for name, items in sections.items():
        out += [f"{name} = [", *(f"  {item}," for item in items), "]"]
    return "\n".join(out)


def read_named_lists(text: str, names: Mapping[str, str],
                     sized: Callable[[str, int, int], None] | None = None) -> dict[str, tuple[Any, int]]:
    """The `name = [...]` assignments of seed 000's array text whose name `names` knows, by
    what it maps them to (several names may mean one list: the last written wins), each
    its literal value and the line it stands on. `sized(what, count, line)` is told how
    many items a list of lists has before the literal is parsed (for an early size check)."""
    found: dict[str, tuple[Any, int]] = {}
    for m in re.finditer(r"\b([a-z_]+)\s*=\s*(?=\[)", text):
        what = names.get(m.group(1))
        if what is None:
            continue
        end = matching_bracket(text, m.end())
        line = text.count("\n", 0, m.start()) + 1
        if sized is not None:
            shape = array_shape(text[m.end():end + 1])
            if shape is not None:
                sized(what, shape[0], line)
        found[what] = (literal_at(text, m.end(), end, m.group(1)), line)
    return found


def matching_bracket(text: str, start: int) -> int:
    """Index of the ']' closing the '[' at `start`."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "[":
            depth += 1
        elif text[i] == "]":
            depth -= 1
            if depth == 0:
                return i
    raise PuzzleError("unclosed '['", text.count("\n", 0, start) + 1)


# ---- Simon Tatham's game IDs ----------------------------------------------------------
def read_slashed_runs(desc: str, column: int, name: Callable[[int], str]) -> list[tuple[Runs, int]]:
    """Tatham's clue lists, `2/1.1//3` (an empty part: no run): each line's runs and the
    column it starts at, `desc` starting at `column` of line 1. A bad length is refused
    as in the line `name(index)` ("col 3")."""
    out: list[tuple[Runs, int]] = []
    pos = column
    for idx, spec in enumerate(desc.split("/")):
        if spec == "":
            out.append(((), pos))
        else:
            for part in spec.split("."):
                if not part.isdecimal():
                    raise PuzzleError(f"bad run length {quote(part)} in {name(idx)}", 1, pos)
            out.append((tuple(int(p) for p in spec.split(".")), pos))
        pos += len(spec) + 1
    return out


def slashed_runs(clues: Sequence[Runs]) -> str:
    """The inverse of `read_slashed_runs`."""
    return "/".join(".".join(map(str, clue)) for clue in clues)


# ---- the NON file ---------------------------------------------------------------------
NON_KEY = re.compile(r"(?m)^\s*(width|height)\s+\d+\s*$")  # what tells a NON file from other forms


@dataclass(frozen=True)
class NonFile:
    """A NON file read (webpbn's format, which nonogram sites and solvers share): the clue
    lists, where each line's clue stands, and the goal (the solution's rows as 0/1 text,
    None when the file has none)."""

    width: int
    height: int
    cols: list[Runs]
    rows: list[Runs]
    where: dict[tuple[str, int], tuple[int, int]]
    goal: list[str] | None = None


def read_non(text: str, limit: Callable[[int, int, int | None], None] | None = None) -> NonFile:
    """A NON file: `width N`, `height N`, then `rows` and `columns`, each followed by one line
    a line of the board (runs separated by commas; an empty line or `0` for no run), and an
    optional `goal` ("0110...": the solution row by row). Lines with other keys (`title`,
    `by`, `copyright`, ...) are ignored, as the format asks; a colour after a number (`3b`)
    is refused: these are black-and-white nonograms. `limit(width, height, line)` refuses an
    oversized board before its clues are read."""
    lines = text.splitlines()
    size: dict[str, int] = {}
    clues: dict[str, list[Runs]] = {}
    where: dict[tuple[str, int], tuple[int, int]] = {}
    goal: list[str] | None = None
    goal_at: tuple[str, int] | None = None
    i = 0
    while i < len(lines):
        raw = lines[i]
        words = raw.split(None, 1)
        key = words[0].lower() if words else ""
        if key in ("width", "height"):
            if key in size:
                raise PuzzleError(f"a second {quote(key)}: one puzzle a file", i + 1, 1)
            value = words[1].strip() if len(words) > 1 else ""
            if not value.isdecimal():
                raise PuzzleError(f"{key} {quote(value)} is not a whole number", i + 1, 1)
            size[key] = int(value)
            if limit is not None and len(size) == 2:
                limit(size["width"], size["height"], i + 1)
        elif key in ("rows", "columns") and len(words) == 1:
            need = "height" if key == "rows" else "width"
            if need not in size:
                raise PuzzleError(f"{quote(key)} before {quote(need)}: the size comes first", i + 1, 1)
            if key in clues:
                raise PuzzleError(f"a second {quote(key)} section", i + 1, 1)
            kind = key[:-1] if key == "rows" else "col"
            clues[key] = []
            for k in range(size[need]):
                i += 1
                if i >= len(lines):
                    raise PuzzleError(f"the file ends after {k} of the {size[need]} lines of {quote(key)}", i, 1)
                clues[key].append(_non_clue(lines[i], i + 1))
                where[(kind, k)] = (i + 1, 1)
        elif key == "goal":
            goal_at = (words[1].strip().strip('"') if len(words) > 1 else "", i + 1)
        i += 1
    for key in ("width", "height", "rows", "columns"):
        if key not in size and key not in clues:
            raise PuzzleError(f"a NON file needs {quote(key)}")
    width, height = size["width"], size["height"]
    if goal_at is not None:
        value, line = goal_at
        if len(value) != width * height:
            raise PuzzleError(f"goal has {len(value)} cells, expected {width}x{height}", line, 1)
        goal = [value[r * width:(r + 1) * width] for r in range(height)]
    return NonFile(width, height, clues["columns"], clues["rows"], where, goal)


def _non_clue(raw: str, lineno: int) -> Runs:
    """One clue line of a NON file: `3,1,2`, or nothing (or `0`) for a line with no run."""
    out = []
    for m in re.finditer(r"[^,\s]+", raw):
        part = m.group()
        number = re.match(r"\d+", part)
        if number is None:
            raise PuzzleError(f"bad run length {quote(part)}", lineno, m.start() + 1)
        if re.match(r"[a-z]", part[number.end():]):
            raise PuzzleError(f"{quote(part)} names a colour: only black-and-white nonograms are read", lineno,
                              m.start() + 1)
        out.append(int(number.group()))
    return () if out == [0] else tuple(out)


def write_non(cols: Sequence[Runs], rows: Sequence[Runs], goal: Sequence[str] | None = None) -> str:
    """The NON file of these clue lists (and, with `goal`, the solution's rows of 0 and 1)."""
    out = [f"width {len(cols)}", f"height {len(rows)}", "", "rows", *(",".join(map(str, c)) or "0" for c in rows),
           "", "columns", *(",".join(map(str, c)) or "0" for c in cols)]
    if goal is not None:
        out += ["", f'goal "{"".join(goal)}"']
    return "\n".join(out) + "\n"
