"""Stage 2: the rule engine. Pure: `state + statement -> (state, fact)`; no I/O, no storage."""

from scorebook.engine.core import Replay, apply, new_game, replay
from scorebook.engine.facts import Fact
from scorebook.engine.state import GameState

__all__ = ["Fact", "GameState", "Replay", "apply", "new_game", "replay"]
