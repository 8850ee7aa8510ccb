"""The simulate command."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, DbOption, command, progress_bar
from scorebook.problems import ScorebookProblem

if TYPE_CHECKING:
    from scorebook.games.dice_baseball import ChartFile

# One game for a worker: rules, seed, index, away, home, innings, the managers' specs (away,
# home), each given lineup as (roster: the batters then the pitcher, positions) or None, and
# the Dice Baseball chart or None.
Lineup = tuple[tuple[str, ...], tuple[int | None, ...]] | None
Job = tuple[str, str, int, str, str, int | None, tuple[str, str], tuple[Lineup, Lineup], "ChartFile | None"]


def _simulate_one(job: Job) -> tuple[str, str]:
    """One game for a worker process: (file name, text)."""
    from scorebook.sim import Manager, load_manager, simulate_game
    from scorebook.sim.writer import team_names

    rules, seed, index, away, home, innings, managers, lineups, chart = job
    game_seed = f"{seed}-{index}"
    if not (away and home):
        import random

        away, home = team_names(random.Random(f"teams {game_seed}"))
    options: dict[str, object] = {"away": away, "home": home, "game_id": f"sim-{seed}-{index}"}
    if innings:
        options["innings"] = innings
    if any(managers):
        options["managers"] = tuple(load_manager(spec) if spec else Manager() for spec in managers)
    if any(lineups):
        options["rosters"] = tuple(lineup and lineup[0] for lineup in lineups)
        options["positions"] = tuple(lineup and lineup[1] for lineup in lineups)
    if chart:
        options["chart"] = chart
    name = f"game-{index:05d}"
    text = simulate_game(game_seed, rules, **options)
    return name, text


def _given_lineups(path: Path, rules: str) -> tuple[Lineup, Lineup]:
    """The lineup file's teams (the file `game new --lineup-file` reads), checked against the
    rules: each as its batters then its pitcher, and their positions."""
    from scorebook.files import read_lineups

    given, _ = read_lineups(path, rules)
    return tuple(  # type: ignore[return-value]
        lineup and (tuple(e.name for e in lineup.lineup) + (lineup.pitcher,), tuple(e.position for e in lineup.lineup))
        for lineup in given
    )


@command("scorebook simulate --games 500 --seed 1 --out sim  (or --rules bonn-die)")
def simulate(
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Folder for the game files (made if missing).")] = None,
    games: Annotated[int | None, typer.Option("--games", "-n", min=1, help="How many games (a league: its next N).")] = None,
    seed: Annotated[int, typer.Option(help="The seed: the same seed writes the same games.")] = 1,
    rules: Annotated[str, typer.Option(help="The game: diceball, dice-baseball or bonn-die.")] = "diceball",
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
    from concurrent.futures import ProcessPoolExecutor
    from contextlib import ExitStack

    from scorebook.files import write_chart_beside
    from scorebook.files import read_chart
    from scorebook.sim import load_manager, player_for

    games_given = games
    managers = (away_manager or manager, home_manager or manager)
    try:
        player_for(rules)
        if any(managers) and rules == "bonn-die":
            raise ValueError("--manager is for the baseball games; Bonn Die's simulator has its own policies")
        if lineup_file and (rules == "bonn-die" or league):
            raise ValueError("--lineup-file is for the baseball games without --league (a league's teams bat as it says)")
        if rules == "bonn-die" and innings and innings > 3:
            raise ValueError(f"a Bonn Die game has 1 to 3 innings (\"Play 1–3 innings\"), not --innings {innings}")
        for spec in filter(None, managers):
            load_manager(spec)
        if chart and league:
            raise ValueError("a league's games use the league's own chart (`chart =` in its TOML); drop --chart")
        if chart and rules != "dice-baseball":
            raise ValueError(f"--chart is a Dice Baseball chart: give --rules dice-baseball, not {rules}")
    except (ValueError, ImportError, AttributeError, OSError) as problem:
        raise ScorebookProblem(str(problem)) from None
    lineups = _given_lineups(lineup_file, rules) if lineup_file else (None, None)
    if league:
        _simulate_league(league, games_given, seed, out, db)
        return
    if out is None:
        raise ScorebookProblem("give --out FOLDER for the game files (or --league L to store a league's games)")
    games = games or 1
    chart_file = read_chart(chart) if chart else None
    out.mkdir(parents=True, exist_ok=True)
    if chart_file:
        write_chart_beside(out, chart_file)
    job_list: list[Job] = [(rules, str(seed), i, away, home, innings, managers, lineups, chart_file) for i in range(1, games + 1)]
    workers = jobs or os.cpu_count() or 1
    with ExitStack() as stack:
        progress = stack.enter_context(progress_bar())
        task = progress.add_task("simulating", total=games)
        results = (
            map(_simulate_one, job_list)
            if workers == 1
            else stack.enter_context(ProcessPoolExecutor(workers)).map(_simulate_one, job_list, chunksize=8)
        )
        for name, text in results:
            (out / f"{name}.game").write_text(text, encoding="utf-8")
            progress.advance(task)
    typer.echo(f"wrote {games} game{'s' if games != 1 else ''} to {out}")


def _simulate_league(name: str, count: int | None, seed: int, out: Path | None, db: str) -> None:
    """Play a league's open scheduled games in order (or the next `count`), with its teams,
    lineups and pitchers, and store them; with --out write their files too."""
    from scorebook.files import write_chart_beside
    from scorebook.sim import replay_league_game, simulate_league_game
    from scorebook.store.db import Store, prepare
    from scorebook.store.leagues import load_league, schedule

    store = Store(db)
    league = load_league(store, name)
    slots = [s for s in schedule(store, name) if not s["game_id"] and not s["forfeit"]][:count]
    if not slots:
        raise ScorebookProblem(f"league {name} has no open scheduled game; `scorebook league schedule {name} --round-robin` makes a schedule")
    if out:
        out.mkdir(parents=True, exist_ok=True)
        if league.chart:
            write_chart_beside(out, league.chart)
    with progress_bar() as progress:
        task = progress.add_task(f"playing {name}", total=len(slots))
        for slot in slots:
            game_id = f"{name}-{slot['number']:03d}"
            text = simulate_league_game(league, slot["away"], slot["home"], game_id, seed, slot["date"])
            store.write(prepare(text, replay_league_game(league, text, game_id)), replace=True)
            if out:
                (out / f"{game_id}.game").write_text(text, encoding="utf-8")
            progress.advance(task)
    typer.echo(f"played and stored {len(slots)} game{'s' if len(slots) != 1 else ''} of league {name}")
