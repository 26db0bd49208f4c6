"""Nurimisaki, what is its own: human setters' boards (one with its stated answer), circles
without a number in every form, tiny boards against brute force, the generator's draw and its
repairs, the terminal and the picture. pzprjs's test board and failchecks are rows of
tests/test_puzzlink_genres.py; the rituals every puzzle shares are declared in
tests/cases/nurimisaki.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from cases.nurimisaki import EXAMPLE_SOLUTION, shading

from puzzlelab.generators.nurimisaki import (
    GENERATOR,
    Rival,
    joined,
    near_rival,
    near_turns,
    no_block_through,
    random_shading,
    turned,
    with_circles,
)
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.toolkit.connectivity import white_components
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.nurimisaki import PUZZLE, NurimisakiParams, capes, separator

DATA = Path(__file__).parent / "data"


def human_boards() -> list[tuple[str, str | None]]:
    """(address, its stated answer or None) from tests/data/nurimisaki_boards.txt."""
    lines = [line for line in (DATA / "nurimisaki_boards.txt").read_text().splitlines() if not line.startswith("#")]
    answers = {i: line.removeprefix("answer ") for i, line in enumerate(lines) if line.startswith("answer ")}
    return [(line, answers.get(i + 1)) for i, line in enumerate(lines) if line.startswith("https://")]


# ---- outside references ------------------------------------------------------------------------
def test_human_boards_are_unique_read_as_published_and_semiexps_has_his_answer():
    boards = human_boards()
    assert len(boards) == 5 and boards[0][1] is not None
    for url, answer in boards:
        inst = PUZZLE.parse(url)
        report = check_instance(PUZZLE, inst)
        assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == [], url
        if answer is not None:
            assert report.solutions[0] == shading(answer)
        assert PUZZLE.format(inst, "puzzlink") == url
        assert PUZZLE.parse(PUZZLE.format(inst)) == inst


# ---- the forms ---------------------------------------------------------------------------------
def test_a_circle_without_a_number_is_kept_in_every_form():
    inst = PUZZLE.parse(PUZZLE.example)
    assert inst.params.circles == {(0, 2), (1, 3), (3, 2)} and inst.clues == {(1, 3): 3}
    for fmt in PUZZLE.formats:
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst, fmt
    assert PUZZLE.format(inst, "puzzlink") == "https://puzz.link/p?nurimisaki/4/4/h.j3l.g"
    assert PUZZLE.format(inst, "pzprv3") == ("pzprv3\nnurimisaki\n4\n4\n. . - . \n. . . 3 \n. . . . \n. . - . \n"
                                             + ". . . . \n" * 4)
    assert '"grid": [[null, null, "o", null], [null, null, null, 3]' in PUZZLE.format(inst, "json")
    assert PUZZLE.parse(". . O .\n. . . 3\n. . . .\n. . o .") == inst  # a capital O reads as a circle too


def test_solution_forms_and_answers():
    inst = PUZZLE.parse(PUZZLE.example)
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert solution == EXAMPLE_SOLUTION
    assert PUZZLE.format_solution(inst, solution) == "# # o #\n# . . 3\n# . # #\n# . o #"
    assert PUZZLE.read_answer(inst, "```\n# # o #\n# . . 3\n# . # #\n# . o #\n```") == solution
    text = PUZZLE.format_solution(inst, solution, "pzprv3")
    assert text.endswith("# # . # \n# . . . \n# . # # \n# . . # \n")
    assert read_pzprv3_answer(PUZZLE, text) == (inst, solution)


def test_canonical_is_the_same_for_a_turned_board():
    inst = PUZZLE.parse(PUZZLE.example)
    turned_board = PUZZLE.parse(". . . .\n. . . .\no . . o\n. . 3 .")  # a quarter turn
    assert PUZZLE.canonical(turned_board) == PUZZLE.canonical(inst)


# ---- the rules against brute force ------------------------------------------------------------------
@pytest.mark.parametrize("seed", [4, 5])
def test_random_tiny_boards_agree_with_brute_force(seed):
    """Random circles (some numbered) on boards up to 4x3, 1-wide ones too (where only the rule
    "some cell is shaded" keeps a line of cells from being all unshaded): unsolvable, unique
    and ambiguous boards."""
    rng = random.Random(seed)
    seen = set()
    for _ in range(14):
        w, h = rng.choice([(3, 3), (4, 3), (3, 4), (2, 3), (1, 4), (2, 4)])
        cells = [(r, c) for r in range(h) for c in range(w)]
        circles = rng.sample(cells, rng.randint(0, 4))
        clues = {cell: rng.randint(2, 4) for cell in circles if rng.random() < 0.6}
        inst = Instance(PUZZLE.name, NurimisakiParams(w, h, frozenset(circles)), clues)
        n = brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params))
        assert engine_counts(PUZZLE, inst, 50) == (min(n, 50),) * 2, PUZZLE.format(inst)
        seen.add(min(n, 2))
    assert seen == {0, 1, 2}


def test_a_line_of_cells_must_shade_one():
    """pzprjs's brNoShade: a 1x3 board with circles at both ends would be all unshaded else."""
    inst = PUZZLE.parse("o . o")
    assert check_instance(PUZZLE, inst).status == "unsolvable"
    assert PUZZLE.verify(inst, shading("...")) == ["no cell is shaded"]
    assert check_instance(PUZZLE, PUZZLE.parse(". .\n. .")).status == "ambiguous"  # one unshaded cell, anywhere


