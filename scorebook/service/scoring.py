"""What the scorer at the table reads besides the state line: who bats, who is on deck, who
pitches (the next half-inning's, between halves), and the count the pitch dice make."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorebook.games import game_named, game_of


@dataclass(frozen=True, slots=True)
class UpNext:
    batter: str
    on_deck: str
    pitcher: str


NOBODY = UpNext("", "", "")


def up_next(game: Any) -> UpNext:
    """A replayed game's batter, on-deck batter and pitcher now (between halves: the next
    half-inning's); nobody in a finished game or one whose teams bat in no order (Bonn Die)."""
    state = game.state
    if not game_of(game).lineups or state.over:
        return NOBODY
    half = state.half if state.in_half else 1 - state.half
    batting, fielding = state.teams[half], state.teams[1 - half]
    return UpNext(batting.batter, batting.players[(batting.up + 1) % len(batting.players)], fielding.pitcher)


DICE = frozenset("123456")


def pitch_count(rules: str, pitches: str) -> tuple[int, int, str] | None:
    """The count the batter's pitch dice make so far, as his game reads them (Diceball's
    rulebook, The Pitcher: `games.diceball.read_pitches`): balls, strikes, and how the plate
    appearance ended if it did ("walk", "strikeout", "in play"; "" while the count is open).
    None for a game whose plays carry no pitch dice, or what are not pitch dice."""
    read = game_named(rules).pitch_count
    if read is None or not set(pitches) <= DICE:
        return None
    balls, strikes, _, how = read(pitches)
    return balls, strikes, how
