"""Tracks: seed example, verify rule by rule, Tatham's game IDs (his generator's boards at
every grade, and ours read by his parser), random tiny boards against brute force, the
formats' own corner cases, the generator."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from cases.tracks import EMPTY, EXAMPLE_SOLUTION, SEED_BOARD, TATHAM_IDS, WITH_LOOP
from declarations import data_text, our_ids, tatham_id_lines
from pysat.formula import IDPool
from tally import new_tally, tally_brute_force

from puzzlelab.generators.tracks import lay_path
from puzzlelab.lab.engine.crosscheck import assert_unique_with, generated_rechecked
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession, SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.paths import find, joined, numbered_edges
from puzzlelab.solvers.tracks import (
    DIRS,
    PIECES,
    PUZZLE,
    SEED_GLYPHS,
    TracksParams,
    _graph,
    count_keys,
    counts_of,
    step,
)

# The seed's script output, as numpy prints it (the seed's page shows it in Mac Roman mojibake:
# decoded here, the glyphs are box drawing).
SEED_SOLUTION = data_text("tracks_seed_solution.txt")
GLYPH_PIECES = {glyph: piece for piece, glyph in SEED_GLYPHS.items()}

def glyph_grid(text: str) -> tuple[tuple[str, ...], ...]:
    """The seed's printed solution as pieces."""
    return tuple(tuple(GLYPH_PIECES[cell] for cell in re.findall(r"'(..)'", line))
                 for line in text.strip().splitlines())


# ---- the seed example ---------------------------------------------------------------------
def test_seed_example_is_unique_with_the_stated_solution():
    inst = PUZZLE.parse(SEED_BOARD)
    assert inst.params == TracksParams(15, 15, entrance=12, exit=13)
    assert len(inst.clues) == 20 + 30  # 20 pieces, every count
    assert_unique_with(PUZZLE, inst, glyph_grid(SEED_SOLUTION))


def test_seed_solution_is_written_as_the_seed_prints_it():
    inst = PUZZLE.parse(SEED_BOARD)
    written = PUZZLE.format_solution(inst, glyph_grid(SEED_SOLUTION), "array")
    assert written == SEED_SOLUTION.strip()


def test_seed_array_round_trips():
    inst = PUZZLE.parse(SEED_BOARD)
    written = PUZZLE.format(inst, "array")
    assert "['  ', '  ', '  ', '  ', '  ', 'LD', 'UD', 'DR'," in written and "side = np.array([9, 7," in written
    assert PUZZLE.parse(written) == inst


def test_the_example_has_its_solution():
    assert_unique_with(PUZZLE, PUZZLE.parse(PUZZLE.example), EXAMPLE_SOLUTION)


# ---- verify, rule by rule -----------------------------------------------------------------
def problems(solution, board: str = PUZZLE.example) -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board), tuple(tuple(row) for row in solution))


def test_verify_accepts_the_solutions():
    assert problems(EXAMPLE_SOLUTION) == [] and problems(EXAMPLE_SOLUTION, EMPTY) == []


def test_cuts_rule_out_loops_only():
    params = PUZZLE.parse(EMPTY).params
    session = SatSession(PUZZLE, params)
    rules = session.rules
    assert PUZZLE.cuts(params, rules, EXAMPLE_SOLUTION, frozenset()) == []
    cuts = PUZZLE.cuts(params, rules, WITH_LOOP, frozenset())
    assert len(cuts) == 4  # one per cell of the loop
    lits = set(PUZZLE.solution_literals(params, rules, WITH_LOOP))
    true = {lit for lit in lits if lit > 0}
    track = rules.data.track
    true |= {track[r][c] for r in range(4) for c in range(4) if WITH_LOOP[r][c]}
    assert all(not any(lit in true or (lit < 0 and -lit not in true) for lit in clause) for clause in cuts)


# ---- Tatham's game IDs ----------------------------------------------------------------------
def test_tatham_ids_are_every_grade():
    assert {asked for asked, _ in tatham_id_lines(TATHAM_IDS.file)} >= {"8x8de", "8x8dt", "8x8dh", "10x10dh"}


