"""Loopy on Tatham's grids: his old triangular IDs, the grids' face counts and shapes, his
Penrose patches (faces where and in the order his own printout puts them), random tiny boards
of every grid against brute force, the text, JSON and answer forms, the generator's loops and
patches, symmetry, the pictures."""

from __future__ import annotations

import json
import random
import re
import subprocess

import pytest
from pictures import drawn
from tatham import require_sgt

from puzzlelab.generators.loopy import GENERATOR, is_one_loop, random_disk
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import check_instance
from puzzlelab.lab.toolkit.tilings import GRIDS, PENROSE_GRIDS, penrose_faces, penrose_tiling, tiling
from puzzlelab.solvers.loopy import PUZZLE, LoopyParams, face_counts, inside_faces, loop_around, loop_order

# grid.c's own examples of the triangles of old IDs (no `0_`): ears at two corners
OLD_TRIANGLES = ("5x5t1:2c2a1a2a201a1a1a1112a1a2b1211f0b21a2a2a0a", "5x6t1:a022a212h1a1d1a12c2b11a012b1a20d1a0a12e")
# tiny grids `candidates` enumerates: (grid, width, height)
TINY = [("square", 2, 2), ("triangular", 2, 2), ("honeycomb", 2, 2), ("snubsquare", 2, 2), ("cairo", 2, 2),
        ("octagonal", 2, 2), ("kites", 1, 1), ("floret", 1, 1), ("dodecagonal", 2, 2), ("greatdodecagonal", 1, 1),
        ("kagome", 2, 1), ("compassdodecagonal", 2, 2), ("oldtriangular", 2, 2), ("greathexagonal", 2, 1),
        ("greatgreatdodecagonal", 2, 1)]
# his smallest Penrose boards (sgt-loopy --generate, 3x3): 5 kites and darts, 3 rhombs
TINY_PENROSE = ("3x3t11:G939,-176,72_4b", "3x3t12:G-262,-988,288_4b")


# ---- outside references ---------------------------------------------------------------------
@pytest.mark.parametrize("gid", OLD_TRIANGLES)
def test_old_triangular_ids_are_unique_and_written_back(gid):
    inst = PUZZLE.parse(gid)
    assert inst.params.grid == "oldtriangular" and len(inst.params.tiling.faces) == 2 * 5 * int(gid[2])
    report = check_instance(PUZZLE, inst)
    assert report.status == "unique" and PUZZLE.verify(inst, report.solutions[0]) == []
    assert PUZZLE.format(inst, "tatham") == gid


def test_every_grid_is_a_plane_graph_of_polygons():
    """Euler's formula with the outside face, every edge on one or two faces, every face a
    polygon of distinct dots, for each grid at two sizes."""
    for name in GRIDS:
        for w, h in ((3, 3), (4, 5)):
            t = tiling(name, w, h)
            assert len(t.dots) - len(t.edges) + len(t.faces) == 1, name
            assert all(len(faces) in (1, 2) for faces in t.edge_faces), name
            assert all(len(set(ring)) == len(ring) >= 3 for ring in t.faces), name


def test_unknown_types_and_penrose_ids_without_a_patch_are_refused():
    with pytest.raises(PuzzleError, match="Invalid format grid description"):
        PUZZLE.parse("10x10t12:0_abc")
    with pytest.raises(PuzzleError, match="Missing grid description"):
        PUZZLE.parse("10x10t12:abc")
    with pytest.raises(PuzzleError, match="no grid type t16"):
        PUZZLE.parse("3x3t16:i")


