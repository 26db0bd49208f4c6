"""Print-style pictures of grid boards on a matplotlib Axes: the toolkit every puzzle's
`draw` hook uses (it names no puzzle).

A `Board` is a W x H grid of unit cells; cell (r, c) is row r from the top, column c from
the left. Lines are thin inside, thick around the board and between regions. Everything a
board holds (text, circles, routes, arrows) is measured in cells, not points, so a picture
keeps its proportions at any size: on screen, on a printed sheet of six, in a PNG of 40 dpi.
Text (DejaVu Sans, matplotlib's own font) is centred on its ink and sized in cells; a vector
picture (PDF, SVG) holds it as text, a reader can select and search it in a PDF written with
`pdf.fonttype` 42, and a raster one (PNG) draws its glyph outlines.
Several boards may share one Axes (`x`, `y` place them); the Axes' limits always take in
everything drawn on them.
"""

from __future__ import annotations

import math
import textwrap
import weakref
from collections.abc import Hashable, Iterable, Sequence
from functools import lru_cache
from typing import Any

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backend_bases import RendererBase
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import Annulus, Circle, Polygon, Rectangle
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Bbox, TransformedPath

Cell = tuple[int, int]
Point = tuple[float, float]
Colour = Any  # anything matplotlib takes as a colour: "black", "0.7", "#f5c518", (r, g, b)

FONT = "DejaVu Sans"  # shipped with matplotlib: the same glyphs everywhere (chess pieces too)
THIN = 0.6  # points: lines between cells
THICK = 2.2  # points: the outer border and region borders
GRID = "0.35"  # colour of the thin lines
MARGIN = 0.25  # cells of white space around everything on an Axes
CAP = 0.73  # the height of a capital letter or digit in the font, in em

# Layers, bottom to top.
Z_SHADE, Z_GRID, Z_LINE, Z_DISC, Z_TEXT, Z_BORDER, Z_ARROW = 1, 2, 3, 3.5, 4, 5, 6

_BOARDS: weakref.WeakKeyDictionary[Axes, list[Board]] = weakref.WeakKeyDictionary()
# The last artist this module added to an Axes at each zorder: a shade or a text joins it when
# it is of the same kind and colour, so that a board of 10,000 cells is a few artists, not
# 10,000 (a 100x100 Mosaic, rendered: 2.5 s of CPU empty, 6.2 s with a number in every cell,
# nearly all of it per-artist overhead; now 0.4 s and 0.5 s).
# Only artists of one zorder are drawn in the order they were added, so only they break a run.
_LAST: weakref.WeakKeyDictionary[Axes, dict[float, Any]] = weakref.WeakKeyDictionary()


def _add_artist(ax: Axes, artist: Any) -> None:
    """Add `artist` to `ax` (not add_patch: the boards keep the limits, and data limits of
    glyphs are slow), remembering it as the last at its zorder."""
    ax.add_artist(artist)
    _LAST.setdefault(ax, {})[artist.get_zorder()] = artist


def _run(ax: Axes, kind: type, colour: Colour, zorder: float) -> Any:
    """The artist of `kind` and `colour` that a new shape at `zorder` may join, or None."""
    last = _LAST.get(ax, {}).get(zorder)
    return last if type(last) is kind and getattr(last, "colour", None) == colour else None


class _Run:
    """A run of shapes of one colour drawn as one artist: a shape added after the first is
    kept and handed to the artist (`_show`) only when it is drawn, so a board of 10,000
    cells rebuilds it once, not 10,000 times."""

    def _begin(self, first: Any, colour: Colour) -> None:
        self.colour = colour
        self._parts = [first]
        self._shown = 1  # parts the artist holds

    def add(self, part: Any) -> None:
        if self._shown == len(self._parts):
            self.stale = True  # (matplotlib's flag: draw again)
        self._parts.append(part)

    def _show(self, parts: list[Any]) -> None:
        raise NotImplementedError

    def draw(self, renderer: RendererBase) -> None:
        if self._shown != len(self._parts):
            self._show(self._parts)
            self._shown = len(self._parts)
        super().draw(renderer)  # type: ignore[misc]  # (the artist class beside it in the MRO)


