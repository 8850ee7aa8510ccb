"""The store: import, export, the game list, and live scoring, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import os
import shlex
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.reports.box import box_dict, box_score
from scorebook.service.games import start_game
from scorebook.sim import simulate_game
from scorebook.store.db import Store
from scorebook.store.rows import TABLES

from .conftest import ALL_SAMPLES, BASEBALL_SAMPLES, HEADER, ROOT, SAMPLES

runner = CliRunner()
GAMES = BASEBALL_SAMPLES


def cli(url: str, *args: str, input: str | None = None):
    return runner.invoke(app, list(args), env={"SCOREBOOK_DB": url}, input=input)


def facts_of(store: Store, game_id: str) -> dict[str, list]:
    """Every row a game has in every table, without its id."""
    from sqlalchemy import text

    out = {}
    with store.engine.connect() as db:
        for table in TABLES:
            rows = db.execute(text(f"SELECT * FROM {table} WHERE game_id = :g ORDER BY seq"), {"g": game_id}).all()
            out[table] = [tuple(r)[1:] for r in rows]
    return out


def test_the_tables_are_the_rows_the_engine_writes():
    from sqlmodel import SQLModel

    for name, columns in TABLES.items():
        assert [c.name for c in SQLModel.metadata.tables[name].columns] == list(columns)


def test_import_stores_every_sample_and_its_box_is_the_files(db_url):
    store = Store(db_url)
    result = cli(db_url, "import", *map(str, GAMES))
    assert result.exit_code == 0, result.output
    assert f"imported {len(GAMES)} games" in result.output
    for path in GAMES:
        from scorebook.files import read_game

        game_id = read_game(path)[1].game.header.option("id")
        assert box_dict(box_score(store.replay(game_id))) == box_dict(box_score(read_game(path)[1]))


def test_a_file_with_a_problem_stores_nothing(db_url, tmp_path):
    bad = tmp_path / "bad.game"
    bad.write_text(HEADER + "top 1\nBB\nBB\nBB\nH2****\n")
    result = cli(db_url, "import", str(bad), str(GAMES[0]))
    assert result.exit_code == 1
    assert f"{bad}:12:1: `H2****`" in result.output
    store = Store(db_url)
    assert [g.id for g in store.games()] == [GAMES[0].stem]
    assert store.count("events") == store.count("facts") == len(store.replay(GAMES[0].stem).facts)


def test_the_same_game_again_is_skipped_another_of_its_id_refused_or_replaced(db_url, tmp_path):
    path = SAMPLES / "walk-off.game"
    assert cli(db_url, "import", str(path)).exit_code == 0
    again = cli(db_url, "import", str(path))
    assert again.exit_code == 0 and again.output == "imported 0 games from 1 file; 1 skipped (stored already), 0 refused\n"
    # The same content under another file name and without its id is found by its content.
    copy = tmp_path / "copy.game"
    copy.write_text(path.read_text().replace(" id=walk-off", "") + "\n# a comment changes nothing\n")
    assert "1 skipped (stored already)" in cli(db_url, "import", str(copy)).output
    # Another game of the id: refused, and replaced with --replace.
    other = tmp_path / "other.game"
    other.write_text(path.read_text().replace("\nbottom 9", "\nbottom 9\nSO", 1))
    refused = cli(db_url, "import", str(other))
    assert refused.exit_code == 1 and f"{other}: this game is stored already as walk-off" in refused.output
    assert refused.output.endswith("imported 0 games from 1 file; 0 skipped (stored already), 1 refused\n")
    replaced = cli(db_url, "import", "--replace", str(path))
    assert replaced.exit_code == 0 and "(1 replaced)" in replaced.output
    assert len(Store(db_url).games()) == 1


def assert_export_imports_identically(url: str, game_id: str, tmp_path: Path) -> None:
    """The game exported, then imported into a new database, has the rows it has here; each
    statement is stored with its line in the exported file."""
    exported = tmp_path / "exported.game"
    assert cli(url, "export", game_id, "-o", str(exported)).exit_code == 0
    stored = facts_of(Store(url), game_id)
    assert stored["events"] and (stored["facts"] or stored["rounds"])  # a Bonn Die game's facts are its rounds
    lines = exported.read_text().splitlines()
    assert [text for _seq, _line, text in stored["events"]] == [lines[line - 1] for _seq, line, _text in stored["events"]]
    second = Store(f"sqlite:///{tmp_path / 'second.db'}")
    second.import_file(exported)
    assert facts_of(second, game_id) == stored


@pytest.mark.parametrize("path", ALL_SAMPLES, ids=lambda p: p.stem)
def test_import_of_an_export_gives_identical_facts(db_url, tmp_path, path):
    game_id = Store(db_url).import_file(path).game_id
    assert_export_imports_identically(db_url, game_id, tmp_path)


@pytest.mark.parametrize("path", ALL_SAMPLES, ids=lambda p: p.stem)
def test_an_imported_game_edited_exports_its_stored_lines(db_url, tmp_path, path):
    # After an undo the file is rebuilt from the statements: the imported file's comments and
    # blank lines between them are gone, and the stored lines must follow.
    commented = tmp_path / path.name
    commented.write_text(path.read_text().replace("\nbottom ", "\n# a comment, and a blank line\n\nbottom "))
    game_id = Store(db_url).import_file(commented).game_id
    assert cli(db_url, "undo", game_id, "--yes").exit_code == 0  # the samples are final games
    assert_export_imports_identically(db_url, game_id, tmp_path)


# Three half-innings at the table: plays that open their half themselves, a half opened by
# hand, a pitching change and a pinch hitter.
LIVE_GAME = (
    "BB", "H2* 1-H", "SO", "SO", "SO",
    "bottom 1", 'pitcher away "RP"', "SO", "H1", "SO", "SO",
    'sub away 6 "PH"', "H1", "SO", "SO", "SO",
)  # fmt: skip


def test_a_live_game_exported_and_imported_elsewhere_has_identical_facts(db_url, tmp_path):
    game = new_game(db_url, tmp_path)
    for statement in LIVE_GAME:
        assert cli(db_url, "record", game, statement).exit_code == 0, statement
    assert "bottom 2, 1 out" in cli(db_url, "record", game, "SO").output  # opens the half: the undo leaves it open
    assert cli(db_url, "undo", game).exit_code == 0
    assert_export_imports_identically(db_url, game, tmp_path)


def test_a_live_game_exported_without_its_id_is_found_by_its_content(db_url, tmp_path):
    game = new_game(db_url, tmp_path)
    for statement in ("SO", "SO", "SO", "H1", "SO"):
        cli(db_url, "record", game, statement)
    cli(db_url, "undo", game)  # the content is the game's after the undo
    exported = tmp_path / "exported.game"
    exported.write_text(cli(db_url, "export", game).output.replace(f" id={game}", ""))
    again = cli(db_url, "import", str(exported))
    assert again.exit_code == 0 and "1 skipped (stored already)" in again.output
    assert [g.id for g in Store(db_url).games()] == [game]


def test_export_json_has_every_statement_and_its_facts(db_url):
    Store(db_url).import_file(SAMPLES / "rulebook-example.game")
    data = json.loads(cli(db_url, "export", "rulebook-example", "--format", "json").output)
    assert data["game"]["away_score"] == 1 and data["game"]["status"] == "in progress"
    e = next(s for s in data["statements"] if s["text"].startswith("H1* 2XH"))
    assert (e["batter"], e["rbi"], e["outs_after"], e["runs"]) == ("Batter E", 1, 3, 1)


def test_games_lists_id_status_and_score(db_url):
    Store(db_url).import_file(SAMPLES / "walk-off.game")
    rows = json.loads(cli(db_url, "games", "--format", "json").output)
    assert [(r["id"], r["status"]) for r in rows] == [("walk-off", "final")]
    assert "walk-off" in cli(db_url, "games").output


# --- live scoring ---------------------------------------------------------------------------------

LINEUPS = "\n".join(line for line in HEADER.splitlines() if line.startswith(("lineup", "pitcher")))


def new_game(url: str, tmp_path: Path, *options: str) -> str:
    lineups = tmp_path / "lineups.txt"
    lineups.write_text(LINEUPS)
    result = cli(
        url, "game", "new", "--away", "Away", "--home", "Home", "--lineup-file", str(lineups), "--date", "2026-11-30", *options
    )
    assert result.exit_code == 0, result.output
    return result.output.strip()


def test_record_checks_stores_and_prints_the_state(db_url, tmp_path):
    game = new_game(db_url, tmp_path)
    assert game == "2026-11-30-a-h-1"
    assert cli(db_url, "record", game, "BB").output.strip() == "top 1, 0 outs, runner on 1st; Away 0, Home 0; up: A2 (2)"
    done = cli(db_url, "record", game, "H2* 1-H")
    assert done.output.strip() == "top 1, 0 outs, runner on 2nd; Away 1, Home 0; up: A3 (3)"
    refused = cli(db_url, "record", game, "H1 3-H")
    assert refused.exit_code == 1 and "there is no runner on 3rd" in refused.output
    assert Store(db_url).game(game).statements == 3  # top 1 (opened by the first play) and two plays


def test_after_the_third_out_a_play_opens_the_next_half(db_url, tmp_path):
    game = new_game(db_url, tmp_path)
    for play in ("SO", "SO", "SO"):
        cli(db_url, "record", game, play)
    assert "bottom 1, 1 out" in cli(db_url, "record", game, "SO").output
    assert "\nbottom 1\nSO\n" in Store(db_url).game_text(game)


def test_undo_removes_the_last_statement(db_url, tmp_path):
    game = new_game(db_url, tmp_path)
    cli(db_url, "record", game, "H1")
    cli(db_url, "record", game, "H1")
    assert cli(db_url, "undo", game).output.splitlines() == ["took back: H1", "top 1, 0 outs, runner on 1st; Away 0, Home 0; up: A2 (2)"]
    store = Store(db_url)
    assert store.count("events") == store.count("facts") == 2


def test_a_doubleheader_is_two_new_games(db_url, tmp_path):
    assert [new_game(db_url, tmp_path) for _ in range(2)] == ["2026-11-30-a-h-1", "2026-11-30-a-h-2"]
    assert new_game(db_url, tmp_path, "--id", "nightcap") == "nightcap"
    taken = cli(db_url, "game", "new", "--away", "Away", "--home", "Home", "--id", "nightcap")
    assert taken.exit_code == 1 and "a game nightcap is stored already: give another --id" in taken.output
    assert len(Store(db_url).games()) == 3


def test_a_lineup_file_the_rules_refuse_is_named_at_its_line(db_url, tmp_path):
    lineups = tmp_path / "short.txt"
    lineups.write_text('# one team, two batters\nlineup away "A1" "A2"\npitcher away "AP"\n')
    result = cli(db_url, "game", "new", "--away", "Away", "--home", "Home", "--lineup-file", str(lineups))
    assert result.exit_code == 1
    assert f"{lineups}:2:1: the away lineup has 2 batters; a diceball lineup has 9" in result.output
    assert Store(db_url).games() == []


def test_the_readme_scores_a_game_with_the_shipped_lineup_file(db_url, monkeypatch):
    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text()
    block = readme.split("### Scoring a game at the table")[1].split("```sh\n")[1].split("```")[0]
    commands = [shlex.split(line, comments=True)[1:] for line in block.splitlines()]
    new, *records = [c for c in commands if c[0] in ("game", "record")]
    assert "samples/lineups.txt" in new
    started = cli(db_url, *new)
    assert started.exit_code == 0, started.output
    game = started.output.strip()
    outputs = [cli(db_url, "record", game, *c[2:]) for c in records]
    assert [r.exit_code for r in outputs] == [0] * len(records)
    assert "up: Bo Baker (2)" in outputs[0].output  # the sample's away lineup bats


def test_a_run_found_earned_later_is_stored_earned_and_undo_takes_it_back(db_url, tmp_path):
    # Rule 9.16: A1 scores on the fly after A2's error. Without the error A2 is out and the fly
    # leaves A1 on third with two outs: unearned so far. A4's single would score him there: earned.
    game = new_game(db_url, tmp_path)
    earned = []
    for play in ("H1", "E6 1-3", "7* 3-H", "H1 1-2"):
        cli(db_url, "record", game, play)
        earned.append([run[6] for run in facts_of(Store(db_url), game)["runs"]])
    assert earned == [[], [], [False], [True]]
    cli(db_url, "undo", game)
    assert [run[6] for run in facts_of(Store(db_url), game)["runs"]] == [False]


def test_a_team_bats_as_in_its_last_game_when_no_lineup_is_given(db_url, tmp_path):
    first = new_game(db_url, tmp_path)
    second = cli(db_url, "game", "new", "--away", "Home", "--home", "Away", "--date", "2026-12-01")
    assert second.exit_code == 0, second.output
    text = Store(db_url).game_text(second.output.strip())
    assert 'lineup away "H1" "H2"' in text and 'pitcher home "AP"' in text and first


def test_a_team_without_a_lineup_is_asked_for_one(db_url):
    result = cli(db_url, "game", "new", "--away", "New", "--home", "Teams")
    assert result.exit_code == 1 and "--lineup-file" in result.output


def test_box_and_replay_read_a_stored_game(db_url):
    Store(db_url).import_file(SAMPLES / "rulebook-example.game")
    assert "H2, 9-4-2" in cli(db_url, "box", "rulebook-example").output
    assert "Batter D out at home" in cli(db_url, "replay", "rulebook-example").output


def test_record_imports_no_heavy_library(tmp_path):
    url = f"sqlite:///{tmp_path / 'fast.db'}"
    game = start_game(Store(url), HEADER)
    probe = (
        f"import sys; from scorebook.cli import main; sys.argv = ['scorebook', 'record', {game!r}, 'SO']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'sqlmodel', 'pydantic', 'polars', 'reportlab', "
        "'fastapi', 'starlette', 'uvicorn', 'jinja2'}))"
    )
    done = subprocess.run([sys.executable, "-c", probe], env={**os.environ, "SCOREBOOK_DB": url}, capture_output=True, text=True, check=False)
    assert done.stdout.strip().endswith("[]"), done.stdout + done.stderr


# --- reliability ------------------------------------------------------------------------------

RECORDER = """
import sys
from scorebook.store.live import Live
live = Live(sys.argv[1])
for _ in range(int(sys.argv[3])):
    live.record(sys.argv[2], sys.argv[4])
