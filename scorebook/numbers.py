"""Numbers read from input (game files, lineups, leagues, charts, Retrosheet records): ASCII
digits only and of a sane size. `str.isdigit()` accepts `²` (and `int()` then refuses it) and
`int()` accepts `３` and refuses more than 4,300 digits; the caller raises its own problem, with
the place, for any text this does not read."""

from __future__ import annotations

MAX_DIGITS = 9  # more than any inning, slot, count or run total of a game


def whole_number(text: str, digits: int = MAX_DIGITS) -> int | None:
    """The whole number `text` writes in 1 to `digits` ASCII digits; None for any other text."""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None