class _Cells(_Run, PolyCollection):
    """A run of shaded cells of one colour as one artist (`Board.shade`)."""

    def __init__(self, square: list[Point], colour: Colour, zorder: float):
        PolyCollection.__init__(self, [square], facecolors=[colour], edgecolors="none", linewidths=0, zorder=zorder)
        self._begin(square, colour)

    def _show(self, parts: list[Any]) -> None:
        self.set_verts(parts)


class _Text:
    """One text of a run: its baseline origin and font size (em) in data units, and the box of
    its ink."""

    __slots__ = ("x", "y", "text", "size", "bold", "ink")

    def __init__(self, x: float, y: float, text: str, size: float, bold: bool, ink: Bbox):
        self.x, self.y, self.text, self.size, self.bold, self.ink = x, y, text, size, bold, ink


class _Texts(_Run, Artist):
    """A run of texts of one colour as one artist (`write`). A vector picture (PDF, SVG, PS)
    gets each as text, not as glyph outlines: a PDF holds the digits as text (selectable,
    searchable, and each glyph stored once in the font, not once per digit). A raster one
    (PNG) gets the run's outlines as one filled path, as fast as one shape: drawn one text
    at a time, a 100x100 Mosaic of numbers took 2.4 s of CPU instead of 0.4 s. Sizes are in
    cells, so the text scales with the board."""

    def __init__(self, part: _Text, colour: Colour, zorder: float):
        Artist.__init__(self)
        self.set_zorder(zorder)
        self._begin(part, colour)
        self._outlines: Path | None = None  # the run's glyphs in data units, made when first drawn

    @property
    def texts(self) -> list[str]:
        """The texts of the run, in the order they were written."""
        return [part.text for part in self._parts]

    def add(self, part: Any) -> None:
        super().add(part)
        self._outlines = None

    def get_window_extent(self, renderer: RendererBase | None = None) -> Bbox:
        if self.axes is None or not self._parts:
            return Bbox.null()
        return Bbox.union([part.ink for part in self._parts]).transformed(self.axes.transData)

    def draw(self, renderer: RendererBase) -> None:
        ax = self.axes
        if not self.get_visible() or ax is None:
            return
        from matplotlib.backends.backend_agg import RendererAgg

        gc = renderer.new_gc()
        gc.set_foreground(self.colour)
        alpha = self.get_alpha()
        if alpha is not None:
            gc.set_alpha(alpha)
        if self.get_clip_on():
            gc.set_clip_rectangle(self.get_clip_box())
            clip = self.get_clip_path()  # the Axes' box, set by `add_artist`
            gc.set_clip_path(clip if isinstance(clip, TransformedPath) else None)
        renderer.open_group("texts", self.get_gid())
        if isinstance(renderer, RendererAgg):
            self._draw_outlines(renderer, gc)
        else:
            self._draw_texts(renderer, gc)
        renderer.close_group("texts")
        gc.restore()
        self._shown = len(self._parts)
        self.stale = False

    def _draw_outlines(self, renderer: RendererBase, gc: Any) -> None:
        """The run as one filled path of glyph outlines (a raster picture)."""
        ax = self.axes
        assert ax is not None
        if self._outlines is None:
            placed = []
            for part in self._parts:
                path, _ = _glyphs(part.text, part.bold)
                placed.append(Path(path.vertices * part.size + (part.x, part.y), path.codes))
            self._outlines = Path.make_compound_path(*placed)
        gc.set_linewidth(0)
        transform = ax.transData
        renderer.draw_path(gc, transform.transform_path_non_affine(self._outlines), transform.get_affine(),
                           gc.get_rgb())

    def _draw_texts(self, renderer: RendererBase, gc: Any) -> None:
        """Each text as text, sized in points from its size in cells (a vector picture)."""
        ax = self.axes
        assert ax is not None
        (_, y0), (_, y1) = ax.transData.transform([(0.0, 0.0), (0.0, 1.0)])
        points = abs(y1 - y0) * 72.0 / ax.figure.dpi  # in a data unit (a cell)
        origins = ax.transData.transform([(part.x, part.y) for part in self._parts])
        height = renderer.get_canvas_width_height()[1] if renderer.flipy() else None  # as `Text.draw` does
        fonts: dict[tuple[bool, float], FontProperties] = {}
        for (x, y), part in zip(origins, self._parts):
            key = (part.bold, part.size * points)
            prop = fonts.get(key)
            if prop is None:
                prop = fonts[key] = FontProperties(family=FONT, weight="bold" if part.bold else "normal", size=key[1])
            renderer.draw_text(gc, x, y if height is None else height - y, part.text, prop, 0.0)


