"""Puzzle Lab: unique, minimal, graded pencil-logic puzzles, and the tools to train and
evaluate models on them."""

from pathlib import Path as _Path

__version__ = "0.2.0"

# In the repository the engine, the puzzles and their generators stand beside this folder
# (lab/, solvers/, generators/) and install as its subpackages; found from here, a checkout
# imports its own copy even where another one is installed (the benchmarks' base trees).
_ROOT = _Path(__file__).resolve().parent.parent
if not (_Path(__file__).parent / "lab").is_dir() and (_ROOT / "lab" / "registry.py").is_file():
    __path__.append(str(_ROOT))
