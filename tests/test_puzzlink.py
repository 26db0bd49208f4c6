"""puzz.link's shared encodings (lab/toolkit/puzzlink.py) against the URLs of pzprjs's own test
scripts, and each writer against its reader on random boards."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from puzzlelab.lab.engine.puzzle import PuzzleError
from puzzlelab.lab.toolkit import puzzlink as pl

DATA = Path(__file__).resolve().parent / "data" / "pzprjs" / "pzprjs_testdata.jsonl"
# genres whose whole body is one shared encoding (pzprjs's decodePzpr calls just that one)
SINGLE = {"kurodoko": "numbers16", "fillomino": "numbers16", "sudoku": "numbers16", "shikaku": "numbers16",
          "lightup": "four_cell", "mashu": "circles"}


def urls() -> dict[str, str]:
    if not DATA.is_file():
        return {}
    return {row["pid"]: row["url"] for row in map(json.loads, DATA.read_text().splitlines()) if row["pid"] in SINGLE}


@pytest.mark.parametrize("genre", sorted(SINGLE))
def test_pzprjs_test_urls_read_and_write_back(genre):
    found = urls()
    if not found:
        pytest.fail(f"pzprjs test data missing: {DATA}")
    link = pl.read_url(f"https://puzz.link/p?{genre}/{found[genre]}", [genre])
    cursor, cells = pl.Cursor(link.body), link.cols * link.rows
    values = getattr(cursor, f"read_{SINGLE[genre]}")(cells)
    assert len(values) == cells and cursor.rest == ""
    assert getattr(pl, f"write_{SINGLE[genre]}")(values) == link.body
    assert link.url() == f"https://puzz.link/p?{genre}/{found[genre]}"


def test_the_address_in_every_form_people_paste():
    for text in ("https://puzz.link/p?sudoku/4/4/g1k23k3g", "http://pzv.jp/p.html?sudoku/4/4/g1k23k3g",
                 "puzz.link/p?sudoku/4/4/g1k23k3g", "?sudoku/4/4/g1k23k3g",
                 "  https://puzz.link/p?sudoku/4/4/g1k23k3g/ "):
        assert pl.read_url(text, ["sudoku"]) == pl.PuzzLink("sudoku", 4, 4, "g1k23k3g")
    flagged = pl.read_url("https://puzz.link/p?starbattle/6/6/1/abc", ["starbattle"])
    assert (flagged.cols, flagged.rows, flagged.body) == (6, 6, "1/abc")
    assert pl.read_url("https://puzz.link/p?tents/d/5/5/xyz", ["tents"]).flags == "d"


@pytest.mark.parametrize("text, where", [
    ("https://puzz.link/p?sudoku/x/4/g1", 28),
    ("https://puzz.link/p?akari/4/4/g1", 21),
    ("https://example.com/p?sudoku/4/4/g1", 1),
])
def test_bad_addresses_are_refused_at_their_place(text, where):
    with pytest.raises(PuzzleError) as caught:
        pl.read_url(text, ["sudoku"])
    assert caught.value.column == where


def test_a_bad_character_in_the_body_is_named_with_its_column():
    cursor = pl.Cursor("g1!", column=30)
    with pytest.raises(PuzzleError) as caught:
        cursor.read_numbers16(16)
    assert caught.value.column == 32 and "'!'" in str(caught.value)


def test_flags_a_genre_lacks_and_a_body_too_long_are_refused_at_their_column():
    link = pl.read_url("https://puzz.link/p?mashu/f/6/6/1063000i3000zz", ["mashu"])
    assert (link.column, pl.size_column(link)) == (33, 29)
    with pytest.raises(PuzzleError) as caught:
        pl.refuse_flags(link, "no such rule")
    assert caught.value.column == 27 and "'f': no such rule" in str(caught.value)
    pl.refuse_flags(pl.read_url("?mashu/6/6/1063000i3000", ["mashu"]))  # no flags: nothing to refuse
    cursor = pl.Cursor(link.body, link.column)
    cursor.read_circles(36)
    with pytest.raises(PuzzleError) as caught:
        cursor.end()
    assert caught.value.column == 45 and "'zz'" in str(caught.value)


def test_the_body_and_each_number_know_their_column():
    text = "  https://puzz.link/p?sudoku/4/4/g1-1ak.g/"
    link = pl.read_url(text, ["sudoku"])
    assert link.column == 32 == text.strip().index("g1") + 1 and pl.size_column(link) == 28
    cursor = pl.Cursor(link.body, link.column)
    assert cursor.read_numbers16(16) == [None, 1, 26] + [None] * 5 + [pl.UNKNOWN] + [None] * 7
    assert cursor.places == [32, 33, 34] + [37] * 5 + [38, 39]  # a run's cells at its letter; none past the body


@pytest.mark.parametrize("seed", range(30))
def test_every_writer_is_read_back_by_its_reader(seed):
    rng = random.Random(seed)
    cols, rows = rng.randint(1, 9), rng.randint(1, 9)
    cells = cols * rows

    def some(make):
        return [make() if rng.random() < 0.4 else None for _ in range(cells)]

    numbers = some(lambda: rng.choice([pl.UNKNOWN, rng.randint(0, 15), rng.randint(16, 12287)]))
    assert pl.Cursor(pl.write_numbers16(numbers)).read_numbers16(cells) == numbers
    digits = some(lambda: rng.choice([pl.UNKNOWN, rng.randint(0, 9)]))
    assert pl.Cursor(pl.write_numbers10(digits)).read_numbers10(cells) == digits
    small = some(lambda: rng.choice([pl.UNKNOWN, rng.randint(0, 4)]))
    assert pl.Cursor(pl.write_four_cell(small)).read_four_cell(cells) == small
    arrows = some(lambda: (rng.randint(0, 4), rng.choice([pl.UNKNOWN, rng.randint(0, 15), rng.randint(16, 4000)])))
    assert pl.Cursor(pl.write_arrow_numbers16(arrows)).read_arrow_numbers16(cells) == arrows
    circles = [rng.randint(0, 2) for _ in range(cells)]
    assert pl.Cursor(pl.write_circles(circles)).read_circles(cells) == circles
    right = [[rng.random() < 0.5 for _ in range(cols - 1)] for _ in range(rows)]
    below = [[rng.random() < 0.5 for _ in range(cols)] for _ in range(rows - 1)]
    text = pl.write_borders(right, below) + pl.write_bits([True] * cells)
    cursor = pl.Cursor(text)
    assert cursor.read_borders(cols, rows) == (right, below)
    assert cursor.read_bits(cells) == [True] * cells and cursor.rest == ""


@pytest.mark.parametrize("seed", range(30))
def test_one_cell_marks_are_read_back_and_written_as_pzprjs_does(seed):
    rng = random.Random(seed)
    cells = rng.randint(1, 120)
    share = rng.choice([0.0, 0.03, 0.2, 0.6, 1.0])
    marks = [rng.random() < share for _ in range(cells)]
    text = pl.write_one_cell(marks) + "x"
    cursor = pl.Cursor(text)
    assert cursor.read_one_cell(cells) == marks and cursor.rest == "x"
    # Tents' test URL's trees (pzprjs's test script), and the longest runs a digit holds
    assert pl.Cursor("j82323").read_one_cell(25) == [i in (2, 11, 14, 18, 21) for i in range(25)]
    assert pl.write_one_cell([True] + [False] * 17 + [True]) == "h0"
    assert pl.write_one_cell([False] * 19 + [True]) == "zi0"


def test_a_board_opening_with_a_question_mark_is_no_address():
    """From the `?` on, an address names its genre and a `/`: Bridges' `?.2` is a board."""
    assert pl.looks_like_url("?hashikake/3/3/h") and pl.looks_like_url("https://puzz.link/p?mines/3/3/0")
    assert not pl.looks_like_url("?.A\n...\n3.G") and not pl.looks_like_url("??1\n...")
