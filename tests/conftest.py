from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorebook.files import replay_game
from scorebook.notation import parse_game

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
# The baseball-family samples (Diceball, Dice Baseball, the official rules' official-scoring);
# Bonn Die's have its own tests.
BASEBALL_SAMPLES = sorted(p for p in SAMPLES.glob("*.game") if "bonn-die" not in p.name)
# The samples short of a Diceball game's nine innings with dice: the rulebook's one-inning
# example, and a three-inning game of the official rules (no dice) for the scoring rules the
# dice games lack (a hit by pitch) or the other samples never meet (a sacrifice fly).
RULEBOOK_EXAMPLE = SAMPLES / "rulebook-example.game"
OFFICIAL_SCORING = SAMPLES / "official-scoring.game"
BONN_DIE_SAMPLES = sorted(SAMPLES.glob("*bonn-die*.game"))
ALL_SAMPLES = sorted(SAMPLES.glob("*.game"))

HEADER = """game rules=diceball innings=9
away "Away"
home "Home"
lineup away "A1" "A2" "A3" "A4" "A5" "A6" "A7" "A8" "A9"
lineup home "H1" "H2" "H3" "H4" "H5" "H6" "H7" "H8" "H9"
pitcher away "AP"
pitcher home "HP"
"""
HEADER_LINES = HEADER.count("\n")


def game_text(body: str, header: str = HEADER) -> str:
    return header + body.strip("\n") + "\n"


def play(body: str, header: str = HEADER):
    """Replay a game made of the standard header and `body`."""
    return replay_game(parse_game(game_text(body, header), "t.game"))


def _reset_postgres(url: str) -> None:
    """Drop the test database's tables (and views), whatever scorebook left them: a plain
    engine, not the store's, which refuses a database of another layout before anything."""
    from sqlalchemy import create_engine
    from sqlmodel import SQLModel

    from scorebook.store import schema  # noqa: F401  (the tables)

    engine = create_engine(url)
    SQLModel.metadata.drop_all(engine)
    engine.dispose()


BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("SCOREBOOK_TEST_PG") else [])


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path) -> str:
    """A fresh database: a SQLite file always, PostgreSQL too when SCOREBOOK_TEST_PG names one."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.db'}"
    url = os.environ["SCOREBOOK_TEST_PG"]
    _reset_postgres(url)
    return url


@pytest.fixture(scope="session")
def demo_season(tmp_path_factory) -> str:
    """The demo league's season (15 games) played once and stored, for the tests that only read
    it (the book, the spray charts): the database's URL."""
    from typer.testing import CliRunner

    from scorebook.cli import app

    folder = tmp_path_factory.mktemp("demo-season")
    url = f"sqlite:///{folder / 'demo.db'}"
    assert CliRunner().invoke(app, ["demo", "--db", url, "--rounds", "1", "--pdf-dir", str(folder)]).exit_code == 0
    return url


@pytest.fixture(autouse=True)
def scorer_files(tmp_path_factory, monkeypatch) -> Path:
    """The scorer's own files (`live`'s history, `undo`'s statements for redo) in a folder of
    the test's, never the user's ~/.local/share."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder
