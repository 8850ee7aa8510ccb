"""The races of a ball in play, as the rulebook plays them, on the board data
(`diceball_board.toml`): the runner's spaces to his base against the ball's, one die each in
turn, "The offense always rolls the die BEFORE the defense". The rules of the race are here once:
the simulator (`sim/diceball.py`) plays them die by die and `odds` sums them over every die.

Positions are spaces from home plate: first base is 8, second 16, third 24, home 32.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import NamedTuple, Protocol

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
            "runs to": BASE_NAMES[min(t, longest_hit(location) if location is not None and location in STARS else 3)],
            "outcome": outcome,
            "fraction": str(p),
            "probability": f"{float(p):.6f}",
        }
        for t, odds in tables
        for outcome, p in sorted(odds.items(), key=lambda item: -item[1])
    ]


ODDS_COLUMNS = ("runs to", "outcome", "fraction", "probability")


# --- the races played die by die: the simulator's and the engine's -----------------------------
#
# A race takes its dice from a `Dice` (the simulator's generator, or the dice a game file
# records) and asks a `Decisions` what the managers declare; it returns the `Outcome`. The
# simulator writes the outcome; the engine (games/diceball.py) compares it with the play written.

LEAD = BOARD["track"]["lead"]
CATCHER = BOARD["catcher"]
HOME = 4
FIRST_RED = GREEN + 1  # where a designated stealer starts when the ball is hit
THIRD_GREEN = GREEN  # where a regular stealer starts
BASE_NUMBERS = {name: base for base, name in BASE_NAMES.items()}
# The defense's declared throw as a game file writes it (`throw=2`, `throw=21`) and as the
# managers name it.
THROW_CODES = {
    "first": "1", "second": "2", "third": "3", "home": "H",
    "second-first": "21", "first-second": "12", "third-first": "31", "home-first": "H1",
}  # fmt: skip
THROW_NAMES = {code: name for name, code in THROW_CODES.items()}


class DiceRanOut(Exception):
    """The dice given end before the race does."""


class Dice:
    """The dice of a race in the order rolled; `rolled` keeps them to be written."""

    __slots__ = ("_next", "rolled")

    def __init__(self, source: Iterator[int]) -> None:
        self._next = source.__next__
        self.rolled: list[int] = []

    def __call__(self) -> int:
        try:
            die = self._next()
        except StopIteration:
            raise DiceRanOut from None
        self.rolled.append(die)
        return die


class Decisions(Protocol):
    """What the managers declare during a race (the simulator's managers, or what a game file
    records: `run=`, `throw=`)."""

    def run_on_ground_ball(self, base: int) -> bool: ...
    # `at`: the base the runner from `base` has reached (his own, before the first roll).
    def keep_running(self, base: int, at: int, spaces: int, ball: int) -> bool: ...
    def throw(self, options: dict[str, tuple[int, int]]) -> str: ...
    def tag_up(self, base: int) -> bool: ...


class Start(NamedTuple):
    """What a race starts from: which bases are taken (and by the designated base stealer),
    the outs, and where each runner stands (base -> spaces past it, LEAD by default)."""

    bases: tuple[bool, bool, bool]
    outs: int = 0
    designated: tuple[bool, bool, bool] = (False, False, False)
    starts: Mapping[int, int] = {}


class Outcome(NamedTuple):
    """A race's result: the play's code, where each runner ends (start base -> (end base,
    out, fielders); the batter is 0), where the defense threw ("" for nowhere) and whether it
    was asked, and the base each runner the offense was asked about declared he runs to."""

    code: str
    finals: dict[int, tuple[int, bool, tuple[int, ...]]]
    thrown: str = ""
    throw_declared: bool = False
    declared: Mapping[int, int] = {}


def default_throw(options: Mapping[str, tuple[int, int]], star: bool) -> str:
    """The throw a game file need not write: on a ground ball to first, on a hit to the lead
    runner's base."""
    return max(options, key=list(THROW_CODES).index) if star else "first"


