"""What each page shows, read from the store through the library (the box score, the
scoresheet, the play-by-play, the schedule): plain data for the templates, no HTML. The numbers
are the library's own, so a page says what the CLI says for the same store."""

from __future__ import annotations

from dataclasses import dataclass

from scorebook.engine.bonn_die import BonnDieReplay
from scorebook.engine.core import Replay
from scorebook.league.definition import League, TeamEntry
from scorebook.problems import ScorebookProblem
from scorebook.store.db import GameSummary, Store, game_summaries
from scorebook.store.schema import Game

RECENT_GAMES = 20  # the home page's recent results


class NotFound(ScorebookProblem):
    """A page of a game, league or team the store does not hold."""


@dataclass(frozen=True, slots=True)
class Home:
    leagues: list[League]
    live: list[GameSummary]  # not final, latest first
    recent: list[GameSummary]  # final, latest first


def home(store: Store) -> Home:
    from scorebook.store.leagues import stored_leagues

    games = list(reversed(game_summaries(store)))
    final = [g for g in games if g.status == "final"]
    return Home(stored_leagues(store), [g for g in games if g.status != "final"], final[:RECENT_GAMES])


def stored_game(store: Store, game_id: str) -> Game:
    try:
        return store.game(game_id)
    except ScorebookProblem as problem:
        raise NotFound(str(problem)) from None


def box_data(game: Replay | BonnDieReplay) -> dict[str, object]:
    """The box score as `scorebook box --format json` gives it, for either kind of game."""
    if isinstance(game, BonnDieReplay):
        from scorebook.reports import bonn_die

        return bonn_die.box_dict(bonn_die.box_score(game))
    from scorebook.reports.box import box_dict, box_score

    return box_dict(box_score(game))


@dataclass(frozen=True, slots=True)
class GamePage:
    row: Game
    bonn_die: bool
    box: dict[str, object]  # box_data
    sheets: list  # reports.sheet.TeamSheet per team (baseball), for the scoresheet boxes
    plays: list[dict[str, object]]
    columns: tuple[str, ...]  # the play-by-play's
    state: object  # the engine's state after the last statement (bases, outs) for a live game


def game_page(store: Store, game_id: str) -> GamePage:
    row = stored_game(store, game_id)
    game = store.replay(game_id)
    if isinstance(game, BonnDieReplay):
        from scorebook.reports import bonn_die

        return GamePage(row, True, box_data(game), [], bonn_die.play_rows(game), bonn_die.PLAY_COLUMNS, game.state)
    from scorebook.reports import playbyplay
    from scorebook.reports.sheet import sheet_data

    return GamePage(row, False, box_data(game), sheet_data(game), playbyplay.rows(game), playbyplay.COLUMNS, game.state)


def sheet_pdf(store: Store, game_id: str) -> bytes:
    """The game's scoresheet, as `scorebook sheet GAME` writes it (letter, landscape)."""
    stored_game(store, game_id)
    game = store.replay(game_id)
    if isinstance(game, BonnDieReplay):
        from scorebook.reports import bonn_die_sheet
        from scorebook.reports.sheet import load_layout

        return bonn_die_sheet.render(bonn_die_sheet.sheet_data(game), load_layout("bonn_die_sheet"))
    from scorebook.reports.sheet import load_layout, render_sheet, sheet_data

    return render_sheet(sheet_data(game), load_layout())


def stored_league(store: Store, name: str) -> League:
    from scorebook.store.leagues import load_league

    try:
        return load_league(store, name)
    except ScorebookProblem as problem:
        raise NotFound(str(problem)) from None


def standings(store: Store, name: str) -> list[dict[str, object]]:
    """The league's standings from its stored results, ties broken in its order, each with
    its reason: the rows of `scorebook league standings`, from the same library functions."""
    from scorebook.league.standings import standings as table
    from scorebook.store.leagues import results

    league = stored_league(store, name)
    teams = [t.name for t in league.teams]
    return table(teams, results(store, name), league.tiebreakers, cap=league.run_differential_cap, seed=league.seed)


@dataclass(frozen=True, slots=True)
class LeaguePage:
    league: League
    standings: list[dict[str, object]]
    months: list[str]  # the schedule's months, YYYY-MM: a season's schedule is shown a month at a time
    month: str  # the one shown
    slots: list[dict[str, object]]  # its games with the byes (`league schedule`'s rows)
    games: dict[str, GameSummary]  # the league's games, by id
    extra: list[GameSummary]  # the league's games in no slot: playoffs, extra games


def league_page(store: Store, name: str, month: str = "") -> LeaguePage:
    """A league's standings and its schedule of one month (by default the month of its latest
    game played, else its first)."""
    from scorebook.league.schedule import with_byes
    from scorebook.store.leagues import schedule

    league = stored_league(store, name)
    slots = schedule(store, name)
    games = {g.id: g for g in game_summaries(store, name)}
    months = sorted({str(slot["date"])[:7] for slot in slots})
    played = [str(slot["date"])[:7] for slot in slots if slot["game_id"] or slot["forfeit"]]
    month = month or (played[-1] if played else months[0] if months else "")
    if months and month not in months:
        raise NotFound(f"league {name} has no game scheduled in {month}; its months are {', '.join(months)}")
    shown = with_byes([slot for slot in slots if str(slot["date"]).startswith(month)], [t.name for t in league.teams])
    placed = {slot["game_id"] for slot in slots}
    extra = [g for g in games.values() if g.id not in placed]
    return LeaguePage(league, standings(store, name), months, month, shown, games, extra)


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
    """A league team's batting and pitching lines (a Bonn Die team's: its players'), as
    `scorebook stats batting|pitching|bonn-die --league L --team T` gives them."""
    import scorebook.stats as compute

    kinds = [("Players", compute.bonn_die)] if league.rules == "bonn-die" else [("Batting", compute.batting), ("Pitching", compute.pitching)]
    tables = []
    for title, frame_of in kinds:
        frame = frame_of(store, league=league.name, team=team)
        tables.append(StatTable(title, [c for c in frame.columns if c != "team"], frame.rows(named=True)))
    return tables


def team_page(store: Store, team: str, league_name: str = "") -> TeamPage:
    """A team's games in order, with the record after each (a team of no league: its games
    outside any league)."""
    league = stored_league(store, league_name) if league_name else None
    games = [g for g in game_summaries(store, league_name) if team in (g.away, g.home)]
    if not games and not (league and team in [t.name for t in league.teams]):
        where = f"league {league_name}" if league_name else "the store's games outside a league"
        raise NotFound(f"no team {team} in {where}")
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
