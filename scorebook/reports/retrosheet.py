"""Retrosheet event files from scorebook's facts, so that the baseball world's tools (Chadwick's
cwbox, cwevent) read our games: an event file (`.EVA`), a roster file per team (`.ROS`) and
the team file (`TEAMyyyy`). https://www.retrosheet.org/eventfile.htm

Every play is written with the batter's and every runner's move spelled out (`.B-1;1X2(64)`),
so that nothing depends on a reader's defaults; the earned runs the engine found are written
as `data,er` records. Reads facts only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scorebook.engine.core import Replay
from scorebook.engine.facts import HALF_START, PITCHING_CHANGE, PLATE_APPEARANCE, RUNNERS, SUBSTITUTION, Fact
from scorebook.notation.model import HOME, Play, Result, RunnerMove

_BASE = "B123H"
_HIT = {1: "S", 2: "D", 3: "T", 4: "HR"}


def team_code(name: str, taken: set[str]) -> str:
    """Three capital letters from a team's name, unique among `taken`."""
    letters = re.sub(r"[^A-Za-z]", "", name).upper() or "TMX"
    words = [w for w in re.split(r"\W+", name.upper()) if w]
    first = "".join(w[0] for w in words)[:3]
    candidates = [first.ljust(3, "X"), letters[:3].ljust(3, "X")] + [f"{letters[:2]}{d}" for d in range(10)]
    for code in candidates:
        if code not in taken:
            taken.add(code)
            return code
    raise ValueError(f"no free team code for {name}")


def player_code(name: str, taken: set[str]) -> str:
    """Retrosheet's id: four letters of the last name, one of the first, three digits."""
    parts = re.sub(r"[^A-Za-z ]", "", name).lower().split() or ["x"]
    last, first = parts[-1], parts[0]
    stem = (last[:4] + first[:1]).ljust(5, "x")
    for n in range(1, 1000):
        code = f"{stem}{n:03d}"
        if code not in taken:
            taken.add(code)
            return code
    raise ValueError(f"no free player id for {name}")


