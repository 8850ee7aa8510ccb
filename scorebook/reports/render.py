"""Pure text renderers shared by every command that prints data: aligned tables, CSV, JSON."""

from __future__ import annotations

import csv
import enum
import io
import json
import re
from collections.abc import Iterable, Sequence


class Format(str, enum.Enum):
    """The one `--format` vocabulary of every command that prints data."""

    table = "table"
    json = "json"
    csv = "csv"
    parquet = "parquet"  # a file (-o): polars, pandas, DuckDB and Spark read it


def cell(value: object) -> str:
    """How a value shows in a table: rates as `.333`, missing values as `-`."""
    if value is None:
        return "-"
    if isinstance(value, float):
        text = f"{value:.3f}"
        return text[1:] if text.startswith("0.") else text
    return str(value)


def table(rows: Sequence[Sequence[object]], header: Sequence[str], *, align: str = "l") -> str:
    """An aligned text table. `align` has an `l` or `r` per column; columns past its end
    are right-aligned (numbers)."""
    texts = [[cell(v) for v in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in texts]) for i, h in enumerate(header)]

    def line(values: Sequence[str]) -> str:
        parts = [
            v.ljust(w) if align[i : i + 1] == "l" else v.rjust(w) for i, (v, w) in enumerate(zip(values, widths))
        ]
        return "  ".join(parts).rstrip()

    return "\n".join([line(list(header)), "  ".join("-" * w for w in widths), *(line(r) for r in texts)])


# A spreadsheet runs a cell starting with one of these as a formula (OWASP's CSV injection);
# a number written as text (`-2`, `+3`) is only a number there, so it stays as it is.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet will not run: text that would start a formula gets a leading quote."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def csv_text(rows: Iterable[dict[str, object]], columns: Sequence[str]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: csv_cell(row.get(k)) for k in columns})
    return buffer.getvalue()


# C0 controls but newline and tab, DEL and C1 controls: an ESC in a name could recolour or
# rewrite the terminal, so they show as visible escapes (`\x1b`) on the screen.
_CONTROLS = [c for c in (*range(0x20), *range(0x7F, 0xA0)) if chr(c) not in "\n\t"]
SCREEN_ESCAPES = str.maketrans({c: f"\\x{c:02x}" for c in _CONTROLS})


def screen_text(text: str) -> str:
    """Text safe to write to a terminal: control characters shown as escapes, not run."""
    return text.translate(SCREEN_ESCAPES)


def json_text(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


def rows_text(rows: list[dict[str, object]], columns: Sequence[str], fmt: str, align: str = "l") -> str:
    """Rows as a table (`align` as `table`'s), CSV (the columns) or JSON (every key)."""
    if fmt == "json":
        return json_text(rows) + "\n"
    if fmt == "csv":
        return csv_text(rows, columns)
    return table([[r[c] for c in columns] for r in rows], columns, align=align) + "\n"


def frame_text(frame, fmt: str) -> str:
    """A polars frame as a table, CSV or JSON (records); numbers as the tables elsewhere show them."""
    columns = frame.columns
    rows = frame.rows()
    if fmt == "json":
        return json_text([dict(zip(columns, row)) for row in rows]) + "\n"
    if fmt == "csv":
        return csv_text((dict(zip(columns, row)) for row in rows), columns)
    text_columns = sum(1 for dtype in frame.dtypes if str(dtype) == "String")
    digits = [DIGITS.get(c) for c in columns]
    shown = [[v if d is None or v is None else f"{v:.{d}f}" for v, d in zip(row, digits)] for row in rows]
    return table(shown, columns, align="l" * text_columns) + "\n"


# Rates per nine innings are shown as scorers show them; batting rates as .333 (by `cell`).
DIGITS = {"ERA": 2, "WHIP": 2, "K/9": 1, "BB/9": 1, "PPR": 2}
