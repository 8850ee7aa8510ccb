"""The command line's conventions (#18): --version, -h, shell completion, -o choosing the
format, case-insensitive --sort, choices in help, hints on empty results."""

from __future__ import annotations

import polars as pl
import pytest

import scorebook
from scorebook.cli import app

from . import test_cli
from .conftest import SAMPLES
from .test_cli import COMMANDS, DATA_ARGS, run, runner

league_db = test_cli.league_db  # the fixture: a league, its schedule and a game


def test_version_prints_the_package_version():
    result = run("--version")
    assert result.exit_code == 0 and result.stdout == f"scorebook {scorebook.__version__}\n" == "scorebook 0.1.0\n"


@pytest.mark.parametrize("command", ["", *sorted(COMMANDS)])
def test_dash_h_is_help_on_every_command(command: str):
    short, long = run(*command.split(), "-h"), run(*command.split(), "--help")
    assert short.exit_code == long.exit_code == 0 and short.stdout == long.stdout
    assert "-h, --help" in short.stdout


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_is_shown_for_bash_zsh_and_fish(shell: str, monkeypatch):
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")  # the shell named, not this one
    result = run("--show-completion", shell)
    assert result.exit_code == 0 and f"_SCOREBOOK_COMPLETE=complete_{shell}" in result.stdout


@pytest.mark.parametrize("command", sorted(set(DATA_ARGS) - {"export"}))  # export: formats of its own
@pytest.mark.parametrize("fmt, suffix", [("csv", ".csv"), ("json", ".JSON"), ("table", ".txt")])
def test_output_without_format_takes_the_format_from_the_extension(command, fmt, suffix, league_db, tmp_path):
    args = [*command.split(), *DATA_ARGS[command]]
    shown = runner.invoke(app, [*args, "--format", fmt], env=league_db)
    out = tmp_path / f"out{suffix}"
    written = runner.invoke(app, [*args, "-o", str(out)], env=league_db)
    assert shown.exit_code == written.exit_code == 0, shown.output + written.output
    assert out.read_text(encoding="utf-8") == shown.stdout


def test_output_to_a_parquet_file_writes_parquet_and_format_still_wins(league_db, tmp_path):
    out = tmp_path / "games.parquet"
    assert runner.invoke(app, ["games", "-o", str(out)], env=league_db).exit_code == 0
    assert pl.read_parquet(out)["id"].to_list() == ["walk-off"]
    as_csv = tmp_path / "games.json"
    assert runner.invoke(app, ["games", "--format", "csv", "-o", str(as_csv)], env=league_db).exit_code == 0
    assert as_csv.read_text(encoding="utf-8").startswith("id,")


def test_sort_takes_a_column_in_any_case(league_db):
    upper = runner.invoke(app, ["stats", "batting", "--sort", "OPS"], env=league_db)
    lower = runner.invoke(app, ["stats", "batting", "--sort", "ops"], env=league_db)
    assert upper.exit_code == lower.exit_code == 0 and upper.stdout == lower.stdout
    unknown = runner.invoke(app, ["stats", "batting", "--sort", "opz"], env=league_db)
    assert unknown.exit_code == 1 and "no column opz; the batting columns are" in unknown.stderr


def test_import_lists_its_formats_and_refuses_another():
    assert "<game|retrosheet>" in run("import", "-h").stdout
    refused = run("import", str(SAMPLES / "walk-off.game"), "--format", "bonn")
    assert refused.exit_code == 2 and "'bonn' is not one of 'game', 'retrosheet'" in refused.stderr


