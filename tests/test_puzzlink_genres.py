"""puzz.link addresses genre by genre: the URL of pzprjs's own test script for each genre is read,
solved unique with the solution that script accepts (read from its pzprv3 board), and written
back; the script's boards that break a rule are refused by our `verify`."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest

from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face import registry
from puzzlelab.solvers.bridges import PUZZLE as BRIDGES
from puzzlelab.solvers.filling import PUZZLE as FILLING
from puzzlelab.solvers.lightup import PUZZLE as LIGHTUP
from puzzlelab.solvers.magnets import PUZZLE as MAGNETS
from puzzlelab.solvers.minesweeper import PUZZLE as MINESWEEPER
from puzzlelab.solvers.minesweeper import Layout
from puzzlelab.solvers.nonogram import PUZZLE as NONOGRAM
from puzzlelab.solvers.pearl import PUZZLE as PEARL
from puzzlelab.solvers.pearl import pearl_problems, shape
from puzzlelab.solvers.range import PUZZLE as RANGE
from puzzlelab.solvers.singles import PUZZLE as SINGLES
from puzzlelab.solvers.sudoku import PUZZLE as SUDOKU
from puzzlelab.solvers.tents import PUZZLE as TENTS
from puzzlelab.solvers.towers import PUZZLE as TOWERS

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "pzprjs" / "pzprjs_testdata.jsonl"


@cache
def pzprjs_rows() -> dict[str, dict]:
    """pzprjs's test data by genre id (url, solutions, failchecks)."""
    if not DATA.is_file():
        pytest.fail(f"pzprjs test data missing: {DATA}")
    return {row["pid"]: row for row in map(json.loads, DATA.read_text().splitlines())}


def pzprv3_lines(board: str) -> tuple[int, int, list[list[str]]]:
    """A pzprv3 board's size (rows, cols) and its lines after the header, each split into its
    space-separated items: `pzprv3/GENRE/ROWS/COLS/LINE/LINE/...`."""
    _, _, rows, cols, *lines = board.split("/")
    return int(rows), int(cols), [line.split() for line in lines if line.strip()]


def accepted_solution(pid: str, rows: int, cols: int) -> list[list[str]]:
    """The lines of the first accepted solution of the URL's size."""
    for board in pzprjs_rows()[pid]["solutions"]:
        height, width, lines = pzprv3_lines(board)
        if (height, width) == (rows, cols):
            return lines
    raise AssertionError(f"no {rows}x{cols} solution for {pid}")


# ---- Light Up (lightup, akari), Pearl (mashu, pearl), Range (kurodoko) ---------------------------
def lightup_answer(lines: list[list[str]], rows: int, cols: int) -> tuple[tuple[bool, ...], ...]:
    """pzprjs's Light Up board: one line a row, `#` a lamp (a blank board: no line at all)."""
    cells = lines[:rows] or [["."] * cols] * rows
    return tuple(tuple(item == "#" for item in line) for line in cells)


def range_answer(lines: list[list[str]], rows: int, cols: int) -> tuple[tuple[bool, ...], ...]:
    """pzprjs's Kurodoko board: the numbers' rows, then the answer's, `#` shaded."""
    cells = lines[rows:2 * rows] or [["."] * cols] * rows
    return tuple(tuple(item == "#" for item in line) for line in cells)


def pearl_answer(lines: list[list[str]], rows: int, cols: int) -> tuple[tuple[str, ...], ...]:
    """pzprjs's Masyu board: the pearls' rows, then the line across each edge (a positive number),
    those between a cell and the next on its right (rows x cols-1), then below (rows-1 x cols)."""
    across, down = lines[rows:2 * rows], lines[2 * rows:3 * rows - 1]
    ways: list[list[set[str]]] = [[set() for _ in range(cols)] for _ in range(rows)]
    for r, line in enumerate(across):
        for c, item in enumerate(line):
            if int(item) > 0:
                ways[r][c].add("R")
                ways[r][c + 1].add("L")
    for r, line in enumerate(down):
        for c, item in enumerate(line):
            if int(item) > 0:
                ways[r][c].add("D")
                ways[r + 1][c].add("U")
    return tuple(tuple(shape(cell) for cell in row) for row in ways)


MINE = {"lightup": (LIGHTUP, lightup_answer, "akari"), "mashu": (PEARL, pearl_answer, "pearl"),
        "kurodoko": (RANGE, range_answer, None)}
