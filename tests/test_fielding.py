"""Fielding complete, counted by hand: FPCT (official rule 9.10: (PO + A) / (PO + A + E)), the
double and triple plays credited to each fielder with a putout or an assist in them (9.11), a
catcher's passed balls and the bases stolen and runners caught stealing while he caught."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.importers.compare import cwbox_xml
from scorebook.importers.retrosheet import import_game, read_file, team_names
from scorebook.store.rows import fielding_credits

from .test_retrosheet_import import ANA, SEASON, needs_season

GAME = """
game rules=baseball innings=2 id=fielding-by-hand
away "Away"
home "Home"
lineup away "A1":8 "A2":6 "A3":4 "A4":3 "A5":9 "A6":5 "A7":7 "A8":2 "A9":1
lineup home "H1":8 "H2":6 "H3":4 "H4":3 "H5":9 "H6":5 "H7":7 "H8":2 "H9":1
pitcher away "AP"
pitcher home "HP"

top 1
H1
SB2
CS3(2-5)
H1
PB 1-2
H1 2-3        # the runner stays at first: second and third occupied
5-4-3 1X2(5-4)

bottom 1
H1
H1 1-2
5-4-3 2X3(5) 1X2(5-4)

top 2
BB
6-4-3 1X2(6-4)
E6
SO

bottom 2
SO
SO
SO
"""


def _fielding(tmp_path: Path, by: str) -> list[dict]:
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / by}.db"}
    game = tmp_path / f"{by}.game"
    game.write_text(GAME, encoding="utf-8")
    assert CliRunner().invoke(app, ["import", str(game)], env=env).exit_code == 0
    shown = CliRunner().invoke(app, ["stats", "fielding", "--by", by, "--format", "json"], env=env)
    assert shown.exit_code == 0, shown.output
    return json.loads(shown.stdout)


COLUMNS = ("PO", "A", "E", "DP", "TP", "PB", "SB", "CS", "FPCT")


def test_fielding_by_player_by_hand(tmp_path: Path):
    lines = {(r["player"], r["pos"]): tuple(r[k] for k in COLUMNS) for r in _fielding(tmp_path, "player")}
    assert lines == {
        # Home: the catcher's strikeout putout, his assist on CS3(2-5), the passed ball, A1's
        # steal of second and his caught stealing at third charged while he caught.
        ("H8", 2): (1, 1, 0, 0, 0, 1, 1, 1, 1.0),
        ("H6", 5): (1, 1, 0, 1, 0, 0, 0, 0, 1.0),  # the tag on CS3; the 5-4-3 double play
        ("H3", 4): (2, 2, 0, 2, 0, 0, 0, 0, 1.0),  # both double plays: a putout and an assist in each
        ("H4", 3): (2, 0, 0, 2, 0, 0, 0, 0, 1.0),
        ("H2", 6): (0, 1, 1, 1, 0, 0, 0, 0, 0.5),  # the 6-4-3 and his E6: (0 + 1) / (0 + 1 + 1)
        # Away: the triple play 5-4-3 2X3(5) 1X2(5-4): the third baseman's putout and one assist.
        ("A6", 5): (1, 1, 0, 0, 1, 0, 0, 0, 1.0),
        ("A3", 4): (1, 1, 0, 0, 1, 0, 0, 0, 1.0),
        ("A4", 3): (1, 0, 0, 0, 1, 0, 0, 0, 1.0),
        ("A8", 2): (3, 0, 0, 0, 0, 0, 0, 0, 1.0),
    }


def test_team_fielding_by_hand(tmp_path: Path):
    # One total line per team: PO A E summed over its fielders; DP and TP the plays it turned, each
    # once (Home's 5-4-3 and 6-4-3 credited three fielders each: 2 DP, not 6); the catcher's
    # PB SB CS; FPCT (6 + 5) / (6 + 5 + 1).
    rows = _fielding(tmp_path, "team")
    assert all("pos" not in r for r in rows)
    lines = {r["team"]: tuple(r[k] for k in COLUMNS[:-1]) for r in rows}
    assert lines == {"Away": (6, 2, 0, 0, 1, 0, 0, 0), "Home": (6, 5, 1, 2, 0, 1, 1, 1)}
    assert [r["FPCT"] for r in rows] == [pytest.approx(1.0), pytest.approx(11 / 12, abs=5e-4)]
    league = _fielding(tmp_path, "league")
    assert [tuple(r[k] for k in COLUMNS[:-1]) for r in league] == [(12, 7, 1, 2, 1, 1, 1, 1)]


@needs_season
def test_each_fielders_double_and_triple_plays_and_errors_equal_cwboxs_over_the_angels_home_games():
    # By fielder and position; the four strikeouts with a runner caught on their pitch
    # (`K+CS2(24)/DP`, `CS2(2-4)` then `SO dp=yes`) give the catcher and the infielder the double play.
    theirs = {box.get("game_id"): _cwbox_fielding(box) for box in cwbox_xml(SEASON, [ANA], "2019").iter("boxscore")}
    teams = team_names(SEASON)
    differing = set()
    for game in read_file(ANA):
        _, replay = import_game(game, teams, str(ANA))
        ids = {(side, name): pid for pid, (side, name) in game.players().items()}
        ours: Counter = Counter()
        for fact in replay.facts:
            for player, position, *counts in fielding_credits(fact):
                for key, count in zip(("e", "dp", "tp"), counts[2:5]):
                    ours[key, ids[1 - fact.batting, player], position] += count
        if +ours != theirs[game.id]:
            differing.add(game.id)
    assert differing == set()


def _cwbox_fielding(box) -> Counter:
    counts: Counter = Counter()
    for player in box.iter("player"):
        for line in player.iter("fielding"):
            for key in ("e", "dp", "tp"):
                counts[key, player.get("id"), int(line.get("pos"))] += int(line.get(key))
    return +counts
