"""Map (four-colouring, Simon Tatham's Map): text forms, rules, decoding, verification.

Rules: a map divides a grid into regions (each a connected set of cells; the structure,
part of `params`). Colour every region with one of four colours (R, Y, G, B, Tatham's
colours 0 to 3) so that regions sharing a length of border differ; regions that meet only
at a corner may match. The clues are the regions given coloured.
A map may also be a bare graph of regions (the seed's `regions = {0: {1, 11}, ...}`): the
rules only need which regions touch; the grid is for drawing and for Tatham's game IDs.
Four variables per region, exactly one true; per touching pair and colour "not both". A
clue is one of those variables, so one SAT session serves every puzzle on a map.
Colours are labelled: a map with no clues has at least 24 solutions (every permutation).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby, product
from typing import Any

from pysat.formula import IDPool

from ..lab.engine.puzzle import (
    BoardLimit,
    Clause,
    CluePuzzle,
    CpModel,
    GradingHints,
    Instance,
    PuzzleError,
    Rules,
    Speed,
    quote,
    variable_block,
)
from ..lab.toolkit.answers import read_grid, read_tokens
from ..lab.toolkit.codecs import BRACKET_NOT_ID, JsonCodec, MethodCodec, TathamCodec
from ..lab.toolkit.paths import find
from ..lab.toolkit.regions import Places, refuse_cut
from ..lab.toolkit.symmetry import board_symmetries, first_seen
from ..lab.toolkit.tatham import GameId, tatham_encode
from ..lab.toolkit.textgrid import (
    JsonObject,
    Token,
    array_rows,
    line_tokens,
    literal_at,
    numbered_lines,
    position,
    refuse_oversized,
    write_array,
)

Cell = tuple[int, int]
Colouring = tuple[int, ...]  # a colour 0..3 per region
Edge = tuple[int, int]
# Size limit: a 60x60 map of 360 regions generates and checks in well under a second; the
# rules grow with the regions and their borders, not the cells.
SIZE = BoardLimit(60, 60, 1, 1)
EARLY = SIZE.early("map")  # the readers' size check, before any cell is read
MAX_REGIONS = 1000  # a bare graph of regions (and a grid map) holds at most this many
COLOURS = "RYGB"  # Tatham's colour 0..3 (map.c's colnames)
TATHAM_LEAST_REGIONS = 5  # Tatham's validate_params: at least five regions, sides at least 2
ENUMERATE_MOST = 8  # `candidates` enumerates 4^n colourings up to this many regions
# Tatham's own colours (map.c's map_colours), for pictures.
PAINT = ((0.7, 0.5, 0.4), (0.8, 0.7, 0.4), (0.5, 0.6, 0.4), (0.55, 0.45, 0.35))
NAME = re.compile(r"[A-Za-z0-9_]{1,16}")  # a region's name in the text form
# A colour in an answer: its letter or its name (not Tatham's digit: the board's cells are region numbers)
# The seed's code, known by its names before anything else (it may have no bracket); else a
# bracket, in what is no JSON document and no game ID
SEED_CODE = rf"(?m)^\s*(?:regions|fixed_colors|board)\s*=|{BRACKET_NOT_ID}"
ANSWER_COLOURS = {**{ch: k for k, ch in enumerate(COLOURS)},
                  **{word: k for k, word in enumerate(("RED", "YELLOW", "GREEN", "BLUE"))}}


def colour_of(text: Any, line: int | None = None, column: int | None = None) -> int:
    """A colour as people write it: R Y G B (either case) or Tatham's digits 0..3."""
    s = str(text).strip()
    if len(s) == 1 and s.upper() in COLOURS:
        return COLOURS.index(s.upper())
    if s in ("0", "1", "2", "3") or (isinstance(text, int) and not isinstance(text, bool) and 0 <= text < 4):
        return int(s)
    raise PuzzleError(f"bad colour {quote(text)} (R, Y, G, B or 0..3)", line, column)


