"""`scorebook odds`: the exact figures of the races (bases empty), checked by hand where the dice
are few, and the simulator's races held to them zone by zone."""

from __future__ import annotations

import json
import math
from collections import Counter
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.games.diceball import CLOUDS, OUTFIELD_CIRCLES, STARS
from scorebook.games.diceball_races import (
    THROW_NAMES,
    Declared,
    Dice,
    Race,
    Start,
    ball_in_play_odds,
    cloud_odds,
    count_odds,
    location_odds,
    longest_hit,
    outcome_text,
    plate_appearance_odds,
    race_odds,
    runs_declared,
    star_odds,
)
from scorebook.sim.diceball import ManagerDecisions
from scorebook.sim.managers import Manager
from scorebook.sim.writer import GameWriter


def test_every_outcome_table_adds_up_to_one():
    assert sum(location_odds().values()) == 1
    for location in range(1, 37):
        for target in (1, 2, 3):
            assert sum(ball_in_play_odds(location, target).values()) == 1
    for balls in range(4):
        for strikes in range(3):
            assert sum(plate_appearance_odds(balls, strikes).values()) == 1


def test_a_ground_ball_to_the_pitcher_by_hand():
    # The ball needs 2: out unless the defense's first roll is a 1 (then any roll gets it there),
    # and on that 1 the batter's two rolls reach first (8 or more, 15/36) for an error, a
    # two-base error on 12 (1/36): "a 1 on the first roll" and "A runner reaches a base before".
    odds = cloud_odds(2)
    assert odds["error"] == Fraction(1, 6) * Fraction(14, 36)
    assert odds["two-base error"] == Fraction(1, 6) * Fraction(1, 36)
    assert odds["ground out"] == 1 - Fraction(1, 6) * Fraction(15, 36)
    assert "infield hit" not in odds


def test_star_14_the_rulebooks_numbers():
    # "The runner needs 8 to reach first base. The defense needs a total of 15": out about 2.5%
    # of the time when he runs to first only, the offense rolling first.
    single = star_odds(14, 1)
    assert set(single) == {"single", "out at first"}
    assert 0.025 < single["out at first"] < 0.026
    double = star_odds(14, 2)
    assert double["out at first"] == single["out at first"]
    assert double["double"] + double["single"] + double["single, out at second"] == single["single"]


def test_the_count_by_hand():
    # Full count: 1 strikes out, a foul changes nothing, 4-5 walk, 6 in play.
    assert count_odds(3, 2) == {"strikeout": Fraction(1, 4), "in play": Fraction(1, 4), "walk": Fraction(1, 2)}
    # 3-1: a strike (1-3) leaves 3-2, a ball (4-5) walks.
    assert count_odds(3, 1)["walk"] == Fraction(1, 3) + Fraction(1, 2) * Fraction(1, 2)


