"""Leagues: schedules, standings and every tiebreaker on hand-built results, forfeits and
unplayed games, playoffs, and a simulated double round robin that must agree with the store."""

from __future__ import annotations

from collections import Counter

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.cli.league import league_standings
from scorebook.league.playoffs import bracket, champion, first_round
from scorebook.league.schedule import round_robin
from scorebook.league.standings import Result, standings
from scorebook.store.db import Store
from scorebook.store.leagues import load_league, results, schedule

from .conftest import ROOT

ALL = ("head-to-head", "run-differential", "runs-allowed", "coin-flip")


def order(rows) -> list[str]:
    return [r["team"] for r in rows]


@pytest.mark.parametrize("teams", [6, 5, 4, 3])
def test_a_round_robin_meets_everybody_home_and_away(teams: int):
    names = [f"T{i}" for i in range(teams)]
    slots = round_robin(names, rounds=2)
    assert Counter(frozenset((s.away, s.home)) for s in slots) == {frozenset(p): 2 for p in _pairs(names)}
    assert set(Counter((s.away, s.home) for s in slots).values()) == {1}  # once at each park
    homes, aways = Counter(s.home for s in slots), Counter(s.away for s in slots)
    assert all(homes[t] == aways[t] == teams - 1 for t in names)
    for day in {s.date for s in slots}:  # nobody plays twice a day; with an odd count one sits out
        playing = [t for s in slots if s.date == day for t in (s.away, s.home)]
        assert len(playing) == len(set(playing)) == teams - teams % 2


def _pairs(names):
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]


def test_standings_columns_by_hand():
    games = [Result("A", "B", 3, 2), Result("B", "A", 5, 1), Result("A", "C", 4, 0), Result("C", "B", 2, 1)]
    rows = {r["team"]: r for r in standings(["A", "B", "C"], games, ALL)}
    assert (rows["A"]["W"], rows["A"]["L"], rows["A"]["RS"], rows["A"]["RA"], rows["A"]["DIFF"]) == (2, 1, 8, 7, 1)
    assert (rows["A"]["HOME"], rows["A"]["AWAY"], rows["A"]["L10"], rows["A"]["STRK"]) == ("0-1", "2-0", "2-1", "W1")
    assert (rows["A"]["GB"], rows["C"]["GB"], rows["B"]["GB"]) == ("-", "0.5", "1")
    assert rows["B"]["STRK"] == "L1" and rows["C"]["PCT"] == 0.5


def test_games_back_is_wins_and_losses_behind_over_two():
    games = [Result("A", "B", 1, 0)] * 5 + [Result("B", "A", 1, 0)] * 2 + [Result("A", "C", 1, 0)] * 3
    rows = {r["team"]: r for r in standings(["A", "B", "C"], games, ALL)}
    leader = rows["A"]
    for row in rows.values():
        expected = ((leader["W"] - row["W"]) + (row["L"] - leader["L"])) / 2
        assert row["GB"] == ("-" if expected == 0 else f"{expected:g}")


def test_head_to_head_breaks_a_tie():
    # A and B finish 2-1, A having beaten B; C and D finish 1-2, D having beaten C.
    games = [Result("A", "B", 2, 1), Result("A", "C", 0, 1), Result("A", "D", 3, 0),
             Result("B", "C", 2, 0), Result("B", "D", 4, 1), Result("C", "D", 0, 5)]  # fmt: skip
    rows = standings(["A", "B", "C", "D"], games, ALL)
    assert order(rows) == ["A", "B", "D", "C"]
    assert rows[0]["tiebreak"] == "tie broken by head-to-head 1-0"
    assert rows[1]["tiebreak"] == "tie broken by head-to-head 0-1"


def test_run_differential_with_and_without_a_cap():
    # A and B finish 3-2 and split; A won one game 20-0, B won its games narrowly.
    games = [Result("A", "B", 1, 0), Result("B", "A", 1, 0), Result("A", "C", 20, 0), Result("C", "A", 3, 0),
             Result("B", "C", 3, 0), Result("B", "C", 2, 0), Result("C", "B", 1, 0), Result("A", "C", 1, 0)]  # fmt: skip
    rules = ("head-to-head", "run-differential")
    uncapped = standings(["A", "B", "C"], games, rules)
    assert order(uncapped)[:2] == ["A", "B"] and uncapped[0]["tiebreak"] == "tie broken by run differential +18"
    capped = standings(["A", "B", "C"], games, rules, cap=5)  # the 20-0 counts as 5-0
    assert order(capped)[:2] == ["B", "A"] and capped[0]["tiebreak"] == "tie broken by run differential +4"
    assert capped[1]["tiebreak"] == "tie broken by run differential +3"


def test_fewest_runs_allowed():
    # A and B finish 2-1 and split; A allowed 2 runs, B 5.
    games = [Result("A", "B", 2, 0), Result("B", "A", 2, 0), Result("C", "A", 0, 1), Result("B", "C", 5, 3)]
    rows = standings(["A", "B", "C"], games, ("head-to-head", "runs-allowed"))
    assert order(rows) == ["A", "B", "C"] and rows[0]["tiebreak"] == "tie broken by fewest runs allowed (2)"


