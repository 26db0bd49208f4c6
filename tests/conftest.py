"""Settings shared by every test module.

No test may depend on wall-clock time: work is bounded by conflicts, nodes or
rounds, never seconds. The CLI's default budgets and Hypothesis's own default deadline (200 ms per example) is such a
dependency, so the profile loaded here has none, and its examples are derandomized: the
same on every run and every machine.
"""

from __future__ import annotations

import os

# The CLI's default budgets (--timeout 60 for one-shot commands and for each generated
# puzzle) are a clock too: every command a test runs gets a day instead, through the
# variable every `puzzlelab` reads (lab/face/cli.py), subprocesses included. The paths stay the
# ones users run (the watchdog thread, worker processes under a record budget); tests of
# --timeout itself give it, and assert that the time ran out.
os.environ["PUZZLELAB_TIMEOUT"] = "86400"

try:
    from hypothesis import settings
except ImportError:  # hypothesis comes with the `dev` extra; only tests/test_fuzz.py needs it
    pass
else:
    settings.register_profile("puzzlelab", deadline=None, derandomize=True, database=None)
    settings.load_profile("puzzlelab")
