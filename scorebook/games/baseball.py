"""The official rules of baseball, played as a game of its own (`rules=baseball`, the
Retrosheet import's): the engine's rules interface as it stands, since its defaults are the
official rules (`engine/rules.py`)."""

from __future__ import annotations

from scorebook.engine.rules import Rules


class Baseball(Rules):
    name = "baseball"
    unknown_fielders = True  # a historical record's `?` (Retrosheet's `99`): the out, no fielder credited
