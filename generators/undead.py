"""Random Undead boards, drawn as Tatham's undead.c draws them, then stripped by the engine.

1. Mirrors: each cell is a '\\' or a '/' mirror with chance 1/5 each, else a monster cell;
   like Tatham, draw again when the monster cells are fewer than five (on boards that have
   room for them) or not 48% to 78% of the area, or when a line of sight meets more
   distinct monsters than the difficulty allows (easy: the short side + 1; normal: 1.5
   times the long side; tricky: 9).
2. Monsters: each cell a ghost, vampire or zombie at random; draw again when only one kind
   appears, or, for tricky, when some kind appears once or not at all. The totals are
   then part of the structure, as in his game IDs.
3. The candidate clues are every edge number. When they and the totals admit a rival
   grid, `repair` gives the monsters of every cell where the two differ (Tatham's game IDs
   may give monsters: undead.c new_game reads 'G', 'V', 'Z'), which rules the rival out;
   a rival on a large board differs in many places at once, so one repair settles many.
4. The engine strips edge numbers and given monsters while the grid stays unique; with
   `--all-counts 1` every edge number is kept, as Tatham prints them, only the given
   monsters are stripped, and the board has his game ID.
5. As Tatham does, a puzzle is kept only when his grade (`solvers.undead.tatham_grade`,
   his line-by-line solver) is the one asked for, else the whole loop runs again;
   `--diff any` keeps the first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..lab.engine.generator import (
    Generated,
    GenerateOptions,
    Generator,
    GeneratorOptions,
    board_height,
    board_shape,
    board_size,
    board_width,
    cost,
    generate_one,
    option,
)
from ..lab.engine.puzzle import Instance, PuzzleError, quote
from ..lab.engine.sat import SessionCache
from ..lab.engine.strip import strip_clues
from ..solvers.undead import MONSTERS, PUZZLE, SIZE, Grid, UndeadParams, counts_of, sight_line, tatham_grade

GRADES = {"e": "easy", "n": "normal", "t": "tricky", "any": None}  # Tatham's letters, and no filter
GRADE_TRIES = 2000  # puzzles made in search of the grade asked for


@dataclass(frozen=True)
class UndeadSpec:
    """What to draw: the board size, Tatham's difficulty letter, and whether to keep every
    edge number."""

    width: int
    height: int
    difficulty: str = "n"
    all_counts: bool = False


def longest_allowed(spec: UndeadSpec) -> int:
    """The most distinct monsters a line of sight may meet (undead.c, new_game_desc)."""
    if spec.difficulty == "e":
        return min(spec.width, spec.height) + 1
    normal = max(spec.width, spec.height) * 3 // 2
    if spec.difficulty == "t":
        return 9 if normal <= 10 else normal  # Tatham's 9 on his sizes (up to 54 cells), never below normal
    return normal


def random_mirrors(spec: UndeadSpec, rng: random.Random) -> tuple[str, ...] | None:
    """A layout as Tatham draws it, or None when it fails his checks (the caller draws again)."""
    rows = tuple("".join("\\" if (x := rng.randrange(5)) == 0 else "/" if x == 1 else "." for _ in range(spec.width))
                 for _ in range(spec.height))
    area = spec.width * spec.height
    monsters = sum(row.count(".") for row in rows)
    if monsters <= min(4, area // 2) or not 0.48 <= monsters / area <= 0.78:
        return None
    probe = UndeadParams(spec.width, spec.height, rows, (monsters, 0, 0))
    most = longest_allowed(spec)
    for key in probe.count_keys():
        if len({(r, c) for r, c, _ in sight_line(probe, key)}) > most:
            return None
    return rows


def random_monsters(spec: UndeadSpec, layout: tuple[str, ...], rng: random.Random) -> Grid | None:
    """Each monster cell a random kind, or None when the kinds fail Tatham's checks."""
    grid = tuple(tuple(rng.choice(MONSTERS) if ch == "." else ch for ch in row) for row in layout)
    counts = [sum(row.count(m) for row in grid) for m in MONSTERS]
    if sum(n > 0 for n in counts) < 2 or (spec.difficulty == "t" and min(counts) < 2):
        return None
    return grid


@dataclass(frozen=True)
class UndeadOptions(GeneratorOptions):
    size: int = board_size(4, SIZE)
    width: int | None = board_width(SIZE)
    height: int | None = board_height(SIZE)
    diff: str = option("n", "Tatham's grade: e easy, n normal, t tricky (his solver's grade of the "
                       "puzzle, and his draw for it), or any")
    all_counts: int = option(0, "1: keep every edge number, as Tatham does (0: strip them while the "
                             "monsters stay unique)", 0, 1)


