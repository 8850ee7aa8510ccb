"""One rule per test: a state built from a few plays, then one play, valid or not.

Every rejection asserts the line, the column and the rule named in the message."""

from __future__ import annotations

import pytest

from scorebook.problems import IllegalPlay, InvalidPlay, ScorebookProblem

from .conftest import HEADER, play

SHORT = HEADER.replace("innings=9", "innings=2")


def rejected(
    body: str, line: int, col: int, words: str, header: str = HEADER, kind: type[ScorebookProblem] = IllegalPlay
) -> ScorebookProblem:
    """The body's `line` (1-based within the body) is rejected at `col` naming `words`."""
    with pytest.raises(kind) as caught:
        play(body, header)
    problem = caught.value
    assert (problem.line, problem.col) == (header.count("\n") + line, col), str(problem)
    assert words in problem.message, str(problem)
    assert str(problem).startswith(f"t.game:{header.count(chr(10)) + line}:{col}: "), str(problem)
    return problem


def header_rejected(header: str, line: int, col: int, words: str, kind: type[ScorebookProblem] = InvalidPlay):
    """The header's own `line` is rejected at `col` naming `words`."""
    return rejected("top 1\nSO", line - header.count("\n"), col, words, header, kind)


def last_fact(body: str, header: str = HEADER):
    return play(body, header).facts[-1]


# --- outs and half-innings ------------------------------------------------------------


def test_a_fourth_out_is_rejected():
    rejected("top 1\nSO\nSO\nBB\n6-3 1X2(6-4)", 5, 1, "a fourth out")


def test_a_play_after_the_third_out_needs_a_new_half():
    rejected("top 1\nSO\nSO\nSO\nSO", 5, 1, "start the next one with `bottom 1`")


def test_halves_go_in_order():
    rejected("top 1\nSO\nSO\nSO\ntop 2", 5, 1, "the next one is `bottom 1`")


def test_a_half_ends_only_with_its_third_out():
    rejected("top 1\nSO\nbottom 1", 3, 1, "not over")


def test_the_game_starts_with_top_1():
    rejected("bottom 1\nSO", 1, 1, "the next one is `top 1`")


# --- runners ----------------------------------------------------------------------------


def test_an_advance_from_an_empty_base_is_rejected():
    rejected("top 1\nH1 2-H", 2, 4, "there is no runner on 2nd")


def test_two_runners_cannot_end_on_one_base():
    rejected("top 1\nH1\nH1 1-2 B-2", 3, 8, "both end on 2nd")


def test_a_runner_cannot_pass_the_runner_ahead():
    rejected("top 1\nH1\nH1\nH1 1-H 2-3", 4, 4, "would pass")


def test_a_runner_cannot_move_backwards():
    rejected("top 1\nH2\nH1 2-1", 3, 4, "cannot move backwards")


def test_a_runner_may_be_written_holding_his_base_or_out_at_it():
    assert last_fact("top 1\nH2\nH1 2-2").bases_after == ("A2", "A1", None)
    baseball = HEADER.replace("rules=diceball", "rules=baseball")
    assert last_fact("top 1\nH2\n8 2X2(8-4)", baseball).outs_after == 2  # doubled off
    # Diceball's runner goes back safely: "The runner loses the one space lead and comes back to
    # the base" (Advancing on a Fly-Out), "The runner is then safe" (Safety Zone).
    rejected("top 1\nH2\n8 2X2(8-4)", 3, 3, "cannot be put out at his own base")


def test_the_default_double_play():
    fact = last_fact("top 1\nH1\n6-4-3")
    assert [(o.player, o.base) for o in fact.outs] == [("A1", 2), ("A2", 1)]
    assert fact.gdp and fact.outs_after == 2


def test_forced_runners_move_up_on_a_walk_and_others_hold():
    fact = last_fact("top 1\nH2\nH1 2-3\nBB")
    assert fact.bases_after == ("A3", "A2", "A1")


