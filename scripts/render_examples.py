"""The pictures in docs/images: a few boards drawn with their solutions by `puzzlelab.lab.render`,
from the examples in datasets/examples and tests/data, and from the generators with a
fixed seed where there is no example file (Nonograms, Pearl). Rerun it after a change to
`lab/draw.py` or a puzzle's `draw`; it writes the same pictures for the same code.

    python scripts/render_examples.py               # every picture
    python scripts/render_examples.py sudoku pearl  # just these
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzlelab.lab import registry  # noqa: E402
from puzzlelab.lab.generator import generate_one  # noqa: E402
from puzzlelab.lab.puzzle import Instance  # noqa: E402
from puzzlelab.lab.render import render, solution_for  # noqa: E402
from puzzlelab.lab.sat import Budget, SessionCache  # noqa: E402

OUT = ROOT / "docs" / "images"
DPI = 100  # small enough to commit, sharp enough to read

# picture name -> (puzzle, file under the repository, or generator options and seed)
EXAMPLES: dict[str, tuple[str, str | tuple[dict, int]]] = {
    "sudoku": ("sudoku", "datasets/examples/sudoku_seed003.txt"),
    "keen": ("keen", "tests/data/keen/seed000.txt"),
    "nonogram": ("nonogram", ({"size": 12}, 3)),
    "pearl": ("pearl", ({"size": 8}, 2)),
    "lightup": ("lightup", "datasets/examples/lightup_8x8.txt"),
    "minesweeper": ("minesweeper", "datasets/examples/minesweeper_seed000.txt"),
    "chessmelee": ("chessmelee", "datasets/examples/chessmelee_seed000.txt"),
}


def board(name: str, source: str | tuple[dict, int]) -> Instance:
    ptype = registry.puzzle(name)
    if isinstance(source, str):
        return ptype.parse((ROOT / source).read_text(encoding="utf-8"))
    options, seed = source
    maker = registry.generator(name)
    return generate_one(ptype, maker, maker.params(**options), random.Random(seed), SessionCache()).instance


def main(names: list[str]) -> None:
    for picture in names or list(EXAMPLES):
        name, source = EXAMPLES[picture]
        ptype, inst = registry.puzzle(name), board(name, source)
        solution, note = solution_for(ptype, inst, Budget(seconds=60))
        out = OUT / f"{picture}.png"
        render(ptype, inst, out, solution, note, dpi=DPI)
        print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main(sys.argv[1:])
