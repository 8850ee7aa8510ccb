"""The simulate command."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, DbOption, command, progress_bar
from scorebook.games import DEFAULT, SIMULATED
from scorebook.problems import InvalidOptions

SimulatedRules = enum.Enum("SimulatedRules", {name: name for name in SIMULATED}, type=str)  # shown as <diceball|...>
_DEFAULT_RULES = SimulatedRules(DEFAULT)


@command("scorebook simulate --games 500 --seed 1 --out sim  (or --rules bonn-die)")
def simulate(
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Folder for the game files (made if missing).")] = None,
    games: Annotated[int | None, typer.Option("--games", "-n", min=1, help="How many games (a league: its next N).")] = None,
    seed: Annotated[int, typer.Option(help="The seed: the same seed writes the same games.")] = 1,
    rules: Annotated[SimulatedRules, typer.Option(help="The game.")] = _DEFAULT_RULES,
    away: Annotated[str, typer.Option(help="The visiting team (default: generated names).")] = "",
    home: Annotated[str, typer.Option(help="The home team (default: generated names).")] = "",
    lineup_file: Annotated[
        Path | None,
        typer.Option(help='Lineups and pitchers (`lineup away "A" ...`, `pitcher away "P"`), read as by `game new`; a team left out is generated.'),
    ] = None,
    innings: Annotated[int | None, typer.Option(min=1, help="Regulation innings (9; Bonn Die 3).")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="Worker processes; 0 for every core.")] = 1,
    manager: Annotated[
        str, typer.Option(help="Your manager for both sides, module:Name or file.py:Name: a Manager subclass or a policy function.")
    ] = "",
    away_manager: Annotated[str, typer.Option(help="Your manager for the visitors (instead of --manager).")] = "",
    home_manager: Annotated[str, typer.Option(help="Your manager for the home team (instead of --manager).")] = "",
    league: Annotated[str, typer.Option(help="Play this league's scheduled games with its teams, and store them.")] = "",
    chart: Annotated[Path | None, typer.Option(help="Dice Baseball: your dice chart file, written beside the games.")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Play games die by die and write them as game files, with dice on every plate
    appearance (Bonn Die: every round's dice). Every game written passes `scorebook check`."""
    import os

    from scorebook.files import read_chart
    from scorebook.service.games import check_simulation, given_lineups, simulate_files

    managers = (away_manager or manager, home_manager or manager)
    rules = rules.value  # type: ignore[assignment]
    check_simulation(rules, managers, lineup_file, league, innings, chart)
    lineups = given_lineups(lineup_file, rules) if lineup_file else (None, None)
    if league:
        _simulate_league(league, games, seed, out, db)
        return
    if out is None:
        raise InvalidOptions("give --out FOLDER for the game files (or --league L to store a league's games)")
    games = games or 1
    chart_file = read_chart(chart) if chart else None
    files = simulate_files(out, games, seed, rules, away=away, home=home, innings=innings, managers=managers,
                           lineups=lineups, chart=chart_file, workers=jobs or os.cpu_count() or 1)  # fmt: skip
    with progress_bar() as progress:
        task = progress.add_task("simulating", total=games)
        for _ in files:
            progress.advance(task)
    typer.echo(f"wrote {games} game{'s' if games != 1 else ''} to {out}")


def _simulate_league(name: str, count: int | None, seed: int, out: Path | None, db: str) -> None:
    """Play a league's open scheduled games in order (or the next `count`), with its teams,
    lineups and pitchers, and store them; with --out write their files too."""
    from scorebook.service.games import open_slots, play_scheduled
    from scorebook.store.db import Store

    store = Store(db)
    league, slots = open_slots(store, name, count)
    with progress_bar() as progress:
        task = progress.add_task(f"playing {name}", total=len(slots))
        for _ in play_scheduled(store, league, slots, seed, out):
            progress.advance(task)
    typer.echo(f"played and stored {len(slots)} game{'s' if len(slots) != 1 else ''} of league {name}")
