"""Grids cut into regions (Star Battle, Norinori, LITS, Heyawake's rooms): naming, checking,
reading from walls, and drawing and repairing them in generators.

A region grid is rows of region numbers (any hashable names before `renumbered`). Genres whose
structure is regions draw it around a random solution (`grow_blobs`, `merge_blobs`) and, when
the engine finds a rival solution, repair it by handing cells from region to region
(`ways_out`, `hand_over`) so that the rival breaks a region's count and the drawn solution
keeps every one.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cached_property
from itertools import product
from typing import Any, Protocol, TypeVar

from ..engine.puzzle import BoardLimit, PuzzleError, at_place, quote
from .cellgrid import BoardCells
from .symmetry import first_seen
from .textgrid import Token, json_shown, line_chars, line_tokens, refuse_oversized

Cell = tuple[int, int]
Rows = tuple[tuple[int, ...], ...]
Places = Sequence[Sequence[tuple[int | None, int | None]]]  # each cell's (line, column) in the input
Board = TypeVar("Board")
Piece = TypeVar("Piece")
PieceIn = TypeVar("PieceIn", contravariant=True)
Item = TypeVar("Item")


class Filling(Protocol[PieceIn]):
    """A board being divided into pieces, for `fill_in_order`."""

    def free(self, cell: Cell) -> bool: ...

    def mark(self, piece: PieceIn, taken: bool) -> None: ...

    def still_divisible(self, piece: PieceIn) -> bool: ...

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"  # region names of a text form
NAME = re.compile(r"[A-Za-z0-9_]{1,16}")  # a region's name in a spaced text form
CELL_NAME = re.compile(r"r(\d{1,3})c(\d{1,3})", re.I)  # a cell named in a text form's `given` line
GIVEN_LINE = re.compile(r"^\s*given\b(.*)$", re.I)
NUMBERS_LINE = re.compile(r"^\s*numbers\b(.*)$", re.I)  # a text form's last line of room numbers
NUMBER_ITEM = re.compile(r"([A-Za-z0-9_]{1,16})=(\d{1,4})")  # one room's number in it: A=2


def renumbered(rows: Sequence[Sequence[Any]]) -> Rows:
    """Region names (any hashable) as numbers in order of first appearance, row by row."""
    number = first_seen(name for row in rows for name in row)
    return tuple(tuple(number[name] for name in row) for row in rows)


def cut_off(regions: Sequence[Sequence[int]]) -> Cell | None:
    """The first cell, row by row, of a region met before in another piece; None when every
    region is one connected set of cells."""
    height, width = len(regions), len(regions[0])
    seen = [[False] * width for _ in range(height)]
    started: set[int] = set()
    for r0, c0 in product(range(height), range(width)):
        if seen[r0][c0]:
            continue
        k = regions[r0][c0]
        if k in started:
            return r0, c0
        started.add(k)
        seen[r0][c0] = True
        stack = [(r0, c0)]
        while stack:
            r, c = stack.pop()
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < height and 0 <= cc < width and not seen[rr][cc] and regions[rr][cc] == k:
                    seen[rr][cc] = True
                    stack.append((rr, cc))
    return None


class RoomBoard(BoardCells):
    """The rooms of a board, for a puzzle's params (a frozen dataclass with `width`, `height`
    and `rooms`, a room number per cell numbered in order of first appearance) to inherit."""

    rooms: Rows

    @cached_property
    def count(self) -> int:
        return 1 + max(k for row in self.rooms for k in row)

    def room(self, cell: Cell) -> int:
        return self.rooms[cell[0]][cell[1]]

    @cached_property
    def room_cells(self) -> tuple[tuple[Cell, ...], ...]:
        """Each room's cells in reading order."""
        out: list[list[Cell]] = [[] for _ in range(self.count)]
        for r, row in enumerate(self.rooms):
            for c, k in enumerate(row):
                out[k].append((r, c))
        return tuple(tuple(cells) for cells in out)

    @cached_property
    def tops(self) -> tuple[Cell, ...]:
        """Each room's first cell in reading order: where its number is printed (its clue's key)."""
        return tuple(cells[0] for cells in self.room_cells)

    def room_of_top(self, cell: Any) -> int | None:
        """The room whose first cell `cell` is, or None."""
        if not (isinstance(cell, tuple) and len(cell) == 2
                and all(isinstance(i, int) and not isinstance(i, bool) for i in cell) and self.inside(*cell)):
            return None
        k = self.room(cell)
        return k if self.tops[k] == cell else None


