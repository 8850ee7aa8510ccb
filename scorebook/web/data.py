"""What each page shows, read from the store through the library, the game registry and the
service layer (the box score, the scoresheet, the play-by-play, the standings, the schedule,
the statistics): plain data for the templates, no HTML. The numbers are the library's own, so
a page says what the CLI says for the same store. What the store lacks is the library's
`NotFound` (NoSuchGame, NoSuchLeague, NoSuchTeam): the app answers it with a 404."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from scorebook.games import STATS_TABLES, game_named, game_of
from scorebook.league.definition import League, TeamEntry
from scorebook.league.stored import load_league, stored_leagues
from scorebook.problems import NoSuchPlayer, NoSuchTeam, NotFound
from scorebook.service.games import stored_box_score
from scorebook.service.league import league_bracket, league_leaders, league_standings, schedule_rows, series_rows
from scorebook.service.scoring import UpNext, pitch_count, up_next
from scorebook.service.teams import LoggedGame, game_log
from scorebook.store.db import GameSummary, Store, game_summaries
from scorebook.store.schema import Game

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
    win_line: Markup | None  # a Diceball game's win-probability line (SVG), its names escaped


def game_page(store: Store, game_id: str) -> GamePage:
    row = store.game(game_id)
    game = store.replay(game_id)
    kind = game_of(game)
    sheets = kind.sheet_data(game) if kind.lineups else []
    box, plays = box_data(store, game_id, game), kind.play_rows(game)
    return GamePage(row, kind.lineups, box, sheets, plays, kind.play_columns.value, game.state, win_line(game))


def win_line(game: Any) -> Markup | None:
    """The home team's chance after each statement (games/diceball_win.py), drawn; Diceball
    games only: the model is of its dice."""
    line_of = game_of(game).win_line
    if line_of is None or not game.facts:
        return None
    from scorebook.reports.winprob import win_line_svg

    away, home = game.game.header.teams
    return Markup(win_line_svg(line_of(game), away, home))  # the renderer escapes the names


def sheet_pdf(store: Store, game_id: str) -> bytes:
    """The game's scoresheet, as `scorebook sheet GAME` writes it (letter, landscape)."""
    from scorebook.reports.sheet import load_layout

    store.game(game_id)  # NoSuchGame before anything is replayed
    game = store.replay(game_id)
    kind = game_of(game)
    return kind.sheet_render(kind.sheet_data(game), load_layout(kind.sheet_layout))


Lines = Callable[[str, str], Any]
"""(stats table, by) -> the league's lines, a polars frame as `scorebook stats TABLE --league L
--by BY` gives it (`by` "game": a line per player and game). The app's come from its cache:
the league's team and player pages and their game logs share one reading of the season."""


def league_lines(store: Store, league: str) -> Lines:
    """The league's lines read from the store at each call (the app keeps them: `app.py`)."""
    return lambda table, by: STATS_TABLES[table](store, league=league, by=by)


@dataclass(frozen=True, slots=True)
class Months:
    """A long list of games (a season's schedule, a team's or a player's log) is shown a month
    at a time: its months, YYYY-MM, and the one shown."""

    all: list[str]
    shown: str


def month_shown(dates: list[str], latest: str, asked: str, what: str) -> Months:
    """The months of `dates` (YYYY-MM-DD) and the one `asked` (`?month=`), by default the month
    of the `latest` game played, else the first."""
    months = sorted({date[:7] for date in dates})
    month = asked or latest[:7] or (months[0] if months else "")
    if months and month not in months:
        raise NotFound(f"{what} has no game in {month}; its months are {', '.join(months)}")
    return Months(months, month)


@dataclass(frozen=True, slots=True)
class Playoffs:
    teams: int  # the bracket's size
    best_of: int
    seeds: list[str]  # by the standings now
    rounds: list[list[dict[str, object]]]  # each round's series, `scorebook league playoffs`'s rows
    champion: str
    started: bool  # a playoff game is stored: the seeds are the bracket's, not "if the season ended today"


@dataclass(frozen=True, slots=True)
class LeaguePage:
    league: League
    played: bool  # a game of the league is final: before, the standings are the teams in no order of merit
    standings: list[dict[str, object]]  # `scorebook league standings`'s rows
    leaders: dict[str, list[dict[str, object]]]  # `scorebook league leaders`'s rows, by category
    playoffs: Playoffs
    months: Months  # a season's schedule is shown a month at a time
    slots: list[dict[str, object]]  # its games with the byes (`scorebook league schedule`'s rows)
    games: dict[str, GameSummary]  # the league's games, by id
    extra: list[GameSummary]  # the league's games in no slot: playoffs, extra games


