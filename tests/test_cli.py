"""The command line: help and an example on every command, exit codes, formats, problems."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from scorebook.cli import app

from .conftest import HEADER, SAMPLES

runner = CliRunner()
COMMANDS = sorted(c.name or c.callback.__name__ for c in app.registered_commands)
EXAMPLE = str(SAMPLES / "rulebook-example.game")
WALK_OFF = str(SAMPLES / "walk-off.game")


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_and_an_example(command: str):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Example: scorebook " + command in result.output
    assert len(result.output.split("Usage:")[1].splitlines()) > 3


def final_score(path: str) -> tuple[int, int]:
    from scorebook.engine import replay
    from scorebook.notation import parse_game

    with open(path, encoding="utf-8") as handle:
        return replay(parse_game(handle.read())).state.score


def test_check_says_ok_and_in_progress():
    result = run("check", WALK_OFF, EXAMPLE)
    away, home = final_score(WALK_OFF)
    assert result.exit_code == 0
    assert f"{WALK_OFF}: ok (final; Harbor Gulls {away}, Mill Street Grays {home})" in result.output
    assert f"{EXAMPLE}: ok (in progress, end of bottom 1; Team 1 1, Team 2 2)" in result.output


def test_check_reports_file_line_col_on_stderr_and_exits_1(tmp_path):
    bad = tmp_path / "bad.game"
    bad.write_text(HEADER + "top 1\nBB\nBB\nBB\nH2****\n")
    result = run("check", WALK_OFF, str(bad))
    assert result.exit_code == 1
    assert f"{bad}:12:1: `H2****`: the play bats in 2 runs" in result.stderr
    assert "ok" in result.stdout and str(bad) not in result.stdout


def test_a_missing_file_is_a_problem_not_a_crash(tmp_path):
    result = run("box", str(tmp_path / "nope.game"))
    assert result.exit_code == 1 and "no such file" in result.output


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_box_in_every_format(fmt: str):
    result = run("box", WALK_OFF, "--format", fmt)
    assert result.exit_code == 0
    if fmt == "json":
        assert json.loads(result.output)["linescore"]["home"]["R"] == final_score(WALK_OFF)[1]
    elif fmt == "csv":
        blocks = result.output.strip().split("\n\n")
        assert [next(csv.reader(io.StringIO(b)))[0] for b in blocks] == ["team", "player", "player"]
    else:
        assert "Mill Street Grays" in result.output and "Scoresheet" in result.output


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_replay_in_every_format(fmt: str):
    result = run("replay", EXAMPLE, "--format", fmt)
    assert result.exit_code == 0
    if fmt == "json":
        rows = json.loads(result.output)
        assert rows[5]["what happened"].endswith("Batter C scores; 1 left on base")
    else:
        assert "Batter D out at home (9-4-2)" in result.output


def test_python_dash_m_runs_the_cli():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "scorebook", "check", EXAMPLE], capture_output=True, text=True)
    assert done.returncode == 0 and "ok" in done.stdout


def test_demo_plays_stores_and_sums_up_a_season(tmp_path):
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    result = run("demo", "--db", url, "--rounds", "1", "--pdf-dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Demo League: 15 games among 6 teams" in result.output
    assert (tmp_path / "scorebook-demo-sheet.pdf").stat().st_size > 0 and (tmp_path / "scorebook-demo-report.pdf").exists()
    assert "STRK" in result.output and "League leaders" in result.output and "Scoresheet" in result.output
    again = run("demo", "--db", url, "--rounds", "1", "--pdf-dir", str(tmp_path))  # it replaces the season
    assert again.exit_code == 0
    from scorebook.store.db import Store

    assert len(Store(url).games()) == 15
