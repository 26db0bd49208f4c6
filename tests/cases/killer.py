"""Killer sudoku's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Oversized, TathamIds, VerifyCase, digit_grid

from puzzlelab.solvers.killer import PUZZLE

ALIASES = ("killer-sudoku", "sumdoku", "Killer")

# his 2x2, 2x3 and 3x3 killers, the 3x3 ones at two difficulties, a jigsaw killer and an X killer
TATHAM_IDS = TathamIds("killer_tatham.txt", count=16, cpsat_every=4)

# boxes from 2x2 up, boxes taller than wide, a jigsaw killer and an X killer
OUR_IDS = OurIds(({"size": 4}, {"size": 6, "box": "3x2"}, {"size": 9}, {"size": 5, "jigsaw": 1},
                  {"size": 6, "diagonals": 1}))

EXAMPLE_JSON = PUZZLE.format(PUZZLE.parse(PUZZLE.example), "json")
CAGES = "ABCD\nABCD\nEBFG\nEFFG\n"

# (text, line, words of the message)
BAD_INPUTS = [
    (CAGES + "sums A=5 B=6 C=7 D=3 E=5 F=7 G=7 H=3", 5, "a sum for 'H', which names no cage"),
    (CAGES + "sums A=5 A=6", 5, "a second sum for cage 'A'"),
    (CAGES + "sums A5", 5, "bad sum 'A5'"),
    (CAGES + "sums A=0", 5, "a sum is at least 1"),
    (CAGES + "given r5c1=2", 5, "given 'r5c1=2' is off the 4x4 board"),
    (CAGES + "given r1c1=5", 5, "a digit is 1..4"),
    (CAGES + "given r1c1=1 r1c1=2", 5, "r1c1 is given twice"),
    ("ABCD\nABCD\nEBFG\nEFFA\nsums A=5", 4, "cage 'A' is in two pieces (r4c4 is cut off)"),
    ("AAAA\nABCD\nEBFG\nEFFG\nsums A=5", 2, "cage 'A' has more than 4 cells"),
    ("ABCD\nABCD\nEBFG\nEFF\nsums A=5", 4, "row has 3 cells, expected 4"),
    (CAGES + "regions\nAABB\nAABB", 5, "'regions' is followed by 2 lines, not 4 rows"),
    (CAGES + "regions\nAABB\nAABB\nCCDD\nCDDC", 9, "region 'C' is in two pieces"),
    ("boxes 2x3\n" + CAGES, 1, "boxes 2x3 do not fit a 4x4 board"),
    ("ABCDE\nABCDE\nFGHIJ\nFGHIJ\nKKLLM\nsums A=3", 1, "a 5x5 grid has no box shape"),
    ("sums A=4", 1, "no rows of cages"),
    ("2x2k:p,a__a__baa__b_a__", 1, "3 parts between commas, not 2"),
    ("2x2k:p," + "_" * 25 + ",4a9_3_7d7_6c4a", 1, "a cage of 1 at r1c1: his cages have 2 to 4 cells"),
    ("2x2k:p,a__a__baa__b_a__,4a9_3_7d7_6c5", 1, "game description has 15 cells, expected 16"),
    ("3x3:p", 1, "has no 'k'"),
    ('{"size": 4, "cages": [{"cells": [[1, 1], [1, 2]], "sum": 3}]}', 1, "14 cells are in no cage"),
    ('{"size": 4, "box": [2, 2], "regions": ["AABB"], "cages": []}', 1, "'regions' and 'box' both"),
    ('{"size": 4, "cages": [{"cells": [[1, 1], [1, 5]], "sum": 3}]}', 1, "cell [1, 5] is not [row, col]"),
    ('{"size": 4, "cages": [{"cells": [[1, 1]], "sum": "3"}]}', 1, "sum '3' is not a whole number"),
    (EXAMPLE_JSON.replace('"given": [[1, 4, 2]]', '"given": [[1, 4, 9]]'), 1, "'given' has [1, 4, 9]"),
]

OVERSIZED = Oversized(("\n".join(["A" * 10] * 10), "4x4k:a,b,c", "10jk:a,b,c,d", '{"size": 10, "cages": []}'),
                      r"killer board \d+x\d+ is too large: at most 9x9")

BOM_BOARD = PUZZLE.example

grid = digit_grid
SOLVED = "1 3 4 2\n4 2 3 1\n3 1 2 4\n2 4 1 3"  # the example's one solution
VERIFY_CASES = [VerifyCase(board, grid(bad), problem, "is") for board, bad, problem in [
    (PUZZLE.example, "2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 3", "r1c4 is 1, the given is 2"),
    (PUZZLE.example, "2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 3", "the cage at r1c1 sums to 6, not 5"),
    (CAGES.strip(), "1 2 3 4\n3 4 2 1\n4 3 1 2\n2 1 4 3", "the cage at r3c3 repeats a digit: [1, 1, 4]"),
    (CAGES.strip(), "1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3", "box 1 does not hold each digit 1..4 once"),
    (CAGES + "diagonals", SOLVED, "the anti-diagonal does not hold each digit 1..4 once"),
    (CAGES.strip(), "1 3 4 2\n4 2 3 1\n3 1 2 4\n2 4 1 1", "row 4 does not hold each digit 1..4 once"),
    (CAGES.strip(), "1 3 4 2", "solution is not 4x4"),
]]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"size": 10}, "--size must be at most 9"),
    ({"size": 5}, "a 5x5 grid has no box shape"),
    ({"size": 6, "box": "3x3"}, "--box must be ROWSxCOLS making 6x6"),
    ({"size": 6, "box": "2x3", "jigsaw": 1}, "--box and --jigsaw 1 both"),
    ({"cage": 1}, "--cage must be at least 2"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "6", "--count", "2"), "k.jsonl", 2, has=('"puzzle": "killer"', '"tatham_id": "2x3k:')),
    GenerateRun(("--size", "4", "--count", "1"), "k.csv", 1, called="killer-sudoku",
                header_starts="id,puzzle,question,answer,clues,solution"),
]

# (generator options, how many, seed)
MANY_GENERATED = [({"size": 6}, 20, 11), ({}, 5, 12), ({"size": 7, "jigsaw": 1, "diagonals": 1}, 5, 13)]
