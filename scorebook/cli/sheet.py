"""The sheet command: the rulebook's scoresheet as a PDF, blank or filled."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import DEFAULT_DB, DbOption, _load, command
from scorebook.problems import ScorebookProblem


class Page(str, enum.Enum):
    letter = "letter"
    a4 = "a4"


@command("scorebook sheet samples/rulebook-example.game -o sheet.pdf", name="sheet")
def sheet(
    game: Annotated[str | None, typer.Argument(help="A game file or a stored game's id.", show_default=False)] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="The PDF to write.")] = Path("sheet.pdf"),
    blank: Annotated[bool, typer.Option(help="An empty scoresheet for the table.")] = False,
    page: Annotated[Page, typer.Option(help="Paper: letter or a4 (landscape).")] = Page.letter,
    innings: Annotated[int, typer.Option(min=0, help="Inning columns (0: the template's 12).")] = 0,
    lineup_file: Annotated[Path | None, typer.Option(help='A blank sheet with the batting orders written in (`lineup away "A" ...`).')] = None,
    rules: Annotated[str, typer.Option(help="A blank sheet for this game: diceball (and dice-baseball) or bonn-die.")] = "diceball",
    db: DbOption = DEFAULT_DB,
) -> None:
    """The rulebook's scoresheet, one landscape page per team: batting order with room for
    substitutes, an inning box for every batter (diamond, ball and strike boxes), AB R H RBI,
    runs per inning and the pitchers' grid. Filled from a game: each box's codes (H2, 9-4-2),
    the path round the bases, a line after each third out, the opposing pitching changes.
    A Bonn Die game (or `--blank --rules bonn-die`): a grid per half-inning, a row per round."""
    from scorebook.engine.core import Replay
    from scorebook.reports.sheet import blank_sheets, load_layout, render_sheet, sheet_data

    if rules == "bonn-die" and blank:
        from scorebook.reports import bonn_die_sheet

        output.write_bytes(bonn_die_sheet.render(bonn_die_sheet.blank_sheet(innings=innings or 3), load_layout("bonn_die_sheet")))
        typer.echo(f"wrote {output} (a blank Bonn Die scoresheet)")
        return
    played = None if blank or game is None else _load(game, db)
    if played is not None and not isinstance(played, Replay):  # a Bonn Die game (its engine not imported for the others)
        from scorebook.reports import bonn_die_sheet

        output.write_bytes(bonn_die_sheet.render(bonn_die_sheet.sheet_data(played), load_layout("bonn_die_sheet")))
        typer.echo(f"wrote {output} (Bonn Die, round by round)")
        return
    layout = load_layout()
    if innings:
        layout["grid"]["innings"] = innings
    if blank:
        lineups, teams = _lineups(lineup_file) if lineup_file else (None, ("", ""))
        pages = blank_sheets(lineups, teams)
    elif game is None:
        raise ScorebookProblem("name a game file or stored game, or ask for --blank")
    else:
        pages = sheet_data(played)
    output.write_bytes(render_sheet(pages, layout, page.value))
    typer.echo(f"wrote {output} ({len(pages)} pages)")


def _lineups(path: Path) -> tuple[tuple[list[str], list[str]], tuple[str, str]]:
    """Batting orders from `lineup away/home` lines (and team names from `away`/`home`)."""
    from scorebook.files import read_text
    from scorebook.notation.syntax import _name, tokenize

    lineups: list[list[str]] = [[""] * 9, [""] * 9]
    teams = ["", ""]
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        tokens = tokenize(line)
        words = [t for t, _ in tokens]
        try:
            if len(words) >= 2 and words[0] == "lineup" and words[1] in ("away", "home"):
                lineups[("away", "home").index(words[1])] = [_name(t, c, position=True)[0] for t, c in tokens[2:]]
            elif len(words) == 2 and words[0] in ("away", "home"):
                teams[("away", "home").index(words[0])] = _name(*tokens[1], position=False)[0]
        except ScorebookProblem as problem:
            raise problem.at(str(path), number) from None
    return (lineups[0], lineups[1]), (teams[0], teams[1])
