"""The odds command: Diceball!'s exact probabilities, a manager's aid at the table."""

from __future__ import annotations

from typing import Annotated

import typer

from scorebook.cli.common import FormatOption, OutputOption, command, emit_rows
from scorebook.problems import InvalidOptions


@command("scorebook odds --location 14  (or --count 1-2 for the plate appearance)")
def odds(
    location: Annotated[int | None, typer.Option(help="The board location of the ball in play (1-36).")] = None,
    runners: Annotated[str, typer.Option(help="The bases taken, e.g. 1,3 (the bases empty only, so far).")] = "",
    outs: Annotated[int, typer.Option(min=0, max=2, help="Outs before the play.")] = 0,
    count: Annotated[str, typer.Option(help="The count, balls-strikes, for the plate appearance.")] = "0-0",
    target: Annotated[
        int | None, typer.Option(min=1, max=3, help="On a star: the base the batter declares (default: each).")
    ] = None,
    format: FormatOption = None,
    output: OutputOption = None,
) -> None:
    """Exact probabilities of each outcome of a Diceball! ball in play by board location (or of
    a plate appearance from the count), summed over every die of the races on the board data.
    With the bases empty the outs change nothing: the batter runs alone."""
    from scorebook.games.diceball_races import ODDS_COLUMNS, odds_rows

    if runners.strip(", "):
        raise InvalidOptions("--runners: the odds with runners on base are not computed yet; leave the bases empty")
    balls, _, strikes = count.partition("-")
    if not (balls.isdigit() and strikes.isdigit() and int(balls) < 4 and int(strikes) < 3):
        raise InvalidOptions(f"--count {count!r}: balls-strikes, 0-3 balls and 0-2 strikes, e.g. 1-2")
    try:
        rows = odds_rows(location, int(balls), int(strikes), target)
    except ValueError as wrong:
        raise InvalidOptions(f"--location: {wrong}") from None
    emit_rows(rows, ODDS_COLUMNS, format, output, "llrr")
