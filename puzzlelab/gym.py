"""Puzzles as a dataset for training and evaluating models, shaped like reasoning-gym's.

`PuzzleDataset` has what a reasoning-gym `ProceduralDataset` has: `len()`, `ds[i]` giving
`{"question", "answer", "metadata"}`, iteration, and `score_answer(answer, entry)` giving a
reward in [0, 1]; `create_dataset(name, size=, seed=, **options)` makes one by name. It
needs no reasoning-gym: `register_reasoning_gym()` registers puzzles with reasoning-gym's
own factory where it is installed, for its `create_dataset` and `CompositeDataset`.

Entry i is record i of `puzzlelab.generate(puzzle, size, seed, dedup="none", **options)`,
made from the options, the seed and i alone: any entry can be asked for first, and asked
again it is the same. `PuzzleCurriculum` steps a dataset through grade bands.
"""

from __future__ import annotations

import copy
import math
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import field, fields, make_dataclass
from functools import lru_cache
from typing import Any

from .api import SPEC_OPTIONS, dataset_spec, plain, puzzle_type
from .lab.engine.puzzle import Instance, PuzzleError, PuzzleType, quote

CACHED = 32  # entries a dataset keeps made (a training loop asks for each a few times)
PREFIX = "puzzlelab_"  # reasoning-gym's names for our puzzles, and entries' `source_dataset`
# What each entry's metadata holds of its record, beside reasoning-gym's `source_dataset`
# and `source_index`.
METADATA = ("id", "puzzle", "clues", "format", "solution", "canonical_key", "difficulty", "options", "seed",
            "index")
LEVEL_BANDS = ((0, 0), (1, 1), (2, 99))  # a curriculum's default: propagation, failed literals, deeper
SCORE_BANDS = ((0.0, 0.5), (0.5, 1.0), (1.0, 1.5), (1.5, 2.0), (2.0, 2.5), (2.5, 3.0), (3.0, math.inf))


class PuzzleDataset:
    """`size` puzzles of one kind as question-and-answer entries, made on demand.

    `options` are `generate`'s, but for the board side: `size` is the dataset's length here
    (as in reasoning-gym), so the generator's `size` is written `board_size`. `levels=(LO, HI)`
    and `scores=(LO, HI)` keep only puzzles whose grade is in range. `template` rewrites the
    questions (see `puzzlelab.question`). Duplicates are not dropped (entry i is made from i
    alone): `metadata["canonical_key"]` is the same for boards equal up to symmetry, to split by.
    """

    def __init__(self, puzzle: str, size: int = 100, seed: int = 0, template: str | None = None,
                 **options: Any) -> None:
        ptype = puzzle_type(puzzle)
        if options.get("dedup", "none") != "none":
            raise PuzzleError("a PuzzleDataset makes entry i from i alone, so it keeps duplicates: use "
                              "puzzlelab.generate to drop them, or split by metadata['canonical_key']")
        wanted = {name: value for name, value in options.items() if name != "dedup"}
        self.spec = dataset_spec(ptype.name, size, seed, {**wanted, "dedup": "none"}, side="board_size")
        _check_template(template)
        self.puzzle, self.size, self.seed, self.template = ptype.name, size, seed, template
        self.name = PREFIX + ptype.name  # entries' metadata["source_dataset"]
        self._options = dict(options)
        self._made: OrderedDict[int, dict] = OrderedDict()
        self._sessions: Any = None

    @property
    def config(self) -> dict:
        """What the dataset was made with, as `create_dataset` takes it."""
        return {"puzzle": self.puzzle, "size": self.size, "seed": self.seed, "template": self.template,
                **self._options}

    def with_options(self, **changes: Any) -> PuzzleDataset:
        """The same dataset with some of its settings changed (`levels=(1, 1)`, `seed=5`, ...)."""
        return PuzzleDataset(**{**self.config, **changes})

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[dict]:
        return (self[i] for i in range(self.size))

    def __getitem__(self, index: int) -> dict:
        """Entry `index`: {"question", "answer", "metadata"}."""
        index = self._index(index)
        if index not in self._made:
            self._made[index] = self._entry(index)
            if len(self._made) > CACHED:
                self._made.popitem(last=False)
        self._made.move_to_end(index)
        return copy.deepcopy(self._made[index])

    def _index(self, index: int) -> int:
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"dataset indices are whole numbers, not {type(index).__name__}")
        if not -self.size <= index < self.size:
            raise IndexError(f"entry {index} of a dataset of {self.size}")
        return index % self.size

    def record(self, index: int) -> dict:
        """The full dataset record entry `index` is made from (`generate`'s record)."""
        from .lab.data.dataset import make_item
        from .lab.engine.sat import SessionCache

        if self._sessions is None:
            self._sessions = SessionCache()
        return plain(make_item(self.spec, self._index(index), self._sessions)[0])

    def _entry(self, index: int) -> dict:
        record = self.record(index)
        text = record["question"]
        if self.template is not None:
            from .lab.toolkit.answers import question

            ptype, inst = _board(record["puzzle"], record["clues"], record["format"])
            text = question(ptype, inst, self.template)
        metadata = {"source_dataset": self.name, "source_index": index,
                    **{key: record.get(key) for key in METADATA}}
        return {"question": text, "answer": record["answer"], "metadata": metadata}

    def score_answer(self, answer: str | None, entry: dict[str, Any]) -> float:
        """The reward for a model's `answer` to `entry`: 1.0 for a valid solution, partial
        credit below 1 for a wrong one, 0.0 for None or text that cannot be read. The entry's
        metadata (puzzle, clues, format) and its reference answer rebuild the puzzle."""
        return score_entry(answer, entry)

    def __getstate__(self) -> dict:
        """For pickling (a data loader's worker processes): without the live solvers."""
        return {**self.__dict__, "_sessions": None}

    def __repr__(self) -> str:
        return f"PuzzleDataset({', '.join(f'{k}={v!r}' for k, v in self.config.items() if v is not None)})"


