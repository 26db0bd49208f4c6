"""`puzzlelab`: the command line. All printing happens here, none in the library.

Every command takes `--json` and then prints exactly one JSON document. Bad input ends
with one line naming what and where, exit code 2, and no traceback.
"""

from __future__ import annotations

import os

# The command line's numpy is array bookkeeping, never linear algebra, so OpenBLAS's worker
# threads, which spin for a while after numpy is imported, only took CPU (40 Dominosa
# puzzles: 0.47 s of CPU in 0.41 s, 0.37 s with one thread). Set before numpy is imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import math
import re
import shlex
import signal
import sys
import textwrap
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..data.records import FORMATS as DATASET_FORMATS
from ..data.records import MAX_COUNT, MAX_WORKERS, format_of  # (not lab.dataset: check and solve load no numpy)
from ..data.safety import discard_pending, output_path
from ..engine.generator import COSTS_MEASURED, Generator, Option
from ..engine.puzzle import (
    MAX_INPUT_CHARS,
    QUOTE_LIMIT,
    CluePuzzle,
    Instance,
    MovePuzzle,
    PuzzleError,
    PuzzleType,
    quote,
)
from ..engine.sat import Budget, Unknown
from . import registry

ENGINE_NAMES = {"sat": "SAT", "cpsat": "CP-SAT", "lp": "the MIP solver"}  # a second opinion's engine, for people
DATASET_FORMAT_HELP = ("the dataset's layout where its name does not say it (default: from the name, .csv, "
                       ".parquet, else JSONL)")
EXIT_BAD_INPUT = 2
EXIT_NOT_DEFINITE = 1  # check: not unique; solve: no solution, or the budget ran out
EXIT_TERMINATED = 143  # SIGTERM, like a shell's 128 + 15
DEFAULT_TIMEOUT = 60.0  # seconds for a one-shot question (solve, check, count, clues, grade)
GENERATE_TIMEOUT = 60.0  # seconds for one generated puzzle (generate --timeout)
TIMEOUT_VARIABLE = "PUZZLELAB_TIMEOUT"  # seconds, or "none": every --timeout's default instead of the above


def _timeout_default(seconds: float) -> float | None:
    """A --timeout's default: `seconds`, unless PUZZLELAB_TIMEOUT says otherwise (a number
    of seconds, or "none" for no clock). The test suite sets it so that no test hangs on
    the machine's speed; a user may raise every default at once. `main` has checked it."""
    text = os.environ.get(TIMEOUT_VARIABLE, "").strip()
    if not text:
        return seconds
    return None if text.lower() == "none" else _number(float, 0.001, 86400)(text)


def _check_timeout_variable() -> None:
    """Refuse, in one line, a PUZZLELAB_TIMEOUT that is neither seconds nor "none"."""
    try:
        _timeout_default(DEFAULT_TIMEOUT)
    except argparse.ArgumentTypeError as exc:
        raise PuzzleError(f"{TIMEOUT_VARIABLE}={quote(os.environ[TIMEOUT_VARIABLE])}: {exc} "
                          "(seconds, or none)") from None
WATCHDOG_GRACE = 2.0  # seconds past --timeout before the whole command is called unknown


class Terminated(KeyboardInterrupt):
    """SIGTERM during `generate`: stop after the chunk in hand, like Ctrl-C."""


class _HelpFormatter(argparse.HelpFormatter):
    """Every option's help ends with its default, "(default: X)", unless the help already
    says what the default is or there is none to say (no value, a flag that is off)."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=26)

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (not action.option_strings or default is None or default is False or default == ""
                or default is argparse.SUPPRESS or "(default: " in text):
            return text
        return f"{text} (default: {_shown(default).replace('%', '%%')})"  # argparse then fills in %(...)s


def _shown(value: Any) -> str:
    """A default or a measure for people: 60.0 is "60", True is "yes"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return "-" if value is None or value == "" else str(value)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (exit 2), like every other bad input; help
    shows every default (`_HelpFormatter`), and an epilog may be made only when the help is
    printed (`epilog_from`: `generate --help` lists the puzzles without importing them
    for every other command)."""

    epilog_from: Callable[[], str] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def format_help(self) -> str:
        if self.epilog_from is not None:
            self.epilog = self.epilog_from()
        return super().format_help()

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"{self.prog}: error: {message} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)


class _Version(argparse.Action):
    """`--version`: the package's version, looked up only when asked (it reads metadata)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(f"puzzlelab {version()}")
        parser.exit()


