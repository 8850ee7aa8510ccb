"""The league commands: create, schedule, standings, leaders, playoffs, forfeit."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, DbOption, FormatOption, OutputOption, app, command, emit, emit_rows
from scorebook.problems import ScorebookProblem
from scorebook.reports.render import Format

league_app = typer.Typer(help="Leagues: schedules, standings, leaders and playoffs.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(league_app, name="league")
LeagueArg = Annotated[str, typer.Argument(help="The league's name (its `name =`).", show_default=False)]


@command("scorebook league create leagues/demo.toml", on=league_app, name="create")
def create(
    file: Annotated[Path, typer.Argument(help="The league's TOML file.", show_default=False)],
    replace: Annotated[bool, typer.Option(help="Replace a league of the same name.")] = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Store a league's definition: teams with rosters and lineups, rules, innings,
    tiebreakers, playoff format."""
    from scorebook.league.definition import read_league
    from scorebook.store.db import Store
    from scorebook.store.leagues import save_league

    league = read_league(file)
    save_league(Store(db), league, replace=replace)
    chart = f", its own dice chart {league.chart.name}" if league.chart else ""
    typer.echo(f"league {league.name}: {len(league.teams)} teams, {league.rules}, {league.innings} innings{chart}")


@command("scorebook league schedule demo --round-robin --rounds 2", on=league_app, name="schedule")
def schedule_command(
    league: LeagueArg,
    round_robin: Annotated[bool, typer.Option("--round-robin", help="Every team meets every other, by the circle method.")] = False,
    rounds: Annotated[int, typer.Option(min=1, help="Times the round robin is played (home and away alternate).")] = 1,
    replace: Annotated[bool, typer.Option(help="Replace the league's schedule.")] = False,
    format: FormatOption = Format.table,
    output: OutputOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Make and store the league's schedule (a bye each day for an odd number of teams, shown
    in the `bye` column; home and away balanced), or with no option show it; games stored
    later take their slots."""
    from scorebook.league.schedule import round_robin as make
    from scorebook.league.schedule import with_byes
    from scorebook.store.db import Store
    from scorebook.store.leagues import load_league, save_schedule, schedule

    store = Store(db)
    definition = load_league(store, league)
    if round_robin:
        slots = make([t.name for t in definition.teams], rounds, definition.start)
        for game in save_schedule(store, definition, slots, replace=replace):
            typer.echo(f"warning: game {game['id']} ({game['away']} at {game['home']}), stored before the schedule, "
                       "finds no open game of its teams in it: it counts as an extra game", err=True)  # fmt: skip
    rows = with_byes(schedule(store, league), [t.name for t in definition.teams])
    columns = ("number", "round", "date", "away", "home", "game_id", "forfeit", "bye")
    emit_rows(rows, columns, format, output, "rrllllll")


@command("scorebook league standings demo --format json -o standings.json", on=league_app, name="standings")
def standings_command(
    league: LeagueArg, format: FormatOption = Format.table, output: OutputOption = None, db: DbOption = DEFAULT_DB
) -> None:
    """The standings from the stored games (never typed in): W L PCT GB RS RA DIFF HOME AWAY
    L10 STRK, ties broken in the league's order, each with its reason."""
    from scorebook.league.standings import COLUMNS
    from scorebook.store.db import Store

    emit_rows(league_standings(Store(db), league), COLUMNS, format, output, "l")


def league_standings(store, name: str) -> list[dict]:
    from scorebook.league.standings import standings
    from scorebook.store.leagues import load_league, results

    definition = load_league(store, name)
    teams = [t.name for t in definition.teams]
    return standings(teams, results(store, name), definition.tiebreakers, cap=definition.run_differential_cap, seed=definition.seed)


