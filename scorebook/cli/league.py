"""The league commands: create, schedule, standings, leaders, playoffs, forfeit."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import (
    DEFAULT_DB,
    HELP,
    DbOption,
    FormatOption,
    OutputOption,
    app,
    command,
    emit,
    emit_rows,
    hint,
    output_format,
)
from scorebook.reports.render import Format

league_app = typer.Typer(help="Leagues: schedules, standings, leaders and playoffs.", no_args_is_help=True, rich_markup_mode=None, context_settings=HELP)
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
    from scorebook.league.stored import save_league
    from scorebook.store.db import Store

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
    format: FormatOption = None,
    output: OutputOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Make and store the league's schedule (a bye each day for an odd number of teams, shown
    in the `bye` column; home and away balanced), or with no option show it; games stored
    later take their slots."""
    from scorebook.service.league import make_schedule, schedule_rows
    from scorebook.store.db import Store

    store = Store(db, must_exist=not round_robin)  # shown only: nothing made
    if round_robin:
        for game in make_schedule(store, league, rounds, replace=replace):
            typer.echo(f"warning: game {game['id']} ({game['away']} at {game['home']}), stored before the schedule, "
                       "finds no open game of its teams in it: it counts as an extra game", err=True)  # fmt: skip
    rows = schedule_rows(store, league)
    columns = ("number", "round", "date", "away", "home", "game_id", "forfeit", "bye")
    emit_rows(rows, columns, format, output, "rrllllll")


@command("scorebook league standings demo --format json -o standings.json", on=league_app, name="standings")
def standings_command(
    league: LeagueArg, format: FormatOption = None, output: OutputOption = None, db: DbOption = DEFAULT_DB
) -> None:
    """The standings from the stored games (never typed in): W L PCT GB RS RA DIFF HOME AWAY
    L10 STRK, ties broken in the league's order, each with its reason."""
    from scorebook.league.standings import COLUMNS
    from scorebook.service.league import before_any_game, league_standings
    from scorebook.store.db import Store

    store = Store(db, must_exist=True)
    rows = league_standings(store, league)
    if note := before_any_game(store, league):
        hint(note)
    emit_rows(rows, COLUMNS, format, output, "l")


