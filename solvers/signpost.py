"""Signpost (Tatham's Signpost, Janko's "Arrow Path"): text forms, rules, decoding, verification.

Rules: every cell of a width x height grid holds an arrow in one of eight directions, except
perhaps one cell, the last, which holds none (Tatham draws a star there). Number the cells
1..N (N = width x height), each number once, so that
(1) for each k < N the cell of k+1 lies in the direction of the arrow of the cell of k, at
    any distance;
(2) the cell without an arrow, if there is one, is N (without one, any cell may be last,
    its arrow pointing nowhere in particular).
The arrows (and the arrowless cell) are the structure, `params`; the clues are the given
numbers. Tatham's game ID marks the last cell by its number N: we read that as the
arrowless cell, so a clue N there is part of the structure, not a clue.

Encoding: one variable per cell and number (cell i is k), exactly one per cell and per
number; "i is k" implies "some cell along i's arrow is k+1", and "j is k+1" implies "some
cell whose arrow passes over j is k". A numbering has no cycles to cut, so no lazy `cuts`
are needed, and a clue is one variable: its unit literal. CP-SAT models the path instead:
a Hamiltonian circuit over the arrows' arcs and a dummy node (`add_circuit`), each arc
carrying a cell's number to the next.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import permutations
from typing import Any

import numpy as np
from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    Clause,
    CluePuzzle,
    CpModel,
    Instance,
    PuzzleError,
    Rules,
    Speed,
    at_place,
    quote,
)
from ..lab.toolkit.answers import number_cell, read_grid
from ..lab.toolkit.cellgrid import tatham_grid_size
from ..lab.toolkit.codecs import JsonCodec, MethodCodec, TathamCodec
from ..lab.toolkit.numbering import (
    NumberedCells,
    clue_mismatches,
    cpsat_numbered_path,
    numbering_variables,
    places,
)
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.tatham import GameId
from ..lab.toolkit.textgrid import (
    Element,
    JsonObject,
    Token,
    array_rows,
    array_shape,
    position,
    rectangular,
    token_rows,
    write_array,
)

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]  # the number of each cell, 1..N
Arrow = int | None  # 0..7 as Tatham's dirs (N NE E SE S SW W NW); None: the last cell, no arrow
# Size limit: a minimal 9x9 board checks in about a second, and generating and grading one
# takes 10 to 20 s; a 10x10 one took 25 s to check (a path through every cell is hard SAT).
SIZE = BoardLimit(9, 9, 1, 1)
EARLY = SIZE.early("signpost")  # the readers' size check, before any cell is read
STEPS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))  # (dr, dc) per direction
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
GLYPHS = "↑↗→↘↓↙←↖"
END = "*"  # the arrowless last cell in our forms (Tatham's star)
SEED_LETTERS = "WEDCXZAQ"  # seed 000's keyboard letters, in Tatham's direction order
TATHAM_LETTERS = "abcdefgh"  # signpost.c: dirs[i] + 'a'
ARROW_NAMES: dict[str, Arrow] = {**{name: d for d, name in enumerate(COMPASS)},
                                 **{g: d for d, g in enumerate(GLYPHS)}, END: None}
# One-shot rules write the backward clauses only into cells with at most this many sources
# (see `Signpost.one_shot_rules`).
BACKWARD_MOST = 3
TOKEN = re.compile(r"(\d*)([A-Za-z]{1,2}|[*↑↗→↘↓↙←↖])")
ANSWER_CELL = re.compile(r"(\d+)(?:[NSEW]{1,2}|[*★↑↗→↘↓↙←↖])?", re.I)  # a number, perhaps its arrow copied


@dataclass(frozen=True)
class SignpostParams:
    """The arrows, row by row (see `Arrow`); at most one cell without one."""

    width: int
    height: int
    arrows: tuple[tuple[Arrow, ...], ...]

    def __post_init__(self) -> None:
        SIZE.check("signpost", self.width, self.height)
        if len(self.arrows) != self.height or any(len(row) != self.width for row in self.arrows):
            raise PuzzleError(f"signpost arrows are not {self.width}x{self.height}")
        if any(a is not None and a not in range(8) for row in self.arrows for a in row):
            raise PuzzleError("signpost arrows are directions 0..7 or None")
        ends = [(r, c) for r, row in enumerate(self.arrows) for c, a in enumerate(row) if a is None]
        if len(ends) > 1:
            r, c = ends[1]
            raise PuzzleError(f"two cells without an arrow (r{ends[0][0] + 1}c{ends[0][1] + 1} and "
                              f"r{r + 1}c{c + 1}): only the last cell has none")

    @property
    def n(self) -> int:
        return self.width * self.height

    @cached_property
    def end(self) -> int | None:
        """The index (r * width + c) of the arrowless cell, or None."""
        return next((i for i, a in enumerate(self.flat) if a is None), None)

    @cached_property
    def flat(self) -> tuple[Arrow, ...]:
        return tuple(a for row in self.arrows for a in row)

    @cached_property
    def rays(self) -> tuple[tuple[int, ...], ...]:
        """For each cell index, the cells its arrow points at, nearest first (none for the
        arrowless cell)."""
        return tuple(tuple(ray(self.width, self.height, i, a)) for i, a in enumerate(self.flat))

    @cached_property
    def sources(self) -> tuple[tuple[int, ...], ...]:
        """For each cell index, the cells whose arrows point at it."""
        into: list[list[int]] = [[] for _ in range(self.n)]
        for i, targets in enumerate(self.rays):
            for j in targets:
                into[j].append(i)
        return tuple(tuple(s) for s in into)


def ray(width: int, height: int, i: int, arrow: Arrow) -> Iterator[int]:
    """The cells from cell `i` in direction `arrow`, at any distance."""
    if arrow is None:
        return
    dr, dc = STEPS[arrow]
    r, c = divmod(i, width)
    r, c = r + dr, c + dc
    while 0 <= r < height and 0 <= c < width:
        yield r * width + c
        r, c = r + dr, c + dc


def direction(a: Cell, b: Cell) -> int | None:
    """The direction from cell a to cell b if b lies on one of a's eight lines, else None."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    if (dr, dc) == (0, 0) or (dr and dc and abs(dr) != abs(dc)):
        return None
    return STEPS.index(((dr > 0) - (dr < 0), (dc > 0) - (dc < 0)))


