"""A season's book (`scorebook sheet --league L`): every stored game's scoresheet bound after a
contents, with bookmarks by month, date and game."""

from __future__ import annotations

import io

from pypdf import PdfReader
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.games import game_of
from scorebook.reports.sheet import load_layout, page_count
from scorebook.store.db import Store, game_summaries

from .conftest import ROOT


def book(url: str, tmp_path, *options: str) -> PdfReader:
    out = tmp_path / "book.pdf"
    done = CliRunner().invoke(app, ["sheet", "--league", "demo", "-o", str(out), "--db", url, *options])
    assert done.exit_code == 0, done.output
    assert f"wrote {out}" in done.output
    return PdfReader(out)


def outline(reader: PdfReader, items=None, depth: int = 0) -> list[tuple[int, str, int]]:
    """The bookmarks as (depth, title, page), in order."""
    found = []
    for item in reader.outline if items is None else items:
        if isinstance(item, list):
            found += outline(reader, item, depth + 1)
        else:
            found.append((depth, item.title, reader.get_destination_page_number(item)))
    return found


def test_the_book_binds_every_stored_game_after_its_contents(demo_season, tmp_path):
    store = Store(demo_season)
    games = game_summaries(store, "demo")
    reader = book(demo_season, tmp_path, "--jobs", "2")
    sheets = [page_count(game_of(store.replay(g.id)).sheet_data(store.replay(g.id)), load_layout()) for g in games]
    assert len(reader.pages) == 1 + sum(sheets)  # 15 games: one contents page
    contents = reader.pages[0].extract_text()
    assert "Demo League: 15 games" in contents and "date game score page" in contents.replace("\n", " ")
    marks = outline(reader)
    by_team = marks.index((0, "By team", 1))
    marks, teams = marks[:by_team], marks[by_team + 1 :]
    months = [m for m in marks if m[0] == 0]
    days = [m for m in marks if m[0] == 1]
    assert months == [(0, "April 2026", 1)]
    assert [d[1] for d in days] == sorted({g.date for g in games})
    bookmarked = [m for m in marks if m[0] == 2]
    by_date = sorted(games, key=lambda g: (g.date, g.away, g.home, g.id))
    gulls = teams.index((1, "Harbor Gulls", 1))  # the team's first game is the book's first
    assert [t[1] for t in teams if t[0] == 1][:2] == ["Harbor Gulls", "Hilltop Comets"]
    assert teams[gulls + 1 : gulls + 6] == [m for m in bookmarked if "Harbor Gulls" in m[1]]
    assert [title for _, title, _ in bookmarked] == [f"{g.away} at {g.home}, {g.date}" for g in by_date]
    page = 1
    for (_, _, start), game in zip(bookmarked, by_date):
        sheet = sheets[games.index(game)]
        assert start == page  # each game's first page, its sheets one after another
        first = reader.pages[start].extract_text()
        assert game.away in first and game.home in first
        assert f"{game.away} at {game.home}" in contents and f"{game.away_score}-{game.home_score}" in contents
        page += sheet
    links = [a.get_object() for a in reader.pages[0]["/Annots"]]
    assert len(links) == len(games) and all(link["/Subtype"] == "/Link" for link in links)


def test_a_team_book_has_its_games_only_and_is_stable(demo_season, tmp_path):
    team = "Harbor Gulls"
    games = [g for g in game_summaries(Store(demo_season), "demo") if team in (g.away, g.home)]
    first = book(demo_season, tmp_path, "--team", team)
    titles = [title for depth, title, _ in outline(first) if depth == 2]
    assert len(titles) == len(games) == 5 and all(team in title for title in titles)
    assert "By team" not in [title for _, title, _ in outline(first)]  # its games are all the team's
    assert "Demo League: Harbor Gulls: 5 games" in first.pages[0].extract_text()
    again = (tmp_path / "book.pdf").read_bytes()
    assert book(demo_season, tmp_path, "--team", team, "--jobs", "1") and (tmp_path / "book.pdf").read_bytes() == again
    a4 = book(demo_season, tmp_path, "--team", team, "--page", "a4")
    assert {(round(p.mediabox.width), round(p.mediabox.height)) for p in a4.pages} == {(842, 595)}  # the contents too


def test_a_book_says_what_is_missing(demo_season, tmp_path):
    empty = f"sqlite:///{tmp_path / 'empty.db'}"
    runner = CliRunner()
    assert runner.invoke(app, ["league", "create", str(ROOT / "leagues" / "demo.toml"), "--db", empty]).exit_code == 0
    for db, options, message in (
        (empty, ["--league", "demo"], "league demo has no stored games to bind: `scorebook simulate --league demo`"),
        (demo_season, ["--league", "demo", "--team", "Nobody"], "league demo has no team 'Nobody'; its teams: Harbor Gulls"),
        (demo_season, ["--league", "nowhere"], "no league nowhere"),
        (demo_season, ["--team", "Harbor Gulls"], "--team picks a team's games for a league's book: add --league L"),
        (demo_season, ["--league", "demo", "--blank"], "--league binds the league's stored games into a book"),
    ):
        done = runner.invoke(app, ["sheet", *options, "-o", str(tmp_path / "x.pdf"), "--db", db])
        assert done.exit_code == 1 and message in done.output, done.output
        assert "Traceback" not in done.output
    assert not (tmp_path / "x.pdf").exists()


def test_the_contents_goes_on_over_pages():
    from scorebook.reports.book import COLUMNS, ROWS, BookGame, contents_pages, contents_pdf

    count = ROWS * COLUMNS + 1
    games = [BookGame(f"g{i}", f"2026-05-{i // 30 + 1:02d}", "Away", f"Home {i}", 1, 2, "final") for i in range(count)]
    pdf = PdfReader(io.BytesIO(contents_pdf("League", games, list(range(2, count + 2)), (792, 612))))
    assert contents_pages(count) == len(pdf.pages) == 2
    assert "League: 73 games (contents 2 of 2)" in pdf.pages[1].extract_text() and "Home 72" in pdf.pages[1].extract_text()
    assert "Home 71" in pdf.pages[0].extract_text() and "Home 72" not in pdf.pages[0].extract_text()
