"""Undead (Haunted Mirror Maze, Spukschloss): text forms, rules, decoding, verification.

Rules: some cells of a width x height grid hold diagonal mirrors, '/' or '\\' (the
structure, `params`, together with how many ghosts, vampires and zombies there are). Put
one monster in every other cell so that
(1) the grid holds the given numbers of ghosts (G), vampires (V) and zombies (Z),
(2) each number on the edge counts the monsters seen along the line of sight that enters
    the grid there and bounces off the mirrors until it leaves: a vampire is seen only
    directly (before the first mirror), a ghost only in a mirror (after one), a zombie
    always; a cell the line crosses twice counts twice (undead.c, check_solution).
The clues are the edge numbers (Tatham gives them all; a stripped puzzle may leave some
out) and, as Tatham's game IDs allow, monsters given in their cells.
Three variables per monster cell (one-hot). A line of sight is fixed by the mirrors: a list
of (cell, after a mirror?) visits, and a visit is seen exactly when the cell is not a
vampire (after a mirror) or not a ghost (before one), so each visit is one literal and an
edge number is the exact-count literal of a unary counter over them (`exact_counts`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from pysat.card import EncType
from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    Clause,
    CluePuzzle,
    CpModel,
    Exactly,
    GradingHints,
    Instance,
    PuzzleError,
    Rules,
    Speed,
    at_place,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import read_framed, share_equal
from ..lab.toolkit.counting import cardinality, exact_counts
from ..lab.toolkit.framed import BLANK_NUMBERS, board_with_sides, clue_number, edge_codecs, ring, tatham_least
from ..lab.toolkit.symmetry import board_symmetries
from ..lab.toolkit.tatham import GameId, tatham_cells, tatham_encode, tatham_size
from ..lab.toolkit.textgrid import (
    JsonObject,
    Token,
    array_rows,
    count_cells,
    json_shown,
    line_tokens,
    literal_at,
    numbered_lines,
    position,
    write_array,
)

Cell = tuple[int, int]
Grid = tuple[tuple[str, ...], ...]  # per cell "G", "V", "Z", or the mirror "/" or "\\"
Key = tuple  # ("top"|"bottom", column) or ("left"|"right", row) for a count, ("cell", r, c) for a monster
Visit = tuple[int, int, bool]  # a monster cell on a line of sight, and whether a mirror came before it
# Size limit: a 14x14 board checks in about 0.5 s and generates in about 2 s; at 20x20 a check
# took 16 s and generating one puzzle nearly 3 minutes (measured 2026-11-24). Tatham's game
# stops at 54 cells (7x7).
SIZE = BoardLimit(14, 14, 1, 1)
EARLY = SIZE.early("undead")  # the readers' size check, before any cell is read
TATHAM_LEAST, TATHAM_AREA = 3, 54  # undead.c validate_params: each side at least 3, w <= 54 / h
MONSTERS = ("G", "V", "Z")
MIRRORS = ("/", "\\")
NAMES = {"G": "ghost", "V": "vampire", "Z": "zombie", "/": "mirror /", "\\": "mirror \\"}
SIDES = ("top", "right", "bottom", "left")  # Tatham's clockwise order of the edge numbers
UNKNOWN = "?"  # an edge number left out
ARRAY_SIDES = {"t": "top", "b": "bottom", "r": "right", "l": "left"}  # the seed's vectors
ARRAY_CELLS = {"": ".", "//": "/", "/": "/", "\\": "\\", "\\\\": "\\", "GH": "G", "VA": "V", "ZO": "Z",
               "G": "G", "V": "V", "Z": "Z"}
ARRAY_WRITE = {".": "  ", "/": "//", "\\": "\\", "G": "GH", "V": "VA", "Z": "ZO"}
TATHAM_CELLS = {"L": "\\", "R": "/", "G": "G", "V": "V", "Z": "Z"}  # undead.c: CELL_MIRROR_L is '\'
TATHAM_WRITE = {"\\": "L", "/": "R", "G": "G", "V": "V", "Z": "Z", ".": "."}
SWAP = {"/": "\\", "\\": "/"}  # a quarter turn or a left-right mirror swaps the mirrors
# A monster or mirror in an answer: its letter, its name, the seed's spelling; a mirror doubled.
ANSWER_CELLS = {**{m: m for m in MONSTERS + MIRRORS}, **{NAMES[m].upper(): m for m in MONSTERS},
                "GH": "G", "VA": "V", "ZO": "Z", "//": "/", "\\\\": "\\"}
COUNTS_RE = re.compile(r"(GHOST|VAMPIRE|ZOMBIE)\W*\s*:\s*(-?\d+)", re.IGNORECASE)


@dataclass(frozen=True)
class UndeadParams:
    """A width x height board: rows of '.' (a monster cell), '/' and '\\' (mirrors), and the
    totals of ghosts, vampires and zombies, which fill the monster cells exactly."""

    width: int
    height: int
    mirrors: tuple[str, ...]
    totals: tuple[int, int, int]

    def __post_init__(self) -> None:
        SIZE.check("undead", self.width, self.height)
        if len(self.mirrors) != self.height or any(len(row) != self.width for row in self.mirrors):
            raise PuzzleError(f"undead layout is not {self.width}x{self.height}")
        if any(ch not in ".\\/" for row in self.mirrors for ch in row):
            raise PuzzleError("undead layout: cells are '.', '/' or '\\'")
        if len(self.totals) != 3 or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in self.totals):
            raise PuzzleError("undead totals: three numbers of ghosts, vampires and zombies")
        if sum(self.totals) != len(self.cells()):
            raise PuzzleError(f"the totals of monsters ({' + '.join(map(str, self.totals))} = {sum(self.totals)}) "
                              f"do not fill the {len(self.cells())} cells without a mirror")

    def cells(self) -> list[Cell]:
        """The monster cells in reading order."""
        return [(r, c) for r, row in enumerate(self.mirrors) for c, ch in enumerate(row) if ch == "."]

    def count_keys(self) -> list[Key]:
        """Every edge number, in Tatham's clockwise order from the top-left corner."""
        return list(_order(self.width, self.height))

    def size_of(self, side: str) -> int:
        return self.width if side in ("top", "bottom") else self.height


