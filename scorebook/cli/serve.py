"""The serve command: the league's website over the store. The web framework is imported
when the command runs, never when the CLI starts."""

from __future__ import annotations

from typing import Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, DbOption, command


@command("scorebook serve --db sqlite:///scorebook-demo.db", name="serve")
def serve(
    db: DbOption = DEFAULT_DB,
    host: Annotated[str, typer.Option(help="The address to listen on: 127.0.0.1 is this computer only; 0.0.0.0 every network it is on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="The TCP port.")] = 8000,
    workers: Annotated[int, typer.Option(min=1, help="Server processes (each opens the store).")] = 1,
) -> None:
    """Serve the store as a website: the leagues, recent and live games, each game's line
    score, box score, scoresheet boxes and play-by-play (its scoresheet as a PDF), each
    league's standings, leaders, schedule and results, each team's roster, lines and game log;
    and a JSON API beside the pages (/api/games/ID is `scorebook box ID --format json`,
    /api/leagues/L/standings and /leaders `scorebook league standings|leaders L --format
    json`; /openapi.json describes it). Read-only. Ctrl-C stops it."""
    try:
        from scorebook.web.server import exposure_note
        from scorebook.web.server import serve as run
    except ImportError as missing:
        from scorebook.problems import ScorebookProblem

        raise ScorebookProblem(f"scorebook serve needs the web extra ({missing.name} is missing): pip install 'scorebook[web]'") from None
    typer.echo(exposure_note(host, port), err=True)
    run(db, host, port, workers)
