"""The checks every puzzle's tests make the same way, over what each puzzle declares in
tests/cases/<puzzle>.py (see tests/cases/__init__.py): its aliases, Tatham's game IDs (his
boards unique and written back letter by letter, ours read by his parser, bad ones refused),
bad input named by line, oversized input refused before any rules, a byte-order mark
ignored, `verify` naming each broken rule, and (slow) many generated puzzles re-checked."""

from __future__ import annotations

import csv
import re

import pytest
from declarations import (
    GenerateRun,
    Seed,
    TathamIds,
    VerifyCase,
    clue_puzzle,
    declared,
    modules,
    our_ids,
    rows,
    tatham_id_lines,
)
from tatham import tatham_reads

from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.crosscheck import assert_unique_with, generated_rechecked
from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.engine.sat import SessionCache, check_instance
from puzzlelab.lab.face import cli
from puzzlelab.lab.face.registry import generator, puzzle


def slug(text: str) -> str:
    """A readable test id from a message: its words, joined by '-'."""
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))[:50] or "empty"


def cases(attribute: str, name_of=lambda i, case: str(i)) -> list:
    """One pytest.param a declared case, with the id `puzzle-name_of(i, case)`."""
    return [pytest.param(name, case, id=f"{name}-{name_of(i, case)}")
            for name, table in declared(attribute) for i, case in enumerate(table, 1)]


def test_every_declaration_module_names_a_puzzle():
    for name in modules():
        assert puzzle(name).name == name


# ---- names ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name, aliases", declared("ALIASES"))
def test_aliases(name, aliases):
    for alias in aliases:
        assert puzzle(alias) is puzzle(name), alias


# ---- Tatham's game IDs ------------------------------------------------------------------------
@pytest.mark.parametrize("name, ids", declared("TATHAM_IDS"))
def test_tatham_ids_are_unique_and_written_back_the_same(name, ids: TathamIds):
    """His generator's boards: each reads (also with the parameters as asked), is unique for
    the SAT engine with a solution `verify` accepts, and writes back to the same ID (his
    encoder and ours agree letter by letter)."""
    ptype, lines = clue_puzzle(name), tatham_id_lines(ids.file)
    assert len(lines) == ids.count
    sessions = SessionCache()
    for *asked, game in lines:
        inst = ptype.parse(game)
        if asked and ids.as_asked:
            assert ptype.parse(f"{asked[0]}:{game.split(':', 1)[1]}", ids.as_asked_format) == inst, game
        result = check_instance(ptype, inst, sessions=sessions)
        assert result.status == "unique", game
        assert ptype.verify(inst, result.solutions[0]) == []
        assert ptype.format(inst, "tatham") == game


@pytest.mark.parametrize("name, ids", declared("TATHAM_IDS"))
def test_tatham_ids_agree_with_cpsat(name, ids: TathamIds):
    ptype = clue_puzzle(name)
    for *_, game in tatham_id_lines(ids.file)[::ids.cpsat_every][:ids.cpsat_at_most]:
        inst = ptype.parse(game)
        cp = cpsat_count(ptype, inst, limit=2)
        assert cp.complete and cp.n == 1 and ptype.verify(inst, cp.solutions[0]) == []
        assert cp.solutions[0] == check_instance(ptype, inst).solutions[0]


@pytest.mark.parametrize("name", [name for name, _ in declared("OUR_IDS")])
def test_our_ids_are_read_by_tathams_parser(name, tmp_path):
    assert tatham_reads(puzzle(name).tatham_game or name, list(our_ids(name)), tmp_path) == ""  # Loopy: not its name


def table_cases(*keys: str) -> list:
    """One pytest.param a row of the puzzles' TOML tables `keys`, with the id `puzzle-words`."""
    return [pytest.param(name, row, id=f"{name}-{slug(row[-1])}-{row[0][:12]}") for key in keys
            for name, row in rows(key)]


@pytest.mark.parametrize("name, row", table_cases("tatham_refuses", "refused_by_both"))
def test_tathams_parser_refuses_what_it_should(name, row, tmp_path):
    """So that his reading our IDs means something."""
    game, said = row[0], row[-1]
    assert said in tatham_reads(puzzle(name).tatham_game or name, [game], tmp_path), game


@pytest.mark.parametrize("name, row", table_cases("bad_tatham_ids", "refused_by_both"))
def test_bad_tatham_ids(name, row):
    game, message = row[:2]
    with pytest.raises(PuzzleError, match=message or None):  # "": any message
        puzzle(name).parse(game)


