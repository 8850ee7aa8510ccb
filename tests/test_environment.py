"""Bad environments (#18, 4): each failure of the place the store lives is a message saying
what failed, which file or URL, and what to do; never a traceback, nothing stored half, and a
command that only reads makes no store."""

from __future__ import annotations

import ctypes
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import event
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.problems import CannotWriteStore
from scorebook.store.db import Store
from scorebook.store.live import Live

from .conftest import SAMPLES

runner = CliRunner()
WALK_OFF, ONE_RUN = str(SAMPLES / "walk-off.game"), str(SAMPLES / "one-run-game.game")
NO_STORE = "import games first (scorebook import FILE...), start one (scorebook game new ...), or give --db the store's URL"
LINEUPS = str(SAMPLES / "lineups.txt")


def cli(url: str, *args: str):
    return runner.invoke(app, [*args, "--db", url])


def said(done, *words: str) -> str:
    """What a failed command printed: exit 1, said at the boundary (no traceback), these words in it."""
    assert done.exit_code == 1 and isinstance(done.exception, SystemExit), (done.output, done.exception)
    for word in words:
        assert word in done.output, done.output
    return done.output


def stored_store(folder: Path) -> Path:
    """A store of one game made by a process of its own, its write-ahead log folded into the
    file and gone (as a store copied elsewhere): the file alone holds it."""
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "s.db"
    assert scorebook("import", WALK_OFF, "--db", f"sqlite:///{db}").returncode == 0
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for side in folder.glob("s.db-*"):
        side.unlink()
    return db


# --- commands that only read make nothing ----------------------------------------------------

READERS = [
    ["games"], ["stats", "batting"], ["box", "walk-off"], ["replay", "walk-off"], ["export", "walk-off"],
    ["league", "standings", "demo"], ["league", "leaders", "demo"], ["league", "schedule", "demo"],
    ["league", "report", "demo"], ["key", "list"], ["record", "walk-off", "SO"], ["undo", "walk-off"], ["redo", "walk-off"],
]  # fmt: skip


@pytest.mark.parametrize("command", READERS, ids=" ".join)
def test_a_command_that_only_reads_makes_no_store_and_says_how_to_make_one(tmp_path, command):
    db = tmp_path / "scorebook.db"
    said(cli(f"sqlite:///{db}", *command), f"no store at {db}: {NO_STORE}")
    assert list(tmp_path.iterdir()) == []


def test_a_command_that_writes_makes_the_store(tmp_path):
    db = tmp_path / "new.db"
    assert cli(f"sqlite:///{db}", "import", WALK_OFF).exit_code == 0 and db.exists()


# --- files that are not a store ------------------------------------------------------------


@pytest.mark.parametrize("command", [["games"], ["import", WALK_OFF], ["record", "walk-off", "SO"]], ids=" ".join)
@pytest.mark.parametrize("content", [b"not a database at all\n" * 100, bytes(range(256)) * 32], ids=["text", "bytes"])
def test_a_damaged_or_foreign_file_is_said_so(tmp_path, command, content):
    db = tmp_path / "junk.db"
    db.write_bytes(content)
    said(cli(f"sqlite:///{db}", *command), f"{db} is not an SQLite database, or is damaged", "restore the file from a backup")
    assert db.read_bytes() == content


def test_a_database_cut_short_is_said_damaged(tmp_path):
    db = stored_store(tmp_path)
    db.write_bytes(db.read_bytes()[: 3 * 4096])  # a copy cut short: pages the schema points to are gone
    text = said(cli(f"sqlite:///{db}", "games"), str(db))
    assert "damaged" in text or "not an SQLite database" in text


