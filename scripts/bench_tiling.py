"""Seed 001's draught board puzzle: our tiling search against the seed's own depth-first
search, ported to Python 3.

    python scripts/bench_tiling.py [--limit 120] [--stones datasets/examples/tiling_seed001_8x8.txt]

The port keeps the seed's algorithm step for step (checkerboardpuzzle_board.py and
friends): numpy boards where a stone cell adds -1/1 and a covered cell is multiplied by 10,
the placement list filtered after every placement, every field's fillings rebuilt from
scratch, the stone with the fewest placements next, the first stone's rotated and mirrored
boards skipped, and the open and closed lists searched linearly for repeated boards. Only
its printing is left out (and Python 2's `filter`/`map` lists become list comprehensions).
It runs until it has searched everything or `--limit` seconds have passed.

Ours: `tiling_counts` (every tiling, counted with identical stones apart, as one, and up to
the board's symmetries) and the SAT engine's first solution (`puzzlelab solve`).
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzlelab.lab.engine.sat import SatSession  # noqa: E402
from puzzlelab.solvers.tiling import PUZZLE, tiling_counts  # noqa: E402

# ---- the seed's statics -----------------------------------------------------------------------
B, W, EMPTY = -1, 1, 0
COLORS = [B, W]
FILLED_FACTOR = 10
FILLED = [B * FILLED_FACTOR, W * FILLED_FACTOR]
FIELD_INVALID = [-11, -9, 11, 9, 0]


class OutOfTime(Exception):
    pass


def generate_rotated_nparrays(a: np.ndarray) -> list[np.ndarray]:
    r1 = np.rot90(a)
    r2 = np.rot90(r1)
    r3 = np.rot90(r2)
    return [a, r1, r2, r3, np.fliplr(a), np.fliplr(r1), np.fliplr(r2), np.fliplr(r3)]


def unique_nparrays(arrays: list[np.ndarray]) -> list[np.ndarray]:
    unique: list[np.ndarray] = []
    for a in arrays:
        if not any(a.shape == u.shape and (a == u).all() for u in unique):
            unique.append(a)
    return unique


class Rotation:
    def __init__(self, nparray: np.ndarray):
        self.nparray = nparray


class Stone:
    def __init__(self, nparray: np.ndarray):
        self.rotations = [Rotation(r) for r in unique_nparrays(generate_rotated_nparrays(nparray))]


def read_stones(text: str) -> list[Stone]:
    """read_stones_from_file: rows of B, W, _ with commas, each stone ended by a `=` line."""
    stones, rows = [], []
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if "=" in line:
            stones.append(Stone(np.array(rows)))
            rows = []
        else:
            rows.append([B if x == "B" else W if x == "W" else EMPTY for x in line.split(",")])
    return stones


def stone_frequency(stones: list[Stone]) -> dict[Stone, int]:
    """Identical stones (equal in some rotation) counted once, with their number."""
    freq: dict[Stone, int] = {}
    for new in stones:
        for old in freq:
            if any(np.array_equal(rn.nparray, ro.nparray) for rn in new.rotations for ro in old.rotations):
                freq[old] += 1
                break
        else:
            freq[new] = 1
    return freq


class Board:
    def __init__(self, w: int, h: int, stones_free: dict[Stone, int]):
        self.w, self.h, self.stones_free = w, h, stones_free
        self.board: np.ndarray = np.zeros((h, w), int)
        self.stones_possible_placements: list = []
        self.fields_possible_fillings: list = []
        self.stones_placed: dict = {}

    def __copy__(self) -> Board:
        other = Board(self.w, self.h, self.stones_free.copy())
        other.board = self.board.copy()
        other.stones_possible_placements = copy.copy(self.stones_possible_placements)
        other.fields_possible_fillings = copy.copy(self.fields_possible_fillings)
        other.stones_placed = self.stones_placed.copy()
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board) or len(self.stones_placed) != len(other.stones_placed):
            return False
        return all(s in other.stones_placed for s in self.stones_placed)

    __hash__ = None  # type: ignore[assignment]  # as in the seed: boards are compared, not hashed

    def initialize_empty_board(self) -> None:
        self.board = np.array([[B if abs(x - y) % 2 == 0 else W for x in range(self.w)] for y in range(self.h)])
        self.stones_possible_placements = self.generate_initial_stone_placements()
        self.stones_placed = {}
        self.fields_possible_fillings = self.generate_initial_field_fillings()

    def generate_initial_stone_placements(self) -> list:
        placements = []
        for stone in self.stones_free:
            for rotation in stone.rotations:
                for y in range(self.h - len(rotation.nparray) + 1):
                    for x in range(self.w - len(rotation.nparray[0]) + 1):
                        if self.is_stone_placement_possible(rotation, y, x):
                            placements.append((stone, rotation, y, x))
        return placements

    def generate_initial_field_fillings(self) -> list:
        fillings = []
        for fy in range(len(self.board)):
            for fx in range(len(self.board[0])):
                for p in self.stones_possible_placements:
                    if self.is_field_fillable(fy, fx, *p):
                        fillings.append((fy, fx, *p))
        return fillings

    @staticmethod
    def is_field_fillable(fy: int, fx: int, stone: Stone, rotation: Rotation, ry: int, rx: int) -> bool:
        a = rotation.nparray
        if ry <= fy < ry + len(a) and rx <= fx < rx + len(a[0]):
            return a[fy - ry, fx - rx] in COLORS
        return False

    def stone_placement_possibility_frequencies(self, index: int) -> dict:
        freq: dict = {}
        for k in self.stones_possible_placements:
            freq[k[index]] = freq.get(k[index], 0) + 1
        return freq

    def is_stone_placement_possible(self, rotation: Rotation, y: int, x: int) -> bool:
        a = rotation.nparray
        placement = self.board[y:y + len(a), x:x + len(a[0])] + a
        return not any(invalid in placement for invalid in FIELD_INVALID)

    def place_stone_on_board(self, stone: Stone, rotation: Rotation, y: int, x: int) -> None:
        cnt = self.stones_free[stone]
        if cnt == 1:
            del self.stones_free[stone]
        else:
            self.stones_free[stone] = cnt - 1
        self.stones_placed[(stone, rotation, y, x)] = len(self.stones_placed)
        a = rotation.nparray
        sub = self.board[y:y + len(a), x:x + len(a[0])]
        for iy in range(len(a)):
            for ix in range(len(a[0])):
                if a[iy, ix] in COLORS:
                    sub[iy, ix] = sub[iy, ix] * FILLED_FACTOR
        if cnt == 1:
            self.stones_possible_placements = [p for p in self.stones_possible_placements if p[0] is not stone]
        self.stones_possible_placements = [p for p in self.stones_possible_placements
                                           if self.is_stone_placement_possible(*p[1:4])]
        self.fields_possible_fillings = self.generate_initial_field_fillings()

    def is_valid(self) -> bool:
        placed_stones = [p[0] for p in self.stones_possible_placements]
        if any(stone not in placed_stones for stone in self.stones_free):
            return False
        freq: dict = {}
        for f in self.fields_possible_fillings:
            freq[f[0:2]] = freq.get(f[0:2], 0) + 1
        for y in range(len(self.board)):
            for x in range(len(self.board[0])):
                if self.board[y, x] not in FILLED and (y, x) not in freq:
                    return False
        return True

    def is_solved(self) -> bool:
        return len(self.stones_free) == 0

    def successors(self) -> list[Board]:
        freq = self.stone_placement_possibility_frequencies(0)
        stone = min(freq, key=freq.get)
        keys = [k for k in self.stones_possible_placements if k[0] is stone]
        successors: list[Board] = []
        all_rotations: list[np.ndarray] = []
        for key in keys:
            suc = copy.copy(self)
            suc.place_stone_on_board(*key)
            if not suc.is_valid():
                continue
            if self.stones_placed:
                successors.append(suc)
            elif not any(r.shape == suc.board.shape and (r == suc.board).all() for r in all_rotations):
                rotated = []
                for r1 in unique_nparrays(generate_rotated_nparrays(suc.board)):
                    rotated += unique_nparrays(generate_rotated_nparrays(r1))
                all_rotations += unique_nparrays(rotated)
                successors.append(suc)
        return successors


def seed_search(text: str, side: int, limit: float) -> tuple[int, int, float | None, float, bool]:
    """depth_first_search: (solutions, boards opened, seconds to the first, seconds, finished)."""
    start = time.process_time()
    board = Board(side, side, stone_frequency(read_stones(text)))
    board.initialize_empty_board()
    list_open, list_closed, solutions, first = [board], [], [], None
    while list_open:
        if time.process_time() - start > limit:
            return len(solutions), len(list_closed), first, time.process_time() - start, False
        cur = list_open.pop()
        list_closed.append(cur)
        for suc in cur.successors():
            if suc in list_open or suc in list_closed:
                continue
            if suc.is_solved():
                solutions.append(suc)
                list_closed.append(suc)
                first = first if first is not None else time.process_time() - start
            else:
                list_open.append(suc)
    return len(solutions), len(list_closed), first, time.process_time() - start, True


def ours(text: str) -> tuple[float, float, object]:
    """(seconds to the SAT engine's first tiling, seconds to count them all, the counts)."""
    inst = PUZZLE.parse(text)
    start = time.process_time()
    session = SatSession(PUZZLE, inst.params)
    assert session.solve(inst.clues).sat
    session.close()
    first = time.process_time() - start
    start = time.process_time()
    counts = tiling_counts(inst)
    return first, time.process_time() - start, counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stones", default=str(ROOT / "datasets" / "examples" / "tiling_seed001_8x8.txt"))
    ap.add_argument("--limit", type=float, default=120.0, help="seconds for the seed's search")
    args = ap.parse_args()
    text = Path(args.stones).read_text()
    side = PUZZLE.parse(text).params.width
    first, total, counts = ours(text)
    print(f"ours: first tiling {first:.2f} s (SAT); all tilings {total:.2f} s: {counts.apart} with identical "
          f"stones apart, {counts.identical} as one, {counts.symmetric} up to the board's symmetries")
    found, opened, seed_first, seed_total, done = seed_search(text, side, args.limit)
    spent = "all searched" if done else f"stopped at the {args.limit:.0f} s limit"
    shown = "none" if seed_first is None else f"{seed_first:.2f} s"
    print(f"seed: first tiling {shown}; {found} tilings, {opened} boards opened, {spent}")
    if seed_first is not None:
        print(f"ratio, first tiling: seed/ours = {seed_first / first:.1f}")
    bound = "" if done else " at least"
    print(f"ratio, all tilings: seed/ours ={bound} {seed_total / total:.1f}"
          + ("" if done else f" (the seed had found {found} of {counts.identical})"))


if __name__ == "__main__":
    main()
