"""The Python API: each function a thin door to the engine the command line uses.

A `puzzle` is a name or alias (`puzzles()` lists the names); a `board` is an `Instance` (from
`parse`) or its text in any of the puzzle's formats, detected as `puzzlelab check` detects
it. Bad input raises `PuzzleError` with one line saying what and where. Nothing here prints,
and nothing heavy (numpy, matplotlib, OR-Tools) is imported before a function needs it:
`import puzzlelab` stays cheap. docs/python-api.md shows every function at work.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .lab.engine.puzzle import CluePuzzle, Instance, MovePuzzle, PuzzleError, PuzzleType, quote

if TYPE_CHECKING:
    from .lab.data.dataset import DatasetSpec
    from .lab.engine.explain import Explanation
    from .lab.engine.solve import CheckReport
    from .lab.toolkit.answers import Score

SEED_MAX = 2**63 - 1  # as `generate --seed`
# The dataset's own settings (`lab.dataset.DatasetSpec`), as `generate` and `PuzzleDataset`
# take them beside the generator's options: the name here, and what it must be.
SPEC_OPTIONS = {
    "target": "a number of clues to stop stripping at (not minimal then), or None",
    "symmetric": "True or False: strip clues in 180-degree pairs",
    "minimal": "True or False: strip the clues to a minimal set",
    "grade": "True or False: records carry their difficulty",
    "levels": "(LO, HI) or N: keep puzzles whose grade level is in LO..HI",
    "scores": "(LO, HI): keep puzzles whose grade score is in LO..HI",
    "dedup": "'none', 'exact' or 'symmetry': drop repeated puzzles",
    "cross_check": "True or False: re-check every puzzle with CP-SAT",
    "conflicts": "a conflict budget per check, or None",
}


# ---- puzzles and boards ------------------------------------------------------------------
def puzzles() -> list[str]:
    """The names of every puzzle, sorted (each also answers to its aliases)."""
    from .lab.face import registry

    return registry.names()


def puzzle_type(puzzle: str) -> PuzzleType:
    """The engine's object for a puzzle name or alias (its rules, formats, title, ...)."""
    from .lab.face import registry

    if not isinstance(puzzle, str):
        raise PuzzleError(f"a puzzle is named by text (puzzlelab.puzzles() lists them), got {type(puzzle).__name__}")
    return registry.puzzle(puzzle)


def parse(puzzle: str, text: str, fmt: str | None = None) -> Instance:
    """Read a board from `text` in the format `fmt`, one of the puzzle's formats (default:
    detected from the text), refusing a board over the puzzle's size limit."""
    ptype = puzzle_type(puzzle)
    if not isinstance(text, str):
        raise PuzzleError(f"a {ptype.name} board is read from text, got {type(text).__name__}")
    return ptype.parse(text, fmt)


def format(puzzle: str, board: Instance | str, fmt: str | None = None) -> str:
    """The board written in the format `fmt` (default: the puzzle's own plain form, the first
    of its formats): `parse(puzzle, format(puzzle, board, fmt), fmt)` gives it back."""
    ptype, inst = _board(puzzle, board)
    fmt = ptype.formats[0] if fmt is None else fmt
    if fmt not in ptype.formats:
        raise PuzzleError(f"unknown {ptype.name} format {quote(fmt)} (known: {', '.join(ptype.formats)})")
    return ptype.format(inst, fmt)


def _board(puzzle: str, board: Instance | str) -> tuple[PuzzleType, Instance]:
    """The puzzle's type and the board: an Instance of that puzzle as it is, text parsed."""
    ptype = puzzle_type(puzzle)
    if isinstance(board, Instance):
        if board.kind != ptype.name:
            raise PuzzleError(f"the board is a {board.kind} board, not a {ptype.name} one")
        return ptype, board
    if isinstance(board, str):
        return ptype, ptype.parse(board)
    raise PuzzleError(f"a board is text or an Instance from puzzlelab.parse, got {type(board).__name__}")


def _supports(ptype: PuzzleType, command: str) -> None:
    """Refuse, in one line, what this puzzle does not offer (as the CLI refuses a command)."""
    if command not in ptype.commands():
        raise PuzzleError(f"{command} is not available for {ptype.name} (it supports: {', '.join(ptype.commands())})")


