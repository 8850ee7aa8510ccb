"""A league as its players write it: `leagues/NAME.toml`.

    name = "demo"                       # the id games carry as `league=demo`
    title = "Demo League"
    rules = "diceball"                  # or "dice-baseball"
    chart = "house-chart.toml"          # dice-baseball: the league's own dice chart, beside this file
    innings = 9
    tiebreakers = ["head-to-head", "run-differential", "runs-allowed", "coin-flip"]
    run_differential_cap = 10           # optional: a game counts at most this many runs
    seed = 2026                         # the coin flip's
    start = "2026-04-01"                # the first day of the schedule

    [playoffs]
    teams = 4
    best_of = 5

    [leaders]
    batting = ["AVG", "HR", "RBI", "OPS"]
    pitching = ["W", "ERA", "SO", "SV", "WHIP"]
    top = 5
    pa_per_game = 3.1                   # rate leaders need this many plate appearances a team game
    ip_per_game = 1.0                   # and this many innings

    [[teams]]
    name = "Harbor Gulls"
    lineup = ["Ann Abel:8", "Bo Cote:6", ...]   # "Name:POS" (or "Name"), in batting order
    pitchers = ["Cy Drew", "Eli Frost"]          # the starters in turn, then the relievers
    rotation = 1                                 # optional: how many start (default: half, at most 5)
    bench = ["Fay Gray"]

A team's roster may be a CSV file beside the TOML instead (`roster = "gulls.csv"`: the columns
`name,position,order`, `notation/lineup_csv.py`), written in as its lineup, pitchers and bench
when the league is read, so that the store keeps the league as one text.

A Bonn Die league (`rules = "bonn-die"`, 3 innings by default) names each team's players, who
throw in turn: `players = ["Ada Vogel", "Cy Baum"]`, the first the starter.

Every value is checked when the league is read (`league create`), a key scorebook does not know
refused: a problem names the file, the line and column, the rule and how to write the value. A
lineup is checked as a game's is (`engine.core.check_lineup`): Diceball's nine, Dice Baseball's
one to nine, each player and position once.
"""

from __future__ import annotations

import datetime
import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from scorebook.files import is_file, read_chart
from scorebook.games import DEFAULT, GAMES, LEADER_TABLES, LEAGUE_RULES
from scorebook.games.dice_baseball import ChartFile
from scorebook.league.playoffs import check_bracket, check_series
from scorebook.notation.syntax import NAME_LIMIT, same_team
from scorebook.numbers import calendar_day, whole_number
from scorebook.problems import IllegalPlay, InvalidLeague, InvalidLineup, NoSuchFile, NoSuchTeam, ScorebookProblem
from scorebook.tomlfile import item_positions, key_position, load_toml, table_line

TIEBREAKERS = ("head-to-head", "run-differential", "runs-allowed", "coin-flip")
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_MISSING = object()


@dataclass(frozen=True)
class TeamEntry:
    name: str
    lineup: tuple[tuple[str, int | None], ...]
    pitchers: tuple[str, ...]
    bench: tuple[str, ...] = ()
    players: tuple[str, ...] = ()  # Bonn Die: who throws for the team, the starter first
    rotation: int = 1  # the first `rotation` pitchers start in turn; the others are the bullpen

    @property
    def bullpen(self) -> tuple[str, ...]:
        return self.pitchers[self.rotation :]

    def roster(self, game: int = 0) -> list[str]:
        """The simulator's roster for the team's `game`-th game of the league (from 0): the
        lineup, the rotation's starter in turn, the bullpen, the bench."""
        starter = self.pitchers[game % self.rotation]
        return [name for name, _ in self.lineup] + [starter, *self.bullpen] + list(self.bench)

    def header_lines(self, side: str) -> list[str]:
        """The game file's lines that field the team on `side` (away, home): its lineup and
        starting pitcher, or (Bonn Die) its starter."""
        from scorebook.notation.format import format_name, quote

        if self.players:
            return [f"player {side} {quote(self.players[0])}"]
        players = " ".join(format_name(n, p) for n, p in self.lineup)
        return [f"lineup {side} {players}", f"pitcher {side} {quote(self.pitchers[0])}"]


