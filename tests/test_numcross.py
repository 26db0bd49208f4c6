"""Numeric crosswords (seed 004): the expression reader, every property and rule, CP-SAT
against brute force on tiny boards, the formats, bad input and the command line."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.solvers.numcross import PUZZLE, Prop, fillings, holds, parse_equation, show
from tests.test_conformance import run

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
EXAMPLE_SOLUTION = ((8, 1, None), (3, 2, 4), (None, 1, 8))
EXAMPLE_LETTERS = (("A", 3), ("B", 2), ("C", 9), ("E", 4))


# ---- the example ----------------------------------------------------------------------------------
def test_example_is_unique_with_its_solution():
    inst = PUZZLE.parse(PUZZLE.example)
    found, done = fillings(inst, 5)
    assert done and found == [(EXAMPLE_SOLUTION, EXAMPLE_LETTERS)]
    assert PUZZLE.verify(inst, found[0]) == []
    ans = PUZZLE.answer(inst)
    assert ans.data["status"] == "unique" and ans.text.splitlines()[0] == "unique"
    assert "letters: A=3 B=2 C=9 E=4" in ans.text
    assert PUZZLE.count(inst, 10) == 1


def test_seed_form_reads_the_example_back():
    inst = PUZZLE.parse(PUZZLE.example)
    seed = PUZZLE.format(inst, "seed")
    assert seed.startswith('GRID = """\nXX.\nX.X\n.X.\n"""') and "1 C^2 + B (2)" in seed
    assert PUZZLE.parse(seed) == inst
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("numcross*")), ids=lambda p: p.name)
def test_examples_are_unique_and_valid(path):
    inst = PUZZLE.parse(path.read_text())
    found, done = fillings(inst, 2)
    assert done and len(found) == 1, path.name
    assert PUZZLE.verify(inst, found[0]) == []
    for fmt in PUZZLE.formats:
        try:
            text = PUZZLE.format(inst, fmt)
        except PuzzleError:
            assert fmt == "seed"
            continue
        assert PUZZLE.parse(text) == inst, fmt


# ---- the expression reader --------------------------------------------------------------------------
def value(text: str, **letters: int) -> list[int | None]:
    from puzzlelab.solvers.numcross import evaluate

    return [evaluate(side, letters, {}) for side in parse_equation(text)]


def test_implied_multiplication():
    assert parse_equation("2AB(C + D)") == parse_equation("2*A*B*(C+D)")
    assert value("2AB(C + D)", A=2, B=3, C=4, D=5) == [108]
    assert value("(A + 1)(B + 1)", A=2, B=3) == [12]
    assert value("AB^2", A=2, B=3) == [18]  # the power binds before the product
    assert value("AB/C", A=6, B=2, C=4) == [3]


def test_minus_signs_of_typesetters():
    for minus in ("-", "\u2212", "\u2013"):
        assert value(f"A {minus} B", A=9, B=4) == [5]
    assert parse_equation("A \u2212 B") == parse_equation("A - B")
    assert value("-A + B", A=1, B=3) == [2]
    assert value("A - (B - C)", A=9, B=5, C=2) == [6]


def test_several_equals_signs():
    assert value("AB = C + D = E", A=2, B=3, C=1, D=5, E=6) == [6, 6, 6]
    assert len(parse_equation("A = B = C = D")) == 4


def test_powers_division_and_superscripts():
    assert value("A\u00b2 + B\u00b3", A=3, B=2) == [17]
    assert value("A^2^1", A=3) == [9]
    assert value("A/B", A=7, B=2) == [None]  # division only when exact
    assert value("A/B", A=7, B=0) == [None]
    assert value("A \u00d7 B \u00f7 C", A=4, B=6, C=3) == [8]


@pytest.mark.parametrize("text", ["2AB(C + D)", "A - (B - C)", "-(A + B)C", "(A + B)^3", "A/(B/C)", "A - -B",
                                  "3(A \u2212 B)", "[a1] + 2", "A^2B^3", "(-A)^2", "A*2", "2*3"])
def test_show_reads_back_as_the_same_tree(text):
    tree = parse_equation(text)[0]
    assert parse_equation(show(tree)) == (tree,)


@pytest.mark.parametrize("text,message", [
    ("A(B + C", "unbalanced '('"), ("A + B)", "unbalanced ')'"), ("A +", "ends too soon"),
    ("A $ B", "unexpected '$'"), ("A^B", "exponent must be a whole number"), ("A 2", "expected an operator"),
    ("", "ends too soon"), ("A^99", "too large"),
])
def test_bad_expressions_name_the_clue(text, message):
    with pytest.raises(PuzzleError) as err:
        parse_equation(text, "d3", 7)
    assert "clue d3" in str(err.value) and message in str(err.value) and err.value.line == 7


# ---- properties: plain Python and CP-SAT agree value by value ---------------------------------------
PROPS = [Prop(k) for k in ("prime", "square", "cube", "triangular", "palindrome", "odd", "even")]
PROPS += [Prop(k, None, True) for k in ("prime", "square", "cube", "triangular")]
PROPS += [Prop("multiple", 7), Prop("factor", 360), Prop("digitsum", 9), Prop("less", 40), Prop("greater", 70)]


@pytest.mark.parametrize("prop", PROPS, ids=lambda p: ("not " if p.negated else "") + p.kind)
def test_each_property_matches_plain_python(prop):
    from puzzlelab.solvers.numcross import show_prop

    inst = PUZZLE.parse(f"grid\n. . .\nletters 1..9\na1 is {show_prop(prop)}")
    wanted = [v for v in range(100, 1000) if holds(prop, v, str(v), {})]
    found, done = fillings(inst, 1000)
    assert done and sorted(int("".join(map(str, g[0]))) for g, _ in found) == wanted


def test_plain_properties():
    assert holds(Prop("prime"), 97, "97", {}) and not holds(Prop("prime"), 91, "91", {})
    assert holds(Prop("cube"), 343, "343", {}) and not holds(Prop("cube"), 342, "342", {})
    assert holds(Prop("triangular"), 55, "55", {}) and not holds(Prop("triangular"), 56, "56", {})
    assert holds(Prop("multiple", "a1"), 84, "84", {"a1": 12})
    assert holds(Prop("factor", "a1"), 12, "12", {"a1": 84})
    assert holds(Prop("reverse", "a1"), 21, "21", {"a1": 12})
    assert not holds(Prop("reverse", "a1"), 210, "210", {"a1": 12}, {"a1": "12"})  # lengths differ
    assert holds(Prop("reverse", "a1"), 210, "210", {"a1": 12}, {"a1": "012"})


# ---- verify catches each rule -----------------------------------------------------------------------
VERIFY_PUZZLE = "grid\n. . #\n. . .\n# 1 .\nletters 1..5\na1 = AB\nd1 is prime\nd2 = [a1] + B"


@pytest.mark.parametrize("grid,letters,message", [
    (((1, 2), (3, 4)), (("A", 3), ("B", 4)), "not 3x3"),
    (((1, 2, None), (3, 4, 5), (None, 1, "x")), (("A", 3), ("B", 4)), "not a digit"),
    (((1, 2, None), (3, 4, 5), (None, 7, 6)), (("A", 3), ("B", 4)), "given 1"),
    (((1, 2, None), (0, 4, 5), (None, 1, 6)), (("A", 3), ("B", 4)), "entry a3 starts with 0"),
    (((1, 2, None), (3, 2, 1), (None, 1, 2)), (("A", 3), ("B", 4)), "are both 12"),
    (((1, 2, None), (3, 4, 5), (None, 1, 6)), (("A", 3), ("B", 6)), "outside 1..5"),
    (((1, 2, None), (3, 4, 5), (None, 1, 6)), (("A", 4), ("B", 4)), "letters A and B are both 4"),
    (((1, 2, None), (3, 4, 5), (None, 1, 6)), (("A", 3),), "letter B missing"),
    (((1, 2, None), (3, 4, 5), (None, 1, 6)), (("A", 3), ("B", 5)), "clue a1: AB is 15"),
    (((1, 2, None), (5, 4, 5), (None, 1, 6)), (("A", 3), ("B", 4)), "clue d1: 15 is not prime"),
    (((1, 2, None), (3, 4, 5), (None, 1, 6)), (("A", 3), ("B", 4)), "clue d2: [a1] + B is 16"),
])
def test_verify_names_each_broken_rule(grid, letters, message):
    inst = PUZZLE.parse(VERIFY_PUZZLE)
    assert any(message in p for p in PUZZLE.verify(inst, (grid, letters))), PUZZLE.verify(inst, (grid, letters))


def test_verify_accepts_a_filling_and_catches_inexact_division():
    inst = PUZZLE.parse("grid\n. .\n. .\nletters 1..99\na1 = A/B\nd1 is odd")
    assert PUZZLE.verify(inst, (((1, 3), (5, 0)), (("A", 39), ("B", 3)))) == []
    problems = PUZZLE.verify(inst, (((1, 3), (5, 0)), (("A", 40), ("B", 3))))
    assert problems == ["clue a1: A/B is a division that is not exact, the entry is 13"]


# ---- tiny boards: brute force = CP-SAT ----------------------------------------------------------------
def brute_force(inst, letter_values) -> int:
    """Every digit grid and every letter assignment, kept when `verify` passes."""
    p = inst.params
    cells = sorted({c for e in p.entries for c in e.cells})
    used = sorted({x for c in inst.clues["clues"] for e in c.exprs for x in letters_of_tree(e)})
    count = 0
    for digits in itertools.product(range(10), repeat=len(cells)):
        at = dict(zip(cells, digits))
        grid = tuple(tuple(at.get((r, c)) for c in range(p.width)) for r in range(p.height))
        for vals in itertools.product(letter_values, repeat=len(used)):
            if not PUZZLE.verify(inst, (grid, tuple(zip(used, vals)))):
                count += 1
    return count


def letters_of_tree(node) -> set[str]:
    from puzzlelab.solvers.numcross import letters_of

    return letters_of(node)


TINY_GRIDS = ["grid\n. .\n. #", "grid\n# .\n. .", "grid\n. .|.", "grid\n._.\n. ."]
TINY_CLUES = ["is prime", "is square", "is odd", "is even", "is palindrome", "is multiple of 3", "is digit sum 9",
              "is triangular", "is not prime", "= AB", "= A + B", "= A(B + 1)", "= A^2", "= B - A + 10",
              "= 2AB = A + 20"]


UNIQUE_TINY = [  # found among random boards: unique ones are rare, so these make sure of one
    "grid\n# .\n. .\nletters 1..3\na2 is even\na2 = B - A + 10\nd1 is palindrome",
    "grid\n. .\n. #\nletters 1..3\na1 is digit sum 9\na1 is even\nd1 = B - A + 10\nd1 is multiple of 3",
]


def random_tiny_boards(seed: int, boards: int, letters: range) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(boards):
        grid = rng.choice(TINY_GRIDS)
        names = [e.name for e in PUZZLE.parse(grid).params.entries]
        clues = [f"{name} {rng.choice(TINY_CLUES)}" for name in names for _ in range(rng.randint(0, 2))]
        if rng.random() < 0.3 and len(names) > 1:
            clues.append(f"{names[0]} is {rng.choice(['multiple of', 'factor of', '<', '>', 'reverse of'])} {names[1]}")
        out.append("\n".join([grid, f"letters {letters[0]}..{letters[-1]}" + rng.choice(["", " repeat"]),
                               rng.choice(["", "entries repeat"]), *clues]))
    return out


def check_tiny_boards(boards: list[str], letters: range) -> None:
    seen = {0: 0, 1: 0, 2: 0}
    for text in boards:
        inst = PUZZLE.parse(text)
        brute = brute_force(inst, letters)
        found, done = fillings(inst, 10_000)
        assert done and len(found) == brute, PUZZLE.format(inst)
        assert all(PUZZLE.verify(inst, s) == [] for s in found)
        seen[min(brute, 2)] += 1
    assert all(seen.values()), seen


def test_random_tiny_boards_brute_force_equals_cpsat():
    check_tiny_boards(UNIQUE_TINY + random_tiny_boards(7, 5, range(1, 4)), range(1, 4))


@pytest.mark.slow
def test_more_random_tiny_boards_brute_force_equals_cpsat():
    check_tiny_boards(UNIQUE_TINY + random_tiny_boards(5, 24, range(1, 5)), range(1, 5))


def test_leading_zeros_and_explicit_entries():
    inst = PUZZLE.parse("grid\n. .\n. .\nnumbering off\nleading zeros\nentry diag r1c1 r2c2\nentry anti r1c2 r2c1\n"
                        "letters 1..3\ndiag = A\nanti is multiple of 7\ndiag is < [anti]")
    assert [e.name for e in inst.params.entries] == ["diag", "anti"]
    found, done = fillings(inst, 10_000)
    assert done and len(found) == brute_force(inst, range(1, 4)) > 0
    assert any(g[0][0] == 0 for g, _ in found)  # a leading zero is allowed


# ---- formats and bad input ----------------------------------------------------------------------------
def test_bars_blocks_and_givens_read_and_write():
    text = "grid\n. . .|.\n. # . .\n._ . 3 .\n. .|. .\nletters 1..9\na1 is prime\nd2 = 3A"
    inst = PUZZLE.parse(text)
    assert ((0, 2), (0, 3)) in inst.params.bars and ((2, 0), (3, 0)) in inst.params.bars
    assert inst.clues["givens"] == (((2, 2), 3),)
    assert PUZZLE.format(inst) == text
    assert {e.name: len(e.cells) for e in inst.params.entries}["a1"] == 3
    with pytest.raises(PuzzleError, match="seed's form"):
        PUZZLE.format(inst, "seed")


@pytest.mark.parametrize("text,message,line", [
    ("grid\n. .\n. .\na1 = A(B", "clue a1: unbalanced '('", 4),
    ("grid\n. .\n. .\na1 is prme", "clue a1: unknown constraint 'prme'", 4),
    ("grid\n. .\n. .\nd1 is multiple of d9", "clue d1: 'd9' is no entry", 4),
    ("grid\n. .\n. .\na7 = A", "clue a7: no such entry", 4),
    ("grid\n. .\n. .\nentry x r1c1 r3c1\nx is prime", "entry x: 'r3c1' is not an open cell", 4),
    ('GRID = """\nX.\n..\n"""\nACROSS = """\n1 AB (3)\n"""\nDOWN = """\n"""', "clue a1: an entry of 3", 6),
    ("grid\n. .\n. . .", "grid row 2 has 3 cells", 3),
    ("grid\n. ?", "unexpected '?'", 2),
    ("grid\n. .\nletters 9..1", "letters 9..1", 3),
    ("grid\n. . . . . . . . . .\nentry long r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r1c10", "more than 9", 3),
    ("grid\n. . . . . . . .\na1 is prime", "a prime entry of 8 digits", 3),
])
def test_bad_input_is_one_line_naming_where(text, message, line):
    with pytest.raises(PuzzleError) as err:
        PUZZLE.parse(text)
    assert message in str(err.value) and err.value.line == line, str(err.value)


def test_an_expression_too_large_names_its_clue(tmp_path):
    (tmp_path / "big.txt").write_text("grid\n. .\nletters 1..99\na1 = A^30")
    code, out, err = run(tmp_path, "solve", "numcross", "big.txt")
    assert code == 2 and "line 4" in err and "clue a1" in err and err.count("\n") == 1


def test_bad_input_on_the_command_line_exits_2(tmp_path):
    for text in ("grid\n. .\n. .\na1 = A(B", "grid\n. .\n. .\na1 is prme",
                 'GRID = """\nX.\n..\n"""\nACROSS = """\n1 AB (3)\n"""\nDOWN = """\n"""'):
        (tmp_path / "bad.txt").write_text(text)
        code, out, err = run(tmp_path, "solve", "numcross", "bad.txt")
        assert code == 2 and not out and err.count("\n") == 1 and "clue a1" in err and "Traceback" not in err


# ---- the command line -----------------------------------------------------------------------------------
def test_solve_says_unique_ambiguous_or_no_filling(tmp_path):
    (tmp_path / "one.txt").write_text(PUZZLE.example)
    code, out, _ = run(tmp_path, "solve", "listener", "one.txt")
    assert code == 0 and out.splitlines()[0] == "unique" and "8 1 #" in out
    (tmp_path / "two.txt").write_text("grid\n. .\nletters 1..9\na1 = A + B = 11\na1 is prime")
    code, out, _ = run(tmp_path, "solve", "numcross", "two.txt")
    assert code == 1 and out.splitlines()[0] == "ambiguous" and "filling 2:" in out and "they differ at: " in out
    (tmp_path / "none.txt").write_text("grid\n. .\na1 is prime\na1 is square")
    code, out, _ = run(tmp_path, "solve", "numcross", "none.txt")
    assert code == 1 and out.strip() == "no filling"  # exit 1 as a clue puzzle's check
    code, out, _ = run(tmp_path, "count", "numcross", "two.txt", "--limit", "100")
    assert code == 0 and out.startswith("8 solution(s)")  # A + B = 11, A != B: (2, 9) .. (9, 2)


def test_render_show_and_convert(tmp_path):
    (tmp_path / "one.txt").write_text(PUZZLE.example)
    assert run(tmp_path, "render", "numcross", "one.txt", "--out", "p.png")[0] == 0
    assert run(tmp_path, "render", "numcross", "one.txt", "--solution", "--out", "s.png")[0] == 0
    assert (tmp_path / "p.png").stat().st_size > 1000 and (tmp_path / "s.png").stat().st_size > 1000
    code, out, _ = run(tmp_path, "show", "numcross", "one.txt")
    assert code == 0 and "d2 = (B + C)^2" in out
    code, out, _ = run(tmp_path, "convert", "numcross", "one.txt", "--to", "seed")
    assert code == 0 and out.startswith('GRID = """')
    code, out, _ = run(tmp_path, "grade", "numcross", "one.txt")
    assert code == 0 and "equations        6" in out and "cpsat_status     optimal" in out


