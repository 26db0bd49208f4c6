"""Fuzzing that stays: bad input through every puzzle and every command, and
damaged datasets and journals through stats, plot and generate.

Whatever the input, a command answers (exit 0 or 1) or refuses it in one line (exit 2):
never a traceback, never a file left behind, never a user's file changed. Inputs are valid
boards in every format each puzzle prints, then cut, flipped, spliced and padded by
Hypothesis from a fixed seed (`derandomize`), so a failure reproduces. The long form is
marked `slow`.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlelab.lab.data.dataset import DatasetSpec, generate_dataset, journal_header
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.engine.sat import SessionCache
from puzzlelab.lab.face import cli, registry

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "datasets" / "examples"
PUZZLES = registry.names()
BUDGET = ["--conflicts", "20000", "--timeout", "2"]  # each solver call, and move puzzles' searches
QUICK, LONG = 4, 300  # examples per puzzle in the default run and in the slow one


def _valid_texts(name: str) -> list[str]:
    """Boards this puzzle accepts: its example files, and a generated puzzle in every format."""
    ptype = registry.puzzle(name)
    texts = [p.read_text() for p in sorted(EXAMPLES.glob(f"{name}_*.txt"))]
    try:
        gen = registry.generator(name)
    except Exception:
        return texts
    params = gen.params(**{o.name: o.default for o in gen.options})
    made = generate_one(ptype, gen, params, random.Random(1), SessionCache())
    for fmt in ptype.formats:
        try:
            texts.append(ptype.format(made.instance, fmt))
        except (NotImplementedError, PuzzleError):  # a form that cannot hold this board (contract)
            continue
    return texts


_CORPUS: dict[str, list[str]] = {}


def corpus(name: str) -> list[str]:
    if name not in _CORPUS:
        _CORPUS[name] = _valid_texts(name)
    return _CORPUS[name]


def commands(name: str) -> list[list[str]]:
    ptype = registry.puzzle(name)
    out = [[c] for c in ptype.commands() if c != "render"]  # render needs --out
    if ptype.has_rules:
        out += [["grade"], ["check", "--json", "--no-grade"], ["count", "--limit", "3"]]
    return out


@st.composite
def damaged(draw, texts: list[str]) -> bytes:
    """A valid board, then one to three cuts, flips, insertions, deletions or splices."""
    data = bytearray(draw(st.sampled_from(texts)).encode())
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["truncate", "flip", "insert", "delete", "splice", "bom", "nul"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if op == "truncate":
            del data[at:]
        elif op == "flip":
            if data:
                data[at] = draw(st.integers(0, 255))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif op == "delete":
            del data[at:at + draw(st.integers(1, 12))]
        elif op == "splice":  # a line repeated or dropped: wrong row counts and lengths
            lines = bytes(data).split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            lines[i:i + 1] = draw(st.sampled_from([[], [lines[i], lines[i]], [lines[i] * 2]]))
            data = bytearray(b"\n".join(lines))
        elif op == "bom":
            data[0:0] = "\ufeff".encode()
        else:
            data[at:at] = b"\x00"
    return bytes(data)


def run_in_process(argv: list[str]) -> tuple[int, str, str]:
    """`puzzlelab ARGV` in this process (fast); the whole-command watchdog is left out, since
    its last resort ends the process: the conflict budget bounds the solver instead."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exc:  # argparse's own usage errors
            code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def no_watchdog(monkeypatch):
    monkeypatch.setattr(cli, "_bounded", lambda args, work: work())


def assert_clean(code: int, err: str, what: str) -> None:
    assert "Traceback" not in err, (what, err)
    assert code in (0, 1, 2), (what, code, err)
    if code == 2:
        assert len(err.strip().splitlines()) == 1, (what, err)
        assert len(err) < 600, (what, err[:200])


