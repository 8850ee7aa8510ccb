"""The command line: help and an example on every command, exit codes, formats, problems."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import polars as pl
import pytest
import typer
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.cli.common import FormatOption, OutputOption
from scorebook.reports.render import Format

from .conftest import HEADER, SAMPLES

runner = CliRunner()
EXAMPLE = str(SAMPLES / "rulebook-example.game")
WALK_OFF = str(SAMPLES / "walk-off.game")


def walk(group, path: tuple[str, ...] = ()):
    """Every command of the app, sub-apps' (`league standings`) included, by its full name."""
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from walk(command, (*path, name))
        else:
            yield " ".join((*path, name)), command


COMMANDS = dict(walk(typer.main.get_command(app)))
# The commands that print no data: they check, store, score or simulate games, or write PDFs
# (their -o names the PDF or the folder). Every other command prints data.
PRINT_NO_DATA = {
    "check", "import", "game new", "record", "undo", "redo", "live", "simulate", "sheet", "demo",
    "league create", "league forfeit", "league report", "league spray", "serve", "key new", "key revoke",
}  # fmt: skip
PRINT_DATA = sorted(set(COMMANDS) - PRINT_NO_DATA)


def run(*args: str):
    return runner.invoke(app, list(args))


def test_the_walk_finds_the_sub_commands():
    assert {"league standings", "league playoffs", "game new", "stats"} <= set(COMMANDS)
    assert set(COMMANDS) >= PRINT_NO_DATA


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_has_help_and_an_example(command: str):
    result = run(*command.split(), "--help")
    assert result.exit_code == 0
    assert "Example: scorebook " + command in result.output
    assert len(result.output.split("Usage:")[1].splitlines()) > 3


@pytest.mark.parametrize("command", PRINT_DATA)
def test_every_command_that_prints_data_has_the_shared_format_and_output_options(command: str):
    options = {name: param for param in COMMANDS[command].params for name in param.opts}
    assert {"--format", "-f", "--output", "-o"} <= set(options), f"{command} lacks the output options"
    if command == "export":  # a game out as a game file, JSON or Retrosheet files: formats of its own
        return
    assert options["--format"].help == FormatOption.__metadata__[0].help
    assert options["--output"].help == OutputOption.__metadata__[0].help
    assert list(options["--format"].type.choices) == [f.value for f in Format]


def final_score(path: str) -> tuple[int, int]:
    from scorebook.files import replay_game
    from scorebook.notation import parse_game

    with open(path, encoding="utf-8") as handle:
        return replay_game(parse_game(handle.read())).state.score


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


def test_unknown_rules_are_reported_at_their_token_with_every_game_scorebook_knows(tmp_path):
    bad = tmp_path / "bad.game"
    header = HEADER.replace("rules=diceball innings=9", "innings=9 rules=dicebal")
    bad.write_text("# a comment line\n" + header + "top 1\nBB\n")
    result = run("check", str(bad))
    assert result.exit_code == 1
    said = f"{bad}:2:16: unknown rules=dicebal; scorebook knows diceball, dice-baseball, baseball, bonn-die\n"
    assert result.stderr == said
    from scorebook.games import KNOWN_RULES

    for rules in KNOWN_RULES:  # each one it names, it knows
        game = SAMPLES / "bonn-die-opener.game" if rules == "bonn-die" else tmp_path / f"{rules}.game"
        if rules != "bonn-die":
            game.write_text(HEADER.replace("diceball", rules) + "top 1\nBB\n")
        assert run("check", str(game)).exit_code == 0, rules


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

    done = subprocess.run([sys.executable, "-m", "scorebook", "check", EXAMPLE], capture_output=True, text=True, check=False)
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


# How to call each command that prints data (`league_db` has a league, its schedule and a game).
DATA_ARGS = {
    "box": [WALK_OFF], "replay": [WALK_OFF], "games": [], "stats": ["batting"], "export": ["walk-off"],
    "odds": ["--location", "14"],
    "league schedule": ["demo"], "league standings": ["demo"], "league leaders": ["demo"], "league playoffs": ["demo"], "key list": [],
}  # fmt: skip


@pytest.fixture(scope="module")
def league_db(tmp_path_factory) -> dict[str, str]:
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path_factory.mktemp('output') / 'out.db'}"}
    demo = str(SAMPLES.parent / "leagues" / "demo.toml")
    for args in (["league", "create", demo], ["league", "schedule", "demo", "--round-robin"], ["import", WALK_OFF]):
        assert runner.invoke(app, args, env=env).exit_code == 0
    return env


def test_every_command_that_prints_data_is_called_below():
    assert set(DATA_ARGS) == set(PRINT_DATA)