def coverer(base: int, fielder: int) -> int:
    """Who takes the throw at a base: 1B at first, SS or 2B at second, 3B at third, C at home."""
    if base == 2:
        return 6 if fielder in (1, 3, 4) else 4
    return {1: 3, 3: 5, HOME: 2}[base]


def chain(*fielders: int) -> tuple[int, ...]:
    """A throw sequence without a fielder repeated back to back (`3` for 1B unassisted)."""
    out: list[int] = []
    for f in fielders:
        if not out or out[-1] != f:
            out.append(f)
    return tuple(out)


@dataclass(slots=True)
class Racer:
    start: int  # 0 the batter, 1-3 a runner
    pos: int
    target: int  # the base he runs to; his start base when he holds
    running: bool
    forced: bool = False
    out_at: int = 0
    fielders: tuple[int, ...] = field(default=())

    @property
    def reached(self) -> bool:
        return reached(self.pos, self.target)

    def final(self) -> tuple[int, bool, tuple[int, ...]]:
        """Where he ends: out where he was put out, else at the base he was running to."""
        if self.out_at:
            return self.out_at, True, self.fielders
        return self.target, False, ()




class Race:
    """One race on the board: `dice` rolls, `decide` answers the managers' declarations."""

    def __init__(self, start: Start, dice: Dice, decide: Decisions) -> None:
        self.start, self.die, self.decide = start, dice, decide
        self.declared: dict[int, int] = {}  # runner (start base) -> the base he declared he runs to
        self.throw_declared = False

    def outcome(self, code: str, racers: list[Racer], thrown: str = "") -> Outcome:
        return Outcome(code, {r.start: r.final() for r in racers}, thrown, self.throw_declared, self.declared)

    def keep_running(self, racer: Racer, at: int, spaces: int, ball: int) -> bool:
        goes = self.decide.keep_running(racer.start, at, spaces, ball)
        self.declared[racer.start] = at + goes
        return goes

    def thrown_to(self, options: dict[str, tuple[int, int]], star: bool) -> str:
        """The defense's choice among `options`; it is written (`throw=`) when not the default."""
        name = self.decide.throw(options)
        self.throw_declared = name != default_throw(options, star)
        return name

    def runners(self) -> list[Racer]:
        """The batter and the runners on base, the ones forced to run marked."""
        racers = [Racer(0, 0, 1, True, forced=True)]
        forced = True
        for base, taken in enumerate(self.start.bases, start=1):
            if not taken:
                forced = False
                continue
            start = base * SPACES + self.start.starts.get(base, LEAD)
            racers.append(Racer(base, start, base + 1 if forced else base, forced, forced=forced))
        return racers

    # --- flies --------------------------------------------------------------------------

    def fly_out(self, glove: int, tag: bool = True) -> Outcome:
        """Advancing on a Fly-Out: the runner goes back to his base, then two dice: 8 or more
        is safe; else the outfielder rolls two dice for the distance to that base; then one
        die each in turn. Only when the fly is not the third out; runners already running
        go back ("The right to move ahead on a fly-out is lost", `tag` False)."""
        bases = self.start.bases
        candidate = next((b for b in (3, 2, 1) if bases[b - 1] and (b == 3 or not bases[b])), 0)
        if not tag or self.start.outs == 2 or not candidate:
            return Outcome(str(glove), {})
        tags = self.decide.tag_up(candidate)
        self.declared[candidate] = candidate + tags
        if not tags:
            return self.outcome(str(glove), [])
        target = candidate + 1
        needed = BOARD["flies"][glove][BASE_NAMES[target]]
        pos, ball = self.die() + self.die(), 0
        if pos < SPACES:
            ball = self.die() + self.die()
            while ball < needed and pos < SPACES:
                pos += self.die()
                if pos < SPACES:
                    ball += self.die()
        racer = Racer(candidate, 0, target, True)
        if pos < SPACES:
            racer.out_at, racer.fielders = target, chain(glove, coverer(target, glove))
        return self.outcome(str(glove), [racer], BASE_NAMES[target] if pos < SPACES else "")

    # --- ground balls -------------------------------------------------------------------------

    def ground_ball(self, location: int) -> Outcome:
        """The Ball is Hit to a Cloud: the offense says who runs and rolls first; the defense
        then says where it throws ("The defense must announce its decision BEFORE rolling the
        die") and the ball travels the relay; a 1 on the defense's first roll and a runner
        safe before the ball is an error."""
        cloud = BOARD["clouds"][location]
        glove = cloud["fielder"]
        racers = self.runners()
        ahead_runs = True  # the base ahead of the runner deciding is free or its runner runs
        for racer in reversed(racers[1:]):
            ahead_free = racer.start == 3 or not self.start.bases[racer.start]
            if not racer.forced and (ahead_free or ahead_runs) and (racer.pos % SPACES > GREEN or self.runs(racer)):
                racer.target, racer.running = racer.start + 1, True
            ahead_runs = racer.running
        plan: list[tuple[int, int]] = []
        thrown = ""
        ball, step, error_chance = 0, 0, False
        while True:
            roll = self.die()
            arrived = []
            for racer in racers:
                if racer.running and not racer.out_at:
                    racer.pos += roll
                    if racer.reached:
                        arrived.append(racer)
            if arrived and error_chance and step == 0:
                return self.error(glove, racers, thrown)
            for racer in arrived:
                racer.running = False
                racer.pos = racer.target * SPACES
            if not any(r.running for r in racers):
                break
            roll = self.die()
            if not plan:  # the batter cannot reach first on the offense's first roll
                thrown, plan = self.ground_plan(cloud, racers)
                error_chance = roll == 1
            ball += roll
            while step < len(plan) and ball >= plan[step][1]:
                base = plan[step][0]
                victim = next((r for r in racers if r.running and r.target == base and not r.reached), None)
                if victim:
                    self.tag(victim, racers, chain(glove, *(coverer(b, glove) for b, _ in plan[: step + 1])))
                step += 1
            if step == len(plan):
                break
        return self.ground_result(glove, racers, thrown)

    def runs(self, racer: Racer) -> bool:
        """The offense declares whether a runner not forced runs on the ground ball."""
        runs = self.decide.run_on_ground_ball(racer.start)
        self.declared[racer.start] = racer.start + runs
        return runs

    def ground_plan(self, cloud: dict, racers: list[Racer]) -> tuple[str, list[tuple[int, int]]]:
        """Where the defense throws, in order, with the total the ball needs for each: at the
        batter, at a runner (Non-Forced Out: "throwing the ball to the base that the runners
        are trying to reach"; A Throw to Home Plate), or a double play with the rulebook's
        totals (Double Play; 1B: "first to first base and then to second base. A total of 6",
        "first to second base and then to first base. A total of 7")."""
        chasing = {r.target: r for r in racers if r.running and not r.reached}
        plans = {BASE_NAMES[base]: [(base, cloud[BASE_NAMES[base]])] for base in chasing}
        forced = {r.start for r in racers if r.forced and r.running and not r.reached}
        if self.start.outs < 2 and 0 in forced and 1 in forced:
            for name, total in cloud["double_play"].items():
                first, second = (BASE_NUMBERS[b] for b in name.split("-"))
                if first - 1 in forced:  # the runner forced to the first base thrown to
                    plans[name] = [(first, cloud[BASE_NAMES[first]]), (second, total)]
        if len(plans) == 1:
            return "first", plans["first"]
        # Each: (what the ball needs to finish it, what the first runner thrown at still needs).
        options = {name: (plan[-1][1], plan[0][0] * SPACES - chasing[plan[0][0]].pos) for name, plan in plans.items()}
        name = self.thrown_to(options, False)
        return name, plans[name]

    def tag(self, racer: Racer, racers: list[Racer], fielders: tuple[int, ...]) -> None:
        """The ball reaches the base `racer` runs to before him. Safety Zone: "The defense may
        throw the ball to a base when the runner is on the green spaces. This forces the runner
        to slide into the base. The runner is then safe" (back at the base he left, if no
        runner behind him is taking it); Danger Zone: in the red "The runner is out"."""
        base = racer.target
        behind_free = all(r.target < base - 1 for r in racers if r.start < racer.start and not r.out_at)
        if slides_back(racer.pos, base) and behind_free:
            racer.target, racer.running, racer.pos = base - 1, False, (base - 1) * SPACES
        else:
            racer.out_at, racer.running, racer.fielders = base, False, fielders

    def error(self, glove: int, racers: list[Racer], thrown: str) -> Outcome:
        """Errors: "On an error, a runner can advance until the defensive throw reaches the
        base. If the runner reaches the danger zone toward the next base, the runner is
        automatically safe at that base." Everybody is safe."""
        behind = 0
        for racer in racers:
            if racer.out_at:
                racer.out_at, racer.fielders = 0, ()
            base = max(error_base(racer.pos), racer.target if racer.running else racer.start, behind + 1)
            if racer.start == 0:
                base = min(base, 2)
            racer.target, racer.running, racer.pos = min(base, HOME), True, min(base, HOME) * SPACES
            behind = racer.target
        return self.outcome(f"{'2' if racers[0].target == 2 else ''}E{glove}", racers, thrown)

    def ground_result(self, glove: int, racers: list[Racer], thrown: str) -> Outcome:
        """The batter out, a fielder's choice (a runner out, or the defense throwing at a
        runner: "The batter then gets to first base without having to throw the die"), or the
        infield hit: the batter beat the throw to first."""
        batter = racers[0]
        if batter.out_at:
            code = "-".join(map(str, batter.fielders))
            batter.fielders = ()
        elif not thrown.startswith("first") or any(r.out_at for r in racers):
            code = "FC"
        else:
            # The Infield Hit: the batter stays at first; "they can advance safely to the next base".
            for racer in racers[1:]:
                racer.target, racer.running = racer.start + 1, True
            code = "H1"
        return self.outcome(code, racers, thrown)

    # --- hits to the stars ----------------------------------------------------------------------

    def base_hit(self, location: int) -> Outcome:
        """The Ball is Hit to a Star-Shaped Zone: the runners go base by base, deciding before
        each roll whether to go on; the outfielder runs to the ball and relays it; a runner in
        the danger zone when the ball reaches his base is out; on the green he slides back,
        and the others are safe where they were going. The batter goes no further than second
        on a short star and third on a deep one (a home run is only 27-36)."""
        star = BOARD["stars"][location]
        racers = self.runners()
        for racer in racers:
            racer.running, racer.target = True, racer.start + 1
        self.hold(racers, star)
        ball, thrown = 0, ""
        while True:
            self.go_on(racers, star, ball, longest_hit(location))
            if not any(r.running for r in racers):
                break
            roll = self.die()
            for racer in racers:
                if racer.running:
                    racer.pos += roll
                    if racer.pos >= HOME * SPACES:
                        racer.pos, racer.target, racer.running = HOME * SPACES, HOME, False
            if not any(r.running for r in racers):
                break
            ball += self.die()
            thrown = self.throw(racers, star, ball, location)
            if thrown:
                break
        batter = racers[0]
        if batter.out_at == 1:
            code, batter.fielders = "-".join(map(str, batter.fielders)), ()
        else:
            code = f"H{batter.out_at - 1 if batter.out_at else batter.target}"
        return self.outcome(code, racers, thrown)

    def hold(self, racers: list[Racer], star: dict) -> None:
        """Safety Zone: "The offense must declare who will run and who won't before rolling the
        die": a runner not forced, on the green past his base, may hold there if no runner
        behind him is taking it. Declared once, before the first roll, lead runner first."""
        for racer in sorted(racers, key=lambda r: -r.start):
            if (
                not racer.forced
                and racer.pos - racer.start * SPACES <= GREEN
                and all(r.target < racer.start for r in racers if r.start < racer.start)
                and not self.keep_running(racer, racer.start, racer.target * SPACES - racer.pos, star[BASE_NAMES[racer.target]])
            ):
                racer.target, racer.running, racer.pos = racer.start, False, racer.start * SPACES

    def go_on(self, racers: list[Racer], star: dict, ball: int, longest: int) -> None:
        """A runner who has reached his base may stop there (even when the last roll carried him
        past it) or go for the next if the runner ahead is not in the way. Lead runner first;
        `block` is the first base the next runner may not run to."""
        block = HOME + 1
        for racer in sorted(racers, key=lambda r: -r.start):
            if racer.out_at:
                continue
            if racer.running and racer.reached:
                base, nxt = racer.target, racer.target + 1
                limit = longest if racer.start == 0 else HOME
                ball_needs = star[BASE_NAMES[nxt]] - ball if nxt <= HOME else 0
                if nxt < block and nxt <= limit and self.keep_running(racer, base, nxt * SPACES - racer.pos, ball_needs):
                    racer.target = nxt
                else:
                    racer.running, racer.pos = False, base * SPACES
            block = HOME + 1 if racer.target == HOME else racer.target

    def throw(self, racers: list[Racer], star: dict, ball: int, location: int) -> str:
        """When the ball can reach a base a runner is heading for before him, it goes there (the
        defense's choice when it can reach more than one; "The infielder then throws the ball
        to the appropriate base") and the play ends: the runner is tagged or slides back, and
        the other runners are safe at the base they were running to. A runner already at his
        base, who has not yet said whether he goes on, cannot be put out there. Returns the
        base thrown to ("" for none yet)."""
        fielder = star["fielder"]
        reachable = [
            r
            for r in racers
            if r.running
            and not r.reached
            and (r.target > 1 or thrown_to_first(location))
            and ball >= star[BASE_NAMES[r.target]]
        ]
        if not reachable:
            return ""
        racer = reachable[0]
        if len(reachable) > 1:
            options = {BASE_NAMES[r.target]: (0, r.target * SPACES - r.pos) for r in reachable}
            racer = reachable[list(options).index(self.thrown_to(options, True))]
        thrown = BASE_NAMES[racer.target]
        self.tag(racer, racers, chain(fielder, coverer(racer.target, fielder)))
        for other in racers:
            other.running = False
        return thrown

    # --- steals -------------------------------------------------------------------------

    def steal(self, stealers: list[int], regular: bool = False) -> tuple[bool, bool]:
        """The Regular Stolen Base: from the third green space with one die, 5 or 6 is safe;
        else the catcher needs 4, and they roll in turn. The designated stealer starts from the
        first green space with two dice (7 or more is safe). On a double steal the catcher
        throws to the lead runner; only he can be put out ("If the designated base stealer is
        on second base, two dice are used for both runners"). Returns (two dice, caught)."""
        lead = max(stealers)
        two_dice = not regular and self.start.designated[lead - 1] and (len(stealers) == 1 or lead == 2)
        pos = LEAD if two_dice else THIRD_GREEN
        pos += self.die() + self.die() if two_dice else self.die()
        ball = 0
        while pos < SPACES:
            ball += self.die()
            if ball >= CATCHER["throw"]:
                break
            pos += self.die()
        return two_dice, pos < SPACES

    # --- bunts ----------------------------------------------------------------------------------

    def catcher_to_first(self, batter: Racer) -> None:
        """A bunted ball on the catcher's mitt: he needs 4 to first, the batter rolls in turn
        (his first roll already made)."""
        ball = 0
        while batter.pos < SPACES:
            ball += self.die()
            if ball >= CATCHER["first"]:
                batter.out_at, batter.fielders = 1, (2, 3)
                return
            batter.pos += self.die()

    def bunt_code(self, racers: list[Racer]) -> str:
        """The batter out at first is a sacrifice when a runner moved up with fewer than two
        outs (official rule 9.08(a)), else a ground out; safe, a single."""
        batter = racers[0]
        if not batter.out_at:
            return "H1"
        batter.fielders = ()
        moved = any(r.target > r.start and not r.out_at for r in racers[1:])
        return "SH2-3" if moved and self.start.outs < 2 else "2-3"

    def bunt(self) -> Outcome:
        """The Sacrifice Bunt, a good bunt: the ball on the catcher's mitt, the runners from
        the first red space, one die; if they reach their bases the catcher throws to first.
        A runner on third goes home only when the runner from second comes to third."""
        racers = Race(self.start._replace(starts={1: FIRST_RED, 2: FIRST_RED, 3: LEAD}), self.die, self.decide).runners()
        second_taken = self.start.bases[1]
        for racer in racers[1:]:
            goes = racer.start < 3 or second_taken
            racer.target, racer.running = (racer.start + 1, True) if goes else (racer.start, False)
        roll = self.die()
        for racer in racers:
            if racer.running:
                racer.pos += roll
        self.catcher_to_first(racers[0])
        return self.outcome(self.bunt_code(racers), racers, "first")

    def squeeze_run(self) -> tuple[list[Racer], bool]:
        """The Suicide Bunt: "The offense rolls one die to move the runner from third base to
        home plate" (the other runners "all run at the same speed"). Returns the racers and
        whether the runner from third is in the danger zone."""
        racers = self.runners()
        run = self.die()
        for racer in racers[1:]:
            racer.pos, racer.target = racer.pos + run, racer.start + 1
        return racers, racers[-1].pos - 3 * SPACES > GREEN

    def good_squeeze(self, racers: list[Racer], in_red: bool) -> Outcome:
        """A good bunt, the ball on the catcher's mitt. The runner still on the green goes back
        and the batter runs: "The defense needs a roll of 4 or more to complete the out". In
        the red, the offense rolls again and the batter starts running; the runner from third
        short of home is thrown at ("rolling a 2 or more", then as on a strike) and the batter
        "is automatically safe"; home, the catcher "can try to get the runner out at first"."""
        batter, runner = racers[0], racers[-1]
        if not in_red:
            for racer in racers[1:]:
                racer.target, racer.pos = racer.start + racer.forced, racer.start * SPACES + LEAD
            batter.pos = self.die()
            self.catcher_to_first(batter)
            return self.outcome(self.bunt_code(racers), racers, "first")
        roll = self.die()
        batter.pos = roll
        runner.pos += roll
        if runner.pos >= HOME * SPACES:
            self.catcher_to_first(batter)
            return self.outcome(self.bunt_code(racers), racers, "first")
        if not self.beats_the_tag(runner):
            runner.out_at, runner.fielders = HOME, (2,)
        return self.outcome("FC", racers, "home")

    def beats_the_tag(self, runner: Racer) -> bool:
        """The runner from third short of home, the ball on the catcher's mitt: "the defense
        needs a roll of 2 or more to complete the out ... If the defense rolls a 1, the offense
        rolls again; runners that fail to reach home plate on that roll are automatically out"."""
        if self.die() == 1:
            runner.pos += self.die()
        return runner.pos >= HOME * SPACES


