"""The races recorded and checked (#14): a game file's `race=` and its declarations played again
by the one race implementation, the simulator writing every die. The rulebook's examples with
their dice, and their wrong variants, are game files in tests/rulebook/race-*."""

from __future__ import annotations

import re

import pytest

from scorebook.files import replay_text
from scorebook.games.diceball import CLOUDS, STARS
from scorebook.notation import parse_game
from scorebook.notation.model import PlateAppearance, RunnerEvents
from scorebook.problems import IllegalPlay, InvalidPlay
from scorebook.sim import simulate_game

from .conftest import HEADER


def play(*lines: str):
    return replay_text(HEADER + "\ntop 1\n" + "".join(line + "\n" for line in lines), "t.game")


def rejected(*lines: str) -> IllegalPlay:
    with pytest.raises(IllegalPlay) as caught:
        play(*lines)
    return caught.value


def test_a_throw_the_ball_cannot_make_is_named_with_the_ones_it_can():
    # Bases empty on a ground ball the defense throws to first; no double play.
    problem = rejected("4-3 pitches=6 hit=2:66 throw=21 race=65")
    assert "the defense has no choice to declare here" in problem.message and problem.col == 24
    # A runner on first: the second baseman may go to second, first or for the double play.
    problem = rejected("H1 pitches=6 hit=2:44", "6-4-3 pitches=6 hit=2:55 throw=3 race=26")
    assert "cannot go to third" in problem.message and "`throw=21`" in problem.message


def test_the_declared_double_play_is_played_with_its_total():
    # Double Play: "needs at least a 2 to get the runner out at second base. A total of 6 is
    # needed to get both outs": the defense's 2 gets the runner from first (11, forced) at
    # second; the batter's 2 and 6 get him to first before the ball's next roll.
    fact = play("H1 pitches=6 hit=2:44", "FC 1X2(6-4) pitches=6 hit=2:55 throw=21 race=226").facts[-1]
    assert [o.base for o in fact.outs] == [2]
    # A 4 instead: the batter is at 6, and the defense's 4 makes the total of 6.
    problem = rejected("H1 pitches=6 hit=2:44", "FC 1X2(6-4) pitches=6 hit=2:55 throw=21 race=2244")
    assert "give `6-4-3" in problem.message and "A total of 6" in problem.message


def test_full_count_two_outs_needs_both():
    problem = rejected("H1 pitches=6 hit=2:44", "H1 pitches=445126 hit=2:44 full=yes race=453")
    assert "full count with two outs" in problem.message and "here 0 out(s)" in problem.message


def test_the_runners_start_where_the_steal_and_the_hit_and_run_put_them():
    # The lead-off man on first, stealing as the ball is hit to 12: from the first red space (12)
    # a 4 takes him to second before the ball's 3 gets to first behind the batter's 4.
    fact = play("H1 pitches=6 hit=2:44", "4-3 1-2 pitches=6 hit=2:66 steal=1 race=43").facts[-1]
    assert fact.bases_after[1] == "A1"
    # From the lead (9) the same 4 leaves him on the green short of second: forced, he is out
    # on the force the defense declares.
    assert "give `FC" in rejected("H1 pitches=6 hit=2:44", "4-3 1-2 pitches=6 hit=2:66 throw=2 race=43").message
    assert "a runner on first" in rejected("H1 pitches=6 hit=2:66 hnr=5 race=453442").message
    assert "4, 5 or 6" in rejected("H1 pitches=6 hit=2:44", "H1 pitches=6 hit=3:455 hnr=2 race=453442").message
    assert "no runner" in rejected("H1 pitches=6 hit=3:455 steal=1 race=453442").message


def test_the_batter_declares_no_further_than_the_star_allows():
    problem = rejected("H2 pitches=6 hit=3:455 run=B3 race=45314232")
    assert "no further than second" in problem.message and problem.col == 24


