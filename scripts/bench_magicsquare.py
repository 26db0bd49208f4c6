"""Seed 001's magic square against ours: the seed's best-first search (Rainhard Findling,
2014/11, Python 2), ported to Python 3 with its logic unchanged, on the seed's 5x5 board,
and our solve + uniqueness check (SAT) and CP-SAT on the same board. Prints both times and
the ratio.

    python scripts/bench_magicsquare.py [--repeat N]

The port changes only what Python 3 needs: `reduce` from functools, `filter` and `map`
wrapped in `list` where the seed takes `len` or indexes, `__cmp__` as `__lt__` (the
heuristic order `nodes.sort()` uses), `print` as a function and the search's progress
prints left out (the seed prints only when a solution is found, and its closing paths).
"""

from __future__ import annotations

import argparse
import copy
import itertools
import statistics
import sys
import time
from functools import reduce
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# ---- the seed's solver, ported --------------------------------------------------------------
global_sum = 85
global_nrs_range = range(5, 30)
global_branchcutting_min_amount_of_filled_cells_to_perform_permutation_check = 3
global_heuristics_row_fill_stat_hist_weights = [12 ** x for x in range(6)]
_ = '__'  # placeholder for empty fields


class Cell:
    """representation of a cells in the gameboard."""

    def __init__(self, nr=_):
        self.nr = nr

    def __str__(self):
        return f'{self.nr!s:>2}'

    def __repr__(self):
        return self.__str__()


class Board:
    """Representation of a gameboard holding all numbers + helper infos for solving it."""

    def __init__(self, gameboard, parent, available_nrs=None):
        self.gameboard = gameboard
        self.parent = parent
        if available_nrs is not None:
            self.available_nrs = available_nrs
        else:
            self.available_nrs = self.generate_available_nrs_from_gameboard()

    def generate_available_nrs_from_gameboard(self):
        return [x for x in global_nrs_range if x not in list(map(lambda x: x.nr, self.all_cells_as_vector()))]

    def all_cells_as_vector(self):
        return reduce(lambda x, y: x + y, self.gameboard)

    def __deepcopy__(self, memo):
        # we do not/cannot deepcopy parent!
        return Board(copy.deepcopy(self.gameboard), self.parent, copy.deepcopy(self.available_nrs))

    def __eq__(self, other):
        if other is None:
            return False
        for self_row, other_row in zip(self.gameboard, other.gameboard):
            for self_cell, other_cell in zip(self_row, other_row):
                if not self_cell.nr == other_cell.nr:
                    return False
        return True

    __hash__ = None

    def __lt__(self, other):  # the seed's __cmp__: by heuristic
        return self.heuristic() < other.heuristic()

    def copy_transposed(self):
        return [[row[nr] for row in self.gameboard] for nr in range(len(self.gameboard))]

    def diagonal_topleft_bottomright(self):
        return [self.gameboard[nr][nr] for nr in range(len(self.gameboard))]

    def diagonal_topright_bottomleft(self):
        return [self.gameboard[len(self.gameboard) - nr - 1][nr] for nr in range(len(self.gameboard))]

    def get_all_groups(self):
        return (self.gameboard + self.copy_transposed() + [self.diagonal_topleft_bottomright()]
                + [self.diagonal_topright_bottomleft()])

    def is_valid(self):
        """checks if this gameboard is valid / can still be solved in a valid way."""
        for row in self.get_all_groups():
            free = len(list(filter(lambda cell: cell.nr == _, row)))
            if (len(self.gameboard) - free
                    < global_branchcutting_min_amount_of_filled_cells_to_perform_permutation_check):
                continue
            if free == 0:
                if reduce(lambda x, y: x + y.nr, row, 0) != global_sum:
                    return False
                continue
            cur_sum = reduce(lambda x, y: x + (y.nr if y.nr != _ else 0), row, 0)
            sum_remainder = global_sum - cur_sum
            permutations = itertools.permutations(self.available_nrs, free)
            if not any([sum(x) == sum_remainder for x in permutations]):
                return False
        return True

    def is_filled(self):
        for row in self.gameboard:
            for cell in row:
                if cell.nr == _:
                    return False
        return True

    def generate_successors(self):
        successors = []
        counts = [len(list(filter(lambda cell: cell.nr != _, row))) for row in self.get_all_groups()]
        row_nr = counts.index(max(filter(lambda x: x < len(self.gameboard), set(counts))))
        row = self.get_all_groups()[row_nr]
        for cell_nr in range(len(row)):
            cell = row[cell_nr]
            if cell.nr == _:
                for nr in self.available_nrs:
                    suc = copy.deepcopy(self)
                    suc.available_nrs.remove(nr)
                    suc.get_all_groups()[row_nr][cell_nr].nr = nr
                    suc.parent = self
                    if suc.is_valid():
                        successors.append(suc)
        return successors

    def fill_stat_hist(self):
        counts = [len(list(filter(lambda cell: cell.nr != _, row))) for row in self.get_all_groups()]
        return [len(list(filter(lambda x: x == i, counts))) for i in range(len(self.gameboard) + 1)]

    def fill_stat_hist_weighted(self):
        return list(map(lambda x: x[0] * x[1],
                        zip(self.fill_stat_hist(), global_heuristics_row_fill_stat_hist_weights)))

    def heuristic(self):
        return sum(self.fill_stat_hist_weighted())


