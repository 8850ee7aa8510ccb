"""TOML files written by hand (leagues, Dice Baseball charts): their problems point at the line
and column to fix. tomllib gives no positions for what it parsed, so they are found in the text."""

from __future__ import annotations

import json
import re
import tomllib

from scorebook.problems import InvalidToml

_AT = re.compile(r" \(at line (\d+), column (\d+)\)$")


def load_toml(text: str, path: str) -> dict:
    """The TOML document; a syntax problem names the file, line and column tomllib gives."""
    try:
        return tomllib.loads(text)
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        line, col = _place(text, _too_deep(text))
        message = "arrays or tables nested too deep to read; a league or chart nests a few levels"
        raise InvalidToml(message, path=path, line=line, col=col) from None
    except ValueError as problem:  # an integer of more digits than Python converts (4,300)
        if isinstance(problem, tomllib.TOMLDecodeError):
            raise _not_toml(problem, text, path) from None
        found = _LONG_NUMBER.search(text)
        line, col = _place(text, found.start() if found else 0)
        message = "a number thousands of digits long; write one of a few digits"
        raise InvalidToml(message, path=path, line=line, col=col) from None


def _not_toml(problem: tomllib.TOMLDecodeError, text: str, path: str) -> InvalidToml:
    message = str(problem)
    found = _AT.search(message)
    if found:
        line, col = int(found[1]), int(found[2])
        message = message[: found.start()]
    else:  # "(at end of document)"
        line, col = max(1, len(text.splitlines())), 1
        message = message.removesuffix(" (at end of document)")
    hint = ' (a line is `key = "text"` or `key = 3`)'
    return InvalidToml(f"not TOML: {message}{hint}", path=path, line=line, col=col)


_DEEPEST = 100  # where to point: far deeper than any league or chart, short of where tomllib's recursion ends
_LONG_NUMBER = re.compile(r"[0-9][0-9_]{999}")


def _too_deep(text: str) -> int:
    """The offset where brackets first nest deeper than _DEEPEST (strings not told apart: a hint)."""
    depth = 0
    for offset, char in enumerate(text):
        depth += (char in "[{") - (char in "]}")
        if depth > _DEEPEST:
            return offset
    return 0


def _place(text: str, offset: int) -> tuple[int, int]:
    """(line, column) of an offset into the text."""
    before = text[:offset]
    return before.count("\n") + 1, offset - before.rfind("\n")


def _heading(line: str) -> str | None:
    """The table a `[table]` (or `[[table]]`) line opens; None for any other line."""
    text = line.split("#", 1)[0].strip()
    return text.strip("[]").strip() if text.startswith("[") else None


def key_position(text: str, key: str, table: str = "", index: int = 1) -> tuple[int, int, int]:
    """Where `key = value` is written (in `[table]` if given, else before any table; in the
    `index`-th `[[table]]` of an array of tables): (line, the key's column, the value's column);
    (1, 1, 1) if it is not written so (inline, say)."""
    pattern = re.compile(rf"""^(\s*)(["']?){re.escape(key)}\2\s*=\s*""")
    current, seen = "", {"": 1}
    for number, line in enumerate(text.splitlines(), start=1):
        heading = _heading(line)
        if heading is not None:
            current = heading
            seen[current] = seen.get(current, 0) + 1
            continue
        found = pattern.match(line) if (current, seen[current]) == (table, index) else None
        if found:
            return number, len(found[1]) + 1, found.end() + 1
    return 1, 1, 1


def table_line(text: str, table: str, index: int = 1) -> int:
    """The line of the `[table]` heading (the `index`-th `[[table]]`), 1 if there is none."""
    lines = [n for n, line in enumerate(text.splitlines(), start=1) if _heading(line) == table]
    return lines[index - 1] if len(lines) >= index else 1


def item_positions(text: str, line: int, col: int, items: list[str]) -> list[tuple[int, int]]:
    """Where each string of an array written from (line, col) on is, in turn: (line, column of
    its opening quote); the array's own place for an item not found so (escaped, say). Linear in
    the text and the items: each search starts where the last item was found, and the lines are
    counted from there."""
    offset = sum(len(written) + 1 for written in text.split("\n")[: line - 1]) + col - 1
    counted, lines = offset, text.count("\n", 0, offset) + 1  # the newlines before `counted`
    line_start = text.rfind("\n", 0, offset)  # the newline before `counted`, -1 on the first line
    places = []
    for item in items:
        double = text.find(json.dumps(item, ensure_ascii=False), offset)
        single = text.find(f"'{item}'", offset, double if double >= 0 else len(text))  # only if it comes first
        found = single if single >= 0 else double
        if found < 0:
            places.append((line, col))
            continue
        newlines = text.count("\n", counted, found)
        if newlines:
            lines, line_start = lines + newlines, text.rfind("\n", counted, found)
        counted, offset = found, found + 1
        places.append((lines, found - line_start))
    return places
