"""The public Python API (`import scorebook`, docs/python-api.md): its examples run, its names
resolve, it stays cheap to import, and its problems are of the classes that say what went wrong."""

from __future__ import annotations

import doctest
import subprocess
import sys

import pytest

import scorebook
from scorebook import problems

from .conftest import ROOT, SAMPLES

HEAVY = {"sqlalchemy", "sqlmodel", "pydantic", "polars", "reportlab"}


def test_the_documented_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples name samples/ and leagues/ from the checkout's top
    for result in (
        doctest.testfile(str(ROOT / "docs" / "python-api.md"), module_relative=False, optionflags=doctest.ELLIPSIS),
        doctest.testmod(scorebook),  # the package's docstring
    ):
        assert result.attempted > 0 and result.failed == 0


def test_every_public_name_resolves():
    missing = [name for name in scorebook.__all__ if not hasattr(scorebook, name)]
    assert missing == []
    assert set(scorebook.__all__) <= set(dir(scorebook))


def test_replaying_and_a_box_score_import_no_heavy_library():
    probe = (
        "import sys, scorebook\n"
        f"box = scorebook.box_score(scorebook.replay_file({str(SAMPLES / 'one-run-game.game')!r}))\n"
        "scorebook.box_table(box)\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & {HEAVY!r}))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def test_every_problem_is_a_scorebook_problem():
    for name in problems.__all__:
        assert issubclass(getattr(problems, name), problems.ScorebookProblem), name
    assert issubclass(problems.NoSuchGame, problems.NotFound)
    assert issubclass(problems.UnknownGameRules, problems.IllegalPlay)


def test_grouping_stats_by_an_unknown_key_is_a_named_problem(tmp_path):
    store = scorebook.Store(f"sqlite:///{tmp_path / 'api.db'}")
    for table in (scorebook.batting, scorebook.pitching, scorebook.fielding, scorebook.bonn_die_stats):
        with pytest.raises(scorebook.InvalidStatsOption, match="--by is one of player, team, league, game, not inning"):
            table(store, by="inning")


def test_a_missing_file_is_no_such_file(tmp_path):
    with pytest.raises(scorebook.NoSuchFile, match="no such file"):
        scorebook.replay_file(tmp_path / "missing.game")