def running_starts(
    start: Start, stealing: tuple[int, ...] = (), hit_and_run: tuple[int, ...] = (), full_count: bool = False
) -> dict[int, int]:
    """Where runners already running when the ball is hit stand (base -> spaces past it).
    Full Count, Two Outs: "every runner can be placed on the third green space past the base";
    Hit-and-Run: "The runner or runners are placed on the third green space"; a steal on: the
    designated base stealer "is spotted on the first red space", a regular stealer "starts
    from the third green space"."""
    starts = {b: THIRD_GREEN for b in (1, 2, 3) if start.bases[b - 1] and (full_count or b in hit_and_run)}
    starts.update({b: FIRST_RED if start.designated[b - 1] else THIRD_GREEN for b in stealing})
    return starts


def run_annotation(outcome: Outcome, star: bool) -> str:
    """`run=`: the runners whose declared base is not the default, as `start` `base` pairs
    (`run=B2,1H`; B the batter, H home). The default: on a hit each goes one base (the batter
    to first); on a ground ball or a fly a runner not forced stays."""
    pairs = [
        f"{RUN_CHARS[start]}{RUN_CHARS[base]}"
        for start, base in sorted(outcome.declared.items())
        if base != (start + 1 if star else start)
    ]
    return f"run={','.join(pairs)}" if pairs else ""