def name(cell: int | Cell, width: int = 0) -> str:
    r, c = divmod(cell, width) if isinstance(cell, int) else cell
    return f"r{r + 1}c{c + 1}"


def arrows_of_path(width: int, height: int, order: Sequence[int]) -> tuple[tuple[Arrow, ...], ...]:
    """The arrows a numbering implies: each cell points at the next, the last has none.
    Raises ValueError when two consecutive cells are not in line."""
    flat: list[Arrow] = [None] * (width * height)
    for a, b in zip(order, order[1:]):
        d = direction(divmod(a, width), divmod(b, width))
        if d is None:
            raise ValueError(f"{name(a, width)} and {name(b, width)} are not in line")
        flat[a] = d
    return tuple(tuple(flat[r * width:(r + 1) * width]) for r in range(height))


@dataclass(frozen=True)
class Place:
    """One cell as read: its number (None: none given), its arrow, and where it stands."""

    number: int | None
    arrow: Arrow
    line: int | None
    column: int | None


def tatham_places(game: GameId, area: int) -> list[Place]:
    """The cells of Tatham's description (signpost.c, unpick_desc): per cell in reading order
    an optional decimal number, then its direction as a letter a..h (N, NE, .., NW)."""
    places: list[Place] = []
    number, start = "", 0
    for i, ch in enumerate(game.desc):
        if len(places) >= area:
            raise PuzzleError(f"game description is longer than {area} cells", *game.at(i))
        if ch.isascii() and ch.isdigit():
            start = i if not number else start
            number += ch
            if int(number) > area:
                raise PuzzleError(f"number {number} is out of range 1..{area}", *game.at(start))
        elif ch in TATHAM_LETTERS:
            places.append(Place(int(number) or None if number else None, TATHAM_LETTERS.index(ch),
                                *game.at(start if number else i)))
            number = ""
        else:
            raise PuzzleError(f"unexpected {quote(ch)} in game description (a number, then a letter a..h)",
                              *game.at(i))
    if len(places) != area or number:
        raise PuzzleError(f"game description has {len(places)} cells, expected {area}", *game.at(len(game.desc)))
    ends = [i for i, p in enumerate(places) if p.number == area]
    if ends:  # the first N marks the last cell: no arrow there
        p = places[ends[0]]
        places[ends[0]] = Place(p.number, None, p.line, p.column)
    return places


