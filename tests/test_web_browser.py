"""The site in a real browser: Debian's chromium, headless, driven by Playwright, against
`scorebook serve` started here on a free loopback port. Each kind of page is opened on a
desktop's and a phone's screen (nothing wider than the phone), printed, and kept as a
screenshot (in SCOREBOOK_SCREENSHOTS when it names a folder). Skipped, saying why, where there
is no chromium or no Playwright: `.ci/run` installs chromium, so CI runs it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

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
    "not-found": ("/games/nope", "Not found"),
}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser")
    url = f"sqlite:///{folder / 'site.db'}"
    make_store(url)
    with serving(url) as base:
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
