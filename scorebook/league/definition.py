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
    pitching = ["ERA", "SO", "WHIP"]
    top = 5
    pa_per_game = 3.1                   # rate leaders need this many plate appearances a team game
    ip_per_game = 1.0                   # and this many innings

    [[teams]]
    name = "Harbor Gulls"
    lineup = ["Ann Abel:8", "Bo Cote:6", ...]   # nine "Name:POS", in batting order
    pitchers = ["Cy Drew", "Eli Frost"]          # the starter, then relievers
    bench = ["Fay Gray"]

A Bonn Die league (`rules = "bonn-die"`, 3 innings by default) names each team's players, who
throw in turn: `players = ["Ada Vogel", "Cy Baum"]`, the first the starter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from scorebook.games.dice_baseball import ChartFile, read_chart
from scorebook.league.playoffs import check_format
from scorebook.problems import ScorebookProblem
from scorebook.tomlfile import key_position, load_toml

TIEBREAKERS = ("head-to-head", "run-differential", "runs-allowed", "coin-flip")
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class TeamEntry:
    name: str
    lineup: tuple[tuple[str, int | None], ...]
    pitchers: tuple[str, ...]
    bench: tuple[str, ...] = ()
    players: tuple[str, ...] = ()  # Bonn Die: who throws for the team, the starter first

    def roster(self) -> list[str]:
        """The simulator's roster: the nine, the starter, the relievers, the bench."""
        return [name for name, _ in self.lineup] + list(self.pitchers[:2]) + list(self.bench)

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
        raise ScorebookProblem(f"{name} is not a team of league {self.name}, whose teams are {teams}")


def parse_league(text: str, where: str = "league") -> League:
    """A league from its TOML text; a problem names the file and the field."""
    data = load_toml(text, where)

    def need(key: str, kind: type, table: dict = data, at: str = ""):
        if key not in table:
            raise ScorebookProblem(f"{at}{key} is missing", path=where)
        if not isinstance(table[key], kind):
            raise ScorebookProblem(f"{at}{key} must be a {kind.__name__}", path=where)
        return table[key]

    name = need("name", str)
    if not _NAME.match(name):
        raise ScorebookProblem("name is lowercase letters, digits and dashes (games say `league=NAME`)", path=where)
    rules = data.get("rules", "diceball")
    chart = data.get("chart", "")
    if chart != "" and (rules != "dice-baseball" or not isinstance(chart, str)):
        line, col, _ = key_position(text, "chart")
        why = (
            'a file name in quotes, e.g. chart = "house-chart.toml"'
            if rules == "dice-baseball"
            else f'for a Dice Baseball league (rules = "dice-baseball"); {rules} has no dice chart'
        )
        raise ScorebookProblem(f"chart is {why}", path=where, line=line, col=col)
    teams = []
    for index, entry in enumerate(need("teams", list), start=1):
        at = f"teams[{index}]."
        if rules == "bonn-die":
            players = tuple(str(p) for p in need("players", list, entry, at))
            if not players:
                raise ScorebookProblem(f"{at}players names at least the team's starter", path=where)
            teams.append(TeamEntry(need("name", str, entry, at), (), (), players=players))
            continue
        lineup = []
        for player in need("lineup", list, entry, at):
            player_name, _, position = str(player).partition(":")
            if position and not (position.isdigit() and 1 <= int(position) <= 9):
                raise ScorebookProblem(f"{at}lineup: {player!r}: a position is 1-9", path=where)
            lineup.append((player_name.strip(), int(position) if position else None))
        pitchers = tuple(need("pitchers", list, entry, at))
        if not pitchers:
            raise ScorebookProblem(f"{at}pitchers names at least the starter", path=where)
        teams.append(TeamEntry(need("name", str, entry, at), tuple(lineup), pitchers, tuple(entry.get("bench", ()))))
    if len(teams) < 2 or len({t.name for t in teams}) != len(teams):
        raise ScorebookProblem("a league has two or more teams, each named once", path=where)
    tiebreakers = tuple(data.get("tiebreakers", TIEBREAKERS))
    unknown = [t for t in tiebreakers if t not in TIEBREAKERS]
    if unknown:
        raise ScorebookProblem(f"tiebreakers: {', '.join(unknown)}; they are {', '.join(TIEBREAKERS)}", path=where)
    playoffs = data.get("playoffs", {})
    # The default bracket: four teams, or two in a league of two or three.
    playoff_teams, best_of = int(playoffs.get("teams", 4 if len(teams) >= 4 else 2)), int(playoffs.get("best_of", 5))
    try:
        check_format(playoff_teams, best_of, len(teams), names=("[playoffs] teams =", "[playoffs] best_of ="))
    except ScorebookProblem as problem:
        raise problem.at(where) from None
    return League(
        name=name,
        title=data.get("title", name),
        rules=rules,
        innings=int(data.get("innings", 3 if rules == "bonn-die" else 9)),
        teams=tuple(teams),
        tiebreakers=tiebreakers,
        run_differential_cap=data.get("run_differential_cap"),
        seed=int(data.get("seed", 0)),
        start=str(data.get("start", "2026-04-01")),
        playoff_teams=playoff_teams,
        best_of=best_of,
        leaders=dict(data.get("leaders", {})),
        source=text,
        chart_path=chart,
    )


def read_league(path: Path) -> League:
    """A league's TOML file, with the chart it names (relative to the file)."""
    from scorebook.files import read_text

    text = read_text(path)
    league = parse_league(text, str(path))
    if not league.chart_path:
        return league
    chart = path.parent / league.chart_path
    if not chart.is_file():
        line, _, col = key_position(text, "chart")
        raise ScorebookProblem(
            f"no chart file {chart}; the chart's path is relative to the league's file",
            path=str(path), line=line, col=col,
        )  # fmt: skip
    return replace(league, chart=read_chart(chart))
