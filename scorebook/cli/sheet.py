"""The sheet command: the rulebook's scoresheet as a PDF, blank or filled."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, DbOption, _load, command, write_output
from scorebook.games import DEFAULT, GAMES
from scorebook.problems import InvalidOptions

SheetRules = enum.Enum("SheetRules", {name: name for name in GAMES}, type=str)  # --rules: shown as <diceball|...>


class Page(str, enum.Enum):
    letter = "letter"
    a4 = "a4"


@command("scorebook sheet samples/rulebook-example.game -o sheet.pdf", name="sheet")
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
    db: DbOption = DEFAULT_DB,
) -> None:
    """The rulebook's scoresheet, one landscape page per team: batting order with room for
    substitutes, an inning box for every batter (diamond, ball and strike boxes), AB R H RBI,
    runs per inning and the pitchers' grid. Filled from a game: each box's codes (H2, 9-4-2),
    the path round the bases, a line after each third out, the opposing pitching changes.
    A Bonn Die game (or `--blank --rules bonn-die`): a grid per half-inning, a row per round."""
    from scorebook.games import game_of
    from scorebook.reports.sheet import blank_sheets, load_layout, page_count, render_sheet, sheet_data

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
        pages = blank_sheets(names, (away, home), pitchers)
    elif game is None:
        raise InvalidOptions("name a game file or stored game, or ask for --blank")
    else:
        pages = sheet_data(played)
    write_output(output, render_sheet(pages, layout, page.value))
    typer.echo(f"wrote {output} ({page_count(pages, layout, page.value)} pages)")


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
