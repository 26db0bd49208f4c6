"""Pictures, checked as a person looks at them: every puzzle's example drawn
with its solution to a PNG, and the pixels read back. A board is not blank, it has its
outer border on all four sides (dark pixels along each edge of the box the board
occupies), and the solution's board differs from the puzzle's. `render --sheet` puts a
dataset's puzzles on pages and their solutions on the pages after them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from puzzlelab.lab.data.plot import save_figure
from puzzlelab.lab.engine.sat import Budget
from puzzlelab.lab.face import registry
from puzzlelab.lab.face.cli import main
from puzzlelab.lab.face.render import Panel, figure, render, render_sheet, solution_for
from puzzlelab.lab.toolkit.draw import Board, boards

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "datasets" / "examples"
DPI = 40  # low: a 9x9 sudoku is about 200 pixels across, borders a pixel or two
DARK = 0.5  # a pixel darker than mid-grey is ink
Box = tuple[int, int, int, int]  # left, top, right, bottom pixel of a board in the picture


def picture(panels: list[Panel], path: Path) -> tuple[np.ndarray, list[list[Box]]]:
    """Draw `panels` side by side as `render` does, write the PNG and read it back: its
    grey levels (0 black .. 1 white) and, per panel, the pixel box of each board (of the
    whole panel where the puzzle draws no rectangular `Board`: Loopy's tilings)."""
    import matplotlib.pyplot as plt

    fig = figure(panels, same_scale=True)
    save_figure(fig, path, dpi=DPI)  # laid out and drawn: the transforms below are the picture's
    rgb = plt.imread(path)[..., :3]
    scale, height = DPI / fig.dpi, rgb.shape[0]
    boxes = []
    for ax in fig.axes[:len(panels)]:
        found = []
        extents = [b.box for b in boards(ax)] or [ax.viewLim]
        for box in extents:
            (x0, y0), (x1, y1) = ax.transData.transform([(box.x0, box.y0), (box.x1, box.y1)])
            found.append((round(x0 * scale), round(height - y1 * scale), round(x1 * scale), round(height - y0 * scale)))
        boxes.append(found)
    return rgb.mean(axis=2), boxes


def has_border(grey: np.ndarray, box: Box, band: int = 2, share: float = 0.9) -> bool:
    """Dark pixels along all four edges of `box`: at `share` of the places along each edge
    some pixel within `band` of it is ink."""
    left, top, right, bottom = box
    ink = grey < DARK

    def covered(along: range, near: int, horizontal: bool) -> float:
        lo, hi = max(near - band, 0), near + band + 1
        hits = [ink[lo:hi, i].any() if horizontal else ink[i, lo:hi].any() for i in along]
        return sum(hits) / max(1, len(hits))

    across, down = range(left + band + 1, right - band), range(top + band + 1, bottom - band)
    return all(share <= covered(*edge) for edge in ((across, top, True), (across, bottom, True),
                                                   (down, left, False), (down, right, False)))


def inside(grey: np.ndarray, box: Box) -> np.ndarray:
    left, top, right, bottom = box
    return grey[top + 3:bottom - 2, left + 3:right - 2]  # the board within its border


@pytest.mark.parametrize("name", registry.names())
def test_every_puzzle_is_drawn_with_its_border_and_its_solution(name, tmp_path):
    ptype = registry.puzzle(name)
    inst = ptype.parse(ptype.example)
    solution, note = solution_for(ptype, inst, Budget(conflicts=1_000_000))  # work, never seconds: a tiny example
    grey, (puzzle_boxes, solution_boxes) = picture(
        [Panel(ptype, inst, None, name), Panel(ptype, inst, solution, name, note)], tmp_path / f"{name}.png")
    assert grey.std() > 0.05, "a blank picture"
    assert puzzle_boxes and len(puzzle_boxes) == len(solution_boxes)
    import matplotlib.pyplot as plt

    fig = plt.figure()
    ptype.draw(fig.add_subplot(), inst)
    rectangular = bool(boards(fig.axes[0]))  # a tiling of other shapes (Loopy's) has no rectangular border
    plt.close(fig)
    differs = False
    for shown, solved in zip(puzzle_boxes, solution_boxes):
        for box in (shown, solved):
            assert box[2] - box[0] > 20 and box[3] - box[1] > 20, f"a board of {box} pixels"
            assert not rectangular or has_border(grey, box), f"{name}: a side of the board at {box} has no border"
        a, b = inside(grey, shown), inside(grey, solved)
        assert abs(a.shape[1] - b.shape[1]) <= 1  # one scale (a solution may add rows: pours, a guess)
        h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
        differs = differs or a.shape[0] != b.shape[0] or float(np.abs(a[:h, :w] - b[:h, :w]).mean()) > 0.005
    assert differs, f"{name}: the solution looks like the puzzle"


def test_the_border_check_sees_a_missing_side(tmp_path):
    """The old Light Up picture: lines inside, none along the right and bottom edges."""
    ptype = registry.puzzle("sudoku")
    inst = ptype.parse(ptype.example)

    class Open(type(ptype)):  # type: ignore[misc]
        def draw(self, ax, inst, solution=None):
            board = Board(ax, 4, 4)
            board.grid(border=False)
            ax.plot([0, 4], [4, 4], color="black", lw=2.2)
            ax.plot([0, 0], [0, 4], color="black", lw=2.2)

    grey, [[box]] = picture([Panel(Open(), inst, None, "open")], tmp_path / "open.png")
    assert not has_border(grey, box)
    grey, [[box]] = picture([Panel(ptype, inst, None, "closed")], tmp_path / "closed.png")
    assert has_border(grey, box)


def test_render_solution_of_a_move_puzzle_draws_its_answer(tmp_path, capsys):
    out = tmp_path / "jugs.png"
    assert main(["render", "jugs", str(EXAMPLES / "jugs_seed002.txt"), "--out", str(out), "--solution"]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    assert capsys.readouterr().out.strip() == f"wrote {out}"
    plain = tmp_path / "plain.png"
    render(registry.puzzle("jugs"), registry.puzzle("jugs").parse(registry.puzzle("jugs").example), plain)
    assert plain.stat().st_size < out.stat().st_size  # one panel, not two


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sheet") / "sudoku.jsonl"
    assert main(["generate", "sudoku", "--size", "4", "--count", "13", "--seed", "3", "--out", str(path),
                 "--quiet"]) == 0
    return path


def test_sheet_puts_puzzles_then_solutions_on_pages(dataset, tmp_path, capsys):
    out = tmp_path / "sheet.pdf"
    assert main(["render", "--sheet", str(dataset), "--count", "7", "--solution", "--out", str(out), "--json"]) == 0
    assert '"pages": 4' in capsys.readouterr().out  # 7 puzzles on two pages, their solutions on two more
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") >= 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]  # written whole, nothing else


def test_sheet_as_one_picture(dataset, tmp_path):
    import matplotlib.pyplot as plt

    done = render_sheet(dataset, tmp_path / "sheet.png", 3, solutions=True, dpi=DPI)
    assert done == {"dataset": str(dataset), "puzzles": 3, "solutions": 3, "pages": 2}
    grey = plt.imread(tmp_path / "sheet.png")[..., :3].mean(axis=2)
    rows = (grey < DARK).sum(axis=1)
    assert grey.shape[0] > grey.shape[1]  # pages one under the other
    assert (rows > 0.2 * grey.shape[1]).sum() >= 4 * 2  # the top and bottom border of each board row at least


def test_sheet_is_refused_in_one_line(dataset, tmp_path, capsys):
    def refused(*args: str) -> str:
        assert main([str(a) for a in args]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1
        return err

    assert "give no PUZZLE or FILE" in refused("render", "sudoku", "--sheet", dataset, "--out", tmp_path / "a.pdf")
    assert "needs PUZZLE and FILE" in refused("render", "--out", tmp_path / "a.pdf")
    assert "--count is for --sheet" in refused("render", "sudoku", EXAMPLES / "sudoku_seed003.txt", "--count", "2",
                                               "--out", tmp_path / "a.png")
    assert "write .pdf" in refused("render", "--sheet", dataset, "--count", "13", "--solution",
                                   "--out", tmp_path / "a.png")
    assert "no such file" in refused("render", "--sheet", tmp_path / "none.jsonl", "--out", tmp_path / "a.pdf")
    (tmp_path / "empty.jsonl").write_text("")
    assert "no records" in refused("render", "--sheet", tmp_path / "empty.jsonl", "--out", tmp_path / "a.pdf")
    assert list(tmp_path.iterdir()) == [tmp_path / "empty.jsonl"]


def test_a_big_board_is_a_few_artists_however_many_cells(tmp_path):
    """A 100x100 Mosaic is 10,000 shaded cells: drawn as 10,000 patches it took 2.5 s of CPU
    (28 s of wall time on a loaded machine); a run of shades (or of texts) of one colour is
    one artist. Counted, not timed."""
    mosaic = registry.puzzle("mosaic")
    empty = mosaic.parse("\n".join("." * 100 for _ in range(100)))
    clued = mosaic.parse("\n".join("45" * 30 for _ in range(60)))  # a clue in every cell (no solution needed)
    for inst in (empty, clued):
        fig = figure([Panel(mosaic, inst, None, "big")])
        fig.canvas.draw()
        children = fig.axes[0].get_children()
        assert len(children) < 30
        shaded = sum(len(c.get_paths()) for c in children if hasattr(c, "get_paths") and type(c).__name__ == "_Cells")
        assert shaded == inst.params.width * inst.params.height  # every cell is still shaded
    out = tmp_path / "empty.png"
    (tmp_path / "empty.txt").write_text("\n".join("." * 100 for _ in range(100)) + "\n")
    assert main(["render", "mosaic", str(tmp_path / "empty.txt"), "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")


def test_shades_keep_the_order_they_were_drawn_in(tmp_path):
    """Runs of one colour are joined, but a shade drawn over another stays on top of it."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(2, 1))
    board = Board(ax, 2, 1)
    for c, colour in enumerate(("0.9", "0.8")):
        board.shade(0, c, colour)
        board.shade(0, c, "black", inset=0.3)  # a dot on each light grey cell: the second one's
        # black must not join the first one's, which is drawn before the 0.8 grey
    assert len([a for a in ax.get_children() if type(a).__name__ == "_Cells"]) == 4
    save_figure(fig, tmp_path / "dots.png", dpi=DPI)
    grey = plt.imread(tmp_path / "dots.png")[..., :3].mean(axis=2)
    scale = DPI / fig.dpi
    for x, y in ax.transData.transform([(0.5, 0.5), (1.5, 0.5)]):  # the centres of the two cells
        assert grey[round(grey.shape[0] - y * scale), round(x * scale)] < DARK  # the dot, not the grey under it


def test_render_timeout_covers_the_drawing_too(tmp_path):
    """Drawing that never ends (here: made to block, so no clock decides it) ends at --timeout
    with `unknown` and exit 1, and leaves no file, as `solve` does."""
    import os
    import subprocess
    import sys

    out = tmp_path / "never.png"
    code = ("import sys, threading, puzzlelab.lab.face.render; "
            "puzzlelab.lab.face.render.render = lambda *a, **k: threading.Event().wait(); "
            "from puzzlelab.lab.face.cli import main; sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", code, "render", "sudoku", str(EXAMPLES / "sudoku_seed003.txt"),
                           "--out", str(out), "--timeout", "0.01"], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1, done.stderr
    assert "unknown: the --timeout of 0.01 s ran out before the picture was written" in done.stdout
    assert list(tmp_path.iterdir()) == []
