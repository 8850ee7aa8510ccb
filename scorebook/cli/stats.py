"""The stats command: batting, pitching and fielding tables from the store."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, DbOption, command
from scorebook.problems import ScorebookProblem


class Table(str, enum.Enum):
    batting = "batting"
    pitching = "pitching"
    fielding = "fielding"
    bonn_die = "bonn-die"


class By(str, enum.Enum):
    player = "player"
    team = "team"
    league = "league"


class StatsFormat(str, enum.Enum):
    table = "table"
    json = "json"
    csv = "csv"
    parquet = "parquet"


# Rates sort best-first the other way round: the lowest ERA, WHIP and BB/9 lead.
LOW_IS_GOOD = {"ERA", "WHIP", "BB/9", "E"}


@command("scorebook stats batting --by player --min-pa 20 --sort OPS")
def stats(
    table: Annotated[Table, typer.Argument(help="batting, pitching, fielding or bonn-die.")],
    by: Annotated[By, typer.Option(help="One line per player, team or league.")] = By.player,
    league: Annotated[str | None, typer.Option(help="Only this league's games.")] = None,
    team: Annotated[str | None, typer.Option(help="Only this team's lines.")] = None,
    game: Annotated[str | None, typer.Option(help="Only this game.")] = None,
    date_from: Annotated[str | None, typer.Option("--from", help="First date, YYYY-MM-DD.")] = None,
    date_to: Annotated[str | None, typer.Option("--to", help="Last date, YYYY-MM-DD.")] = None,
    sort: Annotated[str | None, typer.Option(help="Sort by this column, best first.")] = None,
    min_pa: Annotated[int, typer.Option(help="Batting: at least this many plate appearances.")] = 0,
    min_ip: Annotated[float, typer.Option(help="Pitching: at least this many innings.")] = 0,
    format: Annotated[StatsFormat, typer.Option("--format", "-f", help="table, json, csv or parquet.")] = StatsFormat.table,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file (parquet needs one).")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Statistics from every stored game: AB R H RBI as the rulebook counts them, IP ER ERA
    (per the games' regulation innings), and the rest baseball people expect. `bonn-die`: each
    Bonn Die player's rounds, points, rounds won, strikes, Outs and calls."""
    import scorebook.stats as compute
    from scorebook.reports.render import frame_text

    filters = {"league": league, "team": team, "game": game, "date_from": date_from, "date_to": date_to}
    if table is Table.batting:
        frame = compute.batting(db, by=by.value, min_pa=min_pa, **filters)
    elif table is Table.pitching:
        frame = compute.pitching(db, by=by.value, min_ip=min_ip, **filters)
    elif table is Table.fielding:
        frame = compute.fielding(db, by=by.value, **filters)
    else:
        frame = compute.bonn_die(db, by=by.value, **filters)
    if sort:
        if sort not in frame.columns:
            raise ScorebookProblem(f"no column {sort}; the {table.value} columns are {' '.join(frame.columns)}")
        frame = frame.sort(sort, descending=sort not in LOW_IS_GOOD, nulls_last=True)
    if format is StatsFormat.parquet:
        if output is None:
            raise ScorebookProblem("--format parquet writes a file: give -o FILE.parquet")
        frame.write_parquet(output)
        return
    text = frame_text(frame, format.value)
    if output:
        output.write_text(text, encoding="utf-8")
    else:
        typer.echo(text, nl=False)
