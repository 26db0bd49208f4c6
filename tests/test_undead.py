"""Undead: seed example, verify rule by rule, the line-of-sight rules (a cell crossed twice
counts twice), Tatham's game IDs (his generator's boards at every grade, his header's Janko
boards with given monsters, ours read by his parser, bad ones refused by both), random tiny
boards against brute force, formats, generator."""

from __future__ import annotations

import json
import random

import pytest
from cases.undead import SEED, TATHAM_IDS, grid
from declarations import our_ids, tatham_id_lines
from tally import new_tally, tally_brute_force

from puzzlelab.lab.engine.crosscheck import engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.engine.solve import solve
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator
from puzzlelab.solvers import undead
from puzzlelab.solvers.undead import PUZZLE, UndeadParams, counts_of, seen_count, sight_line, tatham_grade, walk

# Tatham's header of undead.c: Janko's puzzles 1 and 14 (14 gives monsters in the grid).
JANKO_1 = "4x4:0,2,6,LLaRLaRaRaRdL,2,1,1,1,2,2,2,2,2,2,3,3,3,0,0,1"
JANKO_14 = ("8x5:12,12,0,LaRbLaRaLaRLbRaVaVaGRaRaRaLbLaRbRLb,"
            "0,2,0,2,2,1,2,1,3,1,0,1,8,4,3,0,0,2,3,2,7,2,1,6,2,1")


# ---- the seed example ---------------------------------------------------------------------
def test_seed_board_reads_as_the_seed_states():
    inst = PUZZLE.parse(SEED.board)
    assert inst.params.totals == (5, 12, 11) and len(inst.clues) == 28


def test_seed_board_reads_back_from_every_format():
    inst = PUZZLE.parse(SEED.board)
    for fmt in PUZZLE.formats:
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst, fmt
    assert PUZZLE.format(inst, "tatham").startswith("7x7:5,12,11,aRdLcRdRRbLRRLRaRLaRaRLaRRaLLLdRe,3,0,3,0,5,6,0,0,8")


# ---- the rules of sight ---------------------------------------------------------------------
def test_mirrors_turn_the_line_as_drawn():
    """'\\' turns a line going right downwards, '/' turns a line going down to the left and
    one going right upwards; a vampire is seen only before the first mirror, a ghost only
    after one."""
    params = UndeadParams(2, 2, (".\\", "./"), (1, 1, 0))
    assert sight_line(params, ("top", 1)) == []  # enters on '\\', turns right, leaves at once
    assert sight_line(params, ("left", 0)) == [(0, 0, False), (1, 0, True)]  # right, down, then left
    assert sight_line(params, ("left", 1)) == [(1, 0, False), (0, 0, True)]  # right, up, then left
    assert sight_line(params, ("bottom", 0)) == [(1, 0, False), (0, 0, False)]
    assert sight_line(params, ("right", 1)) == []  # '/' turns it down, off the board
    solved = (("G", "\\"), ("V", "/"))
    assert seen_count(solved, ("left", 0)) == 0  # the ghost directly, the vampire in a mirror: neither
    assert seen_count(solved, ("left", 1)) == 2  # the vampire directly, the ghost in a mirror: both
    assert seen_count(solved, ("bottom", 0)) == 1


@pytest.mark.parametrize("monster, seen", [("G", 1), ("V", 1), ("Z", 2)])
def test_a_cell_crossed_twice_counts_twice(monster, seen):
    """Tatham's check_solution counts every visit: the line from the right of row 3 meets
    r3c3 directly, then, after three mirrors, again in a mirror."""
    params = UndeadParams(3, 3, ("...", "./\\", ".\\."), (3, 2, 1))
    assert sight_line(params, ("right", 2)) == [(2, 2, False), (2, 2, True)]
    solved = (("V", "V", "G"), ("G", "/", "\\"), ("Z", "\\", monster))
    assert seen_count(solved, ("right", 2)) == seen
    inst = Instance("undead", UndeadParams(3, 3, params.mirrors, tuple(sum(row.count(m) for row in solved)
                                                                        for m in "GVZ")), {("right", 2): seen})
    assert PUZZLE.verify(inst, solved) == []
    assert engine_counts(PUZZLE, Instance("undead", inst.params, {**counts_of(inst.params, solved)}))[0] >= 1