# ---- Penrose patches ------------------------------------------------------------------------
def _print_positions(gid: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """His `--print` PostScript of a board: its dots (circles of radius tilesize/15) and the
    places of its numbers, in his orders (game_print: dots, then faces with a clue)."""
    program = require_sgt("loopy")
    ps = subprocess.run([program, "--print", "1x1"], input=gid + "\n", text=True, capture_output=True, timeout=60,
                        check=True).stdout
    dots = [(int(x), int(y)) for x, y in re.findall(r"newpath (-?\d+) (-?\d+) 34 0 360 arc", ps)]
    texts = [(int(x), int(y)) for y, x in re.findall(r"2 div (-?\d+) exch sub (-?\d+) exch moveto", ps)]
    return dots, texts


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    x, y = point
    odd = False
    for (x1, y1), (x2, y2) in zip(polygon[-1:] + polygon[:-1], polygon):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            odd = not odd
    return odd


@pytest.mark.parametrize("gid", ["7x7t11:G1254,-2176,0_a32a2b23f0a1a23b21c", "7x7t12:G3378,-1321,0_1c22e3a3a0a2c2"])
def test_penrose_faces_are_where_and_in_the_order_his_printout_puts_them(gid):
    """Every face numbered: his printout writes face i's number inside our face i (mapped
    onto his page by the dots' extent), and draws as many dots as we have, at our dots."""
    inst = PUZZLE.parse(gid)
    t = inst.params.tiling
    head, rest = gid.split(":")
    dots, texts = _print_positions(f"{head}:{rest.split('_')[0]}_" + "1" * len(t.faces))
    assert len(dots) == len(t.dots) and len(texts) == len(t.faces)
    xs, ys = [x for x, _ in t.dots], [y for _, y in t.dots]
    px, py = [x for x, _ in dots], [y for _, y in dots]
    scale = (max(px) - min(px)) / (max(xs) - min(xs))
    assert scale == pytest.approx((max(py) - min(py)) / (max(ys) - min(ys)), rel=0.02)

    def page(p: tuple[int, int]) -> tuple[float, float]:  # PostScript's y grows upwards
        return min(px) + (p[0] - min(xs)) * scale, max(py) - (p[1] - min(ys)) * scale

    ours = sorted(page(p) for p in t.dots)
    assert all(abs(a - c) <= 3 and abs(b - d) <= 3 for (a, b), (c, d) in zip(ours, sorted(dots)))
    for f, ring in enumerate(t.faces):
        assert _inside(texts[f], [page(t.dots[d]) for d in ring]), f"face {f + 1}"


@pytest.mark.parametrize("grid, patch", [("kitedart", (939, -176, 72)), ("rhombs", (1405, 16, 36))])
def test_skipping_far_half_tiles_changes_no_face(grid, patch):
    """The recursion skips half-tiles whose reach misses the window; his recurses through all."""
    assert penrose_faces(grid, 3, 3, *patch) == penrose_faces(grid, 3, 3, *patch, reach=False) != []


def test_penrose_grids_are_plane_graphs_of_kites_darts_and_rhombs():
    for grid in PENROSE_GRIDS:
        for size, patch in ((5, (0, 1500, 0)), (8, (-2000, 700, 252))):
            t = penrose_tiling(grid, size, size, *patch)
            assert len(t.dots) - len(t.edges) + len(t.faces) == 1, grid
            assert all(len(faces) in (1, 2) for faces in t.edge_faces), grid
            assert all(len(set(ring)) == len(ring) == 4 for ring in t.faces), grid
            side = {round(abs(complex(*t.dots[a]) - complex(*t.dots[b])) / 10) for a, b in t.edges}
            assert len(side) <= (3 if grid == "kitedart" else 2), (grid, side)  # two lengths, rounding


def test_patches_are_read_as_his_sscanf_reads_them_and_written_his_way():
    plain = PUZZLE.parse("5x5t11:G2610,-184,288_2a3220c2")
    loose = PUZZLE.parse("5x5t11:G+2610,-184, 288junk_2a3220c2")  # his parser takes this too
    assert loose == plain and PUZZLE.format(loose, "tatham") == "5x5t11:G2610,-184,288_2a3220c2"
    text = PUZZLE.format(plain)
    assert text.splitlines()[0] == "kitedart 5x5 G2610,-184,288" and PUZZLE.parse(text) == plain
    doc = json.loads(PUZZLE.format(plain, "json"))
    assert doc["patch"] == "G2610,-184,288" and PUZZLE.parse(json.dumps(doc)) == plain
    assert PUZZLE.parse("KiteDart 5x5 g2610,-184,288\n" + PUZZLE.format(plain).split("\n", 1)[1]) == plain


def test_the_generator_draws_a_patch_for_each_board_unless_asked():
    params = GENERATOR.checked_params(grid="rhombs", size=4)
    rng = random.Random(5)
    drawn_patches = set()
    for _ in range(4):
        board, loop = GENERATOR.draw(params, rng, None)
        assert type(board) is LoopyParams and board.tiling.faces
        assert is_one_loop(board.tiling, board.tiling.dot_edges(), loop)
        drawn_patches.add(board.patch)
    assert len(drawn_patches) == 4
    fixed = GENERATOR.checked_params(grid="kitedart", size=5, patch="G2610,-184,288")
    assert GENERATOR.draw(fixed, rng, None)[0] == fixed


# ---- forms ----------------------------------------------------------------------------------
def test_text_lines_are_rows_of_tiles_and_spaces_are_ignored():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.format(inst) == "honeycomb 3x2\n4.1\n.2."
    assert PUZZLE.parse("Honeycomb 3x2\n4 . 1 . 2 .") == inst
    big = PUZZLE.parse("dodecagonal 2x2\n" + "." * 6)
    assert PUZZLE.format(big).splitlines()[1:] == ["...", "..."]  # a dodecagon and a triangle, twice; then one


def test_numbers_over_nine_are_letters_as_in_his_ids():
    inst = PUZZLE.parse("2x2t9:Ab3b")
    assert inst.clues[0] == 10 and PUZZLE.format(inst).splitlines()[1].startswith("A")
    assert PUZZLE.parse(PUZZLE.format(inst)) == inst


def test_json_holds_the_faces_as_dot_lists_and_refuses_others():
    inst = PUZZLE.parse(PUZZLE.example)
    doc = json.loads(PUZZLE.format(inst, "json"))
    t = inst.params.tiling
    assert doc["faces"] == [list(f) for f in t.faces] and len(doc["dots"]) == len(t.dots)
    assert doc["clues"] == [4, None, 1, None, 2, None]
    doc["faces"][0] = doc["faces"][0][::-1]
    with pytest.raises(PuzzleError, match="faces"):
        PUZZLE.parse(json.dumps(doc))


def test_the_solution_is_written_as_the_loop_of_dots():
    inst = PUZZLE.parse(PUZZLE.example)
    loop = check_instance(PUZZLE, inst).solutions[0]
    order = loop_order(inst.params.tiling, loop)
    assert PUZZLE.format_solution(inst, loop).splitlines()[-1] == "loop: " + " ".join(map(str, order))
    assert len(order) == sum(loop)
    solved = json.loads(PUZZLE.format_solution(inst, loop, "json"))["solution"]
    assert solved["loop"] == order and len(solved["edges"]) == sum(loop)


def test_answer_is_the_faces_inside_and_reads_back():
    inst = PUZZLE.parse(PUZZLE.example)
    loop = check_instance(PUZZLE, inst).solutions[0]
    text = PUZZLE.answer_text(inst, loop)
    assert text == "##.\n#.."
    assert PUZZLE.read_answer(inst, text) == loop
    assert PUZZLE.read_answer(inst, "```\n# # .\n# . .\n```") == loop


def test_verify_accepts_the_example_solution_and_counts_faces():
    inst = PUZZLE.parse(PUZZLE.example)
    loop = check_instance(PUZZLE, inst).solutions[0]
    assert PUZZLE.verify(inst, loop) == []
    assert [face_counts(inst.params.tiling, loop)[f] for f in sorted(inst.clues)] == [4, 1, 2]


# ---- the engines against brute force --------------------------------------------------------
@pytest.mark.parametrize("gid", TINY_PENROSE)
def test_tiny_penrose_boards_agree_with_brute_force(gid):
    """His smallest boards, and every clue set of the patch's loops: SAT and CP-SAT count what
    enumeration counts."""
    inst = PUZZLE.parse(gid)
    loops = list(PUZZLE.candidates(inst.params))
    assert brute_force_count(PUZZLE, inst, loops) == 1 and check_instance(PUZZLE, inst).status == "unique"
    faces = len(inst.params.tiling.faces)
    rng = random.Random(gid)
    for truth in [c for c in loops if not PUZZLE.verify(Instance("loopy", inst.params, {}), c)][:4]:
        counts = face_counts(inst.params.tiling, truth)
        clues = {f: counts[f] for f in rng.sample(range(faces), max(1, faces // 2))}
        board = Instance("loopy", inst.params, clues)
        expected = brute_force_count(PUZZLE, board, loops)
        assert engine_counts(PUZZLE, board, 5000) == (expected, expected), PUZZLE.format(board)

@pytest.mark.parametrize("grid, width, height", TINY[:5])
def test_tiny_grids_agree_with_brute_force(grid, width, height):
    """Random clue sets on a tiny grid: SAT and CP-SAT count what enumeration counts."""
    params = LoopyParams(grid, width, height)
    loops = list(PUZZLE.candidates(params))
    rng = random.Random(f"{grid}{width}{height}")
    faces = len(params.tiling.faces)
    for _ in range(3):
        truth = rng.choice([c for c in loops if not PUZZLE.verify(Instance("loopy", params, {}), c)])
        counts = face_counts(params.tiling, truth)
        clues = {f: counts[f] for f in rng.sample(range(faces), max(1, faces // 3))}
        inst = Instance("loopy", params, clues)
        expected = brute_force_count(PUZZLE, inst, loops)
        assert engine_counts(PUZZLE, inst, 5000) == (expected, expected), PUZZLE.format(inst)


@pytest.mark.slow
@pytest.mark.parametrize("grid, width, height", TINY[5:])
def test_more_tiny_grids_agree_with_brute_force(grid, width, height):
    test_tiny_grids_agree_with_brute_force(grid, width, height)


# ---- generator ------------------------------------------------------------------------------
def test_random_disks_are_bounded_by_one_loop_on_every_grid():
    rng = random.Random(7)
    grids = [tiling(name, 3, 4) for name in GRIDS] + [penrose_tiling(name, 6, 6, 0, 1500, 0) for name in PENROSE_GRIDS]
    for name, t in zip([*GRIDS, *PENROSE_GRIDS], grids):
        inside = random_disk(t, rng)
        loop = loop_around(t, inside)
        assert is_one_loop(t, t.dot_edges(), loop), name
        assert inside_faces(t, loop) == inside, name


# ---- symmetry and pictures ------------------------------------------------------------------
def test_canonical_joins_mirror_images():
    a = PUZZLE.parse("honeycomb 3x2\n4.1\n.2.")
    b = PUZZLE.parse("honeycomb 3x2\n1.4\n.2.")
    assert PUZZLE.canonical(a) == PUZZLE.canonical(b) != PUZZLE.canonical(PUZZLE.parse("honeycomb 3x2\n4..\n12."))


def test_show_and_render_draw_the_numbers(monkeypatch):
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.show_text(inst).splitlines()[2:4] == ["┃4 · 1┃", "┃· 2 ·┃"]
    loop = check_instance(PUZZLE, inst).solutions[0]
    written = drawn(monkeypatch, PUZZLE, inst, loop)
    assert sorted(w.text for w in written if w.text.isdigit()) == sorted([str(n) for n in inst.clues.values()] * 2)


def test_show_and_render_a_penrose_board(monkeypatch):
    inst = PUZZLE.parse("5x5t12:G2087,-199,288_a22b0c0")
    shown = PUZZLE.show_text(inst).splitlines()
    assert shown[0] == "rhombs 5x5 G2087,-199,288 (10 faces)"
    assert [ch for line in shown[2:] for ch in line if ch in "0123·"] == list("·22··0···0")
    loop = check_instance(PUZZLE, inst).solutions[0]
    written = drawn(monkeypatch, PUZZLE, inst, loop)
    assert sorted(w.text for w in written if w.text.isdigit()) == sorted([str(n) for n in inst.clues.values()] * 2)