def entry(height: int, width: int, key: Key) -> tuple[int, int, int, int]:
    """Where the line of sight of edge number `key` starts (just off a height x width
    board) and its direction: (row, column, row step, column step)."""
    side, i = key
    return {"top": (-1, i, 1, 0), "bottom": (height, i, -1, 0),
            "left": (i, -1, 0, 1), "right": (i, width, 0, -1)}[side]


def reflect(mirror: str, dr: int, dc: int) -> tuple[int, int]:
    """The new direction after `mirror`: '\\' turns down into right, '/' down into left."""
    return (dc, dr) if mirror == "\\" else (-dc, -dr)


def walk(params: UndeadParams, key: Key) -> tuple[list[Visit], Key]:
    """The monster cells the line of sight from `key` crosses, in order, each with whether
    a mirror came before it, and the edge where it leaves (the structure alone: the SAT and
    CP-SAT models count over it)."""
    visits, exit_key = _walk(params.mirrors, key)
    return list(visits), exit_key


@lru_cache(maxsize=4096)
def _walk(mirrors: tuple[str, ...], key: Key) -> tuple[tuple[Visit, ...], Key]:
    """`walk` on the layout alone, kept: a generator's try asks for each line three times
    (the draw's length check, the rules, Tatham's grade)."""
    height, width = len(mirrors), len(mirrors[0])
    r, c, dr, dc = entry(height, width, key)
    visits: list[Visit] = []
    bounced = False
    while True:
        r, c = r + dr, c + dc
        if r in (-1, height):
            return tuple(visits), ("top" if r < 0 else "bottom", c)
        if c in (-1, width):
            return tuple(visits), ("left" if c < 0 else "right", r)
        ch = mirrors[r][c]
        if ch == ".":
            visits.append((r, c, bounced))
        else:
            dr, dc = reflect(ch, dr, dc)
            bounced = True


def sight_line(params: UndeadParams, key: Key) -> list[Visit]:
    """The visits of the line of sight from `key` (see `walk`)."""
    return walk(params, key)[0]


def seen_count(grid: Sequence[Sequence[str]], key: Key) -> int:
    """How many monsters the number at `key` sees in a filled grid: the beam walked afresh
    over the grid's own cells, not over `sight_line` (so `verify` stays independent)."""
    height, width = len(grid), len(grid[0])
    side, i = key
    r, c, dr, dc = {"top": (-1, i, 1, 0), "bottom": (height, i, -1, 0),
                    "left": (i, -1, 0, 1), "right": (i, width, 0, -1)}[side]
    seen, mirrored = 0, False
    for _ in range(4 * width * height + 4):  # a beam from the edge leaves: it cannot loop
        r, c = r + dr, c + dc
        if not (0 <= r < height and 0 <= c < width):
            break
        ch = grid[r][c]
        if ch == "\\":
            dr, dc, mirrored = dc, dr, True
        elif ch == "/":
            dr, dc, mirrored = -dc, -dr, True
        elif ch == "Z" or (ch == "G" and mirrored) or (ch == "V" and not mirrored):
            seen += 1
    return seen


def counts_of(params: UndeadParams, grid: Grid) -> dict[Key, int]:
    """Every edge number of a filled grid."""
    return {key: seen_count(grid, key) for key in params.count_keys()}


def key_name(key: Key) -> str:
    """"top 3", "left 1", "r2c3" (1-based) for messages."""
    if key[0] == "cell":
        return f"r{key[1] + 1}c{key[2] + 1}"
    return f"{key[0]} {key[1] + 1}"


@dataclass
class UndeadVars:
    monster: dict[Cell, tuple[int, int, int]]  # the G, V, Z variables of each monster cell
    eq: dict[Key, list[int]]  # eq[key][n]: the line of sight sees n monsters
    false: int


def seen_on(params: UndeadParams, monster: dict, key: Key) -> list[int]:
    """The literals an edge number counts, one per visit of its line of sight: "not a
    vampire" after a mirror, "not a ghost" before one (a cell visited twice is there twice)."""
    return [-monster[(r, c)][1] if bounced else -monster[(r, c)][0] for r, c, bounced in sight_line(params, key)]


def check_edge(params: UndeadParams, key: Any, value: Any) -> None:
    """Refuse an edge number for no edge of the board, or one that is not a count."""
    if key not in _order(params.width, params.height):
        raise PuzzleError(f"clue {key} is not an edge of the {params.width}x{params.height} board")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PuzzleError(f"edge number {quote(value)} for {key_name(key)} is not a count")