def test_a_hit_moves_every_runner_up_by_its_bases():
    fact = last_fact("top 1\nH1\nH2")
    assert fact.bases_after == (None, "A2", "A1")


def test_a_home_run_scores_everybody():
    fact = last_fact("top 1\nBB\nH1\nH4***")
    assert fact.rbi == 3 and len(fact.runs) == 3 and fact.bases_after == (None, None, None)


# --- runs batted in -----------------------------------------------------------------------


def test_rbi_marks_must_match_the_runs_batted_in():
    problem = rejected("top 1\nBB\nBB\nBB\nH2****", 5, 1, "the play bats in 2 runs")
    assert "write `H2**`" in problem.message


def test_no_rbi_on_an_error():
    rejected("top 1\nH3\nE6* 3-H", 3, 1, "no RBI on an error")
    assert last_fact("top 1\nH3\nE6 3-H").rbi == 0


def test_no_rbi_on_a_ground_ball_double_play():
    rejected("top 1\nH3\nBB\n6-4-3* 3-H", 4, 1, "double play")
    assert len(last_fact("top 1\nH3\nBB\n6-4-3 3-H").runs) == 1


def test_one_rbi_for_a_bases_loaded_walk():
    assert last_fact("top 1\nBB\nBB\nBB\nBB*").rbi == 1
    rejected("top 1\nBB\nBB\nBB\nBB", 5, 1, "bats in 1 run")


def test_a_sacrifice_fly_is_derived_and_costs_no_at_bat():
    fact = last_fact("top 1\nH3\n8* 3-H")
    assert fact.sf and not fact.ab and fact.rbi == 1


def test_no_sacrifice_fly_with_two_outs_because_no_run_scores():
    rejected("top 1\nSO\nSO\nH3\n8* 3-H", 5, 4, "no run scores")


# --- the third out -------------------------------------------------------------------------


def test_no_run_on_a_third_out_that_is_a_force():
    rejected("top 1\nSO\nSO\nH3\nBB\nFC 1X2(6-4) 3-H", 6, 13, "its third out is a force out")


def test_no_run_on_a_third_out_by_the_batter_before_first():
    rejected("top 1\nSO\nSO\nH3\n6-3 3-H", 5, 5, "the batter's out")


def test_runners_do_not_move_on_a_third_out_at_first():
    fact = last_fact("top 1\nSO\nSO\nBB\nBB\nBB\n6-3")
    assert fact.runs == () and fact.lob == 3 and fact.ends_half


def test_a_run_counts_before_a_non_force_third_out():
    # The rulebook's Team 1: Batter C scores before Batter D is put out at home.
    fact = last_fact("top 1\nSO\n9\nBB\nH2\nH1* 2XH(9-4-2)")
    assert [r.runner for r in fact.runs] == ["A3"] and fact.outs_after == 3


# --- Diceball's own rules -----------------------------------------------------------------------


def test_runners_cannot_advance_on_an_infield_fly():
    rejected("top 1\nH1\nIF 1-2", 3, 4, "infield fly")


def test_an_infield_fly_is_caught_by_an_infielder():
    # "It is an infield fly, caught by an infielder": `IF6` names him; an outfielder is refused.
    assert last_fact("top 1\nIF6").outs[0].fielders == (6,)
    assert last_fact("top 1\nIF").outs[0].fielders == ()
    rejected("top 1\nIF8", 2, 1, "an infield fly is caught by an infielder: IF1 to IF6")


def test_a_fly_out_lets_a_runner_try_for_the_next_base_only():
    assert last_fact("top 1\nH1\n8 1-2").bases_after == (None, "A1", None)
    rejected("top 1\nH1\n8 1-3", 3, 3, "next base only")


def test_runners_move_only_when_forced_on_a_walk():
    rejected("top 1\nH2\nBB 2-3", 3, 4, "only when forced")


