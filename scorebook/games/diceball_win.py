"""Diceball's win expectancy: the chance that the home team wins from any point of a game, by a
dynamic programme over (inning, half, outs, bases, run difference) with each plate appearance's
outcomes at the exact odds of the rulebook's dice (`diceball_races.plate_appearance_odds`, from
an 0-0 count, the batter declaring first on a star). The teams are taken as equal: the model
knows the dice, not the players.

Runner advances, where the odds name only the batter's outcome (documented in docs/web.md):
strikeout, fly out, infield fly, ground out, out at first: the batter out, the runners hold;
walk and infield hit: the batter to first, the runners forced on; single and error: every
runner one base on, the batter to first; two-base error: every runner two bases on, the
batter to second; home run: everyone scores. The rulebook's races (a runner trying for an
extra base) and double plays are left out: they move the probabilities a little either way.

A half-inning's runs from (outs, bases) are a distribution worked out once; the game's chance
follows from those distributions inning by inning: a home team ahead after the top of the last
regulation inning (or later) has won, one that goes ahead in the bottom of it wins at once
(the walk-off), and a game tied after the last regulation inning goes on, one extra inning at a
time, each as likely as the last to break the tie."""

from __future__ import annotations

from functools import cache

from scorebook.games.diceball_races import plate_appearance_odds

MAX_RUNS = 25  # a half-inning's runs counted up to this; the chance of more is far below a float's precision
BASES = range(8)  # bit 0: first, bit 1: second, bit 2: third
Dist = tuple[float, ...]  # chance of 0, 1, ... MAX_RUNS runs


def _advance(bases: int, steps: int, batter: int) -> tuple[int, int]:
    """Every runner `steps` bases on, the batter to `batter` (0: out): (bases, runs)."""
    runs, after = 0, 0
    for base in range(3):
        if bases >> base & 1:
            to = base + 1 + steps
            runs, after = (runs + 1, after) if to > 3 else (runs, after | 1 << (to - 1))
    if batter == 4:
        return after, runs + 1
    return (after | 1 << (batter - 1) if batter else after), runs


def _forced(bases: int) -> tuple[int, int]:
    """The batter to first, each runner forced one base on: (bases, runs)."""
    if bases & 1 == 0:
        return bases | 1, 0
    if bases & 2 == 0:
        return bases | 3, 0
    if bases & 4 == 0:
        return 7, 0
    return 7, 1


OUTS = frozenset({"strikeout", "fly out", "infield fly", "ground out", "out at first"})


def transitions(bases: int) -> list[tuple[float, bool, int, int]]:
    """A plate appearance from `bases`: (chance, batter out, bases after, runs)."""
    moves = []
    for outcome, chance in plate_appearance_odds().items():
        if outcome in OUTS:
            moves.append((float(chance), True, bases, 0))
        elif outcome in ("walk", "infield hit"):
            moves.append((float(chance), False, *_forced(bases)))
        elif outcome in ("single", "error"):
            moves.append((float(chance), False, *_advance(bases, 1, 1)))
        elif outcome == "two-base error":
            moves.append((float(chance), False, *_advance(bases, 2, 2)))
        elif outcome == "home run":
            moves.append((float(chance), False, *_advance(bases, 3, 4)))
        else:
            raise ValueError(f"the win expectancy has no runner advance for {outcome!r}")
    return moves


def half_runs(outs: int, bases: int) -> Dist:
    """The chance of each number of runs in the rest of a half-inning from (outs, bases)."""
    return _half_runs_table()[outs][bases]