class Undead(CluePuzzle[UndeadParams, Key, Grid]):
    name = "undead"
    # cacheable: every clue is a literal made in `rules`
    # propagation: 60% of generated 4x4 boards grade 0: the try pays
    speed = Speed(rules_cacheable=True)
    grading = GradingHints(mostly_propagation=True, keys=("human_tatham", "human_passes", "human_open"))
    aliases = ("haunted-mirror-maze", "spukschloss")
    title = "Undead (Haunted Mirror Maze)"
    rules_text = ("Put a ghost, vampire or zombie in every cell without a mirror: the totals as given, and each "
                  "edge number counts the monsters its line of sight meets (vampires only before a mirror, "
                  "ghosts only after one, zombies always).")
    tatham_game = "undead"
    codecs = edge_codecs(grid_solution=True)
    cell_names = NAMES
    size = SIZE
    example = ("G: 3 V: 2 Z: 3\n"
               "  3 1 ? 2\n"
               "2 . . . / 2\n"
               "? . / . . ?\n"
               "? . \\ \\ / 2\n"
               "? / . \\ / ?\n"
               "  ? 1 ? ?")

    # ---- text forms -----------------------------------------------------------------
    @staticmethod
    def _total(text: str, what: str, line: int | None, column: int | None) -> int:
        if not (text.isdecimal() and text.isascii()):
            raise PuzzleError(f"bad number of {what} {quote(text)}", line, column)
        return int(text)

    def _instance(self, rows: list[list[Token]], totals: tuple[int, int, int], counts: dict[Key, Token],
                  line: int | None = None) -> Instance:
        """Rows of cell tokens ('.', '/', '\\', or a given G, V, Z), the totals, and the edge
        numbers as tokens ('?' unknown), each with where it stands."""
        if not rows or not rows[0]:
            raise PuzzleError("undead board has no cells", line)
        width = len(rows[0])
        SIZE.check(self.name, width, len(rows), line=line)
        layout, givens = [], {}
        for r, row in enumerate(rows):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells, expected {width}", row[0].line if row else line)
            chars = []
            for c, t in enumerate(row):
                if t.text in ("/", "\\", "."):
                    chars.append(t.text)
                elif t.text.upper() in MONSTERS:
                    chars.append(".")
                    givens[("cell", r, c)] = t.text.upper()
                else:
                    raise PuzzleError(f"bad cell {quote(t.text)} (. a monster to find, / or \\ a mirror, "
                                      "G V Z a given monster)", t.line, t.column)
            layout.append("".join(chars))
        with at_place(line):
            params = UndeadParams(width, len(rows), tuple(layout), totals)
        clues: dict[Key, Any] = {}
        for key in params.count_keys():
            t = counts[key]
            value = clue_number(t.text, "edge number", t.line, t.column, (*BLANK_NUMBERS, "null"))
            if value is not None:
                clues[key] = value
        clues.update(givens)
        return Instance(self.name, params, clues)

    def _totals(self, tokens: list[Token], lineno: int) -> tuple[int, int, int]:
        """`G: 5 V: 12 Z: 11` (Tatham's text; the colons may be left out)."""
        words = [Token(t.text.rstrip(":"), t.line, t.column) for t in tokens if t.text != ":"]
        found: dict[str, int] = {}
        for name, number in zip(words[::2], words[1::2]):
            letter = name.text.upper()[:1]
            if letter not in MONSTERS or name.text.upper() not in (letter, NAMES[letter].upper(),
                                                                   NAMES[letter].upper() + "S"):
                raise PuzzleError(f"expected G, V or Z before a number, found {quote(name.text)}", name.line,
                                  name.column)
            found[letter] = self._total(number.text, NAMES[letter] + "s", number.line, number.column)
        if len(words) != 6 or set(found) != set(MONSTERS):
            raise PuzzleError("the first line gives the totals, like 'G: 5 V: 12 Z: 11'", lineno)
        return found["G"], found["V"], found["Z"]

    def read_text(self, text: str) -> Instance:
        """`G: n V: n Z: n`, a line of the top numbers, each row as its left number, its
        cells and its right number, then a line of the bottom numbers ('?' for none)."""
        lines = numbered_lines(text)
        if len(lines) < 4:
            raise PuzzleError("expected the totals line, the top numbers, rows (left number, cells, right number) "
                              "and the bottom numbers", lines[0][0] if lines else None)
        EARLY(count_cells(lines[1][1], chars=False), len(lines) - 3, lines[1][0])  # top numbers, rows
        totals = self._totals(line_tokens(lines[0][1], lines[0][0]), lines[0][0])
        top = line_tokens(lines[1][1], lines[1][0])
        bottom = line_tokens(lines[-1][1], lines[-1][0])
        width = len(top)
        if len(bottom) != width:
            raise PuzzleError(f"{len(bottom)} bottom numbers, expected {width} as on top", lines[-1][0])
        rows, counts = [], {}
        for r, (n, line) in enumerate(lines[2:-1]):
            tokens = line_tokens(line, n)
            if len(tokens) != width + 2:
                raise PuzzleError(f"a row is its left number, {width} cells and its right number: found "
                                  f"{len(tokens)} words", n)
            counts[("left", r)], counts[("right", r)] = tokens[0], tokens[-1]
            rows.append(tokens[1:-1])
        for c in range(width):
            counts[("top", c)], counts[("bottom", c)] = top[c], bottom[c]
        return self._instance(rows, totals, counts, lines[1][0])

    def read_array(self, text: str) -> Instance:
        """Seed 000's form: `board = np.array([...])` of '  ', '//', '\\' (and 'GH', 'VA',
        'ZO' for given monsters), the vectors `t`, `b` (left to right), `r`, `l` (top to
        bottom) with None or -1 for a number left out, and `counts = {Monster.GHOST: 5, ...}`."""
        board_text = text
        found = {m.group(1): m for m in re.finditer(r"(?m)^\s*(\w+)\s*=", text)}
        vectors: dict[str, tuple[list, tuple[int, int]]] = {}
        for name in ARRAY_SIDES:
            m = found.get(name)
            if m is None:
                raise PuzzleError(f"the array form needs '{name} = np.array([...])' (the {ARRAY_SIDES[name]} numbers)")
            start, end = text.find("[", m.end()), text.find("]", m.end())
            if start < 0 or end < start:
                raise PuzzleError(f"'{name}' needs a list of numbers", *position(text, m.start()))
            values = literal_at(text, start, end, name)
            if not isinstance(values, list):
                raise PuzzleError(f"'{name}' needs a list of numbers", *position(text, start))
            vectors[name] = (values, position(text, start))
            board_text = board_text[:m.start()] + re.sub(r"[^\n]", " ", board_text[m.start():end + 1]) \
                + board_text[end + 1:]
        totals = self._array_totals(text)
        rows = array_rows(board_text, EARLY)
        if not rows or not len(rows[0]):
            raise PuzzleError("empty array")
        cells = []
        for row in rows:
            out = []
            for e in row:
                value = e.value.strip() if isinstance(e.value, str) else None
                if value not in ARRAY_CELLS:
                    raise PuzzleError(f"bad cell {quote(e.value)} ('  ', '//', '\\\\', or GH VA ZO)", e.line, e.column)
                out.append(Token(ARRAY_CELLS[value], e.line, e.column))
            cells.append(out)
        width, height = len(cells[0]), len(cells)
        counts: dict[Key, Token] = {}
        for name, side in ARRAY_SIDES.items():
            values, at = vectors[name]
            n = width if side in ("top", "bottom") else height
            if len(values) != n:
                raise PuzzleError(f"'{name}' has {len(values)} numbers, expected {n}", *at)
            for i, v in enumerate(values):
                if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
                    raise PuzzleError(f"bad number {quote(v)} in '{name}'", *at)
                counts[(side, i)] = Token(UNKNOWN if v is None or v == -1 else str(v), *at)
        return self._instance(cells, totals, counts, rows[0].line)

    def _array_totals(self, text: str) -> tuple[int, int, int]:
        found = {}
        for m in COUNTS_RE.finditer(text):
            found[m.group(1).upper()[0]] = self._total(m.group(2), NAMES[m.group(1).upper()[0]] + "s",
                                                       *position(text, m.start(2)))
        if set(found) != set(MONSTERS):
            raise PuzzleError("the array form needs the totals: counts = {Monster.GHOST: 5, Monster.VAMPIRE: 12, "
                              "Monster.ZOMBIE: 11}")
        return found["G"], found["V"], found["Z"]

    def from_tatham(self, game: GameId) -> Instance:
        """`WxH[dX]:G,V,Z,GRID,n,n,...` (undead.c, new_game): the totals, the grid ('L' a
        '\\' mirror, 'R' a '/' one, 'G' 'V' 'Z' given monsters, 'a'..'z' runs of 1..26 monster
        cells), then 2(w + h) edge numbers clockwise from the top-left corner."""
        width, height = tatham_size(game.head, r"(?:d[ent])?", f"bad Undead parameters {quote(game.head)} "
                                    "(expected like 4x4 or 5x5dt)", game.line, game.column, EARLY)
        SIZE.check(self.name, width, height, line=game.line)
        self._tatham_fits(width, height, game.line, game.column)
        parts = game.desc.split(",")
        if len(parts) < 4:
            raise PuzzleError("expected the three totals, the grid and the edge numbers, separated by commas",
                              *game.at(len(game.desc)))
        offsets = [0]
        for part in parts:
            offsets.append(offsets[-1] + len(part) + 1)
        numbers = []
        for i, part in enumerate(parts):
            if i == 3:
                continue
            if part and not (part.isdecimal() and part.isascii()):
                raise PuzzleError(f"bad number {quote(part)}", *game.at(offsets[i]))
            numbers.append(Token(part or "0", *game.at(offsets[i])))  # Tatham reads an empty number as 0
        ghosts, vampires, zombies = (self._total(t.text, NAMES[m] + "s", t.line, t.column)
                                     for t, m in zip(numbers, MONSTERS))
        totals = (ghosts, vampires, zombies)
        grid = GameId(game.head, parts[3], game.line, game.column, game.desc_column + offsets[3])
        cells = tatham_cells(grid, width * height, TATHAM_CELLS, ".")
        edges = numbers[3:]
        if len(edges) != 2 * (width + height):
            raise PuzzleError(f"{len(edges)} edge numbers after the grid, expected {2 * (width + height)}",
                              *game.at(len(game.desc)))
        rows = [[Token(str(cells[r * width + c]), grid.line, grid.desc_column) for c in range(width)]
                for r in range(height)]
        return self._instance(rows, totals, dict(zip(_order(width, height), edges)), game.line)

    @staticmethod
    def _tatham_fits(width: int, height: int, line: int | None = None, column: int | None = None) -> None:
        tatham_least("Undead", TATHAM_LEAST, width, height, line, column)
        if width > TATHAM_AREA // height:
            raise PuzzleError(f"Tatham's Undead takes no board of {width}x{height} (width at most "
                              f"{TATHAM_AREA} / height)", line, column)

    def from_json(self, text: str) -> Instance:
        """`grid`: rows of . / \\ G V Z; `ghosts`, `vampires`, `zombies`: the totals; `top`,
        `right`, `bottom`, `left`: the edge numbers, left to right and top to bottom (null:
        none); `width` and `height`, when given, the grid's."""
        doc = JsonObject(text, self.name, ("width", "height", "ghosts", "vampires", "zombies", "grid", *SIDES),
                         self.aliases)
        rows = [[Token(str(ch), None, None) for ch in row] for row in doc.board("grid", EARLY)]
        ghosts, vampires, zombies = (doc.integer(name, low=0) for name in ("ghosts", "vampires", "zombies"))
        counts: dict[Key, Token] = {}
        for side in SIDES:
            n = len(rows[0]) if side in ("top", "bottom") else len(rows)
            for i, v in enumerate(doc.array(side, length=n, what="numbers (null: none)")):
                if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
                    raise doc.error(side, f"has {json_shown(v)}: an edge number is a number from 0, or null")
                counts[(side, i)] = Token(UNKNOWN if v is None else str(v), None, None)
        return self._instance(rows, (ghosts, vampires, zombies), counts)

    def rows(self, inst: Instance, solution: Grid | None = None) -> list[list[str]]:
        """The board's cells: '.', '/', '\\' and given monsters (a solution fills them all)."""
        p = inst.params
        if solution is not None:
            return [list(row) for row in solution]
        return [[inst.clues.get(("cell", r, c), ch) for c, ch in enumerate(row)] for r, row in enumerate(p.mirrors)]

    def numbers(self, inst: Instance, side: str) -> list[int | None]:
        """One side's edge numbers, left to right or top to bottom (None: left out)."""
        return [inst.clues.get((side, i)) for i in range(inst.params.size_of(side))]

    def write_text(self, inst: Instance) -> str:
        return self._text(inst)

    def write_array(self, inst: Instance) -> str:
        g, v, z = inst.params.totals
        board = board_with_sides(([ARRAY_WRITE[ch] for ch in row] for row in self.rows(inst)),
                                 {name: self.numbers(inst, side) for name, side in ARRAY_SIDES.items()})
        return f"{board}\ncounts = {{Monster.GHOST: {g}, Monster.VAMPIRE: {v}, Monster.ZOMBIE: {z}}}"

    def tatham_id(self, inst: Instance) -> str:
        p = inst.params
        g, v, z = p.totals
        self._tatham_fits(p.width, p.height)
        missing = [key_name(k) for k in p.count_keys() if k not in inst.clues]
        if missing:
            raise PuzzleError(f"Tatham's Undead gives every edge number: this board leaves out {len(missing)} "
                              f"({', '.join(missing[:3])}{', ...' if len(missing) > 3 else ''}), so it has no "
                              "game ID")
        grid = tatham_encode((TATHAM_WRITE[ch] for row in self.rows(inst) for ch in row), ".")
        return f"{p.width}x{p.height}:{g},{v},{z},{grid}" + "".join(f",{inst.clues[k]}" for k in p.count_keys())

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p = inst.params
        g, v, z = p.totals
        return {"width": p.width, "height": p.height, "ghosts": g, "vampires": v, "zombies": z,
                "grid": ["".join(row) for row in self.rows(inst)],
                **{side: self.numbers(inst, side) for side in SIDES}}

    def _text(self, inst: Instance, solution: Grid | None = None) -> str:
        def shown(n: int | None) -> str:
            return UNKNOWN if n is None else str(n)

        p = inst.params
        left = [shown(n) for n in self.numbers(inst, "left")]
        right = [shown(n) for n in self.numbers(inst, "right")]
        top = [shown(n) for n in self.numbers(inst, "top")]
        bottom = [shown(n) for n in self.numbers(inst, "bottom")]
        lw = max(map(len, left))
        cw = max(map(len, top + bottom + ["."]))
        g, v, z = p.totals

        def line(cells: Iterable[str]) -> str:
            return " ".join(cell.rjust(cw) for cell in cells)

        out = [f"G: {g} V: {v} Z: {z}", " " * lw + " " + line(top)]
        out += [f"{left[r].rjust(lw)} {line(row)} {right[r]}" for r, row in enumerate(self.rows(inst, solution))]
        out.append(" " * lw + " " + line(bottom))
        return "\n".join(out)

    def write_text_solution(self, inst: Instance, solution: Grid) -> str:
        return "\n".join(" ".join(row) for row in solution)

    def write_array_solution(self, inst: Instance, solution: Grid) -> str:
        return write_array([ARRAY_WRITE[ch] for ch in row] for row in solution)  # the seed's output

    def solution_json(self, inst: Instance, solution: Grid) -> list[str]:
        return ["".join(row) for row in solution]

    # ---- for language models ------------------------------------------------------------
    board_legend = ("the first line gives how many ghosts (G), vampires (V) and zombies (Z) there are; then the "
                    "numbers above the columns, each row as the number left of it, its cells and the number right "
                    "of it, and last the numbers below the columns; `?` is no number, `.` a cell for a monster, "
                    "`/` and `\\` mirrors, G V Z a monster given")
    answer_format = ("the filled grid without the numbers: one row per line, its cells separated by single spaces, "
                     "each `G` (ghost), `V` (vampire) or `Z` (zombie), or the board's mirror `/` or `\\` where "
                     "it has one")

    def read_answer(self, inst: Instance, text: str) -> Grid:
        """The grid of monsters and mirrors; a `.` where the board has a mirror is read as
        that mirror (the monsters are the answer)."""
        p = inst.params

        def cell(token: str) -> str:
            if token.upper() in ANSWER_CELLS:
                return ANSWER_CELLS[token.upper()]
            if token == ".":
                return token
            raise ValueError("not G, V, Z, / or \\")

        grid = read_framed(text, p.height, p.width, cell, "cell")
        return tuple(tuple(mirror if ch == "." and mirror in MIRRORS else ch for ch, mirror in zip(row, layout))
                     for row, layout in zip(grid, p.mirrors))

    def answer_credit(self, inst: Instance, answer: Grid, reference: Grid) -> float:
        """The share of monster cells right (the mirrors are the board's, not the answer's)."""
        cells = inst.params.cells()
        try:
            return sum(answer[r][c] == reference[r][c] for r, c in cells) / len(cells) if cells else 0.0
        except (IndexError, TypeError):
            return share_equal(answer, reference)

    def canonical(self, inst: Instance) -> str:
        """The same text for boards equal up to rotation and reflection (the eight of the
        square, the four that keep a non-square board's shape), the edge numbers and given
        monsters moving with the grid and `/` and `\\` swapping where a mirror image needs it:
        the totals, then the least image of the text form's grid with its numbers around it."""
        p = inst.params
        around = ring(self.rows(inst), {side: self._shown(inst, side) for side in SIDES}, "+")
        forms = []
        for sym in board_symmetries(len(around), len(around[0])):
            swaps = sym.step(-1, 1) not in ((-1, 1), (1, -1))  # `/` runs up and right: the image does not
            forms.append("\n".join(" ".join(SWAP.get(t, t) if swaps else t for t in row) for row in sym.grid(around)))
        g, v, z = p.totals
        return f"G: {g} V: {v} Z: {z}\n" + min(forms)

    def _shown(self, inst: Instance, side: str) -> list[str]:
        return [UNKNOWN if n is None else str(n) for n in self.numbers(inst, side)]

    def describe_clue(self, key: Key, value: Any) -> str:
        return f"{key_name(key)}={value}"

    def clue_json(self, key: Key, value: Any) -> dict:
        if key[0] == "cell":
            return {"row": key[1] + 1, "col": key[2] + 1, "monster": NAMES[value]}
        return {"side": key[0], "index": key[1] + 1, "count": value}

    def show_text(self, inst: Instance) -> str:
        """The totals, then the board in a frame with the edge numbers on all four sides."""
        from ..lab.face.share import NONE, box_grid

        cells = [["·" if ch == "." else ch for ch in row] for row in self.rows(inst)]
        shown = {side: ["" if n is None else str(n) for n in self.numbers(inst, side)] for side in SIDES}
        left = [n or UNKNOWN for n in shown["left"]]
        framed = box_grid(cells, inner=NONE, top=[[n or UNKNOWN] for n in shown["top"]], left=left).splitlines()
        lw = max(map(len, left))
        span = max([1] + [len(t) for row in cells for t in row] + [len(n or UNKNOWN) for n in shown["top"]]) + 2
        body = framed[2:2 + inst.params.height]
        body = [f"{row} {n or UNKNOWN}" for row, n in zip(body, shown["right"])]
        bottom = " " * (lw + 2) + " ".join((n or UNKNOWN).center(span) for n in shown["bottom"])
        g, v, z = inst.params.totals
        return "\n".join([f"ghosts {g}  vampires {v}  zombies {z}", framed[0], framed[1], *body, framed[-1],
                          bottom.rstrip()])

    # ---- pictures -----------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: Grid | None = None) -> None:
        """As Tatham's Undead prints: the totals over the grid, the edge numbers on all four
        sides, mirrors as thick diagonals; monsters as letters (given ones bold), in colour
        in the solution (ghost blue-grey, vampire red, zombie green)."""
        from ..lab.toolkit.draw import Board

        p = inst.params
        board = Board(ax, p.width, p.height)
        colours = {"G": "#5a6e8c", "V": "#b22222", "Z": "#2e7d32"}
        for r, row in enumerate(self.rows(inst, solution)):
            for c, ch in enumerate(row):
                if ch == "\\":
                    board.line([(r - 0.42, c - 0.42), (r + 0.42, c + 0.42)], width=0.08)
                elif ch == "/":
                    board.line([(r + 0.42, c - 0.42), (r - 0.42, c + 0.42)], width=0.08)
                elif ch in MONSTERS:
                    given = ("cell", r, c) in inst.clues
                    board.text(r, c, ch, 0.55, colour="black" if given else colours[ch], bold=given)
        board.grid()
        for side in ("left", "right"):
            board.row_clues([["" if n is None else n] for n in self.numbers(inst, side)], side=side)
        for side in ("top", "bottom"):
            board.column_clues([["" if n is None else n] for n in self.numbers(inst, side)], side=side)
        g, v, z = p.totals
        board.title(f"ghosts {g}   vampires {v}   zombies {z}")

    def human_grade(self, inst: Instance) -> dict:
        """Tatham's own grade (see `tatham_grade`): easy, normal, tricky."""
        return tatham_grade(inst)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: UndeadParams, pool: IDPool) -> Rules:
        return self._rules(params, pool, counters=True)

    def one_shot_rules(self, params: UndeadParams, pool: IDPool) -> Rules:
        """Without counters: the totals as `Rules.exactly` and the edge numbers as
        `clue_counts`, native on the one-shot solver."""
        return self._rules(params, pool, counters=False)

    def _rules(self, params: UndeadParams, pool: IDPool, counters: bool) -> Rules:
        """One-hot G, V, Z per monster cell; the ghosts' and vampires' totals (a sequential
        counter each; the zombies are the rest); per edge number an exact counter over the
        visits of its line of sight, each visit the literal "not a vampire" (after a mirror)
        or "not a ghost" (before one)."""
        cells = params.cells()
        first = variable_block(pool, 3 * len(cells))
        monster = {cell: (first + 3 * i, first + 3 * i + 1, first + 3 * i + 2) for i, cell in enumerate(cells)}
        clauses: list[Clause] = [list(trio) for trio in monster.values()]
        at_most_one = [list(trio) for trio in monster.values()]
        false = pool.id()
        clauses.append([-false])
        totals = [Exactly(tuple(monster[cell][kind] for cell in cells), total)
                  for kind, total in enumerate(params.totals[:2])]  # the zombies are the rest (one a cell)
        for count in totals if counters else ():
            clauses += cardinality("equals", list(count.lits), count.n, pool, EncType.seqcounter)
        eq_of = {}
        for key in params.count_keys() if counters else ():
            seen = seen_on(params, monster, key)
            eq_of[key] = exact_counts(pool, seen, clauses, false, most=len(seen))
        primary = [v for trio in monster.values() for v in trio]
        return Rules(clauses, primary, UndeadVars(monster, eq_of, false), at_most_one,
                     exactly=[] if counters else totals)

    def clue_clauses(self, params: UndeadParams, rules: Rules, key: Key, value: Any) -> list[Clause]:
        data: UndeadVars = rules.data
        if isinstance(key, tuple) and len(key) == 3 and key[0] == "cell":
            cell = (key[1], key[2])
            if cell not in data.monster:
                raise PuzzleError(f"clue {key} is not a monster cell of the {params.width}x{params.height} board")
            if value not in MONSTERS:
                raise PuzzleError(f"given monster {quote(value)} is not G, V or Z")
            return [[data.monster[cell][MONSTERS.index(value)]]]
        check_edge(params, key, value)
        eq = data.eq[key]
        return [[eq[value] if value < len(eq) else data.false]]

    def clue_counts(self, params: UndeadParams, rules: Rules, key: Key, value: Any) -> list[Exactly] | None:
        if isinstance(key, tuple) and len(key) == 3 and key[0] == "cell":
            return None  # a given monster is a fact, not a count
        check_edge(params, key, value)
        return [Exactly(tuple(seen_on(params, rules.data.monster, key)), value)]

    def decode(self, params: UndeadParams, rules: Rules, true_vars) -> Grid:
        monster = rules.data.monster

        def cell(r: int, c: int, ch: str) -> str:
            if ch != ".":
                return ch
            return next((m for m, v in zip(MONSTERS, monster[(r, c)]) if v in true_vars), ".")

        return tuple(tuple(cell(r, c, ch) for c, ch in enumerate(row)) for r, row in enumerate(params.mirrors))

    def solution_literals(self, params: UndeadParams, rules: Rules, solution: Grid) -> list[int]:
        return [v if solution[r][c] == m else -v for (r, c), trio in rules.data.monster.items()
                for m, v in zip(MONSTERS, trio)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """An integer per monster cell (0 ghost, 1 vampire, 2 zombie) with its three indicator
        literals; the totals and edge numbers as linear sums: a visit adds "zombie" plus
        "ghost" after a mirror or "vampire" before one."""
        from ortools.sat.python import cp_model

        p = inst.params
        model = cp_model.CpModel()
        kind, is_ = {}, {}
        for cell in p.cells():
            x = model.new_int_var(0, 2, f"m{cell[0]}_{cell[1]}")
            kind[cell] = x
            for k, m in enumerate(MONSTERS):
                b = model.new_bool_var(f"{m}{cell[0]}_{cell[1]}")
                model.add(x == k).only_enforce_if(b)
                model.add(x != k).only_enforce_if(b.Not())
                is_[(cell, m)] = b
        for m, total in zip(MONSTERS, p.totals):
            model.add(sum(is_[(cell, m)] for cell in p.cells()) == total)
        for key, value in inst.clues.items():
            if key[0] == "cell":
                model.add(kind[(key[1], key[2])] == MONSTERS.index(value))
                continue
            model.add(sum(is_[((r, c), "Z")] + is_[((r, c), "G" if bounced else "V")]
                          for r, c, bounced in sight_line(p, key)) == value)
        variables = list(kind.values())

        def decode(value) -> Grid:
            return tuple(tuple(ch if ch != "." else MONSTERS[value(kind[(r, c)])] for c, ch in enumerate(row))
                         for r, row in enumerate(p.mirrors))

        return CpModel(model, variables, decode)

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: UndeadParams) -> Iterator[Grid]:
        """Every way to put G, V or Z in each monster cell (3^8 = 6,561 on the example)."""
        cells = params.cells()
        if 3 ** len(cells) > 10 ** 6:
            raise PuzzleError(f"a board of {len(cells)} monster cells is too large to enumerate")
        for choice in product(MONSTERS, repeat=len(cells)):
            grid = [list(row) for row in params.mirrors]
            for (r, c), m in zip(cells, choice):
                grid[r][c] = m
            yield tuple(tuple(row) for row in grid)

    def verify(self, inst: Instance, solution: Grid) -> list[str]:
        p = inst.params
        if len(solution) != p.height or any(len(row) != p.width for row in solution):
            return [f"solution is not {p.width}x{p.height}"]
        problems = []
        for r, (row, layout) in enumerate(zip(solution, p.mirrors)):
            for c, (ch, want) in enumerate(zip(row, layout)):
                if want in MIRRORS and ch != want:
                    problems.append(f"r{r + 1}c{c + 1} is {quote(ch)}, the board has the mirror {want} there")
                elif want == "." and ch not in MONSTERS:
                    problems.append(f"r{r + 1}c{c + 1} is {quote(ch)}, not a ghost, vampire or zombie")
        if problems:
            return problems
        for m, total in zip(MONSTERS, p.totals):
            have = sum(row.count(m) for row in solution)
            if have != total:
                problems.append(f"{have} {NAMES[m]}s, the board says {total}")
        for key, value in sorted(inst.clues.items()):
            if key[0] == "cell":
                if solution[key[1]][key[2]] != value:
                    problems.append(f"{key_name(key)} is a {NAMES[solution[key[1]][key[2]]]}, the clue gives a "
                                    f"{NAMES[value]}")
                continue
            seen = seen_count(solution, key)
            if seen != value:
                problems.append(f"{key_name(key)} sees {seen} monsters, its number says {value}")
        return problems


