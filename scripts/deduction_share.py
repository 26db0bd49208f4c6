"""How much of the stripping loop deduction alone could settle, and what each question costs.

    python scripts/deduction_share.py [--count 20] [--only sudoku,tents]

The study behind "deduction before search" (the compiled-core issue): for each game, draw
puzzles as the generator does, then walk the one-clue-at-a-time stripping loop (whose result
the real loop's groups reproduce, lab/engine/strip.py). At every clue it asks three engines
whether the puzzle stays unique without it:

* propagation: do the other clues force every fact of the solution by unit propagation
  (the grade's C prober, `lab.engine.probing.rounds_prober`)? Sound: then no rival exists;
* probing: the same after failed-literal probing to its fixpoint (`Prober.fails1`);
* SAT: the stripping session's solver ("a solution other than S", the answer of record).

It prints, per game, the share of the clues that go (the puzzle stays unique) which each
deduction proves, and the CPU microseconds per question of each engine (probing: its extra cost,
run only where propagation did not settle the question). A deduction never
claims a needed clue removable (the script stops if one does). Costs are CPU time, measured
in one process one question after another, so the three are compared on the same load.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field
from typing import Any

from puzzlelab.lab.engine.probing import rounds_prober
from puzzlelab.lab.engine.puzzle import CluePuzzle
from puzzlelab.lab.engine.sat import SatSession, SessionCache
from puzzlelab.lab.face import registry

# The games shared with Tatham whose generators strip a fixed structure's clues.
GAMES: dict[str, dict[str, Any]] = {
    "sudoku": {}, "towers": {"size": 5}, "unruly": {"size": 8}, "tents": {"size": 8}, "magnets": {},
    "singles": {"size": 8}, "lightup": {"size": 10}, "range": {}, "keen": {"size": 6},
}
PROBE_LIMIT = 20_000  # probes per question: a bound on work, never on time


@dataclass
class Tally:
    questions: int = 0
    removable: int = 0
    by_propagation: int = 0
    by_probing: int = 0
    seconds: dict[str, float] = field(default_factory=lambda: {"propagation": 0.0, "probing": 0.0, "sat": 0.0})


def _timed(tally: Tally, engine: str, work: Any) -> Any:
    mark = time.process_time()
    out = work()
    tally.seconds[engine] += time.process_time() - mark
    return out


def study(name: str, options: dict[str, Any], count: int, seed: int = 5) -> Tally:
    ptype, gen = registry.puzzle(name), registry.generator(name)
    if not isinstance(ptype, CluePuzzle):
        raise SystemExit(f"{name} is played move by move: it strips no clues")
    params = gen.params(**options)
    sessions = SessionCache()
    rng = random.Random(seed)
    tally = Tally()
    made = 0
    while made < count:
        drawn, solution = gen.draw(params, rng, sessions)
        clues = gen.candidate_clues(drawn, solution)
        session = sessions.get(ptype, drawn, stripping=True)
        if session.other_than(session.assumptions(clues), solution).sat:
            continue  # (a draw the generator would repair or draw again)
        made += 1
        with SatSession(ptype, drawn, solver="mc") as counted:  # native counts: the prober's formula
            literal = {key: counted.literal(key, clues[key]) for key in clues}  # (before the formula: it holds them)
            formula = counted.formula()
            if formula is None:
                raise SystemExit(f"{name}: no propagation formula")
            facts = counted.solution_literals(solution)
            primary = sorted({abs(lit) for lit in facts})
            prober = rounds_prober(formula, primary)
            kept = dict(clues)
            order = list(clues)
            rng.shuffle(order)
            for key in order:
                rest = [literal[k] for k in kept if k != key]
                propagated = _timed(tally, "propagation", lambda: prober.propagate(rest))
                settled = propagated[0] and set(facts) <= set(propagated[1])
                probed = settled
                if not settled:
                    implied = _timed(tally, "probing", lambda: prober.fails1(rest, primary, PROBE_LIMIT))[1]
                    probed = implied is not None and set(facts) <= set(implied)
                rival = _timed(tally, "sat", lambda: session.other_than(
                    session.assumptions({k: kept[k] for k in kept if k != key}), solution))
                tally.questions += 1
                if rival.sat:
                    if probed:
                        raise SystemExit(f"{name}: a deduction called a needed clue removable")
                    continue
                tally.removable += 1
                tally.by_propagation += settled
                tally.by_probing += probed
                del kept[key]
    return tally


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=20, help="puzzles per game")
    ap.add_argument("--only", help="comma-separated games (default: all of GAMES)")
    args = ap.parse_args()
    names = args.only.split(",") if args.only else list(GAMES)
    print("| game | questions / puzzle | clues that go | settled by propagation | + probing | "
          "propagation us | probing us | SAT us |")
    print("|---|---|---|---|---|---|---|---|")
    for name in names:
        t = study(name, GAMES.get(name, {}), args.count)
        per = {k: v / t.questions * 1e6 for k, v in t.seconds.items()}
        print(f"| {name} {GAMES.get(name, {})} | {t.questions / args.count:.0f} | {t.removable / args.count:.0f} | "
              f"{t.by_propagation / t.removable:.0%} | {t.by_probing / t.removable:.0%} | "
              f"{per['propagation']:.0f} | {per['probing']:.0f} | {per['sat']:.0f} |", flush=True)


if __name__ == "__main__":
    main()
