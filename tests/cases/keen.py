"""Keen's declarations for the shared rituals (tests/test_rituals.py)."""

ALIASES = ("kenken", "keen")

# (text, line)
BAD_INPUTS = [
    ("A A B\nA B\nC C C\n\nA 6+\nB 3+\nC 6+", 2),  # ragged grid row
    ("A A\nB B\n\nA 3+\nB 3+\nC 2", 6),  # clue for a cage not in the grid
    ("A A\nB C\n\nA 3+\nB 2", 2),  # cage C has no clue: where C first appears
    ("A A\nB B\n\nA 3+\nB three", 5),  # not a clue
    ("A A\nB B\n\nA 3%\nB 3+", 4),  # unknown operation
    ("A A\nB B\n\nA 3+\nA 3*\nB 3+", 5),  # second clue for A
    ("A A A\nB B B\nC C C\n\nA 2-\nB 6+\nC 6+", 5),  # '-' on three cells
    ("A B A\nB B B\nC C C\n\nA 4+\nB 9+\nC 6+", 1),  # A is not connected
    ("A A\nB B\n\nA 3+\nB 3", 5),  # two cells need an operation
    ("A A\nB B", 1),  # no clues at all
    ("4:_3a_3a_bab,a7m12s1d2s3a5m4", 1),  # block structure too short
    ("4:__aaa_aaa__aa_b_a_a_a_,a1", 1),
    ("3:_13,a1a2a3a2a3a1a3a1a2a4", 1),  # one clue too many
    ("3:_13,a1a2a3a2a3a1a3a1q2", 1),  # unknown clue letter
    ("3:_1!,a1", 1),  # bad character in the block structure
    ("3:_13", 1),  # no clues
    ("3x3:_13,a1a2a3a2a3a1a3a1a2", 1),  # Keen sizes have no 'x'
    ("3:_13,s1a2a3a2a3a1a3a1a2", 1),  # '-' on a cell of its own
    ("board = [['a', 'a'],\n ['b']]\nblock_results = {'a': ('+', 3), 'b': ('+', 3)}", None),
    ("board = [['a', 'a'],\n ['b', 'b']]\nblock_results = {'a': ('+', 3)}", None),
    ("board = [['a', 'a'],\n ['b', 'b']]\nblock_results = {'a': ('+', 3), 'b': ('%', 3)}", None),
    ("board = [['a', 'a'],\n ['b', 'b']]\nblock_results = {'a': ('+', 3), 'b': ('+', 3),", 3),
    ('{"size": 2, "cages": [{"cells": [[1, 1], [1, 3]], "op": "+", "target": 3}]}', None),
    ('{"size": 2, "cages": [{"cells": [[1, 1]], "target": 1}, {"cells": [[1, 1]], "target": 2}]}', None),
    ('{"size": 2, "cages": [{"cells": [[1, 1]], "target": "one"}]}', None),
    ('{"size": 2, "cages": [}', 1),  # bad JSON
]
