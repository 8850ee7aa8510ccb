"""Retrosheet export, checked against an independent implementation: the box scores that
chadwickpy's `cwbox` makes of our exported files equal ours, batter by batter (AB R H RBI) and
pitcher by pitcher (IP H R ER BB SO)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from scorebook.engine import Replay
from scorebook.files import read_game, replay_text
from scorebook.reports.box import box_score
from scorebook.reports.retrosheet import Ids, event_file, season_files
from scorebook.sim import simulate_game

from .conftest import BASEBALL_SAMPLES, HEADER, SAMPLES, play

CWBOX = shutil.which("cwbox") or str(Path(sys.executable).with_name("cwbox"))


def cwbox(games: list[Replay], folder: Path) -> ET.Element:
    for name, text in season_files(games).items():
        (folder / name).write_text(text, encoding="utf-8")
    events = sorted(folder.glob("*.EVA"))
    year = events[0].name[:4]
    done = subprocess.run([CWBOX, "-Q", "-X", "-y", year, *(e.name for e in events)], cwd=folder, capture_output=True, text=True, check=False)
    assert "ERROR" not in done.stderr and "error" not in done.stderr.lower(), done.stderr
    return ET.fromstring(f"<boxes>{done.stdout}</boxes>")


def mismatches(games: list[Replay], root: ET.Element) -> list[str]:
    ids = Ids()
    for game in games:  # the ids the export gave, in the same order
        event_file([game], ids)
    who = {code: key for key, code in ids.players.items()}
    ours_bat: dict[tuple, tuple] = {}
    ours_pitch: dict[tuple, tuple] = {}
    for game in games:
        box = box_score(game)
        for line in box.batting:
            if line.counts["PA"] or line.counts["R"]:
                c = line.counts
                key = (game.game.header.option("id"), box.teams[line.team], line.player)
                ours_bat[key] = (c["AB"], c["R"], c["H"], c["RBI"])
        for line in box.pitching:
            c = line.counts
            key = (game.game.header.option("id"), box.teams[line.team], line.player)
            ours_pitch[key] = (c["outs"], c["H"], c["R"], c["ER"], c["BB"], c["SO"])
    problems = [] if len(list(root.iter("boxscore"))) == len(games) else ["cwbox did not box every game"]
    for number, box in enumerate(root.iter("boxscore")):
        game_id = games[number].game.header.option("id")
        for player in box.iter("player"):
            batting = player.find("batting")
            if batting is None:
                continue
            team, name = who[player.get("id")]
            theirs = tuple(int(batting.get(k)) for k in ("ab", "r", "h", "bi"))
            if ours_bat.get((game_id, team, name), (0, 0, 0, 0)) != theirs:
                problems.append(f"{game_id} {name}: ours {ours_bat.get((game_id, team, name))} cwbox {theirs}")
        for pitcher in box.iter("pitcher"):
            team, name = who[pitcher.get("id")]
            theirs = tuple(int(pitcher.get(k)) for k in ("outs", "h", "r", "er", "bb", "so"))
            if ours_pitch[game_id, team, name] != theirs:
                problems.append(f"{game_id} {name}: ours {ours_pitch[game_id, team, name]} cwbox {theirs}")
    return problems


@pytest.mark.parametrize("path", BASEBALL_SAMPLES, ids=lambda p: p.stem)
def test_cwbox_reads_every_sample_as_we_do(path: Path, tmp_path: Path):
    game = read_game(path)[1]
    assert mismatches([game], cwbox([game], tmp_path)) == []


def test_cwbox_reads_a_simulated_season_as_we_do(tmp_path: Path):
    games = []
    for seed in range(40):
        text = simulate_game(seed, away=("Harbor Gulls", "River Kings")[seed % 2], home="Old Town Owls",
                             game_id=f"s{seed}", date=f"2026-06-{seed % 28 + 1:02d}")  # fmt: skip
        games.append(replay_text(text, f"s{seed}"))
    assert mismatches(games, cwbox(games, tmp_path)) == []


def test_export_command_writes_the_files(tmp_path: Path):
    from typer.testing import CliRunner

    from scorebook.cli import app
    from scorebook.store.db import Store

    url = f"sqlite:///{tmp_path / 'r.db'}"
    Store(url).import_file(SAMPLES / "walk-off.game")
    result = CliRunner().invoke(app, ["export", "walk-off", "--format", "retrosheet", "-o", str(tmp_path / "rs")], env={"SCOREBOOK_DB": url})
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "rs").iterdir())
    assert names[0] == "2026SBK.EVA" and "TEAM2026" in names and any(n.endswith("2026.ROS") for n in names)
    assert "NOTICE" not in names  # Retrosheet's, for games imported from its files only
    two = CliRunner().invoke(app, ["export", "walk-off", "walk-off", "--format", "game"], env={"SCOREBOOK_DB": url})
    assert two.exit_code == 1 and "name one game to export as game" in two.output


def test_cwbox_charges_a_count_taken_over_as_we_do(tmp_path: Path):
    # Rule 9.15: the strikeout is the replaced batter's, the walk and its run the relieved pitcher's.
    body = 'top 1\nsub away 1 "PH"\nSO charged=batter\npitcher home "R1"\nBB charged=pitcher\nH4**\nSO\nSO\n'
    body += "".join(f"{half} {inning}\nSO\nSO\nSO\n" for inning in range(1, 10) for half in ("top", "bottom") if (inning, half) != (1, "top"))
    game = play(body, HEADER.replace("rules=diceball", "rules=baseball"))
    assert game.state.over
    charged = next(line for line in box_score(game).batting if line.player == "A1").counts
    assert (charged["AB"], charged["SO"]) == (1, 1)
    assert mismatches([game], cwbox([game], tmp_path)) == []


def test_a_runner_event_ending_the_half_names_the_batter_before_his_pinch_hitter(tmp_path: Path):
    # Caught stealing for the third out with A4 at the plate; a pinch hitter bats for A4 to lead
    # off the next inning: the event's batter is A4, not the man who has not come in yet.
    body = 'top 1\nH1\nSO\nSO\nCS2(2-4)\nbottom 1\nSO\nSO\nSO\ntop 2\nsub away 4 "PH"\nSO\nSO\nSO\n'
    body += "".join(f"{half} {inning}\nSO\nSO\nSO\n" for inning in range(2, 10) for half in ("top", "bottom"))
    body = body.replace("top 2\nSO\nSO\nSO\n", "", 1).replace("bottom 9\nSO\nSO\nSO\n", "bottom 9\nH4*\n")
    game = play(body)
    assert game.state.over
    assert "play,1,0,aaxxx004,??,,CS2(24)" in event_file([game])[0]
    assert mismatches([game], cwbox([game], tmp_path)) == []


def test_cwbox_text_shows_our_errors_double_plays_and_relieved_pitchers(tmp_path: Path):
    # cwbox's text box score beyond the lines: an error on a move (`B-3(E6)`), a pickoff the
    # runner survives on an error (`PO3(1-5) 3-H(E5)`, written `PO3(1E5)`), a fly-ball double
    # play and a ground-ball one (not two outs the scorer calls no double play), and a pitcher
    # relieved before an out in the inning.
    body = "top 1\nH1\n8 1X1(8-3)\nH2 B-3(E6)\nPO3(1-5) 3-H(E5)\nSO\n"
    body += 'bottom 1\nH1\nBB 1-2\npitcher away "AR"\n6-4-3 2-3 1X2(6-4)\nSO\ntop 2\nH1\nSO 1X2(2-4) dp=no\nSO\n'
    body += "".join(f"{half} {inning}\nSO\nSO\nSO\n" for inning in range(2, 10) for half in ("top", "bottom") if (inning, half) != (2, "top"))
    game = play(body, HEADER.replace("rules=diceball", "rules=baseball"))
    assert game.state.over
    files = season_files([game])
    assert "PO3(1E5).3-H" in files["2000SBK.EVA"]  # the header has no date
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    done = subprocess.run([CWBOX, "-Q", "-y", "2000", "2000SBK.EVA"], cwd=tmp_path, capture_output=True, text=True, check=False)
    box = dict(line.split(" -- ", 1) for line in done.stdout.splitlines() if " -- " in line and not line.startswith(" "))
    assert [name[:2] for name in box["E"].split(", ")] == ["H5", "H4"]  # positions 2-9 in order: H5 at short, H4 at third
    assert box["DP"] == "Away 1, Home 1"
    assert "* Pitched to 2 batters in 1st" in done.stdout
    assert mismatches([game], cwbox([game], tmp_path)) == []
