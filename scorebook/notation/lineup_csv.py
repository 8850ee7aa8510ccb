"""Lineups and rosters as CSV, the files people keep them in (a spreadsheet's export): a header
row naming the columns, then a row a player.

    team,name,position,order
    away,Ann Ames,CF,1
    away,Ike Irwin,P,9
    home,Rex Rowe,1,

`name` is the player; `position` 1-9 or its letters (P C 1B 2B 3B SS LF CF RF; DH or blank for
none); `order` his place in the batting order, 1 to 9, blank for a player who does not bat (a
starting pitcher with a designated hitter, a reliever, the bench). `team` (away or home) is
for a lineup file of both teams (`game new --lineup-file`); a league's roster file is one
team's and has none. Columns may come in any order, and `pos`, `bats` and `slot` are read as
`position` and `order`. Every value is checked: a problem names the file, line and column.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorebook.notation.model import TEAM_WORDS, LineupEntry
from scorebook.notation.syntax import NAME_LIMIT
from scorebook.numbers import whole_number
from scorebook.problems import InvalidLineupFile

POSITION_LETTERS = {"P": 1, "C": 2, "1B": 3, "2B": 4, "3B": 5, "SS": 6, "LF": 7, "CF": 8, "RF": 9, "DH": None}
_COLUMNS = {"team": "team", "name": "name", "position": "position", "pos": "position", "order": "order",
            "bats": "order", "slot": "order"}  # fmt: skip
_POSITION_RULE = "a position is 1-9 or P C 1B 2B 3B SS LF CF RF (DH or blank for none)"


@dataclass(frozen=True, slots=True)
class RosterRow:
    """One player's row: his team (away 0, home 1; -1 in a one-team file), name, position and
    place in the order (None: he does not bat), and where the row and its name are."""

    team: int
    name: str
    position: int | None
    order: int | None
    line: int
    col: int  # the name's column


def split_line(text: str, path: str, line: int) -> list[tuple[str, int]]:
    """A CSV line's fields and their columns (1-based): commas outside double quotes split, a
    quoted field's `""` is a quote."""
    fields: list[tuple[str, int]] = []
    at, length = 0, len(text)
    while True:
        start = at
        if at < length and text[at] == '"':
            value, at = _quoted(text, at, path, line)
        else:
            end = text.find(",", at)
            end = length if end < 0 else end
            value, at = text[at:end].strip(), end
        fields.append((value, start + 1))
        if at >= length:
            return fields
        at += 1  # the comma


def _quoted(text: str, at: int, path: str, line: int) -> tuple[str, int]:
    parts, at = [], at + 1
    while True:
        end = text.find('"', at)
        if end < 0:
            raise InvalidLineupFile("a quoted field has no closing quote", path=path, line=line, col=at)
        parts.append(text[at:end])
        if text.startswith('""', end):
            parts.append('"')
            at = end + 2
            continue
        after = end + 1
        if after < len(text) and text[after] != ",":
            raise InvalidLineupFile("a quoted field ends at its closing quote, then a comma", path=path, line=line, col=after + 1)
        return "".join(parts), after


def read_roster_csv(text: str, path: str, *, teams: bool) -> list[RosterRow]:
    """The players of a CSV lineup (`teams`: with its `team` column) or roster file."""
    rows: list[RosterRow] = []
    columns: dict[str, int] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        fields = split_line(raw, path, number)
        if columns is None:
            columns = _header(fields, path, number, teams)
            continue
        rows.append(_row(fields, columns, path, number))
    if columns is None:
        raise InvalidLineupFile("no header row: the first line names the columns, e.g. `name,position,order`", path=path, line=1)
    return rows


