"""Statements back to game-file text: the inverse of the syntax pass."""

from __future__ import annotations

from functools import lru_cache

from scorebook.notation.model import (
    HALF_WORDS,
    TEAM_WORDS,
    Advance,
    BatterUp,
    GameCalled,
    GameFile,
    HalfStart,
    Header,
    PitchingChange,
    PlateAppearance,
    Play,
    RunnerCharged,
    RunnerEvent,
    RunnerEvents,
    RunnerMove,
    RunnerPlaced,
    Statement,
    Substitution,
)

_BASE_CHARS = "B123H"


@lru_cache(maxsize=1 << 12)  # every out's scoresheet text: a season has 130,000 outs, a few hundred sequences
def format_fielders(fielders: tuple[int, ...]) -> str:
    return "-".join(map(str, fielders))


def format_advance(advance: Advance) -> str:
    text = f"{_BASE_CHARS[advance.start]}{'X' if advance.out else '-'}{_BASE_CHARS[advance.end]}"
    if advance.out:
        text += f"({format_fielders(advance.fielders)})"
    return text + "".join(f"({mark})" for mark in advance.marks)


def format_play(play: Play) -> str:
    parts = [play.code + "*" * play.rbi_marks, *map(format_advance, play.advances)]
    if play.pitches is not None:
        parts.append(f"pitches={play.pitches}")
    if play.hit_dice is not None:
        parts.append(f"hit={play.hit_dice[0]}:{''.join(map(str, play.hit_dice[1:]))}")
    if play.bunt is not None:
        parts.append(f"bunt={play.bunt}")
    if play.roll is not None:
        parts.append(f"roll={play.roll[0]}{play.roll[1]}")
    if play.charged is not None:
        parts.append(f"charged={play.charged}")
    if play.sf is not None:
        parts.append(f"sf={'yes' if play.sf else 'no'}")
    if play.dp is not None:
        parts.append("dp=no")
    return " ".join(parts)


def format_runner_event(event: RunnerEvent) -> str:
    base = _BASE_CHARS[event.base]
    if event.move is RunnerMove.STOLEN_BASE:
        return f"SB{base}"
    if event.move in (RunnerMove.CAUGHT_STEALING, RunnerMove.PICKED_OFF):
        chances = [*map(str, event.fielders), *([f"E{event.error}"] if event.error else [])]
        return f"{event.move.value}{base}({'-'.join(chances)})"
    if event.move is RunnerMove.FOUL_ERROR:
        return f"FLE{event.error}"
    return event.move.value


def quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_name(name: str, position: int | None = None) -> str:
    """A player as a lineup or a `sub` writes him: `"Ann Smith"`, or `"Ann Smith":8` at a position."""
    return quote(name) + (f":{position}" if position else "")


def format_header(header: Header) -> list[str]:
    """The header's lines: the `game` statement, the teams, the lineups, the starting pitchers."""
    options = "".join(f" {key}={value}" for key, value in header.options)
    return [
        f"game rules={header.rules} innings={header.innings}{options}",
        *(f"{side} {quote(team)}" for side, team in zip(TEAM_WORDS, header.teams)),
        *(
            f"lineup {side} " + " ".join(format_name(entry.name, entry.position) for entry in lineup)
            for side, lineup in zip(TEAM_WORDS, header.lineups)
        ),
        *(f"pitcher {side} {quote(pitcher)}" for side, pitcher in zip(TEAM_WORDS, header.pitchers)),
    ]


def format_statement(statement: Statement) -> str:
    """One line of play: the inverse of `syntax.parse_statement`."""
    if isinstance(statement, PlateAppearance):
        return format_play(statement.play)
    if isinstance(statement, RunnerEvents):
        bunt = [f"bunt={statement.bunt}"] if statement.bunt is not None else []  # a missed squeeze's die
        return " ".join([*map(format_runner_event, statement.events), *map(format_advance, statement.advances), *bunt])
    if isinstance(statement, HalfStart):
        return f"{HALF_WORDS[statement.half]} {statement.inning}"
    if isinstance(statement, Substitution):
        return f"sub {TEAM_WORDS[statement.team]} {statement.slot} {format_name(statement.name, statement.position)}"
    if isinstance(statement, PitchingChange):
        return f"pitcher {TEAM_WORDS[statement.team]} {quote(statement.name)}"
    if isinstance(statement, GameCalled):
        return "called"
    if isinstance(statement, BatterUp):
        return f"up {TEAM_WORDS[statement.team]} {statement.slot}"
    if isinstance(statement, RunnerPlaced):
        return f"placed {statement.base} {quote(statement.name)}"
    if isinstance(statement, RunnerCharged):
        return f"responsible {statement.base} {quote(statement.name)}"
    raise TypeError(f"not a statement of a baseball game file: {statement!r}")


def format_game(game: GameFile) -> str:
    """A whole game file: the header, then one statement a line (comments are not kept)."""
    return "\n".join([*format_header(game.header), *map(format_statement, game.statements)]) + "\n"