@cache
def _half_runs_table() -> list[list[Dist]]:
    """Every (outs, bases)'s runs, worked out run by run: k runs from a state come from fewer
    runs after a plate appearance that scores, from the next out's, or from a state with more
    runners on after one that neither scores nor puts anyone out (the bases fill; no loop)."""
    table = [[[0.0] * (MAX_RUNS + 1) for _ in BASES] for _ in range(4)]
    for bases in BASES:
        table[3][bases][0] = 1.0
    moves = {bases: transitions(bases) for bases in BASES}
    fuller_first = sorted(BASES, key=lambda bases: -bin(bases).count("1"))
    for outs in (2, 1, 0):
        for k in range(MAX_RUNS + 1):
            for bases in fuller_first:
                total = 0.0
                for chance, out, after, runs in moves[bases]:
                    if runs <= k:
                        total += chance * table[outs + out][after][k - runs]
                table[outs][bases][k] = total
        for bases in BASES:  # more than MAX_RUNS runs: counted as MAX_RUNS
            table[outs][bases][MAX_RUNS] += 1.0 - sum(table[outs][bases])
    return [[tuple(dist) for dist in row] for row in table]


def _at_least(dist: Dist, runs: int) -> float:
    return sum(dist[max(runs, 0) :]) if runs <= MAX_RUNS else 0.0


@cache
def extra_inning() -> float:
    """The home team's chance from the top of an extra inning, tied: X = sum over the top's runs
    a of P(a) (P(bottom > a) + P(bottom = a) X)."""
    inning = half_runs(0, 0)
    decided = sum(p * _at_least(inning, a + 1) for a, p in enumerate(inning))
    tied = sum(p * p for p in inning)
    return decided / (1 - tied)


@cache
def _after_bottom(inning: int, innings: int, lead: int) -> float:
    """The home team's chance once the bottom of `inning` is over (or a walk-off ended it)."""
    if inning >= innings:
        return 1.0 if lead > 0 else 0.0 if lead < 0 else extra_inning()
    return _top(inning + 1, innings, lead)


@cache
def _bottom(inning: int, innings: int, lead: int, outs: int = 0, bases: int = 0) -> float:
    """From a point of the bottom of `inning`, the home team `lead` runs ahead."""
    if inning >= innings and lead > 0 and outs == 0 and bases == 0:
        return 1.0  # ahead after the top of the last inning: the bottom is not played
    runs = half_runs(outs, bases)
    return sum(p * _after_bottom(inning, innings, lead + k) for k, p in enumerate(runs) if p)


@cache
def _top(inning: int, innings: int, lead: int, outs: int = 0, bases: int = 0) -> float:
    if inning > innings:
        return extra_inning() if lead == 0 else 1.0 if lead > 0 else 0.0
    runs = half_runs(outs, bases)
    return sum(p * _bottom(inning, innings, lead - k) for k, p in enumerate(runs) if p)


def home_win_chance(inning: int, half: int, outs: int, bases: int, lead: int, innings: int = 9) -> float:
    """The home team's chance to win from the start of a plate appearance: `half` 0 the top,
    1 the bottom; `bases` a bit a runner (1 first, 2 second, 4 third); `lead` the home team's
    runs less the away team's; `innings` the regulation length. Three outs: the half is over."""
    if outs >= 3:
        return _bottom(inning, innings, lead) if half == 0 else _after_bottom(inning, innings, lead)
    if half == 1 and inning >= innings and lead > 0:
        return 1.0  # the walk-off has happened
    if half == 0:
        return _top(inning, innings, lead, outs, bases)
    return _bottom(inning, innings, lead, outs, bases)


def bases_of(runners: tuple[object | None, object | None, object | None]) -> int:
    """The bases bit by bit from a state's or fact's runners on first, second, third."""
    return sum(1 << n for n, runner in enumerate(runners) if runner is not None)


def game_line(game) -> list[float]:
    """The home team's chance before the first pitch, then after each statement of a replayed
    Diceball game (its engine's facts); a game over ends at 1 or 0 (a tie: one half)."""
    innings = game.game.header.innings
    line = [home_win_chance(1, 0, 0, 0, 0, innings)]
    facts = [fact for fact in game.facts if fact.kind in ("pa", "runners")]
    for n, fact in enumerate(facts):
        away, home = fact.score_after
        if game.state.over and n == len(facts) - 1:
            line.append(1.0 if home > away else 0.0 if home < away else 0.5)
        else:
            line.append(home_win_chance(fact.inning, fact.half, fact.outs_after, bases_of(fact.bases_after), home - away, innings))
    return line
