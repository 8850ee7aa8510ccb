"""Real baseball (`rules=baseball`): what it adds to the notation, and Diceball still refusing it."""

from __future__ import annotations

import pytest

from scorebook.problems import IllegalPlay
from scorebook.reports.box import box_score
from scorebook.reports.playbyplay import describe

from .conftest import HEADER, play

BASEBALL = HEADER.replace("rules=diceball", "rules=baseball")


def last(body: str, header: str = BASEBALL):
    return play(body, header).facts[-1]


def test_hit_by_pitch_is_no_at_bat_and_forces_runners():
    fact = last("top 1\nBB\nHP")
    assert fact.hbp and not fact.ab and fact.bases_after == ("A2", "A1", None)
    assert last("top 1\nBB\nBB\nBB\nHP*").rbi == 1


def test_catchers_interference_charges_the_catcher():
    fact = last("top 1\nCI")
    assert not fact.ab and fact.errors == (2,) and fact.bases_after == ("A1", None, None)


def test_a_dropped_third_strike_lets_the_batter_run():
    fact = last("top 1\nSO B-1")
    assert fact.so and fact.outs_after == 0 and fact.bases_after == ("A1", None, None)


def test_runners_move_on_wild_pitches_balks_and_passed_balls():
    fact = last("top 1\nH2\nWP 2-3")
    assert fact.bases_after == (None, None, "A1") and fact.outs_after == 0
    runs = last("top 1\nH3\nPB 3-H").runs
    assert [(r.runner, r.earned, r.rbi) for r in runs] == [("A1", False, False)]  # a passed ball's run is unearned
    assert [r.earned for r in last("top 1\nH3\nBK 3-H").runs] == [True]


def test_a_passed_ball_is_charged_to_the_catcher_but_is_no_error():
    # Official rule 9.13: a passed ball is not an error; rule 9.16 only reconstructs it away.
    game = play("top 1\nH1\nPB 1-2\nPB 2-3\nH1 3-H(E8)", BASEBALL)
    assert [fact.errors for fact in game.facts[2:]] == [(), (), (8,)]
    assert box_score(game).linescore[1].E == 1
    assert [r.earned for r in game.facts[-1].runs] == [False]  # he would be on first: PB, PB, and the E8


# --- earned runs (official rule 9.16: the inning reconstructed without errors and passed balls) ---


def runs_of(body: str) -> list[tuple[str, str, bool]]:
    """Every run of the game: runner, pitcher charged, earned (late credits applied)."""
    return [(r.runner, r.pitcher, r.earned) for f in play(body, BASEBALL).facts for r in f.runs]


def test_a_run_that_scores_before_the_throwing_error_is_earned():
    # Only the batter's extra base is on the error; the runner from first scored on the double.
    assert runs_of("top 1\nBB\nSO\nH2* 1-H B-3(E6)\n8\nSO") == [("A1", "HP", True)]


@pytest.mark.parametrize("pitch", ["PB", "WP"])
def test_a_base_taken_on_a_passed_ball_makes_no_out(pitch: str):
    # Two outs; the runners move up on the pitch; the walk loads the bases anyway (it forces
    # them up in the reconstruction too): all four runs of the grand slam are earned.
    body = f"top 1\nSO\nSO\nHP\nH1 1-2\n{pitch} 2-3 1-2\nBB\nH4****\nSO"
    assert [earned for *_, earned in runs_of(body)] == [True] * 4


def test_the_third_out_an_error_cost_leaves_every_later_run_unearned():
    # Rule 9.16(a) Comment (1): two out, C reaches on an error, D and E homer: no run earned.
    assert [earned for *_, earned in runs_of("top 1\nSO\nSO\nE6\nH4**\nH4*\nSO")] == [False] * 3


def test_catchers_interference_is_no_out_but_its_runner_scores_unearned():
    # Rule 9.16(a) Comment (4): two out, A reaches on catcher's interference, B homers: B's run is
    # earned (the scorer may not assume A would have made the third out), A's is not.
    assert runs_of("top 1\nSO\nSO\nCI\nH4**\nSO") == [("A3", "HP", False), ("A4", "HP", True)]