# pzprjs's failcheck codes and what our `verify` says for the same broken rule
MY_FAILCHECKS = {
    "lightup": {"nmAkariNe": "lamps next to it", "akariDup": "see each other", "ceDark": "dark:"},
    "mashu": {"brNoLine": "no loop is drawn", "lnBranch": "3 ends", "lnCross": "4 ends", "lnDeadEnd": "1 ends",
              "lnPlLoop": "separate loops", "mashuOnLine": "is not on the loop",
              "mashuWCurve": "turns here, it must go straight", "mashuBStrig": "goes straight through, it must turn",
              "mashuBCvNbr": "turns right next to it", "mashuWStNbr": "turns in neither neighbour"},
    # brNoShade (nothing shaded) is pzprjs's own refusal of a blank answer: ours refuses it for its numbers
    "kurodoko": {"brNoShade": "white cells, its number says", "csAdjacent": "touch", "cuDivideRB": "regions, not one",
                 "nmSumViewNe": "white cells, its number says"},
}


@pytest.mark.parametrize("pid", sorted(MINE))
def test_lightup_pearl_range_test_urls_unique_with_the_accepted_solution(pid):
    ptype, answer, alias = MINE[pid]
    url = f"https://puzz.link/p?{pid}/{pzprjs_rows()[pid]['url']}"
    inst = ptype.parse(url)
    assert ptype.parse(url, "puzzlink") == inst
    if alias:
        assert ptype.parse(f"?{alias}/{pzprjs_rows()[pid]['url']}") == inst
    assert ptype.format(inst, "puzzlink") == url
    report = check_instance(ptype, inst)
    rows, cols = inst.params.height, inst.params.width
    assert report.status == "unique"
    assert report.solutions[0] == answer(accepted_solution(pid, rows, cols), rows, cols)


@pytest.mark.parametrize("pid", sorted(MINE))
def test_lightup_pearl_range_failchecks_refused_by_verify(pid):
    ptype, answer, _ = MINE[pid]
    inst = ptype.parse(f"?{pid}/{pzprjs_rows()[pid]['url']}")
    fails = pzprjs_rows()[pid]["failchecks"]
    assert {fail["code"] for fail in fails} == set(MY_FAILCHECKS[pid])
    for fail in fails:
        rows, cols, lines = pzprv3_lines(fail["board"])
        solution = answer(lines, rows, cols)
        problems = ptype.verify(inst, solution)
        if fail["code"].startswith("mashu"):  # pzprjs checks the pearls before loose ends, our verify stops at these
            problems += [problem for cell, v in sorted(inst.clues.items())
                         for problem in pearl_problems(inst.params, solution, cell, v)]
        reason = MY_FAILCHECKS[pid][fail["code"]]
        assert problems and any(reason in problem for problem in problems), (fail["code"], problems)


@pytest.mark.parametrize("ptype, address, column, words", [
    (LIGHTUP, "https://puzz.link/p?lightup/101/6/nekcakbl", 29, "too large"),
    (LIGHTUP, "https://puzz.link/p?lightup/x/6/6/nekcakbl", 29, "flags 'x'"),
    (LIGHTUP, "https://puzz.link/p?lightup/6/6/nekcakblg", 41, "goes on after"),
    (LIGHTUP, "https://puzz.link/p?lightup/6/6/nekc!kbl", 37, "'!'"),
    (PEARL, "https://puzz.link/p?mashu/f/6/6/1063000i3000", 27, "every cell"),
    (PEARL, "https://puzz.link/p?mashu/1/6/1063000i3000", 27, "too small"),
    (PEARL, "https://puzz.link/p?pearl/41/6/1063000i3000", 27, "too large"),
    (PEARL, "https://puzz.link/p?mashu/6/6/1063000i3000z", 43, "goes on after"),
    (RANGE, "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4.", 44, "r5c3 holds a number not given"),
    (RANGE, "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4-10", 44, "r5c3 holds the number 16"),
    (RANGE, "https://puzz.link/p?kurodoko/31/5/i7g5l2l2g4i", 30, "too large"),
])
def test_lightup_pearl_range_refuse_what_they_cannot_hold(ptype, address, column, words):
    with pytest.raises(PuzzleError) as caught:
        ptype.parse(address)
    assert words in str(caught.value) and caught.value.column == column, (str(caught.value), caught.value.column)


@pytest.mark.parametrize("ptype", [LIGHTUP, PEARL, RANGE], ids=lambda ptype: ptype.name)
def test_lightup_pearl_range_twenty_generated_boards_round_trip(ptype):
    gen = registry.generator(ptype.name)
    params = gen.checked_params(**{o.name: o.default for o in gen.options})
    rng = random.Random(43)
    for _ in range(20):
        inst = generate_one(ptype, gen, params, rng, SessionCache()).instance
        assert ptype.parse(ptype.format(inst, "puzzlink")) == inst


