"""The rulebook's "How to Interpret a Scoresheet": its boxes and its explanation."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.files import replay_game
from scorebook.notation import parse_game
from scorebook.reports.box import box_dict, box_score

from .conftest import SAMPLES

EXAMPLE = SAMPLES / "rulebook-example.game"
TEAM_1 = {"Batter A": "SO", "Batter B": "9", "Batter C": "BB", "Batter D": "H2, 9-4-2", "Batter E": "H1*"}
TEAM_2 = {
    "Batter A": "E4, SB, 2-5",
    "Batter B": "BB",
    "Batter C": "H2*",
    "Batter D": "H1*",
    "Batter E": "SO",
    "Batter F": "1-3",
}


def example_box() -> dict:
    return box_dict(box_score(replay_game(parse_game(EXAMPLE.read_text(), str(EXAMPLE)))))


def boxes(box: dict, team: str) -> dict[str, str]:
    return {b["player"]: b["boxes"]["1"] for b in box["batting"] if b["team"] == team and b["boxes"]}


def test_example_boxes_are_the_rulebooks():
    box = example_box()
    assert boxes(box, "Team 1") == TEAM_1
    assert boxes(box, "Team 2") == TEAM_2


def test_example_explanation_team_1_scores_1_team_2_scores_2():
    box = example_box()
    assert box["linescore"]["away"]["innings"][0] == 1
    assert box["linescore"]["home"]["innings"][0] == 2
    runs = {(b["team"], b["player"]): b["R"] for b in box["batting"] if b["R"]}
    # "Batter C scored" for Team 1; "The double brought Batter B home ... The single brought Batter C home."
    assert runs == {("Team 1", "Batter C"): 1, ("Team 2", "Batter B"): 1, ("Team 2", "Batter C"): 1}
    rbi = {(b["team"], b["player"]): b["RBI"] for b in box["batting"] if b["RBI"]}
    assert rbi == {("Team 1", "Batter E"): 1, ("Team 2", "Batter C"): 1, ("Team 2", "Batter D"): 1}
    # Batter A reached on an error by the second baseman: Team 1 is charged with it.
    assert box["linescore"]["away"]["E"] == 1 and box["linescore"]["home"]["E"] == 0
    assert box["status"].startswith("in progress")


def test_cli_box_json_shows_the_rulebooks_boxes():
    result = CliRunner().invoke(app, ["box", str(EXAMPLE), "--format", "json"])
    assert result.exit_code == 0, result.output
    box = json.loads(result.output)
    assert boxes(box, "Team 1") == TEAM_1 and boxes(box, "Team 2") == TEAM_2
