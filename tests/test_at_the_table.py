"""#18 point 7, at the table: days the calendar has, a team never playing itself, playoff games
dated after the season, standings and brackets before any game said plainly, tied leaders all
shown, `sheet` refusing options it would ignore."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.league.definition import parse_league
from scorebook.notation.syntax import parse_game
from scorebook.problems import InvalidLeague, InvalidPlay
from scorebook.service.league import league_leaders, ties_beyond_top
from scorebook.stats import batting
from scorebook.store.db import Store

from .conftest import HEADER, ROOT, SAMPLES

DEMO = (ROOT / "leagues" / "demo.toml").read_text(encoding="utf-8")
WALK_OFF = str(SAMPLES / "walk-off.game")


def run(db: str, *args: str):
    return CliRunner().invoke(app, list(args), env={"SCOREBOOK_DB": db})


@pytest.mark.parametrize("day", ["2026-02-30", "2026-13-01", "2025-02-29", "2026-04-31", "２026-04-01"])
def test_a_game_file_date_is_a_day_of_the_calendar(day: str):
    header = HEADER.replace("innings=9", f"innings=9 date={day}")
    with pytest.raises(InvalidPlay) as caught:
        parse_game(header + "top 1\nSO\n", "t.game")
    assert (caught.value.line, caught.value.col) == (1, header.index("date=") + 1)
    assert "a day of the calendar" in str(caught.value)


def test_a_leap_day_is_a_day():
    header = HEADER.replace("innings=9", "innings=9 date=2024-02-29")
    assert parse_game(header + "top 1\nSO\n", "t.game").header.option("date") == "2024-02-29"


def test_a_league_starting_on_no_day_is_refused_at_its_place():
    written = DEMO.replace('start = "2026-04-01"', 'start = "2026-02-30"')
    assert written != DEMO
    with pytest.raises(InvalidLeague) as caught:
        parse_league(written, "demo.toml")
    line = next(n for n, text in enumerate(written.splitlines(), 1) if text.startswith("start"))
    assert (caught.value.path, caught.value.line) == ("demo.toml", line)


def test_stats_and_game_new_refuse_a_day_the_calendar_lacks(tmp_path):
    db = f"sqlite:///{tmp_path / 's.db'}"
    assert run(db, "import", WALK_OFF).exit_code == 0
    stats = run(db, "stats", "batting", "--from", "2026-02-30")
    assert stats.exit_code == 1 and "--from 2026-02-30: not a day of the calendar" in stats.output
    new = run(db, "game", "new", "--away", "A", "--home", "B", "--date", "2026-02-30")
    assert new.exit_code == 1 and "--date 2026-02-30: not a day of the calendar" in new.output


@pytest.mark.parametrize("home", ["Away", "away", " AWAY "])
def test_a_game_file_team_never_plays_itself(home: str):
    header = HEADER.replace('home "Home"', f'home "{home}"')
    with pytest.raises(InvalidPlay) as caught:
        parse_game(header + "top 1\nSO\n", "t.game")
    assert (caught.value.line, caught.value.col) == (3, 6)
    assert "a team never plays itself" in str(caught.value)


def test_game_new_refuses_a_team_playing_itself(tmp_path):
    refused = run(f"sqlite:///{tmp_path / 'n.db'}", "game", "new", "--away", "River Kings", "--home", "river kings")
    assert refused.exit_code == 1 and "a team never plays itself" in refused.output


def test_a_league_team_named_twice_but_for_letter_case_is_refused():
    written = DEMO.replace('name = "River Kings"', 'name = "harbor gulls"')
    assert written != DEMO
    with pytest.raises(InvalidLeague, match="a team never plays itself") as caught:
        parse_league(written, "demo.toml")
    assert caught.value.line == next(n for n, text in enumerate(written.splitlines(), 1) if "harbor gulls" in text)


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> str:
    """The demo league: 15 games of its schedule and a best-of-three final, simulated."""
    db = f"sqlite:///{tmp_path_factory.mktemp('played') / 'demo.db'}"
    for args in (
        ("league", "create", str(ROOT / "leagues" / "demo.toml")),
        ("league", "schedule", "demo", "--round-robin"),
        ("simulate", "--league", "demo"),
        ("league", "playoffs", "demo", "--play", "--teams", "2", "--best-of", "3"),
    ):
        assert run(db, *args).exit_code == 0, args
    return db


def test_playoff_games_are_dated_a_day_a_game_after_the_season(played: str):
    games = Store(played).games()
    season = max(g.date for g in games if g.stage == "")
    playoffs = sorted(g.date for g in games if g.stage == "playoffs")
    assert len(playoffs) >= 2 and playoffs[0] > season and len(set(playoffs)) == len(playoffs)
    picked = run(played, "stats", "batting", "--from", playoffs[0], "--format", "json")
    assert picked.exit_code == 0
    playoff_pa = batting(Store(played), stage="playoffs")["PA"].sum()
    assert sum(line["PA"] for line in json.loads(picked.stdout)) == playoff_pa > 0


def test_leaders_tied_at_the_last_rank_are_all_shown_and_said(played: str):
    rows = league_leaders(Store(played), "demo", top=2)
    by_category: dict[str, list[dict]] = {}
    for row in rows:
        by_category.setdefault(row["category"], []).append(row)
    beyond = {c: r for c, r in by_category.items() if len(r) > 2}
    assert beyond, "the simulated games have a tie beyond the second place"
    for ranked in beyond.values():
        assert ranked[1]["rank"] == ranked[-1]["rank"]  # everyone past second is tied with second
    notes = ties_beyond_top(rows, 2)
    assert len(notes) == len(beyond) and all("all shown" in note for note in notes)
    shown = run(played, "league", "leaders", "demo", "--top", "2")
    assert notes[0] in shown.output


def test_standings_and_bracket_before_any_game_say_so(tmp_path):
    db = f"sqlite:///{tmp_path / 'empty.db'}"
    assert run(db, "league", "create", str(ROOT / "leagues" / "demo.toml")).exit_code == 0
    standings = run(db, "league", "standings", "demo")
    assert "no game of league demo played yet: the teams stand by name" in standings.output
    assert "coin flip" not in standings.output
    bracket = run(db, "league", "playoffs", "demo")
    assert "seeded by name, no regular-season game being played" in bracket.output


def test_standings_after_a_game_say_nothing_of_it(played: str):
    assert "played yet" not in run(played, "league", "standings", "demo").output
    assert "seeded by the standings" in run(played, "league", "playoffs", "demo").output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--blank", "--rules", "diceball-ish"), "'diceball-ish' is not one of 'diceball', 'dice-baseball'"),
        ((WALK_OFF, "--blank"), "give the game or --blank, not both"),
        ((WALK_OFF, "--rules", "bonn-die"), "write on a blank sheet: add --blank"),
        ((WALK_OFF, "--away", "X"), "write on a blank sheet: add --blank"),
    ],
)
def test_sheet_refuses_options_it_would_ignore(tmp_path, args: tuple[str, ...], said: str):
    output = tmp_path / "sheet.pdf"
    refused = run(f"sqlite:///{tmp_path / 'x.db'}", "sheet", *args, "-o", str(output))
    assert refused.exit_code in (1, 2) and said in refused.output  # 2: a value click refuses, the choices listed
    assert not output.exists()


STAFF = ["Ace", "Deuce", "Closer", "Setup"]  # four pitchers: by default two start in turn, two relieve


def _staffed_league(rotation: str = "") -> str:
    teams = "".join(
        f"""