# ---- verify, rule by rule -----------------------------------------------------------------
EXAMPLE_SOLUTION = "Z G V /\nZ / G G\nV \\ \\ /\n/ Z \\ /"


def problems(text: str, board: str | None = None) -> list[str]:
    return PUZZLE.verify(PUZZLE.parse(board or PUZZLE.example), grid(text))


def test_verify_accepts_the_examples_solution():
    assert problems(EXAMPLE_SOLUTION) == []


def test_verify_names_a_wrong_given_monster():
    board = PUZZLE.example.replace("2 . . . / 2", "2 V . . / 2")
    assert "r1c1 is a zombie, the clue gives a vampire" in problems(EXAMPLE_SOLUTION, board)


# ---- Tatham's game IDs ----------------------------------------------------------------------
def test_tatham_ids_are_every_grade():
    assert {asked[-1] for asked, _ in tatham_id_lines(TATHAM_IDS.file)} == set("ent")


def test_our_ids_read_back():
    assert len(our_ids("undead")) == 12


def test_tathams_grade_is_reproduced():
    """`tatham_grade` follows undead.c's solver and grading: each of his boards gets the
    grade he generated it for (easy ones in at most 3 passes, normal ones in more or with
    fewer than 4 cells left open, tricky ones with 4 or more)."""
    for asked, game in tatham_id_lines(TATHAM_IDS.file):
        grade = tatham_grade(PUZZLE.parse(game))
        assert grade["tatham"] == {"e": "easy", "n": "normal", "t": "tricky"}[asked[-1]], (game, grade)
        assert (grade["open"] == 0) == (grade["tatham"] == "easy" or grade["passes"] > 3)


def test_grade_of_stripped_unsolvable_and_huge_boards():
    inst = PUZZLE.parse(PUZZLE.example)  # 9 of its 16 numbers left out
    assert tatham_grade(inst)["tatham"] in ("easy", "normal", "tricky")
    assert PUZZLE.human_grade(inst) == tatham_grade(inst)
    wrong = inst.without([("top", 0)])
    wrong.clues[("top", 0)] = 4  # the example's solution sees 3
    assert tatham_grade(wrong)["tatham"] == "unsolvable"
    assert tatham_grade(inst.without(list(inst.clues)))["tatham"] == "ambiguous"
    open_board = UndeadParams(14, 14, ("." * 14,) * 14, (60, 70, 66))
    assert tatham_grade(Instance("undead", open_board, {("top", 0): 5}))["tatham"] == "beyond"


# ---- Tatham's grade against its first, plainer formulation ------------------------------------
def plain_paths(params: UndeadParams) -> list[tuple[tuple[int, ...], tuple, tuple]]:
    """`sight_paths` as first written: (monsters, ends, gains) per line, gains counted afresh."""
    index = {cell: i for i, cell in enumerate(params.cells())}
    out, done = [], set()
    for key in params.count_keys():
        if key not in done:
            visits, exit_key = walk(params, key)
            done.add(exit_key)
            monsters = tuple(dict.fromkeys(index[(r, c)] for r, c, _ in visits))
            gains = tuple(tuple(tuple(sum(1 for r, c, bounced in seen if index[(r, c)] == m
                                          and (b == 4 or b == (1 if bounced else 2))) for b in (1, 2, 4))
                                for m in monsters) for seen in (visits, walk(params, exit_key)[0]))
            out.append((monsters, (key, exit_key), gains))
    return sorted(out, key=lambda path: len(path[0]))


def plain_narrow(path: tuple, wants: tuple, poss: list[int], totals: tuple, limit: int) -> bool:
    """`_narrow` as first written: the search afresh for every line, no table kept."""
    monsters, _, path_gains = path
    k, kinds = len(monsters), (1, 2, 4)
    room = [t - sum(1 for i, x in enumerate(poss) if x == b and i not in monsters) for b, t in zip(kinds, totals)]
    if all(want is None for want in wants):
        spent = sum(b for b, left in zip(kinds, room) if left <= 0)
        for m in monsters:
            poss[m] &= ~spent
        return True
    domains = [[kind for kind, b in enumerate(kinds) if poss[m] & b] for m in monsters]
    ends = [(want, gain, [sum(max(g) for g in gain[i:]) for i in range(k + 1)])
            for want, gain in zip(wants, path_gains) if want is not None]
    allowed, filling, used, steps = [0] * k, [0] * k, [0, 0, 0], [0]

    def extend(i: int, sums: list[int]) -> None:
        steps[0] += 1
        if steps[0] > limit:
            return
        if i == k:
            for j, kind in enumerate(filling):
                allowed[j] |= kinds[kind]
            return
        for kind in domains[i]:
            new = [s + gain[i][kind] for s, (_, gain, _) in zip(sums, ends)]
            if used[kind] < room[kind] and all(want - most[i + 1] <= n <= want
                                               for n, (want, _, most) in zip(new, ends)):
                filling[i], used[kind] = kind, used[kind] + 1
                extend(i + 1, new)
                used[kind] -= 1

    extend(0, [0] * len(ends))
    if steps[0] > limit:
        return False
    for m, a in zip(monsters, allowed):
        poss[m] &= a
    return True


