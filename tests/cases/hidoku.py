"""Hidoku's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun

# (generator parameters, message)
BAD_GENERATOR_PARAMS = [
    ({"size": 13}, "too large"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "5", "--count", "2", "--seed", "3"), "h.jsonl", 2),
    GenerateRun(("--size", "4", "--count", "2", "--seed", "3"), "h.csv", 2),
]