def test_no_extra_base_on_an_infield_hit():
    rejected("top 1\nH1\nH1 1-3 pitches=6 hit=1:2", 3, 4, "infield hit")


def test_stealing_home_is_not_allowed():
    rejected("top 1\nH3\nSBH", 3, 1, "stealing home plate is not allowed")


def test_a_missed_squeeze_steals_home_or_is_caught_with_its_bunt_die():
    # The Suicide Bunt: on a strike "the defense needs a roll of 2 or more to complete the out ...
    # runners that fail to reach home plate on that roll are automatically out"; the others take
    # the next base; "except when the bases are loaded".
    assert last_fact("top 1\nH3\nSBH bunt=1").runs and last_fact("top 1\nH3\nSBH bunt=1").steals
    assert last_fact("top 1\nH3\nBB\nCSH(2) 1-2 bunt=1").bases_after == (None, "A2", None)
    assert last_fact("top 1\nH3\nBB\nSBH SB2 bunt=1").bases_after == (None, "A2", None)
    rejected("top 1\nH3\nBB\nCSH(2) bunt=1", 4, 8, "the runner on 1st, in the danger zone too, takes the next base")
    rejected("top 1\nH3\nSBH bunt=2", 3, 5, "only a missed squeeze, bunt=1")
    rejected("top 1\nBB\nBB\nBB\nSBH bunt=1", 5, 5, "the bases not loaded")
    with pytest.raises(InvalidPlay, match="takes the bunt die"):
        play("top 1\nH3\nCSH(2) bunt=1 pitches=1")
    rejected("top 1\nH3\nSBH bunt=1", 3, 5, "bunt= is Diceball's die", HEADER.replace("rules=diceball", "rules=baseball"))


def test_the_count_before_a_bunt_or_an_intentional_walk_may_end_with_a_6_taken():
    # The Automatic Strike: a 6 the batter takes is a strike; before a bunt ("The pitcher does
    # not pitch") the count is open, so its last 6 is taken, not hit.
    assert last_fact("top 1\nH1\nSH2-3 pitches=46 bunt=4").sh
    assert last_fact("top 1\nIBB pitches=6").pa
    rejected("top 1\nIBB pitches=116", 2, 5, "a 6 taken with two strikes")


def test_a_failed_bunt_after_two_strikes_is_the_third_strike():
    # "A failed attempt after two strikes is an out"; "A failed bunt after two strikes counts as
    # a third strike".
    assert last_fact("top 1\nH1\nSO pitches=11 bunt=2").outs_after == 1
    rejected("top 1\nH1\nSO pitches=1 bunt=2", 3, 14, "after two strikes (shown in pitches=)")
    rejected("top 1\nH1\nH1 pitches=11 bunt=3", 3, 15, "a bunt on 1-3 is a foul ball")


def test_a_double_steal_needs_first_and_second_with_third_empty():
    assert last_fact("top 1\nH1\nBB\nSB2 SB3").bases_after == (None, "A2", "A1")
    rejected("top 1\nH1\nBB\nCS2(2-4) CS3(2-5)", 4, 10, "only one runner can be put out")


def test_a_steal_needs_the_next_base_free():
    rejected("top 1\nH1\nBB\nSB2", 4, 1, "both end on 2nd")


def test_a_steal_needs_a_runner():
    rejected("top 1\nSB2", 2, 1, "no runner on 1st to steal 2nd")


def test_caught_stealing_is_an_out_and_can_end_the_half():
    fact = last_fact("top 1\nSO\nSO\nH1\nCS2(2-4)")
    assert fact.ends_half and fact.outs_after == 3 and fact.lob == 0


def test_a_sacrifice_bunt_needs_a_runner_and_fewer_than_two_outs():
    rejected("top 1\nSH2-3", 2, 1, "bases empty")
    rejected("top 1\nSO\nSO\nH1\nSH2-3", 5, 1, "two outs")
    fact = last_fact("top 1\nH1\nSH2-3")
    assert fact.sh and not fact.ab and fact.bases_after == (None, "A1", None)