def league_page(store: Store, name: str, month: str = "") -> LeaguePage:
    """A league's standings, leaders, playoff bracket and its schedule of one month (by default
    the month of its latest game played, else its first)."""
    league = load_league(store, name)
    slots = schedule_rows(store, name)
    summaries = game_summaries(store, name)
    games = {g.id: g for g in summaries}
    played = [str(slot["date"]) for slot in slots if slot["game_id"] or slot["forfeit"]]
    months = month_shown([str(slot["date"]) for slot in slots], played[-1] if played else "", month, f"league {name}")
    shown = [slot for slot in slots if str(slot["date"]).startswith(months.shown)]
    placed = {slot["game_id"] for slot in slots}
    extra = [g for g in summaries if g.id not in placed]
    leaders: dict[str, list[dict[str, object]]] = {}
    for row in league_leaders(store, name):
        leaders.setdefault(str(row["category"]), []).append(row)
    standings = league_standings(store, name)
    final = any(g.status == "final" for g in summaries)
    return LeaguePage(league, final, standings, leaders, playoffs(store, league, standings), months, shown, games, extra)


def playoffs(store: Store, league: League, standings: list[dict[str, object]]) -> Playoffs:
    """The league's bracket as `scorebook league playoffs L` gives it."""
    from scorebook.league.playoffs import champion

    _, seeds, rounds = league_bracket(store, league.name, None, None, standings)
    rows = series_rows(rounds)
    by_round = [[row for row in rows if row["round"] == number] for number in range(1, len(rounds) + 1)]
    started = any(row["high_wins"] or row["low_wins"] for row in rows)
    return Playoffs(league.playoff_teams, league.best_of, seeds, by_round, champion(rounds), started)


@dataclass(frozen=True, slots=True)
class StatTable:
    title: str
    columns: list[str]  # the frame's, less the team's name (a player's page: and his name)
    rows: list[dict[str, object]]


@dataclass(frozen=True, slots=True)
class TeamPage:
    team: str
    league: League | None
    record: str  # after its latest game
    months: Months
    games: list[LoggedGame]  # those of the month shown
    roster: TeamEntry | None  # a league team's, as its definition has it
    stats: list[StatTable]  # its players' lines in the league's games (`scorebook stats ... --league L --team T`)


def _title(table: str, league: League) -> str:
    return "Players" if table == league.rules else table.capitalize()  # a game's one table is its players'


def team_stats(team: str, league: League, lines: Lines) -> list[StatTable]:
    """A league team's lines in each statistics table of its game (batting, pitching, fielding;
    Bonn Die's players), as `scorebook stats TABLE --league L --team T` gives them."""
    import polars as pl

    tables = []
    for name, _ in game_named(league.rules).stats:
        frame = lines(name, "player").filter(pl.col("team") == team)
        tables.append(StatTable(_title(name, league), [c for c in frame.columns if c != "team"], frame.rows(named=True)))
    return tables


def team_page(
    store: Store, team: str, league_name: str = "", month: str = "", lines: Lines | None = None, summaries: list[GameSummary] | None = None
) -> TeamPage:
    """A team's games of a month in order, with the record after each (a team of no league: its
    games outside any league). `lines`, `summaries`: the league's, if the caller has them."""
    league = load_league(store, league_name) if league_name else None
    games = game_log(game_summaries(store, league_name) if summaries is None else summaries, team)
    if not games and not (league and team in [t.name for t in league.teams]):
        where = f"league {league_name}" if league_name else "the store's games outside a league"
        raise NoSuchTeam(f"no team {team} in {where}")
    roster = next((t for t in league.teams if t.name == team), None) if league else None
    stats = team_stats(team, league, lines or league_lines(store, league.name)) if roster and league else []
    dates = [logged.game.date for logged in games]
    months = month_shown(dates, dates[-1] if dates else "", month, f"team {team}")
    shown = [logged for logged in games if logged.game.date.startswith(months.shown)]
    return TeamPage(team, league, games[-1].record if games else "0-0", months, shown, roster, stats)


@dataclass(frozen=True, slots=True)
class PlayerGame:
    logged: LoggedGame  # the game, from his team's side
    line: dict[str, object]  # his line in it, of one table