@pytest.mark.parametrize("command", sorted(DATA_ARGS))
@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_output_writes_to_the_file_what_the_command_prints(command: str, fmt: str, league_db, tmp_path):
    if command == "export":
        fmt = {"table": "game", "csv": "game"}.get(fmt, fmt)  # its formats: game, json, retrosheet
    args = [*command.split(), *DATA_ARGS[command], "--format", fmt]
    shown = runner.invoke(app, args, env=league_db)
    out = tmp_path / "out.txt"
    written = runner.invoke(app, [*args, "-o", str(out)], env=league_db)
    assert shown.exit_code == written.exit_code == 0, shown.output + written.output
    assert shown.stdout.strip() and written.stdout == ""
    assert out.read_text(encoding="utf-8") == shown.stdout


@pytest.mark.parametrize("command", sorted(set(DATA_ARGS) - {"box", "export"}))
def test_parquet_holds_the_rows_the_json_has(command: str, league_db, tmp_path):
    args = [*command.split(), *DATA_ARGS[command]]
    data = json.loads(runner.invoke(app, [*args, "--format", "json"], env=league_db).stdout)
    rows = data["series"] if command == "league playoffs" else data
    out = tmp_path / "out.parquet"
    assert runner.invoke(app, [*args, "--format", "parquet", "-o", str(out)], env=league_db).exit_code == 0
    frame = pl.read_parquet(out)
    assert frame.to_dicts() == [{k: row[k] for k in frame.columns} for row in rows]
    refused = runner.invoke(app, [*args, "--format", "parquet"], env=league_db)
    assert refused.exit_code == 1 and "give -o FILE.parquet" in refused.stderr


def test_a_box_score_is_not_one_parquet_table(tmp_path):
    refused = run("box", WALK_OFF, "--format", "parquet", "-o", str(tmp_path / "box.parquet"))
    assert refused.exit_code == 1 and "use --format json or csv" in refused.stderr
    assert not (tmp_path / "box.parquet").exists()


def test_the_games_table_aligns_the_scores_right_and_the_words_left(tmp_path):
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'g.db'}"}
    assert runner.invoke(app, ["import", WALK_OFF, EXAMPLE], env=env).exit_code == 0
    header, rule, *rows = runner.invoke(app, ["games"], env=env).stdout.splitlines()
    spans, at = {}, 0
    for dashes, name in zip(rule.split("  "), header.split()):
        spans[name], at = (at, at + len(dashes)), at + len(dashes) + 2
    assert len(rows) == 2 and {row[slice(*spans["status"])].strip() for row in rows} == {"final", "in progress"}
    for row in rows:
        for name, (start, end) in spans.items():
            cell = row[start:end].ljust(end - start)
            if name.endswith("_score"):
                assert cell[-1] != " ", (name, row)  # a number, right-aligned
            elif cell.strip():
                assert cell[0] != " ", (name, row)  # words, left-aligned


def test_the_readme_says_what_the_demo_does_beside_its_command():
    readme = (SAMPLES.parent / "README.md").read_text(encoding="utf-8")
    quickstart = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    after = quickstart.split("scorebook demo\n```", 1)[1]
    said = after.split("```", 1)[0]  # the paragraph right after the demo's command
    assert "scorebook-demo.db" in said and "leagues/demo.toml" in said and readme.count("scorebook-demo.db") == 1


# --- the boundary: every command's problems and stops caught in one place (#18, 3 and 4) ------


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_goes_through_the_boundary(command: str):
    import inspect

    def is_boundary(function) -> bool:
        return (Path(function.__code__.co_filename).name, function.__code__.co_name) == ("common.py", "run")

    code = inspect.unwrap(COMMANDS[command].callback, stop=is_boundary).__code__  # under Typer's wrapper: ours
    assert (Path(code.co_filename).name, code.co_name) == ("common.py", "run"), command


def test_ctrl_c_prints_one_line_and_exits_130(monkeypatch, tmp_path):
    from scorebook.store.db import Store

    def interrupted(self):
        raise KeyboardInterrupt

    url = f"sqlite:///{tmp_path / 'i.db'}"
    runner.invoke(app, ["import", WALK_OFF, "--db", url])
    monkeypatch.setattr(Store, "games", interrupted)
    done = runner.invoke(app, ["games", "--db", url])
    assert (done.exit_code, done.output) == (130, "scorebook: interrupted\n")


def test_sigterm_prints_one_line_exits_143_and_the_handler_is_put_back(monkeypatch, tmp_path):
    import os
    import signal
    import time

    from scorebook.store.db import Store

    def terminated(self):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(10)  # the handler raises in here
        raise AssertionError("SIGTERM did not stop the command")

    url = f"sqlite:///{tmp_path / 't.db'}"
    runner.invoke(app, ["import", WALK_OFF, "--db", url])
    before = signal.getsignal(signal.SIGTERM)
    monkeypatch.setattr(Store, "games", terminated)
    done = runner.invoke(app, ["games", "--db", url])
    assert (done.exit_code, done.output) == (143, "scorebook: terminated\n")
    assert signal.getsignal(signal.SIGTERM) is before


