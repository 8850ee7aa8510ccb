"""Statistics: hand-computed expectations, totals that add up, and every column consistent
with its definition."""

from __future__ import annotations

import json
from collections import Counter

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.files import replay_text
from scorebook.problems import ScorebookProblem
from scorebook.reports.box import box_score
from scorebook.sim import simulate_game
from scorebook.stats import KEYS, batting, fielding, pitching
from scorebook.store.db import Store, prepare

from .conftest import HEADER, SAMPLES

# A one-inning game worked out by hand. A1 singles; A2 reaches on the shortstop's error; the
# reliever R1 comes in; A3 doubles them home (both charged to HP, who put them on: A1's run
# earned, A2's not); A4 flies out, A3 taking third; A5's sacrifice fly scores A3, a run charged
# to R1: unearned for the team (without the error the fly would have been the third out) but
# earned for R1, who has not the benefit of the chance missed before he came in (rule 9.16(i)).
HAND = HEADER.replace("innings=9", "innings=1 id=hand") + """
top 1
H1
E6
pitcher home "R1"
H2** 1-H
9 2-3
8* 3-H
SO
bottom 1
SO
SO
SO
"""


@pytest.fixture
def store(db_url) -> Store:
    store = Store(db_url)
    store.write(prepare(HAND, replay_text(HAND, "hand.game")))
    return store


def line(frame: pl.DataFrame, **keys) -> dict:
    rows = frame.filter(*(pl.col(k) == v for k, v in keys.items())).to_dicts()
    assert len(rows) == 1, rows
    return rows[0]


def test_batting_by_hand(store):
    frame = batting(store)
    a3 = line(frame, player="A3")
    assert (a3["PA"], a3["AB"], a3["H"], a3["2B"], a3["TB"], a3["RBI"], a3["R"]) == (1, 1, 1, 1, 2, 2, 1)
    a2 = line(frame, player="A2")  # on base on an error: an at-bat, no hit, no OBP credit
    assert (a2["AB"], a2["H"], a2["AVG"], a2["OBP"], a2["R"]) == (1, 0, 0.0, 0.0, 1)
    a5 = line(frame, player="A5")  # the sacrifice fly: no at-bat, but in OBP's denominator
    assert (a5["PA"], a5["AB"], a5["SF"], a5["RBI"], a5["AVG"], a5["OBP"]) == (1, 0, 1, 1, None, 0.0)
    team = line(batting(store, by="team"), team="Away")
    assert (team["G"], team["PA"], team["AB"], team["R"], team["H"], team["RBI"], team["SO"]) == (1, 6, 5, 3, 2, 3, 1)
    assert (team["AVG"], team["OBP"], team["SLG"]) == (0.4, round(2 / 6, 3), 0.6)


def test_pitching_by_hand_with_an_inherited_runner_and_unearned_runs(store):
    frame = pitching(store)
    hp = line(frame, player="HP")
    assert (hp["outs"], hp["IP"], hp["BF"], hp["H"], hp["R"], hp["ER"], hp["ERA"]) == (0, "0.0", 2, 1, 2, 1, None)
    r1 = line(frame, player="R1")
    assert (r1["outs"], r1["IP"], r1["BF"], r1["H"], r1["R"], r1["ER"], r1["SO"], r1["ERA"]) == (3, "1.0", 4, 1, 1, 1, 1, 1.0)
    ap = line(frame, player="AP")
    assert (ap["outs"], ap["BF"], ap["SO"], ap["ERA"], ap["WHIP"], ap["K/9"]) == (3, 3, 3, 0.0, 0.0, 27.0)


def test_fielding_by_team_by_hand(store):
    frame = fielding(store, by="team")
    home = [(row["PO"], row["A"], row["E"]) for row in frame.filter(pl.col("team") == "Home").to_dicts()]
    assert home == [(3, 0, 1)]  # one total line: the catcher's, the center and right fielders' putouts, the E6