def version() -> str:
    """The installed package's version; from pyproject.toml when it is run from a checkout
    that was never installed."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("puzzle-lab")
    except PackageNotFoundError:
        import tomllib
        from pathlib import Path

        with open(Path(__file__).resolve().parents[2] / "pyproject.toml", "rb") as f:
            return str(tomllib.load(f)["project"]["version"])


def _workers(text: str) -> int:
    """--workers: a count, or "auto" for every core this process may run on (a container's
    or `taskset`'s limit, not the machine's)."""
    if text == "auto":
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        return max(1, min(cores, MAX_WORKERS))
    return _number(int, 1, MAX_WORKERS)(text)


def _number(kind: type, low: float | None = None, high: float | None = None) -> Callable[[str], Any]:
    """An argparse type: an int or float within [low, high], refused in one line otherwise."""
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quote(text)} is not {'an integer' if kind is int else 'a number'}") \
                from None
        if isinstance(value, float) and not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number, got {text}")
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low:g}, got {text}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:g}, got {text}")
        return value
    parse.__name__ = kind.__name__  # argparse names the type in its messages
    return parse


def _short_message(message: str, most: int = 400) -> str:
    """One line of readable length, whatever a message quotes: long quoted input is cut
    (`quote`), the whole line is capped."""
    message = re.sub(rf"'([^']{{{QUOTE_LIMIT + 1},}})'", lambda m: quote(m.group(1)), message)
    message = " ".join(message.split())
    return message if len(message) <= most else f"{message[:most]}..."


def _read(path: str) -> tuple[str, str]:
    """(text, name) of a file or stdin ('-'), read only as far as the input limit and one
    character more: endless or huge input (/dev/zero, `yes |`) is refused at the limit,
    never held in memory whole."""
    most = MAX_INPUT_CHARS + 1
    if path == "-":
        text, name = sys.stdin.read(most).lstrip("\ufeff"), "<stdin>"
    else:
        try:
            with open(path, encoding="utf-8-sig") as f:  # -sig: a byte-order mark is not a cell
                text, name = f.read(most), path
        except FileNotFoundError:
            raise PuzzleError(f"no such file: {path}") from None
        except IsADirectoryError:
            raise PuzzleError(f"is a directory: {path}") from None
        except UnicodeDecodeError:
            raise PuzzleError(f"{path}: not a text file") from None
    if len(text) > MAX_INPUT_CHARS:
        error = PuzzleError(f"input is longer than {MAX_INPUT_CHARS:,} characters, the most any board needs")
        error.source = name
        raise error
    return text, name


def _load(args) -> tuple[PuzzleType, Instance]:
    ptype = registry.puzzle(args.puzzle)
    _require(ptype, args.command)
    text, name = _read(args.file)
    try:
        return ptype, ptype.parse(text, getattr(args, "format", None))
    except PuzzleError as exc:
        exc.source = name
        raise


def _clue(ptype: PuzzleType, command: str) -> CluePuzzle:
    """`ptype` as the clue puzzle a command needs (`_require` has refused the others)."""
    if not isinstance(ptype, CluePuzzle):
        raise PuzzleError(f"{command} is not available for {ptype.name}")
    return ptype


def _load_clue(args) -> tuple[CluePuzzle, Instance]:
    """`_load` for the commands only clue puzzles have."""
    ptype, inst = _load(args)
    return _clue(ptype, args.command), inst


def _budget(args) -> Budget:
    return Budget(conflicts=getattr(args, "conflicts", None), seconds=getattr(args, "timeout", None))


def _require(ptype: PuzzleType, command: str) -> None:
    """Refuse, in one line, a command this puzzle does not implement."""
    supported = ptype.commands()
    if command not in supported:
        raise PuzzleError(f"{command} is not available for {ptype.name} (it supports: {', '.join(supported)})")


_OUTPUT = threading.Lock()
_emitted = False


def _emit(args, data: dict, text: str) -> None:
    """Print the answer once. A reader that closed the pipe (`| head`) does not change the
    exit code: the answer stands, the rest of the output goes nowhere."""
    global _emitted
    with _OUTPUT:
        if _emitted:
            return
        _emitted = True
        try:
            print(json.dumps(data, indent=2, default=str) if args.json else text, flush=True)
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's last flush stays quiet


def _solution_text(ptype: PuzzleType, inst: Instance, sol: Any, args) -> str:
    fmt = getattr(args, "out_format", None) or _display_format(ptype)
    return ptype.format_solution(inst, sol, fmt)


def _display_format(ptype: PuzzleType) -> str:
    return "grid" if "grid" in ptype.formats else ptype.formats[0]


def _record_format(ptype: PuzzleType) -> str:
    return ptype.formats[0]


# ---- commands ---------------------------------------------------------------------------
def _puzzle_row(ptype: PuzzleType, gen: Generator | None) -> dict:
    """What `list` says of one puzzle (`--json`: one entry of "puzzles")."""
    return {"name": ptype.name, "aliases": list(ptype.aliases), "title": ptype.title, "rules": ptype.rules_text,
            "formats": list(ptype.formats), "supports": registry.commands(ptype), "size_limit": ptype.size_limit_text,
            "generator_options": [o.name for o in gen.options] if gen else []}


def _option_brief(opt: Option) -> str:
    """"--size 9 [4..26]": an option, its default and its range, for the list of all puzzles."""
    default = _shown(opt.default)
    return f"--{opt.name}" + (f" {default}" if default != "-" else "") + (f" [{opt.range_text}]" if opt.ranged else "")


def _option_json(opt: Option) -> dict:
    return {"name": opt.name, "type": opt.type.__name__, "default": opt.default, "help": opt.help,
            "low": opt.low, "high": opt.high, "range": opt.range_text or None}


def cmd_list(args) -> int:
    if args.puzzle:
        return _describe(args, registry.puzzle(args.puzzle))
    rows = [_puzzle_row(ptype, gen) for ptype, gen in registry.all_puzzles()]
    options = {ptype.name: gen.options for ptype, gen in registry.all_puzzles() if gen}
    lines = []
    for r in rows:
        lines += [f"{r['name']:<14} {r['title']}",
                  f"{'':<14} aliases: {', '.join(r['aliases']) or '-'}; formats: {', '.join(r['formats'])}; "
                  f"supports: {', '.join(r['supports'])}; size: {r['size_limit']}"]
        if r["name"] in options:
            lines.append(f"{'':<14} generate options: " + ", ".join(map(_option_brief, options[r["name"]])))
    lines.append("`puzzlelab list PUZZLE` describes one puzzle: its rules, and what each generate option means.")
    _emit(args, {"puzzles": rows}, "\n".join(lines))
    return 0


def _describe(args, ptype: PuzzleType) -> int:
    """`list PUZZLE`: one puzzle's rules, names, formats, commands, size limit and the
    generator's options (meaning, default, range)."""
    gen = registry.generator(ptype.name) if registry.has_generator(ptype.name) else None
    data = {**_puzzle_row(ptype, gen), "options": [_option_json(o) for o in gen.options] if gen else []}
    table = [("rules", ptype.rules_text), ("aliases", ", ".join(ptype.aliases) or "-"),
             ("formats", ", ".join(ptype.formats)), ("commands", ", ".join(data["supports"])),
             ("size limit", ptype.size_limit_text)]
    lines = [f"{ptype.name}: {ptype.title}"] + [textwrap.fill(value, 100, initial_indent=f"  {label:<12}",
                                                               subsequent_indent=" " * 14) for label, value in table]
    if gen is None:
        lines.append("  no generator: `generate` does not apply")
    elif not gen.options:
        lines.append(f"generate options: none (see `puzzlelab generate {ptype.name} --help` for the general ones)")
    else:
        lines.append(f"generate options (`puzzlelab generate {ptype.name} --help` adds the general ones):")
        cells = [("option", "default", "range", "meaning")] + [
            (f"--{o['name']}", _shown(o["default"]), o["range"] or "-", o["help"]) for o in data["options"]]
        widths = [max(len(row[i]) for row in cells) for i in range(3)]
        lines += [f"  {a:<{widths[0]}}  {b:<{widths[1]}}  {c:<{widths[2]}}  {d}" for a, b, c, d in cells]
    if gen is not None:  # what a record costs, so a size and a --timeout can be chosen before a run
        data["costs"] = [c.to_json() for c in gen.costs]
        data["costs_measured"] = COSTS_MEASURED if gen.costs else None
    if gen is not None and gen.costs:
        lines.append(f"cost per record (`generate --timeout` gives each {GENERATE_TIMEOUT:g} s of wall time unless "
                     "told otherwise):")
        width = max(len(c.options_text) for c in gen.costs)
        lines += [f"  at {c.options_text:<{width}}  {c.text}" for c in gen.costs]
        lines.append(textwrap.fill(COSTS_MEASURED, 100, initial_indent="  ", subsequent_indent="  "))
    _emit(args, data, "\n".join(lines))
    return 0


def cmd_solve(args) -> int:
    ptype, inst = _load(args)
    if isinstance(ptype, MovePuzzle):
        answer = ptype.answer(inst, time_limit=args.timeout)
        _emit(args, {"puzzle": ptype.name, **answer.data}, answer.text)
        return answer.exit_code
    ptype = _clue(ptype, "solve")
    from ..engine.solve import solve

    try:
        sol = solve(ptype, inst, _budget(args), engine=args.engine)
    except Unknown as exc:
        _emit(args, {"puzzle": ptype.name, "status": "unknown", "solution": None}, f"unknown: {exc}")
        return EXIT_NOT_DEFINITE
    if sol is None:
        _emit(args, {"puzzle": ptype.name, "status": "unsolvable", "solution": None}, "no solution")
        return 1
    _emit(args, {"puzzle": ptype.name, "solution": _solution_text(ptype, inst, sol, args),
                 "solution_data": ptype.solution_json(inst, sol)}, _solution_text(ptype, inst, sol, args))
    return 0