def _fuzz_commands(name: str, tmp: Path, examples: int) -> None:
    texts, cmds = corpus(name), commands(name)
    folder = tmp / name
    folder.mkdir()
    board = folder / "board.txt"

    @settings(max_examples=examples, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=damaged(texts), command=st.sampled_from(cmds))
    def one(data: bytes, command: list[str]) -> None:
        board.write_bytes(data)
        argv = [command[0], name, str(board), *BUDGET, *command[1:]]
        code, _, err = run_in_process(argv)
        assert_clean(code, err, f"{argv} on {data[:80]!r}")
        assert sorted(p.name for p in folder.iterdir()) == ["board.txt"]  # nothing written

    one()


@pytest.mark.parametrize("name", PUZZLES)
def test_damaged_boards_get_an_answer_or_one_line(tmp_path, name, no_watchdog):
    _fuzz_commands(name, tmp_path, QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("name", PUZZLES)
def test_damaged_boards_get_an_answer_or_one_line_long(tmp_path, name, no_watchdog):
    _fuzz_commands(name, tmp_path, LONG)


FIXED_BAD = {
    "empty": b"", "blank lines": b"\n\n  \n", "binary": bytes(range(256)) * 4, "bom only": b"\xef\xbb\xbf",
    "latin-1": "caf\xe9\n".encode("latin-1"), "one huge token": b"9" * 200_000, "json array": b"[1, 2, 3]",
    "json null": b"null", "deep json": b"[" * 5000 + b"]" * 5000, "tatham lookalike": b"999999x999999:abc",
    "nul bytes": b"\x00" * 64,
}


@pytest.mark.parametrize("every", [pytest.param(True, marks=pytest.mark.slow), False], ids=["every", "spread"])
@pytest.mark.parametrize("name", PUZZLES)
def test_the_fixed_bad_input_corpus(tmp_path, name, every, no_watchdog):
    board = tmp_path / "board.txt"
    for label, command in spread(list(FIXED_BAD), name, every):
        board.write_bytes(FIXED_BAD[label])
        argv = [command[0], name, str(board), *BUDGET, *command[1:]]
        code, _, err = run_in_process(argv)
        assert_clean(code, err, f"{label}: {argv}")
        if label in ("empty", "binary", "bom only", "nul bytes", "one huge token"):
            assert code == 2, (label, argv, code)
    for argv in ([name, str(tmp_path / "missing.txt")], [name, str(tmp_path)]):
        code, _, err = run_in_process(["solve", *argv])
        assert code == 2 and len(err.strip().splitlines()) == 1


# ---- damaged datasets and journals --------------------------------------------------------------
SPEC = DatasetSpec(puzzle="sudoku", options={"size": 4, "box": ""}, count=6, seed=5)


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("datasets")
    files = {}
    for fmt in ("jsonl", "csv", "parquet"):
        generate_dataset(SPEC, folder / f"d.{fmt}", fmt=fmt)
        files[fmt] = (folder / f"d.{fmt}").read_bytes()
    return files


@st.composite
def damaged_bytes(draw, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, max(0, len(out) - 1)))
        op = draw(st.sampled_from(["truncate", "flip", "insert", "delete"]))
        if op == "truncate":
            del out[at:]
        elif op == "flip" and out:
            out[at] = draw(st.integers(0, 255))
        elif op == "insert":
            out[at:at] = draw(st.sampled_from([b"\n", b",", b'"', b"{", b"x", b"\xff", b"\n{}\n"]))
        else:
            del out[at:at + draw(st.integers(1, 40))]
    return bytes(out)


