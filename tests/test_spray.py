"""Spray charts (`reports/spray.py`, `service/spray.py`, `scorebook league spray`): the Diceball
board drawn with each location's balls, or the plate appearances by result for a game without
a board; the counts drawn are the statistics' counts.

After a deliberate change to the drawing, rewrite the golden files with
`SCOREBOOK_UPDATE_GOLDEN=1 pytest tests/test_spray.py` and look at them (docs/pdf-review.md)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from scorebook import stats
from scorebook.cli import app
from scorebook.problems import ScorebookProblem
from scorebook.reports.spray import OUTCOMES, Result, Spray, spray_pdf, spray_svg
from scorebook.service.spray import league_spray, league_spray_svg
from scorebook.store.db import Store

from .conftest import ROOT

GOLDEN = Path(__file__).parent / "golden"
HAND = Spray(
    "Where Ann & <Bo> hit the ball",
    "board",
    (
        Result(2, "out", 3), Result(2, "error", 1), Result(12, "out", 5), Result(12, "fielder's choice", 2),
        Result(12, "single", 1), Result(14, "single", 4), Result(14, "double", 2), Result(14, "out", 1),
        Result(19, "out", 6), Result(24, "triple", 1), Result(24, "double", 1), Result(30, "home run", 2),
        Result(None, "strikeout", 7), Result(None, "walk", 2),
    ),
)  # fmt: skip


def runner(url: str):
    def run(*args: str):
        return CliRunner().invoke(app, [*args], env={"SCOREBOOK_DB": url})

    return run


@pytest.fixture(scope="module")
def dice_baseball(tmp_path_factory) -> str:
    """The demo league's teams playing a round of Dice Baseball (the shipped chart): the URL."""
    folder = tmp_path_factory.mktemp("porch")
    league = folder / "porch.toml"
    text = (ROOT / "leagues" / "demo.toml").read_text().replace('name = "demo"', 'name = "porch"')
    league.write_text(text.replace('rules = "diceball"', 'rules = "dice-baseball"'))
    run = runner(f"sqlite:///{folder / 'porch.db'}")
    for args in (["league", "create", str(league)], ["league", "schedule", "porch", "--round-robin", "--rounds", "1"], ["simulate", "--league", "porch"]):
        done = run(*args)
        assert done.exit_code == 0, done.output
    return f"sqlite:///{folder / 'porch.db'}"


@pytest.mark.parametrize("chart", ["board", "results"])
def test_the_svg_is_its_golden_file_byte_for_byte(chart):
    spray = Spray(HAND.title, chart, HAND.results)
    golden = GOLDEN / f"spray-{chart}.svg"
    text = spray_svg(spray)
    if os.environ.get("SCOREBOOK_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")
    assert "Where Ann &amp; &lt;Bo&gt; hit the ball" in text  # a name is text, never markup
    assert spray_pdf(spray) == spray_pdf(spray)


def test_the_board_draws_each_locations_balls_and_the_key_their_outcomes():
    text = spray_svg(HAND)
    drawn = dict(re.findall(r'font-weight="bold">(\d+)</text>\n<text [^>]*>(\d+)</text>', text))
    assert len(drawn) == 36  # every location, with its count under its number
    assert {int(n): int(c) for n, c in drawn.items() if c != "0"} == {2: 4, 12: 8, 14: 7, 19: 6, 24: 2, 30: 2}
    key = dict(re.findall(r">([a-z' ]+) (\d+)</text>", text))
    assert key == {"out": "15", "single": "5", "double": "3", "triple": "1", "home run": "2", "error": "1", "fielder's choice": "2"}
    assert "strikeout " not in text and "9 plate appearances off the board" in text  # the key: the balls in play only
    polygons = re.findall(r'<polygon points="([^"]+)" fill="(#[0-9a-f]{6})"/>', text)
    rings = {colour for points, colour in polygons if points.count(" ") >= 5}  # a key's swatch has 4 corners
    assert rings == {OUTCOMES[o] for o in key if o != "home run"}  # an arc for each outcome in its colour; a home-run zone has no ring
    bars = spray_svg(Spray("t", "results", HAND.results))
    assert dict(re.findall(r">([a-z' ]+)</text>\n<polygon[^>]*/>\n<text [^>]*>(\d+) \(", bars))["strikeout"] == "7"


def totals(frame, columns) -> dict[str, int]:
    return {c: int(frame[c].sum()) for c in columns}


def hits(spray: Spray) -> dict[str, int]:
    """The hits the chart counts, on the board or off it (a bunt's)."""
    found = spray.by_outcome()
    hits = [found.get(o, 0) for o in ("single", "double", "triple", "home run")]
    return {"H": sum(hits), "2B": hits[1], "3B": hits[2], "HR": hits[3]}


