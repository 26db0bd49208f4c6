"""Magnets: seed example, verify rule by rule, Tatham's game IDs (his generator's boards, and
ours read by his parser), formats, generator."""

from __future__ import annotations

import json
import random

import pytest
from cases.magnets import BOARD, cells
from declarations import data_text
from pysat.formula import IDPool

from puzzlelab.lab.engine.crosscheck import assert_unique_with, brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.counting import exact_counts
from puzzlelab.solvers.magnets import PUZZLE, MagnetsParams, check_count

# Seed 000's board: H marks a horizontal domino (paired left to right), V a vertical one
# (paired top to bottom); -1 is a missing count. pos_v/neg_v per column, pos_h/neg_h per row.
SEED_HV = data_text("magnets_seed_hv.txt")
POS_V = [-1, -1, 3, 5, 3, 3, -1, 3, -1, 4]
NEG_V = [-1, 2, 3, 4, -1, 3, 4, 3, 4, 4]
POS_H = [5, -1, -1, -1, 5, -1, 3, 1, -1]
NEG_H = [4, -1, 4, -1, 5, 4, -1, 2, -1]
SEED_SOLUTION = data_text("magnets_seed_solution.txt")


def hv_layout(rows: list[str]) -> list[str]:
    """The seed's H/V marks as L R T B: H cells pair off left to right, V cells top to bottom."""
    out = [[""] * len(rows[0]) for _ in rows]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if out[r][c]:
                continue
            if ch == "H":
                out[r][c], out[r][c + 1] = "L", "R"
            else:
                out[r][c], out[r + 1][c] = "T", "B"
    return ["".join(row) for row in out]


def seed_text() -> str:
    def show(v: int) -> str:
        return "." if v < 0 else str(v)

    layout = hv_layout(SEED_HV.splitlines())
    lines = ["+ " + " ".join(map(show, POS_V)), "- " + " ".join(map(show, NEG_V))]
    lines += [f"{show(p)} {show(n)} {row}" for p, n, row in zip(POS_H, NEG_H, layout)]
    return "\n".join(lines)


def grid(text: str) -> tuple[tuple[str, ...], ...]:
    """numpy's print of the seed's solution (' ' blank) as a solution."""
    rows = [line for line in text.strip().splitlines() if "'" in line]
    return tuple(tuple("." if cell == " " else cell for cell in line.split("'")[1::2]) for line in rows)


# ---- the seed example ---------------------------------------------------------------------
def test_seed_example_is_unique_with_the_stated_solution():
    inst = PUZZLE.parse(seed_text())
    assert inst.params.width == 10 and inst.params.height == 9
    assert len(inst.clues) == sum(v >= 0 for v in POS_V + NEG_V + POS_H + NEG_H)
    assert_unique_with(PUZZLE, inst, grid(SEED_SOLUTION))


def test_example_is_unique():
    inst = PUZZLE.parse(PUZZLE.example)
    assert check_instance(PUZZLE, inst).status == "unique"


SEED_CODE = data_text("magnets_seed_code.txt")


def test_seed_code_reads_as_the_seed_board():
    """The seed's own Python (the board of H and V, then the four count arrays with -1 for none)."""
    inst = PUZZLE.parse(SEED_CODE)
    assert inst == PUZZLE.parse(seed_text())
    assert_unique_with(PUZZLE, inst, grid(SEED_SOLUTION))
    assert PUZZLE.parse(PUZZLE.format(inst, "array")) == inst
    written = PUZZLE.format_solution(inst, grid(SEED_SOLUTION), "array")
    assert grid(written.replace(",", "")) == grid(SEED_SOLUTION)
    assert written.splitlines()[2] == "  [' ', ' ', '+', '-', ' ', '-', '+', '-', '+', '-'],"


@pytest.mark.parametrize("text, message", [
    (SEED_CODE.replace("neg_h", "neg_x"), "needs 'neg_h"),
    (SEED_CODE.replace("[5, -1, -1, -1, 5, -1, 3, 1, -1]", "[5, -1]"), "'pos_h' has 2 counts, expected 9"),
    (SEED_CODE.replace("['H', 'H', 'H', 'H', 'V', 'V', 'V', 'V', 'H', 'H']",
                       "['H', 'H', 'H', 'V', 'V', 'V', 'V', 'V', 'H', 'H']"), "has no partner"),
    (SEED_CODE.replace("'V', 'H', 'H', 'H', 'H', 'V'", "'V', 'H', 'H', 'Q', 'H', 'V'"), "bad cell 'Q'"),
])
def test_bad_arrays(text, message):
    with pytest.raises(PuzzleError, match=message):
        PUZZLE.parse(text)


