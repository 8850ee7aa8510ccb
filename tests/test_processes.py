"""Clean processes (#18, 3): an import killed (SIGKILL), interrupted (Ctrl-C, SIGINT to the
terminal's process group) or terminated (SIGTERM) mid-way leaves no worker process running and
a store whose every game is whole; the same import run again stores the rest and says what it
skipped. The import runs as a user runs it, a process of its own in a session of its own (its
process group is the one a terminal would signal)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorebook.parallel import in_processes
from scorebook.store.db import Store

GAMES = 60  # simulated games: an import of them takes a few seconds with two workers


@pytest.fixture(scope="module")
def game_files(tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("games")
    done = subprocess.run(
        [sys.executable, "-m", "scorebook", "simulate", "--games", str(GAMES), "--seed", "7", "--out", str(folder), "-j", "2"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return sorted(folder.glob("*.game"))


def start_import(db: Path, files: list[Path]) -> subprocess.Popen:
    command = [sys.executable, "-m", "scorebook", "import", "-j", "2", "--db", f"sqlite:///{db}", *map(str, files)]
    return subprocess.Popen(command, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def stored(db: Path) -> int:
    try:
        with sqlite3.connect(db, timeout=30) as connection:
            return connection.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:  # the tables not made yet
        return 0


def wait_for_games(db: Path, importing: subprocess.Popen) -> None:
    """Until the import has stored some games, its workers replaying the rest."""
    deadline = time.monotonic() + 120
    while stored(db) < 3 and importing.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert importing.poll() is None, "the import ended before it could be stopped"


def running_in_group(group: int) -> list[str]:
    """The processes of the group still running (a zombie has ended: it waits to be reaped),
    read from /proc: (pid, state, command line)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        state, pgid = fields[0], int(fields[2])
        if pgid == group and state != "Z":
            found.append(f"{stat.parent.name} {state} {(stat.parent / 'cmdline').read_bytes()[:80]!r}")
    return found


def no_process_left(group: int) -> list[str]:
    deadline = time.monotonic() + 10  # the kernel's SIGTERM to the workers, their ending
    while (left := running_in_group(group)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def assert_every_game_whole(db: Path) -> int:
    """Every stored game replays from its stored statements to its stored row: nothing half-written."""
    store = Store(f"sqlite:///{db}")
    games = store.games()
    for game in games:
        replay = store.replay(game.id)
        assert game.statements == len(replay.facts) and game.status == "final", game.id
        assert list(replay.state.score) == [game.away_score, game.home_score], game.id
    return len(games)


pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc")


@pytest.mark.parametrize(
    ("sent", "to_group", "status", "line"),
    [
        (signal.SIGKILL, False, -signal.SIGKILL, None),  # kill -9 of the import: the workers end with it
        (signal.SIGINT, True, 130, "scorebook: interrupted; "),  # Ctrl-C at a terminal: the whole group
        (signal.SIGTERM, False, 143, "scorebook: terminated; "),
    ],
    ids=["SIGKILL", "Ctrl-C", "SIGTERM"],
)
def test_a_stopped_import_leaves_no_process_and_a_whole_store_and_again_stores_the_rest(
    game_files, tmp_path, sent, to_group, status, line
):
    db = tmp_path / "killed.db"
    importing = start_import(db, game_files)
    wait_for_games(db, importing)
    (os.killpg if to_group else os.kill)(importing.pid, sent)
    out, err = importing.communicate(timeout=60)
    assert importing.returncode == status, err
    assert no_process_left(importing.pid) == []
    assert "Traceback" not in err and "Exception ignored" not in err, err
    if line:  # one line, with what was stored
        assert err.count("\n") == 1 and err.startswith(line) and "import again to store the rest" in err, err
    kept = assert_every_game_whole(db)
    assert 0 < kept < GAMES
    again = start_import(db, game_files)
    out, err = again.communicate(timeout=300)
    assert again.returncode == 0 and err == "", err
    skipped = out.split("; ")[1].split()[0]
    assert out.startswith(f"imported {GAMES - int(skipped)} games from {GAMES} files; ") and int(skipped) >= kept, out
    assert assert_every_game_whole(db) == GAMES


def _parent_of_workers(folder: str) -> None:
    """A process whose workers replay a game each, slowly; it writes its pid, then waits."""
    Path(folder, "parent").write_text(str(os.getpid()))
    for _ in in_processes(time.sleep, [60, 60], jobs=2):
        pass


def test_workers_end_when_their_parent_is_killed(tmp_path):
    """in_processes itself: a parent killed mid-work (SIGKILL, no cleanup of its own) takes its
    workers with it."""
    code = f"from tests.test_processes import _parent_of_workers; _parent_of_workers({str(tmp_path)!r})"
    parent = subprocess.Popen([sys.executable, "-c", code], start_new_session=True, cwd=Path(__file__).parent.parent)
    deadline = time.monotonic() + 60
    while len(running_in_group(parent.pid)) < 3 and time.monotonic() < deadline:  # the parent and two workers
        time.sleep(0.02)
    assert len(running_in_group(parent.pid)) == 3
    parent.kill()
    parent.wait(timeout=10)
    assert no_process_left(parent.pid) == []


def test_a_pool_is_done_when_its_last_result_is_out():
    """The consumer that stops at the last item (zip with the list of items) leaves no pool to
    the garbage collector: the workers have ended already."""
    results = in_processes(abs, [-1, -2, -3], jobs=2)
    assert [next(results) for _ in range(3)] == [1, 2, 3]
    import multiprocessing

    assert multiprocessing.active_children() == []
