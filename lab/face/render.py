"""Boards to pictures (PNG, PDF, SVG, JPEG, ...: the extension of `out` decides).

A puzzle draws itself with its `draw` hook (on `lab.draw.Board`s); a puzzle without one is
drawn as its text form in a grid. `render` draws one board, and its solution beside it;
`render_sheet` puts the first puzzles of a dataset on printable pages, each with its number,
size and difficulty under it, their solutions on the pages after them (a booklet: fewer,
larger puzzles to a page, the answers at the back, many to a page).

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

from ..data.plot import picture_format, save_figure, text_as_text
from ..engine.puzzle import Answer, CluePuzzle, Instance, MovePuzzle, PuzzleError, PuzzleType
from ..engine.sat import Budget

DPI = 110  # pixels per inch of raster pictures
PANEL = 5.5  # inches: the longer side of a board's panel in `render`
NOTE_CHARS = 72  # a longer note is cut (the picture shows the rest)
PAGE = (8.27, 11.69)  # A4 portrait, inches: a sheet's page
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
        from ..engine.solve import solve

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
    draw_board(ax, panel)
    ax.set_title(_title(panel), pad=10, fontsize=title_size)


def draw_board(ax: Any, panel: Panel) -> None:
    """Draw one board (and its solution, when the panel has one) on `ax`, untitled."""
    from ..toolkit.draw import fit

    if panel.ptype.implements("draw"):
        panel.ptype.draw(ax, panel.inst, panel.solution)
    else:
        _draw_text(ax, panel.ptype, panel.inst, panel.solution)
    fit(ax)
    ax.set_aspect("equal")
    ax.axis("off")


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


@dataclass(frozen=True)
class Layout:
    """How boards sit on a sheet's pages: `columns` x `rows` to a page, and the font size
    (points) of the first line under each board (the others are a little smaller)."""

    columns: int
    rows: int
    text: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


SHEET = Layout(2, 3, 10)  # puzzles, and their solutions on the pages after
BOOKLET_PUZZLES = Layout(2, 2, 11)  # a booklet's puzzles: larger, room to work on them
BOOKLET_ANSWERS = Layout(3, 4, 8)  # its answers at the back: small, many to a page
MARGIN_X, TOP, BOTTOM, GAP = 0.6, 0.95, 0.75, 0.35  # inches: page margins, the head's and foot's bands, between columns
GREY = "0.35"  # the dataset's name and a record's id: there to find it, not to read first


@dataclass
class Entry:
    """One board of a sheet: its puzzle's number, what to draw, the lines under it (the first
    in bold) and the record it came from."""

    number: int
    panel: Panel
    lines: list[str]
    record: dict


@dataclass
class Page:
    """One page of a sheet: its section ("Puzzles 1-6"), its layout and its boards."""

    section: str
    layout: Layout
    entries: list[Entry]


def render_sheet(dataset: str | os.PathLike, out: str | os.PathLike, count: int = SHEET.per_page,
                 solutions: bool = False, budget: Budget | None = None, dpi: float = DPI, booklet: bool = False,
                 title: str | None = None) -> dict:
    """The first `count` puzzles of a dataset file on A4 pages for printing: a running title,
    each puzzle's number, size and difficulty under it, page numbers. As a sheet,
    `SHEET.per_page` to a page, and with `solutions` their solutions on the pages after;
    as a `booklet`, fewer and larger puzzles to a page and the answers at the back, many
    to a page. A PDF has one page per page, its text written as text (selectable and
    searchable); other formats hold every page in one tall picture (at most
    `MOST_ON_ONE_PICTURE` boards). Each record's `clues` is read in its `format`; `title`:
    the running title (default: the puzzles' names). Returns how many puzzles, solutions
    and pages were drawn."""
    fmt = picture_format(out)
    if count < 1:
        raise PuzzleError(f"--count must be at least 1, got {count}")
    puzzles = _sheet_puzzles(dataset, count)
    solutions = solutions or booklet
    boards = len(puzzles) * (2 if solutions else 1)
    if fmt != "pdf" and boards > MOST_ON_ONE_PICTURE:
        raise PuzzleError(f"a sheet as .{fmt} holds at most {MOST_ON_ONE_PICTURE} boards (puzzles and solutions), "
                          f"not {boards}: write .pdf for more")
    first, second = (BOOKLET_PUZZLES, BOOKLET_ANSWERS) if booklet else (SHEET, SHEET)
    pages = _pages(puzzles, first, "Puzzles")
    if solutions:
        word = "Answer" if booklet else "Solution"
        pages += _pages([_answer(entry, budget, word) for entry in puzzles], second, f"{word}s")
    heading = title if title is not None else _default_title(puzzles)
    name = Path(dataset).name
    if fmt == "pdf":
        _save_pdf(pages, heading, name, out, dpi)
    else:
        fig = _sheet_figure(pages, heading, name)
        save_figure(fig, out, fmt, dpi=dpi, tight=False)
    return {"dataset": str(dataset), "puzzles": len(puzzles), "solutions": len(puzzles) if solutions else 0,
            "pages": len(pages)}


def _sheet_puzzles(dataset: str | os.PathLike, count: int) -> list[Entry]:
    from ..data.records import read_records
    from . import registry

    found: list[Entry] = []
    for i, rec in enumerate(read_records(dataset)):
        if len(found) == count:
            break
        where = f"{dataset}: record {i + 1}"
        try:
            ptype = registry.puzzle(rec["puzzle"])
            inst = ptype.parse(rec["clues"], rec.get("format"))
        except PuzzleError as exc:
            raise PuzzleError(f"{where}: {exc}") from None
        number = len(found) + 1
        lines = [f"Puzzle {number} · {_kind(ptype, rec)}", _difficulty(ptype, rec), _record_id(rec)]
        found.append(Entry(number, Panel(ptype, inst, None, f"Puzzle {number}"), lines, rec))
    if not found:
        raise PuzzleError(f"{dataset}: no records to draw")
    return found


def _answer(entry: Entry, budget: Budget | None, word: str) -> Entry:
    """The entry's solution ("Solution 3", "Answer 3"), numbered as its puzzle, with what a
    move puzzle's answer says."""
    p = entry.panel
    sol, note = solution_for(p.ptype, p.inst, budget)
    title = f"{word} {entry.number}"
    lines = [f"{title} · {_kind(p.ptype, entry.record)}", note, _record_id(entry.record)]
    return Entry(entry.number, Panel(p.ptype, p.inst, sol, title, note), lines, entry.record)


def _kind(ptype: PuzzleType, record: dict) -> str:
    """"Sudoku 9x9": the puzzle's short name and its board size."""
    from ..data.scoring import size_label

    size = size_label(record)
    return f"{_short_name(ptype)} {size}" if size else _short_name(ptype)


def _short_name(ptype: PuzzleType) -> str:
    """"Sudoku" of "Sudoku (Solo), any box shape", "Chess Ranger" of "Chess Ranger: capture ..."."""
    return (ptype.title or ptype.name).split(" (")[0].split(":")[0].split(",")[0].strip()


# How a puzzle's own grade (`PuzzleType.grading.keys`, a word) is named under its board.
HUMAN_GRADES = {"human_technique": "technique", "human_tatham": "Tatham's grade"}


def _difficulty(ptype: PuzzleType, record: dict) -> str:
    """"level 1 · score 1.63 · technique: guessing": the grade's level and score, and the
    puzzle's own grade in words where it has one; "not graded" for a record made with
    --no-grade."""
    difficulty = record.get("difficulty")
    if not isinstance(difficulty, dict) or not difficulty:
        return "not graded"
    parts = []
    level, score = difficulty.get("level"), difficulty.get("score")
    if isinstance(level, int) and not isinstance(level, bool):
        parts.append(f"level {level}")
    if isinstance(score, (int, float)) and not isinstance(score, bool):
        parts.append(f"score {score:.2f}")
    for key in ptype.grading.keys:
        value = difficulty.get(key)
        if isinstance(value, str) and value:
            parts.append(f"{HUMAN_GRADES.get(key, key.removeprefix('human_'))}: {value.replace('_', ' ')}")
    return " · ".join(parts) or "not graded"


def _record_id(record: dict) -> str:
    rid = record.get("id")
    return f"id {rid}" if isinstance(rid, str) and rid else ""


def _default_title(entries: list[Entry]) -> str:
    """The puzzles' names ("Sudoku", "Sudoku and Nonograms"); "Puzzles" for more than three kinds."""
    names = list(dict.fromkeys(_short_name(e.panel.ptype) for e in entries))
    return "Puzzles" if len(names) > 3 else " and ".join(names)


def _pages(entries: list[Entry], layout: Layout, section: str) -> list[Page]:
    """`entries` on pages of `layout`, each page's section naming the boards it holds."""
    per = layout.per_page
    pages = []
    for i in range(0, len(entries), per):
        chunk = entries[i:i + per]
        first, last = chunk[0].number, chunk[-1].number
        pages.append(Page(f"{section} {first}" + (f"–{last}" if last != first else ""), layout, chunk))
    return pages


def _sheet_figure(pages: Sequence[Page], heading: str, name: str) -> Any:
    """One figure holding `pages` one under the other (a single-page format's sheet)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=(PAGE[0], PAGE[1] * len(pages)))
    for i, page in enumerate(pages):
        _draw_page(_Frame(fig, i), page, heading, name, i, len(pages))
    return fig


def _page_figure(page: Page, heading: str, name: str, number: int, total: int) -> Any:
    """One page of a sheet as a figure of its own (a page of a PDF)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=PAGE)
    _draw_page(_Frame(fig, 0), page, heading, name, number, total)
    return fig