def test_a_sacrifice_bunt_moves_the_runners_on_first_and_second_but_not_from_third():
    assert last_fact("top 1\nH2\nSH2-3").bases_after == (None, None, "A1")
    assert last_fact("top 1\nH3\nSH2-3").bases_after == (None, None, "A1")
    assert last_fact("top 1\nH3\nSH2-3* 3-H").rbi == 1


# --- dice -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "SO pitches=21241",  # the rulebook's strikeout example
        "BB pitches=41342345",  # the rulebook's walk example: 8 pitches, ball four a 5
        "H1 pitches=116 hit=2:35",  # the rulebook's "1 -> 1 -> 6": the ball is hit, to star 8
        "SO pitches=661",  # two 6s taken for strikes, then the third strike on a 1
        "IBB pitches=44",  # the pitcher stops pitching
        "IF pitches=6 hit=2:16",
        "6-3 pitches=6 hit=2:55",
        "H4* pitches=6 hit=6:666666",
        "H2 pitches=6 hit=5:55445",
        "9 pitches=6 hit=4:6564",
    ],
)
def test_dice_that_agree_with_the_result(text: str):
    assert last_fact(f"top 1\n{text}").pa


@pytest.mark.parametrize(
    ("text", "col", "words"),
    [
        ("SO pitches=2124", 4, "the count is still open"),
        ("SO pitches=1112", 4, "pitch(es) after it"),
        ("SO pitches=1161", 4, "taken with two strikes"),
        ("SO pitches=22226", 4, "the ball hit"),
        ("BB pitches=444", 4, "ball four"),
        ("H1 pitches=14 hit=1:6", 4, "the ball hit"),
        ("SO pitches=111 hit=1:1", 16, "no ball is hit"),
        ("H2 pitches=6 hit=1:2", 14, "at most a single"),
        ("8 pitches=6 hit=4:6564", 13, "caught by 9"),
        ("H1 pitches=6 hit=6:666666", 14, "home run"),
        ("H4 pitches=6 hit=2:66", 14, "no home run"),
        ("4-3 pitches=6 hit=2:55", 15, "fielded by 6"),
        ("E4 pitches=6 hit=3:555", 14, "a single, a double"),
        ("H3 pitches=6 hit=3:466", 14, "a single, a double"),
        ("7 pitches=6 hit=1:1", 13, "infield fly"),
    ],
)
def test_dice_that_contradict_the_result(text: str, col: int, words: str):
    rejected(f"top 1\n{text}", 2, col, words)


# --- the end of the game ------------------------------------------------------------------------


def test_no_bottom_half_when_the_home_team_leads_after_the_top_of_the_last_inning():
    body = "top 1\nSO\nSO\nSO\nbottom 1\nH4*\nSO\nSO\nSO\ntop 2\nSO\nSO\nSO"
    assert play(body, SHORT).state.over
    rejected(body + "\nbottom 2", 14, 1, "the game is over", SHORT)


def test_a_walk_off_ends_the_game():
    body = "top 1\nSO\nSO\nSO\nbottom 1\nSO\nSO\nSO\ntop 2\nSO\nSO\nSO\nbottom 2\nH4*"
    replayed = play(body, SHORT)
    assert replayed.state.over and replayed.facts[-1].ends_game


# Two complete games of two innings: the away team ahead after the bottom of the last, and a walk-off.
AWAY_WINS = "top 1\nH4*\nSO\nSO\nSO\nbottom 1\nSO\nSO\nSO\ntop 2\nSO\nSO\nSO\nbottom 2\nH1\nSO\nSO\nSO"
WALK_OFF = "top 1\nSO\nSO\nSO\nbottom 1\nSO\nSO\nSO\ntop 2\nSO\nSO\nSO\nbottom 2\nH3\nH1*"  # the batter on 1st