def generate_board(board):
    return Board([[Cell(x) for x in row] for row in board], None)


SEED_BOARD = [
    [_, _, _, _, 15],
    [_, _, 25, 17, _],
    [_, 26, _, 5, _],
    [_, 18, _, _, 11],
    [_, _, 21, _, _]]


def seed_search(board):
    """The seed's best-first search, to the end (it looks for every solution)."""
    b = generate_board(board)
    nodes = [b]
    closed = []
    solutions = []
    while len(nodes) > 0:
        nodes.sort()
        node = nodes.pop()
        closed.append(node)
        successors = node.generate_successors()
        suc_finished = list(filter(lambda suc: suc.is_filled(), successors))
        if len(suc_finished) > 0:
            solutions += suc_finished
        suc_unfinished = list(filter(lambda suc: not suc.is_filled(), successors))
        suc_to_add = list(filter(lambda suc: suc not in nodes and suc not in closed, suc_unfinished))
        nodes += suc_to_add
    return solutions, len(closed)


# ---- ours ---------------------------------------------------------------------------------------
def ours(text: str):
    from puzzlelab.lab.engine.sat import check_instance
    from puzzlelab.solvers.magicsquare import PUZZLE

    return check_instance(PUZZLE, PUZZLE.parse(text))


def ours_cpsat(text: str):
    from puzzlelab.lab.engine.cpsat import cpsat_count
    from puzzlelab.solvers.magicsquare import PUZZLE

    return cpsat_count(PUZZLE, PUZZLE.parse(text), limit=2)


def timed(fn, *args, repeat: int = 1):
    times, result = [], None
    for _i in range(repeat):
        start = time.perf_counter()
        result = fn(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of ours (median); the seed runs once")
    args = ap.parse_args()
    text = (ROOT / "tests" / "data" / "magicsquare_seed.txt").read_text()
    ours(text)  # imports and the first session out of the timing
    t_ours, check = timed(ours, text, repeat=args.repeat)
    t_cp, cp = timed(ours_cpsat, text, repeat=args.repeat)
    t_seed, (solutions, opened) = timed(seed_search, SEED_BOARD)
    stated = [[cell.nr for cell in row] for row in solutions[0].gameboard] if solutions else None
    same = stated is not None and tuple(map(tuple, stated)) == check.solutions[0]
    print(f"seed 001's board: ours (SAT solve + uniqueness) {check.status} in {t_ours * 1000:.1f} ms; "
          f"CP-SAT {cp.n} solution(s) in {t_cp * 1000:.1f} ms")
    print(f"seed's best-first search: {len(solutions)} solution(s), {opened} boards opened, {t_seed:.3f} s; "
          f"same solution: {same}")
    print(f"ratio seed / ours: {t_seed / t_ours:.1f}x (CP-SAT: {t_seed / t_cp:.1f}x)")


if __name__ == "__main__":
    main()