# The home team's positions change during the game: each play is credited to who was there.
FIELDERS = """game rules=diceball innings=1 id=fielders
away "Away"
home "Home"
lineup away "A1" "A2" "A3" "A4" "A5" "A6" "A7" "A8" "A9"
lineup home "H1":8 "H2":6 "H3":4 "H4":3 "H5":9 "H6":5 "H7":7 "H8":2 "H9":1
pitcher away "AP"
pitcher home "HP"
top 1
H1
6-4-3                # the double play: H2 (6) an assist; H3 (4) the putout at second and an assist; H4 (3) a putout
sub home 2 "S2":4    # S2 comes in at second base
sub home 3 "H3":6    # H3 moves from second to short
E6                   # H3's error, at short
pitcher home "R1"
1-3                  # the reliever's assist, H4's putout
bottom 1
sub home 1 "PH"      # a pinch hitter for the center fielder, given no position: he stays in center
SO
SO
SO
top 2
8                    # PH's putout in center
SO
SO
bottom 2
H4*
"""


def test_fielding_by_player_credits_who_played_the_position(tmp_path):
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'f.db'}"}
    game = tmp_path / "fielders.game"
    game.write_text(FIELDERS, encoding="utf-8")
    assert CliRunner().invoke(app, ["import", str(game)], env=env).exit_code == 0
    shown = CliRunner().invoke(app, ["stats", "fielding", "--by", "player", "--format", "json"], env=env)
    lines = {(r["player"], r["team"], r["pos"]): (r["PO"], r["A"], r["E"]) for r in json.loads(shown.stdout)}
    assert lines == {
        ("H2", "Home", 6): (0, 1, 0),
        ("H3", "Home", 4): (1, 1, 0),  # one line per position he played
        ("H3", "Home", 6): (0, 0, 1),
        ("H4", "Home", 3): (2, 0, 0),
        ("H8", "Home", 2): (2, 0, 0),
        ("PH", "Home", 8): (1, 0, 0),
        ("R1", "Home", 1): (0, 1, 0),
        (None, "Away", 2): (3, 0, 0),  # the away lineup gives no positions: its catcher is not named
    }
    by_team = json.loads(CliRunner().invoke(app, ["stats", "fielding", "--by", "team", "--format", "json"], env=env).stdout)
    assert [(r["PO"], r["A"], r["E"]) for r in by_team if r["team"] == "Home"] == [(6, 3, 1)]  # the lines above, summed
    by_league = json.loads(CliRunner().invoke(app, ["stats", "fielding", "--by", "league", "--format", "json"], env=env).stdout)
    assert sum(r["PO"] for r in by_league) == 9 and sum(r["A"] for r in by_league) == 3 and sum(r["E"] for r in by_league) == 1


def test_an_infield_fly_is_the_putout_of_the_fielder_who_caught_it():
    # Official rule 9.09(a)(1): a putout to the fielder who catches a fly ball. `IF6` names the
    # shortstop, `IF2` the catcher; a bare `IF` names nobody and credits nobody.
    text = FIELDERS.split("top 1")[0] + "top 1\nIF6\nIF2\nIF\n"
    store = Store("sqlite://")
    store.write(prepare(text, replay_text(text, "if.game")))
    lines = {(r["player"], r["pos"]): r["PO"] for r in fielding(store).filter(pl.col("team") == "Home").to_dicts()}
    assert lines == {("H2", 6): 1, ("H8", 2): 1}


def test_min_ip_reads_innings_as_scorers_write_them(store):
    # HP got no one out, R1 and AP three each (1.0 IP): 1.1 is four outs, 0.1 one.
    assert set(pitching(store, min_ip="0.1")["player"]) == {"R1", "AP"}
    assert set(pitching(store, min_ip="1.0")["player"]) == {"R1", "AP"}
    assert pitching(store, min_ip="1.1").is_empty()
    with pytest.raises(ValueError, match=r"6\.3 is written 7"):
        pitching(store, min_ip="6.3")
    env = {"SCOREBOOK_DB": store.url}
    shown = CliRunner().invoke(app, ["stats", "pitching", "--min-ip", "1.1", "--format", "json"], env=env)
    assert json.loads(shown.stdout) == []
    refused = CliRunner().invoke(app, ["stats", "pitching", "--min-ip", "6.3"], env=env)
    assert refused.exit_code == 1 and "--min-ip 6.3 is not innings as scorers write them" in refused.stderr