"""


def test_two_scorekeepers_recording_at_once_lose_and_duplicate_nothing(db_url, tmp_path):
    game = start_game(Store(db_url), HEADER.replace("innings=9", "innings=99"))
    per_process = 15
    procs = [
        subprocess.Popen([sys.executable, "-c", RECORDER, db_url, game, str(per_process), play])
        for play in ("SO", "IF")
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    replayed = Store(db_url).replay(game)
    plays = [f for f in replayed.facts if f.pa]
    assert sorted(f.result for f in plays) == ["IF"] * per_process + ["SO"] * per_process
    assert [f.seq for f in replayed.facts] == list(range(1, len(replayed.facts) + 1))


IMPORTER = """
import sys
from pathlib import Path
from scorebook.store.db import Store
store = Store(sys.argv[1])
print("ready", flush=True)
for path in sorted(Path(sys.argv[2]).glob("*.game")):
    store.import_file(path)
"""


def test_an_import_killed_midway_leaves_the_database_whole(tmp_path):
    folder = tmp_path / "season"
    folder.mkdir()
    for seed in range(100):
        (folder / f"g{seed:03d}.game").write_text(simulate_game(seed))
    db = tmp_path / "killed.db"
    url = f"sqlite:///{db}"
    proc = subprocess.Popen([sys.executable, "-c", IMPORTER, url, str(folder)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # kill it once a few games are in, in the middle of the next
        with sqlite3.connect(db, timeout=30) as peek:
            if peek.execute("SELECT count(*) FROM games").fetchone()[0] >= 3:
                break
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    with sqlite3.connect(db) as check:
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    store = Store(url)
    stored = store.games()
    assert 3 <= len(stored) < 100, "killed in the middle"
    for game in stored:  # every stored game is whole: its statements, its facts, its summary
        replayed = store.replay(game.id)
        assert len(replayed.facts) == game.statements == len(facts_of(store, game.id)["facts"])
        assert replayed.state.over and game.status == "final"


# Processes that wait at a barrier (each touches ready-N, then waits for the file `go`), then
# all at once open the store, or write the game they prepared; each prints what came of it.
RACER = """
import sys, time
from pathlib import Path
from scorebook.problems import ScorebookProblem
from scorebook.store.db import Store, prepare_file
url, folder, name, game = sys.argv[1:5]
if game:
    prepared, store = prepare_file(Path(game)), Store(url)
