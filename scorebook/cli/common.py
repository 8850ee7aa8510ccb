"""What every command shares: the Typer app, the registering decorator (a ScorebookProblem
goes to stderr, exit 1), the common options and game loading."""

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
DbOption = Annotated[
    str,
    typer.Option("--db", envvar="SCOREBOOK_DB", help="Database URL: a SQLite file or postgresql+psycopg://..."),
]
DEFAULT_DB = "sqlite:///scorebook.db"
GameArg = Annotated[str, typer.Argument(help="A game file (.game) or a stored game's id.", show_default=False)]
GameFiles = Annotated[list[Path], typer.Argument(help="Game files (.game).", show_default=False)]


def command(
    example: str, *, on: typer.Typer | None = None, name: str | None = None
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a command (on `app`, or the sub-app `on`) with its example; a ScorebookProblem
    it raises goes to stderr, exit 1."""

    def register(func: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(func)
        def run(*args: object, **kwargs: object) -> None:
            try:
                func(*args, **kwargs)
            except ScorebookProblem as problem:
                typer.echo(str(problem), err=True)
                raise typer.Exit(1) from None

        return (on or app).command(name, epilog=f"Example: {example}")(run)

    return register


def _load(game: str | Path, db: str = DEFAULT_DB):
    """Replay a game file, or a stored game by its id; problems carry file:line:col."""
    from scorebook.files import read_game

    path = Path(game)
    if path.exists() or isinstance(game, Path) or path.suffix == ".game":
        return read_game(path)[1]
    from scorebook.store.db import Store

    return Store(db).replay(str(game))




def box_text(game) -> str:
    """A replayed game's box score as a text table: a baseball game's or a Bonn Die game's."""
    from scorebook.engine.bonn_die import BonnDieReplay

    if isinstance(game, BonnDieReplay):
        from scorebook.reports import bonn_die

        return bonn_die.box_table(bonn_die.box_score(game))
    from scorebook.reports.box import box_score, box_table

    return box_table(box_score(game))
