"""Bonn Die: the dice (a test per combination, with the rulebook's examples), calls and their
values, and the round engine (a test per rule, each with one state and one round)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.engine.bonn_die import replay
from scorebook.engine.bonn_die_dice import call_value, check_call, combinations, matches
from scorebook.notation.bonn_die import (
    Base,
    Call,
    Combo,
    Die,
    Round,
    Side,
    format_round,
    parse_bonn_die,
    parse_call,
    parse_dice,
    parse_statement,
)
from scorebook.problems import IllegalPlay, InvalidPlay, ScorebookProblem

from .conftest import BONN_DIE_SAMPLES

HEADER = 'game rules=bonn-die innings={innings}\naway "Away"\nhome "Home"\nplayer away "Ann"\nplayer home "Bo"\n'
NOTHING = "11/23/56/"  # no combination: 1,1,2,3,5,6


def game(body: str, innings: int = 1):
    text = HEADER.format(innings=innings) + body.strip("\n") + "\n"
    return replay(parse_bonn_die(text, "t.game"))


def last(body: str, innings: int = 1):
    played = game(body, innings)
    return played.facts[-1], played.state


def dice(text: str):
    return parse_dice(text, 1, text)


def held(text: str) -> set[str]:
    return {c.value for c in combinations(dice(text))}


# --- the dice --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "combo"),
    [
        ("555555///", "sixes"),  # 5,5,5,5,5,5 Sixes
        ("11111/3//", "fives"),  # 1,1,1,1,1,? Fives
        ("1111/35//", "fours"),  # 1,1,1,1,?,? Fours
        ("222244///", "house"),  # 2,2,2,2,4,4 House
        ("333445///", "triad"),  # 3,3,3,4,4,5 Triad
        ("113355///", "triples"),  # 1,1,3,3,5,5 Triples
        ("111333///", "doubles"),  # 1,1,1,3,3,3 Doubles
        ("123456///", "straight"),  # 1,2,3,4,5,6 Straight
    ],
)
def test_each_combination_of_the_rulebook(faces, combo):
    assert combo in held(faces)


def test_bigger_hands_hold_the_smaller_of_a_kind_and_nothing_else():
    assert held("555555///") == {"sixes", "fives", "fours"}
    assert held("11111/3//") == {"fives", "fours"}
    assert held("222244///") == {"house", "fours"}
    assert held("113355///") == {"triples"}
    assert held(NOTHING) == set()
    assert held("222444///") == {"doubles"}  # two triples are not three pairs
    assert held("444556///") == {"triad"} and held("444566///") == set()  # a Triad runs x,x,x,x+1,x+1,x+2


def test_dice_may_lie_on_any_base():
    assert held("1/2/3/456") == {"straight"} and held("//55/5555") == {"sixes", "fives", "fours"}


@pytest.mark.parametrize(
    ("faces", "call", "value"),
    [
        ("555555///", "sixes:all:center", 18),  # six dice on Initial, center 3 each
        ("555555///", "sixes:all:center:face", 23),  # the face once, not per die
        ("55/55/5/5", "sixes:all:corner:face", 12),  # corners 0+0+1+1+2+3, face 5
        ("55/55/5/5", "sixes:second:center", 4),  # Single-Base: only the dice on Second
        ("11111/3//", "fives:initial:center:face", 16),  # five of the dice, 3 each, face 1
        ("1111/1/3/", "fours:initial", 0),  # Fours are corner: Initial's corner is 0
        ("//3/11115", "fours:final", 12),  # four dice on Final, 3 each: the 5 is not the combination's
        ("//22/4444", "house:all", 16),  # 2+2 on Primary, 3 x 4 on Final
        ("//22/4444", "house:primary", 4),
        ("3334/4//5", "triad:initial:center", 12),
        ("3334/4//5", "triad:final:corner", 3),
        ("11/33/55/", "triples:primary", 4),
        ("111/333//", "doubles:all", 15),
        ("123/456//", "straight:second", 6),
    ],
)
def test_call_values(faces, call, value):
    played = dice(faces)
    parsed = parse_call(call, 1)
    check_call(played, parsed)
    assert call_value(played, parsed) == value


@pytest.mark.parametrize(
    ("faces", "call", "rule"),
    [
        ("1111/35//", "house:all", "do not hold House"),
        ("1111/35//", "fours:all", "single-based"),
        ("123456///", "straight:initial:corner", "center only"),
        ("113355///", "triples:initial:center", "corner only"),
        ("333445///", "triad:initial:corner:face", "face points are for Sixes and Fives"),
        ("333445///", "triad:initial", "say center or corner"),
        ("1111/35//", "fours:final", "no die of the Fours lies on final"),
    ],
)
def test_calls_the_table_does_not_allow(faces, call, rule):
    with pytest.raises(IllegalPlay, match=rule):
        check_call(dice(faces), parse_call(call, 1))


def test_matching_counts_the_covering_combinations():
    assert matches(Combo.FOURS, Combo.HOUSE) and matches(Combo.FOURS, Combo.FIVES) and matches(Combo.FOURS, Combo.SIXES)
    assert matches(Combo.FIVES, Combo.SIXES) and matches(Combo.TRIAD, Combo.TRIAD)
    assert not matches(Combo.SIXES, Combo.FIVES) and not matches(Combo.HOUSE, Combo.FOURS)


# --- the syntax ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "col", "says"),
    [
        ("round off=333/44/5 def=123456///", 7, "dice are written by base"),
        ("round off=333/44/5/1 def=123456///", 7, "7 dice written"),
        ("round off=333/44/5/ trio:initial def=123456///", 21, "not a call"),
        ("round off=333/44/5/ def=123456/// lock=both", 35, "lock=off or lock=def"),
        ("round off=333/44/5/ def=123456/// hurray", 35, "not part of a round"),
        ("round off=333/44/5/", 1, "both sides' dice"),
        ("round control roll off=333/44/5/ def=123456///", 15, "given twice"),
    ],
)
def test_syntax_problems_quote_the_token_and_its_column(line, col, says):
    with pytest.raises(InvalidPlay, match=says) as caught:
        parse_statement(line, 7)
    assert caught.value.col == col


def test_a_problem_in_a_file_says_file_line_col():
    text = HEADER.format(innings=1) + "top 1\nround off=333/44/5/ def=12/3456// straight:all\n"
    with pytest.raises(IllegalPlay) as caught:
        replay(parse_bonn_die(text, "g.game"))
    assert str(caught.value).startswith("g.game:7:35: `straight:all`: Straight is single-based")
    assert str(caught.value).endswith("[top 1, 0 strikes, 0 Rolls]")


CALLS = st.builds(
    Call,
    st.sampled_from(list(Combo)),
    st.sampled_from([None, *Base]),
    st.sampled_from([None, "center", "corner"]),
    st.booleans(),
)
DICE = st.lists(st.builds(Die, st.integers(1, 6), st.sampled_from(list(Base))), min_size=6, max_size=6).map(
    lambda ds: tuple(sorted(ds, key=lambda d: d.base))
)


EXTRAS = st.fixed_dictionaries(
    {
        "strikes_taken": st.integers(0, 2),
        "checks": st.lists(st.sampled_from(list(Combo)), max_size=2).map(tuple),
        "swishes": st.lists(st.sampled_from(list(Combo)), max_size=2).map(tuple),
        "tag": st.none() | st.sampled_from(list(Combo)),
        "guard_take": st.none() | st.sampled_from(list(Combo)),
        "no_strike": st.booleans(),
        "negate": st.booleans(),
    }
)


def _written(r: Round) -> tuple:
    """What a round says, without where it was written."""
    return (r.offense.dice, r.offense.call, r.defense.dice, r.defense.call, r.choice, r.locked_first,
            r.strikes_taken, r.checks, r.swishes, r.tag, r.guard_take, r.no_strike, r.negate)  # fmt: skip


@given(DICE, st.none() | CALLS, DICE, st.none() | CALLS, st.sampled_from(["", "control", "roll"]), st.sampled_from([None, 0, 1]), EXTRAS)
def test_a_round_written_back_parses_to_the_same_round(off_dice, off_call, def_dice, def_call, choice, lock, extras):
    r = Round(1, "", Side(off_dice, off_call, 0), Side(def_dice, def_call, 0), choice, lock, **extras)
    again = parse_statement(format_round(r), 1)
    assert isinstance(again, Round) and _written(again) == _written(r)


@given(st.text(max_size=120))
def test_any_text_gives_only_our_problems(text):
    with contextlib.suppress(ScorebookProblem):
        game(f"top 1\n{text}")


# --- the round engine: one state and one round per rule --------------------------------------


def test_points_are_the_difference_and_only_the_offense_banks_them():
    fact, state = last(f"top 1\nround off=3334/4//5 triad:initial:center def={NOTHING}")
    assert (fact.offense_value, fact.defense_value, fact.points, state.score) == (12, 0, 12, (12, 0))
    fact, state = last("top 1\nround off=3334/4//5 triad:final:corner def=111/333// doubles:all guard-take=doubles")
    assert fact.points == 0 and state.score == (0, 0)  # max(0, 3 - 15)


def test_a_roll_when_someone_called_and_no_strike_option_exists():
    fact, state = last(f"top 1\nround off=3334/4//5 triad:initial:center def={NOTHING}")
    assert fact.roll and state.rolls == 1 and fact.strikes == 0


def test_no_roll_when_nobody_called():
    fact, state = last(f"top 1\nround off={NOTHING} def={NOTHING}")
    assert not fact.roll and state.rolls == 0
    with pytest.raises(IllegalPlay, match="no-strike is not allowed here: nobody called"):
        game(f"top 1\nround off={NOTHING} def={NOTHING} no-strike")


def test_a_roll_with_a_defense_call_brings_a_guard_take_from_the_calls():
    with pytest.raises(IllegalPlay, match="brings a Guard Take: write guard-take=COMBO \\(one of fours triad\\)"):
        game("top 1\nround off=3334/4//5 triad:initial:center def=2222/14// fours:initial")
    with pytest.raises(IllegalPlay, match="must remove a Guard the offense still has"):
        game("top 1\nround off=3334/4//5 triad:initial:center def=2222/14// fours:initial guard-take=sixes")
    fact, state = last("top 1\nround off=3334/4//5 triad:initial:center def=2222/14// fours:initial guard-take=fours")
    assert fact.guard_take == "fours" and Combo.FOURS not in state.guards


def test_no_guard_take_when_the_offense_called_sixes():
    with pytest.raises(IllegalPlay, match="no Guard Take is due"):
        game("top 1\nround off=555555/// sixes:all:center def=123/456// straight:initial guard-take=sixes")


def test_a_fourth_roll_gives_three_free_rolls_and_no_points():
    rolls = "\n".join([f"round off=3334/4//5 triad:initial:center def={NOTHING}"] * 4)
    fact, state = last(f"top 1\n{rolls}")
    assert (fact.points, fact.free_rolls_won, state.free_rolls, state.rolls) == (0, 3, (3, 0), 0)


def test_strike_conditions_stack():
    # 1. Fives cover Fours, and 2. both called with the Fours Guard taken and the Fives Halt spent by a Check.
    body = ("top 1\nround off=3334/4//5 triad:initial:center def=2222/14// fours:initial guard-take=fours\n"
            "round off=/3/6/1111 fours:final def=55/55/5/1 fives:initial:center:face check=fives")  # fmt: skip
    fact, state = last(body)
    assert (fact.strikes, state.strikes) == (2, 2)


def test_offense_blank_and_defense_calling_sixes_is_two_strikes_with_a_guard_take():
    with pytest.raises(IllegalPlay, match="with the offense blank a Guard Take comes with the strikes"):
        game(f"top 1\nround off={NOTHING} def=666666/// sixes:all:center")
    fact, _ = last(f"top 1\nround off={NOTHING} def=666666/// sixes:all:center guard-take=straight")
    assert (fact.strikes, fact.guard_take) == (2, "straight")
    fact, _ = last(f"top 1\nround off={NOTHING} def=666666/// sixes:all:center guard-take=straight no-strike")
    assert fact.strikes == 0  # just the Guard Take


def test_the_defense_may_take_a_guard_take_instead_of_its_strikes():
    fact, _ = last("top 1\nround off=3334/4//5 triad:initial:center def=3/33/445/ triad:second:corner guard-take=triad")
    assert (fact.strikes, fact.guard_take) == (0, "triad")
    with pytest.raises(IllegalPlay, match="no-strike is not allowed"):
        game("top 1\nround off=3334/4//5 triad:initial:center def=3/33/445/ triad:second:corner no-strike")


def test_matching_the_score_is_a_strike():
    fact, _ = last("top 1\nround off=123/456// straight:initial def=//22/4444 house:primary guard-take=house")  # 9 and 4: nothing matched
    assert fact.strikes == 0
    fact, _ = last("top 1\nround off=123/456// straight:second def=1/13/3/55 triples:final")  # 6 and 6
    assert fact.strikes == 1


def test_three_strikes_are_an_out_and_the_half_ends():
    body = "top 1\n" + "\n".join(["round off=555555/// sixes:all:center def=666666/// sixes:all:center"] * 3)
    fact, state = last(body)
    assert fact.out and not state.half_open and state.strikes == 0
    with pytest.raises(IllegalPlay, match="no half-inning is open: write `bottom 1` first"):
        game(body + "\nround off=555555/// sixes:all:center def=666666/// sixes:all:center")


def test_strikes_beyond_three_are_free_rolls_for_the_defense_next_half():
    body = ("top 1\nround off=3334/4//5 triad:initial:center def=3/33/445/ triad:second:corner\n"
            f"round off={NOTHING} def=666666/// sixes:all:center guard-take=straight")  # 1 + 2 strikes ...
    fact, state = last(body)
    assert fact.out and fact.free_rolls_to_defense == 0
    body = ("top 1\nround off=3334/4//5 triad:initial:center def=3/33/445/ triad:second:corner\n"
            "round off=123/456// straight:initial def=123/456// straight:initial\n"  # matched: 1 strike
            f"round off={NOTHING} def=666666/// sixes:all:center guard-take=sixes")  # 2 more: 4 in all  # fmt: skip
    fact, state = last(body)
    assert fact.out and fact.free_rolls_to_defense == 1 and state.free_rolls == (0, 1)
    fact, state = last(body + f"\nbottom 1\nround off=3334/4//5 triad:initial:center def={NOTHING}")
    assert fact.free_roll and fact.offense_player == "Bo"


def test_a_free_roll_has_no_halts_and_is_spent_only_when_the_defense_calls():
    body = "top 1\n" + "\n".join([f"round off=3334/4//5 triad:initial:center def={NOTHING}"] * 4)
    with pytest.raises(IllegalPlay, match="a Free-Roll has no Halts, so no check"):
        game(body + f"\nround off=3334/4//5 triad:initial:center def={NOTHING} check=fives")
    fact, state = last(body + f"\nround off=3334/4//5 triad:initial:center def={NOTHING}")
    assert fact.free_roll and fact.points == 12 and state.free_rolls == (3, 0)  # stays on
    fact, state = last(body + "\nround off=3334/4//5 triad:initial:center def=123/456// straight:initial")
    assert fact.free_roll and fact.points == 3 and state.free_rolls == (2, 0)  # spent


def test_a_free_roll_scores_nothing_when_the_defense_copies_or_calls_sixes():
    body = "top 1\n" + "\n".join([f"round off=3334/4//5 triad:initial:center def={NOTHING}"] * 4)
    fact, _ = last(body + "\nround off=3334/4//5 triad:initial:center def=3/33/445/ triad:second:corner")
    assert fact.points == 0 and fact.strikes == 2  # matched, and no Guard or Halt in a Free-Roll
    fact, _ = last(body + "\nround off=3334/4//5 triad:initial:center def=//11/1111 sixes:primary:center")
    assert fact.points == 0


def test_a_check_spends_the_halt_and_a_spent_halt_cannot_be_used():
    body = "top 1\nround off=3334/4//5 triad:initial:center def=2222/14// fours:initial guard-take=fours check=fours check=house check=sixes"
    with pytest.raises(IllegalPlay, match="Halt on Fours is spent"):
        game(body + "\nround off=3334/4//5 triad:initial:center def=2222/14// fours:initial guard-take=triad check=fours check=fours")
    _, state = last(body)
    assert state.spent == (Combo.HOUSE, Combo.SIXES)  # 1 restored after the lock (defense scored less)
    _, state = last(body + f"\nround off={NOTHING} def={NOTHING}")
    assert state.spent == ()  # the Initial Roll restores 2


def test_a_tag_by_a_defense_that_scored_less_wipes_the_points():
    fact, state = last("top 1\nround off=55555/1// fives:initial:center def=3/5555/5/ fives:second:corner lock=off tag=fives")
    assert (fact.points, fact.strikes, fact.roll, state.spent) == (0, 0, False, (Combo.FIVES,))  # never locked: no Halt back


def test_a_tag_by_a_defense_that_scored_as_much_takes_strikes_and_may_take_a_guard():
    fact, state = last("top 1\nround off=3/5555/5/ fives:second:corner def=55555/1// fives:initial:center lock=def tag=fives guard-take=house")
    assert (fact.points, fact.strikes, fact.guard_take, state.spent) == (0, 1, "house", ())


def test_a_tag_must_match_and_say_who_locked_first():
    with pytest.raises(IllegalPlay, match="matches the offense's called combination"):
        game("top 1\nround off=123/456// straight:initial def=3/5555/5/ fives:second:corner lock=off tag=fives")
    with pytest.raises(IllegalPlay, match="say who locked first"):
        game("top 1\nround off=55555/1// fives:initial:center def=3/5555/5/ fives:second:corner tag=fives")


def test_take_a_strike_needs_a_guarded_combination():
    fact, state = last(f"top 1\nround off=3334/4//5 triad:initial:center def={NOTHING} take-strike")
    assert fact.strikes == 1 and state.strikes == 1
    body = "top 1\nround off=3334/4//5 triad:initial:center def=2222/14// fours:initial guard-take=triad\n"
    with pytest.raises(IllegalPlay, match="Take a Strike is an extra action of an offense with a guarded combination"):
        game(body + f"round off=3334/4//5 triad:initial:center def={NOTHING} take-strike")


def test_point_negation_gives_three_free_rolls_for_the_points():
    fact, state = last(f"top 1\nround off=3334/4//5 triad:initial:center def={NOTHING} negate")
    assert (fact.points, fact.negated, state.free_rolls, state.score) == (0, True, (3, 0), (0, 0))
    with pytest.raises(IllegalPlay, match="not allowed while Free-Rolls are active"):
        game(f"top 1\nround off=3334/4//5 triad:initial:center def={NOTHING} negate\nround off=3334/4//5 triad:initial:center def={NOTHING} negate")
    with pytest.raises(IllegalPlay, match="this round has none"):
        game(f"top 1\nround off={NOTHING} def={NOTHING} negate")


def test_the_offense_takes_an_out_only_during_or_right_after_a_free_roll():
    with pytest.raises(IllegalPlay, match="only during a Free-Roll or right after one"):
        game("top 1\nout")
    _, state = last(f"top 1\nround off=3334/4//5 triad:initial:center def={NOTHING} negate\nout")
    assert not state.half_open and state.free_rolls == (0, 0)


SHUTOUT = "\n".join(["round off=555555/// sixes:all:center def=666666/// sixes:all:center"] * 3)  # three strikes


def test_a_tie_after_regulation_plays_an_extra_inning_of_free_rolls():
    _, state = last(f"top 1\n{SHUTOUT}\nbottom 1\n{SHUTOUT}")
    assert not state.over
    _, state = last(f"top 1\n{SHUTOUT}\nbottom 1\n{SHUTOUT}\ntop 2")
    assert state.free_rolls == (3, 0)


def test_the_game_ends_after_the_last_half_unless_tied():
    scoring = f"round off=3334/4//5 triad:initial:center def={NOTHING}"
    _, state = last(f"top 1\n{SHUTOUT}\nbottom 1\n{scoring}\n{SHUTOUT}")
    assert state.over and state.score == (0, 12)
    with pytest.raises(IllegalPlay, match="the game is over"):
        game(f"top 1\n{SHUTOUT}\nbottom 1\n{scoring}\n{SHUTOUT}\ntop 2")


def test_the_game_cannot_end_while_the_offense_holds_free_rolls():
    four_rolls = "\n".join([f"round off=3334/4//5 triad:initial:center def={NOTHING}"] * 4)
    sixes = "round off=555555/// sixes:all:center def=666666/// sixes:all:center"  # a Free-Roll: 2 strikes
    body = f"top 1\n{SHUTOUT}\nbottom 1\n{four_rolls}\n{sixes}\n{sixes}"  # the Out, with 1 Free-Roll left
    fact, state = last(body)
    assert fact.out and state.half_open and not state.over and state.free_rolls[1] == 1
    _, state = last(body + "\nout")
    assert state.over
    fact, state = last(body + f"\n{sixes}")  # the last Free-Roll played
    assert not fact.out and state.over


def test_halves_come_in_order_and_innings_are_one_to_three():
    with pytest.raises(IllegalPlay, match="the next half-inning is `top 1`"):
        game("bottom 1")
    with pytest.raises(IllegalPlay, match="1 to 3 innings"):
        game("top 1", innings=4)


# --- the sample and the commands ---------------------------------------------------------------


def test_the_hand_scored_sample_checks_and_boxes_to_the_hand_computed_halves():
    runner = CliRunner()
    done = runner.invoke(app, ["check", *map(str, BONN_DIE_SAMPLES)])
    assert done.exit_code == 0 and "ok (final; Rhine Rollers 30, Bonn Bankers 42)" in done.output
    done = runner.invoke(app, ["box", str(BONN_DIE_SAMPLES[0]), "--format", "json"])
    import json

    box = json.loads(done.output)
    assert box["halves"] == {"away": [13, 17], "home": [40, 2]} and box["score"] == [30, 42]
    assert [(p["player"], p["points"], p["outs"]) for p in box["players"]] == [("Ada Vogel", 19, 1), ("Cy Baum", 11, 1), ("Ben Kraus", 42, 1)]


# --- simulated games, storage, statistics and leagues ------------------------------------------


def test_hundreds_of_simulated_games_all_check():
    from scorebook.sim import simulate_game

    for seed in range(300):
        text = simulate_game(seed, "bonn-die", innings=1 + seed % 3)
        played = replay(parse_bonn_die(text, f"sim-{seed}"))
        assert played.state.over and played.state.score[0] != played.state.score[1]


def test_simulate_command_writes_bonn_die_games_that_check(tmp_path):
    runner = CliRunner()
    done = runner.invoke(app, ["simulate", "--rules", "bonn-die", "--games", "5", "--seed", "2", "--out", str(tmp_path)])
    assert done.exit_code == 0, done.output
    files = sorted(tmp_path.glob("*.game"))
    done = runner.invoke(app, ["check", *map(str, files)])
    assert done.exit_code == 0 and done.output.count("ok (final") == 5
    assert "rules=bonn-die innings=3" in files[0].read_text()


def test_a_stored_game_keeps_its_rounds_and_counts_in_the_statistics(db_url):
    from scorebook.stats import bonn_die
    from scorebook.store.db import Store

    store = Store(db_url)
    store.import_file(BONN_DIE_SAMPLES[0])
    game = store.game("bonn-die-opener")
    assert (game.rules, game.status, game.away_score, game.home_score, game.winner) == ("bonn-die", "final", 30, 42, "Bonn Bankers")
    assert store.count("rounds") == 17 and store.count("events") == 23 and store.count("facts") == 0
    lines = {r["player"]: r for r in bonn_die(store).iter_rows(named=True)}
    assert (lines["Ada Vogel"]["points"], lines["Ada Vogel"]["rounds"], lines["Ada Vogel"]["won"]) == (19, 12, 8)
    assert (lines["Ben Kraus"]["strikes"], lines["Ben Kraus"]["outs"], lines["Ben Kraus"]["calls"]) == (5, 1, 16)
    teams = {r["team"]: r for r in bonn_die(store, by="team").iter_rows(named=True)}
    assert teams["Rhine Rollers"]["points"] == 30 and teams["Bonn Bankers"]["G"] == 1
    assert store.replay("bonn-die-opener").state.score == (30, 42)  # the stored text replays


def test_stats_bonn_die_prints_every_format(tmp_path):
    url = f"sqlite:///{tmp_path / 'b.db'}"
    runner = CliRunner()
    assert runner.invoke(app, ["import", str(BONN_DIE_SAMPLES[0])], env={"SCOREBOOK_DB": url}).exit_code == 0
    table = runner.invoke(app, ["stats", "bonn-die"], env={"SCOREBOOK_DB": url}).output
    assert table.splitlines()[0].split() == ["player", "team", "G", "rounds", "hit", "points", "won", "strikes", "outs", "calls", "PPR", "WIN%"]
    csv = runner.invoke(app, ["stats", "bonn-die", "--by", "team", "--format", "csv"], env={"SCOREBOOK_DB": url}).output
    assert "Bonn Bankers,1,17,11,42,4,5,1,16," in csv


def test_live_scoring_of_a_bonn_die_game_round_by_round(tmp_path, db_url):
    env = {"SCOREBOOK_DB": db_url}
    runner = CliRunner()
    (tmp_path / "players.txt").write_text('player away "Ann"\nplayer home "Bo"\n')
    new = runner.invoke(app, ["game", "new", "--rules", "bonn-die", "--away", "Away", "--home", "Home", "--lineup-file", str(tmp_path / "players.txt"), "--id", "g1"], env=env)
    assert new.exit_code == 0, new.output
    sixes = "round off=555555/// sixes:all:center def=666666/// sixes:all:center"
    for _ in range(2):
        runner.invoke(app, ["record", "g1", sixes], env=env)
    done = runner.invoke(app, ["record", "g1", sixes], env=env)
    assert done.output.strip() == "top 1, Out; Away 0, Home 0"
    done = runner.invoke(app, ["record", "g1", f"round off=3334/4//5 triad:initial:center def={NOTHING}"], env=env)  # opens the bottom
    assert done.output.strip() == "bottom 1, 0 strikes, 1 Roll; Away 0, Home 12; Bo throws for Home"
    refused = runner.invoke(app, ["record", "g1", f"round off={NOTHING} def={NOTHING} negate"], env=env)
    assert refused.exit_code == 1 and "this round has none" in refused.output
    done = runner.invoke(app, ["undo", "g1"], env=env)
    assert "bottom 1, 0 strikes, 0 Rolls" in done.output
    text = runner.invoke(app, ["export", "g1"], env=env).output
    assert text.count("round ") == 3 and "bottom 1" in text and 'player home "Bo"' in text
    from scorebook.store.db import Store

    store = Store(env["SCOREBOOK_DB"])
    assert store.count("rounds") == 3 and store.game("g1").status == "in progress"


def test_a_bonn_die_leagues_standings_come_from_its_stored_games(tmp_path):
    from scorebook.league.stored import results
    from scorebook.service.league import league_report, league_standings
    from scorebook.store.db import Store

    from .conftest import ROOT

    url = f"sqlite:///{tmp_path / 'rhine.db'}"
    env = {"SCOREBOOK_DB": url}
    runner = CliRunner()
    for args in (["league", "create", str(ROOT / "leagues" / "rhine.toml")], ["league", "schedule", "rhine", "--round-robin"],
                 ["simulate", "--league", "rhine"]):  # fmt: skip
        done = runner.invoke(app, args, env=env)
        assert done.exit_code == 0, done.output
    store = Store(url)
    games = [g for g in store.games() if g.league == "rhine"]
    assert len(games) == 6 and all(g.rules == "bonn-die" and g.status == "final" for g in games)
    rows = {r["team"]: r for r in league_standings(store, "rhine")}
    for team, row in rows.items():
        assert row["W"] == sum(g.winner == team for g in games)
        assert row["RS"] == sum(g.away_score if g.away == team else g.home_score for g in games if team in (g.away, g.home))
    assert sum(r["W"] for r in rows.values()) == len(results(store, "rhine")) == 6
    assert league_report(store, "rhine").startswith(b"%PDF")
    leaders = runner.invoke(app, ["league", "leaders", "rhine", "--top", "1"], env=env).output
    assert [line.split()[0] for line in leaders.splitlines()[2:]] == ["points", "PPR", "WIN%", "strikes"]


def test_the_scoresheet_filled_from_the_sample_and_blank(tmp_path):
    import io

    from pypdf import PdfReader

    from scorebook.files import read_game
    from scorebook.reports.bonn_die_sheet import blank_sheet, render, sheet_data
    from scorebook.reports.sheet import load_layout

    layout = load_layout("bonn_die_sheet")
    filled = render(sheet_data(read_game(BONN_DIE_SAMPLES[0])[1]), layout)
    assert filled == render(sheet_data(read_game(BONN_DIE_SAMPLES[0])[1]), layout)  # invariant: byte-stable
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(filled)).pages)
    assert "Top 1: Rhine Rollers (Ada Vogel) hit, Bonn Bankers (Ben Kraus) defend; 13 points" in text
    assert "Bottom 1: Bonn Bankers (Ben Kraus) hit, Rhine Rollers (Ada Vogel) defend; 40 points" in text
    assert "triad initial center" in text and "Tag fives" in text and "Guards taken: Straight, Doubles | Halts spent: Fives (Tag)" in text and "Halts spent: Fives (Check)" in text
    blank = PdfReader(io.BytesIO(render(blank_sheet(innings=3), layout)))
    assert len(blank.pages) == 4 and "Top 3: ________ hit" in blank.pages[2].extract_text()
    done = CliRunner().invoke(app, ["sheet", "--blank", "--rules", "bonn-die", "-o", str(tmp_path / "b.pdf")])
    assert done.exit_code == 0 and (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")


def test_box_pdf_and_the_retrosheet_refusal(tmp_path):
    url = f"sqlite:///{tmp_path / 'b.db'}"
    env = {"SCOREBOOK_DB": url}
    runner = CliRunner()
    done = runner.invoke(app, ["box", str(BONN_DIE_SAMPLES[0]), "--pdf", str(tmp_path / "box.pdf")])
    assert done.exit_code == 0 and (tmp_path / "box.pdf").read_bytes().startswith(b"%PDF")
    runner.invoke(app, ["import", str(BONN_DIE_SAMPLES[0])], env=env)
    done = runner.invoke(app, ["export", "bonn-die-opener", "--format", "retrosheet", "-o", str(tmp_path / "rs")], env=env)
    assert done.exit_code == 1 and "a Bonn Die game has no Retrosheet form" in done.output


@given(DICE)
def test_every_legal_call_is_one_the_table_accepts(dice):
    from scorebook.engine.bonn_die_dice import legal_calls

    for call in legal_calls(dice):
        check_call(dice, call)
    assert bool(legal_calls(dice)) == bool(combinations(dice))
