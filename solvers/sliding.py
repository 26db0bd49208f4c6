"""Sliding blocks (seed 002's "Quzzle"): slide blocks one cell at a time until the goal
pattern shows, in the fewest moves.

A *block* is all cells holding the same character; '.' (or '0') is empty, '#' a fixed
wall. A *move* slides one block one cell up, down, left or right into empty cells. Blocks
of the same shape are interchangeable unless the goal names them, so the search explores
each arrangement of shapes once (`canonical`), as seed 002 does by hand.

Text form: the start grid, a blank line (optionally `goal`), then the goal grid of the same
size where '?' is any content:

    1122
    1133
    45..
    6788
    6799

    ????
    ????
    ????
    ????
    1???

Line form (seed 002's strings): `4x5:11221133450067886799:................1...`, where
'0' is empty and '.' in the goal pattern is any content.

Size limit: boards of at most 8x8 cells. The search itself is bounded by time, not size
(`answer`'s time_limit, the CLI's --timeout): even a 3x3 board can have 181,440 positions
(10 s to search them all), and a position costs more the bigger the board: about 110 us on
4x4, 250 us on 6x6, 580 us on 8x8 and 1.2 ms on 10x10, crowded with unit blocks.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..lab.engine.puzzle import Answer, BoardLimit, Instance, MovePuzzle, PuzzleError, quote
from ..lab.engine.search import MoveProblem, solve
from ..lab.toolkit.answers import moves_text, read_moves
from ..lab.toolkit.beside import READABLE, move_choices, text_beside
from ..lab.toolkit.codecs import MethodCodec
from ..lab.toolkit.forms import MOVES_JSON, string_rows
from ..lab.toolkit.textgrid import JsonObject

EMPTY = "."
WALL = "#"
ANY = "?"
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
Slide = tuple[str, str]  # (block, direction)
# A slide in an answer: the block's character, then its direction (`1 down`, `1D`, `A: left`, `B ->`, `2 ↑`,
# `("1", "down")`); a block named by a quote mark is not read.
SLIDE = r"(?<![^\s(\[{'\"])([^\s'\"])['\"]?\s*[-:,]?\s*['\"]?(up|down|left|right|[udlr]|↑|↓|←|→|->|<-)(?![a-z])"
ARROWS = {"↑": "up", "↓": "down", "←": "left", "→": "right", "->": "right", "<-": "left"}
SIZE = BoardLimit(8, 8)
EARLY = SIZE.early("sliding")  # the readers' size check, before any block is traced


class OutOfTime(Exception):
    """The search passed its deadline (caught by `Sliding.answer`)."""


@dataclass(frozen=True)
class SlidingParams:
    width: int
    height: int


def blocks(pos: str) -> dict[str, list[int]]:
    """Each movable block's cells (indices into the row-major position string)."""
    out: dict[str, list[int]] = {}
    for i, ch in enumerate(pos):
        if ch not in (EMPTY, WALL):
            out.setdefault(ch, []).append(i)
    return out


def slide(pos: str, width: int, cells: list[int], dr: int, dc: int) -> str | None:
    """The position after moving the block on `cells` by (dr, dc), or None if it is blocked."""
    height = len(pos) // width
    ch = pos[cells[0]]
    targets = []
    for i in cells:
        r, c = divmod(i, width)
        r, c = r + dr, c + dc
        if not (0 <= r < height and 0 <= c < width):
            return None
        j = r * width + c
        if pos[j] != EMPTY and pos[j] != ch:
            return None
        targets.append(j)
    new = list(pos)
    for i in cells:
        new[i] = EMPTY
    for j in targets:
        new[j] = ch
    return "".join(new)


def shape(cells: list[int], width: int) -> tuple[tuple[int, int], ...]:
    rc = [divmod(i, width) for i in cells]
    r0, c0 = min(r for r, _ in rc), min(c for _, c in rc)
    return tuple(sorted((r - r0, c - c0) for r, c in rc))