@pytest.mark.parametrize("game", [AWAY_WINS, WALK_OFF], ids=["away-team-ahead", "walk-off"])
@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("SO", "the game is over; nothing can follow its last play"),
        ("H1 pitches=6 hit=2:11", "the game is over; nothing can follow its last play"),
        ("SB2", "the game is over; nothing can follow its last play"),
        ('sub home 1 "PH"', "the game is over; no more substitutions"),
        ('pitcher away "R1"', "the game is over; no more pitching changes"),
        ("top 3", "the game is over; no more half-innings"),
    ],
)
def test_nothing_follows_the_end_of_the_game(game: str, text: str, words: str):
    assert play(game, SHORT).state.over
    line = game.count("\n") + 2
    assert "game over" in rejected(f"{game}\n{text}", line, 1, words, SHORT).state


def test_a_walk_off_hit_counts_only_the_bases_the_winning_run_needed():
    body = "top 1\nSO\nSO\nSO\nbottom 1\nSO\nSO\nSO\ntop 2\nSO\nSO\nSO\nbottom 2\nH3\n"
    problem = rejected(body + "H2*", 15, 1, "write H1", SHORT)
    assert problem.fix == "H1"
    assert play(body + "H1*", SHORT).state.over


def test_only_the_winning_run_counts_on_a_walk_off_single():
    body = "top 1\nSO\nSO\nSO\nbottom 1\nSO\nSO\nSO\ntop 2\nSO\nSO\nSO\nbottom 2\nH2\nH1\nH1*"
    # bases loaded (2nd and 3rd and 1st): the single scores the runner from 3rd and ends it
    replayed = play(body, SHORT)
    assert replayed.state.score == (0, 1) and replayed.facts[-1].lob == 2


def test_a_tie_after_regulation_goes_to_extra_innings():
    body = "top 1\nSO\nSO\nSO\nbottom 1\nSO\nSO\nSO\ntop 2\nSO\nSO\nSO\nbottom 2\nSO\nSO\nSO\ntop 3\nSO"
    assert not play(body, SHORT).state.over


# --- lineups, substitutions, pitchers --------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "col", "words"),
    [
        ('"A8"', 1, "the away lineup has 8 batters; a diceball lineup has 9"),
        ('"A8" "A9" "A10"', 58, "the away lineup has 10 batters; a diceball lineup has 9"),  # the tenth name
        ('"A8" "A1"', 53, 'the away lineup has "A1" twice; a player bats in one slot'),
        ('"A8":6 "A9":6', 55, "the away lineup has position 6 (SS) twice; one player plays a position"),
    ],
)
def test_a_lineup_has_nine_players_each_in_one_slot_and_one_position(written: str, col: int, words: str):
    header_rejected(HEADER.replace('"A8" "A9"', written), 4, col, words, IllegalPlay)


def test_a_pinch_hitter_bats_in_his_slot():
    fact = last_fact('top 1\nsub away 1 "PH":7\nH1')
    assert fact.batter == "PH" and fact.bases_after == ("PH", None, None)


def test_a_pinch_runner_takes_the_runners_place():
    replayed = play('top 1\nH1\nsub away 1 "PR"\nH2\nH1*')
    assert [r.runner for r in replayed.facts[-1].runs] == ["PR"]


def test_a_player_taken_out_may_not_return():
    rejected('top 1\nsub away 1 "PH"\nsub away 2 "A1"', 3, 1, "may not return")


def test_a_pitcher_taken_out_may_not_return():
    rejected('top 1\npitcher home "R1"\npitcher home "HP"', 3, 1, "may not return")


def test_runs_are_charged_to_the_pitcher_responsible_for_the_runner():
    fact = last_fact('top 1\nBB\npitcher home "R1"\nH4**')
    assert sorted((r.runner, r.pitcher) for r in fact.runs) == [("A1", "HP"), ("A2", "R1")]