def refuse_cut(names: Sequence[Sequence[Any]], regions: Sequence[Sequence[int]], where: Places | None = None,
               noun: str = "region") -> None:
    """Refuse a region in two pieces, naming it as the input did (`names`) and where its
    cut-off cell stands (`where`, when known)."""
    cut = cut_off(regions)
    if cut is not None:
        r, c = cut
        at = where[r][c] if where else (None, None)
        raise PuzzleError(f"{noun} {quote(names[r][c])} is in two pieces (r{r + 1}c{c + 1} is cut off); "
                          f"a {noun} is one connected set of cells", *at)


def region_board(make: Callable[[int, int, Rows], Board], size: BoardLimit, puzzle: str,
                 rows: Sequence[Sequence[Any]], where: Places | None = None, noun: str = "region") -> Board:
    """A puzzle's params (`make(width, height, regions)`) from rows of region names, after the
    board's size check and the check that every region is one connected set of cells (`where`
    gives each cell's line and column for the errors)."""
    height, width = len(rows), len(rows[0]) if rows else 0
    line = where[0][0][0] if where and where[0] else None
    with at_place(line):
        size.check(puzzle, width, height)
    regions = renumbered(rows)
    refuse_cut(rows, regions, where, noun)
    with at_place(line):
        return make(width, height, regions)


def fill_in_order(board: Filling[Piece], cells: Sequence[Cell], options: Callable[[Cell], Iterable[tuple[Piece, Item]]],
                  budget: int) -> list[Item] | None:
    """A division by backtracking: the first free cell of `cells` takes each of `options(cell)`
    in turn (a piece and what to keep of it), while the board `still_divisible` after it, until
    every cell is taken: the kept items in placing order. None once `budget` pieces were tried
    (Sashigane's L's, Double Choco's regions: a draw that starts over)."""
    chosen: list[Item] = []
    left = [budget]

    def place(k: int) -> bool:
        while k < len(cells) and not board.free(cells[k]):
            k += 1
        if k == len(cells):
            return True
        for piece, item in options(cells[k]):
            left[0] -= 1
            if left[0] < 0:
                return False
            board.mark(piece, True)
            if board.still_divisible(piece):
                chosen.append(item)
                if place(k + 1):
                    return True
                chosen.pop()
            board.mark(piece, False)
            if left[0] < 0:
                return False
        return False

    return chosen if place(0) else None


def rooms_from_walls(right: Sequence[Sequence[bool]], below: Sequence[Sequence[bool]]) -> Rows:
    """The rooms that walls make (`right[r][c]`: a wall right of cell (r, c); `below[r][c]`:
    under it), numbered 0 up in reading order of their first cell."""
    height = len(right)
    width = len(right[0]) + 1 if right and right[0] is not None else len(below[0]) if below else 1
    room = [[-1] * width for _ in range(height)]
    count = 0
    for r0, c0 in product(range(height), range(width)):
        if room[r0][c0] >= 0:
            continue
        room[r0][c0], todo = count, [(r0, c0)]
        while todo:
            r, c = todo.pop()
            for rr, cc, open_ in ((r, c + 1, c + 1 < width and not right[r][c]),
                                  (r, c - 1, c > 0 and not right[r][c - 1]),
                                  (r + 1, c, r + 1 < height and not below[r][c]),
                                  (r - 1, c, r > 0 and not below[r - 1][c])):
                if open_ and room[rr][cc] < 0:
                    room[rr][cc] = count
                    todo.append((rr, cc))
        count += 1
    return tuple(map(tuple, room))


def walls_between(regions: Sequence[Sequence[Any]]) -> tuple[list[list[bool]], list[list[bool]]]:
    """`rooms_from_walls` the other way: a wall right of and under each cell where the region
    changes."""
    return ([[a != b for a, b in zip(row, row[1:])] for row in regions],
            [[a != b for a, b in zip(row, under)] for row, under in zip(regions, regions[1:])])


# ---- drawing and repairing regions (generators) ------------------------------------------------
def grow_blobs(size: int, seeds: Sequence[Cell], rng: random.Random) -> list[list[int]]:
    """A blob number per cell of an n x n board: blob i grows from seed i, one random edge
    cell at a time, so every blob is connected and holds its seed."""
    blob = [[-1] * size for _ in range(size)]
    edge: list[tuple[Cell, int]] = []

    def claim(cell: Cell, i: int) -> None:
        r, c = cell
        blob[r][c] = i
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < size and 0 <= cc < size and blob[rr][cc] < 0:
                edge.append(((rr, cc), i))

    for i, cell in enumerate(seeds):
        claim(cell, i)
    while edge:
        k = rng.randrange(len(edge))
        edge[k], edge[-1] = edge[-1], edge[k]
        (r, c), i = edge.pop()
        if blob[r][c] < 0:
            claim((r, c), i)
    return blob


