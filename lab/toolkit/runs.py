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
  `read_slashed_runs`, `slashed_runs`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
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
