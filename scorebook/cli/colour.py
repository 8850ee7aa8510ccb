"""Colour on a terminal, as the tools people like have it: a problem in red, a hint in yellow,
a table's heading in bold. None where it would be noise or is not wanted: output to a pipe or
a file, `TERM=dumb`, or `NO_COLOR` set to anything but nothing (https://no-color.org)."""

from __future__ import annotations

import os
import sys

_STYLES = {"problem": "\x1b[31m", "hint": "\x1b[33m", "heading": "\x1b[1m"}
_RESET = "\x1b[0m"


def wanted(err: bool = False) -> bool:
    """Whether stdout (stderr with `err`) takes colour."""
    stream = sys.stderr if err else sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return bool(getattr(stream, "isatty", None)) and stream.isatty()


def painted(text: str, style: str, *, err: bool = False) -> str:
    """`text` in the style (`problem`, `hint`, `heading`) where colour is wanted, else as it is.
    Its control characters are shown (`screen_text`) before: only this adds escapes."""
    return f"{_STYLES[style]}{text}{_RESET}" if wanted(err) else text


def table_painted(text: str) -> str:
    """A text table with its heading line in bold, for the screen."""
    heading, newline, rest = text.partition("\n")
    return painted(heading, "heading") + newline + rest if heading else text