# ---- verify, rule by rule -----------------------------------------------------------------
def problems(text: str, board: str = BOARD) -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), cells(text))


def test_verify_accepts_a_valid_grid():
    assert problems("+-./...") == []
    assert problems("+-+/-+-", "+ 1 1 1\n- 1 1 1\n2 1 LRT\n1 2 LRB") == []


def test_single_cell_must_be_blank():
    inst = PUZZLE.parse("3x3:...,...,...,...,*LRTTTBBB")
    sol = (("+", "+", "-"), (".", ".", "."), (".", ".", "."))
    assert any("single cell r1c1" in p for p in PUZZLE.verify(inst, sol))


# ---- brute force on random small boards with givens ---------------------------------------
def test_random_small_boards_against_brute_force():
    rng, shared = random.Random(3), SessionCache()
    gen = generator("magnets")
    for _ in range(12):
        params, sol = gen.draw(gen.params(width=rng.choice([3, 4]), height=3), rng, shared)
        clues = {k: v for k, v in gen.candidate_clues(params, sol).items() if rng.random() < 0.4}
        for _ in range(rng.randrange(3)):
            r, c = rng.randrange(params.height), rng.randrange(params.width)
            clues[("cell", r, c)] = rng.choice("+-.")
        inst = Instance("magnets", params, clues)
        brute = brute_force_count(PUZZLE, inst, PUZZLE.candidates(params))
        assert engine_counts(PUZZLE, inst) == (brute, brute), PUZZLE.format(inst)
        status = check_instance(PUZZLE, inst, sessions=shared).status  # a session shared across boards
        assert status == {0: "unsolvable", 1: "unique"}.get(brute, "ambiguous"), PUZZLE.format(inst)


# ---- Tatham's game IDs (the rest: tests/test_rituals.py) ------------------------------------
def test_tatham_counts_past_nine_are_letters():
    game = "20x2:....................,a.,....................,.a," + "LR" * 20
    inst = PUZZLE.parse(game)
    assert inst.clues == {("row", 0, "+"): 10, ("row", 1, "-"): 10}
    assert PUZZLE.format(inst, "tatham") == game
    assert check_instance(PUZZLE, inst).status == "ambiguous"


def test_given_cells_have_no_tatham_id_but_round_trip_in_text_and_json():
    inst = PUZZLE.parse(BOARD + "\ngiven\n+.x\n...")
    assert inst.clues == {("cell", 0, 0): "+", ("cell", 0, 2): "."}
    with pytest.raises(PuzzleError, match="no given cells"):
        PUZZLE.format(inst, "tatham")
    for fmt in ("text", "json"):
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
    result = check_instance(PUZZLE, inst)
    assert result.status == "ambiguous"


def test_json_form():
    inst = PUZZLE.parse(PUZZLE.example)
    doc = json.loads(PUZZLE.format(inst, "json"))
    assert doc["layout"] == ["LRTT", "TTBB", "BBTT", "LRBB"] and doc["col_plus"] == [1, 2, 0, 1]
    assert doc["row_minus"] == [None, 1, None, None]


def test_generator_params():
    gen = generator("magnets")
    params, sol = gen.draw(gen.params(width=5, height=3), random.Random(1), SessionCache())
    assert isinstance(params, MagnetsParams) and len(params.singles()) == 1
    assert PUZZLE.verify(Instance("magnets", params, {}), sol) == []


def test_repair_rules_the_rival_out():
    """`repair` changes one domino where the grids differ: the result keeps the rules and its
    counts no longer fit the rival."""
    from puzzlelab.generators.magnets import random_magnets
    from puzzlelab.solvers.magnets import counts_of

    gen, rng, tried = generator("magnets"), random.Random(5), 0
    for _ in range(30):
        params, ours = gen.draw(gen.params(size=5), rng, SessionCache())
        rival = random_magnets(params, rng)
        if rival == ours:
            continue
        tried += 1
        fixed = gen.repair(params, counts_of(params, ours), ours, rival, rng)
        assert fixed is not None
        _, clues, new = fixed
        assert PUZZLE.verify(Instance("magnets", params, clues), new) == []
        assert PUZZLE.verify(Instance("magnets", params, clues), rival) != []
    assert tried > 20


# ---- the counters' table against the engine ------------------------------------------------
def engine_counters(params: MagnetsParams, sign: dict, pool: IDPool, clauses: list, false: int) -> dict:
    """The previous formulation: the engine's `exact_counts` for each count key in turn."""
    return {key: exact_counts(pool, [sign[key[2]][r][c] for r, c in params.line_cells(key[0], key[1])],
                              clauses, false)
            for key in params.count_keys()}


