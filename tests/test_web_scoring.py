"""Scoring on the website: scorers' keys (made, listed, revoked on the command line; stored
hashed), every write refused without a key or the form's token, statements through `scorebook
record`'s own path (a rejected one shown with its rule, nothing stored; a form made against a
state that is no longer the last refused, the new state shown), and the live view's events,
from the web and from `scorebook record` in another process. On SQLite, and PostgreSQL when
SCOREBOOK_TEST_PG names one."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.request
from itertools import count

import pytest
from typer.testing import CliRunner

from scorebook.cli import app as cli_app
from scorebook.service.games import new_game
from scorebook.service.league import schedule_rows
from scorebook.store.db import Store
from scorebook.store.keys import key_digest, new_key
from scorebook.store.live import Live
from tests.conftest import BACKENDS, ROOT
from tests.test_web import HOSTILE, PLAYER, SCRIPT, fresh_url, hostile_league, make_store, serving

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from scorebook.web.app import KEY_COOKIE, create_app

GAME_NUMBERS = count(1)


@pytest.fixture(scope="module", params=BACKENDS)
def stored(request, tmp_path_factory):
    url = fresh_url(request.param, tmp_path_factory.mktemp("scoring"))
    return make_store(url, samples=[ROOT / "samples" / "rulebook-example.game"]), url


@pytest.fixture
def game(stored) -> str:
    """A new game of two demo league teams, outside the league, no statement yet: each test
    scores its own."""
    store, _ = stored
    return new_game(store, "Harbor Gulls", "River Kings", date="2026-07-04", game_id=f"scored-{next(GAME_NUMBERS)}")


def league_game(store: Store) -> str:
    """A new game of the demo league: its first slot still to be played."""
    slot = next(s for s in schedule_rows(store, "demo") if not s["game_id"] and not s["forfeit"])
    return new_game(
        store,
        str(slot["away"]),
        str(slot["home"]),
        league="demo",
        date=str(slot["date"]),
        game_id=f"scored-{next(GAME_NUMBERS)}",
    )


@pytest.fixture
def client(stored):
    _, url = stored
    with TestClient(create_app(url, stream_seconds=0.3)) as client:
        yield client


def scorer(client: TestClient, store: Store, game: str, **scope: str) -> dict[str, str]:
    """A scorer who gave a key on the game's scoring page: the form's hidden fields."""
    _, key = new_key(store, **(scope or {"game": game}))
    given = client.post(f"/games/{game}/score/key", data={"key": key}, follow_redirects=False)
    assert given.status_code == 303 and KEY_COOKIE in given.headers["set-cookie"]
    return form_of(client.get(f"/games/{game}/score").text)


def form_of(html: str) -> dict[str, str]:
    return {name: re.search(rf'name="{name}" value="([^"]*)"', html).group(1) for name in ("against", "token")}


def statements(store: Store, game: str) -> int:
    return store.game(game).statements


def refusal(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html.split('role="alert">')[1].split("</div>")[0])


def test_a_key_is_printed_once_stored_hashed_listed_and_revocable(stored, game):
    store, url = stored
    made = CliRunner().invoke(cli_app, ["key", "new", "--game", game, "--db", url])
    assert made.exit_code == 0, made.output
    key = made.stdout.strip()
    assert key.startswith("sbk_") and len(key) > 40
    listed = CliRunner().invoke(cli_app, ["key", "list", "--format", "json", "--db", url]).stdout
    assert game in listed and key not in listed
    with store.engine.connect() as db:
        kept = [row for (row,) in db.exec_driver_sql("SELECT digest FROM scorer_keys")]
    assert key_digest(key) in kept and key not in kept
    key_id = re.search(r"key (\d+) made", made.stderr).group(1)
    assert CliRunner().invoke(cli_app, ["key", "revoke", key_id, "--db", url]).exit_code == 0
    with TestClient(create_app(url)) as client:
        refused = client.post(f"/games/{game}/score/key", data={"key": key})
    assert refused.status_code == 403 and "does not score" in refused.text
    again = CliRunner().invoke(cli_app, ["key", "revoke", key_id, "--db", url])
    assert again.exit_code == 1 and "no key" in again.stderr
    assert CliRunner().invoke(cli_app, ["key", "new", "--db", url]).exit_code == 1  # a league or a game


def test_a_write_without_a_key_or_its_token_is_refused_and_nothing_stored(stored, game, client):
    store, _ = stored
    page = client.get(f"/games/{game}/score")
    assert page.status_code == 200 and 'name="key"' in page.text and 'name="statement"' not in page.text
    anonymous = client.post(f"/games/{game}/statements", data={"against": 0, "statement": "SO"})
    assert anonymous.status_code == 403 and "needs a scorer&#39;s key" in anonymous.text
    assert client.post(f"/games/{game}/undo", data={"against": 0}).status_code == 403
    assert client.post(f"/games/{game}/score/key", data={"key": "sbk_guessed"}).status_code == 403
    form = scorer(client, store, game)
    forged = client.post(f"/games/{game}/statements", data={**form, "token": "0" * 64, "statement": "SO"})
    assert forged.status_code == 403 and "token" in forged.text
    elsewhere = client.post(
        f"/games/{game}/statements", data={**form, "statement": "SO"}, headers={"origin": "http://evil.example"}
    )
    assert elsewhere.status_code == 403
    other_game = client.post("/games/rulebook-example/statements", data={**form, "statement": "SO"})
    assert other_game.status_code == 403  # a game's key scores that game only
    assert statements(store, game) == 0


def test_the_scoring_page_records_rejects_and_undoes_through_the_live_path(stored, game, client):
    store, _ = stored
    form = scorer(client, store, game)
    page = client.get(f"/games/{game}/score").text
    for shown in (
        "Harbor Gulls",
        "River Kings",
        'class="batter"',
        'class="on-deck"',
        'class="pitcher"',
        "svg",
        "Count",
    ):
        assert shown in page
    done = client.post(f"/games/{game}/statements", data={**form, "code": "H2"})
    assert done.status_code == 200
    assert statements(store, game) == 2  # the top of the first opened, and the double
    assert "taken" in done.text.split("</svg>")[0]  # a runner on second
    form = form_of(done.text)
    wrong = client.post(f"/games/{game}/statements", data={**form, "code": "H1", "statement": "3-H 2-H"})
    assert wrong.status_code == 422 and "Not recorded" in refusal(wrong.text)
    assert 'value="H1 3-H 2-H"' in wrong.text  # kept in the field, to be put right
    assert statements(store, game) == 2
    dice = client.post(f"/games/{game}/statements", data={**form, "statement": "BB", "pitches": "5555"})
    assert dice.status_code == 200 and "BB pitches=5555" in dice.text.split('class="recent"')[1]
    undone = client.post(f"/games/{game}/undo", data=form_of(dice.text))
    assert undone.status_code == 200 and statements(store, game) == 2
    redo = re.search(r'name="statement" value="([^"]*)">\s*<button type="submit" class="redo">', undone.text)
    assert redo.group(1) == "BB pitches=5555"  # the undo offers the statement back
    redone = client.post(f"/games/{game}/statements", data={**form_of(undone.text), "statement": redo.group(1)})
    assert redone.status_code == 200 and statements(store, game) == 3


def test_the_web_and_the_cli_score_in_turn_and_a_stale_form_is_refused(stored, client):
    store, url = stored
    game = league_game(store)
    form = scorer(client, store, game, league="demo")  # a league's key scores its games
    recorded = CliRunner().invoke(cli_app, ["record", game, "SO", "--db", url])
    assert recorded.exit_code == 0, recorded.output
    stale = client.post(f"/games/{game}/statements", data={**form, "code": "SO"})
    assert stale.status_code == 409 and "moved on" in refusal(stale.text)
    assert statements(store, game) == 2  # the CLI's strikeout only, not the web's too
    assert "1 out" in stale.text  # the page shows the state the CLI left
    assert client.post(f"/games/{game}/undo", data=form).status_code == 409
    fresh = form_of(stale.text)
    assert client.post(f"/games/{game}/statements", data={**fresh, "code": "SO"}).status_code == 200
    assert statements(store, game) == 3
    texts = [fact.text for fact in store.replay(game).facts]
    assert texts == ["top 1", "SO", "SO"]


def test_the_live_store_refuses_a_statement_against_an_old_state(stored, game):
    _, url = stored
    live = Live(url)
    try:
        live.record(game, "SO", against=0)
        with pytest.raises(Exception, match="moved on"):
            live.record(game, "SO", against=0)
        with pytest.raises(Exception, match="moved on"):
            live.undo(game, against=1)
        live.undo(game, against=2)
    finally:
        live.close()


def test_the_events_give_the_games_version_as_it_changes(stored, game, client):
    store, _ = stored
    with client.stream("GET", f"/api/games/{game}/events") as events:
        assert events.status_code == 200 and events.headers["content-type"].startswith("text/event-stream")
        body = events.read().decode()
    version = f"0-{store.game(game).digest[:12]}"
    assert "retry: 1000" in body and f"event: statement\ndata: {version}\n" in body
    assert f'data-version="{version}"' in client.get(f"/games/{game}").text
    assert f'data-events="/api/games/{game}/events"' in client.get(f"/games/{game}").text
    assert client.get("/api/games/nope/events").status_code == 404
    assert "/api/games/{game_id}/events" in client.get("/openapi.json").text


def test_a_statement_recorded_in_another_process_reaches_the_event_stream_within_a_second(stored, game):
    store, url = stored
    with serving(url) as base, urllib.request.urlopen(f"{base}/api/games/{game}/events", timeout=10) as events:
        first = read_event(events)
        subprocess.run(
            [sys.executable, "-m", "scorebook", "record", game, "SO", "--db", url], check=True, capture_output=True
        )
        recorded = time.monotonic()
        second = read_event(events)
        assert time.monotonic() - recorded < 1.0, "the live view saw the play more than a second after it was recorded"
    assert first.startswith("0-") and second == f"2-{store.game(game).digest[:12]}"


def test_with_two_workers_on_postgresql_every_spectator_sees_every_play(stored, game):
    store, url = stored
    if not url.startswith("postgresql"):
        pytest.skip("several server processes: PostgreSQL's LISTEN/NOTIFY (SCOREBOOK_TEST_PG)")
    with serving(url, "--workers", "2") as base:
        spectators = [urllib.request.urlopen(f"{base}/api/games/{game}/events", timeout=10) for _ in range(6)]
        try:
            assert {read_event(events) for events in spectators} == {f"0-{store.game(game).digest[:12]}"}
            for play, statements_after in (("SO", 2), ("BB", 3)):
                subprocess.run([sys.executable, "-m", "scorebook", "record", game, play, "--db", url], check=True, capture_output=True)
                now = f"{statements_after}-{store.game(game).digest[:12]}"
                assert [read_event(events) for events in spectators] == [now] * len(spectators)
        finally:
            for events in spectators:
                events.close()


def read_event(stream) -> str:
    """The data of the stream's next `statement` event."""
    while True:
        line = stream.readline().decode()
        if line.startswith("data: "):
            return line[len("data: ") :].strip()


def test_names_a_user_typed_are_escaped_on_the_scoring_page(tmp_path):
    url = f"sqlite:///{tmp_path / 'hostile.db'}"
    store = make_store(url, hostile_league(), samples=[])
    game = new_game(store, HOSTILE["Harbor Gulls"], HOSTILE["River Kings"], game_id="hostile")
    with TestClient(create_app(url)) as client:
        form = scorer(client, store, game)
        html = client.post(f"/games/{game}/statements", data={**form, "code": "H2"}).text  # its first batter on second
    for raw in (SCRIPT, "<b>bold", "<img src=x"):
        assert raw not in html
    assert f"<bdi>{PLAYER['Gus Brook'].replace('<', '&lt;').replace('>', '&gt;')}</bdi>" in html