def test_a_relief_pitcher_has_no_benefit_of_the_chances_missed_before_him():
    # Rule 9.16(i): two out, A3 walks, A4 reaches on an error (the third out, without it); R1
    # relieves and A5 homers. HP's two runs are unearned; A5's, charged to R1, is earned for him.
    body = 'top 1\nSO\nSO\nBB\nE6\npitcher home "R1"\nH4***\nSO'
    assert runs_of(body) == [("A3", "HP", False), ("A4", "HP", False), ("A5", "R1", True)]


def test_an_inherited_runner_is_earned_for_the_pitcher_who_put_him_on():
    # Rule 9.16(g): A1 walks off HP; under R1, A2 reaches on an error (an out, without it: A1 to
    # second) and A3 homers. A1's run is HP's and earned; A2's is R1's and unearned.
    body = 'top 1\nBB\npitcher home "R1"\nE6\nH4***'
    assert runs_of(body) == [("A1", "HP", True), ("A2", "R1", False), ("A3", "R1", True)]


def test_a_steals_own_base_counts_before_the_throwing_error():
    # A1 steals second and takes third on the catcher's throw: he is on second in the
    # reconstruction, where a double scores him but a single does not.
    assert runs_of("top 1\nH1\nSB2 1-3(E2)\nSO\nSO\nH2* 3-H") == [("A1", "HP", True)]
    assert runs_of("top 1\nH1\nSB2 1-3(E2)\nSO\nSO\nH1* 3-H\nSO") == [("A1", "HP", False)]


def test_a_runner_saved_by_an_error_would_have_been_out():
    # Rule 9.16(c): caught stealing but safe on the error, with two out: the third out.
    assert runs_of("top 1\nSO\nSO\nH1\nCS2(2-6) 1-2(E6)\nH4**") == [("A3", "HP", False), ("A4", "HP", False)]
    # The runner a fielder's choice throws for, safe on the error, would have been out there.
    assert runs_of("top 1\nH1\nFC 1-3(E6)\n8* 3-H\nSO\nSO") == [("A1", "HP", False)]


def test_a_run_is_earned_later_when_its_runner_scores_in_the_reconstruction():
    # A1 takes third on the error and scores on the fly: without the error he is on second, the
    # fly takes him to third, and A4's single would score him: earned after all.
    game = play("top 1\nH1\nH1 1-3(E8)\n8* 3-H\nH1 1-2\nSO", BASEBALL)
    fly, single = game.facts[3], game.facts[4]
    assert single.earned_after == ((fly.seq, 0),) and fly.runs[0].earned
    unearned = play("top 1\nH1\nH1 1-3(E8)\n8* 3-H\nSO\nSO", BASEBALL)  # the inning ends first
    assert not unearned.facts[3].runs[0].earned


def test_a_pickoff_puts_the_runner_out():
    fact = last("top 1\nH1\nPO1(1-3)")
    assert fact.outs_after == 1 and fact.bases_after == (None, None, None)


def test_marks_on_advances():
    fact = last("top 1\nH2\nH1 2-H(E7) B-2(E7)")
    assert fact.errors == (7, 7) and fact.rbi == 0 and fact.bases_after == (None, "A2", None)
    assert [r.earned for r in last("top 1\nH3\nH1* 3-H(UR)").runs] == [False]
    assert last("top 1\nH3\nE6* 3-H(RBI)").rbi == 1
    assert last("top 1\nH3\nH1 3-H(NR)").rbi == 0


@pytest.mark.parametrize("text", ["HP", "CI", "SO B-1", "H1 1-3(E8)"])
def test_diceball_refuses_real_baseballs_plays(text: str):
    with pytest.raises(IllegalPlay):
        play(f"top 1\nH1\n{text}")


@pytest.mark.parametrize("text", ["WP 1-2", "PO1(1-3)", "SB2 1-3", "CS2(2-E6)", "FLE3"])
def test_diceball_refuses_real_baseballs_runner_events(text: str):
    with pytest.raises(IllegalPlay):
        play(f"top 1\nH1\n{text}")


