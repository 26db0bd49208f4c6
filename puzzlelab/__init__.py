"""Puzzle Lab: unique, minimal, graded pencil-logic puzzles, and the tools to train and
evaluate models on them.

The Python API (docs/python-api.md): `puzzles`, `parse`, `format`, `solve`, `check`,
`count`, `clues`, `grade`, `explain`, `render`, `question`, `answer`, `score`, `generate`,
`write_dataset` (puzzlelab/api.py); `PuzzleDataset`, `PuzzleCurriculum`, `create_dataset`,
`register_reasoning_gym` (puzzlelab/gym.py); `score_dataset` (a model's answers file against
a dataset, lab/data/scoring.py); `PuzzleError` for bad input. Each is imported
when first used, so `import puzzlelab` itself loads nothing of the engine.
"""

from pathlib import Path as _Path
from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

# In the repository the engine, the puzzles and their generators stand beside this folder
# (lab/, solvers/, generators/) and install as its subpackages; found from here, a checkout
# imports its own copy even where another one is installed (the benchmarks' base trees).
_ROOT = _Path(__file__).resolve().parent.parent
if not (_Path(__file__).parent / "lab").is_dir() and (_ROOT / "lab" / "face" / "registry.py").is_file():
    __path__.append(str(_ROOT))

__all__ = [
    "__version__",
    "puzzles", "parse", "format", "solve", "check", "count", "clues", "grade", "explain", "render",
    "question", "answer", "score", "generate", "write_dataset", "ClueReport",
    "PuzzleDataset", "PuzzleCurriculum", "create_dataset", "register_reasoning_gym",
    "score_dataset", "PuzzleError",
]
# each name of the API -> the module under puzzlelab that defines it
_LAZY = {name: "gym" if name in ("PuzzleDataset", "PuzzleCurriculum", "create_dataset", "register_reasoning_gym")
         else "lab.engine.puzzle" if name == "PuzzleError" else "lab.data.scoring" if name == "score_dataset" else "api"
         for name in __all__[1:]}

if TYPE_CHECKING:
    from .api import (
        ClueReport,
        answer,
        check,
        clues,
        count,
        explain,
        format,
        generate,
        grade,
        parse,
        puzzles,
        question,
        render,
        score,
        solve,
        write_dataset,
    )
    from .gym import PuzzleCurriculum, PuzzleDataset, create_dataset, register_reasoning_gym
    from .lab.data.scoring import score_dataset
    from .lab.engine.puzzle import PuzzleError


def __getattr__(name: str) -> Any:
    """The API's names, each imported from its module when first asked for."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'puzzlelab' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