(Path(folder) / f"ready-{name}").touch()
while not (Path(folder) / "go").exists():
    time.sleep(0.001)
try:
    store.write(prepared) if game else Store(url)
    print("done")
except ScorebookProblem as problem:
    print(problem)
"""


def race(url: str, folder: Path, processes: int, game: str = "") -> list[str]:
    folder.mkdir()
    procs = [
        subprocess.Popen([sys.executable, "-c", RACER, url, str(folder), str(n), game], stdout=subprocess.PIPE, text=True)
        for n in range(processes)
    ]
    deadline = time.monotonic() + 120
    while len(list(folder.glob("ready-*"))) < processes and time.monotonic() < deadline:
        time.sleep(0.01)
    (folder / "go").touch()
    outputs = [proc.communicate(timeout=120)[0].strip() for proc in procs]
    assert [proc.returncode for proc in procs] == [0] * processes, outputs
    return outputs


def test_processes_opening_a_new_database_at_once_all_open_it(db_url, tmp_path):
    url = db_url if db_url.startswith("postgresql") else f"sqlite:///{tmp_path / 'new.db'}"  # the fixture's: no tables
    assert race(url, tmp_path / "race", 4) == ["done"] * 4
    assert Store(url).count("games") == 0


def test_two_imports_of_one_game_at_once_store_it_once_and_refuse_the_other(db_url, tmp_path):
    Store(db_url)  # the tables exist: the two race to store the game
    path = SAMPLES / "walk-off.game"
    outputs = sorted(race(db_url, tmp_path / "race", 2, str(path)))
    assert outputs == [f"{path}: this game is stored already as walk-off; import it with --replace to replace it", "done"]
    assert [g.id for g in Store(db_url).games()] == ["walk-off"]