@lru_cache(maxsize=256)
def _order(width: int, height: int) -> tuple[Key, ...]:
    """Tatham's clockwise order of the edge numbers (`UndeadParams.count_keys` without a
    board), kept: every edge clue checked asks for it."""
    return tuple([("top", c) for c in range(width)] + [("right", r) for r in range(height)]
                 + [("bottom", c) for c in reversed(range(width))] + [("left", r) for r in reversed(range(height))])


# ---- Tatham's grade ---------------------------------------------------------------------------
BITS = {"G": 1, "V": 2, "Z": 4}  # undead.c's guess bits; a cell's kinds still possible are their OR
KINDS = (1, 2, 4)
Gain = tuple[int, int, int]  # how often a line's end sees one monster if it is G, V or Z
End = tuple[int, tuple[Gain, ...]]  # an end's number, and its gain per monster of the line
PATH_LIMIT = 20_000  # search steps for one line in one pass: beyond it the grade is "beyond"


@dataclass(frozen=True)
class SightPath:
    """One line of sight as undead.c's solver sees it: its distinct monsters (indices into
    `UndeadParams.cells`), its two ends, and per end and monster how often that monster is
    seen from there if it is a ghost, a vampire or a zombie."""

    monsters: tuple[int, ...]
    ends: tuple[Key, Key]
    gains: tuple[tuple[Gain, ...], ...]


