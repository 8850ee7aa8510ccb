"""The races of a ball in play, as the rulebook plays them, on the board data
(`diceball_board.toml`): the runner's spaces to his base against the ball's, one die each in
turn, "The offense always rolls the die BEFORE the defense". The rules of the race are here once:
the simulator (`sim/diceball.py`) plays them die by die and `odds` sums them over every die.

Positions are spaces from home plate: first base is 8, second 16, third 24, home 32.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache

from scorebook.games.diceball import (
    BOARD,
    CLOUDS,
    DEEP_STARS,
    HOME_RUNS,
    INFIELD_FLY_CIRCLES,
    OUTFIELD_CIRCLES,
    STARS,
)

SPACES = BOARD["track"]["spaces"]
GREEN = BOARD["track"]["green"]
BASE_NAMES = {1: "first", 2: "second", 3: "third", 4: "home"}
DIE = range(1, 7)
SIXTH = Fraction(1, 6)

Odds = dict[str, Fraction]


# --- the rules of a race, shared by the simulator and the odds ---------------------------------


def reached(pos: int, base: int) -> bool:
    """A runner at `pos` is at `base` (or past it): the ball can no longer put him out there."""
    return pos >= base * SPACES


def slides_back(pos: int, base: int) -> bool:
    """The ball reaches `base` first while the runner is still on the green spaces past the base
    before it: Safety Zone, "This forces the runner to slide into the base. The runner is then
    safe" (at the base he left); in the red, Danger Zone: "The runner is out"."""
    return base >= 2 and pos - (base - 1) * SPACES <= GREEN


