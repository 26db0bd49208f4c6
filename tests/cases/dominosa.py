"""Dominosa's declarations for the shared rituals (tests/test_rituals.py)."""

ALIASES = ("dominoes", "dominosa")

# (text, line)
BAD_INPUTS = [
    ("0 1 1\n1 0", 2),  # short row
    ("0 1\n1 0", 1),  # wrong shape
    ("0 1 x\n1 0 0", 1),  # bad cell
    ("0 1 2\n1 0 0", 1),  # out of range
    ("3x4:0131103222031213203", 1),  # bad params
    ("3:0131103222031213203", 1),  # short
    ("3:013110322203121320300", 1),  # long
    ("3:01311032220312132031", 1),  # balance
    ("3:0131103222031213203[", 1),  # bracket
    ("99:0", 1),  # too large
    ("0:", 1),  # too small
    ("[[0, 1, 1], [1, 0, True]]", 1),
    ('{"grid": [[0, 1, 1], [1, 0, "a"]]}', None),
    ('{"grid": [[0, 1, 1], [1, 0, 0]], "n": 2}', None),
]