def test_a_player_changes_position_without_leaving_the_game():
    game = play('top 1\nsub home 6 "H6":4\nH1\nSO\nSO\nSO\nbottom 1\nBB', BASEBALL)
    change = game.facts[1]
    assert (change.player, change.replaced, change.position) == ("H6", "H6", 4)
    assert game.state.teams[1].positions[5] == 4
    assert describe(change, ("Away", "Home")) == "H6 moves to 2B"
    assert [line.player for line in box_score(game).team_batting(1)].count("H6") == 1


def test_a_position_change_must_name_the_position():
    with pytest.raises(IllegalPlay, match="already bats in slot 6"):
        play('top 1\nsub home 6 "H6"', BASEBALL)


def test_a_relieved_pitcher_is_charged_with_runs_up_to_the_runners_he_left():
    # Rule 9.16(g) Comment: HP leaves A1 on base; A1 is forced out at home, the batter safe on
    # the fielder's choice is HP's, and the next run, whoever scores it, is HP's too.
    body = 'top 1\nBB\npitcher home "R1"\nH2 1-3\nBB\nFC 3XH(5-2) 2-3 1-2\nH1* 3-H 2-3 1-2\nH1** 3-H 2-H 1-2'
    runs = [run for fact in play(body, BASEBALL).facts for run in fact.runs]
    assert [(run.runner, run.pitcher) for run in runs] == [("A2", "HP"), ("A3", "R1"), ("A4", "R1")]


def test_a_strikeout_completed_by_a_pinch_hitter_is_charged_to_the_batter_he_replaced():
    # Rule 9.15(b): the batter left with two strikes; the substitute struck out.
    fact = last('top 1\nsub away 1 "PH":9\nSO charged=batter')
    assert (fact.batter, fact.so, fact.ab) == ("A1", True, True)
    with pytest.raises(IllegalPlay, match="no one was replaced in slot 2"):
        play('top 1\nsub away 1 "PH":9\nSO charged=batter\nSO charged=batter', BASEBALL)


def test_a_walk_after_a_pitching_change_behind_in_the_count_is_charged_to_the_relieved_pitcher():
    # Rule 9.15(a) and 9.16(h): the walk and the runner are the relieved pitcher's.
    game = play('top 1\npitcher home "R1"\nBB charged=pitcher\nH4**', BASEBALL)
    walk, homer = game.facts[-2:]
    assert walk.pitcher == "HP" and [(r.runner, r.pitcher) for r in homer.runs] == [("A1", "HP"), ("A2", "R1")]
    with pytest.raises(IllegalPlay, match="has not changed pitchers"):
        play("top 1\nBB charged=pitcher", BASEBALL)


def test_the_dice_games_take_no_charged_annotation():
    with pytest.raises(IllegalPlay, match="an official scorer's call"):
        play('top 1\nsub away 1 "PH"\nSO charged=batter')


def test_the_scorer_may_call_a_sacrifice_fly_the_rule_would_not_and_withhold_one():
    # Rule 9.08(d): a fly dropped for an error, the runner scoring as he would have on the catch.
    dropped = last("top 1\nH3\nE7* B-2 3-H sf=yes")
    assert (dropped.sf, dropped.ab, dropped.reached_on_error) == (True, False, True)
    withheld = last("top 1\nH3\n8* 3-H sf=no")
    assert (withheld.sf, withheld.ab) == (False, True)
    with pytest.raises(IllegalPlay, match="sf=yes needs a run scoring"):
        play("top 1\nH3\nSO\nSO\n8 sf=yes", BASEBALL)
    with pytest.raises(IllegalPlay, match="an official scorer's call"):
        play("top 1\nH3\n8* 3-H sf=no")


def test_the_scorer_may_call_two_outs_no_double_play():
    # Rule 9.11: no double play when an error or misplay comes between the putouts.
    turned = last("top 1\nH1\n6-4-3 1X2(6-4)")
    assert (turned.gdp, turned.double_play) == (True, 2)
    denied = last("top 1\nH1\n6-4-3 1X2(6-4) dp=no")
    assert (denied.gdp, denied.double_play, len(denied.outs)) == (False, 0, 2)
    with pytest.raises(IllegalPlay, match="an official scorer's call"):
        play("top 1\nH1\n6-4-3 1X2(6-4) dp=no")