# ---- the generator -------------------------------------------------------------------------------
def test_drawn_shadings_with_circles_at_their_capes_keep_the_rules():
    rng = random.Random(4)
    for _ in range(6):
        drawn = random_shading(8, 7, rng)
        if drawn is None:
            continue
        board = with_circles(8, 7, drawn)
        inst = Instance(PUZZLE.name, board, GENERATOR.candidate_clues(board, drawn))
        assert PUZZLE.verify(inst, drawn) == [] and set(capes(board, drawn)) == board.circles


def test_a_near_rival_is_a_second_solution_and_a_turn_rules_it_out():
    """A two-row ladder: the middle of its three rungs can go, and a turn beside it keeps the
    shading valid while the rival breaks the board of its new capes."""
    inst = PUZZLE.parse(". . . . .\n. . . . .\n. . . . .")
    ladder = shading("...../.#.#./.....")
    board = with_circles(5, 3, ladder)
    assert board.circles == set() and PUZZLE.verify(Instance(PUZZLE.name, board, {}), ladder) == []
    other = near_rival(board, ladder)
    assert other is not None and other != ladder
    assert PUZZLE.verify(Instance(PUZZLE.name, board, {}), other) == []
    fixed = None
    for cell in board.cells():
        fixed = fixed or turned(board, ladder, (cell,), Rival.of(board, ladder, other))
    assert fixed is not None
    params, clues, solution = fixed
    assert PUZZLE.verify(Instance(PUZZLE.name, params, clues), solution) == []
    assert PUZZLE.verify(Instance(PUZZLE.name, params, clues), other) != []
    assert inst.params.width == params.width


def test_draws_and_generated_boards_have_a_circle_at_every_cape_and_the_boards_are_unique():
    spec = GENERATOR.params(size=7)
    rng = random.Random(2)
    for _ in range(3):
        params, solution = GENERATOR.draw(spec, rng, SessionCache())
        assert set(capes(params, solution)) == params.circles == set(GENERATOR.candidate_clues(params, solution))
    made = generate_one(PUZZLE, GENERATOR, spec, rng, SessionCache())
    assert set(capes(made.instance.params, made.solution)) == made.instance.params.circles
    assert check_instance(PUZZLE, made.instance).status == "unique"


def test_joined_agrees_with_a_flood_fill_on_random_turns():
    """The generator's local connectivity check after a turn, against the whole flood fill."""
    rng = random.Random(6)
    seen = set()
    for _ in range(4):
        drawn = random_shading(7, 6, rng)
        if drawn is None:
            continue
        params = with_circles(7, 6, drawn)
        for _ in range(60):
            cells = rng.choice(near_turns(7, 6))
            rows = [list(row) for row in drawn]
            for r, c in cells:
                rows[r][c] = not rows[r][c]
            if not no_block_through(params, rows, cells):
                continue
            whole = len(white_components(rows)) <= 1
            assert joined(params, rows, cells) == whole, (drawn, cells)
            seen.add(whole)
    assert seen == {True, False}


def test_a_separator_parts_the_pieces_it_is_asked_to():
    """The solver's cut for pieces holding circles: shaded cells whose removal leaves no path
    from the piece to the others, through any cell."""
    rng = random.Random(8)
    checked = 0
    for _ in range(30):
        drawn = random_shading(8, 8, rng)
        if drawn is None:
            continue
        rows = [list(row) for row in drawn]
        for r, c in rng.sample([cell for cell in NurimisakiParams(8, 8).cells() if not drawn[cell[0]][cell[1]]], 4):
            rows[r][c] = True
        pieces = white_components(rows)
        if len(pieces) < 2:
            continue
        params = NurimisakiParams(8, 8)
        cut = set(separator(params, tuple(map(tuple, rows)), pieces, 0, list(range(1, len(pieces)))))
        assert all(rows[r][c] for r, c in cut)
        reach, todo = set(pieces[0]), list(pieces[0])
        while todo:
            for nb in params.neighbours(*todo.pop()):
                if nb not in reach and nb not in cut:
                    reach.add(nb)
                    todo.append(nb)
        assert reach.isdisjoint(cell for piece in pieces[1:] for cell in piece)
        checked += 1
    assert checked >= 5


# ---- for people ---------------------------------------------------------------------------------
def test_show_draws_the_circles():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert "o" in shown[1] and "3" in shown[3]


def test_the_picture_has_every_number_and_shades_the_solution(monkeypatch):
    from pictures import drawn

    inst = PUZZLE.parse(PUZZLE.example)
    written = drawn(monkeypatch, PUZZLE, inst, EXAMPLE_SOLUTION)
    assert sorted(w.text for w in written if w.text.isdigit()) == ["3", "3"]


def test_dead_end_sees_the_unshaded_cells_cut_apart():
    from pysat.formula import IDPool

    inst = PUZZLE.parse(PUZZLE.example)
    rules = PUZZLE.rules(inst.params, IDPool())
    shade = rules.data.shade

    def holding(cells: dict) -> object:
        lits = {shade[r][c] if s else -shade[r][c] for (r, c), s in cells.items()}
        return lambda lit: lit in lits

    everything = {(r, c): EXAMPLE_SOLUTION[r][c] for r, c in inst.params.cells()}
    assert not PUZZLE.dead_end(inst.params, rules, holding(everything))
    assert not PUZZLE.dead_end(inst.params, rules, holding({(0, 0): False, (3, 3): False}))
    wall = {(r, 1): True for r in range(4)} | {(0, 0): False, (0, 3): False}
    assert PUZZLE.dead_end(inst.params, rules, holding(wall))