def test_rules_are_built_as_before():
    """The whole CNF of generated boards (built twice: the counters' templates made, then
    replayed) against the rules built with the engine's counters."""
    gen, rng = generator("magnets"), random.Random(3)
    for width, height in ((4, 4), (6, 5), (5, 7)):
        params, _ = gen.draw(gen.params(width=width, height=height), rng, SessionCache())
        for _ in range(2):
            rules = PUZZLE.rules(params, IDPool())
            pool = IDPool()
            plain = PUZZLE._rules(params, pool, counters=False)
            clauses = list(plain.clauses)
            eq = engine_counters(params, plain.data.sign, pool, clauses, plain.data.false)
            assert rules.clauses == clauses and list(rules.data.eq.items()) == list(eq.items())
            assert rules.primary == plain.primary and rules.at_most_one == plain.at_most_one


@pytest.mark.parametrize("key", [("row", 3, "+"), ("col", 0, "x"), ["row", 0, "+"], ("row", [0], "+"), "row"])
def test_count_clues_for_no_line_are_refused(key):
    params = MagnetsParams(2, 3, ("LR", "TT", "BB"))
    check_count(params, ("row", 2, "-"), 1)
    with pytest.raises(PuzzleError, match="is not a row or column count"):
        check_count(params, key, 1)


# ---- answers for language models -----------------------------------------------------------
EXAMPLE_SOLUTION = (("-", "+", ".", "-"), (".", "-", ".", "+"), (".", "+", ".", "."), ("+", "-", ".", "."))


def test_an_answer_is_read_leniently_and_scored():
    from puzzlelab.lab.toolkit.answers import score_text

    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.answer_text(inst, EXAMPLE_SOLUTION) == "- + . -\n. - . +\n. + . .\n+ - . ."
    messy = "Here it is - poles first.\n---\n```\n-+.-\n| . | - | . | + |\nX,+,x,.\n+ \u2212 _ .\n```\nDone."
    assert PUZZLE.read_answer(inst, messy) == EXAMPLE_SOLUTION
    assert score_text(PUZZLE, inst, messy, EXAMPLE_SOLUTION).score == 1.0
    wrong = score_text(PUZZLE, inst, "+ + . -\n. - . +\n. + . .\n+ - . .", EXAMPLE_SOLUTION)
    assert wrong.parsed and not wrong.valid and wrong.score == 0.9375  # 15 of 16 cells
    with pytest.raises(PuzzleError, match="4 rows"):
        PUZZLE.read_answer(inst, "-+.-\n.-.+\n.+..")


def board_parts(text: str) -> tuple[list[str], list[str], list[tuple[str, ...]], list[str]]:
    """The text form as lists: + and - column counts, rows (+, -, layout), given rows."""
    lines = text.split("\n")
    given = lines.index("given") if "given" in lines else len(lines)
    rows = [tuple(line.split()) for line in lines[2:given]]
    return lines[0].split()[1:], lines[1].split()[1:], rows, lines[given + 1:]


def board_text(plus: list[str], minus: list[str], rows: list, given: list[str]) -> str:
    lines = ["+ " + " ".join(plus), "- " + " ".join(minus), *(" ".join(row) for row in rows)]
    return "\n".join(lines + (["given", *given] if given else []))


def quarter_turn(text: str) -> str:
    """Clockwise: column j becomes row j, row i becomes column h-1-i; a domino's halves
    turn with it (L R, left and right, become T B, top and bottom, and so on)."""
    plus, minus, rows, given = board_parts(text)
    layout = [row[2] for row in rows]
    h, w = len(layout), len(layout[0])
    turn = {"L": "T", "R": "B", "T": "R", "B": "L", "*": "*"}
    new = ["".join(turn[layout[h - 1 - c][r]] for c in range(h)) for r in range(w)]
    new_given = ["".join(given[h - 1 - c][r] for c in range(h)) for r in range(w)] if given else []
    return board_text([row[0] for row in rows][::-1], [row[1] for row in rows][::-1],
                      [(p, m, lay) for p, m, lay in zip(plus, minus, new)], new_given)


def mirror(text: str) -> str:
    plus, minus, rows, given = board_parts(text)
    flip = {"L": "R", "R": "L", "T": "T", "B": "B", "*": "*"}
    return board_text(plus[::-1], minus[::-1], [(p, m, "".join(flip[ch] for ch in lay[::-1])) for p, m, lay in rows],
                      [row[::-1] for row in given])