@pytest.mark.parametrize("command", [["games"], ["import", WALK_OFF], ["record", "walk-off", "SO"]], ids=" ".join)
def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path, command):
    db = tmp_path / "photos.db"
    with sqlite3.connect(db) as other:
        other.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)")
    said(cli(f"sqlite:///{db}", *command), str(db), "give --db a scorebook store")
    with sqlite3.connect(db) as other:
        assert [name for (name,) in other.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == ["photos"]


@pytest.mark.parametrize("command", [["games"], ["import", WALK_OFF], ["undo", "walk-off", "--yes"]], ids=" ".join)
def test_an_older_scorebooks_database_says_to_import_into_a_new_one(tmp_path, command):
    db = stored_store(tmp_path)
    with sqlite3.connect(db) as old:  # as a scorebook before the games' count of statements was kept
        old.execute("ALTER TABLE games DROP COLUMN statements")
    text = said(cli(f"sqlite:///{db}", *command), str(db), "an older scorebook's", "import your game files into a new --db")
    assert "its table games lacks statements" in text or command[0] == "undo"  # live scoring meets it as it writes


# --- a store that cannot be written ------------------------------------------------------


def _without_root_override() -> None:
    """A child that obeys file permissions even as root (the suite may run as root): the
    capabilities that override them dropped from its bounding set before it runs."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        libc.prctl(24, capability, 0, 0, 0)  # PR_CAPBSET_DROP; refused (and not needed) when not root


def scorebook(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorebook", *args], preexec_fn=_without_root_override, capture_output=True, text=True, check=False
    )


needs_linux = pytest.mark.skipif(sys.platform != "linux", reason="drops root's capabilities with prctl")


@needs_linux
def test_a_read_only_database_file_is_said_so_and_still_read(tmp_path):
    db = stored_store(tmp_path / "store")
    db.chmod(0o444)
    for command in (["import", ONE_RUN], ["record", "walk-off", "SO"]):
        done = scorebook(*command, "--db", f"sqlite:///{db}")
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
        assert f"the database {db} cannot be written: the file is read-only; allow writing it (chmod u+w {db})" in done.stderr
    listed = scorebook("games", "--db", f"sqlite:///{db}")
    assert listed.returncode == 0 and "walk-off" in listed.stdout  # reading it still works
    db.chmod(0o644)
    assert [g.id for g in Store(f"sqlite:///{db}").games()] == ["walk-off"]


@needs_linux
def test_a_read_only_folder_is_said_so(tmp_path):
    folder = tmp_path / "store"
    db = stored_store(folder)
    folder.chmod(0o555)
    try:
        for command in (["import", ONE_RUN], ["games"], ["record", "walk-off", "SO"]):
            done = scorebook(*command, "--db", f"sqlite:///{db}")
            assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
            assert f"its folder {folder} is read-only, and SQLite writes the -wal and -shm files beside the database" in done.stderr
        new = scorebook("import", ONE_RUN, "--db", f"sqlite:///{folder / 'new.db'}")
        assert new.returncode == 1 and f"cannot open the database {folder / 'new.db'}: its folder {folder} is read-only" in new.stderr
    finally:
        folder.chmod(0o755)


def test_a_missing_folder_is_said_so(tmp_path):
    db = tmp_path / "no" / "such" / "s.db"
    said(cli(f"sqlite:///{db}", "import", WALK_OFF), f"cannot open the database {db}: its folder {db.parent} does not exist")


def _full_after(store: Store, pages: int) -> None:
    """Every connection of the store may hold `pages` pages: a disk that is full past them."""
    store.engine.dispose()
    event.listen(store.engine, "connect", lambda connection, _: connection.execute(f"PRAGMA max_page_count={pages}"))


def test_a_full_disk_is_said_so_and_stores_nothing_half(tmp_path):
    url = f"sqlite:///{tmp_path / 'full.db'}"
    store = Store(url)
    store.import_file(Path(WALK_OFF))
    with store.engine.connect() as db:
        pages = db.exec_driver_sql("PRAGMA page_count").scalar()
    _full_after(store, pages)
    with pytest.raises(CannotWriteStore, match=r"the disk holding the database .*full\.db is full: .* free some space"):
        store.import_file(Path(ONE_RUN))
    assert [g.id for g in Store(url).games()] == ["walk-off"]
    assert Store(url).count("events") == len(Store(url).replay("walk-off").facts)


def test_live_scoring_on_a_full_disk_says_the_disk_is_full_not_that_a_rollback_failed(tmp_path):
    url = f"sqlite:///{tmp_path / 'live.db'}"
    game = runner.invoke(app, ["game", "new", "--away", "A", "--home", "B", "--lineup-file", LINEUPS, "--db", url]).output.strip()
    live = Live(url)
    pages = live.db.execute("PRAGMA page_count").fetchone()[0]
    live.db.execute(f"PRAGMA max_page_count={pages}")
    with pytest.raises(sqlite3.OperationalError, match="database or disk is full"):  # SQLite rolled back: ROLLBACK fails after
        for n in range(500):
            live.record(game, "H1" if n % 2 else "SO")
    live.close()
    stored = Store(url)
    assert 0 < stored.game(game).statements == len(stored.replay(game).facts) == stored.count("events")  # none half


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("mount") is None, reason="mounts a tiny file system (root)")
def test_an_import_onto_a_full_disk_stops_with_its_summary(tmp_path, game_files_for_disk):
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", str(disk)], check=False).returncode:
        pytest.skip("cannot mount a file system here")
    try:
        done = runner.invoke(app, ["import", "-j", "1", "--db", f"sqlite:///{disk / 's.db'}", *game_files_for_disk])
        text = said(done, f"the disk holding the database {disk / 's.db'} is full", "free some space and run it again")
        assert text.count("is full") == 1 and f"from {len(game_files_for_disk)} files; 0 skipped (stored already), 0 refused" in text
        stored = Store(f"sqlite:///{disk / 's.db'}")
        assert 0 < len(stored.games()) < len(game_files_for_disk)
        for game in stored.games():
            stored.replay(game.id)
        stored.engine.dispose()
    finally:
        subprocess.run(["umount", "--lazy", str(disk)], check=False)  # the runner's engine may hold the file open


@pytest.fixture
def game_files_for_disk(tmp_path) -> list[str]:
    folder = tmp_path / "games"
    done = runner.invoke(app, ["simulate", "--games", "80", "--seed", "3", "--out", str(folder)])
    assert done.exit_code == 0, done.output
    return sorted(map(str, folder.glob("*.game")))


# --- URLs and servers --------------------------------------------------------------------

URLS = [
    ("postgresql+psycopg://scorer:secret@127.0.0.1:1/scorebook", "cannot reach the database server of postgresql+psycopg://scorer:***@127.0.0.1:1/scorebook: nothing listens there; start PostgreSQL"),
    ("postgresql+psycopg://scorer:secret@no-such-host.invalid/scorebook", "its host name is not known; check the URL's host"),
    ("no database at all", "no database at all is not a database URL: give sqlite:///FILE or postgresql+psycopg://"),
    ("mysql9://somewhere/db", "mysql9://somewhere/db names no database scorebook knows"),
]  # fmt: skip


@pytest.mark.parametrize(("url", "message"), URLS, ids=["down", "no host", "not a URL", "unknown kind"])
def test_a_database_server_down_or_a_bad_url_is_said_so(url, message):
    text = said(cli(url, "games"), message)
    assert "secret" not in text  # the password is never said back


def test_live_scoring_with_postgresql_down_is_said_so():
    said(cli("postgresql+psycopg://scorer:secret@127.0.0.1:1/scorebook", "record", "g", "SO"), "nothing listens there")