def _fuzz_datasets(tmp: Path, finished: dict[str, bytes], examples: int) -> None:
    @settings(max_examples=examples, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(fmt=st.sampled_from(sorted(finished)), data=st.data())
    def one(fmt: str, data) -> None:
        folder = tmp / f"case{len(list(tmp.iterdir()))}"
        folder.mkdir()
        damaged_file = data.draw(damaged_bytes(finished[fmt]))
        path = folder / f"d.{fmt}"
        path.write_bytes(damaged_file)
        for argv in (["stats", str(path)], ["stats", str(path), "--skip-bad"],
                     ["plot", str(path), "--out", str(folder / "p.png")]):
            code, _, err = run_in_process(argv)
            assert_clean(code, err, f"{argv} on damaged {fmt}")
            assert code in (0, 2)
        (folder / "p.png").unlink(missing_ok=True)
        before = path.read_bytes()
        code, _, err = run_in_process(["generate", "sudoku", "--size", "4", "--count", "8", "--seed", "5",
                                       "--out", str(path), "--out-format", fmt, "--quiet"])
        assert_clean(code, err, f"generate over damaged {fmt}")
        if code == 2:  # refused: the file is exactly as it was, and nothing else appeared
            assert path.read_bytes() == before
            assert sorted(p.name for p in folder.iterdir()) == [path.name]
        elif fmt == "jsonl":  # accepted as ours: extended, its bytes kept as the first lines
            assert path.read_bytes().startswith(before)

    one()


def test_damaged_datasets_are_read_or_refused_never_changed(tmp_path, finished):
    _fuzz_datasets(tmp_path, finished, QUICK)


@pytest.mark.slow
def test_damaged_datasets_long(tmp_path, finished):
    _fuzz_datasets(tmp_path, finished, LONG)


def test_damaged_journals_resume_or_are_refused_untouched(tmp_path, finished):
    lines = finished["jsonl"].splitlines(keepends=True)
    journal_bytes = journal_header(SPEC) + b"".join(lines[:4])
    reference = tmp_path / "reference.jsonl"
    generate_dataset(SPEC, reference)

    @settings(max_examples=QUICK, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=damaged_bytes(journal_bytes))
    def one(data: bytes) -> None:
        folder = tmp_path / f"case{len(list(tmp_path.iterdir()))}"
        folder.mkdir()
        journal = folder / "d.jsonl.partial"
        journal.write_bytes(data)
        code, _, err = run_in_process(["generate", "sudoku", "--size", "4", "--count", "6", "--seed", "5",
                                       "--out", str(folder / "d.jsonl"), "--quiet"])
        assert_clean(code, err, "resume a damaged journal")
        if code == 2:
            assert journal.read_bytes() == data and not (folder / "d.jsonl").exists()
        else:  # resumed: every whole record line of the journal is kept as it was, then the rest
            kept = data.split(b"\n", 1)[1] if b"\n" in data else b""
            kept = kept[: kept.rfind(b"\n") + 1]
            done = (folder / "d.jsonl").read_bytes()
            assert code == 0 and done.startswith(kept) and len(done.splitlines()) == SPEC.count
            if kept == b"".join(lines[: kept.count(b"\n")]):  # an intact prefix: the real dataset
                assert done == reference.read_bytes()

    one()


def test_full_disk_leaves_a_resumable_journal_and_no_stray_file(tmp_path):
    import subprocess

    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=48k", "tmpfs", str(disk)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here")
    try:
        code, _, err = run_in_process(["generate", "sudoku", "--size", "4", "--count", "400", "--seed", "5",
                                       "--out", str(disk / "d.jsonl"), "--quiet", "--dedup", "none"])
        assert code == 2 and "No space left" in err and len(err.strip().splitlines()) == 1
        names = sorted(p.name for p in disk.iterdir())
        assert "d.jsonl" not in names and not [n for n in names if n.endswith(".tmp")]
        if "d.jsonl.partial" in names:  # what it holds is whole records
            lines = (disk / "d.jsonl.partial").read_bytes().splitlines(keepends=True)
            for line in lines[1:-1]:
                json.loads(line)
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


# ---- nesting, endless input, layouts against names ---------------------------------------------
NESTED = {  # each about 2,000 to 3,000 levels in a few kilobytes: Python's parsers recurse
    "deep object": ('{"grid": ' + "[" * 2000 + "]" * 2000 + "}").encode(),
    "deep keys": ('{"a": ' * 2000 + "1" + "}" * 2000).encode(),
    "deep array": b"[" * 3000 + b"]" * 3000,
    "deep literal": b"board = np.array(" + b"[" * 3000 + b"]" * 3000 + b")",
}


def spread(labels: list[str], name: str, every: bool) -> list[tuple[str, list[str]]]:
    """(input label, command) pairs: with `every` each label with each command; else each
    label with the first command and each command with the first label, so that every input
    and every command's reading path is tried (all commands read a board the same way: the
    whole product is the slow run's)."""
    cmds = commands(name)
    if every:
        return [(label, command) for label in labels for command in cmds]
    return [(label, cmds[0]) for label in labels] + [(labels[0], command) for command in cmds[1:]]


