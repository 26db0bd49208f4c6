"""One module per puzzle: its rules as SAT, its text forms, its drawing.

"The seed" in a puzzle module is the seed document that puzzle started from: one of the five small
programs the project grew from (kept beside the repository in shared/seeds/). Seed 000: CP-SAT solvers
for the Tatham puzzles, Sudoku and the chess puzzles; seed 001: Hidoku, the checkerboard tiling and the
magic square; seed 002: the move puzzles (jugs, sliding blocks); seed 003: Sudoku as SAT and the
stripping generator; seed 004: numeric crosswords. "The seed's form" or "the seed's array" is how that
program wrote a board, which the module still reads and writes; "the seed's board" is its example.
"""

# Installed as `puzzlelab.solvers`: imported as a top-level `solvers` (from the repository's root), its
# modules would load twice under two names, with two PuzzleError classes.
if __name__ != "puzzlelab.solvers":
    raise ImportError(f"import puzzlelab.solvers, not {__name__} (pip install -e . makes it importable)")
