"""puzz.link addresses genre by genre, against pzprjs's own test script for each genre.

Four checks stand for every genre of the table `GENRES`:
- the script's URL is read in every form a person pastes (and under the genre's other names),
  written back letter for letter, and solved unique with the solution the script accepts (read
  from its pzprv3 board) — a solution our `verify` passes;
- the script's failcheck boards are refused by our `verify` for the same broken rule, or, where
  none is a complete grid, refused for its empty cells;
- what the genre cannot hold is refused in one line, at its column;
- twenty generated boards are written and read back unchanged.
Checks that belong to one genre alone follow, named by their genre."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError, PuzzleType
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face import registry
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.bridges import PUZZLE as BRIDGES
from puzzlelab.solvers.country import PUZZLE as COUNTRY
from puzzlelab.solvers.dbchoco import PUZZLE as DBCHOCO
from puzzlelab.solvers.filling import PUZZLE as FILLING
from puzzlelab.solvers.firefly import PUZZLE as FIREFLY
from puzzlelab.solvers.galaxies import PUZZLE as GALAXIES
from puzzlelab.solvers.lightup import PUZZLE as LIGHTUP
from puzzlelab.solvers.magnets import PUZZLE as MAGNETS
from puzzlelab.solvers.minesweeper import PUZZLE as MINESWEEPER
from puzzlelab.solvers.minesweeper import Layout
from puzzlelab.solvers.nonogram import PUZZLE as NONOGRAM
from puzzlelab.solvers.nurimaze import PUZZLE as NURIMAZE
from puzzlelab.solvers.nurimisaki import PUZZLE as NURIMISAKI
from puzzlelab.solvers.pearl import PUZZLE as PEARL
from puzzlelab.solvers.pearl import pearl_problems
from puzzlelab.solvers.range import PUZZLE as RANGE
from puzzlelab.solvers.sashigane import PUZZLE as SASHIGANE
from puzzlelab.solvers.shakashaka import PUZZLE as SHAKASHAKA
from puzzlelab.solvers.singles import PUZZLE as SINGLES
from puzzlelab.solvers.slant import PUZZLE as SLANT
from puzzlelab.solvers.sudoku import PUZZLE as SUDOKU
from puzzlelab.solvers.tents import PUZZLE as TENTS
from puzzlelab.solvers.towers import PUZZLE as TOWERS

DATA = Path(__file__).resolve().parent / "data" / "pzprjs" / "pzprjs_testdata.jsonl"

Lines = list[list[str]]


@cache
def pzprjs_rows() -> dict[str, dict]:
    """pzprjs's test data by genre id (url, solutions, failchecks)."""
    if not DATA.is_file():
        pytest.fail(f"pzprjs test data missing: {DATA}")
    return {row["pid"]: row for row in map(json.loads, DATA.read_text().splitlines())}


def pzprv3_lines(board: str) -> tuple[int, int, Lines]:
    """A pzprv3 board's size (rows, cols) and its lines after the header, each split into its
    space-separated items: `pzprv3/GENRE/ROWS/COLS/LINE/LINE/...`."""
    _, _, rows, cols, *lines = board.split("/")
    return int(rows), int(cols), [line.split() for line in lines if line.strip()]


def sudoku_lines(board: str) -> tuple[int, int, Lines]:
    """A pzprv3 sudoku board has one size, n (`pzprv3/sudoku/N/LINE/...`): n, n and its lines."""
    _, _, size, *lines = board.split("/")
    return int(size), int(size), [line.split() for line in lines if line.strip()]


# ---- pzprv3 boards read as our answers: (lines, rows, cols) -> answer ------------------------------
def mines_from_lines(lines: Lines, rows: int, cols: int) -> tuple[set, set]:
    """A mines pzprv3 board's marks after its numbers: `#` a mine, `+` a cell marked safe."""
    marks = lines[rows:2 * rows]
    return ({(r, c) for r in range(rows) for c in range(cols) if marks[r][c] == "#"},
            {(r, c) for r in range(rows) for c in range(cols) if marks[r][c] == "+"})


