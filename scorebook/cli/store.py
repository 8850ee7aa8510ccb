"""Commands on the store: import, export, games, and live scoring (game new, record, undo, live).

`record` and `undo` are on the table's critical path: they import only the live-scoring layer
(`store/live.py`), never SQLAlchemy, SQLModel, polars or reportlab."""

from __future__ import annotations

import contextlib
import enum
import os
from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import (
    DEFAULT_DB,
    HELP,
    NO_GAMES,
    DbOption,
    FormatOption,
    GameFiles,
    OutputOption,
    app,
    command,
    emit_rows,
    hint,
    progress_bar,
    tell,
)
from scorebook.games import DEFAULT, GAMES, LEAGUE_RULES, game_of
from scorebook.problems import InvalidOptions, NoSuchGame, ScorebookProblem
from scorebook.reports.render import screen_text

GameId = Annotated[str, typer.Argument(help="The stored game's id (`scorebook games` lists them).", show_default=False)]
game_app = typer.Typer(help="Start a game to score live at the table.", no_args_is_help=True, rich_markup_mode=None, context_settings=HELP)
app.add_typer(game_app, name="game")


class ImportFormat(str, enum.Enum):
    game = "game"
    retrosheet = "retrosheet"


@command("scorebook import samples/*.game", name="import")
def import_(
    files: GameFiles,
    replace: Annotated[bool, typer.Option(help="Replace a game that is stored already, or the forfeit of a league game's slot.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="Processes replaying the files; 0 for every core.")] = 0,
    format: Annotated[
        ImportFormat,
        typer.Option("--format", "-f", help="game (scorebook's files) or retrosheet (event, roster and team files; rules=baseball)."),
    ] = ImportFormat.game,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Replay game files through the rules and store them, each game in one transaction: a game
    with any problem stores nothing and is reported as FILE:LINE:COL (exit 1). The same game
    again is refused unless --replace. Retrosheet event files (2019ANA.EVA ...) are read with
    their folder's team file."""
    from scorebook.service.games import import_files
    from scorebook.store.db import Store

    store = Store(db)
    if format is ImportFormat.retrosheet:  # some 80 games a file: worker processes pay from two files on
        return _import_retrosheet(store, files, replace, jobs or (os.cpu_count() or 1))
    stored = replaced = failed = 0
    with progress_bar() as progress:
        task = progress.add_task("importing", total=len(files))
        workers = jobs or (os.cpu_count() or 1 if len(files) > 16 else 1)
        for _, outcome in import_files(store, files, replace=replace, jobs=workers):
            progress.advance(task)
            if isinstance(outcome, ScorebookProblem):
                failed += 1
                tell(outcome)
            else:
                stored += 1
                replaced += outcome.replaced
    note = f" ({replaced} replaced)" if replaced else ""
    typer.echo(f"imported {stored} game{'s' if stored != 1 else ''}{note}" + (f"; {failed} with problems" if failed else ""))
    if failed:
        raise typer.Exit(1)


class ExportFormat(str, enum.Enum):
    game = "game"
    json = "json"
    retrosheet = "retrosheet"


@command("scorebook export rulebook-example --format game")
def export(
    games: Annotated[
        list[str] | None, typer.Argument(help="The stored game's id (several for retrosheet).", show_default=False, metavar="GAME...")
    ] = None,
    format: Annotated[
        ExportFormat, typer.Option("--format", "-f", help="game (the game file), json, or retrosheet (files in -o DIR).")
    ] = ExportFormat.game,
    league: Annotated[str | None, typer.Option(help="Retrosheet: every game of this league.")] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file (a folder for retrosheet).")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """A stored game back out: the game file (importing it gives the same facts), JSON with
    every statement and the facts the engine derived, or Retrosheet event, roster and team files
    (of some games or a whole --league) that Chadwick's cwbox reads. A game imported from
    Retrosheet goes back with its own ids, info records, team and roster rows."""
    from scorebook.files import write_chart_beside
    from scorebook.store.db import Store

    store = Store(db)
    if format is ExportFormat.retrosheet:
        return _export_retrosheet(store, games or [], league, output)
    if not games or len(games) > 1:
        raise InvalidOptions(f"name one game to export as {format.value} (`scorebook games` lists them)")
    game = games[0]
    text = store.game_text(game) if format is ExportFormat.game else store.export_json(game) + "\n"
    if output:
        from scorebook.cli.common import write_output

        chart = store.chart(game) if format is ExportFormat.game else None
        if chart:  # the game names its chart: beside the file, as `check` looks for it (first: it may refuse)
            write_chart_beside(output.parent, chart)
        write_output(output, text)
    else:
        typer.echo(text, nl=False)


def _export_retrosheet(store, games: list[str], league: str | None, folder: Path | None) -> None:
    from scorebook.reports.retrosheet import season_files

    if folder is None:
        raise InvalidOptions("--format retrosheet writes several files: give -o FOLDER")
    if bool(games) == (league is not None):
        raise InvalidOptions("export some games, or every game of a league with --league L")
    ids = games or [g.id for g in store.games() if g.league == league]
    if not ids:
        raise NoSuchGame(f"no game in league {league}")
    replays = [store.replay(game_id) for game_id in ids]
    without = next((game_of(r) for r in replays if not game_of(r).retrosheet), None)
    if without:
        raise InvalidOptions(f"Retrosheet files are baseball's: a {without.title} game has no Retrosheet form; export it as a game file")
    folder.mkdir(parents=True, exist_ok=True)
    files = season_files(replays, [store.origin(game_id) for game_id in ids])
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    typer.echo(f"wrote {len(ids)} game{'s' if len(ids) != 1 else ''} in {len(files)} Retrosheet files to {folder}")


# `game new`'s innings without a league: the default game's, and each other length a game has.
_DEFAULT_INNINGS = ", ".join(
    [str(GAMES[DEFAULT].default_innings)]
    + [f"{g.title} {g.default_innings}" for g in GAMES.values() if g.default_innings != GAMES[DEFAULT].default_innings]
)

GAME_COLUMNS = ("id", "date", "away", "home", "away_score", "home_score", "status", "league", "rules")


@command("scorebook games --format csv -o games.csv")
def games(format: FormatOption = None, output: OutputOption = None, db: DbOption = DEFAULT_DB) -> None:
    """The stored games: id, date, teams, score and status (final or in progress)."""
    from scorebook.store.db import Store

    rows = [{k: getattr(g, k) for k in GAME_COLUMNS} for g in Store(db).games()]
    if not rows:
        hint(NO_GAMES)
    emit_rows(rows, GAME_COLUMNS, format, output, align="llllrrlll")


LeagueRules = enum.Enum("LeagueRules", {name: name for name in LEAGUE_RULES}, type=str)  # shown as <diceball|...>


@command('scorebook game new --away "Team 1" --home "Team 2" --lineup-file lineups.txt', on=game_app, name="new")
def game_new(
    away: Annotated[str, typer.Option(help="The visiting team.", show_default=False)],
    home: Annotated[str, typer.Option(help="The home team.", show_default=False)],
    lineup_file: Annotated[
        Path | None,
        typer.Option(help='Lines `lineup away "A" ...` and `pitcher away "P"` (home too); a team left out bats as its league lines it up, else as in its last stored game.'),
    ] = None,
    league: Annotated[str, typer.Option(help="The league the game counts for: its rules, innings and teams' lineups.")] = "",
    rules: Annotated[LeagueRules | None, typer.Option(help=f"The game (the league's; else {DEFAULT}).", show_default=False)] = None,
    innings: Annotated[int | None, typer.Option(min=1, help=f"Regulation innings (the league's; else {_DEFAULT_INNINGS}).")] = None,
    date: Annotated[str, typer.Option(help="YYYY-MM-DD (default: today).")] = "",
    id: Annotated[str, typer.Option("--id", help="The game's id (default: made from the date and teams).")] = "",
    db: DbOption = DEFAULT_DB,
) -> None:
    """Start a game for live scoring; prints its id for `scorebook record` and `scorebook live`.
    A league game is played by the league's rules and innings between two of its teams, each
    batting as the league's definition lines it up unless the lineup file says otherwise."""
    from scorebook.service.games import new_game
    from scorebook.store.db import Store

    typer.echo(new_game(Store(db), away, home, lineup_file, league, rules.value if rules else "", innings, date, id))


@command('scorebook record 2026-05-02-hg-msg-1 "H2* 1-H"')
def record(game: GameId, statement: Annotated[str, typer.Argument(help='What happened: "H2* 1-H", "SB2", "sub away 4 \\"Name\\"".', show_default=False)], db: DbOption = DEFAULT_DB) -> None:
    """Record one statement: checked against the game's state and stored at once, then the new
    state (inning, outs, bases, score, batter up); a statement that breaks a rule names the
    rule and stores nothing. After a third out a play opens the next half-inning itself."""
    from scorebook.store.live import Live, state_line

    live = Live(db)
    try:
        done = live.record(game, statement)
    finally:
        live.close()
    typer.echo(screen_text(state_line(done)))  # the batter's name, control characters shown


@command("scorebook undo 2026-05-02-hg-msg-1")
def undo(game: GameId, db: DbOption = DEFAULT_DB) -> None:
    """Remove the game's last statement; prints the state it leaves."""
    from scorebook.store.live import Live, state_line

    live = Live(db)
    try:
        done = live.undo(game)
    finally:
        live.close()
    typer.echo(screen_text(state_line(done)))  # the batter's name, control characters shown


LIVE_HELP = """Type what happened, as on the scoresheet, and press Enter: each is checked and stored at once.
  H2* 1-H     a play (result, advances, one * per run batted in)
  SB2         runner events: SB2 SB3 CS2(2-4) CS3(2-5)
  sub away 4 "Name":7   a substitute;   pitcher home "Name"   a pitching change
  round off=333/44/5/ triad:initial:center def=...   a Bonn Die round;   out   a Bonn Die Out
  undo        take back the last statement
  box         the box score so far
  help        this text;   quit   leave (everything entered is stored already)"""


@command("scorebook live 2026-05-02-hg-msg-1")
def live(game: GameId, db: DbOption = DEFAULT_DB) -> None:
    """Score a game at the table, statement by statement: the prompt shows the state and the
    batter up; each accepted statement is stored at once; `help` lists the commands."""
    from scorebook.store.live import Live, state_line

    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (line editing and history at the prompt)
    connection = Live(db)
    try:
        now = connection.state(game)
        while True:
            try:  # the prompt is the state and the batter up, asked again after anything typed
                line = input(f"{state_line(now)} > ").strip()
            except EOFError:
                break
            if line in ("quit", "exit", "q"):
                break
            if line == "help":
                typer.echo(LIVE_HELP)
            elif line == "box":
                from scorebook.cli.common import box_text

                typer.echo(box_text(db, game))
            elif line:
                try:
                    now = connection.undo(game) if line == "undo" else connection.record(game, line)
                except ScorebookProblem as problem:
                    tell(problem)
                    continue
                if now.state.over and line != "undo":
                    typer.echo(f"{state_line(now)}; it is stored.")
                    break
    finally:
        connection.close()


def _import_retrosheet(store, files: list[Path], replace: bool, jobs: int) -> None:
    from scorebook.service.games import import_retrosheet, register_rosters

    teams, rosters, files = register_rosters(store, files)
    if rosters:
        typer.echo(f"registered the players of {len(rosters)} team roster{'s' if len(rosters) != 1 else ''}")
    stored = failed = 0
    with progress_bar() as progress:
        task = progress.add_task("importing Retrosheet files", total=len(files))
        for outcomes in import_retrosheet(store, files, teams, replace=replace, jobs=jobs):
            progress.advance(task)
            for outcome in outcomes:
                if isinstance(outcome, ScorebookProblem):
                    failed += 1
                    tell(outcome)
                else:
                    stored += 1
    typer.echo(f"imported {stored} Retrosheet game{'s' if stored != 1 else ''}" + (f"; {failed} with problems" if failed else ""))
    if failed:
        raise typer.Exit(1)
