"""Settings shared by every test module.

No test may depend on wall-clock time (issue 40): work is bounded by conflicts, nodes or
rounds, never seconds. Hypothesis's own default deadline (200 ms per example) is such a
dependency, so the profile loaded here has none, and its examples are derandomized: the
same on every run and every machine.
"""

from __future__ import annotations

try:
    from hypothesis import settings
except ImportError:  # hypothesis comes with the `dev` extra; only tests/test_fuzz.py needs it
    pass
else:
    settings.register_profile("puzzlelab", deadline=None, derandomize=True, database=None)
    settings.load_profile("puzzlelab")
