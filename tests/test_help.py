"""What the command line says about itself: every option of every command has a sentence of
help and shows its default, `generate PUZZLE --help` shows the puzzle's own options, `list
PUZZLE` describes one puzzle, `--version`, and `grade` and `stats` print aligned tables."""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from puzzlelab.lab.data.records import unportable
from puzzlelab.lab.data.stats import format_stats
from puzzlelab.lab.face import registry
from puzzlelab.lab.face.cli import _difficulty_text, build_parser, version

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "datasets" / "examples"
GENERATED = [ptype.name for ptype, gen in registry.all_puzzles() if gen is not None]


def run(*args: str, cwd: Path | None = None, user_defaults: bool = False) -> subprocess.CompletedProcess:
    """`puzzlelab ARGS`; `user_defaults`: without the suite's PUZZLELAB_TIMEOUT (tests/conftest.py),
    so that help shows the defaults a user gets."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    if user_defaults:
        env.pop("PUZZLELAB_TIMEOUT", None)
    return subprocess.run([sys.executable, "-m", "puzzlelab", *args], capture_output=True, text=True, env=env,
                          cwd=cwd or ROOT, timeout=600)


def squeeze(text: str) -> str:
    """Help text without its line breaks and indentation (argparse wraps where it likes)."""
    return re.sub(r"\s+", "", text)


def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def documented(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if not isinstance(a, argparse._HelpAction)]


def has_default(action: argparse.Action) -> bool:
    d = action.default
    return bool(action.option_strings) and d is not None and d is not False and d != "" and d is not argparse.SUPPRESS


def check_help(name: str, parser: argparse.ArgumentParser) -> None:
    """Every option and argument has a sentence of help, printed in `--help`; every option
    with a default shows it, once."""
    printed = squeeze(parser.format_help())
    formatter = parser._get_formatter()
    for action in documented(parser):
        what = f"{name} {'/'.join(action.option_strings) or action.dest}"
        assert action.help and len(action.help.split()) >= 2, f"{what} has no help"
        shown = formatter._expand_help(action)
        assert squeeze(shown) in printed, what
        assert shown.count("(default: ") <= 1, f"{what} says its default twice: {shown}"
        if has_default(action):
            assert "(default: " in shown, f"{what} does not show its default: {shown}"


def test_every_option_of_every_command_has_help_and_shows_its_default():
    parser = build_parser()
    check_help("puzzlelab", parser)
    found = commands(parser)
    assert {"list", "solve", "check", "count", "clues", "grade", "generate", "stats", "plot", "render"} <= set(found)
    for name, sub in found.items():
        check_help(name, sub)


@pytest.mark.parametrize("puzzle", GENERATED)
def test_generate_puzzle_help_documents_the_puzzles_own_options(puzzle):
    sub = commands(build_parser(puzzle))["generate"]
    check_help(f"generate {puzzle}", sub)
    own = next(g for g in sub._action_groups if g.title == f"{puzzle} options")
    assert sorted(a.option_strings[0] for a in own._group_actions) == \
        sorted(f"--{o.name}" for o in registry.generator(puzzle).options)


def test_help_shows_defaults_as_printed():
    assert "(default:60)" in squeeze(run("check", "--help", user_defaults=True).stdout)
    count = squeeze(run("count", "--help").stdout)
    assert "[1..100000](default:100;" in count and "(default:2)" in count
    generate = squeeze(run("generate", "sudoku", "--help").stdout)
    assert "(default:10)" in generate and "(default:exact)" in generate and "(default:None)" not in generate


def test_generate_sudoku_help_shows_size_and_box_with_defaults():
    done = run("generate", "sudoku", "--help")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "sudoku options" in text and "--count N" in text  # its own group, and the general options
    own = squeeze(text[text.index("sudoku options"):])
    assert "--sizeSIZE" in own and "[4..26](default:9)" in own
    assert "--boxBOX" in own and "(default:assquareaspossible)" in own


def test_generate_help_without_a_puzzle_lists_the_puzzles():
    done = run("generate", "--help")
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "generate PUZZLE --help" in text
    for name in GENERATED:
        assert name in text
    assert "sudoku options" not in text


def test_generate_still_takes_the_puzzles_options_and_refuses_others(tmp_path):
    done = run("generate", "sudoku", "--size", "4", "--count", "2", "--seed", "1", "--out", "d.jsonl", "--json",
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    record = unportable(json.loads((tmp_path / "d.jsonl").read_text().splitlines()[-1]))
    assert record["options"] == {"size": 4, "box": ""}
    bad = run("generate", "sudoku", "--bogus", "1", "--out", "x.jsonl", cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.strip().splitlines() == \
        ["puzzlelab: error: unknown option --bogus for sudoku (its options: --size, --box)"]
    small = run("generate", "sudoku", "--size", "3", "--out", "x.jsonl", cwd=tmp_path)
    assert small.returncode == 2 and "--size must be at least 4, got 3" in small.stderr
    assert not (tmp_path / "x.jsonl").exists()


def test_every_puzzle_states_its_rules_in_a_sentence():
    for ptype, _ in registry.all_puzzles():
        assert ptype.rules_text.endswith(".") and len(ptype.rules_text.split()) >= 8, ptype.name


def test_list_sudoku_describes_the_puzzle():
    done = run("list", "sudoku")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    sudoku = registry.puzzle("sudoku")
    assert text.startswith(f"sudoku: {sudoku.title}")
    assert " ".join(sudoku.rules_text.split()) in " ".join(text.split())
    assert "solo" in text and "tatham" in text and "generate" in text and sudoku.size_limit_text in text
    rows = {line.split()[0]: line.split() for line in text.splitlines() if line.startswith("  --")}
    assert rows["--size"][1:3] == ["9", "4..26"] and "grid" in rows["--size"]
    assert rows["--box"][1:3] == ["-", "-"] and "ROWSxCOLS," in rows["--box"]


def test_list_puzzle_as_json_and_the_whole_list():
    data = json.loads(run("list", "lightup", "--json").stdout)
    assert data["name"] == "lightup" and data["rules"] == registry.puzzle("lightup").rules_text
    density = next(o for o in data["options"] if o["name"] == "density")
    assert density == {"name": "density", "type": "float", "default": 0.2, "low": 0.0, "high": 0.9,
                       "range": "0.0..0.9", "help": "share of cells that are walls (Tatham's default is 0.2)"}
    assert data["generator_options"] == [o["name"] for o in data["options"]]
    everything = run("list")
    assert "--size 9 [4..26], --box" in everything.stdout and "list PUZZLE" in everything.stdout
    listed = json.loads(run("list", "--json").stdout)["puzzles"]
    assert all("rules" in p for p in listed) and \
        next(p for p in listed if p["name"] == "sudoku")["generator_options"] == ["size", "box"]
    guess = run("list", "mastermind")
    assert guess.returncode == 0 and guess.stdout.startswith("guess:") and "no generator" in guess.stdout
    bad = run("list", "nope")
    assert bad.returncode == 2 and "unknown puzzle 'nope'" in bad.stderr


def pyproject_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def test_version():
    done = run("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"puzzlelab {pyproject_version()}"


def test_version_without_an_installed_package_reads_pyproject(monkeypatch):
    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert version() == pyproject_version()


# ---- grade and stats as tables ------------------------------------------------------------------
def value_columns(lines: list[str]) -> set[int]:
    """Where the value starts on each `  name  value` line."""
    return {m.end(1) for line in lines if (m := re.match(r"  \S+( {2,})\S", line))}


def test_grade_prints_one_measure_a_line_aligned_in_groups():
    done = run("grade", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.rstrip("\n").splitlines()
    assert lines[0] == "difficulty: level 0 (unit propagation settles it), score 0.0909, unique, 35 clues"
    generic, lp = lines.index("generic SAT measures"), lines.index("LP relaxation (grade only)")
    own = lines.index("sudoku's own measures")
    assert 0 < generic < lp < own
    rows = lines[generic + 1:lp] + lines[lp + 1:own] + lines[own + 1:]
    assert all(line.startswith("  ") for line in rows) and len(value_columns(rows)) == 1
    names = {line.split()[0]: line.split(None, 1)[1] for line in rows}
    assert names["clues"] == "35" and names["status"] == "unique" and names["human_technique"] == "singles"
    assert names["propagation_solves"] == "yes" and names["lp_single_point"] == "yes"
    assert all(line.split()[0].startswith("lp_") for line in lines[lp + 1:own])
    assert all(line.split()[0].startswith("human_") for line in lines[own + 1:])
    data = json.loads(run("grade", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"), "--json").stdout)
    assert data["difficulty"]["clues"] == 35 and data["difficulty"]["propagation_solves"] is True


def test_difficulty_text_of_a_move_puzzle_and_of_an_unsettled_one():
    text = _difficulty_text({"sat_rounds": 2, "no_guess": True}, "minesweeper").splitlines()
    assert text == ["difficulty:", "minesweeper's own measures", "  sat_rounds  2", "  no_guess    yes"]
    assert _difficulty_text({}, "minesweeper") == "difficulty: no measures for this board"
    hard = _difficulty_text({"clues": 20, "status": "ambiguous", "level": 3, "max_depth": 2}, "sudoku")
    assert hard.splitlines()[0] == "difficulty: level 3 (search is needed), ambiguous, 20 clues"
    lost = _difficulty_text({"clues": 20, "status": "unknown", "level": None, "max_depth": 2}, "sudoku")
    assert lost.startswith("difficulty: level - (the probe budget ran out)")


def stats_columns(text: str) -> tuple[int, set[int]]:
    """(the column where every value starts, the columns where histogram counts end)."""
    lines = text.splitlines()
    col = re.match(r"records( +)", lines[0]).end()
    ends = set()
    for line in lines:
        if "  " not in line.strip():
            continue  # a blank line, a section title, a measure without a summary
        if line.startswith("  "):  # a histogram bin: label, then the count right-aligned from `col`
            m = re.fullmatch(r"( *)(\d+) #+", line[col:])
            assert m and line[:col].strip() and line[col - 1] == " ", line
            ends.add(col + m.end(2))
        else:
            assert line[col - 2:col] == "  " and line[col] != " " and "  " not in line[:col].rstrip(), line
    return col, ends


def test_stats_prints_aligned_tables_and_says_when_no_cross_check_was_asked(tmp_path):
    done = run("generate", "sudoku", "--size", "4", "--count", "6", "--seed", "3", "--out", "d.jsonl", "--quiet",
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = run("stats", "d.jsonl", cwd=tmp_path).stdout
    lines = text.splitlines()
    assert re.fullmatch(r"records +6 \(sudoku 6\)", lines[0])
    assert re.fullmatch(r"verified +unique 6/6, minimal 6/6, CP-SAT cross-check: not asked", lines[1])
    assert "clue count" in text and "generic SAT measures" in text and "sudoku's own measures" in text
    _, ends = stats_columns(text)
    assert len(ends) == 1
    assert json.loads(run("stats", "d.jsonl", "--json", cwd=tmp_path).stdout)["verified"] == \
        {"unique": 6, "minimal": 6, "cross_checked_cpsat": 0,
         "recorded": {"unique": 6, "minimal": 6, "verified_by": 6}}


def test_stats_shows_a_cross_check_as_a_count_only_when_some_were_checked():
    summary = {"records": 12, "puzzles": {"lightup": 12},
               "clue_count": {"n": 12, "histogram": {"5": 2, "6": 10}, "min": 5, "max": 6, "mean": 5.833},
               "difficulty": {"level": {"n": 12, "histogram": {"0": 2, "1": 10}, "min": 0, "max": 1, "mean": 0.833},
                              "propagation_solves": {"n": 12, "histogram": {"False": 10, "True": 2}}},
               "verified": {"unique": 12, "minimal": 12, "cross_checked_cpsat": 12},
               "seconds_per_puzzle": {"n": 12, "mean": 0.01, "median": 0.009, "max": 0.02, "total": 0.12},
               "bad_lines": 1, "bad_line_messages": ["d.jsonl: line 3: not JSON"]}
    text = format_stats(summary)
    assert "CP-SAT cross-check: 12/12" in text and "not asked" not in text
    assert "skipped 1 bad record (the first: d.jsonl: line 3: not JSON)" in " ".join(text.split())
    col, ends = stats_columns(text)
    assert len(ends) == 1 and text.splitlines()[2].index("mean") == col
    assert "re-checked" not in text
