"""Stage 2b: each game's rules. The engine asks these for defaults and game-specific checks."""

from __future__ import annotations

from pathlib import Path

from scorebook.games.baseball import Baseball
from scorebook.games.dice_baseball import ChartFile, DiceBaseball, read_chart
from scorebook.games.diceball import Diceball
from scorebook.notation.model import Header
from scorebook.problems import IllegalPlay, UnknownGameRules

RULE_SETS: dict[str, type[Baseball]] = {"diceball": Diceball, "dice-baseball": DiceBaseball, "baseball": Baseball}
# Every game scorebook keeps: Bonn Die's own syntax and engine take a file that says rules=bonn-die
# (files.replay_text) before these rule sets are asked.
KNOWN_RULES = (*RULE_SETS, "bonn-die")


def rules_for(name: str, chart: ChartFile | None = None) -> Baseball:
    """The rules of a game; `chart`: a Dice Baseball chart of the league's own."""
    if name not in RULE_SETS:
        raise UnknownGameRules(f"unknown rules={name}; scorebook knows {', '.join(KNOWN_RULES)}")
    if name == "dice-baseball":
        return DiceBaseball(chart)
    return RULE_SETS[name]()


def rules_of(header: Header, folder: Path | None = None, stored: str | None = None) -> Baseball:
    """A game's rules from its header; a problem points at its `rules=` or `chart=`. The
    `chart=` is the chart stored with the game (`stored`, the TOML text), else the file of that
    name in `folder` (the current folder by default)."""
    name = header.option("chart")
    if not name:
        try:
            return rules_for(header.rules)
        except IllegalPlay as problem:
            raise problem.at(line=header.line, col=header.column("rules")) from None
    line, col = header.line, header.column("chart")
    if header.rules != "dice-baseball":
        raise IllegalPlay(f"chart= is for rules=dice-baseball, not rules={header.rules}", line=line, col=col)
    if stored is not None:
        return rules_for(header.rules, ChartFile(name, stored))
    path = (folder or Path()) / name
    if not path.is_file():
        raise IllegalPlay(
            f"chart={name}: no such chart file ({path}); put the league's chart beside the game file", line=line, col=col
        )
    return rules_for(header.rules, ChartFile(name, read_chart(path).text))
