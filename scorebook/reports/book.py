"""A season's book: the scoresheets of many games bound into one PDF, after a contents listing
them by date (each game's teams, score and first page), with a PDF outline (bookmarks) by
month, then date, then game ("AWAY at HOME, date"), and by team.

Pure: the games' rows and their sheets' PDF bytes (`reports.sheet.render_sheet`'s, as each
game's registry entry draws them) in, the book's bytes out. The sheets are bound with pypdf,
page for page as drawn; the font programs they share are kept once (`compress_identical_objects`),
which halves the book. The contents is drawn with reportlab (`invariant=1`), on the sheets'
page size, so the same games give the same bytes."""

from __future__ import annotations

import calendar
import io
from collections.abc import Iterable
from itertools import groupby
from typing import NamedTuple

from scorebook.reports.fonts import base_font, draw, fit

ROWS = 36  # contents lines a column
COLUMNS = 2  # columns a contents page
MARGIN, GAP = 36, 24  # round the contents, between its columns
HEADER = 40  # from the top margin to the column headers' baseline
TITLE_SIZE = 14
SIZE = 8.5  # a contents line's


class BookGame(NamedTuple):
    """A game as the book lists it."""

    id: str
    date: str  # ISO, as the game file writes it ("" where it has none)
    away: str
    home: str
    away_score: int
    home_score: int
    status: str  # "final", "in progress" ...

    @property
    def title(self) -> str:
        """The game as its bookmark names it: `AWAY at HOME, date`."""
        return f"{self.away} at {self.home}" + (f", {self.date}" if self.date else "")

    @property
    def score(self) -> str:
        final = "" if self.status == "final" else f" ({self.status})"
        return f"{self.away_score}-{self.home_score}{final}"


def contents_pages(count: int) -> int:
    """How many contents pages list `count` games."""
    return max(1, -(-count // (ROWS * COLUMNS)))


def bind_book(title: str, games: list[BookGame], sheets: Iterable[bytes], page_size: tuple[float, float]) -> bytes:
    """The book: its contents, then each game's sheet (`sheets`, in the order of `games`), and
    the outline: month, date, game."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    lead = contents_pages(len(games))
    starts = []  # each game's first page, counted from 0 after the contents
    for sheet in sheets:
        starts.append(len(writer.pages))
        writer.append(PdfReader(io.BytesIO(sheet)), import_outline=False)
    writer.merge(0, PdfReader(io.BytesIO(contents_pdf(title, games, [lead + s + 1 for s in starts], page_size))))
    writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    _links(writer, games, [lead + s for s in starts], page_size)
    _outline(writer, games, [lead + s for s in starts])
    writer.add_metadata({"/Title": title})
    writer.page_mode = "/UseOutlines"  # a reader opens the book with its bookmarks shown
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _links(writer, games: list[BookGame], starts: list[int], page_size: tuple[float, float]) -> None:
    """Each contents line a link to its game's first page."""
    from pypdf.annotations import Link

    for place, start in zip(_places(len(games), page_size), starts):
        rect = (place.left, place.y - 2.5, place.left + place.width, place.y + SIZE)
        writer.add_annotation(place.page, Link(rect=rect, target_page_index=start))


def _outline(writer, games: list[BookGame], starts: list[int]) -> None:
    """Bookmarks: a month (`June 2026`), its dates, each date's games, each on its first page;
    then "By team", each team's games in order (but in a book of one team's games)."""
    placed = list(zip(games, starts))
    for month, group in groupby(placed, key=lambda placed: placed[0].date[:7]):
        in_month = list(group)
        parent = writer.add_outline_item(title=_month(month), page_number=in_month[0][1])
        for date, day_group in groupby(in_month, key=lambda placed: placed[0].date):
            on_date = list(day_group)
            day = writer.add_outline_item(title=date or "no date", page_number=on_date[0][1], parent=parent)
            for game, start in on_date:
                writer.add_outline_item(title=game.title, page_number=start, parent=day)
    teams = sorted({team for game in games for team in (game.away, game.home)})
    if not any(all(team in (game.away, game.home) for game in games) for team in teams):  # not a team's own book
        by_team = writer.add_outline_item(title="By team", page_number=starts[0])
        for team in teams:
            its = [(game, start) for game, start in placed if team in (game.away, game.home)]
            parent = writer.add_outline_item(title=team, page_number=its[0][1], parent=by_team)
            for game, start in its:
                writer.add_outline_item(title=game.title, page_number=start, parent=parent)


def _month(month: str) -> str:
    """`2026-06` as `June 2026`; a date the game file did not give as YYYY-MM-DD stays as written."""
    year, _, number = month.partition("-")
    if year.isdigit() and number.isdigit() and 1 <= int(number) <= 12:
        return f"{calendar.month_name[int(number)]} {year}"
    return month or "no date"


def contents_pdf(title: str, games: list[BookGame], first_pages: list[int], page_size: tuple[float, float]) -> bytes:
    """The contents: the games by date in columns of `ROWS` lines under a header, the date
    written where it changes (and at the top of a column), each game's teams, score and first
    page."""
    from reportlab.pdfgen import canvas

    width, height = page_size
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=page_size, invariant=1)
    font = base_font()
    pages = contents_pages(len(games))
    places = _places(len(games), page_size)
    for number in range(pages):
        heading = f"{title}: {len(games):,} game{'s' * (len(games) != 1)}" + (f" (contents {number + 1} of {pages})" if pages > 1 else "")
        draw(pdf, MARGIN, height - MARGIN - TITLE_SIZE, fit(heading, font, TITLE_SIZE, width - 2 * MARGIN)[0], font, TITLE_SIZE)
        shown = [(i, place) for i, place in enumerate(places) if place.page == number]
        for left in sorted({place.left for _, place in shown}):
            _line(pdf, font, left, places[0].width, height - MARGIN - HEADER, ("date", "game", "score", "page"))
        previous = ("", 0.0)
        for i, place in shown:
            game = games[i]
            date = game.date or "no date"
            _line(pdf, font, place.left, place.width, place.y, (date if (date, place.left) != previous else "", f"{game.away} at {game.home}", game.score, str(first_pages[i])))
            previous = (date, place.left)
        if not games:
            draw(pdf, MARGIN, height - MARGIN - HEADER - 20, "no games", font, SIZE)
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


class Place(NamedTuple):
    """Where a game's line is on the contents: its page (from 0), column and baseline."""

    page: int
    left: float
    width: float
    y: float


def _places(count: int, page_size: tuple[float, float]) -> list[Place]:
    width, height = page_size
    column = (width - 2 * MARGIN - GAP * (COLUMNS - 1)) / COLUMNS
    line = (height - 2 * MARGIN - HEADER - 6) / ROWS
    places = []
    for i in range(count):
        page, within = divmod(i, ROWS * COLUMNS)
        c, r = divmod(within, ROWS)
        places.append(Place(page, MARGIN + c * (column + GAP), column, height - MARGIN - HEADER - 6 - (r + 1) * line + 3))
    return places


def _line(pdf, font: str, left: float, width: float, y: float, texts: tuple[str, str, str, str]) -> None:
    """A contents line: the date, the game fitted in its room, the score, the page."""
    date, game, score, page = texts
    draw(pdf, left, y, date, font, SIZE)
    draw(pdf, left + 58, y, fit(game, font, SIZE, width - 58 - 110, smallest=6)[0], font, SIZE)
    draw(pdf, left + width - 34, y, score, font, SIZE, align="right")
    draw(pdf, left + width, y, page, font, SIZE, align="right")
