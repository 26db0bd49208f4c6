"""Finds the puzzles: every module in `solvers/` that defines `PUZZLE`, and the matching
`generators/<same name>.py` that defines `GENERATOR`. The engine never imports a puzzle by name."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .generator import Generator
from .puzzle import PuzzleError, PuzzleType


@cache
def _modules() -> dict[str, tuple[PuzzleType, Generator | None]]:
    import solvers

    found: dict[str, tuple[PuzzleType, Generator | None]] = {}
    for info in sorted(pkgutil.iter_modules(solvers.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"solvers.{info.name}")
        ptype = getattr(module, "PUZZLE", None)
        if ptype is None:
            continue
        gen = None
        try:
            gmodule = importlib.import_module(f"generators.{info.name}")
            gen = getattr(gmodule, "GENERATOR", None)
        except ModuleNotFoundError as exc:
            if exc.name != f"generators.{info.name}":
                raise
        if gen is not None:
            gen.ptype = ptype
        found[ptype.name] = (ptype, gen)
    return found


def names() -> list[str]:
    return sorted(_modules())


def _resolve(name: str) -> str:
    wanted = name.strip().lower()
    for key, (ptype, _) in _modules().items():
        if wanted == key or wanted in ptype.aliases:
            return key
    raise PuzzleError(f"unknown puzzle '{name}' (known: {', '.join(names())})")


def puzzle(name: str) -> PuzzleType:
    return _modules()[_resolve(name)][0]


def generator(name: str) -> Generator:
    key = _resolve(name)
    gen = _modules()[key][1]
    if gen is None:
        raise PuzzleError(f"puzzle '{key}' has no generator yet")
    return gen


def has_generator(name: str) -> bool:
    return _modules()[_resolve(name)][1] is not None


def all_puzzles() -> list[tuple[PuzzleType, Generator | None]]:
    return [_modules()[k] for k in names()]


def commands(ptype: PuzzleType) -> list[str]:
    """Every CLI command that works for this puzzle: its own, and `generate` when it has a
    generator (the README's puzzle table and `puzzlelab list` show these)."""
    return ptype.commands() + (["generate"] if _modules()[ptype.name][1] is not None else [])