def split_arrays(text: str) -> tuple[str, str | None]:
    """The seed's two arrays (arrows, then numbers) as two texts of the same length as
    `text`, everything else blanked, so that positions in each stay those of the input.
    The second is None when there is only one array."""
    start = text.find("[")
    if start < 0:
        raise PuzzleError("expected a [[...], ...] array of arrows")
    depth, quote_char, i = 0, "", start
    while i < len(text):
        ch = text[i]
        if quote_char:
            if ch == "\\":
                i += 1
            elif ch == quote_char:
                quote_char = ""
        elif ch in "'\"":
            quote_char = ch
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                break
        i += 1
    if depth:
        raise PuzzleError("the array of arrows is not closed", *position(text, start))
    blank = re.compile(r"[^\n]")
    first = text[:i + 1] + blank.sub(" ", text[i + 1:])
    rest = text[i + 1:]
    if "[" not in rest:
        return first, None
    return first, blank.sub(" ", text[:i + 1]) + rest


class Signpost(NumberedCells, CluePuzzle[SignpostParams, Cell, Grid]):
    name = "signpost"
    # cacheable: a clue is one position variable
    # solver: one-number-per-cell counts native in Minicard: generate 1.10x
    speed = Speed(rules_cacheable=True, generation_solver="mc")
    aliases = ("arrowpath", "arrow-path")
    title = "Signpost (Arrow Path)"
    rules_text = ("Number the cells 1 to N so that each number's arrow points (at any distance) at the "
                  "cell of the next; the cell without an arrow is N.")
    tatham_game = "signpost"
    codecs = (MethodCodec("text", solutions=True, solution_writer="write_text"),
              MethodCodec("array", order=20, pattern=r"\[", solutions=True), TathamCodec(),
              JsonCodec(solution_key="numbers"))
    size = SIZE
    # A 4x4 board as Tatham's 4x4c makes them: 1 top-left, 16 (the star) bottom-right. Two
    # givens; without them eight numberings follow the arrows.
    example = "1S  E   S   W\nE   E   SW  S\nN   N   SE  6NW\nE   E   NW  16*"

    # ---- text forms -----------------------------------------------------------------
    def _instance(self, places: list[list[Place]], line: int | None = None) -> Instance:
        """Rows of read cells. A number N on the arrowless cell is the structure itself and
        not kept as a clue; any other number there is (and then there is no solution)."""
        rectangular(places, numbered=True)
        width, height = len(places[0]), len(places)
        with at_place(line):
            params = SignpostParams(width, height, tuple(tuple(p.arrow for p in row) for row in places))
        clues: dict[Cell, int] = {}
        for r, row in enumerate(places):
            for c, p in enumerate(row):
                if p.number is None or (p.arrow is None and p.number == params.n):
                    continue
                if not 1 <= p.number <= params.n:
                    raise PuzzleError(f"number {p.number} is out of range 1..{params.n}", p.line, p.column)
                clues[(r, c)] = p.number
        return Instance(self.name, params, clues)

    @staticmethod
    def _arrow(text: str, line: int | None, column: int | None, names: dict[str, Arrow] = ARROW_NAMES,
               known: str = "N, NE, E, SE, S, SW, W, NW, or * for the last cell") -> Arrow:
        """The direction `text` names in `names` (in either case), or an error at its place."""
        arrow = names.get(text, names.get(text.upper(), -1))
        if arrow == -1:
            raise PuzzleError(f"bad arrow {quote(text)} ({known})", line, column)
        return arrow

    def _place(self, t: Token) -> Place:
        """`[number]arrow`: 12SE, 1E, S, 16* (see ARROW_NAMES)."""
        m = TOKEN.fullmatch(t.text)
        if not m:
            raise PuzzleError(f"bad cell {quote(t.text)} (an optional number, then an arrow N, NE, .., NW or *)",
                              t.line, t.column)
        number = int(m.group(1)) if m.group(1) else None
        if number == 0:
            raise PuzzleError("number 0: the numbers run from 1", t.line, t.column)
        return Place(number, self._arrow(m.group(2), t.line, t.shifted(len(m.group(1)))), t.line, t.column)

    def read_text(self, text: str) -> Instance:
        """Rows of cells separated by spaces, each `[number]arrow` (see `_place`)."""
        rows = token_rows(text, limit=EARLY)  # refuses a text without rows
        return self._instance([[self._place(t) for t in row] for row in rows], rows[0][0].line)

    def read_array(self, text: str) -> Instance:
        """Seed 000's two arrays: the arrows as keyboard letters (Q W E / A D / Z X C around
        S; ' ' for the last cell), then the numbers (0 for none)."""
        start = text.find("[")
        shape = array_shape(text[start:], first=True) if start >= 0 else None
        if shape is not None:  # the arrows' size, before the two arrays are told apart
            EARLY(shape[1], shape[0], position(text, start)[0])
        arrows_text, numbers_text = split_arrays(text)
        arrows = array_rows(arrows_text, EARLY)
        rectangular(arrows, what="array row", numbered=True)
        numbers = array_rows(numbers_text, EARLY) if numbers_text is not None else None
        if numbers is not None:
            rectangular(numbers, len(arrows[0]), len(arrows), what="numbers row", numbered=True)
        letters: dict[str, Arrow] = {**{ch: d for d, ch in enumerate(SEED_LETTERS)}, "": None, END: None}
        places = []
        for r, row in enumerate(arrows):
            places.append([self._array_place(e, None if numbers is None else numbers[r][c], letters)
                           for c, e in enumerate(row)])
        return self._instance(places, arrows[0].line)

    def _array_place(self, arrow: Element, number: Element | None, letters: dict[str, Arrow]) -> Place:
        if not isinstance(arrow.value, str):
            raise PuzzleError(f"bad arrow {quote(arrow.value)} (Q W E A D Z X C, ' ' for the last cell)",
                              arrow.line, arrow.column)
        known = "Q W E A D Z X C, ' ' for the last cell"
        a = self._arrow(arrow.value.strip(), arrow.line, arrow.column, letters, known)
        if number is None or number.value in (0, None, "", " "):
            return Place(None, a, arrow.line, arrow.column)
        if not isinstance(number.value, int) or isinstance(number.value, bool) or number.value < 0:
            raise PuzzleError(f"bad number {quote(number.value)} (0 for none)", number.line, number.column)
        return Place(number.value, a, number.line, number.column)

    def from_tatham(self, game: GameId) -> Instance:
        width, height = tatham_grid_size(self, game, "c?", "6x6 or 6x6c", EARLY)
        places = tatham_places(game, width * height)
        return self._instance([places[r * width:(r + 1) * width] for r in range(height)], 1)

    def from_json(self, text: str) -> Instance:
        """{"arrows": rows of N NE .. NW and *, "numbers": rows of numbers (0 or null: none)}."""
        doc = JsonObject(text, self.name, ("width", "height", "arrows", "numbers"), self.aliases)
        arrows = doc.board("arrows", EARLY)
        numbers = doc.rows("numbers", EARLY) if "numbers" in doc else None
        rectangular(arrows, what="arrows row", numbered=True)
        if numbers is not None:
            rectangular(numbers, len(arrows[0]), len(arrows), what="numbers row", numbered=True)
        places = []
        for r, row in enumerate(arrows):
            out = []
            for c, a in enumerate(row):
                v = None if numbers is None else numbers[r][c]
                if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
                    raise PuzzleError(f"bad number {quote(v)} in numbers row {r + 1} (0 or null for none)")
                if not isinstance(a, str):
                    raise PuzzleError(f"bad arrow {quote(a)} in arrows row {r + 1}")
                out.append(Place(v or None, self._arrow(a, None, None), None, None))
            places.append(out)
        return self._instance(places)

    def cells(self, inst: Instance, solution: Grid | None = None) -> list[list[tuple[int | None, Arrow]]]:
        """(number, arrow) per cell: the clue (N on the arrowless cell), or the solution's."""
        p = inst.params
        return [[(solution[r][c] if solution is not None else inst.clues.get((r, c), p.n if a is None else None), a)
                 for c, a in enumerate(row)] for r, row in enumerate(p.arrows)]

    def write_text(self, inst: Instance, solution: Grid | None = None) -> str:
        cells = self.cells(inst, solution)
        tokens = [[f"{n or ''}{END if a is None else COMPASS[a]}" for n, a in row] for row in cells]
        wide = max(len(t) for row in tokens for t in row)
        return "\n".join(" ".join(t.ljust(wide) for t in row).rstrip() for row in tokens)

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        return {"width": inst.params.width, "height": inst.params.height,
                "arrows": [[END if a is None else COMPASS[a] for a in row] for row in inst.params.arrows],
                "numbers": [[n or 0 for n, _ in row] for row in self.cells(inst)]}

    def write_array(self, inst: Instance) -> str:
        arrows = [[" " if a is None else SEED_LETTERS[a] for a in row] for row in inst.params.arrows]
        numbers = [[n or 0 for n, _ in row] for row in self.cells(inst)]
        return write_array(arrows, "board1 = np.array") + "\n" + write_array(numbers, "board2 = np.array")

    def tatham_id(self, inst: Instance) -> str:
        """What signpost.c's generate_desc writes: per cell its number if given, then its
        letter; the last cell is written as N and 'a', as his generator leaves it."""
        p = inst.params
        if p.end is not None and divmod(p.end, p.width) in inst.clues:
            raise PuzzleError(f"a game ID cannot give the arrowless cell {name(p.end, p.width)} a number "
                              f"other than {p.n}")
        out = []
        for row in self.cells(inst):
            for n, a in row:
                out.append(f"{n or ''}{TATHAM_LETTERS[a or 0]}")
        return f"{p.width}x{p.height}:{''.join(out)}"

    # ---- for language models ------------------------------------------------------------
    board_legend = ("one row per line, cells separated by spaces; each cell its arrow (N up, NE, E right, SE, S down, "
                    "SW, W left, NW), after its number where one is given; `*` instead of an arrow marks the last "
                    "cell, shown with its number")
    answer_format = ("the numbers: one row per line, each cell's number from 1 to N (N the number of cells), separated "
                     "by single spaces")

    def read_answer(self, inst: Instance, text: str) -> Grid:
        p = inst.params
        number = number_cell(1, p.n)

        def cell(token: str) -> int:
            m = ANSWER_CELL.fullmatch(token)
            if not m:
                raise ValueError("not a number")
            return number(m.group(1))
        return tuple(map(tuple, read_grid(text, p.height, p.width, cell, "number")))

    def canonical(self, inst: Instance) -> str:
        """The least text of the board's rotations and reflections that keep its shape, each
        arrow turned with the board: the numbering moves along and still follows them. (Not
        reversed: the arrows say which way the numbers run.)"""
        p = inst.params
        forms = []
        for sym in board_symmetries(p.height, p.width):
            h, w = sym.shape
            turned = [[None if a is None else STEPS.index(sym.step(*STEPS[a])) for a in row] for row in p.arrows]
            arrows = tuple(map(tuple, sym.grid(turned)))
            clues = {sym.cell(*cell): v for cell, v in inst.clues.items()}
            forms.append(self.format(Instance(self.name, SignpostParams(w, h, arrows), clues)))
        return min(forms)

    def write_array_solution(self, inst: Instance, solution: Grid) -> str:
        return write_array(list(row) for row in solution)  # the seed's output

    def show_text(self, inst: Instance) -> str:
        """Each cell its arrow (a star for the last) after its given number."""
        from ..lab.face.share import box_grid

        cells = [[f"{n or ''}{'★' if a is None else GLYPHS[a]}" for n, a in row] for row in self.cells(inst)]
        return box_grid(cells)

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax: Any, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham prints Signpost: an arrow in the lower right of each cell (a star in the
        last), the number in the upper left, givens in black, solved ones in blue."""
        from matplotlib.patches import Polygon

        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        for r, row in enumerate(self.cells(inst, solution)):
            for c, (n, a) in enumerate(row):
                cr, cc = r + 0.12, c + 0.12  # the arrow's centre, as tile_redraw's (+asz, +asz)
                if a is None:
                    x, y = board.centre(cr, cc)
                    ax.add_artist(Polygon(star(x, y, 0.26), closed=True, facecolor="black", edgecolor="none",
                                          zorder=3))
                else:
                    dr, dc = STEPS[a]
                    s = 0.26 / max(1.0, (dr * dr + dc * dc) ** 0.5)
                    board.arrow((cr - dr * s, cc - dc * s), (cr + dr * s, cc + dc * s), width=0.1, head=0.22)
                if n is not None:
                    given = (r, c) in inst.clues or a is None
                    board.corner(r, c, str(n), size=0.3, colour="black" if given else "#1f5fbf")
        board.grid()

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: SignpostParams, pool: IDPool) -> Rules:
        return self._rules(params, pool)

    def one_shot_rules(self, params: SignpostParams, pool: IDPool) -> Rules:
        """Backwards only into cells with at most BACKWARD_MOST sources: forwards alone
        already state the rule, and a long backward clause rarely propagates but costs as
        much to build and load as a short one. Built as arrays (`support_clauses`), a
        clause shape at a time. With the links (`_links`), as `rules`: without them the
        seed's 7x7 checks in 2 ms instead of 7, but a path through every cell without its
        successors is hard SAT. Four generated 9x9 boards took 30.6 s to check without
        them, 1.1 s with (1.4 s on `rules`); an empty 9x9 (the arrows alone) 1-7 s, 0.03-0.2 s
        with; ten generated 6x6 boards the same either way."""
        n = params.n
        x, groups = numbering_variables(pool, n)
        first = x[0][0]
        clauses: list[Clause] = [list(g) for g in groups]
        heads = [i for i in range(n) if params.flat[i] is not None or params.end is None]
        clauses += support_clauses(first, n, heads, [params.rays[i] for i in heads], forward=True)
        tails = [j for j in range(n) if len(params.sources[j]) <= BACKWARD_MOST]
        clauses += support_clauses(first, n, tails, [params.sources[j] for j in tails], forward=False)
        if params.end is not None:
            clauses.append([x[params.end][n - 1]])
        clauses += _links(params, pool, x, groups)
        return Rules(clauses, list(range(first, first + n * n)), x, at_most_one=[g for g in groups if len(g) > 1])

    def _rules(self, params: SignpostParams, pool: IDPool) -> Rules:
        """x[i][k] (cell i holds k + 1): exactly one per cell and per number, and "i holds
        k" implies "a cell along i's arrow holds k + 1" (and backwards). Links s[i][j] (j
        follows i) add what a person sees first: each cell has one successor along its arrow
        (none when it is N) and one predecessor (none when it is 1); a link carries the
        number over. On 6x6 boards the stripping loop's questions took 10x longer without
        the links, and grading 5x longer without the first clauses."""
        n = params.n
        x, groups = numbering_variables(pool, n)
        first = x[0][0]
        clauses: list[Clause] = [list(g) for g in groups]
        for i in range(n):  # x[j][k] is first + j * n + k: each clause is a ray's bases shifted by k
            ahead = [first + j * n + 1 for j in params.rays[i]]
            behind = [first + j * n for j in params.sources[i]]
            forward = params.flat[i] is not None or params.end is None
            for k in range(n - 1):
                if forward:
                    clauses.append([-x[i][k], *[b + k for b in ahead]])
                clauses.append([-x[i][k + 1], *[b + k for b in behind]])
        if params.end is not None:
            clauses.append([x[params.end][n - 1]])
        clauses += _links(params, pool, x, groups)
        return Rules(clauses, [v for row in x for v in row], x, at_most_one=[g for g in groups if len(g) > 1])

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """The path as a circuit: nodes are the cells and a dummy node n; an arc i -> j for
        each j along i's arrow, dummy -> i when i is 1, i -> dummy when i is N. Numbers are
        one-hot (at[i][k]: i holds k + 1, exactly one per cell and per number) and an arc
        carries k to k + 1. Integer numbers stepped by reified sums were 10x slower: 8x8
        boards ran past a minute in CP-SAT's enumeration."""
        from ortools.sat.python import cp_model

        p = inst.params
        n = p.n
        model = cp_model.CpModel()
        at = cpsat_numbered_path(model, n, p.rays)
        if p.end is not None:
            model.add(at[p.end][n - 1] == 1)
        for (r, c), k in inst.clues.items():
            model.add(at[r * p.width + c][k - 1] == 1)
        rows = [at[r * p.width:(r + 1) * p.width] for r in range(p.height)]

        def decode(value: Any) -> Grid:
            return tuple(tuple(next(k + 1 for k, v in enumerate(cell) if value(v)) for cell in row) for row in rows)

        return CpModel(model, [v for cell in at for v in cell], decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: SignpostParams) -> Iterable[Grid]:
        """Up to 8 cells, every numbering (8! = 40,320); beyond, every path that steps along
        some arrow from each cell, found depth first (the arrows of a 4x4 puzzle leave few),
        refused past a million."""
        w, h, n = params.width, params.height, params.n

        def grid(order: Sequence[int]) -> Grid:
            numbers = [0] * n
            for k, i in enumerate(order, start=1):
                numbers[i] = k
            return tuple(tuple(numbers[r * w:(r + 1) * w]) for r in range(h))

        if n <= 8:
            return (grid(order) for order in permutations(range(n)))
        found: list[Grid] = []
        for start in range(n):
            for order in paths(params.rays, [start], {start}, n):
                found.append(grid(order))
                if len(found) > 10 ** 6:
                    raise PuzzleError(f"a {w}x{h} board is too large to enumerate")
        return found

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = clue_mismatches(solution, inst.clues)
        where = places(solution)
        for k in range(1, p.n + 1):
            if k not in where:
                problems.append(f"number {k} is missing")
            elif len(where[k]) > 1:
                problems.append(f"number {k} is in {len(where[k])} cells: {', '.join(map(name, where[k]))}")
        problems += [f"{name(cells[0])} holds {k}, not a number from 1 to {p.n}"
                     for k, cells in sorted(where.items()) if not 1 <= k <= p.n]
        for k in range(1, p.n):
            for a in where.get(k, []):
                arrow = p.arrows[a[0]][a[1]]
                if arrow is None:
                    problems.append(f"{name(a)} has no arrow, so it is the last ({p.n}), not {k}")
                    continue
                problems += [f"{k} at {name(a)} points {COMPASS[arrow]}, not at {k + 1} at {name(b)}"
                             for b in where.get(k + 1, []) if direction(a, b) != arrow]
        return problems


