"""Text forms as objects: a puzzle lists its codecs, and reading, writing and detecting the
form of a text all go through them.

A `Codec` has a `name` (what `--format` and `convert --to` say), `read` (text to an
`Instance`, errors naming line and column), `write` (an `Instance` to text that `read` gives
back) and `recognises` (does this text look like my form? asked in `order`, lowest first, and
the puzzle's first codec is its plain form, taken when none recognises the text). A codec that
also has a solved form says `solutions = True` and writes it in `write_solution`.

The codecs here hold what every puzzle's form of a kind shares; the puzzle passes the part
that is its own (which cell means what) as functions or as methods it defines:

- `JsonCodec`: `{"puzzle": NAME, ...fields}` written from `puzzle.json_fields(inst)`, read by
  `puzzle.from_json(doc)` with a `JsonObject` that refuses unknown fields; the solution as
  `{"puzzle": NAME, "solution": puzzle.solution_json(...)}`;
- `TathamCodec`: Simon Tatham's game IDs (`params:description`), read by
  `puzzle.from_tatham(game)` and written by `puzzle.tatham_id(inst)`; an ID holds clues only;
- `PuzzLinkCodec`: puzz.link addresses (lab/toolkit/puzzlink.py), read by
  `puzzle.from_puzzlink(link)` and written by `puzzle.puzzlink(inst)`;
- `Pzprv3Codec`: pzprjs's saved file (lab/toolkit/pzprv3.py), read by
  `puzzle.from_pzprv3(file)` (the board and the solver's marks) and written, with or without
  the solution, by
  `puzzle.pzprv3(inst, solution)`;
- `MethodCodec`: any other form, read and written by two of the puzzle's methods (named
  `read_<name>`, `write_<name>` unless given), with an optional pattern that recognises it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.puzzle import Instance, PuzzleError
from .puzzlink import looks_like_url, read_url

if TYPE_CHECKING:
    from ..engine.puzzle import PuzzleType

TATHAM_ID = re.compile(r"^\d+(x\d+)?[A-Za-z0-9.]*:|^\d+x\d+[A-Za-z0-9.]*#")
# A bracket in a text that opens as no JSON document and no game ID: an array form, for a puzzle
# that asks its array codec before those (Map's seed code, known by its names) or whose game ID
# codec leaves some texts that open like one to its plain form (Minesweeper's boards of several lines)
BRACKET_NOT_ID = rf"\A(?!\{{|{TATHAM_ID.pattern})[^\[]*\["


@dataclass(frozen=True)
class Codec:
    """One text form of a puzzle's boards (see the module's docstring)."""

    name: str
    order: int = 50  # when `recognises` is asked, lowest first (the plain form is never asked)
    solutions: bool = False  # has a solved form: `write_solution`
    boards: bool = True  # False: a solved form only (Pearl's edge list), left out of `formats`

    def recognises(self, text: str) -> bool:
        """Does `text` (stripped, not empty) look like this form? Default: never."""
        return False

    def read(self, puzzle: PuzzleType, text: str) -> Instance:
        raise NotImplementedError

    def write(self, puzzle: PuzzleType, inst: Instance) -> str:
        raise NotImplementedError

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        raise PuzzleError(f"the {self.name} form of {puzzle.name} holds a board, not a solution")


@dataclass(frozen=True)
class MethodCodec(Codec):
    """A form read and written by the puzzle's own methods: `read_<name>(text)`,
    `write_<name>(inst)` and, with `solutions`, `write_<name>_solution(inst, solution)`
    (other method names when given). `pattern`, a regular expression searched in the text,
    recognises it."""

    pattern: str | None = None
    reader: str = ""
    writer: str = ""
    solution_writer: str = ""

    def recognises(self, text: str) -> bool:
        return self.pattern is not None and re.search(self.pattern, text) is not None

    def read(self, puzzle: PuzzleType, text: str) -> Instance:
        inst: Instance = puzzle_part(puzzle, self.reader or f"read_{self.name}", text)
        return inst

    def write(self, puzzle: PuzzleType, inst: Instance) -> str:
        out: str = puzzle_part(puzzle, self.writer or f"write_{self.name}", inst)
        return out

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        if not self.solutions:
            return super().write_solution(puzzle, inst, solution)
        out: str = puzzle_part(puzzle, self.solution_writer or f"write_{self.name}_solution", inst, solution)
        return out


@dataclass(frozen=True)
class JsonCodec(Codec):
    """JSON: the board's fields from `puzzle.json_fields(inst)` after `"puzzle": NAME`, read
    back by `puzzle.from_json(text)`; the solution as `puzzle.solution_json`, under
    `solution_key` (a puzzle may name it after what it holds: "layout", "colours")."""

    name: str = "json"
    order: int = 0
    solutions: bool = True
    solution_key: str = "solution"

    def recognises(self, text: str) -> bool:
        return text.startswith("{")

    def read(self, puzzle: PuzzleType, text: str) -> Instance:
        inst: Instance = puzzle_part(puzzle, "from_json", text)
        return inst

    def write(self, puzzle: PuzzleType, inst: Instance) -> str:
        return json.dumps({"puzzle": puzzle.name, **puzzle_part(puzzle, "json_fields", inst)})

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        return json.dumps({"puzzle": puzzle.name, self.solution_key: puzzle.solution_json(inst, solution)})


@dataclass(frozen=True)
class TathamCodec(Codec):
    """Simon Tatham's game ID: read by `puzzle.from_tatham(game)` (a `GameId`, the head and
    description with their places), written by `puzzle.tatham_id(inst)`."""

    name: str = "tatham"
    order: int = 10

    def recognises(self, text: str) -> bool:
        return TATHAM_ID.match(text) is not None

    def read(self, puzzle: PuzzleType, text: str) -> Instance:
        from .tatham import game_id

        inst: Instance = puzzle_part(puzzle, "from_tatham", game_id(text))
        return inst

    def write(self, puzzle: PuzzleType, inst: Instance) -> str:
        out: str = puzzle_part(puzzle, "tatham_id", inst)
        return out

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        others = ", ".join(puzzle.solution_formats or ())
        raise PuzzleError(f"Tatham's {puzzle.title.split(':')[0]} game ID holds the clues, not the solution: "
                          f"print the solution as {others or 'text'} "
                          f"(`puzzlelab convert {puzzle.name} FILE --to tatham` gives the ID)")


@dataclass(frozen=True)
class PuzzLinkCodec(Codec):
    """A puzz.link address for one of `genres` (the first is written), read by
    `puzzle.from_puzzlink(link)` and written by `puzzle.puzzlink(inst)` (a `PuzzLink`)."""

    name: str = "puzzlink"
    order: int = 5
    genres: tuple[str, ...] = field(default=())

    def recognises(self, text: str) -> bool:
        return looks_like_url(text)

    def read(self, puzzle: PuzzleType, text: str) -> Instance:
        inst: Instance = puzzle_part(puzzle, "from_puzzlink", read_url(text, self.genres))
        return inst

    def write(self, puzzle: PuzzleType, inst: Instance) -> str:
        return str(puzzle_part(puzzle, "puzzlink", inst).url())


@dataclass(frozen=True)
class Pzprv3Codec(Codec):
    """pzprjs's saved file for one of `genres` (the first is written): the board (and the
    solver's marks, unused here) read by `puzzle.from_pzprv3(file)` (a `Pzprv3File`), written
    by `puzzle.pzprv3(inst, None)` (a `Pzprv3Writer`), and solved with the solution's marks,
    `puzzle.pzprv3(inst, solution)`."""

    name: str = "pzprv3"
    order: int = 4
    solutions: bool = True
    genres: tuple[str, ...] = field(default=())

    def recognises(self, text: str) -> bool:
        from .pzprv3 import looks_like_pzprv3

        return looks_like_pzprv3(text)

    def read(self, puzzle: PuzzleType, text: str) -> Instance:
        from .pzprv3 import read_pzprv3

        pzl = read_pzprv3(text, self.genres)
        if puzzle.size is not None:  # before a cell is read; a genre of another shape checks its own
            puzzle.size.refuse_larger(puzzle.name, pzl.cols, pzl.rows, line=3)
        inst: Instance = puzzle_part(puzzle, "from_pzprv3", pzl)[0]
        return inst

    def write(self, puzzle: PuzzleType, inst: Instance) -> str:
        return str(puzzle_part(puzzle, "pzprv3", inst, None).text())

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        return str(puzzle_part(puzzle, "pzprv3", inst, solution).text())


@dataclass(frozen=True)
class SolvedBoard(Codec):
    """Another codec's form, whose solved form is the solved board in that same form: the
    board the puzzle's method `method(inst, solution)` gives (every cell given or opened),
    written by it. Make one with `solved_board(codec, method)`."""

    form: Codec = field(kw_only=True)
    method: str = field(kw_only=True)

    def recognises(self, text: str) -> bool:
        return self.form.recognises(text)

    def read(self, puzzle: PuzzleType, text: str) -> Instance:
        return self.form.read(puzzle, text)

    def write(self, puzzle: PuzzleType, inst: Instance) -> str:
        return self.form.write(puzzle, inst)

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        return self.form.write(puzzle, puzzle_part(puzzle, self.method, inst, solution))


def solved_board(form: Codec, method: str = "solved") -> SolvedBoard:
    """`form`, with the solved board (from the puzzle's `method`) as its solved form."""
    return SolvedBoard(name=form.name, order=form.order, solutions=True, boards=form.boards, form=form,
                       method=method)


def puzzle_part(puzzle: PuzzleType, method: str, *args: Any) -> Any:
    """The puzzle's own part of a codec; a puzzle that lists the codec without it is a
    programming error, said as one."""
    own = getattr(puzzle, method, None)
    if own is None:
        raise TypeError(f"{type(puzzle).__name__} lists a codec that needs its method {method}()")
    return own(*args)