def test_a_double_play_tagging_a_runner_not_forced_is_no_gdp_and_bats_the_run_in():
    # Rule 9.04(b)(1) denies the RBI on a force double play only; the runner on 2nd was not forced.
    fact = last("top 1\nH2\nH1 2-3\nSB2\n1-3* 3-H 2X3(3-5)")
    assert (fact.gdp, fact.rbi, fact.outs_after) == (False, 1, 2)
    assert last("top 1\nH1\nH1 1-3\n6-4-3 3-H 1X2(6-4)").gdp  # the forced runner: no RBI
    beyond = last("top 1\nH1\nH1 1-3\n4-3* 3-H 1X3(3-5)")  # the forced runner out at 3rd, past his base
    assert (beyond.gdp, beyond.rbi) == (False, 1)


def test_a_pitcher_may_join_the_batting_order_and_return_to_the_mound_from_the_field():
    # Rule 5.10(d) bars a player taken out of the game; these two never left it.
    game = play('top 1\nSO\nsub home 6 "HP":3\npitcher home "R1"\nSO\npitcher home "HP"\nSO', BASEBALL)
    assert game.state.teams[1].players[5] == "HP" and game.state.teams[1].pitcher == "HP"
    assert [(line.player, line.counts["outs"]) for line in box_score(game).team_pitching(1)] == [("HP", 2), ("R1", 1)]
    with pytest.raises(IllegalPlay, match="may not return"):
        play('top 1\nsub home 6 "HP":3\nsub home 7 "HP":4', BASEBALL)


def test_a_batter_tagged_off_the_base_he_reached_keeps_his_hit_and_the_run_counts():
    fact = last("top 1\nH2\nSO\nSO\nH1* BX1(9-3-4) 2-H")
    assert (fact.hit, fact.outs_after, fact.rbi, [r.runner for r in fact.runs]) == (1, 3, 1, ["A1"])
    with pytest.raises(IllegalPlay, match="his advance must go past it"):
        play("top 1\nH1 BX1(9-3-4)")  # Diceball: the dice put him on first


def test_an_official_records_run_stands_on_a_force_third_out():
    # `earned=marks` marks an official scorer's record (Retrosheet's): the umpire's ruling stands.
    record = BASEBALL.replace("rules=baseball", "rules=baseball earned=marks")
    fact = last("top 1\nH2\nH1 2-3\nSO\nSO\nH1* 1X2(7-4) 3-H", record)
    assert (fact.outs_after, [r.runner for r in fact.runs]) == (3, ["A1"])
    with pytest.raises(IllegalPlay, match="its third out is a force out"):
        play("top 1\nH2\nH1 2-3\nSO\nSO\nH1* 1X2(7-4) 3-H", BASEBALL)


def test_a_batter_who_hits_while_an_inherited_runner_is_thrown_out_is_the_relievers():
    # Rule 9.16(g) hands the batter the retired runner's pitcher on a fielder's choice only.
    body = 'top 1\nBB\npitcher home "R1"\nH1 1X3(9-5)\nH4**'
    runs = play(body, BASEBALL).facts[-1].runs
    assert [(run.runner, run.pitcher) for run in runs] == [("A2", "R1"), ("A3", "R1")]


def test_a_relieved_pitchers_runner_forced_out_hands_his_pitcher_to_the_runner_behind():
    # Rule 9.16(g) Comment, by count (HOU202105100): HP leaves A1 on second; R1 walks A2; A3's
    # double play forces A1 at third, A2 going to second: A2 is HP's, and so is his run.
    body = 'top 1\nH2\npitcher home "R1"\nBB\n5-3 2X3(5) 1-2\nH2* 2-H'
    runs = [run for fact in play(body, BASEBALL).facts for run in fact.runs]
    assert [(run.runner, run.pitcher) for run in runs] == [("A2", "HP")]
    box = {line.player: line.counts for line in box_score(play(body, BASEBALL)).pitching}
    assert (box["HP"]["R"], box["R1"]["R"]) == (1, 0)


