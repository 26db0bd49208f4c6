"""Galaxies (Tatham's; puzz.link's Tentaisho): the doubled grid's forms, black dots, empty
cells and spots not known, random tiny boards against brute force, his Normal and
Unreasonable boards against our grade, the generator's repairs, answers and pictures."""

from __future__ import annotations

import json
import random

import pytest
from board_images import text_images
from cases.galaxies import labels
from declarations import tatham_id_lines

from puzzlelab.generators.galaxies import ambiguous_cells, random_division, repaired, rival, wiggles
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts, generated_rechecked
from puzzlelab.lab.engine.generator import GenerateOptions, generate_one
from puzzlelab.lab.engine.grade import grade
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.pzprv3 import read_pzprv3_answer
from puzzlelab.solvers.galaxies import (
    BLACK,
    NO_DOT,
    PUZZLE,
    WHITE,
    GalaxiesParams,
    canonical_labels,
    regions,
    spot_name,
    touching,
)

GENERATOR = generator("galaxies")
EXAMPLE_SOLUTION = "1 1 2\n3 3 2\n3 3 4"


def board(text: str) -> Instance:
    return PUZZLE.parse(text)


# ---- the forms ----------------------------------------------------------------------------
def test_the_example_and_its_solution():
    inst = board(PUZZLE.example)
    assert PUZZLE.verify(inst, labels(EXAMPLE_SOLUTION)) == []
    assert check_instance(PUZZLE, inst).solutions == [labels(EXAMPLE_SOLUTION)]
    assert PUZZLE.format_solution(inst, labels(EXAMPLE_SOLUTION)) == EXAMPLE_SOLUTION
    assert PUZZLE.format(inst, "tatham") == "3x3:bhgh"
    assert PUZZLE.format(inst, "puzzlink") == "https://puzz.link/p?tentaisho/3/3/gecee"
    assert json.loads(PUZZLE.format(inst, "json"))["dots"] == [[1, 1.5, "white"], [1.5, 3, "white"],
                                                               [2.5, 1.5, "white"], [3, 3, "white"]]
    assert PUZZLE.clue_count(inst) == 4 and len(inst.clues) == 25  # every spot clued, four dots


def test_spots_are_named_on_the_doubled_grid():
    assert [spot_name(s) for s in ((0, 0), (0, 1), (1, 0), (1, 1), (4, 5))] == ["r1c1", "r1c1.5", "r1.5c1",
                                                                                "r1.5c1.5", "r3c3.5"]
    assert touching((1, 1)) == [(0, 0), (0, 1), (1, 0), (1, 1)] and touching((2, 3)) == [(1, 1), (1, 2)]
    assert PUZZLE.describe_clue((1, 1), WHITE) == "r1.5c1.5: a white dot"
    assert PUZZLE.describe_clue((0, 2), NO_DOT) == "r1c2: no dot"


BLACK_HOLE_UNKNOWN = ".*...\n....o\n.....\n.*..?\n....#"


def test_black_dots_empty_cells_and_spots_not_known():
    """A black dot is a dot (its colour paints a picture); an empty cell belongs to no region;
    a spot not known may hold a dot or not. Each form keeps what it can hold."""
    inst = board(BLACK_HOLE_UNKNOWN)
    assert inst.params.holes == {(2, 2)} and (3, 4) not in inst.clues and inst.clues[(0, 1)] == BLACK
    for fmt in ("text", "json"):
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst, fmt
    assert json.loads(PUZZLE.format(inst, "json"))["unknown"] == [[2.5, 3]]
    for fmt, why in (("tatham", "empty cells"), ("puzzlink", "not known"), ("pzprv3", "not known")):
        with pytest.raises(PuzzleError, match=why):
            PUZZLE.format(inst, fmt)
    known = board(BLACK_HOLE_UNKNOWN.replace("?", "."))
    for fmt in ("puzzlink", "pzprv3"):
        assert PUZZLE.parse(PUZZLE.format(known, fmt)) == known, fmt
    assert PUZZLE.format(known, "puzzlink") == "https://puzz.link/p?tentaisho/3/3/gfcfg02"  # r3c3: 00010
    # the spot not known touches the empty cell: no dot there either
    assert check_instance(PUZZLE, inst).solutions == check_instance(PUZZLE, known).solutions == [
        labels("1 1 2\n3 3 2\n3 3 0")]
    # singletons, or the last two cells one region about the spot between them
    assert check_instance(PUZZLE, board("o.???")).status == "ambiguous"
    assert check_instance(PUZZLE, board("o.?.?")).solutions == [labels("1 2 3")]


