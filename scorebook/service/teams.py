"""A team's season as its pages show it: its games in order with the result and the record
after each, for a league's team or a team that plays outside any league."""

from __future__ import annotations

from dataclasses import dataclass

from scorebook.store.db import GameSummary


@dataclass(frozen=True, slots=True)
class LoggedGame:
    game: GameSummary
    home: bool  # the team was at home
    opponent: str
    runs: int  # the team's
    against: int
    outcome: str  # W, L, T (a final tie) or "" (not final)
    record: str  # the team's wins and losses after the game, "3-1"


def game_log(games: list[GameSummary], team: str) -> list[LoggedGame]:
    """The team's games among `games` (in the order given: by date), each with its outcome and
    the record after it; a game in progress counts for neither side."""
    won = lost = 0
    log = []
    for game in games:
        if team not in (game.away, game.home):
            continue
        home = game.home == team
        runs, against = (game.home_score, game.away_score) if home else (game.away_score, game.home_score)
        outcome = "" if game.status != "final" else "W" if runs > against else "L" if runs < against else "T"
        won, lost = won + (outcome == "W"), lost + (outcome == "L")
        log.append(LoggedGame(game, home, game.away if home else game.home, runs, against, outcome, f"{won}-{lost}"))
    return log