def test_an_interrupted_import_says_what_it_stored(monkeypatch, tmp_path):
    from scorebook.store.db import Store

    real = Store.write

    def second_interrupted(self, game, **options):
        if self.count("games"):
            raise KeyboardInterrupt
        return real(self, game, **options)

    monkeypatch.setattr(Store, "write", second_interrupted)
    done = runner.invoke(app, ["import", WALK_OFF, EXAMPLE, "--db", f"sqlite:///{tmp_path / 'i.db'}"])
    assert done.exit_code == 130
    assert done.output == (
        "scorebook: interrupted; imported 1 game from 2 files; 0 skipped (stored already), 0 refused; "
        "every game stored is whole: import again to store the rest\n"
    )


def test_an_import_of_good_files_and_bad_reports_each_bad_one_and_sums_up(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    for sample in (WALK_OFF, EXAMPLE, str(SAMPLES / "one-run-game.game")):
        (folder / Path(sample).name).write_text(Path(sample).read_text())
    bad = folder / "b-bad.game"
    bad.write_text(Path(WALK_OFF).read_text().replace("id=walk-off", "id=bad").replace("\nbottom 1\n", "\nbottom 1\nH9*\n", 1))
    unreadable = folder / "c-binary.game"
    unreadable.write_bytes(b"\xff\xfe\x00game")
    url = f"sqlite:///{tmp_path / 'm.db'}"
    done = runner.invoke(app, ["import", str(folder), "--db", url])
    assert done.exit_code == 1
    lines = done.output.splitlines()
    assert lines[-1] == "imported 3 games from 5 files; 0 skipped (stored already), 2 refused"
    assert any(line.startswith(f"{bad}:") and "`H9*`" in line for line in lines), lines
    assert f"{unreadable}:1:1: not UTF-8 text" in done.output
    again = runner.invoke(app, ["import", str(folder), "--db", url])
    assert again.output.splitlines()[-1] == "imported 0 games from 5 files; 3 skipped (stored already), 2 refused"
    (bad.unlink(), unreadable.unlink())
    nothing_new = runner.invoke(app, ["import", str(folder), "--db", url])
    assert (nothing_new.exit_code, nothing_new.output) == (0, "imported 0 games from 3 files; 3 skipped (stored already), 0 refused\n")


def test_a_retrosheet_import_of_a_folder_with_a_bad_file_imports_the_good_ones(tmp_path):
    from .test_retrosheet_import import finished, synthetic_records

    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "TEAMTST").write_text("TST,A,Test,Team\nOPP,A,Other,Team\n")
    for number in (1, 2):  # games of five and six innings
        records = synthetic_records(finished([], innings=4 + number), number=number)
        (folder / f"2019T{number}.EVA").write_text("\n".join(records) + "\n")
    bad = folder / "2019T0.EVA"
    bad.write_text("id,TST201904019\ngarbage\n")
    (folder / "NOTICE").write_text("not a Retrosheet file: left alone\n")
    url = f"sqlite:///{tmp_path / 'r.db'}"
    done = runner.invoke(app, ["import", "--format", "retrosheet", str(folder), "--db", url])
    assert done.exit_code == 1 and f"{bad}:2:1: `garbage`" in done.output
    assert done.output.splitlines()[-1] == "imported 2 Retrosheet games from 4 files; 0 skipped (stored already), 1 refused"


def test_a_reader_that_stops_reading_ends_the_command_quietly():
    """`scorebook replay FILE | head -1`: the pipe closed under the command is no traceback."""
    import subprocess
    import sys

    replay = subprocess.Popen([sys.executable, "-m", "scorebook", "replay", str(SAMPLES / "extra-innings.game")], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert replay.stdout is not None and replay.stderr is not None
    replay.stdout.close()  # the reader gone before the first line is written
    said = replay.stderr.read().decode()
    assert replay.wait(60) == 141 and said == ""


def test_ctrl_c_while_the_command_line_loads_is_one_line_and_exit_130(monkeypatch, capsys):
    import sys

    import scorebook.__main__ as entry

    class Loading:  # `from scorebook.cli import main` interrupted halfway
        def __getattr__(self, name):
            raise KeyboardInterrupt

    monkeypatch.setitem(sys.modules, "scorebook.cli", Loading())
    with pytest.raises(SystemExit) as ended:
        entry.main()
    assert ended.value.code == 130 and capsys.readouterr().err.strip() == "scorebook: interrupted"