def plain_grade(inst: Instance, unique: bool, limit: int) -> dict:
    """`tatham_grade` as first written, over `plain_paths` and `plain_narrow`."""
    p = inst.params
    poss = [{"G": 1, "V": 2, "Z": 4}[inst.clues[("cell", r, c)]] if ("cell", r, c) in inst.clues else 7
            for r, c in p.cells()]
    paths = [(path, tuple(inst.clues.get(k) for k in path[1])) for path in plain_paths(p) if path[0]]
    passes = 0
    while True:
        before = list(poss)
        for path, wants in paths:
            if not plain_narrow(path, wants, poss, p.totals, limit):
                return {"tatham": "beyond", "passes": passes, "open": sum(1 for x in poss if x not in (1, 2, 4))}
        passes += 1
        if 0 in poss or all(x in (1, 2, 4) for x in poss) or poss == before:
            break
    open_cells = sum(1 for x in poss if x not in (1, 2, 4))
    if 0 in poss:
        grade = "unsolvable"
    elif open_cells == 0:
        grade = "easy" if passes <= 3 else "normal"
    else:
        grade = ("normal" if open_cells < 4 else "tricky") if unique else "ambiguous"
    return {"tatham": grade, "passes": passes, "open": open_cells}


def test_tathams_grade_matches_its_plain_formulation(monkeypatch):
    """The kept line searches and walks give the grade the plain search gives, on random
    boards of 2x2 to 7x7 with some numbers left out or wrong and some monsters given (not
    always the right ones), under undead.c's step limit and under one so small that many
    lines run out of it (the table is kept per limit)."""
    rng = random.Random(11)
    grades: dict = {}
    for i in range(600):
        width, height = rng.randint(2, 7), rng.randint(2, 7)
        rows = tuple("".join(rng.choice("...\\/") for _ in range(width)) for _ in range(height))
        cells = [(r, c) for r in range(height) for c in range(width) if rows[r][c] == "."]
        if not cells:
            continue
        filled = tuple(tuple(rng.choice("GVZ") if ch == "." else ch for ch in row) for row in rows)
        params = UndeadParams(width, height, rows, tuple(sum(row.count(m) for row in filled) for m in "GVZ"))
        clues: dict = {k: n for k, n in counts_of(params, filled).items() if rng.random() < 0.7}
        if clues and rng.random() < 0.2:
            clues[rng.choice(sorted(clues))] += 1
        for r, c in cells:
            if rng.random() < 0.1:
                clues[("cell", r, c)] = rng.choice("GVZ") if rng.random() < 0.2 else filled[r][c]
        inst, unique = Instance("undead", params, clues), i % 3 > 0
        for limit in (undead.PATH_LIMIT, 30):
            monkeypatch.setattr(undead, "PATH_LIMIT", limit)
            expected = plain_grade(inst, unique, limit)
            assert tatham_grade(inst, unique) == expected, (limit, PUZZLE.format(inst))
            grades[expected["tatham"]] = grades.get(expected["tatham"], 0) + 1
        monkeypatch.undo()
    every = ("easy", "normal", "tricky", "ambiguous", "unsolvable", "beyond")
    assert min(grades.get(g, 0) for g in every) >= 20, grades


