"""Dice Baseball's rules, one per test, and its chart.

Every rejection asserts the line, the column and the rule named in the message."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.files import replay_game
from scorebook.games.dice_baseball import DEFAULT_CHART, ChartFile, parse_chart
from scorebook.league.definition import read_league
from scorebook.league.stored import load_league
from scorebook.notation import parse_game
from scorebook.problems import IllegalPlay, ScorebookProblem
from scorebook.sim import simulate_game
from scorebook.store.db import Store

from .conftest import HEADER, ROOT

DB = HEADER.replace("rules=diceball", "rules=dice-baseball")


def last(body: str, header: str = DB):
    return replay_game(parse_game(header + body, "db.game")).facts[-1]


def rejected(body: str, line: int, col: int, words: str, header: str = DB) -> IllegalPlay:
    """The body's `line` (1-based within the body) is rejected at `col` naming `words`."""
    with pytest.raises(IllegalPlay) as caught:
        replay_game(parse_game(header + body, "db.game"))
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
    assert not replay_game(parse_game(DB + innings(9), "db.game")).state.over
    assert last(innings(9) + "top 10\nSO").inning == 10


def test_the_extra_inning_is_played_to_its_end_and_the_leader_then_wins():
    body = innings(9) + "top 10\nH4*\n" + THREE_OUTS + "bottom 10\nSO\nSO\n"
    assert not replay_game(parse_game(DB + body, "db.game")).state.over  # the home team bats for the tie
    state = replay_game(parse_game(DB + body + "SO\n", "db.game")).state
    assert state.over and state.score == (1, 0)
    rejected(body + "SO\ntop 11", body_line(body) + 1, 1, "the game is over")


def test_a_tie_after_an_extra_inning_plays_another():
    body = innings(9) + "top 10\nH4*\n" + THREE_OUTS + "bottom 10\nH4*\n" + THREE_OUTS
    assert last(body + "top 11\nSO").inning == 11


def test_the_home_team_ahead_after_the_top_of_the_ninth_does_not_bat():
    body = "top 1\n" + THREE_OUTS + "bottom 1\nH4*\n" + THREE_OUTS + innings(8)[len(innings(1)) :] + "top 9\n" + THREE_OUTS
    state = replay_game(parse_game(DB + body, "db.game")).state
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
    done = replay_game(parse_game(DB + body + "SO\n", "db.game"))
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
        game = replay_game(parse_game(simulate_game(seed, "dice-baseball"), "sim.game"))
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


# --- a league's own chart --------------------------------------------------------------------

# scorebook's chart with 6-6 a strikeout rather than a home run.
HOUSE = DEFAULT_CHART.read_text("utf-8").replace('"6-6" = "home_run"', '"6-6" = "strikeout"')
runner = CliRunner()


def house_game(folder: Path, body: str = "top 1\nSO roll=66\n", name: str = "g.game") -> Path:
    """A game naming the chart `house.toml`, which is written beside it."""
    (folder / "house.toml").write_text(HOUSE)
    game = folder / name
    game.write_text(DB.replace("innings=9", "innings=9 chart=house.toml") + body)
    return game


def test_a_league_chart_beside_the_game_file(tmp_path):
    game = house_game(tmp_path)
    result = runner.invoke(app, ["check", str(game)])
    assert result.exit_code == 0, result.output
    game.write_text(DB + "top 1\nSO roll=66\n")  # the default chart: 6-6 is a home run
    assert "reads 6-6 as home run" in runner.invoke(app, ["check", str(game)]).output


def test_a_game_naming_a_chart_that_is_not_there(tmp_path):
    game = tmp_path / "g.game"
    game.write_text(DB.replace("innings=9", "innings=9 chart=house.toml") + "top 1\nSO\n")
    result = runner.invoke(app, ["check", str(game)])
    assert result.exit_code == 1
    col = game.read_text().index("chart=") + 1  # the problem points at the `chart=` written
    assert result.output.startswith(f"{game}:1:{col}: chart=house.toml: no such chart file"), result.output


def test_only_dice_baseball_has_a_chart(tmp_path):
    game = house_game(tmp_path)
    game.write_text(game.read_text().replace("rules=dice-baseball", "rules=diceball"))
    result = runner.invoke(app, ["check", str(game)])
    col = game.read_text().index("chart=") + 1
    assert result.output.startswith(f"{game}:1:{col}: chart= is for rules=dice-baseball"), result.output


@pytest.mark.parametrize(
    ("text", "line", "col", "words"),
    [
        ("x = 1\n", 1, 1, "a [chart] table"),
        ('[chart]\n"1-1" = double\n', 2, 9, "not TOML"),
        ('[chart]\n"1-1" = "double"\n  "7-1" = "single"\n', 3, 3, "written low-high"),
        ('[chart]\n"6-1" = "single"\n', 2, 1, "written low-high"),
        ('# a house chart\n[chart]\n1-1 = "double"\n"1-2" =  "bunt"\n', 4, 10, "not a result of Dice Baseball"),
        ("# a house chart\n[chart]\n" + '"1-1" = "double"\n', 2, 1, "no result for 1-2, 1-3"),
    ],
)
def test_a_bad_chart_is_named_by_file_line_and_column(text, line, col, words):
    with pytest.raises(ScorebookProblem) as caught:
        parse_chart(text, "house.toml")
    assert str(caught.value).startswith(f"house.toml:{line}:{col}: "), str(caught.value)
    assert words in caught.value.message


