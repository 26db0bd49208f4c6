"""Human-style sudoku grading: the hardest pencil technique a solver needs, any box shape.

Techniques are tried cheapest first, and after every deduction the solver starts again
from the cheapest, so the hardest technique used is the hardest one *needed* (the rule
Simon Tatham's Solo uses for its grades). Candidates are bitmasks (bit d-1 = digit d).

* singles: a cell with one candidate left (naked single);
* hidden_singles: a digit with one place left in a row, column or box;
* pairs: naked pairs and triples: k cells of a unit whose candidates together are k
  digits; no other cell of the unit holds those digits;
* intersections: pointing (a digit's places in a box all lie in one row or column: it
  leaves the rest of that line) and box-line reduction (the other way round);
* guessing: none of these makes progress; a person would have to try and backtrack.

Sudoku Explainer rates intersections below naked pairs; this order follows the project's
issue. Reordering is a change to `TECHNIQUES` and to the table in `HumanSolver.step`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any

from ..lab.engine.puzzle import Instance, PuzzleError
from .sudoku import Grid, SudokuParams

TECHNIQUES = ("singles", "hidden_singles", "pairs", "intersections")
GUESSING = "guessing"
RANK = {name: rank for rank, name in enumerate(TECHNIQUES)}  # the hardest used has the highest


@dataclass(frozen=True)
class Geometry:
    """Cell indices (r * n + c) of the units, each cell's units and peers, and each box/line
    crossing as (cells in both, rest of the box, rest of the line). Built once per box shape,
    so the solver's loops only index."""

    n: int
    units: tuple[tuple[int, ...], ...]  # each in ascending cell order: ties go to the first cell
    units_of: tuple[tuple[int, ...], ...]  # indices into `units`
    peers: tuple[tuple[int, ...], ...]
    crossings: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]


@lru_cache(maxsize=16)
def geometry(params: SudokuParams) -> Geometry:
    n = params.n
    units = [tuple(sorted(r * n + c for r, c in unit)) for unit in params.units()]
    peers: list[set[int]] = [set() for _ in range(n * n)]
    units_of: list[list[int]] = [[] for _ in range(n * n)]
    for u, unit in enumerate(units):
        for i in unit:
            peers[i].update(unit)
            units_of[i].append(u)
    lines, boxes = units[:2 * n], units[2 * n:]
    crossings = []
    for box in boxes:
        for line in lines:
            both = set(box) & set(line)
            if len(both) > 1:  # a single shared cell says nothing a single would not
                crossings.append((tuple(sorted(both)), tuple(i for i in box if i not in both),
                                  tuple(i for i in line if i not in both)))
    return Geometry(n, tuple(units), tuple(map(tuple, units_of)),
                    tuple(tuple(sorted(p - {i})) for i, p in enumerate(peers)), tuple(crossings))


class Contradiction(Exception):
    """The clues break the rules (a cell or a unit ran out of candidates)."""


@dataclass
class HumanGrade:
    """What the human-technique solver achieved; `to_json` is a flat, JSON-able dict."""

    technique: str  # hardest technique needed, or "guessing"
    solved: bool
    steps: int  # deductions made (placements and elimination moves)
    counts: dict[str, int] = field(default_factory=dict)  # deductions per technique
    contradiction: bool = False
    grid: Grid | None = None  # the solution, when the techniques alone solved it

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"technique": self.technique, "solved": self.solved, "steps": self.steps,
                               "contradiction": self.contradiction}
        out.update({f"steps_{name}": self.counts.get(name, 0) for name in TECHNIQUES})
        return out


@dataclass(frozen=True)
class Move:
    """One deduction of the human path (`human_path`), as a person says it, and what it
    does: a digit placed in a cell, or digits removed from cells' candidates."""

    technique: str  # one of TECHNIQUES, or GUESSING where none applies
    text: str
    placed: str | None = None  # "r1c8": the cell a single fills, with `digits` its one digit
    removed_from: tuple[str, ...] = ()  # the cells an elimination clears `digits` from
    digits: tuple[int, ...] = ()