def cmd_check(args) -> int:
    from ..engine.solve import check, find_clues

    ptype, inst = _load_clue(args)
    without = find_clues(ptype, inst, args.without or [])
    report = check(ptype, inst, without, _budget(args), second_opinion=args.cpsat, engine=args.engine)
    shown = inst.without(without)
    data: dict = {"puzzle": ptype.name, "status": report.status,
                  "solutions": [_solution_text(ptype, shown, s, args) for s in report.solutions],
                  "clues": len(shown.clues)}
    if without:
        data["without"] = [ptype.describe_clue(k, inst.clues[k]) for k in without]
    lines = []
    if without:
        lines.append(f"without {', '.join(data['without'])}:")
    lines.append(report.status)
    if report.status == "ambiguous":
        data["differences"] = report.differences
        lines += ["solution 1:", data["solutions"][0], "solution 2:", data["solutions"][1],
                  f"they differ at: {', '.join(report.differences)}"]
    elif report.status == "unique":
        lines.append(data["solutions"][0])
    elif report.status == "unsolvable":
        data["conflict"] = [ptype.clue_json(k, shown.clues[k]) for k in report.conflict]
        names = [ptype.describe_clue(k, shown.clues[k]) for k in report.conflict]
        lines.append("conflicting clues: " + (", ".join(names) if names else "(the rules alone have no solution)"))
    elif report.status == "unknown":
        lines.append("the budget ran out before the answer was known")
    data["engine"] = report.engine
    if report.cpsat is not None:
        data["cpsat"] = report.cpsat  # (the second opinion, whichever engine gave it)
        data["second_engine"] = report.second_engine
        lines.append(f"{ENGINE_NAMES.get(report.second_engine or '', 'the second engine')} says: {report.cpsat}")
    if (args.grade or args.json) and not args.no_grade:  # --json documents carry the difficulty
        data["difficulty"] = _difficulty(ptype, shown)
        if args.grade:
            lines.append(_difficulty_text(data["difficulty"], ptype.name))
    _emit(args, data, "\n".join(lines))
    return 0 if report.status == "unique" else 1


def cmd_count(args) -> int:
    from ..engine.solve import count

    ptype, inst = _load(args)
    limit = args.limit or COUNT_LIMIT
    if limit > COUNT_LIMIT_MAX and not args.list:
        raise PuzzleError(f"--limit above {COUNT_LIMIT_MAX} needs --list FILE (count keeps every solution "
                          "it finds in memory; a listing streams them to the file)")
    if isinstance(ptype, MovePuzzle):  # a move puzzle with its own counter (`_load` checked)
        if args.list:
            raise PuzzleError(f"--list is not available for {ptype.name} (a move puzzle)")
        n = ptype.count(inst, limit)
        _emit(args, {"puzzle": ptype.name, "count": n, "limit": limit, "complete": True},
              f"{n} solution(s)" + (f" (stopped at the limit {limit})" if n >= limit else ""))
        return 0
    ptype = _clue(ptype, "count")
    if args.list:
        return _count_listing(args, ptype, inst)
    result = count(ptype, inst, limit, _budget(args))
    data = {"puzzle": ptype.name, "count": result.n, "limit": limit, "complete": result.complete,
            **_tally(ptype, inst, result.solutions),
            "solutions": [_solution_text(ptype, inst, s, args) for s in result.solutions[: args.show]]}
    more = "" if result.complete else " (budget ran out: at least this many)"
    more = f" (stopped at the limit {limit})" if result.complete and result.n >= limit else more
    _emit(args, data, f"{result.n} solution(s){more}{_tally_text(data)}\n" + "\n\n".join(data["solutions"]))
    return 0


COUNT_LIMIT = 100  # count's default --limit (a listing has none unless given)
COUNT_LIMIT_MAX = 100_000  # count keeps the solutions it finds; a listing streams them


def _tally(ptype: CluePuzzle, inst: Instance, solutions: list) -> dict:
    """The puzzle's further counts of `solutions` (`solution_tally`), as {"counts": {...}}."""
    if not ptype.implements("solution_tally"):
        return {}
    tally = ptype.solution_tally(inst)
    for solution in solutions:
        tally.add(solution)
    return {"counts": tally.counts()}


def _tally_text(data: dict) -> str:
    return "".join(f"\n  {name.replace('_', ' ')}: {n}" for name, n in data.get("counts", {}).items())


def _count_listing(args, ptype: CluePuzzle, inst: Instance) -> int:
    """`count --list FILE`: every solution (up to --limit) streamed to a new file."""
    from ..data.listing import list_solutions

    bar = None
    if not args.json and sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(unit="solution", desc=ptype.name, file=sys.stderr)
    try:
        listing = list_solutions(ptype, inst, args.list, args.limit, _budget(args), args.out_format,
                                 progress=bar.update if bar else None)
    finally:
        if bar:
            bar.close()
    data = {"puzzle": ptype.name, "count": listing.n, "limit": args.limit, "complete": listing.stopped is None,
            "stopped": listing.stopped, "file": str(listing.path)}
    if listing.counts:
        data["counts"] = listing.counts
    why = {None: "", "limit": f" (stopped at the limit {args.limit})",
           "budget": " (the budget ran out: the file holds those found)"}[listing.stopped]
    _emit(args, data, f"{listing.n} solution(s){why}{_tally_text(data)}\nwritten to {listing.path}")
    return 0


def cmd_clues(args) -> int:
    from ..engine.solve import clue_map

    ptype, inst = _load_clue(args)
    status, red = clue_map(ptype, inst, _budget(args))
    if red is None:
        _emit(args, {"puzzle": ptype.name, "status": status}, f"{status}: the clue map needs a unique puzzle")
        return 1
    entries = []
    for key, value in inst.clues.items():
        mark = "essential" if key in red.essential else "removable" if key in red.removable else "unknown"
        entries.append({**ptype.clue_json(key, value), "name": ptype.describe_clue(key, value), "status": mark})
    text = "\n".join(f"{e['name']:<12} {e['status']}" for e in entries)
    text += f"\n{len(red.essential)} essential, {len(red.removable)} removable, {len(red.unknown)} unknown"
    if not red.removable and not red.unknown:
        text += " (minimal: every clue is needed)"
    _emit(args, {"puzzle": ptype.name, "status": status, "clues": entries,
                 "essential": len(red.essential), "removable": len(red.removable),
                 "minimal": not red.removable and not red.unknown}, text)
    return 0


def _difficulty(ptype: PuzzleType, inst: Instance) -> dict:
    from ..engine.grade import measures

    return measures(ptype, inst)


def _difficulty_text(d: dict, puzzle: str) -> str:
    """The difficulty measures as a table, one a line, names and values each in a column: a
    headline (the level and what it means), the engine's generic SAT measures, then the
    puzzle's own (`human_*`, or a move puzzle's `difficulty`)."""
    from dataclasses import fields

    from ..engine.grade import Grade

    generic = {f.name for f in fields(Grade)}
    relaxed = [k for k in d if k.startswith("lp_")]
    groups = [("generic SAT measures", [k for k in d if k in generic]),
              ("LP relaxation (grade only)", relaxed),
              (f"{puzzle}'s own measures", [k for k in d if k not in generic and k not in relaxed])]
    if "level" in d:
        level, depth = d["level"], d.get("max_depth")
        meaning = ("the probe budget ran out" if level is None else "unit propagation settles it" if level == 0
                   else "search is needed" if depth is not None and level > depth
                   else f"failed-literal probing to depth {level} settles it")
        head = f"difficulty: level {_shown(level)} ({meaning})"
        head += f", score {_shown(d['score'])}" if "score" in d else ""
        head += "".join(f", {d[k]}{label}" for k, label in (("status", ""), ("clues", " clues")) if k in d)
    else:
        head = "difficulty:" if d else "difficulty: no measures for this board"
    width = max((len(k) for k in d), default=0)
    lines = [head]
    for title, keys in groups:
        if keys:
            lines.append(title)
            lines += [f"  {k:<{width}}  {_shown(d[k])}" for k in keys]
    return "\n".join(lines)


def cmd_explain(args) -> int:
    from ..engine.explain import explain, human_text

    ptype, inst = _load_clue(args)
    if args.human:
        if not ptype.implements("human_path"):
            raise PuzzleError(f"{ptype.name} has no human-technique solver: --human does not apply "
                              f"(sudoku has one)")
        summary, moves = ptype.human_path(inst)
        _emit(args, {"puzzle": ptype.name, **summary, "moves": moves}, human_text(ptype.name, summary, moves))
        return 0 if summary.get("solved") else 1
    found = explain(ptype, inst)
    _emit(args, found.to_json(), found.text())
    return 0 if found.status == "solved" else 1


