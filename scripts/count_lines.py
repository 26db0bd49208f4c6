"""How many lines a puzzle costs: raw, non-blank, and code (no blank line, no docstring, no
comment-only line), and how many of the code lines are text-form code.

    python scripts/count_lines.py solvers/unequal.py generators/unequal.py
    python scripts/count_lines.py solvers/unequal.py --format make layout digit greater

Text-form code is every method a codec calls (`read_*`, `write_*`, `from_*`, `json_fields`,
`tatham_id`, `puzzlink`, `from_cells`, `cells`, `array_*`, `json_grid`, `from_json_grid`), the
`codecs` declaration, imports from the text-form modules of the toolkit, and the puzzle's own
helpers of its forms named with `--format`.
"""

from __future__ import annotations

import argparse
import ast
import re

CODEC_METHODS = re.compile(r"^(read_\w+|write_\w+|from_\w+|json_fields|tatham_id|puzzlink|cells|array_\w+|json_grid)$")
FORM_MODULES = ("codecs", "cellgrid", "framed", "lattice", "runs", "forms", "tatham", "textgrid", "puzzlink")


def count(path: str, own: set[str]) -> tuple[int, int, int, int]:
    """(raw, non-blank, code, text-form code) lines of the module at `path`."""
    src = open(path).read()
    lines = src.splitlines()
    tree = ast.parse(src)
    docs: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            docs.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    code = [i for i, line in enumerate(lines, 1) if line.strip() and i not in docs and not line.strip().startswith("#")]
    form: set[int] = set()
    for node in ast.walk(tree):
        end = getattr(node, "end_lineno", None) or getattr(node, "lineno", 0)
        if isinstance(node, ast.FunctionDef) and (CODEC_METHODS.match(node.name) or node.name in own):
            form.update(range(node.lineno - len(node.decorator_list), end + 1))
        elif isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "codecs" for t in node.targets):
            form.update(range(node.lineno, end + 1))
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[-1] in FORM_MODULES:
            form.update(range(node.lineno, end + 1))
    return len(lines), sum(1 for line in lines if line.strip()), len(code), sum(1 for i in code if i in form)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", help="modules to count")
    ap.add_argument("--format", nargs="*", default=[], help="the puzzle's own helpers of its text forms")
    args = ap.parse_args()
    total = [0, 0, 0, 0]
    for path in args.paths:
        raw, nonblank, code, form = count(path, set(args.format))
        total = [a + b for a, b in zip(total, (raw, nonblank, code, form))]
        print(f"{path}: raw {raw}, non-blank {nonblank}, code {code}, text-form code {form}")
    if len(args.paths) > 1:
        share = total[3] / total[2] if total[2] else 0.0
        print(f"total: raw {total[0]}, non-blank {total[1]}, code {total[2]}, text-form code {total[3]} ({share:.0%})")


if __name__ == "__main__":
    main()
