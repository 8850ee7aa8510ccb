"""Statements back to game-file text: the inverse of the syntax pass."""

from __future__ import annotations

from functools import lru_cache

from scorebook.notation.model import HOME, Advance, Play, RunnerEvent, RunnerMove

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
    return " ".join(parts)


def format_runner_event(event: RunnerEvent) -> str:
    base = _BASE_CHARS[event.base] if event.base < HOME else "H"
    if event.move is RunnerMove.STOLEN_BASE:
        return f"SB{base}"
    if event.move in (RunnerMove.CAUGHT_STEALING, RunnerMove.PICKED_OFF):
        return f"{event.move.value}{base}({format_fielders(event.fielders)})"
    return event.move.value


def quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