@lru_cache(maxsize=256)
def sight_paths(params: UndeadParams) -> tuple[SightPath, ...]:
    """Every line of sight once, in undead.c's order: clockwise from the top-left corner,
    a line skipped when it is another one backwards, then stably by its number of monsters."""
    index = {cell: i for i, cell in enumerate(params.cells())}
    out, done = [], set()
    for key in params.count_keys():
        if key in done:
            continue
        visits, exit_key = _walk(params.mirrors, key)
        done.add(exit_key)
        monsters = tuple(dict.fromkeys(index[(r, c)] for r, c, _ in visits))
        gains = tuple(_gains(seen, index, monsters) for seen in (visits, _walk(params.mirrors, exit_key)[0]))
        out.append(SightPath(monsters, (key, exit_key), gains))
    return tuple(sorted(out, key=lambda path: len(path.monsters)))


def _gains(visits: Sequence[Visit], index: dict[Cell, int], monsters: tuple[int, ...]) -> tuple[Gain, ...]:
    """Per monster, how often these visits see it as a ghost (after a mirror), a vampire
    (before one) or a zombie (always)."""
    seen = {m: [0, 0, 0] for m in monsters}
    for r, c, bounced in visits:
        gain = seen[index[(r, c)]]
        gain[0 if bounced else 1] += 1
        gain[2] += 1
    return tuple((g, v, z) for g, v, z in seen.values())