def _clue_board(puzzle: str, board: Instance | str, command: str) -> tuple[CluePuzzle, Instance]:
    ptype, inst = _board(puzzle, board)
    _supports(ptype, command)
    return _clue(ptype, command), inst  # (every puzzle offering these is one)


# ---- solving ----------------------------------------------------------------------------
def solve(puzzle: str, board: Instance | str) -> Any:
    """A solution, or None when there is none. A clue puzzle's is its filled grid as the
    engine decodes it (a sudoku's: a tuple of rows of digits); a move puzzle's is what its
    answer is written from (a list of moves, the next guess). `answer` writes it as text."""
    ptype, inst = _board(puzzle, board)
    if isinstance(ptype, MovePuzzle):
        try:
            return ptype.reference_solution(inst)
        except NotImplementedError as exc:
            raise PuzzleError(f"{exc} yet") from None
        except PuzzleError:
            if ptype.answer(inst).exit_code:  # no solution: said as None, as for a clue puzzle
                return None
            raise
    from .lab.engine.solve import solve as solve_clues

    return solve_clues(_clue(ptype, "solve"), inst)


def _clue(ptype: PuzzleType, command: str) -> CluePuzzle:
    if not isinstance(ptype, CluePuzzle):
        raise PuzzleError(f"{command} is not available for {ptype.name}")
    return ptype


def check(puzzle: str, board: Instance | str, without: Iterable[str] = ()) -> CheckReport:
    """Is the board's solution unique? A `CheckReport`: `status` "unique" (its solution in
    `solutions`), "ambiguous" (two solutions, and where they differ in `differences`),
    "unsolvable" (the clues in `conflict` contradict each other) or "unknown". `without`
    names clues to leave out first, as `puzzlelab check --without` does (`r1c3`)."""
    from .lab.engine.solve import check as check_clues

    ptype, inst = _clue_board(puzzle, board, "check")
    if isinstance(without, str):
        without = [without]
    return check_clues(ptype, inst, list(without))


def count(puzzle: str, board: Instance | str, limit: int = 2) -> int:
    """How many solutions the board has, counting up to `limit`: `limit` itself means "at
    least that many" (the default, 2, tells unique from ambiguous)."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise PuzzleError(f"count's limit must be a whole number of at least 1, got {quote(limit)}")
    ptype, inst = _board(puzzle, board)
    _supports(ptype, "count")
    if isinstance(ptype, MovePuzzle):
        return min(ptype.count(inst, limit), limit)
    from .lab.engine.solve import count as count_clues

    return count_clues(_clue(ptype, "count"), inst, limit).n


@dataclass(frozen=True)
class ClueReport:
    """Which clues a unique board needs (`puzzlelab clues`). `status` is "unique", or why
    there is no map ("ambiguous", "unsolvable", "unknown"); `clues` maps each clue's name
    (`r1c3=5`) to "essential" (the solution is not unique without it), "removable" (it is,
    without this clue alone) or "unknown", in the board's order."""

    status: str
    clues: dict[str, str]

    def named(self, mark: str) -> list[str]:
        return [name for name, status in self.clues.items() if status == mark]

    @property
    def essential(self) -> list[str]:
        return self.named("essential")

    @property
    def removable(self) -> list[str]:
        return self.named("removable")

    @property
    def minimal(self) -> bool:
        """Is every clue essential (no clue can go)?"""
        return self.status == "unique" and all(mark == "essential" for mark in self.clues.values())


def clues(puzzle: str, board: Instance | str) -> ClueReport:
    """Which clues are essential and which could each be removed alone (a `ClueReport`)."""
    from .lab.engine.solve import clue_map

    ptype, inst = _clue_board(puzzle, board, "clues")
    status, red = clue_map(ptype, inst)
    if red is None:
        return ClueReport(status, {})
    marks = {}
    for key, value in inst.clues.items():
        mark = "essential" if key in red.essential else "removable" if key in red.removable else "unknown"
        marks[ptype.describe_clue(key, value)] = mark
    return ClueReport(status, marks)


def grade(puzzle: str, board: Instance | str) -> dict:
    """The difficulty measures, as a dataset record's `difficulty` holds them: a clue
    puzzle's `level` (0: unit propagation settles it; 1, 2: failed-literal probing to that
    depth; 3: search is needed) and `score` (the level plus a fraction for the effort
    within it), the generic SAT measures and the puzzle's own; a move puzzle's own measures.
    (`puzzlelab grade` adds the LP relaxation's measures, which need OR-Tools.)"""
    from .lab.engine.grade import measures

    ptype, inst = _board(puzzle, board)
    _supports(ptype, "grade")
    return measures(ptype, inst)


