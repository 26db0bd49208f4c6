"""Unequal (Futoshiki), what is its own: Tatham's difficulties as asked and against our
grade, IDs only his parser's leniency reads, the lattice text form, the terminal and the
picture, tiny boards against brute force, the signs' literals, symmetry, the generator. The
rituals every puzzle shares (his boards unique and written back, ours read by his parser, bad
IDs and bad text refused, `verify` rule by rule) are declared in tests/cases/unequal.py."""

from __future__ import annotations

import random

from cases.unequal import TATHAM_IDS, grid
from declarations import tatham_id_lines
from tatham import tatham_reads

from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.puzzle import Instance
from puzzlelab.lab.engine.sat import check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.latin import latin_grids
from puzzlelab.lab.toolkit.lattice import read_lattice, write_lattice
from puzzlelab.solvers.unequal import PUZZLE, UnequalParams, pairs

GEN = generator("unequal")


# ---- Tatham's game IDs --------------------------------------------------------------------------
def test_tatham_ids_read_with_the_difficulty_asked():
    """His five difficulties; each ID with its difficulty as asked (`4dt:`) reads the same."""
    ids = tatham_id_lines(TATHAM_IDS.file)
    assert {d for d, _ in ids} == set("tekxr")
    for diff, game in ids:
        n, desc = game.split(":")
        assert PUZZLE.parse(f"{n}d{diff}:{desc}") == PUZZLE.parse(game), game


def test_tatham_difficulties_against_our_grade():
    """His Trivial and Easy boards are settled by propagation (level 0); his Extreme and
    Recursive ones need probing (level 1), and score above every Easy one."""
    levels: dict[str, set[int]] = {d: set() for d in "tekxr"}
    scores: dict[str, list[float]] = {d: [] for d in "tekxr"}
    for diff, game in tatham_id_lines(TATHAM_IDS.file):
        g = grade(PUZZLE, PUZZLE.parse(game))
        levels[diff].add(g.level)
        scores[diff].append(g.score)
    assert levels["t"] == levels["e"] == {0} and levels["x"] == levels["r"] == {1}
    assert min(scores["x"] + scores["r"]) > max(scores["e"])


def test_ids_his_parser_reads_and_ours_reads_alike(tmp_path):
    """Runs of letters and a missing last comma are his too; the example has an ID he reads."""
    short = "4:c3L,0,0,0,0,0,0,0,0,0,0,0,0"  # letters skip cells; no comma after the last
    example = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "tatham")
    assert tatham_reads("unequal", [short, example], tmp_path) == ""
    assert PUZZLE.parse(short).clues == {("cell", 0, 3): 3, ("right", 0, 2): "<"}


# ---- the text form: a lattice ---------------------------------------------------------------------
def test_blank_lines_between_rows_are_kept_and_either_caret_reads():
    inst = PUZZLE.parse(PUZZLE.example)
    assert inst.clues == {("cell", 0, 1): 3, ("cell", 0, 2): 1, ("cell", 3, 0): 1, ("right", 2, 1): "<",
                          ("down", 0, 0): "v", ("down", 1, 0): "v", ("down", 2, 3): "^"}
    assert PUZZLE.parse(PUZZLE.example.replace("v", "∨").replace("^", "∧")) == inst
    assert PUZZLE.parse("\n\n" + PUZZLE.example.replace("\n", "\r\n") + "\n\n\n") == inst
    two = PUZZLE.parse("1>.\n\n. .")
    assert two.clues == {("cell", 0, 0): 1, ("right", 0, 0): ">"} and PUZZLE.format(two) == "1>.\n\n. ."
    # a line of one space is a blank line of marks; trailing spaces are nothing
    assert PUZZLE.parse(". .\n \n. .").params == PUZZLE.parse(". . \n\n. .").params == UnequalParams(2)


def test_the_solution_is_the_lattice_filled_in():
    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert PUZZLE.format_solution(inst, solution) == "4 3 1 2\nv\n3 4 2 1\nv\n2 1<4 3\n      ^\n1 2 3 4"
    assert PUZZLE.answer_text(inst, solution).splitlines()[0] == " ".join(map(str, solution[0]))


def test_lattice_reads_any_marks_and_writes_back():
    """Not Unequal's alone: a bridges-like lattice with `-`, `=`, `|` and `"`."""
    text = "2-3 1\n| \"\n1 2=2"
    lattice = read_lattice(text, "-=", "|\"")
    assert [[t.text for t in row] for row in lattice.cells] == [["2", "3", "1"], ["1", "2", "2"]]
    assert [[t and t.text for t in row] for row in lattice.across] == [["-", None], [None, "="]]
    assert [[t and (t.text, t.line, t.column) for t in row] for row in lattice.down] == [
        [("|", 2, 1), ('"', 2, 3), None]]
    marks = [[t.text if t else " " for t in row] for row in lattice.across]
    assert write_lattice([["2", "3", "1"], ["1", "2", "2"]], marks, [["|", '"', " "]]) == text


# ---- for people: the terminal and the picture -------------------------------------------------------
def test_show_puts_each_sign_in_the_line_between_its_cells():
    assert PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)) == "\n".join([
        "┏━━━┯━━━┯━━━┯━━━┓",
        "┃   │ 3 │ 1 │   ┃",
        "┠─∨─┼───┼───┼───┨",
        "┃   │   │   │   ┃",
        "┠─∨─┼───┼───┼───┨",
        "┃   │   <   │   ┃",
        "┠───┼───┼───┼─∧─┨",
        "┃ 1 │   │   │   ┃",
        "┗━━━┷━━━┷━━━┷━━━┛"])
    assert PUZZLE.show_text(PUZZLE.parse("1>.\n\n. .")).splitlines()[1] == "┃ 1 >   ┃"