def _narrow(path: SightPath, wants: tuple[int | None, ...], poss: list[int], totals: tuple[int, int, int]) -> bool:
    """undead.c's solve_iterative for one line: keep for each of its monsters the kinds that
    some filling of the line allows (the numbers `wants` at its ends, and no total exceeded
    counting the cells already certain). Depth first over the line's monsters (`_line_kinds`);
    False when that takes over PATH_LIMIT steps. A line with no number at either end (a
    stripped puzzle's) only loses the kinds whose total is used up: cheaper than Tatham's
    search, never narrower."""
    here = tuple(poss[m] for m in path.monsters)
    k = len(here)
    # Room per kind: its total less the cells certain of it off this line, held to 0..k (the
    # line holds k monsters) so that searches alike share `_line_kinds`' table entry.
    room = tuple([max(0, min(k, total - poss.count(b) + here.count(b))) for b, total in zip(KINDS, totals)])
    if all(want is None for want in wants):
        spent = sum(b for b, left in zip(KINDS, room) if left == 0)
        for m in path.monsters:
            poss[m] &= ~spent
        return True
    ends = [(want, gain) for want, gain in zip(wants, path.gains) if want is not None]
    if len(ends) == 1:
        ends.append((0, ((0, 0, 0),) * k))  # an end without a number wants nothing and sees nothing
    allowed = _line_kinds(tuple(ends), here, room, PATH_LIMIT)
    if allowed is None:
        return False
    for m, a in zip(path.monsters, allowed):
        poss[m] &= a
    return True