def test_the_odds_command():
    result = CliRunner().invoke(app, ["odds", "--location", "14", "--target", "1", "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = {row["outcome"]: row for row in json.loads(result.output)}
    assert Fraction(rows["out at first"]["fraction"]) == star_odds(14, 1)["out at first"]
    assert rows["single"]["probability"] == f"{float(star_odds(14, 1)['single']):.6f}"
    table = CliRunner().invoke(app, ["odds", "--count", "1-2"])
    assert table.exit_code == 0 and "strikeout" in table.output
    for wrong in (["--location", "40"], ["--count", "4-0"], ["--runners", "1,3", "--location", "14"]):
        refused = CliRunner().invoke(app, ["odds", *wrong])
        assert refused.exit_code == 1 and refused.output


# --- the simulator's races against the exact figures --------------------------------------


class Single(Manager):
    """The batter declares first base and stops there."""

    def keep_running(self, base, spaces, ball, s, rng):
        return False


class Furthest(Manager):
    """The batter runs for the furthest base the star allows."""

    def keep_running(self, base, spaces, ball, s, rng):
        return True


def simulated(location: int, manager: type[Manager], balls: int) -> Counter:
    """The outcomes of `balls` balls hit to `location` by the simulator's races (the one race
    implementation, its dice from the game's generator, the managers deciding), the bases
    empty, named as the odds name them."""
    writer = GameWriter("diceball", f"odds-{location}-{manager.__name__}", managers=(manager(), manager()))
    writer.emit("top 1")
    decisions = ManagerDecisions(writer)
    seen: Counter = Counter()
    for _ in range(balls):
        race = Race(Start((False, False, False)), Dice(iter(writer.die, None)), decisions)
        played = race.ground_ball(location) if location in CLOUDS else race.base_hit(location)
        end, out, _ = played.finals[0]
        seen[outcome(location, played.code, end if out else 0)] += 1
    return seen


def outcome(location: int, code: str, out_at: int) -> str:
    if code.startswith("2E"):
        return "two-base error"
    if code.startswith("E"):
        return "error"
    if not code.startswith("H"):
        return "ground out" if location in CLOUDS else "out at first"
    if location in CLOUDS:
        return "infield hit"
    hit = ("single", "double", "triple")[int(code[1]) - 1]
    return f"{hit}, out at {('second', 'third')[out_at - 2]}" if out_at else hit


def within_three_standard_errors(seen: Counter, exact: dict[str, Fraction], balls: int) -> list[str]:
    wrong = [f"{name} never happens but was seen {seen[name]} times" for name in seen if name not in exact]
    for name, p in exact.items():
        error = 3 * math.sqrt(float(p * (1 - p)) / balls)
        if abs(seen[name] / balls - float(p)) > error:
            wrong.append(f"{name}: {seen[name] / balls:.4f} seen, {float(p):.4f} exact (± {error:.4f})")
    return wrong


# Every zone the ball is raced on: the clouds, and each star with the batter stopping at first
# and going as far as it allows (the deep stars: third).
RACES = [(location, Single) for location in sorted(CLOUDS)] + [
    (location, manager) for location in sorted(STARS) for manager in (Single, Furthest)
]


@pytest.mark.slow
@pytest.mark.parametrize(("location", "manager"), RACES, ids=[f"{loc}-{m.__name__}" for loc, m in RACES])
def test_the_simulators_races_agree_with_the_odds(location: int, manager: type[Manager]):
    balls = 200_000 // len(RACES) + 1  # 200,000 balls in play over all the zones
    target = 1 if manager is Single else longest_hit(location)
    exact = ball_in_play_odds(location, target)
    assert within_three_standard_errors(simulated(location, manager, balls), exact, balls) == []


def test_the_short_stars_are_seldom_outs_at_first():
    # The figure: 8-22% outs at first on the short stars, bases empty, when the ball could
    # put out a batter who had already reached first. A quick run holds the fix.
    for location in (6, 14):
        balls = 3000
        seen = simulated(location, Single, balls)
        assert within_three_standard_errors(seen, star_odds(location, 1), balls) == []


# --- runners on base: the one race summed over every sequence of its dice -------------------


class DoublePlay(Manager):
    """The defense goes for second then first; runners tag up on a fly."""

    def throw(self, options, s, rng):
        return "second-first" if "second-first" in options else "first"

    def tag_up(self, base, s, rng):
        return True


def simulated_race(location: int, start: Start, balls: int) -> Counter:
    writer = GameWriter("diceball", f"race-{location}", managers=(DoublePlay(), DoublePlay()))
    writer.emit("top 1")
    decisions = ManagerDecisions(writer)
    seen: Counter = Counter()
    for _ in range(balls):
        race = Race(start, Dice(iter(writer.die, None)), decisions)
        played = race.ground_ball(location) if location in CLOUDS else race.fly_out(OUTFIELD_CIRCLES[location])
        seen[outcome_text(played)] += 1
    return seen


@pytest.mark.parametrize(
    ("location", "bases", "run", "throw"),
    [(10, (True, False, False), "", "21"), (12, (True, True, True), "", "21"), (19, (False, False, True), "3H", "")],
    ids=["double-play-at-10", "bases-loaded-at-12", "tag-up-at-19"],
)
def test_the_odds_with_runners_agree_with_the_simulator(location, bases, run, throw):
    start = Start(bases, 0)
    exact = race_odds(location, start, Declared(runs_declared(run), THROW_NAMES.get(throw), False))
    assert sum(exact.values()) == 1
    balls = 4000
    assert within_three_standard_errors(simulated_race(location, start, balls), exact, balls) == []


def test_a_ground_ball_to_the_pitcher_with_a_runner_on_first_by_hand():
    # The pitcher throws to first (2 needed): the batter is out unless the defense's first roll
    # is a 1 and the offense's two rolls (s) then take a runner to a base before the ball's next
    # roll: the runner from first (from 9) reaches second on 7 or more. Errors, "On an error, a
    # runner can advance until the defensive throw reaches the base. If the runner reaches the
    # danger zone toward the next base, the runner is automatically safe at that base": 11 or 12
    # take him into the red toward third (20, 21), 12 the batter too toward second.
    odds = race_odds(2, Start((True, False, False)), Declared({}, None, False))
    sixth, two_dice = Fraction(1, 6), {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}
    assert odds == {
        "1-3 1-2": 1 - sixth * sum(two_dice[s] for s in range(7, 13)),
        "E1 1-2": sixth * sum(two_dice[s] for s in range(7, 11)),
        "E1 1-3": sixth * two_dice[11],
        "2E1 1-3": sixth * two_dice[12],
    }


def test_the_odds_command_with_runners():
    result = CliRunner().invoke(app, ["odds", "--location", "10", "--runners", "1", "--throw", "21", "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = {row["outcome"]: Fraction(row["fraction"]) for row in json.loads(result.output)}
    assert rows == race_odds(10, Start((True, False, False)), Declared({}, "second-first", False))
    for wrong in (["--runners", "1", "--location", "14"], ["--runners", "4", "--location", "3"], ["--runners", "1", "--location", "3", "--throw", "H2"]):
        refused = CliRunner().invoke(app, ["odds", *wrong])
        assert refused.exit_code == 1 and refused.output, wrong
