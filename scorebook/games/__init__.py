"""Stage 2b: each game's rules. The engine asks these for defaults and game-specific checks."""

from __future__ import annotations

from scorebook.games.baseball import Baseball
from scorebook.games.dice_baseball import DiceBaseball, load_chart
from scorebook.games.diceball import Diceball
from scorebook.problems import IllegalPlay

RULE_SETS: dict[str, type[Baseball]] = {"diceball": Diceball, "dice-baseball": DiceBaseball, "baseball": Baseball}


def rules_for(name: str, chart: str | None = None) -> Baseball:
    """The rules of a game; `chart` names a Dice Baseball chart file (a league's own)."""
    if name not in RULE_SETS:
        raise IllegalPlay(f"unknown rules={name}; scorebook knows {', '.join(RULE_SETS)}")
    if name == "dice-baseball":
        try:
            return DiceBaseball(load_chart(chart))
        except (OSError, ValueError) as problem:
            raise IllegalPlay(f"the dice chart: {problem}") from None
    if chart:
        raise IllegalPlay(f"chart= is for rules=dice-baseball, not rules={name}")
    return RULE_SETS[name]()