def test_tatham_descriptions():
    """Runs of spots without a dot: a..y before a dot, z alone 25 of them; capitals black."""
    inst = board(".....o.\n" + "." * 7 + "\n" + "." * 7 + "\n" + "." * 7 + "\n" + "." * 7 + "\n" + "." * 7 + "\n"
                 + "*......")
    game = PUZZLE.format(inst, "tatham")
    assert game == "4x4:fzL"  # 5 spots, a dot; 36 spots: 25 and 11, a black dot
    assert PUZZLE.parse(game) == inst == PUZZLE.parse("4x4du:fzL") == PUZZLE.parse("4x4dn:fzL", "tatham")
    long = board("o" + "." * 6 + "\n" + ("." * 7 + "\n") * 5 + "......o")
    assert PUZZLE.format(long, "tatham") == "4x4:azw"  # 47 spots between: 25 and 22
    assert PUZZLE.parse("4x4:azwzzz") == long  # runs past the last dot place none


def test_a_board_tathams_parser_refuses_is_not_written():
    with pytest.raises(PuzzleError, match="at least 3x3"):
        PUZZLE.format(board("o.o"), "tatham")
    with pytest.raises(PuzzleError, match="too close together: the dots at r1c1 and r1c1.5"):
        PUZZLE.format(board("oo...\n.....\n.....\n.....\n....."), "tatham")


@pytest.mark.parametrize("spots, body", [
    ("o" + "." * 24, "ew"),  # a dot and seven spots after it, then a run of 17
    ("." * 24 + "*", "zjf"),  # twenty spots a letter, then four, then a black dot
    ("o.o" + "." * 22, "2eu"),  # the next dot two spots on: a digit says one spot between
    ("*" + "." * 7 + "o" + "." * 16, "feo"),  # eight on: the black dot's digit skips seven
])
def test_puzzlink_dots(spots, body):
    inst = board("\n".join(spots[i:i + 5] for i in range(0, 25, 5)))
    url = f"https://puzz.link/p?tentaisho/3/3/{body}"
    assert PUZZLE.format(inst, "puzzlink") == url and PUZZLE.parse(url) == inst


def test_pzprv3_empty_cells_are_walled_and_grey_dots_read_white():
    text = "pzprv3/tentaisho/2/2/X.-/.../..1/0 /0 /0 0 /0 0 /0 0 /"
    inst, solution = read_pzprv3_answer(PUZZLE, text)
    assert inst == board("#.o\n...\n..o") and solution == ((0, 1), (1, 1))  # no wall drawn: one region
    assert PUZZLE.verify(inst, solution) == ["the region of r1c2 holds 2 dots: r1c2, r2c2"]
    written = PUZZLE.format_solution(inst, ((0, 1), (2, 3)), "pzprv3")  # last: each region's dot colour
    assert written == "pzprv3\ntentaisho\n2\n2\nX.1\n...\n..1\n1 \n1 \n1 1 \n0 1 \n0 1 \n"
    assert read_pzprv3_answer(PUZZLE, written) == (inst, ((0, 1), (2, 3)))


def test_json_spots_are_halves_from_one():
    inst = PUZZLE.parse('{"width": 3, "height": 2, "dots": [[1.5, 2, "black"], [1, 3, "white"]], '
                        '"unknown": [[2, 1]], "holes": []}')
    assert inst.clues[(1, 2)] == BLACK and inst.clues[(0, 4)] == WHITE and (2, 0) not in inst.clues
    assert PUZZLE.format(inst) == "....o\n..*..\n?...."


