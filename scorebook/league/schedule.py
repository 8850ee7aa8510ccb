"""Round-robin schedules by the circle method."""

from __future__ import annotations

import datetime
from dataclasses import dataclass


@dataclass(frozen=True)
class Slot:
    number: int  # 1, 2, ... in the order the games are played
    round: int
    date: str
    away: str
    home: str


def round_robin(teams: list[str], rounds: int = 1, start: str = "2026-04-01") -> list[Slot]:
    """Every team meets every other once per round, by the circle method: one team stays put,
    the others turn around it; with an odd number of teams one sits out each day (a bye).
    Home and away alternate so that each pairing is home as often as away over two rounds, and
    within a round no team is at home much more than away. One day per round-day."""
    players = list(teams) + ([None] if len(teams) % 2 else [])
    n = len(players)
    days = []
    for day in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            if a is None or b is None:
                continue  # the bye
            # The fixed team alternates home and away by day; the others by their place.
            home_first = (day % 2 == 0) if i == 0 else (i % 2 == 1)
            pairs.append((a, b) if home_first else (b, a))
        days.append(pairs)
        players = [players[0], players[-1], *players[1:-1]]
    slots = []
    date = datetime.date.fromisoformat(start)
    for r in range(rounds):
        for pairs in days:
            for away, home in pairs:
                if r % 2:
                    away, home = home, away
                slots.append(Slot(len(slots) + 1, r + 1, date.isoformat(), away, home))
            date += datetime.timedelta(days=1)
    return slots