def merge_blobs(blob: list[list[int]], count: int, per_region: int, rng: random.Random) -> list[list[int]] | None:
    """Blobs of one seed each joined into regions of `per_region` seeds each (neighbouring
    blobs only, so regions stay connected; the blob with the fewest partners first), or None
    when the greedy merge gets stuck."""
    size = len(blob)
    parent = list(range(count))
    held = [1] * count

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    touching = {(min(a, b), max(a, b)) for r in range(size) for c in range(size)
                for a, b in ((blob[r][c], blob[r][c + 1] if c + 1 < size else -1),
                             (blob[r][c], blob[r + 1][c] if r + 1 < size else -1)) if b >= 0 and a != b}
    while True:
        open_regions = {root(i) for i in range(count) if held[root(i)] < per_region}
        if not open_regions:
            break
        partners: dict[int, set[int]] = {i: set() for i in open_regions}
        for a, b in touching:
            ra, rb = root(a), root(b)
            if ra != rb and ra in partners and rb in partners and held[ra] + held[rb] <= per_region:
                partners[ra].add(rb)
                partners[rb].add(ra)
        fewest = min(len(p) for p in partners.values())
        if fewest == 0:
            return None
        a = rng.choice(sorted(i for i, p in partners.items() if len(p) == fewest))
        b = rng.choice(sorted(partners[a]))
        parent[b] = a
        held[a] += held[b]
    return [[root(i) for i in row] for row in blob]


def ways_out(regions: Sequence[Sequence[int]], solution: Sequence[Sequence[bool]], start: Cell,
             rng: random.Random) -> Iterator[tuple[list[Cell], int]]:
    """(cells, region): the shortest ways from `start` through its own region, over cells
    `solution` leaves empty, to a cell beside another region, nearest first (ties in random
    order), with that region."""
    height, width = len(regions), len(regions[0])
    own = regions[start[0]][start[1]]
    before: dict[Cell, Cell | None] = {start: None}
    queue = [start]
    for cell in queue:
        r, c = cell
        steps = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        rng.shuffle(steps)
        inside = [(rr, cc) for rr, cc in steps if 0 <= rr < height and 0 <= cc < width]
        path = [cell]
        while (back := before[path[-1]]) is not None:
            path.append(back)
        for new in sorted({regions[rr][cc] for rr, cc in inside if regions[rr][cc] != own}):
            yield path, new
        for step in inside:
            if step not in before and regions[step[0]][step[1]] == own and not solution[step[0]][step[1]]:
                before[step] = cell
                queue.append(step)


def hand_over(regions: Sequence[Sequence[int]], solution: Sequence[Sequence[bool]],
              other: Sequence[Sequence[bool]], rng: random.Random) -> Rows | None:
    """Regions that rule `other` out and keep `solution`: a cell `other` shades (a star, a
    shaded cell) and `solution` does not is handed to a neighbouring region, with the cells
    of its own region on the shortest way there (none shaded in `solution`), its region
    staying connected. `other`'s old region loses a shaded cell; every region keeps what
    `solution` gives it. None when no cell can go."""
    cells = [(r, c) for r, row in enumerate(regions) for c in range(len(row))
             if other[r][c] and not solution[r][c]]
    rng.shuffle(cells)
    for start in cells:
        for path, new in ways_out(regions, solution, start, rng):
            moved = [list(row) for row in regions]
            for r, c in path:
                moved[r][c] = new
            if cut_off(moved) is None:
                return renumbered(moved)
    return None


# ---- the text forms of region boards ---------------------------------------------------------------
def cell_name(cell: Cell) -> str:
    """A cell as a text form names it: r1c2 (from 1)."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def region_names(regions: Sequence[Sequence[int]], count: int) -> list[list[str]]:
    """Each cell's region name as a text form writes it: a letter or digit while there are at
    most 62 regions, else the region's number."""
    if count <= len(LETTERS):
        return [[LETTERS[k] for k in row] for row in regions]
    return [[str(k) for k in row] for row in regions]


