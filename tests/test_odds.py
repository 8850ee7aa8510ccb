"""`scorebook odds`: the exact figures of the races (bases empty), checked by hand where the dice
are few."""

from __future__ import annotations

import json
from fractions import Fraction

from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.games.diceball_races import (
    ball_in_play_odds,
    cloud_odds,
    count_odds,
    location_odds,
    plate_appearance_odds,
    star_odds,
)


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
    for wrong in (["--location", "40"], ["--count", "4-0"], ["--runners", "1,3", "--location", "3"]):
        refused = CliRunner().invoke(app, ["odds", *wrong])
        assert refused.exit_code == 1 and refused.output