def test_check_names_the_bad_chart_a_game_names(tmp_path):
    game = house_game(tmp_path)
    (tmp_path / "house.toml").write_text(HOUSE.replace('"2-5" = "fly_out"', '"2-5" = "fly"'))
    line = HOUSE.splitlines().index('"2-5" = "fly_out"') + 1
    result = runner.invoke(app, ["check", str(game)])
    assert result.exit_code == 1
    assert result.output.startswith(f"{tmp_path / 'house.toml'}:{line}:9: `fly`: "), result.output


# --- simulated games with a chart -----------------------------------------------------------


def simulate(*args: str, env: dict | None = None):
    return runner.invoke(app, ["simulate", *args], env=env)


def test_simulate_with_a_chart_writes_it_beside_games_that_check(tmp_path):
    (tmp_path / "house.toml").write_text(HOUSE)
    options = ["--rules", "dice-baseball", "--chart", str(tmp_path / "house.toml"), "--games", "12", "--seed", "5"]
    done = simulate(*options, "--out", str(tmp_path / "a"))
    assert done.exit_code == 0, done.output
    games = sorted((tmp_path / "a").glob("*.game"))
    assert (tmp_path / "a" / "house.toml").read_text() == HOUSE
    assert all(g.read_text().splitlines()[0].endswith(" chart=house.toml") for g in games)
    texts = "".join(g.read_text() for g in games)
    assert "SO roll=66" in texts and "H4* roll=66" not in texts  # the house chart was played
    checked = runner.invoke(app, ["check", *map(str, games)])
    assert checked.exit_code == 0 and checked.output.count(": ok (final") == 12, checked.output
    # The same seed gives the same files, in one process or two.
    assert simulate(*options, "--out", str(tmp_path / "b"), "--jobs", "2").exit_code == 0
    assert all(g.read_bytes() == (tmp_path / "b" / g.name).read_bytes() for g in games)


def test_simulate_refuses_a_bad_chart_or_one_it_cannot_use(tmp_path):
    (tmp_path / "bad.toml").write_text('[chart]\n"1-1" = "double"\n"1-7" = "single"\n')
    bad = simulate("--rules", "dice-baseball", "--chart", str(tmp_path / "bad.toml"), "--out", str(tmp_path / "o"))
    assert bad.exit_code == 1 and f"{tmp_path / 'bad.toml'}:3:1: `1-7`: a pair of dice" in bad.output, bad.output
    (tmp_path / "house.toml").write_text(HOUSE)
    chart = str(tmp_path / "house.toml")
    assert "give --rules dice-baseball" in simulate("--chart", chart, "--out", str(tmp_path / "o")).output
    assert "drop --chart" in simulate("--league", "demo", "--chart", chart).output
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "house.toml").write_text("# another file\n")
    taken = simulate("--rules", "dice-baseball", "--chart", chart, "--out", str(tmp_path / "taken"))
    assert taken.exit_code == 1 and "a different file of that name is here" in taken.output
    assert (tmp_path / "taken" / "house.toml").read_text() == "# another file\n"
    (tmp_path / "my house.toml").write_text(HOUSE)
    spaced = simulate("--rules", "dice-baseball", "--chart", str(tmp_path / "my house.toml"), "--out", str(tmp_path / "o"))
    assert spaced.exit_code == 1 and "rename the file without spaces" in spaced.output


# --- a league with its chart, played and stored -------------------------------------------


def porch_league(folder: Path, chart: str = 'chart = "charts/house.toml"') -> Path:
    """The demo league's teams playing Dice Baseball with their chart in a folder of its own."""
    (folder / "charts").mkdir(exist_ok=True)
    (folder / "charts" / "house.toml").write_text(HOUSE)
    text = (ROOT / "leagues" / "demo.toml").read_text().replace('name = "demo"', 'name = "porch"')
    league = folder / "porch.toml"
    league.write_text(text.replace('rules = "diceball"', f'rules = "dice-baseball"\n{chart}'))
    return league


def test_a_league_reads_its_chart_beside_its_file(tmp_path):
    league = read_league(porch_league(tmp_path))
    assert league.chart == ChartFile("house.toml", HOUSE)
    assert parse_chart(league.chart.text, "house.toml")[6, 6] == "strikeout"


