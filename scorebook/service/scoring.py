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


@dataclass(frozen=True, slots=True)
class ScoringState:
    """What the scorer at the table reads before each statement (the `live` prompt, the web's
    scoring page). Between half-innings the batter, on-deck batter and pitcher are the next
    half's; a game without lineups (Bonn Die) has none, its `line` says who throws."""

    line: str  # the state line `scorebook record` prints
    inning: str  # "top 3"; between halves "end of top 3", before the first "before the first half-inning"
    next_half: str  # between halves the half-inning to come ("bottom 3"), else ""
    outs: int
    runners: tuple[str, str, str]  # who is on first, second and third ("" for an empty base)
    score: str  # "Team 1 2, Team 2 1"
    batter: str
    slot: int  # the batter's place in the order, 1-9 (0: none)
    on_deck: str
    pitcher: str
    count: str  # the pitches the batter has seen that the state knows of ("" for none)
    over: bool


def scoring_state(state: Any, teams: tuple[str, str], game: Any) -> ScoringState:
    """The scoring state of a game's engine `state` (`teams`: the header's; `game`: its
    registry entry, `scorebook.games.game_of`)."""
    from scorebook.engine.state import HALF_WORDS, next_half
    from scorebook.store.live import Recorded, state_line

    line = state_line(Recorded([], state, teams, game))
    score = f"{teams[0]} {state.score[0]}, {teams[1]} {state.score[1]}"
    if not game.lineups or state.over:
        return ScoringState(line, state.describe(), "", 0, ("", "", ""), score, "", 0, "", "", "", state.over)
    inning, half = (state.inning, state.half) if state.in_half else next_half(state.inning, state.half)
    here = f"{HALF_WORDS[half]} {inning}"
    batting, fielding = state.teams[half], state.teams[1 - half]
    on_deck = batting.players[(batting.up + 1) % len(batting.players)]
    runners = tuple(runner.player if runner else "" for runner in state.bases) if state.in_half else ("", "", "")
    return ScoringState(
        line, here if state.in_half else state.describe(), "" if state.in_half else here, state.outs if state.in_half else 0,
        runners, score, batting.batter, batting.up + 1, on_deck, fielding.pitcher, _count(state), False,
    )  # fmt: skip


def _count(state: Any) -> str:
    """The pitches of the plate appearance under way that the state knows of: Diceball's steals,
    each made on a pitch that is a strike on a swing or a ball, and its missed squeezes, each a
    strike (rulebook: The Regular Stolen Base, The Suicide Bunt). A plate appearance is one
    statement, its own pitches written with it (`pitches=`): no other count is known before."""
    steals, squeezes = getattr(state, "pitch_events", (0, 0))
    parts = [f"{squeezes} strike{'s' if squeezes > 1 else ''} on a missed squeeze"] if squeezes else []
    parts += [f"{steals} pitch{'es' if steals > 1 else ''} on a steal (a strike or a ball)"] if steals else []
    return ", ".join(parts)


def up_next(game: Any) -> UpNext:
    """A replayed game's batter, on-deck batter and pitcher now (between halves: the next
    half-inning's); nobody in a finished game or one whose teams bat in no order (Bonn Die)."""
    now = scoring_state(game.state, game.game.header.teams, game_of(game))
    return UpNext(now.batter, now.on_deck, now.pitcher)


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
