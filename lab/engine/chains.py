"""Forcing chains through two-valued cells: the depth-1 deduction a person finds first.

Failed-literal probing (`lab.probing`) propagates through every rule. A person looking for
a contradiction follows something narrower first: cells left with two values, each value
ruling out the same value in the cells it excludes, which leaves such a cell its other
value, and so on. Simon Tatham's solvers for Solo, Keen, Towers and Map all stop at exactly
these "forcing chains" before they guess, and his Unreasonable grade means the guess was
needed: on his 6x6 sudoku, a forcing chain was in sight at every step of 59 of 60 Extreme
puzzles and missing at some step of all 60 Unreasonable ones. The grade charges a depth-1
step more when no chain is in sight (`lab.grade`).

A puzzle names its cells (`Rules.cells`: the primary variables of each cell, one true).
The links are read from its rules once: a value excludes the cell's other values and every
literal an at-most-one group or a binary clause over primary variables excludes with it
(the same digit in the row, column or box; the same colour next door); a cell with two
values left links "not this one" to "the other one", from the facts as they are at the
step. A chain probe sets one literal and follows the links only; it fails when it sets a
literal and its negation, or one the facts deny.

The C engine (`lab._rounds.forcing_chain`, built at install where a C compiler is) answers;
this module's Python function gives the same answer without one (tests/test_chains.py).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import rounds
from .puzzle import Rules


@dataclass(frozen=True)
class ChainLinks:
    """A puzzle's static links as arrays (CSR), and its cells."""

    start: np.ndarray  # int64, per literal index 2 * var + (lit > 0): where its links begin in `to`
    to: np.ndarray  # int64: the literals a literal's truth makes true (the excluded ones, negated)
    cell_start: np.ndarray  # int64, per cell, where its variables begin in `cell_vars` (one more at the end)
    cell_vars: np.ndarray  # int64
    variables: int  # the largest variable


def _index(lit: int) -> int:
    return 2 * abs(lit) + (lit > 0)


def chain_links(rules: Rules) -> ChainLinks | None:
    """The rules' links (made once per rules: cached rules serve every record), or None
    when the puzzle names no cells."""
    if not rules.cells:
        return None
    if rules.chain_links is None:
        rules.chain_links = _build(rules)
    links: ChainLinks = rules.chain_links
    return links


def _build(rules: Rules) -> ChainLinks:
    """The links as arrays, made with numpy: a map's rules are its own (its regions' graph),
    so they are built for every record."""
    primary = np.asarray(rules.primary, dtype=np.int64)
    variables = int(primary.max())
    is_primary = np.zeros(variables + 1, dtype=bool)
    is_primary[primary] = True

    def over_primary(rows: list[Sequence[int]], m: int) -> np.ndarray:
        """The rows (each m literals) whose variables are all primary, as an array."""
        block = np.array(rows, dtype=np.int64).reshape(-1, m)
        var = np.abs(block)
        return block[((var <= variables) & is_primary[np.minimum(var, variables)]).all(axis=1)]

    cells = {tuple(cell) for cell in rules.cells}
    groups = [*rules.cells, *(g for g in rules.at_most_one if tuple(g) not in cells)]  # (a cell is one too)
    sources, targets = [], []
    for m in sorted({len(g) for g in groups}):
        block = over_primary([g for g in groups if len(g) == m], m)
        other = ~np.eye(m, dtype=bool)  # at most one: each excludes the others
        sources.append(np.broadcast_to(block[:, :, None], (len(block), m, m))[:, other])
        targets.append(-np.broadcast_to(block[:, None, :], (len(block), m, m))[:, other])
    pairs = over_primary([c for c in rules.clauses if len(c) == 2], 2)
    sources += [-pairs[:, 0], -pairs[:, 1]]  # (p or q): not p gives q, not q gives p
    targets += [pairs[:, 1], pairs[:, 0]]
    source = np.concatenate([a.ravel() for a in sources])
    target = np.concatenate([a.ravel() for a in targets])
    index = 2 * np.abs(source) + (source > 0)
    order = np.argsort(index, kind="stable")
    index, target = index[order], target[order]
    start = np.zeros(2 * variables + 3, dtype=np.int64)
    start[1:] = np.cumsum(np.bincount(index, minlength=2 * variables + 2))
    cell_start = np.zeros(len(rules.cells) + 1, dtype=np.int64)
    cell_start[1:] = np.cumsum([len(cell) for cell in rules.cells])
    cell_vars = np.fromiter((v for cell in rules.cells for v in cell), dtype=np.int64, count=int(cell_start[-1]))
    return ChainLinks(start, target, cell_start, cell_vars, variables)


def forcing_chain(links: ChainLinks, facts: Collection[int], first: int = 0, engine: Any = None) -> int:
    """A literal a forcing chain refutes from `facts` (0: none is in sight). The probes run
    cell by cell, each open value true, then false, after `first` if it is open (the last
    answer: a chain in sight often still is); the first that fails is the answer. `engine`:
    a C prober (`lab.probing`) holding the same facts, read instead of the set (a 9x9
    grade's 700 facts took a third of each call to read)."""
    if rounds._native is not None:
        known = engine if isinstance(engine, rounds._native.Prober) else facts
        found: int = rounds._native.forcing_chain(links.start, links.to, links.cell_start, links.cell_vars,
                                                  known, links.variables, first)
        return found
    return _forcing_chain(links, facts, first)


def _forcing_chain(links: ChainLinks, facts: Collection[int], first: int = 0) -> int:
    """`forcing_chain` in Python, for installs without a compiler."""
    value = [0] * (links.variables + 1)
    for lit in facts:
        if abs(lit) <= links.variables:
            value[abs(lit)] = 1 if lit > 0 else -1
    start, to = links.start.tolist(), links.to.tolist()
    cell_start, cell_vars = links.cell_start.tolist(), links.cell_vars.tolist()
    partner = [0] * (links.variables + 1)  # "not v" makes partner[v] true: v's cell has two values left
    probes = [first] if 0 < abs(first) <= links.variables and value[abs(first)] == 0 else []
    for c in range(len(cell_start) - 1):
        cell = cell_vars[cell_start[c]:cell_start[c + 1]]
        if any(value[v] > 0 for v in cell):
            continue
        left = [v for v in cell if value[v] == 0]
        if len(left) == 2:
            partner[left[0]], partner[left[1]] = left[1], left[0]
        probes += [lit for v in left for lit in (v, -v)]

    def val(lit: int) -> int:
        return value[lit] if lit > 0 else -value[-lit]

    for probe in probes:
        true = {probe}
        queue = [probe]
        failed = False
        while queue and not failed:
            t = queue.pop()
            more = to[start[_index(t)]:start[_index(t) + 1]]
            if t < 0 and partner[-t]:
                more = [*more, partner[-t]]
            for u in more:
                if val(u) > 0 or u in true:
                    continue
                if val(u) < 0 or -u in true:
                    failed = True
                    break
                true.add(u)
                queue.append(u)
        if failed:
            return probe
    return 0