@dataclass(frozen=True)
class League:
    name: str
    title: str
    rules: str
    innings: int
    teams: tuple[TeamEntry, ...]
    tiebreakers: tuple[str, ...] = TIEBREAKERS
    run_differential_cap: int | None = None
    seed: int = 0
    start: str = "2026-04-01"
    playoff_teams: int = 4
    best_of: int = 5
    leaders: dict = field(default_factory=dict)
    source: str = ""
    chart_path: str = ""  # `chart =` as written: a file relative to the league's TOML file
    chart: ChartFile | None = None  # that chart, read (None: scorebook's default chart)

    def team(self, name: str) -> TeamEntry:
        for team in self.teams:
            if team.name == name:
                return team
        teams = ", ".join(team.name for team in self.teams)
        raise NoSuchTeam(f"{name} is not a team of league {self.name}, whose teams are {teams}")


def _either(words: tuple[str, ...]) -> str:
    return ", ".join(f'"{w}"' for w in words[:-1]) + f' or "{words[-1]}"'


def _whole(low: int | None = None, high: int | None = None) -> Callable[[object], bool]:
    def valid(value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        return (low is None or value >= low) and (high is None or value <= high)

    return valid


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0


def _text(value: object) -> bool:
    return isinstance(value, str) and value.strip() != ""


def _name(value: object) -> bool:
    """A team's or player's name: text of at most NAME_LIMIT characters, as a game file's."""
    return _text(value) and len(value) <= NAME_LIMIT  # type: ignore[arg-type]


def _names(least: int) -> Callable[[object], bool]:
    return lambda value: isinstance(value, list) and len(value) >= least and all(_name(v) for v in value)


def _date(value: object) -> bool:
    """A day: a TOML date (start = 2026-04-01) or one in quotes."""
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return True
    return isinstance(value, str) and calendar_day(value) is not None


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:56] + " ..."


class _Table:
    """One table of a league's file (the top level, `[playoffs]`, the n-th `[[teams]]`), its
    values read against their rules: a value that breaks its rule is a problem at its line and
    column, saying the rule and how to write it; a value left out takes its default."""

    def __init__(self, text: str, path: str, data: dict, table: str = "", index: int = 1) -> None:
        self.text, self.path, self.data, self.table, self.index = text, path, data, table, index
        self.label = f"{table}[{index}] " if table == "teams" else f"[{table}] " if table else ""

    def place(self, key: str, *, value: bool = True) -> tuple[int, int]:
        """The line and column of the key's value (or of the key); for a key not written
        `key = value`, its own `[key]` table's heading, else this table's."""
        line, key_col, value_col = key_position(self.text, key, self.table, self.index)
        if (line, key_col, value_col) == (1, 1, 1):
            return table_line(self.text, key) if not self.table else table_line(self.text, self.table, self.index), 1
        return line, value_col if value else key_col

    def problem(self, key: str, rule: str) -> ScorebookProblem:
        written = f" = {_shown(self.data[key])}" if key in self.data else " is missing"
        line, col = self.place(key)
        return InvalidLeague(f"{self.label}{key}{written}: {rule}", path=self.path, line=line, col=col)

    def item_place(self, key: str, slot: int) -> tuple[int, int]:
        """Where the `slot`-th (from 0) item of the list `key` is written."""
        return item_positions(self.text, *self.place(key), self.data[key])[slot]

    def item_problem(self, key: str, slot: int, rule: str) -> ScorebookProblem:
        line, col = self.item_place(key, slot)
        return InvalidLeague(
            f"{self.label}{key}: {_shown(self.data[key][slot])}: {rule}", path=self.path, line=line, col=col
        )

    def get(self, key: str, rule: str, valid: Callable[[object], bool], default: object = _MISSING):
        if key not in self.data and default is not _MISSING:
            return default
        if key not in self.data or not valid(self.data[key]):
            raise self.problem(key, rule)
        return self.data[key]

    def only(self, keys: tuple[str, ...]) -> None:
        """Refuse a key the table does not have (a misspelt one would be ignored)."""
        for key in self.data:
            if key not in keys:
                line, col = self.place(key, value=False)
                raise InvalidLeague(
                    f"{self.label}{key}: a league has no such setting here; the settings are {', '.join(keys)}",
                    path=self.path, line=line, col=col,
                )  # fmt: skip


