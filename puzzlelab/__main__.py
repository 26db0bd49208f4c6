"""`python -m puzzlelab`: the command line."""

from puzzlelab.lab.face.cli import main

raise SystemExit(main())