def score_entry(answer: str | None, entry: dict[str, Any]) -> float:
    """`PuzzleDataset.score_answer` for any entry (of any puzzle's dataset)."""
    from .lab.toolkit.answers import score_text

    if not isinstance(answer, str):
        return 0.0
    try:
        metadata = entry["metadata"]
        ptype, inst = _board(metadata["puzzle"], metadata["clues"], metadata["format"])
        reference = _reference(metadata["puzzle"], metadata["clues"], metadata["format"], entry["answer"])
    except (KeyError, TypeError):
        raise PuzzleError("not a puzzlelab entry: it needs an answer and metadata with puzzle, clues and "
                          "format") from None
    return score_text(ptype, inst, answer, reference).score


@lru_cache(maxsize=256)
def _board(puzzle: str, clues: str, fmt: str) -> tuple[PuzzleType, Instance]:
    ptype = puzzle_type(puzzle)
    return ptype, ptype.parse(clues, fmt)


@lru_cache(maxsize=256)
def _reference(puzzle: str, clues: str, fmt: str, answer: str) -> Any:
    ptype, inst = _board(puzzle, clues, fmt)
    return ptype.read_answer(inst, answer)


def _check_template(template: str | None) -> None:
    """Refuse a question template now, not at the first entry."""
    from .lab.toolkit.answers import TEMPLATE_FIELDS

    if template is None:
        return
    if not isinstance(template, str):
        raise PuzzleError(f"a question template is text, got {type(template).__name__}")
    try:
        template.format(**{name: "" for name in TEMPLATE_FIELDS})
    except (KeyError, IndexError, ValueError) as exc:
        fields = ", ".join("{" + name + "}" for name in TEMPLATE_FIELDS)
        raise PuzzleError(f"question template: {exc!s} (it may use {fields})") from None


def create_dataset(name: str, size: int = 100, seed: int = 0, **options: Any) -> PuzzleDataset:
    """A `PuzzleDataset` by puzzle name, as `reasoning_gym.create_dataset(name, size=, seed=)`
    makes one of its own: `create_dataset("sudoku", size=10, seed=1, board_size=4)`."""
    return PuzzleDataset(name, size=size, seed=seed, **options)