def error_base(pos: int) -> int:
    """Errors: "On an error, a runner can advance until the defensive throw reaches the base. If
    the runner reaches the danger zone toward the next base, the runner is automatically safe at
    that base": the base a runner at `pos` is safe at."""
    base = min(pos // SPACES, 3)
    if pos >= SPACES and pos % SPACES > GREEN:
        base += 1
    return base


def longest_hit(location: int) -> int:
    """The furthest base the batter may go for on a star: second on a short star, third on a
    deep one ("can also be doubles, sometimes triples")."""
    return 3 if location in DEEP_STARS else 2


def thrown_to_first(location: int) -> bool:
    """On a deep star the ball is never in time at first: the batter is not thrown at there."""
    return location not in DEEP_STARS


# --- exact odds, bases empty ------------------------------------------------------------------

HIT_NAMES = {1: "single", 2: "double", 3: "triple"}


def _add(total: Odds, odds: Mapping[str, Fraction], weight: Fraction) -> None:
    for outcome, p in odds.items():
        total[outcome] = total.get(outcome, Fraction(0)) + p * weight


@cache
def star_odds(location: int, target: int) -> Odds:
    """A hit to the star at `location`, the bases empty, the batter declaring he runs to base
    `target` (1 a single ... ): each outcome's exact probability. The batter rolls, then the ball
    (the outfielder's run and relays, `first` ... spaces); when it reaches the base he runs to
    before him he slides back from the green or is out in the red; once at the base he declared
    he stops."""
    need = BOARD["stars"][location]
    ceiling = max(need[BASE_NAMES[b]] for b in range(1, target + 1))

    @cache
    def before_roll(pos: int, ball: int, base: int) -> Odds:
        if reached(pos, base):
            if base == target:
                return {HIT_NAMES[base]: Fraction(1)}
            base += 1
        odds: Odds = {}
        for run in DIE:
            for throw in DIE:
                after, thrown = pos + run, min(ball + throw, ceiling)
                in_time = thrown >= need[BASE_NAMES[base]] and (base > 1 or thrown_to_first(location))
                if reached(after, base) or not in_time:
                    _add(odds, before_roll(after, thrown, base), SIXTH * SIXTH)
                elif slides_back(after, base):
                    _add(odds, {HIT_NAMES[base - 1]: Fraction(1)}, SIXTH * SIXTH)
                else:
                    _add(odds, {_out_at(base): Fraction(1)}, SIXTH * SIXTH)
        return odds

    return before_roll(0, 0, 1)


def _out_at(base: int) -> str:
    return f"out at {BASE_NAMES[base]}" if base == 1 else f"{HIT_NAMES[base - 1]}, out at {BASE_NAMES[base]}"


@cache
def cloud_odds(location: int) -> Odds:
    """A ground ball to the cloud at `location`, the bases empty: the batter runs to first (he
    cannot reach it on the first roll), the ball needs the cloud's `first`; a 1 on the defense's
    first roll and the batter safe is an error (Errors, conditions a and b), a two-base error
    when he reached the danger zone toward second."""
    need = BOARD["clouds"][location]["first"]

    @cache
    def before_roll(pos: int, ball: int, first_roll_one: bool) -> Odds:
        odds: Odds = {}
        for run in DIE:
            after = pos + run
            if reached(after, 1):
                safe = ("two-base error" if error_base(after) == 2 else "error") if first_roll_one else "infield hit"
                _add(odds, {safe: Fraction(1)}, SIXTH)
                continue
            for throw in DIE:
                one = throw == 1 if ball == 0 else first_roll_one
                if ball + throw >= need:
                    _add(odds, {"ground out": Fraction(1)}, SIXTH * SIXTH)
                else:
                    _add(odds, before_roll(after, ball + throw, one), SIXTH * SIXTH)
        return odds

    return before_roll(0, 0, False)


def ball_in_play_odds(location: int, target: int = 1) -> Odds:
    """The outcomes of a ball hit to `location` (1-36), the bases empty; `target`: on a star, the
    base the batter declares he runs to (no further than the star allows)."""
    if location in HOME_RUNS:
        return {"home run": Fraction(1)}
    if location in INFIELD_FLY_CIRCLES:
        return {"infield fly": Fraction(1)}
    if location in OUTFIELD_CIRCLES:
        return {"fly out": Fraction(1)}
    if location in CLOUDS:
        return cloud_odds(location)
    if location in STARS:
        return star_odds(location, min(target, longest_hit(location)))
    raise ValueError(f"no board location {location}: the hit dice give 1 to 36")


@cache
def location_odds() -> dict[int, Fraction]:
    """The Batter: one die for the number of dice, their sum the location."""
    odds: dict[int, Fraction] = {}
    sums = {0: Fraction(1)}
    for _count in DIE:
        following: dict[int, Fraction] = {}
        for total, p in sums.items():
            for face in DIE:
                following[total + face] = following.get(total + face, Fraction(0)) + p * SIXTH
        sums = following
        for total, p in sums.items():
            odds[total] = odds.get(total, Fraction(0)) + p * SIXTH
    return odds


@cache
def count_odds(balls: int = 0, strikes: int = 0) -> Odds:
    """How a plate appearance ends from the count, the batter swinging at every 6: the pitch
    die's 1 is a strike on a swing (the strikeout after two strikes), 2-3 a foul (a strike
    before two), 4-5 a ball (the walk at four), 6 the ball hit."""
    if balls == 4:
        return {"walk": Fraction(1)}
    if strikes == 2:
        # A foul leaves the count as it is: of the other four faces, 1 strikes out, 4-5 are balls.
        odds: Odds = {"strikeout": Fraction(1, 4), "in play": Fraction(1, 4)}
        _add(odds, count_odds(balls + 1, 2), Fraction(2, 4))
        return odds
    odds = {"in play": SIXTH}
    _add(odds, count_odds(balls, strikes + 1), Fraction(3, 6))
    _add(odds, count_odds(balls + 1, strikes), Fraction(2, 6))
    return odds


def plate_appearance_odds(balls: int = 0, strikes: int = 0, target: int = 1) -> Odds:
    """A plate appearance from the count, the bases empty: strikeout, walk, and each outcome of
    the ball in play over the board (`target`: the base the batter declares on a star)."""
    ends = count_odds(balls, strikes)
    odds = {end: p for end, p in ends.items() if end != "in play"}
    for location, p in location_odds().items():
        _add(odds, ball_in_play_odds(location, target), p * ends["in play"])
    return odds


def odds_rows(location: int | None, balls: int = 0, strikes: int = 0, target: int | None = None) -> list[dict]:
    """`scorebook odds`, bases empty: the outcomes of a ball hit to `location`, for each base the
    batter may declare on a star (or `target` alone); without a location, of the plate appearance
    from the count. Each with its exact fraction and its decimal (six places, as text: the same in
    every format), likeliest first."""
    if location is not None and location not in location_odds():
        raise ValueError(f"no board location {location}: the hit dice give 1 to 36")
    if location is None:
        tables = [(target or 1, plate_appearance_odds(balls, strikes, target or 1))]
    elif location in STARS:
        targets = [target] if target else range(1, longest_hit(location) + 1)
        tables = [(t, ball_in_play_odds(location, t)) for t in targets]
    else:
        tables = [(1, ball_in_play_odds(location))]
    return [
        {
            "runs to": BASE_NAMES[min(t, longest_hit(location) if location in STARS else 3)],
            "outcome": outcome,
            "fraction": str(p),
            "probability": f"{float(p):.6f}",
        }
        for t, odds in tables
        for outcome, p in sorted(odds.items(), key=lambda item: -item[1])
    ]


ODDS_COLUMNS = ("runs to", "outcome", "fraction", "probability")
