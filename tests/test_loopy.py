"""Loopy on Tatham's grids: his old triangular IDs, the grids' face counts and shapes, random
tiny boards of every grid against brute force, the text, JSON and answer forms, the
generator's loops, symmetry, the pictures."""

from __future__ import annotations

import json
import random

import pytest
from pictures import drawn

from puzzlelab.generators.loopy import is_one_loop, random_disk
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import check_instance
from puzzlelab.lab.toolkit.tilings import GRIDS, tiling
from puzzlelab.solvers.loopy import PUZZLE, LoopyParams, face_counts, inside_faces, loop_around, loop_order

# grid.c's own examples of the triangles of old IDs (no `0_`): ears at two corners
OLD_TRIANGLES = ("5x5t1:2c2a1a2a201a1a1a1112a1a2b1211f0b21a2a2a0a", "5x6t1:a022a212h1a1d1a12c2b11a012b1a20d1a0a12e")
# tiny grids `candidates` enumerates: (grid, width, height)
TINY = [("square", 2, 2), ("triangular", 2, 2), ("honeycomb", 2, 2), ("snubsquare", 2, 2), ("cairo", 2, 2),
        ("octagonal", 2, 2), ("kites", 1, 1), ("floret", 1, 1), ("dodecagonal", 2, 2), ("greatdodecagonal", 1, 1),
        ("kagome", 2, 1), ("compassdodecagonal", 2, 2), ("oldtriangular", 2, 2), ("greathexagonal", 2, 1),
        ("greatgreatdodecagonal", 2, 1)]


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


def test_penrose_and_unknown_types_are_refused():
    with pytest.raises(PuzzleError, match="Penrose"):
        PUZZLE.parse("10x10t12:0_abc")
    with pytest.raises(PuzzleError, match="no grid type t16"):
        PUZZLE.parse("3x3t16:i")


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
    for name in GRIDS:
        t = tiling(name, 3, 4)
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