RUN_CHARS = "B123H"


class RaceProblem(Exception):
    """A declaration the race cannot take; raised as an IllegalPlay at the annotation."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key, self.message = key, message


class Declared:
    """The declarations a game file records, answering the race's questions: `run=` the base
    each runner declared he runs to (a hit: one base by default, the batter to first; a
    ground ball or a fly: a runner not forced stays), `throw=` the defense's throw (a ground
    ball: to first by default; a hit: the lead runner's base)."""

    def __init__(self, run: dict[int, int], throw: str | None, star: bool) -> None:
        self.run, self.throw_name, self.star = run, throw, star
        self.asked: set[int] = set()

    def _runs_to(self, base: int, default: int) -> int:
        self.asked.add(base)
        return self.run.get(base, default)

    def run_on_ground_ball(self, base: int) -> bool:
        return self._runs_to(base, base) > base

    def keep_running(self, base: int, at: int, spaces: int, ball: int) -> bool:
        return self._runs_to(base, base + 1) > at

    def tag_up(self, base: int) -> bool:
        return self._runs_to(base, base) > base

    def throw(self, options: dict[str, tuple[int, int]]) -> str:
        if self.throw_name is None:
            return default_throw(options, self.star)
        if self.throw_name not in options:
            may = ", ".join(f"`throw={THROW_CODES[o]}`" for o in options)
            raise RaceProblem("throw", f"the ball cannot go to {self.throw_name} on this play; it may go: {may}")
        return self.throw_name