def test_range_numbers_past_fifteen_round_trip():
    """A 30x30 board's numbers reach 59: two hex digits after `-`."""
    inst = RANGE.parse("\n".join(" ".join("59" if (r, c) == (29, 29) else "16" if r == c == 0 else "."
                                          for c in range(30)) for r in range(30)))
    url = RANGE.format(inst, "puzzlink")
    assert url.endswith("/-10" + "z" * 44 + "x-3b") and RANGE.parse(url) == inst  # 898 blanks: 44 runs of 20, 18


# ---- Bridges (hashikake), Nonograms (nonogram), Minesweeper (mines) ----------------------------
def bridges_from_lines(inst: Instance, lines: list[list[str]]) -> tuple[int, ...]:
    """Our bridges per pair from a hashikake pzprv3 board: after the rows of numbers, the line
    on each edge between side-by-side cells (rows x cols-1), then between stacked ones
    (rows-1 x cols), `-1` a cross (no bridge); a pair's count is on its first edge."""
    p = inst.params
    across = lines[p.height:2 * p.height]
    down = lines[2 * p.height:3 * p.height - 1]

    def count(token: str) -> int:
        return max(int(token), 0)

    return tuple(count(across[pair.a[0]][pair.a[1]]) if pair.horizontal else count(down[pair.a[0]][pair.a[1]])
                 for pair in p.pairs)


def nonogram_from_lines(inst: Instance, lines: list[list[str]]) -> tuple[tuple[int, ...], ...]:
    """A nonogram pzprv3 board's painted grid: (rows + 1) // 2 lines of column numbers above,
    then each row with (cols + 1) // 2 row numbers before its cells, `#` black."""
    p = inst.params
    above, left = (p.height + 1) // 2, (p.width + 1) // 2
    return tuple(tuple(int(tok == "#") for tok in line[left:]) for line in lines[above:above + p.height])


def mines_from_lines(inst: Instance, lines: list[list[str]]) -> tuple[set, set]:
    """A mines pzprv3 board's marks after its numbers: `#` a mine, `+` a cell marked safe."""
    p = inst.params
    marks = lines[p.height:2 * p.height]
    return ({(r, c) for r in range(p.height) for c in range(p.width) if marks[r][c] == "#"},
            {(r, c) for r in range(p.height) for c in range(p.width) if marks[r][c] == "+"})


HASHI_NONO_MINES = {"hashikake": BRIDGES, "nonogram": NONOGRAM, "mines": MINESWEEPER}


@pytest.mark.parametrize("pid", sorted(HASHI_NONO_MINES))
def test_hashi_nono_mines_the_test_url_reads_and_writes_back(pid):
    ptype = HASHI_NONO_MINES[pid]
    body = pzprjs_rows()[pid]["url"]
    url = f"https://puzz.link/p?{pid}/{body}"
    inst = ptype.parse(url)
    for text in (url, f"http://pzv.jp/p.html?{pid}/{body}", f"puzz.link/p?{pid}/{body}", f"?{pid}/{body}"):
        assert ptype.parse(text, "puzzlink") == inst
    assert ptype.format(inst, "puzzlink") == url
    assert ptype.parse(ptype.format(inst, ptype.formats[0])) == inst


@pytest.mark.parametrize("pid", ["hashikake", "nonogram"])
def test_hashi_nono_mines_the_test_url_is_unique_with_the_accepted_solution(pid):
    ptype = HASHI_NONO_MINES[pid]
    inst = ptype.parse(f"https://puzz.link/p?{pid}/{pzprjs_rows()[pid]['url']}")
    lines = accepted_solution(pid, inst.params.height, inst.params.width)
    accepted = bridges_from_lines(inst, lines) if pid == "hashikake" else nonogram_from_lines(inst, lines)
    check = check_instance(ptype, inst)
    assert check.status == "unique"
    assert check.solutions[0] == accepted
    assert ptype.verify(inst, accepted) == []


def test_hashi_nono_mines_mines_url_answered_as_its_accepted_board():
    """Every mine of the accepted board certain, every cell it marks safe certainly safe, and
    nothing left undecided: the numbers force the layout pzprjs accepts."""
    ptype = MINESWEEPER
    inst = ptype.parse(f"https://puzz.link/p?mines/{pzprjs_rows()['mines']['url']}")
    mines, marked_safe = mines_from_lines(inst, accepted_solution("mines", inst.params.height, inst.params.width))
    data = ptype.answer(inst).data
    found_mines = {(d["row"] - 1, d["col"] - 1) for d in data["mines"]}
    found_safe = {(d["row"] - 1, d["col"] - 1) for d in data["safe"]}
    covered = {(r, c) for r in range(inst.params.height) for c in range(inst.params.width)} - set(inst.clues)
    assert found_mines == mines and marked_safe <= found_safe and found_safe | found_mines == covered
    assert ptype.verify(inst, Layout(tuple(mines))) == []


