"""Kakuro, what is its own: pzprjs's test board and its failchecks, boards of human setters, the
text form's clue cells, the sum clauses against every digit set, tiny boards against brute force,
the generator's layout and repair, the terminal and the picture. The rituals every puzzle shares
are declared in tests/cases/kakuro.py."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest
from cases.kakuro import SOLVED

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.kakuro import PUZZLE, KakuroParams, combos, sum_clauses

DATA = Path(__file__).parent / "data"
GEN = generator("kakuro")
Grid = tuple[tuple[int, ...], ...]


def pzprjs_lines() -> list[list[str]]:
    return [line.split(" ", 2) if line.startswith("fail") else line.split(" ", 1)
            for line in (DATA / "kakuro_pzprjs.txt").read_text().splitlines() if not line.startswith("#")]


def verver_board(code: str) -> Instance:
    """Maks Verver's grid encoding (tests/data/kakuro_boards.txt's header): 6-bit characters;
    the height and width less one (5 bits a character, the 32 bit set on all but the last);
    the white cells below and right of the clue row and column, one bit each (lowest first);
    then a sum per run, ordered by the run's first cell, across before down (0: none)."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    values = [alphabet.index(ch) for ch in code]
    at = 0

    def integer() -> int:
        nonlocal at
        n = 0
        while True:
            byte = values[at]
            at += 1
            n = n * 32 + (byte & 31)
            if not byte & 32:
                return n

    height, width = integer() + 1, integer() + 1
    area = (height - 1) * (width - 1)
    bits = [(byte >> k) & 1 for byte in values[at:at + (area + 5) // 6] for k in range(6)]
    at += (area + 5) // 6
    black = [[True] * width] + [[True] + [not bits[r * (width - 1) + c] for c in range(width - 1)]
                                for r in range(height - 1)]
    keys = []
    for r in range(1, height):
        for c in range(1, width):
            if not black[r][c]:
                keys += [(r, c - 1, "across")] * black[r][c - 1] + [(r - 1, c, "down")] * black[r - 1][c]
    clues = {key: v for key, v in zip(keys, values[at:]) if v}
    return Instance(PUZZLE.name, KakuroParams(width, height, tuple(map(tuple, black))), clues)


# ---- outside references ------------------------------------------------------------------------
def test_pzprjs_test_url_is_unique_with_its_accepted_solution():
    lines = dict(line[:2] for line in pzprjs_lines() if line[0] != "fail")
    url = "https://puzz.link/p?kakuro/" + lines["url"]
    inst = PUZZLE.parse(url)
    board, solution = read_pzprv3_answer(PUZZLE, lines["solution"])
    assert inst == board  # his sums, read off the address and off his file alike
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and report.solutions[0] == solution
    assert PUZZLE.verify(inst, solution) == []
    assert PUZZLE.format(inst, "puzzlink") == url


def test_the_solved_pzprv3_file_is_pzprjs_own_and_reads_back():
    """The file pzprjs saves a solved board in: his test script's own, but for the clue row and
    column's sums and digits he wrote the same; it reads back as the board and its digits."""
    lines = dict(line[:2] for line in pzprjs_lines() if line[0] != "fail")
    inst = PUZZLE.parse("https://puzz.link/p?kakuro/" + lines["url"])
    solution = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.replace("\n", "/") == lines["solution"]
    assert PUZZLE.sniff(text) == "pzprv3"
    assert read_pzprv3_answer(PUZZLE, text) == (inst, solution)
    assert PUZZLE.parse(PUZZLE.format(inst, "pzprv3")) == inst
    example = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.format(example, "pzprv3") == "pzprv3\nkakuro\n2\n2\n0 4 16 \n8 . . \n12 . . \n. . \n. . \n"


def test_pzprv3_sums_are_read_as_the_address_reads_them():
    """A sum with no run after it is dropped (pzprjs keeps and never checks it); a sum out of
    range or an item that is no cell is refused where it stands."""
    board = "pzprv3/kakuro/2/2/0 4 16 /8 . . /12 . . /"
    assert PUZZLE.parse(board) == PUZZLE.parse(PUZZLE.example)
    assert (2, 0, "across") not in PUZZLE.parse(board.replace("12 . .", ". . .")).clues  # `.` beside: none
    assert PUZZLE.parse(board.replace("0 4", "7 4").replace("8 . .", "8 . 5,0")).clues == {
        (0, 1, "down"): 4, (1, 0, "across"): 8, (2, 0, "across"): 12}
    with pytest.raises(PuzzleError) as e:
        PUZZLE.parse(board.replace("12 . .", "12 . 46"))
    assert "'46' is no Kakuro cell" in e.value.message and (e.value.line, e.value.column) == (7, 6)
    with pytest.raises(PuzzleError, match="r3c1 across sum 46: a run adds up to 1..45"):
        PUZZLE.parse(board.replace("12 . .", "46 . ."))


def test_pzprjs_failchecks_are_named_by_verify():
    """Each board pzprjs refuses breaks the rule its code names (its partial boards: an empty
    cell reads as 0)."""
    words = {"nmDupRow": "twice", "nmSumRowNe": "adds up to", "ceNoNum": "not a digit"}
    fails = [line for line in pzprjs_lines() if line[0] == "fail"]
    assert {code for _, code, _ in fails} == set(words)
    for _, code, board in fails:
        inst, cells = read_pzprv3_answer(PUZZLE, board)
        problems = PUZZLE.verify(inst, cells)
        assert any(words[code] in p for p in problems), (code, problems)
    dup = next(board for _, code, board in fails if code == "nmDupRow")
    assert "run r2c2 down holds 2 twice" in PUZZLE.verify(*read_pzprv3_answer(PUZZLE, dup))
    wrong = next(board for _, code, board in fails if code == "nmSumRowNe")
    assert "run r3c1 across adds up to 13, not 10" in PUZZLE.verify(*read_pzprv3_answer(PUZZLE, wrong))


def human_boards() -> list[Instance]:
    return [verver_board(line) for line in (DATA / "kakuro_boards.txt").read_text().splitlines()
            if line and not line.startswith("#")]


def test_human_boards_are_unique():
    """Wikipedia's 8x8 example and Vegard Hanssen's 20x20, as Maks Verver's example file holds them."""
    small, large = human_boards()
    assert (small.params.width, len(small.clues)) == (8, 24)
    assert (large.params.width, large.params.height, len(large.clues)) == (20, 20, 140)
    for inst in (small, large):
        report = check_instance(PUZZLE, inst)
        assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == []
        assert PUZZLE.parse(PUZZLE.format(inst, "puzzlink")) == inst
        assert PUZZLE.parse(PUZZLE.format(inst)) == inst
    solution = check_instance(PUZZLE, small).solutions[0]
    assert solution[1] == (0, 9, 7, 0, 0, 8, 7, 9)  # the article's first row: 9 7, then 8 7 9


# ---- the forms ---------------------------------------------------------------------------------
def test_text_form_reads_clue_cells_and_writes_the_solution():
    inst = PUZZLE.parse(PUZZLE.example)
    assert inst.clues == {(0, 1, "down"): 4, (0, 2, "down"): 16, (1, 0, "across"): 8, (2, 0, "across"): 12}
    assert PUZZLE.parse("#  4\\ 16\\\n\\8 . .\n\\12 . .") == inst
    assert check_instance(PUZZLE, inst).solutions[0] == SOLVED
    assert PUZZLE.format_solution(inst, SOLVED) == "  #  4\\ 16\\\n \\8   1   7\n\\12   3   9"
    assert PUZZLE.answer_text(inst, SOLVED) == "# # #\n# 1 7\n# 3 9"
    assert PUZZLE.read_answer(inst, "```\n# # #\n# 1 7\n# 3 9\n```") == SOLVED
    both = PUZZLE.parse("#  #  4\\ 3\\\n# 16\\4 . .\n\\17 . . .\n\\3 . . #")
    assert both.clues[(1, 1, "down")] == 16 and both.clues[(1, 1, "across")] == 4


def test_puzzlink_reads_dashes_and_long_white_runs():
    """pzprjs writes a missing sum as `-` (and we as 0); 16 white cells are one `z`."""
    dashed = PUZZLE.parse("https://puzz.link/p?kakuro/2/2/n-g8c")
    assert dashed == PUZZLE.parse("https://puzz.link/p?kakuro/2/2/n0g8c").without({(0, 1, "down"): 4})
    wide = KakuroParams(18, 2, ((True,) * 18, (True,) + (False,) * 17))
    inst = Instance(PUZZLE.name, wide, {(1, 0, "across"): 45})
    assert PUZZLE.format(inst, "puzzlink").endswith("/17/1/zk" + "0" * 17 + "Z")
    assert PUZZLE.parse(PUZZLE.format(inst, "puzzlink")) == inst


def test_canonical_is_the_same_for_the_mirrored_board():
    inst = PUZZLE.parse("#  #  4\\ 3\\\n# 16\\4 . .\n\\17 . . .\n\\3 . . #")
    mirrored = PUZZLE.parse("#  # 17\\ 3\\\n# 4\\16 . .\n\\4 . . .\n\\3 . . #")
    assert PUZZLE.canonical(inst) == PUZZLE.canonical(mirrored)
    assert PUZZLE.canonical(inst) != PUZZLE.canonical(PUZZLE.parse(PUZZLE.example))


# ---- the rules against brute force ------------------------------------------------------------------
def test_sum_clauses_allow_exactly_the_digit_sets_of_the_sum():
    """Every set of digits 1..9 against the clauses, for every run length and sum."""
    subsets = [frozenset(s) for k in range(10) for s in combinations(range(1, 10), k)]
    for length in range(1, 10):
        for total in range(0, 47):
            clauses = sum_clauses(length, total)
            allowed = {s for s in subsets if all(any((lit > 0) == (abs(lit) in s) for lit in clause)
                                                 for clause in clauses)}
            assert allowed == set(combos(length, total)), (length, total)


@pytest.mark.parametrize(("rows", "draws"), [("# # #\n# . .\n# . .", 8), ("# # # #\n# . . .\n# . . #", 3)])
def test_random_tiny_boards_agree_with_brute_force(rows, draws):
    """Sums of a random filling (one now and then put off by one), all of them and all but
    one or two, on boards of four and five white cells."""
    params = PUZZLE.parse(rows).params
    rng = random.Random(len(rows))
    fillings = list(PUZZLE.candidates(params))
    seen = set()
    for _ in range(draws):
        filling = rng.choice(fillings)
        clues = {key: sum(filling[r][c] for r, c in run) for key, run in params.runs.items()}
        keys = list(clues)
        rng.shuffle(keys)
        if rng.random() < 0.3:
            clues[keys[0]] += 1
        for kept in (keys, keys[:-1], keys[:-2]):
            inst = Instance(PUZZLE.name, params, {key: clues[key] for key in kept})
            n = brute_force_count(PUZZLE, inst, fillings)
            assert engine_counts(PUZZLE, inst) == (n, n), PUZZLE.format(inst)
            seen.add(min(n, 2))
    assert seen == {0, 1, 2}


# ---- the generator -------------------------------------------------------------------------------
def test_drawn_layout_is_symmetric_connected_with_runs_of_two_or_more():
    spec = GEN.params(size=10)
    for seed in range(3):
        params, solution = GEN.draw(spec, random.Random(seed), SessionCache())
        black = params.black
        assert all(black[r][c] == black[10 - r][10 - c] for r in range(1, 10) for c in range(1, 10))
        assert all(2 <= len(run) <= 6 for run in params.runs.values())
        white = params.white()
        assert all(any(cell in run for run in params.runs.values() if run[0][0] == run[-1][0]) for cell in white)
        assert all(any(cell in run for run in params.runs.values() if run[0][1] == run[-1][1]) for cell in white)
        seen, todo = {white[0]}, [white[0]]
        while todo:
            r, c = todo.pop()
            for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if step in set(white) - seen:
                    seen.add(step)
                    todo.append(step)
        assert len(seen) == len(white)
        assert PUZZLE.verify(Instance(PUZZLE.name, params, GEN.candidate_clues(params, solution)), solution) == []


def test_repair_changes_a_digit_where_the_rival_differs():
    inst = PUZZLE.parse("#  #  4\\ 3\\\n# 16\\4 . .\n\\17 . . .\n\\3 . . #")
    ours = ((0, 0, 0, 0), (0, 0, 3, 1), (0, 9, 6, 2), (0, 7, 4, 0))
    theirs = ((0, 0, 0, 0), (0, 0, 1, 3), (0, 9, 8, 2), (0, 7, 4, 0))
    params, clues, changed = GEN.repair(inst.params, {}, ours, theirs, random.Random(2))
    assert params == inst.params and PUZZLE.verify(Instance(PUZZLE.name, params, clues), changed) == []
    diff = [(r, c) for r in range(4) for c in range(4) if changed[r][c] != ours[r][c]]
    assert len(diff) == 1 and ours[diff[0][0]][diff[0][1]] != theirs[diff[0][0]][diff[0][1]]


def test_generated_boards_are_unique_with_every_sum():
    from puzzlelab.lab.engine.crosscheck import generated_rechecked

    for record in generated_rechecked(PUZZLE, GEN, GEN.params(size=6), 3, 5):
        assert set(record.instance.clues) == set(record.instance.params.runs)


# ---- for people ---------------------------------------------------------------------------------
def test_show_draws_black_cells_and_sums():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert "▓▓" in shown[1] and "16\\" in shown[1] and "\\12" in shown[5] and len(shown) == 7


def test_the_picture_has_every_sum_and_digit(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    written = [w.text for w in drawn(monkeypatch, PUZZLE, inst, SOLVED)]
    for text in ("4", "16", "8", "12"):
        assert written.count(text) == 2, text  # in the puzzle and in the solution
    for digit in ("1", "7", "3", "9"):
        assert written.count(digit) == 1, digit


def test_the_collection_addresses_are_the_human_boards():
    """tests/data/kakuro_collection.txt (what scripts/bench_genres.py checks) holds the same
    boards as Maks Verver's file, written as puzz.link addresses."""
    urls = [line for line in (DATA / "kakuro_collection.txt").read_text().splitlines() if line.startswith("https://")]
    assert [PUZZLE.parse(url) for url in urls] == human_boards()