def runs_declared(value: str | None) -> dict[int, int]:
    return {RUN_CHARS.index(pair[0]): RUN_CHARS.index(pair[1]) for pair in value.split(",")} if value else {}


# --- exact odds with runners on base: every sequence of dice the one race can take -------------


def outcome_text(outcome: Outcome, fielders: bool = False) -> str:
    """A race's outcome as a game file writes it: its code, then each runner's move (`1X2`,
    `3-H`; with `fielders`, an out's throws: `1X2(6-4)`) and the batter's where the code does
    not say it (`B-2` on a single)."""
    code = outcome.code
    batter = 1 if code[:1] in ("F", "E") or code == "H1" else int(code[1]) if code[:1] == "H" else 0
    if code.startswith("2E"):
        batter = 2
    tokens = [code]
    for start, (end, out, throws) in sorted(outcome.finals.items()):
        if (start == 0 and (out or end == batter)) or (start and not out and end == start):
            continue
        thrown = f"({'-'.join(map(str, throws))})" if out and fielders else ""
        tokens.append(f"{RUN_CHARS[start]}{'X' if out else '-'}{RUN_CHARS[end]}{thrown}")
    return " ".join(tokens)


RACED_LOCATIONS = "a cloud (a ground ball) or an outfield circle (a fly, the runner tagging up)"


