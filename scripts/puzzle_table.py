"""Print the README's puzzle table from the registry (tests/test_readme.py keeps them equal).

    python scripts/puzzle_table.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lab import registry  # noqa: E402


def table() -> str:
    lines = ["| puzzle | aliases | input/output formats | commands |", "|---|---|---|---|"]
    for ptype, gen in registry.all_puzzles():
        supports = ptype.supports() + (["generate"] if gen is not None else [])
        lines.append(f"| `{ptype.name}` {ptype.title} | {', '.join(ptype.aliases) or '-'} | "
                     f"{', '.join(ptype.formats)} | {', '.join(supports)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table())