def test_tathams_janko_boards_with_given_monsters():
    """The two IDs in undead.c's header; Janko 14 gives three monsters in its grid."""
    one = PUZZLE.parse(JANKO_1)
    assert one.params.totals == (0, 2, 6) and check_instance(PUZZLE, one).status == "unique"
    fourteen = PUZZLE.parse(JANKO_14)
    assert {k: v for k, v in fourteen.clues.items() if k[0] == "cell"} == \
        {("cell", 2, 1): "V", ("cell", 2, 3): "V", ("cell", 2, 5): "G"}
    result = check_instance(PUZZLE, fourteen)
    assert result.status == "unique" and PUZZLE.verify(fourteen, result.solutions[0]) == []
    assert PUZZLE.format(one, "tatham") == JANKO_1 and PUZZLE.format(fourteen, "tatham") == JANKO_14


def test_boards_tatham_cannot_hold_have_no_id():
    with pytest.raises(PuzzleError, match="gives every edge number"):
        PUZZLE.format(PUZZLE.parse(PUZZLE.example), "tatham")
    small = PUZZLE.parse("G: 1 V: 1 Z: 0\n  0 0\n0 . / 0\n0 / . 1\n  1 0")
    with pytest.raises(PuzzleError, match="at least 3x3"):
        PUZZLE.format(small, "tatham")


# ---- the other formats ------------------------------------------------------------------------
def test_text_reads_totals_with_or_without_colons_and_given_monsters():
    inst = PUZZLE.parse(PUZZLE.example)
    assert PUZZLE.parse(PUZZLE.example.replace("G: 3 V: 2 Z: 3", "z 3 g 3 v 2")) == inst
    given = PUZZLE.parse(PUZZLE.example.replace("2 . . . / 2", "2 Z . . / 2"))
    assert given.clues[("cell", 0, 0)] == "Z" and given.params == inst.params
    assert PUZZLE.format(given).splitlines()[2] == "2 Z . . / 2"
    for fmt in PUZZLE.formats[:-1]:
        if fmt != "tatham":
            assert PUZZLE.parse(PUZZLE.format(given, fmt)) == given, fmt
    assert PUZZLE.parse(PUZZLE.format(given, "json")) == given


def test_json_and_array_say_unknown_as_null_and_none():
    inst = PUZZLE.parse(PUZZLE.example)
    data = json.loads(PUZZLE.format(inst, "json"))
    assert data["top"] == [3, 1, None, 2] and data["grid"][2] == ".\\\\/"
    assert "t = np.array([3, 1, None, 2])" in PUZZLE.format(inst, "array")
    assert PUZZLE.parse(PUZZLE.format(inst, "array").replace("None", "-1")) == inst


def test_show_and_render(tmp_path, capsys):
    text = PUZZLE.show_text(PUZZLE.parse(SEED.board)).splitlines()
    assert text[0] == "ghosts 5  vampires 12  zombies 11"
    assert text[3].startswith("1 ┃ ·   /") and text[3].endswith("┃ 0")
    assert text[-1].split() == ["5", "2", "1", "3", "8", "2", "0"]
    assert text[-1].index("5") == text[1].index("3")  # bottom numbers under their columns
    board = tmp_path / "seed.txt"
    board.write_text(SEED.board)
    assert cli.main(["render", "undead", str(board), "--solution", "--out", str(tmp_path / "seed.png")]) == 0
    assert (tmp_path / "seed.png").stat().st_size > 1000


# ---- random tiny boards against brute force ----------------------------------------------------
def random_board(rng: random.Random) -> tuple[UndeadParams, tuple[tuple[str, ...], ...]]:
    """A 3x3, 4x3 or 3x4 board of 3 to 8 monster cells, and a random filling of it."""
    while True:
        width, height = rng.choice([(3, 3), (4, 3), (3, 4)])
        rows = tuple("".join(rng.choice("..\\/") for _ in range(width)) for _ in range(height))
        cells = sum(row.count(".") for row in rows)
        if 3 <= cells <= 8:
            filled = tuple(tuple(rng.choice("GVZ") if ch == "." else ch for ch in row) for row in rows)
            totals = tuple(sum(row.count(m) for row in filled) for m in "GVZ")
            return UndeadParams(width, height, rows, totals), filled  # type: ignore[arg-type]