class _Frame:
    """The `slot`-th A4 page of a figure, from the top, measured in inches from the page's
    bottom-left corner: pages are placed by hand, not by a layout engine, so every page of
    a sheet is laid out alike."""

    def __init__(self, fig: Any, slot: int):
        self.fig = fig
        self.width, self.height = fig.get_size_inches()
        self.bottom = self.height - (slot + 1) * PAGE[1]  # the page's bottom, inches above the figure's

    def at(self, x: float, y: float) -> tuple[float, float]:
        """A point of the page (inches) in figure coordinates."""
        return x / self.width, (self.bottom + y) / self.height

    def text(self, x: float, y: float, text: str, size: float, **kwargs: Any) -> None:
        self.fig.text(*self.at(x, y), text, fontsize=size, va="baseline", **kwargs)

    def axes(self, left: float, bottom: float, width: float, height: float) -> Any:
        x, y = self.at(left, bottom)
        return self.fig.add_axes((x, y, width / self.width, height / self.height))


def _draw_page(frame: _Frame, page: Page, heading: str, name: str, number: int, total: int) -> None:
    """One page: the running title and the section over a rule, the boards in their grid,
    each with its lines under it, the dataset's name and the page number at the foot."""
    from matplotlib.lines import Line2D

    head = PAGE[1] - 0.55
    frame.text(MARGIN_X, head, heading, 15, fontweight="bold", ha="left")
    frame.text(PAGE[0] - MARGIN_X, head, page.section, 11, ha="right")
    (x0, y), (x1, _) = frame.at(MARGIN_X, head - 0.15), frame.at(PAGE[0] - MARGIN_X, 0)
    frame.fig.add_artist(Line2D([x0, x1], [y, y], transform=frame.fig.transFigure, color="black", lw=0.8))
    frame.text(MARGIN_X, 0.45, name, 8, color=GREY, ha="left")
    frame.text(PAGE[0] / 2, 0.45, f"page {number + 1} of {total}", 9, ha="center")
    layout = page.layout
    width = (PAGE[0] - 2 * MARGIN_X - GAP * (layout.columns - 1)) / layout.columns
    height = (PAGE[1] - TOP - BOTTOM) / layout.rows
    for i, entry in enumerate(page.entries):
        row, col = divmod(i, layout.columns)
        _draw_entry(frame, entry, layout, MARGIN_X + col * (width + GAP), PAGE[1] - TOP - row * height, width, height)