@dataclass
class Ids:
    """The codes of one export: teams and players keep theirs across games."""

    teams: dict[str, str] = field(default_factory=dict)
    players: dict[tuple[str, str], str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # player id -> name
    team_of: dict[str, str] = field(default_factory=dict)  # player id -> team code
    positions: dict[str, str] = field(default_factory=dict)  # player id -> roster position
    games: dict[str, int] = field(default_factory=dict)  # home code + date -> games so far

    def team(self, name: str) -> str:
        if name not in self.teams:
            self.teams[name] = team_code(name, set(self.teams.values()))
        return self.teams[name]

    def player(self, team: str, name: str, position: str = "") -> str:
        key = (team, name)
        if key not in self.players:
            code = player_code(name, set(self.players.values()))
            self.players[key] = code
            self.names[code] = name
            self.team_of[code] = self.team(team)
        code = self.players[key]
        if position and code not in self.positions:
            self.positions[code] = position
        return code


def _name_fields(name: str) -> tuple[str, str]:
    parts = name.split()
    return (parts[-1], " ".join(parts[:-1])) if len(parts) > 1 else (name, "")


def _quote(name: str) -> str:
    return '"' + name.replace('"', "'") + '"'


def _positions(lineup, pitcher_in_order: bool) -> list[int]:
    """Defensive positions for a batting order: those given; the others from the unused ones;
    a position-1 batter who is not the pitcher is the designated hitter (10)."""
    given = [e.position for e in lineup]
    free = [p for p in range(2, 10) if p not in given]
    out = []
    for position in given:
        if position == 1 and not pitcher_in_order:
            out.append(10)
        elif position:
            out.append(position)
        else:
            out.append(free.pop(0) if free else 10)
    return out


def _advance(start: int, end: int, out: bool, fielders: tuple[int, ...], marks: str = "") -> str:
    if out:
        return f"{_BASE[start]}X{_BASE[end]}({''.join(map(str, fielders)) or '2'})"
    return f"{_BASE[start]}-{_BASE[end]}{marks}"


# Results whose Retrosheet code is the same whatever the fielders did.
_PLAIN = {Result.STRIKEOUT: "K", Result.WALK: "W", Result.INTENTIONAL_WALK: "IW", Result.HIT_BY_PITCH: "HP",
          Result.INTERFERENCE: "C/E2"}  # fmt: skip


def _event(f: Fact, play: Play, before: tuple, after: tuple) -> str:
    """The Retrosheet event of a plate appearance: its basic play and every move spelled out."""
    result = play.result
    batter_out = next((o for o in f.outs if o.batter), None)
    runner_outs = {o.player: o for o in f.outs if not o.batter}
    if result in _PLAIN:
        basic = _PLAIN[result]
    elif result is Result.HIT:
        basic = _HIT[play.bases]
    elif result is Result.ERROR:
        basic = f"E{play.fielders[0]}"
    elif result is Result.INFIELD_FLY:
        basic = f"{play.fielders[0] if play.fielders else 6}/IF"
    elif result is Result.FIELDERS_CHOICE:
        first_out = next(iter(runner_outs.values()), None)
        basic = f"FC{first_out.fielders[0] if first_out and first_out.fielders else ''}"
    elif result is Result.FLY_OUT:
        basic = f"{play.fielders[0]}/F"
    elif result is Result.SACRIFICE_BUNT and batter_out is None:  # safe on the bunt: an error or a choice
        basic = f"E{f.error}/SH" if f.error else f"FC{play.fielders[0] if play.fielders else ''}/SH"
    else:  # ground outs and bunts: the batter's own out
        basic = "".join(map(str, batter_out.fielders if batter_out else play.fielders))
        basic += "/SH" if f.sh else "/G"
        if f.gdp:
            basic += "/GDP"
    if f.sf:  # the scorer's call, whatever the play (an error on the catch, a relay)
        basic += "/SF"
    moves = _moves(f, before, after, runner_outs, batter_out, result)
    return basic + ("." + ";".join(moves) if moves else "")


# Where the batter ends when the basic play says nothing more (Retrosheet's implied advance).
_BATTER_REACHES = {Result.WALK: 1, Result.INTENTIONAL_WALK: 1, Result.ERROR: 1, Result.FIELDERS_CHOICE: 1,
                   Result.HIT_BY_PITCH: 1, Result.INTERFERENCE: 1}  # fmt: skip


def _moves(f: Fact, before, after, runner_outs, batter_out, result) -> list[str]:
    """Every runner's move (lead runner first), then the batter's where it is not the play's own."""
    scorers = {r.runner: r for r in f.runs}
    moves = [_move(name, base, after, scorers, runner_outs) for base, name in ((3, before[2]), (2, before[1]), (1, before[0])) if name]
    implied = f.hit if result is Result.HIT else _BATTER_REACHES.get(result, 0)
    if result is Result.SACRIFICE_BUNT and batter_out is None:
        implied = 1
    if batter_out is not None:
        if implied and batter_out.base >= implied:  # a hit or walk, then out trying for more or off the base
            moves.append(_advance(0, batter_out.base, True, batter_out.fielders))
    elif f.batter in scorers:
        run = scorers[f.batter]
        if implied != HOME or not run.earned or not run.rbi:  # a home run's own run is implied, but not its marks
            moves.append(_move(f.batter, 0, after, scorers, {}))
    else:
        end = next((b for b, n in enumerate(after, start=1) if n == f.batter), implied)
        if end != implied:
            moves.append(f"B-{_BASE[end]}")
    return [m for m in moves if m]


# Runner events whose code says the runner's own move: a steal's base, or the out at a base.
_BASE_EVENTS = (RunnerMove.STOLEN_BASE, RunnerMove.CAUGHT_STEALING, RunnerMove.PICKED_OFF)


def _runner_event(f: Fact) -> str:
    """A runner event between plate appearances: its codes (`SB2;SB3`, `CS2(24)`, `PO1(13)`, `WP`)
    and every runner's move that a code does not already say."""
    codes, said = [], set()
    for event in f.events:
        if event.move in _BASE_EVENTS:
            thrown = event.move is not RunnerMove.STOLEN_BASE
            handled = "".join(map(str, event.fielders)) + (f"E{event.error}" if event.error else "")  # `CS2(2E6)`: saved
            codes.append(f"{event.move.value}{_BASE[event.base]}{f'({handled or 2})' if thrown else ''}")
            said.add(_advance(event.start, event.base, thrown and not event.error, event.fielders))
        elif event.move is RunnerMove.FOUL_ERROR:
            codes.append(f"FLE{event.error}")
        else:
            codes.append(event.move.value)
    scorers = {r.runner: r for r in f.runs}
    runner_outs = {o.player: o for o in f.outs}
    before = f.bases_before
    moves = [_move(name, base, f.bases_after, scorers, runner_outs) for base, name in ((3, before[2]), (2, before[1]), (1, before[0])) if name]
    moves = [m for m in moves if m and m not in said]
    return ";".join(codes) + ("." + ";".join(moves) if moves else "")


def _move(name: str, start: int, after, scorers, runner_outs) -> str:
    if name in runner_outs:
        out = runner_outs[name]
        return _advance(start, out.base, True, out.fielders)
    if name in scorers:
        run = scorers[name]
        marks = "" if run.earned else "(UR)"
        marks += "(NR)" if not run.rbi else ""
        return _advance(start, HOME, False, (), marks)
    end = next((b for b, n in enumerate(after, start=1) if n == name), None)
    if end is None or end == start:
        return ""
    return _advance(start, end, False, ())


def event_file(games: list[Replay], ids: Ids | None = None) -> tuple[str, Ids]:
    """The event file of some games (one season's, for Retrosheet: files go by year)."""
    ids = ids or Ids()
    lines: list[str] = []
    for game in games:
        lines += _game_lines(game, ids)
    return "\n".join(lines) + "\n", ids


def _game_lines(game: Replay, ids: Ids) -> list[str]:
    header = game.game.header
    away, home = (ids.team(t) for t in header.teams)
    date = header.option("date") or "2000-01-01"
    key = f"{home}{date}"
    number = ids.games.get(key, 0)
    ids.games[key] = number + 1
    lines = [
        f"id,{home}{date.replace('-', '')}{number}",
        "version,2",
        f"info,visteam,{away}",
        f"info,hometeam,{home}",
        f"info,date,{date.replace('-', '/')}",
        f"info,number,{number}",
        "info,usedh,true",
        f"info,innings,{header.innings}",
    ]
    teams = header.teams
    slot_positions: list[dict[int, int]] = [{}, {}]
    for side in (0, 1):
        positions = _positions(header.lineups[side], pitcher_in_order=any(e.name == header.pitchers[side] for e in header.lineups[side]))
        for slot, (entry, position) in enumerate(zip(header.lineups[side], positions), start=1):
            pid = ids.player(teams[side], entry.name, str(position) if position != 10 else "X")
            slot_positions[side][slot] = position
            lines.append(f"start,{pid},{_quote(entry.name)},{side},{slot},{position}")
        pid = ids.player(teams[side], header.pitchers[side], "P")
        lines.append(f"start,{pid},{_quote(header.pitchers[side])},{side},0,1")
    to_field: list[list[tuple[str, str, int]]] = [[], []]  # pinch hitters and runners still to take a position
    # Pitchers who came into a batting slot (no designated hitter): their `sub` says both.
    batting_pitchers = {f.player for f in game.facts if f.kind == SUBSTITUTION and f.position == 1} & {
        f.player for f in game.facts if f.kind == PITCHING_CHANGE
    }
    earned: dict[str, int] = {}
    for pitcher in header.pitchers:
        earned.setdefault(pitcher, 0)
    changes_at: int | None = None  # where the substitutions since the last play begin
    replaced_by: dict[tuple[int, str], str] = {}
    for f in game.facts:
        side = f.batting
        if f.kind == HALF_START:
            continue
        if f.kind in (SUBSTITUTION, PITCHING_CHANGE) and changes_at is None:
            changes_at = len(lines)
        if f.kind == SUBSTITUTION:
            replaced_by[f.team, f.replaced] = f.player
            lines.append(_substitution(f, ids, teams, slot_positions, to_field, batting_pitchers))
            continue
        if f.kind == PITCHING_CHANGE:
            earned.setdefault(f.player, 0)
            if f.player not in batting_pitchers:
                lines.append(f"sub,{ids.player(teams[f.team], f.player, 'P')},{_quote(f.player)},{f.team},0,1")
            continue
        if f.kind == PLATE_APPEARANCE and f.play.charged and changes_at is not None:  # type: ignore[union-attr]
            # Rule 9.15: the count when the substitutes came in, as Retrosheet gives it, on a no play.
            count = "02" if f.play.charged == "batter" else "30"  # type: ignore[union-attr]
            lines.insert(changes_at, f"play,{f.inning},{side},{ids.player(teams[side], f.batter)},{count},,NP")
        changes_at = None
        # A pinch hitter or runner the scorer did not place takes the position of the man he replaced.
        for pid, name, slot in to_field[1 - side]:
            lines.append(f"sub,{pid},{_quote(name)},{1 - side},{slot},{slot_positions[1 - side][slot]}")
        to_field[1 - side] = []
        for run in f.runs:
            earned[run.pitcher] = earned.get(run.pitcher, 0) + run.earned
        if f.kind == RUNNERS:
            batter = _batter_up(game, f)
            pid = ids.player(teams[side], batter)
            lines.append(f"play,{f.inning},{side},{pid},??,,{_runner_event(f)}")
        elif f.kind == PLATE_APPEARANCE:
            at_bat = replaced_by[side, f.batter] if f.play.charged == "batter" else f.batter  # type: ignore[union-attr]
            pid = ids.player(teams[side], at_bat)
            lines.append(f"play,{f.inning},{side},{pid},??,,{_event(f, f.play, f.bases_before, f.bases_after)}")
    for pitcher, runs in earned.items():
        team = next(t for t in teams if (t, pitcher) in ids.players)
        lines.append(f"data,er,{ids.players[team, pitcher]},{runs}")
    return lines


def _substitution(f: Fact, ids: Ids, teams, slot_positions, to_field, batting_pitchers: set[str]) -> str:
    """A `sub` record: a new player in a batting slot, or one changing position (`f.replaced` is he)."""
    team, slot = f.team, f.slot
    if f.player == f.replaced or f.player in batting_pitchers:
        position = f.position
    else:  # position 1 in a batting order whose pitcher does not bat is the designated hitter's
        position = f.position if f.position not in (None, 1) else slot_positions[team][slot]
    slot_positions[team][slot] = position
    pid = ids.player(teams[team], f.player, str(position))
    to_field[team] = [entry for entry in to_field[team] if entry[2] != slot]
    role = position
    if team == f.batting and f.inning and f.player != f.replaced:
        role = 12 if f.player in f.bases_after else 11  # a pinch runner takes the base of the man he replaced
        to_field[team].append((pid, f.player, slot))
    return f"sub,{pid},{_quote(f.player)},{team},{slot},{role}"


def _batter_up(game: Replay, fact: Fact) -> str:
    """The batter at the plate during a runner event: the next plate appearance's batter, or
    (when the event ends the half) the one who leads off the team's next half; unless a
    substitute takes that batting slot first: then the man he replaced was at the plate."""
    later = [f for f in game.facts if f.seq > fact.seq and f.kind == PLATE_APPEARANCE and f.batting == fact.batting]
    if later:
        nxt = later[0]
        subs = (f for f in game.facts if fact.seq < f.seq < nxt.seq and f.kind == SUBSTITUTION)
        return next((f.replaced for f in subs if f.team == fact.batting and f.slot == nxt.slot), nxt.batter)
    lineup = game.state.teams[fact.batting]
    return lineup.players[lineup.up]


def roster_file(ids: Ids, team: str) -> str:
    """`TTTyyyy.ROS`: id, last name, first name, bats, throws, team, position."""
    code = ids.team(team)
    lines = []
    for (owner, name), pid in sorted(ids.players.items(), key=lambda item: item[1]):
        if owner == team:
            last, first = _name_fields(name)
            lines.append(f"{pid},{last},{first},R,R,{code},{ids.positions.get(pid, 'X')}")
    return "\n".join(lines) + "\n"


def team_file(ids: Ids) -> str:
    """`TEAMyyyy`: code, league, city, nickname."""
    lines = []
    for name, code in ids.teams.items():
        words = name.split()
        city, nickname = (" ".join(words[:-1]), words[-1]) if len(words) > 1 else (name, name)
        lines.append(f"{code},A,{city},{nickname}")
    return "\n".join(lines) + "\n"


def season_files(games: list[Replay]) -> dict[str, str]:
    """Every file Retrosheet's tools want for some games, by file name: one event file a year
    (`2026SBK.EVA`), a roster per team and year (`HGU2026.ROS`) and the team file (`TEAM2026`)."""
    ids = Ids()
    by_year: dict[str, list[Replay]] = {}
    for game in games:
        by_year.setdefault((game.game.header.option("date") or "2000")[:4], []).append(game)
    files: dict[str, str] = {}
    for year, year_games in sorted(by_year.items()):
        files[f"{year}SBK.EVA"], _ = event_file(year_games, ids)
        files[f"TEAM{year}"] = team_file(ids)
        for team in ids.teams:
            files[f"{ids.team(team)}{year}.ROS"] = roster_file(ids, team)
    return files
