"""Plots of datasets fit for a paper: one row of panels (a facet) per puzzle and
size, never two puzzles on one axis; the grade's level and sudoku's hardest technique
drawn; a dataset made with --no-grade gives its clue counts alone, one panel a facet; an
overall title. Checked on the figure's structure (axes, titles), not its pixels."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlelab.lab.data.plot import GRADE_WORDS, dataset_figure, load_dataset, plot_datasets
from puzzlelab.lab.face.cli import main


def generate(path: Path, *args: str) -> Path:
    assert main(["generate", *args, "--seed", "1", "--out", str(path), "--quiet"]) == 0
    return path


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Path:
    """Two puzzles, and two sizes of one of them: three facets."""
    return generate(tmp_path_factory.mktemp("plot") / "mix.jsonl", "--mix", "sudoku:4x4=6,sudoku:6x6=4,nonogram:5=5")


def title(fig) -> str:
    """The figure's overall title, on one line (a long one is wrapped to the figure's width)."""
    return " ".join(fig.get_suptitle().split())


def facets(fig) -> dict[str, list[str]]:
    """Each facet's title and the titles of its panels."""
    return {sub.get_suptitle(): [ax.get_title() for ax in sub.axes] for sub in fig.subfigs}


def test_a_mixed_dataset_has_a_facet_per_puzzle_and_size(mixed):
    fig = dataset_figure([load_dataset(str(mixed))], ["mix"])
    found = facets(fig)
    assert list(found) == ["nonogram 5x5 (5 puzzles)", "sudoku 4x4 (6 puzzles)", "sudoku 6x6 (4 puzzles)"]
    assert found["nonogram 5x5 (5 puzzles)"] == ["Clue count", "Grade level", "Score against clue count"]
    for size in ("4x4 (6 puzzles)", "6x6 (4 puzzles)"):  # sudoku's own grade, the hardest technique, besides
        assert found[f"sudoku {size}"][-1] == "Hardest technique needed"
        assert len(found[f"sudoku {size}"]) == 4
    assert len(fig.axes) == 3 + 4 + 4  # no axis holds two facets
    assert title(fig) == "Clue counts and grades: mix (15 puzzles)"
    for ax in fig.axes:  # every panel drew something: bars or dots
        assert ax.patches or ax.collections


def test_technique_bars_go_easiest_first(mixed):
    fig = dataset_figure([load_dataset(str(mixed))], ["mix"])
    words = [w.replace("_", " ") for w in GRADE_WORDS]
    panels = [ax for ax in fig.axes if ax.get_title() == "Hardest technique needed"]
    assert len(panels) == 2
    for ax in panels:
        shown = [words.index(t.get_text()) for t in ax.get_xticklabels()]
        assert shown and shown == sorted(shown)


def test_grade_words_follow_the_solvers_order():
    """The plot's order of grade words is the solvers' own, easiest first."""
    from puzzlelab.solvers.map import GRADES
    from puzzlelab.solvers.sudoku_techniques import GUESSING, TECHNIQUES

    for ladder in ((*TECHNIQUES, GUESSING), GRADES):
        assert [GRADE_WORDS.index(w) for w in ladder] == sorted(GRADE_WORDS.index(w) for w in ladder)


def test_an_ungraded_dataset_is_its_clue_counts_alone(tmp_path):
    path = generate(tmp_path / "plain.jsonl", "--mix", "sudoku:4x4=4,nonogram:5=3", "--no-grade")
    fig = dataset_figure([load_dataset(str(path))], ["plain"])
    assert facets(fig) == {"nonogram 5x5 (3 puzzles, not graded)": ["Clue count"],
                           "sudoku 4x4 (4 puzzles, not graded)": ["Clue count"]}
    assert len(fig.axes) == 2  # one panel a facet, no empty grade panels
    assert title(fig) == "Clue counts (not graded): plain (7 puzzles)"


def test_two_datasets_share_the_facets_they_have(mixed, tmp_path):
    other = generate(tmp_path / "other.jsonl", "sudoku", "--size", "4", "--count", "3")
    fig = dataset_figure([load_dataset(str(mixed)), load_dataset(str(other))], ["mix", "other"])
    assert "sudoku 4x4 (mix: 6, other: 3)" in facets(fig) and "nonogram 5x5 (mix: 5)" in facets(fig)
    assert [t.get_text() for t in fig.legends[0].get_texts()] == ["mix", "other"]
    out = tmp_path / "two.png"
    drawn = plot_datasets([str(mixed), str(other)], out, labels=["mix", "other"])
    assert [d["records"] for d in drawn] == [15, 3]
    assert out.read_bytes().startswith(b"\x89PNG")


def test_a_plot_as_pdf_keeps_its_text(mixed, tmp_path):
    """A paper's figure: fonts embedded as TrueType (journals refuse Type 3), the text text."""
    from pypdf import PdfReader

    out = tmp_path / "plot.pdf"
    plot_datasets([str(mixed)], out)
    page = PdfReader(out).pages[0]
    assert "Clue counts and grades: mix (15 puzzles)" in page.extract_text()
    assert {str(f.get_object()["/Subtype"]) for f in page["/Resources"]["/Font"].values()} == {"/Type0"}
