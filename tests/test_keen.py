"""Keen (KenKen): seed example, a Tatham game ID, brute force against both engines, formats,
bad input, generated puzzles re-checked by CP-SAT, repair."""

from __future__ import annotations

import math
import random
from itertools import permutations, product
from pathlib import Path

import pytest
from board_images import text_images
from declarations import data_text
from pysat.formula import IDPool
from pysat.solvers import Solver
from tally import new_tally, tally_brute_force

from puzzlelab.generators.keen import MAX_CAGE, random_cages, random_op, splits
from puzzlelab.lab.engine.crosscheck import assert_unique_with, generated_rechecked
from puzzlelab.lab.engine.generator import generate_one
from puzzlelab.lab.engine.puzzle import Instance, PuzzleError
from puzzlelab.lab.engine.sat import SatSession, SessionCache, check_instance
from puzzlelab.lab.face.registry import generator
from puzzlelab.lab.toolkit.arithmetic import compact_cage_clauses
from puzzlelab.solvers import keen
from puzzlelab.solvers.keen import PUZZLE, KeenParams, cage_tuples, connected, shape

DATA = Path(__file__).parent / "data" / "keen"

SEED_SOLUTION = data_text("keen_seed_solution.txt")

# A 6x6 game ID in Tatham's format (from a public KenKen test corpus), and its solution.
TATHAM_ID = "6:_a_aa__aa__a3_aabaa_9aa_4a_3ab,s3a7m18s1s5d4a7a12a10a7s1m72d3m10s4a9"
TATHAM_SOLUTION = """
5 4 3 6 2 1
2 6 1 3 4 5
3 5 6 4 1 2
4 1 2 5 6 3
1 3 4 2 5 6
6 2 5 1 3 4
"""


def grid(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(t) for t in line.split()) for line in text.strip().splitlines())


# ---- the seed example and a Tatham game ID --------------------------------------------

def test_seed_example_unique_with_stated_solution():
    inst = PUZZLE.parse((DATA / "seed000.txt").read_text())
    assert inst.params == KeenParams(9) and len(inst.clues) == 36
    assert_unique_with(PUZZLE, inst, grid(SEED_SOLUTION))


def test_tatham_game_id_solves_and_round_trips_exactly():
    inst = PUZZLE.parse(TATHAM_ID)
    assert len(inst.clues) == 16
    result = check_instance(PUZZLE, inst)
    assert result.status == "unique" and result.solutions[0] == grid(TATHAM_SOLUTION)
    assert PUZZLE.format(inst, "tatham") == TATHAM_ID
    for head in ("6dn", "6de", "6dxm", "6du"):  # difficulty and multiplication-only flags
        assert PUZZLE.parse(TATHAM_ID.replace("6:", head + ":")) == inst


def test_conflicting_cages_unsolvable_with_conflict():
    # 2x2: the top row sums to 3, but so does the left column and r1c1 is given as 2.
    inst = PUZZLE.parse("A A\nB C\n\nA 3+\nB 2\nC 2")
    result = check_instance(PUZZLE, inst)
    assert result.status == "unsolvable" and set(result.conflict) == {((1, 0),), ((1, 1),)}


def test_verify_names_broken_rules():
    inst = PUZZLE.parse("A A\nB B\n\nA 2/\nB 3+")
    assert PUZZLE.verify(inst, ((1, 2), (2, 1))) == []
    problems = PUZZLE.verify(inst, ((1, 1), (2, 2)))
    assert any("row 1" in p for p in problems) and any("column 1" not in p for p in problems)
    assert any("2/" in p for p in problems) and any("3+" in p for p in problems)
    assert PUZZLE.verify(inst, ((1, 2),)) == ["solution is not 2x2"]


# ---- brute force against both engines ---------------------------------------------------

