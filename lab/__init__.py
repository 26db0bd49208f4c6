# Installed as `puzzlelab.lab`: imported as a top-level `lab` (from the repository's root), its
# modules would load twice under two names, with two PuzzleError classes.
if __name__ != "puzzlelab.lab":
    raise ImportError(f"import puzzlelab.lab, not {__name__} (pip install -e . makes it importable)")