@functools.lru_cache(maxsize=16)  # the store reads a league's definition for each game written
def parse_league(text: str, where: str = "league") -> League:
    """A league from its TOML text, every value checked: a problem names the file, the line and
    column of the value (or the key), the rule it breaks and how to write it."""
    top = _Table(text, where, load_toml(text, where))
    top.only(("name", "title", "rules", "chart", "innings", "tiebreakers", "run_differential_cap", "seed", "start",
              "playoffs", "leaders", "teams"))  # fmt: skip
    name = top.get("name", 'the league\'s name is lowercase letters, digits and dashes, as its games say `league=NAME`: name = "demo"',
                   lambda v: isinstance(v, str) and bool(_NAME.match(v)))  # fmt: skip
    rules = top.get("rules", f"the league plays {_either(LEAGUE_RULES)}", lambda v: v in LEAGUE_RULES, DEFAULT)
    chart = _chart(top, rules)
    game = GAMES[rules]
    innings = top.get(
        "innings",
        f"{game.innings_rule}, e.g. innings = {game.default_innings}",
        _whole(game.innings[0], game.innings[-1]),
        game.default_innings,
    )
    tiebreakers = _tiebreakers(top)
    cap = top.get("run_differential_cap", "the most runs one game counts for in the run differential, a whole number "
                  "of 1 or more, e.g. run_differential_cap = 10 (left out: no cap)", _whole(1), None)  # fmt: skip
    seed = top.get("seed", "the coin flip's seed, a whole number, e.g. seed = 2026", _whole(), 0)
    start = top.get("start", 'the schedule\'s first day, year-month-day: start = "2026-04-01"', _date, "2026-04-01")
    teams = _teams(top, rules)
    playoff_teams, best_of = _playoffs(top, len(teams))
    return League(
        name=name,
        title=top.get("title", 'the league\'s title is text: title = "Demo League"', _text, name),
        rules=rules,
        innings=innings,
        teams=teams,
        tiebreakers=tiebreakers,
        run_differential_cap=cap,
        seed=seed,
        start=str(start),
        playoff_teams=playoff_teams,
        best_of=best_of,
        leaders=_leaders(top),
        source=text,
        chart_path=chart,
    )


def _tiebreakers(top: _Table) -> tuple[str, ...]:
    rule = f"the tiebreakers, each once and in the order they apply, are some of {_either(TIEBREAKERS)}"
    written = top.get("tiebreakers", rule, lambda v: isinstance(v, list), list(TIEBREAKERS))
    seen: set[str] = set()  # not written[:slot]: quadratic in a long list
    for slot, tiebreaker in enumerate(written):
        if tiebreaker not in TIEBREAKERS or tiebreaker in seen:
            raise top.item_problem("tiebreakers", slot, rule)
        seen.add(tiebreaker)
    return tuple(written)


def _chart(top: _Table, rules: str) -> str:
    chart = top.data.get("chart", "")
    charted = GAMES[rules].chart
    if chart != "" and (not charted or not isinstance(chart, str)):
        line, col, _ = key_position(top.text, "chart")
        takers = " or ".join(f'{g.title} league (rules = "{g.name}")' for g in GAMES.values() if g.chart and g.league)
        why = (
            'a file name in quotes, e.g. chart = "house-chart.toml"'
            if charted
            else f"for a {takers}; {rules} has no dice chart"
        )
        raise InvalidLeague(f"chart is {why}", path=top.path, line=line, col=col)
    return chart


def _table(top: _Table, key: str, keys: tuple[str, ...], example: str) -> _Table:
    """The table `[key]` (empty if left out), with only the keys it may have."""
    found = top.get(
        key,
        f"[{key}] is a table, its own heading with its settings under it: {example}",
        lambda v: isinstance(v, dict),
        {},
    )
    table = _Table(top.text, top.path, found, key)
    table.only(keys)
    return table


def _playoffs(top: _Table, entrants: int) -> tuple[int, int]:
    """The bracket's size (four teams by default, or two in a league of two or three) and the
    series' length."""
    playoffs = _table(top, "playoffs", ("teams", "best_of"), "[playoffs] teams = 4 best_of = 5")
    teams = playoffs.get(
        "teams", "the teams in the bracket, a whole number: teams = 4", _whole(), 4 if entrants >= 4 else 2
    )
    best_of = playoffs.get("best_of", "the games in a series, a whole number: best_of = 5", _whole(), 5)
    for key, check in (("teams", lambda: check_bracket(teams, entrants, "[playoffs] teams =")),
                       ("best_of", lambda: check_series(best_of, "[playoffs] best_of ="))):  # fmt: skip
        try:
            check()
        except ScorebookProblem as problem:
            raise problem.at(top.path, *playoffs.place(key)) from None
    return teams, best_of


