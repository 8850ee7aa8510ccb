"""#18 point 8: lineups and rosters from the CSV files people keep them in, for `game new
--lineup-file` (and `simulate`, `sheet --blank`) and a league team's `roster =`; every value
checked, a problem at its FILE:LINE:COL."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.files import read_lineups
from scorebook.league.definition import read_league
from scorebook.notation.lineup_csv import read_roster_csv, split_line
from scorebook.problems import InvalidLeague, InvalidLineupFile, NoSuchFile

from .conftest import ROOT, SAMPLES

HEAD = "team,name,position,order\n"
AWAY = "".join(f"away,A{n},{pos},{n}\n" for n, pos in zip(range(1, 10), ("CF", "SS", "1B", "LF", "RF", "3B", "2B", "C", "P")))


def test_the_csv_sample_is_the_text_samples_lineups():
    def read(name: str) -> list:
        given, _ = read_lineups(SAMPLES / name, "diceball")
        return [([(e.name, e.position) for e in team.lineup], team.pitcher, team.lines) for team in given if team]

    assert read("lineups.csv") == read("lineups.txt")


def test_game_new_reads_a_csv_lineup_file(tmp_path):
    db = f"sqlite:///{tmp_path / 'g.db'}"
    args = ["game", "new", "--away", "Team 1", "--home", "Team 2", "--date", "2026-05-02"]
    from_csv = CliRunner().invoke(app, [*args, "--id", "csv", "--lineup-file", str(SAMPLES / "lineups.csv")], env={"SCOREBOOK_DB": db})
    from_text = CliRunner().invoke(app, [*args, "--id", "txt", "--lineup-file", str(SAMPLES / "lineups.txt")], env={"SCOREBOOK_DB": db})
    assert from_csv.exit_code == 0 == from_text.exit_code, from_csv.output
    from scorebook.store.db import Store

    store = Store(db)
    assert store.game("csv").header.replace("id=csv", "") == store.game("txt").header.replace("id=txt", "")


def test_quoted_fields_keep_commas_and_quotes():
    assert split_line('away,"Smith, Jr.",CF,1', "f.csv", 2) == [("away", 1), ("Smith, Jr.", 6), ("CF", 19), ("1", 22)]
    assert split_line('"Ann ""Ace"" Ames",P,', "f.csv", 2) == [('Ann "Ace" Ames', 1), ("P", 20), ("", 22)]


def test_columns_in_any_order_and_their_other_names():
    rows = read_roster_csv("slot,pos,name\n1,cf,Ann\n,p,Bo\n", "r.csv", teams=False)
    assert [(r.name, r.position, r.order, r.line) for r in rows] == [("Ann", 8, 1, 2), ("Bo", 1, None, 3)]


@pytest.mark.parametrize(
    ("text", "line", "col", "said"),
    [
        ("team,name,position,batting\n", 1, 20, "`batting`: no such column; the columns are team, name, position, order"),
        ("team,position,order\naway,CF,1\n", 1, 1, "the header row has no name column"),
        ("team,name,name,order\n", 1, 11, "`name`: twice"),
        (HEAD + "away,Ann,XX,1\n", 2, 10, "`XX`: a position is 1-9 or P C 1B"),
        (HEAD + "away,Ann,0,1\n", 2, 10, "`0`: a position is 1-9"),
        (HEAD + "away,Ann,CF,²\n", 2, 13, "`²`: a batter's order is 1 to 9"),
        (HEAD + "visitors,Ann,CF,1\n", 2, 1, "`visitors`: a player's team is away or home"),
        (HEAD + "away,,CF,1\n", 2, 6, "a player's name cannot be blank"),
        (HEAD + f"away,{'N' * 201},CF,1\n", 2, 6, "a name is at most 200 characters, not 201"),
        (HEAD + 'away,"Ann,CF,1\n', 2, 6, "a quoted field has no closing quote"),
        (HEAD + 'away,"Ann"x,CF,1\n', 2, 11, "a quoted field ends at its closing quote, then a comma"),
        (HEAD + "away,Ann,CF\n", 2, 12, "the row has no order: it has 3 of the header's 4 columns"),
        (HEAD + AWAY.replace("away,A3,1B,3", "away,A3,1B,2"), 4, 6, "order 2 twice"),
        (HEAD + AWAY.replace("away,A3,1B,3", "away,A3,1B,10"), 4, 12, "a batter's order is 1 to 9"),
        (HEAD + AWAY.replace("away,A9,P,9", "away,A9,P,"), 2, 6, "the away lineup has 8 batters; a diceball lineup has 9"),
        (HEAD + AWAY.replace(",P,9", ",DH,9"), 2, 6, "the away lineup has no pitcher: give the starting pitcher position P (1)"),
        (HEAD + AWAY.replace("away,A7,2B,7", "away,A7,CF,7"), 8, 6, "the away lineup has position 8 (CF) twice"),
        (HEAD + AWAY + "away,Sub,,\n", 11, 6, "Sub neither bats nor starts"),
    ],
)
def test_a_bad_csv_lineup_file_is_refused_at_its_place(tmp_path, text: str, line: int, col: int, said: str):
    path = tmp_path / "lineups.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidLineupFile) as caught:
        read_lineups(path, "diceball")
    assert (caught.value.path, caught.value.line, caught.value.col) == (str(path), line, col), str(caught.value)
    assert said in str(caught.value)


GULLS = """name,position,order
Gus Brook,CF,1
Max Frost,SS,2
Pia Gray,2B,3
Cy Irwin,1B,4
Cy Lowe,RF,5
Pia Hart,3B,6
Ned Kerr,LF,7
Ora Abel,C,8
Hal Lowe,,9
Kit Moss,P,
Ora Drew,P,
Ora Ewing,,
Max Irwin,,
Ann Drew,,
"""
DEMO = (ROOT / "leagues" / "demo.toml").read_text(encoding="utf-8")
GULLS_TOML = DEMO[DEMO.index('name = "Harbor Gulls"') : DEMO.index("[[teams]]", DEMO.index('name = "Harbor Gulls"'))]


def _demo_with_roster(tmp_path, roster: str = GULLS, entry: str = 'name = "Harbor Gulls"\nroster = "gulls.csv"\n\n'):
    (tmp_path / "gulls.csv").write_text(roster, encoding="utf-8")
    path = tmp_path / "demo.toml"
    path.write_text(DEMO.replace(GULLS_TOML, entry), encoding="utf-8")
    return path


def test_a_league_team_reads_its_roster_from_csv(tmp_path):
    league = read_league(_demo_with_roster(tmp_path))
    assert league.teams == read_league(ROOT / "leagues" / "demo.toml").teams
    assert "roster =" not in league.source  # the store keeps the league as one text


def test_a_bad_league_roster_is_refused_at_its_place_in_the_csv(tmp_path):
    with pytest.raises(InvalidLineupFile) as caught:
        read_league(_demo_with_roster(tmp_path, GULLS.replace("Cy Lowe,RF,5", "Cy Lowe,RF,6")))
    assert (caught.value.path, caught.value.line, caught.value.col) == (str(tmp_path / "gulls.csv"), 6, 1)
    assert "no batter of order 5" in str(caught.value)
    with pytest.raises(InvalidLineupFile, match="has position 8 \\(CF\\) twice"):
        read_league(_demo_with_roster(tmp_path, GULLS.replace("Cy Lowe,RF,5", "Cy Lowe,CF,5")))


def test_a_league_roster_file_must_be_there_and_alone(tmp_path):
    with pytest.raises(NoSuchFile, match="no roster file"):
        read_league(_demo_with_roster(tmp_path, entry='name = "Harbor Gulls"\nroster = "nope.csv"\n\n'))
    with pytest.raises(InvalidLeague, match="the roster file gives the lineup, the pitchers and the bench"):
        read_league(_demo_with_roster(tmp_path, entry='name = "Harbor Gulls"\nroster = "gulls.csv"\nbench = ["X"]\n\n'))


def test_simulate_and_a_blank_sheet_read_a_csv_lineup_file(tmp_path):
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 's.db'}"}
    lineups = str(SAMPLES / "lineups.csv")
    simulated = CliRunner().invoke(app, ["simulate", "--out", str(tmp_path / "sim"), "--lineup-file", lineups], env=env)
    assert simulated.exit_code == 0, simulated.output
    assert 'lineup away "Ann Ames":8' in next((tmp_path / "sim").glob("*.game")).read_text(encoding="utf-8")
    sheet = CliRunner().invoke(app, ["sheet", "--blank", "--lineup-file", lineups, "-o", str(tmp_path / "s.pdf")], env=env)
    assert sheet.exit_code == 0, sheet.output
