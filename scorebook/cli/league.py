"""The league commands: create, schedule, standings, leaders, playoffs, forfeit."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, DbOption, FormatOption, app, command
from scorebook.problems import ScorebookProblem
from scorebook.reports.render import Format

league_app = typer.Typer(help="Leagues: schedules, standings, leaders and playoffs.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(league_app, name="league")
LeagueArg = Annotated[str, typer.Argument(help="The league's name (its `name =`).", show_default=False)]


def _print_rows(rows: list[dict], columns: tuple[str, ...], format: Format, align: str) -> None:
    from scorebook.reports.render import csv_text, json_text, table

    if format is Format.json:
        typer.echo(json_text(rows))
    elif format is Format.csv:
        typer.echo(csv_text(rows, columns), nl=False)
    else:
        typer.echo(table([[r[c] for c in columns] for r in rows], columns, align=align))


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
    typer.echo(f"league {league.name}: {len(league.teams)} teams, {league.rules}, {league.innings} innings")


@command("scorebook league schedule demo --round-robin --rounds 2", on=league_app, name="schedule")
def schedule_command(
    league: LeagueArg,
    round_robin: Annotated[bool, typer.Option("--round-robin", help="Every team meets every other, by the circle method.")] = False,
    rounds: Annotated[int, typer.Option(min=1, help="Times the round robin is played (home and away alternate).")] = 1,
    replace: Annotated[bool, typer.Option(help="Replace the league's schedule.")] = False,
    format: FormatOption = Format.table,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Make and store the league's schedule (a bye each day for an odd number of teams, home
    and away balanced), or with no option show it; games stored later take their slots."""
    from scorebook.league.schedule import round_robin as make
    from scorebook.store.db import Store
    from scorebook.store.leagues import load_league, save_schedule, schedule

    store = Store(db)
    definition = load_league(store, league)
    if round_robin:
        slots = make([t.name for t in definition.teams], rounds, definition.start)
        save_schedule(store, definition, slots, replace=replace)
    rows = schedule(store, league)
    _print_rows(rows, ("number", "round", "date", "away", "home", "game_id", "forfeit"), format, "rrllll")


@command("scorebook league standings demo", on=league_app, name="standings")
def standings_command(league: LeagueArg, format: FormatOption = Format.table, db: DbOption = DEFAULT_DB) -> None:
    """The standings from the stored games (never typed in): W L PCT GB RS RA DIFF HOME AWAY
    L10 STRK, ties broken in the league's order, each with its reason."""
    from scorebook.league.standings import COLUMNS
    from scorebook.store.db import Store

    _print_rows(league_standings(Store(db), league), COLUMNS, format, "l")


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
