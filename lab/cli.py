"""`puzzlelab`: the command line. All printing happens here, none in the library.

Every command takes `--json` and then prints exactly one JSON document. Bad input ends
with one line naming what and where, exit code 2, and no traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

from . import registry
from .dataset import MAX_COUNT, MAX_WORKERS
from .puzzle import QUOTE_LIMIT, CluePuzzle, Instance, MovePuzzle, PuzzleError, PuzzleType, quote
from .sat import Budget, Unknown

EXIT_BAD_INPUT = 2
EXIT_NOT_DEFINITE = 1  # check: not unique; solve: no solution, or the budget ran out
EXIT_TERMINATED = 143  # SIGTERM, like a shell's 128 + 15
DEFAULT_TIMEOUT = 60.0  # seconds for a one-shot question (solve, check, count, clues, grade)
WATCHDOG_GRACE = 2.0  # seconds past --timeout before the whole command is called unknown


class Terminated(KeyboardInterrupt):
    """SIGTERM during `generate`: stop after the chunk in hand, like Ctrl-C."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (exit 2), like every other bad input."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"{self.prog}: error: {message} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)


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
    """(text, name) of a file or stdin ('-')."""
    if path == "-":
        return sys.stdin.read().lstrip("\ufeff"), "<stdin>"
    try:
        with open(path, encoding="utf-8-sig") as f:  # -sig: a byte-order mark is not a cell
            return f.read(), path
    except FileNotFoundError:
        raise PuzzleError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise PuzzleError(f"is a directory: {path}") from None
    except UnicodeDecodeError:
        raise PuzzleError(f"{path}: not a text file") from None


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
def cmd_list(args) -> int:
    rows = []
    for ptype, gen in registry.all_puzzles():
        supports = registry.commands(ptype)
        rows.append({"name": ptype.name, "aliases": list(ptype.aliases), "title": ptype.title,
                     "formats": list(ptype.formats), "supports": supports, "size_limit": ptype.size_limit_text,
                     "generator_options": [o.name for o in gen.options] if gen else []})
    text = "\n".join(f"{r['name']:<14} {r['title']}\n{'':<14} aliases: {', '.join(r['aliases']) or '-'}; "
                     f"formats: {', '.join(r['formats'])}; supports: {', '.join(r['supports'])}; "
                     f"size: {r['size_limit']}"
                     + (f"; generate options: {' '.join('--' + o for o in r['generator_options'])}"
                        if r["generator_options"] else "") for r in rows)
    _emit(args, {"puzzles": rows}, text)
    return 0


def cmd_solve(args) -> int:
    ptype, inst = _load(args)
    if isinstance(ptype, MovePuzzle):
        answer = ptype.answer(inst, time_limit=args.timeout)
        _emit(args, {"puzzle": ptype.name, **answer.data}, answer.text)
        return 0
    ptype = _clue(ptype, "solve")
    from .solve import solve

    try:
        sol = solve(ptype, inst, _budget(args))
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
    from .solve import check, find_clues

    ptype, inst = _load_clue(args)
    without = find_clues(ptype, inst, args.without or [])
    report = check(ptype, inst, without, _budget(args), second_opinion=args.cpsat)
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
    if report.cpsat is not None:
        data["cpsat"] = report.cpsat
        lines.append(f"CP-SAT says: {report.cpsat}")
    if (args.grade or args.json) and not args.no_grade:  # --json documents carry the difficulty
        data["difficulty"] = _difficulty(ptype, shown)
        if args.grade:
            lines.append(_difficulty_text(data["difficulty"]))
    _emit(args, data, "\n".join(lines))
    return 0 if report.status == "unique" else 1