# ---- answers for language models -----------------------------------------------------------
def test_an_answer_is_read_leniently_and_scored():
    from puzzlelab.lab.toolkit.answers import score_text

    inst = PUZZLE.parse(PUZZLE.example)
    solution = (EXAMPLE_SOLUTION, EXAMPLE_LETTERS)
    assert PUZZLE.answer_text(inst, solution) == "8 1 #\n3 2 4\n# 1 8\nletters: A=3 B=2 C=9 E=4"
    messy = ("C must be 9, so a1 = 81.\n```\n81#\n3, 2, 4\n| - | 1 | 8 |\n```\n"
             "with a: 3, b = 2\nc=9 and E = 4.")
    assert PUZZLE.read_answer(inst, messy) == solution
    assert score_text(PUZZLE, inst, messy, solution).score == 1.0
    wrong = score_text(PUZZLE, inst, "8 1 #\n3 2 4\n# 1 8\nletters: A=3 B=2 C=9 E=5", solution)
    assert wrong.parsed and not wrong.valid and wrong.score == round(10 / 11, 4)  # 7 cells and 3 letters of 11
    assert PUZZLE.read_answer(inst, "8 1 #\n3 2 4\n# 1 8")[1] == ()  # no letters: each is missing, verify says
    assert not score_text(PUZZLE, inst, "8 1 #\n3 2 4\n# 1 8", solution).valid
    with pytest.raises(PuzzleError, match="3 rows"):
        PUZZLE.read_answer(inst, "8 1 #\n3 2 4\nletters: A=3 B=2 C=9 E=4")


