"""The loader: the only place the library reads a game file or a dice chart from disk. It finds
a game's entry in the registry (`games/registry.py`), parses the text with the game's parser,
builds its rules (a Dice Baseball game's `chart=` found beside the file, or as the store keeps
it) and hands both to the game's engine, which reads no file itself."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorebook.games import GAMES, game_named, game_of_text, rules_for
from scorebook.notation.model import TEAM_WORDS, GivenLineup
from scorebook.notation.syntax import parse_lineups
from scorebook.problems import (
    CannotReadFile,
    CannotWriteFile,
    IllegalPlay,
    InvalidChart,
    InvalidLineupFile,
    NoSuchFile,
    ScorebookProblem,
)

if TYPE_CHECKING:
    from scorebook.engine.bonn_die import BonnDieReplay
    from scorebook.engine.core import Replay
    from scorebook.engine.rules import Rules
    from scorebook.games.dice_baseball import ChartFile
    from scorebook.notation.lineup_csv import CsvTeam
    from scorebook.notation.model import GameFile, Header


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NoSuchFile("no such file", path=str(path)) from None
    except UnicodeDecodeError as problem:
        line, col = _byte_place(problem.object, problem.start)
        raise CannotReadFile(f"not UTF-8 text: {problem.reason}; save the file as UTF-8", path=str(path), line=line, col=col) from None
    except OSError as problem:
        raise CannotReadFile(f"cannot read the file: {problem}", path=str(path)) from None


def _byte_place(data: bytes, offset: int) -> tuple[int, int]:
    """(line, column in characters) of a byte offset into text that is UTF-8 up to there."""
    start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, len(data[start:offset].decode("utf-8")) + 1


def is_file(path: Path) -> bool:
    """Whether a file is there; a name the system refuses (too long, say) names none."""
    try:
        return path.is_file()
    except OSError:  # "File name too long"
        return False


def read_lineups(path: Path, rules: str | None) -> tuple[tuple[GivenLineup | None, GivenLineup | None], tuple[str, ...]]:
    """A lineup file: each team's lineup and pitcher (None for a team left out), and Bonn Die's
    `player` lines (`notation.syntax.parse_lineups`). A lineup the rules do not allow (its
    number of batters, a name or position twice) is refused at its line of the file; with no
    rules (a blank scoresheet, which may be filled in part) the lineups are taken as written."""
    text = read_text(path)
    if path.suffix.lower() == ".csv":
        return _csv_lineups(text, str(path), rules), ()
    given, players = parse_lineups(text, str(path))
    if rules is not None and game_named(rules).lineups:  # Bonn Die's players throw in turn: no lineup to check
        from scorebook.engine.core import check_lineup

        game = rules_for(rules)
        for team, lineup in enumerate(given):
            if lineup:
                try:
                    check_lineup(lineup.lineup, f"the {TEAM_WORDS[team]} lineup", game, lineup.line)
                except ScorebookProblem as problem:
                    raise problem.at(str(path), col=1) from None  # a short lineup: its statement
    return given, players


def _csv_lineups(text: str, path: str, rules: str | None) -> tuple[GivenLineup | None, GivenLineup | None]:
    """A CSV lineup file (`notation/lineup_csv.py`, with its `team` column): each team's batting
    order and starting pitcher, as the statements a lineup file writes; a team left out, None."""
    from scorebook.notation.format import format_name, quote
    from scorebook.notation.lineup_csv import csv_team, read_roster_csv

    rows = read_roster_csv(text, path, teams=True)
    given: list[GivenLineup | None] = []
    for team, side in enumerate(TEAM_WORDS):
        mine = [row for row in rows if row.team == team]
        if not mine:
            given.append(None)
            continue
        read = csv_team(mine, path, f"the {side} lineup")
        extra = next((row for row in mine if row.order is None and row.name != read.pitchers[0]), None)
        if extra:
            raise InvalidLineupFile(
                f"{extra.name} neither bats nor starts: a lineup file has the batting order and the starting pitcher "
                "(the bullpen and the bench go in a league's roster file)", path=path, line=extra.line, col=extra.col,
            )  # fmt: skip
        if rules is not None and game_named(rules).lineups:
            check_csv_lineup(read, f"the {side} lineup", rules, path)
        lines = (f"lineup {side} " + " ".join(format_name(e.name, e.position) for e in read.lineup), f"pitcher {side} {quote(read.pitchers[0])}")
        given.append(GivenLineup(read.lineup, read.pitchers[0], lines, read.batters[0].line))
    return given[0], given[1]


def check_csv_lineup(team: CsvTeam, what: str, rules: str, path: str) -> None:
    """A CSV file's batting order checked as a game's is (`engine.core.check_lineup`), a problem
    pointed at the batter's row."""
    from scorebook.engine.core import check_lineup

    try:
        check_lineup(team.lineup, what, rules_for(rules), 0)
    except IllegalPlay as problem:
        row = team.batters[problem.col - 1] if problem.col else team.batters[0]
        raise InvalidLineupFile(problem.message, path=path, line=row.line, col=row.col) from None