def _leaders(top: _Table) -> dict:
    """`[leaders]`: the categories (checked against the statistics by `read_league`), how many
    leaders, and the rate leaders' qualifiers."""
    tables = LEADER_TABLES.values()
    keys = (*LEADER_TABLES, "top", *(table.per_game for table in tables))
    leaders = _table(top, "leaders", keys, '[leaders] batting = ["AVG", "HR"] top = 5')
    for table in tables:
        leaders.get(table.key, f'the categories shown, a list: {table.key} = ["{table.categories[0]}", ...]', _names(0), [])
    leaders.get("top", "how many leaders a category shows, a whole number of 1 or more: top = 5", _whole(1), 5)
    for table in tables:
        key, example = table.per_game, table.per_game_default
        leaders.get(
            key, f"a rate leader's qualifier, a number of 0 or more a team game: {key} = {example}", _number, example
        )
    return dict(leaders.data)


def _teams(top: _Table, rules: str) -> tuple[TeamEntry, ...]:
    entries = top.get("teams", "a league has two or more teams, each a [[teams]] table with its name and players",
                      lambda v: isinstance(v, list) and len(v) >= 2 and all(isinstance(t, dict) for t in v))  # fmt: skip
    teams: list[TeamEntry] = []
    for index, entry in enumerate(entries, start=1):
        table = _Table(top.text, top.path, entry, "teams", index)
        team = _baseball_team(table, rules) if GAMES[rules].lineups else _players_team(table)
        if any(same_team(team.name, t.name) for t in teams):
            raise table.problem("name", "each team is named once in a league (letter case aside): a team never plays itself")
        teams.append(team)
    return tuple(teams)


_TEAM_NAME = f'a team\'s name is text of at most {NAME_LIMIT} characters: name = "Harbor Gulls"'
_EACH = f" (a name of at most {NAME_LIMIT} characters)"


def _players_team(table: _Table) -> TeamEntry:
    """A team whose players throw in turn (Bonn Die): no lineup."""
    table.only(("name", "players"))
    name = table.get("name", _TEAM_NAME, _name)
    players = table.get(
        "players", f'who throws for the team, the starter first{_EACH}: players = ["Ada Vogel", "Cy Baum"]', _names(1)
    )
    return TeamEntry(name, (), (), players=tuple(players))


def _baseball_team(table: _Table, rules: str) -> TeamEntry:
    table.only(("name", "lineup", "pitchers", "rotation", "bench"))
    name = table.get("name", _TEAM_NAME, _name)
    written = table.get(
        "lineup",
        f'the batters in order, each "Name:POS" (POS 1-9) or "Name"{_EACH}: lineup = ["Ann Abel:8", "Bo Cote:6", ...]',
        _names(1),
    )
    pitchers = table.get("pitchers", f'the starter, then the relievers{_EACH}: pitchers = ["Cy Drew", "Eli Frost"]', _names(1))
    bench = table.get("bench", f'the players on the bench, a list{_EACH}: bench = ["Fay Gray"]', _names(0), [])
    rotation = table.get(
        "rotation", f"how many of the {len(pitchers)} pitchers start in turn, 1 to {len(pitchers)}: rotation = 1",
        _whole(1, len(pitchers)), default_rotation(len(pitchers)),
    )  # fmt: skip
    return TeamEntry(name, _lineup(table, name, written, rules), tuple(pitchers), tuple(bench), rotation=rotation)


ROTATION_MOST = 5  # a rotation left to its default starts at most five pitchers in turn


