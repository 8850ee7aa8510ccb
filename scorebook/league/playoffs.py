"""Playoffs: seeds from the standings, best-of-N series that advance as their games are stored."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorebook.league.standings import Result
from scorebook.problems import InvalidPlayoffs


@dataclass
class Series:
    round: int
    high: tuple[int, str]  # (seed, team): the higher seed has the home field
    low: tuple[int, str]
    best_of: int
    wins: dict[str, int] = field(default_factory=dict)

    @property
    def needed(self) -> int:
        return self.best_of // 2 + 1

    @property
    def winner(self) -> str:
        return next((team for team, won in self.wins.items() if won >= self.needed), "")

    @property
    def played(self) -> int:
        return sum(self.wins.values())

    def next_home(self) -> str:
        """The home team of the next game: 2-2-1 (then alternating), the higher seed first."""
        game = self.played + 1
        return self.high[1] if game in (1, 2, 5, 7) else self.low[1]

    def describe(self) -> str:
        (hs, ht), (ls, lt) = self.high, self.low
        score = f"{self.wins.get(ht, 0)}-{self.wins.get(lt, 0)}"
        state = f"{self.winner} wins {max(self.wins.values())}-{min(self.wins.values())}" if self.winner else f"{score}, {'tied' if self.wins.get(ht, 0) == self.wins.get(lt, 0) else 'leads: ' + max(self.wins, key=self.wins.get)}"
        return f"({hs}) {ht} vs ({ls}) {lt}, best of {self.best_of}: {state}"


def check_format(teams: int, best_of: int, entrants: int) -> None:
    """Refuse a bracket that cannot be played (`--teams`, `--best-of`)."""
    check_bracket(teams, entrants)
    check_series(best_of)


def check_bracket(teams: int, entrants: int, name: str = "--teams") -> None:
    """A bracket's size is a power of two (each round halves the field) no larger than the
    league. `name` is what the user wrote: the option, or the TOML key."""
    fits = ", ".join(str(2**k) for k in range(1, entrants.bit_length()))
    if teams < 2 or teams & (teams - 1):
        raise InvalidPlayoffs(
            f"{name} {teams}: a playoff bracket has 2, 4, 8, 16 ... teams (each round halves them); "
            f"this league's {entrants} can fill {fits}"
        )
    if teams > entrants:
        raise InvalidPlayoffs(f"{name} {teams}: the league has only {entrants} teams; a bracket of {fits} fits it")


def check_series(best_of: int, name: str = "--best-of") -> None:
    """A series is of an odd number of games: one team wins most of them."""
    if best_of < 1 or best_of % 2 == 0:
        raise InvalidPlayoffs(
            f"{name} {best_of}: a series is best of an odd number of games (1, 3, 5, 7 ...), "
            "so that one team wins most of them"
        )


def first_round(count: int) -> list[tuple[int, int]]:
    """The seed pairings of a bracket of `count` (a power of two): 1-8, 4-5, 2-7, 3-6 for eight,
    so that the top seeds meet last."""
    pairs = [(1, 2)]
    while len(pairs) * 2 < count:
        size = len(pairs) * 4 + 1
        pairs = [p for high, low in pairs for p in ((high, size - high), (low, size - low))]
    return [(min(p), max(p)) for p in pairs]


def bracket(seeds: list[str], games: list[Result], best_of: int) -> list[list[Series]]:
    """Every round so far: the first from the seeds, each next one as its series are decided.
    `games` are the playoff games in the order played."""
    count = len(seeds)
    if count < 2 or count & (count - 1):
        raise ValueError("a playoff bracket has 2, 4, 8 or 16 teams")
    remaining = list(games)
    rounds = []
    entrants = [((high, seeds[high - 1]), (low, seeds[low - 1])) for high, low in first_round(count)]
    number = 1
    while entrants:
        series_list = []
        for high, low in entrants:
            series = Series(number, high, low, best_of, {high[1]: 0, low[1]: 0})
            for game in list(remaining):
                if series.winner:
                    break
                if {game.away, game.home} == {high[1], low[1]}:
                    series.wins[game.winner] += 1
                    remaining.remove(game)
            series_list.append(series)
        rounds.append(series_list)
        if len(series_list) == 1 or not all(s.winner for s in series_list):
            break
        winners = [(s.high if s.winner == s.high[1] else s.low) for s in series_list]
        entrants = [(min(pair), max(pair)) for pair in zip(winners[::2], winners[1::2])]
        number += 1
    return rounds


def champion(rounds: list[list[Series]]) -> str:
    last = rounds[-1]
    return last[0].winner if len(last) == 1 else ""