def _links(params: SignpostParams, pool: IDPool, x: list[list[int]], groups: list[list[int]]) -> list[Clause]:
    """Links s[i][j] (j follows i): each cell one successor along its arrow (none when it
    holds N) and one predecessor (none when it holds 1), their "at most one" added to
    `groups`; a link carries the number over. The clauses, drawing the links from `pool`."""
    n = params.n
    link = {(i, j): pool.id(("link", i, j)) for i in range(n) for j in params.rays[i]}
    clauses: list[Clause] = []
    for i in range(n):
        out = [link[i, j] for j in params.rays[i]]
        into = [link[j, i] for j in params.sources[i]]
        clauses += [[x[i][n - 1], *out], [x[i][0], *into]]
        clauses += [[-x[i][n - 1], -s] for s in out] + [[-x[i][0], -s] for s in into]
        groups += [out, into]
    for (i, j), s in link.items():
        for k in range(n - 1):
            clauses += [[-s, -x[i][k], x[j][k + 1]], [-s, x[i][k], -x[j][k + 1]]]
    return clauses


def support_clauses(first: int, n: int, cells: Sequence[int], others: Sequence[Sequence[int]],
                    forward: bool) -> list[Clause]:
    """Forward, for each cell i and k < n - 1: "i holds k + 1" implies "one of others[i]
    holds k + 2"; backward: "i holds k + 2" implies "one of others[i] holds k + 1" (with
    x[i][k] = first + i * n + k). One array per length of `others`: a Python loop per
    clause was most of building the rules."""
    ks = np.arange(n - 1)
    shift = (0, 1) if forward else (1, 0)
    by_length: dict[int, list[int]] = {}
    for at, group in enumerate(others):
        by_length.setdefault(len(group), []).append(at)
    out: list[Clause] = []
    for length, ats in by_length.items():
        heads = np.array([cells[a] for a in ats], np.int64)
        bodies = np.array([others[a] for a in ats], np.int64).reshape(len(ats), length)
        head = -(first + heads[:, None] * n + ks[None, :] + shift[0])  # (cells, k)
        body = first + bodies[:, None, :] * n + ks[None, :, None] + shift[1]  # (cells, k, length)
        out += np.concatenate([head[:, :, None], body], axis=2).reshape(-1, length + 1).tolist()
    return out


def paths(rays: Sequence[Sequence[int]], order: list[int], used: set[int], n: int) -> Iterator[list[int]]:
    """Every way to extend `order` to all n cells, each step along the last cell's arrow."""
    if len(order) == n:
        yield list(order)
        return
    for j in rays[order[-1]]:
        if j not in used:
            order.append(j)
            used.add(j)
            yield from paths(rays, order, used, n)
            used.discard(j)
            order.pop()


def star(x: float, y: float, radius: float, points: int = 5) -> list[tuple[float, float]]:
    """A star's outline, a point upwards (signpost.c's draw_star)."""
    from math import cos, pi, sin

    out = []
    for i in range(2 * points):
        rad = radius if i % 2 == 0 else radius * 0.4
        angle = pi / 2 + i * pi / points
        out.append((x + rad * cos(angle), y + rad * sin(angle)))
    return out


PUZZLE = Signpost()