class SlidingProblem(MoveProblem):
    def __init__(self, width: int, start: str, goal: str, deadline: float | None = None):
        self.width, self.start_pos, self.goal = width, start, goal
        self.deadline = deadline  # time.perf_counter() after which `moves` raises OutOfTime
        self.expanded = 0
        self.wanted = [(i, ch) for i, ch in enumerate(goal) if ch != ANY]
        named = {ch for ch in goal if ch not in (ANY, EMPTY, WALL)}
        by_shape: dict[tuple, list[str]] = {}
        for ch, cells in blocks(start).items():
            if ch not in named:
                by_shape.setdefault(shape(cells, width), []).append(ch)
        same = {ch: min(group) for group in by_shape.values() for ch in group}
        self.table = str.maketrans(same) if same else None

    def start(self) -> str:
        return self.start_pos

    def moves(self, pos: str):
        self.expanded += 1
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        for ch, cells in blocks(pos).items():
            for name, (dr, dc) in DIRECTIONS.items():
                new = slide(pos, self.width, cells, dr, dc)
                if new is not None:
                    yield (ch, name), new

    def is_goal(self, pos: str) -> bool:
        return all(pos[i] == ch for i, ch in self.wanted)

    def canonical(self, pos: str) -> str:
        return pos.translate(self.table) if self.table else pos