# ---- the picture -------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("numcross*")), ids=lambda p: p.name)
def test_the_picture_prints_every_clue_and_the_filled_grid(path, monkeypatch):
    """The clues were not drawn at all: the grid's entry numbers, and beside it the rules and
    every clue under Across and Down at 9 pt or more as `render` prints them; with the
    solution, every entry's digits and the letters."""
    from pictures import drawn

    from puzzlelab.solvers.numcross import printed_clues

    inst = PUZZLE.parse(path.read_text())
    ans = PUZZLE.answer(inst)
    written = drawn(monkeypatch, PUZZLE, inst, ans.data)
    puzzle_ax = written[0].ax
    shown = [w for w in written if w.ax is puzzle_ax]
    page = " ".join(w.text for w in shown)  # a clue wrapped over lines reads back with spaces
    for name, clue in printed_clues(inst).items():
        assert clue in page, (name, clue)
    assert {"Across", "Down"} <= {w.text for w in shown if w.bold}
    corners = [w for w in shown if w.text.isdigit() and not w.bold]  # (the clues' numbers are bold)
    assert sorted(w.text for w in corners) == sorted(str(n) for _, n in inst.params.numbered)
    assert min(w.points for w in shown if w not in corners) >= 9.0
    grid, letters = ans.data["solutions"][0]["grid"], ans.data["solutions"][0]["letters"]
    digits = sorted(w.text for w in written if w.ax is not puzzle_ax and w.text.isdigit() and w.size == 0.5)
    cells = {cell for e in inst.params.entries for cell in e.cells} - set(dict(inst.clues["givens"]))
    assert digits == sorted(str(grid[r][c]) for r, c in cells)
    assert {f"{k} = {v}" for k, v in letters.items()} <= {w.text for w in written if w.ax is not puzzle_ax}


def test_clues_are_printed_as_typeset():
    from puzzlelab.solvers.numcross import printed_clues

    inst = PUZZLE.parse((EXAMPLES / "numcross_equations.txt").read_text())
    assert printed_clues(inst) == {"a1": "BD \u2212 A = A + 2(D + 3)", "a3": "C\u00b2(B + A)", "a5": "C\u00b2(E + B)",
                                   "d1": "B\u00b3C", "d2": "BA(E \u2212 D)", "d4": "B\u00b2(C + D)"}
    bars = printed_clues(PUZZLE.parse((EXAMPLES / "numcross_bars.txt").read_text()))
    assert bars["a1"] == "Digit sum 10; not triangular" and bars["diag"] == "Multiple of 5; greater than 3ac"
    assert bars["a7"] == "Unclued"
    refs = printed_clues(PUZZLE.parse("grid\n. .\n. .\nletters 1..9\na1 = 2[d1] + A[d2]B\nd1 is < [a3]"))
    assert refs["a1"] == "2\u00d71dn + A\u00d72dn\u00d7B" and refs["d1"] == "Less than 3ac"
