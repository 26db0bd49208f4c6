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

from lab.puzzle import Instance, PuzzleError
from solvers.sudoku import Grid, SudokuParams

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


class HumanSolver:
    """Candidates as bitmasks; `value[i]` is 0 for an open cell, and a placed cell has no
    candidates left. Records kept up to date as cells change spare the techniques a rescan:
    the open cells down to one candidate (`singles`), per unit its open cells in unit order
    (`open_in`), and how many cells are open (`unsolved`)."""

    def __init__(self, params: SudokuParams, clues: dict[tuple[int, int], int]):
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
        self.place(i, self.cand[i].bit_length())
        return True

    def hidden_single(self) -> bool:
        cand = self.cand
        for unit in self.open_in:
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
        for unit, small in zip(self.open_in, few):
            if len(small) < k or len(unit) == k:
                continue  # no group, or no other open cell to clear
            if k == 2:
                for a, b in combinations(small, 2):
                    digits = cand[a] | cand[b]
                    if digits.bit_count() == 2 and self.eliminate([i for i in unit if i != a and i != b], digits):
                        return True
            else:
                for a, b, c in combinations(small, 3):
                    digits = cand[a] | cand[b] | cand[c]
                    if digits.bit_count() == 3 and self.eliminate([i for i in unit if i not in (a, b, c)], digits):
                        return True
        return False

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
            if pointing and self.eliminate(rest_line, pointing):
                return True
            claiming = inside & ~out_line & out_box  # line's places in this box only
            if claiming and self.eliminate(rest_box, claiming):
                return True
        return False

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


def human_solve(inst: Instance) -> HumanGrade:
    """Solve with human techniques only, keeping the grid (for checks against SAT)."""
    try:
        solver = HumanSolver(inst.params, inst.clues)
    except Contradiction:
        return HumanGrade(GUESSING, False, 0, {name: 0 for name in TECHNIQUES}, True)
    return solver.run()


def human_grade(inst: Instance) -> dict[str, Any]:
    """The hardest human technique needed, the number of steps, and whether the
    techniques alone solved the puzzle, as a flat JSON-able dict."""
    return human_solve(inst).to_json()