@lru_cache(maxsize=16)
def orthogonal(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Per cell of the flat board (index r * width + c), its orthogonal neighbours: built
    once per size, as every generated map of a size asks for the same."""
    return tuple(tuple(rr * width + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if 0 <= rr < height and 0 <= cc < width)
                 for r in range(height) for c in range(width))


@dataclass(frozen=True)
class MapParams:
    """A map: `n` regions and the pairs that touch (`edges`, i < j, sorted). A grid map also
    has `cells` (a region number per cell, numbered in order of first appearance, row by
    row, as Tatham numbers them); a bare graph has width = height = 0 and no cells.
    Build them with `grid_map` and `graph_map`, which check and normalise."""

    n: int
    edges: tuple[Edge, ...]
    width: int = 0
    height: int = 0
    cells: tuple[tuple[int, ...], ...] = ()

    @property
    def is_grid(self) -> bool:
        return bool(self.cells)

    def region_cells(self) -> list[list[Cell]]:
        out: list[list[Cell]] = [[] for _ in range(self.n)]
        for r, row in enumerate(self.cells):
            for c, k in enumerate(row):
                out[k].append((r, c))
        return out


def grid_edges(cells: Sequence[Sequence[int]]) -> tuple[Edge, ...]:
    """The pairs of regions with orthogonally neighbouring cells."""
    found: set[Edge] = set()
    for first, second in [*zip(cells, cells[1:]), *((row, row[1:]) for row in cells)]:  # below, right
        found.update((a, b) if a < b else (b, a) for a, b in zip(first, second) if a != b)
    return tuple(sorted(found))


def grid_map(rows: Sequence[Sequence[Any]], where: Places | None = None
             ) -> tuple[MapParams, dict[Any, int]]:
    """A grid map from rows of region names (any hashable), and how each name was numbered.
    Every region must be one connected set of cells; `where` gives each cell's (line,
    column) for the error naming a region in two pieces."""
    height, width = len(rows), len(rows[0])
    SIZE.check("map", width, height)
    number: dict[Any, int] = {}
    cells = tuple(tuple(number.setdefault(name, len(number)) for name in row) for row in rows)
    if len(number) > MAX_REGIONS:
        raise PuzzleError(f"map has {len(number)} regions: at most {MAX_REGIONS}")
    refuse_cut(rows, cells, where)
    return MapParams(len(number), grid_edges(cells), width, height, cells), number


def graph_map(n: int, pairs: Iterable[tuple[int, int]]) -> MapParams:
    """A bare graph of `n` regions; `pairs` in any order, either way round, repeats allowed."""
    if n < 1:
        raise PuzzleError("a map needs at least one region")
    if n > MAX_REGIONS:
        raise PuzzleError(f"map has {n} regions: at most {MAX_REGIONS}")
    edges = set()
    for a, b in pairs:
        if a == b:
            raise PuzzleError(f"region {a} is listed as its own neighbour")
        edges.add((min(a, b), max(a, b)))
    return MapParams(n, tuple(sorted(edges)))


# ---- Tatham's game IDs (map.c: new_game_desc, parse_edge_list, validate_desc) ------------
def tatham_edge_cells(width: int, height: int) -> list[tuple[Cell, Cell]]:
    """The cell pairs of every inner edge in his order: the horizontal edges (a cell and the
    one below) row by row, then the vertical ones (a cell and the one right) column by column."""
    out = [((i // width, i % width), (i // width + 1, i % width)) for i in range(width * (height - 1))]
    out += [((i % height, i // height), (i % height, i // height + 1)) for i in range((width - 1) * height)]
    return out


def encode_edges(params: MapParams) -> str:
    """new_game_desc's edge list: runs of edges and non-edges, after a notional non-edge;
    a..y a run of 1..25 then a switch, z 25 and no switch. The edges in his order (see
    `tatham_edge_cells`): below, row by row, then right, column by column."""
    cells, columns = params.cells, list(zip(*params.cells))
    edges = [a != b for upper, lower in zip(cells, cells[1:]) for a, b in zip(upper, lower)]
    edges += [a != b for left, right in zip(columns, columns[1:]) for a, b in zip(left, right)]
    out = []
    for _, run in groupby([False, *edges]):
        more, last = divmod(len(list(run)) - 1, 25)
        out.append("z" * more + chr(ord("a") + last))
    return "".join(out)


def decode_edges(game: GameId, width: int, height: int, desc: str) -> list[list[int]]:
    """parse_edge_list: cells joined across every non-edge; each group of joined cells is a
    region (connected by construction). Region numbers, cell by cell."""
    parent = list(range(width * height))

    pairs = tatham_edge_cells(width, height)
    pos, state = -1, False
    for i, ch in enumerate(desc):
        if not ("a" <= ch <= "z"):
            raise PuzzleError(f"unexpected {quote(ch)} in the edge list", *game.at(i))
        for _ in range(25 if ch == "z" else ord(ch) - ord("a") + 1):
            if pos >= 0:
                if pos >= len(pairs):
                    raise PuzzleError("too much data in the edge list", *game.at(i))
                if not state:
                    (r1, c1), (r2, c2) = pairs[pos]
                    parent[find(parent, r1 * width + c1)] = find(parent, r2 * width + c2)
            pos += 1
        if ch != "z":
            state = not state
    if pos < len(pairs):
        raise PuzzleError(f"too little data in the edge list: {max(pos, 0)} of {len(pairs)} edges",
                          *game.at(len(desc)))
    roots = [find(parent, i) for i in range(width * height)]
    return [roots[r * width:(r + 1) * width] for r in range(height)]


def encode_clues(n: int, clues: dict[int, int]) -> str:
    """new_game_desc's clue list: a digit per given region, a..z a run of 1..26 others (digits as
    text: adjacent ones need no '_' between them)."""
    return tatham_encode((str(clues[k]) if k in clues else None for k in range(n)), None)


def decode_clues(game: GameId, n: int, text: str, offset: int) -> dict[int, int]:
    clues, pos = {}, 0
    for i, ch in enumerate(text):
        if ch in "0123":
            clues[pos] = int(ch)
            pos += 1
        elif "a" <= ch <= "z":
            pos += ord(ch) - ord("a") + 1
        else:
            raise PuzzleError(f"unexpected {quote(ch)} in the clue list", *game.at(offset + i))
        if pos > n:
            raise PuzzleError(f"too much data in the clue list: more than {n} regions", *game.at(offset + i))
    if pos < n:
        raise PuzzleError(f"too little data in the clue list: {pos} of {n} regions", *game.at(offset + len(text)))
    return clues


def matching_brace(text: str, start: int) -> int:
    """The index of the brace closing the one at `start` (strings skipped), or -1."""
    depth, quote_ch = 0, ""
    for i in range(start, len(text)):
        ch = text[i]
        if quote_ch:
            if ch == quote_ch:
                quote_ch = ""
        elif ch in "'\"":
            quote_ch = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i
    return -1


def dict_after(text: str, name: str) -> tuple[Any, int, int] | None:
    """The dict literal after `name =` in the seed's code, with its (line, column); None if
    there is no such assignment."""
    m = re.search(rf"(?m)^\s*{name}\s*=\s*", text)
    if m is None:
        return None
    start = m.end()
    line, column = position(text, start)
    if start >= len(text) or text[start] != "{":
        raise PuzzleError(f"'{name}' must be a dict {{...}}", line, column)
    end = matching_brace(text, start)
    if end < 0:
        raise PuzzleError(f"'{name}': no closing brace", line, column)
    value = literal_at(text, start, end, name)
    if not isinstance(value, dict):
        raise PuzzleError(f"'{name}' must be a dict {{...}}", line, column)
    return value, line, column


def region_number(value: Any, n: int | None, what: str, line: int | None, column: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or (n is not None and value >= n):
        span = "a region number" if n is None else f"a region number 0..{n - 1}"
        raise PuzzleError(f"{what}: {quote(value)} is not {span}", line, column)
    return value


class Map(CluePuzzle[MapParams, int, Colouring]):
    name = "map"
    aliases = ("four-colouring", "fourcolouring", "four-coloring")
    title = "Map (four-colouring)"
    rules_text = "Colour every region with one of four colours so that regions sharing a border differ."
    tatham_game = "map"
    # a game ID holds the givens, not the colouring; the seed's code (`regions = {...}`,
    # `fixed_colors = {...}`) is known by its names before all else, as it may have no brackets
    codecs = (MethodCodec("text", solutions=True),
              TathamCodec(),
              MethodCodec("array", order=-1, pattern=SEED_CODE, solutions=True),
              JsonCodec(solution_key="colours"))
    size_limit_text = f"{SIZE.text} cells, {MAX_REGIONS} regions"
    # cacheable: a clue is a region's colour variable: nothing is drawn later
    speed = Speed(rules_cacheable=True)
    grading = GradingHints(keys=("human_tatham",))
    # Seven regions, three givens (three colours fixed): region 2 touches all six others and
    # takes the fourth colour, G; then regions 1, 6 and 5, in that order, have one colour left.
    example = ("0 0 1 1\n"
               "2 2 2 3\n"
               "4 2 5 3\n"
               "4 6 6 3\n"
               "given 0=R 3=B 4=Y")

    def check_size(self, inst: Instance) -> None:
        p = inst.params
        if p.is_grid:
            SIZE.check(self.name, p.width, p.height)
        if p.n > MAX_REGIONS:
            raise PuzzleError(f"map has {p.n} regions: at most {MAX_REGIONS}")

    # ---- text forms -----------------------------------------------------------------
    @staticmethod
    def _name(t: Token) -> str:
        if not NAME.fullmatch(t.text):
            raise PuzzleError(f"bad region name {quote(t.text)} (up to 16 letters, digits and _)", t.line, t.column)
        return t.text

    def _givens(self, tokens: list[Token], number: dict[str, int]) -> dict[int, int]:
        """`NAME=COLOUR` tokens of a `given` line."""
        clues = {}
        for t in tokens:
            name, eq, colour = t.text.partition("=")
            if not eq:
                raise PuzzleError(f"a given is REGION=COLOUR, not {quote(t.text)}", t.line, t.column)
            if name not in number:
                raise PuzzleError(f"given for region {quote(name)}, which is not on the map", t.line, t.column)
            clues[number[name]] = colour_of(colour, t.line, t.shifted(len(name) + 1))
        return clues

    def read_text(self, text: str) -> Instance:
        """Rows of region names (any letters or digits, one word a cell), or `graph` and a
        line `NAME: NEIGHBOURS` per region; then `given NAME=COLOUR ...` lines."""
        lines = numbered_lines(text, comment="#")
        if not lines:
            raise PuzzleError("empty input")
        is_given = [s.split(None, 1)[0].lower().rstrip(":") == "given" for _, s in lines]
        body = [(n, s) for (n, s), g in zip(lines, is_given) if not g]
        given = [t for (n, s), g in zip(lines, is_given) if g for t in line_tokens(s, n)[1:]]
        if not body:
            raise PuzzleError("no map: rows of region names, or 'graph' and a line per region")
        if body[0][1].strip().lower() == "graph":
            params, number = self._graph_lines(body[1:], body[0][0])
        else:
            refuse_oversized(body, EARLY, cells=False)
            rows = [[t for t in line_tokens(s, n)] for n, s in body]
            width = len(rows[0])
            for row in rows:
                if len(row) != width:
                    raise PuzzleError(f"row has {len(row)} cells, expected {width}", row[0].line)
            SIZE.check(self.name, width, len(rows), line=rows[0][0].line)
            names = [[self._name(t) for t in row] for row in rows]
            params, number = grid_map(names, [[(t.line, t.column) for t in row] for row in rows])
        return Instance(self.name, params, self._givens(given, number))

    def _graph_lines(self, lines: list[tuple[int, str]], at: int) -> tuple[MapParams, dict[str, int]]:
        if not lines:
            raise PuzzleError("'graph' needs a line 'NAME: NEIGHBOURS' per region", at)
        if len(lines) > MAX_REGIONS:
            raise PuzzleError(f"map has {len(lines)} regions: at most {MAX_REGIONS}", lines[0][0])
        number: dict[str, int] = {}
        listed = []
        for n, s in lines:
            head, colon, rest = s.partition(":")
            if not colon:
                raise PuzzleError("a region's line is 'NAME: NEIGHBOURS'", n)
            name = self._name(Token(head.strip(), n, len(head) - len(head.lstrip()) + 1))
            if name in number:
                raise PuzzleError(f"region {quote(name)} has two lines", n)
            number[name] = len(number)
            listed.append([Token(t.text, n, t.shifted(len(head) + 1)) for t in line_tokens(rest, n)])
        pairs = []
        for k, tokens in enumerate(listed):
            for t in tokens:
                if self._name(t) not in number:
                    raise PuzzleError(f"neighbour {quote(t.text)} has no line of its own", t.line, t.column)
                if number[t.text] == k:
                    raise PuzzleError(f"region {quote(t.text)} is listed as its own neighbour", t.line, t.column)
                pairs.append((k, number[t.text]))
        return graph_map(len(number), pairs), number

    def from_tatham(self, game: GameId) -> Instance:
        """`WxHnN[dX]:EDGES,CLUES` (map.c): the edge list says which neighbouring cells are
        parted by a border (see `decode_edges`), the clue list colours regions in order."""
        m = re.fullmatch(r"(\d+)(?:x(\d+))?(?:n(\d+))?(?:d[enhu])?", game.head)
        if not m:
            raise PuzzleError(f"bad Map parameters {quote(game.head)} (expected like 20x15n30 or 20x15n30dn)",
                              game.line, game.column)
        width, height = int(m.group(1)), int(m.group(2) or m.group(1))
        SIZE.check(self.name, width, height, line=game.line)
        if width < 2 or height < 2:
            raise PuzzleError("Tatham's Map is at least 2x2", game.line, game.column)
        edges, comma, clue_text = game.desc.partition(",")
        if not comma:
            raise PuzzleError("a Map description is the edge list, a comma, and the clue list", *game.at(len(edges)))
        cells = decode_edges(game, width, height, edges)
        params, number = grid_map(cells)
        n = int(m.group(3)) if m.group(3) else width * height // 8
        if n != params.n:
            raise PuzzleError(f"the edge list makes {params.n} regions, the parameters say {n}",
                              game.line, game.column)
        clues = decode_clues(game, params.n, clue_text, len(edges) + 1)
        return Instance(self.name, params, clues)

    def read_array(self, text: str) -> Instance:
        """The seed's code: `regions = {0: {1, 11}, ...}` (each region's neighbours; every
        region 0..N-1 a key) and `fixed_colors = {0: 'Y', ...}`; or a grid map as `board =
        [[region numbers], ...]`, and then `regions` may be left out."""
        board_at = re.search(r"(?m)^\s*board\s*=", text)
        found = dict_after(text, "regions")
        fixed = dict_after(text, "fixed_colors")
        if board_at is None:
            if found is None:
                if "[" not in text:
                    raise PuzzleError("the seed's form needs 'regions = {...}' (or a 'board = [[...]]' grid)")
                return self._array_board(text, fixed)
            return self._graph_dict(*found, fixed)
        after = re.compile(r"(?m)^\s*(regions|fixed_colors)\s*=").search(text, board_at.end())
        inst = self._array_board(text[:after.start()] if after else text, fixed)
        if found is not None and graph_map(inst.params.n, self._pairs(*found)).edges != inst.params.edges:
            raise PuzzleError("'regions' does not list the neighbours the board has", found[1], found[2])
        return inst

    def _graph_dict(self, regions: dict, line: int, column: int, fixed: tuple[Any, int, int] | None) -> Instance:
        """The seed's `regions` dict: every region 0..N-1 a key, its neighbours a set."""
        n = len(regions)
        if n > MAX_REGIONS:
            raise PuzzleError(f"map has {n} regions: at most {MAX_REGIONS}", line, column)
        if sorted(k if isinstance(k, int) and not isinstance(k, bool) else -1 for k in regions) != list(range(n)):
            raise PuzzleError(f"'regions' must have every region 0..{n - 1} as a key", line, column)
        params = graph_map(n, self._pairs(regions, line, column))
        return Instance(self.name, params, self._fixed(fixed, n))

    @staticmethod
    def _pairs(regions: dict, line: int, column: int) -> list[Edge]:
        pairs = []
        for k, others in regions.items():
            k = region_number(k, None, "'regions' key", line, column)
            if not isinstance(others, (set, frozenset, list, tuple, dict)):
                raise PuzzleError(f"region {k}'s neighbours must be a set {{...}}", line, column)
            for o in others:
                o = region_number(o, len(regions), f"a neighbour of region {k}", line, column)
                if o == k:
                    raise PuzzleError(f"region {k} is listed as its own neighbour", line, column)
                pairs.append((k, o))
        return pairs

    @staticmethod
    def _fixed(found: tuple[Any, int, int] | None, n: int) -> dict[int, int]:
        if found is None:
            return {}
        fixed, line, column = found
        return {region_number(k, n, "'fixed_colors' key", line, column): colour_of(v, line, column)
                for k, v in fixed.items()}

    def _array_board(self, text: str, fixed: tuple[Any, int, int] | None) -> Instance:
        rows = array_rows(text, EARLY)
        if not rows or not len(rows[0]):
            raise PuzzleError("empty array")
        width = len(rows[0])
        for r, row in enumerate(rows, start=1):
            if len(row) != width:
                raise PuzzleError(f"array row {r} has {len(row)} cells, expected {width}", row.line, row.column)
        SIZE.check(self.name, width, len(rows), line=rows[0].line)
        for row in rows:
            for e in row:
                if isinstance(e.value, bool) or not isinstance(e.value, (int, str)) or \
                        not NAME.fullmatch(str(e.value)):
                    raise PuzzleError(f"bad region {quote(e.value)} (a number or a name)", e.line, e.column)
        params, _ = grid_map([[e.value for e in row] for row in rows], [[(e.line, e.column) for e in row]
                                                                       for row in rows])
        return Instance(self.name, params, self._fixed(fixed, params.n))

    def from_json(self, text: str) -> Instance:
        """{"grid": [[region numbers or names]...], "given": {"0": "R"}} or, for a bare
        graph, {"regions": N, "edges": [[0, 1], ...], "given": ...}."""
        doc = JsonObject(text, self.name, ("width", "height", "grid", "regions", "edges", "given"), self.aliases)
        if ("grid" in doc) == ("edges" in doc) or ("grid" in doc and "regions" in doc):
            raise PuzzleError("map JSON needs a 'grid' (rows of region numbers) or 'regions' and 'edges', "
                              "and may have 'given' {region: colour}")
        if "grid" in doc:
            doc.size(EARLY)
            grid = doc.array("grid", what="rows of region numbers")
            if not grid or not all(isinstance(row, list) and row for row in grid):
                raise doc.error("grid", "must be a non-empty list of rows of region numbers")
            EARLY(max(map(len, grid)), len(grid), doc.where("grid")[0])
            if any(len(row) != len(grid[0]) for row in grid):
                raise doc.error("grid", f"rows must all have {len(grid[0])} cells")
            SIZE.check(self.name, len(grid[0]), len(grid))
            if not all((isinstance(v, int) and not isinstance(v, bool)) or
                       (isinstance(v, str) and NAME.fullmatch(v)) for row in grid for v in row):
                raise doc.error("grid", "cells must be region numbers or names")
            doc.agrees("width", len(grid[0]))
            doc.agrees("height", len(grid))
            params, number = grid_map(grid)
            names = {str(k): v for k, v in number.items()}
        else:
            if "width" in doc or "height" in doc:
                raise doc.error("width" if "width" in doc else "height", "is a grid's: a map of 'regions' and "
                                                                          "'edges' has none")
            n = doc.integer("regions", low=1, high=MAX_REGIONS)
            edges = doc.array("edges", what="[region, region] pairs")
            if not all(isinstance(e, list) and len(e) == 2 for e in edges):
                raise doc.error("edges", "must be a list of [region, region] pairs")
            params = graph_map(n, [(region_number(a, n, "'edges'", None, None), region_number(b, n, "'edges'", None,
                                                                                            None)) for a, b in edges])
            names = {str(k): k for k in range(n)}
        given = doc.mapping("given", {})
        clues = {}
        for k, v in given.items():
            if k not in names:
                raise PuzzleError(f"given for region {quote(k)}, which is not on the map")
            clues[names[k]] = colour_of(v)
        return Instance(self.name, params, clues)

    def _given_line(self, inst: Instance) -> list[str]:
        if not inst.clues:
            return []
        return ["given " + " ".join(f"{k}={COLOURS[v]}" for k, v in sorted(inst.clues.items()))]

    def grid_rows(self, params: MapParams) -> list[str]:
        """The region numbers, right-aligned in columns."""
        wide = len(str(params.n - 1))
        return [" ".join(str(k).rjust(wide) for k in row) for row in params.cells]

    def graph_lines(self, params: MapParams) -> list[str]:
        later: list[list[int]] = [[] for _ in range(params.n)]
        for a, b in params.edges:
            later[a].append(b)
        return [f"{k}: {' '.join(map(str, later[k]))}".rstrip() for k in range(params.n)]

    def write_text(self, inst: Instance) -> str:
        p: MapParams = inst.params
        body = self.grid_rows(p) if p.is_grid else ["graph", *self.graph_lines(p)]
        return "\n".join(body + self._given_line(inst))

    def write_text_solution(self, inst: Instance, solution: Colouring) -> str:
        p: MapParams = inst.params
        if p.is_grid:  # the map painted: each cell its region's colour
            return "\n".join(" ".join(COLOURS[solution[k]] for k in row) for row in p.cells)
        return "\n".join(f"{k}={COLOURS[v]}" for k, v in enumerate(solution))

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: MapParams = inst.params
        doc: dict[str, Any] = {}
        if p.is_grid:
            doc.update(width=p.width, height=p.height, grid=[list(row) for row in p.cells])
        else:
            doc.update(regions=p.n, edges=[list(e) for e in p.edges])
        doc["given"] = {str(k): COLOURS[v] for k, v in sorted(inst.clues.items())}
        return doc

    def tatham_id(self, inst: Instance) -> str:
        p: MapParams = inst.params
        if not p.is_grid:
            raise PuzzleError("a map given as a bare graph of regions has no Tatham game ID (it needs the grid)")
        if p.width < 2 or p.height < 2:
            raise PuzzleError("Tatham's Map is at least 2x2")
        if p.n < TATHAM_LEAST_REGIONS:
            raise PuzzleError(f"Tatham's Map has at least {TATHAM_LEAST_REGIONS} regions; this one has {p.n}")
        return f"{p.width}x{p.height}n{p.n}:{encode_edges(p)},{encode_clues(p.n, dict(inst.clues))}"

    def write_array(self, inst: Instance) -> str:
        """The seed's code: the neighbours of each region (each pair once, under the lower
        number, as the seed lists them) and the givens; a grid map adds its `board`."""
        p: MapParams = inst.params
        later: list[list[int]] = [[] for _ in range(p.n)]
        for a, b in p.edges:
            later[a].append(b)
        body = ",\n".join(f"  {k}: {{{', '.join(map(str, later[k]))}}}" if later[k] else f"  {k}: set()"
                          for k in range(p.n))
        fixed = ", ".join(f"{k}: {COLOURS[v]!r}" for k, v in sorted(inst.clues.items()))
        parts = [f"board = {write_array(p.cells)}"] if p.is_grid else []
        return "\n".join([*parts, f"regions = {{\n{body},\n}}", f"fixed_colors = {{{fixed}}}"])

    def write_array_solution(self, inst: Instance, solution: Colouring) -> str:
        return "{" + ", ".join(f"{k}: {COLOURS[v]!r}" for k, v in enumerate(solution)) + "}"  # the seed's output

    def solution_json(self, inst: Instance, solution: Colouring) -> list[str]:
        return [COLOURS[v] for v in solution]

    def describe_clue(self, key: int, value: int) -> str:
        return f"region {key}={COLOURS[value]}"

    def clue_json(self, key: int, value: int) -> dict:
        return {"region": key, "colour": COLOURS[value]}

    def differences(self, a: Colouring, b: Colouring) -> list[str]:
        return [f"region {k}: {COLOURS[x]} vs {COLOURS[y]}" for k, (x, y) in enumerate(zip(a, b)) if x != y]

    def canonical(self, inst: Instance) -> str:
        """The least text among the map's turns and mirrors (regions numbered afresh in
        reading order, as the text form does), the givens' colours named afresh in order of
        first appearance (the four colours are interchangeable). A bare graph has no turns:
        it is only recoloured (numbering its regions afresh would be graph isomorphism)."""
        p: MapParams = inst.params
        if not p.is_grid:
            return self.format(Instance(self.name, p, first_colours(inst.clues)), "text")
        forms = []
        for sym in board_symmetries(p.height, p.width):
            params, number = grid_map(sym.grid(p.cells))
            clues = first_colours({number[k]: v for k, v in inst.clues.items()})
            forms.append(self.format(Instance(self.name, params, clues), "text"))
        return min(forms)

    # ---- for language models --------------------------------------------------------
    board_legend = ("one row per line, each cell the number of its region (cells with the same number are one "
                    "region); the `given` line fixes regions' colours as REGION=COLOUR (R red, Y yellow, G green, "
                    "B blue). A map written as `graph` lists instead one line per region, `REGION: ` then the "
                    "higher-numbered regions it borders")
    answer_format = ("the map painted: one row per line, each cell the colour of its region (R, Y, G or B), "
                     "separated by single spaces; for a map written as `graph`, one line per region: "
                     "REGION=COLOUR")

    def answer_text(self, inst: Instance, solution: Colouring) -> str:
        return self.format_solution(inst, solution, "text")

    def read_answer(self, inst: Instance, text: str) -> Colouring:
        """A grid map's painted cells (each region's cells must agree), or, for a bare graph
        (and for a grid map whose answer has no grid), REGION=COLOUR pairs."""
        p: MapParams = inst.params
        if not p.is_grid:
            return self._read_pairs(inst, text)
        try:
            grid = read_grid(text, p.height, p.width, ANSWER_COLOURS, "colour")
        except PuzzleError as exc:
            try:
                return self._read_pairs(inst, text)
            except PuzzleError:
                raise exc from None
        colours: dict[int, int] = {}
        for r, row in enumerate(p.cells):
            for c, k in enumerate(row):
                if colours.setdefault(k, grid[r][c]) != grid[r][c]:
                    raise PuzzleError(f"region {k} is painted both {COLOURS[colours[k]]} and {COLOURS[grid[r][c]]} "
                                      f"(r{r + 1}c{c + 1}): a region has one colour")
        return tuple(colours[k] for k in range(p.n))

    def _read_pairs(self, inst: Instance, text: str) -> Colouring:
        """`REGION=COLOUR` pairs (or `REGION: COLOUR`), one for every region; a later pair
        for a region overrides an earlier one, pairs naming no region or colour are prose."""
        n = inst.params.n
        colours = {int(m.group(1)): ANSWER_COLOURS[m.group(2).upper()]
                   for m in read_tokens(text, r"\b(\d{1,4})\s*[=:]\s*([A-Za-z]+)\b", "REGION=COLOUR pair")
                   if int(m.group(1)) < n and m.group(2).upper() in ANSWER_COLOURS}
        missing = [k for k in range(n) if k not in colours]
        if missing:
            raise PuzzleError(f"no colour for region {missing[0]}" + (f" and {len(missing) - 1} more"
                                                                       if len(missing) > 1 else ""))
        return tuple(colours[k] for k in range(n))

    # ---- pictures -----------------------------------------------------------------
    def show_text(self, inst: Instance) -> str:
        """The map in box drawing: heavy lines between regions, a given region's colour
        letter in each of its cells, '·' in the others."""
        from ..lab.face.share import NONE, box_grid

        p: MapParams = inst.params
        if not p.is_grid:
            return self.format(inst)
        cells = [["·" if k not in inst.clues else COLOURS[inst.clues[k]] for k in row] for row in p.cells]
        return box_grid(cells, p.cells, inner=NONE, pad=0)

    def draw(self, ax, inst: Instance, solution: Colouring | None = None) -> None:
        """As Tatham draws a map: regions filled with his four colours (white while not
        coloured), heavy borders between regions and no lines inside one. A given region
        carries a black dot at its middle cell, so that givens still show in the solution.
        A bare graph is drawn as regions on a circle joined by lines."""
        from ..lab.toolkit.draw import Board

        p: MapParams = inst.params
        if not p.is_grid:
            self._draw_graph(ax, inst, solution)
            return
        board = Board(ax, p.width, p.height)
        colours = inst.clues if solution is None else dict(enumerate(solution))
        for r, row in enumerate(p.cells):
            for c, k in enumerate(row):
                if k in colours:
                    board.shade(r, c, PAINT[colours[k]])
        for k, cells in enumerate(p.region_cells()):
            if k in inst.clues:
                board.symbol(*middle_cell(cells), "dot", 0.28)
        board.grid(p.cells, lines=False)

    def _draw_graph(self, ax, inst: Instance, solution: Colouring | None) -> None:
        import math

        from ..lab.toolkit.draw import Board

        p: MapParams = inst.params
        radius = max(1.0, p.n / (2 * math.pi))  # a cell of the circle per region
        side = math.ceil(2 * radius) + 1
        board = Board(ax, side, side)
        radius = (side - 1) / 2
        spot = [(radius - radius * math.cos(2 * math.pi * k / p.n), radius + radius * math.sin(2 * math.pi * k / p.n))
                for k in range(p.n)]
        for a, b in p.edges:
            board.line([spot[a], spot[b]], width=0.05)
        colours = inst.clues if solution is None else dict(enumerate(solution))
        for k, (r, c) in enumerate(spot):
            face = PAINT[colours[k]] if k in colours else "white"
            board.circle(r, c, 0.4, face=face, ring=0.08 if k in inst.clues else 0.03)
            board.text(r, c, str(k), 0.3)
        board.grid(lines=False)

    def human_grade(self, inst: Instance) -> dict:
        """Tatham's own grade (see `TathamSolver`): easy, normal, hard or unreasonable."""
        return tatham_grade(inst)

    # ---- SAT ----------------------------------------------------------------------
    def rules(self, params: MapParams, pool: IDPool) -> Rules:
        """x[k][c]: region k has colour c. Exactly one colour per region (at least one, and an
        at-most-one group); for each touching pair and colour, not both."""
        first = variable_block(pool, 4 * params.n)
        x = [[first + 4 * k + c for c in range(4)] for k in range(params.n)]
        clauses: list[Clause] = [list(row) for row in x]
        for a, b in params.edges:
            clauses += [[-x[a][c], -x[b][c]] for c in range(4)]
        regions = [list(row) for row in x]
        return Rules(clauses, [v for row in x for v in row], x, regions, cells=regions)

    def clue_clauses(self, params: MapParams, rules: Rules, key: int, value: int) -> list[Clause]:
        if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < params.n:
            raise PuzzleError(f"clue for region {quote(key)}: the map has regions 0..{params.n - 1}")
        if value not in range(4):
            raise PuzzleError(f"clue colour {quote(value)} is not 0..3")
        return [[rules.data[key][value]]]

    def decode(self, params: MapParams, rules: Rules, true_vars) -> Colouring:
        return tuple(next(c for c in range(4) if row[c] in true_vars) for row in rules.data)

    def solution_literals(self, params: MapParams, rules: Rules, solution: Colouring) -> list[int]:
        return [v if c == s else -v for row, s in zip(rules.data, solution) for c, v in enumerate(row)]

    # ---- CP-SAT -------------------------------------------------------------------
    def cpsat(self, inst: Instance) -> CpModel:
        """An integer 0..3 per region; touching regions unequal; a given fixes its region."""
        from ortools.sat.python import cp_model

        p: MapParams = inst.params
        model = cp_model.CpModel()
        colour = [model.new_int_var(0, 3, f"r{k}") for k in range(p.n)]
        for a, b in p.edges:
            model.add(colour[a] != colour[b])
        for k, v in inst.clues.items():
            model.add(colour[k] == v)
        return CpModel(model, colour, lambda value: tuple(int(value(v)) for v in colour))

    # ---- independent check ------------------------------------------------------------
    def candidates(self, params: MapParams) -> Iterable[Colouring]:
        """Every colouring, 4^n of them (65,536 for 8 regions)."""
        if params.n > ENUMERATE_MOST:
            raise PuzzleError(f"a map of {params.n} regions is too large to enumerate (at most {ENUMERATE_MOST})")
        return product(range(4), repeat=params.n)

    def verify(self, inst: Instance, solution: Colouring) -> list[str]:
        """Each region one of four colours, each given kept, touching regions different. On
        a grid map, which regions touch is read off the cells here, not from `edges`."""
        p: MapParams = inst.params
        if not isinstance(solution, (tuple, list)) or len(solution) != p.n:
            return [f"solution does not colour the {p.n} regions"]
        problems = [f"region {k} has no colour of the four ({quote(v)})" for k, v in enumerate(solution)
                    if isinstance(v, bool) or v not in range(4)]
        if problems:
            return problems
        problems += [f"region {k} is {COLOURS[solution[k]]}, the clue says {COLOURS[v]}"
                     for k, v in sorted(inst.clues.items()) if solution[k] != v]
        problems += [f"regions {a} and {b} touch and are both {COLOURS[solution[a]]}"
                     for a, b in sorted(touching(p)) if solution[a] == solution[b]]
        return problems



