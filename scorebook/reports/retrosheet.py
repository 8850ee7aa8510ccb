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
from scorebook.engine.facts import (
    CALLED,
    HALF_START,
    PITCHING_CHANGE,
    PLACED,
    PLATE_APPEARANCE,
    RESPONSIBLE,
    RUNNERS,
    SUBSTITUTION,
    UP,
    Fact,
)
from scorebook.notation.model import HOME, Advance, Play, Result, RunnerEvent, RunnerMove
from scorebook.notation.retrosheet_origin import Origin

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
    """The codes of one export: teams and players keep theirs across games. A game imported
    from Retrosheet brings its own (`adopt`); the others' are made up from their names."""

    teams: dict[str, str] = field(default_factory=dict)
    players: dict[tuple[str, str], str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # player id -> name
    team_of: dict[str, str] = field(default_factory=dict)  # player id -> team code
    positions: dict[str, str] = field(default_factory=dict)  # player id -> roster position
    games: dict[str, int] = field(default_factory=dict)  # home code + date -> games so far
    made_up: set[str] = field(default_factory=set)  # the ids (of teams and players) not brought by an origin

    def team(self, name: str) -> str:
        if name not in self.teams:
            self.teams[name] = team_code(name, set(self.teams.values()))
            self.made_up.add(self.teams[name])
        return self.teams[name]

    def player(self, team: str, name: str, position: str = "") -> str:
        key = (team, name)
        if key not in self.players:
            code = player_code(name, set(self.players.values()))
            self.players[key] = code
            self.names[code] = name
            self.team_of[code] = self.team(team)
            self.made_up.add(code)
        code = self.players[key]
        if position and code not in self.positions:
            self.positions[code] = position
        return code

    def adopt(self, origin: Origin, teams: tuple[str, str]) -> None:
        """A Retrosheet game's own codes for its teams (`teams`: the game file's names) and players."""
        codes = [origin.info("visteam"), origin.info("hometeam")]
        for name, code in zip(teams, codes):
            if code:
                self.teams[name] = code
        for (team, name), pid in origin.player_ids(teams).items():
            self.players[team, name] = pid
            self.names[pid] = name
            self.team_of[pid] = self.team(team)


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
        return f"{_BASE[start]}X{_BASE[end]}({''.join(map(str, fielders)) or '99'}){marks}"  # 99: not known
    return f"{_BASE[start]}-{_BASE[end]}{marks}"


def _errors_by_runner(advances: tuple[Advance, ...]) -> dict[int, str]:
    """The errors written on the moves (`B-3(E6)`), by the base each runner started from."""
    return {a.start: "".join(f"({m})" for m in a.marks if m.startswith("E")) for a in advances}


def _first_error(marks: str) -> tuple[str, str]:
    """`(E1)(E9)` to the first error's fielder and the rest: `1`, `(E9)`."""
    return marks[2], marks[4:]


def _double_play(f: Fact) -> str:
    """A double or triple play's flag: a ground ball's (`/GDP`, `/GTP`) where the engine found one."""
    if f.gdp:
        return "/GTP" if f.double_play == 3 else "/GDP"
    return {2: "/DP", 3: "/TP"}.get(f.double_play, "")


# Results whose Retrosheet code is the same whatever the fielders did.
_PLAIN = {Result.STRIKEOUT: "K", Result.WALK: "W", Result.INTENTIONAL_WALK: "IW", Result.HIT_BY_PITCH: "HP",
          Result.INTERFERENCE: "C/E2"}  # fmt: skip


def _event(f: Fact, play: Play, before: tuple, after: tuple) -> str:
    """The Retrosheet event of a plate appearance: its basic play and every move spelled out."""
    result = play.result
    errors = _errors_by_runner(play.advances)
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
    elif result is Result.SACRIFICE_BUNT and batter_out is None and errors.get(0):  # safe on the bunt: an error
        fielder, errors[0] = _first_error(errors[0])
        basic = f"E{fielder}/SH"
    elif result is Result.SACRIFICE_BUNT and batter_out is None:  # or a fielder's choice
        basic = f"FC{play.fielders[0] if play.fielders else ''}/SH"
    else:  # ground outs and bunts: the batter's own out
        basic = "".join(map(str, batter_out.fielders if batter_out else play.fielders)) or "99"  # `?`: not known
        basic += "/SH" if f.sh else "/G"
    basic += _double_play(f)
    if f.sf:  # the scorer's call, whatever the play (an error on the catch, a relay)
        basic += "/SF"
    moves = _moves(f, before, after, runner_outs, batter_out, result, errors)
    return basic + ("." + ";".join(moves) if moves else "")


# Where the batter ends when the basic play says nothing more (Retrosheet's implied advance).
_BATTER_REACHES = {Result.WALK: 1, Result.INTENTIONAL_WALK: 1, Result.ERROR: 1, Result.FIELDERS_CHOICE: 1,
                   Result.HIT_BY_PITCH: 1, Result.INTERFERENCE: 1}  # fmt: skip


def _moves(f: Fact, before, after, runner_outs, batter_out, result, errors: dict[int, str]) -> list[str]:
    """Every runner's move (lead runner first), then the batter's where it is not the play's
    own; `errors`: those written on the moves, by the base each runner started from."""
    scorers = {r.runner: r for r in f.runs}
    moves = [_move(name, base, after, scorers, runner_outs, errors) for base, name in ((3, before[2]), (2, before[1]), (1, before[0])) if name]
    implied = f.hit if result is Result.HIT else _BATTER_REACHES.get(result, 0)
    if result is Result.SACRIFICE_BUNT and batter_out is None:
        implied = 1
    if batter_out is not None:
        if implied and batter_out.base >= implied:  # a hit or walk, then out trying for more or off the base
            moves.append(_advance(0, batter_out.base, True, batter_out.fielders, errors.get(0, "")))
    elif f.batter in scorers:
        run = scorers[f.batter]
        if implied != HOME or not run.earned or not run.rbi or errors.get(0):  # a home run's own run is implied, but not its marks
            moves.append(_move(f.batter, 0, after, scorers, {}, errors))
    else:
        end = next((b for b, n in enumerate(after, start=1) if n == f.batter), implied)
        if end != implied or errors.get(0):
            moves.append(f"B-{_BASE[end]}{errors.get(0, '')}")
    return [m for m in moves if m]


# Runner events whose code says the runner's own move: a steal's base, or the out at a base.
_BASE_EVENTS = (RunnerMove.STOLEN_BASE, RunnerMove.CAUGHT_STEALING, RunnerMove.PICKED_OFF)


def _joined(event: str, on_the_pitch: str) -> str:
    """A strikeout and the runner events of its pitch as one event: `K/DP` after `CS2(24)` is
    `K+CS2(24)/DP`, the moves of both after the `.`."""
    basic, _, moves = event.partition(".")
    codes, _, runner_moves = on_the_pitch.partition(".")
    result, _, modifiers = basic.partition("/")
    moves = ";".join(m for m in (runner_moves, moves) if m)
    return f"{result}+{codes}/{modifiers}" + (f".{moves}" if moves else "")


def _runner_event(f: Fact) -> str:
    """A runner event between plate appearances: its codes (`SB2;SB3`, `CS2(24)`, `PO1(13)`, `WP`)
    and every runner's move that a code does not already say."""
    codes, said = [], set()
    errors = _errors_by_runner(f.advances)
    outs = {o.player for o in f.outs}
    for event in f.events:
        thrown = event.move is not RunnerMove.STOLEN_BASE
        if event.move in _BASE_EVENTS and thrown and not event.error and f.bases_before[event.start - 1] not in outs:
            codes.append(_failed_out(event, errors))  # an advance saved him (`PO3(1-5) 3-H(E5)`)
        elif event.move in _BASE_EVENTS:
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
    moves = [_move(name, base, f.bases_after, scorers, runner_outs, errors) for base, name in ((3, before[2]), (2, before[1]), (1, before[0])) if name]
    moves = [m for m in moves if m and m not in said]
    return ";".join(codes) + _double_play(f) + ("." + ";".join(moves) if moves else "")


def _failed_out(event: RunnerEvent, errors: dict[int, str]) -> str:
    """A pickoff or caught stealing the runner survived on an error his advance names (`PO1(E3)`,
    `CS2(2E6)`: the fielders before the one who erred have assists), which his move then no
    longer repeats; or, with none written, a runner's advance on the play (`OA`)."""
    if not errors.get(event.start):
        return RunnerMove.OTHER_ADVANCE.value
    fielder, errors[event.start] = _first_error(errors[event.start])
    handled = event.fielders[:-1] if event.fielders[-1:] == (int(fielder),) else event.fielders
    return f"{event.move.value}{_BASE[event.base]}({''.join(map(str, handled))}E{fielder})"


def _move(name: str, start: int, after, scorers, runner_outs, errors: dict[int, str]) -> str:
    """A runner's move from `start`, with the errors written on it, or "" where he stays."""
    if name in runner_outs:
        out = runner_outs[name]
        return _advance(start, out.base, True, out.fielders, errors.get(start, ""))
    if name in scorers:
        run = scorers[name]
        marks = errors.get(start, "") + ("" if run.earned else "(UR)")
        marks += "(NR)" if not run.rbi else ""
        return _advance(start, HOME, False, (), marks)
    end = next((b for b, n in enumerate(after, start=1) if n == name), None)
    if end is None or end == start:
        return ""
    return _advance(start, end, False, (), errors.get(start, ""))


def event_file(games: list[Replay], ids: Ids | None = None, origins: list[Origin | None] | None = None) -> tuple[str, Ids]:
    """The event file of some games (one season's, for Retrosheet: files go by year); `origins`:
    what each game imported from Retrosheet keeps of its files (None for the others)."""
    ids = ids or Ids()
    lines: list[str] = []
    for game, origin in zip(games, origins or [None] * len(games)):
        lines += _game_lines(game, ids, origin)
    return "\n".join(lines) + "\n", ids


def _records(game: Replay, ids: Ids, origin: Origin | None) -> list[str]:
    """The game's `id`, `version` and `info` records: a Retrosheet game's own, else made up."""
    header = game.game.header
    if origin is not None:
        ids.adopt(origin, header.teams)
        return [origin.records[0], "version,2", *origin.records[1:]]
    away, home = (ids.team(t) for t in header.teams)
    date = header.option("date") or "2000-01-01"
    key = f"{home}{date}"
    number = ids.games.get(key, 0)
    ids.games[key] = number + 1
    return [
        f"id,{home}{date.replace('-', '')}{number}",
        "version,2",
        f"info,visteam,{away}",
        f"info,hometeam,{home}",
        f"info,date,{date.replace('-', '/')}",
        f"info,number,{number}",
        "info,usedh,true",
        f"info,innings,{header.innings}",
    ]


def _game_lines(game: Replay, ids: Ids, origin: Origin | None = None) -> list[str]:
    return _GameWriter(game, ids, origin).lines


class _GameWriter:
    """One game's records: its `id` and `info`s, `start`s, then a `play` for each plate
    appearance and runner event, each group of substitutions after a no play (NP) of its own,
    and the pitchers' earned runs (`data,er`)."""

    def __init__(self, game: Replay, ids: Ids, origin: Origin | None) -> None:
        self.game, self.ids = game, ids
        header = game.game.header
        self.teams = header.teams
        self.lines = _records(game, ids, origin)
        self.slot_positions: list[dict[int, int]] = [{}, {}]
        for side in (0, 1):
            self.lines += _starts(header, side, ids, self.slot_positions[side])
        self.to_field: list[list[tuple[str, str, int]]] = [[], []]  # pinch hitters and runners still to take a position
        # Pitchers who came into a batting slot (no designated hitter) at position 1.
        self.batting_pitchers = {f.player for f in game.facts if f.kind == SUBSTITUTION and f.position == 1} & {
            f.player for f in game.facts if f.kind == PITCHING_CHANGE
        }
        self.earned = dict.fromkeys(header.pitchers, 0)
        changes: list[Fact] = []  # the substitutions and pitching changes since the last play
        half = (1, 0)
        for f in game.facts:
            if f.kind == HALF_START:
                half = (f.inning, f.half)
            elif f.kind in (SUBSTITUTION, PITCHING_CHANGE):
                changes.append(f)
            elif f.kind in (PLACED, UP, RESPONSIBLE):  # cwbox applies them at the next play record, a no play (NP) too
                if changes:  # the changes made before them go after a no play of their own
                    self.changes(changes, f.inning, f.batting, _batter_up(game, f), "??")
                    changes = []
                self.lines.append(_adjustment(f, ids, self.teams))
            elif f.kind != CALLED:  # a called game's records stop where the umpire called it
                self.play(f, changes)
                changes = []
        if changes:  # made after the last play (a game called then): they count; no one took the field
            lineup = game.state.teams[half[1]]
            self.changes(changes, *half, lineup.players[lineup.up], "??", take_the_field=False)
        for pitcher, runs in self.earned.items():
            team = next(t for t in self.teams if (t, pitcher) in ids.players)
            self.lines.append(f"data,er,{ids.players[team, pitcher]},{runs}")

    def play(self, f: Fact, changes: list[Fact]) -> None:
        """A plate appearance or runner event, after the substitutions made before it."""
        side = f.batting
        batter = _batter_up(self.game, f) if f.kind == RUNNERS else f.batter
        self.changes(changes, f.inning, side, batter, _count(f))
        for run in f.runs:
            self.earned[run.pitcher] = self.earned.get(run.pitcher, 0) + run.earned
        pid = self.ids.player(self.teams[side], batter)
        if f.kind == RUNNERS:
            self.lines.append(f"play,{f.inning},{side},{pid},??,,{_runner_event(f)}")
            return
        event = _event(f, f.play, f.bases_before, f.bases_after)  # type: ignore[arg-type]
        if f.pitch_outs:  # `dp=yes`: one record with the runner events on its pitch, the one before
            event = _joined(event, self.lines.pop().split(",", 6)[6])
        self.lines.append(f"play,{f.inning},{side},{pid},??,,{event}")

    def changes(self, changes: list[Fact], inning: int, side: int, batter: str, count: str, take_the_field: bool = True) -> None:
        """Substitutions and pitching changes, after a no play (NP) as Retrosheet has them
        (Chadwick counts the batters a relieved pitcher faced up to it); `batter`: the one up
        next, the man a pinch hitter among them replaced being the NP's; `take_the_field`: the
        fielding team's pinch hitters and runners take their positions."""
        teams, ids = self.teams, self.ids
        lines = [
            _substitution(c, ids, teams, self.slot_positions, self.to_field, self.batting_pitchers) if c.kind == SUBSTITUTION
            else f"sub,{ids.player(teams[c.team], c.player, 'P')},{_quote(c.player)},{c.team},0,1"
            for c in changes
            if c.kind == SUBSTITUTION or not any(s.kind == SUBSTITUTION and s.player == c.player and s.position == 1 for s in changes)
        ]  # a pitcher coming into a batting slot at the same time: that `sub` says both  # fmt: skip
        # A pinch hitter or runner the scorer did not place takes the position of the man he
        # replaced; one for the designated hitter is the designated hitter (Chadwick makes him
        # so, and Retrosheet writes no `sub` for it).
        fielding = 1 - side
        for pid, name, slot in self.to_field[fielding] if take_the_field else ():
            if self.slot_positions[fielding][slot] != 10:
                lines.append(f"sub,{pid},{_quote(name)},{fielding},{slot},{self.slot_positions[fielding][slot]}")
        self.to_field[fielding] = []
        for c in changes:
            if c.kind == PITCHING_CHANGE:
                self.earned.setdefault(c.player, 0)
        if lines:
            self.lines.append(f"play,{inning},{side},{ids.player(teams[side], _due_before(batter, side, changes))},{count},,NP")
            self.lines += lines


def _starts(header, side: int, ids: Ids, slot_positions: dict[int, int]) -> list[str]:
    """One team's `start` records: its batting order, and its pitcher where he does not bat."""
    team, lineup, pitcher = header.teams[side], header.lineups[side], header.pitchers[side]
    positions = _positions(lineup, pitcher_in_order=any(e.name == pitcher for e in lineup))
    lines = []
    for slot, (entry, position) in enumerate(zip(lineup, positions), start=1):
        pid = ids.player(team, entry.name, str(position) if position != 10 else "X")
        slot_positions[slot] = position
        lines.append(f"start,{pid},{_quote(entry.name)},{side},{slot},{position}")
    if (pitcher, 1) not in zip((e.name for e in lineup), positions):
        lines.append(f"start,{ids.player(team, pitcher, 'P')},{_quote(pitcher)},{side},0,1")
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


def _adjustment(f: Fact, ids: Ids, teams: tuple[str, str]) -> str:
    """The runner placed on base (`radj`), the next batter of a team that batted out of turn
    (`ladj`), or the pitcher a runner is charged to (`presadj`)."""
    if f.kind == UP:
        return f"ladj,{f.team},{f.slot}"
    if f.kind == RESPONSIBLE:
        return f"presadj,{ids.player(teams[f.team], f.player)},{f.base}"
    return f"radj,{ids.player(teams[f.team], f.player)},{f.bases_after.index(f.player) + 1}"


def _count(f: Fact) -> str:
    """The count of a no play before substitutions: rule 9.15 charges the plate appearance to
    the batter or pitcher who began it (Chadwick by the count: two strikes, three balls)."""
    charged = f.play.charged if f.play else None
    return {"batter": "02", "pitcher": "30"}.get(charged or "", "??")


def _due_before(batter: str, side: int, changes: list[Fact]) -> str:
    """The batter who was up before some substitutions: the man a pinch hitter among them replaced."""
    for f in reversed(changes):
        if f.kind == SUBSTITUTION and f.team == side and f.player == batter and f.replaced != batter:
            batter = f.replaced
    return batter


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


def roster_file(ids: Ids, code: str, rows: dict[str, str]) -> str:
    """`TTTyyyy.ROS`: id, last name, first name, bats, throws, team, position. `rows`: the rows
    Retrosheet games brought for their players, by id; the others' are made up."""
    lines = list(rows.values())
    for pid in sorted(pid for pid in ids.made_up if ids.team_of.get(pid) == code and pid not in rows):
        last, first = _name_fields(ids.names[pid])
        lines.append(f"{pid},{last},{first},R,R,{code},{ids.positions.get(pid, 'X')}")
    return "\n".join(sorted(lines)) + "\n"


def _team_row(name: str, code: str) -> str:
    """A made-up team's row of the team file: code, league, city, nickname."""
    words = name.split()
    city, nickname = (" ".join(words[:-1]), words[-1]) if len(words) > 1 else (name, name)
    return f"{code},A,{city},{nickname}"


# Retrosheet's notice, which goes with anything made from its files (www.retrosheet.org/notice.txt).
RETROSHEET_NOTICE = """The information used here was obtained free of charge from and is copyrighted by Retrosheet.
Interested parties may contact Retrosheet at "www.retrosheet.org".
"""


def season_files(games: list[Replay], origins: list[Origin | None] | None = None) -> dict[str, str]:
    """Every file Retrosheet's tools want for some games, by file name: the event files (by
    year; a game imported from Retrosheet in its home team's file, `2019ANA.EVA`, the others in
    `2026SBK.EVA`), a roster per team and year (`HGU2026.ROS`) and the team file (`TEAM2026`).
    `origins`: what each game imported from Retrosheet keeps of its files (None for the others);
    their team, roster and info records are written back as they were, with Retrosheet's notice."""
    origins = origins or [None] * len(games)
    ids = Ids()
    for game, origin in zip(games, origins):
        if origin is not None:  # their codes are taken before any is made up
            ids.adopt(origin, game.game.header.teams)
    by_file: dict[tuple[str, str], list[tuple[Replay, Origin | None]]] = {}
    for game, origin in zip(games, origins):
        by_file.setdefault(_event_file_name(game, origin), []).append((game, origin))
    files: dict[str, str] = {}
    for (_, name), pairs in sorted(by_file.items()):
        files[name], _ = event_file([g for g, _ in pairs], ids, [o for _, o in pairs])
    for year in sorted({year for year, _ in by_file}):
        year_games = [pair for (y, _), pairs in by_file.items() if y == year for pair in pairs]
        files.update(_team_files(year, year_games, ids))
    if any(origins):
        files["NOTICE"] = RETROSHEET_NOTICE
    return files


def _event_file_name(game: Replay, origin: Origin | None) -> tuple[str, str]:
    """(year, file name): Retrosheet's own name for an imported game, by its home team and
    league (`2019ANA.EVA`, `2019NYN.EVN`); `2026SBK.EVA` for scorebook's games."""
    if origin is None:
        year = (game.game.header.option("date") or "2000")[:4]
        return year, f"{year}SBK.EVA"
    year, home = (origin.info("date") or "2000")[:4], origin.info("hometeam") or "HOM"
    league = next((row.split(",")[1] for row in origin.teams if row.startswith(f"{home},")), "A")
    return year, f"{year}{home}.EV{league}"


def _team_files(year: str, games: list[tuple[Replay, Origin | None]], ids: Ids) -> dict[str, str]:
    """The team file and rosters of one year's games: a Retrosheet game's teams and players as
    its files had them. Where they had no roster, none (cwbox names the players as the event file
    does, of the original too); where no team file, a row made up (cwbox reads none without it)."""
    teams: dict[str, str] = {}  # code -> row
    rosters: dict[str, dict[str, str]] = {}  # code -> id -> row
    for game, origin in games:
        given = {row.split(",")[0]: row for row in origin.teams} if origin else {}
        for name in game.game.header.teams:
            code = ids.team(name)
            teams.setdefault(code, given.get(code) or _team_row(name, code))
            if code in ids.made_up:
                rosters.setdefault(code, {})
        for row in origin.rosters if origin else ():
            fields = row.split(",")
            rosters.setdefault(fields[5], {}).setdefault(fields[0], row)
    files = {f"TEAM{year}": "\n".join(teams.values()) + "\n"}
    for code, rows in rosters.items():
        files[f"{code}{year}.ROS"] = roster_file(ids, code, rows)
    return files