@pytest.mark.parametrize(
    ("chart", "rules", "col", "words"),
    [
        ('chart = "charts/nope.toml"', "dice-baseball", 9, "no chart file"),
        ("chart = 3", "dice-baseball", 1, "a file name in quotes"),
        ('chart = "charts/house.toml"', "diceball", 1, "for a Dice Baseball league"),
    ],
)
def test_a_league_chart_problem_names_the_league_file_line_and_column(tmp_path, chart, rules, col, words):
    path = porch_league(tmp_path, chart)
    path.write_text(path.read_text().replace('rules = "dice-baseball"', f'rules = "{rules}"'))
    line = path.read_text().splitlines().index(chart) + 1
    with pytest.raises(ScorebookProblem) as caught:
        read_league(path)
    assert str(caught.value).startswith(f"{path}:{line}:{col}: "), str(caught.value)
    assert words in caught.value.message


def test_a_league_with_a_bad_chart_names_the_chart_file(tmp_path):
    path = porch_league(tmp_path)
    (tmp_path / "charts" / "house.toml").write_text(HOUSE.replace('"4-4" = "triple"', '"4-4" = "triples"'))
    line = HOUSE.splitlines().index('"4-4" = "triple"') + 1
    with pytest.raises(ScorebookProblem) as caught:
        read_league(path)
    chart = tmp_path / "charts" / "house.toml"
    assert str(caught.value).startswith(f"{chart}:{line}:9: `triples`: "), str(caught.value)


def test_a_league_plays_and_stores_its_games_with_its_chart(tmp_path, monkeypatch):
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'league.db'}"}
    created = runner.invoke(app, ["league", "create", str(porch_league(tmp_path))], env=env)
    assert created.exit_code == 0 and "its own dice chart house.toml" in created.output, created.output
    assert runner.invoke(app, ["league", "schedule", "porch", "--round-robin"], env=env).exit_code == 0
    played = simulate("--league", "porch", "--games", "6", "--out", str(tmp_path / "out"), env=env)
    assert played.exit_code == 0, played.output
    games = sorted((tmp_path / "out").glob("*.game"))
    assert (tmp_path / "out" / "house.toml").read_text() == HOUSE
    assert all(" chart=house.toml" in g.read_text().splitlines()[0] for g in games)
    assert "SO roll=66" in "".join(g.read_text() for g in games)
    checked = runner.invoke(app, ["check", *map(str, games)])
    assert checked.exit_code == 0 and checked.output.count(": ok (final") == 6, checked.output
    # The store replays its games with the chart it keeps, from any folder, the chart file gone.
    (tmp_path / "charts" / "house.toml").unlink()
    monkeypatch.chdir(tmp_path / "charts")
    store = Store(env["SCOREBOOK_DB"])
    assert all(store.replay(g.stem).state.over for g in games)
    assert runner.invoke(app, ["box", games[0].stem], env=env).exit_code == 0
    playoffs = runner.invoke(app, ["league", "playoffs", "porch", "--teams", "2", "--best-of", "1", "--play"], env=env)
    assert playoffs.exit_code == 0 and "Champion:" in playoffs.output, playoffs.output
    assert load_league(store, "porch").chart == ChartFile("house.toml", HOUSE)


def test_a_league_game_scored_live_plays_on_the_leagues_chart(tmp_path, monkeypatch):
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'league.db'}"}
    assert runner.invoke(app, ["league", "create", str(porch_league(tmp_path))], env=env).exit_code == 0
    (tmp_path / "charts" / "house.toml").unlink()  # the store's copy is the one that counts
    monkeypatch.chdir(tmp_path)
    started = runner.invoke(app, ["game", "new", "--league", "porch", "--away", "Harbor Gulls", "--home", "Old Town Owls"], env=env)
    assert started.exit_code == 0, started.output
    game = started.output.strip()
    assert Store(env["SCOREBOOK_DB"]).game_text(game).splitlines()[0].endswith(" league=porch chart=house.toml")
    recorded = runner.invoke(app, ["record", game, "SO roll=66"], env=env)  # 6-6: the house chart's strikeout
    assert recorded.exit_code == 0 and "1 out" in recorded.output, recorded.output
    assert runner.invoke(app, ["record", game, "H4* roll=66"], env=env).exit_code == 1  # not the default's home run


def test_the_store_keeps_an_imported_games_chart(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'x.db'}"
    game = house_game(tmp_path, "top 1\nSO roll=66\n")  # in progress
    store = Store(url)
    game_id = store.import_file(game).game_id
    monkeypatch.chdir(tmp_path.parent)  # the chart is not beside the current folder
    assert store.replay(game_id).facts[-1].so
    # Live scoring goes on with the game's chart: 6-6 is its strikeout, not a home run.
    recorded = runner.invoke(app, ["record", game_id, "SO roll=66"], env={"SCOREBOOK_DB": url})
    assert recorded.exit_code == 0 and "2 outs" in recorded.output, recorded.output
    # Exported, the game takes its chart along.
    exported = tmp_path / "out" / "g.game"
    exported.parent.mkdir()
    assert runner.invoke(app, ["export", game_id, "-o", str(exported)], env={"SCOREBOOK_DB": url}).exit_code == 0
    assert (tmp_path / "out" / "house.toml").read_text() == HOUSE
    assert runner.invoke(app, ["check", str(exported)]).exit_code == 0
    store.delete(game_id)
    assert store.count("game_charts") == 0
