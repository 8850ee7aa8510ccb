"""Commands on the store: import, export, games, and `game new` (live scoring's record, undo,
redo and live are in cli/live.py)."""

from __future__ import annotations

import enum
import os
import re
from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import (
    DEFAULT_DB,
    HELP,
    NO_GAMES,
    DbOption,
    FormatOption,
    OutputOption,
    Terminated,
    app,
    command,
    emit_rows,
    hint,
    progress_bar,
    tell,
)
from scorebook.games import DEFAULT, GAMES, LEAGUE_RULES, game_of
from scorebook.problems import CannotWriteStore, InvalidOptions, NoSuchGame, SameGameStored, ScorebookProblem

game_app = typer.Typer(help="Start a game to score live at the table.", no_args_is_help=True, rich_markup_mode=None, context_settings=HELP)
app.add_typer(game_app, name="game")


class ImportFormat(str, enum.Enum):
    game = "game"
    retrosheet = "retrosheet"


@command("scorebook import samples/*.game  (or --format retrosheet retrosheet/2019)", name="import")
def import_(
    files: Annotated[
        list[Path], typer.Argument(help="Game files (.game), or Retrosheet files; a folder gives its files of the format.", show_default=False)
    ],
    replace: Annotated[bool, typer.Option(help="Replace a game that is stored already, or the forfeit of a league game's slot.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="Processes replaying the files; 0 for every core.")] = 0,
    format: Annotated[
        ImportFormat,
        typer.Option("--format", "-f", help="game (scorebook's files) or retrosheet (event, roster and team files; rules=baseball)."),
    ] = ImportFormat.game,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Replay game files through the rules and store them, each game in one transaction: a game
    with any problem stores nothing and is reported as FILE:LINE:COL, and the import goes on
    with the next; a summary ends it (exit 1 if any was refused). A game stored already, the
    same statements, is skipped: an import run again, after an interruption, stores the rest
    and exits 0 when nothing is new; a different game of a stored game's id is refused unless
    --replace. Retrosheet event files (2019ANA.EVA ...) are read with their folder's team file."""
    from scorebook.store.db import Store

    store = Store(db)
    files = _files_of(files, format)
    tally = _Tally(len(files), "Retrosheet " if format is ImportFormat.retrosheet else "")
    try:
        if format is ImportFormat.retrosheet:  # some 80 games a file: worker processes pay from two files on
            _import_retrosheet(store, files, replace, jobs or (os.cpu_count() or 1), tally)
        else:
            _import_games(store, files, replace, jobs or (os.cpu_count() or 1 if len(files) > 16 else 1), tally)
    except (KeyboardInterrupt, Terminated) as stop:
        stop.add_note(f"{tally.summary()}; every game stored is whole: import again to store the rest")
        raise
    except CannotWriteStore:  # a full disk, a read-only file: the games after it would fail alike
        typer.echo(tally.summary())
        raise
    typer.echo(tally.summary())
    if tally.refused:
        raise typer.Exit(1)


_RETROSHEET_FILE = re.compile(r"(?i)(.*\.EV.|.*\.ROS|TEAM.*)")  # event, roster and team files (not NOTICE, bevent.bat)


def _files_of(paths: list[Path], format: ImportFormat) -> list[Path]:
    """The files to import: each given, a folder's files of the format (sorted) in its place."""
    files: list[Path] = []
    for path in paths:
        if not path.is_dir():
            files.append(path)
        elif format is ImportFormat.game:
            files.extend(sorted(path.glob("*.game")))
        else:
            files.extend(sorted(p for p in path.iterdir() if p.is_file() and _RETROSHEET_FILE.fullmatch(p.name)))
    return files


class _Tally:
    """What an import did, game by game: its summary line, and each refused game told as it comes."""

    def __init__(self, files: int, kind: str = "") -> None:
        self.files, self.kind = files, kind  # kind: "Retrosheet " for Retrosheet's games
        self.imported = self.replaced = self.skipped = self.refused = 0

    def count(self, outcome: object) -> None:
        if isinstance(outcome, CannotWriteStore):
            raise outcome
        if isinstance(outcome, SameGameStored):
            self.skipped += 1
        elif isinstance(outcome, ScorebookProblem):
            self.refused += 1
            tell(outcome)
        else:
            self.imported += 1
            self.replaced += outcome.replaced  # type: ignore[attr-defined]

    def summary(self) -> str:
        replaced = f" ({self.replaced} replaced)" if self.replaced else ""
        return (
            f"imported {_count(self.imported, self.kind + 'game')}{replaced} from {_count(self.files, 'file')}; "
            f"{self.skipped} skipped (stored already), {self.refused} refused"
        )


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'s' if number != 1 else ''}"


def _import_games(store, files: list[Path], replace: bool, jobs: int, tally: _Tally) -> None:
    from scorebook.service.games import import_files

    with progress_bar() as progress:
        task = progress.add_task("importing", total=len(files))
        for _, outcome in import_files(store, files, replace=replace, jobs=jobs):
            progress.advance(task)
            tally.count(outcome)


def _import_retrosheet(store, files: list[Path], replace: bool, jobs: int, tally: _Tally) -> None:
    from scorebook.service.games import import_retrosheet, register_rosters

    teams, rosters, files, problems = register_rosters(store, files)
    for problem in problems:
        tally.count(problem)
    if rosters:
        typer.echo(f"registered the players of {_count(len(rosters), 'team roster')}")
    with progress_bar() as progress:
        task = progress.add_task("importing Retrosheet files", total=len(files))
        for outcomes in import_retrosheet(store, files, teams, replace=replace, jobs=jobs):
            progress.advance(task)
            for outcome in outcomes:
                tally.count(outcome)


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

    store = Store(db, must_exist=True)
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

    rows = [{k: getattr(g, k) for k in GAME_COLUMNS} for g in Store(db, must_exist=True).games()]
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