def latin_squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every Latin square of order n, rows stacked from permutations (independent code)."""
    rows = list(permutations(range(1, n + 1)))
    out = []

    def extend(done: list) -> None:
        if len(done) == n:
            out.append(tuple(done))
            return
        for row in rows:
            if all(row[c] != prev[c] for prev in done for c in range(n)):
                extend(done + [row])

    extend([])
    return out


def candidates(n: int) -> list:
    """Every grid of digits for n <= 2 (so `verify` must reject non-Latin ones), every
    Latin square above that."""
    if n <= 2:
        return [tuple(tuple(cells[r * n:(r + 1) * n]) for r in range(n))
                for cells in product(range(1, n + 1), repeat=n * n)]
    return latin_squares(n)


def random_board(rng: random.Random, squares: dict) -> Instance:
    """A random layout with clues true for a random square, then sometimes cages dropped
    (more solutions) or a target moved (often none)."""
    n = rng.choice([2, 3, 3, 3, 4])
    square = rng.choice(squares.setdefault(n, latin_squares(n)))
    clues = {cage: random_op(cage, square, rng) for cage in random_cages(n, rng)}
    mode = rng.random()
    if mode < 0.3:
        clues = {k: v for k, v in clues.items() if rng.random() < 0.6}
    elif mode < 0.55:
        key = rng.choice(list(clues))
        op, target = clues[key]
        clues[key] = (op, max(0, target + rng.choice([-2, -1, 1, 3])))
    return Instance("keen", KeenParams(n), clues)


def test_cage_tuples_match_brute_force():
    rng = random.Random(4)
    for _ in range(200):
        n = rng.randint(2, 6)
        cage = rng.choice(random_cages(n, rng))
        op = rng.choice("+*" if len(cage) > 2 else "+*-/" if len(cage) == 2 else "=")
        target = rng.randint(0, 40)
        expected = [t for t in product(range(1, n + 1), repeat=len(cage))
                    if _holds(op, target, t) and all(
                        t[i] != t[j] for i in range(len(cage)) for j in range(i)
                        if cage[i][0] == cage[j][0] or cage[i][1] == cage[j][1])]
        assert list(cage_tuples(n, cage, op, target)) == expected


def random_clues(rng: random.Random, count: int) -> list[tuple[int, tuple, str, int]]:
    """(n, cage, op, target) for generated cages, targets mostly ones some tuple meets."""
    out = []
    for _ in range(count):
        n = rng.randint(2, 9)
        cage = rng.choice(random_cages(n, rng))
        op = rng.choice("+*" if len(cage) > 2 else "+*-/" if len(cage) == 2 else "=")
        digits = [rng.randint(1, n) for _ in cage]
        target = {"+": sum(digits), "*": math.prod(digits), "-": abs(digits[0] - digits[-1]),
                  "/": max(digits) // min(digits), "=": digits[0]}[op] + rng.choice([0, 0, 0, 1])
        out.append((n, cage, op, target))
    return out


def test_cached_cage_tuples_and_clauses_match_a_fresh_computation():
    """A shape's fillings are listed once and filed by clue: each clue's share must be what a
    search for that one clue finds, in the same order, and cage_clauses, asked again for
    the same shape elsewhere on the board, must give what it computes afresh."""
    rng = random.Random(6)
    cases = random_clues(rng, 300)
    cached = [keen.cage_clauses(n, shape(cage), op, t) for n, cage, op, t in cases]
    moved = [keen.cage_clauses(n, shape(tuple((r + 1, c + 2) for r, c in cage)), op, t)
             for n, cage, op, t in cases]
    keen.cage_clauses.cache_clear()
    keen._tuples_by_clue.cache_clear()
    for (n, cage, op, t), before, again in zip(cases, cached, moved):
        assert cage_tuples(n, cage, op, t) == keen._search_tuples.__wrapped__(n, shape(cage), op, t)
        assert before == again == keen.cage_clauses.__wrapped__(n, shape(cage), op, t)
    table = keen._tuples_by_clue(4, ((0, 0), (0, 1)))
    with pytest.raises(TypeError):
        table[("+", 3)] = ()  # type: ignore[index]


def test_cage_clauses_allow_exactly_the_clue_tuples():
    """Each digit tuple with no digit twice in a row or column meets the cage clauses
    exactly when it meets the clue (literal i * n + d: cell i holds d)."""
    for n, cage, op, target in random_clues(random.Random(8), 120):
        clauses = keen.cage_clauses(n, shape(cage), op, target)
        k = len(cage)
        for t in product(range(1, n + 1), repeat=k):
            if any(t[i] == t[j] for i in range(k) for j in range(i)
                   if cage[i][0] == cage[j][0] or cage[i][1] == cage[j][1]):
                continue
            true = {i * n + t[i] for i in range(k)}
            meets = all(any(l in true if l > 0 else -l not in true for l in clause) for clause in clauses)
            assert meets == _holds(op, target, t), (n, cage, op, target, t)


def test_splits_are_every_cut_into_two_connected_parts():
    rng = random.Random(3)
    for _ in range(60):
        n = rng.randint(3, 6)
        cages = random_cages(n, rng)
        a = rng.choice(cages)
        near = [b for b in cages if b != a and any(abs(r - y) + abs(c - x) == 1 for r, c in a for y, x in b)]
        union = tuple(sorted(a + (rng.choice(near) if near else ())))
        expected = []
        for mask in range(1, 2 ** (len(union) - 1)):
            part = tuple(cell for i, cell in enumerate(union) if mask >> i & 1)
            rest = tuple(cell for cell in union if cell not in part)
            if connected(part) and connected(rest):
                expected.append((part, rest))
        assert splits(union) == expected


def test_compact_cage_clauses_allow_exactly_the_clue_tuples():
    """The one-shot encoding, tuple by tuple: with one digit per cell fixed by assumptions,
    the clauses are satisfiable exactly when the digits meet the clue."""
    rng = random.Random(5)
    for _ in range(120):
        n, k = rng.randint(2, 6), rng.choice([1, 2, 2, 3, 3, 4])
        op = rng.choice("+*" if k > 2 else "+*-/" if k == 2 else "=+")
        target = rng.choice([rng.randint(0, k * n + 2), math.prod(rng.randint(1, n) for _ in range(k))])
        pool = IDPool()
        xs = [[pool.id(("x", i, d)) for d in range(n)] for i in range(k)]
        with Solver(name="m22", bootstrap_with=compact_cage_clauses(n, xs, op, target, pool)) as solver:
            for t in product(range(1, n + 1), repeat=k):
                fix = [xs[i][d - 1] if d == t[i] else -xs[i][d - 1] for i in range(k) for d in range(1, n + 1)]
                assert solver.solve(assumptions=fix) == _holds(op, target, t), (n, op, target, t)


def _holds(op: str, target: int, t: tuple) -> bool:
    """The clue arithmetic written out again, independently of puzzlelab.solvers.keen."""
    if op == "+":
        return sum(t) == target
    if op == "*":
        p = 1
        for d in t:
            p *= d
        return p == target
    if op == "-":
        return abs(t[0] - t[1]) == target
    if op == "/":
        return t[0] == target * t[1] or t[1] == target * t[0]
    return t[0] == target


def test_brute_force_matches_both_engines():
    rng, squares, grids = random.Random(10), {}, {}
    tally = new_tally()
    for _ in range(120):
        inst = random_board(rng, squares)
        tally_brute_force(PUZZLE, inst, grids.setdefault(inst.params.n, candidates(inst.params.n)), tally)
    assert min(tally.values()) >= 15, tally


# ---- formats ---------------------------------------------------------------------------

def generated(size: int, seed: int) -> Instance:
    gen = generator("keen")
    return generate_one(PUZZLE, gen, gen.params(size=size), random.Random(seed), SessionCache()).instance


def sample_instances() -> list[Instance]:
    out = [PUZZLE.parse((DATA / "seed000.txt").read_text()), PUZZLE.parse(TATHAM_ID)]
    out += [generated(size, seed) for size, seed in ((3, 1), (5, 2), (9, 3))]
    n = 9  # every cell a given: 81 cages, so the text form needs two-letter labels
    out.append(Instance("keen", KeenParams(n), {((r, c),): ("=", (r + c) % n + 1)
                                                for r in range(n) for c in range(n)}))
    # Whole rows as cages: runs of more than 25 non-edges in Tatham's block structure.
    out.append(Instance("keen", KeenParams(n), {tuple((r, c) for c in range(n)): ("+", 45) for r in range(n)}))
    return out


@pytest.mark.parametrize("fmt", PUZZLE.formats)
def test_formats_round_trip(fmt):
    for inst in sample_instances():
        text = PUZZLE.format(inst, fmt)
        assert PUZZLE.parse(text, fmt) == inst
        assert PUZZLE.parse(text) == inst  # auto-detected


def test_long_tatham_runs_use_the_parser_meaning_of_y():
    rows = Instance("keen", KeenParams(9), {tuple((r, c) for c in range(9)): ("+", 45) for r in range(9)})
    assert PUZZLE.format(rows, "tatham").startswith("9:yyv_72,a45")


def test_partial_instances_round_trip_except_tatham():
    inst = PUZZLE.parse("A A .\n. B B\n. . C\n\nA 3+\nB 2/\nC 2")
    assert len(inst.clues) == 3
    for fmt in ("text", "array", "json"):
        assert PUZZLE.parse(PUZZLE.format(inst, fmt)) == inst
    with pytest.raises(PuzzleError):
        PUZZLE.format(inst, "tatham")


def test_text_clue_spellings():
    want = PUZZLE.parse("A A\nB C\n\nA 3+\nB 2\nC 1")
    for a, b in (("3 +", "2"), ("+3", "2="), ("3+", "2 *"), ("3 +", "2+")):
        assert PUZZLE.parse(f"A A\nB C\n\nA {a}\nB {b}\nC 1") == want
    times = PUZZLE.parse("A A\nB B\n\nA 2\u00d7\nB 2x")
    assert set(times.clues.values()) == {("*", 2)}
    assert set(PUZZLE.parse("A A\nB B\n\nA 2\u00f7\nB 1\u2212").clues.values()) == {("/", 2), ("-", 1)}


def test_solution_formats():
    inst = PUZZLE.parse(TATHAM_ID)
    sol = grid(TATHAM_SOLUTION)
    assert grid(PUZZLE.format_solution(inst, sol)) == sol
    assert '"solution": [[5, 4, 3' in PUZZLE.format_solution(inst, sol, "json")


def check_generated(size: int, count: int, seed: int) -> int:
    """Generate, re-check each puzzle with CP-SAT and `verify`; return how many needed repair."""
    gen = generator("keen")
    repaired = 0
    for g in generated_rechecked(PUZZLE, gen, gen.params(size=size), count, seed):
        inst = g.instance
        assert not g.minimal
        cells = sorted(cell for cage in inst.clues for cell in cage)
        assert cells == [(r, c) for r in range(size) for c in range(size)]  # cages tile the grid
        assert all(connected(cage) and len(cage) <= MAX_CAGE for cage in inst.clues)
        repaired += g.checks > 1
    return repaired


def test_generated_puzzles_unique_by_cpsat():
    assert generator("keen").strips is False  # the cage layout is the clue set: nothing to strip
    repaired = check_generated(4, 20, seed=1) + check_generated(6, 30, seed=2)
    assert repaired > 0  # the repair path was exercised


def test_latin_squares_are_not_just_shuffles():
    """Shuffling rows, columns and digits of one square keeps its kind: every shuffle of the
    cyclic 5x5 square lacks 2x2 sub-squares (intercalates). Backtracking finds squares with them."""
    gen, sessions, rng = generator("keen"), SessionCache(), random.Random(5)
    squares = {gen.draw(KeenParams(5), rng, sessions)[1] for _ in range(30)}

    def intercalate(sq) -> bool:
        return any(sq[r1][c1] == sq[r2][c2] and sq[r1][c2] == sq[r2][c1]
                   for r1 in range(5) for r2 in range(r1) for c1 in range(5) for c2 in range(c1))

    assert len(squares) == 30 and any(intercalate(sq) for sq in squares)
    assert all(PUZZLE.verify(Instance("keen", KeenParams(5), {}), sq) == [] for sq in squares)


def test_generation_is_reproducible():
    a, b = generated(6, 7), generated(6, 7)
    assert a == b


def test_repair_rules_out_the_rival():
    gen = generator("keen")
    solution = ((1, 2), (2, 1))
    other = ((2, 1), (1, 2))
    rows = {((0, 0), (0, 1)): ("+", 3), ((1, 0), (1, 1)): ("+", 3)}  # both squares fit
    for seed in range(20):
        params, fixed, kept = gen.repair(KeenParams(2), rows, solution, other, random.Random(seed))
        new = Instance("keen", params, fixed)
        assert kept == solution and PUZZLE.verify(new, solution) == [] and PUZZLE.verify(new, other) != []
    # Random ambiguous 4x4 layouts: the repaired layout keeps the solution, drops the rival.
    rng, squares, repaired = random.Random(2), latin_squares(4), 0
    while repaired < 10:
        square = rng.choice(squares)
        clues = {cage: random_op(cage, square, rng) for cage in random_cages(4, rng)}
        session = SatSession(PUZZLE, KeenParams(4))
        try:
            rival = session.other_than(session.assumptions(clues), square)
            other = rival.solution if rival.sat else None
        finally:
            session.close()
        if other is None:
            continue
        params, fixed, kept = gen.repair(KeenParams(4), clues, square, other, rng)
        new = Instance("keen", params, fixed)
        assert kept == square and PUZZLE.verify(new, square) == [] and PUZZLE.verify(new, other) != []
        assert sorted(c for cage in fixed for c in cage) == sorted(c for cage in clues for c in cage)
        assert all(connected(cage) for cage in fixed)
        repaired += 1


@pytest.mark.slow
def test_many_generated_puzzles_unique_by_cpsat():
    check_generated(6, 200, seed=11)
    check_generated(9, 20, seed=12)


def test_cli_end_to_end(tmp_path, capsys):
    from puzzlelab.lab.face.cli import main

    assert main(["solve", "keen", str(DATA / "seed000.txt")]) == 0
    assert grid(capsys.readouterr().out) == grid(SEED_SOLUTION)
    game = tmp_path / "game.txt"
    game.write_text(TATHAM_ID)
    assert main(["check", "keen", str(game)]) == 0
    assert "unique" in capsys.readouterr().out
    out = tmp_path / "keen.jsonl"
    assert main(["generate", "kenken", "--size", "4", "--count", "3", "--seed", "1", "--out", str(out),
                 "--quiet"]) == 0
    assert len(out.read_text().splitlines()) == 3
    game.write_text("A A\nB B\n\nA 3+\nB 3%")
    assert main(["check", "keen", str(game)]) == 2


# ---- answers of language models and canonical forms --------------------------------------------
def test_a_messy_answer_is_read_as_a_grid_of_digits():
    inst = PUZZLE.parse(PUZZLE.example)
    grid = ((1, 3, 2), (3, 2, 1), (2, 1, 3))
    assert PUZZLE.read_answer(inst, PUZZLE.answer_text(inst, grid)) == grid
    assert PUZZLE.read_answer(inst, "<think>2- first</think>\n**Answer:**\n```\n1,3,2\n3,2,1\n2,1,3\n```") == grid
    assert PUZZLE.read_answer(inst, "Rows:\n132\n321\n213\nThat's it.") == grid
    with pytest.raises(PuzzleError, match="no 3 rows"):
        PUZZLE.read_answer(inst, "1 3 2 3 2 1 2 1 3")


def test_canonical_is_the_same_under_the_eight_symmetries_of_the_square():
    grid_text, clues = PUZZLE.example.split("\n\n")
    base = PUZZLE.canonical(PUZZLE.parse(PUZZLE.example))
    for image in text_images(grid_text):
        moved = image + "\n\n" + clues
        assert PUZZLE.canonical(PUZZLE.parse(moved)) == base, moved
    assert PUZZLE.canonical(PUZZLE.parse(PUZZLE.example.replace("C 6+", "C 7+"))) != base
    assert PUZZLE.canonical(PUZZLE.parse("A B B\nA C C\nD C C\n\nA 2-\nB 6*\nC 9+\nD 2")) != base