def first_colours(clues: dict[int, int]) -> dict[int, int]:
    """The givens with their colours renamed in order of first appearance (by region):
    the first colour met is R, the next Y, and so on."""
    given = sorted(clues.items())
    names = first_seen(v for _, v in given)
    return {k: names[v] for k, v in given}


@lru_cache(maxsize=64)
def touching(p: MapParams) -> frozenset[Edge]:
    """The pairs of regions that share a border, read off the cells (for `verify`, apart from
    `edges`; cached, since brute force verifies thousands of colourings of one map)."""
    if not p.is_grid:
        return frozenset(p.edges)
    out = set()
    for r, row in enumerate(p.cells):
        for c, k in enumerate(row):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < p.height and cc < p.width and p.cells[rr][cc] != k:
                    out.add((min(k, p.cells[rr][cc]), max(k, p.cells[rr][cc])))
    return frozenset(out)


def middle_cell(cells: Sequence[Cell]) -> Cell:
    """The region's cell nearest the mean of its cells (where Tatham puts a region's label)."""
    mr = sum(r for r, _ in cells) / len(cells)
    mc = sum(c for _, c in cells) / len(cells)
    return min(cells, key=lambda rc: ((rc[0] - mr) ** 2 + (rc[1] - mc) ** 2, rc))