def test_era_uses_the_regulation_length():
    # The same earned run over one inning: 9.00 in a nine-inning game, 7.00 in a seven-inning league.
    game = "top 1\nH4*\nSO\nSO\nSO\n"
    for innings, era in ((9, 9.0), (7, 7.0)):
        text = HEADER.replace("innings=9", f"innings={innings}") + game
        store = Store("sqlite://")
        store.write(prepare(text, replay_text(text, "g.game")))
        assert line(pitching(store), player="HP")["ERA"] == era


def test_the_rulebook_example_as_statistics(db_url):
    store = Store(db_url)
    store.import_file(SAMPLES / "rulebook-example.game")
    frame = batting(store)
    assert line(frame, player="Batter E", team="Team 1")["RBI"] == 1
    assert line(frame, player="Batter A", team="Team 2")["SB"] == 1
    assert line(frame, player="Batter A", team="Team 2")["CS"] == 1
    assert line(pitching(store), player="Pitcher 1")["ER"] == 2


def test_the_cli_prints_every_format(store, tmp_path):
    runner = CliRunner()
    env = {"SCOREBOOK_DB": store.url}
    rows = json.loads(runner.invoke(app, ["stats", "batting", "--format", "json"], env=env).output)
    assert {r["player"] for r in rows} >= {"A1", "H9"}
    csv = runner.invoke(app, ["stats", "pitching", "--format", "csv", "--sort", "ERA"], env=env).output
    assert csv.splitlines()[0].startswith("player,team,G,outs,IP")
    out = tmp_path / "b.parquet"
    assert runner.invoke(app, ["stats", "batting", "--format", "parquet", "-o", str(out)], env=env).exit_code == 0
    assert pl.read_parquet(out).height == len(rows)
    table = runner.invoke(app, ["stats", "batting", "--by", "team", "--sort", "R"], env=env).output
    assert table.splitlines()[2].startswith("Away")
    bad = runner.invoke(app, ["stats", "batting", "--sort", "XYZ"], env=env)
    assert bad.exit_code == 1 and "no column XYZ" in bad.output


def season(games: list[tuple[int, int]]) -> tuple[Store, list]:
    """A season of simulated games, each (seed, regulation innings), stored and replayed."""
    store, replays = Store("sqlite://"), []
    for seed, innings in games:
        text = simulate_game(seed, game_id=f"s{seed}", date=f"2026-05-{seed % 28 + 1:02d}", innings=innings)
        replays.append(replay_text(text, f"s{seed}"))
        store.write(prepare(text, replays[-1]))
    return store, replays


# Random seasons: up to four games, each of nine innings or of a seven-inning league's seven.
SEASONS = st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from([7, 9])), min_size=1, max_size=4, unique_by=lambda g: g[0])
COUNTS = ["PA", "AB", "R", "H", "2B", "3B", "HR", "RBI", "BB", "IBB", "HBP", "SO", "SB", "CS", "SF", "SH", "TB"]
PITCHED = ["outs", "BF", "H", "R", "ER", "BB", "SO", "HR"]


def box_totals(replays) -> tuple[dict, dict]:
    """Each player's counts added up over the games' box scores (built from the facts, not the
    store), with G, and for pitchers the earned runs times their game's regulation innings."""
    batters: dict[tuple[str, str], dict[str, int]] = {}
    pitchers: dict[tuple[str, str], dict[str, int]] = {}
    for game in replays:
        box = box_score(game)
        for lines, totals in ((box.batting, batters), (box.pitching, pitchers)):
            for line in lines:
                total = totals.setdefault((line.player, box.teams[line.team]), {"G": 0, "ER x innings": 0})
                total["G"] += 1
                for column, value in line.counts.items():
                    total[column] = total.get(column, 0) + value
                total["ER x innings"] += line.counts.get("ER", 0) * box.innings
    return batters, pitchers


def rounded(shown: float | None, exact: float | None, digits: int) -> bool:
    """`shown` is `exact` rounded to `digits` (None where the denominator is 0)."""
    if shown is None or exact is None:
        return shown is exact
    return abs(shown - exact) <= 0.5 * 10**-digits + 1e-9