class Sliding(MovePuzzle[SlidingParams, str, list[Slide]]):
    name = "sliding"
    aliases = ("slidingblocks", "klotski", "quzzle")
    title = "Sliding blocks: fewest one-cell slides to the goal pattern"
    rules_text = "Slide blocks one cell at a time (up, down, left, right) into empty cells until the goal shows."
    codecs = (MethodCodec("text"), MethodCodec("line", pattern=r"\A\d+x\d+:"), MOVES_JSON)
    size = SIZE
    example = "1122\n1133\n45..\n6788\n6799\n\n????\n????\n????\n????\n1???"

    # ---- text forms -------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        grids: list[list[tuple[int, str]]] = [[]]
        for lineno, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.lower().rstrip(":") == "goal":
                if grids[-1]:
                    grids.append([])
                continue
            grids[-1].append((lineno, line.replace("0", EMPTY)))
        grids = [g for g in grids if g]
        if len(grids) != 2:
            last = grids[-1][-1][0] if grids else None
            raise PuzzleError(f"expected a start grid and a goal grid separated by a blank line, "
                              f"found {len(grids)} grid(s)", last)
        (start, width, height), (goal, gw, gh) = (self._grid(g) for g in grids)
        if (gw, gh) != (width, height):
            rows = grids[1]
            at = rows[height][0] if gh > height else rows[-1][0] if gh < height else rows[0][0]
            raise PuzzleError(f"goal grid is {gw}x{gh}, start grid is {width}x{height}", at)
        return self._instance(width, start, goal, grids[0][0][0], grids[1][0][0])

    @staticmethod
    def _grid(rows: Sequence[tuple[int | None, str]]) -> tuple[str, int, int]:
        width = len(rows[0][1])
        EARLY(max(len(line) for _, line in rows), len(rows), rows[0][0])
        for lineno, line in rows:
            if len(line) != width:
                raise PuzzleError(f"row has {len(line)} cells, expected {width}", lineno)
        return "".join(line for _, line in rows), width, len(rows)

    def read_line(self, text: str) -> Instance:
        m = re.fullmatch(r"(\d+)x(\d+):([^:\s]+):([^:\s]+)", text.strip())
        if not m:
            raise PuzzleError("line form is WIDTHxHEIGHT:start:goal, e.g. 4x5:1122...:....1...", 1)
        width, height = int(m.group(1)), int(m.group(2))
        SIZE.check(self.name, width, height, line=1)
        start, goal = m.group(3).replace("0", EMPTY), m.group(4).replace(".", ANY).replace("0", EMPTY)
        for what, s in (("start", start), ("goal", goal)):
            if len(s) != width * height:
                raise PuzzleError(f"{what} has {len(s)} cells, expected {width}x{height}", 1)
        return self._instance(width, start, goal, 1, 1, one_line=True)

    def from_json(self, text: str) -> Instance:
        """`start` and `goal`: rows as in the text form, each a string."""
        doc = JsonObject(text, self.name, ("start", "goal"), self.aliases)
        (start, width, height), (goal, gw, gh) = (
            self._grid([(doc.where(key)[0], r.replace("0", EMPTY))
                        for r in string_rows(doc, key, "rows, each a string", EARLY)]) for key in ("start", "goal"))
        if (gw, gh) != (width, height):
            raise PuzzleError(f"goal grid is {gw}x{gh}, start grid is {width}x{height}", 1)
        return self._instance(width, start, goal, 1, 1, one_line=True)

    def _instance(self, width: int, start: str, goal: str, start_line: int, goal_line: int,
                  one_line: bool = False) -> Instance:
        """Check blocks and goal; errors name the line of the offending row."""
        row_line = lambda first, i: first if one_line else first + i // width  # noqa: E731
        SIZE.check(self.name, width, len(start) // width, line=start_line)  # before blocks are traced
        if ANY in start:
            raise PuzzleError("'?' (any) is only allowed in the goal", row_line(start_line, start.index(ANY)))
        found = blocks(start)
        for ch, cells in found.items():
            if not _connected(cells, width):
                raise PuzzleError(f"block {quote(ch)} is in more than one piece", row_line(start_line, cells[-1]))
        for i, (a, b) in enumerate(zip(start, goal)):
            if b not in (ANY, EMPTY, WALL) and b not in found:
                raise PuzzleError(f"goal names block {quote(b)}, which is not in the start grid",
                                  row_line(goal_line, i))
            if (a == WALL) != (b == WALL) and b != ANY:
                raise PuzzleError("walls must stay where they are", row_line(goal_line, i))
        params = SlidingParams(width, len(start) // width)
        return Instance(self.name, params, {"start": start, "goal": goal})

    @staticmethod
    def rows(inst: Instance, key: str) -> list[str]:
        w, cells = inst.params.width, inst.clues[key]
        return [cells[r * w:(r + 1) * w] for r in range(inst.params.height)]

    def write_text(self, inst: Instance) -> str:
        return "\n".join(self.rows(inst, "start")) + "\n\n" + "\n".join(self.rows(inst, "goal"))

    def write_line(self, inst: Instance) -> str:
        start, goal = inst.clues["start"], inst.clues["goal"]
        if EMPTY in goal or any(ch == "0" for ch in start + goal):
            raise PuzzleError("the line form cannot say 'must be empty' or name block '0'")
        return f"{inst.params.width}x{inst.params.height}:{start.replace(EMPTY, '0')}:{goal.replace(ANY, '.')}"

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        return {"start": self.rows(inst, "start"), "goal": self.rows(inst, "goal")}

    # ---- solving ------------------------------------------------------------------
    def problem(self, inst: Instance, deadline: float | None = None) -> SlidingProblem:
        return SlidingProblem(inst.params.width, inst.clues["start"], inst.clues["goal"], deadline)

    def answer(self, inst: Instance, time_limit: float | None = None, method: str = "bfs",
               max_expanded: int | None = None) -> Answer:
        """The fewest slides (breadth-first), or some slides (method="dfs"); "unknown" when
        `time_limit` seconds (the CLI's --timeout) pass first."""
        problem = self.problem(inst, None if time_limit is None else time.perf_counter() + time_limit)
        try:
            result = solve(problem, method, max_expanded=max_expanded)
        except OutOfTime:
            data = {"solved": False, "moves": [], "count": None, "stopped": "time limit",
                    "stats": {"expanded": problem.expanded, "time_limit": time_limit}}
            return Answer(f"unknown: no answer within the time limit of {time_limit:g} s "
                          f"({problem.expanded} positions expanded)", data, exit_code=1)
        data = {"solved": result.found, "moves": [list(m) for m in result.moves],
                "count": result.length, "stats": result.stats()}
        if not result.found:
            why = "no sequence of slides reaches the goal" if result.exhausted else "search limit reached"
            return Answer(f"{why} ({result.distinct} positions seen)", data, exit_code=1)
        kind = "shortest" if method == "bfs" else "depth-first, not necessarily shortest"
        head = f"{result.length} moves ({kind}; {result.expanded} positions expanded)"
        return Answer(head + "\n" + self.format_solution(inst, result.moves), data)

    def format_solution(self, inst: Instance, solution: list[Slide], fmt: str = "text") -> str:
        w, h = inst.params.width, inst.params.height
        pos = inst.clues["start"]
        for ch, d in solution:
            pos = slide(pos, w, blocks(pos)[ch], *DIRECTIONS[d]) or pos
        steps = " ".join(f"{ch}{d[0].upper()}" for ch, d in solution)
        final = "\n".join(pos[r * w:(r + 1) * w] for r in range(h))
        return f"moves: {steps}\nfinal:\n{final}"

    def verify(self, inst: Instance, solution: list[Slide]) -> list[str]:
        """Replay the slides on the grid; each must be legal and the end must match the goal."""
        w = inst.params.width
        pos = inst.clues["start"]
        for n, (ch, d) in enumerate(solution, start=1):
            cells = blocks(pos).get(ch)
            new = slide(pos, w, cells, *DIRECTIONS[d]) if cells and d in DIRECTIONS else None
            if new is None:
                return [f"move {n}: block '{ch}' cannot slide {d}"]
            pos = new
        goal = inst.clues["goal"]
        if any(g != ANY and g != p for p, g in zip(pos, goal)):
            return ["the final position does not match the goal"]
        return []

    # ---- for language models ------------------------------------------------------------
    board_legend = ("the start grid, a blank line, then the goal grid of the same size. In the start, the cells "
                    "holding the same character form one block, `.` is an empty cell and `#` a fixed wall; in the "
                    "goal, a block's character is a cell that block must cover, `.` a cell that must be empty, `#` "
                    "the wall and `?` any content")
    answer_format = ("the fewest slides, in order, one per line, each the block's character, a space and the "
                     "direction it slides by one cell: up, down, left or right (e.g. `1 down`); `none` if the "
                     "start already shows the goal")
    fewest_moves = True

    def reference_solution(self, inst: Instance) -> list[Slide]:
        found = self.answer(inst)
        if not found.data["solved"]:
            raise PuzzleError("no sequence of slides reaches the goal")
        return [(ch, d) for ch, d in found.data["moves"]]

    def answer_text(self, inst: Instance, solution: list[Slide]) -> str:
        return moves_text([f"{ch} {d}" for ch, d in solution])

    def read_answer(self, inst: Instance, text: str) -> list[Slide]:
        """Slides as (block, direction); a block letter in the other case is read as the
        block when only that one exists."""
        names = set(blocks(inst.clues["start"]))
        out = []
        for m in read_moves(text, SLIDE, "slide like `1 down`"):
            ch, d = m.group(1), m.group(2).lower()
            if ch not in names and ch.swapcase() in names:
                ch = ch.swapcase()
            out.append((ch, ARROWS.get(d) or next(name for name in DIRECTIONS if name.startswith(d))))
        return out

    # ---- pictures -------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: dict | None = None) -> None:
        """The start and the goal side by side: each block in a colour of its own and
        outlined, walls black, goal cells that may hold anything grey; a block the goal
        names is drawn whole where the goal puts it (`goal_blocks`). `solution` is
        `answer`'s data: the start and the position the moves reach, and the moves listed
        in columns beside them, readable in print."""
        from ..lab.toolkit.draw import Board

        w, h = inst.params.width, inst.params.height
        start = inst.clues["start"]
        colour = {ch: PALETTE[i % len(PALETTE)] for i, ch in enumerate(sorted(blocks(start)))}
        heading = max(2 * w + 2, h + 1.5) / READABLE  # the boards' titles as readable as the moves, at least

        def show(pos: str, x: float, title: str) -> Board:
            board = Board(ax, w, h, x=x)
            for i, ch in enumerate(pos):
                r, c = divmod(i, w)
                if ch == WALL:
                    board.shade(r, c, "black")
                elif ch == ANY:
                    board.shade(r, c, "0.86")
                elif ch != EMPTY:
                    board.shade(r, c, colour.get(ch, "0.7"))
            for ch, cells in blocks(pos).items():
                if ch in (ANY, WALL):
                    continue
                mr = sum(i // w for i in cells) / len(cells)
                mc = sum(i % w for i in cells) / len(cells)
                r, c = divmod(min(cells, key=lambda i: (i // w - mr) ** 2 + (i % w - mc) ** 2), w)
                board.text(r, c, ch, 0.5)
            board.grid([[pos[r * w + c] if pos[r * w + c] not in (EMPTY, ANY) else (r, c) for c in range(w)]
                        for r in range(h)])
            board.title(title, max(heading, 1.2 * board.small))
            return board

        show(start, 0, "start")
        if solution is None:
            show(goal_picture(inst), w + 1.5, "goal")
            return
        pos, moves = start, solution.get("moves") or []
        for ch, d in moves:
            cells = blocks(pos).get(ch)
            pos = (slide(pos, w, cells, *DIRECTIONS[d]) if cells and d in DIRECTIONS else None) or pos
        show(pos, w + 1.5, f"after {len(moves)} moves")
        text_beside(ax, move_choices([f"{ch}{ARROW.get(d, '?')}" for ch, d in moves]))


PALETTE = ["#f4a582", "#92c5de", "#b8e186", "#fdd49e", "#c2a5cf", "#f1b6da", "#a6dba0", "#d8daeb", "#fee08b",
           "#80cdc1", "#e0e0e0", "#bababa"]
ARROW = {"up": "\u2191", "down": "\u2193", "left": "\u2190", "right": "\u2192"}


def placements(inst: Instance, ch: str) -> list[frozenset[int]]:
    """Every place block `ch` (its shape in the start) may stand in a position the goal
    accepts: over each cell the goal names it in, and no cell the goal gives to something
    else (another block, empty, a wall)."""
    w, h = inst.params.width, inst.params.height
    start, goal = inst.clues["start"], inst.clues["goal"]
    offsets = shape(blocks(start)[ch], w)
    named = {i for i, g in enumerate(goal) if g == ch}
    found = []
    for r in range(h - max(dr for dr, _ in offsets)):
        for c in range(w - max(dc for _, dc in offsets)):
            cells = frozenset((r + dr) * w + c + dc for dr, dc in offsets)
            if named <= cells and all(goal[i] in (ch, ANY) and start[i] != WALL for i in cells):
                found.append(cells)
    return found


def goal_blocks(inst: Instance) -> dict[str, frozenset[int]]:
    """The cells each block the goal names must cover: all of its shape where the goal
    leaves it one place (a 2x2 block named in one corner cell), else the cells common to
    every place it may stand."""
    out = {}
    for ch in sorted(set(inst.clues["goal"]) - {ANY, EMPTY, WALL}):
        places = placements(inst, ch)
        out[ch] = frozenset.intersection(*places) if places else frozenset(
            i for i, g in enumerate(inst.clues["goal"]) if g == ch)
    return out


def goal_picture(inst: Instance) -> str:
    """The goal as a position to draw: each named block whole (`goal_blocks`), the rest as
    the goal says ('?' any, '.' empty, '#' wall)."""
    cells = list(inst.clues["goal"])
    for ch, covered in goal_blocks(inst).items():
        for i in covered:
            cells[i] = ch
    return "".join(cells)


def _connected(cells: list[int], width: int) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    rest = set(cells)
    while todo:
        r, c = divmod(todo.pop(), width)
        for dr, dc in DIRECTIONS.values():
            j = (r + dr) * width + (c + dc)
            if 0 <= c + dc < width and j in rest and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(cells)


PUZZLE = Sliding()
