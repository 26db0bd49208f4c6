"""Sharing a puzzle (lab/face/share.py and `puzzlelab show`/`convert`): the terminal drawing, every
format into every other, Simon Tatham's game IDs checked against his own parser, links to his
web player, `--out-format` refused when unknown, and datasets' `tatham_id`.

Tatham's parser: `sgt-GAME --save PREFIX` reads one game ID a line from standard input and
writes a save file PREFIX<i> for each it accepts (decode_params, validate_params,
validate_desc, new_game: the same path `--print` and his web player take); a bad ID stops it
with `sgt-GAME: error parsing 'ID': reason` and exit 1. `--print 1x1` reads IDs the same
way, but sgt-pattern 20230122 then crashes (segmentation fault) while drawing any board,
its own included, so `--save` is used for every game. The tests that need the programs fail
when sgt-puzzles is not installed (tests/tatham.py says how to skip them knowingly).
"""

from __future__ import annotations

import json
import random
import unicodedata
from itertools import product
from pathlib import Path

import pytest
from tatham import require_sgt, tatham_reads

from puzzlelab.lab.data.dataset import DatasetSpec, generate_dataset
from puzzlelab.lab.data.records import BadRecord, check_record, flatten, read_records, unflatten
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.engine.sat import SessionCache
from puzzlelab.lab.engine.solve import solve
from puzzlelab.lab.face import registry
from puzzlelab.lab.face.cli import main
from puzzlelab.lab.face.share import (
    FILL,
    HEAVY,
    JUNCTIONS,
    LIGHT,
    NONE,
    TATHAM_PLAYER,
    box_grid,
    show_text,
    tatham_game,
)

DATA = Path(__file__).parent / "data"
EXAMPLES = Path(__file__).resolve().parents[1] / "datasets" / "examples"
PUZZLES = registry.names()
TATHAM = [n for n in PUZZLES if tatham_game(registry.puzzle(n))]
OWN_DRAWING = [n for n in PUZZLES if registry.puzzle(n).implements("show_text")]
# Our generator's sizes whose IDs Tatham's parser must read (generator defaults for the rest).
SIZES = {
    "sudoku": [{"size": 4}, {"size": 6, "box": "2x3"}, {"size": 6, "box": "3x2"}, {"size": 9}, {"size": 12}],
    "nonogram": [{"size": 5}, {"size": 8, "height": 5}, {"size": 4, "height": 10}, {"size": 2, "height": 1}],
    "lightup": [{"size": 2}, {"size": 5}, {"size": 7, "height": 4}, {"size": 10}],
    "keen": [{"size": 3}, {"size": 5}, {"size": 7}, {"size": 9}],
    "singles": [{"size": 4}, {"size": 6, "height": 5}, {"size": 9}],
    "pearl": [{"size": 5}, {"size": 6, "height": 8}, {"size": 10}],
    "minesweeper": [{}, {"height": 8, "width": 12, "mines": 20}, {"height": 5, "width": 3, "mines": 1}],
    # Tatham's IDs give every edge number: our default strips them, --all-counts keeps them
    "undead": [{"all-counts": 1}, {"size": 5, "diff": "t", "all-counts": 1}],
}
SEEDS = 2  # puzzles per size


