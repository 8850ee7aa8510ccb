"""The stats command: batting, pitching and fielding tables from the store."""

from __future__ import annotations

import enum
from typing import Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, NO_GAMES, DbOption, FormatOption, OutputOption, command, emit_frame, hint
from scorebook.games.registry import STATS_TABLES
from scorebook.problems import InvalidStatsOption, UnknownStatistic

# The tables of every game the registry keeps: batting, pitching, fielding, bonn-die.
Table = enum.Enum("Table", {name.replace("-", "_"): name for name in STATS_TABLES}, type=str)  # type: ignore[misc]
_TABLES = tuple(STATS_TABLES)


class By(str, enum.Enum):
    player = "player"
    team = "team"
    league = "league"


def _innings(value: str) -> str:
    """--min-ip as scorers write IP: refused, with how to write it, unless it is."""
    from scorebook.formulas import outs_of_innings

    try:
        outs_of_innings(value)
    except ValueError as problem:
        raise InvalidStatsOption(f"--min-ip {problem}") from None
    return value


@command("scorebook stats batting --by player --min-pa 20 --sort OPS")
def stats(
    table: Annotated[Table, typer.Argument(help=f"{', '.join(_TABLES[:-1])} or {_TABLES[-1]}.")],
    by: Annotated[By, typer.Option(help="One line per player, team or league.")] = By.player,
    league: Annotated[str | None, typer.Option(help="Only this league's games.")] = None,
    team: Annotated[str | None, typer.Option(help="Only this team's lines.")] = None,
    game: Annotated[str | None, typer.Option(help="Only this game.")] = None,
    date_from: Annotated[str | None, typer.Option("--from", help="First date, YYYY-MM-DD.")] = None,
    date_to: Annotated[str | None, typer.Option("--to", help="Last date, YYYY-MM-DD.")] = None,
    sort: Annotated[
        str | None,
        typer.Option(
            help="Sort by this column: names A to Z; numbers highest first, but ERA, WHIP, BB/9, E and pos "
            "lowest first (as the leaders rank them); IP by its outs."
        ),
    ] = None,
    min_pa: Annotated[int, typer.Option(help="Batting: at least this many plate appearances.")] = 0,
    min_ip: Annotated[
        str, typer.Option(help="Pitching: at least this many innings, as IP is written (6.1: six and one out).")
    ] = "0",
    format: FormatOption = None,
    output: OutputOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Statistics from every stored game: AB R H RBI as the rulebook counts them, IP ER ERA
    (per the games' regulation innings), and the rest baseball people expect; fielding's PO A E
    DP TP, a catcher's PB SB CS, and FPCT for each player at each position he played (by team
    or league, one total line each, its DP and TP the plays it turned). `bonn-die`: each Bonn Die player's rounds, points, rounds won,
    strikes, Outs and calls."""
    import scorebook.stats as compute
    from scorebook.store.db import Store

    filters = {"league": league, "team": team, "game": game, "date_from": date_from, "date_to": date_to}
    qualifier: dict[str, object] = {}
    if table.value == "batting":
        qualifier["min_pa"] = min_pa
    elif table.value == "pitching":
        qualifier["min_ip"] = _innings(min_ip)
    frame = STATS_TABLES[table.value](db, by=by.value, **qualifier, **filters)
    if sort:
        frame = compute.best_first(frame, _column(sort, frame.columns, table.value))
    if frame.is_empty():
        hint(f"no {table.value} lines: " + (NO_GAMES if not Store(db, must_exist=True).count("games") else "no stored game has them (see the options)"))
    emit_frame(frame, format, output)


def _column(sort: str, columns: list[str], table: str) -> str:
    """--sort's column, its case as the user likes (ops for OPS) where only one column has
    that name in any case."""
    matches = [column for column in columns if column.lower() == sort.lower()]
    if sort in columns or len(matches) == 1:
        return sort if sort in columns else matches[0]
    raise UnknownStatistic(f"no column {sort}; the {table} columns are {' '.join(columns)}")
