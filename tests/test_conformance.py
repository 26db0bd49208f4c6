"""One conformance suite for every registered puzzle: a puzzle gets every check here by being
registered (docs/adding-a-puzzle.md). Each test is parametrized over the registry.

- the contract is filled in: names, size limit, example, a reader for every format;
- the example reads back from every format it is written in;
- clue puzzles: on the tiny example and on clue subsets of it, brute force over
  `candidates` = the SAT engine = CP-SAT;
- generated puzzles are re-checked by the second engine, and minimal where promised;
- the cells a puzzle names for the grade's forcing chains hold one true value each;
- a corpus of bad input ends with exit 2 and one line, no traceback, nothing written;
- every command a puzzle does not support is refused the same way.
"""

from __future__ import annotations

import contextlib
import io
import random
from dataclasses import is_dataclass
from pathlib import Path

import pytest

from lab import cli, registry
from lab.cpsat import cpsat_count
from lab.crosscheck import brute_force_count, engine_counts
from lab.generator import generate_one
from lab.puzzle import MAX_INPUT_CHARS, CluePuzzle, MovePuzzle, PuzzleError, PuzzleType
from lab.sat import SatSession, SessionCache

PUZZLES = registry.names()
CLUE_PUZZLES = [n for n in PUZZLES if isinstance(registry.puzzle(n), CluePuzzle)]
GENERATED = [n for n in PUZZLES if registry.has_generator(n)]
ALL_COMMANDS = ("solve", "check", "clues", "count", "grade", "explain", "render")
SUBSETS = 12  # clue subsets of each example checked by brute force
COUNT_LIMIT = 1000