def cmd_grade(args) -> int:
    ptype, inst = _load(args)
    d = _difficulty(ptype, inst)
    if isinstance(ptype, CluePuzzle) and ptype.implements("lp_model"):
        from ..engine.lp import relaxation

        lp = relaxation(ptype, inst)  # seed 003's claim, per puzzle: not in datasets (a cost per record)
        d.update(lp_integral=lp.integral, lp_single_point=lp.single_point, lp_fractional=lp.fractional)
    _emit(args, {"puzzle": ptype.name, "difficulty": d}, _difficulty_text(d, ptype.name))
    return 0


def _range(text: str | None) -> tuple[int, int] | None:
    """--grade LO:HI (either end may be left out), or one level N."""
    if text is None:
        return None
    try:
        lo, colon, hi = text.partition(":")
        lo_i = int(lo) if lo else 0
        rng = lo_i, int(hi) if hi else (lo_i if not colon else 99)
    except ValueError:
        raise PuzzleError(f"--grade must look like 1:2 (levels), got '{text}'") from None
    if not 0 <= rng[0] <= rng[1]:
        raise PuzzleError(f"--grade LO:HI needs 0 <= LO <= HI, got '{text}'")
    return rng


def _score_range(text: str | None) -> tuple[float, float] | None:
    """--score LO:HI (either end may be left out)."""
    if text is None:
        return None
    lo, colon, hi = text.partition(":")
    try:
        bounds = float(lo) if lo else 0.0, float(hi) if hi else (float(lo) if not colon else math.inf)
    except ValueError:
        raise PuzzleError(f"--score must look like 1.2:1.5, got '{text}'") from None
    if not (0 <= bounds[0] <= bounds[1]) or math.isnan(bounds[0] + bounds[1]):
        raise PuzzleError(f"--score LO:HI needs 0 <= LO <= HI, got '{text}'")
    return bounds


def _note_engine() -> None:
    """Say so when grading will run without its compiled engine: the same grades, slower."""
    from ..engine.rounds import ENGINE

    if ENGINE != "C":
        print("puzzlelab: note: lab/engine/_rounds.c was not compiled at install (no C compiler?): grading runs "
              "in Python, the same grades about 20 times slower", file=sys.stderr)


def cmd_generate(args, extra: list[str]) -> int:
    from ..data.dataset import DatasetSpec, generate_dataset

    gen = registry.generator(args.puzzle)
    ptype = registry.puzzle(args.puzzle)
    if extra:
        known = ", ".join(f"--{o.name}" for o in gen.options) or "none"
        raise PuzzleError(f"unknown option {extra[0]} for {ptype.name} (its options: {known})")
    if getattr(args, "options_for", None) != ptype.name:  # `_generate_puzzle` did not find the puzzle
        raise PuzzleError(f"name the puzzle first: puzzlelab generate {ptype.name} --out FILE [options]")
    options = {o.name: getattr(args, f"option_{o.name}") for o in gen.options}
    if args.mix is not None or args.split is not None:
        return _generate_collection(args, options, {o.name: o.default for o in gen.options})
    gen.checked_params(**options)  # validate before any work starts
    spec = DatasetSpec(puzzle=ptype.name, options=options, count=args.count, seed=args.seed,
                       target=args.target, symmetric=args.symmetric, minimal=not args.no_minimal,
                       difficulty=_range(args.difficulty), score=_score_range(args.score),
                       grade=not args.no_grade, dedup=args.dedup, cross_check=args.cross_check,
                       conflicts=args.conflicts, timeout=args.timeout)
    spec.validate()
    fmt = format_of(args.out, args.out_format)  # a layout the name contradicts: refused before any work
    output_path(args.out)
    if spec.grade and not args.quiet:
        _note_engine()
    bar = _Progress(args.count, ptype.name, shown=not args.json and not args.quiet)
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        summary = _interruptible(lambda stop: generate_dataset(
            spec, args.out, fmt, workers=args.workers, scheduler=args.scheduler, progress=bar.update,
            stop=stop.is_set))
    finally:
        signal.signal(signal.SIGTERM, previous)
        bar.close()
    from ..data.stats import dataset_stats, format_stats

    _card_for(Path(summary.path), fmt, {"all": Path(summary.path)}, args)
    stats = dataset_stats(summary.path, fmt=fmt).to_json()
    data = {"out": summary.path, "records": summary.written, "generated": summary.new,
            "resumed": summary.resumed, "duplicates_skipped": summary.duplicates,
            "seconds": round(summary.seconds, 3), "puzzles_per_second": round(summary.rate, 2), "stats": stats}
    text = (f"wrote {summary.written} puzzles to {summary.path} ({summary.new} new, {summary.resumed} resumed, "
            f"{summary.duplicates} duplicates skipped) in {summary.seconds:.2f} s, {summary.rate:.3g} puzzles/s")
    text += "\n" + (format_stats(stats) if args.stats else _stats_brief(stats, summary.path))
    _emit(args, data, text)
    return 0


_argv: list[str] = []  # the command line `main` runs, for the dataset card


def _command_line() -> str:
    return "puzzlelab " + " ".join(shlex.quote(a) for a in _argv)


def _card_for(out: Path, fmt: str, files: dict[str, Path], args, records: list[dict] | None = None) -> None:
    """Write the dataset card beside a dataset just written, and say where when it is not the
    README.md (someone else's README.md is there)."""
    from ..data.collection import card_path, write_card
    from ..data.records import read_records

    if fmt == "kaggle":
        return  # the bare puzzle,solution layout: no record carries what a card says
    if records is None:
        records = list(read_records(out, fmt=fmt))
    path = write_card(out, fmt, files, records, _command_line())
    if not card_path(out)[1] and not args.quiet:
        print(f"puzzlelab: note: {out.with_name('README.md')} is not a card of ours: the card is {path}",
              file=sys.stderr)


def _generate_collection(args, options: dict, defaults: dict) -> int:
    """`generate --split` and `generate --mix`: one dataset per part, resumable, in a hidden
    folder beside the output, then the files people load and their card (lab/data/collection.py)."""
    from ..data.collection import Part, make_collection, parse_mix, parse_split
    from ..data.dataset import DatasetSpec, generate_dataset

    splits = parse_split(args.split) if args.split is not None else None
    if args.mix is not None:
        changed = [f"--{k}" for k, v in options.items() if v != defaults[k]]
        if changed:
            raise PuzzleError(f"--mix gives each puzzle its size: {', '.join(changed)} does not apply")
        parts = parse_mix(args.mix)
    else:
        parts = [Part(args.puzzle, options, args.count)]
    fmt = format_of(args.out, args.out_format)
    out = output_path(args.out)
    specs = [DatasetSpec(puzzle=part.puzzle, options={**_defaults_of(part.puzzle), **part.options},
                         count=part.count, seed=args.seed + k, target=args.target, symmetric=args.symmetric,
                         minimal=not args.no_minimal, difficulty=_range(args.difficulty),
                         score=_score_range(args.score), grade=not args.no_grade, dedup=args.dedup,
                         cross_check=args.cross_check, conflicts=args.conflicts, timeout=args.timeout)
             for k, part in enumerate(parts)]

    def run(spec: DatasetSpec, path: Path) -> Path:
        bar = _Progress(spec.count, spec.puzzle, shown=not args.json and not args.quiet)
        try:
            return Path(_interruptible(lambda stop: generate_dataset(
                spec, path, "jsonl", workers=args.workers, scheduler=args.scheduler, progress=bar.update,
                stop=stop.is_set)).path)
        finally:
            bar.close()

    made = make_collection(specs, out, fmt, splits, _command_line(), run)
    counts = made.counts()
    data = {"out": {name: str(path) for name, path in made.files.items()}, "records": len(made.records),
            "splits": counts,
            "parts": [{"puzzle": s.puzzle, "options": s.options, "count": s.count, "seed": s.seed} for s in specs]}
    text = f"wrote {len(made.records)} puzzles: " + ", ".join(f"{counts[name]} to {path}"
                                                            for name, path in made.files.items())
    _emit(args, data, text)
    return 0


