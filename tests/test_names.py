"""Names stored once (#18): a team's or player's name is a row of `names`, the statements'
tables hold its id, their views give it back; a name has a length limit, refused with its place;
a store of another layout is refused with what to do."""

from __future__ import annotations

import sqlite3
import tracemalloc
from pathlib import Path

import pytest
from sqlalchemy import text

import scorebook.notation.syntax as syntax
from scorebook.league.definition import parse_league
from scorebook.notation.syntax import NAME_LIMIT, parse_game
from scorebook.problems import CannotOpenStore, InvalidLeague, InvalidPlay, NamesCollide
from scorebook.stats import batting
from scorebook.store.db import Store
from scorebook.store.live import Live
from scorebook.store.rows import name_id

from .conftest import HEADER, ROOT, SAMPLES

WALK_OFF = (SAMPLES / "walk-off.game").read_text(encoding="utf-8")
DEMO = (ROOT / "leagues" / "demo.toml").read_text(encoding="utf-8")


def _walk_off_with(name: str, folder: Path) -> Path:
    """The walk-off sample with its leadoff batter, who reaches base and is put out, renamed."""
    path = folder / "renamed.game"
    path.write_text(WALK_OFF.replace('"Gus Brook"', f'"{name}"').replace("id=walk-off", "id=renamed"), encoding="utf-8")
    return path


def test_a_name_is_stored_once_and_the_views_give_it_back(db_url, tmp_path):
    store = Store(db_url)
    long_name = "Gus " + "B" * (NAME_LIMIT - 4)
    store.import_file(_walk_off_with(long_name, tmp_path))
    with store.engine.connect() as db:
        assert db.execute(text("SELECT COUNT(*) FROM names WHERE text = :n"), {"n": long_name}).scalar() == 1
        # the tables hold the id; the view the name, wherever the batter is
        ids = db.execute(text("SELECT COUNT(*) FROM facts WHERE batter = :id"), {"id": name_id(long_name)}).scalar()
        named = db.execute(text("SELECT COUNT(*) FROM named_facts WHERE batter = :n"), {"n": long_name}).scalar()
        on_base = db.execute(text("SELECT COUNT(*) FROM named_facts WHERE first_after = :n"), {"n": long_name}).scalar()
        put_out = db.execute(text("SELECT COUNT(*) FROM named_outs WHERE player = :n"), {"n": long_name}).scalar()
    assert ids == named > 0 and on_base > 0 and put_out > 0
    line = batting(store).filter(player=long_name).row(0, named=True)
    assert (line["team"], line["PA"]) == ("Harbor Gulls", named)


def test_a_megabyte_name_costs_its_megabyte_not_one_a_row(tmp_path, monkeypatch):
    """With the limit lifted, a 1 MB name: a database of 26 MB and a parse of 157 MB before."""
    monkeypatch.setattr(syntax, "NAME_LIMIT", 10**7)
    path = _walk_off_with("N" * 1_000_000, tmp_path)
    tracemalloc.start()
    try:
        parse_game(path.read_text(encoding="utf-8"), str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000
    database = tmp_path / "big.db"
    Store(f"sqlite:///{database}").import_file(path)
    # the name four times: the game's header and source, its player row and its names row
    assert database.stat().st_size < 8_000_000


@pytest.mark.parametrize("where", ["away", "lineup", "pitcher"])
def test_a_name_over_the_limit_is_refused_at_its_place(where: str):
    long_name = "X" * (NAME_LIMIT + 1)
    lines = HEADER.splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith(where))
    lines[number] = lines[number].replace('"', f'"{long_name}', 1)
    col = lines[number].index('"') + 1
    with pytest.raises(InvalidPlay) as caught:
        parse_game("\n".join(lines) + "\ntop 1\nSO\n", "t.game")
    problem = caught.value
    assert (problem.line, problem.col) == (number + 1, col)
    assert f"a name is at most {NAME_LIMIT} characters" in str(problem)


def test_a_league_name_over_the_limit_is_refused_at_its_place():
    written = DEMO.replace('name = "Harbor Gulls"', f'name = "{"H" * (NAME_LIMIT + 1)}"', 1)
    with pytest.raises(InvalidLeague) as caught:
        parse_league(written, "demo.toml")
    line = next(n for n, text_ in enumerate(written.splitlines(), 1) if "HHHH" in text_)
    assert (caught.value.line, caught.value.col) == (line, 8)
    assert f"at most {NAME_LIMIT} characters" in str(caught.value)


def test_a_live_pitching_change_names_its_new_pitcher(db_url, tmp_path):
    store = Store(db_url)
    path = tmp_path / "g.game"
    path.write_text(HEADER.replace("innings=9", "innings=9 id=live1"), encoding="utf-8")
    store.import_file(path)
    live = Live(db_url)
    try:
        live.record("live1", "SO")
        live.record("live1", 'pitcher home "Rhea Newcomb"')
        live.record("live1", "SO")
    finally:
        live.close()
    with store.engine.connect() as db:
        pitchers = db.execute(text("SELECT pitcher FROM named_facts WHERE game_id = 'live1' ORDER BY seq")).scalars().all()
    assert pitchers[-1] == "Rhea Newcomb" and pitchers[1] == "HP"


def test_two_names_of_one_id_are_refused(tmp_path):
    url = f"sqlite:///{tmp_path / 'collide.db'}"
    store = Store(url)
    with store.engine.begin() as db:  # a name that took "Gus Brook"'s id before him
        db.execute(text("INSERT INTO names (id, text) VALUES (:id, 'Someone Else')"), {"id": name_id("Gus Brook")})
    with pytest.raises(NamesCollide, match="'Someone Else' and 'Gus Brook'"):
        store.import_file(SAMPLES / "walk-off.game")
    assert store.count("games") == 0


def test_a_store_of_the_old_layout_is_refused_with_what_to_do(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:  # schema 1: the names in every row, no store_info
        db.execute("CREATE TABLE games (id TEXT PRIMARY KEY)")
        db.execute("CREATE TABLE facts (game_id TEXT, seq INTEGER, batter TEXT)")
    with pytest.raises(CannotOpenStore) as caught:
        Store(f"sqlite:///{path}")
    assert "older scorebook" in str(caught.value) and "import the games again into a new database" in str(caught.value)


def test_a_store_of_a_newer_layout_is_refused(tmp_path):
    url = f"sqlite:///{tmp_path / 'new.db'}"
    store = Store(url)
    with store.engine.begin() as db:
        db.execute(text("UPDATE store_info SET value = '99' WHERE key = 'schema'"))
    store.engine.dispose()
    with pytest.raises(CannotOpenStore, match="store schema 99"):
        Store(url)
