"""Magicsquare's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 9}, "--size must be at most 8"),
    ({"size": 2}, "--size must be at least 3"),
]

# (generator parameters, message)
BAD_GENERATOR_PARAMS = [
    ({"size": 2}, "no magic square of side 2"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "4", "--count", "2", "--seed", "3"), "m.jsonl", 2),
    GenerateRun(("--size", "3", "--low", "5", "--count", "2", "--seed", "3"), "m.csv", 2, called="magic"),
]
