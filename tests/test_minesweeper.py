"""Minesweeper: the seed's mid-game board, exact chances against brute force, formats,
Tatham's game ID (masked bitmap checked against Tatham's C code), bad input, no-guess
generation re-checked by an independent play-out."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest

from puzzlelab.generators.minesweeper import generate, play_out, random_layout
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.face.registry import puzzle
from puzzlelab.solvers.minesweeper import (
    FLAG,
    Board,
    Game,
    Layout,
    MinesParams,
    PlayOut,
    decode_game_id,
    deduce,
    deduce_board,
    grid,
    mine_chances,
    neighbour_table,
    open_cell,
    start_board,
)

P = puzzle("mines")
SEED = (Path(__file__).parent / "data" / "minesweeper" / "seed_board.txt").read_text()

# Seed 000's stated output, as Pos(x, y) -> (row, col) = (y, x).
SEED_SAFE = {(0, 9), (8, 15), (7, 15), (2, 9), (6, 15), (2, 7), (1, 9), (8, 12)}
SEED_MINES = {(2, 8), (5, 7), (0, 10), (8, 9)}
SEED_WRONG_FLAGS = {(3, 15)}

# A 9x9 game ID whose masked bitmap was produced by Tatham's own obfuscate_bitmap (misc.c,
# compiled against OpenSSL's SHA-1) for the layout below.
TATHAM_ID = "9x9n10:4,4,m76fed3922b9232ea96130"
TATHAM_MINES = {(0, 1), (0, 8), (1, 7), (3, 6), (4, 0), (4, 2), (6, 2), (7, 6), (8, 4), (8, 6)}


def cells(items: list[dict]) -> set[tuple[int, int]]:
    return {(d["row"] - 1, d["col"] - 1) for d in items}


# ---- the seed example --------------------------------------------------------------------
def test_seed_example_gives_the_stated_answer():
    ans = P.answer(P.parse(SEED))
    assert cells(ans.data["safe"]) == SEED_SAFE
    assert cells(ans.data["mines"]) == SEED_MINES
    assert cells(ans.data["wrong_flags"]) == SEED_WRONG_FLAGS
    assert ans.data["flags_certainly_safe"] == []  # r4c16 may be a mine or not: the seed's warning
    assert ans.data["chances"] is None  # safe cells exist, so no guessing advice
    assert "8 certainly safe" in ans.text and "WARNING: 1 flags" in ans.text


# ---- brute force --------------------------------------------------------------------------
def brute_chances(inst: Instance) -> dict | None:
    """Every way to place the mines on the covered cells, kept when every number agrees."""
    p = inst.params
    nbrs = neighbour_table(p.height, p.width)
    opened = {c for c, v in inst.clues.items() if isinstance(v, int)}
    covered = [(r, c) for r in range(p.height) for c in range(p.width) if (r, c) not in opened]
    hits = dict.fromkeys(covered, 0)
    total = 0
    for combo in itertools.combinations(covered, p.mines):
        mines = set(combo)
        if all(sum(n in mines for n in nbrs[c]) == inst.clues[c] for c in opened):
            total += 1
            for c in combo:
                hits[c] += 1
    return {c: Fraction(k, total) for c, k in hits.items()} if total else None


def random_board(rng: random.Random) -> Instance:
    """A tiny board from a random layout: some safe cells opened, some flags, now and then
    a wrong number or a wrong mine count (so some boards have no layout at all)."""
    h, w = rng.randint(1, 4), rng.randint(1, 5)
    all_cells = [(r, c) for r in range(h) for c in range(w)]
    mines = set(rng.sample(all_cells, rng.randint(0, len(all_cells))))
    safe = [c for c in all_cells if c not in mines]
    clues: dict = {}
    for c in rng.sample(safe, rng.randint(0, len(safe))):
        clues[c] = sum(n in mines for n in neighbour_table(h, w)[c])
    if clues and rng.random() < 0.15:
        clues[rng.choice(list(clues))] = rng.randint(0, 8)
    count = len(mines) if rng.random() < 0.85 else rng.randint(0, len(all_cells) - len(clues))
    for c in all_cells:
        if c not in clues and rng.random() < 0.2:
            clues[c] = FLAG
    return Instance(P.name, MinesParams(h, w, count), clues)


def test_chances_and_certainties_match_brute_force():
    rng = random.Random(2024)
    kinds = {"none": 0, "decided": 0, "guess": 0}
    for _ in range(150):
        inst = random_board(rng)
        expected = brute_chances(inst)
        if expected is None:
            with pytest.raises(PuzzleError):
                deduce(inst)
            with pytest.raises(PuzzleError):
                mine_chances(Board.of(inst))
            kinds["none"] += 1
            continue
        assert mine_chances(Board.of(inst)) == expected
        found = deduce(inst)
        assert found.safe == {c for c, p in expected.items() if p == 0}
        assert found.mines == {c for c, p in expected.items() if p == 1}
        kinds["guess" if not found.safe else "decided"] += 1
    assert min(kinds.values()) >= 10, kinds


def test_no_safe_cell_gives_exact_chances_and_the_safest_cell():
    # r1c2 = 1 puts one mine among its 5 covered neighbours; the other 2 of the 3 mines
    # go to row 3, which no number sees. Nothing is certain.
    inst = P.parse("mines: 3\n.1.\n???\n???")
    board = Board.of(inst)
    assert mine_chances(board) == brute_chances(inst)
    ans = P.answer(inst)
    assert ans.data["safe"] == []
    safest = ans.data["safest"]
    best = min(Fraction(d["mine"]) for d in ans.data["chances"])
    assert Fraction(safest["mine"]) == best
    assert "no cell is certainly safe" in ans.text


def test_outside_cells_are_decided_by_the_count():
    # r1c1 = 1 forces the one mine into r1c2/r2c1/r2c2; with 1 mine in all the far cells are safe.
    inst = P.parse("mines: 1\n1..\n...\n...")
    found = deduce(inst)
    assert {(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)} <= found.safe


def test_contradiction_names_the_numbers():
    with pytest.raises(PuzzleError, match="r1c1=2"):
        P.answer(P.parse("mines: 1\n2.\n.."))


# ---- formats ------------------------------------------------------------------------------
def test_every_format_round_trips():
    rng = random.Random(5)
    boards = [P.parse(SEED)] + [random_board(rng) for _ in range(20)]
    for inst in boards:
        for fmt in ("text", "array", "json"):
            again = P.parse(P.format(inst, fmt))
            assert again == inst, fmt
            assert P.parse(P.format(inst, fmt), fmt) == inst
    made = generate(9, 9, 10, rng=random.Random(1))
    for fmt in P.formats:
        if fmt in ("puzzlink", "pzprv3"):  # an address (pzprjs's file) holds the numbers alone: no place for the layout
            with pytest.raises(PuzzleError, match="mine layout"):
                P.format(made.instance, fmt)
            continue
        assert P.parse(P.format(made.instance, fmt)) == made.instance, fmt


def test_text_form_accepts_tatham_characters():
    a = P.parse("mines: 2\n-1?\n-1*\n---")
    b = P.parse("011\n01F\n000\nmines: 1")  # the count may come last
    assert a.clues[(0, 0)] == 0 and a.clues[(1, 2)] == FLAG and (0, 2) not in a.clues
    assert b.clues[(1, 2)] == FLAG


def test_tatham_game_id_matches_tatham_code():
    params = decode_game_id(TATHAM_ID)
    assert params.layout.mines == TATHAM_MINES
    assert params.layout.start == (4, 4)
    inst = P.parse(TATHAM_ID)
    assert inst.clues[(4, 4)] == 0  # the first click opened a blank area
    assert all(c not in TATHAM_MINES for c, v in inst.clues.items())
    assert P.format(inst, "tatham") == TATHAM_ID
    # The unmasked form (hand-entered IDs) reads the same layout.
    bits = bytearray(11)
    for r, c in TATHAM_MINES:
        bits[(r * 9 + c) // 8] |= 0x80 >> ((r * 9 + c) % 8)
    assert decode_game_id(f"9x9:4,4,u{bits.hex()[:21]}").layout == params.layout


def test_first_click_opens_like_the_game():
    mines = frozenset({(0, 0)})
    clues: dict = {}
    open_cell(3, 3, mines, clues, (2, 2))
    assert clues == {(r, c): (1 if (r, c) in {(0, 1), (1, 0), (1, 1)} else 0)
                     for r in range(3) for c in range(3) if (r, c) != (0, 0)}


# ---- bad input ------------------------------------------------------------------------------
@pytest.mark.parametrize("text, line, message", [
    ("mines: 3\n..1\n.x.", 3, "bad cell 'x'"),
    ("mines: 3\n..1\n.9.", 3, "at most 8"),
    ("mines: 3\n..1\n....", 3, "row has 4 cells"),
    ("mines: many\n...", 1, "mine count must be a number"),
    ("mines: 99\n...\n...", 1, "do not fit"),
    ("mines: 1\ngame: 9x9n10:4,4,m76fe\n..", 2, "hex digits"),
    ("mines: 1\ngame: " + TATHAM_ID + "\n..", 1, "game ID is for 9x9 with 10 mines"),
])
def test_bad_text_names_the_line(text, line, message):
    with pytest.raises(PuzzleError, match=message) as err:
        P.parse(text)
    assert err.value.line == line


def test_bad_array_cell_names_the_line():
    with pytest.raises(PuzzleError, match="bad cell 'x'") as err:
        P.parse("# the board\nboard = np.array([\n  [' ', '1'],\n  ['x', ' '],\n])\nmine_count = 1")
    assert err.value.line == 4


@pytest.mark.parametrize("text, message", [
    ("...\n...", "mine count is missing"),
    ("board = [[' ', '1'], ['1', ' ']]", "mine count is missing"),
    ("9x9n10#12345", "random-seed"),
    ("9x9n10:r10,u,abcdef", "no mine layout yet"),
    ("9x9n10:4,4,m76fe", "hex digits"),
    ("9x9n11:4,4,m76fed3922b9232ea96130", "layout has 10"),
    ("9x9:40,4,m76fed3922b9232ea96130", "off the"),
    ('{"mines": 1}', "needs 'board'"),
    ('{"mines": 1, "board": ["1."', "bad JSON"),
])
def test_bad_input_is_a_puzzle_error(text, message):
    with pytest.raises(PuzzleError, match=message):
        P.parse(text)


# ---- generation ---------------------------------------------------------------------------------
def independent_play(inst: Instance) -> bool:
    """Replay a generated board with the exact-chance counter instead of SAT: open every
    cell whose mine chance is 0 until none is left. True when every safe cell opens."""
    p: MinesParams = inst.params
    clues = dict(inst.clues)
    seen = MinesParams(p.height, p.width, p.mines)
    while True:
        chances = mine_chances(Board.of(Instance(P.name, seen, clues)))
        safe = [c for c, q in chances.items() if q == 0]
        if not safe:
            return all(q == 1 for q in chances.values())
        for c in safe:
            assert c not in p.layout.mines
            open_cell(p.height, p.width, p.layout.mines, clues, c)


def check_generated(made, height: int, width: int, mines: int) -> None:
    p: MinesParams = made.instance.params
    lay: Layout = made.solution
    assert (p.height, p.width, p.mines) == (height, width, mines)
    assert len(lay.mines) == mines and p.layout == lay
    assert lay.start not in lay.mines
    assert not set(neighbour_table(height, width)[lay.start]) & lay.mines  # first click opens an area
    assert made.instance.clues == start_board(p)
    assert play_out(p).solved
    assert independent_play(made.instance)


def test_generated_boards_never_need_a_guess():
    rng = random.Random(11)
    for _ in range(12):
        check_generated(generate(9, 9, 10, rng=rng), 9, 9, 10)
    for _ in range(3):
        check_generated(generate(8, 8, 20, rng=rng), 8, 8, 20)  # dense: needs repairs


def test_a_board_that_needs_a_guess_is_detected():
    # One mine in the right-hand pair, which only a 50/50 can split.
    params = MinesParams(2, 4, 1, Layout(frozenset({(0, 3)}), (0, 0)))
    assert not play_out(params).solved


def test_random_layout_keeps_the_first_click_clear():
    rng = random.Random(3)
    for _ in range(20):
        lay = random_layout(5, 6, 21, (2, 2), rng)
        assert len(lay.mines) == 21
        assert not ({(2, 2)} | set(neighbour_table(5, 6)[(2, 2)])) & lay.mines


def test_generator_rejects_impossible_sizes():
    with pytest.raises(PuzzleError, match="do not fit"):
        generate(3, 3, 1, start=(1, 1))


@pytest.mark.slow
def test_expert_boards():
    rng = random.Random(12)
    for _ in range(3):
        check_generated(generate(16, 30, 99, rng=rng), 16, 30, 99)


# ---- the fast play-out against the plain one ------------------------------------------------------
def test_grid_is_the_neighbour_table_in_flat_indices():
    for h, w in [(1, 1), (1, 5), (3, 4), (16, 30)]:
        cells, nbrs = grid(h, w)
        assert cells == tuple((r, c) for r in range(h) for c in range(w))
        table = neighbour_table(h, w)
        assert [tuple(cells[n] for n in ns) for ns in nbrs] == [table[c] for c in cells]


def plain_local_safe(params: MinesParams, clues: dict, known: set) -> set:
    """The one-number rules as first written: recount every number, pass after pass."""
    nbrs = neighbour_table(params.height, params.width)
    safe: set = set()
    changed = True
    while changed and not safe:
        changed = False
        for cell, v in clues.items():
            hidden = [n for n in nbrs[cell] if n not in clues and n not in known]
            need = v - sum(n in known for n in nbrs[cell])
            if hidden and need == 0:
                safe.update(hidden)
            elif hidden and need == len(hidden):
                known.update(hidden)
                changed = True
    return safe


def plain_play_out(params: MinesParams) -> PlayOut:
    """`play_out` as first written, on clue dicts and `Board.of`, as the reference."""
    lay = params.layout
    seen = MinesParams(params.height, params.width, params.mines)
    clues = start_board(params)
    known: set = set()
    rounds = calls = 0
    while len(clues) < params.height * params.width - params.mines:
        safe = plain_local_safe(params, clues, known)
        if not safe:
            board = Board.of(Instance(P.name, seen, clues), frozenset(known))
            assert game_board(params, clues, known) == board
            found = deduce_board(board)
            rounds, calls = rounds + 1, calls + found.calls
            known |= found.mines
            safe = found.safe
        if not safe:
            return PlayOut(False, clues, rounds, calls)
        for cell in safe:
            open_cell(params.height, params.width, lay.mines, clues, cell)
    return PlayOut(True, clues, rounds, calls)


def game_board(params: MinesParams, clues: dict, known: set) -> Board:
    """`Game.board` for a game opened up to `clues` with `known` proven."""
    game = Game(params, params.layout.mines)
    for r, c in clues:
        game.open(r * params.width + c)
    for r, c in known:
        game.prove_mine(r * params.width + c)
    return game.board()


def test_play_out_matches_the_plain_play_out():
    rng = random.Random(8)
    stuck = 0
    for h, w, mines in [(9, 9, 10)] * 25 + [(8, 8, 20)] * 25 + [(16, 16, 40)] * 5:
        start = (rng.randrange(h), rng.randrange(w))
        params = MinesParams(h, w, mines, random_layout(h, w, mines, start, rng))
        fast, plain = play_out(params), plain_play_out(params)
        assert (fast.solved, fast.rounds, fast.calls) == (plain.solved, plain.rounds, plain.calls)
        assert fast.clues == plain.clues
        stuck += not fast.solved
    assert 5 <= stuck <= 50


def test_play_out_cache_hands_out_copies():
    params = generate(9, 9, 10, rng=random.Random(4)).instance.params
    first = play_out(params)
    first.clues.clear()
    again = play_out(params)
    assert again.clues and again == plain_play_out(params)


# ---- answers for language models -----------------------------------------------------------
def test_the_answer_marks_the_seeds_safe_cells_and_mines_read_leniently():
    from puzzlelab.lab.toolkit.answers import score_text

    inst = P.parse(SEED)
    flags = {cell for cell, v in inst.clues.items() if v == FLAG}
    mines = SEED_MINES | (flags - SEED_WRONG_FLAGS)  # flags are covered cells: marked as the numbers say

    def mark(r: int, c: int) -> str:
        v = inst.clues.get((r, c))
        return str(v) if isinstance(v, int) else "S" if (r, c) in SEED_SAFE else "M" if (r, c) in mines else "?"

    want = tuple(tuple(mark(r, c) for c in range(30)) for r in range(16))
    assert P.reference_solution(inst) == want
    assert "game" not in P.board_text(generate(9, 9, 10, rng=random.Random(4)).instance)  # no layout given away
    messy = "\n".join(" ".join({"M": "!", "S": "s", "?": "?"}.get(ch, "-") for ch in row) for row in want)
    assert P.read_answer(inst, f"Here are my marks:\n```\n{messy}\n```\nDone.") == want
    wrong = P.answer_text(inst, want).replace("S", "?")  # the eight safe cells left undecided
    score = score_text(P, inst, wrong, want)
    covered = sum(not isinstance(inst.clues.get((r, c)), int) for r in range(16) for c in range(30))
    assert not score.valid and score.score == round(1 - 8 / covered, 4) and "r1c10 is certainly safe" in score.reason
    assert P.verify(inst, Layout(())) != []  # a mine layout is still checked as before
    with pytest.raises(PuzzleError, match="no 16 rows of 30"):
        P.read_answer(inst, "\n".join(row[:-1] for row in P.answer_text(inst, want).split("\n")))