def run(tmp_path: Path, *argv: str) -> tuple[int, str, str]:
    """`puzzlelab ARGV` in this process, from `tmp_path`: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), contextlib.chdir(tmp_path):
        try:
            code = cli.main(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def assert_refused(tmp_path: Path, argv: tuple[str, ...], before: set[Path]) -> str:
    code, out, err = run(tmp_path, *argv)
    assert code == 2, (argv, code, out[:200], err[:200])
    assert "Traceback" not in err and err.count("\n") == 1 and err.startswith("puzzlelab: "), (argv, err[:400])
    assert set(tmp_path.iterdir()) == before, (argv, "wrote a file")
    return err


# ---- the contract -------------------------------------------------------------------------
@pytest.mark.parametrize("name", PUZZLES)
def test_contract_is_filled_in(name):
    ptype = registry.puzzle(name)
    assert isinstance(ptype, (CluePuzzle, MovePuzzle)), "subclass CluePuzzle or MovePuzzle"
    assert ptype.name == name and ptype.title and ptype.rules_text and ptype.size_limit_text and ptype.example
    assert ptype.formats and len(set(ptype.formats)) == len(ptype.formats)
    own_read = type(ptype).read is not PuzzleType.read
    for fmt in ptype.formats:
        assert own_read or callable(getattr(ptype, f"_parse_{fmt}", None)), f"no reader for format {fmt}"
    others = {a for n in PUZZLES if n != name for a in (n, *registry.puzzle(n).aliases)}
    assert not others & {name, *ptype.aliases}, "a name or alias is taken"
    inst = ptype.parse(ptype.example)
    assert is_dataclass(inst.params) and type(inst.params).__dataclass_params__.frozen, "params: a frozen dataclass"
    hash(inst.params)  # params are shared by many puzzles and cached by the engine
    assert ptype.commands()[0] == "solve" and "render" in ptype.commands()
    assert set(ptype.commands()) <= set(ALL_COMMANDS)


@pytest.mark.parametrize("name", GENERATED)
def test_generator_options_are_described_and_in_range(name):
    gen = registry.generator(name)
    for option in gen.options:
        assert option.help, f"--{option.name} has no help"
        option.check(option.default)
    gen.checked_params(**{o.name: o.default for o in gen.options})
    # an option named like a general one (--difficulty, --seed) breaks `generate` itself
    parser = cli.build_parser(name)
    parsed = parser.parse_args(["generate", name, "--out", "x.jsonl"])
    assert parsed.puzzle == name


# ---- formats ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", PUZZLES)
def test_example_round_trips_every_format(name):
    ptype = registry.puzzle(name)
    inst = ptype.parse(ptype.example)
    assert ptype.format(inst, ptype.formats[0]).strip() == ptype.example.strip(), \
        "the example is written in the puzzle's first format"
    for fmt in ptype.formats:
        try:
            text = ptype.format(inst, fmt)
        except PuzzleError as exc:  # a form that cannot hold this board (a game ID needs the mines)
            assert fmt not in (ptype.formats[0], "json"), f"{fmt} must hold every board: {exc}"
            continue
        assert ptype.parse(text, fmt) == inst, fmt
        assert ptype.parse(text) == inst, f"{fmt} is not recognised without being named"


# ---- brute force = SAT = CP-SAT -----------------------------------------------------------
@pytest.mark.parametrize("name", CLUE_PUZZLES)
def test_tiny_boards_brute_force_equals_both_engines(name):
    ptype = registry.puzzle(name)
    inst = ptype.parse(ptype.example)
    candidates = list(ptype.candidates(inst.params))
    assert brute_force_count(ptype, inst, candidates) == 1, "the example has exactly one solution"
    assert engine_counts(ptype, inst) == (1, 1)
    rng = random.Random(15)
    keys = list(inst.clues)
    seen = {0: 0, 1: 0, 2: 0}
    for _ in range(SUBSETS):
        kept = rng.sample(keys, rng.randint(0, len(keys)))
        sub = inst.without(k for k in keys if k not in kept)
        brute = brute_force_count(ptype, sub, candidates)
        counted = min(brute, COUNT_LIMIT)  # the engines stop counting at the limit
        assert engine_counts(ptype, sub, COUNT_LIMIT) == (counted, counted), ptype.format(sub, ptype.formats[0])
        seen[min(brute, 2)] += 1
    assert seen[2], "no subset was ambiguous: the check saw one kind of answer only"


# ---- generation ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", GENERATED)
def test_generated_puzzles_are_rechecked_and_minimal(name):
    ptype, gen = registry.puzzle(name), registry.generator(name)
    params = gen.checked_params(**{o.name: o.default for o in gen.options})
    made = generate_one(ptype, gen, params, random.Random(2), SessionCache())
    assert made.unique and ptype.verify(made.instance, made.solution) == []
    back = ptype.parse(ptype.format(made.instance, ptype.formats[0]))
    assert back == made.instance, "a generated puzzle reads back from its text"
    if not isinstance(ptype, CluePuzzle):
        return
    cp = cpsat_count(ptype, made.instance, limit=2)
    assert cp.complete and cp.n == 1 and cp.solutions[0] == made.solution, "CP-SAT disagrees"
    if made.minimal:
        session = SatSession(ptype, made.instance.params)
        try:
            for key in made.instance.clues:
                fewer = made.instance.without([key])
                other = session.other_than(session.assumptions(fewer.clues), made.solution)
                assert other.sat is True, f"clue {ptype.describe_clue(key, made.instance.clues[key])} is not needed"
        finally:
            session.close()


@pytest.mark.parametrize("name", [n for n in GENERATED if n in CLUE_PUZZLES])
def test_named_cells_hold_one_true_value_each(name):
    """`Rules.cells` (what the grade's forcing chains run through, `lab.chains`): disjoint
    groups of primary variables, exactly one true in each in a solution."""
    ptype, gen = registry.puzzle(name), registry.generator(name)
    params = gen.checked_params(**{o.name: o.default for o in gen.options})
    made = generate_one(ptype, gen, params, random.Random(2), SessionCache())
    session = SatSession(ptype, made.instance.params)
    try:
        cells, primary = session.rules.cells, set(session.rules.primary)
        true = {lit for lit in session.solution_literals(made.solution) if lit > 0}
    finally:
        session.close()
    members = [v for cell in cells for v in cell]
    assert len(members) == len(set(members)) and set(members) <= primary
    assert all(len(cell) >= 2 and len(true.intersection(cell)) == 1 for cell in cells)


# ---- bad input and unsupported commands ---------------------------------------------------
def bad_inputs(ptype: PuzzleType) -> dict[str, bytes]:
    """Input no puzzle may accept, and damaged forms of this puzzle's own example."""
    lines = ptype.example.splitlines()
    return {
        "empty": b"",
        "blank lines": b"\n \n\t\n",
        "binary": bytes(range(256)) * 4,
        "10 MB": (ptype.example + "\n").encode() * (MAX_INPUT_CHARS // len(ptype.example) + 1),
        "a bell character": f"{lines[0][:1]}\a{lines[0][1:]}\n{chr(10).join(lines[1:])}".encode(),
        "broken JSON": b'{"puzzle": ',
        "broken array": b"board = [['",
        "a huge size": b"99999999x99999999:a",
        "size 0": b"0x0:",
        "a 10,000-digit number": b"9" * 10_000,
    }


@pytest.mark.parametrize("name", PUZZLES)
def test_bad_input_is_one_line_exit_2_nothing_written(name, tmp_path):
    ptype = registry.puzzle(name)
    for what, data in bad_inputs(ptype).items():
        board = tmp_path / "board.txt"
        board.write_bytes(data)
        before = set(tmp_path.iterdir())
        for command in ("solve", "render"):
            extra = ("--out", "board.png") if command == "render" else ()
            err = assert_refused(tmp_path, (command, name, "board.txt", *extra), before)
            assert len(err) < 500, (what, err)
        board.unlink()


@pytest.mark.parametrize("name", PUZZLES)
def test_unsupported_commands_are_refused_in_one_line(name, tmp_path):
    ptype = registry.puzzle(name)
    (tmp_path / "board.txt").write_text(ptype.example)
    before = set(tmp_path.iterdir())
    for command in ALL_COMMANDS:
        if command not in ptype.commands():
            err = assert_refused(tmp_path, (command, name, "board.txt"), before)
            assert f"{command} is not available for {name} (it supports: " in err
    if not registry.has_generator(name):
        err = assert_refused(tmp_path, ("generate", name, "--count", "1", "--out", "x.jsonl"), before)
        assert "no generator" in err


@pytest.mark.parametrize("name", PUZZLES)
def test_the_example_is_answered(name, tmp_path):
    ptype = registry.puzzle(name)
    (tmp_path / "board.txt").write_text(ptype.example)
    code, out, err = run(tmp_path, "solve", name, "board.txt", "--timeout", "20")
    assert code == 0 and out.strip() and not err, (code, err)
    if isinstance(ptype, CluePuzzle):
        code, out, err = run(tmp_path, "check", name, "board.txt")
        assert (code, out.splitlines()[0]) == (0, "unique"), (out, err)