def _defaults_of(puzzle: str) -> dict:
    return {o.name: o.default for o in registry.generator(puzzle).options}


def _stats_brief(stats: dict, path: str) -> str:
    """One line of a new dataset's statistics (`generate --stats`, or `stats FILE`, for all)."""
    clues, v, n = stats["clue_count"], stats["verified"], stats["records"]
    parts = [f"clues {clues['min']}-{clues['max']} (mean {clues['mean']})"] if clues.get("n") else []
    level = stats["difficulty"].get("level", {})
    if level.get("n"):
        parts.append(f"level {level['min']}-{level['max']} (mean {level['mean']})")
    if v.get("recorded", {}).get("unique", n):
        parts.append(f"unique {v['unique']}/{n}, minimal {v['minimal']}/{n}")
    return f"{'; '.join(parts)} (`puzzlelab stats {path}` for the histograms)"


class _Progress:
    """generate's progress bar: drawn on a terminal only (a log gets no carriage-return
    updates), and only once the run has checked its options and outputs and starts work."""

    def __init__(self, total: int, name: str, shown: bool) -> None:
        self.total, self.name = total, name
        self.shown = shown and sys.stderr.isatty()
        self.bar: Any = None

    def update(self, n: int) -> None:
        if not self.shown:
            return
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=self.total, unit="puzzle", desc=self.name, file=sys.stderr)
        self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _on_sigterm(signum: int, frame: Any) -> None:
    raise Terminated


def _interruptible(work: Callable[[threading.Event], Any]) -> Any:
    """Run `work` in a second thread and turn Ctrl-C (and SIGTERM) into a request to stop
    after the chunk in hand. python-sat answers SIGINT in the main thread by jumping out of
    the C solver, which leaves it unusable (CaDiCaL aborts); off the main thread it leaves
    solvers alone."""
    stop = threading.Event()
    box: dict = {}

    def run() -> None:
        try:
            box["result"] = work(stop)
        except BaseException as exc:  # handed to the main thread below
            box["error"] = exc

    thread = threading.Thread(target=run, name="puzzlelab-work")
    thread.start()
    interrupted: KeyboardInterrupt | None = None
    while thread.is_alive():
        try:
            thread.join(0.2)
        except KeyboardInterrupt as exc:  # Ctrl-C, or Terminated from SIGTERM
            interrupted = interrupted or exc
            stop.set()
    if interrupted is not None:
        raise interrupted
    if "error" in box:
        raise box["error"]
    return box["result"]


def _bounded(args, work: Callable[[], int]) -> int:
    """Run a one-shot command with --timeout as a deadline for all of it: solver calls stop
    themselves at their budget, and if building the rules (or anything else) is still going
    a moment later, the answer is "unknown" and the process ends. Never "unique" by default."""
    limit = getattr(args, "timeout", None)
    if limit is None:
        return work()
    box: dict = {}

    def run() -> None:
        try:
            box["code"] = work()
        except BaseException as exc:  # handed to the main thread below
            box["error"] = exc

    thread = threading.Thread(target=run, name="puzzlelab-command", daemon=True)
    thread.start()
    thread.join(limit + WATCHDOG_GRACE)
    if thread.is_alive():
        what = "the picture was written" if args.command == "render" else "the answer was known"
        _emit(args, {"puzzle": registry.puzzle(args.puzzle).name if args.puzzle else None, "status": "unknown",
                     "reason": f"--timeout {limit:g} s ran out"},  # (render --sheet names no puzzle)
              f"unknown: the --timeout of {limit:g} s ran out before {what}")
        sys.stderr.flush()
        discard_pending()  # a half-written listing must not stay behind as a hidden file
        os._exit(EXIT_NOT_DEFINITE)  # the work thread may be inside C code that cannot be stopped
    if "error" in box:
        raise box["error"]
    return box["code"]


def cmd_stats(args) -> int:
    from ..data.stats import dataset_stats, format_stats

    s = dataset_stats(args.file, skip_bad=args.skip_bad, fmt=args.format)
    data = s.to_json()
    if s.bad_lines:
        data["bad_line_messages"] = s.bad_lines[:20]
    _emit(args, data, format_stats(data))
    return 0


def cmd_score(args) -> int:
    """Exit 0 when every answer belongs to a record of the dataset, 2 when some do not (the
    answers are then likely of another dataset; the scores are still shown)."""
    from ..data.scoring import output_file, score_dataset, write_scores

    inputs = (args.dataset, args.answers)
    if args.out:
        output_file(args.out, inputs)
    if args.plot:
        from ..data.plot import picture_format

        picture_format(args.plot, "--plot")
    report = score_dataset(args.dataset, args.answers, fmt=args.format)
    if args.out:
        write_scores(report.scores, args.out, inputs)
    if args.plot:
        from ..data.accuracy_plot import plot_accuracy

        plot_accuracy(report.scores, args.plot, inputs)
    _emit(args, report.to_json(), report.text())
    return EXIT_BAD_INPUT if report.unknown_ids else 0


def cmd_plot(args) -> int:
    """Datasets' clue counts and grades; or, for files of scores (`score -o`), accuracy
    against the grade level."""
    from ..data.plot import picture_format, plot_datasets
    from ..data.scoring import read_scores

    picture_format(args.out)
    scores = [read_scores(path) for path in args.files]
    if all(found is not None for found in scores):
        from ..data.accuracy_plot import plot_accuracy

        plot_accuracy([row for found in scores for row in found or []], args.out, args.files, option="--out")
        _emit(args, {"out": args.out, "scores": args.files}, f"wrote {args.out}")
        return 0
    if any(found is not None for found in scores):
        raise PuzzleError("plot draws datasets or files of scores (score -o), not both at once")
    plot_datasets(args.files, args.out, skip_bad=args.skip_bad, labels=args.label, layout=args.format)
    _emit(args, {"out": args.out, "datasets": args.files}, f"wrote {args.out}")
    return 0


def cmd_render(args) -> int:
    from ..data.plot import picture_format
    from .render import render, render_sheet, solution_for

    picture_format(args.out)  # a bad --out is refused before any work
    if args.sheet is not None:
        if args.puzzle or args.file:
            raise PuzzleError("render --sheet DATASET draws the dataset's own puzzles: give no PUZZLE or FILE")
        done = render_sheet(args.sheet, args.out, args.count or (12 if args.booklet else 6), args.solution,
                            _budget(args), booklet=args.booklet, title=args.title)
        puzzles, pages = done["puzzles"], done["pages"]
        after = " and their answers at the back" if args.booklet else " and their solutions" if args.solution else ""
        _emit(args, {"out": args.out, **done},
              f"wrote {args.out}: {puzzles} puzzle{'s' * (puzzles != 1)}{after} on {pages} page{'s' * (pages != 1)}")
        return 0
    if not args.puzzle or not args.file:
        raise PuzzleError("render needs PUZZLE and FILE (or --sheet DATASET)")
    for given, option in ((args.count is not None, "--count"), (args.booklet, "--booklet"),
                          (args.title is not None, "--title")):
        if given:
            raise PuzzleError(f"{option} is for --sheet")
    ptype, inst = _load(args)
    sol, note = solution_for(ptype, inst, _budget(args)) if args.solution else (None, "")
    render(ptype, inst, args.out, sol, note)
    _emit(args, {"out": args.out}, f"wrote {args.out}")
    return 0