@lru_cache(maxsize=1 << 13)
def _line_kinds(ends: tuple[End, End], here: tuple[int, ...], room: tuple[int, ...], limit: int
                ) -> tuple[int, ...] | None:
    """The kinds (bits) each monster of a line takes in some filling of it that meets both
    ends' numbers and leaves each kind within its room; None after more than `limit` steps
    (calls of `extend`). Kept: the passes repeat most lines unchanged, and boards share
    short lines."""
    k = len(here)
    (want_a, gain_a), (want_b, gain_b) = ends
    least_a, least_b = _least(want_a, gain_a), _least(want_b, gain_b)
    options = [[(kind, b, gain_a[i][kind], gain_b[i][kind]) for kind, b in enumerate(KINDS) if x & b]
               for i, x in enumerate(here)]
    allowed, filling, used, steps = [0] * k, [0] * k, [0, 0, 0], 0

    def extend(i: int, seen_a: int, seen_b: int) -> None:
        nonlocal steps
        steps += 1
        if steps > limit:
            return
        if i == k:
            for j, b in enumerate(filling):
                allowed[j] |= b
            return
        for kind, b, more_a, more_b in options[i]:
            now_a, now_b = seen_a + more_a, seen_b + more_b
            if used[kind] < room[kind] and least_a[i + 1] <= now_a <= want_a and least_b[i + 1] <= now_b <= want_b:
                filling[i] = b
                used[kind] += 1
                extend(i + 1, now_a, now_b)
                used[kind] -= 1

    extend(0, 0, 0)
    return None if steps > limit else tuple(allowed)