def cmd_count(args) -> int:
    from .solve import count

    ptype, inst = _load(args)
    if isinstance(ptype, MovePuzzle):  # a move puzzle with its own counter (`_load` checked)
        n = ptype.count(inst, args.limit)
        _emit(args, {"puzzle": ptype.name, "count": n, "limit": args.limit, "complete": True},
              f"{n} solution(s)" + (f" (stopped at the limit {args.limit})" if n >= args.limit else ""))
        return 0
    ptype = _clue(ptype, "count")
    result = count(ptype, inst, args.limit, _budget(args))
    data = {"puzzle": ptype.name, "count": result.n, "limit": args.limit, "complete": result.complete,
            "solutions": [_solution_text(ptype, inst, s, args) for s in result.solutions[: args.show]]}
    more = "" if result.complete else " (budget ran out: at least this many)"
    more = f" (stopped at the limit {args.limit})" if result.complete and result.n >= args.limit else more
    _emit(args, data, f"{result.n} solution(s){more}\n" + "\n\n".join(data["solutions"]))
    return 0


def cmd_clues(args) -> int:
    from .solve import clue_map

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
    from .grade import measures

    return measures(ptype, inst)


def _difficulty_text(d: dict) -> str:
    return "difficulty: " + ", ".join(f"{k}={v}" for k, v in d.items())


def cmd_grade(args) -> int:
    ptype, inst = _load(args)
    d = _difficulty(ptype, inst)
    _emit(args, {"puzzle": ptype.name, "difficulty": d}, _difficulty_text(d))
    return 0


def _range(text: str | None) -> tuple[int, int] | None:
    """--difficulty LO:HI (either end may be left out), or one level N."""
    if text is None:
        return None
    try:
        lo, colon, hi = text.partition(":")
        lo_i = int(lo) if lo else 0
        rng = lo_i, int(hi) if hi else (lo_i if not colon else 99)
    except ValueError:
        raise PuzzleError(f"--difficulty must look like 1:2 (levels), got '{text}'") from None
    if not 0 <= rng[0] <= rng[1]:
        raise PuzzleError(f"--difficulty LO:HI needs 0 <= LO <= HI, got '{text}'")
    return rng


def cmd_generate(args, extra: list[str]) -> int:
    from .dataset import DatasetSpec, generate_dataset

    gen = registry.generator(args.puzzle)
    ptype = registry.puzzle(args.puzzle)
    sub = argparse.ArgumentParser(prog=f"puzzlelab generate {ptype.name}", add_help=False)
    for opt in gen.options:
        sub.add_argument(f"--{opt.name}", type=opt.type, default=opt.default, help=opt.help)
    opts, unknown = sub.parse_known_args(extra)
    if unknown:
        known = ", ".join(f"--{o.name}" for o in gen.options) or "none"
        raise PuzzleError(f"unknown option {unknown[0]} for {ptype.name} (its options: {known})")
    options = vars(opts)
    getattr(gen, "checked_params", gen.params)(**options)  # validate before any work starts
    spec = DatasetSpec(puzzle=ptype.name, options=options, count=args.count, seed=args.seed,
                       target=args.target, symmetric=args.symmetric, minimal=not args.no_minimal,
                       difficulty=_range(args.difficulty), dedup=args.dedup, cross_check=args.cross_check,
                       conflicts=args.conflicts)
    spec.validate()
    bar = None
    if not args.json and not args.quiet:
        from tqdm import tqdm

        bar = tqdm(total=args.count, unit="puzzle", desc=f"{ptype.name}", file=sys.stderr)
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        summary = _interruptible(lambda stop: generate_dataset(
            spec, args.out, args.out_format or _fmt_from_name(args.out), workers=args.workers,
            scheduler=args.scheduler, progress=bar.update if bar else None, stop=stop.is_set))
    finally:
        signal.signal(signal.SIGTERM, previous)
        if bar:
            bar.close()
    from .stats import dataset_stats, format_stats

    stats = dataset_stats(args.out).to_json() if summary.path.endswith(".jsonl") else None
    data = {"out": summary.path, "records": summary.written, "generated": summary.new,
            "resumed": summary.resumed, "duplicates_skipped": summary.duplicates,
            "seconds": round(summary.seconds, 3), "puzzles_per_second": round(summary.rate, 2), "stats": stats}
    text = (f"wrote {summary.written} puzzles to {summary.path} ({summary.new} new, {summary.resumed} resumed, "
            f"{summary.duplicates} duplicates skipped) in {summary.seconds:.2f} s, {summary.rate:.1f} puzzles/s")
    if stats:
        text += "\n" + format_stats(stats)
    _emit(args, data, text)
    return 0


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
        _emit(args, {"puzzle": registry.puzzle(args.puzzle).name, "status": "unknown",
                     "reason": f"--timeout {limit:g} s ran out"},
              f"unknown: the --timeout of {limit:g} s ran out before the answer was known")
        sys.stderr.flush()
        os._exit(EXIT_NOT_DEFINITE)  # the work thread may be inside C code that cannot be stopped
    if "error" in box:
        raise box["error"]
    return box["code"]