@pytest.mark.parametrize("every", [pytest.param(True, marks=pytest.mark.slow), False], ids=["every", "spread"])
@pytest.mark.parametrize("name", PUZZLES)
def test_deep_nesting_is_refused_in_one_line(tmp_path, name, every, no_watchdog):
    board = tmp_path / "board.json"
    for label, command in spread(list(NESTED), name, every):
        board.write_bytes(NESTED[label])
        for fmt in ([], ["--format", "json"]):
            argv = [command[0], name, str(board), *BUDGET, *fmt, *command[1:]]
            code, _, err = run_in_process(argv)
            assert_clean(code, err, f"{label}: {argv}")
            assert code == 2, (label, argv, code, err)


@pytest.mark.parametrize("command", [["stats"], ["stats", "--skip-bad"], ["plot", "--out", "{out}"],
                                     ["render", "--sheet", "{file}", "--out", "{out}"]])
@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_deeply_nested_datasets_are_read_or_refused_in_one_line(tmp_path, command, fmt):
    path = tmp_path / f"deep.{fmt}"
    if fmt == "csv":  # a flat row whose params column holds the nesting
        path.write_text("puzzle,clues,clue_count,params\nsudoku,.,0,\"" + "[" * 3000 + "]" * 3000 + "\"\n")
    else:
        path.write_bytes(NESTED["deep array"] + b"\n" + NESTED["deep keys"] + b"\n")
    argv = [a.format(file=path, out=tmp_path / "p.png") for a in command]
    if argv[0] != "render":
        argv.insert(1, str(path))
    code, _, err = run_in_process(argv)
    assert_clean(code, err, f"{argv}")
    assert not (tmp_path / "p.png").exists()


class Endless(io.TextIOBase):
    """Standard input that never ends (`yes |`), counting what was asked of it."""

    def __init__(self, line: str) -> None:
        self.line, self.asked = line, 0

    def readable(self) -> bool:
        return True

    def read(self, n: int | None = -1) -> str:
        if n is None or n < 0:
            raise AssertionError("standard input read whole")
        self.asked += n
        return (self.line * (n // len(self.line) + 1))[:n]

    def readline(self, n: int | None = -1) -> str:
        return self.read(len(self.line) if n is None or n < 0 else min(n, len(self.line)))


@pytest.mark.parametrize("name", PUZZLES)
def test_endless_input_is_read_to_the_limit_and_refused(monkeypatch, name, no_watchdog):
    from puzzlelab.lab.engine.puzzle import MAX_INPUT_CHARS

    for line in ("y\n", "0", "{"):
        stdin = Endless(line)
        monkeypatch.setattr("sys.stdin", stdin)
        code, _, err = run_in_process(["solve", name, "-", *BUDGET])
        assert_clean(code, err, f"endless {line!r}")
        assert code == 2 and stdin.asked <= MAX_INPUT_CHARS + 1, (line, stdin.asked, err)


GENERATED = [name for name in PUZZLES if registry.has_generator(name)]
DISAGREE = [("d.jsonl", "csv"), ("d.jsonl", "kaggle"), ("d.csv", "parquet"), ("d.parquet", "jsonl"),
            ("d.csv", "jsonl")]


@pytest.mark.parametrize("name", GENERATED)
def test_a_layout_that_disagrees_with_the_name_is_refused_first(tmp_path, name, monkeypatch):
    import puzzlelab.lab.data.dataset

    made: list = []
    monkeypatch.setattr(puzzlelab.lab.data.dataset, "make_item", lambda *a: made.append(a))  # no work may start
    for out, fmt in DISAGREE:
        code, _, err = run_in_process(["generate", name, "--count", "2", "--out", str(tmp_path / out),
                                       "--out-format", fmt, "--quiet"])
        assert_clean(code, err, f"{out} as {fmt}")
        assert code == 2 and "does not fit the name" in err, (out, fmt, err)
    assert not made and list(tmp_path.iterdir()) == []
