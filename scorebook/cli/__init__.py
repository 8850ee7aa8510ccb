"""Stage 4: the command line, a thin layer over the library. Every problem the library
reports (a ScorebookProblem) is printed to stderr with its file:line:col and exits 1."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from scorebook.problems import ScorebookProblem
from scorebook.reports.render import Format

app = typer.Typer(
    name="scorebook",
    help="Keep score of tabletop dice-baseball (Diceball!): check game files, replay them, box scores.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

FormatOption = Annotated[Format, typer.Option("--format", "-f", help="Output format: table, json or csv.")]
GameFiles = Annotated[list[Path], typer.Argument(help="Game files (.game).", show_default=False)]
GameFileArg = Annotated[Path, typer.Argument(help="A game file (.game).", show_default=False)]


def command(example: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a command with its example; a ScorebookProblem it raises goes to stderr, exit 1."""

    def register(func: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(func)
        def run(*args: object, **kwargs: object) -> None:
            try:
                func(*args, **kwargs)
            except ScorebookProblem as problem:
                typer.echo(str(problem), err=True)
                raise typer.Exit(1) from None

        return app.command(epilog=f"Example: {example}")(run)

    return register


def _load(path: Path):
    """Parse and replay one game file; problems carry file:line:col."""
    from scorebook.engine import replay
    from scorebook.games import rules_for
    from scorebook.notation import parse_game

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScorebookProblem("no such file", path=str(path)) from None
    except (OSError, UnicodeDecodeError) as problem:
        raise ScorebookProblem(f"cannot read the file: {problem}", path=str(path)) from None
    game = parse_game(text, str(path))
    chart = game.header.option("chart")
    rules = rules_for(game.header.rules, str(path.parent / chart)) if chart else None
    return replay(game, rules)


@command("scorebook check samples/*.game")
def check(files: GameFiles) -> None:
    """Check game files against the rules: prints "ok" per file or FILE:LINE:COL problems
    on stderr; exits 1 if any file has a problem. A game still in progress is fine."""
    failed = False
    for path in files:
        try:
            game = _load(path)
        except ScorebookProblem as problem:
            failed = True
            typer.echo(str(problem), err=True)
            continue
        state = game.state
        teams = game.game.header.teams
        score = f"{teams[0]} {state.score[0]}, {teams[1]} {state.score[1]}"
        status = "final" if state.over else f"in progress, {state.describe()}"
        typer.echo(f"{path}: ok ({status}; {score})")
    if failed:
        raise typer.Exit(1)


@command("scorebook replay samples/rulebook-example.game")
def replay(file: GameFileArg, format: FormatOption = Format.table) -> None:
    """Play-by-play: every statement with the inning, outs, bases and score after it."""
    from scorebook.reports import playbyplay
    from scorebook.reports.render import csv_text, json_text, table

    rows = playbyplay.rows(_load(file))
    if format is Format.json:
        typer.echo(json_text(rows))
    elif format is Format.csv:
        typer.echo(csv_text(rows, playbyplay.COLUMNS), nl=False)
    else:
        typer.echo(table([[r[c] for c in playbyplay.COLUMNS] for r in rows], playbyplay.COLUMNS, align=playbyplay.ALIGN))


@command("scorebook box samples/rulebook-example.game --format json")
def box(file: GameFileArg, format: FormatOption = Format.table) -> None:
    """Box score: the line score (R H E LOB), batting and pitching lines, and each batter's
    scoresheet boxes by inning as the rulebook writes them (H2, 9-4-2)."""
    from scorebook.reports.box import box_csv, box_dict, box_score, box_table
    from scorebook.reports.render import json_text

    score = box_score(_load(file))
    if format is Format.json:
        typer.echo(json_text(box_dict(score)))
    elif format is Format.csv:
        typer.echo(box_csv(score), nl=False)
    else:
        typer.echo(box_table(score))


def _simulate_one(job: tuple[str, str, int, str, str, int, str]) -> tuple[str, str]:
    """One game for a worker process: (file name, text)."""
    from scorebook.sim import load_manager, simulate_game
    from scorebook.sim.writer import team_names

    rules, seed, index, away, home, innings, manager = job
    game_seed = f"{seed}-{index}"
    if not (away and home):
        import random

        away, home = team_names(random.Random(f"teams {game_seed}"))
    managers = (load_manager(manager), load_manager(manager)) if manager else None
    name = f"game-{index:05d}"
    text = simulate_game(game_seed, rules, away=away, home=home, innings=innings, managers=managers, game_id=f"sim-{seed}-{index}")
    return name, text


@command("scorebook simulate --games 500 --seed 1 --out sim")
def simulate(
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the game files (made if missing).")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 1,
    seed: Annotated[int, typer.Option(help="The seed: the same seed writes the same games.")] = 1,
    rules: Annotated[str, typer.Option(help="The game: diceball.")] = "diceball",
    away: Annotated[str, typer.Option(help="The visiting team (default: generated names).")] = "",
    home: Annotated[str, typer.Option(help="The home team (default: generated names).")] = "",
    innings: Annotated[int, typer.Option(min=1, help="Regulation innings.")] = 9,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="Worker processes; 0 for every core.")] = 1,
    manager: Annotated[str, typer.Option(help="Your manager for both sides: module:Name or file.py:Name.")] = "",
) -> None:
    """Play games die by die and write them as game files, with dice on every plate
    appearance. Every game written passes `scorebook check`."""
    import os
    from concurrent.futures import ProcessPoolExecutor
    from contextlib import ExitStack

    from rich.progress import Progress

    from scorebook.sim import load_manager, player_for

    try:
        player_for(rules)
        if manager:
            load_manager(manager)
    except (ValueError, ImportError, AttributeError, OSError) as problem:
        raise ScorebookProblem(str(problem)) from None
    out.mkdir(parents=True, exist_ok=True)
    job_list = [(rules, str(seed), i, away, home, innings, manager) for i in range(1, games + 1)]
    workers = jobs or os.cpu_count() or 1
    with ExitStack() as stack:
        progress = stack.enter_context(Progress(transient=True))
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


def main() -> None:
    app()