# pzprjs's rule code -> what our `verify` says for it
HASHI_NONO_MINES_RULES = {"brNoLine": "its number says", "nmLineGt": "its number says", "nmLineLt": "its number says",
                          "lcDivided": "separate groups", "exNoMatch": "clue says", "nmMinesNe": "mines touch it"}


@pytest.mark.parametrize("pid", sorted(HASHI_NONO_MINES))
def test_hashi_nono_mines_the_failcheck_boards_are_refused(pid):
    """Every failcheck board of these genres is a whole grid (hashikake's `brNoLine` one with
    no bridge at all), each breaking a rule ours share: counts, one group, runs."""
    ptype = HASHI_NONO_MINES[pid]
    inst = ptype.parse(f"https://puzz.link/p?{pid}/{pzprjs_rows()[pid]['url']}")
    p = inst.params
    for fail in pzprjs_rows()[pid]["failchecks"]:
        _, _, lines = pzprv3_lines(fail["board"])
        if pid == "hashikake":
            solution: object = bridges_from_lines(inst, lines) if lines else (0,) * len(p.pairs)
        elif pid == "nonogram":
            solution = nonogram_from_lines(inst, lines)
        else:
            solution = Layout(tuple(mines_from_lines(inst, lines)[0]))
        problems = ptype.verify(inst, solution)
        assert any(HASHI_NONO_MINES_RULES[fail["code"]] in problem for problem in problems), (fail["code"], problems)


@pytest.mark.parametrize("url, why", [
    ("https://puzz.link/p?hashikake/41/5/4g2", "too large"),
    ("https://puzz.link/p?hashikake/3/1/h", "at least two islands"),
    ("https://puzz.link/p?hashikake/3/1/-11g1", "at most 16"),
    ("https://puzz.link/p?nonogram/2/2/g1.", "every run's length"),
    ("https://puzz.link/p?nonogram/2/2/0", "every run's length"),
    ("https://puzz.link/p?mines/3/1/9", "0 to 8"),
    ("https://puzz.link/p?mines/3/1/1", "touches no number"),
    ("https://puzz.link/p?mines/3/2/1g1i", "allow 1 to 2 mines"),
    ("https://puzz.link/p?mines/2/1/2", "no mine layout"),
])
def test_hashi_nono_mines_what_our_puzzles_cannot_hold_is_refused_in_one_line(url, why):
    """Said at the body's first column (the size, the island, the clue or the board)."""
    with pytest.raises(PuzzleError, match=why) as err:
        HASHI_NONO_MINES[url.split("?")[1].split("/")[0]].parse(url, "puzzlink")
    assert "\n" not in err.value.message and err.value.column == url.rindex("/") + 2


@pytest.mark.parametrize("pid, text, why", [
    ("hashikake", "max 3\n1.1", "at most 2 bridges"),
    ("hashikake", "noloops\n1.1", "at most 2 bridges"),
    ("nonogram", "cols:\n1\n?\nrows:\n1\n0", "a clue for every line"),
    ("nonogram", "cols:\n1\n0\nrows:\n1\n0\ngrid:\n#.\n..", "no given cells"),
    ("mines", "mines: 1\n1F", "no flags"),
    ("mines", "mines: 1\n1..", "touches no number"),
])
def test_hashi_nono_mines_what_puzzlink_cannot_hold_is_not_written(pid, text, why):
    ptype = HASHI_NONO_MINES[pid]
    with pytest.raises(PuzzleError, match=why):
        ptype.format(ptype.parse(text), "puzzlink")


@pytest.mark.parametrize("pid", ["hashikake", "nonogram"])
def test_hashi_nono_mines_twenty_generated_boards_round_trip(pid):
    ptype = HASHI_NONO_MINES[pid]
    gen = registry.generator(ptype.name)
    params = gen.checked_params(**{o.name: o.default for o in gen.options})
    rng, written = random.Random(43), 0
    for _ in range(20):
        inst = generate_one(ptype, gen, params, rng, SessionCache()).instance
        try:
            url = ptype.format(inst, "puzzlink")
        except PuzzleError:  # a nonogram the generator gave givens
            continue
        assert ptype.parse(url) == inst
        written += 1
    assert written >= 10