def swap_poles(text: str) -> str:
    plus, minus, rows, given = board_parts(text)
    swap = str.maketrans("+-", "-+")
    return board_text(minus, plus, [(m, p, lay) for p, m, lay in rows], [row.translate(swap) for row in given])


def test_the_canonical_form_is_one_for_every_turn_mirror_and_pole_swap():
    text = PUZZLE.example + "\ngiven\n-...\n....\n..x.\n...."
    base = PUZZLE.canonical(PUZZLE.parse(text))
    images, t = [], text
    for _ in range(4):
        t = quarter_turn(t)
        images += [t, mirror(t), swap_poles(t), swap_poles(mirror(t))]
    assert len(set(images)) == 16
    assert all(PUZZLE.canonical(PUZZLE.parse(image)) == base for image in images)
    assert PUZZLE.canonical(PUZZLE.parse(text.replace("+ 1 2 0 1", "+ 1 2 1 0"))) != base
    wide = "+ 1 . .\n- . . 1\n. . LRT\n1 . LRB"  # not square: turns a quarter are no symmetry
    assert PUZZLE.canonical(PUZZLE.parse(wide)) == PUZZLE.canonical(PUZZLE.parse(swap_poles(mirror(wide))))
    assert PUZZLE.canonical(PUZZLE.parse(wide)) != PUZZLE.canonical(PUZZLE.parse(quarter_turn(wide)))


# ---- the picture ---------------------------------------------------------------------------------

def written(inst, solution, monkeypatch) -> tuple[list[tuple[float, float, str]], object]:
    """Every text `draw` writes, with where it is centred, and the board (texts are glyph
    outlines: `write` is watched as it is called)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import puzzlelab.lab.toolkit.draw as draw

    texts: list[tuple[float, float, str]] = []
    write = draw.write

    def watched(ax, x, y, text, *args, **kwargs):
        box = write(ax, x, y, text, *args, **kwargs)
        if box is not None:
            texts.append(((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, text))
        return box

    monkeypatch.setattr(draw, "write", watched)
    fig, ax = plt.subplots()
    PUZZLE.draw(ax, inst, solution)
    plt.close(fig)
    return texts, draw.boards(ax)[0]


def test_counts_sit_on_four_sides_with_the_signs_in_the_corners(monkeypatch):
    """Issue 46, as Tatham prints Magnets: + counts above the columns and left of the rows,
    − counts (a minus sign, U+2212, never a hyphen) below and right, a + in the top-left
    corner and a − in the bottom-right one; a missing count is left blank."""
    inst = PUZZLE.parse(PUZZLE.example)
    p = inst.params
    texts, board = written(inst, None, monkeypatch)
    assert all("-" not in t for _, _, t in texts)
    left, right, bottom, top = board.box.x0, board.box.x1, board.box.y0, board.box.y1
    corners = [(x, y, t) for x, y, t in texts if (x < left or x > right) and (y < bottom or y > top)]
    assert sorted(t for _, _, t in corners) == ["+", "\u2212"]
    plus = next((x, y) for x, y, t in corners if t == "+")
    minus = next((x, y) for x, y, t in corners if t == "\u2212")
    assert plus[0] < left and plus[1] > top and minus[0] > right and minus[1] < bottom
    counts = [(x, y, t) for x, y, t in texts if (x, y, t) not in corners]

    def at(side: str, i: int) -> list[str]:
        """The counts beside row or column `i` on one side of the board."""
        x, y = board.centre(i, i)
        if side in ("left", "right"):
            return [t for tx, ty, t in counts if abs(ty - y) < 0.3 and (tx < left if side == "left" else tx > right)]
        return [t for tx, ty, t in counts if abs(tx - x) < 0.3 and (ty > top if side == "top" else ty < bottom)]

    for i in range(p.height):
        for side, sign in (("left", "+"), ("right", "-")):
            given = inst.clues.get(("row", i, sign))
            assert at(side, i) == ([] if given is None else [str(given)]), (side, i)
    for i in range(p.width):
        for side, sign in (("top", "+"), ("bottom", "-")):
            given = inst.clues.get(("col", i, sign))
            assert at(side, i) == ([] if given is None else [str(given)]), (side, i)
    assert len(counts) == sum(1 for key in inst.clues if key[0] in ("row", "col"))


def test_the_solution_marks_poles_with_a_minus_sign(monkeypatch):
    from puzzlelab.lab.engine.solve import solve

    inst = PUZZLE.parse(PUZZLE.example)
    texts, board = written(inst, solve(PUZZLE, inst), monkeypatch)
    inside = [t for x, y, t in texts if board.box.x0 < x < board.box.x1 and board.box.y0 < y < board.box.y1]
    assert inside and set(inside) == {"+", "\u2212"}
