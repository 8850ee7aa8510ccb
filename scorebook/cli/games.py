"""Commands on game files: check, replay, box."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scorebook.cli.common import (
    DEFAULT_DB,
    DbOption,
    FormatOption,
    GameArg,
    GameFiles,
    OutputOption,
    _load,
    command,
    emit,
    emit_rows,
    is_game_file,
    output_format,
    tell,
)
from scorebook.problems import InvalidOptions, ScorebookProblem
from scorebook.reports.render import Format


@command("scorebook check samples/*.game")
def check(files: GameFiles) -> None:
    """Check game files against the rules: prints "ok" per file or FILE:LINE:COL problems
    on stderr; exits 1 if any file has a problem. A game still in progress is fine."""
    failed = False
    for path in files:
        try:
            game = _load(path)
        except ScorebookProblem as problem:
            failed = True
            tell(problem)
            continue
        state = game.state
        teams = game.game.header.teams
        score = f"{teams[0]} {state.score[0]}, {teams[1]} {state.score[1]}"
        status = "final" if state.over else f"in progress, {state.describe()}"
        typer.echo(f"{path}: ok ({status}; {score})")
    if failed:
        raise typer.Exit(1)


@command("scorebook replay samples/rulebook-example.game --format csv -o plays.csv")
def replay(file: GameArg, format: FormatOption = None, output: OutputOption = None, db: DbOption = DEFAULT_DB) -> None:
    """Play-by-play: every statement with the inning, outs, bases and score after it."""
    from scorebook.games import game_of

    game = _load(file, db)
    kind = game_of(game)
    emit_rows(kind.play_rows(game), kind.play_columns.value, format, output, kind.play_align.value)


@command("scorebook box samples/rulebook-example.game --format json")
def box(
    file: GameArg,
    format: FormatOption = None,
    output: OutputOption = None,
    pdf: Annotated[Path | None, typer.Option("--pdf", help="Also write the box score as a PDF.")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Box score: the line score (R H E LOB), batting and pitching lines, and each batter's
    scoresheet boxes by inning as the rulebook writes them (H2, 9-4-2). A Bonn Die game: the
    points of each half-inning and each player's points, rounds won, strikes, Outs and calls.
    A box score is three tables: JSON or CSV hold them, a parquet file would hold one."""
    from scorebook.games import game_of
    from scorebook.reports.render import json_text

    format = output_format(format, output)
    if format is Format.parquet:
        raise InvalidOptions("a box score is three tables (line score, batting, pitching); a parquet file holds one: use --format json or csv")
    game = _load(file, db)
    kind = game_of(game)
    if is_game_file(file):  # a game file stands alone: no season to date beside the decisions
        score = kind.box_score(game)
    else:
        from scorebook.service.games import stored_box_score
        from scorebook.store.db import Store

        score = stored_box_score(Store(db, must_exist=True), file, game)
    if pdf:
        from scorebook.cli.common import write_output

        write_output(pdf, kind.box_pdf(score))
        typer.echo(f"wrote {pdf} (the box score)", err=True)  # stderr: the box itself may be going to stdout
    if format is Format.json:
        emit(json_text(kind.box_dict(score)) + "\n", output)
    elif format is Format.csv:
        emit(kind.box_csv(score), output)
    else:
        emit(kind.box_table(score) + "\n", output)