def test_a_fielders_choice_passes_the_runner_to_the_earlier_pitcher():
    replayed = play('top 1\nBB\npitcher home "R1"\nFC 1X2(6-4)\nH4**')
    assert sorted((r.runner, r.pitcher) for r in replayed.facts[-1].runs) == [("A2", "HP"), ("A3", "R1")]


# --- earned runs ---------------------------------------------------------------------------------


def test_a_runner_who_reached_on_an_error_scores_unearned():
    fact = last_fact("top 1\nE6\nH4**")
    assert sorted((r.runner, r.earned) for r in fact.runs) == [("A1", False), ("A2", True)]


def test_runs_after_the_inning_should_have_ended_are_unearned():
    # Two outs, then an error that should have been the third out: every later run is unearned.
    replayed = play("top 1\nSO\nSO\nE6\nH4**\nH4*")
    runs = [r for f in replayed.facts for r in f.runs]
    assert [(r.runner, r.earned) for r in runs] == [("A3", False), ("A4", False), ("A5", False)]


def test_a_home_run_scores_every_runner_of_the_reconstruction():
    # Without the E4 the batter is out and A1 on second: the home run scores him and A3 (earned).
    fact = last_fact("top 1\nH1\nE4 1-3\nH4***")
    assert [(r.runner, r.earned) for r in fact.runs] == [("A1", True), ("A2", False), ("A3", True)]


def test_a_forced_run_on_an_error_is_earned():
    fact = last_fact("top 1\nBB\nBB\nBB\nE6")
    assert [(r.runner, r.earned, r.rbi) for r in fact.runs] == [("A1", True, False)]


# --- syntax ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "col", "words"),
    [
        ("H5", 1, "not a play result"),
        ("H1 1-4", 4, "not an advance"),
        ("H1 1X3", 4, "needs the fielders"),
        ("H1 1-3(8-5)", 4, "fielders go only with an out"),
        ("SO foo=1", 4, "unknown annotation"),
        ("SO dp=maybe", 4, "dp= is the scorer's call of a double play"),
        ("SO pitches=17", 4, "each 1-6"),
        ("H1 hit=3:45", 4, "exactly that many dice"),
        ("SB4", 1, "not a runner event"),
        ("H1 pitches=6 2-3", 14, "advances go before"),
    ],
)
def test_malformed_notation(text: str, col: int, words: str):
    rejected(f"top 1\n{text}", 2, col, words, kind=InvalidPlay)


def test_the_header_must_be_complete_before_the_first_half():
    header = HEADER.replace('pitcher home "HP"\n', "")
    rejected("top 1\nSO", 1, 1, 'the header must give `pitcher home "Name"` before the first', header, InvalidPlay)


@pytest.mark.parametrize(
    ("header", "line", "col", "words"),
    [
        ("# a comment first is fine\nplay ball\n" + HEADER, 2, 1, "before the first `top 1` only header statements"),
        (HEADER.replace("innings=9", "innings=0"), 1, 21, "innings= is a whole number from 1 to 99"),
        (HEADER.replace("innings=9", "inning=9"), 1, 21, "the `game` statement takes key=value with keys"),
        (HEADER.replace('"Away"', "Away"), 2, 6, "a name goes in double quotes"),
        (HEADER.replace("lineup away", "lineup visitors"), 4, 8, "`lineup` needs `away` or `home` next"),
        (HEADER.replace('pitcher away "AP"', 'pitcher away "AP":1'), 6, 14, "no fielding position here"),
        (HEADER + 'away "Again"\n', 8, 1, "`away` is given twice (first on line 2)"),
        (HEADER + 'lineup away "B1"\n', 8, 1, "`lineup away` is given twice (first on line 4)"),
    ],
)
def test_a_header_statement_that_breaks_the_grammar(header: str, line: int, col: int, words: str):
    header_rejected(header, line, col, words)


def test_header_statements_go_before_the_first_half():
    rejected('top 1\nlineup away "B1"', 2, 1, "`lineup` belongs in the header, before the first", kind=InvalidPlay)