def test_our_ids_read_back():
    ids = our_ids("tracks")
    assert len(ids) == 10 and any(i.startswith("4x4:") for i in ids)


def test_tatham_reads_what_his_parser_reads():
    """An empty count is 0 and '0' an empty cell (new_game reads both so); his flags read."""
    inst = PUZZLE.parse("4x4:0o,,1,S1,1,S1,1,1,1")
    assert inst.clues[("col", 0)] == 0 and not any(not isinstance(k[0], str) for k in inst.clues)
    assert PUZZLE.parse("4x4dho:p,0,1,S1,1,S1,1,1,1") == PUZZLE.parse("4x4:p,0,1,S1,1,S1,1,1,1")
    assert PUZZLE.format(inst, "tatham") == "4x4:p,0,1,S1,1,S1,1,1,1"


def test_boards_tathams_game_cannot_hold_have_no_id():
    with pytest.raises(PuzzleError, match="every row and column count"):
        PUZZLE.format(PUZZLE.parse(EMPTY), "tatham")
    tiny = "  1 1 1\nA . . . 3\n  . . . 0\n  . . . 0\n  . . B"
    with pytest.raises(PuzzleError, match="at least 4x4"):
        PUZZLE.format(PUZZLE.parse(tiny), "tatham")


# ---- the other formats ------------------------------------------------------------------------
def test_text_reads_every_spelling_of_a_piece():
    inst = PUZZLE.parse(PUZZLE.example)
    for spelling in ("F", "DR", "rd", "┏"):
        assert PUZZLE.parse(PUZZLE.example.replace("┌", spelling)) == inst
    pieces = PUZZLE.parse("  ? ? ? ?\nA ─ │ ┌ ┐ ?\n  └ ┘ - | ?\n  F 7 L J ?\n  LU dl . . ?\n  . . B .")
    assert [pieces.clues[(r, c)] for r in range(4) for c in range(4) if (r, c) in pieces.clues] == [
        "LR", "UD", "DR", "DL", "UR", "UL", "LR", "UD", "DR", "DL", "UR", "UL", "UL", "DL"]


@pytest.mark.parametrize("fmt", PUZZLE.formats)
def test_stripped_counts_and_givens_round_trip(fmt):
    inst = PUZZLE.parse(SEED_BOARD)
    inst = inst.without([("row", 3), ("col", 0)]) if fmt != "tatham" else inst
    assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst


def test_show_marks_a_and_b_around_the_counts():
    shown = PUZZLE.show_text(PUZZLE.parse(PUZZLE.example)).splitlines()
    assert shown[0].split() == ["3", "3", "4", "3"]
    assert any(line.startswith("A 4 ") for line in shown)
    assert shown[-1].strip() == "B" and shown[-1].index("B") == shown[0].rindex("4")


# ---- random tiny boards against brute force ----------------------------------------------------
@cache
def valid_tracks(params: TracksParams) -> list:
    """The candidates that break no rule on a board without clues: brute force over them
    counts the same as over all candidates (a clue only adds failures)."""
    empty = Instance("tracks", params, {})
    return [t for t in PUZZLE.candidates(params) if not PUZZLE.verify(empty, t)]


def random_clues(params: TracksParams, rng: random.Random) -> dict:
    """Some counts and pieces of a random valid track, one changed now and then."""
    source = rng.choice(valid_tracks(params))
    counts = counts_of(params, source)
    keys = rng.sample(count_keys(params), rng.randint(0, len(counts)))
    clues: dict = {key: counts[key] for key in keys}
    cells = [(r, c) for r in range(params.height) for c in range(params.width)]
    for cell in rng.sample(cells, rng.choice((0, 0, 1, 2))):
        clues[cell] = source[cell[0]][cell[1]] or rng.choice(PIECES)
    if clues and rng.random() < 0.2:
        key = rng.choice(sorted(clues, key=str))
        if isinstance(key[0], str):
            most = params.width if key[0] == "row" else params.height
            clues[key] = min(most, max(0, clues[key] + rng.choice((-1, 1))))
        else:
            clues[key] = rng.choice(PIECES)
    return clues


