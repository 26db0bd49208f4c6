"""Boards to pictures (PNG, PDF, SVG, JPEG, ...: the extension of `out` decides).

A puzzle draws itself with its `draw` hook (on `lab.draw.Board`s); a puzzle without one is
drawn as its text form in a grid. `render` draws one board, and its solution beside it;
`render_sheet` puts the first puzzles of a dataset on printable pages, their solutions on
the pages after them.

The solution a `draw` hook is given (`solution_for`): a clue puzzle's solution as its
`decode` returns it; a move puzzle's answer as `Answer.data` (what `solve --json` prints),
whose first line of text (`3 moves (proven optimal)`) is written under the panel's title.
"""

from __future__ import annotations

import math
import os
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .plot import picture_format, save_figure
from .puzzle import Answer, CluePuzzle, Instance, MovePuzzle, PuzzleError, PuzzleType
from .sat import Budget

DPI = 110  # pixels per inch of raster pictures
PANEL = 5.5  # inches: the longer side of a board's panel in `render`
NOTE_CHARS = 72  # a longer note is cut (the picture shows the rest)
PAGE = (8.27, 11.69)  # A4 portrait, inches: a sheet's page
SHEET_COLUMNS, SHEET_ROWS = 2, 3  # boards per page
MOST_ON_ONE_PICTURE = 24  # boards a sheet holds in a single-page format (PNG, SVG); PDF has pages


@dataclass
class Panel:
    """One board in a picture: what to draw and the title over it."""

    ptype: PuzzleType
    inst: Instance
    solution: Any = None
    title: str = ""
    note: str = ""  # a line under the title: what a move puzzle's answer says


def solution_for(ptype: PuzzleType, inst: Instance, budget: Budget | None = None) -> tuple[Any, str]:
    """What `draw` takes as the solution, and a line that says what it is: a clue puzzle's
    solution and "" (PuzzleError when it has none; `Unknown` when the budget runs out), a
    move puzzle's `Answer.data` and its answer's first line (`budget.seconds` is its time
    limit)."""
    if isinstance(ptype, CluePuzzle):
        from .solve import solve

        sol = solve(ptype, inst, budget or Budget())
        if sol is None:
            raise PuzzleError("the puzzle has no solution to draw")
        return sol, ""
    if not isinstance(ptype, MovePuzzle):
        raise PuzzleError(f"{ptype.name} has no solution to draw")
    answer = ptype.answer(inst, time_limit=budget.seconds if budget else None)
    return answer.data, _headline(answer)


def _headline(answer: Answer) -> str:
    """An answer's first line, the one that says what it is ("7 pours (shortest; ...)")."""
    return (answer.text.strip().splitlines() or [""])[0].rstrip(":")


def draw_panel(ax: Any, panel: Panel, title_size: float = 12) -> None:
    """Draw one board (and its solution, when the panel has one) on `ax`, titled."""
    from .draw import fit

    if panel.ptype.implements("draw"):
        panel.ptype.draw(ax, panel.inst, panel.solution)
    else:
        _draw_text(ax, panel.ptype, panel.inst, panel.solution)
    fit(ax)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(_title(panel), pad=10, fontsize=title_size)


def _title(panel: Panel, chars: int = 60) -> str:
    note = panel.note if len(panel.note) <= NOTE_CHARS else panel.note[:NOTE_CHARS - 3].rstrip() + "..."
    return "\n".join([panel.title, *textwrap.wrap(note, chars)])


