"""Water jugs (seed 002): pour between jugs until the goal amounts are reached.

A *position* is the tuple of amounts in the jugs. A *pour* from jug i into jug j moves
as much as fits: until i is empty or j is full. The fewest pours come from breadth-first
search over positions (`lab.search`); the goal may leave jugs unspecified ('*').

Text form (one statement per line, '#' starts a comment):

    capacities 3 5 8
    start      0 0 8
    goal       0 4 4

Size limit: at most 10 jugs, and at most 1,000,000 positions by `positions_bound` (a search
meets each position once). Measured on the worst cases found (capacities a few apart, each
jug half full): 7 jugs 12..6 (bound 980,000) search 326,000 positions in 39 s; 5 jugs 40..36
(bound 566,000) 100,000 in 5 s; 4 jugs 1000..997 (bound 8 million, refused) 48,000 in 2 s.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..lab.answers import answer_body, read_tokens
from ..lab.puzzle import Answer, Instance, MovePuzzle, PuzzleError, number, quote
from ..lab.search import METHODS, MoveProblem, solve
from ..lab.textgrid import JsonObject, json_shown, numbered_lines

Amounts = tuple[int, ...]
Goal = tuple[int | None, ...]  # None: any amount
Pour = tuple[int, int, int]  # (from jug, to jug, litres), jugs 0-based
WILD = {"*", "?", "-", "_"}
KEYS = ("capacities", "start", "goal")
MAX_JUGS = 10
MAX_POSITIONS = 1_000_000
POUR_CELLS = 3  # cells across the pictures' pour column: "jug 10 → jug 9" fits
SIZE_TEXT = f"at most {MAX_JUGS} jugs and {MAX_POSITIONS:,} positions with a jug empty or full"
# A pour in an answer: `3->2`, `jug 3 -> jug 2`, `3 to 2`, `(3, 2)`, `3-2`; litres in brackets after the first jug
# (`jug 1 (3 l) -> jug 2`, as `format_solution` writes it) are skipped.
POUR = (r"(?<![\d.])(?:jug\s*)?(\d+)\s*(?:\([^()\n]*\)\s*)?"
        r"(?:\s*(?:->|=>|→|⇒|>|,|\bto\b|\binto\b)\s*|-)(?:jug\s*)?(\d+)(?!\d)")
# Words an answer of no moves is made of ("None.", "No pours are needed."); one of the first three must be there.
NO_MOVES = ("none", "nothing", "no", "moves", "move", "pours", "pour", "slides", "slide", "captures", "capture", "are",
            "is", "needed", "required")


def read_moves(text: str, pattern: str, what: str) -> list[re.Match]:
    """`read_tokens` for a move list, where an answer of "none" alone is no moves (a start
    that already meets the goal). Shared by the move puzzles: it belongs in lab/answers.py."""
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


# ---- text beside a board: move lists and clue lists people can read in print ----------------------------------------
# Shared by the pictures of the move puzzles and numcross, as `read_moves` is; it belongs in lab/draw.py.
READABLE = 29.0  # a panel's longer side in ems of its text: 9.6 pt where `render` prints two panels side by side
LEADING = 1.3  # the step from line to line, in ems
GAP = 1.5  # ems between the boards and the text, and between columns of text
LABEL_GAP = 0.8  # ems between a line's label and its text
BREAK_COST = 0.1  # a column that goes on with the list before it (not a heading) counts as text 10% larger


@dataclass(frozen=True)
class Line:
    """One line of a text block: `label` right-aligned in bold before `text` (a clue's
    number, as a crossword prints it; the first move's number), or a heading (`bold`, no
    label) that starts its column."""

    text: str
    label: str = ""
    bold: bool = False
    indent: bool = False  # a wrapped line's continuation: under its first line's text, not its label


@dataclass(frozen=True)
class Layout:
    """Where a block of lines goes: the em size in cells (the smaller, the larger the boards
    on the page, the text as small as reads), its side of the boards, its columns."""

    size: float
    side: str
    columns: tuple[tuple[Line, ...], ...]
    fits: bool  # no taller (right) or wider (below) than the boards


@lru_cache(maxsize=4096)
def ems(text: str, bold: bool = False) -> float:
    """The width of `text`'s ink in ems, in the font the boards are drawn in."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    from ..lab.draw import FONT

    if not text.strip():
        return 0.0
    path = TextPath((0, 0), text, size=1.0, prop=FontProperties(family=FONT, weight="bold" if bold else "normal"))
    return float(path.get_extents().width)


