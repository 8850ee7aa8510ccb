"""`scorebook serve`: every page and API route through Starlette's TestClient, on SQLite (and
PostgreSQL when SCOREBOOK_TEST_PG names one); the API's box score equal to the CLI's; every
name a user typed escaped on every page. tests/test_web_browser.py opens the pages in chromium."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from html import unescape
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorebook.cli import app as cli_app
from scorebook.league.definition import parse_league
from scorebook.league.schedule import round_robin
from scorebook.league.stored import forfeit, save_league, save_schedule
from scorebook.service.games import new_season, play_scheduled
from scorebook.store.db import Store
from tests.conftest import ALL_SAMPLES, BACKENDS, ROOT, _reset_postgres

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from scorebook.web.app import create_app

DEMO = (ROOT / "leagues" / "demo.toml").read_text("utf-8")
PLAYED = 4  # the demo league's first games, simulated; the rest of its schedule is still to play


def make_store(url: str, league_text: str = DEMO, samples: list[Path] = ALL_SAMPLES) -> Store:
    """The sample games, and a league with its schedule, some games played and one forfeited."""
    store = Store(url)
    for path in samples:
        store.import_file(path)
    league = parse_league(league_text, "league")
    slots = new_season(store, league, 1)
    list(play_scheduled(store, league, slots[:PLAYED], seed=7))
    forfeit(store, league.name, slots[PLAYED]["number"], slots[PLAYED]["home"])
    return store


def fresh_url(backend: str, folder: Path) -> str:
    if backend == "sqlite":
        return f"sqlite:///{folder / 'web.db'}"
    url = os.environ["SCOREBOOK_TEST_PG"]
    _reset_postgres(url)
    return url


@pytest.fixture(scope="module", params=BACKENDS)
def site(request, tmp_path_factory):
    url = fresh_url(request.param, tmp_path_factory.mktemp("web"))
    store = make_store(url)
    with TestClient(create_app(url)) as client:
        yield client, store, url


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_serving(url: str, server: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"scorebook serve stopped: {server.stderr.read() if server.stderr else ''}")
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"scorebook serve did not answer at {url} in {seconds} s")


@contextmanager
def serving(url: str, *options: str) -> Iterator[str]:
    """`scorebook serve` on the store, in its own process on a free loopback port: its address."""
    port = free_port()
    command = [sys.executable, "-m", "scorebook", "serve", "--db", url, "--port", str(port), *options]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_serving(base + "/", server)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


def page(client: TestClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, (path, response.text[:500])
    assert response.headers["content-type"].startswith("text/html")
    return response.text


def text_of(html: str) -> str:
    """The page's text, its tags taken out and its entities read (names as a reader sees them)."""
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_home_lists_the_leagues_the_live_games_and_the_results(site):
    client, store, _ = site
    html = page(client, "/")
    assert "Demo League" in html and 'href="/leagues/demo"' in html
    live = html.split('id="live"')[1].split("Recent results")[0]
    assert 'href="/games/rulebook-example"' in live  # the rulebook's example stops after an inning
    recent = html.split("Recent results")[1]
    for game in store.games():
        if game.status == "final":
            assert f'href="/games/{game.id}"' in recent
    assert 'src="/static/htmx.min.js"' in html and 'hx-trigger="every 15s"' in html