def region_rows(regions: Sequence[Sequence[int]], count: int) -> list[str]:
    """The regions as a text form's lines: one character a cell, or numbers spaced and
    aligned past 62 regions."""
    names = region_names(regions, count)
    if count <= len(LETTERS):
        return ["".join(row) for row in names]
    width = len(str(count - 1))
    return [" ".join(name.rjust(width) for name in row) for row in names]


def split_numbers_line(lines: list[tuple[int, str]]) -> tuple[int, str] | None:
    """Take a text form's last line off `lines` when it is the `numbers A=2 C=0 ...` line."""
    return lines.pop() if lines and NUMBERS_LINE.match(lines[-1][1]) else None


def read_room_numbers(names: Sequence[Sequence[str]], rooms: Sequence[Sequence[int]], tops: Sequence[Cell],
                      numbered: tuple[int, str], check: Callable[[int, int], None]) -> dict[Cell, int]:
    """A `numbers A=2 C=0 ...` line (numbered): each room's number by its name, keyed by the
    room's first cell (`tops`); `check(room, value)` refuses a value out of range."""
    n, line = numbered
    m = NUMBERS_LINE.match(line)
    rest = m.group(1) if m else ""
    room_of = {name: rooms[r][c] for r, row in enumerate(names) for c, name in enumerate(row)}
    clues: dict[Cell, int] = {}
    for t in line_tokens(" " * (len(line) - len(rest)) + rest, n):
        item = NUMBER_ITEM.fullmatch(t.text)
        if item is None:
            raise PuzzleError(f"bad number {quote(t.text)} (a room's name, '=' and its number, like A=2)",
                              t.line, t.column)
        name, value = item.group(1), int(item.group(2))
        if name not in room_of:
            raise PuzzleError(f"no room is named {quote(name)}", t.line, t.column)
        top = tops[room_of[name]]
        if top in clues:
            raise PuzzleError(f"room {quote(name)} is given two numbers", t.line, t.column)
        with at_place(t.line, t.column):
            check(room_of[name], value)
        clues[top] = value
    return clues


def room_numbers_text(rooms: Sequence[Sequence[int]], count: int, clues: dict[Cell, int]) -> str:
    """Rows of room names and, when a room has a number, the `numbers A=2 ...` line."""
    names = region_names(rooms, count)
    numbers = [f"{names[r][c]}={v}" for (r, c), v in sorted(clues.items())]
    return "\n".join(region_rows(rooms, count) + (["numbers " + " ".join(numbers)] if numbers else []))


def given_lines(clues: dict[Cell, bool]) -> list[str]:
    """The `given` line of marked cells (a star, a shaded cell) and, with `-`, cells given
    without one; no line when nothing is given."""
    given = [("" if marked else "-") + cell_name(cell) for cell, marked in sorted(clues.items())]
    return ["given " + " ".join(given)] if given else []


def read_givens(width: int, height: int, numbered: tuple[int, str], unmarked: str, both: str) -> dict[Cell, bool]:
    """A text form's `given r1c2 -r3c4` line (its number and text): each cell given marked
    (True: a star, shaded) or, after `-`, not (False); refused at its column when it names no
    cell of the board ("or -r1c2 for {unmarked}") or a cell both ways ("given both {both}")."""
    n, line = numbered
    m = GIVEN_LINE.match(line)
    rest = m.group(1) if m else ""
    clues: dict[Cell, bool] = {}
    for t in line_tokens(" " * (len(line) - len(rest)) + rest, n):
        mark = not t.text.startswith("-")
        cm = CELL_NAME.fullmatch(t.text.lstrip("-"))
        if cm is None:
            raise PuzzleError(f"bad given {quote(t.text)} (a cell like r1c2, or -r1c2 for {unmarked})",
                              t.line, t.column)
        r, c = int(cm.group(1)) - 1, int(cm.group(2)) - 1
        if not (0 <= r < height and 0 <= c < width):
            raise PuzzleError(f"given {quote(t.text)} is off the {width}x{height} board", t.line, t.column)
        if clues.get((r, c), mark) != mark:
            raise PuzzleError(f"r{r + 1}c{c + 1} is given both {both}", t.line, t.column)
        clues[(r, c)] = mark
    return clues


