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

import math
import re
from dataclasses import dataclass

from ..lab.engine.puzzle import Answer, Instance, MovePuzzle, PuzzleError, number, quote
from ..lab.engine.search import METHODS, MoveProblem, solve
from ..lab.toolkit.answers import moves_text, read_moves
from ..lab.toolkit.codecs import MethodCodec
from ..lab.toolkit.forms import MOVES_JSON
from ..lab.toolkit.textgrid import JsonObject, json_shown, numbered_lines

Amounts = tuple[int, ...]
Goal = tuple[int | None, ...]  # None: any amount
Pour = tuple[int, int, int]  # (from jug, to jug, litres), jugs 0-based
Words = tuple[list[str], int | None]  # one list's amounts as read, and the line they are on
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


class Jugs(MovePuzzle[JugParams, str, list[Pour]]):
    name = "jugs"
    aliases = ("jug", "water-jugs")
    title = "Water jugs: fewest pours to reach the goal amounts"
    rules_text = "Pour one jug into another, each time until it is empty or the other full, to reach the goal amounts."
    codecs = (MethodCodec("text"), MOVES_JSON)
    size_limit_text = SIZE_TEXT
    example = "capacities 3 5 8\nstart 0 0 8\ngoal 0 4 4"

    def check_size(self, inst: Instance) -> None:
        check_size(inst.params.capacities)

    # ---- text forms -------------------------------------------------------------
    def read_text(self, text: str) -> Instance:
        found: dict[str, tuple[list[str], int]] = {}
        for lineno, raw in numbered_lines(text, comment="#"):
            line = raw.strip()
            m = re.match(r"([A-Za-z]+)\s*:?\s*(.*)$", line)
            key = m.group(1).lower() if m else ""
            key = {"capacity": "capacities", "sizes": "capacities"}.get(key, key)
            if m is None or key not in KEYS:
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

    def from_json(self, text: str) -> Instance:
        """`capacities`, `start` and `goal`: lists of whole numbers, one a jug (null in
        `goal`: any amount)."""
        doc = JsonObject(text, self.name, KEYS, self.aliases)
        lists = [doc.array(key, what="amounts, one a jug") for key in KEYS]
        if len(lists[0]) > MAX_JUGS:  # before any amount is read
            raise PuzzleError(f"jugs puzzle of {len(lists[0])} jugs is too large: {SIZE_TEXT}", doc.where(KEYS[0])[0])
        words: list[Words] = []
        for key, values in zip(KEYS, lists):
            for v in values:
                if not (v is None and key == "goal") and (isinstance(v, bool) or not isinstance(v, int)):
                    raise doc.error(key, f"must be a list of whole numbers{' (or null)' * (key == 'goal')}, "
                                         f"got {json_shown(v)} in it")
            words.append(([("*" if v is None else str(v)) for v in values], doc.where(key)[0]))
        return self._instance(*words)

    def _instance(self, caps: Words, start: Words, goal: Words) -> Instance:
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
    def _litres(word: str, line: int | None, what: str, minimum: int = 0) -> int:
        if not re.fullmatch(r"\d+", word) or int(word) < minimum:
            raise PuzzleError(f"bad {what} {quote(word)} (a whole number >= {minimum})", line)
        return int(word)

    def json_fields(self, inst: Instance) -> dict[str, list[int | None]]:
        return {"capacities": list(inst.params.capacities), "start": list(inst.clues["start"]),
                "goal": list(inst.clues["goal"])}

    def write_text(self, inst: Instance) -> str:
        return "\n".join(f"{key} {' '.join('*' if v is None else str(v) for v in values)}"
                         for key, values in self.json_fields(inst).items())

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
        from ..lab.toolkit.draw import Board

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
        from ..lab.toolkit.draw import write

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
        from ..lab.toolkit.draw import write

        x, y = board.centre(r, 1 + (POUR_CELLS - 1) / 2)
        write(board.ax, x, y, text, size, va="middle", fit=POUR_CELLS - 0.3)

    @staticmethod
    def _lines(board, height: int, jugs: int) -> None:
        """Thin lines between the table's cells (the pour column is one cell of
        `POUR_CELLS`), thick around it, under the header and before the jugs."""
        from matplotlib.collections import LineCollection

        from ..lab.toolkit.draw import GRID, THICK, THIN, Z_BORDER, Z_GRID

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
