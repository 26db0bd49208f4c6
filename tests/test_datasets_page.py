"""docs/datasets-for-ml.md, the end-to-end example the machine-learning user starts from, runs
as written: a mixed dataset made, split, loaded with `datasets`, answers scored, and puzzles
sampled on the fly (tests/docexamples.py checks each commented print)."""

from __future__ import annotations

from pathlib import Path

import docexamples

PAGE = Path(__file__).resolve().parent.parent / "docs" / "datasets-for-ml.md"


def test_the_datasets_page_runs_as_a_notebook_and_prints_what_it_says():
    assert docexamples.run_python_examples(PAGE.read_text(), str(PAGE), shared=True, whole=True) >= 15
