"""A season's book: every stored game of a league (or of one of its teams) as its scoresheet,
bound into one PDF with a contents and bookmarks (`reports.book`). The sheets are drawn in
worker processes, each replaying its games from the store, since a season's are thousands."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, partial

from scorebook.problems import NoSuchGame, NoSuchTeam
from scorebook.reports.book import BookGame
from scorebook.store.db import Store, game_summaries


def book_games(store: Store, league: str, team: str = "") -> tuple[str, list[BookGame]]:
    """The book's title and its games: the league's stored games (a team's, with `team`), by
    date, then teams. A league with none, or a team not in it, is a problem saying so."""
    from scorebook.league.stored import load_league

    definition = load_league(store, league)
    names = [t.name for t in definition.teams]
    if team and team not in names:
        raise NoSuchTeam(f"league {league} has no team {team!r}; its teams: {', '.join(names)}")
    games = [
        BookGame(g.id, g.date, g.away, g.home, g.away_score, g.home_score, g.status)
        for g in game_summaries(store, league)
        if not team or team in (g.away, g.home)
    ]
    if not games:
        whose = f"team {team} of league {league}" if team else f"league {league}"
        raise NoSuchGame(f"{whose} has no stored games to bind: `scorebook simulate --league {league}` plays its schedule, `scorebook import FILE` stores a game file")
    games.sort(key=lambda g: (g.date, g.away, g.home, g.id))
    return f"{definition.title}{f': {team}' if team else ''}", games


def book_sheets(store: Store, games: list[BookGame], page: str = "letter", jobs: int = 1) -> Iterator[bytes]:
    """Each game's scoresheet PDF, in order, as its game draws it, in `jobs` processes."""
    from scorebook.parallel import in_processes

    return in_processes(partial(_sheet, store.url, page), [g.id for g in games], jobs, chunksize=8)


def page_size(page: str = "letter") -> tuple[float, float]:
    """The scoresheet's page (landscape), which the contents takes too."""
    from scorebook.reports.sheet import load_layout

    width, height = load_layout()["page"][page]
    return width, height


def _sheet(url: str, page: str, game_id: str) -> bytes:
    from scorebook.games import game_of

    game = _store(url).replay(game_id)
    kind = game_of(game)
    layout = _layout(kind.sheet_layout)
    if not kind.lineups:  # a game without batting orders (Bonn Die) has its own sheet and page
        return kind.sheet_render(kind.sheet_data(game), layout)
    return kind.sheet_render(kind.sheet_data(game), layout, page)


@cache
def _store(url: str) -> Store:  # one a worker process
    return Store(url)


@cache
def _layout(name: str) -> dict:
    from scorebook.reports.sheet import load_layout

    return load_layout(name)