def default_rotation(pitchers: int) -> int:
    """How many of a team's pitchers start in turn when its TOML says no `rotation`: half of
    them (at least one, at most five); the others, the bullpen, relieve. Two pitchers are a
    starter and a reliever; ten, five starters and five relievers."""
    return max(1, min(ROTATION_MOST, pitchers // 2))


def _lineup(table: _Table, team: str, written: list[str], rules: str) -> tuple[tuple[str, int | None], ...]:
    """The lineup's players and positions, checked as the engine checks a game's lineup
    (`check_lineup`: the rules' number of batters, a player in one slot, a position once)."""
    from scorebook.engine.core import check_lineup
    from scorebook.games import rules_for
    from scorebook.notation.model import LineupEntry

    entries = []
    for slot, player in enumerate(written):
        name, colon, written_position = player.partition(":")
        position = whole_number(written_position, 1) if colon else None
        if not name.strip() or (colon and not (position and 1 <= position <= 9)):
            rule = 'a batter is "Name:POS", the position 1 to 9 (e.g. "Ann Abel:8"), or "Name" with no position'
            raise table.item_problem("lineup", slot, rule)
        # The entry's column is its slot: the engine's problem names it, and it is placed below.
        entries.append(LineupEntry(name.strip(), position, col=slot + 1))
    try:
        check_lineup(tuple(entries), f"teams[{table.index}] lineup ({team})", rules_for(rules), 0)
    except IllegalPlay as problem:
        line, col = table.item_place("lineup", problem.col - 1) if problem.col else table.place("lineup")
        raise InvalidLineup(problem.message, path=table.path, line=line, col=col) from None
    return tuple((entry.name, entry.position) for entry in entries)


def read_league(path: Path) -> League:
    """A league's TOML file, with the chart it names (relative to the file); its leaders'
    categories must be the statistics' (`scorebook.stats`)."""
    from scorebook.files import read_text

    text = _with_rosters(read_text(path), path)
    league = parse_league(text, str(path))
    _check_categories(league, text, str(path))
    if not league.chart_path:
        return league
    chart = path.parent / league.chart_path
    if not is_file(chart):
        line, _, col = key_position(text, "chart")
        raise NoSuchFile(
            f"no chart file {chart}; the chart's path is relative to the league's file",
            path=str(path), line=line, col=col,
        )  # fmt: skip
    return replace(league, chart=read_chart(chart))


def _with_rosters(text: str, path: Path) -> str:
    """The league's TOML with each team's `roster = "FILE.csv"` (a CSV roster beside it,
    `notation/lineup_csv.py`) written in as its `lineup`, `pitchers` and `bench`: the store
    keeps the league as one text, whatever folder the files were in."""
    data = load_toml(text, str(path))
    teams = data.get("teams")
    if not isinstance(teams, list) or not any(isinstance(t, dict) and "roster" in t for t in teams):
        return text
    rules = data.get("rules", DEFAULT)
    lines = text.splitlines()
    for index, entry in enumerate(teams, start=1):
        if isinstance(entry, dict) and "roster" in entry:
            table = _Table(text, str(path), entry, "teams", index)
            line = table.place("roster")[0]
            lines[line - 1] = _roster_lines(table, path, rules)
    return "\n".join(lines) + "\n"


def _roster_lines(table: _Table, path: Path, rules: object) -> str:
    """A team's CSV roster as the TOML lines it stands for."""
    from scorebook.files import check_csv_lineup, read_text
    from scorebook.notation.lineup_csv import csv_team, read_roster_csv

    if rules not in GAMES or not GAMES[str(rules)].lineups:
        raise table.problem("roster", "a roster file lines up a baseball team; a team of this league names its players = [...]")
    file = table.get("roster", 'a CSV file beside the league\'s, in quotes: roster = "gulls.csv"', _name)
    given = [key for key in ("lineup", "pitchers", "bench") if key in table.data]
    if given:
        raise table.problem(given[0], "the roster file gives the lineup, the pitchers and the bench: leave this out")
    csv_path = path.parent / file
    if not is_file(csv_path):
        line, col = table.place("roster")
        raise NoSuchFile(f"no roster file {csv_path}; its path is relative to the league's file", path=str(path), line=line, col=col)
    team = csv_team(read_roster_csv(read_text(csv_path), str(csv_path), teams=False), str(csv_path), f"{table.label}roster")
    check_csv_lineup(team, f"{table.label}roster ({table.data.get('name')})", str(rules), str(csv_path))
    lineup = [f"{e.name}:{e.position}" if e.position else e.name for e in team.lineup]
    written = {"lineup": lineup, "pitchers": list(team.pitchers), "bench": list(team.bench)}
    return "\n".join(f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in written.items())


def _check_categories(league: League, text: str, path: str) -> None:
    for key, table in LEADER_TABLES.items():
        known = table.known.value
        written = league.leaders.get(key, [])
        unknown = [slot for slot, category in enumerate(written) if category not in known]
        if unknown:
            line, col = item_positions(text, *key_position(text, key, "leaders")[::2], written)[unknown[0]]
            raise InvalidLeague(
                f"[leaders] {key}: no category {written[unknown[0]]}; the {key} categories are {', '.join(known)}",
                path=path, line=line, col=col,
            )  # fmt: skip