def test_empty_results_say_so_in_one_line_on_stderr(tmp_path):
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'empty.db'}"}
    from scorebook.store.db import Store

    Store(env["SCOREBOOK_DB"])  # a store with no game (no store at all is said otherwise: test_environment.py)
    no_games = "scorebook: no games stored yet: scorebook import FILE or scorebook game new ...\n"
    games = runner.invoke(app, ["games"], env=env)
    assert games.exit_code == 0 and games.stderr == no_games and games.stdout.startswith("id")
    stats = runner.invoke(app, ["stats", "pitching"], env=env)
    assert stats.exit_code == 0 and stats.stderr == "scorebook: no pitching lines: " + no_games.removeprefix("scorebook: ")
    assert runner.invoke(app, ["league", "create", str(SAMPLES.parent / "leagues" / "demo.toml")], env=env).exit_code == 0
    leaders = runner.invoke(app, ["league", "leaders", "demo"], env=env)
    assert leaders.exit_code == 0 and leaders.stderr.count("\n") == 1
    assert leaders.stderr.startswith("scorebook: no leaders yet: no game of demo stored (scorebook simulate --league demo")


def test_a_result_with_rows_has_no_hint(league_db):
    for args in (["games"], ["stats", "batting"]):  # (league_db's one game is no league's)
        result = runner.invoke(app, args, env=league_db)
        assert result.exit_code == 0 and result.stderr == "", args


@pytest.mark.parametrize("written, canonical", [("so", "SO"), ("k", "SO"), ("K**", "SO**"), ("h2 1-h", "H2 1-H"), ("bb", "BB"), ("if6", "IF6")])
def test_codes_read_in_any_case_and_k_as_so_and_are_written_canonical(written: str, canonical: str):
    from scorebook.notation.format import format_play
    from scorebook.notation.syntax import parse_play

    play = parse_play(written)
    assert format_play(play) == canonical and play == parse_play(canonical)


@pytest.mark.parametrize("written, canonical", [("sb2", "SB2"), ("cs3(2-5)", "CS3(2-5)"), ("wp 1-2 2-h", "WP 1-2 2-H")])
def test_runner_events_read_in_any_case(written: str, canonical: str):
    from scorebook.notation.format import format_statement
    from scorebook.notation.syntax import parse_statement

    assert format_statement(parse_statement(written, 1)) == canonical


@pytest.mark.parametrize("near, meant", [("S0", "SO"), ("HH2", "H2"), ("B", "BB"), ("s0", "SO")])
def test_a_near_miss_is_told_the_code_it_nearly_is(near: str, meant: str):
    from scorebook.notation.syntax import parse_play
    from scorebook.problems import InvalidPlay

    with pytest.raises(InvalidPlay) as refused:
        parse_play(near)
    assert str(refused.value) == f"1: `{near}`: not a play result; did you mean `{meant}`?"


def test_a_far_miss_still_gets_the_usage():
    from scorebook.notation.syntax import PLAY_SYNTAX, parse_play
    from scorebook.problems import InvalidPlay

    with pytest.raises(InvalidPlay, match="not a play result; a play is RESULT"):
        parse_play("H5")
    assert "did you mean" not in PLAY_SYNTAX


def test_record_takes_k_and_a_lowercase_code_and_suggests_on_a_near_miss(tmp_path):
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'live.db'}"}
    new = runner.invoke(app, ["game", "new", "--away", "A", "--home", "B", "--lineup-file", str(SAMPLES / "lineups.txt")], env=env)
    game = new.stdout.strip()
    assert runner.invoke(app, ["record", game, "k"], env=env).stdout.startswith("top 1, 1 out")
    assert runner.invoke(app, ["record", game, "h2"], env=env).stdout.startswith("top 1, 1 out, runner on 2nd")
    refused = runner.invoke(app, ["record", game, "S0"], env=env)
    assert refused.exit_code == 1 and refused.stderr.strip().endswith("not a play result; did you mean `SO`?")
    exported = tmp_path / "live.game"
    assert runner.invoke(app, ["export", game, "-o", str(exported)], env=env).exit_code == 0
    assert exported.read_text(encoding="utf-8").endswith("top 1\nSO\nH2\n")  # stored as the rulebook writes them
    assert runner.invoke(app, ["check", str(exported)]).exit_code == 0