def explain(puzzle: str, board: Instance | str) -> Explanation:
    """The solving path step by step, as `puzzlelab explain` prints it: an `Explanation`
    with `status` ("solved", "stuck", "ambiguous", ...), `level`, `score`, the `steps`
    (what each settles and why), `.text()` for people and `.to_json()`."""
    from .lab.engine.explain import explain as explain_clues

    ptype, inst = _clue_board(puzzle, board, "explain")
    return explain_clues(ptype, inst)


def render(puzzle: str, board: Instance | str, out: str | Path, solution: Any = None) -> Path:
    """Draw the board to the picture `out` (.png, .pdf, .svg, ...: its extension decides),
    and a solution beside it: `solution=True` the one the engine finds (a move puzzle's own
    answer), or a clue puzzle's solution as `solve` returns it. Returns `out` as a Path."""
    from .lab.data.plot import picture_format
    from .lab.face.render import render as render_board
    from .lab.face.render import solution_for

    ptype, inst = _board(puzzle, board)
    picture_format(out)  # a bad name is refused before any work
    note = ""
    if solution is True:
        solution, note = solution_for(ptype, inst)
    elif solution is False:
        solution = None
    elif solution is not None and isinstance(ptype, MovePuzzle):
        raise PuzzleError(f"render draws {ptype.name}'s own answer: pass solution=True")
    render_board(ptype, inst, out, solution, note)
    return Path(out)


# ---- questions and answers for language models -----------------------------------------------
def question(puzzle: str, board: Instance | str, template: str | None = None) -> str:
    """The question a model is asked: the rules, the board in text with a legend, and the
    exact answer format. `template` may rearrange it, with the fields {title}, {puzzle},
    {rules}, {legend}, {board} and {answer_format}."""
    from .lab.toolkit.answers import question as ask

    ptype, inst = _board(puzzle, board)
    if template is not None and not isinstance(template, str):
        raise PuzzleError(f"a question template is text, got {type(template).__name__}")
    return ask(ptype, inst, template)


def answer(puzzle: str, board: Instance | str, solution: Any = None) -> str:
    """The reference answer: `solution` (default: the one `solve` finds) written exactly as
    the question asks for it."""
    ptype, inst = _board(puzzle, board)
    if solution is None:
        solution = solve(ptype.name, inst)
        if solution is None:
            raise PuzzleError(f"this {ptype.name} board has no solution to write")
    try:
        return ptype.answer_text(inst, solution)
    except NotImplementedError as exc:
        raise PuzzleError(f"{exc} yet") from None


def score(puzzle: str, board: Instance | str, answer_text: Any, reference: Any = None) -> Score:
    """Judge a model's answer: a `Score` with `score` 1.0 for a valid solution (where the
    puzzle asks for the fewest moves, the shortest's length over the answer's), partial
    credit below 1 for a wrong one (on grids, the share of cells right), 0.0 for text that
    cannot be read, `valid`, `parsed` and the `reason`. The answer is read leniently (code
    fences, <answer> tags, an "Answer:" line). `reference`, what partial credit compares
    with: a solution, or a reference answer's text; default: the solution `solve` finds."""
    from .lab.toolkit.answers import score_text

    ptype, inst = _board(puzzle, board)
    try:
        if isinstance(reference, str):
            reference = ptype.read_answer(inst, reference)
        elif reference is None:
            reference = solve(ptype.name, inst)
        return score_text(ptype, inst, answer_text, reference)
    except NotImplementedError as exc:
        raise PuzzleError(f"{exc} yet") from None


# ---- datasets ---------------------------------------------------------------------------
def generate(puzzle: str, count: int, seed: int = 0, **options: Any) -> Iterator[dict]:
    """`count` unique puzzles, one record (a dict) at a time: exactly the records
    `puzzlelab generate PUZZLE --count COUNT --seed SEED` writes with the same options,
    made in this process, without a file. Record i depends only on the options, the seed
    and i. `options` are the generator's own, as `puzzlelab list PUZZLE` shows them
    (`size=9`; `strip_counts` for `--strip-counts`), and the dataset's: `target`,
    `symmetric`, `minimal`, `grade` (False: no difficulty), `levels` and `scores` (keep only
    puzzles graded in a range: `generate --grade`, `--score`), `dedup` ("exact" by default;
    "symmetry"; "none"), `cross_check`, `conflicts`. An option no one takes is refused."""
    spec = dataset_spec(puzzle, count, seed, options)
    return _records(spec)


