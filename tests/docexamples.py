"""Running the examples of a Markdown page as a test (the README's, docs/python-api.md's).

A page's ```python blocks run as written, in order; each line that starts with `print(` and
carries a comment, `print(x)  # unique`, says what it prints: its first word (the README's
convention), or with `whole` all of the comment up to an aside in brackets or a closing
"...", `print(x)  # 0.9375 False (15 of 16 cells right)` (docs/python-api.md's). Each print
call is taken as one output however many lines it has, so a `print(...)` line must run once.
"""

from __future__ import annotations

import re
from typing import Any


def blocks(text: str, lang: str) -> list[str]:
    """The code blocks of `text` fenced as ```LANG (exactly: ```python leaves out
    ```python reasoning-gym)."""
    return re.findall(rf"```{re.escape(lang)}\n(.*?)```", text, flags=re.S)


def said(comment: str, whole: bool = False) -> str:
    """What a print line's comment says it prints (see the module's docstring)."""
    if not whole:
        return comment.split()[0]
    return re.split(r" \(|\s*\.\.\.", comment, maxsplit=1)[0].strip()


def run_python_examples(text: str, name: str, lang: str = "python", shared: bool = False,
                        whole: bool = False) -> int:
    """Run every ```LANG block of `text` (`name` for tracebacks), each in a namespace of its
    own or, `shared`, all in one (a page read like a notebook), and check what each
    commented `print(...)` line prints. Returns how many lines were checked."""
    namespace: dict[str, Any] = {}
    checked = 0
    for code in blocks(text, lang):
        printed: list[str] = []

        def capture(*args: Any, sep: str = " ", end: str = "\n", **_: Any) -> None:
            printed.append(sep.join(map(str, args)))

        scope = namespace if shared else {}
        scope["print"] = capture
        exec(compile(code, name, "exec"), scope)
        lines = [line for line in code.splitlines() if line.startswith("print(")]
        assert len(printed) == len(lines), (name, lines, printed)
        for line, out in zip(lines, printed):
            if "  # " in line:  # `print(x)  # unique`: what the output starts with
                wanted = said(line.split("  # ", 1)[1], whole)
                assert out.startswith(wanted) if whole else out.split()[0] == wanted, (line, out)
                checked += 1
    return checked
