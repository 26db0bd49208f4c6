"""The face: the command line, rendering, sharing, and the registry that finds the puzzles."""