# ---- against brute force --------------------------------------------------------------------
LIMIT = 60


def test_brute_force_matches_both_engines_on_random_tiny_boards():
    """20 boards of up to 10 cells: a random division's dots (some black), some spots left
    unknown, some dots moved or added, an empty cell now and then: boards with no, one and
    several solutions."""
    rng = random.Random(7)
    tally = {"none": 0, "one": 0, "several": 0}
    shapes = [(3, 3), (2, 5), (1, 6), (2, 2), (4, 2), (3, 2), (2, 4), (5, 1)]
    candidates = {}
    for i in range(20):
        width, height = shapes[i % len(shapes)]
        holes = frozenset({(rng.randrange(height), rng.randrange(width))}) if rng.random() < 0.2 else frozenset()
        params = GalaxiesParams(width, height, holes)
        free = {cell for cell in params.cells() if cell not in holes}
        grid = canonical_labels(random_division(params, free, width * height, rng))
        clues = dict(GENERATOR.candidate_clues(params, grid))
        for spot in rng.sample(sorted(clues), rng.randint(0, min(12, len(clues)))):
            del clues[spot]
        for spot in rng.sample(sorted(clues), rng.randint(0, 2)):
            clues[spot] = rng.choice((NO_DOT, WHITE, BLACK))
        if any(v != NO_DOT and not all(params.open(t) for t in touching(s)) for s, v in clues.items()):
            continue  # the readers refuse a dot touching an empty cell
        inst = Instance("galaxies", params, clues)
        if params not in candidates:
            candidates[params] = list(PUZZLE.candidates(params))
        expected = brute_force_count(PUZZLE, inst, candidates[params])
        counted = min(expected, LIMIT)
        assert engine_counts(PUZZLE, inst, LIMIT) == (counted, counted), PUZZLE.format(inst)
        tally["none" if expected == 0 else "one" if expected == 1 else "several"] += 1
    assert min(tally.values()) >= 4, tally


# ---- his boards, his difficulties -----------------------------------------------------------------
def test_his_normal_boards_need_no_probing_and_his_unreasonable_ones_mostly_do():
    """Tatham's Normal solver makes no guesses: our grade settles each of his Normal boards by
    propagation (level 0). Unreasonable needs his recursion: 11 of his 14 are level 1 here."""
    levels: dict[str, list[int]] = {"n": [], "u": []}
    for asked, game in tatham_id_lines("galaxies_tatham.txt"):
        levels[asked[-1]].append(grade(PUZZLE, PUZZLE.parse(game)).level)
    assert levels["n"] and set(levels["n"]) == {0}
    assert sum(level >= 1 for level in levels["u"]) >= 0.7 * len(levels["u"]), levels


# his two 15x15 Normal boards (`sgt-galaxies --generate 2 '15x15dn#puzzlelab'`): the rules of every
# spot a session loads take a second or two a board at this size
FIFTEEN = ("15x15:arnzhidgzalfqpzjezmyzrdzinhlebeizzezmhdnzzrtcihjzbzlfhzgrpcnbhcmgd",
           "15x15:elopzhgdizrizgkltsdcihyzldjdtgjzbhjpvvrzagjizzdzqfrnzifhchgzjjhnk")


@pytest.mark.slow
@pytest.mark.parametrize("game", FIFTEEN)
def test_his_largest_preset_is_unique(game):
    inst = PUZZLE.parse(game)
    result = check_instance(PUZZLE, inst)
    assert result.status == "unique" and PUZZLE.verify(inst, result.solutions[0]) == []
    assert PUZZLE.format(inst, "tatham") == game


def test_his_largest_preset_checks_at_once_from_the_command_line(tmp_path, capsys):
    """The one-shot rules hold only the dots' spots, and of each the cells it can reach."""
    path = tmp_path / "g.txt"
    path.write_text(FIFTEEN[0])
    assert cli.main(["check", "galaxies", str(path)]) == 0
    assert capsys.readouterr().out.startswith("unique")


