"""Stage 2b: each game's rules. The engine asks these for defaults and game-specific checks."""

from __future__ import annotations

from scorebook.games.baseball import Baseball
from scorebook.games.diceball import Diceball
from scorebook.problems import IllegalPlay

RULE_SETS: dict[str, type[Baseball]] = {"diceball": Diceball, "baseball": Baseball}


def rules_for(name: str) -> Baseball:
    try:
        return RULE_SETS[name]()
    except KeyError:
        raise IllegalPlay(f"unknown rules={name}; scorebook knows {', '.join(RULE_SETS)}") from None
