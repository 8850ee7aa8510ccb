"""What each page shows, read from the store through the library, the game registry and the
service layer (the box score, the scoresheet, the play-by-play, the standings, the schedule,
the statistics): plain data for the templates, no HTML. The numbers are the library's own, so
a page says what the CLI says for the same store. What the store lacks is the library's
`NotFound` (NoSuchGame, NoSuchLeague, NoSuchTeam): the app answers it with a 404."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from scorebook.games import game_named, game_of
from scorebook.league.definition import League, TeamEntry
from scorebook.league.stored import load_league, stored_leagues
from scorebook.problems import NoSuchTeam, NotFound
from scorebook.service.games import stored_box_score
from scorebook.service.league import league_leaders, league_standings, schedule_rows
from scorebook.store.db import GameSummary, Store, game_summaries
from scorebook.store.schema import Event, Game

RECENT_GAMES = 20  # the home page's recent results


@dataclass(frozen=True, slots=True)
class Home:
    leagues: list[League]
    live: list[GameSummary]  # not final, latest first
    recent: list[GameSummary]  # final, latest first


def home(store: Store) -> Home:
    games = list(reversed(game_summaries(store)))
    final = [g for g in games if g.status == "final"]
    return Home(stored_leagues(store), [g for g in games if g.status != "final"], final[:RECENT_GAMES])


def box_data(store: Store, game_id: str, game: Any = None) -> dict[str, object]:
    """A stored game's box score as `scorebook box ID --format json` gives it, for any game."""
    game = game or store.replay(game_id)
    return game_of(game).box_dict(stored_box_score(store, game_id, game))


@dataclass(frozen=True, slots=True)
class GamePage:
    row: Game
    lineups: bool  # a game whose teams bat in an order: baseball's box, scoresheet and bases
    box: dict[str, object]  # box_data
    sheets: list  # the scoresheet, reports.sheet.TeamSheet per team (a game with lineups)
    plays: list[dict[str, object]]  # the play-by-play of `scorebook replay`
    columns: tuple[str, ...]  # its columns
    state: Any  # the engine's state after the last statement: the bases and outs of a live game


def game_page(store: Store, game_id: str) -> GamePage:
    row = store.game(game_id)
    game = store.replay(game_id)
    kind = game_of(game)
    sheets = kind.sheet_data(game) if kind.lineups else []
    return GamePage(row, kind.lineups, box_data(store, game_id, game), sheets, kind.play_rows(game), kind.play_columns.value, game.state)


def sheet_pdf(store: Store, game_id: str) -> bytes:
    """The game's scoresheet, as `scorebook sheet GAME` writes it (letter, landscape)."""
    from scorebook.reports.sheet import load_layout

    store.game(game_id)  # NoSuchGame before anything is replayed
    game = store.replay(game_id)
    kind = game_of(game)
    return kind.sheet_render(kind.sheet_data(game), load_layout(kind.sheet_layout))


@dataclass(frozen=True, slots=True)
class LeaguePage:
    league: League
    standings: list[dict[str, object]]  # `scorebook league standings`'s rows
    leaders: dict[str, list[dict[str, object]]]  # `scorebook league leaders`'s rows, by category
    months: list[str]  # the schedule's months, YYYY-MM: a season's schedule is shown a month at a time
    month: str  # the one shown
    slots: list[dict[str, object]]  # its games with the byes (`scorebook league schedule`'s rows)
    games: dict[str, GameSummary]  # the league's games, by id
    extra: list[GameSummary]  # the league's games in no slot: playoffs, extra games


def league_page(store: Store, name: str, month: str = "") -> LeaguePage:
    """A league's standings and its schedule of one month (by default the month of its latest
    game played, else its first)."""
    league = load_league(store, name)
    slots = schedule_rows(store, name)
    games = {g.id: g for g in game_summaries(store, name)}
    months = sorted({str(slot["date"])[:7] for slot in slots})
    played = [str(slot["date"])[:7] for slot in slots if slot["game_id"] or slot["forfeit"]]
    month = month or (played[-1] if played else months[0] if months else "")
    if months and month not in months:
        raise NotFound(f"league {name} has no game scheduled in {month}; its months are {', '.join(months)}")
    shown = [slot for slot in slots if str(slot["date"]).startswith(month)]
    placed = {slot["game_id"] for slot in slots}
    extra = [g for g in games.values() if g.id not in placed]
    leaders: dict[str, list[dict[str, object]]] = {}
    for row in league_leaders(store, name):
        leaders.setdefault(str(row["category"]), []).append(row)
    return LeaguePage(league, league_standings(store, name), leaders, months, month, shown, games, extra)