def test_the_coin_flip_is_seeded():
    games = [Result("A", "B", 1, 0), Result("B", "A", 1, 0)]
    first = standings(["A", "B"], games, ALL, seed=7)
    assert first == standings(["A", "B"], games, ALL, seed=7)
    assert {r["tiebreak"] for r in first} == {"tie broken by coin flip"}
    flips = {tuple(order(standings(["A", "B"], games, ("coin-flip",), seed=s))) for s in range(20)}
    assert flips == {("A", "B"), ("B", "A")}


def test_a_forfeit_counts_without_runs_and_an_unplayed_game_not_at_all():
    games = [Result("A", "B", 3, 1), Result("A", "B", 0, 0, forfeit_winner="B")]
    rows = {r["team"]: r for r in standings(["A", "B"], games, ALL)}
    assert (rows["B"]["W"], rows["B"]["L"], rows["B"]["RS"], rows["B"]["RA"]) == (1, 1, 1, 3)


def test_playoff_brackets():
    assert first_round(4) == [(1, 4), (2, 3)] and first_round(8) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    games = [Result("D", "A", 0, 1), Result("D", "A", 0, 1), Result("C", "B", 2, 1), Result("C", "B", 3, 1), Result("C", "A", 0, 2), Result("A", "C", 0, 1), Result("C", "A", 0, 4)]
    rounds = bracket(["A", "B", "C", "D"], games, 3)
    assert [s.winner for s in rounds[0]] == ["A", "C"]
    assert rounds[1][0].high == (1, "A") and rounds[1][0].low == (3, "C") and champion(rounds) == "A"
    with pytest.raises(ValueError):
        bracket(["A", "B", "C"], [], 3)


def test_a_simulated_double_round_robin_agrees_with_the_store(tmp_path):
    runner = CliRunner()
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'league.db'}"}
    assert runner.invoke(app, ["league", "create", str(ROOT / "leagues" / "demo.toml")], env=env).exit_code == 0
    assert runner.invoke(app, ["league", "schedule", "demo", "--round-robin", "--rounds", "2"], env=env).exit_code == 0
    played = runner.invoke(app, ["simulate", "--league", "demo", "--games", "24"], env=env)
    assert played.exit_code == 0, played.output
    store = Store(env["SCOREBOOK_DB"])
    slot = next(s["number"] for s in schedule(store, "demo") if not s["game_id"] and "River Kings" in (s["away"], s["home"]))
    assert runner.invoke(app, ["league", "forfeit", "demo", str(slot), "--winner", "River Kings"], env=env).exit_code == 0
    rows = {r["team"]: r for r in league_standings(store, "demo")}
    wins, losses = Counter(), Counter()
    for game in store.games():
        loser = game.home if game.winner == game.away else game.away
        wins[game.winner] += 1
        losses[loser] += 1
    wins["River Kings"] += 1
    forfeited = next(s for s in schedule(store, "demo") if s["forfeit"])
    losses[forfeited["away"] if forfeited["home"] == "River Kings" else forfeited["home"]] += 1
    assert {t: (r["W"], r["L"]) for t, r in rows.items()} == {t: (wins[t], losses[t]) for t in rows}
    assert sum(r["W"] for r in rows.values()) == len(results(store, "demo")) == 25
    leader = max(rows.values(), key=lambda r: r["PCT"])
    for row in rows.values():
        gb = ((leader["W"] - row["W"]) + (row["L"] - leader["L"])) / 2
        assert row["GB"] == ("-" if gb == 0 else f"{gb:g}")
    standings_order = league_standings(store, "demo")
    playoffs = runner.invoke(app, ["league", "playoffs", "demo", "--teams", "4", "--best-of", "3", "--play"], env=env)
    assert playoffs.exit_code == 0, playoffs.output
    seeds = [r["team"] for r in standings_order[:4]]
    assert f"(1) {seeds[0]} vs (4) {seeds[3]}" in playoffs.output and "Champion:" in playoffs.output
    leaders = runner.invoke(app, ["league", "leaders", "demo", "--format", "json"], env=env)
    assert leaders.exit_code == 0 and '"category": "ERA"' in leaders.output
    assert load_league(store, "demo").teams[0].name == "Harbor Gulls"


def test_a_league_game_in_extra_innings_counts(tmp_path):
    from scorebook.files import replay_text
    from scorebook.store.db import prepare
    from scorebook.store.leagues import save_league

    from .conftest import HEADER

    store = Store(f"sqlite:///{tmp_path / 'x.db'}")
    league = load_league_text()
    save_league(store, league)
    body = "top 1\nSO\nSO\nSO\nbottom 1\nSO\nSO\nSO\ntop 2\nH4*\nSO\nSO\nSO\nbottom 2\nSO\nSO\nSO\n"
    text = HEADER.replace("innings=9", "innings=1 league=mini").replace('"Away"', '"A"').replace('"Home"', '"B"') + body
    store.write(prepare(text, replay_text(text, "x")))
    rows = {r["team"]: r for r in standings(["A", "B"], results(store, "mini"), ALL)}
    assert (rows["A"]["W"], rows["B"]["L"]) == (1, 1)


def load_league_text():
    from scorebook.league.definition import parse_league

    return parse_league(
        """name = "mini"
[[teams]]
name = "A"
lineup = ["A1"]
pitchers = ["AP"]
[[teams]]
name = "B"
lineup = ["H1"]
pitchers = ["HP"]
"""
    )