# ---- bad and oversized input --------------------------------------------------------------
@pytest.mark.parametrize("name, bad", cases("BAD_INPUTS", lambda i, case: "-".join([str(i), *map(slug, case[2:])])))
def test_bad_input_names_the_place(name, bad):
    """The line where the input goes wrong (None: no line is named), and the message's
    words where declared, in one line."""
    text, line, *message = bad
    with pytest.raises(PuzzleError) as err:
        puzzle(name).parse(text)
    if line is not None:
        assert err.value.line == line, str(err.value)
    assert str(err.value) and "\n" not in str(err.value)
    for words in message:
        assert words in str(err.value), str(err.value)


@pytest.mark.parametrize("name, oversized", declared("OVERSIZED"))
def test_oversized_input_is_refused_before_any_rules(name, oversized, monkeypatch):
    ptype = puzzle(name)

    def never(*args, **kwargs):
        raise AssertionError("rules were built for an input over the size limit")

    for hook in ("rules", "one_shot_rules", "cpsat"):
        monkeypatch.setattr(ptype, hook, never)
    for group in oversized if isinstance(oversized, tuple) else (oversized,):
        for text in group.texts:
            with pytest.raises(PuzzleError, match=group.message):
                ptype.parse(text)


def bom_cases() -> list:
    """Every format the puzzle reads, or the ones it declares in BOM_FORMATS."""
    return [pytest.param(name, board, fmt, id=f"{name}-{fmt}") for name, board in declared("BOM_BOARD")
            for fmt in getattr(modules()[name], "BOM_FORMATS", puzzle(name).formats)]


@pytest.mark.parametrize("name, board, fmt", bom_cases())
def test_a_byte_order_mark_is_ignored(name, board, fmt):
    ptype = puzzle(name)
    inst = ptype.parse(board)
    assert ptype.parse("\ufeff" + ptype.format(inst, fmt)) == inst


# ---- the seed's example --------------------------------------------------------------------------
@pytest.mark.parametrize("name, seed", declared("SEED"))
def test_seed_example_is_unique_with_the_stated_solution(name, seed: Seed):
    """SAT and CP-SAT find the seed's solution and no other."""
    ptype = clue_puzzle(name)
    assert_unique_with(ptype, ptype.parse(seed.board), seed.read(seed.solution))


@pytest.mark.parametrize("name, seed", [(name, seed) for name, seed in declared("SEED") if seed.array_row])
def test_seed_solution_is_written_as_the_seed_prints_it(name, seed: Seed):
    ptype = puzzle(name)
    inst, solution = ptype.parse(seed.board), seed.read(seed.solution)
    written = ptype.format_solution(inst, solution, "array")
    assert seed.read(written) == solution
    assert written.splitlines()[1] == seed.array_row
    assert ptype.format_solution(inst, solution).splitlines()[0] == seed.text_row


# ---- verify, rule by rule ---------------------------------------------------------------------
@pytest.mark.parametrize("name, case", cases("VERIFY_CASES", lambda i, case: case.rule or slug(case.problem)))
def test_verify_names_each_broken_rule(name, case: VerifyCase):
    ptype = puzzle(name)
    found = ptype.verify(ptype.parse(case.board), case.solution)
    if case.match == "is":
        assert case.problem in found, found
    elif case.match == "starts":
        assert any(p.startswith(case.problem) for p in found), found
    else:
        assert any(case.problem in p for p in found), found


# ---- generation -------------------------------------------------------------------------------
@pytest.mark.parametrize("name, bad", cases("BAD_GENERATOR_OPTIONS", lambda i, case: slug(case[1])))
def test_bad_generator_options_are_refused(name, bad):
    options, message = bad
    with pytest.raises(PuzzleError, match=message):
        generator(name).checked_params(**options)


@pytest.mark.parametrize("name, bad", cases("BAD_GENERATOR_PARAMS", lambda i, case: slug(case[1])))
def test_bad_generator_params_are_refused(name, bad):
    options, message = bad
    with pytest.raises(PuzzleError, match=message):
        generator(name).params(**options)


@pytest.mark.parametrize("name, run", cases("GENERATE_RUNS", lambda i, run: run.out))
def test_generate_from_the_command_line(name, run: GenerateRun, tmp_path):
    out = tmp_path / run.out
    assert cli.main(["generate", run.called or name, *run.args, "--quiet", "--out", str(out)]) == 0
    if out.suffix == ".csv":
        with out.open(newline="") as file:
            header, *rows = list(csv.reader(file))
        assert ",".join(header).startswith(run.header_starts) and set(run.header_has) <= set(header), header
        records = [",".join(row) for row in rows]
    else:
        records = out.read_text().splitlines()
    assert len(records) == run.count
    for record in records:
        assert all(words in record for words in run.has) and not any(words in record for words in run.lacks), record


@pytest.mark.slow
@pytest.mark.parametrize("name, batches", declared("MANY_GENERATED"))
def test_many_generated_puzzles_are_unique_by_cpsat(name, batches):
    gen = generator(name)
    for options, count, seed in batches:
        generated_rechecked(clue_puzzle(name), gen, gen.checked_params(**options), count, seed)