@dataclass(frozen=True, slots=True)
class LoggedGame:
    game: GameSummary
    home: bool  # the team was at home
    opponent: str
    runs: int  # the team's
    against: int
    outcome: str  # W, L, T (a final tie) or "" (not final)
    record: str  # the team's wins and losses after the game, "3-1"


@dataclass(frozen=True, slots=True)
class StatTable:
    title: str
    columns: list[str]  # the frame's, less the team's name
    rows: list[dict[str, object]]


@dataclass(frozen=True, slots=True)
class TeamPage:
    team: str
    league: League | None
    games: list[LoggedGame]
    roster: TeamEntry | None  # a league team's, as its definition has it
    stats: list[StatTable]  # its players' lines in the league's games (`scorebook stats ... --league L --team T`)


def team_stats(store: Store, team: str, league: League) -> list[StatTable]:
    """A league team's lines in each statistics table of its game (batting, pitching, fielding;
    Bonn Die's players), as `scorebook stats TABLE --league L --team T` gives them."""
    tables = []
    for name, frame_of in game_named(league.rules).stats:
        frame = frame_of(store, league=league.name, team=team)
        title = "Players" if name == league.rules else name.capitalize()  # a game's one table is its players'
        tables.append(StatTable(title, [c for c in frame.columns if c != "team"], frame.rows(named=True)))
    return tables


def team_page(store: Store, team: str, league_name: str = "") -> TeamPage:
    """A team's games in order, with the record after each (a team of no league: its games
    outside any league)."""
    league = load_league(store, league_name) if league_name else None
    games = [g for g in game_summaries(store, league_name) if team in (g.away, g.home)]
    if not games and not (league and team in [t.name for t in league.teams]):
        where = f"league {league_name}" if league_name else "the store's games outside a league"
        raise NoSuchTeam(f"no team {team} in {where}")
    won = lost = 0
    log = []
    for game in games:
        home = game.home == team
        runs, against = (game.home_score, game.away_score) if home else (game.away_score, game.home_score)
        outcome = "" if game.status != "final" else "W" if runs > against else "L" if runs < against else "T"
        won, lost = won + (outcome == "W"), lost + (outcome == "L")
        log.append(LoggedGame(game, home, game.away if home else game.home, runs, against, outcome, f"{won}-{lost}"))
    roster = next((t for t in league.teams if t.name == team), None) if league else None
    return TeamPage(team, league, log, roster, team_stats(store, team, league) if roster and league else [])


def version(row: Game) -> str:
    """What changes with every statement recorded or undone: the live view's event."""
    return f"{row.statements}-{row.digest[:12]}"


@dataclass(frozen=True, slots=True)
class ScoringPage:
    row: Game
    lineups: bool  # a baseball game: its diamond, batter, on-deck batter and pitcher
    state: Any
    line: str  # the state as `scorebook record` prints it
    inning: str  # "top 2", or between halves the state's own words
    statements: int  # how many are stored: the form is made against this many
    recent: list[str]  # the last statements, latest last
    batter: str
    on_deck: str
    pitcher: str


RECENT_STATEMENTS = 6


def scoring_page(store: Store, game_id: str) -> ScoringPage:
    """The game as the scorer at the table needs it, read in one replay of the store."""
    from scorebook.engine.state import HALF_WORDS
    from scorebook.store.live import Recorded, state_line

    row = store.game(game_id)
    game = store.replay(game_id)
    kind, state = game_of(game), game.state
    line = state_line(Recorded([], state, game.game.header.teams, kind))
    batter = on_deck = pitcher = ""
    if kind.lineups and not state.over:
        half = state.half if state.in_half else 1 - state.half  # the next half-inning's, between halves
        batting, fielding = state.teams[half], state.teams[1 - half]
        batter, pitcher = batting.batter, fielding.pitcher
        on_deck = batting.players[(batting.up + 1) % len(batting.players)]
    inning = f"{HALF_WORDS[state.half]} {state.inning}" if kind.lineups and state.in_half else state.describe()
    texts = statement_texts(store, game_id)
    return ScoringPage(row, kind.lineups, state, line, inning, len(texts), texts[-RECENT_STATEMENTS:], batter, on_deck, pitcher)


def statement_texts(store: Store, game_id: str) -> list[str]:
    """The game's statements as stored, the ones `scorebook record` counts a new one against."""
    events = Event.__table__  # type: ignore[attr-defined]
    with store.engine.connect() as db:
        return list(db.execute(select(events.c.text).where(events.c.game_id == game_id).order_by(events.c.seq)).scalars())
