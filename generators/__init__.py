# Installed as `puzzlelab.generators`: imported as a top-level `generators` (from the repository's root), its
# modules would load twice under two names, with two PuzzleError classes.
if __name__ != "puzzlelab.generators":
    raise ImportError(f"import puzzlelab.generators, not {__name__} (pip install -e . makes it importable)")