def race_odds(location: int, start: Start, decide: Decisions) -> Odds:
    """The exact odds of each outcome of the race at `location`, a cloud or an outfield
    circle, from `start` (runners and outs) with the declarations `decide` answers: the race
    played on every sequence of dice it can take, each die it asks for branching six ways
    (the same `Race` the simulator and the engine play)."""
    if location not in CLOUDS and location not in OUTFIELD_CIRCLES:
        raise ValueError(f"with runners on base the odds are summed for {RACED_LOCATIONS}, not {location}")
    odds: Odds = {}
    prefixes: list[tuple[int, ...]] = [()]
    while prefixes:
        prefix = prefixes.pop()
        race = Race(start, Dice(iter(prefix)), decide)
        try:
            played = race.ground_ball(location) if location in CLOUDS else race.fly_out(OUTFIELD_CIRCLES[location])
        except DiceRanOut:
            prefixes.extend((*prefix, face) for face in DIE)
            continue
        name = outcome_text(played)
        odds[name] = odds.get(name, Fraction(0)) + SIXTH ** len(prefix)
    return odds


def race_odds_rows(location: int, start: Start, decide: Decisions, declared: str) -> list[dict]:
    """`scorebook odds` with runners on base: each outcome, its fraction and decimal."""
    return [
        {"runs to": declared, "outcome": outcome, "fraction": str(p), "probability": f"{float(p):.6f}"}
        for outcome, p in sorted(race_odds(location, start, decide).items(), key=lambda item: -item[1])
    ]
