"""Puzzle sheets people print: `render --sheet` puts a title over every page, each
puzzle's number, size and difficulty under it and page numbers at the foot, and writes
the digits as text: `pdftotext` (Debian's poppler-utils) and the `pypdf` library read back
each puzzle's number, its difficulty and the digits of its givens, in the order the board
holds them. A booklet has its puzzles first, four to a page, and the answers at the back."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from puzzlelab.lab.data.records import read_records
from puzzlelab.lab.face.cli import main
from puzzlelab.lab.face.render import render_sheet

PDFTOTEXT = shutil.which("pdftotext")


@pytest.fixture(scope="module")
def sudoku(tmp_path_factory) -> Path:
    """Six graded 9x9 sudoku (a grade, a score and the hardest technique each)."""
    path = tmp_path_factory.mktemp("sheets") / "sudoku.jsonl"
    assert main(["generate", "sudoku", "--size", "9", "--count", "6", "--seed", "5", "--out", str(path),
                 "--quiet"]) == 0
    return path


def pages_text(pdf: Path) -> list[str]:
    """Each page's text as `pypdf` reads it (the order the page draws it in)."""
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(pdf).pages]


def poppler_text(pdf: Path) -> str:
    """The file's text as `pdftotext -raw` reads it (the order the pages draw it in)."""
    assert PDFTOTEXT is not None
    done = subprocess.run([PDFTOTEXT, "-raw", str(pdf), "-"], capture_output=True, text=True, timeout=120,
                          check=True)
    return done.stdout


def givens(record: dict) -> str:
    """The digits of a sudoku's givens as a page's text holds them: a row's one line, the
    digits apart, empty rows left out."""
    clues = record["clues"]
    rows = [clues[i:i + 9] for i in range(0, 81, 9)]
    return "\n".join(" ".join(d for d in row if d != ".") for row in rows if row.strip("."))


def difficulty(record: dict) -> str:
    d = record["difficulty"]
    return f"level {d['level']} · score {d['score']:.2f} · technique: {d['human_technique'].replace('_', ' ')}"


def lines(text: str) -> str:
    """Each line's words one space apart: extractors differ in the spaces they put in."""
    return "\n".join(" ".join(line.split()) for line in text.splitlines())


def test_a_sheet_is_text_a_reader_can_search(sudoku, tmp_path):
    records = list(read_records(sudoku))
    out = tmp_path / "sheet.pdf"
    assert render_sheet(sudoku, out, 6, solutions=True, title="Six sudoku")["pages"] == 2
    texts = [lines(t) for t in pages_text(out)]
    poppler = lines(poppler_text(out)) if PDFTOTEXT else None
    for i, record in enumerate(records, start=1):
        for found in (texts[0], poppler):
            if found is None:  # no pdftotext here: pypdf alone checks the text
                continue
            assert f"Puzzle {i} · Sudoku 9x9" in found
            assert difficulty(record) in found
            assert f"id {record['id']}" in found
            assert givens(record) in found, f"puzzle {i}'s givens are not text in the order of its rows"
        assert f"Solution {i} · Sudoku 9x9" in texts[1]
    for number, text in enumerate(texts, start=1):
        assert text.count("Six sudoku") == 1 and f"page {number} of 2" in text and sudoku.name in text
    assert "Puzzles 1–6" in texts[0] and "Solutions 1–6" in texts[1]


def test_a_sheet_embeds_its_fonts_once_and_is_small(sudoku, tmp_path):
    """Drawn as outlines, every digit would be its own glyph in a Type 3 font: 577 KB for twelve
    sudoku and their solutions. As TrueType text, twelve boards here are under 60 KB."""
    from pypdf import PdfReader

    out = tmp_path / "sheet.pdf"
    render_sheet(sudoku, out, 6, solutions=True)
    fonts = set()
    for page in PdfReader(out).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts.add((str(font["/BaseFont"]).split("+")[-1], str(font["/Subtype"])))
    assert fonts == {("DejaVuSans", "/Type0"), ("DejaVuSans-Bold", "/Type0")}  # TrueType (CID), not Type 3
    assert out.stat().st_size < 60_000


def test_a_booklet_has_its_answers_at_the_back(sudoku, tmp_path, capsys):
    out = tmp_path / "booklet.pdf"
    assert main(["render", "--sheet", str(sudoku), "--booklet", "--count", "6", "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == \
        f"wrote {out}: 6 puzzles and their answers at the back on 3 pages"
    first, second, answers = [lines(t) for t in pages_text(out)]
    assert [f"Puzzle {i} ·" in first for i in range(1, 7)] == [True] * 4 + [False] * 2  # four to a page
    assert [f"Puzzle {i} ·" in second for i in range(1, 7)] == [False] * 4 + [True] * 2
    assert "Answer" not in first + second
    assert all(f"Answer {i} · Sudoku 9x9" in answers for i in range(1, 7))  # all on one page at the back
    assert "Sudoku Answers 1–6" in answers and "page 3 of 3" in answers  # the title, the section, the page


def test_sheet_options_are_refused_without_a_sheet(sudoku, tmp_path, capsys):
    example = Path(__file__).resolve().parents[1] / "datasets" / "examples" / "sudoku_seed003.txt"
    for option in (["--booklet"], ["--title", "A title"]):
        assert main(["render", "sudoku", str(example), *option, "--out", str(tmp_path / "a.png")]) == 2
        err = capsys.readouterr().err.strip()
        assert err.endswith(f"{option[0]} is for --sheet") and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_sheet_says_what_an_ungraded_puzzle_is(tmp_path):
    """Records made with --no-grade say so under the board; a mixed dataset's boards each
    name their own puzzle and size, and the default title names the puzzles."""
    path = tmp_path / "mix.jsonl"
    assert main(["generate", "--mix", "sudoku:4x4=1,nonogram:5=1", "--no-grade", "--seed", "2", "--out", str(path),
                 "--quiet"]) == 0
    out = tmp_path / "mix.pdf"
    render_sheet(path, out, 2)
    [text] = [lines(t) for t in pages_text(out)]
    assert "Sudoku and Nonograms" in text and "page 1 of 1" in text
    assert "Puzzle 1 · Sudoku 4x4" in text and "Puzzle 2 · Nonograms 5x5" in text
    assert text.count("not graded") == 2
