"""The shared text codecs (lab/toolkit/textgrid.py), and Sudoku reading the grids solvers print."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.engine.sat import SatSession
from puzzlelab.lab.face import registry
from puzzlelab.lab.toolkit.tatham import game_id, tatham_cells, tatham_encode, tatham_split
from puzzlelab.lab.toolkit.textgrid import (
    array_rows,
    char_rows,
    json_rows,
    literal_at,
    numbered_lines,
    parse_array,
    position,
    rectangular,
    token_rows,
    write_array,
)
from puzzlelab.solvers.sudoku import SudokuParams

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data" / "sudoku"
SUDOKU = registry.puzzle("sudoku")
SEED003_PUZZLE = "004300209005009001070060043006002087190007400050083000600000105003508690042910300"
SEED003_SOLUTION = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"


def raises(call, *args, **kwargs) -> PuzzleError:
    with pytest.raises(PuzzleError) as err:
        call(*args, **kwargs)
    return err.value


# ---- lines, character grids, token grids ------------------------------------------------------
def test_numbered_lines_drop_bom_crlf_blanks_and_comments():
    text = "\ufeff\r\n a b \r\n\r\nc # note\r\n# only a note\r\n\r\n"
    assert numbered_lines(text, comment="#") == [(2, " a b "), (4, "c ")]
    assert numbered_lines("x\ry\n") == [(1, "x"), (2, "y")]


def test_char_rows_give_each_cell_its_line_and_column():
    rows = char_rows("\n\n a.b\n\n#. c\n\n")
    assert [[t.text for t in row] for row in rows] == [["a", ".", "b"], ["#", ".", "c"]]
    assert (rows[0][0].line, rows[0][0].column) == (3, 2)
    assert (rows[1][2].line, rows[1][2].column) == (5, 4)
    assert raises(char_rows, " \n\n").message == "empty input"


@pytest.mark.parametrize("rule", ["---+---+---", "------+-------+------", "===+===+===", "- - - + - - - + - - -"])
def test_char_rows_drop_box_rules(rule):
    text = f"004|300|209\n005|009|001\n{rule}\n070|060|043\n"
    rows = char_rows(text, rules=True)
    assert ["".join(t.text for t in row) for row in rows] == ["004300209", "005009001", "070060043"]
    assert (rows[2][3].line, rows[2][3].column) == (4, 5)  # '|' counts as a column: the user's columns


def test_a_line_of_dashes_is_a_rule_only_in_a_drawn_grid():
    drawn = char_rows("12|34\n-----\n34|12\n", rules=True)
    assert len(drawn) == 2
    plain = char_rows("1234\n----\n3412\n", rules=True)  # '-' is a blank here
    assert ["".join(t.text for t in row) for row in plain] == ["1234", "----", "3412"]
    assert len(char_rows("12|34\n-----\n", rules=False)) == 2  # without rules, all is cells


def test_token_rows_drop_rules_and_bars_but_keep_a_lone_dash():
    text = "+-------+-------+\n| 1 - . | 10 . 4 |\n|-------+-------|\n| . 2 3 | . . . |\n+-------+-------+\n"
    rows = token_rows(text, rules=True)
    assert [[t.text for t in row] for row in rows] == [["1", "-", ".", "10", ".", "4"], [".", "2", "3", ".", ".", "."]]
    assert (rows[0][3].line, rows[0][3].column) == (2, 11)
    assert [[t.text for t in row] for row in token_rows("- - -\n1 2 3\n", rules=True)] == [["-"] * 3, ["1", "2", "3"]]
    assert [len(row) for row in token_rows(". . | .\n- - - -\n. . | .\n", rules=True)] == [3, 3]


def test_rectangular_names_the_row_and_its_line():
    rows = char_rows("abc\n\nab\n")
    err = raises(rectangular, rows)
    assert (err.message, err.line) == ("row has 2 cells, expected 3", 3)
    err = raises(rectangular, rows, 3, None, "array row", True)
    assert err.message == "array row 2 has 2 cells, expected 3"
    err = raises(rectangular, char_rows("ab\nab\n"), 2, 3)
    assert (err.message, err.line) == ("grid has 2 rows, expected 3", 2)
    assert raises(rectangular, []).message == "no rows"


# ---- arrays -----------------------------------------------------------------------------------
def test_array_rows_know_where_every_element_stands():
    text = "# seed 000\nboard = np.array([\n  [' ', 'W'],\n  ['é', 7, (1, 2)],\n  [],\n])\n"
    rows = array_rows(text)
    assert [[e.value for e in row] for row in rows] == [[" ", "W"], ["é", 7, (1, 2)], []]
    assert [(e.line, e.column) for e in rows[1]] == [(4, 4), (4, 9), (4, 12)]  # é is 2 bytes, 1 column
    assert (rows[2].line, rows[2].column, len(rows[2])) == (5, 3, 0)
    assert parse_array(text) == [[" ", "W"], ["é", 7, (1, 2)], []]


@pytest.mark.parametrize("text, message, line, column", [
    ("[[1, 2],\n [3, x]]", "bad array element 'x' (expected a Python literal)", 2, 6),
    ("[[1, 2], 3]", "expected a list of rows", 1, 10),
    ("[[1, 2],\n [3, 4]", "bad array literal: '[' was never closed", 1, None),
    ("([1], [2])", "expected a list of rows", 1, 2),  # the outermost [...] is `[1], [2]`, a tuple
    ("x = 1", "expected a [[...], ...] array", None, None),
    ("\n[1, 2] + [3]", "expected a list of rows", 2, 1),
])
def test_array_errors_say_where(text, message, line, column):
    err = raises(array_rows, text)
    assert (err.message, err.line, err.column) == (message, line, column)


def test_write_array_reads_back():
    rows = [[" ", "B", 3], ["'", '"', -1]]
    assert write_array(rows) == "[\n  [' ', 'B', 3],\n  [\"'\", '\"', -1],\n]"
    assert write_array(rows, "np.array").startswith("np.array([\n") and write_array(rows, "np.array").endswith("\n])")
    assert parse_array(write_array(rows, "board = np.array")) == rows


def test_literal_at_is_one_line():
    text = "x = 1\nresults = {'a': (op, 3)}"
    err = raises(literal_at, text, text.index("{"), len(text) - 1, "results")
    assert "0x" not in err.message and err.message.startswith("bad results literal") and err.line == 2
    assert literal_at("a = [1, 2]", 4, 9, "a") == [1, 2]


def test_json_rows_take_strings_or_lists():
    assert json_rows(["B.", [1, 2]]) == [["B", "."], [1, 2]]
    assert raises(json_rows, ["..", 5], "board").message == "board row 2 is not a string or a list"
    assert raises(json_rows, []).message == "'grid' must be a non-empty list of rows"


# ---- Tatham's game IDs ------------------------------------------------------------------------
def test_game_id_knows_where_its_parts_stand():
    game = game_id("\n\n  7x7b20 : a1B \n")
    assert (game.head, game.desc, game.line, game.column) == ("7x7b20", "a1B", 3, 3)
    assert game.at(0) == (3, 12) and game.at(2) == (3, 14)
    assert tatham_split("3x3:abc") == ("3x3", "abc")
    assert "random-seed" in raises(game_id, "9x9#12345").message
    assert "params:description" in raises(game_id, "abc").message


def test_tatham_cells_runs_numbers_and_symbols():
    assert tatham_cells(game_id("2x3:a1_2zg"), 36, {}, 0, numbers=True) == [0, 1, 2] + [0] * 33
    assert tatham_cells(game_id("3x1:B2a"), 3, {"B": None, "2": 2}, -1) == [None, 2, -1]
    err = raises(tatham_cells, game_id("3x3:ab!c"), 9, {}, 0)
    assert (err.message, err.line, err.column) == ("unexpected '!' in game description", 1, 7)
    err = raises(tatham_cells, game_id("2x2:zz"), 4, {}, 0)
    assert err.message == "game description is longer than 4 cells" and err.column == 5
    err = raises(tatham_cells, game_id("3x3:c"), 9, {}, 0)
    assert err.message == "game description has 3 cells, expected 9" and err.column == 6


def test_tatham_encode_is_the_inverse():
    rng = random.Random(5)
    for _ in range(200):
        numbers = [rng.choice([0, 0, 0, 1, 9, 12, 25]) for _ in range(rng.randint(1, 90))]
        text = tatham_encode(numbers, 0)
        assert tatham_cells(game_id("x:" + text), len(numbers), {}, 0, numbers=True) == numbers
        symbols = [rng.choice("..BW") for _ in range(rng.randint(1, 90))]
        text = tatham_encode(symbols, ".")
        assert tatham_cells(game_id("x:" + text), len(symbols), {"B": "B", "W": "W"}, ".") == symbols
    assert tatham_encode([0] * 27 + [5, 6], 0) == "za5_6"


def test_position_counts_from_one():
    assert position("ab\ncd", 0) == (1, 1) and position("ab\ncd", 4) == (2, 2)


# ---- Sudoku reads the grids common solvers print -----------------------------------------------
def _rows(line: str, n: int) -> list[str]:
    return [line[i * n:(i + 1) * n] for i in range(n)]


def _barred(line: str, box_rows: int, box_cols: int, rule: str, spaced: bool = False) -> str:
    n = box_rows * box_cols
    out = []
    for r, row in enumerate(_rows(line, n)):
        if r and r % box_rows == 0:
            out.append(rule)
        stacks = [row[c:c + box_cols] for c in range(0, n, box_cols)]
        out.append((" | " if spaced else "|").join(" ".join(s) if spaced else s for s in stacks))
    return "\n".join(out)


NINE_BY_NINE = {
    "one line": SEED003_PUZZLE,
    "nine lines": "\n".join(_rows(SEED003_PUZZLE, 9)),
    "bars": _barred(SEED003_PUZZLE, 3, 3, "---+---+---"),
    "bars, long rules": _barred(SEED003_PUZZLE, 3, 3, "------+-------+------"),
    "spaced": _barred(SEED003_PUZZLE.replace("0", "."), 3, 3, "------+-------+------", spaced=True),
    "framed": "\n".join(["+-------+-------+-------+"] + [
        ("| " + line + " |") if not line.startswith("-") else "+-------+-------+-------+"
        for line in _barred(SEED003_PUZZLE.replace("0", "."), 3, 3, "-", spaced=True).splitlines()]
        + ["+-------+-------+-------+"]),
    "boxes apart": "\n".join(" ".join(row[c:c + 3] for c in (0, 3, 6)) for row in _rows(SEED003_PUZZLE, 9)),
    "CRLF, BOM and blank lines": "\ufeff\r\n\r\n" + _barred(SEED003_PUZZLE, 3, 3, "---+---+---").replace(
        "\n", "\r\n") + "\r\n\r\n\r\n",
}


@pytest.mark.parametrize("name", NINE_BY_NINE)
def test_sudoku_reads_every_9x9_form_the_same(name):
    assert SUDOKU.parse(NINE_BY_NINE[name]) == SUDOKU.parse(SEED003_PUZZLE), NINE_BY_NINE[name]


def test_the_9x9_forms_answer_unique_with_the_seeds_solution():
    inst = SUDOKU.parse(NINE_BY_NINE["bars"])
    check = SatSession(SUDOKU, inst.params).check(inst.clues)
    assert check.status == "unique"
    assert SUDOKU.format_solution(inst, check.solutions[0], "line") == SEED003_SOLUTION


def test_other_sizes_with_bars():
    four = SUDOKU.parse("1.|..\n..|43\n--+--\n.4|..\n..|.1")
    assert four.params == SudokuParams(2, 2) and four == SUDOKU.parse("1.....43.4.....1")
    six = SUDOKU.parse(".2.|...\n...|.4.\n---+---\n1..|..5\n...|...\n---+---\n...|3..\n.6.|...")
    assert six.params == SudokuParams(2, 3) and six.clues[(2, 0)] == 1 and six.clues[(5, 1)] == 6
    line25 = SUDOKU.format(SUDOKU.parse("5x5:" + "z" * 24 + "25"), "line")
    assert SUDOKU.parse("\n".join(_rows(line25, 25))).clues == {(24, 24): 25}


def _seed000_16x16_lines() -> list[str]:
    rows = parse_array((DATA / "seed000_16x16.txt").read_text())
    return ["".join(ch if ch != " " else "." for ch in row) for row in rows]


def test_seed000_16x16_as_sixteen_lines_of_sixteen_answers_unique():
    lines = _seed000_16x16_lines()
    inst = SUDOKU.parse("\n".join(lines))
    assert inst == SUDOKU.parse((DATA / "seed000_16x16.txt").read_text())
    barred = _barred("".join(lines), 4, 4, "----+----+----+----")
    assert SUDOKU.parse(barred) == inst
    check = SatSession(SUDOKU, inst.params).check(inst.clues)
    assert check.status == "unique"
    expected = (DATA / "seed000_16x16_solution.txt").read_text().replace("\n", "")
    assert SUDOKU.format_solution(inst, check.solutions[0], "line") == expected


@pytest.mark.parametrize("text, message, line, column", [
    (_barred(SEED003_PUZZLE[:40] + "x" + SEED003_PUZZLE[41:], 3, 3, "---+---+---"), "bad character 'x'", 6, 6),
    ("\n12|34\n--+--\n34|12\n", "one-line sudoku needs a square number of characters (81 for 9x9), got 8", 2, None),
    ("[\n  ['1', '2', '3', '4'],\n  ['3', '4', '1', '2'],\n  ['2', '1', 'q', '3'],\n  ['4', '3', '2', '1'],\n]",
     "bad character 'q'", 4, 14),
    ("[['1', '2', '3', '4'], ['3', '4', '1'],\n ['2', '1', '4', '3'], ['4', '3', '2', '1']]",
     "array row 2 has 3 cells, expected 4", 1, None),
    ("  3x3:a1!", "unexpected '!' in game description", 1, 9),
])
def test_sudoku_errors_name_the_place(text, message, line, column):
    err = raises(SUDOKU.parse, text)
    assert (err.message, err.line, err.column) == (message, line, column)


def test_cli_checks_the_bar_form_from_stdin():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "puzzlelab", "check", "sudoku", "-", "--out-format", "line"],
                          input=NINE_BY_NINE["bars, long rules"], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["unique", SEED003_SOLUTION]


def test_named_vector_reads_a_list_and_blanks_its_line():
    from puzzlelab.lab.toolkit.textgrid import named_vector

    text = "board = np.array([\n  ['T', ' '],\n])\nside = np.array([1, None])\ntop = [0, 2]\n"
    values, at, rest = named_vector(text, "side")
    assert values == [1, None] and at == (4, 17)
    assert "side" not in rest and len(rest) == len(text) and rest.count("\n") == text.count("\n")
    assert named_vector(rest, "top")[0] == [0, 2]
    with pytest.raises(PuzzleError, match="needs 'left = \\[...\\]' after the board"):
        named_vector(text, "left")
    with pytest.raises(PuzzleError, match="'top' needs a list of counts"):
        named_vector("top = 3\n", "top")


# ---- early size checks and strict JSON --------------------------------------------------------
def test_the_early_checks_refuse_only_what_is_surely_too_large():
    from puzzlelab.lab.engine.puzzle import BoardLimit
    from puzzlelab.lab.toolkit.textgrid import array_shape, grid_lines, refuse_tall

    early = BoardLimit(4, 3).early("demo")
    assert raises(char_rows, "....\n" * 4, limit=early).message == "demo board 4x4 is too large: at most 4x3"
    assert raises(char_rows, "..\n.....\n..", limit=early).line == 2  # the longest row, where it stands
    assert len(char_rows("....\n" * 3, limit=early)) == 3
    # box rules, a byte-order mark, a frame the puzzle allows for and CR line ends are no rows
    assert len(grid_lines("\ufeff12|34\n--+--\n34|12\n", rules=True, limit=BoardLimit(4, 2).early("demo"))) == 2
    assert len(char_rows("x....\n....\n....\n....", limit=BoardLimit(4, 3).early("demo", extra=(1, 1)))) == 4
    assert len(char_rows("\r".join(["...."] * 3), limit=early)) == 3
    with pytest.raises(PuzzleError, match="demo board 1x5 is too large"):
        refuse_tall("mines: 3\n" + ".\n" * 5, early, r"[.]")
    refuse_tall("mines: 3\nmines: 3\nmines: 3\n.\n.\n.\n", early, r"[.]")  # headers are no rows
    # an array's shape from its brackets and commas: strings and comments may hold either
    assert array_shape("[[1, 2, 3], [4, 5, 6],]") == (2, 3)
    assert array_shape("[\n ['a', ','],  # [x, y, z]\n ['\\'', \"]\"],\n]") == (2, 2)
    assert array_shape("[['#', '.'], ['.', '.']]") == (2, 2)
    assert array_shape("[[[1]]]") is None  # deeper than rows of values: the parser says what is wrong
    assert array_shape("[[1, 2], [3, 4]])\nb = np.array([[1]])", first=True) == (2, 2)
    assert raises(array_rows, "[" + "[0, 0], " * 4 + "]", early).message == "demo board 2x4 is too large: at most 4x3"


def test_a_json_object_reads_every_field_it_has():
    from puzzlelab.lab.toolkit.textgrid import JsonObject

    doc = JsonObject('{"puzzle": "Demo",\n "width": 3, "flag": true, "name": "x", "rows": [1]}', "demo",
                     ("width", "flag", "name", "rows", "grid"), ("demo",))
    assert (doc.integer("width", low=1), doc.boolean("flag"), doc.string("name")) == (3, True, "x")
    assert doc.array("rows", length=1) == [1] and doc.array("grid", None) is None and doc.integer("height", 7) == 7
    err = raises(doc.array, "rows", length=2, what="counts")
    assert (err.message, err.line) == ("demo JSON: 'rows' must be a list of 2 counts, got 1", 2)
    for text, message in (('{"width": null}', "'width' must be a whole number, got null"),
                          ('{"width": 2.0}', "'width' must be a whole number, got 2.0"),
                          ('{"width": "2"}', "'width' must be a whole number, got '2'"),
                          ('{"width": 0}', "'width' must be at least 1, got 0"),
                          ('{"widht": 2}', "'widht' is not a demo field (known: puzzle, width)"),
                          ('{"puzzle": "other"}', "'puzzle' is 'other': this reader is demo's"),
                          ('[1, 2]', "demo JSON must be an object")):
        with pytest.raises(PuzzleError, match=re.escape(message)):
            JsonObject(text, "demo", ("width",)).integer("width", None, low=1)
