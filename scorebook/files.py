"""Reading game files from disk: the only place the library opens a game file.

A Dice Baseball game may name its league's chart (`chart=house.toml`), found beside the file."""

from __future__ import annotations

from pathlib import Path

from scorebook.engine import bonn_die
from scorebook.engine.bonn_die import BonnDieReplay
from scorebook.engine.core import Replay, replay
from scorebook.games import rules_for
from scorebook.notation.bonn_die import is_bonn_die, parse_bonn_die
from scorebook.notation.model import GivenLineup
from scorebook.notation.syntax import parse_game, parse_lineups
from scorebook.problems import ScorebookProblem


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScorebookProblem("no such file", path=str(path)) from None
    except (OSError, UnicodeDecodeError) as problem:
        raise ScorebookProblem(f"cannot read the file: {problem}", path=str(path)) from None


def read_lineups(path: Path) -> tuple[tuple[GivenLineup | None, GivenLineup | None], tuple[str, ...]]:
    """A lineup file: each team's lineup and pitcher (None for a team left out), and Bonn Die's
    `player` lines (`notation.syntax.parse_lineups`)."""
    return parse_lineups(read_text(path), str(path))


def replay_text(text: str, name: str, folder: Path | None = None) -> Replay | BonnDieReplay:
    """Parse and replay a game's text; its chart, if it names one, is looked for in `folder`.
    A Bonn Die game (rules=bonn-die) has its own syntax and engine."""
    if is_bonn_die(text):
        return bonn_die.replay(parse_bonn_die(text, name))
    game = parse_game(text, name)
    chart = game.header.option("chart")
    rules = rules_for(game.header.rules, str((folder or Path()) / chart)) if chart else None
    return replay(game, rules)


def read_game(path: Path) -> tuple[str, Replay | BonnDieReplay]:
    """A game file's text and its replay; problems carry file:line:col."""
    text = read_text(path)
    return text, replay_text(text, str(path), path.parent)