def boards(ax: Axes) -> list[Board]:
    """The boards drawn on `ax`, in the order they were made."""
    return list(_BOARDS.get(ax, []))


@lru_cache(maxsize=4096)
def _glyphs(text: str, bold: bool) -> tuple[Path, Bbox]:
    """`text` as outlines one unit (em) high at the origin, and the box of its ink."""
    path = TextPath((0, 0), text, size=1.0, prop=FontProperties(family=FONT, weight="bold" if bold else "normal"))
    return path, path.get_extents()


def write(ax: Axes, x: float, y: float, text: str, size: float, *, ha: str = "center", va: str = "center",
          colour: Colour = "black", bold: bool = False, fit: float | None = None,
          zorder: float = Z_TEXT) -> Bbox | None:
    """Write `text` at (x, y) in data units: `size` is the font size (em) in cells, `ha`
    left/center/right and `va` bottom/center/top place its ink (baseline: the font's;
    middle: half a capital above it, for words); `fit` shrinks it to at most that width.
    Returns the box it covers (None for blank text)."""
    if not text.strip():
        return None
    path, ink = _glyphs(text, bold)
    k = size if fit is None or ink.width * size <= fit else fit / ink.width
    dx = {"left": x - ink.x0 * k, "center": x - (ink.x0 + ink.width / 2) * k, "right": x - ink.x1 * k}[ha]
    dy = {"bottom": y - ink.y0 * k, "center": y - (ink.y0 + ink.height / 2) * k, "top": y - ink.y1 * k,
          "baseline": y, "middle": y - CAP / 2 * k}[va]
    box = Bbox.from_extents(dx + ink.x0 * k, dy + ink.y0 * k, dx + ink.x1 * k, dy + ink.y1 * k)
    placed = _Text(dx, dy, text, k, bold, box)  # the text's origin, where the outline's was
    run = _run(ax, _Texts, colour, zorder)
    if run is not None:
        run.add(placed)
    else:
        _add_artist(ax, _Texts(placed, colour, zorder))
    return box


class _CellLine(Line2D):
    """A line whose width is given in data units (cells), so it scales with the board."""

    def __init__(self, xs: Sequence[float], ys: Sequence[float], width: float, **kwargs: Any):
        super().__init__(xs, ys, **kwargs)
        self._cells_wide = width

    def draw(self, renderer: RendererBase) -> None:
        ax = self.axes
        if ax is not None:
            (_, y0), (_, y1) = ax.transData.transform([(0.0, 0.0), (0.0, self._cells_wide)])
            self.set_linewidth(abs(y1 - y0) * 72.0 / ax.figure.dpi)
        super().draw(renderer)


def fit(ax: Axes) -> None:
    """Set `ax`'s limits to take in every board drawn on it and all they hold, with an
    equal aspect and no axis lines (the boards call this themselves as they grow)."""
    drawn = _BOARDS.get(ax, [])
    if not drawn:
        return
    x0 = min(b.extent.x0 for b in drawn) - MARGIN
    x1 = max(b.extent.x1 for b in drawn) + MARGIN
    y0 = min(b.extent.y0 for b in drawn) - MARGIN
    y1 = max(b.extent.y1 for b in drawn) + MARGIN
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.axis("off")


