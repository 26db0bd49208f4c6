"""What each puzzle declares for the rituals every puzzle's tests share (tests/test_rituals.py);
the forms and helpers are in tests/declarations.py.

One module a puzzle, `tests/cases/<puzzle>.py`, holding plain data under these names (each
optional; a puzzle declares what it has), and for the game IDs its tables of strings in
`tests/cases/<puzzle>.toml` (`refused_by_both` parsers, ours: `bad_tatham_ids`, his:
`tatham_refuses`):

- `ALIASES`: other names the registry finds the puzzle by.
- `TATHAM_IDS`: a `TathamIds`, the file of his generator's game IDs under tests/data.
- `OUR_IDS`: an `OurIds`, the generator options whose game IDs Tatham's parser must read.
- `BAD_INPUTS`: (text, line or None, [fragment of the message]) our parser refuses.
- `OVERSIZED`: an `Oversized` (or a tuple of them), inputs past the size limit and the message
  that says so.
- `BOM_BOARD`: the board whose every format reads the same behind a byte-order mark.
- `VERIFY_CASES`: `VerifyCase`s, one a rule: a board, a solution breaking the rule, the problem.
- `BAD_GENERATOR_OPTIONS`: (options, message) the generator refuses as the CLI gives them
  (`checked_params`), and `BAD_GENERATOR_PARAMS` those `params` itself refuses.
- `GENERATE_RUNS`: `GenerateRun`s, `puzzlelab generate` and what the file it writes holds.
- `BOM_FORMATS`: the formats `BOM_BOARD` is written in, where not every one.
- `SEED`: a `Seed`, the seed's board and printed solution (files under tests/data).
- `MANY_GENERATED`: (generator options, how many, seed) for the slow CP-SAT re-check.
"""

