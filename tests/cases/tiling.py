"""Tiling's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"least": 5, "most": 3}, "--least 5 is more than --most 3"),
    ({"colour": 3}, "--colour must be at most 2"),
    ({"size": 2, "holes": 4}, "leave nothing"),
]

GENERATE_RUNS = [GenerateRun(("--size", "4", "--holes", "1", "--count", "2"), "t.jsonl", 2)]