def _load_any(args) -> tuple[PuzzleType, Instance, str]:
    """`_load` for the commands every puzzle has (`show`, `convert`): the puzzle, the board,
    and the format it was read in."""
    ptype = registry.puzzle(args.puzzle)
    text, name = _read(args.file)
    try:
        return ptype, ptype.parse(text, args.format), args.format or ptype.sniff(text)
    except PuzzleError as exc:
        exc.source = name
        raise


def cmd_show(args) -> int:
    """`show`: the puzzle itself, drawn for a terminal (lab/face/share.py)."""
    from .share import show_text

    ptype, inst, source = _load_any(args)
    text = show_text(ptype, inst)
    _emit(args, {"puzzle": ptype.name, "format": source, "text": text}, text)
    return 0


def cmd_convert(args) -> int:
    """`convert`: the puzzle in another of its formats (`--to`), and with `--link` the links
    that open it in a player: Simon Tatham's web player, puzz.link's, or both."""
    from .share import tatham_game, tatham_link

    ptype = registry.puzzle(args.puzzle)
    if args.to is None and not args.link:
        raise PuzzleError(f"convert needs --to FORMAT (one of: {', '.join(ptype.formats)}) or --link")
    if args.to is not None and args.to not in ptype.formats:
        raise PuzzleError(f"unknown {ptype.name} format {quote(args.to)} for --to (known: {', '.join(ptype.formats)})")
    if args.link and tatham_game(ptype) is None and "puzzlink" not in ptype.formats:
        raise PuzzleError(f"--link: neither Simon Tatham's collection nor puzz.link has {ptype.name}, so there "
                          "is no player to link to")
    ptype, inst, source = _load_any(args)
    data: dict = {"puzzle": ptype.name, "from": source}
    lines = []
    if args.to is not None:
        data["to"] = args.to
        data["text"] = ptype.format(inst, args.to)
        lines.append(data["text"])
    if args.link and tatham_game(ptype) is not None:
        data["tatham_id"] = ptype.format(inst, "tatham")
        data["link"] = tatham_link(ptype, inst)
        lines.append(data["link"])
    if args.link and "puzzlink" in ptype.formats:
        data["puzzlink"] = ptype.format(inst, "puzzlink")
        lines.append(data["puzzlink"])
    _emit(args, data, "\n".join(lines))
    return 0


def _check_out_format(args) -> None:
    """Refuse, in one line and before any work, an `--out-format` that is not a form this
    puzzle prints solutions in: its `solution_formats` where it declares them (a game ID
    that holds only clues is no form for a solution), else its `formats`."""
    fmt = getattr(args, "out_format", None)
    # generate's is a dataset layout (argparse checks it); a render --sheet has no one puzzle
    if fmt is None or args.command == "generate" or not getattr(args, "puzzle", None):
        return
    ptype = registry.puzzle(args.puzzle)
    known = ptype.solution_formats or ptype.formats
    if fmt not in known:
        hint = (f"; `puzzlelab convert {ptype.name} FILE --to {fmt}` writes the puzzle itself that way"
                if fmt in ptype.formats else "")
        raise PuzzleError(f"unknown --out-format {quote(fmt)} for {ptype.name} solutions "
                          f"(known: {', '.join(known)}){hint}")


