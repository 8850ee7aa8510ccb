"""Commands on the store: import, export, games, and live scoring (game new, record, undo, live).

`record` and `undo` are on the table's critical path: they import only the live-scoring layer
(`store/live.py`), never SQLAlchemy, SQLModel, polars or reportlab."""

from __future__ import annotations

import datetime
import enum
import os
from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import (
    DEFAULT_DB,
    DbOption,
    FormatOption,
    GameFiles,
    OutputOption,
    app,
    command,
    emit_rows,
    progress_bar,
)
from scorebook.problems import InvalidOptions, NoSuchGame, NoSuchLineup, ScorebookProblem
from scorebook.reports.render import Format

GameId = Annotated[str, typer.Argument(help="The stored game's id (`scorebook games` lists them).", show_default=False)]
game_app = typer.Typer(help="Start a game to score live at the table.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(game_app, name="game")


@command("scorebook import samples/*.game", name="import")
def import_(
    files: GameFiles,
    replace: Annotated[bool, typer.Option(help="Replace a game that is stored already, or the forfeit of a league game's slot.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="Processes replaying the files; 0 for every core.")] = 0,
    format: Annotated[
        str, typer.Option("--format", "-f", help="game (scorebook's files) or retrosheet (event, roster and team files; rules=baseball).")
    ] = "game",
    db: DbOption = DEFAULT_DB,
) -> None:
    """Replay game files through the rules and store them, each game in one transaction: a game
    with any problem stores nothing and is reported as FILE:LINE:COL (exit 1). The same game
    again is refused unless --replace. Retrosheet event files (2019ANA.EVA ...) are read with
    their folder's team file."""
    from scorebook.store.db import Store, import_files

    store = Store(db)
    if format == "retrosheet":  # some 80 games a file: worker processes pay from two files on
        return _import_retrosheet(store, files, replace, jobs or (os.cpu_count() or 1))
    if format != "game":
        raise InvalidOptions(f"--format is game or retrosheet, not {format}")
    stored = replaced = failed = 0
    with progress_bar() as progress:
        task = progress.add_task("importing", total=len(files))
        workers = jobs or (os.cpu_count() or 1 if len(files) > 16 else 1)
        for path, outcome in import_files(store, files, replace=replace, jobs=workers):
            progress.advance(task)
            if isinstance(outcome, ScorebookProblem):
                failed += 1
                typer.echo(str(outcome), err=True)
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

        write_output(output, text)
        chart = store.chart(game) if format is ExportFormat.game else None
        if chart:  # the game names its chart: beside the file, as `check` looks for it
            write_chart_beside(output.parent, chart)
    else:
        typer.echo(text, nl=False)


def _export_retrosheet(store, games: list[str], league: str | None, folder: Path | None) -> None:
    from scorebook.engine.bonn_die import BonnDieReplay
    from scorebook.reports.retrosheet import season_files

    if folder is None:
        raise InvalidOptions("--format retrosheet writes several files: give -o FOLDER")
    if bool(games) == (league is not None):
        raise InvalidOptions("export some games, or every game of a league with --league L")
    ids = games or [g.id for g in store.games() if g.league == league]
    if not ids:
        raise NoSuchGame(f"no game in league {league}")
    replays = [store.replay(game_id) for game_id in ids]
    if any(isinstance(r, BonnDieReplay) for r in replays):
        raise InvalidOptions("Retrosheet files are baseball's: a Bonn Die game has no Retrosheet form; export it as a game file")
    folder.mkdir(parents=True, exist_ok=True)
    files = season_files(replays, [store.origin(game_id) for game_id in ids])
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    typer.echo(f"wrote {len(ids)} game{'s' if len(ids) != 1 else ''} in {len(files)} Retrosheet files to {folder}")


GAME_COLUMNS = ("id", "date", "away", "home", "away_score", "home_score", "status", "league", "rules")


@command("scorebook games --format csv -o games.csv")
def games(format: FormatOption = Format.table, output: OutputOption = None, db: DbOption = DEFAULT_DB) -> None:
    """The stored games: id, date, teams, score and status (final or in progress)."""
    from scorebook.store.db import Store

    rows = [{k: getattr(g, k) for k in GAME_COLUMNS} for g in Store(db).games()]
    emit_rows(rows, GAME_COLUMNS, format, output, align="llllrrlll")


@command('scorebook game new --away "Team 1" --home "Team 2" --lineup-file lineups.txt', on=game_app, name="new")
def game_new(
    away: Annotated[str, typer.Option(help="The visiting team.", show_default=False)],
    home: Annotated[str, typer.Option(help="The home team.", show_default=False)],
    lineup_file: Annotated[
        Path | None,
        typer.Option(help='Lines `lineup away "A" ...` and `pitcher away "P"` (home too); a team left out bats as its league lines it up, else as in its last stored game.'),
    ] = None,
    league: Annotated[str, typer.Option(help="The league the game counts for: its rules, innings and teams' lineups.")] = "",
    rules: Annotated[str, typer.Option(help="diceball, dice-baseball or bonn-die (the league's; else diceball).")] = "",
    innings: Annotated[int | None, typer.Option(min=1, help="Regulation innings (the league's; else 9, Bonn Die 3).")] = None,
    date: Annotated[str, typer.Option(help="YYYY-MM-DD (default: today).")] = "",
    id: Annotated[str, typer.Option("--id", help="The game's id (default: made from the date and teams).")] = "",
    db: DbOption = DEFAULT_DB,
) -> None:
    """Start a game for live scoring; prints its id for `scorebook record` and `scorebook live`.
    A league game is played by the league's rules and innings between two of its teams, each
    batting as the league's definition lines it up unless the lineup file says otherwise."""
    _game_new(away, home, lineup_file, league, rules, innings, date, id, db)


def _game_new(away, home, lineup_file, league, rules, innings, date, game_id, db) -> None:
    from scorebook.files import read_lineups
    from scorebook.notation.format import quote
    from scorebook.store.db import Store
    from scorebook.store.leagues import load_league

    store = Store(db)
    definition = load_league(store, league) if league else None
    if definition and rules and rules != definition.rules:
        raise InvalidOptions(f"league {league} plays {definition.rules}, not --rules {rules}: leave --rules out")
    rules = definition.rules if definition else rules or "diceball"
    innings = innings or (definition.innings if definition else 3 if rules == "bonn-die" else 9)
    entries = [definition.team(away), definition.team(home)] if definition else []
    date = date or datetime.date.today().isoformat()
    game_id = game_id or _new_id(store, date, away, home)
    given, players = read_lineups(lineup_file, rules) if lineup_file else ((None, None), ())
    chart = definition.chart if definition else None  # a Dice Baseball league's own dice chart
    lines = [
        f"game rules={rules} innings={innings} date={date} id={game_id}"
        + (f" league={league}" if league else "")
        + (f" chart={chart.name}" if chart else ""),
        f"away {quote(away)}",
        f"home {quote(home)}",
    ]
    for index, (side, team, mine) in enumerate(zip(("away", "home"), (away, home), given)):
        # A Bonn Die team names who throws (`player away "Name"`, else the league's starter, else
        # the team's own name); a baseball team its lineup and pitcher (the file's, else the
        # league's, else its last game's).
        if rules == "bonn-die":
            lines += [line for line in players if line.split()[1] == side] or (entries[index].header_lines(side) if entries else [])
        elif mine:
            lines += mine.lines
        elif entries:
            lines += entries[index].header_lines(side)
        else:
            lines += _last_lineup(store, side, team)
    store.new_game("\n".join(lines) + "\n", chart.text if chart else None)
    typer.echo(game_id)


def _new_id(store, date: str, away: str, home: str) -> str:
    stem = f"{date}-{''.join(w[0] for w in away.split())}-{''.join(w[0] for w in home.split())}".lower()
    taken = {g.id for g in store.games()}
    n = 1
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"


def _last_lineup(store, side: str, team: str) -> list[str]:
    """The lineup and starting pitcher a team had in its last stored game, for this side."""
    from scorebook.notation.format import quote

    for game in reversed(store.games()):
        if team in (game.away, game.home):
            header = store.replay(game.id).game.header
            index = (game.away, game.home).index(team)
            names = " ".join(quote(e.name) + (f":{e.position}" if e.position else "") for e in header.lineups[index])
            return [f"lineup {side} {names}", f"pitcher {side} {quote(header.pitchers[index])}"]
    raise NoSuchLineup(
        f'{team} has no stored game to take a lineup from: give --lineup-file with `lineup {side} "A" "B" ...` '
        f'and `pitcher {side} "Name"`'
    )


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
    typer.echo(state_line(done.state, done.teams))


@command("scorebook undo 2026-05-02-hg-msg-1")
def undo(game: GameId, db: DbOption = DEFAULT_DB) -> None:
    """Remove the game's last statement; prints the state it leaves."""
    from scorebook.store.live import Live, state_line

    live = Live(db)
    try:
        done = live.undo(game)
    finally:
        live.close()
    typer.echo(state_line(done.state, done.teams))


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

    try:
        import readline  # noqa: F401  (line editing and history at the prompt)
    except ImportError:
        pass
    connection = Live(db)
    try:
        now = connection.state(game)
        while True:
            try:  # the prompt is the state and the batter up, asked again after anything typed
                line = input(f"{state_line(now.state, now.teams)} > ").strip()
            except EOFError:
                break
            if line in ("quit", "exit", "q"):
                break
            if line == "help":
                typer.echo(LIVE_HELP)
            elif line == "box":
                from scorebook.cli.common import _load, box_text

                typer.echo(box_text(_load(game, db)))
            elif line:
                try:
                    now = connection.undo(game) if line == "undo" else connection.record(game, line)
                except ScorebookProblem as problem:
                    typer.echo(str(problem), err=True)
                    continue
                if now.state.over and line != "undo":
                    typer.echo(f"{state_line(now.state, now.teams)}; it is stored.")
                    break
    finally:
        connection.close()


def _import_retrosheet(store, files: list[Path], replace: bool, jobs: int) -> None:
    from functools import partial

    from scorebook.importers.retrosheet import read_roster, team_names
    from scorebook.parallel import in_processes
    from scorebook.store.db import write_each

    teams = {folder: team_names(folder) for folder in {path.parent for path in files}}
    rosters = [path for path in files if path.suffix.upper() == ".ROS"]
    for path in rosters:  # the team file is read from each folder above; a roster registers its players
        code, players = read_roster(path)
        store.register_roster(teams[path.parent].get(code, code), players)
    if rosters:
        typer.echo(f"registered the players of {len(rosters)} team roster{'s' if len(rosters) != 1 else ''}")
    files = [path for path in files if path not in rosters and not path.name.upper().startswith("TEAM")]
    stored = failed = 0
    with progress_bar() as progress:
        task = progress.add_task("importing Retrosheet files", total=len(files))
        for outcomes in in_processes(partial(_prepare_retrosheet, teams=teams), files, jobs):
            progress.advance(task)
            for outcome in write_each(store, outcomes, replace=replace):
                if isinstance(outcome, ScorebookProblem):
                    failed += 1
                    typer.echo(str(outcome), err=True)
                else:
                    stored += 1
    typer.echo(f"imported {stored} Retrosheet game{'s' if stored != 1 else ''}" + (f"; {failed} with problems" if failed else ""))
    if failed:
        raise typer.Exit(1)


def _prepare_retrosheet(path: Path, teams: dict[Path, dict[str, str]]) -> list:
    """A Retrosheet file's games, each imported and prepared for the store, or its problem."""
    from scorebook.importers.retrosheet import fewer_collections, import_game, origin, read_file
    from scorebook.store.db import prepare

    outcomes: list = []
    try:
        games = read_file(path)
    except ScorebookProblem as problem:  # a line before the file's first game
        return [problem]
    with fewer_collections():
        for game in games:
            try:
                outcomes.append(prepare(*import_game(game, teams[path.parent], str(path)), origin=origin(game, path.parent)))
            except ScorebookProblem as problem:
                outcomes.append(problem)
    return outcomes
