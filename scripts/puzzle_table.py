"""The README's puzzle table, made from the registry: a new puzzle appears in it by being
registered. `--write` puts the table into README.md between its two markers;
tests/test_readme.py fails while the README's copy is stale.

    python scripts/puzzle_table.py          # print the table
    python scripts/puzzle_table.py --write  # refresh README.md
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzlelab.lab.data.safety import atomic_write  # noqa: E402
from puzzlelab.lab.face import registry  # noqa: E402

BEGIN, END = "<!-- puzzle table: python scripts/puzzle_table.py --write -->", "<!-- end of puzzle table -->"


def picture(name: str) -> str:
    """A link to the puzzle's picture in docs/images (scripts/render_examples.py draws them)."""
    return f"[picture](docs/images/{name}.png)" if (ROOT / "docs" / "images" / f"{name}.png").exists() else "-"


def table() -> str:
    lines = ["| puzzle | aliases | input/output formats | commands | drawn |", "|---|---|---|---|---|"]
    for ptype, _ in registry.all_puzzles():
        lines.append(f"| `{ptype.name}` {ptype.title} | {', '.join(ptype.aliases) or '-'} | "
                     f"{', '.join(ptype.formats)} | {', '.join(registry.commands(ptype))} | {picture(ptype.name)} |")
    return "\n".join(lines)


def with_table(readme: str) -> str:
    """`readme` with the text between the markers replaced by the current table."""
    head, begin, rest = readme.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise SystemExit(f"README.md lacks the markers {BEGIN!r} and {END!r}")
    return f"{head}{BEGIN}\n{table()}\n{END}{tail}"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        path = ROOT / "README.md"
        text = with_table(path.read_text(encoding="utf-8"))
        atomic_write(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    else:
        print(table())
