"""Retrosheet event files (https://www.retrosheet.org/eventfile.htm) read into scorebook game
files under `rules=baseball`: each `play` record becomes the statements that say the same in
scorebook's notation, every runner's move spelled out (Retrosheet names every runner who
moves, and the ones it does not name stay where they are).

Only the syntax of the records is read here; the engine checks the result, so an event that
breaks a rule is reported with the Retrosheet file's line and the play's text."""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from functools import lru_cache

from scorebook.notation.format import format_name, quote

_BATTER_OUT = ("SO",)
_HITS = {"S": "H1", "D": "H2", "T": "H3", "H": "H4", "HR": "H4", "DGR": "H2"}
_ADVANCE = re.compile(r"^([B123])([-X])([123H])((?:\([^)]*\))*)$")
_GROUP = re.compile(r"\(([^)]*)\)")
_OUTS = re.compile(r"(\d+)(?:\(([B123])\))?")
# The batted-ball modifiers of a ball caught in the air: a runner put out after it was doubled off.
_CAUGHT = {"F", "L", "P", "BP", "BL", "LDP", "FDP", "BPDP", "LTP", "FTP", "IF", "SF", "SH"} - {"SH"}


@dataclass
class RetroGame:
    """One game's records: its id, infos, starters, and the play-by-play with line numbers."""

    id: str
    line: int
    info: dict[str, str] = field(default_factory=dict)
    starts: list[tuple[str, str, int, int, int]] = field(default_factory=list)  # id, name, team, slot, pos
    records: list[tuple[int, list[str]]] = field(default_factory=list)  # (line, fields)
    earned: dict[str, int] = field(default_factory=dict)  # data,er

    def players(self) -> dict[str, tuple[int, str]]:
        """Every player's side and name by his Retrosheet id, as his first record gives them. The
        id is what identifies a player (cwbox goes by it too): a later record may give another
        name (NYN201904280 has `sub,nimmb001,"Juan Lagares",1,6,7`, Brandon Nimmo moving to left)."""
        players = {pid: (side, name) for pid, name, side, _, _ in self.starts}
        for _, fields in self.records:
            if fields[0] == "sub":
                players.setdefault(fields[1], (int(fields[3]), fields[2]))
        return players


def _fields(line: str) -> list[str]:
    """A record's comma-separated fields; a quoted field may hold commas."""
    return next(csv.reader((line,))) if '"' in line else line.split(",")


_SKIPPED = ("version", "com", "badj", "padj", "ladj")


def read_events(text: str, path: str = "events") -> list[RetroGame]:
    games: list[RetroGame] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        kind = line.partition(",")[0]
        if kind in _SKIPPED or not (games or kind == "id"):  # comments are not split at all
            continue
        fields = _fields(line)
        if kind == "id":
            games.append(RetroGame(fields[1], number))
        elif kind == "info":
            games[-1].info[fields[1]] = fields[2] if len(fields) > 2 else ""
        elif kind == "start":
            games[-1].starts.append((fields[1], fields[2], int(fields[3]), int(fields[4]), int(fields[5])))
        elif kind == "data" and fields[1] == "er":
            games[-1].earned[fields[2]] = int(fields[3])
        elif kind in ("play", "sub", "radj"):
            games[-1].records.append((number, fields))
    return games


def _fielders(digits: str) -> str:
    return "-".join(digits)


def _advances(text: str) -> dict[str, tuple[str, str, bool, str, tuple[str, ...]]]:
    """`1-3;B-2;2XH(6E2)` to {start: (start, end, out, fielders, marks)}. An `X` is an out unless
    only errors are given (`2XH(6E2)`: the catcher dropped the throw); with a putout as well
    (`1X2(54)(E5/TH)`, `BX3(E9)(95/TH)`) the error helped others or came first: he is out."""
    moves = {}
    for part in filter(None, text.split(";")):
        match = _ADVANCE.match(part)
        if not match:
            raise ValueError(f"an advance Retrosheet wrote as `{part}`")
        start, how, end, groups = match.groups()
        fielders, marks, errors = "", [], []
        for group in _GROUP.findall(groups):
            if re.fullmatch(r"\d+(/.*)?", group):
                fielders = _fielders(group.split("/")[0])
            elif re.fullmatch(r"\d*E\d.*", group):
                errors.append("E" + group[group.index("E") + 1])
            elif group in ("UR", "TUR", "NR", "RBI"):
                marks.append(group)
            elif group == "NORBI":
                marks.append("NR")
        out = how == "X" and (bool(fielders) or not errors)
        moves[start] = (start, end, out, fielders, tuple(errors + marks))
    return moves


