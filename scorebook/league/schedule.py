"""Round-robin schedules by the circle method."""

from __future__ import annotations

import datetime
import itertools
from dataclasses import dataclass


@dataclass(frozen=True)
class Slot:
    number: int  # 1, 2, ... in the order the games are played
    round: int
    date: str
    away: str
    home: str


def round_robin(teams: list[str], rounds: int = 1, start: str = "2026-04-01") -> list[Slot]:
    """Every team meets every other once per round, by the circle method: one place stays put,
    the others turn around it. With an odd number of teams the fixed place is the bye: the team
    facing it sits out the day. Home and away alternate by place (the fixed place's game by
    day), which leaves each team at home as often as away in a round when the count is odd,
    and one game more one way or the other when it is even (each team plays an odd number of
    games); each pairing is played once at each park over two rounds. One day per round-day."""
    players = ([None] if len(teams) % 2 else []) + list(teams)
    n = len(players)
    days = []
    for day in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            if a is None or b is None:
                continue  # the bye
            # The fixed place alternates home and away by day; the others by their place.
            a_visits = (day % 2 == 0) if i == 0 else (i % 2 == 1)
            pairs.append((a, b) if a_visits else (b, a))
        days.append(pairs)
        players = [players[0], players[-1], *players[1:-1]]
    slots = []
    date = datetime.date.fromisoformat(start)
    for r in range(rounds):
        for pairs in days:
            for first, second in pairs:
                away, home = (second, first) if r % 2 else (first, second)
                slots.append(Slot(len(slots) + 1, r + 1, date.isoformat(), away, home))
            date += datetime.timedelta(days=1)
    return slots


def with_byes(rows: list[dict[str, object]], teams: list[str]) -> list[dict[str, object]]:
    """The schedule's rows (`number round date away home game_id forfeit`, in order) with,
    after each day's games, a row for each team sitting the day out: its `bye`, no number."""
    shown: list[dict[str, object]] = []
    for _, day in itertools.groupby(rows, key=lambda row: row["date"]):
        games = list(day)
        shown += [{**row, "bye": ""} for row in games]
        playing = {row[side] for row in games for side in ("away", "home")}
        blank = {**games[-1], "number": None, "away": "", "home": "", "game_id": None, "forfeit": ""}
        shown += [{**blank, "bye": team} for team in teams if team not in playing]
    return shown