def test_the_boards_counts_are_the_statistics_counts(demo_season):
    store = Store(demo_season)
    regular = {"league": "demo", "stage": ""}
    batting = stats.batting(store, by="player", **regular)
    pitching = stats.pitching(store, by="player", **regular)
    league = league_spray(store, "demo")
    assert league.chart == "board" and set(league.by_location()) <= set(range(1, 37))
    assert hits(league) == totals(batting, ("H", "2B", "3B", "HR"))
    balls = sum(1 for g in store.games() for f in store.replay(g.id).facts if f.play is not None and f.play.location is not None)
    assert sum(sum(at.values()) for at in league.by_location().values()) == balls  # counted from the replays, not the facts table
    everyone = league.by_outcome()
    assert sum(everyone.values()) == int(batting["PA"].sum())
    assert (everyone["strikeout"], everyone["walk"]) == (int(batting["SO"].sum()), int(batting["BB"].sum()))
    team = league_spray(store, "demo", team="Harbor Gulls")
    assert hits(team) == totals(batting.filter(batting["team"] == "Harbor Gulls"), ("H", "2B", "3B", "HR"))
    line = batting.filter((batting["player"] == "Gus Brook") & (batting["team"] == "Harbor Gulls"))
    player = league_spray(store, "demo", player="Gus Brook")
    assert player.title == "Where Gus Brook (Harbor Gulls) hit the ball"
    assert hits(player) == totals(line, ("H", "2B", "3B", "HR")) and sum(player.by_outcome().values()) == line["PA"][0]
    mound = pitching.filter(pitching["player"] == "Kit Moss")
    pitcher = league_spray(store, "demo", pitcher="Kit Moss")
    assert pitcher.title == "Where the balls hit off Kit Moss (Harbor Gulls) landed"
    assert (hits(pitcher)["H"], hits(pitcher)["HR"]) == (mound["H"][0], mound["HR"][0])
    assert sum(pitcher.by_outcome().values()) == mound["BF"][0]
    svg = league_spray_svg(store, "demo", pitcher="Kit Moss")
    assert f"{sum(pitcher.by_outcome(located=True).values())} balls in play" in svg


def test_a_game_without_a_board_charts_its_results(dice_baseball):
    store = Store(dice_baseball)
    batting = stats.batting(store, by="player", league="porch", stage="")
    spray = league_spray(store, "porch")
    assert spray.chart == "results" and spray.by_location() == {}
    found = spray.by_outcome()
    assert found["single"] + found["double"] + found.get("triple", 0) + found["home run"] == int(batting["H"].sum())
    assert (found["strikeout"], found["walk"], found["home run"]) == tuple(int(batting[c].sum()) for c in ("SO", "BB", "HR"))
    assert sum(found.values()) == int(batting["PA"].sum())
    svg = spray_svg(spray)
    assert f"{sum(found.values())} plate appearances by result" in svg and "<circle" not in svg


def test_the_command_writes_svg_or_pdf_and_says_what_is_wrong(demo_season, tmp_path):
    run = runner(demo_season)
    svg, pdf = tmp_path / "gus.svg", tmp_path / "gulls.PDF"
    assert run("league", "spray", "demo", "--player", "Gus Brook", "-o", str(svg)).exit_code == 0
    assert svg.read_text(encoding="utf-8") == league_spray_svg(Store(demo_season), "demo", player="Gus Brook")
    done = run("league", "spray", "demo", "--team", "Harbor Gulls", "-o", str(pdf))
    assert done.exit_code == 0 and "(Where Harbor Gulls hit the ball)" in done.output
    page = PdfReader(io.BytesIO(pdf.read_bytes())).pages[0].extract_text()
    assert "Where Harbor Gulls hit the ball" in page and "circles: caught in the air" in page
    for args, message in (
        (["--team", "Nobody"], "league demo has no team 'Nobody'; its teams: Harbor Gulls"),
        (["--player", "Cy Ewing"], "'Cy Ewing' batted for 2 teams in league demo: name one, --player 'Cy Ewing (Mill Street Grays)'"),
        (["--pitcher", "Gus Brook"], "'Gus Brook' never pitched in league demo's regular season"),
        (["--team", "Harbor Gulls", "--player", "Gus Brook"], "of one --team, --player or --pitcher: give one of them"),
        (["-o", str(tmp_path / "chart.png")], "a spray chart is written as .svg or .pdf"),
    ):
        done = run("league", "spray", "demo", *args, *(["-o", str(tmp_path / "x.svg")] if "-o" not in args else []))
        assert done.exit_code == 1 and message in done.output, done.output


def test_a_bonn_die_league_has_no_spray_chart(tmp_path):
    run = runner(f"sqlite:///{tmp_path / 'rhine.db'}")
    assert run("league", "create", str(ROOT / "leagues" / "rhine.toml")).exit_code == 0
    done = run("league", "spray", "rhine", "-o", str(tmp_path / "x.svg"))
    assert done.exit_code == 1 and "which has no balls in play to chart" in done.output
    with pytest.raises(ScorebookProblem, match="no spray chart for a team or a player"):
        from scorebook.league.stored import load_league
        from scorebook.service.league import league_sprays

        store = Store(f"sqlite:///{tmp_path / 'rhine.db'}")
        league_sprays(store, load_league(store, "rhine"), ["x"], [])
