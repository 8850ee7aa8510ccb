"""Dice Baseball's rules, one per test, and its chart.

Every rejection asserts the line, the column and the rule named in the message."""

from __future__ import annotations

import pytest

from scorebook.engine import replay
from scorebook.games.dice_baseball import load_chart, parse_chart
from scorebook.notation import parse_game
from scorebook.problems import IllegalPlay
from scorebook.sim import simulate_game

from .conftest import HEADER

DB = HEADER.replace("rules=diceball", "rules=dice-baseball")


def last(body: str, header: str = DB):
    return replay(parse_game(header + body, "db.game")).facts[-1]


def rejected(body: str, line: int, col: int, words: str, header: str = DB) -> IllegalPlay:
    """The body's `line` (1-based within the body) is rejected at `col` naming `words`."""
    with pytest.raises(IllegalPlay) as caught:
        replay(parse_game(header + body, "db.game"))
    problem = caught.value
    at = header.count("\n") + line
    assert (problem.line, problem.col) == (at, col), str(problem)
    assert words in problem.message, str(problem)
    assert str(problem).startswith(f"db.game:{at}:{col}: "), str(problem)
    return problem


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
    rejected("top 1\nSO\nSO\nH3\n8* 3-H", 5, 4, "no run scores")


def test_a_sac_fly_scores_the_runner_from_third():
    fact = last("top 1\nH3\n8* 3-H")
    assert fact.sf and fact.rbi == 1


def test_runners_move_as_the_result_says():
    rejected("top 1\nH1\nH1 1-3", 3, 4, "write it alone")
    rejected("top 1\nH2\n8 2-3", 3, 3, "write it alone")


def test_no_errors_no_steals_no_bunts():
    rejected("top 1\nE6", 2, 1, "no errors")
    rejected("top 1\nH1\nSB2", 3, 1, "no stolen bases")
    rejected("top 1\nH1\nSH1-3", 3, 1, "no bunts")


# --- the end of the game: "keep going until one team is ahead at the end of an inning" --------

THREE_OUTS = "SO\nSO\nSO\n"


def innings(count: int) -> str:
    """`count` scoreless innings, both halves."""
    return "".join(f"top {n}\n{THREE_OUTS}bottom {n}\n{THREE_OUTS}" for n in range(1, count + 1))


def body_line(body: str) -> int:
    """The line of the body's next statement (1-based within the body)."""
    return body.count("\n") + 1


def test_a_tie_after_nine_goes_to_extra_innings():
    assert not replay(parse_game(DB + innings(9), "db.game")).state.over
    assert last(innings(9) + "top 10\nSO").inning == 10


def test_the_extra_inning_is_played_to_its_end_and_the_leader_then_wins():
    body = innings(9) + "top 10\nH4*\n" + THREE_OUTS + "bottom 10\nSO\nSO\n"
    assert not replay(parse_game(DB + body, "db.game")).state.over  # the home team bats for the tie
    state = replay(parse_game(DB + body + "SO\n", "db.game")).state
    assert state.over and state.score == (1, 0)
    rejected(body + "SO\ntop 11", body_line(body) + 1, 1, "the game is over")


def test_a_tie_after_an_extra_inning_plays_another():
    body = innings(9) + "top 10\nH4*\n" + THREE_OUTS + "bottom 10\nH4*\n" + THREE_OUTS
    assert last(body + "top 11\nSO").inning == 11


def test_the_home_team_ahead_after_the_top_of_the_ninth_does_not_bat():
    body = "top 1\n" + THREE_OUTS + "bottom 1\nH4*\n" + THREE_OUTS + innings(8)[len(innings(1)) :] + "top 9\n" + THREE_OUTS
    state = replay(parse_game(DB + body, "db.game")).state
    assert state.over and state.score == (0, 1)
    rejected(body + "bottom 9", body_line(body), 1, "the game is over")


def test_no_walk_off_the_home_team_bats_to_its_third_out():
    # Tied in the bottom of the 9th: the home run puts the home team ahead; its half goes on,
    # the next home run counts too, and only the third out ends the game.
    body = innings(8) + "top 9\n" + THREE_OUTS + "bottom 9\nH4*\n"
    fact = last(body)
    assert not fact.ends_game and fact.outs_after == 0
    body += "H4*\nSO\nSO\n"
    assert last(body).score_after == (0, 2) and not last(body).ends_game
    done = replay(parse_game(DB + body + "SO\n", "db.game"))
    assert done.state.over and done.facts[-1].ends_game and done.state.score == (0, 2)
    rejected(body + "SO\nSO", body_line(body) + 1, 1, "the game is over")


def test_no_walk_off_in_an_extra_inning_either():
    body = innings(9) + "top 10\n" + THREE_OUTS + "bottom 10\nH4*\nH1\n"
    assert last(body).score_after == (0, 1) and not last(body).ends_game


def test_the_hit_that_puts_the_home_team_ahead_keeps_the_charts_bases():
    # A walk-off single in real baseball (rule 9.06(f)); here the chart's double stands, the
    # runner from third scores, the batter stands on second and the half goes on.
    body = innings(8) + "top 9\n" + THREE_OUTS + "bottom 9\nH3 roll=44\n"
    fact = last(body + "H2* roll=11")
    assert fact.bases_after == (None, fact.batter, None) and fact.score_after == (0, 1) and not fact.ends_game
    rejected(body + "H1* roll=11", body_line(body), 5, "reads 1-1 as double: write H2")


def test_simulated_games_end_as_the_text_says():
    """Every simulated game ends at a third out: after the top of the 9th with the home team
    ahead, or after the bottom of an inning with a leader; some played on after the home team
    took the lead in the bottom of the 9th or later."""
    played_on = 0
    for seed in range(150):
        game = replay(parse_game(simulate_game(seed, "dice-baseball"), "sim.game"))
        end = game.facts[-1]
        away, home = end.score_after
        assert end.ends_game and end.outs_after == 3 and end.inning >= 9, seed
        assert home > away if end.half == 0 else home != away, seed
        played_on += any(f.half == 1 and f.inning >= 9 and f.score_after[1] > f.score_after[0] for f in game.facts[:-1])
    assert played_on


def test_the_roll_is_read_on_the_chart():
    assert last("top 1\nH4* roll=66").hit == 4
    problem = rejected("top 1\nH1 roll=66", 2, 4, "reads 6-6 as home run")
    assert problem.token == "roll=66"
    assert last("top 1\n8 roll=45").outs_after == 1  # the sac fly with nobody on third: a fly out
    rejected("top 1\nH3\n8 roll=52\n8* 3-H roll=52", 4, 8, "reads 5-2 as fly out")


def test_diceball_dice_are_not_dice_baseball_dice():
    rejected("top 1\nSO pitches=111", 2, 4, "belongs to another game's dice")


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