def read_chart(path: Path) -> ChartFile:
    """A chart file, checked: a problem names the file, line and column."""
    from scorebook.games.dice_baseball import ChartFile, parse_chart

    if any(c.isspace() or c in '#"' for c in path.name):
        raise InvalidChart(
            "a game names its chart in one word, `chart=NAME`: rename the file without spaces, # or quotes",
            path=str(path),
        )
    text = read_text(path)
    parse_chart(text, str(path))
    return ChartFile(path.name, text)


def rules_of(header: Header, folder: Path | None = None, stored: str | None = None) -> Rules:
    """A baseball game's rules from its header; a problem points at its `rules=` or `chart=`.
    The `chart=` is the chart stored with the game (`stored`, the TOML text), else the file of
    that name in `folder` (the current folder by default)."""
    name = header.option("chart")
    if not name:
        try:
            return rules_for(header.rules)
        except IllegalPlay as problem:
            raise problem.at(line=header.line, col=header.column("rules")) from None
    from scorebook.games.dice_baseball import ChartFile

    line, col = header.line, header.column("chart")
    charted = [game.name for game in GAMES.values() if game.chart]
    if header.rules not in charted:
        raise IllegalPlay(f"chart= is for {' or '.join(f'rules={n}' for n in charted)}, not rules={header.rules}", line=line, col=col)
    if stored is not None:
        return rules_for(header.rules, ChartFile(name, stored))
    path = (folder or Path()) / name
    if not is_file(path):
        raise IllegalPlay(
            f"chart={name}: no such chart file ({path}); put the league's chart beside the game file", line=line, col=col
        )
    return rules_for(header.rules, ChartFile(name, read_chart(path).text))


def replay_game(game: GameFile, folder: Path | None = None, chart: str | None = None) -> Replay:
    """Replay a parsed baseball game file under the rules its header names; the chart it names
    is `chart` (its TOML, as the store keeps it), else the file in `folder`."""
    from scorebook.engine.core import replay

    try:
        rules = rules_of(game.header, folder, chart)
    except IllegalPlay as problem:
        raise problem.at(game.path, game.header.line, 1) from None
    return replay(game, rules)


def replay_text(text: str, name: str, folder: Path | None = None, chart: str | None = None) -> Replay | BonnDieReplay:
    """Parse and replay a game's text, with its game's parser and engine (`games/registry.py`;
    only that game's modules are imported, so a scoresheet's command starts sooner); the chart
    it names is `chart` (its TOML, as the store keeps it), else the file in `folder`."""
    game = game_of_text(text)
    parsed: Any = game.parse(text, name)
    if game.rules is None:  # a game whose engine is its rules (Bonn Die)
        return game.replay_parsed(parsed)
    return replay_game(parsed, folder, chart)


def read_game(path: Path) -> tuple[str, Replay | BonnDieReplay]:
    """A game file's text and its replay; problems carry file:line:col."""
    text = read_text(path)
    return text, replay_text(text, str(path), path.parent)


def write_chart_beside(folder: Path, chart: ChartFile) -> None:
    """Write the chart that games name (`chart=NAME`) into their folder, where `check` looks
    for it; a different file of that name is left as it is. A name that leads out of the folder
    (`chart=../x.toml`, an absolute path) is refused: an export writes only inside its folder."""
    path = folder / chart.name
    if not path.resolve().is_relative_to(folder.resolve()):
        raise CannotWriteFile(
            f"the games name their chart chart={chart.name}, outside the folder written to: nothing is "
            "written there; name the chart by a path inside the game's folder (chart=house-chart.toml)",
            path=str(folder),
        )
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(chart.text, encoding="utf-8")
    elif read_text(path) != chart.text:
        raise CannotWriteFile(
            f"the games name their chart chart={chart.name}, and a different file of that name is here: "
            "give another folder, or rename the chart file",
            path=str(path),
        )