def figure(panels: Sequence[Panel], columns: int | None = None, size: float = PANEL, title_size: float = 12,
           same_scale: bool = False) -> Any:
    """A matplotlib figure holding `panels` in rows of `columns` (default: all in one row),
    each as large as its boards' shape allows within `size` x `size` inches, its title over
    it; `same_scale`: a cell is as large in every panel (a puzzle beside its solution)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    columns = columns or max(1, len(panels))
    rows = max(1, math.ceil(len(panels) / columns))
    fig, axes = plt.subplots(rows, columns, figsize=(size * columns, size * rows), squeeze=False)
    used = list(axes.flat)[:len(panels)]
    for ax in axes.flat[len(panels):]:
        ax.axis("off")
    for ax, panel in zip(used, panels):
        draw_panel(ax, panel, title_size)
    if same_scale:
        span_x = max(abs(ax.get_xlim()[1] - ax.get_xlim()[0]) for ax in used)
        span_y = max(abs(ax.get_ylim()[1] - ax.get_ylim()[0]) for ax in used)
        for ax in used:
            (x0, x1), y1 = ax.get_xlim(), ax.get_ylim()[1]
            ax.set_xlim((x0 + x1 - span_x) / 2, (x0 + x1 + span_x) / 2)
            ax.set_ylim(y1 - span_y, y1)  # tops aligned: the titles stay level
    shapes = [(abs(ax.get_xlim()[1] - ax.get_xlim()[0]), abs(ax.get_ylim()[1] - ax.get_ylim()[0])) for ax in used]
    titles = [_title(panel).splitlines() for panel in panels]
    widest, tallest = max(w / h for w, h in shapes), min(w / h for w, h in shapes)
    width = size * min(1.0, widest)  # the widest panel decides the width, the tallest the height
    height = width / tallest
    if height > size:
        width, height = width * size / height, size
    letters = max(len(line) for lines in titles for line in lines)
    width = max(width, 3.0, 0.1 * letters * title_size / 12)  # room for the title
    lines = max(len(lines) for lines in titles)
    fig.set_size_inches(width * columns, (height + 0.4 + 0.03 * title_size * lines) * rows)
    return fig


def render(ptype: PuzzleType, inst: Instance, out: str | os.PathLike, solution: Any = None, note: str = "",
           dpi: float = DPI) -> None:
    """Draw the puzzle (and its solution beside it) to `out`, in the format its extension
    names; a bad `out` is refused before anything is drawn. `solution` is what `draw`
    takes (see `solution_for`); a move puzzle's `Answer` is taken as its data and note."""
    fmt = picture_format(out)
    if isinstance(solution, Answer):
        note = note or _headline(solution)
        solution = solution.data
    panels = [Panel(ptype, inst, None, f"{ptype.name}: puzzle")]
    if solution is not None:
        panels.append(Panel(ptype, inst, solution, f"{ptype.name}: solution", note))
    save_figure(figure(panels, same_scale=True), out, fmt, dpi=dpi)


def render_sheet(dataset: str | os.PathLike, out: str | os.PathLike, count: int = SHEET_COLUMNS * SHEET_ROWS,
                 solutions: bool = False, budget: Budget | None = None, dpi: float = DPI) -> dict:
    """The first `count` puzzles of a dataset file on pages for printing, `SHEET_COLUMNS` x
    `SHEET_ROWS` to an A4 page, and with `solutions` their solutions on the pages after
    them. A PDF has one page per page; other formats hold every page in one tall picture
    (at most `MOST_ON_ONE_PICTURE` boards). Each record's `clues` is read in its `format`.
    Returns how many puzzles and pages were drawn."""
    fmt = picture_format(out)
    if count < 1:
        raise PuzzleError(f"--count must be at least 1, got {count}")
    puzzles = _sheet_puzzles(dataset, count)
    boards = len(puzzles) * (2 if solutions else 1)
    if fmt != "pdf" and boards > MOST_ON_ONE_PICTURE:
        raise PuzzleError(f"a sheet as .{fmt} holds at most {MOST_ON_ONE_PICTURE} boards (puzzles and solutions), "
                          f"not {boards}: write .pdf for more")
    pages = _pages(puzzles)
    if solutions:
        done = []
        for p in puzzles:
            sol, note = solution_for(p.ptype, p.inst, budget)
            done.append(Panel(p.ptype, p.inst, sol, f"{p.title}: solution", note))
        pages += _pages(done)
    name = Path(dataset).name
    if fmt == "pdf":
        _save_pdf([(f"{name}: page {i + 1} of {len(pages)}", page) for i, page in enumerate(pages)], out, dpi)
    else:
        rows = [page[i:i + SHEET_COLUMNS] for page in pages for i in range(0, len(page), SHEET_COLUMNS)]
        panels = [row[i] if i < len(row) else None for row in rows for i in range(SHEET_COLUMNS)]
        fig = _sheet_figure(panels, len(rows), name)
        save_figure(fig, out, fmt, dpi=dpi)
    return {"dataset": str(dataset), "puzzles": len(puzzles), "solutions": len(puzzles) if solutions else 0,
            "pages": len(pages)}