# ---- Singles (hitori), Filling (fillomino), Sudoku (sudoku) -----------------------------------------
def singles_answer(lines: list[list[str]], rows: int, cols: int) -> tuple[tuple[bool, ...], ...]:
    """pzprjs's Hitori board: the numbers' rows, then the answer's, `#` shaded (a blank board: no
    line at all)."""
    cells = lines[rows:2 * rows] or [["."] * cols] * rows
    return tuple(tuple(item == "#" for item in line) for line in cells)


def filling_answer(lines: list[list[str]], rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """pzprjs's Fillomino board: the givens' rows, then the written numbers' (`.` under a given
    or an empty cell; 0 here), then the walls drawn."""
    return tuple(tuple(int(given if given.isdigit() else written if written.isdigit() else 0)
                       for given, written in zip(*pair)) for pair in zip(lines[:rows], lines[rows:2 * rows]))


def sudoku_lines(board: str) -> tuple[int, list[list[str]]]:
    """A pzprv3 sudoku board has one size, n (`pzprv3/sudoku/N/LINE/...`): n and its lines."""
    _, _, size, *lines = board.split("/")
    return int(size), [line.split() for line in lines if line.strip()]


def sudoku_answer(lines: list[list[str]], n: int) -> tuple[tuple[int, ...], ...]:
    """The givens' rows, then the written digits' (`.` under a given or an empty cell; 0 here)."""
    return filling_answer(lines, n, n)


PZPRJS_SINGLES = {"hitori": SINGLES, "fillomino": FILLING}
# pzprjs's failcheck codes and what our `verify` says for the same broken rule; brNoShade (nothing
# shaded) is pzprjs's own refusal of a blank answer: ours refuses it for the numbers that repeat
SINGLES_FAILCHECKS = {"brNoShade": "repeats", "csAdjacent": "touch", "cuDivideRB": "regions, not one",
                      "nmDupRow": "repeats"}


@pytest.mark.parametrize("pid", sorted(PZPRJS_SINGLES))
def test_singles_filling_test_urls_unique_with_the_accepted_solution(pid):
    ptype = PZPRJS_SINGLES[pid]
    url = f"https://puzz.link/p?{pid}/{pzprjs_rows()[pid]['url']}"
    inst = ptype.parse(url)
    assert ptype.parse(url, "puzzlink") == inst == ptype.parse(f"?{pid}/{pzprjs_rows()[pid]['url']}")
    assert ptype.format(inst, "puzzlink") == url
    report = check_instance(ptype, inst)
    rows, cols = inst.params.height, inst.params.width
    answer = singles_answer if pid == "hitori" else filling_answer
    assert report.status == "unique"
    assert report.solutions[0] == answer(accepted_solution(pid, rows, cols), rows, cols)


def test_sudoku_test_url_unique_with_the_accepted_solution():
    url = f"https://puzz.link/p?sudoku/{pzprjs_rows()['sudoku']['url']}"
    inst = SUDOKU.parse(url)
    assert SUDOKU.parse(url, "puzzlink") == inst and SUDOKU.format(inst, "puzzlink") == url
    assert (inst.params.box_rows, inst.params.box_cols) == (2, 2)
    report = check_instance(SUDOKU, inst)
    n, lines = sudoku_lines(pzprjs_rows()["sudoku"]["solutions"][0])
    assert report.status == "unique" and report.solutions[0] == sudoku_answer(lines, n)
    # the solved form of every sudoku form is the board with every cell given
    assert SUDOKU.parse(SUDOKU.format_solution(inst, report.solutions[0], "puzzlink")) == SUDOKU.full(
        inst, report.solutions[0])


def test_singles_failchecks_refused_by_verify():
    inst = SINGLES.parse(f"?hitori/{pzprjs_rows()['hitori']['url']}")
    fails = pzprjs_rows()["hitori"]["failchecks"]
    assert {fail["code"] for fail in fails} == set(SINGLES_FAILCHECKS)
    for fail in fails:
        rows, cols, lines = pzprv3_lines(fail["board"])
        problems = SINGLES.verify(inst, singles_answer(lines, rows, cols))
        assert any(SINGLES_FAILCHECKS[fail["code"]] in problem for problem in problems), (fail["code"], problems)


def test_filling_and_sudoku_failchecks_are_no_complete_grids_and_are_refused():
    """pzprjs's Fillomino and Sudoku failchecks all leave cells empty (its rules are checked as
    far as they are filled): none is a complete grid to hold our rules against, and each is
    refused for its empty cells."""
    for fail in pzprjs_rows()["fillomino"]["failchecks"]:
        if fail["board"].startswith("pzprv3/fillomino/3/3/t/"):
            continue  # the 't' variant (areas of at most 3 cells): no Filling board
        rows, cols, lines = pzprv3_lines(fail["board"])
        inst = FILLING.parse(f"?fillomino/{pzprjs_rows()['fillomino']['url']}")
        grid = filling_answer(lines, rows, cols)
        assert any(0 in row for row in grid), fail["code"]
        assert any("digits run 1.." in problem for problem in FILLING.verify(inst, grid)), fail["code"]
    inst = SUDOKU.parse(f"?sudoku/{pzprjs_rows()['sudoku']['url']}")
    for fail in pzprjs_rows()["sudoku"]["failchecks"]:
        grid = sudoku_answer(*reversed(sudoku_lines(fail["board"])))
        assert any(0 in row for row in grid), fail["code"]
        assert any("not a digit 1..4" in problem for problem in SUDOKU.verify(inst, grid)), fail["code"]


@pytest.mark.parametrize("ptype, address, column, words", [
    (SINGLES, "https://puzz.link/p?hitori/4/4/11141423332142130", 48, "goes on after"),
    (SINGLES, "https://puzz.link/p?hitori/4/4/1114142333214215", 47, "'5' out of range 1..4"),
    (SINGLES, "https://puzz.link/p?hitori/4/4/1114102333214213", 37, "number 0"),
    (SINGLES, "https://puzz.link/p?hitori/4/4/11141@2333214213", 37, "unknown number"),
    (SINGLES, "https://puzz.link/p?hitori/4/4/1114142333!14213", 42, "'!'"),
    (SINGLES, "https://puzz.link/p?hitori/62/4/1114142333214213", 28, "too large"),
    (FILLING, "https://puzz.link/p?fillomino/t/3/3/", 31, "at most 3 cells"),
    (FILLING, "https://puzz.link/p?fillomino/21/3/g", 31, "too large"),
    (FILLING, "https://puzz.link/p?fillomino/3/3/h.", 36, "unknown number"),
    (FILLING, "https://puzz.link/p?fillomino/3/3/h-0a", 36, "10 is out of range 1..9"),
    (FILLING, "https://puzz.link/p?fillomino/2/2/z8", 36, "given walls"),
    (FILLING, "https://puzz.link/p?fillomino/2/2/z000", 38, "goes on after"),
    (SUDOKU, "https://puzz.link/p?sudoku/4/4/g1k23k3gg", 40, "goes on after"),
    (SUDOKU, "https://puzz.link/p?sudoku/4/4/g5", 33, "digit 5 out of range 1..4"),
    (SUDOKU, "https://puzz.link/p?sudoku/4/4/g.", 33, "unknown digit"),
    (SUDOKU, "https://puzz.link/p?sudoku/4/6/g1", 28, "not square"),
    (SUDOKU, "https://puzz.link/p?sudoku/8/8/g1", 28, "sizes are 4, 6, 9, 16, 25"),
    (SUDOKU, "https://puzz.link/p?sudoku/36/36/g1", 28, "too large"),
    (SUDOKU, "https://puzz.link/p?sudoku/x/4/4/g1", 28, "flags 'x'"),
])
def test_singles_filling_sudoku_refuse_what_they_cannot_hold(ptype, address, column, words):
    with pytest.raises(PuzzleError) as caught:
        ptype.parse(address)
    assert words in str(caught.value) and caught.value.column == column, (str(caught.value), caught.value.column)


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


@pytest.mark.parametrize("ptype", [SINGLES, FILLING, SUDOKU], ids=lambda ptype: ptype.name)
def test_singles_filling_sudoku_twenty_generated_boards_round_trip(ptype):
    gen = registry.generator(ptype.name)
    params = gen.checked_params(**{o.name: o.default for o in gen.options})
    rng = random.Random(43)
    for _ in range(20):
        inst = generate_one(ptype, gen, params, rng, SessionCache()).instance
        assert ptype.parse(ptype.format(inst, "puzzlink")) == inst


# ---- Towers (skyscrapers), Tents (tents), Magnets (magnets) -----------------------------------------
def towers_answer(lines: list[list[str]], rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """pzprjs's Skyscrapers board: rows + 2 lines of cols + 2 items, the clues around the
    heights (`q3` a given 3, `.` an empty cell: 0 here)."""
    def height(item: str) -> int:
        return int(item.lstrip("q")) if item.lstrip("q").isdigit() else 0

    return tuple(tuple(height(item) for item in line[1:cols + 1]) for line in lines[1:rows + 1])


def tents_answer(lines: list[list[str]], rows: int, cols: int) -> tuple[tuple[bool, ...], ...]:
    """pzprjs's Tents board: a corner and the column counts, then each row after its count (`1`
    a tree, `A` a tent, `-` a cell marked empty), then the lines joining trees to tents (unread)."""
    return tuple(tuple(item == "A" for item in line[1:cols + 1]) for line in lines[1:rows + 1])


def magnets_answer(lines: list[list[str]], rows: int, cols: int) -> tuple[tuple[str, ...], ...]:
    """pzprjs's Magnets board: `a` for anti-magnets, the walls (rows x cols-1, rows-1 x cols), two
    lines of counts (+ then -) after two corners, then each row after its + and - counts: `a1`
    or `q1` a + (placed or given), `a2` or `q2` a -, anything else blank (`s1`, `s2` marked so,
    `#` an empty cell)."""
    cells = lines[(lines[0] == ["a"]) + 2 * rows - 1 + 2:][:rows]
    sign = {"a1": "+", "q1": "+", "a2": "-", "q2": "-"}
    return tuple(tuple(sign.get(item, ".") for item in line[2:cols + 2]) for line in cells)


EDGE = {"skyscrapers": (TOWERS, towers_answer), "tents": (TENTS, tents_answer), "magnets": (MAGNETS, magnets_answer)}
# pzprjs's failcheck codes and what our `verify` says for the same broken rule
EDGE_FAILCHECKS = {
    "tents": {"nmTentNone": "0 tents for 5 trees", "nmTreeNone": "1 tents for 5 trees", "tentAround": "touch",
              "exTentNe": "the count says", "nmTentLt": "the count says", "nmTentGt": "the count says"},
    # a board of pzprjs's own (bkNumGt2: three poles in a room of three cells) is held against the
    # URL's dominoes, which it breaks as well
    "magnets": {"nmAdjacent": "are both", "bkNumLt2": "neither blank nor a magnet",
                "bkNumGt2": "neither blank nor a magnet", "exPlusNe": "+ cells, the clue says",
                "exMinusNe": "- cells, the clue says"},
}


@pytest.mark.parametrize("pid", sorted(EDGE))
def test_towers_tents_magnets_test_urls_unique_with_the_accepted_solution(pid):
    ptype, answer = EDGE[pid]
    body = pzprjs_rows()[pid]["url"]
    url = f"https://puzz.link/p?{pid}/{body}"
    inst = ptype.parse(url)
    for text in (url, f"http://pzv.jp/p.html?{pid}/{body}", f"puzz.link/p?{pid}/{body}", f"?{pid}/{body}"):
        assert ptype.parse(text, "puzzlink") == inst
    assert ptype.format(inst, "puzzlink") == url
    report = check_instance(ptype, inst)
    rows, cols = (inst.params.n,) * 2 if pid == "skyscrapers" else (inst.params.height, inst.params.width)
    accepted = answer(accepted_solution(pid, rows, cols), rows, cols)
    assert report.status == "unique"
    assert report.solutions[0] == accepted and ptype.verify(inst, accepted) == []


def test_towers_accepted_boards_with_a_given_height_are_the_same_answer():
    """pzprjs's first Skyscrapers solution gives one height in the grid (`q3`); read as a given it
    leaves the board unique with the same answer."""
    inst = TOWERS.parse(f"?skyscrapers/{pzprjs_rows()['skyscrapers']['url']}")
    boards = [pzprv3_lines(board)[2] for board in pzprjs_rows()["skyscrapers"]["solutions"]]
    given = {("cell", r, c - 1): int(item[1:]) for r, line in enumerate(boards[0][1:5]) for c, item in enumerate(line)
             if item.startswith("q")}
    assert given == {("cell", 2, 1): 3}
    with_given = Instance(inst.kind, inst.params, {**inst.clues, **given})
    url = TOWERS.format(with_given, "puzzlink")
    assert url == f"https://puzz.link/p?skyscrapers/{pzprjs_rows()['skyscrapers']['url']}o3l"
    report = check_instance(TOWERS, TOWERS.parse(url))
    assert report.status == "unique" and report.solutions[0] == towers_answer(boards[1], 4, 4)


@pytest.mark.parametrize("pid", ["tents", "magnets"])
def test_tents_magnets_failchecks_refused_by_verify(pid):
    """Their boards are whole grids (a cell not marked is empty or blank, for pzprjs too), so each
    is held against our rules; magnets' nmAdjDiff is on anti-magnets (flag `a`), rules ours lack."""
    ptype, answer = EDGE[pid]
    inst = ptype.parse(f"?{pid}/{pzprjs_rows()[pid]['url']}")
    p = inst.params
    fails = [fail for fail in pzprjs_rows()[pid]["failchecks"] if "/a/" not in fail["board"]]
    assert {fail["code"] for fail in fails} == set(EDGE_FAILCHECKS[pid])
    for fail in fails:
        rows, cols, lines = pzprv3_lines(fail["board"])
        assert (rows, cols) == (p.height, p.width)
        problems = ptype.verify(inst, answer(lines, rows, cols))
        assert any(EDGE_FAILCHECKS[pid][fail["code"]] in problem for problem in problems), (fail["code"], problems)


def test_towers_failchecks_are_no_complete_grids_and_are_refused():
    """pzprjs's Skyscrapers failchecks all leave cells empty (its rules are checked as far as they
    are filled): none is a Latin square to hold our visibility rules against."""
    inst = TOWERS.parse(f"?skyscrapers/{pzprjs_rows()['skyscrapers']['url']}")
    for fail in pzprjs_rows()["skyscrapers"]["failchecks"]:
        grid = towers_answer(pzprv3_lines(fail["board"])[2], 4, 4)
        assert any(0 in row for row in grid), fail["code"]
        assert TOWERS.verify(inst, grid), fail["code"]


@pytest.mark.parametrize("ptype, address, column, words", [
    (TOWERS, "https://puzz.link/p?skyscrapers/4/5/k13h4j3g", 33, "Towers is square"),
    (TOWERS, "https://puzz.link/p?skyscrapers/17/17/k13h4j3g", 33, "too large"),
    (TOWERS, "https://puzz.link/p?skyscrapers/4/4/k15h4j3g", 39, "below column 3: 5 is not a height 1..4"),
    (TOWERS, "https://puzz.link/p?skyscrapers/4/4/k10h4j3g", 39, "below column 3: 0 is not a height"),
    (TOWERS, "https://puzz.link/p?skyscrapers/4/4/k13h4j3g.", 45, "r1c1: ? is not a height"),
    (TOWERS, "https://puzz.link/p?skyscrapers/4/4/k13h4j3gzz", 46, "goes on after"),
    (TOWERS, "https://puzz.link/p?skyscrapers/x/4/4/k13h4j3g", 33, "flags 'x'"),
    (TENTS, "https://puzz.link/p?tents/5/5/2g0h1i7j82323", 37, "count 7 is more than the 5 cells"),
    (TENTS, "https://puzz.link/p?tents/5/5/2g.h1i1j82323", 33, "a count shown as ?"),
    (TENTS, "https://puzz.link/p?tents/5/5/2g0h1i1j8232!", 43, "'!'"),
    (TENTS, "https://puzz.link/p?tents/5/5/2g0h1i1j823230", 44, "goes on after"),
    (TENTS, "https://puzz.link/p?tents/41/5/2g0h1i1j82323", 27, "too large"),
    (MAGNETS, "https://puzz.link/p?magnets/a/5/5/g222j2h2g22g0g32fubmo3or00000000000400", 29, "anti-magnets"),
    (MAGNETS, "https://puzz.link/p?magnets/5/5/g222j2h2g22g0g32fubmo3or00000000000000", 49,
     "r1c3 is in a room of more than two cells"),
    (MAGNETS, "https://puzz.link/p?magnets/2/1/000000g", 39, "a room of one cell that may hold a pole"),
    (MAGNETS, "https://puzz.link/p?magnets/5/5/g222j2h2g22g0g32fubmo3or0000i000000400", 61,
     "r3c3 is an empty cell and a given -"),
    (MAGNETS, "https://puzz.link/p?magnets/21/5/g222j2h2g22g0g32fubmo3or00000000000400", 29, "too large"),
])
def test_towers_tents_magnets_refuse_what_they_cannot_hold(ptype, address, column, words):
    with pytest.raises(PuzzleError) as caught:
        ptype.parse(address)
    assert words in str(caught.value) and caught.value.column == column, (str(caught.value), caught.value.column)


def test_magnets_given_blank_cells_are_not_written():
    inst = MAGNETS.parse("+ . .\n- . .\n. . LR\n. . LR\ngiven\nx.\n..")
    with pytest.raises(PuzzleError, match="gives no blank cells"):
        MAGNETS.format(inst, "puzzlink")
    signs = MAGNETS.parse("+ . .\n- . .\n. . LR\n. . LR\ngiven\n+.\n..")
    assert MAGNETS.parse(MAGNETS.format(signs, "puzzlink")) == signs


@pytest.mark.parametrize("ptype", [TOWERS, TENTS, MAGNETS], ids=lambda ptype: ptype.name)
def test_towers_tents_magnets_twenty_generated_boards_round_trip(ptype):
    gen = registry.generator(ptype.name)
    params = gen.checked_params(**{o.name: o.default for o in gen.options})
    rng = random.Random(43)
    for _ in range(20):
        inst = generate_one(ptype, gen, params, rng, SessionCache()).instance
        assert ptype.parse(ptype.format(inst, "puzzlink")) == inst