def _token(move: tuple[str, str, bool, str, tuple[str, ...]]) -> str:
    start, end, out, fielders, marks = move
    text = f"{start}{'X' if out else '-'}{end}"
    if out:
        text += f"({fielders or '2'})"
    return text + "".join(f"({m})" for m in marks)


@dataclass(frozen=True)
class Translation:
    """The statements of one `play` record: a plate appearance, runner events, or both."""

    play: str = ""  # the batter's result and the moves, in scorebook's notation (no RBI marks)
    runners: str = ""  # a runner-event line (steals, wild pitches ...), written after the play
    sf: bool = False  # the scorer called the play a sacrifice fly (`/SF`)
    runners_first: bool = False  # K+SB2, W+PO1: the runner events happened on the pitch, first


@lru_cache(maxsize=1 << 16)  # a season has 220,000 plays but some 15,000 (event, bases) pairs
def translate(event: str, occupied: tuple[bool, bool, bool]) -> Translation:
    """One Retrosheet event to scorebook statements. `occupied`: the bases before it (every
    runner who does not move is written holding his base)."""
    basic_part, _, advance_part = event.partition(".")
    moves = _advances(advance_part)
    basic, *modifiers = basic_part.split("/")
    extra = ""
    if "+" in basic and not basic.startswith(("FC", "E")):
        basic, extra = basic.split("+", 1)
    if re.fullmatch(r"K\d*", basic):  # K23: the third strike dropped, the batter thrown out
        result = "SO"
    elif basic in ("W", "IW", "I"):
        result = "BB" if basic == "W" else "IBB"
    elif basic == "HP":
        result = "HP"
    elif basic.startswith("C") and basic[1:2] in ("", "/") or basic_part.startswith("C/E"):
        result = "CI"
    elif basic == "DGR" or re.fullmatch(r"(S|D|T)\d*|HR?\d*", basic):
        result = _HITS["DGR" if basic == "DGR" else ("HR" if basic.startswith("H") else basic[0])]
    elif re.fullmatch(r"\d?E\d", basic):  # `3E1`: fielded by the first baseman, the pitcher's error
        basic = basic[-2:]
        result = basic
        if "SH" in modifiers:  # a sacrifice bunt misplayed: the batter safe on the error, his move says it
            result = f"SH{basic[1]}"
            start, end, out, fielders, marks = moves.get("B", ("B", "1", False, "", ()))
            moves["B"] = (start, end, out, fielders, (basic, *marks))
    elif basic.startswith("FC"):
        result = "FC"
        if "SH" in modifiers:  # a sacrifice bunt, the fielder trying in vain for a runner (rule 9.08(b))
            result = f"SH{basic[2:3] or 1}"
            moves.setdefault("B", ("B", "1", False, "", ()))
    elif re.fullmatch(r"(\d+(\([B123]\))?)+", basic):
        result = _outs(basic, moves, modifiers)
        if "SH" in modifiers and result != "FC" and "B" not in moves:  # a sacrifice bunt
            result = "SH" + result
        elif "SF" in modifiers and re.fullmatch(r"[1-6]", result):  # an infielder's catch, a sacrifice fly
            result = "IF"
    else:
        return _runner_event(basic_part if not extra else basic, moves, occupied)
    batter = moves.pop("B", None)
    tokens = [result]
    if batter:
        tokens.append(_token(batter))
    # A runner Retrosheet does not name stays where he is, unless the batter's reaching base
    # forces him on (`FC5.2X3(5)` with a runner on first: he goes to second).
    batter_safe = (batter is not None and not batter[2]) or (batter is None and result not in _BATTER_OUT and not result[0].isdigit())
    forced = batter_safe
    # The `+` events (K+SB2: the runner on first stealing) come first, with every runner's move.
    named = {int(m[1]) - 1 if m[0] in ("SB", "CS") else int(m[1]) for m in re.findall(r"(SB|CS|PO)([1234])", extra.replace("H", "4"))}
    if named:
        named |= {int(key) for key in moves if key != "B"}
    runners = [_token(moves.pop(str(base))) for base in (3, 2, 1) if base in named and str(base) in moves]
    for base in (1, 2, 3):
        forced = forced and occupied[base - 1]
        key = str(base)
        if key in moves:
            move = moves.pop(key)
            tokens.append(_token(move))
            forced = forced and not move[2]  # a runner put out no longer crowds the base ahead
        elif occupied[base - 1] and not forced and base not in named:  # a forced runner takes the default
            tokens.append(f"{key}-{key}")
    events = _base_events(extra.split(";")) if extra else []
    if "NDP" in modifiers:  # the scorer's call: no double play (an error or misplay between the outs)
        tokens.append("dp=no")
    if extra and (events or runners):  # a runner safe on an error on the throw: his move says where
        first = " ".join((events or ["OA"]) + runners)
        return Translation(play=" ".join(tokens), runners=first, sf="SF" in modifiers, runners_first=True)
    return Translation(play=" ".join(tokens), sf="SF" in modifiers)