# ---- Tatham's own grade (map.c's map_solver, without its recursion) ------------------------
GRADES = ("easy", "normal", "hard", "unreasonable")
ALL = 0b1111


class _Contradiction(Exception):
    """A region has no colour left (the givens cannot all hold)."""


class TathamSolver:
    """map.c's human solver: candidate sets of colours per region, and three rules, each
    tried only when the easier ones are stuck. Easy: a region with one colour left takes it
    (and its neighbours lose it). Normal: two touching regions with the same two colours
    left use both, so a region touching both loses them. Hard: forcing chains (a path of
    two-colour regions along which ruling colour c out at one end forces c at the other;
    a region touching both ends loses c)."""

    def __init__(self, params: MapParams, clues: dict[int, int]):
        self.n = params.n
        self.adjacent: list[set[int]] = [set() for _ in range(params.n)]
        for a, b in params.edges:
            self.adjacent[a].add(b)
            self.adjacent[b].add(a)
        self.possible = [ALL] * params.n
        self.colour = [-1] * params.n
        self.clues = clues

    def place(self, k: int, c: int) -> None:
        if not self.possible[k] & (1 << c):
            raise _Contradiction
        self.colour[k], self.possible[k] = c, 1 << c
        for j in self.adjacent[k]:
            self.possible[j] &= ~(1 << c)
            if self.colour[j] < 0 and not self.possible[j]:
                raise _Contradiction

    def easy(self) -> bool:
        done = False
        for k in range(self.n):
            if self.colour[k] < 0 and bin(self.possible[k]).count("1") == 1:
                self.place(k, self.possible[k].bit_length() - 1)
                done = True
        return done

    def normal(self) -> bool:
        done = False
        for a in range(self.n):
            for b in self.adjacent[a]:
                v = self.possible[a]
                if b < a or self.colour[a] >= 0 or self.colour[b] >= 0 or self.possible[b] != v \
                        or bin(v).count("1") != 2:
                    continue
                for k in self.adjacent[a] & self.adjacent[b]:
                    if self.possible[k] & v:
                        self.possible[k] &= ~v
                        done = True
        return done

    def hard(self) -> bool:
        done = False
        for i in range(self.n):
            if self.colour[i] >= 0 or bin(self.possible[i]).count("1") != 2:
                continue
            for c in range(4):
                if self.possible[i] & (1 << c):
                    done = self._chain(i, 1 << c) or done
        return done

    def _chain(self, i: int, origc: int) -> bool:
        """A breadth-first search from region i with colour `origc` ruled out."""
        done = False
        forced = {i: self.possible[i] & ~origc}
        queue = [i]
        for j in queue:
            currc = forced[j]
            for k in self.adjacent[j]:
                if k not in forced and self.colour[k] < 0 and bin(self.possible[k]).count("1") == 2 \
                        and self.possible[k] & currc:
                    forced[k] = self.possible[k] & ~currc
                    queue.append(k)
                if currc == origc and k in self.adjacent[i] and self.possible[k] & currc:
                    self.possible[k] &= ~origc
                    done = True
        return done

    def level(self, most: int = 2) -> int:
        """The hardest rule used, 0 easy .. 2 hard, trying none harder than `most`; 3
        (unreasonable) when the rules stall (Tatham's solver then guesses) or the givens
        contradict. The rules are sound, so a board they complete has one solution."""
        hardest = 0
        try:
            for k, c in sorted(self.clues.items()):
                self.place(k, c)
            while -1 in self.colour:
                for level, rule in enumerate((self.easy, self.normal, self.hard)[:most + 1]):
                    if any(self.colour[k] < 0 and not self.possible[k] for k in range(self.n)):
                        raise _Contradiction
                    if rule():
                        hardest = max(hardest, level)
                        break
                else:
                    return 3
        except _Contradiction:
            return 3
        return hardest


def tatham_grade(inst: Instance) -> dict[str, str]:
    """Tatham's difficulty of a map puzzle: the hardest of his rules his solver needs."""
    return {"tatham": GRADES[TathamSolver(inst.params, dict(inst.clues)).level()]}


PUZZLE = Map()