def _records(spec: DatasetSpec) -> Iterator[dict]:
    """The records of `spec`, duplicates dropped as `puzzlelab generate` drops them."""
    from .lab.data.dataset import MAX_DUPLICATE_RUN, dedup_key, make_item
    from .lab.engine.sat import SessionCache

    sessions = SessionCache()
    seen: set[str] = set()
    kept = index = in_a_row = 0
    while kept < spec.count:
        record = plain(make_item(spec, index, sessions)[0])
        index += 1
        if spec.dedup != "none":
            key = dedup_key(record, spec.dedup)
            if key in seen:
                in_a_row += 1
                if in_a_row >= MAX_DUPLICATE_RUN:
                    raise PuzzleError(f"stopped: the last {in_a_row} puzzles made were all duplicates of the {kept} "
                                      f"already made, so {spec.puzzle} with these options seems to have no more "
                                      "(ask for fewer, a larger size, or dedup='none')")
                continue
            seen.add(key)
        in_a_row = 0
        kept += 1
        yield record


def plain(record: dict) -> dict:
    """A record as its JSON holds it (lists, not tuples; a copy of everything)."""
    return json.loads(json.dumps(record))


def dataset_spec(puzzle: str, count: int, seed: int, options: dict[str, Any], side: str = "size") -> DatasetSpec:
    """The `DatasetSpec` that `puzzlelab generate` would make of these arguments, every option
    checked (unknown names, types, ranges) before any work. Options are named as Python
    names them (`strip_counts` for `--strip-counts`); `side` is the name the generator's
    `size` takes (a dataset's `size` is its length: "board_size")."""
    from .lab.data.dataset import DatasetSpec
    from .lab.face import registry

    ptype, gen = puzzle_type(puzzle), registry.generator(puzzle)
    _whole("count", count, 1)
    _whole("seed", seed, 0, SEED_MAX)
    own = {(side if o.name == "size" else o.name.replace("-", "_")): o for o in gen.options}
    values = {o.name: o.default for o in gen.options}  # every option, as the CLI's records hold them
    settings: dict[str, Any] = {}
    for given, value in options.items():
        name = given.replace("-", "_")
        if name in own:
            values[own[name].name] = _option_value(own[name], value, name)
        elif given in SPEC_OPTIONS:
            settings[given] = value
        else:
            raise PuzzleError(f"unknown option {quote(given)} for {ptype.name} (its options: "
                              f"{', '.join(own) or 'none'}; a dataset's: {', '.join(SPEC_OPTIONS)})")
    for name in ("symmetric", "minimal", "grade", "cross_check"):
        if name in settings and not isinstance(settings[name], bool):
            raise PuzzleError(f"{name} must be True or False, got {quote(settings[name])}")
    for name in ("target", "conflicts"):
        if settings.get(name) is not None:
            _whole(name, settings[name], 0 if name == "target" else 1)
    dedup = settings.get("dedup", "exact")
    if not isinstance(dedup, str):
        raise PuzzleError(f"dedup must be 'none', 'exact' or 'symmetry', got {quote(dedup)}")
    spec = DatasetSpec(puzzle=ptype.name, options=values, count=count, seed=seed, target=settings.get("target"),
                       symmetric=settings.get("symmetric", False), minimal=settings.get("minimal", True),
                       difficulty=_levels(settings.get("levels")), score=_scores(settings.get("scores")),
                       grade=settings.get("grade", True), dedup=dedup, cross_check=settings.get("cross_check", False),
                       conflicts=settings.get("conflicts"))
    spec.validate()
    return spec