def column_width(lines: Sequence[Line]) -> float:
    """A column's width in ems: its labels right-aligned, their texts left-aligned after them."""
    label = max((ems(x.label, True) for x in lines), default=0.0)
    body = max((ems(x.text, x.bold) for x in lines if x.label or x.indent), default=0.0)
    free = max((ems(x.text, x.bold) for x in lines if not (x.label or x.indent)), default=0.0)
    return max(free, label + (LABEL_GAP if label else 0.0) + body)


def split_columns(lines: Sequence[Line], rows: int) -> tuple[tuple[Line, ...], ...]:
    """`lines` in columns of at most `rows`, a heading never left at the foot of one."""
    columns: list[list[Line]] = [[]]
    for line in lines:
        if len(columns[-1]) == rows:
            orphan = columns[-1].pop() if columns[-1][-1].bold and not columns[-1][-1].label and rows > 1 else None
            columns.append([orphan] if orphan else [])
        if columns[-1] or line.text or line.label:  # no column starts with a blank line
            columns[-1].append(line)
    return tuple(tuple(c) for c in columns if c)


def plan_text(width: float, height: float, grid_height: float, above: float, margin: float,
              choices: Sequence[Sequence[Line]], readable: float = READABLE) -> Layout | None:
    """The layout of one of `choices` (the same lines wrapped in other ways) beside boards
    that take `width` x `height` cells (`grid_height` of it the grids, `above` cells of
    titles over them; `margin` cells of white space around it all) that leaves the boards
    largest on the page while the text's em is at least 1/`readable` of the panel's
    longer side. None if no layout is readable."""
    found: list[tuple[float, Layout]] = []
    for lines in choices:
        for rows in range(1, len(lines) + 1):
            columns = split_columns(lines, rows)
            breaks = sum(not (c[0].bold and not c[0].label) for c in columns[1:])  # columns that go on a list
            across = sum(column_width(c) for c in columns) + GAP * (len(columns) - 1)
            down = max(len(c) for c in columns) * LEADING
            # Each side of the panel, margins included, is at most `readable` ems of `size` cells.
            # On the right it is width + (GAP + across) size by max(height, above + down size);
            # below, max(width, across size) by height + (GAP + down) size.
            if readable - GAP - across > 0 and readable - down > 0:
                size = max((width + margin) / (readable - GAP - across), (height + margin) / readable,
                           (above + margin) / (readable - down))
                found.append((size * (1 + BREAK_COST * breaks),
                              Layout(size, "right", columns, down * size <= grid_height + 1e-9)))
            if readable - across > 0 and readable - GAP - down > 0:
                size = max((width + margin) / readable, margin / (readable - across),
                           (height + margin) / (readable - GAP - down))
                found.append((size * (1 + BREAK_COST * breaks),
                              Layout(size, "below", columns, across * size <= width + 1e-9)))
    if not found:
        return None
    best = min(score for score, _ in found)
    near = [layout for score, layout in found if score <= best * 1.02]
    return min(near, key=lambda x: (not x.fits, len(x.columns), x.side != "right", x.size))


def plan_beside(ax: Any, choices: Sequence[Sequence[Line]], readable: float = READABLE) -> Layout:
    """`plan_text` for the boards drawn on `ax` (more text than is readable: as near as it goes)."""
    from matplotlib.transforms import Bbox

    from ..lab.draw import MARGIN, boards

    drawn = boards(ax)
    extent = Bbox.union([b.extent for b in drawn])
    top, bottom = max(b.box.y1 for b in drawn), min(b.box.y0 for b in drawn)
    layout = None
    while layout is None:
        layout = plan_text(extent.width, extent.height, top - bottom, extent.y1 - top, 2 * MARGIN, choices, readable)
        readable *= 1.25
    return layout


