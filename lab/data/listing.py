"""Every solution of one puzzle, written to a new file as it is found (`count --list FILE`).

Solutions stream to a temporary file next to FILE (memory stays flat however many there are)
which appears under its name only when the listing ends, and never in place of an existing
file. A `.jsonl` name gets one JSON object per solution; any other name gets the solutions as
text, a `# solution N` line before each.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.puzzle import CluePuzzle, Instance, PuzzleError
from ..engine.sat import UNLIMITED, Budget, Unknown
from ..engine.solve import each_solution
from .safety import output_path, write_new_file


@dataclass
class Listing:
    """What a listing wrote: `n` solutions, and why it ended."""

    path: Path
    n: int
    stopped: str | None  # None: every solution; "limit": --limit reached; "budget": time ran out
    counts: dict[str, int] = field(default_factory=dict)  # the puzzle's `solution_tally`


def list_solutions(ptype: CluePuzzle, inst: Instance, out: str | Path, limit: int | None = None,
                   budget: Budget = UNLIMITED, fmt: str | None = None,
                   progress: Callable[[int], None] | None = None) -> Listing:
    """Write the solutions of `inst` (at most `limit`) to the new file `out`, in the
    solution format `fmt` (by default the puzzle's grid in a text file, its first solution
    format in JSONL). A budget that runs out keeps the
    solutions found so far (the listing says so); an error or an interrupt leaves nothing."""
    path = output_path(out, option="--list")
    if path.exists():
        raise PuzzleError(f"{path} exists: --list writes a new file and never replaces one (choose another name)")
    tally = ptype.solution_tally(inst) if ptype.implements("solution_tally") else None
    known = ptype.solution_formats or ptype.formats
    fmt = fmt or ("grid" if "grid" in known and path.suffix != ".jsonl" else known[0])
    listing = Listing(path, 0, None)

    def write(tmp: Path) -> None:
        with open(tmp, "w", encoding="utf-8") as f, closing(each_solution(ptype, inst, budget)) as found:
            try:
                for solution in found:
                    if limit is not None and listing.n >= limit:
                        listing.stopped = "limit"
                        break
                    listing.n += 1
                    f.write(_entry(ptype, inst, solution, fmt, listing.n, path.suffix == ".jsonl"))
                    if tally is not None:
                        tally.add(solution)
                    if progress is not None:
                        progress(1)
            except Unknown:
                listing.stopped = "budget"

    write_new_file(path, write, replace=False)
    listing.counts = tally.counts() if tally is not None else {}
    return listing


def _entry(ptype: CluePuzzle, inst: Instance, solution: object, fmt: str, n: int, jsonl: bool) -> str:
    text = ptype.format_solution(inst, solution, fmt)
    if jsonl:
        return json.dumps({"puzzle": ptype.name, "n": n, "format": fmt, "solution": text}) + "\n"
    return f"# solution {n}\n{text.rstrip()}\n\n"
