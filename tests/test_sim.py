"""The simulator: every game it plays passes the rules; the rulebook's worked examples, die by
die, with scripted dice; seeds reproduce games; managers are replaceable."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.files import replay_game
from scorebook.notation import parse_game
from scorebook.problems import ScorebookProblem
from scorebook.sim import Manager, PolicyManager, simulate_game
from scorebook.sim.diceball import DiceballPlayer
from scorebook.sim.writer import GameWriter


def check(text: str):
    return replay_game(parse_game(text, "sim.game"))


@pytest.mark.parametrize("rules", ["diceball", "dice-baseball"])
def test_hundreds_of_simulated_games_pass_the_rules(rules: str):
    squeezes = 0
    for seed in range(250 if rules == "diceball" else 150):
        text = simulate_game(seed, rules)
        game = check(text)
        assert game.state.over, seed
        squeezes += len(re.findall(r" squeeze=[1-6] ", text))  # a good squeeze, or a missed one in the red
    # The default manager tries the suicide bunt, rarely.
    assert 0 < squeezes < 20 if rules == "diceball" else squeezes == 0


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
    assert at_bat([], HIT_TO_12 + [6, 5]) == "4-3 pitches=6 hit=2:66 race=65"


def test_error_example_1_safe_on_an_error():
    # "The ball is hit to 12. The offense rolls a 5. The defense rolls a 1. The offense rolls a 4."
    assert at_bat([], HIT_TO_12 + [5, 1, 4]) == "E4 pitches=6 hit=2:66 race=514"


def test_error_example_2_the_error_is_avoided():
    # "The offense rolls a 4. The defense rolls a 1. The offense rolls a 3. The defense rolls a 4."
    assert at_bat([], HIT_TO_12 + [4, 1, 3, 4]) == "4-3 pitches=6 hit=2:66 race=4134"


def test_a_two_base_error():
    # "The offense rolls a 6. The defense rolls a 1. The offense rolls a 6 ... a two-base error."
    assert at_bat([], HIT_TO_12 + [6, 1, 6]) == "2E4 pitches=6 hit=2:66 race=616"


def test_the_rare_play_both_runners_safe_on_the_error():
    # "a runner on first base and the ball is hit to 10. The offense rolls a 6. The defense rolls
    # a 1. The offense rolls a 1. In that case, there is an error and both runners are safe."
    assert at_bat(["H1"], [6, 2, 5, 5] + [6, 1, 1]) == "E6 pitches=6 hit=2:55 throw=21 race=611"


def test_a_double_play_to_the_shortstop():
    # Double Play: "The ball is hit to 10, 11, 12 or 13 ... needs at least a 2 to get the runner
    # out at second base. A total of 6 is needed to get both outs."
    assert at_bat(["H1"], [6, 2, 5, 5] + [2, 6]) == "6-4-3 pitches=6 hit=2:55 throw=21 race=26"


def test_the_runner_forced_out_at_second_and_the_batter_safe():
    # Two needed for second, six for first: the offense's 6 and 3 beat the ball's 2 + 3.
    assert at_bat(["H1"], [6, 2, 5, 5] + [3, 2, 6]) == "FC 1X2(6-4) pitches=6 hit=2:55 throw=21 race=326"


def test_an_infield_hit_moves_the_runners_one_base():
    assert at_bat(["H2"], HIT_TO_12 + [6, 1, 2]) == "E4 pitches=6 hit=2:66 race=612"
    assert at_bat(["H2"], HIT_TO_12 + [6, 2, 2]) == "H1 pitches=6 hit=2:66 race=622"


def test_a_sacrifice_fly_two_dice_eight_or_more():
    # Advancing on a Fly-Out: "the offense throws two dice. With a roll of 8 or more, the runner is safe."
    assert at_bat(["H3"], [6, 4, 6, 5, 6, 4] + [4, 4]) == "9* 3-H pitches=6 hit=4:6564 run=3H race=44"
    # 7 is short: the right fielder's two dice (10 needed for home) fall short too, then the
    # runner's one die gets him there first.
    assert at_bat(["H3"], [6, 4, 6, 5, 6, 4] + [3, 4, 2, 3, 1]) == "9* 3-H pitches=6 hit=4:6564 run=3H race=34231"
    assert at_bat(["H3"], [6, 4, 6, 5, 6, 4] + [3, 4, 6, 4]) == "9 3XH(9-2) pitches=6 hit=4:6564 run=3H race=3464"


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
    assert "'bonn' is not one of 'diceball', 'dice-baseball', 'bonn-die'" in runner.invoke(app, ["simulate", "-o", "x", "--rules", "bonn"]).output


class HitAndRun(Quiet):
    def hit_and_run(self, s, rng):
        return True


def test_hit_and_run_a_swing_and_a_miss_is_a_regular_steal():
    # The die's 1 is the swing and miss; the runner's 5 from the third green space; two strikes.
    assert at_bat(["H1"], [1, 5, 1, 1], HitAndRun, lines=2) == "SB2 hnr=1 race=5\nSO pitches=111"


def test_hit_and_run_the_runner_starts_from_the_third_green_space():
    # The ball to the shortstop (10): the runner from the third green space reaches second on
    # the offense's 5, before the relay's 2: no force there, and the batter beats the throw.
    assert at_bat(["H1"], [5, 2, 5, 5, 5, 2, 3], HitAndRun) == "H1 pitches=6 hit=2:55 hnr=5 race=523"


def test_no_more_than_two_hit_and_runs_a_game():
    player = DiceballPlayer()
    check(GameWriter("diceball", 5, managers=(HitAndRun(), HitAndRun())).text(player))
    assert player.hit_and_runs == [2, 2]


# --- the suicide bunt ---------------------------------------------------------------------------


class Squeeze(Quiet):
    def squeeze(self, s, rng):
        return True


def test_a_missed_squeeze_the_runner_in_the_red_is_thrown_at():
    # The Suicide Bunt: the runner's 4 takes him from third's lead (25) into the red (29); the
    # bunt die's 1 is a strike; "the defense needs a roll of 2 or more to complete the out".
    # Then the pitcher pitches: two more strikes.
    assert at_bat(["H3"], [4, 1, 2, 1, 1], Squeeze, lines=2) == "CSH(2) squeeze=4 bunt=1 race=2\nSO pitches=111"
    # "If the defense rolls a 1, the offense rolls again; runners that fail to reach home plate
    # on that roll are automatically out": 3 gets him home, 2 does not.
    assert at_bat(["H3"], [4, 1, 1, 3, 1, 1], Squeeze, lines=2) == "SBH squeeze=4 bunt=1 race=13\nSO pitches=111"
    assert at_bat(["H3"], [4, 1, 1, 2, 1, 1], Squeeze, lines=2) == "CSH(2) squeeze=4 bunt=1 race=12\nSO pitches=111"
    # The runner behind him runs at the same speed and takes the next base.
    assert at_bat(["H3", "BB"], [4, 1, 2, 1, 1], Squeeze, lines=2) == "CSH(2) 1-2 squeeze=4 bunt=1 race=2\nSO pitches=111"


def test_a_missed_squeeze_the_runner_on_the_green_goes_back():
    # A 2 leaves him on the green (27): "must go back to the base (without throwing the die)".
    assert at_bat(["H3"], [2, 1, 1, 1], Squeeze) == "SO pitches=111"


def test_a_good_squeeze_bunt():
    # In the red, the bunt's 5: the offense rolls again (3), the runner is home and the batter
    # starts; "The defense needs a roll of 4 or more to make the out" at first.
    assert at_bat(["H3"], [4, 5, 3, 4], Squeeze) == "SH2-3* 3-H bunt=5 squeeze=4 race=34"
    assert at_bat(["H3"], [4, 5, 3, 3, 6], Squeeze) == "H1* bunt=5 squeeze=4 race=336"
    # Short of home (30): the defense's 2 gets him; the batter "is automatically safe".
    assert at_bat(["H3"], [3, 6, 2, 2], Squeeze) == "FC 3XH(2) bunt=6 squeeze=3 race=22"
    # On the green (26): he goes back; the batter runs, the catcher needs 4 to first.
    assert at_bat(["H3"], [1, 4, 5, 4], Squeeze) == "2-3 bunt=4 squeeze=1 race=54"
    assert at_bat(["H3"], [1, 4, 5, 3, 3], Squeeze) == "H1 3-3 bunt=4 squeeze=1 race=533"


def test_a_foul_squeeze_after_two_strikes_is_the_third_strike():
    class AfterTwoStrikes(Quiet):
        def squeeze(self, s, rng):
            return s.strikes == 2

    # "A failed bunt after two strikes counts as a third strike."
    assert at_bat(["H3"], [1, 1, 2, 3], AfterTwoStrikes) == "SO pitches=11 bunt=3"


def test_a_sacrifice_with_runners_on_second_and_third_sends_both():
    class Bunter(Quiet):
        def bunt(self, s, rng):
            return True

    # The runner from second, "spotted on the first red space", comes to third: the runner
    # there goes home (the engine's default pushes him on: `SH2-3*`).
    assert at_bat(["H3", "H2 3-3"], [5, 3, 4], Bunter) == "SH2-3* bunt=5 race=34"


# --- the automatic strike -------------------------------------------------------------------------


class TakeSix(Quiet):
    def take_six(self, s, rng):
        return True


def test_the_automatic_strike_is_counted_and_never_the_third():
    # The Automatic Strike: two 6s taken are two strikes; the third 6 is swung at.
    assert at_bat([], [6, 6, 6, 1, 1], TakeSix) == "IF pitches=666 hit=1:1"
    # A bunt after a taken 6: the count before it ends with the 6.
    bunt_on_one_strike = type("BuntOnOneStrike", (TakeSix,), {"bunt": lambda self, s, rng: s.strikes == 1})
    assert at_bat(["H1"], [6, 5, 3, 4], bunt_on_one_strike) == "SH2-3 pitches=6 bunt=5 race=34"


def test_games_pass_the_rules_whatever_a_policy_answers():
    def anything(decision, view):
        if decision == "throw":
            return view.rng.choice(sorted(view.options))
        return view.rng.random() < (0.1 if decision in ("change_pitcher", "pinch_hit", "intentional_walk") else 0.5)

    for seed in range(40):
        assert check(simulate_game(seed, managers=(PolicyManager(anything), PolicyManager(anything)))).state.over


# --- double plays, throws, holding, steals --------------------------------------------------------


def test_the_first_baseman_goes_to_first_then_second_for_six():
    # Double Play, ball to 3: "first to first base and then to second base. A total of 6 or
    # more" (second then first would need 7). The runner from first, in the red (12) when the
    # ball gets to second, is out; on the green (11) the force is gone and he slides back.
    assert at_bat(["H1"], [6, 1, 3, 3, 6]) == "3 1X2(3-6) pitches=6 hit=1:3 throw=12 race=36"
    assert at_bat(["H1"], [6, 1, 3, 2, 6]) == "3 1-1 pitches=6 hit=1:3 throw=12 race=26"


def test_bases_loaded_the_pitcher_goes_home_then_first_for_six():
    # Double Play, ball to 2: "If the bases are loaded, then the ball may be thrown first to
    # home plate and then to first base. A total of 6 or more is needed."
    def home_first(decision, view):
        if decision == "throw":
            assert view.options["home-first"] == (6, 6) and view.options["second-first"] == (6, 6)
            return "home-first"
        return None

    assert at_bat(["BB", "BB", "BB"], [6, 1, 2, 1, 6], lambda: PolicyManager(home_first)) == (
        "1-2-3 pitches=6 hit=1:2 throw=H1 race=16"  # the bare double play through the catcher is home-then-first
    )


def test_the_rulebooks_non_forced_out_example():
    # Non-Forced Out: "The ball is hit to 12 with only a runner on second base. The offense
    # announces its intention to run to third base and rolls a 3. The second baseman decides to
    # throw to third base; the baseman needs a 5 but only gets a 4. The offense rolls again and
    # gets a 1. The defense rolls again, needing only 1, but gets a 6 ... The batter then gets
    # to first base without having to throw the die." The managers here are plain functions.
    def to_third(decision, view):
        if decision == "run_on_ground_ball":
            return True
        if decision == "throw":
            assert view.options["third"] == (5, 4) and view.options["first"] == (3, 5)
            return "third"
        return None

    assert at_bat(["H2"], [6, 2, 6, 6, 3, 4, 1, 6], lambda: PolicyManager(to_third)) == "FC 2X3(4-5) pitches=6 hit=2:66 run=23 throw=3 race=3416"


def test_a_runner_not_forced_may_hold_on_a_hit():
    # Safety Zone: "A runner on a base or on a green space, can decide to stop running." The
    # runner on second holds on a single to 8; the batter stops at first.
    class Holder(Quiet):
        def keep_running(self, base, spaces, ball, s, rng):
            return False

    assert at_bat(["H2"], [6, 2, 4, 4, 6, 3, 2, 2], Holder) == "H1 2-2 pitches=6 hit=2:44 run=22 race=6322"


def test_runners_on_first_and_second_the_runner_on_second_may_steal_alone():
    class StealThird(Quiet):
        def steal(self, s, rng):
            return bool(s.state.bases[0] and s.state.bases[1])

        def double_steal(self, s, rng):
            return False

    # A ball (4): the designated stealer (the lead-off man, walked to second) runs with two
    # dice from the first green space, 3 + 4; the runner on first stays.
    assert at_bat(["BB", "BB"], [4, 3, 4, 4, 4, 4], StealThird, lines=2) == "SB3 race=34\nBB pitches=4444"
    assert at_bat(["BB", "BB"], [4, 3, 4, 4, 4, 4], type("Both", (StealThird,), {"double_steal": Manager.double_steal}), lines=2) == (
        "SB3 SB2 race=34\nBB pitches=4444"
    )


# --- managers as functions, per side --------------------------------------------------------------


def test_a_policy_function_decides_what_it_answers_and_the_default_the_rest():
    asked = set()

    def never_steal(decision, view):
        asked.add(decision)
        assert view.state is not None and view.rng is not None
        return False if decision == "steal" else None

    text = simulate_game(3, managers=(PolicyManager(never_steal), PolicyManager(never_steal)))
    check(text)
    assert "SB" not in text and "CS" not in text
    assert {"steal", "keep_running", "throw", "change_pitcher", "pinch_hit"} <= asked
    # A function that answers nothing plays exactly the default game.
    silent = PolicyManager(lambda decision, view: None)
    assert simulate_game(3, managers=(silent, silent)) == simulate_game(3)


def test_a_policy_answering_what_a_decision_does_not_take_is_named():
    def maybe(decision, view):
        return "maybe" if decision == "steal" else None

    with pytest.raises(ScorebookProblem, match=r"answered 'maybe' to 'steal': it takes True, False") as caught:
        for seed in range(20):
            simulate_game(seed, managers=(PolicyManager(maybe), PolicyManager(maybe)))
    assert caught.value.path == __file__ and caught.value.line > 0


def steal_lines_by_half(text: str) -> tuple[int, int]:
    """Lines with a stolen base or caught stealing in the top halves and in the bottom halves."""
    counts, half = [0, 0], 0
    for line in text.splitlines():
        if line.startswith(("top ", "bottom ")):
            half = line.startswith("bottom")
        elif line.startswith(("SB", "CS")):
            counts[half] += 1
    return counts[0], counts[1]


def test_a_dice_baseball_lineup_shorter_than_nine_is_simulated_as_given(tmp_path):
    """Dice Baseball names one to nine runners: the pitcher follows the batters the file gives,
    not the tenth name of a nine-man roster."""
    lineups = tmp_path / "lineups.txt"
    lineups.write_text('lineup away "Ann" "Bo" "Cy"\npitcher away "Pia"\nlineup home "Dee" "Eli" "Fay" "Gus"\npitcher home "Hal"\n')
    runner = CliRunner()
    out = tmp_path / "sim"
    done = runner.invoke(app, ["simulate", "--rules", "dice-baseball", "--games", "3", "--out", str(out), "--lineup-file", str(lineups)])
    assert done.exit_code == 0, done.output
    files = sorted(out.glob("*.game"))
    checked = runner.invoke(app, ["check", *map(str, files)])
    assert checked.exit_code == 0 and checked.output.count(": ok (final;") == 3, checked.output
    for path in files:
        text = path.read_text()
        assert 'lineup away "Ann" "Bo" "Cy"\n' in text and 'pitcher away "Pia"\n' in text
        assert 'lineup home "Dee" "Eli" "Fay" "Gus"\n' in text and 'pitcher home "Hal"\n' in text


def test_simulate_named_teams_with_a_lineup_file_and_a_manager_for_each_side(tmp_path):
    policies = tmp_path / "policies.py"
    policies.write_text(
        "def runs(decision, view):\n    return view.strikes < 2 if decision == 'steal' else None\n\n"
        "def stays(decision, view):\n    return False if decision == 'steal' else None\n"
    )
    lineups = tmp_path / "lineups.txt"
    batters = " ".join(f'"Gull {n}":{p}' for n, p in zip(range(1, 10), (8, 6, 4, 3, 9, 5, 7, 2, 1)))
    lineups.write_text(f'lineup away {batters}\npitcher away "Gull 9"\n')
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["simulate", "--games", "3", "--seed", "2", "--out", str(tmp_path / "sim"), "--lineup-file", str(lineups),
         "--away", "Harbor Gulls", "--home", "Old Town Owls",
         "--away-manager", f"{policies}:runs", "--home-manager", f"{policies}:stays"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "sim").glob("*.game"))
    checked = runner.invoke(app, ["check", *map(str, files)])
    assert checked.exit_code == 0 and checked.output.count(": ok (final;") == 3
    for path in files:
        text = path.read_text()
        assert f"lineup away {batters}\n" in text and 'pitcher away "Gull 9"\n' in text
        assert 'lineup home "' in text  # the home team, not in the file, is generated
        top, bottom = steal_lines_by_half(text)
        assert top > 0 and bottom == 0, path.name
    # A plain function for both sides.
    both = runner.invoke(app, ["simulate", "--games", "1", "--out", str(tmp_path / "both"), "--manager", f"{policies}:stays"])
    assert both.exit_code == 0, both.output
    assert steal_lines_by_half((tmp_path / "both" / "game-00001.game").read_text()) == (0, 0)


def test_simulate_names_a_lineup_file_that_does_not_fit_the_rules(tmp_path):
    lineups = tmp_path / "lineups.txt"
    lineups.write_text('# two batters\nlineup away "A" "B"\npitcher away "P"\n')
    result = CliRunner().invoke(app, ["simulate", "--out", str(tmp_path / "sim"), "--lineup-file", str(lineups)])
    assert result.exit_code == 1 and f"{lineups}:2:1: the away lineup has 2 batters; a diceball lineup has 9" in result.output
    lineups.write_text('lineup away "A" "B"\n')
    result = CliRunner().invoke(app, ["simulate", "--out", str(tmp_path / "sim"), "--lineup-file", str(lineups)])
    assert result.exit_code == 1 and f"{lineups}:1: `lineup away` needs its pitcher too" in result.output
