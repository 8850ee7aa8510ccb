"""The odds command: Diceball!'s exact probabilities, a manager's aid at the table."""

from __future__ import annotations

from typing import Annotated

import typer

from scorebook.cli.common import FormatOption, OutputOption, command, emit_rows
from scorebook.problems import InvalidOptions


@command("scorebook odds --location 14  (--count 1-2 for the plate appearance; --location 10 --runners 1 --throw 21)")
def odds(
    location: Annotated[int | None, typer.Option(help="The board location of the ball in play (1-36).")] = None,
    runners: Annotated[
        str, typer.Option(help="The bases taken, e.g. 1,3 (with runners: a ground ball's or a fly's race).")
    ] = "",
    outs: Annotated[int, typer.Option(min=0, max=2, help="Outs before the play.")] = 0,
    run: Annotated[
        str, typer.Option(help="The offense's declarations as a game file writes them, e.g. 3H (the runner on third runs).")
    ] = "",
    throw: Annotated[str, typer.Option(help="The defense's declared throw, e.g. 21 (second, then first).")] = "",
    count: Annotated[str, typer.Option(help="The count, balls-strikes, for the plate appearance.")] = "0-0",
    target: Annotated[
        int | None, typer.Option(min=1, max=3, help="On a star: the base the batter declares (default: each).")
    ] = None,
    format: FormatOption = None,
    output: OutputOption = None,
) -> None:
    """Exact probabilities of each outcome of a Diceball! ball in play by board location (or of
    a plate appearance from the count), summed over every die of the races on the board data.
    With the bases empty the outs change nothing: the batter runs alone. With runners on base
    (`--runners`, `--outs`, and the declarations `--run`, `--throw` as game files write them):
    a ground ball's or an outfield fly's race, every sequence of its dice."""
    from scorebook.games.diceball_races import ODDS_COLUMNS, odds_rows

    if runners.strip(", ") or run or throw:
        return _with_runners(location, runners, outs, run, throw, format, output)
    balls, _, strikes = count.partition("-")
    if not (balls.isdigit() and strikes.isdigit() and int(balls) < 4 and int(strikes) < 3):
        raise InvalidOptions(f"--count {count!r}: balls-strikes, 0-3 balls and 0-2 strikes, e.g. 1-2")
    try:
        rows = odds_rows(location, int(balls), int(strikes), target)
    except ValueError as wrong:
        raise InvalidOptions(f"--location: {wrong}") from None
    emit_rows(rows, ODDS_COLUMNS, format, output, "llrr")


def _with_runners(location: int | None, runners: str, outs: int, run: str, throw: str, format, output) -> None:
    from scorebook.games.diceball_races import ODDS_COLUMNS, THROW_NAMES, Declared, Start, race_odds_rows, runs_declared
    from scorebook.notation.syntax import RACE_RE, RACE_SYNTAX

    bases = [b.strip() for b in runners.split(",") if b.strip()]
    if any(b not in ("1", "2", "3") for b in bases):
        raise InvalidOptions(f"--runners {runners!r}: the bases taken, 1 2 3, e.g. 1,3")
    for key, value in (("run", run), ("throw", throw)):
        if value and not RACE_RE[key].match(value):
            raise InvalidOptions(f"--{key} {value!r}: {RACE_SYNTAX[key]}")
    if location is None:
        raise InvalidOptions("--location: with runners on base give the ball's location, e.g. --location 10")
    start = Start(("1" in bases, "2" in bases, "3" in bases), outs)
    decide = Declared(runs_declared(run), THROW_NAMES[throw] if throw else None, False)
    declared = " ".join(filter(None, [f"run={run}" if run else "", f"throw={throw}" if throw else ""])) or "default"
    try:
        rows = race_odds_rows(location, start, decide, declared)
    except ValueError as wrong:
        raise InvalidOptions(f"--location: {wrong}") from None
    except Exception as wrong:  # a declaration the race cannot take (RaceProblem)
        raise InvalidOptions(f"--{getattr(wrong, 'key', 'throw')}: {wrong}") from None
    emit_rows(rows, ODDS_COLUMNS, format, output, "llrr")