def region_text_rows(lines: list[tuple[int, str]], limit: Any, before: int | None = None, noun: str = "region"
                     ) -> tuple[list[list[str]], list[list[tuple[int | None, int | None]]]]:
    """A text form's rows of region names (numbered lines): one character a cell, or, when a
    row has spaces, words separated by spaces; each name's (line, column) beside it. Refused
    in one line: no rows (at `before`, the line above them), a board over `limit` (a size
    check of lab.textgrid) before any cell is read, a bad name, a row of another length."""
    if not lines:
        raise PuzzleError(f"no rows of {noun}s", before)
    spaced = any(len(line.split()) > 1 for _, line in lines)
    refuse_oversized(lines, limit, cells=not spaced)
    rows = [line_tokens(line, n) if spaced else line_chars(line.strip(), n) for n, line in lines]
    if not spaced:  # columns as the user counts them: after the line's leading spaces
        rows = [[Token(t.text, t.line, (t.column or 0) + len(line) - len(line.lstrip())) for t in row]
                for row, (_, line) in zip(rows, lines)]
    for row in rows:
        for t in row:
            if not NAME.fullmatch(t.text):
                raise PuzzleError(f"bad {noun} name {quote(t.text)} (letters, digits and _, "
                                  "up to 16 when the names are spaced)", t.line, t.column)
    for row, (n, _) in zip(rows, lines):
        if len(row) != len(rows[0]):
            raise PuzzleError(f"row has {len(row)} cells, expected {len(rows[0])}", n)
    return [[t.text for t in row] for row in rows], [[(t.line, t.column) for t in row] for row in rows]


def json_region_names(doc: Any, limit: Any, key: str = "regions", noun: str = "region") -> list[list[str]]:
    """A JSON document's `regions` (or `key`): rows of names (strings of one-character names,
    or lists of names or numbers), each checked, as strings."""
    names = []
    for r, row in enumerate(doc.board(key, limit)):
        out = []
        for v in row:
            if isinstance(v, bool) or not isinstance(v, (int, str)) or not NAME.fullmatch(str(v)):
                raise doc.error(key, f"row {r + 1} has {json_shown(v)}: a {noun} is a name or a number")
            out.append(str(v))
        names.append(out)
    return names


def json_room_numbers(doc: Any, width: int, height: int, rooms: Sequence[Sequence[int]], tops: Sequence[Cell],
                      check: Callable[[int, int], None]) -> dict[Cell, int]:
    """A JSON document's `numbers`: [row, column, number] triples (from 1), the cell any of its
    room's; each keyed by its room's first cell (`tops`), `check(room, value)` refusing a value
    out of range."""
    clues: dict[Cell, int] = {}
    for item in doc.array("numbers", [], what="[row, column, number] triples"):
        if not (isinstance(item, list) and len(item) == 3
                and all(isinstance(i, int) and not isinstance(i, bool) for i in item)):
            raise doc.error("numbers", f"has {json.dumps(item)}: a number is [row, column, number], from 1")
        r, c = item[0] - 1, item[1] - 1
        if not (0 <= r < height and 0 <= c < width):
            raise doc.error("numbers", f"has {json.dumps(item)}: off the {width}x{height} board")
        room = rooms[r][c]
        if tops[room] in clues:
            raise doc.error("numbers", f"has {json.dumps(item)}: its room has a number already")
        try:
            check(room, item[2])
        except PuzzleError as e:
            raise doc.error("numbers", f"has {json.dumps(item)}: {e.message}") from None
        clues[tops[room]] = item[2]
    return clues


def json_givens(doc: Any, width: int, height: int, mark: str) -> dict[Cell, bool]:
    """A JSON document's `given`: [row, column, `mark`] triples (from 1; `mark` true or false)."""
    clues: dict[Cell, bool] = {}
    for item in doc.array("given", [], what=f"[row, column, {mark}] triples"):
        if not (isinstance(item, list) and len(item) == 3 and all(isinstance(i, int) and not isinstance(i, bool)
                                                                  for i in item[:2])
                and isinstance(item[2], bool)):
            raise doc.error("given", f"has {json.dumps(item)}: a given is [row, column, true or false], from 1")
        r, c = item[0] - 1, item[1] - 1
        if not (0 <= r < height and 0 <= c < width):
            raise doc.error("given", f"has {json.dumps(item)}: off the {width}x{height} board")
        clues[(r, c)] = item[2]
    return clues


def json_region_fields(width: int, height: int, regions: Sequence[Sequence[int]], clues: dict[Cell, bool],
                       **after_size: Any) -> dict[str, Any]:
    """`json_region_names` and `json_givens` the other way (`after_size`: a genre's own fields,
    written between the size and the regions)."""
    return {"width": width, "height": height, **after_size, "regions": [list(row) for row in regions],
            "given": [[r + 1, c + 1, marked] for (r, c), marked in sorted(clues.items())]}