def _header(fields: list[tuple[str, int]], path: str, line: int, teams: bool) -> dict[str, int]:
    wanted = ("team", "name", "position", "order") if teams else ("name", "position", "order")
    columns: dict[str, int] = {}
    for index, (value, col) in enumerate(fields):
        column = _COLUMNS.get(value.lower())
        if column is None or (column == "team" and not teams) or column in columns:
            known = ", ".join(wanted)
            why = "twice" if column in columns else f"no such column; the columns are {known}"
            raise InvalidLineupFile(f"`{value}`: {why}", path=path, line=line, col=col)
        columns[column] = index
    missing = [c for c in wanted if c not in columns and c != "position"]
    if missing:
        raise InvalidLineupFile(f"the header row has no {' or '.join(missing)} column: name the columns {','.join(wanted)}",
                                path=path, line=line, col=1)  # fmt: skip
    return columns


def _row(fields: list[tuple[str, int]], columns: dict[str, int], path: str, line: int) -> RosterRow:
    def field(column: str) -> tuple[str, int]:
        index = columns.get(column)
        if index is None:
            return "", 1
        if index >= len(fields):
            end = fields[-1][1] + len(fields[-1][0])
            raise InvalidLineupFile(f"the row has no {column}: it has {len(fields)} of the header's {len(columns)} columns",
                                    path=path, line=line, col=end)  # fmt: skip
        return fields[index]

    def problem(message: str, col: int) -> InvalidLineupFile:
        return InvalidLineupFile(message, path=path, line=line, col=col)

    name, name_col = field("name")
    if not name:
        raise problem("a player's name cannot be blank", name_col)
    if len(name) > NAME_LIMIT:
        raise problem(f"a name is at most {NAME_LIMIT} characters, not {len(name):,}; shorten it", name_col)
    team = -1
    if "team" in columns:
        written, col = field("team")
        if written.lower() not in TEAM_WORDS:
            raise problem(f"`{written}`: a player's team is away or home", col)
        team = TEAM_WORDS.index(written.lower())
    written, col = field("position")
    if written.upper() in POSITION_LETTERS:
        position = POSITION_LETTERS[written.upper()]
    else:
        position = whole_number(written, 1) if written else None
        if written and not position:
            raise problem(f"`{written}`: {_POSITION_RULE}", col)
    written, col = field("order")
    order = whole_number(written, 1) if written else None
    if written and not order:
        raise problem(f"`{written}`: a batter's order is 1 to 9 (blank for a player who does not bat)", col)
    return RosterRow(team, name, position, order, line, name_col)


@dataclass(frozen=True, slots=True)
class CsvTeam:
    """One team's rows read as a roster: the batting order (with the rows it came from, to
    point a lineup problem at), the pitchers (the starter first) and the bench."""

    lineup: tuple[LineupEntry, ...]
    batters: tuple[RosterRow, ...]
    pitchers: tuple[str, ...]
    bench: tuple[str, ...]


def csv_team(rows: list[RosterRow], path: str, what: str) -> CsvTeam:
    """A team's rows as its batting order (orders 1 to N, each once), pitchers (position 1: the
    one who bats, else the first listed, starts; the others relieve) and bench (the rest)."""
    batters = sorted((row for row in rows if row.order is not None), key=lambda row: row.order or 0)
    for place, row in enumerate(batters, start=1):
        if row.order != place:
            said = f"order {row.order} twice" if (row.order or 0) < place else f"no batter of order {place}"
            raise InvalidLineupFile(f"{what}: {said}; the batting order runs 1, 2, 3 ...", path=path, line=row.line, col=row.col)
    if not batters:
        raise InvalidLineupFile(f"{what} has no batter: give each batter his order, 1 to 9", path=path, line=rows[0].line if rows else 1)
    pitching = [row for row in batters if row.position == 1] + [row for row in rows if row.order is None and row.position == 1]
    if not pitching:
        raise InvalidLineupFile(f"{what} has no pitcher: give the starting pitcher position P (1)", path=path,
                                line=batters[0].line, col=batters[0].col)  # fmt: skip
    lineup = tuple(LineupEntry(row.name, row.position, col=slot) for slot, row in enumerate(batters, start=1))
    bench = tuple(row.name for row in rows if row.order is None and row.position != 1)
    return CsvTeam(lineup, tuple(batters), tuple(row.name for row in pitching), bench)