# ---- parser -----------------------------------------------------------------------------
def build_parser(generate: str | None = None) -> argparse.ArgumentParser:
    """The command line. `generate` names the puzzle whose own options `generate` takes
    (`main` finds it on the command line first, `_generate_puzzle`); without it, `generate`
    has the general options only, and its help lists the puzzles."""
    p = _Parser(prog="puzzlelab", description="Solve, check and generate unique pencil-logic puzzles.")
    p.add_argument("--version", action=_Version, help="print the version and exit")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser, metavar="COMMAND",
                           help="what to do; `puzzlelab COMMAND --help` shows its options")

    def command(name: str, func: Callable | None, help: str, puzzle: bool = True,
                file: bool = True, optional: bool = False) -> argparse.ArgumentParser:
        """A subcommand; `optional`: PUZZLE and FILE may be left out (render --sheet)."""
        sp = sub.add_parser(name, help=help, description=help)
        maybe: dict[str, Any] = {"nargs": "?", "default": ""} if optional else {}
        if puzzle:
            sp.add_argument("puzzle", help="puzzle name or alias (`puzzlelab list` shows them)", **maybe)
        if file:
            sp.add_argument("file", help="puzzle file, or - for standard input", **maybe)
            sp.add_argument("--format", metavar="FORMAT",
                            help="input format, one of the puzzle's formats (default: detected from the text)")
            sp.add_argument("--out-format", metavar="FORMAT",
                            help="format of printed solutions (default: grid where the puzzle has it, else its "
                                 "first format)")
            sp.add_argument("--conflicts", type=_number(int, 1), metavar="N",
                            help="conflict budget per solver call; when it runs out the answer is 'unknown' "
                                 "(default: no limit)")
            sp.add_argument("--timeout", type=_number(float, 0.001, 86400), default=_timeout_default(DEFAULT_TIMEOUT),
                            metavar="SECONDS", help="seconds for the whole command, building the rules included; "
                                                    "when it runs out the answer is 'unknown', never 'unique' "
                                                    f"({TIMEOUT_VARIABLE} sets another default, or none)")
        sp.add_argument("--json", action="store_true", help="print one JSON document instead of text")
        sp.set_defaults(func=func)
        return sp

    sp = command("list", cmd_list, "the puzzles and what each supports (`list PUZZLE`: one puzzle in full)",
                 puzzle=False, file=False)
    sp.add_argument("puzzle", nargs="?", help="describe this puzzle alone: its rules, formats, commands, size "
                                              "limit and generate options (default: list every puzzle)")
    engine_help = ("sat (default), or lp: the integer program on OR-Tools' MIP solver, for puzzles with a "
                   "linear model (sudoku)")
    sp = command("solve", cmd_solve, "print a solution")
    sp.add_argument("--engine", choices=("sat", "lp"), default="sat", help=engine_help)
    sp = command("check", cmd_check, "unique, ambiguous (two solutions) or unsolvable (conflicting clues)")
    sp.add_argument("--engine", choices=("sat", "lp"), default="sat", help=engine_help)
    sp.add_argument("--without", nargs="+", metavar="CLUE", help="check with these clues removed (e.g. r1c3)")
    sp.add_argument("--cpsat", action="store_true", help="also ask CP-SAT (the second engine)")
    sp.add_argument("--grade", action="store_true", help="also print the difficulty measures (--json always "
                                                         "has them)")
    sp.add_argument("--no-grade", action="store_true",
                    help="leave the difficulty out of --json (it costs a fresh solve)")
    sp = command("count", cmd_count, "count solutions up to a limit")
    sp.add_argument("--limit", type=_number(int, 1, 100_000_000), default=None, metavar="N",
                    help=f"stop counting at this many solutions [1..{COUNT_LIMIT_MAX}] (default: {COUNT_LIMIT}; "
                         "with --list: no limit, up to 100000000)")
    sp.add_argument("--show", type=_number(int, 0), default=2, metavar="N",
                    help="how many of the solutions found to print")
    sp.add_argument("--list", metavar="FILE",
                    help="write every solution to FILE, a new file, as found (.jsonl: one JSON object each)")
    command("clues", cmd_clues, "which clues are essential and which could be removed alone")
    command("grade", cmd_grade, "difficulty measures of a puzzle")
    sp = command("explain", cmd_explain, "the solving path, step by step: what each step settles and why")
    sp.add_argument("--human", action="store_true",
                    help="the human techniques' path instead (singles, pairs, ...), where the puzzle has one: "
                         "sudoku")
    sp = command("generate", None, "generate a dataset of unique puzzles", file=False)
    _generate_arguments(sp, registry.generator(generate) if generate else None)
    sp = command("stats", cmd_stats, "statistics of a dataset", puzzle=False, file=False)
    sp.add_argument("file", help="dataset file (.jsonl, .csv or .parquet, as `generate` writes them)")
    sp.add_argument("--format", choices=DATASET_FORMATS, help=DATASET_FORMAT_HELP)
    sp.add_argument("--skip-bad", action="store_true",
                    help="skip malformed records (counted and named) instead of stopping at the first")
    sp = command("score", cmd_score, "score a model's answers against a dataset", puzzle=False, file=False)
    sp.description = ("Score a model's answers against a dataset: each answer is read leniently and checked by "
                      "the puzzle's rules (1 = valid, partial credit for a wrong grid, 0 for unreadable or "
                      "missing), then accuracy is shown by puzzle, size and grade level.")
    sp.add_argument("dataset", help="the dataset the questions came from (.jsonl, .csv or .parquet)")
    sp.add_argument("answers", help='JSONL, one {"id": ..., "answer": ...} a line (response, output or '
                                    "completion are read as the answer too)")
    sp.add_argument("--format", choices=DATASET_FORMATS, help=DATASET_FORMAT_HELP)
    sp.add_argument("-o", "--out", metavar="SCORES.jsonl", help="also write each record's score and reason")
    sp.add_argument("--plot", metavar="FILE",
                    help="draw the mean score and the share fully right against the grade level (.png, .pdf, .svg)")
    sp = command("plot", cmd_plot, "plots of datasets' clue counts and grades, by puzzle and size", puzzle=False,
                 file=False)
    sp.add_argument("files", nargs="+", help="dataset files, drawn side by side; or files of scores (`score -o`): "
                                             "accuracy against the grade level")
    sp.add_argument("--out", required=True, metavar="FILE", help="picture file (.png, .pdf, .svg, ...)")
    sp.add_argument("--label", nargs="+", help="legend labels, one per file (default: the file names)")
    sp.add_argument("--format", choices=DATASET_FORMATS, help=DATASET_FORMAT_HELP)
    sp.add_argument("--skip-bad", action="store_true",
                    help="skip malformed records (counted in the legend) instead of stopping at the first")
    sp = command("render", cmd_render, "draw a board (and its solution) to a picture (.png, .pdf, .svg, ...)",
                 optional=True)  # PUZZLE FILE, or --sheet DATASET instead
    sp.add_argument("--out", required=True, metavar="FILE", help="picture file (.png, .pdf, .svg, ...)")
    sp.add_argument("--solution", action="store_true",
                    help="draw the solution beside the puzzle (a move puzzle's: what `solve` answers); "
                         "with --sheet, on the pages after the puzzles")
    sp.add_argument("--sheet", metavar="DATASET",
                    help="draw the first puzzles of a dataset file (.jsonl, .csv, .parquet) on pages for "
                         "printing, 6 to a page, each puzzle's number, size and difficulty under it (.pdf: one "
                         "page each, its text searchable; .png, .svg: one tall picture)")
    sp.add_argument("--count", type=_number(int, 1, 1000), metavar="N",
                    help="with --sheet: how many puzzles [1..1000] (default: 6; a booklet's: 12)")
    sp.add_argument("--booklet", action="store_true",
                    help="with --sheet: a booklet, 4 larger puzzles to a page and their answers at the back, "
                         "12 to a page")
    sp.add_argument("--title", metavar="TEXT",
                    help="with --sheet: the title over every page (default: the puzzles' names)")
    sp = command("show", cmd_show, "print the puzzle itself, drawn for a terminal", file=False)
    sp.add_argument("file", help="puzzle file, or - for standard input")
    sp.add_argument("--format", metavar="FORMAT",
                    help="input format, one of the puzzle's formats (default: detected from the text)")
    sp = command("convert", cmd_convert, "write the puzzle in another of its formats (Simon Tatham's game IDs "
                                         "and puzz.link addresses among them), or link it to a player", file=False)
    sp.add_argument("file", help="puzzle file, or - for standard input")
    sp.add_argument("--format", metavar="FORMAT",
                    help="input format, one of the puzzle's formats (default: detected from the text)")
    sp.add_argument("--to", metavar="FORMAT", help="output format, one of the puzzle's formats (`puzzlelab list "
                                                   "PUZZLE` shows them)")
    sp.add_argument("--link", action="store_true", help="also print the links that open the puzzle in Simon "
                                                        "Tatham's web player and in puzz.link's (where they have it)")
    return p


def _generate_arguments(sp: argparse.ArgumentParser, gen: Generator | None, lenient: bool = False) -> None:
    """`generate`'s options: the general ones, then `gen`'s puzzle's own in a group of their
    own (the generator's `Option`s: meaning and range, argparse adds the default). `lenient`:
    the first reading of the command line (`_generate_puzzle`), which requires nothing."""
    sp.add_argument("--count", type=_number(int, 1, MAX_COUNT), default=10, metavar="N",
                    help=f"puzzles in the dataset [1..{MAX_COUNT:,}]")
    sp.add_argument("--seed", type=_number(int, 0, 2**63 - 1), default=0, metavar="S",
                    help="random seed: item i depends only on the options, the seed and i")
    sp.add_argument("--out", required=not lenient, metavar="FILE",
                    help="output file (.jsonl, .csv, .parquet); a dataset this same command made is extended, "
                         "anything else there is refused")
    sp.add_argument("--out-format", choices=["jsonl", "csv", "kaggle", "parquet"],
                    help="how to write it, kaggle being the sudoku puzzle,solution CSV (default: from the file name)")
    sp.add_argument("--workers", type=_workers, default=1, metavar="N",
                    help=f"local worker processes [1..{MAX_WORKERS}], or auto: one per core this process may use; "
                         "on a cluster, at least this many kept busy (it fills the whole cluster anyway)")
    sp.add_argument("--scheduler", metavar="ADDRESS",
                    help="Dask scheduler to run on (tcp://HOST:8786), needs the cluster extra and the same "
                         "version of the lab on every worker (default: local processes)")
    sp.add_argument("--target", type=_number(int, 0), metavar="N",
                    help="stop stripping at this many clues: faster, not minimal (default: strip to minimal)")
    sp.add_argument("--symmetric", action="store_true",
                    help="strip clues in 180-degree pairs (then minimal among symmetric clue sets only)")
    sp.add_argument("--no-minimal", action="store_true", help="keep the full clue set (no stripping)")
    sp.add_argument("--no-grade", action="store_true",
                    help="leave the difficulty out of the records (grading is most of the time a puzzle takes)")
    sp.add_argument("--grade", "--difficulty", dest="difficulty", metavar="LO:HI",
                    help="keep only puzzles whose generic level is in LO:HI, or is N (0 = unit propagation; "
                         "default: any level)")
    sp.add_argument("--score", metavar="LO:HI",
                    help="keep only puzzles whose generic score is in LO:HI (level plus a fraction for the "
                         "effort within it, e.g. 1.3:1.6; default: any)")
    sp.add_argument("--dedup", choices=["none", "exact", "symmetry"], default="exact",
                    help="drop repeated puzzles: none, exact (the same clues) or symmetry (the same up to the "
                         "puzzle's symmetries)")
    sp.add_argument("--cross-check", action="store_true", help="re-check every puzzle with CP-SAT")
    sp.add_argument("--conflicts", type=_number(int, 1), metavar="N",
                    help="conflict budget per check; a check that runs out keeps its clue, and the record says "
                         "minimal: false (default: no limit)")
    sp.add_argument("--timeout", type=_number(float, 0.001, 86400), default=_timeout_default(GENERATE_TIMEOUT),
                    metavar="SECONDS",
                    help="seconds (wall time) each puzzle may take, grading included; one that takes longer "
                         "stops the run (exit 1) and keeps the puzzles made before it: rerun with a larger "
                         "--timeout to go on, or choose a smaller size (`puzzlelab list PUZZLE` says what each "
                         "size costs). It never changes a puzzle: each is made whole or not at all")
    sp.add_argument("--split", metavar="NAME=SHARE,...",
                    help="split into files NAME by the puzzle's canonical_key (train=0.9,test=0.1 writes "
                         "OUT.train.EXT and OUT.test.EXT): boards equal up to symmetry share a split, so none "
                         "leaks; the shares are about the ones asked for")
    sp.add_argument("--mix", metavar="PUZZLE[:SIZE]=COUNT,...",
                    help="several puzzles in one table, instead of naming one: sudoku:9x9=500,nonogram:15=500 "
                         "(SIZE goes to the puzzle's --size; --count is their sum)")
    sp.add_argument("--quiet", action="store_true", help="no progress bar (there is none off a terminal)")
    sp.add_argument("--stats", action="store_true",
                    help="print the dataset's statistics in full at the end (default: one line of them)")
    if lenient:
        return
    if gen is None:
        sp.usage = "%(prog)s PUZZLE --out FILE [options]"
        if isinstance(sp, _Parser):
            sp.epilog_from = _generate_epilog
        return
    name = gen.ptype.name
    sp.usage = f"%(prog)s {name} --out FILE [options]"
    sp.description = f"generate a dataset of unique puzzles: {gen.ptype.title}"
    sp.epilog = f"`puzzlelab list {name}` describes {name}: its rules, formats and size limit."
    own = sp.add_argument_group(f"{name} options", f"what the {name} generator itself takes")
    for opt in gen.options:
        own.add_argument(f"--{opt.name}", type=opt.type, default=opt.default, dest=f"option_{opt.name}",
                         metavar=opt.name.upper(), help=opt.described.replace("%", "%%"))
    sp.set_defaults(options_for=name)