def test_brute_force_matches_both_engines_on_random_tiny_boards():
    """The conformance suite brute-forces the example alone; here 120 random boards, with
    edge numbers from a random filling (one changed now and then, for boards without a
    solution), some of them left out, and now and then a given monster. Lines that cross a
    cell twice occur among them."""
    rng = random.Random(7)
    tally = new_tally()
    crossed_twice = 0
    for _ in range(120):
        params, filled = random_board(rng)
        counts = counts_of(params, filled)
        keys = rng.sample(sorted(counts), rng.randint(0, len(counts)))
        clues: dict = {k: counts[k] for k in keys}
        if clues and rng.random() < 0.2:
            k = rng.choice(sorted(clues))
            clues[k] += 1
        if rng.random() < 0.2:
            r, c = rng.choice(params.cells())
            clues[("cell", r, c)] = rng.choice("GVZ")
        inst = Instance("undead", params, clues)
        fits = [g for g in PUZZLE.candidates(params)  # those with the totals: brute force over them alone
                if tuple(sum(row.count(m) for row in g) for m in "GVZ") == params.totals]
        tally_brute_force(PUZZLE, inst, fits, tally)
        crossed_twice += any(len({(r, c) for r, c, _ in line}) < len(line)
                             for line in (sight_line(params, k) for k in clues if k[0] != "cell"))
    assert min(tally.values()) >= 10 and crossed_twice >= 3, (tally, crossed_twice)


# ---- generation --------------------------------------------------------------------------------
def test_generated_puzzles_are_unique_by_cpsat_and_minimal():
    gen = generator("undead")
    for options, count in (({"size": 4}, 10), ({"size": 5, "diff": "t"}, 5), ({"width": 7, "height": 3}, 4)):
        for made in generated_rechecked(PUZZLE, gen, gen.params(**options), count, seed=5):
            assert made.minimal and len(made.instance.clues) < 2 * (made.instance.params.width
                                                                    + made.instance.params.height)


def test_all_counts_keeps_every_edge_number():
    gen = generator("undead")
    for made in generated_rechecked(PUZZLE, gen, gen.params(size=5, all_counts=1), 5, seed=6):
        p = made.instance.params
        assert all(k in made.instance.clues for k in p.count_keys()) and not made.minimal


def test_repair_gives_the_monsters_where_a_rival_differs():
    gen = generator("undead")
    params = UndeadParams(3, 1, ("...",), (1, 1, 1))
    ours, rival = (("G", "V", "Z"),), (("V", "G", "Z"),)
    fixed = gen.repair(params, {("top", 2): 1}, ours, rival, random.Random(1))
    assert fixed == (params, {("top", 2): 1, ("cell", 0, 0): "G", ("cell", 0, 1): "V"}, ours)
    assert gen.repair(params, fixed[1], ours, rival, random.Random(1)) is None  # nothing left to give


@pytest.mark.parametrize("diff, grade", [("e", "easy"), ("n", "normal"), ("t", "tricky")])
def test_generated_puzzles_have_tathams_grade_asked_for(diff, grade):
    gen = generator("undead")
    for all_counts in (0, 1):
        made = generate_one(PUZZLE, gen, gen.params(size=4, diff=diff, all_counts=all_counts), random.Random(3),
                            SessionCache())
        assert tatham_grade(made.instance)["tatham"] == grade


def test_generator_options():
    gen = generator("undead")
    spec = gen.params()
    assert (spec.width, spec.height, spec.difficulty, spec.all_counts) == (4, 4, "n", False)
    tricky = gen.params(size=5, diff="t")
    for made in generated_rechecked(PUZZLE, gen, tricky, 3, seed=8):
        assert min(made.instance.params.totals) >= 2  # Tatham's tricky: at least two of each kind
    assert gen.params(diff="any").difficulty == "any"


@pytest.mark.parametrize("out_format", ["jsonl", "csv"])
def test_generate_from_the_command_line(tmp_path, out_format):
    out = tmp_path / f"u.{out_format}"
    code = cli.main(["generate", "undead", "--size", "4", "--diff", "e", "--all-counts", "1", "--count", "2",
                     "--quiet", "--out", str(out), "--out-format", out_format])
    assert code == 0
    text = out.read_text()
    assert text.count("4x4:") >= 2  # every edge number kept: each record carries its Tatham ID