def _sheet_puzzles(dataset: str | os.PathLike, count: int) -> list[Panel]:
    from . import registry
    from .records import read_records

    found: list[Panel] = []
    for i, rec in enumerate(read_records(dataset)):
        if len(found) == count:
            break
        where = f"{dataset}: record {i + 1}"
        try:
            ptype = registry.puzzle(rec["puzzle"])
            inst = ptype.parse(rec["clues"], rec.get("format"))
        except PuzzleError as exc:
            raise PuzzleError(f"{where}: {exc}") from None
        found.append(Panel(ptype, inst, None, str(rec.get("id") or f"{ptype.name} {i + 1}")))
    if not found:
        raise PuzzleError(f"{dataset}: no records to draw")
    return found


def _pages(panels: list[Panel]) -> list[list[Panel]]:
    per = SHEET_COLUMNS * SHEET_ROWS
    return [panels[i:i + per] for i in range(0, len(panels), per)]


def _sheet_figure(panels: Sequence[Panel | None], rows: int, heading: str) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(rows, SHEET_COLUMNS, figsize=(PAGE[0], PAGE[1] / SHEET_ROWS * rows), squeeze=False)
    for ax, panel in zip(axes.flat, panels):
        if panel is None:
            ax.axis("off")
        else:
            draw_panel(ax, panel, title_size=9)
    fig.suptitle(heading, fontsize=8, x=0.02, ha="left")
    return fig


def _save_pdf(pages: list[tuple[str, list[Panel]]], out: str | os.PathLike, dpi: float) -> None:
    """Every page in one PDF, written as `save_figure` writes a picture: whole or not at all."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    from .safety import write_new_file

    path = Path(out)

    def write(tmp: Path) -> None:
        with PdfPages(tmp, metadata={"CreationDate": None}) as pdf:
            for heading, page in pages:
                slots: list[Panel | None] = [*page, *[None] * (SHEET_ROWS * SHEET_COLUMNS - len(page))]
                fig = _sheet_figure(slots, SHEET_ROWS, heading)
                try:
                    fig.tight_layout(pad=1.5)
                    pdf.savefig(fig, dpi=dpi)
                finally:
                    plt.close(fig)

    write_new_file(path, write)


def _draw_text(ax: Any, ptype: PuzzleType, inst: Instance, solution: Any) -> None:
    """A puzzle without a `draw` hook: its text form (or its solution's) as a grid of
    characters, '#' shaded, '.' blank."""
    from .draw import Board

    text = ptype.format(inst, ptype.formats[0]) if solution is None else \
        ptype.format_solution(inst, solution, ptype.formats[0])
    rows = [line.split() if " " in line.strip() else list(line.strip()) for line in text.splitlines() if line.strip()]
    height, width = len(rows), max(len(r) for r in rows)
    board = Board(ax, width, height)
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if tok == "#":  # walls, shaded or painted cells in every puzzle's text form
                board.shade(r, c)
            elif tok != ".":  # '.' is an empty cell
                board.text(r, c, tok)
    board.grid()
