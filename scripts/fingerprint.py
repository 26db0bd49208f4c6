"""Fingerprints of everything the lab writes, to show a refactoring changed no byte of it.

For every puzzle: a few generated records (as `generate` writes them, graded), and for its
example board every format it writes, its solution, its question and reference answer.
Run it in two trees and compare:

    python scripts/fingerprint.py --out /tmp/before.json            # in the old tree
    python scripts/fingerprint.py --out /tmp/after.json --against /tmp/before.json

The second run prints each piece that differs and exits 1 if any does. Pieces only one run
has (a new puzzle, a new format) are listed, not counted as differences; `--drop FIELD`
leaves a record field a newer tree added out of the records compared.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

import puzzlelab  # noqa: E402


def digest(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def pieces(count: int, drop: tuple[str, ...] = (), only: tuple[str, ...] = ()) -> dict[str, str]:
    """Piece name -> its digest (or the error it raised)."""
    from puzzlelab.api import puzzle_type

    try:
        from puzzlelab.lab.face import registry
    except ImportError:  # a tree from before lab/ stood in floors
        from puzzlelab.lab import registry  # type: ignore[no-redef]

    out: dict[str, str] = {}

    def keep(name: str, make) -> None:  # noqa: ANN001 - a thunk
        try:
            out[name] = digest(make())
        except Exception as exc:  # a refusal is behaviour too
            out[name] = f"error {type(exc).__name__}: {exc}"

    for name in only or puzzlelab.puzzles():
        ptype = puzzle_type(name)
        if ptype.example:
            inst = ptype.parse(ptype.example)
            for fmt in ptype.formats:
                keep(f"{name} format {fmt}", lambda: ptype.format(inst, fmt))
            keep(f"{name} question", lambda: puzzlelab.question(name, inst))
            keep(f"{name} answer", lambda: puzzlelab.answer(name, inst))
            if "check" in ptype.commands():
                solution = puzzlelab.solve(name, inst)
                for fmt in ptype.solution_formats or ptype.formats:
                    keep(f"{name} solution {fmt}", lambda: ptype.format_solution(inst, solution, fmt))
                keep(f"{name} show", lambda: ptype.show_text(inst))
                keep(f"{name} canonical", lambda: ptype.canonical(inst))
        if registry.has_generator(name):
            keep(f"{name} records", lambda: [{k: v for k, v in record.items() if k not in drop}
                                             for record in puzzlelab.generate(name, count, seed=7)])
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="where to write this tree's fingerprints (JSON)")
    ap.add_argument("--against", help="fingerprints of another tree to compare with")
    ap.add_argument("--count", type=int, default=3, help="generated records per puzzle")
    ap.add_argument("--drop", nargs="*", default=[], help="record fields left out (one a newer tree added)")
    ap.add_argument("--puzzle", nargs="*", default=[], help="only these puzzles (default: every one)")
    args = ap.parse_args()
    mine = pieces(args.count, tuple(args.drop), tuple(args.puzzle))
    Path(args.out).write_text(json.dumps(mine, indent=1, sort_keys=True))
    if not args.against:
        print(f"{len(mine)} pieces written to {args.out}")
        return 0
    theirs = json.loads(Path(args.against).read_text())
    differ = sorted(k for k in mine.keys() & theirs.keys() if mine[k] != theirs[k])
    for key in differ:
        print(f"differs: {key}: {theirs[key]} -> {mine[key]}")
    for key in sorted(mine.keys() ^ theirs.keys()):
        print(f"only in {'this' if key in mine else 'the other'} run: {key}")
    print(f"{len(mine.keys() & theirs.keys()) - len(differ)} pieces the same, {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
