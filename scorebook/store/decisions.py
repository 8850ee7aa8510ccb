"""The pitchers' decisions as rows of the `decisions` table: one row per game and pitcher,
written with the game's facts (the bulk import, `store/db.py`) or when live scoring finishes
the game (`store/live.py`). Pure Python, no database import, as `rows.py`."""

from __future__ import annotations

from collections.abc import Sequence

from scorebook.engine.decisions import DECISION_COUNTS, game_decisions
from scorebook.engine.facts import Fact
from scorebook.notation.model import Header

DECISION_COLUMNS = ("game_id", "team", "player", *(count.lower() for count in DECISION_COUNTS))


def decision_rows(game_id: str, header: Header, facts: Sequence[Fact], final: bool, exhibition: bool = False) -> list[tuple]:
    """The rows of a game's decisions: none until it is final. `exhibition`: an All-Star game."""
    return [
        (game_id, header.teams[d.team], d.pitcher, *d.counts().values())
        for d in game_decisions(header, facts, final, exhibition)
    ]