def test_random_tiny_boards_against_brute_force():
    """The conformance suite brute-forces the example; here 120 random boards of 3x3 to 4x4
    (every entrance and exit), clue sets from none to all, with none, one and several
    solutions: brute force over `candidates` = SAT (both rule sets) = CP-SAT."""
    rng = random.Random(7)
    tally = new_tally()
    shapes = [(3, 3), (4, 3), (3, 4), (4, 4)]
    for i in range(120):
        width, height = shapes[i % len(shapes)]
        params = TracksParams(width, height, rng.randrange(height), rng.randrange(width))
        inst = Instance("tracks", params, random_clues(params, rng))
        tally_brute_force(PUZZLE, inst, valid_tracks(params), tally)
    assert min(tally.values()) >= 10, tally


def joined_dead_end(params: TracksParams, rules, holds) -> bool:
    """`Tracks.dead_end` as it was written first, on `puzzlelab.lab.toolkit.paths.joined`: the reference."""
    cells = params.cells()
    index, edges = numbered_edges(cells, params.edges(), rules.data.edge)
    if joined(len(cells), edges, holds)[1]:
        return True
    possible, _ = joined(len(cells), edges, lambda lit: not holds(-lit))
    start = find(possible, index[params.entrance_cell])
    return any(holds(rules.data.track[r][c]) and find(possible, index[(r, c)]) != start for r, c in cells)


def test_dead_end_answers_as_the_union_find_over_every_edge():
    """The bit-mask flood fill and the union-find over used edges alone answer as the first
    formulation on 3,000 random partial assignments (boards 2x2 to 12x7, some literals
    held both ways): loops, cells cut off and neither all turn up."""
    rng = random.Random(11)
    tally = {"loop": 0, "cut off": 0, False: 0}
    for _ in range(150):
        params = TracksParams(rng.randint(2, 12), rng.randint(2, 7), 0, 0)
        params = TracksParams(params.width, params.height, rng.randrange(params.height), rng.randrange(params.width))
        rules = PUZZLE.rules(params, IDPool())
        variables = [*rules.primary, *(t for row in rules.data.track for t in row)]
        for _ in range(20):
            used, ruled = rng.random() * 0.4, rng.random() * 0.8
            held = {v for v in variables if rng.random() < used} | {-v for v in variables if rng.random() < ruled}
            holds = held.__contains__
            expected = joined_dead_end(params, rules, holds)
            assert PUZZLE.dead_end(params, rules, holds) == expected, (params, sorted(held))
            loop = joined(params.width * params.height, _graph(params, rules).edges, holds)[1]
            tally["loop" if loop else "cut off" if expected else False] += 1
    assert min(tally.values()) >= 200, tally


# ---- generation --------------------------------------------------------------------------------
def needed(inst: Instance, solution, session: SatSession) -> dict:
    """Which clues the puzzle needs (without it, another solution fits)."""
    return {key: bool(session.other_than(session.assumptions(inst.without([key]).clues), solution).sat)
            for key in inst.clues}


def test_generated_puzzles_are_unique_by_cpsat():
    """Unique for CP-SAT; every piece left but A's and B's is needed; the counts are all
    kept unless stripped; and `minimal` says whether every clue, kept ones too, is needed."""
    gen = generator("tracks")
    for options, count in (({"size": 6}, 6), ({"size": 8}, 6), ({"width": 10, "height": 5}, 3),
                           ({"size": 6, "strip-counts": 1}, 4)):
        for made in generated_rechecked(PUZZLE, gen, gen.checked_params(**options), count, seed=5):
            inst, p = made.instance, made.instance.params
            assert p.entrance_cell in inst.clues and p.exit_cell in inst.clues
            assert options.get("strip-counts") or all(key in inst.clues for key in count_keys(p))
            session = SatSession(PUZZLE, p)
            need = needed(inst, made.solution, session)
            session.close()
            assert all(need[key] for key in inst.clues if key not in (p.entrance_cell, p.exit_cell)
                       and (options.get("strip-counts") or not isinstance(key[0], str)))
            assert made.minimal == all(need.values())


