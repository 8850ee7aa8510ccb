"""Bonn Die box scores and round-by-round play, read from the engine's facts only: the line
score by half-inning and each player's totals (points, rounds won, strikes, Outs, calls)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from scorebook.engine.bonn_die import BonnDieReplay, RoundFact
from scorebook.engine.state import HALF_WORDS
from scorebook.reports.render import csv_text, table

PLAYER_COLUMNS = ("team", "player", "rounds", "points", "won", "strikes", "outs", "calls", "called")
PLAYER_ALIGN = "llrrrrrrl"


@dataclass
class PlayerLine:
    """A player's totals: points banked on offense; strikes awarded and Outs recorded on defense;
    rounds thrown, won and calls made on either side."""

    team: str
    player: str
    rounds: int = 0
    points: int = 0
    won: int = 0
    strikes: int = 0
    outs: int = 0
    calls: int = 0
    combos: Counter = field(default_factory=Counter)

    @property
    def called(self) -> str:
        return ", ".join(f"{combo.capitalize()} {n}" for combo, n in self.combos.most_common())

    def row(self) -> dict[str, object]:
        return {c: getattr(self, c) for c in PLAYER_COLUMNS}


@dataclass
class BonnDieBox:
    teams: tuple[str, str]
    halves: list[list[int | None]]  # [away by inning, home by inning]: points of each half played
    score: tuple[int, int]
    final: bool
    players: list[PlayerLine]
    rules: str = "bonn-die"  # the game it is of (`games.game_of`), as a baseball box score's


def box_score(game: BonnDieReplay) -> BonnDieBox:
    teams = game.game.header.teams
    innings = max([game.game.header.innings] + [f.inning for f in game.facts])
    halves: list[list[int | None]] = [[None] * innings, [None] * innings]
    lines: dict[tuple[int, str], PlayerLine] = {}

    def line(team: int, player: str) -> PlayerLine:
        return lines.setdefault((team, player), PlayerLine(teams[team], player))

    for f in game.facts:
        if f.kind == "half":
            halves[f.offense][f.inning - 1] = 0
        if f.kind != "round":
            continue
        halves[f.offense][f.inning - 1] = (halves[f.offense][f.inning - 1] or 0) + f.points
        _credit(f, line(f.offense, f.offense_player), line(1 - f.offense, f.defense_player))
    for team, name in enumerate(game.state.players):
        line(team, name)  # a player named but not yet thrown still shows
    players = sorted(lines.values(), key=lambda p: (teams.index(p.team), p.player))
    return BonnDieBox(teams, halves, game.state.score, game.state.over, players)


def _credit(f: RoundFact, offense: PlayerLine, defense: PlayerLine) -> None:
    offense.rounds += 1
    defense.rounds += 1
    offense.points += f.points
    defense.strikes += f.strikes
    defense.outs += f.out
    for player, call in ((offense, f.offense_call), (defense, f.defense_call)):
        if call:
            player.calls += 1
            player.combos[call.split(":")[0]] += 1
    if f.winner == f.offense:
        offense.won += 1
    elif f.winner is not None:
        defense.won += 1


def line_score_rows(box: BonnDieBox) -> list[list[object]]:
    return [[team, *(("-" if p is None else p) for p in halves), box.score[i]] for i, (team, halves) in enumerate(zip(box.teams, box.halves))]


def box_table(box: BonnDieBox) -> str:
    innings = len(box.halves[0])
    header = ["team", *(str(i) for i in range(1, innings + 1)), "points"]
    status = "final" if box.final else "in progress"
    return "\n\n".join(
        [
            f"{box.teams[0]} {box.score[0]}, {box.teams[1]} {box.score[1]} ({status})",
            table(line_score_rows(box), header),
            table([[p.row()[c] for c in PLAYER_COLUMNS] for p in box.players], PLAYER_COLUMNS, align=PLAYER_ALIGN),
        ]
    )


def box_dict(box: BonnDieBox) -> dict[str, object]:
    return {
        "rules": box.rules,
        "teams": list(box.teams),
        "score": list(box.score),
        "final": box.final,
        "halves": dict(zip(("away", "home"), box.halves)),
        "players": [p.row() for p in box.players],
    }


def box_csv(box: BonnDieBox) -> str:
    innings = len(box.halves[0])
    columns = ["team", *(str(i) for i in range(1, innings + 1)), "points"]
    line_rows = [dict(zip(columns, row)) for row in line_score_rows(box)]
    return csv_text(line_rows, columns) + "\n" + csv_text([p.row() for p in box.players], PLAYER_COLUMNS)


PLAY_COLUMNS = ("line", "inning", "event", "rolls", "strikes", "away", "home", "what happened")
PLAY_ALIGN = "rllrrrrl"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def describe(f: RoundFact, teams: tuple[str, str]) -> str:
    if f.kind == "half":
        return f"{teams[f.offense]} hit ({f.offense_player})"
    if f.kind == "player":
        return f"{f.player} throws for {teams[f.team]}"
    if f.kind == "out":
        return f"{f.offense_player} takes the Out" if f.out else f"{f.offense_player} skips the Free-Rolls"
    parts = ["Free-Roll"] if f.free_roll else []
    parts.append(f"{f.offense_player} {f.offense_call or 'no call'} {f.offense_value}")
    parts.append(f"{f.defense_player} {f.defense_call or 'no call'} {f.defense_value}")
    parts += [f"Tag on {f.tag.capitalize()}"] if f.tag else []
    parts.append(_count(f.points, "point") + (" (negated)" if f.negated else ""))
    parts += [_count(f.strikes, "strike")] if f.strikes else []
    parts += ["Roll"] if f.roll else []
    parts += [f"Guard Take on {f.guard_take.capitalize()}"] if f.guard_take else []
    parts += [f"{_count(f.free_rolls_won, 'Free-Roll')} to {teams[f.offense]}"] if f.free_rolls_won else []
    parts += ["Out"] if f.out else []
    parts += [f"{_count(f.free_rolls_to_defense, 'Free-Roll')} to {teams[1 - f.offense]}"] if f.free_rolls_to_defense else []
    return "; ".join(parts)


def play_rows(game: BonnDieReplay) -> list[dict[str, object]]:
    teams = game.game.header.teams
    texts = {s.line: s.text for s in game.game.statements}
    return [
        {
            "line": f.line,
            "inning": f"{HALF_WORDS[f.half]} {f.inning}",
            "event": texts[f.line].split("#")[0].split()[0],
            "rolls": f.count[0],
            "strikes": f.count[1],
            "away": f.score[0],
            "home": f.score[1],
            "what happened": describe(f, teams),
        }
        for f in game.facts
    ]
