"""`python -m puzzlelab`: the command line."""

from puzzlelab.lab.cli import main

raise SystemExit(main())
