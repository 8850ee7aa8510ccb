"""Stage 1: the game-file notation, parsed without game state (syntax only)."""

from scorebook.notation.model import GameFile, Play
from scorebook.notation.syntax import parse_game, parse_play

__all__ = ["GameFile", "Play", "parse_game", "parse_play"]