@dataclass(frozen=True, slots=True)
class GameLog:
    title: str
    columns: tuple[str, ...]
    games: list[PlayerGame]


@dataclass(frozen=True, slots=True)
class PlayerPage:
    player: str
    league: League
    teams: list[str]  # the teams whose rosters name him or for whom he played, in the league
    lines: list[StatTable]  # his season lines, a row per team (fielding: per team and position)
    months: Months
    logs: list[GameLog]  # his games of the month shown, table by table (not fielding)
    sprays: list[Markup]  # his spray charts (SVG; the renderer escapes the names)


def player_page(
    store: Store, player: str, league_name: str, month: str = "", lines: Lines | None = None, summaries: list[GameSummary] | None = None
) -> PlayerPage:
    """A league player's season lines, as `scorebook stats TABLE --league L` gives his rows, and
    his game log of a month, each game's line as its box score has it."""
    import polars as pl

    league = load_league(store, league_name)
    lines = lines or league_lines(store, league.name)
    mine = pl.col("player") == player
    seasons, logs, teams = [], [], {t.name for t in league.teams if player in _roster(t)}
    summaries = game_summaries(store, league.name) if summaries is None else summaries
    game = game_named(league.rules)
    for table, _ in game.stats:
        frame = lines(table, "player").filter(mine)
        teams |= set(frame["team"])
        seasons.append(StatTable(_title(table, league), [c for c in frame.columns if c != "player"], frame.rows(named=True)))
    for table, columns in game.game_log:  # each game's line, with the box score's columns
        logs.append(GameLog(_title(table, league), columns, _logged(summaries, lines(table, "game").filter(mine))))
    if not teams:
        raise NoSuchPlayer(f"no player {player} in league {league_name}: its team pages list its players")
    dates = sorted(played.logged.game.date for log in logs for played in log.games)
    months = month_shown(dates, dates[-1] if dates else "", month, f"player {player}")
    logs = [GameLog(log.title, log.columns, [g for g in log.games if g.logged.game.date.startswith(months.shown)]) for log in logs]
    from scorebook.service.spray import player_sprays

    sprays = [Markup(chart) for chart in player_sprays(store, league, player)]
    return PlayerPage(player, league, sorted(teams), seasons, months, logs, sprays)


def _roster(team: TeamEntry) -> list[str]:
    return [name for name, _ in team.lineup] + [*team.pitchers, *team.bench, *team.players]


def _logged(summaries: list[GameSummary], frame: Any) -> list[PlayerGame]:
    """A player's lines by game, each beside its game as his team's log has it, by date."""
    line_of = {(row["game"], row["team"]): row for row in frame.rows(named=True)}
    return [
        PlayerGame(logged, line_of[logged.game.id, team])
        for team in sorted({team for _, team in line_of})
        for logged in game_log(summaries, team)
        if (logged.game.id, team) in line_of
    ]


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
    up: UpNext
    count: tuple[int, int, str] | None  # the count the store knows (`count_now`); None: a game without pitch dice
    pending: tuple[int, int]  # the steals and missed squeezes made on pitches the batter's pitches= must show


RECENT_STATEMENTS = 6


def scoring_page(store: Store, game_id: str) -> ScoringPage:
    """The game as the scorer at the table needs it, read in one replay of the store."""
    from scorebook.engine.state import HALF_WORDS
    from scorebook.store.live import Recorded, state_line

    row = store.game(game_id)
    texts = store.statements(game_id)
    game = store.replay(game_id)
    kind, state = game_of(game), game.state
    line = state_line(Recorded([], state, game.game.header.teams, kind))
    inning = f"{HALF_WORDS[state.half]} {state.inning}" if kind.lineups and state.in_half else state.describe()
    return ScoringPage(
        row, kind.lineups, state, line, inning, len(texts), texts[-RECENT_STATEMENTS:], up_next(game),
        count_now(row.rules, state), state.pitch_events,
    )  # fmt: skip


def count_now(rules: str, state: Any, pitches: str = "") -> tuple[int, int, str] | None:
    """The batter's count: the pitch dice the scorer has typed (all of his plate appearance's,
    those of the steals and squeezes made during it too); before any, the strikes the store
    knows, a missed squeeze's strike on a swing (a 1) each. A steal's pitch (a 1, 4 or 5) is not
    known until his pitches= says it."""
    squeezes = state.pitch_events[1] if state.in_half else 0
    return pitch_count(rules, pitches or "1" * squeezes)