def test_the_picture_has_the_givens_bold_the_solution_light_and_every_sign(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    written = drawn(monkeypatch, PUZZLE, inst, solution)
    puzzle_ax = written[0].ax
    for shown in ([w for w in written if w.ax is puzzle_ax], [w for w in written if w.ax is not puzzle_ax]):
        assert sorted(w.text for w in shown if w.bold) == ["1", "1", "3"]  # the givens, bold in both
        assert sorted(w.text for w in shown if not w.text.isdigit()) == sorted("∨∨<∧")
    assert not [w for w in written if w.ax is puzzle_ax and w.text.isdigit() and not w.bold]  # no solved digit
    solved = sorted(w.text for w in written if w.ax is not puzzle_ax and w.text.isdigit() and not w.bold)
    assert solved == sorted(str(d) for r, row in enumerate(solution) for c, d in enumerate(row)
                            if ("cell", r, c) not in inst.clues)


def test_each_sign_is_centred_between_the_cells_it_compares(monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from puzzlelab.lab.toolkit import draw

    places: list[tuple[str, float, float]] = []
    real = draw.write

    def spy(ax, x, y, text, size, **options):
        places.append((text, x, y))
        return real(ax, x, y, text, size, **options)

    monkeypatch.setattr(draw, "write", spy)
    fig, ax = plt.subplots()
    PUZZLE.draw(ax, PUZZLE.parse(PUZZLE.example))
    plt.close(fig)
    [board] = draw.boards(ax)

    def between(a: tuple[int, int], b: tuple[int, int]) -> tuple[float, float]:
        (x0, y0), (x1, y1) = board.centre(*a), board.centre(*b)
        return (x0 + x1) / 2, (y0 + y1) / 2

    signs = sorted((text, x, y) for text, x, y in places if not text.isdigit())
    assert signs == sorted([("∨", *between((0, 0), (1, 0))), ("∨", *between((1, 0), (2, 0))),
                            ("<", *between((2, 1), (2, 2))), ("∧", *between((2, 3), (3, 3)))])


# ---- the rules against brute force, and a valid square verified ----------------------------------------
def test_tiny_boards_brute_force_equals_both_engines():
    rng = random.Random(5)
    for n, boards in ((2, 4), (3, 12), (4, 10)):
        squares = list(latin_grids(n))
        for _ in range(boards):
            source = [s for s in squares if not PUZZLE.verify(Instance("unequal", UnequalParams(n), {}), s)]
            full = GEN.candidate_clues(UnequalParams(n), rng.choice(source))
            keys = rng.sample(sorted(full, key=str), rng.randint(0, min(len(full), 2 * n)))
            inst = Instance("unequal", UnequalParams(n), {k: full[k] for k in keys})
            expected = brute_force_count(PUZZLE, inst, squares)
            assert engine_counts(PUZZLE, inst) == (expected, expected), PUZZLE.format(inst)


def test_a_false_sign_is_the_negated_literal():
    """Each pair's literal means "the first is greater" both ways: signs against a square
    that breaks one of them leave no solution, and the signs alone pin the square down."""
    square = grid("1 2 3\n2 3 1\n3 1 2")
    signs = GEN.candidate_clues(UnequalParams(3), square)
    inst = Instance("unequal", UnequalParams(3), {k: v for k, v in signs.items() if k[0] != "cell"})
    assert check_instance(PUZZLE, inst).solutions == [square]
    flipped = {**inst.clues, ("right", 0, 0): ">"}
    assert check_instance(PUZZLE, Instance("unequal", UnequalParams(3), flipped)).status == "unsolvable"


def test_verify_accepts_a_latin_square_keeping_the_signs():
    assert PUZZLE.verify(PUZZLE.parse(". .\n\n. ."), grid("1 2\n2 1")) == []
    assert PUZZLE.verify(PUZZLE.parse("1<.\n^\n. ."), grid("1 2\n2 1")) == []


# ---- JSON, symmetry, the generator ---------------------------------------------------------------
def test_json_reads_back_and_leaves_out_nothing_but_nulls():
    """Bad signs and digits in JSON: tests/cases/unequal.py."""
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.parse(PUZZLE.format(inst, "json")) == inst
    assert PUZZLE.parse('{"grid": [[1, null], [null, null]]}').clues == {("cell", 0, 0): 1}


def test_canonical_is_one_text_for_turned_and_mirrored_boards():
    """The example turned a quarter clockwise and mirrored left to right, by hand: the
    signs turn with the board and still point at the smaller cell."""
    turned = "1 .<.<.\n\n. . . 3\n  ^\n. . . 1\n\n.>. . ."
    mirrored = ". 1 3 .\n      v\n. . . .\n      v\n. .>. .\n^\n. . . 1"
    inst = PUZZLE.parse(PUZZLE.example)
    for text in (turned, mirrored):
        other = PUZZLE.parse(text)
        assert other != inst and PUZZLE.canonical(other) == PUZZLE.canonical(inst)
        assert check_instance(PUZZLE, other).status == "unique"


def test_generated_boards_are_unique_for_cpsat_and_use_signs():
    made = generated_rechecked(PUZZLE, GEN, GEN.checked_params(size=5), 6, seed=2)
    assert all(g.minimal for g in made)
    assert any(k[0] != "cell" for g in made for k in g.instance.clues)
    assert len(list(pairs(5))) == 40
