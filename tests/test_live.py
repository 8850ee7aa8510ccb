"""Live scoring you can trust (issue 18, point 6): statements before the first play, statements
stored as the rulebook writes them, a failed ROLLBACK that hides nothing, undo that says what
it took back and asks before it reopens a final game, redo, and the scoring state the prompt
shows. The interactive prompt itself: tests/test_live_prompt.py."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.files import replay_text
from scorebook.games import game_of
from scorebook.notation.syntax import parse_game, parse_statement
from scorebook.problems import ScorebookProblem, StaleState
from scorebook.service.games import scoring_state, start_game
from scorebook.store.db import Store
from scorebook.store.live import Live, canonical_text

from .conftest import BASEBALL_SAMPLES, HEADER
from .test_properties import as_written

runner = CliRunner()


def cli(url: str, *args: str, input: str | None = None):
    return runner.invoke(app, list(args), env={"SCOREBOOK_DB": url}, input=input)


@pytest.fixture
def game(db_url) -> str:
    return start_game(Store(db_url), HEADER)


def statements(url: str, game_id: str) -> list[str]:
    live = Live(url)
    try:
        return list(live.state(game_id).statements)
    finally:
        live.close()


def record(url: str, game_id: str, *texts: str):
    live = Live(url)
    try:
        for text in texts:
            done = live.record(game_id, text)
        return done
    finally:
        live.close()


def assert_the_store_replays(url: str, game_id: str, tmp_path) -> None:
    """The game as stored: its box, its export, and the export imported elsewhere."""
    store = Store(url)
    store.replay(game_id)
    assert cli(url, "box", game_id).exit_code == 0
    exported = cli(url, "export", game_id)
    assert exported.exit_code == 0, exported.output
    path = tmp_path / "exported.game"
    path.write_text(exported.output)
    elsewhere = cli(f"sqlite:///{tmp_path / 'elsewhere.db'}", "import", str(path))
    assert elsewhere.exit_code == 0, elsewhere.output


# --- statements before the first play ------------------------------------------------------------


@pytest.mark.parametrize(
    "change",
    ['pitcher home "RP"', 'sub away 1 "PH"', 'sub home 9 "DS":9', 'pitcher away "RP"', "up away 3"],
)
def test_a_change_before_the_first_play_opens_the_top_of_the_first_and_the_game_replays(db_url, game, tmp_path, change):
    done = record(db_url, game, change)
    assert done.statements == ("top 1", change) and done.state.in_half
    record(db_url, game, "SO", "H1")  # every later record still works (it broke them all)
    assert_the_store_replays(db_url, game, tmp_path)
    assert "\ntop 1\n" + change + "\nSO\nH1\n" in Store(db_url).game_text(game)


def test_the_pitcher_changed_before_the_first_play_pitches_to_the_first_batter(db_url, game):
    record(db_url, game, 'pitcher home "RP"', "SO")
    box = cli(db_url, "box", game).output
    assert [line.split()[:2] for line in box.splitlines() if line.startswith(("HP ", "RP "))] == [["HP", "0.0"], ["RP", "0.1"]]


def test_the_cli_records_a_pitching_change_before_the_first_play_and_box_and_export_still_read(db_url, game):
    changed = cli(db_url, "record", game, 'pitcher home "RP"')
    assert changed.exit_code == 0 and changed.output.strip() == "top 1, 0 outs, bases empty; Away 0, Home 0; up: A1 (1)"
    assert cli(db_url, "record", game, "SO").exit_code == 0
    assert cli(db_url, "record", game, 'sub away 2 "PH"').exit_code == 0
    assert "PH" in cli(db_url, "box", game).output
    assert 'pitcher home "RP"\nSO\nsub away 2 "PH"\n' in cli(db_url, "export", game).output


@pytest.mark.parametrize(
    ("statement", "reason"),
    [
        ('lineup away "X" "Y"', "`lineup` belongs in the header"),
        ('placed 2 "A9"', "placed"),
        ("called", "has no called game"),
        ("bottom 1", "top"),
        ('sub away 10 "X"', "slot"),
    ],
)
def test_a_statement_refused_before_the_first_play_says_why_and_stores_nothing(db_url, game, tmp_path, statement, reason):
    refused = cli(db_url, "record", game, statement)
    assert refused.exit_code == 1 and reason in refused.output and "Traceback" not in refused.output
    assert statements(db_url, game) == []
    assert cli(db_url, "record", game, "SO").exit_code == 0
    assert_the_store_replays(db_url, game, tmp_path)


def test_a_bonn_die_statement_before_the_first_round_opens_the_top_of_the_first(db_url, tmp_path):
    header = 'game rules=bonn-die innings=2\naway "Away"\nhome "Home"\nplayer away "Ann"\nplayer home "Bo"\n'
    game_id = start_game(Store(db_url), header)
    done = record(db_url, game_id, 'player away "Cy"')
    assert done.statements == ("top 1", 'player away "Cy"')
    record(db_url, game_id, "round off=3334/4//5 triad:initial:center def=11/23/56/")
    assert "Cy" in cli(db_url, "box", game_id).output
    refused = cli(db_url, "record", start_game(Store(db_url), header.replace("innings=2", "innings=2 id=g2")), "out")
    assert refused.exit_code == 1 and "Traceback" not in refused.output


# --- stored as the rulebook writes it ------------------------------------------------------------


def test_a_statement_is_stored_as_the_rulebook_writes_it_with_the_scorers_comment(db_url, game):
    record(db_url, game, "k   # looking", "h1", "h2* 1-h", "sb3", "9* 3-h")
    assert statements(db_url, game) == ["top 1", "SO  # looking", "H1", "H2* 1-H", "SB3", "9* 3-H"]
    assert "\ntop 1\nSO  # looking\nH1\nH2* 1-H\nSB3\n9* 3-H\n" in Store(db_url).game_text(game)


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("k", "SO"),
        ("K*", "SO*"),
        ("h2* 1-h  #  a long one ", "H2* 1-H  #  a long one"),
        ("e4 b-2", "E4 B-2"),
        ("sbh bunt=1", "SBH bunt=1"),
        ('pitcher home "A # b" # hi', 'pitcher home "A # b"  # hi'),
        ("6-4-3", "6-4-3"),
    ],
)
def test_the_canonical_text(typed, stored):
    assert canonical_text(parse_statement(typed, 1), typed) == stored


@pytest.mark.parametrize("path", BASEBALL_SAMPLES, ids=lambda p: p.stem)
def test_every_sample_statement_written_canonically_is_the_same_statement(path):
    """Nothing the scorer typed is lost: the stored form parses to the statement typed."""
    for statement in parse_game(path.read_text(encoding="utf-8"), str(path)).statements:
        lowered = statement.text.split("#")[0].lower() if not statement.text.startswith(("sub", "pitcher", "placed", "responsible")) else statement.text
        for typed in {statement.text, lowered}:
            canonical = canonical_text(parse_statement(typed, 1), typed)
            assert as_written(parse_statement(canonical, 1)) == as_written(parse_statement(typed, 1)), typed


# --- a failed ROLLBACK -------------------------------------------------------------------------------


def test_a_failed_rollback_does_not_hide_the_failure_that_led_to_it(game, db_url, monkeypatch):
    """SQLite rolls back by itself on a full disk: the ROLLBACK that follows fails ("no
    transaction is active"), and the scorer must still be told the disk is full."""
    if not db_url.startswith("sqlite"):
        pytest.skip("SQLite's own rollback")
    live = Live(db_url)

    def disk_full(*args):
        live._run("ROLLBACK")
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(live, "_write", disk_full)
    with pytest.raises(sqlite3.OperationalError, match="database or disk is full"):
        live.record(game, "SO")
    with pytest.raises(sqlite3.OperationalError, match="cannot rollback"):  # the ROLLBACK did fail
        live._run("ROLLBACK")
    live.close()
    assert statements(db_url, game) == []


# --- undo and redo -------------------------------------------------------------------------------

ONE_INNING = HEADER.replace("innings=9", "innings=1")
A_WHOLE_GAME = ("H4*", "SO", "SO", "SO", "SO", "SO", "SO")


def test_undo_says_what_it_took_back_and_redo_gives_it_back(db_url, game):
    record(db_url, game, "H1", "SB2")
    undone = cli(db_url, "undo", game)
    assert undone.output.splitlines() == ["took back: SB2", "top 1, 0 outs, runner on 1st; Away 0, Home 0; up: A2 (2)"]
    assert cli(db_url, "undo", game).output.splitlines()[0] == "took back: H1"
    redone = cli(db_url, "redo", game)
    assert redone.exit_code == 0 and redone.output.splitlines() == ["recorded again: H1", "top 1, 0 outs, runner on 1st; Away 0, Home 0; up: A2 (2)"]
    assert cli(db_url, "redo", game).output.splitlines()[0] == "recorded again: SB2"
    assert statements(db_url, game) == ["top 1", "H1", "SB2"]
    nothing = cli(db_url, "redo", game)
    assert nothing.exit_code == 1 and "nothing to redo: no statement of game" in nothing.output


def test_redo_after_the_game_changed_is_refused(db_url, game):
    record(db_url, game, "H1")
    cli(db_url, "undo", game)
    record(db_url, game, "BB")  # another statement in its place: the undone one no longer follows
    refused = cli(db_url, "redo", game)
    assert refused.exit_code == 1 and "has changed since `H1` was taken back" in refused.output
    assert statements(db_url, game) == ["top 1", "BB"]


def test_undo_of_a_final_game_asks_before_it_reopens_it(db_url):
    game_id = start_game(Store(db_url), ONE_INNING)
    record(db_url, game_id, *A_WHOLE_GAME)
    kept = cli(db_url, "undo", game_id, input="n\n")
    assert kept.exit_code == 1 and "taking back `SO` reopens the game. Take it back? [y/N]" in kept.output
    assert "nothing taken back: game" in kept.output and Store(db_url).game(game_id).status == "final"
    no_answer = cli(db_url, "undo", game_id, input="")
    assert no_answer.exit_code == 1 and Store(db_url).game(game_id).status == "final"
    reopened = cli(db_url, "undo", game_id, input="y\n")
    assert reopened.exit_code == 0 and "took back: SO" in reopened.output
    assert Store(db_url).game(game_id).status == "in progress"
    cli(db_url, "redo", game_id)
    assert Store(db_url).game(game_id).status == "final"
    forced = cli(db_url, "undo", game_id, "--yes")
    assert forced.exit_code == 0 and "Take it back?" not in forced.output and "took back: SO" in forced.output


def test_undo_is_made_against_the_statements_it_asked_about(db_url, monkeypatch):
    """Another scorer recording between the question and the answer: nothing is taken back."""
    from scorebook.cli import live as cli_live

    game_id = start_game(Store(db_url), ONE_INNING)
    record(db_url, game_id, *A_WHOLE_GAME)

    def answer_after_another_undo(question: str) -> bool:
        cli(db_url, "undo", game_id, "--yes")
        return True

    before = statements(db_url, game_id)
    live = Live(db_url)
    with pytest.raises(StaleState):
        cli_live.take_back(live, game_id, live.state(game_id), False, answer_after_another_undo)
    live.close()
    assert statements(db_url, game_id) == before[:-1]  # the other scorer's undo only


@pytest.mark.parametrize("command", ["undo", "redo"])
def test_undo_and_redo_import_no_heavy_library(tmp_path, command):
    url = f"sqlite:///{tmp_path / 'fast.db'}"
    game_id = start_game(Store(url), HEADER)
    record(url, game_id, "SO", "SO")
    if command == "redo":
        cli(url, "undo", game_id)
    probe = (
        f"import sys; from scorebook.cli import main; sys.argv = ['scorebook', {command!r}, {game_id!r}, '--db', {url!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'sqlmodel', 'pydantic', 'polars', 'reportlab'}))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    said = {"undo": "took back: SO", "redo": "recorded again: SO"}[command]
    assert said in done.stdout and done.stdout.strip().endswith("[]"), done.stdout + done.stderr


# --- the scoring state ---------------------------------------------------------------------------


def state_of(body: str, header: str = HEADER):
    game = replay_text(header + body, "t")
    return scoring_state(game.state, game.game.header.teams, game_of(game))


def test_the_scoring_state_names_the_batter_the_on_deck_batter_and_the_pitcher():
    s = state_of('top 1\nH1\nH1\npitcher home "RP"\n')
    assert (s.inning, s.outs, s.runners, s.score) == ("top 1", 0, ("A2", "A1", ""), "Away 0, Home 0")
    assert (s.batter, s.slot, s.on_deck, s.pitcher, s.count, s.next_half) == ("A3", 3, "A4", "RP", "", "")


def test_the_on_deck_batter_after_the_ninth_is_the_first():
    three_outs = "SO\nSO\nSO\n"
    s = state_of(f"top 1\n{three_outs}bottom 1\n{three_outs}top 2\n{three_outs}bottom 2\n{three_outs}top 3\nSO\nSO\n")
    assert (s.batter, s.on_deck) == ("A9", "A1")


def test_between_half_innings_the_next_half_bats_against_its_pitcher():
    s = state_of("top 1\nSO\nSO\nSO\n")
    assert (s.inning, s.next_half, s.batter, s.on_deck, s.pitcher, s.runners) == ("end of top 1", "bottom 1", "H1", "H2", "AP", ("", "", ""))
    first = state_of("")
    assert (first.inning, first.next_half, first.batter, first.pitcher) == ("before the first half-inning", "top 1", "A1", "HP")


def test_the_count_shows_the_pitches_runner_events_made_during_the_plate_appearance():
    assert state_of("top 1\nH1\nSB2\n").count == "1 pitch on a steal (a strike or a ball)"
    assert state_of("top 1\nH1\nSB2\nSO pitches=4111\n").count == ""


def test_a_game_without_lineups_has_no_batter_and_its_own_line():
    header = 'game rules=bonn-die innings=2\naway "Away"\nhome "Home"\nplayer away "Ann"\nplayer home "Bo"\n'
    s = state_of("top 1\n", header)
    assert s.batter == s.pitcher == s.on_deck == "" and "Ann throws for Away" in s.line


def test_problems_before_the_first_play_are_the_projects_own(db_url, game):
    for statement in ("pitcher", 'pitcher nobody "X"', "sub", "top 1 2", "up away", 'responsible 1 "HP"'):
        live = Live(db_url)
        with pytest.raises(ScorebookProblem):
            live.record(game, statement)
        live.close()
    assert statements(db_url, game) == []


def test_an_undo_whose_redo_cannot_be_kept_stands_and_says_so(db_url, game, tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    record(db_url, game, "H1")
    undone = runner.invoke(app, ["undo", game], env={"SCOREBOOK_DB": db_url, "XDG_DATA_HOME": str(blocked)})
    assert undone.exit_code == 0 and "took back: H1" in undone.output
    assert "the undo is done, but cannot be redone:" in undone.output and statements(db_url, game) == ["top 1"]
