"""Polyomino tiling: seed 001's 8x8 draught board (its stated tiling, all its tilings
counted three ways), verify rule by rule, random tiny boards against brute force (holes,
plain stones, mirroring forbidden, identical stones told apart or not), the counts and the
streamed list, formats, generator."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from declarations import data_text
from pictures import watch_writes

from puzzlelab.lab.data.listing import list_solutions
from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator, puzzle
from puzzlelab.solvers.tiling import (
    PUZZLE,
    TilingParams,
    each_tiling,
    fits,
    identical_runs,
    pieces_of,
    symmetries,
    tiling_counts,
)

DATA = Path(__file__).parent / "data"
SEED = (DATA / "tiling_seed_8x8.txt").read_text()

# The tiling printed on the seed's page (stone numbers are the order its search placed them).
SEED_SOLUTION = data_text("tiling_seed_solution.txt")


def seed_grid(inst: Instance, text: str):
    """The seed's printed tiling in our form: each of its pieces given the number of the
    stone that fits it (identical stones numbered in reading order of their pieces)."""
    rows = [line.split() for line in text.strip().splitlines()]
    pieces: dict[str, list] = {}
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            pieces.setdefault(token[:-1], []).append(((r, c), token[-1]))
    owner: dict = {}
    for piece in sorted(tuple(sorted(p)) for p in pieces.values()):
        i = next(i for i, s in enumerate(inst.params.stones) if fits(s, piece, True) and i not in owner.values())
        owner[piece] = i
    grid = [[None] * 8 for _ in range(8)]
    for piece, i in owner.items():
        for (r, c), colour in piece:
            grid[r][c] = (i, colour)
    return tuple(tuple(row) for row in grid)


def instance(board: str, stones: list[str], options: str = "") -> Instance:
    text = f"{options}board\n{board}\nstones\n" + "\n===\n".join(stones)
    return PUZZLE.parse(text)


# ---- the seed example ---------------------------------------------------------------------
def test_seed_board_reads_and_writes_back_in_the_seeds_form():
    inst = PUZZLE.parse(SEED)
    p = inst.params
    assert (p.width, p.height, len(p.stones), len(inst.clues), p.holes) == (8, 8, 12, 64, frozenset())
    assert inst.clues[(0, 0)] == "B" and inst.clues[(0, 1)] == "W"
    assert identical_runs(p) == [(0, 11)]  # the first and the last stone are the same
    written = PUZZLE.format(inst, "seed")
    assert written.splitlines()[:4] == ["B,_,_", "W,B,W", "_,_,B", "============"]
    assert PUZZLE.parse(written) == inst and PUZZLE.parse(PUZZLE.format(inst)) == inst


def test_seed_stated_tiling_is_valid_and_cpsat_finds_more():
    inst = PUZZLE.parse(SEED)
    stated = seed_grid(inst, SEED_SOLUTION)
    assert PUZZLE.verify(inst, stated) == []
    cp = cpsat_count(PUZZLE, inst, limit=2)
    assert cp.n == 2 and all(PUZZLE.verify(inst, s) == [] for s in cp.solutions)


@pytest.mark.slow
def test_seed_board_sat_check_is_ambiguous():
    """The SAT engine's check of the seed's board (about 20 s: CDCL is slow on this exact cover)."""
    inst = PUZZLE.parse(SEED)
    result = check_instance(PUZZLE, inst)
    assert result.status == "ambiguous"  # the seed's page: "finds multiple solutions"
    assert all(PUZZLE.verify(inst, s) == [] for s in result.solutions)


@pytest.mark.slow
def test_seed_board_all_tilings_counted_three_ways_and_by_cpsat():
    """208 tilings with the two identical stones told apart, 104 as one, 26 up to the
    board's symmetries (half turn and the two diagonal flips keep the colours); CP-SAT's
    own enumeration finds the same 104, and the stated tiling is among them."""
    inst = PUZZLE.parse(SEED)
    assert len(symmetries(inst)) == 4
    counts = tiling_counts(inst)
    assert (counts.apart, counts.identical, counts.symmetric, counts.complete) == (208, 104, 26, True)
    cp = cpsat_count(PUZZLE, inst, limit=1000, work=600)
    assert cp.complete and cp.n == 104
    assert set(cp.solutions) == set(each_tiling(inst))
    assert seed_grid(inst, SEED_SOLUTION) in set(cp.solutions)
    apart = Instance(inst.kind, replace(inst.params, apart=True), inst.clues)
    assert sum(1 for _ in each_tiling(apart, apart=True)) == 208


# ---- verify, rule by rule -----------------------------------------------------------------
SMALL = instance("B.W_\n....", ["BW\n_W", "..", ".\n."])
GOOD = (((0, "B"), (1, None), (1, None), None), ((0, "W"), (0, "W"), (2, None), (2, None)))


def cells(*rows):
    return tuple(tuple(row) for row in rows)


def test_verify_accepts_a_valid_tiling():
    assert PUZZLE.verify(SMALL, GOOD) == []


@pytest.mark.parametrize("bad, expected", [
    (cells([(0, "B"), (1, None), (1, None), (2, None)], [(0, "W"), (0, "W"), (2, None), (2, None)]),
     "r1c4 is a hole but stone 3 covers it"),
    (cells([(0, "B"), (1, None), (1, None), None], [(0, "W"), (0, "W"), (2, None), None]),
     "r2c4 is not covered"),
    (cells([(0, "W"), (1, None), (1, None), None], [(0, "B"), (0, "W"), (2, None), (2, None)]),
     "r1c1 is B, stone 1 gives it W"),
    (cells([(0, "B"), (1, None), (1, None), None], [(0, "W"), (0, "W"), (1, None), (1, None)]),
     "stone 3 is not placed"),
    (cells([(0, "B"), (0, "W"), (1, None), None], [(0, "W"), (1, None), (2, None), (2, None)]),
     "stone 2 does not lie there in any allowed orientation"),
    (cells([(0, "B"), (1, None), (1, None), None], [(0, "W"), (0, "W"), (5, None), (5, None)]),
     "there is no stone 6"),
    (cells([(0, "B"), (1, None)], [(0, "W"), (0, "W")]), "solution is not 4x2"),
])
def test_verify_names_each_broken_rule(bad, expected):
    assert expected in PUZZLE.verify(SMALL, bad)


def test_verify_knows_mirroring_and_the_order_of_identical_stones():
    board = "....\n...."
    s = instance(board, ["...\n.__", "...\n__."])  # an L tetromino and its mirror image
    tiling = cells([(0, None), (0, None), (0, None), (1, None)], [(0, None), (1, None), (1, None), (1, None)])
    assert identical_runs(s.params) == [(0, 1)] and PUZZLE.verify(s, tiling) == []
    swapped = tuple(tuple((1 - i, colour) for i, colour in row) for row in tiling)
    assert "stones 1 and 2 are identical: 1 must come first in reading order" in PUZZLE.verify(s, swapped)
    assert PUZZLE.verify(Instance(s.kind, replace(s.params, apart=True), s.clues), swapped) == []
    fixed = instance(board, ["...\n.__", "...\n__."], "no mirror\n")
    assert identical_runs(fixed.params) == []
    assert "stone 2 does not lie there in any allowed orientation" in PUZZLE.verify(fixed, tiling)


# ---- random tiny boards: brute force = SAT = CP-SAT ---------------------------------------------
def tiny_instances():
    """Cuts of 3x3 to 4x4 boards (holes or none, coloured, random or plain stones, mirroring
    allowed or not, identical stones apart or one), each with random subsets of its colours."""
    gen, rng = generator("tiling"), random.Random(7)
    out = []
    for k in range(14):
        spec = gen.params(width=rng.choice((3, 4)), height=rng.choice((3, 4)), least=2, most=4,
                          holes=rng.choice((0, 1, 2)), colour=k % 3, mirror=int(k % 4 != 1))
        params, solution = gen.draw(spec, rng, SessionCache())
        if k % 5 == 2:
            params = replace(params, apart=True)
        clues = gen.candidate_clues(params, solution)
        kept = rng.sample(sorted(clues), rng.randint(0, len(clues)))
        out.append(Instance("tiling", params, {key: clues[key] for key in kept}))
    return out


def test_tiny_boards_brute_force_equals_both_engines():
    seen = {0: 0, 1: 0, 2: 0}
    for inst in tiny_instances():
        brute = brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params))
        assert engine_counts(PUZZLE, inst, 200) == (min(brute, 200),) * 2, PUZZLE.format(inst)
        assert sum(1 for _ in each_tiling(inst, apart=inst.params.apart)) == brute
        seen[min(brute, 2)] += 1
    assert seen[1] and seen[2]
    short = instance("...\n...", ["...", ".."])  # five cells of stone for six of board
    assert brute_force_count(PUZZLE, short, PUZZLE.candidates(short.params)) == 0
    assert engine_counts(PUZZLE, short) == (0, 0)


def test_counts_apart_identical_and_symmetric():
    """Two identical dominoes and an L on a board with a hole: apart = 2 x identical; the
    plain 2x3 board of three dominoes has 3 tilings, 2 up to its 4 symmetries."""
    inst = instance("B.W_\n....", ["BW\n_W", "..", ".\n."])
    counts = tiling_counts(inst)
    apart = Instance(inst.kind, replace(inst.params, apart=True), inst.clues)
    assert counts.apart == 2 * counts.identical == engine_counts(PUZZLE, apart)[0] == 8
    dominoes = instance("..\n..\n..", ["..", "..", ".."])
    assert len(symmetries(dominoes)) == 4
    assert tiling_counts(dominoes) == replace(tiling_counts(dominoes), apart=18, identical=3, symmetric=2)
    assert engine_counts(PUZZLE, dominoes) == (3, 3)
    limited = tiling_counts(dominoes, limit=2)
    assert (limited.identical, limited.complete) == (2, False)


def test_count_list_streams_every_tiling_to_a_new_file(tmp_path):
    inst = instance("..\n..\n..", ["..", "..", ".."])
    out = tmp_path / "all.txt"
    listing = list_solutions(PUZZLE, inst, out)
    assert (listing.n, listing.stopped) == (3, None)
    assert listing.counts == {"stones_apart": 18, "identical_stones_as_one": 3, "up_to_symmetry": 2}
    text = out.read_text()
    assert text.count("# solution") == 3 and " 1.  1." in text
    with pytest.raises(PuzzleError, match="exists"):  # never replaces a file
        list_solutions(PUZZLE, inst, out, limit=1)
    assert out.read_text() == text
    assert list_solutions(PUZZLE, inst, tmp_path / "one.txt", limit=1).stopped == "limit"


def test_count_command_reports_the_three_counts_and_lists(tmp_path, capsys):
    board = tmp_path / "dominoes.txt"
    board.write_text(PUZZLE.format(instance("..\n..\n..", ["..", "..", ".."]), "text"))
    assert cli.main(["count", "tiling", str(board), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["count"], data["complete"]) == (3, True)
    assert data["counts"] == {"stones_apart": 18, "identical_stones_as_one": 3, "up_to_symmetry": 2}
    out = tmp_path / "all.jsonl"
    assert cli.main(["count", "tiling", str(board), "--list", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 3
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["n"] for line in lines] == [1, 2, 3] and len({line["solution"] for line in lines}) == 3
    before = out.read_bytes()
    assert cli.main(["count", "tiling", str(board), "--list", str(out)]) == 2  # never replaced
    assert "exists" in capsys.readouterr().err and out.read_bytes() == before


def test_no_mirror_forbids_turning_over():
    """2x4 is tiled by two L tetrominoes of the same hand only: a left and a right one
    need turning over (and are then identical stones)."""
    board = "....\n...."
    pair = ["...\n.__", "...\n__."]
    same = ["...\n.__", "...\n.__"]
    assert tiling_counts(instance(board, pair, "no mirror\n")).identical == 0
    assert tiling_counts(instance(board, same, "no mirror\n")).identical == 1
    assert tiling_counts(instance(board, pair)).identical == tiling_counts(instance(board, same)).identical == 2
    for text in ("no mirror\n", ""):
        inst = instance(board, pair, text)
        assert engine_counts(PUZZLE, inst)[0] == brute_force_count(PUZZLE, inst, PUZZLE.candidates(inst.params))


# ---- formats -------------------------------------------------------------------------------
def test_text_form_with_commas_options_and_comments():
    inst = instance("B,.,W,_\n.,.,.,.", ["B,W\n_,W", "..", ".\n.  # a comment"], "no mirror\napart\n")
    assert not inst.params.mirror and inst.params.apart and inst.params.holes == frozenset({(0, 3)})
    assert inst.clues == {(0, 0): "B", (0, 2): "W"}
    assert PUZZLE.format(inst).splitlines()[:4] == ["no mirror", "apart", "board", "B.W_"]
    for fmt in ("text", "json"):
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
    with pytest.raises(PuzzleError, match="seed's form holds only"):
        PUZZLE.format(inst, "seed")


@pytest.mark.parametrize("text, message", [
    ("board\nBX\nstones\n..", "line 2, column 2: bad board cell 'X'"),
    ("board\nB.\n.\nstones\n..", "line 3: board row has 1 cells, expected 2"),
    ("board\n..\nstones\n.Q", "line 4, column 2: bad stone cell 'Q'"),
    ("board\n..\nstones\n__", "stone 1 has no cells"),
    ("board\n..", "expected a line 'stones'"),
    ("mirror maybe\nboard\n..\nstones\n..", "line 1: expected a line 'board'"),
    ("board\n..\nstones\nB,,W", "line 4, column 3: bad cell ''"),
    ("board\n" + ".." * 9 + "\nstones\n..", "too large"),
    ("board\n..\nstones\n" + "\n===\n".join(["."] * 65), "65 stones are too many"),
    ("board\n..\nstones\n.........", "stone 1 9x1 is too large"),
    ("B,W\n===\nW\n===\n", "the stones cover 3 cells: the seed's form needs a square board"),
    ('{"board": ["B."]}', "tiling JSON needs 'stones'"),
    ('{"board": ["B."], "stones": [["."]], "mirror": 1}', "JSON: 'mirror' must be true or false"),
])
def test_bad_input_says_what_and_where(text, message):
    with pytest.raises(PuzzleError) as err:
        PUZZLE.parse(text)
    assert message in str(err.value)


def test_bad_input_from_the_command_line_is_one_line(tmp_path, capsys):
    (tmp_path / "bad.txt").write_text("board\nBX\nstones\n..")
    assert cli.main(["solve", "tiling", str(tmp_path / "bad.txt")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "bad board cell" in err


def test_placement_limit():
    stones = "\n===\n".join(["...\n.__"] * 60)  # an L tetromino: 8 ways to lie
    with pytest.raises(PuzzleError, match="placements are too many"):
        PUZZLE.parse(f"board\n{'.' * 16}\n" * 1 + ("." * 16 + "\n") * 15 + f"stones\n{stones}")


# ---- generator -------------------------------------------------------------------------------
def test_generated_puzzles_are_unique_by_cpsat():
    gen = generator("tiling")
    for options, count in (({}, 3), ({"size": 4, "colour": 2, "holes": 0}, 3), ({"size": 4, "colour": 0}, 2),
                           ({"width": 6, "height": 4, "mirror": 0}, 2)):
        made = generated_rechecked(PUZZLE, gen, gen.checked_params(**options), count, seed=3)
        for g in made:
            p = g.instance.params
            assert g.minimal and p.mirror == bool(options.get("mirror", 1))
            assert len(p.holes) == options.get("holes", 2)
            if options.get("colour") == 0:
                assert not g.instance.clues and all(colour is None for s in p.stones for *_, colour in s)


def test_generator_options():
    gen = generator("tiling")
    spec = gen.checked_params(size=6, least=2, most=4)
    assert (spec.width, spec.height, spec.least, spec.most, spec.holes, spec.colour) == (6, 6, 2, 4, 2, 1)


def test_generated_identical_stones_are_numbered_in_order():
    gen, rng = generator("tiling"), random.Random(11)
    spec = gen.checked_params(size=6, least=1, most=2, holes=0, colour=0)
    for _ in range(5):
        params, solution = gen.draw(spec, rng, SessionCache())
        assert identical_runs(params)
        inst = Instance("tiling", params, {})
        assert PUZZLE.verify(inst, solution) == []
        assert set(pieces_of(solution)) == set(range(len(params.stones)))


def test_aliases_and_params():
    assert puzzle("checkerboard") is PUZZLE and puzzle("draughtboard") is PUZZLE
    with pytest.raises(PuzzleError, match="at least one stone"):
        TilingParams(2, 2, frozenset(), ())


# ---- for language models ----------------------------------------------------------------------
def test_a_messy_answer_is_read_leniently():
    """Prose, a fence, commas, our solution text's colour letters after the numbers: read
    as the stones, each showing the colours of the way it lies that fits the board."""
    from puzzlelab.lab.engine.solve import solve

    inst = PUZZLE.parse(PUZZLE.example)
    solution = solve(PUZZLE, inst)
    assert PUZZLE.answer_text(inst, solution) == "4 3 3 3\n4 2 1 1\n4 2 2 1\n4 4 2 2"
    messy = "Stone 4 runs down the left.\n```\n4, 3, 3, 3\n4W 2B 1W 1W\n4 2 2 1\n4 4 2 2\n```"
    assert PUZZLE.read_answer(inst, messy) == solution
    assert PUZZLE.read_answer(inst, PUZZLE.format_solution(inst, solution)) == solution
    with pytest.raises(PuzzleError, match="row 1, column 1"):
        PUZZLE.read_answer(inst, "5 3 3 3\n4 2 1 1\n4 2 2 1\n4 4 2 2")  # there are four stones


def test_identical_stones_are_read_in_reading_order_and_holes_as_holes():
    """Two identical dominoes numbered either way round are the same tiling, each showing
    the colours the board asks for; a hole reads as a hole."""
    inst = PUZZLE.parse("board\nBW_\nWB_\nstones\nBW\n===\nBW")
    either = [PUZZLE.read_answer(inst, text) for text in ("1 1 _\n2 2 _", "2 2 -\n1 1 .")]
    assert either[0] == either[1] == (((0, "B"), (0, "W"), None), ((1, "W"), (1, "B"), None))
    assert PUZZLE.verify(inst, either[0]) == []


def test_the_canonical_form_is_the_same_for_the_board_turned_and_mirrored_and_tells_others_apart():
    """The board turned (its rows written anew here, apart from lab.symmetry), with its stones
    turned and listed in another order, is the same puzzle; another board is not."""
    ptype = PUZZLE
    inst = ptype.parse(ptype.example)
    board = ptype.board_rows(inst)
    text = ptype.format(inst)
    stones = text.split("stones\n", 1)[1]
    quarter = ["".join(row[c] for row in reversed(board)) for c in range(len(board[0]))]
    reordered = "\n===\n".join(reversed(stones.split("\n===\n")))
    turned = ptype.parse("board\n" + "\n".join(quarter) + "\nstones\n" + reordered)
    mirrored = ptype.parse("board\n" + "\n".join(row[::-1] for row in board) + "\nstones\n" + stones)
    assert ptype.canonical(turned) == ptype.canonical(inst) == ptype.canonical(mirrored)
    other = ptype.parse("board\n" + "\n".join([board[0][::-1], *board[1:]]) + "\nstones\n" + stones)
    assert ptype.canonical(other) != ptype.canonical(inst)


# ---- the picture ---------------------------------------------------------------------------------

def drawn_tiling(inst, solution, monkeypatch):
    """`draw` on a fresh Axes: the Axes, its boards and every text written."""
    import matplotlib.pyplot as plt

    import puzzlelab.lab.toolkit.draw as draw

    written = watch_writes(monkeypatch)
    fig, ax = plt.subplots()
    PUZZLE.draw(ax, inst, solution)
    fig.canvas.draw()  # (a run of shaded cells hands them to its artist when drawn)
    plt.close(fig)
    return ax, draw.boards(ax), [w.text for w in written]


def cell_sides(ax, box) -> set[float]:
    """The sides of the whole cells shaded inside `box` (a stone cell's colour square, drawn
    inset, is smaller and left out)."""
    sides = set()
    for artist in ax.get_children():
        if type(artist).__name__ != "_Cells":
            continue
        for path in artist.get_paths():
            xs, ys = path.vertices[:, 0], path.vertices[:, 1]
            if box.x0 <= xs.min() and xs.max() <= box.x1 and box.y0 <= ys.min() and ys.max() <= box.y1:
                sides.add(round(float(xs.max() - xs.min()), 6))
    return {s for s in sides if s > 0.5}


@pytest.mark.parametrize("solved", [False, True])
def test_the_board_and_the_stones_share_a_cell_size_and_a_key_names_the_colours(solved, monkeypatch):
    """Issue 46: the board looked a third of the stones' size and nothing said what black,
    white and grey mean. The board, the tray of stones and a framed key are drawn at one
    cell size, apart, and the key names every kind of cell."""
    from puzzlelab.lab.engine.solve import solve

    holes = (Path(__file__).parents[1] / "datasets" / "examples" / "tiling_holes_plain.txt").read_text()
    for text in (SEED, holes):
        inst = PUZZLE.parse(text)
        solution = (seed_grid(inst, SEED_SOLUTION) if text is SEED else solve(PUZZLE, inst)) if solved else None
        ax, (board, tray, key), texts = drawn_tiling(inst, solution, monkeypatch)
        sides = [cell_sides(ax, b.box) for b in (board, tray, key)]
        assert sides[0] == sides[1] == sides[2] == {1.0}
        assert board.box.width / board.width == tray.box.width / tray.width == key.box.width / key.width
        boxes = [board.box, tray.box, key.box]
        assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
        lines = ["board: black", "board: white", "board: no colour", "stone: black", "stone: white",
                 "stone: no colour"] + (["hole"] if inst.params.holes else [])
        assert sorted(t for t in texts if ":" in t or t == "hole") == sorted(lines)
        assert key.height == len(lines)
