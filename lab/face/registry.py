"""Finds the puzzles: every module in `solvers/` that defines `PUZZLE`, and the matching
`generators/<same name>.py` that defines `GENERATOR`. The engine never imports a puzzle by name."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache

from ..engine.generator import Generator
from ..engine.puzzle import PuzzleError, PuzzleType

# The installed package the puzzles live in ("puzzlelab"): `lab`, `solvers` and `generators`
# install as its subpackages, so the distribution claims no generic top-level name.
_ROOT = __name__.rsplit(".", 3)[0]


@cache
def _load(module_name: str) -> tuple[PuzzleType, Generator | None] | None:
    """One puzzle module and its generator (None when the module defines no `PUZZLE`)."""
    module = importlib.import_module(f"{_ROOT}.solvers.{module_name}")
    ptype = getattr(module, "PUZZLE", None)
    if ptype is None:
        return None
    gen = None
    try:
        gmodule = importlib.import_module(f"{_ROOT}.generators.{module_name}")
        gen = getattr(gmodule, "GENERATOR", None)
    except ModuleNotFoundError as exc:
        if exc.name != f"{_ROOT}.generators.{module_name}":
            raise
    if gen is not None:
        gen.ptype = ptype
    return ptype, gen


@cache
def _modules() -> dict[str, tuple[PuzzleType, Generator | None]]:
    solvers = importlib.import_module(f"{_ROOT}.solvers")

    found: dict[str, tuple[PuzzleType, Generator | None]] = {}
    for info in sorted(pkgutil.iter_modules(solvers.__path__), key=lambda m: m.name):
        loaded = _load(info.name)
        if loaded is not None:
            found[loaded[0].name] = loaded
    return found


@cache
def _direct(wanted: str) -> tuple[PuzzleType, Generator | None] | None:
    """The puzzle named `wanted` from its own module alone, when the module has that name (a
    hyphen in the name an underscore in the module's, "sudoku-x" in sudoku_x.py): importing
    all forty-odd puzzles was a third of a one-puzzle command's start-up."""
    module = wanted.replace("-", "_")
    if not module.isidentifier() or importlib.util.find_spec(f"{_ROOT}.solvers.{module}") is None:
        return None
    loaded = _load(module)
    return loaded if loaded is not None and loaded[0].name == wanted else None


def names() -> list[str]:
    return sorted(_modules())


def _resolve(name: str) -> str:
    wanted = name.strip().lower()
    if _direct(wanted) is not None:
        return wanted
    for key, (ptype, _) in _modules().items():
        if wanted == key or wanted in ptype.aliases:
            return key
    raise PuzzleError(f"unknown puzzle '{name}' (known: {', '.join(names())})")


def _entry(name: str) -> tuple[PuzzleType, Generator | None]:
    key = _resolve(name)
    return _direct(key) or _modules()[key]


def puzzle(name: str) -> PuzzleType:
    return _entry(name)[0]


def generator(name: str) -> Generator:
    key = _resolve(name)
    gen = _entry(key)[1]
    if gen is None:
        raise PuzzleError(f"puzzle '{key}' has no generator yet")
    return gen


def has_generator(name: str) -> bool:
    return _entry(name)[1] is not None


def all_puzzles() -> list[tuple[PuzzleType, Generator | None]]:
    return [_modules()[k] for k in names()]


def commands(ptype: PuzzleType) -> list[str]:
    """Every CLI command that works for this puzzle: its own, and `generate` when it has a
    generator (the README's puzzle table and `puzzlelab list` show these)."""
    return ptype.commands() + (["generate"] if _entry(ptype.name)[1] is not None else [])