def _draw_entry(frame: _Frame, entry: Entry, layout: Layout, left: float, top: float, width: float,
                height: float) -> None:
    """One board at the top of its cell of the grid (`left`, `top`: inches on the page), as
    large as the cell allows with room for its lines under it, and those lines: the first
    bold, the second wrapped to two at most, the third small and grey."""
    sizes = (layout.text, layout.text - 1, layout.text - 1, layout.text - 2.5)  # points, with a wrapped second line
    room = sum(1.35 * s for s in sizes) / 72 + 0.1  # inches the lines take, and a gap over them
    ax = frame.axes(left, top - height + room, width, height - room)
    draw_board(ax, entry.panel)
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    shape = abs(y1 - y0) / abs(x1 - x0)  # the board's height over its width
    w = min(width, (height - room) / shape)
    ax.set_position((*frame.at(left + (width - w) / 2, top - w * shape), w / frame.width, w * shape / frame.height))
    y = top - w * shape - 0.05
    chars = int(width * 72 / (0.55 * sizes[1]))  # about as many letters as the cell's width holds
    bold, what, small = (entry.lines + ["", "", ""])[:3]
    lines = [(bold, sizes[0])] + [(part, sizes[1]) for part in _wrapped(what, chars, 2)] + [(small, sizes[3])]
    for k, (line, size) in enumerate(lines):
        y -= 1.35 * size / 72
        frame.text(left + width / 2, y, line, size, ha="center", fontweight="bold" if k == 0 else "normal",
                   color=GREY if k == len(lines) - 1 and k > 0 else "black")


def _wrapped(text: str, chars: int, most: int) -> list[str]:
    """`text` in lines of about `chars` letters, at most `most` of them (the last cut short)."""
    lines = textwrap.wrap(text, chars)
    if len(lines) > most:
        lines = lines[:most - 1] + [textwrap.shorten(" ".join(lines[most - 1:]), chars, placeholder="...")]
    return lines


def _save_pdf(pages: list[Page], heading: str, name: str, out: str | os.PathLike, dpi: float) -> None:
    """Every page in one PDF, written as `save_figure` writes a picture: whole or not at all.
    Fonts are embedded as TrueType (`pdf.fonttype` 42): the text is text, each glyph stored
    once (a Type 3 font draws every digit as its own outline)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    from ..data.safety import write_new_file

    path = Path(out)

    def write(tmp: Path) -> None:
        with text_as_text(), PdfPages(tmp, metadata={"CreationDate": None, "Title": heading}) as pdf:
            for i, page in enumerate(pages):
                fig = _page_figure(page, heading, name, i, len(pages))
                try:
                    pdf.savefig(fig, dpi=dpi)
                finally:
                    plt.close(fig)

    write_new_file(path, write)


def _draw_text(ax: Any, ptype: PuzzleType, inst: Instance, solution: Any) -> None:
    """A puzzle without a `draw` hook: its text form (or its solution's) as a grid of
    characters, '#' shaded, '.' blank."""
    from ..toolkit.draw import Board

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
