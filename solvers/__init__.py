# Installed as `puzzlelab.solvers`: imported as a top-level `solvers` (from the repository's root), its
# modules would load twice under two names, with two PuzzleError classes.
if __name__ != "puzzlelab.solvers":
    raise ImportError(f"import puzzlelab.solvers, not {__name__} (pip install -e . makes it importable)")