@command("scorebook league forfeit demo 7 --winner 'River Kings'", on=league_app, name="forfeit")
def forfeit_command(
    league: LeagueArg,
    number: Annotated[int, typer.Argument(help="The scheduled game's number.", show_default=False)],
    winner: Annotated[str, typer.Option(help="The team awarded the game.", show_default=False)],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Record a scheduled game as forfeited: a win and a loss, no runs."""
    from scorebook.store.db import Store
    from scorebook.store.leagues import forfeit

    forfeit(Store(db), league, number, winner)
    typer.echo(f"game {number} of {league}: forfeited to {winner}")


RATE_BATTING = {"AVG", "OBP", "SLG", "OPS"}
RATE_BONN_DIE = {"PPR", "WIN%"}
RATE_PITCHING = {"ERA", "WHIP", "K/9", "BB/9"}
LEADER_COLUMNS = ("category", "rank", "player", "team", "value")


def league_leaders(store, name: str, top: int | None = None, *, playoffs: bool = False) -> list[dict]:
    """The league's leaders in its categories, in the regular season (or the playoffs). A rate
    needs the league's qualifier: so many plate appearances (innings, Bonn Die rounds) per game
    of the player's team, its games being those it played in the same stage (a forfeit, in
    which nobody batted, is not one)."""
    import polars as pl

    from scorebook.reports.render import DIGITS, cell
    from scorebook.stats import batting, bonn_die, highest_first, pitching
    from scorebook.store.leagues import load_league

    league = load_league(store, name)
    config = league.leaders
    top = top or int(config.get("top", 5))
    stage = "playoffs" if playoffs else ""
    rows = []
    tables = (
        ("batting", batting, config.get("batting", ["AVG", "HR", "RBI", "OPS"]), RATE_BATTING,
         ("PA", float(config.get("pa_per_game", 3.1)))),
        ("pitching", pitching, config.get("pitching", ["W", "ERA", "SO", "SV", "WHIP"]), RATE_PITCHING,
         ("outs", float(config.get("ip_per_game", 1.0)) * 3)),
    )  # fmt: skip
    if league.rules == "bonn-die":  # rate leaders need this many rounds thrown a team game
        tables = (("bonn-die", bonn_die, config.get("bonn_die", ["points", "PPR", "WIN%", "strikes"]), RATE_BONN_DIE,
                   ("rounds", float(config.get("rounds_per_game", 10)))),)  # fmt: skip
    for table, frame_of, categories, rates, (column, per_game) in tables:
        frame = frame_of(store, league=name, stage=stage)
        team_games = frame_of(store, by="team", league=name, stage=stage).select("team", team_games="G")
        qualified = frame.join(team_games, on="team").filter(pl.col(column) >= per_game * pl.col("team_games"))
        for category in categories:
            if category not in frame.columns:
                raise ScorebookProblem(f"league {name}: no {table} category {category}")
            eligible = (qualified if category in rates else frame).drop_nulls(category)
            # Equal values share a rank, the next one skipping as many places (1, 2, 2, 4).
            rank = pl.col(category).rank("min", descending=highest_first(eligible, category))
            ranked = eligible.with_columns(rank=rank).sort("rank", "player", "team").head(top)
            for row in ranked.iter_rows(named=True):
                value = row[category]
                shown = f"{value:.{DIGITS[category]}f}" if category in DIGITS else cell(value)
                rows.append({"category": category, "rank": row["rank"], "player": row["player"], "team": row["team"], "value": shown})
    return rows


@command("scorebook league leaders demo --top 3", on=league_app, name="leaders")
def leaders_command(
    league: LeagueArg,
    top: Annotated[int | None, typer.Option(min=1, help="How many in each category (the league's `top`).")] = None,
    playoffs: Annotated[bool, typer.Option("--playoffs", help="The playoff games' leaders, not the regular season's.")] = False,
    format: FormatOption = Format.table,
    output: OutputOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """The league's leaders in the categories its definition names, in the regular season (or
    with --playoffs the playoffs); rate statistics count only qualified players (plate
    appearances or innings per game of their team, from the definition)."""
    from scorebook.store.db import Store

    emit_rows(league_leaders(Store(db), league, top, playoffs=playoffs), LEADER_COLUMNS, format, output, "lrll")


def league_bracket(store, name: str, teams: int | None, best_of: int | None):
    from scorebook.league.playoffs import bracket, check_format
    from scorebook.league.standings import Result
    from scorebook.store.leagues import load_league

    league = load_league(store, name)
    teams = league.playoff_teams if teams is None else teams
    best_of = league.best_of if best_of is None else best_of
    check_format(teams, best_of, len(league.teams))
    seeds = [row["team"] for row in league_standings(store, name)][:teams]
    games = [
        Result(g.away, g.home, g.away_score, g.home_score)
        for g in store.games()
        if g.league == name and g.stage == "playoffs" and g.status == "final"
    ]
    return league, seeds, bracket(seeds, games, best_of)


SERIES_COLUMNS = ("round", "title", "high_seed", "high", "low_seed", "low", "best_of", "high_wins", "low_wins", "winner")


@command("scorebook league playoffs demo --teams 4 --best-of 5 --play", on=league_app, name="playoffs")
def playoffs_command(
    league: LeagueArg,
    teams: Annotated[int | None, typer.Option(help="Teams in the bracket: 2, 4, 8 (the league's).")] = None,
    best_of: Annotated[int | None, typer.Option(help="Games in a series (the league's).")] = None,
    play: Annotated[bool, typer.Option(help="Simulate and store the playoff games still to play.")] = False,
    seed: Annotated[int, typer.Option(help="The simulation's seed.")] = 1,
    format: FormatOption = Format.table,
    output: OutputOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """The playoff bracket: seeds from the standings (tiebreakers applied), series that
    advance as their games (`stage=playoffs`) are stored; --play simulates them. CSV and
    parquet have a row per series; JSON the seeds, the series and the champion."""
    from scorebook.league.playoffs import champion
    from scorebook.reports.render import json_text
    from scorebook.store.db import Store

    store = Store(db)
    definition, seeds, rounds = league_bracket(store, league, teams, best_of)
    while play and not champion(rounds):
        for series in rounds[-1]:
            if not series.winner:
                _play_playoff_game(store, definition, series, seed)
        definition, seeds, rounds = league_bracket(store, league, teams, best_of)
    rows = [_series_row(series, _round_title(round_series)) for round_series in rounds for series in round_series]
    if format is Format.json:
        data = {"league": definition.title, "seeds": seeds, "series": rows, "champion": champion(rounds) or None}
        return emit(json_text(data) + "\n", output)
    if format is not Format.table:
        return emit_rows(rows, SERIES_COLUMNS, format, output)
    lines = [f"{definition.title} playoffs, seeded by the standings: " + ", ".join(f"({i}) {t}" for i, t in enumerate(seeds, 1))]
    for round_series in rounds:
        lines += ["", _round_title(round_series), *(f"  {series.describe()}" for series in round_series)]
    if champion(rounds):
        lines += ["", f"Champion: {champion(rounds)}"]
    emit("\n".join(lines) + "\n", output)


def _round_title(round_series) -> str:
    return {1: "Final", 2: "Semifinals", 4: "Quarterfinals"}.get(len(round_series), f"Round {round_series[0].round}")


def _series_row(series, title: str) -> dict:
    (high_seed, high), (low_seed, low) = series.high, series.low
    return {
        "round": series.round, "title": title, "high_seed": high_seed, "high": high, "low_seed": low_seed, "low": low,
        "best_of": series.best_of, "high_wins": series.wins.get(high, 0), "low_wins": series.wins.get(low, 0),
        "winner": series.winner or None,
    }  # fmt: skip


def _play_playoff_game(store, league, series, seed: int) -> None:
    from scorebook.sim import replay_league_game, simulate_league_game
    from scorebook.store.db import prepare

    home_name = series.next_home()
    away_name = series.low[1] if home_name == series.high[1] else series.high[1]
    game_id = f"{league.name}-po{series.round}-{''.join(w[0] for w in series.high[1].split())}{''.join(w[0] for w in series.low[1].split())}-{series.played + 1}".lower()
    text = simulate_league_game(league, away_name, home_name, game_id, seed).replace(f"id={game_id}", f"id={game_id} stage=playoffs")
    store.write(prepare(text, replay_league_game(league, text, game_id)), replace=True)


@command("scorebook league report demo -o report.pdf --team 'Harbor Gulls' --player 'Ida Lowe'", on=league_app, name="report")
def report_command(
    league: LeagueArg,
    output: Annotated[Path, typer.Option("--output", "-o", help="The PDF to write.")] = Path("report.pdf"),
    team: Annotated[list[str] | None, typer.Option(help="A spray chart of this team's batted balls too (repeat for more).", show_default=False)] = None,
    player: Annotated[list[str] | None, typer.Option(help="A spray chart of this player's batted balls too (repeat for more).", show_default=False)] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """The league's regular-season report as a PDF: standings, leaders, team batting and
    pitching, runs by inning, and spray charts of where the balls were hit on the board: the
    league's, and each --team's and --player's (a Bonn Die league: team totals and points by
    inning)."""
    from scorebook.cli.common import write_output
    from scorebook.store.db import Store

    write_output(output, league_report(Store(db), league, team or (), player or ()))
    typer.echo(f"wrote {output}")


def league_report(store, name: str, teams: Sequence[str] = (), players: Sequence[str] = ()) -> bytes:
    """A league's report PDF from its stored regular-season games, as its standings count them
    (`reports.pdf.league_report_pdf`)."""
    from scorebook.reports.pdf import bonn_die_section, league_report_pdf, team_batting_section, team_pitching_section
    from scorebook.store.leagues import load_league

    definition = load_league(store, name)
    by_inning = league_charts(store, name, definition.rules)
    sprays = league_sprays(store, definition, teams, players)
    tables = league_report_stats(store, name, definition.rules)
    if definition.rules == "bonn-die":
        sections, chart = [bonn_die_section(tables[0])], "Points by inning"
    else:
        sections, chart = [team_batting_section(tables[0]), team_pitching_section(tables[1])], "Runs by inning"
    return league_report_pdf(definition.title, league_standings(store, name), league_leaders(store, name), sections, (chart, by_inning), sprays)


def league_report_stats(store, name: str, rules: str) -> list:
    """The report's team tables, of the regular season: batting and pitching by team (a Bonn
    Die league: its team totals)."""
    from scorebook.stats import batting, bonn_die, pitching

    regular = {"by": "team", "league": name, "stage": ""}
    return [bonn_die(store, **regular)] if rules == "bonn-die" else [batting(store, **regular), pitching(store, **regular)]


REGULAR_SEASON = "JOIN games g ON g.id = f.game_id WHERE g.league = :league AND g.stage = ''"


def league_charts(store, name: str, rules: str = "diceball") -> dict[str, list[int]]:
    """Runs (a Bonn Die league: points) by inning for each team."""
    from sqlalchemy import text

    scored = (
        f"SELECT f.offense_team, f.inning, SUM(f.points) FROM rounds f {REGULAR_SEASON} GROUP BY f.offense_team, f.inning"
        if rules == "bonn-die"
        else f"SELECT f.batting_team, f.inning, SUM(f.runs) FROM facts f {REGULAR_SEASON} AND f.inning > 0 GROUP BY f.batting_team, f.inning"
    )
    with store.engine.connect() as db:
        runs = db.execute(text(scored), {"league": name}).all()
    by_team: dict[str, list[int]] = {}
    for team, inning, points in runs:
        innings = by_team.setdefault(team, [])
        innings.extend([0] * (inning - len(innings)))
        innings[inning - 1] += points
    return dict(sorted(by_team.items()))


def league_sprays(store, league, teams: Sequence[str], players: Sequence[str]) -> list[tuple[str, dict[int, int]]]:
    """How many balls landed on each board location, with its chart's heading: the league's,
    then each team's and each player's (regular-season games). No chart for Bonn Die: no board."""
    from sqlalchemy import text

    if league.rules == "bonn-die":
        if teams or players:
            raise ScorebookProblem(f"league {league.name} plays Bonn Die, which has no board: no spray chart for a team or a player")
        return []
    names = [t.name for t in league.teams]
    for team in teams:
        if team not in names:
            raise ScorebookProblem(f"league {league.name} has no team {team!r}; its teams: {', '.join(names)}")
    sprays = []
    with store.engine.connect() as db:
        charts = [("Where the balls were hit (board locations 1-36)", "", {})]
        charts += [(f"Where {team} hit the ball (board locations 1-36)", "AND f.batting_team = :team", {"team": team}) for team in teams]
        for player in players:
            name, team = _player(db, league.name, player)
            charts.append((f"Where {name} ({team}) hit the ball (board locations 1-36)", "AND f.batter = :name AND f.batting_team = :team", {"name": name, "team": team}))
        for heading, whose, values in charts:
            located = f"SELECT f.location, COUNT(*) FROM facts f {REGULAR_SEASON} {whose} AND f.location IS NOT NULL GROUP BY f.location"
            sprays.append((heading, dict(db.execute(text(located), {"league": league.name, **values}).all())))
    return sprays


def _player(db, league: str, player: str) -> tuple[str, str]:
    """A player named as the game files name him, and his team: `NAME`, or `NAME (TEAM)` when
    two teams have a player of that name."""
    from sqlalchemy import text

    def teams(name: str) -> list[str]:
        batted = f"SELECT DISTINCT f.batting_team FROM facts f {REGULAR_SEASON} AND f.batter = :name ORDER BY f.batting_team"
        return list(db.execute(text(batted), {"league": league, "name": name}).scalars())

    found = teams(player)
    if len(found) > 1:
        raise ScorebookProblem(f"{player!r} batted for {len(found)} teams in league {league}: name one, " + " or ".join(f"--player '{player} ({team})'" for team in found))
    if found:
        return player, found[0]
    name, _, team = player.removesuffix(")").rpartition(" (")
    if name and team in teams(name):
        return name, team
    raise ScorebookProblem(f"{player!r} never batted in league {league}'s regular season; name a player as the game files do (`NAME` or `NAME (TEAM)`)")
