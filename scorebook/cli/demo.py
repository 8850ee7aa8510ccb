"""The demo: the demo league's season simulated, stored and summed up, in one command."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import command, progress_bar
from scorebook.problems import NoSuchFile
from scorebook.shipped import shipped

DEMO_LEAGUE = shipped("leagues") / "demo.toml"


@command("scorebook demo")
def demo(
    db: Annotated[str, typer.Option("--db", help="Where the demo season is stored.")] = "sqlite:///scorebook-demo.db",
    rounds: Annotated[int, typer.Option(min=1, help="How many times the teams meet (home and away alternate).")] = 2,
    seed: Annotated[int, typer.Option(help="The season's seed.")] = 2026,
    league_file: Annotated[Path, typer.Option("--league", help="The league to play.")] = DEMO_LEAGUE,
    pdf_dir: Annotated[Path, typer.Option(help="Where the demo's PDFs go (a scoresheet and the league report).")] = Path("."),
) -> None:
    """Play the demo league's season die by die (six teams, a double round robin), store it in
    a local SQLite file, print the standings, a box score and the league leaders, and write the
    last game's scoresheet and the league report as PDFs. `--league leagues/rhine.toml` plays a
    Bonn Die league instead."""
    from scorebook.cli.common import box_text
    from scorebook.games import game_of
    from scorebook.league.definition import read_league
    from scorebook.league.standings import COLUMNS
    from scorebook.reports.render import rows_text
    from scorebook.service.games import new_season, play_scheduled
    from scorebook.service.league import LEADER_COLUMNS, league_leaders, league_report, league_standings
    from scorebook.store.db import Store

    if not league_file.exists():
        raise NoSuchFile(f"no league file {league_file}: run the demo from a checkout of scorebook, or give --league")
    league = read_league(league_file)
    store = Store(db)
    slots = new_season(store, league, rounds)
    with progress_bar() as progress:
        task = progress.add_task("playing the demo season", total=len(slots))
        for _ in play_scheduled(store, league, slots, seed):
            progress.advance(task)
    typer.echo(f"{league.title}: {len(slots)} games among {len(league.teams)} teams, played and stored in {db}.\n")
    rows = league_standings(store, league.name)
    typer.echo(rows_text(rows, COLUMNS, "table"))
    last = f"{league.name}-{len(slots):03d}"
    typer.echo(f"The last game ({last}):\n")
    game = store.replay(last)
    entry = game_of(game)  # the league's game: Bonn Die's with --league leagues/rhine.toml
    typer.echo(box_text(db, last) + "\n")
    typer.echo("League leaders:\n")
    leaders = league_leaders(store, league.name, 3)
    typer.echo(rows_text(leaders, LEADER_COLUMNS, "table", align="lrll"), nl=False)
    from scorebook.reports.sheet import load_layout

    pdf_dir.mkdir(parents=True, exist_ok=True)
    sheet, report = pdf_dir / "scorebook-demo-sheet.pdf", pdf_dir / "scorebook-demo-report.pdf"
    sheet.write_bytes(entry.sheet_render(entry.sheet_data(game), load_layout(entry.sheet_layout)))
    report.write_bytes(league_report(store, league.name))
    typer.echo(f"\nPDFs: {sheet} (the last game's scoresheet), {report} (the league report)")
    typer.echo(f"Next: scorebook league playoffs {league.name} --play --db {db}   |   scorebook stats {entry.stats_example} --db {db}")
    typer.echo(f"In a browser: scorebook serve --db {db}   (then open http://127.0.0.1:8000/; pip install -e '.[web]' first)")
