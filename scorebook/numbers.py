"""Numbers read from input (game files, lineups, leagues, charts, Retrosheet records): ASCII
digits only and of a sane size; and days, YYYY-MM-DD, that the calendar has. `str.isdigit()` accepts `²` (and `int()` then refuses it) and
`int()` accepts `３` and refuses more than 4,300 digits; the caller raises its own problem, with
the place, for any text this does not read."""

from __future__ import annotations

import datetime

MAX_DIGITS = 9  # more than any inning, slot, count or run total of a game


def whole_number(text: str, digits: int = MAX_DIGITS) -> int | None:
    """The whole number `text` writes in 1 to `digits` ASCII digits; None for any other text."""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


def calendar_day(text: str) -> datetime.date | None:
    """The day `text` writes as YYYY-MM-DD in ASCII digits; None for any other text and for a
    day the calendar lacks (2026-02-30, 2026-13-01)."""
    parts = (text[:4], text[5:7], text[8:])
    if len(text) != 10 or text[4] != "-" or text[7] != "-" or any(whole_number(p, len(p)) is None for p in parts):
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:  # the 30th of February
        return None