class Board:
    """A `width` x `height` grid of cells on `ax`, its bottom-left corner at (x, y)."""

    def __init__(self, ax: Axes, width: int, height: int, x: float = 0.0, y: float = 0.0):
        self.ax, self.width, self.height, self.x, self.y = ax, width, height, x, y
        self.extent = Bbox.from_extents(x, y, x + width, y + height)  # the board and everything around it
        _BOARDS.setdefault(ax, []).append(self)
        fit(ax)

    # ---- geometry ------------------------------------------------------------------
    def centre(self, r: float, c: float) -> Point:
        """The centre of cell (r, c) in data units (fractional r, c are fine)."""
        return self.x + c + 0.5, self.y + self.height - r - 0.5

    @property
    def box(self) -> Bbox:
        """The grid itself, without clues or captions."""
        return Bbox.from_extents(self.x, self.y, self.x + self.width, self.y + self.height)

    def include(self, *boxes: Bbox | None) -> None:
        found = [b for b in boxes if b is not None]
        if found:
            self.extent = Bbox.union([self.extent, *found])
            fit(self.ax)

    def _add(self, artist: Any) -> None:
        """Add a patch or line (the boards keep the Axes' limits, nothing to autoscale)."""
        _add_artist(self.ax, artist)

    # ---- lines -----------------------------------------------------------------------
    def grid(self, regions: Sequence[Sequence[Hashable]] | None = None, *, lines: bool = True,
             colour: Colour = GRID, border: bool = True) -> None:
        """Thin lines between cells (unless `lines` is False), a thick border on all four
        sides, and thick lines between cells of different regions (`regions[r][c]` is a
        cell's region id: a sudoku box, a Keen cage)."""
        x, y, w, h = self.x, self.y, self.width, self.height
        if lines:
            segs = [[(x + i, y), (x + i, y + h)] for i in range(1, w)]
            segs += [[(x, y + j), (x + w, y + j)] for j in range(1, h)]
            self._add(LineCollection(segs, colors=[colour], linewidths=THIN, zorder=Z_GRID))
        if regions is not None:
            self.borders(regions)
        if border:
            self._add(Rectangle((x, y), w, h, fill=False, edgecolor="black", lw=THICK, joinstyle="miter",
                                zorder=Z_BORDER))

    def borders(self, regions: Sequence[Sequence[Hashable]]) -> None:
        """Thick lines between orthogonal neighbours of different regions."""
        segs = []
        for r in range(self.height):
            for c in range(self.width):
                x0, y0 = self.x + c, self.y + self.height - r - 1
                if c + 1 < self.width and regions[r][c] != regions[r][c + 1]:
                    segs.append([(x0 + 1, y0), (x0 + 1, y0 + 1)])
                if r + 1 < self.height and regions[r][c] != regions[r + 1][c]:
                    segs.append([(x0, y0), (x0 + 1, y0)])
        if segs:
            self._add(LineCollection(segs, colors=["black"], linewidths=THICK, capstyle="projecting",
                                     zorder=Z_BORDER))

    def line(self, cells: Sequence[Point], colour: Colour = "black", width: float = 0.12,
             zorder: float = Z_LINE, alpha: float = 1.0) -> None:
        """A line through the centres of `cells` (a loop, a route), `width` in cells."""
        pts = [self.centre(r, c) for r, c in cells]
        self._add(_CellLine([p[0] for p in pts], [p[1] for p in pts], width, color=colour, solid_capstyle="round",
                            solid_joinstyle="round", zorder=zorder, alpha=alpha))

    def arrow(self, a: Point, b: Point, colour: Colour = "black", width: float = 0.07, head: float = 0.28,
              label: str | None = None, at: float = 0.5, zorder: float = Z_ARROW, alpha: float = 1.0) -> None:
        """An arrow from the centre of cell `a` to the centre of cell `b`, `width` and
        `head` length in cells; `label` (a move number) in a small disc `at` that fraction
        of the way."""
        (x0, y0), (x1, y1) = self.centre(*a), self.centre(*b)
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            return
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        nx, ny = -uy, ux
        head = min(head, 0.6 * length)
        hx, hy = x1 - ux * head, y1 - uy * head
        hw, sw = 0.8 * head, width / 2
        outline = [(x0 + nx * sw, y0 + ny * sw), (hx + nx * sw, hy + ny * sw), (hx + nx * hw, hy + ny * hw), (x1, y1),
                   (hx - nx * hw, hy - ny * hw), (hx - nx * sw, hy - ny * sw), (x0 - nx * sw, y0 - ny * sw)]
        self._add(Polygon(outline, closed=True, facecolor=colour, edgecolor="none", zorder=zorder, alpha=alpha))
        if label is not None:
            lx, ly = x0 + (x1 - x0) * at, y0 + (y1 - y0) * at
            self._add(Circle((lx, ly), 0.17, facecolor="white", edgecolor=colour, lw=0.8, zorder=zorder + 0.1))
            write(self.ax, lx, ly, label, 0.2, colour="black", fit=0.26, zorder=zorder + 0.2)

    # ---- cells -----------------------------------------------------------------------
    def shade(self, r: int, c: int, colour: Colour = "black", inset: float = 0.0, zorder: float = Z_SHADE) -> None:
        """Fill cell (r, c) (black, grey, a colour), `inset` cells in from its edges. A run of
        shades of one colour is one artist; an artist added straight to the Axes (not through
        a Board) at the same zorder in between may then be drawn under them."""
        x, y = self.x + c + inset, self.y + self.height - r - 1 + inset
        side = 1 - 2 * inset
        square = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]
        run = _run(self.ax, _Cells, colour, zorder)
        if run is not None:
            run.add(square)
        else:
            self._add(_Cells(square, colour, zorder))

    def text(self, r: float, c: float, text: str, size: float = 0.6, colour: Colour = "black",
             bold: bool = False, zorder: float = Z_TEXT) -> None:
        """`text` centred in cell (r, c), `size` in cells, shrunk to fit the cell's width."""
        x, y = self.centre(r, c)
        write(self.ax, x, y, text, size, va="middle", colour=colour, bold=bold, fit=0.86, zorder=zorder)

    def corner(self, r: int, c: int, text: str, size: float = 0.3, colour: Colour = "black") -> None:
        """Small `text` in the top-left corner of cell (r, c): a Keen cage's "12+"."""
        x, y = self.centre(r, c)
        write(self.ax, x - 0.38, y + 0.36, text, size, ha="left", va="top", colour=colour, fit=0.8)

    def circle(self, r: float, c: float, radius: float = 0.32, face: Colour = "white", edge: Colour = "black",
               ring: float = 0.045, zorder: float = Z_DISC) -> None:
        """A disc in cell (r, c): `face` inside a `ring` of `edge` (cells thick)."""
        x, y = self.centre(r, c)
        if face != "none":
            self._add(Circle((x, y), radius, facecolor=face, edgecolor="none", zorder=zorder))
        if ring > 0:
            self._add(Annulus((x, y), radius, ring, facecolor=edge, edgecolor="none", zorder=zorder))

    def symbol(self, r: float, c: float, kind: str, size: float = 0.6, colour: Colour = "black",
               zorder: float = Z_DISC) -> None:
        """A drawn symbol in cell (r, c), `size` cells across: "diamond" (a gem), "mine"
        (a spiked ball), "ring" (a hollow circle), "dot", "cross", "flag"."""
        x, y = self.centre(r, c)
        s = size / 2
        add = self._add
        if kind == "diamond":
            add(Polygon([(x, y + s), (x + 0.75 * s, y), (x, y - s), (x - 0.75 * s, y)], closed=True,
                        facecolor=colour, edgecolor="black", lw=0.6, zorder=zorder))
        elif kind == "mine":
            for i in range(4):
                a = i * math.pi / 4
                dx, dy = math.cos(a) * s, math.sin(a) * s
                add(_CellLine([x - dx, x + dx], [y - dy, y + dy], 0.08 * size / 0.6, color=colour,
                              solid_capstyle="round", zorder=zorder))
            add(Circle((x, y), 0.62 * s, facecolor=colour, edgecolor="none", zorder=zorder))
            add(Circle((x - 0.22 * s, y + 0.22 * s), 0.14 * s, facecolor="white", edgecolor="none",
                       zorder=zorder + 0.1))
        elif kind == "ring":
            self.circle(r, c, s, face="none", edge=colour, ring=0.15 * s, zorder=zorder)
        elif kind == "dot":
            add(Circle((x, y), s, facecolor=colour, edgecolor="none", zorder=zorder))
        elif kind == "cross":
            for sign in (1, -1):
                add(_CellLine([x - s, x + s], [y - sign * s, y + sign * s], 0.1 * size / 0.6, color=colour,
                              solid_capstyle="round", zorder=zorder))
        elif kind == "flag":
            add(Polygon([(x - 0.3 * s, y + s), (x + 0.8 * s, y + 0.55 * s), (x - 0.3 * s, y + 0.1 * s)],
                        closed=True, facecolor=colour, edgecolor="none", zorder=zorder))
            add(_CellLine([x - 0.3 * s, x - 0.3 * s], [y + s, y - 0.8 * s], 0.12 * s, color="black",
                          solid_capstyle="butt", zorder=zorder))
            add(Rectangle((x - 0.75 * s, y - s), 0.9 * s, 0.25 * s, facecolor="black", edgecolor="none",
                          zorder=zorder))
        else:
            raise ValueError(f"unknown symbol {kind!r}")

    # ---- around the grid ---------------------------------------------------------------
    def row_clues(self, clues: Sequence[Sequence[object]], size: float = 0.5, side: str = "left") -> None:
        """Row r's clues on one line beside the grid (left: right-aligned against it, as
        a nonogram prints them; right: left-aligned)."""
        boxes = []
        for r, items in enumerate(clues):
            text = " ".join(str(v) for v in items)
            _, y = self.centre(r, 0)
            x = self.x - 0.3 if side == "left" else self.x + self.width + 0.3
            boxes.append(write(self.ax, x, y, text, size, ha="right" if side == "left" else "left"))
        self.include(*boxes)

    def column_clues(self, clues: Sequence[Sequence[object]], size: float = 0.5, side: str = "top") -> None:
        """Column c's clues stacked one above the other beside the grid (top: the last
        next to the grid, as a nonogram prints them; bottom: the first next to it)."""
        step = 1.25 * size
        boxes = []
        for c, items in enumerate(clues):
            x, _ = self.centre(0, c)
            texts = [str(v) for v in items]
            for i, text in enumerate(reversed(texts) if side == "top" else texts):
                if side == "top":
                    y = self.y + self.height + 0.3 + (i + 0.5) * step
                else:
                    y = self.y - 0.3 - (i + 0.5) * step
                boxes.append(write(self.ax, x, y, text, size, fit=0.95))
        self.include(*boxes)

    @property
    def small(self) -> float:
        """A size for captions: about the same in print whatever the board's size."""
        return max(0.2, 0.03 * max(self.width, self.height))

    def caption(self, text: str, size: float | None = None, side: str = "bottom", width: int | None = None,
                colour: Colour = "black") -> None:
        """Lines of `text` under (or over) the grid, left-aligned, wrapped to about the
        board's width (or `width` characters); `size` in cells (default: `small`)."""
        size = size or self.small
        chars = width or max(40, int(self.width / (0.55 * size)))
        lines = [part for para in text.splitlines() for part in (textwrap.wrap(para, chars) or [""])]
        step = 1.35 * size
        edge = self.extent.y0 - 0.25 if side == "bottom" else self.extent.y1 + 0.25
        for i, line in enumerate(lines):
            y = edge - (i + 0.8) * step if side == "bottom" else edge + (len(lines) - i - 0.8) * step
            line_box = Bbox.from_extents(self.x, y - 0.25 * size, self.x, y + 0.75 * size)  # blank lines too
            self.include(line_box, write(self.ax, self.x, y, line, size, ha="left", va="baseline", colour=colour))

    def title(self, text: str, size: float | None = None) -> None:
        """`text` centred over the grid (a board's name when an Axes holds several)."""
        size = size or 1.2 * self.small
        x = self.x + self.width / 2
        self.include(write(self.ax, x, self.extent.y1 + 0.3, text, size, va="bottom"))


def regions_of(width: int, height: int, groups: Iterable[Iterable[Cell]]) -> list[list[Hashable]]:
    """Region ids for `Board.grid` from groups of cells (cages, blocks); a cell in no
    group is a region of its own."""
    ids: list[list[Hashable]] = [[("cell", r, c) for c in range(width)] for r in range(height)]
    for i, cells in enumerate(groups):
        for r, c in cells:
            ids[r][c] = i
    return ids
