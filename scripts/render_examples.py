"""The pictures in docs/images: a few boards drawn with their solutions by `puzzlelab.lab.face.render`,
from the examples in datasets/examples and tests/data, and from the generators with a
fixed seed where there is no example file (Nonograms, Pearl). Rerun it after a change to
`lab/toolkit/draw.py` or a puzzle's `draw`; it writes the same pictures for the same code.

    python scripts/render_examples.py               # every picture
    python scripts/render_examples.py sudoku pearl  # just these
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzlelab.lab.engine.generator import generate_one  # noqa: E402
from puzzlelab.lab.engine.puzzle import Instance  # noqa: E402
from puzzlelab.lab.engine.sat import Budget, SessionCache  # noqa: E402
from puzzlelab.lab.face import registry  # noqa: E402
from puzzlelab.lab.face.render import render, solution_for  # noqa: E402

OUT = ROOT / "docs" / "images"
DPI = 100  # small enough to commit, sharp enough to read

# picture name -> (puzzle, file under the repository, or generator options and seed). Every
# puzzle has one: an example file where the repository has one, else a generated board.
EXAMPLES: dict[str, tuple[str, str | tuple[dict, int]]] = {
    "sudoku": ("sudoku", "datasets/examples/sudoku_seed003.txt"),
    "keen": ("keen", "tests/data/keen/seed000.txt"),
    "nonogram": ("nonogram", ({"size": 12}, 3)),
    "pearl": ("pearl", ({"size": 8}, 2)),
    "lightup": ("lightup", "datasets/examples/lightup_8x8.txt"),
    "minesweeper": ("minesweeper", "datasets/examples/minesweeper_seed000.txt"),
    "chessmelee": ("chessmelee", "datasets/examples/chessmelee_seed000.txt"),
    "chessranger": ("chessranger", "datasets/examples/chessranger_seed000.txt"),
    "chesssolo": ("chesssolo", "datasets/examples/chesssolo_seed000.txt"),
    "guess": ("guess", "datasets/examples/guess_seed000.txt"),
    "inertia": ("inertia", "datasets/examples/inertia_seed000.txt"),
    "jugs": ("jugs", "datasets/examples/jugs_seed002.txt"),
    "magicsquare": ("magicsquare", "datasets/examples/magicsquare_seed001.txt"),
    "numcross": ("numcross", "datasets/examples/numcross_seed.txt"),
    "sliding": ("sliding", "datasets/examples/sliding_seed002.txt"),
    "tiling": ("tiling", "datasets/examples/tiling_seed001_8x8.txt"),
    "bridges": ("bridges", ({"size": 7}, 1)),
    "dominosa": ("dominosa", ({"n": 5}, 1)),
    "filling": ("filling", ({"width": 7, "height": 6}, 1)),
    "hidoku": ("hidoku", ({"size": 6}, 1)),
    "magnets": ("magnets", ({"size": 6}, 1)),
    "map": ("map", ({"size": 8}, 1)),
    "mosaic": ("mosaic", ({"size": 8}, 1)),
    "range": ("range", ({"size": 7}, 1)),
    "signpost": ("signpost", ({"size": 5}, 1)),
    "singles": ("singles", ({"size": 6}, 1)),
    "tents": ("tents", ({"size": 8}, 1)),
    "towers": ("towers", ({"size": 5}, 1)),
    "unequal": ("unequal", ({"size": 5}, 1)),
    "shikaku": ("shikaku", ({"size": 7}, 1)),
    "starbattle": ("starbattle", ({"size": 10}, 1)),
    "slitherlink": ("slitherlink", ({"size": 7}, 1)),
    "loopy": ("loopy", ({"grid": "cairo", "size": 5}, 1)),
    "loopy-penrose": ("loopy", ({"grid": "kitedart", "size": 7}, 1)),
    "country": ("country", ({"size": 8}, 1)),
    "firefly": ("firefly", ({"size": 7}, 1)),
    "slant": ("slant", ({"size": 7}, 1)),
    "net": ("net", ({"size": 7}, 1)),
    "sudoku-x": ("sudoku-x", ({"size": 9}, 1)),
    "jigsaw": ("jigsaw", ({"size": 9}, 1)),
    "killer": ("killer", ({"size": 9}, 1)),
    "tracks": ("tracks", ({"size": 8}, 1)),
    "undead": ("undead", ({"size": 5}, 1)),
    "unruly": ("unruly", ({"size": 8}, 1)),
    "galaxies": ("galaxies", ({"size": 10}, 1)),
    "sashigane": ("sashigane", ({"size": 8}, 1)),
    "nurimisaki": ("nurimisaki", ({"size": 10}, 1)),
    "nurimaze": ("nurimaze", ({"size": 10}, 1)),
    "palisade": ("palisade", ({"width": 8, "height": 6}, 1)),
    "shakashaka": ("shakashaka", ({"size": 10}, 1)),
    "dbchoco": ("dbchoco", ({"size": 6}, 1)),
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