class UndeadGenerator(Generator[UndeadOptions]):
    puzzle = "undead"
    options_type = UndeadOptions
    costs = (  # what a record costs, measured: lab.generator.COSTS_MEASURED, `puzzlelab list undead`
        cost(0.008, 0.01, size=4), cost(0.104, 0.241, size=7), cost(0.748, 2.0, size=10),
        cost(2.2, 6.9, size=12), cost(67.0, 67.0, size=14))

    def params_for(self, options: UndeadOptions) -> UndeadSpec:
        width, height = board_shape(options.size, options.width, options.height)
        diff = options.diff
        SIZE.check(self.puzzle, width, height)
        if diff not in GRADES:
            raise PuzzleError(f"--diff must be e, n, t (easy, normal, tricky) or any, got {quote(diff)}")
        if width * height < 3:
            raise PuzzleError(f"a {width}x{height} board has no room for two kinds of monster and a mirror")
        return UndeadSpec(width, height, diff, bool(options.all_counts))

    def generate(self, params: UndeadSpec, rng: random.Random, sessions: SessionCache,
                 opts: GenerateOptions) -> Generated | None:
        """The engine's loop (for `all_counts` without stripping, then the given monsters
        stripped alone), again until Tatham's grade is the one asked for; what every try
        cost is added up."""
        want = GRADES[params.difficulty]
        inner = replace(opts, minimal=False) if params.all_counts else opts
        _ENGINE_LOOP.ptype = self.ptype
        checks, seconds, attempts = 0, 0.0, 0
        for _ in range(GRADE_TRIES):
            made = generate_one(self.ptype, _ENGINE_LOOP, params, rng, sessions, inner)
            if params.all_counts and opts.minimal:
                made = self._fewer_givens(made, rng, sessions)
            checks, seconds, attempts = checks + made.checks, seconds + made.seconds, attempts + made.attempts
            if want is None or tatham_grade(made.instance, unique=True)["tatham"] == want:
                return replace(made, checks=checks, seconds=seconds, attempts=attempts)
        raise PuzzleError(f"no {want} {params.width}x{params.height} puzzle in {GRADE_TRIES} tries "
                          "(Tatham's grades are for his sizes): try --diff any")

    def _fewer_givens(self, made: Generated, rng: random.Random, sessions: SessionCache) -> Generated:
        """Strip the monsters `repair` gave, keeping every edge number (not minimal then:
        some numbers may not be needed)."""
        inst = made.instance
        if not any(key[0] == "cell" for key in inst.clues):
            return made
        counts = [key for key in inst.clues if key[0] != "cell"]
        result = strip_clues(sessions.get(PUZZLE, inst.params), made.solution, inst.clues, rng, fixed=counts)
        return replace(made, instance=Instance(inst.kind, inst.params, result.clues),
                       checks=made.checks + result.checks, seconds=made.seconds + result.seconds)

    def draw(self, params: UndeadSpec, rng: random.Random, sessions: SessionCache) -> tuple[UndeadParams, Grid]:
        for _ in range(100_000):
            layout = random_mirrors(params, rng)
            grid = None if layout is None else random_monsters(params, layout, rng)
            if layout is not None and grid is not None:
                g, v, z = (sum(row.count(m) for row in grid) for m in MONSTERS)
                return UndeadParams(params.width, params.height, layout, (g, v, z)), grid
        raise PuzzleError(f"no {params.width}x{params.height} undead layout found")

    def candidate_clues(self, params: UndeadParams, solution: Grid) -> dict:
        return counts_of(params, solution)

    def repair(self, params: UndeadParams, clues: dict, solution: Grid, other: Grid,
               rng: random.Random) -> tuple[UndeadParams, dict, Grid] | None:
        """Give our monster in every cell where the rival differs: the rival is out for good."""
        differ = {("cell", r, c): solution[r][c] for r, c in params.cells() if solution[r][c] != other[r][c]}
        if not differ or set(differ) <= set(clues):
            return None
        return params, {**clues, **differ}, solution


class _EngineLoop(UndeadGenerator):
    """The same draw and repair, run by the engine's loop alone (no grade filter)."""

    def generate(self, params, rng, sessions, opts):
        return None


_ENGINE_LOOP = _EngineLoop()
GENERATOR = UndeadGenerator()