[[teams]]
name = "T{i}"
lineup = [{", ".join(f'"T{i} P{j}:{j}"' for j in range(1, 10))}]
pitchers = [{", ".join(f'"T{i} {p}"' for p in STAFF)}]
{rotation}
bench = ["T{i} Sub"]
"""
        for i in (1, 2, 3)
    )
    return f'name = "staff"\n{teams}'


def test_the_simulator_starts_the_rotation_in_turn_and_relieves_from_the_bullpen(tmp_path):
    path = tmp_path / "staff.toml"
    path.write_text(_staffed_league(), encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'staff.db'}"
    for args in (("league", "create", str(path)), ("league", "schedule", "staff", "--round-robin", "--rounds", "4"),
                 ("simulate", "--league", "staff")):  # fmt: skip
        assert run(db, *args).exit_code == 0, args
    store = Store(db)
    starters: dict[str, list[str]] = {}
    relievers: set[str] = set()
    for game in sorted(store.games(), key=lambda g: (g.date, g.id)):
        header = parse_game(game.header, game.id).header
        for team, pitcher in zip(header.teams, header.pitchers):
            starters.setdefault(team, []).append(pitcher.split()[-1])
        relievers |= {line.split('"')[1].split()[-1] for line in store.game_text(game.id).splitlines() if line.startswith("pitcher ")} - {
            p.split()[-1] for p in header.pitchers
        }
    assert starters and all(turns == ["Ace", "Deuce"] * (len(turns) // 2) for turns in starters.values())
    assert relievers and relievers <= {"Closer", "Setup"}


def test_a_rotation_is_one_to_the_number_of_pitchers():
    assert [t.rotation for t in parse_league(_staffed_league("rotation = 3"), "s.toml").teams] == [3, 3, 3]
    written = _staffed_league("rotation = 5")
    with pytest.raises(InvalidLeague, match="how many of the 4 pitchers start in turn, 1 to 4") as caught:
        parse_league(written, "s.toml")
    assert (caught.value.line, caught.value.col) == (written.splitlines().index("rotation = 5") + 1, 12)


@pytest.mark.parametrize(
    ("command", "placeholder"),
    [
        (("import",), "--format <game|retrosheet>"),
        (("sheet",), "--rules <diceball|dice-baseball|baseball|bonn-die>"),
        (("game", "new"), "--rules <diceball|dice-baseball|bonn-die>"),
        (("simulate",), "--rules <diceball|dice-baseball|bonn-die>"),
    ],
)
def test_an_option_of_a_few_values_lists_them_in_its_help(command: tuple[str, ...], placeholder: str):
    shown = CliRunner().invoke(app, [*command, "-h"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0 and placeholder in shown.output