def test_generator_follows_tathams_look():
    """Every line has track; with single-ones no two neighbouring counts are 1, nor the
    first or the last (Tatham's order: columns, then rows)."""
    gen, rng, sessions = generator("tracks"), random.Random(2), SessionCache()
    spec = gen.checked_params(size=5)
    for _ in range(30):
        params, track = gen.draw(spec, rng, sessions)
        counts = [counts_of(params, track)[key] for key in count_keys(params)]
        assert 0 not in counts and counts[0] != 1 and counts[-1] != 1
        assert not any(a == b == 1 for a, b in zip(counts, counts[1:]))
        assert PUZZLE.verify(Instance("tracks", params, {}), track) == []


def former_lay_path(spec, rng: random.Random) -> tuple[int, list, int]:
    """The walk as first written (a shuffle of DIRS and a `step` each): the reference."""
    while True:
        entrance = rng.randrange(spec.height)
        cell = (entrance, 0)
        path, seen = [cell], {cell}
        while True:
            dirs = list(DIRS)
            rng.shuffle(dirs)
            for d in dirs:
                r, c = step(cell, d)
                if r == spec.height and 0 <= c < spec.width:
                    return entrance, path, c
                if 0 <= r < spec.height and 0 <= c < spec.width and (r, c) not in seen:
                    cell = (r, c)
                    path.append(cell)
                    seen.add(cell)
                    break
            else:
                break


def test_lay_path_walks_as_before():
    """The walk over the table of moves takes the same random numbers and the same steps as
    the first one: same paths, and the generator left in the same state."""
    gen = generator("tracks")
    for width, height in ((2, 2), (5, 3), (8, 8), (3, 9), (10, 10)):
        spec = gen.checked_params(width=width, height=height)
        ours, theirs = random.Random(width * 31 + height), random.Random(width * 31 + height)
        for _ in range(40):
            assert lay_path(spec, ours) == former_lay_path(spec, theirs)
        assert ours.random() == theirs.random()


def test_generator_options():
    gen = generator("tracks")
    assert (gen.params().width, gen.params().height, gen.params().single_ones) == (8, 8, True)
    spec = gen.checked_params(width=10, height=6, **{"single-ones": 0, "strip-counts": 1})
    assert (spec.width, spec.height, spec.single_ones, spec.strip_counts) == (10, 6, False, True)


# ---- for language models ------------------------------------------------------------------
def test_a_models_answer_is_read_leniently():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.answer_text(inst, EXAMPLE_SOLUTION) == ". . DR DL\nDL DR UL UD\nUD UD DR UL\nUR UL UD ."
    messy = "The track enters at A.\n```\nAnswer:\n., ., rd, ld\nDL | RD | LU | DU\nud ud Dr Ul\n└ ┘ │ .\n```\nDone."
    assert PUZZLE.read_answer(inst, messy) == EXAMPLE_SOLUTION
    copied = "Here is the board filled in:\n" + PUZZLE.format_solution(inst, EXAMPLE_SOLUTION)  # counts, A and B
    assert PUZZLE.read_answer(inst, copied) == EXAMPLE_SOLUTION
    assert PUZZLE.read_answer(inst, "..┌┐\n┐┌┘│\n││┌┘\n└┘│.") == EXAMPLE_SOLUTION  # box drawing run together
    with pytest.raises(PuzzleError, match="row 1, column 3"):
        PUZZLE.read_answer(inst, ". . DD DL\nDL DR UL UD\nUD UD DR UL\nUR UL UD .")


# A 5 wide, 4 high board (generated), a count left out.
OBLONG = "  3 3 2 3 ?\nA ┐ . . . . 3\n  . . . . . 4\n  . . . . . 3\n  . . . . ┐ 2\n  . . . . B"
# Each piece mirrored in the line from the bottom-left corner to the top-right.
ACROSS_GLYPHS = {".": ".", "│": "─", "─": "│", "┌": "┘", "┘": "┌", "┐": "┐", "└": "└"}


