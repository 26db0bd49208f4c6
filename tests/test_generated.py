"""Generated puzzles per puzzle (twenty in the default run, fifty in the slow one), made by
the main job (`generate_dataset`, as `puzzlelab generate` makes them) and then checked by
hand, record by record:

- the second engine (CP-SAT, a model written apart from the CNF) finds exactly one solution,
  the record's own;
- `verify` (plain Python) accepts that solution;
- a record marked minimal is minimal: without any one of its clues, a fresh SAT session finds
  a second solution;
- every game ID the records carry is accepted by Simon Tatham's own parser.

Sizes are small enough for the default run; the generators' tests cover the large ones.
"""

from __future__ import annotations

import pytest
from tatham import tatham_reads

from puzzlelab.lab.data.dataset import DatasetSpec, generate_dataset
from puzzlelab.lab.data.records import read_records
from puzzlelab.lab.engine.cpsat import cpsat_count
from puzzlelab.lab.engine.puzzle import CluePuzzle, PuzzleError
from puzzlelab.lab.engine.sat import SatSession
from puzzlelab.lab.face import registry
from puzzlelab.lab.face.share import tatham_game

COUNT = 50  # the slow run, at every generator's defaults
QUICK_COUNT = 4  # the default run: the suite's CPU budget (twenty of each took 100 s of 617, ten 40 s, 2026-12-02)
CLUE_PUZZLES = [n for n in registry.names()
                if registry.has_generator(n) and isinstance(registry.puzzle(n), CluePuzzle)]
# Smaller boards where the generator's defaults take over 5 s for fifty (Mosaic 10x10 21 s,
# Pearl 8x8 11 s, Filling 9x7 117 s: CP-SAT takes 2-6 s a board, Signpost 6x6 11 s; Norinori
# 8x8 93 s and LITS 10x10 84 s, regions repaired for a second a record; Nurikabe 10x10 24 s,
# Yajilin 10x10 15 s, Slitherlink 10x10 55 s, Country Road 8x8 23 s, X, jigsaw and killer sudoku
# 9x9 7-30 s, Nurimisaki 10x10 14 s); the rest run at their defaults, and the slow run takes every default.
QUICK: dict[str, dict] = {"firefly": {"size": 5},
                          "mosaic": {"size": 6}, "pearl": {"size": 6}, "filling": {"width": 5, "height": 5},
                          "signpost": {"size": 5}, "norinori": {"size": 5}, "lits": {"size": 6},
                          "nurikabe": {"size": 6}, "yajilin": {"size": 6}, "slitherlink": {"size": 6},
                          "slant": {"size": 6}, "country": {"size": 5},
                          "sudoku-x": {"size": 6}, "jigsaw": {"size": 6}, "killer": {"size": 6},
                          "galaxies": {"size": 6}, "nurimisaki": {"size": 6}, "sashigane": {"size": 6},
                          "palisade": {"size": 4}, "shakashaka": {"size": 6},
                          "loopy": {"size": 4},
                          "nurimaze": {"size": 6},
                          "dbchoco": {"size": 4}}
# LITS repairs its regions about half a second a record even at 6x6 (five took 11.7 s on a
# loaded machine): three in the default run, fifty at its defaults in the slow one.
FEWER = {"lits": 3, "dbchoco": 5}


@pytest.mark.parametrize("name", CLUE_PUZZLES)
def test_generated_puzzles_are_unique_minimal_and_open_in_tathams_game(name, tmp_path):
    check_fifty(name, QUICK.get(name, {}), tmp_path, FEWER.get(name, QUICK_COUNT))


@pytest.mark.slow
@pytest.mark.parametrize("name", CLUE_PUZZLES)
def test_fifty_at_the_generators_defaults(name, tmp_path):
    check_fifty(name, {}, tmp_path)


def check_fifty(name: str, options: dict, tmp_path, count: int = COUNT) -> None:
    ptype = registry.puzzle(name)
    assert isinstance(ptype, CluePuzzle)
    out = tmp_path / f"{name}.jsonl"
    generate_dataset(DatasetSpec(name, options, count, seed=50), out)
    records = list(read_records(out))
    assert len(records) == count
    ids = []
    for record in records:
        inst = ptype.parse(record["clues"], record["format"])
        cp = cpsat_count(ptype, inst, limit=2)
        assert cp.complete and cp.n == 1, f"{record['id']}: CP-SAT finds {cp.n} solutions"
        solution = cp.solutions[0]
        assert ptype.format_solution(inst, solution, record["format"]) == record["solution"], record["id"]
        assert ptype.verify(inst, solution) == [], record["id"]
        assert record["unique"] is True
        if record["minimal"]:
            gen = registry.generator(name)
            kept = gen.fixed_clues(inst.params, inst.clues, gen.params(**options)) if gen.fixed_by_choice else []
            assert_minimal(ptype, inst, solution, record["id"], kept)
        if "tatham_id" in record:
            assert ptype.parse(record["tatham_id"]) == inst, record["id"]
            ids.append(record["tatham_id"])
        if "puzzlink" in ptype.formats:  # every board puzz.link's encoding holds carries its address
            if "puzzlink_url" in record:
                assert ptype.parse(record["puzzlink_url"]) == inst, record["id"]
            else:  # one it cannot hold (a nonogram's given cells) is refused when written
                with pytest.raises(PuzzleError):
                    ptype.format(inst, "puzzlink")
    game = tatham_game(ptype)
    if game is not None and ids:
        assert tatham_reads(game, ids, tmp_path) == ""


def assert_minimal(ptype: CluePuzzle, inst, solution, where: str, kept=()) -> None:
    """Every clue is needed: without it a fresh session finds a solution other than `solution`.
    `kept`: clues a generator keeps by choice (Signpost's 1), minimal among the sets that keep them."""
    session = SatSession(ptype, inst.params)
    try:
        for key in (k for k in inst.clues if k not in set(kept)):
            other = session.other_than(session.assumptions(inst.without([key]).clues), solution)
            assert other.sat is True, f"{where}: clue {ptype.describe_clue(key, inst.clues[key])} is not needed"
    finally:
        session.close()
