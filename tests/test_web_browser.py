"""The site in a real browser: Debian's chromium, headless, driven by Playwright, against
`scorebook serve` started here on a free loopback port. Each kind of page is opened on a
desktop's and a phone's screen (nothing wider than the phone), printed, and kept as a
screenshot (in SCOREBOOK_SCREENSHOTS when it names a folder). Skipped, saying why, where there
is no chromium or no Playwright: `.ci/run` installs chromium, so CI runs it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorebook.service.games import new_game
from scorebook.store.db import Store
from scorebook.store.keys import new_key
from tests.test_web import make_store, serving

CHROMIUM = next((path for path in ("/usr/bin/chromium", shutil.which("chromium") or "") if path and os.path.exists(path)), None)
if CHROMIUM is None:
    pytest.skip("no chromium to drive (Debian: apt-get install chromium)", allow_module_level=True)
sync_playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)").sync_playwright

# Chromium as the CI machine runs it: headless, no sandbox (root), and nothing that reaches out.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
SCREENS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
# Each kind of page, and what it shows first.
PAGES = {
    "home": ("/", "Leagues and games"),
    "game": ("/games/demo-001", "Harbor Gulls"),
    "live-game": ("/games/rulebook-example", "Team 1"),
    "bonn-die-game": ("/games/bonn-die-opener", "Rhine Rollers"),
    "league": ("/leagues/demo", "Demo League"),  # its standings, schedule and results
    "team": ("/leagues/demo/teams/Harbor%20Gulls", "Harbor Gulls"),
    "player": ("/leagues/demo/players/Gus%20Brook", "Gus Brook"),  # his season lines and game log
    "scoring-visitor": ("/games/rulebook-example/score", "Scoring"),  # the key's field: a visitor scores nothing
    "not-found": ("/games/nope", "Not found"),
}


@pytest.fixture(scope="module")
def site_db(tmp_path_factory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'site.db'}"
    make_store(url)
    return url


@pytest.fixture(scope="module")
def served(site_db):
    with serving(site_db) as base:
        yield base


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SCOREBOOK_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("kind", sorted(PAGES))
def test_each_kind_of_page_in_chromium(served, browser, tmp_path, kind, screen):
    path, heading = PAGES[kind]
    page = browser.new_page(viewport=SCREENS[screen])
    problems: list[str] = []
    page.on("pageerror", lambda failure: problems.append(str(failure)))
    response = page.goto(served + path)
    assert response is not None and response.status == (404 if kind == "not-found" else 200)
    assert heading in page.locator("h1").inner_text()
    assert page.evaluate("typeof htmx") == "object"  # the vendored htmx loaded, and ran
    width, room = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= room, f"{kind} is {width} px wide on a {room} px screen: only its tables may scroll"
    page.screenshot(path=str(screenshots(tmp_path) / f"{kind}-{screen}.png"), full_page=True)
    assert not problems, problems
    page.close()


def test_a_game_prints_without_the_navigation_and_its_pdf_downloads(served, browser, tmp_path):
    page = browser.new_page(viewport=SCREENS["desktop"])
    page.goto(served + "/games/demo-001")
    page.emulate_media(media="print")
    assert not page.locator("header.site").is_visible() and not page.locator(".downloads").is_visible()
    page.screenshot(path=str(screenshots(tmp_path) / "game-print.png"), full_page=True)
    page.emulate_media(media="screen")
    with page.expect_download() as download:
        page.get_by_text("Scoresheet (PDF)").click()
    assert download.value.suggested_filename == "demo-001-sheet.pdf"
    assert Path(download.value.path()).read_bytes().startswith(b"%PDF")
    page.close()


def test_a_link_from_the_home_page_leads_to_the_game(served, browser):
    page = browser.new_page(viewport=SCREENS["phone"])
    page.goto(served + "/")
    page.locator('#live a[href="/games/rulebook-example"]').click()
    page.wait_for_url("**/games/rulebook-example")
    assert page.locator("svg.field").is_visible()  # the bases and outs of a game in progress
    page.close()


def test_a_scorer_scores_plays_and_a_spectator_sees_each_arrive(served, site_db, browser, tmp_path):
    store = Store(site_db)
    game = new_game(store, "Harbor Gulls", "River Kings", date="2026-07-04", game_id="scored-in-chromium")
    _, key = new_key(store, game=game)
    spectator = browser.new_context(viewport=SCREENS["phone"]).new_page()
    spectator.goto(f"{served}/games/{game}")
    scorer = browser.new_context(viewport=SCREENS["desktop"]).new_page()
    problems: list[str] = []
    for page in (scorer, spectator):
        page.on("pageerror", lambda failure: problems.append(str(failure)))
    scorer.goto(f"{served}/games/{game}/score")
    scorer.fill("#key", key)
    scorer.get_by_role("button", name="Score this game").click()
    scorer.wait_for_selector("#statement")
    plays = spectator.locator("table.plays tbody tr")

    def score(**fields: str) -> None:
        version = scorer.locator("#scoring").get_attribute("data-version")
        for field, value in fields.items():
            if field != "code":
                scorer.fill(f"[name={field}]", value)
        scorer.locator(f'.codes button[value="{fields["code"]}"]' if "code" in fields else "button.record").click()
        scorer.wait_for_function(f"document.querySelector('#scoring').dataset.version !== {version!r}")

    def arrived(rows: int) -> None:  # the spectator's play-by-play has that many rows (a half-inning's start is one)
        spectator.wait_for_function(f"document.querySelectorAll('table.plays tbody tr').length === {rows}", timeout=3000)

    score(code="H2")
    arrived(2)
    assert "H2" in plays.last.inner_text()
    scorer.fill("#statement", "H9")  # no such hit
    scorer.locator("button.record").click()
    refused = scorer.locator(".refused")
    refused.wait_for()
    assert "Not recorded" in refused.inner_text() and "not a play result" in refused.inner_text()
    assert scorer.locator("#statement").input_value() == "H9"
    scorer.screenshot(path=str(screenshots(tmp_path) / "scoring-refused-desktop.png"), full_page=True)
    score(statement="2-3", code="H1")
    score(statement="BB", pitches="5555")
    arrived(4)
    assert "BB" in plays.last.inner_text()
    assert scorer.locator("svg.field .base.taken").count() == 3  # the bases loaded
    scorer.screenshot(path=str(screenshots(tmp_path) / "scoring-desktop.png"), full_page=True)
    spectator.screenshot(path=str(screenshots(tmp_path) / "live-view-phone.png"), full_page=True)
    scorer.get_by_role("button", name="Undo the last statement").click()
    arrived(3)
    phone = browser.new_context(viewport=SCREENS["phone"])
    phone.add_cookies(scorer.context.cookies())
    on_phone = phone.new_page()
    on_phone.goto(f"{served}/games/{game}/score")
    width, room = on_phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= room, f"the scoring page is {width} px wide on a {room} px screen"
    on_phone.screenshot(path=str(screenshots(tmp_path) / "scoring-phone.png"), full_page=True)
    assert not problems, problems
    for context in (scorer.context, spectator.context, phone):
        context.close()


def test_the_scoring_page_follows_a_statement_recorded_elsewhere_and_counts_the_dice(served, site_db, browser, tmp_path):
    store = Store(site_db)
    game = new_game(store, "Old Town Owls", "Mill Street Grays", date="2026-07-05", game_id="followed-in-chromium")
    _, key = new_key(store, game=game)
    scorer = browser.new_context(viewport=SCREENS["phone"]).new_page()
    problems: list[str] = []
    scorer.on("pageerror", lambda failure: problems.append(str(failure)))
    scorer.goto(f"{served}/games/{game}/score")
    scorer.fill("#key", key)
    scorer.get_by_role("button", name="Score this game").click()
    scorer.wait_for_selector("#statement")
    assert scorer.locator("#count").inner_text() == "0–0"
    scorer.locator("[name=pitches]").press_sequentially("412")  # ball, strike, foul: the count as typed
    scorer.wait_for_function("document.querySelector('#count').innerText === '1–2'", timeout=3000)
    version = scorer.locator("#scoring").get_attribute("data-version")
    command = [sys.executable, "-m", "scorebook", "record", game, "SO", "--db", site_db]
    subprocess.run(command, check=True, capture_output=True)  # another process, another scorer
    scorer.wait_for_function(f"document.querySelector('#scoring').dataset.version !== {version!r}", timeout=3000)
    assert scorer.locator("dd.outs").inner_text() == "1" and "SO" in scorer.locator("ol.recent").inner_text()
    assert scorer.locator("#count").inner_text() == "0–0"  # the next batter's
    scorer.screenshot(path=str(screenshots(tmp_path) / "scoring-followed-phone.png"), full_page=True)
    assert not problems, problems
    scorer.context.close()


def test_the_league_report_downloads_from_the_league_page(served, browser):
    page = browser.new_page(viewport=SCREENS["desktop"])
    page.goto(served + "/leagues/demo")
    with page.expect_download() as download:
        page.get_by_text("League report (PDF)").click()
    assert download.value.suggested_filename == "demo-report.pdf"
    assert Path(download.value.path()).read_bytes().startswith(b"%PDF")
    page.close()