def test_a_race_needs_a_race_and_its_dice():
    assert "no race" in rejected("H4 pitches=6 hit=6:666665 race=12").message
    assert "give its dice too" in rejected("H2 pitches=6 hit=3:555", "H1 2-2 pitches=6 hit=2:44 run=22").message
    with pytest.raises(InvalidPlay, match="offense first"):
        play("4-3 pitches=6 hit=2:66 race=67")
    with pytest.raises(InvalidPlay, match="run= takes"):
        play("4-3 pitches=6 hit=2:66 run=B5 race=65")


def test_the_missed_squeeze_is_played_with_its_dice():
    # The runner from third's 4 takes him into the red (29); the bunt's 1 is a strike; the
    # catcher's 2 gets him. A 1 for the catcher lets the offense roll once more: 3 is home.
    triple = "H3 pitches=6 hit=4:6666"
    assert play(triple, "CSH(2) squeeze=4 bunt=1 race=2", "SO pitches=111").facts[-1].play.code == "SO"
    assert play(triple, "SBH squeeze=4 bunt=1 race=13", "SO pitches=111").facts[-2].runs
    assert "out at home" in rejected(triple, "SBH squeeze=4 bunt=1 race=2").message
    assert "safety zone" in rejected(triple, "CSH(2) squeeze=2 bunt=1 race=2").message


def test_a_steal_line_takes_its_race_and_the_hit_and_runs_swing():
    single = "H1 pitches=6 hit=2:44"
    assert any(f.steals for f in play(single, "SB2 race=34", "SO pitches=111").facts)
    # The hit-and-run's swing and miss is a regular steal even for the designated stealer: one
    # die from the third green space, 3 + 3 short of second, the catcher's 5 in time.
    assert play(single, "CS2(2-4) hnr=1 race=35").facts[-1].outs
    assert "is 1" in rejected(single, "SB2 hnr=4 race=5").message
    assert "needs more dice" in rejected(single, "SB2 race=3").message


# --- the simulator writes every die --------------------------------------------------------

RACED = re.compile(r" race=[1-6]+")


def raced_everywhere(text: str) -> list[str]:
    """The lines of a simulated game that raced without writing their dice."""
    missing = []
    for st in parse_game(text).statements:
        if isinstance(st, PlateAppearance):
            location, code = st.play.location, st.play.code
            races = location in CLOUDS or location in STARS or (st.play.bunt is not None and st.play.bunt >= 4)
            tagged = code in ("7", "8", "9") and any(a.start for a in st.play.advances)
            if (races or tagged) and not RACED.search(st.text):
                missing.append(st.text)
        elif isinstance(st, RunnerEvents) and not RACED.search(st.text):
            missing.append(st.text)
    return missing


def test_simulated_games_write_every_race_and_check():
    for seed in range(120):
        text = simulate_game(seed, "diceball")
        assert raced_everywhere(text) == [], seed
        assert replay_text(text, f"seed {seed}").state.over


@pytest.mark.slow
def test_two_thousand_simulated_games_check_to_the_die():
    for seed in range(2000):
        text = simulate_game(seed, "diceball")
        assert raced_everywhere(text) == [], seed
        replay_text(text, f"seed {seed}")


def test_two_hit_and_runs_a_team_a_game():
    # Hit-and-Run: "both teams are limited to two hit-and-run attempts per game": two flies on
    # the hit-and-run, then the third attempt, a swing and a miss, is refused.
    lines = ["H1 pitches=6 hit=2:44", "7 pitches=6 hit=5:13526 hnr=5", "7 pitches=6 hit=5:13526 hnr=4"]
    assert play(*lines, "SB2 race=34").facts[-1].steals
    problem = rejected(*lines, "SB2 hnr=1 race=5")
    assert "two hit-and-run attempts" in problem.message and problem.col == 5
    # The other team has its own two.
    assert play(*lines, "IF pitches=6 hit=1:1", "bottom 1", "H1 pitches=6 hit=2:44", "SB2 hnr=1 race=5").facts[-1].steals