def filling_answer(lines: Lines, rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """pzprjs's Fillomino (and Sudoku) board: the givens' rows, then the written numbers' (`.`
    under a given or an empty cell; 0 here), then (Fillomino) the walls drawn."""
    return tuple(tuple(int(given if given.isdigit() else written if written.isdigit() else 0)
                       for given, written in zip(*pair)) for pair in zip(lines[:rows], lines[rows:2 * rows]))


def magnets_answer(lines: Lines, rows: int, cols: int) -> tuple[tuple[str, ...], ...]:
    """pzprjs's Magnets board: `a` for anti-magnets, the walls (rows x cols-1, rows-1 x cols), two
    lines of counts (+ then -) after two corners, then each row after its + and - counts: `a1`
    or `q1` a + (placed or given), `a2` or `q2` a -, anything else blank (`s1`, `s2` marked so,
    `#` an empty cell)."""
    cells = lines[(lines[0] == ["a"]) + 2 * rows - 1 + 2:][:rows]
    sign = {"a1": "+", "q1": "+", "a2": "-", "q2": "-"}
    return tuple(tuple(sign.get(item, ".") for item in line[2:cols + 2]) for line in cells)


def pearls_past_loose_ends(inst: Instance, solution: Any, code: str) -> list[str]:
    """pzprjs checks the pearls before loose ends, our verify stops at these: for its pearl codes
    the pearls' own problems are asked for as well."""
    if not code.startswith("mashu"):
        return []
    return [problem for cell, v in sorted(inst.clues.items())
            for problem in pearl_problems(inst.params, solution, cell, v)]


# ---- the genres ----------------------------------------------------------------------------------
Reader = Callable[[Instance, Lines, int, int], Any]


def on_grid(answer: Callable[[Lines, int, int], Any]) -> Reader:
    """A reader that needs only the board's lines and size, not the instance."""
    return lambda inst, lines, rows, cols: answer(lines, rows, cols)


def height_width(params: Any) -> tuple[int, int]:
    return params.height, params.width


@dataclass(frozen=True)
class Genre:
    """One puzz.link genre as pzprjs's test script gives it."""

    pid: str
    puzzle: PuzzleType
    # a pzprv3 board's lines (and size) as our answer to the test URL's instance; None: the genre's
    # own pzprv3 codec reads the whole board
    read: Reader | None = None
    aliases: tuple[str, ...] = ()  # the genre's other names in an address
    board_lines: Callable[[str], tuple[int, int, Lines]] = pzprv3_lines
    size: Callable[[Any], tuple[int, int]] = height_width  # the instance's (rows, cols), as pzprv3 has them
    solved_unique: bool = True  # False: a test of the genre's own compares its answer with the accepted board
    accepted: int = 0  # which accepted solution of the URL's size is the URL's puzzle, solved
    # pzprjs's failcheck codes (all boards whole grids) and what our `verify` says for the same broken rule
    failchecks: dict[str, str] = field(default_factory=dict)
    # where no failcheck board is a whole grid: what our `verify` says of its empty cells
    blanks_refused_with: str = ""
    variant: str = ""  # a pzprv3 flag of the script's boards no board of ours is (their failchecks are left out)
    more_problems: Callable[[Instance, Any, str], list[str]] | None = None  # problems `verify` stops before
    refused: tuple[tuple[str, int, str], ...] = ()  # an address the genre cannot hold, its column, the words said
    written_of_twenty: int = 20  # of twenty generated boards, how many puzz.link writes at least (0: not tried)


GENRES = (
    Genre("lightup", LIGHTUP, aliases=("akari",),
          failchecks={"nmAkariNe": "lamps next to it", "akariDup": "see each other", "ceDark": "dark:"},
          refused=(("https://puzz.link/p?lightup/101/6/nekcakbl", 29, "too large"),
                   ("https://puzz.link/p?lightup/x/6/6/nekcakbl", 29, "flags 'x'"),
                   ("https://puzz.link/p?lightup/6/6/nekcakblg", 41, "goes on after"),
                   ("https://puzz.link/p?lightup/6/6/nekc!kbl", 37, "'!'"))),
    Genre("mashu", PEARL, aliases=("pearl",),
          failchecks={"brNoLine": "no loop is drawn", "lnBranch": "3 ends", "lnCross": "4 ends", "lnDeadEnd": "1 ends",
                      "lnPlLoop": "separate loops", "mashuOnLine": "is not on the loop",
                      "mashuWCurve": "turns here, it must go straight",
                      "mashuBStrig": "goes straight through, it must turn",
                      "mashuBCvNbr": "turns right next to it", "mashuWStNbr": "turns in neither neighbour"},
          more_problems=pearls_past_loose_ends,
          refused=(("https://puzz.link/p?mashu/f/6/6/1063000i3000", 27, "every cell"),
                   ("https://puzz.link/p?mashu/1/6/1063000i3000", 27, "too small"),
                   ("https://puzz.link/p?pearl/41/6/1063000i3000", 27, "too large"),
                   ("https://puzz.link/p?mashu/6/6/1063000i3000z", 43, "goes on after"))),
    # brNoShade (nothing shaded) is pzprjs's own refusal of a blank answer: ours refuses it for its numbers
    Genre("kurodoko", RANGE,
          failchecks={"brNoShade": "white cells, its number says", "csAdjacent": "touch",
                      "cuDivideRB": "regions, not one", "nmSumViewNe": "white cells, its number says"},
          refused=(("https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4.", 44, "r5c3 holds a number not given"),
                   ("https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4-10", 44, "r5c3 holds the number 16"),
                   ("https://puzz.link/p?kurodoko/31/5/i7g5l2l2g4i", 30, "too large"))),
    # every failcheck board is a whole grid (brNoLine's with no bridge at all) breaking a rule ours share
    Genre("hashikake", BRIDGES,
          failchecks={"brNoLine": "its number says", "nmLineGt": "its number says", "nmLineLt": "its number says",
                      "lcDivided": "separate groups"},
          refused=(("https://puzz.link/p?hashikake/41/5/4g2", 36, "too large"),
                   ("https://puzz.link/p?hashikake/3/1/h", 35, "at least two islands"),
                   ("https://puzz.link/p?hashikake/3/1/-11g1", 35, "at most 16")),
          written_of_twenty=10),
    Genre("nonogram", NONOGRAM, failchecks={"exNoMatch": "clue says"},
          refused=(("https://puzz.link/p?nonogram/2/2/g1.", 34, "every run's length"),
                   ("https://puzz.link/p?nonogram/2/2/0", 34, "every run's length")),
          written_of_twenty=10),  # a nonogram the generator gave givens is not written
    Genre("mines", MINESWEEPER, solved_unique=False,
          failchecks={"nmMinesNe": "mines touch it"},
          refused=(("https://puzz.link/p?mines/3/1/9", 31, "0 to 8"),
                   ("https://puzz.link/p?mines/3/1/1", 31, "touches no number"),
                   ("https://puzz.link/p?mines/3/2/1g1i", 31, "allow 1 to 2 mines"),
                   ("https://puzz.link/p?mines/2/1/2", 31, "no mine layout")),
          written_of_twenty=0),
    # brNoShade (nothing shaded) is pzprjs's own refusal of a blank answer: ours refuses it for the numbers
    # that repeat
    Genre("hitori", SINGLES,
          failchecks={"brNoShade": "repeats", "csAdjacent": "touch", "cuDivideRB": "regions, not one",
                      "nmDupRow": "repeats"},
          refused=(("https://puzz.link/p?hitori/4/4/11141423332142130", 48, "goes on after"),
                   ("https://puzz.link/p?hitori/4/4/1114142333214215", 47, "'5' out of range 1..4"),
                   ("https://puzz.link/p?hitori/4/4/1114102333214213", 37, "number 0"),
                   ("https://puzz.link/p?hitori/4/4/11141@2333214213", 37, "unknown number"),
                   ("https://puzz.link/p?hitori/4/4/1114142333!14213", 42, "'!'"),
                   ("https://puzz.link/p?hitori/62/4/1114142333214213", 28, "too large"))),
    # the 't' variant: areas of at most 3 cells. Its own reader stays: pzprjs's ceNoNum board turns two
    # givens into '?', a puzzle other than the URL's (and none Filling can hold)
    Genre("fillomino", FILLING, on_grid(filling_answer), blanks_refused_with="digits run 1..", variant="t",
          refused=(("https://puzz.link/p?fillomino/t/3/3/", 31, "at most 3 cells"),
                   ("https://puzz.link/p?fillomino/21/3/g", 31, "too large"),
                   ("https://puzz.link/p?fillomino/3/3/h.", 36, "unknown number"),
                   ("https://puzz.link/p?fillomino/3/3/h-0a", 36, "10 is out of range 1..9"),
                   ("https://puzz.link/p?fillomino/2/2/z8", 36, "given walls"),
                   ("https://puzz.link/p?fillomino/2/2/z000", 38, "goes on after"))),
    Genre("sudoku", SUDOKU, board_lines=sudoku_lines,
          size=lambda p: (p.box_rows * p.box_cols,) * 2, blanks_refused_with="not a digit 1..4",
          refused=(("https://puzz.link/p?sudoku/4/4/g1k23k3gg", 40, "goes on after"),
                   ("https://puzz.link/p?sudoku/4/4/g5", 33, "digit 5 out of range 1..4"),
                   ("https://puzz.link/p?sudoku/4/4/g.", 33, "unknown digit"),
                   ("https://puzz.link/p?sudoku/4/6/g1", 28, "not square"),
                   ("https://puzz.link/p?sudoku/8/8/g1", 28, "sizes are 4, 6, 9, 16, 25"),
                   ("https://puzz.link/p?sudoku/36/36/g1", 28, "too large"),
                   ("https://puzz.link/p?sudoku/x/4/4/g1", 28, "flags 'x'"))),
    # no failcheck board is a Latin square to hold our visibility rules against. The first accepted board
    # gives a height in the grid, another puzzle than the URL's (test_towers_accepted_boards_...): the second
    Genre("skyscrapers", TOWERS, size=lambda p: (p.n, p.n), accepted=1,
          blanks_refused_with="does not hold each height 1..4 once",
          refused=(("https://puzz.link/p?skyscrapers/4/5/k13h4j3g", 33, "Towers is square"),
                   ("https://puzz.link/p?skyscrapers/17/17/k13h4j3g", 33, "too large"),
                   ("https://puzz.link/p?skyscrapers/4/4/k15h4j3g", 39, "below column 3: 5 is not a height 1..4"),
                   ("https://puzz.link/p?skyscrapers/4/4/k10h4j3g", 39, "below column 3: 0 is not a height"),
                   ("https://puzz.link/p?skyscrapers/4/4/k13h4j3g.", 45, "r1c1: ? is not a height"),
                   ("https://puzz.link/p?skyscrapers/4/4/k13h4j3gzz", 46, "goes on after"),
                   ("https://puzz.link/p?skyscrapers/x/4/4/k13h4j3g", 33, "flags 'x'"))),
    # a cell not marked is empty or blank, for pzprjs too: each failcheck board is a whole grid
    Genre("tents", TENTS,
          failchecks={"nmTentNone": "0 tents for 5 trees", "nmTreeNone": "1 tents for 5 trees", "tentAround": "touch",
                      "exTentNe": "the count says", "nmTentLt": "the count says", "nmTentGt": "the count says"},
          refused=(("https://puzz.link/p?tents/5/5/2g0h1i7j82323", 37, "count 7 is more than the 5 cells"),
                   ("https://puzz.link/p?tents/5/5/2g.h1i1j82323", 33, "a count shown as ?"),
                   ("https://puzz.link/p?tents/5/5/2g0h1i1j8232!", 43, "'!'"),
                   ("https://puzz.link/p?tents/5/5/2g0h1i1j823230", 44, "goes on after"),
                   ("https://puzz.link/p?tents/41/5/2g0h1i1j82323", 27, "too large"))),
    # the 'a' variant: anti-magnets (nmAdjDiff), rules ours lack. A board of pzprjs's own (bkNumGt2: three
    # poles in a room of three cells) is held against the URL's dominoes, which it breaks as well: read by its
    # own reader, as that room is no board of ours
    Genre("magnets", MAGNETS, on_grid(magnets_answer), variant="a",
          failchecks={"nmAdjacent": "are both", "bkNumLt2": "neither blank nor a magnet",
                      "bkNumGt2": "neither blank nor a magnet", "exPlusNe": "+ cells, the clue says",
                      "exMinusNe": "- cells, the clue says"},
          refused=(("https://puzz.link/p?magnets/a/5/5/g222j2h2g22g0g32fubmo3or00000000000400", 29, "anti-magnets"),
                   ("https://puzz.link/p?magnets/5/5/g222j2h2g22g0g32fubmo3or00000000000000", 49,
                    "r1c3 is in a room of more than two cells"),
                   ("https://puzz.link/p?magnets/2/1/000000g", 39, "a room of one cell that may hold a pole"),
                   ("https://puzz.link/p?magnets/5/5/g222j2h2g22g0g32fubmo3or0000i000000400", 61,
                    "r3c3 is an empty cell and a given -"),
                   ("https://puzz.link/p?magnets/21/5/g222j2h2g22g0g32fubmo3or00000000000400", 29, "too large"))),
    # two failcheck boards are other puzzles than the URL's (bkNoLine cuts a room in two, lnPlLoop changes a
    # number): tests/test_country.py holds every failcheck against its own board
    Genre("country", COUNTRY,
          refused=(("https://puzz.link/p?country/e/5/5/amda0uf02h12h", 29, "rooms the loop may leave out"),
                   ("https://puzz.link/p?country/31/5/amda0uf02h12h", 29, "too large"),
                   ("https://puzz.link/p?country/5/5/amda0uf02h.2h", 43, "room 4 holds a number not shown"),
                   ("https://puzz.link/p?country/5/5/amda0uf02h02h", 43, "number 0 in a room of 3 cells"),
                   ("https://puzz.link/p?country/5/5/amda0uf02h12h0", 46, "goes on after"))),
    # every failcheck board leaves a cell empty: ours names the empty cells beside the broken rule
    Genre("gokigen", SLANT,
          failchecks={"slLoop": "form a loop", "crConnSlNe": "diagonals touch it", "ceNoSlash": "holds no diagonal"},
          refused=(("https://puzz.link/p?gokigen/41/4/iaegcgcj6a", 29, "too large"),
                   ("https://puzz.link/p?gokigen/d/4/4/iaegcgcj6a", 29, "old encoding"),
                   ("https://puzz.link/p?gokigen/4/4/ia.gcgcj6a", 35, "point without a number"),
                   ("https://puzz.link/p?gokigen/4/4/iaegcgc!6a", 40, "'!'"),
                   ("https://puzz.link/p?gokigen/4/4/iaegcgcj6a.", 43, "goes on after"))),
    # two failcheck boards are other puzzles than the URL's (a cuNotRectx board adds a black cell, the
    # nmTriangleLt board changes a number): tests/test_shakashaka.py holds every failcheck against its own board
    Genre("shakashaka", SHAKASHAKA,
          refused=(("https://puzz.link/p?shakashaka/41/6/cgbhdhegdrb", 32, "too large"),
                   ("https://puzz.link/p?shakashaka/x/6/6/cgbhdhegdrb", 32, "flags 'x'"),
                   ("https://puzz.link/p?shakashaka/6/6/cgbhdhAegdrb", 42, "'A'"),
                   ("https://puzz.link/p?shakashaka/6/6/cgbhdhegdrbg", 47, "goes on after"))),
    # the URL's board has an empty cell (r1c5), which no region takes
    Genre("tentaisho", GALAXIES,
          failchecks={"bdPassStar": "a line passes through", "bkNoStar": "holds no dot",
                      "bkNotSymSt": "is not symmetric", "bkPlStar": "dots:"},
          refused=(("https://puzz.link/p?tentaisho/31/5/g", 31, "too large"),
                   ("https://puzz.link/p?tentaisho/x/3/3/g", 31, "flags 'x'"),
                   ("https://puzz.link/p?tentaisho/3/3/!", 35, "'!'"),
                   ("https://puzz.link/p?tentaisho/3/3/vmh000", 40, "goes on after"))),
    # every failcheck board is a whole grid; brNoShade's, blank, breaks the 2x2 and cape rules too
    Genre("nurimisaki", NURIMISAKI,
          failchecks={"brNoShade": "no cell is shaded", "cs2x2": "block of shaded cells",
                      "cuDivide": "regions, not one", "nmSumViewNe": "its number says",
                      "cu2x2": "block of unshaded cells", "circleNotPromontory": "is no cape",
                      "nonCirclePromontory": "a cape without a circle"},
          refused=(("https://puzz.link/p?nurimisaki/5/5/g.i.m1l.j", 41, "r3c4 holds the number 1, out of range 2..9"),
                   ("https://puzz.link/p?nurimisaki/5/5/g.i.m-10l.j", 41, "the number 16"),
                   ("https://puzz.link/p?nurimisaki/31/5/g.i.m2l.j", 32, "too large"),
                   ("https://puzz.link/p?nurimisaki/5/5/g.i.m2l.jz", 45, "goes on after"))),
    # the failchecks are checked in tests/test_nurimaze.py, each on its own board: some move S or
    # change the rooms, so they are no answers to the test URL's puzzle
    Genre("nurimaze", NURIMAZE,
          refused=(("https://puzz.link/p?nurimaze/2/1/0!", 35, "'!' is no nurimaze cell"),
                   ("https://puzz.link/p?nurimaze/31/5/00", 30, "too large"),
                   ("https://puzz.link/p?nurimaze/2/1/0125", 37, "goes on after"))),
    # every failcheck board is a whole division; bdDeadEnd's wall that stops inside a region parts nothing, and
    # the region it stops in is no L
    Genre("sashigane", SASHIGANE,
          failchecks={"arBlkEdge": "is not at the end of an arm", "arNotPtCnr": "does not point along its arm",
                      "ciNotOnCnr": "is not the corner of its L", "bkSizeNe": "its number says",
                      "bdDeadEnd": "is not an L", "bkNotLshape": "is not an L"},
          refused=(("https://puzz.link/p?sashigane/31/5/jm", 31, "too large"),
                   ("https://puzz.link/p?sashigane/x/5/5/jm", 31, "flags 'x'"),
                   ("https://puzz.link/p?sashigane/5/5/jm2", 37, "the number 2, out of range 3..9"),
                   ("https://puzz.link/p?sashigane/5/5/jm!", 37, "'!'"),
                   ("https://puzz.link/p?sashigane/5/5/jm.o3khkgojm4g", 48, "goes on after"))),
    # the bkSizeGt board takes a number off (another puzzle than the URL's) and bdDeadEnd's wall that stops inside a
    # region has no place in a grid of labels: tests/test_dbchoco.py holds every failcheck against its own board.
    # Twenty 6x6 boards take 15 s to generate: tests/test_dbchoco.py round-trips 4x4 ones instead
    Genre("dbchoco", DBCHOCO, written_of_twenty=0,
          refused=(("https://puzz.link/p?dbchoco/11/6/ueoq8p30g42j4n5s22j", 29, "too large"),
                   ("https://puzz.link/p?dbchoco/x/6/6/ueoq8p30g42j4n5s22j", 29, "flags 'x'"),
                   ("https://puzz.link/p?dbchoco/6/6/ueoq8p30-13", 41, "the number 19, out of range 1..18"),
                   ("https://puzz.link/p?dbchoco/6/6/ueoq8p3!", 40, "'!'"),
                   ("https://puzz.link/p?dbchoco/6/6/ueoq8p30g42j4n5s22jg", 52, "goes on after"))),
    # every failcheck board is a whole grid (brNoLine's, blank, is the URL's board with no line). Twenty 7x7
    # boards take 7 s to generate: tests/test_firefly.py round-trips 4x4 ones instead
    Genre("firefly", FIREFLY, written_of_twenty=0,
          failchecks={"brNoLine": "no line is drawn", "lnBranch": "3 ends", "lnCross": "4 ends",
                      "lcInvDirB": "joins two dots", "lcCurveNe": "turns, its line turns", "lcDeadEnd": "a dead end",
                      "lcDivided": "separate networks", "nmNoLine": "no line leaves the firefly's dot",
                      "lcInvDirW": "leaves neither firefly's dot"},
          refused=(("https://puzz.link/p?firefly/16/5/40c21a3.a30g10a22a11c11", 29, "too large"),
                   ("https://puzz.link/p?firefly/x/5/5/40c21a3.a30g10a22a11c11", 29, "flags 'x'"),
                   ("https://puzz.link/p?firefly/5/5/00c21a3.a30g10a22a11c11", 33, "has no dot"),
                   ("https://puzz.link/p?firefly/5/5/30c21a3.a30g10a22a11c11", 33, "on the board's edge"),
                   ("https://puzz.link/p?firefly/5/5/40c21a3.a30g10a22a11c11a", 56, "goes on after"))),
)
BY_PID = {genre.pid: genre for genre in GENRES}


def genres(keep: Callable[[Genre], Any] = bool) -> Any:
    """The genres `keep` holds for, each test case named by the genre's pid."""
    return pytest.mark.parametrize("genre", [pytest.param(g, id=g.pid) for g in GENRES if keep(g)])


def url_instance(genre: Genre) -> Instance:
    """The genre's test URL, read."""
    return genre.puzzle.parse(f"?{genre.pid}/{pzprjs_rows()[genre.pid]['url']}")


def accepted_board(genre: Genre, inst: Instance) -> str:
    """The accepted solution of the URL's size the genre names (the first, unless it says)."""
    boards = [board for board in pzprjs_rows()[genre.pid]["solutions"]
              if genre.board_lines(board)[:2] == genre.size(inst.params)]
    if len(boards) <= genre.accepted:
        raise AssertionError(f"no {genre.size(inst.params)} solution for {genre.pid}")
    return str(boards[genre.accepted])


def answer_in(genre: Genre, inst: Instance, board: str) -> Any:
    """The solver's marks in a pzprv3 board of the test URL's puzzle, as our answer: by the genre's
    pzprv3 codec, which must read the same puzzle as the URL (a board saved with no lines at all,
    as a blank failcheck is, is the URL's puzzle with no marks), or by the genre's `read`."""
    if genre.read is not None:
        rows, cols, lines = genre.board_lines(board)
        return genre.read(inst, lines, rows, cols)
    header = 3 if board.split("/")[1] == "sudoku" else 4
    if not "".join(board.split("/")[header:]).strip():
        board = genre.puzzle.format(inst, "pzprv3")
    board_inst, answer = read_pzprv3_answer(genre.puzzle, board)
    assert board_inst == inst, board
    return answer


def whole_grid_failchecks(genre: Genre) -> list[dict]:
    return [fail for fail in pzprjs_rows()[genre.pid]["failchecks"]
            if not (genre.variant and f"/{genre.variant}/" in fail["board"])]


# ---- the four checks every genre stands --------------------------------------------------------------
@genres()
def test_the_test_url_reads_writes_back_and_is_unique_with_the_accepted_solution(genre):
    ptype, pid, body = genre.puzzle, genre.pid, pzprjs_rows()[genre.pid]["url"]
    url = f"https://puzz.link/p?{pid}/{body}"
    inst = ptype.parse(url)
    for text in (url, f"http://pzv.jp/p.html?{pid}/{body}", f"puzz.link/p?{pid}/{body}", f"?{pid}/{body}",
                 *(f"?{alias}/{body}" for alias in genre.aliases)):
        assert ptype.parse(text, "puzzlink") == ptype.parse(text) == inst, text
    assert ptype.format(inst, "puzzlink") == url
    assert ptype.parse(ptype.format(inst, ptype.formats[0])) == inst
    if not genre.solved_unique:
        return
    accepted = answer_in(genre, inst, accepted_board(genre, inst))
    report = check_instance(ptype, inst)
    assert report.status == "unique"
    assert report.solutions[0] == accepted and ptype.verify(inst, accepted) == []


@genres(lambda genre: genre.failchecks)
def test_failcheck_boards_are_refused_by_verify_for_the_same_rule(genre):
    inst = url_instance(genre)
    fails = whole_grid_failchecks(genre)
    assert {fail["code"] for fail in fails} == set(genre.failchecks)
    for fail in fails:
        rows, cols, _ = genre.board_lines(fail["board"])
        assert (rows, cols) == genre.size(inst.params)
        solution = answer_in(genre, inst, fail["board"])
        problems = genre.puzzle.verify(inst, solution)
        if genre.more_problems:
            problems += genre.more_problems(inst, solution, fail["code"])
        reason = genre.failchecks[fail["code"]]
        assert any(reason in problem for problem in problems), (fail["code"], problems)


@genres(lambda genre: genre.blanks_refused_with)
def test_failcheck_boards_are_no_complete_grids_and_are_refused_for_their_empty_cells(genre):
    """pzprjs checks its rules as far as the cells are filled; these genres' failchecks all leave
    cells empty, so none is a complete grid to hold our rules against."""
    inst = url_instance(genre)
    fails = whole_grid_failchecks(genre)
    assert fails
    for fail in fails:
        grid = answer_in(genre, inst, fail["board"])
        assert any(0 in row for row in grid), fail["code"]
        problems = genre.puzzle.verify(inst, grid)
        assert any(genre.blanks_refused_with in problem for problem in problems), (fail["code"], problems)


@pytest.mark.parametrize("ptype, address, column, words", [
    pytest.param(genre.puzzle, address, column, words, id=f"{genre.pid}: {words}")
    for genre in GENRES for address, column, words in genre.refused])
def test_what_a_genre_cannot_hold_is_refused_in_one_line_at_its_column(ptype, address, column, words):
    for as_format in ((), ("puzzlink",)):
        with pytest.raises(PuzzleError) as caught:
            ptype.parse(address, *as_format)
        error = caught.value
        assert words in str(error) and "\n" not in error.message and error.column == column, (str(error), error.column)


@genres(lambda genre: genre.solved_unique and "pzprv3" in genre.puzzle.formats)
def test_the_solved_pzprv3_file_reads_back_as_the_board_and_its_solution(genre):
    """`solve --out-format pzprv3` writes the file pzprjs saves a solved board in; read back, it is
    the same board with the same solution, which pzprjs's accepted board equals (above)."""
    ptype = genre.puzzle
    inst = url_instance(genre)
    solution = check_instance(ptype, inst).solutions[0]
    text = ptype.format_solution(inst, solution, "pzprv3")
    assert text.startswith(f"pzprv3\n{genre.pid}\n") and ptype.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(ptype, text) == (inst, solution)
    assert read_pzprv3_answer(ptype, text.replace("\n", "/")) == (inst, solution)  # as pzprjs's scripts write it


@genres(lambda genre: genre.read is not None and "pzprv3" in genre.puzzle.formats)
def test_a_genre_read_by_its_own_reader_reads_its_accepted_board_alike_through_its_codec(genre):
    """Where a failcheck board is no puzzle of ours (see the genre's row), the accepted board is
    still the URL's puzzle and its solution through the genre's pzprv3 codec."""
    inst = url_instance(genre)
    board = accepted_board(genre, inst)
    rows, cols, lines = genre.board_lines(board)
    assert read_pzprv3_answer(genre.puzzle, board) == (inst, genre.read(inst, lines, rows, cols))


@genres(lambda genre: genre.written_of_twenty)
def test_twenty_generated_boards_round_trip(genre):
    ptype = genre.puzzle
    gen = registry.generator(ptype.name)
    params = gen.checked_params(**{o.name: o.default for o in gen.options})
    rng, written = random.Random(43), 0
    for _ in range(20):
        inst = generate_one(ptype, gen, params, rng, SessionCache()).instance
        try:
            url = ptype.format(inst, "puzzlink")
        except PuzzleError:
            if genre.written_of_twenty == 20:
                raise
            continue
        assert ptype.parse(url) == inst
        written += 1
    assert written >= genre.written_of_twenty


@pytest.mark.parametrize("pid, text, why", [
    ("hashikake", "max 3\n1.1", "at most 2 bridges"),
    ("hashikake", "noloops\n1.1", "at most 2 bridges"),
    ("nonogram", "cols:\n1\n?\nrows:\n1\n0", "a clue for every line"),
    ("nonogram", "cols:\n1\n0\nrows:\n1\n0\ngrid:\n#.\n..", "no given cells"),
    ("mines", "mines: 1\n1F", "no flags"),
    ("mines", "mines: 1\n1..", "touches no number"),
])
def test_what_puzzlink_cannot_hold_is_not_written(pid, text, why):
    ptype = BY_PID[pid].puzzle
    with pytest.raises(PuzzleError, match=why):
        ptype.format(ptype.parse(text), "puzzlink")


# ---- genre by genre ----------------------------------------------------------------------------------
def test_range_numbers_past_fifteen_round_trip():
    """A 30x30 board's numbers reach 59: two hex digits after `-`."""
    inst = RANGE.parse("\n".join(" ".join("59" if (r, c) == (29, 29) else "16" if r == c == 0 else "."
                                          for c in range(30)) for r in range(30)))
    url = RANGE.format(inst, "puzzlink")
    assert url.endswith("/-10" + "z" * 44 + "x-3b") and RANGE.parse(url) == inst  # 898 blanks: 44 runs of 20, 18


def test_mines_url_answered_as_its_accepted_board():
    """Every mine of the accepted board certain, every cell it marks safe certainly safe, and
    nothing left undecided: the numbers force the layout pzprjs accepts."""
    genre = BY_PID["mines"]
    inst = url_instance(genre)
    rows, cols, lines = genre.board_lines(accepted_board(genre, inst))
    mines, marked_safe = mines_from_lines(lines, rows, cols)
    data = MINESWEEPER.answer(inst).data
    found_mines = {(d["row"] - 1, d["col"] - 1) for d in data["mines"]}
    found_safe = {(d["row"] - 1, d["col"] - 1) for d in data["safe"]}
    covered = {(r, c) for r in range(inst.params.height) for c in range(inst.params.width)} - set(inst.clues)
    assert found_mines == mines and marked_safe <= found_safe and found_safe | found_mines == covered
    assert MINESWEEPER.verify(inst, Layout(tuple(mines))) == []
    # pzprjs's file of the board with its mines marked, as `solve --out-format pzprv3` writes it, reads back
    text = MINESWEEPER.format_solution(inst, Layout(tuple(mines)), "pzprv3")
    assert text.startswith("pzprv3\nmines\n") and MINESWEEPER.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(MINESWEEPER, text) == read_pzprv3_answer(MINESWEEPER, text.replace("\n", "/")) \
        == (inst, Layout(tuple(mines)))


def test_sudoku_test_url_has_two_by_two_boxes_and_its_solved_form_is_the_full_board():
    inst = url_instance(BY_PID["sudoku"])
    assert (inst.params.box_rows, inst.params.box_cols) == (2, 2)
    report = check_instance(SUDOKU, inst)
    # the solved form of every sudoku form is the board with every cell given
    assert SUDOKU.parse(SUDOKU.format_solution(inst, report.solutions[0], "puzzlink")) == SUDOKU.full(
        inst, report.solutions[0])


def test_sudoku_writes_only_the_boxes_puzz_link_draws():
    six = SUDOKU.parse("?sudoku/6/6/" + "z" * 2)
    assert (six.params.box_rows, six.params.box_cols) == (2, 3)
    assert SUDOKU.format(six, "puzzlink") == "https://puzz.link/p?sudoku/6/6/zv"  # 20 + 16 empty cells
    tall = SUDOKU.parse('{"puzzle": "sudoku", "box": [3, 2], "grid": ' + str([[0] * 6] * 6) + "}")
    with pytest.raises(PuzzleError, match="3 tall and 2 wide"):
        SUDOKU.format(tall, "puzzlink")


def test_singles_writes_numbers_past_35_with_a_dash():
    inst = SINGLES.parse("?hitori/36/2/" + "z-10" + "." * 70)
    assert inst.clues == {(0, 0): 35, (0, 1): 36}
    # a body ending in a sign gets a closing `/`, as pzprjs writes it
    assert SINGLES.format(inst, "puzzlink") == "https://puzz.link/p?hitori/36/2/z-10" + "." * 70 + "/"


def test_towers_accepted_boards_with_a_given_height_are_the_same_answer():
    """pzprjs's first Skyscrapers solution gives one height in the grid (`q3`); read as a given it
    leaves the board unique with the same answer."""
    inst = url_instance(BY_PID["skyscrapers"])
    (first, _), (_, answer) = (read_pzprv3_answer(TOWERS, board) for board in pzprjs_rows()["skyscrapers"]["solutions"])
    given = {key: v for key, v in first.clues.items() if key[0] == "cell"}
    assert given == {("cell", 2, 1): 3}
    with_given = Instance(inst.kind, inst.params, {**inst.clues, **given})
    url = TOWERS.format(with_given, "puzzlink")
    assert url == f"https://puzz.link/p?skyscrapers/{pzprjs_rows()['skyscrapers']['url']}o3l"
    report = check_instance(TOWERS, TOWERS.parse(url))
    assert report.status == "unique" and report.solutions[0] == answer


def test_magnets_given_blank_cells_are_not_written():
    inst = MAGNETS.parse("+ . .\n- . .\n. . LR\n. . LR\ngiven\nx.\n..")
    with pytest.raises(PuzzleError, match="gives no blank cells"):
        MAGNETS.format(inst, "puzzlink")
    signs = MAGNETS.parse("+ . .\n- . .\n. . LR\n. . LR\ngiven\n+.\n..")
    assert MAGNETS.parse(MAGNETS.format(signs, "puzzlink")) == signs