def _fmt_from_name(path: str) -> str:
    for suffix, fmt in ((".parquet", "parquet"), (".csv", "csv")):
        if path.endswith(suffix):
            return fmt
    return "jsonl"


def cmd_stats(args) -> int:
    from .stats import dataset_stats, format_stats

    s = dataset_stats(args.file, skip_bad=args.skip_bad)
    data = s.to_json()
    if s.bad_lines:
        data["bad_line_messages"] = s.bad_lines[:20]
    _emit(args, data, format_stats(data))
    return 0


def cmd_plot(args) -> int:
    from .plot import plot_datasets

    plot_datasets(args.files, args.out, skip_bad=args.skip_bad, labels=args.label)
    _emit(args, {"out": args.out, "datasets": args.files}, f"wrote {args.out}")
    return 0


def cmd_render(args) -> int:
    from .plot import picture_format
    from .render import render
    from .solve import solve

    picture_format(args.out)  # a bad --out is refused before any work
    ptype, inst = _load(args)
    if args.solution and not isinstance(ptype, CluePuzzle):
        raise PuzzleError(f"render --solution is for clue puzzles; {ptype.name} is answered by `solve`")
    sol = solve(ptype, inst, _budget(args)) if args.solution and isinstance(ptype, CluePuzzle) else None
    if args.solution and sol is None:
        raise PuzzleError("the puzzle has no solution to draw")
    render(ptype, inst, args.out, sol)
    _emit(args, {"out": args.out}, f"wrote {args.out}")
    return 0