def _outs(basic: str, moves: dict, modifiers: list[str]) -> str:
    """Fielders with runner marks: `64(1)3` is the runner from first out 6-4 and the batter
    thrown out; `8(B)84(2)` the batter out on the catch, the runner from second doubled off.
    The result is the batter's own out (the whole sequence when he is not marked); each marked
    runner's out becomes his move: at the next base on a ground ball, at his own on a catch."""
    groups = _OUTS.findall(basic)
    caught = any(m in _CAUGHT or re.fullmatch(r"[FLP]\d.*", m) for m in modifiers)
    batter_digits = next((digits for digits, runner in groups if runner == "B"), "")
    if groups and groups[-1][1] not in ("", "B") and not batter_digits:  # `54(1)`: a force, the batter safe
        for digits, runner in groups:
            base = int(runner)
            moves.setdefault(runner, (runner, "H" if base == 3 else str(base + 1), True, _fielders(digits), ()))
        return "FC"
    for digits, runner in groups:
        if runner and runner != "B":
            base = int(runner)
            target = str(base) if caught else ("H" if base == 3 else str(base + 1))
            moves.setdefault(runner, (runner, target, True, _fielders(digits), ()))
    sequence = batter_digits or "".join(digits for digits, _ in groups)
    return _fielders(sequence) if len(sequence) > 1 else sequence


def _base_events(parts: list[str]) -> list[str]:
    """Steals, caught stealing and pickoffs among Retrosheet's event parts, in scorebook's
    notation. One the fielders' error let the runner survive is left out: his move says where."""
    events = []
    for part in parts:
        if part.startswith("SB"):
            events.append(f"SB{part[2]}")
            if "(" in part:  # `SBH(UR)`: the scorer's marks on a steal go on the runner's move
                start = {"2": "1", "3": "2", "H": "3"}[part[2]]
                events += [_token(move) for move in _advances(f"{start}-{part[2]}{part[3:]}").values()]
        elif part.startswith(("CS", "POCS", "PO")):
            group = _GROUP.search(part)
            if group and "E" in group.group(1):
                continue
            if part.startswith("PO") and not part.startswith("POCS"):
                events.append(f"PO{part[2]}({_fielders(group.group(1)) if group else '1'})")
            else:
                base = part[4] if part.startswith("POCS") else part[2]
                events.append(f"CS{base}({_fielders(group.group(1)) if group else '2'})")
    return events


def _runner_event(basic: str, moves: dict, occupied) -> Translation:
    parts = basic.split(";")
    events = _base_events(parts)
    for part in parts:
        code = part.split("/")[0]  # `OA/AP`: an advance on an appeal play
        if code in ("WP", "PB", "BK", "DI", "OA"):
            events.append(code)
        elif part.startswith("FLE") or part == "NP":
            return Translation()
        elif not part.startswith(("SB", "CS", "PO")):
            raise ValueError(f"a Retrosheet play scorebook does not read yet: `{part}`")
    if not events:
        events = ["OA"]
    moves.pop("B", None)
    line = events + [_token(moves[key]) for key in ("3", "2", "1") if key in moves]
    return Translation(runners=" ".join(line))


def header_lines(game: RetroGame, teams: dict[str, str]) -> list[str]:
    """The game's header: teams (full names when the team file gives them), lineups, pitchers."""
    date = game.info.get("date", "").replace("/", "-")
    lines = [f"game rules=baseball innings=9 date={date} id={game.id} earned=marks"]
    away, home = game.info.get("visteam", "VIS"), game.info.get("hometeam", "HOM")
    lines += [f"away {quote(teams.get(away, away))}", f"home {quote(teams.get(home, home))}"]
    for side, word in ((0, "away"), (1, "home")):
        order = sorted((s for s in game.starts if s[2] == side and s[3] > 0), key=lambda s: s[3])
        lineup = " ".join(format_name(name, pos if 1 <= pos <= 9 else None) for _, name, _, _, pos in order)
        lines.append(f"lineup {word} {lineup}")
    for side, word in ((0, "away"), (1, "home")):
        pitcher = next(name for _, name, team, _, pos in game.starts if team == side and pos == 1)
        lines.append(f"pitcher {word} {quote(pitcher)}")
    return lines