class HumanSolver:
    """Candidates as bitmasks; `value[i]` is 0 for an open cell, and a placed cell has no
    candidates left. Records kept up to date as cells change spare the techniques a rescan:
    the open cells down to one candidate (`singles`), per unit its open cells in unit order
    (`open_in`), and how many cells are open (`unsolved`). `moves`: where a list is given,
    each deduction is told there too (`human_path`); grading leaves it None."""

    def __init__(self, params: SudokuParams, clues: dict[tuple[int, int], int], moves: list[Move] | None = None):
        self.moves = moves
        self.geo = geometry(params)
        n = self.geo.n
        self.value = [0] * (n * n)
        self.cand = [(1 << n) - 1] * (n * n)
        self.unsolved = n * n
        self.singles: set[int] = set()
        self.open_in = [list(unit) for unit in self.geo.units]
        self.counts = {name: 0 for name in TECHNIQUES}
        self.techniques = tuple(zip(TECHNIQUES, (self.naked_single, self.hidden_single,
                                                 self.naked_subset, self.intersection)))
        for (r, c), d in clues.items():
            if not (0 <= r < n and 0 <= c < n and 1 <= d <= n):
                raise PuzzleError(f"clue r{r + 1}c{c + 1}={d} does not fit a {n}x{n} grid")
            self.place(r * n + c, d)

    # ---- the two moves ------------------------------------------------------------
    def place(self, i: int, d: int) -> None:
        bit = 1 << (d - 1)
        cand, singles = self.cand, self.singles
        if not cand[i] & bit:
            raise Contradiction
        self.value[i] = d
        self.unsolved -= 1
        cand[i] = 0
        singles.discard(i)
        open_in = self.open_in
        for u in self.geo.units_of[i]:
            open_in[u].remove(i)
        for p in self.geo.peers[i]:
            m = cand[p]
            if m & bit:  # then p is open: placed cells have no candidates
                m ^= bit
                cand[p] = m
                if not m & (m - 1):
                    if not m:
                        raise Contradiction
                    singles.add(p)

    def eliminate(self, cells: tuple[int, ...] | list[int], mask: int) -> bool:
        """Remove the digits in `mask` from open `cells`; True if anything changed."""
        cand, singles = self.cand, self.singles
        changed = False
        for i in cells:
            m = cand[i]
            if m & mask:
                m &= ~mask
                cand[i] = m
                changed = True
                if not m & (m - 1):
                    if not m:
                        raise Contradiction
                    singles.add(i)
        return changed

    # ---- techniques: each makes one deduction and returns True, or returns False ----
    def naked_single(self) -> bool:
        """The first cell (lowest index) with one candidate left."""
        if not self.singles:
            return False
        i = min(self.singles)
        d = self.cand[i].bit_length()
        self.place(i, d)
        if self.moves is not None:  # (told once it held: a contradiction stops the path before)
            self.moves.append(Move("singles", f"{self._cell(i)} = {d}: the only digit left in it", self._cell(i),
                                   digits=(d,)))
        return True

    def hidden_single(self) -> bool:
        cand = self.cand
        for u, unit in enumerate(self.open_in):
            once = twice = 0
            for i in unit:
                m = cand[i]
                twice |= once & m
                once |= m
            # The digits still to place in a unit are as many as its open cells, and no open
            # cell holds a placed digit: fewer candidate digits than open cells leaves one out.
            if once.bit_count() != len(unit):
                raise Contradiction  # a digit with no place left in this unit
            single = once & ~twice
            if single:
                bit = single & -single
                i = next(i for i in unit if cand[i] & bit)
                self.place(i, bit.bit_length())
                if self.moves is not None:
                    self.moves.append(Move("hidden_singles", f"{self._cell(i)} = {bit.bit_length()}: the only place "
                                                             f"for {bit.bit_length()} in {self._unit(u)}",
                                           self._cell(i), digits=(bit.bit_length(),)))
                return True
        return False

    def naked_subset(self) -> bool:
        """Naked pairs in every unit first, then naked triples."""
        two, three = self.few_candidates()
        return self.naked_group(two, 2) or self.naked_group(three, 3)

    def naked_group(self, few: list[list[int]], k: int) -> bool:
        """k cells of a unit (of `few`, its cells with at most k candidates) whose candidates
        together are k digits: the unit's other cells lose those digits."""
        cand = self.cand
        for u, (unit, small) in enumerate(zip(self.open_in, few)):
            if len(small) < k or len(unit) == k:
                continue  # no group, or no other open cell to clear
            if k == 2:
                for a, b in combinations(small, 2):
                    digits = cand[a] | cand[b]
                    if digits.bit_count() == 2 and self._group_clears(u, (a, b), digits):
                        return True
            else:
                for a, b, c in combinations(small, 3):
                    digits = cand[a] | cand[b] | cand[c]
                    if digits.bit_count() == 3 and self._group_clears(u, (a, b, c), digits):
                        return True
        return False

    def _group_clears(self, u: int, group: tuple[int, ...], digits: int) -> bool:
        """Unit u's open cells outside `group` lose `digits`: did any hold one?"""
        others = [i for i in self.open_in[u] if i not in group]
        if self.moves is None:
            return self.eliminate(others, digits)
        hit = [i for i in others if self.cand[i] & digits]
        if not self.eliminate(others, digits):
            return False
        name = "pair" if len(group) == 2 else "triple"
        self.moves.append(Move("pairs", f"naked {name} {', '.join(map(self._cell, group))} holds "
                                        f"{_digits(digits)} in {self._unit(u)}: "
                                        f"removed from {', '.join(map(self._cell, hit))}",
                               removed_from=tuple(map(self._cell, hit)), digits=_digit_tuple(digits)))
        return True

    def few_candidates(self) -> tuple[list[list[int]], list[list[int]]]:
        """Per unit, its open cells with at most two candidates and those with at most three,
        in unit order: one pass over the grid rather than one per unit."""
        two: list[list[int]] = [[] for _ in self.open_in]
        three: list[list[int]] = [[] for _ in self.open_in]
        units_of = self.geo.units_of
        for i, m in enumerate(self.cand):
            if m:
                size = m.bit_count()
                if size <= 3:
                    for u in units_of[i]:
                        three[u].append(i)
                        if size <= 2:
                            two[u].append(i)
        return two, three

    def intersection(self) -> bool:
        cand = self.cand
        for both, rest_box, rest_line in self.geo.crossings:
            inside = out_box = out_line = 0
            for i in both:
                inside |= cand[i]
            for i in rest_box:
                out_box |= cand[i]
            for i in rest_line:
                out_line |= cand[i]
            pointing = inside & ~out_box & out_line  # box's places in this line only
            if pointing and self._crossing_clears(both, rest_line, pointing, "pointing"):
                return True
            claiming = inside & ~out_line & out_box  # line's places in this box only
            if claiming and self._crossing_clears(both, rest_box, claiming, "claiming"):
                return True
        return False

    def _crossing_clears(self, both: tuple[int, ...], rest: tuple[int, ...], digits: int, kind: str) -> bool:
        """`rest` (of the box or of the line) loses `digits`, which the crossing `both` holds
        alone in the other one: did any cell of `rest` hold one?"""
        if self.moves is None:
            return self.eliminate(rest, digits)
        hit = [i for i in rest if self.cand[i] & digits]
        if not self.eliminate(rest, digits):
            return False
        n, units_of = self.geo.n, self.geo.units_of[both[0]]
        box = next(u for u in units_of if u >= 2 * n)
        line = next(u for u in units_of if u < 2 * n and all(u in self.geo.units_of[i] for i in both))
        inside, outside = (box, line) if kind == "pointing" else (line, box)
        self.moves.append(Move("intersections", f"{kind}: in {self._unit(inside)}, {_digits(digits)} can only be "
                                                f"in {self._unit(outside)}: removed from "
                                                f"{', '.join(map(self._cell, hit))}",
                               removed_from=tuple(map(self._cell, hit)), digits=_digit_tuple(digits)))
        return True

    def _cell(self, i: int) -> str:
        return f"r{i // self.geo.n + 1}c{i % self.geo.n + 1}"

    def _unit(self, u: int) -> str:
        n = self.geo.n
        return f"row {u + 1}" if u < n else f"column {u - n + 1}" if u < 2 * n else f"box {u - 2 * n + 1}"

    # ---- driving ------------------------------------------------------------------
    def step(self) -> str | None:
        """One deduction by the cheapest technique that finds one; its name, or None."""
        for name, technique in self.techniques:
            if technique():
                self.counts[name] += 1
                return name
        return None

    def run(self) -> HumanGrade:
        hardest = -1
        try:
            while self.unsolved:
                name = self.step()
                if name is None:
                    return self._grade(GUESSING, solved=False)
                hardest = max(hardest, RANK[name])
        except Contradiction:
            return self._grade(GUESSING, solved=False, contradiction=True)
        return self._grade(TECHNIQUES[max(hardest, 0)], solved=True)

    def _grade(self, technique: str, solved: bool, contradiction: bool = False) -> HumanGrade:
        n = self.geo.n
        grid = tuple(tuple(self.value[r * n:(r + 1) * n]) for r in range(n)) if solved else None
        return HumanGrade(technique, solved, sum(self.counts.values()), dict(self.counts), contradiction, grid)