# ---- the generator ------------------------------------------------------------------------------
def test_generated_puzzles_are_unique_by_cpsat():
    made = generated_rechecked(PUZZLE, GENERATOR, GENERATOR.params(size=8), 6, 3)
    for g in made:
        dots = [s for s, v in g.instance.clues.items() if v != NO_DOT]
        assert len(dots) == len(regions(g.solution))  # a dot a region, every spot clued
        assert len(g.instance.clues) == len(g.instance.params.spots())


def test_a_repair_redraws_the_ambiguous_part_and_keeps_the_rest():
    """A pinwheel of five dots is ambiguous: rows or columns round the centre. The regions
    where the rival differs are drawn afresh, the centre kept, and the board stays a valid
    division."""
    params = GalaxiesParams(3, 3)
    rows, columns = labels("1 1 1\n2 3 4\n5 5 5"), labels("2 1 4\n2 3 4\n2 5 4")
    inst = board("..o..\n.....\no.o.o\n.....\n..o..")
    assert GENERATOR.candidate_clues(params, rows) == inst.clues and rival(inst, rows) == columns
    assert ambiguous_cells(rows, columns) == set(params.cells()) - {(1, 1)}
    rng = random.Random(3)
    for _ in range(10):
        fixed = repaired(params, rows, columns, 9, rng)
        assert fixed[1][1] not in {fixed[r][c] for r, c in params.cells() if (r, c) != (1, 1)}
        assert PUZZLE.verify(Instance("galaxies", params, GENERATOR.candidate_clues(params, fixed)), fixed) == []


def test_the_wiggliest_division_counts_inward_corners():
    assert wiggles(((1, 1), (1, 2))) == 1 and wiggles(((1, 1), (2, 2))) == 0


def test_generator_options():
    assert GENERATOR.checked_params(size=9).most == 18  # twice the root of the area, as his maxsz
    assert GENERATOR.checked_params(width=12, height=5, most=6).most == 6
    with pytest.raises(PuzzleError, match="at most 15"):
        GENERATOR.checked_params(size=20)


def test_our_default_boards_are_like_his():
    """About as many dots as his 7x7 boards hold (his file: 10 to 15)."""
    rng, sessions = random.Random(4), SessionCache()
    counts = [PUZZLE.clue_count(generate_one(PUZZLE, GENERATOR, GENERATOR.params(), rng, sessions,
                                             GenerateOptions()).instance) for _ in range(20)]
    assert 10 <= sum(counts) / len(counts) <= 17, counts


# ---- answers, symmetry, pictures ---------------------------------------------------------------
def test_an_answer_with_other_labels_is_read_by_its_regions():
    inst = board(PUZZLE.example)
    assert PUZZLE.read_answer(inst, "Answer:\n7 7 3\n9 9 3\n9 9 1") == labels(EXAMPLE_SOLUTION)
    assert PUZZLE.verify(inst, PUZZLE.read_answer(inst, "1 1 1\n3 3 1\n3 3 4")) != []


@pytest.mark.parametrize("text", [PUZZLE.example, BLACK_HOLE_UNKNOWN, ".o...\n.....\n..*.."])
def test_the_canonical_form_is_the_same_for_every_symmetry_and_differs_otherwise(text):
    keys = {PUZZLE.canonical(board(image)) for image in text_images(text, "")}
    assert len(keys) == 1
    assert PUZZLE.canonical(board(text.replace("o", ".", 1))) not in keys


def test_every_command_works_on_the_example(tmp_path, capsys):
    path = tmp_path / "g.txt"
    path.write_text(PUZZLE.example)
    for args, said in ((["check"], "unique"), (["solve"], EXAMPLE_SOLUTION.splitlines()[0]), (["count"], "1"),
                       (["clues"], "r1c1.5: a white dot"), (["grade"], "level"), (["explain"], "step"),
                       (["show"], ".o..."), (["render", "--solution", "--out", str(tmp_path / "g.png")], "wrote")):
        assert cli.main([args[0], "galaxies", str(path), *args[1:]]) == 0, args
        assert said in capsys.readouterr().out, args
    assert (tmp_path / "g.png").stat().st_size > 1000
