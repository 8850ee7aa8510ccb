"""The simulator: every game it plays passes the rules; the rulebook's worked examples, die by
die, with scripted dice; seeds reproduce games; managers are replaceable."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.engine import replay
from scorebook.notation import parse_game
from scorebook.sim import Manager, simulate_game
from scorebook.sim.diceball import DiceballPlayer
from scorebook.sim.writer import GameWriter


def check(text: str):
    return replay(parse_game(text, "sim.game"))


@pytest.mark.parametrize("rules", ["diceball", "dice-baseball"])
def test_hundreds_of_simulated_games_pass_the_rules(rules: str):
    for seed in range(250 if rules == "diceball" else 150):
        game = check(simulate_game(seed, rules))
        assert game.state.over, seed


def test_a_seed_reproduces_a_game():
    assert simulate_game(7) == simulate_game(7)
    assert simulate_game(7) != simulate_game(8)


class Declining:
    """A random generator for the managers that declines every optional decision."""

    def random(self) -> float:
        return 0.99

    def randint(self, low: int, high: int) -> int:
        return high

    def choice(self, options):
        return options[0]


class Quiet(Manager):
    """Declines every optional play, so scripted dice go where the rulebook's examples say."""

    def steal(self, s, rng):
        return False

    def bunt(self, s, rng):
        return False

    def intentional_walk(self, s, rng):
        return False

    def tag_up(self, base, s, rng):
        return True

    def run_on_ground_ball(self, base, s, rng):
        return False

    def cut_off_run(self, s, rng):
        return False

    def hit_and_run(self, s, rng):
        return False

    def run_on_full_count(self, s, rng):
        return False


def at_bat(setup: list[str], dice: list[int], manager: type[Manager] = Quiet, lines: int = 1) -> str:
    """The line(s) written for one plate appearance played with `dice` after `setup`."""
    writer = GameWriter("diceball", 1, managers=(manager(), manager()))
    writer.emit("top 1")
    for text in setup:
        writer.emit(text)
    writer.rng = Declining()  # type: ignore[assignment]
    script = list(dice)
    writer.die = lambda: script.pop(0)  # type: ignore[method-assign]
    DiceballPlayer().plate_appearance(writer)
    assert not script, "every scripted die is used"
    return "\n".join(writer.lines[-lines:])


# The pitch: "6" is the ball hit; then the count die and that many dice give the location.
HIT_TO_12 = [6, 2, 6, 6]


def test_ground_ball_to_12_the_batter_out():
    # Relays to First Base, example: "The ball is hit to 12 ... the offense gets a 6, 2 short of
    # the first base ... A roll of 3 or more will get the ball to first base. The defense rolls a 5."
    assert at_bat([], HIT_TO_12 + [6, 5]) == "4-3 pitches=6 hit=2:66"


def test_error_example_1_safe_on_an_error():
    # "The ball is hit to 12. The offense rolls a 5. The defense rolls a 1. The offense rolls a 4."
    assert at_bat([], HIT_TO_12 + [5, 1, 4]) == "E4 pitches=6 hit=2:66"


def test_error_example_2_the_error_is_avoided():
    # "The offense rolls a 4. The defense rolls a 1. The offense rolls a 3. The defense rolls a 4."
    assert at_bat([], HIT_TO_12 + [4, 1, 3, 4]) == "4-3 pitches=6 hit=2:66"


def test_a_two_base_error():
    # "The offense rolls a 6. The defense rolls a 1. The offense rolls a 6 ... a two-base error."
    assert at_bat([], HIT_TO_12 + [6, 1, 6]) == "2E4 pitches=6 hit=2:66"


def test_the_rare_play_both_runners_safe_on_the_error():
    # "a runner on first base and the ball is hit to 10. The offense rolls a 6. The defense rolls
    # a 1. The offense rolls a 1. In that case, there is an error and both runners are safe."
    assert at_bat(["H1"], [6, 2, 5, 5] + [6, 1, 1]) == "E6 pitches=6 hit=2:55"


def test_a_double_play_to_the_shortstop():
    # Double Play: "The ball is hit to 10, 11, 12 or 13 ... needs at least a 2 to get the runner
    # out at second base. A total of 6 is needed to get both outs."
    assert at_bat(["H1"], [6, 2, 5, 5] + [2, 6]) == "6-4-3 pitches=6 hit=2:55"