def _generate_epilog() -> str:
    names = [ptype.name for ptype, gen in registry.all_puzzles() if gen is not None]
    return (f"puzzles: {', '.join(names)}. Each has options of its own (sudoku: --size, --box): "
            f"`puzzlelab generate PUZZLE --help` shows them, with their defaults and ranges.")


class _Unreadable(Exception):
    """The first reading of a `generate` command line gave up: the real parser will say why."""


class _Probe(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Unreadable(message)


def _generate_puzzle(argv: list[str]) -> str | None:
    """The puzzle a `generate` command line names, when it has a generator: found by a first,
    lenient reading (no help printed, nothing required, the puzzle's own options skipped),
    so that the parser proper can take that puzzle's options and `--help` can show them.
    None for any other command line (the top level has no option that takes a value, so the
    first word is the command)."""
    words = [a for a in argv if not a.startswith("-")]
    if not words or words[0] != "generate":
        return None
    # no abbreviations: a puzzle's own option (Dominosa's `--n`) is not short for `--no-grade`
    probe = _Probe(prog="puzzlelab generate", add_help=False, allow_abbrev=False)
    probe.add_argument("puzzle", nargs="?")
    _generate_arguments(probe, None, lenient=True)
    try:
        name = probe.parse_known_args(argv[argv.index("generate") + 1:])[0].puzzle
        return name if name is not None and registry.has_generator(name) else None
    except (_Unreadable, PuzzleError):  # an unknown puzzle, a bad value: the parser proper reports it
        return None


ONE_SHOT = {"solve", "check", "count", "clues", "grade", "explain", "render"}  # bounded by --timeout as a whole


def main(argv: list[str] | None = None) -> int:
    global _emitted
    _emitted = False
    argv = sys.argv[1:] if argv is None else argv
    try:
        _check_timeout_variable()
    except PuzzleError as exc:
        _fail(str(exc))
        return EXIT_BAD_INPUT
    _argv[:] = argv
    argv = _mix_puzzle_named(argv)
    parser = build_parser(_generate_puzzle(argv))
    args, extra = parser.parse_known_args(argv)
    try:
        if getattr(args, "format", None) == "":
            raise PuzzleError("--format needs a format name (leave it out to detect the format)")
        folders = _missing_folders(args)
        if args.command == "generate":
            code = cmd_generate(args, extra)
        else:
            if extra:
                parser.error(f"unrecognized arguments: {' '.join(extra)}")
            _check_out_format(args)
            code = _bounded(args, lambda: args.func(args)) if args.command in ONE_SHOT else args.func(args)
        _note_folders(folders)
        return code
    except RecursionError:  # json and ast parse recursively: input nested thousands deep
        _fail("input nested too deeply to read")
        return EXIT_BAD_INPUT
    except PuzzleError as exc:
        source = getattr(exc, "source", None)
        _fail(f"{source + ': ' if source else ''}{exc}")
        return EXIT_BAD_INPUT
    except Unknown as exc:
        print(f"puzzlelab: unknown: {exc}", file=sys.stderr)
        return EXIT_NOT_DEFINITE
    except BrokenPipeError:  # stdout closed before the answer: the answer's code is lost
        return EXIT_NOT_DEFINITE
    except OSError as exc:  # unwritable output, full disk, ...: one line, like bad input
        _fail(f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": "))
        return EXIT_BAD_INPUT
    except Terminated:
        print("puzzlelab: terminated (rerun the same command to resume)", file=sys.stderr)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        print("puzzlelab: interrupted (rerun the same command to resume)", file=sys.stderr)
        return 130


def _mix_puzzle_named(argv: list[str]) -> list[str]:
    """`generate --mix SPEC` names no puzzle: the first one of the mix stands in for the
    parser (its own options are refused by `cmd_generate`)."""
    if argv[:1] != ["generate"]:
        return argv
    for i, arg in enumerate(argv):
        value = arg[len("--mix="):] if arg.startswith("--mix=") else argv[i + 1] if arg == "--mix" and \
            i + 1 < len(argv) else None
        if value is not None:
            first = value.split(",")[0].split(":")[0].split("=")[0].strip()
            return argv if first in argv[1:i] else [argv[0], first or "sudoku", *argv[1:]]
    return argv


def _missing_folders(args) -> list[tuple[str, Path]]:
    """For each output option (`--out`, `count --list`): the outermost folder of its path
    that does not exist yet, which the command will make."""
    found = []
    for option, value in (("--out", getattr(args, "out", None)), ("--list", getattr(args, "list", None))):
        if not value or value == "-":
            continue
        folder, missing = Path(value).parent, None
        while not folder.exists() and folder != folder.parent:
            missing, folder = folder, folder.parent
        if missing is not None:
            found.append((option, missing))
    return found


def _note_folders(folders: list[tuple[str, Path]]) -> None:
    """Say which folders the command made for its outputs: never silently."""
    for option, folder in folders:
        if folder.is_dir():
            print(f"puzzlelab: made the folder {folder} for {option}", file=sys.stderr)


def _fail(message: str) -> None:
    print(f"puzzlelab: error: {_short_message(message)}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