def text_beside(ax: Any, choices: Sequence[Sequence[Line]], readable: float = READABLE, least: float = 0.0) -> Layout:
    """Write one of `choices` (the same lines wrapped in other ways) in columns to the right
    of the boards on `ax` or under them, whichever leaves the boards larger, its em at
    least 1/`readable` of the panel's longer side and at least `least` cells (the size of
    text in a larger panel drawn at the same scale beside it). Returns the layout drawn
    (its `size` suits other text on the panel that must be read)."""
    from matplotlib.transforms import Bbox

    from ..lab.draw import CAP, boards, write

    drawn = boards(ax)
    extent = Bbox.union([b.extent for b in drawn])
    top = max(b.box.y1 for b in drawn)
    layout = plan_beside(ax, choices, readable)
    if layout.size < least:
        layout = replace(layout, size=least)
    size = layout.size
    x = extent.x1 + GAP * size if layout.side == "right" else extent.x0
    y = top if layout.side == "right" else extent.y0 - GAP * size
    boxes = []
    for column in layout.columns:
        label = max((ems(line.label, True) for line in column), default=0.0) * size
        body = x + label + (LABEL_GAP * size if label else 0.0)
        for i, line in enumerate(column):
            base = y - (CAP + i * LEADING) * size
            if line.label:
                boxes.append(write(ax, x + label, base, line.label, size, ha="right", va="baseline", bold=True))
            boxes.append(write(ax, body if line.label or line.indent else x, base, line.text, size, ha="left",
                               va="baseline", bold=line.bold))
        x += (column_width(column) + GAP) * size
    drawn[-1]._grow(*boxes)  # (the boards' limits take in what is drawn beside them: lab/draw.py has no public way)
    return layout


@dataclass(frozen=True)
class JugParams:
    capacities: Amounts


def pour(capacities: Amounts, amounts: Amounts, i: int, j: int) -> tuple[int, Amounts]:
    """Pour jug i into jug j: the litres moved and the new amounts."""
    qty = min(amounts[i], capacities[j] - amounts[j])
    new = list(amounts)
    new[i] -= qty
    new[j] += qty
    return qty, tuple(new)


def reached(amounts: Amounts, goal: Goal) -> bool:
    return all(g is None or a == g for a, g in zip(amounts, goal))


def positions_bound(capacities: Amounts) -> int:
    """How many positions a search can meet, at most: after a pour the jug poured from is
    empty or the one poured into is full, so some jug i holds 0 or all it can; pours keep
    the total, so given the others, the largest of the rest is fixed too. Plus the start."""
    total = 1
    for i in range(len(capacities)):
        others = sorted(c + 1 for j, c in enumerate(capacities) if j != i)
        total += 2 * math.prod(others[:-1])
    return total


def check_size(capacities: Amounts) -> None:
    """The jugs size limit (SIZE_TEXT): the search stays within seconds to tens of seconds."""
    if len(capacities) > MAX_JUGS:
        raise PuzzleError(f"jugs puzzle of {len(capacities)} jugs is too large: {SIZE_TEXT}")
    bound = positions_bound(capacities)
    if bound > MAX_POSITIONS:
        count = f"{bound:,}" if bound < 10 ** 15 else f"about 10^{len(str(bound)) - 1}"
        raise PuzzleError(f"jugs puzzle with capacities {quote(' '.join(map(str, capacities)))} is too large: "
                          f"{count} positions, {SIZE_TEXT}")


class JugProblem(MoveProblem):
    def __init__(self, capacities: Amounts, start: Amounts, goal: Goal):
        self.capacities, self.start_amounts, self.goal = capacities, start, goal

    def start(self) -> Amounts:
        return self.start_amounts

    def moves(self, amounts: Amounts):
        n = len(amounts)
        for i in range(n):
            for j in range(n):
                if i != j:
                    qty, new = pour(self.capacities, amounts, i, j)
                    if qty:
                        yield (i, j, qty), new

    def is_goal(self, amounts: Amounts) -> bool:
        return reached(amounts, self.goal)


