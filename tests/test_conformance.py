"""One conformance suite for every registered puzzle: a puzzle gets every check here by being
registered (docs/adding-a-puzzle.md). Each test is parametrized over the registry.

- the contract is filled in: names, size limit, example, a reader for every format;
- the example reads back from every format it is written in;
- clue puzzles: on the tiny example and on clue subsets of it, brute force over
  `candidates` = the SAT engine = CP-SAT;
- generated puzzles are re-checked by the second engine, and minimal where promised;
- the cells a puzzle names for the grade's forcing chains hold one true value each;
- an open board (no clue) is solved and ambiguous within a conflict budget;
- a corpus of bad input ends with exit 2 and one line, no traceback, nothing written;
- an oversized board in every form is refused as soon as its size is known, and a JSON
  field of the wrong type or an unknown one is refused, naming it;
- every command a puzzle does not support is refused the same way.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import tracemalloc
from dataclasses import is_dataclass
from pathlib import Path
from typing import Any

import pytest

from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.crosscheck import brute_force_count, engine_counts
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import MAX_INPUT_CHARS, CluePuzzle, Instance, MovePuzzle, PuzzleError, PuzzleType
from puzzlelab.lab.engine.sat import Budget, SatSession, SessionCache
from puzzlelab.lab.engine.solve import check, sessions, solve
from puzzlelab.lab.face import cli, registry

PUZZLES = registry.names()
CLUE_PUZZLES = [n for n in PUZZLES if isinstance(registry.puzzle(n), CluePuzzle)]
GENERATED = [n for n in PUZZLES if registry.has_generator(n)]
ALL_COMMANDS = ("solve", "check", "clues", "count", "grade", "explain", "render")
SUBSETS = 12  # clue subsets of each example checked by brute force in the slow run
QUICK_SUBSETS = 4  # ... and in the default run (each puzzle's own file adds random tiny boards)
# Brute force's work bound in the default run: an example with more candidates than this is
# checked on its first few subsets (Slitherlink's 4x4 has 23,858 loops, 1.3 s a subset; Mosaic's
# and Nonogram's 65,536 shadings); the slow run checks all twelve.
CANDIDATE_CHECKS = 60_000
COUNT_LIMIT = 1000
# A question on a tiny example bounded by work, and a --timeout no machine could reach (the
# default 60 s could turn a busy machine's answer into "unknown")
NO_CLOCK = ("--conflicts", "1000000", "--timeout", "86400")


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
        reader = ptype.codecs or callable(getattr(ptype, f"_parse_{fmt}", None))
        assert own_read or reader, f"no reader for format {fmt}"
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
    brute_force_on_subsets(name, CANDIDATE_CHECKS)


@pytest.mark.slow
@pytest.mark.parametrize("name", CLUE_PUZZLES)
def test_every_subset_brute_force_equals_both_engines(name):
    brute_force_on_subsets(name, None)


def brute_force_on_subsets(name: str, checks: int | None) -> None:
    """The example and random subsets of its clues counted by brute force and both engines:
    SUBSETS of them (None: the slow run), else QUICK_SUBSETS or fewer (at least three) where
    `checks` bounds the candidates tried."""
    ptype = registry.puzzle(name)
    inst = ptype.parse(ptype.example)
    candidates = list(ptype.candidates(inst.params))
    subsets = SUBSETS if checks is None else max(3, min(QUICK_SUBSETS, checks // max(1, len(candidates))))
    assert brute_force_count(ptype, inst, candidates) == 1, "the example has exactly one solution"
    assert engine_counts(ptype, inst) == (1, 1)
    rng = random.Random(15)
    keys = list(inst.clues)
    seen = {0: 0, 1: 0, 2: 0}
    for _ in range(subsets):
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
    """`Rules.cells` (what the grade's forcing chains run through, `puzzlelab.lab.engine.chains`): disjoint
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


# ---- open boards: a setter's first draft is nearly empty ----------------------------------
# The open board is the generator's structure with no clue at all: for Bridges, Magnets, Map,
# Signpost, Tents, Tiling, Tracks and Undead the drawn islands, dominoes, regions, arrows,
# trees, stones, ends and mirrors without a count, colour or number; for Keen the plain Latin
# square (its cages are its clues); for Nonograms every line's runs unknown; for Dominosa
# every number unknown (its numbers are its clues); for the others the bare board. Light Up
# draws no walls (`OPEN_OPTIONS`): the wide-open board of the issue, whose check ran out of a
# 60 s budget from 12x12. Work is bounded by conflicts, never by the clock: a slow encoding
# answers "unknown" and fails here. The largest sizes below fit it with room to spare (1,100
# conflicts at most, Unruly 40x40); the old Light Up needed 16,600 at 10x10.
# Magic squares from 6x6 answer on CP-SAT (`one_shot_cpsat`), the budget bounding its own
# conflicts: an empty 8x8 takes 609 (SAT ran out of 300,000).
OPEN_OPTIONS = {"lightup": {"density": 0.0}}
OPEN_BUDGET = Budget(conflicts=10_000)
BOARD_OPTIONS = ("size", "width", "height", "n")  # set to their largest for the largest board
# Largest boards over a second of CPU to answer: run with -m slow.
OPEN_SLOW = {"dominosa": "numbers 0..15, all unknown: 400 rounds of lazy cuts, 0.7 s a question"}
# Largest boards no encoding tried answers within the budget (measured).
OPEN_BLOCKED = {
    "tiling": "16x16, 50-60 stones: 1.6 s to build the placements, and the packing runs out of 100,000 "
              "conflicts (CP-SAT out of 40 s)",
}


def open_board(name: str, largest: bool) -> tuple[CluePuzzle, Instance]:
    """The puzzle's open board at the generator's default size or at its largest."""
    ptype, gen = registry.puzzle(name), registry.generator(name)
    assert isinstance(ptype, CluePuzzle)
    options = {o.name: o.default for o in gen.options}
    if largest:
        options.update({o.name: o.high for o in gen.options if o.name in BOARD_OPTIONS and o.high is not None})
    params = gen.checked_params(**{**options, **OPEN_OPTIONS.get(name, {})})
    if not isinstance(params, type(ptype.parse(ptype.example).params)):  # a spec: the structure is drawn
        params, _ = gen.draw(params, random.Random(4), SessionCache())
    return ptype, Instance(name, params, {})


def open_cases() -> list:
    cases = []
    for name in GENERATED:
        if name in CLUE_PUZZLES:
            cases.append(pytest.param(name, False, id=f"{name}-default"))
            marks = ([pytest.mark.skip(reason=OPEN_BLOCKED[name])] if name in OPEN_BLOCKED
                     else [pytest.mark.slow] if name in OPEN_SLOW else [])
            cases.append(pytest.param(name, True, id=f"{name}-largest", marks=marks))
    return cases


@pytest.mark.parametrize(("name", "largest"), open_cases())
def test_an_open_board_is_solved_and_ambiguous(name, largest):
    ptype, inst = open_board(name, largest)
    sessions().clear()  # each question as the CLI asks it: on a fresh one-shot session
    solution = solve(ptype, inst, OPEN_BUDGET)
    assert solution is not None and ptype.verify(inst, solution) == []
    sessions().clear()
    report = check(ptype, inst, budget=OPEN_BUDGET)
    assert report.status == "ambiguous", report.status
    first, second = report.solutions[:2]
    assert first != second and ptype.verify(inst, first) == [] and ptype.verify(inst, second) == []


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


# ---- oversized boards are refused as soon as their size is known --------------------------
SIZE_FIELDS = ("width", "height", "size", "n")  # a JSON's stated size, where it has one
PLAIN_BYTES = 500_000  # about how large an oversized plain form is made (the input limit is 1 MiB)


def is_grid_line(line: str) -> bool:
    """A line of cells: not a header (`mines: 1`, `given 0=R`, `grid`, `letters 1..9`), nor
    punctuation alone (`])`, a line of quotes)."""
    words = line.split()
    return (bool(words) and not any(mark in line for mark in ":=") and bool(re.search(r"[\w.#?*]", line))
            and not (words[0].isalpha() and len(words[0]) > 1))


def blown_up(text: str, fmt: str) -> str:
    """`text` with its board repeated across and down until it is far over every puzzle's
    limit, and still well under the input limit: each line of cells (each row of an array)
    repeated across and then k times down; other lines kept. Nothing but the size need be
    right: a reader must refuse the size before it reads a cell."""
    lines = text.splitlines()
    k = max(2, int((PLAIN_BYTES / max(1, len(text))) ** 0.5))
    out = []
    for line in lines:
        row = re.fullmatch(r"(\s*[\[(])(.*?)([\])],?)", line) if fmt not in ("text", "grid", "line") else None
        if row and row.group(2).strip() and "=" not in line:
            out += [row.group(1) + ", ".join([row.group(2).rstrip(",")] * k) + row.group(3)] * k
        elif fmt in ("text", "grid", "line", "seed") and is_grid_line(line):
            if "(" in line:  # a call (the seed's `add_guess(...)`): one more of the same
                out += [line] * k * k
                continue
            joint = "," if "," in line else (" " if " " in line.strip() else "")
            out += [joint.join([line.strip()] * k)] * k
        else:
            out.append(line)
    return "\n".join(out)


# Plain forms that are no grid of cells (`blown_up` would repeat their keyed lines): too
# many of what they list instead.
NOT_GRIDS = {
    "guess": "pegs 4 colours RYGBOP\n" + "RYGB 1 1 2\n" * 50_000,
    "jugs": "capacities" + " 3" * 100_000 + "\nstart" + " 0" * 100_000 + "\ngoal" + " 1" * 100_000,
}


def oversized(ptype: PuzzleType) -> dict[str, str]:
    """A board far over the puzzle's limit in each form it reads: the example blown up in its
    plain forms (`blown_up`), a game ID whose head says 1000x1000 (or 1000), and its JSON
    with its stated size 1000 and, where the size may be left out, without it and with every
    list in it (the grid's rows, the pieces, the guesses) made long."""
    inst = ptype.parse(ptype.example)
    out = {}
    for fmt in ptype.formats:
        try:
            text = ptype.format(inst, fmt)
        except PuzzleError:  # a form that cannot hold the example: a game ID is still one
            text = "1000x1000:a" if fmt == "tatham" else ""
        if fmt == "tatham":
            out[fmt] = re.sub(r"^\d+(x\d+)?", lambda m: "1000x1000" if m.group(1) else "1000", text)
        elif fmt == "json":
            data = json.loads(text)
            if any(key in data for key in SIZE_FIELDS):
                out["json size"] = json.dumps({k: 1000 if k in SIZE_FIELDS else v for k, v in data.items()})
            bare = {k: v for k, v in data.items() if k not in SIZE_FIELDS}
            try:
                ptype.parse(json.dumps(bare), "json")
            except PuzzleError:
                continue  # the size is no option: "json size" is the form that states it
            times = max(2, PLAIN_BYTES // len(text))
            out["json grid"] = json.dumps({k: v * times if isinstance(v, list) else v for k, v in bare.items()})
        elif fmt == "pzprv3":  # pzprjs's file: its rows and columns (one size for sudoku) after the genre
            # (an example no file holds, as Star Battle's given stars: the header alone)
            head = text.split("\n") if text else ["pzprv3", getattr(ptype.codec(fmt), "genres", ("",))[0], "1", "1"]
            sizes = 1 if head[1] == "sudoku" else 2
            out[fmt] = "\n".join(head[:2] + ["1000"] * sizes + head[2 + sizes:])
        elif re.search(r"(?m)^\s*width\s+\d+\s*$", text):  # a file that states its size (a NON file)
            out[fmt] = re.sub(r"(?m)^(\s*(?:width|height)\s+)\d+", r"\g<1>1000", text)
        elif fmt == ptype.formats[0] and ptype.name in NOT_GRIDS:
            out[fmt] = NOT_GRIDS[ptype.name]
        elif text and blown_up(text, fmt) != text:  # unchanged: a form of one size (FEN: 8x8)
            out[fmt] = blown_up(text, fmt)
    return out


def peak_bytes(call: Any, *args: Any) -> tuple[Any, int]:
    """What `call(*args)` returns or raises, and the most memory it held at once."""
    tracemalloc.start()
    try:
        try:
            result: Any = call(*args)
        except PuzzleError as exc:
            result = exc
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("name", PUZZLES)
def test_an_oversized_board_is_refused_before_its_cells_are_read(name, tmp_path):
    """Every form that states a size (the lines of a grid, a game ID's WxH, a JSON's width
    or its rows) is refused with "too large" in one line, exit 2, as soon as the size is
    known: reading holds a few bytes per input character (a JSON document itself about ten),
    where making the cells would hold a hundred or more (a 1000x1000 board took 2.5 s and
    240 MB before 'too large')."""
    ptype = registry.puzzle(name)
    for what, text in oversized(ptype).items():
        assert len(text) < MAX_INPUT_CHARS, what
        fmt = what.split()[0]
        err, peak = peak_bytes(ptype.parse, text, fmt)
        assert isinstance(err, PuzzleError) and "too large" in err.message, (what, err)
        assert peak < 12 * len(text) + 2_000_000, (what, f"{peak:,} bytes held reading {len(text):,} characters")
        (tmp_path / "board.txt").write_text(text)
        before = set(tmp_path.iterdir())
        message = assert_refused(tmp_path, ("solve", name, "board.txt", "--format", fmt), before)
        assert "too large" in message and len(message) < 500, (what, message)
        (tmp_path / "board.txt").unlink()


# ---- every field of a JSON is read strictly --------------------------------------------------
@pytest.mark.parametrize("name", [n for n in PUZZLES if "json" in registry.puzzle(n).formats])
def test_a_json_field_of_the_wrong_type_or_name_is_refused(name, tmp_path):
    """`"colors": null` (Chess Melee) or `"width": null` (Light Up) was read as if absent,
    and answered for another board: now every field the example's JSON has, set to null,
    and a field no reader knows, are refused in one line that names the field."""
    ptype = registry.puzzle(name)
    data = json.loads(ptype.format(ptype.parse(ptype.example), "json"))
    cases = {key: json.dumps({**data, key: None}) for key in data}
    cases["colour"] = json.dumps({**data, "colour": "red"})  # a field no puzzle reads
    cases["puzzle"] = json.dumps({**data, "puzzle": "chess"})  # another puzzle's document
    for key, text in cases.items():
        with pytest.raises(PuzzleError) as err:
            ptype.parse(text, "json")
        assert f"'{key}'" in str(err.value) or f'"{key}"' in str(err.value), (key, str(err.value))
        (tmp_path / "board.json").write_text(text)
        before = set(tmp_path.iterdir())
        assert_refused(tmp_path, ("solve", name, "board.json"), before)
        (tmp_path / "board.json").unlink()


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
    code, out, err = run(tmp_path, "solve", name, "board.txt", *NO_CLOCK)
    assert code == 0 and out.strip() and not err, (code, err)
    if isinstance(ptype, CluePuzzle):
        code, out, err = run(tmp_path, "check", name, "board.txt", *NO_CLOCK)
        assert (code, out.splitlines()[0]) == (0, "unique"), (out, err)