def across_text(text: str) -> str:
    """A board in the text form (or a solution drawn in it) mirrored in the line from the
    bottom-left corner to the top-right, worked out on the text: old cell (r, c) is new cell
    (width - 1 - c, height - 1 - r), so the row counts become the column counts read
    backwards, and A on the left edge becomes B on the bottom edge and B becomes A."""
    lines = text.splitlines()
    col_counts, rows, row_counts, entrance = lines[0].split(), [], [], 0
    for r, line in enumerate(lines[1:-1]):
        tokens = line.split()
        if tokens[0] == "A":
            entrance, tokens = r, tokens[1:]
        rows.append(tokens[:-1])
        row_counts.append(tokens[-1])
    exit = lines[-1].split().index("B")
    h, w = len(rows), len(col_counts)
    out = ["  " + " ".join(row_counts[::-1])]
    for i in range(w):
        cells = [ACROSS_GLYPHS[rows[h - 1 - j][w - 1 - i]] for j in range(h)]
        out.append(("A " if i == w - 1 - exit else "  ") + " ".join(cells) + " " + col_counts[w - 1 - i])
    out.append("  " + " ".join("B" if j == h - 1 - entrance else "." for j in range(h)))
    return "\n".join(out)


@pytest.mark.parametrize("board", [PUZZLE.example, OBLONG])
def test_canonical_is_the_same_for_the_board_mirrored_across(board):
    """The one symmetry keeping A on the left edge and B on the bottom: the mirrored board
    has the same canonical text, and its solution is the mirrored solution."""
    inst = PUZZLE.parse(board)
    turned = PUZZLE.parse(across_text(PUZZLE.format(inst, "text")))
    assert PUZZLE.format(turned, "text") != PUZZLE.format(inst, "text")
    assert PUZZLE.canonical(turned) == PUZZLE.canonical(inst)
    solution = check_instance(PUZZLE, inst).solutions[0]
    assert (PUZZLE.format_solution(turned, check_instance(PUZZLE, turned).solutions[0])
            == across_text(PUZZLE.format_solution(inst, solution)))
    counts, rest = board.split("\n", 1)
    other = PUZZLE.parse("  " + " ".join(counts.split()[::-1]) + "\n" + rest)  # the column counts reversed
    assert PUZZLE.canonical(other) != PUZZLE.canonical(inst)


# ---- the picture ---------------------------------------------------------------------------------

def test_grid_lines_print_and_the_track_stays_the_strongest_line():
    """Issue 46: the grid was 0.6 pt of 75% grey, gone on paper. It is at least 0.8 pt and at
    most 60% grey, and every rail is both wider and darker than it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection
    from matplotlib.colors import to_rgb
    from matplotlib.lines import Line2D

    from puzzlelab.lab.engine.solve import solve
    from puzzlelab.lab.face.render import Panel, figure
    from puzzlelab.lab.toolkit.draw import Z_GRID, Z_LINE

    inst = PUZZLE.parse(PUZZLE.example)
    fig = figure([Panel(PUZZLE, inst, None, "puzzle"), Panel(PUZZLE, inst, solve(PUZZLE, inst), "solution")],
                 same_scale=True)
    fig.canvas.draw()  # rails are measured in cells: their width in points is set as they are drawn
    try:
        for ax in fig.axes[:2]:
            grids = [a for a in ax.get_children() if isinstance(a, LineCollection) and a.get_zorder() == Z_GRID]
            assert len(grids) == 1
            width, grey = grids[0].get_linewidth()[0], sum(to_rgb(grids[0].get_color()[0])) / 3
            assert width >= 0.8 and grey <= 0.6
            rails = [a for a in ax.get_children() if isinstance(a, Line2D) and a.get_zorder() == Z_LINE]
            assert rails
            for rail in rails:
                assert rail.get_linewidth() > width and sum(to_rgb(rail.get_color())) / 3 < grey
    finally:
        plt.close(fig)
