"""Dice Baseball's rules, one per test, and its chart."""

from __future__ import annotations

import pytest

from scorebook.engine import replay
from scorebook.games.dice_baseball import load_chart, parse_chart
from scorebook.notation import parse_game
from scorebook.problems import IllegalPlay

from .conftest import HEADER

DB = HEADER.replace("rules=diceball", "rules=dice-baseball")


def last(body: str, header: str = DB):
    return replay(parse_game(header + body, "db.game")).facts[-1]


def rejected(body: str, words: str, header: str = DB) -> IllegalPlay:
    with pytest.raises(IllegalPlay) as caught:
        replay(parse_game(header + body, "db.game"))
    assert words in caught.value.message, str(caught.value)
    return caught.value


def test_a_single_moves_every_runner_up_one_and_a_double_two():
    assert last("top 1\nH2\nH1").bases_after == ("A2", None, "A1")
    assert last("top 1\nH1\nH2").bases_after == (None, "A2", "A1")


def test_a_triple_scores_every_runner():
    assert len(last("top 1\nH1\nBB\nH3**").runs) == 2


def test_a_ground_out_moves_every_runner_up_one():
    fact = last("top 1\nH2\n6-3")
    assert fact.bases_after == (None, None, "A1") and fact.outs_after == 1


def test_a_double_play_takes_the_runner_on_first():
    fact = last("top 1\nH1\n6-4-3")
    assert [o.player for o in fact.outs] == ["A1", "A2"] and fact.outs_after == 2


def test_with_nobody_on_first_the_double_play_takes_the_runner_closest_to_home():
    fact = last("top 1\nH2\nBB\n6-4-3")  # first and second: the runner on first is out
    assert [o.player for o in fact.outs] == ["A2", "A3"] and fact.bases_after == (None, None, "A1")
    fact = last("top 1\nH1\nH2\n6-4-3")  # second and third, nobody on first: the runner from third
    assert [o.player for o in fact.outs if not o.batter] == ["A1"] and fact.runs == ()


def test_with_nobody_on_the_double_play_is_one_out():
    assert last("top 1\n6-4-3").outs_after == 1


def test_no_runs_on_a_play_that_makes_the_third_out():
    assert last("top 1\nSO\nSO\nH3\n6-3").runs == ()
    assert last("top 1\nSO\nSO\nH3\n8").runs == ()
    rejected("top 1\nSO\nSO\nH3\n8* 3-H", "no run scores")


def test_a_sac_fly_scores_the_runner_from_third():
    fact = last("top 1\nH3\n8* 3-H")
    assert fact.sf and fact.rbi == 1


def test_runners_move_as_the_result_says():
    rejected("top 1\nH1\nH1 1-3", "write it alone")
    rejected("top 1\nH2\n8 2-3", "write it alone")


def test_no_errors_no_steals_no_bunts():
    rejected("top 1\nE6", "no errors")
    rejected("top 1\nH1\nSB2", "no stolen bases")
    rejected("top 1\nH1\nSH1-3", "no bunts")


def test_the_roll_is_read_on_the_chart():
    assert last("top 1\nH4* roll=66").hit == 4
    problem = rejected("top 1\nH1 roll=66", "reads 6-6 as home run")
    assert problem.col == 4 and problem.token == "roll=66"
    assert last("top 1\n8 roll=45").outs_after == 1  # the sac fly with nobody on third: a fly out
    rejected("top 1\nH3\n8 roll=52\n8* 3-H roll=52", "reads 5-2 as fly out")


def test_diceball_dice_are_not_dice_baseball_dice():
    rejected("top 1\nSO pitches=111", "belongs to another game's dice")


def test_a_lineup_of_any_size_up_to_nine():
    header = DB.replace(' "A4" "A5" "A6" "A7" "A8" "A9"', "").replace(' "H4" "H5" "H6" "H7" "H8" "H9"', "")
    fact = last("top 1\nSO\nSO\nSO\nbottom 1\nSO\nSO\nSO\ntop 2\nH1", header)
    assert fact.batter == "A1"


def test_a_league_chart_beside_the_game_file(tmp_path):
    chart = dict(load_chart())
    chart[6, 6] = "strikeout"
    lines = ["[chart]", *(f'"{a}-{b}" = "{v}"' for (a, b), v in chart.items())]
    (tmp_path / "house.toml").write_text("\n".join(lines))
    game = tmp_path / "g.game"
    game.write_text(DB.replace("innings=9", "innings=9 chart=house.toml") + "top 1\nSO roll=66\n")
    from typer.testing import CliRunner

    from scorebook.cli import app

    result = CliRunner().invoke(app, ["check", str(game)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("table", "words"),
    [({}, "[chart] table"), ({"chart": {"7-1": "single"}}, "low-high"), ({"chart": {"1-1": "bunt"}}, "one of")],
)
def test_a_bad_chart_is_named(table, words):
    with pytest.raises(ValueError) as caught:
        parse_chart(table)
    assert words in str(caught.value)


def test_a_chart_needs_every_roll():
    with pytest.raises(ValueError, match="no result for"):
        parse_chart({"chart": {"1-1": "single"}})
