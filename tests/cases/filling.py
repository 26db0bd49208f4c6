"""Filling's declarations for the shared rituals (tests/test_rituals.py)."""

from declarations import GenerateRun, OurIds, Seed, TathamIds, VerifyCase, data_text, digit_grid

ALIASES = ("fillomino", "Filling")

# one game ID a line, 9x7 and 13x9 (his game has no difficulty grades); CP-SAT re-checks a
# 9x7 board (all of them: the slow test in tests/test_filling.py)
TATHAM_IDS = TathamIds("filling_tatham.txt", count=24, cpsat_every=1, cpsat_at_most=1)

OUR_IDS = OurIds(({"size": 3}, {"size": 5}, {"width": 7, "height": 4}, {"width": 2, "height": 6},
                  {"width": 9, "height": 7}), each=1)

# (text, line)
BAD_INPUTS = [
    ("1..\n.x.\n5..", 2),
    ("1..\n..\n5..", 2),
    ("[[' ', 'a']]", 1),
    ('{"grid": ["1.", "."]}', None),
    ('{"grid": ["1.", ".."], "width": 3}', 1),  # the line of the field
]

VERIFY_CASES = [VerifyCase(board, digit_grid(bad), problem, "is") for bad, board, problem in [
    ("121\n525\n555", "3..\n...\n...", "r1c1 holds 1, the clue says 3"),
    ("333\n333\n333", "...\n...\n...", "the area of 3s at r1c1 has 9 cells, more than 3"),
    ("122\n355\n555", "...\n...\n...", "the area of 3s at r2c1 has 1 cells, fewer than 3"),
    ("112\n525\n555", "...\n...\n...", "the area of 1s at r1c1 has 2 cells, more than 1"),
    ("12\n52", "...\n...\n...", "solution is not 3x3"),
]]

# (generator options, how many, seed)
MANY_GENERATED = [
    ({"width": 9, "height": 7}, 10, 11),
    ({"width": 8, "height": 8}, 10, 12),
]

# (generator options, message)
BAD_GENERATOR_OPTIONS = [
    ({"width": 21}, "--width must be at most 20"),
    ({"size": 0}, "--size must be at least 1"),
]

GENERATE_RUNS = [
    GenerateRun(("--size", "4", "--count", "2", "--seed", "3"), "f.jsonl", 2,
                has=('"tatham_id": "4x4:', '"unique": true')),
    GenerateRun(("--width", "5", "--height", "3", "--count", "2"), "f.csv", 2, has=("filling-",)),  # one id a record
]

SEED = Seed(data_text("filling_seed.txt"), data_text("filling_seed_solution.txt"), digit_grid,
            array_row="  [4, 4, 2, 2, 4, 2, 2],",
            text_row="4422422")