def human_solve(inst: Instance, moves: list[Move] | None = None) -> HumanGrade:
    """Solve with human techniques only, keeping the grid (for checks against SAT); each
    deduction told in `moves` too, where a list is given."""
    try:
        solver = HumanSolver(inst.params, inst.clues, moves)
    except Contradiction:
        return HumanGrade(GUESSING, False, 0, {name: 0 for name in TECHNIQUES}, True)
    return solver.run()


def human_path(inst: Instance) -> tuple[HumanGrade, list[Move]]:
    """The human grade and the deductions it took, in order, as a person says them; where
    the techniques run out (or the clues contradict each other), a last move says so."""
    moves: list[Move] = []
    found = human_solve(inst, moves)
    if found.contradiction:
        moves.append(Move(GUESSING, "the clues contradict each other: a cell or a digit has no place left"))
    elif not found.solved:
        moves.append(Move(GUESSING, "no technique applies: a person would have to try a value and backtrack"))
    return found, moves


def _digit_tuple(mask: int) -> tuple[int, ...]:
    return tuple(d + 1 for d in range(mask.bit_length()) if mask >> d & 1)


def _digits(mask: int) -> str:
    """A digit mask as "1 and 7", "2, 5 and 9"."""
    ds = [str(d) for d in _digit_tuple(mask)]
    return ds[0] if len(ds) == 1 else ", ".join(ds[:-1]) + " and " + ds[-1]


def human_grade(inst: Instance) -> dict[str, Any]:
    """The hardest human technique needed, the number of steps, and whether the
    techniques alone solved the puzzle, as a flat JSON-able dict."""
    return human_solve(inst).to_json()
