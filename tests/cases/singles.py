"""Singles' declarations for the shared rituals (tests/test_rituals.py)."""

ALIASES = ("hitori", "singles")

# (text, line)
BAD_INPUTS = [
    ("1 2 3\n2 3\n3 1 2", 2),  # ragged row
    ("1 2 3\n2 x 1\n3 1 2", 2),  # not a number
    ("1 2 3\n2 3 9\n3 1 2", 2),  # number above max(w, h)
    ("1 2 3", 1),  # one row is too small a board
    ("3x3:12323131", 1),  # description too short
    ("3x3:123231310", 1),  # '0' is no Singles number
    ("3x3:12323131z", 1),  # 'z' = 35 > 3
    ("2x2:12#1", 1),
    ("[[1, 2],\n [2, 'q']]", 2),
    ("[[1, 2],\n [2, 1, 3]]", 2),
    ("[[1, 2],\n [2, 1.5]]", 2),
    ("[[1, 2], [2, 1]", 1),  # unbalanced
    ('{"grid": [[1, 2], [2, "a"]]}', None),
    ('{"grid": [[1, 2], [2, 1]], "width": 3}', None),
    ('{"grid": [[1, 2], [2 1]]}', 1),  # bad JSON
]
