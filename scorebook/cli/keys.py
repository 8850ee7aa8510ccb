"""Scorers' keys for the website's scoring pages (store/keys.py): made, listed, revoked here,
on the command line of the computer that holds the store; the site only checks them."""

from __future__ import annotations

from typing import Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, HELP, DbOption, FormatOption, OutputOption, app, command, emit_rows

key_app = typer.Typer(
    help="Scorers' keys: who may score on the website (`scorebook serve`).", no_args_is_help=True, rich_markup_mode=None, context_settings=HELP
)
app.add_typer(key_app, name="key")
KEY_COLUMNS = ("id", "league", "game", "created", "revoked")


@command("scorebook key new --league demo", on=key_app, name="new")
def key_new(
    league: Annotated[str, typer.Option(help="The league whose games the key scores.")] = "",
    game: Annotated[str, typer.Option(help="The one game the key scores.")] = "",
    db: DbOption = DEFAULT_DB,
) -> None:
    """Make a scorer's key for a league's games or for one game, and print it: this once only,
    the store keeps its hash. The scorer pastes it on the game's scoring page (/games/ID/score)."""
    from scorebook.store.db import Store
    from scorebook.store.keys import new_key

    key_id, key = new_key(Store(db), league, game)
    typer.echo(key)
    typer.echo(
        f"scorebook: key {key_id} made; shown this once only. `scorebook key revoke {key_id}` takes it back.", err=True
    )


@command("scorebook key list", on=key_app, name="list")
def key_list(format: FormatOption = None, output: OutputOption = None, db: DbOption = DEFAULT_DB) -> None:
    """The scorers' keys: id, scope (league or game), when made and when revoked (never the keys)."""
    from scorebook.store.db import Store
    from scorebook.store.keys import list_keys

    emit_rows(list_keys(Store(db, must_exist=True)), KEY_COLUMNS, format, output)


@command("scorebook key revoke 3", on=key_app, name="revoke")
def key_revoke(
    key_id: Annotated[int, typer.Argument(help="The key's id (`scorebook key list`).", show_default=False)],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Take a key back: the site refuses it from now on."""
    from scorebook.store.db import Store
    from scorebook.store.keys import revoke_key

    revoke_key(Store(db), key_id)
    typer.echo(f"scorebook: key {key_id} revoked", err=True)