class PuzzleCurriculum:
    """A puzzle's dataset stepped through grade bands, easiest first: `dataset()` is the
    current band's, `harder()` and `easier()` move one band (False at the ends).

    `bands` are (LO, HI) ranges of the grade's `by`: "levels" (default: 0, 1 and 2, one
    band each) or "scores" (default: half a level each, from 0). A band a puzzle at these
    options seldom reaches makes its entries slowly (up to 1,000 tries each, then
    PuzzleError): a 4x4 sudoku is always level 0. The other arguments are PuzzleDataset's."""

    def __init__(self, puzzle: str, bands: Sequence[tuple[float, float]] | None = None, by: str = "levels",
                 size: int = 100, seed: int = 0, template: str | None = None, **options: Any) -> None:
        if by not in ("levels", "scores"):
            raise PuzzleError(f"a curriculum steps through levels or scores, not {quote(by)}")
        if by in options or ("levels" if by == "scores" else "scores") in options:
            raise PuzzleError("a curriculum sets levels and scores itself: give its bands instead")
        self.by = by
        self.bands = [tuple(band) for band in (bands or (LEVEL_BANDS if by == "levels" else SCORE_BANDS))]
        if not self.bands:
            raise PuzzleError("a curriculum needs at least one band")
        self._base = PuzzleDataset(puzzle, size=size, seed=seed, template=template, **options)
        self.level = 0
        self._datasets = [self._base.with_options(**{by: band}) for band in self.bands]  # (each band checked now)

    @property
    def band(self) -> tuple:
        return self.bands[self.level]

    def dataset(self) -> PuzzleDataset:
        """The current band's dataset."""
        return self._datasets[self.level]

    def set_level(self, level: int) -> None:
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level < len(self.bands):
            raise PuzzleError(f"a curriculum level is 0..{len(self.bands) - 1}, got {quote(level)}")
        self.level = level

    def harder(self) -> bool:
        """Move to the next band; False (and stay) at the last."""
        if self.level + 1 >= len(self.bands):
            return False
        self.level += 1
        return True

    def easier(self) -> bool:
        """Move to the band before; False (and stay) at the first."""
        if self.level == 0:
            return False
        self.level -= 1
        return True

    def __len__(self) -> int:
        return len(self.bands)


# ---- reasoning-gym --------------------------------------------------------------------------
_REGISTERED: dict[str, type] = {}


def register_reasoning_gym(puzzles: Iterable[str] | None = None, prefix: str = PREFIX) -> list[str]:
    """Register puzzles (default: every one with a generator) as reasoning-gym datasets named
    `prefix + name`, so that reasoning-gym's `create_dataset("puzzlelab_sudoku", size=10,
    seed=1, board_size=4)` and its `CompositeDataset` take them; returns those names. Each is
    a reasoning-gym `ProceduralDataset` over a `PuzzleDataset` (whose keywords its config
    takes). Needs reasoning-gym installed; puzzlelab itself does not."""
    try:
        from reasoning_gym.dataset import ProceduralDataset
        from reasoning_gym.factory import DATASETS, register_dataset
    except ImportError:
        raise PuzzleError("register_reasoning_gym needs reasoning-gym: pip install 'puzzle-lab[gym]'") from None
    from .lab.face import registry

    if puzzles is None:
        puzzles = [ptype.name for ptype, gen in registry.all_puzzles() if gen is not None]
    names = []
    for puzzle in puzzles:
        ptype, gen = puzzle_type(puzzle), registry.generator(puzzle)
        name = prefix + ptype.name
        if name in DATASETS:
            if DATASETS[name][0] is not _REGISTERED.get(name):
                raise PuzzleError(f"reasoning-gym already has a dataset named {quote(name)}: choose another prefix")
        else:
            own = [("board_size" if o.name == "size" else o.name.replace("-", "_")) for o in gen.options]
            keys = ["seed", "template", *SPEC_OPTIONS, *own]
            config = make_dataclass(f"{ptype.name.title()}Config",
                                    [(key, Any, field(default=None)) for key in keys if key != "dedup"]
                                    + [("size", int, field(default=500))])
            _REGISTERED[name] = _gym_class(ProceduralDataset, ptype.name, name)
            register_dataset(name, _REGISTERED[name], config)
        names.append(name)
    return names


def _gym_class(base: type, puzzle: str, name: str) -> type:
    """A reasoning-gym ProceduralDataset of `puzzle`, over a PuzzleDataset."""

    def __init__(self: Any, config: Any) -> None:
        base.__init__(self, config=config, seed=config.seed, size=config.size)  # type: ignore[misc]
        given = {f.name: getattr(config, f.name) for f in fields(config)
                 if f.name not in ("seed", "size") and getattr(config, f.name) is not None}
        self.puzzles = PuzzleDataset(puzzle, size=self.size, seed=self.seed, **given)
        self.puzzles.name = name

    def __getitem__(self: Any, index: int) -> dict:
        return self.puzzles[index]

    def score_answer(self: Any, answer: str | None, entry: dict[str, Any]) -> float:
        return score_entry(answer, entry)

    doc = f"puzzlelab's {puzzle} puzzles (a puzzlelab.PuzzleDataset) as a reasoning-gym dataset"
    return type(f"PuzzleLab{puzzle.title()}Dataset", (base,), {
        "__init__": __init__, "__getitem__": __getitem__, "score_answer": score_answer, "__module__": __name__,
        "__doc__": doc})