def _least(want: int, gain: tuple[Gain, ...]) -> list[int]:
    """least[i]: what an end must have seen after the first i monsters of its line to still
    meet `want`, the rest seen as often as they can be."""
    least = [want]
    for g in reversed(gain):
        least.append(least[-1] - max(g))
    return least[::-1]


def tatham_grade(inst: Instance, unique: bool | None = None) -> dict[str, Any]:
    """Tatham's grade (undead.c, new_game_desc): passes of his line-by-line solver until
    nothing changes; easy when it solves the board in at most 3 passes, normal in more or
    when the rest is unique with fewer than 4 cells left open, tricky with 4 or more open.
    A left-out number constrains nothing. `unique` (asked of the SAT engine when None)
    stands for his brute force over the cells left open."""
    p = inst.params
    cells = p.cells()
    poss = [BITS[inst.clues[("cell", r, c)]] if ("cell", r, c) in inst.clues else 7 for r, c in cells]
    paths = [(path, tuple(inst.clues.get(k) for k in path.ends)) for path in sight_paths(p) if path.monsters]
    passes = 0
    while True:
        before = list(poss)
        for path, wants in paths:
            if not _narrow(path, wants, poss, p.totals):  # too long a search: no grade of his
                return {"tatham": "beyond", "passes": passes, "open": sum(1 for x in poss if x not in (1, 2, 4))}
        passes += 1
        if 0 in poss or all(x in (1, 2, 4) for x in poss) or poss == before:
            break
    open_cells = sum(1 for x in poss if x not in (1, 2, 4))
    if 0 in poss:
        grade = "unsolvable"
    elif open_cells == 0:
        grade = "easy" if passes <= 3 else "normal"
    else:
        if unique is None:
            from ..lab.engine.sat import check_instance

            unique = check_instance(PUZZLE, inst).status == "unique"
        grade = ("normal" if open_cells < 4 else "tricky") if unique else "ambiguous"
    return {"tatham": grade, "passes": passes, "open": open_cells}


PUZZLE = Undead()