def test_the_runner_forced_out_at_second_and_the_batter_safe():
    # Two needed for second, six for first: the offense's 6 and 3 beat the ball's 2 + 3.
    assert at_bat(["H1"], [6, 2, 5, 5] + [3, 2, 6]) == "FC 1X2(6-4) pitches=6 hit=2:55"


def test_an_infield_hit_moves_the_runners_one_base():
    assert at_bat(["H2"], HIT_TO_12 + [6, 1, 2]) == "E4 pitches=6 hit=2:66"
    assert at_bat(["H2"], HIT_TO_12 + [6, 2, 2]) == "H1 pitches=6 hit=2:66"


def test_a_sacrifice_fly_two_dice_eight_or_more():
    # Advancing on a Fly-Out: "the offense throws two dice. With a roll of 8 or more, the runner is safe."
    assert at_bat(["H3"], [6, 4, 6, 5, 6, 4] + [4, 4]) == "9* 3-H pitches=6 hit=4:6564"
    # 7 is short: the right fielder's two dice (10 needed for home) fall short too, then the
    # runner's one die gets him there first.
    assert at_bat(["H3"], [6, 4, 6, 5, 6, 4] + [3, 4, 2, 3, 1]) == "9* 3-H pitches=6 hit=4:6564"
    assert at_bat(["H3"], [6, 4, 6, 5, 6, 4] + [3, 4, 6, 4]) == "9 3XH(9-2) pitches=6 hit=4:6564"


def test_a_strikeout_and_a_walk_from_the_pitch_die():
    assert at_bat([], [2, 1, 2, 4, 1]) == "SO pitches=21241"  # the rulebook's strikeout example
    assert at_bat([], [4, 1, 3, 4, 2, 3, 4, 5]) == "BB pitches=41342345"  # and its walk


def test_a_home_run_and_an_infield_fly():
    assert at_bat([], [6, 6, 6, 5, 2, 4, 6, 6]) == "H4* pitches=6 hit=6:652466"
    assert at_bat([], [6, 1, 1]) == "IF pitches=6 hit=1:1"


class Bold(Manager):
    aggression = 1.0

    def steal(self, s, rng):
        return s.strikes < 2 and s.balls < 3


def test_a_manager_of_your_own_plays_your_way():
    quiet = simulate_game(3, managers=(Quiet(), Quiet()))
    bold = simulate_game(3, managers=(Bold(), Bold()))
    assert "SB" not in quiet and "CS" not in quiet and "IBB" not in quiet
    assert quiet != bold and ("SB" in bold or "CS" in bold)
    check(bold)


def test_simulate_writes_games_that_check(tmp_path):
    manager = tmp_path / "mine.py"
    manager.write_text("from scorebook.sim import Manager\nclass Mine(Manager):\n    aggression = 0.9\n")
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["simulate", "--games", "6", "--seed", "4", "--out", str(tmp_path / "sim"), "--jobs", "2",
         "--away", "Harbor Gulls", "--home", "Old Town Owls", "--manager", f"{manager}:Mine"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "sim").glob("*.game"))
    assert len(files) == 6
    checked = runner.invoke(app, ["check", *map(str, files)])
    assert checked.exit_code == 0 and checked.output.count(": ok (final;") == 6
    assert 'away "Harbor Gulls"' in files[0].read_text()


def test_simulate_names_a_bad_manager_or_game():
    runner = CliRunner()
    assert "module:Name" in runner.invoke(app, ["simulate", "-o", "x", "--manager", "nothing"]).output
    assert "no simulator for rules=bonn" in runner.invoke(app, ["simulate", "-o", "x", "--rules", "bonn"]).output


class HitAndRun(Quiet):
    def hit_and_run(self, s, rng):
        return True


def test_hit_and_run_a_swing_and_a_miss_is_a_regular_steal():
    # The die's 1 is the swing and miss; the runner's 5 from the third green space; two strikes.
    assert at_bat(["H1"], [1, 5, 1, 1], HitAndRun, lines=2) == "SB2\nSO pitches=111"


def test_hit_and_run_the_runner_starts_from_the_third_green_space():
    # The ball to the shortstop (10): the runner from the third green space reaches second on
    # the offense's 5, before the relay's 2: no force there, and the batter beats the throw.
    assert at_bat(["H1"], [5, 2, 5, 5, 5, 2, 3], HitAndRun) == "H1 pitches=6 hit=2:55"


def test_no_more_than_two_hit_and_runs_a_game():
    player = DiceballPlayer()
    check(GameWriter("diceball", 5, managers=(HitAndRun(), HitAndRun())).text(player))
    assert player.hit_and_runs == [2, 2]
