"""The game state: small, immutable, cheap to copy, so undo is free and replay is fast.

NamedTuples rather than frozen dataclasses: as immutable, and several times faster to build."""

from __future__ import annotations

from typing import NamedTuple

from scorebook.notation.model import BASE_WORDS, HALF_WORDS

TOP, BOTTOM = 0, 1


def next_half(inning: int, half: int) -> tuple[int, int]:
    """The half-inning after `half` of `inning`: the top of the first before any (inning 0)."""
    if inning == 0:
        return 1, TOP
    return (inning, BOTTOM) if half == TOP else (inning + 1, TOP)


class Runner(NamedTuple):
    """A runner on base: who, which pitcher answers for him, and an identity for the
    earned-run reconstruction that survives a pinch runner taking his place."""

    player: str
    pitcher: str
    uid: int
    inning: int  # the inning he batted in: his scoresheet box


class Team(NamedTuple):
    """A team's lineup as it stands: who bats in each slot, who is up, who pitches."""

    name: str
    players: tuple[str, ...]
    positions: tuple[int | None, ...]
    up: int  # index of the next batter
    pitcher: str
    used: frozenset[str]  # everyone who has played: a player taken out may not return
    pitchers_used: frozenset[str]
    replaced: tuple[int, str] = (-1, "")  # the last substitution: (slot index, the player taken out)
    pitched: tuple[str, ...] = ()  # the team's pitchers in the order they came in
    defense: tuple[str, ...] = ()  # who plays positions 1-9 (index 0, the pitcher); "" where no one is known to

    @property
    def batter(self) -> str:
        return self.players[self.up]

    @property
    def relieved(self) -> str:
        """The pitcher the pitching one replaced ("" for the starter)."""
        return self.pitched[-2] if len(self.pitched) > 1 else ""


class Shadow(NamedTuple):
    """The half-inning reconstructed without the errors and passed balls (official rule 9.16,
    `engine/earned.py`): the uids of the runners who would be on each base, and the outs there
    would be. `pitcher`: "" for the team's reconstruction; a relief pitcher's name for his own,
    begun from the bases and outs he found (rule 9.16(i)). `unearned`: runners in it whose runs
    are unearned anyway (they reached on catcher's interference, rule 9.16(b)(2)). `pending`:
    (uid, seq, n) of runs that scored unearned while their runners are still on base in it: each
    is earned if its runner scores in it later (the fact's run n of statement seq)."""

    bases: tuple[int | None, int | None, int | None] = (None, None, None)
    outs: int = 0
    pitcher: str = ""
    unearned: frozenset[int] = frozenset()
    pending: tuple[tuple[int, int, int], ...] = ()


EMPTY_BASES: tuple[Runner | None, Runner | None, Runner | None] = (None, None, None)


class GameState(NamedTuple):
    innings: int  # regulation length
    teams: tuple[Team, Team]
    inning: int = 0  # 0 before the first half-inning
    half: int = TOP
    outs: int = 0
    bases: tuple[Runner | None, Runner | None, Runner | None] = EMPTY_BASES
    score: tuple[int, int] = (0, 0)
    in_half: bool = False  # a half-inning is under way (started, fewer than three outs)
    over: bool = False
    # The half's reconstructions (rule 9.16): none until its first error or passed ball (the half
    # is its own); then the team's, and one for each pitcher who came in after it (rule 9.16(i)).
    shadows: tuple[Shadow, ...] = ()
    uids: int = 0  # runner identities handed out so far
    # Runner-event lines since the batter's last pitch that his count must show (Diceball: the
    # steals' pitches, a strike or a ball; the missed squeezes' strikes): (steals, squeezes).
    pitch_events: tuple[int, int] = (0, 0)
    # The fielders of each out the last runner-event line made, kept until the next statement that
    # settles a play: a plate appearance on the same pitch may join them in one double play (`dp=yes`).
    pitch_outs: tuple[tuple[int, ...], ...] = ()
    # The batter's balls and strikes when, during his plate appearance, the fielding team changed
    # pitchers (`pitcher home "R" count=2-1`) and when a pinch hitter took his place (`sub ...
    # count=0-2`): rules 9.16(h) and 9.15(b) charge its result by them. None between them.
    relieved_count: tuple[int, int] | None = None
    replaced_count: tuple[int, int] | None = None
    # A game's own count per team over the whole game (Diceball: its hit-and-run attempts,
    # "limited to two hit-and-run attempts per game"), kept by its rules' hooks.
    game_counts: tuple[int, int] = (0, 0)

    @property
    def batting(self) -> int:
        return self.half

    @property
    def fielding(self) -> int:
        return 1 - self.half

    def describe(self) -> str:
        """The short state string quoted in every rule problem."""
        if self.over:
            return f"game over, {self.teams[0].name} {self.score[0]}, {self.teams[1].name} {self.score[1]}"
        if self.inning == 0:
            return "before the first half-inning"
        where = f"{HALF_WORDS[self.half]} {self.inning}"
        if not self.in_half:
            return f"end of {where}"
        return f"{where}, {self.outs} out{'' if self.outs == 1 else 's'}, {describe_bases(self.bases)}"


def describe_bases(bases: tuple[object | None, ...]) -> str:
    occupied = [BASE_WORDS[b] for b in (1, 2, 3) if bases[b - 1] is not None]
    if not occupied:
        return "bases empty"
    if len(occupied) == 3:
        return "bases loaded"
    if len(occupied) == 1:
        return f"runner on {occupied[0]}"
    return f"runners on {occupied[0]} and {occupied[1]}"