class Jugs(MovePuzzle):
    name = "jugs"
    aliases = ("jug", "water-jugs")
    title = "Water jugs: fewest pours to reach the goal amounts"
    rules_text = "Pour one jug into another, each time until it is empty or the other full, to reach the goal amounts."
    formats = ("text", "json")
    size_limit_text = SIZE_TEXT
    example = "capacities 3 5 8\nstart 0 0 8\ngoal 0 4 4"

    def check_size(self, inst: Instance) -> None:
        check_size(inst.params.capacities)

    # ---- text forms -------------------------------------------------------------
    def _parse_text(self, text: str) -> Instance:
        found: dict[str, tuple[list[str], int]] = {}
        for lineno, raw in numbered_lines(text, comment="#"):
            line = raw.strip()
            m = re.match(r"([A-Za-z]+)\s*:?\s*(.*)$", line)
            key = m.group(1).lower() if m else ""
            key = {"capacity": "capacities", "sizes": "capacities"}.get(key, key)
            if key not in KEYS:
                raise PuzzleError(f"expected one of {', '.join(KEYS)}, got {quote(line.split()[0])}", lineno, 1)
            if key in found:
                raise PuzzleError(f"'{key}' given twice", lineno, 1)
            found[key] = (m.group(2).replace(",", " ").split(), lineno)
        if not found:
            raise PuzzleError("empty input")
        for key in KEYS:
            if key not in found:
                raise PuzzleError(f"missing '{key}' line")
        return self._instance(*(found[k] for k in KEYS))

    def _parse_json(self, text: str) -> Instance:
        """`capacities`, `start` and `goal`: lists of whole numbers, one a jug (null in
        `goal`: any amount)."""
        doc = JsonObject(text, self.name, KEYS, self.aliases)
        lists = [doc.array(key, what="amounts, one a jug") for key in KEYS]
        if len(lists[0]) > MAX_JUGS:  # before any amount is read
            raise PuzzleError(f"jugs puzzle of {len(lists[0])} jugs is too large: {SIZE_TEXT}", doc.where(KEYS[0])[0])
        words = []
        for key, values in zip(KEYS, lists):
            for v in values:
                if not (v is None and key == "goal") and (isinstance(v, bool) or not isinstance(v, int)):
                    raise doc.error(key, f"must be a list of whole numbers{' (or null)' * (key == 'goal')}, "
                                         f"got {json_shown(v)} in it")
            words.append(([("*" if v is None else str(v)) for v in values], doc.where(key)[0]))
        return self._instance(*words)

    def _instance(self, caps: tuple[list[str], int], start: tuple[list[str], int],
                  goal: tuple[list[str], int]) -> Instance:
        if len(caps[0]) > MAX_JUGS:
            raise PuzzleError(f"jugs puzzle of {len(caps[0])} jugs is too large: {SIZE_TEXT}", caps[1])
        capacities = tuple(self._litres(w, caps[1], "capacity", minimum=1) for w in caps[0])
        if not capacities:
            raise PuzzleError("no jugs given", caps[1])
        amounts = tuple(self._litres(w, start[1], "amount") for w in start[0])
        wanted = tuple(None if w in WILD else self._litres(w, goal[1], "amount") for w in goal[0])
        for what, values, line in (("start", amounts, start[1]), ("goal", wanted, goal[1])):
            if len(values) != len(capacities):
                raise PuzzleError(f"{what} has {len(values)} amounts for {len(capacities)} jugs", line)
            for k, (v, c) in enumerate(zip(values, capacities)):
                if v is not None and v > c:
                    raise PuzzleError(f"{what}: jug {k + 1} holds {number(v)}, more than its capacity {number(c)}",
                                      line)
        return Instance(self.name, JugParams(capacities), {"start": amounts, "goal": wanted})

    @staticmethod
    def _litres(word: str, line: int, what: str, minimum: int = 0) -> int:
        if not re.fullmatch(r"\d+", word) or int(word) < minimum:
            raise PuzzleError(f"bad {what} {quote(word)} (a whole number >= {minimum})", line)
        return int(word)

    def format(self, inst: Instance, fmt: str = "text") -> str:
        caps, start, goal = inst.params.capacities, inst.clues["start"], inst.clues["goal"]
        if fmt == "text":
            show = lambda vs: " ".join("*" if v is None else str(v) for v in vs)  # noqa: E731
            return f"capacities {show(caps)}\nstart {show(start)}\ngoal {show(goal)}"
        if fmt == "json":
            return json.dumps({"puzzle": self.name, "capacities": list(caps), "start": list(start),
                               "goal": list(goal)})
        raise PuzzleError(f"unknown jugs format {quote(fmt)} (known: {', '.join(self.formats)})")

    # ---- solving ------------------------------------------------------------------
    def problem(self, inst: Instance) -> JugProblem:
        return JugProblem(inst.params.capacities, inst.clues["start"], inst.clues["goal"])

    def answer(self, inst: Instance, time_limit: float | None = None, method: str = "bfs") -> Answer:
        """The fewest pours (breadth-first), or some pours (method="dfs")."""
        if method not in ("bfs", "dfs"):
            raise PuzzleError(f"jugs search method must be bfs or dfs, not {quote(method)} ({METHODS})")
        result = solve(self.problem(inst), method)
        data = {"solved": result.found, "pours": [list(p) for p in result.moves],
                "positions": [list(s) for s in result.states], "stats": result.stats()}
        if not result.found:
            return Answer(f"no sequence of pours reaches the goal "
                          f"({result.distinct} positions reachable)", data, exit_code=1)
        kind = "shortest" if method == "bfs" else "depth-first, not necessarily shortest"
        head = f"{result.length} pours ({kind}; {result.expanded} positions expanded)"
        return Answer(head + "\n" + self.format_solution(inst, result.moves), data)

    def format_solution(self, inst: Instance, solution: list[Pour], fmt: str = "text") -> str:
        caps = inst.params.capacities
        amounts = inst.clues["start"]
        lines = [f"    start: {' '.join(map(str, amounts))}"]
        for n, (i, j, _) in enumerate(solution, start=1):
            qty, amounts = pour(caps, amounts, i, j)
            lines.append(f"{n:3}. jug {i + 1} ({caps[i]} l) -> jug {j + 1} ({caps[j]} l), "
                         f"{qty} l: {' '.join(map(str, amounts))}")
        return "\n".join(lines)

    def verify(self, inst: Instance, solution: list[Pour]) -> list[str]:
        """Replay the pours: each must move what the rules say, and end at the goal."""
        caps, amounts = inst.params.capacities, inst.clues["start"]
        for n, (i, j, qty) in enumerate(solution, start=1):
            if not (0 <= i < len(caps) and 0 <= j < len(caps)) or i == j:
                return [f"pour {n}: no jugs {i + 1} -> {j + 1}"]
            moved, amounts = pour(caps, amounts, i, j)
            if moved == 0 or moved != qty:
                return [f"pour {n}: jug {i + 1} -> {j + 1} moves {moved} l, not {qty}"]
        return [] if reached(amounts, inst.clues["goal"]) else [f"ends at {amounts}, not the goal"]

    # ---- for language models ------------------------------------------------------------
    board_legend = ("`capacities`: how many litres each jug holds, jug 1 first; `start`: the litres in each jug now; "
                    "`goal`: the litres wanted in each jug, `*` any amount")
    answer_format = ("the fewest pours, in order, one per line, each written `FROM->TO` with the jugs numbered from 1 "
                     "in the order the capacities list them (e.g. `3->2` pours jug 3 into jug 2); `none` if the "
                     "start already meets the goal")
    fewest_moves = True

    def reference_solution(self, inst: Instance) -> list[Pour]:
        found = self.answer(inst)
        if not found.data["solved"]:
            raise PuzzleError("no sequence of pours reaches the goal")
        return [(i, j, qty) for i, j, qty in found.data["pours"]]

    def answer_text(self, inst: Instance, solution: list[Pour]) -> str:
        return moves_text([f"{i + 1}->{j + 1}" for i, j, _ in solution])

    def read_answer(self, inst: Instance, text: str) -> list[Pour]:
        """Pours as jug numbers; the litres each moves are replayed (what `verify` checks is
        then the jugs chosen), 0 for a pour that cannot be made."""
        caps, amounts = inst.params.capacities, inst.clues["start"]
        out = []
        for m in read_moves(text, POUR, "pour like 3->2"):
            i, j = int(m.group(1)) - 1, int(m.group(2)) - 1
            qty = 0
            if 0 <= i < len(caps) and 0 <= j < len(caps) and i != j:
                qty, amounts = pour(caps, amounts, i, j)
            out.append((i, j, qty))
        return out

    # ---- pictures -------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: dict | None = None) -> None:
        """A table, one column per jug headed by its name and capacity ("jug 1", "3 L"): the
        start and the goal amounts ('*': any). `solution` is `answer`'s data: one row per
        pour, named as the header names the jugs ("jug 3 → jug 2": the numbers are jugs, not
        litres), with the amounts after it; amounts that meet the goal in green."""
        from ..lab.draw import Board

        caps, start, goal = inst.params.capacities, inst.clues["start"], inst.clues["goal"]
        rows: list[tuple[str, str, list[str]]] = [("start", "", [str(a) for a in start])]
        if solution is None:
            rows.append(("goal", "", ["*" if g is None else str(g) for g in goal]))
        else:
            positions = solution.get("positions") or []
            for k, (i, j, _) in enumerate(solution.get("pours") or [], start=1):
                after = positions[k] if k < len(positions) else []
                rows.append((str(k), f"{jug_name(i)} \u2192 {jug_name(j)}", [str(a) for a in after]))
        n, first = len(caps), 1 + POUR_CELLS  # the jugs' first column: after the step and the pour
        board = Board(ax, first + n, len(rows) + 1)
        self._header(board, caps, solution is not None)
        last = len(rows) - 1
        for r, (label, poured, amounts) in enumerate(rows, start=1):
            board.text(r, 0, label, 0.36)
            self._across(board, r, poured, 0.34)
            for j, a in enumerate(amounts):
                hit = solution is not None and r - 1 == last and goal[j] is not None and a == str(goal[j])
                if hit:
                    board.shade(r, first + j, "#9be39b")
                board.text(r, first + j, a, 0.45, bold=hit)
        self._lines(board, len(rows) + 1, n)
        if solution is not None and not solution.get("solved"):
            board.caption("no sequence of pours reaches the goal")

    @staticmethod
    def _header(board, caps: Amounts, solved: bool) -> None:
        """Each jug's name over its capacity, shaded; "pour" over the pours."""
        from ..lab.draw import write

        first = 1 + POUR_CELLS
        if solved:
            Jugs._across(board, 0, "pour", 0.32)
        for j, cap in enumerate(caps):
            board.shade(0, first + j, "0.88")
            x, y = board.centre(0, first + j)
            write(board.ax, x, y + 0.18, jug_name(j), 0.3, bold=True, fit=0.86)
            write(board.ax, x, y - 0.2, f"{cap} L", 0.3, fit=0.86)

    @staticmethod
    def _across(board, r: int, text: str, size: float) -> None:
        """`text` centred in row r's pour column, `POUR_CELLS` cells wide."""
        from ..lab.draw import write

        x, y = board.centre(r, 1 + (POUR_CELLS - 1) / 2)
        write(board.ax, x, y, text, size, va="middle", fit=POUR_CELLS - 0.3)

    @staticmethod
    def _lines(board, height: int, jugs: int) -> None:
        """Thin lines between the table's cells (the pour column is one cell of
        `POUR_CELLS`), thick around it, under the header and before the jugs."""
        from matplotlib.collections import LineCollection

        from ..lab.draw import GRID, THICK, THIN, Z_BORDER, Z_GRID

        first = 1 + POUR_CELLS
        x, y, right, top = board.x, board.y, board.x + first + jugs, board.y + height
        thin = [[(x + c, y), (x + c, top)] for c in (1, *range(first + 1, first + jugs))]
        thin += [[(x, y + k), (right, y + k)] for k in range(1, height - 1)]
        board.ax.add_artist(LineCollection(thin, colors=[GRID], linewidths=THIN, zorder=Z_GRID))
        thick = [[(x, top - 1), (right, top - 1)], [(x + first, y), (x + first, top)]]
        board.ax.add_artist(LineCollection(thick, colors=["black"], linewidths=THICK, zorder=Z_BORDER))
        board.grid(lines=False)


def jug_name(i: int) -> str:
    """Jug i (0-based) as the pictures and `format_solution` name it: by its place, from 1."""
    return f"jug {i + 1}"


PUZZLE = Jugs()