# ---- parser -----------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="puzzlelab", description="Solve, check and generate unique pencil-logic puzzles.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(name: str, func: Callable | None, help: str, puzzle: bool = True,
                file: bool = True) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help, description=help)
        if puzzle:
            sp.add_argument("puzzle", help="puzzle name (see `puzzlelab list`)")
        if file:
            sp.add_argument("file", help="puzzle file, or - for standard input")
            sp.add_argument("--format", help="input format (default: detected)")
            sp.add_argument("--out-format", help="format of printed solutions")
            sp.add_argument("--conflicts", type=_number(int, 1), help="conflict budget per solver call (then: unknown)")
            sp.add_argument("--timeout", type=_number(float, 0.001, 86400), default=DEFAULT_TIMEOUT,
                            help=f"seconds for the whole command, building the rules included; when it runs "
                                 f"out the answer is 'unknown', never 'unique' (default: {DEFAULT_TIMEOUT:g})")
        sp.add_argument("--json", action="store_true", help="print one JSON document")
        sp.set_defaults(func=func)
        return sp

    command("list", cmd_list, "the puzzles and what each supports", puzzle=False, file=False)
    command("solve", cmd_solve, "print a solution")
    sp = command("check", cmd_check, "unique, ambiguous (two solutions) or unsolvable (conflicting clues)")
    sp.add_argument("--without", nargs="+", metavar="CLUE", help="check with these clues removed (e.g. r1c3)")
    sp.add_argument("--cpsat", action="store_true", help="also ask CP-SAT (the second engine)")
    sp.add_argument("--grade", action="store_true", help="print the difficulty measures (always in --json)")
    sp.add_argument("--no-grade", action="store_true",
                    help="leave the difficulty out of --json (it costs a fresh solve)")
    sp = command("count", cmd_count, "count solutions up to a limit")
    sp.add_argument("--limit", type=_number(int, 1, 100_000), default=100,
                    help="stop counting at this many solutions (1..100000; default: 100)")
    sp.add_argument("--show", type=_number(int, 0), default=2, help="how many solutions to print (default: 2)")
    command("clues", cmd_clues, "which clues are essential and which could be removed alone")
    command("grade", cmd_grade, "difficulty measures of a puzzle")
    sp = command("generate", None, "generate a dataset of unique puzzles", file=False)
    sp.epilog = "Each puzzle adds its own options (sudoku: --size, --box): `puzzlelab list` shows them."
    sp.add_argument("--count", type=_number(int, 1, MAX_COUNT), default=10,
                    help=f"puzzles in the dataset (1..{MAX_COUNT:,}; default: 10)")
    sp.add_argument("--seed", type=_number(int, 0, 2**63 - 1), default=0,
                    help="item i depends only on the options, the seed and i (default: 0)")
    sp.add_argument("--out", required=True, help="output file (.jsonl, .csv, .parquet)")
    sp.add_argument("--out-format", choices=["jsonl", "csv", "kaggle", "parquet"],
                    help="default: from the file name; kaggle = sudoku puzzle,solution CSV")
    sp.add_argument("--workers", type=_number(int, 1, MAX_WORKERS), default=1,
                    help=f"local worker processes (1..{MAX_WORKERS}; default: 1)")
    sp.add_argument("--scheduler", help="Dask scheduler address (needs the cluster extra)")
    sp.add_argument("--target", type=_number(int, 0), help="stop stripping at this many clues (not minimal)")
    sp.add_argument("--symmetric", action="store_true", help="strip clues in 180-degree pairs")
    sp.add_argument("--no-minimal", action="store_true", help="keep the full clue set (no stripping)")
    sp.add_argument("--difficulty", help="accepted generic levels LO:HI (0 = propagation)")
    sp.add_argument("--dedup", choices=["none", "exact", "symmetry"], default="exact")
    sp.add_argument("--cross-check", action="store_true", help="re-check every puzzle with CP-SAT")
    sp.add_argument("--conflicts", type=_number(int, 1), help="conflict budget per check (unknown => clue kept)")
    sp.add_argument("--quiet", action="store_true", help="no progress bar")
    sp = command("stats", cmd_stats, "statistics of a dataset", puzzle=False, file=False)
    sp.add_argument("file")
    sp.add_argument("--skip-bad", action="store_true", help="skip malformed lines instead of stopping")
    sp = command("plot", cmd_plot, "clue-count and difficulty plots of datasets", puzzle=False, file=False)
    sp.add_argument("files", nargs="+")
    sp.add_argument("--out", required=True)
    sp.add_argument("--label", nargs="+", help="legend labels, one per file")
    sp.add_argument("--skip-bad", action="store_true")
    sp = command("render", cmd_render, "draw a board (and its solution) to a picture (.png, .pdf, .svg, ...)")
    sp.add_argument("--out", required=True)
    sp.add_argument("--solution", action="store_true")
    return p


ONE_SHOT = {"solve", "check", "count", "clues", "grade"}  # bounded by --timeout as a whole


def main(argv: list[str] | None = None) -> int:
    global _emitted
    _emitted = False
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    try:
        if args.command == "generate":
            return cmd_generate(args, extra)
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        if args.command in ONE_SHOT:
            return _bounded(args, lambda: args.func(args))
        return args.func(args)
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


def _fail(message: str) -> None:
    print(f"puzzlelab: error: {_short_message(message)}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
