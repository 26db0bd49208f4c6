"""Input that is too large, oddly encoded or oddly written: every puzzle has a
documented size limit checked right after reading, generator options have ranges, a
byte-order mark is ignored, error messages never quote a huge token, and a 16x16 sudoku in
the hexadecimal convention reads as such."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from puzzlelab.lab.engine.generator import Option, board_shape
from puzzlelab.lab.engine.puzzle import (
    BOM,
    MAX_DIGITS,
    MAX_INPUT_CHARS,
    Instance,
    MovePuzzle,
    PuzzleError,
    PuzzleType,
    quote,
)
from puzzlelab.lab.face import registry
from puzzlelab.solvers.sudoku import HEX

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "datasets" / "examples"
DATA = ROOT / "tests" / "data"


def error_of(ptype: PuzzleType, text: str) -> str:
    with pytest.raises(PuzzleError) as err:
        ptype.parse(text)
    return str(err.value)


# ---- 1. size limits -----------------------------------------------------------------------
def queens(count: int, ranks: str = "2345678") -> str:
    """`count` white queens, rank by rank from a2 (a1 stays free for a king)."""
    return " ".join(f"Q{f}{r}" for r in ranks for f in "abcdefgh")[:4 * count - 1]


def keen_staircase() -> str:
    """A 9x9 Keen whose first cage climbs like a staircase over 7 cells: 9 * 8^6 ways to
    fill it, past the limit; every other cell a given."""
    stair = {(0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 3), (3, 3)}
    rows = [" ".join("A" if (r, c) in stair else f"c{r}{c}" for c in range(9)) for r in range(9)]
    return "\n".join(rows) + "\n\nA 30+\n" + "".join(f"c{r}{c} 1\n" for r in range(9) for c in range(9)
                                                 if (r, c) not in stair)


# One input per puzzle, in its own plain form, just past its documented limit.
OVERSIZED = {
    "sudoku": "." * 27 * 27,  # a 27x27 grid in the line form
    "lightup": "\n".join(["." * 101] * 2),
    "keen": " ".join(["A"] * 17) + "\n",  # the first row says n = 17
    "nonogram": "cols:\n" + "1\n" * 100 + "rows:\n1\n",
    "pearl": "." * 41,
    "singles": " ".join(["1"] * 62) + "\n" + " ".join(["1"] * 62),
    "minesweeper": "mines: 1\n" + "." * 51,
    "guess": "pegs 9 colours AB",
    "inertia": "S" + "." * 40,
    "jugs": "capacities " + " 1" * 11 + "\nstart" + " 0" * 11 + "\ngoal" + " 0" * 11,
    "sliding": "A" + "." * 8 + "\n\n" + "?" * 9,
    "chessranger": queens(15),
    "chesssolo": "Ka1 " + queens(16),
    "chessmelee": queens(16) + " qa8",
}


def test_every_puzzle_documents_its_size_limit():
    for ptype, _ in registry.all_puzzles():
        assert ptype.size_limit_text.startswith("at most "), ptype.name
    assert set(OVERSIZED) <= set(registry.names())  # later puzzles test their own limit in their tests


@pytest.mark.parametrize("name", sorted(OVERSIZED))
def test_oversized_input_is_refused_before_any_rules(name, monkeypatch):
    ptype = registry.puzzle(name)

    def never(*args, **kwargs):
        raise AssertionError("rules were built for an input over the size limit")

    for hook in ("rules", "one_shot_rules", "answer", "cpsat"):
        monkeypatch.setattr(ptype, hook, never, raising=False)
    message = error_of(ptype, OVERSIZED[name])
    assert "too large" in message and "at most" in message and len(message) < 250, message


def test_the_message_names_the_size_found_and_the_limit():
    assert error_of(registry.puzzle("lightup"), "\n".join(["." * 1000] * 3)) == \
        "line 1: lightup board 1000x3 is too large: at most 100x100"
    assert "sudoku grid 36x36 is too large: at most 26x26" in error_of(registry.puzzle("sudoku"), "6x6:z")
    assert "keen grid 17x17 is too large" in error_of(registry.puzzle("keen"), "17:_,a1")


def test_parse_is_the_one_door_and_checks_every_instance():
    class Tiny(MovePuzzle):
        name = "tiny"
        size_limit_text = "at most 1 clue"
        format = format_solution = verify = answer = lambda self, *args: None

        def read(self, text, fmt=None):
            return Instance(self.name, None, dict(enumerate(text.split())))

        def check_size(self, inst):
            if len(inst.clues) > 1:
                raise PuzzleError(f"tiny puzzle of {len(inst.clues)} clues is too large: {self.size_limit_text}")

    assert Tiny().parse(BOM + "a").clues == {0: "a"}
    with pytest.raises(PuzzleError, match="too large"):
        Tiny().parse("a b")
    with pytest.raises(TypeError, match="override read"):
        type("Sneaky", (PuzzleType,), {"parse": lambda self, text, fmt=None: None})


def test_input_beyond_any_limit_is_refused_unread():
    text = "." * (MAX_INPUT_CHARS + 1)
    assert "characters long" in error_of(registry.puzzle("lightup"), text)
    long_number = '{"grid": [[1' + "0" * MAX_DIGITS + "]]}"  # json.loads would raise ValueError
    message = error_of(registry.puzzle("sudoku"), long_number)
    assert "digits long" in message and "column 12" in message


@pytest.mark.parametrize("name, text, words", [
    ("keen", "A A\nB B\n\nA 3+\nB 1" + "0" * 100 + "+", "out of reach"),  # a cage target of 10**100
    ("keen", "A B\nA B\n\nA 3+\nB 3*\n" + "", None),  # fine: within reach
    ("keen", keen_staircase(), "cage 'A' of 7 cells is too large"),
    ("jugs", "capacities 1000000000000 999999999999 2\nstart 0 0 0\ngoal 1 1 1", "too large"),
    ("jugs", "capacities 1000000000000 999999999999\nstart 0 0\ngoal 1 1", None),  # two jugs: few positions
    ("guess", "pegs 1" + "0" * 100 + " colours AB", "too large"),
    ("guess", "pegs 7 colours RYGBOP", "279,936 codes is too large"),
    ("guess", "RYGB 0 0 4\n" * 101, "101 guesses is too large"),
    ("minesweeper", "51x51n10:m" + "0" * 651, "too large"),
    ("sudoku", '{"grid": [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "box": [1e309, 3]}',
     "'box' must be"),  # Infinity
    ("guess", '{"pegs": 1e999}', "'pegs' must be a whole number, got Infinity"),
    ("sudoku", "9" * 3000 + "x" + "9" * 3000 + ":a", "is too large: at most 26x26"),  # str() of n would fail
    ("minesweeper", "mines: " + "9" * 4000 + "\n...\n...", "mines do not fit"),
    ("lightup", "9" * 4000 + "x2:a", "x2 is too large"),
])
def test_numbers_and_counts_inside_the_input_are_bounded(name, text, words):
    ptype = registry.puzzle(name)
    if words is None:
        try:
            ptype.parse(text)
        except PuzzleError as exc:
            assert "too large" not in str(exc) and "out of reach" not in str(exc)
        return
    message = error_of(ptype, text)
    assert words in message and len(message) < 250, message


# ---- 2. generator option ranges --------------------------------------------------------------
def generators():
    return [(ptype, gen) for ptype, gen in registry.all_puzzles() if gen is not None]


@pytest.mark.parametrize("name", [p.name for p, _ in generators()])
def test_every_ranged_option_refuses_values_outside_its_range(name):
    gen = registry.generator(name)
    assert gen.checked_params() == gen.params()  # the defaults are in range
    for option in gen.options:
        if option.low is not None:
            assert f"[{option.range_text}]" in option.described
            with pytest.raises(PuzzleError, match=f"--{option.name} must be at least {option.low}"):
                gen.checked_params(**{option.name: option.low - 1})
        if option.high is not None:
            with pytest.raises(PuzzleError, match=f"--{option.name} must be at most {option.high}"):
                gen.checked_params(**{option.name: option.high + 1})
        if option.low is not None or option.high is not None:
            for bad in (math.nan, "x"):
                with pytest.raises(PuzzleError, match=f"--{option.name} must be a number"):
                    gen.checked_params(**{option.name: bad})


def test_sizes_are_ranged_by_the_size_limit():
    for ptype, gen in generators():
        sizes = [o for o in gen.options if o.name in ("size", "width", "height", "pieces", "n")]
        assert sizes and all(o.high is not None for o in sizes), ptype.name
        gen.params(**{o.name: o.high for o in sizes})  # the largest sizes allowed are within the limit


@pytest.mark.parametrize("name, options, message", [
    ("nonogram", {"width": 0, "height": 0}, "--width must be at least 1, got 0"),
    ("lightup", {"size": -3}, "--size must be at least 1, got -3"),
    ("lightup", {"density": math.inf}, "--density must be at most 0.9, got inf"),
    ("lightup", {"density": -0.1}, "--density must be at least 0.0"),
    ("nonogram", {"density": math.nan}, "--density must be a number"),
    ("minesweeper", {"mines": 0}, "--mines must be at least 1"),
    ("keen", {"size": 17}, "--size must be at most 16"),
])
def test_checked_params_names_the_option(name, options, message):
    with pytest.raises(PuzzleError, match=message.replace("[", r"\[")):
        registry.generator(name).checked_params(**options)


def test_params_alone_still_checks_sizes_and_zero_is_not_unset():
    assert board_shape(7) == (7, 7) and board_shape(7, None, 3) == (7, 3)
    assert board_shape(7, 0, 0) == (0, 0)
    for name in ("nonogram", "lightup", "singles"):
        with pytest.raises(PuzzleError, match="too small"):
            registry.generator(name).params(size=10, width=0, height=0)
        p = registry.generator(name).params(size=5, width=7)
        assert (p.width, p.height) == (7, 5)
    for density in (math.nan, math.inf, -1.0):
        with pytest.raises(PuzzleError, match="--density"):
            registry.generator("lightup").params(density=density)
        with pytest.raises(PuzzleError, match="--density"):
            registry.generator("nonogram").params(density=density)


def test_option_range_text():
    assert Option("a", int, 1, "h", 1, 5).described == "h [1..5]"
    assert Option("a", int, 1, "h", low=1).range_text == "at least 1"
    assert Option("a", int, 1, "h").described == "h"


@pytest.mark.parametrize("box, message", [
    ("0x0", "boxes 0x0 are too small"), ("1x1", "boxes 1x1 are too small"), ("3x0", "too small"),
    ("0x3", "too small"), ("axb", "--box must look like 3x3"), ("3x3x3", "--box must look like 3x3"),
    ("-1x-4", "--box must look like 3x3"), ("6x6", "36x36 is too large"), ("1000x2", "too large"),
    ("9" * 5000 + "x2", "too large"),
])
def test_every_bad_sudoku_box_is_a_puzzle_error(box, message):
    with pytest.raises(PuzzleError, match=message) as err:
        registry.generator("sudoku").checked_params(box=box)
    assert len(str(err.value)) < 200


def test_good_sudoku_boxes():
    gen = registry.generator("sudoku")
    assert gen.params(box="2x13").n == 26 and gen.params(box=" 3X3 ").n == 9


# ---- 4. a byte-order mark is ignored ---------------------------------------------------------
def example_texts() -> dict[str, str]:
    """One plain example per puzzle: the one every puzzle states (`PuzzleType.example`)."""
    return {name: registry.puzzle(name).example for name in registry.names()}


@pytest.mark.parametrize("name", sorted(example_texts()))
def test_a_byte_order_mark_is_ignored_in_every_format(name):
    ptype = registry.puzzle(name)
    text = example_texts()[name]
    inst = ptype.parse(text)
    assert ptype.parse(BOM + text) == inst
    assert ptype.sniff(BOM + text) == ptype.sniff(text)
    for fmt in ptype.formats:
        try:
            written = ptype.format(inst, fmt)
        except (PuzzleError, NotImplementedError):
            continue  # a form this instance cannot be written in
        assert ptype.parse(BOM + written) == ptype.parse(written), fmt
        assert ptype.parse(BOM + written, fmt) == ptype.parse(written, fmt), fmt


# ---- 5. a 16x16 sudoku in the 0-F convention -------------------------------------------------
SEED16 = (DATA / "sudoku" / "seed000_16x16.txt").read_text()
SEED16_SOLUTION = (DATA / "sudoku" / "seed000_16x16_solution.txt").read_text().replace("\n", "")
ALPHABET16 = "123456789abcdefg"


def as_hex(line: str) -> str:
    """A line in the usual convention (1-9, a-g) written in hex (0-9, A-F): digit d is HEX[d - 1]."""
    return "".join("." if ch == "." else HEX[ALPHABET16.index(ch)] for ch in line)


def test_hex_sudoku_reads_as_the_same_puzzle_in_every_plain_form():
    sudoku = registry.puzzle("sudoku")
    plain = sudoku.parse(SEED16)
    line = as_hex(sudoku.format(plain, "line"))
    assert set(HEX) <= set(line)  # it uses every symbol 0..F, 0 among them
    rows = [line[r * 16:(r + 1) * 16] for r in range(16)]
    forms = {"line": line, "16 lines": "\n".join(rows),
             "grid": "\n".join(" ".join(row) for row in rows),
             "array": "[" + ",\n".join(repr(list(row.replace(".", " "))) for row in rows) + "]"}
    for what, text in forms.items():
        inst = sudoku.parse(text)
        assert inst == plain, what  # hex k is digit k + 1
        assert inst.params.symbols == HEX, what
        assert sudoku.format(inst, "line") == line, what  # written back in hex


def test_hex_sudoku_solves_and_prints_its_solution_in_hex():
    from puzzlelab.lab.engine.solve import check

    sudoku = registry.puzzle("sudoku")
    inst = sudoku.parse(as_hex(sudoku.format(sudoku.parse(SEED16), "line")))
    report = check(sudoku, inst)
    assert report.status == "unique"
    assert sudoku.format_solution(inst, report.solutions[0], "line") == as_hex(SEED16_SOLUTION)
    grid = sudoku.format_solution(inst, report.solutions[0], "grid")
    assert grid.splitlines()[0].split()[:4] == list(as_hex(SEED16_SOLUTION)[:4])
    assert sudoku.parse(grid) == sudoku.full(inst, report.solutions[0])


def test_the_usual_16x16_conventions_are_unchanged():
    sudoku = registry.puzzle("sudoku")
    plain = sudoku.parse(SEED16)
    line = sudoku.format(plain, "line")
    assert sudoku.parse(line).params.symbols != HEX
    zero_blank = line.replace(".", "0")  # 0 as blank, g = 16: not hex, since 'g' is used
    assert sudoku.parse(zero_blank) == plain and "g" in line
    assert sudoku.parse("\n".join(line[r * 16:(r + 1) * 16] for r in range(16))) == plain
    nine = registry.puzzle("sudoku").parse((EXAMPLES / "sudoku_seed003.txt").read_text())
    assert sudoku.parse("\n".join(sudoku.format(nine, "line")[r * 9:(r + 1) * 9] for r in range(9))) == nine


# ---- 6. error messages quote at most a few dozen characters ----------------------------------
def test_quote_cuts_and_shows_invisible_characters():
    assert quote("abc") == "'abc'"
    assert quote("x" * 100) == "'" + "x" * 40 + "...' (100 characters)"
    assert quote(BOM + "1") == "'\\ufeff1'"
    assert quote(["a"]) == "'['a']'"


@pytest.mark.parametrize("name", sorted(registry.names()))
@pytest.mark.parametrize("token", ["Z" * 100_000, "7" * 3_000, "Zz" * 20_000 + "\n" + "." * 9])
def test_a_huge_token_gives_a_short_message(name, token):
    message = error_of(registry.puzzle(name), token)
    assert len(message) < 300, message[:300]


@pytest.mark.parametrize("name", [n for n in sorted(registry.names()) if "array" in registry.puzzle(n).formats])
@pytest.mark.parametrize("text", ["[[['x']]]", "[[[]]]", "[[None]]", "[['²']]", "[[1e309]]"])
def test_odd_array_cells_are_puzzle_errors(name, text):
    error_of(registry.puzzle(name), text)  # no TypeError (a list is no dictionary key), no ValueError


@pytest.mark.parametrize("name, text", [
    ("sudoku", "3x3:²"), ("sudoku", "²" + "." * 80), ("lightup", "..\n.²"), ("keen", "5:²"),
    ("guess", "RYGB ² 0"), ("minesweeper", "mines: ²\n..."), ("nonogram", "cols:\n²\nrows:\n1"),
    ("singles", "1 ²\n2 1"), ("chessranger", "8/8/8/8/8/8/8/²"),
])
def test_digits_that_int_cannot_read_are_puzzle_errors(name, text):
    error_of(registry.puzzle(name), text)  # '²' is a digit to str.isdigit, not to int()