def tatham_ids() -> dict[str, list[str]]:
    """Tatham's own IDs by puzzle: tests/data/tatham_ids.txt ('GAME ID' a line, the game named
    as the puzzle or one of its aliases) and each puzzle's tests/data/<puzzle>_tatham.txt (the
    ID last on each line, comments '#'). By puzzle, not by game: Solo is four puzzles (sudoku,
    X, jigsaw, killer), each reading its own IDs only."""
    out: dict[str, list[str]] = {}
    for line in (DATA / "tatham_ids.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            game, gid = line.split()
            out.setdefault(registry.puzzle(game).name, []).append(gid)
    for path in sorted(DATA.glob("*_tatham.txt")):
        name = registry.puzzle(path.name.removesuffix("_tatham.txt")).name
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#") and tatham_game(registry.puzzle(name)):
                out.setdefault(name, []).append(line.split()[-1])
    return out


def cli(capsys, *args: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        import io

        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        code = main([str(a) for a in args])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *args: str) -> str:
    """Run the CLI, expect exit 2 and one line on stderr; that line."""
    code, out, err = cli(capsys, *args)
    assert code == 2 and not out, (args, code, out, err)
    assert len(err.strip().splitlines()) == 1 and err.startswith("puzzlelab: "), err
    return err.strip()


# ---- box drawing --------------------------------------------------------------------------------
def test_junction_table_is_unicodes_own():
    """Every light/heavy combination of the four arms is the character Unicode names so."""
    weight = {NONE: None, LIGHT: "LIGHT", HEAVY: "HEAVY"}
    seen = set()
    for up, down, left, right in product((NONE, LIGHT, HEAVY), repeat=4):
        ch = JUNCTIONS[up * 27 + down * 9 + left * 3 + right]
        if not (up or down or left or right):
            assert ch == " "
            continue
        name = unicodedata.name(ch)
        assert name.startswith("BOX DRAWINGS ") and not {"DASH", "DOUBLE", "ARC"} & set(name.split()), name
        arms = {}
        pending: list[str] = []
        for part in name.removeprefix("BOX DRAWINGS ").split(" AND "):
            words = part.split()
            dirs = [d for w in words for d in {"HORIZONTAL": ["LEFT", "RIGHT"], "VERTICAL": ["UP", "DOWN"]}.get(w, [w])
                    if d in ("UP", "DOWN", "LEFT", "RIGHT")]
            given = [w for w in words if w in ("LIGHT", "HEAVY")]
            if given:
                arms.update(dict.fromkeys(pending + dirs, given[0]))
                pending = []
            else:
                pending += dirs
        arms.update(dict.fromkeys(pending, name.split()[2]))  # "LIGHT DOWN AND RIGHT"
        assert arms == {d: weight[w] for d, w in zip(("UP", "DOWN", "LEFT", "RIGHT"), (up, down, left, right))
                        if w}, name
        seen.add(ch)
    assert len(seen) == 80


def test_box_grid_regions_and_inner_lines():
    assert box_grid([["1", "2"], ["3", ""]], [[0, 0], [1, 0]]) == "\n".join([
        "┏━━━┯━━━┓",
        "┃ 1 │ 2 ┃",
        "┣━━━╅───┨",
        "┃ 3 ┃   ┃",
        "┗━━━┻━━━┛"])
    # no inner lines: a rule line with nothing on it is left out, region borders stay
    assert box_grid([["a", "b", "c"], ["d", "e", "f"]], [[0, 0, 1], [0, 0, 1]], inner=NONE, pad=0) == "\n".join([
        "┏━━━┳━┓",
        "┃a b┃c┃",
        "┃d e┃f┃",
        "┗━━━┻━┛"])


def test_box_grid_labels_fill_and_alignment():
    text = box_grid([[FILL, "·"], ["·", "12"]], inner=NONE, pad=0, align="right",
                    top=[["1", "1"], ["3"]], left=["1 1", "2"])
    assert text.splitlines() == [
        "      1",
        "      1  3",
        "    ┏━━━━━┓",
        "1 1 ┃██  ·┃",
        "  2 ┃ · 12┃",
        "    ┗━━━━━┛"]
    with pytest.raises(ValueError):
        box_grid([["a"], ["b", "c"]])


# ---- show ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", PUZZLES)
def test_show_prints_every_puzzle(name, tmp_path, capsys):
    ptype = registry.puzzle(name)
    board = tmp_path / "board.txt"
    board.write_text(ptype.example)
    code, out, err = cli(capsys, "show", name, board)
    assert code == 0 and not err and out.strip()
    assert out.rstrip("\n") == show_text(ptype, ptype.parse(ptype.example))
    if name in OWN_DRAWING:
        assert "┏" in out and "┛" in out, out
    else:
        assert out.rstrip("\n") == ptype.format(ptype.parse(ptype.example), ptype.formats[0])
    code, out, _ = cli(capsys, "show", name, board, "--json")
    assert code == 0 and json.loads(out)["text"] == show_text(ptype, ptype.parse(ptype.example))


def test_show_draws_sudoku_boxes_keen_cages_and_nonogram_clues():
    sudoku = registry.puzzle("sudoku")
    lines = show_text(sudoku, sudoku.parse((EXAMPLES / "sudoku_seed003.txt").read_text())).splitlines()
    assert lines[:2] == ["┏━━━━━┳━━━━━┳━━━━━┓", "┃· · 4┃3 · ·┃2 · 9┃"] and lines[4] == "┣━━━━━╋━━━━━╋━━━━━┫"
    assert len(lines) == 13
    keen = registry.puzzle("keen")
    lines = show_text(keen, keen.parse(keen.example)).splitlines()
    assert lines[1] == "┃ 2− ┃ 6× │    ┃" and lines[5] == "┃ 2÷ │    ┃    ┃"
    nonogram = registry.puzzle("nonogram")
    lines = show_text(nonogram, nonogram.parse("3x2://2/1/1,CC")).splitlines()
    assert lines == ["   0 0 2", "  ┏━━━━━┓", "1 ┃· · █┃", "1 ┃· · █┃", "  ┗━━━━━┛"]


# ---- convert ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", PUZZLES)
def test_convert_turns_every_format_into_every_other(name, tmp_path, capsys):
    ptype = registry.puzzle(name)
    inst = ptype.parse(ptype.example)
    board = tmp_path / "board.txt"
    for source in ptype.formats:
        try:
            board.write_text(ptype.format(inst, source))
        except PuzzleError:  # a form that cannot hold this board (checked below for Tatham's)
            continue
        for target in ptype.formats:
            code, out, err = cli(capsys, "convert", name, board, "--to", target)
            if code == 2:
                assert target not in (ptype.formats[0], "json") and err.count("\n") == 1, err
                continue
            assert code == 0 and not err, (source, target, err)
            assert ptype.parse(out, target) == inst, (source, target)


def test_convert_refuses_in_one_line(tmp_path, capsys):
    board = tmp_path / "board.txt"
    board.write_text(registry.puzzle("lightup").example)
    assert "unknown lightup format 'bogus' for --to (known: text, puzzlink, array, tatham, json, pzprv3)" in \
        refused(capsys, "convert", "lightup", board, "--to", "bogus")
    assert "needs --to FORMAT" in refused(capsys, "convert", "lightup", board)
    board.write_text(registry.puzzle("jugs").example)
    assert "nor puzz.link has jugs" in refused(capsys, "convert", "jugs", board, "--link")
    board.write_text(registry.puzzle("minesweeper").example)  # no mine layout: no game ID
    assert "no known mine layout" in refused(capsys, "convert", "minesweeper", board, "--to", "tatham")
    assert "no known mine layout" in refused(capsys, "convert", "minesweeper", board, "--link")
    board.write_text(registry.puzzle("pearl").example)  # 4x4: Tatham's Pearl starts at 5x5
    assert "at least 5x5" in refused(capsys, "convert", "pearl", board, "--link")


def test_convert_links_to_tathams_player(capsys):
    sudoku = registry.puzzle("sudoku")
    inst = sudoku.parse((EXAMPLES / "sudoku_seed003.txt").read_text())
    gid = sudoku.format(inst, "tatham")
    url = sudoku.format(inst, "puzzlink")
    code, out, err = cli(capsys, "convert", "solo", EXAMPLES / "sudoku_seed003.txt", "--to", "tatham", "--link")
    assert code == 0 and out.splitlines() == [gid, TATHAM_PLAYER.format(game="solo", id=gid), url]
    assert out.splitlines()[1] == f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/solo.html#{gid}"
    assert url.startswith("https://puzz.link/p?sudoku/9/9/")
    code, out, err = cli(capsys, "convert", "sudoku", EXAMPLES / "sudoku_seed003.txt", "--link", "--json")
    data = json.loads(out)
    assert code == 0 and data["tatham_id"] == gid and data["from"] == "line" and "to" not in data
    assert data["puzzlink"] == url
    lightup = registry.puzzle("lightup")
    board = lightup.parse((EXAMPLES / "lightup_8x8.txt").read_text())
    code, out, _ = cli(capsys, "convert", "lightup", EXAMPLES / "lightup_8x8.txt", "--link")
    assert out.splitlines() == ["https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/lightup.html#"
                                + lightup.format(board, "tatham"), lightup.format(board, "puzzlink")]


def test_convert_writes_the_puzzlink_address(capsys, tmp_path):
    """`--to puzzlink` writes a board as its puzz.link address (Range is puzz.link's
    kurodoko), and the address reads back as the same board."""
    board = tmp_path / "range.txt"
    board.write_text(registry.puzzle("range").example)
    code, out, _ = cli(capsys, "convert", "range", board, "--to", "puzzlink")
    url = out.strip()
    assert code == 0 and url.startswith("https://puzz.link/p?kurodoko/")
    assert registry.puzzle("range").parse(url) == registry.puzzle("range").parse(board.read_text())


def test_convert_reads_standard_input_and_a_named_format(capsys, monkeypatch):
    code, out, _ = cli(capsys, "convert", "keen", "-", "--to", "text", stdin="3:_aba_3a,s2m6a6d2\n",
                       monkeypatch=monkeypatch)
    assert code == 0 and out.startswith("A B B")
    code, out, _ = cli(capsys, "convert", "pattern", "-", "--format", "tatham", "--to", "json",
                       stdin="4x4:1.1/4/2/2/3/2/2.1/1.1", monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["rows"] == [[3], [2], [2, 1], [1, 1]]


# ---- --out-format -------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["solve", "check", "count", "clues", "grade", "render"])
def test_unknown_out_format_is_refused_before_any_work(command, tmp_path, capsys):
    extra = ("--out", str(tmp_path / "x.png")) if command == "render" else ()
    err = refused(capsys, command, "sudoku", EXAMPLES / "sudoku_seed003.txt", "--out-format", "bogus", *extra)
    assert ("unknown --out-format 'bogus' for sudoku solutions (known: line, puzzlink, grid, array, tatham, json, "
            "pzprv3)") in err
    assert list(tmp_path.iterdir()) == []


def test_out_format_follows_what_a_solution_can_be_written_in(capsys, monkeypatch):
    err = refused(capsys, "solve", "lightup", EXAMPLES / "lightup_8x8.txt", "--out-format", "tatham")
    assert "(known: text, array, json, pzprv3)" in err and "convert lightup FILE --to tatham" in err
    code, out, _ = cli(capsys, "solve", "pearl", "-", "--out-format", "edges", stdin="5x5:BcBlBbBd",
                       monkeypatch=monkeypatch)
    assert code == 0 and out.splitlines()[0] == "r1c1-r1c2"
    for name in PUZZLES:  # what a puzzle accepts it prints
        ptype = registry.puzzle(name)
        for fmt in getattr(type(ptype), "solution_formats", None) or ():
            assert fmt in ptype.formats or fmt == "edges", (name, fmt)


@pytest.mark.parametrize("name", ["lightup", "keen", "singles"])
def test_puzzles_whose_id_holds_no_solution_say_so(name):
    ptype = registry.puzzle(name)
    inst = ptype.parse(ptype.example)
    with pytest.raises(PuzzleError, match=f"convert {name} FILE --to tatham"):
        ptype.format_solution(inst, solve(ptype, inst), "tatham")


def test_solved_boards_as_game_ids_are_read_by_tatham(tmp_path):
    """Sudoku's and Pattern's solved boards are game IDs too: every cell given."""
    sudoku, nonogram = registry.puzzle("sudoku"), registry.puzzle("nonogram")
    inst = sudoku.parse((EXAMPLES / "sudoku_seed003.txt").read_text())
    filled = sudoku.format_solution(inst, solve(sudoku, inst), "tatham")
    assert sudoku.parse(filled).clues == dict(sudoku.full(inst, solve(sudoku, inst)).clues)
    inst = nonogram.parse(nonogram.example)
    painted = nonogram.format_solution(inst, solve(nonogram, inst), "tatham")
    assert painted == "4x4:1.1/4/2/2/3/2/2.1/1.1,AAAaaAAaAAaAaAaA"
    assert len([k for k in nonogram.parse(painted).clues if k[0] == "cell"]) == 16
    assert tatham_reads("solo", [filled], tmp_path) == ""
    assert tatham_reads("pattern", [painted], tmp_path) == ""


# ---- Tatham's game IDs --------------------------------------------------------------------------
def test_every_puzzle_with_a_game_id_names_its_game():
    """A puzzle writes game IDs exactly when it names its game in Tatham's collection, and
    that game is one of his programs."""
    for name in PUZZLES:
        ptype = registry.puzzle(name)
        assert (ptype.tatham_game is not None) == ("tatham" in ptype.formats), name
        if ptype.tatham_game:
            require_sgt(ptype.tatham_game)


@pytest.mark.parametrize("name", TATHAM)
def test_our_generated_ids_are_read_by_tathams_parser(name, tmp_path):
    ptype, gen = registry.puzzle(name), registry.generator(name) if registry.has_generator(name) else None
    if gen is None:
        ids = [ptype.format(ptype.parse(ptype.example), "tatham")]  # Inertia: no generator, the example
    else:
        ids = []
        defaults = {o.name: o.default for o in gen.options}
        for opts in SIZES.get(name, [{}]):
            params = gen.checked_params(**{**defaults, **opts})
            for seed in range(SEEDS):
                made = generate_one(ptype, gen, params, random.Random(seed), SessionCache())
                gid = ptype.format(made.instance, "tatham")
                assert ptype.parse(gid) == made.instance, gid
                ids.append(gid)
    assert tatham_reads(tatham_game(ptype) or "", ids, tmp_path) == "", ids


@pytest.mark.parametrize("name", TATHAM)
def test_tathams_ids_read_and_write_back(name, tmp_path):
    ptype = registry.puzzle(name)
    game = tatham_game(ptype) or ""
    theirs = tatham_ids().get(name)
    assert theirs, f"no {game} IDs from Tatham's generator in tests/data (tatham_ids.txt or {name}_tatham.txt)"
    ours = []
    for gid in theirs:
        inst = ptype.parse(gid)
        back = ptype.format(inst, "tatham")
        assert ptype.parse(back) == inst, gid
        if back != gid:  # equivalent, not the same letters: Mines adds the mine count (n10)
            assert name == "minesweeper" and back.replace(f"n{inst.params.mines}:", ":", 1) == gid, (gid, back)
            ours.append(back)
    if ours:
        assert tatham_reads(game, ours, tmp_path) == ""


@pytest.mark.parametrize("game, ours, refusal, installed_refuses", [
    ("pearl", "4x4:eWaWeBb", "at least 5x5", True),
    ("lightup", "1x3:a1a", "at least 2x2", True),
    ("pattern", "1x1:1/1", "at least two cells", False),  # validate_params of 2023 on; 20230122 reads it
    ("inertia", "3x1:Sgs", "at least 2x2", True),
    ("inertia", "3x2:Swsbbw", "at least one gem", True),
    ("mines", "4x4n8:3,3,uff00", "1 to 7 mines", True),
    ("mines", "3x3n1:2,2,u800", "10 cells or more", True),
])
def test_boards_tathams_games_refuse_have_no_id(game, ours, refusal, installed_refuses, tmp_path):
    """Each board here is one Tatham's parser refuses (his source's validate_params and
    validate_desc; the installed program is asked too), and our `format` refuses it instead
    of writing an ID that his player would not open."""
    ptype = next(registry.puzzle(n) for n in TATHAM if tatham_game(registry.puzzle(n)) == game)
    inst = ptype.parse(ours)
    with pytest.raises(PuzzleError, match=refusal):
        ptype.format(inst, "tatham")
    if installed_refuses:
        assert "error parsing" in tatham_reads(game, [ours], tmp_path)


def test_link_keeps_the_id_as_it_is():
    lightup = registry.puzzle("lightup")
    from puzzlelab.lab.face.share import tatham_link

    inst = lightup.parse((EXAMPLES / "lightup_8x8.txt").read_text())
    assert tatham_link(lightup, inst).endswith("#" + lightup.format(inst, "tatham"))
    with pytest.raises(PuzzleError, match="no jugs"):
        tatham_link(registry.puzzle("jugs"), registry.puzzle("jugs").parse(registry.puzzle("jugs").example))


# ---- datasets -----------------------------------------------------------------------------------
def test_dataset_records_carry_the_tatham_id(tmp_path):
    lightup = registry.puzzle("lightup")
    paths = {}
    for fmt in ("jsonl", "csv", "parquet"):
        paths[fmt] = tmp_path / f"d.{fmt}"
        generate_dataset(DatasetSpec(puzzle="lightup", options={"size": 6, "width": None, "height": None,
                                                                "density": 0.2, "symmetry": "rot2"},
                                     count=3, seed=4), paths[fmt], fmt=fmt)
    records = list(read_records(paths["jsonl"]))
    for record in records:
        assert lightup.parse(record["tatham_id"]) == lightup.parse(record["clues"], record["format"])
        assert unflatten(flatten(record)) == record
    for fmt in ("csv", "parquet"):
        assert [r["tatham_id"] for r in read_records(paths[fmt])] == [r["tatham_id"] for r in records], fmt
    assert tatham_reads("lightup", [r["tatham_id"] for r in records], tmp_path) == ""


def test_records_of_puzzles_without_an_id_have_no_field(tmp_path):
    out = tmp_path / "d.jsonl"
    generate_dataset(DatasetSpec(puzzle="chessranger", options={o.name: o.default for o in
                                                                 registry.generator("chessranger").options},
                                 count=1, seed=1), out)
    record = next(iter(read_records(out)))
    assert "tatham_id" not in record and unflatten(flatten(record)) == record
    with pytest.raises(BadRecord, match="tatham_id"):
        check_record({**record, "tatham_id": 7})
