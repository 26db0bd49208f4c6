"""Rounds of unit propagation in C (lab/engine/_rounds.c); `lab.rounds.Formula` calls it."""

from collections.abc import Iterable

import numpy as np

class Prober:
    """Failed-literal probing by rounds (its methods: `lab.probing.Prober`)."""

    rounds: int

def tiered_rounds(clause_lits: np.ndarray, clause_lengths: np.ndarray, clause_sizes: np.ndarray,
                  count_lits: np.ndarray, count_lengths: np.ndarray, count_sizes: np.ndarray,
                  wide: np.ndarray, values: np.ndarray) -> tuple[int, int] | None: ...


def simplified(clause_lits: np.ndarray, clause_lengths: np.ndarray, clause_sizes: np.ndarray,
               count_lits: np.ndarray, count_lengths: np.ndarray, count_sizes: np.ndarray,
               values: np.ndarray) -> tuple[list[list[int]], list[tuple[list[int], int]], list[int]] | None: ...


def forcing_chain(link_starts: np.ndarray, links: np.ndarray, cell_starts: np.ndarray, cell_vars: np.ndarray,
                  facts: Iterable[int] | Prober, variables: int, first: int = 0) -> int: ...
