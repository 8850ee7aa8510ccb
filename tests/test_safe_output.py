"""Safe output (#18): CSV a spreadsheet will not run, names that cannot drive the terminal,
exports that stay in their folder and ids that read back as the ones stored."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.reports.render import csv_text, screen_text
from scorebook.store.db import Store

from .conftest import HEADER
from .test_dice_baseball import DB, HOUSE
from .test_store import LINEUPS

runner = CliRunner()
ESCAPE = "\x1b[31m"


def stored_game(tmp_path: Path, away: str, home: str = "Home", header: str = HEADER) -> dict[str, str]:
    """A database holding one game (id `g`) between `away` and `home`; the env that names it."""
    game = tmp_path / "g.game"
    text = header.replace('away "Away"', f'away "{away}"').replace('home "Home"', f'home "{home}"')
    game.write_text(text.replace("innings=9", "innings=9 id=g", 1) + "top 1\nSO\n", encoding="utf-8")
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'x.db'}"}
    done = runner.invoke(app, ["import", str(game)], env=env)
    assert done.exit_code == 0, done.output
    return env


@pytest.mark.parametrize("text", ["=1+2", "+1+2", "-1+2", "@SUM(A1)", "\t=1", "\r=1"])
def test_a_csv_text_cell_that_starts_a_formula_gets_a_leading_quote(text):
    assert csv_text([{"name": text}], ["name"]) == f"name\n'{text}\n"


@pytest.mark.parametrize("value", [-2, 3, 0.5, "-2", "+3", "-0.25", "Harbor Gulls"])
def test_numbers_and_plain_text_stay_as_they_are_in_csv(value):
    assert csv_text([{"diff": value}], ["diff"]) == f"diff\n{value}\n"


def test_a_team_named_as_a_formula_is_quoted_in_the_csv_a_command_writes(tmp_path):
    env = stored_game(tmp_path, "=HYPERLINK(1)", "-Home")
    out = tmp_path / "games.csv"
    assert runner.invoke(app, ["games", "--format", "csv", "-o", str(out)], env=env).exit_code == 0
    row = out.read_text(encoding="utf-8").splitlines()[1].split(",")
    assert row[2:6] == ["'=HYPERLINK(1)", "'-Home", "0", "0"]


def test_screen_text_shows_control_characters_but_newline_and_tab():
    assert screen_text(f"a{ESCAPE}b\x9bc\x07\x7f\r\n\td") == "a\\x1b[31mb\\x9bc\\x07\\x7f\\x0d\n\td"


def test_a_name_with_an_escape_sequence_prints_visibly_but_goes_raw_into_a_file(tmp_path):
    env = stored_game(tmp_path, f"{ESCAPE}Red")
    shown = runner.invoke(app, ["games"], env=env)
    assert shown.exit_code == 0 and "\x1b" not in shown.output and "\\x1b[31mRed" in shown.output
    out = tmp_path / "games.txt"
    assert runner.invoke(app, ["games", "-o", str(out)], env=env).exit_code == 0
    assert f"{ESCAPE}Red" in out.read_text(encoding="utf-8")


def test_a_problem_naming_an_escape_sequence_prints_it_visibly(tmp_path):
    game = tmp_path / "g.game"
    twice = HEADER.replace('"A2"', f'"{ESCAPE}A1"').replace('"A3"', f'"{ESCAPE}A1"')  # a name twice: refused
    game.write_text(twice + "top 1\nSO\n", encoding="utf-8")
    checked = runner.invoke(app, ["check", str(game)])
    assert checked.exit_code == 1 and "\x1b" not in checked.output and "\\x1b[31m" in checked.output


@pytest.mark.parametrize("chart", ["../house.toml", "../../x/house.toml"])
def test_export_writes_no_chart_outside_its_folder(tmp_path, chart):
    source = tmp_path / "games" / "x"  # the chart is in tmp_path (../..) or games (..)
    source.mkdir(parents=True)
    (source / chart).parent.mkdir(parents=True, exist_ok=True)
    (source / chart).write_text(HOUSE)
    game = source / "g.game"
    game.write_text(DB.replace("innings=9", f"innings=9 id=g chart={chart}") + "top 1\nSO roll=66\n")
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'x.db'}"}
    assert runner.invoke(app, ["import", str(game)], env=env).exit_code == 0
    before = sorted(tmp_path.rglob("*"))
    exported = runner.invoke(app, ["export", "g", "-o", str(tmp_path / "out" / "a" / "b" / "g.game")], env=env)
    assert exported.exit_code == 1 and "outside the folder" in exported.output, exported.output
    assert sorted(tmp_path.rglob("*")) == before  # nothing written, in the folder or out of it


def test_export_writes_a_chart_in_a_folder_inside_its_own(tmp_path):
    (tmp_path / "charts").mkdir()
    (tmp_path / "charts" / "house.toml").write_text(HOUSE)
    game = tmp_path / "g.game"
    game.write_text(DB.replace("innings=9", "innings=9 id=g chart=charts/house.toml") + "top 1\nSO roll=66\n")
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'x.db'}"}
    assert runner.invoke(app, ["import", str(game)], env=env).exit_code == 0
    out = tmp_path / "out" / "g.game"
    assert runner.invoke(app, ["export", "g", "-o", str(out)], env=env).exit_code == 0
    assert (tmp_path / "out" / "charts" / "house.toml").read_text() == HOUSE


@pytest.mark.parametrize(
    "away, home, initials",
    [
        ("#1 Fans", "Home", "1f-h"),
        ("Old Town Owls", '"Quoted" Nine', "oto-qn"),
        ("A/B Sox", "C\\D", "as-c"),
        ("Ängel", "Çédille Ñ", "a-cn"),
        ("#", "'", "x-x"),
    ],
)
def test_a_new_games_id_is_of_safe_characters_and_is_the_one_stored(tmp_path, away, home, initials):
    lineups = tmp_path / "lineups.txt"
    lineups.write_text(LINEUPS)
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'x.db'}"}
    started = runner.invoke(
        app, ["game", "new", "--away", away, "--home", home, "--lineup-file", str(lineups), "--date", "2026-11-30"], env=env
    )
    assert started.exit_code == 0, started.output
    assert started.output.strip() == f"2026-11-30-{initials}-1"
    assert [g.id for g in Store(env["SCOREBOOK_DB"]).games()] == [f"2026-11-30-{initials}-1"]


@pytest.mark.parametrize("game_id", ["a#b", "two words", 'say"so', "a/b", "k=v"])
def test_an_id_given_that_would_not_read_back_is_refused(tmp_path, game_id):
    lineups = tmp_path / "lineups.txt"
    lineups.write_text(LINEUPS)
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'x.db'}"}
    options = ["--lineup-file", str(lineups), "--id", game_id]
    started = runner.invoke(app, ["game", "new", "--away", "Away", "--home", "Home", *options], env=env)
    assert started.exit_code == 1 and "an id has only letters" in started.output, started.output


def test_record_prints_a_batters_escape_sequence_visibly(tmp_path):
    lineups = tmp_path / "lineups.txt"
    lineups.write_text(LINEUPS.replace('"A2"', f'"{ESCAPE}A2"'))
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'x.db'}"}
    started = runner.invoke(app, ["game", "new", "--away", "Away", "--home", "Home", "--lineup-file", str(lineups)], env=env)
    recorded = runner.invoke(app, ["record", started.output.strip(), "SO"], env=env)  # A2 up next
    assert recorded.exit_code == 0 and "\x1b" not in recorded.output and "\\x1b[31mA2" in recorded.output, recorded.output
