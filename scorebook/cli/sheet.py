"""The sheet command: the rulebook's scoresheet as a PDF, blank or filled."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, DbOption, _load, command, is_game_file, write_output
from scorebook.games import DEFAULT, GAMES
from scorebook.problems import InvalidOptions

SheetRules = enum.Enum("SheetRules", {name: name for name in GAMES}, type=str)  # --rules: shown as <diceball|...>


class Page(str, enum.Enum):
    letter = "letter"
    a4 = "a4"


@command("scorebook sheet samples/rulebook-example.game -o sheet.pdf  (a season's book: scorebook sheet --league demo -o book.pdf)", name="sheet")
def sheet(
    game: Annotated[str | None, typer.Argument(help="A game file or a stored game's id.", show_default=False)] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="The PDF to write.")] = Path("sheet.pdf"),
    blank: Annotated[bool, typer.Option(help="An empty scoresheet for the table.")] = False,
    page: Annotated[Page, typer.Option(help="Paper: letter or a4 (landscape).")] = Page.letter,
    innings: Annotated[int, typer.Option(min=0, help="Inning columns (0: the template's 12); more than fit a page go on to the next.")] = 0,
    away: Annotated[str, typer.Option(help="A blank sheet's visiting team.")] = "",
    home: Annotated[str, typer.Option(help="A blank sheet's home team.")] = "",
    lineup_file: Annotated[
        Path | None,
        typer.Option(help='A blank sheet with the batting orders and starting pitchers written in: the file `game new` reads (`lineup away "A" ...`, `pitcher away "P"`).'),
    ] = None,
    rules: Annotated[SheetRules | None, typer.Option(help=f"A blank sheet for this game (default: {DEFAULT}).", show_default=False)] = None,
    league: Annotated[str, typer.Option(help="A season's book: every stored game of this league, with a contents and bookmarks.", show_default=False)] = "",
    team: Annotated[str, typer.Option(help="The book of this team's games only (with --league).", show_default=False)] = "",
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="Processes drawing a book's sheets; 0 for every core.")] = 0,
    db: DbOption = DEFAULT_DB,
) -> None:
    """The rulebook's scoresheet, one landscape page per team: the date, site, start, umpires,
    scorer and score; the batting order with a line for each substitute, his positions and AB
    R H RBI; an inning box for every batter (the diamond, the ball and strike boxes labelled B
    and S); the team's totals and each inning's runs, hits, errors and runners left; the
    pitchers' grid (IP BF H R ER BB SO HR WP HBP BK, pitches); notes; the box score's proof.
    Filled from a game: each box's codes (H2, 9-4-2) in the diamond, each pitch's number in its
    count box and a tick for each foul after two strikes (Diceball's `pitches=`), the path round
    the bases, the bar where a runner was put out and the out's number, the filled diamond of a
    run, a line after each third out, the opposing pitching changes.
    A Bonn Die game (or `--blank --rules bonn-die`): a grid per half-inning, a row per round.
    With --league (and --team), a season's book: every stored game's sheet in one PDF, after a
    contents by date, with bookmarks by month, date and game."""
    from scorebook.games import game_of
    from scorebook.reports.sheet import blank_sheets, load_layout, page_count, render_sheet, sheet_data

    if league or team:
        if game is not None or blank:
            raise InvalidOptions("--league binds the league's stored games into a book: leave out the game and --blank")
        if not league:
            raise InvalidOptions("--team picks a team's games for a league's book: add --league L")
        return _book(league, team, output, page, jobs, db)
    _check_options(game, blank, rules is not None, bool(away or home or lineup_file))
    kind = GAMES[rules.value if rules else DEFAULT]
    if blank and kind and kind.blank_sheet:  # a game without batting orders has a sheet of its own
        if lineup_file:
            raise InvalidOptions(f"a blank {kind.title} sheet has no batting orders to write in: leave out --lineup-file")
        blank_sheet = kind.blank_sheet((away, home), innings=innings or kind.default_innings)
        write_output(output, kind.sheet_render(blank_sheet, load_layout(kind.sheet_layout)))
        typer.echo(f"wrote {output} (a blank {kind.title} scoresheet)")
        return
    played = None if blank or game is None else _load(game, db)
    if played is not None and not game_of(played).lineups:
        kind = game_of(played)
        write_output(output, kind.sheet_render(kind.sheet_data(played), load_layout(kind.sheet_layout)))
        typer.echo(f"wrote {output} ({kind.title}, round by round)")
        return
    layout = load_layout()
    if innings:
        layout["grid"]["innings"] = innings
    if blank:
        names, pitchers = _lineups(lineup_file) if lineup_file else (([], []), ("", ""))
        pages = blank_sheets(names, (away, home), pitchers, kind.title if kind else GAMES[DEFAULT].title)
    elif game is None:
        raise InvalidOptions("name a game file or stored game, or ask for --blank")
    else:
        pages = sheet_data(played, _stored_box(game, played, db))
    write_output(output, render_sheet(pages, layout, page.value))
    typer.echo(f"wrote {output} ({page_count(pages, layout, page.value)} pages)")


def _book(league: str, team: str, output: Path, page: Page, jobs: int, db: str) -> None:
    """Bind the league's (or team's) stored games into one PDF, a progress bar on a terminal."""
    import os

    from scorebook.cli.common import progress_bar
    from scorebook.reports.book import bind_book
    from scorebook.service.book import book_games, book_sheets, page_size
    from scorebook.store.db import Store

    store = Store(db)
    title, games = book_games(store, league, team)
    with progress_bar() as progress:
        task = progress.add_task(f"drawing {len(games)} scoresheets", total=len(games))

        def drawn():
            for sheet in book_sheets(store, games, page.value, jobs or os.cpu_count() or 1):
                progress.advance(task)
                yield sheet
            progress.update(task, description=f"binding {len(games)} scoresheets")  # the outline, the fonts kept once

        book = bind_book(title, games, drawn(), page_size(page.value))
    write_output(output, book)
    typer.echo(f"wrote {output} ({len(games)} game{'s' * (len(games) != 1)})")


def _stored_box(game: str, played, db: str):
    """A stored game's box score, with what the store knows beside the replay (the pitchers'
    season records; a Retrosheet game's umpires, scorer, park and start); None for a game file."""
    if is_game_file(game):
        return None
    from scorebook.service.games import stored_sheet_box
    from scorebook.store.db import Store

    return stored_sheet_box(Store(db), game, played)


def _check_options(game: str | None, blank: bool, rules: bool, written_in: bool) -> None:
    """Refuse options that would be ignored: a game and --blank, a blank sheet's options
    without --blank (a game's sheet has its own teams and rules). (`--rules` takes the games'
    names only: another is refused with them listed.)"""
    if blank and game is not None:
        raise InvalidOptions(f"--blank is an empty sheet, {game} a game's filled one: give the game or --blank, not both")
    if not blank and (written_in or rules):
        raise InvalidOptions("--away, --home, --lineup-file and --rules write on a blank sheet: add --blank (a game's sheet has its own)")


def _lineups(path: Path) -> tuple[tuple[list[str], list[str]], tuple[str, str]]:
    """The lineup file's batting orders and starting pitchers (a team left out: none), read as
    `game new` and `simulate` read it."""
    from scorebook.files import read_lineups

    given, _ = read_lineups(path, None)
    names = tuple([entry.name for entry in team.lineup] if team else [] for team in given)
    pitchers = tuple(team.pitcher if team else "" for team in given)
    return names, pitchers  # type: ignore[return-value]