@pytest.mark.parametrize("game_id", [p.stem for p in ALL_SAMPLES] + ["demo-001"])
def test_a_game_page_has_the_line_score_box_score_scoresheet_and_play_by_play(site, game_id):
    client, store, url = site
    html = page(client, f"/games/{game_id}")
    text = text_of(html)
    box = json.loads(client.get(f"/api/games/{game_id}").text)
    row = store.game(game_id)
    assert f"{row.away} {row.away_score} at {row.home} {row.home_score}" in " ".join(text.split())
    assert f'href="/games/{game_id}/sheet.pdf"' in html
    plays = json.loads(CliRunner().invoke(cli_app, ["replay", game_id, "--format", "json", "--db", url]).stdout)
    assert all(play["what happened"] in text for play in plays)  # the play-by-play of `scorebook replay`
    if box["rules"] == "bonn-die":
        assert [p["player"] for p in box["players"]] == re.findall(r'class="player"><bdi>(.*?)</bdi>', html)
        return
    for batter in box["batting"]:
        assert batter["player"] in text
        for codes in batter["boxes"].values():  # each scoresheet box's codes (a pinch runner's beside his batter's)
            for code in codes.replace(" / ", ", ").split(", "):
                assert code in text
    for side in ("away", "home"):
        line = box["linescore"][side]
        shown = re.search(rf"<th class=\"team\"><bdi>{re.escape(line['team'])}</bdi></th>(.*?)</tr>", html, re.DOTALL).group(1)
        cells = [unescape(c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", shown, re.DOTALL)]
        runs = ["" if r is None else str(r) for r in line["innings"]]
        assert [c if c != "x" else "" for c in cells] == [*runs, *(str(line[k]) for k in ("R", "H", "E", "LOB"))]


def test_the_api_box_score_is_the_cli_box_json(site):
    client, store, url = site
    for game in store.games():
        api = client.get(f"/api/games/{game.id}")
        assert api.status_code == 200 and api.headers["content-type"] == "application/json"
        cli = CliRunner().invoke(cli_app, ["box", game.id, "--format", "json", "--db", url])
        assert cli.exit_code == 0, cli.output
        assert api.text == cli.stdout, game.id


def test_the_scoresheet_pdf_downloads(site):
    client, _, _ = site
    for game_id in ("demo-001", "bonn-die-opener"):
        response = client.get(f"/games/{game_id}/sheet.pdf")
        assert response.status_code == 200 and response.content.startswith(b"%PDF")
        assert response.headers["content-type"] == "application/pdf"
        assert f"filename*=UTF-8''{game_id}-sheet.pdf" in response.headers["content-disposition"]


def test_the_league_page_has_its_schedule_and_results(site):
    client, store, _ = site
    html = page(client, "/leagues/demo")
    text = " ".join(text_of(html).split())
    played = [g for g in store.games() if g.league == "demo"]
    assert len(played) == PLAYED
    for game in played:
        assert f'href="/games/{game.id}">{game.away_score}–{game.home_score}</a>' in html
    assert "forfeited to" in text and text.count("to play") == 15 - PLAYED - 1
    for team in ("Harbor Gulls", "Hilltop Comets"):
        assert f'href="/leagues/demo/teams/{team.replace(" ", "%20")}"' in html


def test_the_standings_are_the_cli_standings_with_their_tiebreak_reasons(site):
    client, _, url = site
    api = client.get("/api/leagues/demo/standings")
    cli = CliRunner().invoke(cli_app, ["league", "standings", "demo", "--format", "json", "--db", url])
    assert cli.exit_code == 0, cli.output
    assert api.status_code == 200 and api.text == cli.stdout
    html = page(client, "/leagues/demo")
    table = html.split('<table class="standings">')[1].split("</table>")[0]
    shown = [[unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.DOTALL)] for row in table.split("<tr>")[2:]]
    table_text = CliRunner().invoke(cli_app, ["league", "standings", "demo", "--db", url]).stdout
    assert [" ".join(" ".join(row).split()) for row in shown] == [" ".join(line.split()) for line in table_text.splitlines()[2:]]
    assert client.get("/api/leagues/nope/standings").status_code == 404


def test_the_leaders_are_the_cli_leaders(site):
    client, _, url = site
    api = client.get("/api/leagues/demo/leaders")
    cli = CliRunner().invoke(cli_app, ["league", "leaders", "demo", "--format", "json", "--db", url])
    assert cli.exit_code == 0, cli.output
    assert api.status_code == 200 and api.text == cli.stdout
    html = page(client, "/leagues/demo")
    section = html.split("<h2>Leaders</h2>")[1].split("</section>")[0]
    shown = [" ".join(text_of(row).split()) for row in re.findall(r"<tr>(.*?)</tr>", section, re.DOTALL)]
    assert shown == [f"{row['rank']} {row['player']} {row['team']} {row['value']}" for row in json.loads(cli.stdout)]
    assert client.get("/api/leagues/nope/leaders").status_code == 404


def test_a_team_page_has_its_roster_lines_and_game_log(site):
    client, store, url = site
    games = [g for g in store.games() if g.league == "demo" and "Harbor Gulls" in (g.away, g.home)]
    html = page(client, "/leagues/demo/teams/Harbor%20Gulls")
    for game in games:
        assert f'href="/games/{game.id}"' in html
    wins = sum(g.winner == "Harbor Gulls" for g in games)
    assert f"record {wins}-{len(games) - wins}" in html
    for table in ("batting", "pitching", "fielding"):  # the team's lines, as `scorebook stats` prints them
        cli = CliRunner().invoke(cli_app, ["stats", table, "--league", "demo", "--team", "Harbor Gulls", "--db", url])
        wanted = [" ".join(line.replace("Harbor Gulls", "").split()) for line in cli.stdout.splitlines()[2:]]
        section = html.split(f"<h2>{table.capitalize()}</h2>")[1].split("</table>")[0]
        shown = [" ".join(text_of(row).split()) for row in section.split("<tr>")[2:]]
        assert shown == wanted, table
    assert "Kit Moss" in html.split("<h2>Roster</h2>")[1].split("</section>")[0]  # the league's roster
    assert client.get("/leagues/demo/teams/Harbor%20Gulls?month=2027-01").status_code == 404  # its log a month at a time
    assert client.get("/leagues/demo/players/Gus%20Brook?month=2027-01").status_code == 404
    outside = page(client, "/teams/Canal%20Herons")  # a team of no league: its games outside one
    assert 'href="/games/official-scoring"' in outside


@pytest.mark.parametrize(
    "path", ["/games/nope", "/games/nope/sheet.pdf", "/leagues/nope", "/leagues/demo/teams/Nobody", "/teams/Nobody"]
)
def test_what_the_store_does_not_hold_is_a_404_page(site, path):
    client, _, _ = site
    response = client.get(path)
    assert response.status_code == 404 and "Not found" in response.text


def test_the_api_says_404_in_json_and_describes_itself(site):
    client, _, _ = site
    missing = client.get("/api/games/nope")
    assert missing.status_code == 404 and "no game nope" in missing.json()["detail"]
    description = client.get("/openapi.json").json()
    assert {"/api/games/{game_id}", "/api/leagues/{name}/standings", "/api/leagues/{name}/leaders"} <= set(description["paths"])
    assert not any(path.startswith(("/games", "/leagues")) for path in description["paths"])  # pages are not API


def test_htmx_is_served_with_its_version_and_licence(site):
    client, _, _ = site
    assert "htmx" in client.get("/static/htmx.min.js").text[:200]
    assert "2.0.11" in client.get("/static/htmx.VERSION").text
    assert "Zero-Clause BSD" in client.get("/static/htmx.LICENSE").text


# --- names as users type them -----------------------------------------------------------------

SCRIPT = "<script>alert('x')</script>"
HOSTILE = {
    "Harbor Gulls": SCRIPT,
    "River Kings": "Quote \"Kings\" & 'Co' <b>bold</b>",
    "Old Town Owls": "הפועל באר שבע",  # Hebrew, right to left
    "Mill Street Grays": "الصقور الحمر",  # Arabic
    "Lakeside Herons": "L" * 200,
    "Hilltop Comets": "Up/Down ?# &amp; 100%",  # what a link must quote
}
PLAYER = {"Gus Brook": "<img src=x onerror=alert(1)>", "Hal Ewing": "Ann \"The Arm\" O'Neil", "Cy Jones": "דוד לוי"}


def hostile_league() -> str:
    """The demo league with names that would break a page unescaped, as TOML strings."""
    text = DEMO.replace('title = "Demo League"', f"title = {json.dumps(SCRIPT + ' League')}")
    for old, new in {**HOSTILE, **PLAYER}.items():
        text = text.replace(f'"{old}', json.dumps(new, ensure_ascii=False)[:-1])
    return text


def test_every_name_a_user_typed_is_escaped_on_every_page(tmp_path):
    url = f"sqlite:///{tmp_path / 'hostile.db'}"
    store = make_store(url, hostile_league(), samples=[])
    client = TestClient(create_app(url))
    paths = ["/", "/leagues/demo"] + [f"/games/{g.id}{page}" for g in store.games() for page in ("", "/score")]
    schedule = page(client, "/leagues/demo")
    links = sorted(set(re.findall(r'href="(/leagues/demo/teams/[^"]+)"', schedule)))
    assert len(links) == len(HOSTILE)  # every team's page, by the links the pages give
    paths += [unescape(link) for link in links]
    players = {link for path in paths[:] for link in re.findall(r'href="(/leagues/demo/players/[^"]+)"', page(client, path))}
    assert len(players) >= len(PLAYER)  # the players' pages, by the links the box scores, rosters and leaders give
    paths += [unescape(link) for link in sorted(players)]
    for path in paths:
        html = page(client, path)
        for raw in (SCRIPT, "<b>bold", "<img src=x", 'O\'Neil"'):
            assert raw not in html, (path, raw)
    home = page(client, "/")
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; League" in home
    game = page(client, "/games/demo-001")  # Harbor Gulls at Hilltop Comets: a player of each kind
    assert "<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi>" in game
    for name in HOSTILE.values():
        assert f"<bdi>{name}</bdi>" in schedule or "&" in name or "<" in name
    assert "<bdi>הפועל באר שבע</bdi>" in schedule and ("<bdi>" + "L" * 200 + "</bdi>") in schedule
    for link in links:  # each link leads to its team
        h1 = text_of(page(client, unescape(link)).split("<h1>")[1].split("</h1>")[0]).strip()
        assert h1 in HOSTILE.values()
    box = json.loads(client.get("/api/games/demo-001").text)
    assert box["away"] == SCRIPT  # the API gives the names as typed: JSON, not HTML


def test_only_the_site_imports_its_framework_and_serve_names_it():
    """The web framework is the site's alone, and uvicorn `serve`'s (the other commands stay
    fast); the CLI names the site for uvicorn without importing it (tests/test_layers.py: the
    CLI and the web are layers side by side)."""
    from importlib import import_module

    from scorebook.cli.serve import APP

    framework = re.compile(r"^\s*(from|import) (fastapi|starlette|jinja2|uvicorn)\b", re.MULTILINE)
    package = ROOT / "scorebook"
    for path in package.rglob("*.py"):
        if not path.is_relative_to(package / "web") and path != package / "cli" / "serve.py":
            assert not framework.search(path.read_text("utf-8")), path
    module, _, factory = APP.partition(":")
    assert callable(getattr(import_module(module), factory))


def test_serve_says_who_can_reach_it_and_how_to_expose_it():
    from scorebook.cli.serve import exposure_note

    local = exposure_note("127.0.0.1", 8000)
    assert "http://127.0.0.1:8000/" in local and "this computer only" in local and "--host 0.0.0.0" in local
    assert "reverse proxy" in local and "docs/web.md" in local
    assert "every device that can reach this computer" in exposure_note("0.0.0.0", 8080)
    assert "http://[::]:8000/" in exposure_note("::", 8000)


def test_the_game_summaries_the_lists_read_are_the_stored_games(site):
    from scorebook.store.db import GameSummary, game_summaries

    _, store, _ = site
    games = store.games()
    assert game_summaries(store) == [GameSummary(*(getattr(g, f) for f in GameSummary._fields)) for g in games]
    assert [g.id for g in game_summaries(store, "demo")] == [g.id for g in games if g.league == "demo"]


def test_a_season_schedule_is_shown_a_month_at_a_time(tmp_path):
    url = f"sqlite:///{tmp_path / 'months.db'}"
    store = Store(url)
    league = parse_league(DEMO, "league")
    save_league(store, league)
    slots = round_robin([t.name for t in league.teams], 7, league.start)  # 35 days from April 1st: into May
    save_schedule(store, league, slots)
    client = TestClient(create_app(url))
    april = page(client, "/leagues/demo")  # no game played yet: the first month
    assert "Schedule and results, 2026-04" in april and 'href="?month=2026-05#schedule"' in april
    may = page(client, "/leagues/demo?month=2026-05")
    numbers = [int(n) for n in re.findall(r'<td class="n">(\d+)</td><td class="date">2026-05', may)]
    assert numbers == [s.number for s in slots if s.date.startswith("2026-05")]
    assert client.get("/leagues/demo?month=2027-01").status_code == 404


def test_a_player_page_draws_his_spray_chart_as_league_spray_does(site, tmp_path):
    client, _, url = site
    html = page(client, "/leagues/demo/players/Gus%20Brook")
    chart = tmp_path / "chart.svg"
    cli = CliRunner().invoke(cli_app, ["league", "spray", "demo", "--player", "Gus Brook", "-o", str(chart), "--db", url])
    assert cli.exit_code == 0, cli.output
    shown = html.split('<figure class="spray">')[1].split("</figure>")[0]
    assert shown == chart.read_text(encoding="utf-8")  # the same chart, the same counts
    assert html.count('<figure class="spray">') == 1  # he batted for one team and never pitched


LOGGED = ("AB", "R", "H", "2B", "3B", "HR", "RBI", "BB", "SO", "SB", "CS")  # a player's game log's batting columns


def test_a_player_page_has_his_cli_lines_and_each_game_as_its_box_score_has_it(site):
    client, store, url = site
    player, team = "Gus Brook", "Harbor Gulls"
    html = page(client, "/leagues/demo/players/Gus%20Brook")
    for table in ("batting", "pitching", "fielding"):  # his lines of `scorebook stats TABLE --league demo`, as it prints them
        cli = CliRunner().invoke(cli_app, ["stats", table, "--league", "demo", "--db", url])
        wanted = [" ".join(line.replace(player, "").split()) for line in cli.stdout.splitlines()[2:] if line.startswith(player + " ")]
        assert (f"<h2>{table.capitalize()}</h2>" in html) == bool(wanted), table  # a table he has no line in is left out
        if wanted:
            section = html.split(f"<h2>{table.capitalize()}</h2>")[1].split("</section>")[0]
            assert [" ".join(text_of(row).split()) for row in section.split("<tr>")[2:]] == wanted, table
        assert wanted or table == "pitching"
    games = [g for g in store.games() if g.league == "demo" and team in (g.away, g.home) and g.status == "final"]
    log = html.split("<h3>Batting</h3>")[1].split("</table>")[0]
    rows = re.findall(r"<tr><td class=\"date\">.*?</tr>", log, re.DOTALL)
    assert len(rows) == len(games)
    for row, game in zip(rows, games):  # each game's line, as `scorebook box GAME --format json` has it
        assert f'href="/games/{game.id}"' in row
        box = json.loads(CliRunner().invoke(cli_app, ["box", game.id, "--format", "json", "--db", url]).stdout)
        line = next(b for b in box["batting"] if b["player"] == player)
        cells = re.findall(r'<td class="n">(.*?)</td>', row)
        assert dict(zip(LOGGED, cells)) == {c: str(line[c]) for c in LOGGED if c in line}, game.id
    assert client.get("/leagues/demo/players/Nobody").status_code == 404


def test_box_scores_rosters_leaders_and_team_lines_link_to_the_player_pages(site):
    client, _, _ = site
    for path in ("/games/demo-001", "/leagues/demo/teams/Harbor%20Gulls", "/leagues/demo"):
        links = set(re.findall(r'href="(/leagues/demo/players/[^"]+)"', page(client, path)))
        assert links, path
        for link in sorted(links)[:4]:
            assert client.get(unescape(link)).status_code == 200, link
    assert 'href="/leagues/demo/players/Gus%20Brook"' in page(client, "/games/demo-001")
    assert "/players/" not in page(client, "/games/official-scoring")  # a game outside any league: names only


def test_the_bracket_is_the_cli_bracket_and_says_when_it_is_only_todays(site):
    client, _, url = site
    html = page(client, "/leagues/demo")
    section = html.split("<h2>Playoffs</h2>")[1].split("</section>")[0]
    cli = json.loads(CliRunner().invoke(cli_app, ["league", "playoffs", "demo", "--format", "json", "--db", url]).stdout)
    shown = [[unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", table, re.DOTALL)] for table in section.split('<table class="series">')[1:]]
    assert shown == [[str(s["high_seed"]), s["high"], str(s["high_wins"]), str(s["low_seed"]), s["low"], str(s["low_wins"])] for s in cli["series"]]
    assert "No playoff game played yet: the bracket as the standings would seed it today" in text_of(html)


def test_before_any_game_the_standings_and_bracket_say_so(tmp_path):
    url = f"sqlite:///{tmp_path / 'new.db'}"
    store = Store(url)
    league = parse_league(DEMO, "league")
    save_league(store, league)
    save_schedule(store, league, round_robin([t.name for t in league.teams], 1, league.start))
    text = " ".join(text_of(page(TestClient(create_app(url)), "/leagues/demo")).split())
    assert "No game played yet: every team is 0–0" in text
    assert "No game played yet: the bracket is drawn from the standings once the season is under way" in text


def test_the_league_report_pdf_is_the_cli_report(site, tmp_path):
    from pypdf import PdfReader

    client, _, url = site
    response = client.get("/leagues/demo/report.pdf")
    assert response.status_code == 200 and response.headers["content-type"] == "application/pdf"
    assert "filename*=UTF-8''demo-report.pdf" in response.headers["content-disposition"]
    assert 'href="/leagues/demo/report.pdf"' in page(client, "/leagues/demo")
    written = tmp_path / "report.pdf"
    assert CliRunner().invoke(cli_app, ["league", "report", "demo", "-o", str(written), "--db", url]).exit_code == 0
    (tmp_path / "web.pdf").write_bytes(response.content)
    assert [p.extract_text() for p in PdfReader(tmp_path / "web.pdf").pages] == [p.extract_text() for p in PdfReader(written).pages]


def test_a_page_is_computed_again_once_the_store_changes(site):
    """The pages are kept per store version (web/cache.py): a game recorded by another process
    shows on the next request."""
    from scorebook.store.live import Live

    client, store, url = site
    game = next(g for g in store.games() if g.status != "final" and g.rules == "diceball")
    before = page(client, f"/games/{game.id}")
    assert page(client, f"/games/{game.id}") == before  # kept
    live = Live(url)
    try:
        live.record(game.id, "SO")
        now = store.game(game.id)
        assert now.statements > game.statements and f'data-version="{now.statements}-{now.digest[:12]}"' in page(client, f"/games/{game.id}")
    finally:
        while store.game(game.id).statements > game.statements:  # the half-inning the play opened too
            live.undo(game.id)
        live.close()
    assert page(client, f"/games/{game.id}") == before


def test_the_scoring_page_follows_its_game_and_counts_the_pitch_dice_typed(site):
    client, store, _ = site
    game = next(g for g in store.games() if g.status != "final" and g.rules == "diceball")
    html = page(client, f"/games/{game.id}/score")
    assert f'data-events="/api/games/{game.id}/events"' in html  # live, as the game page (static/live.js)
    assert '<dd class="count" id="count">0–0</dd>' in html
    for pitches, count in (("4", "1–0"), ("4412", "2–2"), ("2124", "1–2"), ("4444", "4–0 <span class=\"meta\">(walk)</span>"), ("7x", None)):
        shown = page(client, f"/games/{game.id}/score/count?pitches={pitches}")
        assert (f">{count}</dd>" in shown) if count else "not pitch dice" in shown, pitches


def test_a_diceball_game_page_draws_its_win_probability_line(site):
    from scorebook.games.diceball_win import game_line

    client, store, _ = site
    html = page(client, "/games/demo-001")
    svg = html.split('<svg class="win-line"')[1].split("</svg>")[0]
    line = game_line(store.replay("demo-001"))
    assert len(re.search(r'points="([^"]+)"', svg).group(1).split()) == len(line)
    for other in ("bonn-die-opener", "official-scoring"):  # Bonn Die, and real baseball: no model of their dice
        assert store.game(other).rules != "diceball" and "win-line" not in page(client, f"/games/{other}")


def test_the_lines_by_game_add_up_to_the_season_lines(site):
    """`by="game"` (the player pages' game logs): each player's lines of each game, which add
    up to his line by player."""
    import polars as pl

    from scorebook.stats import batting, pitching

    _, store, _ = site
    for table, counts in ((batting, ["PA", "AB", "R", "H", "HR", "RBI", "BB", "SO", "SB"]), (pitching, ["outs", "BF", "H", "R", "ER", "SO", "W", "L"])):
        games = table(store, by="game", league="demo")
        assert games["G"].unique().to_list() == [1]
        summed = games.group_by("player", "team").agg(pl.len().alias("G"), *(pl.col(c).sum() for c in counts)).sort("player", "team")
        season = table(store, by="player", league="demo").select("player", "team", "G", *counts).sort("player", "team")
        assert summed.rows() == season.rows(), table.__name__