# ---- for language models ------------------------------------------------------------------
def test_a_models_answer_is_read_leniently():
    inst = PUZZLE.parse(PUZZLE.example)
    solution = grid("Z G V /\nZ / G G\nV \\ \\ /\n/ Z \\ /")
    assert PUZZLE.answer_text(inst, solution) == "Z G V /\nZ / G G\nV \\ \\ /\n/ Z \\ /"
    messy = "Working it out...\n\n**Answer:**\n```\nz, g, v, /\nZ|.|G|G\nvampire \\\\ \\\\ //\n. Z . .\n```"
    assert PUZZLE.read_answer(inst, messy) == solution  # `.` where the board has a mirror is that mirror
    copied = "Filled in:\n" + PUZZLE._text(inst, solution)  # the board copied out, numbers and all
    assert PUZZLE.read_answer(inst, copied) == solution
    assert PUZZLE.read_answer(inst, "Z G V /\n. / G G\nV \\ \\ /\n/ Z \\ /")[1][0] == "."  # verify judges it
    with pytest.raises(PuzzleError, match="row 1, column 2"):
        PUZZLE.read_answer(inst, "Z X V /\nZ / G G\nV \\ \\ /\n/ Z \\ /")


def test_partial_credit_counts_the_monsters_only():
    inst = PUZZLE.parse(PUZZLE.example)
    solution = grid("Z G V /\nZ / G G\nV \\ \\ /\n/ Z \\ /")
    wrong = grid("G G V /\nZ / G G\nV \\ \\ /\n/ Z \\ /")
    assert PUZZLE.answer_credit(inst, wrong, solution) == 7 / 8


# Each rotation and reflection as (height and width of the image, the old cell a new cell
# (i, j) of an h x w grid takes, whether `/` and `\` swap): a quarter turn or a mirror in a
# vertical or horizontal line swaps them, a mirror in a diagonal or a half turn does not.
MAPS = [("same", lambda h, w: (h, w), lambda h, w, i, j: (i, j), False),
        ("quarter", lambda h, w: (w, h), lambda h, w, i, j: (h - 1 - j, i), True),
        ("half", lambda h, w: (h, w), lambda h, w, i, j: (h - 1 - i, w - 1 - j), False),
        ("three quarters", lambda h, w: (w, h), lambda h, w, i, j: (j, w - 1 - i), True),
        ("left-right", lambda h, w: (h, w), lambda h, w, i, j: (i, w - 1 - j), True),
        ("up-down", lambda h, w: (h, w), lambda h, w, i, j: (h - 1 - i, j), True),
        ("diagonal", lambda h, w: (w, h), lambda h, w, i, j: (j, i), False),
        ("antidiagonal", lambda h, w: (w, h), lambda h, w, i, j: (h - 1 - j, w - 1 - i), False)]


def moved(rows: list[list[str]], size, where, swaps: bool) -> list[list[str]]:
    h, w = len(rows), len(rows[0])
    nh, nw = size(h, w)
    swap = {"/": "\\", "\\": "/"} if swaps else {}
    return [[swap.get(t, t) for t in (rows[where(h, w, i, j)[0]][where(h, w, i, j)[1]] for j in range(nw))]
            for i in range(nh)]


@pytest.mark.parametrize("board", [PUZZLE.example, JANKO_14])
def test_canonical_is_the_same_for_every_rotation_and_reflection(board):
    """Each image of the text form (the numbers around the grid move with it) has the same
    canonical text, and its solution is the image of the board's: the mirrors turned right."""
    inst = PUZZLE.parse(board)
    solution = solve(PUZZLE, inst)
    lines = PUZZLE.format(inst, "text").splitlines()
    ring = [["+", *lines[1].split(), "+"], *(line.split() for line in lines[2:-1]), ["+", *lines[-1].split(), "+"]]
    seen = set()
    for name, size, where, swaps in MAPS:
        if size(len(ring), len(ring[0])) != (len(ring), len(ring[0])):
            continue
        image = moved(ring, size, where, swaps)
        text = "\n".join([lines[0], "  " + " ".join(image[0][1:-1]), *(" ".join(row) for row in image[1:-1]),
                          "  " + " ".join(image[-1][1:-1])])
        seen.add(text)
        turned = PUZZLE.parse(text, "text")
        assert PUZZLE.canonical(turned) == PUZZLE.canonical(inst), name
        assert solve(PUZZLE, turned) == tuple(map(tuple, moved(solution, size, where, swaps))), name
    assert len(seen) == (8 if len(ring) == len(ring[0]) else 4)
    other = PUZZLE.parse(PUZZLE.format(inst, "text").replace("/", "\\", 1), "text")  # one mirror turned
    assert PUZZLE.canonical(other) != PUZZLE.canonical(inst)
