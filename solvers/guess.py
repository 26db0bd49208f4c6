"""Guess (Mastermind): the next guess of maximum Shannon entropy, given earlier results.

Vocabulary: a *code* is a sequence of `pegs` colours; a *mark* is the (black, white, grey)
result of a guess against the secret. The *candidates* are the codes every earlier mark
allows. The best guess splits the candidates into mark classes as evenly as possible, i.e.
maximises H(g) = -sum_t P(t|g) log2 P(t|g) (seed 000, after 3Blue1Brown's Wordle solver);
ties go to a code that may itself be the secret, then to the first code in the order the
colours are listed. Scoring is vectorised with numpy; for games small enough the whole
guess x secret mark table is computed once and cached.

Size limit: at most 8 pegs, 65,536 codes (colours to the power of pegs) and 100 guesses.
Scoring costs about (guesses worth scoring) x (candidates) x (pegs + colours). Measured
after one guess: 4 colours x 8 pegs (65,536 codes) 3.5-14 s (20,412 candidates), 16 x 4
(65,536) 5 s, 6 x 6 (46,656) 4.4 s, 8 x 5 (32,768) 3 s; past the limit, 3 x 10 (59,049
codes) 58 s, 2 x 16 (65,536) 75 s, 10 x 5 (100,000) 41 s, 16 x 5 (1,048,576) 9 minutes.
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ..lab.engine.puzzle import Answer, Instance, MovePuzzle, PuzzleError, number, quote
from ..lab.toolkit.answers import answer_body
from ..lab.toolkit.codecs import MethodCodec
from ..lab.toolkit.forms import MOVES_JSON
from ..lab.toolkit.textgrid import JsonObject, numbered_lines

DEFAULT_COLOURS = "RYGBOP"  # Red, Yellow, Green, Blue, Orange, Purple (Tatham's and the seed's)
MAX_CODES = 1 << 16
MAX_PEGS = 8
MAX_GUESSES = 100
SETTINGS = ("pegs", "colours", "colors", "duplicates")  # the first word of a settings line
GUESS_LINE = re.compile(r"(?m)^[ \t]*(?![ \t]*(?:pegs|colours|colors|duplicates)\b)[^\s#,]", re.I)
MAX_COLOURS = 36
SIZE_TEXT = f"at most {MAX_PEGS} pegs, {MAX_CODES:,} codes and {MAX_GUESSES} guesses"
TABLE_MAX = 1 << 22  # cache the full mark table when codes^2 is at most this
CHUNK = 1 << 22  # guess x candidate pairs scored per numpy step otherwise
TIE = 1e-9  # entropies this close are a tie
ANSWER_TIE = 1e-6  # an answer's entropy this close to the best is as good (sums in another order differ)

Mark = tuple[int, int, int]
MarkAsRead = tuple[Any, ...]  # a mark as a reader finds it (2 or 3 items): `_instance` checks it


@dataclass(frozen=True)
class GuessParams:
    """`colours` is one character per colour, in tie-break order; `duplicates`: may a code
    repeat a colour (Tatham's "allow multiple", on by default)."""

    pegs: int = 4
    colours: str = DEFAULT_COLOURS
    duplicates: bool = True

    def check(self) -> GuessParams:
        """Valid settings within the size limit (pegs first: colours ** pegs is computed)."""
        if self.pegs < 1:
            raise PuzzleError(f"need at least 1 peg, got {self.pegs}")
        if self.pegs > MAX_PEGS:
            raise PuzzleError(f"guess game of {self.pegs} pegs is too large: {SIZE_TEXT}")
        if not 1 <= len(self.colours) <= MAX_COLOURS:
            raise PuzzleError(f"need 1..{MAX_COLOURS} colours, got {len(self.colours)}")
        if len(set(self.colours)) != len(self.colours):
            raise PuzzleError(f"colour letters repeat in {quote(self.colours)}")
        bad = [ch for ch in self.colours if ch.isdigit() or ch.isspace() or ch in "#,;:()[]'\""]
        if bad:
            raise PuzzleError(f"{quote(bad[0])} cannot be a colour letter (digits and punctuation are taken)")
        if not self.duplicates and self.pegs > len(self.colours):
            raise PuzzleError(f"{self.pegs} pegs cannot all differ with {len(self.colours)} colours")
        n = len(self.colours) ** self.pegs
        if n > MAX_CODES:
            raise PuzzleError(f"guess game of {len(self.colours)}^{self.pegs} = {n:,} codes is too large: "
                              f"{SIZE_TEXT}")
        return self


@dataclass(frozen=True)
class Clue:
    """One earlier guess and its mark."""

    code: str
    mark: Mark


# ---- codes and marks --------------------------------------------------------------------
@lru_cache(maxsize=8)
def all_codes(params: GuessParams) -> np.ndarray:
    """Every allowed code as a (count, pegs) array of colour indices, in lexicographic
    order of the colour list (the tie-break order)."""
    c, p = len(params.colours), params.pegs
    idx = np.arange(c ** p)
    codes = np.stack([(idx // c ** (p - 1 - i)) % c for i in range(p)], axis=1).astype(np.int8)
    if not params.duplicates:
        codes = codes[[len(set(row)) == p for row in codes.tolist()]]
    return codes


@lru_cache(maxsize=8)
def _colour_counts(params: GuessParams) -> np.ndarray:
    codes = all_codes(params)
    return np.stack([(codes == k).sum(axis=1) for k in range(len(params.colours))], axis=1).astype(np.int8)


def mark_keys(params: GuessParams, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    """Marks of each guess against each secret (indices into `all_codes`), as the single
    number black * (pegs + 1) + white; shape (len(guesses), len(secrets))."""
    codes, counts = all_codes(params), _colour_counts(params)
    g, s = codes[guesses][:, None, :], codes[secrets][None, :, :]
    black = (g == s).sum(axis=2, dtype=np.int16)
    common = np.minimum(counts[guesses][:, None, :], counts[secrets][None, :, :]).sum(axis=2, dtype=np.int16)
    return black * (params.pegs + 1) + (common - black)


@lru_cache(maxsize=2)
def _table(params: GuessParams) -> np.ndarray | None:
    n = len(all_codes(params))
    if n * n > TABLE_MAX:
        return None
    every = np.arange(n)
    return mark_keys(params, every, every)


def mark_of(guess: str, secret: str) -> Mark:
    """The mark of one guess against one secret, the plain way (for checks and tests)."""
    black = sum(a == b for a, b in zip(guess, secret))
    common = sum(min(guess.count(ch), secret.count(ch)) for ch in set(guess))
    return black, common - black, len(guess) - common


def code_index(params: GuessParams, code: str) -> int:
    c, out = len(params.colours), 0
    for ch in code:
        out = out * c + params.colours.index(ch)
    if params.duplicates:
        return out
    return int(np.searchsorted(_full_index(params), out))


@lru_cache(maxsize=8)
def _full_index(params: GuessParams) -> np.ndarray:
    c, p = len(params.colours), params.pegs
    codes = all_codes(params).astype(np.int64)
    return (codes * (c ** np.arange(p - 1, -1, -1))).sum(axis=1)


def code_text(params: GuessParams, index: int) -> str:
    return "".join(params.colours[k] for k in all_codes(params)[index])


def mark_key(params: GuessParams, mark: Mark) -> int:
    return mark[0] * (params.pegs + 1) + mark[1]


# ---- the strategy -------------------------------------------------------------------------
def candidates(params: GuessParams, clues: list[Clue], lines: list[int | None] | None = None) -> np.ndarray:
    """Indices of the codes every clue allows; PuzzleError names the first clue after
    which none is left (and its input line, when `lines` gives them)."""
    alive = np.arange(len(all_codes(params)))
    for i, clue in enumerate(clues, start=1):
        keys = mark_keys(params, np.array([code_index(params, clue.code)]), alive)[0]
        alive = alive[keys == mark_key(params, clue.mark)]
        if len(alive) == 0:
            b, w, g = clue.mark
            said = f"guess {i} {clue.code} ({b} black, {w} white, {g} grey)"
            raise PuzzleError(f"no code fits guesses 1..{i}: {said} contradicts what came before"
                              if i > 1 else f"no code can give {said}", lines[i - 1] if lines else None)
    return alive


@lru_cache(maxsize=64)
def canonical_guesses(params: GuessParams, used: frozenset[int]) -> np.ndarray:
    """The guesses worth scoring, ascending. Colours no earlier guess used are interchangeable:
    swapping them changes neither the candidates nor any guess's entropy. So only codes that
    bring in unused colours in their listed order (the first code of each class) are scored,
    and the tie-break picks the same code as if every code were scored."""
    codes = all_codes(params)
    free = np.array([k not in used for k in range(len(params.colours))])
    rank = np.cumsum(free) - 1  # index of a free colour among the free ones
    seen = np.zeros(len(codes), dtype=np.int64)  # free colours brought in so far
    ok = np.ones(len(codes), dtype=bool)
    for i in range(params.pegs):
        col = codes[:, i]
        fresh = free[col] & (rank[col] >= seen)
        ok &= ~fresh | (rank[col] == seen)
        seen = seen + (fresh & (rank[col] == seen))
    return np.flatnonzero(ok)


def entropies(params: GuessParams, guesses: np.ndarray, alive: np.ndarray,
              table: np.ndarray | None = None) -> np.ndarray:
    """H(g) in bits for each guess index in `guesses`, over the candidates `alive`
    (marks from the cached `table` when given)."""
    n, k = len(alive), (params.pegs + 1) ** 2
    out = np.empty(len(guesses))
    step = max(1, CHUNK // max(n, 1))
    for lo in range(0, len(guesses), step):
        rows = guesses[lo:lo + step]
        keys = table[rows][:, alive] if table is not None else mark_keys(params, rows, alive)
        keys = keys.astype(np.int64) + (np.arange(len(rows)) * k)[:, None]
        hist = np.bincount(keys.ravel(), minlength=len(rows) * k).reshape(len(rows), k)
        plogp = (hist * np.log2(np.maximum(hist, 1))).sum(axis=1)
        out[lo:lo + len(rows)] = math.log2(n) - plogp / n
    return out


@dataclass(frozen=True)
class Choice:
    guess: int  # index into all_codes
    entropy: float
    possible: bool  # may the guess itself be the secret?


def used_colours(params: GuessParams, codes: list[str]) -> frozenset[int]:
    return frozenset(params.colours.index(ch) for code in codes for ch in code)


def best_guess(params: GuessParams, alive: np.ndarray, used: frozenset[int],
               table: np.ndarray | None = None) -> Choice:
    """Maximum entropy; ties to a candidate, then to the first code in colour order.
    `used`: the colours earlier guesses contained (the others are interchangeable)."""
    guesses = canonical_guesses(params, used)
    h = entropies(params, guesses, alive, table)
    tied = np.flatnonzero(h >= h.max() - TIE)
    inside = tied[np.isin(guesses[tied], alive)]
    pick = int(inside[0]) if len(inside) else int(tied[0])
    return Choice(int(guesses[pick]), float(h[pick]), bool(len(inside)))


# ---- playing every secret -----------------------------------------------------------------
@dataclass(frozen=True)
class PlayStats:
    games: int
    total_guesses: int
    worst: int
    histogram: dict  # guesses -> how many secrets took that many

    @property
    def average(self) -> float:
        return self.total_guesses / self.games


def play_all(params: GuessParams) -> PlayStats:
    """The strategy against every secret. The next guess depends only on the candidate
    set, so the games form a decision tree: each node is scored once, and a secret's
    guess count is the depth at which the node's guess equals it."""
    histogram: dict[int, int] = {}
    table = _table(params)

    def visit(alive: np.ndarray, depth: int, used: frozenset[int]) -> None:
        choice = best_guess(params, alive, used, table)
        used = used | set(all_codes(params)[choice.guess].tolist())
        keys = table[choice.guess][alive] if table is not None else \
            mark_keys(params, np.array([choice.guess]), alive)[0]
        won = mark_key(params, (params.pegs, 0, 0))
        for key in np.unique(keys):
            group = alive[keys == key]
            if key == won:
                histogram[depth] = histogram.get(depth, 0) + 1
            else:
                visit(group, depth + 1, used)

    visit(np.arange(len(all_codes(params))), 1, frozenset())
    games = sum(histogram.values())
    return PlayStats(games, sum(d * n for d, n in histogram.items()), max(histogram),
                     dict(sorted(histogram.items())))


def play_one(params: GuessParams, secret: str, limit: int = 50) -> list[str]:
    """One game against `secret`, move by move through the strategy (the slow, direct
    way; tests compare it with `play_all`)."""
    clues: list[Clue] = []
    while len(clues) < limit:
        choice = best_guess(params, candidates(params, clues), used_colours(params, [c.code for c in clues]))
        code = code_text(params, choice.guess)
        clues.append(Clue(code, mark_of(code, secret)))
        if code == secret:
            return [c.code for c in clues]
    raise PuzzleError(f"no win against {secret} in {limit} guesses")


# ---- the puzzle type ------------------------------------------------------------------------
@dataclass(frozen=True)
class NextGuess:
    """An answer to "what to guess next": `verify` takes it for a guess of maximum entropy
    (a plain string is still a secret code it checks against the marks)."""

    code: str


class Guess(MovePuzzle[GuessParams, int, Any]):  # solutions: a secret code, or a next guess
    name = "guess"
    aliases = ("mastermind",)
    title = "Guess (Mastermind): next guess of maximum entropy"
    rules_text = "Find the secret code: a guess earns a black peg per right colour in place, a white per one misplaced."
    codecs = (MethodCodec("text"), MOVES_JSON,
              MethodCodec("seed", order=-1, pattern=r"add_guess|Board\("))  # the seed's own code, even in braces
    size_limit_text = SIZE_TEXT
    example = "pegs 4 colours RYGBOP\nRYGB 1 1 2\nRGOP 0 2 2"

    def check_size(self, inst: Instance) -> None:
        inst.params.check()
        if len(inst.clues) > MAX_GUESSES:
            raise PuzzleError(f"guess game of {len(inst.clues)} guesses is too large: {SIZE_TEXT}")

    def _instance(self, params: GuessParams, clues: list[tuple[str, MarkAsRead, int | None]]) -> Instance:
        params.check()  # the size limit, before any code is scored (below: are the marks consistent?)
        if len(clues) > MAX_GUESSES:
            raise PuzzleError(f"guess game of {len(clues)} guesses is too large: {SIZE_TEXT}", clues[-1][2])
        out = {}
        for i, (code, mark, line) in enumerate(clues):
            where = line if line is not None else i + 1
            if len(code) != params.pegs:
                raise PuzzleError(f"guess {quote(code)} has {len(code)} pegs, expected {params.pegs}", where)
            for ch in code:
                if ch not in params.colours:
                    raise PuzzleError(f"{quote(ch)} in guess {quote(code)} is not a colour ({params.colours})", where)
            if not params.duplicates and len(set(code)) != len(code):
                raise PuzzleError(f"guess {quote(code)} repeats a colour, which this game forbids", where)
            if len(mark) not in (2, 3) or any(type(m) is not int or m < 0 for m in mark):
                raise PuzzleError(f"mark {quote(mark)} must be black, white[, grey] counts >= 0", where)
            if len(mark) == 2:
                mark = (mark[0], mark[1], params.pegs - mark[0] - mark[1])
            if mark[2] < 0:
                raise PuzzleError(f"{number(mark[0])} black + {number(mark[1])} white is more than "
                                  f"{params.pegs} pegs", where)
            if sum(mark) != params.pegs:
                raise PuzzleError(f"mark {' '.join(map(number, mark))} does not add up to "
                                  f"{params.pegs} pegs", where)
            if mark[0] == params.pegs - 1 and mark[1] == 1:
                raise PuzzleError(f"mark {params.pegs - 1} black 1 white is impossible", where)
            out[i] = Clue(code, (mark[0], mark[1], mark[2]))
        candidates(params, list(out.values()), [line for _, _, line in clues])  # consistent marks?
        return Instance(self.name, params, out)

    @staticmethod
    def _refuse_many(count: int, line: int | None) -> None:
        """The limit on guesses, on their count alone, before any is read."""
        if count > MAX_GUESSES:
            raise PuzzleError(f"guess game of {count} guesses is too large: {SIZE_TEXT}", line)

    # plain text: optional header `pegs 4 colours RYGBOP [duplicates no]`, then `RYGB 1 1 2`.
    def read_text(self, text: str) -> Instance:
        settings: dict[str, Any] = {"pegs": 4, "colours": DEFAULT_COLOURS, "duplicates": True}
        clues: list[tuple[str, MarkAsRead, int | None]] = []
        # lines that surely are guesses (not blank, a comment or a setting), before any line is made
        self._refuse_many(sum(1 for _ in GUESS_LINE.finditer(text)), None)
        lines = numbered_lines(text, comment="#")
        head = 0
        while head < len(lines) and lines[head][1].replace(",", " ").lower().split()[:1] in ([w] for w in SETTINGS):
            head += 1
        if lines:
            self._refuse_many(len(lines) - head, lines[-1][0])  # the lines after the settings are guesses
        for lineno, raw in lines:
            line = raw.strip()
            words = line.replace(",", " ").split()
            if words and words[0].lower() in SETTINGS:
                if clues:
                    raise PuzzleError("settings must come before the guesses", lineno)
                self._settings(words, settings, lineno)
                continue
            numbers: list[int] = []
            while words and words[-1].isdecimal():
                numbers.insert(0, int(words.pop()))
            code = "".join(words)
            if not code or len(numbers) not in (2, 3):
                raise PuzzleError(f"expected 'CODE black white [grey]', got {quote(line)}", lineno)
            clues.append((code, tuple(numbers), lineno))
        params = GuessParams(settings["pegs"], settings["colours"], settings["duplicates"])
        return self._instance(params, clues)

    @staticmethod
    def _settings(words: list[str], settings: dict, lineno: int) -> None:
        if len(words) % 2:
            raise PuzzleError(f"settings come in pairs like 'pegs 4 colours RYGBOP', got {quote(' '.join(words))}",
                              lineno)
        for key, value in zip(words[::2], words[1::2]):
            key = key.lower()
            if key == "pegs":
                if not value.isdecimal():
                    raise PuzzleError(f"pegs must be a number, got {quote(value)}", lineno)
                settings["pegs"] = int(value)
            elif key in ("colours", "colors"):
                settings["colours"] = value
            elif key == "duplicates":
                if value.lower() not in ("yes", "no"):
                    raise PuzzleError(f"duplicates must be yes or no, got {quote(value)}", lineno)
                settings["duplicates"] = value.lower() == "yes"
            else:
                raise PuzzleError(f"unknown setting {quote(key)} (pegs, colours, duplicates)", lineno)

    def from_json(self, text: str) -> Instance:
        """`pegs` (4), `colours` or `colors` (one letter each, "RYGBOP"), `duplicates`
        (true), `guesses`: each {"code", "black", "white"[, "grey"]} or [code, [b, w, g]]."""
        doc = JsonObject(text, self.name, ("pegs", "colours", "colors", "duplicates", "guesses"), self.aliases)
        if "colours" in doc and "colors" in doc:
            raise doc.error("colors", "and 'colours' are the same field: give one")
        colours = doc.string("colours") if "colours" in doc else doc.string("colors", DEFAULT_COLOURS)
        params = GuessParams(doc.integer("pegs", 4, low=1), colours, doc.boolean("duplicates", True))
        guesses = doc.array("guesses", [], what="guesses")
        self._refuse_many(len(guesses), doc.where("guesses")[0])
        clues: list[tuple[str, MarkAsRead, int | None]] = []
        for i, g in enumerate(guesses, start=1):
            if isinstance(g, dict) and "code" in g and set(g) <= {"code", "black", "white", "grey"}:
                mark = (g.get("black"), g.get("white")) + ((g["grey"],) if "grey" in g else ())
                clues.append((self._code(g["code"], i), mark, i))
            elif isinstance(g, list) and len(g) == 2 and isinstance(g[1], list):
                clues.append((self._code(g[0], i), tuple(g[1]), i))
            else:
                raise doc.error("guesses", f"item {i} must be {{\"code\", \"black\", \"white\"[, \"grey\"]}} "
                                "or [code, [b, w, g]]")
        return self._instance(params, clues)

    @staticmethod
    def _code(value, where: int) -> str:
        if isinstance(value, str):
            return value
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return "".join(value)
        raise PuzzleError(f"guess {where}: code must be a string or a list of colour letters", where)

    # the seed's calls: `binst.add_guess(('R', 'Y', 'G', 'B'), (1, 1, 2))`
    def read_seed(self, text: str) -> Instance:
        self._refuse_many(sum(1 for _ in re.finditer(r"add_guess\(", text)), None)
        clues: list[tuple[str, MarkAsRead, int | None]] = []
        for lineno, line in enumerate(text.splitlines(), start=1):
            m = re.search(r"add_guess\((.*)\)", line)
            if not m:
                continue
            try:
                code, mark = ast.literal_eval(f"({m.group(1)})")
            except (ValueError, SyntaxError, TypeError):
                raise PuzzleError(f"cannot read add_guess arguments {quote(m.group(1))}", lineno) from None
            if not isinstance(mark, (tuple, list)):
                raise PuzzleError(f"add_guess needs a code and a mark (black, white, grey), got {quote(m.group(1))}",
                                  lineno)
            clues.append((self._code(list(code) if isinstance(code, tuple) else code, lineno), tuple(mark), lineno))
        if not clues:
            raise PuzzleError("no add_guess(...) calls found")
        return self._instance(GuessParams(), clues)

    @staticmethod
    def guesses(inst: Instance) -> list[Clue]:
        return [inst.clues[k] for k in sorted(inst.clues)]

    def write_text(self, inst: Instance) -> str:
        p: GuessParams = inst.params
        head = f"pegs {p.pegs} colours {p.colours}" + ("" if p.duplicates else " duplicates no")
        return "\n".join([head] + [f"{c.code} {c.mark[0]} {c.mark[1]} {c.mark[2]}" for c in self.guesses(inst)])

    def json_fields(self, inst: Instance) -> dict[str, Any]:
        p: GuessParams = inst.params
        return {"pegs": p.pegs, "colours": p.colours, "duplicates": p.duplicates,
                "guesses": [{"code": c.code, "black": c.mark[0], "white": c.mark[1], "grey": c.mark[2]}
                            for c in self.guesses(inst)]}

    def write_seed(self, inst: Instance) -> str:
        if inst.params != GuessParams():
            raise PuzzleError("the seed's form only knows the default game (4 pegs, RYGBOP)")
        return "\n".join(f"binst.add_guess({tuple(c.code)!r}, {c.mark!r})" for c in self.guesses(inst))

    def format_solution(self, inst: Instance, solution: str, fmt: str = "text") -> str:
        """A secret code, one colour letter per peg."""
        return " ".join(solution)

    def verify(self, inst: Instance, solution: str | NextGuess) -> list[str]:
        """Is `solution` a code of this game that gives every earlier guess its mark? (For a
        `NextGuess`: is it a guess of maximum entropy?)"""
        if isinstance(solution, NextGuess):
            return self._verify_guess(inst, solution.code)
        out = self._not_a_code(inst.params, solution)
        for key in sorted(inst.clues):
            clue = inst.clues[key]
            if mark_of(clue.code, solution) != clue.mark:
                out.append(f"guess {clue.code} would be marked {mark_of(clue.code, solution)}, not {clue.mark}")
        return out

    @staticmethod
    def _not_a_code(p: GuessParams, code: str) -> list[str]:
        """Why `code` is no code of this game (empty: it is one)."""
        if len(code) != p.pegs or any(ch not in p.colours for ch in code):
            return [f"{quote(code)} is not a code of {p.pegs} pegs in {p.colours}"]
        if not p.duplicates and len(set(code)) != len(code):
            return [f"{quote(code)} repeats a colour"]
        return []

    def _scores(self, inst: Instance, code: str) -> tuple[float, float, str | None]:
        """A valid code's entropy, the best entropy, and the one code still possible (None
        when there are more)."""
        p: GuessParams = inst.params
        clues = [inst.clues[k] for k in sorted(inst.clues)]
        alive = candidates(p, clues)
        if len(alive) == 1:
            return 0.0, 0.0, code_text(p, int(alive[0]))
        best = best_guess(p, alive, used_colours(p, [c.code for c in clues]))
        return float(entropies(p, np.array([code_index(p, code)]), alive)[0]), best.entropy, None

    def _verify_guess(self, inst: Instance, code: str) -> list[str]:
        """Any guess of maximum entropy is right; with one code left, that code."""
        bad = self._not_a_code(inst.params, code)
        if bad:
            return bad
        h, best, only = self._scores(inst, code)
        if only is not None:
            return [] if code == only else [f"only {only} is still possible"]
        if h < best - ANSWER_TIE:
            return [f"{code} has an entropy of {h:.4f} bits, the best guess {best:.4f}"]
        return []

    # ---- for language models ------------------------------------------------------------
    board_legend = ("the first line gives the pegs in a code and the colours, one letter each (`duplicates no`: a "
                    "code never repeats a colour); then one earlier guess per line: its code and its mark, the "
                    "black pegs (right colour in the right place), white pegs (right colour in another place) and "
                    "grey pegs (the rest)")
    answer_format = ("the next guess that tells the most: a code of maximum Shannon entropy of its mark over the "
                     "codes every earlier mark still allows (each equally likely; any such code is right, and when "
                     "only one code is still possible, that code), written as its colour letters in order with "
                     "nothing between them, e.g. `RYGB`")

    def reference_solution(self, inst: Instance) -> NextGuess:
        return NextGuess(self.answer(inst).data["guess"])

    def answer_text(self, inst: Instance, solution: NextGuess) -> str:
        return solution.code

    def read_answer(self, inst: Instance, text: str) -> NextGuess:
        """The last run of colour letters as long as a code, written together (`RYGB`) or
        apart (`R Y G B`, `R, Y, G, B`, `[R-Y-G-B]`), in either case where that is no
        other colour; a run of longer words ending in such a code (`guess P Y Y G`) too."""
        p: GuessParams = inst.params
        fold = {ch.swapcase(): ch for ch in p.colours if ch.swapcase() not in p.colours}
        letters = re.escape("".join(p.colours) + "".join(fold))
        found = None
        for run in re.finditer(rf"(?<!\w)[{letters}]+(?:[\s,;|/()\[\]'\"-]*[{letters}]+)*(?!\w)", answer_body(text)):
            words = [w for w in re.split(r"[\s,;|/()\[\]'\"-]+", run.group()) if w]
            while words and sum(map(len, words)) > p.pegs:
                words.pop(0)
            if sum(map(len, words)) == p.pegs:
                found = "".join(fold.get(ch, ch) for ch in "".join(words))
        if found is None:
            raise PuzzleError(f"no code of {p.pegs} colour letters ({p.colours}) found")
        return NextGuess(found)

    def answer_credit(self, inst: Instance, answer: NextGuess, reference: NextGuess) -> float:
        """A wrong guess's share of the best entropy (0 for no code, and with one code left)."""
        if not isinstance(answer, NextGuess) or self._not_a_code(inst.params, answer.code):
            return 0.0
        h, best, _ = self._scores(inst, answer.code)
        return h / best if best > 0 else 0.0

    def corrupt_solution(self, inst: Instance, solution: NextGuess) -> NextGuess | None:
        """The first code (in colour order) that is not a right answer, for the tests."""
        p: GuessParams = inst.params
        alive = candidates(p, [inst.clues[k] for k in sorted(inst.clues)])
        h = entropies(p, np.arange(len(all_codes(p))), alive)
        wrong = np.flatnonzero(h < h.max() - ANSWER_TIE) if len(alive) > 1 else \
            np.flatnonzero(np.arange(len(h)) != alive[0])
        return NextGuess(code_text(p, int(wrong[0]))) if len(wrong) else None

    def answer(self, inst: Instance, time_limit: float | None = None) -> Answer:
        p: GuessParams = inst.params.check()
        clues = [inst.clues[k] for k in sorted(inst.clues)]
        alive = candidates(p, clues)
        total = len(all_codes(p))
        shown = [code_text(p, i) for i in alive[:20]]
        if len(alive) == 1:
            code = code_text(p, int(alive[0]))
            solved = bool(clues) and clues[-1].code == code
            text = f"solved: {' '.join(code)}" if solved else \
                f"out of {total} codes only 1 is still possible: {' '.join(code)} is the secret"
            return Answer(text, {"total": total, "possible": 1, "candidates": [code], "guess": code,
                                 "entropy": 0.0, "guess_is_possible": True, "solved": solved})
        choice = best_guess(p, alive, used_colours(p, [c.code for c in clues]))
        code = code_text(p, choice.guess)
        lines = [f"out of {total} codes, {len(alive)} are still possible"
                 + (f": {' '.join(shown)}" if len(alive) <= 20 else ""),
                 f"max entropy guess: {' '.join(code)} with entropy {choice.entropy:.4f} bits"
                 + ("" if choice.possible else " (cannot itself be the secret)")]
        return Answer("\n".join(lines), {"total": total, "possible": int(len(alive)),
                                         "candidates": shown if len(alive) <= 20 else None,
                                         "guess": code, "entropy": choice.entropy,
                                         "guess_is_possible": choice.possible, "solved": False})

    # ---- pictures -------------------------------------------------------------------
    def draw(self, ax, inst: Instance, solution: dict | None = None) -> None:
        """As Tatham's Guess: one row of coloured pegs per guess (the colour's letter on
        each), its mark beside it as small pegs, black for right colour and place, white
        for right colour elsewhere, empty holes for the rest. `solution` is `answer`'s
        data: a last row with the next guess, its mark still open."""
        from matplotlib import colormaps
        from matplotlib.colors import to_rgb

        from ..lab.toolkit.draw import Board

        named = {"R": "#e02020", "Y": "#f2d600", "G": "#2ca02c", "B": "#1f5fd0", "O": "#ff8c1a", "P": "#8e44ad",
                 "W": "white", "K": "black", "C": "#20c0e0", "M": "#e040c0", "N": "#8b5a2b", "A": "0.6"}
        p: GuessParams = inst.params
        clues = [inst.clues[k] for k in sorted(inst.clues)]
        rows: list[tuple[str, Mark | None]] = [(c.code, c.mark) for c in clues]
        if solution is not None and solution.get("guess"):
            rows.append((solution["guess"], None))
        if not rows:
            rows.append(("", None))
        across = math.ceil(p.pegs / 2)  # mark holes in two rows
        width = p.pegs + math.ceil(across / 2)
        board = Board(ax, width, len(rows))
        tab = colormaps["tab20"]
        for r, (code, mark) in enumerate(rows):
            for c in range(p.pegs):
                if c >= len(code):
                    board.circle(r, c, 0.12, face="0.6", edge="0.6", ring=0)
                    continue
                ch = code[c]
                face = named.get(ch.upper()) or tab(p.colours.index(ch) % 20)
                board.circle(r, c, 0.36, face=face, edge="black", ring=0.04)
                light = sum(to_rgb(face)) > 1.6
                board.text(r, c, ch, 0.3, colour="black" if light else "white", bold=True)
            pins = ["black"] * mark[0] + ["white"] * mark[1] if mark else []
            for k in range(p.pegs):
                col, row = divmod(k, 2)
                rr, cc = r - 0.22 + 0.44 * row, p.pegs - 0.25 + 0.5 * col
                if mark is None:
                    board.circle(rr, cc, 0.06, face="0.75", edge="0.75", ring=0)
                elif k < len(pins):
                    board.circle(rr, cc, 0.14, face=pins[k], edge="black", ring=0.03)
                else:
                    board.circle(rr, cc, 0.08, face="0.8", edge="0.8", ring=0)
        board.grid([[(c >= p.pegs, r == len(clues)) for c in range(width)] for r in range(len(rows))])
        if solution is not None and solution.get("guess"):
            board.caption(f"last row: the next guess, {solution.get('entropy', 0):.2f} bits of entropy")


PUZZLE = Guess()