@command("scorebook league forfeit demo 7 --winner 'River Kings'", on=league_app, name="forfeit")
def forfeit_command(
    league: LeagueArg,
    number: Annotated[int, typer.Argument(help="The scheduled game's number.", show_default=False)],
    winner: Annotated[str, typer.Option(help="The team awarded the game.", show_default=False)],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Record a scheduled game as forfeited: a win and a loss, no runs."""
    from scorebook.league.stored import forfeit
    from scorebook.store.db import Store

    forfeit(Store(db), league, number, winner)
    typer.echo(f"game {number} of {league}: forfeited to {winner}")


@command("scorebook league leaders demo --top 3", on=league_app, name="leaders")
def leaders_command(
    league: LeagueArg,
    top: Annotated[int | None, typer.Option(min=1, help="How many in each category (the league's `top`).")] = None,
    playoffs: Annotated[bool, typer.Option("--playoffs", help="The playoff games' leaders, not the regular season's.")] = False,
    format: FormatOption = None,
    output: OutputOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """The league's leaders in the categories its definition names, in the regular season (or
    with --playoffs the playoffs); rate statistics count only qualified players (plate
    appearances or innings per game of their team, from the definition)."""
    from scorebook.league.stored import load_league
    from scorebook.service.league import LEADER_COLUMNS, league_leaders, ties_beyond_top
    from scorebook.store.db import Store

    store = Store(db, must_exist=True)
    rows = league_leaders(store, league, top, playoffs=playoffs)
    if not rows:
        play = f"scorebook league playoffs {league} --play" if playoffs else f"scorebook simulate --league {league}"
        hint(f"no leaders yet: no {'playoff ' if playoffs else ''}game of {league} stored ({play}, or import its games)")
    for note in ties_beyond_top(rows, top or int(load_league(store, league).leaders.get("top", 5))):
        hint(note)
    emit_rows(rows, LEADER_COLUMNS, format, output, "lrll")


@command("scorebook league playoffs demo --teams 4 --best-of 5 --play", on=league_app, name="playoffs")
def playoffs_command(
    league: LeagueArg,
    teams: Annotated[int | None, typer.Option(help="Teams in the bracket: 2, 4, 8 (the league's).")] = None,
    best_of: Annotated[int | None, typer.Option(help="Games in a series (the league's).")] = None,
    play: Annotated[bool, typer.Option(help="Simulate and store the playoff games still to play.")] = False,
    seed: Annotated[int, typer.Option(help="The simulation's seed.")] = 1,
    format: FormatOption = None,
    output: OutputOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """The playoff bracket: seeds from the standings (tiebreakers applied), series that
    advance as their games (`stage=playoffs`) are stored; --play simulates them. CSV and
    parquet have a row per series; JSON the seeds, the series and the champion."""
    from scorebook.league.playoffs import champion
    from scorebook.reports.render import json_text
    from scorebook.service.league import (
        SERIES_COLUMNS,
        before_any_game,
        league_bracket,
        play_playoffs,
        round_title,
        series_rows,
    )
    from scorebook.store.db import Store

    store = Store(db)
    unplayed = before_any_game(store, league)  # said before --play would play the playoffs regardless
    if play:
        definition, seeds, rounds = play_playoffs(store, league, teams, best_of, seed)
    else:
        definition, seeds, rounds = league_bracket(store, league, teams, best_of)
    rows = series_rows(rounds)
    format = output_format(format, output)
    seeded = "seeded by name, no regular-season game being played" if unplayed else "seeded by the standings"
    if format is Format.json:
        data = {"league": definition.title, "seeded": seeded, "seeds": seeds, "series": rows, "champion": champion(rounds) or None}
        return emit(json_text(data) + "\n", output)
    if unplayed:
        hint(unplayed)
    if format is not Format.table:
        return emit_rows(rows, SERIES_COLUMNS, format, output)
    lines = [f"{definition.title} playoffs, {seeded}: " + ", ".join(f"({i}) {t}" for i, t in enumerate(seeds, 1))]
    for round_series in rounds:
        lines += ["", round_title(round_series), *(f"  {series.describe()}" for series in round_series)]
    if champion(rounds):
        lines += ["", f"Champion: {champion(rounds)}"]
    emit("\n".join(lines) + "\n", output)


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
    from scorebook.service.league import league_report
    from scorebook.store.db import Store

    write_output(output, league_report(Store(db, must_exist=True), league, team or (), player or ()))
    typer.echo(f"wrote {output}")


@command("scorebook league spray demo --player 'Ida Lowe' -o ida.svg  (or -o chart.pdf)", on=league_app, name="spray")
def spray_command(
    league: LeagueArg,
    output: Annotated[Path, typer.Option("--output", "-o", help="The chart to write: .svg or .pdf, by its extension.")] = Path("spray.svg"),
    team: Annotated[str | None, typer.Option(help="This team's batted balls.", show_default=False)] = None,
    player: Annotated[str | None, typer.Option(help="This batter's balls (`NAME`, or `NAME (TEAM)` where two teams have one).", show_default=False)] = None,
    pitcher: Annotated[str | None, typer.Option(help="The balls hit off this pitcher (`NAME` or `NAME (TEAM)`).", show_default=False)] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """A spray chart of the league's regular season: where the balls landed on the Diceball
    board, each location shaded by how many and ringed by their outcomes (a game without a
    board, Dice Baseball: the plate appearances by result); the league's, or one --team's,
    --player's or --pitcher's."""
    from scorebook.cli.common import write_output
    from scorebook.problems import InvalidOptions
    from scorebook.reports.spray import spray_pdf, spray_svg
    from scorebook.service.spray import league_spray
    from scorebook.store.db import Store

    writers = {".svg": spray_svg, ".pdf": spray_pdf}
    writer = writers.get(output.suffix.lower())
    if writer is None:
        raise InvalidOptions(f"-o {output}: a spray chart is written as .svg or .pdf; name the file so")
    spray = league_spray(Store(db), league, team, player, pitcher)
    write_output(output, writer(spray))
    typer.echo(f"wrote {output} ({spray.title})")