def test_a_run_goes_to_the_earliest_pitcher_with_a_runner_still_on_base():
    # Rule 9.16(g) Comment, three pitchers: HP's runner is forced out at home and the batter who
    # replaces him is HP's; R1's runner then scores off R2 with him on base: the run is HP's.
    body = (
        'top 1\nBB\npitcher home "R1"\nH2 1-3\nH1 2-2 3-3\nFC 3XH(5-2) 2-3 1-2\npitcher home "R2"\n'
        "BB* 3-H 2-3 1-2\nBB* 3-H 2-3 1-2"
    )
    runs = [run for fact in play(body, BASEBALL).facts for run in fact.runs]
    assert [(run.runner, run.pitcher) for run in runs] == [("A2", "HP"), ("A3", "R1")]


def test_a_runner_saved_by_an_error_on_a_caught_stealing_is_charged_with_it_and_safe():
    # Rule 9.07(h): caught stealing "if such runner is put out, or would have been put out by
    # errorless play"; without an advance he is safe at the base he went for.
    fact = last("top 1\nH1\nCS2(2-E6)")
    assert fact.outs_after == 0 and fact.bases_after == (None, "A1", None) and fact.errors == (6,)
    assert [(s.runner, s.base, s.caught) for s in fact.steals] == [("A1", 2, True)]
    assert box_score(play("top 1\nH1\nCS2(2-E6)", BASEBALL)).team_batting(0)[0].counts["CS"] == 1


def test_a_pickoff_throw_thrown_away_charges_the_error_wherever_the_runner_goes():
    fact = last("top 1\nH1\nPO1(E1) 1-3")
    assert fact.outs_after == 0 and fact.bases_after == (None, None, "A1") and fact.errors == (1,)
    held = last("top 1\nH2\nPO2(1-E4)")  # the error let him back to his base
    assert held.bases_after == (None, "A1", None) and held.errors == (4,) and held.steals == ()


def test_a_steal_stands_when_the_throw_takes_the_runner_on():
    fact = last("top 1\nH1\nSB2 1-3(E2)")
    assert [(s.base, s.caught) for s in fact.steals] == [(2, False)] and fact.errors == (2,)


def test_an_error_on_a_foul_fly_charges_the_fielder_and_the_count_goes_on():
    game = play("top 1\nH1\nFLE3\nSO", BASEBALL)
    error, out = game.facts[-2:]
    assert error.errors == (3,) and error.bases_after == ("A1", None, None) and out.batter == "A2"
    assert box_score(game).linescore[1].E == 1


def innings(count: int) -> str:
    return "".join(f"{half} {n}\nSO\nSO\nSO\n" for n in range(1, count + 1) for half in ("top", "bottom"))


def test_a_regulation_game_the_umpire_calls_is_final():
    # Rule 7.01(c): "(1) If five innings have been completed".
    game = play(innings(5) + "top 6\nSO\nSO\nSO\nbottom 6\nH4*\nH1\ncalled", BASEBALL)
    assert game.final and game.state.score == (0, 1) and game.facts[-1].lob == 1
    assert box_score(game).status == "final" and describe(game.facts[-1], ("A", "H")) == "the umpire calls the game; 1 left on base"
    # "(2) If the home team has scored more runs in four or four and a fraction half-innings".
    ahead = innings(3) + "top 4\nSO\nSO\nSO\nbottom 4\nH4*\nSO\nSO\nSO\ntop 5\nSO\nSO\nSO\ncalled"
    assert play(ahead, BASEBALL).final


def test_a_game_called_before_it_is_regulation_or_tied_is_not_final():
    with pytest.raises(IllegalPlay, match=r"before five innings .* is no game \(official rule 7.01\(c\), \(e\)\)"):
        play(innings(4) + "top 5\nH4*\nSO\nSO\nSO\nbottom 5\nSO\ncalled", BASEBALL)
    with pytest.raises(IllegalPlay, match=r"tied becomes a suspended game \(official rule 7.01\(d\)\)"):
        play(innings(6) + "called", BASEBALL)
    with pytest.raises(IllegalPlay, match="rules=diceball has no called game"):
        play(innings(5) + "top 6\nH4*\ncalled")
