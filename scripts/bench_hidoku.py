"""Our Hidoku check against the depth-first search of seed 001, on the seed's own 10x10 board;
and, with --generate, our 10x10 generation with its two encodings.

    python scripts/bench_hidoku.py [--repeat 3]
    python scripts/bench_hidoku.py --generate [--seeds 1,2,3] [--repeat 2]

--generate makes the 20 puzzles of `puzzlelab generate hidoku --size 10 --count 20 --seed S`
for each seed twice, interleaved: with the engine's loop on the puzzle's own rules (long
neighbour clauses) and on its `stripping_rules` (`projection_rules`), which `generate`
loads. The two must make the same puzzles (the script fails otherwise); each side keeps its
best CPU time. Grading (the engine's `measures`, as `generate` records it) is
timed once per seed, and the rate is the generator's with grading, as `generate` runs it.

Seed 001 (Rainhard Findling, 2015, Python 2) solves Hidoku by a depth-first search with branch
cutting, successors that place the number with the fewest placement possibilities, and the
"only one number fits this field" simplification; its main() searches the whole space (the
`break` after the first solution is commented out) and reports 1 solution and 1,220 nodes
opened on this board. Its code (line 55 of the seed, flattened onto one line) is rebuilt below
as `Board`, `read_board` and `seed_search` (its main() without the printing), with the same
classes, methods, data structures and search order. The board is read by the seed's own
`read_board` from tests/data/hidoku_seed.txt; the one solution it finds must equal
tests/data/hidoku_seed_solution.txt (the solution the seed prints), or this script fails.

Our side parses the same text and runs `check` (one solve plus "a solution other than this
one") on a freshly built solver with the rules cache emptied, as `puzzlelab check` runs it,
so rule building is counted. The runs interleave (seed, ours, seed, ours, ... for `--repeat`
rounds); each side keeps its best wall and CPU time.

Changes to the seed's code, only those Python 3 needs:
- `print` statements are removed (the logic around them is kept: the main()'s
  `board.placements_splitted_per_nr()` before the search and the initial `board.is_valid()`,
  and `check_empty_field_neighbor_permutations_ok` still fills the one possible number and
  re-runs `is_valid()`); `solution_path()` was only called for printing and is not called;
- `map`/`filter` results that are indexed, counted or measured are wrapped in `list(...)`;
- `reduce` comes from functools;
- `(t[0]+t[1])/2` (the number between two neighbours) is `//`, as Python 2 divided integers;
- `dict.keys()` (in `successors()`, which takes the number at the index of the fewest
  possibilities, so the first such number in key order wins a tie) is listed in the order
  CPython 2.7 iterated that dict (`py2_dict_keys`, an emulation of its open-addressing table:
  int keys hash to themselves, slot = key & mask, probing with `perturb`, the table growing
  4x at 2/3 full), not Python 3's insertion order. While 22 or more numbers are left the
  two agree (ascending); with fewer, Python 2 iterated e.g. {15, 40, 80} as 40, 80, 15. With
  this order the rebuilt search opens exactly the seed's 1,220 nodes (1,646 successors,
  average branching 1.3491803, as the seed prints); with Python 3's order (`--py3-dict-order`)
  it opens 1,216 and finds the same single solution. (The emulation was checked against a
  real Python 2.7.18 on 300 random sets of keys 1..100.)

Reading the flattened line: in `check_empty_field_neighbor_permutations_ok` the `else:` belongs
to `if amount_empty == 1` (no empty neighbour left: try the pairs of neighbours), and the
final `return False` closes the function (a single empty neighbour with no fitting number
falls through to it; were it inside the `else`, that case would return None, just as falsy).
In main() the `for ... else: continue` / `break` pair is kept as written.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from copy import copy
from functools import reduce
from pathlib import Path

import numpy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import puzzlelab.lab.engine.sat  # noqa: E402
from puzzlelab.lab.engine.sat import SatSession, SessionCache  # noqa: E402
from puzzlelab.lab.engine.solve import ONE_SHOT_SOLVER  # noqa: E402
from puzzlelab.lab.face import registry  # noqa: E402

BOARD = ROOT / "tests" / "data" / "hidoku_seed.txt"
SOLUTION = ROOT / "tests" / "data" / "hidoku_seed_solution.txt"
SEED_NODES = 1220  # "nodes_opened 1220", as the seed prints for this board


# ---- seed 001's solver, rebuilt from its line 55 (comments are the seed's) ----------------------

# Hidoku solver implementation using depth first search, branch cutting, intelligent successor
# generation and a little simplification.
# Rainhard Findling
# 2015/04
#
# possible improvements:
# - use a path finding algorithm, e.g. A* + manhattan distance instead of using max(y_dist,x_dist)
#   to determine possible minimum distances.
#

# STATICS
EMPTY = -1


def py2_dict_keys(d):
    """`d.keys()` in CPython 2.7's order, for a dict of int keys (>= 0) inserted in `d`'s order with no
    deletions: the seed's `keys()[i_min]` depends on it (not part of the seed's code)."""
    mask, used, table = 7, 0, [None] * 8

    def insert(table, mask, key):
        i = perturb = key  # hash(int) is the int
        while table[i & mask] is not None:
            i = (i << 2) + i + perturb + 1
            perturb >>= 5
        table[i & mask] = key

    for key in d:
        insert(table, mask, key)
        used += 1
        if used * 3 >= (mask + 1) * 2:  # fill == used: nothing is ever deleted
            size = 8
            while size <= 4 * used:
                size <<= 1
            old, mask, table = [k for k in table if k is not None], size - 1, [None] * size
            for k in old:
                insert(table, mask, k)
    return [k for k in table if k is not None]


KEYS = py2_dict_keys  # --py3-dict-order: lambda d: list(d.keys())


def seed_search(nparray):
    """The seed's main() after reading the board, prints removed: (solutions, nodes_opened,
    nr_of_successors)."""
    # load board, initialize it, print some statistics
    board = Board(nparray)
    board.initialize()
    # the seed prints these placements per nr; computed as the seed does, not printed
    tmp = board.placements_splitted_per_nr()  # noqa: F841
    board.is_valid()
    # depth first search
    list_open = [board]
    solutions = []
    nodes_opened = 0
    nr_of_successors = []
    while len(list_open) > 0:
        cur = list_open.pop()
        nodes_opened = nodes_opened + 1
        successors = cur.successors()
        for s in successors:
            nr_of_successors = nr_of_successors + [len(successors)]
            if s.is_solved():
                solutions = solutions + [s]
                # break # enable to quit search after the first solution, disable to search the complete search space
            else:
                list_open = list_open + [s]
        else:
            continue
        break  # reached only if the break above is enabled, as in the seed
    return solutions, nodes_opened, nr_of_successors


class Board:
    def __init__(self, nparray=None):
        self.nparray = nparray  # the gameboard as board
        self.nrs_yx_dict = None  # the gameboard as dict of nrs and corresponding y,x positions
        self.nr_range = None  # range of numbers to be contained in board
        self.nrs_left_to_place = None  # numbers left to be placed on the board
        self.nrs_placement_possibilities = None  # list of possible placement possibilities
        self.field_connection_status = None  # how many connections fields have left [0,2]
        self.parent = None

    def __str__(self):
        """str representation of nparray board."""
        sep = ' '
        top1 = '===' + ''.join(['====' for _ in range(len(self.nparray[0]))])
        top2 = '===' + ''.join(['==' for _ in range(len(self.nparray[0]))])
        s = '\n' + top1 + sep + top2 + '\n'
        for row_nr in range(len(self.nparray)):
            row = self.nparray[row_nr, :]
            s = s + '| ' + ' '.join(map(lambda x: '___' if x == EMPTY else '{:3.0f}'.format(x), row))  # noqa: UP032 + ' |'
            fillings = self.field_connection_status[row_nr, :]
            s = s + sep + '| ' + ' '.join(map(lambda x: 'x' if x == 0 else '.' if x == 1 else ' ', fillings)) + ' |\n'
        s = s + top1 + sep + top2 + '\n'
        return s

    def __copy__(self):
        other = Board()
        other.nparray = copy(self.nparray)
        other.nrs_yx_dict = copy(self.nrs_yx_dict)
        other.nr_range = self.nr_range  # no need to copy
        other.nrs_left_to_place = copy(self.nrs_left_to_place)
        other.nrs_placement_possibilities = copy(self.nrs_placement_possibilities)
        other.field_connection_status = copy(self.field_connection_status)
        return other

    def __repr__(self):
        return self.__str__()

    def __eq__(self, other):
        return (self.nparray == other.nparray).all()

    def __ne__(self, other):
        return not self.__eq__(other)

    def initialize(self):
        """initialize the board. meant to be called on first board in search tree only."""
        self.nr_range = range(1, len(self.nparray) * len(self.nparray[0]) + 1)
        self.nrs_left_to_place = self.generate_nrs_left_to_place()
        self.nrs_yx_dict = self.generate_nrs_yx_dict()
        self.nrs_placement_possibilities = self.generate_nrs_placement_possibilities()
        self.field_connection_status = self.generate_all_field_connection_status()

    def generate_nrs_yx_dict(self):
        """generate yx position index of nrs."""
        nrs_yx_dict = {}
        for y in range(len(self.nparray)):
            for x in range(len(self.nparray[0])):
                if not self.nparray[y, x] == EMPTY:
                    nrs_yx_dict[self.nparray[y, x]] = (y, x)
        return nrs_yx_dict

    def generate_nrs_placement_possibilities(self):
        """1 huge list containing tuples about which nrs are placeable on which fields."""
        nr_placements = []
        for nr in self.nrs_left_to_place:
            for y in range(len(self.nparray)):
                for x in range(len(self.nparray[0])):
                    if self.can_nr_be_placed_on_field(nr, y, x):
                        nr_placements = nr_placements + [(nr, y, x)]
        return nr_placements

    def generate_all_field_connection_status(self):
        """for all filled fields: generate field connection status."""
        field_connection_status = numpy.ones([len(self.nparray), len(self.nparray[0])], int) * 2
        for y in range(len(self.nparray)):
            for x in range(len(self.nparray[0])):
                field_connection_status[y, x] = self.generate_field_connection_status(y, x)
        return field_connection_status

    def generate_field_connection_status(self, y, x):
        """generate field connection status for the given nr on y and x pos."""
        neighborhood = self.get_neighborhood_nrs(y, x)
        nr = self.nparray[y, x]
        dist = list(map(lambda n: abs(nr - n), neighborhood))
        field_connection_status = 2 - dist.count(1)
        if nr == self.nr_range[0] or nr == self.nr_range[-1]:
            field_connection_status = field_connection_status - 1
        return field_connection_status

    def fill_nr_to_field(self, nr, y, x):
        """fill given nr to given field."""
        if nr not in self.nrs_left_to_place:
            raise Exception('cannot place a nr not left to place.')
        self.nrs_left_to_place.remove(nr)
        if self.nparray[y, x] != EMPTY:
            raise Exception('cannot place a nr on a non empty field.')
        self.nparray[y, x] = nr
        self.nrs_yx_dict[nr] = (y, x)
        self.field_connection_status[y, x] = self.generate_field_connection_status(y, x)
        for (iy, ix) in self.get_neighborhood_pos(y, x):
            self.field_connection_status[iy, ix] = self.generate_field_connection_status(iy, ix)
        self.nrs_placement_possibilities = list(filter(lambda p: self.can_nr_be_placed_on_field(*p),
                                                       self.nrs_placement_possibilities))

    def placements_splitted_per_nr(self):
        """split placement possibilities per nr."""
        splitted = {}
        for nr in self.nrs_left_to_place:
            for_nr = list(filter(lambda p: p[0] == nr, self.nrs_placement_possibilities))
            splitted[nr] = (len(for_nr), for_nr)
        return splitted

    def can_nr_be_placed_on_field(self, nr, y, x):
        """check if given nr is possible on y,x pos in field."""
        # only possible if empty
        if not self.nparray[y, x] == EMPTY:
            return False
        # only possible if nr still available
        if nr not in self.nrs_left_to_place:
            return False
        # check that nr is within range of other nrs on board
        return self.check_distance_to_other_nrs_ok(nr, y, x)

    def check_distance_to_other_nrs_ok(self, nr, y, x):
        """check if given nr on the given y,x is within range of other nrs on the board."""
        # -2 because -1 is max possible distance, therefore no cutoff effect
        d_max = max(len(self.nparray), len(self.nparray[0])) - 2
        for nr2 in range(nr - d_max, nr + d_max + 1):
            if nr == nr2 or nr2 not in self.nrs_yx_dict:
                continue
            pos2 = self.nrs_yx_dict[nr2]
            # ensure that nr and nr2 are within range
            d = self.distance((y, x), pos2)
            if d > abs(nr - nr2):
                # the distance between the nrs is bigger than the difference between nrs - impossible to place here
                # print 'dist too big (nr, nr2, y, x, dist):', nr, nr2, y, x, abs(nr-nr2)
                return False
        return True

    def generate_nrs_left_to_place(self):
        """generate list of nrs still to placed on the field."""
        nrs = []
        for nr in self.nr_range:
            if nr not in self.nparray:
                nrs = nrs + [nr]
        return nrs

    def get_neighborhood_pos(self, y, x):
        """tuples of (y,x) pos of neighborhood."""
        yx = []
        for iy in range(max(y - 1, 0), min(y + 2, len(self.nparray))):
            for ix in range(max(x - 1, 0), min(x + 2, len(self.nparray[0]))):
                if not (y == iy and x == ix):
                    yx = yx + [(iy, ix)]
        return yx

    def get_neighborhood_nrs(self, y, x):
        """get all fields that surround the specified field."""
        n = []
        for (iy, ix) in self.get_neighborhood_pos(y, x):
            n = n + [self.nparray[iy, ix]]
        return n

    def neigbors_not_fully_connected(self, y, x):
        """get neighbors to the given pos that are not yet fully connected."""
        neighborhood = self.get_neighborhood_nrs(y, x)
        not_fully_connected = []
        for n in neighborhood:
            if n == EMPTY:
                not_fully_connected = not_fully_connected + [n]
            else:
                (ny, nx) = self.nrs_yx_dict[n]
                if self.field_connection_status[ny, nx] > 0:
                    not_fully_connected = not_fully_connected + [n]
        return not_fully_connected

    def check_empty_field_neighbor_permutations_ok(self, y, x):
        """check if the field can be reached from it's neighbors permutations."""
        # attention: this does not handle first and last nr if they are not initially placed on the board
        if self.nparray[y, x] != EMPTY:
            raise Exception('trying to check a non empty field with the exhausting empty-field check...')
        not_fully_connected = self.neigbors_not_fully_connected(y, x)
        amount_empty = not_fully_connected.count(-1)
        if amount_empty >= 2:
            # we still have empty entrance and exit, too much effort to check
            return True
        if amount_empty == 1:
            # if only 1 possibility: plugin + redo check
            possible_fillings1 = set(reduce(lambda a, b: a if b == EMPTY else a + [b - 1, b + 1],
                                            not_fully_connected, []))
            possible_fillings2 = list(filter(lambda x: x in self.nrs_left_to_place, possible_fillings1))
            if len(possible_fillings2) > 1:
                # more than 1 possibility, still valid
                return True
            if len(possible_fillings2) == 1:
                # only this one possibility left! plugin, recheck
                self.fill_nr_to_field(possible_fillings2[0], y, x)
                return self.is_valid()
        else:
            if len(not_fully_connected) < 2:
                # impossible to connect if we have only 1 connectable field
                # print 'invalid, as permutations invalid', y, x
                return False
            permutations = list(itertools.combinations(not_fully_connected, 2))
            diff2 = list(map(lambda t: (abs(t[0] - t[1]), (t[0] + t[1]) // 2), permutations))
            # permutations where diff2 is 2 are valid if the nr between them is still placeable. if there is only
            # one: only possibility for that field. if there is none board is invalid
            diff2_valid = list(filter(lambda t: t[0] == 2, diff2))
            # check which nrs are still available to place
            diff2_available = list(filter(lambda t: t[1] in self.nrs_left_to_place, diff2_valid))
            if len(diff2_available) > 1:
                # more than 1 possibility, still valid
                return True
            if len(diff2_available) == 1:
                # only this one possibility left! plugin, recheck
                self.fill_nr_to_field(diff2_available[0][1], y, x)
                return self.is_valid()
        # print 'invalid, as permutations invalid', y, x
        return False

    def check_filled_field_valid_connections(self, y, x):
        """check that the given field can still be reached by means of predecessing and successing nr."""
        nr = self.nparray[y, x]
        if nr == EMPTY:
            raise Exception('trying to check an empty field with too inexact filled field check...')
        neighborhood = self.get_neighborhood_nrs(y, x)
        nr_frees = neighborhood.count(EMPTY)
        # print 'frees', nr_frees
        # empty do not count as the will not result in 1 distance as nr 0 does not exist
        connected_to_me = [abs(n - nr) for n in neighborhood].count(1)
        # print 'connected_to_me', connected_to_me
        need = 2
        if nr == self.nr_range[0] or nr == self.nr_range[-1]:
            need = 1
        if nr_frees + connected_to_me >= need:
            return True
        # print 'invalid, as too less connections filled field (nr, y, x)', nr, y, x
        return False

    def successors(self):
        """generate successors of."""
        # nr with least placement possibilities
        placements_splitted_per_nr = self.placements_splitted_per_nr()
        p_amount = list(map(lambda t: placements_splitted_per_nr[t][0], KEYS(placements_splitted_per_nr)))
        # print 'p_amount', p_amount
        i_min = p_amount.index(min(p_amount))
        # print 'i_min', i_min
        nr = KEYS(placements_splitted_per_nr)[i_min]
        # placement possibilities for nr
        # (nr,y,x)
        nr_possibilities = list(filter(lambda t: t[0] == nr, self.nrs_placement_possibilities))
        # sanity check: would there be a field that has only 1 nr to be filled with?
        yx_amount = {}
        for p in self.nrs_placement_possibilities:
            key = (p[1], p[2])
            if p not in yx_amount:
                yx_amount[key] = [p]
            else:
                yx_amount[key] = yx_amount[key] + [p]
        yx_ones = list(filter(lambda t: yx_amount[t] == 1, list(yx_amount.keys())))
        if len(nr_possibilities) > 1 and len(yx_ones) > 1:
            raise Exception('there is a field to fill with one nr instead. implement generating that successor '
                            'therefore.')
        successors = []
        for p in nr_possibilities:
            suc = copy(self)
            suc.parent = self
            suc.fill_nr_to_field(*p)
            if suc.is_valid():
                successors = successors + [suc]
        return successors

    def solution_path(self):
        """get solution path up to this point."""
        l = [self]
        cur = self
        while cur.parent is not None:
            l = [cur.parent] + l
            cur = cur.parent
        return l

    def distance_nrs(self, nr1, nr2):
        """get distance between nr1 and nr2 on board or None if at least one of the nrs is not present."""
        if nr1 not in self.nrs_yx_dict or nr2 not in self.nrs_yx_dict:
            return None
        pos1 = self.nrs_yx_dict[nr1]
        pos2 = self.nrs_yx_dict[nr2]
        return self.distance(pos1, pos2)

    def distance(self, pos1, pos2):
        """distance between pos1 and pos2."""
        return max(abs(pos1[0] - pos2[0]), abs(pos1[1] - pos2[1]))

    def is_valid(self):
        """check if board is still valid."""
        # check if each nr can be placed
        for nr in self.nrs_left_to_place:
            if len(list(filter(lambda t: t[0] == nr, self.nrs_placement_possibilities))) == 0:
                # print 'invalid as nr', nr, 'cannot be placed.'
                return False
        # check that each field if filled is connected or connectable and if not set has permutations of neighbors
        # that allow it to be filled
        for y in range(len(self.nparray)):
            for x in range(len(self.nparray[0])):
                if self.nparray[y, x] == EMPTY:
                    if not self.check_empty_field_neighbor_permutations_ok(y, x):
                        return False
                else:
                    if not self.check_filled_field_valid_connections(y, x):
                        return False
        return True

    def is_solved(self):
        """checks if the field is solved."""
        if len(self.nrs_left_to_place) == 0:
            # sanity checks
            if EMPTY in self.nparray:
                raise Exception('no numbers left to place, but still empty fields?')
            return True
        return False


def read_board(filepath):
    """read board from a textfile."""
    f = open(filepath)
    rows = []
    w = -1  # same width for all lines
    for line in f.read().splitlines():
        values = line.split(',')
        if w == -1:
            w = len(values)
        elif w != len(values):
            raise Exception('nr. of columns differ amongst rows.')
        values = list(map(lambda x: EMPTY if '_' in x else int(x), values))
        rows = rows = rows + [values]
    f.close()
    return numpy.array(rows)


# ---- the benchmark ------------------------------------------------------------------------------

def timed(fn) -> tuple[float, float, object]:
    """(wall seconds, CPU seconds, result) of one call."""
    t, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - t, time.process_time() - c, out


def seed_run(board: numpy.ndarray):
    """One complete search of the seed's (the search fills its board in place: a fresh copy each run)."""
    fresh = board.copy()
    return lambda: seed_search(fresh)


def our_check(text: str):
    """Our cold check of the board, as `puzzlelab check` runs it."""
    ptype = registry.puzzle("hidoku")
    inst = ptype.parse(text)

    def once():
        puzzlelab.lab.engine.sat._RULES_CACHE.clear()  # cold: rules built every time
        session = SatSession(ptype, inst.params, ONE_SHOT_SOLVER, one_shot=True)
        try:
            return session.check(inst.clues)
        finally:
            session.close()

    return once


def main() -> None:
    board = read_board(BOARD)
    stated = [[int(k) for k in line.split()] for line in SOLUTION.read_text().strip().splitlines()]
    text = BOARD.read_text()
    ours = our_check(text)
    inf = float("inf")
    seed_best, our_best = [inf, inf], [inf, inf]
    seed_result = our_result = None
    for _ in range(args.repeat):
        wall, cpu, seed_result = timed(seed_run(board))
        seed_best = [min(seed_best[0], wall), min(seed_best[1], cpu)]
        wall, cpu, our_result = timed(ours)
        our_best = [min(our_best[0], wall), min(our_best[1], cpu)]

    solutions, nodes_opened, nr_of_successors = seed_result
    if len(solutions) != 1:
        raise SystemExit(f"FAIL: the seed's search found {len(solutions)} solutions, not 1")
    found = solutions[0].nparray.tolist()
    if found != stated:
        raise SystemExit(f"FAIL: the seed's solution differs from the stated one in {SOLUTION.name}:\n{found}")
    if our_result.status != "unique" or [list(row) for row in our_result.solutions[0]] != stated:
        raise SystemExit(f"FAIL: our check says {our_result.status}, or its solution is not the stated one")

    order = "Python 3" if args.py3_dict_order else "Python 2"
    compare = "as the seed states" if nodes_opened == SEED_NODES else f"the seed states {SEED_NODES:,}"
    print(f"seed 001 DFS ({order} dict order): {len(solutions)} solution (= {SOLUTION.relative_to(ROOT)}), "
          f"nodes_opened {nodes_opened:,} ({compare}), nr_of_successors {sum(nr_of_successors):,}, "
          f"avg branching {sum(nr_of_successors) / float(len(nr_of_successors)):.8g}")
    print(f"best of {args.repeat} interleaved runs each (seed, ours, seed, ours, ...)\n")
    print(f"{'side':<14} {'wall s':>10} {'CPU s':>10}  verdict")
    print(f"{'seed 001 DFS':<14} {seed_best[0]:10.4f} {seed_best[1]:10.4f}  {len(solutions)} solution(s)")
    print(f"{'ours (check)':<14} {our_best[0]:10.4f} {our_best[1]:10.4f}  {our_result.status}")
    print(f"{'ratio seed/ours':<14} {seed_best[0] / our_best[0]:9.1f}x {seed_best[1] / our_best[1]:9.1f}x")


# ---- generation: the engine's loop on the puzzle's rules against the generator's --------------

class _PlainRules(SessionCache):
    """Sessions on the puzzle's own `rules`, even where the generator asks for its
    `stripping_rules`."""

    def get(self, ptype, params, stripping=False):
        return super().get(ptype, params)


def generate_seed(seed: int, own: bool) -> tuple[float, list]:
    """(CPU seconds, instances) for the 20 puzzles `generate --seed SEED` makes at 10x10, on
    the generator's encoding (`own`: `stripping_rules`) or on the puzzle's own rules; no
    grading."""
    from puzzlelab.lab.data.dataset import DatasetSpec
    from puzzlelab.lab.engine.generator import generate_one

    ptype, gen = registry.puzzle("hidoku"), registry.generator("hidoku")
    spec = DatasetSpec("hidoku", {"size": 10, "width": None, "height": None}, 20, seed=seed)
    params, made = gen.params(size=10), []
    sessions = SessionCache() if own else _PlainRules()
    start = time.process_time()
    for i in range(spec.count):
        made.append(generate_one(ptype, gen, params, spec.rng(i), sessions))
    return time.process_time() - start, [g.instance for g in made]


def grade_seconds(instances: list) -> float:
    """CPU seconds the engine's grade (`measures`, what `generate` records) takes for them."""
    from puzzlelab.lab.engine.grade import measures

    ptype = registry.puzzle("hidoku")
    start = time.process_time()
    for inst in instances:
        measures(ptype, inst)
    return time.process_time() - start


def generation() -> None:
    seeds = [int(s) for s in args.seeds.split(",")]
    best: dict[tuple[int, bool], float] = {}
    made: dict[int, list] = {}
    for _ in range(args.repeat):
        for seed in seeds:
            for own in (False, True):
                seconds, instances = generate_seed(seed, own)
                best[seed, own] = min(best.get((seed, own), float("inf")), seconds)
                if made.setdefault(seed, instances) != instances:
                    raise SystemExit(f"FAIL: seed {seed}: the two loops made different puzzles")
    print(f"20 puzzles a seed, 10x10; CPU seconds, best of {args.repeat} interleaved runs each\n")
    print(f"{'seed':>4} {'puzzle rules':>13} {'stripping':>10} {'grading':>8} {'puzzles/s':>10}")
    for seed in seeds:
        grading = grade_seconds(made[seed])
        ours = best[seed, True]
        print(f"{seed:>4} {best[seed, False]:13.2f} {ours:10.2f} {grading:8.2f} {20 / (ours + grading):10.1f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--generate", action="store_true", help="time 10x10 generation instead (see above)")
    ap.add_argument("--seeds", default="1,2,3", help="with --generate: the seeds, comma-separated")
    ap.add_argument("--repeat", type=int, default=3, help="rounds (seed then ours, each round)")
    ap.add_argument("--py3-dict-order", action="store_true",
                    help="take the seed's dict.keys() in Python 3's insertion order instead of Python 2's")
    args = ap.parse_args()
    if args.py3_dict_order:
        KEYS = lambda d: list(d.keys())  # noqa: E731
    if args.generate:
        generation()
    else:
        main()
