"""The serve command: the league's website (scorebook/web/) under uvicorn. The CLI and the web
are layers side by side over the service: uvicorn imports the site by its name (APP), in each
of its workers, and the CLI never imports it; nor the web framework, until the command runs."""

from __future__ import annotations

import os
from importlib.util import find_spec
from typing import Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, DbOption, command
from scorebook.problems import ScorebookProblem

APP = "scorebook.web.app:app_from_environment"  # a factory: each worker builds the app on SCOREBOOK_DB
LOCAL = ("127.0.0.1", "localhost", "::1")


@command("scorebook serve --db sqlite:///scorebook-demo.db", name="serve")
def serve(
    db: DbOption = DEFAULT_DB,
    host: Annotated[
        str, typer.Option(help="The address to listen on: 127.0.0.1 is this computer only; 0.0.0.0 every network it is on.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="The TCP port.")] = 8000,
    workers: Annotated[int, typer.Option(min=1, help="Server processes (each opens the store).")] = 1,
) -> None:
    """Serve the store as a website: the leagues, recent and live games, each game's line
    score, box score, scoresheet boxes and play-by-play (its scoresheet as a PDF), each
    league's standings, leaders, schedule and results, each team's roster, lines and game log;
    and a JSON API beside the pages (/api/games/ID is `scorebook box ID --format json`,
    /api/leagues/L/standings and /leaders `scorebook league standings|leaders L --format
    json`; /openapi.json describes it). Visitors read; a scorer with a key (`scorebook key
    new`) scores a game at /games/ID/score, and a game page in progress follows each play
    (/api/games/ID/events). Ctrl-C stops it."""
    missing = [name for name in ("fastapi", "uvicorn", "jinja2", "multipart") if find_spec(name) is None]
    if missing:
        raise ScorebookProblem(f"scorebook serve needs the web extra ({', '.join(missing)} missing): pip install 'scorebook[web]'")
    import uvicorn

    typer.echo(exposure_note(host, port), err=True)
    os.environ["SCOREBOOK_DB"] = db  # read by each worker's app_from_environment
    uvicorn.run(APP, factory=True, host=host, port=port, workers=workers, log_level="info")


def exposure_note(host: str, port: int) -> str:
    """Where the site is, and how to let other devices reach it."""
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    if host in LOCAL:
        return (
            f"scorebook: serving {url} to this computer only. For the phones and tablets at the table, "
            "serve on the local network with --host 0.0.0.0 (then open http://THIS-COMPUTER'S-ADDRESS:"
            f"{port}/); on the internet, put it behind a reverse proxy that adds HTTPS (docs/web.md)."
        )
    return f"scorebook: serving {url} to every device that can reach this computer on port {port}; docs/web.md says how to put HTTPS in front."
