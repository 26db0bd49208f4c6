"""What the puzzles with clues around a grid share in their text forms (Towers, Keen, Unruly,
Undead, Magnets, Tents): the same four forms (their own text, seed 000's arrays, Tatham's
game ID, JSON) and the two ways their JSON holds a solution (`edge_codecs`); seed 000's
board followed by one list a side (`side_lists`, `board_with_sides`); the grid inside its
ring of clues (`ring`), a number beside the grid (`clue_number`), Tatham's least board
(`tatham_least`) and a Latin square's solved grid (`number_grid`).

A puzzle declares `codecs = edge_codecs(...)` and defines what the codecs call:
`read_text`/`write_text`/`write_text_solution`, `read_array`/`write_array`/
`write_array_solution`, `from_tatham`/`tatham_id`, `from_json`/`json_fields`, and with puzz.link genre ids
`from_puzzlink`/`puzzlink`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ..engine.puzzle import Instance, PuzzleError, quote
from .codecs import Codec, JsonCodec, MethodCodec, PuzzLinkCodec, Pzprv3Codec, TathamCodec
from .textgrid import named_vector, write_array

if TYPE_CHECKING:
    from ..engine.puzzle import PuzzleType

T = TypeVar("T")
BLANK_NUMBERS = ("?", "None", "-1")  # what a clue beside the grid left out is written as


@dataclass(frozen=True)
class TathamClues(TathamCodec):
    """A game ID of clues only, refusing a solution in the puzzle's own words when it has
    them (`refusal`), which name what the ID leaves out (the heights, the digits, the tents)."""

    refusal: str = ""

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        if self.refusal:
            raise PuzzleError(self.refusal)
        return super().write_solution(puzzle, inst, solution)


@dataclass(frozen=True)
class GridJson(JsonCodec):
    """JSON whose solved form is `{"puzzle": NAME, "grid": rows}`: the board's own key, so a
    solved board reads like the board's grid."""

    def write_solution(self, puzzle: PuzzleType, inst: Instance, solution: Any) -> str:
        return json.dumps({"puzzle": puzzle.name, "grid": puzzle.solution_json(inst, solution)})


def edge_codecs(refusal: str = "", grid_solution: bool = False, puzzlink: tuple[str, ...] = (),
                pzprv3: bool = False) -> tuple[Codec, ...]:
    """The four forms, the plain text first: text and seed 000's arrays with a solved form,
    Tatham's ID (tried before the array, as its own brackets are no array), JSON (the solution
    under `grid` with `grid_solution`, else under `solution`); with `puzzlink` (puzz.link's genre
    ids, the first written) a puzz.link address after the text, and with `pzprv3` pzprjs's file
    of the same genres last (`from_pzprv3`/`pzprv3`)."""
    return (MethodCodec("text", solutions=True),
            *((PuzzLinkCodec(genres=puzzlink),) if puzzlink else ()),
            MethodCodec("array", order=20, pattern=r"\[", solutions=True),
            TathamClues(refusal=refusal),
            GridJson() if grid_solution else JsonCodec(),
            *((Pzprv3Codec(genres=puzzlink),) if pzprv3 else ()))


@dataclass(frozen=True)
class SideList:
    """One list named after seed 000's board (`t = np.array([...])`): its values, and where
    its `[` stands, for errors about it."""

    name: str
    values: list
    line: int
    column: int

    def expect(self, length: int) -> list:
        """The values, refused when there are not `length` of them."""
        if len(self.values) != length:
            raise PuzzleError(f"'{self.name}' has {len(self.values)} counts, expected {length}", self.line, self.column)
        return self.values


def side_lists(text: str, names: Iterable[str],
               missing: Callable[[str], str] | None = None) -> tuple[dict[str, SideList], str]:
    """The lists `names` given after seed 000's board, and the text with them blanked out
    (positions kept) for `array_rows` to read the board alone. `missing(name)`: the error when
    one is not there."""
    out = {}
    for name in names:
        values, (line, column), text = named_vector(text, name, missing(name) if missing else None)
        out[name] = SideList(name, values, line, column)
    return out, text


def board_with_sides(rows: Iterable[Iterable[Any]], sides: Mapping[str, Sequence[Any]]) -> str:
    """Seed 000's board `board = np.array([...])`, then each side's list as
    `NAME = np.array([...])` on a line of its own, in the order given."""
    lines = [write_array(rows, "board = np.array")]
    lines += [f"{name} = np.array({list(values)!r})" for name, values in sides.items()]
    return "\n".join(lines)


def ring(cells: Sequence[Sequence[T]], sides: Mapping[str, Sequence[T]], corner: T) -> list[list[T]]:
    """The grid with its clues around it, as the text forms lay it out: the top clues between
    two corners, each row between its left and right clue, the bottom clues between corners."""
    rows = [[corner, *sides["top"], corner]]
    rows += [[left, *row, right] for left, row, right in zip(sides["left"], cells, sides["right"])]
    rows.append([corner, *sides["bottom"], corner])
    return rows


def clue_number(text: str, what: str, line: int | None, column: int | None,
                blank: Sequence[str] = BLANK_NUMBERS) -> int | None:
    """A number written beside the grid (a count, an edge number): None where it is left out
    (one of `blank`), else its decimal value; anything else refused as a bad `what`."""
    if text in blank:
        return None
    if not (text.isdecimal() and text.isascii()):
        raise PuzzleError(f"bad {what} {quote(text)} (a number, or ? for none)", line, column)
    return int(text)


def tatham_least(game: str, least: int, width: int, height: int, line: int | None = None,
                 column: int | None = None) -> None:
    """Refuse a board Tatham's `game` is too small for: each side at least `least`."""
    if min(width, height) < least:
        raise PuzzleError(f"Tatham's {game} is at least {least}x{least}", line, column)


def number_grid(rows: Iterable[Iterable[int]], most: int) -> str:
    """A grid of numbers up to `most`, one row a line, each right-aligned to the width of
    `most` and set off by one space (a Latin square's solution)."""
    width = len(str(most))
    return "\n".join(" ".join(str(d).rjust(width) for d in row) for row in rows)
