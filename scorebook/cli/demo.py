"""The demo: a short season simulated, stored and summed up, in one command."""

from __future__ import annotations

import datetime
import itertools
from typing import Annotated

import typer

from scorebook.cli.common import command

DEMO_TEAMS = ("Harbor Gulls", "River Kings", "Old Town Owls", "Mill Street Grays")
DEMO_LEAGUE = "demo"


def demo_schedule(rounds: int) -> list[tuple[str, str, str, str]]:
    """(game id, date, away, home): every team meets every other `rounds` times, home and away
    in turn, one game a day from April 1."""
    games = []
    day = datetime.date(2026, 4, 1)
    for n in range(rounds):
        for away, home in itertools.permutations(DEMO_TEAMS, 2) if n % 2 == 0 else itertools.permutations(DEMO_TEAMS[::-1], 2):
            games.append((f"demo-{len(games) + 1:03d}", day.isoformat(), away, home))
            day += datetime.timedelta(days=1)
    return games


@command("scorebook demo")
def demo(
    db: Annotated[str, typer.Option("--db", help="Where the demo season is stored.")] = "sqlite:///scorebook-demo.db",
    rounds: Annotated[int, typer.Option(min=1, help="How many times the teams meet home and away.")] = 2,
    seed: Annotated[int, typer.Option(help="The season's seed.")] = 2026,
) -> None:
    """Simulate a short Diceball season among four demo teams die by die, store it (a local
    SQLite file), and print a box score and the batting and pitching leaders."""
    from rich.progress import Progress

    from scorebook.files import replay_text
    from scorebook.reports.box import box_score, box_table
    from scorebook.reports.render import frame_text
    from scorebook.sim import simulate_game
    from scorebook.stats import batting, pitching
    from scorebook.store.db import Store, prepare

    store = Store(db)
    schedule = demo_schedule(rounds)
    with Progress(transient=True) as progress:
        task = progress.add_task("playing the demo season", total=len(schedule))
        for game_id, date, away, home in schedule:
            text = simulate_game(f"{seed}-{game_id}", away=away, home=home, game_id=game_id, date=date, league=DEMO_LEAGUE)
            store.write(prepare(text, replay_text(text, game_id)), replace=True)
            progress.advance(task)
    last = schedule[-1][0]
    typer.echo(f"The demo season: {len(schedule)} games among {', '.join(DEMO_TEAMS)}, stored in {db}.\n")
    typer.echo(f"The last game ({last}):\n")
    typer.echo(box_table(box_score(store.replay(last))))
    games_per_team = len(schedule) * 2 // len(DEMO_TEAMS)
    hitters = batting(store, league=DEMO_LEAGUE, min_pa=3 * games_per_team).sort("OPS", descending=True).head(5)
    arms = pitching(store, league=DEMO_LEAGUE, min_ip=games_per_team / 3).sort("ERA", nulls_last=True).head(5)
    typer.echo("\nBatting leaders (OPS; 3 plate appearances a team game):\n")
    typer.echo(frame_text(hitters.select("player", "team", "G", "PA", "H", "HR", "RBI", "AVG", "OBP", "SLG", "OPS"), "table"))
    typer.echo("Pitching leaders (ERA; an inning every third team game):\n")
    typer.echo(frame_text(arms.select("player", "team", "G", "IP", "H", "ER", "BB", "SO", "ERA", "WHIP"), "table"))
    typer.echo(f"Next: scorebook stats batting --db {db} --sort OPS   |   scorebook games --db {db}")
