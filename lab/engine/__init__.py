"""The engine: the contract every puzzle implements, the SAT and CP-SAT engines, clue stripping, the grade."""