def _whole(name: str, value: Any, low: int, high: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        most = f" and at most {high}" if high is not None else ""
        raise PuzzleError(f"{name} must be a whole number of at least {low}{most}, got {quote(value)}")


def _option_value(option: Any, value: Any, name: str) -> Any:
    """A generator option's value as the CLI's parser gives it (an int for `--size 4`, a float
    for `--density 1`), so that the records are the CLI's: refused when it is not one."""
    if value is None and option.default is None:
        return None  # unset, as the CLI leaves it
    if option.type is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if isinstance(value, bool) or not isinstance(value, option.type):
        raise PuzzleError(f"{name} must be {_kind(option.type)}, got {quote(value)}")
    try:
        option.check(value)
    except PuzzleError as exc:  # "--size must be at least 4": named as the caller named it
        raise PuzzleError(str(exc).replace(f"--{option.name} ", f"{name} ", 1)) from None
    return value


def _kind(kind: type) -> str:
    return {int: "a whole number", float: "a number", str: "text"}.get(kind, kind.__name__)


def _levels(value: Any) -> tuple[int, int] | None:
    """`levels`: (LO, HI) or one level N, as `generate --grade LO:HI` or `--grade N`."""
    if value is None:
        return None
    pair = (value, value) if isinstance(value, int) and not isinstance(value, bool) else value
    if (not isinstance(pair, (tuple, list)) or len(pair) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in pair)):
        raise PuzzleError(f"levels must be (LO, HI) or one level N, whole numbers, got {quote(value)}")
    if not 0 <= pair[0] <= pair[1]:
        raise PuzzleError(f"levels (LO, HI) needs 0 <= LO <= HI, got {quote(value)}")
    return pair[0], pair[1]


def _scores(value: Any) -> tuple[float, float] | None:
    """`scores`: (LO, HI), as `generate --score LO:HI` (HI may be math.inf)."""
    if value is None:
        return None
    if (not isinstance(value, (tuple, list)) or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in value)):
        raise PuzzleError(f"scores must be (LO, HI), two numbers, got {quote(value)}")
    low, high = float(value[0]), float(value[1])
    if not 0 <= low <= high:
        raise PuzzleError(f"scores (LO, HI) needs 0 <= LO <= HI, got {quote(value)}")
    return low, high


def write_dataset(out: str | Path, puzzle: str | None = None, count: int | None = None, seed: int = 0,
                  mix: str | None = None, split: str | dict[str, float] | None = None, fmt: str | None = None,
                  **options: Any) -> dict[str, Path]:
    """Write a dataset and its card to files, as `puzzlelab generate` does: `count` puzzles of
    `puzzle` with `generate`'s options, or a `mix` of several ("sudoku:4x4=30,pearl:5=20",
    as `--mix`), split by `canonical_key` where `split` names shares ({"train": 0.9, "test":
    0.1} or "train=0.9,test=0.1"): then one file per split, `OUT.train.jsonl`, ... The layout
    is `fmt` or what `out`'s name says (.jsonl, .csv, .parquet). A rerun resumes or extends;
    a file this did not write is refused. Returns each split's file (`all` when unsplit)."""
    from .lab.data.collection import Part, make_collection, parse_mix, parse_split, write_card
    from .lab.data.dataset import generate_dataset
    from .lab.data.records import format_of, read_records
    from .lab.data.safety import output_path

    if (mix is None) == (puzzle is None):
        raise PuzzleError("write_dataset takes a puzzle and a count, or a mix, not both")
    if isinstance(split, dict):
        split = ",".join(f"{name}={share}" for name, share in split.items())
    splits = parse_split(split) if split is not None else None
    fmt = format_of(out, fmt)
    path = output_path(out)
    command = "puzzlelab.write_dataset(" + ", ".join(
        f"{k}={v!r}" for k, v in {"out": str(out), "puzzle": puzzle, "count": count, "seed": seed, "mix": mix,
                                   "split": split, **options}.items() if v is not None) + ")"
    if mix is not None:
        if count is not None or any(name in options for name in ("size", "width", "height")):
            raise PuzzleError("a mix gives each puzzle its count and size: leave count and the sizes out")
        parts = parse_mix(mix)
    else:
        if count is None:
            raise PuzzleError(f"how many {puzzle} puzzles? give count")
        parts = [Part(puzzle_type(puzzle or "").name, {}, count)]
    specs = [dataset_spec(part.puzzle, part.count, seed + k, {**part.options, **options})
             for k, part in enumerate(parts)]
    if mix is None and splits is None:
        generate_dataset(specs[0], path, fmt)
        write_card(path, fmt, {"all": path}, list(read_records(path, fmt=fmt)), command)
        return {"all": path}
    return make_collection(specs, path, fmt, splits, command).files
