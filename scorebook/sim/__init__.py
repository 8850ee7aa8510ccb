"""Stage 0, the other way round: simulated games, written as game files the engine accepts.

`simulate_game(seed)` plays one game die by die and returns its text; the same seed gives
the same game. Managers (`sim/managers.py`) make the table decisions.
"""

from __future__ import annotations

from scorebook.sim.managers import Manager, Situation
from scorebook.sim.writer import GameWriter


def player_for(rules: str):
    from scorebook.sim.diceball import DiceballPlayer

    players = {"diceball": DiceballPlayer}
    try:
        return players[rules]()
    except KeyError:
        raise ValueError(f"no simulator for rules={rules}; simulate plays {', '.join(players)}") from None


def simulate_game(seed: int | str, rules: str = "diceball", **options: object) -> str:
    """One complete game's text. Options: away, home, innings, managers, rosters, game_id, date."""
    return GameWriter(rules, seed, **options).text(player_for(rules))  # type: ignore[arg-type]


__all__ = ["GameWriter", "Manager", "Situation", "simulate_game"]