def ratio(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


@settings(max_examples=8, deadline=None)
@given(SEASONS)
def test_every_stat_column_is_its_definition(games):
    store, replays = season(games)
    batters, pitchers = box_totals(replays)
    players = batting(store)
    assert len(players) == len(batters)
    for row in players.to_dicts():
        box = batters[row["player"], row["team"]]
        assert {c: row[c] for c in ["G", *COUNTS]} == {c: box[c] for c in ["G", *COUNTS]}
        assert row["TB"] == row["H"] + row["2B"] + 2 * row["3B"] + 3 * row["HR"]
        assert row["PA"] == row["AB"] + row["BB"] + row["HBP"] + row["SF"] + row["SH"]  # Diceball has no interference
        assert rounded(row["AVG"], ratio(row["H"], row["AB"]), 3)
        assert rounded(row["SLG"], ratio(row["TB"], row["AB"]), 3)
        obp = ratio(row["H"] + row["BB"] + row["HBP"], row["AB"] + row["BB"] + row["HBP"] + row["SF"])
        slg = ratio(row["TB"], row["AB"])
        assert rounded(row["OBP"], obp, 3)
        assert rounded(row["OPS"], None if obp is None or slg is None else obp + slg, 3)
    arms = pitching(store)
    assert set(zip(arms["player"], arms["team"])) == {key for key, box in pitchers.items() if box["BF"] or box["outs"]}
    for row in arms.to_dicts():
        box = pitchers[row["player"], row["team"]]
        assert {c: row[c] for c in ["G", *PITCHED]} == {c: box[c] for c in ["G", *PITCHED]}
        innings = row["outs"] / 3
        assert row["IP"] == f"{row['outs'] // 3}.{row['outs'] % 3}"
        # ERA: earned runs per regulation game, each run weighed by its game's length (9 or 7).
        assert rounded(row["ERA"], ratio(box["ER x innings"], innings), 2)
        assert rounded(row["WHIP"], ratio(row["BB"] + row["H"], innings), 2)
        assert rounded(row["K/9"], ratio(9 * row["SO"], innings), 1)
        assert rounded(row["BB/9"], ratio(9 * row["BB"], innings), 1)
    assert arms["BF"].sum() == players["PA"].sum() and arms["R"].sum() == players["R"].sum()
    assert (arms["ER"] <= arms["R"]).all()
    # Every out is one fielder's putout, but a bare infield fly's (`IF`, not `IF6`): it names no
    # fielder to credit, and it is the only out that names none. By team: PO = outs made - bare IFs.
    unnamed = Counter()
    for game in replays:
        for f in game.facts:
            for out in f.outs:
                if not out.fielders:
                    assert f.result == "IF", f
                    unnamed[game.game.header.teams[1 - f.batting]] += 1
    putouts = dict(fielding(store, by="team").group_by("team").agg(pl.col("PO").sum()).iter_rows())
    outs = dict(pitching(store, by="team").select("team", "outs").iter_rows())
    assert putouts == {team: made - unnamed[team] for team, made in outs.items()}


@settings(max_examples=6, deadline=None)
@given(SEASONS)
def test_totals_are_the_sum_of_the_games(games):
    # Every count of a season, by player, team or league, is the sum of its games' (`--game`),
    # G included: each game counts once for everyone who played in it.
    store, replays = season(games)
    ids = [game.game.header.option("id") for game in replays]
    for table, columns in ((batting, ["G", *COUNTS]), (pitching, ["G", *PITCHED]), (fielding, ["PO", "A", "E", "DP", "TP"])):
        for by in ("player", "team", "league"):
            keys = [*KEYS[by], *(["pos"] if table is fielding and by == "player" else [])]  # a team's: one total line
            whole = table(store, by=by).select(*keys, *columns)
            summed = pl.concat([table(store, by=by, game=game_id) for game_id in ids]).group_by(keys).agg(pl.col(columns).sum())
            assert_frame_equal(summed, whole, check_row_order=False)
    assert batting(store, by="league")["G"][0] == len(games)


def test_a_date_range_and_a_team_filter(tmp_path):
    store, _ = season([(1, 9), (2, 9), (3, 9)])
    dates = sorted(g.date for g in store.games())
    first = batting(store, by="league", date_from=dates[0], date_to=dates[0])
    assert first["G"][0] == 1
    one = store.games()[0]
    assert set(batting(store, team=one.away)["team"]) == {one.away}
    assert batting(store, game=one.id, by="league")["G"][0] == 1


@pytest.fixture(scope="module")
def two_games(tmp_path_factory) -> str:
    """Two simulated games in a SQLite file: starters past 10 innings, relievers under."""
    store, _ = season([(1, 9), (2, 9)])
    url = f"sqlite:///{tmp_path_factory.mktemp('sort') / 'two.db'}"
    for game in store.games():
        Store(url).write(prepare(store.game_text(game.id), replay_text(store.game_text(game.id), game.id)))
    return url


def sorted_by(url: str, table: str, column: str) -> list[dict]:
    shown = CliRunner().invoke(app, ["stats", table, "--sort", column, "--format", "json"], env={"SCOREBOOK_DB": url})
    assert shown.exit_code == 0, shown.output
    return json.loads(shown.stdout)


def in_order(values: list, descending: bool) -> bool:
    """Ordered, the missing values (None) last."""
    present = [v for v in values if v is not None]
    return present == sorted(present, reverse=descending) and values[len(present) :] == [None] * (len(values) - len(present))


@pytest.mark.parametrize("table", ["batting", "pitching", "fielding"])
def test_sort_ranks_every_column_by_its_value(two_games, table):
    # Names A to Z; numbers highest first, but ERA, WHIP, BB/9, E and pos lowest first (as the
    # leaders rank them); IP by its outs, not as text ("9.0" before "15.0").
    for column in sorted_by(two_games, table, "team")[0]:
        rows = sorted_by(two_games, table, column)
        if column == "IP":
            assert in_order([r["outs"] for r in rows], descending=True)
            assert {len(r["IP"]) for r in rows} >= {3, 4}, "innings of one digit and of two: text would sort them wrong"
        else:
            text = isinstance(next(r[column] for r in rows if r[column] is not None), str)
            lowest_first = text or column in {"ERA", "WHIP", "BB/9", "E", "pos"}
            assert in_order([r[column] for r in rows], descending=not lowest_first), column


def test_sort_by_player_lists_names_a_to_z(two_games):
    players = [r["player"] for r in sorted_by(two_games, "batting", "player")]
    assert players == sorted(players) and players[0] < players[-1]


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--from", "2026-13-45", "--from 2026-13-45: not a day of the calendar; write it YYYY-MM-DD"),
        ("--from", "yesterday", "--from yesterday: not a day of the calendar; write it YYYY-MM-DD"),
        ("--to", "20260501", "--to 20260501: not a day of the calendar; write it YYYY-MM-DD"),
        ("--team", "Nobody", "--team Nobody: no such team; the store has Away, Home"),
        ("--league", "majors", "--league majors: no such league; the store has hand"),
        ("--game", "hands", "--game hands: no such game; the store has hand"),
    ],
)
def test_a_filter_that_names_nothing_is_refused(tmp_path, option, value, said):
    url = f"sqlite:///{tmp_path / 'f.db'}"
    text = HAND.replace("id=hand", "id=hand league=hand")
    Store(url).write(prepare(text, replay_text(text, "hand.game")))
    for table in ("batting", "pitching", "fielding", "bonn-die"):
        refused = CliRunner().invoke(app, ["stats", table, option, value], env={"SCOREBOOK_DB": url})
        assert (refused.exit_code, refused.stdout) == (1, "") and refused.stderr.startswith(said), (table, refused.stderr)


def test_a_store_of_many_games_names_the_closest_ones():
    store, _ = season([(n, 9) for n in range(1, 15)])
    said = r"--game s10x: no such game among the 14 stored \(`scorebook games` lists them\); did you mean s10"
    with pytest.raises(ScorebookProblem, match=said):
        batting(store, game="s10x")
    with pytest.raises(ScorebookProblem, match="the store has no leagues"):
        batting(Store("sqlite://"), league="demo")
