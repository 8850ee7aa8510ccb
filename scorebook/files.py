"""Reading game files from disk: the only place the library opens a game file.

A Dice Baseball game may name its league's chart (`chart=house.toml`), found beside the file."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from scorebook.engine.core import Replay, check_lineup, replay
from scorebook.games import rules_for, rules_of
from scorebook.games.dice_baseball import ChartFile
from scorebook.notation.bonn_die import is_bonn_die
from scorebook.notation.model import TEAM_WORDS, GivenLineup
from scorebook.notation.syntax import parse_game, parse_lineups
from scorebook.problems import CannotReadFile, CannotWriteFile, IllegalPlay, NoSuchFile, ScorebookProblem

if TYPE_CHECKING:
    from scorebook.engine.bonn_die import BonnDieReplay


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NoSuchFile("no such file", path=str(path)) from None
    except (OSError, UnicodeDecodeError) as problem:
        raise CannotReadFile(f"cannot read the file: {problem}", path=str(path)) from None


def read_lineups(path: Path, rules: str | None) -> tuple[tuple[GivenLineup | None, GivenLineup | None], tuple[str, ...]]:
    """A lineup file: each team's lineup and pitcher (None for a team left out), and Bonn Die's
    `player` lines (`notation.syntax.parse_lineups`). A lineup the rules do not allow (its
    number of batters, a name or position twice) is refused at its line of the file; with no
    rules (a blank scoresheet, which may be filled in part) the lineups are taken as written."""
    given, players = parse_lineups(read_text(path), str(path))
    if rules not in (None, "bonn-die"):  # Bonn Die's players throw in turn: it has no lineup to check
        game = rules_for(rules)
        for team, lineup in enumerate(given):
            if lineup:
                try:
                    check_lineup(lineup.lineup, f"the {TEAM_WORDS[team]} lineup", game, lineup.line)
                except ScorebookProblem as problem:
                    raise problem.at(str(path), col=1) from None  # a short lineup: its statement
    return given, players


def replay_text(text: str, name: str, folder: Path | None = None, chart: str | None = None) -> Replay | BonnDieReplay:
    """Parse and replay a game's text; the chart it names is `chart` (its TOML, as the store
    keeps it), else the file in `folder`. A Bonn Die game (rules=bonn-die) has its own syntax
    and engine."""
    if is_bonn_die(text):  # its engine imported only for it: a scoresheet's command starts sooner
        from scorebook.engine import bonn_die
        from scorebook.notation.bonn_die import parse_bonn_die

        return bonn_die.replay(parse_bonn_die(text, name))
    game = parse_game(text, name)
    try:
        rules = rules_of(game.header, folder, chart)
    except IllegalPlay as problem:
        raise problem.at(name, game.header.line, 1) from None
    return replay(game, rules)


def read_game(path: Path) -> tuple[str, Replay | BonnDieReplay]:
    """A game file's text and its replay; problems carry file:line:col."""
    text = read_text(path)
    return text, replay_text(text, str(path), path.parent)


def write_chart_beside(folder: Path, chart: ChartFile) -> None:
    """Write the chart that games name (`chart=NAME`) into their folder, where `check` looks
    for it; a different file of that name is left as it is."""
    path = folder / chart.name
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(chart.text, encoding="utf-8")
    elif read_text(path) != chart.text:
        raise CannotWriteFile(
            f"the games name their chart chart={chart.name}, and a different file of that name is here: "
            "give another folder, or rename the chart file",
            path=str(path),
        )
