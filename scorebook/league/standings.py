"""Standings from results, with the league's tiebreakers applied in its order and the reason
for each tie broken written down."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

COLUMNS = ("team", "W", "L", "PCT", "GB", "RS", "RA", "DIFF", "HOME", "AWAY", "L10", "STRK", "tiebreak")


@dataclass(frozen=True)
class Result:
    """A finished game (or a forfeit: the winner given, no runs counted) in the order played."""

    away: str
    home: str
    away_runs: int
    home_runs: int
    forfeit_winner: str = ""

    @property
    def winner(self) -> str:
        if self.forfeit_winner:
            return self.forfeit_winner
        return self.away if self.away_runs > self.home_runs else self.home

    @property
    def loser(self) -> str:
        return self.home if self.winner == self.away else self.away


@dataclass
class Record:
    team: str
    wins: int = 0
    losses: int = 0
    runs_for: int = 0
    runs_against: int = 0
    home: list[int] = field(default_factory=lambda: [0, 0])
    away: list[int] = field(default_factory=lambda: [0, 0])
    results: list[str] = field(default_factory=list)  # "W"/"L" in order
    capped_diff: int = 0
    tiebreak: str = ""

    @property
    def pct(self) -> float:
        games = self.wins + self.losses
        return self.wins / games if games else 0.0


def _records(teams: list[str], results: list[Result], cap: int | None) -> dict[str, Record]:
    records = {team: Record(team) for team in teams}
    for game in results:
        for team, side in ((game.away, game.away_runs), (game.home, game.home_runs)):
            record = records[team]
            won = game.winner == team
            record.wins += won
            record.losses += not won
            record.results.append("W" if won else "L")
            split = record.home if team == game.home else record.away
            split[0 if won else 1] += 1
            if not game.forfeit_winner:
                other = game.home_runs if team == game.away else game.away_runs
                record.runs_for += side
                record.runs_against += other
                diff = side - other
                record.capped_diff += max(-cap, min(cap, diff)) if cap else diff
    return records


def _head_to_head(tied: list[Record], results: list[Result]) -> dict[str, tuple[int, int]] | None:
    """Each tied team's wins and losses in the games among them; None unless every two of them
    have met (a team that met none of the others has no record to be ranked by)."""
    names = {r.team for r in tied}
    record = {name: [0, 0] for name in names}
    met = set()
    for game in results:
        if game.away in names and game.home in names:
            record[game.winner][0] += 1
            record[game.loser][1] += 1
            met.add(frozenset((game.away, game.home)))
    if len(met) < len(names) * (len(names) - 1) // 2:
        return None
    return {name: (won, lost) for name, (won, lost) in record.items()}


def _order(tied: list[Record], results: list[Result], tiebreakers: tuple[str, ...], seed: int) -> list[Record]:
    """Order teams with the same winning percentage: the first tiebreaker that separates some
    of them decides between those, the rest go on to the next one. A team's reason is the rule
    that set it apart from the last of the teams it was tied with."""
    if len(tied) < 2:
        return tied
    if not tiebreakers:  # a league without the coin flip can leave teams tied
        for record in tied:
            record.tiebreak = "still tied after every tiebreaker (listed by name)"
        return tied
    rule, rest = tiebreakers[0], tiebreakers[1:]
    if rule == "head-to-head":
        h2h = _head_to_head(tied, results)
        if h2h is None:  # not all of them have met: the rule does not apply
            return _order(tied, results, rest, seed)
        key = {r.team: (h2h[r.team][0] / max(1, sum(h2h[r.team]))) for r in tied}
        say = {r.team: f"head-to-head {h2h[r.team][0]}-{h2h[r.team][1]}" for r in tied}
    elif rule == "run-differential":
        key = {r.team: r.capped_diff for r in tied}
        say = {r.team: f"run differential {r.capped_diff:+d}" for r in tied}
    elif rule == "runs-allowed":
        key = {r.team: -r.runs_against for r in tied}
        say = {r.team: f"fewest runs allowed ({r.runs_against})" for r in tied}
    else:  # the coin flip, seeded so that the standings come out the same every time
        flips = sorted(r.team for r in tied)
        random.Random(f"{seed}:{'|'.join(flips)}").shuffle(flips)
        key = {team: -flips.index(team) for team in flips}
        say = dict.fromkeys(flips, "coin flip")
    groups: dict[float, list[Record]] = {}
    for record in tied:
        groups.setdefault(key[record.team], []).append(record)
    if len(groups) == 1:
        return _order(tied, results, rest, seed)
    ordered = []
    for value in sorted(groups, reverse=True):
        group = groups[value]
        if len(group) == 1:
            group[0].tiebreak = f"tie broken by {say[group[0].team]}"
        ordered += _order(group, results, rest, seed)
    return ordered


def standings(
    teams: list[str], results: list[Result], tiebreakers: tuple[str, ...], *, cap: int | None = None, seed: int = 0
) -> list[dict[str, object]]:
    """The standings rows, first place first (`COLUMNS`)."""
    records = _records(teams, results, cap)
    by_pct: dict[float, list[Record]] = {}
    for record in records.values():
        by_pct.setdefault(round(record.pct, 9), []).append(record)
    ordered: list[Record] = []
    for pct in sorted(by_pct, reverse=True):
        group = sorted(by_pct[pct], key=lambda r: r.team)
        # Before the first game there is no tie to break: the teams stand in alphabetical order.
        ordered += _order(group, results, tiebreakers, seed) if len(group) > 1 and results else group
    leader = ordered[0]
    rows = []
    for record in ordered:
        games_back = ((leader.wins - record.wins) + (record.losses - leader.losses)) / 2
        last = record.results[-10:]
        streak = ""
        if record.results:
            kind = record.results[-1]
            length = len(record.results) - len("".join(record.results).rstrip(kind))
            streak = f"{kind}{length}"
        rows.append(
            {
                "team": record.team,
                "W": record.wins,
                "L": record.losses,
                "PCT": round(record.pct, 3),
                "GB": "-" if games_back == 0 else f"{games_back:g}",
                "RS": record.runs_for,
                "RA": record.runs_against,
                "DIFF": record.runs_for - record.runs_against,
                "HOME": f"{record.home[0]}-{record.home[1]}",
                "AWAY": f"{record.away[0]}-{record.away[1]}",
                "L10": f"{last.count('W')}-{last.count('L')}",
                "STRK": streak,
                "tiebreak": record.tiebreak,
            }
        )
    return rows
