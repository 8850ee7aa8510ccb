"""Stage 2b: each game's rules, and the registry of the games (`registry.py`): what every stage
needs to know of a game. The engine asks a game's rules for defaults and game-specific checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorebook.games.registry import (
    DEFAULT,
    GAMES,
    KNOWN_RULES,
    LEADER_TABLES,
    LEAGUE_RULES,
    SIMULATED,
    STATS_TABLES,
    Game,
    Lazy,
    Leaders,
    either,
    game_named,
    game_of,
    game_of_box,
    game_of_text,
)

if TYPE_CHECKING:
    from scorebook.engine.rules import Rules


def rules_for(name: str, chart: Any = None) -> Rules:
    """The rules of a baseball game; `chart`: a Dice Baseball chart (`ChartFile`) of the league's own."""
    return game_named(name).new_rules(chart)


__all__ = [
    "DEFAULT", "GAMES", "KNOWN_RULES", "LEADER_TABLES", "LEAGUE_RULES", "SIMULATED", "STATS_TABLES",
    "Game", "Lazy", "Leaders", "either", "game_named", "game_of", "game_of_box", "game_of_text", "rules_for",
]  # fmt: skip
